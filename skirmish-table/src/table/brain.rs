//! What decides for the AI at the table: a [`Brain`] built from a player spec (a search,
//! a baseline, or a program speaking the bot protocol), refused unless it is fair, and the
//! [`AiReport`] it gives with each decision. Brains run on the worker thread
//! ([`super::worker`]).

use std::time::{Duration, Instant};

use rules::model_names::ModelNames;
use rules::{Action, GameRng, GameState, Side};
use skirmish_ai::bot::game::JournalEntry;
use skirmish_ai::bot::{PlayerSpec, SpecError};

use super::describe::action_text;

/// What the AI thought about a decision.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AiReport {
    /// The player that decided (`mcts(300 ms)`, `random`).
    pub player: String,
    pub chosen: Option<Action>,
    pub iterations: u64,
    pub elapsed: Duration,
    /// The threads it searched on (one tree each, root parallelism).
    pub threads: usize,
    /// The actions it considered, most visited first.
    pub top: Vec<Considered>,
}

/// The AI's last decision as the table shows it: the side it decided for, its report, and
/// its decisions in the table's words, named in the position it searched.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownReport {
    pub side: Side,
    pub report: AiReport,
    /// The decision it made.
    pub chosen: String,
    /// Each of `report.top`, in its order.
    pub considered: Vec<String>,
}

impl ShownReport {
    /// Names the report's decisions in `searched`, the position the AI decided in.
    pub fn new(side: Side, report: AiReport, searched: &GameState, names: ModelNames) -> Self {
        let mut legal = Vec::new();
        searched.legal_actions(&mut legal);
        // A decision from a program is checked before it is described.
        let words = |a: &Action| {
            if legal.contains(a) {
                action_text(searched, a, names)
            } else {
                a.to_string()
            }
        };
        ShownReport {
            side,
            chosen: report.chosen.as_ref().map(words).unwrap_or_default(),
            considered: report.top.iter().map(|c| words(&c.action)).collect(),
            report,
        }
    }
}

/// One root action of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Considered {
    pub action: Action,
    pub visits: u64,
    /// Mean value for the side deciding, 0..1.
    pub mean: f64,
}

/// Something that decides for the side to move. Built on the worker thread from a spec.
pub trait Brain: Send {
    /// Picks one of the legal actions of `state`, drawing only from `rng` (never the dice);
    /// `journal` is the game's decisions so far (for a program, with what they caused; for
    /// a search, to keep its tree between decisions; empty for a hint). An error says why
    /// no decision can come (a program that failed).
    fn decide(
        &mut self,
        state: &GameState,
        journal: &[JournalEntry],
        rng: &mut GameRng,
    ) -> Result<(Action, AiReport), AiError>;
}

/// A player of the AI crate: a search or a baseline, or a program, built from its spec.
pub struct BotBrain {
    player: skirmish_ai::bot::BoxedPlayer,
    threads: usize,
}

impl Brain for BotBrain {
    fn decide(
        &mut self,
        state: &GameState,
        journal: &[JournalEntry],
        rng: &mut GameRng,
    ) -> Result<(Action, AiReport), AiError> {
        use ai::Player as _;
        let start = Instant::now();
        // The journal: what a program is told, and for a search where the game stands
        // (`ai::Game::progress`), so that it may keep its tree between decisions.
        let game = skirmish_ai::bot::Skirmish::new(state.clone()).with_journal(journal.to_vec());
        let chosen = self.player.choose(&game, rng);
        let action = match chosen {
            Some(a) => a,
            None => {
                if let Some(why) = self.player.forfeit() {
                    return Err(AiError::Forfeit {
                        player: self.player.name(),
                        why,
                    });
                }
                // A player with no answer is a bug there; never stall the table for it.
                let mut legal = Vec::new();
                state.legal_actions(&mut legal);
                legal[0]
            }
        };
        let mut report = AiReport {
            player: self.player.name(),
            chosen: Some(action),
            iterations: 0,
            elapsed: start.elapsed(),
            threads: 1,
            top: Vec::new(),
        };
        if let Some(r) = self.player.last_report() {
            report.iterations = r.iterations;
            report.elapsed = r.elapsed;
            report.threads = self.threads;
            report.top = r
                .top
                .iter()
                .map(|s| Considered {
                    action: s.action,
                    visits: s.visits,
                    mean: s.mean,
                })
                .collect();
        }
        Ok((action, report))
    }
}

/// Makes the brain for a spec (`random`, `greedy`, `mcts:normal`, `mcts:200`, ...), if the
/// table can play it ([`check_ai`]).
pub fn make_brain(spec: PlayerSpec) -> Result<Box<dyn Brain>, Unplayable> {
    let spec = check_ai(spec)?;
    let threads = search_threads(&spec);
    Ok(Box::new(BotBrain {
        player: spec.build_with_threads(threads),
        threads,
    }))
}

/// The threads the table's AI searches on. A search of so many iterations (every level
/// of the ladder, `mcts:N`) searches one tree, as the arena measured it: on more threads
/// the iterations would be shared among smaller trees, and the opponent would change with
/// the machine's cores. A search by time would take every core the system offers (root
/// parallelism, one tree per core; the window's own thread sleeps while the AI thinks).
pub fn search_threads(spec: &PlayerSpec) -> usize {
    match spec.budget() {
        Some(ai::Budget::Time(_)) => std::thread::available_parallelism().map_or(1, |n| n.get()),
        _ => 1,
    }
}

/// Why the AI gave no decision.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AiError {
    /// The table cannot play this player.
    #[error(transparent)]
    Unplayable(#[from] Unplayable),
    /// The player gave the game up (a program that crashed, broke the protocol or ran
    /// out of time): its name and why.
    #[error("{player} failed: {why}")]
    Forfeit { player: String, why: ai::Forfeit },
    /// The AI broke down while deciding (a panic on the worker thread).
    #[error("the AI failed to decide")]
    BrokeDown,
}

/// Why the table cannot play a player: the text names none, or the player sees what its
/// side may not.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unplayable {
    /// The text is not a player spec.
    #[error(transparent)]
    NotAPlayer(#[from] SpecError),
    /// The player sees the other side's hidden cards (`oracle`).
    #[error("`{0}` sees the other side's hidden cards; the table only offers fair opponents")]
    Unfair(Box<PlayerSpec>),
}

/// The player, when the table can play it: one that sees only what its side may see. A
/// saved game's players are checked with this before it is loaded, so a game never
/// starts with an AI that cannot move.
pub fn check_ai(spec: PlayerSpec) -> Result<PlayerSpec, Unplayable> {
    if spec.is_fair() {
        Ok(spec)
    } else {
        Err(Unplayable::Unfair(Box::new(spec)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_of_so_many_iterations_grows_one_tree_as_it_was_measured() {
        for spec in ["mcts:beginner", "mcts:expert", "mcts:2000", "greedy"] {
            let spec: PlayerSpec = spec.parse().unwrap();
            assert_eq!(search_threads(&spec), 1, "{spec}");
        }
    }
}
