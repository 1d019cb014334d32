//! `arena --verify`: a run's games played again from their seeds give their records, and a
//! record that the program would not play again is found and named by its first field
//! that differs.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use mars_attacks::arena::record::{PerSide, RootValue, read_records};
use mars_attacks::arena::verify::{first_difference, replays};
use mars_attacks::arena::{Reason, Record, Winner};
use mars_attacks::bot::spec::PlayerSpec;
use mars_attacks::rules::square::Side;

fn whos_there() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/whos-there.toml")
}

fn cli(args: &[OsString]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mars-attacks"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The run's arguments: four games of `greedy` against a small search on Scenario 1,
/// with the run's `seed` on `jobs` threads.
fn run_args(out: &Path, seed: &str, jobs: &str, extra: &[&str]) -> Vec<OsString> {
    let mut a: Vec<OsString> = [
        "arena",
        "--scenario",
        whos_there().to_str().unwrap(),
        "--players",
        "greedy",
        "mcts:40",
        "--games",
        "4",
        "--seed",
        seed,
        "--jobs",
        jobs,
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]
    .iter()
    .map(OsString::from)
    .collect();
    a.extend(extra.iter().map(OsString::from));
    a
}

fn records(path: &Path) -> Vec<Record> {
    read_records(path).expect("the results read").records
}

#[test]
fn a_run_replays_and_a_record_it_would_not_play_is_named() {
    let dir = crate::common::scratch_dir("arena_verify/replay");
    let out = dir.join("run.jsonl");
    let o = cli(&run_args(&out, "17", "2", &[]));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let played = records(&out);
    assert_eq!(played.len(), 4);
    assert!(
        played.iter().any(|r| !r.values.is_empty()),
        "the search's values are recorded, so they are compared"
    );

    // Played again on one thread, every game gives its record.
    let o = cli(&run_args(&out, "17", "1", &["--verify"]));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("4 games played again: 4 as recorded, 0 not"),
        "{}",
        text(&o.stdout)
    );
    assert_eq!(records(&out), played, "--verify writes nothing");

    // A record whose search gave another value at one decision, as a program that plays
    // differently would have recorded it.
    let mut changed = played.clone();
    let i = changed.iter().position(|r| r.values.len() > 3).unwrap();
    changed[i].values[3].value += 0.25;
    let id = changed[i].id.clone();
    let lines: Vec<String> = changed.iter().map(|r| r.to_line() + "\n").collect();
    std::fs::write(&out, lines.concat()).unwrap();
    let o = cli(&run_args(&out, "17", "2", &["--verify"]));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    assert!(
        stdout.contains("4 games played again: 3 as recorded, 1 not"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("  {id}: values[3] was ")),
        "{stdout}"
    );
    assert!(
        text(&o.stderr).contains("1 of 4 games do not replay"),
        "{}",
        text(&o.stderr)
    );

    // Another seed's run is not this one: nothing to check is an error, not a pass.
    let o = cli(&run_args(&out, "18", "2", &["--verify"]));
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("nothing to check"),
        "{}",
        text(&o.stderr)
    );

    // The same games under a level's name are played again as that level plays (30
    // iterations at a temperature, not 40), and named as not replaying: a level is a
    // recipe, the same on every machine, never left out as a time budget was.
    let timed = dir.join("timed.jsonl");
    let renamed: Vec<String> = played
        .iter()
        .map(|r| {
            let name = |p: &str| p.replace("mcts:40", "mcts:normal");
            let r = Record {
                id: name(&r.id),
                humans: name(&r.humans),
                martians: name(&r.martians),
                ..r.clone()
            };
            r.to_line() + "\n"
        })
        .collect();
    std::fs::write(&timed, renamed.concat()).unwrap();
    let mut args = run_args(&timed, "17", "2", &["--verify"]);
    for a in &mut args {
        if a == "mcts:40" {
            *a = OsString::from("mcts:normal");
        }
    }
    let o = cli(&args);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(!err.contains("left out"), "{err}");
    assert!(err.contains("4 of 4 games do not replay"), "{err}");

    // --verify with an option that would write is refused before any game.
    let o = cli(&run_args(&out, "17", "2", &["--verify", "--resume"]));
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
}

