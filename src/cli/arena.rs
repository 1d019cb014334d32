//! `mars-attacks arena --scenario FILE... --players SPEC... --games N --seed S --jobs J`:
//! every pairing of the players on every scenario, both seats, on J worker threads, each
//! game appended to a JSON Lines results file as it ends, then a summary.
//!
//! Everything given is checked before the first game: player specs, scenario files, the
//! shard, the results file (which is never overwritten without `--overwrite`; `--resume`
//! completes the run it holds). A game that panics, makes an illegal move or exceeds the
//! runaway guard is recorded as such with its seed and the run goes on; the exit code is 1
//! when the run's results hold such a game. `--verify` plays the games the file holds again
//! and checks that they replay (`super::arena_verify`).

use std::cell::RefCell;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::Args;

use super::progress::Progress;
use super::shard::ShardArg;
use super::{CliError, Io, check_programs, load_scenario_bytes};
use crate::arena::play::play_job_stream;
use crate::arena::race::Race;
use crate::arena::report::write_text;
use crate::arena::results::{Existing, OpenError, Opened, open};
use crate::arena::sequential::{Band, Judge, Paired};
use crate::arena::vary::{Vary, VaryError, variants};
use crate::arena::{ArenaScenario, Entrant, Job, Plan, Shard, Summarizer};
use crate::bot::duel::MAX_DECISIONS;
use crate::bot::spec::PlayerSpec;
use crate::limits;

/// Arguments of `arena`.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// Scenario files to play (none with --game martian-dice).
    #[arg(long = "scenario", value_name = "FILE", num_args = 1..)]
    pub scenarios: Vec<PathBuf>,
    /// The game: skirmish (Mars Attacks!, on scenarios), martian-dice (two-player games
    /// to 25; the players are optimal, threshold:N, random, mcts[:level|:N]) or dice-game
    /// (Mars Attacks: The Dice Game, all the players at one table, 2 to 6, seats rotated;
    /// random, greedy, mcts[:level|:N]).
    #[arg(long, value_enum, default_value_t = crate::games::GameKind::Skirmish)]
    pub game: crate::games::GameKind,
    /// Play each scenario once for every combination of these values of its keys, each
    /// as its own scenario named after its values, on the same deals: for example
    /// `--vary vp_target=6,8,10 --vary martians.deployment=a7-h8,a5-h6`. A list's items
    /// are joined by `+` (`a7-h8+c6`).
    #[arg(long, value_name = "KEY=V1,V2,...")]
    pub vary: Vec<Vary>,
    /// Players: random, greedy, or flat, pimc or mcts with an optional :easy, :normal,
    /// :hard or :N iterations, or a program, exec[dir=PATH,limit=SECONDS]:COMMAND
    /// (docs/bot-protocol.md). Every two of them meet; one player alone plays itself.
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
    /// The results file, one JSON line per game [default: arena-results.jsonl].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Complete the run in --out: play only the games it does not hold yet.
    #[arg(long, conflicts_with = "overwrite")]
    pub resume: bool,
    /// Empty --out first if it holds anything.
    #[arg(long)]
    pub overwrite: bool,
    /// Play only part K of N of the run (1 <= K <= N). `auto` takes K and N from a job
    /// array: Slurm's SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, or a Kubernetes
    /// Indexed Job's JOB_COMPLETION_INDEX with the count given as `auto/N`.
    #[arg(long, value_name = "K/N|auto[/N]")]
    pub shard: Option<ShardArg>,
    /// Also pair every player with itself.
    #[arg(long)]
    pub mirror: bool,
    /// Stop playing a scenario (or a variant) once its balance is decided: the Humans'
    /// share is judged after 50, 100, 200... of its games (up to --games a pairing), and
    /// the scenario is done when its interval lies inside the band (balanced) or wholly
    /// outside it; each verdict is wrong at most 5% of the time. Give the band in percent:
    /// `--until-decided 45-55`.
    #[arg(long, value_name = "LOW-HIGH")]
    pub until_decided: Option<Band>,
    /// Race the scenarios (the variants of a sweep) to a band of the Humans' share: all
    /// play the same deals in rounds (50, 100, 200... games each, up to --games a
    /// pairing), and after each round a variant whose interval has left the band is
    /// dropped and plays no more, until --keep are left. Each round's survivors are
    /// printed with their paired difference from the one nearest the band's middle.
    /// `--band 45-55` (or `45,55`).
    #[arg(long, value_name = "LOW-HIGH", conflicts_with = "until_decided")]
    pub band: Option<Band>,
    /// With --band: end the race once this many variants are left.
    #[arg(long, default_value_t = 1, value_name = "N", requires = "band",
          value_parser = clap::value_parser!(u16).range(1..))]
    pub keep: u16,
    /// Exit with code 1 when a program playing through the bot protocol forfeited a game
    /// (crashed, broke the protocol, answered an illegal action or ran out of time), as
    /// for a failed game: for test runs of a bot, where a forfeit is a bug.
    #[arg(long)]
    pub strict: bool,
    /// Keep every game's decisions in its record (about 3 KB a game), so that any game of
    /// the run can be watched at the table: `play --replay RESULTS ID`.
    #[arg(long)]
    pub record_moves: bool,
    /// Do not measure each game's luck (the luck-adjusted scores beside the plain ones):
    /// it costs about three times a game between `greedy` and `random`, next to nothing
    /// beside a search's.
    #[arg(long)]
    pub no_luck: bool,
    #[arg(long, default_value_t = MAX_DECISIONS, value_name = "N",
          value_parser = limits::parse_max_decisions, help = limits::max_decisions_help())]
    pub max_decisions: u64,
    /// Play again every game of this run that --out holds (give the run's own --scenario,
    /// --players, --games and --seed) and check that each gives its record: the same
    /// decisions, the same values from the searches, the same result. Games of a search
    /// with a time budget are left out (they depend on the machine). Nothing is written;
    /// the exit code is 1 when a game does not replay.
    #[arg(long, conflicts_with_all = ["resume", "overwrite", "until_decided", "json"])]
    pub verify: bool,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// No progress display.
    #[arg(long, short)]
    pub quiet: bool,
}

