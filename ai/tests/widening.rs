//! Progressive widening: a node with many actions gets children a few at a time, best prior
//! first, instead of one iteration for each action before any is revisited.

use ai::{Budget, Game, IsMcts, IsMctsConfig, Player};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One decision among `n` actions; action `k` wins with probability `k / n` (a coin drawn
/// in `apply`), and the prior says so.
#[derive(Clone, Debug)]
struct Wide {
    n: u32,
    result: Option<bool>,
}

impl Game for Wide {
    type Action = u32;
    fn num_players(&self) -> usize {
        1
    }
    fn to_move(&self) -> usize {
        0
    }
    fn legal_actions(&self, out: &mut Vec<u32>) {
        out.clear();
        if self.result.is_none() {
            out.extend(0..self.n);
        }
    }
    fn apply<R: RngCore + ?Sized>(&mut self, action: u32, rng: &mut R) {
        let x = rng.next_u32() % self.n;
        self.result = Some(x < action);
    }
    fn is_terminal(&self) -> bool {
        self.result.is_some()
    }
    fn returns(&self, _player: usize) -> f64 {
        if self.result == Some(true) { 1.0 } else { 0.0 }
    }
    fn determinize<R: RngCore + ?Sized>(&mut self, _observer: usize, _rng: &mut R) {}
    fn prior(&self, action: u32) -> f64 {
        f64::from(action) / f64::from(self.n)
    }
}

fn search(widening: u32, iterations: u64) -> ai::SearchReport<u32> {
    let mut p = IsMcts::<Wide>::new(IsMctsConfig {
        budget: Budget::Iterations(iterations),
        prior_weight: 0.5,
        widening,
        ..Default::default()
    });
    p.choose(
        &Wide {
            n: 200,
            result: None,
        },
        &mut ChaCha8Rng::seed_from_u64(1),
    );
    p.last_report().unwrap().clone()
}

/// 200 actions, 300 iterations. Without widening each of the first 200 iterations tries a
/// new action, so all 200 are tried. With widening 16 the root may add a child while it has
/// fewer than `max(16, 2 sqrt(visits))`: at its last visit (299 before it) that bound is
/// 34.6, so it ends with 35 children, the 35 best by prior (actions 165-199).
#[test]
fn a_wide_node_grows_by_the_square_root_of_its_visits() {
    let all = search(0, 300);
    assert_eq!(all.top.len(), 200);
    let wide = search(16, 300);
    assert_eq!(wide.top.len(), 35);
    assert!(wide.top.iter().all(|s| s.action >= 165), "{wide}");
    // A node no wider than the threshold is searched exactly as without widening.
    let narrow = search(200, 300);
    assert_eq!(narrow.top, all.top);
}
