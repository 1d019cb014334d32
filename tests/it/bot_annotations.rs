//! Annotated legal actions (protocol version 2, `"annotate": true`): each annotation is
//! checked against numbers derived from the rules here, not from the engine's odds: an
//! exploding D8's closed form convolved (R14), the dice of R15 and R16 counted by hand,
//! the squares of an area attack counted over the aim's die (R1, P14).

use crate::common::*;

use mars_attacks::bot::exec::message::{self, Asked};
use mars_attacks::rules::cards::{Effect, Roll, Whose};
use mars_attacks::rules::state::{CounterKind, Event, Phase};
use mars_attacks::rules::{Edge, GameState, Los, Side, WallKind};
use serde_json::Value;

use Side::{Humans as H, Martians as M};

/// P(k successes) of `dice` D8 at `value`+ (R14): one die is `(v-1)/8` for none and
/// `(1/8)^k (v-1)/8 + (1/8)^(k-1) (8-v)/8` for `k`, and the dice are convolved.
fn successes(dice: u8, value: u8) -> Vec<f64> {
    const TOP: usize = 90;
    let v = f64::from(value);
    let one: Vec<f64> = (0..TOP)
        .map(|k| {
            if k == 0 {
                (v - 1.0) / 8.0
            } else {
                0.125f64.powi(k as i32) * (v - 1.0) / 8.0
                    + 0.125f64.powi(k as i32 - 1) * (8.0 - v) / 8.0
            }
        })
        .collect();
    let mut dist = vec![1.0];
    for _ in 0..dice {
        let mut next = vec![0.0; TOP];
        for (i, p) in dist.iter().enumerate() {
            for (j, q) in one.iter().enumerate() {
                if i + j < TOP {
                    next[i + j] += p * q;
                }
            }
        }
        dist = next;
    }
    dist
}

/// A Shoot test's (kill, Rattled, miss): the shot beats Survive plus armour, beats Survive
/// alone, or not (R15).
fn shoot(dice: u8, value: u8, survive_dice: u8, survive: u8, armour: usize) -> [f64; 3] {
    let (a, d) = (successes(dice, value), successes(survive_dice, survive));
    let mut out = [0.0; 3];
    for (k, pa) in a.iter().enumerate() {
        for (s, pd) in d.iter().enumerate() {
            let i = if k > s + armour {
                0
            } else if k > s {
                1
            } else {
                2
            };
            out[i] += pa * pd;
        }
    }
    out
}

/// A Fight's (attacker wins, defender wins, no kill): more successes win; a defender that
/// Survives never wins (R16).
fn fight(dice: u8, value: u8, def_dice: u8, defend: u8, fights: bool) -> [f64; 3] {
    let (a, d) = (successes(dice, value), successes(def_dice, defend));
    let mut out = [0.0; 3];
    for (k, pa) in a.iter().enumerate() {
        for (s, pd) in d.iter().enumerate() {
            let i = if k > s {
                0
            } else if k < s && fights {
                1
            } else {
                2
            };
            out[i] += pa * pd;
        }
    }
    out
}

fn close(got: &Value, want: f64, what: &str) {
    let got = got
        .as_f64()
        .unwrap_or_else(|| panic!("{what}: {got} is not a number"));
    assert!(
        (got - want).abs() < 1e-12,
        "{what}: the annotation says {got}, the rules {want}"
    );
}

/// The annotations `side` is sent now.
fn annotations(g: &GameState, side: Side) -> Value {
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let asked = Asked {
        annotate: true,
        ..Asked::version(2)
    };
    message::decision_asked(g, side, 1, &[], &legal, asked)["annotations"].clone()
}

fn action<'a>(a: &'a Value, text: &str) -> &'a Value {
    a["actions"]
        .get(text)
        .unwrap_or_else(|| panic!("no annotation of `{text}` in {a}"))
}