/// The results file when `--out` is not given.
pub const DEFAULT_OUT: &str = "arena-results.jsonl";

/// Run `arena`.
pub fn run(args: ArenaArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    if matches!(
        args.game,
        crate::games::GameKind::MartianDice | crate::games::GameKind::DiceGame
    ) {
        return super::arena_dice::run(&args, io);
    }
    if args.game == crate::games::GameKind::Takedown {
        return super::arena_dice::run_takedown(&args, io);
    }
    if args.scenarios.is_empty() {
        return Err(CliError::Usage(
            "arena needs at least one --scenario FILE (or --game martian-dice)".into(),
        ));
    }
    let players = read_players(&args)?;
    let scenarios = read_scenarios(&args, io)?;
    let plan = Plan {
        scenarios,
        players,
        games: args.games,
        seed: args.seed,
        mirror: args.mirror,
        max_decisions: args.max_decisions,
        record_moves: args.record_moves,
        luck: !args.no_luck,
    };
    plan.check().map_err(|e| CliError::Usage(e.to_string()))?;
    if args.until_decided.is_some() && args.shard.is_some() {
        return Err(CliError::Usage(
            "--until-decided judges a scenario on all its games, and a shard plays only part \
             of them: run it without --shard"
                .into(),
        ));
    }
    if args.band.is_some() {
        if args.shard.is_some() {
            return Err(CliError::Usage(
                "--band races the variants on all their games, round by round, and a shard \
                 plays only part of them: run it without --shard"
                    .into(),
            ));
        }
        let n = plan.scenarios.len();
        if n < 2 || usize::from(args.keep) >= n {
            return Err(CliError::Usage(format!(
                "--band races {n} scenario(s) until --keep {} are left: give more variants \
                 (--vary) or scenarios than --keep",
                args.keep
            )));
        }
    }
    let shard = match args.shard {
        None => Shard::ALL,
        Some(arg) => arg
            .resolve(&|name| std::env::var(name).ok())
            .map_err(|e| CliError::Usage(e.to_string()))?,
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(DEFAULT_OUT));
    let all = plan.len();
    if let Some(first) = plan.scenarios.first() {
        check_programs(plan.players.iter().map(|e| &e.spec), &first.scenario)?;
    }
    let threads = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if args.verify {
        return super::arena_verify::run(plan, shard, &out, threads, args.quiet, io);
    }
    let existing = match (args.resume, args.overwrite) {
        (true, _) => Existing::Resume,
        (_, true) => Existing::Overwrite,
        _ => Existing::Refuse,
    };
    // The summary is made a record at a time: the games in the file, then each as it
    // ends, none of them kept.
    let mut summary = Summarizer::default();
    let names: Vec<String> = plan
        .scenarios
        .iter()
        .map(|s| s.name().to_string())
        .collect();
    // A sequential run's judge, and the scenarios it has decided (read by the workers as
    // they take the next game).
    let per_scenario = plan.pairings().len() as u64 * u64::from(plan.games);
    let mut judge = args
        .until_decided
        .map(|band| Judge::new(band, names.clone(), per_scenario));
    // A race's state: the variants still in it.
    let mut race = args.band.map(|band| {
        Race::new(
            band,
            usize::from(args.keep),
            names.clone(),
            plan.pairings().len() as u32,
            plan.games,
        )
    });
    let decided: Vec<AtomicBool> = names.iter().map(|_| AtomicBool::new(false)).collect();
    // Variants compared with the first of their file, on the same deals.
    let mut paired = variant_pairs(&plan, !args.vary.is_empty());
    let mut count_in = |r: &crate::arena::Record| {
        summary.add(r);
        if let Some(i) = judge.as_mut().and_then(|j| j.add(r)) {
            decided[i].store(true, Ordering::Relaxed);
        }
        if let Some(race) = race.as_mut()
            && race.add(r)
        {
            for (i, d) in decided.iter().enumerate() {
                if race.is_out(i) {
                    d.store(true, Ordering::Relaxed);
                }
            }
        }
        for p in &mut paired {
            p.add(r);
        }
    };
    let mut already = 0u64;
    let Opened {
        mut file,
        done_games,
        todo_count,
        notes,
    } = match open(&out, &plan, shard, existing, |r| {
        already += 1;
        count_in(&r);
    }) {
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
    // A race plays its variants side by side, game number by game number, so each round's
    // games of every variant come before the next round's; any other run in plan order.
    let order: Box<dyn Iterator<Item = Job> + Send + '_> = if args.band.is_some() {
        let games = u64::from(plan.games);
        let pairings = plan.pairings().len() as u64;
        let scenarios = plan.scenarios.len() as u64;
        let plan = &plan;
        Box::new((0..games).flat_map(move |g| {
            (0..scenarios).flat_map(move |s| {
                (0..pairings).map(move |p| plan.job_at((s * pairings + p) * games + g))
            })
        }))
    } else {
        Box::new(plan.shard_iter(shard))
    };
    let todo = order.filter(|j| {
        !decided[j.scenario].load(Ordering::Relaxed)
            && !done_games.contains(&j.id, plan.seed, &plan.scenarios[j.scenario].fingerprint)
    });
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
            format!(" (shard {shard}: {})", already + todo_count)
        },
        already,
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
    // Programs that ask for it play the run's games in one process each (per thread);
    // those left are stopped when the run ends.
    let kept = crate::bot::exec::Kept::new();
    let make = |spec: &PlayerSpec| spec.build_kept(&kept);
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
            count_in(&record);
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
    let mut summary = summary.finish();
    summary.order_scenarios(&names.iter().map(String::as_str).collect::<Vec<_>>());
    if let Some(j) = judge {
        summary.verdicts = j.finish();
    }
    summary.race = race.map(Race::finish);
    summary.paired = paired.iter().flat_map(Paired::finish).collect();
    report(&summary, &args, &out, io)
}

