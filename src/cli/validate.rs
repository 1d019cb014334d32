//! `mars-attacks validate FILE...`: check scenario files.
//!
//! Every diagnostic, error or warning, goes to stderr as `file:line:column: message`;
//! each file that loads gets `FILE: ok (scenario name)` on stdout. The exit code is 0
//! only when every file is valid (warnings allowed), 2 when a file is not there (the
//! others are checked all the same), else 1.

use std::path::PathBuf;

use clap::Args;

use super::{CliError, Io};
use crate::rules::scenario_file::{self, Diagnostic, Loaded};

/// Arguments of `validate`.
#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Scenario files (TOML) to check.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Check each file in turn, reporting all of them even after a failure.
pub fn run(args: ValidateArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let mut all_ok = true;
    let mut missing = None;
    for path in &args.files {
        let shown = path.display();
        if let Err(e) = super::inputs::require_input(path, super::inputs::Input::Scenario) {
            missing.get_or_insert(e);
            continue;
        }
        match scenario_file::load_scenario(path) {
            Ok(Loaded { scenario, warnings }) => {
                print_all(&warnings, io)?;
                writeln!(io.out, "{shown}: ok ({})", scenario.name)?;
            }
            Err(diagnostics) => {
                all_ok = false;
                print_all(&diagnostics, io)?;
                // Counted over every problem found, not only the ones listed.
                let (errors, warnings) = scenario_file::totals(&diagnostics);
                writeln!(io.err, "{shown}: invalid ({})", summary(errors, warnings))?;
            }
        }
    }
    match (missing, all_ok) {
        (Some(e), _) => Err(e),
        (None, true) => Ok(()),
        (None, false) => Err(CliError::Invalid),
    }
}

fn print_all(diagnostics: &[Diagnostic], io: &mut Io<'_>) -> Result<(), CliError> {
    for d in diagnostics {
        writeln!(io.err, "{d}")?;
    }
    Ok(())
}

/// `2 errors, 1 warning`.
fn summary(errors: usize, warnings: usize) -> String {
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    if warnings == 0 {
        plural(errors, "error")
    } else {
        format!(
            "{}, {}",
            plural(errors, "error"),
            plural(warnings, "warning")
        )
    }
}
