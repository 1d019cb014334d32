//! `mars-attacks simulate FILE --seed N [--games N] [--players P Q] [--json]`: seeded games
//! played to the end, with each game's action log and result: random against random, or
//! any two players (`--players greedy mcts:1000`, the Humans' first), a program speaking
//! the bot protocol among them (`exec:python3 bot.py`), so a designer can read how a
//! scenario is won and a bot's author how the bot plays. The same seed prints the same log (R26; for
//! searches, with an iteration count rather than a level's time): game `i` uses seed
//! `N + i`.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use super::{CliError, Io, check_programs, json_str, load_scenario};
use crate::arena::Reason;
use crate::bot::game::JournalEntry;
use crate::bot::{BoxedPlayer, PlayerSpec, Skirmish, player_of};
use crate::limits;
use crate::rules::Side;
use crate::rules::state::Outcome;
use crate::rules::{Action, GameRng, GameState, Scenario};
use crate::sim::{GameEnd, describe, game_streamed_to_end, random_game_streamed};

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
    /// mcts:1000`), or a program speaking the bot protocol, exec:COMMAND
    /// (docs/bot-protocol.md). With iteration counts a seed gives the same game every time;
    /// a level thinks for a time, and its games may differ.
    #[arg(long, num_args = 2, value_names = ["HUMANS", "MARTIANS"])]
    pub players: Option<Vec<String>>,
}

/// The players of `--players`: built-in players, or programs speaking the bot protocol.
fn parse_players(texts: &[String]) -> Result<[PlayerSpec; 2], CliError> {
    let mut specs = Vec::new();
    for t in texts {
        let spec: PlayerSpec = t
            .parse()
            .map_err(|e: crate::bot::SpecError| CliError::Usage(e.to_string()))?;
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

/// How a game between players stopped early: the side whose player made no legal
/// decision, and why when its player says (a program's failure).
struct GaveUp {
    side: Side,
    why: Option<String>,
}

/// Plays game `seed` between `specs`, handing each decision to `on_action`; who gave up,
/// if a player made no legal decision. A program is told the game as it goes (the journal
/// of decisions its messages report) and its end.
fn players_game(
    scenario: &Arc<Scenario>,
    seed: u64,
    max_decisions: usize,
    specs: &[PlayerSpec; 2],
    mut on_action: impl FnMut(&GameState, Action, &[crate::rules::state::Event]) -> ControlFlow<()>,
) -> (GameEnd, Option<GaveUp>) {
    let mut players: [BoxedPlayer; 2] = [specs[0].build(), specs[1].build()];
    let mut rngs = [player_rng(seed, 0), player_rng(seed, 1)];
    // Only a program reads the journal; the built-in players decide from the position.
    let journal_kept = specs.iter().any(|s| s.exec().is_some());
    let journal = std::cell::RefCell::new(Vec::<JournalEntry>::new());
    let seen = |g: &GameState| -> Skirmish {
        let game = Skirmish::from(g.clone());
        if journal_kept {
            game.with_journal(journal.borrow().clone())
        } else {
            game
        }
    };
    let mut gave_up = None;
    let (end, last) = game_streamed_to_end(
        scenario,
        seed,
        max_decisions,
        |g, legal| {
            let side = g.to_move()?;
            let seat = player_of(side);
            let a = players[seat]
                .choose(&seen(g), &mut rngs[seat])
                .filter(|a| legal.contains(a));
            if a.is_none() {
                let why = players[seat].forfeit().map(|f| f.to_string());
                gave_up = Some(GaveUp { side, why });
            }
            a
        },
        |before, action, events| {
            if journal_kept {
                journal.borrow_mut().push(JournalEntry {
                    by: before.to_move().unwrap_or(Side::Humans),
                    action,
                    events: events.to_vec(),
                });
            }
            on_action(before, action, events)
        },
    );
    let last = seen(&last);
    for p in &mut players {
        p.game_over(&last);
    }
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
    if let Some(specs) = &specs {
        check_programs(specs.iter(), &scenario)?;
    }
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
        if let Some(GaveUp { side, why }) = gave_up {
            let why = why.map(|w| format!(": {w}")).unwrap_or_default();
            writeln!(
                io.err,
                "error: game {game}: the {}' player made no legal decision at decision {}{why}",
                side.title(),
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
