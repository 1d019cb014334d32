//! `mars-attacks scenarios`: the shelf of shipped scenarios. Records measured balance from
//! arena results beside each scenario (`--record`), and writes `docs/scenarios.md` with a
//! map picture per scenario; `--check` only says whether the page and the recorded balance
//! are up to date with the files.

use std::ops::ControlFlow;
use std::path::PathBuf;

use clap::Args;

use super::{CliError, Io};
use crate::arena::record::scan_records;
use crate::shelf::balance::{BALANCE_KIND, Measuring};
use crate::shelf::{self, Balance, BalanceState, docs};
use crate::staged::StagedFiles;

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
    // Everything written is written together at the end, or nothing is.
    let mut staged = StagedFiles::new();
    if !args.record.is_empty() {
        let measuring = read_measuring(&args, io)?;
        refuse_mixed(&shelf, &measuring, io)?;
        record_balances(&mut shelf, &measuring, &mut staged, &args, io)?;
    }
    let documents = docs::documents(&shelf, &crate::bot::spec::search_fingerprint());
    if args.check {
        return check_shelf(&shelf, &documents, &args, io);
    }
    staged.make_folder(&args.docs.join(docs::PICTURES))?;
    for (rel, text) in &documents {
        staged.write(
            &args.docs.join(rel),
            docs::document_kind(rel),
            text.as_bytes(),
        )?;
    }
    staged.commit()?;
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

/// Whether the file at `path` holds `text` and nothing more (read no further than that).
fn holds(path: &std::path::Path, text: &str) -> bool {
    use std::io::Read;
    let mut bytes = Vec::new();
    // Only a regular file is opened (a FIFO there would block the check).
    path.is_file()
        && std::fs::File::open(path)
            .and_then(|f| f.take(text.len() as u64 + 1).read_to_end(&mut bytes))
            .is_ok_and(|_| bytes == text.as_bytes())
}

/// The self-play games of the `--record` results files, read a record at a time (memory is
/// bounded by the players measured); a player's name with a control character is refused.
fn read_measuring(args: &ScenariosArgs, io: &mut Io<'_>) -> Result<Measuring, CliError> {
    let mut measuring = Measuring::default();
    for path in &args.record {
        let mut bad_name = None;
        let read = scan_records(path, None, |r| {
            if let Some(name) = [&r.humans, &r.martians]
                .into_iter()
                .find(|n| n.chars().any(char::is_control))
            {
                bad_name = Some(name.escape_debug().to_string());
                return ControlFlow::Break(());
            }
            measuring.add(&r);
            ControlFlow::Continue(())
        });
        if let Err(e) = read {
            writeln!(io.err, "error: {e}")?;
            return Err(CliError::Invalid);
        }
        if let Some(name) = bad_name {
            writeln!(
                io.err,
                "error: {}: the player \"{name}\" has a control character in its name, \
                 which no arena run writes; nothing was recorded",
                path.display()
            )?;
            return Err(CliError::Invalid);
        }
    }
    Ok(measuring)
}

/// A player's games of one file from two versions of the search measure no one thing: say
/// which, and record nothing.
fn refuse_mixed(
    shelf: &[shelf::Shelved],
    measuring: &Measuring,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let mut mixed = false;
    for s in shelf {
        for (player, searches) in measuring.mixed_searches(&s.fingerprint) {
            let versions: Vec<String> = searches
                .iter()
                .map(|v| v.map_or("none recorded".into(), |v| format!("`{v}`")))
                .collect();
            writeln!(
                io.err,
                "error: {}: the games of {player} on both sides were played by {} \
                 versions of the search ({}): give the results of one version",
                s.file_name(),
                versions.len(),
                versions.join(", ")
            )?;
            mixed = true;
        }
    }
    if mixed {
        writeln!(io.err, "nothing was recorded")?;
        return Err(CliError::Invalid);
    }
    Ok(())
}

/// Each scenario's balance file with the games measured on it, checked and built before
/// any is written (staged); an error when no finished game was played on a file as it is.
fn record_balances(
    shelf: &mut [shelf::Shelved],
    measuring: &Measuring,
    staged: &mut StagedFiles,
    args: &ScenariosArgs,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let mut recorded = 0;
    for s in shelf.iter_mut() {
        let measured = measuring.measured(&s.fingerprint);
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
        let before = balance.clone();
        for m in measured {
            if m.games == 0 {
                writeln!(
                    io.err,
                    "note: {}: {} on both sides: none of its {} games finished, so \
                     nothing is recorded for it",
                    s.file_name(),
                    m.player,
                    m.failed
                )?;
                continue;
            }
            writeln!(
                io.out,
                "{}: {} on both sides, {} games{}: Humans {}, Martians {}, draws {}",
                s.file_name(),
                m.player,
                m.games,
                if m.runs > 1 {
                    format!(" of {} runs (seeds {} and up)", m.runs, m.seed)
                } else {
                    String::new()
                },
                m.humans.total(),
                m.martians.total(),
                m.draws
            )?;
            balance.record(m);
        }
        if balance != before {
            recorded += 1;
            let path = s.balance_path(&args.dir);
            if let Some(folder) = path.parent() {
                staged.make_folder(folder)?;
            }
            staged.write(&path, BALANCE_KIND, balance.to_text().as_bytes())?;
            s.balance = Some(balance);
        } else {
            s.balance = Some(before);
        }
    }
    let shelved: std::collections::HashSet<&str> =
        shelf.iter().map(|s| s.fingerprint.as_str()).collect();
    let unmatched: u64 = measuring
        .fingerprints()
        .into_iter()
        .filter(|f| !shelved.contains(f))
        .flat_map(|f| measuring.measured(f))
        .map(|m| u64::from(m.games + m.failed))
        .sum();
    if unmatched > 0 {
        writeln!(
            io.err,
            "note: {unmatched} self-play games were played on no file now in {} \
             (an earlier version, or another scenario) and are left out",
            args.dir.display()
        )?;
    }
    if recorded == 0 {
        writeln!(
            io.err,
            "error: no finished self-play game in the results was played on a file in {} \
             as it is now",
            args.dir.display()
        )?;
        return Err(CliError::Invalid);
    }
    Ok(())
}

/// `--check`: every scenario's balance measured on the file as it is, and the page and
/// pictures what the files give.
fn check_shelf(
    shelf: &[shelf::Shelved],
    documents: &[(PathBuf, String)],
    args: &ScenariosArgs,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let mut stale = Vec::new();
    for s in shelf {
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
    for (rel, text) in documents {
        let path = args.docs.join(rel);
        if !holds(&path, text) {
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
    Err(CliError::Invalid)
}
