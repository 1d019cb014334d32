//! The designer's workbench (`mars-attacks preview`): the overlay of one square's sight,
//! range and walking, the cover map, the reload that keeps the last good version, and the
//! file watch. Expected figures are counted from the rules (R6, R8, R9) on small maps.

use std::path::{Path, PathBuf};

use mars_attacks::rules::map::Los;
use mars_attacks::rules::scenario_file::{Severity, parse_scenario};
use mars_attacks::rules::square::{Side, Square};
use mars_attacks::rules::{Bitboard, Scenario};
use mars_attacks::workbench::reload::Reload;
use mars_attacks::workbench::{Design, cover_map, square_view, start_squares};

/// Two Soldiers (range 6) deploying in row 1, two Martians (range 4) in row 8, and
/// `walls` (TOML array entries).
fn open_board(walls: &str) -> String {
    format!(
        r#"
name = "Workbench"
first_turn = "humans"
deck = "none"
hand_size = 0
[map]
walls = [{walls}]
[humans]
deployment = ["a1-h1"]
models = [{{ profile = "soldier", count = 2, start = "deploy" }}]
[martians]
deployment = ["a8-h8"]
models = [{{ profile = "martian", count = 2, start = "deploy" }}]
"#
    )
}

fn scenario(text: &str) -> Scenario {
    parse_scenario("t.toml", text)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .scenario
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn bits(names: &[&str]) -> Bitboard {
    names.iter().map(|n| sq(n)).collect()
}

/// Squares of row 8 within `range` columns of column `col` (0-based).
fn row_squares_within(col: i8, range: i8) -> u8 {
    ((col + range).min(7) - (col - range).max(0) + 1) as u8
}

#[test]
fn on_an_open_board_the_view_from_a_corner_is_counted_from_r8() {
    let s = scenario(&open_board(""));
    let v = square_view(&s, sq("a1"));
    assert_eq!(
        v.clear,
        Bitboard::FULL,
        "an open board: every square is seen clearly"
    );
    assert_eq!(v.partial, Bitboard::EMPTY);
    assert_eq!(v.range[Side::Humans], Some(6));
    assert_eq!(v.range[Side::Martians], Some(4));
    // R8: within range r of a corner is an (r+1) x (r+1) block.
    assert_eq!(v.in_range[Side::Humans].count(), 49);
    assert_eq!(v.in_range[Side::Martians].count(), 25);
    assert_eq!(v.walk1, bits(&["a2", "b1", "b2"]));
    assert_eq!(v.walk2, bits(&["a3", "b3", "c3", "c2", "c1"]));
    let mid = square_view(&s, sq("d4"));
    assert_eq!(mid.walk1.count(), 8);
    assert_eq!(mid.walk2.count(), 16);
}

#[test]
fn the_cover_map_counts_the_start_squares_that_see_each_square_within_range() {
    let s = scenario(&open_board(""));
    assert_eq!(start_squares(&s, Side::Martians), Bitboard::row(7));
    let cover = cover_map(&s, Side::Martians);
    for q in Square::all() {
        // Row 8 is 7 - row rows away; the Martians' range is 4.
        let expected = if 7 - q.row() <= 4 {
            row_squares_within(q.col(), 4)
        } else {
            0
        };
        assert_eq!(cover.at(q), expected, "{q}");
    }
    // Five rows of 5, 6, 7, 8, 8, 7, 6, 5.
    let total: u32 = cover.seen_by.iter().map(|n| u32::from(*n)).sum();
    assert_eq!(total, 5 * 52);
    assert_eq!(cover.max(), 8);
}

#[test]
fn a_high_wall_across_the_board_hides_and_stops_what_is_behind_it() {
    // High walls on the north edge of every square of row 4.
    let walls: Vec<String> = "abcdefgh"
        .chars()
        .map(|c| format!(r#"{{ edge = "{c}4 north", kind = "high" }}"#))
        .collect();
    // The sides can never meet: a Round limit lets the game end (the loader insists).
    let text =
        open_board(&walls.join(", ")).replace("hand_size = 0", "hand_size = 0\nround_limit = 6");
    let s = scenario(&text);
    let cover = cover_map(&s, Side::Martians);
    for q in Square::all() {
        let expected = if q.row() >= 4 {
            row_squares_within(q.col(), 4)
        } else {
            0
        };
        assert_eq!(
            cover.at(q),
            expected,
            "{q}: row 4 and below are behind the wall"
        );
    }
    let v = square_view(&s, sq("d4"));
    // No step north across the wall: west, east and the three southern squares.
    assert_eq!(v.walk1, bits(&["c4", "e4", "c3", "d3", "e3"]));
    // Distance 2 and south of the wall: b2-f2, b3, f3, b4, f4.
    assert_eq!(
        v.walk2,
        bits(&["b2", "c2", "d2", "e2", "f2", "b3", "f3", "b4", "f4"])
    );
    assert_eq!(v.clear & bits(&["d5", "a8", "h5"]), Bitboard::EMPTY);
    assert_eq!(v.los(sq("d5")), Los::None);
}

#[test]
fn a_low_wall_gives_partial_sight_except_from_its_own_side_r9() {
    let s = scenario(&open_board(r#"{ edge = "d4 north", kind = "low" }"#));
    // From d6 every line to d4 crosses d4's north edge, which does not bound d6: partial.
    assert_eq!(square_view(&s, sq("d6")).los(sq("d4")), Los::Partial);
    // From d4 the low wall bounds the shooter's own square: it does not spoil the shot.
    let v = square_view(&s, sq("d4"));
    assert_eq!(v.los(sq("d6")), Los::Clear);
    assert_eq!(v.partial, Bitboard::EMPTY);
}

#[test]
fn models_entering_by_an_edge_are_counted_from_that_edge() {
    let text = open_board("").replace(
        "deployment = [\"a8-h8\"]\nmodels = [{ profile = \"martian\", count = 2, start = \"deploy\" }]",
        "entry = { edge = \"east\", round = 1 }\nmodels = [{ profile = \"martian\", count = 2, start = \"enter\" }]",
    );
    let s = scenario(&text);
    assert_eq!(
        start_squares(&s, Side::Martians),
        Bitboard::column(7),
        "the east column"
    );
    let cover = cover_map(&s, Side::Martians);
    // a1 is 7 columns from the east edge, beyond range 4; e1 is 3 away and seen from
    // h1-h5.
    assert_eq!(cover.at(sq("a1")), 0);
    assert_eq!(cover.at(sq("e1")), 5);
}

// ----- reloading and watching ----------------------------------------------------------

fn temp_dir(name: &str) -> PathBuf {
    crate::common::scratch_dir(&format!("workbench-{name}"))
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
}

#[test]
fn a_broken_save_keeps_the_last_good_version_and_lists_its_problems_by_line() {
    let dir = temp_dir("reload");
    let file = dir.join("design.toml");
    let good = open_board("");
    write(&file, &good);
    let mut d = Design::open(&file);
    assert!(d.current && d.findings.is_empty(), "{:?}", d.findings);
    assert_eq!(d.version, 1);
    assert_eq!(d.reload(), Reload::Unchanged);

    // Line 3 of the broken file holds the bad value.
    let broken = good.replacen("first_turn = \"humans\"", "first_turn = \"aliens\"", 1);
    let line = broken.lines().position(|l| l.contains("aliens")).unwrap() + 1;
    write(&file, &broken);
    assert_eq!(d.reload(), Reload::Problems);
    assert!(!d.current);
    let name = d.scenario.as_ref().map(|s| s.name.clone());
    assert_eq!(
        name.as_deref(),
        Some("Workbench"),
        "the last good version stays"
    );
    let errors: Vec<_> = d.errors().collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].line, line);
    assert_eq!(errors[0].column, "first_turn = ".len() + 1);
    assert!(
        errors[0].message.contains("first_turn"),
        "{}",
        errors[0].message
    );
    assert_eq!(d.reload(), Reload::Unchanged, "the same problems again");

    write(&file, &good.replace("Workbench", "Workbench 2"));
    assert_eq!(d.reload(), Reload::Loaded);
    assert!(d.current && d.errors().next().is_none());
    assert_eq!(d.scenario.as_ref().unwrap().name, "Workbench 2");
    assert_eq!(d.version, 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_that_never_loaded_has_no_board_and_says_why() {
    let dir = temp_dir("never");
    let file = dir.join("design.toml");
    write(&file, "name = ");
    let d = Design::open(&file);
    assert!(d.scenario.is_none() && !d.current);
    let e = d.errors().next().expect("a TOML error");
    assert_eq!((e.line, e.severity), (1, Severity::Error));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The watcher is the preview window's, built with the `gui` feature.
#[cfg(feature = "gui")]
#[test]
fn the_watcher_reports_saves_of_its_file_and_not_of_its_neighbours() {
    use mars_attacks::workbench::FileWatcher;
    use std::time::Duration;

    let dir = temp_dir("watch");
    let file = dir.join("design.toml");
    write(&file, "a = 1\n");
    let watcher = FileWatcher::new(&file, || {}).expect("the folder can be watched");
    // The limits only bound a failure; a working watch answers at once.
    write(&file, "a = 2\n");
    assert!(
        watcher.wait(Duration::from_secs(20)),
        "the save was not seen"
    );
    std::thread::sleep(Duration::from_millis(300));
    watcher.changed();
    write(&dir.join("other.toml"), "b = 1\n");
    assert!(
        !watcher.wait(Duration::from_millis(500)),
        "a neighbour's save is not the file's"
    );
    // An editor that saves by writing a new file and renaming it over the old one.
    let tmp = dir.join("design.toml.swp");
    write(&tmp, "a = 3\n");
    std::fs::rename(&tmp, &file).unwrap();
    assert!(
        watcher.wait(Duration::from_secs(20)),
        "the rename was not seen"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
