//! How arena games decided at once were won (P28, P29, P31): the key model, what killed
//! it (a model's shot, a Fight, a card), in which Round and on which square, or the zone
//! held; in each record and broken down in the summary.

use crate::common;

use std::sync::Arc;

use mars_attacks::arena::ending::{Ending, Killer, ModelRef, ending_of};
use mars_attacks::rules::scenario::EndsGame;
use mars_attacks::rules::{Action, GameState, Side};

use common::{
    Dice, Place, TempDir, card, events, game, m, play, run_cli, small_scenario, with_cards,
};

use Side::{Humans as H, Martians as M};

fn action(text: &str) -> Action {
    text.parse().unwrap()
}

fn model(id: &str, profile: &str) -> ModelRef {
    ModelRef {
        id: id.into(),
        profile: profile.into(),
    }
}

/// A game of `models` in which model `key` (from 1) is a key model whose death wins for
/// `winner`.
fn with_key(models: &[Place], key: usize, winner: Side) -> Arc<mars_attacks::rules::Scenario> {
    let mut s = (*small_scenario(&[], models)).clone();
    s.models[key - 1].ends_game = EndsGame {
        dies: Some(winner),
        exits: None,
    };
    Arc::new(s)
}

#[test]
fn a_key_model_shot_dead_names_the_shooter_the_round_and_the_square() {
    // a1 to a3: a clear shot, 4 dice at 5+ (R13); 3 hits against 1 + 1 armour kills.
    let s = with_key(
        &[
            Place(H, "soldier", "a1"),
            Place(M, "martian", "a3"),
            Place(M, "martian", "h8"),
        ],
        2,
        H,
    );
    let mut g = game(&s);
    play(&mut g, &["activate m1"]);
    let dice = Dice::new(&[&[5, 5, 5, 1], &[6, 1, 1]]);
    assert_eq!(
        ending_of(&g, action("shoot m2"), &dice),
        Some(Ending::KeyModelDied {
            round: 1,
            model: model("m2", "Martian"),
            by: Killer::Shot {
                model: model("m1", "US Army Soldier")
            },
            square: Some("a3".into()),
        })
    );
    // Two hits against 1 + 1: Rattled, not dead: the game goes on, nothing ended it.
    let dice = Dice::new(&[&[5, 5, 1, 1], &[6, 1, 1]]);
    assert_eq!(ending_of(&g, action("shoot m2"), &dice), None);
}

#[test]
fn a_key_model_killed_in_a_fight_names_the_winner_of_the_fight_and_its_square() {
    // The Soldier charges d4 (R7): 3 + 1 charge dice at 4+ against the Martian's 3 at 5+.
    let s = with_key(
        &[
            Place(H, "soldier", "c3"),
            Place(M, "martian", "d4"),
            Place(M, "martian", "h8"),
        ],
        2,
        H,
    );
    let mut g = game(&s);
    play(&mut g, &["activate m1", "move d4"]);
    if g.to_move() == Some(H) {
        play(&mut g, &["fight m2"]);
    }
    let dice = Dice::new(&[&[4, 4, 4, 1], &[5, 1, 1]]);
    assert_eq!(
        ending_of(&g, action("defend fight"), &dice),
        Some(Ending::KeyModelDied {
            round: 1,
            model: model("m2", "Martian"),
            by: Killer::Fight {
                model: model("m1", "US Army Soldier")
            },
            square: Some("d4".into()),
        })
    );
}

/// The Unfriendly Fire position of `rules/tests/it/victory.rs`: the Humans draw the Event
/// at the end of the Round and it strikes c4, killing their own key model m2 on c3.
fn artillery() -> GameState {
    let s = with_key(
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "c3"),
            Place(M, "martian", "d4"),
            Place(M, "martian", "h8"),
        ],
        2,
        M,
    );
    let s = with_cards(&s, 2);
    let mut g = game(&s);
    g.edit().clear_hand(H).clear_hand(M).turn(H);
    for i in 2..=4 {
        g.edit().activated(m(i), true);
    }
    g.edit()
        .give(H, card("jammer"), 1)
        .give(M, card("we-come-in-peace"), 2)
        .stack_deck(H, card("unfriendly-fire"));
    g
}

#[test]
fn a_key_model_killed_by_a_card_names_the_card() {
    let mut g = artillery();
    let mut dice = Dice::new(&[
        &[1],             // the Event drawn
        &[4, 3],          // c4
        &[5, 5, 5, 1, 1], // c3: 3 hits
        &[1, 1, 1],       // m2 saves none: killed
        &[5, 5, 1, 1, 1], // d4: 2 hits
        &[6, 1, 1],       // m3 saves 1, +1 armour: Rattled
    ]);
    events(&mut g, "activate m1", &mut dice);
    events(&mut g, "done", &mut dice);
    assert_eq!(
        ending_of(&g, action("keep"), &dice),
        Some(Ending::KeyModelDied {
            round: 1,
            model: model("m2", "US Army Soldier"),
            by: Killer::Card {
                card: "unfriendly-fire".into()
            },
            square: Some("c3".into()),
        })
    );
}

/// The Humans' two Soldiers stand on d4, the zone that wins held at the end of one Round,
/// walled in on every side so that no step leaves it (R4); the one Martian comes on in
/// Round 2: in Round 1 nobody contests the zone.
const HOLD_D4: &str = r#"name = "Hold D4"
first_turn = "humans"
round_limit = 3
deck = "none"
hand_size = 0

[map]
walls = [
  { edge = "d4 north", kind = "high" },
  { edge = "d4 east", kind = "high" },
  { edge = "d4 south", kind = "high" },
  { edge = "d4 west", kind = "high" },
]

[humans]
models = [{ profile = "soldier", count = 2, start = "d4" }]
hold = [{ zone = "d4", vp = 0, win_after = 1 }]

[martians]
models = [{ profile = "martian", start = "enter" }]
entry = { edge = "north", round = 2 }
"#;

#[test]
fn the_arena_summary_breaks_down_how_the_games_were_won() {
    let dir = TempDir::new("endings");
    let file = dir.0.join("hold.toml");
    std::fs::write(&file, HOLD_D4).unwrap();
    let out = dir.0.join("hold.jsonl");
    let (code, text, err) = run_cli(&[
        "arena",
        "--scenario",
        file.to_str().unwrap(),
        "--players",
        "greedy",
        "random",
        "--games",
        "6",
        "--seed",
        "5",
        "--jobs",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // Every game, seats swapped (6), is won by the Humans holding d4 at the end of Round 1.
    assert!(
        text.contains(
            "    zone held (6 games): held by the humans for a Round: 6; in Round 1: 6; \
             holding d4: 6"
        ),
        "{text}"
    );
    let records = mars_attacks::arena::record::read_records(&out)
        .unwrap()
        .records;
    assert_eq!(records.len(), 6);
    for r in &records {
        assert_eq!(
            r.ending,
            Some(Ending::HeldZone {
                round: 1,
                side: H,
                zone: "d4".into(),
                rounds: 1
            }),
            "{}",
            r.id
        );
    }
    // The report reads the same from the file.
    let (code, report, err) = run_cli(&["report", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(report.contains("zone held (6 games): held by the humans for a Round: 6"));
}
