//! The skirmish game as an [`ai::Game`]: players 0 (Humans) and 1 (Martians), returns
//! 1 / 0 / 0.5, determinization by [`GameState::determinize`], and the heuristics of
//! [`super::eval`] as evaluator, prior and rollout policy.
//!
//! Nothing here matches the actions or phases of the rules exhaustively: whatever the
//! rules add is played by the same code, with a neutral score until the heuristics learn it.

use std::cell::Cell;
use std::sync::Arc;

use rand::{Rng, RngCore};

use rules::scenario::Scenario;
use rules::state::{Event, Outcome};
use rules::{Action, CardId, GameState, Side};

use super::eval::{self, Weights};

/// The player number of `side` (Humans 0, Martians 1).
#[inline]
pub const fn player_of(side: Side) -> usize {
    match side {
        Side::Humans => 0,
        Side::Martians => 1,
    }
}

/// The side of player number `player` (0 Humans, anything else Martians).
#[inline]
pub const fn side_of(player: usize) -> Side {
    if player == 0 {
        Side::Humans
    } else {
        Side::Martians
    }
}

/// How rollouts choose their actions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rollout {
    /// Uniformly at random among the legal actions.
    Uniform,
    /// The best action by [`eval::action_score`] (ties at random), except with probability
    /// `epsilon` a uniformly random one.
    Greedy {
        /// Chance of a uniformly random action instead of the best.
        epsilon: f32,
    },
    /// An action drawn with probability proportional to `exp(score / temperature)` of its
    /// [`eval::action_score`].
    Softmax {
        /// Lower follows the scores more closely.
        temperature: f32,
    },
}

/// The settings of the heuristics a search plays with. The default uses uniform rollouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Heuristics {
    /// The evaluation's constants.
    pub weights: Weights,
    /// The rollout policy.
    pub rollout: Rollout,
    /// What the quick preference of the prior and the rollouts weighs
    /// ([`eval::action_score`]).
    pub scoring: eval::Scoring,
    /// Score positions by the fitted chance to win ([`eval::fitted`]) rather than the
    /// hand-set evaluation of [`Heuristics::weights`].
    pub fitted: bool,
    /// Score positions by the value network learnt from self-play
    /// ([`crate::bot::learn`], `data/value-net.bin`), judged by the side to move; before
    /// `fitted` and the hand-set evaluation.
    pub learned: bool,
    /// The share of the network's correction taken (1: all of it).
    pub learned_share: f32,
    /// PUCT's prior from the prior learnt from the search's visits
    /// ([`crate::bot::learn::prior`], `data/prior.toml`) rather than greedy's softmax.
    pub learned_prior: bool,
}

impl Heuristics {
    /// The heuristics as the search's fingerprint reads them: every field, and with the
    /// value network the fingerprint of its weights (a search without it reads as it did
    /// before the network was there).
    pub fn fingerprint_text(&self) -> String {
        let Heuristics {
            weights,
            rollout,
            scoring,
            fitted,
            learned,
            learned_share,
            learned_prior,
        } = self;
        let mut text = format!(
            "Heuristics {{ weights: {weights:?}, rollout: {rollout:?}, scoring: {scoring:?}, \
             fitted: {fitted:?} }}"
        );
        if *learned {
            text += &format!(
                " learned {} share {learned_share}",
                crate::bot::learn::shipped_fingerprint()
            );
        }
        if *learned_prior {
            text += &format!(
                " learned prior {}",
                crate::bot::learn::prior::shipped_fingerprint()
            );
        }
        text
    }
}

impl Heuristics {
    /// The heuristics as they were before the deck: no value for cards in hand or laid,
    /// every card action neutral. Kept to measure what the card knowledge is worth.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn without_cards() -> Heuristics {
        let mut h = Heuristics::default();
        h.weights.cards = 0.0;
        h.scoring.cards = false;
        h
    }
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            weights: Weights::default(),
            // The rollout finishes the Turn under way and plays the next (leaves at Turn
            // ends, `search_config`): drawn by a softmax of the action scores at 0.2,
            // against 0.1 and 0.5 (0.726 against greedy at 1,000 iterations with leaves at
            // the end of the Turn under way, to 0.688 and 0.683; head to head against 0.2
            // there, 0.1 scored 0.442 and 0.4 0.512, 208 games, seed 502). With leaves a Turn
            // later, at 3,000 iterations head to head against 0.2: 0.1 scored 0.495 [0.428,
            // 0.563] (208 games, seeds 1601 and 1603) and 0.35 0.385 [0.297, 0.481] (104,
            // seed 1602).
            rollout: Rollout::Softmax { temperature: 0.2 },
            scoring: eval::Scoring::default(),
            // The fitted chance to win: as strong as the hand-set evaluation head to head
            // at 1,000 iterations (105-103 over 208 games), and calibrated (held-out
            // log-loss 0.578 against 0.815).
            fitted: true,
            learned: false,
            learned_share: 1.0,
            learned_prior: false,
        }
    }
}

