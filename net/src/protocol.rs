//! The messages between the host and a table: JSON text, one WebSocket message each,
//! tagged by `type`. A table says [`ClientMessage::Hello`] first, with
//! [`PROTOCOL_VERSION`] and its seat's code; the host answers [`ServerMessage::Welcome`]
//! (the seat, the scenario's text and the seat's whole view) or says goodbye and closes.
//! After that the host sends a [`View`] whenever the position changes, and the table
//! sends its decisions ([`ClientMessage::Play`], naming the decision it answers), undo
//! requests, chat lines and pings.
//!
//! Every view is built from what its seat may see ([`crate::view`]): the position as
//! `GameState::snapshot` writes it for the seat's side (its own hand; the other hand a
//! size only), the log as that side's log shows it, and the legal actions only while the
//! seat decides. Nothing here names the seed, the deck's order or a face-down counter's
//! kind: the game state holds none of them (the deck is a count of each card, a counter's
//! kind is drawn when it is revealed) and the generator never leaves the host.

use std::fmt;
use std::sync::Arc;

use rand::RngCore;
use serde::{Deserialize, Serialize};

use rules::scenario::Scenario;
use rules::scenario_file::{Diagnostic, parse_scenario};
use rules::{Action, GameState, Side};
use skirmish_ai::bot::exec::snapshot::{LoadSnapshotError, load_snapshot, snapshot_of};

use crate::code::JoinCode;

/// The protocol's version, said in the hello. A host speaks only its own: a table of
/// another version is told the host's and turned away.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest message a table may send, in bytes (a decision, a chat line: a few
/// hundred bytes). Anything larger is refused and the connection closed.
pub const MAX_CLIENT_MESSAGE_BYTES: usize = 16 * 1024;

/// The largest message the host sends, in bytes: a welcome holds the scenario's text (at
/// most 1 MiB) and the whole log of a long game.
pub const MAX_HOST_MESSAGE_BYTES: usize = 16 << 20;

/// The most characters of a chat line.
pub const MAX_CHAT_CHARS: usize = 400;

/// The longest text of an action a table may send, in bytes (the longest action of the
/// rules is a few dozen).
const MAX_ACTION_BYTES: usize = 200;

/// Where a table sits: a side, or watching.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    Humans,
    Martians,
    /// Watching: sees only the public game (neither hand).
    Spectator,
}

impl Seat {
    /// The seats, in the order the host lists their codes.
    pub const ALL: [Seat; 3] = [Seat::Humans, Seat::Martians, Seat::Spectator];

    /// The side the seat plays, if it plays one.
    pub const fn side(self) -> Option<Side> {
        match self {
            Seat::Humans => Some(Side::Humans),
            Seat::Martians => Some(Side::Martians),
            Seat::Spectator => None,
        }
    }

    /// The seat of a side.
    pub const fn of(side: Side) -> Seat {
        match side {
            Side::Humans => Seat::Humans,
            Side::Martians => Seat::Martians,
        }
    }

    /// `humans`, `martians` or `spectator`.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::Humans => "humans",
            Seat::Martians => "martians",
            Seat::Spectator => "spectator",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The number of the position a view shows: it goes up by one each time the position
/// changes (a decision, a response window answered, an undo). A decision names the number
/// of the position it was made in, so a decision made on a position that has since
/// changed is refused, never applied to another.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct DecisionNumber(pub u64);

impl DecisionNumber {
    /// The number after this one.
    pub const fn next(self) -> DecisionNumber {
        DecisionNumber(self.0 + 1)
    }
}

impl fmt::Display for DecisionNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A position as one seat may see it: [`GameState::snapshot`] for the seat's side (for a
/// spectator, of the position with both hands dealt afresh), as the bot protocol's base64
/// text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SnapshotText(pub String);

impl SnapshotText {
    /// `g` as `side` may see it.
    pub fn of(g: &GameState, side: Side) -> SnapshotText {
        SnapshotText(snapshot_of(g, side))
    }

