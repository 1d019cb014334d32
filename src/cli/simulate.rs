//! `mars-attacks simulate FILE --seed N [--games N] [--json]`: seeded random-vs-random
//! games played to the end, with each game's action log and result. The same seed prints
//! the same log (R26): game `i` uses seed `N + i`.

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use super::{CliError, Io, json_str, load_scenario};
use crate::rules::Side;
use crate::rules::state::{Outcome, WinReason};
use crate::sim::{GameRecord, describe, random_game};

/// Arguments of `simulate`.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// The scenario file to play.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many games to play.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// One JSON object per line: one per action, then one with the game's result.
    #[arg(long)]
    pub json: bool,
    /// The runaway guard: a game still going after this many decisions stops and is
    /// reported as a failure.
    #[arg(long, default_value_t = 20_000)]
    pub max_decisions: usize,
}

fn winner(o: Option<Outcome>) -> (Option<Side>, &'static str) {
    match o {
        Some(Outcome::Win(s, WinReason::VpTarget)) => (Some(s), "vp-target"),
        Some(Outcome::Win(s, WinReason::WipeOut)) => (Some(s), "wipe-out"),
        Some(Outcome::Win(s, WinReason::MoreVp)) => (Some(s), "more-vp"),
        Some(Outcome::Draw) => (None, "draw"),
        None => (None, "runaway-guard"),
    }
}

/// Play the games and print their logs.
pub fn run(args: SimulateArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let scenario = Arc::new(load_scenario(&args.file, io)?);
    let mut failures = 0;
    for i in 0..args.games {
        let seed = args.seed.wrapping_add(i);
        let mut lines: Vec<String> = Vec::new();
        let mut n = 0usize;
        if !args.json {
            lines.push(format!("game {} (seed {seed}): {}", i + 1, scenario.name));
        }
        let record: GameRecord = random_game(
            &scenario,
            seed,
            args.max_decisions,
            |before, action, events| {
                let side = before.to_move().map(|s| s.name()).unwrap_or("-");
                let texts: Vec<String> = events.iter().map(|e| describe(before, e)).collect();
                if args.json {
                    let evs: Vec<String> = texts.iter().map(|t| json_str(t)).collect();
                    lines.push(format!(
                        "{{\"game\": {}, \"seed\": {seed}, \"n\": {n}, \"round\": {}, \"side\": {}, \"action\": {}, \"events\": [{}]}}",
                        i + 1,
                        before.round(),
                        json_str(side),
                        json_str(&action.to_string()),
                        evs.join(", ")
                    ));
                } else {
                    lines.push(format!("R{} {side}: {action}", before.round()));
                    for t in texts {
                        lines.push(format!("    {t}"));
                    }
                }
                n += 1;
            },
        );
        let (win, reason) = winner(record.outcome);
        if record.outcome.is_none() {
            failures += 1;
        }
        let [vh, vm] = record.vp;
        if args.json {
            lines.push(format!(
                "{{\"game\": {}, \"seed\": {seed}, \"result\": {}, \"winner\": {}, \"reason\": {}, \"vp\": {{\"humans\": {vh}, \"martians\": {vm}}}, \"rounds\": {}, \"decisions\": {}}}",
                i + 1,
                json_str(&record.outcome.map(|o| o.to_string()).unwrap_or_else(|| "stopped by the runaway guard".into())),
                win.map(|s| json_str(s.name())).unwrap_or_else(|| "null".into()),
                json_str(reason),
                record.rounds,
                record.actions.len()
            ));
        } else {
            let result = match record.outcome {
                Some(o) => o.to_string(),
                None => format!(
                    "FAILED: still going after {} decisions (runaway guard)",
                    args.max_decisions
                ),
            };
            lines.push(format!(
                "result: {result}; VP humans {vh}, martians {vm}; {} rounds, {} decisions\n",
                record.rounds,
                record.actions.len()
            ));
        }
        for l in lines {
            writeln!(io.out, "{l}")?;
        }
    }
    if failures > 0 {
        writeln!(
            io.err,
            "error: {failures} game(s) stopped by the runaway guard"
        )?;
        return Err(CliError::Invalid);
    }
    Ok(())
}
