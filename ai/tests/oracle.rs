//! The oracle searches the true state: on Kuhn poker it sees the opponent's card. It must
//! play the move that is best *given* that card, and against a fixed opponent it must score
//! more than any fair player could.

use ai::play_match;
use ai::toys::kuhn::{Kuhn, KuhnAction, KuhnCard};
use ai::toys::pig::Pig;
use ai::{Budget, Game, IsMcts, IsMctsConfig, MatchConfig, Oracle, Player};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use KuhnAction::{Bet, Pass};
use KuhnCard::{Jack, King, Queen};

fn hand(cards: [KuhnCard; 2], history: &[KuhnAction]) -> Kuhn {
    let mut k = Kuhn::new(cards).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for &a in history {
        k.apply(a, &mut rng);
    }
    k
}

fn config(iterations: u64) -> IsMctsConfig {
    IsMctsConfig::with_budget(Budget::Iterations(iterations))
}

/// Player 1 holds the Queen and faces a bet. With player 0's card in sight the answer is
/// known: against the Jack, calling wins 2 chips (return (2 + 2) / 4 = 1.0) and folding
/// loses 1 (0.25); against the King calling loses 2 (0.0), folding loses 1 (0.25). Kuhn
/// has no dice, so the oracle's means are exactly these values. The fair search cannot tell
/// the two apart and calls in both (see `tests/kuhn.rs`).
#[test]
fn oracle_calls_against_the_jack_and_folds_against_the_king() {
    for threads in [1, 2] {
        let cases = [
            (hand([Jack, Queen], &[Bet]), Bet, 1.0, 0.25),
            (hand([King, Queen], &[Bet]), Pass, 0.25, 0.0),
            // Player 0 with the Queen after pass, bet: the same choice, seen from seat 0.
            (hand([Queen, Jack], &[Pass, Bet]), Bet, 1.0, 0.25),
            (hand([Queen, King], &[Pass, Bet]), Pass, 0.25, 0.0),
        ];
        for (state, best, best_mean, other_mean) in cases {
            let mut oracle = Oracle::new(IsMctsConfig {
                threads,
                ..config(500)
            });
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            assert_eq!(oracle.choose(&state, &mut rng), Some(best), "{state:?}");
            let report = oracle.last_report().unwrap();
            assert_eq!(report.iterations, 500);
            assert_eq!(report.top[0].action, best);
            assert_eq!(report.top[0].mean, best_mean, "{report}");
            assert_eq!(report.top[1].mean, other_mean, "{report}");
        }
    }
    assert_eq!(
        Player::<Kuhn>::name(&Oracle::<Kuhn>::with_budget(Budget::Iterations(7))),
        "oracle(7 it)"
    );
}

/// On a game without hidden information (Pig) there is nothing to see: the oracle makes
/// exactly the search ISMCTS makes from the same seed.
#[test]
fn oracle_equals_ismcts_without_hidden_information() {
    let pig = Pig::position(30, 0, [20, 24], 6).unwrap();
    let mut oracle = Oracle::<Pig>::new(config(3_000));
    let mut fair = IsMcts::<Pig>::new(config(3_000));
    let a = oracle.choose(&pig, &mut ChaCha8Rng::seed_from_u64(5));
    let b = fair.choose(&pig, &mut ChaCha8Rng::seed_from_u64(5));
    assert_eq!(a, b);
    assert_eq!(
        oracle.last_report().unwrap().top,
        fair.last_report().unwrap().top
    );
}

/// The fixed opponent: always bets, and calls every bet.
struct AlwaysBet;

impl Player<Kuhn> for AlwaysBet {
    fn name(&self) -> String {
        "always-bet".into()
    }
    fn choose(&mut self, game: &Kuhn, _rng: &mut ChaCha8Rng) -> Option<KuhnAction> {
        (!game.is_terminal()).then_some(Bet)
    }
}

/// Exact expected return, for a player who sees both cards, of the best play against an
/// opponent who bets with probability `p_bet` at each decision whatever its card, averaged
/// over the six deals and both seats.
fn seeing_best_response(p_bet: f64) -> f64 {
    fn value(k: &Kuhn, me: usize, p_bet: f64) -> f64 {
        if k.is_terminal() {
            return k.returns(me);
        }
        let [pass, bet] = [Pass, Bet].map(|a| {
            let mut c = k.clone();
            c.apply(a, &mut ChaCha8Rng::seed_from_u64(0));
            value(&c, me, p_bet)
        });
        if k.to_move() == me {
            pass.max(bet)
        } else {
            (1.0 - p_bet) * pass + p_bet * bet
        }
    }
    let mut sum = 0.0;
    for me in 0..2 {
        for a in KuhnCard::ALL {
            for b in KuhnCard::ALL {
                if a != b {
                    sum += value(&Kuhn::new([a, b]).unwrap(), me, p_bet);
                }
            }
        }
    }
    sum / 12.0
}

