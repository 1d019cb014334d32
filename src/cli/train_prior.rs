//! `mars-attacks train-prior --data FILE... --out data/prior.toml`: PUCT's prior
//! ([`crate::bot::learn::prior`]) fitted to the share of the search's visits each root
//! action had in self-play files, a tenth of their games held out; each epoch's held-out
//! cross-entropy printed beside greedy's softmax on the same positions. Reproducible from
//! `--seed`: the same files and seed give the same weights.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::{CliError, Io};
use crate::bot::learn::prior::PriorFit;
use crate::bot::learn::prior_train::{self, PriorTrainConfig};
use crate::limits;
use crate::staged::{FileKind, StagedFiles, check_output};

/// The first words of a prior's file, as `train-prior` writes it.
const HEADER: &str = "# A prior learnt from the search's visits";

/// A prior's file, as a file `train-prior` may replace.
pub const PRIOR_KIND: FileKind = FileKind::text("a prior's weights", HEADER);

/// Arguments of `train-prior`.
#[derive(Args, Debug)]
pub struct TrainPriorArgs {
    /// Self-play files (`mars-attacks selfplay`) to learn from.
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// The prior's file to write: a new file, or a prior's to replace. Without it the prior
    /// is only measured.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Learn from every Nth searched position of each game.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub stride: u32,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub epochs: u32,
    /// Seed of the order of the positions.
    #[arg(long, default_value_t = 58)]
    pub seed: u64,
    #[arg(long, value_name = "J", value_parser = limits::parse_jobs,
          help = limits::jobs_help("Threads reading the positions (default: every core)"))]
    pub jobs: Option<usize>,
}

pub fn run(args: TrainPriorArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    if let Some(out) = &args.out {
        check_output(out, PRIOR_KIND)?;
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let started = Instant::now();
    let files: Vec<&std::path::Path> = args.data.iter().map(PathBuf::as_path).collect();
    let samples = match prior_train::load(&files, args.stride, jobs) {
        Ok(s) => s,
        Err(e) => {
            writeln!(io.err, "error: {e}").map_err(CliError::Io)?;
            return Err(CliError::Invalid);
        }
    };
    let held = samples.held_out.iter().filter(|h| **h).count();
    writeln!(
        io.err,
        "train-prior: {} games, {} positions ({held} held out), {} actions, read in {:.0} s",
        samples.games,
        samples.len(),
        samples.kind.len(),
        started.elapsed().as_secs_f64()
    )
    .map_err(CliError::Io)?;
    if held == 0 || held == samples.len() {
        return Err(CliError::Usage(
            "the self-play files hold too few games to learn from and to hold a tenth out".into(),
        ));
    }
    let config = PriorTrainConfig {
        seed: args.seed,
        epochs: args.epochs,
        ..PriorTrainConfig::default()
    };
    let weights = prior_train::train(&samples, &config, |epoch, learnt, greedy| {
        let _ = writeln!(
            io.err,
            "epoch {epoch}: held-out cross-entropy {:.4} (greedy's {:.4}), most visited first \
             {:.3} (greedy's {:.3}) ({:.0} s)",
            learnt.cross_entropy,
            greedy.cross_entropy,
            learnt.top_agreement,
            greedy.top_agreement,
            started.elapsed().as_secs_f64()
        );
    });
    let (learnt, greedy) = prior_train::held_out_scores(&weights, &samples);
    writeln!(
        io.out,
        "train positions\t{}\nheld-out positions\t{}\n\
         prior held-out cross-entropy\t{:.4}\ngreedy held-out cross-entropy\t{:.4}\n\
         visits' own entropy\t{:.4}\n\
         prior most visited first\t{:.3}\ngreedy most visited first\t{:.3}",
        samples.len() - held,
        learnt.positions,
        learnt.cross_entropy,
        greedy.cross_entropy,
        learnt.entropy,
        learnt.top_agreement,
        greedy.top_agreement,
    )
    .map_err(CliError::Io)?;
    if let Some(out) = &args.out {
        let fit = PriorFit {
            data: args.data.iter().map(|p| p.display().to_string()).collect(),
            seed: args.seed,
            train_positions: (samples.len() - held) as u64,
            held_out_positions: held as u64,
            cross_entropy: learnt.cross_entropy,
            greedy_cross_entropy: greedy.cross_entropy,
        };
        let header = format!(
            "{HEADER}: PUCT's chance of each legal action is the\n# softmax of scale * score + \
             bias - crowd * ln(the size of its group), read kind by kind\n# \
             (skirmish-ai/src/bot/learn/prior.rs says what each is). Written by \
             `mars-attacks train-prior --stride {} --epochs {} --seed {}`.\n\n",
            args.stride, args.epochs, args.seed
        );
        let text = weights.to_toml(&fit, &header);
        let mut staged = StagedFiles::new();
        staged.write(out, PRIOR_KIND, text.as_bytes())?;
        staged.commit()?;
        writeln!(io.err, "train-prior: wrote {}", out.display()).map_err(CliError::Io)?;
    }
    Ok(())
}
