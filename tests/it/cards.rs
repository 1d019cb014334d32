//! Card tests: every card of the core deck and every Event on a small position, with
//! expectations derived by hand from the card text and the rulings they cite (R11,
//! R19-R23, P11-P22). Dice are scripted: each `Dice` entry is one test's roll (or one
//! batch of single dice, or one card draw).

use crate::common;

use std::sync::Arc;

use common::*;
use mars_attacks::rules::cards::{CardId, CardType, core_deck};
use mars_attacks::rules::scenario::Scenario;
use mars_attacks::rules::state::{Event, Loc, Phase, ShotResult, Test};
use mars_attacks::rules::{Action, Bitboard, Edge, GameState, Los, Side, WallKind, rng_from_seed};

use Side::{Humans as H, Martians as M};

/// How many of these cards carry the half (or Event) `c`, on either side.
fn count<'a>(it: impl Iterator<Item = (&'a CardType, u8)>, c: &str) -> u8 {
    let c = card(c);
    it.filter(|(x, _)| {
        x.faces
            .iter()
            .flatten()
            .chain(x.event.as_ref())
            .any(|f| f.id == c)
    })
    .map(|(_, n)| n)
    .sum()
}

/// The level of the Support set of the half `c` among `sets` (R21).
fn level(sets: impl Iterator<Item = (CardId, u8)>, c: &str) -> u8 {
    let c = card(c);
    sets.filter(|(x, _)| *x == c).map(|(_, n)| n).sum()
}

/// A draw from the deck: the first card type (in deck order) still in it.
const DRAW: &[u8] = &[1];

// ----- the deck (R19) ------------------------------------------------------------------

#[test]
fn card_actions_print_and_parse_as_text() {
    let _ = core_deck();
    for text in [
        "play sneak/we-come-in-peace m3 c4",
        "play isnt-he-cute/heat-ray m9",
        "play squabble/we-are-your-friends m9 m10",
        "play always-more/human-ingenuity c8",
        "play jammer/tough-little-suckers heat-ray",
        "play mind-control/human-ingenuity heat-ray c4",
        "play mind-control/human-ingenuity heat-ray row 5",
        "play mind-control/human-ingenuity strafing-run column c north",
        "lay heat-ray/human-ingenuity",
        "call heat-ray row 5",
        "call heat-ray column c",
        "call heat-ray c4",
        "call strafing-run row 5 east",
        "call strafing-run c3 east",
        "respond tough-little-suckers/artillery-strike",
        "respond none",
        "discard splat/we-are-your-friends",
        "keep",
        "pass",
        "heading east",
        "pick m3",
        "shoot bug",
    ] {
        let a: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(a.to_string(), text);
    }
    assert!(
        "lay heat-rays"
            .parse::<Action>()
            .unwrap_err()
            .to_string()
            .contains("heat-ray")
    );
    assert!("call heat-ray row 9".parse::<Action>().is_err());
}

// ----- test cards (R20, P12) -----------------------------------------------------------

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

// ----- Lucky Escape (P13) --------------------------------------------------------------

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

// ----- activation cards (R11, P11, P16) ------------------------------------------------

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

// ----- Support sets (R21, P14) ---------------------------------------------------------

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

// ----- Turns with cards (R11, P11) ----------------------------------------------------

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

// ----- the refill and the deck (R22, P17) ----------------------------------------------

#[test]
fn opening_hands_hold_no_events() {
    let s = with_cards(
        &small_scenario(&[], &[Place(H, "soldier", "a1"), Place(M, "martian", "h8")]),
        4,
    );
    for seed in 0..300 {
        let g = GameState::new(s.clone(), &mut rng_from_seed(seed));
        g.check_invariants().unwrap();
        for side in [H, M] {
            assert_eq!(g.hand_len(side), 4);
            for (c, _) in g.hand(side) {
                assert!(!c.is_event(), "seed {seed}: {}", c.name());
            }
        }
        // 42 cards less two hands of 4 (R19, R22).
        assert_eq!(g.deck_len(), 34);
    }
}

/// Humans m1 acts and ends the Round (everyone else has acted); the Humans, who ran out
/// first, refill first.
fn end_the_round(g: &mut GameState, dice: &mut Dice) -> Vec<Event> {
    let mut e = events(g, "activate m1", dice);
    e.extend(events(g, "done", dice));
    e
}

