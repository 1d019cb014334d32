//! Every scenario loads back from what a bot is given: a decision's snapshot and a saved
//! game, in `serve` (in-process and as a program), for every shipped scenario and a
//! designer's scenario with hidden counters. A snapshot is read into a frame set up
//! with real dice, so placing a scenario's counters never rolls the same taken square
//! for ever (`GameState::from_snapshot`).

use crate::child::{self, Run, root};
use crate::common::shipped_scenarios;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

use mars_attacks::bot::exec::message::{self, Asked};
use mars_attacks::bot::exec::snapshot::snapshot_of;
use mars_attacks::bot::exec::statics::GameInfo;
use mars_attacks::rules::scenario::Scenario;
use mars_attacks::rules::scenario_file::load_scenario;
use mars_attacks::rules::{GameState, Side, rng_from_seed};
use mars_attacks::serve::Server;
use serde_json::{Value, json};

/// Every shipped scenario, and a designer's file with an Alien Secret hidden among its
/// counters.
fn every_scenario() -> Vec<(String, Arc<Scenario>)> {
    let mut all = shipped_scenarios();
    let designer = root().join("tests/fixtures/scenarios/lost-secret.toml");
    let loaded = load_scenario(&designer).unwrap();
    assert!(
        loaded.scenario.counters.secrets > 0,
        "a scenario with counters"
    );
    all.push((designer.display().to_string(), Arc::new(loaded.scenario)));
    all
}

/// Runs `work` on a thread of its own and waits at most `limit` for it: a load that never
/// answers fails the test instead of hanging it.
fn within<T: Send + 'static>(
    what: &str,
    limit: Duration,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(work());
    });
    match rx.recv_timeout(limit) {
        Ok(answer) => answer,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what}: no answer within {limit:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: failed (see above)"),
    }
}

fn ask(server: &mut Server, request: &Value) -> Value {
    let answer: Value = serde_json::from_str(&server.answer_line(&request.to_string()))
        .expect("every answer is JSON");
    assert_ne!(answer["type"], "error", "{request} -> {answer}");
    answer
}

#[test]
fn every_scenario_loads_from_its_first_snapshot_in_serve() {
    // The set-up of a seeded game, as each side sees it: face-down counters on the board
    // and the other hand only a size. Seed 5 of Who's There? hung before.
    for (file, scenario) in every_scenario() {
        for seed in [5, 6] {
            let start = GameState::new(scenario.clone(), &mut rng_from_seed(seed));
            if scenario.counters.placed > 0 {
                assert!(start.hidden_counters().any(), "{file}: counters are placed");
            }
            for side in Side::BOTH {
                let request = json!({"type": "load", "game": GameInfo::of(&scenario),
                                     "snapshot": snapshot_of(&start, side), "seed": 1});
                let answer = within(&format!("{file}, seed {seed}"), Duration::from_secs(20), {
                    move || {
                        let mut server = Server::new();
                        let loaded = ask(&mut server, &request);
                        let shown = ask(
                            &mut server,
                            &json!({"type": "state", "side": side.name(), "snapshot": true}),
                        );
                        (loaded, shown)
                    }
                });
                assert_eq!(answer.0["type"], "loaded", "{file}");
                assert_eq!(
                    answer.1["decide"]["snapshot"],
                    json!(snapshot_of(&start, side)),
                    "{file}, seed {seed}: the same position, as {side} sees it"
                );
            }
        }
    }
}

#[test]
fn every_scenario_loads_back_each_decision_as_its_side_saw_it() {
    // Positions along a seeded random game of each scenario: each side's decide message,
    // loaded back with the other hand dealt afresh, shows that side the same message.
    for (file, scenario) in every_scenario() {
        let checked = within(&file.clone(), Duration::from_secs(120), move || {
            let mut server = Server::new();
            let start = GameState::new(scenario.clone(), &mut rng_from_seed(1));
            let loaded = ask(
                &mut server,
                &json!({"type": "load", "game": GameInfo::of(&scenario),
                        "snapshot": snapshot_of(&start, Side::Humans)}),
            );
            let fingerprint = loaded["fingerprint"].clone();
            let mut n = 0;
            let mut checked = 0;
            mars_attacks::sim::random_game(&scenario, 31, 20_000, |before, _, _| {
                n += 1;
                let Some(side) = before.to_move() else { return };
                if n % 17 != 0 {
                    return;
                }
                let mut legal = Vec::new();
                before.legal_actions(&mut legal);
                let asked = Asked {
                    snapshot: true,
                    ..Asked::version(2)
                };
                let decide = message::decision_asked(before, side, 0, &[], &legal, asked);
                ask(
                    &mut server,
                    &json!({"type": "load", "decide": decide, "fingerprint": fingerprint,
                            "seed": n}),
                );
                let again = ask(
                    &mut server,
                    &json!({"type": "state", "side": side.name(), "snapshot": true}),
                );
                assert_eq!(again["decide"], decide, "{file}, decision {n}");
                checked += 1;
            });
            checked
        });
        assert!(checked >= 3, "{checked} positions checked");
    }
}

