//! Games of three or more players: one player in each seat in turn against copies of
//! another, to measure a player where the two-player arena cannot (`perfect` plays the
//! two-player game against the leader when there are more players, see
//! [`crate::perfect::Position::of`]).

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use ai::arena::{derive_seed, play_game};
use ai::stats::TimeStats;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use ai::NotAPlayer;

use crate::game::{Game, GameError};
use crate::players::player;

/// What a rotation found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rotation {
    pub players: usize,
    /// Games played, and won by the measured player, by its seat.
    pub games_by_seat: Vec<u32>,
    pub wins_by_seat: Vec<u32>,
    /// Games that failed (a player with no decision, or too many decisions).
    pub failures: u32,
}

impl Rotation {
    pub fn games(&self) -> u32 {
        self.games_by_seat.iter().sum()
    }

    pub fn wins(&self) -> u32 {
        self.wins_by_seat.iter().sum()
    }

    /// The measured player's share of the games it played.
    pub fn share(&self) -> f64 {
        f64::from(self.wins()) / f64::from(self.games().max(1))
    }
}

/// Why a rotation cannot be played: its table, or a spec that names no player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RotationError {
    /// The table cannot be set up.
    Game(GameError),
    /// A spec names no player.
    Player(NotAPlayer),
}

impl std::fmt::Display for RotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RotationError::Game(e) => e.fmt(f),
            RotationError::Player(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RotationError {}

impl From<GameError> for RotationError {
    fn from(e: GameError) -> RotationError {
        RotationError::Game(e)
    }
}

impl From<NotAPlayer> for RotationError {
    fn from(e: NotAPlayer) -> RotationError {
        RotationError::Player(e)
    }
}

/// Plays `games` games of `players` players (3 to 8, or 2), `spec` in seat `i % players` of
/// game `i` and `others` in every other seat, on `jobs` threads. Each game's dice and
/// players' generators derive from `seed` and its number only, so a run replays exactly.
pub fn rotate(
    spec: &str,
    others: &str,
    players: usize,
    games: u64,
    seed: u64,
    jobs: usize,
) -> Result<Rotation, RotationError> {
    Game::new(players)?;
    player::<Game>(spec)?;
    player::<Game>(others)?;
    let next = AtomicU64::new(0);
    let out = Mutex::new(Rotation {
        players,
        games_by_seat: vec![0; players],
        wins_by_seat: vec![0; players],
        failures: 0,
    });
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= games {
                break;
            }
            let seat = (i % players as u64) as usize;
            let mut made: Vec<_> = (0..players)
                .map(|s| player::<Game>(if s == seat { spec } else { others }).expect("checked"))
                .collect();
            let mut seats: Vec<&mut dyn ai::Player<Game>> = made
                .iter_mut()
                .map(|p| &mut **p as &mut dyn ai::Player<Game>)
                .collect();
            let mut dice = ChaCha8Rng::seed_from_u64(derive_seed(seed, i, 0));
            let mut rngs: Vec<ChaCha8Rng> = (0..players)
                .map(|s| ChaCha8Rng::seed_from_u64(derive_seed(seed, i, 1 + s as u64)))
                .collect();
            let mut times = vec![TimeStats::default(); players];
            let game = Game::new(players).expect("checked");
            let (result, _) =
                play_game(game, &mut seats, &mut dice, &mut rngs, 100_000, &mut times);
            let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
            match result {
                Ok(returns) => {
                    o.games_by_seat[seat] += 1;
                    if returns[seat] > 0.5 {
                        o.wins_by_seat[seat] += 1;
                    }
                }
                Err(_) => o.failures += 1,
            }
        }
    };
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(work);
        }
    });
    Ok(out.into_inner().unwrap_or_else(|e| e.into_inner()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seat_gets_its_share_and_a_run_replays() {
        let r = rotate("optimal", "threshold:8", 3, 12, 5, 2).unwrap();
        assert_eq!(r.games_by_seat, [4, 4, 4]);
        assert_eq!(r.failures, 0);
        assert_eq!(r, rotate("optimal", "threshold:8", 3, 12, 5, 1).unwrap());
        assert!(rotate("optimal", "greedy", 3, 1, 1, 1).is_err());
        assert!(rotate("optimal", "optimal", 9, 1, 1, 1).is_err());
    }
}
