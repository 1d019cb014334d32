//! After a game: how the AI valued one side's position after each of that side's
//! decisions, and the decisions where the value fell most, with what the search would
//! have played there.
//!
//! The game is replayed from its seed and decisions. At each decision of the side that
//! had a choice, one search (ISMCTS with a fixed iteration budget, so the analysis replays
//! exactly) values every move there: the decision's cost is the value of the move it
//! preferred minus the value of the move played, both from that one search. After the
//! decision the position is searched again from whoever is to move, its value turned into
//! the side's own: how far that lies from the value of the move played is luck (the dice,
//! a card drawn, a counter turned), shown apart and never counted as a mistake. Positions
//! with a single legal action are scored by the search's evaluation, the one its rollouts
//! end on.

use std::sync::Arc;

use ai::{Budget, Game, IsMcts, Player};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use rules::action::Action;
use rules::dice::rng_from_seed;
use rules::square::Side;
use rules::state::{Event, GameState, Outcome};
use rules::{Scenario, state::IllegalAction};

use super::game::{Skirmish, player_of};
use super::spec::search_config;

/// One decision of the analysed side.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Its index among the game's decisions (0 = the first).
    pub decision: usize,
    /// The Round it was made in, as the game's log heads it: the cards kept and drawn
    /// once a Round has ended belong to the Round that follows.
    pub round: u16,
    pub played: Action,
    /// The value of the move the search preferred, for the side (0..1).
    pub before: f64,
    /// The value of the move played, in the same search.
    pub chosen: f64,
    /// The value of the position after it (its dice rolled), for the side.
    pub after: f64,
    /// The move the search preferred.
    pub best: Action,
}

impl Point {
    /// What the decision cost: the value of the preferred move minus that of the move
    /// played, in the one search of the decision (0 when it played as well).
    pub fn cost(&self) -> f64 {
        (self.before - self.chosen).max(0.0)
    }

    /// What chance did after it: the value of the position after the decision minus the
    /// value the search gave the move played (above 0: the dice helped).
    pub fn luck(&self) -> f64 {
        self.after - self.chosen
    }
}

/// The analysis of one side's decisions in a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub side: Side,
    /// Search iterations per position.
    pub iterations: u64,
    /// The side's decisions where it had a choice, in order.
    pub points: Vec<Point>,
}

impl Analysis {
    /// The `n` decisions that cost the most, where the search preferred another move;
    /// the costliest first (ties: the earlier decision). Luck plays no part.
    pub fn worst(&self, n: usize) -> Vec<&Point> {
        let mut v: Vec<&Point> = self
            .points
            .iter()
            .filter(|p| p.played != p.best && p.cost() > 0.0)
            .collect();
        v.sort_by(|a, b| {
            b.cost()
                .total_cmp(&a.cost())
                .then(a.decision.cmp(&b.decision))
        });
        v.truncate(n);
        v
    }

    /// The side's choices' cost and its luck, summed over the game.
    pub fn totals(&self) -> (f64, f64) {
        let cost = self.points.iter().map(Point::cost).sum();
        let luck = self.points.iter().map(Point::luck).sum();
        (cost, luck)
    }
}

/// A search's values at one position, for the analysed side.
struct Valued {
    /// The value of the position: of the preferred move when the side decides.
    value: f64,
    /// The move the side's search preferred, and the value of `played` in it.
    best: Option<(Action, f64)>,
}

/// The value of `state` for `side`; when `side`'s search had a choice, also its
/// preferred move and the value of `played` in the same search.
fn value(
    state: &GameState,
    side: Side,
    played: Option<Action>,
    search: &mut IsMcts<Skirmish>,
    rng: &mut ChaCha8Rng,
) -> Valued {
    let plain = |value| Valued { value, best: None };
    if let Some(outcome) = state.outcome() {
        return plain(match outcome {
            Outcome::Win(w, _) if w == side => 1.0,
            Outcome::Win(..) => 0.0,
            _ => 0.5,
        });
    }
    let game = Skirmish::new(state.clone());
    let mover = state.to_move();
    let report = search
        .choose(&game, rng)
        .and_then(|_| search.last_report().cloned());
    match (mover, report) {
        (Some(m), Some(r)) if !r.top.is_empty() => {
            let v = r.top[0].mean;
            if m != side {
                return plain(1.0 - v);
            }
            // A move the search never tried is valued by a search after it.
            let chosen = match played {
                Some(a) => match r.stat(&a) {
                    Some(s) => s.mean,
                    None => {
                        let mut after = state.clone();
                        let mut scratch = ChaCha8Rng::seed_from_u64(0);
                        match after.play(a, &mut scratch) {
                            Ok(()) => value(&after, side, None, search, rng).value,
                            Err(_) => v,
                        }
                    }
                },
                None => v,
            };
            Valued {
                value: v,
                best: Some((r.top[0].action, chosen)),
            }
        }
        _ => plain(game.evaluate(player_of(side))),
    }
}

/// A decision of the game analysed that is not legal where it stands (`number` counts
/// from 1), and the rules' refusal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("decision {number} (`{action}`): {}", refused.reason())]
pub struct NotLegal {
    pub number: usize,
    pub action: Action,
    pub refused: IllegalAction,
}

