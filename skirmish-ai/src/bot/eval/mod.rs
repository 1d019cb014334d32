//! The skirmish heuristics shared by the searches and the scripted player: a static
//! evaluation of a position, and a quick score of each legal action that serves as the
//! tree's prior, the rollout policy and the greedy player's preference.
//!
//! The action scores read only what both players see (the board, VP, counters, the pool of
//! unrevealed counter identities, laid Support sets) and the hand of the side to move, so
//! they are fair to call on the true state; the evaluation also values the other hand (see
//! below), which the searches only ever see in determinizations.
//!
//! # The evaluation
//!
//! Each side gets a score in VP-equivalents:
//!
//! * **VP** scored so far;
//! * **material**: [`Weights::material`] times the fraction of its force still in play;
//! * **threat**: the expected VP of the shots and Fights its models have now, from the
//!   exact odds of R15-R16 (each model aims at its best target; the kill chances on one
//!   target combine as independent events), weighted by how soon the model acts: a model
//!   still to act this Round counts more when its side holds the Turn;
//! * **counters**: for every face-down counter, the chance it is of the side's kind, or a
//!   neutral objective (from the public pool of unrevealed identities, R24), and every
//!   face-up counter of its kind or objective,
//!   times its VP (the first claimed scores nothing but unlocks the rest), discounted by
//!   the walking distance of the side's nearest model;
//! * **approach**: a small pull towards the enemy for models with nothing in range;
//! * **holds**: a zone the side scores for holding at the end of the Round counts most of
//!   its VP while the side holds it alone, and half of it, discounted by distance, otherwise;
//!   a zone that wins when held Rounds running (P31) adds the share of a win (the VP the side
//!   still lacks) one more Round held brings;
//! * **exits**: with a scoring exit edge (R6), each model on the board counts its side's
//!   exit VP, discounted by the steps it still needs to leave; a model that has left keeps
//!   its place in the material (it is safe) and its VP are in the score; a key model whose
//!   leaving wins counts a win, a model held on the board nothing (P28, P30). The fitted
//!   evaluation ([`fitted`]) also counts the **escape**: what leaving is worth for each model
//!   that can still walk off before the game ends ([`terms::SideTerms::escape`]), halved for
//!   each step it would lack;
//! * **key models**: a key model whose death wins for the other side (P28) is worth a win
//!   to that side's shots and Fights ([`worth`]), so the side keeps it out of them and the
//!   other hunts it;
//! * **wipe-out**: where a kill scores no VP (Humans who score only by escaping), a kill is
//!   worth its share of the win wiping out the enemy brings (R25, [`wipe_share`]), so the
//!   side still shoots the models it could wipe out;
//! * **survival**: a side that wins by surviving to the end of a Round adds the chance it
//!   keeps a model on the board till then ([`survival_chance`]) times a win, and each of its
//!   models is worth what its loss takes off that chance ([`survival_stake`]) on top of its
//!   kill VP, to the shots and Fights that could kill it;
//! * **cards**: [`Weights::cards`] times the value of each card in hand with a use for the
//!   side ([`card_value`]) and of each Support set laid ([`set_value`]).
//!
//! The cards term reads both hands. The searches call the evaluation only on states
//! determinized for the side to move, where the other hand is a sample of the unseen cards,
//! so this is fair there; on the true state it would read a hand the side may not see.
//!
//! The value for the Humans is a logistic function of the score difference. With a Round
//! limit (R25), what is not yet VP counts less as the end nears and the logistic steepens,
//! since at the end only VP decide: see [`time_left`].

mod action_score;
mod cards;
pub mod fitted;
mod search;
mod tactics;
pub mod terms;
mod worth;

pub use action_score::{
    ActionScorer, EXPOSURE, Scoring, action_score, action_score_with, action_scores_with,
};
pub use cards::{call_value, card_value, response_gain, set_value};
pub use search::{chance_signature, decision_weight, settled_action};
pub use tactics::{
    best_shot_from, distance_to, exposure, fight_value, goals, hold_squares, model_goals, own_kind,
    scoring_exit, shot_kill, shot_kill_from,
};
pub use worth::{
    LASTS_A_ROUND, exit_worth, hold_worth, lacking, survival_chance, survival_stake, vp_unit,
    wipe_share, worth,
};

use worth::{models_on_or_entering, win_worth};

use rules::scenario::MAX_MODELS;
use rules::square::Side;
use rules::state::GameState;

/// The tunable constants of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// VP-equivalents of a whole force in play (scaled by the fraction left).
    pub material: f64,
    /// Weight of the threat of a model still to act this Round, when its side holds the
    /// Turn.
    pub threat_mover: f64,
    /// The same for the side not holding the Turn.
    pub threat_other: f64,
    /// Weight of the threat of a model that has acted this Round (it acts next Round).
    pub threat_later: f64,
    /// Discount per square of walking distance to a counter.
    pub counter_decay: f64,
    /// Weight of the pull towards the enemy, per model, at range.
    pub approach: f64,
    /// Slope of the logistic, per VP-equivalent of score difference.
    pub slope: f64,
    /// Weight of the cards a side holds and has laid (see [`card_value`] and
    /// [`set_value`]); 0 ignores cards, as the evaluation did before the deck.
    pub cards: f64,
    /// Weight of the pull of a scoring exit edge: each model on the board counts its exit
    /// VP times this, discounted by [`Weights::counter_decay`] per step it still needs.
    pub exit: f64,
    /// Weight of a zone held now (its VP a Round times this); a zone not held counts half
    /// of it, discounted by the nearest model's steps to it.
    pub hold: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            material: 8.0,
            threat_mover: 0.7,
            threat_other: 0.45,
            threat_later: 0.25,
            counter_decay: 0.7,
            approach: 0.08,
            slope: 0.5,
            cards: 1.0,
            exit: 0.6,
            hold: 0.8,
        }
    }
}

