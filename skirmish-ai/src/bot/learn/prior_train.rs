//! Fitting the learnt prior ([`super::prior`]) to the search's visits in self-play files:
//! each searched position's legal actions as its side saw them, their action scores and
//! the share of the root's iterations each had. The fit minimises the cross-entropy of
//! the visit shares under the prior (a convex problem: the logits are linear in the
//! weights), by Adam on shuffled batches; the held-out games (a tenth, as for the value,
//! [`super::data::is_held_out`]) measure it beside greedy's softmax on the same positions.

use std::path::Path;
use std::sync::Arc;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use rules::scenario::Scenario;
use rules::state::GameState;
use rules::{Action, rng_from_seed};

use super::data::{DataError, is_held_out, map_games};
use super::prior::{ActionKind, Crowds, KINDS, KindWeights, PriorWeights};
use crate::bot::eval;
use crate::bot::game::family_softmax;
use crate::bot::selfplay::SelfPlayGame;
use crate::bot::spec::PUCT;

/// The positions' legal actions, one run of arrays.
#[derive(Clone, Debug, Default)]
pub struct PriorSamples {
    /// Each action's kind ([`ActionKind::index`]).
    pub kind: Vec<u8>,
    /// Its action score.
    pub score: Vec<f32>,
    /// The log of its group's size ([`Crowds::ln_size`]).
    pub ln_crowd: Vec<f32>,
    /// Its lift by the learnt value ([`super::prior::lifts`]).
    pub lift: Vec<f32>,
    /// Its share of the root's visits.
    pub share: Vec<f32>,
    /// Greedy's prior of it (the shipped search's: [`family_softmax`] at PUCT's
    /// temperature).
    pub greedy: Vec<f32>,
    /// Where each position's actions begin (one more than there are positions).
    pub start: Vec<u32>,
    pub held_out: Vec<bool>,
    pub games: u32,
}

impl PriorSamples {
    pub fn len(&self) -> usize {
        self.held_out.len()
    }

    pub fn is_empty(&self) -> bool {
        self.held_out.is_empty()
    }

    fn range(&self, k: usize) -> std::ops::Range<usize> {
        self.start[k] as usize..self.start[k + 1] as usize
    }
}

/// One position's actions: (kind, score, ln crowd, lift, visit share, greedy's prior).
type PositionActions = Vec<(u8, f32, f32, f32, f32, f32)>;

/// The searched positions of `game` with more than one legal action, every `stride`th
/// (from an offset set by the game's number).
fn game_positions(
    game: &SelfPlayGame,
    scenarios: &[Arc<Scenario>],
    stride: u32,
) -> Vec<PositionActions> {
    let Some(scenario) = scenarios.get(usize::from(game.scenario)) else {
        return Vec::new();
    };
    if game.ending.humans_score().is_none() {
        return Vec::new();
    }
    let offset = (game.number % u64::from(stride.max(1))) as u32;
    let mut out = Vec::new();
    let mut legal: Vec<Action> = Vec::new();
    let mut scores: Vec<f64> = Vec::new();
    let mut lifts: Vec<f64> = Vec::new();
    for p in &game.positions {
        if p.decision % stride.max(1) != offset {
            continue;
        }
        // The other hand is dealt afresh: its cards are not read, only its size.
        let mut rng = rng_from_seed(ai::arena::derive_seed(
            game.number,
            u64::from(p.decision),
            7,
        ));
        let Ok((state, _)) = GameState::from_snapshot(scenario.clone(), &p.snapshot, &mut rng)
        else {
            continue;
        };
        legal.clear();
        state.legal_actions(&mut legal);
        let total: u64 = p.visits.iter().map(|v| u64::from(v.visits)).sum();
        if legal.len() < 2 || total == 0 {
            continue;
        }
        scores.clear();
        scores.resize(legal.len(), 0.0);
        eval::action_scores_with(&state, &legal, eval::Scoring::default(), &mut scores);
        let mut greedy = scores.clone();
        family_softmax(&legal, &mut greedy, PUCT.temperature);
        let mut crowds = Crowds::default();
        crowds.count(&legal);
        // The lifts by the learnt value, as a search with it (`eval=2`) reads them.
        super::prior::lifts(
            &state,
            &legal,
            &|g| super::value_for_humans(g, 1.0),
            &mut lifts,
        );
        let actions: PositionActions = legal
            .iter()
            .zip(scores.iter().zip(&greedy))
            .zip(&lifts)
            .map(|((a, (s, g)), l)| {
                let visits = p
                    .visits
                    .iter()
                    .find(|v| v.action == *a)
                    .map_or(0, |v| v.visits);
                (
                    ActionKind::of(a).index() as u8,
                    *s as f32,
                    crowds.ln_size(a) as f32,
                    *l as f32,
                    (f64::from(visits) / total as f64) as f32,
                    *g as f32,
                )
            })
            .collect();
        out.push(actions);
    }
    out
}

