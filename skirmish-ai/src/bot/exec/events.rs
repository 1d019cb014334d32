//! Typed events of protocol version 2: what happened, as JSON objects with a `type` and
//! fields a bot reads without parsing English. Each [`Event`] of the rules becomes one
//! [`EventInfo`]; what the bot's side may not see is left out as in the prose log (the
//! other side's drawn cards are `null`, R28).

use serde::Serialize;

use crate::bot::game::JournalEntry;
use rules::action::{Action, Defence, ModelId};
use rules::cards::{Card, CardId};
use rules::state::{CounterKind, Event, Outcome, ShotResult, WinReason};
use rules::{Side, Square};

use super::statics::square_names;

/// A decision and what it caused, as the bot's side saw it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Happened {
    /// The side that decided.
    pub by: &'static str,
    /// The action; `null` only for the other side's `respond none` when nothing told
    /// before it is left to list its events with (R28).
    pub action: Option<String>,
    pub events: Vec<EventInfo>,
}

/// One event.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventInfo {
    CounterPlaced {
        square: String,
    },
    Deployed {
        model: String,
        square: String,
    },
    Activated {
        model: String,
    },
    StoodUp {
        model: String,
    },
    /// `from` is `null` when the model came onto the board.
    Moved {
        model: String,
        from: Option<String>,
        to: String,
    },
    Exited {
        model: String,
        edge: &'static str,
    },
    Aimed {
        model: String,
    },
    Revealed {
        square: String,
        kind: &'static str,
    },
    Claimed {
        model: String,
        kind: &'static str,
    },
    /// A model's roll: `dice` at `value`+, every face in order (explosions after the die
    /// that caused them), the successes, and `bonus` automatic successes (armour).
    Roll {
        model: String,
        test: &'static str,
        dice: u8,
        value: u8,
        faces: Vec<u8>,
        successes: u8,
        bonus: u8,
    },
    Shot {
        shooter: String,
        target: String,
        los: &'static str,
        result: &'static str,
    },
    FightStarted {
        attacker: String,
        defender: String,
    },
    Fought {
        attacker: String,
        defender: String,
        defence: &'static str,
        killed: Option<String>,
    },
    Killed {
        model: String,
        by: &'static str,
        vp: u16,
    },
    RattleTest {
        model: String,
        roll: u8,
        rattled: bool,
    },
    TurnEnded {
        next: &'static str,
    },
    RoundEnded {
        round: u16,
        next_first: &'static str,
    },
    ZoneHeld {
        side: &'static str,
        squares: Vec<String>,
    },
    /// Rounds running a zone that wins has been held (0: the run is broken), P31.
    HoldRunning {
        side: &'static str,
        squares: Vec<String>,
        rounds: u8,
        needed: u16,
    },
    /// An entry's Round and edge were drawn (P33); `wave` counts from 0.
    ArrivalDrawn {
        side: &'static str,
        wave: u8,
        round: u16,
        edge: &'static str,
    },
    VpScored {
        side: &'static str,
        vp: u16,
        total: u16,
        source: &'static str,
    },
    GameOver {
        winner: Option<&'static str>,
        reason: &'static str,
    },
    /// `card` is `null` when the other side drew it.
    Drew {
        side: &'static str,
        card: Option<String>,
    },
    Reshuffled {
        cards: u16,
    },
    CardPlayed {
        side: &'static str,
        card: String,
    },
    Laid {
        side: &'static str,
        card: String,
        level: u8,
    },
    Called {
        side: &'static str,
        owner: &'static str,
        half: String,
        level: u8,
    },
    Jammed {
        owner: &'static str,
        card: String,
    },
    Discarded {
        side: &'static str,
        card: String,
    },
    Passed {
        side: &'static str,
    },
    /// A card changed a roll of `model` (`null`: a roll no model makes) by `dice`.
    Modified {
        model: Option<String>,
        dice: i8,
    },
    Escaped {
        model: String,
    },
    Distracted {
        model: String,
    },
    Reinforced {
        model: String,
        square: String,
    },
    EventDrawn {
        side: &'static str,
        half: String,
    },
    AreaAttack {
        half: String,
        at: String,
        squares: Vec<String>,
    },
    /// An attack roll a card makes (an area's square, the Flying Car, the cows, the Bug).
    EffectRoll {
        half: String,
        square: String,
        test: &'static str,
        dice: u8,
        value: u8,
        faces: Vec<u8>,
        successes: u8,
    },
    AreaShot {
        model: String,
        result: &'static str,
    },
    SurviveCheck {
        model: String,
        failed: bool,
    },
    CarLanded {
        square: String,
    },
    CarLeft,
    BlockerPlaced {
        square: String,
    },
    CowsEntered {
        square: String,
    },
    CowsMoved {
        from: String,
        to: String,
    },
    CowsStopped {
        square: String,
    },
    CowsLeft,
    Stampeded {
        model: String,
    },
    Trampled {
        model: String,
    },
    CivilianPlaced {
        square: String,
    },
    CivilianMoved {
        from: String,
        to: String,
    },
    CivilianLeft {
        square: String,
    },
    CivilianClaimed {
        model: String,
        kind: &'static str,
    },
    BugPlaced {
        square: String,
    },
    BugAttacks {
        model: String,
    },
    BugMoved {
        from: String,
        to: String,
    },
    BugSnatched {
        model: String,
        square: String,
    },
    BugGone,
    ShotBug {
        shooter: String,
        killed: bool,
    },
    FoughtBug {
        attacker: String,
        killed: bool,
    },
}

