//! The measured balance of one shipped scenario, kept beside it in
//! `scenarios/balance/<file stem>.toml` (R29): for each player that played itself on it
//! in the arena, how often each side won, how long the games lasted and how they were won,
//! with the fingerprint of the scenario file the games were played on, so a changed file
//! is never shown with the figures of its earlier version.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::arena::record::{Reason, Record, Winner};
use crate::arena::seen::SeenGames;
use crate::arena::summary::{Rate, WholeSpread};

/// A balance file, as a file `scenarios --record` may replace.
pub const BALANCE_KIND: file_check::staged::FileKind =
    file_check::staged::FileKind::text("a balance file", "# The measured balance of");

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
    /// The arena run's seed (`arena --seed`); of several runs, the first.
    pub seed: u64,
    /// How many arena runs (run seeds) the games came from, when more than one.
    #[serde(default = "one_run", skip_serializing_if = "is_one_run")]
    pub runs: u32,
    /// The fingerprint of the search and heuristics of the program that played the games
    /// ([`crate::bot::spec::search_fingerprint`]); absent in balance recorded from results
    /// that did not carry it. A search player's figures are of this version of the search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
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
    /// A key model's death (P28) (written only when some did).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub key_model_died: u32,
    /// A key model's leaving (P28) (written only when some did).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub key_model_left: u32,
    /// A zone held alone the Rounds running it asks (P31) (written only when some did).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub held_zone: u32,
    /// The other side's program gave the game up (written only when some did).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub forfeit: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn one_run() -> u32 {
    1
}

fn is_one_run(n: &u32) -> bool {
    *n == 1
}

impl WonBy {
    pub fn total(&self) -> u32 {
        self.vp_target
            + self.wipe_out
            + self.more_vp
            + self.survived
            + self.key_model_died
            + self.key_model_left
            + self.held_zone
            + self.forfeit
    }

    fn add(&mut self, reason: Reason) {
        match reason {
            Reason::VpTarget => self.vp_target += 1,
            Reason::WipeOut => self.wipe_out += 1,
            Reason::MoreVp | Reason::Draw => self.more_vp += 1,
            Reason::Survived => self.survived += 1,
            Reason::KeyModelDied => self.key_model_died += 1,
            Reason::KeyModelLeft => self.key_model_left += 1,
            Reason::HeldZone => self.held_zone += 1,
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
            (Reason::KeyModelDied, self.key_model_died),
            (Reason::KeyModelLeft, self.key_model_left),
            (Reason::HeldZone, self.held_zone),
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

/// The self-play measurements in `records` of the scenario file with this fingerprint
/// (see [`Measuring`]).
pub fn measure(records: &[Record], fingerprint: &str) -> Vec<Measured> {
    let mut m = Measuring::default();
    for r in records {
        m.add(r);
    }
    m.measured(fingerprint)
}

/// Self-play measurements made a record at a time, in memory bounded by the players and
/// scenario files measured, not by the games: one per (scenario file fingerprint, player),
/// whatever the run seeds (a player's games of several runs are one measurement). Games
/// between two different players say nothing about side balance alone and are left out;
/// a game given twice (the same id, run seed and file) counts once.
#[derive(Default)]
pub struct Measuring {
    tallies: BTreeMap<(String, String), SelfPlay>,
    seen: SeenGames,
}

/// A player's self-play games on one version of a scenario file.
#[derive(Default)]
struct SelfPlay {
    seeds: BTreeSet<u64>,
    /// The search fingerprints the games carry (`None` for results without one).
    searches: BTreeSet<Option<String>>,
    finished: u32,
    failed: u32,
    humans: WonBy,
    martians: WonBy,
    draws: u32,
    rounds: WholeSpread,
}

impl Measuring {
    /// Counts one record in (if it is a self-play game not counted yet).
    pub fn add(&mut self, r: &Record) {
        if r.humans != r.martians || !self.seen.insert(&r.id, r.seed, &r.scenario_fingerprint) {
            return;
        }
        let t = self
            .tallies
            .entry((r.scenario_fingerprint.clone(), r.humans.clone()))
            .or_default();
        t.seeds.insert(r.seed);
        if !t.searches.contains(&r.search) {
            t.searches.insert(r.search.clone());
        }
        if !r.finished() {
            t.failed += 1;
            return;
        }
        t.finished += 1;
        match (r.winner, r.reason) {
            (Some(Winner::Humans), Some(reason)) => t.humans.add(reason),
            (Some(Winner::Martians), Some(reason)) => t.martians.add(reason),
            _ => t.draws += 1,
        }
        t.rounds.add(u64::from(r.rounds));
    }

    /// The measurements of the file with this fingerprint, players in name order, each
    /// with the version of the search that played it (the first, when
    /// [`Measuring::mixed_searches`] names more than one).
    pub fn measured(&self, fingerprint: &str) -> Vec<Measured> {
        self.tallies
            .iter()
            .filter(|((f, _), _)| f == fingerprint)
            .map(|((_, player), t)| {
                let spread = t.rounds.spread();
                Measured {
                    player: player.clone(),
                    seed: t.seeds.first().copied().unwrap_or_default(),
                    runs: t.seeds.len() as u32,
                    search: t.searches.first().cloned().flatten(),
                    games: t.finished,
                    failed: t.failed,
                    humans: t.humans,
                    martians: t.martians,
                    draws: t.draws,
                    rounds: Rounds {
                        mean: round3(spread.mean),
                        sd: round3(spread.sd),
                        min: spread.min.max(0.0) as u16,
                        max: spread.max.max(0.0) as u16,
                    },
                }
            })
            .collect()
    }

    /// The players whose games on the file with this fingerprint were played by more than
    /// one version of the search, each with those versions (`None`: results that carry
    /// none). Such games measure no one thing, and are not to be recorded together.
    pub fn mixed_searches(&self, fingerprint: &str) -> Vec<(&str, Vec<Option<&str>>)> {
        self.tallies
            .iter()
            .filter(|((f, _), t)| f == fingerprint && t.searches.len() > 1)
            .map(|((_, player), t)| {
                (
                    player.as_str(),
                    t.searches.iter().map(Option::as_deref).collect(),
                )
            })
            .collect()
    }

    /// The fingerprints of the files with games counted in.
    pub fn fingerprints(&self) -> BTreeSet<&str> {
        self.tallies.keys().map(|(f, _)| f.as_str()).collect()
    }
}

/// A balance file that does not read: its path and the TOML reader's error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {}", file.display(), error.to_string().trim_end())]
pub struct BalanceError {
    pub file: PathBuf,
    #[source]
    pub error: toml::de::Error,
}

/// `x` to three decimals, so balance files read well and compare exactly.
fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

impl Balance {
    /// Reads a balance file's text.
    pub fn parse(file: &Path, text: &str) -> Result<Balance, BalanceError> {
        toml::from_str(text).map_err(|error| BalanceError {
            file: file.to_path_buf(),
            error,
        })
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
