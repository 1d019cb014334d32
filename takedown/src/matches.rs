//! Whole games with physics, and matches of many games between two players.
//!
//! A game's randomness all comes from its seed, on separate streams of one ChaCha8
//! generator: one for the die's placing in each shot (a seed a shot), one for the execution
//! noise, and one for each seat's decisions. So a game replays exactly from its seed and
//! its executed flicks ([`replay`]), and from its seed and its players ([`play_game`]).

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use ai::stats::{Z95, wilson};

use crate::game::{Game, GameResult, Score};
use crate::layout::{Layout, Setup, SetupError};
use crate::noise::execute;
use crate::physics::simulate;
use crate::pieces::Seat;
use crate::players::{Player, player};
use crate::rules::Outcome;
use crate::shot::{Flick, Rest};

/// The generator's stream of the shots' seeds.
const SHOT_STREAM: u64 = 1;
/// The generator's stream of the execution noise.
const NOISE_STREAM: u64 = 2;
/// The generator's stream of seat 1's decisions; seat n's is this plus n - 1.
const SEAT_STREAM: u64 = 16;

/// The generator of `stream` of a game's `seed`.
pub fn stream(seed: u64, stream: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

/// One shot of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct ShotRecord {
    pub shooter: Seat,
    /// The flick as the player aimed it.
    pub aimed: Flick,
    /// The flick as executed: with the player's execution noise.
    pub executed: Flick,
    /// The seed the die's placing was drawn from.
    pub seed: u64,
    pub rest: Rest,
    pub outcome: Outcome,
    /// The outcome in words.
    pub words: String,
}

/// A game played.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub seed: u64,
    /// The seats' players, by name.
    pub players: Vec<String>,
    pub shots: Vec<ShotRecord>,
    pub result: GameResult,
}

/// A game on `layout` between `seats` (seat 1 first), from `seed`.
pub fn play_game(
    layout: &Arc<Layout>,
    seats: &[Box<dyn Player + '_>],
    seed: u64,
) -> Result<GameRecord, SetupError> {
    let setup = Arc::new(Setup::new(layout, seats.len())?);
    let mut game = Game::new(setup);
    let mut shot_seeds = stream(seed, SHOT_STREAM);
    let mut noise = stream(seed, NOISE_STREAM);
    let mut deciders: Vec<ChaCha8Rng> = (0..seats.len() as u64)
        .map(|i| stream(seed, SEAT_STREAM + i))
        .collect();
    let mut shots = Vec::new();
    while !game.is_over() {
        let shooter = game.turn();
        let p = &seats[shooter.index()];
        let aimed = p.aim(&game, &mut deciders[shooter.index()]);
        let executed = match p.noise() {
            Some(level) => execute(aimed, layout.noise(level), &mut noise),
            None => aimed,
        };
        let shot_seed = shot_seeds.next_u64();
        let rest = simulate(layout, &game.scene(), executed, shot_seed);
        let Ok(report) = game.play(&rest) else {
            break;
        };
        shots.push(ShotRecord {
            shooter,
            aimed,
            executed,
            seed: shot_seed,
            rest,
            words: report.outcome.words(&game),
            outcome: report.outcome,
        });
    }
    Ok(GameRecord {
        seed,
        players: seats.iter().map(|p| p.name()).collect(),
        shots,
        result: game.result(),
    })
}

/// The game of `players` on `layout` from `seed` with its shots' executed flicks `flicks`
/// replayed: the shots as they fall (a flick past the game's end is not played).
pub fn replay(
    layout: &Arc<Layout>,
    players: usize,
    seed: u64,
    flicks: &[Flick],
) -> Result<(Vec<(Rest, Outcome)>, GameResult), SetupError> {
    let mut game = Game::new(Arc::new(Setup::new(layout, players)?));
    let mut shot_seeds = stream(seed, SHOT_STREAM);
    let mut out = Vec::new();
    for &f in flicks {
        if game.is_over() {
            break;
        }
        let rest = simulate(layout, &game.scene(), f, shot_seeds.next_u64());
        if let Ok(report) = game.play(&rest) {
            out.push((rest, report.outcome));
        }
    }
    Ok((out, game.result()))
}

/// Who won a game of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchWinner {
    A,
    B,
    Draw,
}