#[test]
fn the_refill_discards_by_choice_then_draws_up_to_the_hand_size() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 3);
    g.edit()
        .activated(m(2), true)
        .give(H, card("human-ingenuity"), 1)
        .give(H, card("splat"), 1)
        .give(M, card("heat-ray"), 3)
        .stack_deck(H, card("jammer"));
    let mut dice = Dice::new(&[DRAW, DRAW]);
    end_the_round(&mut g, &mut dice);
    assert_eq!(g.phase(), Phase::Refill(H));
    // Each card in hand is named by its own half, then the half on its back (R19).
    assert_eq!(
        legal(&g),
        [
            "discard human-ingenuity/mind-control",
            "discard splat/we-are-your-friends",
            "keep"
        ]
    );
    events(&mut g, "discard human-ingenuity/mind-control", &mut dice);
    assert_eq!(legal(&g), ["discard splat/we-are-your-friends", "keep"]);
    let e = events(&mut g, "keep", &mut dice);
    // The deck holds the two Jammers (cards 23 and 34); a draw takes the first in deck
    // order still in it: card 23, Tough Little Suckers on its back.
    assert!(e.contains(&Event::Drew {
        side: H,
        card: "jammer/tough-little-suckers".parse().unwrap()
    }));
    assert_eq!(g.holds_half(H, card("jammer")), 2);
    // Then the Martians.
    assert_eq!(g.phase(), Phase::Refill(M));
    events(&mut g, "keep", &mut dice);
    assert_eq!(g.round(), 2);
    assert!(dice.is_empty());
}

#[test]
fn an_empty_deck_is_replaced_by_the_discard_pile() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 1);
    // Everything but the three Mind Controls (cards 4, 25, 36) to the discard pile, the
    // Mind Controls to the Martians: the deck is empty.
    g.edit()
        .activated(m(2), true)
        .stack_deck(M, card("mind-control"))
        .give(M, card("mind-control"), 3);
    assert_eq!(g.deck_len(), 0);
    let mut dice = Dice::new(&[DRAW]);
    let e = end_the_round(&mut g, &mut dice);
    // The Humans refill first and draw from the 42 - 3 discarded cards.
    assert!(e.contains(&Event::Reshuffled { cards: 39 }));
    assert_eq!(g.hand_len(H), 1);
    assert_eq!(g.deck_len(), 38);
    g.check_invariants().unwrap();
}

// ----- Events (R22, P17-P22) -----------------------------------------------------------

/// Humans m1 about to end the Round; the Humans hold one Jammer (of no use with no Martian
/// Support set in play), the Martians a full hand of two We Come In Peace (no card of either
/// fits a Survive test, so no window opens, R28); the deck holds only `event`. The Humans
/// draw first and draw the Event.
fn event_game(walls: &[(&str, Edge, WallKind)], models: &[Place], event: &str) -> GameState {
    let mut g = setup_walls(walls, models, 2);
    for i in 2..=models.len() as u8 {
        g.edit().activated(m(i), true);
    }
    g.edit()
        .give(H, card("jammer"), 1)
        .give(M, card("we-come-in-peace"), 2)
        .stack_deck(H, card(event));
    g
}

/// End the Round and keep the Humans' hand: the Event is drawn.
fn draw_event(g: &mut GameState, dice: &mut Dice) -> Vec<Event> {
    let mut e = end_the_round(g, dice);
    assert_eq!(g.phase(), Phase::Refill(H));
    e.extend(events(g, "keep", dice));
    e
}

