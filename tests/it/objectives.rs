//! The AI plays for the scenario in hand: what it values comes from the scenario's own
//! awards (exit VP, the Round limit), so a Soldier at a scoring exit leaves, and near the
//! end of a Round-limited game only VP count in full.

use crate::common;

use std::sync::Arc;

use ai::{Budget, Game, IsMcts, Player};
use mars_attacks::bot::eval::{self, Weights};
use mars_attacks::bot::spec::search_config;
use mars_attacks::bot::{PlayerSpec, Skirmish};
use mars_attacks::rules::scenario::Scenario;
use mars_attacks::rules::{Action, Bitboard, Edge, GameState, Side, rng_from_seed};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use common::{Place, end_the_round_with, game, idle_action, m, small_scenario, sq};

/// A Soldier (m1) on d8, one step from the north edge, where leaving scores the Humans
/// `exit_vp`; a Martian (m2) on h1, out of every range (7 squares, R8). Humans to act.
fn at_the_exit(exit_vp: u16) -> GameState {
    let s = small_scenario(
        &[],
        &[
            Place(Side::Humans, "soldier", "d8"),
            Place(Side::Martians, "martian", "h1"),
        ],
    );
    let mut s = (*s).clone();
    s.sides[Side::Humans].exit = Some(Edge::North);
    s.sides[Side::Humans].vp.exit = exit_vp;
    let mut g = game(&Arc::new(s));
    g.edit().turn(Side::Humans);
    g
}

#[test]
fn greedy_takes_a_soldier_off_by_a_scoring_exit() {
    let mut game = Skirmish::new(at_the_exit(3));
    let mut player = "greedy".parse::<PlayerSpec>().unwrap().build();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut dice = rng_from_seed(0);
    let mut chosen = Vec::new();
    for _ in 0..2 {
        let a = player.choose(&game, &mut rng).unwrap();
        chosen.push(a);
        game.apply(a, &mut dice);
    }
    assert_eq!(chosen, [Action::Activate(m(1)), Action::Exit(Edge::North)]);
    assert_eq!(game.state().vp(Side::Humans), 3);
}

#[test]
fn the_search_takes_a_soldier_off_by_a_scoring_exit() {
    let mut g = at_the_exit(3);
    let mut dice = rng_from_seed(0);
    g.play(Action::Activate(m(1)), &mut dice).unwrap();
    let game = Skirmish::new(g);
    let mut player = IsMcts::<Skirmish>::new(search_config(Budget::Iterations(1000)));
    let a = player
        .choose(&game, &mut ChaCha8Rng::seed_from_u64(5))
        .unwrap();
    assert_eq!(
        a,
        Action::Exit(Edge::North),
        "{}",
        player.last_report().unwrap()
    );
}

#[test]
fn leaving_keeps_the_model_and_scores_its_vp_in_the_evaluation() {
    // Before and after leaving: the VP are gained, the model is not lost, so the position
    // is better for the Humans after the exit than before it.
    let w = Weights::default();
    let mut g = at_the_exit(3);
    let before = eval::evaluate(&g, &w);
    let mut dice = rng_from_seed(0);
    g.play(Action::Activate(m(1)), &mut dice).unwrap();
    g.play(Action::Exit(Edge::North), &mut dice).unwrap();
    let after = eval::evaluate(&g, &w);
    assert!(after > before, "before {before:.4}, after {after:.4}");
    // A model one step from a scoring exit is worth more than the same model further away.
    let near = at_the_exit(3);
    let mut far = at_the_exit(3);
    far.edit().place(m(1), common::sq("d5"));
    assert!(eval::side_score(&near, Side::Humans, &w) > eval::side_score(&far, Side::Humans, &w));
    // The pull is the exit VP discounted per step still needed: from d8 one step (the
    // exit), from d5 four; an exit that scores nothing pulls nobody, so the difference
    // between the two is exactly w.exit x 3 x (decay - decay^4).
    let gap = |vp: u16| {
        let near = at_the_exit(vp);
        let mut far = at_the_exit(vp);
        far.edit().place(m(1), common::sq("d5"));
        eval::side_score(&near, Side::Humans, &w) - eval::side_score(&far, Side::Humans, &w)
    };
    let expected = w.exit * 3.0 * (w.counter_decay - w.counter_decay.powi(4));
    assert!(
        (gap(3) - gap(0) - expected).abs() < 1e-9,
        "{} vs {expected}",
        gap(3) - gap(0)
    );
}