/// The samples of the self-play files `files`, every `stride`th searched position of each
/// game, on `jobs` threads.
pub fn load(files: &[&Path], stride: u32, jobs: usize) -> Result<PriorSamples, DataError> {
    let mut samples = PriorSamples {
        start: vec![0],
        ..PriorSamples::default()
    };
    map_games(
        files,
        jobs,
        |_| true,
        |g, scenarios| game_positions(g, scenarios, stride),
        |game, positions| {
            let held = is_held_out(game.number);
            samples.games += 1;
            for actions in positions {
                for (k, s, c, l, v, g) in actions {
                    samples.kind.push(k);
                    samples.score.push(s);
                    samples.ln_crowd.push(c);
                    samples.lift.push(l);
                    samples.share.push(v);
                    samples.greedy.push(g);
                }
                samples.start.push(samples.kind.len() as u32);
                samples.held_out.push(held);
            }
        },
    )?;
    Ok(samples)
}

/// How well a prior forecasts the visits of some positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PriorScore {
    /// The mean cross-entropy of the visit shares under the prior (nats).
    pub cross_entropy: f64,
    /// The mean entropy of the visit shares themselves: the least a cross-entropy can be.
    pub entropy: f64,
    /// How often the prior's likeliest action is the most visited.
    pub top_agreement: f64,
    pub positions: u64,
}

/// The prior's chances of position `k`'s actions into `out`.
fn chances(w: &PriorWeights, x: &PriorSamples, k: usize, out: &mut Vec<f64>) {
    out.clear();
    let mut max = f64::NEG_INFINITY;
    for i in x.range(k) {
        let kw = &w.kinds[usize::from(x.kind[i])];
        let l = kw.scale * f64::from(x.score[i]) + kw.bias - kw.crowd * f64::from(x.ln_crowd[i])
            + kw.lift * f64::from(x.lift[i]);
        max = max.max(l);
        out.push(l);
    }
    let mut total = 0.0;
    for l in out.iter_mut() {
        *l = (*l - max).exp();
        total += *l;
    }
    for l in out.iter_mut() {
        *l /= total;
    }
}

/// The score of a forecast `p` (of position `k`'s actions) against its visits, added in.
fn add_score(score: &mut PriorScore, x: &PriorSamples, k: usize, p: impl Fn(usize) -> f64) {
    let r = x.range(k);
    let mut ce = 0.0;
    let (mut best_p, mut best_v) = ((f64::NEG_INFINITY, 0), (f32::NEG_INFINITY, 0));
    for (j, i) in r.enumerate() {
        let q = p(j).max(1e-12);
        let v = f64::from(x.share[i]);
        ce -= v * q.ln();
        if v > 0.0 {
            score.entropy -= v * v.ln();
        }
        if q > best_p.0 {
            best_p = (q, j);
        }
        if x.share[i] > best_v.0 {
            best_v = (x.share[i], j);
        }
    }
    score.cross_entropy += ce;
    score.top_agreement += f64::from(u8::from(best_p.1 == best_v.1));
    score.positions += 1;
}

fn finish(mut s: PriorScore) -> PriorScore {
    if s.positions > 0 {
        s.cross_entropy /= s.positions as f64;
        s.entropy /= s.positions as f64;
        s.top_agreement /= s.positions as f64;
    }
    s
}

/// The learnt prior's score and greedy's on the held-out positions.
pub fn held_out_scores(w: &PriorWeights, x: &PriorSamples) -> (PriorScore, PriorScore) {
    let (mut learnt, mut greedy) = (PriorScore::default(), PriorScore::default());
    let mut p = Vec::new();
    for k in (0..x.len()).filter(|&k| x.held_out[k]) {
        chances(w, x, k, &mut p);
        add_score(&mut learnt, x, k, |j| p[j]);
        let base = x.start[k] as usize;
        add_score(&mut greedy, x, k, |j| f64::from(x.greedy[base + j]));
    }
    (finish(learnt), finish(greedy))
}

/// The weights of a kind ([`KindWeights`]): scale, bias, crowd, lift.
const WEIGHTS: usize = 4;

/// What a fit is told.
#[derive(Clone, Copy, Debug)]
pub struct PriorTrainConfig {
    pub seed: u64,
    pub epochs: u32,
    /// Positions a step.
    pub batch: usize,
    pub learning_rate: f64,
    /// The pull of each weight back towards greedy's reading ([`KindWeights::default`]).
    pub l2: f64,
}

impl Default for PriorTrainConfig {
    fn default() -> Self {
        PriorTrainConfig {
            seed: 58,
            epochs: 4,
            batch: 512,
            learning_rate: 0.02,
            l2: 1e-4,
        }
    }
}

