//! Determinized UCT, also called Perfect Information Monte Carlo (PIMC).

use std::time::{Duration, Instant};

use rand::RngCore;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::clock::Stopper;
use crate::game::Game;
use crate::ismcts::{forced, merge_edges, report_from_edges};
use crate::player::{Budget, Player, SearchReport};
use crate::tree::{RootEdge, Tree};

/// Determinized UCT: samples `worlds` determinizations of the root for the player to move,
/// runs an ordinary (open-loop) UCT search on each as if everything were visible, with an
/// equal share of the budget, sums the root visit counts and plays the most visited action.
///
/// Unlike ISMCTS each tree believes in one world, so it suffers from strategy fusion; it is
/// here as a baseline. Single-threaded.
#[derive(Clone, Debug)]
pub struct Pimc<G: Game> {
    /// Number of determinizations per decision (at least 1).
    pub worlds: usize,
    /// Tree settings; `budget` is the total over all worlds, `threads` is ignored.
    pub config: crate::ismcts::IsMctsConfig,
    last: Option<SearchReport<G::Action>>,
}

impl<G: Game> Pimc<G> {
    /// Determinized UCT over `worlds` samples with the given settings.
    pub fn new(worlds: usize, config: crate::ismcts::IsMctsConfig) -> Self {
        Pimc {
            worlds: worlds.max(1),
            config,
            last: None,
        }
    }
}

impl<G: Game> Player<G> for Pimc<G> {
    fn name(&self) -> String {
        format!("pimc({} worlds, {})", self.worlds, self.config.budget)
    }

    fn choose(&mut self, game: &G, rng: &mut ChaCha8Rng) -> Option<G::Action> {
        let start = Instant::now();
        if game.is_terminal() {
            return None;
        }
        let player = game.to_move();
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            return None;
        }
        if legal.len() == 1 {
            self.last = Some(forced(legal[0], player, start));
            return Some(legal[0]);
        }
        let worlds = self.worlds.max(1);
        let settings = self.config.tree_settings(false);
        let mut tree = Tree::<G>::new(settings);
        let mut edges: Vec<RootEdge<G::Action>> = Vec::new();
        let (mut iterations, mut nodes) = (0, 0);
        let mut search_rng = ChaCha8Rng::seed_from_u64(rng.next_u64());
        for w in 0..worlds {
            let (mut stopper, expected) = match self.config.budget {
                Budget::Iterations(n) => {
                    let share = n / worlds as u64 + u64::from((w as u64) < n % worlds as u64);
                    (Stopper::iterations(share), share)
                }
                Budget::Time(d) => {
                    let end = start
                        + Duration::from_secs_f64(d.as_secs_f64() * (w + 1) as f64 / worlds as f64);
                    (Stopper::deadline(end), 4096)
                }
            };
            let mut world = game.clone();
            world.determinize(player, &mut search_rng);
            let result = tree.search(&world, player, &mut stopper, expected, &mut search_rng);
            iterations += result.iterations;
            nodes += result.nodes;
            merge_edges(&mut edges, &result.edges);
        }
        let report = report_from_edges(&legal, edges, player, iterations, nodes, start.elapsed());
        let chosen = report.chosen;
        self.last = Some(report);
        Some(chosen)
    }

    fn last_report(&self) -> Option<&SearchReport<G::Action>> {
        self.last.as_ref()
    }
}
