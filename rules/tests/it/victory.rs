//! The victory conditions a scenario writes as data, in play (P28-P33): key models whose
//! death (whatever kills it) or leaving ends the game, exits open only to some models,
//! hold zones that count in some Rounds and win when held Rounds running, entries on part
//! of an edge and drawn at random. What the AI makes of them: `victory_ai.rs`.

use crate::common;

use std::sync::Arc;

use rules::scenario::EndsGame;
use rules::scenario_file::parse_scenario;
use rules::state::{Event, Outcome, Phase, VpSource, WinReason};
use rules::{Action, Edge, GameState, Side, rng_from_seed};

use common::{
    Dice, Place, card, end_the_round_with, events, game, legal, m, play, small_scenario, sq,
    with_cards,
};

use Side::{Humans as H, Martians as M};

/// A game of `text`, which must load without warnings.
fn start(text: &str) -> GameState {
    let loaded = parse_scenario("victory.toml", text).unwrap_or_else(|d| {
        let lines: Vec<String> = d.iter().map(|d| d.to_string()).collect();
        panic!("{}", lines.join("\n"))
    });
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    GameState::new(Arc::new(loaded.scenario), &mut rng_from_seed(0))
}

// ----- key models (P28, P29) -------------------------------------------------------------

/// The Unfriendly Fire position of `tests/it/cards.rs`: the Humans draw the Event at the
/// end of the Round and it strikes c4 (the 3x3 block b3-d5). `key` makes the models it
/// names key models before the game starts.
fn artillery(models: &[Place], key: &[(u8, EndsGame)]) -> GameState {
    let mut s = (*small_scenario(&[], models)).clone();
    for (n, ends) in key {
        s.models[usize::from(*n - 1)].ends_game = *ends;
    }
    let s = with_cards(&Arc::new(s), 2);
    let mut g = game(&s);
    g.edit().clear_hand(H).clear_hand(M).turn(H);
    for i in 2..=models.len() as u8 {
        g.edit().activated(m(i), true);
    }
    g.edit()
        .give(H, card("jammer"), 1)
        .give(M, card("we-come-in-peace"), 2)
        .stack_deck(H, card("unfriendly-fire"));
    g
}

/// The Humans' m1 ends the Round; they keep their hand and draw the Event.
fn draw_the_event(g: &mut GameState, dice: &mut Dice) -> Vec<Event> {
    let mut e = events(g, "activate m1", dice);
    e.extend(events(g, "done", dice));
    assert_eq!(g.phase(), Phase::Refill(H));
    e.extend(events(g, "keep", dice));
    e
}

const DRAW: &[u8] = &[1];

