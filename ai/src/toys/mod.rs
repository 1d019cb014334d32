//! Small games with known answers, for testing and benchmarking the searches.
//!
//! * [`pig::Pig`]: two-player Pig, a push-your-luck dice game with non-alternating turns
//!   (a player keeps deciding until they hold or roll a 1) and no hidden information. Its
//!   optimal policy can be computed exactly by value iteration.
//! * [`kuhn::Kuhn`]: Kuhn poker, a three-card betting game with hidden hands, where looking
//!   at the opponent's card would change the right decision.

pub mod kuhn;
pub mod pig;
