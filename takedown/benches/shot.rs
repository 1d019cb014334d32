//! Microseconds a simulated shot takes, and an AI decision at each level at its default
//! budget, on the shipped table: `cargo bench -p ten-minute-takedown --bench shot`.
//! A plain loop timed by `std::time::Instant`.

use std::sync::Arc;
use std::time::Instant;

use ai::Level;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use takedown::aim::{AimConfig, decide};
use takedown::game::Game;
use takedown::layout::Setup;
use takedown::layout_file::shipped_layout;
use takedown::physics::simulate;
use takedown::shot::Flick;

fn main() {
    let layout = shipped_layout();
    let game = Game::new(Arc::new(Setup::new(&layout, 2).unwrap()));
    let scene = game.scene();
    // Flicks from the south Base across the three targets, short of them to past them.
    let flicks: Vec<Flick> = (0..200)
        .map(|i| {
            let direction = 1.1 + 0.95 * f64::from(i % 20) / 19.0;
            let strength = 0.35 + 0.25 * f64::from(i / 20) / 9.0;
            Flick::new(direction, strength, 0.0)
        })
        .collect();
    for f in flicks.iter().take(20) {
        simulate(&layout, &scene, *f, 0);
    }
    let rounds = 5;
    let mut steps = 0u64;
    let t = Instant::now();
    for round in 0..rounds {
        for (i, f) in flicks.iter().enumerate() {
            steps += u64::from(simulate(&layout, &scene, *f, (round * 1000 + i) as u64).steps);
        }
    }
    let n = (rounds * flicks.len()) as f64;
    let us = t.elapsed().as_secs_f64() * 1e6 / n;
    println!(
        "shot: {us:.0} µs per simulated shot ({:.0} steps of {} a second, {:.1} µs a step), {} shots",
        steps as f64 / n,
        layout.physics.steps_per_second,
        us * n / steps as f64,
        n
    );
    for level in Level::ALL {
        let config = AimConfig::at(level);
        let decisions = 10;
        let mut sims = 0;
        let t = Instant::now();
        for seed in 0..decisions {
            sims += decide(&game, &config, &mut ChaCha8Rng::seed_from_u64(seed)).sims;
        }
        let ms = t.elapsed().as_secs_f64() * 1e3 / decisions as f64;
        println!(
            "aim:{}: {ms:.0} ms a decision ({} simulated shots)",
            level.name(),
            sims / decisions as u32
        );
    }
}
