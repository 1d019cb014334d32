//! `mars-attacks duel FILE P Q --games N --seed S [--json] [--no-swap] [--jobs J]`: a
//! seeded match between two players on a scenario.
//!
//! P and Q are player specs (`random`, `greedy`, `flat`, `pimc`, `mcts`, optionally with
//! `:easy`, `:normal`, `:hard` or an iteration count, e.g. `mcts:2000`). They swap sides
//! every other game, the two games of a pair sharing the counter placement and the dice
//! seed; `--no-swap` keeps P on the Humans. A spec may also name a program playing through
//! the bot protocol (`exec:python3 bot.py`, docs/bot-protocol.md): one that fails loses
//! that game, and the reason is printed. The report gives wins, draws and losses per
//! player with the Wilson 95% interval of its score (a draw counts half), wins per side,
//! and the mean and largest decision time. A game stopped by the runaway guard is a
//! failure: it counts for nobody and is listed (and `duel` exits with code 1).
//!
//! `--json` prints exactly one object:
//! `{"games": N, "players": {"<spec>": {"wins": n, "draws": n, "losses": n,
//! "wilson_low": x, "wilson_high": x, "mean_decision_ms": x, "max_decision_ms": x}, ...},
//! "sides": {"humans": {"wins": n}, "martians": {"wins": n}}, "forfeits": [...],
//! "failures": [...]}`; a spec
//! playing itself is keyed `<spec>#2` the second time.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use clap::Args;
use serde_json::{Map, Value, json};

use super::{CliError, Io, check_programs, load_scenario};
use crate::bot::duel::{DuelConfig, MAX_DECISIONS, duel};
use crate::bot::spec::PlayerSpec;
use crate::limits;
use ai::MatchReport;
use ai::stats::Z95;

pub use crate::games::GameKind;

/// Arguments of `duel`.
#[derive(Args, Debug)]
pub struct DuelArgs {
    /// The scenario file, then players A and B. A player is random, greedy, flat, pimc or
    /// mcts, with an optional level or iteration count (mcts:hard, mcts:2000); or a program
    /// speaking the bot protocol, exec[dir=PATH,limit=SECONDS]:COMMAND
    /// (docs/bot-protocol.md). With --game martian-dice, only the two players (optimal,
    /// threshold:N, random, mcts[:level|:N]).
    #[arg(value_names = ["FILE", "P", "Q"], num_args = 2..=3, required = true, action = clap::ArgAction::Set)]
    pub args: Vec<String>,
    /// The game: skirmish (Mars Attacks!, on a scenario), martian-dice (two players to
    /// 25 points), dice-game (Mars Attacks: The Dice Game; random, timid, greedy, mcts) or
    /// takedown (Ten-Minute Takedown; random, centre, aim[:LEVEL]).
    #[arg(long, value_enum, default_value_t = GameKind::Skirmish)]
    pub game: GameKind,
    #[arg(long, default_value_t = 100, value_name = "N", value_parser = limits::parse_games,
          help = limits::games_help("Number of games"))]
    pub games: u32,
    /// Seed of the match; every game's set-up, dice and players' generators derive from it.
    #[arg(long, default_value_t = 0, value_name = "S")]
    pub seed: u64,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Keep P on the Humans in every game instead of swapping sides every other game.
    #[arg(long)]
    pub no_swap: bool,
    #[arg(long, default_value_t = 1, value_name = "J", value_parser = limits::parse_jobs,
          help = limits::jobs_help("Games played at once, each on its own thread"))]
    pub jobs: usize,
    #[arg(long, default_value_t = MAX_DECISIONS, value_name = "N",
          value_parser = limits::parse_max_decisions, help = limits::max_decisions_help())]
    pub max_decisions: u64,
    /// Print a line to stderr as each game ends.
    #[arg(long)]
    pub progress: bool,
    /// Exit with code 1 when a program playing through the bot protocol forfeited a game
    /// (crashed, broke the protocol, answered an illegal action or ran out of time), as
    /// for a failed game: for test runs of a bot, where a forfeit is a bug.
    #[arg(long)]
    pub strict: bool,
}

