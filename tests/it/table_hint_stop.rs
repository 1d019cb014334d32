//! Why a hint's move stops where it does (`table::hint::move_stop`): at a counter turned
//! over, at a roll; and not at all while the action goes on within the hint's length, or
//! once it is over.

use mars_attacks::rules::{Action, Side};
use mars_attacks::table::hint::{MoveStop, move_stop};

use super::common::{Place, game, m, small_scenario, sq};

/// Soldier m1 on d2 and Soldier m2 on a1, Martian m3 on d5 (three squares from d2), a
/// hidden counter on d3 with a critter and a secret in the pool: the Humans to act.
fn board() -> mars_attacks::rules::GameState {
    let s = small_scenario(
        &[],
        &[
            Place(Side::Humans, "soldier", "d2"),
            Place(Side::Humans, "soldier", "a1"),
            Place(Side::Martians, "martian", "d5"),
        ],
    );
    let mut g = game(&s);
    g.edit().hidden_counter(sq("d3")).pool(1, 1);
    g
}

#[test]
fn a_step_onto_a_counter_stops_the_hint_there_and_says_which() {
    let g = board();
    let line = [Action::Activate(m(1)), Action::Move(sq("d3"))];
    let stop = move_stop(&g, &line, 1);
    assert_eq!(stop, Some(MoveStop::Counter(sq("d3"))));
    assert!(
        stop.unwrap()
            .text()
            .contains("turns over the counter on d3")
    );
}

#[test]
fn a_step_onto_an_empty_square_with_the_action_going_on_gives_no_reason() {
    let g = board();
    // One step of two: the action goes on, and the line is short of the hint's length.
    let line = [Action::Activate(m(1)), Action::Move(sq("c2"))];
    assert_eq!(move_stop(&g, &line, 1), None);
}

#[test]
fn a_shot_stops_the_hint_at_its_roll() {
    let g = board();
    let line = [Action::Activate(m(1)), Action::Shoot(m(3))];
    assert_eq!(move_stop(&g, &line, 1), Some(MoveStop::Roll));
}

#[test]
fn an_action_over_gives_no_reason() {
    let g = board();
    let line = [Action::Activate(m(1)), Action::Move(sq("c2")), Action::Done];
    assert_eq!(move_stop(&g, &line, 1), None);
}
