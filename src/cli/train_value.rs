//! `mars-attacks train-value --data FILE... --out data/value-net.bin`: the value network
//! ([`crate::bot::learn`]) trained on self-play files' positions, a tenth of their games
//! held out; each epoch's held-out log-loss and Brier score printed beside the shipped
//! logistic's on the same positions. Reproducible from `--seed`: the same files and seed
//! give the same weights.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::{CliError, Io};
use crate::bot::learn::data;
use crate::bot::learn::net::{MAGIC, ValueNet};
use crate::bot::learn::train::{TrainConfig, train};
use crate::limits;
use crate::staged::{FileKind, StagedFiles, check_output};

/// A value network's file, as a file `train-value` may replace.
pub const VALUE_NET_KIND: FileKind = FileKind::text("a value network", "MAVNET");

/// Arguments of `train-value`.
#[derive(Args, Debug)]
pub struct TrainValueArgs {
    /// Self-play files (`mars-attacks selfplay`) to learn from.
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// The network's file to write: a new file, or a value network to replace. Without it
    /// the network is only measured.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Learn from at most this many games, taken evenly through the files (the held-out
    /// tenth is always all read), for the learning curve.
    #[arg(long, value_name = "N")]
    pub train_games: Option<u32>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub epochs: u32,
    /// The weight of each game's result in the target, the rest being the search's value
    /// of the position (0 to 1).
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    pub outcome_weight: f32,
    /// λ of the search's values as targets: 0 the position's own value, nearer 1 more of
    /// the values after it and of the result (TD(λ)).
    #[arg(long, default_value_t = 0.97, value_parser = share)]
    pub lambda: f32,
    /// Go on from this value network's weights (a round of self-play refining the network
    /// the round was played with) instead of first weights drawn from the seed.
    #[arg(long, value_name = "FILE")]
    pub start: Option<PathBuf>,
    /// Adam's step size in the first epoch (halved each epoch after); smaller suits
    /// going on from `--start`.
    #[arg(long, default_value_t = 1e-3, value_parser = step_size)]
    pub learning_rate: f32,
    /// Seed of the first weights and the order of the positions.
    #[arg(long, default_value_t = 58)]
    pub seed: u64,
    #[arg(long, value_name = "J", value_parser = limits::parse_jobs,
          help = limits::jobs_help("Threads reading the positions (default: every core)"))]
    pub jobs: Option<usize>,
}

/// A step size: a number above 0 and at most 1.
fn step_size(text: &str) -> Result<f32, String> {
    match text.trim().parse::<f32>() {
        Ok(x) if x > 0.0 && x <= 1.0 => Ok(x),
        _ => Err(format!(
            "`{text}` is not a step size: give a number above 0 and at most 1"
        )),
    }
}

/// A number from 0 to 1.
fn share(text: &str) -> Result<f32, super::selfplay::NotAChance> {
    super::selfplay::parse_chance(text).map(|x| x as f32)
}

pub fn run(args: TrainValueArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    if let Some(out) = &args.out {
        check_output(out, VALUE_NET_KIND)?;
    }
    // The network to go on from is read before the data: a file that is not a network
    // is refused before minutes of reading.
    let start = match &args.start {
        Some(path) => {
            let bytes = std::fs::read(path)
                .map_err(|e| CliError::Usage(format!("--start {}: {e}", path.display())))?;
            let net = ValueNet::from_bytes(&bytes)
                .map_err(|e| CliError::Usage(format!("--start {}: {e}", path.display())))?;
            Some(std::sync::Arc::new(net))
        }
        None => None,
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let started = Instant::now();
    let files: Vec<&std::path::Path> = args.data.iter().map(PathBuf::as_path).collect();
    // A file that is not a self-play run's, or is damaged, or whose scenarios changed, is
    // an invalid input.
    let samples = match data::load(&files, args.train_games, args.lambda, jobs) {
        Ok(s) => s,
        Err(e) => {
            writeln!(io.err, "error: {e}").map_err(CliError::Io)?;
            return Err(CliError::Invalid);
        }
    };
    let held = samples.held_out.iter().filter(|h| **h).count();
    writeln!(
        io.err,
        "train-value: {} games ({} held out), {} positions ({held} held out), read in {:.0} s",
        samples.games,
        samples.held_out_games,
        samples.len(),
        started.elapsed().as_secs_f64()
    )
    .map_err(CliError::Io)?;
    if held == 0 || held == samples.len() {
        return Err(CliError::Usage(
            "the self-play files hold too few games to learn from and to hold a tenth out".into(),
        ));
    }
    let config = TrainConfig {
        seed: args.seed,
        epochs: args.epochs,
        outcome_weight: args.outcome_weight,
        learning_rate: args.learning_rate,
        start,
        ..TrainConfig::default()
    };
    let trained = train(&samples, &config, |r| {
        let _ = writeln!(
            io.err,
            "epoch {}: train log-loss {:.4}, held-out log-loss {:.4}, Brier {:.4} ({:.0} s)",
            r.epoch,
            r.train.log_loss,
            r.held_out.log_loss,
            r.held_out.brier,
            started.elapsed().as_secs_f64()
        );
    });
    let last = trained
        .epochs
        .last()
        .map(|e| e.held_out)
        .unwrap_or_default();
    writeln!(
        io.out,
        "games\t{}\ntrain positions\t{}\nheld-out positions\t{}\n\
         network held-out log-loss\t{:.4}\nnetwork held-out Brier\t{:.4}\n\
         logistic held-out log-loss\t{:.4}\nlogistic held-out Brier\t{:.4}",
        samples.games - samples.held_out_games,
        trained.train_positions,
        last.positions,
        last.log_loss,
        last.brier,
        trained.baseline.log_loss,
        trained.baseline.brier,
    )
    .map_err(CliError::Io)?;
    if let Some(out) = &args.out {
        let bytes = trained.net.to_bytes();
        debug_assert!(bytes.starts_with(MAGIC));
        let mut staged = StagedFiles::new();
        staged.write(out, VALUE_NET_KIND, &bytes)?;
        staged.commit()?;
        writeln!(io.err, "train-value: wrote {}", out.display()).map_err(CliError::Io)?;
    }
    Ok(())
}
