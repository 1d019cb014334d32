//! mars-attacks: a tactical skirmish engine for Mantic's Mars Attacks! miniatures rules.

pub mod arena;
pub mod bot;
pub mod cli;
pub mod gui;
pub mod limits;
pub mod rules;
pub mod shelf;
pub mod sim;
pub mod staged;
pub mod table;
pub mod workbench;
