//! The host's game: one thread owns the authoritative [`Session`] (the dice, the deck,
//! both hands, the AI seats), takes the tables' messages as commands, checks each
//! decision (the right seat, the right position, legal) and refuses it with a reason
//! otherwise, never changing the game; after each change it saves the game and sends
//! every table its own view ([`crate::view`]). It never waits on a table: a message to
//! one is queued without blocking, and a table too far behind is dropped.

use std::collections::{BTreeMap, VecDeque};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot};

use rules::state::Phase;
use rules::{Action, BySide, Side};
use skirmish_ai::bot::PlayerSpec;
use skirmish_table::table::session::Session;
use skirmish_table::table::setup::Controller;

use crate::notes::{NoteKind, Notes};
use crate::protocol::{
    ChatLine, ChatText, DecisionNumber, Goodbye, PROTOCOL_VERSION, Refusal, RefusalKind,
    ScenarioText, Seat, SeatState, SeatsStatus, ServerMessage, Welcome,
};
use crate::view::{Filter, LogCursor, Position, view_of};

use super::HostStatus;

/// The chat lines kept for a table that joins.
const CHAT_KEPT: usize = 50;

/// A connection, numbered by the host.
pub(crate) type ConnId = u64;

/// What the connections tell the game.
pub(crate) enum Command {
    /// A table said a good hello for `seat`.
    Join {
        conn: ConnId,
        seat: Seat,
        peer: SocketAddr,
        out: mpsc::Sender<String>,
        kill: oneshot::Sender<Goodbye>,
    },
    /// The connection closed.
    Leave {
        conn: ConnId,
    },
    Play {
        conn: ConnId,
        action: Action,
        at: DecisionNumber,
    },
    Undo {
        conn: ConnId,
        at: DecisionNumber,
    },
    Chat {
        conn: ConnId,
        text: ChatText,
    },
    Resync {
        conn: ConnId,
    },
    /// The AI posted a decision.
    Wake,
    Stop,
}

/// A joined table.
struct Conn {
    seat: Seat,
    peer: SocketAddr,
    out: mpsc::Sender<String>,
    kill: Option<oneshot::Sender<Goodbye>>,
    /// How much of the log it has been sent; `None`: send it all.
    cursor: Option<LogCursor>,
}

/// A side's seat at the host.
#[derive(Clone, Copy, Debug)]
struct SideSeat {
    /// A person plays it (else the AI).
    person: bool,
    /// The connection of the person's table, while there is one.
    conn: Option<ConnId>,
    /// Since when the person's table has been gone, once it had joined.
    away_since: Option<Instant>,
    /// The stand-in AI plays for the person.
    stand_in: bool,
}

/// A decision waiting for its window's hold time.
#[derive(Clone, Copy, Debug)]
struct Held {
    conn: ConnId,
    side: Side,
    action: Action,
    at: DecisionNumber,
    due: Instant,
}

/// What the game thread needs besides the session.
pub(crate) struct GameSetup {
    pub scenario: ScenarioText,
    pub people: BySide<bool>,
    pub save: Option<PathBuf>,
    pub filter: Filter,
    pub grace: Duration,
    pub stand_in: Option<PlayerSpec>,
    pub allow_programs: bool,
    /// The least time a person's response window stays open ([`super::HostOptions::window_hold`]).
    pub window_hold: Duration,
    pub notes: Arc<Notes>,
    pub status: Arc<Mutex<HostStatus>>,
}

/// The game and the tables.
pub(crate) struct Game {
    session: Session,
    setup: GameSetup,
    decision: DecisionNumber,
    windows: u32,
    seats: BySide<SideSeat>,
    conns: BTreeMap<ConnId, Conn>,
    /// A person asked to undo on this position, waiting for the other to agree.
    undo_asked: Option<(Side, DecisionNumber)>,
    chat: VecDeque<ChatLine>,
    /// Since when a person's response window has been open, while one is.
    window_since: Option<Instant>,
    /// A person's answer to a response window, applied once the window has been open
    /// for the hold time.
    held: Option<Held>,
    over_noted: bool,
    last_save_error: Option<String>,
}

