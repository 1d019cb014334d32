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
//! * **exits**: with a scoring exit edge (R6), each model on the board counts its side's
//!   exit VP, discounted by the steps it still needs to leave; a model that has left keeps
//!   its place in the material (it is safe) and its VP are in the score;
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

use crate::rules::action::{Action, Defence, ModelId, Spot, Target};
use crate::rules::cards::{CardId, Effect, Failed, Hit, Kind, Whose};
use crate::rules::profile::Ability;
use crate::rules::scenario::{MAX_MODELS, Scenario};
use crate::rules::square::{Side, Square, squares_of};
use crate::rules::state::area_squares;
use crate::rules::state::{CounterKind, GameState, Loc, Phase, TestKind, within_range};
use crate::rules::{Los, Map};

use super::table;

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

/// The VP a kill by Shoot and in a Fight earns `side` (R18), by its awards (a model with
/// a value of its own is worth [`worth`] instead).
#[inline]
fn kill_vp(g: &GameState, side: Side) -> (f64, f64) {
    let vp = g.scenario().sides[side].vp;
    (f64::from(vp.shoot_kill), f64::from(vp.fight_kill))
}

/// The VP the other side scores for killing `target` in a Fight (`fight`) or otherwise,
/// with the model's own value when the scenario gives it one (R18); when `target`'s side
/// wins by surviving, plus what its death takes off that side's chance of surviving
/// ([`survival_stake`]).
#[inline]
fn worth(g: &GameState, target: ModelId, fight: bool) -> f64 {
    let vp = f64::from(g.scenario().kill_vp(target.index(), fight));
    match g.scenario().survivor() {
        Some((side, _)) if g.model(target).side == side => vp + survival_stake(g),
        _ => vp,
    }
}

/// The chance that one model on the board lasts a whole Round, in [`survival_chance`].
pub const LASTS_A_ROUND: f64 = 0.8;

/// A win, in the evaluation's VP-equivalents: the mean of the two sides' VP targets (the
/// unit [`evaluate`] scales both scores to).
fn win_worth(g: &GameState) -> f64 {
    let sc = g.scenario();
    0.5 * (f64::from(sc.vp_target(Side::Humans)) + f64::from(sc.vp_target(Side::Martians)))
}

/// How many models of `side` can still be on the board at the end: those on it and those
/// waiting to come on (R6).
fn models_in_play(g: &GameState, side: Side) -> i32 {
    g.models()
        .iter()
        .filter(|m| m.side == side && matches!(m.loc, Loc::Board(_) | Loc::Waiting))
        .count() as i32
}

/// For a side that wins by surviving to the end of Round `last`: the chance that at least
/// one of `n` models lasts, each lasting a Round with [`LASTS_A_ROUND`] on its own, with
/// this Round counted as a half. 0 with no model; near 1 with many, or at the very end.
pub fn survival_chance(g: &GameState, n: i32) -> f64 {
    let Some((_, last)) = g.scenario().survivor() else {
        return 0.0;
    };
    if n <= 0 {
        return 0.0;
    }
    let rounds = f64::from(last.saturating_sub(g.round())) + 0.5;
    let one = LASTS_A_ROUND.powf(rounds);
    1.0 - (1.0 - one).powi(n)
}

/// What one more model lost costs the side that wins by surviving, in VP-equivalents: the
/// drop in [`survival_chance`] times a win.
pub fn survival_stake(g: &GameState) -> f64 {
    let Some((side, _)) = g.scenario().survivor() else {
        return 0.0;
    };
    let n = models_in_play(g, side);
    (survival_chance(g, n) - survival_chance(g, n - 1)) * win_worth(g)
}

/// Kill probability of a Shoot test by `shooter` standing on `from` at `target` (R15).
#[inline]
pub fn shot_kill_from(
    g: &GameState,
    shooter: ModelId,
    from: Square,
    target: ModelId,
    aimed: bool,
) -> f64 {
    let Some(to) = g.model(target).square() else {
        return 0.0;
    };
    let sp = g.profile(shooter);
    let tp = g.profile(target);
    let dice = if g.map().los(from, to) == Los::Clear {
        4
    } else {
        3
    } + u8::from(aimed);
    let armour = u8::from(tp.has(Ability::Armoured));
    table::shoot_kill(dice, sp.shoot, 3, tp.survive, armour)
}

/// Kill probability of a Shoot test by `shooter` from where it stands.
#[inline]
pub fn shot_kill(g: &GameState, shooter: ModelId, target: ModelId, aimed: bool) -> f64 {
    match g.model(shooter).square() {
        Some(from) => shot_kill_from(g, shooter, from, target, aimed),
        None => 0.0,
    }
}

