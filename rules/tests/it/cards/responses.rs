//! Cards played on tests (R20, P12) and Lucky Escapes (P13): the dice each card changes,
//! one card per player per test, and a kill saved, from a model's test or a Support attack.

use crate::common::*;
use rules::Side;
use rules::state::{Event, Loc, Phase, Test};

use super::count;

use Side::{Humans as H, Martians as M};

#[test]
fn we_come_in_peace_adds_a_die_to_a_martian_shoot_roll() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 4);
    g.edit().give(M, card("we-come-in-peace"), 1).turn(M);
    let mut dice = Dice::new(&[&[1, 1, 1, 1, 1], &[1, 1, 1]]);
    events(&mut g, "activate m2", &mut dice);
    events(&mut g, "shoot m1", &mut dice);
    // The Turn player's window comes first; the Humans hold nothing and are skipped.
    assert_eq!(g.phase(), Phase::Respond(M));
    assert_eq!(
        legal(&g),
        ["respond none", "respond we-come-in-peace/artillery-strike"]
    );
    let e = events(
        &mut g,
        "respond we-come-in-peace/artillery-strike",
        &mut dice,
    );
    // A clear shot: 4 dice, +1 for the card.
    assert_eq!(
        rolls(&e),
        [(Test::Shoot, 5, 4, 0), (Test::Survive, 3, 6, 0)]
    );
    assert!(dice.is_empty());
    // Played in its own Turn, it is the Turn's card play (P11).
    assert_eq!(g.cards_played_this_turn(), 1);
    assert_eq!(count(g.discard_pile(), "we-come-in-peace"), 1);
}

#[test]
fn tough_little_suckers_adds_a_die_to_a_martian_survive_roll() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 4);
    g.edit().give(M, card("tough-little-suckers"), 1);
    let mut dice = Dice::new(&[&[1, 1, 1, 1], &[1, 1, 1, 1]]);
    events(&mut g, "activate m1", &mut dice);
    events(&mut g, "shoot m2", &mut dice);
    assert_eq!(g.phase(), Phase::Respond(M));
    assert_eq!(g.to_move(), Some(M));
    let e = events(
        &mut g,
        "respond tough-little-suckers/artillery-strike",
        &mut dice,
    );
    assert_eq!(
        rolls(&e),
        [(Test::Shoot, 4, 5, 0), (Test::Survive, 4, 6, 0)]
    );
    // A response in the enemy's Turn is not a card play of that Turn.
    assert_eq!(g.cards_played_this_turn(), 0);
}

#[test]
fn we_are_your_friends_adds_a_die_to_a_martian_fight_roll() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a2")], 4);
    g.edit().give(M, card("we-are-your-friends"), 1).turn(M);
    let mut dice = Dice::new(&[&[1, 1, 1, 1, 1], &[1, 1, 1]]);
    events(&mut g, "activate m2", &mut dice);
    events(&mut g, "move a1", &mut dice);
    events(&mut g, "fight m1", &mut dice);
    events(&mut g, "defend fight", &mut dice);
    assert_eq!(g.phase(), Phase::Respond(M));
    let e = events(&mut g, "respond we-are-your-friends/splat", &mut dice);
    // 3 dice, +1 charging, +1 for the card.
    assert_eq!(rolls(&e), [(Test::Fight, 5, 5, 0), (Test::Fight, 3, 4, 0)]);
}

#[test]
fn human_ingenuity_adds_a_die_to_the_roll_its_model_makes() {
    // On a Survive roll, in the enemy's Turn.
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 4);
    g.edit().give(H, card("human-ingenuity"), 1).turn(M);
    let mut dice = Dice::new(&[&[1, 1, 1, 1], &[1, 1, 1, 1]]);
    events(&mut g, "activate m2", &mut dice);
    events(&mut g, "shoot m1", &mut dice);
    assert_eq!(g.phase(), Phase::Respond(H));
    let e = events(&mut g, "respond human-ingenuity/mind-control", &mut dice);
    assert_eq!(
        rolls(&e),
        [(Test::Shoot, 4, 4, 0), (Test::Survive, 4, 6, 0)]
    );
    // On a Shoot roll, in its own Turn.
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 4);
    g.edit().give(H, card("human-ingenuity"), 1);
    let mut dice = Dice::new(&[&[1, 1, 1, 1, 1], &[1, 1, 1]]);
    events(&mut g, "activate m1", &mut dice);
    events(&mut g, "shoot m2", &mut dice);
    let e = events(&mut g, "respond human-ingenuity/mind-control", &mut dice);
    assert_eq!(rolls(&e)[0], (Test::Shoot, 5, 5, 0));
}

