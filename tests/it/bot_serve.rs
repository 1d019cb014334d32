//! `mars-attacks serve`, the forward model for bots: a game replayed through it equals the
//! arena's record of it (from the seeds, and with the dice given); the dice given decide
//! every roll whatever the generator; a decision's snapshot loads back as its side saw
//! it; and no line of input, however malformed, gets anything but one JSON answer.

use crate::common::*;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use mars_attacks::arena::play::play_job;
use mars_attacks::arena::{ArenaScenario, Entrant, Plan, Reason, Winner};
use mars_attacks::bot::exec::message::{self, Asked};
use mars_attacks::bot::exec::statics::GameInfo;
use mars_attacks::bot::spec::PlayerSpec;
use mars_attacks::rules::scenario_file::load_scenario;
use mars_attacks::rules::state::Event;
use mars_attacks::rules::{Action, GameState, Side, rng_from_seed};
use mars_attacks::serve::Server;
use serde_json::{Value, json};

use Side::{Humans as H, Martians as M};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn ambush() -> PathBuf {
    root().join("scenarios/ambush.toml")
}

/// The answer to one request, which must not be an error.
fn ask(server: &mut Server, request: Value) -> Value {
    let answer: Value = serde_json::from_str(&server.answer_line(&request.to_string()))
        .expect("every answer is JSON");
    assert_ne!(answer["type"], "error", "{request} -> {answer}");
    answer
}

/// One arena game of Ambush on Route 9, greedy against random, with its moves.
fn recorded_game(seed: u64) -> mars_attacks::arena::Record {
    let loaded = load_scenario(&ambush()).unwrap();
    let bytes = std::fs::read(ambush()).unwrap();
    let plan = Plan {
        scenarios: vec![ArenaScenario::new(
            "scenarios/ambush.toml",
            Arc::new(loaded.scenario),
            &bytes,
        )],
        players: ["greedy", "random"]
            .iter()
            .map(|p| Entrant::new(p.parse::<PlayerSpec>().unwrap()))
            .collect(),
        games: 1,
        seed,
        mirror: false,
        max_decisions: 20_000,
        record_moves: true,
        luck: false,
    };
    let record = play_job(&plan, &plan.jobs()[0], &|s: &PlayerSpec| s.build());
    assert!(record.finished(), "{record:?}");
    record
}

/// The faces of every roll each decision of the record made, replayed from its seeds: a
/// list a decision, a list a roll (a Rattle test's one face).
fn rolls_by_decision(record: &mars_attacks::arena::Record) -> Vec<Vec<Vec<u8>>> {
    let scenario = Arc::new(load_scenario(&ambush()).unwrap().scenario);
    let mut g = GameState::new(scenario, &mut rng_from_seed(record.game_seed));
    let mut dice = rng_from_seed(record.dice_seed);
    let mut out = Vec::new();
    for m in record.moves.as_ref().unwrap() {
        let mut events: Vec<Event> = Vec::new();
        g.play_logged(m.parse::<Action>().unwrap(), &mut dice, &mut events)
            .unwrap();
        out.push(
            events
                .into_iter()
                .filter_map(|e| match e {
                    Event::Roll { faces, .. } | Event::EffectRoll { faces, .. } => Some(faces),
                    Event::RattleTest { roll, .. } => Some(vec![roll]),
                    _ => None,
                })
                .collect(),
        );
    }
    out
}

/// The record's result as `serve` words it: (winner, reason).
fn result_of(record: &mars_attacks::arena::Record) -> (Option<&'static str>, &'static str) {
    let winner = record.winner.map(|w| match w {
        Winner::Humans => "humans",
        Winner::Martians => "martians",
    });
    let reason = match record.reason.unwrap() {
        Reason::VpTarget => "VpTarget",
        Reason::WipeOut => "WipeOut",
        Reason::MoreVp => "MoreVp",
        Reason::Survived => "Survived",
        Reason::KeyModelDied => "KeyModelDied",
        Reason::KeyModelLeft => "KeyModelLeft",
        Reason::HeldZone => "HeldZone",
        Reason::Draw => "Draw",
        Reason::Forfeit => "Forfeit",
    };
    (winner, reason)
}

