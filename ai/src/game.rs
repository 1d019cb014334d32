//! The game interface every search in this crate works on.
//!
//! The shape follows OpenSpiel's `State` API, trimmed to what a sequential game with dice and
//! hidden information needs:
//!
//! * **Non-alternating turns.** [`Game::to_move`] names whoever decides now. One player may
//!   make many decisions in a row, and the other player may decide in the middle of a turn
//!   (a response). Searches never assume the players alternate.
//! * **Chance inside `apply`.** There are no explicit chance nodes: dice are rolled inside
//!   [`Game::apply`] with the generator handed in. The state never stores a generator, so a
//!   cloned state cannot know its own future.
//! * **Hidden information through `determinize`.** [`Game::determinize`] replaces everything an
//!   observer may not see with a sample consistent with what that observer has seen.
//! * **One result per player.** [`Game::returns`] and [`Game::evaluate`] are asked per player,
//!   so nothing assumes a zero-sum, two-player game.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use rand::{Rng, RngCore};

/// A sequential game with dice and hidden information, seen as a mutable state.
///
/// # Example
///
/// A one-decision game: player 0 calls a coin; a correct call wins.
///
/// ```
/// use ai::Game;
/// use rand::{Rng, RngCore};
///
/// #[derive(Clone, Debug)]
/// struct Coin {
///     result: Option<bool>,
/// }
///
/// fn flip(rng: &mut impl Rng) -> bool {
///     rng.random()
/// }
///
/// impl Game for Coin {
///     type Action = bool; // the call: heads?
///     fn num_players(&self) -> usize { 1 }
///     fn to_move(&self) -> usize { 0 }
///     fn legal_actions(&self, out: &mut Vec<bool>) {
///         out.clear();
///         if self.result.is_none() {
///             out.extend([true, false]);
///         }
///     }
///     fn apply<R: RngCore + ?Sized>(&mut self, call: bool, rng: &mut R) {
///         let heads = flip(&mut &mut *rng);
///         self.result = Some(call == heads);
///     }
///     fn is_terminal(&self) -> bool { self.result.is_some() }
///     fn returns(&self, _player: usize) -> f64 {
///         if self.result == Some(true) { 1.0 } else { 0.0 }
///     }
///     fn determinize<R: RngCore + ?Sized>(&mut self, _observer: usize, _rng: &mut R) {}
/// }
///
/// let mut game = Coin { result: None };
/// let mut legal = Vec::new();
/// game.legal_actions(&mut legal);
/// assert_eq!(legal, [true, false]);
/// game.apply(true, &mut rand::rng());
/// assert!(game.is_terminal());
/// ```
///
/// A value of the implementing type is one *state* of the game. Searches clone it freely,
/// so cloning should be cheap (no large heap structures that could be shared instead).
///
/// # Contract
///
/// * [`to_move`](Game::to_move), [`legal_actions`](Game::legal_actions) and
///   [`apply`](Game::apply) are only called on non-terminal states.
/// * A non-terminal state has at least one legal action. Searches cope with an empty list
///   (they score the state with [`evaluate`](Game::evaluate)) but the game is then wrong.
/// * `apply` is only called with an action from the current legal list.
/// * The player to move and their legal actions must be visible to that player: a
///   determinization made for the player to move has the same player to move and the same
///   legal actions as the true state. (Searches still filter by the true legal list at the
///   root, so a violation costs strength, not correctness.)
pub trait Game: Clone + Send + 'static {
    /// One atomic decision. Small, `Copy`, printable (it appears in search reports and logs).
    type Action: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;

    /// Number of players; players are numbered `0..num_players()`.
    fn num_players(&self) -> usize;

    /// Who decides now. Turns need not alternate: one player often makes several decisions in
    /// a row, and the other player may decide in the middle of a turn (responses).
    /// Only valid when `!self.is_terminal()`.
    fn to_move(&self) -> usize;

    /// Clears `out` and fills it with the actions legal for [`to_move`](Game::to_move).
    ///
    /// The order must be a function of the state alone (searches are seeded and must be
    /// reproducible), and must not reveal hidden information.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Plays `action` (which must be legal). Any chance (dice, draws from a deck) is resolved
    /// here with `rng`; the state never stores a generator.
    ///
    /// An implementation that forwards to a function generic over a *sized* generator
    /// (`&mut impl Rng`) passes `&mut &mut *rng` (`&mut R` is itself a generator); a function
    /// taking `&mut R` with `R: RngCore + ?Sized` takes `rng` as it is.
    fn apply<R: RngCore + ?Sized>(&mut self, action: Self::Action, rng: &mut R);

    /// True when the game is over.
    fn is_terminal(&self) -> bool;

    /// Result for `player` of a terminal state, in `[0, 1]`. For win/loss games use 1 for a
    /// win, 0 for a loss and 0.5 for a draw; games scored in points may map the score
    /// affinely into `[0, 1]` (searches maximise the expectation of this number).
    fn returns(&self, player: usize) -> f64;

    /// Resamples everything `observer` may not see (hidden counters, the opponent's hand,
    /// the order of a deck), consistently with what `observer` has seen.
    ///
    /// **Fairness contract.** The resulting state, and the draws taken from `rng`, must depend
    /// only on what `observer` can see. In particular the number of values drawn from `rng`
    /// must not depend on the hidden information being replaced; otherwise two true states
    /// that look the same to `observer` would lead to different searches. A game with no
    /// hidden information implements this as a no-op.
    fn determinize<R: RngCore + ?Sized>(&mut self, observer: usize, rng: &mut R);

    /// Heuristic value in `[0, 1]` for `player` of a non-terminal state, used when a rollout is
    /// cut at the horizon. The default, 0.5, says "no idea".
    ///
    /// Searches call this once per player when they cut a rollout.
    fn evaluate(&self, player: usize) -> f64 {
        let _ = player;
        0.5
    }

    /// Prior weight (>= 0) of a legal action in this state, for progressive bias in the tree
    /// and for the order in which untried actions are expanded. Default: uniform.
    fn prior(&self, action: Self::Action) -> f64 {
        let _ = action;
        1.0
    }

    /// Scores of the legal actions for a search's prior, one per action of `legal`, into
    /// `out` (cleared first): higher is better, on any scale; a search with PUCT turns them
    /// into probabilities with a softmax at its temperature. Default: each action's
    /// [`prior`](Game::prior).
    fn action_scores(&self, legal: &[Self::Action], out: &mut Vec<f64>) {
        out.clear();
        out.extend(legal.iter().map(|a| self.prior(*a)));
    }

    /// The search's prior over `legal` at `temperature`, one probability per action into
    /// `out` (cleared first), summing to 1. Default: a softmax of
    /// [`action_scores`](Game::action_scores) divided by the temperature. A game whose
    /// legal lists hold families of many similar actions (one decision made of two, such
    /// as a card and where it is aimed) may share each family's weight among its members,
    /// so that a wide family does not crowd out a single good action.
    fn policy(&self, legal: &[Self::Action], temperature: f64, out: &mut Vec<f64>) {
        self.action_scores(legal, out);
        softmax(out, temperature);
    }

    /// A number that changes whenever a turn of the game ends (a player's turn of several
    /// decisions), for searches that score a position only at the end of a turn, where the
    /// evaluation compares like with like. Default: 0, never changing (no turns: a rollout
    /// is cut by its horizon alone).
    fn turn_key(&self) -> u64 {
        0
    }

    /// A summary of what chance has decided so far that the players see (who was killed,
    /// what a revealed counter was...), for searches that keep the outcomes of a roll apart
    /// in their tree: after the same actions, states with different summaries are different
    /// nodes. It must not depend on anything hidden from any player. Default: `None` (no
    /// chance outcomes are kept apart).
    fn chance_signature(&self) -> Option<u64> {
        None
    }

    /// An action known to be the best without search (exactly, or by a rule the game is
    /// sure of), which searches then take at once; it must be legal, and read only what
    /// the player to move may see. Default: none.
    fn settled_action(&self) -> Option<Self::Action> {
        None
    }

    /// How much of its budget a time-limited search spends on this decision, relative to
    /// an ordinary one (1.0): more where a decision shapes the rest of a turn, less where
    /// little is left to decide. Default: 1.0.
    fn decision_weight(&self) -> f64 {
        1.0
    }

    /// Where the game being played stands, for a search that keeps its tree from one
    /// decision to the next ([`Progress`]). Default: `None`, and a search's copies of a game
    /// should say `None` too: the search then always starts afresh.
    fn progress(&self) -> Option<Progress> {
        None
    }

    /// Rollout policy: picks one of `legal` (never empty). Default: uniform random.
    fn rollout_action<R: RngCore + ?Sized>(
        &self,
        legal: &[Self::Action],
        rng: &mut R,
    ) -> Self::Action {
        legal[rng.random_range(0..legal.len())]
    }
}