    /// The position, in a game of `scenario`, the hand its side does not see dealt from
    /// `rng`; and the side it was taken for.
    pub fn load(
        &self,
        scenario: Arc<Scenario>,
        rng: &mut dyn RngCore,
    ) -> Result<(GameState, Side), LoadSnapshotError> {
        load_snapshot(scenario, &self.0, rng)
    }
}

/// The scenario a game is played on: its file's name and its whole text, which the
/// table reads as the host did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioText {
    pub file: String,
    pub text: String,
}

impl ScenarioText {
    /// The scenario, or every problem found in the text.
    pub fn load(&self) -> Result<Arc<Scenario>, Vec<Diagnostic>> {
        parse_scenario(&self.file, &self.text).map(|l| Arc::new(l.scenario))
    }
}

/// A line of chat: at most [`MAX_CHAT_CHARS`] characters, not empty, no control
/// characters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ChatText(String);

/// Why text is not a chat line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChatError {
    #[error("a chat line is empty")]
    Empty,
    #[error("a chat line has at most {MAX_CHAT_CHARS} characters")]
    TooLong,
    #[error("a chat line holds no control characters")]
    Control,
}

impl ChatText {
    /// The text, trimmed, if it is a chat line.
    pub fn new(text: &str) -> Result<ChatText, ChatError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(ChatError::Empty);
        }
        if t.chars().count() > MAX_CHAT_CHARS {
            return Err(ChatError::TooLong);
        }
        if t.chars().any(char::is_control) {
            return Err(ChatError::Control);
        }
        Ok(ChatText(t.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for ChatText {
    type Error = ChatError;
    fn try_from(s: String) -> Result<ChatText, ChatError> {
        ChatText::new(&s)
    }
}

impl From<ChatText> for String {
    fn from(c: ChatText) -> String {
        c.0
    }
}

/// A chat line and who said it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    pub from: Seat,
    pub text: ChatText,
}

/// What a table sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: the protocol's version and the seat's code.
    Hello { version: u32, code: JoinCode },
    /// A decision of the seat's side, made on position `at`.
    Play {
        #[serde(with = "action_text")]
        action: Action,
        at: DecisionNumber,
    },
    /// Take back the seat's last decision (and the AI's replies after it), made on position
    /// `at`; or, while the other person asks for one, agree to it. Against the AI it is
    /// done at once; between two people, once both have asked. Never past a roll or draw.
    Undo { at: DecisionNumber },
    /// A line of chat, to every table.
    Chat { text: ChatText },
    /// Send the whole view again (the log from the start).
    Resync {},
    /// Keeps the connection alive; answered [`ServerMessage::Pong`].
    Ping {},
}

/// What the host sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// The answer to a good hello.
    Welcome(Box<Welcome>),
    /// The position changed (or the table asked for it again).
    View(Box<View>),
    /// Who sits where changed (a table joined, dropped, or the AI stands in).
    Seats(SeatsStatus),
    /// A chat line.
    Chat(ChatLine),
    /// The other person asks to take back their last decision: an [`ClientMessage::Undo`]
    /// on position `at` agrees.
    UndoAsked {
        by: Side,
        at: DecisionNumber,
    },
    /// A message of the table's was refused: the game is unchanged.
    Refused(Refusal),
    Pong,
    /// The host closes the connection, and why.
    Goodbye {
        reason: Goodbye,
    },
}

/// The answer to a good hello: where the table sits, the scenario, and the whole view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Welcome {
    pub version: u32,
    pub seat: Seat,
    pub scenario: ScenarioText,
    pub view: View,
    pub seats: SeatsStatus,
    /// The recent chat, oldest first.
    pub chat: Vec<ChatLine>,
}

/// A position as one seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    pub decision: DecisionNumber,
    /// The decisions made so far (the entries of the host's game record).
    pub made: u32,
    /// The empty response windows answered since the last of them.
    pub windows: u32,
    /// Whose decision it is, if the game goes on.
    pub to_move: Option<Side>,
    pub snapshot: SnapshotText,
    /// The legal decisions, when this seat makes the next one; else empty.
    #[serde(with = "action_texts")]
    pub legal: Vec<Action>,
    /// What happened since the last view, as the seat's log shows it.
    pub log: LogUpdate,
}

