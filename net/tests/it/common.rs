//! What the loopback tests share: a host on 127.0.0.1 (port 0) with short deadlines,
//! tables joined to it, scripted players that decide from their own view, and the same
//! decisions played again locally.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use net::code::CodeSource;
use net::host::{Host, HostConfig, HostOptions};
use net::limits::Limits;
use net::protocol::{DecisionNumber, Seat};
use net::remote_table::{JoinOptions, RemoteTable};
use net::seats::SeatPlan;
use rules::{Action, BySide, Side};
use skirmish_table::table::session::Session;
use skirmish_table::table::setup::{Controller, GameSetup};

/// A seed with many digits, so that a message that held it would be seen to.
pub const LONG_SEED: u64 = 7_301_918_273_645_546_372;

pub fn scenario() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/whos-there.toml")
}

/// A fresh folder for a test's files.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ma-net-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Limits for tests: the same checks, shorter waits, and a rate a scripted table making
/// a decision a millisecond stays under (the flood test sets its own).
pub fn limits() -> Limits {
    Limits {
        burst: 10_000,
        per_second: 10_000,
        hello: Duration::from_secs(2),
        idle: Duration::from_secs(20),
        send: Duration::from_secs(2),
        grace: Duration::from_millis(300),
        wrong_code: Duration::from_millis(10),
        ..Limits::default()
    }
}

pub fn options() -> HostOptions {
    HostOptions {
        listen: "127.0.0.1:0".parse().unwrap(),
        codes: CodeSource::Seeded(11),
        limits: limits(),
        ai_delay: Duration::ZERO,
        // Whole games in seconds: the window test sets the hold.
        window_hold: Duration::ZERO,
        ..HostOptions::default()
    }
}

/// A host of two people's seats.
pub fn host(seed: u64, save: Option<PathBuf>, options: HostOptions) -> Host {
    let config = HostConfig {
        scenario: scenario(),
        seed: Some(seed),
        seats: BySide::new(SeatPlan::Person, SeatPlan::Person),
        save,
    };
    Host::start(config, options).unwrap()
}

/// A table joined to `host` at `seat`.
pub fn join(host: &Host, seat: Seat, keep_frames: bool) -> RemoteTable {
    let code = host.codes().of(seat).expect("the seat has a code");
    let options = JoinOptions {
        deal_seed: Some(5),
        keep_frames,
        ..JoinOptions::default()
    };
    RemoteTable::join(host.local_address().into(), code, options).unwrap()
}

/// A scripted player: greedy's choice from the table's own view, from a seeded
/// generator of its own.
pub struct Scripted {
    rng: ChaCha8Rng,
    /// The position it last decided on, so that it decides once on each.
    last: Option<DecisionNumber>,
    /// Its decisions, by the position they were made on.
    pub played: Vec<(DecisionNumber, Action)>,
}

impl Scripted {
    pub fn new(seed: u64) -> Scripted {
        Scripted {
            rng: ChaCha8Rng::seed_from_u64(seed),
            last: None,
            played: Vec::new(),
        }
    }

    /// Forgets the position it last decided on (a host restarted numbers them afresh).
    pub fn reset(&mut self) {
        self.last = None;
    }

    /// Decides if the table is to, once per position; whether it did.
    pub fn step(&mut self, t: &mut RemoteTable) -> bool {
        if !t.my_decision() || self.last == Some(t.decision()) {
            return false;
        }
        let a = skirmish_ai::bot::game::best_action(t.state(), t.legal(), &mut self.rng);
        t.play(a).unwrap();
        self.last = Some(t.decision());
        self.played.push((t.decision(), a));
        true
    }
}

/// Plays the tables with their scripts until `stop` holds of them (or the game is over
/// at every table), for at most `limit`.
pub fn play_until(
    tables: &mut [(&mut RemoteTable, &mut Scripted)],
    limit: Duration,
    mut stop: impl FnMut(&[(&mut RemoteTable, &mut Scripted)]) -> bool,
) {
    let start = Instant::now();
    loop {
        let mut any = false;
        for (t, _) in tables.iter_mut() {
            any |= t.poll();
        }
        // Checked before anyone decides: no decision is on its way when it returns.
        let over = tables.iter().all(|(t, _)| t.state().is_over());
        if over || stop(tables) {
            return;
        }
        for (t, s) in tables.iter_mut() {
            any |= s.step(t);
        }
        assert!(start.elapsed() < limit, "the game got nowhere in {limit:?}");
        if !any {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Plays the game out.
pub fn play_out(tables: &mut [(&mut RemoteTable, &mut Scripted)]) {
    play_until(tables, Duration::from_secs(60), |_| false);
}

/// Every decision of the scripts, in the order they were made (by position number).
pub fn decisions(scripts: &[&Scripted]) -> Vec<Action> {
    let mut all: Vec<(DecisionNumber, Action)> = scripts
        .iter()
        .flat_map(|s| s.played.iter().copied())
        .collect();
    all.sort_by_key(|(d, _)| *d);
    for w in all.windows(2) {
        assert_ne!(w[0].0, w[1].0, "one decision a position");
    }
    all.into_iter().map(|(_, a)| a).collect()
}

/// The same game played at one table here, a person at each side: the decisions
/// (empty response windows' `respond none` among them) played in order.
pub fn local(seed: u64, decisions: &[Action]) -> Session {
    let setup = GameSetup {
        scenario_path: scenario(),
        seed,
        dice_seed: None,
        controllers: BySide::new(Controller::Human, Controller::Human),
    };
    let mut s = Session::new(setup).unwrap();
    for (i, a) in decisions.iter().enumerate() {
        s.play(*a)
            .unwrap_or_else(|e| panic!("decision {} (`{a}`) here: {e}", i + 1));
    }
    s
}

/// The table's position is the local one's as its side sees it.
pub fn assert_same_position(t: &RemoteTable, local: &Session) {
    let side = t.seat().side().unwrap_or(Side::Humans);
    if t.seat().side().is_some() {
        assert_eq!(
            t.state().snapshot(side),
            local.state().snapshot(side),
            "the {} table's position",
            t.seat()
        );
    }
    assert_eq!(t.state().outcome(), local.state().outcome());
    for s in Side::BOTH {
        assert_eq!(t.state().vp(s), local.state().vp(s));
        assert_eq!(t.state().hand_len(s), local.state().hand_len(s));
    }
}
