//! Two people at one screen (hot-seat): the table is hidden whenever the decision passes to
//! the other person, on every test the other side may answer too (R28), so that neither
//! sees the other's hand.

use egui_kittest::kittest::Queryable;
use mars_attacks::rules::Side;
use mars_attacks::rules::action::Action;
use mars_attacks::rules::state::Phase;
use mars_attacks::table::session::Session;

use super::gui::{deal_where, harness, history_of, holds, hot_seat, root, skirmish_file, temp_dir};

#[test]
fn hot_seat_covers_the_screen_when_the_decision_passes_to_the_other_person() {
    let setup = hot_seat(root().join("scenarios/whos-there.toml"), 4);
    let mut h = harness(setup, temp_dir("cover"));
    h.state_mut().pass_screen = true;
    h.run_steps(3);
    // The Martians deploy first: their person is asked to take the screen.
    h.get_by_label("Pass the screen to the Martians");
    assert!(h.query_by_label_contains("The Martians' hand").is_none());
    h.get_by_label("I am the Martians: show the table").click();
    h.run_steps(3);
    assert!(
        h.query_by_label("Pass the screen to the Martians")
            .is_none()
    );
    h.get_by_label_contains("The Martians' hand");
    // Deploying the five Martians, then the decision is the Humans'.
    while h.state().session.as_ref().unwrap().human_to_move() == Some(Side::Martians) {
        let s = h.state_mut().session.as_mut().unwrap();
        let a = s.legal()[0];
        s.play(a).unwrap();
        h.run_steps(1);
    }
    h.run_steps(2);
    h.get_by_label("Pass the screen to the Humans");
    assert!(h.query_by_label_contains("The Martians' hand").is_none());
    assert!(h.query_by_label_contains("The Humans' hand").is_none());
    h.get_by_label("I am the Humans: show the table").click();
    h.run_steps(3);
    h.get_by_label_contains("The Humans' hand");
}

/// R28 in a hot-seat game: every test the other person may answer hands the screen over,
/// whether they hold a card that fits or not (here they hold none: their window offers
/// only "no card", behind the same cover).
#[test]
fn hot_seat_hands_over_on_every_test_the_other_side_may_answer() {
    use mars_attacks::gui::app::hot_seat_cover;
    let dir = temp_dir("hot-seat-window");
    let path = skirmish_file(&dir);
    let seed = deal_where(&path, |g| {
        !holds(g, Side::Humans, "human-ingenuity")
            && !holds(g, Side::Humans, "splat")
            && !holds(g, Side::Martians, "tough-little-suckers")
    });
    let mut s = Session::new(hot_seat(path, seed)).unwrap();
    for a in ["activate m1", "shoot m3"] {
        s.play(a.parse().unwrap()).unwrap();
    }
    // The Humans' own window comes first (R20), as empty as the Martians'.
    assert_eq!(s.state().phase(), Phase::Respond(Side::Humans));
    assert_eq!(hot_seat_cover(&s, Some(Side::Humans)), None);
    s.play(Action::Respond(None)).unwrap();
    assert_eq!(s.state().phase(), Phase::Respond(Side::Martians));
    assert!(s.state().is_empty_window());
    assert_eq!(s.legal(), [Action::Respond(None)]);
    assert_eq!(hot_seat_cover(&s, Some(Side::Humans)), Some(Side::Martians));
    // Their "no card" is not a decision of the game: saved games hold none.
    s.play(Action::Respond(None)).unwrap();
    assert_eq!(history_of(&s), ["activate m1", "shoot m3"]);
    std::fs::remove_dir_all(&dir).ok();
}
