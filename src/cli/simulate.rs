//! `mars-attacks simulate FILE --seed N [--games N] [--players P Q] [--json]`: seeded games
//! played to the end, with each game's action log and result: random against random, or
//! any two built-in players (`--players greedy mcts:1000`, the Humans' first), so a
//! designer can read how a scenario is won. The same seed prints the same log (R26; for
//! searches, with an iteration count rather than a level's time): game `i` uses seed
//! `N + i`.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use super::{CliError, Io, json_str, load_scenario};
use crate::arena::Reason;
use crate::bot::{BoxedPlayer, PlayerSpec, Skirmish, player_of};
use crate::limits;
use crate::rules::Side;
use crate::rules::state::Outcome;
use crate::rules::{Action, GameRng, GameState, Scenario};
use crate::sim::{GameEnd, describe, game_streamed, random_game_streamed};

/// Arguments of `simulate`.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// The scenario file to play.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = limits::parse_games,
          help = limits::games_help("How many games to play"))]
    pub games: u32,
    /// One JSON object per line: one per action, then one with the game's result.
    #[arg(long)]
    pub json: bool,
    #[arg(long, default_value_t = 20_000, value_name = "N",
          value_parser = limits::parse_max_decisions, help = limits::max_decisions_help())]
    pub max_decisions: u64,
    /// The players, the Humans' first: random (the default), greedy, or flat, pimc or mcts
    /// with an optional :easy, :normal, :hard or :N iterations (`--players greedy
    /// mcts:1000`). With iteration counts a seed gives the same game every time; a level
    /// thinks for a time, and its games may differ.
    #[arg(long, num_args = 2, value_names = ["HUMANS", "MARTIANS"])]
    pub players: Option<Vec<String>>,
}

/// The players of `--players`, checked: built-in players only.
fn parse_players(texts: &[String]) -> Result<[PlayerSpec; 2], CliError> {
    let mut specs = Vec::new();
    for t in texts {
        let spec: PlayerSpec = t
            .parse()
            .map_err(|e: crate::bot::SpecError| CliError::Usage(e.to_string()))?;
        if spec.exec().is_some() {
            return Err(CliError::Usage(format!(
                "simulate plays the built-in players; `{}` is a program: play it with duel \
                 or arena (arena --record-moves keeps its games' moves for play --replay)",
                t.escape_debug()
            )));
        }
        specs.push(spec);
    }
    match specs[..] {
        [h, m] => Ok([h, m]),
        _ => Err(CliError::Usage(
            "--players takes two players: the Humans' and the Martians'".into(),
        )),
    }
}

/// The generator of the player in `seat` in game `seed`: stream `2 + seat` of the seed,
/// apart from the dice (0) and the random players' draws (1).
fn player_rng(seed: u64, seat: usize) -> GameRng {
    let mut r = crate::rules::rng_from_seed(seed);
    r.set_stream(2 + seat as u64);
    r
}

/// Plays game `seed` between `specs`, handing each decision to `on_action`; the side whose
/// player made no legal decision, if one gave up.
fn players_game(
    scenario: &Arc<Scenario>,
    seed: u64,
    max_decisions: usize,
    specs: &[PlayerSpec; 2],
    on_action: impl FnMut(&GameState, Action, &[crate::rules::state::Event]) -> ControlFlow<()>,
) -> (GameEnd, Option<Side>) {
    let mut players: [BoxedPlayer; 2] = [specs[0].build(), specs[1].build()];
    let mut rngs = [player_rng(seed, 0), player_rng(seed, 1)];
    let mut gave_up = None;
    let end = game_streamed(
        scenario,
        seed,
        max_decisions,
        |g, legal| {
            let side = g.to_move()?;
            let seat = player_of(side);
            let a = players[seat]
                .choose(&Skirmish::from(g.clone()), &mut rngs[seat])
                .filter(|a| legal.contains(a));
            if a.is_none() {
                gave_up = Some(side);
            }
            a
        },
        on_action,
    );
    (end, gave_up)
}

