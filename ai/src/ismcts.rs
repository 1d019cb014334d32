//! Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse,
//! 2012), in the manner of OpenSpiel's `algorithms/is_mcts.cc`, with open-loop chance.
//!
//! Every iteration:
//!
//! 1. clones the true root state and determinizes it for the searching player (everything
//!    that player cannot see is resampled);
//! 2. descends the tree, choosing at each node only among the actions legal in *this*
//!    determinization: by PUCT over the game's policy (`Q + c·P·√N/(1+n)` with first-play
//!    urgency for untried children, [`crate::Puct`]; the default of `mcts`), or by UCB with
//!    availability counts (`mean + c * sqrt(ln(times available) / visits)`, plus an optional
//!    progressive-bias term `w * prior / (visits + 1)`); with chance nodes on, the node after
//!    a roll is keyed by the roll's public outcome ([`Game::chance_signature`]), otherwise dice
//!    are rolled afresh and nodes are keyed by action sequences;
//! 3. adds one node for an untried action (in prior order under PUCT, children made one at a
//!    time) and leaves the tree;
//! 4. rolls out with [`Game::rollout_action`] to the end of the Turn under way
//!    ([`Game::turn_key`], when leaves at Turn ends are on) or for at most `horizon`
//!    decisions, scoring the end with [`Game::returns`] or, if cut, [`Game::evaluate`];
//! 5. backs the values up, each node getting the value for the player who chose its action.
//!
//! Root parallelism: with `threads > 1` each thread grows its own tree from its own seed and
//! the root statistics are summed. The decision is the most visited legal root action.
//!
//! Fairness: the true state is only ever cloned and determinized for the searching player;
//! the search reads nothing else from it but the player to move and the legal actions.
//!
//! Limits of single-observer ISMCTS worth knowing: the opponent's decisions in the tree are
//! not conditioned on the opponent's own hidden information (the tree is keyed by actions
//! only), and open-loop nodes merge all dice outcomes after the same actions.
//!
//! Timing: with a time budget the clock is read at a stride re-estimated so that a stride
//! takes about 1% of the budget; a decision overruns by at most that plus one iteration plus
//! thread start and join (well under 1.3x the budget unless single iterations are very slow).

use std::time::{Duration, Instant};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::clock::Stopper;
use crate::game::{Game, Progress};
use crate::player::{ActionStat, Budget, Player, SearchReport, sort_stats};
pub use crate::tree::Puct;
use crate::tree::{RootEdge, Tree, TreeSettings};

/// Settings of [`IsMcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsMctsConfig {
    /// Work per decision.
    pub budget: Budget,
    /// UCB exploration constant `c` (values are in `[0, 1]`).
    pub exploration: f64,
    /// Maximum rollout decisions after leaving the tree; the state is then scored with
    /// [`Game::evaluate`]. 0 evaluates the new leaf directly.
    pub horizon: u32,
    /// Progressive-bias weight `w`; 0 (the default) ignores [`Game::prior`].
    pub prior_weight: f64,
    /// Threads, each growing its own tree (root parallelism). At least 1.
    pub threads: usize,
    /// Node cap per tree, bounding memory; beyond it iterations still run but the tree
    /// stops growing.
    pub max_nodes: usize,
    /// PUCT over a softmax of [`Game::action_scores`] instead of UCB, when set (see
    /// [`Puct`]); `exploration` and `prior_weight` are then unused.
    pub puct: Option<Puct>,
    /// Score leaves at the end of this many turns ([`Game::turn_key`]): the rollout from a
    /// new node finishes the turn under way (and `leaf_turns - 1` more), `horizon` capping
    /// it. 0, the default, cuts rollouts by `horizon` alone.
    pub leaf_turns: u32,
    /// Keep the public outcomes of rolls apart in the tree ([`Game::chance_signature`]),
    /// so that a later decision can depend on what a roll did. Off by default.
    pub chance_nodes: bool,
    /// Progressive widening for wide nodes: a node whose player has more than `w` legal
    /// actions gets children only while it has fewer than `max(w, 2 sqrt(visits))`, and
    /// otherwise selects among those it has (highest prior first, so with progressive bias
    /// the best-looking actions are tried first). 0, the default, expands every action
    /// before selecting any, whatever the width.
    pub widening: u32,
    /// Keep the subtree under the choice for the next decision when that decision follows
    /// directly, by the same player, with nothing hidden revealed ([`Game::progress`]);
    /// the next search adds its budget to what the subtree holds. Off by default.
    pub reuse: bool,
    /// Grow the tree only within this many turns from the root's ([`Game::turn_key`]);
    /// 0, the default: no limit.
    pub tree_turns: u32,
    /// With an iteration budget, stop a decision's search at this time all the same: a
    /// guard against a slow machine, so a level never keeps a person waiting longer. The
    /// decision then depends on the machine. `None`, the default: no guard.
    pub time_cap: Option<Duration>,
    /// How the decision is drawn from the root's visits: 0, the default, takes the most
    /// visited action; a temperature `t > 0` draws an action with odds `visits^(1/t)`
    /// (1: in proportion to its visits; large: nearly any action the search tried), from
    /// the player's generator, so the draw replays. The weaker levels play this way.
    pub choice_temperature: f64,
}

