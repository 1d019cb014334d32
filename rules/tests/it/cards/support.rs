//! Support sets (R21, P14): laid one card at a time, called at a level for an area attack
//! (Heat Ray, Artillery Strike, Strafing Run, Freeze Ray, Harassing Fire), jammed, or called
//! by the enemy with Mind Control.

use crate::common::*;
use rules::state::{Event, Loc, Test};
use rules::{Bitboard, Side};

use super::{count, level};

use Side::{Humans as H, Martians as M};

#[test]
fn a_set_is_laid_one_card_at_a_time_and_not_called_the_turn_it_was_laid_to() {
    let mut g = setup(&[Place(H, "soldier", "c4"), Place(M, "martian", "h8")], 4);
    g.edit()
        .give(M, card("heat-ray"), 2)
        .set(M, card("heat-ray"), 1)
        .turn(M);
    let l = legal(&g);
    assert!(l.contains(&"lay heat-ray/human-ingenuity".to_string()));
    // Level 1 does nothing: no call yet.
    assert!(!l.iter().any(|a| a.starts_with("call")));
    events(&mut g, "lay heat-ray/human-ingenuity", &mut Dice::new(&[]));
    assert_eq!(level(g.support_sets(M), "heat-ray"), 2);
    // Laid this Turn: no call; a card played: a model must act (P11).
    assert_eq!(legal(&g), ["activate m2"]);
    // Next Turn: level 2 is called on a row or a column (16 ways).
    g.edit().turn(M);
    let calls = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("call"))
        .count();
    assert_eq!(calls, 16);
    // Level 3: any square.
    g.edit().set(M, card("heat-ray"), 1).turn(M);
    let calls = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("call"))
        .count();
    assert_eq!(calls, 64);
    // Full at 3.
    assert!(!legal(&g).contains(&"lay heat-ray/human-ingenuity".to_string()));
}

#[test]
fn heat_ray_level_2_hits_one_square_of_the_chosen_row() {
    let mut g = setup(
        &[
            Place(H, "soldier", "c4"),
            Place(H, "soldier", "c4"),
            Place(H, "soldier", "d4"),
            Place(M, "martian", "h8"),
        ],
        4,
    );
    g.edit().set(M, card("heat-ray"), 2).turn(M);
    // D8 3 on row 4: c4. One 6-dice 3+ roll, then a Survive per model there; d4 untouched.
    let mut dice = Dice::new(&[&[3], &[3, 3, 1, 1, 1, 1], &[1, 1, 1], &[6, 6, 1], &[2]]);
    let e = events(&mut g, "call heat-ray row 4", &mut dice);
    assert!(e.iter().any(
        |x| matches!(x, Event::AreaAttack { squares, .. } if *squares == Bitboard::single(sq("c4")))
    ));
    assert_eq!(
        rolls(&e),
        [
            (Test::Shoot, 6, 3, 2),
            (Test::Survive, 3, 6, 0),
            (Test::Survive, 3, 6, 2),
        ]
    );
    assert_eq!(g.model(m(1)).loc, Loc::Dead);
    assert_eq!(g.model(m(2)).loc, Loc::Board(sq("c4")));
    // R17: the survivor in the square tests, and a 2 Rattles it.
    assert!(g.model(m(2)).rattled);
    assert!(!g.model(m(3)).rattled);
    assert_eq!(g.vp(M), 1);
    // Calling discards the whole set.
    assert_eq!(level(g.support_sets(M), "heat-ray"), 0);
    assert_eq!(count(g.discard_pile(), "heat-ray"), 2);
    assert!(dice.is_empty());
}

#[test]
fn artillery_strike_level_3_hits_the_square_and_its_8_neighbours_friend_or_foe() {
    let mut g = setup(
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "b3"),
            Place(M, "martian", "d5"),
            Place(M, "martian", "e5"),
        ],
        4,
    );
    g.edit().set(H, card("artillery-strike"), 3);
    // b3 (square order first): 5 dice at 5+; then d5; e5 is outside.
    let mut dice = Dice::new(&[&[5, 5, 1, 1, 1], &[1, 1, 1], &[5, 5, 5, 1, 1], &[1, 1, 1]]);
    let e = events(&mut g, "call artillery-strike c4", &mut dice);
    let hit = squares(&["b3", "c3", "d3", "b4", "c4", "d4", "b5", "c5", "d5"]);
    assert!(
        e.iter()
            .any(|x| matches!(x, Event::AreaAttack { squares, .. } if *squares == hit))
    );
    assert_eq!(
        rolls(&e),
        [
            (Test::Shoot, 5, 5, 2),
            (Test::Survive, 3, 6, 0),
            (Test::Shoot, 5, 5, 3),
            (Test::Survive, 3, 6, 0),
        ]
    );
    // Both killed (the Martian's armour adds 1: 3 > 0 + 1); only the enemy kill scores
    // (P15).
    assert_eq!(g.model(m(2)).loc, Loc::Dead);
    assert_eq!(g.model(m(3)).loc, Loc::Dead);
    assert_eq!(g.vp(H), 1);
}

