//! The counters' squares rolled at a real table. At set-up the rules place each face-down
//! counter with one D8 for the row and one for the column, and roll again for a square that
//! cannot take one (a blocker, a model, a counter already there, or outside the scenario's
//! counter zone; R24, R1). In the companion mode the person may roll those dice at the
//! table: [`Placing`] asks for each counter's two dice, says where the counter goes or why
//! it is rolled again, and keeps every face typed.
//!
//! The game is then started with those faces ([`placement_words`]): the rules read each
//! counter's dice from a stream of its own, 21 faces a word from the generator, so the
//! words the set-up asks for are answered with the faces typed written in. Typing the faces
//! the generator would have rolled gives the very game the seed gives; other faces give the
//! game those dice give, the generator answering everything after them as it would.

use std::fmt;

use rules::{Bitboard, GameState, Square};

use super::rolls::{DiceInputError, faces_text};

/// Why faces typed for a counter's square are refused. Nothing is taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// Every counter is placed, or none is asked for.
    #[error("no counter waits for its square")]
    NothingAsked,
    /// What was typed does not read as faces.
    #[error(transparent)]
    Input(#[from] DiceInputError),
    /// Not two faces.
    #[error(
        "{0} face(s) typed: type the 2 dice rolled for the counter, the row then the column, \
         e.g. `3 5`"
    )]
    NotTwo(usize),
    /// Rolled again too often to be a real table's.
    #[error("counter rolled again {0} times: check the dice typed (take some back)")]
    TooManyRolls(usize),
}

/// Why the counters' faces a saved game records do not fit the game
/// ([`check_placement`]); `counter` counts from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordedPlacementError {
    /// Another number of counters than set-up places.
    #[error("{recorded} counter(s) recorded, but set-up places {placed}")]
    Count { recorded: usize, placed: usize },
    /// A counter's faces are not pairs of a row and a column.
    #[error("counter {counter}: {faces} face(s) recorded, not pairs of a row and a column")]
    NotPairs { counter: usize, faces: usize },
    /// A pair of faces refused.
    #[error("counter {counter}: {}: {why}", faces_text(.faces))]
    Refused {
        counter: usize,
        faces: Vec<u8>,
        why: PlacementError,
    },
    /// The last pair gives a square that does not take the counter.
    #[error(
        "counter {counter}: its last roll, {}, gives {square}, where {why}",
        faces_text(.faces)
    )]
    LastRolledAgain {
        counter: usize,
        faces: Vec<u8>,
        square: Square,
        why: Refusal,
    },
    /// A pair before the last gives a square that takes the counter.
    #[error(
        "counter {counter}: {} gives {square}, which takes it, yet more dice follow",
        faces_text(.faces)
    )]
    PlacedEarly {
        counter: usize,
        faces: Vec<u8>,
        square: Square,
    },
}

/// The faces typed for one counter, in pairs (row, column): the last pair is its square,
/// the pairs before it were rolled again.
pub type CounterRolls = Vec<u8>;

/// The most pairs a counter may be rolled (a square rolled again that often is a typing
/// mistake: 64 squares, and at least one free).
pub const MAX_PAIRS: usize = 100;

/// Faces a D8 stream reads from one word of the generator (three bits a face).
const FACES_PER_WORD: usize = 21;

/// The square two dice give: the first die the row (1 to 8), the second the column
/// (1 = a ... 8 = h), as the rules read them (R24).
pub fn rolled_square(row: u8, column: u8) -> Option<Square> {
    if !(1..=8).contains(&row) || !(1..=8).contains(&column) {
        return None;
    }
    Square::new(column as i8 - 1, row as i8 - 1)
}

/// What two dice typed for a counter did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementProgress {
    /// The counter goes on this square; another counter is asked for.
    Placed(Square),
    /// The counter goes on this square, the last one: set-up is rolled.
    Done(Square),
    /// The square cannot take a counter: the two dice are rolled again.
    RollAgain(Square, Refusal),
}

/// Why a rolled square cannot take a counter (R24): it is rolled again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A counter lies there already.
    Counter,
    /// A blocker, a model, or outside the counter zone.
    NotFree,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::Counter => "a counter lies there already",
            Refusal::NotFree => {
                "no counter may go there (a blocker, a model, or outside the counters' zone)"
            }
        })
    }
}

/// The counters being rolled for at the table: the squares they may go on, the faces
/// typed for each counter placed, and the pairs rolled again for the one asked for now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placing {
    free: Bitboard,
    to_place: usize,
    placed: Vec<CounterRolls>,
    squares: Vec<Square>,
    /// The pairs typed for the counter asked for now, each rolled again.
    current: Vec<u8>,
}

impl Placing {
    /// The counters of `g`, a game at its start (nothing decided), to be rolled for.
    pub fn new(g: &GameState) -> Placing {
        Placing {
            free: g.counter_placement_free(),
            to_place: usize::from(g.counters_to_place()),
            placed: Vec::new(),
            squares: Vec::new(),
            current: Vec::new(),
        }
    }

    /// How many counters set-up places.
    pub fn to_place(&self) -> usize {
        self.to_place
    }