/// Squares `shooter` could Shoot into if it stood on `from` (R8, R9, R12), other models
/// staying where they are.
#[inline]
pub fn shot_squares_at(g: &GameState, shooter: ModelId, from: Square) -> u64 {
    let side = g.model(shooter).side;
    let enemy = side.other();
    if g.occupied(enemy) & from.bit() != 0 {
        return 0;
    }
    g.occupied(enemy)
        & !g.occupied(side)
        & g.map().seen_from(from)
        & within_range(from, g.profile(shooter).range)
        & !from.bit()
}

/// The best Shoot target of `shooter` from `from`, with its kill probability.
pub fn best_shot_from(
    g: &GameState,
    shooter: ModelId,
    from: Square,
    aimed: bool,
) -> Option<(ModelId, f64)> {
    let squares = shot_squares_at(g, shooter, from);
    if squares == 0 {
        return None;
    }
    let enemy = g.model(shooter).side.other();
    let mut best: Option<(ModelId, f64)> = None;
    for (i, m) in g.models().iter().enumerate() {
        if m.side == enemy
            && let Loc::Board(sq) = m.loc
            && squares & sq.bit() != 0
        {
            let id = ModelId(i as u8);
            let p = shot_kill_from(g, shooter, from, id, aimed);
            if best.is_none_or(|(_, q)| p > q) {
                best = Some((id, p));
            }
        }
    }
    best
}

/// Fight dice of `id` were it in `sq` (R16): 3, +1 for having moved in this Turn, +1 with
/// at least one other friendly model there.
#[inline]
fn dice_in(g: &GameState, id: ModelId, sq: Square, moved_in: bool) -> u8 {
    let m = g.model(id);
    let here = g.count(m.side, sq) - u8::from(m.loc == Loc::Board(sq));
    3 + u8::from(moved_in) + u8::from(here > 0)
}

/// The defender's choice (R16) and the expected VP each side gains from a Fight between
/// `attacker` (in `sq` after a charge when `charge`) and `defender`: the defender picks
/// Fight or Survive to maximise its own expected VP swing, Fight only if not Rattled.
/// Returns `(attacker's expected VP, defender's expected VP, defender's best choice)`.
pub fn fight_value(
    g: &GameState,
    attacker: ModelId,
    defender: ModelId,
    sq: Square,
    charge: bool,
) -> (f64, f64, Defence) {
    let d = g.model(defender);
    let ap = g.profile(attacker);
    let dp = g.profile(defender);
    let a_dice = dice_in(g, attacker, sq, charge || g.model(attacker).moved_in);
    let d_dice = dice_in(g, defender, sq, d.moved_in);
    let a_vp = worth(g, defender, true);
    let d_vp = worth(g, attacker, true);
    let (sa, _) = table::fight(a_dice, ap.fight, d_dice, dp.survive, false);
    let survive = (sa * a_vp, 0.0);
    if d.rattled {
        return (survive.0, survive.1, Defence::Survive);
    }
    let (fa, fd) = table::fight(a_dice, ap.fight, d_dice, dp.fight, true);
    let fight = (fa * a_vp, fd * d_vp);
    if fight.1 - fight.0 > survive.1 - survive.0 {
        (fight.0, fight.1, Defence::Fight)
    } else {
        (survive.0, survive.1, Defence::Survive)
    }
}

/// The opponent `attacker` would pick in `sq` (a Soldier before a Hero, R16), with the
/// Fight's expected VP for each side.
fn best_fight_in(
    g: &GameState,
    attacker: ModelId,
    sq: Square,
    charge: bool,
) -> Option<(ModelId, f64, f64)> {
    let enemy = g.model(attacker).side.other();
    let soldiers = g
        .models()
        .iter()
        .any(|m| m.side == enemy && m.loc == Loc::Board(sq) && !hero(g, m.profile));
    let mut best: Option<(ModelId, f64, f64)> = None;
    for (i, m) in g.models().iter().enumerate() {
        if m.side == enemy && m.loc == Loc::Board(sq) && hero(g, m.profile) != soldiers {
            let id = ModelId(i as u8);
            let (a, d, _) = fight_value(g, attacker, id, sq, charge);
            if best.is_none_or(|(_, ba, bd)| a - d > ba - bd) {
                best = Some((id, a, d));
            }
        }
    }
    best
}

#[inline]
fn hero(g: &GameState, profile: u8) -> bool {
    g.scenario().profiles[usize::from(profile)].has(Ability::Hero)
}

