//! Moves a good player would not make, seen at the table, as positions the search must
//! pass: a Support set called on an empty area, an action ended with a good shot open,
//! Soldiers leaving their walls in a scenario they win by surviving, a Martian stepping
//! into the open only to see, a Sneak that lets the Professor escape left in the hand.

use std::sync::Arc;

use mars_attacks::bot::Skirmish;
use mars_attacks::rules::scenario::Scenario;
use mars_attacks::rules::state::Outcome;
use mars_attacks::rules::{Action, GameState, Side, rng_from_seed};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::bot::{card, card_game, spec};
use super::common::{self, Place, game, small_scenario};

/// A scenario of a test's own, read from its text as the file `file`.
fn scenario(file: &str, text: &str) -> Arc<Scenario> {
    Arc::new(common::parsed(file, text).scenario)
}

/// The actions `spec` chooses in `g`, one search per seed `0..seeds`.
fn choices(g: &GameState, spec_text: &str, seeds: u64) -> Vec<Action> {
    (0..seeds)
        .map(|seed| {
            let mut p = spec(spec_text).build();
            p.choose(
                &Skirmish::new(g.clone()),
                &mut ChaCha8Rng::seed_from_u64(seed),
            )
            .unwrap()
        })
        .collect()
}

/// Seen at the table: a two-card Harassing Fire set (a targeted call, R21) called on an
/// area with no enemy in it, the set thrown away for nothing. With the Martian far off on
/// h8, the search never calls it on an area that does not hold the Martian.
#[test]
fn the_search_never_calls_a_support_set_on_an_empty_area() {
    let mut g = card_game(&[
        Place(Side::Humans, "soldier", "a1"),
        Place(Side::Martians, "martian", "h8"),
    ]);
    g.edit().set(Side::Humans, card("harassing-fire"), 2);
    // Level 2 calls Harassing Fire on a chosen square and the 8 around it.
    let hits = |spot: mars_attacks::rules::Spot| match spot {
        mars_attacks::rules::Spot::Square(s) => mars_attacks::rules::Bitboard::within(s, 1),
        _ => mars_attacks::rules::Bitboard::EMPTY,
    };
    for seed in 0..10 {
        let mut p = spec("mcts:1000").build();
        let a = p
            .choose(
                &Skirmish::new(g.clone()),
                &mut ChaCha8Rng::seed_from_u64(seed),
            )
            .unwrap();
        if let Action::Call(_, spot) = a {
            assert!(
                hits(spot).contains(common::sq("h8")),
                "{a}: {}",
                p.last_report().unwrap()
            );
        }
    }
}

/// Seen at the table: a model ending its action (`done`) while it had a good shot. A
/// Soldier on c3 with a clear shot at the Martian on c6 (4 dice at 5+ against 3 at 6+ and
/// armour: a kill half the time or so) never ends its action without shooting.
#[test]
fn the_search_does_not_end_an_action_with_a_good_shot_open() {
    let mut g = game(&small_scenario(
        &[],
        &[
            Place(Side::Humans, "soldier", "c3"),
            Place(Side::Martians, "martian", "c6"),
        ],
    ));
    g.play("activate m1".parse().unwrap(), &mut rng_from_seed(0))
        .unwrap();
    for a in choices(&g, "mcts:1000", 10) {
        assert_ne!(a, Action::Done, "{a}");
    }
}

/// A scenario of its own: two Soldiers in a walled yard (c3-d4, high walls all round but
/// a low wall at the north side of d4) must survive to the end of Round 4; three Martians
/// wait outside in the open. Seen at the table: Soldiers walking out of their walls to
/// hunt in a scenario they win by surviving. The search keeps them in.
#[test]
fn soldiers_that_win_by_surviving_stay_inside_their_walls() {
    let s = scenario(
        "yard.toml",
        r#"
name = "The yard"
first_turn = "humans"

[map]
walls = [
  { edge = "c3 west", kind = "high" }, { edge = "c4 west", kind = "high" },
  { edge = "d3 east", kind = "high" }, { edge = "d4 east", kind = "high" },
  { edge = "c2 north", kind = "high" }, { edge = "d2 north", kind = "high" },
  { edge = "c4 north", kind = "high" }, { edge = "d4 north", kind = "low" },
]

[humans]
models = [{ profile = "soldier", start = "c3" }, { profile = "soldier", start = "d3" }]
vp = { shoot_kill = 1, fight_kill = 2 }
vp_target = 20
survive_to = 4

[martians]
models = [
  { profile = "martian", start = "b7" },
  { profile = "martian", start = "e7" },
  { profile = "martian", start = "g6" },
]
vp = { shoot_kill = 1, fight_kill = 2 }
vp_target = 20
"#,
    );
    let mut g = game(&s);
    g.play("activate m1".parse().unwrap(), &mut rng_from_seed(0))
        .unwrap();
    let inside = ["c3", "d3", "c4", "d4"].map(common::sq);
    for a in choices(&g, "mcts:1000", 10) {
        if let Action::Move(to) = a {
            assert!(inside.contains(&to), "{a}");
        }
    }
}

