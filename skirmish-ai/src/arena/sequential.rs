//! Balance measured with fewer games: a run that stops playing a scenario (or a variant
//! of one) as soon as its balance is decided (`arena --until-decided 45-55`), and variants
//! compared with the first on the same deals (paired games).
//!
//! **Sequential verdicts.** A scenario is judged after 50, 100, 200, 400... of its games
//! (doubling, up to the run's `--games` for each pairing, the last look at the end): the
//! Humans' share of its finished games (a draw counting half) and its Wilson interval. When
//! the interval lies inside the band the scenario is *balanced*; when it lies wholly on one
//! side of the band, it favours that side; either way no more of its games are started.
//! Otherwise the next look decides, and a scenario still open at the last look is
//! *undecided*. Each interval is taken at confidence `1 - error / looks`, so by the union
//! bound over the looks a verdict is wrong (the true share on the other side of a band
//! edge than said) at most `error` of the time: [`ERROR`], 5%.
//!
//! **Paired variants.** Variants of one file share their deals: game `k` of a pairing sees
//! the same counters, dice generator and players' generators on every variant. So the
//! difference between two variants is best read game by game: the mean of the differences
//! of the Humans' score (1, a half for a draw, 0) over the games both variants played, with
//! its normal 95% interval from the spread of those differences. It is narrower than the
//! difference of two independent shares whenever the deal matters to who wins.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::record::{Record, Winner};
use ai::stats::{Z95, wilson};

/// The chance that a sequential verdict is wrong, at most.
pub const ERROR: f64 = 0.05;

/// The first look, in games of a scenario; each next look doubles it.
pub const FIRST_LOOK: u64 = 50;

/// A band of the Humans' share, in percent: `45-55`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Band {
    /// The least share inside the band, in `[0, 1]`.
    pub low: f64,
    /// The greatest share inside the band, in `[0, 1]`.
    pub high: f64,
}

/// Text that is not a band of shares (`45-55`): the text as given, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{}` is not a band: {why}; write the Humans' share in percent as LOW-HIGH, like 45-55",
    text.escape_debug()
)]
pub struct BandError {
    pub text: String,
    pub why: BandWhy,
}

/// What is wrong with a band.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BandWhy {
    /// No dash (or comma) between the two ends.
    #[error("no `-` between the two ends")]
    NoDash,
    /// An end that is not a percentage: the end as given.
    #[error("`{0}` is not a percentage from 0 to 100")]
    NotAPercentage(String),
    /// The low end is not below the high end.
    #[error("the low end must be below the high end")]
    Reversed,
}

impl FromStr for Band {
    type Err = BandError;

    fn from_str(s: &str) -> Result<Band, BandError> {
        let bad = |why: BandWhy| BandError {
            text: s.to_string(),
            why,
        };
        let (low, high) = s
            .split_once('-')
            .or_else(|| s.split_once(','))
            .ok_or_else(|| bad(BandWhy::NoDash))?;
        let num = |t: &str| {
            t.trim()
                .trim_end_matches('%')
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && (0.0..=100.0).contains(v))
                .ok_or_else(|| bad(BandWhy::NotAPercentage(t.trim().to_string())))
        };
        let (low, high) = (num(low)?, num(high)?);
        if low >= high {
            return Err(bad(BandWhy::Reversed));
        }
        Ok(Band {
            low: low / 100.0,
            high: high / 100.0,
        })
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}%", self.low * 100.0, self.high * 100.0)
    }
}

/// What a sequential run found for a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The Humans' share is inside the band.
    Balanced,
    /// It is above the band.
    FavoursHumans,
    /// It is below the band.
    FavoursMartians,
    /// The last look could not tell.
    Undecided,
}

impl Verdict {
    /// Words for the summary.
    pub fn describe(self) -> &'static str {
        match self {
            Verdict::Balanced => "balanced",
            Verdict::FavoursHumans => "favours the Humans",
            Verdict::FavoursMartians => "favours the Martians",
            Verdict::Undecided => "undecided",
        }
    }
}

/// A scenario's verdict, with the look that gave it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Judged {
    pub scenario: String,
    pub verdict: Verdict,
    /// Finished games at the look that decided.
    pub games: u64,
    /// The Humans' share then, and its interval at the look's confidence.
    pub humans: f64,
    pub low: f64,
    pub high: f64,
}

/// The game counts at which a scenario with `cap` games is judged: 50, 100, 200... below
/// `cap`, then `cap`.
pub fn looks(cap: u64) -> Vec<u64> {
    let mut at = Vec::new();
    let mut n = FIRST_LOOK;
    while n < cap {
        at.push(n);
        n *= 2;
    }
    at.push(cap);
    at
}