impl Game {
    pub(crate) fn new(session: Session, setup: GameSetup) -> Game {
        let seat = |person| SideSeat {
            person,
            conn: None,
            away_since: None,
            stand_in: false,
        };
        let seats = BySide::new(
            seat(setup.people[Side::Humans]),
            seat(setup.people[Side::Martians]),
        );
        let mut g = Game {
            session,
            setup,
            decision: DecisionNumber(0),
            windows: 0,
            seats,
            conns: BTreeMap::new(),
            undo_asked: None,
            chat: VecDeque::new(),
            window_since: None,
            held: None,
            over_noted: false,
            last_save_error: None,
        };
        g.windows = g.session.to_save().windows_after as u32;
        g.window_since = g.persons_window().then(Instant::now);
        g.save();
        g.publish_status();
        g
    }

    /// Runs until told to stop or every sender is gone.
    pub(crate) fn run(mut self, commands: Receiver<Command>) {
        loop {
            let mut wait = if self.ai_to_move() {
                Duration::from_millis(5)
            } else {
                Duration::from_millis(100)
            };
            if let Some(h) = self.held {
                wait = wait.min(h.due.saturating_duration_since(Instant::now()));
            }
            match commands.recv_timeout(wait) {
                Ok(Command::Stop) | Err(RecvTimeoutError::Disconnected) => break,
                Ok(cmd) => {
                    self.handle(cmd);
                    while let Ok(cmd) = commands.try_recv() {
                        if matches!(cmd, Command::Stop) {
                            self.close_all(Goodbye::Stopping);
                            return;
                        }
                        self.handle(cmd);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            self.release_held();
            if self.session.tick() {
                self.changed();
            }
            if let Some(notice) = self.session.notice.take() {
                self.note(None, None, NoteKind::Game, notice);
            }
            self.check_grace();
        }
        self.close_all(Goodbye::Stopping);
    }

    /// Is a side the AI plays (or stands in for) to move?
    fn ai_to_move(&self) -> bool {
        self.session.is_thinking()
            || self
                .session
                .state()
                .to_move()
                .is_some_and(|s| !self.session.controller(s).is_human())
    }

    fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Join {
                conn,
                seat,
                peer,
                out,
                kill,
            } => self.join(conn, seat, peer, out, kill),
            Command::Leave { conn } => self.leave(conn),
            Command::Play { conn, action, at } => self.play(conn, action, at),
            Command::Undo { conn, at } => self.undo(conn, at),
            Command::Chat { conn, text } => self.chat(conn, text),
            Command::Resync { conn } => {
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.cursor = None;
                }
                self.send_view(conn);
            }
            Command::Wake | Command::Stop => {}
        }
    }

    // ----- tables coming and going ---------------------------------------------------

    fn join(
        &mut self,
        conn: ConnId,
        seat: Seat,
        peer: SocketAddr,
        out: mpsc::Sender<String>,
        kill: oneshot::Sender<Goodbye>,
    ) {
        if let Some(side) = seat.side() {
            if let Some(old) = self.seats[side].conn.take() {
                self.kill(old, Goodbye::Replaced);
            }
            let s = &mut self.seats[side];
            s.conn = Some(conn);
            s.away_since = None;
            if s.stand_in {
                s.stand_in = false;
                self.session.set_controller(side, Controller::Human);
                self.note(
                    Some(peer),
                    Some(seat),
                    NoteKind::StandIn,
                    "back: the stand-in AI stops",
                );
            }
        }
        self.conns.insert(
            conn,
            Conn {
                seat,
                peer,
                out,
                kill: Some(kill),
                cursor: None,
            },
        );
        self.note(
            Some(peer),
            Some(seat),
            NoteKind::Joined,
            format!("joined as {seat}"),
        );
        let view = self.view(conn);
        let welcome = ServerMessage::Welcome(Box::new(Welcome {
            version: PROTOCOL_VERSION,
            seat,
            scenario: self.setup.scenario.clone(),
            view,
            seats: self.seats_status(),
            chat: self.chat.iter().cloned().collect(),
        }));
        self.send(conn, &welcome);
        if let Some((by, at)) = self.undo_asked
            && seat.side() == Some(by.other())
        {
            self.send(conn, &ServerMessage::UndoAsked { by, at });
        }
        self.seats_changed();
    }

