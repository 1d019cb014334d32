//! Budgets, seeding, threads, the match runner and the Wilson interval.

use std::time::Duration;

use ai::arena::{FailureKind, MatchConfig, play_match, play_match_with};
use ai::stats::wilson;
use ai::toys::kuhn::Kuhn;
use ai::toys::pig::{Pig, PigAction};
use ai::{Budget, FlatMc, Game, IsMcts, IsMctsConfig, Pimc, Player, RandomPlayer, SearchReport};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn mid_game() -> Pig {
    Pig::position(30, 1, [12, 17], 6).unwrap()
}

fn decide<P: Player<Pig>>(player: &mut P, seed: u64) -> SearchReport<PigAction> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let action = player.choose(&mid_game(), &mut rng).unwrap();
    let report = player.last_report().unwrap().clone();
    assert_eq!(report.chosen, action);
    report
}

/// Values hand-computed from the Wilson formula
/// `(p + z^2/2n +- z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n)` with z = 1.96:
/// 50/100 -> centre 0.5, half-width 1.96/1.038416 * sqrt(0.0025 + 0.00009604) = 0.09617;
/// 0/10 -> centre = half-width = (3.8416/20)/1.38416 = 0.13877, so (0, 0.27754).
#[test]
fn wilson_matches_hand_computed_values() {
    let (lo, hi) = wilson(50.0, 100.0, 1.96);
    assert!(
        (lo - 0.40383).abs() < 1e-5 && (hi - 0.59617).abs() < 1e-5,
        "{lo} {hi}"
    );
    let (lo, hi) = wilson(0.0, 10.0, 1.96);
    assert!(lo.abs() < 1e-12 && (hi - 0.27754).abs() < 1e-5, "{lo} {hi}");
    let (lo, hi) = wilson(10.0, 10.0, 1.96);
    assert!((lo - 0.72246).abs() < 1e-5 && hi == 1.0, "{lo} {hi}");
    assert_eq!(wilson(0.0, 0.0, 1.96), (0.0, 1.0));
}

#[test]
fn same_seed_same_decision_by_iterations() {
    for threads in [1, 2, 3] {
        let config = IsMctsConfig {
            budget: Budget::Iterations(3_001),
            threads,
            ..Default::default()
        };
        let a = decide(&mut IsMcts::new(config), 77);
        let b = decide(&mut IsMcts::new(config), 77);
        assert_eq!(a.top, b.top, "threads {threads}");
        assert_eq!(a.chosen, b.chosen);
        assert_eq!(a.iterations, 3_001, "the shares add up to the budget");
        assert_eq!(a.top.iter().map(|s| s.visits).sum::<u64>(), 3_001);
        let c = decide(&mut IsMcts::new(config), 78);
        assert_ne!(a.top, c.top, "another seed searches differently");
    }
    let flat = |s| decide(&mut FlatMc::<Pig>::new(Budget::Iterations(400), 100), s);
    assert_eq!(flat(5).top, flat(5).top);
    let pimc = |s| {
        decide(
            &mut Pimc::<Pig>::new(3, IsMctsConfig::with_budget(Budget::Iterations(900))),
            s,
        )
    };
    assert_eq!(pimc(5).top, pimc(5).top);
}

/// Loose on purpose: a 50 ms budget must finish well within a second, on a loaded machine
/// too. Precise timing is measured by the benchmark, not asserted here.
#[test]
fn time_budget_is_respected_loosely() {
    for threads in [1, 2] {
        let config = IsMctsConfig {
            budget: Budget::millis(50),
            threads,
            ..Default::default()
        };
        let report = decide(&mut IsMcts::new(config), 1);
        assert!(
            report.elapsed < Duration::from_secs(1),
            "{:?}",
            report.elapsed
        );
        assert!(report.iterations >= threads as u64);
    }
    let report = decide(&mut FlatMc::<Pig>::new(Budget::millis(50), 1_000), 1);
    assert!(report.elapsed < Duration::from_secs(1));
    let report = decide(
        &mut Pimc::<Pig>::new(4, IsMctsConfig::with_budget(Budget::millis(50))),
        1,
    );
    assert!(report.elapsed < Duration::from_secs(1));
}

