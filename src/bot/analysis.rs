//! After a game: how the AI valued one side's position after each of that side's
//! decisions, and the decisions where the value fell most, with what the search would
//! have played there.
//!
//! The game is replayed from its seed and decisions. Before each decision of the side
//! that had a choice, the search (ISMCTS with a fixed iteration budget, so the analysis
//! replays exactly) values the best move; after it, the position is searched again from
//! whoever is to move, and the value is turned into the side's own. A decision's loss is
//! how far the value after it lies below the best value before it. Positions with a
//! single legal action are scored by the search's evaluation, the one its rollouts end on.

use std::sync::Arc;

use ai::{Budget, Game, IsMcts, Player};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::rules::action::Action;
use crate::rules::dice::rng_from_seed;
use crate::rules::square::Side;
use crate::rules::state::{GameState, Outcome};
use crate::rules::{Scenario, state::IllegalAction};

use super::game::{Skirmish, player_of};
use super::spec::search_config;

/// One decision of the analysed side.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Its index among the game's decisions (0 = the first).
    pub decision: usize,
    pub round: u16,
    pub played: Action,
    /// The value of the best move before it, for the side (0..1).
    pub before: f64,
    /// The value of the position after it, for the side.
    pub after: f64,
    /// The move the search preferred.
    pub best: Action,
}

impl Point {
    /// How much value the decision gave away (0 when it did as well as the best).
    pub fn loss(&self) -> f64 {
        (self.before - self.after).max(0.0)
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
    /// The `n` decisions that lost the most value, where the search preferred another
    /// move; the biggest loss first (ties: the earlier decision).
    pub fn worst(&self, n: usize) -> Vec<&Point> {
        let mut v: Vec<&Point> = self
            .points
            .iter()
            .filter(|p| p.played != p.best && p.loss() > 0.0)
            .collect();
        v.sort_by(|a, b| {
            b.loss()
                .total_cmp(&a.loss())
                .then(a.decision.cmp(&b.decision))
        });
        v.truncate(n);
        v
    }
}

/// The value of `state` for `side`, and the best move when `side`'s search had a choice.
fn value(
    state: &GameState,
    side: Side,
    search: &mut IsMcts<Skirmish>,
    rng: &mut ChaCha8Rng,
) -> (f64, Option<Action>) {
    if let Some(outcome) = state.outcome() {
        return match outcome {
            Outcome::Win(w, _) if w == side => (1.0, None),
            Outcome::Win(..) => (0.0, None),
            _ => (0.5, None),
        };
    }
    let game = Skirmish::new(state.clone());
    let mover = state.to_move();
    let report = search
        .choose(&game, rng)
        .and_then(|_| search.last_report().cloned());
    match (mover, report) {
        (Some(m), Some(r)) if !r.top.is_empty() => {
            let v = r.top[0].mean;
            let best = r.top[0].action;
            if m == side {
                (v, Some(best))
            } else {
                (1.0 - v, None)
            }
        }
        _ => (game.evaluate(player_of(side)), None),
    }
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
) -> Result<Analysis, String> {
    let mut dice = rng_from_seed(seed);
    let mut state = GameState::new(scenario, &mut dice);
    let mut search = IsMcts::new(search_config(Budget::Iterations(iterations.max(1))));
    let mut legal = Vec::new();
    let mut points = Vec::new();
    let total = actions.len();
    for (i, &action) in actions.iter().enumerate() {
        let mine = state.to_move() == Some(side);
        legal.clear();
        state.legal_actions(&mut legal);
        let choice = mine && legal.len() > 1;
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (i as u64).wrapping_mul(0x9E37_79B9));
        let before = choice.then(|| value(&state, side, &mut search, &mut rng));
        let round = state.round();
        state
            .play(action, &mut dice)
            .map_err(|e: IllegalAction| format!("decision {} (`{action}`): {}", i + 1, e.reason))?;
        if let Some((before, best)) = before {
            let (after, _) = value(&state, side, &mut search, &mut rng);
            points.push(Point {
                decision: i,
                round,
                played: action,
                before,
                after,
                best: best.unwrap_or(action),
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
    use crate::rules::scenario_file::load_scenario;
    use rand::Rng as _;

    fn scenario() -> Arc<Scenario> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/ambush.toml");
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
                assert_eq!(p.played, actions[p.decision]);
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
            assert!(worst.windows(2).all(|w| w[0].loss() >= w[1].loss()));
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
            e.starts_with(&format!("decision {} (`pass`)", bad + 1)),
            "{e}"
        );
    }
}
