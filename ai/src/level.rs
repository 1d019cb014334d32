//! The AI's levels: one ladder for every game on this crate. Five named levels, easiest
//! first, and for each game a [`Ladder`] that says how each plays there: a search of so
//! many iterations (so a level replays, and is the same opponent on any machine), drawing
//! its decision from the root's visits at some temperature (the weaker levels make
//! mistakes a person can punish), with the game's own settings; or, at the top, the
//! game's exact player where it has one, or at the bottom a player at random where no
//! search plays worse enough. Every search level stops at [`TIME_CAP`] all the
//! same, a guard for a slow machine. The steps between levels are measured in arena runs
//! (`docs/strength.md`, `docs/dice-strength.md`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::ismcts::IsMctsConfig;
use crate::player::Budget;
use crate::spec::{Effort, SpecError};

/// A level, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// The first opponent: answers at once and makes mistakes a new player can punish.
    Beginner,
    /// A player who knows the game and still errs.
    Easy,
    /// A steady opponent.
    Normal,
    /// Searches deeply and rarely errs.
    Hard,
    /// The strongest player the program has for the game.
    Expert,
}

/// The time a search level's decision may take at most, whatever its iterations: on a
/// slow machine the search stops there (and the decision then depends on the machine).
/// No level thinks longer than the old time levels' slowest (1.5 s).
pub const TIME_CAP: Duration = Duration::from_millis(1500);

/// The level names, for help and errors.
pub const LEVEL_NAMES: &str = "beginner, easy, normal, hard or expert";

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Normal,
        Level::Hard,
        Level::Expert,
    ];

    /// The name in a player spec and at the table.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// Its place on the ladder, 0 for the easiest.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The level below, if any.
    pub const fn below(self) -> Option<Level> {
        match self {
            Level::Beginner => None,
            Level::Easy => Some(Level::Beginner),
            Level::Normal => Some(Level::Easy),
            Level::Hard => Some(Level::Normal),
            Level::Expert => Some(Level::Hard),
        }
    }
}

/// How a search level plays in one game: its iterations a decision, the temperature its
/// decision is drawn at from the root's visits (0: the most visited action,
/// [`IsMctsConfig::choice_temperature`]), and the game's own settings `S`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Recipe<S> {
    pub iterations: u64,
    pub choice_temperature: f64,
    pub settings: S,
}

impl<S> Recipe<S> {
    /// `config` searching as this recipe says: its iterations, its temperature, and
    /// [`TIME_CAP`] as the guard.
    pub fn apply(&self, config: IsMctsConfig) -> IsMctsConfig {
        IsMctsConfig {
            budget: Budget::Iterations(self.iterations),
            time_cap: Some(TIME_CAP),
            choice_temperature: self.choice_temperature,
            ..config
        }
    }
}

/// How one level plays in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rung<S> {
    /// The game's search, as the recipe says.
    Search(Recipe<S>),
    /// Another player of the game, by its spec: the exact one at the top where the game
    /// has one (Martian Dice's `perfect`), or `random` at the bottom where no search
    /// plays worse enough than the level above.
    Player(&'static str),
}

impl<S: fmt::Display> fmt::Display for Rung<S> {
    /// The rung in words, for the record: `100 iterations a decision, drawn at
    /// temperature 1, eval=2`, or `` the `perfect` player ``.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rung::Search(r) => {
                write!(f, "{} iterations a decision", r.iterations)?;
                if r.choice_temperature > 0.0 {
                    write!(f, ", drawn at temperature {}", r.choice_temperature)?;
                }
                let settings = r.settings.to_string();
                if !settings.is_empty() {
                    write!(f, ", {settings}")?;
                }
                Ok(())
            }
            Rung::Player(p) => write!(f, "the `{p}` player"),
        }
    }
}

/// Settings of a game that has none of its own (the dice games): nothing to print.
impl fmt::Display for NoSettings {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
}

/// The settings of a game whose search levels differ only in iterations and temperature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct NoSettings;

