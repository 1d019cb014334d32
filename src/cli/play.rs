//! `play`: open the desktop table (the default when no subcommand is given). The options
//! and files are checked here, without a window; [`super::window`] opens it.

use std::path::PathBuf;

use clap::Args;

use super::window::{self, Window};
use super::{CliError, Io};
use crate::rules::{BySide, Side};
use crate::table::rolls::{Roller, TableRollers};
use crate::table::session::Session;
use crate::table::setup::{ai_spec_for_level, load_scenario_text};

#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct PlayArgs {
    /// The scenario file (a saved game names its own).
    #[arg(
        long,
        value_name = "FILE",
        default_value = "scenarios/whos-there.toml",
        conflicts_with = "load"
    )]
    pub scenario: PathBuf,
    /// The side you play; the AI plays the other (a saved game says who plays).
    #[arg(long, default_value = "humans", value_parser = super::parse_side, conflicts_with = "load")]
    pub side: Side,
    /// The AI's strength: beginner, easy, normal, hard or expert (or a player such as random or greedy, or a
    /// program speaking the bot protocol: exec:COMMAND, docs/bot-protocol.md).
    #[arg(long, default_value = "normal", conflicts_with = "load")]
    pub level: String,
    /// The dice seed (a fresh one when omitted); the same seed gives the same dice (a
    /// saved game has its own).
    #[arg(long, conflicts_with = "load")]
    pub seed: Option<u64>,
    /// Open a saved game (JSON written by the table's Save) and play on from its end.
    #[arg(long, value_name = "SAVE")]
    pub load: Option<PathBuf>,
    /// Open the New game window first: the shipped scenarios with their maps and
    /// briefings, or any scenario file, and who plays.
    #[arg(long)]
    pub choose: bool,
    /// Let the programs the saved game names (exec:COMMAND players) start without being
    /// asked at the table. Without it the table shows each program's command and starts
    /// it only when you allow it; nothing a file says starts a program on its own.
    #[arg(long, requires = "load")]
    pub allow_exec: bool,
    /// Step through a game of an arena run played with --record-moves: the results file
    /// and the game's id (the `id` column of a report's games.csv). Both sides are yours
    /// at the table; nothing the file names is started.
    #[arg(long, num_args = 2, value_names = ["RESULTS", "ID"],
          conflicts_with_all = ["load", "scenario", "side", "level", "seed", "choose"])]
    pub replay: Option<Vec<String>>,
    /// Play at a real table, with your miniatures and dice: the program keeps the rules,
    /// the cards and the hidden counters, decides for the AI's side and shows its moves as
    /// steps to make on the table (docs/companion.md).
    #[arg(long, conflicts_with_all = ["replay", "load"])]
    pub companion: bool,
    /// At a real table: who rolls your dice, `table` (you roll and type the faces) or
    /// `program`.
    #[arg(
        long,
        value_name = "WHO",
        default_value = "table",
        requires = "companion"
    )]
    pub your_dice: Roller,
    /// At a real table: who rolls the AI's dice, `program` or `table` (you roll them too).
    #[arg(
        long,
        value_name = "WHO",
        default_value = "program",
        requires = "companion"
    )]
    pub ai_dice: Roller,
    /// At a real table: who rolls the counters' squares at set-up, `program` (it says
    /// where each goes) or `table` (you roll a die for the row and one for the column).
    #[arg(
        long,
        value_name = "WHO",
        default_value = "program",
        requires = "companion"
    )]
    pub counters: Roller,
}

impl PlayArgs {
    /// At a real table, who rolls: your dice as `--your-dice` says, the AI's as
    /// `--ai-dice` says, the counters' squares as `--counters` says.
    pub fn rollers(&self) -> TableRollers {
        let mut dice = BySide::new(self.ai_dice, self.ai_dice);
        dice[self.side] = self.your_dice;
        TableRollers {
            dice,
            counters: self.counters,
        }
    }
}

impl Default for PlayArgs {
    /// `play` with no options: the defaults `--help` shows (what no subcommand runs).
    fn default() -> Self {
        use clap::FromArgMatches;
        let matches = PlayArgs::augment_args(clap::Command::new("play"))
            .try_get_matches_from(["play"])
            .expect("every option of play has a default or may be left out");
        PlayArgs::from_arg_matches(&matches).expect("the matches are play's own")
    }
}

