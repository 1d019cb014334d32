//! The skirmish's AI and its measurements: the game as the search sees it and the players
//! ([`bot`]), AI-vs-AI runs and their records, reports and the strength record ([`arena`]),
//! the shipped scenarios' measured balance ([`shelf`]), and the stated limits on what a
//! user may ask of them ([`limits`]). Nothing here draws or parses a command line.
//!
//! ```
//! use skirmish_ai::bot::PlayerSpec;
//!
//! // A search with an iteration budget and a setting: the value learnt from self-play.
//! let spec: PlayerSpec = "mcts:1000:eval=2".parse().unwrap();
//! assert_eq!(spec.to_string(), "mcts:1000:eval=2");
//! // A setting out of its range is refused with the reason.
//! assert!("mcts:1000:eval=3".parse::<PlayerSpec>().is_err());
//! ```

pub mod arena;
pub mod bot;
pub mod limits;
pub mod shelf;
