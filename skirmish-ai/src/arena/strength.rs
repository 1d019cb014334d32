//! The strength record: arena results turned into `docs/strength.md`, the search's scores
//! against `greedy` by budget and scenario, its budgets and levels head to head, and the
//! calibration of the values it reports (a reliability chart by tenths, Brier score and
//! log-loss), with the commands that reproduce them and the fingerprints that date them.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::record::{Record, Winner};
use rules::Side;

/// Why the games of a strength record were not all played by one search
/// ([`Strength::search`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoOneSearch {
    /// Games of different versions of these scenario files.
    #[error("games of different versions of {}: record the results of one version", .0.join(", "))]
    EditedScenarios(Vec<String>),
    /// This many games name no search fingerprint.
    #[error(
        "{0} game(s) name no search fingerprint (results of an earlier version): play them \
         again"
    )]
    Unfingerprinted(u64),
    /// No game finished.
    #[error("no finished games in these results")]
    NoGames,
    /// Games of these searches, more than one.
    #[error(
        "the games were played by {} different searches ({}): record the results of one",
        .0.len(),
        .0.join(", ")
    )]
    Searches(Vec<String>),
}

/// Wins (draws counting half) and games.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub score: f64,
    pub games: u32,
}

impl Tally {
    fn add(&mut self, score: f64) {
        self.score += score;
        self.games += 1;
    }

    /// The share won, with its Wilson 95% interval.
    pub fn rate(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games);
        let (lo, hi) = ai::wilson(self.score, n, ai::stats::Z95);
        (if n > 0.0 { self.score / n } else { 0.0 }, lo, hi)
    }
}

/// One tenth of the values a search reported: how many, their mean, and how often the
/// side whose value it was went on to win.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bin {
    pub positions: u64,
    pub shown: f64,
    pub won: f64,
}

/// The values a search reported against whether the side went on to win: by tenths, with
/// the sums of the Brier score and log-loss.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Calibration {
    pub bins: [Bin; 10],
    pub brier: f64,
    pub log_loss: f64,
    pub values: u64,
}

impl Calibration {
    /// Counts a value `p` shown for a side whose game ended `y` (1 won, 0 lost, 0.5 drawn).
    pub fn add(&mut self, p: f64, y: f64) {
        let p = p.clamp(0.0, 1.0);
        let bin = &mut self.bins[((p * 10.0) as usize).min(9)];
        bin.positions += 1;
        bin.shown += p;
        bin.won += y;
        self.brier += (p - y) * (p - y);
        let q = p.clamp(1e-6, 1.0 - 1e-6);
        self.log_loss -= y * q.ln() + (1.0 - y) * (1.0 - q).ln();
        self.values += 1;
    }

    /// The tenths as a Markdown table, with the count, Brier score and log-loss before it.
    fn markdown(&self, s: &mut String) {
        let n = self.values as f64;
        let _ = writeln!(
            s,
            "{} values, Brier score {:.4}, log-loss {:.4}.\n\n| value shown | positions | mean \
             shown | won | within 0.05 |\n|---|---|---|---|---|",
            self.values,
            self.brier / n,
            self.log_loss / n
        );
        for (i, b) in self.bins.iter().enumerate() {
            if b.positions == 0 {
                continue;
            }
            let k = b.positions as f64;
            let _ = writeln!(
                s,
                "| {:.1}-{:.1} | {} | {:.3} | {:.3} | {} |",
                i as f64 / 10.0,
                (i + 1) as f64 / 10.0,
                b.positions,
                b.shown / k,
                b.won / k,
                if (b.shown / k - b.won / k).abs() <= 0.05 {
                    "yes"
                } else {
                    "no"
                }
            );
        }
        s.push('\n');
    }
}

