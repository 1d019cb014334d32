//! The skirmish's AI and its measurements: the game as the search sees it and the players
//! ([`bot`]), AI-vs-AI runs and their records, reports and the strength record ([`arena`]),
//! the shipped scenarios' measured balance ([`shelf`]), and the stated limits on what a
//! user may ask of them ([`limits`]). Nothing here draws or parses a command line.

pub mod arena;
pub mod bot;
pub mod limits;
pub mod shelf;
