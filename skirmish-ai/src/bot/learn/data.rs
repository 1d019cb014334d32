//! Learning samples from self-play files ([`crate::bot::selfplay`]): each searched
//! position's inputs as its side to move saw it, the game's result for that side, and the
//! shipped logistic's forecast of the same position to measure against. A tenth of the
//! games, chosen by their number, is held out.

use std::path::Path;
use std::sync::Arc;

use rules::scenario::Scenario;
use rules::scenario_file::load_scenario;
use rules::state::GameState;
use rules::{Side, rng_from_seed};

use super::features::{Input, features_with_terms};
use crate::bot::eval::terms::side_terms;
use crate::bot::selfplay::SelfPlayGame;
use crate::bot::selfplay::file::{Header, scan};

/// Positions for learning, their inputs kept sparse in one run of arrays.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// The inputs that are not zero, position after position.
    pub index: Vec<u16>,
    pub value: Vec<f32>,
    /// Where each position's inputs begin in `index` and `value` (one more than there are
    /// positions).
    pub start: Vec<u32>,
    /// The game's result for the side to move: 1 a win, 0 a loss, one half a draw.
    pub target: Vec<f32>,
    /// The shipped logistic's chance for the side to move.
    pub baseline: Vec<f32>,
    /// The search's values from the position on, for the side to move: the λ-return of
    /// its chosen actions' means along the game, the game's result at its end (λ = 0: the
    /// position's own value; λ = 1: the result).
    pub search: Vec<f32>,
    /// Whether the position's game is held out.
    pub held_out: Vec<bool>,
    /// Games read, and held out.
    pub games: u32,
    pub held_out_games: u32,
}

impl Samples {
    pub fn len(&self) -> usize {
        self.target.len()
    }

    pub fn is_empty(&self) -> bool {
        self.target.is_empty()
    }

    /// The inputs of position `k`.
    pub fn input(&self, k: usize, out: &mut Input) {
        let (a, b) = (self.start[k] as usize, self.start[k + 1] as usize);
        out.len = b - a;
        out.index[..out.len].copy_from_slice(&self.index[a..b]);
        out.value[..out.len].copy_from_slice(&self.value[a..b]);
    }

    fn push(&mut self, x: &Sample, held_out: bool) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        self.index.extend_from_slice(&x.index);
        self.value.extend_from_slice(&x.value);
        self.start.push(self.index.len() as u32);
        self.target.push(x.target);
        self.baseline.push(x.baseline);
        self.search.push(x.search);
        self.held_out.push(held_out);
    }
}

/// Is game `number` of a run held out (one in ten, by a hash of its number)?
pub fn is_held_out(number: u64) -> bool {
    ai::arena::derive_seed(0x4e7d_a7a5, number, 0).is_multiple_of(10)
}

/// Why self-play files give no samples.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DataError {
    #[error("{0}")]
    Read(#[from] crate::bot::selfplay::file::ReadError),
    #[error("{file}: its run's scenario {scenario} cannot be loaded: {why}")]
    Scenario {
        file: String,
        scenario: String,
        why: String,
    },
    #[error(
        "{file}: its run's scenario {scenario} has changed since the run (fingerprint {now}, the run's {then})"
    )]
    Changed {
        file: String,
        scenario: String,
        now: String,
        then: String,
    },
}

/// The scenarios a run played, loaded from the files its header names, each checked
/// against the fingerprint the run recorded.
fn run_scenarios(file: &Path, header: &Header) -> Result<Vec<Arc<Scenario>>, DataError> {
    let shown = file.display().to_string();
    header
        .scenarios
        .iter()
        .map(|s| {
            let path = Path::new(&s.file);
            let bytes = std::fs::read(path).map_err(|e| DataError::Scenario {
                file: shown.clone(),
                scenario: s.file.clone(),
                why: e.to_string(),
            })?;
            let now = rules::fingerprint::scenario_fingerprint(&bytes);
            if now != s.fingerprint {
                return Err(DataError::Changed {
                    file: shown.clone(),
                    scenario: s.file.clone(),
                    now,
                    then: s.fingerprint.clone(),
                });
            }
            let loaded = load_scenario(path).map_err(|d| DataError::Scenario {
                file: shown.clone(),
                scenario: s.file.clone(),
                why: d.first().map_or_else(String::new, |d| d.to_string()),
            })?;
            Ok(Arc::new(loaded.scenario))
        })
        .collect()
}

/// One position's sample: the inputs that are not zero (indices, values), its target and
/// the baseline's forecast.
struct Sample {
    index: Vec<u16>,
    value: Vec<f32>,
    target: f32,
    baseline: f32,
    search: f32,
}

/// One game's samples, in order.
type GameSamples = Vec<Sample>;

