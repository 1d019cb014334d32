//! The bot protocol (docs/bot-protocol.md): what a program is told is only what its side
//! may see; a program that fails loses the game with the reason recorded, and the run
//! goes on; the example bots play seeded duels.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use common::*;
use mars_attacks::arena::play::play_job;
use mars_attacks::arena::{ArenaScenario, Entrant, Plan, Reason, Status, Winner};
use mars_attacks::bot::exec::message;
use mars_attacks::bot::game::JournalEntry;
use mars_attacks::bot::spec::{BoxedPlayer, PlayerSpec};
use mars_attacks::rules::cards::{Effect, Roll, Whose};
use mars_attacks::rules::scenario_file::load_scenario;
use mars_attacks::rules::state::Event;
use mars_attacks::rules::{Action, GameState, Side};

use Side::{Humans as H, Martians as M};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The messages `side` would be sent now in protocol versions 1 and 2, and in version 2
/// with everything opted into (annotations and the snapshot), as text, a line each.
fn message_for(g: &GameState, side: Side, journal: &[JournalEntry]) -> String {
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let all = message::Asked {
        annotate: true,
        snapshot: true,
        new_game: true,
        ..message::Asked::version(2)
    };
    [message::Asked::version(1), message::Asked::version(2), all]
        .map(|asked| message::decision_asked(g, side, 1, journal, &legal, asked).to_string())
        .join("\n")
}

/// The message of protocol version `v` alone, as JSON.
fn message_v(g: &GameState, side: Side, v: usize) -> serde_json::Value {
    let text = message_for(g, side, &[]);
    serde_json::from_str(text.lines().nth(v - 1).unwrap()).unwrap()
}

/// A physical card of the deck whose half for `side` is `slug`, as `side` names it.
fn a_card(g: &GameState, side: Side, slug: &str) -> mars_attacks::rules::cards::Card {
    let deck = g.deck();
    (0..deck.types())
        .map(|t| deck.card(t))
        .find(|c| c.face(side).is_some_and(|f| f.id == card(slug)))
        .and_then(|c| c.card(side))
        .unwrap()
}

/// A position of two models, the Humans to act, each side holding cards.
fn position(martian_hand: &[&str]) -> GameState {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 4);
    g.edit().give(H, card("sneak"), 1).give(H, card("splat"), 1);
    for c in martian_hand {
        g.edit().give(M, card(c), 1);
    }
    g
}

#[test]
fn a_bot_is_told_the_same_whatever_it_cannot_see() {
    // The other hand differs (and with it the deck): the same message, byte for byte.
    let a = position(&["heat-ray", "tough-little-suckers"]);
    let b = position(&["freeze-ray", "we-come-in-peace"]);
    assert_ne!(a, b);
    assert_eq!(message_for(&a, H, &[]), message_for(&b, H, &[]));
    // So are the other side's draws and its "no card" at a test (R28): in one world the
    // Martians draw a Heat Ray and pass at a test, in the other draw a Splat! and are
    // never asked.
    let drew = |c: &str| Event::Drew {
        side: M,
        card: a_card(&a, M, c),
    };
    let roll = Event::Activated(mars_attacks::rules::ModelId(0));
    let one = [
        JournalEntry {
            by: M,
            action: Action::Keep,
            events: vec![drew("heat-ray")],
        },
        JournalEntry {
            by: M,
            action: Action::Respond(None),
            events: vec![roll.clone()],
        },
    ];
    let other = [JournalEntry {
        by: M,
        action: Action::Keep,
        events: vec![drew("freeze-ray"), roll],
    }];
    assert_eq!(message_for(&a, H, &one), message_for(&b, H, &other));
    // The control: what the side sees differs, and so does its message.
    let moved = {
        let mut g = a.clone();
        g.edit().place(mars_attacks::rules::ModelId(1), sq("b4"));
        g
    };
    assert_ne!(message_for(&a, H, &[]), message_for(&moved, H, &[]));
    let own_hand = {
        let mut g = a.clone();
        g.edit().give(H, card("jammer"), 1);
        g
    };
    assert_ne!(message_for(&a, H, &[]), message_for(&own_hand, H, &[]));
    // Its own draws it sees by name.
    let own_draw = [JournalEntry {
        by: H,
        action: Action::Keep,
        events: vec![Event::Drew {
            side: H,
            card: a_card(&a, H, "splat"),
        }],
    }];
    assert!(message_for(&a, H, &own_draw).contains("Splat"));
    assert!(message_for(&a, M, &own_draw).contains("the Humans draw a card"));
}

