//! The evaluation as a chance to win: a logistic function of the position's terms
//! ([`super::terms`]), its weights fitted to the outcomes of self-play games on the
//! scenarios (`mars-attacks fit-evaluation`) and kept in `data/evaluation.toml`.
//!
//! Each feature is the Humans' term less the Martians', each side's VP-like terms divided by
//! its VP target, so that a scenario's scale of VP does not matter (a target of 1 or of 10
//! is the whole objective either way) and the value is the same game seen from either
//! side: the Martians' chance is one less the Humans'. The threat of the models still to act
//! is split by whose Turn comes next (the side to move, and the other), which is the only
//! place the Turn enters: the search scores positions at the start of a Turn.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::bot::eval::terms::{SideTerms, side_terms};
use crate::bot::eval::time_left;
use rules::square::Side;
use rules::state::GameState;

/// The number of features.
pub const FEATURES: usize = 16;

/// The features' names, as in the data file, in the order of [`features`].
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "vp",
    "material",
    "threat_mover",
    "threat_other",
    "threat_later",
    "fight",
    "approach",
    "exits",
    "holds",
    "counters",
    "cards",
    "survival",
    "vp_squared",
    "mover",
    "vp_late",
    "escape",
];

/// The features of `g` (see the module documentation), Humans less Martians.
pub fn features(g: &GameState) -> [f64; FEATURES] {
    features_of_terms(
        g,
        &side_terms(g, Side::Humans),
        &side_terms(g, Side::Martians),
    )
}

/// The features of `g` from its sides' terms `h` (the Humans') and `m`, worked out once
/// by a caller that reads them too (the learnt value).
pub fn features_of_terms(g: &GameState, h: &SideTerms, m: &SideTerms) -> [f64; FEATURES] {
    let sc = g.scenario();
    let th = f64::from(sc.vp_target(Side::Humans).max(1));
    let tm = f64::from(sc.vp_target(Side::Martians).max(1));
    let diff = |f: fn(&SideTerms) -> f64| f(h) / th - f(m) / tm;
    let mover = g.turn_player();
    let (sign, mover_threat, other_threat) = match mover {
        Side::Humans => (1.0, h.threat_ready / th, m.threat_ready / tm),
        Side::Martians => (-1.0, m.threat_ready / tm, h.threat_ready / th),
    };
    let vp = diff(|t| t.vp);
    let (ph, pm) = ((h.vp / th).min(1.0), (m.vp / tm).min(1.0));
    [
        vp,
        h.material - m.material,
        sign * mover_threat,
        -sign * other_threat,
        diff(|t| t.threat_later),
        diff(|t| t.fight),
        h.approach - m.approach,
        diff(|t| t.exits),
        diff(|t| t.holds),
        diff(|t| t.counters),
        diff(|t| t.cards),
        h.survival - m.survival,
        ph * ph - pm * pm,
        sign,
        vp * (1.0 - time_left(g)),
        diff(|t| t.escape),
    ]
}

/// The weighted sum of the features `x` with weights `w`: the logistic's argument.
#[inline]
fn dot(w: &[f64; FEATURES], x: &[f64; FEATURES]) -> f64 {
    w.iter().zip(x).map(|(w, x)| w * x).sum()
}

/// The logistic function.
#[inline]
pub fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The weights of the features, and how they were fitted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvaluationFile {
    /// One weight per feature, by name.
    pub weights: Weights,
    /// How the weights were fitted.
    pub fit: FitRecord,
}

/// The weight of each feature (see [`FEATURE_NAMES`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    pub vp: f64,
    pub material: f64,
    pub threat_mover: f64,
    pub threat_other: f64,
    pub threat_later: f64,
    pub fight: f64,
    pub approach: f64,
    pub exits: f64,
    pub holds: f64,
    pub counters: f64,
    pub cards: f64,
    pub survival: f64,
    pub vp_squared: f64,
    pub mover: f64,
    pub vp_late: f64,
    pub escape: f64,
}

impl Weights {
    /// The weights in the order of [`FEATURE_NAMES`].
    pub fn to_array(self) -> [f64; FEATURES] {
        [
            self.vp,
            self.material,
            self.threat_mover,
            self.threat_other,
            self.threat_later,
            self.fight,
            self.approach,
            self.exits,
            self.holds,
            self.counters,
            self.cards,
            self.survival,
            self.vp_squared,
            self.mover,
            self.vp_late,
            self.escape,
        ]
    }

