//! `mars-attacks bot SPEC`: a built-in player (`mcts:1000`, `greedy`, a level) as a bot
//! through the bot protocol on standard input and output, so that any two builds of the
//! program can meet in one arena (`arena --players "exec:OLD/mars-attacks bot mcts:1000"
//! ...`), as chess engines are tested against their previous versions.
//!
//! It speaks version 2 and asks for the `game` message and each decision's snapshot: the
//! position is loaded from what its side is told, the other hand dealt afresh from its own
//! generator (seeded by the hello's `seed`), so the player decides from what its side may
//! see and nothing more. It asks to be kept between the games of a run (`new_game`).

use std::io::BufRead;
use std::sync::Arc;

use ai::Player;
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use super::{CliError, Io};
use crate::bot::exec::snapshot::load_snapshot;
use crate::bot::exec::statics::GameInfo;
use crate::bot::{PlayerSpec, Skirmish};
use crate::rules::scenario::Scenario;

/// The longest line read from the engine, in bytes (a `game` message is about 100 KiB).
const MAX_LINE: u64 = 16 << 20;

/// Arguments of `bot`.
#[derive(Args, Debug)]
pub struct BotArgs {
    /// The player: random, greedy, flat, pimc or mcts with a level or an iteration count
    /// (mcts:1000, mcts:hard), as `duel` names them; not a program, and not `oracle`.
    #[arg(value_name = "SPEC")]
    pub spec: String,
}

/// One game as the bot sees it.
struct Game {
    scenario: Option<Arc<Scenario>>,
    /// The player's own generator, and the one that deals the other hand.
    choices: ChaCha8Rng,
    deals: ChaCha8Rng,
    player: crate::bot::BoxedPlayer,
}

impl Game {
    fn new(spec: &PlayerSpec, seed: u64) -> Game {
        Game {
            scenario: None,
            choices: ChaCha8Rng::seed_from_u64(seed),
            deals: ChaCha8Rng::seed_from_u64(seed ^ 0x005E_ED0F_DEA1),
            player: spec.build(),
        }
    }
}

pub fn run(args: BotArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let spec: PlayerSpec = args
        .spec
        .parse()
        .map_err(|e| CliError::Usage(format!("{e}")))?;
    if spec.exec().is_some() || !spec.is_fair() {
        return Err(CliError::Usage(format!(
            "`{}`: bot plays a built-in fair player (random, greedy, flat, pimc, mcts)",
            args.spec
        )));
    }
    let stdin = std::io::stdin();
    serve_bot(&spec, &mut stdin.lock(), io)
}

/// Plays `spec` through the bot protocol: messages on `input`, answers on `io.out`.
pub fn serve_bot(
    spec: &PlayerSpec,
    input: &mut dyn BufRead,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let hello = json!({"type": "hello", "name": format!("mars-attacks {spec}"), "protocol": 2,
                       "snapshot": true, "new_game": true});
    let mut game: Option<Game> = None;
    let mut line = String::new();
    loop {
        line.clear();
        let n = std::io::Read::take(&mut *input, MAX_LINE).read_line(&mut line)?;
        if n == 0 {
            return Ok(());
        }
        let Ok(msg) = serde_json::from_str::<Value>(line.trim()) else {
            writeln!(io.err, "bot: a line that is not JSON was ignored")?;
            continue;
        };
        match msg["type"].as_str() {
            Some("hello") | Some("new_game") => {
                let seed = msg["seed"].as_u64().unwrap_or(0);
                game = Some(Game::new(spec, seed));
                answer(io, &hello)?;
            }
            Some("game") => {
                let scenario = serde_json::from_value::<GameInfo>(msg["game"].clone())
                    .map_err(|e| e.to_string())
                    .and_then(|info| info.to_scenario().map_err(|e| e.to_string()));
                match (&mut game, scenario) {
                    (Some(g), Ok(s)) => g.scenario = Some(Arc::new(s)),
                    (_, Err(e)) => writeln!(io.err, "bot: the game message does not read: {e}")?,
                    (None, Ok(_)) => writeln!(io.err, "bot: a game message before the hello")?,
                }
            }
            Some("decide") => {
                let action = game.as_mut().and_then(|g| decide(g, &msg, io));
                match action {
                    Some(a) => answer(io, &json!({"action": a}))?,
                    // Nothing it could decide: the first legal action, so the game goes on.
                    None => {
                        let first = msg["legal"][0].as_str().unwrap_or("done").to_string();
                        answer(io, &json!({"action": first}))?;
                    }
                }
            }
            _ => {}
        }
    }
}

/// The player's decision at `msg`, from the position its snapshot holds.
fn decide(g: &mut Game, msg: &Value, io: &mut Io<'_>) -> Option<String> {
    let scenario = g.scenario.clone()?;
    let snapshot = msg["snapshot"].as_str()?;
    let (state, _) = match load_snapshot(scenario, snapshot, &mut g.deals) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(io.err, "bot: the snapshot does not load: {e}");
            return None;
        }
    };
    let game = Skirmish::new(state);
    g.player
        .choose(&game, &mut g.choices)
        .map(|a| a.to_string())
}

fn answer(io: &mut Io<'_>, v: &Value) -> Result<(), CliError> {
    writeln!(io.out, "{v}")?;
    io.out.flush()?;
    Ok(())
}