fn m(id: ModelId) -> String {
    id.to_string()
}

fn sq(s: Square) -> String {
    s.to_string()
}

fn half(c: CardId) -> String {
    c.slug().to_string()
}

fn card(c: Card) -> String {
    c.to_string()
}

/// A counter kind's name in events: `critter`, `alien-secret`, `objective`.
pub const fn counter_name(k: CounterKind) -> &'static str {
    match k {
        CounterKind::Critter => "critter",
        CounterKind::AlienSecret => "alien-secret",
        CounterKind::Objective => "objective",
    }
}

/// A defence's name: `fight`, `survive`.
pub const fn defence_name(d: Defence) -> &'static str {
    match d {
        Defence::Fight => "fight",
        Defence::Survive => "survive",
    }
}

const fn shot_name(r: ShotResult) -> &'static str {
    match r {
        ShotResult::Kill => "kill",
        ShotResult::Rattled => "rattled",
        ShotResult::Miss => "miss",
    }
}

/// The winner and the reason of an outcome, as `game_over` names them.
pub fn outcome_names(o: Outcome) -> (Option<&'static str>, &'static str) {
    match o {
        Outcome::Win(s, why) => (
            Some(s.name()),
            match why {
                WinReason::VpTarget => "VpTarget",
                WinReason::WipeOut => "WipeOut",
                WinReason::MoreVp => "MoreVp",
                WinReason::Survived => "Survived",
                WinReason::KeyModelDied => "KeyModelDied",
                WinReason::KeyModelLeft => "KeyModelLeft",
                WinReason::HeldZone => "HeldZone",
            },
        ),
        Outcome::Draw => (None, "Draw"),
    }
}

