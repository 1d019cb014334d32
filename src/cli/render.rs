//! `mars-attacks render FILE [--svg OUT]`: any scenario file's set-up as the picture the
//! shelf draws for docs/scenarios.md (walls, blockers, deployment zones, fixed squares,
//! entry and exit edges, counters and hold zones, with a legend), written to OUT or, without
//! `--svg`, printed.

use std::path::{Path, PathBuf};

use clap::Args;

use super::{CliError, Io, load_scenario};
use crate::shelf::MapPicture;
use crate::staged::PictureRefused;

/// Arguments of `render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The scenario file to draw.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Write the picture to this SVG file (a file that exists is replaced only if it is an
    /// SVG picture); without it the SVG is printed.
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
}

/// Draw the scenario.
pub fn run(args: RenderArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let scenario = load_scenario(&args.file, io)?;
    let svg = MapPicture::of(&scenario).to_svg(&scenario.name);
    let Some(out) = args.svg else {
        write!(io.out, "{svg}")?;
        return Ok(());
    };
    write_picture(&out, &svg, io)
}

/// Writes `svg` to `out`, whole or not at all, and says so on stderr; a file that exists
/// there is replaced only if it is an SVG picture (a usage error otherwise, and it is left
/// as it is).
pub(crate) fn write_picture(out: &Path, svg: &str, io: &mut Io<'_>) -> Result<(), CliError> {
    match crate::staged::write_picture(out, svg) {
        Ok(()) => {
            writeln!(io.err, "wrote {}", out.display())?;
            Ok(())
        }
        Err(e @ PictureRefused::NotAPicture(_)) => Err(CliError::Usage(e.to_string())),
        Err(PictureRefused::Write(e)) => {
            writeln!(io.err, "error: {e}")?;
            Err(CliError::Invalid)
        }
    }
}
