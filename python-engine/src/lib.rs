//! `mars_attacks._native`: the rules engine in-process for Python (PyO3). Two classes:
//!
//! - [`Game`]: one position of a skirmish with its dice, for search and learning: the legal
//!   actions, an action applied (its chance from a seed or the game's own dice), copies,
//!   the outcome, and whole playouts by a built-in policy (`random`, `greedy`) in one call,
//!   one or many; for the learning environment (`mars_attacks.SkirmishEnv`), what a side
//!   may see as numbers, what it cannot see dealt afresh, and a fixed action space with
//!   its mask;
//! - [`Server`]: every request of `mars-attacks serve` (docs/bot-protocol.md, "A forward
//!   model") answered in-process, one JSON text for one JSON text, with no program started.
//!
//! Errors are the package's one exception, `mars_attacks.EngineError`, with `error` (what
//! is wrong) and `field` (`scenario`, `action`, `side`, `policy`), as `serve`'s are.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use ai::{Game as _, Player};
use rules::action::{Defence, ModelId};
use rules::scenario_file::load_scenario;
use rules::state::Outcome;
use rules::{Action, Edge, GameRng, GameState, Side, Square, rng_from_seed};
use skirmish_ai::bot::learn::features::{INPUTS, Input, features};
use skirmish_ai::bot::{BoxedPlayer, PlayerSpec, Skirmish};
use skirmish_table::table::describe::card_of;

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

/// The learning environment's fixed action space: every decision that names no card
/// (deploy, activate, move, shoot... for this scenario's models), numbered once; then
/// [`CARD_SLOTS`] slots for the decisions that play, lay, call, answer with or discard a
/// card, numbered in the order the rules list the ones legal now (a card's decisions with
/// every target would be hundreds of thousands of actions).
struct ActionSpace {
    fixed: Vec<Action>,
    index: HashMap<Action, usize>,
}

/// The slots for the card decisions legal at one moment.
const CARD_SLOTS: usize = 256;

/// The decision names a card (so it takes a card slot): the table's reading of which card
/// a decision plays.
fn names_a_card(a: &Action) -> bool {
    card_of(a).is_some()
}

impl ActionSpace {
    fn of(g: &GameState) -> ActionSpace {
        let models = || (0..g.models().len()).map(|i| ModelId(i as u8));
        let mut fixed: Vec<Action> = Vec::new();
        fixed.extend(Square::all().map(Action::Deploy));
        fixed.extend(models().map(Action::Activate));
        fixed.push(Action::Stand);
        fixed.extend(Square::all().map(Action::Move));
        fixed.extend(Edge::ALL.into_iter().map(Action::Exit));
        fixed.push(Action::Aim);
        fixed.extend(models().map(Action::Shoot));
        fixed.extend(models().map(Action::Fight));
        fixed.push(Action::Defend(Defence::Fight));
        fixed.push(Action::Defend(Defence::Survive));
        fixed.extend(models().map(Action::Defender));
        fixed.extend([Action::Done, Action::EndTurn, Action::Pass]);
        fixed.extend([Action::Respond(None), Action::Keep]);
        fixed.extend(Edge::ALL.into_iter().map(Action::Heading));
        fixed.extend(models().map(Action::Pick));
        fixed.extend([Action::ShootBug, Action::FightBug]);
        let index = fixed.iter().enumerate().map(|(i, a)| (*a, i)).collect();
        ActionSpace { fixed, index }
    }

    fn len(&self) -> usize {
        self.fixed.len() + CARD_SLOTS
    }
}

/// A skirmish position and its dice.
#[pyclass(module = "mars_attacks._native", unsendable)]
pub struct Game {
    game: Skirmish,
    dice: GameRng,
    space: Arc<ActionSpace>,
}

impl Game {
    fn state(&self) -> &GameState {
        self.game.state()
    }