#[test]
fn a_key_model_killed_by_an_event_its_own_side_drew_wins_for_the_side_its_death_names() {
    // P28, P15: the Event the Humans drew kills their own m2, which scores nothing; m2 is
    // the Humans' VIP, whose death wins for the Martians, whatever killed it.
    let vip = EndsGame {
        dies: Some(M),
        exits: None,
    };
    let mut g = artillery(
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "c3"),
            Place(M, "martian", "d4"),
            Place(M, "martian", "h8"),
        ],
        &[(2, vip)],
    );
    let mut dice = Dice::new(&[
        DRAW,
        &[4, 3],          // c4
        &[5, 5, 5, 1, 1], // c3: 3 hits
        &[1, 1, 1],       // m2 saves none: killed
        &[5, 5, 1, 1, 1], // d4: 2 hits
        &[6, 1, 1],       // m3 saves 1, +1 armour: Rattled
    ]);
    let e = draw_the_event(&mut g, &mut dice);
    assert!(e.contains(&Event::Killed {
        model: m(2),
        by: H,
        vp: 0
    }));
    assert_eq!(g.outcome(), Some(Outcome::Win(M, WinReason::KeyModelDied)));
    assert_eq!((g.vp(H), g.vp(M)), (0, 0), "no VP for anyone (P15)");
    // The game ended at the death: no replacement card is drawn.
    assert!(dice.is_empty());
    assert!(g.check_invariants().is_ok());
    // The same blast without the key: nobody wins, the Round goes on to the refill.
    let mut g = artillery(
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "c3"),
            Place(M, "martian", "d4"),
            Place(M, "martian", "h8"),
        ],
        &[],
    );
    let mut dice = Dice::new(&[
        DRAW,
        &[4, 3],
        &[5, 5, 5, 1, 1],
        &[1, 1, 1],
        &[5, 5, 1, 1, 1],
        &[6, 1, 1],
        DRAW,
    ]);
    draw_the_event(&mut g, &mut dice);
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_key_model_killed_with_the_last_enemy_decides_first() {
    // P29: one blast kills both Humans (a wipe-out, R25, taken in model order first) and
    // the Martians' key model m3, whose death wins for the Humans: the key model's death
    // is taken first and decides.
    let vip = EndsGame {
        dies: Some(H),
        exits: None,
    };
    let models = [
        Place(H, "soldier", "b3"),
        Place(H, "soldier", "c3"),
        Place(M, "martian", "d4"),
        Place(M, "martian", "h8"),
    ];
    let dice = || {
        Dice::new(&[
            DRAW,
            &[4, 3],          // c4
            &[5, 5, 5, 1, 1], // b3: 3 hits
            &[1, 1, 1],       // m1 killed
            &[5, 5, 5, 1, 1], // c3: 3 hits
            &[1, 1, 1],       // m2 killed
            &[5, 5, 5, 1, 1], // d4: 3 hits
            &[1, 1, 1],       // m3: 0 + 1 armour < 3: killed
        ])
    };
    let mut g = artillery(&models, &[(3, vip)]);
    let mut d = dice();
    let e = draw_the_event(&mut g, &mut d);
    assert_eq!(g.outcome(), Some(Outcome::Win(H, WinReason::KeyModelDied)));
    let killed: Vec<_> = e
        .iter()
        .filter_map(|x| match x {
            Event::Killed { model, .. } => Some(*model),
            _ => None,
        })
        .collect();
    assert_eq!(
        killed,
        [m(3)],
        "the key model first, and the game ends there"
    );
    // Without the key, the same blast is a wipe-out of the Humans, in model order.
    let mut g = artillery(&models, &[]);
    let mut d = dice();
    draw_the_event(&mut g, &mut d);
    assert_eq!(g.outcome(), Some(Outcome::Win(M, WinReason::WipeOut)));
}

/// A VIP (m1) that wins for the Humans by leaving and for the Martians by dying, a Soldier
/// held on the board (m2) and a free one (m3), all on the north edge where the Humans
/// leave; a Martian (m4) far off.
const ESCAPE: &str = r#"name = "Escape"
first_turn = "humans"
deck = "none"
hand_size = 0

[map]
walls = []

[humans]
models = [
  { profile = "soldier", start = "d8", vp_exit = 1, ends_game = { dies = "martians", exits = "humans" } },
  { profile = "soldier", start = "e8", may_exit = false },
  { profile = "soldier", start = "f8" },
]
exit = "north"
vp = { exit = 2, shoot_kill = 1, fight_kill = 2 }

[martians]
models = [{ profile = "martian", start = "a1" }]
vp = { shoot_kill = 1, fight_kill = 2 }
"#;

#[test]
fn a_key_model_leaving_by_its_exit_wins_at_once() {
    let mut g = start(ESCAPE);
    play(&mut g, &["activate m1", "exit north"]);
    assert_eq!(g.outcome(), Some(Outcome::Win(H, WinReason::KeyModelLeft)));
    // Its exit VP are scored all the same, far from the target of 8.
    assert_eq!(g.vp_from(H, VpSource::Exit), 1);
}