/// The players of the command line, each a spec that parses, within the run's limits
/// (the scenarios' too).
fn read_players(args: &ArenaArgs) -> Result<Vec<Entrant>, CliError> {
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
    Ok(players)
}

/// The scenarios of the command line, each file read once (the bytes checked are the bytes
/// fingerprinted), or with `--vary` each file's variants, within the run's limit.
fn read_scenarios(args: &ArenaArgs, io: &mut Io<'_>) -> Result<Vec<ArenaScenario>, CliError> {
    let mut scenarios = Vec::new();
    for path in &args.scenarios {
        // Read once: the bytes that are checked are the bytes fingerprinted (a piped
        // scenario cannot be read twice).
        let (scenario, bytes) = load_scenario_bytes(path, io)?;
        if args.vary.is_empty() {
            scenarios.push(ArenaScenario::new(
                path.display().to_string(),
                Arc::new(scenario),
                &bytes,
            ));
            continue;
        }
        let file = path.display().to_string();
        // `load_scenario_bytes` has read the file as UTF-8 text already.
        let text = String::from_utf8_lossy(&bytes);
        match variants(&file, &text, &args.vary) {
            Ok(list) => {
                // Stop at the first file whose variants go over the run's limit, before
                // the next file's variants are loaded.
                let given = scenarios.len() + list.len();
                if given > limits::MAX_SCENARIOS {
                    return Err(CliError::Usage(format!(
                        "--vary: {given} scenarios with the variants so far; at most {} are \
                         allowed in one run",
                        limits::MAX_SCENARIOS
                    )));
                }
                for v in list {
                    let mut s =
                        ArenaScenario::new(file.clone(), Arc::new(v.scenario), v.text.as_bytes());
                    s.deal_name = Some(v.deal_name);
                    scenarios.push(s);
                }
            }
            Err(VaryError::Usage(m)) => return Err(CliError::Usage(m)),
            Err(e @ VaryError::Invalid(_)) => {
                writeln!(io.err, "{e}")?;
                writeln!(io.err, "error: no game played: every variant must load")?;
                return Err(CliError::Invalid);
            }
        }
    }
    Ok(scenarios)
}

