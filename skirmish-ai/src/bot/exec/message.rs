//! The messages of the bot protocol (`docs/bot-protocol.md`), built only from what the
//! bot's side may see: the public state, its own hand, the sizes of hidden things, the
//! decisions and events since its last decision as that side's log shows them (R28), and
//! its legal actions as action strings.

use serde_json::{Value, json};

use crate::bot::game::JournalEntry;
use rules::action::Action;
use rules::bitboard::Bitboard;
use rules::cards::CardType;
use rules::sim::describe;
use rules::state::{CounterKind, Event, Loc, Outcome, Phase};
use rules::{GameState, Side, Square};

use super::annotate::annotate;
use super::events::happened_seen_by;
use super::snapshot::snapshot_of;
use super::statics::{GameInfo, square_names};
use super::{PROTOCOL_LATEST, PROTOCOL_VERSION};

/// The hello: the protocol, the scenario, the bot's side, its time per decision, and a
/// seed for whatever it draws at random (from the player's generator, so that a seeded
/// run replays).
pub fn hello(g: &GameState, side: Side, limit_ms: u64, seed: u64) -> Value {
    let s = g.scenario();
    json!({
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "versions": (PROTOCOL_VERSION..=PROTOCOL_LATEST).collect::<Vec<_>>(),
        "side": side.name(),
        "time_limit_ms": limit_ms,
        "seed": seed,
        "scenario": {
            "name": s.name,
            "vp_target": {
                "humans": s.vp_target(Side::Humans),
                "martians": s.vp_target(Side::Martians),
            },
            "last_round": s.last_round(),
            "hand_size": g.hand_size(),
            "profiles": (0..g.models().len())
                .map(|i| g.profile(rules::ModelId(i as u8)))
                .map(|p| (p.key.clone(), json!({
                    "name": p.name, "shoot": p.shoot, "fight": p.fight,
                    "survive": p.survive, "range": p.range,
                })))
                .collect::<serde_json::Map<String, Value>>(),
        },
    })
}

/// The next game of a run, to a bot kept from the last one (it asked for `new_game`):
/// that game's hello, answered as a hello is.
pub fn new_game(hello: &Value) -> Value {
    json!({ "type": "new_game", "hello": hello })
}

/// The static game, told (not asked) to a bot that chose version 2 in its hello answer.
pub fn game(g: &GameState) -> Value {
    json!({ "type": "game", "game": GameInfo::of(g.scenario()) })
}

/// What a bot asked for in its hello answer: the protocol version, and the parts of
/// version 2 it opts into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    pub version: u32,
    /// Annotated legal actions (`"annotate": true`, [`super::annotate`]).
    pub annotate: bool,
    /// The decision's snapshot for `serve` (`"snapshot": true`).
    pub snapshot: bool,
    /// To be kept between the games of a run (`"new_game": true`).
    pub new_game: bool,
}

impl Asked {
    /// A version alone, with nothing opted into.
    pub const fn version(version: u32) -> Asked {
        Asked {
            version,
            annotate: false,
            snapshot: false,
            new_game: false,
        }
    }
}

/// A decision of `side`: what it sees now, what happened since `journal` began (the part
/// of the game's journal it has not been told), and its legal actions. Version 2 adds
/// the blockers now on the board (a landed Flying Car's included) to the state and the
/// typed events (`happened`) beside the prose lines.
pub fn decision(
    g: &GameState,
    side: Side,
    number: u64,
    journal: &[JournalEntry],
    legal: &[Action],
    version: u32,
) -> Value {
    decision_asked(g, side, number, journal, legal, Asked::version(version))
}

/// [`decision`] with what the bot opted into: version 2's annotations of the legal
/// actions and the snapshot `serve` loads.
pub fn decision_asked(
    g: &GameState,
    side: Side,
    number: u64,
    journal: &[JournalEntry],
    legal: &[Action],
    asked: Asked,
) -> Value {
    let mut msg = decision_v1(g, side, number, journal, legal);
    if asked.version >= 2 {
        msg["state"]["blockers"] = json!(square_names(g.map().blockers()));
        board_objects(g, &mut msg["state"]);
        msg["state"]["progress"] = progress(g);
        msg["state"]["scoring"] = scoring(g);
        msg["happened"] = json!(happened_seen_by(side, journal));
        victory_state(g, &mut msg["state"]);
        if asked.annotate {
            msg["annotations"] = json!(annotate(g, side, legal));
        }
        if asked.snapshot {
            msg["snapshot"] = json!(snapshot_of(g, side));
        }
    }
    msg
}

