//! Games of 2 to 6 players at one table with the seats rotated: over each block of as many
//! games as players, every player sits once in every seat, the block sharing its deal and
//! its dice seed, so that the luck of the deal and the advantage of a seat fall on all
//! alike. Each game's generators derive from the run's seed and the game's number alone,
//! so a run replays exactly on any number of threads.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

use ai::Player;
use ai::arena::derive_seed;
use ai::stats::{TimeStats, Z95, wilson};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::card::{Deck, Difficulty};
use crate::claimable::CannotEnd;
use crate::error::{DealError, PlayError};
use crate::game::{Game, PLAYERS};
use crate::players::player;

/// Why a table of players cannot play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// Fewer than 2 or more than 6 players.
    #[error("the dice game is for 2 to 6 players at a table, not {0} (S3)")]
    Players(usize),
    /// The deck deals for fewer players.
    #[error(
        "{players} players need {} locations; the deck \"{deck}\" has {locations}",
        4 * .players
    )]
    TooFewLocations {
        players: usize,
        deck: String,
        locations: usize,
    },
    /// No game of this table on this deck can end.
    #[error(transparent)]
    CannotEnd(#[from] CannotEnd),
    /// A spec names no player.
    #[error(transparent)]
    Player(#[from] ai::NotAPlayer),
}

/// Why one game of a run failed (`seat` counts from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameFailure {
    /// The game could not be dealt.
    #[error(transparent)]
    Deal(#[from] DealError),
    /// A spec names no player.
    #[error(transparent)]
    Player(#[from] ai::NotAPlayer),
    /// More decisions than the runaway guard allows.
    #[error("stopped by the runaway guard after {0} decisions")]
    Runaway(u64),
    /// A player gave no decision.
    #[error("the player in seat {seat} made no decision")]
    NoDecision { seat: usize },
    /// A player's decision was refused.
    #[error("the player in seat {seat} chose {why}")]
    Refused { seat: usize, why: PlayError },
}

/// How a run is played.
#[derive(Clone, Debug)]
pub struct TableConfig {
    pub deck: Arc<Deck>,
    pub difficulty: Difficulty,
    /// Games in all (a multiple of the players keeps the rotation whole).
    pub games: u32,
    pub seed: u64,
    /// Threads playing games at once.
    pub jobs: usize,
    /// The runaway guard: a game with more decisions fails.
    pub max_decisions: u64,
}

/// One game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub index: u32,
    /// The seed its deal and dice derive from (shared by its block).
    pub game_seed: u64,
    /// The player (index in the specs) in each seat.
    pub seats: Vec<usize>,
    /// The winning player, or why the game failed.
    pub winner: Result<usize, GameFailure>,
    /// Each player's VP at the end (by player, not seat).
    pub vp: Vec<u32>,
    pub decisions: u64,
}

/// What a run found, by player (in the order of the specs) and by seat.
#[derive(Clone, Debug, Default)]
pub struct TableReport {
    pub specs: Vec<String>,
    /// Games completed.
    pub games: u32,
    pub wins: Vec<u32>,
    /// `by_seat[player][seat]`: (games, wins) of that player in that seat.
    pub by_seat: Vec<Vec<(u32, u32)>>,
    /// Wins by seat, whoever sat there.
    pub seat_wins: Vec<u32>,
    /// VP summed over the games, by player.
    pub vp: Vec<u64>,
    pub times: Vec<TimeStats>,
    /// Games that failed: (index, game seed, why).
    pub failures: Vec<(u32, u64, GameFailure)>,
}

impl TableReport {
    /// A player's share of the games won.
    pub fn score(&self, p: usize) -> f64 {
        f64::from(self.wins[p]) / f64::from(self.games.max(1))
    }

    /// The Wilson 95% interval of a player's share of wins.
    pub fn interval(&self, p: usize) -> (f64, f64) {
        wilson(f64::from(self.wins[p]), f64::from(self.games), Z95)
    }

    /// A player's mean VP a game.
    pub fn mean_vp(&self, p: usize) -> f64 {
        self.vp[p] as f64 / f64::from(self.games.max(1))
    }
}

/// Checks the specs (2 to 6 players) and that the deck deals for them.
pub fn check(specs: &[String], deck: &Deck, difficulty: Difficulty) -> Result<(), TableError> {
    if !PLAYERS.contains(&specs.len()) {
        return Err(TableError::Players(specs.len()));
    }
    if deck.max_players() < specs.len() {
        return Err(TableError::TooFewLocations {
            players: specs.len(),
            deck: deck.name.clone(),
            locations: deck.locations.len(),
        });
    }
    crate::claimable::check_can_end(deck, specs.len(), difficulty)?;
    for s in specs {
        player(s)?;
    }
    Ok(())
}

/// The players of seat order `seats` (player index by seat) for game `index`.
fn rotation(players: usize, index: u32) -> Vec<usize> {
    let r = index as usize % players;
    (0..players)
        .map(|seat| (seat + players - r) % players)
        .collect()
}

/// Plays `config.games` games of all `specs` at one table, seats rotated; `on_game` hears
/// of each game as it ends (from the thread that played it).
pub fn play_table(
    specs: &[String],
    config: &TableConfig,
    on_game: impl Fn(&GameResult) + Sync,
) -> Result<TableReport, TableError> {
    check(specs, &config.deck, config.difficulty)?;
    let n = specs.len();
    let next = AtomicU32::new(0);
    let report = Mutex::new(TableReport {
        specs: specs.to_vec(),
        wins: vec![0; n],
        by_seat: vec![vec![(0, 0); n]; n],
        seat_wins: vec![0; n],
        vp: vec![0; n],
        times: vec![TimeStats::default(); n],
        ..TableReport::default()
    });
    let work = || {
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= config.games {
                break;
            }
            let (result, times) = play_one(specs, config, index);
            on_game(&result);
            let mut r = report.lock().expect("the report");
            match &result.winner {
                Ok(w) => {
                    r.games += 1;
                    r.wins[*w] += 1;
                    for (seat, p) in result.seats.iter().enumerate() {
                        r.by_seat[*p][seat].0 += 1;
                        if p == w {
                            r.by_seat[*p][seat].1 += 1;
                            r.seat_wins[seat] += 1;
                        }
                        r.vp[*p] += u64::from(result.vp[*p]);
                    }
                }
                Err(why) => r
                    .failures
                    .push((result.index, result.game_seed, why.clone())),
            }
            for (seat, t) in times.iter().enumerate() {
                let p = result.seats[seat];
                let all = &mut r.times[p];
                all.count += t.count;
                all.total_ms += t.total_ms;
                all.max_ms = all.max_ms.max(t.max_ms);
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..config.jobs.max(1) {
            scope.spawn(work);
        }
        work();
    });
    let mut r = report.into_inner().expect("the report");
    r.failures.sort_by_key(|f| f.0);
    Ok(r)
}

/// Plays game `index` of a run.
fn play_one(specs: &[String], config: &TableConfig, index: u32) -> (GameResult, Vec<TimeStats>) {
    let n = specs.len();
    let block = u64::from(index) / n as u64;
    let game_seed = derive_seed(config.seed, block, 0);
    let seats = rotation(n, index);
    let fail = |why: GameFailure| GameResult {
        index,
        game_seed,
        seats: seats.clone(),
        winner: Err(why),
        vp: vec![0; n],
        decisions: 0,
    };
    let game = match Game::new(
        config.deck.clone(),
        n,
        config.difficulty,
        &mut ChaCha8Rng::seed_from_u64(game_seed),
    ) {
        Ok(g) => g,
        Err(e) => return (fail(e.into()), vec![TimeStats::default(); n]),
    };
    let mut players: Vec<Box<dyn Player<Game> + Send>> = Vec::with_capacity(n);
    for p in &seats {
        match player(&specs[*p]) {
            Ok(x) => players.push(x),
            Err(e) => return (fail(e.into()), vec![TimeStats::default(); n]),
        }
    }
    let mut dice = ChaCha8Rng::seed_from_u64(derive_seed(config.seed, block, 1));
    let mut rngs: Vec<ChaCha8Rng> = (0..n)
        .map(|seat| {
            ChaCha8Rng::seed_from_u64(derive_seed(config.seed, u64::from(index), 2 + seat as u64))
        })
        .collect();
    let mut times = vec![TimeStats::default(); n];
    let mut game = game;
    let mut decisions = 0u64;
    while !game.is_over() {
        if decisions >= config.max_decisions {
            return (fail(GameFailure::Runaway(decisions)), times);
        }
        let seat = game.player();
        let t0 = Instant::now();
        let choice = players[seat].choose(&game, &mut rngs[seat]);
        times[seat].add(t0.elapsed().as_secs_f64() * 1000.0);
        decisions += 1;
        let Some(a) = choice else {
            return (fail(GameFailure::NoDecision { seat: seat + 1 }), times);
        };
        if let Err(why) = game.play(a, &mut dice, |_| {}) {
            return (
                fail(GameFailure::Refused {
                    seat: seat + 1,
                    why,
                }),
                times,
            );
        }
    }
    let winner = game.winner().expect("a game over has a winner");
    let mut vp = vec![0; n];
    for (seat, p) in seats.iter().enumerate() {
        vp[*p] = game.vp(seat);
    }
    let result = GameResult {
        index,
        game_seed,
        winner: Ok(seats[winner]),
        seats,
        vp,
        decisions,
    };
    (result, times)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_player_sits_once_in_every_seat_of_a_block() {
        for n in PLAYERS {
            let mut sat = vec![vec![0; n]; n];
            for g in 0..n as u32 {
                let seats = rotation(n, g);
                let mut sorted = seats.clone();
                sorted.sort();
                assert_eq!(sorted, (0..n).collect::<Vec<_>>());
                for (seat, p) in seats.iter().enumerate() {
                    sat[*p][seat] += 1;
                }
            }
            assert!(sat.iter().flatten().all(|c| *c == 1), "{n}: {sat:?}");
        }
    }
}
