//! Annotated legal actions, for a version 2 bot that asks for them (`"annotate": true` in
//! its hello answer): what the rules say an action leads to, so that a bot need not
//! re-implement the dice, the sight or the areas.
//!
//! - `shoot`: the sight (`clear` or `partial`), both sides' dice and the exact kill /
//!   Rattled / miss odds (R9, R14, R15); `aim`: the same for each target, with the Aim's
//!   die.
//! - `move`: whether the model may still Shoot after it (R12) and at whom, and whether it
//!   starts a Fight (R7), with the Fight's odds for each opponent and each defence (R16).
//! - `fight`, `defender`, `defend`: the Fight's odds (R16, P21).
//! - `call` and `play` of an area attack: the chance each square is hit and the expected
//!   kills (and Rattled or failed models) of each side (R28, R30, P14); a `play` that moves
//!   a model into enemies: the Fight it starts (P16).
//! - `respond`: the odds of the test with that answer, beside the test itself (which test,
//!   its models, their rolls and dice, the cards played on it) given once for the phase.
//!
//! Everything is read from the rules, never restated: the odds from
//! [`rules::test_odds`], where a move or a card leads from playing it on a copy.
//! The copies are of the position as the bot's side may see it, the other hand dealt
//! afresh from a fixed seed ([`GameState::determinize`]), so an annotation can tell
//! nothing of that hand (R28): two positions that differ only in it are annotated alike.

use std::collections::BTreeMap;

use serde::Serialize;

use rules::action::{Action, Defence, ModelId, Target as CardTarget};
use rules::cards::{Effect, Failed, Hit};
use rules::map::Los;
use rules::odds::{FightOdds, ShootOdds};
use rules::state::{EventSink, Phase, TestCtx, TestKind};
use rules::test_odds::{self, FightForecast, ShootForecast, TestOdds};
use rules::{GameState, Side, Square, rng_from_seed};

/// The seed the other hand is dealt from for the look-aheads, and of their dice: fixed, so
/// an annotation is a function of what the side sees.
const LOOK_AHEAD_SEED: u64 = 0x0A11_0CA7;

/// The annotations of a decision: the test waiting (in a response window), and what each
/// legal action that has one leads to, by the action's text.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Annotations {
    /// The test a `respond` decides on, or the model a Lucky Escape would save; `null` in
    /// other phases.
    pub test: Option<TestInfo>,
    pub actions: BTreeMap<String, ActionInfo>,
    /// For each of the deciding side's models on the board, what each enemy could do to
    /// it in its next action, as the board stands now ([`super::threats`]).
    pub threats: BTreeMap<String, Vec<super::threats::Threat>>,
}

/// What one action leads to.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionInfo {
    /// A Shoot test (R15).
    Shoot(ShotInfo),
    /// An Aim: the shots it leads to, each with the extra die.
    Aim { shots: Vec<ShotInfo> },
    /// A step (R4-R7, R12).
    Move(MoveInfo),
    /// A Fight's opponent picked, or a defence chosen (R16, P21).
    Fight(FightInfo),
    /// An area attack called or played (R28, R30, P14).
    Area(AreaInfo),
    /// A card played that starts a Fight (P16).
    CardFight(FightStart),
    /// The test waiting, with this answer to the response window (R20).
    Respond(TestOddsInfo),
    /// The Bug's attack, met with this defence (P21).
    BugFight(TestOddsInfo),
    /// A model activated: what it can do in this action (R12).
    Activate(ActivationInfo),
}

/// What an activated model can do in its action (R12), read from playing the activation
/// on a copy: its shots from where it stands (with and without an Aim), its steps with
/// what each leads to (the shots after it, a counter revealed, a Fight started: a
/// charge, R7), and the edges it may leave by.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActivationInfo {
    pub model: String,
    /// The model is Rattled: it stands up first, and may then only step once or shoot
    /// (R12, R17); the rest is what it can do after standing.
    pub stands_first: bool,
    pub shots: Vec<ShotInfo>,
    /// The same shots after an Aim (its extra die), when it may Aim.
    pub aimed_shots: Vec<ShotInfo>,
    /// Each square it may step to, and what the step leads to.
    pub steps: BTreeMap<String, MoveInfo>,
    pub exits: Vec<&'static str>,
}

/// A Shoot test by `shooter` at `target`, as the rules would roll it (R9, R14, R15).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShotInfo {
    pub shooter: String,
    pub target: String,
    /// `clear` (4 dice) or `partial` (3 dice).
    pub sight: &'static str,
    /// Squares away, and the shooter's range (R8).
    pub range: u8,
    pub max_range: u8,
    pub dice: u8,
    /// The Shoot value: a die succeeds on this or more (an 8 always, and explodes, R14).
    pub shoot: u8,
    pub survive_dice: u8,
    pub survive: u8,
    /// Automatic Survive successes of an armoured target (R15).
    pub armour: u8,
    pub kill: f64,
    pub rattled: f64,
    pub miss: f64,
}

