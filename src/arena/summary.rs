//! What a set of game records says: per scenario, how often each side wins (with Wilson
//! 95% intervals), how long games last and how they are decided; per player, its results
//! and an Elo-style rating with its uncertainty; per pairing, the head-to-head score.
//!
//! # Ratings
//!
//! Ratings are the maximum-likelihood Bradley-Terry strengths of all finished games (a draw
//! counts half a win to each), on the Elo scale (`400 log10` of the strength, so a 200-point
//! gap means the stronger player is expected to score 0.76), shifted so that the ratings
//! average 1500. Each pairing also counts one virtual drawn game, which keeps the ratings
//! finite when a player wins every game and pulls them slightly together. The interval is
//! the 2.5 and 97.5 percentiles of the ratings over [`BOOTSTRAP_SAMPLES`] bootstrap
//! resamples of the games (from a fixed seed, so a report is reproducible).

use std::collections::BTreeMap;

use rand::Rng;
use serde::Serialize;

use ai::stats::{Z95, wilson};

use super::record::{Reason, Record, Vp, VpSources, Winner};
use crate::rules::rng_from_seed;

/// Bootstrap resamples behind a rating's interval.
pub const BOOTSTRAP_SAMPLES: usize = 200;

/// A proportion with its Wilson 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    pub count: u32,
    pub of: u32,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

impl Rate {
    /// `count` of `of`, with its interval.
    pub fn new(count: u32, of: u32) -> Rate {
        let (low, high) = wilson(f64::from(count), f64::from(of), Z95);
        Rate {
            count,
            of,
            rate: if of == 0 {
                0.0
            } else {
                f64::from(count) / f64::from(of)
            },
            low,
            high,
        }
    }
}

/// Mean, standard deviation and range of some numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Spread {
    pub mean: f64,
    /// Sample standard deviation (0 for fewer than two numbers).
    pub sd: f64,
    pub min: f64,
    pub max: f64,
}

impl Spread {
    /// The spread of `xs` (all zero when empty).
    pub fn of(xs: impl IntoIterator<Item = f64>) -> Spread {
        let xs: Vec<f64> = xs.into_iter().collect();
        if xs.is_empty() {
            return Spread::default();
        }
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let sd = if xs.len() > 1 {
            (xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)).sqrt()
        } else {
            0.0
        };
        Spread {
            mean,
            sd,
            min: xs.iter().copied().fold(f64::INFINITY, f64::min),
            max: xs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        }
    }
}

/// How the games of one scenario went.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScenarioSummary {
    pub scenario: String,
    pub file: String,
    /// Games recorded, failed ones included.
    pub games: u32,
    /// Games that did not finish (runaway, illegal action, panic).
    pub failed: u32,
    /// Finished games won by the Humans.
    pub humans: Rate,
    /// Finished games won by the Martians.
    pub martians: Rate,
    /// Finished games drawn.
    pub draws: Rate,
    /// Round the finished games ended in.
    pub rounds: Spread,
    /// Decisions of the finished games.
    pub decisions: Spread,
    /// How many finished games each reason decided, in [`Reason::ALL`] order.
    pub reasons: Vec<(Reason, u32)>,
    /// Histogram of the Round finished games ended in: `(round, games)`.
    pub length_histogram: Vec<(u16, u32)>,
    /// Mean VP of each side at the end of each Round over the finished games (a game that
    /// ended earlier counts with its final VP).
    pub mean_vp_by_round: Vec<(f64, f64)>,
    /// The Humans' wins by what decided them (VP target, wipe-out, more VP at the end).
    pub humans_by: Vec<(Reason, u32)>,
    /// The Martians' wins by what decided them.
    pub martians_by: Vec<(Reason, u32)>,
    /// Where each side's VP came from, per finished game on average: (source, Humans'
    /// mean, Martians' mean), sources in record order (shoot, fight, counters, exit, hold).
    pub vp_from: Vec<(&'static str, f64, f64)>,
}

