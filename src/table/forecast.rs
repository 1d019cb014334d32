//! What the table shows before a decision is made: where a model can go, what it would
//! see, and the exact odds of a Shoot or a Fight. Movement is read from the rules' legal
//! lists, played forward on throwaway copies of the state, so nothing here restates the
//! movement rules; the odds come from `rules::odds`. What a card played on a test would
//! change is read the same way: the rules play the card on a copy and report the dice it
//! added, so the table never restates what a card does.

use rand::SeedableRng;

use crate::rules::action::{Action, Defence, ModelId, Spot, Target as CardTarget};
use crate::rules::cards::{Card, CardId, Effect, Hit};
use crate::rules::map::Los;
use crate::rules::odds::{self, FightOdds, ShootOdds};
use crate::rules::profile::Ability;
use crate::rules::square::squares_of;
use crate::rules::state::{Event, EventSink, Phase, TestCtx, TestKind};
use crate::rules::{GameRng, GameState, Side, Square};

/// What a board click can stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Square(Square),
    Model(ModelId),
}

/// The board targets of a decision: where a click can choose it. Decisions without one
/// (and any kind the table does not know) are offered as buttons.
#[allow(unreachable_patterns)]
pub fn targets_of(action: &Action) -> Vec<Target> {
    let line = |bb: u64| squares_of(bb).map(Target::Square).collect::<Vec<_>>();
    let row = |r: u8| line(0xFFu64 << (8 * u32::from(r.min(7))));
    let col = |c: u8| line(0x0101_0101_0101_0101u64 << u32::from(c.min(7)));
    match *action {
        Action::Deploy(sq) | Action::Move(sq) => vec![Target::Square(sq)],
        Action::Activate(m)
        | Action::Shoot(m)
        | Action::Fight(m)
        | Action::Defender(m)
        | Action::Pick(m) => vec![Target::Model(m)],
        Action::Play(_, t) => match t {
            CardTarget::Model(m) => vec![Target::Model(m)],
            CardTarget::Models(a, b) => vec![Target::Model(a), Target::Model(b)],
            CardTarget::ModelTo(_, sq) | CardTarget::Square(sq) => vec![Target::Square(sq)],
            CardTarget::SetAt(_, spot) => spot_targets(spot, &row, &col),
            _ => Vec::new(),
        },
        Action::Call(_, spot) => spot_targets(spot, &row, &col),
        _ => Vec::new(),
    }
}

fn spot_targets(
    spot: Spot,
    row: &dyn Fn(u8) -> Vec<Target>,
    col: &dyn Fn(u8) -> Vec<Target>,
) -> Vec<Target> {
    match spot {
        Spot::Square(sq) | Spot::SquareDir(sq, _) => vec![Target::Square(sq)],
        Spot::Row(r) | Spot::RowDir(r, _) => row(r),
        Spot::Column(c) | Spot::ColumnDir(c, _) => col(c),
        _ => Vec::new(),
    }
}

/// Where a decision aims a card's area (a Support set called, or one played by Mind
/// Control), if it does.
pub fn spot_of(action: &Action) -> Option<Spot> {
    match *action {
        Action::Call(_, spot) | Action::Play(_, CardTarget::SetAt(_, spot)) => Some(spot),
        _ => None,
    }
}

/// Does a click on `t` choose `action`? A click on a model also stands for its square.
pub fn hits(g: &GameState, action: &Action, t: Target) -> bool {
    targets_of(action).into_iter().any(|x| match (x, t) {
        (Target::Model(m), Target::Model(c)) => m == c,
        (Target::Square(s), Target::Square(c)) => s == c,
        (Target::Square(s), Target::Model(c)) => g.model(c).square() == Some(s),
        _ => false,
    })
}

/// A throwaway generator for looking ahead on copies: whatever it rolls is discarded
/// with the copy.
fn scratch_rng() -> GameRng {
    GameRng::seed_from_u64(0x5EED)
}

/// `g` after `actions`, on a copy, if each is legal in turn.
pub fn after(g: &GameState, actions: &[Action]) -> Option<GameState> {
    let mut c = g.clone();
    let mut rng = scratch_rng();
    for a in actions {
        c.play(*a, &mut rng).ok()?;
    }
    Some(c)
}

/// The model acting now, if any.
pub fn acting_model(g: &GameState) -> Option<ModelId> {
    match g.phase() {
        Phase::Acting(act) => Some(act.model),
        _ => None,
    }
}

/// Has the acting model Aimed (its next Shoot gets an extra die)?
pub fn has_aimed(g: &GameState, id: ModelId) -> bool {
    matches!(g.phase(), Phase::Acting(act) if act.model == id && act.aimed)
}

