//! `mars-attacks arena --scenario FILE... --players SPEC... --games N --seed S --jobs J`:
//! every pairing of the players on every scenario, both seats, on J worker threads, each
//! game appended to a JSON Lines results file as it ends, then a summary.
//!
//! Everything given is checked before the first game: player specs, scenario files, the
//! shard, the results file (which is never overwritten without `--overwrite`; `--resume`
//! completes the run it holds). A game that panics, makes an illegal move or exceeds the
//! runaway guard is recorded as such with its seed and the run goes on; the exit code is 1
//! when the run's results hold such a game.

use std::cell::RefCell;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;

use super::{CliError, Io, load_scenario_bytes};
use crate::arena::play::play_job_stream;
use crate::arena::report::write_text;
use crate::arena::results::{Existing, OpenError, Opened, open};
use crate::arena::{ArenaScenario, Entrant, Plan, Shard, summarize};
use crate::bot::duel::MAX_DECISIONS;
use crate::bot::spec::PlayerSpec;
use crate::limits;

/// Arguments of `arena`.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// Scenario files to play.
    #[arg(long = "scenario", value_name = "FILE", num_args = 1.., required = true)]
    pub scenarios: Vec<PathBuf>,
    /// Players: random, greedy, or flat, pimc or mcts with an optional :easy, :normal,
    /// :hard or :N iterations. Every two of them meet; one player alone plays itself.
    #[arg(long, value_name = "SPEC", num_args = 1.., required = true)]
    pub players: Vec<String>,
    #[arg(long, default_value_t = 100, value_name = "N", value_parser = limits::parse_games,
          help = limits::games_help("Games of each pairing on each scenario, sides swapped every other game"))]
    pub games: u32,
    /// Seed of the run: every game's set-up, dice and players derive from it.
    #[arg(long, default_value_t = 0, value_name = "S")]
    pub seed: u64,
    #[arg(long, value_name = "J", value_parser = limits::parse_jobs,
          help = limits::jobs_help("Worker threads (default: every core)"))]
    pub jobs: Option<usize>,
    /// The results file, one JSON line per game.
    #[arg(long, default_value = "arena-results.jsonl", value_name = "FILE")]
    pub out: PathBuf,
    /// Complete the run in --out: play only the games it does not hold yet.
    #[arg(long, conflicts_with = "overwrite")]
    pub resume: bool,
    /// Empty --out first if it holds anything.
    #[arg(long)]
    pub overwrite: bool,
    /// Play only part K of N of the run (1 <= K <= N), e.g. one task of an array job.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Also pair every player with itself.
    #[arg(long)]
    pub mirror: bool,
    #[arg(long, default_value_t = MAX_DECISIONS, value_name = "N",
          value_parser = limits::parse_max_decisions, help = limits::max_decisions_help())]
    pub max_decisions: u64,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// No progress display.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Run `arena`.