/// What the strength record is made of.
#[derive(Clone, Debug, Default)]
pub struct Strength {
    /// Each searching player's score against `greedy`, by scenario.
    pub against_greedy: BTreeMap<String, BTreeMap<String, Tally>>,
    /// Each pairing of two searching players (in name order): the first one's score.
    pub head_to_head: BTreeMap<(String, String), Tally>,
    /// The values searches reported in games against themselves (the same player on both
    /// sides): what a value means, a chance to win against an equal opponent.
    pub self_play: Calibration,
    /// The values reported in games against another player (against a weaker player the
    /// search wins more often than its values say).
    pub other: Calibration,
    /// The scenario files and their fingerprints, as the runs recorded them.
    pub scenarios: BTreeMap<String, String>,
    /// The arena runs: seed, players, scenario files, games per pairing and scenario.
    pub runs: BTreeMap<(u64, String, String), (std::collections::BTreeSet<String>, u32)>,
    /// The search fingerprints the games were played with.
    pub searches: std::collections::BTreeSet<String>,
    /// Finished games whose record names no search fingerprint (results of earlier versions).
    pub unfingerprinted: u64,
    /// Scenario files measured in two versions (their fingerprints differ between games).
    pub edited_scenarios: std::collections::BTreeSet<String>,
}

/// The result of a finished game for `side`: 1 won, 0 lost, 0.5 drawn.
fn result_for(r: &Record, side: Side) -> f64 {
    match (r.winner, side) {
        (Some(Winner::Humans), Side::Humans) | (Some(Winner::Martians), Side::Martians) => 1.0,
        (Some(_), _) => 0.0,
        (None, _) => 0.5,
    }
}

impl Strength {
    /// Counts one record in (unfinished games count nowhere).
    pub fn add(&mut self, r: &Record) {
        if !r.finished() {
            return;
        }
        if let Some(before) = self
            .scenarios
            .insert(r.scenario_file.clone(), r.scenario_fingerprint.clone())
            && before != r.scenario_fingerprint
        {
            self.edited_scenarios.insert(r.scenario_file.clone());
        }
        match &r.search {
            Some(f) => {
                self.searches.insert(f.clone());
            }
            None => self.unfingerprinted += 1,
        }
        let (a, b) = if r.humans <= r.martians {
            (r.humans.clone(), r.martians.clone())
        } else {
            (r.martians.clone(), r.humans.clone())
        };
        let run = self.runs.entry((r.seed, a.clone(), b.clone())).or_default();
        run.0.insert(r.scenario_file.clone());
        run.1 = run.1.max(r.game + 1);
        let h = result_for(r, Side::Humans);
        for (me, other, score) in [
            (&r.humans, &r.martians, h),
            (&r.martians, &r.humans, 1.0 - h),
        ] {
            if other == "greedy" && me != "greedy" {
                self.against_greedy
                    .entry(me.clone())
                    .or_default()
                    .entry(r.scenario.clone())
                    .or_default()
                    .add(score);
            }
        }
        if a != b && a != "greedy" && b != "greedy" {
            let first = if r.humans == a { h } else { 1.0 - h };
            self.head_to_head.entry((a, b)).or_default().add(first);
        }
        let calibration = if r.humans == r.martians {
            &mut self.self_play
        } else {
            &mut self.other
        };
        for v in &r.values {
            calibration.add(v.value, result_for(r, v.side));
        }
    }

    /// The one search every game was played with, or why there is none: the record is dated
    /// by it, so games of different searches (or of versions that did not say) cannot share it.
    pub fn search(&self) -> Result<&str, NoOneSearch> {
        if !self.edited_scenarios.is_empty() {
            return Err(NoOneSearch::EditedScenarios(
                self.edited_scenarios.iter().cloned().collect(),
            ));
        }
        if self.unfingerprinted > 0 {
            return Err(NoOneSearch::Unfingerprinted(self.unfingerprinted));
        }
        match self.searches.len() {
            0 => Err(NoOneSearch::NoGames),
            1 => Ok(self.searches.iter().next().map_or("", String::as_str)),
            _ => Err(NoOneSearch::Searches(
                self.searches.iter().cloned().collect(),
            )),
        }
    }

