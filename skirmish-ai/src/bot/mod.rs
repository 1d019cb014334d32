//! The AI opponent for Mars Attacks!: the skirmish game as an [`ai::Game`], its
//! heuristics, a scripted greedy player, player specs and matches between them.
//!
//! * [`Skirmish`] wraps a [`GameState`](rules::GameState) for the search crate:
//!   players 0 (Humans) and 1 (Martians), the evaluation, priors and rollout policy of
//!   [`eval`].
//! * [`Greedy`]: the human-like scripted baseline.
//! * [`PlayerSpec`]: `random`, `greedy`, `flat`, `pimc`, `mcts`, with a level of the
//!   ladder ([`ladder::LADDER`]: `beginner` to `expert`) or an iteration count
//!   (`mcts:2000`), parsed from text and built into a player by [`PlayerSpec::build`];
//!   and `oracle`, the same search seeing the hidden cards, for measurements only.
//! * [`duel`](duel::duel): seeded matches between two specs, on several threads.
//! * [`exec`]: programs written in any language playing through the bot protocol
//!   (`exec:COMMAND`), told only what their side may see.
//!
//! Every player here but `oracle` is fair: it decides from what its side may see. The searches work on
//! determinizations made by [`GameState::determinize`](rules::GameState::determinize)
//! for the side to move; the heuristics read only public parts of the state.

pub mod analysis;
pub mod counting;
pub mod duel;
pub mod eval;
pub mod exec;
pub mod fit;
pub mod game;
pub mod greedy;
pub mod ladder;
pub mod learn;
pub mod selfplay;
pub mod spec;
mod table;
pub mod tuning;

pub use duel::{DuelConfig, duel, duel_players};
pub use game::{Heuristics, Rollout, Skirmish, player_of, side_of};
pub use greedy::Greedy;
pub use spec::{BoxedPlayer, Effort, Kind, Level, PlayerSpec, SpecError, WithHeuristics};
