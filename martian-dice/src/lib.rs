//! Martian Dice (the published rules; rulings D1-D4 in docs/shared-rulings.md): a push-your-luck
//! dice game from the same universe, built on the game-agnostic search of the `ai` crate
//! with no change to it, and small enough that its best play is known exactly.
//!
//! * [`dice`]: the faces, a tally of dice by face, and rolls drawn from the caller's
//!   seeded generator.
//! * [`turn`]: one Turn as a state machine (roll, forced Tanks, choose a type, stop or
//!   roll again) and its score (D2, D3).
//! * [`game`]: the whole game for 2 to 8 players, to 25 points, with the tie-break (D4).
//! * [`optimal`]: the exact maximum expected score of a Turn and the policy that reaches
//!   it, by dynamic programming over the states of a Turn.
//! * [`players`]: the optimal-score policy, a threshold player, random, and the game as an
//!   [`ai::Game`] for the search.
//! * [`search`]: the game as the search sees it, each decision keyed by the state it leads
//!   to.

pub mod dice;
pub mod game;
pub mod optimal;
pub mod players;
pub mod search;
pub mod turn;
