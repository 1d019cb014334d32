//! Mars Attacks: Ten-Minute Takedown.

pub mod game;
pub mod geometry;
pub mod layout;
pub mod layout_file;
pub mod layout_keys;
pub mod layout_schema;
pub mod physics;
pub mod pieces;
pub mod rules;
pub mod shot;