/// One game of a match, as the caller needs it to judge the match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchGame {
    /// Its place in the match, from 0.
    pub index: usize,
    pub seed: u64,
    /// The seat player A sat in (A takes seat 1 in even games, seat 2 in odd ones).
    pub a_seat: Seat,
    pub a: Score,
    pub b: Score,
    pub winner: MatchWinner,
    pub finished: bool,
    pub shots: u32,
}

/// The seed of game `index` of a match from `seed`.
pub fn game_seed(seed: u64, index: usize) -> u64 {
    let mut rng = stream(seed, 0);
    rng.set_word_pos(2 * index as u128);
    rng.next_u64()
}

/// A match of `games` 2-player games between the players `a_spec` and `b_spec` on `layout`,
/// seats alternating, on `jobs` threads; the games in their order. A spec that names no
/// player is refused before any game is played.
pub fn play_match(
    layout: &Arc<Layout>,
    a_spec: &str,
    b_spec: &str,
    games: usize,
    seed: u64,
    jobs: usize,
) -> Result<Vec<MatchGame>, MatchError> {
    let a = player(a_spec).map_err(MatchError::Player)?;
    let b = player(b_spec).map_err(MatchError::Player)?;
    Setup::new(layout, 2).map_err(MatchError::Setup)?;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<MatchGame>>> = Mutex::new(vec![None; games]);
    let one = |index: usize| -> Option<MatchGame> {
        let a_first = index.is_multiple_of(2);
        let (first, second) = if a_first { (&a, &b) } else { (&b, &a) };
        let seats: [Box<dyn Player + '_>; 2] = [
            Box::new(Ref(first.as_ref())),
            Box::new(Ref(second.as_ref())),
        ];
        let s = game_seed(seed, index);
        let record = play_game(layout, &seats, s).ok()?;
        let (ai, bi) = if a_first { (0, 1) } else { (1, 0) };
        let r = &record.result;
        Some(MatchGame {
            index,
            seed: s,
            a_seat: Seat(ai as u8),
            a: r.scores[ai],
            b: r.scores[bi],
            winner: match r.winner {
                Some(w) if w.index() == ai => MatchWinner::A,
                Some(_) => MatchWinner::B,
                None => MatchWinner::Draw,
            },
            finished: r.finished,
            shots: r.shots,
        })
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, games.max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let g = one(i);
                    if let Ok(mut r) = results.lock() {
                        r[i] = g;
                    }
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    Ok(results.into_iter().flatten().collect())
}

/// A player borrowed for a seat.
struct Ref<'p>(&'p dyn Player);

impl Player for Ref<'_> {
    fn name(&self) -> String {
        self.0.name()
    }
    fn aim(&self, game: &Game, rng: &mut ChaCha8Rng) -> Flick {
        self.0.aim(game, rng)
    }
    fn noise(&self) -> Option<ai::Level> {
        self.0.noise()
    }
}

/// Why a match cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    #[error(transparent)]
    Player(ai::NotAPlayer),
    #[error(transparent)]
    Setup(SetupError),
}

/// A match's games summed up for player A: wins, losses, draws, its score (a draw half a
/// win) and the score's 95% Wilson interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchSummary {
    pub games: usize,
    pub a_wins: usize,
    pub b_wins: usize,
    pub draws: usize,
    /// (wins + draws / 2) / games.
    pub a_score: f64,
    pub interval: (f64, f64),
}

impl MatchSummary {
    pub fn of(games: &[MatchGame]) -> MatchSummary {
        let count = |w| games.iter().filter(|g| g.winner == w).count();
        let (a_wins, b_wins, draws) = (
            count(MatchWinner::A),
            count(MatchWinner::B),
            count(MatchWinner::Draw),
        );
        let n = games.len() as f64;
        let s = a_wins as f64 + draws as f64 / 2.0;
        MatchSummary {
            games: games.len(),
            a_wins,
            b_wins,
            draws,
            a_score: if n > 0.0 { s / n } else { 0.0 },
            interval: wilson(s, n, Z95),
        }
    }
}
