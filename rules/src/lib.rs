//! The rules of Mars Attacks! (Mantic Games, 2013), as settled by the rulings R1-R32
//! (docs/shared-rulings.md) and the project's P-rulings (docs/rulings.md): the board,
//! sight, dice, odds, cards, Turns and victory, scenario and deck files, whole seeded games
//! ([`sim`]) and decisions played with the dice a table rolled ([`given_dice`]). Nothing
//! here knows a search, a table, a window or the command line.

pub mod action;
pub(crate) mod bit_set;
pub mod bitboard;
pub mod cards;
pub mod dice;
pub mod fingerprint;
pub mod given_dice;
pub mod los;
pub mod map;
pub mod model_set;
pub mod odds;
pub mod profile;
pub mod scenario;
pub mod scenario_file;
pub mod schema;
pub mod sim;
pub mod square;
pub mod state;
pub mod test_odds;

pub use action::{Action, ModelId, Spot, Target};
pub use bitboard::Bitboard;
pub use cards::{CardId, CardTypeSet, Deck};
pub use dice::{GameRng, rng_from_seed};
pub use map::{Los, Map, WallKind, Walls};
pub use model_set::ModelSet;
pub use profile::{Abilities, Ability, Profile};
pub use scenario::Scenario;
pub use square::{BySide, Dir, Edge, Side, Square};
pub use state::GameState;