/// One decision of a game as it was made, with what it caused: what a program playing
/// through the bot protocol is told of the game since its last decision, as its side
/// may see it (see [`super::exec`]).
#[derive(Clone, Debug, PartialEq)]
pub struct JournalEntry {
    /// The side that decided.
    pub by: Side,
    pub action: Action,
    pub events: Vec<Event>,
}

/// A game of Mars Attacks! seen by the search crate: the true [`GameState`] plus the
/// heuristics the searches use on it, and for a game being played (not a search's copy)
/// the journal of its decisions.
#[derive(Debug)]
pub struct Skirmish {
    state: GameState,
    heuristics: Heuristics,
    /// The evaluation of `state` for the Humans, once computed (NaN until then). The
    /// searches ask for both players' values of the same state in a row.
    cached: Cell<f64>,
    /// Every decision applied and its events, kept by [`Skirmish::start`]ed games; `None`
    /// in copies (a search's copies never pay for it).
    journal: Option<Vec<JournalEntry>>,
}

/// A copy has no journal: the searches clone the game they are handed for every
/// iteration, and what they play out never happened.
impl Clone for Skirmish {
    fn clone(&self) -> Self {
        Skirmish {
            state: self.state.clone(),
            heuristics: self.heuristics,
            cached: self.cached.clone(),
            journal: None,
        }
    }
}

impl Skirmish {
    /// Wraps a state, with the default heuristics.
    pub fn new(state: GameState) -> Skirmish {
        Skirmish::with_heuristics(state, Heuristics::default())
    }

    /// Wraps a state with the given heuristics.
    pub fn with_heuristics(state: GameState, heuristics: Heuristics) -> Skirmish {
        Skirmish {
            state,
            heuristics,
            cached: Cell::new(f64::NAN),
            journal: None,
        }
    }

    /// A new game of `scenario`, set up with `rng` (counter placement, R24), keeping a
    /// journal of its decisions.
    pub fn start<R: RngCore + ?Sized>(scenario: Arc<Scenario>, rng: &mut R) -> Skirmish {
        Skirmish::new(GameState::new(scenario, rng)).with_journal(Vec::new())
    }

    /// This game, keeping a journal that starts with `entries` (the decisions that led to
    /// its state, as the table kept them).
    pub fn with_journal(mut self, entries: Vec<JournalEntry>) -> Skirmish {
        self.journal = Some(entries);
        self
    }

    /// The decisions applied since the journal began, if this game keeps one.
    pub fn journal(&self) -> Option<&[JournalEntry]> {
        self.journal.as_deref()
    }

    /// The game state.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The heuristics searches use.
    pub fn heuristics(&self) -> Heuristics {
        self.heuristics
    }

    /// Changes the heuristics (the state is untouched).
    pub fn set_heuristics(&mut self, heuristics: Heuristics) {
        self.heuristics = heuristics;
        self.cached.set(f64::NAN);
    }

    /// The value of this state for the Humans by the evaluation, in `(0, 1)`.
    pub fn value_for_humans(&self) -> f64 {
        let v = self.cached.get();
        if !v.is_nan() {
            return v;
        }
        let v = value_of_state(&self.heuristics, &self.state);
        self.cached.set(v);
        v
    }
}

/// The value of `state` for the Humans by the evaluation `heuristics` name, in `(0, 1)`.
pub fn value_of_state(heuristics: &Heuristics, state: &GameState) -> f64 {
    if heuristics.learned {
        crate::bot::learn::value_for_humans(state, heuristics.learned_share)
    } else if heuristics.fitted {
        eval::fitted::SHIPPED.weights.value_for_humans(state)
    } else {
        eval::evaluate(state, &heuristics.weights)
    }
}

impl From<GameState> for Skirmish {
    fn from(state: GameState) -> Self {
        Skirmish::new(state)
    }
}