#[test]
fn a_game_replayed_through_serve_equals_the_arena_record() {
    for seed in [11, 12] {
        let record = recorded_game(seed);
        let moves = record.moves.clone().unwrap();
        let rolls = rolls_by_decision(&record);
        assert!(
            rolls.iter().map(Vec::len).sum::<usize>() > 10,
            "the game rolls dice"
        );
        // From the seeds, the position's own generator rolling; then with the dice given
        // (the generator only draws the rest: cards, counters).
        for with_dice in [false, true] {
            let mut server = Server::new();
            ask(
                &mut server,
                json!({"type": "load", "scenario": ambush(), "seed": record.game_seed,
                       "dice_seed": record.dice_seed}),
            );
            let mut last = Value::Null;
            for (i, m) in moves.iter().enumerate() {
                let mut request = json!({"type": "apply", "action": m});
                if with_dice {
                    request["dice"] = json!(rolls[i]);
                }
                last = ask(&mut server, request);
            }
            let (winner, reason) = result_of(&record);
            assert_eq!(last["outcome"]["winner"], json!(winner), "seed {seed}");
            assert_eq!(last["outcome"]["reason"], reason, "seed {seed}");
            assert_eq!(last["vp"]["humans"], record.vp.humans);
            assert_eq!(last["vp"]["martians"], record.vp.martians);
            assert_eq!(last["round"], record.rounds);
            assert_eq!(moves.len() as u64, record.decisions);
        }
    }
}

/// A seeded random game from `start`: each decision with the faces of the rolls it made.
/// A game's decisions, each with the dice its rolls came up with.
type Rolled = Vec<(Action, Vec<Vec<u8>>)>;

fn random_rolls(start: &GameState, seed: u64) -> (GameState, Rolled) {
    let mut g = start.clone();
    let mut dice = rng_from_seed(seed);
    let mut pick = rng_from_seed(seed + 1);
    let mut decisions = Vec::new();
    let mut legal = Vec::new();
    while g.outcome().is_none() && decisions.len() < 3000 {
        g.legal_actions(&mut legal);
        let a = legal[rand::Rng::random_range(&mut pick, 0..legal.len())];
        let mut events: Vec<Event> = Vec::new();
        g.play_logged(a, &mut dice, &mut events).unwrap();
        let rolls = events
            .into_iter()
            .filter_map(|e| match e {
                Event::Roll { faces, .. } | Event::EffectRoll { faces, .. } => Some(faces),
                Event::RattleTest { roll, .. } => Some(vec![roll]),
                _ => None,
            })
            .collect();
        decisions.push((a, rolls));
    }
    (g, decisions)
}

#[test]
fn the_dice_given_decide_every_roll_whatever_the_generator() {
    // A scenario with no cards and no counters: every chance is a roll. Seeded random
    // games, then the same decisions through serve with their rolls given and another
    // seed for the generator.
    let scenario = small_scenario(
        &[],
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "b1"),
            Place(H, "soldier", "h1"),
            Place(M, "martian", "a8"),
            Place(M, "martian", "c8"),
            Place(M, "martian", "h7"),
        ],
    );
    let start = game(&scenario);
    let mut rolled = 0;
    let mut refused = false;
    for seed in [77, 78, 79, 80] {
        let (end, decisions) = random_rolls(&start, seed);
        assert!(end.outcome().is_some(), "the game ends");
        let mut server = Server::new();
        ask(
            &mut server,
            json!({"type": "load", "game": GameInfo::of(&scenario),
                   "snapshot": snapshot(&start, H), "seed": 1, "dice_seed": 999}),
        );
        for (a, rolls) in &decisions {
            rolled += rolls.len();
            if !refused && !rolls.is_empty() {
                // A roll given a face too many is refused, naming the roll; nothing changes.
                let mut wrong = rolls.clone();
                wrong[0].push(3);
                let request = json!({"type": "apply", "action": a.to_string(), "dice": wrong});
                let answer: Value =
                    serde_json::from_str(&server.answer_line(&request.to_string())).unwrap();
                assert_eq!(
                    (&answer["type"], &answer["field"]),
                    (&json!("error"), &json!("dice"))
                );
                assert!(
                    answer["error"].as_str().unwrap().starts_with("roll 1 ("),
                    "{answer}"
                );
                refused = true;
            }
            ask(
                &mut server,
                json!({"type": "apply", "action": a.to_string(), "dice": rolls}),
            );
        }
        // The same position: what each side is shown, snapshot and all, is the same.
        for side in [H, M] {
            let shown = ask(
                &mut server,
                json!({"type": "state", "side": side.name(), "snapshot": true}),
            );
            let asked = Asked {
                snapshot: true,
                ..Asked::version(2)
            };
            let want = message::decision_asked(&end, side, 0, &[], &[], asked);
            assert_eq!(shown["decide"], want, "seed {seed}, {side}");
        }
    }
    assert!(refused);
    assert!(rolled > 40, "{rolled} rolls");
}

