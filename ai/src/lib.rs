//! Game-agnostic search for sequential games with dice and hidden information.
//!
//! * [`Game`]: the interface a game implements (OpenSpiel-style, with injected randomness,
//!   non-alternating turns, per-player returns and determinization).
//! * [`Player`]: anything that decides; [`SearchReport`] is what a search thought.
//! * Players: [`IsMcts`] (single-observer Information Set MCTS, root-parallel),
//!   [`Pimc`] (determinized UCT), [`FlatMc`] (flat Monte Carlo), [`RandomPlayer`].
//! * [`Oracle`]: the same search on the true state, hidden information included. It breaks
//!   the fairness contract on purpose, as a ceiling to measure the fair players against.
//! * [`arena`]: seeded matches between two players, with Wilson intervals ([`stats`]).
//! * [`toys`]: Pig and Kuhn poker, small games with known answers.
//!
//! ```
//! use ai::toys::pig::{Pig, PigAction};
//! use ai::{Budget, IsMcts, Player};
//! use rand::SeedableRng;
//!
//! // Pig to 30: player 0 has 25 banked and 5 in hand. Holding wins now; rolling risks a 1.
//! let pig = Pig::position(30, 0, [25, 10], 5).unwrap();
//! let mut player = IsMcts::with_budget(Budget::Iterations(2_000));
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! assert_eq!(player.choose(&pig, &mut rng), Some(PigAction::Hold));
//! let report = player.last_report().unwrap();
//! assert_eq!(report.iterations, 2_000);
//! assert_eq!(report.top[0].action, PigAction::Hold);
//! assert_eq!(report.top[0].mean, 1.0);
//! ```
//!
//! # Implementing [`Game`] for a real game
//!
//! * Make each decision atomic and the legal list small (choose a unit, then its move, then
//!   its target): search cost grows with branching, not with depth.
//! * Roll dice inside [`Game::apply`] with the generator given; never store one.
//! * Implement [`Game::determinize`] honestly (see its fairness contract) and cheaply: it
//!   runs once per iteration.
//! * Give [`Game::evaluate`] a real heuristic and set a rollout `horizon`, so that long games
//!   are cut and scored instead of played out at random; a [`Game::rollout_action`] better
//!   than uniform random usually pays for itself.

pub mod arena;
mod clock;
pub mod flat;
pub mod game;
pub mod ismcts;
pub mod level;
pub mod oracle;
pub mod pimc;
pub mod player;
pub mod pool;
pub mod random;
pub mod spec;
pub mod stats;
pub mod toys;
mod tree;
pub mod worker;

pub use arena::{MatchConfig, MatchReport, play_match};
pub use flat::FlatMc;
pub use game::{Game, Progress};
pub use ismcts::{IsMcts, IsMctsConfig, Puct};
pub use level::{Ladder, Level, NoSettings, Plays, Recipe, Rung, effort_in_spec};
pub use oracle::Oracle;
pub use pimc::Pimc;
pub use player::{ActionStat, Budget, Forfeit, ForfeitKind, Player, SearchReport};
pub use random::RandomPlayer;
pub use spec::{Effort, NotAPlayer, SpecError, SpecParts};
pub use stats::wilson;