/// The same for a fair player, who sees only its own card. The opponent's moves do not
/// depend on its card, so the opponent's card stays uniform over the other two at every
/// decision and a fair best response maximises the average over them at each decision.
fn fair_best_response(p_bet: f64) -> f64 {
    fn value(me: usize, mine: KuhnCard, history: &[KuhnAction], p_bet: f64) -> f64 {
        let others: Vec<KuhnCard> = KuhnCard::ALL.into_iter().filter(|c| *c != mine).collect();
        let state = |other: KuhnCard| {
            let mut cards = [other; 2];
            cards[me] = mine;
            hand(cards, history)
        };
        let k = state(others[0]);
        if k.is_terminal() {
            return others.iter().map(|&o| state(o).returns(me)).sum::<f64>() / 2.0;
        }
        let [pass, bet] = [Pass, Bet].map(|a| {
            let mut h = history.to_vec();
            h.push(a);
            value(me, mine, &h, p_bet)
        });
        if k.to_move() == me {
            pass.max(bet)
        } else {
            (1.0 - p_bet) * pass + p_bet * bet
        }
    }
    let mut sum = 0.0;
    for me in 0..2 {
        for mine in KuhnCard::ALL {
            sum += value(me, mine, &[], p_bet);
        }
    }
    sum / 6.0
}

/// The bounds, against values worked out by hand (returns are `(chips + 2) / 4`; `w` is the
/// chance of winning a showdown: 1, 1/2, 0 for the fair player with K, Q, J).
///
/// * Against the always-bet opponent, in either seat the best is to wait for the bet, then
///   call if `w > 1/4` (return `w`) or fold (0.25): fair `(1 + 0.5 + 0.25) / 3 = 7/12`;
///   seeing, half the deals are won (1) and half folded (0.25): `0.625`.
/// * Against the uniformly random opponent: fair 0.625 in seat 0 (bet with K, Q and J:
///   0.875, 0.625, 0.375) and `(0.9375 + 0.5625 + 0.3125) / 3` in seat 1, so `59/96`;
///   seeing, 0.625 in both seats. Seeing the card is worth little against random play.
#[test]
fn best_response_bounds_match_hand_counts() {
    assert!((fair_best_response(1.0) - 7.0 / 12.0).abs() < 1e-12);
    assert!((seeing_best_response(1.0) - 0.625).abs() < 1e-12);
    assert!((fair_best_response(0.5) - 59.0 / 96.0).abs() < 1e-12);
    assert!((seeing_best_response(0.5) - 0.625).abs() < 1e-12);
}

/// Against the always-bet opponent, over 10,000 games (seats swapped): the oracle scores
/// more than the best any fair player can score in expectation (7/12) by four standard
/// errors, not more than the seeing ceiling (0.625) by as much, and more than fair ISMCTS
/// with the same budget on the same deals. Returns lie in `[0, 1]`, so one game's standard
/// deviation is at most 0.5 and four standard errors of 10,000 games at most 0.02.
#[test]
fn oracle_beats_every_fair_player_against_a_fixed_opponent() {
    let fair_bound = fair_best_response(1.0);
    let seeing_bound = seeing_best_response(1.0);
    let games = 10_000;
    let cfg = MatchConfig {
        games,
        seed: 17,
        ..Default::default()
    };
    let deal = |seed: u64| Kuhn::deal(&mut ChaCha8Rng::seed_from_u64(seed));
    let oracle = play_match(&cfg, deal, || Oracle::new(config(200)), || AlwaysBet);
    let fair = play_match(&cfg, deal, || IsMcts::new(config(200)), || AlwaysBet);
    let (o, f) = (oracle.mean_return(0), fair.mean_return(0));
    let four_se = 4.0 * 0.5 / f64::from(games).sqrt();
    assert!(
        o > fair_bound + four_se,
        "oracle {o}, fair bound {fair_bound}"
    );
    assert!(
        o < seeing_bound + four_se,
        "oracle {o}, ceiling {seeing_bound}"
    );
    assert!(
        f < fair_bound + four_se,
        "ismcts {f}, fair bound {fair_bound}"
    );
    assert!(o > f + four_se, "oracle {o}, ismcts {f}");
}