fn snapshot(g: &GameState, side: Side) -> String {
    mars_attacks::bot::exec::snapshot::snapshot_of(g, side)
}

#[test]
fn a_decision_loads_back_from_its_snapshot_as_its_side_saw_it() {
    // Positions along a seeded random game of Ambush on Route 9 (cards, counters, and
    // hands the other side cannot see): each side's decide message, loaded back with
    // the other hand dealt afresh, shows that side the same message.
    let scenario = Arc::new(load_scenario(&ambush()).unwrap().scenario);
    let mut server = Server::new();
    let loaded = ask(
        &mut server,
        json!({"type": "load", "game": GameInfo::of(&scenario), "snapshot":
               snapshot(&GameState::new(scenario.clone(), &mut rng_from_seed(1)), H)}),
    );
    let fingerprint = loaded["fingerprint"].clone();
    let mut checked = 0;
    mars_attacks::sim::random_game(&scenario, 21, 20_000, |before, _, _| {
        checked += 1;
        if checked % 7 != 0 {
            return;
        }
        let Some(side) = before.to_move() else { return };
        let mut legal = Vec::new();
        before.legal_actions(&mut legal);
        let asked = Asked {
            snapshot: true,
            annotate: true,
            ..Asked::version(2)
        };
        let decide = message::decision_asked(before, side, 0, &[], &legal, asked);
        for deal in [3, 4] {
            ask(
                &mut server,
                json!({"type": "load", "decide": decide, "fingerprint": fingerprint,
                       "seed": deal}),
            );
            let again = ask(
                &mut server,
                json!({"type": "state", "side": side.name(), "snapshot": true,
                       "annotate": true}),
            );
            assert_eq!(again["decide"], decide, "decision {checked}, deal {deal}");
        }
    });
    assert!(checked > 50);
}

