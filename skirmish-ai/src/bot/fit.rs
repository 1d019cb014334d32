//! Fitting the evaluation to outcomes: self-play games on the scenarios, the position at the
//! start of every Turn with how the game ended, a logistic regression of the winner on the
//! features of [`eval::fitted`] with a fifth of the games held out, and the held-out
//! log-loss and Brier score of the fit and of the evaluation it replaces.

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use rules::scenario::Scenario;
use rules::state::{Outcome, Phase};
use rules::{Side, rng_from_seed};

use super::Skirmish;
use super::eval::fitted::{self, EvaluationFile, FEATURES, FitRecord, Sample, Weights};
use super::eval::{self, Weights as HandSet};
use super::spec::PlayerSpec;

/// A position from a self-play game: its game, its features, the outcome for the Humans,
/// and the value the hand-set evaluation gave it.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    /// The game's number over the whole run (scenario by scenario).
    pub game: u64,
    pub sample: Sample,
    pub hand_set: f64,
}

/// The runaway guard of a self-play game, in decisions.
const GUARD: u64 = 20_000;

/// Plays game `index` of `scenario` between two `spec` players, seeded by `seed`, and
/// returns the positions at the start of each Turn (none if the guard stopped the game).
pub fn self_play(
    scenario: &Arc<Scenario>,
    spec: PlayerSpec,
    seed: u64,
    index: u64,
    game: u64,
) -> Vec<Position> {
    use ai::{Game, Player};
    let mix = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    let mut dice = rng_from_seed(mix);
    let mut state = Skirmish::new(rules::GameState::new(scenario.clone(), &mut dice));
    let mut players = [spec.build(), spec.build()];
    let mut rngs = [
        ChaCha8Rng::seed_from_u64(mix ^ 1),
        ChaCha8Rng::seed_from_u64(mix ^ 2),
    ];
    let mut x = Vec::new();
    let mut last_turn = None;
    let mut decisions = 0;
    while !state.is_terminal() {
        if decisions >= GUARD {
            return Vec::new();
        }
        let g = state.state();
        if g.phase() == Phase::TurnStart && last_turn != Some(g.turn_number()) {
            last_turn = Some(g.turn_number());
            x.push((fitted::features(g), eval::evaluate(g, &HandSet::default())));
        }
        let seat = state.to_move();
        let Some(a) = players[seat].choose(&state, &mut rngs[seat]) else {
            return Vec::new();
        };
        state.apply(a, &mut dice);
        decisions += 1;
    }
    let outcome = match state.state().outcome() {
        Some(Outcome::Win(Side::Humans, _)) => 1.0,
        Some(Outcome::Win(Side::Martians, _)) => 0.0,
        _ => 0.5,
    };
    x.into_iter()
        .map(|(x, hand_set)| Position {
            game,
            sample: Sample { x, outcome },
            hand_set,
        })
        .collect()
}

/// Is game `game` held out of the fit? Every fifth game of the run.
pub fn held_out(game: u64) -> bool {
    game.is_multiple_of(5)
}

/// The hand-set evaluation's weights on the features (its terms in the same units, as
/// [`eval::evaluate`] weighs them with [`HandSet::default`] and a target of 8): the
/// prior of a fit.
pub const HAND_SET: Weights = Weights {
    vp: 4.0,
    material: 4.0,
    threat_mover: 2.8,
    threat_other: 1.8,
    threat_later: 1.0,
    fight: 2.8,
    approach: 0.04,
    exits: 2.4,
    holds: 3.2,
    counters: 4.0,
    cards: 4.0,
    survival: 4.0,
    vp_squared: 0.0,
    mover: 0.0,
    vp_late: 0.0,
    escape: 0.0,
};

/// The L2 penalty of the fit, per position.
pub const L2: f64 = 2e-3;

/// Which weights a fit moves: all of them from the hand-set prior, or only some, the
/// others kept as they are in a set of weights (the ones the program was built with).
#[derive(Clone, Copy, Debug)]
pub enum Refit {
    All,
    Only {
        free: [bool; FEATURES],
        kept: Weights,
    },
}