/// Analyse `side`'s decisions in the game of `scenario` played from `seed` with
/// `actions`, searching `iterations` per position. `progress(done, total)` is called
/// after each position. An action that is not legal where it stands is an error naming it.
pub fn analyse(
    scenario: Arc<Scenario>,
    seed: u64,
    actions: &[Action],
    side: Side,
    iterations: u64,
    mut progress: impl FnMut(usize, usize),
) -> Result<Analysis, NotLegal> {
    let mut dice = rng_from_seed(seed);
    let mut state = GameState::new(scenario, &mut dice);
    let mut search = IsMcts::new(search_config(Budget::Iterations(iterations.max(1))));
    let mut legal = Vec::new();
    let mut points = Vec::new();
    let total = actions.len();
    // The Round as the log heads it: one more for every Round that has ended.
    let mut round = 1u16;
    let mut events: Vec<Event> = Vec::new();
    for (i, &action) in actions.iter().enumerate() {
        let mine = state.to_move() == Some(side);
        legal.clear();
        state.legal_actions(&mut legal);
        let choice = mine && legal.len() > 1;
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (i as u64).wrapping_mul(0x9E37_79B9));
        let before = choice.then(|| value(&state, side, Some(action), &mut search, &mut rng));
        let decided_in = round;
        events.clear();
        state
            .play_logged(action, &mut dice, &mut events)
            .map_err(|refused: IllegalAction| NotLegal {
                number: i + 1,
                action,
                refused,
            })?;
        round += events
            .iter()
            .filter(|e| matches!(e, Event::RoundEnded { .. }))
            .count() as u16;
        if let Some(before) = before {
            let after = value(&state, side, None, &mut search, &mut rng).value;
            let (best, chosen) = before.best.unwrap_or((action, before.value));
            points.push(Point {
                decision: i,
                round: decided_in,
                played: action,
                before: before.value,
                chosen,
                after,
                best,
            });
        }
        progress(i + 1, total);
    }
    Ok(Analysis {
        side,
        iterations,
        points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;
    use rules::scenario_file::load_scenario;

    fn scenario() -> Arc<Scenario> {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/ambush.toml");
        Arc::new(load_scenario(&path).unwrap().scenario)
    }

    /// A whole game of random decisions from `seed`, with the final state.
    fn random_game(scenario: &Arc<Scenario>, seed: u64) -> (Vec<Action>, GameState) {
        let mut dice = rng_from_seed(seed);
        let mut state = GameState::new(scenario.clone(), &mut dice);
        let mut pick = ChaCha8Rng::seed_from_u64(seed + 1);
        let mut actions = Vec::new();
        let mut legal = Vec::new();
        while !state.is_over() && actions.len() < 4000 {
            legal.clear();
            state.legal_actions(&mut legal);
            let a = legal[pick.random_range(0..legal.len())];
            state.play(a, &mut dice).unwrap();
            actions.push(a);
        }
        (actions, state)
    }

    #[test]
    fn every_choice_of_the_side_is_valued_and_the_analysis_replays() {
        let sc = scenario();
        let (actions, end) = random_game(&sc, 7);
        assert!(end.is_over(), "random games of this scenario end");
        for side in Side::BOTH {
            // The side's decisions with more than one legal action, counted by replaying.
            let mut dice = rng_from_seed(7);
            let mut state = GameState::new(sc.clone(), &mut dice);
            let mut expected = Vec::new();
            let mut legal = Vec::new();
            for (i, a) in actions.iter().enumerate() {
                legal.clear();
                state.legal_actions(&mut legal);
                if state.to_move() == Some(side) && legal.len() > 1 {
                    expected.push(i);
                }
                state.play(*a, &mut dice).unwrap();
            }
            let mut calls = 0;
            let a = analyse(sc.clone(), 7, &actions, side, 40, |done, total| {
                calls += 1;
                assert!(done <= total);
            })
            .unwrap();
            assert_eq!(calls, actions.len());
            let got: Vec<usize> = a.points.iter().map(|p| p.decision).collect();
            assert_eq!(got, expected, "{side}");
            for p in &a.points {
                assert!((0.0..=1.0).contains(&p.before) && (0.0..=1.0).contains(&p.after));
                assert!((0.0..=1.0).contains(&p.chosen));
                assert_eq!(p.played, actions[p.decision]);
                assert!(p.cost() >= 0.0);
                assert!((p.luck() - (p.after - p.chosen)).abs() < 1e-12);
                if p.played == p.best {
                    assert_eq!(p.cost(), 0.0, "the preferred move costs nothing");
                }
            }
            // The decision that ended the game is valued by its result.
            if let Some(last) = a.points.last()
                && last.decision == actions.len() - 1
            {
                let won = matches!(end.outcome(), Some(Outcome::Win(w, _)) if w == side);
                assert_eq!(last.after, if won { 1.0 } else { 0.0 });
            }
            let worst = a.worst(3);
            assert!(worst.len() <= 3);
            assert!(worst.windows(2).all(|w| w[0].cost() >= w[1].cost()));
            assert!(worst.iter().all(|p| p.played != p.best));
            let again = analyse(sc.clone(), 7, &actions, side, 40, |_, _| {}).unwrap();
            assert_eq!(again, a, "the same game and budget give the same analysis");
        }
    }

    #[test]
    fn an_illegal_decision_is_named() {
        let sc = scenario();
        let (mut actions, _) = random_game(&sc, 3);
        actions.truncate(3);
        actions.push(Action::Pass);
        actions.push(Action::Pass);
        // The first of the passes the rules refuse, counted by replaying.
        let mut dice = rng_from_seed(3);
        let mut state = GameState::new(sc.clone(), &mut dice);
        let bad = actions
            .iter()
            .position(|a| state.play(*a, &mut dice).is_err())
            .expect("a pass here is illegal");
        assert!(bad >= 3, "the first three decisions were legal");
        let e = analyse(sc, 3, &actions, Side::Humans, 10, |_, _| {}).unwrap_err();
        assert!(
            e.to_string()
                .starts_with(&format!("decision {} (`pass`)", bad + 1)),
            "{e}"
        );
    }
}
