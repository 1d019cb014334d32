//! The scripted, human-like baseline: no search, one look at the odds.
//!
//! At every decision it takes the legal action with the highest
//! [`eval::action_score`](super::eval::action_score): the shot with the best exact kill
//! odds (Aiming first when the extra die is worth more than the step it costs), a charge
//! when the Fight's exact odds favour it, Fight or Survive by the exact odds of each, and
//! otherwise a step towards the nearest enemy or counter, activating first the model with
//! the best shot; card actions by their effects (exact odds for responses and Support
//! calls). Ties are broken with the generator it is handed, so it is reproducible.
//! It reads only what its side may see (the board, VP, counters and its own hand), never
//! hidden state.

use rand_chacha::ChaCha8Rng;

use rules::Action;

use super::game::{Skirmish, best_action_with};

/// The greedy player. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Greedy {
    legal: Vec<Action>,
    scoring: crate::bot::eval::Scoring,
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy::new()
    }
}

impl Greedy {
    /// A greedy player.
    pub fn new() -> Greedy {
        // The yardstick the search is measured against stays as it was measured: the odds
        // of the moment, no exposure to fire, an activation by the shot from where the
        // model stands.
        Greedy::with_scoring(crate::bot::eval::Scoring {
            exposure: 0.0,
            step_shot: false,
            ..crate::bot::eval::Scoring::default()
        })
    }

    /// A greedy player preferring actions by [`eval::action_score_with`] `scoring`.
    ///
    /// [`eval::action_score_with`]: crate::bot::eval::action_score_with
    pub fn with_scoring(scoring: crate::bot::eval::Scoring) -> Greedy {
        Greedy {
            legal: Vec::new(),
            scoring,
        }
    }
}

impl ai::Player<Skirmish> for Greedy {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(&mut self, game: &Skirmish, rng: &mut ChaCha8Rng) -> Option<Action> {
        let g = game.state();
        if g.is_over() {
            return None;
        }
        g.legal_actions(&mut self.legal);
        match self.legal.len() {
            0 => None,
            1 => Some(self.legal[0]),
            _ => Some(best_action_with(g, &self.legal, rng, self.scoring)),
        }
    }
}
