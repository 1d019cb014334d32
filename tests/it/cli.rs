//! The `mars-attacks` binary, run as a user would: outputs, exit codes and error messages.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use mars_attacks::rules::odds::{fight, shoot};
use mars_attacks::rules::scenario_file::load_scenario;
use mars_attacks::rules::square::Square;
use serde_json::Value;

/// A map with no walls and no blockers.
const OPEN: &str = r#"
name = "Open ground"
description = "Nothing in the way."
first_turn = "humans"

[map]
walls = []
blockers = []

[humans]
models = [{ profile = "soldier", count = 1, start = "a1" }]
vp = { shoot_kill = 1, fight_kill = 2 }

[martians]
models = [{ profile = "martian", count = 1, start = "h8" }]
vp = { shoot_kill = 1, fight_kill = 2 }
"#;

/// The shipped Scenario 1.
fn whos_there() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/whos-there.toml")
}

/// A scratch directory of this test's own, emptied first.
fn scratch(name: &str) -> PathBuf {
    crate::common::scratch_dir(&format!("cli/{name}"))
}

fn write(dir: &Path, file: &str, text: &str) -> PathBuf {
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    path
}

/// Run the binary with these arguments (strings or paths).
macro_rules! cli {
    ($($a:expr),* $(,)?) => {
        run(&[$(OsString::from(&$a)),*])
    };
}

fn run<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mars-attacks"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn json(o: &Output) -> Value {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(o));
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

/// The keys of a JSON object, checking it has exactly these, in any order.
fn assert_keys(v: &Value, keys: &[&str]) {
    let obj = v.as_object().expect("an object");
    let mut got: Vec<&str> = obj.keys().map(String::as_str).collect();
    let mut want = keys.to_vec();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want);
}

fn num(v: &Value, key: &str) -> f64 {
    v[key].as_f64().unwrap_or_else(|| panic!("{key} in {v}"))
}

// ------------------------------------------------------------------------------------
// odds
// ------------------------------------------------------------------------------------

#[test]
fn odds_shoot_json_is_the_exact_odds() {
    let o = run(&[
        "odds",
        "shoot",
        "--dice",
        "5",
        "--shoot",
        "5",
        "--survive-dice",
        "3",
        "--survive",
        "6",
        "--armour",
        "1",
        "--json",
    ]);
    let v = json(&o);
    assert_keys(&v, &["kill", "rattled", "miss"]);
    let want = shoot(5, 5, 3, 6, 1);
    // Full precision: the printed numbers read back to the very same f64.
    assert_eq!(num(&v, "kill"), want.kill);
    assert_eq!(num(&v, "rattled"), want.rattled);
    assert_eq!(num(&v, "miss"), want.miss);
    // The printed form is the one documented, fields in this order.
    let text = stdout(&o);
    assert!(text.starts_with("{\"kill\": "), "{text}");
    assert!(text.find("\"rattled\"") < text.find("\"miss\""), "{text}");
}

#[test]
fn odds_shoot_from_profiles() {
    // A Soldier (5+) aims a clear shot at an armoured Martian (6+): 5 dice vs 3 + 1.
    let v = json(&run(&[
        "odds",
        "shoot",
        "--shooter",
        "soldier",
        "--target",
        "martian",
        "--clear",
        "--aim",
        "--json",
    ]));
    let want = shoot(5, 5, 3, 6, 1);
    assert_eq!(num(&v, "kill"), want.kill);
    assert_eq!(num(&v, "rattled"), want.rattled);
    assert_eq!(num(&v, "miss"), want.miss);
    // A Martian (4+) at a Soldier it can see: 3 dice against 3 at 6+, no armour.
    let v = json(&run(&[
        "odds",
        "shoot",
        "--shooter",
        "martian",
        "--target",
        "soldier",
        "--json",
    ]));
    let want = shoot(3, 4, 3, 6, 0);
    assert_eq!(num(&v, "kill"), want.kill);
    assert_eq!(num(&v, "rattled"), 0.0);
    assert_eq!(num(&v, "miss"), want.miss);
}

