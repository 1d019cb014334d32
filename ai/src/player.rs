//! Players: anything that picks an action for the player to move, and what a search reports.

use std::fmt;
use std::time::Duration;

use rand_chacha::ChaCha8Rng;

use crate::game::Game;

/// Something that decides for the player to move.
///
/// # Fairness contract
///
/// A player is handed the *true* state, hidden information included, because that is the
/// only state there is. A fair player must not look at anything the player to move cannot
/// see: before reading hidden parts it clones the state and calls
/// [`Game::determinize`] for `game.to_move()`, and it works only on such determinized
/// copies. The public parts it may read directly: who is to move, the legal actions,
/// anything both players see. All players in this crate but [`Oracle`](crate::Oracle) (a
/// deliberate cheat, kept as a yardstick) are fair in this sense; the tests
/// check that a search's decision is identical for two true states that differ only in what
/// the searching player cannot see.
///
/// A player is deterministic given `rng`: the same state and the same generator state give
/// the same decision (except players budgeted by wall-clock time, whose amount of work
/// depends on the machine).
pub trait Player<G: Game> {
    /// Short human-readable name with the settings that matter, e.g. `ismcts(10000 it)`.
    fn name(&self) -> String;

    /// Picks an action for `game.to_move()`. Returns `None` only if the state is terminal
    /// or has no legal action (which is a bug in the game).
    fn choose(&mut self, game: &G, rng: &mut ChaCha8Rng) -> Option<G::Action>;

    /// What the last call to [`choose`](Player::choose) thought, if this player searches.
    fn last_report(&self) -> Option<&SearchReport<G::Action>> {
        None
    }

    /// Why this player has given the game up, once it has: a program behind it could not
    /// be started, crashed, broke its protocol or ran out of time, and
    /// [`choose`](Player::choose) returned `None`. The game is then lost by this player.
    /// `None` for every player of this crate.
    fn forfeit(&self) -> Option<Forfeit> {
        None
    }

    /// The game is over (`game` is its last state). Players that talk to a program tell it;
    /// the others have nothing to do.
    fn game_over(&mut self, game: &G) {
        let _ = game;
    }
}

impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose(&mut self, game: &G, rng: &mut ChaCha8Rng) -> Option<G::Action> {
        (**self).choose(game, rng)
    }
    fn last_report(&self) -> Option<&SearchReport<G::Action>> {
        (**self).last_report()
    }
    fn forfeit(&self) -> Option<Forfeit> {
        (**self).forfeit()
    }
    fn game_over(&mut self, game: &G) {
        (**self).game_over(game)
    }
}

/// Why a player gave a game up ([`Player::forfeit`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// Whether the player ever played: a program the system would not start is no result
    /// of play, one that started and then failed is.
    pub kind: ForfeitKind,
    /// What went wrong, in words, for the person running the games.
    pub reason: String,
}

/// The two kinds of [`Forfeit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForfeitKind {
    /// The program behind the player could not be started at all.
    NotStarted,
    /// The player started and then failed: crashed, broke its protocol, ran out of time.
    Failed,
}

impl Forfeit {
    /// A player whose program could not be started.
    pub fn not_started(reason: impl Into<String>) -> Forfeit {
        Forfeit {
            kind: ForfeitKind::NotStarted,
            reason: reason.into(),
        }
    }

    /// A player that started and then failed.
    pub fn failed(reason: impl Into<String>) -> Forfeit {
        Forfeit {
            kind: ForfeitKind::Failed,
            reason: reason.into(),
        }
    }

    /// Whether the player's program could not be started (no game was played).
    pub fn is_start_failure(&self) -> bool {
        self.kind == ForfeitKind::NotStarted
    }
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for Forfeit {}

/// A failure told in words is a player that started and failed.
impl From<String> for Forfeit {
    fn from(reason: String) -> Forfeit {
        Forfeit::failed(reason)
    }
}

impl From<&str> for Forfeit {
    fn from(reason: &str) -> Forfeit {
        Forfeit::failed(reason)
    }
}

/// How much work a search may do for one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations (simulations). Reproducible: the same seed gives the
    /// same decision on any machine.
    Iterations(u64),
    /// Wall-clock time for the whole decision, thread start and join included. The clock is
    /// checked often enough that a decision does not overrun by more than a few percent
    /// plus one iteration.
    Time(Duration),
}

impl Budget {
    /// A time budget of `ms` milliseconds.
    pub fn millis(ms: u64) -> Budget {
        Budget::Time(Duration::from_millis(ms))
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n} it"),
            Budget::Time(d) => write!(f, "{} ms", d.as_millis()),
        }
    }
}

/// Statistics of one root action after a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActionStat<A> {
    /// The action.
    pub action: A,
    /// Simulations that went through this action.
    pub visits: u64,
    /// Mean value of those simulations for the searching player, in `[0, 1]`.
    pub mean: f64,
}

/// What a search thought about its last decision.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReport<A> {
    /// The action chosen.
    pub chosen: A,
    /// Player the search decided for.
    pub player: usize,
    /// Iterations (simulations, or rollouts for flat Monte Carlo) over all threads.
    pub iterations: u64,
    /// Wall-clock time of the whole decision.
    pub elapsed: Duration,
    /// Tree nodes allocated over all trees (0 for searches without a tree).
    pub nodes: usize,
    /// Every legal root action that was tried, most visited first (ties: higher mean first);
    /// for flat Monte Carlo, which chooses by mean, best mean first. Empty when only one
    /// action was legal and no search ran.
    pub top: Vec<ActionStat<A>>,
}

impl<A> SearchReport<A> {
    /// Iterations per second of wall-clock time.
    pub fn iterations_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            self.iterations as f64 / s
        } else {
            0.0
        }
    }

    /// Statistics of `action`, if it was tried.
    pub fn stat(&self, action: &A) -> Option<&ActionStat<A>>
    where
        A: PartialEq,
    {
        self.top.iter().find(|s| &s.action == action)
    }
}

impl<A: fmt::Display> fmt::Display for SearchReport<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "chose {} after {} iterations in {:.1} ms ({} nodes)",
            self.chosen,
            self.iterations,
            self.elapsed.as_secs_f64() * 1000.0,
            self.nodes
        )?;
        for s in &self.top {
            writeln!(
                f,
                "  {:<24} visits {:>9}  mean {:.3}",
                s.action.to_string(),
                s.visits,
                s.mean
            )?;
        }
        Ok(())
    }
}

/// Sorts root statistics most visited first, then by higher mean.
pub(crate) fn sort_stats<A>(stats: &mut [ActionStat<A>]) {
    stats.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.mean.total_cmp(&a.mean)));
}