#[test]
fn the_serve_program_loads_a_snapshot_of_whos_there_and_a_saved_game_of_every_scenario() {
    let scenario = Arc::new(
        load_scenario(&root().join("scenarios/whos-there.toml"))
            .unwrap()
            .scenario,
    );
    let start = GameState::new(scenario.clone(), &mut rng_from_seed(5));
    let mut input = String::new();
    for side in Side::BOTH {
        input += &json!({"type": "load", "snapshot": snapshot_of(&start, side),
                         "scenario": "scenarios/whos-there.toml", "seed": 2})
        .to_string();
        input.push('\n');
        input += &json!({"type": "legal"}).to_string();
        input.push('\n');
    }
    // A saved game of every scenario, a few decisions in.
    let dir = child::scratch("hardening-snapshots", "saves");
    for (i, (file, _)) in every_scenario().iter().enumerate() {
        let save = dir.join(format!("game-{i}.json"));
        let mut session =
            mars_attacks::table::session::Session::new(mars_attacks::table::setup::GameSetup {
                scenario_path: PathBuf::from(file),
                seed: 5,
                dice_seed: None,
                controllers: mars_attacks::rules::BySide::new(
                    mars_attacks::table::setup::Controller::Human,
                    mars_attacks::table::setup::Controller::Human,
                ),
            })
            .unwrap();
        for _ in 0..6 {
            let Some(a) = session.legal().first().copied() else {
                break;
            };
            session.play(a).unwrap();
        }
        session.save_to(&save).unwrap();
        input += &json!({"type": "load", "save": save, "state": format!("s{i}")}).to_string();
        input.push('\n');
    }
    let r = Run::new(&["serve"])
        .stdin(input)
        .kill_after(Duration::from_secs(60))
        .run();
    assert_eq!(r.code, Some(0), "serve ended by itself: {}", r.stderr);
    let answers: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 4 + every_scenario().len(), "{}", r.stdout);
    for a in &answers {
        assert_ne!(a["type"], "error", "{a}");
    }
    assert_eq!(answers[0]["type"], "loaded");
}

#[test]
fn a_position_printed_for_a_game_with_counters_loads_into_serve() {
    // `position --snapshot` of a recorded game of Who's There? (counters face down), the
    // message loaded into the serve program with the scenario named by its file.
    let dir = child::scratch("hardening-snapshots", "position");
    let results = dir.join("run.jsonl");
    let r = child::run(&[
        "arena".as_ref(),
        "--scenario".as_ref(),
        root().join("scenarios/whos-there.toml").as_os_str(),
        "--players".as_ref(),
        "random".as_ref(),
        "--games".as_ref(),
        "1".as_ref(),
        "--seed".as_ref(),
        "5".as_ref(),
        "--record-moves".as_ref(),
        "-q".as_ref(),
        "--out".as_ref(),
        results.as_os_str(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = std::fs::read_to_string(&results).unwrap();
    let record: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let id = record["id"].as_str().unwrap();
    let mut input = String::new();
    for n in [0, 7, 20] {
        let r = child::run(&[
            "position".as_ref(),
            results.as_os_str(),
            id.as_ref(),
            "--decision".as_ref(),
            n.to_string().as_ref(),
            "--snapshot".as_ref(),
        ]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let decide: Value = serde_json::from_str(r.stdout.trim()).unwrap();
        input += &json!({"type": "load", "decide": decide, "seed": n,
                         "scenario": root().join("scenarios/whos-there.toml")})
        .to_string();
        input.push('\n');
    }
    let r = Run::new(&["serve"])
        .stdin(input)
        .kill_after(Duration::from_secs(60))
        .run();
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let answers: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 3, "{}", r.stdout);
    assert!(
        answers.iter().all(|a| a["type"] == "loaded"),
        "{}",
        r.stdout
    );
}
