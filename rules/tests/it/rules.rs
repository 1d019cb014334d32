//! Rules tests: small positions drawn in code, expectations derived by hand from the rules
//! text and the rulings they cite.

use crate::common;

use common::*;
use rules::action::ModelId;
use rules::state::{
    CounterKind, Event, Illegal, Loc, Needs, Outcome, Phase, ShotResult, Test, Waiting, Why,
    WinReason,
};
use rules::{Edge, Side, Square, WallKind};

use Side::{Humans as H, Martians as M};

// ----- Turns and Rounds (R11, R13) ------------------------------------------------

#[test]
fn a_turn_is_up_to_two_models_then_the_other_side_r11() {
    let s = small_scenario(
        &[],
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "b1"),
            Place(H, "soldier", "c1"),
            Place(M, "martian", "h8"),
        ],
    );
    let mut g = game(&s);
    assert_eq!(g.to_move(), Some(H));
    assert_eq!(legal(&g), ["activate m1", "activate m2", "activate m3"]);
    play(&mut g, &["activate m1", "done"]);
    // After one model: a second (a different one) or end the Turn.
    assert_eq!(legal(&g), ["activate m2", "activate m3", "end-turn"]);
    play(&mut g, &["activate m2", "done"]);
    // Two models acted: the Turn passes to the Martians.
    assert_eq!(g.to_move(), Some(M));
    assert_eq!(legal(&g), ["activate m4"]);
    play(&mut g, &["activate m4", "done"]);
    // The Martians ran out first (R13); the Humans finish the Round with m3 (P9).
    assert_eq!(g.ran_out_first(), Some(M));
    assert_eq!(g.to_move(), Some(H));
    assert_eq!(legal(&g), ["activate m3"]);
    play(&mut g, &["activate m3", "done"]);
    // Round 2: the side that ran out first takes the first Turn.
    assert_eq!(g.round(), 2);
    assert_eq!(g.turn_player(), M);
    assert!(g.models().iter().all(|m| !m.activated));
}

#[test]
fn ending_the_turn_after_one_model_r11() {
    let s = small_scenario(
        &[],
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "b1"),
            Place(M, "martian", "h8"),
            Place(M, "martian", "g8"),
        ],
    );
    let mut g = game(&s);
    play(&mut g, &["activate m1", "done", "end-turn"]);
    assert_eq!(g.to_move(), Some(M));
    // A model cannot act twice in a Round.
    play(&mut g, &["activate m3", "done", "end-turn"]);
    assert_eq!(legal(&g), ["activate m2"]);
    let err = g
        .play("activate m1".parse().unwrap(), &mut Dice::new(&[]))
        .unwrap_err();
    assert!(err.reason().contains("already acted"), "{err}");
}

// ----- Moving (R4-R7) --------------------------------------------------------------

#[test]
fn move_up_to_two_squares_around_walls_r4() {
    //   row 3  . . .
    //   row 2  . .|.     high wall on b2's east edge
    //   row 1  . . .
    let s = small_scenario(
        &[("b2", Edge::East, WallKind::High)],
        &[Place(H, "soldier", "b2"), Place(M, "martian", "h8")],
    );
    let mut g = game(&s);
    play(&mut g, &["activate m1"]);
    let l = legal(&g);
    // b2's neighbours: a1 a2 a3 b1 b3 c1 c3 (c2 is behind the wall); the diagonals to
    // c1 and c3 stay open because the wall only ends at those corners (R4).
    let moves: Vec<_> = l.iter().filter(|a| a.starts_with("move")).collect();
    assert_eq!(
        moves,
        [
            "move a1", "move a2", "move a3", "move b1", "move b3", "move c1", "move c3"
        ]
    );
    assert!(l.contains(&"done".to_string()));
    play(&mut g, &["move b3", "move c3"]);
    // Two squares moved: the action is over.
    assert_eq!(g.model(m(1)).loc, Loc::Board(sq("c3")));
    assert!(g.model(m(1)).activated);
}

