//! Watching the AI's games: `arena --record-moves` keeps each game's decisions, and the
//! table replays any recorded game move for move to the same end (`play --replay RESULTS
//! ID`), refusing with a reason a game without moves, an id the file does not hold, or a
//! scenario file that is not the one the game was played on.

use crate::common::{TempDir, run_cli};

use std::path::{Path, PathBuf};

use mars_attacks::arena::replay::recorded_game;
use mars_attacks::arena::{Record, Status, Winner};
use mars_attacks::rules::Side;
use mars_attacks::rules::state::Outcome;
use mars_attacks::table::session::Session;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Plays an arena run with `--record-moves` (or without) and returns its records.
fn arena(dir: &Path, scenario: &Path, players: &[&str], games: &str, moves: bool) -> Vec<Record> {
    let out = dir.join("results.jsonl");
    let (scenario, out_s) = (scenario.to_str().unwrap(), out.to_str().unwrap());
    let mut args = vec!["arena", "--scenario", scenario, "--players"];
    args.extend_from_slice(players);
    args.extend_from_slice(&[
        "--games",
        games,
        "--seed",
        "31",
        "--jobs",
        "1",
        "--out",
        out_s,
        "--overwrite",
        "-q",
    ]);
    if moves {
        args.push("--record-moves");
    }
    let (code, _, err) = run_cli(&args);
    assert_eq!(code, 0, "{err}");
    mars_attacks::arena::record::read_records(&out)
        .unwrap()
        .records
}

#[test]
fn every_recorded_game_replays_at_the_table_to_the_end_the_run_recorded() {
    let dir = TempDir::new("replay-games");
    // Cards are played on Ambush (response windows the table opens even when empty), and
    // Scenario 1 has hidden counters.
    for file in ["scenarios/ambush.toml", "scenarios/whos-there.toml"] {
        let records = arena(
            &dir.0,
            &root().join(file),
            &["greedy", "mcts:16"],
            "4",
            true,
        );
        assert_eq!(records.len(), 4);
        // The report says the games can be watched, and how.
        let summary = mars_attacks::arena::summarize(&records);
        assert_eq!(summary.games_with_moves, 4);
        let page = mars_attacks::arena::report::report_html(&summary, &[]).unwrap();
        assert!(
            page.contains("4 of the 4 games were recorded with their moves"),
            "{page}"
        );
        assert!(page.contains("mars-attacks play --replay RESULTS ID"));
        let results = dir.0.join("results.jsonl");
        for r in &records {
            assert_eq!(r.status, Status::Finished, "{}", r.id);
            let moves = r.moves.as_ref().expect("the run kept the moves");
            assert_eq!(
                moves.len() as u64,
                r.decisions,
                "{}: a move a decision",
                r.id
            );
            let game = recorded_game(&results, &r.id).unwrap();
            assert_eq!((game.game_seed, game.dice_seed), (r.game_seed, r.dice_seed));
            let mut s = Session::replay_recorded(&game).unwrap();
            assert_eq!(s.history().len(), 0, "a replay starts at the start");
            s.replay_to(moves.len());
            assert_eq!(
                s.history().len(),
                moves.len(),
                "{}: every move is legal again",
                r.id
            );
            let g = s.state();
            assert_eq!(
                (g.vp(Side::Humans), g.vp(Side::Martians)),
                (r.vp.humans, r.vp.martians),
                "{}: the same VP",
                r.id
            );
            let winner = match g.outcome() {
                Some(Outcome::Win(Side::Humans, _)) => Some(Winner::Humans),
                Some(Outcome::Win(Side::Martians, _)) => Some(Winner::Martians),
                Some(Outcome::Draw) => None,
                None => panic!("{}: the replayed game is over", r.id),
            };
            assert_eq!(winner, r.winner, "{}: the same winner", r.id);
            assert_eq!(g.round(), r.rounds, "{}", r.id);
        }
    }
}

