//! What more thinking buys, in the search's own terms. On positions of seeded self-play
//! games, `mcts` decides at several iteration budgets, and a separate reference search
//! (more iterations, its own seed) judges each decision by the chance to win it gives up
//! against the reference's best: its *regret*.
//!
//! ```sh
//! cargo run --release --example budget_regret -- GAMES REFERENCE SCENARIO...
//! cargo run --release --example budget_regret -- 6 100000 scenarios/*.toml
//! ```
//!
//! Positions: every eighth decision a search makes (not forced, not settled by the odds),
//! drawn with a seeded generator, in `GAMES` games of `mcts:300` against itself on each
//! scenario (dice, players and draws seeded by the game number), the scenarios shared out
//! over the machine's cores. Each budget searches with its own seed.
//!
//! Prints a line a position (scenario, game, legal actions, each budget's regret; the
//! reference's choice and each budget's, with the reference's visits of it, on standard
//! error), then each budget's mean regret with a bootstrap 95% interval, and what a budget
//! step saves. A search whose regret is lower by `r` a decision, over the `D` decisions a
//! side searches in a game, gains about `D * r` in the chance to win, if the reference's
//! values are right: the score head to head that the search's own values predict. With a
//! reference of 100,000 iterations, the last budget is as large as the reference but has
//! its own seed: its regret is the floor of the measurement (two searches of one budget
//! part on near-equal moves).

use std::path::PathBuf;
use std::sync::Arc;

use ai::{Game, Player};
use mars_attacks::bot::{PlayerSpec, Skirmish};
use mars_attacks::rules::rng_from_seed;
use mars_attacks::rules::scenario::Scenario;
use mars_attacks::rules::scenario_file::load_scenario;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const BUDGETS: [u64; 5] = [1_000, 3_000, 10_000, 30_000, 100_000];

/// Each budget's regret at one position.
type Regrets = [f64; BUDGETS.len()];

