//! What the New game window refuses: a scenario file that does not load
//! ([`EntryError`], [`OpenError`]) and fields that describe no game ([`SetupFormError`]). The window
//! shows them in these words.

use std::path::PathBuf;

use crate::table::brain::Unplayable;

/// How many of a scenario's problems are listed.
const PROBLEMS_SHOWN: usize = 6;

/// A scenario file that does not load, with the reader's problems.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} does not load:{}", path.display(), listed(problems))]
pub struct EntryError {
    pub path: PathBuf,
    pub problems: Vec<String>,
}

fn listed(problems: &[String]) -> String {
    let mut msg = String::new();
    for p in problems.iter().take(PROBLEMS_SHOWN) {
        msg.push_str(&format!("\n{p}"));
    }
    if problems.len() > PROBLEMS_SHOWN {
        msg.push_str(&format!(
            "\n... and {} more",
            problems.len() - PROBLEMS_SHOWN
        ));
    }
    msg
}

/// Why no scenario was opened from a path typed or given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    /// No path typed.
    #[error("type the path of a scenario file (.toml)")]
    NoPath,
    /// The file does not load.
    #[error(transparent)]
    Entry(#[from] EntryError),
}

/// What is wrong with the New game window's fields.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupFormError {
    /// No scenario chosen.
    #[error("choose a scenario")]
    NoScenario,
    /// The seed typed is not a whole number.
    #[error("the seed `{0}` is not a whole number")]
    Seed(String),
    /// The AI of a level the table cannot play.
    #[error(transparent)]
    Ai(#[from] Unplayable),
    /// A program chosen with no command typed.
    #[error("type the program's command (it speaks the bot protocol)")]
    NoCommand,
    /// The program's command is no player the table can play.
    #[error("the program `{command}`: {why}")]
    Program { command: String, why: Unplayable },
}
