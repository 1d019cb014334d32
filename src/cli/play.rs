//! `play`: open the desktop table (the default when no subcommand is given).

use std::path::PathBuf;

use clap::Args;

use super::{CliError, Io};
use crate::gui::{self, GuiOptions};
use crate::rules::Side;

#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct PlayArgs {
    /// The scenario file.
    #[arg(long, value_name = "FILE", default_value = "scenarios/whos-there.toml")]
    pub scenario: PathBuf,
    /// The side you play; the AI plays the other.
    #[arg(long, default_value = "humans", value_parser = parse_side)]
    pub side: Side,
    /// The AI's strength: easy, normal or hard (or a player such as random or greedy).
    #[arg(long, default_value = "normal")]
    pub level: String,
    /// The dice seed (a fresh one when omitted); the same seed gives the same dice.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Open a saved game (JSON written by the table's Save) and play on from its end.
    #[arg(long, value_name = "SAVE")]
    pub load: Option<PathBuf>,
}

impl Default for PlayArgs {
    fn default() -> Self {
        let d = GuiOptions::default();
        PlayArgs {
            scenario: d.scenario,
            side: d.side,
            level: d.level,
            seed: d.seed,
            load: d.load,
        }
    }
}

fn parse_side(s: &str) -> Result<Side, String> {
    s.parse()
}

pub fn run(args: PlayArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let level = args.level.trim().to_ascii_lowercase();
    if let Err(e) = gui::session::ai_spec_for_level(&level).parse::<crate::bot::PlayerSpec>() {
        return Err(CliError::Usage(format!(
            "`{}` is not a level: expected easy, normal or hard ({e})",
            args.level
        )));
    }
    let options = GuiOptions {
        scenario: args.scenario,
        side: args.side,
        level,
        seed: args.seed,
        load: args.load,
    };
    gui::run(options).map_err(|e| {
        let _ = writeln!(io.err, "error: {e}");
        CliError::Invalid
    })
}
