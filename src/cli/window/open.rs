//! Opening a window for the command line (the `gui` feature): the display is checked
//! before any program starts, then the programs that will play answer their hello, then
//! the table or the preview runs until it is closed.

use std::path::Path;

use super::Window;
use crate::cli::{CliError, Io};
use crate::gui::{self, GuiOptions};
use crate::rules::Side;
use crate::table::session::Session;

/// Ok when a window can be opened here; else what is missing (no display named, or none
/// answering where the environment says), as a whole sentence.
pub use crate::gui::display::check;

/// Opens `window` and runs until it is closed.
pub fn open(window: Window, io: &mut Io<'_>) -> Result<(), CliError> {
    // No program starts before it is known that a window can open.
    check().map_err(|e| CliError::NoWindow(e.to_string()))?;
    let options = match window {
        Window::Preview(file) => {
            return gui::preview::run(&file).map_err(|e| {
                let _ = writeln!(io.err, "error: {e}");
                CliError::Invalid
            });
        }
        Window::MartianDice(setup) => GuiOptions {
            dice: Some(setup),
            ..GuiOptions::default()
        },
        Window::DiceGame(setup) => GuiOptions {
            dice_game: Some(*setup),
            ..GuiOptions::default()
        },
        Window::Takedown(setup) => GuiOptions {
            takedown: Some(*setup),
            ..GuiOptions::default()
        },
        Window::Join(address, code) => GuiOptions {
            join: Some((address, code)),
            ..GuiOptions::default()
        },
        Window::Table {
            args,
            level,
            program,
            replay,
        } => {
            if let Some(bot) = program {
                check_bot(bot, &args.scenario, args.side.other())?;
            }
            if let (Some(load), true) = (&args.load, args.allow_exec) {
                let saved = Session::read_save(load).map_err(|e| {
                    let _ = writeln!(io.err, "error: {e}");
                    CliError::Invalid
                })?;
                for side in Side::BOTH {
                    if let Some(bot) = saved.setup.controllers[side].spec().and_then(|s| s.exec()) {
                        check_bot(bot, &saved.setup.scenario_path, side)?;
                    }
                }
            }
            let companion = args.companion.then(|| args.rollers());
            GuiOptions {
                scenario: args.scenario,
                side: args.side,
                level,
                seed: args.seed,
                load: args.load,
                choose: args.choose,
                dice: None,
                dice_game: None,
                takedown: None,
                allow_exec: args.allow_exec,
                replay,
                companion,
                join: None,
            }
        }
    };
    gui::run(options).map_err(|e| {
        let _ = writeln!(io.err, "error: {e}");
        CliError::Invalid
    })
}

/// The table plays a program only once it has answered the hello for its side of the
/// scenario (`docs/bot-protocol.md`).
fn check_bot(bot: crate::bot::exec::BotId, scenario: &Path, side: Side) -> Result<(), CliError> {
    let loaded = crate::rules::scenario_file::load_scenario(scenario).map_err(|d| {
        CliError::Usage(
            d.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n"),
        )
    })?;
    let g = crate::rules::GameState::new(
        std::sync::Arc::new(loaded.scenario),
        &mut crate::rules::rng_from_seed(0),
    );
    crate::bot::exec::check_hello(bot, &g, side)
        .map_err(|e| CliError::Usage(format!("the table will not play `{}`: {e}", bot.bot())))
}
