//! mars-attacks: a tactical skirmish engine for Mantic's Mars Attacks! miniatures rules.
//!
//! The desktop table (module `gui`) is the `gui` cargo feature, on by default; everything else
//! (rules, search players, arena, bots, the headless [`table`] session, the command line)
//! builds without it.

pub use skirmish_ai::{arena, bot, limits, shelf};
pub mod cli;
pub mod formats;
pub mod games;
pub use file_check::file_lock;
pub use rules::given_dice;
#[cfg(feature = "gui")]
pub mod gui;
pub use file_check::staged;
pub use rules;
pub use rules::sim;
pub use skirmish_table::{serve, table};
pub mod workbench;
