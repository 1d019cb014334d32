//! Saved games read and written by the table: who plays each side is read once, as a
//! typed player, when the file is read; the files the table wrote before
//! (`tests/fixtures/saves`, written by the table as it saved then) load and are written
//! back byte for byte but for the scenario, named today by its whole path so that a save
//! loads from any folder, and a game set up the same way today writes the same file.

use std::path::{Path, PathBuf};

use crate::child::{root, scratch};
use mars_attacks::bot::{Kind, Level, PlayerSpec};
use mars_attacks::rules::{BySide, Side};
use mars_attacks::table::session::Session;
use mars_attacks::table::setup::{Controller, GameSetup, ai_at_level, ai_spec_for_level};

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures/saves").join(name)
}

/// The fixtures, with who plays each side as the table wrote them.
const FIXTURES: [(&str, &str, &str); 6] = [
    ("hot-seat.json", "human", "human"),
    ("versus-hard.json", "human", "mcts:hard"),
    ("versus-easy-martians.json", "mcts:easy", "human"),
    ("watch.json", "random", "greedy"),
    ("iterations.json", "mcts:200", "mcts:normal"),
    (
        "program.json",
        "human",
        "exec:python3 examples/bots/greedy_bot.py",
    ),
];

/// A fixture's text as the table writes it today: the scenario by its whole path.
fn as_written_today(text: &str) -> String {
    let whole = std::fs::canonicalize(root().join("scenarios/whos-there.toml")).unwrap();
    let line = "\"scenario\": \"scenarios/whos-there.toml\"";
    assert!(
        text.contains(line),
        "the fixtures name Scenario 1 relatively"
    );
    text.replace(
        line,
        &format!("\"scenario\": {}", serde_json::to_string(&whole).unwrap()),
    )
}

fn spec(text: &str) -> PlayerSpec {
    text.parse().unwrap()
}