    fn leave(&mut self, conn: ConnId) {
        let Some(c) = self.conns.remove(&conn) else {
            return;
        };
        self.note(Some(c.peer), Some(c.seat), NoteKind::Left, "left");
        self.seat_left(conn, c.seat);
    }

    /// Closes a connection from the host's side, saying why.
    fn kill(&mut self, conn: ConnId, why: Goodbye) {
        let Some(mut c) = self.conns.remove(&conn) else {
            return;
        };
        // The connection notes it as it closes.
        if let Some(k) = c.kill.take() {
            let _ = k.send(why);
        }
        self.seat_left(conn, c.seat);
    }

    fn seat_left(&mut self, conn: ConnId, seat: Seat) {
        if let Some(side) = seat.side()
            && self.seats[side].conn == Some(conn)
        {
            self.seats[side].conn = None;
            self.seats[side].away_since = Some(Instant::now());
        }
        self.seats_changed();
    }

    fn close_all(&mut self, why: Goodbye) {
        let conns: Vec<ConnId> = self.conns.keys().copied().collect();
        for c in conns {
            self.kill(c, why);
        }
    }

    /// A person away longer than the grace period: the stand-in plays for them, if the
    /// host named one.
    fn check_grace(&mut self) {
        let Some(spec) = self.setup.stand_in else {
            return;
        };
        for side in Side::BOTH {
            let s = self.seats[side];
            let late = s
                .away_since
                .is_some_and(|t| t.elapsed() >= self.setup.grace);
            if s.person && !s.stand_in && s.conn.is_none() && late {
                self.seats[side].stand_in = true;
                self.session.set_controller(side, Controller::Ai(spec));
                if self.setup.allow_programs {
                    self.session.allow_program(side);
                }
                self.note(
                    None,
                    Some(Seat::of(side)),
                    NoteKind::StandIn,
                    format!("away past the grace period: {spec} plays for the {side}"),
                );
                self.seats_changed();
            }
        }
    }

    // ----- what a table asks -----------------------------------------------------

    /// Refuses a message of `conn`'s, saying why, and notes it.
    fn refuse(&mut self, conn: ConnId, kind: RefusalKind, reason: String) {
        if let Some(c) = self.conns.get(&conn) {
            self.setup.notes.write(
                Some(c.peer),
                Some(c.seat),
                NoteKind::Refused(kind),
                format!("refused: {reason}"),
            );
        }
        self.send(conn, &ServerMessage::Refused(Refusal { kind, reason }));
    }

    /// The side `conn` plays, or the refusal to send it.
    fn side_of(&self, conn: ConnId) -> Result<Side, (RefusalKind, String)> {
        let seat = self.conns.get(&conn).map(|c| c.seat);
        seat.and_then(Seat::side).ok_or((
            RefusalKind::NotYourDecision,
            "a spectator makes no decisions".into(),
        ))
    }

    fn check_at(&self, at: DecisionNumber) -> Result<(), (RefusalKind, String)> {
        if at == self.decision {
            Ok(())
        } else {
            Err((
                RefusalKind::Stale,
                format!(
                    "made on position {at}, but the position is now {}",
                    self.decision
                ),
            ))
        }
    }

    fn play(&mut self, conn: ConnId, action: Action, at: DecisionNumber) {
        if let Err((kind, why)) = self.try_play(conn, action, at) {
            self.refuse(conn, kind, format!("`{action}`: {why}"));
        }
    }

