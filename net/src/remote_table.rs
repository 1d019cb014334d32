//! A table at a distance, without drawing: what a window (or a test) draws and plays
//! from. [`RemoteTable::join`] connects to a host with a seat's code and waits for the
//! welcome; from then on [`RemoteTable::poll`] takes in what the host sent, and the table
//! holds the latest view: the position rebuilt as a [`GameState`] from its snapshot (the
//! hand its side does not see dealt at random here: only its size is known, see
//! [`RemoteTable::sees_hand`]), the whole log as its side sees it, the chat, who sits
//! where, and the positions it was shown so far, for a replay from its own view. Its
//! decisions go to the host with the number of the position they were made on; the host's
//! answer is a new view, or a refusal ([`RemoteTable::refusals`]).
//!
//! Everything here is computed from the seat's own view: the odds, sight and hints a
//! window shows from [`RemoteTable::state`] use nothing its side may not see.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use rules::scenario::Scenario;
use rules::{Action, GameState, Side};
use skirmish_ai::bot::exec::snapshot::LoadSnapshotError;

use crate::client::{Incoming, JoinAddress, Link, Waker};
use crate::code::JoinCode;
use crate::protocol::{
    ChatLine, ChatText, ClientMessage, DecisionNumber, Goodbye, LogEntry, Refusal, ScenarioText,
    Seat, SeatsStatus, ServerMessage, SnapshotText, View, Welcome,
};

/// How a table joins.
#[derive(Clone)]
pub struct JoinOptions {
    /// How long to wait for the welcome.
    pub welcome_within: Duration,
    /// The seed the hand this side does not see is dealt from here (for a test that wants
    /// the same table every run); `None`: the operating system's.
    pub deal_seed: Option<u64>,
    /// Keep the text of every message the host sent ([`RemoteTable::frames`]).
    pub keep_frames: bool,
    /// Called when something comes in.
    pub waker: Option<Waker>,
}

impl Default for JoinOptions {
    fn default() -> JoinOptions {
        JoinOptions {
            welcome_within: Duration::from_secs(10),
            deal_seed: None,
            keep_frames: false,
            waker: None,
        }
    }
}

/// Why a table could not join (or join again).
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    /// The host turned the table away.
    #[error("the host turned this table away: {0}")]
    Goodbye(Goodbye),
    /// The connection failed or closed before the welcome.
    #[error("{0}")]
    Closed(String),
    /// No welcome in time.
    #[error("no welcome from the host within {0:?}")]
    NoWelcome(Duration),
    /// The host's first message was not a welcome.
    #[error("the host's first message is not a welcome: {0}")]
    NotWelcome(String),
    /// The host speaks another version.
    #[error(
        "the host speaks version {host} of the protocol, this table {}",
        crate::protocol::PROTOCOL_VERSION
    )]
    Version { host: u32 },
    #[error(transparent)]
    View(#[from] ViewError),
}

/// A view of the host's that the table cannot take.
#[derive(Debug, thiserror::Error)]
pub enum ViewError {
    /// The scenario's text does not load here.
    #[error("the host's scenario does not load here: {0}")]
    Scenario(String),
    #[error("the host's position does not load: {0}")]
    Snapshot(#[from] LoadSnapshotError),
    /// A snapshot of the other side's (a host that shows this table what it may not see).
    #[error("the host sent the {got}' view to the {seat} seat")]
    OtherSide { seat: Seat, got: Side },
}

/// Why a decision was not sent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    #[error("the connection to the host is closed")]
    Closed,
    #[error("it is not this table's decision")]
    NotYourDecision,
    #[error("`{0}` is not a legal decision now")]
    NotLegal(Action),
}

/// The connection's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkState {
    Connected,
    /// Closed: the host's goodbye if it said one, and what happened.
    Closed {
        goodbye: Option<Goodbye>,
        why: String,
    },
}

/// A position this table was shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeenPosition {
    pub decision: DecisionNumber,
    pub made: u32,
    pub windows: u32,
    pub snapshot: SnapshotText,
}