#[test]
fn saves_written_before_load_and_are_written_back_byte_for_byte() {
    let dir = scratch("saves", "written-back");
    for (name, humans, martians) in FIXTURES {
        let path = fixture(name);
        let before = std::fs::read(&path).unwrap();
        let s = Session::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let actions = serde_json::from_slice::<serde_json::Value>(&before).unwrap()["actions"]
            .as_array()
            .unwrap()
            .len();
        assert!(actions > 0, "{name} holds decisions");
        assert_eq!(
            s.history().len(),
            actions,
            "{name}: every decision replayed"
        );
        // Read as typed players, once.
        for (side, text) in [(Side::Humans, humans), (Side::Martians, martians)] {
            let want = match text {
                "human" => Controller::Human,
                spec => Controller::Ai(spec.parse().unwrap()),
            };
            assert_eq!(*s.controller(side), want, "{name}: the {side}");
            assert_eq!(s.controller(side).to_string(), text, "{name}: the {side}");
        }
        let out = dir.join(name);
        s.save_to(&out).unwrap();
        assert_eq!(
            String::from_utf8(std::fs::read(&out).unwrap()).unwrap(),
            as_written_today(&String::from_utf8(before).unwrap()),
            "{name} is written back as it was"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Sets up Scenario 1 (its path as the fixtures give it), plays the first legal decision
/// `n` times as two people at one table, then hands the sides to `humans` and `martians`:
/// how the fixtures were made.
fn game(seed: u64, n: usize, humans: Controller, martians: Controller) -> Session {
    let setup = GameSetup {
        scenario_path: PathBuf::from("scenarios/whos-there.toml"),
        seed,
        dice_seed: None,
        controllers: BySide::new(Controller::Human, Controller::Human),
    };
    let mut s = Session::new(setup).unwrap();
    for _ in 0..n {
        let a = s.legal()[0];
        s.play(a).unwrap();
    }
    s.set_controller(Side::Humans, humans);
    s.set_controller(Side::Martians, martians);
    s
}

fn same_file(s: &Session, name: &str, dir: &Path) {
    let out = dir.join(name);
    s.save_to(&out).unwrap();
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        as_written_today(&std::fs::read_to_string(fixture(name)).unwrap()),
        "{name}"
    );
}

#[test]
fn a_game_set_up_as_before_writes_the_same_file() {
    let dir = scratch("saves", "same-game");
    let ai = |level: &str| Controller::Ai(ai_spec_for_level(level).unwrap());
    let h = Controller::Human;
    same_file(&game(7, 40, h, h), "hot-seat.json", &dir);
    same_file(&game(3, 25, h, ai("hard")), "versus-hard.json", &dir);
    same_file(
        &game(5, 12, ai("easy"), h),
        "versus-easy-martians.json",
        &dir,
    );
    same_file(
        &game(11, 30, ai("random"), ai("greedy")),
        "watch.json",
        &dir,
    );
    same_file(
        &game(13, 8, ai("mcts:200"), ai("normal")),
        "iterations.json",
        &dir,
    );
    let program = ai("exec:python3 examples/bots/greedy_bot.py");
    same_file(&game(17, 5, h, program), "program.json", &dir);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn level_names_are_the_tree_search_at_that_level() {
    for level in Level::ALL {
        for text in [
            level.name().to_string(),
            level.name().to_uppercase(),
            format!("  {}\t", level.name()),
        ] {
            let spec = ai_spec_for_level(&text).unwrap();
            assert_eq!(spec, ai_at_level(level), "{text:?}");
            assert_eq!(spec.kind(), Kind::Mcts);
            assert_eq!(spec.to_string(), format!("mcts:{}", level.name()));
        }
    }
    // Any other text is a player spec of its own, read in any case.
    assert_eq!(ai_spec_for_level("Greedy").unwrap(), spec("greedy"));
    assert_eq!(ai_spec_for_level(" mcts:200 ").unwrap(), spec("mcts:200"));
    let e = ai_spec_for_level("silly").unwrap_err();
    assert!(e.to_string().contains("unknown kind `silly`"), "{e}");
}

#[test]
fn a_player_written_another_way_is_saved_as_its_spec() {
    // A spec in another case, or a searching kind without its level, reads as the same
    // player and is written back as that player's spec.
    let dir = scratch("saves", "another-way");
    for (written, read) in [
        ("MCTS:Hard", "mcts:hard"),
        ("pimc", "pimc:normal"),
        (" Random ", "random"),
    ] {
        let path = dir.join("game.json");
        let text = serde_json::json!({
            "scenario": "scenarios/whos-there.toml",
            "seed": 1,
            "humans": "human",
            "martians": written,
            "actions": [],
        });
        std::fs::write(&path, text.to_string()).unwrap();
        let s = Session::load(&path).unwrap();
        assert_eq!(*s.controller(Side::Martians), Controller::Ai(spec(read)));
        assert_eq!(s.to_save().martians, read, "{written:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A game saved at any point loads as it stood. With a person against the AI, a decision
/// passes at once the empty response windows nobody must see (the person's own), and
/// those shown to the person wait for an answer: a save made after either loads past the
/// first and, for the second, past those answered and no further.
#[test]
fn a_game_saved_at_any_point_loads_where_it_stood() {
    use crate::table_companion::{ai, assert_same_records, drive, session};
    use mars_attacks::sim::state_text;
    let dir = scratch("saves", "any-point");
    let mut past_windows = 0;
    for (seed, humans, martians) in [
        (3, Controller::Human, ai("random")),
        (4, ai("greedy"), Controller::Human),
    ] {
        let mut s = session(seed, humans, martians);
        for limit in (4..=200).step_by(4) {
            drive(&mut s, seed, limit, |_, _| {
                unreachable!("the program rolls")
            });
            let path = dir.join(format!("game-{seed}-{limit}.json"));
            s.save_to(&path).unwrap();
            if std::fs::read_to_string(&path)
                .unwrap()
                .contains("\"windows_after\"")
            {
                past_windows += 1;
            }
            let loaded = Session::load(&path).unwrap();
            assert_same_records(s.history(), loaded.history());
            assert_eq!(
                state_text(loaded.state()),
                state_text(s.state()),
                "seed {seed}, saved after {} decisions",
                s.history().len()
            );
            if s.state().is_over() {
                break;
            }
        }
    }
    assert!(past_windows > 0, "no save was made past a window");
}

#[test]
fn a_save_moved_with_its_scenario_finds_it_beside_itself() {
    let dir = scratch("saves", "moved");
    let s = game(7, 10, Controller::Human, Controller::Human);
    let save = dir.join("g.json");
    s.save_to(&save).unwrap();
    // Where the scenario was is gone; a copy of it sits beside the save.
    let text = std::fs::read_to_string(&save).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let whole = v["scenario"].as_str().unwrap().to_string();
    assert!(Path::new(&whole).is_absolute(), "{whole}");
    let gone = dir.join("elsewhere/whos-there.toml");
    let moved = text.replace(
        &serde_json::to_string(&whole).unwrap(),
        &serde_json::to_string(&gone).unwrap(),
    );
    assert_ne!(moved, text);
    std::fs::write(&save, moved).unwrap();
    assert!(
        Session::load(&save).is_err(),
        "not found: nothing beside it yet"
    );
    std::fs::copy(
        root().join("scenarios/whos-there.toml"),
        dir.join("whos-there.toml"),
    )
    .unwrap();
    let loaded = Session::load(&save).unwrap();
    assert_eq!(loaded.setup().scenario_path, dir.join("whos-there.toml"));
    assert_eq!(loaded.history().len(), 10);
    std::fs::remove_dir_all(&dir).ok();
}
