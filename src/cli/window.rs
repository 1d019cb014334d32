//! The commands that open a window, and the one place they open it: `play` (and no
//! subcommand) opens the table on a skirmish, `martian-dice play` the table on Martian
//! Dice, `dice-game play` the table on Mars Attacks: The Dice Game, `takedown play` the table on
//! Ten-Minute Takedown, `join --window` the table joined to a host, `preview` the scenario
//! designer's window.
//!
//! Each command checks its options and reads its files first, without a window, so a
//! mistake is reported alike on every machine; then it hands [`open`] the [`Window`] it
//! wants. With the `gui` feature (the default) [`open`] checks that a display answers
//! before any program starts, and runs the window until it is closed. A build without it
//! (`cargo build --release --no-default-features`, for a machine with no display that
//! runs `arena`) lists and parses the same commands, and [`open`] says that this build has
//! no desktop table.

use std::path::PathBuf;

use super::play::PlayArgs;
use crate::arena::replay::RecordedGame;
use crate::bot::PlayerSpec;
use crate::bot::exec::BotId;
use dice_game::table::setup::DiceGameSetup;
use martian_dice::table::DiceSetup;
use takedown::table::setup::TakedownSetup;

#[cfg(feature = "gui")]
mod open;
#[cfg(feature = "gui")]
pub use open::{check, open};
#[cfg(not(feature = "gui"))]
pub use refused::{check, open};

/// A window the command line opens, once its command's options are checked and its files
/// read.
#[derive(Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "one is made in a run of the program, and moved once"
)]
pub enum Window {
    /// The table on a skirmish (`play`). `level` is the opponent `--level` names, read
    /// once; `program` is that opponent when it is a program (`exec:...`) for a new game,
    /// started only once a window can open; `replay` is the recorded game `--replay` steps
    /// through, its moves already replayed.
    Table {
        args: PlayArgs,
        level: PlayerSpec,
        program: Option<BotId>,
        replay: Option<RecordedGame>,
    },
    /// The table on Martian Dice (`martian-dice play`), its opponents' level checked.
    MartianDice(DiceSetup),
    /// The table on Mars Attacks: The Dice Game (`dice-game play`), its seats and deck
    /// checked.
    DiceGame(Box<DiceGameSetup>),
    /// The table on Mars Attacks: Ten-Minute Takedown (`takedown play`), its seats checked.
    Takedown(Box<TakedownSetup>),
    /// The scenario designer's window on this file (`preview`).
    Preview(PathBuf),
    /// The table joined to a host with a seat's code (`join ADDRESS CODE --window`).
    Join(net::client::JoinAddress, net::code::JoinCode),
}

impl Window {
    /// The command that asks for this window, as it is typed.
    pub fn command(&self) -> &'static str {
        match self {
            Window::Table { .. } => "play",
            Window::MartianDice(_) => "martian-dice play",
            Window::DiceGame(_) => "dice-game play",
            Window::Takedown(_) => "takedown play",
            Window::Preview(_) => "preview",
            Window::Join(..) => "join --window",
        }
    }
}

/// Why a build without the `gui` feature opens no window, and how to get one.
pub const NO_TABLE: &str = "this build has no desktop table (it was built without the `gui` \
     feature): build with the default features, `cargo build --release`";

/// A build without the desktop table: every window is refused, in words, before anything
/// starts.
#[cfg(not(feature = "gui"))]
mod refused {
    use super::{NO_TABLE, Window};
    use crate::cli::{CliError, Io};

    /// This build has no desktop table: [`NO_TABLE`] in words.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
    #[error("{NO_TABLE}")]
    pub struct NoTable;

    /// Never: this build has no window to open.
    pub fn check() -> Result<(), NoTable> {
        Err(NoTable)
    }

    /// Says which command needs the window this build does not have.
    pub fn open(window: Window, _io: &mut Io<'_>) -> Result<(), CliError> {
        Err(CliError::NoWindow(format!(
            "`{}` needs a window, and {NO_TABLE}",
            window.command()
        )))
    }
}
