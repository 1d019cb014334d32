//! `mars-attacks report RESULTS.jsonl... --out DIR`: reads one or more results files (the
//! shards of a run, or several runs), merges them, prints the summary and writes a report
//! directory: `index.html` with SVG charts and the CSV tables.
//!
//! A game found in more than one file (same id, run seed and scenario fingerprint) counts
//! once. Results of one scenario name played on different versions of its file (different
//! fingerprints) are refused, naming the files that disagree, unless `--by-fingerprint`
//! keeps the versions apart, each labelled by its scenario file and fingerprint. Every file
//! is read and checked before anything is written.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::PathBuf;

use clap::Args;

use super::{CliError, Io};
use crate::arena::record::read_records;
use crate::arena::report::{write_report, write_text};
use crate::arena::summarize;

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

/// Run `report`.
pub fn run(args: ReportArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let mut records = Vec::new();
    let mut seen = HashSet::new();
    // scenario name -> fingerprint -> (scenario files, results files)
    let mut versions: BTreeMap<String, Versions> = BTreeMap::new();
    let mut repeated = 0usize;
    for path in &args.files {
        let read = match read_records(path) {
            Ok(r) => r,
            Err(e) => {
                writeln!(io.err, "error: {e}")?;
                return Err(CliError::Invalid);
            }
        };
        if let Some(line) = read.torn_line {
            writeln!(
                io.err,
                "note: {}:{line}: the last line was cut short (an interrupted run) and is \
                 left out",
                path.display()
            )?;
        }
        for r in read.records {
            let v = versions
                .entry(r.scenario.clone())
                .or_default()
                .entry(r.scenario_fingerprint.clone())
                .or_default();
            v.0.insert(r.scenario_file.clone());
            v.1.insert(path.display().to_string());
            if seen.insert((r.id.clone(), r.seed, r.scenario_fingerprint.clone())) {
                records.push(r);
            } else {
                repeated += 1;
            }
        }
    }
    if repeated > 0 {
        writeln!(
            io.err,
            "note: {repeated} game(s) appear in more than one place and count once"
        )?;
    }
    if records.is_empty() {
        writeln!(io.err, "error: the results hold no game")?;
        return Err(CliError::Invalid);
    }
    let mixed: Vec<(&String, &Versions)> = versions.iter().filter(|(_, v)| v.len() > 1).collect();
    if !mixed.is_empty() {
        if !args.by_fingerprint {
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
        for r in &mut records {
            if versions[&r.scenario].len() > 1 {
                r.scenario = format!(
                    "{} ({}, {})",
                    r.scenario, r.scenario_file, r.scenario_fingerprint
                );
            }
        }
    }
    let summary = summarize(&records);
    let sources: Vec<String> = args.files.iter().map(|p| p.display().to_string()).collect();
    let written = match write_report(&args.out, &records, &summary, &sources) {
        Ok(w) => w,
        Err(e) => {
            writeln!(io.err, "error: {e}")?;
            return Err(CliError::Invalid);
        }
    };
    if args.json {
        let text = serde_json::to_string_pretty(&summary).expect("a summary always serializes");
        writeln!(io.out, "{text}")?;
    } else {
        write_text(&summary, io.out)?;
    }
    writeln!(
        io.err,
        "report: {} games; wrote {}",
        records.len(),
        written
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    Ok(())
}
