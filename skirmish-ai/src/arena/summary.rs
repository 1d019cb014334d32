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

use super::record::{Reason, Record, VpSources, Winner};
use rules::rng_from_seed;

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
    /// Each side's wins at the VP target (Humans', Martians') by where most of the
    /// winner's VP came from (shoot, fight, counters, exit, hold; a tie goes to the first):
    /// an escape and a massacre both reach the target, and a designer needs to tell them
    /// apart.
    pub vp_target_by: Vec<(&'static str, u32, u32)>,
    /// Where each side's VP came from, per finished game on average: (source, Humans'
    /// mean, Martians' mean), sources in record order (shoot, fight, counters, exit, hold).
    pub vp_from: Vec<(&'static str, f64, f64)>,
    /// The games decided at once by a key model or a zone, by what ended them, in which
    /// Round and where (records of earlier versions say nothing of it).
    pub endings: Vec<super::ending::EndingBreakdown>,
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
    /// The first player's luck-adjusted score, when the records carry their luck.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub luck_adjusted: Option<LuckAdjusted>,
}

/// A luck-adjusted score ([`super::luck`]): the mean of the games' results less their luck,
/// with its 95% interval from the games' spread (normal: adjusted results are not wins and
/// losses, and may fall outside 0 to 1).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct LuckAdjusted {
    pub games: u32,
    pub score: f64,
    pub low: f64,
    pub high: f64,
}

/// The sums a luck-adjusted score is made of.
#[derive(Clone, Copy, Debug, Default)]
struct LuckTally {
    games: u32,
    sum: f64,
    sum_squares: f64,
}

impl LuckTally {
    fn add(&mut self, adjusted: f64) {
        self.games += 1;
        self.sum += adjusted;
        self.sum_squares += adjusted * adjusted;
    }

    fn adjusted(&self) -> Option<LuckAdjusted> {
        if self.games == 0 {
            return None;
        }
        let n = f64::from(self.games);
        let mean = self.sum / n;
        let var = if self.games > 1 {
            ((self.sum_squares - n * mean * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        let half = Z95 * (var / n).sqrt();
        Some(LuckAdjusted {
            games: self.games,
            score: mean,
            low: mean - half,
            high: mean + half,
        })
    }
}

/// A failed game, to replay.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Failure {
    pub id: String,
    pub game_seed: u64,
    pub status: String,
    /// What went wrong, cut to [`FAILURE_TEXT`] characters (the results file and
    /// `games.csv` have it whole).
    pub error: String,
}

/// Everything the records say.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub games: u32,
    pub scenarios: Vec<ScenarioSummary>,
    pub players: Vec<PlayerSummary>,
    pub pairings: Vec<PairingSummary>,
    /// Games that did not finish, all of them.
    pub failed: u32,
    /// The first [`LISTED_FAILURES`] of them by id, to replay.
    pub failures: Vec<Failure>,
    /// Each pairing's results scenario by scenario: (scenario, results there).
    pub pairings_by_scenario: Vec<(String, PairingSummary)>,
    /// Games whose record holds their moves (`arena --record-moves`): they can be watched
    /// at the table.
    pub games_with_moves: u32,
    /// A sequential run's verdict on each scenario (`arena --until-decided`), in run order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub verdicts: Vec<super::sequential::Judged>,
    /// Each variant against the first of its file, on the same deals (`arena --vary`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub paired: Vec<super::sequential::PairedDifference>,
    /// A race of variants to a band (`arena --vary ... --band`), round by round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub race: Option<super::race::RaceResult>,
}

impl Summary {
    /// Puts the scenarios in the order of `names` (a run's order: variants as given),
    /// any other after them by name.
    pub fn order_scenarios(&mut self, names: &[&str]) {
        let at = |name: &str| names.iter().position(|n| *n == name).unwrap_or(usize::MAX);
        self.scenarios.sort_by_key(|s| at(&s.scenario));
        self.pairings_by_scenario.sort_by_key(|(s, _)| at(s));
    }
}

/// How many failed games a summary lists (it counts them all).
pub const LISTED_FAILURES: usize = 20;

/// The longest error a listed failure shows, in characters.
pub const FAILURE_TEXT: usize = 300;

/// Summarizes `records` (their order does not matter).
pub fn summarize(records: &[Record]) -> Summary {
    let mut s = Summarizer::default();
    for r in records {
        s.add(r);
    }
    s.finish()
}

/// A [`Summary`] built a record at a time, in memory bounded by what the summary holds
/// (its scenarios, players, pairings and the Rounds games last), not by the number of
/// games: results files of any length are read through one.
#[derive(Default)]
pub struct Summarizer {
    games: u32,
    scenarios: BTreeMap<String, ScenarioTally>,
    /// Finished games' results by player name.
    players: BTreeMap<String, PlayerTally>,
    /// Finished games between two different players, keyed by their names in order:
    /// (first's wins, second's wins, draws, first's wins as Humans, as Martians, second's
    /// wins as Humans, as Martians).
    pairs: BTreeMap<(String, String), [u32; 7]>,
    /// The same, scenario by scenario: (scenario, first, second).
    scenario_pairs: BTreeMap<(String, String, String), [u32; 7]>,
    /// The first's luck-adjusted results, of the games whose records carry their luck.
    luck_pairs: BTreeMap<(String, String), LuckTally>,
    luck_scenario_pairs: BTreeMap<(String, String, String), LuckTally>,
    failed: u32,
    games_with_moves: u32,
    /// The failures with the smallest ids, at most [`LISTED_FAILURES`].
    failures: BTreeMap<String, Failure>,
}

/// A number's count, sum, sum of squares and range, exactly, for whole numbers: their
/// [`Spread`] a number at a time.
#[derive(Clone, Copy, Debug, Default)]
pub struct WholeSpread {
    n: u64,
    sum: u128,
    squares: u128,
    min: u64,
    max: u64,
}

impl WholeSpread {
    pub fn add(&mut self, x: u64) {
        if self.n == 0 || x < self.min {
            self.min = x;
        }
        self.max = self.max.max(x);
        self.n += 1;
        self.sum += u128::from(x);
        self.squares += u128::from(x) * u128::from(x);
    }

