//! Searches on two-player Pig, checked against exact values from value iteration
//! (`support/pig_solver.rs`, written independently of `ai::toys::pig`).

#[path = "support/pig_solver.rs"]
mod pig_solver;

use ai::toys::pig::{Pig, PigAction};
use ai::{
    Budget, FlatMc, Game, IsMcts, IsMctsConfig, MatchConfig, Pimc, Player, RandomPlayer, play_match,
};
use pig_solver::{PigValues, policy_vs_random};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const TARGET: usize = 30;

/// The optimal action and its margin over the other one, from the exact values.
fn optimal(v: &PigValues, i: usize, j: usize, k: usize) -> (PigAction, f64) {
    let (roll, hold) = (v.roll(i, j, k), v.hold(i, j, k));
    if roll > hold {
        (PigAction::Roll, roll - hold)
    } else {
        (PigAction::Hold, hold - roll)
    }
}

/// Every decision of player 0 with a positive turn total (so both actions are legal) where
/// one action is better than the other by at least `gap` in win probability.
fn clear_positions(v: &PigValues, gap: f64) -> Vec<(usize, usize, usize, PigAction)> {
    let t = v.target;
    let mut out = Vec::new();
    for i in 0..t {
        for j in 0..t {
            for k in 1..=t + 5 - i {
                let (best, margin) = optimal(v, i, j, k);
                if margin >= gap {
                    out.push((i, j, k, best));
                }
            }
        }
    }
    out
}

fn pig(i: usize, j: usize, k: usize) -> Pig {
    Pig::position(TARGET as u8, 0, [i as u8, j as u8], k as u8).expect("valid position")
}

/// Neller and Presser (2004) report that the first player of Pig to 100 wins 53.06% of the
/// time under optimal play. Slow (about a million states), so run on demand.
#[test]
#[ignore = "solves Pig to 100: run with --ignored"]
fn solver_reproduces_published_value() {
    let v = PigValues::solve(100);
    assert!(
        (v.win(0, 0, 0) - 0.5306).abs() < 0.00005,
        "{}",
        v.win(0, 0, 0)
    );
}

#[test]
fn solver_values_are_consistent() {
    let v = PigValues::solve(TARGET);
    // Having reached the target, holding wins surely and rolling risks a 1.
    assert_eq!(v.hold(25, 29, 5), 1.0);
    assert!((v.roll(25, 29, 5) - (5.0 / 6.0 + (1.0 - v.win(29, 25, 0)) / 6.0)).abs() < 1e-12);
    // The first player has the edge, as in Pig to 100.
    assert!(v.win(0, 0, 0) > 0.5 && v.win(0, 0, 0) < 0.6);
    // The game code agrees with the solver's model: the mover's win probability under the
    // optimal policy, estimated by playing it out, matches the computed one.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let start = pig(10, 20, 0);
    let n = 20_000;
    let mut wins = 0;
    let mut legal = Vec::new();
    for _ in 0..n {
        let mut g = start.clone();
        while !g.is_terminal() {
            let me = g.to_move();
            let (i, j) = (g.scores()[me] as usize, g.scores()[1 - me] as usize);
            let k = g.turn_total() as usize;
            g.legal_actions(&mut legal);
            let a = if k > 0 {
                optimal(&v, i, j, k).0
            } else {
                PigAction::Roll
            };
            g.apply(a, &mut rng);
        }
        wins += usize::from(g.winner() == Some(0));
    }
    let p = v.win(10, 20, 0);
    let sd = (p * (1.0 - p) / n as f64).sqrt();
    let observed = wins as f64 / n as f64;
    assert!(
        (observed - p).abs() < 4.0 * sd,
        "observed {observed}, exact {p}"
    );
}

