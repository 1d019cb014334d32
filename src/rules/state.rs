//! The game state and its transitions (being written).

/// A game in progress.
#[derive(Clone, Debug)]
pub struct GameState {}