/// A game's ladder: how each [`Level`] plays in it, and what each means to a person, in
/// one line (from the measured steps).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ladder<S: 'static> {
    /// The game, for the record.
    pub game: &'static str,
    /// The rungs, easiest first ([`Level::index`]).
    pub rungs: [Rung<S>; 5],
    /// What each level means, in one line for the table ("wins about 7 games in 10
    /// against normal").
    pub about: [&'static str; 5],
}

impl<S: Copy + fmt::Debug> Ladder<S> {
    /// How `level` plays.
    pub const fn rung(&self, level: Level) -> Rung<S> {
        self.rungs[level.index()]
    }

    /// What `level` means, in one line.
    pub const fn about(&self, level: Level) -> &'static str {
        self.about[level.index()]
    }

    /// A fingerprint of the recipes (not of the lines about them): a strength record
    /// names it, and is stale once a recipe changes.
    pub fn fingerprint(&self) -> String {
        let text = format!("{}\n{:?}\n{TIME_CAP:?}", self.game, self.rungs);
        let mut h = crate::game::Fnv(crate::game::Progress::START);
        std::hash::Hasher::write(&mut h, text.as_bytes());
        format!("{:016x}", std::hash::Hasher::finish(&h))
    }

    /// The search recipe an effort gives: a level's (`None` for a [`Rung::Player`]), or `n`
    /// iterations with the game's default settings `plain` and no temperature.
    pub fn recipe(&self, effort: Effort, plain: S) -> Option<Recipe<S>> {
        match effort {
            Effort::Level(l) => match self.rung(l) {
                Rung::Search(r) => Some(r),
                Rung::Player(_) => None,
            },
            Effort::Iterations(n) => Some(Recipe {
                iterations: n,
                choice_temperature: 0.0,
                settings: plain,
            }),
        }
    }

    /// What `effort` plays, the search's other settings from `base`: a level's rung, or
    /// `n` iterations with no guard and no temperature.
    pub fn plays(&self, effort: Effort, base: IsMctsConfig) -> Plays {
        match effort {
            Effort::Level(l) => match self.rung(l) {
                Rung::Search(r) => Plays::Search(r.apply(base)),
                Rung::Player(p) => Plays::Player(p),
            },
            Effort::Iterations(n) => Plays::Search(IsMctsConfig {
                budget: Budget::Iterations(n),
                ..base
            }),
        }
    }
}

/// What an effort plays: a search with these settings, or another player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Plays {
    Search(IsMctsConfig),
    /// Another player's spec ([`Rung::Player`]).
    Player(&'static str),
}

/// The most iterations a spec accepts.
pub const MAX_SPEC_ITERATIONS: u64 = 10_000_000;

/// The effort a player spec gives after its kind (`mcts:hard`, `mcts:2000`): `normal` for
/// nothing, a level's name, or an iteration count from 1 to [`MAX_SPEC_ITERATIONS`]; the
/// error says what was given.
pub fn effort_in_spec(text: &str) -> Result<Effort, SpecError> {
    if text.trim().is_empty() {
        return Ok(Effort::Level(Level::Normal));
    }
    Effort::parse(text)
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level: the name as given, trimmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a level: {LEVEL_NAMES}", self.0)
    }
}

impl std::error::Error for UnknownLevel {}