#[test]
fn a_square_holds_at_most_six_models_r3() {
    let mut places = vec![Place(H, "soldier", "a1")];
    for _ in 0..6 {
        places.push(Place(H, "soldier", "b1"));
    }
    places.push(Place(M, "martian", "h8"));
    let s = small_scenario(&[], &places);
    let mut g = game(&s);
    play(&mut g, &["activate m1"]);
    let l = legal(&g);
    assert!(!l.contains(&"move b1".to_string()), "{l:?}");
    assert!(l.contains(&"move a2".to_string()));
    let err = g
        .play("move b1".parse().unwrap(), &mut Dice::new(&[]))
        .unwrap_err();
    assert!(err.reason().contains("already holds 6"), "{err}");
}

/// Why an action is illegal is a value a program matches on: the rule of a model action,
/// or the kind of decision the game waits for instead; the words are the reason's,
/// followed by who decides and what is legal now.
#[test]
fn why_an_action_is_illegal_is_a_value() {
    let s = small_scenario(
        &[("a1", Edge::North, WallKind::High)],
        &[Place(H, "soldier", "a1"), Place(M, "martian", "h8")],
    );
    let mut g = game(&s);
    play(&mut g, &["activate m1"]);
    let why = |bad: &str| {
        let err = g
            .clone()
            .play(bad.parse().unwrap(), &mut Dice::new(&[]))
            .unwrap_err();
        assert!(err.reason().starts_with(&err.why.to_string()), "{err}");
        err.why
    };
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let (m1, m9) = (ModelId(0), ModelId(8));
    assert_eq!(
        why("move a2"),
        Why::Model(Illegal::Wall {
            from: sq("a1"),
            to: sq("a2")
        })
    );
    assert_eq!(
        why("move c3"),
        Why::Model(Illegal::NotNext {
            from: sq("a1"),
            to: sq("c3")
        })
    );
    assert_eq!(
        why("shoot m1"),
        Why::Model(Illegal::OwnSide { target: m1, id: m1 })
    );
    assert_eq!(
        why("activate m9"),
        Why::Model(Illegal::NoSuchModel { id: m9, models: 2 })
    );
    assert!(matches!(
        why("activate m2"),
        Why::Phase(Needs::Activation, Waiting { turn_player: H, phase: Phase::Acting(a) }) if a.model == m1
    ));
    assert!(matches!(why("defend fight"), Why::Phase(Needs::Defence, _)));
    assert!(matches!(why("end-turn"), Why::Phase(Needs::TurnToEnd, _)));
    // The whole message: the reason, who decides, and the legal actions.
    let err = g
        .play("move a2".parse().unwrap(), &mut Dice::new(&[]))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal action `move a2`: a high wall stands between a1 and a2 (R4); humans to decide, \
         legal now: move b1, move b2, done"
    );
}

#[test]
fn illegal_actions_leave_the_state_unchanged() {
    let s = small_scenario(
        &[("a1", Edge::North, WallKind::High)],
        &[Place(H, "soldier", "a1"), Place(M, "martian", "h8")],
    );
    let mut g = game(&s);
    play(&mut g, &["activate m1"]);
    let before = g.clone();
    for (bad, why) in [
        ("move a2", "high wall"),
        ("move c3", "not next to"),
        ("shoot m1", "own side"),
        ("activate m2", "no model can be activated"),
        ("defend fight", "no Fight"),
        ("fight m2", "no Fight is starting"),
        ("activate m9", "there is no model m9"),
    ] {
        let err = g
            .play(bad.parse().unwrap(), &mut Dice::new(&[]))
            .unwrap_err();
        assert!(err.reason().contains(why), "{bad}: {err}");
        assert_eq!(g, before, "{bad} changed the state");
    }
}

