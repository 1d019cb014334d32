//! The oracle: an open-loop MCTS that searches the **true** state, hidden information
//! included. A yardstick, not an opponent.
//!
//! [`Oracle`] is [`IsMcts`](crate::IsMcts) with the determinization step left out: every
//! iteration starts from a clone of the state it is handed, so it sees whatever that state
//! stores and the player to move should not see (the other player's hand, the order of a
//! deck, the identity of face-down pieces, when the game stores them). What is *not* stored
//! in the state it still cannot know: chance resolved inside [`Game::apply`] (dice, and
//! draws from a deck or pool that the game samples at the moment of drawing) is sampled
//! afresh in every iteration, exactly as for the fair search.
//!
//! **It breaks the fairness contract of [`Player`] on purpose.** Its only use is to measure
//! how much hidden information is worth and how far a fair search is from a ceiling: the
//! gap between `oracle` and `ismcts` with the same settings against the same opponent is
//! the value of seeing everything. Never offer it as an opponent to a person.
//!
//! Settings, budgets, threads and the report are those of [`IsMcts`](crate::IsMcts); with
//! a game that has no hidden information (or whose `determinize` is a no-op) the two are
//! identical, decision for decision.

use std::time::Instant;

use rand_chacha::ChaCha8Rng;

use crate::game::Game;
use crate::ismcts::{IsMctsConfig, run_root_parallel};
use crate::player::{Budget, Player, SearchReport};

/// A search that sees everything. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Oracle<G: Game> {
    /// Settings used by the next decision (as for [`IsMcts`](crate::IsMcts)).
    pub config: IsMctsConfig,
    last: Option<SearchReport<G::Action>>,
}

impl<G: Game> Oracle<G> {
    /// An oracle with these settings.
    pub fn new(config: IsMctsConfig) -> Self {
        Oracle { config, last: None }
    }

    /// An oracle with default settings and the given budget.
    pub fn with_budget(budget: Budget) -> Self {
        Self::new(IsMctsConfig::with_budget(budget))
    }
}

/// Runs the oracle's search for `game.to_move()` on the true state. Draws from `rng` as
/// [`ismcts::search`](crate::ismcts::search) does. Returns `None` if the state is terminal
/// or has no legal action.
pub fn search<G: Game>(
    game: &G,
    config: &IsMctsConfig,
    rng: &mut ChaCha8Rng,
) -> Option<SearchReport<G::Action>> {
    run_root_parallel(game, config, false, Instant::now(), rng, &mut Vec::new())
}

impl<G: Game> Player<G> for Oracle<G> {
    fn name(&self) -> String {
        if self.config.threads > 1 {
            format!(
                "oracle({}, {} threads)",
                self.config.budget, self.config.threads
            )
        } else {
            format!("oracle({})", self.config.budget)
        }
    }

    fn choose(&mut self, game: &G, rng: &mut ChaCha8Rng) -> Option<G::Action> {
        let report = search(game, &self.config, rng)?;
        let chosen = report.chosen;
        self.last = Some(report);
        Some(chosen)
    }

    fn last_report(&self) -> Option<&SearchReport<G::Action>> {
        self.last.as_ref()
    }
}