/// Three Soldiers in the open face one Martian two squares away (the other Martian is
/// dead), so the Humans have the better position; the Martians lead 5 VP to 3. `limit`:
/// the scenario's Round limit; the game is in Round `round`.
fn behind_but_stronger(limit: Option<u16>, round: u16) -> GameState {
    let s = small_scenario(
        &[],
        &[
            Place(Side::Humans, "soldier", "c3"),
            Place(Side::Humans, "soldier", "d3"),
            Place(Side::Humans, "soldier", "e3"),
            Place(Side::Martians, "martian", "d5"),
            Place(Side::Martians, "martian", "h8"),
        ],
    );
    let mut s: Scenario = (*s).clone();
    s.round_limit = limit;
    let mut g = game(&Arc::new(s));
    g.edit()
        .kill(m(5))
        .vp(Side::Humans, 3)
        .vp(Side::Martians, 5)
        .round(round)
        .turn(Side::Humans);
    g
}

#[test]
fn near_the_round_limit_vp_count_more_than_position() {
    let w = Weights::default();
    // Without a limit the Humans' force and shots outweigh a two-VP deficit.
    let open = eval::evaluate(&behind_but_stronger(None, 3), &w);
    assert!(open > 0.5, "no limit: {open:.3}");
    assert_eq!(eval::time_left(&behind_but_stronger(None, 3)), 1.0);
    // Three Rounds or more to go: the same value as without a limit.
    let early = eval::evaluate(&behind_but_stronger(Some(6), 3), &w);
    assert!((early - open).abs() < 1e-12, "{early} vs {open}");
    // In the last Round what is not VP counts 0.375 (half a Round of three left) and the
    // logistic is as much steeper, so the lead in VP decides: the Martians are ahead.
    let last = behind_but_stronger(Some(3), 3);
    assert!((eval::time_left(&last) - (0.25 + 0.75 * 0.5 / 3.0)).abs() < 1e-12);
    let v = eval::evaluate(&last, &w);
    assert!(v < 0.5, "last Round {v:.3}, no limit {open:.3}");
    // The value falls steadily as the end nears.
    let mut prev = 1.0;
    for round in 1..=3 {
        let v = eval::evaluate(&behind_but_stronger(Some(3), round), &w);
        assert!(v <= prev + 1e-12, "round {round}: {v} after {prev}");
        prev = v;
    }
}

// ----- objectives the format says ------------------------------------------------------

use mars_attacks::rules::scenario_file::parse_scenario;
use mars_attacks::rules::state::{Outcome, WinReason};

/// A Soldier (m1) on d8 and a VIP Soldier (m2) on e8, one step from the north exit; a
/// Martian (m3) far off on a1. `extra` goes at the end of the `[humans]` table.
fn evacuation(extra: &str) -> String {
    format!(
        r#"
name = "Evacuation"
first_turn = "humans"
deck = "none"
hand_size = 0
[map]
walls = []
[humans]
models = [
  {{ profile = "soldier", start = "d8" }},
  {{ profile = "soldier", start = "e8", vp_exit = 5, vp_killed = 4 }},
]
exit = "north"
vp = {{ exit = 1, shoot_kill = 1, fight_kill = 2 }}
{extra}
[martians]
models = [{{ profile = "martian", start = "a1" }}]
vp = {{ shoot_kill = 1, fight_kill = 2 }}
"#
    )
}

/// What the loader says of `text`: its errors, or its warnings when it loads.
fn findings(file: &str, text: &str) -> Vec<String> {
    match parse_scenario(file, text) {
        Ok(loaded) => loaded.warnings.iter().map(|d| d.to_string()).collect(),
        Err(d) => d.iter().map(|d| d.to_string()).collect(),
    }
}

fn start(text: &str) -> GameState {
    game(&Arc::new(
        crate::common::parsed("evacuation.toml", text).scenario,
    ))
}

