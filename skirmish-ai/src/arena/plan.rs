//! What an arena run plays: scenarios, players, the pairings between them, and for every
//! game its identity and seeds.
//!
//! # Games and seeds
//!
//! Every pairing of two different players (and, with `mirror`, every player against
//! itself) plays `games` games on every scenario. The two players of a pairing are ordered
//! by their names; in game `g` the first sits on the Humans when `g` is even and on the
//! Martians when it is odd, so the players swap sides every other game.
//!
//! Games `2k` and `2k + 1` of every pairing on a scenario share the *deal* `k`: the same
//! counter placement and the same dice generator, derived from the run seed, the scenario's
//! name and `k` only. Every pairing therefore meets the same deals, and the two games of a
//! deal differ only in who sits where. Each player gets its own generator per game, derived
//! from the game's identity and its seat. The variants of a sweep (`--vary`, see
//! `arena::vary`) take every seed as the scenario they vary would, so they differ only in
//! their values.
//!
//! Nothing here depends on the order in which scenarios or players are given, on the number
//! of worker threads or on the shard: a game's identity and seeds are functions of the run
//! seed, the scenario's name, the two players' names and the game number. Players with a
//! fixed iteration budget therefore replay every game exactly; players with a time budget
//! think as far as the machine lets them.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use ai::arena::derive_seed;

use crate::bot::spec::PlayerSpec;
use rules::fingerprint::{fnv1a, scenario_fingerprint};
use rules::scenario::Scenario;

/// A scenario in a run.
#[derive(Clone, Debug)]
pub struct ArenaScenario {
    /// The file, as given.
    pub file: String,
    /// The scenario it holds.
    pub scenario: Arc<Scenario>,
    /// A fingerprint of what in the file decides its games ([`scenario_fingerprint`]), so
    /// results of an edited scenario are never mixed with results of the old one.
    pub fingerprint: String,
    /// The name its games' seeds derive from, when not its own: a variant of a sweep
    /// (`arena::vary`) plays the deals of the scenario it varies.
    pub deal_name: Option<String>,
}

impl ArenaScenario {
    /// A scenario read from `file`, whose bytes were `bytes`.
    pub fn new(file: impl Into<String>, scenario: Arc<Scenario>, bytes: &[u8]) -> ArenaScenario {
        ArenaScenario {
            file: file.into(),
            scenario,
            fingerprint: scenario_fingerprint(bytes),
            deal_name: None,
        }
    }

    /// The name its games' seeds derive from: its own, or the swept scenario's.
    pub fn deal_name(&self) -> &str {
        self.deal_name.as_deref().unwrap_or(self.name())
    }

    /// The scenario's name, which identifies it in results.
    pub fn name(&self) -> &str {
        &self.scenario.name
    }
}

/// A player in a run: its spec and its name in results (the spec in canonical form, for
/// example `mcts:normal` for `mcts`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The name in results.
    pub key: String,
    /// What plays.
    pub spec: PlayerSpec,
}

impl Entrant {
    /// The entrant for `spec`, named by its canonical text.
    pub fn new(spec: PlayerSpec) -> Entrant {
        Entrant {
            key: spec.to_string(),
            spec,
        }
    }
}

/// Everything a run plays.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The scenarios (names unique).
    pub scenarios: Vec<ArenaScenario>,
    /// The players (keys unique).
    pub players: Vec<Entrant>,
    /// Games of each pairing on each scenario.
    pub games: u32,
    /// The run seed.
    pub seed: u64,
    /// Also pair every player with itself (always done when there is one player).
    pub mirror: bool,
    /// Runaway guard: a game with more decisions than this is stopped and recorded as such.
    pub max_decisions: u64,
    /// Keep every game's decisions in its record ([`super::Record::moves`]).
    pub record_moves: bool,
    /// Measure each game's luck ([`super::luck`], [`super::Record::luck`]).
    pub luck: bool,
}

/// A plan that cannot be played, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    #[error("no scenario given")]
    NoScenario,
    #[error("no player given")]
    NoPlayer,
    #[error("--games must be at least 1")]
    NoGames,
    #[error("{given} {what} given; at most {limit} are allowed in one run")]
    TooMany {
        what: &'static str,
        given: usize,
        limit: usize,
    },
    #[error("player `{0}` is given twice")]
    DuplicatePlayer(String),
    #[error("scenarios {first} and {second} are both named \"{name}\"; results are keyed by name")]
    DuplicateScenario {
        name: String,
        first: String,
        second: String,
    },
}