#[test]
fn enemies_hold_a_model_in_its_square_unless_all_rattled_r7() {
    let s = small_scenario(
        &[],
        &[
            Place(H, "soldier", "d4"),
            Place(M, "martian", "d4"),
            Place(M, "martian", "h8"),
        ],
    );
    let mut g = game(&s);
    // R12: starting in a square with a non-Rattled enemy, the model may only Fight.
    play(&mut g, &["activate m1"]);
    assert_eq!(legal(&g), ["fight m2"]);

    // With the enemy Rattled: free to leave (R7), no Fight forced (P5), no Shoot (R12).
    let mut g = game(&s);
    g.edit().rattled(m(2), true);
    play(&mut g, &["activate m1"]);
    let l = legal(&g);
    assert_eq!(l.iter().filter(|a| a.starts_with("move")).count(), 8);
    assert!(
        !l.iter()
            .any(|a| a.starts_with("shoot") || a.starts_with("fight"))
    );
}

#[test]
fn moving_into_enemies_ends_the_move_and_starts_a_fight_with_the_charge_die_r7_r16() {
    let s = small_scenario(
        &[],
        &[
            Place(H, "soldier", "c3"),
            Place(M, "martian", "d4"),
            Place(M, "martian", "d4"),
        ],
    );
    let mut g = game(&s);
    play(&mut g, &["activate m1", "move d4"]);
    // The attacker picks its opponent among the Soldiers (both Martians are soldiers).
    assert_eq!(g.to_move(), Some(H));
    assert_eq!(legal(&g), ["fight m2", "fight m3"]);
    play(&mut g, &["fight m3"]);
    // The defending player chooses Fight or Survive (R16).
    assert_eq!(g.to_move(), Some(M));
    assert_eq!(legal(&g), ["defend fight", "defend survive"]);
    // Attacker: 3 + 1 charge = 4 dice at 4+; defender: 3 + 1 friend = 4 dice at 5+ (Fight).
    // Attacker rolls 4,4,1,1 = 2; defender 5,5,5,1 = 3: the defender wins with Fight, the
    // attacker dies and the Martians score 2 VP (R18).
    let mut dice = Dice::new(&[&[4, 4, 1, 1], &[5, 5, 5, 1]]);
    let ev = events(&mut g, "defend fight", &mut dice);
    assert_eq!(rolls(&ev), [(Test::Fight, 4, 4, 2), (Test::Fight, 4, 5, 3)]);
    assert_eq!(g.model(m(1)).loc, Loc::Dead);
    assert_eq!(g.vp(M), 2);
    assert_eq!(g.outcome(), Some(Outcome::Win(M, WinReason::WipeOut)));
}

#[test]
fn a_survive_win_or_a_draw_kills_nobody_r16() {
    let s = small_scenario(
        &[],
        &[
            Place(H, "soldier", "d4"),
            Place(M, "martian", "d4"),
            Place(H, "soldier", "a1"),
        ],
    );
    // Survive wins: no kill.
    let mut g = game(&s);
    play(&mut g, &["activate m1", "fight m2"]);
    let mut dice = Dice::new(&[&[4, 1, 1, 1], &[6, 6, 1]]);
    let ev = events(&mut g, "defend survive", &mut dice);
    // No charge (it started there), +1 friend? No: its friend m3 is in a1. 3 dice each.
    assert_eq!(
        rolls(&ev),
        [(Test::Fight, 3, 4, 1), (Test::Survive, 3, 6, 2)]
    );
    assert!(matches!(g.model(m(1)).loc, Loc::Board(_)));
    assert!(matches!(g.model(m(2)).loc, Loc::Board(_)));
    assert!(g.model(m(1)).activated, "a Fight ends the action");
    // Draw: no kill.
    let mut g = game(&s);
    play(&mut g, &["activate m1", "fight m2"]);
    let mut dice = Dice::new(&[&[4, 4, 1], &[5, 5, 1]]);
    events(&mut g, "defend fight", &mut dice);
    assert_eq!(g.vp(H) + g.vp(M), 0);
    assert_eq!(g.models().iter().filter(|m| m.loc == Loc::Dead).count(), 0);
}