    /// The action numbered `index` now; None for an empty card slot.
    fn action_at(&self, py: Python<'_>, index: usize) -> PyResult<Option<Action>> {
        if let Some(a) = self.space.fixed.get(index) {
            return Ok(Some(*a));
        }
        if index >= self.space.len() {
            return Err(refused(
                py,
                "action",
                format!(
                    "{index} is outside the action space of {}",
                    self.space.len()
                ),
            ));
        }
        let k = index - self.space.fixed.len();
        Ok(self.legal_actions().into_iter().filter(names_a_card).nth(k))
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
            space: Arc::new(ActionSpace::of(&state)),
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
            space: self.space.clone(),
        }
    }

    /// Deals afresh, from `seed`, what `side` cannot see (the other side's hand): a
    /// position `side` cannot tell from this one.
    fn determinize(&mut self, py: Python<'_>, side: &str, seed: u64) -> PyResult<()> {
        let side = side_named(py, side)?;
        let mut state = self.state().clone();
        state.determinize(side, &mut rng_from_seed(seed));
        self.game = Skirmish::new(state);
        Ok(())
    }

    /// The position as `side` may see it, as numbers: the learned evaluation's inputs
    /// (`skirmish_ai::bot::learn::features`), always the same length; nothing of what the
    /// side cannot see goes in.
    fn observation(&self, py: Python<'_>, side: &str) -> PyResult<Vec<f32>> {
        let mut input = Input::default();
        features(self.state(), side_named(py, side)?, &mut input);
        Ok(input.dense())
    }

    /// The length of every observation.
    #[staticmethod]
    fn observation_size() -> usize {
        INPUTS
    }

    /// The action space in words: every decision naming no card, then the card slots
    /// (`card decision 1`, ...), whose actions are the card decisions legal now, in the
    /// rules' order (`action_name` says what a slot holds now).
    fn action_space(&self) -> Vec<String> {
        let fixed = self.space.fixed.iter().map(|a| a.to_string());
        let slots = (1..=CARD_SLOTS).map(|k| format!("card decision {k}"));
        fixed.chain(slots).collect()
    }

    /// Which actions of the action space are legal now.
    fn action_mask(&self, py: Python<'_>) -> PyResult<Vec<bool>> {
        let mut mask = vec![false; self.space.len()];
        for i in self.legal_indices(py)? {
            mask[i] = true;
        }
        Ok(mask)
    }

    /// The legal actions by their numbers in the action space, in the order `legal` lists
    /// them.
    fn legal_indices(&self, py: Python<'_>) -> PyResult<Vec<usize>> {
        let mut cards = 0;
        self.legal_actions()
            .iter()
            .map(|a| {
                if names_a_card(a) {
                    cards += 1;
                    if cards > CARD_SLOTS {
                        return Err(refused(
                            py,
                            "action",
                            format!("more than {CARD_SLOTS} card decisions are legal"),
                        ));
                    }
                    return Ok(self.space.fixed.len() + cards - 1);
                }
                self.space.index.get(a).copied().ok_or_else(|| {
                    refused(py, "action", format!("`{a}` is outside the action space"))
                })
            })
            .collect()
    }

    /// The action numbered `index` now, in words (a card slot's is the card decision it
    /// holds now); None for a card slot with no legal decision in it.
    fn action_name(&self, py: Python<'_>, index: usize) -> PyResult<Option<String>> {
        Ok(self.action_at(py, index)?.map(|a| a.to_string()))
    }

    /// The number of `action` (as `legal` writes it) in the action space now.
    fn action_index(&self, py: Python<'_>, action: &str) -> PyResult<usize> {
        let parsed: Action = action
            .parse()
            .map_err(|e| refused(py, "action", format!("`{action}`: {e}")))?;
        let legal = self.legal_actions();
        let at = legal.iter().position(|a| *a == parsed);
        match (names_a_card(&parsed), at) {
            (false, _) => self.space.index.get(&parsed).copied().ok_or_else(|| {
                refused(
                    py,
                    "action",
                    format!("`{action}` is outside the action space"),
                )
            }),
            (true, Some(i)) => Ok(self.legal_indices(py)?[i]),
            (true, None) => Err(refused(
                py,
                "action",
                format!("`{action}` is not legal now, so it holds no card slot"),
            )),
        }
    }

    /// Plays the action numbered `index` in the action space (see `apply`).
    #[pyo3(signature = (index, seed = None))]
    fn apply_index(&mut self, py: Python<'_>, index: usize, seed: Option<u64>) -> PyResult<()> {
        match self.action_at(py, index)? {
            Some(action) => self.apply(py, &action.to_string(), seed),
            None => Err(refused(
                py,
                "action",
                format!("card slot {index} holds no legal decision now"),
            )),
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

    /// The action `policy` (`random` or `greedy`) would play now, its choice drawn from
    /// `seed`; None once the game is over.
    #[pyo3(signature = (policy = "greedy", seed = 0))]
    fn choose(&self, py: Python<'_>, policy: &str, seed: u64) -> PyResult<Option<String>> {
        let mut player = self::policy(py, policy)?;
        if self.state().outcome().is_some() {
            return Ok(None);
        }
        Ok(player
            .choose(&self.game, &mut rng_from_seed(seed))
            .map(|a| a.to_string()))
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
                    space: self.space.clone(),
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
