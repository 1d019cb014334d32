//! Why a snapshot was not read back: [`SnapshotError`], naming the byte or the part of the
//! position that does not fit the scenario it is read for.

use crate::state::Broken;

/// What is wrong with a snapshot, found by [`GameState::from_snapshot`].
///
/// [`GameState::from_snapshot`]: crate::state::GameState::from_snapshot
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// Its first bytes are not this engine's mark and layout.
    #[error(
        "this is not a snapshot of this engine's positions (its first bytes are not MAS and \
         layout 2 or 3)"
    )]
    NotASnapshot,
    /// It ends before the position does.
    #[error("the snapshot ends early (byte {at} of {len})")]
    EndsEarly { at: usize, len: usize },
    /// A byte that is not what its place holds.
    #[error("the snapshot is damaged: byte {byte} should be {expected}, not {got}")]
    Damaged {
        byte: usize,
        expected: &'static str,
        got: String,
    },
    /// A card half that is not in the scenario's deck.
    #[error("the snapshot names the half `{0}`, which is not in the scenario's deck")]
    UnknownHalf(String),
    /// Another number of models than the scenario's.
    #[error(
        "the snapshot has {snapshot} models, the scenario {scenario}: it is of another scenario"
    )]
    ModelCount { snapshot: u8, scenario: usize },
    /// A model of another side or profile than the scenario's (`number` counts from 1).
    #[error(
        "model m{number} is not the scenario's (side or profile): the snapshot is of another \
         scenario"
    )]
    OtherModel { number: usize },
    /// Another number of copies of a card than the deck has.
    #[error("the snapshot has {snapshot} of {card}, the deck {deck}")]
    CardCount {
        card: String,
        snapshot: u32,
        deck: u8,
    },
    /// The unseen cards and the other hand do not agree.
    #[error("the snapshot's unseen cards do not add up")]
    UnseenCards,
    /// Bytes left over after the position.
    #[error("the snapshot has {0} bytes more than a position holds")]
    TrailingBytes(usize),
    /// The board lacks a blocker the scenario places.
    #[error("the snapshot's board lacks a blocker of the scenario's")]
    MissingBlocker,
    /// The other hand holds more cards than could be unseen.
    #[error(
        "the snapshot's other hand holds {held} cards, but only {dealable} unseen cards could \
         be in it"
    )]
    OtherHand { held: u8, dealable: u32 },
    /// The position breaks an invariant of the game.
    #[error("the snapshot is not a position of the game: {0}")]
    NotAPosition(#[source] Broken),
}