impl ShotInfo {
    pub(super) fn of(f: &ShootForecast, shooter: ModelId, target: ModelId) -> ShotInfo {
        ShotInfo {
            shooter: shooter.to_string(),
            target: target.to_string(),
            sight: los_name(f.los),
            range: f.range,
            max_range: f.max_range,
            dice: f.dice,
            shoot: f.shoot,
            survive_dice: f.survive_dice,
            survive: f.survive,
            armour: f.armour,
            kill: f.odds.kill,
            rattled: f.odds.rattled,
            miss: f.odds.miss,
        }
    }
}

/// A step of the acting model.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveInfo {
    /// The model may still Shoot in this action after the step (R12).
    pub shot_after: bool,
    /// The shots it would have from the new square, without an Aim.
    pub shots_after: Vec<ShotInfo>,
    /// A face-down counter is in the square: it is revealed (R24).
    pub reveals: bool,
    /// The step enters enemies and starts a Fight (R7, R16).
    pub fight: Option<FightStart>,
}

/// A Fight about to start: who picks the opponent, and the odds against each one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FightStart {
    /// `attacker` while a Soldier can defend, else `defender` (its owner picks a Hero,
    /// R16).
    pub picked_by: &'static str,
    pub opponents: Vec<FightInfo>,
}

/// A Fight between two models as they would stand (R16).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FightInfo {
    pub attacker: String,
    pub defender: String,
    pub attacker_dice: u8,
    pub attacker_fight: u8,
    pub defender_dice: u8,
    pub defender_fight: u8,
    pub defender_survive: u8,
    /// The defender is Rattled: it may only Survive.
    pub survive_only: bool,
    /// The odds when the defender Fights back, and when it Survives.
    pub if_fight: FightOddsInfo,
    pub if_survive: FightOddsInfo,
}

impl FightInfo {
    pub(super) fn of(f: &FightForecast) -> FightInfo {
        FightInfo {
            attacker: f.attacker.to_string(),
            defender: f.defender.to_string(),
            attacker_dice: f.attacker_dice,
            attacker_fight: f.attacker_value,
            defender_dice: f.defender_dice,
            defender_fight: f.defender_fight,
            defender_survive: f.defender_survive,
            survive_only: f.survive_only,
            if_fight: FightOddsInfo::of(f.if_fight),
            if_survive: FightOddsInfo::of(f.if_survive),
        }
    }
}

/// The outcomes of a Fight.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FightOddsInfo {
    pub attacker_wins: f64,
    pub defender_wins: f64,
    pub no_kill: f64,
}

impl FightOddsInfo {
    fn of(o: FightOdds) -> FightOddsInfo {
        FightOddsInfo {
            attacker_wins: o.attacker_wins,
            defender_wins: o.defender_wins,
            no_kill: o.no_kill,
        }
    }
}

/// An area attack: where it may land and what it is expected to do to each side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AreaInfo {
    /// The half whose attack it is.
    pub card: String,
    /// The chance each square is covered (1 for an aim that is not rolled).
    pub squares: BTreeMap<String, f64>,
    /// What a model covered suffers: `killed` (a Shoot test, R15), or, for a single-die
    /// check, `activated` or `rattled` (P14).
    pub effect: &'static str,
    /// Expected models of each side that suffer it; `rattled`: expected armoured models
    /// Rattled instead of killed.
    pub expected: BTreeMap<&'static str, f64>,
    pub expected_rattled: BTreeMap<&'static str, f64>,
}

/// A test waiting for its response windows (R20, R28, R30), or a model a Lucky Escape
/// would save (P13).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TestInfo {
    /// `shoot`, `fight`, `area`, `bug`, `trample`, or `escape`.
    pub kind: &'static str,
    /// The model making the attacking roll, if a model makes it.
    pub attacker: Option<String>,
    /// The model making the defending roll (the one about to be killed, for `escape`).
    pub defender: Option<String>,
    /// The rolls: `shoot`, `fight` or `survive`, attacker's first.
    pub rolls: [Option<&'static str>; 2],
    /// For a Shoot test: the sight and whether it Aimed.
    pub sight: Option<&'static str>,
    pub aimed: Option<bool>,
    /// For a Fight: how the defender meets it.
    pub defence: Option<&'static str>,
    /// The half whose attack it is (an area, the Bug, the cows).
    pub card: Option<String>,
    /// Dice the cards played so far added: attacker's, defender's.
    pub added: [i8; 2],
    /// The half each side played on it so far.
    pub played: BTreeMap<&'static str, Option<String>>,
    /// The odds as it stands (none for a test against the Bug's own roll).
    pub odds: Option<TestOddsInfo>,
}

