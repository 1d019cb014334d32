//! Prints ISMCTS iterations per second on the toy games.
//!
//! `cargo run --release -p mars-attacks-ai --example speed [milliseconds]`

use std::time::Duration;

use ai::toys::kuhn::{Kuhn, KuhnAction, KuhnCard};
use ai::toys::pig::Pig;
use ai::{Budget, Game, IsMcts, IsMctsConfig, Player};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn measure<G: Game>(label: &str, state: &G, config: IsMctsConfig) {
    let mut player = IsMcts::<G>::new(config);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // One short warm-up decision, then the measured one.
    player.config.budget = Budget::millis(50);
    player.choose(state, &mut rng);
    player.config.budget = config.budget;
    player.choose(state, &mut rng);
    let r = player.last_report().expect("searched");
    println!(
        "{label:<36} threads {}  {:>9} iterations in {:>7.1} ms  = {:>10.0} it/s  ({} nodes)",
        config.threads,
        r.iterations,
        r.elapsed.as_secs_f64() * 1e3,
        r.iterations_per_second(),
        r.nodes
    );
}

/// Worst ratio of elapsed time to budget over `n` decisions with a short time budget.
fn overrun<G: Game>(label: &str, state: &G, ms: u64, threads: usize, n: usize) {
    let mut player = IsMcts::<G>::new(IsMctsConfig {
        budget: Budget::millis(ms),
        threads,
        ..Default::default()
    });
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut worst: f64 = 0.0;
    for _ in 0..n {
        player.choose(state, &mut rng);
        let r = player.last_report().expect("searched");
        worst = worst.max(r.elapsed.as_secs_f64() * 1e3 / ms as f64);
    }
    println!(
        "{label:<36} threads {threads}  budget {ms:>3} ms: worst of {n} decisions = {worst:.3} x budget"
    );
}

fn main() {
    let ms: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000);
    let budget = Budget::Time(Duration::from_millis(ms));
    let pig_start = Pig::new(30);
    let pig_late = Pig::position(30, 0, [24, 26], 3).expect("valid");
    let mut kuhn = Kuhn::new([KuhnCard::Queen, KuhnCard::King]).expect("valid");
    kuhn.apply(KuhnAction::Pass, &mut ChaCha8Rng::seed_from_u64(0));
    for threads in [1, 2] {
        let config = IsMctsConfig {
            budget,
            threads,
            ..Default::default()
        };
        measure(
            "pig to 30, first decision",
            &pig_start_decision(&pig_start),
            config,
        );
        measure("pig to 30, late (24-26, +3)", &pig_late, config);
        measure("kuhn poker, player 1 after a pass", &kuhn, config);
    }
    for threads in [1, 2] {
        for ms in [5, 20, 100] {
            overrun(
                "pig to 30, opening",
                &pig_start_decision(&pig_start),
                ms,
                threads,
                20,
            );
        }
    }
}

/// The opening has one legal action; search the first real decision instead.
fn pig_start_decision(start: &Pig) -> Pig {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    loop {
        let mut opening = start.clone();
        opening.apply(ai::toys::pig::PigAction::Roll, &mut rng);
        if opening.turn_total() > 0 {
            return opening;
        }
    }
}
