//! Random playouts as fast as they go: games per second and decisions per second on a
//! scenario (Scenario 1 by default), one thread.
//!
//! `cargo run --release --example playout_speed -- [scenario.toml] [seconds]`

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mars_attacks::rules::scenario_file::load_scenario;
use mars_attacks::rules::{GameState, rng_from_seed};
use mars_attacks::sim::{decision_rng, random_playout};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/whos-there.toml")
    });
    let seconds: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let scenario = Arc::new(
        load_scenario(&path)
            .unwrap_or_else(|e| panic!("{e:?}"))
            .scenario,
    );
    let budget = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    let (mut games, mut decisions, mut unfinished) = (0u64, 0u64, 0u64);
    let mut legal = Vec::with_capacity(256);
    while start.elapsed() < budget {
        for _ in 0..100 {
            let mut dice = rng_from_seed(games);
            let mut choose = decision_rng(games);
            let mut g = GameState::new(scenario.clone(), &mut dice);
            decisions += random_playout(&mut g, &mut dice, &mut choose, &mut legal, 20_000) as u64;
            unfinished += !g.is_over() as u64;
            games += 1;
        }
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{}: {games} games in {t:.2}s: {:.0} games/s, {:.2}M decisions/s, {:.1} decisions/game, {unfinished} unfinished",
        path.display(),
        games as f64 / t,
        decisions as f64 / t / 1e6,
        decisions as f64 / games as f64
    );
}
