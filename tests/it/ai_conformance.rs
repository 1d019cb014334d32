//! The conformance harness with AI players: seeded games of every shipped scenario between
//! the AI players of `bot::spec` (greedy, MCTS, the oracle, determinized UCT and flat Monte
//! Carlo with small iteration counts, and random play, in mixed pairings), with every chosen
//! action checked against the legal list and the rules' invariants checked after every
//! decision.
//!
//! The default run, for every `cargo test`, makes at least `CI_DECISIONS` decisions. The
//! full run of a million decisions is `#[ignore]`d:
//! `cargo test --test it ai_conformance:: -- --ignored`. The environment variable
//! `MA_CONFORMANCE_DECISIONS` sets the size of either run.

use crate::common;

use common::shipped_scenarios;

use std::time::Instant;

use ai::Player;
use mars_attacks::bot::{PlayerSpec, Skirmish, side_of};
use mars_attacks::rules::{Action, GameState, Side, rng_from_seed};
use mars_attacks::sim::decision_rng;

/// Decisions of the run made by every `cargo test`.
const CI_DECISIONS: u64 = 100_000;
/// Decisions of the full (ignored) run.
const FULL_DECISIONS: u64 = 1_000_000;
/// A game still going after this many decisions is a failure.
const GUARD: u64 = 20_000;

/// The pairings, played in turn (game `n` plays pairing `n % len`), each in both seats
/// (the seat of the first spec alternates every cycle). Iteration counts are small: the
/// point is many decisions from positions the searches steer to, not strength.
const PAIRINGS: [(&str, &str); 8] = [
    ("greedy", "mcts:30"),
    ("mcts:30", "flat:30"),
    ("pimc:30", "random"),
    ("random", "greedy"),
    ("oracle:20", "mcts:20"),
    ("flat:20", "greedy"),
    ("mcts:50", "pimc:20"),
    ("greedy", "oracle:30"),
];

fn spec(s: &str) -> PlayerSpec {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The size of a run: `MA_CONFORMANCE_DECISIONS` if set, else `default`.
fn target(default: u64) -> u64 {
    match std::env::var("MA_CONFORMANCE_DECISIONS") {
        Ok(v) => v
            .trim()
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("MA_CONFORMANCE_DECISIONS={v} is not a number")),
        Err(_) => default,
    }
}

/// What a run did.
#[derive(Debug, Default)]
struct Tally {
    games: u64,
    decisions: u64,
    /// Decisions with more than one legal action (the player really chose).
    choices: u64,
    /// Games won by each side, and drawn.
    wins: [u64; 2],
    draws: u64,
}

/// Checks one decision: the state before it is sound and offers what it should; the
/// player's action is listed; the player's report names the right player and only listed
/// actions; the action applies through the checked path; the state after is sound and no
/// VP fell.
fn check_decision(
    g: &GameState,
    legal: &[Action],
    name: &str,
    player: &mut dyn Player<Skirmish>,
    choose: &mut mars_attacks::rules::GameRng,
    dice: &mut mars_attacks::rules::GameRng,
) -> Result<(GameState, Action), String> {
    g.check_invariants()
        .map_err(|e| format!("before the decision: {e}"))?;
    let me = g
        .to_move()
        .ok_or("nobody to move in a game that is not over")?;
    if legal.is_empty() {
        return Err(format!("no legal action in phase {:?}", g.phase()));
    }
    let view = Skirmish::new(g.clone());
    let a = player
        .choose(&view, choose)
        .ok_or_else(|| format!("{name} made no decision"))?;
    if !legal.contains(&a) {
        return Err(format!(
            "{name} chose `{a}`, not in the legal list {legal:?}"
        ));
    }
    if let Some(report) = player.last_report() {
        if side_of(report.player) != me {
            return Err(format!("{name} searched for the wrong side"));
        }
        if report.chosen != a {
            return Err(format!(
                "{name} reports `{}` but chose `{a}`",
                report.chosen
            ));
        }
        if let Some(s) = report.top.iter().find(|s| !legal.contains(&s.action)) {
            return Err(format!(
                "{name} reports unlisted root action `{}`",
                s.action
            ));
        }
    }
    if *view.state() != *g {
        return Err(format!("{name} changed the state it was shown"));
    }
    let mut next = g.clone();
    next.play(a, dice)
        .map_err(|e| format!("{name}'s `{a}` was rejected: {e}"))?;
    next.check_invariants()
        .map_err(|e| format!("after {name}'s `{a}`: {e}"))?;
    for s in Side::BOTH {
        if next.vp(s) < g.vp(s) {
            return Err(format!("{name}'s `{a}` lowered the {s}' VP"));
        }
    }
    Ok((next, a))
}