#[test]
fn unfriendly_fire_is_an_artillery_strike_at_a_random_square() {
    let mut g = event_game(
        &[],
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "c3"),
            Place(M, "martian", "d4"),
            Place(M, "martian", "h8"),
        ],
        "unfriendly-fire",
    );
    let mut dice = Dice::new(&[
        DRAW,
        &[4, 3], // row 4, column c: c4
        &[5, 5, 5, 1, 1],
        &[1, 1, 1],
        &[5, 5, 1, 1, 1],
        &[6, 1, 1],
        DRAW, // the replacement card
    ]);
    let e = draw_event(&mut g, &mut dice);
    assert!(e.contains(&Event::EventDrawn {
        side: H,
        card: card("unfriendly-fire")
    }));
    assert_eq!(
        rolls(&e),
        [
            (Test::Shoot, 5, 5, 3),
            (Test::Survive, 3, 6, 0),
            (Test::Shoot, 5, 5, 2),
            (Test::Survive, 3, 6, 1),
        ]
    );
    // The Humans' own model: killed, no VP (P15). The Martian: saved by armour, Rattled.
    assert_eq!(g.model(m(2)).loc, Loc::Dead);
    assert_eq!(g.vp(H), 0);
    assert!(g.model(m(3)).rattled);
    assert!(e.contains(&Event::AreaShot {
        model: m(3),
        result: ShotResult::Rattled
    }));
    // Resolved: discarded, and a replacement drawn.
    assert_eq!(g.hand_len(H), 2);
    assert_eq!(g.phase(), Phase::Refill(M));
    assert!(dice.is_empty());
}

#[test]
fn keeping_their_heads_down_rattles_on_a_failed_die() {
    let mut g = event_game(
        &[],
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "c3"),
            Place(M, "martian", "d4"),
            Place(M, "martian", "h8"),
        ],
        "keeping-their-heads-down",
    );
    let mut dice = Dice::new(&[DRAW, &[4, 3], &[5], &[6], DRAW]);
    draw_event(&mut g, &mut dice);
    assert!(g.model(m(2)).rattled);
    assert!(!g.model(m(3)).rattled);
    assert!(dice.is_empty());
}

#[test]
fn the_flying_car_lands_three_times_and_leaves_a_blocker() {
    let mut g = event_game(
        &[],
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "b3"),
            Place(M, "martian", "d3"),
            Place(M, "martian", "h8"),
        ],
        "flying-car",
    );
    assert_eq!(g.map().los(sq("e3"), sq("g3")), Los::Clear);
    let mut dice = Dice::new(&[DRAW]);
    draw_event(&mut g, &mut dice);
    // The drawer chooses the heading (P19).
    assert_eq!(g.phase(), Phase::CarHeading(H));
    assert_eq!(legal(&g), ["heading east", "heading west"]);
    let mut dice = Dice::new(&[
        &[3, 2], // row 3, column b: b3
        &[4, 4, 4, 1, 1],
        &[1, 1, 1],
        &[1, 1, 1, 1, 1],
        &[1, 1, 1],
        DRAW,
    ]);
    let e = events(&mut g, "heading east", &mut dice);
    let landed: Vec<_> = e
        .iter()
        .filter_map(|x| match x {
            Event::CarLanded(s) => Some(*s),
            _ => None,
        })
        .collect();
    assert_eq!(landed, [sq("b3"), sq("d3"), sq("f3")]);
    assert_eq!(
        rolls(&e),
        [
            (Test::Shoot, 5, 4, 3),
            (Test::Survive, 3, 6, 0),
            (Test::Shoot, 5, 4, 0),
            (Test::Survive, 3, 6, 0),
        ]
    );
    assert_eq!(g.model(m(2)).loc, Loc::Dead);
    // At rest on f3: a blocker; sight across it is recomputed (R9, R10, P1).
    assert_eq!(g.map().blockers(), squares(&["f3"]));
    assert_ne!(g.map().los(sq("e3"), sq("g3")), Los::Clear);
    assert_eq!(count(g.events_in_play(), "flying-car"), 1);
    assert!(dice.is_empty());

    // Flying off the board: no blocker, the card is discarded.
    let mut g = event_game(
        &[],
        &[Place(H, "soldier", "a1"), Place(M, "martian", "h8")],
        "flying-car",
    );
    let mut dice = Dice::new(&[DRAW]);
    draw_event(&mut g, &mut dice);
    let mut dice = Dice::new(&[&[5, 2], DRAW]);
    let e = events(&mut g, "heading west", &mut dice);
    assert!(e.contains(&Event::CarLeft));
    assert_eq!(g.map().blockers(), Bitboard::EMPTY);
    // Discarded (and, the deck being empty, already shuffled back in for the next draw).
    assert_eq!(count(g.events_in_play(), "flying-car"), 0);
}