impl Default for IsMctsConfig {
    fn default() -> Self {
        IsMctsConfig {
            budget: Budget::Iterations(10_000),
            exploration: 0.7,
            horizon: 1_000,
            prior_weight: 0.0,
            threads: 1,
            max_nodes: 1_000_000,
            widening: 0,
            puct: None,
            leaf_turns: 0,
            chance_nodes: false,
            reuse: false,
            tree_turns: 0,
            time_cap: None,
            choice_temperature: 0.0,
        }
    }
}

impl IsMctsConfig {
    /// Default settings with the given budget.
    pub fn with_budget(budget: Budget) -> Self {
        IsMctsConfig {
            budget,
            ..Default::default()
        }
    }

    pub(crate) fn tree_settings(&self, determinize: bool) -> TreeSettings {
        TreeSettings {
            exploration: self.exploration,
            prior_weight: self.prior_weight,
            puct: self.puct,
            leaf_turns: self.leaf_turns,
            chance_nodes: self.chance_nodes,
            horizon: self.horizon,
            max_nodes: self.max_nodes.max(2),
            widening: self.widening,
            determinize,
            tree_turns: self.tree_turns,
        }
    }
}

/// An ISMCTS player. See the [module documentation](self).
pub struct IsMcts<G: Game> {
    /// Settings used by the next decision.
    pub config: IsMctsConfig,
    last: Option<SearchReport<G::Action>>,
    /// The trees of the last decision, with where it was made ([`IsMctsConfig::reuse`]).
    kept: Option<Kept<G>>,
}

/// A copy starts with no tree kept.
impl<G: Game> Clone for IsMcts<G> {
    fn clone(&self) -> Self {
        IsMcts {
            config: self.config,
            last: self.last.clone(),
            kept: None,
        }
    }
}

impl<G: Game> std::fmt::Debug for IsMcts<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IsMcts")
            .field("config", &self.config)
            .field("last", &self.last)
            .field("kept", &self.kept.is_some())
            .finish()
    }
}

/// The trees of a decision, rooted where it was made, and what the next decision must be
/// for them to be kept: the same player to move, right after `chosen`, with the same
/// private key.
struct Kept<G: Game> {
    trees: Vec<Tree<G>>,
    player: usize,
    chosen: G::Action,
    after: Progress,
    /// The chance signature where the decision was made.
    signature: Option<u64>,
}

impl<G: Game> Kept<G> {
    /// The trees rerooted at `game`, standing at `now`, if it follows directly from the
    /// kept decision.
    fn reroot(self, game: &G, now: Progress) -> Option<Vec<Tree<G>>> {
        if game.is_terminal() || game.to_move() != self.player || now != self.after {
            return None;
        }
        let outcome = match (self.signature, game.chance_signature()) {
            (Some(before), Some(after)) if after != before => Some(after),
            _ => None,
        };
        let mut trees = self.trees;
        for t in &mut trees {
            if !t.reroot(self.chosen, self.player, outcome) {
                return None;
            }
        }
        Some(trees)
    }
}

impl<G: Game> IsMcts<G> {
    /// A player with these settings.
    pub fn new(config: IsMctsConfig) -> Self {
        IsMcts {
            config,
            last: None,
            kept: None,
        }
    }

    /// A player with default settings and the given budget.
    pub fn with_budget(budget: Budget) -> Self {
        Self::new(IsMctsConfig::with_budget(budget))
    }
}

impl<G: Game> Player<G> for IsMcts<G> {
    fn name(&self) -> String {
        if self.config.threads > 1 {
            format!(
                "ismcts({}, {} threads)",
                self.config.budget, self.config.threads
            )
        } else {
            format!("ismcts({})", self.config.budget)
        }
    }