#[test]
fn forced_and_finished_positions() {
    // Turn total 0: rolling is the only legal action; no search is run.
    let forced = Pig::position(30, 0, [3, 4], 0).unwrap();
    let mut search = IsMcts::<Pig>::with_budget(Budget::Iterations(1_000_000));
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    assert_eq!(search.choose(&forced, &mut rng), Some(PigAction::Roll));
    let report = search.last_report().unwrap();
    assert_eq!(report.iterations, 0);
    assert!(report.top.is_empty());
    // A finished game has nothing to choose.
    let mut done = Pig::position(30, 0, [3, 4], 30).unwrap();
    done.apply(PigAction::Hold, &mut rng);
    assert!(done.is_terminal());
    assert_eq!(search.choose(&done, &mut rng), None);
    assert_eq!(
        FlatMc::<Pig>::new(Budget::Iterations(10), 10).choose(&done, &mut rng),
        None
    );
    assert_eq!(
        Pimc::<Pig>::new(2, IsMctsConfig::default()).choose(&done, &mut rng),
        None
    );
}

/// Horizon 0 evaluates the new leaf with `evaluate` alone; the search still works and the
/// report's means are the heuristic's values.
#[test]
fn horizon_zero_uses_the_heuristic() {
    let config = IsMctsConfig {
        budget: Budget::Iterations(200),
        horizon: 0,
        ..Default::default()
    };
    // Target reached: holding ends the game (value 1); rolling leads to a cut position.
    let state = Pig::position(30, 0, [25, 10], 8).unwrap();
    let report = decide_on(&mut IsMcts::new(config), &state);
    assert_eq!(report.chosen, PigAction::Hold);
    assert_eq!(report.top[0].mean, 1.0);
}

fn decide_on(player: &mut IsMcts<Pig>, state: &Pig) -> SearchReport<PigAction> {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    player.choose(state, &mut rng).unwrap();
    player.last_report().unwrap().clone()
}

/// A game that never ends: one action, forever.
#[derive(Clone, Debug)]
struct Forever;

impl Game for Forever {
    type Action = PigAction;
    fn num_players(&self) -> usize {
        2
    }
    fn to_move(&self) -> usize {
        0
    }
    fn legal_actions(&self, out: &mut Vec<PigAction>) {
        out.clear();
        out.push(PigAction::Roll);
    }
    fn apply<R: RngCore + ?Sized>(&mut self, _action: PigAction, _rng: &mut R) {}
    fn is_terminal(&self) -> bool {
        false
    }
    fn returns(&self, _player: usize) -> f64 {
        0.5
    }
    fn determinize<R: RngCore + ?Sized>(&mut self, _observer: usize, _rng: &mut R) {}
}

/// Always holds, which is illegal on a zero turn total.
struct AlwaysHold;

impl Player<Pig> for AlwaysHold {
    fn name(&self) -> String {
        "always-hold".into()
    }
    fn choose(&mut self, _game: &Pig, _rng: &mut ChaCha8Rng) -> Option<PigAction> {
        Some(PigAction::Hold)
    }
}

#[test]
fn runaway_and_illegal_games_are_reported_not_counted() {
    let config = MatchConfig {
        games: 3,
        seed: 1,
        swap_seats: true,
        max_decisions: 50,
    };
    let report = play_match(&config, |_| Forever, RandomPlayer::new, RandomPlayer::new);
    assert_eq!(report.games, 3);
    assert_eq!(report.completed(), 0);
    assert_eq!(report.failures.len(), 3);
    assert!(
        report
            .failures
            .iter()
            .all(|f| f.kind == FailureKind::TooManyDecisions(50))
    );
    assert!(report.to_string().contains("runaway"));

    let config = MatchConfig { games: 4, ..config };
    let report = play_match(&config, |_| Pig::new(20), || AlwaysHold, RandomPlayer::new);
    // AlwaysHold moves first in games 0 and 2 and fails at once; in games 1 and 3 the random
    // player moves first and AlwaysHold fails at its first decision or the game ends before.
    assert_eq!(report.failures.len() as u32 + report.completed(), 4);
    assert!(report.failures.len() >= 2);
    for f in &report.failures {
        assert!(
            matches!(f.kind, FailureKind::IllegalAction { ref action, .. } if action == "hold")
        );
    }
}

