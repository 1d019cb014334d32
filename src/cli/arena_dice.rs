//! `mars-attacks arena --game martian-dice --players SPEC... --games N --seed S`: every
//! pairing of the players in two-player games of Martian Dice to 25, seats alternating, on
//! J threads; each pairing's score with its Wilson 95% interval and wins by seat, and the
//! players' Elo-style ratings, as for the skirmish. The games are not written to a results
//! file: a run of Martian Dice takes seconds, and replays exactly from its seed.

use serde_json::json;

use std::sync::Mutex;

use ai::stats::{Z95, wilson};
use martian_dice::game::Game;
use martian_dice::players::player;

use super::arena::ArenaArgs;
use super::{CliError, Io};
use crate::arena::summary::ratings;
use crate::games::GameKind;
use crate::limits;

/// How many failed games are listed one by one (all are counted).
const LISTED_FAILURES: usize = 10;

/// Two-player games of Martian Dice between the checked specs `a` and `b`: the match's
/// report, and each game's result for `a` in game order (threads finish in any order).
pub fn play_pairing(
    a: &str,
    b: &str,
    config: &ai::MatchConfig,
    jobs: usize,
) -> (ai::MatchReport, Vec<f64>) {
    let results = Mutex::new(Vec::new());
    let report = ai::arena::play_match_on_threads(
        config,
        jobs,
        |_| Game::new(2).expect("two players"),
        || player::<Game>(a).expect("checked"),
        || player::<Game>(b).expect("checked"),
        |g| {
            if let Ok([x, _]) = g.outcome {
                results.lock().expect("results").push((g.index, x));
            }
        },
    );
    let mut results = results.into_inner().expect("results");
    results.sort_by_key(|r| r.0);
    (report, results.into_iter().map(|(_, x)| x).collect())
}

/// The options of the skirmish's runs that a game without scenarios or results files has
/// no use for: refused, never ignored.
fn refuse_results_options(args: &ArenaArgs, game: &str) -> Result<(), CliError> {
    if !args.scenarios.is_empty() || !args.vary.is_empty() {
        return Err(CliError::Usage(format!(
            "--game {game} takes no --scenario or --vary: it has no scenarios"
        )));
    }
    let results_options = [
        ("--out", args.out.is_some()),
        ("--resume", args.resume),
        ("--overwrite", args.overwrite),
        ("--shard", args.shard.is_some()),
        ("--record-moves", args.record_moves),
        ("--no-luck", args.no_luck),
        ("--until-decided", args.until_decided.is_some()),
        ("--strict", args.strict),
        ("--verify", args.verify),
    ];
    let given: Vec<&str> = results_options
        .iter()
        .filter(|(_, on)| *on)
        .map(|(name, _)| *name)
        .collect();
    if !given.is_empty() {
        return Err(CliError::Usage(format!(
            "--game {game} takes no {}: its games are not written to a results file \
             or split into shards (a run takes seconds and replays exactly from its --seed)",
            given.join(", ")
        )));
    }
    if args.mirror {
        return Err(CliError::Usage(format!(
            "--game {game} takes no --mirror: every two different players meet; to \
             see a player against itself, give it twice to duel --game {game}"
        )));
    }
    Ok(())
}

/// `arena --game takedown --players P Q...`: every pairing in two-player games of
/// Ten-Minute Takedown ([`super::takedown`]).
pub fn run_takedown(args: &ArenaArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    refuse_results_options(args, args.game.name())?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |c| c.get()));
    super::takedown::run(&args.players, args.games, args.seed, jobs, args.json, io)
}