    fn choose(&mut self, game: &G, rng: &mut ChaCha8Rng) -> Option<G::Action> {
        let start = Instant::now();
        let kept = self.kept.take();
        let progress = game.progress().filter(|_| self.config.reuse);
        let mut trees = match (kept, progress) {
            (Some(k), Some(now)) => k.reroot(game, now).unwrap_or_default(),
            _ => Vec::new(),
        };
        let report = run_root_parallel(game, &self.config, true, start, rng, &mut trees)?;
        let chosen = report.chosen;
        if let Some(p) = progress {
            self.kept = Some(Kept {
                trees,
                player: report.player,
                chosen,
                after: Progress {
                    decisions: p.decisions + 1,
                    key: Progress::extend(p.key, &chosen),
                    private: p.private,
                },
                signature: game.chance_signature(),
            });
        }
        self.last = Some(report);
        Some(chosen)
    }

    fn last_report(&self) -> Option<&SearchReport<G::Action>> {
        self.last.as_ref()
    }
}

/// Runs ISMCTS for `game.to_move()` and reports the decision. Draws one `u64` from `rng`
/// (the per-thread seeds derive from it), or none when only one action is legal.
/// Returns `None` if the state is terminal or has no legal action.
pub fn search<G: Game>(
    game: &G,
    config: &IsMctsConfig,
    rng: &mut ChaCha8Rng,
) -> Option<SearchReport<G::Action>> {
    run_root_parallel(game, config, true, Instant::now(), rng, &mut Vec::new())
}

/// Root-parallel search with `config`'s budget, threads and tree settings, determinizing
/// each iteration's state when `determinize`: one tree per thread, root statistics summed.
/// `trees` are grown if there is one per thread (kept from the decision before,
/// [`Tree::reroot`]), otherwise replaced by fresh ones; a decision made without search
/// leaves them as they are.
pub(crate) fn run_root_parallel<G: Game>(
    game: &G,
    config: &IsMctsConfig,
    determinize: bool,
    start: Instant,
    rng: &mut ChaCha8Rng,
    trees: &mut Vec<Tree<G>>,
) -> Option<SearchReport<G::Action>> {
    if game.is_terminal() {
        return None;
    }
    let player = game.to_move();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    match legal.len() {
        0 => return None,
        1 => return Some(forced(legal[0], player, start)),
        _ => {}
    }
    if let Some(a) = game.settled_action().filter(|a| legal.contains(a)) {
        return Some(forced(a, player, start));
    }
    // A time budget is shared out by the game's weight of the decision (at most a
    // quarter more than the budget).
    let settings = config.tree_settings(determinize);
    let budget = match config.budget {
        Budget::Time(d) => Budget::Time(d.mul_f64(game.decision_weight().clamp(0.05, 1.25))),
        b => b,
    };
    let threads = config.threads.max(1);
    if trees.len() != threads {
        *trees = (0..threads).map(|_| Tree::new(settings)).collect();
    }
    let base_seed = rng.next_u64();
    let job = |t: usize, root: &G, tree: &mut Tree<G>| {
        let mut rng = ChaCha8Rng::seed_from_u64(base_seed);
        rng.set_stream(t as u64);
        let (mut stopper, expected) = match budget {
            Budget::Iterations(n) => {
                let share = n / threads as u64 + u64::from((t as u64) < n % threads as u64);
                let stopper = match config.time_cap {
                    Some(cap) => Stopper::iterations_or_deadline(share, start + cap),
                    None => Stopper::iterations(share),
                };
                (stopper, share)
            }
            Budget::Time(d) => (Stopper::deadline(start + d), 4096),
        };
        tree.search(root, player, &mut stopper, expected, &mut rng)
    };
    let results = if threads == 1 {
        vec![job(0, game, &mut trees[0])]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = trees
                .iter_mut()
                .enumerate()
                .map(|(t, tree)| {
                    let root = game.clone();
                    let job = &job;
                    scope.spawn(move || job(t, &root, tree))
                })
                .collect();
            // A panic in game code is a bug: pass it on rather than drop that thread's tree.
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect::<Vec<_>>()
        })
    };
    let mut edges: Vec<RootEdge<G::Action>> = Vec::new();
    let mut iterations = 0;
    let mut nodes = 0;
    for r in results {
        iterations += r.iterations;
        nodes += r.nodes;
        merge_edges(&mut edges, &r.edges);
    }
    let mut report = report_from_edges(&legal, edges, player, iterations, nodes, start.elapsed());
    if config.choice_temperature > 0.0 {
        report.chosen =
            draw_by_visits(&report.top, config.choice_temperature, rng).unwrap_or(report.chosen);
    }
    Some(report)
}