#[test]
fn the_exit_is_offered_only_to_the_models_that_may_take_it() {
    // P30: m2 may not leave; m3 may, and scores the side's 2 VP.
    let mut g = start(ESCAPE);
    play(&mut g, &["activate m2"]);
    assert!(
        !legal(&g).contains(&"exit north".to_string()),
        "{:?}",
        legal(&g)
    );
    let before = g.clone();
    let refused = g
        .play("exit north".parse().unwrap(), &mut rng_from_seed(0))
        .unwrap_err();
    assert!(
        refused.reason().starts_with(
            "m2 may not leave the board: in this scenario only some models may leave by \
             the north edge, and m2 must stay (P30); humans to decide, legal now: move d7"
        ),
        "{}",
        refused.reason()
    );
    assert_eq!(g, before, "refused, nothing changed");
    play(&mut g, &["done", "activate m3"]);
    assert!(legal(&g).contains(&"exit north".to_string()));
    play(&mut g, &["exit north"]);
    assert_eq!((g.vp(H), g.outcome()), (2, None));
}

// ----- hold zones in some Rounds, and Rounds running (P31) ------------------------------

/// A Soldier (m1) on d4, a Martian (m2) on h8; `hold` is the Humans' hold list.
fn holds(hold: &str) -> String {
    format!(
        r#"name = "Hill"
first_turn = "humans"
deck = "none"
hand_size = 0
round_limit = 8

[map]
walls = []

[humans]
models = [{{ profile = "soldier", start = "d4" }}]
hold = {hold}

[martians]
models = [{{ profile = "martian", start = "h8" }}]
hold = [{{ zone = "h8", vp = 0, win_after = 1 }}]
"#
    )
}

/// Plays the Round out, each model doing nothing; returns the events.
fn end_the_round(g: &mut GameState) -> Vec<Event> {
    end_the_round_with(g, &mut rng_from_seed(0))
}

