//! `mars-attacks setup-sheet --scenario FILE [--seed N] --out FILE.svg`: a scenario's
//! set-up on a printable A4 page, for a game at a real table (docs/companion.md): the map
//! with its coordinates, zones and edges labelled, and the labels to write on the models'
//! bases. With `--seed`, the game that seed starts (the very set-up `play --seed N` gives),
//! its counters' squares marked; without it, the scenario alone. Only the file named by
//! `--out` is written.

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use super::{CliError, Io, load_scenario};
use crate::rules::Side;
use crate::table::session::Session;
use crate::table::setup::{GameSetup, ai_at_level};
use crate::table::setup_sheet::SetupSheet;

/// Arguments of `setup-sheet`.
#[derive(Args, Debug)]
pub struct SetupSheetArgs {
    /// The scenario file.
    #[arg(long, value_name = "FILE")]
    pub scenario: PathBuf,
    /// The seed of the game to set up, as `play --seed N` starts it: the counters'
    /// squares are marked. Without it the sheet is the scenario's alone.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// The SVG file to write (a file that exists is replaced only if it is an SVG
    /// picture; its folder must exist).
    #[arg(long, value_name = "FILE.svg")]
    pub out: PathBuf,
}

/// Write the sheet.
pub fn run(args: SetupSheetArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    crate::staged::check_output(&args.out, crate::staged::FileKind::SVG)?;
    let scenario = load_scenario(&args.scenario, io)?;
    let sheet = match args.seed {
        None => SetupSheet::of_scenario(&scenario),
        Some(seed) => {
            // Started as the table starts a game (`play --seed N`), so the set-up is the
            // same, counter for counter.
            let setup = GameSetup::versus_ai(
                args.scenario.clone(),
                Side::Humans,
                ai_at_level(crate::bot::spec::Level::Normal),
                seed,
            );
            let session = Session::with_scenario(setup, Arc::new(scenario));
            SetupSheet::of_game(session.state(), session.setup_events(), seed)
        }
    };
    super::render::write_picture(&args.out, &sheet.to_svg(), io)
}