/// One game of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// Its identity in results: `<scenario>/<first>-vs-<second>/<game>`.
    pub id: String,
    /// Index of its scenario in the plan.
    pub scenario: usize,
    /// Indices in the plan of the players on the Humans and on the Martians.
    pub seats: [usize; 2],
    /// Game number within the pairing on this scenario.
    pub game: u32,
    /// Seed of the set-up (counter placement).
    pub game_seed: u64,
    /// Seed of the dice.
    pub dice_seed: u64,
    /// Seeds of the Humans' and the Martians' players.
    pub player_seeds: [u64; 2],
}

/// A part `index` of `count` of a run (`--shard K/N`, `K` counted from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which part, from 1.
    pub index: u32,
    /// How many parts.
    pub count: u32,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Does the `n`-th game of the run (in plan order) belong to this part?
    pub fn holds(self, n: usize) -> bool {
        self.holds_game(n as u64)
    }

    /// [`Shard::holds`] for a game number of any size.
    pub fn holds_game(self, n: u64) -> bool {
        n % u64::from(self.count) == u64::from(self.index - 1)
    }
}

/// Text that is not a shard `K/N`: the text as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a shard: write K/N with 1 <= K <= N, e.g. 2/8")]
pub struct ShardError(pub String);

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(s.to_string());
        let (k, n) = s.trim().split_once('/').ok_or_else(bad)?;
        let index: u32 = k.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Plan {
    /// Checks the plan: something to play, unique player keys and scenario names.
    pub fn check(&self) -> Result<(), PlanError> {
        if self.scenarios.is_empty() {
            return Err(PlanError::NoScenario);
        }
        if self.players.is_empty() {
            return Err(PlanError::NoPlayer);
        }
        if self.games == 0 {
            return Err(PlanError::NoGames);
        }
        if self.games > crate::limits::MAX_GAMES {
            return Err(PlanError::TooMany {
                what: "games a pairing",
                given: self.games as usize,
                limit: crate::limits::MAX_GAMES as usize,
            });
        }
        if self.players.len() > crate::limits::MAX_PLAYERS {
            return Err(PlanError::TooMany {
                what: "players",
                given: self.players.len(),
                limit: crate::limits::MAX_PLAYERS,
            });
        }
        if self.scenarios.len() > crate::limits::MAX_SCENARIOS {
            return Err(PlanError::TooMany {
                what: "scenarios",
                given: self.scenarios.len(),
                limit: crate::limits::MAX_SCENARIOS,
            });
        }
        for (i, p) in self.players.iter().enumerate() {
            if self.players[..i].iter().any(|q| q.key == p.key) {
                return Err(PlanError::DuplicatePlayer(p.key.clone()));
            }
        }
        for (i, s) in self.scenarios.iter().enumerate() {
            if let Some(t) = self.scenarios[..i].iter().find(|t| t.name() == s.name()) {
                return Err(PlanError::DuplicateScenario {
                    name: s.name().to_string(),
                    first: t.file.clone(),
                    second: s.file.clone(),
                });
            }
        }
        Ok(())
    }

    /// The pairings, as indices into `players`, the first of each pair the one whose name
    /// sorts first: every two different players, and every player with itself when
    /// `mirror` is set or there is only one player.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let n = self.players.len();
        let mut out = Vec::new();
        for i in 0..n {
            if self.mirror || n == 1 {
                out.push((i, i));
            }
            for j in i + 1..n {
                if self.players[i].key <= self.players[j].key {
                    out.push((i, j));
                } else {
                    out.push((j, i));
                }
            }
        }
        out
    }

    /// How many games the run plays: scenarios x pairings x games.
    pub fn len(&self) -> u64 {
        self.scenarios.len() as u64 * self.pairings().len() as u64 * u64::from(self.games)
    }

    /// Whether the run plays no game at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every game of the run, scenario by scenario and pairing by pairing, made one at a
    /// time as they are asked for: a run of any size takes the same memory to plan.
    pub fn iter_jobs(&self) -> Jobs<'_> {
        self.shard_iter(Shard::ALL)
    }

    /// The games of `shard`, in plan order, made one at a time.
    pub fn shard_iter(&self, shard: Shard) -> Jobs<'_> {
        Jobs {
            plan: self,
            pairings: self.pairings(),
            next: u64::from(shard.index - 1),
            step: u64::from(shard.count),
            end: self.len(),
        }
    }

    /// Every game of the run as a list (for small runs and tests; a real run uses
    /// [`Plan::iter_jobs`]).
    pub fn jobs(&self) -> Vec<Job> {
        self.iter_jobs().collect()
    }

    /// The games of `shard` as a list (see [`Plan::shard_iter`]).
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn shard_jobs(&self, shard: Shard) -> Vec<Job> {
        self.shard_iter(shard).collect()
    }

    /// How many games `shard` holds.
    pub fn shard_len(&self, shard: Shard) -> u64 {
        let (len, k, n) = (
            self.len(),
            u64::from(shard.index - 1),
            u64::from(shard.count),
        );
        if len <= k { 0 } else { (len - k).div_ceil(n) }
    }

    /// Where the game with identity `id` stands in the plan (its number, counted from 0),
    /// or `None` when the run has no such game.
    pub fn position_of(&self, id: &str) -> Option<u64> {
        let (prefix, game) = id.rsplit_once('/')?;
        let game: u32 = game.parse().ok()?;
        if game >= self.games || game.to_string() != id[prefix.len() + 1..] {
            return None;
        }
        let pairings = self.pairings();
        for (s, sc) in self.scenarios.iter().enumerate() {
            let Some(rest) = prefix
                .strip_prefix(sc.name())
                .and_then(|r| r.strip_prefix('/'))
            else {
                continue;
            };
            for (p, &(a, b)) in pairings.iter().enumerate() {
                let (first, second) = (&self.players[a].key, &self.players[b].key);
                if rest
                    .strip_prefix(first.as_str())
                    .and_then(|r| r.strip_prefix("-vs-"))
                    .is_some_and(|r| r == second)
                {
                    let per_scenario = pairings.len() as u64 * u64::from(self.games);
                    return Some(
                        s as u64 * per_scenario
                            + p as u64 * u64::from(self.games)
                            + u64::from(game),
                    );
                }
            }
        }
        None
    }

    /// Game number `n` of the run (counted from 0 in plan order, as
    /// [`Plan::position_of`] gives it).
    pub fn job_at(&self, n: u64) -> Job {
        self.job(&self.pairings(), n)
    }

    /// Game number `n` of the run (counted from 0 in plan order), given the plan's
    /// pairings.
    fn job(&self, pairings: &[(usize, usize)], n: u64) -> Job {
        let games = u64::from(self.games);
        let per_scenario = pairings.len() as u64 * games;
        let s = (n / per_scenario) as usize;
        let (a, b) = pairings[((n % per_scenario) / games) as usize];
        let game = (n % games) as u32;
        let sc = &self.scenarios[s];
        let scenario_hash = fnv1a(sc.deal_name().as_bytes());
        let seats = if game.is_multiple_of(2) {
            [a, b]
        } else {
            [b, a]
        };
        let id = format!(
            "{}/{}-vs-{}/{game}",
            sc.name(),
            self.players[a].key,
            self.players[b].key
        );
        let deal = u64::from(game / 2);
        let game_seed = derive_seed(self.seed, scenario_hash, deal);
        let dice_seed = dice_seed_of(game_seed);
        // The players' seeds follow the game's identity, with a variant's name read as
        // the swept scenario's, so every variant meets the same players.
        let seed_id = format!(
            "{}/{}-vs-{}/{game}",
            sc.deal_name(),
            self.players[a].key,
            self.players[b].key
        );
        let id_hash = fnv1a(seed_id.as_bytes());
        Job {
            player_seeds: [
                derive_seed(game_seed, id_hash, 2),
                derive_seed(game_seed, id_hash, 3),
            ],
            id,
            scenario: s,
            seats,
            game,
            game_seed,
            dice_seed,
        }
    }
}

