//! The exact odds of a test as the rules would roll it (R14-R16, R20, R28, R30, P20, P21):
//! the dice each side rolls (a Shoot's 3 or 4 dice and the Aim's, the target's 3 Survive
//! dice and its armour, the Fight dice of each model where it stands, an area attack's
//! roll, the Bug's or the cows' attack, each plus what the cards played on the test added)
//! and [`odds`] over them. The table's tooltips and prompts, the bots' annotated actions
//! and `serve`'s odds all read them here, so the dice are counted in one place.
//!
//! Everything here reads only what both sides see: the board, the profiles, the test
//! waiting and the cards played on it.

use rand::SeedableRng;

use crate::action::{Action, Defence, ModelId};
use crate::cards::{Card, Effect, Hit};
use crate::map::Los;
use crate::odds::{self, FightOdds, ShootOdds};
use crate::profile::Ability;
use crate::state::{Event, EventSink, Phase, TestCtx, TestKind};
use crate::{GameRng, GameState, Square};

/// A throwaway generator for playing a card on a copy: whatever it rolls is discarded with
/// the copy.
fn scratch_rng() -> GameRng {
    GameRng::seed_from_u64(0x5EED)
}

/// The odds of a Shoot test (R15).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShootForecast {
    pub los: Los,
    pub range: u8,
    pub max_range: u8,
    pub dice: u8,
    pub shoot: u8,
    pub survive_dice: u8,
    pub survive: u8,
    pub armour: u8,
    pub odds: ShootOdds,
}

/// Dice a Shoot test rolls (R15): 3 when the target is seen, 4 for a clear shot, one
/// more for an Aim.
pub const fn shoot_dice(los: Los, aimed: bool) -> u8 {
    (if matches!(los, Los::Clear) { 4 } else { 3 }) + aimed as u8
}

/// The odds of `shooter` on `from` shooting `target` where it stands.
pub fn shoot_forecast(
    g: &GameState,
    shooter: ModelId,
    from: Square,
    target: ModelId,
    aimed: bool,
) -> Option<ShootForecast> {
    let to = g.model(target).square()?;
    let los = g.map().los(from, to);
    let sp = g.profile(shooter);
    let tp = g.profile(target);
    let dice = shoot_dice(los, aimed);
    let armour = u8::from(tp.has(Ability::Armoured));
    Some(ShootForecast {
        los,
        range: from.range(to),
        max_range: sp.range,
        dice,
        shoot: sp.shoot,
        survive_dice: 3,
        survive: tp.survive,
        armour,
        odds: odds::shoot(dice, sp.shoot, 3, tp.survive, armour),
    })
}

/// The odds of a Fight for both of the defender's choices (R16).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FightForecast {
    pub attacker: ModelId,
    pub defender: ModelId,
    pub attacker_dice: u8,
    pub attacker_value: u8,
    pub defender_dice: u8,
    pub defender_fight: u8,
    pub defender_survive: u8,
    /// The defender may only Survive (it is Rattled).
    pub survive_only: bool,
    pub if_fight: FightOdds,
    pub if_survive: FightOdds,
}

/// The odds of a Fight between `attacker` and `defender` as they stand in `g` (both in
/// the same square, the attacker having moved in or not).
pub fn fight_forecast(
    g: &GameState,
    attacker: ModelId,
    defender: ModelId,
) -> Option<FightForecast> {
    g.model(attacker).square()?;
    g.model(defender).square()?;
    let a_dice = g.fight_dice(attacker);
    let d_dice = g.fight_dice(defender);
    let ap = g.profile(attacker);
    let dp = g.profile(defender);
    Some(FightForecast {
        attacker,
        defender,
        attacker_dice: a_dice,
        attacker_value: ap.fight,
        defender_dice: d_dice,
        defender_fight: dp.fight,
        defender_survive: dp.survive,
        survive_only: g.model(defender).rattled,
        if_fight: odds::fight(a_dice, ap.fight, d_dice, dp.fight, true),
        if_survive: odds::fight(a_dice, ap.fight, d_dice, dp.survive, false),
    })
}