/// The odds of a test: its dice and outcomes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "test", rename_all = "snake_case")]
pub enum TestOddsInfo {
    Shoot {
        dice: u8,
        shoot: u8,
        survive_dice: u8,
        survive: u8,
        armour: u8,
        kill: f64,
        rattled: f64,
        miss: f64,
    },
    Fight {
        dice: u8,
        fight: u8,
        defender_dice: u8,
        /// The defender's Fight value when it fights back, else its Survive value.
        defend: u8,
        defender_fights: bool,
        attacker_wins: f64,
        defender_wins: f64,
        no_kill: f64,
    },
    /// A model against an area attack: the attack's dice and value (`null` for a
    /// single-die check), the model's Survive dice; `kill` is the chance it is killed (or
    /// fails the check), `rattled` that armour alone saves it.
    Area {
        attack_dice: Option<u8>,
        attack_value: Option<u8>,
        survive_dice: u8,
        survive: u8,
        armour: u8,
        kill: f64,
        rattled: f64,
        miss: f64,
    },
}

impl TestOddsInfo {
    fn of(t: &TestOdds) -> TestOddsInfo {
        let shoot = |o: &ShootOdds| (o.kill, o.rattled, o.miss);
        match *t {
            TestOdds::Shoot {
                dice,
                shoot: value,
                survive_dice,
                survive,
                armour,
                ref odds,
            } => {
                let (kill, rattled, miss) = shoot(odds);
                TestOddsInfo::Shoot {
                    dice,
                    shoot: value,
                    survive_dice,
                    survive,
                    armour,
                    kill,
                    rattled,
                    miss,
                }
            }
            TestOdds::Fight {
                dice,
                fight,
                defender_dice,
                defend,
                defender_fights,
                odds,
            } => TestOddsInfo::Fight {
                dice,
                fight,
                defender_dice,
                defend,
                defender_fights,
                attacker_wins: odds.attacker_wins,
                defender_wins: odds.defender_wins,
                no_kill: odds.no_kill,
            },
            TestOdds::Area {
                attack,
                survive_dice,
                survive,
                armour,
                ref odds,
            } => {
                let (kill, rattled, miss) = shoot(odds);
                TestOddsInfo::Area {
                    attack_dice: attack.map(|a| a.0),
                    attack_value: attack.map(|a| a.1),
                    survive_dice,
                    survive,
                    armour,
                    kill,
                    rattled,
                    miss,
                }
            }
        }
    }
}

fn los_name(los: Los) -> &'static str {
    match los {
        Los::Clear => "clear",
        Los::Partial => "partial",
        Los::None => "none",
    }
}

fn defence_name(d: Defence) -> &'static str {
    match d {
        Defence::Fight => "fight",
        Defence::Survive => "survive",
    }
}

/// The position as `side` may see it, the other hand dealt from a fixed seed: what every
/// look-ahead plays on.
fn seen_by(g: &GameState, side: Side) -> GameState {
    let mut view = g.clone();
    view.determinize(side, &mut rng_from_seed(LOOK_AHEAD_SEED));
    view
}

/// `g` after `action`, on a copy, with the look-ahead's dice, if it is legal.
fn after(g: &GameState, action: Action, sink: &mut impl EventSink) -> Option<GameState> {
    let mut c = g.clone();
    c.play_logged(action, &mut rng_from_seed(LOOK_AHEAD_SEED), sink)
        .ok()?;
    Some(c)
}

