//! A finding about a file at a place in it: its severity, the file, the 1-based line and
//! column, and what is wrong. Every reader of a data file reports in these.

use std::fmt;

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

/// At most this many findings are listed; past it, one last finding says how many more
/// there were.
pub const MAX_DIAGNOSTICS: usize = 100;