    /// The record as Markdown; `chart` is the file name of the reliability chart beside it,
    /// `search` the search's fingerprint.
    pub fn markdown(&self, chart: &str, search: &str) -> String {
        let mut s = String::new();
        let pct = |t: &Tally| {
            let (p, lo, hi) = t.rate();
            format!("{:.2} [{:.2}, {:.2}] ({})", p, lo, hi, t.games)
        };
        s.push_str(
            "# The AI's strength\n\nWritten by `mars-attacks strength RESULTS...` from the arena \
             results of the runs listed at the end; `mars-attacks strength --check` fails when \
             the search or a scenario below has changed since. Scores are the first player's \
             share of the games (draws count half), with Wilson 95% intervals and the number \
             of games; every run swaps the seats game by game.\n\n",
        );
        let _ = writeln!(s, "Search: `{search}`\n");
        s.push_str("## Against `greedy`, by budget and scenario\n\n");
        let mut players: Vec<&String> = self.against_greedy.keys().collect();
        players.sort_by_key(|p| budget_order(p));
        if players.is_empty() {
            s.push_str("No games against `greedy` in these results.\n\n");
        } else {
            let mut scenarios: Vec<&String> = self
                .against_greedy
                .values()
                .flat_map(|m| m.keys())
                .collect();
            scenarios.sort();
            scenarios.dedup();
            let _ = writeln!(
                s,
                "| scenario | {} |",
                players
                    .iter()
                    .map(|p| format!("`{p}`"))
                    .collect::<Vec<_>>()
                    .join(" | ")
            );
            let _ = writeln!(s, "|---|{}", "---|".repeat(players.len()));
            for sc in &scenarios {
                let cells: Vec<String> = players
                    .iter()
                    .map(|p| self.against_greedy[*p].get(*sc).map_or("".to_string(), pct))
                    .collect();
                let _ = writeln!(s, "| {sc} | {} |", cells.join(" | "));
            }
            let pooled: Vec<String> = players
                .iter()
                .map(|p| {
                    let t = self.pooled_against_greedy(p).unwrap_or_default();
                    format!("**{}**", pct(&t))
                })
                .collect();
            let _ = writeln!(s, "| **pooled** | {} |\n", pooled.join(" | "));
        }
        s.push_str("## Head to head\n\n");
        if self.head_to_head.is_empty() {
            s.push_str("No games between two searching players in these results.\n\n");
        } else {
            s.push_str("| player | against | score of the player |\n|---|---|---|\n");
            for ((a, b), t) in &self.head_to_head {
                let _ = writeln!(s, "| `{a}` | `{b}` | {} |", pct(t));
            }
            s.push('\n');
        }
        if self.has_ladder_games() {
            s.push_str(&self.ladder_markdown());
            s.push('\n');
        }
        s.push_str("## Calibration of the values the search reports\n\n");
        if self.self_play.values + self.other.values == 0 {
            s.push_str("No reported values in these results.\n\n");
        } else {
            let _ = writeln!(
                s,
                "Every value a search gave the action it chose (its chance to win, as it judged \
                 it), against whether that side went on to win. The values are fitted to games \
                 between equal players (`mars-attacks fit-evaluation`), so they are measured in \
                 games of a search against itself; against a weaker player the search wins more \
                 often than its values say. The chart shows the games against itself when the results \
                 hold any.\n\n![reliability chart]({chart})\n"
            );
            if self.self_play.values > 0 {
                s.push_str("### Against itself\n\n");
                self.self_play.markdown(&mut s);
            }
            if self.other.values > 0 {
                s.push_str("### Against other players\n\n");
                self.other.markdown(&mut s);
            }
        }
        s.push_str("## The runs\n\nEach reproduces with `mars-attacks arena` (add `--jobs` to taste; iteration budgets replay exactly, time levels depend on the machine):\n\n```sh\n");
        s.push_str(&self.run_commands(|_, _| true));
        s.push_str("```\n\n## Fingerprints\n\n");
        for (file, fp) in &self.scenarios {
            let _ = writeln!(s, "- scenario `{file}`: `{fp}`");
        }
        s
    }