/// A Soldier (m1, Shoot 5+, Fight 4+, Survive 6+, range 6) and an armoured Martian (m2,
/// Shoot 4+, Fight 5+, Survive 6+) three squares apart, the Soldier acting.
fn duel_position(walls: &[(&str, Edge, WallKind)]) -> GameState {
    let mut g = setup_walls(
        walls,
        &[Place(H, "soldier", "a1"), Place(M, "martian", "a4")],
        0,
    );
    play(&mut g, &["activate m1"]);
    g
}

#[test]
fn a_shot_is_annotated_with_its_sight_dice_and_exact_odds() {
    for (walls, sight, dice) in [
        (vec![], "clear", 4),
        (vec![("a2", Edge::North, WallKind::Low)], "partial", 3),
    ] {
        let g = duel_position(&walls);
        let los = g.map().los(sq("a1"), sq("a4"));
        assert_eq!(los == Los::Clear, sight == "clear", "R9: the wall decides");
        let a = annotations(&g, H);
        let s = &action(&a, "shoot m2")["shoot"];
        // R15: 4 dice for a clear shot, 3 for a partial one, at the Shoot value, against
        // 3 Survive dice and the armour's automatic success.
        assert_eq!(s["sight"], sight);
        assert_eq!(
            (
                &s["dice"],
                &s["shoot"],
                &s["survive_dice"],
                &s["survive"],
                &s["armour"]
            ),
            (
                &Value::from(dice),
                &Value::from(5),
                &Value::from(3),
                &Value::from(6),
                &Value::from(1)
            )
        );
        assert_eq!(
            (&s["range"], &s["max_range"]),
            (&Value::from(3), &Value::from(6))
        );
        let [kill, rattled, miss] = shoot(dice, 5, 3, 6, 1);
        close(&s["kill"], kill, "kill");
        close(&s["rattled"], rattled, "Rattled");
        close(&s["miss"], miss, "miss");
        // An Aim adds a die (R12, R15).
        let aimed = &action(&a, "aim")["aim"]["shots"][0];
        assert_eq!(aimed["dice"], dice + 1);
        close(&aimed["kill"], shoot(dice + 1, 5, 3, 6, 1)[0], "aimed kill");
    }
}

#[test]
fn a_step_says_whether_a_shot_is_left_and_what_fight_it_starts() {
    let mut g = duel_position(&[]);
    let a = annotations(&g, H);
    // The first step leaves a shot (R12), from the new square: two squares, clear.
    let first = &action(&a, "move a2")["move"];
    assert_eq!(first["shot_after"], true);
    assert_eq!(first["fight"], Value::Null);
    let shot = &first["shots_after"][0];
    assert_eq!(
        (&shot["target"], &shot["range"]),
        (&Value::from("m2"), &Value::from(2))
    );
    close(
        &shot["kill"],
        shoot(4, 5, 3, 6, 1)[0],
        "the shot after the step",
    );
    play(&mut g, &["move a2"]);
    // A second step leaves none.
    let a = annotations(&g, H);
    let second = &action(&a, "move a3")["move"];
    assert_eq!(second["shot_after"], false);
    assert_eq!(second["shots_after"], serde_json::json!([]));

    // A step into the enemy's square is a charge (R7): 3 Fight dice and 1 for moving in
    // (R16), against the Martian's 3, at Fight 4+ against its Fight 5+ or Survive 6+.
    let mut g = setup(&[Place(H, "soldier", "a3"), Place(M, "martian", "a4")], 0);
    play(&mut g, &["activate m1"]);
    let a = annotations(&g, H);
    let charge = &action(&a, "move a4")["move"];
    assert_eq!(charge["shot_after"], false);
    assert_eq!(charge["fight"]["picked_by"], "attacker");
    let f = &charge["fight"]["opponents"][0];
    assert_eq!(
        (
            &f["attacker"],
            &f["defender"],
            &f["attacker_dice"],
            &f["defender_dice"]
        ),
        (
            &Value::from("m1"),
            &Value::from("m2"),
            &Value::from(4),
            &Value::from(3)
        )
    );
    let [aw, dw, none] = fight(4, 4, 3, 5, true);
    close(&f["if_fight"]["attacker_wins"], aw, "attacker wins");
    close(&f["if_fight"]["defender_wins"], dw, "defender wins");
    close(&f["if_fight"]["no_kill"], none, "no kill");
    let [aw, dw, none] = fight(4, 4, 3, 6, false);
    close(
        &f["if_survive"]["attacker_wins"],
        aw,
        "attacker wins (Survive)",
    );
    assert_eq!(
        (dw, f["if_survive"]["defender_wins"].as_f64()),
        (0.0, Some(0.0))
    );
    close(&f["if_survive"]["no_kill"], none, "no kill (Survive)");
    // The defence, once it is the Martians' to choose, is annotated with the same odds.
    play(&mut g, &["move a4", "fight m2"]);
    assert!(
        matches!(g.phase(), Phase::Defence { .. }),
        "{:?}",
        g.phase()
    );
    let a = annotations(&g, M);
    close(
        &action(&a, "defend fight")["fight"]["if_fight"]["defender_wins"],
        fight(4, 4, 3, 5, true)[1],
        "defend fight",
    );
}

