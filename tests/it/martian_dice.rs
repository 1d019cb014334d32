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
fn perfect_prints_the_first_players_chance_and_its_decision_from_any_scores() {
    use martian_dice::perfect::{Perfect, Position, Seat};
    let p = Perfect::standard();
    let v = json(&run(&["martian-dice", "perfect", "--json"]));
    let first = v["first_player_wins"].as_f64().unwrap();
    assert!((first - p.first_player_wins()).abs() < 1e-12);
    assert!((first + v["second_player_wins"].as_f64().unwrap() - 1.0).abs() < 1e-12);
    assert!(v["residual"].as_f64().unwrap() < 1e-12);
    let against = &v["against_optimal"];
    let (f, s) = (
        against["first_seat"].as_f64().unwrap(),
        against["second_seat"].as_f64().unwrap(),
    );
    assert!(f > 0.5 && s > 0.5);
    assert!((against["alternating"].as_f64().unwrap() - (f + s) / 2.0).abs() < 1e-12);
    let text = String::from_utf8(run(&["martian-dice", "perfect"]).stdout).unwrap();
    assert!(
        text.contains(&format!("first player wins {first:.6}")),
        "{text}"
    );

    // The second player's last Turn, 7 behind: 2 Tanks, 3 Death Rays, 4 Humans, 2 Cows and
    // 2 Chickens rolled. Each taking with its chance; the decision is the best of them.
    let v = json(&run(&[
        "martian-dice",
        "perfect",
        "--scores",
        "20,27",
        "--seat",
        "second",
        "--rolled",
        "2,3,4,2,2",
        "--json",
    ]));
    let pos = &v["position"];
    assert_eq!(pos["last_turn"], true);
    let chance = pos["chance_to_win"].as_f64().unwrap();
    assert!((chance - p.win(Position::new(Seat::Second, 20, 27))).abs() < 1e-12);
    assert_eq!(pos["aside"]["tanks"], 2);
    let each = pos["decisions"].as_array().unwrap();
    let names: Vec<&str> = each
        .iter()
        .map(|d| d["decision"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["take ray", "take human", "take cow", "take chicken"]
    );
    let best = each
        .iter()
        .max_by(|a, b| {
            a["chance_to_win"]
                .as_f64()
                .unwrap()
                .total_cmp(&b["chance_to_win"].as_f64().unwrap())
        })
        .unwrap();
    assert_eq!(pos["decision"], best["decision"]);
    // Cows and Chickens are alike.
    assert_eq!(each[2]["chance_to_win"], each[3]["chance_to_win"]);

    // Every state between rolls from 10-14, first player: stop or roll on, whichever is
    // worth more (stopping on a tie with points).
    let v = json(&run(&[
        "martian-dice",
        "perfect",
        "--scores",
        "10,14",
        "--json",
    ]));
    let states = v["position"]["states"].as_array().unwrap();
    assert!(states.len() > 1_000);
    for s in states {
        let (stop, roll) = (s["stop"].as_f64().unwrap(), s["roll"].as_f64().unwrap());
        if (stop - roll).abs() > 1e-9 {
            let expected = if stop > roll { "stop" } else { "roll" };
            assert_eq!(s["decision"], expected, "{s}");
        }
    }
}

#[test]
fn perfect_is_measured_in_games_of_more_players() {
    let v = json(&run(&[
        "martian-dice",
        "perfect",
        "--games",
        "6",
        "--players",
        "3",
        "--against",
        "threshold:8",
        "--seed",
        "4",
        "--jobs",
        "1",
        "--json",
    ]));
    assert_eq!(v["games"], 6);
    assert_eq!(v["games_by_seat"], serde_json::json!([2, 2, 2]));
    let wins: u64 = v["wins_by_seat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(v["wins"].as_u64().unwrap(), wins);
    assert!((v["fair_share"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-12);
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
        &["martian-dice", "perfect", "--scores", "30,0"],
        &["martian-dice", "perfect", "--scores", "10"],
        &["martian-dice", "perfect", "--scores", "3,27"],
        &[
            "martian-dice",
            "perfect",
            "--scores",
            "3,41",
            "--seat",
            "second",
        ],
        &[
            "martian-dice",
            "perfect",
            "--scores",
            "3,0",
            "--aside",
            "1,0,0,0,0",
        ],
        &[
            "martian-dice",
            "perfect",
            "--scores",
            "3,0",
            "--aside",
            "0,0,13,0,0",
        ],
        &[
            "martian-dice",
            "perfect",
            "--scores",
            "3,0",
            "--rolled",
            "1,1,1,1,1",
        ],
        &[
            "martian-dice",
            "perfect",
            "--scores",
            "3,0",
            "--rolled",
            "1,1,1",
        ],
        &[
            "martian-dice",
            "perfect",
            "--scores",
            "3,0",
            "--aside",
            "0,0,0,0,0",
        ],
        &["martian-dice", "perfect", "--aside", "0,1,1,0,0"],
        &["martian-dice", "perfect", "--games", "2", "--scores", "1,1"],
        &[
            "martian-dice",
            "perfect",
            "--games",
            "2",
            "--against",
            "greedy",
        ],
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