/// Seen at the table: a Martian stepping from behind a wall into the open to look at a
/// Soldier it could not otherwise see, and standing there in the sight of three. The
/// Martian on d6 is behind a high wall (north of d5, east-west along row 5's north edge);
/// the three Soldiers on c2, d2 and e2 see d5 in the open. It has no shot from d6 or d5
/// worth the exposure (a Move of 1 and a shot at range 3, partial); it stays behind the
/// wall.
#[test]
fn a_martian_does_not_step_into_the_open_only_to_see() {
    let mut g = game(&small_scenario(
        &[
            (
                "c5",
                mars_attacks::rules::Edge::North,
                mars_attacks::rules::WallKind::High,
            ),
            (
                "d5",
                mars_attacks::rules::Edge::North,
                mars_attacks::rules::WallKind::High,
            ),
            (
                "e5",
                mars_attacks::rules::Edge::North,
                mars_attacks::rules::WallKind::High,
            ),
        ],
        &[
            Place(Side::Humans, "soldier", "c1"),
            Place(Side::Humans, "soldier", "d1"),
            Place(Side::Humans, "soldier", "e1"),
            Place(Side::Martians, "martian", "d6"),
        ],
    ));
    g.edit().turn(Side::Martians);
    g.play("activate m4".parse().unwrap(), &mut rng_from_seed(0))
        .unwrap();
    let open = ["c5", "d5", "e5"].map(common::sq);
    for a in choices(&g, "mcts:1000", 10) {
        if let Action::Move(to) = a {
            assert!(!open.contains(&to), "{a}");
        }
    }
}

/// Seen in a game of Get Them Out: the Professor, whose leaving wins at once, one square
/// too far from the north edge to leave this Turn (a Move of 2 takes him to the edge row,
/// and off the board is a square more, R6), with a Sneak in the Humans' hand. The Sneak's
/// square and then his Move of 2 take him off: the game is won this Turn. There the search
/// found it at 100,000 iterations but not at 1,000, 3,000, 10,000 or 30,000, while a
/// Move-one card scored a tenth of a kill a square of progress whatever the square opened
/// (its prior was 0.0005). With the step scored by what leaving is worth when it lets the
/// model leave this Turn, the search at 1,000 iterations wins here every time.
#[test]
fn the_search_takes_the_escape_a_sneak_opens() {
    let s = scenario(
        "escape.toml",
        r#"
name = "The last mile"
first_turn = "humans"
vp_target = 8

[map]
walls = []

[profiles.professor]
name = "Professor"
shoot = 7
fight = 7
survive = 6
range = 3

[humans]
models = [
  { profile = "soldier", start = "a1", may_exit = false },
  { profile = "professor", start = "d6", ends_game = { dies = "martians", exits = "humans" } },
]
exit = "north"
vp = { exit = 1, shoot_kill = 1, fight_kill = 2 }

[martians]
models = [{ profile = "martian", start = "h6" }, { profile = "martian", start = "g2" }]
vp = { shoot_kill = 1, fight_kill = 2 }
"#,
    );
    let mut start = game(&s);
    start
        .edit()
        .clear_hand(Side::Humans)
        .clear_hand(Side::Martians)
        .give(Side::Humans, card("sneak"), 1)
        .turn(Side::Humans);
    for seed in 0..10 {
        let mut g = Skirmish::new(start.clone()).with_journal(Vec::new());
        let mut p = spec("mcts:1000").build();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut dice = rng_from_seed(seed);
        let mut made = Vec::new();
        while !g.state().is_over() && g.state().to_move() == Some(Side::Humans) {
            let a = p.choose(&g, &mut rng).unwrap();
            made.push(a.to_string());
            ai::Game::apply(&mut g, a, &mut dice);
        }
        assert!(
            matches!(g.state().outcome(), Some(Outcome::Win(Side::Humans, _))),
            "seed {seed}: {}",
            made.join(", ")
        );
    }
}
