//! A race of variants to a band of balance (`arena --vary ... --band 45-55`): every variant
//! still in the race plays the same deals round by round (games 0 to 24 of each pairing,
//! then to 49, 99...: 50, 100, 200... games a variant, as [`super::sequential::looks`]),
//! and after each round a variant whose Humans' share has left the band (its interval
//! wholly above or below it) is dropped and plays no more. The race ends when at most
//! `keep` variants are left or the budget (`--games` a pairing) is spent. As in F-Race and
//! successive halving, the games go to the variants that may still be the answer.
//!
//! A round is judged on exactly its games (game numbers below the round's end, every
//! pairing), whatever order the workers finished them in, so a race replays from its seed.
//! Each interval is taken at confidence `1 - error / rounds`, so by the union bound a
//! variant inside the band is dropped at most [`super::sequential::ERROR`] of the time.
//! Beside each survivor the race gives its paired difference from the leader (the
//! survivor nearest the band's middle) on the same deals: the mean, game by game, of the
//! difference in the Humans' score, with its 95% interval.

use std::collections::HashMap;

use serde::Serialize;

use super::record::Record;
use super::sequential::{Band, ERROR, humans_score, looks, mean_difference, z_two_sided};
use ai::stats::wilson;

/// One variant in a round: its Humans' share on the round's games and its interval, and
/// (for a survivor) its paired difference from the leader.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    pub variant: String,
    pub games: u64,
    pub humans: f64,
    pub low: f64,
    pub high: f64,
    /// The mean of (this variant − the leader) Humans' scores game by game, and its 95%
    /// interval; none for the leader itself and for a dropped variant.
    pub against_leader: Option<(f64, f64, f64)>,
}

/// What one round of a race found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RaceRound {
    /// Games of each pairing the round's judgement covers (game numbers below it).
    pub per_pairing: u32,
    /// The variants still in the race, the leader first, then by nearness to the band's
    /// middle.
    pub survivors: Vec<Standing>,
    /// The variants this round dropped: their interval left the band.
    pub dropped: Vec<Standing>,
}

/// How a race ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RaceResult {
    pub band: (f64, f64),
    pub keep: usize,
    pub rounds: Vec<RaceRound>,
}

/// The race of a run's scenarios, fed its games one at a time.
#[derive(Clone, Debug)]
pub struct Race {
    band: Band,
    keep: usize,
    names: Vec<String>,
    pairings: u32,
    /// The round ends, in games a pairing.
    ends: Vec<u32>,
    z: f64,
    round: usize,
    alive: Vec<bool>,
    over: bool,
    /// Per variant: each game's Humans' score by (Humans' player, Martians' player, game
    /// number); `None` for a game that did not finish.
    scores: Vec<HashMap<(String, String, u32), Option<f64>>>,
    /// Per variant: how many of its games in `scores` belong to the current round.
    in_round: Vec<u64>,
    rounds: Vec<RaceRound>,
}

impl Race {
    /// A race between the scenarios `names` (in run order), each with `pairings` pairings
    /// of `games` games, until `keep` are left.
    pub fn new(band: Band, keep: usize, names: Vec<String>, pairings: u32, games: u32) -> Race {
        let pairings = pairings.max(1);
        let mut ends: Vec<u32> = looks(u64::from(pairings) * u64::from(games))
            .into_iter()
            .map(|n| u32::try_from(n.div_ceil(u64::from(pairings))).unwrap_or(games))
            .map(|g| g.min(games))
            .collect();
        ends.dedup();
        let z = z_two_sided(ERROR / ends.len().max(1) as f64);
        let n = names.len();
        Race {
            band,
            keep: keep.max(1),
            names,
            pairings,
            ends,
            z,
            round: 0,
            alive: vec![true; n],
            over: n <= keep.max(1),
            scores: vec![HashMap::new(); n],
            in_round: vec![0; n],
            rounds: Vec::new(),
        }
    }

    /// Is variant `i` out of the race (dropped, or the race over)?
    pub fn is_out(&self, i: usize) -> bool {
        self.over || !self.alive[i]
    }