#[test]
fn strafing_run_covers_four_squares_in_a_line() {
    // Level 2: a row and a direction, the start by D8; off-board squares are ignored.
    let mut g = setup(
        &[
            Place(H, "soldier", "a8"),
            Place(M, "martian", "g1"),
            Place(M, "martian", "e1"),
        ],
        4,
    );
    g.edit().set(H, card("strafing-run"), 2);
    let calls: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("call"))
        .collect();
    assert_eq!(calls.len(), 32);
    let mut dice = Dice::new(&[&[6], &[4, 4, 4], &[1, 1, 1]]);
    let e = events(&mut g, "call strafing-run row 1 east", &mut dice);
    let hit = squares(&["f1", "g1", "h1"]);
    assert!(
        e.iter()
            .any(|x| matches!(x, Event::AreaAttack { squares, .. } if *squares == hit))
    );
    assert_eq!(
        rolls(&e),
        [(Test::Shoot, 3, 4, 3), (Test::Survive, 3, 6, 0)]
    );
    assert_eq!(g.model(m(2)).loc, Loc::Dead);
    assert_eq!(g.model(m(3)).loc, Loc::Board(sq("e1")));
    // Level 3: a start square and any direction.
    let mut g = setup(&[Place(H, "soldier", "a8"), Place(M, "martian", "c6")], 4);
    g.edit().set(H, card("strafing-run"), 3);
    let mut dice = Dice::new(&[&[1, 1, 1], &[1, 1, 1]]);
    let e = events(&mut g, "call strafing-run c3 north", &mut dice);
    let hit = squares(&["c3", "c4", "c5", "c6"]);
    assert!(
        e.iter()
            .any(|x| matches!(x, Event::AreaAttack { squares, .. } if *squares == hit))
    );
    assert_eq!(
        rolls(&e),
        [(Test::Shoot, 3, 4, 0), (Test::Survive, 3, 6, 0)]
    );
}

#[test]
fn freeze_ray_marks_models_that_fail_a_die_against_survive() {
    let mut g = setup(
        &[
            Place(H, "soldier", "c4"),
            Place(H, "soldier", "d5"),
            Place(H, "soldier", "f5"),
            Place(M, "martian", "h8"),
        ],
        4,
    );
    g.edit().set(M, card("freeze-ray"), 3).turn(M);
    // One single-die Survive check per model in the 3x3, each its own test (P14, R28).
    let mut dice = Dice::new(&[&[5], &[6]]);
    let e = events(&mut g, "call freeze-ray c4", &mut dice);
    let checks: Vec<_> = e
        .iter()
        .filter_map(|x| match x {
            Event::SurviveCheck { model, failed } => Some((*model, *failed)),
            _ => None,
        })
        .collect();
    assert_eq!(checks, [(m(1), true), (m(2), false)]);
    assert!(g.model(m(1)).activated);
    assert!(!g.model(m(2)).activated && !g.model(m(3)).activated);
}

#[test]
fn harassing_fire_rattles_on_a_failed_die_and_holds_two_cards() {
    let mut g = setup(
        &[
            Place(H, "soldier", "a8"),
            Place(M, "martian", "c4"),
            Place(M, "martian", "d3"),
        ],
        4,
    );
    g.edit()
        .give(H, card("harassing-fire"), 1)
        .set(H, card("harassing-fire"), 2);
    // Cap 2: full.
    assert!(!legal(&g).contains(&"lay harassing-fire/freeze-ray".to_string()));
    // Level 2: a chosen square.
    // One single-die check per Martian, each its own test (P14, R28), in square order:
    // d3 (m3) before c4 (m2).
    let mut dice = Dice::new(&[&[8], &[1]]);
    events(&mut g, "call harassing-fire c4", &mut dice);
    assert!(g.model(m(2)).rattled);
    assert!(!g.model(m(3)).rattled);
}

#[test]
fn harassing_fire_level_1_is_a_row_or_column_and_a_d8() {
    let mut g = setup(&[Place(H, "soldier", "a8"), Place(M, "martian", "c4")], 4);
    g.edit().set(H, card("harassing-fire"), 1);
    let mut dice = Dice::new(&[&[4], &[2]]);
    let e = events(&mut g, "call harassing-fire column c", &mut dice);
    assert!(
        e.iter()
            .any(|x| matches!(x, Event::AreaAttack { at, .. } if *at == sq("c4")))
    );
    assert!(g.model(m(2)).rattled);
}

#[test]
fn jammer_discards_one_card_of_an_enemy_set() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 4);
    g.edit()
        .give(H, card("jammer"), 1)
        .set(M, card("heat-ray"), 2);
    assert!(legal(&g).contains(&"play jammer/tough-little-suckers heat-ray".to_string()));
    events(
        &mut g,
        "play jammer/tough-little-suckers heat-ray",
        &mut Dice::new(&[]),
    );
    assert_eq!(level(g.support_sets(M), "heat-ray"), 1);
    assert_eq!(count(g.discard_pile(), "heat-ray"), 1);
    assert_eq!(count(g.discard_pile(), "jammer"), 1);
}

#[test]
fn mind_control_calls_an_enemy_set_as_ones_own() {
    let mut g = setup(
        &[
            Place(H, "soldier", "c4"),
            Place(M, "martian", "d5"),
            Place(M, "martian", "h8"),
        ],
        4,
    );
    g.edit()
        .give(M, card("mind-control"), 1)
        .set(H, card("artillery-strike"), 3)
        .turn(M);
    let plays = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("play mind-control/human-ingenuity artillery-strike"))
        .count();
    assert_eq!(plays, 64);
    let mut dice = Dice::new(&[&[5, 5, 5, 1, 1], &[1, 1, 1], &[1, 1, 1, 1, 1], &[1, 1, 1]]);
    let e = events(
        &mut g,
        "play mind-control/human-ingenuity artillery-strike c4",
        &mut dice,
    );
    assert!(e.contains(&Event::Called {
        side: M,
        owner: H,
        card: card("artillery-strike"),
        level: 3
    }));
    // The kill counts for the Martians (P15); the Humans' set is gone.
    assert_eq!(g.model(m(1)).loc, Loc::Dead);
    assert_eq!(g.vp(M), 1);
    assert_eq!(level(g.support_sets(H), "artillery-strike"), 0);
}
