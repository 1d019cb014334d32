//! The AI's estimate of the chance to win, as a bar beside the board: taken from its last
//! search (a hint's for the person, its own move's), and kept with the decision it was
//! made at.

use egui_kittest::kittest::Queryable;

use mars_attacks::gui::board_estimate::label;
use mars_attacks::rules::Side;
use mars_attacks::table::setup::GameSetup;

use super::gui::{harness, skirmish_file, step_until, temp_dir};

#[test]
fn the_ais_estimate_is_a_bar_beside_the_board_after_its_searches() {
    let dir = temp_dir("estimate");
    let setup = GameSetup::versus_ai(skirmish_file(&dir), Side::Humans, "mcts:200", 5);
    let mut h = harness(setup, dir.clone());
    assert!(h.state().session.as_ref().unwrap().estimate.is_none());
    assert!(
        h.query_all_by_label_contains("The AI's estimate after")
            .next()
            .is_none()
    );
    // A hint searches the person's position: its value is the estimate.
    h.get_by_label("What would the AI play?").click();
    h.run_steps(2);
    step_until(&mut h, "the hint", |a| {
        a.session
            .as_ref()
            .unwrap()
            .current_hint()
            .is_some_and(|h| h.report.is_some())
    });
    h.run_steps(2);
    let s = h.state().session.as_ref().unwrap();
    let e = s.estimate.expect("the hint's search gives an estimate");
    let report = s.current_hint().unwrap().report.clone().unwrap();
    let chosen = report.chosen.unwrap();
    let mean = report.top.iter().find(|c| c.action == chosen).unwrap().mean;
    assert_eq!((e.at, e.side, e.value), (0, Side::Humans, mean));
    assert!((e.for_side(Side::Humans) + e.for_side(Side::Martians) - 1.0).abs() < 1e-12);
    h.get_by_label(&label(&e));
    // The person plays the hinted move; then the AI's own search gives the next one.
    let line = s.current_hint().unwrap().line.clone();
    for a in line {
        let s = h.state_mut().session.as_mut().unwrap();
        if s.human_to_move() == Some(Side::Humans) && s.legal().contains(&a) {
            s.play(a).unwrap();
        }
    }
    // The person answers whatever else comes (a window, the end of the Turn) with the
    // first decision offered, until the AI has searched a move of its own.
    let start = std::time::Instant::now();
    while h
        .state()
        .session
        .as_ref()
        .unwrap()
        .estimate
        .is_none_or(|e| e.side != Side::Martians)
    {
        let s = h.state_mut().session.as_mut().unwrap();
        if s.human_to_move().is_some() {
            let first = s.legal()[0];
            s.play(first).unwrap();
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(1));
        assert!(start.elapsed().as_secs() < 120, "the AI moves");
    }
    h.run_steps(4);
    let s = h.state().session.as_ref().unwrap();
    let e = s.estimate.unwrap();
    let (side, r) = s.report.clone().unwrap();
    assert_eq!(side, Side::Martians);
    let mean = r
        .top
        .iter()
        .find(|c| Some(c.action) == r.chosen)
        .unwrap()
        .mean;
    assert_eq!(e.value, mean);
    assert!(e.at > 0);
    h.get_by_label(&label(&e));
    std::fs::remove_dir_all(&dir).ok();
}