#[test]
fn a_model_may_be_worth_its_own_vp_to_kill_and_to_get_away() {
    let g = start(&evacuation(""));
    let sc = g.scenario();
    // m2 is the VIP: 4 VP to kill however it dies, 5 for getting away; m1 the side's.
    assert_eq!((sc.kill_vp(1, false), sc.kill_vp(1, true)), (4, 4));
    assert_eq!((sc.kill_vp(0, false), sc.kill_vp(0, true)), (1, 2));
    assert_eq!((sc.exit_vp(0), sc.exit_vp(1)), (1, 5));
    // The Martian has no value of its own: the Humans' awards.
    assert_eq!((sc.kill_vp(2, false), sc.kill_vp(2, true)), (1, 2));
    let mut g = g;
    let mut dice = rng_from_seed(0);
    for a in [Action::Activate(m(2)), Action::Exit(Edge::North)] {
        g.play(a, &mut dice).unwrap();
    }
    assert_eq!(g.vp(Side::Humans), 5);
    assert_eq!(
        g.vp_from(Side::Humans, mars_attacks::rules::state::VpSource::Exit),
        5
    );
}

#[test]
fn a_side_may_have_its_own_vp_target() {
    // The Humans win at 5: the VIP getting away is enough. The Martians keep the
    // scenario's 8.
    let mut g = start(&evacuation("vp_target = 5"));
    assert_eq!(
        (
            g.scenario().vp_target(Side::Humans),
            g.scenario().vp_target(Side::Martians)
        ),
        (5, 8)
    );
    let mut dice = rng_from_seed(0);
    g.play(Action::Activate(m(2)), &mut dice).unwrap();
    g.play(Action::Exit(Edge::North), &mut dice).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Side::Humans, WinReason::VpTarget))
    );
    // With the scenario's target of 8 the same 5 VP do not win.
    let mut g = start(&evacuation(""));
    g.play(Action::Activate(m(2)), &mut dice).unwrap();
    g.play(Action::Exit(Edge::North), &mut dice).unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn greedy_takes_the_vip_off_first() {
    // Both Soldiers stand at the exit; the one worth 5 VP leaves first.
    let mut player = "greedy".parse::<PlayerSpec>().unwrap().build();
    let game = Skirmish::new(start(&evacuation("")));
    let a = player
        .choose(&game, &mut ChaCha8Rng::seed_from_u64(1))
        .unwrap();
    assert_eq!(a, Action::Activate(m(2)));
}

const COUNTER_ZONE: &str = r#"
name = "Crash site"
first_turn = "humans"
[map]
walls = []
[humans]
models = [{ profile = "soldier", start = "a1" }]
vp = { counter = 1 }
[martians]
models = [{ profile = "martian", start = "h8" }]
vp = { counter = 1 }
[counters]
critters = 4
secrets = 4
placed = 6
zone = ["c3-e5", "h1"]
"#;

#[test]
fn counters_may_be_placed_in_a_zone() {
    let loaded = parse_scenario("crash.toml", COUNTER_ZONE).unwrap();
    let sc = Arc::new(loaded.scenario);
    let zone = sc.counters.zone.expect("a zone");
    assert_eq!(zone.count(), 9 + 1);
    // Over many deals every counter lands in the zone, and every square of it is used.
    let mut seen = Bitboard::EMPTY;
    for seed in 0..300 {
        let g = GameState::new(sc.clone(), &mut rng_from_seed(seed));
        let placed = g.hidden_counters();
        assert_eq!(placed.count(), 6, "seed {seed}");
        assert!(
            placed.is_subset(zone),
            "seed {seed}: a counter outside the zone"
        );
        seen |= placed;
    }
    assert_eq!(seen, zone);
    // A zone too small for the counters placed is an error at `placed`.
    let small = COUNTER_ZONE.replace("zone = [\"c3-e5\", \"h1\"]", "zone = [\"c3-c5\"]");
    let errors = parse_scenario("crash.toml", &small).unwrap_err();
    let text: Vec<String> = errors.iter().map(|d| d.to_string()).collect();
    assert!(
        text.iter().any(|t| t.contains("crash.toml:15:10: counters.placed: 6 counters need a square each, but only 3 squares in counters.zone")),
        "{text:?}"
    );
    // A square off the board is an error at the zone.
    let off = COUNTER_ZONE.replace("\"h1\"", "\"i1\"");
    let errors = parse_scenario("crash.toml", &off).unwrap_err();
    assert!(
        errors
            .iter()
            .any(|d| d.message.starts_with("counters.zone[1]")),
        "{errors:?}"
    );
}

