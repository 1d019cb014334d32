//! Training the value network on self-play samples: log-loss of the game's result for the
//! side to move, minimised by Adam over shuffled mini-batches, from weights drawn from the
//! run's seed, so a training replays exactly. The first layer's weights are updated only
//! for the inputs a batch used (the others' gradients are zero), as embeddings are.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::data::Samples;
use super::features::{INPUTS, Input};
use super::net::{Activations, H1, H2, ValueNet, sigmoid};

/// How to train.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    pub seed: u64,
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions a step.
    pub batch: usize,
    /// Adam's step size in the first epoch; halved each epoch after.
    pub learning_rate: f32,
    /// Weight decay of the hidden layers (L2, times the step size).
    pub decay: f32,
    /// The weight of the game's result in the target; the rest is the search's value of
    /// the position (which varies within a game, so a game's result is not learnt by
    /// heart from its positions).
    pub outcome_weight: f32,
    /// Learn a correction to the shipped logistic: the network's output is added to the
    /// logistic's logit, and starts at nothing (the output layer's weights at zero).
    pub residual: bool,
    /// Go on from these weights instead of drawing the first ones from `seed` (a second
    /// round of self-play refining the first round's network).
    pub start: Option<std::sync::Arc<ValueNet>>,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            seed: 58,
            epochs: 1,
            batch: 256,
            learning_rate: 1e-3,
            decay: 1e-5,
            outcome_weight: 0.0,
            residual: true,
            start: None,
        }
    }
}

/// A forecast's log-loss and Brier score over some positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Scores {
    pub positions: usize,
    pub log_loss: f64,
    pub brier: f64,
}

impl Scores {
    fn of(pairs: impl Iterator<Item = (f32, f32)>) -> Scores {
        let (mut n, mut ll, mut br) = (0usize, 0.0f64, 0.0f64);
        for (p, t) in pairs {
            let p = f64::from(p).clamp(1e-6, 1.0 - 1e-6);
            let t = f64::from(t);
            ll -= t * p.ln() + (1.0 - t) * (1.0 - p).ln();
            br += (p - t) * (p - t);
            n += 1;
        }
        let d = n.max(1) as f64;
        Scores {
            positions: n,
            log_loss: ll / d,
            brier: br / d,
        }
    }
}

/// One epoch's result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    pub epoch: u32,
    pub train: Scores,
    pub held_out: Scores,
}

/// The network after training and what each epoch measured, beside the shipped logistic
/// on the same held-out positions.
#[derive(Clone, Debug)]
pub struct Trained {
    pub net: ValueNet,
    pub epochs: Vec<EpochReport>,
    pub baseline: Scores,
    pub train_positions: usize,
}

/// The logit of a chance.
pub fn logit(p: f32) -> f32 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    (p / (1.0 - p)).ln()
}

/// What the network's output is added to at position `k`: the logistic's logit when it
/// learns a correction, else nothing.
fn offset(samples: &Samples, residual: bool, k: usize) -> f32 {
    if residual {
        logit(samples.baseline[k])
    } else {
        0.0
    }
}

/// The network's forecasts on the positions `which` picks.
pub fn evaluate(
    net: &ValueNet,
    samples: &Samples,
    residual: bool,
    which: impl Fn(usize) -> bool,
) -> Scores {
    let mut x = Input::default();
    let mut a = Activations::default();
    Scores::of((0..samples.len()).filter(|&k| which(k)).map(|k| {
        samples.input(k, &mut x);
        net.forward(&x, &mut a);
        (
            sigmoid(a.logit + offset(samples, residual, k)),
            samples.target[k],
        )
    }))
}

