//! The host's log: who joined and left, and every message refused or connection turned
//! away, with why. Kept in memory (the last [`MAX_NOTES`]) and handed to a callback as it
//! is written, for the command line to print. Nothing a note says holds a code, a hand
//! or the seed.

use std::collections::VecDeque;
use std::fmt;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::protocol::{Goodbye, RefusalKind, Seat};

/// The most notes kept.
pub const MAX_NOTES: usize = 10_000;

/// One line of the host's log.
#[derive(Clone, Debug, PartialEq)]
pub struct HostNote {
    /// Since the host started.
    pub at: Duration,
    /// The connection's address, for a note about one.
    pub peer: Option<SocketAddr>,
    /// The seat of the connection, once it joined.
    pub seat: Option<Seat>,
    pub kind: NoteKind,
    pub text: String,
}

/// What a note is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// The host listens.
    Listening,
    /// A table joined a seat.
    Joined,
    /// A table left or dropped.
    Left,
    /// A message of a table's was refused (the game is unchanged).
    Refused(RefusalKind),
    /// A connection was closed by the host.
    TurnedAway(Goodbye),
    /// A connection failed (not a WebSocket, a message too large, an error reading).
    ConnectionFailed,
    /// The AI stands in for a person away longer than the grace period, or stops.
    StandIn,
    /// The game could not be saved.
    SaveFailed,
    /// The game is over.
    Over,
    /// The AI failed, or another trouble of the game's.
    Game,
}

impl fmt::Display for HostNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{:>8.3}s]", self.at.as_secs_f64())?;
        if let Some(p) = self.peer {
            write!(f, " {p}")?;
        }
        if let Some(s) = self.seat {
            write!(f, " ({s})")?;
        }
        write!(f, " {}", self.text)
    }
}

/// Called with each note as it is written.
pub type NoteSink = Arc<dyn Fn(&HostNote) + Send + Sync>;

/// The notes, shared by the host's tasks.
pub(crate) struct Notes {
    start: Instant,
    kept: Mutex<VecDeque<HostNote>>,
    sink: Option<NoteSink>,
}

impl Notes {
    pub(crate) fn new(sink: Option<NoteSink>) -> Notes {
        Notes {
            start: Instant::now(),
            kept: Mutex::new(VecDeque::new()),
            sink,
        }
    }

    pub(crate) fn write(
        &self,
        peer: Option<SocketAddr>,
        seat: Option<Seat>,
        kind: NoteKind,
        text: impl Into<String>,
    ) {
        let note = HostNote {
            at: self.start.elapsed(),
            peer,
            seat,
            kind,
            text: text.into(),
        };
        if let Some(sink) = &self.sink {
            sink(&note);
        }
        if let Ok(mut kept) = self.kept.lock() {
            if kept.len() == MAX_NOTES {
                kept.pop_front();
            }
            kept.push_back(note);
        }
    }

    pub(crate) fn all(&self) -> Vec<HostNote> {
        self.kept
            .lock()
            .map(|k| k.iter().cloned().collect())
            .unwrap_or_default()
    }
}
