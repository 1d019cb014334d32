//! A saved game and the table's command line, tried as a player would and as a hostile
//! file would: a save never starts the program it names, no program starts before the
//! display check, a save naming a model the game lacks is refused, options a command has
//! no use for are refused rather than ignored, and messages and docs say what the program
//! does. Each test asserts the exit code and the key words of the message, and that no
//! file appears where none should.

use crate::child;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use child::{NO_WINDOW, Run, root, run, scratch};
use mars_attacks::rules::Side;
use mars_attacks::table::session::Session;

fn whos_there() -> PathBuf {
    root().join("scenarios/whos-there.toml")
}

/// A saved game of Scenario 1 whose Martians are played by `martians`.
fn save(dir: &Path, martians: &str, actions: &[&str]) -> PathBuf {
    let path = dir.join("game.json");
    let text = serde_json::json!({
        "scenario": whos_there().display().to_string(),
        "seed": 1,
        "humans": "human",
        "martians": martians,
        "actions": actions,
    });
    std::fs::write(&path, text.to_string()).unwrap();
    path
}

const NO_DISPLAY: [(&str, Option<&str>); 3] = [
    ("DISPLAY", None),
    ("WAYLAND_DISPLAY", None),
    ("WAYLAND_SOCKET", None),
];

#[test]
fn a_saved_game_never_starts_the_program_it_names() {
    let dir = scratch("table", "consent");
    let marker = dir.join("the-program-ran");
    let program = format!("exec:sh -c 'touch {}'", marker.display());
    let game = save(&dir, &program, &[]);
    let load = |extra: &[&str], display: Option<&str>| {
        let mut args = vec![
            "play".to_string(),
            "--load".into(),
            game.display().to_string(),
        ];
        args.extend(extra.iter().map(|s| s.to_string()));
        let mut r = Run::new(&args);
        for (k, v) in NO_DISPLAY {
            r = r.env(k, v);
        }
        if display.is_some() {
            r = r.env("DISPLAY", display);
        }
        r.run()
    };
    // No display: refused before anything starts, with or without --allow-exec.
    for extra in [&[][..], &["--allow-exec"][..]] {
        let r = load(extra, None);
        assert_eq!(r.code, Some(1), "{extra:?}: {}", r.stderr);
        assert!(r.stderr.contains(NO_WINDOW), "{}", r.stderr);
        assert!(!marker.exists(), "{extra:?}: the program ran");
    }
    // A display named that no server serves: said in words, not the windowing library's
    // (a build without the table says it has none, display or not).
    let r = load(&["--allow-exec"], Some(":987"));
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    if cfg!(feature = "gui") {
        assert!(
            r.stderr.contains("no display server answers")
                && r.stderr.contains("DISPLAY=\":987\"")
                && r.stderr.contains("command line works without one"),
            "{}",
            r.stderr
        );
    } else {
        assert!(r.stderr.contains(NO_WINDOW), "{}", r.stderr);
    }
    assert!(!marker.exists(), "the program ran before the display check");
    // The scenario designer's window says the same.
    let r = Run::new(&["preview", "scenarios/whos-there.toml"])
        .env("WAYLAND_DISPLAY", None)
        .env("DISPLAY", Some(":987"))
        .run();
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    let says = if cfg!(feature = "gui") {
        "no display server answers where the environment says (DISPLAY=\":987\""
    } else {
        NO_WINDOW
    };
    assert!(r.stderr.contains(says), "{}", r.stderr);
    // A program named on the command line waits for the display check too.
    let other = dir.join("the-level-ran");
    let level = format!("exec:sh -c 'touch {}'", other.display());
    let mut r = Run::new(&["play", "--level", &level]);
    for (k, v) in NO_DISPLAY {
        r = r.env(k, v);
    }
    let r = r.run();
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(!other.exists(), "the program ran before the display check");

    // At the table: the program is shown, and the game waits for the person.
    let mut s = Session::load(&game).unwrap();
    s.ai_delay = Duration::ZERO;
    let (side, bot) = s.program_to_allow().expect("the table asks first");
    assert_eq!(side, Side::Martians);
    assert_eq!(
        bot.command,
        ["sh", "-c", &format!("touch {}", marker.display())]
    );
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(500) {
        s.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(s.history().is_empty() && !s.is_thinking());
    assert!(!marker.exists(), "the program ran unasked");
    // Allowed, it starts (and, as it never answers the hello, the game pauses with why).
    s.allow_program(Side::Martians);
    let start = Instant::now();
    while s.notice.is_none() && start.elapsed() < Duration::from_secs(20) {
        s.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(marker.exists(), "allowed, the program started");
    let notice = s.notice.clone().unwrap_or_default();
    assert!(notice.contains("before answering the hello"), "{notice}");
    // Nothing was remembered: the same save asks again.
    let again = Session::load(&game).unwrap();
    assert!(again.program_to_allow().is_some());
}

#[test]
fn a_saved_game_naming_a_model_the_game_lacks_is_refused_not_a_crash() {
    let dir = scratch("table", "models");
    for model in ["m49", "m99", "m255"] {
        let game = save(&dir, "human", &[&format!("shoot {model}")]);
        let mut r = Run::new(&["play".as_ref(), "--load".as_ref(), game.as_os_str()]);
        for (k, v) in NO_DISPLAY {
            r = r.env(k, v);
        }
        let r = r.run();
        assert_eq!(r.code, Some(1), "{model}: {}", r.stderr);
        assert!(
            r.stderr
                .contains(&format!("decision 1 (`shoot {model}`) is not legal")),
            "{model}: {}",
            r.stderr
        );
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    }
}

#[test]
fn a_missing_saved_game_and_options_a_save_overrides_are_usage_errors() {
    let dir = scratch("table", "usage");
    let missing = dir.join("no-such-game.json");
    let r = run(&["play".as_ref(), "--load".as_ref(), missing.as_os_str()]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("no such saved game"), "{}", r.stderr);
    let game = save(&dir, "mcts:normal", &[]);
    for option in ["--level", "--seed", "--side", "--scenario"] {
        let value = match option {
            "--level" => "hard",
            "--seed" => "3",
            "--side" => "martians",
            _ => "scenarios/ambush.toml",
        };
        let r = run(&[
            "play".as_ref(),
            "--load".as_ref(),
            game.as_os_str(),
            option.as_ref(),
            value.as_ref(),
        ]);
        assert_eq!(r.code, Some(2), "{option}: {}", r.stderr);
        assert!(r.stderr.contains("cannot be used with"), "{}", r.stderr);
    }
    let r = run(&["play", "--allow-exec"]);
    assert_eq!(
        r.code,
        Some(2),
        "--allow-exec is for a saved game: {}",
        r.stderr
    );
}

#[test]
fn options_martian_dice_has_no_use_for_are_refused_not_ignored() {
    let dir = scratch("table", "dice-options");
    let out = dir.join("results.jsonl");
    let out_arg = out.display().to_string();
    for (extra, says) in [
        (vec!["--out", out_arg.as_str()], "--out"),
        (vec!["--resume"], "--resume"),
        (vec!["--overwrite"], "--overwrite"),
        (vec!["--shard", "1/2"], "--shard"),
        (vec!["--shard", "auto"], "--shard"),
        (vec!["--mirror"], "--mirror"),
    ] {
        let mut args = vec![
            "arena",
            "--game",
            "martian-dice",
            "--players",
            "random",
            "optimal",
            "--games",
            "2",
        ];
        args.extend(extra.iter().copied());
        let r = run(&args);
        assert_eq!(r.code, Some(2), "{extra:?}: {}", r.stderr);
        assert!(
            r.stderr
                .contains(&format!("--game martian-dice takes no {says}")),
            "{extra:?}: {}",
            r.stderr
        );
    }
    assert!(!out.exists(), "no results file for Martian Dice");
    // --progress works for both games.
    let r = run(&[
        "duel",
        "--game",
        "martian-dice",
        "random",
        "optimal",
        "--games",
        "2",
        "--progress",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stderr.contains("game 2/2"), "{}", r.stderr);
}

#[test]
fn martian_dice_games_stopped_by_the_guard_say_so() {
    let arena = run(&[
        "arena",
        "--game",
        "martian-dice",
        "--players",
        "random",
        "optimal",
        "--games",
        "2",
        "--max-decisions",
        "3",
    ]);
    let duel = run(&[
        "duel",
        "--game",
        "martian-dice",
        "random",
        "optimal",
        "--games",
        "2",
        "--max-decisions",
        "3",
    ]);
    for r in [arena, duel] {
        assert_eq!(r.code, Some(1), "{}", r.stderr);
        assert!(
            r.stderr
                .contains("stopped by the runaway guard after 3 decisions")
                && r.stderr.contains("2 game(s) did not finish")
                && r.stderr.contains("--max-decisions 3"),
            "{}",
            r.stderr
        );
    }
}

#[test]
fn shard_auto_never_guesses_where_a_job_array_starts() {
    let dir = scratch("table", "shard");
    let s = whos_there();
    let shard_run = |vars: &[(&str, &str)]| {
        let out = dir.join("results.jsonl");
        let mut r = Run::new(&[
            "arena".as_ref(),
            "--scenario".as_ref(),
            s.as_os_str(),
            "--players".as_ref(),
            "random".as_ref(),
            "--games".as_ref(),
            "8".as_ref(),
            "--quiet".as_ref(),
            "--shard".as_ref(),
            "auto".as_ref(),
            "--out".as_ref(),
            out.as_os_str(),
        ]);
        for (k, v) in vars {
            r = r.env(k, Some(v));
        }
        let r = r.run();
        assert!(!out.exists(), "{vars:?}: nothing is played");
        r
    };
    // Tasks 0-3 of a four-task array without SLURM_ARRAY_TASK_MIN used to play parts 1,
    // 1, 2 and 3.
    for id in ["0", "1", "2", "3"] {
        let r = shard_run(&[("SLURM_ARRAY_TASK_ID", id), ("SLURM_ARRAY_TASK_COUNT", "4")]);
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert!(
            r.stderr
                .contains("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_MIN is not"),
            "{}",
            r.stderr
        );
    }
    for (count, says) in [
        ("0", "a job array has one task at least"),
        ("99999999999999999999", "larger than any job array"),
    ] {
        let r = shard_run(&[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", count),
            ("SLURM_ARRAY_TASK_MIN", "1"),
        ]);
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert!(r.stderr.contains(says), "{count}: {}", r.stderr);
    }
}

#[test]
fn scenarios_and_sweeps_that_can_end_or_vary_are_taken() {
    // Walled apart, but the Humans win by surviving to Round 6: the game ends.
    let dir = scratch("table", "survive");
    let text = std::fs::read_to_string(root().join("tests/fixtures/scenarios/never-meet.toml"))
        .unwrap()
        .replacen("[humans]\n", "[humans]\nsurvive_to = 6\n", 1);
    let file = dir.join("survive.toml");
    std::fs::write(&file, text).unwrap();
    let r = run(&["validate".as_ref(), file.as_os_str()]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(!r.stderr.contains("can ever end"), "{}", r.stderr);

    // A core profile's key varies alone; a profile the scenario lacks is named.
    let s = whos_there();
    let out = dir.join("sweep.jsonl");
    let sweep = |key: &str| {
        run(&[
            "arena".as_ref(),
            "--scenario".as_ref(),
            s.as_os_str(),
            "--players".as_ref(),
            "random".as_ref(),
            "--games".as_ref(),
            "2".as_ref(),
            "--quiet".as_ref(),
            "--vary".as_ref(),
            key.as_ref(),
            "--out".as_ref(),
            out.as_os_str(),
        ])
    };
    let r = sweep("profiles.martian.range=4,6");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout.contains("[profiles.martian.range=6]"),
        "{}",
        r.stdout
    );
    let _ = std::fs::remove_file(&out);
    let r = sweep("profiles.grunt.range=4,6");
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("no profile \"grunt\" (its profiles are martian, soldier)"),
        "{}",
        r.stderr
    );
    assert!(!out.exists());

    // A moment's bench plays a game and blames nothing.
    let r = run(&["bench", "--seconds", "1e-9"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("games:"), "{}", r.stdout);
}

#[test]
fn the_docs_and_the_help_say_what_the_program_does() {
    let read = |p: &str| std::fs::read_to_string(root().join(p)).unwrap();
    for doc in ["README.md", "docs/bot-protocol.md", "docs/arena.md"] {
        assert!(
            !read(doc).contains("duel --scenario"),
            "{doc}: duel takes no --scenario"
        );
    }
    let r = run(&["duel", "--help"]);
    assert!(
        r.stdout
            .contains("Usage: mars-attacks duel [OPTIONS] FILE P Q"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("<FILE P Q> <FILE P Q>"), "{}", r.stdout);
    // The core deck has as many cards as the deck command counts.
    let r = run(&["deck", "--json"]);
    let cards: Vec<serde_json::Value> = serde_json::from_str(&r.stdout).unwrap();
    assert!(
        read("docs/scenario-format.md")
            .contains(&format!("the {} cards of `cards/core.toml`", cards.len())),
        "docs/scenario-format.md counts the core deck"
    );
    let r = run(&["martian-dice", "turns", "--help"]);
    assert!(r.stdout.contains("2 to 100000000"), "{}", r.stdout);
    assert!(r.stdout.contains("about 4 minutes"), "{}", r.stdout);
    // Without a display, every command that needs none is named; a build without the
    // table says how to build one.
    let mut r = Run::new(&["play"]);
    for (k, v) in NO_DISPLAY {
        r = r.env(k, v);
    }
    let r = r.run();
    let named: &[&str] = if cfg!(feature = "gui") {
        &[
            "deck",
            "scenarios",
            "schema",
            "martian-dice",
            "report",
            "bench",
        ]
    } else {
        &["`cargo build --release`"]
    };
    for says in named {
        assert!(r.stderr.contains(says), "{says}: {}", r.stderr);
    }
}
