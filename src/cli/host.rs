//! `mars-attacks host --scenario FILE [--port N]`: a game hosted for tables on other
//! machines ([`net::host`]): the host rolls every die, deals every card and keeps both
//! hands; each side is a person at a table that joins with its code (`mars-attacks join
//! ADDRESS CODE`, from anywhere, this machine too) or an AI the host's person names. It
//! prints the address and the codes, the log of who came and went and what was refused,
//! and ends with the game.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use net::host::{DEFAULT_PORT, Host, HostConfig, HostOptions};
use net::protocol::Seat;
use net::seats::SeatPlan;
use rules::{BySide, Side};
use skirmish_ai::bot::PlayerSpec;

use super::{CliError, Io};

/// Arguments of `host`.
#[derive(Args, Debug)]
pub struct HostArgs {
    /// The scenario to play.
    #[arg(long, value_name = "FILE", required_unless_present = "resume")]
    pub scenario: Option<PathBuf>,
    /// Go on from a game this host saved (`--save`), with the same codes.
    #[arg(long, value_name = "SAVE", conflicts_with = "scenario")]
    pub resume: Option<PathBuf>,
    /// The port to listen on (0: any free one).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// Listen on this machine only (127.0.0.1), for tables on the same machine.
    #[arg(long)]
    pub local: bool,
    /// Who plays the Humans: `person` (a table that joins with the Humans' code) or an AI
    /// player spec (mcts:normal, greedy...).
    #[arg(long, default_value = "person", value_name = "WHO")]
    pub humans: String,
    /// Who plays the Martians: `person` or an AI player spec.
    #[arg(long, default_value = "person", value_name = "WHO")]
    pub martians: String,
    /// The game's seed (by default one from the operating system: a table that knew the
    /// seed would know the other hand).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Save the game here after every decision, to go on with --resume after a crash (a
    /// new file, or a saved game to replace).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// The AI that plays for a person away longer than the grace period (by default the
    /// game waits for them).
    #[arg(long, value_name = "SPEC")]
    pub stand_in: Option<String>,
    /// Allow the programs named as AI players (`exec:...`) to start.
    #[arg(long)]
    pub allow_programs: bool,
    /// The pause between two decisions of an AI seat, in milliseconds, so a person can
    /// follow them.
    #[arg(long, default_value_t = 250, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(0..=10_000))]
    pub pace: u64,
}

/// A side's seat as `--humans`/`--martians` give it.
fn seat_plan(side: Side, text: &str) -> Result<SeatPlan, CliError> {
    if text.trim().eq_ignore_ascii_case("person") {
        return Ok(SeatPlan::Person);
    }
    text.parse::<PlayerSpec>()
        .map(SeatPlan::Ai)
        .map_err(|e| CliError::Usage(format!("--{}: {e}", side.to_string().to_lowercase())))
}

pub fn run(args: HostArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let listen = SocketAddr::new(
        if args.local {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        } else {
            IpAddr::V4(Ipv4Addr::UNSPECIFIED)
        },
        args.port,
    );
    let stand_in = match &args.stand_in {
        Some(s) => Some(
            s.parse::<PlayerSpec>()
                .map_err(|e| CliError::Usage(format!("--stand-in: {e}")))?,
        ),
        None => None,
    };
    let err = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let notes = err.clone();
    let options = HostOptions {
        listen,
        stand_in,
        allow_programs: args.allow_programs,
        ai_delay: Duration::from_millis(args.pace),
        on_note: Some(std::sync::Arc::new(move |n| {
            if let Ok(mut v) = notes.lock() {
                v.push(n.to_string());
            }
        })),
        ..HostOptions::default()
    };
    if let Some(save) = &args.save {
        check_save(save)?;
    }
    let started = match (&args.resume, &args.scenario) {
        (Some(save), _) => Host::resume(save, options),
        (None, Some(scenario)) => {
            let seats = BySide::new(
                seat_plan(Side::Humans, &args.humans)?,
                seat_plan(Side::Martians, &args.martians)?,
            );
            Host::start(
                HostConfig {
                    scenario: scenario.clone(),
                    seed: args.seed,
                    seats,
                    save: args.save.clone(),
                },
                options,
            )
        }
        (None, None) => {
            return Err(CliError::Usage(
                "host needs --scenario FILE (or --resume SAVE)".into(),
            ));
        }
    };
    let host = match started {
        Ok(h) => h,
        Err(e) => {
            writeln!(io.err, "error: {e}")?;
            return Err(CliError::Invalid);
        }
    };
    writeln!(io.out, "hosting on {}", host.address())?;
    let codes = host.codes();
    for (seat, name) in [
        (Seat::Humans, "the Humans"),
        (Seat::Martians, "the Martians"),
    ] {
        match codes.of(seat) {
            Some(code) => writeln!(
                io.out,
                "  {name}: mars-attacks join ADDRESS:{} {code}",
                host.address().port()
            )?,
            None => writeln!(io.out, "  {name}: the AI")?,
        }
    }
    writeln!(
        io.out,
        "  a spectator: mars-attacks join ADDRESS:{} {}",
        host.address().port(),
        codes.spectator
    )?;
    writeln!(
        io.out,
        "  (ADDRESS: this machine's address on the network; {} on this machine)",
        host.local_address().ip()
    )?;
    io.out.flush()?;
    // The game runs on the host's threads; this one prints the log until the game ends.
    loop {
        let over = host.wait_until(Duration::from_millis(500), |s| s.outcome.is_some());
        let lines: Vec<String> = err
            .lock()
            .map(|mut v| v.drain(..).collect())
            .unwrap_or_default();
        for l in lines {
            writeln!(io.err, "{l}")?;
        }
        if over {
            break;
        }
    }
    let status = host.status();
    writeln!(
        io.out,
        "the game is over: {} (Humans {} VP, Martians {} VP)",
        status
            .outcome
            .map(|o| o.to_string())
            .unwrap_or_else(|| "ended".into()),
        status.vp[Side::Humans],
        status.vp[Side::Martians]
    )?;
    if let Some(e) = status.save_error {
        writeln!(io.err, "error: the last save failed: {e}")?;
    }
    host.stop();
    Ok(())
}

/// A save path the host may write: a new file, or a saved game (never a folder, a device
/// or a file of another kind).
fn check_save(path: &std::path::Path) -> Result<(), CliError> {
    match std::fs::symlink_metadata(path) {
        Err(_) => Ok(()),
        Ok(m)
            if m.is_file() && skirmish_table::table::session::Session::read_save(path).is_ok() =>
        {
            Ok(())
        }
        Ok(_) => Err(CliError::Usage(format!(
            "--save {}: it is there and is not a saved game: it is not replaced",
            path.display()
        ))),
    }
}
