//! What the search loses to perfect play, exactly: plays seeded two-player games of the
//! search against `optimal` (seats alternating) and, at every decision of the search with
//! more than one choice, compares its choice's exact chance to win with the best choice's
//! (from the solved game, both playing to win after the decision). The sum over a game is
//! what the search's choices cost it in chance to win, to first order, with far less noise
//! than the games' results.
//!
//! ```sh
//! cargo run --release -p martian-dice --example search_loss -- ITERATIONS [C] [GAMES] [SEED]
//! cargo run --release -p martian-dice --example search_loss -- 20000 0.25 100 7
//! ```

use ai::{Budget, IsMctsConfig, Player};
use martian_dice::game::Game;
use martian_dice::players::{EXPLORATION, OptimalPlayer, PerfectPlayer};
use martian_dice::search::KeyedSearch;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let parsed = (
        arg(0, "").parse::<u64>(),
        arg(1, &EXPLORATION.to_string()).parse::<f64>(),
        arg(2, "100").parse::<u64>(),
        arg(3, "7").parse::<u64>(),
    );
    let (Ok(iterations), Ok(c), Ok(games), Ok(seed)) = parsed else {
        eprintln!("usage: search_loss ITERATIONS [C] [GAMES] [SEED]");
        std::process::exit(2);
    };
    let mut exact = PerfectPlayer::new();
    let mut optimal = OptimalPlayer::new();
    let mut search = KeyedSearch::<Game>::new(IsMctsConfig {
        budget: Budget::Iterations(iterations),
        exploration: c,
        ..IsMctsConfig::default()
    });
    let (mut loss, mut decisions, mut mistakes) = (0.0, 0u64, 0u64);
    for i in 0..games {
        let mut g = Game::new(2).expect("two players");
        let mut dice = ChaCha8Rng::seed_from_u64(ai::arena::derive_seed(seed, i, 0));
        let mut rng = ChaCha8Rng::seed_from_u64(ai::arena::derive_seed(seed, i, 1));
        let searcher = (i % 2) as usize;
        while !g.is_over() {
            let a = if g.player == searcher {
                let a = search.choose(&g, &mut rng).expect("a decision");
                let choices = exact.choices(&g);
                if choices.len() > 1 {
                    let best = choices.iter().map(|x| x.1).fold(f64::MIN, f64::max);
                    let chosen = choices.iter().find(|x| x.0 == a).map_or(best, |x| x.1);
                    decisions += 1;
                    if chosen < best - 1e-9 {
                        mistakes += 1;
                        loss += best - chosen;
                    }
                }
                a
            } else {
                optimal.choose(&g, &mut rng).expect("a decision")
            };
            g.apply(a, &mut dice);
        }
    }
    println!(
        "mcts:{iterations}:c={c}, {games} games (seed {seed}): {decisions} decisions with a \
         choice, {mistakes} worse than the best; they cost {:.4} of a win a game ({:.6} a \
         decision)",
        loss / games as f64,
        loss / decisions.max(1) as f64
    );
}
