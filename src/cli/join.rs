//! `mars-attacks join ADDRESS CODE`: a table at a distance ([`net::remote_table`]) for the
//! seat whose code it holds, drawn as text from what that seat may see: the log as it
//! comes, and at each of its decisions the legal actions, one of which the person types
//! (its text as listed, or its number). `--as SPEC` plays the seat with a built-in player
//! from the same view instead (a bot that never sees more than the seat). A spectator's
//! code watches.

use std::io::BufRead;
use std::sync::mpsc;
use std::time::Duration;

use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use net::client::JoinAddress;
use net::code::JoinCode;
use net::remote_table::{JoinOptions, RemoteTable};
use rules::Action;
use skirmish_ai::bot::PlayerSpec;
use skirmish_ai::bot::game::Skirmish;

use super::{CliError, Io};

/// Arguments of `join`.
#[derive(Args, Debug)]
pub struct JoinArgs {
    /// The host's address, HOST:PORT (as `mars-attacks host` printed it).
    pub address: String,
    /// The seat's join code (or the spectators').
    pub code: String,
    /// Play the seat with this built-in player (mcts:normal, greedy...) from the seat's
    /// view, instead of reading the person's decisions from standard input.
    #[arg(long = "as", value_name = "SPEC", conflicts_with = "window")]
    pub play_as: Option<String>,
    /// Open the desktop table joined to the host, instead of the text table.
    #[arg(long)]
    pub window: bool,
}

pub fn run(args: JoinArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let address: JoinAddress = args
        .address
        .parse()
        .map_err(|e: net::client::AddressError| CliError::Usage(e.to_string()))?;
    let code: JoinCode = args
        .code
        .parse()
        .map_err(|e: net::code::CodeError| CliError::Usage(e.to_string()))?;
    if args.window {
        return super::window::open(super::window::Window::Join(address, code), io);
    }
    let mut player = match &args.play_as {
        Some(s) => {
            let spec: PlayerSpec = s
                .parse()
                .map_err(|e| CliError::Usage(format!("--as: {e}")))?;
            if spec.exec().is_some() || !spec.is_fair() {
                return Err(CliError::Usage(format!(
                    "--as takes a fair built-in player (mcts:normal, greedy...), not `{spec}`: \
                     join starts no program, and a table holds only what its seat may see"
                )));
            }
            Some(spec.build())
        }
        None => None,
    };
    let mut table = match RemoteTable::join(address, code, JoinOptions::default()) {
        Ok(t) => t,
        Err(e) => {
            writeln!(io.err, "error: {e}")?;
            return Err(CliError::Invalid);
        }
    };
    writeln!(io.out, "joined as {}", table.seat())?;
    // The person's lines, read on a thread of their own so the table keeps listening.
    let (lines_tx, lines) = mpsc::channel::<String>();
    if player.is_none() {
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if lines_tx.send(line).is_err() {
                    break;
                }
            }
        });
    }
    let mut rng = ChaCha8Rng::from_os_rng();
    let mut shown = 0;
    let mut asked = None;
    loop {
        table.poll();
        for entry in &table.log()[shown..] {
            let who = entry.by.map_or("".to_string(), |s| format!("{s}: "));
            if let Some(d) = &entry.decision {
                writeln!(io.out, "{who}{}", d.words)?;
            }
            for e in &entry.events {
                writeln!(io.out, "  {}", e.text)?;
            }
        }
        shown = table.log().len();
        if table.state().is_over() {
            writeln!(io.out, "the game is over")?;
            return Ok(());
        }
        if let Some(why) = table.broken() {
            writeln!(io.err, "error: the connection to the host is lost: {why}")?;
            return Err(CliError::Invalid);
        }
        if table.my_decision() && asked != Some(table.decision()) {
            asked = Some(table.decision());
            match &mut player {
                Some(p) => {
                    let game = Skirmish::new(table.state().clone());
                    if let Some(a) = p.choose(&game, &mut rng) {
                        let _ = table.play(a);
                    }
                }
                None => {
                    writeln!(io.out, "your decision:")?;
                    for (k, a) in table.legal().iter().enumerate() {
                        writeln!(io.out, "  {:>3}. {a}", k + 1)?;
                    }
                    io.out.flush()?;
                }
            }
        }
        if player.is_none() {
            if let Ok(line) = lines.recv_timeout(Duration::from_millis(50)) {
                match chosen(&line, table.legal()) {
                    Some(a) if table.my_decision() => {
                        if let Err(e) = table.play(a) {
                            writeln!(io.err, "refused: {e}")?;
                        }
                    }
                    Some(_) => writeln!(io.err, "it is not your decision")?,
                    None => writeln!(
                        io.err,
                        "`{}` is none of the actions listed: type its number or its text",
                        line.trim()
                    )?,
                }
            }
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The legal action a typed line names: its number in the list, or its text.
fn chosen(line: &str, legal: &[Action]) -> Option<Action> {
    let t = line.trim();
    if let Ok(k) = t.parse::<usize>() {
        return legal.get(k.checked_sub(1)?).copied();
    }
    let a = t.parse::<Action>().ok()?;
    legal.contains(&a).then_some(a)
}
