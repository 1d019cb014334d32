//! The host: runs the game, rolls every die, deals every card and keeps both hands, and
//! serves the tables over WebSocket. [`Host::start`] begins a game of a scenario file
//! and [`Host::resume`] goes on with one from its save; either listens on the address
//! given, and hands out a join code for each side a person plays and one for
//! spectators ([`Host::codes`]). The game runs on a thread of its own
//! (`host/game.rs`); the connections on a tokio runtime the host owns
//! (`host/conn.rs`). Dropping the host, or [`Host::stop`], says goodbye to every table
//! and ends both.
//!
//! A seat is a person's or the AI's ([`SeatPlan`]); a person at the host's own machine
//! joins like anyone else, over loopback ([`Host::local_address`]). A table's decision
//! is checked (the right seat, the position it was made on, legal) and refused with a
//! reason otherwise, never changing the game. After every change the game is saved to
//! the file named, never half-written, with the codes in a seats file beside it
//! ([`crate::seats`]).

mod conn;
mod game;

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener as StdListener};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rand::TryRngCore;
use tokio::runtime::Runtime;
use tokio::sync::watch;

use rules::scenario_file::{parse_scenario_bytes, read_scenario_bytes};
use rules::state::Outcome;
use rules::{BySide, Side};
use skirmish_ai::bot::PlayerSpec;
use skirmish_table::table::brain::{Unplayable, check_ai};
use skirmish_table::table::error::SessionError;
use skirmish_table::table::save::SaveError;
use skirmish_table::table::session::Session;
use skirmish_table::table::setup::{Controller, GameSetup as TableSetup, ScenarioError};
use skirmish_table::table::windows::WINDOW_HOLD;

use crate::code::{CodeSource, CodeSourceError};
use crate::limits::Limits;
use crate::notes::{HostNote, NoteKind, NoteSink, Notes};
use crate::protocol::{DecisionNumber, ScenarioText, SeatState, SeatsStatus};
use crate::seats::{
    SeatCodes, SeatPlan, SeatsFileError, read_seats_file, seats_file_path, write_seats_file,
};
use crate::view::Filter;

use conn::Shared;
use game::{Command, Game, GameSetup};

/// The port a host listens on when the person names none.
pub const DEFAULT_PORT: u16 = 4713;

/// The game a host runs.
#[derive(Clone, Debug)]
pub struct HostConfig {
    pub scenario: PathBuf,
    /// The game's seed; `None` draws one from the operating system (all 64 bits: a
    /// table that could try every seed against what it sees would learn the rest).
    pub seed: Option<u64>,
    pub seats: BySide<SeatPlan>,
    /// Where the game is saved after every change, to resume it after a crash.
    pub save: Option<PathBuf>,
}

/// How a host runs.
#[derive(Clone)]
pub struct HostOptions {
    /// The address to listen on (port 0: any free port).
    pub listen: SocketAddr,
    pub codes: CodeSource,
    pub limits: Limits,
    /// The pause between two decisions of the AI, so a person can follow them.
    pub ai_delay: Duration,
    /// The AI that plays for a person away longer than [`Limits::grace`]; `None`: the
    /// game waits for them.
    pub stand_in: Option<PlayerSpec>,
    /// The person running the host allows the programs (`exec:` players) named for the
    /// AI seats to start.
    pub allow_programs: bool,
    /// The least time a response window of a person's stays open: an answer that comes
    /// sooner is applied only then, so that a table answering the windows it holds no
    /// card for at once does not tell the other side so (R28; the table holds the AI's
    /// answers as long, [`WINDOW_HOLD`]).
    pub window_hold: Duration,
    /// Called with each line of the host's log as it is written.
    pub on_note: Option<NoteSink>,
    /// What is filtered from the views: for the leak tests' positive control only.
    #[doc(hidden)]
    pub filter: Filter,
}

