//! The positions `serve` keeps, by name: each a game and the generator `apply` draws from
//! when given neither a seed nor dice; at most [`MAX_STATES`] of them. A request naming a
//! position that is not there is refused here, naming the ones that are.

use std::collections::BTreeMap;

use rules::{GameRng, GameState};

use super::answer::{Refusal, refuse};

/// The most positions kept at once.
pub const MAX_STATES: usize = 10_000;
/// The longest name of a position, in bytes.
pub(super) const MAX_NAME: usize = 100;
/// The position a request names when it names none.
pub const MAIN: &str = "main";

/// A position and the generator `apply` draws from when given no seed and no dice.
#[derive(Clone)]
pub(super) struct Position {
    pub game: GameState,
    pub dice: GameRng,
}

/// The positions, by name.
#[derive(Default)]
pub(super) struct Positions {
    kept: BTreeMap<String, Position>,
}

impl Positions {
    /// The position `name`, or the refusal of a request that names it (its field `state`).
    pub fn find(&self, name: &str) -> Result<&Position, Refusal> {
        self.kept.get(name).ok_or_else(|| {
            refuse(
                "state",
                format!(
                    "there is no position `{}`: load one first{}",
                    name.escape_debug(),
                    if self.kept.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " (there are {})",
                            self.kept.keys().cloned().collect::<Vec<_>>().join(", ")
                        )
                    }
                ),
            )
        })
    }

    /// Keeps `p` as `name`, unless that would pass the limit (the refusal names `into`).
    pub fn keep(&mut self, name: String, p: Position) -> Result<(), Refusal> {
        if !self.kept.contains_key(&name) && self.kept.len() >= MAX_STATES {
            return Err(refuse(
                "into",
                format!("{MAX_STATES} positions are kept already: drop some first"),
            ));
        }
        self.kept.insert(name, p);
        Ok(())
    }

    pub fn remove(&mut self, name: &str) {
        self.kept.remove(name);
    }

    /// How many positions are kept.
    pub fn count(&self) -> usize {
        self.kept.len()
    }
}