/// Fits the prior's weights to the training positions of `x`, from greedy's reading;
/// `report` hears each epoch's held-out scores (the learnt prior's, greedy's).
pub fn train(
    x: &PriorSamples,
    config: &PriorTrainConfig,
    mut report: impl FnMut(u32, PriorScore, PriorScore),
) -> PriorWeights {
    let mut w = PriorWeights::default();
    let start = [KindWeights::default(); KINDS];
    let mut order: Vec<usize> = (0..x.len()).filter(|&k| !x.held_out[k]).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let n = KINDS * WEIGHTS;
    let (mut m, mut v) = (vec![0.0f64; n], vec![0.0f64; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let mut t = 0i32;
    let mut p = Vec::new();
    let mut grad = vec![0.0f64; n];
    for epoch in 1..=config.epochs {
        order.shuffle(&mut rng);
        for batch in order.chunks(config.batch.max(1)) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for &k in batch {
                chances(&w, x, k, &mut p);
                for (j, i) in x.range(k).enumerate() {
                    let d = p[j] - f64::from(x.share[i]);
                    let base = usize::from(x.kind[i]) * WEIGHTS;
                    grad[base] += d * f64::from(x.score[i]);
                    grad[base + 1] += d;
                    grad[base + 2] -= d * f64::from(x.ln_crowd[i]);
                    grad[base + 3] += d * f64::from(x.lift[i]);
                }
            }
            t += 1;
            let scale = 1.0 / batch.len() as f64;
            for (idx, g) in grad.iter().enumerate() {
                let kw = &mut w.kinds[idx / WEIGHTS];
                let s = &start[idx / WEIGHTS];
                let (param, origin) = match idx % WEIGHTS {
                    0 => (&mut kw.scale, s.scale),
                    1 => (&mut kw.bias, s.bias),
                    2 => (&mut kw.crowd, s.crowd),
                    _ => (&mut kw.lift, s.lift),
                };
                let g = g * scale + config.l2 * (*param - origin);
                m[idx] = b1 * m[idx] + (1.0 - b1) * g;
                v[idx] = b2 * v[idx] + (1.0 - b2) * g * g;
                let mh = m[idx] / (1.0 - b1.powi(t));
                let vh = v[idx] / (1.0 - b2.powi(t));
                *param -= config.learning_rate * mh / (vh.sqrt() + eps);
            }
        }
        let (learnt, greedy) = held_out_scores(&w, x);
        report(epoch, learnt, greedy);
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples of one kind's two actions drawn by a known reading: the fit finds it.
    #[test]
    fn the_fit_finds_the_reading_that_made_the_shares() {
        let mut x = PriorSamples {
            start: vec![0],
            ..PriorSamples::default()
        };
        let mv = ActionKind::Move.index() as u8;
        let done = ActionKind::Done.index() as u8;
        for k in 0..400 {
            // A move scored s with lift l, read at scale 3 and lift 1.5, against Done at
            // 0.35 with no lift, read as a logit of -1.
            let s = (k % 20) as f32 / 20.0;
            let l = ((k / 20) % 5) as f32 / 5.0 - 0.4;
            let lm = 3.0 * f64::from(s) + 1.5 * f64::from(l);
            let ld = -1.0;
            let pm = (lm.exp() / (lm.exp() + f64::exp(ld))) as f32;
            for (kind, score, lift, share) in [(mv, s, l, pm), (done, 0.35, 0.0, 1.0 - pm)] {
                x.kind.push(kind);
                x.score.push(score);
                x.ln_crowd.push(0.0);
                x.lift.push(lift);
                x.share.push(share);
                x.greedy.push(0.5);
            }
            x.start.push(x.kind.len() as u32);
            x.held_out.push(k % 10 == 0);
        }
        let config = PriorTrainConfig {
            epochs: 300,
            batch: 64,
            learning_rate: 0.05,
            l2: 0.0,
            ..PriorTrainConfig::default()
        };
        let w = train(&x, &config, |_, _, _| {});
        // Only differences of logits are fixed: the move's scale and lift, and its bias
        // less Done's whole logit (bias plus scale times 0.35) being 1.
        let m = w.kinds[usize::from(mv)];
        let d = w.kinds[usize::from(done)];
        assert!((m.scale - 3.0).abs() < 0.05, "{m:?}");
        assert!((m.lift - 1.5).abs() < 0.05, "{m:?}");
        assert!(
            (m.bias - (d.bias + 0.35 * d.scale) - 1.0).abs() < 0.05,
            "{m:?} {d:?}"
        );
        let (learnt, greedy) = held_out_scores(&w, &x);
        assert!(learnt.cross_entropy < greedy.cross_entropy);
        // The shares were the fitted prior's own: their cross-entropy is their entropy.
        assert!(
            (learnt.cross_entropy - learnt.entropy).abs() < 1e-3,
            "{learnt:?}"
        );
    }
}