impl EventInfo {
    /// `e` as `viewer` may see it.
    pub fn of(e: &Event, viewer: Side) -> EventInfo {
        use EventInfo as I;
        match e {
            Event::CounterPlaced(s) => I::CounterPlaced { square: sq(*s) },
            Event::Deployed(id, s) => I::Deployed {
                model: m(*id),
                square: sq(*s),
            },
            Event::Activated(id) => I::Activated { model: m(*id) },
            Event::StoodUp(id) => I::StoodUp { model: m(*id) },
            Event::Moved { model, from, to } => I::Moved {
                model: m(*model),
                from: from.map(sq),
                to: sq(*to),
            },
            Event::Exited(id, edge) => I::Exited {
                model: m(*id),
                edge: edge.name(),
            },
            Event::Aimed(id) => I::Aimed { model: m(*id) },
            Event::Revealed(s, k) => I::Revealed {
                square: sq(*s),
                kind: counter_name(*k),
            },
            Event::Claimed(id, k) => I::Claimed {
                model: m(*id),
                kind: counter_name(*k),
            },
            Event::Roll {
                model,
                test,
                dice,
                value,
                faces,
                successes,
                bonus,
            } => I::Roll {
                model: m(*model),
                test: test.name(),
                dice: *dice,
                value: *value,
                faces: faces.clone(),
                successes: *successes,
                bonus: *bonus,
            },
            Event::Shot {
                shooter,
                target,
                los,
                result,
            } => I::Shot {
                shooter: m(*shooter),
                target: m(*target),
                los: los.name(),
                result: shot_name(*result),
            },
            Event::FightStarted { attacker, defender } => I::FightStarted {
                attacker: m(*attacker),
                defender: m(*defender),
            },
            Event::Fought {
                attacker,
                defender,
                defence,
                killed,
            } => I::Fought {
                attacker: m(*attacker),
                defender: m(*defender),
                defence: defence_name(*defence),
                killed: killed.map(m),
            },
            Event::Killed { model, by, vp } => I::Killed {
                model: m(*model),
                by: by.name(),
                vp: *vp,
            },
            Event::RattleTest {
                model,
                roll,
                rattled,
            } => I::RattleTest {
                model: m(*model),
                roll: *roll,
                rattled: *rattled,
            },
            Event::TurnEnded { next } => I::TurnEnded { next: next.name() },
            Event::RoundEnded { round, next_first } => I::RoundEnded {
                round: *round,
                next_first: next_first.name(),
            },
            Event::ZoneHeld { side, zone } => I::ZoneHeld {
                side: side.name(),
                squares: square_names(*zone),
            },
            Event::HoldRunning {
                side,
                zone,
                rounds,
                needed,
            } => I::HoldRunning {
                side: side.name(),
                squares: square_names(*zone),
                rounds: *rounds,
                needed: *needed,
            },
            Event::ArrivalDrawn {
                side,
                wave,
                round,
                edge,
            } => I::ArrivalDrawn {
                side: side.name(),
                wave: *wave,
                round: *round,
                edge: edge.name(),
            },
            Event::VpScored {
                side,
                vp,
                total,
                source,
            } => I::VpScored {
                side: side.name(),
                vp: *vp,
                total: *total,
                source: source.name(),
            },
            Event::GameOver(o) => {
                let (winner, reason) = outcome_names(*o);
                I::GameOver { winner, reason }
            }
            Event::Drew { side, card: c } => I::Drew {
                side: side.name(),
                card: (*side == viewer).then(|| card(*c)),
            },
            Event::Reshuffled { cards } => I::Reshuffled { cards: *cards },
            Event::CardPlayed { side, card: c } => I::CardPlayed {
                side: side.name(),
                card: card(*c),
            },
            Event::Laid {
                side,
                card: c,
                level,
            } => I::Laid {
                side: side.name(),
                card: card(*c),
                level: *level,
            },
            Event::Called {
                side,
                owner,
                card: c,
                level,
            } => I::Called {
                side: side.name(),
                owner: owner.name(),
                half: half(*c),
                level: *level,
            },
            Event::Jammed { owner, card: c } => I::Jammed {
                owner: owner.name(),
                card: card(*c),
            },
            Event::Discarded { side, card: c } => I::Discarded {
                side: side.name(),
                card: card(*c),
            },
            Event::Passed(s) => I::Passed { side: s.name() },
            Event::Modified { model, dice } => I::Modified {
                model: model.map(m),
                dice: *dice,
            },
            Event::Escaped(id) => I::Escaped { model: m(*id) },
            Event::Distracted(id) => I::Distracted { model: m(*id) },
            Event::Reinforced(id, s) => I::Reinforced {
                model: m(*id),
                square: sq(*s),
            },
            Event::EventDrawn { side, card: c } => I::EventDrawn {
                side: side.name(),
                half: half(*c),
            },
            Event::AreaAttack {
                card: c,
                at,
                squares,
            } => I::AreaAttack {
                half: half(*c),
                at: sq(*at),
                squares: square_names(*squares),
            },
            Event::EffectRoll {
                card: c,
                square,
                test,
                dice,
                value,
                faces,
                successes,
            } => I::EffectRoll {
                half: half(*c),
                square: sq(*square),
                test: test.name(),
                dice: *dice,
                value: *value,
                faces: faces.clone(),
                successes: *successes,
            },
            Event::AreaShot { model, result } => I::AreaShot {
                model: m(*model),
                result: shot_name(*result),
            },
            Event::SurviveCheck { model, failed } => I::SurviveCheck {
                model: m(*model),
                failed: *failed,
            },
            Event::CarLanded(s) => I::CarLanded { square: sq(*s) },
            Event::CarLeft => I::CarLeft,
            Event::BlockerPlaced(s) => I::BlockerPlaced { square: sq(*s) },
            Event::CowsEntered(s) => I::CowsEntered { square: sq(*s) },
            Event::CowsMoved { from, to } => I::CowsMoved {
                from: sq(*from),
                to: sq(*to),
            },
            Event::CowsStopped(s) => I::CowsStopped { square: sq(*s) },
            Event::CowsLeft => I::CowsLeft,
            Event::Stampeded(id) => I::Stampeded { model: m(*id) },
            Event::Trampled(id) => I::Trampled { model: m(*id) },
            Event::CivilianPlaced(s) => I::CivilianPlaced { square: sq(*s) },
            Event::CivilianMoved { from, to } => I::CivilianMoved {
                from: sq(*from),
                to: sq(*to),
            },
            Event::CivilianLeft(s) => I::CivilianLeft { square: sq(*s) },
            Event::CivilianClaimed(id, k) => I::CivilianClaimed {
                model: m(*id),
                kind: counter_name(*k),
            },
            Event::BugPlaced(s) => I::BugPlaced { square: sq(*s) },
            Event::BugAttacks(id) => I::BugAttacks { model: m(*id) },
            Event::BugMoved { from, to } => I::BugMoved {
                from: sq(*from),
                to: sq(*to),
            },
            Event::BugSnatched(id, s) => I::BugSnatched {
                model: m(*id),
                square: sq(*s),
            },
            Event::BugGone => I::BugGone,
            Event::ShotBug { shooter, killed } => I::ShotBug {
                shooter: m(*shooter),
                killed: *killed,
            },
            Event::FoughtBug { attacker, killed } => I::FoughtBug {
                attacker: m(*attacker),
                killed: *killed,
            },
        }
    }
}

/// The decisions and events of `journal` as `side` may see them: the same hiding as the
/// prose log ([`super::message::events_seen_by`]): the other side's drawn cards are
/// `null`, and its `respond none` is not listed (R28): what that answer let happen is
/// listed with the decision before it, as it would be had no window opened.
pub fn happened_seen_by(side: Side, journal: &[JournalEntry]) -> Vec<Happened> {
    let mut out: Vec<Happened> = Vec::new();
    for entry in journal {
        let events = entry.events.iter().map(|e| EventInfo::of(e, side));
        let hidden_choice = entry.by != side && entry.action == Action::Respond(None);
        match out.last_mut() {
            Some(last) if hidden_choice => last.events.extend(events),
            _ => out.push(Happened {
                by: entry.by.name(),
                action: (!hidden_choice).then(|| entry.action.to_string()),
                events: events.collect(),
            }),
        }
    }
    out
}
