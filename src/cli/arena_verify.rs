//! `mars-attacks arena ... --out FILE --verify`: every game of the run that FILE holds is
//! played again from its seeds and compared with its record (see [`crate::arena::verify`]).
//! Nothing is written. Exit code 1 when a game does not replay, when the file lacks games
//! of the run (they are named), or when it holds none of the run's games to check.
//!
//! The file is read twice, a record at a time: first to learn which of the run's games it
//! holds (a bit a game), then to play them again in batches of [`BATCH`] records, so the
//! memory taken is a batch's, whatever the size of the file. A run's games are known by
//! their ids, the run's seed and the scenario's fingerprint: the scenario may be named by
//! any path to the same file.

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
use crate::arena::seen::SeenGames;
use crate::arena::verify::{Difference, first_difference_in_run, replays};
use crate::arena::{Plan, Shard};
use crate::bot::spec::PlayerSpec;

/// How many games that do not replay, or are missing, are listed one by one (all are
/// counted).
const LISTED: usize = 10;

/// How many records are held at once, played again together.
pub const BATCH: usize = 256;

/// Plays again the games of `plan` (its `shard`) that `out` holds, on `threads` threads.
pub fn run(
    mut plan: Plan,
    shard: Shard,
    out: &Path,
    threads: usize,
    quiet: bool,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    // Which of the run's games the file holds (a game of the run: its seed, a scenario of
    // the run as the file is now, an id of the plan in the shard).
    let of_the_run = |plan: &Plan, r: &Record| -> Option<u64> {
        if r.seed != plan.seed
            || !plan
                .scenarios
                .iter()
                .any(|s| s.name() == r.scenario && s.fingerprint == r.scenario_fingerprint)
        {
            return None;
        }
        plan.position_of(&r.id).filter(|&n| shard.holds_game(n))
    };
    let mut held = SeenGames::default();
    let mut kept_moves = false;
    let mut kept_luck = false;
    let scanned = scan_records(out, None, |r| {
        if of_the_run(&plan, &r).is_some() {
            held.insert(&r.id, r.seed, &r.scenario_fingerprint);
            kept_moves |= r.moves.is_some();
            kept_luck |= r.luck.is_some();
        }
        ControlFlow::Continue(())
    });
    if let Err(e) = scanned {
        writeln!(io.err, "error: {e}")?;
        return Err(CliError::Invalid);
    }
    // Decisions kept in the records are compared too, so they are kept again.
    plan.record_moves = kept_moves;
    plan.luck = kept_luck;
    let timed: Vec<&PlayerSpec> = plan
        .players
        .iter()
        .map(|e| &e.spec)
        .filter(|s| !replays(s))
        .collect();
    let replayable =
        |plan: &Plan, seats: &[usize; 2]| seats.iter().all(|&p| replays(&plan.players[p].spec));
    // The run's games: those to play again, those left out (a time budget), those missing.
    let (mut todo, mut left_out, mut missing) = (0usize, 0u64, Vec::new());
    let mut missing_count = 0u64;
    for job in plan.shard_iter(shard) {
        let fingerprint = &plan.scenarios[job.scenario].fingerprint;
        let there = held.contains(&job.id, plan.seed, fingerprint);
        if !replayable(&plan, &job.seats) {
            left_out += u64::from(there);
        } else if there {
            todo += 1;
        } else {
            missing_count += 1;
            if missing.len() < LISTED {
                missing.push(job.id);
            }
        }
    }
    writeln!(
        io.err,
        "arena --verify: {todo} of the run's games in {} to play again on {} thread(s){}",
        out.display(),
        threads.min(todo.max(1)),
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
    if todo == 0 {
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
    let progress = RefCell::new(Progress::new(todo, !quiet, std::io::stderr().is_terminal()));
    let mut differ: Vec<(String, Difference)> = Vec::new();
    let mut same = 0u64;
    let kept = crate::bot::exec::Kept::new();
    let make = |spec: &PlayerSpec| spec.build_kept(&kept);
    // The second reading: each game of the run once (its first record), in batches.
    let mut done = SeenGames::default();
    let mut batch: HashMap<String, (Record, u64)> = HashMap::new();
    let mut play_batch = |batch: &mut HashMap<String, (Record, u64)>| {
        let jobs: Vec<_> = batch.values().map(|(_, n)| plan.job_at(*n)).collect();
        play_job_stream(
            &plan,
            jobs.into_iter(),
            threads,
            &make,
            Duration::from_millis(250),
            |replayed| {
                let recorded = batch.get(&replayed.id).map(|(r, _)| r);
                match recorded.and_then(|r| first_difference_in_run(r, &replayed, kept_moves)) {
                    Some(d) => differ.push((replayed.id.clone(), d)),
                    None => same += 1,
                }
                progress.borrow_mut().game_done();
                true
            },
            || progress.borrow_mut().tick(),
        );
        batch.clear();
    };
    let scanned = scan_records(out, None, |r| {
        let Some(n) = of_the_run(&plan, &r) else {
            return ControlFlow::Continue(());
        };
        if !replayable(&plan, &plan.job_at(n).seats)
            || !done.insert(&r.id, r.seed, &r.scenario_fingerprint)
        {
            return ControlFlow::Continue(());
        }
        batch.insert(r.id.clone(), (r, n));
        if batch.len() >= BATCH {
            play_batch(&mut batch);
        }
        ControlFlow::Continue(())
    });
    if let Err(e) = scanned {
        writeln!(io.err, "error: {e} (while reading it a second time)")?;
        return Err(CliError::Invalid);
    }
    play_batch(&mut batch);
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
    if missing_count > 0 {
        writeln!(
            io.out,
            "{missing_count} games of the run are not in {}: {}{}",
            out.display(),
            missing.join(", "),
            if missing_count > missing.len() as u64 {
                format!(" and {} more", missing_count - missing.len() as u64)
            } else {
                String::new()
            }
        )?;
    }
    if !differ.is_empty() {
        writeln!(
            io.err,
            "error: {} of {played} games do not replay: this program plays them differently \
             from the one that recorded them",
            differ.len()
        )?;
        return Err(CliError::Invalid);
    }
    if missing_count > 0 {
        writeln!(
            io.err,
            "error: {} holds {played} of the run's games and lacks {missing_count}: the games \
             it holds replay, but the run is not whole (`arena --resume` with the run's own \
             arguments completes it)",
            out.display()
        )?;
        return Err(CliError::Invalid);
    }
    Ok(())
}