    /// The weights from an array in the order of [`FEATURE_NAMES`].
    pub fn from_array(w: [f64; FEATURES]) -> Weights {
        Weights {
            vp: w[0],
            material: w[1],
            threat_mover: w[2],
            threat_other: w[3],
            threat_later: w[4],
            fight: w[5],
            approach: w[6],
            exits: w[7],
            holds: w[8],
            counters: w[9],
            cards: w[10],
            survival: w[11],
            vp_squared: w[12],
            mover: w[13],
            vp_late: w[14],
            escape: w[15],
        }
    }

    /// The Humans' chance to win in `g`.
    pub fn value_for_humans(&self, g: &GameState) -> f64 {
        self.value_of(&features(g))
    }

    /// The Humans' chance to win with these features.
    pub fn value_of(&self, x: &[f64; FEATURES]) -> f64 {
        let w = self.to_array();
        logistic(dot(&w, x))
    }
}

/// What a fit measured, as recorded in the data file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FitRecord {
    /// The players of the self-play games.
    pub players: String,
    /// The scenarios' names.
    pub scenarios: Vec<String>,
    /// Games played, and of them held out of the fit to measure it.
    pub games: u64,
    pub held_out_games: u64,
    /// Positions (the start of each Turn) fitted on, and held out.
    pub positions: u64,
    pub held_out_positions: u64,
    /// On the held-out positions: log-loss and Brier score of the fitted value, and of the
    /// value it replaced.
    pub log_loss: f64,
    pub brier: f64,
    pub log_loss_before: f64,
    pub brier_before: f64,
}

/// The shipped weights, from `data/evaluation.toml`.
pub static SHIPPED: LazyLock<EvaluationFile> = LazyLock::new(|| {
    toml::from_str(include_str!("../../../../data/evaluation.toml"))
        .expect("data/evaluation.toml is a valid evaluation file")
});

/// One position of a game and how the game ended for the Humans (1 won, 0 lost, 0.5 drawn).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub x: [f64; FEATURES],
    pub outcome: f64,
}

/// Features whose weight may not be negative: more of what the rules reward (VP, the
/// force in play, the threat of the side to move, the pull of exits, zones and counters,
/// cards, the chance to survive, the models that can still get away in time) never counts
/// against a side, whatever a fit on the scenarios at hand would make of it.
pub const NON_NEGATIVE: [bool; FEATURES] = [
    true, true, true, false, false, false, false, true, true, true, true, true, true, false, false,
    true,
];

/// The penalised loss [`fit`] minimises: the summed log-loss of the logistic of `w` over
/// `samples`, plus `l2 / 2` times the squared distance of `w` from `prior`.
fn penalised_loss(
    samples: &[Sample],
    w: &[f64; FEATURES],
    l2: f64,
    prior: &[f64; FEATURES],
) -> f64 {
    let data: f64 = samples
        .iter()
        .map(|s| sample_loss(dot(w, &s.x), s.outcome))
        .sum();
    let penalty: f64 = w.iter().zip(prior).map(|(w, p)| (w - p) * (w - p)).sum();
    data + 0.5 * l2 * penalty
}

/// The log-loss of the logistic of `z` for `outcome`, computed without overflow for any
/// `z`: `ln(1 + e^z) - outcome z`.
#[inline]
fn sample_loss(z: f64, outcome: f64) -> f64 {
    let softplus = if z > 0.0 {
        z + (-z).exp().ln_1p()
    } else {
        z.exp().ln_1p()
    };
    softplus - outcome * z
}

