//! The answers `serve` writes, as types ([`Answer`], tagged by `type`), each written as
//! one line of JSON ([`Answer::line`]) with the request's `id` if it had one; and the
//! [`Refusal`] of a request, which its error answer gives.
//!
//! An answer's keys are written in alphabetical order, at every depth (the events and
//! annotations inside it too), as `serve` has always written them: an answer goes
//! through a [`Value`], whose objects are ordered by key, on its way to text.

use serde::Serialize;
use serde_json::Value;

use rules::{GameState, Side};
use skirmish_ai::bot::exec::annotate::{ActionInfo, Annotations, TestInfo};
use skirmish_ai::bot::exec::events::{EventInfo, outcome_names};
use skirmish_ai::bot::exec::message;

/// What went wrong with a request: the field at fault, if one is, and why.
#[derive(Debug)]
pub struct Refusal {
    pub field: Option<&'static str>,
    pub error: String,
}

impl Refusal {
    /// The refusal of a request as a whole, no one field at fault.
    pub(super) fn whole(error: impl Into<String>) -> Refusal {
        Refusal {
            field: None,
            error: error.into(),
        }
    }
}

/// The refusal of a request whose `field` is at fault.
pub(super) fn refuse(field: &'static str, error: impl Into<String>) -> Refusal {
    Refusal {
        field: Some(field),
        error: error.into(),
    }
}

/// An answer.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub(super) enum Answer {
    Loaded(Loaded),
    Legal(LegalActions),
    Applied(Applied),
    Determinized(Determinized),
    Odds(OddsOf),
    State(Shown),
    Copied(Copied),
    Dropped(Dropped),
    Error(Failed),
}

/// What every answer about a position says: its name, who is to decide and in which
/// phase, the Round, the VP and the outcome once it is over.
#[derive(Serialize)]
pub(super) struct About {
    pub state: String,
    pub to_move: Option<&'static str>,
    pub phase: String,
    pub round: u16,
    pub vp: Vp,
    pub outcome: Option<OutcomeOf>,
}

/// Each side's VP.
#[derive(Serialize)]
pub(super) struct Vp {
    pub humans: u16,
    pub martians: u16,
}

/// How a game ended: the winner (none in a draw) and why.
#[derive(Serialize)]
pub(super) struct OutcomeOf {
    pub winner: Option<&'static str>,
    pub reason: &'static str,
}

