//! A match between two players on the shipped table (or a layout file), for measuring:
//! `cargo run --release -p ten-minute-takedown --example match -- A B GAMES SEED [LAYOUT]`,
//! say `aim:expert centre 300 21`. Prints each side's wins, the draws, A's score (a draw
//! half a win) with its 95% Wilson interval, the points and the time taken.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use takedown::layout_file::{load_layout, shipped_layout};
use takedown::matches::{MatchSummary, play_match};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: match A B GAMES SEED [LAYOUT]";
    if args.len() < 4 {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    }
    let (Ok(games), Ok(seed)) = (args[2].parse::<usize>(), args[3].parse::<u64>()) else {
        eprintln!("GAMES and SEED are whole numbers; {usage}");
        return ExitCode::FAILURE;
    };
    let layout = match args.get(4) {
        None => shipped_layout(),
        Some(path) => match load_layout(std::path::Path::new(path)) {
            Ok(l) => Arc::new(l),
            Err(diagnostics) => {
                for d in diagnostics {
                    eprintln!("{d}");
                }
                return ExitCode::FAILURE;
            }
        },
    };
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let t = Instant::now();
    let results = match play_match(&layout, &args[0], &args[1], games, seed, jobs) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let s = MatchSummary::of(&results);
    let points = |a: bool| -> u32 {
        results
            .iter()
            .map(|g| if a { g.a.points.0 } else { g.b.points.0 })
            .sum()
    };
    let shots: u32 = results.iter().map(|g| g.shots).sum();
    println!(
        "{} vs {}: {} games (seed {seed}): {} won {}, {} won {}, {} drawn; score {:.3}, 95% \
         interval [{:.3}, {:.3}]; points {} to {}; {:.1} shots a game; {:.1} s",
        args[0],
        args[1],
        s.games,
        args[0],
        s.a_wins,
        args[1],
        s.b_wins,
        s.draws,
        s.a_score,
        s.interval.0,
        s.interval.1,
        points(true),
        points(false),
        f64::from(shots) / s.games.max(1) as f64,
        t.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