fn game_samples(game: &SelfPlayGame, scenarios: &[Arc<Scenario>], lambda: f32) -> GameSamples {
    let Some(humans) = game.ending.humans_score() else {
        return Vec::new();
    };
    let Some(scenario) = scenarios.get(usize::from(game.scenario)) else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(game.positions.len());
    let mut sides = Vec::with_capacity(game.positions.len());
    for p in &game.positions {
        // The other hand is dealt afresh: its cards are not read, only its size.
        let mut rng = rng_from_seed(ai::arena::derive_seed(
            game.number,
            u64::from(p.decision),
            7,
        ));
        let Ok((state, side)) = GameState::from_snapshot(scenario.clone(), &p.snapshot, &mut rng)
        else {
            continue;
        };
        let mut x = Input::default();
        let terms = [side_terms(&state, side), side_terms(&state, side.other())];
        features_with_terms(&state, side, &terms, &mut x);
        let h = super::logistic_for_humans(&state, side, &terms);
        let (target, baseline) = match side {
            Side::Humans => (humans, h),
            Side::Martians => (1.0 - humans, 1.0 - h),
        };
        out.push(Sample {
            index: x.index[..x.len].to_vec(),
            value: x.value[..x.len].to_vec(),
            target: target as f32,
            baseline: baseline as f32,
            search: match side {
                Side::Humans => p.value.clamp(0.0, 1.0),
                Side::Martians => 1.0 - p.value.clamp(0.0, 1.0),
            },
        });
        sides.push(side);
    }
    let mut values: Vec<f32> = out.iter().map(|x| x.search).collect();
    lambda_returns(&mut values, humans as f32, lambda);
    for ((x, side), g) in out.iter_mut().zip(&sides).zip(values) {
        x.search = match side {
            Side::Humans => g,
            Side::Martians => 1.0 - g,
        };
    }
    out
}

/// The λ-returns of `values` (one side's, in the game's order) in place, from the end
/// back: `G = (1 - λ) v + λ G'`, with the game's `result` after the last.
pub fn lambda_returns(values: &mut [f32], result: f32, lambda: f32) {
    let mut g = result;
    for v in values.iter_mut().rev() {
        g = (1.0 - lambda) * *v + lambda * g;
        *v = g;
    }
}

/// Games read a batch at a time.
const BATCH: usize = 512;

/// Reads the games of the self-play files `files` in order, works out each game `keep`
/// takes with `work` (beside its run's scenarios) on `jobs` threads a batch at a time, and
/// hands each to `take` with what `work` made of it, in the files' order.
pub(super) fn map_games<T: Send>(
    files: &[&Path],
    jobs: usize,
    mut keep: impl FnMut(&SelfPlayGame) -> bool,
    work: impl Fn(&SelfPlayGame, &[Arc<Scenario>]) -> T + Sync,
    mut take: impl FnMut(&SelfPlayGame, T),
) -> Result<(), DataError> {
    for file in files {
        let mut header = None;
        scan(file, |_| false).map(|s| header = Some(s.header))?;
        let Some(header) = header else { continue };
        let scenarios = run_scenarios(file, &header)?;
        let mut batch: Vec<SelfPlayGame> = Vec::with_capacity(BATCH);
        let mut flush = |batch: &mut Vec<SelfPlayGame>| {
            let parts: Vec<Vec<T>> = std::thread::scope(|s| {
                let chunk = batch.len().div_ceil(jobs.max(1)).max(1);
                let handles: Vec<_> = batch
                    .chunks(chunk)
                    .map(|games| {
                        let (scenarios, work) = (&scenarios, &work);
                        s.spawn(move || games.iter().map(|g| work(g, scenarios)).collect())
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_default())
                    .collect()
            });
            for (game, made) in batch.iter().zip(parts.into_iter().flatten()) {
                take(game, made);
            }
            batch.clear();
        };
        scan(file, |game| {
            if keep(&game) {
                batch.push(game);
                if batch.len() == BATCH {
                    flush(&mut batch);
                }
            }
            true
        })?;
        flush(&mut batch);
    }
    Ok(())
}

/// The samples of the self-play files `files` on `jobs` threads, the search's values as
/// λ-returns with `lambda` ([`Samples::search`]): with `max_train_games`,
/// only that many of the games not held out, taken evenly through the files (so that a
/// run played scenario by scenario gives each its share); the held-out games all.
pub fn load(
    files: &[&Path],
    max_train_games: Option<u32>,
    lambda: f32,
    jobs: usize,
) -> Result<Samples, DataError> {
    let mut samples = Samples::default();
    // Which training games to keep: game `i` of `total` when `i * m / total` steps on.
    let keep: Box<dyn Fn(u64) -> bool> = match max_train_games {
        None => Box::new(|_| true),
        Some(m) => {
            let mut total = 0u64;
            for file in files {
                scan(file, |g| {
                    total += u64::from(!is_held_out(g.number));
                    true
                })?;
            }
            let m = u64::from(m).min(total);
            Box::new(move |i| (i + 1) * m / total.max(1) > i * m / total.max(1))
        }
    };
    let mut train_index = 0u64;
    let keep_game = |game: &SelfPlayGame| {
        if is_held_out(game.number) {
            return true;
        }
        train_index += 1;
        keep(train_index - 1)
    };
    map_games(
        files,
        jobs,
        keep_game,
        |g, scenarios| game_samples(g, scenarios, lambda),
        |game, positions| {
            let held = is_held_out(game.number);
            samples.games += 1;
            samples.held_out_games += u32::from(held);
            for x in &positions {
                samples.push(x, held);
            }
        },
    )?;
    Ok(samples)
}

#[cfg(test)]
mod tests {
    use super::lambda_returns;

    #[test]
    fn a_lambda_return_weighs_the_values_after_and_the_result() {
        // λ = 1/2: the last is half its value and half the result (0.2 + 0.5), the first
        // half its own and half that (0.1 + 0.35).
        let mut v = [0.2, 0.4];
        lambda_returns(&mut v, 1.0, 0.5);
        assert_eq!(v, [0.45, 0.7]);
        let mut own = [0.2, 0.4];
        lambda_returns(&mut own, 1.0, 0.0);
        assert_eq!(own, [0.2, 0.4]);
        let mut result = [0.2, 0.4];
        lambda_returns(&mut result, 0.0, 1.0);
        assert_eq!(result, [0.0, 0.0]);
    }
}