/// With `--vary`, each file's variants as one comparison with the first of them, on the
/// same deals; else none.
fn variant_pairs(plan: &Plan, varied: bool) -> Vec<Paired> {
    if !varied {
        return Vec::new();
    }
    let mut files: Vec<(&str, Vec<String>)> = Vec::new();
    for s in &plan.scenarios {
        match files.iter_mut().find(|f| f.0 == s.deal_name()) {
            Some(f) => f.1.push(s.name().to_string()),
            None => files.push((s.deal_name(), vec![s.name().to_string()])),
        }
    }
    files.into_iter().map(|(_, v)| Paired::new(v)).collect()
}

/// Prints the run's summary (text or JSON) and says how it ended: an error when a game did
/// not finish, or with `--strict` when a program forfeited one.
fn report(
    summary: &crate::arena::Summary,
    args: &ArenaArgs,
    out: &std::path::Path,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    if args.json {
        let text = serde_json::to_string_pretty(&summary).expect("a summary always serializes");
        writeln!(io.out, "{text}")?;
    } else {
        write_text(summary, io.out)?;
    }
    let forfeits: u32 = summary
        .scenarios
        .iter()
        .flat_map(|s| &s.reasons)
        .filter(|(why, _)| *why == crate::arena::Reason::Forfeit)
        .map(|(_, n)| n)
        .sum();
    if args.strict && forfeits > 0 {
        writeln!(
            io.err,
            "error: {forfeits} game(s) were forfeited by a program (--strict); each record's \
             `error` in {} says why",
            out.display()
        )?;
        return Err(CliError::Invalid);
    }
    if summary.failed == 0 {
        Ok(())
    } else {
        writeln!(
            io.err,
            "error: {} game(s) did not finish; they are recorded in {} with their seeds",
            summary.failed,
            out.display()
        )?;
        Err(CliError::Invalid)
    }
}
