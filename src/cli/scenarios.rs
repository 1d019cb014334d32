//! `mars-attacks scenarios`: the shelf of shipped scenarios. Records measured balance from
//! arena results beside each scenario (`--record`), and writes `docs/scenarios.md` with a
//! map picture per scenario; `--check` only says whether the page and the recorded balance
//! are up to date with the files.

use std::path::PathBuf;

use clap::Args;

use super::{CliError, Io};
use crate::arena::record::read_records;
use crate::shelf::{self, Balance, BalanceState, docs};

/// Arguments of `scenarios`.
#[derive(Args, Debug)]
pub struct ScenariosArgs {
    /// The folder of shipped scenarios.
    #[arg(long, default_value = "scenarios", value_name = "DIR")]
    pub dir: PathBuf,
    /// The docs folder the page and its pictures go to.
    #[arg(long, default_value = "docs", value_name = "DIR")]
    pub docs: PathBuf,
    /// Arena results files: the self-play games of each shipped scenario in them (matched by
    /// the file's fingerprint) become its recorded balance, replacing an earlier
    /// measurement of the same player.
    #[arg(long, value_name = "RESULTS", num_args = 1..)]
    pub record: Vec<PathBuf>,
    /// Write nothing: fail if a scenario's balance is missing or was measured on another
    /// version of its file, or if the page or a picture is not what the files give.
    #[arg(long, conflicts_with = "record")]
    pub check: bool,
}

/// Run `scenarios`.
pub fn run(args: ScenariosArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let mut shelf = match shelf::read_shelf(&args.dir) {
        Ok(s) => s,
        Err(problems) => {
            for p in problems {
                writeln!(io.err, "{p}")?;
            }
            return Err(CliError::Invalid);
        }
    };
    if shelf.is_empty() {
        return Err(CliError::Usage(format!(
            "{} holds no scenario file (*.toml)",
            args.dir.display()
        )));
    }
    if !args.record.is_empty() {
        let mut records = Vec::new();
        for path in &args.record {
            match read_records(path) {
                Ok(r) => records.extend(r.records),
                Err(e) => {
                    writeln!(io.err, "error: {e}")?;
                    return Err(CliError::Invalid);
                }
            }
        }
        // Check and build every balance file before writing any.
        let mut writes = Vec::new();
        for s in &mut shelf {
            let measured = shelf::balance::measure(&records, &s.fingerprint);
            if measured.is_empty() {
                continue;
            }
            let mut balance = match s.balance.take() {
                Some(b) if b.fingerprint == s.fingerprint => b,
                _ => Balance {
                    scenario: s.file_name(),
                    fingerprint: s.fingerprint.clone(),
                    measured: Vec::new(),
                },
            };
            for m in measured {
                writeln!(
                    io.out,
                    "{}: {} on both sides, {} games: Humans {}, Martians {}, draws {}",
                    s.file_name(),
                    m.player,
                    m.games,
                    m.humans.total(),
                    m.martians.total(),
                    m.draws
                )?;
                balance.record(m);
            }
            writes.push((s.balance_path(&args.dir), balance.to_text()));
            s.balance = Some(balance);
        }
        let shelved: std::collections::HashSet<&str> =
            shelf.iter().map(|s| s.fingerprint.as_str()).collect();
        let unmatched = records
            .iter()
            .filter(|r| {
                r.humans == r.martians && !shelved.contains(r.scenario_fingerprint.as_str())
            })
            .map(|r| (r.id.as_str(), r.seed, r.scenario_fingerprint.as_str()))
            .collect::<std::collections::HashSet<_>>()
            .len();
        if unmatched > 0 {
            writeln!(
                io.err,
                "note: {unmatched} self-play games were played on no file now in {} \
                 (an earlier version, or another scenario) and are left out",
                args.dir.display()
            )?;
        }
        if writes.is_empty() {
            writeln!(
                io.err,
                "error: no self-play game in the results was played on a file in {} as it is now",
                args.dir.display()
            )?;
            return Err(CliError::Invalid);
        }
        for (path, text) in writes {
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            write_atomically(&path, &text)?;
        }
    }
    let documents = docs::documents(&shelf);
    if args.check {
        let mut stale = Vec::new();
        for s in &shelf {
            match s.balance_state() {
                BalanceState::Current => {}
                BalanceState::Missing => stale.push(format!(
                    "{}: no measured balance (expected {})",
                    s.path.display(),
                    s.balance_path(&args.dir).display()
                )),
                BalanceState::Stale(old) => stale.push(format!(
                    "{}: the file changed (fingerprint {}) since its balance was measured \
                     (fingerprint {old}): measure it again and record it",
                    s.path.display(),
                    s.fingerprint
                )),
            }
        }
        for (rel, text) in &documents {
            let path = args.docs.join(rel);
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                stale.push(format!(
                    "{}: not what the scenario files give: run `mars-attacks scenarios`",
                    path.display()
                ));
            }
        }
        if stale.is_empty() {
            writeln!(io.out, "{} scenarios: all up to date", shelf.len())?;
            return Ok(());
        }
        for s in stale {
            writeln!(io.err, "{s}")?;
        }
        return Err(CliError::Invalid);
    }
    for (rel, text) in &documents {
        let path = args.docs.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        write_atomically(&path, text)?;
    }
    writeln!(
        io.out,
        "wrote {} and {} pictures for {} scenarios",
        args.docs.join(docs::PAGE).display(),
        documents.len() - 1,
        shelf.len()
    )?;
    for s in &shelf {
        match s.balance_state() {
            BalanceState::Current => {}
            BalanceState::Missing => {
                writeln!(io.err, "warning: {}: not measured yet", s.path.display())?
            }
            BalanceState::Stale(_) => writeln!(
                io.err,
                "warning: {}: changed since its balance was measured",
                s.path.display()
            )?,
        }
        for w in &s.warnings {
            writeln!(io.err, "{w}")?;
        }
    }
    Ok(())
}

/// Writes `text` to `path` through a temporary file in the same folder, so an interrupted
/// write never leaves half a file.
fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp-write");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}
