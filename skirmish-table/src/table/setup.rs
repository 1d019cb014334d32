//! How a game at the table is set up: who controls each side (a person, or the AI as a
//! player spec), the level names a person picks from, the scenario file loaded with every
//! problem in one message, and a fresh seed. A [`GameSetup`] is enough to start a game
//! again or to save it.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;

use rand::{Rng, SeedableRng};

use rules::scenario::Scenario;
use rules::scenario_file::{Diagnostic, load_scenario};
use rules::{BySide, GameRng, Side};
use skirmish_ai::bot::PlayerSpec;
use skirmish_ai::bot::spec::{Effort, Kind, Level, SpecError};

use super::brain::{Unplayable, check_ai};

/// Who makes a side's decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A person at this computer.
    Human,
    /// The AI, as a player spec (`mcts:normal`, `random`, a program...).
    Ai(PlayerSpec),
}

impl Controller {
    pub fn is_human(&self) -> bool {
        matches!(self, Controller::Human)
    }

    /// The player spec of the AI, if the AI controls the side.
    pub fn spec(&self) -> Option<PlayerSpec> {
        match self {
            Controller::Human => None,
            Controller::Ai(spec) => Some(*spec),
        }
    }
}

/// The text form used in save files: `human` or the AI's spec.
impl fmt::Display for Controller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Controller::Human => f.write_str("human"),
            Controller::Ai(spec) => write!(f, "{spec}"),
        }
    }
}

/// A controller as a save file writes it: `human` (or nothing) for a person, else a player
/// spec the table can play ([`check_ai`]: known and fair).
impl FromStr for Controller {
    type Err = Unplayable;

    fn from_str(s: &str) -> Result<Controller, Unplayable> {
        match s.trim() {
            "human" | "" => Ok(Controller::Human),
            spec => Ok(Controller::Ai(check_ai(spec.parse()?)?)),
        }
    }
}

/// The table's AI at a level: the tree search (`mcts`) given the level's time.
pub fn ai_at_level(level: Level) -> PlayerSpec {
    PlayerSpec::search(Kind::Mcts, Effort::Level(level)).expect("mcts searches")
}

/// The AI for a level name (`easy`, `normal`, `hard`, in any case: [`ai_at_level`]); any
/// other text is read as a player spec of its own (`random`, `greedy`, `mcts:200`, a
/// program: `exec:COMMAND`, whose command keeps its case).
pub fn ai_spec_for_level(level: &str) -> Result<PlayerSpec, SpecError> {
    match level.parse::<Level>() {
        Ok(l) => Ok(ai_at_level(l)),
        Err(_) => level.trim().parse(),
    }
}

/// How a game is set up: enough to start it again or to save it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub scenario_path: PathBuf,
    /// The seed of the set-up, and of the dice too unless `dice_seed` is given.
    pub seed: u64,
    /// A seed of the dice apart from the set-up's, as an arena game has
    /// ([`skirmish_ai::arena::Record::dice_seed`]); `None` for a game begun at the table.
    pub dice_seed: Option<u64>,
    pub controllers: BySide<Controller>,
}

impl GameSetup {
    /// One person against the AI.
    pub fn versus_ai(
        scenario_path: impl Into<PathBuf>,
        player: Side,
        ai: PlayerSpec,
        seed: u64,
    ) -> Self {
        let mut controllers = BySide::new(Controller::Human, Controller::Human);
        controllers[player.other()] = Controller::Ai(ai);
        GameSetup {
            scenario_path: scenario_path.into(),
            seed,
            dice_seed: None,
            controllers,
        }
    }
}

/// Loads a scenario file; one that does not load gives every problem found, said in one
/// message.
pub fn load_scenario_text(path: &Path) -> Result<Arc<Scenario>, ScenarioError> {
    match load_scenario(path) {
        Ok(loaded) => Ok(Arc::new(loaded.scenario)),
        Err(problems) => Err(ScenarioError {
            path: path.to_path_buf(),
            problems,
        }),
    }
}

/// A scenario file that does not load, and every problem found in it. `Display` names
/// the file and lists the first [`ScenarioError::SHOWN`] problems, a line each, and how
/// many more there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    pub path: PathBuf,
    pub problems: Vec<Diagnostic>,
}

impl ScenarioError {
    /// The most problems the message lists.
    pub const SHOWN: usize = 10;
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} does not load:", self.path.display())?;
        for d in self.problems.iter().take(Self::SHOWN) {
            write!(f, "\n{d}")?;
        }
        if self.problems.len() > Self::SHOWN {
            write!(f, "\n... and {} more", self.problems.len() - Self::SHOWN)?;
        }
        Ok(())
    }
}

impl std::error::Error for ScenarioError {}

/// A fresh seed for a new game.
pub fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let mut r = GameRng::seed_from_u64(nanos ^ u64::from(std::process::id()));
    r.random_range(1..1_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_controller_reads_and_prints_as_a_save_file_writes_it() {
        for text in [
            "human",
            "mcts:normal",
            "mcts:200",
            "random",
            "exec:./bot --fast",
        ] {
            let c: Controller = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
            assert_eq!(c.is_human(), text == "human");
        }
        assert_eq!("".parse::<Controller>(), Ok(Controller::Human));
        assert_eq!(" human ".parse::<Controller>(), Ok(Controller::Human));
        // The oracle sees the other side's hand: never a player at the table.
        let e = "oracle:hard".parse::<Controller>().unwrap_err();
        assert!(matches!(e, Unplayable::Unfair(ref s) if s.kind() == Kind::Oracle));
        assert_eq!(
            e.to_string(),
            "`oracle:hard` sees the other side's hidden cards; the table only offers fair opponents"
        );
        let e = "deep-blue".parse::<Controller>().unwrap_err();
        assert!(matches!(e, Unplayable::NotAPlayer(_)), "{e}");
        assert!(
            e.to_string().starts_with("`deep-blue` is not a player"),
            "{e}"
        );
    }
}
