//! `duel --game takedown P Q` and `arena --game takedown --players P Q R...`: two-player
//! games of Ten-Minute Takedown on the shipped table (`tables/takedown.toml`), seats
//! alternating, on J threads; each pairing's score with its Wilson 95% interval and wins by
//! seat, and with three players or more their Elo-style ratings. The games are not written
//! to a results file: a run replays exactly from its seed.

use serde_json::json;

use ai::stats::{Z95, wilson};
use takedown::layout_file::shipped_layout;
use takedown::matches::{MatchGame, MatchSummary, MatchWinner, play_match};

use super::{CliError, Io};
use crate::arena::summary::ratings;
use crate::games::GameKind;

/// How many unfinished games are listed one by one (all are counted).
const LISTED_UNFINISHED: usize = 10;

/// One pairing of a run: the two players and their games.
struct Pairing<'a> {
    a: &'a str,
    b: &'a str,
    games: Vec<MatchGame>,
}

impl Pairing<'_> {
    /// Games the first seat won.
    fn first_seat_wins(&self) -> usize {
        self.games
            .iter()
            .filter(|g| match g.winner {
                MatchWinner::A => g.a_seat.0 == 0,
                MatchWinner::B => g.a_seat.0 == 1,
                MatchWinner::Draw => false,
            })
            .count()
    }
}

/// Plays every pairing of `players`, `games` games each, each pairing's seed derived
/// from `seed` and the pair (so a pairing plays the same whatever the other players).
fn play_pairings<'a>(
    players: &'a [String],
    games: u32,
    seed: u64,
    jobs: usize,
) -> Result<Vec<Pairing<'a>>, CliError> {
    for p in players {
        GameKind::Takedown
            .check_player(p)
            .map_err(|e| CliError::Usage(e.to_string()))?;
    }
    let layout = shipped_layout();
    let mut out = Vec::new();
    for a in 0..players.len() {
        for b in a + 1..players.len() {
            let pair_seed = if players.len() == 2 {
                seed
            } else {
                ai::arena::derive_seed(seed, a as u64, b as u64)
            };
            let games = play_match(
                &layout,
                &players[a],
                &players[b],
                games as usize,
                pair_seed,
                jobs,
            )
            .map_err(|e| CliError::Usage(e.to_string()))?;
            out.push(Pairing {
                a: &players[a],
                b: &players[b],
                games,
            });
        }
    }
    Ok(out)
}

/// Runs the games of `players` and prints them: the table, or one JSON object.
pub fn run(
    players: &[String],
    games: u32,
    seed: u64,
    jobs: usize,
    json: bool,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    if players.len() < 2 {
        return Err(CliError::Usage(
            "--game takedown needs two players at least".into(),
        ));
    }
    let pairings = play_pairings(players, games, seed, jobs)?;
    let index = |name: &str| players.iter().position(|p| p == name).unwrap_or(0);
    let duels: Vec<(usize, usize, f64)> = pairings
        .iter()
        .flat_map(|p| {
            let (a, b) = (index(p.a), index(p.b));
            p.games.iter().map(move |g| {
                let x = match g.winner {
                    MatchWinner::A => 1.0,
                    MatchWinner::B => 0.0,
                    MatchWinner::Draw => 0.5,
                };
                (a, b, x)
            })
        })
        .collect();
    let elo = ratings(players.len(), &duels);
    if json {
        let pairs: Vec<_> = pairings
            .iter()
            .map(|p| {
                let s = MatchSummary::of(&p.games);
                json!({
                    "players": [p.a, p.b],
                    "wins": [s.a_wins, s.b_wins], "draws": s.draws, "score": s.a_score,
                    "wilson_low": s.interval.0, "wilson_high": s.interval.1,
                    "first_seat_wins": p.first_seat_wins(),
                    "unfinished": p.games.iter().filter(|g| !g.finished).count(),
                })
            })
            .collect();
        let rated: Vec<_> = (0..players.len())
            .map(|i| json!({"player": players[i], "rating": elo[i]}))
            .collect();
        writeln!(
            io.out,
            "{}",
            json!({"game": "takedown", "games": games, "seed": seed, "pairings": pairs, "players": rated})
        )?;
    } else {
        writeln!(
            io.out,
            "Mars Attacks: Ten-Minute Takedown, 2 players: {games} games a pairing, seed {seed}, seats alternating"
        )?;
        for p in &pairings {
            let s = MatchSummary::of(&p.games);
            let points = |a: bool| {
                let total: u32 = p
                    .games
                    .iter()
                    .map(|g| if a { g.a.points.0 } else { g.b.points.0 })
                    .sum();
                f64::from(total) / p.games.len().max(1) as f64
            };
            writeln!(
                io.out,
                "  {} vs {}: {}-{}-{}, score {:.3} [{:.3}, {:.3}]; {:.2} to {:.2} points a game; \
                 the first seat won {} of {}",
                p.a,
                p.b,
                s.a_wins,
                s.draws,
                s.b_wins,
                s.a_score,
                s.interval.0,
                s.interval.1,
                points(true),
                points(false),
                p.first_seat_wins(),
                s.games
            )?;
        }
        let first: usize = pairings.iter().map(Pairing::first_seat_wins).sum();
        let all: usize = pairings.iter().map(|p| p.games.len()).sum();
        let (lo, hi) = wilson(first as f64, all as f64, Z95);
        writeln!(
            io.out,
            "  the first seat won {first} of {all} games, {:.3} [{lo:.3}, {hi:.3}]",
            first as f64 / all.max(1) as f64
        )?;
        if players.len() > 2 {
            writeln!(io.out, "players (Elo-style rating):")?;
            let mut order: Vec<usize> = (0..players.len()).collect();
            order.sort_by(|x, y| elo[*y].total_cmp(&elo[*x]));
            for i in order {
                writeln!(io.out, "  {:<24} {:>6.0}", players[i], elo[i])?;
            }
        }
    }
    // A game stopped by the shot cap (the table's rules) is counted by its score so far.
    let unfinished: Vec<(&Pairing, &MatchGame)> = pairings
        .iter()
        .flat_map(|p| p.games.iter().filter(|g| !g.finished).map(move |g| (p, g)))
        .collect();
    for (p, g) in unfinished.iter().take(LISTED_UNFINISHED) {
        writeln!(
            io.err,
            "{} vs {}: game {} (game seed {}) reached the shot cap after {} shots and was \
             judged on its score so far",
            p.a, p.b, g.index, g.seed, g.shots
        )?;
    }
    if unfinished.len() > LISTED_UNFINISHED {
        writeln!(
            io.err,
            "{} games reached the shot cap in all; the first {LISTED_UNFINISHED} are listed above",
            unfinished.len()
        )?;
    }
    Ok(())
}