/// A table at a distance.
pub struct RemoteTable {
    address: JoinAddress,
    code: JoinCode,
    options: JoinOptions,
    seat: Seat,
    scenario_text: ScenarioText,
    scenario: Arc<Scenario>,
    view: View,
    state: GameState,
    log: Vec<LogEntry>,
    chat: Vec<ChatLine>,
    seats: SeatsStatus,
    undo_asked: Option<(Side, DecisionNumber)>,
    refusals: Vec<Refusal>,
    seen: Vec<SeenPosition>,
    frames: Vec<String>,
    link: Option<Link>,
    link_state: LinkState,
    /// A view of the host's that did not load, the last one.
    broken: Option<String>,
    rng: ChaCha8Rng,
}

impl RemoteTable {
    /// Joins the host at `address` with a seat's `code`, and waits for the welcome.
    pub fn join(
        address: JoinAddress,
        code: JoinCode,
        options: JoinOptions,
    ) -> Result<RemoteTable, JoinError> {
        let rng = match options.deal_seed {
            Some(s) => ChaCha8Rng::seed_from_u64(s),
            None => ChaCha8Rng::from_os_rng(),
        };
        let (link, welcome, text) = welcome(&address, code, &options)?;
        let scenario = welcome
            .scenario
            .load()
            .map_err(|d| ViewError::Scenario(first_problem(&d)))?;
        let mut rng = rng;
        let (state, side) = welcome
            .view
            .snapshot
            .load(scenario.clone(), &mut rng)
            .map_err(ViewError::from)?;
        check_side(welcome.seat, side)?;
        let mut table = RemoteTable {
            address,
            code,
            seat: welcome.seat,
            scenario_text: welcome.scenario.clone(),
            scenario,
            view: welcome.view.clone(),
            state,
            log: Vec::new(),
            chat: welcome.chat.clone(),
            seats: welcome.seats,
            undo_asked: None,
            refusals: Vec::new(),
            seen: Vec::new(),
            frames: Vec::new(),
            link: Some(link),
            link_state: LinkState::Connected,
            broken: None,
            rng,
            options,
        };
        if table.options.keep_frames {
            table.frames.push(text);
        }
        table.take_log(&welcome.view);
        table.remember(&welcome.view);
        table.poll();
        Ok(table)
    }

    /// Joins again with the same code (after a drop): the whole view is sent again.
    pub fn rejoin(&mut self) -> Result<(), JoinError> {
        self.link = None;
        let (link, welcome, text) = welcome(&self.address, self.code, &self.options)?;
        if self.options.keep_frames {
            self.frames.push(text);
        }
        self.seat = welcome.seat;
        self.chat = welcome.chat.clone();
        self.seats = welcome.seats;
        self.undo_asked = None;
        self.take_view(welcome.view)?;
        self.link = Some(link);
        self.link_state = LinkState::Connected;
        self.poll();
        Ok(())
    }

    /// Joins again with the same code at another address (a host restarted from its save
    /// elsewhere).
    pub fn rejoin_at(&mut self, address: JoinAddress) -> Result<(), JoinError> {
        self.address = address;
        self.rejoin()
    }

    /// Closes the connection (the seat is kept at the host for the grace period).
    pub fn disconnect(&mut self) {
        self.link = None;
        self.link_state = LinkState::Closed {
            goodbye: None,
            why: "the table left".into(),
        };
    }

