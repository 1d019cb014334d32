//! Activation cards and Turns with cards (R11, P11, P16): a model moved, marked activated
//! or brought back by a card, and what a Turn allows of models and cards.

use std::sync::Arc;

use crate::common::*;
use rules::state::{Event, Loc, Test};
use rules::{Bitboard, Side};

use Side::{Humans as H, Martians as M};

#[test]
fn sneak_moves_a_human_one_square_without_activating_it() {
    let mut g = setup(
        &[
            Place(H, "soldier", "c3"),
            Place(H, "soldier", "a1"),
            Place(M, "martian", "h8"),
        ],
        4,
    );
    g.edit().give(H, card("sneak"), 1);
    let l = legal(&g);
    assert!(l.contains(&"play sneak/we-come-in-peace m1 c4".to_string()));
    assert!(l.contains(&"play sneak/we-come-in-peace m2 b2".to_string()));
    let mut dice = Dice::new(&[]);
    events(&mut g, "play sneak/we-come-in-peace m1 c4", &mut dice);
    assert_eq!(g.model(m(1)).loc, Loc::Board(sq("c4")));
    assert!(!g.model(m(1)).activated);
    // The card affected m1: only m1 may act this Turn, and it must (P11).
    assert_eq!(legal(&g), ["activate m1"]);
    events(&mut g, "activate m1", &mut dice);
    events(&mut g, "done", &mut dice);
    assert_eq!(g.turn_player(), M);
}

#[test]
fn sneak_into_enemies_fights_with_the_charge_die() {
    let mut g = setup(
        &[
            Place(H, "soldier", "c3"),
            Place(M, "martian", "c4"),
            Place(M, "martian", "h8"),
        ],
        4,
    );
    g.edit().give(H, card("sneak"), 1);
    let mut dice = Dice::new(&[&[4, 4, 1, 1], &[1, 1, 1]]);
    events(&mut g, "play sneak/we-come-in-peace m1 c4", &mut dice);
    assert_eq!(legal(&g), ["fight m2"]);
    events(&mut g, "fight m2", &mut dice);
    let e = events(&mut g, "defend survive", &mut dice);
    assert_eq!(
        rolls(&e),
        [(Test::Fight, 4, 4, 2), (Test::Survive, 3, 6, 0)]
    );
    assert_eq!(g.model(m(2)).loc, Loc::Dead);
    assert_eq!(g.vp(H), 2);
    // The Fight did not mark m1 activated; it may still act (P16).
    assert!(!g.model(m(1)).activated);
    assert_eq!(legal(&g), ["activate m1"]);
}

#[test]
fn alien_cunning_moves_an_activated_martian_and_leaves_it_activated() {
    let mut g = setup(
        &[
            Place(H, "soldier", "a1"),
            Place(M, "martian", "e5"),
            Place(M, "martian", "h8"),
        ],
        4,
    );
    g.edit()
        .give(M, card("alien-cunning"), 1)
        .activated(m(2), true)
        .turn(M);
    assert!(legal(&g).contains(&"play alien-cunning/strafing-run m2 e6".to_string()));
    events(
        &mut g,
        "play alien-cunning/strafing-run m2 e6",
        &mut Dice::new(&[]),
    );
    assert_eq!(g.model(m(2)).loc, Loc::Board(sq("e6")));
    assert!(g.model(m(2)).activated);
    // The card named m2, which cannot act again: the Turn is over (P11).
    assert_eq!(g.turn_player(), H);
}

#[test]
fn isnt_he_cute_marks_a_martian_activated() {
    let mut g = setup(
        &[
            Place(H, "soldier", "a1"),
            Place(M, "martian", "e5"),
            Place(M, "martian", "h8"),
        ],
        4,
    );
    g.edit()
        .give(H, card("isnt-he-cute"), 1)
        .activated(m(3), true);
    let plays: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("play"))
        .collect();
    assert_eq!(plays, ["play isnt-he-cute/heat-ray m2"]);
    let e = events(&mut g, "play isnt-he-cute/heat-ray m2", &mut Dice::new(&[]));
    assert!(e.contains(&Event::Distracted(m(2))));
    assert!(g.model(m(2)).activated);
    // A card played first: a model must act now, the Turn cannot just end (P11).
    assert_eq!(legal(&g), ["activate m1"]);
}

#[test]
fn squabble_marks_two_martians_of_one_square() {
    let mut g = setup(
        &[
            Place(H, "soldier", "a1"),
            Place(M, "martian", "e5"),
            Place(M, "martian", "e5"),
            Place(M, "martian", "e6"),
            Place(M, "martian", "f7"),
            Place(M, "martian", "f7"),
        ],
        4,
    );
    g.edit()
        .give(H, card("squabble"), 1)
        .activated(m(3), true)
        .activated(m(5), true)
        .activated(m(6), true);
    let plays: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("play"))
        .collect();
    // Two in one square, at least one not yet activated.
    assert_eq!(plays, ["play squabble/we-are-your-friends m2 m3"]);
    events(
        &mut g,
        "play squabble/we-are-your-friends m2 m3",
        &mut Dice::new(&[]),
    );
    assert!(g.model(m(2)).activated && g.model(m(3)).activated);
    assert!(!g.model(m(4)).activated);
}

