//! `mars-attacks render FILE [--svg OUT]`: any scenario file's set-up as the picture the
//! shelf draws for docs/scenarios.md (walls, blockers, deployment zones, fixed squares,
//! entry and exit edges, counters and hold zones, with a legend), written to OUT or, without
//! `--svg`, printed.

use std::path::{Path, PathBuf};

use clap::Args;

use super::{CliError, Io, load_scenario};
use crate::shelf::MapPicture;

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
}

/// Draw the scenario.
pub fn run(args: RenderArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    if let Some(out) = &args.svg {
        crate::staged::check_output(out, crate::staged::FileKind::SVG)?;
    }
    let scenario = load_scenario(&args.file, io)?;
    let svg = MapPicture::of(&scenario).to_svg(&scenario.name);
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