    fn try_play(
        &mut self,
        conn: ConnId,
        action: Action,
        at: DecisionNumber,
    ) -> Result<(), (RefusalKind, String)> {
        let side = self.side_of(conn)?;
        self.check_at(at)?;
        if self.session.human_to_move() != Some(side) {
            let why = match self.session.state().to_move() {
                None => "the game is over".to_string(),
                Some(s) if s == side => "the AI stands in for this side now".to_string(),
                Some(s) => format!("it is the {}' decision", s.title()),
            };
            return Err((RefusalKind::NotYourDecision, why));
        }
        if self.held.is_some() {
            return Err((
                RefusalKind::Stale,
                "this position's decision is made already".into(),
            ));
        }
        let hold = self.window_since.map(|t| t + self.setup.window_hold);
        if let Some(due) = hold.filter(|due| *due > Instant::now()) {
            // Checked now, applied when the window has been open its time.
            if !self.session.legal().contains(&action) {
                let why = self.session.play(action).err().map(|e| e.to_string());
                return Err((RefusalKind::Illegal, why.unwrap_or_default()));
            }
            self.held = Some(Held {
                conn,
                side,
                action,
                at,
                due,
            });
            return Ok(());
        }
        self.session
            .play(action)
            .map_err(|e| (RefusalKind::Illegal, e.to_string()))?;
        self.changed();
        Ok(())
    }

    /// Is the decision now a person's response window?
    fn persons_window(&self) -> bool {
        let window = matches!(
            self.session.state().phase(),
            Phase::Respond(_) | Phase::Escape(_)
        );
        window && self.session.human_to_move().is_some()
    }

    /// Applies a held answer to a response window once it is due, if the position is
    /// still the one it was made on.
    fn release_held(&mut self) {
        let Some(h) = self.held else {
            return;
        };
        if Instant::now() < h.due {
            return;
        }
        self.held = None;
        let result = if h.at != self.decision || self.session.human_to_move() != Some(h.side) {
            Err(format!("made on position {}, which has changed", h.at))
        } else {
            self.session.play(h.action).map_err(|e| e.to_string())
        };
        match result {
            Ok(()) => self.changed(),
            Err(why) => {
                let kind = RefusalKind::Stale;
                self.refuse(h.conn, kind, format!("`{}`: {why}", h.action));
            }
        }
    }

    fn undo(&mut self, conn: ConnId, at: DecisionNumber) {
        if let Err((kind, why)) = self.try_undo(conn, at) {
            self.refuse(conn, kind, format!("undo: {why}"));
        }
    }

    /// Against the AI, an undo is done at once; between two people, once the other
    /// agrees (asks for it on the same position). Only the asker's own last decision is
    /// taken back, with what followed it, never past a roll or a draw.
    fn try_undo(&mut self, conn: ConnId, at: DecisionNumber) -> Result<(), (RefusalKind, String)> {
        let side = self.side_of(conn)?;
        self.check_at(at)?;
        if self.undo_asked == Some((side.other(), at)) {
            return self.do_undo();
        }
        let depth = self.session.undo_depth().ok_or((
            RefusalKind::Undo,
            "nothing can be taken back (a roll or a draw since, or no decision yet)".into(),
        ))?;
        let history = self.session.history();
        let by = history[history.len() - depth].by;
        if by != side {
            return Err((
                RefusalKind::Undo,
                format!("the last decision to take back is the {}'", by.title()),
            ));
        }
        let other = side.other();
        let other_person = self.seats[other].person && !self.seats[other].stand_in;
        if !other_person {
            return self.do_undo();
        }
        self.undo_asked = Some((side, at));
        let msg = ServerMessage::UndoAsked { by: side, at };
        if let Some(c) = self.seats[other].conn {
            self.send(c, &msg);
        }
        Ok(())
    }

    fn do_undo(&mut self) -> Result<(), (RefusalKind, String)> {
        if !self.session.undo() {
            return Err((RefusalKind::Undo, "nothing can be taken back".into()));
        }
        for c in self.conns.values_mut() {
            c.cursor = None;
        }
        self.changed();
        Ok(())
    }

    fn chat(&mut self, conn: ConnId, text: ChatText) {
        let Some(seat) = self.conns.get(&conn).map(|c| c.seat) else {
            return;
        };
        let line = ChatLine { from: seat, text };
        if self.chat.len() == CHAT_KEPT {
            self.chat.pop_front();
        }
        self.chat.push_back(line.clone());
        self.broadcast(&ServerMessage::Chat(line));
    }

    // ----- after a change ----------------------------------------------------------

