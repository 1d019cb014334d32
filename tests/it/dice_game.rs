//! Mars Attacks: The Dice Game from the match commands: `duel --game dice-game P Q` is the
//! two-seat table of `dice-game table P Q`, game for game, and `arena --game dice-game`
//! seats 2 to 6 players at one table; options that mean nothing there are refused.

use crate::common::run_cli;

#[test]
fn duel_and_arena_play_the_dice_game_tables() {
    let common = ["--games", "24", "--seed", "5", "--json"];
    let mut duel = vec!["duel", "--game", "dice-game", "random", "greedy"];
    duel.extend_from_slice(&common);
    let mut table = vec!["dice-game", "table", "random", "greedy"];
    table.extend_from_slice(&common);
    let (code, d, err) = run_cli(&duel);
    assert_eq!(code, 0, "{err}");
    let (_, t, _) = run_cli(&table);
    assert_eq!(d, t, "the same seeded games");
    let v: serde_json::Value = serde_json::from_str(d.trim()).unwrap();
    let wins: u64 = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["wins"].as_u64().unwrap())
        .sum();
    let seats: u64 = v["seat_wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!((wins, seats), (24, 24), "every game has one winner: {v}");

    // Three players at one table.
    let (code, out, err) = run_cli(&[
        "arena",
        "--game",
        "dice-game",
        "--players",
        "random",
        "greedy",
        "random",
        "--games",
        "9",
        "--seed",
        "1",
        "--jobs",
        "1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["players"].as_array().unwrap().len(), 3);
    assert_eq!(v["seat_wins"].as_array().unwrap().len(), 3);

    // Refused, never ignored.
    let (code, _, err) = run_cli(&[
        "duel",
        "--game",
        "dice-game",
        "random",
        "greedy",
        "--no-swap",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--no-swap"), "{err}");
    let (code, _, err) = run_cli(&[
        "arena",
        "--game",
        "dice-game",
        "--players",
        "random",
        "greedy",
        "--out",
        "x.jsonl",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--game dice-game takes no --out"), "{err}");
}