#[test]
fn a_key_in_the_wrong_table_says_where_it_belongs_and_a_zone_says_how_it_is_written() {
    let text = evacuation("round_limit = 6")
        .replace("[martians]\n", "[martians]\nzone = [\"c3:f6\"]\n")
        .replace(
            "vp = { shoot_kill = 1, fight_kill = 2 }\n\"#",
            "vp = { shoot_kill = 1, fight_kill = 2 }\ndeployment = [\"c3:f6\"]\n\"#",
        );
    let text = format!("{text}deployment = [\"a7:h8\"]\n");
    let errors: Vec<String> = parse_scenario("evacuation.toml", &text)
        .unwrap_err()
        .iter()
        .map(|d| d.to_string())
        .collect();
    let has = |frag: &str| errors.iter().any(|e| e.contains(frag));
    assert!(
        has(
            "humans.round_limit: unknown key here: `round_limit` belongs at the top level of the file, before any [table]"
        ),
        "{errors:?}"
    );
    assert!(
        has("martians.zone: unknown key here: `zone` belongs in [counters]"),
        "{errors:?}"
    );
    assert!(
        has(
            "martians.deployment[0]: \"a7:h8\": not a zone: write a rectangle with a dash between two opposite corners, like \"a7-h8\""
        ),
        "{errors:?}"
    );
}

/// A Soldier (m1) on d4 and a Martian (m2) on h8; the Humans score 2 VP a Round for
/// holding d4-e5 and the Martians 1 VP for holding h8. No cards.
const HOLDS: &str = r#"
name = "Hold the crossroads"
first_turn = "humans"
deck = "none"
hand_size = 0
[map]
walls = []
[humans]
models = [{ profile = "soldier", start = "d4" }]
vp = { shoot_kill = 1 }
hold = [{ zone = "d4-e5", vp = 2 }]
[martians]
models = [{ profile = "martian", start = "h8" }]
vp = { shoot_kill = 1 }
hold = [{ zone = "h8" }]
"#;

/// Plays the Round out: each side activates its one model and does nothing else.
fn end_the_round(g: &mut GameState) {
    end_the_round_with(g, &mut rng_from_seed(0));
}

#[test]
fn a_zone_held_alone_at_the_end_of_a_round_scores_its_vp() {
    use mars_attacks::rules::state::VpSource;
    let loaded = parse_scenario("holds.toml", HOLDS).unwrap();
    assert_eq!(
        loaded.scenario.sides[Side::Martians].hold[0].vp,
        1,
        "the default"
    );
    let mut g = game(&Arc::new(loaded.scenario));
    // Round 1: the Soldier holds d4-e5 alone (2 VP), the Martian h8 (1 VP).
    end_the_round(&mut g);
    assert_eq!((g.vp(Side::Humans), g.vp(Side::Martians)), (2, 1));
    assert_eq!(g.vp_from(Side::Humans, VpSource::Hold), 2);
    // Round 2 with the Martian in the zone as well: contested, so only h8 scores... and
    // h8 is empty now, so nothing at all.
    g.edit().place(m(2), common::sq("e5"));
    end_the_round(&mut g);
    assert_eq!((g.vp(Side::Humans), g.vp(Side::Martians)), (2, 1));
    // Round 3, the Martian back on h8 and the Soldier gone from the zone: only h8 scores.
    g.edit()
        .place(m(2), common::sq("h8"))
        .place(m(1), common::sq("a1"));
    end_the_round(&mut g);
    assert_eq!((g.vp(Side::Humans), g.vp(Side::Martians)), (2, 2));
    assert!(g.check_invariants().is_ok());
    // The evaluation pulls towards a zone not held and values one held.
    let w = Weights::default();
    let far = eval::side_score(&g, Side::Humans, &w);
    g.edit().place(m(1), common::sq("d4"));
    let held = eval::side_score(&g, Side::Humans, &w);
    assert!(held > far, "{held} vs {far}");
}

// ----- winning by surviving -----------------------------------------------------------

