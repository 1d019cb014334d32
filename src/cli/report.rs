//! `mars-attacks report RESULTS.jsonl... --out DIR`: reads one or more results files (the
//! shards of a run, or several runs), merges them, prints the summary and writes a report
//! directory: `index.html` with SVG charts and the CSV tables.
//!
//! A game found in more than one file (same id, run seed and scenario fingerprint) counts
//! once. Results of one scenario name played on different versions of its file (different
//! fingerprints) are refused, naming the files that disagree, unless `--by-fingerprint`
//! keeps the versions apart, each labelled by its scenario file and fingerprint. Every file
//! is read and checked before anything is written, and the report is written all or
//! nothing. The files are read a record at a time, never held: memory is bounded by the
//! summary (the scenarios, players and pairings), not by the number of games; `games.csv`
//! is sorted by id in chunks set aside in temporary files beside it.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::path::PathBuf;

use clap::Args;

use super::{CliError, Io};
use crate::arena::Summarizer;
use crate::arena::games_table::GamesTable;
use crate::arena::record::scan_records;
use crate::arena::report::{GAMES_CSV, GAMES_KIND, check_report_folder, stage_report, write_text};
use crate::arena::seen::SeenGames;
use crate::staged::StagedFiles;

/// The versions of one scenario in the results: fingerprint -> (the scenario files it was
/// read from, the results files holding its games).
type Versions = BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)>;

/// Arguments of `report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Results files written by `arena`.
    #[arg(value_name = "RESULTS", required = true)]
    pub files: Vec<PathBuf>,
    /// The directory to write the report to.
    #[arg(long, default_value = "arena-report", value_name = "DIR")]
    pub out: PathBuf,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// Keep results of different versions of a scenario file (same name, different
    /// fingerprints) apart, each labelled by its file and fingerprint, instead of refusing
    /// to mix them.
    #[arg(long)]
    pub by_fingerprint: bool,
}

/// Run `report`. The files are read twice, a record at a time, so that memory is bounded
/// by the summary, not by the files: the first reading checks them (and finds which
/// scenarios were played on more than one version of their file), the second builds the
/// summary and writes `games.csv` as it goes. The report is written all or nothing.
pub fn run(args: ReportArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    // The folder and every file of it that is there already, before anything is read.
    check_report_folder(&args.out)?;
    // scenario name -> fingerprint -> (scenario files, results files)
    let mut versions: BTreeMap<String, Versions> = BTreeMap::new();
    let mut seen = SeenGames::default();
    let mut repeated = 0u64;
    // How much of each file the first reading took: the second reads as much, even if a
    // run still appends to it.
    let mut lengths = Vec::new();
    for path in &args.files {
        let source = path.display().to_string();
        let scanned = scan_records(path, None, |r| {
            let v = versions
                .entry(r.scenario.clone())
                .or_default()
                .entry(r.scenario_fingerprint.clone())
                .or_default();
            if v.0.len() < LISTED_FILES {
                v.0.insert(r.scenario_file.clone());
            }
            v.1.insert(source.clone());
            if !seen.insert(&r.id, r.seed, &r.scenario_fingerprint) {
                repeated += 1;
            }
            ControlFlow::Continue(())
        });
        match scanned {
            Ok(s) => {
                if let Some(line) = s.torn_line {
                    writeln!(
                        io.err,
                        "note: {}:{line}: the last line was cut short (an interrupted run) and \
                         is left out",
                        path.display()
                    )?;
                }
                lengths.push(s.complete_len);
            }
            Err(e) => {
                writeln!(io.err, "error: {e}")?;
                return Err(CliError::Invalid);
            }
        }
    }
    if repeated > 0 {
        writeln!(
            io.err,
            "note: {repeated} game(s) appear in more than one place and count once"
        )?;
    }
    if seen.is_empty() {
        writeln!(io.err, "error: the results hold no game")?;
        return Err(CliError::Invalid);
    }
    let mixed: Vec<(&String, &Versions)> = versions.iter().filter(|(_, v)| v.len() > 1).collect();
    if !mixed.is_empty() && !args.by_fingerprint {
        for (name, v) in &mixed {
            writeln!(
                io.err,
                "error: \"{name}\" was played on {} versions of its file, which the results \
                 do not mix:",
                v.len()
            )?;
            for (fingerprint, (files, results)) in v.iter() {
                writeln!(
                    io.err,
                    "  fingerprint {fingerprint}: scenario file {}; in {}",
                    files.iter().cloned().collect::<Vec<_>>().join(", "),
                    results.iter().cloned().collect::<Vec<_>>().join(", ")
                )?;
            }
        }
        writeln!(
            io.err,
            "pass --by-fingerprint to report each version apart, or leave out the results \
             of the versions you do not want"
        )?;
        return Err(CliError::Invalid);
    }
    let relabel: BTreeSet<&String> = mixed.iter().map(|(name, _)| *name).collect();
    let mut staged = StagedFiles::new();
    staged.make_folder(&args.out)?;
    let mut games = staged.create(&args.out.join(GAMES_CSV), GAMES_KIND)?;
    let mut table = GamesTable::new(&args.out);
    let mut written = Ok(());
    let mut summary = Summarizer::default();
    // Variants of a sweep, compared with the first of their file on the same deals.
    let mut pairs = crate::arena::sequential::VariantPairs::default();
    let mut seen = SeenGames::default();
    for (path, len) in args.files.iter().zip(lengths) {
        let read = scan_records(path, Some(len), |mut r| {
            if written.is_err() {
                // Told below, with nothing written.
                return ControlFlow::Break(());
            }
            if !seen.insert(&r.id, r.seed, &r.scenario_fingerprint) {
                return ControlFlow::Continue(());
            }
            if relabel.contains(&r.scenario) {
                r.scenario = format!(
                    "{} ({}, {})",
                    r.scenario, r.scenario_file, r.scenario_fingerprint
                );
            }
            summary.add(&r);
            pairs.add(&r);
            written = table.add(&r);
            ControlFlow::Continue(())
        });
        if let Err(e) = read {
            writeln!(io.err, "error: {e} (while reading it a second time)")?;
            return Err(CliError::Invalid);
        }
    }
    let mut summary = summary.finish();
    summary.paired = pairs.finish();
    let sources: Vec<String> = args.files.iter().map(|p| p.display().to_string()).collect();
    let committed = written
        .and_then(|()| table.write_to(&mut games))
        .and_then(|()| games.finish())
        .and_then(|()| stage_report(&mut staged, &args.out, &summary, &sources))
        .and_then(|()| staged.commit());
    let written = committed?;
    if args.json {
        let text = serde_json::to_string_pretty(&summary).expect("a summary always serializes");
        writeln!(io.out, "{text}")?;
    } else {
        write_text(&summary, io.out)?;
    }
    writeln!(
        io.err,
        "report: {} games; wrote {}",
        summary.games,
        written
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    Ok(())
}

/// The most scenario files named for one version of a scenario in a message.
const LISTED_FILES: usize = 10;
