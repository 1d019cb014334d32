//! The open-loop search tree shared by ISMCTS and determinized UCT.
//!
//! Nodes are keyed by the sequence of actions from the root (both players' actions), never by
//! the dice themselves: dice are rolled afresh in every iteration ("open loop"), and hidden
//! information is resampled at the root of every iteration when the search determinizes.
//! With chance nodes on, the public outcome of a roll ([`Game::chance_signature`]) also keys
//! the tree: after an action whose dice changed what the players see, the iteration goes on
//! under a child for that outcome, so a later decision can depend on it.
//!
//! A node stores the statistics of the *edge* that leads to it: the action, the player who
//! chose it, how often it was visited, how often it was available, and the sum of the values
//! of the simulations through it **for the player who chose it**. Because the value is kept
//! from the chooser's viewpoint, turns need not alternate. The children of a node are tagged
//! with the player who chooses among them, since the same action sequence may lead, through
//! dice, to a decision by either player (in Pig, rolling a 1 hands the turn over).
//!
//! Two selection rules:
//!
//! * **UCB** with availability counts, `mean + c sqrt(ln(available) / visits)`, plus an
//!   optional progressive bias `w prior / (visits + 1)`; every legal action is tried once
//!   before any is tried again (progressive widening aside).
//! * **PUCT** (Silver et al. 2017) over a softmax of the game's action scores,
//!   `Q + c P sqrt(N) / (1 + n)`: the scores are read once per node, the second time it is
//!   reached, into a table sorted best first; an action never tried counts the mean of its
//!   tried siblings less a margin (first-play urgency), so children are created one at a
//!   time in prior order, only when the rule picks an untried one.
//!
//! All nodes live in one `Vec`; children form a singly linked list through the arena, so an
//! iteration allocates nothing except at most a node or two and, once per node, its prior
//! table.

use std::sync::LazyLock;

use rand::{Rng, RngCore};

use crate::clock::Stopper;
use crate::game::{Game, rollout, rollout_to_turn_end};

const NONE: u32 = u32::MAX;
/// The `class` of a decision node; chance nodes carry the outcome's class instead.
const DECISION: u32 = u32::MAX;

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

/// PUCT's constants (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Puct {
    /// `c` in `Q + c P sqrt(N) / (1 + n)`.
    pub c: f64,
    /// The softmax temperature over [`Game::action_scores`]: lower trusts the scores more.
    pub temperature: f64,
    /// First-play urgency: an untried action counts the mean value of its tried siblings
    /// less this margin.
    pub fpu: f64,
    /// `N` in the exploration term of a tried child is its parent's visits (standard
    /// PUCT) when set; otherwise the times the child was available (ISMCTS's availability
    /// count), which starts again at 1 for a child created late.
    pub parent_visits: bool,
}

/// Settings of one tree search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeSettings {
    /// UCB exploration constant `c` in `mean + c * sqrt(ln(available) / visits)`.
    pub exploration: f64,
    /// Weight `w` of the progressive-bias term `w * prior / (visits + 1)`; 0 disables it.
    pub prior_weight: f64,
    /// PUCT instead of UCB, when set.
    pub puct: Option<Puct>,
    /// Maximum rollout decisions after leaving the tree.
    pub horizon: u32,
    /// Leaves at the end of this many turns ([`Game::turn_key`]) instead of after `horizon`
    /// decisions (which still caps the rollout); 0: the horizon alone.
    pub leaf_turns: u32,
    /// Keep the public outcomes of rolls apart in the tree ([`Game::chance_signature`]).
    pub chance_nodes: bool,
    /// Node cap; when reached the tree stops growing and iterations only roll out.
    pub max_nodes: usize,
    /// Progressive widening threshold (see `IsMctsConfig::widening`); 0 disables it.
    pub widening: u32,
    /// Determinize the root state for the observer at the start of every iteration.
    pub determinize: bool,
    /// Grow the tree only within this many turns from the root's ([`Game::turn_key`]): an
    /// iteration that reaches a later turn leaves the tree there. 0: no limit.
    pub tree_turns: u32,
}

