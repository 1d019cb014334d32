//! Sight both ways at the table, driven headless: from the selected model (or the square
//! a model would deploy to) to each enemy, the sight out with the model's own range, and
//! the sight back with the enemies' range.

use egui_kittest::kittest::Queryable;

use mars_attacks::rules::map::Los;
use mars_attacks::rules::{GameState, Side};

use super::gui::{harness, hot_seat, m, sq, temp_dir, write};

/// A low wall on d4's north edge: soldier m1 on d4 and Martian m3 on d6 see each other
/// differently (R9); soldier m2 on h3 is 5 squares from Martian m4 on h8.
const BOTH_WAYS: &str = r#"
name = "Both ways"
first_turn = "martians"
deck = "none"
hand_size = 0
[map]
walls = [{ edge = "d4 north", kind = "low" }]
[humans]
models = [{ profile = "soldier", start = "d4" }, { profile = "soldier", start = "h3" }]
[martians]
models = [{ profile = "martian", start = "d6" }, { profile = "martian", start = "h8" }]
"#;

fn state(h: &egui_kittest::Harness<'_, mars_attacks::gui::MarsApp>) -> GameState {
    h.state().session.as_ref().unwrap().state().clone()
}

#[test]
fn the_selected_model_sees_each_enemy_both_ways_with_both_sides_ranges() {
    let dir = temp_dir("sight-both");
    let mut h = harness(
        hot_seat(write(&dir, "both.toml", BOTH_WAYS), 1),
        dir.clone(),
    );
    let g = state(&h);
    let (soldier, martian) = (g.profile(m(1)).range, g.profile(m(3)).range);
    assert!(martian < 5 && 5 <= soldier, "the Martian is outranged at 5");
    // m3 on d6: a partial shot out over the low wall on d4's edge, a clear one back (R9).
    h.get_by_label("m3").click();
    h.run_steps(4);
    let (view, lines) = h.state().board.sight.clone().expect("sight is drawn");
    assert_eq!(
        (view.square, view.side, view.range),
        (sq("d6"), Side::Martians, martian)
    );
    let d4 = lines.iter().find(|l| l.enemy == sq("d4")).unwrap();
    assert_eq!((d4.range, d4.out, d4.back), (2, Los::Partial, Los::Clear));
    assert!(d4.in_range && d4.shot_back());
    assert_eq!(d4.tag(), "2 partial\nback: clear, in their range");
    assert_eq!(d4.short_tag(), "2 partial · back clear");
    // m4 on h8: m2 on h3 is out of the Martian's range, but the Martian is in the
    // soldier's.
    h.get_by_label("m4").click();
    h.run_steps(4);
    let (view, lines) = h.state().board.sight.clone().unwrap();
    assert_eq!(view.square, sq("h8"));
    let h3 = lines.iter().find(|l| l.enemy == sq("h3")).unwrap();
    assert_eq!((h3.range, h3.in_range, h3.their_range), (5, false, soldier));
    assert_eq!(h3.back, g.map().los(sq("h3"), sq("h8")));
    assert_eq!(h3.shot_back(), h3.back != Los::None);
    assert!(h3.tag().starts_with("5 out of range\nback: "));
    if h3.back != Los::None {
        assert_eq!(h3.short_tag(), format!("5 out of range · back {}", h3.back));
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn while_deploying_the_square_under_the_pointer_shows_the_sight_both_ways() {
    let dir = temp_dir("sight-deploy");
    let text = r#"
name = "Deploying"
first_turn = "martians"
deck = "none"
hand_size = 0
[map]
walls = []
[humans]
models = [{ profile = "soldier", start = "d3" }]
[martians]
models = [{ profile = "martian", start = "deploy" }]
deployment = ["a7-h8"]
"#;
    let mut h = harness(hot_seat(write(&dir, "deploy.toml", text), 1), dir.clone());
    let g = state(&h);
    assert!(matches!(
        g.phase(),
        mars_attacks::rules::state::Phase::Deploy(Side::Martians)
    ));
    assert!(h.state().board.sight.is_none(), "nothing hovered yet");
    h.get_by_label("square d7").hover();
    h.run_steps(3);
    let (view, lines) = h
        .state()
        .board
        .sight
        .clone()
        .expect("sight while deploying");
    assert_eq!(view.square, sq("d7"));
    assert_eq!(view.range, g.profile(m(2)).range);
    assert_eq!(lines.len(), 1);
    let l = &lines[0];
    assert_eq!(
        (l.enemy, l.range, l.out, l.back),
        (sq("d3"), 4, Los::Clear, Los::Clear)
    );
    assert_eq!(l.their_range, g.profile(m(1)).range);
    // Outside the zone, nothing is drawn.
    h.get_by_label("square d5").hover();
    h.run_steps(3);
    assert!(h.state().board.sight.is_none());
    std::fs::remove_dir_all(&dir).ok();
}
