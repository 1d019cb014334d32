//! `mars-attacks selfplay --games N --seed S --out FILE`: self-play games for learning
//! ([`crate::bot::selfplay`]): two copies of a search player on every scenario, each
//! searched decision kept as its side saw it with the search's visits and value, and how
//! the game ended, appended to FILE a game at a time. Like `arena`, a run is a function of
//! its seed, resumes (`--resume`) and shards (`--shard K/N`, `auto`); the file is not the
//! program's data, its command and seed make it again.

use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Instant;

use clap::Args;

use super::shard::ShardArg;
use super::{CliError, Io, load_scenario_bytes};
use crate::arena::Shard;
use crate::bot::PlayerSpec;
use crate::bot::selfplay::file::{self, Header, HeaderScenario};
use crate::bot::selfplay::{Run, play_game};
use crate::limits;
use crate::rules::fingerprint::scenario_fingerprint;
use crate::staged::{FileKind, check_output};

/// A self-play file, as a file `selfplay` may add to (with `--resume`).
pub const SELF_PLAY_KIND: FileKind = FileKind::text("a self-play file", "MASELF");

/// Arguments of `selfplay`.
#[derive(Args, Debug)]
pub struct SelfPlayArgs {
    /// Scenario files to play (default: every file in scenarios/).
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub scenario: Vec<PathBuf>,
    /// The player of both sides: a built-in search that decides fairly, with an iteration
    /// budget so the games replay.
    #[arg(long, default_value = "mcts:200")]
    pub player: String,
    /// The chance that a searched decision is drawn from the search's visits instead of
    /// being its most visited action (0 to 1).
    #[arg(long, default_value_t = 0.25, value_parser = parse_chance)]
    pub explore: f64,
    #[arg(long, value_name = "N", value_parser = limits::parse_games,
          help = limits::games_help("Games on each scenario"))]
    pub games: u32,
    /// Seed of the run: every game's dice and players derive from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The self-play file to write: a new file, or with --resume one of this run.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Complete the run in --out: play only the games it does not hold yet.
    #[arg(long)]
    pub resume: bool,
    /// Play only part K of N of the run (as `arena --shard`).
    #[arg(long, value_name = "K/N|auto[/N]")]
    pub shard: Option<ShardArg>,
    #[arg(long, value_name = "J", value_parser = limits::parse_jobs,
          help = limits::jobs_help("Worker threads, a game each (default: every core)"))]
    pub jobs: Option<usize>,
    /// No progress lines.
    #[arg(long, short)]
    pub quiet: bool,
}

/// A number given where a chance from 0 to 1 is wanted that is none.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a chance from 0 to 1")]
pub struct NotAChance(pub String);

/// A chance from 0 to 1 (`--explore`, and `train-value`'s shares).
pub(super) fn parse_chance(text: &str) -> Result<f64, NotAChance> {
    match text.trim().parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(NotAChance(text.to_string())),
    }
}

