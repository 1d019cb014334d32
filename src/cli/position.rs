//! `mars-attacks position RESULTS ID --decision N [--side S] [--protocol V]`: the exact
//! `decide` message a program playing through the bot protocol was (or would have been)
//! sent at one point of a recorded game (an arena run with `--record-moves`), to debug a
//! bot on one position or to turn it into a regression test. The game is replayed from its
//! seeds and moves; the message is the one `exec:` players receive, with the events since
//! that side's previous decision.

use std::path::PathBuf;

use ai::Game;
use clap::Args;

use super::replay::{recorded_move, recorded_with_scenario};
use super::{CliError, Io};
use crate::bot::Skirmish;
use crate::bot::exec::message;
use crate::rules::{Side, rng_from_seed};

/// Arguments of `position`.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The results file of an arena run played with --record-moves.
    #[arg(value_name = "RESULTS")]
    pub results: PathBuf,
    /// The game's id (the `id` of its record, or of a report's games.csv).
    #[arg(value_name = "ID")]
    pub id: String,
    /// The position after this many decisions of the game (0: its first decision).
    #[arg(long, value_name = "N")]
    pub decision: u64,
    /// The side the message is for; it must be the side to decide there (the default).
    #[arg(long, value_parser = super::parse_side)]
    pub side: Option<Side>,
    /// The protocol version of the message (1 or 2).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=2))]
    pub protocol: u32,
    /// The message of a version 2 bot that asked for annotated legal actions.
    #[arg(long)]
    pub annotate: bool,
    /// The message of a version 2 bot that asked for snapshots (for `serve`).
    #[arg(long)]
    pub snapshot: bool,
}

/// Print the decide message.
pub fn run(args: PositionArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    if args.protocol < 2 && (args.annotate || args.snapshot) {
        return Err(CliError::Usage(
            "--annotate and --snapshot are protocol version 2's: drop --protocol 1".into(),
        ));
    }
    let fail = |io: &mut Io<'_>, e: String| -> Result<(), CliError> {
        writeln!(io.err, "error: {e}")?;
        Err(CliError::Invalid)
    };
    let (game, scenario) = recorded_with_scenario(&args.results, &args.id, io)?;
    if args.decision >= game.moves.len() as u64 {
        return fail(
            io,
            format!(
                "game `{}` has {} decisions (0 to {}); there is no decision {}",
                game.id,
                game.moves.len(),
                game.moves.len().saturating_sub(1),
                args.decision
            ),
        );
    }
    let mut state = Skirmish::start(scenario, &mut rng_from_seed(game.game_seed));
    let mut dice = rng_from_seed(game.dice_seed);
    let mut legal = Vec::new();
    // Each side's decisions so far and how much of the journal it has been told.
    let mut asked = [0u64; 2];
    let mut told = [0usize; 2];
    for (i, text) in game.moves.iter().enumerate() {
        let (side, action) = match recorded_move(&game, i, text, state.state()) {
            Ok(m) => m,
            Err(e) => return fail(io, e.to_string()),
        };
        let k = side.index();
        state.legal_actions(&mut legal);
        asked[k] += 1;
        let journal = state.journal().unwrap_or(&[]);
        if i as u64 == args.decision {
            if let Some(s) = args.side
                && s != side
            {
                return fail(
                    io,
                    format!(
                        "decision {i} of game `{}` is the {side}' to make, not the {s}'",
                        game.id
                    ),
                );
            }
            let since = journal.get(told[k]..).unwrap_or(&[]);
            let what = message::Asked {
                annotate: args.annotate,
                snapshot: args.snapshot,
                ..message::Asked::version(args.protocol)
            };
            let msg = message::decision_asked(state.state(), side, asked[k], since, &legal, what);
            writeln!(io.out, "{msg}")?;
            return Ok(());
        }
        told[k] = journal.len();
        state.apply(action, &mut dice);
    }
    fail(
        io,
        format!("no decision {} in game `{}`", args.decision, game.id),
    )
}