/// How much time is left to turn position into VP, in `(0, 1]`: 1 without a Round limit
/// or with three or more Rounds to play after this one, then 0.875, 0.625 and, in the last
/// Round, 0.375 (`0.25 + 0.25 x` the Rounds left, this one counted as a half).
pub fn time_left(g: &GameState) -> f64 {
    let Some(limit) = g.scenario().last_round() else {
        return 1.0;
    };
    // Rounds still to start, plus this one (counted as a half).
    let left = f64::from(limit.saturating_sub(g.round())) + 0.5;
    (0.25 + 0.75 * left / 3.0).min(1.0)
}

/// The value of `g` for the Humans, in `(0, 1)`. When the sides have different VP
/// targets, each side's score counts in proportion to how far it goes towards its own
/// target (relative to the mean of the two targets).
pub fn evaluate(g: &GameState, w: &Weights) -> f64 {
    let t = time_left(g);
    let sc = g.scenario();
    let (th, tm) = (
        f64::from(sc.vp_target(Side::Humans)),
        f64::from(sc.vp_target(Side::Martians)),
    );
    let mean = 0.5 * (th + tm);
    let s = side_score_at(g, Side::Humans, w, t) * mean / th
        - side_score_at(g, Side::Martians, w, t) * mean / tm;
    1.0 / (1.0 + (-w.slope / t * s).exp())
}

/// One side's score in VP-equivalents (see the module documentation).
pub fn side_score(g: &GameState, side: Side, w: &Weights) -> f64 {
    side_score_at(g, side, w, time_left(g))
}

/// [`side_score`] with `t` of [`time_left`]: VP in full, everything else times `t`; a
/// side that wins by surviving adds its [`survival_chance`] times a win.
pub(super) fn side_score_at(g: &GameState, side: Side, w: &Weights, t: f64) -> f64 {
    let survival = match g.scenario().survivor() {
        Some((s, _)) if s == side => {
            survival_chance(g, models_on_or_entering(g, side)) * win_worth(g)
        }
        _ => 0.0,
    };
    f64::from(g.vp(side)) + t * position_score(g, side, w) + survival
}

/// What `side`'s position is worth beyond its VP, in VP-equivalents: the terms of the one
/// walk over the position ([`terms::walk`]), weighed by the hand-set weights as they come.
pub(super) fn position_score(g: &GameState, side: Side, w: &Weights) -> f64 {
    let mut sink = HandSet {
        w,
        holds_turn: g.turn_player() == side,
        score: 0.0,
        survive: [1.0f64; MAX_MODELS],
        fight_gain: 0.0,
        approach: 0.0,
        exit_pull: 0.0,
    };
    terms::walk(g, side, &mut sink);
    sink.score
}

/// The hand-set evaluation's weighing of the walk's terms, as it goes.
struct HandSet<'w> {
    w: &'w Weights,
    /// Whether the side holds the Turn (its ready models' threat counts more).
    holds_turn: bool,
    score: f64,
    /// The chance each target lives through the side's shots, each shot weighted by how
    /// soon its model acts.
    survive: [f64; MAX_MODELS],
    fight_gain: f64,
    approach: f64,
    exit_pull: f64,
}

impl HandSet<'_> {
    /// How much a model's threat counts: less when it has acted, more when its side
    /// holds the Turn.
    fn weight(&self, activated: bool) -> f64 {
        if activated {
            self.w.threat_later
        } else if self.holds_turn {
            self.w.threat_mover
        } else {
            self.w.threat_other
        }
    }
}

impl terms::TermSink for HandSet<'_> {
    const ESCAPE: bool = false;
    fn decay(&self) -> f64 {
        self.w.counter_decay
    }
    fn material(&mut self, share: f64) {
        self.score += self.w.material * share;
    }
    fn fight(&mut self, activated: bool, gain: f64) {
        self.fight_gain += self.weight(activated) * gain;
    }
    fn approach(&mut self, decayed: f64) {
        self.approach += self.w.approach * decayed;
    }
    fn shot(&mut self, activated: bool, target: usize, p: f64) {
        let weight = self.weight(activated);
        self.survive[target] *= 1.0 - weight * p;
    }
    fn threats_done(&mut self, g: &GameState) {
        let kills = terms::expected_kills(g, &self.survive);
        self.score += kills + self.fight_gain + self.approach;
    }
    fn exit(&mut self, worth: f64, to_leave: i32, _: i32) {
        self.exit_pull += worth * self.w.counter_decay.powi(to_leave);
    }
    fn exits_done(&mut self) {
        self.score += self.w.exit * self.exit_pull;
    }
    fn hold(&mut self, held: bool, vp: f64, nearest: Option<u8>) {
        self.score += if held {
            self.w.hold * vp
        } else {
            nearest.map_or(0.0, |d| {
                0.5 * self.w.hold * vp * self.w.counter_decay.powi(i32::from(d))
            })
        };
    }
    fn counters(&mut self, value: f64) {
        self.score += value;
    }
    fn wants_cards(&self) -> bool {
        self.w.cards != 0.0
    }
    fn cards(&mut self, value: f64) {
        self.score += self.w.cards * value;
    }
}
