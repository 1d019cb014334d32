//! The exact odds of the shots and Fights a model has from a square (R8-R16), and where
//! its goals are: enemies, counters, exits and zones to hold.

use crate::bot::eval::worth::{exit_worth, worth};
use crate::bot::table;
use rules::action::{Defence, ModelId};
use rules::profile::Ability;
use rules::scenario::Scenario;
use rules::square::{Side, Square};
use rules::state::{CounterKind, GameState, Loc};
use rules::{Bitboard, Los, Map};

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

/// The best Shoot target of `shooter` from `from`, with its kill probability.
pub fn best_shot_from(
    g: &GameState,
    shooter: ModelId,
    from: Square,
    aimed: bool,
) -> Option<(ModelId, f64)> {
    let squares = g.shot_squares(shooter, from);
    if squares.is_empty() {
        return None;
    }
    let enemy = g.model(shooter).side.other();
    let mut best: Option<(ModelId, f64)> = None;
    for (i, m) in g.models().iter().enumerate() {
        if m.side == enemy
            && let Loc::Board(sq) = m.loc
            && squares.contains(sq)
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
pub(super) fn dice_in(g: &GameState, id: ModelId, sq: Square, moved_in: bool) -> u8 {
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
pub(super) fn best_fight_in(
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
pub(super) fn hero(g: &GameState, profile: u8) -> bool {
    g.scenario().profiles[usize::from(profile)].has(Ability::Hero)
}

/// Squares of the goals of `side`'s models: enemy models, face-down counters, face-up
/// counters of its own kind and neutral objectives, the squares along its exit edge when
/// leaving scores, and the zones it holds for VP or to win.
#[inline]
pub fn goals(g: &GameState, side: Side) -> Bitboard {
    g.occupied(side.other())
        | g.hidden_counters()
        | g.face_up_counters(own_kind(side))
        | g.face_up_counters(CounterKind::Objective)
        | scoring_exit(g.scenario(), side)
        | hold_squares(g, side)
}

/// The goals of model `id` ([`goals`] of its side): the exit edge only when its leaving is
/// worth something (not for a model held on the board, P30), and no enemies to walk into
/// for a key model whose death would lose the game (P28).
#[inline]
pub fn model_goals(g: &GameState, id: ModelId) -> Bitboard {
    let sc = g.scenario();
    let side = g.model(id).side;
    let all = goals(g, side);
    let setup = &sc.models[id.index()];
    if setup.may_exit && !setup.ends_game.is_key() {
        return all;
    }
    let exits = scoring_exit(sc, side);
    let mut own = all.difference(exits);
    if exit_worth(g, id.index()) > 0.0 {
        own |= exits;
    }
    if setup.ends_game.dies.is_some_and(|w| w != side) {
        own = own.difference(g.occupied(side.other()));
    }
    own
}

/// The squares of the zones `side` scores for holding or wins by holding, whose Rounds
/// are not over (P31): a zone that counted `until` an earlier Round is no goal.
#[inline]
pub fn hold_squares(g: &GameState, side: Side) -> Bitboard {
    let round = g.round();
    g.scenario().sides[side]
        .hold
        .iter()
        .filter(|h| (h.vp > 0 || h.win_after.is_some()) && h.until.is_none_or(|u| round <= u))
        .fold(Bitboard::EMPTY, |acc, h| acc | h.zone)
}

/// The board squares along `side`'s exit edge, when leaving by it scores VP or wins for
/// some model that may leave (R6, P28, P30); else none.
#[inline]
pub fn scoring_exit(scenario: &Scenario, side: Side) -> Bitboard {
    // On the playouts' path (every step's score): most scenarios have no exit, and most
    // that have one score it side-wide; only then are the models' own values looked at.
    let Some(edge) = scenario.sides[side].exit else {
        return Bitboard::EMPTY;
    };
    let side_wide = scenario.sides[side].vp.exit > 0;
    let scores = scenario.models.iter().enumerate().any(|(i, m)| {
        m.side == side
            && m.may_exit
            && (side_wide || scenario.exit_vp(i) > 0 || m.ends_game.exits == Some(side))
    });
    if scores {
        edge.board_squares()
    } else {
        Bitboard::EMPTY
    }
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
pub fn distance_to(map: &Map, from: Square, targets: Bitboard) -> Option<u8> {
    targets.iter().filter_map(|t| map.distance(from, t)).min()
}

/// How much the enemy's shots count before the model acts again: in full from the enemy
/// models still to act this Round, at half from those that have acted (they shoot next
/// Round, perhaps after it has moved on).
const LATER_SHOTS: f64 = 0.5;

/// The VP the enemy expects from shooting model `id` were it standing on `sq` (its other
/// models where they are): each enemy model on the board that could shoot `sq` (range,
/// sight, not from or into a square holding both sides, R8-R12) takes its best-odds shot
/// (Aiming if it has not acted, R15), the chances combined as independent events, times
/// what `id` is worth to them ([`worth`]).
pub fn exposure(g: &GameState, id: ModelId, sq: Square) -> f64 {
    let m = g.model(id);
    let side = m.side;
    let enemy = side.other();
    // Enemies do not shoot into a square that holds both sides, nor from one.
    if g.count(enemy, sq) > 0 {
        return 0.0;
    }
    let map = g.map();
    let tp = g.profile(id);
    let armour = u8::from(tp.has(Ability::Armoured));
    let mut lives = 1.0;
    for e in g.models() {
        if e.side != enemy {
            continue;
        }
        let Loc::Board(from) = e.loc else { continue };
        if from == sq || g.count(side, from) > 0 {
            continue;
        }
        let ep = &g.scenario().profiles[usize::from(e.profile)];
        if from.range(sq) > ep.range || !map.seen_from(from).contains(sq) {
            continue;
        }
        let dice = 3 + u8::from(map.clear_from(from).contains(sq)) + u8::from(!e.activated);
        let p = table::shoot_kill(dice, ep.shoot, 3, tp.survive, armour);
        let weight = if e.activated { LATER_SHOTS } else { 1.0 };
        let p = if e.rattled { 0.8 * p } else { p };
        lives *= 1.0 - weight * p;
    }
    (1.0 - lives) * worth(g, id, false)
}
