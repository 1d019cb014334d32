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

use cards::cards_score;
use tactics::best_fight_in;
use worth::{models_on_or_entering, win_worth};

use rules::action::ModelId;
use rules::bitboard::Bitboard;
use rules::profile::Ability;
use rules::scenario::MAX_MODELS;
use rules::square::{Side, Square};
use rules::state::{CounterKind, GameState, Loc};

use crate::bot::table;

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

/// What `side`'s position is worth beyond its VP, in VP-equivalents.
pub(super) fn position_score(g: &GameState, side: Side, w: &Weights) -> f64 {
    let map = g.map();
    let scenario = g.scenario();
    let enemy = side.other();
    let mut score = 0.0;

    // Material, and the squares the side's models act from.
    let (mut total, mut alive) = (0u32, 0u32);
    let mut sources = Bitboard::EMPTY;
    // The squares the side's models waiting off the board would come on at (R6).
    let mut entry = Bitboard::EMPTY;
    for (i, m) in g.models().iter().enumerate() {
        if m.side != side {
            continue;
        }
        total += 1;
        match m.loc {
            Loc::Board(sq) => {
                alive += 1;
                sources.insert(sq);
            }
            Loc::Waiting => {
                alive += 1;
                entry |= g
                    .arrival_of(ModelId(i as u8))
                    .map_or(Bitboard::EMPTY, |a| a.squares);
            }
            // A model that has left by an exit is safe: no loss of material.
            Loc::Undeployed | Loc::Exited => alive += 1,
            Loc::Dead => {}
        }
    }
    if total > 0 {
        score += w.material * f64::from(alive) / f64::from(total);
    }

    // Threat: each model's best shot or Fight now; kill chances on one target combine.
    let holds_turn = g.turn_player() == side;
    // The enemy models on the board, read once: square, Survive value and armour. This is
    // the hot path of the search (one evaluation per iteration).
    let mut targets = [(0u8, Square::from_index(0), 0u8, 0u8); MAX_MODELS];
    let mut n_targets = 0;
    for (i, m) in g.models().iter().enumerate() {
        if m.side == enemy
            && let Loc::Board(sq) = m.loc
        {
            let p = &scenario.profiles[usize::from(m.profile)];
            targets[n_targets] = (i as u8, sq, p.survive, u8::from(p.has(Ability::Armoured)));
            n_targets += 1;
        }
    }
    let targets = &targets[..n_targets];
    let mut survive = [1.0f64; MAX_MODELS];
    let mut fight_gain = 0.0;
    let mut approach = 0.0;
    for (i, m) in g.models().iter().enumerate() {
        if m.side != side {
            continue;
        }
        let Loc::Board(sq) = m.loc else { continue };
        let id = ModelId(i as u8);
        let weight = if m.activated {
            w.threat_later
        } else if holds_turn {
            w.threat_mover
        } else {
            w.threat_other
        };
        if g.count(enemy, sq) > 0 {
            if !m.rattled
                && let Some((_, a, d)) = best_fight_in(g, id, sq, false)
            {
                fight_gain += weight * (a - d).max(0.0);
            }
            continue;
        }
        let profile = &scenario.profiles[usize::from(m.profile)];
        let squares = g.shot_squares(id, sq);
        if squares.is_empty() {
            if let Some(d) = distance_to(map, sq, g.occupied(enemy)) {
                let gap = i32::from(d) - i32::from(profile.range);
                approach += w.approach * w.counter_decay.powi(gap.max(0));
            }
            continue;
        }
        // R15, as `shot_kill_from`: 3 dice, 4 with a clear shot, +1 Aiming.
        let aimed = u8::from(!m.activated && !m.rattled);
        let clear = map.clear_from(sq);
        let mut best: Option<(usize, f64)> = None;
        for &(t, tsq, survive_value, armour) in targets {
            if !squares.contains(tsq) {
                continue;
            }
            let dice = 3 + u8::from(clear.contains(tsq)) + aimed;
            let p = table::shoot_kill(dice, profile.shoot, 3, survive_value, armour);
            if best.is_none_or(|(_, q)| p > q) {
                best = Some((usize::from(t), p));
            }
        }
        if let Some((target, p)) = best {
            let p = if m.rattled { 0.8 * p } else { p };
            survive[target] *= 1.0 - weight * p;
        }
    }
    let kills: f64 = survive
        .iter()
        .enumerate()
        .filter(|(_, s)| **s < 1.0)
        .map(|(t, s)| (1.0 - s) * worth(g, ModelId(t as u8), false))
        .sum();
    score += kills + fight_gain + approach;

    // Exits: each model on the board is worth its exit VP, by the steps it still needs.
    let vp = scenario.sides[side].vp;
    let exits = scoring_exit(scenario, side);
    if exits.any() {
        let mut pull = 0.0;
        for (i, m) in g.models().iter().enumerate() {
            if m.side == side
                && let Loc::Board(sq) = m.loc
                && let Some(d) = distance_to(map, sq, exits)
            {
                // On an edge square, one more step (the exit itself) leaves.
                pull += exit_worth(g, i) * w.counter_decay.powi(i32::from(d) + 1);
            }
        }
        score += w.exit * pull;
    }

    // Zones to hold at the end of the Round: one held now is worth most of its VP, one
    // contested or empty pulls the nearest model in.
    for (i, h) in scenario.sides[side].hold.iter().enumerate() {
        if h.vp == 0 && h.win_after.is_none() {
            continue;
        }
        let (mine, theirs) = (g.occupied(side) & h.zone, g.occupied(enemy) & h.zone);
        let held = mine.any() && theirs.is_empty();
        let vp = hold_worth(g, side, i, held);
        score += if held {
            w.hold * vp
        } else {
            h.zone
                .iter()
                .filter_map(|t| distance_to(map, t, sources))
                .min()
                .map_or(0.0, |d| {
                    0.5 * w.hold * vp * w.counter_decay.powi(i32::from(d))
                })
        };
    }

    // Counters: the walking distance to each, from the board or the entry edge.
    let near = |t: Square| -> Option<i32> {
        let on_board = distance_to(map, t, sources).map(i32::from);
        let from_entry = distance_to(map, t, entry).map(|d| i32::from(d) + 1);
        match (on_board, from_entry) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    };
    // The pull of counters of one kind: each face-down one counts the chance it is of
    // that kind (`share` of the public pool of unrevealed identities, R24), each face-up
    // one in full, both discounted by the walking distance.
    let (critters, secrets) = g.counter_pool();
    let pool_total = f64::from(critters) + f64::from(secrets) + f64::from(g.objective_pool());
    let pull = |share: u8, face_up: Bitboard| -> f64 {
        let p_hidden = if pool_total > 0.0 {
            f64::from(share) / pool_total
        } else {
            0.0
        };
        let mut found = 0.0;
        for t in g.hidden_counters() {
            if let Some(d) = near(t) {
                found += p_hidden * w.counter_decay.powi(d);
            }
        }
        for t in face_up {
            if let Some(d) = near(t) {
                found += w.counter_decay.powi(d);
            }
        }
        found
    };
    if vp.counter > 0 {
        let per = f64::from(vp.counter)
            * if g.claimed(side) >= vp.counters_free {
                1.0
            } else {
                0.5
            };
        let mine = match side {
            Side::Martians => critters,
            Side::Humans => secrets,
        };
        score += per * pull(mine, g.face_up_counters(own_kind(side)));
    }
    // Neutral objectives, claimed by either side (counters.objectives).
    if vp.objective > 0 {
        score += f64::from(vp.objective)
            * pull(
                g.objective_pool(),
                g.face_up_counters(CounterKind::Objective),
            );
    }
    if w.cards != 0.0 && !g.deck().is_empty() {
        score += w.cards * cards_score(g, side);
    }
    score
}