/// The z of a two-sided interval at confidence `1 - alpha`: the normal quantile
/// `Φ⁻¹(1 - alpha / 2)` (Acklam's rational approximation, relative error below 1.2e-9).
pub fn z_two_sided(alpha: f64) -> f64 {
    inverse_normal(1.0 - alpha / 2.0)
}

fn inverse_normal(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    let p = p.clamp(1e-300, 1.0 - 1e-16);
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < 0.024_25 {
        tail((-2.0 * p.ln()).sqrt())
    } else if p > 1.0 - 0.024_25 {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

/// The mean of paired differences and its normal 95% interval from their spread (within
/// -1 to 1); with fewer than two, the whole range.
pub(super) fn mean_difference(diffs: &[f64]) -> (f64, f64, f64) {
    let n = diffs.len() as f64;
    let mean = if n > 0.0 {
        diffs.iter().sum::<f64>() / n
    } else {
        0.0
    };
    let var = if n > 1.0 {
        diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = if n > 1.0 { Z95 * (var / n).sqrt() } else { 1.0 };
    (mean, (mean - half).max(-1.0), (mean + half).min(1.0))
}

/// The Humans' score of a finished game: 1 for their win, a half for a draw, 0 for a loss.
pub(super) fn humans_score(r: &Record) -> f64 {
    match r.winner {
        Some(Winner::Humans) => 1.0,
        Some(Winner::Martians) => 0.0,
        None => 0.5,
    }
}

/// The sequential judge of a run's scenarios, fed its finished games one at a time.
#[derive(Clone, Debug)]
pub struct Judge {
    band: Band,
    looks: Vec<u64>,
    z: f64,
    names: Vec<String>,
    /// Per scenario: finished games and the Humans' score in them.
    tally: Vec<(u64, f64)>,
    verdicts: Vec<Option<Judged>>,
}

impl Judge {
    /// A judge of the scenarios `names` (in run order), each with `cap` games.
    pub fn new(band: Band, names: Vec<String>, cap: u64) -> Judge {
        let looks = looks(cap);
        let z = z_two_sided(ERROR / looks.len() as f64);
        let n = names.len();
        Judge {
            band,
            looks,
            z,
            names,
            tally: vec![(0, 0.0); n],
            verdicts: vec![None; n],
        }
    }

    /// The z of each look's interval.
    pub fn z(&self) -> f64 {
        self.z
    }

    /// Counts a game in; returns the index of its scenario when this game decided it.
    /// Unfinished games and games of a scenario already decided change nothing.
    pub fn add(&mut self, r: &Record) -> Option<usize> {
        let i = self.names.iter().position(|n| *n == r.scenario)?;
        if !r.finished() {
            return None;
        }
        self.add_score(i, humans_score(r)).then_some(i)
    }

    /// Counts in a finished game of scenario `i` with the Humans' score `score`; true when
    /// it decided the scenario.
    pub fn add_score(&mut self, i: usize, score: f64) -> bool {
        if self.verdicts[i].is_some() {
            return false;
        }
        let t = &mut self.tally[i];
        t.0 += 1;
        t.1 += score;
        let (games, score) = *t;
        if !self.looks.contains(&games) {
            return false;
        }
        let (low, high) = wilson(score, games as f64, self.z);
        let last = games >= *self.looks.last().unwrap_or(&0);
        let verdict = if low >= self.band.low && high <= self.band.high {
            Verdict::Balanced
        } else if low > self.band.high {
            Verdict::FavoursHumans
        } else if high < self.band.low {
            Verdict::FavoursMartians
        } else if last {
            Verdict::Undecided
        } else {
            return false;
        };
        self.verdicts[i] = Some(Judged {
            scenario: self.names[i].clone(),
            verdict,
            games,
            humans: score / games as f64,
            low,
            high,
        });
        true
    }

    /// Every scenario's verdict in run order; one never judged (its games did not reach
    /// a look: an interrupted run, failed games) is undecided at what it had.
    pub fn finish(self) -> Vec<Judged> {
        let z = self.z;
        self.verdicts
            .into_iter()
            .zip(self.tally)
            .zip(self.names)
            .map(|((v, (games, score)), scenario)| {
                v.unwrap_or_else(|| {
                    let (low, high) = wilson(score, games as f64, z);
                    Judged {
                        scenario,
                        verdict: Verdict::Undecided,
                        games,
                        humans: if games == 0 {
                            0.0
                        } else {
                            score / games as f64
                        },
                        low,
                        high,
                    }
                })
            })
            .collect()
    }
}

/// A variant against the first variant of its file, on the games both played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairedDifference {
    pub variant: String,
    pub baseline: String,
    /// Games of the same deal and seats both variants finished.
    pub pairs: u64,
    /// The mean of (variant − baseline) Humans' scores, and its 95% interval.
    pub difference: f64,
    pub low: f64,
    pub high: f64,
}

/// Paired comparisons of variants with the first, fed finished games one at a time.
#[derive(Clone, Debug, Default)]
pub struct Paired {
    names: Vec<String>,
    /// Per game identity (Humans' player, Martians' player, game number): each variant's
    /// Humans' score.
    scores: HashMap<(String, String, u32), Vec<Option<f64>>>,
}

impl Paired {
    /// Variants `names` of one file, the baseline first.
    pub fn new(names: Vec<String>) -> Paired {
        Paired {
            names,
            scores: HashMap::new(),
        }
    }

    /// Counts a game in (unfinished games and other scenarios are left out).
    pub fn add(&mut self, r: &Record) {
        let Some(i) = self.names.iter().position(|n| *n == r.scenario) else {
            return;
        };
        if !r.finished() {
            return;
        }
        let n = self.names.len();
        let row = self
            .scores
            .entry((r.humans.clone(), r.martians.clone(), r.game))
            .or_insert_with(|| vec![None; n]);
        if row.len() < n {
            row.resize(n, None);
        }
        row[i] = Some(humans_score(r));
    }

    /// Counts in a game of a variant of this file, taking its name on as the next variant
    /// when it is new (for results read back, where the variants are not listed first).
    pub fn add_variant(&mut self, r: &Record) {
        if !self.names.contains(&r.scenario) {
            self.names.push(r.scenario.clone());
        }
        self.add(r);
    }

    /// Each variant after the first against the first.
    pub fn finish(&self) -> Vec<PairedDifference> {
        self.finish_against(0)
    }

    /// Each variant but variant `base` against it.
    pub fn finish_against(&self, base: usize) -> Vec<PairedDifference> {
        let Some(baseline) = self.names.get(base) else {
            return Vec::new();
        };
        (0..self.names.len())
            .filter(|&v| v != base)
            .map(|v| {
                let diffs: Vec<f64> = self
                    .scores
                    .values()
                    .filter_map(|row| Some((*row.get(v)?)? - (*row.get(base)?)?))
                    .collect();
                let (difference, low, high) = mean_difference(&diffs);
                PairedDifference {
                    variant: self.names[v].clone(),
                    baseline: baseline.clone(),
                    pairs: diffs.len() as u64,
                    difference,
                    low,
                    high,
                }
            })
            .collect()
    }
}

/// The variants of sweeps found in results read back (`report`): the scenarios of one
/// file named as variants (`Name [key=value]`).
#[derive(Clone, Debug, Default)]
pub struct VariantPairs {
    files: Vec<(String, Paired)>,
}

impl VariantPairs {
    /// Counts a game in, when it is a variant's.
    pub fn add(&mut self, r: &Record) {
        if !(r.scenario.ends_with(']') && r.scenario.contains(" [")) {
            return;
        }
        let i = match self.files.iter().position(|(f, _)| *f == r.scenario_file) {
            Some(i) => i,
            None => {
                self.files
                    .push((r.scenario_file.clone(), Paired::new(Vec::new())));
                self.files.len() - 1
            }
        };
        self.files[i].1.add_variant(r);
    }

    /// Each variant of a file against the one of it with the most finished games (the
    /// first by name among equals: a race's last survivor, a sweep's variants alike),
    /// whatever order the games were written in.
    pub fn finish(&self) -> Vec<PairedDifference> {
        self.files
            .iter()
            .flat_map(|(_, p)| {
                let played = |v: usize| {
                    p.scores
                        .values()
                        .filter(|row| row.get(v).copied().flatten().is_some())
                        .count()
                };
                let base = (0..p.names.len())
                    .max_by(|&a, &b| {
                        played(a)
                            .cmp(&played(b))
                            .then_with(|| p.names[b].cmp(&p.names[a]))
                    })
                    .unwrap_or(0);
                p.finish_against(base)
            })
            .collect()
    }
}

/// The verdicts and paired differences as text (nothing when there are none).
pub fn write_text(
    verdicts: &[Judged],
    paired: &[PairedDifference],
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    if !verdicts.is_empty() {
        writeln!(
            out,
            "balance, decided with as few games as it took (each verdict wrong at most {:.0}% \
             of the time):",
            ERROR * 100.0
        )?;
        for v in verdicts {
            writeln!(
                out,
                "  {}: {} after {} games, Humans {:.1}% [{:.1}%, {:.1}%]",
                v.scenario,
                v.verdict.describe(),
                v.games,
                v.humans * 100.0,
                v.low * 100.0,
                v.high * 100.0
            )?;
        }
    }
    if !paired.is_empty() {
        writeln!(
            out,
            "variants of a file against each other, game by game on the same deals (the \
             Humans' share, in points, with its 95% interval):"
        )?;
        for p in paired {
            writeln!(
                out,
                "  {} against {}: {:+.1} [{:+.1}, {:+.1}] over {} games",
                p.variant,
                p.baseline,
                p.difference * 100.0,
                p.low * 100.0,
                p.high * 100.0,
                p.pairs
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_normal_quantiles_are_the_tabled_ones() {
        // Φ⁻¹(0.975) = 1.959964, Φ⁻¹(0.995) = 2.575829, Φ⁻¹(0.99375) = 2.497705 (a
        // 5% error shared by four looks).
        assert!((z_two_sided(0.05) - Z95).abs() < 1e-8);
        assert!((z_two_sided(0.01) - 2.575_829_3).abs() < 1e-6);
        assert!((z_two_sided(0.05 / 4.0) - 2.497_705_2).abs() < 1e-6);
        assert!((inverse_normal(0.5)).abs() < 1e-12);
        assert!((inverse_normal(0.001) + 3.090_232_3).abs() < 1e-6);
    }

    /// Runs of a scenario whose true Humans' share is `p`, judged in 45-55 with 400 games
    /// at most: how often each verdict comes, and the mean games played.
    fn runs(p: f64, runs: u32) -> (HashMap<&'static str, u32>, f64) {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let band = "45-55".parse().unwrap();
        let mut seen = HashMap::new();
        let mut games = 0u64;
        for _ in 0..runs {
            let mut j = Judge::new(band, vec!["S".into()], 400);
            for _ in 0..400 {
                let score = if rng.random::<f64>() < p { 1.0 } else { 0.0 };
                if j.add_score(0, score) {
                    break;
                }
            }
            let v = j.finish().remove(0);
            games += v.games;
            *seen.entry(v.verdict.describe()).or_insert(0) += 1;
        }
        (seen, games as f64 / f64::from(runs))
    }

    #[test]
    fn a_verdict_is_wrong_at_most_five_percent_of_the_time_and_saves_games() {
        // Just outside the band, "balanced" is the wrong verdict; just inside it, a side
        // favoured is. The bound is 5%; 2,000 runs measure a rate to about 1.5% (3 sd).
        for p in [0.44, 0.56] {
            let (seen, _) = runs(p, 2_000);
            let wrong = seen.get("balanced").copied().unwrap_or(0);
            assert!(f64::from(wrong) / 2_000.0 <= 0.05, "p {p}: {seen:?}");
        }
        for p in [0.46, 0.54] {
            let (seen, _) = runs(p, 2_000);
            let wrong = seen.get("favours the Humans").copied().unwrap_or(0)
                + seen.get("favours the Martians").copied().unwrap_or(0);
            assert!(f64::from(wrong) / 2_000.0 <= 0.05, "p {p}: {seen:?}");
        }
        // A lopsided scenario is called early: at 25% Humans, in under a quarter of the
        // 400 games on average.
        let (seen, mean) = runs(0.25, 500);
        assert_eq!(seen.get("favours the Martians"), Some(&500), "{seen:?}");
        assert!(mean < 100.0, "{mean}");
    }

    #[test]
    fn paired_differences_cancel_the_deal() {
        // Two variants on ten deals: the second wins exactly the games the first wins plus
        // one more. Paired, the difference is 0.1 with a narrow interval.
        let mut p = Paired::new(vec!["A".into(), "B".into()]);
        for g in 0..10u32 {
            let a = if g < 5 { 1.0 } else { 0.0 };
            let b = if g < 6 { 1.0 } else { 0.0 };
            for (i, s) in [a, b].into_iter().enumerate() {
                p.scores
                    .entry(("h".into(), "m".into(), g))
                    .or_insert_with(|| vec![None; 2])[i] = Some(s);
            }
        }
        let d = &p.finish()[0];
        assert_eq!(
            (d.pairs, d.variant.as_str(), d.baseline.as_str()),
            (10, "B", "A")
        );
        assert!((d.difference - 0.1).abs() < 1e-12);
        // sd of nine 0s and one 1 is sqrt(0.1), so the half width is 1.96 * 0.1.
        assert!((d.high - d.low - 2.0 * Z95 * 0.1).abs() < 1e-9, "{d:?}");
    }

    #[test]
    fn looks_double_from_fifty_and_end_at_the_cap() {
        assert_eq!(looks(400), vec![50, 100, 200, 400]);
        assert_eq!(looks(300), vec![50, 100, 200, 300]);
        assert_eq!(looks(50), vec![50]);
        assert_eq!(looks(20), vec![20]);
    }

    #[test]
    fn bands_parse_in_percent_and_refuse_nonsense() {
        assert_eq!(
            "45-55".parse::<Band>(),
            Ok(Band {
                low: 0.45,
                high: 0.55
            })
        );
        assert!("45%-55%".parse::<Band>().is_ok());
        for bad in ["55-45", "45", "a-b", "-5-50", "40-120"] {
            let e = bad.parse::<Band>().unwrap_err();
            assert!(e.to_string().contains("LOW-HIGH"), "{e}");
        }
    }
}