impl Default for HostOptions {
    /// Listening on this machine only, on [`DEFAULT_PORT`].
    fn default() -> HostOptions {
        HostOptions {
            listen: SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), DEFAULT_PORT),
            codes: CodeSource::Os,
            limits: Limits::default(),
            ai_delay: Duration::from_millis(250),
            stand_in: None,
            allow_programs: false,
            window_hold: WINDOW_HOLD,
            on_note: None,
            filter: Filter::Seat,
        }
    }
}

/// The game at the host, as last published by its thread.
#[derive(Clone, Debug, PartialEq)]
pub struct HostStatus {
    pub decision: DecisionNumber,
    /// The decisions made.
    pub made: usize,
    pub to_move: Option<Side>,
    pub outcome: Option<Outcome>,
    pub vp: BySide<u16>,
    pub seats: SeatsStatus,
    /// Why the last save failed, while saving fails.
    pub save_error: Option<String>,
}

/// Why a host does not start.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    #[error(transparent)]
    Session(Box<SessionError>),
    #[error(transparent)]
    Save(Box<SaveError>),
    #[error(transparent)]
    Seats(#[from] SeatsFileError),
    /// A side is given to a player the table does not offer.
    #[error("the {side} are played by `{spec}`, which the host cannot play: {why}")]
    Unplayable {
        side: Side,
        spec: String,
        why: Unplayable,
    },
    /// A program plays a side and the person has not allowed programs to start.
    #[error("the {side} are played by a program (`{spec}`): allow programs to start it")]
    ProgramNotAllowed { side: Side, spec: String },
    /// A side of the saved game is a person's, and the seats file has no code for it.
    #[error("the saved game's {side} are played by a person, but {} holds no code for them", path.display())]
    NoCode { side: Side, path: PathBuf },
    #[error("cannot listen on {address}: {source}")]
    Listen {
        address: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot start the host's threads: {0}")]
    Threads(std::io::Error),
    #[error(transparent)]
    Codes(#[from] CodeSourceError),
}

impl From<SessionError> for HostError {
    fn from(e: SessionError) -> HostError {
        HostError::Session(Box::new(e))
    }
}

impl From<SaveError> for HostError {
    fn from(e: SaveError) -> HostError {
        HostError::Save(Box::new(e))
    }
}

/// A running host.
pub struct Host {
    address: SocketAddr,
    codes: SeatCodes,
    notes: Arc<Notes>,
    status: Arc<Mutex<HostStatus>>,
    commands: Sender<Command>,
    stop: watch::Sender<bool>,
    runtime: Option<Runtime>,
    game: Option<JoinHandle<()>>,
    save: Option<PathBuf>,
    /// One for each connection not open: all back once every connection has closed.
    slots: Arc<tokio::sync::Semaphore>,
    connections: usize,
    send_deadline: Duration,
}

impl Host {
    /// Starts a game of `config` and listens for its tables.
    pub fn start(config: HostConfig, options: HostOptions) -> Result<Host, HostError> {
        for side in Side::BOTH {
            if let SeatPlan::Ai(spec) = config.seats[side] {
                check_player(side, spec, options.allow_programs)?;
            }
            check_stand_in(&options, side, config.seats[side] == SeatPlan::Person)?;
        }
        let (scenario, text) = read_scenario(&config.scenario)?;
        let seed = match config.seed {
            Some(s) => s,
            None => os_seed()?,
        };
        let controllers = BySide::new(
            controller(config.seats[Side::Humans]),
            controller(config.seats[Side::Martians]),
        );
        let setup = TableSetup {
            scenario_path: config.scenario.clone(),
            seed,
            dice_seed: None,
            controllers,
        };
        let session = Session::with_scenario(setup, scenario);
        let drawn = options.codes.codes(3)?;
        let person = |side: Side| matches!(config.seats[side], SeatPlan::Person);
        let codes = SeatCodes {
            humans: person(Side::Humans).then_some(drawn[0]),
            martians: person(Side::Martians).then_some(drawn[1]),
            spectator: drawn[2],
        };
        if let Some(path) = &config.save {
            session.save_to(path)?;
            write_seats_file(&seats_file_path(path), &codes)?;
        }
        launch(session, text, codes, config.save, options)
    }

    /// Goes on with the game saved at `save`, with the codes of its seats file: a person's
    /// table joins again with the code it had.
    pub fn resume(save: &Path, options: HostOptions) -> Result<Host, HostError> {
        let seats_path = seats_file_path(save);
        let codes = read_seats_file(&seats_path)?;
        let mut saved = Session::read_save(save)?;
        for side in Side::BOTH {
            let c = &mut saved.setup.controllers[side];
            match (codes.of_side(side), *c) {
                (Some(_), _) => *c = Controller::Human,
                (None, Controller::Human) => {
                    return Err(HostError::NoCode {
                        side,
                        path: seats_path,
                    });
                }
                (None, Controller::Ai(spec)) => check_player(side, spec, options.allow_programs)?,
            }
            check_stand_in(&options, side, codes.of_side(side).is_some())?;
        }
        let (_, text) = read_scenario(&saved.setup.scenario_path)?;
        let session = Session::from_saved(saved)?;
        launch(session, text, codes, Some(save.to_path_buf()), options)
    }

    /// The address the host listens on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Where a table on this machine joins: the address, or loopback at its port when the
    /// host listens on every address.
    pub fn local_address(&self) -> SocketAddr {
        let mut a = self.address;
        if a.ip().is_unspecified() {
            let ip = match a.ip() {
                IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::LOCALHOST),
                IpAddr::V6(_) => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
            };
            a.set_ip(ip);
        }
        a
    }

    /// The seats' join codes.
    pub fn codes(&self) -> &SeatCodes {
        &self.codes
    }

    /// Where the game is saved, if it is.
    pub fn save_path(&self) -> Option<&Path> {
        self.save.as_deref()
    }

    /// The game as its thread last published it.
    pub fn status(&self) -> HostStatus {
        self.status
            .lock()
            .map(|s| s.clone())
            .unwrap_or_else(|e| e.into_inner().clone())
    }

    /// The host's log so far (the last [`crate::notes::MAX_NOTES`] lines).
    pub fn notes(&self) -> Vec<HostNote> {
        self.notes.all()
    }

    /// Waits until `done` holds of the status, for at most `limit`; whether it did.
    pub fn wait_until(&self, limit: Duration, done: impl Fn(&HostStatus) -> bool) -> bool {
        let start = Instant::now();
        loop {
            if done(&self.status()) {
                return true;
            }
            if start.elapsed() >= limit {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Says goodbye to every table and stops.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        let _ = self.stop.send(true);
        let _ = self.commands.send(Command::Stop);
        if let Some(g) = self.game.take() {
            let _ = g.join();
        }
        // The connections say goodbye, each within the send deadline (and its close
        // within another).
        let start = Instant::now();
        while self.slots.available_permits() < self.connections
            && start.elapsed() < (2 * self.send_deadline).min(Duration::from_secs(3))
        {
            std::thread::sleep(Duration::from_millis(2));
        }
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_timeout(Duration::from_secs(1));
        }
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Listens and starts the game's thread.
fn launch(
    mut session: Session,
    scenario: ScenarioText,
    codes: SeatCodes,
    save: Option<PathBuf>,
    options: HostOptions,
) -> Result<Host, HostError> {
    let std_listener = StdListener::bind(options.listen).map_err(|source| HostError::Listen {
        address: options.listen,
        source,
    })?;
    let address = std_listener
        .local_addr()
        .and_then(|a| std_listener.set_nonblocking(true).map(|()| a))
        .map_err(|source| HostError::Listen {
            address: options.listen,
            source,
        })?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("mars-attacks-host")
        .enable_all()
        .build()
        .map_err(HostError::Threads)?;
    let listener = {
        let _in = runtime.enter();
        tokio::net::TcpListener::from_std(std_listener)
            .map_err(|source| HostError::Listen { address, source })?
    };
    let notes = Arc::new(Notes::new(options.on_note.clone()));
    let (commands, receiver) = std::sync::mpsc::channel();
    session.ai_delay = options.ai_delay;
    if options.allow_programs {
        session.allow_programs();
    }
    let wake = commands.clone();
    session.set_waker(move || {
        let _ = wake.send(Command::Wake);
    });
    let status = Arc::new(Mutex::new(HostStatus {
        decision: DecisionNumber(0),
        made: 0,
        to_move: None,
        outcome: None,
        vp: BySide::new(0, 0),
        seats: SeatsStatus {
            humans: SeatState::Open,
            martians: SeatState::Open,
            spectators: 0,
        },
        save_error: None,
    }));
    let setup = GameSetup {
        scenario,
        people: codes.people(),
        save: save.clone(),
        filter: options.filter,
        grace: options.limits.grace,
        stand_in: options.stand_in,
        allow_programs: options.allow_programs,
        window_hold: options.window_hold,
        notes: notes.clone(),
        status: status.clone(),
    };
    let game = Game::new(session, setup);
    let game = std::thread::Builder::new()
        .name("mars-attacks-host-game".into())
        .spawn(move || game.run(receiver))
        .map_err(HostError::Threads)?;
    let (stop, stop_rx) = watch::channel(false);
    let shared = Arc::new(Shared {
        codes,
        limits: options.limits,
        notes: notes.clone(),
        commands: Mutex::new(commands.clone()),
        next: AtomicU64::new(1),
        stop: stop_rx,
    });
    let slots = Arc::new(tokio::sync::Semaphore::new(options.limits.connections));
    runtime.spawn(conn::listen(listener, shared, slots.clone()));
    notes.write(
        None,
        None,
        NoteKind::Listening,
        format!("listening on {address}"),
    );
    Ok(Host {
        address,
        codes,
        notes,
        status,
        commands,
        stop,
        runtime: Some(runtime),
        game: Some(game),
        save,
        slots,
        connections: options.limits.connections,
        send_deadline: options.limits.send,
    })
}

/// The scenario file, loaded, and its text for the tables.
fn read_scenario(path: &Path) -> Result<(Arc<rules::Scenario>, ScenarioText), ScenarioError> {
    let problem = |problems| ScenarioError {
        path: path.to_path_buf(),
        problems,
    };
    let bytes = read_scenario_bytes(path).map_err(problem)?;
    let file = path.display().to_string();
    let loaded = parse_scenario_bytes(&file, &bytes).map_err(problem)?;
    // Checked as UTF-8 by the parse.
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or(file);
    Ok((Arc::new(loaded.scenario), ScenarioText { file: name, text }))
}

/// A seed from the operating system's generator.
fn os_seed() -> Result<u64, CodeSourceError> {
    let mut b = [0u8; 8];
    rand::rngs::OsRng
        .try_fill_bytes(&mut b)
        .map_err(|e| CodeSourceError::new(e.to_string()))?;
    Ok(u64::from_le_bytes(b))
}

fn controller(plan: SeatPlan) -> Controller {
    match plan {
        SeatPlan::Person => Controller::Human,
        SeatPlan::Ai(spec) => Controller::Ai(spec),
    }
}

/// The stand-in, if a person plays `side` and one is named: checked as an AI seat's.
fn check_stand_in(options: &HostOptions, side: Side, person: bool) -> Result<(), HostError> {
    match options.stand_in {
        Some(spec) if person => check_player(side, spec, options.allow_programs),
        _ => Ok(()),
    }
}

/// An AI seat's player: one the table offers (fair), and a program only when allowed.
fn check_player(side: Side, spec: PlayerSpec, allow_programs: bool) -> Result<(), HostError> {
    check_ai(spec).map_err(|why| HostError::Unplayable {
        side,
        spec: spec.to_string(),
        why,
    })?;
    if spec.exec().is_some() && !allow_programs {
        return Err(HostError::ProgramNotAllowed {
            side,
            spec: spec.to_string(),
        });
    }
    Ok(())
}