pub fn run(args: SelfPlayArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let player: PlayerSpec = args
        .player
        .parse()
        .map_err(|e| CliError::Usage(format!("--player: {e}")))?;
    if player.exec().is_some() || !player.is_fair() || !player.kind().searches() {
        return Err(CliError::Usage(format!(
            "--player {}: self-play takes a built-in fair search (mcts:N)",
            args.player
        )));
    }
    if !crate::arena::verify::replays(&player) {
        return Err(CliError::Usage(format!(
            "--player {}: a search with a time budget does not replay; give it iterations \
             (mcts:200)",
            args.player
        )));
    }
    check_output(&args.out, SELF_PLAY_KIND)?;
    let shard = match args.shard {
        None => Shard::ALL,
        Some(arg) => arg
            .resolve(&|name| std::env::var(name).ok())
            .map_err(|e| CliError::Usage(e.to_string()))?,
    };
    let files = if args.scenario.is_empty() {
        let mut v: Vec<PathBuf> = std::fs::read_dir("scenarios")
            .map_err(|e| {
                CliError::Usage(format!("scenarios/: {e} (name the files with --scenario)"))
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        v.sort();
        v
    } else {
        args.scenario.clone()
    };
    if files.len() > usize::from(u8::MAX) {
        return Err(CliError::Usage(format!(
            "{} scenarios: a self-play run takes at most {}",
            files.len(),
            u8::MAX
        )));
    }
    let mut scenarios = Vec::new();
    let mut named = Vec::new();
    for f in &files {
        let (s, bytes) = load_scenario_bytes(f, io)?;
        named.push(HeaderScenario {
            name: s.name.clone(),
            file: f.display().to_string(),
            fingerprint: scenario_fingerprint(&bytes),
        });
        scenarios.push(Arc::new(s));
    }
    let header = Header {
        seed: args.seed,
        player: player.to_string(),
        explore: args.explore,
        games: args.games,
        shard: format!("{}/{}", shard.index, shard.count),
        scenarios: named,
        search: crate::bot::spec::search_fingerprint(),
    };
    // The file: new, or this run's to complete. Locked for this run from here on.
    let name = args.out.display().to_string();
    let holds = std::fs::metadata(&args.out).is_ok_and(|m| m.len() > 0);
    let mut done = HashSet::new();
    let mut cut_to = None;
    if holds {
        if !args.resume {
            return Err(CliError::Usage(format!(
                "{name} already holds games; pass --resume to complete that run, or choose \
                 another --out"
            )));
        }
        let scanned = file::scan(&args.out, |g| {
            done.insert(g.number);
            true
        });
        let scanned = match scanned {
            Ok(s) => s,
            Err(e) => {
                writeln!(io.err, "error: {e}")?;
                return Err(CliError::Invalid);
            }
        };
        if !scanned.header.same_run(&header) {
            return Err(CliError::Usage(format!(
                "{name} holds another run's games (seed {}, {}, explore {}, {} games, shard \
                 {}, another search or scenarios): complete it with its own arguments, or \
                 choose another --out",
                scanned.header.seed,
                scanned.header.player,
                scanned.header.explore,
                scanned.header.games,
                scanned.header.shard
            )));
        }
        if scanned.torn {
            writeln!(
                io.err,
                "note: {name}: the last game was cut short by an interruption; it is removed \
                 and played again"
            )?;
            cut_to = Some(scanned.complete_len);
        }
    }
    let mut out = std::fs::OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(&args.out)
        .map_err(|e| CliError::Output(format!("{name}: cannot open for writing: {e}")))?;
    if !crate::file_lock::lock_for_this_run(&out) {
        return Err(CliError::Usage(format!(
            "{name} is being written by another self-play run (it holds the file's lock): \
             wait for that run to end, or choose another --out"
        )));
    }
    if let Some(len) = cut_to {
        out.set_len(len)
            .map_err(|e| CliError::Output(format!("{name}: cannot cut it: {e}")))?;
    }
    if !holds {
        file::write_header(&mut out, &header)
            .and_then(|()| out.flush())
            .map_err(|e| CliError::Output(format!("{name}: cannot write: {e}")))?;
    }
    let games = u64::from(args.games);
    let total = games * scenarios.len() as u64;
    let mut todo: Vec<u64> = (0..total)
        .filter(|&n| shard.holds_game(n) && !done.contains(&n))
        .collect();
    // Game by game across the scenarios (game `n` of each, then `n + 1`), so a run stopped
    // part way has played every scenario alike; each game is the same whenever it is played.
    todo.sort_by_key(|&n| (n % games, n / games));
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(todo.len().max(1));
    writeln!(
        io.err,
        "selfplay: {} games to play ({} already in {name}) of {} on {} scenarios, {}, \
         explore {}, on {jobs} thread(s)",
        todo.len(),
        done.len(),
        total,
        scenarios.len(),
        player,
        args.explore
    )?;
    let run = Run {
        seed: args.seed,
        player,
        explore: args.explore,
    };
    let queue = Mutex::new(todo.iter().copied());
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let (tx, rx) = mpsc::sync_channel::<(Vec<u8>, usize)>(jobs * 2);
    let show = !args.quiet;
    let tty = std::io::stderr().is_terminal();
    let mut written = 0u64;
    let mut positions = 0u64;
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (queue, stop, scenarios, run) = (&queue, &stop, &scenarios, &run);
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let next = queue.lock().ok().and_then(|mut q| q.next());
                    let Some(n) = next else { break };
                    let s = (n / games) as usize;
                    let game = play_game(run, &scenarios[s], s as u8, n);
                    let kept = game.positions.len();
                    if tx.send((file::record_bytes(&game), kept)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (bytes, kept) in rx {
            if failure.is_some() {
                continue;
            }
            if let Err(e) = out.write_all(&bytes).and_then(|()| out.flush()) {
                failure = Some(format!("{name}: cannot write: {e}"));
                stop.store(true, Ordering::Relaxed);
                continue;
            }
            written += 1;
            positions += kept as u64;
            if show && (written.is_multiple_of(100) || written == todo.len() as u64) {
                let secs = started.elapsed().as_secs_f64();
                let line = format!(
                    "selfplay: {written} of {} games, {positions} positions, {:.2} games/s",
                    todo.len(),
                    written as f64 / secs.max(1e-9)
                );
                let _ = if tty {
                    write!(io.err, "\r{line}")
                } else {
                    writeln!(io.err, "{line}")
                };
            }
        }
    });
    if show && tty {
        writeln!(io.err)?;
    }
    if let Some(e) = failure {
        return Err(CliError::Output(e));
    }
    writeln!(
        io.out,
        "{written} games, {positions} positions written to {name} in {:.1} s",
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}