/// A Soldier (m1) on d4 and, on d5, a Martian Brute (m2) that fights at 2+ and survives at
/// 4+: a Fight the Soldier would probably lose. A kill in a Fight is worth 6 VP to the
/// Humans, so on VP alone charging pays. `humans` goes at the end of the `[humans]` table,
/// `top` before the tables.
fn brute_next_door(top: &str, humans: &str) -> String {
    format!(
        r#"
name = "Hold Out"
first_turn = "humans"
deck = "none"
hand_size = 0
{top}
[map]
walls = []
[profiles.brute]
name = "Martian Brute"
shoot = 8
fight = 2
survive = 4
range = 1
[humans]
models = [{{ profile = "soldier", start = "d4" }}]
vp = {{ shoot_kill = 1, fight_kill = 6 }}
{humans}
[martians]
models = [{{ profile = "brute", start = "d5" }}]
vp = {{ shoot_kill = 1, fight_kill = 1 }}
"#
    )
}

#[test]
fn a_side_that_survives_to_its_round_wins_and_one_wiped_out_before_loses() {
    let text = brute_next_door("", "survive_to = 1");
    let mut g = start(&text);
    assert_eq!(g.scenario().survivor(), Some((Side::Humans, 1)));
    assert_eq!(g.scenario().last_round(), Some(1));
    // Both sides stay put: at the end of Round 1 the Soldier is on the board.
    let mut dice = rng_from_seed(0);
    for a in [
        Action::Activate(m(1)),
        Action::Done,
        Action::Activate(m(2)),
        Action::Done,
    ] {
        g.play(a, &mut dice).unwrap();
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Side::Humans, WinReason::Survived))
    );
    // The Martians score 0 VP and the Humans 0: without survive_to the same game is a
    // draw at the Round limit.
    let mut g = start(&brute_next_door("round_limit = 1", ""));
    for a in [
        Action::Activate(m(1)),
        Action::Done,
        Action::Activate(m(2)),
        Action::Done,
    ] {
        g.play(a, &mut dice).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::Draw));
}

#[test]
fn survive_to_is_checked_against_the_round_limit_and_the_other_side() {
    let errors = |text: &str| findings("hold-out.toml", text);
    let late = errors(&brute_next_door("round_limit = 3", "survive_to = 4"));
    assert!(
        late.iter()
            .any(|e| e.contains("humans.survive_to: Round 4 is after the round limit (3)")),
        "{late:?}"
    );
    let both = brute_next_door("", "survive_to = 4").replace(
        "vp = { shoot_kill = 1, fight_kill = 1 }",
        "vp = { shoot_kill = 1, fight_kill = 1 }\nsurvive_to = 4",
    );
    let both = errors(&both);
    assert!(
        both.iter()
            .any(|e| e.contains("martians.survive_to: the humans already win by surviving")),
        "{both:?}"
    );
}

#[test]
fn a_side_that_wins_by_surviving_does_not_start_a_fight_it_would_probably_lose() {
    let with = start(&brute_next_door("", "survive_to = 1"));
    let without = start(&brute_next_door("round_limit = 1", ""));
    // The Fight the Soldier could start by charging into d5 (R16): the Brute Fights back
    // and wins more often than it loses. On VP alone the charge still pays (6 VP a kill
    // against 1), so it is the survival that keeps the Soldier out.
    let (a, d, _) = eval::fight_value(&without, m(1), m(2), sq("d5"), true);
    let (p_win, p_lose) = (a / 6.0, d / 1.0);
    assert!(p_lose > p_win, "win {p_win:.3}, lose {p_lose:.3}");
    assert!(a > d, "on VP: {a:.3} against {d:.3}");

    let choose_after_activating = |g: &GameState, player: &str| {
        let mut g = g.clone();
        g.play(Action::Activate(m(1)), &mut rng_from_seed(0))
            .unwrap();
        let game = Skirmish::new(g);
        let mut p = player.parse::<PlayerSpec>().unwrap().build();
        p.choose(&game, &mut ChaCha8Rng::seed_from_u64(3)).unwrap()
    };
    // Greedy charges when only VP count, and does not when losing the Soldier loses the
    // game.
    assert_eq!(
        choose_after_activating(&without, "greedy"),
        Action::Move(sq("d5"))
    );
    assert_ne!(
        choose_after_activating(&with, "greedy"),
        Action::Move(sq("d5"))
    );
    // The search does not charge either.
    assert_ne!(
        choose_after_activating(&with, "mcts:1000"),
        Action::Move(sq("d5"))
    );
}