/// Run `duel`.
pub fn run(args: DuelArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let (file, p, q) = match (args.game, args.args.as_slice()) {
        (GameKind::Skirmish, [f, p, q]) => (PathBuf::from(f), p.clone(), q.clone()),
        (GameKind::Skirmish, _) => {
            return Err(CliError::Usage(
                "duel takes a scenario FILE and two players P Q (or --game martian-dice P Q)"
                    .into(),
            ));
        }
        (GameKind::MartianDice, [p, q]) => return dice_duel(&args, p, q, io),
        (GameKind::DiceGame, [p, q]) => {
            if args.no_swap {
                return Err(CliError::Usage(
                    "duel --game dice-game rotates the seats every game: it takes no --no-swap"
                        .into(),
                ));
            }
            return super::dice_game::run_table(
                &super::dice_game::TableArgs {
                    players: &[p.clone(), q.clone()],
                    games: args.games,
                    seed: args.seed,
                    difficulty: "easy",
                    deck: &None,
                    jobs: args.jobs,
                    json: args.json,
                },
                io,
            );
        }
        (GameKind::DiceGame, _) => {
            return Err(CliError::Usage(
                "duel --game dice-game takes two players P Q and no scenario file (for 3 to 6 \
                 players, arena --game dice-game --players ...)"
                    .into(),
            ));
        }
        (GameKind::MartianDice, _) => {
            return Err(CliError::Usage(
                "duel --game martian-dice takes two players P Q and no scenario file".into(),
            ));
        }
        (GameKind::Takedown, [p, q]) => {
            if args.no_swap {
                return Err(CliError::Usage(
                    "duel --game takedown alternates the seats every game: it takes no --no-swap"
                        .into(),
                ));
            }
            let players = [p.clone(), q.clone()];
            return super::takedown::run(&players, args.games, args.seed, args.jobs, args.json, io);
        }
        (GameKind::Takedown, _) => {
            return Err(CliError::Usage(
                "duel --game takedown takes two players P Q and no scenario file".into(),
            ));
        }
    };
    let parse = |s: &str| {
        s.parse::<PlayerSpec>()
            .map_err(|e| CliError::Usage(e.to_string()))
    };
    let specs = [parse(&p)?, parse(&q)?];
    let scenario = Arc::new(load_scenario(&file, io)?);
    check_programs(&specs, &scenario)?;
    let mut config = DuelConfig::new(args.games, args.seed);
    config.matches.swap_seats = !args.no_swap;
    config.matches.max_decisions = args.max_decisions;
    config.jobs = args.jobs;
    let done = AtomicU32::new(0);
    let games = args.games;
    let report = duel(&scenario, specs[0], specs[1], &config, |record| {
        if args.progress {
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            let result = result_words(&record.outcome);
            eprintln!(
                "game {n}/{games} (#{}, A on {}): {result} after {} decisions",
                record.index,
                if record.seat_of_a == 0 {
                    "humans"
                } else {
                    "martians"
                },
                record.decisions
            );
        }
    });
    let keys = player_keys(&p, &q);
    if args.json {
        let text = serde_json::to_string(&to_json(&report, &keys)).expect("JSON always prints");
        writeln!(io.out, "{text}")?;
    } else {
        write_table(io, &scenario.name, &keys, &config, &report)?;
    }
    let mut not_started = 0;
    let mut listed = 0;
    for f in &report.forfeits {
        if f.reason.is_start_failure() {
            // The system refused to start it: the loss counted is no result of play.
            not_started += 1;
            writeln!(
                io.err,
                "error: game {} (game seed {}): {}'s program could not be started, so the \
                 game was not played (it counts as a loss above): {}",
                f.index, f.game_seed, keys[f.player], f.reason
            )?;
            continue;
        }
        listed += 1;
        if listed <= LISTED_FAILURES {
            writeln!(
                io.err,
                "game {} (game seed {}): {} gave the game up and lost it: {}",
                f.index, f.game_seed, keys[f.player], f.reason
            )?;
        }
    }
    if listed > LISTED_FAILURES {
        writeln!(
            io.err,
            "{} games were given up in all; the first {LISTED_FAILURES} are listed above",
            listed
        )?;
    }
    for f in report.failures.iter().take(LISTED_FAILURES) {
        writeln!(
            io.err,
            "error: game {} (game seed {}) failed: {}",
            f.index, f.game_seed, f.kind
        )?;
    }
    if report.failures.len() > LISTED_FAILURES {
        writeln!(
            io.err,
            "error: {} games failed in all; the first {LISTED_FAILURES} are listed above",
            report.failures.len()
        )?;
    }
    if args.strict && listed > 0 {
        writeln!(
            io.err,
            "error: {listed} game(s) were forfeited by a program (--strict)"
        )?;
        return Err(CliError::Invalid);
    }
    if report.failures.is_empty() && not_started == 0 {
        Ok(())
    } else {
        Err(CliError::Invalid)
    }
}

