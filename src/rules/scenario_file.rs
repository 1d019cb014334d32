//! Scenario files: TOML as written by a designer (`ScenarioFile`), checked by `validate`
//! into a `Scenario`. Every problem is reported at once with file, line and column.

use std::fmt;
use std::path::Path;

use super::profile::Profile;
use super::scenario::Scenario;

/// How serious a finding is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Severity {
    Error,
    Warning,
}

/// One finding about a file, at a place in it (1-based line and column).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tag = match self.severity {
            Severity::Error => "",
            Severity::Warning => "warning: ",
        };
        write!(
            f,
            "{}:{}:{}: {}{}",
            self.file, self.line, self.column, tag, self.message
        )
    }
}

/// A scenario that loaded, with any warnings about it.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub scenario: Scenario,
    pub warnings: Vec<Diagnostic>,
}

/// Read and check a scenario file. On failure, every error found (and the warnings).
pub fn load_scenario(path: &Path) -> Result<Loaded, Vec<Diagnostic>> {
    let _ = path;
    todo!("load scenario")
}

/// Check scenario text; `file` names it in diagnostics.
pub fn parse_scenario(file: &str, text: &str) -> Result<Loaded, Vec<Diagnostic>> {
    let _ = (file, text);
    todo!("parse scenario")
}

/// The core profiles of `profiles/core.toml` (Martian, US Army Soldier).
pub fn core_profiles() -> Vec<Profile> {
    todo!("core profiles")
}