#[test]
fn malformed_requests_get_one_error_line_and_change_nothing() {
    let mut server = Server::new();
    ask(
        &mut server,
        json!({"type": "load", "scenario": ambush(), "seed": 4}),
    );
    let shown = ask(
        &mut server,
        json!({"type": "state", "side": "humans", "snapshot": true}),
    );
    let valid = [
        json!({"type": "load", "scenario": ambush(), "seed": 4, "state": "x"}),
        json!({"type": "legal", "annotate": true}),
        json!({"type": "apply", "action": "activate m8", "seed": 3, "into": "y"}),
        json!({"type": "apply", "action": "activate m8", "dice": [[1, 2]], "into": "y"}),
        json!({"type": "determinize", "side": "martians", "seed": 2, "into": "z"}),
        json!({"type": "odds", "shoot": {"dice": 4, "value": 4, "survive_dice": 3, "survive": 5}}),
        json!({"type": "odds", "fight": {"dice": 4, "value": 4, "defender_dice": 3, "defend": 5}}),
        json!({"type": "state", "side": "martians", "annotate": true}),
        json!({"type": "load", "snapshot": shown["decide"]["snapshot"], "scenario": ambush(),
               "into": "w"}),
        json!({"type": "copy", "into": "c"}),
        json!({"type": "drop", "state": "c"}),
    ];
    let odd_values = [
        json!(null),
        json!(-1),
        json!(1.5),
        json!(18446744073709551615u64),
        json!("m99"),
        json!("a9"),
        json!(""),
        json!("\u{0}é€"),
        json!([]),
        json!([[9]]),
        json!([[0, 1]]),
        json!([[]]),
        json!({}),
        json!(true),
        json!("TUFTAQ=="),
        json!("shoot m1"),
        json!("main"),
    ];
    let mut rng = rng_from_seed(5);
    let mut lines: Vec<String> = vec![
        String::new(),
        "{".into(),
        "[]".into(),
        "null".into(),
        "\"load\"".into(),
        "{\"type\": 5}".into(),
        "{\"type\": \"fly\"}".into(),
        "{\"type\": \"apply\"}".into(),
        "{\"type\": \"load\", \"save\": \"/no/such/save.json\"}".into(),
        "{\"type\": \"load\", \"scenario\": \"Cargo.toml\", \"seed\": 1}".into(),
        "{\"type\": \"load\", \"snapshot\": \"!!!\", \"scenario\": \"scenarios/ambush.toml\"}"
            .into(),
        "x".repeat(5000),
    ];
    for v in &valid {
        let text = v.to_string();
        // Each field given every odd value, and the line cut and its bytes changed.
        for key in v.as_object().unwrap().keys() {
            for odd in &odd_values {
                let mut w = v.clone();
                w[key] = odd.clone();
                lines.push(w.to_string());
            }
        }
        for cut in (0..text.len()).step_by(7) {
            lines.push(text[..cut].to_string());
        }
        for _ in 0..40 {
            let mut bytes = text.clone().into_bytes();
            let i = rand::Rng::random_range(&mut rng, 0..bytes.len());
            bytes[i] = rand::Rng::random_range(&mut rng, 0x20..0x7f);
            lines.push(String::from_utf8(bytes).unwrap());
        }
    }
    let mut errors = 0;
    let main = json!({"type": "state", "side": "humans", "snapshot": true}).to_string();
    for line in &lines {
        let before = server.answer_line(&main);
        let answer = server.answer_line(line);
        assert!(!answer.contains('\n'), "one line: {answer}");
        let v: Value = serde_json::from_str(&answer).expect("an answer is JSON");
        assert!(v["type"].is_string(), "{line} -> {answer}");
        if v["type"] == "error" {
            errors += 1;
            assert!(
                v["error"].as_str().is_some_and(|e| !e.is_empty()),
                "{answer}"
            );
            assert!(v["line"].is_u64(), "{answer}");
            assert!(
                !v["error"].as_str().unwrap().contains("the engine failed"),
                "a panic, caught: {line} -> {answer}"
            );
            // A refused request changes no position.
            let after = server.answer_line(&main);
            if !before.contains("\"type\":\"error\"") {
                let (b, a): (Value, Value) = (
                    serde_json::from_str(&before).unwrap(),
                    serde_json::from_str(&after).unwrap(),
                );
                assert_eq!(b["decide"], a["decide"], "{line} -> {answer}");
            }
        }
        // Whatever the lines did (a drop of `main` is a request like another), `main` is
        // there for the next.
        if server.answer_line(&main).contains("\"type\":\"error\"") {
            ask(
                &mut server,
                json!({"type": "load", "scenario": ambush(), "seed": 4}),
            );
        }
    }
    assert!(
        errors > lines.len() / 2,
        "{errors} errors of {}",
        lines.len()
    );
}

/// docs/bot-protocol.md's table of `serve`'s requests names every request the server
/// knows, and nothing else.
#[test]
fn the_reference_lists_every_request_of_serve() {
    let doc = std::fs::read_to_string(root().join("docs/bot-protocol.md")).unwrap();
    let section = doc
        .split("\n## A forward model: `mars-attacks serve`\n")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("the reference has a section on serve");
    let mut listed: Vec<String> = section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .filter_map(|l| l.split('`').nth(1).map(str::to_string))
        .collect();
    listed.dedup();
    let mut server = Server::new();
    for request in &listed {
        let answer = server.answer_line(&json!({ "type": request }).to_string());
        assert!(!answer.contains("is not a request"), "{request}: {answer}");
    }
    // The server's own list, as its error for an unknown request gives it.
    let answer: Value = serde_json::from_str(&server.answer_line(r#"{"type": "fly"}"#)).unwrap();
    let known = answer["error"]
        .as_str()
        .unwrap()
        .split(": ")
        .nth(1)
        .unwrap();
    let known: Vec<String> = known.split(", ").map(str::to_string).collect();
    assert_eq!(listed, known);
}