#[test]
fn a_game_that_cannot_be_replayed_says_why() {
    let dir = TempDir::new("replay-refusals");
    let scenario = dir.0.join("s1.toml");
    std::fs::copy(root().join("scenarios/whos-there.toml"), &scenario).unwrap();
    let results = dir.0.join("results.jsonl");

    // Without --record-moves: no moves in the records, and the error says how to get them.
    let records = arena(&dir.0, &scenario, &["random", "greedy"], "1", false);
    assert!(records.iter().all(|r| r.moves.is_none()));
    let e = recorded_game(&results, &records[0].id)
        .unwrap_err()
        .to_string();
    assert!(e.contains("--record-moves"), "{e}");

    let records = arena(&dir.0, &scenario, &["random", "greedy"], "1", true);
    let id = records[0].id.clone();
    assert!(recorded_game(&results, &id).is_ok());

    // An id the file does not hold: the error names some that it does.
    let e = recorded_game(&results, "no/such/game")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("no game `no/such/game`") && e.contains(&records[0].id),
        "{e}"
    );

    // The scenario's rules changed since: refused, with both fingerprints. (A comment or
    // the briefing edited would not change the games, and would replay.)
    let text = std::fs::read_to_string(&scenario).unwrap();
    std::fs::write(&scenario, format!("{text}\n# edited\n")).unwrap();
    assert!(recorded_game(&results, &id).is_ok());
    std::fs::write(&scenario, text.replacen("vp_target = ", "vp_target = 1", 1)).unwrap();
    let e = recorded_game(&results, &id).unwrap_err().to_string();
    assert!(e.contains(&records[0].scenario_fingerprint), "{e}");
    assert!(e.contains("has changed"), "{e}");

    // The command line says so before it looks for a display.
    let (code, _, err) = run_cli(&["play", "--replay", results.to_str().unwrap(), &id]);
    assert_eq!(code, 1);
    assert!(err.contains("has changed"), "{err}");
    let (code, _, err) = run_cli(&["play", "--replay", results.to_str().unwrap(), "nope"]);
    assert_eq!(code, 1);
    assert!(err.contains("no game `nope`"), "{err}");
}