#[test]
fn odds_explicit_numbers_override_the_profiles() {
    let v = json(&run(&[
        "odds",
        "shoot",
        "--shooter",
        "soldier",
        "--target",
        "martian",
        "--clear",
        "--dice",
        "2",
        "--armour",
        "0",
        "--survive",
        "5",
        "--json",
    ]));
    let want = shoot(2, 5, 3, 5, 0);
    assert_eq!(num(&v, "kill"), want.kill);
    assert_eq!(num(&v, "miss"), want.miss);
}

#[test]
fn odds_fight_json_is_the_exact_odds() {
    let o = run(&[
        "odds",
        "fight",
        "--dice",
        "4",
        "--fight",
        "4",
        "--defender-dice",
        "3",
        "--defend",
        "5",
        "--defender-fights",
        "--json",
    ]);
    let v = json(&o);
    assert_keys(&v, &["attacker_wins", "defender_wins", "no_kill"]);
    let want = fight(4, 4, 3, 5, true);
    assert_eq!(num(&v, "attacker_wins"), want.attacker_wins);
    assert_eq!(num(&v, "defender_wins"), want.defender_wins);
    assert_eq!(num(&v, "no_kill"), want.no_kill);
    assert!(stdout(&o).starts_with("{\"attacker_wins\": "));
}

#[test]
fn odds_fight_from_profiles() {
    // A charging Soldier (Fight 4+) against a Martian that fights back (Fight 5+).
    let v = json(&run(&[
        "odds",
        "fight",
        "--attacker",
        "soldier",
        "--defender",
        "martian",
        "--charge",
        "--defender-fights",
        "--json",
    ]));
    let want = fight(4, 4, 3, 5, true);
    assert_eq!(num(&v, "attacker_wins"), want.attacker_wins);
    assert_eq!(num(&v, "defender_wins"), want.defender_wins);
    // ... or that tries to Survive (6+), with a friend in the square: 4 dice each.
    let v = json(&run(&[
        "odds",
        "fight",
        "--attacker",
        "soldier",
        "--defender",
        "martian",
        "--charge",
        "--defender-friends",
        "--defender-survives",
        "--json",
    ]));
    let want = fight(4, 4, 4, 6, false);
    assert_eq!(num(&v, "attacker_wins"), want.attacker_wins);
    assert_eq!(num(&v, "defender_wins"), 0.0);
    assert_eq!(num(&v, "no_kill"), want.no_kill);
    // Friends of the attacker count too, and the charge.
    let v = json(&run(&[
        "odds",
        "fight",
        "--attacker",
        "martian",
        "--defender",
        "soldier",
        "--charge",
        "--attacker-friends",
        "--defender-fights",
        "--json",
    ]));
    let want = fight(5, 5, 3, 4, true);
    assert_eq!(num(&v, "attacker_wins"), want.attacker_wins);
}

