//! A game over the network at the window: the table joined to a host (another machine's,
//! or one this window runs), fed into the skirmish's own board and panels.
//!
//! The host keeps the game. The window's session is one at a distance
//! ([`crate::table::afar`]): each view the host sends replaces the position shown, so the
//! board, the odds, sight, reach, a hint and the estimate are all computed here from what
//! this seat may see. A person's decisions go to the host; a plan of several (a card and
//! its target, a model and its move) is sent one decision at a time, each once the host
//! has answered the one before, and what is no longer legal then is dropped with a word.
//!
//! Joining waits for the host's welcome, which may take a while over a real network, so
//! it happens on a thread of its own ([`Joining`]): the window keeps drawing meanwhile.

use std::collections::VecDeque;

use rand::SeedableRng;
use std::sync::mpsc::{Receiver, TryRecvError};

use crate::rules::Action;
use crate::table::describe::action_text;
use crate::table::session::{Session, Step};
use net::client::JoinAddress;
use net::code::JoinCode;
use net::host::Host;
use net::protocol::{ChatText, DecisionNumber, Seat};
use net::remote_table::{JoinError, JoinOptions, RemoteTable};

/// A game over the network: the table, the host too when this window runs it, and the
/// decisions of a plan not yet sent.
pub struct RemoteGame {
    pub table: RemoteTable,
    /// The host, when this window runs it (it stops when the game is left).
    pub hosted: Option<Host>,
    /// The position the session shows.
    shown: Option<DecisionNumber>,
    /// The rest of a plan, sent one decision at a time as the host answers.
    plan: VecDeque<Action>,
    /// The host's refusals already shown.
    refusals_shown: usize,
    /// The chat line being typed.
    pub chat: String,
    /// Why the last chat line or decision could not be sent.
    pub problem: Option<String>,
    /// The position shown when looking back over those this table was shown (an index
    /// of [`RemoteTable::seen`]); none: the game as it stands.
    looking_back: Option<usize>,
}

impl RemoteGame {
    /// The game of a table that has joined (and of the host, if this window runs it), and
    /// the session that shows it.
    pub fn new(table: RemoteTable, hosted: Option<Host>) -> (RemoteGame, Session) {
        let session = Session::at_a_distance(
            table.scenario().clone(),
            table.state().clone(),
            table.seat().side(),
            crate::table::setup::random_seed(),
        );
        let mut game = RemoteGame {
            table,
            hosted,
            shown: None,
            plan: VecDeque::new(),
            refusals_shown: 0,
            chat: String::new(),
            problem: None,
            looking_back: None,
        };
        let mut session = session;
        game.catch_up(&mut session);
        (game, session)
    }

    /// Takes in what the host sent, and shows a new position in `session`; whether
    /// anything changed. Call every frame.
    pub fn tick(&mut self, session: &mut Session) -> bool {
        let polled = self.table.poll();
        let caught_up = self.catch_up(session);
        polled || caught_up
    }

    /// Shows the table's latest view in `session` if it is not shown yet, and sends the
    /// next decision of a plan.
    fn catch_up(&mut self, session: &mut Session) -> bool {
        let refusals = self.table.refusals();
        if refusals.len() > self.refusals_shown {
            self.refusals_shown = refusals.len();
            if let Some(r) = refusals.last() {
                session.notice = Some(format!("the host refused: {}", r.reason));
            }
            // A refused decision ends its plan.
            self.plan.clear();
        }
        if self.shown == Some(self.table.decision()) {
            return false;
        }
        // The game moved on: back to it.
        self.looking_back = None;
        self.shown = Some(self.table.decision());
        let view = self.table.view();
        session.show_from_afar(
            self.table.state().clone(),
            view.made as usize,
            view.legal.clone(),
            steps_of(&self.table),
        );
        self.send_next(session);
        true
    }

    /// A person's plan: its first decision is sent now, the rest as the host answers.
    pub fn play(&mut self, session: &mut Session, plan: &[Action]) {
        self.plan = plan.iter().copied().collect();
        self.send_next(session);
    }

    fn send_next(&mut self, session: &mut Session) {
        let Some(&next) = self.plan.front() else {
            return;
        };
        if !self.table.legal().contains(&next) {
            // As at home: a plan stops where the decision passed to the other side, and
            // says so where a die rolled on the way made its next step impossible.
            if !self.table.legal().is_empty() {
                session.notice = Some(format!(
                    "{} is no longer possible after what happened",
                    action_text(session.state(), &next, session.names())
                ));
            }
            self.plan.clear();
            return;
        }
        self.plan.pop_front();
        match self.table.play(next) {
            Ok(()) => session.notice = None,
            Err(e) => {
                session.notice = Some(e.to_string());
                self.plan.clear();
            }
        }
    }