/// `duel --game martian-dice P Q`: two-player games to 25, seats alternating, on `jobs`
/// threads (each game's seeds depend only on the seed and its number).
fn dice_duel(args: &DuelArgs, p: &str, q: &str, io: &mut Io<'_>) -> Result<(), CliError> {
    use martian_dice::game::Game;
    use martian_dice::players::player;
    for spec in [p, q] {
        GameKind::MartianDice
            .check_player(spec)
            .map_err(|e| CliError::Usage(e.to_string()))?;
    }
    let config = ai::MatchConfig {
        games: args.games,
        seed: args.seed,
        swap_seats: !args.no_swap,
        max_decisions: args.max_decisions,
    };
    let done = AtomicU32::new(0);
    let report = ai::arena::play_match_on_threads(
        &config,
        args.jobs,
        |_| Game::new(2).expect("two players"),
        || player::<Game>(p).expect("checked"),
        || player::<Game>(q).expect("checked"),
        |record| {
            if args.progress {
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                eprintln!(
                    "game {n}/{} (#{}, A in seat {}): {} after {} decisions",
                    args.games,
                    record.index,
                    record.seat_of_a + 1,
                    result_words(&record.outcome),
                    record.decisions
                );
            }
        },
    );
    let keys = player_keys(p, q);
    if args.json {
        writeln!(io.out, "{}", to_json(&report, &keys))?;
    } else {
        let (lo, hi) = report.score_interval(0, Z95);
        writeln!(
            io.out,
            "Martian Dice to 25: {} vs {}, {} games, seed {}, seats {}",
            keys[0],
            keys[1],
            args.games,
            args.seed,
            if args.no_swap { "fixed" } else { "alternating" }
        )?;
        writeln!(
            io.out,
            "{}: {} wins, {} losses, score {:.3} [{lo:.3}, {hi:.3}]; the first seat won {} games, the second {}",
            keys[0],
            report.wins[0],
            report.wins[1],
            report.score(0),
            report.seat_wins[0],
            report.seat_wins[1]
        )?;
    }
    for f in report.failures.iter().take(LISTED_FAILURES) {
        writeln!(
            io.err,
            "error: game {} (game seed {}) failed and counts for nobody: {}",
            f.index, f.game_seed, f.kind
        )?;
    }
    if report.failures.is_empty() {
        Ok(())
    } else {
        writeln!(
            io.err,
            "error: {} game(s) did not finish{} (the runaway guard is --max-decisions {})",
            report.failures.len(),
            if report.failures.len() > LISTED_FAILURES {
                format!(", the first {LISTED_FAILURES} listed above")
            } else {
                String::new()
            },
            args.max_decisions
        )?;
        Err(CliError::Invalid)
    }
}

/// How many failed games of Martian Dice are listed one by one (all are counted).
const LISTED_FAILURES: usize = 10;

