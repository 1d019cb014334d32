//! What the AI makes of the victory conditions a scenario writes as data (P28-P31): it
//! keeps a key model whose death would lose out of the shots it can avoid, does not walk
//! models held on the board towards the exit, plays for a zone that wins when held, and
//! leaves a zone whose Rounds are over.

use std::sync::Arc;

use ai::{Budget, IsMcts, Player};
use mars_attacks::bot::Skirmish;
use mars_attacks::bot::eval::fitted::SHIPPED;
use mars_attacks::bot::spec::search_config;
use mars_attacks::rules::{Action, GameState, Side, rng_from_seed};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::common::{m, play, sq};

use Side::Martians as M;

/// A game of `text`, which must load without warnings.
fn start(text: &str) -> GameState {
    start_warned(text, &[])
}

/// A game of `text`, which must load with the warnings that contain `expected`, in order,
/// and no others.
fn start_warned(text: &str, expected: &[&str]) -> GameState {
    let loaded = crate::common::parsed("victory.toml", text);
    assert_eq!(
        loaded.warnings.len(),
        expected.len(),
        "{:?}",
        loaded.warnings
    );
    for (w, e) in loaded.warnings.iter().zip(expected) {
        assert!(w.message.contains(e), "{w:?} does not say {e:?}");
    }
    GameState::new(Arc::new(loaded.scenario), &mut rng_from_seed(0))
}

// ----- the AI keeps its key model out of a shot -------------------------------------------

/// Professor Kessler (m1, range 3: nothing to shoot) on d4, and a Martian (m2, range 4) on
/// h4, four squares east with a clear shot. A Soldier (m3) far off on a8. `key` makes the
/// Professor a key model whose death wins for the Martians.
fn professor(key: bool) -> String {
    let ends = if key {
        r#", ends_game = { dies = "martians" }"#
    } else {
        ""
    };
    format!(
        r#"name = "Professor"
first_turn = "humans"
deck = "none"
hand_size = 0

[map]
walls = []

[profiles.professor]
name = "Professor Kessler"
shoot = 7
fight = 7
survive = 6
range = 3

[humans]
models = [
  {{ profile = "professor", start = "d4"{ends} }},
  {{ profile = "soldier", start = "a8" }},
]
vp = {{ shoot_kill = 1, fight_kill = 2 }}

[martians]
models = [{{ profile = "martian", start = "h4" }}]
vp = {{ shoot_kill = 1, fight_kill = 2 }}
"#
    )
}

/// The Humans' chance to win by the shipped evaluation with the Professor on `at`, his
/// action over, the Martians to move.
fn value_with_professor_on(key: bool, at: &str) -> f64 {
    let mut g = start(&professor(key));
    g.edit().place(m(1), sq(at)).activated(m(1), true).turn(M);
    SHIPPED.weights.value_for_humans(&g)
}

#[test]
fn the_ai_keeps_its_key_model_out_of_a_shot_it_can_avoid() {
    // Out of the Martian's range on c4 (5 squares) against in it on d4 (4 squares, R8).
    let key_gain = value_with_professor_on(true, "c4") - value_with_professor_on(true, "d4");
    let plain_gain = value_with_professor_on(false, "c4") - value_with_professor_on(false, "d4");
    assert!(plain_gain > 0.0, "{plain_gain}");
    // His death would lose the game, not a VP: stepping out of the shot is worth far more.
    assert!(key_gain > 3.0 * plain_gain, "{key_gain} vs {plain_gain}");
    // The search, with him activated, steps out of range (column c), not staying or moving
    // closer.
    let mut g = start(&professor(true));
    play(&mut g, &["activate m1"]);
    let game = Skirmish::new(g);
    let mut player = IsMcts::<Skirmish>::new(search_config(Budget::Iterations(1000)));
    let a = player
        .choose(&game, &mut ChaCha8Rng::seed_from_u64(3))
        .unwrap();
    match a {
        Action::Move(to) => assert_eq!(to.col(), 2, "{a}"),
        other => panic!("the Professor should step out of range, not {other}"),
    }
}