/// The weights minimising the log-loss of the logistic over `samples`, with an L2 penalty
/// `l2` on each weight's distance from `prior`, and the weights of [`NON_NEGATIVE`]
/// features kept at zero or above: projected Newton's method from `prior` (the loss is
/// convex). A constrained weight at zero whose gradient would take it below stays there
/// for that step; every step is halved until the penalised loss does not rise, so that the
/// fit cannot run away from a poor start. A feature the samples never exercise keeps its
/// prior weight, and so does every feature not `free`.
#[allow(clippy::needless_range_loop)] // the Newton step's gradient and Hessian, by index
pub fn fit(
    samples: &[Sample],
    l2: f64,
    prior: [f64; FEATURES],
    free: [bool; FEATURES],
) -> [f64; FEATURES] {
    let mut w = prior;
    for (i, p) in prior.iter().enumerate() {
        w[i] = if NON_NEGATIVE[i] && free[i] {
            p.max(0.0)
        } else {
            *p
        };
    }
    let mut loss = penalised_loss(samples, &w, l2, &prior);
    for _ in 0..100 {
        let mut grad = [0.0; FEATURES];
        let mut hess = [[0.0; FEATURES]; FEATURES];
        for s in samples {
            let p = logistic(dot(&w, &s.x));
            let r = p - s.outcome;
            let v = p * (1.0 - p);
            for i in 0..FEATURES {
                grad[i] += r * s.x[i];
                for j in 0..=i {
                    hess[i][j] += v * s.x[i] * s.x[j];
                }
            }
        }
        for i in 0..FEATURES {
            grad[i] += l2 * (w[i] - prior[i]);
            hess[i][i] += l2;
            for j in 0..i {
                hess[j][i] = hess[i][j];
            }
        }
        // A weight held at its bound for this step, or not free, leaves the system.
        let held: [bool; FEATURES] =
            std::array::from_fn(|i| !free[i] || (NON_NEGATIVE[i] && w[i] <= 0.0 && grad[i] > 0.0));
        for i in 0..FEATURES {
            if held[i] {
                grad[i] = 0.0;
                for j in 0..FEATURES {
                    hess[i][j] = 0.0;
                    hess[j][i] = 0.0;
                }
                hess[i][i] = 1.0;
            }
        }
        let Some(step) = solve(hess, grad) else { break };
        // The projected step, halved until the loss does not rise.
        let mut scale = 1.0;
        let accepted = loop {
            let next: [f64; FEATURES] = std::array::from_fn(|i| {
                if !free[i] {
                    return w[i];
                }
                let v = w[i] - scale * step[i];
                if NON_NEGATIVE[i] { v.max(0.0) } else { v }
            });
            let next_loss = penalised_loss(samples, &next, l2, &prior);
            if next_loss <= loss {
                break Some((next, next_loss));
            }
            scale *= 0.5;
            if scale < 1e-9 {
                break None;
            }
        };
        let Some((next, next_loss)) = accepted else {
            break;
        };
        let moved = w
            .iter()
            .zip(&next)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f64, f64::max);
        w = next;
        loss = next_loss;
        if moved < 1e-9 {
            break;
        }
    }
    w
}

