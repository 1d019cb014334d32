//! `mars_attacks._native`: the rules engine in-process for Python (PyO3). Two classes:
//!
//! - [`Game`]: one position of a skirmish with its dice, for search and learning: the legal
//!   actions, an action applied (its chance from a seed or the game's own dice), copies,
//!   the outcome, and whole playouts by a built-in policy (`random`, `greedy`) in one call,
//!   one or many;
//! - [`Server`]: every request of `mars-attacks serve` (docs/bot-protocol.md, "A forward
//!   model") answered in-process, one JSON text for one JSON text, with no program started.
//!
//! Errors are the package's one exception, `mars_attacks.EngineError`, with `error` (what
//! is wrong) and `field` (`scenario`, `action`, `side`, `policy`), as `serve`'s are.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use ai::{Game as _, Player};
use rules::scenario_file::load_scenario;
use rules::state::Outcome;
use rules::{Action, GameRng, GameState, Side, rng_from_seed};
use skirmish_ai::bot::{BoxedPlayer, PlayerSpec, Skirmish};

/// The error `message` about `field`: the package's one exception,
/// `mars_attacks.EngineError`, as an error answer of `serve` would raise it (`error`,
/// `field`).
fn refused(py: Python<'_>, field: &str, message: impl Into<String>) -> PyErr {
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

/// The most decisions a playout makes before it is called off (no shipped game comes near).
const MAX_PLAYOUT_DECISIONS: usize = 20_000;

/// A side by its name in files and on the command line.
fn side_named(py: Python<'_>, name: &str) -> PyResult<Side> {
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
fn result_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(side, _) => side.name(),
        Outcome::Draw => "draw",
    }
}

/// What a batch playout's choices are drawn from, beside its dice: its seed mixed with this.
const CHOICES: u64 = 0x9e37_79b9_7f4a_7c15;

/// The policies a playout may use.
const POLICIES: &str = "random or greedy";

/// The built-in player a playout uses.
fn policy(py: Python<'_>, name: &str) -> PyResult<BoxedPlayer> {
    match name {
        "random" | "greedy" => {
            let spec: PlayerSpec = name
                .parse()
                .map_err(|e| refused(py, "policy", format!("{e}")))?;
            Ok(spec.build())
        }
        _ => Err(refused(
            py,
            "policy",
            format!("`{name}` is no playout policy: {POLICIES}"),
        )),
    }
}

/// A skirmish position and its dice.
#[pyclass(module = "mars_attacks._native", unsendable)]
pub struct Game {
    game: Skirmish,
    dice: GameRng,
}

impl Game {
    fn state(&self) -> &GameState {
        self.game.state()
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut legal = Vec::new();
        self.game.legal_actions(&mut legal);
        legal
    }

    /// Plays `player` for both sides from here until `until` (the game's end, or the end
    /// of the Turn under way), its choices from `choices`, the chance from the game's dice;
    /// how the game ended, or None when it goes on.
    fn play_out(
        &mut self,
        py: Python<'_>,
        player: &mut BoxedPlayer,
        choices: &mut GameRng,
        until: Until,
    ) -> PyResult<Option<String>> {
        let turn = self.state().turn_number();
        for _ in 0..MAX_PLAYOUT_DECISIONS {
            if let Some(outcome) = self.state().outcome() {
                return Ok(Some(result_word(outcome).to_string()));
            }
            if until == Until::TurnEnd && self.state().turn_number() != turn {
                return Ok(None);
            }
            let Some(action) = player.choose(&self.game, choices) else {
                return Err(refused(py, "policy", "the policy found no action"));
            };
            self.game.apply(action, &mut self.dice);
        }
        Err(refused(
            py,
            "policy",
            format!("the game did not end in {MAX_PLAYOUT_DECISIONS} decisions"),
        ))
    }
}

/// How far a playout goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Until {
    /// The game's end.
    GameEnd,
    /// The end of the Turn under way (the next Turn's start), or the game's end first.
    TurnEnd,
}

impl Until {
    fn named(py: Python<'_>, name: &str) -> PyResult<Until> {
        match name {
            "game" => Ok(Until::GameEnd),
            "turn" => Ok(Until::TurnEnd),
            _ => Err(refused(
                py,
                "until",
                format!("`{name}`: a playout goes until the end of the `game` or the `turn`"),
            )),
        }
    }
}

#[pymethods]
impl Game {
    /// A new game of the scenario file at `scenario`, set up (counters, hands) and rolled
    /// from `seed`.
    #[new]
    #[pyo3(signature = (scenario, seed = 0))]
    fn new(py: Python<'_>, scenario: PathBuf, seed: u64) -> PyResult<Game> {
        let loaded = load_scenario(&scenario).map_err(|problems| {
            let lines: Vec<String> = problems.iter().map(|d| d.to_string()).collect();
            refused(py, "scenario", lines.join("\n"))
        })?;
        let mut dice = rng_from_seed(seed);
        let state = GameState::new(Arc::new(loaded.scenario), &mut dice);
        Ok(Game {
            game: Skirmish::new(state),
            dice,
        })
    }