/// A game's result for `--progress`.
fn result_words(outcome: &Result<[f64; 2], ai::arena::FailureKind>) -> String {
    match outcome {
        Ok([a, b]) if a > b => "A wins".to_string(),
        Ok([a, b]) if b > a => "B wins".to_string(),
        Ok(_) => "draw".to_string(),
        Err(e) => format!("FAILED: {e}"),
    }
}

/// The names of the players in the report: the specs as given, the second suffixed `#2`
/// when both are the same.
fn player_keys(p: &str, q: &str) -> [String; 2] {
    let (p, q) = (p.trim().to_string(), q.trim().to_string());
    if p == q {
        let second = format!("{q}#2");
        [p, second]
    } else {
        [p, q]
    }
}

/// The report as the JSON object of the module documentation.
fn to_json(report: &MatchReport, keys: &[String; 2]) -> Value {
    let mut players = Map::new();
    for (p, key) in keys.iter().enumerate() {
        let (low, high) = report.score_interval(p, Z95);
        let t = &report.times[p];
        players.insert(
            key.clone(),
            json!({
                "wins": report.wins[p],
                "draws": report.draws,
                "losses": report.losses(p),
                "wilson_low": low,
                "wilson_high": high,
                "mean_decision_ms": t.mean_ms(),
                "max_decision_ms": t.max_ms,
            }),
        );
    }
    let failures: Vec<Value> = report
        .failures
        .iter()
        .map(|f| json!({"game": f.index, "game_seed": f.game_seed, "reason": f.kind.to_string()}))
        .collect();
    let forfeits: Vec<Value> = report
        .forfeits
        .iter()
        .map(|f| json!({"game": f.index, "game_seed": f.game_seed, "player": keys[f.player], "reason": f.reason.reason}))
        .collect();
    json!({
        "games": report.games,
        "players": players,
        "forfeits": forfeits,
        "sides": {
            "humans": {"wins": report.seat_wins[0]},
            "martians": {"wins": report.seat_wins[1]},
        },
        "failures": failures,
    })
}

fn write_table(
    io: &mut Io<'_>,
    scenario: &str,
    keys: &[String; 2],
    config: &DuelConfig,
    report: &MatchReport,
) -> Result<(), CliError> {
    writeln!(
        io.out,
        "{scenario}: {} vs {}, {} games, seed {}, {}",
        keys[0],
        keys[1],
        report.games,
        config.matches.seed,
        if config.matches.swap_seats {
            "sides swapped every other game"
        } else {
            "first player on the Humans"
        }
    )?;
    let width = keys.iter().map(|k| k.len()).max().unwrap_or(0).max(6);
    writeln!(
        io.out,
        "{:<width$}  {:>5} {:>5} {:>6}  {:>5}  {:<15}  {:>9}  {:>9}",
        "player", "wins", "draws", "losses", "score", "95% interval", "mean ms", "max ms"
    )?;
    for (p, key) in keys.iter().enumerate() {
        let (low, high) = report.score_interval(p, Z95);
        writeln!(
            io.out,
            "{:<width$}  {:>5} {:>5} {:>6}  {:>5.3}  [{:.3}, {:.3}]  {:>9.2}  {:>9.2}",
            key,
            report.wins[p],
            report.draws,
            report.losses(p),
            report.score(p),
            low,
            high,
            report.times[p].mean_ms(),
            report.times[p].max_ms
        )?;
    }
    writeln!(
        io.out,
        "sides: humans won {}, martians won {}, {} drawn",
        report.seat_wins[0], report.seat_wins[1], report.draws
    )?;
    if !report.failures.is_empty() {
        writeln!(
            io.out,
            "{} game(s) failed and count for nobody (see stderr)",
            report.failures.len()
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_playing_itself_is_keyed_twice() {
        assert_eq!(player_keys("mcts", "mcts"), ["mcts", "mcts#2"]);
        assert_eq!(player_keys("mcts", "greedy"), ["mcts", "greedy"]);
    }
}