#[test]
fn armour_does_nothing_in_a_fight_and_a_rattled_defender_only_survives_r16() {
    let s = small_scenario(&[], &[Place(H, "soldier", "d4"), Place(M, "martian", "d4")]);
    let mut g = game(&s);
    g.edit().rattled(m(2), true);
    // The Rattled Martian cannot hold the Soldier, but the Soldier is not forced to
    // Fight either (P5); move in from next door instead.
    g.edit().place(m(1), sq("d3"));
    play(&mut g, &["activate m1", "move d4"]);
    assert_eq!(legal(&g), ["fight m2"]);
    // No Defence decision: a Rattled model may only Survive. 4 dice (charge) vs 3.
    // 1 success against 0: the Martian dies; armour adds nothing in a Fight.
    let mut dice = Dice::new(&[&[4, 1, 1, 1], &[1, 1, 1]]);
    let ev = events(&mut g, "fight m2", &mut dice);
    assert_eq!(
        rolls(&ev),
        [(Test::Fight, 4, 4, 1), (Test::Survive, 3, 6, 0)]
    );
    assert_eq!(g.model(m(2)).loc, Loc::Dead);
    assert_eq!(g.vp(H), 2);
}

// ----- Shooting, armour and Rattled (R15, R17) -----------------------------------

#[test]
fn shoot_dice_partial_clear_and_aim_r15() {
    // A low wall between a1 and a2 spoils the clear shot from a1 to a3 (R9).
    let s = small_scenario(
        &[("a2", Edge::North, WallKind::Low)],
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "b1"),
            Place(M, "martian", "a4"),
            Place(M, "martian", "h8"),
        ],
    );
    // a1 to a4 across the low wall on a2/a3: partial, 3 dice.
    let mut g = game(&s);
    play(&mut g, &["activate m1"]);
    let mut dice = Dice::new(&[&[1, 1, 1], &[1, 1, 1]]);
    let ev = events(&mut g, "shoot m3", &mut dice);
    assert_eq!(rolls(&ev)[0], (Test::Shoot, 3, 5, 0));
    // Survive: 3 dice at 6+, armour +1 shown as a bonus.
    assert!(matches!(
        ev[1],
        Event::Roll {
            test: Test::Survive,
            dice: 3,
            value: 6,
            bonus: 1,
            ..
        }
    ));
    // b1 to h8 is 7 squares: out of the Soldier's range of 6 (R8).
    play(&mut g, &["done", "activate m2"]);
    let l = legal(&g);
    assert!(
        !l.contains(&"shoot m4".to_string()),
        "h8 is 7 squares from b1"
    );
    // b1 to a4 (scaled by 10, R9): the low wall runs from (0,20) to (10,20). From b1's
    // point (18,8) the line to a4's point (2,32) passes through (10,20), the wall's end:
    // touching counts (R10). From (18,2) it crosses at x = 8.4; from the other three b1
    // points it crosses further left. So no b1 point sees all of a4 unobscured: partial.
    assert_eq!(g.map().los(sq("b1"), sq("a4")), rules::Los::Partial);
    play(&mut g, &["aim"]);
    assert_eq!(legal(&g), ["shoot m3"], "after Aiming the model must Shoot");
    let mut dice = Dice::new(&[&[1, 1, 1, 1], &[1, 1, 1]]);
    let ev = events(&mut g, "shoot m3", &mut dice);
    // Partial: 3 dice, +1 for Aiming.
    assert_eq!(rolls(&ev)[0], (Test::Shoot, 4, 5, 0));
}

