//! `mars-attacks dice-game ...`: Mars Attacks: The Dice Game, the third game on the same
//! search. `play` opens the table on it (2 to 6 seats of people and AIs), `cards` lists a deck file (the stand-in `cards/dice-game.toml` when none is
//! named), `odds` prints the exact odds of rolling at a card, and `table` plays seeded games
//! of 2 to 6 players with the seats rotated and prints each player's wins with its Wilson
//! interval.

use std::path::PathBuf;
use std::sync::Arc;

use clap::{Args, Subcommand};
use serde_json::json;

use dice_game::card::{Deck, Difficulty, Location};
use dice_game::dice::{DICE, Tally};
use dice_game::odds::{Situation, next_roll, to_the_end};
use dice_game::seats::{TableConfig, play_table};

use super::window::{self, Window};
use super::{CliError, Io};
use crate::limits;
use dice_game::deck_file::{load_dice_deck, stand_in_deck};
use dice_game::table::setup::DiceGameSetup;

#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct DiceGameArgs {
    #[command(subcommand)]
    pub what: What,
}

#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum What {
    /// Play at the table: 2 to 6 seats of people and AIs (the window's Dice Game mode).
    Play {
        /// The seats in turn order, comma-separated: `you` for a person, or an AI level:
        /// beginner, easy, normal, hard, expert, mcts:N, greedy, random.
        #[arg(long, default_value = "you,normal", value_name = "SEATS")]
        seats: String,
        /// easy (the difficulty card's 2-Nuke side) or hard (1 Nuke).
        #[arg(long, default_value = "easy")]
        difficulty: String,
        /// The deck file; the stand-in deck when omitted.
        #[arg(long, value_name = "FILE")]
        deck: Option<PathBuf>,
        /// The seed of the deal and the dice (a fresh one when omitted).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// List a deck's locations: kind, numbered spaces, VP, Nuke symbols and special rule.
    /// Errors in the file are printed as file:line:column: message.
    Cards {
        /// The deck file (TOML); the stand-in deck `cards/dice-game.toml` when omitted.
        #[arg(value_name = "FILE")]
        file: Option<PathBuf>,
        /// Print the locations as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The exact odds of a Turn at a card: what the first roll does (claims it, matches
    /// more, matches nothing, gets nuked), and how the Turn ends rolling on every time.
    Odds {
        /// The card's name, as the deck gives it.
        #[arg(value_name = "CARD")]
        card: String,
        /// The Nuke symbols in play: every card's in play and the difficulty card's (S4).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=20))]
        symbols: u8,
        /// The space your token covers on the card already (0: none).
        #[arg(long, default_value_t = 0)]
        from: u8,
        /// The deck file; the stand-in deck when omitted.
        #[arg(long, value_name = "FILE")]
        deck: Option<PathBuf>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Seeded games of 2 to 6 players at one table, seats rotated, with each player's wins
    /// and their Wilson 95% interval.
    Table {
        /// The players, 2 to 6: random, timid, greedy, mcts[:LEVEL|:N] (see
        /// docs/dice-game.md).
        #[arg(value_name = "PLAYER", num_args = 2..=6, required = true)]
        players: Vec<String>,
        #[arg(long, default_value_t = 60, value_name = "N", value_parser = limits::parse_games,
              help = limits::games_help("Number of games"))]
        games: u32,
        /// Seed of the run; every game's deal, dice and players derive from it.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// easy (the difficulty card's 2-Nuke side) or hard (1 Nuke).
        #[arg(long, default_value = "easy")]
        difficulty: String,
        /// The deck file; the stand-in deck when omitted.
        #[arg(long, value_name = "FILE")]
        deck: Option<PathBuf>,
        #[arg(long, default_value_t = 1, value_name = "J", value_parser = limits::parse_jobs,
              help = limits::jobs_help("Games played at once, each on its own thread"))]
        jobs: usize,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

fn deck(file: &Option<PathBuf>, io: &mut Io<'_>) -> Result<Arc<Deck>, CliError> {
    match file {
        None => Ok(stand_in_deck()),
        Some(path) => match load_dice_deck(path) {
            Ok(d) => Ok(Arc::new(d)),
            Err(diagnostics) => {
                for d in diagnostics {
                    writeln!(io.err, "{d}")?;
                }
                Err(CliError::Invalid)
            }
        },
    }
}

