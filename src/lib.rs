//! mars-attacks: a tactical skirmish engine for Mantic's Mars Attacks! miniatures rules.
//!
//! The desktop table (module `gui`) is the `gui` cargo feature, on by default; everything else
//! (rules, search players, arena, bots, the headless [`table`] session, the command line)
//! builds without it.

pub mod arena;
pub mod bot;
pub mod cli;
pub mod file_lock;
pub mod given_dice;
#[cfg(feature = "gui")]
pub mod gui;
pub mod limits;
pub mod rules;
pub mod serve;
pub mod shelf;
pub mod sim;
pub mod staged;
pub mod table;
pub mod workbench;