#[test]
fn odds_table_is_friendly() {
    let o = run(&[
        "odds",
        "shoot",
        "--shooter",
        "soldier",
        "--target",
        "martian",
        "--clear",
        "--aim",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.contains("US Army Soldier shoots Martian"), "{text}");
    assert!(text.contains("5 dice at 5+ against 3 dice at 6+"), "{text}");
    assert!(text.contains("51.28%"), "{text}");
    assert!(text.contains("21.85%"), "{text}");
    assert!(text.contains("26.86%"), "{text}");
}

#[test]
fn odds_errors_say_what_is_wrong() {
    let o = run(&["odds", "shoot", "--shooter", "grey", "--target", "martian"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("grey"), "{err}");
    assert!(err.contains("martian") && err.contains("soldier"), "{err}");
    assert!(stdout(&o).is_empty());

    let o = run(&["odds", "fight", "--fight", "4"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--defend"), "{}", stderr(&o));

    for bad in [
        vec!["odds", "shoot", "--shoot", "9", "--survive", "6"],
        vec!["odds", "shoot", "--shoot", "five", "--survive", "6"],
        vec![
            "odds",
            "shoot",
            "--dice",
            "-1",
            "--shoot",
            "5",
            "--survive",
            "6",
        ],
        vec![
            "odds",
            "fight",
            "--fight",
            "4",
            "--defend",
            "5",
            "--defender-fights",
            "--defender-survives",
        ],
        vec!["odds"],
        vec!["frobnicate"],
    ] {
        let o = run(&bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {}", stderr(&o));
    }
}

#[test]
fn help_goes_to_stdout_with_success() {
    let o = run(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    for sub in ["odds", "validate", "los", "steps"] {
        assert!(stdout(&o).contains(sub), "{}", stdout(&o));
    }
}

// ------------------------------------------------------------------------------------
// validate
// ------------------------------------------------------------------------------------

#[test]
fn validate_reports_ok_files() {
    let dir = scratch("validate-ok");
    let open = write(&dir, "open.toml", OPEN);
    let o = cli!["validate", open, whos_there()];
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(&format!("{}: ok (Open ground)", open.display())),
        "{out}"
    );
    assert!(out.contains("ok (Who's There?)"), "{out}");
}

#[test]
fn validate_prints_every_diagnostic_and_fails() {
    let dir = scratch("validate-bad");
    let open = write(&dir, "open.toml", OPEN);
    let bad = write(
        &dir,
        "bad.toml",
        &OPEN
            .replace("first_turn = \"humans\"", "first_turn = \"nobody\"")
            .replace("start = \"a1\"", "start = \"k3\""),
    );
    let Err(diagnostics) = load_scenario(&bad) else {
        panic!("the bad file loads");
    };
    let o = cli!["validate", open, bad, dir.join("missing.toml"),];
    // A file that is not there is a mistake of the command line (exit code 2); the
    // others are checked all the same.
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    let err = stderr(&o);
    // The good file is still reported as good.
    assert!(out.contains("open.toml: ok"), "{out}");
    assert!(!out.contains("bad.toml"), "{out}");
    // Every diagnostic, as file:line:column: message.
    assert!(diagnostics.len() >= 2, "{diagnostics:?}");
    for d in &diagnostics {
        assert!(err.contains(&d.to_string()), "{d} missing from\n{err}");
        assert!(d.to_string().starts_with(&format!("{}:", bad.display())));
    }
    assert!(err.contains("column k is off the board"), "{err}");
    assert!(err.contains("missing.toml"), "{err}");
}

// ------------------------------------------------------------------------------------
// los
// ------------------------------------------------------------------------------------

#[test]
fn los_single_lookup() {
    let dir = scratch("los-one");
    let open = write(&dir, "open.toml", OPEN);
    let o = cli!["los", open, "--from", "c3", "--to", "f6"];
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "clear\n");

    // On Scenario 1 the answer is the map's own.
    let scenario = load_scenario(&whos_there()).unwrap().scenario;
    for (from, to) in [("c3", "f6"), ("b6", "a6"), ("d1", "d8"), ("a1", "h8")] {
        let o = cli!["los", whos_there(), "--from", from, "--to", to,];
        let want = scenario
            .map
            .los(from.parse().unwrap(), to.parse().unwrap())
            .to_string();
        assert_eq!(stdout(&o).trim(), want, "{from} -> {to}");
    }
}

#[test]
fn los_table_has_every_ordered_pair_in_board_order() {
    let o = cli!["los", whos_there(), "--table"];
    let v = json(&o);
    let table = v.as_object().unwrap();
    assert_eq!(table.len(), 64);
    let scenario = load_scenario(&whos_there()).unwrap().scenario;
    let mut entries = 0;
    for from in Square::all() {
        let row = table[&from.to_string()].as_object().unwrap();
        // A square sees itself clearly (as the game message's sight table says).
        assert_eq!(row[&from.to_string()], "clear", "{from} sees itself");
        for to in Square::all() {
            let got = row[&to.to_string()].as_str().unwrap();
            assert_eq!(got, scenario.map.los(from, to).name(), "{from} -> {to}");
            entries += 1;
        }
        assert_eq!(row.len(), 64);
    }
    assert_eq!(entries, 64 * 64);
    // The text lists the squares in board order: a1, b1, ..., h1, a2, ...
    let text = stdout(&o);
    let positions: Vec<usize> = Square::all()
        .map(|s| text.find(&format!("\n  \"{s}\": {{")).unwrap())
        .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]));
    assert!(
        text.contains("\"a1\": {\"a1\": \"clear\", \"b1\": "),
        "{}",
        &text[..80]
    );
}

#[test]
fn los_errors_name_the_bad_square() {
    for args in [
        ["--from", "k3", "--to", "a1"],
        ["--from", "a1", "--to", "k3"],
    ] {
        let mut all = vec!["los".to_string(), whos_there().display().to_string()];
        all.extend(args.iter().map(|s| s.to_string()));
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("k3"), "{}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
    let o = cli!["los", whos_there(), "--from", "a1"];
    assert_eq!(o.status.code(), Some(2), "--from without --to");
    let o = cli!["los", whos_there(), "--table", "--from", "a1",];
    assert_eq!(o.status.code(), Some(2), "--table with --from");
}

#[test]
fn los_and_steps_on_a_bad_file_print_its_diagnostics() {
    let dir = scratch("bad-file");
    let bad = write(&dir, "bad.toml", "name = 3\n[map]\nwalls = \"none\"\n");
    let Err(diagnostics) = load_scenario(&bad) else {
        panic!("the bad file loads");
    };
    for o in [cli!["los", bad, "--table"], cli!["steps", bad]] {
        assert_eq!(o.status.code(), Some(1));
        assert!(stdout(&o).is_empty());
        for d in &diagnostics {
            assert!(stderr(&o).contains(&d.to_string()), "{}", stderr(&o));
        }
    }
}

// ------------------------------------------------------------------------------------
// steps
// ------------------------------------------------------------------------------------

#[test]
fn steps_on_an_open_map() {
    let dir = scratch("steps-open");
    let open = write(&dir, "open.toml", OPEN);
    let o = cli!["steps", open];
    let v = json(&o);
    let table = v.as_object().unwrap();
    assert_eq!(table.len(), 64);
    let list = |s: &str| -> Vec<String> {
        table[s]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect()
    };
    // Sorted by square index: b1 (1) before a2 (8) before b2 (9).
    assert_eq!(list("a1"), ["b1", "a2", "b2"]);
    assert_eq!(list("h8"), ["g7", "h7", "g8"]);
    assert_eq!(list("a4").len(), 5);
    assert_eq!(list("d4"), ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"]);
    // 4 corners x 3 + 24 edge squares x 5 + 36 inner squares x 8.
    let total: usize = Square::all().map(|s| list(&s.to_string()).len()).sum();
    assert_eq!(total, 4 * 3 + 24 * 5 + 36 * 8);
}

#[test]
fn steps_follow_the_map_of_scenario_1() {
    let o = cli!["steps", whos_there()];
    let v = json(&o);
    let scenario = load_scenario(&whos_there()).unwrap().scenario;
    for from in Square::all() {
        let got: Vec<&str> = v[from.to_string()]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        let want: Vec<String> = Square::all()
            .filter(|t| scenario.map.step_targets(from).contains(*t))
            .map(|t| t.to_string())
            .collect();
        assert_eq!(got, want, "from {from}");
    }
    // The high wall on the east side of c5 stops a step from c5 to d5 (R4); the low wall
    // on its south side does not stop a step to c4 (R5).
    let c5: Vec<&str> = v["c5"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert!(!c5.contains(&"d5") && c5.contains(&"c4"), "{c5:?}");
}

/// `deck` prints the core deck's 42 cards (R19): card 23 is Tough Little Suckers on the
/// Martian side and Jammer on the Human side; card 42 is the Wings of Death Event; the JSON
/// form lists each card once with its halves by printed name.
#[test]
fn deck_prints_each_card_with_its_two_halves() {
    let o = run(&["deck"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("42 cards (36 with side halves, 6 Events)"),
        "{text}"
    );
    let line23 = text
        .lines()
        .find(|l| l.trim_start().starts_with("23 "))
        .unwrap();
    assert!(line23.contains("Tough Little Suckers") && line23.contains("Jammer"));
    assert!(text.contains("Heat Ray 7") && text.contains("Human Ingenuity 6"));
    let o = run(&["deck", "--json"]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), 42);
    assert_eq!(list[22]["number"], 23);
    assert_eq!(list[22]["martians"], "Tough Little Suckers");
    assert_eq!(list[22]["humans"], "Jammer");
    assert_eq!(list[22]["event"], Value::Null);
    assert_eq!(list[41]["event"], "Wings of Death");
    assert_eq!(list[41]["martians"], Value::Null);
}

/// A deck file with a problem: the place and the reason, exit 1; one whose half is on no
/// card: a warning, and the deck is shown.
#[test]
fn deck_reports_problems_with_their_place() {
    let dir = scratch("deck");
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "cards = [{ number = 1, martians = \"zap\" }]\n").unwrap();
    let o = run(&[OsStr::new("deck"), bad.as_os_str()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("bad.toml:1:35: cards[0].martians: \"zap\" is not defined"),
        "{}",
        stderr(&o)
    );
    let ok = dir.join("ok.toml");
    std::fs::write(
        &ok,
        "cards = [{ number = 1, humans = \"duck\" }]\n\
         [halves.duck]\nside = \"humans\"\nname = \"Duck!\"\nkind = \"response\"\n\
         text = \"Saved.\"\neffect = \"lucky-escape\"\n\
         [halves.spare]\nside = \"humans\"\nname = \"Spare\"\nkind = \"response\"\n\
         text = \"Saved.\"\neffect = \"lucky-escape\"\n",
    )
    .unwrap();
    let o = run(&[OsStr::new("deck"), ok.as_os_str()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("\"spare\" is on no card"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("Duck! (response, lucky-escape)"));
}

// ------------------------------------------------------------------------------------
// the commands that open a window
// ------------------------------------------------------------------------------------

/// Every build lists the commands that open a window (a build without the desktop table
/// too), and each checks its options before it looks for a window.
#[test]
fn the_window_commands_are_listed_and_check_their_options_in_every_build() {
    let help = stdout(&run(&["--help"]));
    for command in ["play", "preview", "martian-dice"] {
        assert!(
            help.contains(&format!("\n  {command} ")),
            "{command}: {help}"
        );
    }
    for game in ["martian-dice", "dice-game", "takedown"] {
        let help = stdout(&run(&[game, "--help"]));
        assert!(help.contains("\n  play "), "{game}: {help}");
    }
    for (args, says) in [
        (&["play", "--level", "silly"][..], "`silly` is not a level"),
        (&["play", "--side", "aliens"], "aliens"),
        // At a real table: who rolls is `table` or `program`, and only at a real table.
        (
            &["play", "--companion", "--ai-dice", "dealer"],
            "`dealer` is not who rolls",
        ),
        (&["play", "--ai-dice", "table"], "--companion"),
        (
            &["play", "--companion", "--counters", "dealer"],
            "`dealer` is not who rolls",
        ),
        (&["preview", "no/such/file.toml"], "no/such/file.toml"),
        (&["martian-dice", "play", "--level", "silly"], "silly"),
        (&["martian-dice", "play", "--players", "9"], "9"),
        (
            &["dice-game", "play", "--seats", "you,perfect"],
            "`perfect` is not an AI level",
        ),
        (
            &["dice-game", "play", "--seats", "you"],
            "the Dice Game is for 2 to 6 players, not 1",
        ),
        (
            &["dice-game", "play", "--difficulty", "medium"],
            "--difficulty: `medium` is not a difficulty",
        ),
        (
            &["takedown", "play", "--seats", "you,aim:fast"],
            "--seats: seat 2: ",
        ),
        (
            &["takedown", "play", "--seats", "you:sharp,aim"],
            "`sharp` is not an aiming level",
        ),
        (
            &["takedown", "play", "--seats", "you,aim,aim,aim,aim"],
            "for 2 to 4 players, not 5",
        ),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
}

/// A build without the desktop table (`cargo build --no-default-features`) parses every
/// command that opens a window, then says in one line that it has no table and how to
/// build one, whatever display there is; nothing starts, not even a program named to play.
#[cfg(not(feature = "gui"))]
#[test]
fn a_build_without_the_table_says_so() {
    let dir = scratch("no-table");
    let marker = dir.join("the-program-ran");
    let program = format!("exec:sh -c 'touch {}'", marker.display());
    let scenario = whos_there();
    let scenario = scenario.to_str().unwrap();
    for (args, command) in [
        (&[][..], "play"),
        (&["play"], "play"),
        (&["play", "--level", &program, "--seed", "3"], "play"),
        (&["play", "--choose", "--scenario", scenario], "play"),
        (&["preview", scenario], "preview"),
        (
            &["martian-dice", "play", "--players", "3"],
            "martian-dice play",
        ),
        (
            &["dice-game", "play", "--seats", "you,greedy,hard"],
            "dice-game play",
        ),
    ] {
        for display in [None, Some(":0")] {
            let mut c = Command::new(env!("CARGO_BIN_EXE_mars-attacks"));
            c.args(args).env_remove("WAYLAND_DISPLAY");
            match display {
                Some(d) => c.env("DISPLAY", d),
                None => c.env_remove("DISPLAY"),
            };
            let o = c.output().expect("the binary runs");
            assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
            assert_eq!(
                stderr(&o),
                format!(
                    "error: `{command}` needs a window, and this build has no desktop table \
                     (it was built without the `gui` feature): build with the default \
                     features, `cargo build --release`\n"
                ),
                "{args:?}"
            );
            assert!(o.stdout.is_empty(), "{args:?}: {}", stdout(&o));
        }
    }
    assert!(!marker.exists(), "the program named to play was started");
}

/// `fit-evaluation --only` fits the weights named and keeps every other as the program was
/// built with; a name that is not a weight is refused before any game is played, with the
/// names there are, and nothing is written.
#[test]
fn fit_evaluation_only_moves_the_weights_named() {
    use mars_attacks::bot::eval::fitted::{EvaluationFile, FEATURE_NAMES, SHIPPED};
    let dir = scratch("fit_only");
    let file = write(&dir, "open.toml", OPEN);
    let out = dir.join("weights.toml");
    let o = cli!(
        "fit-evaluation",
        "--scenario",
        file,
        "--players",
        "random",
        "--games",
        "20",
        "--seed",
        "3",
        "--only",
        "vp",
        "threat_mover",
        "--jobs",
        "1",
        "--out",
        out
    );
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("--only vp threat_mover`"), "{text}");
    let fitted: EvaluationFile = toml::from_str(&text).unwrap();
    let (new, built) = (fitted.weights.to_array(), SHIPPED.weights.to_array());
    for (i, name) in FEATURE_NAMES.iter().enumerate() {
        if !["vp", "threat_mover"].contains(name) {
            assert_eq!(new[i], built[i], "{name} moved");
        }
    }
    // On open ground the side to move often has a shot: that weight has something to fit.
    let threat = FEATURE_NAMES
        .iter()
        .position(|n| *n == "threat_mover")
        .unwrap();
    assert_ne!(new[threat], built[threat]);

    let refused = dir.join("refused.toml");
    let o = cli!(
        "fit-evaluation",
        "--scenario",
        file,
        "--only",
        "exit",
        "--out",
        refused
    );
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("--only exit: no such weight"), "{err}");
    assert!(err.contains("exits"), "{err}");
    assert!(!refused.exists());
}

#[test]
fn render_shades_the_cover_map_by_how_many_start_squares_see_each_square() {
    let dir = scratch("render-cover");
    let open = write(&dir, "open.toml", OPEN);
    // On open ground every line is clear (R9), so a square is seen from a start square
    // when it is within the watcher's range (R8, the king-move distance): the Martian on
    // h8 (range 4) sees the 5 x 5 squares d4-h8, the Soldier on a1 (range 6) the 7 x 7
    // squares a1-g7.
    for (side, watcher_at, range, shaded) in [("humans", "h8", 4, 25), ("martians", "a1", 6, 49)] {
        let o = cli!["render", open, "--cover", side];
        assert!(o.status.success(), "{}", stderr(&o));
        let svg = stdout(&o);
        let squares: Vec<&str> = svg
            .lines()
            .filter(|l| l.contains(r#"<rect class="shade""#))
            .collect();
        assert_eq!(squares.len(), shaded, "{side}: squares shaded");
        let from: Square = watcher_at.parse().unwrap();
        let seen = Square::all().filter(|s| s.range(from) <= range).count();
        assert_eq!(seen, shaded, "the count by hand");
        let side_word = if side == "humans" {
            "Humans"
        } else {
            "Martians"
        };
        assert!(svg.contains(&format!("cover for the {side_word}")), "{svg}");
    }
    // Without --cover, nothing is shaded; a side that is not one is refused.
    let plain = stdout(&cli!["render", open]);
    assert!(!plain.contains("shade"));
    let o = cli!["render", open, "--cover", "cows"];
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cows"), "{}", stderr(&o));
}