/// Where a model can get to now: the squares of its first step and of a second one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    pub one: u64,
    pub two: u64,
    /// The decisions that start its action (`activate`) before it can step, if any.
    pub needs_activation: bool,
}

fn moves(legal: &[Action]) -> impl Iterator<Item = Square> + '_ {
    legal.iter().filter_map(|a| match a {
        Action::Move(sq) => Some(*sq),
        _ => None,
    })
}

/// The squares `id` may step to, one and two steps, read from the legal lists: if it is
/// not acting yet but may be activated, the look-ahead activates it on a copy first.
pub fn reach(g: &GameState, id: ModelId) -> Reach {
    let (base, needs_activation) = if acting_model(g) == Some(id) {
        (g.clone(), false)
    } else {
        match after(g, &[Action::Activate(id)]) {
            Some(c) if acting_model(&c) == Some(id) => (c, true),
            _ => return Reach::default(),
        }
    };
    let mut legal = Vec::new();
    base.legal_actions(&mut legal);
    // A Rattled model stands up first and may then step once (R12, R17).
    let base = match legal.contains(&Action::Stand) {
        true => match after(&base, &[Action::Stand]) {
            Some(c) => {
                legal.clear();
                c.legal_actions(&mut legal);
                c
            }
            None => base,
        },
        false => base,
    };
    let mut r = Reach {
        needs_activation,
        ..Reach::default()
    };
    let mut rng = scratch_rng();
    let mut next = Vec::new();
    for sq in moves(&legal) {
        r.one |= sq.bit();
        let mut c = base.clone();
        if c.play(Action::Move(sq), &mut rng).is_ok() && acting_model(&c) == Some(id) {
            c.legal_actions(&mut next);
            for t in moves(&next) {
                r.two |= t.bit();
            }
        }
    }
    r.two &= !r.one;
    r
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

/// The Shoot a plan ends with, as it would be made: played on a copy up to the Shoot,
/// so that an Aim or a Stand before it counts (R12, R15). The shooter, its square and
/// the odds.
pub fn plan_shot(g: &GameState, plan: &[Action]) -> Option<(ModelId, Square, ShootForecast)> {
    let (Action::Shoot(target), before) = plan.split_last()? else {
        return None;
    };
    let c = after(g, before)?;
    let shooter = acting_model(&c)?;
    let from = c.model(shooter).square()?;
    let f = shoot_forecast(&c, shooter, from, *target, has_aimed(&c, shooter))?;
    Some((shooter, from, f))
}

/// The enemy a plan's last step charges: a model of the other side in the square it
/// moves into, if any.
pub fn charged(g: &GameState, plan: &[Action]) -> Option<ModelId> {
    let (Action::Move(dest), before) = plan.split_last()? else {
        return None;
    };
    let c = after(g, before)?;
    let mover = acting_model(&c)?;
    let side = c.model(mover).side;
    c.models_in(*dest).find(|m| c.model(*m).side != side)
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

/// The Fight that would follow `plan` (a charge: a move into the enemy's square), played
/// on a copy, against `defender`.
pub fn charge_forecast(g: &GameState, plan: &[Action], defender: ModelId) -> Option<FightForecast> {
    let c = after(g, plan)?;
    let attacker = match c.phase() {
        Phase::FightTarget { attacker, .. } => attacker,
        Phase::Defence { attacker, .. } => attacker,
        _ => return None,
    };
    fight_forecast(&c, attacker, defender)
}

/// `p` as a percentage for people: `31%`, `0.4%`, `<0.1%`.
pub fn percent(p: f64) -> String {
    let pc = p * 100.0;
    if p <= 0.0 {
        "0%".into()
    } else if pc < 0.1 {
        "<0.1%".into()
    } else if pc < 10.0 {
        format!("{pc:.1}%")
    } else if pc > 99.9 && p < 1.0 {
        ">99.9%".into()
    } else {
        format!("{pc:.0}%")
    }
}

// ===== tests waiting for their response windows, and the cards that change them ========

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

impl TestOdds {
    /// The chance the attacker kills.
    pub fn attacker_kills(&self) -> f64 {
        match self {
            TestOdds::Shoot { odds, .. } => odds.kill,
            TestOdds::Fight { odds, .. } => odds.attacker_wins,
            TestOdds::Area { odds, .. } => odds.kill,
        }
    }

    /// The outcomes in words, from the attacker's side: `kill 61%, Rattled 5%, miss 34%`
    /// or `attacker wins 40%, defender wins 21%, no kill 39%`.
    pub fn summary(&self) -> String {
        match self {
            TestOdds::Shoot { armour, odds, .. } => {
                if *armour > 0 {
                    format!(
                        "kill {}, Rattled {}, miss {}",
                        percent(odds.kill),
                        percent(odds.rattled),
                        percent(odds.miss)
                    )
                } else {
                    format!("kill {}, miss {}", percent(odds.kill), percent(odds.miss))
                }
            }
            TestOdds::Fight {
                defender_fights,
                odds,
                ..
            } => {
                if *defender_fights {
                    format!(
                        "attacker wins {}, defender wins {}, no kill {}",
                        percent(odds.attacker_wins),
                        percent(odds.defender_wins),
                        percent(odds.no_kill)
                    )
                } else {
                    format!(
                        "attacker wins {}, no kill {}",
                        percent(odds.attacker_wins),
                        percent(odds.no_kill)
                    )
                }
            }
            TestOdds::Area {
                attack: None, odds, ..
            } => format!(
                "fails {}, passes {}",
                percent(odds.kill),
                percent(odds.miss)
            ),
            TestOdds::Area { armour, odds, .. } => {
                if *armour > 0 {
                    format!(
                        "killed {}, Rattled {}, unharmed {}",
                        percent(odds.kill),
                        percent(odds.rattled),
                        percent(odds.miss)
                    )
                } else {
                    format!(
                        "killed {}, unharmed {}",
                        percent(odds.kill),
                        percent(odds.miss)
                    )
                }
            }
        }
    }

    /// The dice in words: `5 dice at 4+ against 3 at 5+ +1 armour`.
    pub fn dice_text(&self) -> String {
        match *self {
            TestOdds::Shoot {
                dice,
                shoot,
                survive_dice,
                survive,
                armour,
                ..
            } => {
                let armour = if armour > 0 {
                    format!(" +{armour} armour")
                } else {
                    String::new()
                };
                format!("{dice} dice at {shoot}+ against {survive_dice} at {survive}+{armour}")
            }
            TestOdds::Fight {
                dice,
                fight,
                defender_dice,
                defend,
                ..
            } => format!("{dice} dice at {fight}+ against {defender_dice} at {defend}+"),
            TestOdds::Area {
                attack,
                survive_dice,
                survive,
                armour,
                ..
            } => match attack {
                Some((dice, value)) => {
                    let armour = if armour > 0 {
                        format!(" +{armour} armour")
                    } else {
                        String::new()
                    };
                    format!(
                        "{dice} dice at {value}+ against {survive_dice} Survive at {survive}+{armour}"
                    )
                }
                None => format!("{survive_dice} dice at {survive}+, one success passes"),
            },
        }
    }
}

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

/// The state at `side`'s response window on the test that `plan` starts, on a copy; any
/// window before it is answered with no card (what the other side holds is not looked
/// at). None when `side` gets no window: it holds no card it may play on that test.
pub fn window_after(g: &GameState, plan: &[Action], side: Side) -> Option<GameState> {
    let mut c = after(g, plan)?;
    let mut rng = scratch_rng();
    for _ in 0..4 {
        match c.phase() {
            Phase::Respond(s) if s == side => return Some(c),
            Phase::Respond(_) => c.play(Action::Respond(None), &mut rng).ok()?,
            _ => return None,
        }
    }
    None
}

/// The odds with each card `side` may play on the test that `plan` starts (a Shoot, or a
/// Fight once its defence is chosen), read from the rules at `side`'s window. Cards with
/// the same half (whatever is on their backs) are one line.
pub fn card_choices(g: &GameState, plan: &[Action], side: Side) -> Vec<(CardId, TestOdds)> {
    let mut out: Vec<(CardId, TestOdds)> = Vec::new();
    for (c, o) in window_after(g, plan, side)
        .map(|w| window_choices(&w))
        .unwrap_or_default()
    {
        if let Some(c) = c
            && !out.iter().any(|(h, _)| *h == c.half)
        {
            out.push((c.half, o));
        }
    }
    out
}

/// The defences `g`'s Fight may be met with once `plan` is played: a charge or a
/// `fight` decision, the opponent picked where the attacker must pick one. Each is the
/// plan up to and including the `defend` decision.
pub fn defence_plans(g: &GameState, plan: &[Action], defender: ModelId) -> Vec<Vec<Action>> {
    let Some(mut c) = after(g, plan) else {
        return Vec::new();
    };
    let mut plan = plan.to_vec();
    if let Phase::FightTarget { .. } = c.phase() {
        let pick = Action::Fight(defender);
        if c.play(pick, &mut scratch_rng()).is_err() {
            return Vec::new();
        }
        plan.push(pick);
    }
    let mut legal = Vec::new();
    c.legal_actions(&mut legal);
    legal
        .into_iter()
        .filter(|a| matches!(a, Action::Defend(_)))
        .map(|a| {
            let mut p = plan.clone();
            p.push(a);
            p
        })
        .collect()
}
