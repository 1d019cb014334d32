//! `mars-attacks analyse`: where a game was won and lost, from a saved game or an arena
//! run's recorded game, as text and as JSON whose start, choices and luck add up to its
//! end, and the errors of a command line that names no game it can read.

use std::path::Path;

use serde_json::Value;

use mars_attacks::table::session::Session;
use mars_attacks::table::setup::Controller;
use rand::{Rng, SeedableRng};

use crate::common::{run_cli, scratch_dir};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A recorded arena run of two games of Ambush on Route 9, greedy against random, seats
/// swapped.
fn recorded(dir: &Path) -> std::path::PathBuf {
    let out = dir.join("r.jsonl");
    let ambush = root().join("scenarios/ambush.toml");
    let (code, _, err) = run_cli(&[
        "arena",
        "--scenario",
        ambush.to_str().unwrap(),
        "--players",
        "greedy",
        "random",
        "--games",
        "2",
        "--seed",
        "5",
        "--jobs",
        "1",
        "--record-moves",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    out
}

fn ids(results: &Path) -> Vec<(String, usize, String)> {
    std::fs::read_to_string(results)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|v| {
            (
                v["id"].as_str().unwrap().to_string(),
                v["moves"].as_array().unwrap().len(),
                v["winner"].as_str().unwrap_or("draw").to_string(),
            )
        })
        .collect()
}

#[test]
fn a_recorded_games_ledger_adds_up_to_its_result_for_both_sides() {
    let dir = scratch_dir("analyse/recorded");
    let results = recorded(&dir);
    let games = ids(&results);
    assert_eq!(games.len(), 2, "one game each way round");
    for (id, moves, winner) in games {
        let (code, out, err) = run_cli(&[
            "analyse",
            results.to_str().unwrap(),
            &id,
            "--judge",
            "mcts:20",
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let sides: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(sides.len(), 2, "both sides, a line each");
        for (v, side) in sides.iter().zip(["humans", "martians"]) {
            assert_eq!(v["side"], side);
            let f = |k: &str| v[k].as_f64().unwrap_or_else(|| panic!("{k}: {v}"));
            let sum = f("start") + f("choices") + f("luck");
            assert!(
                (sum - f("end")).abs() < 1e-9,
                "{id} {side}: {sum} against {}",
                f("end")
            );
            assert!((f("own_choices") + f("other_choices") - f("choices")).abs() < 1e-12);
            let (end, result) = if winner == side {
                (1.0, "won")
            } else if winner == "draw" {
                (0.5, "drawn")
            } else {
                (0.0, "lost")
            };
            assert_eq!(f("end"), end);
            assert_eq!(v["result"], result);
            let rows = v["decisions"].as_array().unwrap();
            assert_eq!(rows.len(), moves, "a row a decision");
            // The rows add up to the totals.
            let luck: f64 = rows.iter().map(|r| r["luck"].as_f64().unwrap()).sum();
            assert!((luck - f("luck")).abs() < 1e-9);
            // Judged only where the side decided.
            for r in rows {
                if !r["judged"].is_null() {
                    assert_eq!(r["side"], side);
                }
            }
        }
        // The two sides' ledgers mirror each other.
        let g = |i: usize, k: &str| sides[i][k].as_f64().unwrap();
        assert!((g(0, "start") + g(1, "start") - 1.0).abs() < 1e-12);
        assert!((g(0, "luck") + g(1, "luck")).abs() < 1e-9);
        assert!((g(0, "own_choices") + g(1, "other_choices")).abs() < 1e-9);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_saved_game_going_on_is_judged_without_a_ledger() {
    let dir = scratch_dir("analyse/save");
    let setup = mars_attacks::table::setup::GameSetup {
        scenario_path: root().join("scenarios/whos-there.toml"),
        seed: 3,
        dice_seed: None,
        controllers: mars_attacks::rules::BySide::new(Controller::Human, Controller::Human),
    };
    let mut s = Session::new(setup).unwrap();
    let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    while s.history().len() < 40 {
        let legal = s.legal();
        s.play(legal[pick.random_range(0..legal.len())]).unwrap();
    }
    let save = dir.join("g.json");
    s.save_to(&save).unwrap();
    let (code, out, err) = run_cli(&[
        "analyse",
        save.to_str().unwrap(),
        "--side",
        "humans",
        "--judge",
        "mcts:20",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("The Humans' game: "), "{out}");
    assert!(out.contains("The game goes on: its ledger"), "{out}");
    // A row a decision, after the header.
    let rows = out
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("# round"))
        .skip(1)
        .count();
    assert_eq!(rows, 40, "{out}");
    let (code, out, _) = run_cli(&[
        "analyse",
        save.to_str().unwrap(),
        "--side",
        "humans",
        "--judge",
        "mcts:20",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    for k in ["start", "end", "choices", "luck", "result"] {
        assert!(v[k].is_null(), "{k}: a game going on has none");
    }
    assert!(v["chance_to_win"].as_f64().is_some());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_command_line_naming_no_game_it_can_read_says_what_is_wrong() {
    let dir = scratch_dir("analyse/errors");
    let results = recorded(&dir);
    let r = results.to_str().unwrap();
    let (code, _, err) = run_cli(&["analyse", r, "nope"]);
    assert_eq!(code, 1);
    assert!(err.contains("nope"), "{err}");
    let (code, _, err) = run_cli(&["analyse", r, "x", "--judge", "greedy"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--judge greedy: the judge must be an `mcts` search"),
        "{err}"
    );
    let missing = dir.join("missing.json");
    let (code, _, err) = run_cli(&["analyse", missing.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("no such saved game"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