#[test]
fn always_more_brings_back_a_killed_martian_who_may_shoot_or_move() {
    let s = small_scenario(
        &[],
        &[
            Place(H, "soldier", "c4"),
            Place(M, "martian", "h8"),
            Place(M, "martian", "g8"),
        ],
    );
    let mut s = (*with_cards(&s, 4)).clone();
    s.sides[M].deployment = Bitboard::rect(0, 7, 6, 7); // rows 7-8
    let s = Arc::new(s);
    let mut g = game(&s);
    g.edit()
        .clear_hand(H)
        .clear_hand(M)
        .give(M, card("always-more"), 1)
        .kill(m(3))
        .turn(M);
    let plays: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("play"))
        .collect();
    // Any square of the deployment zone with room (h8 has m2: room for more).
    assert_eq!(plays.len(), 16);
    let e = events(
        &mut g,
        "play always-more/human-ingenuity c7",
        &mut Dice::new(&[]),
    );
    assert!(e.contains(&Event::Reinforced(m(3), sq("c7"))));
    // Placing it was its first square: one more square, or Shoot; no Aim.
    let l = legal(&g);
    assert!(l.contains(&"shoot m1".to_string()));
    assert!(l.contains(&"move c6".to_string()));
    assert!(!l.contains(&"aim".to_string()));
    events(&mut g, "move c6", &mut Dice::new(&[]));
    assert!(g.model(m(3)).activated);
    // A card and its model: the Turn is over.
    assert_eq!(g.turn_player(), H);

    // Not after another model has acted this Turn (P16).
    let mut g = game(&s);
    g.edit()
        .clear_hand(H)
        .clear_hand(M)
        .give(M, card("always-more"), 1)
        .kill(m(3))
        .turn(M);
    play(&mut g, &["activate m2", "done"]);
    assert!(!legal(&g).iter().any(|a| a.starts_with("play")));
}

#[test]
fn a_side_with_no_model_left_plays_up_to_two_cards_or_passes_r11() {
    let mut g = setup(
        &[
            Place(H, "soldier", "a1"),
            Place(M, "martian", "e5"),
            Place(M, "martian", "h8"),
        ],
        4,
    );
    g.edit()
        .activated(m(1), true)
        .give(H, card("isnt-he-cute"), 1)
        .give(H, card("jammer"), 1)
        .set(M, card("heat-ray"), 1)
        .turn(H);
    let l = legal(&g);
    assert!(l.contains(&"pass".to_string()));
    assert!(l.contains(&"play isnt-he-cute/heat-ray m2".to_string()));
    events(&mut g, "play isnt-he-cute/heat-ray m2", &mut Dice::new(&[]));
    // A second card, or end the Turn.
    assert_eq!(
        legal(&g),
        ["end-turn", "play jammer/tough-little-suckers heat-ray"]
    );
    events(
        &mut g,
        "play jammer/tough-little-suckers heat-ray",
        &mut Dice::new(&[]),
    );
    assert_eq!(g.turn_player(), M);

    // Passing: nothing more that Round but responses; the Martians play on alone.
    let mut g = setup(
        &[
            Place(H, "soldier", "a1"),
            Place(M, "martian", "e5"),
            Place(M, "martian", "h8"),
        ],
        4,
    );
    g.edit()
        .activated(m(1), true)
        .give(H, card("isnt-he-cute"), 1)
        .turn(H);
    events(&mut g, "pass", &mut Dice::new(&[]));
    assert!(g.has_passed(H));
    assert_eq!(g.turn_player(), M);
    play(&mut g, &["activate m2", "done", "end-turn"]);
    assert_eq!(g.turn_player(), M);
}

#[test]
fn after_a_model_acted_a_card_on_own_models_must_affect_it_p11() {
    let mut g = setup(
        &[
            Place(H, "soldier", "c3"),
            Place(H, "soldier", "a1"),
            Place(M, "martian", "h8"),
        ],
        4,
    );
    g.edit().give(H, card("sneak"), 1);
    play(&mut g, &["activate m1", "done"]);
    let l = legal(&g);
    assert!(l.contains(&"play sneak/we-come-in-peace m1 c4".to_string()));
    assert!(
        !l.iter()
            .any(|a| a.starts_with("play sneak/we-come-in-peace m2"))
    );
    assert!(l.contains(&"activate m2".to_string()));
    events(
        &mut g,
        "play sneak/we-come-in-peace m1 c4",
        &mut Dice::new(&[]),
    );
    // One model and one card: the Turn is over.
    assert_eq!(g.turn_player(), M);
}