#[test]
fn a_zone_scores_only_from_its_first_to_its_last_round() {
    // The Martians' h8 zone would win at once: the Martian stands off it.
    let text = holds(r#"[{ zone = "d4-e5", vp = 1, from = 2, until = 3 }]"#);
    let mut g = start(&text);
    g.edit().place(m(2), sq("g8"));
    let mut vp = Vec::new();
    for _ in 0..4 {
        end_the_round(&mut g);
        vp.push(g.vp(H));
    }
    // Held alone at the end of Rounds 1-4; it counts at the end of Rounds 2 and 3 only.
    assert_eq!(vp, [0, 1, 2, 2]);
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_zone_held_alone_rounds_running_wins_and_a_break_starts_the_count_again() {
    let text = holds(r#"[{ zone = "d4-e5", vp = 0, win_after = 2 }]"#);
    let mut g = start(&text);
    g.edit().place(m(2), sq("g8"));
    // Round 1: held (1 of 2).
    end_the_round(&mut g);
    assert_eq!(g.hold_running(H, 0), Some(1));
    // Round 2: the Martian contests it: the run is broken, and the log says so.
    g.edit().place(m(2), sq("e5"));
    let e = end_the_round(&mut g);
    assert_eq!(g.hold_running(H, 0), Some(0));
    assert!(e.contains(&Event::HoldRunning {
        side: H,
        zone: common::squares(&["d4", "e4", "d5", "e5"]),
        rounds: 0,
        needed: 2,
    }));
    // Rounds 3 and 4: held alone again; the second wins at once.
    g.edit().place(m(2), sq("g8"));
    end_the_round(&mut g);
    assert_eq!((g.hold_running(H, 0), g.outcome()), (Some(1), None));
    end_the_round(&mut g);
    assert_eq!(g.outcome(), Some(Outcome::Win(H, WinReason::HeldZone)));
    assert_eq!(g.round(), 4);
}

#[test]
fn both_sides_completing_a_run_at_once_is_decided_by_vp() {
    // The Humans' zone and the Martians' h8 both win after 1 Round, held at the end of
    // Round 1 by each: more VP wins, equal VP is a draw (P31).
    let text = holds(r#"[{ zone = "d4-e5", vp = 0, win_after = 1 }]"#);
    let mut g = start(&text);
    end_the_round(&mut g);
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    let mut g = start(&text);
    g.edit().vp(M, 1);
    end_the_round(&mut g);
    assert_eq!(g.outcome(), Some(Outcome::Win(M, WinReason::HeldZone)));
}

// ----- entries on part of an edge and drawn at random (P32, P33) -----------------------

#[test]
fn a_partial_entry_offers_only_its_squares() {
    let text = r#"name = "Flank"
first_turn = "humans"
deck = "none"
hand_size = 0

[map]
walls = []

[humans]
models = [{ profile = "soldier", start = "enter" }]
entry = { squares = "b1-d1" }

[martians]
models = [{ profile = "martian", start = "h8" }]
"#;
    let mut g = start(text);
    play(&mut g, &["activate m1"]);
    assert_eq!(legal(&g), ["move b1", "move c1", "move d1"]);
    let refused = g
        .play("move e1".parse().unwrap(), &mut rng_from_seed(0))
        .unwrap_err();
    assert_eq!(
        refused.reason(),
        "m1 may come onto the board only at b1-d1, and e1 is not there (P32); humans to \
         decide, legal now: move b1, move c1, move d1"
    );
    play(&mut g, &["move c1"]);
    assert_eq!(g.model(m(1)).square(), Some(sq("c1")));
}

/// The Martians' two models come on by an edge and a Round drawn at random.
const DRAWN: &str = r#"name = "Reinforcements"
first_turn = "humans"
deck = "none"
hand_size = 0
round_limit = 6

[map]
walls = []

[humans]
models = [{ profile = "soldier", start = "d4" }]

[martians]
models = [{ profile = "martian", count = 2, start = "enter" }]
entry = { edges = ["east", "west"], rounds = [2, 3] }
"#;

#[test]
fn a_drawn_arrival_is_unknown_until_its_first_round_and_replays_from_the_seed() {
    let scenario = Arc::new(parse_scenario("drawn.toml", DRAWN).unwrap().scenario);
    // A game and its one generator, set-up and dice alike (R26).
    let new_game = |seed: u64| {
        let mut rng = rng_from_seed(seed);
        (GameState::new(scenario.clone(), &mut rng), rng)
    };
    let mut seen = std::collections::BTreeMap::new();
    for seed in 0..64 {
        let (mut g, mut rng) = new_game(seed);
        // Nothing is drawn in Round 1: nobody knows, and the state holds nothing of it
        // (a game of any seed is the same position as one of seed 0).
        let a = g.arrival(M, 0).unwrap();
        assert_eq!((a.round, a.edge), (None, None));
        assert_eq!(
            a.squares,
            Edge::East.board_squares() | Edge::West.board_squares()
        );
        assert_eq!(g, new_game(0).0);
        assert_eq!(g.arrivals_drawn(), 0);
        let e = end_the_round_with(&mut g, &mut rng);
        let a = g.arrival(M, 0).unwrap();
        let (round, edge) = (a.round.unwrap(), a.edge.unwrap());
        assert_eq!(a.squares, edge.board_squares());
        assert!(e.contains(&Event::ArrivalDrawn {
            side: M,
            wave: 0,
            round,
            edge
        }));
        *seen.entry((round, edge)).or_insert(0) += 1;
        // The same seed and decisions draw the same.
        let (mut again, mut rng) = new_game(seed);
        end_the_round_with(&mut again, &mut rng);
        assert_eq!(again, g);
        // Drawn Round 3: in Round 2 they may not come on yet, and say so; drawn Round 2:
        // they come on across the edge drawn only.
        g.edit().turn(M);
        if round == 3 {
            let refused = g
                .play("activate m2".parse().unwrap(), &mut rng_from_seed(0))
                .unwrap_err();
            assert_eq!(
                refused.reason(),
                "m2 enters the board in Round 3; martians to decide, legal now: pass"
            );
        } else {
            play(&mut g, &["activate m2"]);
            let mut moves = Vec::new();
            g.legal_actions(&mut moves);
            assert_eq!(moves.len(), 8, "{moves:?}");
            assert!(moves.iter().all(|x| match x {
                Action::Move(to) => edge.board_squares().contains(*to),
                _ => false,
            }));
        }
    }
    // Every Round and edge is drawn: 4 outcomes, each about a quarter of 64 games.
    assert_eq!(seen.len(), 4, "{seen:?}");
    assert!(seen.values().all(|&n| (6..=26).contains(&n)), "{seen:?}");
}

/// `DRAWN` with the Martians' entry `entry`.
fn drawn_with(entry: &str) -> String {
    DRAWN.replace(
        r#"entry = { edges = ["east", "west"], rounds = [2, 3] }"#,
        entry,
    )
}

#[test]
fn an_announced_draw_is_made_its_rounds_before_the_wave_and_known_from_then_on() {
    // The wave comes in Round 4; its edge is drawn at the start of Round 2 (P33).
    let text = drawn_with(r#"entry = { edges = ["east", "west"], round = 4, announce = 2 }"#);
    for seed in 0..16 {
        let mut g = start(&text);
        let mut rng = rng_from_seed(seed);
        assert_eq!(g.arrival(M, 0).unwrap().edge, None);
        let e = end_the_round_with(&mut g, &mut rng);
        assert_eq!(g.round(), 2);
        let a = g.arrival(M, 0).unwrap();
        let edge = a.edge.expect("drawn at the start of Round 2");
        assert_eq!(a.round, Some(4));
        assert!(e.contains(&Event::ArrivalDrawn {
            side: M,
            wave: 0,
            round: 4,
            edge
        }));
        // Known two Rounds ahead, the wave still comes only in Round 4.
        g.edit().turn(M);
        let refused = g
            .play("activate m2".parse().unwrap(), &mut rng_from_seed(0))
            .unwrap_err();
        assert_eq!(
            refused.reason(),
            "m2 enters the board in Round 4; martians to decide, legal now: pass"
        );
        // Nothing more is drawn when the wave's Round comes.
        let mut rng = rng_from_seed(seed);
        let e = end_the_round_with(&mut g, &mut rng);
        assert!(!e.iter().any(|x| matches!(x, Event::ArrivalDrawn { .. })));
        assert_eq!(g.arrival(M, 0).unwrap().edge, Some(edge));
    }

    // An announcement reaching back to Round 1 draws at set-up, and the file is told so.
    let text = drawn_with(r#"entry = { edges = ["east", "west"], round = 3, announce = 2 }"#);
    let g = start(&text);
    assert!(g.arrival(M, 0).unwrap().edge.is_some());
    let loaded = parse_scenario(
        "early.toml",
        &drawn_with(r#"entry = { edges = ["east", "west"], round = 3, announce = 5 }"#),
    )
    .unwrap();
    let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains(
            "martians.entry.announce: 5 Rounds before Round 3 is before the game starts, so \
             the draw is made at set-up, before anyone deploys; announce = 2 says the same"
        ),
        "{warnings:?}"
    );
    let g = GameState::new(Arc::new(loaded.scenario), &mut rng_from_seed(0));
    assert!(g.arrival(M, 0).unwrap().edge.is_some());
    // An announcement of an entry that draws nothing is a warning.
    let loaded = parse_scenario(
        "fixed.toml",
        &drawn_with(r#"entry = { edge = "east", round = 3, announce = 1 }"#),
    )
    .unwrap();
    let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
    assert!(
        warnings.len() == 1
            && warnings[0].contains("martians.entry.announce: this entry draws neither"),
        "{warnings:?}"
    );
}

// ----- models still to come are on the table (R25) ----------------------------------------

/// Both sides come on later: the Humans across the south edge in Round `humans`, the
/// Martians across the north edge in Round `martians`.
fn both_enter_later(humans: u16, martians: u16) -> String {
    format!(
        r#"name = "Late Arrivals"
first_turn = "humans"
deck = "none"
hand_size = 0

[map]
walls = []

[humans]
models = [{{ profile = "soldier", count = 2, start = "enter" }}]
entry = {{ edge = "south", round = {humans} }}

[martians]
models = [{{ profile = "martian", count = 2, start = "enter" }}]
entry = {{ edge = "north", round = {martians} }}
"#
    )
}

#[test]
fn a_game_whose_models_all_come_later_waits_for_them_instead_of_ending() {
    // R25: models waiting to enter are not off the table. Nobody can act in Round 1, so
    // it ends (R13); in Round 2 both sides come on, the Humans first.
    let mut g = start(&both_enter_later(2, 2));
    assert_eq!(g.outcome(), None, "the game is not over before it starts");
    assert_eq!(g.round(), 2);
    assert_eq!(g.to_move(), Some(H));
    assert_eq!(legal(&g), ["activate m1", "activate m2"]);
    play(&mut g, &["activate m1", "move d1", "done"]);
    assert_eq!(g.model(m(1)).square(), Some(sq("d1")));
    // Apart by a Round: the Humans come on in Round 2 and have it to themselves; the
    // Martians are still to come, so nobody has won.
    let mut g = start(&both_enter_later(2, 3));
    assert_eq!((g.round(), g.to_move(), g.outcome()), (2, Some(H), None));
    play(
        &mut g,
        &[
            "activate m1",
            "move d1",
            "done",
            "activate m2",
            "move e1",
            "done",
        ],
    );
    // R13: the Martians, who could not act in Round 2, ran out first and begin Round 3,
    // coming on.
    assert_eq!(g.outcome(), None);
    assert_eq!((g.round(), g.to_move()), (3, Some(M)));
    assert_eq!(legal(&g), ["activate m3", "activate m4"]);
    // And seeded random games of it are played, never over before a model has acted.
    let scenario = g.scenario().clone();
    for seed in 0..40 {
        let mut decisions = 0;
        let end = rules::sim::random_game(&scenario, seed, 20_000, |_, _, _| {
            decisions += 1;
        });
        assert!(decisions > 4, "seed {seed}: {decisions} decisions");
        assert!(end.outcome.is_some(), "seed {seed}");
    }
}

#[test]
fn a_side_wiped_out_while_the_other_is_still_to_come_loses_by_wipe_out() {
    // R25: the Martians' m3 is still to come (Round 3) when the blast kills the last
    // Humans and the Martian on the board: the Humans have nothing on the table, the
    // Martians a model, so the Martians win by wipe-out; neither a draw nor a wait.
    let mut s = (*small_scenario(
        &[],
        &[
            Place(M, "martian", "d4"),
            Place(H, "soldier", "b3"),
            Place(H, "soldier", "c3"),
            Place(M, "martian", "h8"),
        ],
    ))
    .clone();
    s.models[3].start = rules::scenario::Start::Enter;
    s.sides[M].entry = vec![rules::scenario::Entry::whole_edge(Edge::North, 3)];
    let s = with_cards(&Arc::new(s), 2);
    let mut g = game(&s);
    g.edit().clear_hand(H).clear_hand(M).turn(H);
    g.edit()
        .activated(m(1), true)
        .activated(m(3), true)
        .give(H, card("jammer"), 1)
        .give(M, card("we-come-in-peace"), 2)
        .stack_deck(H, card("unfriendly-fire"));
    let mut dice = Dice::new(&[
        DRAW,
        &[4, 3],          // c4: the block b3-d5
        &[5, 5, 5, 1, 1], // d4: 3 hits
        &[1, 1, 1],       // m1 killed (0 + 1 armour < 3)
        &[5, 5, 5, 1, 1], // b3: 3 hits
        &[1, 1, 1],       // m2 killed
        &[5, 5, 5, 1, 1], // c3: 3 hits
        &[1, 1, 1],       // m3 killed
    ]);
    let mut e = events(&mut g, "activate m2", &mut dice);
    e.extend(events(&mut g, "done", &mut dice));
    assert_eq!(g.phase(), Phase::Refill(H));
    e.extend(events(&mut g, "keep", &mut dice));
    let killed = e
        .iter()
        .filter(|x| matches!(x, Event::Killed { .. }))
        .count();
    assert_eq!(killed, 3, "{e:?}");
    assert_eq!(g.outcome(), Some(Outcome::Win(M, WinReason::WipeOut)));
}
