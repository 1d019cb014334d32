//! The cost of judging a leaf, against a playout's: on 64 positions of seeded random games
//! of Scenario 1, the fitted logistic ([`skirmish_ai::bot::eval::fitted`]), the value
//! network's correction of it ([`skirmish_ai::bot::learn`]: the inputs, the network's
//! layers alone, then the whole),
//! and a random playout of the rest of the Turn under way. Criterion's throughput is in
//! positions per second ("elem/s"); a position's cost in microseconds is its inverse.
//!
//! `cargo bench --bench leaf`; add `-- --quick` for a fast look.

use std::path::Path;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::Rng;
use rules::scenario::Scenario;
use rules::scenario_file::load_scenario;
use rules::sim::decision_rng;
use rules::{GameState, rng_from_seed};
use skirmish_ai::bot::eval::fitted::SHIPPED;
use skirmish_ai::bot::learn;
use skirmish_ai::bot::learn::features::{Input, features};

fn positions() -> Vec<GameState> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/whos-there.toml");
    let s: Arc<Scenario> = Arc::new(load_scenario(&path).expect("Scenario 1 loads").scenario);
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < 64 {
        seed += 1;
        let mut dice = rng_from_seed(seed);
        let mut choose = decision_rng(seed);
        let mut g = GameState::new(s.clone(), &mut dice);
        let mut legal = Vec::new();
        let mut n = 0;
        while !g.is_over() {
            if n % 17 == 8 {
                out.push(g.clone());
            }
            g.legal_actions(&mut legal);
            g.apply(legal[choose.random_range(0..legal.len())], &mut dice);
            n += 1;
        }
    }
    out.truncate(64);
    out
}

fn bench(c: &mut Criterion) {
    let ps = positions();
    let mut group = c.benchmark_group("leaf");
    group.throughput(Throughput::Elements(ps.len() as u64));
    group.bench_function("logistic", |b| {
        b.iter(|| {
            ps.iter()
                .map(|g| SHIPPED.weights.value_for_humans(g))
                .sum::<f64>()
        })
    });
    group.bench_function("inputs", |b| {
        let mut x = Input::default();
        b.iter(|| {
            ps.iter()
                .map(|g| {
                    features(g, g.turn_player(), &mut x);
                    x.len
                })
                .sum::<usize>()
        })
    });
    group.bench_function("network", |b| {
        let inputs: Vec<Input> = ps
            .iter()
            .map(|g| {
                let mut x = Input::default();
                features(g, g.turn_player(), &mut x);
                x
            })
            .collect();
        let mut a = learn::net::Activations::default();
        b.iter(|| {
            inputs
                .iter()
                .map(|x| {
                    learn::SHIPPED.forward(x, &mut a);
                    a.logit
                })
                .sum::<f32>()
        })
    });
    group.bench_function("logistic-and-network", |b| {
        b.iter(|| {
            ps.iter()
                .map(|g| learn::value_for_humans(g, 1.0))
                .sum::<f64>()
        })
    });
    group.bench_function("playout-of-the-turn", |b| {
        let mut seed = 0;
        let mut legal = Vec::new();
        b.iter(|| {
            let mut steps = 0;
            for g in &ps {
                seed += 1;
                let mut dice = rng_from_seed(seed);
                let mut choose = decision_rng(seed);
                let mut g = g.clone();
                let turn = g.turn_number();
                while !g.is_over() && g.turn_number() == turn {
                    g.legal_actions(&mut legal);
                    g.apply(legal[choose.random_range(0..legal.len())], &mut dice);
                    steps += 1;
                }
            }
            steps
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
