//! Hostile and careless input, tried on the binary as a user would: every count is checked
//! against its stated limit, every file is read with a size cap, memory stays bounded,
//! a scenario in which no game can end is refused, and no file the program did not write
//! is touched. Each test asserts the exit code, the key words of the message and, where
//! memory was the problem, the child process's peak resident size.

use crate::child;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use child::{BIN, Run, mib, root, run};

fn whos_there() -> PathBuf {
    root().join("scenarios/whos-there.toml")
}

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures/scenarios").join(name)
}

/// A scratch directory of this test's own, emptied first.
fn scratch(name: &str) -> PathBuf {
    child::scratch("hardening", name)
}

/// A Scenario 1 whose name holds `name` (TOML escapes allowed).
fn scenario_named(dir: &Path, name: &str) -> PathBuf {
    let text = std::fs::read_to_string(whos_there()).unwrap();
    let text = text.replacen("name = \"Who's There?\"", &format!("name = \"{name}\""), 1);
    let path = dir.join("named.toml");
    std::fs::write(&path, text).unwrap();
    path
}

// ===== counts against their stated limits ==================================================

#[test]
fn every_count_on_the_command_line_is_checked_against_its_stated_limit() {
    let s = whos_there();
    let s = s.to_str().unwrap();
    // (arguments, the limit the message must state)
    let cases: &[(&[&str], &str)] = &[
        (
            &["duel", s, "random", "random", "--jobs", "100000"],
            "1 to 256",
        ),
        (
            &["duel", s, "random", "random", "--games", "0"],
            "1 to 1000000",
        ),
        (
            &["duel", s, "random", "random", "--max-decisions", "0"],
            "1 to 1000000",
        ),
        (&["simulate", s, "--games", "0"], "1 to 1000000"),
        (&["simulate", s, "--max-decisions", "0"], "1 to 1000000"),
        (
            &["simulate", s, "--max-decisions", "18446744073709551615"],
            "1 to 1000000",
        ),
        (
            &[
                "arena",
                "--scenario",
                s,
                "--players",
                "random",
                "--games",
                "4294967295",
            ],
            "1 to 1000000",
        ),
        (
            &[
                "arena",
                "--scenario",
                s,
                "--players",
                "random",
                "--jobs",
                "0",
            ],
            "1 to 256",
        ),
        (
            &["bench", s, "--seconds", "0"],
            "more than 0 and at most 3600",
        ),
        (
            &["bench", s, "--seconds", "NaN"],
            "more than 0 and at most 3600",
        ),
        (
            &["duel", s, "mcts:99999999999", "random", "--games", "1"],
            "at most 10000000",
        ),
        (
            &["martian-dice", "perfect", "--games", "10000000"],
            "1 to 1000000",
        ),
    ];
    for (args, limit) in cases {
        let r = run(args);
        assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(limit), "{args:?}: {}", r.stderr);
        // Refused before any work: no time, no memory to speak of.
        assert!(
            r.elapsed < Duration::from_secs(5),
            "{args:?}: {:?}",
            r.elapsed
        );
        assert!(r.peak_kib < 64 * 1024, "{args:?}: {} MiB", mib(r.peak_kib));
    }
    // The limits are stated in --help.
    for (cmd, needle) in [
        ("duel", "1 to 256"),
        ("duel", "1 to 1000000"),
        ("arena", "1 to 1000000"),
        ("simulate", "1 to 1000000"),
        ("bench", "at most 3600"),
    ] {
        let r = run(&[cmd, "--help"]);
        assert_eq!(r.code, Some(0));
        assert!(
            r.stdout.contains(needle),
            "{cmd} --help lacks {needle}: {}",
            r.stdout
        );
    }
    let r = run(&["martian-dice", "perfect", "--help"]);
    assert_eq!(r.code, Some(0));
    assert!(r.stdout.contains("1 to 1000000"), "{}", r.stdout);
}

#[test]
fn the_error_the_readme_quotes_is_the_error_the_program_prints() {
    let quoted = "`0` is not allowed for --games: give 1 to 1000000 games";
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    // The README wraps it over two lines inside a double-backtick span.
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(readme.contains(quoted), "the README quotes it");
    let s = whos_there();
    let r = run(&[
        OsStr::new("duel"),
        s.as_os_str(),
        OsStr::new("random"),
        OsStr::new("random"),
        OsStr::new("--games"),
        OsStr::new("0"),
    ]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains(quoted), "{}", r.stderr);
}