/// A Soldier (m1) on d6 acting, the Humans' exit the north edge worth 2 VP a model; a
/// Martian (m2) on h1, out of sight behind the high walls along the north of e2-h2 (the
/// last Martian: a kill would win by wipe-out, R25). `held` holds the Soldier on the board.
fn walker(held: bool) -> GameState {
    let may = if held { ", may_exit = false" } else { "" };
    let mut g = start(&format!(
        r#"name = "Walk"
first_turn = "humans"
deck = "none"
hand_size = 0

[map]
walls = [{{ edge = "e2-h2 north", kind = "high" }}]

[humans]
models = [
  {{ profile = "soldier", start = "d6"{may} }},
  {{ profile = "soldier", start = "a3" }},
]
exit = "north"
vp = {{ exit = 2 }}

[martians]
models = [{{ profile = "martian", start = "h1" }}]
"#
    ));
    play(&mut g, &["activate m1"]);
    g
}

/// The square greedy steps the acting Soldier to.
fn greedy_step(g: &GameState) -> mars_attacks::rules::Square {
    let mut player = "greedy"
        .parse::<mars_attacks::bot::PlayerSpec>()
        .unwrap()
        .build();
    let game = Skirmish::new(g.clone());
    match player.choose(&game, &mut ChaCha8Rng::seed_from_u64(1)) {
        Some(Action::Move(to)) => to,
        other => panic!("greedy should step, not {other:?}"),
    }
}

#[test]
fn a_model_held_on_the_board_is_not_walked_towards_the_exit() {
    // P30: a Soldier free to leave heads for the north edge; one held there goes for its
    // other goals (the Martian to the south-east).
    assert_eq!(greedy_step(&walker(false)).row(), 6, "to row 7");
    let held = greedy_step(&walker(true));
    assert!(held.row() < 5, "the held Soldier went to {held}");
    // Nor does the evaluation count the exit for it.
    let terms = |g: &GameState| mars_attacks::bot::eval::terms::side_terms(g, Side::Humans);
    let (free, held) = (terms(&walker(false)), terms(&walker(true)));
    assert!(free.exits > 0.0);
    assert!(
        held.exits < free.exits,
        "only the other Soldier's exit counts"
    );
    assert_eq!(
        held.exits,
        terms(&{
            let mut g = walker(true);
            g.edit().kill(m(1));
            g
        })
        .exits
    );
}

/// A Soldier (m1) on `at`, the Humans' zone `zone` (a1-b2), a Martian far off on h8 (out of
/// every range from a1 to d1, R8).
fn hill(zone: &str, at: &str) -> f64 {
    let mut g = start(&format!(
        r#"name = "Hill"
first_turn = "humans"
deck = "none"
hand_size = 0
round_limit = 8

[map]
walls = []

[humans]
models = [{{ profile = "soldier", start = "a1" }}]
hold = [{zone}]
vp = {{ shoot_kill = 1, fight_kill = 2 }}

[martians]
models = [{{ profile = "martian", start = "h8" }}]
vp = {{ shoot_kill = 1, fight_kill = 2 }}
"#
    ));
    g.edit().place(m(1), sq(at)).activated(m(1), true).turn(M);
    SHIPPED.weights.value_for_humans(&g)
}

