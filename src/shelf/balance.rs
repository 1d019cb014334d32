//! The measured balance of one shipped scenario, kept beside it in
//! `scenarios/balance/<file stem>.toml` (R29): for each player that played itself on it
//! in the arena, how often each side won, how long the games lasted and how they were won,
//! with the fingerprint of the scenario file the games were played on, so a changed file
//! is never shown with the figures of its earlier version.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::arena::record::{Reason, Record, Winner};
use crate::arena::summary::{Rate, Spread};

/// The contents of one balance file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Balance {
    /// The scenario file's name in `scenarios/`.
    pub scenario: String,
    /// The fingerprint of the file the games were played on (as in arena results).
    pub fingerprint: String,
    /// One entry per player measured, in the order first recorded.
    #[serde(default)]
    pub measured: Vec<Measured>,
}

/// A player's arena games against itself on the scenario, seats swapped.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Measured {
    /// The player spec on both sides (`mcts:1000`, `greedy`).
    pub player: String,
    /// The arena run's seed (`arena --seed`).
    pub seed: u64,
    /// Finished games.
    pub games: u32,
    /// Games that did not finish (a runaway or an error); not in the figures.
    #[serde(default)]
    pub failed: u32,
    /// Games won by the Humans, by how they were won.
    pub humans: WonBy,
    /// Games won by the Martians, by how they were won.
    pub martians: WonBy,
    /// Drawn games.
    pub draws: u32,
    /// The Round the games ended in: mean, standard deviation, shortest and longest.
    pub rounds: Rounds,
}

/// Wins of one side, by what decided them (R25).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WonBy {
    /// Reached the VP target.
    #[serde(default)]
    pub vp_target: u32,
    /// The other side had no model left on the table.
    #[serde(default)]
    pub wipe_out: u32,
    /// More VP when the Round limit (or the last model leaving) ended the game.
    #[serde(default)]
    pub more_vp: u32,
    /// A model still on the board at the end of the Round the side had to survive to.
    #[serde(default)]
    pub survived: u32,
    /// The other side's program gave the game up (written only when some did).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub forfeit: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl WonBy {
    pub fn total(&self) -> u32 {
        self.vp_target + self.wipe_out + self.more_vp + self.survived + self.forfeit
    }

    fn add(&mut self, reason: Reason) {
        match reason {
            Reason::VpTarget => self.vp_target += 1,
            Reason::WipeOut => self.wipe_out += 1,
            Reason::MoreVp | Reason::Draw => self.more_vp += 1,
            Reason::Survived => self.survived += 1,
            Reason::Forfeit => self.forfeit += 1,
        }
    }

    /// The non-zero parts in words: "VP target 120, wipe-out 80".
    pub fn describe(&self) -> String {
        let parts: Vec<String> = [
            (Reason::VpTarget, self.vp_target),
            (Reason::WipeOut, self.wipe_out),
            (Reason::MoreVp, self.more_vp),
            (Reason::Survived, self.survived),
            (Reason::Forfeit, self.forfeit),
        ]
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(r, n)| format!("{} {n}", r.describe()))
        .collect();
        if parts.is_empty() {
            "none".into()
        } else {
            parts.join(", ")
        }
    }
}

/// The Round finished games ended in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rounds {
    pub mean: f64,
    pub sd: f64,
    pub min: u16,
    pub max: u16,
}

impl Measured {
    /// The Humans' wins over finished games, with the Wilson 95% interval.
    pub fn humans_rate(&self) -> Rate {
        Rate::new(self.humans.total(), self.games)
    }

    /// The Martians' wins over finished games, with the Wilson 95% interval.
    pub fn martians_rate(&self) -> Rate {
        Rate::new(self.martians.total(), self.games)
    }

    /// Draws over finished games, with the Wilson 95% interval.
    pub fn draws_rate(&self) -> Rate {
        Rate::new(self.draws, self.games)
    }
}

/// The self-play measurements in `records` of the scenario file with this fingerprint:
/// one per (player, run seed), players in name order. Games between two different players
/// say nothing about side balance alone and are left out; a game given twice (the same id
/// and run seed) counts once.
pub fn measure(records: &[Record], fingerprint: &str) -> Vec<Measured> {
    let mut by_run: BTreeMap<(String, u64), Vec<&Record>> = BTreeMap::new();
    // A game found in more than one results file counts once.
    let mut seen = std::collections::HashSet::new();
    for r in records {
        if r.scenario_fingerprint == fingerprint
            && r.humans == r.martians
            && seen.insert((r.id.as_str(), r.seed))
        {
            by_run
                .entry((r.humans.clone(), r.seed))
                .or_default()
                .push(r);
        }
    }
    by_run
        .into_iter()
        .map(|((player, seed), games)| {
            let finished: Vec<&&Record> = games.iter().filter(|r| r.finished()).collect();
            let mut m = Measured {
                player,
                seed,
                games: finished.len() as u32,
                failed: (games.len() - finished.len()) as u32,
                humans: WonBy::default(),
                martians: WonBy::default(),
                draws: 0,
                rounds: Rounds::default(),
            };
            for r in &finished {
                match (r.winner, r.reason) {
                    (Some(Winner::Humans), Some(reason)) => m.humans.add(reason),
                    (Some(Winner::Martians), Some(reason)) => m.martians.add(reason),
                    _ => m.draws += 1,
                }
            }
            let spread = Spread::of(finished.iter().map(|r| f64::from(r.rounds)));
            m.rounds = Rounds {
                mean: round3(spread.mean),
                sd: round3(spread.sd),
                min: spread.min.max(0.0) as u16,
                max: spread.max.max(0.0) as u16,
            };
            m
        })
        .collect()
}

/// `x` to three decimals, so balance files read well and compare exactly.
fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

impl Balance {
    /// Reads a balance file's text.
    pub fn parse(file: &str, text: &str) -> Result<Balance, String> {
        toml::from_str(text).map_err(|e| format!("{file}: {}", e.to_string().trim_end()))
    }

    /// The file's text, with a header saying what it is.
    pub fn to_text(&self) -> String {
        let body = toml::to_string(self).expect("a balance record always serializes");
        format!(
            "# The measured balance of scenarios/{}: arena games of each player against\n\
             # itself, seats swapped. Written by `mars-attacks scenarios --record RESULTS`;\n\
             # `fingerprint` is the scenario file's, and a test fails when the file changes\n\
             # without being measured again.\n{body}",
            self.scenario
        )
    }

    /// The measurement shown first: the search player's (`mcts...`) when there is one, as
    /// the fairest test of a scenario, else the first recorded.
    pub fn headline(&self) -> Option<&Measured> {
        self.measured
            .iter()
            .find(|m| m.player.starts_with("mcts"))
            .or(self.measured.first())
    }

    /// Puts `m` in, replacing an earlier measurement of the same player.
    pub fn record(&mut self, m: Measured) {
        match self.measured.iter_mut().find(|x| x.player == m.player) {
            Some(old) => *old = m,
            None => self.measured.push(m),
        }
    }
}