    pub fn spread(&self) -> Spread {
        if self.n == 0 {
            return Spread::default();
        }
        let n = self.n as f64;
        let sd = if self.n > 1 {
            // n * sum(x^2) - sum(x)^2 = n * sum((x - mean)^2): exact in whole numbers.
            let deviations = u128::from(self.n) * self.squares - self.sum * self.sum;
            (deviations as f64 / (n * (n - 1.0))).sqrt()
        } else {
            0.0
        };
        Spread {
            mean: self.sum as f64 / n,
            sd,
            min: self.min as f64,
            max: self.max as f64,
        }
    }
}

#[derive(Default)]
struct ScenarioTally {
    /// The file of the game with the smallest id, and that id.
    first_id: String,
    file: String,
    games: u32,
    finished: u32,
    humans: u32,
    martians: u32,
    draws: u32,
    /// Finished games by [`Reason::ALL`], and each side's wins by [`Reason::WINS`].
    reasons: [u32; Reason::ALL.len()],
    humans_by: [u32; Reason::WINS.len()],
    martians_by: [u32; Reason::WINS.len()],
    /// VP-target wins of each side by the winner's main VP source, in
    /// [`super::record::VpSources::named`] order.
    target_by: [[u32; 5]; 2],
    lengths: BTreeMap<u16, u32>,
    rounds: WholeSpread,
    decisions: WholeSpread,
    /// Both sides' VP summed over the finished games that reached the end of each Round.
    vp_at: Vec<(u64, u64)>,
    /// Both sides' final VP summed over the finished games whose VP list has this length:
    /// they count with it at every later Round.
    vp_final_at: BTreeMap<usize, (u64, u64)>,
    /// VP from each source (in record order), summed: Humans', Martians'.
    vp_from: [(u64, u64); 5],
    /// What ended the games decided at once.
    endings: super::ending::EndingTally,
}

#[derive(Default)]
struct PlayerTally {
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    mirror_games: u32,
    /// (wins, games) on the Humans and on the Martians.
    seats: [(u32, u32); 2],
}

impl Summarizer {
    /// Counts one record in.
    pub fn add(&mut self, r: &Record) {
        self.games += 1;
        self.games_with_moves += u32::from(r.moves.is_some());
        let sc = self.scenarios.entry(r.scenario.clone()).or_default();
        if sc.games == 0 || r.id < sc.first_id {
            sc.first_id = r.id.clone();
            sc.file = r.scenario_file.clone();
        }
        sc.games += 1;
        if !r.finished() {
            self.failed += 1;
            let listed = self.failures.len() < LISTED_FAILURES
                || self
                    .failures
                    .last_key_value()
                    .is_some_and(|(k, _)| r.id < *k);
            if listed {
                let error = r.error.as_deref().unwrap_or_default();
                let mut cut: String = error.chars().take(FAILURE_TEXT).collect();
                if cut.len() < error.len() {
                    cut.push_str(" ...");
                }
                self.failures.insert(
                    r.id.clone(),
                    Failure {
                        id: r.id.clone(),
                        game_seed: r.game_seed,
                        status: r.status.describe().to_string(),
                        error: cut,
                    },
                );
                if self.failures.len() > LISTED_FAILURES {
                    self.failures.pop_last();
                }
            }
            return;
        }
        sc.add_finished(r);
        self.add_players(r);
    }

