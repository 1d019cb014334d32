//! The designer's preview window, headless: what it shows for a file that loads, for one
//! that breaks after loading (the last good board stays, with the problem by line), and
//! its cover map switch.

use std::path::PathBuf;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use mars_attacks::gui::preview::{CoverShown, PreviewApp};
use mars_attacks::rules::Side;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn harness(app: PreviewApp) -> Harness<'static, PreviewApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 860.0))
        .build_ui_state(|ui, app: &mut PreviewApp| app.show(ui), app);
    h.run_steps(3);
    h
}

#[test]
fn a_save_that_breaks_the_file_keeps_the_board_and_lists_the_problem() {
    let dir = crate::common::scratch_dir("preview");
    let file = dir.join("design.toml");
    let good = std::fs::read_to_string(root().join("scenarios/whos-there.toml")).unwrap();
    std::fs::write(&file, &good).unwrap();
    let mut h = harness(PreviewApp::new(&file));
    h.get_by_label_contains("Loaded at");
    h.get_by_label("No problems.");
    h.get_by_label("Play it");

    std::fs::write(&file, good.replacen("vp_target = ", "vp_target = -", 1)).unwrap();
    h.state_mut().reload();
    h.run_steps(3);
    h.get_by_label_contains("1 problem at");
    h.get_by_label_contains("the board shows the last version that loaded");
    h.get_by_label_contains("vp_target");
    assert!(h.state().design.scenario.is_some());

    h.state_mut().cover = CoverShown::SeenBy(Side::Martians);
    h.run_steps(2);
    h.get_by_label("Seen by the Martians");
    let _ = std::fs::remove_dir_all(&dir);
}
