//! The `mars-attacks` command line.
//!
//! One file per subcommand: each defines its clap `Args` and a `run` that writes to the
//! [`Io`] it is given, so a new subcommand is one file, one variant of [`Command`] and
//! one arm in [`run`].
//!
//! Exit codes:
//! - 0: success;
//! - 1: an input file is invalid (its diagnostics are printed to stderr), writing the
//!   output failed, or a command that opens a window found none to open (no display, or a
//!   build without the `gui` feature: [`window`]);
//! - 2: the command line itself is wrong (clap's own errors, an unknown square or
//!   profile, a missing value).
//!
//! Only this module depends on clap; the rules core never does.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::Path;

use clap::{Parser, Subcommand};

use crate::rules::scenario::Scenario;
use crate::rules::scenario_file::{self, Loaded};

pub mod analyse;
pub mod arena;
pub mod arena_dice;
pub mod arena_verify;
pub mod bench;
pub mod bot;
pub mod deck;
pub mod dice_game;
pub mod dice_ladder;
pub mod dice_perfect;
pub mod duel;
pub mod fit_evaluation;
pub mod host;
pub mod inputs;
pub mod join;
pub mod los;
pub mod martian_dice;
pub mod odds;
pub mod play;
pub mod position;
pub mod preview;
pub mod progress;
pub mod render;
pub mod replay;
pub mod report;
pub mod scenarios;
pub mod schema;
pub mod selfplay;
pub mod serve;
pub mod setup_sheet;
pub mod shard;
mod shard_error;
pub mod simulate;
pub mod steps;
pub mod strength;
pub mod takedown;
pub mod takedown_play;
pub mod train_prior;
pub mod train_value;
pub mod validate;
pub mod window;

/// A tactical skirmish engine for Mantic's Mars Attacks! miniatures rules.
#[derive(Parser, Debug)]
#[command(name = "mars-attacks", version, about, propagate_version = true)]
pub struct Cli {
    /// With no subcommand, `play` opens the table with its defaults.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the desktop table and play against the AI (the default).
    Play(play::PlayArgs),
    /// A seeded match between two players (random, greedy, flat, pimc, mcts[:level|:N]).
    #[command(override_usage = "mars-attacks duel [OPTIONS] FILE P Q\n       \
                                mars-attacks duel --game martian-dice [OPTIONS] P Q")]
    Duel(duel::DuelArgs),
    /// Many seeded AI-vs-AI games on scenarios, in parallel, recorded game by game.
    Arena(arena::ArenaArgs),
    /// Summarize arena results files as text, CSV and an HTML page with charts.
    Report(report::ReportArgs),
    /// Exact odds of a Shoot test or a Fight (R14-R16).
    Odds(odds::OddsArgs),
    /// Check scenario files and report every problem found.
    Validate(validate::ValidateArgs),
    /// The shipped scenarios: record their measured balance, write docs/scenarios.md.
    Scenarios(scenarios::ScenariosArgs),
    /// The scenario designer's window: the board redrawn on every save, with the file's
    /// problems, sight and walking from the square under the pointer, and a cover map.
    Preview(preview::PreviewArgs),
    /// Any scenario file's set-up as an SVG picture (as docs/scenarios.md draws the shelf).
    Render(render::RenderArgs),
    /// A scenario's set-up on a printable A4 page (SVG) for a game at a real table: the map
    /// with coordinates, zones and edges labelled, the labels for the models' bases, and
    /// with --seed the counters' squares of the game that seed starts.
    SetupSheet(setup_sheet::SetupSheetArgs),
    /// Print the JSON Schema of a file format (scenario, profiles, deck), for editors.
    Schema(schema::SchemaArgs),
    /// Print a deck file's cards: each card's number and two halves, and totals per half.
    Deck(deck::DeckArgs),
    /// Line of sight between squares of a scenario's map (R9).
    Los(los::LosArgs),
    /// The squares a model may step to from each square of a scenario's map (R4-R5).
    Steps(steps::StepsArgs),
    /// Play seeded games to the end, random against random or between two players, and
    /// print their logs.
    Simulate(simulate::SimulateArgs),
    /// The exact `decide` message a bot was sent at one decision of a recorded game
    /// (an arena run with --record-moves).
    Position(position::PositionArgs),
    /// A recorded game (an arena run with --record-moves) as text: each decision, its
    /// search's value and what it caused, then how the game ended.
    Replay(replay::ReplayArgs),
    /// Where a game was won and lost, for a side: its chance to win at the start, what its
    /// choices, the other side's and luck added, the end, and its costliest mistakes (a
    /// saved game, or a game of an arena run played with --record-moves).
    Analyse(analyse::AnalyseArgs),
    /// The rules as a forward model for bots: JSON requests on standard input (load,
    /// legal, apply, determinize, odds, state), one answer a line on standard output.
    Serve(serve::ServeArgs),
    /// Measure how fast the rules engine plays random games on one core.
    Bench(bench::BenchArgs),
    /// A built-in player (mcts:1000, greedy, a level) as a bot through the bot protocol on
    /// standard input and output, from what its side is told: any two builds meet in one
    /// arena with `exec:OTHER/mars-attacks bot SPEC`.
    Bot(bot::BotArgs),
    /// The strength record (docs/strength.md) from arena results: scores by budget and
    /// scenario, head to head, and the calibration of the search's values.
    Strength(strength::StrengthArgs),
    /// Self-play games on the scenarios, and the evaluation's weights fitted to their
    /// outcomes (written to data/evaluation.toml).
    FitEvaluation(fit_evaluation::FitEvaluationArgs),
    /// Self-play games for learning: every searched decision as its side saw it, with the
    /// search's visits and value and how the game ended, written a game at a time.
    #[command(name = "selfplay")]
    SelfPlay(selfplay::SelfPlayArgs),
    /// The value network trained on self-play files (written to data/value-net.bin), its
    /// held-out log-loss and Brier score beside the shipped logistic's.
    TrainValue(train_value::TrainValueArgs),
    /// PUCT's prior fitted to the search's visits in self-play files (written to
    /// data/prior.toml), its held-out cross-entropy beside greedy's softmax.
    TrainPrior(train_prior::TrainPriorArgs),
    /// Martian Dice, the push-your-luck game on the same search: its exact optimum,
    /// players measured against it, and duels.
    MartianDice(martian_dice::MartianDiceArgs),
    /// Mars Attacks: The Dice Game on the same search: its deck, exact odds, and seeded
    /// tables of 2 to 6 players.
    DiceGame(dice_game::DiceGameArgs),
    /// Host a game for tables on other machines: the host rolls every die and keeps both
    /// hands; each side a person who joins with its code, or an AI (docs/network.md).
    Host(host::HostArgs),
    /// Join a hosted game with a seat's code: the game as that seat may see it, its
    /// decisions typed (or played by --as SPEC).
    Join(join::JoinArgs),
    /// Mars Attacks: Ten-Minute Takedown at the table: `takedown play` opens the window on it
    /// (its matches are `duel --game takedown` and `arena --game takedown`).
    Takedown(takedown_play::TakedownArgs),
}