    fn add_players(&mut self, r: &Record) {
        let humans_won = r.winner == Some(Winner::Humans);
        let martians_won = r.winner == Some(Winner::Martians);
        if r.humans == r.martians {
            // A mirror game: it counts in the scenario's side table, not in the player's
            // results.
            self.players
                .entry(r.humans.clone())
                .or_default()
                .mirror_games += 1;
            return;
        }
        for (name, seat, won, lost) in [
            (&r.humans, 0, humans_won, martians_won),
            (&r.martians, 1, martians_won, humans_won),
        ] {
            let p = self.players.entry(name.clone()).or_default();
            p.games += 1;
            match (won, lost) {
                (true, _) => p.wins += 1,
                (_, true) => p.losses += 1,
                _ => p.draws += 1,
            }
            p.seats[seat].0 += u32::from(won);
            p.seats[seat].1 += 1;
        }
        // The first of a pairing is the player whose name sorts first.
        let a_humans = r.humans < r.martians;
        let (a, b, a_won, b_won) = if a_humans {
            (&r.humans, &r.martians, humans_won, martians_won)
        } else {
            (&r.martians, &r.humans, martians_won, humans_won)
        };
        let e = self.pairs.entry((a.clone(), b.clone())).or_default();
        e[0] += u32::from(a_won);
        e[1] += u32::from(b_won);
        e[2] += u32::from(!a_won && !b_won);
        e[if a_humans { 3 } else { 4 }] += u32::from(a_won);
        e[if a_humans { 6 } else { 5 }] += u32::from(b_won);
        let s = self
            .scenario_pairs
            .entry((r.scenario.clone(), a.clone(), b.clone()))
            .or_default();
        s[0] += u32::from(a_won);
        s[1] += u32::from(b_won);
        s[2] += u32::from(!a_won && !b_won);
        s[if a_humans { 3 } else { 4 }] += u32::from(a_won);
        s[if a_humans { 6 } else { 5 }] += u32::from(b_won);
        if let Some(luck) = r.luck {
            // The first's result less the first's luck (the Humans' luck, or its opposite).
            let result = if a_won {
                1.0
            } else if b_won {
                0.0
            } else {
                0.5
            };
            let adjusted = result - if a_humans { luck } else { -luck };
            self.luck_pairs
                .entry((a.clone(), b.clone()))
                .or_default()
                .add(adjusted);
            self.luck_scenario_pairs
                .entry((r.scenario.clone(), a.clone(), b.clone()))
                .or_default()
                .add(adjusted);
        }
    }

