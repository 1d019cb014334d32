//! One table of exit codes (README, "Exit codes"), followed by every command: 0 done; 1 an
//! input file that is there but invalid, a failed game, an output that could not be
//! written; 2 a command line that does not make sense, a missing input file among them.
//! The walk below names every input file of every command, and fails when a command is
//! added without being named here.

use crate::child::{self, Run, root};

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

/// Where a command takes an input file: its arguments with `{}` for the file.
const INPUTS: &[(&str, &[&str])] = &[
    ("play", &["play", "--scenario", "{}"]),
    ("play", &["play", "--load", "{}"]),
    ("play", &["play", "--replay", "{}", "some/game/0"]),
    ("duel", &["duel", "{}", "random", "random", "--games", "1"]),
    (
        "arena",
        &[
            "arena",
            "--scenario",
            "{}",
            "--players",
            "random",
            "--games",
            "1",
            "-q",
            "--out",
            "{out}",
        ],
    ),
    ("report", &["report", "{}", "--out", "{out}"]),
    ("validate", &["validate", "{}"]),
    (
        "scenarios",
        &[
            "scenarios",
            "--dir",
            "{shelf}",
            "--docs",
            "{out}",
            "--record",
            "{}",
        ],
    ),
    ("preview", &["preview", "{}"]),
    ("render", &["render", "{}"]),
    (
        "setup-sheet",
        &["setup-sheet", "--scenario", "{}", "--out", "{out}"],
    ),
    ("deck", &["deck", "{}"]),
    ("los", &["los", "{}", "--from", "a1", "--to", "b2"]),
    ("steps", &["steps", "{}"]),
    ("simulate", &["simulate", "{}"]),
    (
        "position",
        &["position", "{}", "some/game/0", "--decision", "0"],
    ),
    ("replay", &["replay", "{}", "some/game/0"]),
    ("analyse", &["analyse", "{}"]),
    ("analyse", &["analyse", "{}", "some/game/0"]),
    ("serve", &["serve", "--load", "{}"]),
    ("bench", &["bench", "{}"]),
    ("strength", &["strength", "{}", "--out", "{out}"]),
    ("strength", &["strength", "--check", "--out", "{}"]),
    (
        "fit-evaluation",
        &[
            "fit-evaluation",
            "--scenario",
            "{}",
            "--games",
            "1",
            "--out",
            "{out}",
        ],
    ),
    (
        "selfplay",
        &[
            "selfplay",
            "--scenario",
            "{}",
            "--games",
            "1",
            "--out",
            "{out}",
        ],
    ),
    (
        "train-value",
        &["train-value", "--data", "{}", "--out", "{out}"],
    ),
    (
        "train-prior",
        &["train-prior", "--data", "{}", "--out", "{out}"],
    ),
    (
        "host",
        &["host", "--scenario", "{}", "--local", "--port", "0"],
    ),
    (
        "host",
        &["host", "--resume", "{}", "--local", "--port", "0"],
    ),
    ("dice-game", &["dice-game", "cards", "{}"]),
    ("dice-game", &["dice-game", "play", "--deck", "{}"]),
    (
        "dice-game",
        &["dice-game", "table", "random", "random", "--deck", "{}"],
    ),
];

/// The commands that read no input file.
const NO_INPUT: &[&str] = &["odds", "schema", "martian-dice", "bot", "join", "takedown"];

fn with(args: &[&str], file: &Path, out: &Path, shelf: &Path) -> Vec<String> {
    args.iter()
        .map(|a| match *a {
            "{}" => file.display().to_string(),
            "{out}" => out.display().to_string(),
            "{shelf}" => shelf.display().to_string(),
            a => a.to_string(),
        })
        .collect()
}

#[test]
fn every_command_gives_2_for_a_missing_input_file_and_1_for_an_invalid_one() {
    let dir = child::scratch("exit-codes", "walk");
    let missing = dir.join("no-such-file.toml");
    let invalid = dir.join("invalid.toml");
    std::fs::write(&invalid, "this = [is not what any command reads\n").unwrap();
    let shelf = dir.join("shelf");
    std::fs::create_dir_all(&shelf).unwrap();
    std::fs::copy(
        root().join("scenarios/ambush.toml"),
        shelf.join("ambush.toml"),
    )
    .unwrap();
    for (i, (command, args)) in INPUTS.iter().enumerate() {
        for (file, code) in [(&missing, 2), (&invalid, 1)] {
            // The designer's window opens on a file that does not load and shows why.
            if *command == "preview" && code == 1 {
                continue;
            }
            let out = dir.join(format!("out-{i}-{code}"));
            let argv = with(args, file, &out, &shelf);
            let r = Run::new(&argv)
                .env("DISPLAY", None)
                .env("WAYLAND_DISPLAY", None)
                .kill_after(Duration::from_secs(60))
                .run();
            assert_eq!(r.code, Some(code), "{command}: {argv:?}\n{}", r.stderr);
            assert!(
                r.stderr.contains(&file.display().to_string()),
                "{command}: {argv:?}: the message names the file\n{}",
                r.stderr
            );
            if code == 2 {
                assert!(r.stderr.contains(": no such "), "{argv:?}: {}", r.stderr);
            }
        }
    }
    // Every command is in the walk: the commands `--help` lists are those above.
    let help = child::run(&["--help"]);
    let listed: BTreeSet<&str> = help
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    let walked: BTreeSet<&str> = INPUTS
        .iter()
        .map(|(c, _)| *c)
        .chain(NO_INPUT.iter().copied())
        .collect();
    assert_eq!(listed, walked, "a command is missing from the walk");
}