#[test]
fn a_duel_game_stopped_by_the_guard_is_reported_as_such() {
    // Lost secret: games whose counter lands out of the Humans' reach run to the guard.
    let r = run(&[
        OsStr::new("duel"),
        fixture("lost-secret.toml").as_os_str(),
        OsStr::new("random"),
        OsStr::new("random"),
        OsStr::new("--games"),
        OsStr::new("6"),
        OsStr::new("--max-decisions"),
        OsStr::new("2000"),
    ]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("stopped by the runaway guard after 2000 decisions"),
        "{}",
        r.stderr
    );
}

#[test]
fn the_bench_message_for_zero_seconds_does_not_contradict_itself() {
    let r = run(&["bench", "--seconds", "0"]);
    assert_eq!(r.code, Some(2));
    assert!(
        !r.stderr.contains("between 0 and 3600, got 0"),
        "{}",
        r.stderr
    );
}

// ===== memory stays bounded ================================================================

#[test]
fn a_long_simulation_writes_as_it_goes_in_bounded_memory() {
    // Lost secret, seed 2: the one Alien Secret lands where the Humans can never reach it
    // (R4), so the game runs to the guard: 400,000 decisions, 57 MB of JSON lines. Kept
    // until the game ended, they would be that much memory; written as they are made,
    // the program stays at its usual few MiB.
    let r = run(&[
        OsStr::new("simulate"),
        fixture("lost-secret.toml").as_os_str(),
        OsStr::new("--json"),
        OsStr::new("--seed"),
        OsStr::new("2"),
        OsStr::new("--max-decisions"),
        OsStr::new("400000"),
    ]);
    assert_eq!(r.code, Some(1), "a game stopped by the guard is a failure");
    assert!(
        r.stderr.contains("1 game(s) stopped by the runaway guard"),
        "{}",
        r.stderr
    );
    let first: serde_json::Value =
        serde_json::from_str(r.stdout.lines().next().expect("a first line")).unwrap();
    assert_eq!(first["n"], 0);
    assert!(
        r.peak_kib < 32 * 1024,
        "peak {:.1} MiB for a long game",
        mib(r.peak_kib)
    );
}