/// The annotations of the decision `side` makes in `g`, whose legal actions are `legal`.
pub fn annotate(g: &GameState, side: Side, legal: &[Action]) -> Annotations {
    let view = seen_by(g, side);
    let mut actions = BTreeMap::new();
    let mut area_cache: Vec<(Action, AreaInfo)> = Vec::new();
    let responses = match view.phase() {
        Phase::Respond(_) => test_odds::window_choices(&view),
        _ => Vec::new(),
    };
    for &a in legal {
        let info = match a {
            Action::Shoot(t) => shot(&view, t, None).map(ActionInfo::Shoot),
            Action::Aim => {
                let shots = legal
                    .iter()
                    .filter_map(|x| match x {
                        Action::Shoot(t) => shot(&view, *t, Some(true)),
                        _ => None,
                    })
                    .collect();
                Some(ActionInfo::Aim { shots })
            }
            Action::Move(_) => step(&view, a).map(ActionInfo::Move),
            Action::Fight(d) | Action::Defender(d) => match view.phase() {
                Phase::FightTarget { attacker, .. } => {
                    test_odds::fight_forecast(&view, attacker, d)
                        .map(|f| ActionInfo::Fight(FightInfo::of(&f)))
                }
                _ => None,
            },
            Action::Defend(_) => match view.phase() {
                Phase::Defence {
                    attacker, defender, ..
                } => test_odds::fight_forecast(&view, attacker, defender)
                    .map(|f| ActionInfo::Fight(FightInfo::of(&f))),
                Phase::BugDefence(model) => bug_defence(&view, model, a),
                _ => None,
            },
            Action::Call(..) | Action::Play(_, CardTarget::SetAt(..)) => area(&view, a).map(|i| {
                area_cache.push((a, i.clone()));
                ActionInfo::Area(i)
            }),
            Action::Play(..) => card_fight(&view, a).map(ActionInfo::CardFight),
            Action::Activate(m) => activation(&view, a, m).map(ActionInfo::Activate),
            Action::Respond(card) => responses
                .iter()
                .find(|(c, _)| *c == card)
                .map(|(_, o)| ActionInfo::Respond(TestOddsInfo::of(o))),
            _ => None,
        };
        if let Some(info) = info {
            actions.insert(a.to_string(), info);
        }
    }
    Annotations {
        test: test_info(&view),
        actions,
        threats: super::threats::threats(&view, side),
    }
}

/// The activation `a` of `model`, played on a copy: what the model can do in its action.
fn activation(g: &GameState, a: Action, model: ModelId) -> Option<ActivationInfo> {
    let mut c = after(g, a, &mut ())?;
    let mut legal = Vec::new();
    c.legal_actions(&mut legal);
    let stands_first = legal.contains(&Action::Stand) && c.model(model).rattled;
    if stands_first {
        c = after(&c, Action::Stand, &mut ())?;
        c.legal_actions(&mut legal);
    }
    if !matches!(c.phase(), Phase::Acting(act) if act.model == model) {
        return None;
    }
    let aims = legal.contains(&Action::Aim);
    let mut info = ActivationInfo {
        model: model.to_string(),
        stands_first,
        shots: Vec::new(),
        aimed_shots: Vec::new(),
        steps: BTreeMap::new(),
        exits: Vec::new(),
    };
    for &x in &legal {
        match x {
            Action::Shoot(t) => {
                info.shots.extend(shot(&c, t, Some(false)));
                if aims {
                    info.aimed_shots.extend(shot(&c, t, Some(true)));
                }
            }
            Action::Move(to) => {
                if let Some(m) = step(&c, x) {
                    info.steps.insert(to.to_string(), m);
                }
            }
            Action::Exit(edge) => info.exits.push(edge.name()),
            _ => {}
        }
    }
    Some(info)
}

/// The Shoot at `target` by the acting model where it stands (Aimed if it has, or if
/// `aimed` says so).
pub(super) fn shot(g: &GameState, target: ModelId, aimed: Option<bool>) -> Option<ShotInfo> {
    let Phase::Acting(act) = g.phase() else {
        return None;
    };
    let from = g.model(act.model).square()?;
    let f = test_odds::shoot_forecast(g, act.model, from, target, aimed.unwrap_or(act.aimed))?;
    Some(ShotInfo::of(&f, act.model, target))
}

/// A step, played on a copy: the Fight it starts, or the shots left after it.
fn step(g: &GameState, a: Action) -> Option<MoveInfo> {
    let Phase::Acting(act) = g.phase() else {
        return None;
    };
    let Action::Move(to) = a else { return None };
    let reveals = g.hidden_counters().contains(to);
    let c = after(g, a, &mut ())?;
    let mut info = MoveInfo {
        shot_after: false,
        shots_after: Vec::new(),
        reveals,
        fight: None,
    };
    match c.phase() {
        Phase::Acting(next) if next.model == act.model => {
            info.shot_after = next.options().1;
            let mut legal = Vec::new();
            c.legal_actions(&mut legal);
            info.shots_after = legal
                .iter()
                .filter_map(|x| match x {
                    Action::Shoot(t) => shot(&c, *t, Some(false)),
                    _ => None,
                })
                .collect();
        }
        _ => info.fight = fight_start(&c),
    }
    Some(info)
}