#[derive(Clone, Debug)]
struct Node<A> {
    action: A,
    /// Player who chose `action` (for the root: the observer).
    player: u32,
    /// [`DECISION`], or for a chance node the class of the outcome it stands for.
    class: u32,
    first_child: u32,
    next_sibling: u32,
    /// Index of `action` in the legal list when last seen: a fast path for the look-up.
    hint: u32,
    visits: u32,
    available: u32,
    prior: f32,
    /// Where this node's prior table starts in the tree's table arena ([`NONE`]: not
    /// read yet), and its length.
    table: u32,
    table_len: u32,
    value_sum: f64,
}

/// A child available at the node being selected from, as read for the selection rule.
#[derive(Clone, Copy, Debug)]
struct Available {
    id: u32,
    value_sum: f64,
    visits: u32,
    available: u32,
    prior: f32,
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
    /// The prior tables of the nodes (PUCT), each sorted best first.
    tables: Vec<(G::Action, f32)>,
    legal: Vec<G::Action>,
    scores: Vec<f64>,
    matched: Vec<bool>,
    avail: Vec<Available>,
    path: Vec<u32>,
    values: Vec<f64>,
    settings: TreeSettings,
    ln_table: &'static [f64],
    /// The nodes hold a subtree kept from the previous decision ([`Tree::reroot`]): the
    /// next search grows it instead of starting afresh.
    primed: bool,
}

impl<G: Game> Tree<G> {
    pub(crate) fn new(settings: TreeSettings) -> Tree<G> {
        Tree {
            nodes: Vec::new(),
            tables: Vec::new(),
            legal: Vec::new(),
            scores: Vec::new(),
            matched: Vec::new(),
            avail: Vec::new(),
            path: Vec::new(),
            values: Vec::new(),
            settings,
            ln_table: LN_TABLE.as_slice(),
            primed: false,
        }
    }

    /// Makes the subtree below the observer's `chosen` root action the whole tree, so that
    /// the next search (of the decision that follows directly) starts from what this one
    /// learnt. `outcome` is the chance signature after the action when it changed (the
    /// subtree is that outcome's, with chance nodes on), `None` when it did not. Returns
    /// false, leaving the tree empty, when the tree holds no such subtree.
    pub(crate) fn reroot(
        &mut self,
        chosen: G::Action,
        observer: usize,
        outcome: Option<u64>,
    ) -> bool {
        let found = self.find_kept_root(chosen, observer, outcome);
        let Some(old_root) = found else {
            self.nodes.clear();
            self.tables.clear();
            self.primed = false;
            return false;
        };
        let mut nodes: Vec<Node<G::Action>> = Vec::with_capacity(self.nodes.len());
        let mut tables = Vec::new();
        let mut root = self.nodes[old_root as usize].clone();
        root.class = DECISION;
        root.available = 0;
        root.first_child = NONE;
        root.next_sibling = NONE;
        nodes.push(root);
        // Breadth first, each child list copied in its order; `(old, new)` pairs to visit.
        let mut queue = std::collections::VecDeque::from([(old_root, 0u32)]);
        while let Some((old, new)) = queue.pop_front() {
            let t = self.nodes[old as usize].table;
            if t != NONE {
                let len = self.nodes[old as usize].table_len;
                nodes[new as usize].table = tables.len() as u32;
                tables.extend_from_slice(&self.tables[t as usize..(t + len) as usize]);
            }
            let mut last = NONE;
            let mut c = self.nodes[old as usize].first_child;
            while c != NONE {
                let child = &self.nodes[c as usize];
                // At the new root only decisions: the other outcomes did not happen.
                if new != 0 || child.class == DECISION {
                    let mut copy = child.clone();
                    copy.first_child = NONE;
                    copy.next_sibling = NONE;
                    copy.table = NONE;
                    let id = nodes.len() as u32;
                    nodes.push(copy);
                    if last == NONE {
                        nodes[new as usize].first_child = id;
                    } else {
                        nodes[last as usize].next_sibling = id;
                    }
                    last = id;
                    queue.push_back((c, id));
                }
                c = child.next_sibling;
            }
        }
        self.nodes = nodes;
        self.tables = tables;
        self.primed = true;
        true
    }