#[test]
fn the_round_counter_stops_at_its_largest_value_instead_of_wrapping() {
    // Lost secret, seed 2 (the game runs to the guard), about 5.7 decisions a Round with
    // one model a side: 400,000 decisions pass Round 65,535, the largest a Round number
    // holds; it must stay there, not wrap back to 0.
    let scenario = std::sync::Arc::new(
        mars_attacks::rules::scenario_file::load_scenario(&fixture("lost-secret.toml"))
            .unwrap()
            .scenario,
    );
    let end = mars_attacks::sim::random_game_streamed(&scenario, 2, 400_000, |_, _, _| {
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!((end.outcome, end.decisions), (None, 400_000));
    assert_eq!(end.rounds, u16::MAX);
}

#[test]
fn arena_plans_its_games_lazily() {
    // A million games of one pairing: planned at once, 10^6 jobs of a few hundred bytes
    // each would take hundreds of MiB before the first game; made one at a time, the run
    // starts at once. It is stopped after two seconds.
    let dir = scratch("arena-lazy");
    let out = dir.join("results.jsonl");
    let args: Vec<std::ffi::OsString> = [
        "arena".into(),
        "--scenario".into(),
        whos_there().into_os_string(),
        "--players".into(),
        "random".into(),
        "--games".into(),
        "1000000".into(),
        "--jobs".into(),
        "1".into(),
        "--quiet".into(),
        "--out".into(),
        out.clone().into_os_string(),
    ]
    .to_vec();
    let r = Run::new(&args).kill_after(Duration::from_secs(2)).run();
    assert_eq!(r.code, None, "it was still playing: {}", r.stderr);
    assert!(r.stderr.contains("1000000 games"), "{}", r.stderr);
    let lines = std::fs::read_to_string(&out).unwrap().lines().count();
    assert!(lines > 0, "games were recorded as they ended");
    assert!(
        r.peak_kib < 64 * 1024,
        "peak {:.1} MiB after {lines} games",
        mib(r.peak_kib)
    );
}

// ===== files are read with a size cap =======================================================

#[test]
fn report_on_a_device_without_newlines_stops_at_the_line_cap() {
    let dir = scratch("report-zero");
    let r = run(&[
        OsStr::new("report"),
        OsStr::new("/dev/zero"),
        OsStr::new("--out"),
        dir.join("rep").as_os_str(),
    ]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stderr.contains("/dev/zero:1:1"), "{}", r.stderr);
    assert!(
        r.stderr.contains("longer than 1048576 bytes"),
        "{}",
        r.stderr
    );
    assert!(r.elapsed < Duration::from_secs(5), "{:?}", r.elapsed);
    assert!(r.peak_kib < 48 * 1024, "peak {:.1} MiB", mib(r.peak_kib));
    assert!(!dir.join("rep").exists(), "nothing written");
}

#[test]
fn a_saved_game_is_read_with_a_size_cap() {
    // A device that never ends, and a file one byte over the cap (sparse: no disk used).
    let dir = scratch("big-save");
    let big = dir.join("big.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len((16 << 20) + 1)
        .unwrap();
    for path in [PathBuf::from("/dev/zero"), big] {
        let r = run(&[OsStr::new("play"), OsStr::new("--load"), path.as_os_str()]);
        assert_eq!(r.code, Some(1), "{}", r.stderr);
        assert!(
            r.stderr.contains("more than 16777216 bytes"),
            "{}",
            r.stderr
        );
        assert!(r.peak_kib < 64 * 1024, "peak {:.1} MiB", mib(r.peak_kib));
    }
}

// ===== nothing touches a file it did not write ===============================================

#[test]
fn arena_never_cuts_or_empties_a_file_that_is_not_a_results_file() {
    let dir = scratch("not-results");
    let notes = dir.join("notes.txt");
    let text = "my notes, one line and no newline";
    for flag in ["--resume", "--overwrite"] {
        std::fs::write(&notes, text).unwrap();
        let r = run(&[
            OsStr::new("arena"),
            OsStr::new("--scenario"),
            whos_there().as_os_str(),
            OsStr::new("--players"),
            OsStr::new("random"),
            OsStr::new("--games"),
            OsStr::new("2"),
            OsStr::new("--quiet"),
            OsStr::new(flag),
            OsStr::new("--out"),
            notes.as_os_str(),
        ]);
        // An input file that is not what it should be: exit code 1.
        assert_eq!(r.code, Some(1), "{flag}: {}", r.stderr);
        assert!(
            r.stderr.contains("not a results file"),
            "{flag}: {}",
            r.stderr
        );
        assert!(r.stderr.contains("left untouched"), "{flag}: {}", r.stderr);
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), text, "{flag}");
    }
}

// ===== the table refuses what it cannot play ================================================

#[test]
fn a_saved_game_naming_an_ai_the_table_cannot_play_is_refused() {
    let dir = scratch("bad-ai");
    for (ai, why) in [("oracle", "hidden cards"), ("deep-blue", "not a player")] {
        let save = dir.join(format!("{ai}.json"));
        let text = serde_json::json!({
            "scenario": whos_there().display().to_string(),
            "seed": 1,
            "humans": "human",
            "martians": ai,
            "actions": [],
        });
        std::fs::write(&save, text.to_string()).unwrap();
        let r = run(&[OsStr::new("play"), OsStr::new("--load"), save.as_os_str()]);
        assert_eq!(r.code, Some(1), "{ai}: {}", r.stderr);
        assert!(
            r.stderr.contains("the martians are played by"),
            "{ai}: {}",
            r.stderr
        );
        assert!(r.stderr.contains(why), "{ai}: {}", r.stderr);
        let e = mars_attacks::table::session::Session::load(&save)
            .err()
            .expect("refused");
        assert!(e.to_string().contains("cannot play"), "{e}");
        assert!(
            matches!(
                e,
                mars_attacks::table::error::SessionError::Save(
                    mars_attacks::table::save::SaveError::Player {
                        side: mars_attacks::rules::Side::Martians,
                        ..
                    }
                )
            ),
            "{e:?}"
        );
    }
}

/// A build without the table says so instead (`cli::a_build_without_the_table_says_so`).
#[cfg(feature = "gui")]
#[test]
fn without_a_display_the_table_says_the_command_line_works() {
    let r = Run::new(&["play"])
        .env("DISPLAY", None)
        .env("WAYLAND_DISPLAY", None)
        .env("WAYLAND_SOCKET", None)
        .run();
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(
        r.stderr.contains("needs a graphical session"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("command line works without one"),
        "{}",
        r.stderr
    );
}

// ===== games that cannot end ================================================================

#[test]
fn validate_refuses_a_scenario_in_which_no_game_can_end() {
    // The wall on the north edges of a4-h4 cuts the board in two (R4): the Humans (a1)
    // and the Martians (h8) never meet, never see each other (R9), no exit, no counters,
    // no cards, no round_limit.
    let r = run(&[
        OsStr::new("validate"),
        fixture("never-meet.toml").as_os_str(),
    ]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    let file = fixture("never-meet.toml").display().to_string();
    // The [map] table is on line 8 of the fixture.
    assert!(
        r.stderr.contains(&format!(
            "{file}:8:1: map: no game of this scenario can ever end"
        )),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("can never reach or see each other"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("round_limit"), "{}", r.stderr);
    // With a hand size of 0 no card is ever drawn (R22): the same as no cards.
    let dir = scratch("no-hand");
    let path = dir.join("s.toml");
    let text = std::fs::read_to_string(fixture("never-meet.toml")).unwrap();
    std::fs::write(&path, text.replace("deck = \"none\"", "hand_size = 0")).unwrap();
    let r = run(&[OsStr::new("validate"), path.as_os_str()]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(
        r.stderr.contains("no game of this scenario can ever end"),
        "{}",
        r.stderr
    );
    // With cards, an Event may still kill a side: loads, with a warning.
    let r = run(&[
        OsStr::new("validate"),
        fixture("never-meet-cards.toml").as_os_str(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("warning: map: a game can end only through the cards"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_round_limit_or_a_way_through_lets_the_game_end() {
    let dir = scratch("can-end");
    let base = std::fs::read_to_string(fixture("never-meet.toml")).unwrap();
    for (what, text) in [
        (
            "round limit",
            base.replace("deck = \"none\"", "deck = \"none\"\nround_limit = 6"),
        ),
        // A low wall does not block movement (R5).
        (
            "low wall",
            base.replace("kind = \"high\"", "kind = \"low\""),
        ),
        // A gap at h4: the sides can meet.
        ("gap", base.replace("a4-h4 north", "a4-g4 north")),
        // The Humans may leave by the south edge, which they start on (R6).
        (
            "exit",
            base.replace(
                "vp = { shoot_kill = 1, fight_kill = 2 }\n\n[martians]",
                "exit = \"south\"\nvp = { shoot_kill = 1, fight_kill = 2 }\n\n[martians]",
            ),
        ),
    ] {
        let path = dir.join("s.toml");
        std::fs::write(&path, text).unwrap();
        let r = run(&[OsStr::new("validate"), path.as_os_str()]);
        assert_eq!(r.code, Some(0), "{what}: {}", r.stderr);
        assert!(!r.stderr.contains("can ever end"), "{what}: {}", r.stderr);
    }
}

#[test]
fn bench_never_counts_a_game_the_guard_stopped_as_a_game() {
    let r = run(&[
        OsStr::new("bench"),
        fixture("never-meet-cards.toml").as_os_str(),
        OsStr::new("--seconds"),
        OsStr::new("1"),
        OsStr::new("--json"),
    ]);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap_or_default();
    let stopped = v["stopped_by_guard"].as_u64().unwrap_or(0);
    if r.code == Some(0) {
        assert_eq!(stopped, 0, "{}", r.stdout);
    } else {
        assert_eq!(r.code, Some(1), "{}", r.stderr);
        assert!(
            r.stderr.contains("stopped by the runaway guard"),
            "{}",
            r.stderr
        );
    }
}

// ===== smaller things ========================================================================

#[test]
fn control_characters_in_a_scenario_name_are_refused_not_printed() {
    let dir = scratch("control");
    let path = scenario_named(&dir, "Who\\u001b[2J\\u0007s There?");
    let r = run(&[OsStr::new("validate"), path.as_os_str()]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("name: contains the control character U+001B"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains('\u{1b}') && !r.stdout.contains('\u{1b}'));
}

#[test]
fn the_error_count_counts_every_error_not_only_those_listed() {
    // 90,005 blockers off the board: 90,005 errors, of which the first 100 are listed.
    let dir = scratch("many-errors");
    let bad = vec!["\"z9\""; 90_005].join(",");
    let text = format!(
        "name = \"Many\"\nfirst_turn = \"humans\"\nround_limit = 6\n[map]\nblockers = [{bad}]\n\
         [humans]\nmodels = [{{ profile = \"soldier\", start = \"a1\" }}]\n\
         [martians]\nmodels = [{{ profile = \"martian\", start = \"h8\" }}]\n"
    );
    let path = dir.join("many.toml");
    std::fs::write(&path, text).unwrap();
    let r = run(&[OsStr::new("validate"), path.as_os_str()]);
    assert_eq!(r.code, Some(1));
    assert!(
        r.stderr.contains("invalid (90005 errors"),
        "{}",
        &r.stderr[r.stderr.len().saturating_sub(400)..]
    );
    assert!(
        r.stderr
            .contains("89905 more problems not shown (89905 errors, 0 warnings"),
        "{}",
        &r.stderr[r.stderr.len().saturating_sub(400)..]
    );
}

#[test]
fn a_piped_scenario_is_read_once() {
    // `--scenario <(cat FILE)`: a pipe can be read once; the fingerprint in the results
    // must be that of the scenario as read (`scenario_fingerprint`), not of an empty second
    // read.
    let dir = scratch("piped");
    let out = dir.join("r.jsonl");
    let script = format!(
        "exec '{BIN}' arena --scenario <(cat '{}') --players random --games 2 --quiet --out '{}'",
        whos_there().display(),
        out.display()
    );
    let status = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let bytes = std::fs::read(whos_there()).unwrap();
    let expected = mars_attacks::rules::fingerprint::scenario_fingerprint(&bytes);
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.lines().count(), 2);
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["scenario_fingerprint"], expected.as_str());
    }
}

#[test]
fn a_civilian_counted_as_a_critter_reads_a_critter() {
    use mars_attacks::rules::scenario_file::load_scenario;
    use mars_attacks::rules::state::{CounterKind, Event};
    use mars_attacks::rules::{GameState, ModelId, rng_from_seed};
    let s = std::sync::Arc::new(load_scenario(&whos_there()).unwrap().scenario);
    let g = GameState::new(s, &mut rng_from_seed(1));
    let text = mars_attacks::sim::describe(
        &g,
        &Event::CivilianClaimed(ModelId(0), CounterKind::Critter),
    );
    assert!(text.ends_with("counted as a Critter"), "{text}");
    let text = mars_attacks::sim::describe(
        &g,
        &Event::CivilianClaimed(ModelId(0), CounterKind::AlienSecret),
    );
    assert!(text.ends_with("counted as an Alien Secret"), "{text}");
}

// ===== documents ================================================================================

#[test]
fn the_rulings_in_docs_are_the_shared_rulings() {
    let shared = root().join("../shared/RULINGS.md");
    let copy = std::fs::read_to_string(root().join("docs/shared-rulings.md"))
        .expect("docs/shared-rulings.md");
    assert!(copy.contains("R9."), "the copy holds the rulings");
    // The shared file is beside the repository only in a working setup; without it there
    // is nothing to compare.
    if let Ok(original) = std::fs::read_to_string(&shared) {
        assert!(
            original == copy,
            "docs/shared-rulings.md differs from ../shared/RULINGS.md: copy it again"
        );
    }
}

#[test]
fn the_table_saves_over_a_saved_game_but_never_over_another_file() {
    use mars_attacks::rules::Side;
    use mars_attacks::table::session::Session;
    use mars_attacks::table::setup::GameSetup;
    let dir = scratch("save-over");
    let session = Session::new(GameSetup::versus_ai(
        whos_there(),
        Side::Humans,
        "random".parse().unwrap(),
        1,
    ))
    .expect("Scenario 1 loads");
    let notes = dir.join("notes.json");
    std::fs::write(&notes, "my notes").unwrap();
    let e = session.save_to(&notes).unwrap_err();
    assert!(e.to_string().contains("is not a saved game"), "{e}");
    assert!(
        matches!(e, mars_attacks::table::save::SaveError::NotOurs { .. }),
        "{e:?}"
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
    // A saved game is written over, and reads back.
    let save = dir.join("game.json");
    session.save_to(&save).unwrap();
    session.save_to(&save).unwrap();
    assert!(Session::load(&save).is_ok());
    assert!(!dir.join("game.json.saving").exists());
}