#[test]
fn an_area_attack_is_annotated_with_the_squares_it_may_hit_and_the_expected_kills() {
    // Three Soldiers and a Martian around c3; the Humans have three Artillery Strikes laid
    // (5 dice at 5+ on a square and its 8 neighbours, R21: level 3 aims at a square, level
    // 2 at a row or column, the square in it rolled).
    let laid = |level: u8| {
        let mut g = setup(
            &[
                Place(H, "soldier", "h8"),
                Place(H, "soldier", "b2"),
                Place(M, "martian", "c3"),
                Place(M, "martian", "d4"),
                Place(M, "martian", "f3"),
            ],
            0,
        );
        g.edit().set(H, card("artillery-strike"), level);
        g
    };
    let a = annotations(&laid(3), H);
    let at = &action(&a, "call artillery-strike c3")["area"];
    assert_eq!(at["effect"], "killed");
    let squares = at["squares"].as_object().unwrap();
    assert_eq!(squares.len(), 9, "c3 and its 8 neighbours");
    assert!(squares.values().all(|p| p.as_f64() == Some(1.0)));
    // Expected kills: each model covered, its own Shoot test (R30): a Soldier Survives on
    // 6+ with 3 dice, a Martian the same with its armour.
    let soldier = shoot(5, 5, 3, 6, 0)[0];
    let martian = shoot(5, 5, 3, 6, 1);
    close(&at["expected"]["humans"], soldier, "one Soldier (b2) hit");
    close(
        &at["expected"]["martians"],
        2.0 * martian[0],
        "two Martians (c3, d4)",
    );
    close(
        &at["expected_rattled"]["martians"],
        2.0 * martian[1],
        "Rattled by armour",
    );
    // Along row 3 the centre's column is rolled (a D8, R1): a square of the row is covered
    // when the centre is in its column or next to it.
    let a = annotations(&laid(2), H);
    let row = &action(&a, "call artillery-strike row 3")["area"];
    for (square, columns) in [("a3", 2.0), ("c3", 3.0), ("h3", 2.0), ("c4", 3.0)] {
        close(&row["squares"][square], columns / 8.0, square);
    }
    // Expected: c3's Martian is covered with centres b, c, d; d4's with c, d, e; f3's
    // with e, f, g; b2's Soldier with a, b, c.
    close(
        &row["expected"]["martians"],
        9.0 / 8.0 * martian[0],
        "Martians on row 3",
    );
    close(
        &row["expected"]["humans"],
        3.0 / 8.0 * soldier,
        "the Soldier on b2",
    );
}

