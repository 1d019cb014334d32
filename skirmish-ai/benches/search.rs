//! Search speed on Scenario 1: ISMCTS iterations per second on one core, with rollouts
//! truncated at the tuned horizon, from the opening (the Humans' first decision, after the
//! Martians have deployed) and from a mid-game position (a seeded random game played to
//! Round 3), with the deck of the scenario in play. Criterion's throughput is in iterations
//! per second ("elem/s"). The `no-card-heuristics` variant measures the cost of the card
//! knowledge of the evaluation and priors.
//!
//! `cargo bench --bench search`; add `-- --quick` for a fast look.

use std::path::Path;
use std::sync::Arc;

use ai::{Budget, IsMcts, IsMctsConfig, Player};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rules::scenario::Scenario;
use rules::scenario_file::load_scenario;
use rules::sim::decision_rng;
use rules::state::Phase;
use rules::{GameState, rng_from_seed};
use skirmish_ai::bot::spec::search_config;
use skirmish_ai::bot::{Heuristics, Rollout, Skirmish};

/// Iterations per measured decision.
const ITERATIONS: u64 = 4_000;

fn scenario() -> Arc<Scenario> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/whos-there.toml");
    Arc::new(
        load_scenario(&path)
            .expect("scenarios/whos-there.toml loads")
            .scenario,
    )
}

/// Plays random decisions from the start of game `seed` until `stop` says so.
fn random_until(s: &Arc<Scenario>, seed: u64, stop: impl Fn(&GameState) -> bool) -> GameState {
    let mut dice = rng_from_seed(seed);
    let mut choose = decision_rng(seed);
    let mut g = GameState::new(s.clone(), &mut dice);
    let mut legal = Vec::new();
    while !g.is_over() && !stop(&g) {
        g.legal_actions(&mut legal);
        let a = legal[choose.random_range(0..legal.len())];
        g.apply(a, &mut dice);
    }
    g
}

/// The Humans' first decision of game 1, the Martians deployed at random.
fn opening(s: &Arc<Scenario>) -> GameState {
    random_until(s, 1, |g| !matches!(g.phase(), Phase::Deploy(_)))
}

/// A position of Round 3 with models of both sides on the board and a choice to make.
fn midgame(s: &Arc<Scenario>) -> GameState {
    (2..)
        .map(|seed| {
            random_until(s, seed, |g| {
                let mut legal = Vec::new();
                g.legal_actions(&mut legal);
                g.round() >= 3 && legal.len() > 3
            })
        })
        .find(|g| !g.is_over())
        .expect("some random game reaches Round 3")
}

fn bench(c: &mut Criterion) {
    let s = scenario();
    let positions = [("opening", opening(&s)), ("midgame", midgame(&s))];
    let mut group = c.benchmark_group("ismcts");
    group.throughput(Throughput::Elements(ITERATIONS));
    group.sample_size(20);
    for (name, g) in &positions {
        let greedy = Heuristics {
            rollout: Rollout::Greedy { epsilon: 0.15 },
            ..Heuristics::default()
        };
        for (policy, heuristics) in [
            ("greedy-rollouts", greedy),
            ("uniform-rollouts", Heuristics::default()),
            // The cost of the card knowledge: the heuristics as before the deck.
            (
                "uniform-rollouts-no-card-heuristics",
                Heuristics::without_cards(),
            ),
        ] {
            let game = Skirmish::with_heuristics(g.clone(), heuristics);
            let config: IsMctsConfig = search_config(Budget::Iterations(ITERATIONS));
            let mut seed = 0u64;
            group.bench_function(format!("{name}/{policy}"), |b| {
                b.iter(|| {
                    seed += 1;
                    let mut p = IsMcts::<Skirmish>::new(config);
                    p.choose(&game, &mut ChaCha8Rng::seed_from_u64(seed))
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
