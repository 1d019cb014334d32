//! AI-vs-AI runs: many seeded games between players on scenarios, in parallel, recorded
//! game by game, and what they say about the scenarios (side balance, length, how games
//! are decided) and the players (results and ratings).
//!
//! - [`plan`]: what a run plays, each game's identity and seeds, shards;
//! - [`play`]: one game to its [`Record`], and many on worker threads;
//! - [`record`]: the JSON Lines results file;
//! - [`ending`]: what ended a game decided at once: the key model and its killer, the zone;
//! - [`results`]: opening a results file for a run, resuming an interrupted one;
//! - [`sequential`]: balance decided with as few games as it takes, variants compared on
//!   the same deals;
//! - [`race`]: variants raced to a band of balance, the ones out of it dropped round by
//!   round;
//! - [`seen`]: the games already counted, a bit a game, so a game read twice counts once;
//! - [`summary`]: win rates with Wilson intervals, lengths, reasons, Elo-style ratings,
//!   built a record at a time;
//! - [`replay`]: a recorded game found by its id, to step through at the table;
//! - [`report`]: the summary as text, CSV and an HTML page with SVG charts;
//! - [`games_table`]: a report's table of games in id order, sorted in bounded memory;
//! - [`vary`]: variant sweeps, one scenario file played with several values of its keys;
//! - [`verify`]: whether a run's games replay, played again from their seeds.
//!
//! The command line is `mars-attacks arena` and `mars-attacks report`.

mod chart_error;
pub mod ending;
pub mod games_table;
pub mod ladder_table;
pub mod luck;
pub mod plan;
pub mod play;
pub mod race;
pub mod record;
pub mod replay;
mod replay_error;
pub mod report;
mod report_charts;
pub mod results;
pub mod seen;
pub mod sequential;
pub mod strength;
pub mod summary;
pub mod vary;
mod vary_error;
pub mod verify;

pub use plan::{ArenaScenario, Entrant, Job, Plan, Shard};
pub use record::{Reason, Record, Status, Winner};
pub use summary::{Summarizer, Summary, summarize};
