use ai::{Budget, IsMctsConfig, Player};
use martian_dice::game::Game;
use martian_dice::players::{OptimalPlayer, PerfectPlayer};
use martian_dice::search::KeyedSearch;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let iters: u64 = args[1].parse().unwrap();
    let c: f64 = args[2].parse().unwrap();
    let games: u64 = args[3].parse().unwrap();
    let mut perfect = PerfectPlayer::new();
    let mut opt = OptimalPlayer::new();
    let mut search = KeyedSearch::<Game>::new(IsMctsConfig {
        budget: Budget::Iterations(iters),
        exploration: c,
        ..Default::default()
    });
    let (mut regret, mut decisions, mut mistakes) = (0.0, 0u64, 0u64);
    for i in 0..games {
        let mut g = Game::new(2).unwrap();
        let mut dice = ChaCha8Rng::seed_from_u64(ai::arena::derive_seed(7, i, 0));
        let mut r = ChaCha8Rng::seed_from_u64(ai::arena::derive_seed(7, i, 1));
        while !g.is_over() {
            let a = if g.player == (i % 2) as usize {
                let legal = g.legal();
                let a = search.choose(&g, &mut r).unwrap();
                if legal.len() > 1 {
                    let ch = perfect.choices(&g);
                    let best = ch.iter().map(|x| x.1).fold(f64::MIN, f64::max);
                    let v = ch.iter().find(|x| x.0 == a).unwrap().1;
                    decisions += 1;
                    if v < best - 1e-9 {
                        mistakes += 1;
                        regret += best - v;
                    }
                }
                a
            } else {
                opt.choose(&g, &mut r).unwrap()
            };
            g.apply(a, &mut dice);
        }
    }
    println!(
        "iters {iters} c {c}: {decisions} decisions, {mistakes} mistakes, loss {:.5} a game, {:.6} a decision",
        regret / games as f64,
        regret / decisions as f64
    );
}