#[test]
fn burning_cows_rattle_trample_and_stop_at_walls() {
    let mut g = event_game(
        &[("c4", Edge::North, WallKind::High)],
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "c1"),
            Place(M, "martian", "c3"),
            Place(M, "martian", "h8"),
        ],
        "barbecue-on-the-hoof",
    );
    g.edit().rattled(m(3), true);
    let mut dice = Dice::new(&[
        DRAW,
        &[1, 3], // near edge (the Humans' own, south), third square: c1
        &[1],    // scatter: north
        &[4, 4, 1, 1],
        &[6, 1, 1],
        DRAW,
    ]);
    let e = draw_event(&mut g, &mut dice);
    assert!(e.contains(&Event::CowsEntered(sq("c1"))));
    assert!(e.contains(&Event::Stampeded(m(2))));
    assert!(g.model(m(2)).rattled);
    // c3's Martian was already Rattled: trampled, 4 dice 4+ against its Survive.
    assert!(e.contains(&Event::Trampled(m(3))));
    assert_eq!(
        rolls(&e),
        [(Test::Fight, 4, 4, 2), (Test::Survive, 3, 6, 1)]
    );
    assert_eq!(g.model(m(3)).loc, Loc::Dead);
    // A Fight kill of an enemy, for the side that drew them (P15).
    assert_eq!(g.vp(H), 2);
    // The high wall north of c4 stops them.
    assert!(e.contains(&Event::CowsStopped(sq("c4"))));
    assert_eq!(g.cows(), Some((sq("c4"), H)));
    assert!(dice.is_empty());
}

#[test]
fn terror_on_the_streets_places_civilians_either_side_may_claim() {
    let mut g = event_game(
        &[],
        &[Place(H, "soldier", "a1"), Place(M, "martian", "h8")],
        "terror-on-the-streets",
    );
    // D8 3: two Civilians; a1 holds a model: roll again; b2; e5.
    let mut dice = Dice::new(&[DRAW, &[3, 1, 1, 2, 2, 5, 5], DRAW]);
    draw_event(&mut g, &mut dice);
    assert_eq!(g.civilians(), [sq("b2"), sq("e5")]);
    events(&mut g, "keep", &mut dice);
    assert_eq!(g.round(), 2);
    // Round 2: the Human steps onto b2 and picks one up (P22, P2).
    events(&mut g, "activate m1", &mut dice);
    let e = events(&mut g, "move b2", &mut dice);
    assert!(e.iter().any(|x| matches!(x, Event::CivilianClaimed(..))));
    assert_eq!(g.claimed(H), 1);
    assert_eq!(g.civilians(), [sq("e5")]);
}

#[test]
fn civilians_scatter_at_the_end_of_the_round() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 0);
    g.edit()
        .activated(m(2), true)
        .civilian(sq("c1"))
        .civilian(sq("e5"));
    // c1 scatters south: off the board, removed; e5 scatters east to f5.
    let mut dice = Dice::new(&[&[5, 3]]);
    let e = end_the_round(&mut g, &mut dice);
    assert!(e.contains(&Event::CivilianLeft(sq("c1"))));
    assert_eq!(g.civilians(), [sq("f5")]);
}

#[test]
fn wings_of_death_attacks_and_snatches() {
    let mut g = event_game(
        &[],
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "c3"),
            Place(M, "martian", "h8"),
        ],
        "wings-of-death",
    );
    let mut dice = Dice::new(&[DRAW, &[3, 3]]);
    draw_event(&mut g, &mut dice);
    // One model in the square: it is the target, and chooses its defence.
    assert_eq!(g.phase(), Phase::BugDefence(m(2)));
    assert_eq!(g.to_move(), Some(H));
    let mut dice = Dice::new(&[&[4, 4, 4, 1], &[4, 4, 4], &[6, 6], DRAW]);
    let e = events(&mut g, "defend fight", &mut dice);
    assert_eq!(rolls(&e), [(Test::Fight, 4, 4, 3), (Test::Fight, 3, 4, 3)]);
    // A draw: snatched to f6 with the Bug.
    assert!(e.contains(&Event::BugSnatched(m(2), sq("f6"))));
    assert_eq!(g.model(m(2)).loc, Loc::Board(sq("f6")));
    assert_eq!(g.bug(), Some((sq("f6"), H)));
    assert!(dice.is_empty());

    // Fought and won: the Bug is gone.
    let mut g = event_game(
        &[],
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "c3"),
            Place(M, "martian", "h8"),
        ],
        "wings-of-death",
    );
    let mut dice = Dice::new(&[DRAW, &[3, 3]]);
    draw_event(&mut g, &mut dice);
    let mut dice = Dice::new(&[&[1, 1, 1, 1], &[4, 1, 1], DRAW]);
    let e = events(&mut g, "defend fight", &mut dice);
    assert!(e.contains(&Event::BugGone));
    assert_eq!(g.bug(), None);
    assert_eq!(count(g.events_in_play(), "wings-of-death"), 0);
}