#[test]
fn armour_saves_and_rattles_r15() {
    let s = small_scenario(&[], &[Place(H, "soldier", "a1"), Place(M, "martian", "a3")]);
    let g0 = game(&s);
    // Clear shot: 4 dice at 5+. Shoot 2 successes, Survive 1 (+1 armour = 2): the armour
    // alone saved it, so the Martian is Rattled.
    let mut g = g0.clone();
    play(&mut g, &["activate m1"]);
    let mut dice = Dice::new(&[&[5, 5, 1, 1], &[6, 1, 1]]);
    let ev = events(&mut g, "shoot m2", &mut dice);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Shot {
            result: ShotResult::Rattled,
            ..
        }
    )));
    assert!(g.model(m(2)).rattled);
    // Shoot 3 against 1 + 1: a kill, 1 VP (R18).
    let mut g = g0.clone();
    play(&mut g, &["activate m1"]);
    let mut dice = Dice::new(&[&[5, 5, 5, 1], &[6, 1, 1]]);
    events(&mut g, "shoot m2", &mut dice);
    assert_eq!(g.model(m(2)).loc, Loc::Dead);
    assert_eq!(g.vp(H), 1);
    // Shoot 1 against 1 + 1: a miss.
    let mut g = g0.clone();
    play(&mut g, &["activate m1"]);
    let mut dice = Dice::new(&[&[5, 1, 1, 1], &[6, 1, 1]]);
    events(&mut g, "shoot m2", &mut dice);
    assert!(!g.model(m(2)).rattled);
    // Exploding 8s: 8 then the extra die 8 then 1: 2 successes from one die (R14).
    let mut g = g0.clone();
    play(&mut g, &["activate m1"]);
    let mut dice = Dice::new(&[&[8, 1, 1, 1, 8, 1], &[1, 1, 1]]);
    let ev = events(&mut g, "shoot m2", &mut dice);
    assert_eq!(rolls(&ev)[0], (Test::Shoot, 4, 5, 2));
    assert_eq!(g.model(m(2)).loc, Loc::Dead, "2 > 0 + 1");
}

#[test]
fn a_kill_by_shooting_rattles_the_square_on_one_to_four_r17() {
    let s = small_scenario(
        &[],
        &[
            Place(H, "soldier", "a1"),
            Place(M, "martian", "a3"),
            Place(M, "martian", "a3"),
            Place(M, "martian", "a3"),
            Place(M, "martian", "h8"),
        ],
    );
    let mut g = game(&s);
    g.edit().rattled(m(4), true);
    play(&mut g, &["activate m1"]);
    // Kill m2; m3 rolls 4 (Rattled), m4 is already Rattled and does not test.
    let mut dice = Dice::new(&[&[5, 5, 5, 5], &[1, 1, 1], &[4]]);
    let ev = events(&mut g, "shoot m2", &mut dice);
    let tests: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::RattleTest {
                model,
                roll,
                rattled,
            } => Some((*model, *roll, *rattled)),
            _ => None,
        })
        .collect();
    assert_eq!(tests, [(m(3), 4, true)]);
    // And a 5 keeps its nerve.
    let mut g = game(&s);
    play(&mut g, &["activate m1"]);
    let mut dice = Dice::new(&[&[5, 5, 5, 5], &[1, 1, 1], &[5, 2]]);
    events(&mut g, "shoot m2", &mut dice);
    assert!(!g.model(m(3)).rattled);
    assert!(g.model(m(4)).rattled);
}

#[test]
fn no_shooting_from_an_enemy_square_or_into_a_mixed_square_r12() {
    let s = small_scenario(
        &[],
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "c3"),
            Place(M, "martian", "c3"),
            Place(M, "martian", "e5"),
        ],
    );
    let mut g = game(&s);
    play(&mut g, &["activate m1"]);
    let l = legal(&g);
    assert!(l.contains(&"shoot m4".to_string()));
    assert!(!l.contains(&"shoot m3".to_string()), "c3 holds both sides");
    let err = g
        .play("shoot m3".parse().unwrap(), &mut Dice::new(&[]))
        .unwrap_err();
    assert!(err.reason().contains("both sides"), "{err}");
}