    /// Is the race over?
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Counts a game in; true when it closed a round (the caller then asks
    /// [`Race::is_out`] again).
    pub fn add(&mut self, r: &Record) -> bool {
        let Some(i) = self.names.iter().position(|n| *n == r.scenario) else {
            return false;
        };
        let score = r.finished().then(|| humans_score(r));
        let key = (r.humans.clone(), r.martians.clone(), r.game);
        if self.scores[i].insert(key, score).is_none()
            && self.ends.get(self.round).is_some_and(|&end| r.game < end)
        {
            self.in_round[i] += 1;
        }
        let mut closed = false;
        while !self.over && self.round_complete() {
            self.close_round();
            closed = true;
        }
        closed
    }

    /// Has every variant still in the race all its games of the current round?
    fn round_complete(&self) -> bool {
        let want = u64::from(self.ends[self.round]) * u64::from(self.pairings);
        (0..self.names.len())
            .filter(|&i| self.alive[i])
            .all(|i| self.in_round[i] >= want)
    }

    /// Variant `i` on the games below `end`: finished games, the Humans' score.
    fn tally(&self, i: usize, end: u32) -> (u64, f64) {
        self.scores[i]
            .iter()
            .filter(|(k, _)| k.2 < end)
            .filter_map(|(_, s)| *s)
            .fold((0, 0.0), |(n, t), s| (n + 1, t + s))
    }

    fn standing(&self, i: usize, end: u32) -> Standing {
        let (games, score) = self.tally(i, end);
        let (low, high) = wilson(score, games as f64, self.z);
        Standing {
            variant: self.names[i].clone(),
            games,
            humans: if games == 0 {
                0.0
            } else {
                score / games as f64
            },
            low,
            high,
            against_leader: None,
        }
    }

    /// The mean of (`a` − `b`) Humans' scores over the games below `end` both finished,
    /// and its 95% interval.
    fn paired(&self, a: usize, b: usize, end: u32) -> (f64, f64, f64) {
        let diffs: Vec<f64> = self.scores[a]
            .iter()
            .filter(|(k, _)| k.2 < end)
            .filter_map(|(k, s)| Some((*s)? - (*self.scores[b].get(k)?)?))
            .collect();
        mean_difference(&diffs)
    }

    fn close_round(&mut self) {
        let end = self.ends[self.round];
        let middle = (self.band.low + self.band.high) / 2.0;
        let mut survivors = Vec::new();
        let mut dropped = Vec::new();
        for i in 0..self.names.len() {
            if !self.alive[i] {
                continue;
            }
            let s = self.standing(i, end);
            if s.low > self.band.high || s.high < self.band.low {
                self.alive[i] = false;
                dropped.push(s);
            } else {
                survivors.push((i, s));
            }
        }
        // The leader: nearest the middle of the band (the first in run order on a tie).
        survivors.sort_by(|a, b| {
            (a.1.humans - middle)
                .abs()
                .total_cmp(&(b.1.humans - middle).abs())
                .then(a.0.cmp(&b.0))
        });
        if let Some(&(leader, _)) = survivors.first() {
            for (i, s) in survivors.iter_mut().skip(1) {
                s.against_leader = Some(self.paired(*i, leader, end));
            }
        }
        self.rounds.push(RaceRound {
            per_pairing: end,
            survivors: survivors.into_iter().map(|(_, s)| s).collect(),
            dropped,
        });
        let left = self.alive.iter().filter(|a| **a).count();
        self.round += 1;
        // Count each variant's games of the next round once; later games add one each.
        if let Some(&end) = self.ends.get(self.round) {
            for (i, n) in self.in_round.iter_mut().enumerate() {
                *n = self.scores[i].keys().filter(|k| k.2 < end).count() as u64;
            }
        }
        if left <= self.keep || self.round >= self.ends.len() {
            self.over = true;
        }
    }

    /// The rounds judged so far.
    pub fn finish(self) -> RaceResult {
        RaceResult {
            band: (self.band.low, self.band.high),
            keep: self.keep,
            rounds: self.rounds,
        }
    }
}

/// The race as text, round by round (nothing when there was none).
pub fn write_text(race: &RaceResult, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    writeln!(
        out,
        "race to {:.0}-{:.0}% Humans (a variant is dropped once its interval leaves the band; \
         until {} left):",
        race.band.0 * 100.0,
        race.band.1 * 100.0,
        race.keep
    )?;
    let share = |s: &Standing| {
        format!(
            "Humans {:.1}% [{:.1}%, {:.1}%] over {} games",
            s.humans * 100.0,
            s.low * 100.0,
            s.high * 100.0,
            s.games
        )
    };
    for (k, r) in race.rounds.iter().enumerate() {
        writeln!(
            out,
            "  round {} (games 0-{} of each pairing): {} left",
            k + 1,
            r.per_pairing.saturating_sub(1),
            r.survivors.len()
        )?;
        for (j, s) in r.survivors.iter().enumerate() {
            let against = match s.against_leader {
                Some((d, lo, hi)) => format!(
                    "; against the leader {:+.1} [{:+.1}, {:+.1}] points",
                    d * 100.0,
                    lo * 100.0,
                    hi * 100.0
                ),
                None if j == 0 => "; the leader".to_string(),
                None => String::new(),
            };
            writeln!(out, "    {}: {}{against}", s.variant, share(s))?;
        }
        for s in &r.dropped {
            writeln!(out, "    dropped {}: {}", s.variant, share(s))?;
        }
    }
    match race.rounds.last() {
        Some(r) if r.survivors.is_empty() => {
            writeln!(out, "  no variant is balanced within the band")?
        }
        Some(r) => writeln!(
            out,
            "  best: {}",
            r.survivors
                .iter()
                .map(|s| s.variant.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )?,
        None => writeln!(out, "  no round was completed")?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::record::Winner;
    use ai::stats::Z95;

    /// Game `game` of variant `scenario` between `a` and `b`, won by the Humans or not.
    fn game(scenario: &str, game: u32, humans_won: bool) -> Record {
        Record {
            scenario: scenario.into(),
            game,
            winner: Some(if humans_won {
                Winner::Humans
            } else {
                Winner::Martians
            }),
            ..Record::sample(&format!("{scenario}/a-vs-b/{game}"))
        }
    }

    /// Three variants, 200 games each of one pairing: `A` always won by the Humans, `B`
    /// on even games, `C` on odd ones.
    fn games() -> Vec<Record> {
        let mut out = Vec::new();
        for g in 0..200 {
            out.push(game("A", g, true));
            out.push(game("B", g, g % 2 == 0));
            out.push(game("C", g, g % 2 == 1));
        }
        out
    }

    fn race() -> Race {
        let band = "45-55".parse().unwrap();
        Race::new(band, 1, vec!["A".into(), "B".into(), "C".into()], 1, 200)
    }

    #[test]
    fn a_variant_out_of_the_band_is_dropped_and_the_rest_race_on_the_same_deals() {
        let mut r = race();
        for g in games() {
            r.add(&g);
        }
        let result = r.finish();
        // Rounds end at games 50, 100 and 200 (the budget).
        let ends: Vec<u32> = result.rounds.iter().map(|x| x.per_pairing).collect();
        assert_eq!(ends, [50, 100, 200]);
        // A won all 50 of the first round: its interval lies above the band.
        let first = &result.rounds[0];
        assert_eq!(first.dropped.len(), 1);
        assert_eq!(
            (first.dropped[0].variant.as_str(), first.dropped[0].games),
            ("A", 50)
        );
        assert_eq!(first.dropped[0].humans, 1.0);
        // B and C are at 50% each, B first (the first on a tie). Game by game they differ
        // by +1 or -1 half the time each: a mean of 0, sd 1 (n - 1 in the divisor), so the
        // interval is 0 +- 1.96 sqrt(50/49/50).
        let names: Vec<&str> = first.survivors.iter().map(|s| s.variant.as_str()).collect();
        assert_eq!(names, ["B", "C"]);
        let (d, lo, hi) = first.survivors[1].against_leader.unwrap();
        let half = Z95 * (50.0f64 / 49.0 / 50.0).sqrt();
        assert!(d.abs() < 1e-12 && (hi - half).abs() < 1e-12 && (lo + half).abs() < 1e-12);
        // Both stay in the band to the end; neither is dropped after the first round.
        assert!(result.rounds[1..].iter().all(|x| x.dropped.is_empty()));
        assert_eq!(result.rounds[2].survivors.len(), 2);
    }

    #[test]
    fn a_round_is_judged_on_its_own_games_whatever_order_they_come_in() {
        let mut in_order = race();
        for g in games() {
            in_order.add(&g);
        }
        // The same games, the later ones first: rounds close only once their games are in.
        let mut shuffled = race();
        let mut late = games();
        late.reverse();
        let mut closed_at = Vec::new();
        for (k, g) in late.iter().enumerate() {
            if shuffled.add(g) {
                closed_at.push(k);
            }
        }
        // Nothing closes before the very first games arrive, last of all.
        assert_eq!(closed_at, [late.len() - 1]);
        assert_eq!(shuffled.finish(), in_order.finish());
    }

    #[test]
    fn the_race_ends_once_keep_variants_are_left() {
        let band = "45-55".parse().unwrap();
        let mut r = Race::new(band, 2, vec!["A".into(), "B".into(), "C".into()], 1, 200);
        for g in games() {
            r.add(&g);
            if r.is_over() {
                break;
            }
        }
        // A leaves in the first round; two are left, as asked: no more rounds.
        assert!(r.is_over() && r.is_out(1) && r.is_out(2));
        assert_eq!(r.finish().rounds.len(), 1);
    }
}