pub fn run(args: PlayArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let level = match ai_spec_for_level(&args.level) {
        Err(e) => {
            return Err(CliError::Usage(format!(
                "`{}` is not a level: expected beginner, easy, normal, hard or expert ({e})",
                args.level.escape_debug()
            )));
        }
        Ok(spec) if !spec.is_fair() => {
            return Err(CliError::Usage(format!(
                "`{}` sees the other side's hidden cards; play against a fair AI level \
                 (beginner, easy, normal, hard, expert) or player (random, greedy, flat, pimc, mcts)",
                args.level.escape_debug()
            )));
        }
        Ok(spec) => spec,
    };
    let level_bot = level.exec().filter(|_| args.load.is_none());
    // A recorded game: found, its scenario checked and its moves replayed before any
    // window opens, so a game that cannot be watched says why on the command line.
    let replay = match args.replay.as_deref() {
        Some([results, id]) => {
            let game = crate::arena::replay::recorded_game(std::path::Path::new(results), id)
                .map_err(|e| e.to_string())
                .and_then(|g| {
                    Session::replay_recorded(&g)
                        .map(|_| g)
                        .map_err(|e| e.to_string())
                });
            match game {
                Ok(g) => Some(g),
                Err(e) => {
                    writeln!(io.err, "error: {e}")?;
                    return Err(CliError::Invalid);
                }
            }
        }
        Some(_) => {
            return Err(CliError::Usage(
                "--replay takes two values: the results file and the game's id".into(),
            ));
        }
        None => None,
    };
    if let Some(load) = &args.load
        && (!load.exists() || load.is_dir())
    {
        return Err(CliError::Usage(format!(
            "{}: no such saved game{}",
            load.display(),
            if load.is_dir() {
                " (it is a folder)"
            } else {
                ""
            }
        )));
    }
    if args.load.is_none() && replay.is_none() && !args.scenario.exists() {
        return Err(CliError::Usage(format!(
            "{}: no such scenario file (a relative path is read from the current folder, \
             {}: run from the repository's folder or pass --scenario FILE)",
            args.scenario.display(),
            std::env::current_dir()
                .map(|d| d.display().to_string())
                .unwrap_or_else(|_| "unknown".into())
        )));
    }
    // The files first, so that a file that does not load says so with or without a
    // display (no program starts here: a saved game's are only read).
    let files = match (&args.load, &replay) {
        (_, Some(_)) => Ok(()),
        (Some(load), None) => Session::load(load).map(drop).map_err(|e| e.to_string()),
        (None, None) => load_scenario_text(&args.scenario)
            .map(drop)
            .map_err(|e| e.to_string()),
    };
    if let Err(e) = files {
        writeln!(io.err, "error: {e}")?;
        return Err(CliError::Invalid);
    }
    window::open(
        Window::Table {
            args,
            level,
            program: level_bot,
            replay,
        },
        io,
    )
}

#[cfg(test)]
mod tests {
    use super::super::run_from;

    fn code(args: &[&str]) -> (i32, String) {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let c = run_from(args.iter().copied(), &mut out, &mut err);
        (c, String::from_utf8_lossy(&err).into_owned())
    }

    #[test]
    fn a_bad_level_or_side_is_a_usage_error_before_any_window_opens() {
        let (c, e) = code(&["mars-attacks", "play", "--level", "silly"]);
        assert_eq!(c, 2, "{e}");
        assert!(e.contains("not a level"), "{e}");
        let (c, e) = code(&["mars-attacks", "play", "--side", "aliens"]);
        assert_eq!(c, 2, "{e}");
        let (c, _) = code(&["mars-attacks", "play", "--seed", "x"]);
        assert_eq!(c, 2);
        // The oracle sees the player's hand: never an opponent at the table.
        let (c, e) = code(&["mars-attacks", "play", "--level", "oracle:hard"]);
        assert_eq!(c, 2, "{e}");
        assert!(e.contains("hidden cards"), "{e}");
        // A program that does not answer the hello is refused before the window opens;
        // without a display it is never started at all.
        let bot = format!(
            "exec:python3 {}/tests/fixtures/bots/failing_bot.py no-hello",
            env!("CARGO_MANIFEST_DIR")
        );
        let (c, e) = code(&["mars-attacks", "play", "--level", &bot]);
        match super::super::window::check() {
            Ok(()) => {
                assert_eq!(c, 2, "{e}");
                assert!(e.contains("will not play"), "{e}");
                assert!(e.contains("giving up before the hello"), "{e}");
            }
            // No display, or a build without the table: said before the program starts.
            Err(why) => {
                assert_eq!(c, 1, "{e}");
                assert!(e.contains(&why.to_string()), "{e}");
                assert!(!e.contains("giving up before the hello"), "{e}");
            }
        }
        assert!(crate::table::brain::make_brain("oracle:20".parse().unwrap()).is_err());
        assert!(crate::table::brain::make_brain("mcts:20".parse().unwrap()).is_ok());
    }

    #[test]
    fn no_subcommand_plays_with_the_defaults_help_shows() {
        let d = super::PlayArgs::default();
        assert_eq!(
            d.scenario,
            std::path::Path::new("scenarios/whos-there.toml")
        );
        assert_eq!(d.side, crate::rules::Side::Humans);
        assert_eq!(d.level, "normal");
        assert_eq!(
            (d.seed, &d.load, d.choose, d.allow_exec),
            (None, &None, false, false)
        );
        assert_eq!(d.replay, None);
    }

    #[test]
    fn play_help_lists_its_options() {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let c = run_from(["mars-attacks", "play", "--help"], &mut out, &mut err);
        assert_eq!(c, 0);
        let text = String::from_utf8_lossy(&out);
        for opt in ["--scenario", "--side", "--level", "--seed", "--load"] {
            assert!(text.contains(opt), "{opt} in {text}");
        }
    }
}