/// Where a game being played stands ([`Game::progress`]): enough for a search to tell
/// that a decision follows directly from its previous one, by its own choice, with nothing
/// hidden revealed to it in between, so that the subtree under that choice may be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The decisions applied since the start of the game.
    pub decisions: u64,
    /// A key of those decisions in order: [`Progress::START`] [extended](Progress::extend)
    /// by each.
    pub key: u64,
    /// A key of what the player to move alone sees (its own hand, say): when it changes,
    /// something hidden was revealed to that player.
    pub private: u64,
}

impl Progress {
    /// The key of no decisions.
    pub const START: u64 = 0xcbf2_9ce4_8422_2325;

    /// `key` followed by `action` (FNV-1a over the action's hash, the same in every run).
    pub fn extend<A: Hash>(key: u64, action: &A) -> u64 {
        let mut h = Fnv(key);
        action.hash(&mut h);
        h.0
    }
}

/// FNV-1a as a [`std::hash::Hasher`]: fixed, unlike the standard library's default.
pub(crate) struct Fnv(pub(crate) u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Turns `scores` into probabilities in place: `exp((s - max) / temperature)`, normalised.
pub fn softmax(scores: &mut [f64], temperature: f64) {
    let max = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let t = temperature.max(1e-6);
    let mut z = 0.0;
    for s in scores.iter_mut() {
        *s = ((*s - max) / t).exp();
        z += *s;
    }
    if z > 0.0 {
        for s in scores.iter_mut() {
            *s /= z;
        }
    }
}

/// Plays `state` forward with [`Game::rollout_action`] until it ends or `horizon` decisions
/// have been made, then writes each player's value into `values` (terminal returns, or
/// [`Game::evaluate`] when cut). Returns the number of decisions made.
///
/// `legal` is a scratch buffer, reused to avoid allocation.
pub fn rollout<G: Game, R: RngCore + ?Sized>(
    state: &mut G,
    horizon: u32,
    rng: &mut R,
    legal: &mut Vec<G::Action>,
    values: &mut [f64],
) -> u32 {
    let mut steps = 0;
    while steps < horizon && !state.is_terminal() {
        state.legal_actions(legal);
        if legal.is_empty() {
            break;
        }
        let action = state.rollout_action(legal, rng);
        state.apply(action, rng);
        steps += 1;
    }
    score(state, values);
    steps
}

/// Plays `state` forward with [`Game::rollout_action`] until the turn in progress when
/// [`Game::turn_key`] read `key` has ended `turns` times over (counting the end that
/// brought `state` to a new turn, if it did), the game ends, or `cap` decisions have been
/// made; then writes each player's value into `values`. Returns the number of decisions
/// made.
pub fn rollout_to_turn_end<G: Game, R: RngCore + ?Sized>(
    state: &mut G,
    key: u64,
    turns: u32,
    cap: u32,
    rng: &mut R,
    legal: &mut Vec<G::Action>,
    values: &mut [f64],
) -> u32 {
    let mut steps = 0;
    let mut last = key;
    let mut ended = 0;
    while !state.is_terminal() {
        let now = state.turn_key();
        if now != last {
            ended += 1;
            last = now;
            if ended >= turns {
                break;
            }
        }
        if steps >= cap {
            break;
        }
        state.legal_actions(legal);
        if legal.is_empty() {
            break;
        }
        let action = state.rollout_action(legal, rng);
        state.apply(action, rng);
        steps += 1;
    }
    score(state, values);
    steps
}

/// Writes each player's value of `state` into `values`: [`Game::returns`] if terminal,
/// [`Game::evaluate`] otherwise. Values are clamped into `[0, 1]`.
pub fn score<G: Game>(state: &G, values: &mut [f64]) {
    let terminal = state.is_terminal();
    for (player, v) in values.iter_mut().enumerate() {
        let x = if terminal {
            state.returns(player)
        } else {
            state.evaluate(player)
        };
        *v = if x.is_nan() { 0.5 } else { x.clamp(0.0, 1.0) };
    }
}
