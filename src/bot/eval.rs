//! The skirmish heuristics shared by the searches and the scripted player: a static
//! evaluation of a position, and a quick score of each legal action that serves as the
//! tree's prior, the rollout policy and the greedy player's preference.
//!
//! Everything here reads only what both players see (the board, VP, counters and the pool
//! of unrevealed counter identities), so it is fair to call on the true state.
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
//! * **counters**: for every face-down counter, the chance it is of the side's kind (from
//!   the public pool of unrevealed identities, R24), and every face-up counter of its kind,
//!   times its VP (the first claimed scores nothing but unlocks the rest), discounted by
//!   the walking distance of the side's nearest model;
//! * **approach**: a small pull towards the enemy for models with nothing in range.
//!
//! The value for the Humans is a logistic function of the score difference.

use crate::rules::action::{Action, Defence, ModelId};
use crate::rules::profile::Ability;
use crate::rules::scenario::{MAX_MODELS, Scenario};
use crate::rules::square::{Side, Square, squares_of};
use crate::rules::state::{CounterKind, GameState, Loc, Phase, within_range};
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
        }
    }
}

/// The VP a kill by Shoot and in a Fight earns `side` (R18).
#[inline]
fn kill_vp(g: &GameState, side: Side) -> (f64, f64) {
    let vp = g.scenario().sides[side].vp;
    (f64::from(vp.shoot_kill), f64::from(vp.fight_kill))
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
    let a_side = g.model(attacker).side;
    let d = g.model(defender);
    let ap = g.profile(attacker);
    let dp = g.profile(defender);
    let a_dice = dice_in(g, attacker, sq, charge || g.model(attacker).moved_in);
    let d_dice = dice_in(g, defender, sq, d.moved_in);
    let (_, a_vp) = kill_vp(g, a_side);
    let (_, d_vp) = kill_vp(g, a_side.other());
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

/// Squares of the goals of `side`'s models: enemy models, face-down counters and face-up
/// counters of its own kind.
#[inline]
pub fn goals(g: &GameState, side: Side) -> u64 {
    g.occupied(side.other()) | g.hidden_counters() | g.face_up_counters(own_kind(side))
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

/// The squares a model of `side` waiting off the board would come on at (R6).
fn entry_squares(scenario: &Scenario, side: Side) -> u64 {
    scenario.sides[side]
        .entry
        .map_or(0, |e| e.edge.board_squares())
}

/// The value of `g` for the Humans, in `(0, 1)`.
pub fn evaluate(g: &GameState, w: &Weights) -> f64 {
    let s = side_score(g, Side::Humans, w) - side_score(g, Side::Martians, w);
    1.0 / (1.0 + (-w.slope * s).exp())
}

/// One side's score in VP-equivalents (see the module documentation).
pub fn side_score(g: &GameState, side: Side, w: &Weights) -> f64 {
    let map = g.map();
    let scenario = g.scenario();
    let enemy = side.other();
    let (shoot_vp, _) = kill_vp(g, side);
    let mut score = f64::from(g.vp(side));

    // Material, and the squares the side's models act from.
    let (mut total, mut alive) = (0u32, 0u32);
    let mut sources = 0u64;
    let mut waiting = false;
    for m in g.models().iter().filter(|m| m.side == side) {
        total += 1;
        match m.loc {
            Loc::Board(sq) => {
                alive += 1;
                sources |= sq.bit();
            }
            Loc::Waiting => {
                alive += 1;
                waiting = true;
            }
            Loc::Undeployed => alive += 1,
            _ => {}
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
    let kills: f64 = survive.iter().map(|s| 1.0 - s).sum();
    score += kills * shoot_vp + fight_gain + approach;

    // Counters.
    let vp = scenario.sides[side].vp;
    if vp.counter > 0 {
        let per = f64::from(vp.counter)
            * if g.claimed(side) >= vp.counters_free {
                1.0
            } else {
                0.5
            };
        let (critters, secrets) = g.counter_pool();
        let pool_total = f64::from(critters) + f64::from(secrets);
        let mine = match side {
            Side::Martians => f64::from(critters),
            Side::Humans => f64::from(secrets),
        };
        let p_hidden = if pool_total > 0.0 {
            mine / pool_total
        } else {
            0.0
        };
        let entry = if waiting {
            entry_squares(scenario, side)
        } else {
            0
        };
        let near = |t: Square| -> Option<i32> {
            let on_board = distance_to(map, t, sources).map(i32::from);
            let from_entry = distance_to(map, t, entry).map(|d| i32::from(d) + 1);
            match (on_board, from_entry) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        };
        let mut counters = 0.0;
        for t in squares_of(g.hidden_counters()) {
            if let Some(d) = near(t) {
                counters += p_hidden * w.counter_decay.powi(d);
            }
        }
        for t in squares_of(g.face_up_counters(own_kind(side))) {
            if let Some(d) = near(t) {
                counters += w.counter_decay.powi(d);
            }
        }
        score += per * counters;
    }
    score
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
pub fn action_score(g: &GameState, action: Action) -> f64 {
    match action {
        Action::Shoot(target) => {
            let Some(a) = acting(g) else { return 0.5 };
            let side = g.model(a.model).side;
            let (vp, _) = kill_vp(g, side);
            0.55 + 2.0 * vp * shot_kill(g, a.model, target, a.aimed)
        }
        Action::Aim => {
            let Some(a) = acting(g) else { return 0.5 };
            let Some(sq) = g.model(a.model).square() else {
                return 0.5;
            };
            let side = g.model(a.model).side;
            let (vp, _) = kill_vp(g, side);
            let p = best_shot_from(g, a.model, sq, true).map_or(0.0, |b| b.1);
            0.5 + 2.0 * vp * p
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
            if a.may_shoot_after_step
                && let Some((_, p)) = best_shot_from(g, a.model, to, false)
            {
                let (vp, _) = kill_vp(g, side);
                s += 1.8 * vp * p;
            }
            s.max(0.05)
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
            let (vp, _) = kill_vp(g, m.side);
            let p = best_shot_from(g, id, sq, !m.rattled).map_or(0.0, |b| b.1);
            0.5 + 2.0 * vp * p
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
        _ => 0.5,
    }
}