/// The games of a plan (or of one shard of it), made one at a time.
pub struct Jobs<'p> {
    plan: &'p Plan,
    pairings: Vec<(usize, usize)>,
    next: u64,
    step: u64,
    end: u64,
}

impl Iterator for Jobs<'_> {
    type Item = Job;

    fn next(&mut self) -> Option<Job> {
        if self.next >= self.end {
            return None;
        }
        let job = self.plan.job(&self.pairings, self.next);
        self.next += self.step;
        Some(job)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = if self.next >= self.end {
            0
        } else {
            (self.end - self.next).div_ceil(self.step)
        };
        let left = usize::try_from(left).unwrap_or(usize::MAX);
        (left, Some(left))
    }
}

/// The seed of a game's dice, which follows from its game seed (a record holds both, so a
/// replay can tell a record that was edited).
pub fn dice_seed_of(game_seed: u64) -> u64 {
    derive_seed(game_seed, 1, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_split_a_run_into_disjoint_parts() {
        assert_eq!("2/8".parse::<Shard>(), Ok(Shard { index: 2, count: 8 }));
        for bad in ["0/3", "4/3", "1/0", "1", "a/b", "1/2/3", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let parts: Vec<Shard> = (1..=3).map(|k| Shard { index: k, count: 3 }).collect();
        for n in 0..20 {
            assert_eq!(parts.iter().filter(|s| s.holds(n)).count(), 1);
        }
    }
}