fn card_json(l: &Location) -> serde_json::Value {
    json!({
        "name": l.name,
        "kind": l.kind.name(),
        "spaces": l.spaces.iter().map(|r| json!({"symbol": r.symbol.name(), "count": r.count})).collect::<Vec<_>>(),
        "needs": l.requirement(),
        "vp": l.vp,
        "nukes": l.nukes,
        "rule": l.rule.map(|r| r.to_string()),
        "rule_text": l.rule_words(),
    })
}

pub fn run(args: DiceGameArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    match args.what {
        What::Play {
            seats,
            difficulty,
            deck: file,
            seed,
        } => {
            let setup = DiceGameSetup {
                seats: DiceGameSetup::parse_seats(&seats)
                    .map_err(|e| CliError::Usage(format!("--seats: {e}")))?,
                difficulty: difficulty
                    .parse::<Difficulty>()
                    .map_err(|e| CliError::Usage(format!("--difficulty: {e}")))?,
                deck: deck(&file, io)?,
                seed: seed.unwrap_or_else(crate::table::setup::random_seed),
            };
            // Seats that name no player, or more than the deck deals for, are refused
            // before any window opens.
            setup.check().map_err(|e| CliError::Usage(e.to_string()))?;
            window::open(Window::DiceGame(Box::new(setup)), io)
        }
        What::Cards { file, json } => {
            let d = deck(&file, io)?;
            if json {
                let v = json!({
                    "name": d.name,
                    "difficulty": {"easy": d.difficulty.easy, "hard": d.difficulty.hard},
                    "locations": d.locations.iter().map(card_json).collect::<Vec<_>>(),
                });
                writeln!(io.out, "{v}")?;
                return Ok(());
            }
            writeln!(
                io.out,
                "{}: {} locations (plays 2 to {} players); difficulty card: {} Nukes easy, {} hard",
                d.name,
                d.locations.len(),
                d.max_players().min(dice_game::game::MAX_PLAYERS),
                d.difficulty.easy,
                d.difficulty.hard
            )?;
            for l in &d.locations {
                writeln!(
                    io.out,
                    "  {:<22} {:<8} needs {:<26} {:>2} VP  {} Nuke symbol{}{}",
                    l.name,
                    l.kind.name(),
                    l.needs(),
                    l.vp,
                    l.nukes,
                    if l.nukes == 1 { "" } else { "s" },
                    l.rule_words()
                        .map(|w| format!("  [{}] {w}", l.rule.map_or("", |r| r.name())))
                        .unwrap_or_default()
                )?;
            }
            Ok(())
        }
        What::Odds {
            card,
            symbols,
            from,
            deck: file,
            json,
        } => {
            let d = deck(&file, io)?;
            let Some(i) = d.find(&card) else {
                let names: Vec<&str> = d.locations.iter().map(|l| l.name.as_str()).collect();
                return Err(CliError::Usage(format!(
                    "no card \"{card}\" in the deck \"{}\"; its cards are {}",
                    d.name,
                    names.join(", ")
                )));
            };
            let l = &d.locations[i];
            if from >= l.requirement() {
                return Err(CliError::Usage(format!(
                    "--from {from}: {} has {} numbered spaces; a token covers 0 to {}",
                    l.name,
                    l.requirement(),
                    l.requirement() - 1
                )));
            }
            let s = Situation {
                card: l,
                from,
                kept: Tally::EMPTY,
                rolling: DICE,
                now: from,
                symbols,
                claimable: true,
            };
            let roll = next_roll(&s);
            let turn = to_the_end(&s);
            if json {
                let v = json!({
                    "card": l.name, "from": from, "symbols": symbols,
                    "first_roll": {"ways": roll.ways, "claim": roll.claim, "more": roll.more,
                                   "same": roll.same, "nuked": roll.nuked},
                    "rolling_on": {"claim": turn.claim, "nuked": turn.nuked,
                                   "ended": turn.ended, "ended_reach": turn.ended_reach},
                });
                writeln!(io.out, "{v}")?;
                return Ok(());
            }
            writeln!(
                io.out,
                "{} ({}, needs {}), token on {from}, {symbols} Nuke symbols in play",
                l.name,
                l.kind.name(),
                l.needs()
            )?;
            writeln!(
                io.out,
                "first roll, out of {} ways the ten dice fall:",
                roll.ways
            )?;
            for (what, n) in [
                ("claims it", roll.claim),
                ("matches more", roll.more),
                ("matches nothing more", roll.same),
                ("gets nuked", roll.nuked),
            ] {
                writeln!(
                    io.out,
                    "  {what:<21} {:>6.2}%  ({n} ways)",
                    100.0 * roll.p(n)
                )?;
            }
            writeln!(
                io.out,
                "rolling on every time: claims {:.2}%, nuked {:.2}%, ends without a claim {:.2}% \
                 (reaching space {:.2} on average)",
                100.0 * turn.claim,
                100.0 * turn.nuked,
                100.0 * turn.ended,
                turn.ended_reach
            )?;
            Ok(())
        }
        What::Table {
            players,
            games,
            seed,
            difficulty,
            deck: file,
            jobs,
            json,
        } => run_table(
            &TableArgs {
                players: &players,
                games,
                seed,
                difficulty: &difficulty,
                deck: &file,
                jobs,
                json,
            },
            io,
        ),
    }
}