/// Where a subcommand writes: its normal output and its diagnostics.
pub struct Io<'a> {
    pub out: &'a mut dyn Write,
    pub err: &'a mut dyn Write,
}

/// Why a subcommand failed.
#[derive(Debug)]
pub enum CliError {
    /// The command line asked for something that does not exist or does not fit
    /// together; the message says what. Exit code 2.
    Usage(String),
    /// An input file was invalid; its diagnostics have already been printed. Exit code 1.
    Invalid,
    /// Writing the output failed. Exit code 1.
    Io(io::Error),
    /// A command that opens a window cannot open one here: no display answers, or this
    /// build has no desktop table; the message says which. Exit code 1.
    NoWindow(String),
    /// The output could not be written (a full disk, no permission); the message says
    /// where and what was left. Exit code 1.
    Output(String),
}

impl From<crate::staged::WriteError> for CliError {
    /// A path the command line named that may not be written (a device, a folder, a file
    /// of another kind, a folder that does not exist) is a usage error, exit code 2; a
    /// failure to write (a full disk, no permission, a folder that cannot be made) an
    /// output error, exit code 1.
    fn from(e: crate::staged::WriteError) -> CliError {
        let nothing = match &e {
            crate::staged::WriteError::Io { written, .. } if !written.is_empty() => "",
            _ => "; nothing was written",
        };
        if e.is_refusal() {
            CliError::Usage(format!("{e}{nothing}"))
        } else {
            CliError::Output(format!("{e}{nothing}"))
        }
    }
}

impl CliError {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Invalid | CliError::Io(_) | CliError::NoWindow(_) | CliError::Output(_) => 1,
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::Io(e)
    }
}

/// Run the command line of this process, printing to stdout and stderr; returns the
/// exit code.
pub fn main() -> i32 {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    // Standard error is not held locked: worker threads report progress on it (`duel
    // --progress` on several jobs), and would wait on the lock for ever.
    let mut err = io::stderr();
    let code = run_from(std::env::args_os(), &mut out, &mut err);
    let _ = out.flush();
    // No bot outlives the engine, whatever was under way when it finished (a window
    // closed during a program's decision).
    crate::bot::exec::process::end_all();
    code
}

/// Parse `args` (the program name first) and run the subcommand, writing to `out` and
/// `err`; returns the exit code. Never panics on user input.
///
/// ```
/// use mars_attacks::cli::run_from;
///
/// let scenario = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/whos-there.toml");
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let code = run_from(["mars-attacks", "validate", scenario], &mut out, &mut err);
/// assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
/// assert!(String::from_utf8(out).unwrap().contains("ok (Who's There?)"));
///
/// // A command line that is wrong is exit code 2, and clap's words on stderr.
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// assert_eq!(run_from(["mars-attacks", "no-such-command"], &mut out, &mut err), 2);
/// assert!(out.is_empty());
/// assert!(String::from_utf8(err).unwrap().contains("no-such-command"));
/// ```
pub fn run_from<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            // `--help` and `--version` are "errors" that go to stdout with code 0.
            let mut text = e.render().to_string();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            let _ = if e.use_stderr() {
                err.write_all(text.as_bytes())
            } else {
                out.write_all(text.as_bytes())
            };
            return e.exit_code();
        }
    };
    let mut io = Io { out, err };
    let command = cli
        .command
        .unwrap_or_else(|| Command::Play(play::PlayArgs::default()));
    match run(command, &mut io) {
        Ok(()) => 0,
        Err(e) => {
            match &e {
                CliError::Usage(msg) | CliError::NoWindow(msg) | CliError::Output(msg) => {
                    let _ = writeln!(io.err, "error: {msg}");
                }
                CliError::Invalid => {}
                // A reader that went away (`| head`) is not worth a message.
                CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
                CliError::Io(e) => {
                    let _ = writeln!(io.err, "error: cannot write the output: {e}");
                }
            }
            e.exit_code()
        }
    }
}