    /// The legal actions, as the protocol writes them (`move c4`, `shoot m3`).
    fn legal(&self) -> Vec<String> {
        self.legal_actions().iter().map(|a| a.to_string()).collect()
    }

    /// Plays `action` (as `legal` writes it): its chance from `seed` when given, else from
    /// the game's own dice. An action that does not parse or is not legal here changes
    /// nothing.
    #[pyo3(signature = (action, seed = None))]
    fn apply(&mut self, py: Python<'_>, action: &str, seed: Option<u64>) -> PyResult<()> {
        let parsed: Action = action
            .parse()
            .map_err(|e| refused(py, "action", format!("`{action}`: {e}")))?;
        if !self.legal_actions().contains(&parsed) {
            let why = match GameState::clone(self.state()).play(parsed, &mut rng_from_seed(0)) {
                Err(e) => e.to_string(),
                Ok(()) => "not legal here".to_string(),
            };
            return Err(refused(py, "action", format!("`{action}`: {why}")));
        }
        match seed {
            Some(s) => self.game.apply(parsed, &mut rng_from_seed(s)),
            None => self.game.apply(parsed, &mut self.dice),
        }
        Ok(())
    }

    /// An independent copy: the position and its dice.
    fn copy(&self) -> Game {
        Game {
            game: self.game.clone(),
            dice: self.dice.clone(),
        }
    }

    /// The side to decide (`humans` or `martians`), or None once the game is over.
    #[getter]
    fn to_move(&self) -> Option<&'static str> {
        self.state().to_move().map(Side::name)
    }

    /// The game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.state().outcome().is_some()
    }

    /// How it ended: `humans`, `martians` or `draw`; None while it goes on.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.state().outcome().map(result_word)
    }

    /// The Turns started so far.
    #[getter]
    fn turn(&self) -> u32 {
        self.state().turn_number()
    }

    /// The side whose Turn it is (`humans` or `martians`), whoever decides now.
    #[getter]
    fn turn_player(&self) -> &'static str {
        self.state().turn_player().name()
    }

    /// The Round under way.
    #[getter]
    fn round(&self) -> u16 {
        self.state().round()
    }

    /// A side's VP.
    fn vp(&self, py: Python<'_>, side: &str) -> PyResult<u16> {
        Ok(self.state().vp(side_named(py, side)?))
    }

    /// Plays this game by `policy` (`random` or `greedy`) for both sides until `until`:
    /// the end of the `game` (the default) or of the `turn` under way; its choices drawn
    /// from `seed`, the chance from the game's dice. Returns how the game ended
    /// (`humans`, `martians`, `draw`), or None when it goes on.
    #[pyo3(signature = (policy = "random", seed = 0, until = "game"))]
    fn rollout(
        &mut self,
        py: Python<'_>,
        policy: &str,
        seed: u64,
        until: &str,
    ) -> PyResult<Option<String>> {
        let until = Until::named(py, until)?;
        let mut player = self::policy(py, policy)?;
        self.play_out(py, &mut player, &mut rng_from_seed(seed), until)
    }

    /// Plays a copy of this game to its end once for each of `seeds` (the choices and the
    /// chance both from the seed), this game unchanged; how each ended, in order.
    #[pyo3(signature = (seeds, policy = "random"))]
    fn rollouts(&self, py: Python<'_>, seeds: Vec<u64>, policy: &str) -> PyResult<Vec<String>> {
        let mut player = self::policy(py, policy)?;
        seeds
            .into_iter()
            .map(|seed| {
                let mut copy = Game {
                    game: self.game.clone(),
                    dice: rng_from_seed(seed),
                };
                let mut choices = rng_from_seed(seed ^ CHOICES);
                copy.play_out(py, &mut player, &mut choices, Until::GameEnd)
                    .map(|r| r.unwrap_or_default())
            })
            .collect()
    }
}

/// The requests of `mars-attacks serve`, answered in-process.
#[pyclass(module = "mars_attacks._native", unsendable)]
pub struct Server {
    server: skirmish_table::serve::Server,
    line: u64,
}

#[pymethods]
impl Server {
    #[new]
    fn new() -> Server {
        Server {
            server: skirmish_table::serve::Server::new(),
            line: 0,
        }
    }

    /// The answer to one request, as JSON text: what `serve` answers to the same line.
    fn request(&mut self, request: &str) -> String {
        self.line += 1;
        self.server.answer_line_at(self.line, request)
    }
}

/// The module Python imports as `mars_attacks._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Server>()?;
    Ok(())
}