/// The odds of a Shoot test or a Fight as it stands, dice from cards included (R15, R16,
/// R20).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TestOdds {
    Shoot {
        dice: u8,
        shoot: u8,
        survive_dice: u8,
        survive: u8,
        armour: u8,
        odds: ShootOdds,
    },
    Fight {
        dice: u8,
        fight: u8,
        defender_dice: u8,
        /// The defender's Fight value when it fights back, else its Survive value.
        defend: u8,
        defender_fights: bool,
        odds: FightOdds,
    },
    /// A model's test against a Support or Event area attack, before any of its dice
    /// (R30): the attack's `(dice, value)` roll against the model's Survive dice, armour
    /// adding a success (a Shoot test), or a single-die check (`attack == None`) failed by
    /// rolling no success. `odds.kill` is the chance it dies (or fails the check),
    /// `odds.rattled` that armour alone saves it.
    Area {
        attack: Option<(u8, u8)>,
        survive_dice: u8,
        survive: u8,
        armour: u8,
        odds: ShootOdds,
    },
}

impl TestOdds {}

/// Dice after a card's change, never below none.
fn with_mod(base: u8, m: i8) -> u8 {
    (i16::from(base) + i16::from(m)).clamp(0, 255) as u8
}

/// The Bug's attack in the deck: its dice and its Fight value (the Event card that brings
/// it on).
pub fn bug_attack(g: &GameState) -> Option<(u8, u8)> {
    g.deck()
        .cards
        .iter()
        .find_map(|c| match c.event.as_ref()?.effect {
            Effect::Bug { dice, value, .. } => Some((dice, value)),
            _ => None,
        })
}

/// The odds of the test `t` in `g`, before any of its dice (None when a model Shoots or
/// Fights the Bug: that roll is the Bug's own). The dice are counted as the rules roll
/// them: R15's 3 or 4 (+1 Aimed) for a Shoot against 3 Survive dice, R16's Fight dice, a
/// card's or the Bug's or the cows' attack roll against the model's roll (P20, P21, R30),
/// each plus what cards added.
pub fn test_odds(g: &GameState, t: &TestCtx) -> Option<TestOdds> {
    match t.kind {
        TestKind::Area { model, hit, .. } => Some(area_odds(g, model, hit, t.mods[1])),
        TestKind::Bug { model, defence, .. } => {
            let (dice, value) = bug_attack(g)?;
            Some(hazard_fight(g, model, dice, value, defence, t.mods[1]))
        }
        TestKind::Trample { model, .. } => {
            let (dice, value) =
                g.deck()
                    .cards
                    .iter()
                    .find_map(|c| match c.event.as_ref()?.effect {
                        Effect::BurningCows { dice, value, .. } => Some((dice, value)),
                        _ => None,
                    })?;
            Some(hazard_fight(
                g,
                model,
                dice,
                value,
                Defence::Survive,
                t.mods[1],
            ))
        }
        TestKind::Fight {
            attacker,
            defender: Some(d),
            defence,
        } => {
            g.model(d).square()?;
            g.model(attacker).square()?;
            let ap = g.profile(attacker);
            let dp = g.profile(d);
            let dice = with_mod(g.fight_dice(attacker), t.mods[0]);
            let defender_dice = with_mod(g.fight_dice(d), t.mods[1]);
            let defender_fights = defence == Defence::Fight;
            let defend = if defender_fights {
                dp.fight
            } else {
                dp.survive
            };
            Some(TestOdds::Fight {
                dice,
                fight: ap.fight,
                defender_dice,
                defend,
                defender_fights,
                odds: odds::fight(dice, ap.fight, defender_dice, defend, defender_fights),
            })
        }
        TestKind::Shoot {
            shooter,
            target: Some(d),
            los,
            aimed,
        } => {
            g.model(d).square()?;
            g.model(shooter).square()?;
            let ap = g.profile(shooter);
            let dp = g.profile(d);
            let dice = with_mod(shoot_dice(los, aimed), t.mods[0]);
            let survive_dice = with_mod(3, t.mods[1]);
            let armour = u8::from(dp.has(Ability::Armoured));
            Some(TestOdds::Shoot {
                dice,
                shoot: ap.shoot,
                survive_dice,
                survive: dp.survive,
                armour,
                odds: odds::shoot(dice, ap.shoot, survive_dice, dp.survive, armour),
            })
        }
        TestKind::Shoot { target: None, .. } | TestKind::Fight { defender: None, .. } => None,
    }
}