/// Run one parsed subcommand.
pub fn run(command: Command, io: &mut Io<'_>) -> Result<(), CliError> {
    command.check_inputs()?;
    match command {
        Command::Play(args) => play::run(args, io),
        Command::Duel(args) => duel::run(args, io),
        Command::Arena(args) => arena::run(args, io),
        Command::Report(args) => report::run(args, io),
        Command::Odds(args) => odds::run(args, io),
        Command::Validate(args) => validate::run(args, io),
        Command::Scenarios(args) => scenarios::run(args, io),
        Command::Preview(args) => preview::run(args, io),
        Command::Schema(args) => schema::run(args, io),
        Command::Deck(args) => deck::run(args, io),
        Command::Los(args) => los::run(args, io),
        Command::Host(args) => host::run(args, io),
        Command::Join(args) => join::run(args, io),
        Command::Steps(args) => steps::run(args, io),
        Command::Simulate(args) => simulate::run(args, io),
        Command::Position(args) => position::run(args, io),
        Command::Replay(args) => replay::run(args, io),
        Command::Analyse(args) => analyse::run(args, io),
        Command::Serve(args) => serve::run(args, io),
        Command::Render(args) => render::run(args, io),
        Command::SetupSheet(args) => setup_sheet::run(args, io),
        Command::Bench(args) => bench::run(args, io),
        Command::Bot(args) => bot::run(args, io),
        Command::FitEvaluation(args) => fit_evaluation::run(args, io),
        Command::SelfPlay(args) => selfplay::run(args, io),
        Command::TrainValue(args) => train_value::run(args, io),
        Command::TrainPrior(args) => train_prior::run(args, io),
        Command::Strength(args) => strength::run(args, io),
        Command::MartianDice(args) => martian_dice::run(args, io),
        Command::DiceGame(args) => dice_game::run(args, io),
        Command::Takedown(args) => takedown_play::run(args, io),
    }
}

/// Load a scenario for a subcommand that needs one: warnings and errors go to stderr;
/// a scenario that does not load is [`CliError::Invalid`].
pub fn load_scenario(path: &Path, io: &mut Io<'_>) -> Result<Scenario, CliError> {
    load_scenario_bytes(path, io).map(|(scenario, _)| scenario)
}

/// [`load_scenario`], also handing back the bytes read (the file is read once).
pub fn load_scenario_bytes(path: &Path, io: &mut Io<'_>) -> Result<(Scenario, Vec<u8>), CliError> {
    match scenario_file::load_scenario_with_bytes(path) {
        Ok((Loaded { scenario, warnings }, bytes)) => {
            for w in &warnings {
                writeln!(io.err, "{w}")?;
            }
            Ok((scenario, bytes))
        }
        Err(diagnostics) => {
            for d in &diagnostics {
                writeln!(io.err, "{d}")?;
            }
            writeln!(
                io.err,
                "error: {} does not load (see above)",
                path.display()
            )?;
            Err(CliError::Invalid)
        }
    }
}

/// Starts every program among `specs` once and checks that it answers the hello, for the
/// Humans at the start of a game of `scenario`, before any game is played: a program that
/// cannot play is refused (exit code 2) rather than forfeited game after game.
pub(crate) fn check_programs<'a>(
    specs: impl IntoIterator<Item = &'a crate::bot::PlayerSpec>,
    scenario: &std::sync::Arc<Scenario>,
) -> Result<(), CliError> {
    let mut checked = Vec::new();
    for spec in specs {
        let Some(bot) = spec.exec() else { continue };
        if checked.contains(&bot) {
            continue;
        }
        checked.push(bot);
        let g = crate::rules::GameState::new(scenario.clone(), &mut crate::rules::rng_from_seed(0));
        crate::bot::exec::check_hello(bot, &g, crate::rules::Side::Humans).map_err(|e| {
            CliError::Usage(format!(
                "`{}` cannot play, so no game was played: {e}",
                bot.bot()
            ))
        })?;
    }
    Ok(())
}

/// A side on the command line: `humans` or `martians`.
pub(crate) fn parse_side(s: &str) -> Result<crate::rules::Side, crate::rules::square::SideError> {
    s.parse()
}

/// A JSON string literal for `s`.
pub(crate) fn json_str(s: &str) -> String {
    serde_json::to_string(s).expect("a string always serializes")
}