    /// Asks the host to take back this side's last decision, or agrees to the other
    /// person's asking.
    pub fn ask_undo(&mut self) {
        self.problem = self.table.ask_undo().err().map(|e| e.to_string());
    }

    /// Sends the chat line typed, if it is one.
    pub fn say(&mut self) {
        match ChatText::new(&self.chat) {
            Ok(text) => match self.table.say(text) {
                Ok(()) => {
                    self.chat.clear();
                    self.problem = None;
                }
                Err(e) => self.problem = Some(e.to_string()),
            },
            Err(e) => self.problem = Some(e.to_string()),
        }
    }

    /// The position looked back at, if any: its index among [`RemoteTable::seen`].
    pub fn looking_back(&self) -> Option<usize> {
        self.looking_back
    }

    /// Shows in `session` the `k`th position this table was shown (from its own view: what
    /// it was sent then, nothing more), or, with `None`, the game as it stands. Nothing can
    /// be decided while looking back; a new position from the host ends it.
    pub fn look_back(&mut self, session: &mut Session, k: Option<usize>) {
        let seen = self.table.seen();
        let k = k.filter(|k| *k + 1 < seen.len());
        let Some(i) = k else {
            self.looking_back = None;
            self.shown = None;
            self.catch_up(session);
            return;
        };
        // The hand this seat did not see is dealt here at random (it is not shown).
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(i as u64);
        match seen[i]
            .snapshot
            .load(self.table.scenario().clone(), &mut rng)
        {
            Ok((state, _)) => {
                let made = seen[i].made as usize;
                let history = steps_of(&self.table).into_iter().take(made).collect();
                session.show_from_afar(state, made, Vec::new(), history);
                self.looking_back = Some(i);
                self.plan.clear();
            }
            Err(e) => session.notice = Some(format!("that position does not load: {e}")),
        }
    }

    /// Joins again with the same code after the connection closed.
    pub fn rejoin(&mut self) {
        self.problem = self.table.rejoin().err().map(|e| e.to_string());
        self.shown = None;
    }
}

/// The decisions of the table's log as the session's steps, in order: what the log may
/// show of them (a decision this seat may not see is not there).
fn steps_of(table: &RemoteTable) -> Vec<Step> {
    table
        .log()
        .iter()
        .filter_map(|e| {
            let (by, decided) = (e.by?, e.decision.as_ref()?);
            Some(Step {
                action: decided.action,
                text: decided.words.clone(),
                by,
                // Nothing is ever undone here: the host decides what can be.
                random: true,
                events: Vec::new(),
            })
        })
        .collect()
}

/// A table joining a host on a thread of its own.
pub struct Joining {
    /// Where and with which seat's code, for the words shown meanwhile.
    pub address: JoinAddress,
    pub code: JoinCode,
    /// The host this window runs, while its own table joins it.
    pub hosted: Option<Host>,
    answer: Receiver<Result<RemoteTable, JoinError>>,
}

impl Joining {
    /// Starts joining the host at `address` with `code`; `wake` is called when the host
    /// sends something (a repaint).
    pub fn start(
        address: JoinAddress,
        code: JoinCode,
        hosted: Option<Host>,
        wake: net::client::Waker,
    ) -> Joining {
        let (tx, answer) = std::sync::mpsc::channel();
        let options = JoinOptions {
            waker: Some(wake.clone()),
            ..JoinOptions::default()
        };
        let (a, c) = (address.clone(), code);
        std::thread::spawn(move || {
            let joined = RemoteTable::join(a, c, options);
            let _ = tx.send(joined);
            wake();
        });
        Joining {
            address,
            code,
            hosted,
            answer,
        }
    }

    /// The table, once it has joined, or why it could not; `None` while it waits.
    pub fn answer(&mut self) -> Option<Result<RemoteTable, String>> {
        match self.answer.try_recv() {
            Ok(joined) => Some(joined.map_err(|e| e.to_string())),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err("the joining stopped".into())),
        }
    }
}

/// The seat's name as a person reads it.
pub fn seat_words(seat: Seat) -> &'static str {
    match seat {
        Seat::Humans => "the Humans",
        Seat::Martians => "the Martians",
        Seat::Spectator => "a spectator",
    }
}