#[test]
fn a_response_window_names_its_test_and_the_odds_with_each_answer() {
    // The Soldier shoots the Martian; the Martians hold a card for its Survive roll.
    let mut g = duel_position(&[]);
    let (half, extra) = g
        .deck()
        .halves(M)
        .into_iter()
        .find_map(|f| match f.effect {
            Effect::TestDice {
                whose: Whose::Own,
                rolls,
                dice,
            } if rolls.has(Roll::Survive) && dice > 0 => Some((f.id, dice)),
            _ => None,
        })
        .expect("the core deck has a Martian card adding Survive dice");
    g.edit().give(M, half, 1);
    play(&mut g, &["shoot m2"]);
    assert_eq!(g.phase(), Phase::Respond(M), "the Martians' window");
    let a = annotations(&g, M);
    let t = &a["test"];
    assert_eq!(
        (
            &t["kind"],
            &t["attacker"],
            &t["defender"],
            &t["sight"],
            &t["aimed"]
        ),
        (
            &Value::from("shoot"),
            &Value::from("m1"),
            &Value::from("m2"),
            &Value::from("clear"),
            &Value::from(false)
        )
    );
    assert_eq!(t["rolls"], serde_json::json!(["shoot", "survive"]));
    close(&t["odds"]["kill"], shoot(4, 5, 3, 6, 1)[0], "as it stands");
    close(
        &action(&a, "respond none")["respond"]["kill"],
        shoot(4, 5, 3, 6, 1)[0],
        "no card",
    );
    let card = held(&g, M, &half.to_string());
    let with = &action(&a, &format!("respond {card}"))["respond"];
    assert_eq!(with["survive_dice"], 3 + i64::from(extra));
    close(
        &with["kill"],
        shoot(4, 5, 3 + extra as u8, 6, 1)[0],
        "with the card's dice",
    );
}

#[test]
fn an_activation_says_what_the_model_can_do_in_its_action() {
    let g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 0);
    let a = annotations(&g, H);
    let act = &action(&a, "activate m1")["activate"];
    assert_eq!(act["stands_first"], false);
    // From a1 the Martian is 3 squares away in clear sight: the shot of
    // `a_shot_is_annotated...`, and with an Aim a die more (R12, R15).
    close(&act["shots"][0]["kill"], shoot(4, 5, 3, 6, 1)[0], "shot");
    close(
        &act["aimed_shots"][0]["kill"],
        shoot(5, 5, 3, 6, 1)[0],
        "aimed",
    );
    // Its steps are the moves the rules offer once it is activated, each with what
    // follows: from a2 a shot is left (R12), 2 squares from the Martian.
    let mut acting = g.clone();
    play(&mut acting, &["activate m1"]);
    let moves: Vec<String> = legal(&acting)
        .into_iter()
        .filter_map(|a| a.strip_prefix("move ").map(str::to_string))
        .collect();
    let steps: Vec<String> = act["steps"].as_object().unwrap().keys().cloned().collect();
    assert_eq!(steps, moves);
    assert_eq!(act["steps"]["a2"]["shot_after"], true);
    assert_eq!(act["steps"]["a2"]["shots_after"][0]["range"], 2);

    // A Rattled model stands up first, and may then step once or shoot, not both
    // (R12, R17): a step leaves no shot.
    let mut rattled = g.clone();
    rattled.edit().rattled(m(1), true);
    let a = annotations(&rattled, H);
    let act = &action(&a, "activate m1")["activate"];
    assert_eq!(act["stands_first"], true);
    close(&act["shots"][0]["kill"], shoot(4, 5, 3, 6, 1)[0], "shot");
    assert_eq!(act["steps"]["a2"]["shot_after"], false);
}

/// The threats to `model` of `side` in the annotations `side` is sent now.
fn threats_to(g: &GameState, side: Side, model: &str) -> Value {
    annotations(g, side)["threats"][model].clone()
}