    /// The summary of every record counted in.
    pub fn finish(self) -> Summary {
        let scenarios = self
            .scenarios
            .into_iter()
            .map(|(name, t)| t.summary(name))
            .collect();
        let (players, mut pairings) = player_summaries(&self.players, &self.pairs);
        for p in &mut pairings {
            p.luck_adjusted = self
                .luck_pairs
                .get(&(p.first.clone(), p.second.clone()))
                .and_then(LuckTally::adjusted);
        }
        Summary {
            games: self.games,
            scenarios,
            players,
            pairings,
            failed: self.failed,
            failures: self.failures.into_values().collect(),
            games_with_moves: self.games_with_moves,
            pairings_by_scenario: self
                .scenario_pairs
                .iter()
                .map(|((s, a, b), tally)| {
                    let mut p = pairing_summary(a, b, tally);
                    p.luck_adjusted = self
                        .luck_scenario_pairs
                        .get(&(s.clone(), a.clone(), b.clone()))
                        .and_then(LuckTally::adjusted);
                    (s.clone(), p)
                })
                .collect(),
            verdicts: Vec::new(),
            paired: Vec::new(),
            race: None,
        }
    }
}

impl ScenarioTally {
    fn add_finished(&mut self, r: &Record) {
        self.finished += 1;
        match r.winner {
            Some(Winner::Humans) => self.humans += 1,
            Some(Winner::Martians) => self.martians += 1,
            None => self.draws += 1,
        }
        if let Some(why) = r.reason {
            if let Some(i) = Reason::ALL.iter().position(|x| *x == why) {
                self.reasons[i] += 1;
            }
            if let Some(i) = Reason::WINS.iter().position(|x| *x == why) {
                match r.winner {
                    Some(Winner::Humans) => self.humans_by[i] += 1,
                    Some(Winner::Martians) => self.martians_by[i] += 1,
                    None => {}
                }
            }
            if why == Reason::VpTarget
                && let Some(w) = r.winner
            {
                let (side, from) = match w {
                    Winner::Humans => (0, &r.vp_from.humans),
                    Winner::Martians => (1, &r.vp_from.martians),
                };
                let named = from.named();
                let mut main = 0;
                for (i, (_, vp)) in named.iter().enumerate() {
                    if *vp > named[main].1 {
                        main = i;
                    }
                }
                self.target_by[side][main] += 1;
            }
        }
        if let Some(e) = &r.ending {
            self.endings.add(e);
        }
        *self.lengths.entry(r.rounds).or_default() += 1;
        self.rounds.add(u64::from(r.rounds));
        self.decisions.add(r.decisions);
        if self.vp_at.len() < r.vp_by_round.len() {
            self.vp_at.resize(r.vp_by_round.len(), (0, 0));
        }
        for (sum, vp) in self.vp_at.iter_mut().zip(&r.vp_by_round) {
            sum.0 += u64::from(vp.humans);
            sum.1 += u64::from(vp.martians);
        }
        if let Some(last) = r.vp_by_round.last() {
            let f = self.vp_final_at.entry(r.vp_by_round.len()).or_default();
            f.0 += u64::from(last.humans);
            f.1 += u64::from(last.martians);
        }
        for (i, sum) in self.vp_from.iter_mut().enumerate() {
            sum.0 += u64::from(r.vp_from.humans.named()[i].1);
            sum.1 += u64::from(r.vp_from.martians.named()[i].1);
        }
    }

