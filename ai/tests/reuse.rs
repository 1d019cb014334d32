//! Tree reuse: a decision that follows the searcher's own previous one directly grows the
//! subtree kept under that choice; any other decision starts afresh.

use ai::toys::pig::{Pig, PigAction};
use ai::{Budget, Game, IsMcts, IsMctsConfig, Player, Progress};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Pig as a game being played: it keeps the decisions applied, as a journal; its copies
/// (the search's) keep none.
#[derive(Debug)]
struct Played {
    pig: Pig,
    log: Option<Vec<PigAction>>,
}

impl Clone for Played {
    fn clone(&self) -> Self {
        Played {
            pig: self.pig.clone(),
            log: None,
        }
    }
}

impl Game for Played {
    type Action = PigAction;
    fn num_players(&self) -> usize {
        2
    }
    fn to_move(&self) -> usize {
        self.pig.to_move()
    }
    fn legal_actions(&self, out: &mut Vec<PigAction>) {
        self.pig.legal_actions(out);
    }
    fn apply<R: RngCore + ?Sized>(&mut self, action: PigAction, rng: &mut R) {
        self.pig.apply(action, rng);
        if let Some(log) = &mut self.log {
            log.push(action);
        }
    }
    fn is_terminal(&self) -> bool {
        self.pig.is_terminal()
    }
    fn returns(&self, player: usize) -> f64 {
        self.pig.returns(player)
    }
    fn determinize<R: RngCore + ?Sized>(&mut self, _observer: usize, _rng: &mut R) {}
    fn progress(&self) -> Option<Progress> {
        let log = self.log.as_ref()?;
        Some(Progress {
            decisions: log.len() as u64,
            key: log.iter().fold(Progress::START, Progress::extend),
            private: 0,
        })
    }
}

const BUDGET: u64 = 2_000;

fn player(reuse: bool) -> IsMcts<Played> {
    IsMcts::new(IsMctsConfig {
        reuse,
        ..IsMctsConfig::with_budget(Budget::Iterations(BUDGET))
    })
}

/// The visits the last report counts at the root, over its actions.
fn root_visits(p: &IsMcts<Played>) -> u64 {
    p.last_report().unwrap().top.iter().map(|s| s.visits).sum()
}

/// A game at 0-0 to 30, the first player to move with 2 in hand, its Roll applied
/// with a die that does not end the Turn.
fn after_a_roll(dice_seed: u64) -> (Played, Played) {
    let start = Played {
        pig: Pig::position(30, 0, [0, 0], 2).unwrap(),
        log: Some(Vec::new()),
    };
    let mut next = start.clone();
    next.log = Some(Vec::new());
    let mut dice = ChaCha8Rng::seed_from_u64(dice_seed);
    next.apply(PigAction::Roll, &mut dice);
    (start, next)
}

#[test]
fn the_next_decision_grows_the_subtree_under_the_choice() {
    // A seed whose roll is not a 1, so the same player decides again.
    let (start, next) = (1..)
        .map(after_a_roll)
        .find(|(_, n)| n.to_move() == 0)
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut p = player(true);
    assert_eq!(p.choose(&start, &mut rng), Some(PigAction::Roll));
    assert_eq!(root_visits(&p), BUDGET);
    p.choose(&next, &mut rng).unwrap();
    let report = p.last_report().unwrap();
    // This search ran its own budget on top of what the Roll's subtree held.
    assert_eq!(report.iterations, BUDGET);
    assert!(root_visits(&p) > BUDGET + BUDGET / 4, "{}", root_visits(&p));

    // Without reuse, and with reuse when the decision does not follow from the last one
    // (its journal says another decision came between), each search starts afresh.
    let mut fresh = player(false);
    fresh.choose(&start, &mut rng).unwrap();
    fresh.choose(&next, &mut rng).unwrap();
    assert_eq!(root_visits(&fresh), BUDGET);
    let mut q = player(true);
    q.choose(&start, &mut rng).unwrap();
    let mut elsewhere = next.clone();
    elsewhere.log = Some(vec![PigAction::Hold, PigAction::Roll]);
    q.choose(&elsewhere, &mut rng).unwrap();
    assert_eq!(root_visits(&q), BUDGET);
}

#[test]
fn a_decision_for_the_other_player_starts_afresh() {
    let (start, _) = after_a_roll(1);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut p = player(true);
    assert_eq!(p.choose(&start, &mut rng), Some(PigAction::Roll));
    // Right after that Roll by its journal, but the other player is to move.
    let other = Played {
        pig: Pig::position(30, 1, [0, 0], 3).unwrap(),
        log: Some(vec![PigAction::Roll]),
    };
    p.choose(&other, &mut rng).unwrap();
    assert_eq!(root_visits(&p), BUDGET);
}

#[test]
fn reuse_replays_from_the_same_seeds() {
    let play = || {
        let mut game = Played {
            pig: Pig::new(20),
            log: Some(Vec::new()),
        };
        let mut players = [player(true), player(true)];
        let mut rngs = [ChaCha8Rng::seed_from_u64(1), ChaCha8Rng::seed_from_u64(2)];
        let mut dice = ChaCha8Rng::seed_from_u64(9);
        let mut visits = Vec::new();
        while !game.is_terminal() {
            let s = game.to_move();
            let a = players[s].choose(&game, &mut rngs[s]).unwrap();
            visits.push(
                players[s]
                    .last_report()
                    .map_or(0, |r| r.top.iter().map(|t| t.visits).sum::<u64>()),
            );
            game.apply(a, &mut dice);
        }
        (game.log.unwrap(), visits)
    };
    let (a, b) = (play(), play());
    assert_eq!(a, b);
    // Some decision of the game grew a kept subtree.
    assert!(a.1.iter().any(|&v| v > BUDGET), "{:?}", a.1);
}