pub fn run(args: &ArenaArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let game = args.game.name();
    refuse_results_options(args, game)?;
    if args.players.len() < 2 {
        return Err(CliError::Usage(format!(
            "--game {game} needs two players at least"
        )));
    }
    if args.game == GameKind::DiceGame {
        // All the players at one table (2 to 6), seats rotated game by game.
        return super::dice_game::run_table(
            &super::dice_game::TableArgs {
                players: &args.players,
                games: args.games,
                seed: args.seed,
                difficulty: "easy",
                deck: &None,
                jobs: args
                    .jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |c| c.get())),
                json: args.json,
            },
            io,
        );
    }
    if args.players.len() > limits::MAX_PLAYERS {
        return Err(CliError::Usage(format!(
            "at most {} players, got {}",
            limits::MAX_PLAYERS,
            args.players.len()
        )));
    }
    for p in &args.players {
        args.game
            .check_player(p)
            .map_err(|e| CliError::Usage(e.to_string()))?;
    }
    let n = args.players.len();
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |c| c.get()));
    let mut pairings = Vec::new();
    let mut duels = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let config = ai::MatchConfig {
                games: args.games,
                // Each pairing its own games, the same whatever the other players.
                seed: ai::arena::derive_seed(args.seed, a as u64, b as u64),
                swap_seats: true,
                max_decisions: args.max_decisions,
            };
            let (report, results) = play_pairing(&args.players[a], &args.players[b], &config, jobs);
            duels.extend(results.into_iter().map(|x| (a, b, x)));
            pairings.push((a, b, report));
        }
    }
    let elo = ratings(n, &duels);
    if args.json {
        let pairs: Vec<_> = pairings
            .iter()
            .map(|(a, b, r)| {
                let (lo, hi) = r.score_interval(0, Z95);
                json!({
                    "players": [args.players[*a], args.players[*b]],
                    "wins": r.wins, "draws": r.draws, "score": r.score(0),
                    "wilson_low": lo, "wilson_high": hi, "seat_wins": r.seat_wins,
                    "failures": r.failures.len(),
                })
            })
            .collect();
        let players: Vec<_> = (0..n)
            .map(|i| json!({"player": args.players[i], "rating": elo[i]}))
            .collect();
        writeln!(
            io.out,
            "{}",
            json!({"game": "martian-dice", "games": args.games, "seed": args.seed, "pairings": pairs, "players": players})
        )?;
    } else {
        writeln!(
            io.out,
            "Martian Dice to 25: {} games a pairing, seed {}, seats alternating",
            args.games, args.seed
        )?;
        for (a, b, r) in &pairings {
            let (lo, hi) = r.score_interval(0, Z95);
            writeln!(
                io.out,
                "  {} vs {}: {}-{}-{}, score {:.3} [{lo:.3}, {hi:.3}]; the first seat won {} of {}",
                args.players[*a],
                args.players[*b],
                r.wins[0],
                r.draws,
                r.wins[1],
                r.score(0),
                r.seat_wins[0],
                r.completed()
            )?;
        }
        let first: u32 = pairings.iter().map(|p| p.2.seat_wins[0]).sum();
        let all: u32 = pairings.iter().map(|p| p.2.completed()).sum();
        let (lo, hi) = wilson(f64::from(first), f64::from(all), Z95);
        writeln!(
            io.out,
            "  the first seat won {first} of {all} games, {:.3} [{lo:.3}, {hi:.3}]",
            f64::from(first) / f64::from(all.max(1))
        )?;
        writeln!(io.out, "players (Elo-style rating):")?;
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|x, y| elo[*y].total_cmp(&elo[*x]));
        for i in order {
            writeln!(io.out, "  {:<24} {:>6.0}", args.players[i], elo[i])?;
        }
    }
    let mut failed = 0;
    for (a, b, r) in &pairings {
        for f in &r.failures {
            failed += 1;
            if failed <= LISTED_FAILURES {
                writeln!(
                    io.err,
                    "error: {} vs {}: game {} (game seed {}) failed and counts for nobody: {}",
                    args.players[*a], args.players[*b], f.index, f.game_seed, f.kind
                )?;
            }
        }
    }
    if failed > 0 {
        writeln!(
            io.err,
            "error: {failed} game(s) did not finish{} (the runaway guard is --max-decisions {})",
            if failed > LISTED_FAILURES {
                format!(", the first {LISTED_FAILURES} listed above")
            } else {
                String::new()
            },
            args.max_decisions
        )?;
        return Err(CliError::Invalid);
    }
    Ok(())
}