impl ai::Game for Skirmish {
    type Action = Action;

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> usize {
        self.state.to_move().map_or(0, player_of)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.state.legal_actions(out);
    }

    #[inline]
    fn apply<R: RngCore + ?Sized>(&mut self, action: Action, rng: &mut R) {
        match &mut self.journal {
            None => self.state.apply(action, rng),
            Some(journal) => {
                let by = self.state.to_move().unwrap_or(Side::Humans);
                let mut events = Vec::new();
                self.state.apply_logged(action, rng, &mut events);
                journal.push(JournalEntry { by, action, events });
            }
        }
        self.cached.set(f64::NAN);
    }

    fn is_terminal(&self) -> bool {
        self.state.is_over()
    }

    fn returns(&self, player: usize) -> f64 {
        match self.state.outcome() {
            Some(Outcome::Win(side, _)) => {
                if side == side_of(player) {
                    1.0
                } else {
                    0.0
                }
            }
            _ => 0.5,
        }
    }

    fn determinize<R: RngCore + ?Sized>(&mut self, observer: usize, rng: &mut R) {
        self.state.determinize(side_of(observer), rng);
        self.cached.set(f64::NAN);
    }

    fn evaluate(&self, player: usize) -> f64 {
        let h = self.value_for_humans();
        if player == 0 { h } else { 1.0 - h }
    }

    fn prior(&self, action: Action) -> f64 {
        (eval::action_score_with(&self.state, action, self.heuristics.scoring) / 3.0)
            .clamp(0.0, 1.0)
    }

    fn policy(&self, legal: &[Action], temperature: f64, out: &mut Vec<f64>) {
        self.action_scores(legal, out);
        if self.heuristics.learned_prior {
            use crate::bot::learn::prior;
            let weights = &*prior::SHIPPED;
            thread_local! {
                static LIFTS: std::cell::RefCell<Vec<f64>> = const { std::cell::RefCell::new(Vec::new()) };
            }
            LIFTS.with(|lifts| {
                let lifts = &mut *lifts.borrow_mut();
                lifts.clear();
                if weights.reads_lifts() {
                    let h = self.heuristics;
                    prior::lifts(&self.state, legal, &|g| value_of_state(&h, g), lifts);
                }
                weights.probabilities(legal, out, lifts);
            });
        } else {
            family_softmax(legal, out, temperature);
        }
    }

    fn action_scores(&self, legal: &[Action], out: &mut Vec<f64>) {
        out.clear();
        out.resize(legal.len(), 0.0);
        eval::action_scores_with(&self.state, legal, self.heuristics.scoring, out);
    }

    /// A Turn ends when the next begins (the Round's end, its refill and Events included
    /// in the Turn before).
    fn turn_key(&self) -> u64 {
        u64::from(self.state.turn_number())
    }

    /// What the dice have decided that both sides see: which models are dead, Rattled or
    /// marked activated, the counters revealed and claimed, and the VP.
    fn chance_signature(&self) -> Option<u64> {
        Some(eval::chance_signature(&self.state))
    }

    fn settled_action(&self) -> Option<Action> {
        eval::settled_action(&self.state)
    }

    fn decision_weight(&self) -> f64 {
        eval::decision_weight(&self.state)
    }

    /// From the journal, which only a game being played keeps (never a search's copy):
    /// its decisions, and the hand of the side to move as what that side alone sees.
    fn progress(&self) -> Option<ai::Progress> {
        let journal = self.journal.as_ref()?;
        let key = journal.iter().fold(ai::Progress::START, |k, e| {
            ai::Progress::extend(k, &e.action)
        });
        let side = self.state.to_move().unwrap_or(Side::Humans);
        Some(ai::Progress {
            decisions: journal.len() as u64,
            key,
            private: ai::Progress::extend(ai::Progress::START, self.state.hand_counts(side)),
        })
    }

    fn rollout_action<R: RngCore + ?Sized>(&self, legal: &[Action], rng: &mut R) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let epsilon = match self.heuristics.rollout {
            Rollout::Uniform => return legal[rng.random_range(0..legal.len())],
            Rollout::Greedy { epsilon } => epsilon,
            Rollout::Softmax { temperature } => {
                return softmax_action(
                    &self.state,
                    legal,
                    rng,
                    temperature,
                    self.heuristics.scoring,
                );
            }
        };
        if rng.random::<f32>() < epsilon {
            return legal[rng.random_range(0..legal.len())];
        }
        best_action_with(&self.state, legal, rng, self.heuristics.scoring)
    }
}

