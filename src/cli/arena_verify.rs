//! `mars-attacks arena ... --out FILE --verify`: every game of the run that FILE holds is
//! played again from its seeds and compared with its record (see [`crate::arena::verify`]).
//! Nothing is written. Exit code 1 when a game does not replay, or when the file holds none
//! of the run's games to check. The run's records are held in memory while their games are
//! played again (a few KB a game: a run of a hundred thousand games takes a few hundred MB).

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::Duration;

use super::progress::Progress;
use super::{CliError, Io};
use crate::arena::play::play_job_stream;
use crate::arena::record::{Record, scan_records};
use crate::arena::verify::{Difference, first_difference, replays};
use crate::arena::{Plan, Shard};
use crate::bot::spec::PlayerSpec;

/// How many games that do not replay are listed one by one (all are counted).
const LISTED: usize = 10;

/// Plays again the games of `plan` (its `shard`) that `out` holds, on `threads` threads.
pub fn run(
    mut plan: Plan,
    shard: Shard,
    out: &Path,
    threads: usize,
    quiet: bool,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    // The run's records in the file, by id: those of its seed and of the scenario files
    // as they are now (an edited file's games are another run's).
    let mut recorded: HashMap<String, Record> = HashMap::new();
    let scanned = scan_records(out, None, |r| {
        if r.seed == plan.seed
            && plan
                .scenarios
                .iter()
                .any(|s| s.name() == r.scenario && s.fingerprint == r.scenario_fingerprint)
        {
            recorded.insert(r.id.clone(), r);
        }
        ControlFlow::Continue(())
    });
    if let Err(e) = scanned {
        writeln!(io.err, "error: {e}")?;
        return Err(CliError::Invalid);
    }
    // Decisions kept in the records are compared too, so they are kept again.
    plan.record_moves = recorded.values().any(|r| r.moves.is_some());
    let timed: Vec<&PlayerSpec> = plan
        .players
        .iter()
        .map(|e| &e.spec)
        .filter(|s| !replays(s))
        .collect();
    let mut left_out = 0u64;
    let todo: Vec<_> = plan
        .shard_iter(shard)
        .filter(|j| recorded.contains_key(&j.id))
        .filter(|j| {
            let ok = j.seats.iter().all(|&p| replays(&plan.players[p].spec));
            left_out += u64::from(!ok);
            ok
        })
        .collect();
    writeln!(
        io.err,
        "arena --verify: {} of the run's games in {} to play again on {} thread(s){}",
        todo.len(),
        out.display(),
        threads.min(todo.len().max(1)),
        if left_out > 0 {
            format!(
                "; {left_out} left out, played by a search with a time budget ({}), whose \
                 games depend on the machine",
                timed
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        } else {
            String::new()
        }
    )?;
    if todo.is_empty() {
        let why = if left_out > 0 {
            "every game of this run it holds was played by a search with a time budget"
        } else {
            "it holds no game of this run (give the run's own --scenario, --players, --games \
             and --seed)"
        };
        writeln!(
            io.err,
            "error: nothing to check in {}: {why}",
            out.display()
        )?;
        return Err(CliError::Invalid);
    }
    let progress = RefCell::new(Progress::new(
        todo.len(),
        !quiet,
        std::io::stderr().is_terminal(),
    ));
    let mut differ: Vec<(String, Difference)> = Vec::new();
    let mut same = 0u64;
    let kept = crate::bot::exec::Kept::new();
    let make = |spec: &PlayerSpec| spec.build_kept(&kept);
    play_job_stream(
        &plan,
        todo.into_iter(),
        threads,
        &make,
        Duration::from_millis(250),
        |replayed| {
            match recorded
                .get(&replayed.id)
                .and_then(|r| first_difference(r, &replayed))
            {
                Some(d) => differ.push((replayed.id.clone(), d)),
                None => same += 1,
            }
            progress.borrow_mut().game_done();
            true
        },
        || progress.borrow_mut().tick(),
    );
    progress.borrow_mut().finish();
    differ.sort_by(|a, b| a.0.cmp(&b.0));
    let played = same + differ.len() as u64;
    writeln!(
        io.out,
        "{played} games played again: {same} as recorded, {} not",
        differ.len()
    )?;
    for (id, d) in differ.iter().take(LISTED) {
        writeln!(io.out, "  {id}: {d}")?;
    }
    if differ.len() > LISTED {
        writeln!(io.out, "  ... and {} more", differ.len() - LISTED)?;
    }
    if differ.is_empty() {
        Ok(())
    } else {
        writeln!(
            io.err,
            "error: {} of {played} games do not replay: this program plays them differently \
             from the one that recorded them",
            differ.len()
        )?;
        Err(CliError::Invalid)
    }
}