/// One player's results over all scenarios.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerSummary {
    pub player: String,
    /// Finished games (a player in a mirror match counts each game once).
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Wins on the Humans over games on the Humans (mirror games excluded).
    pub as_humans: Rate,
    /// Wins on the Martians over games on the Martians (mirror games excluded).
    pub as_martians: Rate,
    /// Games against itself (`--mirror`): they say how the scenario leans, not how strong
    /// the player is, so they are not in its games, wins, draws or losses.
    pub mirror_games: u32,
    /// Rating on the Elo scale (mean 1500).
    pub elo: f64,
    /// 95% bootstrap interval of the rating.
    pub elo_low: f64,
    pub elo_high: f64,
}

/// Two players' results against each other.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairingSummary {
    pub first: String,
    pub second: String,
    /// Finished games between them.
    pub games: u32,
    pub first_wins: u32,
    pub second_wins: u32,
    pub draws: u32,
    /// The first player's wins on the Humans' side and on the Martians'.
    pub first_wins_as: (u32, u32),
    /// The second player's wins on the Humans' side and on the Martians'.
    pub second_wins_as: (u32, u32),
    /// The first player's score (a draw is half) with its Wilson 95% interval.
    pub first_score: f64,
    pub first_low: f64,
    pub first_high: f64,
}

/// A failed game, to replay.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Failure {
    pub id: String,
    pub game_seed: u64,
    pub status: String,
    pub error: String,
}

/// Everything the records say.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub games: u32,
    pub scenarios: Vec<ScenarioSummary>,
    pub players: Vec<PlayerSummary>,
    pub pairings: Vec<PairingSummary>,
    pub failures: Vec<Failure>,
}

/// Summarizes `records` (their order does not matter).
pub fn summarize(records: &[Record]) -> Summary {
    let mut sorted: Vec<&Record> = records.iter().collect();
    sorted.sort_by(|a, b| a.id.cmp(&b.id));
    let mut by_scenario: BTreeMap<&str, Vec<&Record>> = BTreeMap::new();
    for r in &sorted {
        by_scenario.entry(&r.scenario).or_default().push(r);
    }
    let scenarios = by_scenario
        .values()
        .map(|rs| scenario_summary(rs))
        .collect();
    let finished: Vec<&Record> = sorted.iter().copied().filter(|r| r.finished()).collect();
    let (players, pairings) = player_summaries(&finished);
    let failures = sorted
        .iter()
        .filter(|r| !r.finished())
        .map(|r| Failure {
            id: r.id.clone(),
            game_seed: r.game_seed,
            status: r.status.describe().to_string(),
            error: r.error.clone().unwrap_or_default(),
        })
        .collect();
    Summary {
        games: records.len() as u32,
        scenarios,
        players,
        pairings,
        failures,
    }
}