/// The log of a view: the entries after those of the last view, or, when `reset`, the
/// whole log from the start (after an undo, and in a welcome).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogUpdate {
    pub reset: bool,
    pub entries: Vec<LogEntry>,
}

/// One entry of the log: a decision and what it caused, as the seat may see it. An
/// entry without a decision continues the one before it (what a response window
/// answered after it caused, or what a choice the seat may not see let happen, R28);
/// without a side, it is the set-up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    pub by: Option<Side>,
    pub decision: Option<Decided>,
    pub events: Vec<LogEvent>,
}

/// A decision in the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decided {
    #[serde(with = "action_text")]
    pub action: Action,
    /// The decision in words, as the host's table reads it.
    pub words: String,
}

/// One event of the log: in words as the seat's log reads it, and typed as the bot
/// protocol's version 2 writes it (`docs/bot-protocol.md`, "happened"), with what the
/// seat may not see left out (the other side's drawn cards).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEvent {
    pub text: String,
    pub info: serde_json::Value,
}

/// Who sits at each side, and how many watch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatsStatus {
    pub humans: SeatState,
    pub martians: SeatState,
    pub spectators: u32,
}

impl SeatsStatus {
    pub fn of(&self, side: Side) -> SeatState {
        match side {
            Side::Humans => self.humans,
            Side::Martians => self.martians,
        }
    }
}

/// A side's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatState {
    /// The AI plays it.
    Ai,
    /// A person's seat nobody has taken yet.
    Open,
    /// The person is at the table.
    Present,
    /// The person dropped; the seat is kept for them.
    Away,
    /// The person has been away longer than the grace period: the AI plays for them
    /// until they come back.
    StandIn,
}

/// A refused message, and why (in a person's words).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refusal {
    pub kind: RefusalKind,
    pub reason: String,
}

/// What kind of message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefusalKind {
    /// Not a message of the protocol (not JSON, an unknown type, a bad field, binary).
    Malformed,
    /// More messages than the rate limit allows.
    TooFast,
    /// A hello on a connection that has already joined.
    AlreadyJoined,
    /// A decision from a seat that does not decide now (the other side's, the AI's, a
    /// spectator's, or the game is over).
    NotYourDecision,
    /// A decision or undo made on a position that has since changed.
    Stale,
    /// The rules refuse the decision.
    Illegal,
    /// Nothing that seat may undo now.
    Undo,
}

/// Why the host closes a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case", deny_unknown_fields)]
pub enum Goodbye {
    /// The code is not one of this game's.
    UnknownCode,
    /// The table speaks another version of the protocol: the host's is `host`.
    Version { host: u32 },
    /// The first message was not a hello, or came too late.
    NoHello,
    /// The same seat joined again from another connection.
    Replaced,
    /// Silent longer than the host waits.
    Silent,
    /// Too slow to read what it was sent: it may join again for the whole view.
    TooSlow,
    /// Kept sending faster than the rate limit.
    Flood,
    /// The host is stopping.
    Stopping,
}

impl fmt::Display for Goodbye {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goodbye::UnknownCode => f.write_str("the code is not one of this game's"),
            Goodbye::Version { host } => {
                write!(
                    f,
                    "the host speaks version {host} of the protocol, this table {PROTOCOL_VERSION}"
                )
            }
            Goodbye::NoHello => f.write_str("no hello came in time"),
            Goodbye::Replaced => f.write_str("the seat joined again from another connection"),
            Goodbye::Silent => f.write_str("the table was silent too long"),
            Goodbye::TooSlow => f.write_str("the table read too slowly; join again"),
            Goodbye::Flood => f.write_str("the table sent too many messages"),
            Goodbye::Stopping => f.write_str("the host is stopping"),
        }
    }
}

