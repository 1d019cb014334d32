//! Cards as data: the halves printed on cards (each one side's effect, or an Event), the
//! physical cards that pair them (R19), decks, and the loader of deck files
//! (`cards/core.toml`, format in `docs/card-format.md`).
//!
//! - [`CardId`] names a *half* (an effect as printed, `heat-ray`) process-wide. Support sets
//!   are sets of one half (R21), so sets, Jammer and Mind Control name halves.
//! - [`Card`] names a *physical card* as the player who uses it sees it: its own half and
//!   the half on the other side (`splat/heat-ray`). Hands, the deck and the discard pile
//!   hold physical cards.
//! - Inside a game, a deck numbers its distinct physical cards ([`CardType`]) 0.. (their
//!   *local* index), which index the fixed arrays of the game state. Copies of one design
//!   (cards 5 and 17 are both Heat Ray / Human Ingenuity) share a local index and a count.

mod deck;
mod effect;
mod id;
mod load;
mod type_set;

pub use deck::{CardType, Deck, Face, core_deck};
pub use effect::{Aim, Area, EFFECTS, Effect, Failed, Hit, Kind, Roll, Rolls, Whose};
pub use id::{Card, CardError, CardId, intern, lookup};
pub use load::{check_deck, load_deck, load_deck_checked, parse_deck};
pub use type_set::{CardTypeSet, CardTypes};

/// The most distinct physical cards (designs) one deck may hold (the core deck has 30).
pub const MAX_CARD_TYPES: usize = 64;
/// The most physical cards in a deck; cards are numbered 1 to this.
pub const MAX_CARDS: u16 = 255;
/// The most levels (cards) a Support set may have.
pub const MAX_CAP: u8 = 6;
/// The largest deck file accepted, in bytes.
pub const MAX_DECK_FILE_BYTES: u64 = 1 << 20;
