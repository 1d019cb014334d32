//! Matches between two players: seeded games, seat swapping, results with confidence
//! intervals, decision times, and a guard against games that never end.
//!
//! # Scoring
//!
//! A game is won by the player whose [`Game::returns`] is higher (by more than `1e-9`); equal
//! returns are a draw. A player's *score* is `(wins + draws / 2) / completed games`, and its
//! confidence interval is the Wilson interval of that score (a draw counts as half a win).
//! Games that fail (runaway, illegal action, no decision) are reported in
//! [`MatchReport::failures`] and count in none of wins, draws or losses.
//!
//! # Seeding
//!
//! Game `g` of a match seeded `s` is built by `new_game(game_seed)` and its dice are rolled by
//! a generator seeded from the same pair index. With seat swapping on, games `2k` and `2k + 1`
//! share the game seed and the dice seed, with the players in opposite seats, which removes
//! much of the luck of the deal from the comparison. Each player gets its own generator per
//! game, so the dice do not depend on how many numbers a player draws until the players'
//! decisions differ.

use std::fmt;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::game::Game;
use crate::player::{Forfeit, Player};
use crate::stats::{TimeStats, Z95, wilson};

/// Settings of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchConfig {
    /// Number of games.
    pub games: u32,
    /// Seed from which every game's seeds derive.
    pub seed: u64,
    /// Swap seats every other game (player A sits in seat 1 in odd games).
    pub swap_seats: bool,
    /// Runaway guard: a game with more decisions than this ends as a reported failure.
    pub max_decisions: u64,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            games: 100,
            seed: 0,
            swap_seats: true,
            max_decisions: 100_000,
        }
    }
}

/// Why a game did not finish normally.
#[derive(Clone, Debug, PartialEq)]
pub enum FailureKind {
    /// The runaway guard stopped the game after this many decisions.
    TooManyDecisions(u64),
    /// A player returned no action in a non-terminal state.
    NoDecision {
        /// Seat of the player.
        seat: usize,
    },
    /// A player returned an action that was not in the legal list.
    IllegalAction {
        /// Seat of the player.
        seat: usize,
        /// The action, as text.
        action: String,
    },
    /// The game's number of players differs from the number of seats (matches need 2).
    PlayerCount {
        /// Players in the game.
        players: usize,
        /// Seats given.
        seats: usize,
    },
}

impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FailureKind::TooManyDecisions(n) => {
                write!(f, "stopped by the runaway guard after {n} decisions")
            }
            FailureKind::NoDecision { seat } => {
                write!(f, "seat {seat} made no decision in a live game")
            }
            FailureKind::IllegalAction { seat, action } => {
                write!(f, "seat {seat} chose illegal action {action}")
            }
            FailureKind::PlayerCount { players, seats } => {
                write!(f, "game has {players} players but {seats} seats")
            }
        }
    }
}

/// Result of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Index of the game in the match.
    pub index: u32,
    /// Seed given to `new_game`.
    pub game_seed: u64,
    /// Seat of player A (0 or 1); player B sits in the other.
    pub seat_of_a: usize,
    /// Decisions made.
    pub decisions: u64,
    /// Returns of players A and B, or why the game failed.
    pub outcome: Result<[f64; 2], FailureKind>,
}

/// A reported failed game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameFailure {
    /// Index of the game in the match.
    pub index: u32,
    /// Seed given to `new_game`, to replay it.
    pub game_seed: u64,
    /// What went wrong.
    pub kind: FailureKind,
}

/// Results of a match between player A (index 0) and player B (index 1).
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport {
    /// Names of A and B.
    pub names: [String; 2],
    /// Games played, failed ones included.
    pub games: u32,
    /// Wins of A and B.
    pub wins: [u32; 2],
    /// Drawn games.
    pub draws: u32,
    /// Wins by whoever sat in seat 0 and seat 1.
    pub seat_wins: [u32; 2],
    /// Sum over completed games of A's and B's returns.
    pub return_sum: [f64; 2],
    /// Decision times of A and B.
    pub times: [TimeStats; 2],
    /// Games that did not finish normally.
    pub failures: Vec<GameFailure>,
    /// Games a player gave up ([`Player::forfeit`]); each is also a loss of that player.
    pub forfeits: Vec<GameForfeit>,
}

