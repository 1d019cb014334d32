//! `mars-attacks replay RESULTS ID`: a recorded game (an arena run with `--record-moves`)
//! as text, the way `simulate` prints a game: each decision with its Round and side, the
//! value the search that made it gave it, and what it caused (every roll's dice among
//! them), then how the game ended: the result, and the decision that ended it with what
//! it caused (the key model killed and by what, the zone held, the VP that reached the
//! target). The game is played again from its seeds and moves, so it is the game the run
//! played.

use std::path::PathBuf;

use clap::Args;

use super::{CliError, Io};
use crate::arena::replay::recorded_game;
use crate::rules::scenario_file::load_scenario;
use crate::rules::state::Event;
use crate::rules::{Action, GameState, Side, rng_from_seed};
use crate::sim::describe;

/// Arguments of `replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The results file of an arena run played with --record-moves.
    #[arg(value_name = "RESULTS")]
    pub results: PathBuf,
    /// The game's id (the `id` of its record, or of a report's games.csv).
    #[arg(value_name = "ID")]
    pub id: String,
}

/// Print the game.
pub fn run(args: ReplayArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let fail = |io: &mut Io<'_>, e: String| -> Result<(), CliError> {
        writeln!(io.err, "error: {e}")?;
        Err(CliError::Invalid)
    };
    let game = match recorded_game(&args.results, &args.id) {
        Ok(g) => g,
        Err(e) => return fail(io, e.to_string()),
    };
    let scenario = match load_scenario(&game.scenario_path) {
        Ok(l) => std::sync::Arc::new(l.scenario),
        Err(d) => {
            let first = d.first().map(|d| d.to_string()).unwrap_or_default();
            return fail(
                io,
                format!("{} does not load: {first}", game.scenario_path.display()),
            );
        }
    };
    writeln!(
        io.out,
        "game {} (seeds {} and {}): {}, {} (Humans) against {} (Martians)",
        game.id, game.game_seed, game.dice_seed, scenario.name, game.humans, game.martians
    )?;
    let mut state = GameState::new(scenario, &mut rng_from_seed(game.game_seed));
    let mut dice = rng_from_seed(game.dice_seed);
    let mut legal = Vec::new();
    let mut last: Option<(String, Vec<String>)> = None;
    for (i, text) in game.moves.iter().enumerate() {
        let Some(side) = state.to_move() else {
            return fail(
                io,
                format!("game `{}` is over before decision {i}", game.id),
            );
        };
        state.legal_actions(&mut legal);
        let action = match text.parse::<Action>() {
            Ok(a) if legal.contains(&a) => a,
            _ => {
                return fail(
                    io,
                    format!(
                        "game `{}`: decision {i}, `{}`, is not legal in the replayed game: the \
                         results were written by another version of the rules",
                        game.id,
                        text.escape_debug()
                    ),
                );
            }
        };
        let value = game
            .values
            .iter()
            .find(|v| v.decision as usize == i)
            .map(|v| format!(" (its search's value {:.3})", v.value))
            .unwrap_or_default();
        let before = state.clone();
        let round = before.round();
        let mut events: Vec<Event> = Vec::new();
        state.apply_logged(action, &mut dice, &mut events);
        let head = format!("R{round} {side}: {action}{value}");
        let lines: Vec<String> = events.iter().map(|e| describe(&before, e)).collect();
        writeln!(io.out, "{head}")?;
        for l in &lines {
            writeln!(io.out, "    {l}")?;
        }
        last = Some((format!("decision {i}, {head}"), lines));
    }
    let g = &state;
    match g.outcome() {
        Some(o) => {
            writeln!(
                io.out,
                "result: {o}; VP humans {}, martians {}; {} rounds, {} decisions",
                g.vp(Side::Humans),
                g.vp(Side::Martians),
                g.round(),
                game.moves.len()
            )?;
            if let Some((head, lines)) = last {
                writeln!(io.out, "how it ended: {head}")?;
                for l in lines {
                    writeln!(io.out, "    {l}")?;
                }
            }
        }
        None => writeln!(
            io.out,
            "result: not finished after {} decisions (the record says why)",
            game.moves.len()
        )?,
    }
    Ok(())
}