/// A level by its name, in any case (`Normal`, `HARD`).
impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let s = s.trim();
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LADDER: Ladder<NoSettings> = Ladder {
        game: "toy",
        rungs: [
            Rung::Search(Recipe {
                iterations: 10,
                choice_temperature: 2.0,
                settings: NoSettings,
            }),
            Rung::Search(Recipe {
                iterations: 30,
                choice_temperature: 1.0,
                settings: NoSettings,
            }),
            Rung::Search(Recipe {
                iterations: 100,
                choice_temperature: 0.0,
                settings: NoSettings,
            }),
            Rung::Search(Recipe {
                iterations: 300,
                choice_temperature: 0.0,
                settings: NoSettings,
            }),
            Rung::Player("perfect"),
        ],
        about: ["a", "b", "c", "d", "e"],
    };

    #[test]
    fn levels_read_in_any_case_and_the_old_three_names_still_read() {
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        assert_eq!(" normal ".parse::<Level>(), Ok(Level::Normal));
        assert_eq!("EASY".parse::<Level>(), Ok(Level::Easy));
        assert_eq!("beginner".parse::<Level>(), Ok(Level::Beginner));
        assert_eq!("Expert".parse::<Level>(), Ok(Level::Expert));
        let e = "fast".parse::<Level>().unwrap_err().to_string();
        assert_eq!(
            e,
            "`fast` is not a level: beginner, easy, normal, hard or expert"
        );
        for (i, l) in Level::ALL.into_iter().enumerate() {
            assert_eq!(l.index(), i);
            assert_eq!(l.below().map(Level::index), i.checked_sub(1));
            assert_eq!(l.name().parse::<Level>(), Ok(l));
        }
    }

    #[test]
    fn a_spec_effort_is_a_level_or_iterations_and_normal_when_left_out() {
        assert_eq!(effort_in_spec(""), Ok(Effort::Level(Level::Normal)));
        assert_eq!(effort_in_spec("Easy"), Ok(Effort::Level(Level::Easy)));
        assert_eq!(effort_in_spec("2000"), Ok(Effort::Iterations(2000)));
        assert_eq!(
            effort_in_spec("10000000"),
            Ok(Effort::Iterations(MAX_SPEC_ITERATIONS))
        );
        for bad in ["0", "10000001"] {
            let e = effort_in_spec(bad).unwrap_err().to_string();
            assert_eq!(
                e,
                format!("the iteration count must be at least 1 and at most 10000000, got {bad}")
            );
        }
        for bad in ["fast", "-3"] {
            let e = effort_in_spec(bad).unwrap_err().to_string();
            assert_eq!(
                e,
                format!(
                    "`{bad}` is neither a level (beginner, easy, normal, hard or expert) nor an \
                     iteration count"
                )
            );
        }
    }

    #[test]
    fn a_recipe_sets_the_iterations_the_temperature_and_the_guard() {
        let Some(r) = LADDER.recipe(Effort::Level(Level::Easy), NoSettings) else {
            panic!("easy searches");
        };
        let c = r.apply(IsMctsConfig::default());
        assert_eq!(c.budget, Budget::Iterations(30));
        assert_eq!(c.choice_temperature, 1.0);
        assert_eq!(c.time_cap, Some(TIME_CAP));
        assert_eq!(
            LADDER.recipe(Effort::Level(Level::Expert), NoSettings),
            None
        );
        assert_eq!(LADDER.rung(Level::Expert), Rung::Player("perfect"));
        let n = LADDER
            .recipe(Effort::Iterations(7), NoSettings)
            .map(|r| r.apply(IsMctsConfig::default()));
        assert_eq!(
            n.map(|c| (c.budget, c.choice_temperature)),
            Some((Budget::Iterations(7), 0.0))
        );
        assert_eq!(LADDER.about(Level::Hard), "d");
        assert_eq!(
            LADDER.rung(Level::Beginner).to_string(),
            "10 iterations a decision, drawn at temperature 2"
        );
        assert_eq!(
            LADDER.rung(Level::Hard).to_string(),
            "300 iterations a decision"
        );
        assert_eq!(
            LADDER.rung(Level::Expert).to_string(),
            "the `perfect` player"
        );
    }

    #[test]
    fn the_fingerprint_follows_the_recipes_and_not_the_lines_about_them() {
        let mut other = LADDER;
        other.about[0] = "another line";
        assert_eq!(other.fingerprint(), LADDER.fingerprint());
        other.rungs[0] = Rung::Search(Recipe {
            iterations: 11,
            choice_temperature: 2.0,
            settings: NoSettings,
        });
        assert_ne!(other.fingerprint(), LADDER.fingerprint());
    }
}