/// An action as its text (`move m3 b4`), read with the rules' parser; text longer than
/// any action is refused before it is read.
mod action_text {
    use serde::{Deserialize, Deserializer, Serializer, de};

    use rules::Action;

    pub fn serialize<S: Serializer>(a: &Action, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(a)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let text = String::deserialize(d)?;
        super::read_action(&text).map_err(de::Error::custom)
    }
}

/// A list of actions as their texts.
mod action_texts {
    use serde::ser::SerializeSeq;
    use serde::{Deserialize, Deserializer, Serializer, de};

    use rules::Action;

    pub fn serialize<S: Serializer>(list: &[Action], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(list.len()))?;
        for a in list {
            seq.serialize_element(&a.to_string())?;
        }
        seq.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Action>, D::Error> {
        let texts = Vec::<String>::deserialize(d)?;
        texts
            .iter()
            .map(|t| super::read_action(t).map_err(de::Error::custom))
            .collect()
    }
}

/// The action `text` names, or why it names none.
/// Why an action's text in a message is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionTextError {
    #[error("an action's text has at most {MAX_ACTION_BYTES} bytes; this has {bytes}")]
    TooLong { bytes: usize },
    #[error("`{}` is not an action: {why}", .text.escape_debug())]
    NotAnAction { text: String, why: String },
}

fn read_action(text: &str) -> Result<Action, ActionTextError> {
    if text.len() > MAX_ACTION_BYTES {
        return Err(ActionTextError::TooLong { bytes: text.len() });
    }
    text.parse::<Action>()
        .map_err(|e| ActionTextError::NotAnAction {
            text: text.to_string(),
            why: e.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_back_as_they_are_written() {
        let code = crate::code::CodeSource::Seeded(1).codes(1).unwrap()[0];
        let msgs = [
            ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                code,
            },
            ClientMessage::Play {
                action: "activate m3".parse().unwrap(),
                at: DecisionNumber(12),
            },
            ClientMessage::Undo {
                at: DecisionNumber(3),
            },
            ClientMessage::Chat {
                text: ChatText::new("  good luck ").unwrap(),
            },
            ClientMessage::Resync {},
            ClientMessage::Ping {},
        ];
        for m in msgs {
            let text = serde_json::to_string(&m).unwrap();
            let back: ClientMessage = serde_json::from_str(&text).unwrap();
            // A code compares only by `matches`: the texts stand for the messages.
            assert_eq!(serde_json::to_string(&back).unwrap(), text);
        }
        let play = r#"{"type":"play","action":"activate m3","at":12}"#;
        assert!(matches!(
            serde_json::from_str::<ClientMessage>(play).unwrap(),
            ClientMessage::Play {
                at: DecisionNumber(12),
                ..
            }
        ));
    }

    #[test]
    fn what_is_not_a_message_says_why() {
        let err = |t: &str| {
            serde_json::from_str::<ClientMessage>(t)
                .unwrap_err()
                .to_string()
        };
        assert!(err(r#"{"type":"play","action":"jump a1","at":1}"#).contains("not an action"));
        assert!(err(r#"{"type":"launch"}"#).contains("unknown variant"));
        assert!(err(r#"{"type":"ping","exec":"rm -rf"}"#).contains("unknown field"));
        assert!(err(r#"{"type":"undo","at":1,"code":"x"}"#).contains("unknown field"));
        assert!(err(r#"{"type":"hello","version":1,"code":"nope"}"#).contains("join code"));
        let long = format!(r#"{{"type":"play","action":"{}","at":1}}"#, "a".repeat(300));
        assert!(err(&long).contains("at most 200 bytes"), "{}", err(&long));
        let chat = format!(r#"{{"type":"chat","text":"{}"}}"#, "x".repeat(401));
        assert!(err(&chat).contains("at most 400"));
        assert!(err(r#"{"type":"chat","text":"a\u0007b"}"#).contains("control"));
        assert!(err(r#"{"type":"chat","text":"   "}"#).contains("empty"));
    }
}