/// An action of `top` drawn with odds `visits^(1/temperature)`: `None` when `top` is empty.
/// Draws one number from `rng` (none for an empty `top`).
pub(crate) fn draw_by_visits<A: Copy>(
    top: &[ActionStat<A>],
    temperature: f64,
    rng: &mut ChaCha8Rng,
) -> Option<A> {
    let most = top.iter().map(|s| s.visits).max()?.max(1) as f64;
    // Odds relative to the most visited action, so that a low temperature does not
    // overflow: (v / most)^(1/t) is in [0, 1].
    let odds: Vec<f64> = top
        .iter()
        .map(|s| (s.visits as f64 / most).powf(1.0 / temperature))
        .collect();
    let total: f64 = odds.iter().sum();
    let mut x = rand::Rng::random::<f64>(rng) * total;
    for (s, o) in top.iter().zip(&odds) {
        if x < *o {
            return Some(s.action);
        }
        x -= o;
    }
    top.first().map(|s| s.action)
}

/// Adds `more` into `into`, summing visits and value sums of equal actions.
pub(crate) fn merge_edges<A: Copy + PartialEq>(into: &mut Vec<RootEdge<A>>, more: &[RootEdge<A>]) {
    for &(a, v, s) in more {
        match into.iter_mut().find(|e| e.0 == a) {
            Some(e) => {
                e.1 += v;
                e.2 += s;
            }
            None => into.push((a, v, s)),
        }
    }
}

/// Builds a report choosing the most visited action of `legal` (ties: higher mean, then the
/// earlier legal action). Actions tried in some determinization but not legal in the true
/// state are dropped. If nothing legal was visited, the first legal action is chosen.
pub(crate) fn report_from_edges<A: Copy + PartialEq>(
    legal: &[A],
    edges: Vec<RootEdge<A>>,
    player: usize,
    iterations: u64,
    nodes: usize,
    elapsed: Duration,
) -> SearchReport<A> {
    let mut top: Vec<ActionStat<A>> = Vec::with_capacity(edges.len());
    for &a in legal {
        if let Some(&(_, visits, sum)) = edges.iter().find(|e| e.0 == a)
            && visits > 0
        {
            top.push(ActionStat {
                action: a,
                visits,
                mean: sum / visits as f64,
            });
        }
    }
    sort_stats(&mut top);
    let chosen = top.first().map_or(legal[0], |s| s.action);
    SearchReport {
        chosen,
        player,
        iterations,
        elapsed,
        nodes,
        top,
    }
}

/// The report of a decision with a single legal action: no search, empty `top`.
pub(crate) fn forced<A>(action: A, player: usize, start: Instant) -> SearchReport<A> {
    SearchReport {
        chosen: action,
        player,
        iterations: 0,
        elapsed: start.elapsed(),
        nodes: 0,
        top: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn stat(action: u8, visits: u64) -> ActionStat<u8> {
        ActionStat {
            action,
            visits,
            mean: 0.5,
        }
    }

    /// Draws `n` times and counts each action of `top`.
    fn counts(top: &[ActionStat<u8>], temperature: f64, n: u32) -> [u32; 3] {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut c = [0; 3];
        for _ in 0..n {
            let a = draw_by_visits(top, temperature, &mut rng).unwrap();
            c[usize::from(a)] += 1;
        }
        c
    }

    #[test]
    fn a_decision_is_drawn_with_odds_of_its_visits_to_the_power_of_one_over_t() {
        let top = [stat(0, 60), stat(1, 30), stat(2, 10)];
        let n = 40_000;
        // Odds v^(1/t): at t = 1 in proportion (0.6, 0.3, 0.1); at t = 0.5 as v^2
        // (3600, 900, 100)/4600; at t = 100 nearly even.
        for (t, expected) in [
            (1.0, [0.6, 0.3, 0.1]),
            (0.5, [3600.0 / 4600.0, 900.0 / 4600.0, 100.0 / 4600.0]),
            (100.0, {
                let o = [60f64, 30.0, 10.0].map(|v| (v / 60.0).powf(0.01));
                let sum: f64 = o.iter().sum();
                o.map(|x| x / sum)
            }),
        ] {
            let c = counts(&top, t, n);
            for (got, p) in c.iter().zip(expected) {
                // Within four standard deviations of the binomial count.
                let sd = (f64::from(n) * p * (1.0 - p)).sqrt();
                assert!(
                    (f64::from(*got) - f64::from(n) * p).abs() < 4.0 * sd,
                    "t {t}: {c:?} against {expected:?}"
                );
            }
        }
        assert_eq!(
            draw_by_visits::<u8>(&[], 1.0, &mut ChaCha8Rng::seed_from_u64(1)),
            None
        );
    }
}
