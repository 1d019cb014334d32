//! `mars-attacks strength RESULTS... [--out FILE]`: the strength record
//! (`docs/strength.md` and its reliability chart) from arena results, of the scenario files
//! as they are (games on an earlier version of a file are left out); `--check` fails when
//! the search or a scenario named in the record has changed since it was written.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use clap::Args;

use super::{CliError, Io};
use crate::arena::ladder_table::{ladder_staleness, splice_ladder};
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
    /// (docs/dice-ladder.md with --dice.)
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Check that the record is current instead of writing it: its search, its
    /// scenarios and its ladder's recipes.
    #[arg(long)]
    pub check: bool,
    /// Write only the ladder's section of the record (each level against the one below
    /// and against `greedy`) from these results, keeping the rest of the record as it is.
    #[arg(long, conflicts_with = "check")]
    pub ladder: bool,
    /// The dice games' ladders instead (docs/dice-ladder.md): every level of Martian Dice
    /// and of the Dice Game against the one below and against the game's simple player,
    /// in games this command plays itself (they take seconds and replay from --seed).
    #[arg(long, conflicts_with = "ladder")]
    pub dice: bool,
    /// With --dice: games a pairing.
    #[arg(long, default_value_t = 4000, requires = "dice")]
    pub games: u32,
    /// With --dice: the seed of the first run (each run after it the next).
    #[arg(long, default_value_t = 7000, requires = "dice")]
    pub seed: u64,
    /// With --dice: threads playing games at once (all cores by default).
    #[arg(long, requires = "dice")]
    pub jobs: Option<usize>,
}

impl StrengthArgs {
    /// The record it writes or checks: `--out`, or the default for its kind.
    pub fn record(&self) -> PathBuf {
        self.out.clone().unwrap_or_else(|| {
            if self.dice {
                DEFAULT_DICE_RECORD.into()
            } else {
                DEFAULT_RECORD.into()
            }
        })
    }
}

/// Where `strength` writes, unless `--out` says.
pub const DEFAULT_RECORD: &str = "docs/strength.md";

/// Where `strength --dice` writes, unless `--out` says.
pub const DEFAULT_DICE_RECORD: &str = "docs/dice-ladder.md";

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
    if args.dice {
        if !args.results.is_empty() {
            return Err(CliError::Usage(
                "--dice plays its own games and reads no results files".into(),
            ));
        }
        let out = args.record();
        let jobs = args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |c| c.get()));
        return super::dice_ladder::run(&out, args.check, args.games, args.seed, jobs, io);
    }
    let out_path = args.record();
    let search = search_fingerprint();
    if args.check {
        let text = std::fs::read_to_string(&out_path)
            .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", out_path.display())))?;
        let mut changed = stale(&text, &search, |file| scenario_now(Path::new(file)));
        changed.extend(ladder_staleness(&text));
        if changed.is_empty() {
            writeln!(io.out, "{} is current", out_path.display())?;
            return Ok(());
        }
        for c in &changed {
            writeln!(io.err, "{}: {c}", out_path.display())?;
        }
        return Err(CliError::Invalid);
    }
    if args.results.is_empty() {
        return Err(CliError::Usage(
            "name the arena results files to record (or give --check)".into(),
        ));
    }
    // Both files it writes, before the results are read.
    let chart = chart_path(&out_path);
    check_output(&out_path, RECORD_KIND)
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
    if args.ladder {
        return write_ladder(&out_path, &strength, &played_by, io);
    }
    let chart_name = chart
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let md = strength.markdown(&chart_name, &played_by);
    let mut files = StagedFiles::new();
    files
        .write(&out_path, RECORD_KIND, md.as_bytes())
        .and_then(|()| files.write(&chart, FileKind::SVG, strength.chart_svg().as_bytes()))
        .and_then(|()| files.commit())?;
    writeln!(
        io.out,
        "wrote {} and {} ({} values)",
        out_path.display(),
        chart.display(),
        strength.self_play.values + strength.other.values
    )?;
    Ok(())
}

/// Writes the ladder's section of the record at `out` from `strength`, keeping the rest.
fn write_ladder(
    out: &Path,
    strength: &Strength,
    played_by: &str,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    if !strength.has_ladder_games() {
        return Err(CliError::Usage(
            "these results hold no game of a level (mcts:beginner to mcts:expert)".into(),
        ));
    }
    let record = std::fs::read_to_string(out)
        .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", out.display())))?;
    // One record, one search: the ladder's games must be of the search the rest measured.
    let recorded = record.lines().find_map(|l| {
        l.strip_prefix("Search: `")
            .and_then(|r| r.strip_suffix('`'))
    });
    if recorded != Some(played_by) {
        return Err(CliError::Usage(format!(
            "the ladder's games were played by search `{played_by}`, and {} names {}: \
             record them in a record of that search",
            out.display(),
            recorded.map_or("no search".to_string(), |r| format!("search `{r}`"))
        )));
    }
    let text = splice_ladder(&record, &strength.ladder_markdown());
    let mut files = StagedFiles::new();
    files
        .write(out, RECORD_KIND, text.as_bytes())
        .and_then(|()| files.commit())?;
    writeln!(io.out, "wrote the ladder's section of {}", out.display())?;
    Ok(())
}