/// The last Round of a Round-limited game; the Martian on d5 has acted, and the Humans'
/// Soldier on d4, the last model to act, can charge it (a kill in a Fight is worth 2 VP, a
/// lost Fight gives the Martians 2) or shoot it (1 VP) or do nothing. `humans_vp` against
/// the Martians' 1.
fn last_round_charge(humans_vp: u16) -> GameState {
    let text = r#"
name = "Last Chance"
first_turn = "humans"
deck = "none"
hand_size = 0
round_limit = 1
[map]
walls = []
[humans]
models = [{ profile = "soldier", start = "d4" }]
vp = { shoot_kill = 1, fight_kill = 2 }
[martians]
models = [{ profile = "martian", start = "d5" }]
vp = { shoot_kill = 1, fight_kill = 2 }
"#;
    let mut g = start(text);
    g.edit()
        .vp(Side::Humans, humans_vp)
        .vp(Side::Martians, 1)
        .activated(m(2), true);
    g.play(Action::Activate(m(1)), &mut rng_from_seed(0))
        .unwrap();
    g
}

#[test]
fn behind_in_the_last_round_the_search_takes_the_risk_that_could_win_and_ahead_it_does_not() {
    let search = |g: GameState| {
        let game = Skirmish::new(g);
        let mut p = IsMcts::<Skirmish>::new(search_config(Budget::Iterations(2000)));
        let a = p.choose(&game, &mut ChaCha8Rng::seed_from_u64(7)).unwrap();
        (a, p.last_report().unwrap().to_string())
    };
    // The position after the Soldier's shot missed (the Martian still on d5): it may
    // still Move 1, and a Move into d5 is a charge (R7, R12).
    let missed = |humans_vp: u16| {
        (0..100)
            .find_map(|seed| {
                let mut g = last_round_charge(humans_vp);
                g.play(Action::Shoot(m(2)), &mut rng_from_seed(seed))
                    .unwrap();
                (g.model(m(2)).square() == Some(sq("d5"))).then_some(g)
            })
            .expect("some shot misses")
    };
    // Behind 0-1: killing the only Martian wins (no enemy left, R25), a won Fight wins
    // too, and a lost Fight loses no more than doing nothing does. The search shoots
    // first (a miss still leaves the charge: Shoot then Move 1) or charges, and after a
    // miss it charges.
    let (a, report) = search(last_round_charge(0));
    assert!(
        [Action::Shoot(m(2)), Action::Move(sq("d5"))].contains(&a),
        "behind: {report}"
    );
    let (a, report) = search(missed(0));
    assert_eq!(a, Action::Move(sq("d5")), "behind, after a miss: {report}");
    // Ahead 2-1: the game is won as it stands, and a lost Fight gives the Martians 2 VP
    // and the game; the Soldier keeps out of it, before a shot and after a miss.
    let (a, report) = search(last_round_charge(2));
    assert_ne!(a, Action::Move(sq("d5")), "ahead: {report}");
    let (a, report) = search(missed(2));
    assert_ne!(a, Action::Move(sq("d5")), "ahead, after a miss: {report}");
}

// ----- several entry edges and waves -----------------------------------------------------

const WAVES: &str = r#"
name = "Waves"
first_turn = "martians"
deck = "none"
hand_size = 0
[map]
walls = []
[humans]
models = [{ profile = "soldier", start = "d4" }]
[martians]
models = [
  { profile = "martian", start = "enter" },
  { profile = "martian", count = 2, start = "enter", wave = 2 },
]
entry = [{ edge = "north", round = 1 }, { edge = "east", round = 2 }]
"#;

#[test]
fn each_wave_comes_on_across_its_own_edge_from_its_own_round() {
    let mut g = start(WAVES);
    let sc = g.scenario();
    assert_eq!(sc.sides[Side::Martians].entry.len(), 2);
    assert_eq!(
        sc.entry_of(1).map(|e| (e.edge, e.round)),
        Some((Edge::North, 1))
    );
    assert_eq!(
        sc.entry_of(2).map(|e| (e.edge, e.round)),
        Some((Edge::East, 2))
    );
    assert_eq!(sc.entry_of(0), None, "the Soldier starts on the board");
    // Round 1: only the first wave may act, and only onto the north edge's 8 squares.
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(legal.contains(&Action::Activate(m(2))));
    assert!(!legal.contains(&Action::Activate(m(3))) && !legal.contains(&Action::Activate(m(4))));
    let refused = g
        .play(Action::Activate(m(3)), &mut rng_from_seed(0))
        .unwrap_err();
    assert!(
        refused.to_string().contains("enters the board in Round 2"),
        "{refused}"
    );
    g.play(Action::Activate(m(2)), &mut rng_from_seed(0))
        .unwrap();
    g.legal_actions(&mut legal);
    let north: Vec<Action> = (0..8)
        .map(|c| Action::Move(sq(&format!("{}8", (b'a' + c) as char))))
        .collect();
    assert_eq!(legal, north);
    // Round 2: the second wave comes on across the east edge.
    let mut g = start(WAVES);
    g.edit().round(2).turn(Side::Martians);
    g.play(Action::Activate(m(3)), &mut rng_from_seed(0))
        .unwrap();
    g.legal_actions(&mut legal);
    let east: Vec<Action> = (1..=8)
        .map(|r| Action::Move(sq(&format!("h{r}"))))
        .collect();
    let mut got = legal.clone();
    got.sort_by_key(|a| format!("{a:?}"));
    let mut want = east;
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(got, want);
}

