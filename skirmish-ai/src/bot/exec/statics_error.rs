//! Why the static game of a `game` message does not rebuild a scenario
//! ([`super::statics::GameInfo::to_scenario`]): [`StaticsError`], saying which part of the
//! description is wrong and how.

use rules::scenario::{MAX_CHOICES, MAX_ENTRIES, MAX_MODELS, MAX_WIN_ZONES};
use rules::square::{Edge, EdgeError, SideError, Square, SquareError};

/// What is wrong with a scenario's description. `what` names the part of it (`a wall`,
/// `model m3`, `the humans`, `first_turn`); `side` is `the humans` or `the martians`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StaticsError {
    /// A name that is not a square.
    #[error("{what}: `{name}` is not a square: {why}")]
    NotASquare {
        what: String,
        name: String,
        why: SquareError,
    },
    /// A name that is not an edge of the board.
    #[error("{what}: {why}")]
    NotAnEdge { what: String, why: EdgeError },
    /// A name that is not a side.
    #[error("{what}: {why}")]
    NotASide { what: String, why: SideError },
    /// A wall's kind that is neither high nor low.
    #[error("a wall: `{0}` is not high or low")]
    WallKind(String),
    /// A wall on the side of a square that faces off the board.
    #[error("a wall on the board's edge: {square} {edge}")]
    WallOnEdge { square: Square, edge: Edge },
    /// A deck the engine does not ship.
    #[error(
        "the deck `{0}` is not one the engine ships (`core` or `none`), so the scenario \
         cannot be rebuilt from its description"
    )]
    UnknownDeck(String),
    /// A profile's ability that is not one of the rules'.
    #[error("profile {profile}: `{ability}` is not an ability")]
    NotAnAbility { profile: String, ability: String },
    /// A profile's value (`shoot`, `fight` or `survive`) that is not a die roll.
    #[error("profile {profile}: {what} {value} is not a die roll 1 to 8")]
    NotADieRoll {
        profile: String,
        what: &'static str,
        value: u8,
    },
    /// More models than a scenario has.
    #[error("{0} models: a scenario has at most {MAX_MODELS}")]
    TooManyModels(usize),
    /// A model whose profile is not among the profiles.
    #[error("{what}: no profile `{profile}`")]
    NoProfile { what: String, profile: String },
    /// A model that enters by an entry its side does not have (`model` counts from 1).
    #[error("model m{model}: it enters by no entry edge")]
    NoEntry { model: usize },
    /// More entries than a side has.
    #[error("{side}: at most {MAX_ENTRIES} entries")]
    TooManyEntries { side: &'static str },
    /// An entry's squares that are not on its edge.
    #[error("{side}: entry squares off the {edge} edge")]
    EntryOffEdge { side: &'static str, edge: Edge },
    /// An entry's edges to draw from: none, or too many.
    #[error("{side}: 1 to {MAX_CHOICES} edges to draw")]
    EdgesToDraw { side: &'static str },
    /// An entry's Rounds to draw from: none, or too many.
    #[error("{side}: 1 to {MAX_CHOICES} Rounds to draw")]
    RoundsToDraw { side: &'static str },
    /// An entry drawn at the start of a Round before 1 or after its own first Round.
    #[error("{side}: an entry's drawn_in must be a Round from 1 to its round")]
    DrawnLate { side: &'static str },
    /// More zones that win when held than a scenario has.
    #[error("{0} zones that win when held: a scenario has at most {MAX_WIN_ZONES}")]
    TooManyWinZones(usize),
}