    /// The `arena` commands of the runs whose players `keep` takes, one a line.
    pub fn run_commands(&self, keep: impl Fn(&str, &str) -> bool) -> String {
        let mut s = String::new();
        for ((seed, a, b), (files, games)) in &self.runs {
            if !keep(a, b) {
                continue;
            }
            let files: Vec<&str> = files.iter().map(String::as_str).collect();
            let players = if a == b {
                format!("\"{a}\" --mirror")
            } else {
                format!("\"{a}\" \"{b}\"")
            };
            let _ = writeln!(
                s,
                "mars-attacks arena --scenario {} --players {players} --games {games} --seed {seed}",
                files.join(" ")
            );
        }
        s
    }

    /// The reliability chart as SVG: the mean value shown in each tenth against the share
    /// won, each dot sized by its count, beside the diagonal of perfect calibration.
    pub fn chart_svg(&self) -> String {
        let (w, h, m) = (420.0, 420.0, 50.0);
        let x = |v: f64| m + v * (w - 2.0 * m);
        let y = |v: f64| h - m - v * (h - 2.0 * m);
        let mut s = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
        );
        let _ = writeln!(
            s,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>",
            x(0.0),
            y(0.0),
            x(1.0),
            y(1.0)
        );
        let _ = writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#333\"/>",
            x(0.0),
            y(1.0),
            x(1.0) - x(0.0),
            y(0.0) - y(1.0)
        );
        for i in 0..=10 {
            let v = f64::from(i) / 10.0;
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{v:.1}</text><text x=\"{}\" y=\"{}\" text-anchor=\"end\">{v:.1}</text>",
                x(v),
                y(0.0) + 16.0,
                x(0.0) - 6.0,
                y(v) + 4.0
            );
        }
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">value the search reported</text>\n<text x=\"14\" y=\"{}\" text-anchor=\"middle\" transform=\"rotate(-90 14 {})\">share of those games won</text>",
            w / 2.0,
            h - 10.0,
            h / 2.0,
            h / 2.0
        );
        let c = if self.self_play.values > 0 {
            &self.self_play
        } else {
            &self.other
        };
        let most = c.bins.iter().map(|b| b.positions).max().unwrap_or(1).max(1) as f64;
        for b in c.bins.iter().filter(|b| b.positions > 0) {
            let k = b.positions as f64;
            let r = 3.0 + 9.0 * (k / most).sqrt();
            let _ = writeln!(
                s,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{r:.1}\" fill=\"#2a6fdb\" fill-opacity=\"0.7\"><title>{} positions: shown {:.3}, won {:.3}</title></circle>",
                x(b.shown / k),
                y(b.won / k),
                b.positions,
                b.shown / k,
                b.won / k
            );
        }
        s.push_str("</svg>\n");
        s
    }
}

/// The order of players in the record: by kind, then by an iteration budget read as a
/// number (`mcts:3000` before `mcts:10000`), then by name.
fn budget_order(player: &str) -> (&str, u64, &str) {
    let mut parts = player.split(':');
    let kind = parts.next().unwrap_or("");
    let budget = parts
        .next()
        .and_then(|b| b.parse().ok())
        .unwrap_or(u64::MAX);
    (kind, budget, player)
}

/// What changed since a strength record was written: the search's fingerprint, and each
/// scenario file whose bytes differ (or that is gone). Empty when the record is current.
pub fn stale(
    record: &str,
    search: &str,
    fingerprint_of: impl Fn(&str) -> Option<String>,
) -> Vec<String> {
    let mut out = Vec::new();
    match record.lines().find_map(|l| {
        l.strip_prefix("Search: `")
            .and_then(|r| r.strip_suffix('`'))
    }) {
        Some(s) if s == search => {}
        Some(s) => out.push(format!(
            "the search has changed since the record was written (`{s}`, now `{search}`)"
        )),
        None => out.push("the record names no search fingerprint".into()),
    }
    for line in record.lines() {
        let Some(rest) = line.strip_prefix("- scenario `") else {
            continue;
        };
        let Some((file, fp)) = rest.split_once("`: `") else {
            continue;
        };
        let fp = fp.trim_end_matches('`');
        match fingerprint_of(file) {
            Some(now) if now == fp => {}
            Some(_) => out.push(format!("{file} has changed since it was measured")),
            None => out.push(format!("{file} cannot be read")),
        }
    }
    out
}