#[test]
fn a_wave_must_name_an_entry_and_an_entry_without_models_is_flagged() {
    let diagnostics = |text: &str| findings("waves.toml", text);
    let bad = diagnostics(&WAVES.replace("wave = 2", "wave = 3"));
    assert!(
        bad.iter()
            .any(|e| e.contains("martians.models[1].wave: 3, but the martians list 2 entries")),
        "{bad:?}"
    );
    // Every Martian comes on by the first entry: the second is unused.
    let unused = diagnostics(&WAVES.replace(", wave = 2", ""));
    assert!(
        unused.iter().any(|e| e.contains(
            "martians.entry[1]: unused: no martians model that starts \"enter\" has wave = 2"
        )),
        "{unused:?}"
    );
    // The single-table form still reads.
    let one = WAVES
        .replace(
            r#"entry = [{ edge = "north", round = 1 }, { edge = "east", round = 2 }]"#,
            r#"entry = { edge = "north", round = 1 }"#,
        )
        .replace(", wave = 2", "");
    assert_eq!(diagnostics(&one), Vec::<String>::new());
}

// ----- neutral objective counters --------------------------------------------------------

/// A Soldier (m1) on d4 and a Martian (m2) on e5, and one face-down counter on d5 that
/// can only be a neutral objective, worth 3 VP to whichever side claims it. Five more
/// Martians (m3-m7) wait on h8, so a kill is a small share of a wipe-out (R25).
fn objective_between(first: &str) -> GameState {
    objective_worth(first, 3)
}

/// [`objective_between`] with the objective worth `vp` to each side.
fn objective_worth(first: &str, vp: u16) -> GameState {
    let text = format!(
        r#"
name = "Crash Site"
first_turn = "{first}"
deck = "none"
hand_size = 0
[map]
walls = []
[humans]
models = [{{ profile = "soldier", start = "d4" }}]
vp = {{ objective = {vp} }}
[martians]
models = [
  {{ profile = "martian", start = "e5" }},
  {{ profile = "martian", count = 5, start = "h8" }},
]
vp = {{ objective = {vp} }}
[counters]
objectives = 1
"#
    );
    let mut g = start(&text);
    assert_eq!(g.objective_pool(), 1);
    g.edit()
        .clear_counters()
        .hidden_counter(sq("d5"))
        .pool(0, 0)
        .objectives(1);
    g
}

#[test]
fn either_side_claims_a_neutral_objective_for_its_own_award() {
    use mars_attacks::rules::state::{CounterKind, VpSource};
    for side in Side::BOTH {
        let first = if side == Side::Humans {
            "humans"
        } else {
            "martians"
        };
        let mut g = objective_between(first);
        let id = if side == Side::Humans { m(1) } else { m(2) };
        let mut dice = rng_from_seed(0);
        g.play(Action::Activate(id), &mut dice).unwrap();
        g.play(Action::Move(sq("d5")), &mut dice).unwrap();
        // The only identity left in the pool: revealed and claimed at once.
        assert_eq!(g.objective_pool(), 0);
        assert_eq!(g.hidden_counters(), Bitboard::EMPTY);
        assert_eq!(
            g.face_up_counters(CounterKind::Objective),
            Bitboard::EMPTY,
            "{side}"
        );
        assert_eq!(g.vp(side), 3, "{side}");
        assert_eq!(g.vp_from(side, VpSource::Counter), 3, "{side}");
        assert_eq!(g.vp(side.other()), 0, "{side}");
    }
    assert_eq!(CounterKind::Objective.claimed_by(), None);
}

