//! The game played to win, checked: the solver against brute force over the game itself
//! on a smaller game, its chances against the rules' bounds, and its prediction against
//! seeded games.

use std::collections::HashMap;

use ai::stats::{Z95, wilson};
use martian_dice::dice::{Tally, outcomes};
use martian_dice::game::{Game, TARGET};
use martian_dice::match_odds::{MatchOdds, PlaysForPoints, PlaysToWin, alternating};
use martian_dice::perfect::{Perfect, Position, Seat};
use martian_dice::players::{OptimalPlayer, PerfectPlayer};
use martian_dice::turn::TurnAction;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A game paused between rolls, by what its future depends on (not the Rounds played).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    player: usize,
    scores: [u32; 2],
    last_round: bool,
    aside: Tally,
}

fn key(g: &Game) -> Key {
    Key {
        player: g.player,
        scores: [g.scores[0], g.scores[1]],
        last_round: g.last_round,
        aside: g.turn.aside,
    }
}

/// Where a decision or a roll leads: the end of the game (the first player's chance, a tie
/// even, D4), or another pause.
#[derive(Clone, Copy, Debug)]
enum Next {
    Over(f64),
    Pause(usize),
}

/// One pause: who decides, stopping (if open), and each roll with the places its takings
/// lead to (one place when it offers nothing).
struct Node {
    player: usize,
    stop: Option<Next>,
    rolls: Vec<(f64, Vec<Next>)>,
}

/// Every pause of the game of `dice` dice to `target` reachable from its start, with the
/// first player's chance to win from each under best play of both, by Gauss-Seidel value
/// iteration until no value moves by 1e-14. The moves are the game's own (`Game::apply`
/// and `Game::roll_as` on every roll a die can give): no formula of the solver is used.
fn brute_force(dice: u8, target: u32) -> (Vec<Key>, Vec<f64>) {
    let start = Game::with_rules(2, dice, target).unwrap();
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut keys: Vec<Key> = Vec::new();
    let mut games: Vec<Game> = Vec::new();
    let mut nodes: Vec<Node> = Vec::new();
    // The tie-break's dice: the brute force reads ties off the scores instead.
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut place = |g: Game, games: &mut Vec<Game>, keys: &mut Vec<Key>| -> Next {
        if g.is_over() {
            let (a, b) = (g.scores[0], g.scores[1]);
            return Next::Over(match a.cmp(&b) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => 0.0,
                std::cmp::Ordering::Equal => 0.5,
            });
        }
        let k = key(&g);
        let n = index.len();
        let at = *index.entry(k.clone()).or_insert(n);
        if at == n {
            keys.push(k);
            games.push(g);
        }
        Next::Pause(at)
    };
    place(start, &mut games, &mut keys);
    let mut i = 0;
    while i < games.len() {
        let g = games[i].clone();
        let legal = g.legal();
        let stop = legal.contains(&TurnAction::Stop).then(|| {
            let mut s = g.clone();
            s.apply(TurnAction::Stop, &mut rng);
            place(s, &mut games, &mut keys)
        });
        let mut rolls = Vec::new();
        for (t, p) in outcomes(g.turn.to_roll()) {
            let mut r = g.clone();
            r.roll_as(t, &mut rng);
            let options = if r.turn.rolled.is_some() && !r.is_over() {
                r.legal()
                    .into_iter()
                    .map(|a| {
                        let mut x = r.clone();
                        x.apply(a, &mut rng);
                        place(x, &mut games, &mut keys)
                    })
                    .collect()
            } else {
                vec![place(r, &mut games, &mut keys)]
            };
            rolls.push((p, options));
        }
        nodes.push(Node {
            player: g.player,
            stop,
            rolls,
        });
        i += 1;
    }
    let mut v = vec![0.5; nodes.len()];
    let value = |n: &Next, v: &[f64]| match n {
        Next::Over(x) => *x,
        Next::Pause(i) => v[*i],
    };
    // The first player maximises its chance, the second minimises it.
    let best = |player: usize, a: f64, b: f64| if player == 0 { a.max(b) } else { a.min(b) };
    for _ in 0..100_000 {
        let mut delta: f64 = 0.0;
        for (i, n) in nodes.iter().enumerate().rev() {
            let mut roll = 0.0;
            for (p, options) in &n.rolls {
                let init = if n.player == 0 { 0.0 } else { 1.0 };
                roll += p * options
                    .iter()
                    .fold(init, |acc, o| best(n.player, acc, value(o, &v)));
            }
            let x = match &n.stop {
                Some(s) => best(n.player, value(s, &v), roll),
                None => roll,
            };
            delta = delta.max((x - v[i]).abs());
            v[i] = x;
        }
        if delta < 1e-14 {
            return (keys, v);
        }
    }
    panic!("brute force did not settle");
}

#[test]
fn the_solver_agrees_with_brute_force_over_the_game_itself_on_5_dice_to_8() {
    let (keys, brute) = brute_force(5, 8);
    let p = Perfect::solve(5, 8);
    // Every pause: a Turn's start, every state between rolls, the last Round's Turns.
    assert!(keys.len() > 10_000, "{}", keys.len());
    let mut last_turns = 0;
    for (k, b) in keys.iter().zip(&brute) {
        assert!((0.0..=1.0).contains(b), "{k:?}: {b}");
        let mut g = Game::with_rules(2, 5, 8).unwrap();
        g.player = k.player;
        g.scores = k.scores.to_vec();
        g.last_round = k.last_round;
        g.turn.aside = k.aside;
        let pos = Position::of(&g);
        last_turns += usize::from(k.last_round);
        let values = p.turn_values(pos);
        let mover = if k.aside.total() == 0 {
            values.start(p.graph())
        } else {
            let stop = values
                .action_value(p.graph(), &g.turn, TurnAction::Stop)
                .unwrap();
            let roll = values
                .action_value(p.graph(), &g.turn, TurnAction::Roll)
                .unwrap();
            stop.max(roll)
        };
        if k.aside.total() == 0 {
            assert!((mover - p.win(pos)).abs() < 1e-12);
        }
        // The brute force counts the first player's chance.
        let first = if k.player == 0 { mover } else { 1.0 - mover };
        assert!(
            (first - b).abs() < 1e-9,
            "{k:?}: solver {first}, brute force {b}"
        );
    }
    assert!(last_turns > 0);
}

