//! Flat Monte Carlo: no tree, an equal share of rollouts for every root action.

use std::time::Instant;

use rand_chacha::ChaCha8Rng;

use crate::clock::Stopper;
use crate::game::{Game, rollout};
use crate::ismcts::{forced, report_from_edges};
use crate::player::{Budget, Player, SearchReport};

/// Flat Monte Carlo over determinizations.
///
/// Rollouts are dealt to the legal root actions in turn (round robin), so every action gets
/// an equal share (within one). Each rollout determinizes a fresh clone of the root for the
/// player to move, plays the action, then rolls out with [`Game::rollout_action`] for at most
/// `horizon` decisions. The action with the best mean value is chosen.
///
/// With `horizon` 0 this is a one-ply greedy player on [`Game::evaluate`], averaged over
/// dice and determinizations.
#[derive(Clone, Debug)]
pub struct FlatMc<G: Game> {
    /// Rollouts (over all root actions) or time per decision.
    pub budget: Budget,
    /// Maximum rollout decisions after the root action.
    pub horizon: u32,
    last: Option<SearchReport<G::Action>>,
    legal: Vec<G::Action>,
}

impl<G: Game> FlatMc<G> {
    /// Flat Monte Carlo with the given budget and rollout horizon.
    pub fn new(budget: Budget, horizon: u32) -> Self {
        FlatMc {
            budget,
            horizon,
            last: None,
            legal: Vec::new(),
        }
    }
}

impl<G: Game> Player<G> for FlatMc<G> {
    fn name(&self) -> String {
        format!("flat-mc({})", self.budget)
    }

    fn choose(&mut self, game: &G, rng: &mut ChaCha8Rng) -> Option<G::Action> {
        let start = Instant::now();
        if game.is_terminal() {
            return None;
        }
        let player = game.to_move();
        let mut root_legal = Vec::new();
        game.legal_actions(&mut root_legal);
        if root_legal.is_empty() {
            return None;
        }
        if root_legal.len() == 1 {
            self.last = Some(forced(root_legal[0], player, start));
            return Some(root_legal[0]);
        }
        let mut stopper = match self.budget {
            Budget::Iterations(n) => Stopper::iterations(n),
            Budget::Time(d) => Stopper::deadline(start + d),
        };
        let mut visits = vec![0u64; root_legal.len()];
        let mut sums = vec![0.0f64; root_legal.len()];
        let mut values = vec![0.5; game.num_players()];
        let mut done = 0u64;
        let mut next = 0usize;
        while !stopper.should_stop(done) {
            let i = next;
            next = (next + 1) % root_legal.len();
            done += 1;
            let mut state = game.clone();
            state.determinize(player, rng);
            state.legal_actions(&mut self.legal);
            if !self.legal.contains(&root_legal[i]) {
                continue;
            }
            state.apply(root_legal[i], rng);
            rollout(&mut state, self.horizon, rng, &mut self.legal, &mut values);
            visits[i] += 1;
            sums[i] += values[player];
        }
        let edges = root_legal
            .iter()
            .zip(visits.iter().zip(&sums))
            .map(|(&a, (&v, &s))| (a, v, s))
            .collect();
        let mut report = report_from_edges(&root_legal, edges, player, done, 0, start.elapsed());
        // Flat Monte Carlo picks the best mean, not the most visited.
        if let Some(best) = report
            .top
            .iter()
            .max_by(|a, b| a.mean.total_cmp(&b.mean).then(a.visits.cmp(&b.visits)))
        {
            report.chosen = best.action;
        }
        report
            .top
            .sort_by(|a, b| b.mean.total_cmp(&a.mean).then(b.visits.cmp(&a.visits)));
        let chosen = report.chosen;
        self.last = Some(report);
        Some(chosen)
    }

    fn last_report(&self) -> Option<&SearchReport<G::Action>> {
        self.last.as_ref()
    }
}