pub fn run(args: ArenaArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let mut players = Vec::new();
    for text in &args.players {
        let spec: PlayerSpec = text
            .parse()
            .map_err(|e: crate::bot::spec::SpecError| CliError::Usage(e.to_string()))?;
        players.push(Entrant::new(spec));
    }
    for (what, given, limit) in [
        ("--players", args.players.len(), limits::MAX_PLAYERS),
        ("--scenario", args.scenarios.len(), limits::MAX_SCENARIOS),
    ] {
        if given > limit {
            return Err(CliError::Usage(format!(
                "{what}: {given} given; at most {limit} are allowed in one run"
            )));
        }
    }
    let mut scenarios = Vec::new();
    for path in &args.scenarios {
        // Read once: the bytes that are checked are the bytes fingerprinted (a piped
        // scenario cannot be read twice).
        let (scenario, bytes) = load_scenario_bytes(path, io)?;
        scenarios.push(ArenaScenario::new(
            path.display().to_string(),
            Arc::new(scenario),
            &bytes,
        ));
    }
    let plan = Plan {
        scenarios,
        players,
        games: args.games,
        seed: args.seed,
        mirror: args.mirror,
        max_decisions: args.max_decisions,
    };
    plan.check().map_err(|e| CliError::Usage(e.to_string()))?;
    let shard = args.shard.unwrap_or(Shard::ALL);
    let all = plan.len();
    let existing = match (args.resume, args.overwrite) {
        (true, _) => Existing::Resume,
        (_, true) => Existing::Overwrite,
        _ => Existing::Refuse,
    };
    let Opened {
        mut file,
        done: mut records,
        done_ids,
        todo_count,
        notes,
    } = match open(&args.out, &plan, shard, existing) {
        Ok(opened) => opened,
        Err(OpenError::Usage(e)) => return Err(CliError::Usage(e)),
        Err(OpenError::Invalid(e)) => {
            writeln!(io.err, "error: {e}")?;
            return Err(CliError::Invalid);
        }
    };
    for note in &notes {
        writeln!(io.err, "note: {note}")?;
    }
    let todo_len = usize::try_from(todo_count).unwrap_or(usize::MAX);
    let todo = plan.shard_iter(shard).filter(|j| !done_ids.contains(&j.id));
    let threads = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pairings = plan.pairings().len();
    writeln!(
        io.err,
        "arena: {} scenario(s) x {pairings} pairing(s) x {} games = {all} games{}; {} already \
         in {}, {} to play on {} thread(s)",
        plan.scenarios.len(),
        plan.games,
        if shard == Shard::ALL {
            String::new()
        } else {
            format!(" (shard {shard}: {})", records.len() + todo_len)
        },
        records.len(),
        file.path().display(),
        todo_len,
        threads.min(todo_len.max(1)),
    )?;
    let progress = RefCell::new(Progress::new(
        todo_len,
        !args.quiet,
        std::io::stderr().is_terminal(),
    ));
    let mut write_error = None;
    let make = |spec: &PlayerSpec| spec.build();
    play_job_stream(
        &plan,
        todo,
        threads,
        &make,
        Duration::from_millis(250),
        |record| {
            if let Err(e) = file.append(&record) {
                write_error = Some(e);
                return false;
            }
            records.push(record);
            progress.borrow_mut().game_done();
            true
        },
        || progress.borrow_mut().tick(),
    );
    progress.borrow_mut().finish();
    if let Some(e) = write_error {
        writeln!(
            io.err,
            "error: {e}; the games recorded so far are kept, --resume completes the run"
        )?;
        return Err(CliError::Invalid);
    }
    let summary = summarize(&records);
    if args.json {
        let text = serde_json::to_string_pretty(&summary).expect("a summary always serializes");
        writeln!(io.out, "{text}")?;
    } else {
        write_text(&summary, io.out)?;
    }
    if summary.failures.is_empty() {
        Ok(())
    } else {
        writeln!(
            io.err,
            "error: {} game(s) did not finish; they are recorded in {} with their seeds",
            summary.failures.len(),
            args.out.display()
        )?;
        Err(CliError::Invalid)
    }
}

/// The progress display on stderr: a bar redrawn in place on a terminal, a plain line
/// every [`Progress::PLAIN_EVERY`] otherwise.
struct Progress {
    total: usize,
    done: usize,
    start: Instant,
    last_line: Instant,
    show: bool,
    tty: bool,
}

impl Progress {
    const PLAIN_EVERY: Duration = Duration::from_secs(10);
    const REDRAW_EVERY: Duration = Duration::from_millis(100);

    fn new(total: usize, show: bool, tty: bool) -> Progress {
        let now = Instant::now();
        Progress {
            total,
            done: 0,
            start: now,
            last_line: now,
            show: show && total > 0,
            tty,
        }
    }

    fn game_done(&mut self) {
        self.done += 1;
        if self.tty {
            self.tick();
        }
    }

    fn status(&self) -> String {
        let secs = self.start.elapsed().as_secs_f64();
        let rate = self.done as f64 / secs.max(1e-9);
        let left = if self.done == 0 {
            "?".to_string()
        } else {
            duration_text((self.total - self.done) as f64 / rate)
        };
        format!(
            "{}/{} games, {:.2} games/s, {} elapsed, {} left",
            self.done,
            self.total,
            rate,
            duration_text(secs),
            left
        )
    }

    fn tick(&mut self) {
        if !self.show {
            return;
        }
        if self.tty {
            // Redraw at most ten times a second, however fast games end.
            if self.last_line.elapsed() >= Self::REDRAW_EVERY {
                self.last_line = Instant::now();
                self.draw_bar();
            }
        } else if self.last_line.elapsed() >= Self::PLAIN_EVERY {
            self.last_line = Instant::now();
            eprintln!("arena: {}", self.status());
        }
    }

    fn draw_bar(&self) {
        let width = 30;
        let filled = (width * self.done) / self.total.max(1);
        eprint!(
            "\r[{}{}] {}   ",
            "#".repeat(filled),
            ".".repeat(width - filled),
            self.status()
        );
    }

    fn finish(&mut self) {
        if !self.show {
            return;
        }
        if self.tty {
            self.draw_bar();
            eprintln!();
        } else {
            eprintln!("arena: {}", self.status());
        }
    }
}

/// `75s` as `1m15s`.
fn duration_text(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, (s % 3600) / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_naturally() {
        assert_eq!(duration_text(5.2), "5s");
        assert_eq!(duration_text(75.0), "1m15s");
        assert_eq!(duration_text(3725.0), "1h02m");
    }
}
