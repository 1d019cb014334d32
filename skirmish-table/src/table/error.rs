//! What can go wrong with a game at the table, as values a program can match on and
//! `Display` in a player's words: a game that cannot start, load or replay
//! ([`SessionError`]), and a person's decision refused ([`PlayError`]). The errors of
//! their parts live with them: a scenario file ([`super::setup::ScenarioError`]), a saved
//! game ([`super::save::SaveError`]), the AI ([`super::brain::AiError`]).

use rules::state::IllegalAction;

use super::placement::RecordedPlacementError;
use super::save::{SaveError, UnreadDecision};
use super::setup::ScenarioError;

/// Why a game cannot be started, loaded or replayed.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The scenario file does not load.
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    /// The saved game cannot be read.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// A decision of a recorded game does not read as one.
    #[error(transparent)]
    Decision(#[from] UnreadDecision),
    /// Decision `number` (from 1) is not legal where it comes in the game.
    #[error("decision {number} (`{}`) is not legal: {}", refused.action, refused.reason())]
    NotLegal {
        number: usize,
        refused: IllegalAction,
    },
    /// At a real table, what the saved game records for decision `number` (from 1; 0
    /// before any) does not fit the game: its rolls or a correction after it.
    #[error("decision {number}: {why}")]
    TableRecord { number: usize, why: String },
    /// The saved game records more empty response windows answered after its last
    /// decision (`decisions` made) than the game opens there.
    #[error(
        "the saved game records {recorded} response window(s) answered after its last \
         decision (of {decisions}), but the game opens {open} there"
    )]
    WindowsAfter {
        decisions: usize,
        recorded: usize,
        open: usize,
    },
    /// At a real table, the counters' squares the saved game records as rolled at set-up
    /// do not fit the game.
    #[error("the counters' squares rolled at set-up: {0}")]
    Placement(RecordedPlacementError),
    /// A game of a results file (its id) that cannot be replayed, and why.
    #[error("game `{id}`: {why}")]
    Recorded { id: String, why: Box<SessionError> },
}

/// Why a person's decision at the table is refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game is a replay: nobody decides until a person takes over.
    #[error("this is a replay: take over to play from here")]
    Replay,
    /// No person at the table decides now (the AI does, or the game is over).
    #[error("it is not your decision")]
    NotYourDecision,
    /// At a real table, a decision waits for its dice: they are typed first.
    #[error("a decision waits for dice from the table: type them first")]
    AwaitingDice,
    /// At a real table, a step waits to be made there first (the AI's move, what the
    /// rules did).
    #[error("first make the step waiting at the table: {0}")]
    StepWaiting(String),
    /// At a real table, the counters' squares are still being rolled there (R24).
    #[error("the counters' squares are being rolled at the table: roll them first")]
    PlacingCounters,
    /// The game is kept by a host elsewhere: decisions go to it, not into the session.
    #[error("this game is kept by its host: the decision goes to the host")]
    Afar,
    /// The rules refuse the decision.
    #[error(transparent)]
    Illegal(#[from] IllegalAction),
}
