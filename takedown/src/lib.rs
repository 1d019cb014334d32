//! Mars Attacks: Ten-Minute Takedown.

pub mod aim;
pub mod calibration;
pub mod game;
pub mod geometry;
pub mod hit_model;
pub mod layout;
pub mod layout_file;
pub mod layout_keys;
pub mod layout_schema;
pub mod matches;
pub mod noise;
pub mod physics;
pub mod pieces;
pub mod players;
pub mod rules;
pub mod shot;
