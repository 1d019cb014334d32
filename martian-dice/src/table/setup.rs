//! How a game of Martian Dice at the table is set up (`mars-attacks martian-dice play`, or
//! the window's Martian Dice mode): players, the opponents' level, the dice seed. Checked
//! here, without a window, so the command line refuses a level that names no player
//! before any window opens.

use crate::game::{Game, GameError};
use crate::players::player;

/// Why a set-up starts no game: its level names no player, or the game takes not that
/// many players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    Level(ai::NotAPlayer),
    Game(GameError),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Level(e) => e.fmt(f),
            SetupError::Game(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SetupError {}

impl From<SetupError> for String {
    fn from(e: SetupError) -> String {
        e.to_string()
    }
}

/// How a game of Martian Dice is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceSetup {
    /// Players, the person first (2 to 8).
    pub players: usize,
    /// The AI opponents' level: `easy`, `normal`, `hard` (the search) or any player spec.
    pub level: String,
    pub seed: u64,
}

impl Default for DiceSetup {
    fn default() -> Self {
        DiceSetup {
            players: 2,
            level: "normal".into(),
            seed: 1,
        }
    }
}

impl DiceSetup {
    /// The player spec the opponents play: `hard` with two players is `perfect`.
    pub fn spec(&self) -> String {
        match (self.level.as_str(), self.players) {
            ("hard", 2) => "perfect".into(),
            (l @ ("easy" | "normal" | "hard"), _) => format!("mcts:{l}"),
            (other, _) => other.to_string(),
        }
    }

    /// The game this set-up starts; why not when the level names no player or the
    /// number of players is not one the game takes.
    pub fn new_game(&self) -> Result<Game, SetupError> {
        player::<Game>(&self.spec()).map_err(SetupError::Level)?;
        Game::new(self.players).map_err(SetupError::Game)
    }
}

#[cfg(test)]
mod tests {
    use super::DiceSetup;

    fn setup(players: usize, level: &str) -> DiceSetup {
        DiceSetup {
            players,
            level: level.into(),
            seed: 1,
        }
    }

    #[test]
    fn hard_plays_to_win_with_two_players_and_searches_with_more() {
        assert_eq!(setup(2, "hard").spec(), "perfect");
        assert_eq!(setup(3, "hard").spec(), "mcts:hard");
        assert_eq!(setup(2, "easy").spec(), "mcts:easy");
        assert_eq!(setup(4, "threshold:3").spec(), "threshold:3");
    }

    #[test]
    fn a_level_that_names_no_player_or_a_table_too_large_is_refused() {
        assert!(setup(2, "normal").new_game().is_ok());
        assert!(setup(8, "random").new_game().is_ok());
        assert!(matches!(
            setup(2, "silly").new_game(),
            Err(super::SetupError::Level(_))
        ));
        assert_eq!(
            setup(9, "normal").new_game(),
            Err(super::SetupError::Game(crate::game::GameError::Players(9)))
        );
    }
}
