//! The open-loop search tree shared by ISMCTS and determinized UCT.
//!
//! Nodes are keyed by the sequence of actions from the root (both players' actions), never by
//! chance outcomes: dice are rolled afresh in every iteration ("open loop"), and hidden
//! information is resampled at the root of every iteration when the search determinizes.
//!
//! A node stores the statistics of the *edge* that leads to it: the action, the player who
//! chose it, how often it was visited, how often it was available, and the sum of the values
//! of the simulations through it **for the player who chose it**. Because the value is kept
//! from the chooser's viewpoint, turns need not alternate. The children of a node are tagged
//! with the player who chooses among them, since the same action sequence may lead, through
//! dice, to a decision by either player (in Pig, rolling a 1 hands the turn over).
//!
//! All nodes live in one `Vec`; children form a singly linked list through the arena, so an
//! iteration allocates nothing except at most one node.

use std::sync::LazyLock;

use rand::{Rng, RngCore};

use crate::clock::Stopper;
use crate::game::{Game, rollout};

const NONE: u32 = u32::MAX;

/// `ln(n)` from a table: the UCB term needs one logarithm per available child per visit,
/// which would otherwise dominate the cost of selection. Counts beyond the table are shifted
/// into it (`ln(n) ~ ln(n >> s) + s ln 2`), which is off by less than `ln(1 + 1/2048)`,
/// about 5e-4, an error far below what matters to exploration.
const LN_TABLE_BITS: u32 = 12;
static LN_TABLE: LazyLock<Vec<f64>> = LazyLock::new(|| {
    (0..1u32 << LN_TABLE_BITS)
        .map(|n| f64::from(n).ln())
        .collect()
});

#[inline]
fn ln_count(table: &[f64], n: u32) -> f64 {
    let shift = (32 - n.leading_zeros()).saturating_sub(LN_TABLE_BITS);
    table[(n >> shift) as usize] + f64::from(shift) * std::f64::consts::LN_2
}

/// Settings of one tree search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeSettings {
    /// UCB exploration constant `c` in `mean + c * sqrt(ln(available) / visits)`.
    pub exploration: f64,
    /// Weight `w` of the progressive-bias term `w * prior / (visits + 1)`; 0 disables it.
    pub prior_weight: f64,
    /// Maximum rollout decisions after leaving the tree.
    pub horizon: u32,
    /// Node cap; when reached the tree stops growing and iterations only roll out.
    pub max_nodes: usize,
    /// Progressive widening threshold (see `IsMctsConfig::widening`); 0 disables it.
    pub widening: u32,
    /// Determinize the root state for the observer at the start of every iteration.
    pub determinize: bool,
}

#[derive(Clone, Debug)]
struct Node<A> {
    action: A,
    /// Player who chose `action` (for the root: the observer).
    player: u32,
    first_child: u32,
    next_sibling: u32,
    /// Index of `action` in the legal list when last seen: a fast path for the look-up.
    hint: u32,
    visits: u32,
    available: u32,
    prior: f32,
    value_sum: f64,
}

/// Statistics of one root action: `(action, visits, sum of values for the observer)`.
pub(crate) type RootEdge<A> = (A, u64, f64);

/// Result of a tree search.
#[derive(Clone, Debug)]
pub(crate) struct TreeResult<A> {
    pub edges: Vec<RootEdge<A>>,
    pub iterations: u64,
    pub nodes: usize,
}

/// An open-loop MCTS tree with its scratch buffers.
pub(crate) struct Tree<G: Game> {
    nodes: Vec<Node<G::Action>>,
    legal: Vec<G::Action>,
    matched: Vec<bool>,
    path: Vec<u32>,
    values: Vec<f64>,
    settings: TreeSettings,
    ln_table: &'static [f64],
}

impl<G: Game> Tree<G> {
    pub(crate) fn new(settings: TreeSettings) -> Tree<G> {
        Tree {
            nodes: Vec::new(),
            legal: Vec::new(),
            matched: Vec::new(),
            path: Vec::new(),
            values: Vec::new(),
            settings,
            ln_table: LN_TABLE.as_slice(),
        }
    }