/// What one scenario's games gave: the positions' regrets, and the decisions searched and
/// the sides that made them.
#[derive(Default)]
struct Probed {
    regrets: Vec<Regrets>,
    searched: u64,
    sides: u64,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: budget_regret GAMES REFERENCE_ITERATIONS SCENARIO...";
    let (Some(games), Some(reference)) = (
        args.next().and_then(|a| a.parse::<u64>().ok()),
        args.next().and_then(|a| a.parse::<u64>().ok()),
    ) else {
        fail(usage);
    };
    let scenarios: Vec<Arc<Scenario>> = args
        .map(|p| match load_scenario(&PathBuf::from(&p)) {
            Ok(loaded) => Arc::new(loaded.scenario),
            Err(problems) => fail(
                &problems
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
        })
        .collect();
    if scenarios.is_empty() {
        fail(usage);
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    // The scenarios shared out over the cores, the results put back in their order, so
    // that a run prints the same figures on any machine.
    let mut probed: Vec<(usize, Probed)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..cores.min(scenarios.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(s) = scenarios.get(i) else {
                            break mine;
                        };
                        mine.push((i, probe_scenario(s, games, reference)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker"))
            .collect()
    });
    probed.sort_by_key(|(i, _)| *i);
    let probed: Vec<Probed> = probed.into_iter().map(|(_, p)| p).collect();
    let regrets: Vec<Regrets> = probed.iter().flat_map(|p| p.regrets.clone()).collect();
    let searched: u64 = probed.iter().map(|p| p.searched).sum();
    let sides: u64 = probed.iter().map(|p| p.sides).sum();
    let d = searched as f64 / sides.max(1) as f64;
    eprintln!(
        "{} positions; {d:.1} searched decisions a side a game; reference {reference} iterations",
        regrets.len()
    );
    let mut boot = ChaCha8Rng::seed_from_u64(1);
    for i in 0..BUDGETS.len() {
        let (m, lo, hi) = bootstrap(&regrets, &mut boot, |r| r[i]);
        let step = if i + 1 < BUDGETS.len() {
            let (dm, dlo, dhi) = bootstrap(&regrets, &mut boot, |r| r[i] - r[i + 1]);
            format!(
                "; {} saves {dm:.4} [{dlo:.4}, {dhi:.4}], predicting {:.3} [{:.3}, {:.3}] head to head",
                BUDGETS[i + 1],
                0.5 + d * dm,
                0.5 + d * dlo,
                0.5 + d * dhi,
            )
        } else {
            String::new()
        };
        eprintln!(
            "{:>7}: mean regret {m:.4} [{lo:.4}, {hi:.4}]{step}",
            BUDGETS[i]
        );
    }
}

/// Says what is wrong and stops.
fn fail(message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(2)
}

/// The positions of `games` self-play games of `scenario`, each probed.
fn probe_scenario(scenario: &Arc<Scenario>, games: u64, reference: u64) -> Probed {
    let mut out = Probed::default();
    for g in 0..games {
        let mut dice = rng_from_seed(1000 + g);
        let mut game = Skirmish::start(scenario.clone(), &mut dice);
        let spec: PlayerSpec = "mcts:300".parse().expect("a spec");
        let mut players = [spec.build(), spec.build()];
        let mut prng = ChaCha8Rng::seed_from_u64(77 + g);
        let mut pick = ChaCha8Rng::seed_from_u64(99 + g);
        let mut legal = Vec::new();
        out.sides += 2;
        while !game.is_terminal() {
            game.legal_actions(&mut legal);
            let searched = legal.len() > 1 && game.settled_action().is_none();
            out.searched += u64::from(searched);
            if searched && pick.random_range(0..8) == 0 {
                let (row, says) = probe(&game, reference, g);
                let mut line = format!("{}\t{g}\t{}", scenario.name, legal.len());
                for (b, r) in BUDGETS.iter().zip(&row) {
                    line.push_str(&format!("\t{b}:{r:.4}"));
                }
                println!("{line}");
                eprintln!("# {}, game {g}: {says}", scenario.name);
                out.regrets.push(row);
            }
            let mover = game.to_move();
            let a = players[mover].choose(&game, &mut prng).expect("a move");
            game.apply(a, &mut dice);
        }
    }
    out
}

/// Each budget's regret at `game` by a reference search of `reference` iterations, and
/// the choices in words.
fn probe(game: &Skirmish, reference: u64, g: u64) -> (Regrets, String) {
    let search = |iterations: u64, seed: u64| {
        let spec: PlayerSpec = format!("mcts:{iterations}").parse().expect("a spec");
        let mut p = spec.build();
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let a = p.choose(game, &mut r).expect("a move");
        (
            a,
            p.last_report().map(|r| r.top.clone()).unwrap_or_default(),
        )
    };
    let (chosen, top) = search(reference, 9_000_000 + g);
    let best = top.iter().map(|s| s.mean).fold(f64::NEG_INFINITY, f64::max);
    // An action the reference never tried counts as its least valued.
    let worst = top.iter().map(|s| s.mean).fold(f64::INFINITY, f64::min);
    let mut row = [0.0; BUDGETS.len()];
    let mut says = format!("reference {chosen}");
    for (i, &b) in BUDGETS.iter().enumerate() {
        let (a, _) = search(b, 5_000 + 31 * i as u64 + 1_000 * g);
        let stat = top.iter().find(|s| s.action == a);
        row[i] = if top.is_empty() {
            0.0
        } else {
            best - stat.map_or(worst, |s| s.mean)
        };
        let visits = stat.map_or(0, |s| s.visits);
        says.push_str(&format!(" | {b}: {a} ({visits} visits)"));
    }
    (row, says)
}

/// The mean of `f` over `rows` and a bootstrap 95% interval (1,000 resamples).
fn bootstrap<R>(rows: &[R], rng: &mut ChaCha8Rng, f: impl Fn(&R) -> f64) -> (f64, f64, f64) {
    let n = rows.len();
    if n == 0 {
        return (0.0, 0.0, 0.0);
    }
    let values: Vec<f64> = rows.iter().map(&f).collect();
    let mean = values.iter().sum::<f64>() / n as f64;
    let mut means: Vec<f64> = (0..1_000)
        .map(|_| (0..n).map(|_| values[rng.random_range(0..n)]).sum::<f64>() / n as f64)
        .collect();
    means.sort_by(f64::total_cmp);
    (mean, means[25], means[974])
}
