//! The rules of Mars Attacks! (Mantic Games, 2013), as settled by the rulings R1-R32
//! (docs/shared-rulings.md) and the project's P-rulings (docs/rulings.md): the board,
//! sight, dice, odds, cards, Turns and victory, scenario and deck files, whole seeded games
//! ([`sim`]) and decisions played with the dice a table rolled ([`given_dice`]). Nothing
//! here knows a search, a table, a window or the command line.
//!
//! ```
//! use std::sync::Arc;
//! use rules::scenario_file::parse_scenario;
//! use rules::{GameState, rng_from_seed};
//!
//! // A shipped scenario, a game of it from a seed, and its first decision played.
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/ambush.toml");
//! let loaded = parse_scenario(path, &std::fs::read_to_string(path).unwrap()).unwrap();
//! let mut dice = rng_from_seed(7);
//! let mut game = GameState::new(Arc::new(loaded.scenario), &mut dice);
//! let mut legal = Vec::new();
//! game.legal_actions(&mut legal);
//! game.apply(legal[0], &mut dice);
//!
//! // A file with a mistake says where it is.
//! let problems = parse_scenario("mine.toml", "name = \"Mine\"\nvp_target = \"six\"\n").unwrap_err();
//! assert!(problems.iter().any(|d| d.line == 2));
//! ```

pub mod action;
pub mod area_forecast;
pub(crate) mod bit_set;
pub mod bitboard;
pub mod cards;
pub mod dice;
pub mod fingerprint;
pub mod given_dice;
pub mod los;
pub mod map;
pub mod model_names;
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
