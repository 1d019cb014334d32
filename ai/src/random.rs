//! The uniform random player: the floor every search must clear.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::game::Game;
use crate::player::Player;

/// Picks uniformly among the legal actions. Looks at nothing hidden.
#[derive(Clone, Debug, Default)]
pub struct RandomPlayer<A> {
    legal: Vec<A>,
}

impl<A> RandomPlayer<A> {
    /// A random player.
    pub fn new() -> Self {
        RandomPlayer { legal: Vec::new() }
    }
}

impl<G: Game> Player<G> for RandomPlayer<G::Action> {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, game: &G, rng: &mut ChaCha8Rng) -> Option<G::Action> {
        if game.is_terminal() {
            return None;
        }
        game.legal_actions(&mut self.legal);
        if self.legal.is_empty() {
            return None;
        }
        Some(self.legal[rng.random_range(0..self.legal.len())])
    }
}
