//! Why a window did not run: what it was to show does not load, no display answers, or
//! the windowing library could not open it ([`RunError`]); and why the preview could not
//! start the table on its file ([`StartTableError`]).

use crate::table::error::SessionError;
use crate::table::setup::ScenarioError;

use super::display::NoDisplay;

/// Why the table or the preview did not run.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The saved or recorded game does not load (boxed: it is large, and rare).
    #[error(transparent)]
    Session(Box<SessionError>),
    /// The scenario file does not load.
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    /// No display answers.
    #[error(transparent)]
    NoDisplay(#[from] NoDisplay),
    /// The windowing library could not open the window of `what` (`the table`, `the
    /// preview`).
    #[error(
        "cannot open the window ({error}); {what} needs a graphical session; {}",
        super::COMMAND_LINE_WORKS
    )]
    Window {
        what: &'static str,
        #[source]
        error: eframe::Error,
    },
}

impl From<SessionError> for RunError {
    fn from(e: SessionError) -> RunError {
        RunError::Session(Box::new(e))
    }
}

/// The table could not be started in a process of its own: the system's error.
#[derive(Debug, thiserror::Error)]
#[error("cannot start the table: {0}")]
pub struct StartTableError(#[source] pub std::io::Error);
