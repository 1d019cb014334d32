//! How a bot program broke the protocol while starting or answering a message:
//! [`BotError`], in the words the forfeit it causes gives (`it gave no answer to decision
//! 3 within ...`).

use std::time::Duration;

use serde_json::Value;

use super::process::NoAnswer;
use super::{PROTOCOL_LATEST, PROTOCOL_VERSION};

/// What a bot did wrong; `what` names the message it was answering (`the hello`,
/// `decision 3`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// Its process is not running.
    #[error("it is not running")]
    NotRunning,
    /// No answer came to a message.
    #[error("{}", no_answer_words(.what, .limit, .why))]
    NoAnswer {
        what: String,
        limit: Duration,
        why: NoAnswer,
    },
    /// Its answer is not JSON of the protocol: the line, and the parser's words.
    #[error(
        "it answered {what} with `{}`, which is not a JSON object of the protocol: {why}",
        shorten(.line)
    )]
    NotJson {
        what: String,
        line: String,
        why: String,
    },
    /// It answered the hello with something else than a hello.
    #[error(
        "it answered the hello with {}, not {{\"type\": \"hello\", ...}}",
        shorten(&.0.to_string())
    )]
    NotAHello(Value),
    /// It did not read the game message sent after its hello.
    #[error("it did not read the game message: {0:?}")]
    GameMessage(NoAnswer),
    /// Its hello answer asks for a protocol version the engine does not speak.
    #[error(
        "its hello answer asks for protocol {0}: this engine speaks versions \
         {PROTOCOL_VERSION} to {PROTOCOL_LATEST}"
    )]
    Protocol(Value),
    /// Its hello answer asks for a version 2 opt-in without asking for version 2.
    #[error("its hello answer asks for `{0}`, which is protocol version 2's: add \"protocol\": 2")]
    OptInOfVersion2(String),
    /// Its hello answer gives an opt-in as something else than true or false.
    #[error(
        "its hello answer gives `{key}` as {}, not true or false",
        shorten(&.given.to_string())
    )]
    OptInNotBool { key: String, given: Value },
}

impl From<BotError> for ai::Forfeit {
    /// A bot that broke the protocol has failed (it started).
    fn from(e: BotError) -> ai::Forfeit {
        ai::Forfeit::failed(e.to_string())
    }
}

fn no_answer_words(what: &str, limit: &Duration, why: &NoAnswer) -> String {
    match why {
        NoAnswer::Timeout(t) => format!(
            "it gave no answer to {what} within its limit of {:.2} s (stopped after {:.2} s)",
            limit.as_secs_f64(),
            t.as_secs_f64()
        ),
        NoAnswer::NotReading(t) => format!(
            "it did not read {what} within its limit of {:.2} s: its input stayed full \
             (stopped after {:.2} s)",
            limit.as_secs_f64(),
            t.as_secs_f64()
        ),
        NoAnswer::Closed(Some(status)) => {
            format!("it exited ({status}) before answering {what}")
        }
        NoAnswer::Closed(None) => {
            format!("it closed its output (or exited) before answering {what}")
        }
        NoAnswer::BadLine(why) => format!("{why}, answering {what}"),
        NoAnswer::Unasked(text) => format!(
            "it wrote `{text}` before {what} was sent: a bot writes one line for each message \
             and nothing else"
        ),
    }
}

/// A text cut to a readable length for an error message, control characters escaped.
pub(super) fn shorten(text: &str) -> String {
    let t: String = text.chars().take(200).collect();
    let cut = if t.len() < text.len() { "..." } else { "" };
    format!("{}{cut}", t.escape_debug())
}
