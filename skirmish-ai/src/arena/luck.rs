//! The luck of a game, to take out of a head-to-head score.
//!
//! Each decision's luck is what its random outcome (the dice, and a card or counter drawn)
//! was worth against what the decision was worth before it was rolled: the referee's value
//! of the position it led to, less the mean value of the positions it leads to over
//! [`RESAMPLES`] other draws of the same decision from the same position. A decision with
//! nothing random in it has no luck (every draw leads to the same position). The referee's
//! value is the Humans' chance to win by the fitted evaluation on the true position (the
//! arena sees it all; no player is told), or the result once the game is over.
//!
//! A game's luck for the Humans is the sum over its decisions, and its luck-adjusted
//! result the result less that luck. Each decision's luck has mean zero whatever the
//! players do (its expectation is taken over the draws of that very decision), so the
//! adjusted score has the plain score's mean; and where the value forecasts well, it has
//! much less of the dice in it, so fewer games tell two players apart (the variance
//! reduction of backgammon's luck-adjusted results). The expectation is an average over
//! seeded draws, not an exact sum over the outcomes: the exact outcomes of a decision
//! that can roll Shoot, Survive and Rattle tests and draw cards are not enumerated.

use rules::state::{GameState, Outcome};
use rules::{Action, Side, rng_from_seed};

use crate::bot::counting::Counting;
use crate::bot::eval::fitted;

/// Draws of a decision averaged to take its expectation.
pub const RESAMPLES: u32 = 32;

/// The referee's value of `g` for the Humans: the result when it is over, else the fitted
/// chance to win.
pub fn referee_value(g: &GameState) -> f64 {
    match g.outcome() {
        Some(Outcome::Win(Side::Humans, _)) => 1.0,
        Some(Outcome::Win(Side::Martians, _)) => 0.0,
        Some(Outcome::Draw) => 0.5,
        None => fitted::SHIPPED.weights.value_for_humans(g),
    }
}

/// The luck for the Humans of `action` played from `before` that led to `after`, the
/// expectation taken over [`RESAMPLES`] draws seeded from `seed`; none (exactly 0) for a
/// decision that draws nothing from the generator.
pub fn decision_luck(before: &GameState, action: Action, after: &GameState, seed: u64) -> f64 {
    let mut total = 0.0;
    let mut copy = before.clone();
    for k in 0..RESAMPLES {
        if k > 0 {
            copy.clone_from(before);
        }
        let mut rng = rng_from_seed(ai::arena::derive_seed(seed, 0x1bc4, u64::from(k)));
        let mut counting = Counting::new(&mut rng);
        copy.apply(action, &mut counting);
        if k == 0 && counting.asked() == 0 {
            // Nothing random: every draw leads to `after`.
            return 0.0;
        }
        total += referee_value(&copy);
    }
    referee_value(after) - total / f64::from(RESAMPLES)
}

#[cfg(test)]
mod tests {
    use super::*;

    use rand::Rng as _;
    use rules::scenario_file::load_scenario;
    use std::sync::Arc;

    fn scenario() -> Arc<rules::scenario::Scenario> {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/ambush.toml");
        Arc::new(load_scenario(&path).unwrap().scenario)
    }

    /// The first position of random games from `seed` on whose decision drawn can end in
    /// positions of different values (a roll that matters), with that decision.
    fn a_roll(seed: u64) -> (GameState, Action) {
        let scenario = scenario();
        let mut picks = rng_from_seed(seed);
        let mut legal = Vec::new();
        loop {
            let mut g = GameState::new(scenario.clone(), &mut rng_from_seed(picks.random()));
            let mut dice = rng_from_seed(picks.random());
            while !g.is_over() {
                g.legal_actions(&mut legal);
                let a = legal[picks.random_range(0..legal.len())];
                let values: Vec<f64> = (0..8)
                    .map(|k| {
                        let mut after = g.clone();
                        after.apply(a, &mut rng_from_seed(k));
                        referee_value(&after)
                    })
                    .collect();
                if values.iter().any(|v| *v != values[0]) {
                    return (g, a);
                }
                g.apply(a, &mut dice);
            }
        }
    }

    #[test]
    fn a_decision_with_nothing_random_has_no_luck() {
        let g = GameState::new(scenario(), &mut rng_from_seed(3));
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        // Starting a model's action rolls nothing.
        let a = legal[0];
        assert!(matches!(a, Action::Activate(_)), "{a:?}");
        let mut after = g.clone();
        after.apply(a, &mut rng_from_seed(9));
        assert_eq!(decision_luck(&g, a, &after, 5), 0.0);
    }

    #[test]
    fn a_rolls_luck_is_what_its_outcome_was_worth_and_has_mean_zero() {
        let (g, shoot) = a_roll(11);
        // Over many actual draws the luck averages out: its mean is within four standard
        // errors of zero (the expectation it takes out is the draws' own).
        let n = 400;
        let lucks: Vec<f64> = (0..n)
            .map(|k| {
                let mut after = g.clone();
                after.apply(shoot, &mut rng_from_seed(1000 + k));
                decision_luck(&g, shoot, &after, k)
            })
            .collect();
        let mean = lucks.iter().sum::<f64>() / n as f64;
        let var = lucks.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        assert!(var > 0.0, "the roll's outcome is worth something");
        assert!(mean.abs() < 4.0 * (var / n as f64).sqrt(), "{mean} {var}");
        // The better the outcome for the Humans, the more their luck.
        let mut by_value: Vec<(f64, f64)> = (0..n)
            .map(|k| {
                let mut after = g.clone();
                after.apply(shoot, &mut rng_from_seed(1000 + k));
                (referee_value(&after), lucks[k as usize])
            })
            .collect();
        by_value.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (worst, best) = (by_value[0], by_value[by_value.len() - 1]);
        assert!(worst.1 < 0.0 && best.1 > 0.0, "{worst:?} {best:?}");
    }
}