#[test]
fn seats_alternate_and_pairs_share_the_deal() {
    let config = MatchConfig {
        games: 6,
        seed: 9,
        ..Default::default()
    };
    let mut records = Vec::new();
    let mut deals = Vec::new();
    let report = play_match_with(
        &config,
        |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let k = Kuhn::deal(&mut rng);
            deals.push((k.card(0), k.card(1)));
            k
        },
        RandomPlayer::new,
        || FlatMc::<Kuhn>::new(Budget::Iterations(50), 10),
        |r| records.push(r.clone()),
    );
    assert_eq!(report.completed(), 6);
    assert_eq!(
        records.iter().map(|r| r.seat_of_a).collect::<Vec<_>>(),
        vec![0, 1, 0, 1, 0, 1]
    );
    for pair in records.chunks(2) {
        assert_eq!(pair[0].game_seed, pair[1].game_seed);
    }
    for pair in deals.chunks(2) {
        assert_eq!(pair[0], pair[1]);
    }
    assert_ne!(records[0].game_seed, records[2].game_seed);
    assert_eq!(
        report.names,
        ["random".to_string(), "flat-mc(50 it)".to_string()]
    );
    // Every game has one winner in Kuhn poker, and a game's returns sum to one.
    assert_eq!(report.draws, 0);
    assert!((report.return_sum[0] + report.return_sum[1] - 6.0).abs() < 1e-9);
    let no_swap = play_match(
        &MatchConfig {
            swap_seats: false,
            ..config
        },
        |seed| Kuhn::deal(&mut ChaCha8Rng::seed_from_u64(seed)),
        RandomPlayer::new,
        RandomPlayer::new,
    );
    assert_eq!(no_swap.seat_wins[0] + no_swap.seat_wins[1], 6);
}

/// Pig with a prior that favours one action, for progressive bias.
#[derive(Clone, Debug)]
struct Biased {
    pig: Pig,
    favourite: PigAction,
}

impl Game for Biased {
    type Action = PigAction;
    fn num_players(&self) -> usize {
        2
    }
    fn to_move(&self) -> usize {
        self.pig.to_move()
    }
    fn legal_actions(&self, out: &mut Vec<PigAction>) {
        self.pig.legal_actions(out)
    }
    fn apply<R: RngCore + ?Sized>(&mut self, action: PigAction, rng: &mut R) {
        self.pig.apply(action, rng)
    }
    fn is_terminal(&self) -> bool {
        self.pig.is_terminal()
    }
    fn returns(&self, player: usize) -> f64 {
        self.pig.returns(player)
    }
    fn determinize<R: RngCore + ?Sized>(&mut self, _observer: usize, _rng: &mut R) {}
    fn prior(&self, action: PigAction) -> f64 {
        if action == self.favourite { 1.0 } else { 0.1 }
    }
}

/// With progressive bias on, the first expansion is the action with the highest prior, so a
/// one-iteration search plays the favourite whichever it is; and a heavy bias draws visits
/// to the favourite even where it is the worse action, while the search without bias visits
/// the better action most.
#[test]
fn progressive_bias_follows_the_prior() {
    let state = Pig::position(30, 0, [10, 10], 6).unwrap();
    for favourite in [PigAction::Roll, PigAction::Hold] {
        for seed in 0..5 {
            let mut search = IsMcts::<Biased>::new(IsMctsConfig {
                budget: Budget::Iterations(1),
                prior_weight: 1.0,
                ..Default::default()
            });
            let game = Biased {
                pig: state.clone(),
                favourite,
            };
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            assert_eq!(search.choose(&game, &mut rng), Some(favourite));
        }
    }
    // At 25 + 5 holding wins; rolling risks a 1. Favour rolling heavily.
    let won = Biased {
        pig: Pig::position(30, 0, [25, 10], 5).unwrap(),
        favourite: PigAction::Roll,
    };
    let visits = |weight: f64| {
        let mut search = IsMcts::<Biased>::new(IsMctsConfig {
            budget: Budget::Iterations(300),
            prior_weight: weight,
            ..Default::default()
        });
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        search.choose(&won, &mut rng);
        let r = search.last_report().unwrap();
        (
            r.stat(&PigAction::Roll).unwrap().visits,
            r.stat(&PigAction::Hold).unwrap().visits,
        )
    };
    let (roll, hold) = visits(0.0);
    assert!(hold > roll, "no bias: {hold} holds, {roll} rolls");
    let (roll, hold) = visits(1_000.0);
    assert!(roll > hold, "heavy bias: {hold} holds, {roll} rolls");
}