#[test]
fn the_bug_picks_by_d8_who_chooses_its_target_and_can_be_shot() {
    let mut g = setup(
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "c3"),
            Place(M, "martian", "c3"),
            Place(M, "martian", "h8"),
        ],
        0,
    );
    g.edit()
        .bug(sq("c3"), M)
        .activated(m(2), true)
        .activated(m(3), true)
        .activated(m(4), true);
    // End of Round: a model in its square: a Bug Attack; a D8 of 6: the Martians pick.
    let mut dice = Dice::new(&[&[6]]);
    end_the_round(&mut g, &mut dice);
    assert_eq!(g.phase(), Phase::BugTarget(M));
    assert_eq!(legal(&g), ["pick m2", "pick m3"]);
    events(&mut g, "pick m2", &mut dice);
    assert_eq!(g.phase(), Phase::BugDefence(m(2)));
    // The Bug kills: a Fight kill for the drawer's side (P15).
    let mut dice = Dice::new(&[&[4, 4, 4, 4], &[1, 1, 1]]);
    events(&mut g, "defend survive", &mut dice);
    assert_eq!(g.model(m(2)).loc, Loc::Dead);
    assert_eq!(g.vp(M), 2);
    assert_eq!(g.bug(), Some((sq("c3"), M)));

    // Shooting the Bug: 3 Survive dice at 4+ (P21).
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 0);
    g.edit().bug(sq("a4"), M);
    let mut dice = Dice::new(&[&[5, 5, 1, 1], &[4, 1, 1]]);
    events(&mut g, "activate m1", &mut dice);
    assert!(legal(&g).contains(&"shoot bug".to_string()));
    let e = events(&mut g, "shoot bug", &mut dice);
    assert_eq!(
        rolls(&e),
        [(Test::Shoot, 4, 5, 2), (Test::Survive, 3, 4, 1)]
    );
    assert_eq!(g.bug(), None);
    assert_eq!(g.vp(H), 0);
}

// ----- hidden information ----------------------------------------------------------------

fn two_worlds() -> (GameState, GameState) {
    let base = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 4);
    let mut a = base.clone();
    a.edit()
        .give(H, card("splat"), 2)
        .give(M, card("heat-ray"), 3)
        .give(M, card("always-more"), 1);
    let mut b = base;
    b.edit()
        .give(H, card("splat"), 2)
        .give(M, card("freeze-ray"), 2)
        .give(M, card("mind-control"), 2);
    (a, b)
}

#[test]
fn observation_hides_the_other_hand_and_the_deck() {
    let (a, b) = two_worlds();
    assert_ne!(a, b);
    // The Humans see the same in both worlds: their hand, 4 cards in the other.
    assert_eq!(a.observation(H), b.observation(H));
    let o = a.observation(H);
    assert_eq!(o.other_hand_len(), 4);
    assert_eq!(count(o.hand(), "splat"), 2);
    assert_eq!(o.public().hand(M).count(), 0);
    assert_eq!(o.public().deck_cards().count(), 0);
    let unseen: u32 = o.unseen().map(|(_, n)| n as u32).sum();
    assert_eq!(unseen, 42 - 2);
    // The Martians see their own hands differ.
    assert_ne!(a.observation(M), b.observation(M));
}