impl About {
    /// The position `g`, kept as `name`.
    pub fn of(name: &str, g: &GameState) -> About {
        // The phase as the decide message's state names it (always a string).
        let phase = message::public_state(g)["phase"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        About {
            state: name.to_string(),
            to_move: g.to_move().map(Side::name),
            phase,
            round: g.round(),
            vp: Vp {
                humans: g.vp(Side::Humans),
                martians: g.vp(Side::Martians),
            },
            outcome: g.outcome().map(|o| {
                let (winner, reason) = outcome_names(o);
                OutcomeOf { winner, reason }
            }),
        }
    }
}

/// `loaded`: the position loaded, its scenario's fingerprint, and for a snapshot the
/// side it was taken for.
#[derive(Serialize)]
pub(super) struct Loaded {
    #[serde(flatten)]
    pub about: About,
    pub fingerprint: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
}

/// `legal`: the legal actions, and their annotations when asked for (`null` when the
/// game is over).
#[derive(Serialize)]
pub(super) struct LegalActions {
    #[serde(flatten)]
    pub about: About,
    pub legal: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub annotations: Option<Option<Box<Annotations>>>,
}

/// `applied`: the action played, the events as they were shown, and the position after.
#[derive(Serialize)]
pub(super) struct Applied {
    #[serde(flatten)]
    pub about: About,
    pub action: String,
    pub events: Vec<EventInfo>,
}

/// `determinized`: the position dealt afresh, and the side whose view it keeps.
#[derive(Serialize)]
pub(super) struct Determinized {
    #[serde(flatten)]
    pub about: About,
    pub side: &'static str,
}

/// `odds`: a test's from its dice, or a legal action's.
#[derive(Serialize)]
#[serde(untagged)]
pub(super) enum OddsOf {
    Test(TestOdds),
    Action(Box<ActionOdds>),
}

/// The odds of a test from its dice, tagged by the `test`.
#[derive(Serialize)]
#[serde(tag = "test", rename_all = "lowercase")]
pub(super) enum TestOdds {
    Shoot {
        kill: f64,
        rattled: f64,
        miss: f64,
    },
    Fight {
        attacker_wins: f64,
        defender_wins: f64,
        no_kill: f64,
    },
}

/// The odds of a legal action: its annotation (`null` if it has none) and the test of
/// the response window it is decided in.
#[derive(Serialize)]
pub(super) struct ActionOdds {
    pub state: String,
    pub action: String,
    pub odds: Option<ActionInfo>,
    pub test: Option<TestInfo>,
}

/// `state`: the position as a decide message shows it to `side`.
#[derive(Serialize)]
pub(super) struct Shown {
    pub state: String,
    pub side: &'static str,
    /// The decide message ([`message::decision_asked`]).
    pub decide: Value,
}

/// `copied`: position `state` is kept as `into` too.
#[derive(Serialize)]
pub(super) struct Copied {
    pub state: String,
    pub into: String,
}

/// `dropped`: position `state` is gone; `states` are left.
#[derive(Serialize)]
pub(super) struct Dropped {
    pub state: String,
    pub states: usize,
}

/// `error`: the line of input the request was on, its type if it had one, the field at
/// fault if one is, and what is wrong.
#[derive(Serialize)]
pub(super) struct Failed {
    pub line: u64,
    pub request: Option<String>,
    pub field: Option<&'static str>,
    pub error: String,
}

/// An answer with the `id` of the request it answers, when it had one (any JSON value,
/// `null` too).
#[derive(Serialize)]
struct Reply<'a> {
    #[serde(flatten)]
    answer: &'a Answer,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<Value>,
}

impl Answer {
    /// The error answer to line `line`, a request of type `request` (if it had a type)
    /// refused.
    pub fn error(line: u64, request: Option<&str>, refusal: Refusal) -> Answer {
        Answer::Error(Failed {
            line,
            request: request.map(str::to_string),
            field: refusal.field,
            error: refusal.error,
        })
    }

    /// The answer as its line, without the line's end, with the request's `id`.
    pub fn line(&self, id: Option<Value>) -> String {
        serde_json::to_value(Reply { answer: self, id })
            .expect("an answer is JSON: its maps' keys are strings")
            .to_string()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn an_answer_is_written_with_its_keys_in_order_and_the_id_given() {
        let dropped = Answer::Dropped(Dropped {
            state: "trial".into(),
            states: 1,
        });
        assert_eq!(
            dropped.line(Some(json!([1, {"b": 2, "a": 1}]))),
            r#"{"id":[1,{"a":1,"b":2}],"state":"trial","states":1,"type":"dropped"}"#
        );
        assert_eq!(
            dropped.line(Some(Value::Null)),
            r#"{"id":null,"state":"trial","states":1,"type":"dropped"}"#
        );
        let odds = Answer::Odds(OddsOf::Test(TestOdds::Fight {
            attacker_wins: 0.5,
            defender_wins: 0.25,
            no_kill: 0.25,
        }));
        assert_eq!(
            odds.line(None),
            r#"{"attacker_wins":0.5,"defender_wins":0.25,"no_kill":0.25,"test":"fight","type":"odds"}"#
        );
    }

    #[test]
    fn an_error_answer_names_its_line_request_and_field() {
        let refused = Answer::error(4, Some("apply"), refuse("action", "`zzz` is not legal"));
        assert_eq!(
            refused.line(Some(json!(7))),
            r#"{"error":"`zzz` is not legal","field":"action","id":7,"line":4,"request":"apply","type":"error"}"#
        );
        let unread = Answer::error(1, None, Refusal::whole("a request is a JSON object"));
        assert_eq!(
            unread.line(None),
            r#"{"error":"a request is a JSON object","field":null,"line":1,"request":null,"type":"error"}"#
        );
    }
}
