//! What cards are worth to the side that holds them, and what playing one gains: a test
//! card by the exact odds it changes, a Support call by the odds of its area attack.

use crate::bot::eval::tactics::{
    best_fight_in, best_shot_from, distance_to, model_goals, scoring_exit,
};
use crate::bot::eval::worth::{exit_worth, kill_vp, vp_unit, worth};
use crate::bot::table;
use rules::Los;
use rules::action::{Action, Defence, ModelId, Spot, Target};
use rules::bitboard::Bitboard;
use rules::cards::{CardId, Effect, Failed, Hit, Kind, Whose};
use rules::profile::Ability;
use rules::square::{Side, Square};
use rules::state::{GameState, Loc, Phase, TestKind, area_squares};

/// The half `card` as `side` uses it, if it is one of `side`'s halves.
#[inline]
pub(super) fn face(g: &GameState, card: CardId, side: Side) -> Option<&rules::cards::Face> {
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
///
/// The figures are for a scenario whose kills are worth 1 VP; they scale with its
/// [`vp_unit`].
pub fn card_value(g: &GameState, card: CardId, side: Side) -> f64 {
    face(g, card, side).map_or(0.0, |f| face_value(g, f, side) * vp_unit(g, side))
}

/// [`card_value`] of a half already looked up, in units of [`vp_unit`].
pub(super) fn face_value(g: &GameState, f: &rules::cards::Face, side: Side) -> f64 {
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
    use rules::cards::Aim;
    let Some(f) = face(g, card, side) else {
        return 0.0;
    };
    let aimed = match f.aim(n) {
        Aim::Nothing => 0.0,
        Aim::Square | Aim::SquareDirection => 0.7,
        _ => 0.4,
    };
    (0.25 * f64::from(n) + aimed) * vp_unit(g, side)
}

/// Hand and Support sets of `side`, in VP-equivalents.
pub(super) fn cards_score(g: &GameState, side: Side) -> f64 {
    let hand: f64 = g
        .hand(side)
        .filter_map(|(c, n)| Some(f64::from(n) * face_value(g, c.face(side)?, side)))
        .sum::<f64>()
        * vp_unit(g, side);
    let sets: f64 = g
        .support_sets(side)
        .map(|(c, n)| set_value(g, c, n, side))
        .sum();
    hand + sets
}

/// The cost, in VP-equivalents, of spending a card: what holding it was worth, which a
/// play must beat.
pub(super) fn spend(g: &GameState, card: CardId, side: Side) -> f64 {
    card_value(g, card, side)
}

/// The VP `side` expects from the test waiting in its response window, with `extra` dice
/// added to [the attacking roll, the defending roll], from the exact odds: the attacker's
/// side gains its kill VP times the kill chance, the defender's side (in a Fight met with
/// Fight) its own; in a test a model takes against a card, the Bug or the cows, its side
/// loses what it is worth times its chance to die (a Rattle or an activation from a
/// single-die check counts as in [`area_value`]). Returns the expectation for `side` (gains
/// minus losses).
pub(super) fn test_value(g: &GameState, side: Side, extra: [i8; 2]) -> Option<f64> {
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
                    let fail = rules::odds::successes(dice(1, mods_d), p.survive)[0];
                    let m = g.model(model);
                    fail * vp_unit(g, side)
                        * match failed {
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
pub(super) fn area_value(g: &GameState, side: Side, hit: Hit, squares: Bitboard) -> f64 {
    let unit = vp_unit(g, side);
    let mut v = 0.0;
    for (i, m) in g.models().iter().enumerate() {
        let Loc::Board(sq) = m.loc else { continue };
        if !squares.contains(sq) {
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
                kill * if mine { vp + 0.5 * unit } else { vp }
            }
            Hit::Survive(outcome) => {
                let fail = f64::from(p.survive.clamp(1, 9) - 1) / 8.0;
                let worth = match outcome {
                    Failed::Rattled if !m.rattled => 0.3,
                    Failed::Activated if !m.activated => 0.25,
                    _ => 0.0,
                };
                fail * worth * unit
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
/// gained, spending a card counted as losing what holding it was worth). Gains are scored
/// in `unit`, the side to move's VP unit (a kill's worth, [`vp_unit`]), which the caller
/// has worked out once for the state.
pub(super) fn card_action_score(g: &GameState, action: Action, unit: f64) -> Option<f64> {
    let side = g.to_move()?;
    let scaled = |gain: f64| (0.5 + 2.0 * gain / unit).max(0.05);
    Some(match action {
        Action::Respond(None) | Action::Keep => 0.5,
        Action::Respond(Some(card)) => match g.phase() {
            // Lucky Escape: the model lives and the enemy scores nothing for it.
            Phase::Escape(id) => {
                let (s, f) = (worth(g, id, false), worth(g, id, true));
                scaled(0.5 * (s + f) + 0.5 * unit - spend(g, card.half, side))
            }
            _ => scaled(response_gain(g, side, card.half)? - spend(g, card.half, side)),
        },
        Action::Discard(card) => {
            // A card with no use for the side is worth drawing again (R22).
            let v = card_value(g, card.half, side);
            if v == 0.0 {
                1.2
            } else {
                scaled(0.1 * unit - v)
            }
        }
        Action::Lay(card) => {
            let card = card.half;
            let n = g.set_level(side, card);
            scaled(
                set_value(g, card, n + 1, side)
                    - set_value(g, card, n, side)
                    - spend(g, card, side)
                    + 0.05 * unit,
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
                        scaled(free_step_gain(g, m, to, unit) - cost)
                    }
                }
                (Effect::Distract { .. }, Target::Model(a)) => scaled(distract_gain(g, a) - cost),
                (Effect::Distract { .. }, Target::Models(a, b)) => {
                    scaled(distract_gain(g, a) + distract_gain(g, b) - cost)
                }
                // A model back in play, and its Shoot or step.
                (Effect::Reinforce, _) => scaled(0.8 * unit - cost),
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

/// What a step of model `m` to `to` out of its action (a Move-one card) gains its side, in
/// VP: a tenth of a kill a square of progress towards its goals, and what leaving is worth
/// (its exit VP, or a win for a key model whose leaving wins, R6, P28) when the step lets
/// it leave this Turn: played at the start of the Turn on a model yet to act, whose Move
/// (2 squares, or 1 after Standing Up) then takes it off the board where it could not
/// before. Spending the card earlier only to walk a square nearer would waste the step
/// that, held, opens the edge at the end.
fn free_step_gain(g: &GameState, m: ModelId, to: Square, unit: f64) -> f64 {
    let map = g.map();
    let model = g.model(m);
    let Some(from) = model.square() else {
        return 0.0;
    };
    let goals = model_goals(g, m);
    let progress = match (distance_to(map, from, goals), distance_to(map, to, goals)) {
        (Some(b), Some(a)) => f64::from(b) - f64::from(a),
        _ => 0.0,
    };
    let gain = 0.1 * unit * progress.clamp(-1.0, 1.0);
    if !matches!(g.phase(), Phase::TurnStart) || model.activated {
        return gain;
    }
    let exits = scoring_exit(g.scenario(), model.side);
    // Leaving takes the squares to the edge and one more (R6): a Move of `reach` squares
    // leaves from `reach - 1` squares out.
    let reach = if model.rattled { 1 } else { 2 };
    match (distance_to(map, from, exits), distance_to(map, to, exits)) {
        (Some(before), Some(after)) if after < reach && before >= reach => {
            gain + exit_worth(g, m.index())
        }
        _ => gain,
    }
}

/// What marking enemy model `id` activated is worth: the best shot it would have had
/// (Aiming), if it has not acted yet.
pub(super) fn distract_gain(g: &GameState, id: ModelId) -> f64 {
    let m = g.model(id);
    if m.activated {
        return 0.0;
    }
    let Some(sq) = m.square() else { return 0.0 };
    let (typical, _) = kill_vp(g, m.side);
    0.7 * best_shot_from(g, id, sq, !m.rattled)
        .map_or(0.1 * typical, |(t, p)| worth(g, t, false) * p.max(0.1))
}