#[test]
fn a_zone_that_wins_when_held_is_worth_more_than_its_vp() {
    // P31: holding a zone that wins after 2 Rounds running is half a win; one worth a VP a
    // Round is a VP.
    let gain = |zone: &str| hill(zone, "a1") - hill(zone, "d1");
    let vp_only = gain(r#"{ zone = "a1-b2", vp = 1 }"#);
    let wins = gain(r#"{ zone = "a1-b2", vp = 0, win_after = 2 }"#);
    assert!(vp_only > 0.0, "{vp_only}");
    assert!(wins > 2.0 * vp_only, "{wins} vs {vp_only}");
}

/// A Soldier (m1) that has stepped from d2 to d3 in Round `round`, the Humans' zone a1-b1
/// worth a VP a Round until the end of Round 2, and a Martian on a8 behind a high wall
/// along the north of a5-g5, out of sight: the way to it is round by h5.
fn late_for_the_hill(round: u16) -> GameState {
    let mut g = start(
        r#"name = "Hill until Round 2"
first_turn = "humans"
deck = "none"
hand_size = 0
round_limit = 8

[map]
walls = [{ edge = "a5-g5 north", kind = "high" }]

[humans]
models = [{ profile = "soldier", start = "d2" }]
hold = [{ zone = "a1-b1", vp = 1, until = 2 }]

[martians]
models = [{ profile = "martian", start = "a8" }]
"#,
    );
    g.edit().round(round);
    play(&mut g, &["activate m1", "move d3"]);
    g
}

#[test]
fn a_zone_whose_rounds_are_over_is_no_goal() {
    // P31: the zone counts at the end of Rounds 1 and 2 only. While it counts, the
    // Soldier's second step takes it towards the zone (c2, the one step that gains on
    // b1); in Round 3 it heads for the Martian instead, round the wall.
    let goals =
        |round| mars_attacks::bot::eval::hold_squares(&late_for_the_hill(round), Side::Humans);
    assert_eq!(goals(2), crate::common::squares(&["a1", "b1"]));
    assert!(goals(3).is_empty(), "{:?}", goals(3));
    assert_eq!(greedy_step(&late_for_the_hill(2)), sq("c2"));
    let g = late_for_the_hill(3);
    let to_martian = |at| g.map().distance(sq(at), sq("a8")).unwrap();
    let step = greedy_step(&g);
    assert!(
        g.map().distance(step, sq("a8")).unwrap() < to_martian("d3"),
        "the Soldier stepped to {step}"
    );
}

/// The target greedy's Martian (m3, on d6) shoots: m1 on d2 has a clear shot at four
/// squares, m2 on h6 only a partial one past the low wall on f6's east side (R9: 3 dice
/// against 4). `key` makes m2 the Humans' VIP, whose death wins for the Martians.
fn hunted(key: bool) -> mars_attacks::rules::ModelId {
    let ends = if key {
        r#", ends_game = { dies = "martians" }"#
    } else {
        ""
    };
    // The VIP in the Martian's shot on the game's first Turn is the trap `validate` warns
    // of, and here the point of the position.
    let trap: &[&str] = if key {
        &[
            "a key model whose death wins for the martians starts at h6 where a martians model \
           can shoot or charge it on their first Turn",
        ]
    } else {
        &[]
    };
    let mut g = start_warned(
        &format!(
            r#"name = "Hunt"
first_turn = "martians"
deck = "none"
hand_size = 0

[map]
walls = [{{ edge = "f6 east", kind = "low" }}]

[humans]
models = [
  {{ profile = "soldier", start = "d2" }},
  {{ profile = "soldier", start = "h6"{ends} }},
]
vp = {{ shoot_kill = 1, fight_kill = 2 }}

[martians]
models = [{{ profile = "martian", start = "d6" }}]
vp = {{ shoot_kill = 1, fight_kill = 2 }}
"#
        ),
        trap,
    );
    play(&mut g, &["activate m3"]);
    let mut player = "greedy"
        .parse::<mars_attacks::bot::PlayerSpec>()
        .unwrap()
        .build();
    let mut choose = |g: &GameState| {
        player
            .choose(&Skirmish::new(g.clone()), &mut ChaCha8Rng::seed_from_u64(1))
            .unwrap()
    };
    // Aiming first is the same choice: the aimed shot's target counts.
    match choose(&g) {
        Action::Shoot(t) => t,
        Action::Aim => {
            play(&mut g, &["aim"]);
            match choose(&g) {
                Action::Shoot(t) => t,
                other => panic!("after Aiming the Martian should shoot, not {other}"),
            }
        }
        other => panic!("the Martian should shoot, not {other}"),
    }
}

#[test]
fn the_ai_shoots_the_enemy_key_model_before_an_easier_ordinary_one() {
    // P28: an ordinary Soldier behind the low wall is the worse shot; the VIP there is worth
    // the game.
    assert_eq!(hunted(false), m(1));
    assert_eq!(hunted(true), m(2));
}

// ----- a key model's way out ----------------------------------------------------------------

/// The Professor (m1), a key model whose leaving wins (P28), on d4, four squares south of
/// the north edge he may leave by: five steps take him off (R6). Round 4 is the last. A
/// Soldier (m2) held on the board waits on the edge, at a8.
fn runaway() -> GameState {
    start(
        r#"
name = "Runaway"
first_turn = "humans"
vp_target = 8
round_limit = 4

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
  { profile = "professor", start = "d4", ends_game = { dies = "martians", exits = "humans" } },
  { profile = "soldier", start = "a8", may_exit = false },
]
exit = "north"
vp = { exit = 1, shoot_kill = 1, fight_kill = 2 }

[martians]
models = [{ profile = "martian", start = "h1" }]
vp = { shoot_kill = 1, fight_kill = 2 }
"#,
    )
}

/// The Professor's way out counts the steps he has left before the game ends: 2 in each
/// activation (1 after Standing Up), one a Round, and a square for each Sneak in hand;
/// halved for each step he lacks of the five he needs. It is worth a win to the Humans,
/// the 8 VP they lack; the Soldier held on the board adds nothing (P30).
#[test]
fn a_key_models_way_out_counts_the_steps_left_in_the_game() {
    use mars_attacks::bot::eval::terms::side_terms;
    let escape_reach = |g: &GameState, side| side_terms(g, side).escape;
    let professor = m(1);
    let mut g = runaway();
    g.edit().clear_hand(Side::Humans).clear_hand(M);
    // Round 1, yet to act: 2 + 2 x 3 = 8 steps, enough.
    assert_eq!(escape_reach(&g, Side::Humans), 8.0);
    // The Martians have no exit.
    assert_eq!(escape_reach(&g, M), 0.0);
    // Round 3, yet to act: 2 + 2 = 4 steps, one short.
    g.edit().round(3);
    assert_eq!(escape_reach(&g, Side::Humans), 4.0);
    // A Sneak in hand is the fifth step.
    let mut sneaky = g.clone();
    sneaky
        .edit()
        .give(Side::Humans, crate::common::card("sneak"), 1);
    assert_eq!(escape_reach(&sneaky, Side::Humans), 8.0);
    // Having acted this Round: 2 steps, three short.
    g.edit().activated(professor, true);
    assert_eq!(escape_reach(&g, Side::Humans), 1.0);
    // Round 4, Rattled and yet to act: Standing Up leaves 1 step, four short.
    g.edit()
        .round(4)
        .activated(professor, false)
        .rattled(professor, true);
    assert_eq!(escape_reach(&g, Side::Humans), 0.5);
    // On the edge (d8), one step takes him off.
    g.edit().place(professor, sq("d8"));
    assert_eq!(escape_reach(&g, Side::Humans), 8.0);
}

// ----- a kill that scores no VP -------------------------------------------------------------

/// Two Soldiers (m1 on d2, m2 on a1) who score only by leaving north (4 VP each, target 7),
/// against three Martians (m3 on d5, m4 on h8, m5 on a8) who score their kills.
fn run_for_it() -> GameState {
    start(
        r#"
name = "Run for It"
first_turn = "humans"
deck = "none"
hand_size = 0
vp_target = 7

[map]
walls = []

[humans]
models = [
  { profile = "soldier", start = "d2" },
  { profile = "soldier", start = "a1" },
]
exit = "north"
vp = { exit = 4, shoot_kill = 0, fight_kill = 0 }

[martians]
models = [
  { profile = "martian", start = "d5" },
  { profile = "martian", start = "h8" },
  { profile = "martian", start = "a8" },
]
vp = { shoot_kill = 1, fight_kill = 2 }
"#,
    )
}

/// R25: a side also wins by wiping the other out. Where a kill scores the Humans no VP it
/// is worth its share of that win: the VP they lack of their target over the Martians left.
#[test]
fn a_kill_that_scores_no_vp_is_worth_its_share_of_a_wipe_out() {
    use mars_attacks::bot::eval::{wipe_share, worth};
    let mut g = run_for_it();
    for fight in [false, true] {
        // 7 VP lacking, three Martians: 7/3 each.
        assert_eq!(worth(&g, m(3), fight), 7.0 / 3.0);
    }
    // The Martians' kills score VP, and that is their worth: 1 by Shoot, 2 in a Fight.
    assert_eq!(worth(&g, m(1), false), 1.0);
    assert_eq!(worth(&g, m(1), true), 2.0);
    // One Martian down: the two left share the 7 VP.
    g.edit().kill(m(5));
    assert_eq!(worth(&g, m(3), false), 7.0 / 2.0);
    // One Soldier away (4 VP): 3 VP lacking over the two Martians.
    g.edit().vp(Side::Humans, 4);
    assert_eq!(wipe_share(&g, M), 3.0 / 2.0);
    assert_eq!(worth(&g, m(4), false), 3.0 / 2.0);
}