#[test]
fn the_threats_say_what_each_enemy_could_do_to_each_model() {
    // The Martian on a4 shoots the Soldier on a1 with 4 dice at 4+ against Survive 6+ and
    // no armour (R15), 5 with an Aim; after a step the shot is as clear.
    let g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 0);
    let t = threats_to(&g, H, "m1");
    assert_eq!(t.as_array().unwrap().len(), 1, "{t}");
    let t = &t[0];
    assert_eq!(
        (&t["enemy"], &t["activated"]),
        (&Value::from("m2"), &Value::from(false))
    );
    close(&t["shot"]["kill"], shoot(4, 4, 3, 6, 0)[0], "shot");
    close(
        &t["aimed_shot"]["kill"],
        shoot(5, 4, 3, 6, 0)[0],
        "aimed shot",
    );
    close(
        &t["shot_after_step"]["shot"]["kill"],
        shoot(4, 4, 3, 6, 0)[0],
        "after a step",
    );
    assert_eq!(t["charge"], Value::Null);
    // And the other way: the Soldier's shot at the armoured Martian (R15).
    let t = &threats_to(&g, M, "m2")[0];
    close(
        &t["shot"]["kill"],
        shoot(4, 5, 3, 6, 1)[0],
        "the Soldier's shot",
    );

    // Next to it, the Martian could charge: 3 Fight dice and 1 for moving in at 5+,
    // against the Soldier's 3 at Fight 4+ or Survive 6+ (R7, R16).
    let g = setup(&[Place(H, "soldier", "a3"), Place(M, "martian", "a4")], 0);
    let charge = &threats_to(&g, H, "m1")[0]["charge"];
    assert_eq!(
        (&charge["attacker_dice"], &charge["defender_dice"]),
        (&Value::from(4), &Value::from(3))
    );
    close(
        &charge["if_fight"]["attacker_wins"],
        fight(4, 5, 3, 4, true)[0],
        "charge",
    );
    close(
        &charge["if_survive"]["attacker_wins"],
        fight(4, 5, 3, 6, false)[0],
        "charge met by Survive",
    );

    // Out of the Martian's range (4, R8) even after a step, and not next to it: no threat.
    let g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 0);
    assert_eq!(threats_to(&g, H, "m1"), Value::Null);
    // A high wall between them blocks the shot from where it stands (R9).
    let g = setup_walls(
        &[("a3", Edge::North, WallKind::High)],
        &[Place(H, "soldier", "a1"), Place(M, "martian", "a4")],
        0,
    );
    assert_eq!(g.map().los(sq("a4"), sq("a1")), Los::None);
    let t = &threats_to(&g, H, "m1")[0];
    assert_eq!(t["shot"], Value::Null);
    // A step round the wall opens the shot: the square it names sees a1 (R9) within
    // range (R8), and the odds are those of that sight's dice (R15).
    let from: mars_attacks::rules::Square = t["shot_after_step"]["from"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let los = g.map().los(from, sq("a1"));
    assert_ne!(los, Los::None, "from {from}");
    assert!(from.range(sq("a1")) <= 4 && from.range(sq("a4")) <= 1);
    let dice = if los == Los::Clear { 4 } else { 3 };
    close(
        &t["shot_after_step"]["shot"]["kill"],
        shoot(dice, 4, 3, 6, 0)[0],
        "the shot after the step",
    );
}

/// The state `side` is sent now, in version 2.
fn state_v2(g: &GameState, side: Side) -> Value {
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    message::decision_asked(g, side, 1, &[], &legal, Asked::version(2))["state"].clone()
}