#[test]
fn greedy_goes_for_a_neutral_objective() {
    let mut g = objective_between("humans");
    g.play(Action::Activate(m(1)), &mut rng_from_seed(0))
        .unwrap();
    let mut player = "greedy".parse::<PlayerSpec>().unwrap().build();
    let a = player
        .choose(&Skirmish::new(g), &mut ChaCha8Rng::seed_from_u64(1))
        .unwrap();
    assert_eq!(a, Action::Move(sq("d5")));
}

#[test]
fn the_evaluation_values_a_face_down_objective_by_its_award_and_distance() {
    // The only identity left is an objective, one step from the Soldier: with no Round
    // limit its 3 VP count in full, discounted once by counter_decay (0.7). The Martian on
    // e5 is one step from it too.
    let w = Weights::default();
    for side in Side::BOTH {
        let gain = eval::side_score(&objective_worth("humans", 3), side, &w)
            - eval::side_score(&objective_worth("humans", 0), side, &w);
        assert!(
            (gain - 3.0 * w.counter_decay).abs() < 1e-12,
            "{side}: {gain} vs {}",
            3.0 * w.counter_decay
        );
    }
}

#[test]
fn objectives_count_in_the_pool_and_in_placed() {
    let text = objective_between("humans");
    let sc = text.scenario();
    assert_eq!(
        (
            sc.counters.critters,
            sc.counters.secrets,
            sc.counters.objectives,
            sc.counters.placed
        ),
        (0, 0, 1, 1)
    );
    let errors = |placed: u8| -> Vec<String> {
        let t = format!(
            r#"
name = "Crash Site"
first_turn = "humans"
[map]
walls = []
[humans]
models = [{{ profile = "soldier", start = "d4" }}]
[martians]
models = [{{ profile = "martian", start = "e5" }}]
vp = {{ objective = 1 }}
[counters]
critters = 1
objectives = 2
placed = {placed}
"#
        );
        findings("crash.toml", &t)
    };
    assert_eq!(errors(3), Vec::<String>::new());
    assert!(
        errors(4).iter().any(|e| e.contains(
            "counters.placed: 4 counters cannot be placed from a pool of 3 (1 critters + 0 secrets + 2 objectives)"
        )),
        "{:?}",
        errors(4)
    );
}

/// The log names the zone held before its VP: `the Humans hold the zone d4, e4, d5, e5
/// alone`, then the VP; a bot's typed events say the same (`zone_held` with its squares).
#[test]
fn a_zone_held_is_named_in_the_log_before_its_vp() {
    use mars_attacks::rules::state::Event;
    let loaded = parse_scenario("holds.toml", HOLDS).unwrap();
    let mut g = game(&Arc::new(loaded.scenario));
    let mut dice = rng_from_seed(0);
    let mut legal = Vec::new();
    let mut lines = Vec::new();
    let mut journal = Vec::new();
    while g.round() == 1 && !g.is_over() {
        g.legal_actions(&mut legal);
        let a = idle_action(&legal);
        let before = g.clone();
        let mut events: Vec<Event> = Vec::new();
        let by = g.to_move().unwrap();
        g.apply_logged(a, &mut dice, &mut events);
        lines.extend(
            events
                .iter()
                .map(|e| mars_attacks::sim::describe(&before, e)),
        );
        journal.push(mars_attacks::bot::game::JournalEntry {
            by,
            action: a,
            events,
        });
    }
    let typed = serde_json::to_value(mars_attacks::bot::exec::events::happened_seen_by(
        Side::Martians,
        &journal,
    ))
    .unwrap()
    .to_string();
    assert!(
        typed.contains(r#""type":"zone_held""#) && typed.contains(r#"["d4","e4","d5","e5"]"#),
        "{typed}"
    );
    let at = |text: &str| {
        lines
            .iter()
            .position(|l| l == text)
            .unwrap_or_else(|| panic!("{text:?} in {lines:#?}"))
    };
    let held = at("the Humans hold the zone d4, e4, d5, e5 alone");
    assert_eq!(held + 1, at("the Humans score 2 VP (2 in all)"));
    let h8 = at("the Martians hold the zone h8 alone");
    assert_eq!(h8 + 1, at("the Martians score 1 VP (1 in all)"));
}
