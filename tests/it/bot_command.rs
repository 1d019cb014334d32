//! `mars-attacks bot SPEC`: a built-in player as a bot through the bot protocol, from what
//! its side is told, so that two builds of the program can meet in one arena.

use crate::child::{BIN, root, run};

#[test]
fn a_built_in_player_plays_through_the_protocol_and_never_forfeits() {
    // Two seeded games of each seat of the bot against the same search in-process, on a
    // scenario with cards and one with hidden counters: every decision legal and in time.
    let bot = format!("exec:{BIN} bot mcts:100");
    for scenario in ["scenarios/ambush.toml", "scenarios/whos-there.toml"] {
        let r = run(&[
            "duel",
            root().join(scenario).to_str().unwrap(),
            &bot,
            "mcts:100",
            "--games",
            "4",
            "--seed",
            "3",
            "--json",
        ]);
        assert_eq!(r.code, Some(0), "{scenario}: {}", r.stderr);
        let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
        assert_eq!(v["games"], 4);
        assert_eq!(v["forfeits"].as_array().map(Vec::len), Some(0), "{v}");
        assert_eq!(v["failures"].as_array().map(Vec::len), Some(0), "{v}");
    }
}

#[test]
fn the_bot_command_refuses_programs_and_the_all_seeing_search() {
    for spec in ["exec:python3 x.py", "oracle:100", "nobody"] {
        let r = run(&["bot", spec]);
        assert_eq!(r.code, Some(2), "{spec}: {}", r.stderr);
    }
}