/// A game a player gave up, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct GameForfeit {
    /// Index of the game in the match.
    pub index: u32,
    /// Seed given to `new_game`, to replay it.
    pub game_seed: u64,
    /// Who gave up: 0 for player A, 1 for player B.
    pub player: usize,
    /// Why, as the player said ([`Player::forfeit`]).
    pub reason: Forfeit,
}

impl MatchReport {
    /// Games that finished normally.
    pub fn completed(&self) -> u32 {
        self.wins[0] + self.wins[1] + self.draws
    }

    /// Losses of player `p` (0 = A, 1 = B).
    pub fn losses(&self, p: usize) -> u32 {
        self.wins[1 - p]
    }

    /// Score of player `p`: `(wins + draws / 2) / completed` (0.5 if nothing completed).
    pub fn score(&self, p: usize) -> f64 {
        let n = self.completed();
        if n == 0 {
            0.5
        } else {
            (f64::from(self.wins[p]) + 0.5 * f64::from(self.draws)) / f64::from(n)
        }
    }

    /// Wilson interval of player `p`'s score at `z` standard deviations.
    pub fn score_interval(&self, p: usize, z: f64) -> (f64, f64) {
        wilson(
            f64::from(self.wins[p]) + 0.5 * f64::from(self.draws),
            f64::from(self.completed()),
            z,
        )
    }

    /// Adds the games of `other`, a report on other games of the same match between the
    /// same players (see [`play_games_with`]). Failures are kept sorted by game index.
    pub fn merge(&mut self, other: &MatchReport) {
        self.games += other.games;
        self.draws += other.draws;
        for p in 0..2 {
            self.wins[p] += other.wins[p];
            self.seat_wins[p] += other.seat_wins[p];
            self.return_sum[p] += other.return_sum[p];
            let (t, o) = (&mut self.times[p], &other.times[p]);
            t.count += o.count;
            t.total_ms += o.total_ms;
            t.max_ms = t.max_ms.max(o.max_ms);
        }
        self.failures.extend(other.failures.iter().cloned());
        self.failures.sort_by_key(|f| f.index);
        self.forfeits.extend(other.forfeits.iter().cloned());
        self.forfeits.sort_by_key(|f| f.index);
    }

    /// Mean return of player `p` over completed games.
    pub fn mean_return(&self, p: usize) -> f64 {
        let n = self.completed();
        if n == 0 {
            0.5
        } else {
            self.return_sum[p] / f64::from(n)
        }
    }
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} games: {} completed, {} failed; seat 0 won {}, seat 1 won {}, {} draws",
            self.games,
            self.completed(),
            self.failures.len(),
            self.seat_wins[0],
            self.seat_wins[1],
            self.draws
        )?;
        for p in 0..2 {
            let (lo, hi) = self.score_interval(p, Z95);
            writeln!(
                f,
                "  {:<32} W {:>5} D {:>5} L {:>5}  score {:.3} [{:.3}, {:.3}]  mean return {:.3}  decision ms: mean {:.2} max {:.2}",
                self.names[p],
                self.wins[p],
                self.draws,
                self.losses(p),
                self.score(p),
                lo,
                hi,
                self.mean_return(p),
                self.times[p].mean_ms(),
                self.times[p].max_ms
            )?;
        }
        for f_ in &self.forfeits {
            writeln!(
                f,
                "  game {} (seed {}): {} gave up and lost: {}",
                f_.index, f_.game_seed, self.names[f_.player], f_.reason
            )?;
        }
        for fail in &self.failures {
            writeln!(
                f,
                "  game {} (seed {}) failed: {}",
                fail.index, fail.game_seed, fail.kind
            )?;
        }
        Ok(())
    }
}