#[test]
fn the_state_gives_the_acting_models_progress_and_what_it_may_still_do() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 0);
    assert_eq!(state_v2(&g, H)["progress"], Value::Null);
    // R12: Move 2, or Move 1 and Shoot, or Shoot and Move 1.
    let expect = [("activate m1", 0, true, true), ("move a2", 1, true, true)];
    for (action, steps, may_step, may_shoot) in expect {
        play(&mut g, &[action]);
        let p = state_v2(&g, H)["progress"].clone();
        assert_eq!(p["model"], "m1");
        assert_eq!(p["steps"], steps, "{action}: {p}");
        assert_eq!(
            (p["may_step"].as_bool(), p["may_shoot"].as_bool()),
            (Some(may_step), Some(may_shoot)),
            "{action}: {p}"
        );
    }
    // The second step leaves it nothing to do: its action is over, and no model acts.
    play(&mut g, &["move a3"]);
    assert!(!matches!(g.phase(), Phase::Acting(_)), "{:?}", g.phase());
    assert_eq!(state_v2(&g, H)["progress"], Value::Null);
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 0);
    play(&mut g, &["activate m1", "aim"]);
    let p = state_v2(&g, H)["progress"].clone();
    assert_eq!(
        (&p["aimed"], &p["may_step"], &p["may_shoot"]),
        (&Value::from(true), &Value::from(false), &Value::from(true))
    );
}

#[test]
fn the_state_gives_the_counters_claimed_and_not_yet_revealed() {
    let (mut all_claims, mut all_revealed) = (0, 0);
    for (name, scenario) in shipped_scenarios() {
        let g = game(&scenario);
        let s = state_v2(&g, H)["scoring"].clone();
        let c = &scenario.counters;
        assert_eq!(
            s["claimed"],
            serde_json::json!({"humans": 0, "martians": 0}),
            "{name}"
        );
        assert_eq!(
            (
                &s["unrevealed"]["Critter"],
                &s["unrevealed"]["Alien Secret"],
                &s["unrevealed"]["Objective"]
            ),
            (
                &Value::from(c.critters),
                &Value::from(c.secrets),
                &Value::from(c.objectives)
            ),
            "{name}: no counter is revealed at the start, placed or set aside"
        );
        // Through seeded random games, the state follows the events: a side's claims are
        // the counters of its kind (and Civilians) its models claimed, neutral objectives
        // apart (they score on their own); a kind's unrevealed counters fall by each one
        // turned up (R24, P2, P22).
        let mut claims = [0u64; 2];
        let mut revealed = [0u64; 3];
        let mut pick = mars_attacks::rules::rng_from_seed(31);
        let (_, g) = mars_attacks::sim::game_streamed_to_end(
            &scenario,
            7,
            3_000,
            |_, legal| {
                use rand::Rng;
                Some(legal[pick.random_range(0..legal.len())])
            },
            |before, _, events| {
                for e in events {
                    match *e {
                        Event::Claimed(id, kind) if kind != CounterKind::Objective => {
                            claims[before.model(id).side.index()] += 1
                        }
                        Event::CivilianClaimed(id, _) => claims[before.model(id).side.index()] += 1,
                        Event::Revealed(_, kind) => revealed[kind_index(kind)] += 1,
                        _ => {}
                    }
                }
                std::ops::ControlFlow::Continue(())
            },
        );
        let s = state_v2(&g, H)["scoring"].clone();
        assert_eq!(
            s["claimed"],
            serde_json::json!({"humans": claims[0], "martians": claims[1]}),
            "{name}: the claims the events show"
        );
        all_claims += claims[0] + claims[1];
        all_revealed += revealed.iter().sum::<u64>();
        let pool = [c.critters, c.secrets, c.objectives];
        for (k, kind) in ["Critter", "Alien Secret", "Objective"].iter().enumerate() {
            assert_eq!(
                s["unrevealed"][kind],
                u64::from(pool[k]) - revealed[k],
                "{name}: {kind} counters not yet revealed"
            );
        }
    }
    assert!(
        all_claims > 0 && all_revealed > 0,
        "the games claimed {all_claims} and revealed {all_revealed}"
    );
}

fn kind_index(kind: CounterKind) -> usize {
    match kind {
        CounterKind::Critter => 0,
        CounterKind::AlienSecret => 1,
        CounterKind::Objective => 2,
    }
}