    /// Searches from `root` for `observer` (who must be to move in `root`) until `stopper`
    /// says stop, and returns the root statistics of the observer's actions.
    pub(crate) fn search<R: RngCore + ?Sized>(
        &mut self,
        root: &G,
        observer: usize,
        stopper: &mut Stopper,
        expected_iterations: u64,
        rng: &mut R,
    ) -> TreeResult<G::Action> {
        self.nodes.clear();
        self.nodes.reserve(
            (expected_iterations.saturating_add(1)).min(self.settings.max_nodes as u64) as usize,
        );
        root.legal_actions(&mut self.legal);
        let Some(&dummy) = self.legal.first() else {
            return TreeResult {
                edges: Vec::new(),
                iterations: 0,
                nodes: 0,
            };
        };
        self.nodes.push(Node {
            action: dummy,
            player: observer as u32,
            first_child: NONE,
            next_sibling: NONE,
            hint: 0,
            visits: 0,
            available: 0,
            prior: 1.0,
            value_sum: 0.0,
        });
        self.values.clear();
        self.values.resize(root.num_players(), 0.5);
        let mut iterations = 0u64;
        while !stopper.should_stop(iterations) {
            self.iterate(root, observer, rng);
            iterations += 1;
        }
        let mut edges = Vec::new();
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if n.player as usize == observer && n.visits > 0 {
                edges.push((n.action, u64::from(n.visits), n.value_sum));
            }
            c = n.next_sibling;
        }
        TreeResult {
            edges,
            iterations,
            nodes: self.nodes.len(),
        }
    }

    /// One iteration: determinize, select, expand one node, roll out, back up.
    fn iterate<R: RngCore + ?Sized>(&mut self, root: &G, observer: usize, rng: &mut R) {
        let mut state = root.clone();
        if self.settings.determinize {
            state.determinize(observer, rng);
        }
        self.path.clear();
        let mut node = 0u32;
        while !state.is_terminal() {
            let mover = state.to_move();
            state.legal_actions(&mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            match self.select_or_expand(node, mover, rng, &state) {
                Step::Expanded(child) => {
                    self.path.push(child);
                    state.apply(self.nodes[child as usize].action, rng);
                    break;
                }
                Step::Selected(child) => {
                    self.path.push(child);
                    state.apply(self.nodes[child as usize].action, rng);
                    node = child;
                }
                Step::Stuck => break,
            }
        }
        rollout(
            &mut state,
            self.settings.horizon,
            rng,
            &mut self.legal,
            &mut self.values,
        );
        self.nodes[0].visits = self.nodes[0].visits.saturating_add(1);
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits = n.visits.saturating_add(1);
            n.value_sum += self.values[n.player as usize];
        }
    }

    /// At `node`, with `self.legal` filled for `mover`: marks the available children, then
    /// either expands one untried legal action or picks the best available child by UCB.
    fn select_or_expand<R: RngCore + ?Sized>(
        &mut self,
        node: u32,
        mover: usize,
        rng: &mut R,
        state: &G,
    ) -> Step {
        let legal = &self.legal;
        self.matched.clear();
        self.matched.resize(legal.len(), false);
        let mut matched_count = 0usize;
        let c_explore = self.settings.exploration;
        let w_prior = self.settings.prior_weight;
        let ln_table = self.ln_table;
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        let mut ties = 0u32;
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE {
            let n = &mut self.nodes[c as usize];
            let next = n.next_sibling;
            if n.player as usize == mover {
                let h = n.hint as usize;
                let index = if legal.get(h) == Some(&n.action) {
                    Some(h)
                } else {
                    legal.iter().position(|a| *a == n.action)
                };
                if let Some(i) = index {
                    n.hint = i as u32;
                    if !self.matched[i] {
                        self.matched[i] = true;
                        matched_count += 1;
                    }
                    n.available = n.available.saturating_add(1);
                    let score = if n.visits == 0 {
                        f64::INFINITY
                    } else {
                        let inv = 1.0 / f64::from(n.visits);
                        let ln = ln_count(ln_table, n.available);
                        let mut s = n.value_sum * inv + c_explore * (ln * inv).sqrt();
                        if w_prior != 0.0 {
                            s += w_prior * f64::from(n.prior) / (f64::from(n.visits) + 1.0);
                        }
                        s
                    };
                    if score > best_score {
                        best_score = score;
                        best = c;
                        ties = 1;
                    } else if score == best_score {
                        ties += 1;
                        if rng.random_range(0..ties) == 0 {
                            best = c;
                        }
                    }
                }
            }
            c = next;
        }
        let untried = legal.len() - matched_count;
        let widening = self.settings.widening as usize;
        let may_widen = widening == 0
            || legal.len() <= widening
            || best == NONE
            || (matched_count as f64)
                < (widening as f64).max(2.0 * f64::from(self.nodes[node as usize].visits).sqrt());
        if untried > 0 && may_widen && self.nodes.len() < self.settings.max_nodes {
            let pick = if w_prior != 0.0 {
                // Highest prior first, ties broken at random.
                let mut pick = 0;
                let mut best_prior = f64::NEG_INFINITY;
                let mut ties = 0u32;
                for (i, a) in legal.iter().enumerate() {
                    if self.matched[i] {
                        continue;
                    }
                    let p = state.prior(*a);
                    if p > best_prior {
                        best_prior = p;
                        pick = i;
                        ties = 1;
                    } else if p == best_prior {
                        ties += 1;
                        if rng.random_range(0..ties) == 0 {
                            pick = i;
                        }
                    }
                }
                pick
            } else {
                let k = rng.random_range(0..untried);
                self.matched
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| !**m)
                    .nth(k)
                    .map_or(0, |(i, _)| i)
            };
            let action = legal[pick];
            let prior = if w_prior != 0.0 {
                state.prior(action).max(0.0) as f32
            } else {
                1.0
            };
            let child = self.nodes.len() as u32;
            let parent = &mut self.nodes[node as usize];
            let next_sibling = parent.first_child;
            parent.first_child = child;
            self.nodes.push(Node {
                action,
                player: mover as u32,
                first_child: NONE,
                next_sibling,
                hint: pick as u32,
                visits: 0,
                available: 1,
                prior,
                value_sum: 0.0,
            });
            return Step::Expanded(child);
        }
        if best == NONE {
            Step::Stuck
        } else {
            Step::Selected(best)
        }
    }
}

enum Step {
    /// A new node was added for an untried action; the iteration leaves the tree there.
    Expanded(u32),
    /// An existing child was chosen by UCB.
    Selected(u32),
    /// No child is available and the tree may not grow: roll out from here.
    Stuck,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ln_count_is_close_to_ln() {
        let table = LN_TABLE.as_slice();
        for n in (1..10_000u32).chain([65_535, 1 << 20, 123_456_789, u32::MAX]) {
            let exact = f64::from(n).ln();
            assert!((ln_count(table, n) - exact).abs() < 5e-4, "{n}");
        }
        assert_eq!(ln_count(table, 1), 0.0);
        assert_eq!(ln_count(table, 4095), 4095f64.ln());
    }
}
