//! Game-agnostic search for sequential games with dice and hidden information.
//!
//! * [`Game`]: the interface a game implements (OpenSpiel-style, with injected randomness,
//!   non-alternating turns, per-player returns and determinization).
//! * [`Player`]: anything that decides; [`SearchReport`] is what a search thought.
//! * Players: [`IsMcts`] (single-observer Information Set MCTS, root-parallel),
//!   [`Pimc`] (determinized UCT), [`FlatMc`] (flat Monte Carlo), [`RandomPlayer`].
//! * [`arena`]: seeded matches between two players, with Wilson intervals ([`stats`]).
//! * [`toys`]: Pig and Kuhn poker, small games with known answers.
//!
//! ```
//! use ai::{Budget, IsMcts, Player};
//! use ai::toys::pig::{Pig, PigAction};
//! use rand::SeedableRng;
//!
//! // Needing 2 points with 18 in hand: holding banks the 18 and almost surely wins later,
//! // but rolling wins at once five times in six. Either way, the search reports its reasons.
//! let pig = Pig::position(20, 0, [0, 0], 18).unwrap();
//! let mut player = IsMcts::with_budget(Budget::Iterations(2_000));
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let action = player.choose(&pig, &mut rng).unwrap();
//! let report = player.last_report().unwrap();
//! assert_eq!(report.chosen, action);
//! assert_eq!(report.iterations, 2_000);
//! ```

pub mod arena;
mod clock;
pub mod flat;
pub mod game;
pub mod ismcts;
pub mod pimc;
pub mod player;
pub mod random;
pub mod stats;
pub mod toys;
mod tree;

pub use arena::{MatchConfig, MatchReport, play_match};
pub use flat::FlatMc;
pub use game::Game;
pub use ismcts::{IsMcts, IsMctsConfig};
pub use pimc::Pimc;
pub use player::{ActionStat, Budget, Player, SearchReport};
pub use random::RandomPlayer;
pub use stats::wilson;
