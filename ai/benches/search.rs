//! ISMCTS throughput on the toy games: time per search of a fixed number of iterations,
//! reported by criterion also as iterations per second.
//!
//! `cargo bench -p mars-attacks-ai`

use std::hint::black_box;

use ai::toys::kuhn::{Kuhn, KuhnAction, KuhnCard};
use ai::toys::pig::{Pig, PigAction};
use ai::{Budget, FlatMc, Game, IsMcts, IsMctsConfig, Player};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const ITERATIONS: u64 = 20_000;

fn pig_first_decision() -> Pig {
    // Player 0 has rolled once: both actions are legal and most of the game is ahead.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    loop {
        let mut pig = Pig::new(30);
        pig.apply(PigAction::Roll, &mut rng);
        if pig.turn_total() > 0 {
            return pig;
        }
    }
}

fn bench_search<G: Game, P: Player<G>>(
    c: &mut Criterion,
    name: &str,
    state: &G,
    mut make: impl FnMut() -> P,
) {
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(ITERATIONS));
    group.sample_size(20);
    group.bench_function(name, |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        b.iter(|| {
            let mut player = make();
            black_box(player.choose(black_box(state), &mut rng))
        })
    });
    group.finish();
}

fn ismcts<G: Game>(threads: usize) -> impl FnMut() -> IsMcts<G> {
    move || {
        IsMcts::new(IsMctsConfig {
            budget: Budget::Iterations(ITERATIONS),
            threads,
            ..Default::default()
        })
    }
}

fn searches(c: &mut Criterion) {
    let pig = pig_first_decision();
    let pig_late = Pig::position(30, 0, [24, 26], 3).expect("valid");
    let mut kuhn = Kuhn::new([KuhnCard::Queen, KuhnCard::King]).expect("valid");
    kuhn.apply(KuhnAction::Pass, &mut ChaCha8Rng::seed_from_u64(0));
    bench_search(c, "ismcts pig opening", &pig, ismcts(1));
    bench_search(c, "ismcts pig opening 2 threads", &pig, ismcts(2));
    bench_search(c, "ismcts pig late", &pig_late, ismcts(1));
    bench_search(c, "ismcts kuhn", &kuhn, ismcts(1));
    bench_search(c, "flat-mc pig opening", &pig, || {
        FlatMc::<Pig>::new(Budget::Iterations(ITERATIONS), 1_000)
    });
}

criterion_group!(benches, searches);
criterion_main!(benches);
