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

#[test]
fn a_deck_no_game_can_end_with_is_refused_and_says_why() {
    // Eight cities that each need a Nuke, no card with a Nuke symbol, the difficulty card
    // 1 on both sides: one Nuke showing nukes the player (S4), so no city is ever claimed
    // and no stack runs out (S8).
    let dir = crate::common::scratch_dir("dice-game/stuck");
    let deck = dir.join("stuck.toml");
    let mut text = String::from("name = \"Stuck\"\ndifficulty = { easy = 1, hard = 1 }\n");
    for i in 0..8 {
        text += &format!(
            "\n[[locations]]\nname = \"C{i}\"\nkind = \"city\"\n\
             spaces = [{{ symbol = \"nuke\", count = 1 }}]\nvp = 1\nnukes = 0\n"
        );
    }
    std::fs::write(&deck, &text).unwrap();
    let d = deck.to_str().unwrap();
    let (code, _, err) = run_cli(&["dice-game", "cards", d]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no game can end with this deck"), "{err}");
    assert!(
        err.contains(
            "locations[0] \"C0\" can never be claimed: its Nuke spaces can never be filled"
        ),
        "{err}"
    );
    // With the easier side showing 2 Nuke symbols a roll with one Nuke is safe: the deck
    // loads, and its games end.
    std::fs::write(&deck, text.replace("easy = 1", "easy = 2")).unwrap();
    let (code, _, err) = run_cli(&["dice-game", "cards", d]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run_cli(&[
        "dice-game",
        "table",
        "random",
        "greedy",
        "--deck",
        d,
        "--games",
        "4",
        "--difficulty",
        "easy",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wins"), "{out}");
    // On the harder side (1 symbol) that same deck can end no game: a table is refused.
    let (code, _, err) = run_cli(&[
        "dice-game",
        "table",
        "random",
        "greedy",
        "--deck",
        d,
        "--games",
        "4",
        "--difficulty",
        "hard",
    ]);
    assert_eq!(code, 2, "{err}");
}