    /// The position changed: a new number, the game saved, every table sent its view.
    fn changed(&mut self) {
        self.decision = self.decision.next();
        self.undo_asked = None;
        self.held = None;
        self.window_since = self.persons_window().then(Instant::now);
        self.windows = self.session.to_save().windows_after as u32;
        self.save();
        // The host's own status is brought up to date before any table is told, so a
        // table that has seen a position never finds the host's status behind it.
        self.publish_status();
        if let Some(o) = self.session.state().outcome()
            && !self.over_noted
        {
            self.over_noted = true;
            self.note(None, None, NoteKind::Over, format!("game over: {o}"));
        }
        let conns: Vec<ConnId> = self.conns.keys().copied().collect();
        for c in conns {
            self.send_view(c);
        }
    }

    fn save(&mut self) {
        let Some(path) = &self.setup.save else {
            return;
        };
        match self.session.save_to(path) {
            Ok(()) => self.last_save_error = None,
            Err(e) => {
                let text = e.to_string();
                if self.last_save_error.as_ref() != Some(&text) {
                    self.note(None, None, NoteKind::SaveFailed, text.clone());
                }
                self.last_save_error = Some(text);
            }
        }
    }

    fn view(&mut self, conn: ConnId) -> crate::protocol::View {
        let p = Position::of(&self.session, self.windows);
        let c = self.conns.get_mut(&conn).expect("a joined connection");
        view_of(&p, c.seat, self.decision, &mut c.cursor, self.setup.filter)
    }

    fn send_view(&mut self, conn: ConnId) {
        if !self.conns.contains_key(&conn) {
            return;
        }
        let view = self.view(conn);
        self.send(conn, &ServerMessage::View(Box::new(view)));
    }

    fn seats_status(&self) -> SeatsStatus {
        let state = |side: Side| {
            let s = self.seats[side];
            match (s.person, s.stand_in, s.conn, s.away_since) {
                (false, ..) => SeatState::Ai,
                (true, true, ..) => SeatState::StandIn,
                (true, false, Some(_), _) => SeatState::Present,
                (true, false, None, Some(_)) => SeatState::Away,
                (true, false, None, None) => SeatState::Open,
            }
        };
        SeatsStatus {
            humans: state(Side::Humans),
            martians: state(Side::Martians),
            spectators: self
                .conns
                .values()
                .filter(|c| c.seat == Seat::Spectator)
                .count() as u32,
        }
    }

    fn seats_changed(&mut self) {
        self.publish_status();
        let msg = ServerMessage::Seats(self.seats_status());
        self.broadcast(&msg);
    }

    fn broadcast(&mut self, msg: &ServerMessage) {
        let conns: Vec<ConnId> = self.conns.keys().copied().collect();
        for c in conns {
            self.send(c, msg);
        }
    }

    /// Queues `msg` for `conn` without waiting; a table whose queue is full is dropped.
    fn send(&mut self, conn: ConnId, msg: &ServerMessage) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        let text = match serde_json::to_string(msg) {
            Ok(t) => t,
            Err(e) => {
                self.note(
                    None,
                    None,
                    NoteKind::Game,
                    format!("a message did not serialize: {e}"),
                );
                return;
            }
        };
        match c.out.try_send(text) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => self.kill(conn, Goodbye::TooSlow),
            Err(mpsc::error::TrySendError::Closed(_)) => self.leave(conn),
        }
    }

    fn note(
        &self,
        peer: Option<SocketAddr>,
        seat: Option<Seat>,
        kind: NoteKind,
        text: impl Into<String>,
    ) {
        self.setup.notes.write(peer, seat, kind, text);
    }

    fn publish_status(&self) {
        let g = self.session.state();
        let status = HostStatus {
            decision: self.decision,
            made: self.session.history().len(),
            to_move: g.to_move(),
            outcome: g.outcome(),
            vp: BySide::new(g.vp(Side::Humans), g.vp(Side::Martians)),
            seats: self.seats_status(),
            save_error: self.last_save_error.clone(),
        };
        if let Ok(mut s) = self.setup.status.lock() {
            *s = status;
        }
    }
}