/// What `dice-game table` plays; also `duel --game dice-game` and `arena --game dice-game`.
pub struct TableArgs<'a> {
    pub players: &'a [String],
    pub games: u32,
    pub seed: u64,
    pub difficulty: &'a str,
    pub deck: &'a Option<PathBuf>,
    pub jobs: usize,
    pub json: bool,
}

/// Plays a seeded table of 2 to 6 players, seats rotated, and prints each player's wins
/// with its Wilson interval.
pub fn run_table(t: &TableArgs<'_>, io: &mut Io<'_>) -> Result<(), CliError> {
    let difficulty: Difficulty = t
        .difficulty
        .parse()
        .map_err(|e: dice_game::error::UnknownDifficulty| CliError::Usage(e.to_string()))?;
    let d = deck(t.deck, io)?;
    dice_game::seats::check(t.players, &d, difficulty)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let config = TableConfig {
        deck: d,
        difficulty,
        games: t.games,
        seed: t.seed,
        jobs: t.jobs,
        max_decisions: 100_000,
    };
    let report =
        play_table(t.players, &config, |_| {}).map_err(|e| CliError::Usage(e.to_string()))?;
    if t.json {
        let v = json!({
            "game": "dice-game", "games": report.games, "seed": t.seed,
            "difficulty": difficulty.name(),
            "players": t.players.iter().enumerate().map(|(p, s)| {
                let (lo, hi) = report.interval(p);
                json!({"player": s, "wins": report.wins[p], "score": report.score(p),
                       "wilson95": [lo, hi], "mean_vp": report.mean_vp(p)})
            }).collect::<Vec<_>>(),
            "seat_wins": report.seat_wins,
            "failures": report.failures.len(),
        });
        writeln!(io.out, "{v}")?;
    } else {
        writeln!(
            io.out,
            "Mars Attacks: The Dice Game, {} players, {} games, seed {}, {} side, seats rotated",
            t.players.len(),
            report.games,
            t.seed,
            difficulty.name()
        )?;
        for (p, s) in t.players.iter().enumerate() {
            let (lo, hi) = report.interval(p);
            writeln!(
                io.out,
                "  {s:<14} {:>4} wins  {:.3} [{lo:.3}, {hi:.3}]  {:.2} VP a game",
                report.wins[p],
                report.score(p),
                report.mean_vp(p)
            )?;
        }
        writeln!(io.out, "  wins by seat: {:?}", report.seat_wins)?;
    }
    for f in &report.failures {
        writeln!(
            io.err,
            "error: game {} (game seed {}) failed: {}",
            f.0, f.1, f.2
        )?;
    }
    if report.failures.is_empty() {
        Ok(())
    } else {
        Err(CliError::Invalid)
    }
}
