//! `mars-attacks martian-dice ...`: the second game on the same search. `optimal` prints
//! the exact maximum expected score of a Turn and the policy that reaches it; `turns`
//! measures a player's mean score per Turn against it. Games to 25 between two players
//! are played by `duel --game martian-dice P Q`.

use clap::{Args, Subcommand};
use serde_json::json;

use martian_dice::optimal::Optimum;
use martian_dice::players::{TurnGame, mean_turn_score, player};

use super::window::{self, Window};
use super::{CliError, Io};
use martian_dice::table::DiceSetup;

#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct MartianDiceArgs {
    #[command(subcommand)]
    pub what: What,
}

#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum What {
    /// Play at the table against AI opponents (the window's Martian Dice mode).
    Play {
        /// Players in all, you first (2 to 8).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=8))]
        players: u8,
        /// The opponents: a level (beginner, easy, normal, hard, expert: the ladder, whose top
        /// plays perfectly), perfect, optimal, random, threshold:N, mcts:N.
        #[arg(long, default_value = "normal")]
        level: String,
        /// The dice seed (a fresh one when omitted).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// The exact maximum expected score of a Turn, and for every state between rolls
    /// whether to stop or roll on.
    Optimal {
        /// One JSON object instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// Martian Dice played to win: the first player's exact chance when both play to win,
    /// and `perfect`'s decision from any scores (--scores); --games measures it in games of
    /// more players.
    Perfect(super::dice_perfect::PerfectArgs),
    /// A player's mean score per Turn over many seeded Turns, with its 95% interval,
    /// against the exact optimum.
    Turns {
        /// optimal, threshold:N, random, or mcts[:easy|:normal|:hard|:N].
        #[arg(long, default_value = "mcts:1000")]
        player: String,
        /// Turns to play, 2 to 100000000. The default player takes about 2.5 ms a Turn
        /// on one core, so the default 100000 Turns take about 4 minutes; 10000 give an
        /// estimate three times wider in seconds.
        #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(2..=100_000_000))]
        turns: u64,
        /// Seed of the dice and of the player's choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

pub fn run(args: MartianDiceArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    match args.what {
        What::Play {
            players,
            level,
            seed,
        } => {
            let setup = DiceSetup {
                players: usize::from(players),
                level: level.trim().to_ascii_lowercase(),
                seed: seed.unwrap_or_else(crate::table::setup::random_seed),
            };
            // A level that names no player is refused before any window opens.
            setup.new_game().map_err(|e| CliError::Usage(e.into()))?;
            window::open(Window::MartianDice(setup), io)
        }
        What::Optimal { json } => {
            let o = Optimum::solve(martian_dice::dice::DICE);
            let rows = o.table();
            if json {
                let states: Vec<_> = rows
                    .iter()
                    .map(|(t, stop, roll)| {
                        json!({
                            "aside": {"tanks": t.0[0], "rays": t.0[1], "humans": t.0[2], "cows": t.0[3], "chickens": t.0[4]},
                            "stop": stop, "roll": roll,
                            "decision": if t.total() == 0 || roll > stop { "roll" } else { "stop" },
                        })
                    })
                    .collect();
                let v = json!({"dice": o.dice(), "expected_turn_score": o.expected_turn_score(), "states": states});
                writeln!(io.out, "{v}")?;
            } else {
                writeln!(
                    io.out,
                    "Martian Dice, {} dice: the best expected score of a Turn is {:.6}",
                    o.dice(),
                    o.expected_turn_score()
                )?;
                writeln!(
                    io.out,
                    "After each roll, take the face whose state below is worth most. Between rolls:"
                )?;
                writeln!(
                    io.out,
                    "tanks rays humans cows chickens    stop      roll  decision"
                )?;
                for (t, stop, roll) in &rows {
                    let d = if t.total() == 0 || roll > stop {
                        "roll"
                    } else {
                        "stop"
                    };
                    writeln!(
                        io.out,
                        "{:>5} {:>4} {:>6} {:>4} {:>8}  {:>6.3} {:>9.6}  {d}",
                        t.0[0], t.0[1], t.0[2], t.0[3], t.0[4], stop, roll
                    )?;
                }
            }
            Ok(())
        }
        What::Perfect(args) => super::dice_perfect::run(args, io),
        What::Turns {
            player: spec,
            turns,
            seed,
        } => {
            let mut p = player::<TurnGame>(&spec).map_err(|e| CliError::Usage(e.into()))?;
            let best = Optimum::solve(martian_dice::dice::DICE).expected_turn_score();
            let start = std::time::Instant::now();
            let s = mean_turn_score(&mut *p, turns, seed);
            let (mean, half) = (s.mean, s.half_width);
            writeln!(
                io.out,
                "{spec}: {mean:.4} points a Turn [{:.4}, {:.4}] over {turns} Turns (seed {seed}); \
                 the optimum is {best:.6}: {:.2}% [{:.2}%, {:.2}%] of it",
                mean - half,
                mean + half,
                100.0 * mean / best,
                100.0 * (mean - half) / best,
                100.0 * (mean + half) / best
            )?;
            let secs = start.elapsed().as_secs_f64();
            write!(io.out, "{} decisions in {secs:.1} s", s.decisions)?;
            if s.iterations > 0 {
                write!(
                    io.out,
                    ", {:.0} search iterations a decision",
                    s.iterations as f64 / s.decisions.max(1) as f64
                )?;
            }
            writeln!(io.out)?;
            writeln!(
                io.out,
                "{} of its decisions were worth less than the best; exactly, they cost {:.4} points a Turn: \
                 its expected score is {:.4}, {:.2}% of the optimum",
                s.mistakes,
                s.loss,
                best - s.loss,
                100.0 * (best - s.loss) / best
            )?;
            Ok(())
        }
    }
}