/// Mixes a seed with two indices (SplitMix64 finaliser), for independent derived seeds.
pub fn derive_seed(seed: u64, a: u64, b: u64) -> u64 {
    let mut z = seed
        .wrapping_add(a.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(b.wrapping_mul(0xD1B5_4A32_D192_ED03))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one game to the end with `seats[s]` deciding for player `s`.
///
/// `dice` rolls the chance events, `player_rngs[s]` is handed to the player in seat `s`.
/// Every chosen action is checked against the legal list. Decision times are added to
/// `times[s]`. Returns the returns by seat, or the failure, and the number of decisions.
pub fn play_game<G: Game>(
    mut game: G,
    seats: &mut [&mut dyn Player<G>],
    dice: &mut ChaCha8Rng,
    player_rngs: &mut [ChaCha8Rng],
    max_decisions: u64,
    times: &mut [TimeStats],
) -> (Result<Vec<f64>, FailureKind>, u64) {
    let n = game.num_players();
    if seats.len() != n || player_rngs.len() != n || times.len() != n {
        return (
            Err(FailureKind::PlayerCount {
                players: n,
                seats: seats.len(),
            }),
            0,
        );
    }
    let mut legal = Vec::new();
    let mut decisions = 0u64;
    while !game.is_terminal() {
        if decisions >= max_decisions {
            return (Err(FailureKind::TooManyDecisions(decisions)), decisions);
        }
        let seat = game.to_move();
        if seat >= n {
            return (Err(FailureKind::NoDecision { seat }), decisions);
        }
        let t0 = Instant::now();
        let choice = seats[seat].choose(&game, &mut player_rngs[seat]);
        times[seat].add(t0.elapsed().as_secs_f64() * 1000.0);
        decisions += 1;
        let Some(action) = choice else {
            if seats[seat].forfeit().is_some() {
                // A forfeit is a result: the seat that gave up loses.
                let returns = (0..n).map(|p| if p == seat { 0.0 } else { 1.0 }).collect();
                for s in seats.iter_mut() {
                    s.game_over(&game);
                }
                return (Ok(returns), decisions);
            }
            return (Err(FailureKind::NoDecision { seat }), decisions);
        };
        game.legal_actions(&mut legal);
        if !legal.contains(&action) {
            return (
                Err(FailureKind::IllegalAction {
                    seat,
                    action: action.to_string(),
                }),
                decisions,
            );
        }
        game.apply(action, dice);
    }
    for s in seats.iter_mut() {
        s.game_over(&game);
    }
    let returns = (0..n).map(|p| game.returns(p)).collect();
    (Ok(returns), decisions)
}

/// Plays a match of `config.games` games between the players made by `make_a` and `make_b`
/// (fresh players for every game), on games made by `new_game(seed)`.
pub fn play_match<G, NG, FA, FB, PA, PB>(
    config: &MatchConfig,
    new_game: NG,
    make_a: FA,
    make_b: FB,
) -> MatchReport
where
    G: Game,
    NG: FnMut(u64) -> G,
    FA: FnMut() -> PA,
    FB: FnMut() -> PB,
    PA: Player<G>,
    PB: Player<G>,
{
    play_match_with(config, new_game, make_a, make_b, |_| {})
}

/// [`play_match`], calling `on_game` after every game (for progress output or logs).
pub fn play_match_with<G, NG, FA, FB, PA, PB, OG>(
    config: &MatchConfig,
    new_game: NG,
    make_a: FA,
    make_b: FB,
    on_game: OG,
) -> MatchReport
where
    G: Game,
    NG: FnMut(u64) -> G,
    FA: FnMut() -> PA,
    FB: FnMut() -> PB,
    PA: Player<G>,
    PB: Player<G>,
    OG: FnMut(&GameRecord),
{
    play_games_with(config, 0..config.games, new_game, make_a, make_b, on_game)
}

/// [`play_match_with`] on `jobs` threads of the one pool of game threads
/// ([`crate::pool::run`]): games `2k` and `2k + 1` (which share a deal when seats are
/// swapped) are one job, handed to the next free thread, and the jobs' reports are merged,
/// so the report is the one thread's up to the order of its lists. `on_game` is called from
/// the thread that played the game; with one job, that is the calling thread.
pub fn play_match_on_threads<G, NG, FA, FB, PA, PB, OG>(
    config: &MatchConfig,
    jobs: usize,
    new_game: NG,
    make_a: FA,
    make_b: FB,
    on_game: OG,
) -> MatchReport
where
    G: Game,
    NG: Fn(u64) -> G + Sync,
    FA: Fn() -> PA + Sync,
    FB: Fn() -> PB + Sync,
    PA: Player<G>,
    PB: Player<G>,
    OG: Fn(&GameRecord) + Sync,
{
    if jobs <= 1 {
        // On the calling thread, as `play_match_with`: `on_game` may then use what the
        // caller holds (its locked standard error, say).
        return play_games_with(config, 0..config.games, new_game, make_a, make_b, on_game);
    }
    // Pairs of games dealt alike go to one job; the pool hands them out as threads free up.
    let pairs = config.games.div_ceil(2);
    let play = |pair: u32| {
        let games = [2 * pair, 2 * pair + 1];
        play_games_with(config, games, &new_game, &make_a, &make_b, &on_game)
    };
    let mut report = play_games_with(
        config,
        std::iter::empty(),
        &new_game,
        &make_a,
        &make_b,
        &on_game,
    );
    crate::pool::run(
        0..pairs,
        jobs,
        "match-",
        play,
        std::time::Duration::from_secs(3600),
        |r| {
            report.merge(&r);
            true
        },
        || {},
    );
    report
}

/// Plays only the games of the match `config` whose indices are in `indices` (each below
/// `config.games`), exactly as [`play_match_with`] would play them: game `g` gets the same
/// seeds, seats and dice whichever subset it is played in. Splitting the indices of a match
/// among threads and [merging](MatchReport::merge) the reports gives the report of the
/// whole match (up to the order of [`MatchReport::failures`], which `merge` sorts).
pub fn play_games_with<G, NG, FA, FB, PA, PB, OG, I>(
    config: &MatchConfig,
    indices: I,
    mut new_game: NG,
    mut make_a: FA,
    mut make_b: FB,
    mut on_game: OG,
) -> MatchReport
where
    G: Game,
    NG: FnMut(u64) -> G,
    FA: FnMut() -> PA,
    FB: FnMut() -> PB,
    PA: Player<G>,
    PB: Player<G>,
    OG: FnMut(&GameRecord),
    I: IntoIterator<Item = u32>,
{
    let mut report = MatchReport {
        names: [make_a().name(), make_b().name()],
        games: 0,
        wins: [0; 2],
        draws: 0,
        seat_wins: [0; 2],
        return_sum: [0.0; 2],
        times: [TimeStats::default(); 2],
        failures: Vec::new(),
        forfeits: Vec::new(),
    };
    for g in indices {
        if g >= config.games {
            continue;
        }
        let (pair, seat_of_a) = if config.swap_seats {
            (u64::from(g / 2), (g % 2) as usize)
        } else {
            (u64::from(g), 0)
        };
        let game_seed = derive_seed(config.seed, pair, 0);
        let game = new_game(game_seed);
        let mut a = make_a();
        let mut b = make_b();
        let mut dice = ChaCha8Rng::seed_from_u64(derive_seed(config.seed, pair, 1));
        let mut rngs = [
            ChaCha8Rng::seed_from_u64(derive_seed(config.seed, u64::from(g), 2)),
            ChaCha8Rng::seed_from_u64(derive_seed(config.seed, u64::from(g), 3)),
        ];
        let mut seat_times = [TimeStats::default(); 2];
        let (result, decisions) = if game.num_players() != 2 {
            (
                Err(FailureKind::PlayerCount {
                    players: game.num_players(),
                    seats: 2,
                }),
                0,
            )
        } else if seat_of_a == 0 {
            let mut seats: [&mut dyn Player<G>; 2] = [&mut a, &mut b];
            play_game(
                game,
                &mut seats,
                &mut dice,
                &mut rngs,
                config.max_decisions,
                &mut seat_times,
            )
        } else {
            let mut seats: [&mut dyn Player<G>; 2] = [&mut b, &mut a];
            play_game(
                game,
                &mut seats,
                &mut dice,
                &mut rngs,
                config.max_decisions,
                &mut seat_times,
            )
        };
        for (player, reason) in [a.forfeit(), b.forfeit()].into_iter().enumerate() {
            if let Some(reason) = reason {
                report.forfeits.push(GameForfeit {
                    index: g,
                    game_seed,
                    player,
                    reason,
                });
            }
        }
        let seat_of = [seat_of_a, 1 - seat_of_a];
        for p in 0..2 {
            let t = seat_times[seat_of[p]];
            let r = &mut report.times[p];
            r.count += t.count;
            r.total_ms += t.total_ms;
            r.max_ms = r.max_ms.max(t.max_ms);
        }
        report.games += 1;
        let outcome = match result {
            Ok(by_seat) => {
                let ret = [by_seat[seat_of[0]], by_seat[seat_of[1]]];
                report.return_sum[0] += ret[0];
                report.return_sum[1] += ret[1];
                if ret[0] > ret[1] + 1e-9 {
                    report.wins[0] += 1;
                    report.seat_wins[seat_of[0]] += 1;
                } else if ret[1] > ret[0] + 1e-9 {
                    report.wins[1] += 1;
                    report.seat_wins[seat_of[1]] += 1;
                } else {
                    report.draws += 1;
                }
                Ok(ret)
            }
            Err(kind) => {
                report.failures.push(GameFailure {
                    index: g,
                    game_seed,
                    kind: kind.clone(),
                });
                Err(kind)
            }
        };
        on_game(&GameRecord {
            index: g,
            game_seed,
            seat_of_a,
            decisions,
            outcome,
        });
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flat::FlatMc;
    use crate::player::Budget;
    use crate::random::RandomPlayer;
    use crate::toys::pig::Pig;

    #[test]
    fn a_match_split_into_parts_and_merged_is_the_whole_match() {
        let config = MatchConfig {
            games: 9,
            seed: 4,
            ..Default::default()
        };
        let flat = || FlatMc::<Pig>::new(Budget::Iterations(40), 50);
        let mut whole = play_match(&config, |_| Pig::new(20), flat, RandomPlayer::new);
        let mut parts = play_games_with(
            &config,
            (0..config.games).filter(|g| g % 2 == 0),
            |_| Pig::new(20),
            flat,
            RandomPlayer::new,
            |_| {},
        );
        let odd = play_games_with(
            &config,
            (0..config.games).filter(|g| g % 2 == 1),
            |_| Pig::new(20),
            flat,
            RandomPlayer::new,
            |_| {},
        );
        parts.merge(&odd);
        // On three threads, the same games again.
        let mut threaded = play_match_on_threads(
            &config,
            3,
            |_| Pig::new(20),
            flat,
            RandomPlayer::new,
            |_| {},
        );
        // Times differ from run to run; everything else must match exactly.
        for r in [&mut whole, &mut parts, &mut threaded] {
            for t in &mut r.times {
                *t = TimeStats {
                    count: t.count,
                    ..TimeStats::default()
                };
            }
            for s in &mut r.return_sum {
                *s = (*s * 1e6).round();
            }
        }
        assert_eq!(whole, parts);
        assert_eq!(whole, threaded);
        assert_eq!(whole.games, 9);
    }
}