fn scenario_summary(rs: &[&Record]) -> ScenarioSummary {
    let done: Vec<&Record> = rs.iter().copied().filter(|r| r.finished()).collect();
    let n = done.len() as u32;
    let count = |f: &dyn Fn(&Record) -> bool| done.iter().filter(|r| f(r)).count() as u32;
    let reasons = Reason::ALL
        .iter()
        .map(|&why| (why, count(&|r| r.reason == Some(why))))
        .collect();
    let mut hist: BTreeMap<u16, u32> = BTreeMap::new();
    for r in &done {
        *hist.entry(r.rounds).or_default() += 1;
    }
    let longest = done.iter().map(|r| r.vp_by_round.len()).max().unwrap_or(0);
    let mean_vp_by_round = (0..longest)
        .map(|i| {
            let at = |r: &Record| {
                r.vp_by_round
                    .get(i)
                    .or(r.vp_by_round.last())
                    .copied()
                    .unwrap_or(Vp::default())
            };
            let sum = done.iter().fold((0.0, 0.0), |(h, m), r| {
                let v = at(r);
                (h + f64::from(v.humans), m + f64::from(v.martians))
            });
            (sum.0 / f64::from(n.max(1)), sum.1 / f64::from(n.max(1)))
        })
        .collect();
    let by = |winner: Winner| {
        Reason::WINS
            .iter()
            .map(|&why| {
                (
                    why,
                    count(&|r| r.winner == Some(winner) && r.reason == Some(why)),
                )
            })
            .collect()
    };
    let mean = |f: &dyn Fn(&Record) -> u16| {
        done.iter().map(|r| f64::from(f(r))).sum::<f64>() / f64::from(n.max(1))
    };
    let vp_from = VpSources::default()
        .named()
        .iter()
        .enumerate()
        .map(|(i, (name, _))| {
            (
                *name,
                mean(&|r| r.vp_from.humans.named()[i].1),
                mean(&|r| r.vp_from.martians.named()[i].1),
            )
        })
        .collect();
    ScenarioSummary {
        humans_by: by(Winner::Humans),
        martians_by: by(Winner::Martians),
        vp_from,
        scenario: rs[0].scenario.clone(),
        file: rs[0].scenario_file.clone(),
        games: rs.len() as u32,
        failed: rs.len() as u32 - n,
        humans: Rate::new(count(&|r| r.winner == Some(Winner::Humans)), n),
        martians: Rate::new(count(&|r| r.winner == Some(Winner::Martians)), n),
        draws: Rate::new(count(&|r| r.winner.is_none()), n),
        rounds: Spread::of(done.iter().map(|r| f64::from(r.rounds))),
        decisions: Spread::of(done.iter().map(|r| r.decisions as f64)),
        reasons,
        length_histogram: hist.into_iter().collect(),
        mean_vp_by_round,
    }
}

/// A finished game between two different players as ratings see it: indices of the two
/// players and the first one's score (1, 0.5 or 0).
type Duel = (usize, usize, f64);

