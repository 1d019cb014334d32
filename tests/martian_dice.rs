//! Martian Dice from the command line: the exact optimum, duels and arena runs of the
//! second game, played by the same search crate with no change to it.

use std::process::{Command, Output};

use martian_dice::dice::DICE;
use martian_dice::optimal::Optimum;
use serde_json::Value;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mars-attacks"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(o: &Output) -> Value {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn optimal_prints_the_solved_turn() {
    let o = Optimum::solve(DICE);
    let v = json(&run(&["martian-dice", "optimal", "--json"]));
    assert_eq!(v["dice"], 13);
    let e = v["expected_turn_score"].as_f64().unwrap();
    assert!((e - o.expected_turn_score()).abs() < 1e-12);
    let states = v["states"].as_array().unwrap();
    assert_eq!(states.len(), o.table().len());
    // Every state says stop exactly when rolling on is not worth more.
    for s in states {
        let (stop, roll) = (s["stop"].as_f64().unwrap(), s["roll"].as_f64().unwrap());
        let first = ["tanks", "rays", "humans", "cows", "chickens"]
            .iter()
            .all(|k| s["aside"][k] == 0);
        let expected = if first || roll > stop { "roll" } else { "stop" };
        assert_eq!(s["decision"], expected, "{s}");
    }
    // The table prints the value with six decimals.
    let text = String::from_utf8(run(&["martian-dice", "optimal"]).stdout).unwrap();
    assert!(
        text.contains(&format!("{:.6}", o.expected_turn_score())),
        "{text}"
    );
}

#[test]
fn duel_and_arena_take_the_game() {
    let v = json(&run(&[
        "duel",
        "--game",
        "martian-dice",
        "optimal",
        "random",
        "--games",
        "20",
        "--seed",
        "3",
        "--json",
    ]));
    let optimal = &v["players"]["optimal"];
    let wins = optimal["wins"].as_u64().unwrap();
    assert_eq!(wins + optimal["losses"].as_u64().unwrap(), 20);
    // A random player stops or takes Death Rays at random: it almost never scores.
    assert!(wins >= 18, "{v}");
    const ARENA: [&str; 13] = [
        "arena",
        "--game",
        "martian-dice",
        "--players",
        "optimal",
        "threshold:8",
        "mcts:50",
        "--games",
        "10",
        "--seed",
        "1",
        "--json",
        "--quiet",
    ];
    let v = json(&run(&ARENA));
    assert_eq!(v["pairings"].as_array().unwrap().len(), 3);
    assert_eq!(v["players"].as_array().unwrap().len(), 3);
    // The same seed, the same games.
    assert_eq!(v, json(&run(&ARENA)));
}

#[test]
fn wrong_uses_are_usage_errors() {
    for args in [
        &["duel", "--game", "martian-dice", "optimal"][..],
        &["duel", "--game", "martian-dice", "optimal", "greedy"],
        &["duel", "scenarios/ambush.toml", "random"],
        &["arena", "--game", "martian-dice", "--players", "optimal"],
        &[
            "arena",
            "--game",
            "martian-dice",
            "--scenario",
            "scenarios/ambush.toml",
            "--players",
            "optimal",
            "random",
        ],
        &["martian-dice", "turns", "--player", "threshold:0"],
    ] {
        let o = run(args);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}
