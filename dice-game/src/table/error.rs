//! What can go wrong with a game of the Dice Game at the table: a seat or AI level that
//! does not read ([`UnknownSeat`], [`UnknownAiLevel`]), a set-up that does not hold
//! ([`SetupError`]), a list of decisions that does not replay ([`ReplayError`]) and the AI
//! failing to decide ([`AiError`]). A person's decision refused is [`super::Refused`].

use ai::NotAPlayer;
use ai::level::MAX_SPEC_ITERATIONS;

use crate::claimable::CannotEnd;
use crate::error::{DealError, PlayError};
use crate::game::{MAX_PLAYERS, STACKS};
use crate::turn::Action;

/// A word that is not an AI level: the word as given, trimmed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{}` is not an AI level: beginner, easy, normal, hard, expert, mcts:N (1 to {MAX_SPEC_ITERATIONS} \
     iterations), greedy or random",
    .0.escape_debug()
)]
pub struct UnknownAiLevel(pub String);

/// A word that is not who plays a seat: neither a person nor an AI level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}; or `you` for a seat a person plays")]
pub struct UnknownSeat(pub UnknownAiLevel);

/// Why a set-up does not hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Fewer than 2 or more than 6 seats.
    #[error("the Dice Game is for 2 to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
    /// The deck deals for fewer seats.
    #[error(
        "{players} players need four stacks of {players} cards, {} locations; the deck \
         \"{deck}\" has {locations}",
        STACKS * .players
    )]
    TooFewLocations {
        players: usize,
        deck: String,
        locations: usize,
    },
    /// No game of this table on this deck can end.
    #[error(transparent)]
    CannotEnd(#[from] CannotEnd),
    /// A seat's AI level names no player.
    #[error(transparent)]
    Ai(#[from] NotAPlayer),
    /// The game cannot be dealt.
    #[error(transparent)]
    Deal(#[from] DealError),
}

/// Why a list of decisions does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The set-up does not hold.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Decision `number` (from 1) is refused where it comes.
    #[error("decision {number} ({action}): {why}")]
    Decision {
        number: usize,
        action: Action,
        why: PlayError,
    },
}

/// Why the AI gave no decision; the game waits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AiError {
    /// The seat's level names no player.
    #[error(transparent)]
    NotAPlayer(#[from] NotAPlayer),
    /// The player (by its name) gave no decision.
    #[error("{0} made no decision")]
    NoDecision(String),
    /// The AI's thread has ended.
    #[error("the AI cannot start: its thread is gone")]
    ThreadGone,
    /// The AI's thread ended without an answer.
    #[error("the AI failed to decide")]
    Failed,
    /// The AI's decision is refused.
    #[error("the AI chose {action}, which is not open: {why}")]
    NotOpen { action: Action, why: PlayError },
}