/// The Bug's or the cows' Fight roll of `dice` at `value`+ against `model`'s Fight dice
/// (plus `extra` from cards) at its Fight or Survive value (P20, P21): the attacker wins
/// and kills, or (the model fighting) the model wins.
fn hazard_fight(
    g: &GameState,
    model: ModelId,
    dice: u8,
    value: u8,
    defence: Defence,
    extra: i8,
) -> TestOdds {
    let p = g.profile(model);
    let defender_fights = defence == Defence::Fight;
    let defend = if defender_fights { p.fight } else { p.survive };
    let defender_dice = with_mod(g.fight_dice(model), extra);
    TestOdds::Fight {
        dice,
        fight: value,
        defender_dice,
        defend,
        defender_fights,
        odds: odds::fight(dice, value, defender_dice, defend, defender_fights),
    }
}

/// The exact odds of a model's test against an area attack (R28), before the square's
/// attack roll (R30): a Shoot test is R15's, the attack's dice against the model's Survive
/// dice (3, plus `extra` from cards) with armour; a single-die check fails on no success.
fn area_odds(g: &GameState, model: ModelId, hit: Hit, extra: i8) -> TestOdds {
    let p = g.profile(model);
    match hit {
        Hit::Shoot { dice, value } => {
            let survive_dice = with_mod(3, extra);
            let armour = u8::from(p.has(Ability::Armoured));
            TestOdds::Area {
                attack: Some((dice, value)),
                survive_dice,
                survive: p.survive,
                armour,
                odds: odds::shoot(dice, value, survive_dice, p.survive, armour),
            }
        }
        Hit::Survive(_) => {
            let dice = with_mod(1, extra);
            let fail = odds::successes(dice, p.survive)[0];
            TestOdds::Area {
                attack: None,
                survive_dice: dice,
                survive: p.survive,
                armour: 0,
                odds: ShootOdds {
                    kill: fail,
                    rattled: 0.0,
                    miss: 1.0 - fail,
                },
            }
        }
    }
}

/// Catches what a test card changed.
#[derive(Default)]
struct ModSink(Vec<(Option<ModelId>, i8)>);

impl EventSink for ModSink {
    const ENABLED: bool = true;
    fn event(&mut self, e: Event) {
        if let Event::Modified { model, dice } = e {
            self.0.push((model, dice));
        }
    }
}

/// The test waiting in `g`'s response window as it would be after `answer` (a card, or
/// none): the rules play the answer on a copy and say which model's dice it changed.
pub fn test_after(g: &GameState, answer: Option<Card>) -> Option<TestCtx> {
    let mut t = g.test()?;
    if answer.is_none() {
        return Some(t);
    }
    let mut c = g.clone();
    let mut sink = ModSink::default();
    c.play_logged(Action::Respond(answer), &mut scratch_rng(), &mut sink)
        .ok()?;
    let [attacking, defending] = t.rolls();
    for (model, dice) in sink.0 {
        if model.is_some() && model == attacking.map(|r| r.0) {
            t.mods[0] = t.mods[0].saturating_add(dice);
        } else if model.is_some() && model == defending.map(|r| r.0) {
            t.mods[1] = t.mods[1].saturating_add(dice);
        }
    }
    Some(t)
}

/// The answers of the response window open in `g`: each card that may be played on the
/// test with the odds after it, then no card with the odds as they stand.
pub fn window_choices(g: &GameState) -> Vec<(Option<Card>, TestOdds)> {
    let Phase::Respond(_) = g.phase() else {
        return Vec::new();
    };
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Respond(c) => Some(*c),
            _ => None,
        })
        .filter_map(|c| Some((c, test_odds(g, &test_after(g, c)?)?)))
        .collect()
}
