//! `mars_attacks._native`: the rules engine in-process for Python (PyO3). Two classes:
//!
//! - [`game::Game`]: one position of a skirmish with its dice, for search and learning:
//!   the legal actions, an action applied (its chance from a seed or the game's own dice),
//!   copies, the outcome, the shipped evaluation, a decision's snapshot loaded, and whole
//!   playouts by a built-in policy ([`policy`]: `random`, `greedy`, a softmax over greedy's
//!   scores) in one call, one or many; batches of states; for the learning environment
//!   (`mars_attacks.SkirmishEnv`), what a side may see as numbers, what it cannot see
//!   dealt afresh, and a fixed action space ([`action_space`]) with its mask;
//! - [`server::Server`]: every request of `mars-attacks serve` (docs/bot-protocol.md, "A
//!   forward model") answered in-process, one JSON text for one JSON text, with no
//!   program started.
//!
//! Errors are the package's one exception, `mars_attacks.EngineError`, with `error` (what
//! is wrong) and `field` (`scenario`, `game`, `snapshot`, `action`, `actions`, `side`,
//! `policy`, `until`), as `serve`'s are.

mod action_space;
mod game;
mod policy;
mod server;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use rules::Side;
use rules::state::Outcome;

/// The error `message` about `field`: the package's one exception,
/// `mars_attacks.EngineError`, as an error answer of `serve` would raise it (`error`,
/// `field`).
pub(crate) fn refused(py: Python<'_>, field: &str, message: impl Into<String>) -> PyErr {
    let message = message.into();
    let made = || -> PyResult<PyErr> {
        let class = py.import("mars_attacks.engine")?.getattr("EngineError")?;
        let answer = PyDict::new(py);
        answer.set_item("error", &message)?;
        answer.set_item("field", field)?;
        Ok(PyErr::from_value(class.call1((answer,))?))
    };
    // Imported outside its package, the module still says what is wrong.
    made().unwrap_or_else(|_| PyValueError::new_err(format!("{message} (field `{field}`)")))
}

/// A side by its name in files and on the command line.
pub(crate) fn side_named(py: Python<'_>, name: &str) -> PyResult<Side> {
    match name {
        "humans" => Ok(Side::Humans),
        "martians" => Ok(Side::Martians),
        _ => Err(refused(
            py,
            "side",
            format!("`{name}` is no side: humans or martians"),
        )),
    }
}

/// How a game ended, in one word: the winning side's name, or `draw`.
pub(crate) fn result_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(side, _) => side.name(),
        Outcome::Draw => "draw",
    }
}

/// The module Python imports as `mars_attacks._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::Game>()?;
    m.add_class::<server::Server>()?;
    Ok(())
}