/// The Fight a copy is about to start, if it is at one (R16).
fn fight_start(c: &GameState) -> Option<FightStart> {
    let (attacker, picked_by, defenders) = match c.phase() {
        Phase::FightTarget { attacker, .. } => {
            let mut legal = Vec::new();
            c.legal_actions(&mut legal);
            let mut by = "attacker";
            let defenders: Vec<ModelId> = legal
                .iter()
                .filter_map(|x| match x {
                    Action::Fight(d) => Some(*d),
                    Action::Defender(d) => {
                        by = "defender";
                        Some(*d)
                    }
                    _ => None,
                })
                .collect();
            (attacker, by, defenders)
        }
        Phase::Defence {
            attacker, defender, ..
        } => (attacker, "attacker", vec![defender]),
        _ => return None,
    };
    let opponents = defenders
        .into_iter()
        .filter_map(|d| test_odds::fight_forecast(c, attacker, d))
        .map(|f| FightInfo::of(&f))
        .collect();
    Some(FightStart {
        picked_by,
        opponents,
    })
}

/// A card played that moves a model into enemies (P16): the Fight it starts.
fn card_fight(g: &GameState, a: Action) -> Option<FightStart> {
    let c = after(g, a, &mut ())?;
    fight_start(&c)
}

/// The Bug's attack on `model`, met as `a` says (P21).
fn bug_defence(g: &GameState, model: ModelId, a: Action) -> Option<ActionInfo> {
    let Action::Defend(defence) = a else {
        return None;
    };
    let card = g
        .deck()
        .cards
        .iter()
        .find_map(|c| match c.event.as_ref()?.effect {
            Effect::Bug { .. } => c.event_id(),
            _ => None,
        })?;
    let t = TestCtx::new(TestKind::Bug {
        model,
        card,
        defence,
    });
    let o = test_odds::test_odds(g, &t)?;
    Some(ActionInfo::BugFight(TestOddsInfo::of(&o)))
}

/// An area attack called or played, as [`rules::area_forecast`] reckons it (R28, R30,
/// P14): the chance each square is covered and the expected effect on each side.
fn area(g: &GameState, a: Action) -> Option<AreaInfo> {
    let f = rules::area_forecast::area_forecast(g, a)?;
    let squares: BTreeMap<String, f64> = Square::all()
        .filter(|sq| f.covered[sq.index()] > 0.0)
        .map(|sq| (sq.to_string(), f.covered[sq.index()]))
        .collect();
    let by_side = |v: &rules::BySide<f64>| -> BTreeMap<&'static str, f64> {
        Side::BOTH.iter().map(|s| (s.name(), v[*s])).collect()
    };
    Some(AreaInfo {
        card: f.card.to_string(),
        squares,
        effect: match f.hit {
            Hit::Shoot { .. } => "killed",
            Hit::Survive(Failed::Activated) => "activated",
            Hit::Survive(Failed::Rattled) => "rattled",
        },
        expected: by_side(&f.expected),
        expected_rattled: by_side(&f.expected_rattled),
    })
}

/// The test a response window is open on, or the model a Lucky Escape would save.
fn test_info(g: &GameState) -> Option<TestInfo> {
    if let Phase::Escape(m) = g.phase() {
        return Some(TestInfo {
            kind: "escape",
            attacker: None,
            defender: Some(m.to_string()),
            rolls: [None, None],
            sight: None,
            aimed: None,
            defence: None,
            card: None,
            added: [0, 0],
            played: BTreeMap::new(),
            odds: None,
        });
    }
    let t = g.test()?;
    let rolls = t.rolls();
    let (kind, sight, aimed, defence, card) = match t.kind {
        TestKind::Shoot { los, aimed, .. } => {
            ("shoot", Some(los_name(los)), Some(aimed), None, None)
        }
        TestKind::Fight { defence, .. } => ("fight", None, None, Some(defence_name(defence)), None),
        TestKind::Area { card, .. } => ("area", None, None, None, Some(card.to_string())),
        TestKind::Bug { card, defence, .. } => (
            "bug",
            None,
            None,
            Some(defence_name(defence)),
            Some(card.to_string()),
        ),
        TestKind::Trample { card, .. } => ("trample", None, None, None, Some(card.to_string())),
    };
    Some(TestInfo {
        kind,
        attacker: rolls[0].map(|(m, _)| m.to_string()),
        defender: rolls[1].map(|(m, _)| m.to_string()),
        rolls: rolls.map(|r| r.map(|(_, roll)| roll.name())),
        sight,
        aimed,
        defence,
        card,
        added: t.mods,
        played: Side::BOTH
            .into_iter()
            .map(|s| (s.name(), t.played[s.index()].map(|c| c.to_string())))
            .collect(),
        odds: test_odds::test_odds(g, &t).map(|o| TestOddsInfo::of(&o)),
    })
}