#[test]
fn kept_decisions_are_compared_move_for_move() {
    let dir = crate::common::scratch_dir("arena_verify/moves");
    let out = dir.join("run.jsonl");
    let o = cli(&run_args(&out, "17", "2", &["--record-moves"]));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    // Verified without --record-moves: the records kept their decisions, so they are
    // kept and compared again.
    let o = cli(&run_args(&out, "17", "2", &["--verify"]));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let mut played = records(&out);
    let moves = played[0].moves.as_mut().expect("the decisions are kept");
    moves[0] = format!("{} again", moves[0]);
    let lines: Vec<String> = played.iter().map(|r| r.to_line() + "\n").collect();
    std::fs::write(&out, lines.concat()).unwrap();
    let o = cli(&run_args(&out, "17", "2", &["--verify"]));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains(&format!("  {}: moves[0] was ", played[0].id)),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn what_the_clock_decides_is_not_compared_and_time_budgets_do_not_replay() {
    let r = Record {
        values: vec![RootValue {
            decision: 1,
            side: Side::Martians,
            value: 0.5,
        }],
        search: Some("0123456789abcdef".into()),
        ..crate::common::arena_record(
            "S/a-vs-b/0",
            "greedy",
            "mcts:40",
            Some(Winner::Humans),
            Reason::VpTarget,
            3,
        )
    };
    let slower = Record {
        seconds: 9.0,
        think_seconds: PerSide {
            humans: 1.0,
            martians: 8.0,
        },
        max_decision_ms: 300.0,
        search: Some("fedcba9876543210".into()),
        moves: Some(vec!["activate m1".into()]),
        luck: None,
        ..r.clone()
    };
    assert_eq!(first_difference(&r, &slower), None);
    let longer = Record {
        decisions: r.decisions + 1,
        rounds: 4,
        ..r.clone()
    };
    // The decisions are looked at before the result.
    let d = first_difference(&r, &longer).unwrap();
    assert_eq!(
        (d.field.as_str(), d.recorded.as_str(), d.replayed.as_str()),
        ("decisions", "100", "101")
    );
    let spec = |s: &str| s.parse::<PlayerSpec>().unwrap();
    assert!(replays(&spec("greedy")));
    assert!(replays(&spec("mcts:1000")));
    // Every level is a count of iterations (its time cap only a guard), so it replays.
    for level in ai::Level::ALL {
        assert!(replays(&spec(&format!("mcts:{level}"))), "{level}");
    }
}

#[test]
fn a_run_verifies_from_any_path_to_its_scenario_and_names_what_the_file_lacks() {
    let dir = crate::common::scratch_dir("arena_verify/paths");
    let out = dir.join("run.jsonl");
    let o = cli(&run_args(&out, "21", "2", &["--record-moves"]));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let played = records(&out);
    // The same scenario by a relative path, from another folder: the same run.
    let relative = Command::new(env!("CARGO_BIN_EXE_mars-attacks"))
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"))
        .args(
            run_args(&out, "21", "1", &["--verify"])
                .into_iter()
                .map(|a| {
                    if a == whos_there().as_os_str() {
                        "whos-there.toml".into()
                    } else {
                        a
                    }
                }),
        )
        .output()
        .unwrap();
    assert_eq!(
        relative.status.code(),
        Some(0),
        "{}",
        text(&relative.stderr)
    );
    assert!(
        text(&relative.stdout).contains("4 games played again: 4 as recorded, 0 not"),
        "{}",
        text(&relative.stdout)
    );
    // A file lacking two of the run's games: the two it holds replay, the others are
    // named, and the run does not pass.
    let lines: Vec<String> = played[..2].iter().map(|r| r.to_line() + "\n").collect();
    std::fs::write(&out, lines.concat()).unwrap();
    let o = cli(&run_args(&out, "21", "2", &["--verify"]));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    assert!(
        stdout.contains("2 games played again: 2 as recorded, 0 not"),
        "{stdout}"
    );
    for r in &played[2..] {
        assert!(stdout.contains(&r.id), "{} is named: {stdout}", r.id);
    }
    assert!(text(&o.stderr).contains("lacks 2"), "{}", text(&o.stderr));
    // A record stripped of its moves, in a run that kept them, does not pass.
    let mut stripped = played.clone();
    stripped[1].moves = None;
    let lines: Vec<String> = stripped.iter().map(|r| r.to_line() + "\n").collect();
    std::fs::write(&out, lines.concat()).unwrap();
    let o = cli(&run_args(&out, "21", "2", &["--verify"]));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains(&format!("  {}: moves was (absent), now [", played[1].id)),
        "{}",
        text(&o.stdout)
    );
}
