//! `mars-attacks render FILE [--svg OUT] [--cover SIDE]`: any scenario file's set-up as the
//! picture the shelf draws for docs/scenarios.md (walls, blockers, deployment zones, fixed
//! squares, entry and exit edges, counters and hold zones, with a legend), written to OUT
//! or, without `--svg`, printed. `--cover SIDE` shades the cover map for that side: each
//! square by how many of the other side's start and entry squares see it within the other
//! side's longest range (the preview window's cover map, `workbench::cover`).

use std::path::{Path, PathBuf};

use clap::Args;

use super::{CliError, Io, load_scenario};
use crate::rules::{Scenario, Side};
use crate::shelf::MapPicture;
use crate::shelf::shading::Shading;
use crate::workbench::cover_map;

/// Arguments of `render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The scenario file to draw.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Write the picture to this SVG file (a file that exists is replaced only if it is an
    /// SVG picture; its folder must exist); without it the SVG is printed.
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
    /// Shade the cover map for this side (humans or martians): each square by how many of
    /// the other side's start and entry squares see it.
    #[arg(long, value_name = "SIDE", value_parser = super::parse_side)]
    pub cover: Option<Side>,
}

/// Draw the scenario.
pub fn run(args: RenderArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    if let Some(out) = &args.svg {
        crate::staged::check_output(out, crate::staged::FileKind::SVG)?;
    }
    let scenario = load_scenario(&args.file, io)?;
    let mut picture = MapPicture::of(&scenario);
    picture.shading = args.cover.map(|side| cover_shading(&scenario, side));
    let svg = picture.to_svg(&scenario.name);
    let Some(out) = args.svg else {
        write!(io.out, "{svg}")?;
        return Ok(());
    };
    write_picture(&out, &svg, io)
}

/// Writes `svg` to `out`, whole or not at all, and says so on stderr; `out` follows the
/// one rule of output paths (`staged`): a new file in a folder that exists, or an SVG
/// picture to replace.
pub(crate) fn write_picture(out: &Path, svg: &str, io: &mut Io<'_>) -> Result<(), CliError> {
    crate::staged::write_picture(out, svg)?;
    writeln!(io.err, "wrote {}", out.display())?;
    Ok(())
}

/// The cover map for `side` as a shading: each square counted by how many of the other
/// side's start and entry squares see it (R8, R9).
pub fn cover_shading(scenario: &Scenario, side: Side) -> Shading {
    let watcher = side.other();
    let cover = cover_map(scenario, watcher);
    Shading {
        counts: cover.seen_by,
        text: format!(
            "cover for the {}: how many of the {}' {} start and entry squares see the square \
             within their range (none: unshaded; most: {})",
            side.title(),
            watcher.title(),
            cover.from.count(),
            cover.seen_by.iter().copied().max().unwrap_or(0)
        ),
    }
}