/// Squares of the goals of `side`'s models: enemy models, face-down counters, face-up
/// counters of its own kind and neutral objectives, and the squares along its exit edge
/// when leaving scores.
#[inline]
pub fn goals(g: &GameState, side: Side) -> u64 {
    g.occupied(side.other())
        | g.hidden_counters()
        | g.face_up_counters(own_kind(side))
        | g.face_up_counters(CounterKind::Objective)
        | scoring_exit(g.scenario(), side)
        | hold_squares(g.scenario(), side)
}

/// The squares of the zones `side` scores for holding.
#[inline]
pub fn hold_squares(scenario: &Scenario, side: Side) -> u64 {
    scenario.sides[side]
        .hold
        .iter()
        .filter(|h| h.vp > 0)
        .fold(0, |acc, h| acc | h.zone)
}

/// The board squares along `side`'s exit edge, when leaving by it scores VP (R6); else none.
#[inline]
pub fn scoring_exit(scenario: &Scenario, side: Side) -> u64 {
    // On the playouts' path (every step's score): most scenarios have no exit, and most
    // that have one score it side-wide; only then are the models' own values looked at.
    let Some(edge) = scenario.sides[side].exit else {
        return 0;
    };
    let scores = scenario.sides[side].vp.exit > 0
        || (0..scenario.models.len())
            .any(|i| scenario.models[i].side == side && scenario.exit_vp(i) > 0);
    if scores { edge.board_squares() } else { 0 }
}

/// The counters `side` claims (R24, P2).
#[inline]
pub fn own_kind(side: Side) -> CounterKind {
    match side {
        Side::Humans => CounterKind::AlienSecret,
        Side::Martians => CounterKind::Critter,
    }
}

