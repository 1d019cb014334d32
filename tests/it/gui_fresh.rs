//! A decision that replaces another under the pointer takes no click for a moment and is
//! marked new (the Round's Keep resolved by itself, the Flying Car's heading in its
//! place): a click that comes at once does nothing, one after the guard plays.

use egui_kittest::kittest::Queryable;
use mars_attacks::rules::model_names::ModelNames;

use mars_attacks::gui::fresh::GUARD_SECONDS;
use mars_attacks::rules::action::Action;
use mars_attacks::table::describe::action_text;

use egui_kittest::Harness;
use mars_attacks::gui::MarsApp;

use super::gui::{history, hot_seat, m, root, skirmish_file, temp_dir};

/// A frame's length in these tests: a twentieth of a second, well inside the guard.
const STEP: f32 = 0.05;

#[test]
fn a_decision_that_replaces_another_takes_no_click_at_once_and_is_marked_new() {
    let dir = temp_dir("fresh");
    let mut app = MarsApp::new(
        hot_seat(skirmish_file(&dir), 5),
        root().join("scenarios"),
        dir.clone(),
    );
    app.pass_screen = false;
    let mut h = Harness::builder()
        .with_size(eframe::egui::vec2(1400.0, 900.0))
        .with_step_dt(STEP)
        .build_ui_state(|ui, app: &mut MarsApp| app.show(ui), app);
    h.run_steps(4);
    assert!(
        h.query_all_by_label("New decision").next().is_none(),
        "the first decision is not new"
    );
    // The decision changes without the person's click: m1's action starts.
    {
        let s = h.state_mut().session.as_mut().unwrap();
        s.play(Action::Activate(m(1))).unwrap();
    }
    h.step();
    h.get_by_label("New decision");
    let done = {
        let s = h.state().session.as_ref().unwrap();
        assert!(s.legal().contains(&Action::Done));
        action_text(s.state(), &Action::Done, ModelNames::Numbers)
    };
    let made = history(&h).len();
    // A click at once, meant for what was there before, does nothing.
    h.get_by_label(&done).click();
    h.step();
    assert_eq!(history(&h).len(), made, "the new decision took no click");
    // After the guard the click plays.
    let steps = (GUARD_SECONDS / f64::from(STEP)).ceil() as usize + 1;
    h.run_steps(steps);
    h.get_by_label(&done).click();
    h.run_steps(2);
    assert_eq!(history(&h)[made..], [Action::Done]);
    std::fs::remove_dir_all(&dir).ok();
}
