//! `mars-attacks simulate FILE --seed N [--games N] [--json]`: seeded random-vs-random
//! games played to the end, with each game's action log and result. The same seed prints
//! the same log (R26): game `i` uses seed `N + i`.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use super::{CliError, Io, json_str, load_scenario};
use crate::limits;
use crate::rules::Side;
use crate::rules::state::{Outcome, WinReason};
use crate::sim::{describe, random_game_streamed};

/// Arguments of `simulate`.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// The scenario file to play.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = limits::parse_games,
          help = limits::games_help("How many games to play"))]
    pub games: u32,
    /// One JSON object per line: one per action, then one with the game's result.
    #[arg(long)]
    pub json: bool,
    #[arg(long, default_value_t = 20_000, value_name = "N",
          value_parser = limits::parse_max_decisions, help = limits::max_decisions_help())]
    pub max_decisions: u64,
}

fn winner(o: Option<Outcome>) -> (Option<Side>, &'static str) {
    match o {
        Some(Outcome::Win(s, WinReason::VpTarget)) => (Some(s), "vp-target"),
        Some(Outcome::Win(s, WinReason::WipeOut)) => (Some(s), "wipe-out"),
        Some(Outcome::Win(s, WinReason::MoreVp)) => (Some(s), "more-vp"),
        Some(Outcome::Win(s, WinReason::Survived)) => (Some(s), "survived"),
        Some(Outcome::Draw) => (None, "draw"),
        None => (None, "runaway-guard"),
    }
}

/// Play the games and print their logs. Each line is written as its decision is made,
/// so a long game needs no more memory than a short one.
pub fn run(args: SimulateArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let scenario = Arc::new(load_scenario(&args.file, io)?);
    let mut failures = 0u32;
    let max_decisions = usize::try_from(args.max_decisions).unwrap_or(usize::MAX);
    for i in 0..args.games {
        let game = u64::from(i) + 1;
        let seed = args.seed.wrapping_add(u64::from(i));
        if !args.json {
            writeln!(io.out, "game {game} (seed {seed}): {}", scenario.name)?;
        }
        let mut written: Result<(), std::io::Error> = Ok(());
        let mut n = 0usize;
        let out = &mut *io.out;
        let end = random_game_streamed(&scenario, seed, max_decisions, |before, action, events| {
            let side = before.to_move().map(|s| s.name()).unwrap_or("-");
            written = if args.json {
                let evs: Vec<String> = events
                    .iter()
                    .map(|e| json_str(&describe(before, e)))
                    .collect();
                writeln!(
                    out,
                    "{{\"game\": {game}, \"seed\": {seed}, \"n\": {n}, \"round\": {}, \"side\": {}, \"action\": {}, \"events\": [{}]}}",
                    before.round(),
                    json_str(side),
                    json_str(&action.to_string()),
                    evs.join(", ")
                )
            } else {
                writeln!(out, "R{} {side}: {action}", before.round()).and_then(|()| {
                    events
                        .iter()
                        .try_for_each(|e| writeln!(out, "    {}", describe(before, e)))
                })
            };
            n += 1;
            if written.is_err() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        written?;
        if end.outcome.is_none() {
            failures += 1;
        }
        let (win, reason) = winner(end.outcome);
        let [vh, vm] = end.vp;
        if args.json {
            writeln!(
                io.out,
                "{{\"game\": {game}, \"seed\": {seed}, \"result\": {}, \"winner\": {}, \"reason\": {}, \"vp\": {{\"humans\": {vh}, \"martians\": {vm}}}, \"rounds\": {}, \"decisions\": {}}}",
                json_str(
                    &end.outcome
                        .map(|o| o.to_string())
                        .unwrap_or_else(|| "stopped by the runaway guard".into())
                ),
                win.map(|s| json_str(s.name()))
                    .unwrap_or_else(|| "null".into()),
                json_str(reason),
                end.rounds,
                end.decisions
            )?;
        } else {
            let result = match end.outcome {
                Some(o) => o.to_string(),
                None => format!(
                    "FAILED: stopped by the runaway guard, still going after {} decisions",
                    args.max_decisions
                ),
            };
            writeln!(
                io.out,
                "result: {result}; VP humans {vh}, martians {vm}; {} rounds, {} decisions\n",
                end.rounds, end.decisions
            )?;
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