/// The winner and the reason, named as arena results name them ([`Reason::name`]).
fn winner(o: Option<Outcome>) -> (Option<Side>, &'static str) {
    match o {
        Some(Outcome::Win(s, why)) => (Some(s), Reason::of_win(why).name()),
        Some(Outcome::Draw) => (None, Reason::Draw.name()),
        None => (None, "runaway_guard"),
    }
}

/// Play the games and print their logs. Each line is written as its decision is made,
/// so a long game needs no more memory than a short one.
pub fn run(args: SimulateArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let specs = args.players.as_deref().map(parse_players).transpose()?;
    let scenario = Arc::new(load_scenario(&args.file, io)?);
    let mut failures = 0u32;
    let max_decisions = usize::try_from(args.max_decisions).unwrap_or(usize::MAX);
    for i in 0..args.games {
        let game = u64::from(i) + 1;
        let seed = args.seed.wrapping_add(u64::from(i));
        if !args.json {
            match &specs {
                Some([h, m]) => writeln!(
                    io.out,
                    "game {game} (seed {seed}): {}, {h} (Humans) against {m} (Martians)",
                    scenario.name
                )?,
                None => writeln!(io.out, "game {game} (seed {seed}): {}", scenario.name)?,
            }
        }
        let mut written: Result<(), std::io::Error> = Ok(());
        let mut n = 0usize;
        let out = &mut *io.out;
        let on_action = |before: &GameState,
                         action: Action,
                         events: &[crate::rules::state::Event]| {
            let side = before.to_move().map(|s| s.name()).unwrap_or("-");
            written = if args.json {
                let evs: Vec<String> = events
                    .iter()
                    .map(|e| json_str(&describe(before, e)))
                    .collect();
                writeln!(
                    out,
                    "{{\"game\": {game}, \"seed\": {seed}, \"n\": {n}, \"round\": {}, \"side\": {}, \"action\": {}, \"events\": [{}]}}",
                    before.round(),
                    json_str(side),
                    json_str(&action.to_string()),
                    evs.join(", ")
                )
            } else {
                writeln!(out, "R{} {side}: {action}", before.round()).and_then(|()| {
                    events
                        .iter()
                        .try_for_each(|e| writeln!(out, "    {}", describe(before, e)))
                })
            };
            n += 1;
            if written.is_err() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let (end, gave_up) = match &specs {
            Some(specs) => players_game(&scenario, seed, max_decisions, specs, on_action),
            None => (
                random_game_streamed(&scenario, seed, max_decisions, on_action),
                None,
            ),
        };
        written?;
        if let Some(side) = gave_up {
            writeln!(
                io.err,
                "error: game {game}: the {side}' player made no legal decision at decision {}",
                end.decisions + 1
            )?;
            return Err(CliError::Invalid);
        }
        if end.outcome.is_none() {
            failures += 1;
        }
        let (win, reason) = winner(end.outcome);
        let [vh, vm] = end.vp;
        if args.json {
            writeln!(
                io.out,
                "{{\"game\": {game}, \"seed\": {seed}, \"result\": {}, \"winner\": {}, \"reason\": {}, \"vp\": {{\"humans\": {vh}, \"martians\": {vm}}}, \"rounds\": {}, \"decisions\": {}}}",
                json_str(
                    &end.outcome
                        .map(|o| o.to_string())
                        .unwrap_or_else(|| "stopped by the runaway guard".into())
                ),
                win.map(|s| json_str(s.name()))
                    .unwrap_or_else(|| "null".into()),
                json_str(reason),
                end.rounds,
                end.decisions
            )?;
        } else {
            let result = match end.outcome {
                Some(o) => o.to_string(),
                None => format!(
                    "FAILED: stopped by the runaway guard, still going after {} decisions",
                    args.max_decisions
                ),
            };
            writeln!(
                io.out,
                "result: {result}; VP humans {vh}, martians {vm}; {} rounds, {} decisions\n",
                end.rounds, end.decisions
            )?;
        }
    }
    if failures > 0 {
        writeln!(
            io.err,
            "error: {failures} game(s) stopped by the runaway guard"
        )?;
        return Err(CliError::Invalid);
    }
    Ok(())
}