    /// The faces typed for each counter placed so far.
    pub fn placed(&self) -> &[CounterRolls] {
        &self.placed
    }

    /// The squares of the counters placed so far, in order.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// Is every counter placed?
    pub fn is_done(&self) -> bool {
        self.placed.len() >= self.to_place
    }

    /// What to roll now, in words; none once every counter is placed.
    pub fn prompt(&self) -> Option<String> {
        if self.is_done() {
            return None;
        }
        let again = if self.current.is_empty() {
            String::new()
        } else {
            " again".to_string()
        };
        Some(format!(
            "roll 2 D8{again} for counter {} of {}: the first die is the row (1 to 8), the \
             second the column (1 = a, 2 = b ... 8 = h) (R24)",
            self.placed.len() + 1,
            self.to_place
        ))
    }

    /// Takes the two faces typed for the counter asked for: where it goes, or why the
    /// square is rolled again. Refused, and nothing taken, unless exactly two faces 1 to 8
    /// are given, or when every counter is placed.
    pub fn take(&mut self, faces: &[u8]) -> Result<PlacementProgress, PlacementError> {
        if self.is_done() {
            return Err(PlacementError::NothingAsked);
        }
        if faces.len() != 2 {
            return Err(PlacementError::NotTwo(faces.len()));
        }
        let sq = rolled_square(faces[0], faces[1]).ok_or_else(|| {
            let bad = faces.iter().find(|f| !(1..=8).contains(*f)).unwrap_or(&0);
            DiceInputError::NotAFace(bad.to_string())
        })?;
        if self.current.len() / 2 + 1 >= MAX_PAIRS {
            return Err(PlacementError::TooManyRolls(MAX_PAIRS));
        }
        self.current.extend_from_slice(faces);
        let refusal = if self.squares.contains(&sq) {
            Some(Refusal::Counter)
        } else if !self.free.contains(sq) {
            Some(Refusal::NotFree)
        } else {
            None
        };
        if let Some(why) = refusal {
            return Ok(PlacementProgress::RollAgain(sq, why));
        }
        self.placed.push(std::mem::take(&mut self.current));
        self.squares.push(sq);
        Ok(if self.is_done() {
            PlacementProgress::Done(sq)
        } else {
            PlacementProgress::Placed(sq)
        })
    }

    /// Takes back the last two faces typed (a counter placed goes back to being asked
    /// for, with the pairs rolled again before it). False when nothing is typed.
    pub fn take_back(&mut self) -> bool {
        if self.current.is_empty() {
            let Some(last) = self.placed.pop() else {
                return false;
            };
            self.squares.pop();
            self.current = last;
        }
        self.current.truncate(self.current.len().saturating_sub(2));
        true
    }

    /// The pairs typed for the counter asked for now, each rolled again.
    pub fn rolled_again(&self) -> &[u8] {
        &self.current
    }
}

/// Checks faces recorded for the counters of `g` (a game at its start) as a saved game
/// holds them: each counter's pairs, the last on a square that takes it, the others not.
/// The squares, in order, or what does not fit.
pub fn check_placement(
    g: &GameState,
    placement: &[CounterRolls],
) -> Result<Vec<Square>, RecordedPlacementError> {
    let mut p = Placing::new(g);
    if placement.len() != p.to_place() {
        return Err(RecordedPlacementError::Count {
            recorded: placement.len(),
            placed: p.to_place(),
        });
    }
    for (i, faces) in placement.iter().enumerate() {
        let counter = i + 1;
        if faces.is_empty() || faces.len() % 2 != 0 {
            return Err(RecordedPlacementError::NotPairs {
                counter,
                faces: faces.len(),
            });
        }
        for (j, pair) in faces.chunks(2).enumerate() {
            let last = j + 1 == faces.len() / 2;
            let got = p
                .take(pair)
                .map_err(|why| RecordedPlacementError::Refused {
                    counter,
                    faces: pair.to_vec(),
                    why,
                })?;
            match (got, last) {
                (PlacementProgress::RollAgain(square, why), true) => {
                    return Err(RecordedPlacementError::LastRolledAgain {
                        counter,
                        faces: pair.to_vec(),
                        square,
                        why,
                    });
                }
                (PlacementProgress::Placed(square) | PlacementProgress::Done(square), false) => {
                    return Err(RecordedPlacementError::PlacedEarly {
                        counter,
                        faces: pair.to_vec(),
                        square,
                    });
                }
                _ => {}
            }
        }
    }
    Ok(p.squares().to_vec())
}

/// The words that make the rules' set-up read `placement`'s faces, by request of the
/// generator (for [`rules::given_dice::Tape::over`]): the counters' streams come first, one
/// after another, each starting a word of its own, 21 faces a word.
pub fn placement_words(placement: &[CounterRolls]) -> Vec<Option<u64>> {
    placement
        .iter()
        .flat_map(|faces| faces.chunks(FACES_PER_WORD))
        .map(|chunk| {
            Some(chunk.iter().enumerate().fold(0u64, |w, (i, f)| {
                w | (u64::from(f.saturating_sub(1) & 7) << (3 * i))
            }))
        })
        .collect()
}
