//! `mars-attacks replay RESULTS ID`: a recorded game (an arena run with `--record-moves`)
//! as text, the way `simulate` prints a game: each decision with its Round and side, the
//! value the search that made it gave it, and what it caused (every roll's dice among
//! them), then how the game ended: the result, and the decision that ended it with what
//! it caused (the key model killed and by what, the zone held, the VP that reached the
//! target). The game is played again from its seeds and moves, so it is the game the run
//! played.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;

use super::{CliError, Io, load_scenario};
use crate::arena::replay::{RecordedGame, recorded_game};
use crate::rules::Scenario;
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
    let (game, scenario) = recorded_with_scenario(&args.results, &args.id, io)?;
    writeln!(
        io.out,
        "game {} (seeds {} and {}): {}, {} (Humans) against {} (Martians)",
        game.id, game.game_seed, game.dice_seed, scenario.name, game.humans, game.martians
    )?;
    let fail = |io: &mut Io<'_>, e: String| -> Result<(), CliError> {
        writeln!(io.err, "error: {e}")?;
        Err(CliError::Invalid)
    };
    let mut state = GameState::new(scenario, &mut rng_from_seed(game.game_seed));
    let mut dice = rng_from_seed(game.dice_seed);
    let mut last: Option<(String, Vec<String>)> = None;
    for (i, text) in game.moves.iter().enumerate() {
        let (side, action) = match recorded_move(&game, i, text, &state) {
            Ok(m) => m,
            Err(e) => return fail(io, e.to_string()),
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

/// Game `id` of the results file `results` and the scenario it was played on, loaded
/// (its warnings and problems said on stderr): what `replay`, `position` and `analyse`
/// play again.
pub(super) fn recorded_with_scenario(
    results: &Path,
    id: &str,
    io: &mut Io<'_>,
) -> Result<(RecordedGame, Arc<Scenario>), CliError> {
    let game = match recorded_game(results, id) {
        Ok(g) => g,
        Err(e) => {
            writeln!(io.err, "error: {e}")?;
            return Err(CliError::Invalid);
        }
    };
    let scenario = Arc::new(load_scenario(&game.scenario_path, io)?);
    Ok((game, scenario))
}

/// Why a recorded decision cannot be played in the game replayed from its seeds.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(super) enum RecordedMoveError {
    /// The game ended before the decision.
    #[error("game `{id}` is over before decision {decision}")]
    GameOver { id: String, decision: usize },
    /// The decision is not an action, or not a legal one there.
    #[error(
        "game `{id}`: decision {decision}, `{}`, is not legal in the replayed game: the \
         results were written by another version of the rules",
        text.escape_debug()
    )]
    NotLegal {
        id: String,
        decision: usize,
        text: String,
    },
}

/// Decision `i` of the recorded `game`, written `text`, in the replayed position `g`: the
/// side that makes it and the action, or why it cannot be played there.
pub(super) fn recorded_move(
    game: &RecordedGame,
    i: usize,
    text: &str,
    g: &GameState,
) -> Result<(Side, Action), RecordedMoveError> {
    let Some(side) = g.to_move() else {
        return Err(RecordedMoveError::GameOver {
            id: game.id.clone(),
            decision: i,
        });
    };
    match text.parse::<Action>() {
        Ok(a) if g.check(a).is_ok() => Ok((side, a)),
        _ => Err(RecordedMoveError::NotLegal {
            id: game.id.clone(),
            decision: i,
            text: text.to_string(),
        }),
    }
}