#[test]
fn rattled_models_must_stand_up_r12_r17() {
    let s = small_scenario(&[], &[Place(H, "soldier", "a1"), Place(M, "martian", "h8")]);
    let mut g = game(&s);
    g.edit().rattled(m(1), true);
    play(&mut g, &["activate m1"]);
    assert_eq!(legal(&g), ["stand"]);
    play(&mut g, &["stand"]);
    // Stand Up and Move 1 or Stand Up and Shoot: one step at most, no Aim.
    let l = legal(&g);
    assert_eq!(l, ["done", "move a2", "move b1", "move b2"]);
    play(&mut g, &["move b2"]);
    assert!(
        g.model(m(1)).activated,
        "one square after standing up ends the action"
    );
}

#[test]
fn standing_up_among_enemies_starts_a_fight_without_the_charge_die_r17() {
    let s = small_scenario(&[], &[Place(H, "soldier", "d4"), Place(M, "martian", "d4")]);
    let mut g = game(&s);
    g.edit().rattled(m(1), true).rattled(m(2), true);
    play(&mut g, &["activate m1", "stand"]);
    assert_eq!(legal(&g), ["fight m2"]);
    // 3 dice (no charge, no friend) against a Rattled Martian, which must Survive.
    let mut dice = Dice::new(&[&[1, 1, 1], &[1, 1, 1]]);
    let ev = events(&mut g, "fight m2", &mut dice);
    assert_eq!(
        rolls(&ev),
        [(Test::Fight, 3, 4, 0), (Test::Survive, 3, 6, 0)]
    );
}

#[test]
fn friends_in_the_square_add_one_die_only_r16() {
    let s = small_scenario(
        &[],
        &[
            Place(H, "soldier", "c4"),
            Place(H, "soldier", "d4"),
            Place(H, "soldier", "d4"),
            Place(M, "martian", "d4"),
            Place(M, "martian", "h8"),
        ],
    );
    let mut g = game(&s);
    // m1 moves into d4, where two friends already are: 3 + 1 charge + 1 for friends
    // (only one extra however many friends) = 5 dice.
    play(&mut g, &["activate m1", "move d4", "fight m4"]);
    let mut dice = Dice::new(&[&[1, 1, 1, 1, 1], &[1, 1, 1]]);
    let ev = events(&mut g, "defend survive", &mut dice);
    assert_eq!(
        rolls(&ev),
        [(Test::Fight, 5, 4, 0), (Test::Survive, 3, 6, 0)]
    );
}

// ----- Entering the board (R6) ----------------------------------------------------

#[test]
fn entering_across_the_edge_counts_the_off_board_space_as_a_square_r6() {
    let s = with_entry(
        &small_scenario(
            &[],
            &[
                Place(H, "soldier", "a1"),
                Place(H, "soldier", "a1"),
                Place(M, "martian", "h8"),
            ],
        ),
        true,
    );
    let mut g = game(&s);
    assert_eq!(g.model(m(1)).loc, Loc::Waiting);
    play(&mut g, &["activate m1"]);
    // Only the eight squares of row 1 (P3: it must come on).
    assert_eq!(
        legal(&g),
        [
            "move a1", "move b1", "move c1", "move d1", "move e1", "move f1", "move g1", "move h1"
        ]
    );
    play(&mut g, &["move c1"]);
    // One square used: a second step or a Shoot may follow; a Move of 2 ends on row 2.
    play(&mut g, &["move c2"]);
    assert_eq!(g.model(m(1)).loc, Loc::Board(sq("c2")));
    assert!(g.model(m(1)).activated);
}

// ----- Counters (R24) and victory (R18, R25) --------------------------------------

