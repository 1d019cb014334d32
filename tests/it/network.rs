//! `host` and `join` from the command line (the network play itself is tested over
//! loopback in `net/tests`): a host whose sides are both AIs plays its game to the end and
//! hands out only the spectators' code; a save path that is a folder is refused before
//! anything listens; `join` refuses a code or a player it cannot take, and starts no
//! program.

use crate::common::run_cli;

/// `host` on Who's There?, on this machine and any free port, with `more` after.
fn host(more: &[&str]) -> (i32, String, String) {
    let mut argv = vec![
        "host",
        "--scenario",
        "scenarios/whos-there.toml",
        "--local",
        "--port",
        "0",
    ];
    argv.extend_from_slice(more);
    run_cli(&argv)
}

#[test]
fn a_host_of_two_ais_plays_the_game_to_its_end() {
    let (code, out, err) = host(&[
        "--humans",
        "greedy",
        "--martians",
        "random",
        "--seed",
        "3",
        "--pace",
        "0",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("hosting on 127.0.0.1:"), "{out}");
    // No person plays: only the spectators have a code.
    assert!(out.contains("the Humans: the AI"), "{out}");
    assert!(out.contains("the Martians: the AI"), "{out}");
    assert_eq!(out.matches("mars-attacks join").count(), 1, "{out}");
    assert!(out.contains("the game is over: "), "{out}");
}

#[test]
fn a_save_that_is_a_folder_is_refused_before_the_host_listens() {
    let dir = crate::child::scratch("network", "save-folder");
    let (code, out, err) = host(&["--save", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("is not a saved game"), "{err}");
    assert!(!out.contains("hosting on"), "{out}");
    assert!(dir.is_dir());
}

#[test]
fn join_refuses_what_it_cannot_take() {
    let (code, _, err) = run_cli(&["join", "127.0.0.1:1", "K7Q"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run_cli(&["join", "nowhere", "K7QM-3XTR"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is not a host's address"), "{err}");
    // A program is not started, and a player that sees hidden cards is not fair play.
    for spec in ["exec:python3 examples/bots/random_bot.py", "oracle"] {
        let (code, _, err) = run_cli(&["join", "127.0.0.1:1", "K7QM-3XTR", "--as", spec]);
        assert_eq!(code, 2, "{spec}: {err}");
        assert!(err.contains("--as"), "{err}");
    }
}