/// The family of an action in a prior or a rollout: a card called or played with a choice
/// of where or on whom (its half) groups every way of aiming it; any other action is a
/// family of its own.
fn family(a: &Action) -> Option<CardId> {
    match a {
        Action::Call(half, _) => Some(*half),
        Action::Play(card, _) => Some(card.half),
        _ => None,
    }
}

/// How much more closely a family's weight follows its members' scores than the choice
/// between families does: the ways of aiming a card differ in what they hit, and the best
/// few should take most of the card's weight.
const WITHIN_FAMILY: f64 = 4.0;

/// Turns the action scores `scores` of `legal` into probabilities in place: each family
/// ([`family`]) weighed by a softmax at `temperature` of its best member's score, and its
/// weight shared among its members by a softmax of theirs at a [`WITHIN_FAMILY`] times
/// lower temperature. So the 256 ways of calling a Strafing Run count as one choice beside
/// the few moves of a model, not 256, and the best ways of aiming it take that choice's
/// weight.
pub fn family_softmax(legal: &[Action], scores: &mut [f64], temperature: f64) {
    let t = temperature.max(1e-6);
    let t_in = t / WITHIN_FAMILY;
    // Each family's best score and the sum of its members' weights.
    let mut families: Vec<(CardId, f64, f64)> = Vec::new();
    for (a, s) in legal.iter().zip(scores.iter()) {
        if let Some(f) = family(a) {
            match families.iter_mut().find(|e| e.0 == f) {
                Some(e) => e.1 = e.1.max(*s),
                None => families.push((f, *s, 0.0)),
            }
        }
    }
    for (a, s) in legal.iter().zip(scores.iter()) {
        if let Some(e) = family(a).and_then(|f| families.iter_mut().find(|e| e.0 == f)) {
            e.2 += ((s - e.1) / t_in).exp();
        }
    }
    let max = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut total = 0.0;
    for (a, s) in legal.iter().zip(scores.iter_mut()) {
        let p = match family(a).and_then(|f| families.iter().find(|e| e.0 == f)) {
            Some(&(_, best, sum)) => ((best - max) / t).exp() * ((*s - best) / t_in).exp() / sum,
            None => ((*s - max) / t).exp(),
        };
        *s = p;
        total += p;
    }
    if total > 0.0 {
        for s in scores.iter_mut() {
            *s /= total;
        }
    }
}

/// An action of `legal` drawn by [`family_softmax`] at `temperature` of the
/// [`eval::action_score_with`] `scoring` of the actions.
pub fn softmax_action<R: RngCore + ?Sized>(
    g: &GameState,
    legal: &[Action],
    rng: &mut R,
    temperature: f32,
    scoring: eval::Scoring,
) -> Action {
    // On the stack: this is the rollouts' hot path (legal lists are at most a few hundred).
    let mut buf = [0f64; 512];
    let mut heap = Vec::new();
    let p: &mut [f64] = if legal.len() <= buf.len() {
        &mut buf[..legal.len()]
    } else {
        heap.resize(legal.len(), 0.0);
        &mut heap
    };
    eval::action_scores_with(g, legal, scoring, p);
    family_softmax(legal, p, f64::from(temperature));
    let mut r = rng.random::<f64>();
    for (w, a) in p.iter().zip(legal) {
        if r < *w {
            return *a;
        }
        r -= w;
    }
    legal[legal.len() - 1]
}

/// The action of `legal` with the highest [`eval::action_score`], ties broken at random.
pub fn best_action<R: RngCore + ?Sized>(g: &GameState, legal: &[Action], rng: &mut R) -> Action {
    best_action_with(g, legal, rng, eval::Scoring::default())
}

/// [`best_action`] by [`eval::action_score_with`] `scoring`.
pub fn best_action_with<R: RngCore + ?Sized>(
    g: &GameState,
    legal: &[Action],
    rng: &mut R,
    scoring: eval::Scoring,
) -> Action {
    let mut best = legal[0];
    let mut best_score = f64::NEG_INFINITY;
    let mut ties = 0u32;
    let scorer = eval::ActionScorer::new(g, scoring);
    for &a in legal {
        let s = scorer.score(a);
        if s > best_score {
            best_score = s;
            best = a;
            ties = 1;
        } else if s == best_score {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = a;
            }
        }
    }
    best
}