/// The half of `side`'s test card that adds dice to its own `roll`.
fn dice_card(g: &GameState, side: Side, roll: Roll) -> mars_attacks::rules::CardId {
    g.deck()
        .halves(side)
        .into_iter()
        .find_map(|f| match f.effect {
            Effect::TestDice {
                whose: Whose::Own,
                rolls,
                dice,
            } if rolls.has(roll) && dice > 0 => Some(f.id),
            _ => None,
        })
        .expect("the core deck has such a card")
}

#[test]
fn annotations_and_snapshots_tell_nothing_the_side_cannot_see() {
    // The Soldier acts, with shots, steps and a charge before it; the Martians hold a card
    // for their Survive roll in one world and none in the other.
    let acting = |martians_card: bool| {
        let mut g = setup(
            &[
                Place(H, "soldier", "a1"),
                Place(M, "martian", "a3"),
                Place(M, "martian", "c2"),
            ],
            0,
        );
        g.edit().give(H, card("sneak"), 1);
        let survive = dice_card(&g, M, Roll::Survive);
        if martians_card {
            g.edit().give(M, survive, 1);
        } else {
            g.edit().give(M, card("heat-ray"), 1);
        }
        g
    };
    for (before, side) in [(vec![], H), (vec!["activate m1"], H)] {
        let [mut a, mut b] = [acting(true), acting(false)];
        play(&mut a, &before);
        play(&mut b, &before);
        assert_ne!(a, b);
        let (ma, mb) = (message_for(&a, side, &[]), message_for(&b, side, &[]));
        assert_eq!(ma, mb, "after {before:?}");
        assert!(ma.contains("\"annotations\"") && ma.contains("\"snapshot\""));
    }
    // At the Humans' own response window on their shot (theirs comes first, R20): the
    // test and the odds with each of their answers are the same whatever the Martians
    // hold, though only in one world will the Martians get a window after them.
    let window = |martians_card: bool| {
        let mut g = acting(martians_card);
        let shoot = dice_card(&g, H, Roll::Shoot);
        g.edit().give(H, shoot, 1);
        play(&mut g, &["activate m1", "shoot m2"]);
        assert_eq!(g.phase(), mars_attacks::rules::state::Phase::Respond(H));
        g
    };
    let (wa, wb) = (window(true), window(false));
    assert_eq!(message_for(&wa, H, &[]), message_for(&wb, H, &[]));
    let annotated: serde_json::Value =
        serde_json::from_str(message_for(&wa, H, &[]).lines().nth(2).unwrap()).unwrap();
    assert_eq!(annotated["annotations"]["test"]["kind"], "shoot");
    assert_eq!(
        annotated["annotations"]["actions"]
            .as_object()
            .unwrap()
            .len(),
        2,
        "respond none and respond with the card: {annotated}"
    );
    // The control: what the side sees changes the annotations and the snapshot.
    let mut moved = acting(true);
    moved
        .edit()
        .place(mars_attacks::rules::ModelId(1), sq("a4"));
    play(&mut moved, &["activate m1"]);
    let mut a = acting(true);
    play(&mut a, &["activate m1"]);
    let part = |g: &GameState, key: &str| -> String {
        let v: serde_json::Value =
            serde_json::from_str(message_for(g, H, &[]).lines().nth(2).unwrap()).unwrap();
        v[key].to_string()
    };
    assert_ne!(part(&a, "annotations"), part(&moved, "annotations"));
    assert_ne!(part(&a, "snapshot"), part(&moved, "snapshot"));
    // Its own hand changes them too: one more card to answer its window with.
    let mut more = window(true);
    more.edit().give(H, card("splat"), 1);
    assert_ne!(part(&wa, "snapshot"), part(&more, "snapshot"));
    let mut another = window(true);
    let enemy_survive = another
        .deck()
        .halves(H)
        .into_iter()
        .find_map(|f| match f.effect {
            Effect::TestDice {
                whose: Whose::Enemy,
                rolls,
                ..
            } if rolls.has(Roll::Survive) => Some(f.id),
            _ => None,
        })
        .expect("the core deck has a Humans card for the enemy's Survive roll");
    another.edit().give(H, enemy_survive, 1);
    assert_ne!(part(&wa, "annotations"), part(&another, "annotations"));
}