#[test]
fn counters_are_revealed_on_entry_and_claimed_not_counting_the_first_r24() {
    let s = small_scenario(&[], &[Place(H, "soldier", "a1"), Place(M, "martian", "h8")]);
    let mut g = game(&s);
    g.edit()
        .hidden_counter(sq("a2"))
        .hidden_counter(sq("a3"))
        .pool(0, 2);
    // Pool of two Alien Secrets only: every reveal is a Secret, claimed by the Human.
    play(&mut g, &["activate m1"]);
    let mut dice = Dice::new(&[&[1], &[1]]);
    let ev = events(&mut g, "move a2", &mut dice);
    assert!(ev.contains(&Event::Revealed(sq("a2"), CounterKind::AlienSecret)));
    assert!(ev.contains(&Event::Claimed(m(1), CounterKind::AlienSecret)));
    assert_eq!(g.claimed(H), 1);
    assert_eq!(g.vp(H), 0, "the first counter does not count");
    events(&mut g, "move a3", &mut dice);
    assert_eq!(g.claimed(H), 2);
    assert_eq!(g.vp(H), 1);
    assert_eq!(g.counter_pool(), (0, 0));
}

#[test]
fn a_counter_of_the_other_kind_stays_face_up_for_the_enemy_r24() {
    let s = small_scenario(&[], &[Place(H, "soldier", "a1"), Place(M, "martian", "a3")]);
    let mut g = game(&s);
    g.edit().hidden_counter(sq("a2")).pool(1, 0);
    play(&mut g, &["activate m1"]);
    let mut dice = Dice::new(&[&[1]]);
    events(&mut g, "move a2", &mut dice);
    assert_eq!(g.face_up_counters(CounterKind::Critter), squares(&["a2"]));
    assert_eq!(g.claimed(H), 0);
    play(&mut g, &["done"]);
    // The Martian claims it by moving in (R24).
    play(&mut g, &["activate m2", "move a2"]);
    // m2 moved into a square holding the Soldier: the claim comes first (P8), then the
    // Fight starts.
    assert_eq!(g.claimed(M), 1);
    assert!(g.face_up_counters(CounterKind::Critter).is_empty());
    assert!(matches!(g.phase(), Phase::FightTarget { .. }));
}

#[test]
fn reaching_the_vp_target_wins_at_once_r25() {
    let s = small_scenario(
        &[],
        &[
            Place(H, "soldier", "a1"),
            Place(M, "martian", "a3"),
            Place(M, "martian", "h8"),
        ],
    );
    let mut g = game(&s);
    g.edit().vp(H, 7);
    play(&mut g, &["activate m1"]);
    let mut dice = Dice::new(&[&[5, 5, 5, 5], &[1, 1, 1]]);
    events(&mut g, "shoot m2", &mut dice);
    assert_eq!(g.vp(H), 8);
    assert_eq!(g.outcome(), Some(Outcome::Win(H, WinReason::VpTarget)));
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    assert!(v.is_empty());
    assert_eq!(g.to_move(), None);
}

#[test]
fn a_hero_defender_is_picked_by_its_owner_r16() {
    // Profiles are data: make a Hero from the core Martian by adding the ability.
    let base = small_scenario(
        &[],
        &[
            Place(H, "soldier", "c3"),
            Place(M, "martian", "d4"),
            Place(M, "martian", "d4"),
        ],
    );
    let mut s = (*base).clone();
    let mut hero = s
        .profiles
        .iter()
        .find(|p| p.key == "martian")
        .unwrap()
        .clone();
    hero.key = "hero".into();
    hero.abilities = hero.abilities.with(rules::Ability::Hero);
    s.profiles.push(hero);
    let hero_idx = s.profiles.len() - 1;
    s.models[1].profile = hero_idx;
    // With a Soldier present the attacker must pick it.
    let s1 = std::sync::Arc::new(s.clone());
    let mut g = game(&s1);
    play(&mut g, &["activate m1", "move d4"]);
    assert_eq!(legal(&g), ["fight m3"]);
    // Only Heroes: the Martian player picks.
    s.models[2].profile = hero_idx;
    let s2 = std::sync::Arc::new(s);
    let mut g = game(&s2);
    play(&mut g, &["activate m1", "move d4"]);
    assert_eq!(g.to_move(), Some(M));
    assert_eq!(legal(&g), ["defender m2", "defender m3"]);
    play(&mut g, &["defender m3"]);
    assert_eq!(legal(&g), ["defend fight", "defend survive"]);
}