#[test]
fn splat_takes_a_die_from_a_martian_survive_roll_only() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 4);
    g.edit().give(H, card("splat"), 1);
    let mut dice = Dice::new(&[&[1, 1, 1, 1], &[1, 1]]);
    events(&mut g, "activate m1", &mut dice);
    events(&mut g, "shoot m2", &mut dice);
    assert_eq!(
        legal(&g),
        ["respond none", "respond splat/we-are-your-friends"]
    );
    let e = events(&mut g, "respond splat/we-are-your-friends", &mut dice);
    assert_eq!(
        rolls(&e),
        [(Test::Shoot, 4, 5, 0), (Test::Survive, 2, 6, 0)]
    );
    // A Martian meeting a Fight with Fight rolls no Survive: no window for Splat.
    let mut g = setup(&[Place(M, "martian", "a1"), Place(H, "soldier", "a2")], 4);
    g.edit().give(H, card("splat"), 1);
    let mut dice = Dice::new(&[&[1, 1, 1, 1], &[1, 1, 1]]);
    events(&mut g, "activate m2", &mut dice);
    events(&mut g, "move a1", &mut dice);
    events(&mut g, "fight m1", &mut dice);
    let e = events(&mut g, "defend fight", &mut dice);
    assert_eq!(rolls(&e), [(Test::Fight, 4, 4, 0), (Test::Fight, 3, 5, 0)]);
    assert_eq!(g.holds_half(H, card("splat")), 1);
}

#[test]
fn one_card_per_player_per_test_and_the_turn_player_first_r20() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 4);
    g.edit()
        .give(H, card("splat"), 1)
        .give(H, card("human-ingenuity"), 1)
        .give(M, card("tough-little-suckers"), 2);
    let mut dice = Dice::new(&[&[1, 1, 1, 1, 1], &[1, 1, 1, 1]]);
    events(&mut g, "activate m1", &mut dice);
    events(&mut g, "shoot m2", &mut dice);
    assert_eq!(g.phase(), Phase::Respond(H));
    assert_eq!(
        legal(&g),
        [
            "respond human-ingenuity/mind-control",
            "respond none",
            "respond splat/we-are-your-friends"
        ]
    );
    events(&mut g, "respond human-ingenuity/mind-control", &mut dice);
    // The Martians' window: one card only.
    assert_eq!(g.phase(), Phase::Respond(M));
    let e = events(
        &mut g,
        "respond tough-little-suckers/artillery-strike",
        &mut dice,
    );
    assert_eq!(
        rolls(&e),
        [(Test::Shoot, 5, 5, 0), (Test::Survive, 4, 6, 0)]
    );
    assert_eq!(g.holds_half(M, card("tough-little-suckers")), 1);
    assert_eq!(g.holds_half(H, card("splat")), 1);
}

#[test]
fn lucky_escape_saves_a_human_about_to_be_killed() {
    for play_it in [true, false] {
        let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 4);
        g.edit().give(H, card("lucky-escape"), 1).turn(M);
        let mut dice = Dice::new(&[&[4, 4, 4, 4], &[1, 1, 1]]);
        events(&mut g, "activate m2", &mut dice);
        events(&mut g, "shoot m1", &mut dice);
        assert_eq!(g.phase(), Phase::Escape(m(1)));
        assert_eq!(g.to_move(), Some(H));
        assert_eq!(legal(&g), ["respond lucky-escape/heat-ray", "respond none"]);
        if play_it {
            let e = events(&mut g, "respond lucky-escape/heat-ray", &mut dice);
            assert!(e.contains(&Event::Escaped(m(1))));
            assert_eq!(g.model(m(1)).loc, Loc::Board(sq("a1")));
            assert_eq!(g.vp(M), 0);
        } else {
            events(&mut g, "respond none", &mut dice);
            assert_eq!(g.model(m(1)).loc, Loc::Dead);
            assert_eq!(g.vp(M), 1);
        }
    }
}

#[test]
fn lucky_escape_also_saves_from_support_attacks_but_not_beyond_the_turns_card_play() {
    // In the enemy's Turn: a Heat Ray kill is offered to the Lucky Escape (P13).
    let mut g = setup(&[Place(H, "soldier", "c4"), Place(M, "martian", "h8")], 4);
    g.edit()
        .give(H, card("lucky-escape"), 1)
        .set(M, card("heat-ray"), 3)
        .turn(M);
    let mut dice = Dice::new(&[&[3, 3, 3, 1, 1, 1], &[1, 1, 1]]);
    events(&mut g, "call heat-ray c4", &mut dice);
    assert_eq!(g.phase(), Phase::Escape(m(1)));
    events(&mut g, "respond lucky-escape/heat-ray", &mut dice);
    assert_eq!(g.model(m(1)).loc, Loc::Board(sq("c4")));
    // In its own Turn, after calling its own Artillery Strike (its card play), the Humans
    // cannot play a second card to save their own model (P11).
    let mut g = setup(
        &[
            Place(H, "soldier", "c4"),
            Place(H, "soldier", "a1"),
            Place(M, "martian", "h8"),
        ],
        4,
    );
    g.edit()
        .give(H, card("lucky-escape"), 1)
        .set(H, card("artillery-strike"), 3);
    let mut dice = Dice::new(&[&[5, 5, 5, 1, 1], &[1, 1, 1]]);
    events(&mut g, "call artillery-strike c4", &mut dice);
    assert_eq!(g.model(m(1)).loc, Loc::Dead);
    assert_eq!(g.vp(H), 0);
}
