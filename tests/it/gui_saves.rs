//! Saving at the table, driven headless: a save's name carries the decision it was made
//! at, a saved game is replaced only when asked twice, and a save names its scenario by
//! its whole path.

use egui_kittest::kittest::Queryable;

use super::gui::{click_plain_shot, harness, history, hot_seat, m, skirmish_file, temp_dir};

/// A save's name carries the decision it was made at, so that two saves of one game do
/// not share one; a file that holds a saved game already is replaced only when asked
/// twice; and the save names its scenario by its whole path.
#[test]
fn a_second_save_of_a_game_never_silently_replaces_the_first() {
    let dir = temp_dir("save-twice");
    let mut h = harness(hot_seat(skirmish_file(&dir), 8), dir.clone());
    h.get_by_label("m1").click();
    h.run_steps(4);
    click_plain_shot(&mut h, m(1), m(3));
    h.run_steps(2);
    let n = history(&h).len();
    h.get_by_label("Save").click();
    h.run_steps(4);
    let first = h.state().files.path.clone();
    assert!(
        first.ends_with(&format!("-8-decision-{n}.json")),
        "{first}: the seed and the decisions made"
    );
    h.get_by_label("Save now").click();
    h.run_steps(4);
    h.get_by_label_contains("Saved to");
    let text = std::fs::read_to_string(&first).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let named = std::path::PathBuf::from(v["scenario"].as_str().unwrap());
    assert!(named.is_absolute() && named.exists(), "{named:?}");
    // Saving again under the same name: a warning first, the file as it was.
    h.get_by_label("Save now").click();
    h.run_steps(4);
    h.get_by_label_contains("holds a saved game already: press Save now again");
    assert_eq!(std::fs::read_to_string(&first).unwrap(), text);
    // Played on, the next save's name is another.
    h.get_by_label("Close").click();
    h.run_steps(4);
    {
        let s = h.state_mut().session.as_mut().unwrap();
        let first = s.legal()[0];
        s.play(first).unwrap();
    }
    h.run_steps(4);
    let more = history(&h).len();
    assert!(more > n);
    h.get_by_label("Save").click();
    h.run_steps(4);
    let second = h.state().files.path.clone();
    assert_ne!(second, first);
    // Asked twice for the first name, it is replaced.
    h.state_mut().files.path = first.clone();
    h.get_by_label("Save now").click();
    h.run_steps(4);
    h.get_by_label_contains("holds a saved game already");
    h.get_by_label("Save now").click();
    h.run_steps(4);
    h.get_by_label_contains("Saved to");
    let again: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&first).unwrap()).unwrap();
    assert_eq!(again["actions"].as_array().unwrap().len(), more);
    std::fs::remove_dir_all(&dir).ok();
}
