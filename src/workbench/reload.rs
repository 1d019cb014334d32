//! The scenario file being designed: reloaded when asked, keeping the last version that
//! loaded on the board while the file has problems.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::rules::Scenario;
use crate::rules::scenario_file::{Diagnostic, Severity, load_scenario_with_bytes};

/// What a reload found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reload {
    /// The file loaded: it is on the board now.
    Loaded,
    /// The file has errors: the last good version stays on the board.
    Problems,
    /// The file is byte for byte what was last read: nothing to do.
    Unchanged,
}

/// A scenario file under design.
#[derive(Debug)]
pub struct Design {
    pub path: PathBuf,
    /// The last version that loaded, if any has.
    pub scenario: Option<Arc<Scenario>>,
    /// What `validate` says about the file as it is now: its errors (when it does not
    /// load) or its warnings, each with its line and column.
    pub findings: Vec<Diagnostic>,
    /// How many times the file has been read and found changed.
    pub version: u64,
    /// Whether the board shows the file as it is now (not an older good version).
    pub current: bool,
    bytes: Option<Vec<u8>>,
}

impl Design {
    /// The file at `path`, read once.
    pub fn open(path: &Path) -> Design {
        let mut d = Design {
            path: path.to_path_buf(),
            scenario: None,
            findings: Vec::new(),
            version: 0,
            current: false,
            bytes: None,
        };
        d.reload();
        d
    }

    /// Read the file again.
    pub fn reload(&mut self) -> Reload {
        match load_scenario_with_bytes(&self.path) {
            Ok((loaded, bytes)) => {
                if self.current && self.bytes.as_ref() == Some(&bytes) {
                    return Reload::Unchanged;
                }
                self.scenario = Some(Arc::new(loaded.scenario));
                self.findings = loaded.warnings;
                self.bytes = Some(bytes);
                self.current = true;
                self.version += 1;
                Reload::Loaded
            }
            Err(findings) => {
                // The bytes are not kept: the same broken file read again reports again,
                // which costs nothing and keeps the list true to the file.
                if !self.current && findings == self.findings {
                    return Reload::Unchanged;
                }
                self.findings = findings;
                self.bytes = None;
                self.current = false;
                self.version += 1;
                Reload::Problems
            }
        }
    }

    /// The errors among the findings.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.findings
            .iter()
            .filter(|d| d.severity == Severity::Error)
    }
}
