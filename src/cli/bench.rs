//! `mars-attacks bench [FILE] [--seconds S]`: how fast the rules engine plays. Reports
//! atomic actions (decisions applied) per second and complete random games per second,
//! on one core, from seeded random-vs-random games of the scenario (Scenario 1 by
//! default).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;

use super::{CliError, Io, load_scenario};
use crate::rules::{GameState, rng_from_seed};
use crate::sim::{decision_rng, random_playout};

/// Arguments of `bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The scenario to play.
    #[arg(value_name = "FILE", default_value = "scenarios/whos-there.toml")]
    pub file: PathBuf,
    /// How long to measure, in seconds.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Play random games for the given time and print the rates.
pub fn run(args: BenchArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    if !(args.seconds.is_finite() && args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(CliError::Usage(format!(
            "--seconds must be between 0 and 3600, got {}",
            args.seconds
        )));
    }
    let scenario = Arc::new(load_scenario(&args.file, io)?);
    let budget = Duration::from_secs_f64(args.seconds);
    let mut legal = Vec::with_capacity(64);
    // Warm up caches and the branch predictor.
    for seed in 0..200 {
        let mut dice = rng_from_seed(seed);
        let mut choose = decision_rng(seed);
        let mut g = GameState::new(scenario.clone(), &mut dice);
        random_playout(&mut g, &mut dice, &mut choose, &mut legal, 100_000);
    }
    let start = Instant::now();
    let (mut games, mut actions, mut rounds) = (0u64, 0u64, 0u64);
    while start.elapsed() < budget {
        for _ in 0..100 {
            let seed = games;
            let mut dice = rng_from_seed(seed);
            let mut choose = decision_rng(seed);
            let mut g = GameState::new(scenario.clone(), &mut dice);
            actions += random_playout(&mut g, &mut dice, &mut choose, &mut legal, 100_000) as u64;
            rounds += g.round() as u64;
            games += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let gps = games as f64 / secs;
    let aps = actions as f64 / secs;
    if args.json {
        writeln!(
            io.out,
            "{{\"scenario\": {}, \"seconds\": {secs:.3}, \"games\": {games}, \"actions\": {actions}, \"games_per_second\": {gps:.1}, \"actions_per_second\": {aps:.0}, \"mean_actions_per_game\": {:.1}, \"mean_rounds_per_game\": {:.2}}}",
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
    Ok(())
}
