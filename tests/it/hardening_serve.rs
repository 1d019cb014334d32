//! `serve` and the files it and the table are handed: a FIFO named as a file (or as the
//! scenario of a save) is never waited on, a save's players are not read by `serve`, an
//! error's `line` is the line of the input it answers, and a record whose dice seed was
//! changed is refused by `position` rather than replayed on other dice.

use crate::child::{self, Run, root, run};

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{Value, json};

fn scratch(name: &str) -> PathBuf {
    child::scratch("hardening-serve", name)
}

fn fifo(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let made = std::process::Command::new("mkfifo").arg(&path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    path
}

/// A saved game of Scenario 1 that names `scenario` and the players given.
fn save(dir: &Path, scenario: &Path, humans: &str, martians: &str) -> PathBuf {
    let path = dir.join("game.json");
    let text = json!({"scenario": scenario, "seed": 3, "humans": humans,
                      "martians": martians, "actions": []});
    std::fs::write(&path, text.to_string()).unwrap();
    path
}

fn answers(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("every answer is JSON"))
        .collect()
}

#[test]
fn a_fifo_named_as_a_file_is_read_as_empty_not_waited_on() {
    let dir = scratch("fifo");
    let pipe = fifo(&dir, "pipe.toml");
    let in_save = save(&dir, &pipe, "human", "greedy");
    let quick = Duration::from_secs(20);
    for args in [
        vec![
            "play".into(),
            "--load".into(),
            pipe.clone().into_os_string(),
        ],
        vec![
            "play".into(),
            "--load".into(),
            in_save.clone().into_os_string(),
        ],
        vec![
            "serve".into(),
            "--load".into(),
            pipe.clone().into_os_string(),
        ],
        vec![
            "serve".into(),
            "--load".into(),
            in_save.clone().into_os_string(),
        ],
        vec!["validate".into(), pipe.clone().into_os_string()],
    ] {
        let r = Run::new(&args).kill_after(quick).run();
        assert_eq!(
            r.code,
            Some(1),
            "{args:?} ended with an error: {}",
            r.stderr
        );
        assert!(
            r.elapsed < Duration::from_secs(10),
            "{args:?}: {:?}",
            r.elapsed
        );
    }
    // The same files named in requests: each answered with an error at once.
    let input = [
        json!({"type": "load", "scenario": pipe, "seed": 1}),
        json!({"type": "load", "save": pipe}),
        json!({"type": "load", "save": in_save}),
    ]
    .iter()
    .map(|r| r.to_string() + "\n")
    .collect::<String>();
    let r = Run::new(&["serve"]).stdin(input).kill_after(quick).run();
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let got = answers(&r.stdout);
    assert_eq!(got.len(), 3, "{}", r.stdout);
    assert!(got.iter().all(|a| a["type"] == "error"), "{}", r.stdout);
}

#[test]
fn serve_loads_a_save_whatever_players_it_names() {
    // docs/bot-protocol.md: a saved game that names a program, or a player this version
    // does not know, is loaded as a position, its players ignored.
    let dir = scratch("players");
    let game = save(
        &dir,
        &root().join("scenarios/whos-there.toml"),
        "exec:some-bot --fast",
        "mcts:no-such-level",
    );
    let input = json!({"type": "load", "save": game}).to_string() + "\n";
    let r = Run::new(&["serve"]).stdin(input).run();
    let got = answers(&r.stdout);
    assert_eq!(got[0]["type"], "loaded", "{}", r.stdout);
    let r = run(&["serve".as_ref(), "--load".as_ref(), game.as_os_str()]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    // The table, which would play them, still refuses the unknown player.
    let r = run(&["play".as_ref(), "--load".as_ref(), game.as_os_str()]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stderr.contains("no-such-level"), "{}", r.stderr);
}

#[test]
fn an_error_names_the_line_of_the_input_it_answers() {
    // Line 1 a blank line, line 2 longer than the 16 MiB a request may be, line 3 not
    // UTF-8, line 4 a bad request: each error its own line number.
    let mut input = Vec::new();
    input.extend_from_slice(b"\n");
    input.extend(std::iter::repeat_n(b'x', (16 << 20) + 10));
    input.extend_from_slice(b"\n\xff\xfe\n{\"type\": \"legal\", \"state\": \"nowhere\"}\n");
    let r = Run::new(&["serve"])
        .stdin(input)
        .kill_after(Duration::from_secs(60))
        .run();
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let got = answers(&r.stdout);
    assert_eq!(got.len(), 3, "{}", r.stdout);
    let lines: Vec<u64> = got.iter().map(|a| a["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [2, 3, 4], "{}", r.stdout);
    assert!(got[0]["error"].as_str().unwrap().contains("longer than"));
    assert!(got[1]["error"].as_str().unwrap().contains("not UTF-8"));
    assert_eq!(got[2]["field"], "state");
    // With --load the loaded game is not a line of the input: the first line is line 1.
    let input = "{\"type\": \"apply\", \"action\": \"zzz\"}\n";
    let r = Run::new(&["serve", "--load", "scenarios/ambush.toml"])
        .stdin(input)
        .run();
    let got = answers(&r.stdout);
    assert_eq!(got[1]["line"], 1, "{}", r.stdout);
}

#[test]
fn a_record_whose_dice_seed_was_changed_is_refused() {
    let dir = scratch("dice-seed");
    let results = dir.join("run.jsonl");
    let r = run(&[
        "arena".as_ref(),
        "--scenario".as_ref(),
        root().join("scenarios/ambush.toml").as_os_str(),
        "--players".as_ref(),
        "random".as_ref(),
        "--games".as_ref(),
        "1".as_ref(),
        "--record-moves".as_ref(),
        "-q".as_ref(),
        "--out".as_ref(),
        results.as_os_str(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = std::fs::read_to_string(&results).unwrap();
    let mut record: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let id = record["id"].as_str().unwrap().to_string();
    let position = |file: &Path| {
        run(&[
            "position".as_ref(),
            file.as_os_str(),
            id.as_ref(),
            "--decision".as_ref(),
            "5".as_ref(),
        ])
    };
    assert_eq!(position(&results).code, Some(0));
    record["dice_seed"] = json!(record["dice_seed"].as_u64().unwrap() ^ 1);
    let tampered = dir.join("tampered.jsonl");
    std::fs::write(&tampered, record.to_string() + "\n").unwrap();
    let r = position(&tampered);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stderr.contains("records the dice seed"), "{}", r.stderr);
}

#[test]
fn two_runs_never_write_one_results_file_at_once() {
    // A run resuming a file holds its lock: a second one on the same file is refused
    // while the first plays, and nothing it would have written is written.
    let dir = scratch("lock");
    let out = dir.join("run.jsonl");
    let arena = |extra: &[&str]| {
        let mut args: Vec<String> = [
            "arena",
            "--scenario",
            root().join("scenarios/ambush.toml").to_str().unwrap(),
            "--players",
            "mcts:3000",
            "greedy",
            "--games",
            "40",
            "--jobs",
            "1",
            "-q",
            "--out",
            out.to_str().unwrap(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        args.extend(extra.iter().map(|s| s.to_string()));
        args
    };
    let mut first = std::process::Command::new(child::BIN)
        .args(arena(&[]))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the first run has the file.
    let started = std::time::Instant::now();
    while !out.exists() && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let second = Run::new(&arena(&["--resume"])).run();
    let _ = first.kill();
    let _ = first.wait();
    assert_eq!(second.code, Some(2), "{}", second.stderr);
    assert!(
        second.stderr.contains("being written by another arena run"),
        "{}",
        second.stderr
    );
}