    /// The node [`Tree::reroot`] keeps: the observer's `chosen` child of the root, or its
    /// chance child for `outcome`.
    fn find_kept_root(
        &self,
        chosen: G::Action,
        observer: usize,
        outcome: Option<u64>,
    ) -> Option<u32> {
        let root = self.nodes.first()?;
        let mut c = root.first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if n.class == DECISION && n.player as usize == observer && n.action == chosen {
                break;
            }
            c = n.next_sibling;
        }
        if c == NONE {
            return None;
        }
        let Some(signature) = outcome else {
            return Some(c);
        };
        let class = outcome_class(signature);
        let mut k = self.nodes[c as usize].first_child;
        while k != NONE {
            let n = &self.nodes[k as usize];
            if n.class == class {
                return Some(k);
            }
            k = n.next_sibling;
        }
        None
    }

    fn node(action: G::Action, player: u32, class: u32, prior: f32, hint: u32) -> Node<G::Action> {
        Node {
            action,
            player,
            class,
            first_child: NONE,
            next_sibling: NONE,
            hint,
            visits: 0,
            available: 1,
            prior,
            table: NONE,
            table_len: 0,
            value_sum: 0.0,
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
        root.legal_actions(&mut self.legal);
        let Some(&dummy) = self.legal.first() else {
            return TreeResult {
                edges: Vec::new(),
                iterations: 0,
                nodes: 0,
            };
        };
        if !std::mem::take(&mut self.primed) {
            self.nodes.clear();
            self.tables.clear();
            self.nodes.reserve(
                (expected_iterations.saturating_add(1)).min(self.settings.max_nodes as u64)
                    as usize,
            );
            let mut root_node = Self::node(dummy, observer as u32, DECISION, 1.0, 0);
            root_node.available = 0;
            self.nodes.push(root_node);
        }
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
            if n.player as usize == observer && n.class == DECISION && n.visits > 0 {
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
        // The turn under way before the last action the tree applied: the leaf's rollout
        // finishes it.
        let mut turn = state.turn_key();
        let (mut tree_turn, mut turns_seen) = (turn, 0u32);
        while !state.is_terminal() {
            if self.settings.tree_turns > 0 {
                let now = state.turn_key();
                if now != tree_turn {
                    tree_turn = now;
                    turns_seen += 1;
                    if turns_seen >= self.settings.tree_turns {
                        break;
                    }
                }
            }
            let mover = state.to_move();
            state.legal_actions(&mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            let step = match self.settings.puct {
                Some(p) => self.select_puct(node, mover, p, rng, &state),
                None => self.select_ucb(node, mover, rng, &state),
            };
            let (child, expanded) = match step {
                Step::Expanded(child) => (child, true),
                Step::Selected(child) => (child, false),
                Step::Stuck => break,
            };
            self.path.push(child);
            turn = state.turn_key();
            let before = if self.settings.chance_nodes {
                state.chance_signature()
            } else {
                None
            };
            state.apply(self.nodes[child as usize].action, rng);
            node = child;
            if let Some(before) = before
                && let Some(after) = state.chance_signature()
                && after != before
                && let Some(chance) = self.chance_child(child, after)
            {
                self.path.push(chance);
                node = chance;
            }
            if expanded {
                break;
            }
        }
        if self.settings.leaf_turns > 0 {
            rollout_to_turn_end(
                &mut state,
                turn,
                self.settings.leaf_turns,
                self.settings.horizon,
                rng,
                &mut self.legal,
                &mut self.values,
            );
        } else {
            rollout(
                &mut state,
                self.settings.horizon,
                rng,
                &mut self.legal,
                &mut self.values,
            );
        }
        self.nodes[0].visits = self.nodes[0].visits.saturating_add(1);
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits = n.visits.saturating_add(1);
            n.value_sum += self.values[n.player as usize];
        }
    }

    /// The child of `node` (an action just played) for the chance outcome `signature`,
    /// created if need be; `None` when the tree is full.
    fn chance_child(&mut self, node: u32, signature: u64) -> Option<u32> {
        let class = outcome_class(signature);
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if n.class == class {
                return Some(c);
            }
            c = n.next_sibling;
        }
        if self.nodes.len() >= self.settings.max_nodes {
            return None;
        }
        let parent = &self.nodes[node as usize];
        let mut chance = Self::node(parent.action, parent.player, class, 1.0, 0);
        chance.next_sibling = parent.first_child;
        let id = self.nodes.len() as u32;
        self.nodes[node as usize].first_child = id;
        self.nodes.push(chance);
        Some(id)
    }

    /// Adds a child of `node` for `legal[pick]`, chosen by `mover`.
    fn add_child(&mut self, node: u32, mover: usize, pick: usize, prior: f32) -> Step {
        let child = self.nodes.len() as u32;
        let parent = &mut self.nodes[node as usize];
        let mut n = Self::node(self.legal[pick], mover as u32, DECISION, prior, pick as u32);
        n.next_sibling = parent.first_child;
        parent.first_child = child;
        self.nodes.push(n);
        Step::Expanded(child)
    }

    /// Marks the children of `node` that `mover` may choose now (`self.matched`, by legal
    /// index), counts their availability, and lists them in `self.avail`, in the order of
    /// the child list.
    fn mark_available(&mut self, node: u32, mover: usize) {
        let legal = &self.legal;
        self.matched.clear();
        self.matched.resize(legal.len(), false);
        self.avail.clear();
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE {
            let n = &mut self.nodes[c as usize];
            let next = n.next_sibling;
            if n.player as usize == mover && n.class == DECISION {
                let h = n.hint as usize;
                let index = if legal.get(h) == Some(&n.action) {
                    Some(h)
                } else {
                    legal.iter().position(|a| *a == n.action)
                };
                if let Some(i) = index {
                    n.hint = i as u32;
                    self.matched[i] = true;
                    n.available = n.available.saturating_add(1);
                    self.avail.push(Available {
                        id: c,
                        value_sum: n.value_sum,
                        visits: n.visits,
                        available: n.available,
                        prior: n.prior,
                    });
                }
            }
            c = next;
        }
    }

    /// UCB at `node`, with `self.legal` filled for `mover`: marks the available children,
    /// then either expands one untried legal action or picks the best available child.
    fn select_ucb<R: RngCore + ?Sized>(
        &mut self,
        node: u32,
        mover: usize,
        rng: &mut R,
        state: &G,
    ) -> Step {
        let c_explore = self.settings.exploration;
        let w_prior = self.settings.prior_weight;
        let ln_table = self.ln_table;
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        let mut ties = 0u32;
        self.mark_available(node, mover);
        let matched_count = self.avail.len();
        for n in &self.avail {
            let c = n.id;
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
        let legal_len = self.legal.len();
        let untried = legal_len - matched_count;
        let widening = self.settings.widening as usize;
        let may_widen = widening == 0
            || legal_len <= widening
            || best == NONE
            || (matched_count as f64)
                < (widening as f64).max(2.0 * f64::from(self.nodes[node as usize].visits).sqrt());
        if untried > 0 && may_widen && self.nodes.len() < self.settings.max_nodes {
            let pick = if w_prior != 0.0 {
                // Highest prior first, ties broken at random.
                let mut pick = 0;
                let mut best_prior = f64::NEG_INFINITY;
                let mut ties = 0u32;
                for (i, a) in self.legal.iter().enumerate() {
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
            let prior = if w_prior != 0.0 {
                state.prior(self.legal[pick]).max(0.0) as f32
            } else {
                1.0
            };
            return self.add_child(node, mover, pick, prior);
        }
        if best == NONE {
            Step::Stuck
        } else {
            Step::Selected(best)
        }
    }

    /// Reads `node`'s prior table from the game, the first time it is needed: its
    /// [`Game::policy`] at `temperature` over the legal actions now, sorted best first.
    fn ensure_table(&mut self, node: u32, temperature: f64, state: &G) {
        if self.nodes[node as usize].table != NONE {
            return;
        }
        state.policy(&self.legal, temperature, &mut self.scores);
        let start = self.tables.len();
        for (a, p) in self.legal.iter().zip(&self.scores) {
            self.tables.push((*a, *p as f32));
        }
        self.tables[start..].sort_by(|a, b| b.1.total_cmp(&a.1));
        let n = &mut self.nodes[node as usize];
        n.table = start as u32;
        n.table_len = self.legal.len() as u32;
    }

    /// PUCT at `node`, with `self.legal` filled for `mover`: the best of the available
    /// children and of the best untried action (by prior), which is then created.
    fn select_puct<R: RngCore + ?Sized>(
        &mut self,
        node: u32,
        mover: usize,
        puct: Puct,
        rng: &mut R,
        state: &G,
    ) -> Step {
        let _ = rng;
        self.ensure_table(node, puct.temperature, state);
        self.mark_available(node, mover);
        // The tried siblings' values, for first-play urgency.
        let (mut sum, mut visits) = (0.0, 0u64);
        for n in &self.avail {
            sum += n.value_sum;
            visits += u64::from(n.visits);
        }
        let parent = &self.nodes[node as usize];
        let fpu_base = if visits > 0 {
            sum / visits as f64
        } else if parent.player as usize == mover && parent.visits > 0 {
            parent.value_sum / f64::from(parent.visits)
        } else {
            0.5
        };
        let fpu = fpu_base - puct.fpu;
        // Read only with `pn`: no square root per selection otherwise.
        let parent_sqrt = if puct.parent_visits {
            f64::from(parent.visits.max(1)).sqrt()
        } else {
            0.0
        };
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        for a in &self.avail {
            let n = f64::from(a.visits);
            let q = if a.visits == 0 { fpu } else { a.value_sum / n };
            let sqrt_n = if puct.parent_visits {
                parent_sqrt
            } else {
                f64::from(a.available).sqrt()
            };
            let u = puct.c * f64::from(a.prior) * sqrt_n / (1.0 + n);
            let score = q + u;
            if score > best_score {
                best_score = score;
                best = a.id;
            }
        }
        // The best untried legal action: the first of the table (best first) that is
        // legal now and has no child; a legal action missing from the table (a
        // determinization the table was not read in) counts half the table's least prior.
        if self.avail.len() < self.legal.len() && self.nodes.len() < self.settings.max_nodes {
            let n = &self.nodes[node as usize];
            let table = &self.tables[n.table as usize..(n.table + n.table_len) as usize];
            let mut pick: Option<(usize, f32)> = None;
            for &(a, p) in table {
                if let Some(i) = self.legal.iter().position(|x| *x == a)
                    && !self.matched[i]
                {
                    pick = Some((i, p));
                    break;
                }
            }
            if pick.is_none() {
                let least = table.last().map_or(1.0, |e| e.1) * 0.5;
                pick = self.matched.iter().position(|m| !*m).map(|i| (i, least));
            }
            if let Some((i, p)) = pick {
                let sqrt_n = f64::from(self.nodes[node as usize].visits.max(1)).sqrt();
                let score = fpu + puct.c * f64::from(p) * sqrt_n;
                if best == NONE || score > best_score {
                    return self.add_child(node, mover, i, p);
                }
            }
        }
        if best == NONE {
            Step::Stuck
        } else {
            Step::Selected(best)
        }
    }
}

/// The `class` of the chance node for a public outcome (never [`DECISION`]).
fn outcome_class(signature: u64) -> u32 {
    (signature ^ (signature >> 32)) as u32 & !(1 << 31)
}

enum Step {
    /// A new node was added for an untried action; the iteration leaves the tree there.
    Expanded(u32),
    /// An existing child was chosen.
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