/// ISMCTS (open loop: Pig has no hidden information, so this is open-loop UCT) with 2,000
/// iterations finds the optimal action in every clear-cut position where the opponent is
/// within reach of the target (opponent score >= 15 of 30) and the two actions differ by at
/// least 0.1 in exact win probability. The set holds both answers: rolling on, and holding
/// once the target is reached.
#[test]
fn ismcts_finds_optimal_action_in_clear_positions() {
    let v = PigValues::solve(TARGET);
    let positions: Vec<_> = clear_positions(&v, 0.1)
        .into_iter()
        .filter(|&(_, j, _, _)| j >= 15)
        .collect();
    let holds = positions.iter().filter(|p| p.3 == PigAction::Hold).count();
    let rolls = positions.len() - holds;
    assert!(holds > 100 && rolls > 500, "holds {holds}, rolls {rolls}");
    let mut wrong = Vec::new();
    let mut searched = 0;
    // Every fourth position keeps the test quick; the selection is fixed.
    for (n, &(i, j, k, best)) in positions.iter().enumerate().step_by(4) {
        let mut player = IsMcts::with_budget(Budget::Iterations(2_000));
        let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
        let chosen = player.choose(&pig(i, j, k), &mut rng).unwrap();
        searched += 1;
        if chosen != best {
            wrong.push((i, j, k, best, player.last_report().cloned()));
        }
    }
    println!(
        "{} positions ({holds} hold, {rolls} roll), {searched} searched",
        positions.len()
    );
    assert!(
        wrong.is_empty(),
        "{} wrong: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
}

/// Over all clear-cut positions (gap >= 0.1) below the target (so holding does not win at
/// once), the opponent included far from the target, 2,000 iterations pick the optimal action
/// at least 90% of the time. (Open-loop search with
/// random rollouts underrates a distant opponent's threat after a hold, so the deep positions
/// are harder; measured accuracy is about 97%.)
#[test]
fn ismcts_is_mostly_right_in_all_clear_positions() {
    let v = PigValues::solve(TARGET);
    let positions: Vec<_> = clear_positions(&v, 0.1)
        .into_iter()
        .filter(|&(i, _, k, _)| i + k < TARGET)
        .collect();
    let mut right = 0;
    let mut total = 0;
    for (n, &(i, j, k, best)) in positions.iter().enumerate().step_by(12) {
        let mut player = IsMcts::with_budget(Budget::Iterations(2_000));
        let mut rng = ChaCha8Rng::seed_from_u64(1_000 + n as u64);
        right += usize::from(player.choose(&pig(i, j, k), &mut rng) == Some(best));
        total += 1;
    }
    assert!(total > 120, "{total}");
    let rate = right as f64 / total as f64;
    println!("{right}/{total} right");
    assert!(rate >= 0.9, "{right}/{total}");
}

/// The report's means estimate the action values: holding at 25 + 5 wins at once (mean 1
/// exactly), rolling is worth 5/6 + (1/6)(1 - win(29, 25, 0)) under optimal play; the search
/// plays on with random rollouts after a 1, so only the bounds are sure: the mean lies in
/// [5/6, 1).
#[test]
fn report_means_match_exact_values_where_they_are_exact() {
    let mut player = IsMcts::with_budget(Budget::Iterations(3_000));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let action = player.choose(&pig(25, 29, 5), &mut rng).unwrap();
    assert_eq!(action, PigAction::Hold);
    let report = player.last_report().unwrap();
    assert_eq!(report.top[0].action, PigAction::Hold);
    assert_eq!(report.top[0].mean, 1.0);
    let roll = report.stat(&PigAction::Roll).expect("roll was tried");
    assert!(roll.mean >= 5.0 / 6.0 - 0.05 && roll.mean < 1.0, "{roll:?}");
    assert_eq!(report.top.iter().map(|s| s.visits).sum::<u64>(), 3_000);
}

/// Seeded match of ISMCTS (400 iterations a decision) against the random player, 200 games
/// with seats swapped. The optimal policy scores 0.790 against random (exact: the mean of its
/// win probabilities moving first and second, computed below). A search that scores within
/// 0.1 of that (>= 0.69) drops below 0.60 in 200 games with probability about 0.3% (2.75
/// standard deviations of 0.0327), while a player no better than random (0.5) reaches 0.60
/// with probability about 0.2% (2.8 standard deviations of 0.0354). So the threshold is 0.60,
/// and the 95% Wilson interval must also lie above 0.5.
#[test]
fn ismcts_beats_random_clearly() {
    let v = PigValues::solve(TARGET);
    let opt = |i: usize, j: usize, k: usize| v.roll(i, j, k) >= v.hold(i, j, k);
    let optimal_score =
        0.5 * (policy_vs_random(TARGET, &opt, true) + policy_vs_random(TARGET, &opt, false));
    assert!((optimal_score - 0.790).abs() < 0.001, "{optimal_score}");

    let config = MatchConfig {
        games: 200,
        seed: 42,
        ..Default::default()
    };
    let report = play_match(
        &config,
        |_| Pig::new(TARGET as u8),
        || IsMcts::<Pig>::with_budget(Budget::Iterations(400)),
        RandomPlayer::new,
    );
    assert!(report.failures.is_empty(), "{report}");
    assert_eq!(report.completed(), 200);
    assert_eq!(report.wins[0] + report.wins[1] + report.draws, 200);
    assert_eq!(
        report.seat_wins[0] + report.seat_wins[1],
        200 - report.draws
    );
    let score = report.score(0);
    assert!(score >= 0.60, "{report}");
    println!("{report}");
    assert!(report.score_interval(0, ai::stats::Z95).0 > 0.5, "{report}");
    assert!(report.times[0].count > 0 && report.times[1].count > 0);
}

/// The baselines also play Pig well enough to beat random over a short match (flat Monte
/// Carlo and determinized UCT), and find the plain answers.
#[test]
fn baselines_work_on_pig() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut flat = FlatMc::<Pig>::new(Budget::Iterations(600), 1_000);
    let mut pimc = Pimc::<Pig>::new(3, IsMctsConfig::with_budget(Budget::Iterations(1_500)));
    // Target reached: hold. Opponent on 29 with our 20 + 2: rolling is the only hope
    // (exact values: roll 0.6 vs hold 0.17 and more; checked against the solver).
    let v = PigValues::solve(TARGET);
    assert_eq!(optimal(&v, 20, 29, 2).0, PigAction::Roll);
    assert!(optimal(&v, 20, 29, 2).1 > 0.3);
    for (i, j, k, best) in [(25, 29, 5, PigAction::Hold), (20, 29, 2, PigAction::Roll)] {
        assert_eq!(
            flat.choose(&pig(i, j, k), &mut rng),
            Some(best),
            "flat at {i},{j},{k}"
        );
        assert_eq!(
            pimc.choose(&pig(i, j, k), &mut rng),
            Some(best),
            "pimc at {i},{j},{k}"
        );
    }
    let flat_report = Player::<Pig>::last_report(&flat).unwrap();
    assert_eq!(flat_report.iterations, 600);
    assert_eq!(flat_report.top.iter().map(|s| s.visits).sum::<u64>(), 600);
    assert!(
        flat_report.top.iter().all(|s| s.visits == 300),
        "equal shares"
    );
    assert_eq!(Player::<Pig>::last_report(&pimc).unwrap().iterations, 1_500);

    let config = MatchConfig {
        games: 60,
        seed: 7,
        ..Default::default()
    };
    let flat_vs_random = play_match(
        &config,
        |_| Pig::new(TARGET as u8),
        || FlatMc::<Pig>::new(Budget::Iterations(200), 1_000),
        RandomPlayer::new,
    );
    let pimc_vs_random = play_match(
        &config,
        |_| Pig::new(TARGET as u8),
        || Pimc::<Pig>::new(2, IsMctsConfig::with_budget(Budget::Iterations(400))),
        RandomPlayer::new,
    );
    for r in [&flat_vs_random, &pimc_vs_random] {
        assert!(r.failures.is_empty());
        assert!(r.score_interval(0, ai::stats::Z95).0 > 0.5, "{r}");
    }
}