#[test]
fn every_chance_is_a_probability_and_more_points_are_never_worth_less() {
    let p = Perfect::standard();
    assert!(p.residual() < 1e-12, "{}", p.residual());
    let start = p.first_player_wins();
    assert!((0.45..0.5).contains(&start), "{start}");
    let most = TARGET - 1 + 16;
    for mine in 0..TARGET {
        for theirs in 0..=most {
            for seat in [Seat::First, Seat::Second] {
                if seat == Seat::First && theirs >= TARGET {
                    continue;
                }
                let pos = Position::new(seat, mine, theirs);
                let w = p.win(pos);
                assert!((0.0..=1.0).contains(&w), "{pos:?}: {w}");
                // Stakes rise with the Turn's score: rolling on from nothing never hurts,
                // which is why a Turn is never stopped at nothing with dice to roll.
                let s = p.stakes(pos);
                assert!(s.iter().all(|x| (0.0..=1.0).contains(x)));
                assert!(s.windows(2).all(|w| w[0] <= w[1] + 1e-15), "{pos:?}: {s:?}");
                // More points of one's own, or fewer of the other's, never lower the chance.
                if mine + 1 < TARGET {
                    assert!(p.win(Position::new(seat, mine + 1, theirs)) + 1e-12 >= w);
                }
                if theirs >= 1 && !(seat == Seat::Second && theirs == TARGET) {
                    assert!(p.win(Position::new(seat, mine, theirs - 1)) + 1e-12 >= w);
                }
            }
        }
    }
    // The last Turn, 1 point behind: an even chance at worst, since a tie is even.
    let behind_one = p.win(Position::new(Seat::Second, 24, 25));
    assert!(behind_one > 0.5 && behind_one < 1.0);
    // Out of reach (17 points behind: a Turn scores at most 16): lost.
    assert_eq!(p.win(Position::new(Seat::Second, 0, 40)), 0.0);
}

#[test]
fn perfect_against_optimal_the_two_seats_sum_to_one_everywhere() {
    let p = Perfect::standard();
    let mut a = PlaysToWin(&p);
    let mut b = PlaysForPoints::new(p.graph());
    let first = MatchOdds::solve(TARGET, &mut a, &mut b, Seat::First);
    let second = MatchOdds::solve(TARGET, &mut a, &mut b, Seat::Second);
    for x in 0..TARGET {
        for y in 0..TARGET {
            for seat in [Seat::First, Seat::Second] {
                let (f, s) = (first.at(seat, x, y), second.at(seat, x, y));
                assert!((0.0..=1.0).contains(&f), "{f}");
                assert!((f + s - 1.0).abs() < 1e-12, "{x}-{y}: {f} + {s}");
            }
        }
    }
    // Playing to win beats playing for points from either seat.
    let (f, s) = alternating(TARGET, &mut a, &mut b);
    assert!(f > 0.5 && s > 0.5, "{f} {s}");
    // Two players of points alike: an even game, whoever starts (the Round is always
    // completed, so the two totals are sums of as many Turns alike).
    let mut c = PlaysForPoints::new(p.graph());
    let (f, s) = alternating(TARGET, &mut b, &mut c);
    assert!(
        (f - 0.5).abs() < 1e-12 && (s - 0.5).abs() < 1e-12,
        "{f} {s}"
    );
}

#[test]
fn a_seeded_duel_against_optimal_matches_the_exact_prediction_seat_by_seat() {
    let p = Perfect::standard();
    let (first, second) = alternating(
        TARGET,
        &mut PlaysToWin(&p),
        &mut PlaysForPoints::new(p.graph()),
    );
    let config = ai::MatchConfig {
        games: 6_000,
        seed: 2027,
        swap_seats: true,
        max_decisions: 100_000,
    };
    // Perfect's games and wins by its seat.
    let by_seat = std::sync::Mutex::new([(0u32, 0u32); 2]);
    let report = ai::arena::play_match_on_threads(
        &config,
        2,
        |_| Game::new(2).unwrap(),
        PerfectPlayer::new,
        OptimalPlayer::new,
        |g| {
            let mut s = by_seat.lock().unwrap();
            let won = g.outcome.as_ref().map_or(0, |r| u32::from(r[0] > 0.5));
            s[g.seat_of_a].0 += 1;
            s[g.seat_of_a].1 += won;
        },
    );
    assert!(report.failures.is_empty());
    let by_seat = by_seat.into_inner().unwrap();
    // Each seat's wins within a 99.99% Wilson interval (3.9 standard deviations) of the
    // exact chance: a solver off by 0.03 on a seat would fail.
    for ((games, wins), exact) in by_seat.iter().zip([first, second]) {
        assert_eq!(*games, 3_000);
        let (lo, hi) = wilson(f64::from(*wins), f64::from(*games), 3.9);
        assert!(
            lo <= exact && exact <= hi,
            "{wins} of {games} [{lo:.4}, {hi:.4}] against the exact {exact:.4}"
        );
    }
    let (lo, hi) = report.score_interval(0, Z95);
    assert!(lo > 0.49 && hi > 0.5, "{lo} {hi}");
}