    /// Takes in what the host sent since the last call; whether anything changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        while let Some(i) = self.link.as_ref().and_then(|l| l.incoming.try_recv().ok()) {
            self.take(i);
            changed = true;
        }
        changed
    }

    /// Takes in what comes until `done` holds, for at most `limit`; whether it did.
    pub fn wait_until(
        &mut self,
        limit: Duration,
        mut done: impl FnMut(&RemoteTable) -> bool,
    ) -> bool {
        let start = Instant::now();
        loop {
            self.poll();
            if done(self) {
                return true;
            }
            let left = limit.saturating_sub(start.elapsed());
            if left.is_zero() || self.link.is_none() {
                return false;
            }
            let Some(link) = &self.link else { return false };
            match link
                .incoming
                .recv_timeout(left.min(Duration::from_millis(50)))
            {
                Ok(i) => self.take(i),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    self.poll();
                    return done(self);
                }
            }
        }
    }

    fn take(&mut self, i: Incoming) {
        match i {
            Incoming::Message(m, text) => {
                if self.options.keep_frames {
                    self.frames.push(text);
                }
                self.take_message(*m);
            }
            Incoming::Unread(why) => self.broken = Some(why),
            Incoming::Closed(why) => {
                let goodbye = match &self.link_state {
                    LinkState::Closed { goodbye, .. } => *goodbye,
                    LinkState::Connected => None,
                };
                self.link_state = LinkState::Closed { goodbye, why };
            }
        }
    }

    fn take_message(&mut self, m: ServerMessage) {
        match m {
            ServerMessage::View(v) => {
                if let Err(e) = self.take_view(*v) {
                    self.broken = Some(e.to_string());
                }
            }
            ServerMessage::Welcome(w) => {
                // Only a join is welcomed: a second one is the host's whole view again.
                self.seats = w.seats;
                if let Err(e) = self.take_view(w.view) {
                    self.broken = Some(e.to_string());
                }
            }
            ServerMessage::Seats(s) => self.seats = s,
            ServerMessage::Chat(line) => self.chat.push(line),
            ServerMessage::UndoAsked { by, at } => self.undo_asked = Some((by, at)),
            ServerMessage::Refused(r) => self.refusals.push(r),
            ServerMessage::Pong => {}
            ServerMessage::Goodbye { reason } => {
                self.link_state = LinkState::Closed {
                    goodbye: Some(reason),
                    why: reason.to_string(),
                };
            }
        }
    }

    /// Takes a view: the position rebuilt, the log extended (or replaced).
    fn take_view(&mut self, view: View) -> Result<(), ViewError> {
        let (state, side) = view.snapshot.load(self.scenario.clone(), &mut self.rng)?;
        check_side(self.seat, side)?;
        self.state = state;
        self.take_log(&view);
        self.remember(&view);
        if self.undo_asked.is_some_and(|(_, at)| at != view.decision) {
            self.undo_asked = None;
        }
        self.view = view;
        Ok(())
    }

    fn take_log(&mut self, view: &View) {
        if view.log.reset {
            self.log.clear();
        }
        for e in &view.log.entries {
            match self.log.last_mut() {
                Some(last) if e.decision.is_none() => {
                    last.events.extend(e.events.iter().cloned());
                }
                _ => self.log.push(e.clone()),
            }
        }
    }

    /// Keeps the position for a replay: after an undo, the positions past it are no
    /// longer the game's.
    fn remember(&mut self, view: &View) {
        let at = (view.made, view.windows);
        self.seen.retain(|p| (p.made, p.windows) < at);
        self.seen.push(SeenPosition {
            decision: view.decision,
            made: view.made,
            windows: view.windows,
            snapshot: view.snapshot.clone(),
        });
    }

    // ----- deciding --------------------------------------------------------------

    /// Sends a decision of this table's side, made on the position shown now. Checked
    /// here against the legal actions the host sent; the host checks it again.
    pub fn play(&mut self, action: Action) -> Result<(), SendError> {
        if self.view.legal.is_empty() {
            return Err(SendError::NotYourDecision);
        }
        if !self.view.legal.contains(&action) {
            return Err(SendError::NotLegal(action));
        }
        self.send(ClientMessage::Play {
            action,
            at: self.view.decision,
        })
    }

    /// Asks to take back this side's last decision (or agrees to the other person's
    /// asking).
    pub fn ask_undo(&mut self) -> Result<(), SendError> {
        self.send(ClientMessage::Undo {
            at: self.view.decision,
        })
    }

    /// Says a line of chat to every table.
    pub fn say(&mut self, text: ChatText) -> Result<(), SendError> {
        self.send(ClientMessage::Chat { text })
    }

    /// Asks for the whole view again.
    pub fn resync(&mut self) -> Result<(), SendError> {
        self.send(ClientMessage::Resync {})
    }

    /// Sends any message of the protocol as it is (the host checks everything).
    pub fn send(&mut self, msg: ClientMessage) -> Result<(), SendError> {
        match &self.link {
            Some(l) if self.link_state == LinkState::Connected && l.send(msg) => Ok(()),
            _ => Err(SendError::Closed),
        }
    }

    // ----- reading ---------------------------------------------------------------

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The position as this seat sees it. The hand of a side it does not play is dealt
    /// at random here, of the right size: only [`RemoteTable::sees_hand`] hands are real.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scenario
    }

    /// The scenario's file name and text, as the host sent them.
    pub fn scenario_text(&self) -> &ScenarioText {
        &self.scenario_text
    }

    /// The latest view.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// The number of the position shown.
    pub fn decision(&self) -> DecisionNumber {
        self.view.decision
    }

    /// Does this table make the next decision?
    pub fn my_decision(&self) -> bool {
        !self.view.legal.is_empty()
    }

    /// The legal decisions, while this table makes the next one.
    pub fn legal(&self) -> &[Action] {
        &self.view.legal
    }

    /// May this table see `side`'s hand? Only its own side's.
    pub fn sees_hand(&self, side: Side) -> bool {
        self.seat.side() == Some(side)
    }

    /// The whole log as this side sees it.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    pub fn chat(&self) -> &[ChatLine] {
        &self.chat
    }

    pub fn seats(&self) -> SeatsStatus {
        self.seats
    }

    /// The other person asks to undo, on the position shown.
    pub fn undo_asked(&self) -> Option<Side> {
        self.undo_asked
            .filter(|(_, at)| *at == self.view.decision)
            .map(|(by, _)| by)
    }

    /// The host's refusals of this table's messages, oldest first.
    pub fn refusals(&self) -> &[Refusal] {
        &self.refusals
    }

    /// The positions shown so far in the game, in order (those an undo took back left
    /// out): a replay from this seat's own view.
    pub fn seen(&self) -> &[SeenPosition] {
        &self.seen
    }

    /// The text of every message the host sent, when [`JoinOptions::keep_frames`].
    pub fn frames(&self) -> &[String] {
        &self.frames
    }

    pub fn link_state(&self) -> &LinkState {
        &self.link_state
    }

    pub fn is_connected(&self) -> bool {
        self.link_state == LinkState::Connected
    }

    /// A message of the host's that the table could not take, the last one.
    pub fn broken(&self) -> Option<&str> {
        self.broken.as_deref()
    }
}