/// The factor `k` for which the logistic of `k` times the value of `w` fits `samples`
/// best (log-loss), by Newton's method on the one number, each step halved until the loss
/// does not rise.
pub fn fit_scale(samples: &[Sample], w: [f64; FEATURES]) -> f64 {
    let z: Vec<(f64, f64)> = samples.iter().map(|s| (dot(&w, &s.x), s.outcome)).collect();
    let loss_at = |k: f64| -> f64 { z.iter().map(|&(z, y)| sample_loss(k * z, y)).sum() };
    let mut k = 1.0;
    let mut loss = loss_at(k);
    for _ in 0..50 {
        let (mut g, mut h) = (0.0, 1e-9);
        for &(z, y) in &z {
            let p = logistic(k * z);
            g += (p - y) * z;
            h += p * (1.0 - p) * z * z;
        }
        let step = g / h;
        let mut scale = 1.0;
        let mut moved = false;
        while scale >= 1e-9 {
            let next = k - scale * step;
            let next_loss = loss_at(next);
            if next_loss <= loss {
                moved = (next - k).abs() >= 1e-9;
                k = next;
                loss = next_loss;
                break;
            }
            scale *= 0.5;
        }
        if !moved {
            break;
        }
    }
    k
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` when `a` is
/// singular.
#[allow(clippy::needless_range_loop)] // matrix rows and columns read best by index
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> Option<[f64; FEATURES]> {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..FEATURES {
            let f = a[row][col] / a[col][col];
            for k in col..FEATURES {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let s: f64 = (row + 1..FEATURES).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    Some(x)
}

/// The mean log-loss (natural log) of predictions `p` of outcomes `y`; predictions are
/// kept within `[1e-6, 1 - 1e-6]`.
pub fn log_loss(pairs: impl Iterator<Item = (f64, f64)>) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for (p, y) in pairs {
        let p = p.clamp(1e-6, 1.0 - 1e-6);
        sum -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        n += 1;
    }
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// The mean squared error (Brier score) of predictions `p` of outcomes `y`.
pub fn brier(pairs: impl Iterator<Item = (f64, f64)>) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for (p, y) in pairs {
        sum += (p - y) * (p - y);
        n += 1;
    }
    if n == 0 { 0.0 } else { sum / n as f64 }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Outcomes drawn from a known logistic model are fitted back to its weights.
    #[test]
    fn the_fit_recovers_the_weights_of_a_known_logistic() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut truth = [0.0; FEATURES];
        truth[0] = 2.0;
        truth[3] = -1.0;
        truth[8] = 0.7;
        truth[13] = 0.5;
        let samples: Vec<Sample> = (0..40_000)
            .map(|_| {
                let mut x = [0.0; FEATURES];
                for v in &mut x {
                    *v = rng.random_range(-1.0..1.0);
                }
                let p = logistic(truth.iter().zip(&x).map(|(w, x)| w * x).sum());
                Sample {
                    x,
                    outcome: f64::from(u8::from(rng.random::<f64>() < p)),
                }
            })
            .collect();
        let w = fit(&samples, 1e-3, [0.0; FEATURES], [true; FEATURES]);
        for (got, want) in w.iter().zip(truth) {
            assert!((got - want).abs() < 0.1, "{w:?}");
        }
    }

    /// Samples of one feature drawn from a logistic with weight 2.
    fn one_feature_samples(n: usize) -> Vec<Sample> {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        (0..n)
            .map(|_| {
                let mut x = [0.0; FEATURES];
                x[0] = rng.random_range(-1.0..1.0);
                let p = logistic(2.0 * x[0]);
                Sample {
                    x,
                    outcome: f64::from(u8::from(rng.random::<f64>() < p)),
                }
            })
            .collect()
    }

    /// A start a thousand times too steep saturates the logistic, where a plain Newton step
    /// on the scale overshoots by orders of magnitude: the halved steps still find the
    /// scale (near 1/1000), and the fit from that far prior still finds the weight.
    #[test]
    fn a_far_start_does_not_run_away() {
        let samples = one_feature_samples(20_000);
        let mut steep = [0.0; FEATURES];
        steep[0] = 2000.0;
        let k = fit_scale(&samples, steep);
        assert!((k * 2000.0 - 2.0).abs() < 0.2, "scale {k}");
        let w = fit(&samples, 1e-3, steep, [true; FEATURES]);
        assert!((w[0] - 2.0).abs() < 0.2, "{w:?}");
        let mut shallow = [0.0; FEATURES];
        shallow[0] = 1e-4;
        let k = fit_scale(&samples, shallow);
        assert!((k * 1e-4 - 2.0).abs() < 0.2, "scale {k}");
    }

    /// A fit of some weights moves only those: the others keep their given values exactly,
    /// and the free ones find their true values beside them.
    #[test]
    fn a_fit_of_some_weights_keeps_the_others() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let samples: Vec<Sample> = (0..40_000)
            .map(|_| {
                let mut x = [0.0; FEATURES];
                x[0] = rng.random_range(-1.0..1.0);
                x[7] = rng.random_range(0.0..1.0);
                let p = logistic(2.0 * x[0] + 1.5 * x[7]);
                Sample {
                    x,
                    outcome: f64::from(u8::from(rng.random::<f64>() < p)),
                }
            })
            .collect();
        let mut kept = [0.0; FEATURES];
        kept[0] = 2.0;
        kept[8] = 0.25;
        let mut free = [false; FEATURES];
        free[7] = true;
        let w = fit(&samples, 1e-3, kept, free);
        assert!((w[7] - 1.5).abs() < 0.1, "{w:?}");
        for i in (0..FEATURES).filter(|&i| i != 7) {
            assert_eq!(w[i], kept[i], "weight {i} moved: {w:?}");
        }
    }

    #[test]
    fn log_loss_and_brier_of_certain_and_even_predictions() {
        assert!(log_loss([(1.0, 1.0), (0.0, 0.0)].into_iter()) < 1e-5);
        let even = log_loss([(0.5, 1.0), (0.5, 0.0)].into_iter());
        assert!((even - std::f64::consts::LN_2).abs() < 1e-12);
        assert_eq!(brier([(0.5, 1.0), (0.5, 0.0)].into_iter()), 0.25);
        assert_eq!(brier([(1.0, 0.0)].into_iter()), 1.0);
    }

    #[test]
    fn the_shipped_weights_load_and_the_value_is_the_same_game_from_either_side() {
        let w = SHIPPED.weights;
        let mut x = [0.0; FEATURES];
        x[0] = 0.3;
        x[13] = 1.0;
        let neg: [f64; FEATURES] = x.map(|v| -v);
        assert!((w.value_of(&x) + w.value_of(&neg) - 1.0).abs() < 1e-12);
    }
}
