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
    /// The AI opponents' level: a level of the ladder (`beginner` to `expert`) or any
    /// player spec.
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
    /// The player spec the opponents play: a level of the ladder (`crate::ladder`), or
    /// the player named.
    pub fn spec(&self) -> String {
        match self.level.parse::<ai::Level>() {
            Ok(l) => format!("mcts:{}", l.name()),
            Err(_) => self.level.clone(),
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
    fn a_level_is_its_rung_of_the_ladder_and_any_other_spec_is_itself() {
        assert_eq!(setup(2, "Hard").spec(), "mcts:hard");
        assert_eq!(setup(3, "expert").spec(), "mcts:expert");
        assert_eq!(setup(2, "easy").spec(), "mcts:easy");
        assert_eq!(setup(4, "threshold:3").spec(), "threshold:3");
        // The top of Martian Dice's ladder is the exact player, the bottom plays at random.
        let name = |level: &str| {
            crate::players::player::<crate::game::Game>(&setup(2, level).spec()).map(|p| p.name())
        };
        assert_eq!(name("expert"), name("perfect"));
        assert_eq!(name("beginner"), name("random"));
        assert_ne!(name("hard"), name("perfect"));
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
