//! `mars-attacks fit-evaluation`: self-play games on the scenarios, and the evaluation's
//! weights fitted to their outcomes (a logistic regression of the winner on the features
//! of each Turn's start, a fifth of the games held out), written to a data file
//! (`data/evaluation.toml` is the one the program is built with).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use clap::Args;

use super::{CliError, Io, load_scenario};
use crate::bot::PlayerSpec;
use crate::bot::eval::fitted::{FEATURE_NAMES, FEATURES, SHIPPED};
use crate::bot::fit::{Position, Refit, fit_positions, held_out_scores, self_play};
use crate::limits;
use crate::staged::{FileKind, StagedFiles, check_output};

/// Arguments of `fit-evaluation`.
#[derive(Args, Debug)]
pub struct FitEvaluationArgs {
    /// Scenario files to play (default: every file in scenarios/).
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub scenario: Vec<PathBuf>,
    /// The player of both sides of every game.
    #[arg(long, default_value = "mcts:300")]
    pub players: String,
    #[arg(long, default_value_t = 100, value_name = "N", value_parser = limits::parse_games,
          help = limits::games_help("Self-play games on each scenario"))]
    pub games: u32,
    /// Seed of the run: every game's dice and players derive from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: Option<u16>,
    /// Fit only these weights (by their names in the data file), keeping the others as the
    /// program was built with: for a new feature, or a weight a new scenario exercises.
    #[arg(long, value_name = "NAME", num_args = 1..)]
    pub only: Vec<String>,
    /// Where to write the fitted weights: a new file, or an evaluation file to replace
    /// (one that begins as this command writes them); nothing else is replaced.
    #[arg(long, value_name = "FILE", default_value = "data/evaluation.toml")]
    pub out: PathBuf,
}

/// An evaluation file, as a file `fit-evaluation` may replace.
pub const EVALUATION_KIND: FileKind =
    FileKind::text("an evaluation file", "# The evaluation's weights");

pub fn run(args: FitEvaluationArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    // Where the weights go, before any game is played.
    check_output(&args.out, EVALUATION_KIND)?;
    let spec: PlayerSpec = args
        .players
        .parse()
        .map_err(|e| CliError::Usage(format!("{e}")))?;
    if spec.exec().is_some() || !spec.is_fair() {
        return Err(CliError::Usage(format!(
            "`{}`: self-play for the evaluation takes one of the built-in fair players",
            args.players
        )));
    }
    let refit = if args.only.is_empty() {
        Refit::All
    } else {
        let mut free = [false; FEATURES];
        for name in &args.only {
            let Some(i) = FEATURE_NAMES.iter().position(|n| n == name) else {
                return Err(CliError::Usage(format!(
                    "--only {name}: no such weight (the weights are {})",
                    FEATURE_NAMES.join(", ")
                )));
            };
            free[i] = true;
        }
        Refit::Only {
            free,
            kept: SHIPPED.weights,
        }
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
    let mut scenarios = Vec::new();
    for f in &files {
        scenarios.push(Arc::new(load_scenario(f, io)?));
    }
    let jobs = args
        .jobs
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let games = u64::from(args.games);
    let total = games * scenarios.len() as u64;
    let next = AtomicU64::new(0);
    let mut positions: Vec<Position> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= total {
                            break mine;
                        }
                        let scenario = &scenarios[(n / games) as usize];
                        mine.extend(self_play(scenario, spec, args.seed, n % games, n));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    positions.sort_by_key(|p| p.game);
    let names = scenarios.iter().map(|s| s.name.clone()).collect();
    let file = fit_positions(&positions, spec.to_string(), names, total, refit);
    if file.fit.positions == 0 {
        // Nothing was fitted (no position, or every game held out): the weights would be
        // the starting ones, presented as fitted.
        writeln!(
            io.err,
            "error: {total} games gave {} positions, {} of them held out, so none was left \
             to fit the weights to; no weights were written (play more --games)",
            positions.len(),
            file.fit.held_out_positions
        )?;
        return Err(CliError::Invalid);
    }
    let text = format!(
        "# The evaluation's weights: the Humans' chance to win is the logistic of the sum of\n\
         # these weights times the features of a position (src/bot/eval/fitted.rs says what\n\
         # each is). Written by `mars-attacks fit-evaluation --players {} --games {} --seed {}{}`.\n\n{}",
        spec,
        args.games,
        args.seed,
        if args.only.is_empty() {
            String::new()
        } else {
            format!(" --only {}", args.only.join(" "))
        },
        toml::to_string(&file).map_err(|e| CliError::Usage(e.to_string()))?
    );
    let mut files = StagedFiles::new();
    files.write(&args.out, EVALUATION_KIND, text.as_bytes())?;
    files.commit()?;
    let f = &file.fit;
    let (built_log_loss, built_brier) = held_out_scores(&positions, &SHIPPED.weights);
    writeln!(
        io.out,
        "{} games ({} held out), {} positions fitted, {} held out\n\
         held out: log-loss {:.4} (hand-set {:.4}, the weights built in {:.4}), \
         Brier {:.4} (hand-set {:.4}, built in {:.4})\n\
         weights written to {}",
        f.games,
        f.held_out_games,
        f.positions,
        f.held_out_positions,
        f.log_loss,
        f.log_loss_before,
        built_log_loss,
        f.brier,
        f.brier_before,
        built_brier,
        args.out.display()
    )?;
    Ok(())
}