#[test]
fn martian_dice_runs_refuse_record_moves_rather_than_ignore_it() {
    let (code, _, err) = run_cli(&[
        "arena",
        "--game",
        "martian-dice",
        "--players",
        "greedy",
        "random",
        "--record-moves",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("--record-moves"), "{err}");
}

/// `simulate --players`: a seeded game between real players, the same log for the same
/// seed, named in its header, and not the random game of that seed.
#[test]
fn simulate_plays_a_seeded_game_between_the_players_given() {
    let file = root().join("scenarios/whos-there.toml");
    let file = file.to_str().unwrap();
    let args = [
        "simulate",
        file,
        "--seed",
        "5",
        "--players",
        "greedy",
        "mcts:30",
    ];
    let (code, first, err) = run_cli(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        first.starts_with(
            "game 1 (seed 5): Who's There?, greedy (Humans) against mcts:30 (Martians)"
        ),
        "{first}"
    );
    let (_, again, _) = run_cli(&args);
    assert_eq!(first, again, "the same seed and players give the same game");
    let (_, random, _) = run_cli(&["simulate", file, "--seed", "5"]);
    let body = |s: &str| s.lines().skip(1).map(str::to_string).collect::<Vec<_>>();
    assert_ne!(
        body(&first),
        body(&random),
        "greedy and mcts are not random players"
    );
    assert!(first.contains("result: "), "{first}");

    // A program plays too, told the game through the bot protocol: its game replays
    // from the seed (it draws from the hello's seed), and it is told the end.
    let bot = format!(
        "exec:python3 {}",
        root().join("examples/bots/random_bot.py").display()
    );
    let args = ["simulate", file, "--seed", "5", "--players", &bot, "greedy"];
    let (code, first, err) = run_cli(&args);
    assert_eq!(code, 0, "{err}");
    assert!(first.contains("result: "), "{first}");
    assert!(first.contains("R1 humans: "), "{first}");
    let (_, again, _) = run_cli(&args);
    assert_eq!(first, again, "the same seed gives the program's game again");
    // One that fails stops the run with its reason; one that cannot start plays nothing.
    let failing = format!(
        "exec[limit=0.5]:python3 {} illegal",
        root().join("tests/fixtures/bots/failing_bot.py").display()
    );
    let (code, _, err) = run_cli(&["simulate", file, "--players", "greedy", &failing]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("the Martians' player made no legal decision") && err.contains("shoot m60"),
        "{err}"
    );
    let (code, out, err) = run_cli(&[
        "simulate",
        file,
        "--players",
        "greedy",
        "exec:no-such-program-of-mars-attacks",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot play, so no game was played"), "{err}");
    assert_eq!(out, "", "no game is played");
}

/// `position`: the decide message a bot received at a decision of a recorded game is
/// printed again, byte for byte the same JSON, from the results file alone.
#[test]
fn position_prints_the_decide_message_a_bot_was_sent() {
    let dir = TempDir::new("replay-position");
    let log = dir.0.join("decides.jsonl");
    let bot = format!(
        "exec:python3 {}/tests/fixtures/bots/logging_bot.py {}",
        root().display(),
        log.display()
    );
    // One game, the bot on the Humans (the first player is the Humans in game 0).
    let records = arena(
        &dir.0,
        &root().join("scenarios/ambush.toml"),
        &[&bot, "greedy"],
        "1",
        true,
    );
    let r = &records[0];
    assert_eq!(r.status, Status::Finished, "{:?}", r.error);
    let humans_bot = r.humans.starts_with("exec");
    let sent: Vec<serde_json::Value> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(sent.len() > 10, "{} decisions", sent.len());
    // The bot's decisions are the game's decisions of its side, in order: find each by
    // replaying the moves and asking for the side to move.
    let results = dir.0.join("results.jsonl");
    let moves = r.moves.as_ref().unwrap();
    let mut checked = 0;
    for n in 0..moves.len() {
        let side = if humans_bot { "humans" } else { "martians" };
        let (code, out, err) = run_cli(&[
            "position",
            results.to_str().unwrap(),
            &r.id,
            "--decision",
            &n.to_string(),
            "--side",
            side,
        ]);
        if code != 0 {
            assert!(err.contains("not the"), "{err}");
            continue;
        }
        let msg: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(msg, sent[checked], "decision {n}");
        checked += 1;
    }
    assert_eq!(checked, sent.len(), "every message the bot received");
    // Past the end of the game: a clear error.
    let (code, _, err) = run_cli(&[
        "position",
        results.to_str().unwrap(),
        &r.id,
        "--decision",
        "100000",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("there is no decision 100000"), "{err}");
}

/// `replay RESULTS ID` prints a recorded game as text: every decision (its Round, side and
/// action, the value its search gave it), what it caused, the result the record holds,
/// and the decision that ended the game.
#[test]
fn replay_prints_a_recorded_game_decision_by_decision_and_how_it_ended() {
    let dir = TempDir::new("replay-text");
    let records = arena(
        &dir.0,
        &root().join("scenarios/whos-there.toml"),
        &["greedy", "mcts:16"],
        "2",
        true,
    );
    let results = dir.0.join("results.jsonl");
    for r in &records {
        let (code, out, err) = run_cli(&["replay", results.to_str().unwrap(), &r.id]);
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines[0].starts_with(&format!("game {} (seeds ", r.id)),
            "{out}"
        );
        let decisions: Vec<&str> = lines
            .iter()
            .copied()
            .filter(|l| l.starts_with('R'))
            .collect();
        assert_eq!(decisions.len() as u64, r.decisions, "a line a decision");
        let moves = r.moves.as_ref().unwrap();
        for (line, mv) in decisions.iter().zip(moves) {
            assert!(line.contains(&format!(": {mv}")), "{line} is `{mv}`");
        }
        // Each value the search gave is on its decision's line.
        assert!(!r.values.is_empty(), "mcts:16 recorded its values");
        for v in &r.values {
            let line = decisions[v.decision as usize];
            assert!(line.contains(&format!("value {:.3}", v.value)), "{line}");
        }
        let winner = match r.winner {
            Some(Winner::Humans) => "humans win",
            Some(Winner::Martians) => "martians win",
            None => "draw",
        };
        let result = lines.iter().find(|l| l.starts_with("result: ")).unwrap();
        assert!(result.contains(winner), "{result} for {:?}", r.winner);
        assert!(
            result.contains(&format!(
                "VP humans {}, martians {}",
                r.vp.humans, r.vp.martians
            )),
            "{result}"
        );
        let ended = lines
            .iter()
            .position(|l| l.starts_with("how it ended: "))
            .unwrap();
        assert!(
            lines[ended].contains(decisions[decisions.len() - 1]),
            "{out}"
        );
    }
    // A game the file does not hold is named.
    let (code, _, err) = run_cli(&["replay", results.to_str().unwrap(), "no/such/game"]);
    assert_eq!(code, 1);
    assert!(err.contains("no/such/game"), "{err}");
}