/// Plays seeded games, pairings and scenarios in turn, until at least `decisions`
/// decisions have been made and checked; panics at the first problem with the game's seed,
/// players and decision number.
fn run(decisions: u64) -> Tally {
    let scenarios = shipped_scenarios();
    let mut tally = Tally::default();
    let mut legal = Vec::new();
    let mut seed = 0u64;
    while tally.decisions < decisions {
        let (file, scenario) = &scenarios[seed as usize % scenarios.len()];
        let (a, b) = PAIRINGS[(seed / scenarios.len() as u64) as usize % PAIRINGS.len()];
        let cycle = seed / (scenarios.len() * PAIRINGS.len()) as u64;
        // Seat 0 plays the Humans.
        let specs = if cycle.is_multiple_of(2) {
            [a, b]
        } else {
            [b, a]
        };
        let mut players = specs.map(|s| spec(s).build());
        let mut dice = rng_from_seed(seed);
        let mut choose = [0, 1].map(|p| {
            let mut r = decision_rng(seed);
            r.set_stream(2 + p);
            r
        });
        let mut g = GameState::new(scenario.clone(), &mut dice);
        let mut n = 0u64;
        loop {
            g.legal_actions(&mut legal);
            if g.is_over() {
                if !legal.is_empty() || g.to_move().is_some() {
                    panic!("{file} seed {seed}: a finished game still offers decisions");
                }
                g.check_invariants()
                    .unwrap_or_else(|e| panic!("{file} seed {seed} at the end: {e}"));
                break;
            }
            assert!(
                n < GUARD,
                "{file} seed {seed} ({} v {}): runaway guard tripped",
                specs[0],
                specs[1]
            );
            let seat = usize::from(g.to_move() == Some(Side::Martians));
            let (next, _) = check_decision(
                &g,
                &legal,
                specs[seat],
                &mut players[seat],
                &mut choose[seat],
                &mut dice,
            )
            .unwrap_or_else(|e| {
                panic!(
                    "{file} seed {seed} ({} v {}), decision {n}: {e}",
                    specs[0], specs[1]
                )
            });
            tally.choices += u64::from(legal.len() > 1);
            g = next;
            n += 1;
        }
        match g.outcome() {
            Some(mars_attacks::rules::state::Outcome::Win(side, _)) => {
                tally.wins[usize::from(side == Side::Martians)] += 1;
            }
            _ => tally.draws += 1,
        }
        tally.games += 1;
        tally.decisions += n;
        seed += 1;
    }
    tally
}

fn report(label: &str, tally: &Tally, start: Instant) {
    eprintln!(
        "{label}: {} decisions ({} with a choice) in {} games, {:.1} s, 0 failures; \
         Humans won {}, Martians {}, drawn {}",
        tally.decisions,
        tally.choices,
        tally.games,
        start.elapsed().as_secs_f64(),
        tally.wins[0],
        tally.wins[1],
        tally.draws
    );
}

#[test]
fn ai_players_keep_the_rules() {
    let start = Instant::now();
    let want = target(CI_DECISIONS);
    let tally = run(want);
    assert!(tally.decisions >= want);
    assert!(tally.games > 0);
    report("AI conformance", &tally, start);
}

/// The full run: a million decisions (`--ignored`; under two minutes on one core).
#[test]
#[ignore]
fn a_million_ai_decisions_keep_the_rules() {
    let start = Instant::now();
    let want = target(FULL_DECISIONS);
    let tally = run(want);
    assert!(tally.decisions >= want);
    report("AI conformance (full)", &tally, start);
}