/// Version 2: the acting model's progress through its action (R12), `null` outside the
/// `acting` phase: squares stepped so far, whether it has shot, Aimed or stood up, and
/// what it may still do (another step, a shot).
fn progress(g: &GameState) -> Value {
    match g.phase() {
        Phase::Acting(act) => {
            let (may_step, may_shoot) = act.options();
            json!({
                "model": act.model.to_string(),
                "steps": act.steps,
                "shot": act.shot,
                "aimed": act.aimed,
                "stood": act.stood,
                "may_step": may_step,
                "may_shoot": may_shoot,
            })
        }
        _ => Value::Null,
    }
}

/// Version 2: the scoring state both sides see: the counters each side has claimed (the
/// first `counters_free` of them score nothing, as the scenario says), and how many
/// counters of each kind are not yet revealed: face down on the board, or set aside
/// unseen when the scenario places fewer than its pool (`counters.placed`).
fn scoring(g: &GameState) -> Value {
    let (critters, secrets) = g.counter_pool();
    json!({
        "claimed": { "humans": g.claimed(Side::Humans), "martians": g.claimed(Side::Martians) },
        "unrevealed": {
            CounterKind::Critter.name(): critters,
            CounterKind::AlienSecret.name(): secrets,
            CounterKind::Objective.name(): g.objective_pool(),
        },
    })
}

/// What a scenario with drawn entries or zones that win adds to the state (P31, P33):
/// each side's entries as known now, and the Rounds running of each of its zones that win.
/// Nothing for a scenario without them.
fn victory_state(g: &GameState, state: &mut Value) {
    let sc = g.scenario();
    if sc.has_drawn_entries() {
        let arrivals = |side: Side| -> Vec<Value> {
            (0..sc.sides[side].entry.len())
                .filter_map(|w| g.arrival(side, w))
                .map(|a| {
                    json!({
                        "round": a.round,
                        "edge": a.edge.map(|e| e.name()),
                        "squares": square_names(a.squares),
                    })
                })
                .collect()
        };
        state["arrivals"] =
            json!({ "humans": arrivals(Side::Humans), "martians": arrivals(Side::Martians) });
    }
    if sc.win_zones().next().is_some() {
        let running = |side: Side| -> Vec<Value> {
            (0..sc.sides[side].hold.len())
                .map(|i| json!(g.hold_running(side, i)))
                .collect()
        };
        state["holds_running"] =
            json!({ "humans": running(Side::Humans), "martians": running(Side::Martians) });
    }
}

/// The things of Event cards on the board (version 2): the Bug and the burning cows with
/// their squares and the side that drew them, and the Civilians' squares (P20-P22).
fn board_objects(g: &GameState, state: &mut Value) {
    let drawn = |o: Option<(Square, Side)>| {
        o.map(|(sq, by)| json!({ "square": sq.to_string(), "drawn_by": by.name() }))
    };
    state["bug"] = json!(drawn(g.bug()));
    state["cows"] = json!(drawn(g.cows()));
    state["civilians"] = json!(
        g.civilians()
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
    );
}

fn decision_v1(
    g: &GameState,
    side: Side,
    number: u64,
    journal: &[JournalEntry],
    legal: &[Action],
) -> Value {
    json!({
        "type": "decide",
        "decision": number,
        "state": public_state(g),
        "hand": cards(g.hand(side), side),
        "hidden": {
            "other_hand": g.hand_len(side.other()),
            "deck": g.deck_len(),
        },
        "events": events_seen_by(g, side, journal),
        "legal": legal.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
    })
}

/// The end of the game: the winner (or none for a draw), why, the VP, and what happened
/// since the bot's last decision (typed as well, for version 2).
pub fn game_over(g: &GameState, side: Side, journal: &[JournalEntry], version: u32) -> Value {
    let (winner, reason) = match g.outcome() {
        Some(Outcome::Win(w, why)) => (Some(w.name()), format!("{why:?}")),
        Some(Outcome::Draw) => (None, "Draw".to_string()),
        None => (None, "unfinished".to_string()),
    };
    let mut msg = json!({
        "type": "game_over",
        "winner": winner,
        "reason": reason,
        "vp": vp(g),
        "events": events_seen_by(g, side, journal),
    });
    if version >= 2 {
        msg["happened"] = json!(happened_seen_by(side, journal));
    }
    msg
}

/// The end of a game the bot's side lost by failing: what went wrong.
pub fn forfeited(reason: &str) -> Value {
    json!({ "type": "game_over", "forfeit": reason })
}

fn vp(g: &GameState) -> Value {
    json!({ "humans": g.vp(Side::Humans), "martians": g.vp(Side::Martians) })
}