/// Adam's moments of one array of weights.
struct Moments {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Moments {
    fn new(n: usize) -> Moments {
        Moments {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPS: f32 = 1e-8;

#[inline]
fn adam(w: &mut f32, g: f32, m: &mut f32, v: &mut f32, lr: f32, c1: f32, c2: f32) {
    *m = BETA1 * *m + (1.0 - BETA1) * g;
    *v = BETA2 * *v + (1.0 - BETA2) * g * g;
    *w -= lr * (*m / c1) / ((*v / c2).sqrt() + EPS);
}

/// Weights drawn for a network of ReLU units (He's scale), from `rng`; the output's at
/// zero for a correction, which then starts at nothing.
fn initial(rng: &mut ChaCha8Rng, residual: bool) -> ValueNet {
    let mut net = ValueNet::zeros();
    let mut draw = |fan_in: usize| {
        let s = (2.0 / fan_in as f32).sqrt();
        (rng.random::<f32>() * 2.0 - 1.0) * s * 3f32.sqrt()
    };
    // Positions have about a hundred inputs that are not zero: the first layer's scale is
    // for that many.
    for row in net.w1.iter_mut() {
        for w in row.iter_mut() {
            *w = draw(100) * 0.5;
        }
    }
    for row in net.w2.iter_mut() {
        for w in row.iter_mut() {
            *w = draw(H1);
        }
    }
    for w in net.w3.iter_mut() {
        let d = draw(H2) * 0.5;
        *w = if residual { 0.0 } else { d };
    }
    net
}

/// Trains a network on the positions of `samples` that are not held out, reporting each
/// epoch's scores to `report` as it ends.
// The weights, their gradients and Adam's moments are parallel arrays, indexed alike.
#[allow(clippy::needless_range_loop)]
pub fn train(
    samples: &Samples,
    config: &TrainConfig,
    mut report: impl FnMut(&EpochReport),
) -> Trained {
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let mut net = match &config.start {
        Some(start) => (**start).clone(),
        None => initial(&mut rng, config.residual),
    };
    let baseline = Scores::of(
        (0..samples.len())
            .filter(|&k| samples.held_out[k])
            .map(|k| (samples.baseline[k], samples.target[k])),
    );
    let mut order: Vec<usize> = (0..samples.len())
        .filter(|&k| !samples.held_out[k])
        .collect();
    let train_positions = order.len();
    let mut m1 = Moments::new(INPUTS * H1);
    let mut mb1 = Moments::new(H1);
    let mut m2 = Moments::new(H2 * H1);
    let mut mb2 = Moments::new(H2);
    let mut m3 = Moments::new(H2);
    let mut mb3 = Moments::new(1);
    // The gradients of a batch; the first layer's only for the inputs it used.
    let mut g1 = vec![[0.0f32; H1]; INPUTS];
    let mut used = vec![false; INPUTS];
    let mut touched: Vec<usize> = Vec::new();
    let mut gb1 = [0.0f32; H1];
    let mut g2 = vec![[0.0f32; H1]; H2];
    let mut gb2 = [0.0f32; H2];
    let mut g3 = [0.0f32; H2];
    let mut gb3 = 0.0f32;
    let mut x = Input::default();
    let mut a = Activations::default();
    let mut step = 0i32;
    let mut epochs = Vec::new();
    for epoch in 0..config.epochs {
        // Fisher-Yates with the run's generator.
        for i in (1..order.len()).rev() {
            let j = rng.random_range(0..=i);
            order.swap(i, j);
        }
        let lr = config.learning_rate * 0.5f32.powi(epoch as i32);
        for batch in order.chunks(config.batch) {
            let scale = 1.0 / batch.len() as f32;
            for &k in batch {
                samples.input(k, &mut x);
                net.forward(&x, &mut a);
                let w = config.outcome_weight;
                let target = w * samples.target[k] + (1.0 - w) * samples.search[k];
                let y = a.logit + offset(samples, config.residual, k);
                let dy = (sigmoid(y) - target) * scale;
                gb3 += dy;
                let mut dz2 = [0.0f32; H2];
                for j in 0..H2 {
                    g3[j] += dy * a.h2[j];
                    if a.z2[j] > 0.0 {
                        dz2[j] = dy * net.w3[j];
                    }
                }
                let mut dz1 = [0.0f32; H1];
                for j in 0..H2 {
                    if dz2[j] == 0.0 {
                        continue;
                    }
                    gb2[j] += dz2[j];
                    let (g, w) = (&mut g2[j], &net.w2[j]);
                    for u in 0..H1 {
                        g[u] += dz2[j] * a.h1[u];
                        dz1[u] += dz2[j] * w[u];
                    }
                }
                for u in 0..H1 {
                    if a.z1[u] <= 0.0 {
                        dz1[u] = 0.0;
                    }
                    gb1[u] += dz1[u];
                }
                for (i, v) in x.pairs() {
                    if !used[i] {
                        used[i] = true;
                        touched.push(i);
                    }
                    for (g, d) in g1[i].iter_mut().zip(&dz1) {
                        *g += v * d;
                    }
                }
            }
            step += 1;
            let c1 = 1.0 - BETA1.powi(step);
            let c2 = 1.0 - BETA2.powi(step);
            for &i in &touched {
                for u in 0..H1 {
                    let at = i * H1 + u;
                    adam(
                        &mut net.w1[i][u],
                        g1[i][u],
                        &mut m1.m[at],
                        &mut m1.v[at],
                        lr,
                        c1,
                        c2,
                    );
                    g1[i][u] = 0.0;
                }
                used[i] = false;
            }
            touched.clear();
            for u in 0..H1 {
                adam(
                    &mut net.b1[u],
                    gb1[u],
                    &mut mb1.m[u],
                    &mut mb1.v[u],
                    lr,
                    c1,
                    c2,
                );
                gb1[u] = 0.0;
            }
            for j in 0..H2 {
                for u in 0..H1 {
                    let at = j * H1 + u;
                    let g = g2[j][u] + config.decay * net.w2[j][u];
                    adam(
                        &mut net.w2[j][u],
                        g,
                        &mut m2.m[at],
                        &mut m2.v[at],
                        lr,
                        c1,
                        c2,
                    );
                    g2[j][u] = 0.0;
                }
                adam(
                    &mut net.b2[j],
                    gb2[j],
                    &mut mb2.m[j],
                    &mut mb2.v[j],
                    lr,
                    c1,
                    c2,
                );
                gb2[j] = 0.0;
                let g = g3[j] + config.decay * net.w3[j];
                adam(&mut net.w3[j], g, &mut m3.m[j], &mut m3.v[j], lr, c1, c2);
                g3[j] = 0.0;
            }
            adam(&mut net.b3, gb3, &mut mb3.m[0], &mut mb3.v[0], lr, c1, c2);
            gb3 = 0.0;
        }
        let r = EpochReport {
            epoch: epoch + 1,
            train: evaluate(&net, samples, config.residual, |k| {
                !samples.held_out[k] && k % 7 == 0
            }),
            held_out: evaluate(&net, samples, config.residual, |k| samples.held_out[k]),
        };
        report(&r);
        epochs.push(r);
    }
    Trained {
        net,
        epochs,
        baseline,
        train_positions,
    }
}
