//! `mars-attacks strength RESULTS... [--out FILE]`: the strength record
//! (`docs/strength.md` and its reliability chart) from arena results, of the scenario files
//! as they are (games on an earlier version of a file are left out); `--check` fails when
//! the search or a scenario named in the record has changed since it was written.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use clap::Args;

use super::{CliError, Io};
use crate::arena::record::scan_records;
use crate::arena::strength::{Strength, stale};
use crate::bot::spec::search_fingerprint;
use crate::rules::fingerprint::scenario_fingerprint;
use crate::staged::{FileKind, StagedFiles, check_output};

/// Arguments of `strength`.
#[derive(Args, Debug)]
pub struct StrengthArgs {
    /// Arena results files (JSON lines) to record.
    #[arg(value_name = "RESULTS")]
    pub results: Vec<PathBuf>,
    /// The record to write: a new file, or a strength record to replace. Its reliability
    /// chart is written beside it as NAME-calibration.svg (docs/strength-calibration.svg
    /// for the default), a new file or an SVG picture to replace; neither is written
    /// unless both may be.
    #[arg(long, value_name = "FILE", default_value = "docs/strength.md")]
    pub out: PathBuf,
    /// Check that the record is current instead of writing it.
    #[arg(long)]
    pub check: bool,
}

fn chart_path(out: &Path) -> PathBuf {
    let stem = out
        .file_stem()
        .map_or("strength".into(), |s| s.to_string_lossy().into_owned());
    out.with_file_name(format!("{stem}-calibration.svg"))
}

/// A strength record, as a file `strength` may replace.
pub const RECORD_KIND: FileKind = FileKind::text("a strength record", "# The AI's strength");

/// The fingerprint of the scenario file a record names, as it is now (none if it cannot
/// be read: a path in a results file is read as any input file, `rules::read_file`).
fn scenario_now(file: &Path) -> Option<String> {
    file_check::read_file::read_capped(file, crate::rules::scenario_file::MAX_FILE_BYTES)
        .ok()
        .map(|b| scenario_fingerprint(&b))
}

pub fn run(args: StrengthArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let search = search_fingerprint();
    if args.check {
        let text = std::fs::read_to_string(&args.out)
            .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", args.out.display())))?;
        let changed = stale(&text, &search, |file| scenario_now(Path::new(file)));
        if changed.is_empty() {
            writeln!(io.out, "{} is current", args.out.display())?;
            return Ok(());
        }
        for c in &changed {
            writeln!(io.err, "{}: {c}", args.out.display())?;
        }
        return Err(CliError::Invalid);
    }
    if args.results.is_empty() {
        return Err(CliError::Usage(
            "name the arena results files to record (or give --check)".into(),
        ));
    }
    // Both files it writes, before the results are read.
    let chart = chart_path(&args.out);
    check_output(&args.out, RECORD_KIND)
        .and_then(|()| check_output(&chart, FileKind::SVG))
        .map_err(CliError::from)?;
    // The record is of the scenario files as they are now: games played on an earlier
    // version of a file are left out (with a note), so that after editing one scenario only
    // its games need playing again, and the results of the others still count.
    let mut current: BTreeMap<String, Option<String>> = BTreeMap::new();
    let mut earlier: BTreeMap<String, u64> = BTreeMap::new();
    let mut strength = Strength::default();
    for f in &args.results {
        let scanned = scan_records(f, None, |r| {
            let now = current
                .entry(r.scenario_file.clone())
                .or_insert_with(|| scenario_now(Path::new(&r.scenario_file)));
            if now.as_ref().is_some_and(|fp| *fp != r.scenario_fingerprint) {
                *earlier.entry(r.scenario_file.clone()).or_default() += 1;
            } else {
                strength.add(&r);
            }
            ControlFlow::Continue(())
        });
        if let Err(e) = scanned {
            writeln!(io.err, "error: {e}")?;
            return Err(CliError::Invalid);
        }
    }
    for (file, n) in &earlier {
        writeln!(
            io.err,
            "note: {n} game(s) on {file} were played on an earlier version of it and are left out"
        )?;
    }
    let played_by = strength
        .search()
        .map_err(|e| CliError::Usage(e.to_string()))?
        .to_string();
    if played_by != search {
        writeln!(
            io.err,
            "note: these games were played by search `{played_by}`, not this program's `{search}`: \
             `strength --check` will call the record stale"
        )?;
    }
    let chart_name = chart
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let md = strength.markdown(&chart_name, &played_by);
    let mut files = StagedFiles::new();
    files
        .write(&args.out, RECORD_KIND, md.as_bytes())
        .and_then(|()| files.write(&chart, FileKind::SVG, strength.chart_svg().as_bytes()))
        .and_then(|()| files.commit())?;
    writeln!(
        io.out,
        "wrote {} and {} ({} values)",
        args.out.display(),
        chart.display(),
        strength.self_play.values + strength.other.values
    )?;
    Ok(())
}
