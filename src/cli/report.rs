//! `mars-attacks report RESULTS.jsonl... --out DIR`: reads one or more results files (the
//! shards of a run, or several runs), merges them, prints the summary and writes a report
//! directory: `index.html` with SVG charts and the CSV tables.
//!
//! A game found in more than one file (same id and run seed) counts once. Every file is
//! read and checked before anything is written.

use std::collections::HashSet;
use std::path::PathBuf;

use clap::Args;

use super::{CliError, Io};
use crate::arena::record::read_records;
use crate::arena::report::{write_report, write_text};
use crate::arena::summarize;

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
}

/// Run `report`.
pub fn run(args: ReportArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let mut records = Vec::new();
    let mut seen = HashSet::new();
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
            if seen.insert((r.id.clone(), r.seed)) {
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
