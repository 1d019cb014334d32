//! Hidden information: searches on Kuhn poker must not peek at the opponent's card.

use ai::toys::kuhn::{Kuhn, KuhnAction, KuhnCard};
use ai::{Budget, FlatMc, Game, IsMcts, IsMctsConfig, Pimc, Player, RandomPlayer};
use rand::{RngCore, SeedableRng};
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

fn ismcts(iterations: u64, threads: usize) -> IsMcts<Kuhn> {
    IsMcts::new(IsMctsConfig {
        budget: Budget::Iterations(iterations),
        threads,
        ..Default::default()
    })
}

/// A cheat: the same game, but `determinize` leaves the true hidden cards in place, so a
/// search on it sees the opponent's card.
#[derive(Clone, Debug)]
struct Peek(Kuhn);

impl Game for Peek {
    type Action = KuhnAction;
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    fn to_move(&self) -> usize {
        self.0.to_move()
    }
    fn legal_actions(&self, out: &mut Vec<KuhnAction>) {
        self.0.legal_actions(out)
    }
    fn apply<R: RngCore + ?Sized>(&mut self, action: KuhnAction, rng: &mut R) {
        self.0.apply(action, rng)
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn returns(&self, player: usize) -> f64 {
        self.0.returns(player)
    }
    fn determinize<R: RngCore + ?Sized>(&mut self, _observer: usize, _rng: &mut R) {}
}

/// Player 1 holds the Queen and faces a bet. Knowing player 0's card would decide it: call
/// against the Jack (+2 chips instead of -1), fold against the King (-1 instead of -2). A fair
/// search sees the same thing in both worlds and, from the same seed, must produce exactly
/// the same search: same decision, same visits, same means.
#[test]
fn ismcts_decision_does_not_depend_on_hidden_card() {
    for threads in [1, 2] {
        let vs_jack = hand([Jack, Queen], &[Bet]);
        let vs_king = hand([King, Queen], &[Bet]);
        let mut a = ismcts(2_000, threads);
        let mut b = ismcts(2_000, threads);
        let da = a
            .choose(&vs_jack, &mut ChaCha8Rng::seed_from_u64(11))
            .unwrap();
        let db = b
            .choose(&vs_king, &mut ChaCha8Rng::seed_from_u64(11))
            .unwrap();
        assert_eq!(da, db);
        let (ra, rb) = (a.last_report().unwrap(), b.last_report().unwrap());
        assert_eq!(ra.top, rb.top, "threads {threads}");
        assert_eq!(ra.iterations, rb.iterations);
    }
}

/// Flat Monte Carlo and determinized UCT are fair in the same sense.
#[test]
fn baselines_do_not_depend_on_hidden_card() {
    let vs_jack = hand([Jack, Queen], &[Bet]);
    let vs_king = hand([King, Queen], &[Bet]);
    let run = |player: &mut dyn Player<Kuhn>, state: &Kuhn| {
        let action = player.choose(state, &mut ChaCha8Rng::seed_from_u64(3));
        (action, player.last_report().cloned().map(|r| r.top))
    };
    let flat = || FlatMc::<Kuhn>::new(Budget::Iterations(300), 10);
    assert_eq!(run(&mut flat(), &vs_jack), run(&mut flat(), &vs_king));
    let pimc = || Pimc::<Kuhn>::new(5, IsMctsConfig::with_budget(Budget::Iterations(500)));
    assert_eq!(run(&mut pimc(), &vs_jack), run(&mut pimc(), &vs_king));
}

/// The same position for the cheat: it calls against the Jack and folds against the King,
/// which shows that the fairness test above would catch a search that peeks.
#[test]
fn a_peeking_search_would_decide_differently() {
    let mut cheat = IsMcts::<Peek>::with_budget(Budget::Iterations(500));
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    assert_eq!(
        cheat.choose(&Peek(hand([Jack, Queen], &[Bet])), &mut rng),
        Some(Bet)
    );
    assert_eq!(
        cheat.choose(&Peek(hand([King, Queen], &[Bet])), &mut rng),
        Some(Pass)
    );
}

/// Moves that are right whatever the opponent holds (dominant), at the last decision of a
/// hand, with their exact values as returns `(chips + 2) / 4`:
/// * King facing a bet: calling wins 2 chips (return 1.0), folding loses 1 (0.25): call.
/// * Jack facing a bet: calling loses 2 chips (0.0), folding loses 1 (0.25): fold.
///
/// For both players (player 1 after a bet; player 0 after pass, bet), and for ISMCTS, flat
/// Monte Carlo and determinized UCT. ISMCTS's means must equal these exact values, since
/// these outcomes involve no chance.
#[test]
fn searches_play_dominant_moves_with_exact_values() {
    let cases = [
        (hand([Queen, King], &[Bet]), Bet, 1.0, 0.25),
        (hand([Queen, Jack], &[Bet]), Pass, 0.25, 0.0),
        (hand([King, Queen], &[Pass, Bet]), Bet, 1.0, 0.25),
        (hand([Jack, Queen], &[Pass, Bet]), Pass, 0.25, 0.0),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for (state, best, best_value, other_value) in cases {
        let mut search = ismcts(1_000, 1);
        assert_eq!(search.choose(&state, &mut rng), Some(best), "{state:?}");
        let report = search.last_report().unwrap();
        assert_eq!(report.top[0].action, best);
        assert_eq!(report.top[0].mean, best_value);
        assert_eq!(report.top[1].mean, other_value);

        let mut flat = FlatMc::<Kuhn>::new(Budget::Iterations(200), 100);
        assert_eq!(flat.choose(&state, &mut rng), Some(best), "flat {state:?}");
        let mut pimc = Pimc::<Kuhn>::new(4, IsMctsConfig::with_budget(Budget::Iterations(400)));
        assert_eq!(pimc.choose(&state, &mut rng), Some(best), "pimc {state:?}");
    }
}

/// Queen facing a bet, seen by player 1, who cannot tell the Jack from the King: each is
/// equally likely, so calling is worth (1.0 + 0.0) / 2 = 0.5 and folding 0.25. ISMCTS
/// determinizes uniformly, so it calls, and its estimate of calling is close to 0.5
/// (2,000 iterations; each call sample is 0 or 1, so the standard error is below 0.02).
#[test]
fn ismcts_values_a_call_with_the_queen_by_averaging_over_hidden_cards() {
    let mut search = ismcts(2_000, 1);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let state = hand([King, Queen], &[Bet]);
    assert_eq!(search.choose(&state, &mut rng), Some(Bet));
    let report = search.last_report().unwrap();
    let call = report.stat(&Bet).unwrap();
    let fold = report.stat(&Pass).unwrap();
    assert_eq!(fold.mean, 0.25);
    assert!((call.mean - 0.5).abs() < 0.08, "{report}");
    assert!(call.visits > fold.visits);
}

/// The random player picks both actions, only legal ones, and deterministically per seed.
#[test]
fn random_player_is_uniform_and_seeded() {
    let state = hand([Queen, King], &[]);
    let mut p = RandomPlayer::new();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let picks: Vec<KuhnAction> = (0..400)
        .map(|_| p.choose(&state, &mut rng).unwrap())
        .collect();
    let bets = picks.iter().filter(|a| **a == Bet).count();
    // 400 fair coin flips: 200 +- 4 standard deviations (10 each).
    assert!((160..=240).contains(&bets), "{bets}");
    let mut rng2 = ChaCha8Rng::seed_from_u64(1);
    let again: Vec<KuhnAction> = (0..400)
        .map(|_| p.choose(&state, &mut rng2).unwrap())
        .collect();
    assert_eq!(picks, again);
    let over = hand([Queen, King], &[Pass, Pass]);
    assert_eq!(Player::<Kuhn>::choose(&mut p, &over, &mut rng), None);
    assert!(Player::<Kuhn>::last_report(&p).is_none());
}