fn player_summaries(finished: &[&Record]) -> (Vec<PlayerSummary>, Vec<PairingSummary>) {
    let mut names: Vec<&str> = finished
        .iter()
        .flat_map(|r| [r.humans.as_str(), r.martians.as_str()])
        .collect();
    names.sort_unstable();
    names.dedup();
    let index = |name: &str| names.binary_search(&name).unwrap_or(0);
    let mut duels: Vec<Duel> = Vec::new();
    let mut players: Vec<PlayerSummary> = names
        .iter()
        .map(|n| PlayerSummary {
            player: n.to_string(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            as_humans: Rate::new(0, 0),
            as_martians: Rate::new(0, 0),
            mirror_games: 0,
            elo: 1500.0,
            elo_low: 1500.0,
            elo_high: 1500.0,
        })
        .collect();
    let mut seat_counts = vec![[(0u32, 0u32); 2]; names.len()];
    // (first's wins, second's wins, draws, first's wins as Humans, as Martians, second's
    // wins as Humans, as Martians)
    let mut pairs: BTreeMap<(usize, usize), [u32; 7]> = BTreeMap::new();
    for r in finished {
        let (h, m) = (index(&r.humans), index(&r.martians));
        let humans_won = r.winner == Some(Winner::Humans);
        let martians_won = r.winner == Some(Winner::Martians);
        if h == m {
            // A mirror game: it counts in the scenario's side table, not in the player's
            // results.
            players[h].mirror_games += 1;
            continue;
        }
        for (i, won, lost) in [(h, humans_won, martians_won), (m, martians_won, humans_won)] {
            let p = &mut players[i];
            p.games += 1;
            match (won, lost) {
                (true, _) => p.wins += 1,
                (_, true) => p.losses += 1,
                _ => p.draws += 1,
            }
        }
        seat_counts[h][0].0 += u32::from(humans_won);
        seat_counts[h][0].1 += 1;
        seat_counts[m][1].0 += u32::from(martians_won);
        seat_counts[m][1].1 += 1;
        let (a, b, a_won, b_won) = if h < m {
            (h, m, humans_won, martians_won)
        } else {
            (m, h, martians_won, humans_won)
        };
        let e = pairs.entry((a, b)).or_default();
        e[0] += u32::from(a_won);
        e[1] += u32::from(b_won);
        e[2] += u32::from(!a_won && !b_won);
        // Which seat each won from: the first player held the Humans when h < m.
        let a_humans = h < m;
        e[if a_humans { 3 } else { 4 }] += u32::from(a_won);
        e[if a_humans { 6 } else { 5 }] += u32::from(b_won);
        duels.push((
            a,
            b,
            if a_won {
                1.0
            } else if b_won {
                0.0
            } else {
                0.5
            },
        ));
    }
    for (p, c) in players.iter_mut().zip(&seat_counts) {
        p.as_humans = Rate::new(c[0].0, c[0].1);
        p.as_martians = Rate::new(c[1].0, c[1].1);
    }
    if !duels.is_empty() {
        let strengths = bradley_terry(names.len(), &duels, 1.0);
        let elo = elo_of(&strengths);
        let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(BOOTSTRAP_SAMPLES); names.len()];
        let mut rng = rng_from_seed(0x05ee_de10);
        let mut resample = Vec::with_capacity(duels.len());
        for _ in 0..BOOTSTRAP_SAMPLES {
            resample.clear();
            resample.extend((0..duels.len()).map(|_| duels[rng.random_range(0..duels.len())]));
            // Each resample starts from the whole sample's strengths: the same fixed point
            // is found, in a fraction of the rounds.
            let resampled =
                bradley_terry_from(names.len(), &resample, 1.0, &strengths, BOOTSTRAP_ROUNDS);
            for (s, r) in samples.iter_mut().zip(elo_of(&resampled)) {
                s.push(r);
            }
        }
        for ((p, r), mut s) in players.iter_mut().zip(elo).zip(samples) {
            s.sort_by(f64::total_cmp);
            p.elo = r;
            p.elo_low = percentile(&s, 0.025);
            p.elo_high = percentile(&s, 0.975);
        }
    }
    let pairings = pairs
        .into_iter()
        .map(|((a, b), [aw, bw, d, ah, am, bh, bm])| {
            let games = aw + bw + d;
            let score = f64::from(aw) + 0.5 * f64::from(d);
            let (low, high) = wilson(score, f64::from(games), Z95);
            PairingSummary {
                first: names[a].to_string(),
                second: names[b].to_string(),
                games,
                first_wins: aw,
                second_wins: bw,
                draws: d,
                first_wins_as: (ah, am),
                second_wins_as: (bh, bm),
                first_score: score / f64::from(games.max(1)),
                first_low: low,
                first_high: high,
            }
        })
        .collect();
    (players, pairings)
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Elo-scale Bradley-Terry ratings (mean 1500) of `n` players from `duels`, with one
/// virtual draw per pairing that met (see the module documentation).
pub fn ratings(n: usize, duels: &[Duel]) -> Vec<f64> {
    elo_of(&bradley_terry(n, duels, 1.0))
}

/// Strengths on the Elo scale, mean 1500.
fn elo_of(strengths: &[f64]) -> Vec<f64> {
    let logs: Vec<f64> = strengths.iter().map(|g| 400.0 * g.log10()).collect();
    let mean = logs.iter().sum::<f64>() / strengths.len().max(1) as f64;
    logs.iter().map(|l| l - mean + 1500.0).collect()
}

/// Maximum-likelihood Bradley-Terry strengths by the minorization-maximization iteration,
/// each pairing that met adding `virtual_games` drawn games. Players who met nobody keep
/// strength 1.
pub fn bradley_terry(n: usize, duels: &[Duel], virtual_games: f64) -> Vec<f64> {
    bradley_terry_from(n, duels, virtual_games, &vec![1.0; n], 10_000)
}

/// Rounds of the iteration for a bootstrap resample, which starts from the whole
/// sample's strengths, already close to its own: enough for the 2.5 and 97.5
/// percentiles, and a bound on the time many players take.
const BOOTSTRAP_ROUNDS: usize = 200;

/// [`bradley_terry`] starting from the strengths `start` (one per player) instead of all
/// ones, for at most `max_rounds` rounds; run to convergence, the result is the same
/// fixed point.
pub fn bradley_terry_from(
    n: usize,
    duels: &[Duel],
    virtual_games: f64,
    start: &[f64],
    max_rounds: usize,
) -> Vec<f64> {
    // wins[i], and for each player the players it met with the games between them (draws
    // as half a win each). Kept as lists of the pairings that met, so a round of the
    // iteration costs time in the number of pairings, not the square of the players.
    let mut wins = vec![0.0; n];
    let mut met: BTreeMap<(usize, usize), f64> = BTreeMap::new();
    for &(a, b, s) in duels {
        wins[a] += s;
        wins[b] += 1.0 - s;
        *met.entry((a.min(b), a.max(b))).or_default() += 1.0;
    }
    let mut games: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
    for (&(a, b), &g) in &met {
        if a == b {
            continue;
        }
        let g = g + virtual_games;
        games[a].push((b, g));
        games[b].push((a, g));
        wins[a] += virtual_games / 2.0;
        wins[b] += virtual_games / 2.0;
    }
    let mut g = start.to_vec();
    for _ in 0..max_rounds {
        let mut delta: f64 = 0.0;
        for i in 0..n {
            let denom: f64 = games[i].iter().map(|&(j, gij)| gij / (g[i] + g[j])).sum();
            if denom <= 0.0 || wins[i] <= 0.0 {
                continue;
            }
            let next = wins[i] / denom;
            delta = delta.max((next / g[i] - 1.0).abs());
            g[i] = next;
        }
        // Only ratios matter: keep the scale steady (the arithmetic mean at 1, which
        // needs no logarithms; the geometric mean is set once at the end).
        let mean = g.iter().sum::<f64>() / n.max(1) as f64;
        if mean > 0.0 && mean.is_finite() {
            for x in &mut g {
                *x /= mean;
            }
        }
        if delta < 1e-11 {
            break;
        }
    }
    let mean_log = g.iter().map(|x| x.ln()).sum::<f64>() / n.max(1) as f64;
    for x in &mut g {
        *x /= mean_log.exp();
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_players_get_the_closed_form_rating_gap() {
        // A scores 30 of 40 games against B; with one virtual draw per pairing the
        // maximum-likelihood odds are (30 + 0.5) / (10 + 0.5), so the gap is 400 log10 of
        // that: 185.2 points.
        let mut duels = vec![(0, 1, 1.0); 30];
        duels.extend(vec![(0, 1, 0.0); 10]);
        let r = ratings(2, &duels);
        let gap = 400.0 * (30.5f64 / 10.5).log10();
        assert!((r[0] - r[1] - gap).abs() < 1e-6, "{r:?} vs {gap}");
        assert!((r[0] + r[1] - 3000.0).abs() < 1e-9);
    }

    #[test]
    fn three_players_in_a_consistent_ladder_are_rated_in_order_and_transitively() {
        // Without virtual games, strengths 4:2:1 give exact expected scores; feed games
        // whose results are those expectations (in thousandths) and recover the ratios.
        let s = [4.0f64, 2.0, 1.0];
        let mut duels = Vec::new();
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            let p = s[a] / (s[a] + s[b]);
            let wins = (p * 3000.0).round() as usize;
            duels.extend(vec![(a, b, 1.0); wins]);
            duels.extend(vec![(a, b, 0.0); 3000 - wins]);
        }
        let g = bradley_terry(3, &duels, 0.0);
        assert!((g[0] / g[1] - 2.0).abs() < 1e-3, "{g:?}");
        assert!((g[1] / g[2] - 2.0).abs() < 1e-3, "{g:?}");
    }

    #[test]
    fn a_clean_sweep_still_has_a_finite_rating() {
        let duels = vec![(0, 1, 1.0); 50];
        let r = ratings(2, &duels);
        assert!(r.iter().all(|x| x.is_finite()));
        // Odds 50.5 : 0.5.
        let gap = 400.0 * 101f64.log10();
        assert!((r[0] - r[1] - gap).abs() < 1e-6);
    }

    #[test]
    fn spread_is_the_sample_mean_and_deviation() {
        let s = Spread::of([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(s.mean, 5.0);
        // Sum of squared deviations 32 over 7.
        assert!((s.sd - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        assert_eq!((s.min, s.max), (2.0, 9.0));
    }
}