/// Walking distance from `from` to the nearest square of `targets` (`None` if none can be
/// reached).
#[inline]
pub fn distance_to(map: &Map, from: Square, targets: u64) -> Option<u8> {
    squares_of(targets)
        .filter_map(|t| map.distance(from, t))
        .min()
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
fn side_score_at(g: &GameState, side: Side, w: &Weights, t: f64) -> f64 {
    let survival = match g.scenario().survivor() {
        Some((s, _)) if s == side => survival_chance(g, models_in_play(g, side)) * win_worth(g),
        _ => 0.0,
    };
    f64::from(g.vp(side)) + t * position_score(g, side, w) + survival
}

/// What `side`'s position is worth beyond its VP, in VP-equivalents.
fn position_score(g: &GameState, side: Side, w: &Weights) -> f64 {
    let map = g.map();
    let scenario = g.scenario();
    let enemy = side.other();
    let mut score = 0.0;

    // Material, and the squares the side's models act from.
    let (mut total, mut alive) = (0u32, 0u32);
    let mut sources = 0u64;
    // The squares the side's models waiting off the board would come on at (R6).
    let mut entry = 0u64;
    for (i, m) in g.models().iter().enumerate() {
        if m.side != side {
            continue;
        }
        total += 1;
        match m.loc {
            Loc::Board(sq) => {
                alive += 1;
                sources |= sq.bit();
            }
            Loc::Waiting => {
                alive += 1;
                entry |= scenario.entry_of(i).map_or(0, |e| e.edge.board_squares());
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
        let squares = shot_squares_at(g, id, sq);
        if squares == 0 {
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
            if squares & tsq.bit() == 0 {
                continue;
            }
            let dice = 3 + u8::from(clear & tsq.bit() != 0) + aimed;
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
    if exits != 0 {
        let mut pull = 0.0;
        for (i, m) in g.models().iter().enumerate() {
            if m.side == side
                && let Loc::Board(sq) = m.loc
                && let Some(d) = distance_to(map, sq, exits)
            {
                // On an edge square, one more step (the exit itself) leaves.
                pull += f64::from(scenario.exit_vp(i)) * w.counter_decay.powi(i32::from(d) + 1);
            }
        }
        score += w.exit * pull;
    }

    // Zones to hold at the end of the Round: one held now is worth most of its VP, one
    // contested or empty pulls the nearest model in.
    for h in scenario.sides[side].hold.iter().filter(|h| h.vp > 0) {
        let vp = f64::from(h.vp);
        let (mine, theirs) = (g.occupied(side) & h.zone, g.occupied(enemy) & h.zone);
        score += if mine != 0 && theirs == 0 {
            w.hold * vp
        } else {
            squares_of(h.zone)
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
    let pull = |share: u8, face_up: u64| -> f64 {
        let p_hidden = if pool_total > 0.0 {
            f64::from(share) / pool_total
        } else {
            0.0
        };
        let mut found = 0.0;
        for t in squares_of(g.hidden_counters()) {
            if let Some(d) = near(t) {
                found += p_hidden * w.counter_decay.powi(d);
            }
        }
        for t in squares_of(face_up) {
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

// ===== cards =============================================================================

/// The half `card` as `side` uses it, if it is one of `side`'s halves.
#[inline]
fn face(g: &GameState, card: CardId, side: Side) -> Option<&crate::rules::cards::Face> {
    g.deck().half(side, card)
}

/// The value in VP-equivalents of holding one card whose half for `side` is `card`, by its
/// effect:
/// roughly the VP it is expected to swing when played in a good moment.
///
/// * A die more or less on a test moves a kill chance by about 0.1-0.2; the card waits for
///   a test that matters, so 0.2 for a card on one roll, 0.3 for one on any roll.
/// * Lucky Escape saves a model that would be killed: about a kill's VP, 0.6.
/// * Moving one square (a charge out of turn, a step to a counter), marking enemies
///   activated: 0.25, 0.3 for two models.
/// * Bringing back a killed model: 0.5, only when one is dead (else 0.1).
/// * Jamming or taking over an enemy Support set: 0.15, and 0.35 while the enemy has one.
/// * A Support card is worth its share of a set (see [`set_value`]): 0.25.
/// * A half that is not the side's (the other side's half of a card) is worth nothing to
///   it: 0 (R19).
pub fn card_value(g: &GameState, card: CardId, side: Side) -> f64 {
    face(g, card, side).map_or(0.0, |f| face_value(g, f, side))
}

/// [`card_value`] of a half already looked up.
fn face_value(g: &GameState, f: &crate::rules::cards::Face, side: Side) -> f64 {
    match f.effect {
        Effect::TestDice { rolls, .. } => {
            if rolls.0.count_ones() > 1 {
                0.3
            } else {
                0.2
            }
        }
        Effect::LuckyEscape => 0.6,
        Effect::MoveOne => 0.25,
        Effect::Distract { models } => {
            if models > 1 {
                0.3
            } else {
                0.25
            }
        }
        Effect::Reinforce => {
            let dead = g
                .models()
                .iter()
                .any(|m| m.side == side && m.loc == Loc::Dead);
            if dead { 0.5 } else { 0.1 }
        }
        Effect::Jam | Effect::MindControl => {
            if g.support_sets(side.other()).next().is_some() {
                0.35
            } else {
                0.15
            }
        }
        _ if f.kind == Kind::Support => 0.25,
        _ => 0.0,
    }
}

/// The value in VP-equivalents of `side`'s Support set of `n` cards of `card` (R21): 0.25 a
/// card, plus 0.4 when the set can be called at its level and 0.3 more when it is aimed at
/// a chosen square rather than along a line.
pub fn set_value(g: &GameState, card: CardId, n: u8, side: Side) -> f64 {
    use crate::rules::cards::Aim;
    let Some(f) = face(g, card, side) else {
        return 0.0;
    };
    let aimed = match f.aim(n) {
        Aim::Nothing => 0.0,
        Aim::Square | Aim::SquareDirection => 0.7,
        _ => 0.4,
    };
    0.25 * f64::from(n) + aimed
}

/// Hand and Support sets of `side`, in VP-equivalents.
fn cards_score(g: &GameState, side: Side) -> f64 {
    let hand: f64 = g
        .hand(side)
        .filter_map(|(c, n)| Some(f64::from(n) * face_value(g, c.face(side)?, side)))
        .sum();
    let sets: f64 = g
        .support_sets(side)
        .map(|(c, n)| set_value(g, c, n, side))
        .sum();
    hand + sets
}

/// The cost, in VP-equivalents, of spending a card: what holding it was worth, which a
/// play must beat.
fn spend(g: &GameState, card: CardId, side: Side) -> f64 {
    card_value(g, card, side)
}

/// The VP `side` expects from the test waiting in its response window, with `extra` dice
/// added to [the attacking roll, the defending roll], from the exact odds: the attacker's
/// side gains its kill VP times the kill chance, the defender's side (in a Fight met with
/// Fight) its own; in a test a model takes against a card, the Bug or the cows, its side
/// loses what it is worth times its chance to die (a Rattle or an activation from a
/// single-die check counts as in [`area_value`]). Returns the expectation for `side` (gains
/// minus losses).
fn test_value(g: &GameState, side: Side, extra: [i8; 2]) -> Option<f64> {
    let t = g.test()?;
    let dice = |base: u8, m: i8| (i16::from(base) + i16::from(m)).clamp(0, 255) as u8;
    let (mods_a, mods_d) = (t.mods[0] + extra[0], t.mods[1] + extra[1]);
    // A test one model takes against an attack that is not a model's: what its side
    // loses by it.
    let against = |model: ModelId, loss: f64| -> f64 {
        if g.model(model).side == side {
            -loss
        } else {
            loss
        }
    };
    match t.kind {
        TestKind::Area { model, hit, .. } => {
            let p = g.profile(model);
            let loss = match hit {
                Hit::Shoot { dice: d, value } => {
                    let armour = u8::from(p.has(Ability::Armoured));
                    table::shoot_kill(d, value, dice(3, mods_d), p.survive, armour)
                        * worth(g, model, false)
                }
                Hit::Survive(failed) => {
                    let fail = crate::rules::odds::successes(dice(1, mods_d), p.survive)[0];
                    let m = g.model(model);
                    fail * match failed {
                        Failed::Rattled if !m.rattled => 0.3,
                        Failed::Activated if !m.activated => 0.25,
                        _ => 0.0,
                    }
                }
            };
            Some(against(model, loss))
        }
        TestKind::Bug { model, .. } | TestKind::Trample { model, .. } => {
            let defence = match t.kind {
                TestKind::Bug { defence, .. } => defence,
                _ => Defence::Survive,
            };
            let (bug, d, v) =
                g.deck()
                    .cards
                    .iter()
                    .find_map(|c| match (t.kind, c.event.as_ref()?.effect) {
                        (TestKind::Bug { .. }, Effect::Bug { dice, value, .. }) => {
                            Some((true, dice, value))
                        }
                        (TestKind::Trample { .. }, Effect::BurningCows { dice, value, .. }) => {
                            Some((false, dice, value))
                        }
                        _ => None,
                    })?;
            let p = g.profile(model);
            let fights = bug && defence == Defence::Fight;
            let value = if fights { p.fight } else { p.survive };
            let (kills, _) = table::fight(d, v, dice(g.fight_dice(model), mods_d), value, fights);
            Some(against(model, kills * worth(g, model, true)))
        }
        TestKind::Fight {
            attacker,
            defender: Some(defender),
            defence,
        } => {
            let a_side = g.model(attacker).side;
            let ap = g.profile(attacker);
            let dp = g.profile(defender);
            let a = dice(g.fight_dice(attacker), mods_a);
            let d = dice(g.fight_dice(defender), mods_d);
            let fights = defence == Defence::Fight;
            let value = if fights { dp.fight } else { dp.survive };
            let (wa, wd) = table::fight(a, ap.fight, d, value, fights);
            let gain_a = wa * worth(g, defender, true);
            let gain_d = if fights {
                wd * worth(g, attacker, true)
            } else {
                0.0
            };
            Some(if side == a_side {
                gain_a - gain_d
            } else {
                gain_d - gain_a
            })
        }
        TestKind::Shoot {
            shooter,
            target: Some(target),
            los,
            aimed,
        } => {
            let a_side = g.model(shooter).side;
            let ap = g.profile(shooter);
            let dp = g.profile(target);
            let base = if los == Los::Clear { 4 } else { 3 } + u8::from(aimed);
            let armour = u8::from(dp.has(Ability::Armoured));
            let p = table::shoot_kill(
                dice(base, mods_a),
                ap.shoot,
                dice(3, mods_d),
                dp.survive,
                armour,
            );
            let gain = p * worth(g, target, false);
            Some(if side == a_side { gain } else { -gain })
        }
        TestKind::Shoot { target: None, .. } | TestKind::Fight { defender: None, .. } => None,
    }
}

/// How much playing `card` in `side`'s response window changes the VP `side` expects from
/// the waiting test (exact odds before and after the dice the card adds).
pub fn response_gain(g: &GameState, side: Side, card: CardId) -> Option<f64> {
    let Effect::TestDice { whose, dice, .. } = face(g, card, side)?.effect else {
        return None;
    };
    let t = g.test()?;
    // The roll the card changes: the own model's in the test, or the enemy model's.
    let idx = t
        .rolls()
        .iter()
        .position(|r| r.is_some_and(|(m, _)| (g.model(m).side == side) == (whose == Whose::Own)))?;
    let mut extra = [0; 2];
    extra[idx] = dice;
    Some(test_value(g, side, extra)? - test_value(g, side, [0, 0])?)
}

/// The VP-equivalents `side` expects from an area attack `hit` on the squares `area`:
/// each enemy model's chance of being killed (exact Shoot odds, R15) times the kill's VP,
/// minus the same for the side's own models caught in it; a Survive attack counts 0.3 for
/// each Rattled enemy and 0.25 for each enemy marked activated before it acted, from the
/// chance `(survive - 1) / 8` that one die fails.
fn area_value(g: &GameState, side: Side, hit: Hit, squares: u64) -> f64 {
    let mut v = 0.0;
    for (i, m) in g.models().iter().enumerate() {
        let Loc::Board(sq) = m.loc else { continue };
        if squares & sq.bit() == 0 {
            continue;
        }
        let p = &g.scenario().profiles[usize::from(m.profile)];
        let mine = m.side == side;
        let x = match hit {
            Hit::Shoot { dice, value } => {
                let kill = table::shoot_kill(
                    dice,
                    value,
                    3,
                    p.survive,
                    u8::from(p.has(Ability::Armoured)),
                );
                // What the model is worth to whoever kills it (its own value, R18); an own
                // model lost costs half a VP more.
                let vp = worth(g, ModelId(i as u8), false);
                kill * if mine { vp + 0.5 } else { vp }
            }
            Hit::Survive(outcome) => {
                let fail = f64::from(p.survive.clamp(1, 9) - 1) / 8.0;
                let worth = match outcome {
                    Failed::Rattled if !m.rattled => 0.3,
                    Failed::Activated if !m.activated => 0.25,
                    _ => 0.0,
                };
                fail * worth
            }
        };
        v += if mine { -x } else { x };
    }
    v
}

/// The VP-equivalents `side` expects from calling a Support effect at `spot`: exact at a
/// chosen square, the mean over the eight squares a D8 may pick along a chosen row or
/// column, and 0 for a random aim (no better than chance).
pub fn call_value(g: &GameState, side: Side, effect: Effect, spot: Spot) -> f64 {
    let Effect::Area { hit, area } = effect else {
        return 0.0;
    };
    let dir = match spot {
        Spot::RowDir(_, e) | Spot::ColumnDir(_, e) | Spot::SquareDir(_, e) => Some(e.dir()),
        _ => None,
    };
    let along = |sq: &dyn Fn(i8) -> Option<Square>| -> f64 {
        (0..8)
            .filter_map(sq)
            .map(|s| area_value(g, side, hit, area_squares(area, s, dir)))
            .sum::<f64>()
            / 8.0
    };
    match spot {
        Spot::Square(s) | Spot::SquareDir(s, _) => {
            area_value(g, side, hit, area_squares(area, s, dir))
        }
        Spot::Row(r) | Spot::RowDir(r, _) => along(&|c| Square::new(c, r as i8)),
        Spot::Column(c) | Spot::ColumnDir(c, _) => along(&|r| Square::new(c as i8, r)),
        Spot::None => 0.0,
    }
}

/// The card actions' scores for [`action_score`] (same scale: `0.5 + 2 x` the expected VP
/// gained, spending a card counted as losing what holding it was worth).
fn card_action_score(g: &GameState, action: Action) -> Option<f64> {
    let side = g.to_move()?;
    let scaled = |gain: f64| (0.5 + 2.0 * gain).max(0.05);
    Some(match action {
        Action::Respond(None) | Action::Keep => 0.5,
        Action::Respond(Some(card)) => match g.phase() {
            // Lucky Escape: the model lives and the enemy scores nothing for it.
            Phase::Escape(id) => {
                let (s, f) = (worth(g, id, false), worth(g, id, true));
                scaled(0.5 * (s + f) + 0.5 - spend(g, card.half, side))
            }
            _ => scaled(response_gain(g, side, card.half)? - spend(g, card.half, side)),
        },
        Action::Discard(card) => {
            // A card with no use for the side is worth drawing again (R22).
            let v = card_value(g, card.half, side);
            if v == 0.0 { 1.2 } else { scaled(0.1 - v) }
        }
        Action::Lay(card) => {
            let card = card.half;
            let n = g.set_level(side, card);
            scaled(
                set_value(g, card, n + 1, side)
                    - set_value(g, card, n, side)
                    - spend(g, card, side)
                    + 0.05,
            )
        }
        Action::Call(card, spot) => {
            let n = g.set_level(side, card);
            let f = face(g, card, side)?;
            scaled(call_value(g, side, f.effect, spot) - 0.5 * set_value(g, card, n, side))
        }
        Action::Play(card, target) => {
            let card = card.half;
            let f = face(g, card, side)?;
            let cost = spend(g, card, side);
            match (f.effect, target) {
                (Effect::MoveOne, Target::ModelTo(m, to)) => {
                    if g.count(side.other(), to) > 0 {
                        match best_fight_in(g, m, to, true) {
                            Some((_, gain, loss)) => scaled(gain - loss - cost),
                            None => scaled(-cost),
                        }
                    } else {
                        let map = g.map();
                        let targets = goals(g, side);
                        let before = g
                            .model(m)
                            .square()
                            .and_then(|s| distance_to(map, s, targets));
                        let after = distance_to(map, to, targets);
                        let progress = match (before, after) {
                            (Some(b), Some(a)) => f64::from(b) - f64::from(a),
                            _ => 0.0,
                        };
                        scaled(0.1 * progress.clamp(-1.0, 1.0) - cost)
                    }
                }
                (Effect::Distract { .. }, Target::Model(a)) => scaled(distract_gain(g, a) - cost),
                (Effect::Distract { .. }, Target::Models(a, b)) => {
                    scaled(distract_gain(g, a) + distract_gain(g, b) - cost)
                }
                // A model back in play, and its Shoot or step.
                (Effect::Reinforce, _) => scaled(0.8 - cost),
                (Effect::Jam, Target::Set(set)) => {
                    let enemy = side.other();
                    let n = g.set_level(enemy, set);
                    let loss =
                        set_value(g, set, n, enemy) - set_value(g, set, n.saturating_sub(1), enemy);
                    scaled(loss - cost)
                }
                (Effect::MindControl, Target::SetAt(set, spot)) => {
                    let enemy = side.other();
                    let n = g.set_level(enemy, set);
                    let effect = face(g, set, enemy)?.effect;
                    // The set is used against the enemy and then discarded.
                    scaled(call_value(g, side, effect, spot) + set_value(g, set, n, enemy) - cost)
                }
                _ => return None,
            }
        }
        Action::Pick(target) => {
            // The Bug attacks the model picked: an enemy rather than an own one.
            if g.model(target).side == side {
                0.2
            } else {
                1.0
            }
        }
        _ => return None,
    })
}

/// What marking enemy model `id` activated is worth: the best shot it would have had
/// (Aiming), if it has not acted yet.
fn distract_gain(g: &GameState, id: ModelId) -> f64 {
    let m = g.model(id);
    if m.activated {
        return 0.0;
    }
    let Some(sq) = m.square() else { return 0.0 };
    let (typical, _) = kill_vp(g, m.side);
    0.7 * best_shot_from(g, id, sq, !m.rattled)
        .map_or(0.1 * typical, |(t, p)| worth(g, t, false) * p.max(0.1))
}

/// What the acting model (if any) may still do, from the phase.
#[derive(Clone, Copy, Debug)]
struct Acting {
    model: ModelId,
    aimed: bool,
    /// May still Shoot after a step.
    may_shoot_after_step: bool,
}

fn acting(g: &GameState) -> Option<Acting> {
    match g.phase() {
        Phase::Acting(a) => Some(Acting {
            model: a.model,
            aimed: a.aimed,
            may_shoot_after_step: !a.shot && !a.stood && a.steps == 0,
        }),
        _ => None,
    }
}

/// A quick preference for `action` in `g`, roughly `0.5 + 2 x` the expected VP it gains:
/// shots by their exact kill odds, Aim by the extra die, Fights and Fight-or-Survive by
/// their exact odds, steps by progress towards the model's goals (enemies and counters) and
/// the shot they open, activations by the best shot the model has. Always positive.
///
/// Cards: a response on a test by the change it makes to the test's exact odds, Lucky
/// Escape by the kill it cancels, a Support call by the exact odds of its area attack on
/// the models there (averaged over the D8 when the level aims along a line), Move-one by
/// the Fight or the step it makes, Distract by the shot it denies, Jam and Mind Control by
/// the set they take away or use; each less what holding the card was worth
/// ([`card_value`]). At the refill a card of no use to the side is discarded.
pub fn action_score(g: &GameState, action: Action) -> f64 {
    action_score_with(g, action, true)
}

/// [`action_score`], with the card actions scored by their effects when `cards` is set,
/// or all a neutral 0.5 (as before the deck) when not.
pub fn action_score_with(g: &GameState, action: Action, cards: bool) -> f64 {
    match action {
        Action::Shoot(target) => {
            let Some(a) = acting(g) else { return 0.5 };
            0.55 + 2.0 * worth(g, target, false) * shot_kill(g, a.model, target, a.aimed)
        }
        Action::Aim => {
            let Some(a) = acting(g) else { return 0.5 };
            let Some(sq) = g.model(a.model).square() else {
                return 0.5;
            };
            let vp_p =
                best_shot_from(g, a.model, sq, true).map_or(0.0, |(t, p)| worth(g, t, false) * p);
            0.5 + 2.0 * vp_p
        }
        Action::Move(to) => {
            let Some(a) = acting(g) else { return 0.5 };
            let m = g.model(a.model);
            let side = m.side;
            if g.count(side.other(), to) > 0 {
                // A charge: the Fight's expected VP swing.
                return match best_fight_in(g, a.model, to, true) {
                    Some((_, gain, loss)) => (0.5 + 2.0 * (gain - loss)).max(0.05),
                    None => 0.5,
                };
            }
            let map = g.map();
            let targets = goals(g, side);
            let before = match m.square() {
                Some(sq) => distance_to(map, sq, targets),
                None => distance_to(map, to, targets).map(|d| d + 1),
            };
            let after = distance_to(map, to, targets);
            let progress = match (before, after) {
                (Some(b), Some(a)) => f64::from(b) - f64::from(a),
                _ => 0.0,
            };
            let mut s = 0.5 + 0.25 * progress.clamp(-1.0, 1.0);
            // A step towards a scoring exit edge, by what leaving is worth (R6).
            let exits = scoring_exit(g.scenario(), side);
            if exits != 0 {
                let from = m.square().and_then(|sq| distance_to(map, sq, exits));
                let exit_vp = f64::from(g.scenario().exit_vp(a.model.index()));
                if let (Some(b), Some(a)) = (from, distance_to(map, to, exits)) {
                    s += 0.2 * exit_vp * (f64::from(b) - f64::from(a)).clamp(-1.0, 1.0);
                }
            }
            if a.may_shoot_after_step
                && let Some((t, p)) = best_shot_from(g, a.model, to, false)
            {
                s += 1.8 * worth(g, t, false) * p;
            }
            s.max(0.05)
        }
        Action::Exit(_) => {
            // Leaving scores the model's exit VP at once (R6).
            let Some(a) = acting(g) else { return 0.5 };
            0.5 + 2.0 * f64::from(g.scenario().exit_vp(a.model.index()))
        }
        Action::Done => 0.35,
        Action::EndTurn => 0.2,
        Action::Activate(id) => {
            let m = g.model(id);
            let Some(sq) = m.square() else { return 0.6 };
            if g.count(m.side.other(), sq) > 0 {
                return match best_fight_in(g, id, sq, false) {
                    Some((_, gain, loss)) => (0.5 + 2.0 * (gain - loss)).max(0.1),
                    None => 0.5,
                };
            }
            let vp_p =
                best_shot_from(g, id, sq, !m.rattled).map_or(0.0, |(t, p)| worth(g, t, false) * p);
            // A model at its scoring exit edge can leave at once (R6).
            let leave = if scoring_exit(g.scenario(), m.side) & sq.bit() != 0 {
                f64::from(g.scenario().exit_vp(id.index()))
            } else {
                0.0
            };
            0.5 + 2.0 * vp_p.max(leave)
        }
        Action::Fight(target) | Action::Defender(target) => {
            let (attacker, charge) = match g.phase() {
                Phase::FightTarget { attacker, charge } => (attacker, charge),
                _ => return 0.5,
            };
            let Some(sq) = g.model(attacker).square() else {
                return 0.5;
            };
            let (gain, loss, _) = fight_value(g, attacker, target, sq, charge);
            let s = 0.5 + 2.0 * (gain - loss);
            if matches!(action, Action::Defender(_)) {
                // The defending side picks: it wants the attacker's gain small.
                (1.0 - s).max(0.05)
            } else {
                s.max(0.05)
            }
        }
        Action::Defend(choice) => {
            let Phase::Defence {
                attacker,
                defender,
                charge,
            } = g.phase()
            else {
                return 0.5;
            };
            let Some(sq) = g.model(defender).square() else {
                return 0.5;
            };
            let (_, _, best) = fight_value(g, attacker, defender, sq, charge);
            if choice == best { 1.5 } else { 0.3 }
        }
        Action::Deploy(sq) => {
            let Some(side) = g.to_move() else { return 0.5 };
            let d = distance_to(g.map(), sq, g.hidden_counters()).map_or(4.0, f64::from);
            (0.8 - 0.05 * d - 0.1 * f64::from(g.count(side, sq))).max(0.05)
        }
        Action::Stand => 1.0,
        _ if cards => card_action_score(g, action).unwrap_or(0.5),
        _ => 0.5,
    }
}
