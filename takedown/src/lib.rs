//! Mars Attacks: Ten-Minute Takedown.

pub mod geometry;
pub mod layout;
pub mod layout_file;
pub mod layout_keys;
pub mod layout_schema;
pub mod pieces;
