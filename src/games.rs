//! The games the program plays, one seam for every tool: `duel --game`, `arena --game` and
//! the window's top bar all name a game by its [`GameKind`], and reach its rules and
//! players through its crate (`rules` with `skirmish_ai` for the skirmish, `martian_dice`,
//! `dice_game`, `takedown`). A new game is one more variant here, and the tools' matches on it say
//! what each must learn of it.

/// A game of the program.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Mars Attacks! (the miniatures game), on a scenario.
    Skirmish,
    /// Martian Dice, to 25 points.
    MartianDice,
    /// Mars Attacks: The Dice Game (Steve Jackson Games), 2 to 6 players at one table.
    DiceGame,
    /// Mars Attacks: Ten-Minute Takedown (Steve Jackson Games): a die flicked at targets.
    Takedown,
}

impl GameKind {
    /// Every game, in the order the tools list them.
    pub const ALL: [GameKind; 4] = [
        GameKind::Skirmish,
        GameKind::MartianDice,
        GameKind::DiceGame,
        GameKind::Takedown,
    ];

    /// The game's name on the command line (`--game NAME`).
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Skirmish => "skirmish",
            GameKind::MartianDice => "martian-dice",
            GameKind::DiceGame => "dice-game",
            GameKind::Takedown => "takedown",
        }
    }

    /// The game's title, for people.
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Skirmish => "Mars Attacks!",
            GameKind::MartianDice => "Martian Dice",
            GameKind::DiceGame => "Mars Attacks: The Dice Game",
            GameKind::Takedown => "Mars Attacks: Ten-Minute Takedown",
        }
    }

    /// Whether `spec` names a player of this game (in the grammar every game's specs
    /// share, `ai::spec`), or why not.
    pub fn check_player(self, spec: &str) -> Result<(), NoSuchPlayer> {
        match self {
            GameKind::Skirmish => spec
                .parse::<skirmish_ai::bot::PlayerSpec>()
                .map(drop)
                .map_err(NoSuchPlayer::from),
            GameKind::MartianDice => {
                martian_dice::players::player::<martian_dice::game::Game>(spec)
                    .map(drop)
                    .map_err(NoSuchPlayer::from)
            }
            GameKind::DiceGame => dice_game::players::player(spec)
                .map(drop)
                .map_err(NoSuchPlayer::from),
            GameKind::Takedown => takedown::players::player(spec)
                .map(drop)
                .map_err(NoSuchPlayer::from),
        }
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A spec that names no player of the game: the skirmish's reading of it, or the dice
/// games' (the grammar of `ai::spec`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoSuchPlayer {
    /// Not a skirmish player.
    #[error(transparent)]
    Skirmish(#[from] skirmish_ai::bot::spec::SpecError),
    /// Not a player of a dice game.
    #[error(transparent)]
    Dice(#[from] ai::NotAPlayer),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_reads_its_own_players_and_refuses_the_others() {
        assert_eq!(GameKind::Skirmish.check_player("mcts:200"), Ok(()));
        assert_eq!(GameKind::MartianDice.check_player("optimal"), Ok(()));
        assert_eq!(GameKind::DiceGame.check_player("greedy"), Ok(()));
        assert!(GameKind::Skirmish.check_player("optimal").is_err());
        assert!(GameKind::DiceGame.check_player("optimal").is_err());
        assert_eq!(GameKind::Takedown.check_player("aim:hard"), Ok(()));
        assert!(GameKind::Takedown.check_player("greedy").is_err());
        for g in GameKind::ALL {
            assert_eq!(
                <GameKind as clap::ValueEnum>::from_str(g.name(), false),
                Ok(g),
                "{g}"
            );
        }
    }
}
