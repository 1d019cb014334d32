//! `preview FILE`: the scenario designer's window. The board is redrawn each time the
//! file is saved, with every problem `validate` finds listed by line and column (the last
//! version that loaded stays on the board meanwhile), and an overlay of sight, range,
//! walking and cover (`crate::workbench`, and the window in `gui::preview`). The file is
//! checked here; [`super::window`] opens the window.

use std::path::PathBuf;

use clap::Args;

use super::window::{self, Window};
use super::{CliError, Io};

#[derive(Args, Debug)]
pub struct PreviewArgs {
    /// The scenario file to design; it is watched and reloaded whenever it is saved.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

pub fn run(args: PreviewArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    match std::fs::metadata(&args.file) {
        Ok(m) if m.is_dir() => {
            return Err(CliError::Usage(format!(
                "{}: this is a directory, not a scenario file",
                args.file.display()
            )));
        }
        Ok(_) => {}
        Err(e) => {
            return Err(CliError::Usage(format!(
                "{}: cannot read the scenario file: {e}",
                args.file.display()
            )));
        }
    }
    window::open(Window::Preview(args.file), io)
}

#[cfg(test)]
mod tests {
    use super::super::run_from;

    #[test]
    fn a_missing_file_or_a_folder_is_a_usage_error_before_any_window_opens() {
        for file in ["no/such/file.toml", "scenarios"] {
            let mut out = Vec::new();
            let mut err = Vec::new();
            let c = run_from(["mars-attacks", "preview", file], &mut out, &mut err);
            let e = String::from_utf8_lossy(&err);
            assert_eq!(c, 2, "{e}");
            assert!(e.contains(file), "{e}");
        }
    }
}