#[test]
fn the_message_lists_what_the_protocol_promises() {
    let g = position(&["heat-ray"]);
    let v = message_v(&g, H, 1);
    assert_eq!(v["type"], "decide");
    assert!(v.get("happened").is_none() && v["state"].get("blockers").is_none());
    // Version 2 adds the blockers, the Event cards' things on the board, the acting
    // model's progress, the scoring state and the typed events, and changes nothing else.
    let mut v2 = message_v(&g, H, 2);
    assert_eq!(v2["state"]["blockers"], serde_json::json!([]));
    assert_eq!(v2["state"]["bug"], serde_json::Value::Null);
    assert_eq!(v2["state"]["cows"], serde_json::Value::Null);
    assert_eq!(v2["state"]["civilians"], serde_json::json!([]));
    assert_eq!(v2["happened"], serde_json::json!([]));
    // No model is acting, and nothing is claimed or hidden on this board.
    assert_eq!(v2["state"]["progress"], serde_json::Value::Null);
    assert_eq!(
        v2["state"]["scoring"]["claimed"],
        serde_json::json!({"humans": 0, "martians": 0})
    );
    for key in [
        "blockers",
        "bug",
        "cows",
        "civilians",
        "progress",
        "scoring",
    ] {
        v2["state"].as_object_mut().unwrap().remove(key);
    }
    v2.as_object_mut().unwrap().remove("happened");
    assert_eq!(v, v2);
    assert_eq!(v["hand"].as_array().unwrap().len(), 2);
    assert_eq!(v["hidden"]["other_hand"], 1);
    assert_eq!(v["hidden"]["deck"], u64::from(g.deck_len()));
    assert_eq!(v["state"]["models"][0]["square"], "a1");
    assert_eq!(v["state"]["turn_player"], "humans");
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let listed: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
    assert_eq!(v["legal"], serde_json::json!(listed));
    // Every action listed parses back to itself.
    for a in &listed {
        assert_eq!(a.parse::<Action>().unwrap().to_string(), *a);
    }
}

