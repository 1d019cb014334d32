//! Reading one field of a `serve` request: a [`Fields`] is a request's JSON object, and
//! each of its readers takes one field by its name, checks its kind and range, and
//! returns it typed, or the [`Refusal`] that names it and says what it should be. A field
//! left out and a field given as `null` are the same (except where a reader says
//! otherwise); fields no reader asks for are ignored. The requests' types, and the order
//! their fields are read in, are [`super::request`]'s.

use serde_json::{Map, Value};

use rules::given_dice;
use rules::square::SideError;
use rules::{Action, Side};

use super::answer::{Refusal, refuse};
use super::positions::MAX_NAME;

/// A request's fields: its JSON object.
#[derive(Clone, Copy)]
pub(super) struct Fields<'a>(pub &'a Map<String, Value>);

impl<'a> Fields<'a> {
    /// The field `key` as given, `null` included.
    pub fn get(self, key: &str) -> Option<&'a Value> {
        self.0.get(key)
    }

    /// A position's name: a string of 1 to [`MAX_NAME`] bytes.
    pub fn name(self, key: &'static str) -> Result<Option<String>, Refusal> {
        match self.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if !s.is_empty() && s.len() <= MAX_NAME => Ok(Some(s.clone())),
            Some(_) => Err(refuse(
                key,
                format!("a position's name is a string of 1 to {MAX_NAME} characters"),
            )),
        }
    }

    pub fn string(self, key: &'static str) -> Result<Option<&'a str>, Refusal> {
        match self.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(refuse(key, format!("`{key}` is a string"))),
        }
    }

    pub fn whole_number(self, key: &'static str) -> Result<Option<u64>, Refusal> {
        match self.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v.as_u64().map(Some).ok_or_else(|| {
                refuse(
                    key,
                    format!("`{key}` is a whole number from 0 to 2^64 - 1, not {v}"),
                )
            }),
        }
    }

    /// A flag: false when left out.
    pub fn flag(self, key: &'static str) -> Result<bool, Refusal> {
        match self.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(v) => Err(refuse(key, format!("`{key}` is true or false, not {v}"))),
        }
    }

    /// A side, by its name.
    pub fn side(self, key: &'static str) -> Result<Option<Side>, Refusal> {
        match self.string(key)? {
            None => Ok(None),
            Some(s) => s
                .parse()
                .map(Some)
                .map_err(|e: SideError| refuse(key, e.to_string())),
        }
    }

    /// `action`, which must be given: an action as the protocol writes it.
    pub fn action(self) -> Result<Action, Refusal> {
        let text = self
            .string("action")?
            .ok_or_else(|| refuse("action", "the request needs `action`, e.g. \"shoot m9\""))?;
        text.parse::<Action>().map_err(|e| {
            refuse(
                "action",
                format!("`{}` is not an action: {e}", text.escape_debug()),
            )
        })
    }

    /// The snapshot of a request: `snapshot`, or the one inside the `decide` message given.
    pub fn snapshot(self) -> Result<Option<String>, Refusal> {
        if let Some(s) = self.string("snapshot")? {
            return Ok(Some(s.to_string()));
        }
        match self.get("decide") {
            None | Some(Value::Null) => Ok(None),
            Some(d) => match d.get("snapshot") {
                Some(Value::String(s)) => Ok(Some(s.clone())),
                _ => Err(refuse(
                    "decide",
                    "the decide message has no `snapshot`: a bot asks for it with \"snapshot\": \
                     true in its hello answer",
                )),
            },
        }
    }

    /// The dice given (`dice`): a list of rolls, each a list of faces.
    pub fn dice(self) -> Result<Option<Vec<Vec<u8>>>, Refusal> {
        let Some(v) = self.get("dice") else {
            return Ok(None);
        };
        if v.is_null() {
            return Ok(None);
        }
        let bad = || {
            refuse(
                "dice",
                "`dice` is a list of rolls, each a list of faces 1 to 8, e.g. [[6, 2, 4, 1], [3, 5, 2]]",
            )
        };
        let rolls = v.as_array().ok_or_else(bad)?;
        if rolls.len() > given_dice::MAX_ROLLS {
            return Err(refuse(
                "dice",
                format!("{} rolls: at most {}", rolls.len(), given_dice::MAX_ROLLS),
            ));
        }
        let mut out = Vec::with_capacity(rolls.len());
        for r in rolls {
            let faces = r.as_array().ok_or_else(bad)?;
            if faces.len() > given_dice::MAX_FACES {
                return Err(bad());
            }
            let mut f = Vec::with_capacity(faces.len());
            for x in faces {
                let n = x.as_u64().filter(|n| (1..=8).contains(n)).ok_or_else(bad)?;
                f.push(n as u8);
            }
            out.push(f);
        }
        Ok(Some(out))
    }
}

/// The fields of a test's dice (`odds`'s `shoot` or `fight`, named `test`): any JSON
/// value, as a field that is not an object has none of them.
#[derive(Clone, Copy)]
pub(super) struct TestFields<'a> {
    pub spec: &'a Value,
    pub test: &'static str,
}

impl TestFields<'_> {
    /// A number of dice that must be given (though `null` is none).
    pub fn dice(self, key: &'static str) -> Result<u8, Refusal> {
        if self.spec.get(key).is_none() {
            return Err(refuse(self.test, format!("`{}` needs `{key}`", self.test)));
        }
        self.dice_or(key, 0)
    }

    /// A number of dice, `default` when left out.
    pub fn dice_or(self, key: &'static str, default: u8) -> Result<u8, Refusal> {
        match self.spec.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(v) => v
                .as_u64()
                .filter(|n| *n <= 64)
                .map(|n| n as u8)
                .ok_or_else(|| {
                    refuse(
                        self.test,
                        format!("`{key}` is a number of dice from 0 to 64, not {v}"),
                    )
                }),
        }
    }

    /// A die roll to make, which must be given.
    pub fn roll(self, key: &'static str) -> Result<u8, Refusal> {
        match self.spec.get(key) {
            Some(v) => v
                .as_u64()
                .filter(|n| (1..=8).contains(n))
                .map(|n| n as u8)
                .ok_or_else(|| {
                    refuse(
                        self.test,
                        format!("`{key}` is a die roll from 1 to 8, not {v}"),
                    )
                }),
            None => Err(refuse(self.test, format!("`{}` needs `{key}`", self.test))),
        }
    }

    /// A flag that is true when left out, and must be true or false when given (`null`
    /// is neither).
    pub fn flag_or_true(self, key: &'static str) -> Result<bool, Refusal> {
        match self.spec.get(key) {
            Some(Value::Bool(b)) => Ok(*b),
            None => Ok(true),
            Some(_) => Err(refuse(self.test, format!("`{key}` is true or false"))),
        }
    }
}