#[test]
fn determinize_deals_the_other_hand_afresh_and_keeps_the_observation() {
    let (a, _) = two_worlds();
    let mut seen_other = false;
    for seed in 0..50 {
        let mut d = a.clone();
        d.determinize(H, &mut rng_from_seed(seed));
        d.check_invariants().unwrap();
        assert_eq!(d.observation(H), a.observation(H));
        assert_eq!(d.hand_len(M), 4);
        for (c, _) in d.hand(M) {
            assert!(!c.is_event());
        }
        seen_other |= d.hand(M).collect::<Vec<_>>() != a.hand(M).collect::<Vec<_>>();
    }
    assert!(seen_other);
}

/// A generator that counts the words it hands out.
struct Counting(rand_chacha::ChaCha8Rng, usize);

impl rand::RngCore for Counting {
    fn next_u32(&mut self) -> u32 {
        self.1 += 1;
        self.0.next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        self.1 += 1;
        self.0.next_u64()
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        self.1 += 1;
        self.0.fill_bytes(dst)
    }
}

#[test]
fn determinize_draws_as_many_values_whatever_the_hidden_cards() {
    let (a, b) = two_worlds();
    let draws = |g: &GameState| {
        let mut r = Counting(rng_from_seed(3), 0);
        g.clone().determinize(H, &mut r);
        r.1
    };
    assert_eq!(draws(&a), draws(&b));
    assert_eq!(draws(&a), 4);
}

#[test]
fn a_scenario_without_cards_plays_as_before() {
    let s: Arc<Scenario> =
        small_scenario(&[], &[Place(H, "soldier", "a1"), Place(M, "martian", "h8")]);
    let g = game(&s);
    assert_eq!(g.hand_len(H), 0);
    assert_eq!(legal(&g), ["activate m1"]);
}

#[test]
fn a_scenario_names_its_deck_and_hand_size() {
    use mars_attacks::rules::scenario_file::parse_scenario;
    let base = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/whos-there.toml"),
    )
    .unwrap();
    let s = parse_scenario("s1.toml", &base).unwrap().scenario;
    assert_eq!(s.deck.total(), 42);
    assert_eq!(s.hand_size, 4);
    let text = base.replacen(
        "vp_target = 8",
        "vp_target = 8\ndeck = \"none\"\nhand_size = 3",
        1,
    );
    let s = parse_scenario("s1.toml", &text).unwrap().scenario;
    assert!(s.deck.is_empty());
    assert_eq!(s.hand_size, 3);
    let text = base.replacen("vp_target = 8", "vp_target = 8\ndeck = \"cor\"", 1);
    let errs = parse_scenario("s1.toml", &text).unwrap_err();
    assert!(
        errs.iter()
            .any(|d| d.message.contains("deck") && d.message.contains("did you mean")),
        "{errs:?}"
    );
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

#[test]
fn the_cows_and_the_bug_move_at_the_end_of_every_round() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 0);
    g.edit()
        .activated(m(2), true)
        .cows(sq("d4"), M)
        .bug(sq("f6"), H);
    // P17: the cows first (scatter 3: east, 4 squares: e4 f4 g4 h4), then the Bug (no
    // model with it: scatter 1, north, to f7).
    let mut dice = Dice::new(&[&[3], &[1]]);
    let e = end_the_round(&mut g, &mut dice);
    assert!(e.contains(&Event::CowsMoved {
        from: sq("g4"),
        to: sq("h4")
    }));
    assert_eq!(g.cows(), Some((sq("h4"), M)));
    assert_eq!(g.bug(), Some((sq("f7"), H)));
    assert_eq!(g.round(), 2);
    // Next Round the cows head east again: off the board with movement left, gone.
    play(&mut g, &["activate m1", "done"]);
    let mut dice = Dice::new(&[&[3], &[1]]);
    events(&mut g, "activate m2", &mut dice);
    let e = events(&mut g, "done", &mut dice);
    assert!(e.contains(&Event::CowsLeft));
    assert_eq!(g.cows(), None);
    assert_eq!(g.bug(), Some((sq("f8"), H)));
    assert_eq!(count(g.discard_pile(), "barbecue-on-the-hoof"), 1);
}

#[test]
fn every_action_of_the_whole_space_prints_and_parses_back() {
    let _ = core_deck();
    let space = Action::space(13);
    assert!(space.len() > 1000);
    for a in space {
        assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
    }
}