/// Fits the weights on the positions not held out and measures them, and the hand-set
/// evaluation, on those held out.
pub fn fit_positions(
    positions: &[Position],
    players: String,
    scenarios: Vec<String>,
    games: u64,
    refit: Refit,
) -> EvaluationFile {
    let (test, train): (Vec<&Position>, Vec<&Position>) =
        positions.iter().partition(|p| held_out(p.game));
    let samples: Vec<Sample> = train.iter().map(|p| p.sample).collect();
    let l2 = L2 * samples.len() as f64;
    let w = match refit {
        Refit::All => {
            // The prior: the hand-set weights, scaled to fit these games as a whole; each
            // weight then moves from it as far as the games say (a feature they never
            // exercise, such as zones to hold on scenarios without any, keeps its prior).
            let hand_set = HAND_SET.to_array();
            let k = fitted::fit_scale(&samples, hand_set);
            let prior = hand_set.map(|w| k * w);
            fitted::fit(&samples, l2, prior, [true; FEATURES])
        }
        // The free weights move from where they are; the others stay.
        Refit::Only { free, kept } => fitted::fit(&samples, l2, kept.to_array(), free),
    };
    let w = Weights::from_array(w);
    let after = || {
        test.iter()
            .map(|p| (w.value_of(&p.sample.x), p.sample.outcome))
    };
    let before = || test.iter().map(|p| (p.hand_set, p.sample.outcome));
    let mut held_games: Vec<u64> = test.iter().map(|p| p.game).collect();
    held_games.dedup();
    EvaluationFile {
        weights: w,
        fit: FitRecord {
            players,
            scenarios,
            games,
            held_out_games: held_games.len() as u64,
            positions: train.len() as u64,
            held_out_positions: test.len() as u64,
            log_loss: round6(fitted::log_loss(after())),
            brier: round6(fitted::brier(after())),
            log_loss_before: round6(fitted::log_loss(before())),
            brier_before: round6(fitted::brier(before())),
        },
    }
}

/// The held-out log-loss and Brier score of `weights` on `positions` (the games
/// [`held_out`] of a fit): how the weights a program is built with fare on new games, beside
/// a new fit of them.
pub fn held_out_scores(positions: &[Position], weights: &Weights) -> (f64, f64) {
    let test = || {
        positions
            .iter()
            .filter(|p| held_out(p.game))
            .map(|p| (weights.value_of(&p.sample.x), p.sample.outcome))
    };
    (
        round6(fitted::log_loss(test())),
        round6(fitted::brier(test())),
    )
}

fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::eval::fitted::FEATURES;

    fn position(game: u64, x0: f64, outcome: f64) -> Position {
        let mut x = [0.0; FEATURES];
        x[0] = x0;
        Position {
            game,
            sample: Sample { x, outcome },
            hand_set: 0.5,
        }
    }

    /// Only the held-out games (every fifth) are scored: with all weights 0 every value is
    /// an even 0.5, so the log-loss is ln 2 and the Brier score 1/4 whatever the outcomes,
    /// and a weight on the first feature scores the held-out positions alone.
    #[test]
    fn the_weights_built_in_are_scored_on_the_held_out_games_only() {
        let positions = [
            position(0, 1.0, 1.0),
            position(5, -1.0, 0.0),
            // Not held out: a position this weight gets badly wrong, which must not count.
            position(1, 1.0, 0.0),
        ];
        let zero = Weights::from_array([0.0; FEATURES]);
        let (log_loss, brier) = held_out_scores(&positions, &zero);
        assert!((log_loss - round6(std::f64::consts::LN_2)).abs() < 1e-12);
        assert_eq!(brier, 0.25);
        let mut w = [0.0; FEATURES];
        w[0] = 2.0;
        let (log_loss, brier) = held_out_scores(&positions, &Weights::from_array(w));
        // Both held-out positions are predicted right with p = logistic(2).
        let p = 1.0 / (1.0 + (-2.0f64).exp());
        assert!((log_loss - round6(-p.ln())).abs() < 1e-12);
        assert!((brier - round6((1.0 - p) * (1.0 - p))).abs() < 1e-12);
    }
}