    fn summary(self, scenario: String) -> ScenarioSummary {
        let n = self.finished;
        let per_game = |x: u64| x as f64 / f64::from(n.max(1));
        // A game that ended before Round i counts with its final VP there.
        let mut carried = (0u64, 0u64);
        let mean_vp_by_round = self
            .vp_at
            .iter()
            .enumerate()
            .map(|(i, at)| {
                if let Some(f) = self.vp_final_at.get(&i) {
                    carried.0 += f.0;
                    carried.1 += f.1;
                }
                (per_game(at.0 + carried.0), per_game(at.1 + carried.1))
            })
            .collect();
        let vp_from = VpSources::default()
            .named()
            .iter()
            .zip(self.vp_from)
            .map(|((name, _), (h, m))| (*name, per_game(h), per_game(m)))
            .collect();
        ScenarioSummary {
            scenario,
            file: self.file,
            games: self.games,
            failed: self.games - n,
            humans: Rate::new(self.humans, n),
            martians: Rate::new(self.martians, n),
            draws: Rate::new(self.draws, n),
            rounds: self.rounds.spread(),
            decisions: self.decisions.spread(),
            reasons: Reason::ALL.into_iter().zip(self.reasons).collect(),
            length_histogram: self.lengths.into_iter().collect(),
            mean_vp_by_round,
            humans_by: Reason::WINS.into_iter().zip(self.humans_by).collect(),
            martians_by: Reason::WINS.into_iter().zip(self.martians_by).collect(),
            vp_target_by: super::record::VpSources::default()
                .named()
                .iter()
                .enumerate()
                .map(|(i, (name, _))| (*name, self.target_by[0][i], self.target_by[1][i]))
                .collect(),
            vp_from,
            endings: self.endings.breakdowns(),
        }
    }
}

/// A finished game between two different players as ratings see it: indices of the two
/// players and the first one's score (1, 0.5 or 0).
type Duel = (usize, usize, f64);

/// Finished games between two different players as ratings see them: indices of the two
/// players, the first one's score (1, 0.5 or 0), and how many games ended so.
type Tally = (usize, usize, f64, u32);

fn player_summaries(
    tallies: &BTreeMap<String, PlayerTally>,
    pairs: &BTreeMap<(String, String), [u32; 7]>,
) -> (Vec<PlayerSummary>, Vec<PairingSummary>) {
    let names: Vec<&String> = tallies.keys().collect();
    let index = |name: &String| names.binary_search(&name).unwrap_or(0);
    let mut players: Vec<PlayerSummary> = tallies
        .iter()
        .map(|(name, t)| PlayerSummary {
            player: name.clone(),
            games: t.games,
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            as_humans: Rate::new(t.seats[0].0, t.seats[0].1),
            as_martians: Rate::new(t.seats[1].0, t.seats[1].1),
            mirror_games: t.mirror_games,
            elo: 1500.0,
            elo_low: 1500.0,
            elo_high: 1500.0,
        })
        .collect();
    let mut duels: Vec<Tally> = Vec::new();
    for ((a, b), e) in pairs {
        let (a, b) = (index(a), index(b));
        for (score, count) in [(1.0, e[0]), (0.0, e[1]), (0.5, e[2])] {
            if count > 0 {
                duels.push((a, b, score, count));
            }
        }
    }
    let games: u64 = duels.iter().map(|d| u64::from(d.3)).sum();
    if games > 0 {
        let strengths =
            bradley_terry_tallied(names.len(), &duels, 1.0, &vec![1.0; names.len()], 10_000);
        let elo = elo_of(&strengths);
        let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(BOOTSTRAP_SAMPLES); names.len()];
        let mut rng = rng_from_seed(0x05ee_de10);
        // Game k of the sample is in the tally whose running count first passes k.
        let mut ends = Vec::with_capacity(duels.len());
        let mut total = 0u64;
        for d in &duels {
            total += u64::from(d.3);
            ends.push(total);
        }
        let mut resample = duels.clone();
        for _ in 0..BOOTSTRAP_SAMPLES {
            for d in &mut resample {
                d.3 = 0;
            }
            for _ in 0..games {
                let k = rng.random_range(0..games);
                resample[ends.partition_point(|&e| e <= k)].3 += 1;
            }
            // Each resample starts from the whole sample's strengths: the same fixed point
            // is found, in a fraction of the rounds.
            let resampled =
                bradley_terry_tallied(names.len(), &resample, 1.0, &strengths, BOOTSTRAP_ROUNDS);
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
        .iter()
        .map(|((a, b), tally)| pairing_summary(a, b, tally))
        .collect();
    (players, pairings)
}

/// A pairing's results from its tally: (first's wins, second's wins, draws, first's wins as
/// Humans, as Martians, second's wins as Humans, as Martians).
fn pairing_summary(a: &str, b: &str, tally: &[u32; 7]) -> PairingSummary {
    let [aw, bw, d, ah, am, bh, bm] = *tally;
    let games = aw + bw + d;
    let score = f64::from(aw) + 0.5 * f64::from(d);
    let (low, high) = wilson(score, f64::from(games), Z95);
    PairingSummary {
        first: a.to_string(),
        second: b.to_string(),
        games,
        first_wins: aw,
        second_wins: bw,
        draws: d,
        first_wins_as: (ah, am),
        second_wins_as: (bh, bm),
        first_score: score / f64::from(games.max(1)),
        first_low: low,
        first_high: high,
        luck_adjusted: None,
    }
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
    let tallies: Vec<Tally> = duels.iter().map(|&(a, b, s)| (a, b, s, 1)).collect();
    bradley_terry_tallied(n, &tallies, virtual_games, start, max_rounds)
}

/// [`bradley_terry_from`] on games tallied by result: each entry stands for its count of
/// games between the same two players with the same score.
fn bradley_terry_tallied(
    n: usize,
    duels: &[Tally],
    virtual_games: f64,
    start: &[f64],
    max_rounds: usize,
) -> Vec<f64> {
    // wins[i], and for each player the players it met with the games between them (draws
    // as half a win each). Kept as lists of the pairings that met, so a round of the
    // iteration costs time in the number of pairings, not the square of the players.
    let mut wins = vec![0.0; n];
    let mut met: BTreeMap<(usize, usize), f64> = BTreeMap::new();
    for &(a, b, s, count) in duels {
        if count == 0 {
            continue;
        }
        let c = f64::from(count);
        wins[a] += s * c;
        wins[b] += (1.0 - s) * c;
        *met.entry((a.min(b), a.max(b))).or_default() += c;
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