/// Cards as their holder `side` names them in actions (`splat/we-are-your-friends`).
fn cards<'a>(it: impl Iterator<Item = (&'a CardType, u8)>, side: Side) -> Vec<String> {
    let mut out = Vec::new();
    for (c, n) in it {
        let name = c
            .card(side)
            .map(|c| c.to_string())
            .unwrap_or_else(|| c.name());
        out.extend(std::iter::repeat_n(name, n as usize));
    }
    out
}

/// Cards seen by both sides, named Martian half first (`heat-ray/human-ingenuity`).
fn public_cards<'a>(it: impl Iterator<Item = (&'a CardType, u8)>) -> Vec<String> {
    cards(it, Side::Martians)
}

fn squares(set: Bitboard) -> Vec<String> {
    set.iter().map(|s: Square| s.to_string()).collect()
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Deploy(_) => "deploy",
        Phase::TurnStart => "turn-start",
        Phase::Acting(_) => "acting",
        Phase::AfterFirst => "after-first",
        Phase::FightTarget { .. } => "fight-target",
        Phase::Defence { .. } => "defence",
        Phase::Respond(_) => "respond",
        Phase::Escape(_) => "escape",
        Phase::Refill(_) => "refill",
        Phase::CarHeading(_) => "car-heading",
        Phase::BugTarget(_) => "bug-target",
        Phase::BugDefence(_) => "bug-defence",
        Phase::Busy => "busy",
        Phase::GameOver(_) => "game-over",
    }
}

/// Everything both sides see.
pub fn public_state(g: &GameState) -> Value {
    let models: Vec<Value> = g
        .models()
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let id = rules::ModelId(i as u8);
            let (place, square) = match m.loc {
                Loc::Board(s) => ("board", Some(s.to_string())),
                Loc::Waiting => ("waiting", None),
                Loc::Undeployed => ("undeployed", None),
                Loc::Dead => ("dead", None),
                Loc::Exited => ("exited", None),
            };
            json!({
                "id": id.to_string(),
                "side": m.side.name(),
                "profile": g.profile(id).key,
                "place": place,
                "square": square,
                "activated": m.activated,
                "rattled": m.rattled,
            })
        })
        .collect();
    let walls: Vec<Value> = g
        .map()
        .walls()
        .pieces()
        .into_iter()
        .map(|(s, e, k)| json!({ "square": s.to_string(), "edge": e.name(), "kind": format!("{k:?}").to_lowercase() }))
        .collect();
    let face_up: Vec<Value> = CounterKind::ALL
        .into_iter()
        .flat_map(|k| {
            g.face_up_counters(k)
                .iter()
                .map(move |s| json!({ "square": s.to_string(), "kind": k.name() }))
        })
        .collect();
    let sets = |side: Side| -> Vec<Value> {
        g.support_sets(side)
            .map(|(c, level)| json!({ "card": c.to_string(), "level": level }))
            .collect()
    };
    let acting = match g.phase() {
        Phase::Acting(a) => Some(a.model.to_string()),
        _ => None,
    };
    json!({
        "round": g.round(),
        "turn": g.turn_number(),
        "turn_player": g.turn_player().name(),
        "to_move": g.to_move().map(Side::name),
        "phase": phase_name(g.phase()),
        "acting": acting,
        "vp": vp(g),
        "walls": walls,
        "models": models,
        "counters": { "face_down": squares(g.hidden_counters()), "face_up": face_up },
        "support_sets": { "humans": sets(Side::Humans), "martians": sets(Side::Martians) },
        "discard_pile": public_cards(g.discard_pile()),
        "events_in_play": public_cards(g.events_in_play()),
        "cards_played_this_turn": g.cards_played_this_turn(),
        "passed": { "humans": g.has_passed(Side::Humans), "martians": g.has_passed(Side::Martians) },
    })
}

/// The decisions and events of `journal` as `side`'s log shows them: the other side's
/// drawn cards face down, and its "no card" at a test not listed (a window opens only for
/// a side holding a card that fits, so the line would tell that it held one, R28); what
/// the test caused is still listed.
pub fn events_seen_by(g: &GameState, side: Side, journal: &[JournalEntry]) -> Vec<String> {
    let mut out = Vec::new();
    for entry in journal {
        let hidden_choice = entry.by != side && entry.action == Action::Respond(None);
        if !hidden_choice {
            out.push(format!("{}: {}", entry.by.name(), entry.action));
        }
        for e in &entry.events {
            out.push(match e {
                Event::Drew { side: s, .. } if *s != side => {
                    format!("the {} draw a card", s.title())
                }
                _ => describe(g, e),
            });
        }
    }
    out
}
