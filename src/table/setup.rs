//! How a game at the table is set up: who controls each side (a person, or the AI as a
//! player spec), the level names a person picks from, the scenario file loaded with every
//! problem in one message, and a fresh seed. A [`GameSetup`] is enough to start a game
//! again or to save it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rand::{Rng, SeedableRng};

use crate::rules::scenario::Scenario;
use crate::rules::scenario_file::load_scenario;
use crate::rules::{BySide, GameRng, Side};

/// Who makes a side's decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A person at this computer.
    Human,
    /// The AI, as a player spec (`mcts:normal`, `random`, ...).
    Ai(String),
}

impl Controller {
    pub fn is_human(&self) -> bool {
        matches!(self, Controller::Human)
    }

    /// The text form used in save files: `human` or the AI's spec.
    pub fn as_text(&self) -> String {
        match self {
            Controller::Human => "human".into(),
            Controller::Ai(spec) => spec.clone(),
        }
    }

    pub fn from_text(s: &str) -> Controller {
        match s.trim() {
            "human" | "" => Controller::Human,
            spec => Controller::Ai(spec.to_string()),
        }
    }
}

/// The AI spec for a level name (`easy`, `normal`, `hard`); any other text is taken as a
/// spec of its own (`random`, `greedy`, `mcts:200`).
pub fn ai_spec_for_level(level: &str) -> String {
    let l = level.trim().to_ascii_lowercase();
    match l.as_str() {
        "easy" | "normal" | "hard" => format!("mcts:{l}"),
        // Specs parse in any case; a program's command keeps the case it was given.
        _ => level.trim().to_string(),
    }
}

/// How a game is set up: enough to start it again or to save it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub scenario_path: PathBuf,
    /// The seed of the set-up, and of the dice too unless `dice_seed` is given.
    pub seed: u64,
    /// A seed of the dice apart from the set-up's, as an arena game has
    /// ([`crate::arena::Record::dice_seed`]); `None` for a game begun at the table.
    pub dice_seed: Option<u64>,
    pub controllers: BySide<Controller>,
}

impl GameSetup {
    /// One person against the AI.
    pub fn versus_ai(scenario_path: impl Into<PathBuf>, player: Side, ai: &str, seed: u64) -> Self {
        let mut controllers = BySide::new(Controller::Human, Controller::Human);
        controllers[player.other()] = Controller::Ai(ai_spec_for_level(ai));
        GameSetup {
            scenario_path: scenario_path.into(),
            seed,
            dice_seed: None,
            controllers,
        }
    }
}

/// Loads a scenario file, every problem in one message.
pub fn load_scenario_text(path: &Path) -> Result<Arc<Scenario>, String> {
    match load_scenario(path) {
        Ok(loaded) => Ok(Arc::new(loaded.scenario)),
        Err(diagnostics) => {
            let mut msg = format!("{} does not load:", path.display());
            for d in diagnostics.iter().take(10) {
                msg.push_str(&format!("\n{d}"));
            }
            if diagnostics.len() > 10 {
                msg.push_str(&format!("\n... and {} more", diagnostics.len() - 10));
            }
            Err(msg)
        }
    }
}

/// A fresh seed for a new game.
pub fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let mut r = GameRng::seed_from_u64(nanos ^ u64::from(std::process::id()));
    r.random_range(1..1_000_000)
}
