//! The AI's estimate of the chance to win, as a bar beside the board: a search of the
//! person's position whenever the person is to decide (a hint's, or a quiet one), after
//! the dice of every decision before it, kept with the decision it was made at; never the
//! AI's own move's value, which is of its move before its dice.

use egui_kittest::kittest::Queryable;

use mars_attacks::gui::board_estimate::label;
use mars_attacks::rules::Side;
use mars_attacks::table::setup::GameSetup;

use super::gui::{harness, skirmish_file, step_until, temp_dir};

#[test]
fn the_ais_estimate_is_a_bar_beside_the_board_after_its_searches() {
    let dir = temp_dir("estimate");
    let setup = GameSetup::versus_ai(
        skirmish_file(&dir),
        Side::Humans,
        "mcts:200".parse().unwrap(),
        5,
    );
    let mut h = harness(setup, dir.clone());
    // Before any search there is no bar; the person's first position is searched at once,
    // quietly, and that is the only estimate there can be.
    let s = h.state().session.as_ref().unwrap();
    match s.estimate {
        None => assert!(
            h.query_all_by_label_contains("The AI's estimate after")
                .next()
                .is_none()
        ),
        Some(e) => assert_eq!((e.at, e.side), (0, Side::Humans)),
    }
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
    // The person plays the hinted move, and answers whatever else comes with the first
    // decision offered, until the AI has searched a move of its own and the person is to
    // decide again.
    let line = s.current_hint().unwrap().line.clone();
    for a in line {
        let s = h.state_mut().session.as_mut().unwrap();
        if s.human_to_move() == Some(Side::Humans) && s.legal().contains(&a) {
            s.play(a).unwrap();
        }
    }
    let start = std::time::Instant::now();
    loop {
        let s = h.state_mut().session.as_mut().unwrap();
        let ai_moved = s
            .report
            .as_ref()
            .is_some_and(|shown| shown.side == Side::Martians);
        if ai_moved && s.human_to_move().is_some() {
            break;
        }
        if s.human_to_move().is_some() {
            let first = s.legal()[0];
            s.play(first).unwrap();
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(1));
        assert!(start.elapsed().as_secs() < 120, "the AI moves");
    }
    // The AI's move did not set the estimate: it is the person's, of a position the person
    // decided at (this one, once its quiet search has come).
    let s = h.state().session.as_ref().unwrap();
    let e = s.estimate.unwrap();
    assert_eq!(e.side, Side::Humans, "never the AI's own move's value");
    let at = s.history().len();
    assert!(e.at <= at);
    step_until(&mut h, "the estimate after the AI's move", |a| {
        a.session
            .as_ref()
            .unwrap()
            .estimate
            .is_some_and(|e| e.at == at)
    });
    let e = h.state().session.as_ref().unwrap().estimate.unwrap();
    assert_eq!(e.side, Side::Humans);
    // The bar shows the latest estimate (after the AI's move, the person's position may
    // have been searched again meanwhile).
    h.run_steps(4);
    let e = h.state().session.as_ref().unwrap().estimate.unwrap();
    h.get_by_label(&label(&e));
    std::fs::remove_dir_all(&dir).ok();
}

/// After each of a person's decisions on which the person decides again, the person's
/// position is searched quietly (as a hint is, nothing shown but the value), so the bar
/// follows every decision and not only the AI's; never at a table of two people.
#[test]
fn the_estimate_follows_each_of_the_persons_decisions() {
    use mars_attacks::table::session::Session;
    use mars_attacks::table::setup::Controller;
    let dir = temp_dir("estimate-each");
    let setup = GameSetup::versus_ai(
        skirmish_file(&dir),
        Side::Humans,
        "mcts:60".parse().unwrap(),
        9,
    );
    let mut s = Session::new(setup.clone()).unwrap();
    let start = std::time::Instant::now();
    let mut followed = 0;
    // Several of the person's decisions in a row, each followed by the person again.
    while followed < 3 {
        assert!(
            start.elapsed().as_secs() < 120,
            "estimates come: {followed} so far"
        );
        s.tick();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let Some(side) = s.human_to_move() else {
            continue;
        };
        let at = s.history().len();
        if s.estimate.is_none_or(|e| e.at != at) {
            continue;
        }
        let e = s.estimate.unwrap();
        assert_eq!(e.side, side);
        assert!(e.value > 0.0 && e.value < 1.0, "{e:?}");
        // No hint was asked: the value is the quiet search's.
        assert!(s.hint.is_none());
        followed += 1;
        let first = s.legal()[0];
        s.play(first).unwrap();
    }
    // Two people at one table: nothing searches, so no estimate.
    let mut both = setup;
    both.controllers = mars_attacks::rules::BySide::new(Controller::Human, Controller::Human);
    let mut s = Session::new(both).unwrap();
    for _ in 0..50 {
        s.tick();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(s.estimate.is_none());
    std::fs::remove_dir_all(&dir).ok();
}
