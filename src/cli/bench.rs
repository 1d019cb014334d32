//! `mars-attacks bench [FILE] [--seconds S]`: how fast the rules engine plays. Reports
//! atomic actions (decisions applied) per second and complete random games per second,
//! on one core, from seeded random-vs-random games of the scenario (Scenario 1 by
//! default).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;

use super::{CliError, Io, load_scenario};
use crate::limits;
use crate::rules::{GameState, rng_from_seed};
use crate::sim::{decision_rng, random_playout};

/// Arguments of `bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The scenario to play.
    #[arg(value_name = "FILE", default_value = "scenarios/whos-there.toml")]
    pub file: PathBuf,
    #[arg(long, default_value_t = 3.0, value_parser = limits::parse_bench_seconds,
          help = format!("How long to measure, in seconds (more than 0, at most {})", limits::MAX_BENCH_SECONDS))]
    pub seconds: f64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The runaway guard of a benchmark game: a game still going after this many decisions
/// is stopped and reported, never counted as a game.
pub const GUARD: usize = 100_000;

/// Play random games for the given time and print the rates.
pub fn run(args: BenchArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    // The clap parser has checked it already; a caller building the arguments by hand
    // gets the same check.
    limits::parse_bench_seconds(&args.seconds.to_string())
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let scenario = Arc::new(load_scenario(&args.file, io)?);
    let budget = Duration::from_secs_f64(args.seconds);
    let mut legal = Vec::with_capacity(64);
    // Warm up caches and the branch predictor (at most a tenth of the time).
    let warm = Instant::now();
    for seed in 0..200 {
        if warm.elapsed() >= budget / 10 {
            break;
        }
        let mut dice = rng_from_seed(seed);
        let mut choose = decision_rng(seed);
        let mut g = GameState::new(scenario.clone(), &mut dice);
        random_playout(&mut g, &mut dice, &mut choose, &mut legal, GUARD);
    }
    let start = Instant::now();
    let (mut games, mut actions, mut rounds) = (0u64, 0u64, 0u64);
    // Games the runaway guard stopped: not games played to the end, so not counted as
    // games (their decisions still count as actions).
    let mut stopped = 0u64;
    let mut seed = 0u64;
    // At least one game, however short the time: a game that cannot end is then told
    // from a time too short for any game.
    while start.elapsed() < budget || games + stopped == 0 {
        for _ in 0..100 {
            let mut dice = rng_from_seed(seed);
            let mut choose = decision_rng(seed);
            seed += 1;
            let mut g = GameState::new(scenario.clone(), &mut dice);
            actions += random_playout(&mut g, &mut dice, &mut choose, &mut legal, GUARD) as u64;
            if g.is_over() {
                rounds += u64::from(g.round());
                games += 1;
            } else {
                stopped += 1;
            }
            if start.elapsed() >= budget {
                break;
            }
        }
    }
    if games == 0 {
        writeln!(
            io.err,
            "error: no game of {} ended within {GUARD} decisions; there is no games/s to \
             report (does the scenario let a game end? `validate` says)",
            scenario.name
        )?;
        return Err(CliError::Invalid);
    }
    let secs = start.elapsed().as_secs_f64();
    let gps = games as f64 / secs;
    let aps = actions as f64 / secs;
    if args.json {
        writeln!(
            io.out,
            "{{\"scenario\": {}, \"seconds\": {secs:.3}, \"games\": {games}, \"stopped_by_guard\": {stopped}, \"actions\": {actions}, \"games_per_second\": {gps:.1}, \"actions_per_second\": {aps:.0}, \"mean_actions_per_game\": {:.1}, \"mean_rounds_per_game\": {:.2}}}",
            super::json_str(&scenario.name),
            actions as f64 / games as f64,
            rounds as f64 / games as f64
        )?;
    } else {
        writeln!(
            io.out,
            "scenario: {} (one core, random vs random)",
            scenario.name
        )?;
        writeln!(
            io.out,
            "games:    {games} in {secs:.2} s = {gps:.0} games/s"
        )?;
        writeln!(
            io.out,
            "actions:  {actions} = {:.2} million actions/s",
            aps / 1e6
        )?;
        writeln!(
            io.out,
            "per game: {:.1} actions, {:.2} Rounds",
            actions as f64 / games as f64,
            rounds as f64 / games as f64
        )?;
    }
    if stopped > 0 {
        writeln!(
            io.err,
            "error: {stopped} of {} games were stopped by the runaway guard after {GUARD} \
             decisions and are not counted as games",
            stopped + games
        )?;
        return Err(CliError::Invalid);
    }
    Ok(())
}