/// Connects and waits for the welcome: the link, the welcome and its text.
fn welcome(
    address: &JoinAddress,
    code: JoinCode,
    options: &JoinOptions,
) -> Result<(Link, Welcome, String), JoinError> {
    let link = Link::open(address, code, options.waker.clone());
    let limit = options.welcome_within;
    let start = Instant::now();
    loop {
        let left = limit.saturating_sub(start.elapsed());
        let got = link
            .incoming
            .recv_timeout(left)
            .map_err(|_| JoinError::NoWelcome(limit))?;
        match got {
            Incoming::Message(m, text) => match *m {
                ServerMessage::Welcome(w) => {
                    if w.version != crate::protocol::PROTOCOL_VERSION {
                        return Err(JoinError::Version { host: w.version });
                    }
                    return Ok((link, *w, text));
                }
                ServerMessage::Goodbye {
                    reason: Goodbye::Version { host },
                } => return Err(JoinError::Version { host }),
                ServerMessage::Goodbye { reason } => return Err(JoinError::Goodbye(reason)),
                ServerMessage::Pong => continue,
                _ => return Err(JoinError::NotWelcome(text)),
            },
            Incoming::Unread(why) => return Err(JoinError::NotWelcome(why)),
            Incoming::Closed(why) => return Err(JoinError::Closed(why)),
        }
    }
}

/// A seat's view is of its own side.
fn check_side(seat: Seat, got: Side) -> Result<(), ViewError> {
    match seat.side() {
        Some(side) if side != got => Err(ViewError::OtherSide { seat, got }),
        _ => Ok(()),
    }
}

fn first_problem(d: &[rules::scenario_file::Diagnostic]) -> String {
    d.first()
        .map(|d| d.to_string())
        .unwrap_or_else(|| "it does not load".into())
}
