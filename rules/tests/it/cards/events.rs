//! Events (R22, P17-P22): drawn at the refill and resolved at once: the Unfriendly Fire,
//! Keeping Their Heads Down, the Flying Car, the burning cows, the Civilians and the Bug,
//! and what the cows and the Bug do at the end of every Round.

use crate::common::*;
use rules::state::{Event, Loc, Phase, ShotResult, Test};
use rules::{Bitboard, Edge, GameState, Los, Side, WallKind};

use super::{DRAW, count, end_the_round};

use Side::{Humans as H, Martians as M};

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