fn arena_scenario() -> ArenaScenario {
    let path = root().join("scenarios/ambush.toml");
    let loaded = load_scenario(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    ArenaScenario::new("scenarios/ambush.toml", Arc::new(loaded.scenario), &bytes)
}

fn plan(players: &[String]) -> Plan {
    Plan {
        scenarios: vec![arena_scenario()],
        players: players
            .iter()
            .map(|p| Entrant::new(p.parse::<PlayerSpec>().unwrap()))
            .collect(),
        games: 1,
        seed: 5,
        mirror: false,
        max_decisions: 20_000,
        record_moves: false,
        luck: false,
    }
}

fn build(spec: &PlayerSpec) -> BoxedPlayer {
    spec.build()
}

fn failing(how: &str) -> String {
    format!(
        "exec[limit=0.5]:python3 {}/tests/fixtures/bots/failing_bot.py {how}",
        root().display()
    )
}

#[test]
fn a_bot_that_fails_loses_the_game_with_the_reason_and_its_last_words() {
    for (how, says, stderr) in [
        ("crash", "exited", "the bot broke on purpose"),
        ("garbage", "not a JSON object", "garbage: deciding 1"),
        ("no-action", "no \"action\" string", "no-action: deciding 1"),
        ("illegal", "`shoot m60`", "illegal: deciding 1"),
        (
            "slow",
            "no answer to decision 1 within its limit of 0.50 s",
            "slow: deciding 1",
        ),
        (
            "no-hello",
            "before answering the hello",
            "giving up before the hello",
        ),
    ] {
        let p = plan(&[failing(how), "random".to_string()]);
        let job = &p.jobs()[0];
        let r = play_job(&p, job, &build);
        let bot_side = if job.seats[0] == 0 { H } else { M };
        let winner = if bot_side == H {
            Winner::Martians
        } else {
            Winner::Humans
        };
        assert!(r.finished(), "{how}: {r:?}");
        assert_eq!(
            (r.winner, r.reason),
            (Some(winner), Some(Reason::Forfeit)),
            "{how}"
        );
        let error = r.error.unwrap_or_default();
        assert!(error.contains(says), "{how}: {error}");
        assert!(error.contains(stderr), "{how}: {error}");
        assert!(
            error.contains("gave the game up at decision"),
            "{how}: {error}"
        );
    }
    // A program that cannot even start: the game is not played, so it is no result (the
    // command line refuses such a program before a run).
    let p = plan(&["exec:./no-such-bot-here".to_string(), "random".to_string()]);
    let r = play_job(&p, &p.jobs()[0], &build);
    assert_eq!(
        (r.status, r.winner, r.reason),
        (Status::NotStarted, None, None)
    );
    assert!(
        r.error
            .unwrap()
            .contains("cannot start `./no-such-bot-here`")
    );
}

#[test]
fn the_example_bots_play_a_seeded_duel_that_replays() {
    use mars_attacks::bot::{DuelConfig, duel};
    let scenario = Arc::new(
        load_scenario(&root().join("scenarios/ambush.toml"))
            .unwrap()
            .scenario,
    );
    let spec = |name: &str| -> PlayerSpec {
        format!("exec:python3 {}/examples/bots/{name}", root().display())
            .parse()
            .unwrap()
    };
    let mut config = DuelConfig::new(6, 3);
    config.jobs = 2;
    let greedy_vs_random = || {
        duel(
            &scenario,
            spec("greedy_bot.py"),
            spec("random_bot.py"),
            &config,
            |_| {},
        )
    };
    let first = greedy_vs_random();
    assert!(
        first.failures.is_empty() && first.forfeits.is_empty(),
        "{first}"
    );
    assert_eq!(first.completed(), 6);
    // Seeded by the hello: the same games again.
    let again = greedy_vs_random();
    assert_eq!((first.wins, first.draws), (again.wins, again.draws));
    // A bot that asks for version 2 is told what that version promises (it exits, and
    // so forfeits, if not), and plays as before.
    let v2 = duel(
        &scenario,
        format!(
            "exec:python3 {}/examples/bots/random_bot.py --protocol 2",
            root().display()
        )
        .parse()
        .unwrap(),
        spec("random_bot.py"),
        &config,
        |_| {},
    );
    assert!(v2.failures.is_empty() && v2.forfeits.is_empty(), "{v2}");
    assert_eq!(v2.completed(), 6);
    // And a bot meets a built-in player.
    let r = duel(
        &scenario,
        spec("random_bot.py"),
        "greedy".parse().unwrap(),
        &config,
        |_| {},
    );
    assert!(r.forfeits.is_empty(), "{r}");
    assert_eq!(r.completed(), 6);
}

/// The version 2 example bot plays whole games from the hello, the game message and the
/// annotations alone: it opens no file and starts no program, and loses no game by
/// breaking the protocol, on a scenario of fights and one of counters.
#[test]
fn the_version_2_example_bot_plays_from_what_the_engine_tells_it() {
    use mars_attacks::bot::{DuelConfig, duel};
    let source = std::fs::read_to_string(root().join("examples/bots/tactician_bot.py")).unwrap();
    for reads_or_runs in ["open(", "import os", "subprocess", "popen", "system("] {
        assert!(
            !source.contains(reads_or_runs),
            "the example bot uses `{reads_or_runs}`"
        );
    }
    let bot: PlayerSpec = format!(
        "exec:python3 {}/examples/bots/tactician_bot.py",
        root().display()
    )
    .parse()
    .unwrap();
    for file in ["scenarios/ambush.toml", "scenarios/saucer-down.toml"] {
        let scenario = Arc::new(load_scenario(&root().join(file)).unwrap().scenario);
        let r = duel(
            &scenario,
            bot,
            "greedy".parse().unwrap(),
            &DuelConfig::new(4, 1),
            |_| {},
        );
        assert!(
            r.forfeits.is_empty() && r.failures.is_empty(),
            "{file}: {r}"
        );
        assert_eq!(r.completed(), 4, "{file}");
    }
}

/// `arena --strict` and `duel --strict`: a run where a program forfeited exits with code 1 and says so; without
/// it the forfeit is a result like any other (exit 0); a run with no forfeit passes either way.
#[test]
fn strict_runs_fail_when_a_program_forfeits() {
    let dir = crate::common::scratch_dir("strict");
    let out = dir.join("r.jsonl");
    let scenario = root().join("scenarios/ambush.toml");
    let run = |player: &str, strict: bool| {
        let mut args = vec![
            "mars-attacks".to_string(),
            "arena".into(),
            "--scenario".into(),
            scenario.display().to_string(),
            "--players".into(),
            player.into(),
            "random".into(),
            "--games".into(),
            "2".into(),
            "--jobs".into(),
            "1".into(),
            "-q".into(),
            "--overwrite".into(),
            "--out".into(),
            out.display().to_string(),
        ];
        if strict {
            args.push("--strict".into());
        }
        let (mut o, mut e) = (Vec::new(), Vec::new());
        let code = mars_attacks::cli::run_from(args, &mut o, &mut e);
        (code, String::from_utf8(e).unwrap())
    };
    let crash = failing("crash");
    let (code, err) = run(&crash, true);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("2 game(s) were forfeited by a program (--strict)"),
        "{err}"
    );
    assert_eq!(run(&crash, false).0, 0);
    assert_eq!(run("greedy", true).0, 0);
    // `duel --strict` likewise.
    let duel = |player: &str, strict: bool| {
        let mut args = vec![
            "mars-attacks".to_string(),
            "duel".into(),
            scenario.display().to_string(),
            player.into(),
            "random".into(),
            "--games".into(),
            "2".into(),
        ];
        if strict {
            args.push("--strict".into());
        }
        let (mut o, mut e) = (Vec::new(), Vec::new());
        let code = mars_attacks::cli::run_from(args, &mut o, &mut e);
        (code, String::from_utf8(e).unwrap())
    };
    let (code, err) = duel(&crash, true);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("2 game(s) were forfeited by a program (--strict)"),
        "{err}"
    );
    assert_eq!(duel(&crash, false).0, 0);
    assert_eq!(duel("greedy", true).0, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The rows of the markdown table in the reference section of docs/bot-protocol.md whose
/// header starts with `first`, as their cells.
fn reference_table(first: &str) -> Vec<Vec<String>> {
    let doc = std::fs::read_to_string(root().join("docs/bot-protocol.md")).unwrap();
    let section = doc
        .split("\n## Phases and actions\n")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("docs/bot-protocol.md has its reference of phases and actions");
    let mut rows = Vec::new();
    let mut inside = false;
    for line in section.lines() {
        if line.starts_with(&format!("| {first} |")) {
            inside = true;
            continue;
        }
        if inside {
            if !line.starts_with('|') {
                break;
            }
            if !line.starts_with("|---") {
                rows.push(common::markdown_cells(line));
            }
        }
    }
    rows
}

/// The text between each pair of backticks of `cell`.
fn quoted(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

#[test]
fn the_reference_names_every_phase_and_verb_a_game_offers_and_its_examples_parse() {
    let phases: Vec<String> = reference_table("phase")
        .iter()
        .map(|r| quoted(&r[0])[0].clone())
        .collect();
    let verbs = reference_table("verb");
    let verb_names: Vec<String> = verbs.iter().map(|r| quoted(&r[0])[0].clone()).collect();
    // Each example parses, prints back as written, and starts with its row's verb.
    for row in &verbs {
        let example = &quoted(&row[2])[0];
        let a: Action = example
            .parse()
            .unwrap_or_else(|e| panic!("`{example}` does not parse: {e}"));
        assert_eq!(&a.to_string(), example);
        assert_eq!(example.split(' ').next(), Some(quoted(&row[0])[0].as_str()));
    }
    // Every verb and phase met in random games of the shipped scenarios, and every action
    // of the model space, is in the tables.
    let mut seen_verbs = std::collections::BTreeSet::new();
    let mut seen_phases = std::collections::BTreeSet::new();
    for a in Action::space(32) {
        seen_verbs.insert(a.to_string().split(' ').next().unwrap().to_string());
    }
    for (_, scenario) in shipped_scenarios() {
        for seed in 0..6 {
            mars_attacks::sim::random_game(&scenario, seed, 20_000, |before, action, _| {
                seen_verbs.insert(action.to_string().split(' ').next().unwrap().to_string());
                if let Some(side) = before.to_move() {
                    let m = message_v(before, side, 1);
                    seen_phases.insert(m["state"]["phase"].as_str().unwrap().to_string());
                }
            });
        }
    }
    for v in &seen_verbs {
        assert!(
            verb_names.contains(v),
            "the verb `{v}` is not in the reference"
        );
    }
    for p in &seen_phases {
        assert!(
            phases.contains(p),
            "the phase `{p}` is not in the reference"
        );
    }
    // The phases the random games met cover all but the rare ones.
    assert!(seen_phases.len() >= 9, "{seen_phases:?}");
}
