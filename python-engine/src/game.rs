//! [`Game`]: one position of a skirmish with its dice, for search and learning.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;

use ai::Game as _;
use rules::scenario_file::load_scenario;
use rules::{Action, GameRng, GameState, Side, rng_from_seed};
use skirmish_ai::bot::Skirmish;
use skirmish_ai::bot::exec::snapshot::{load_snapshot, snapshot_of};
use skirmish_ai::bot::exec::statics::GameInfo;
use skirmish_ai::bot::learn::features::{INPUTS, Input, features};

use crate::action_space::{ActionSpace, CARD_SLOTS, names_a_card};
use crate::policy::Policy;
use crate::{refused, result_word, side_named};

/// The most decisions a playout makes before it is called off (no shipped game comes near).
const MAX_PLAYOUT_DECISIONS: usize = 20_000;

/// What a batch playout's choices are drawn from, beside its dice: its seed mixed with this.
const CHOICES: u64 = 0x9e37_79b9_7f4a_7c15;

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

    /// `action` read and checked: legal here, or why not.
    fn legal_action(&self, action: &str) -> Result<Action, Unplayable> {
        let parsed: Action = action.parse().map_err(|e| Unplayable::NotAnAction {
            text: action.to_string(),
            error: e,
        })?;
        self.state()
            .check(parsed)
            .map_err(|why| Unplayable::NotLegal {
                text: action.to_string(),
                why,
            })?;
        Ok(parsed)
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
        player: &mut Policy,
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

/// The most scenarios `from_snapshot` keeps read (a bot plays one at a time).
const SCENARIOS_KEPT: usize = 8;

thread_local! {
    /// The scenarios `from_snapshot` has read, by their `game` text: a bot loads many
    /// snapshots of one game, and reading the game (its sight table above all) is most of
    /// what a load costs.
    static SCENARIOS: std::cell::RefCell<Vec<(String, Arc<rules::scenario::Scenario>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The scenario a `game` message (or its `game` field) describes, as JSON text: read once
/// and kept, or an error on field `game`.
fn scenario_of_game(py: Python<'_>, game: &str) -> PyResult<Arc<rules::scenario::Scenario>> {
    if let Some(kept) = SCENARIOS.with(|k| {
        k.borrow()
            .iter()
            .find(|(text, _)| text == game)
            .map(|(_, s)| s.clone())
    }) {
        return Ok(kept);
    }
    let value: serde_json::Value = serde_json::from_str(game)
        .map_err(|e| refused(py, "game", format!("the game is not JSON: {e}")))?;
    let value = match value.get("type").and_then(|t| t.as_str()) {
        Some("game") => value
            .get("game")
            .cloned()
            .unwrap_or(serde_json::Value::Null),
        _ => value,
    };
    let info: GameInfo = serde_json::from_value(value)
        .map_err(|e| refused(py, "game", format!("not a game message's game: {e}")))?;
    let scenario = Arc::new(
        info.to_scenario()
            .map_err(|e| refused(py, "game", e.to_string()))?,
    );
    SCENARIOS.with(|k| {
        let mut k = k.borrow_mut();
        if k.len() >= SCENARIOS_KEPT {
            k.remove(0);
        }
        k.push((game.to_string(), scenario.clone()));
    });
    Ok(scenario)
}

/// Why an action given as text cannot be played in a game.
#[derive(Clone, Debug)]
enum Unplayable {
    /// The text is not an action.
    NotAnAction {
        text: String,
        error: rules::action::ActionError,
    },
    /// The action is not legal now; the rules say why.
    NotLegal {
        text: String,
        why: rules::state::IllegalAction,
    },
}

impl std::fmt::Display for Unplayable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unplayable::NotAnAction { text, error } => write!(f, "`{text}`: {error}"),
            Unplayable::NotLegal { text, why } => write!(f, "`{text}`: {why}"),
        }
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

    /// The position a version 2 bot was sent as `snapshot` in a `decide` message, in the
    /// game its `game` message describes (`game`: the JSON text of that message, or of its
    /// `game` field); what the snapshot's side cannot see (the other hand) is dealt from
    /// `seed`, and the dice are rolled from it.
    #[staticmethod]
    #[pyo3(signature = (game, snapshot, seed = 0))]
    fn from_snapshot(py: Python<'_>, game: &str, snapshot: &str, seed: u64) -> PyResult<Game> {
        let scenario = scenario_of_game(py, game)?;
        let mut dice = rng_from_seed(seed);
        let (state, _side) = load_snapshot(scenario, snapshot, &mut dice)
            .map_err(|e| refused(py, "snapshot", e.to_string()))?;
        Ok(Game {
            space: Arc::new(ActionSpace::of(&state)),
            game: Skirmish::new(state),
            dice,
        })
    }

    /// The scenario as a version 2 bot's `game` message gives it (its `game` field), as
    /// JSON text: what `from_snapshot` reads.
    fn game_info(&self, py: Python<'_>) -> PyResult<String> {
        serde_json::to_string(&GameInfo::of(self.state().scenario()))
            .map_err(|e| refused(py, "game", e.to_string()))
    }

    /// The position as `side` sees it, as the snapshot text a `decide` message carries
    /// (the other hand only a size): what `from_snapshot` reads.
    fn snapshot(&self, py: Python<'_>, side: &str) -> PyResult<String> {
        Ok(snapshot_of(self.state(), side_named(py, side)?))
    }

    /// The legal actions of each game of `games`, in order (one call for many states).
    #[staticmethod]
    fn legal_many(games: Vec<PyRef<'_, Game>>) -> Vec<Vec<String>> {
        games.iter().map(|g| g.legal()).collect()
    }

    /// Plays `actions[i]` in `games[i]` for each `i` (see `apply`), the chance from
    /// `seeds[i]` when seeds are given. Each game is checked before any is changed: an
    /// action that is not legal in its game raises EngineError naming its index, and no
    /// game is changed.
    #[staticmethod]
    #[pyo3(signature = (games, actions, seeds = None))]
    fn apply_many(
        py: Python<'_>,
        games: Vec<Bound<'_, Game>>,
        actions: Vec<String>,
        seeds: Option<Vec<u64>>,
    ) -> PyResult<()> {
        if actions.len() != games.len() || seeds.as_ref().is_some_and(|s| s.len() != games.len()) {
            return Err(refused(
                py,
                "actions",
                format!(
                    "{} games need as many actions (and seeds, when given): {} given",
                    games.len(),
                    actions.len()
                ),
            ));
        }
        // A game listed twice would take two actions at once: refused, as any other fault.
        for (i, g) in games.iter().enumerate() {
            if let Some(j) = games[..i].iter().position(|h| h.is(g)) {
                return Err(refused(
                    py,
                    "actions",
                    format!("games {j} and {i} are the same game: a game takes one action"),
                ));
            }
        }
        let mut borrowed: Vec<PyRefMut<'_, Game>> = Vec::with_capacity(games.len());
        for g in &games {
            borrowed.push(
                g.try_borrow_mut()
                    .map_err(|e| refused(py, "actions", e.to_string()))?,
            );
        }
        let mut parsed = Vec::with_capacity(borrowed.len());
        for (i, (g, text)) in borrowed.iter().zip(&actions).enumerate() {
            let action = g
                .legal_action(text)
                .map_err(|why| refused(py, "actions", format!("game {i}: {why}")))?;
            parsed.push(action);
        }
        for (i, (g, action)) in borrowed.iter_mut().zip(parsed).enumerate() {
            let game = &mut **g;
            match seeds.as_ref() {
                Some(s) => game.game.apply(action, &mut rng_from_seed(s[i])),
                None => game.game.apply(action, &mut game.dice),
            }
        }
        Ok(())
    }

    /// The shipped evaluation's chance that `side` wins from here (the search's leaf
    /// value: the fitted logistic, docs/strength.md), 1 or 0 once the game is won or
    /// lost. It reads the position this game holds, the other hand included: to judge as
    /// a side sees it, `determinize` a copy for that side first.
    fn evaluate(&self, py: Python<'_>, side: &str) -> PyResult<f64> {
        let side = side_named(py, side)?;
        let player = skirmish_ai::bot::player_of(side);
        if self.game.is_terminal() {
            return Ok(self.game.returns(player));
        }
        Ok(self.game.evaluate(player))
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
        let parsed = self
            .legal_action(action)
            .map_err(|why| refused(py, "action", why.to_string()))?;
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

    /// The action `policy` (`random`, `greedy`, `softmax` or `softmax:T`) would play now, its choice drawn from
    /// `seed`; None once the game is over.
    #[pyo3(signature = (policy = "greedy", seed = 0))]
    fn choose(&self, py: Python<'_>, policy: &str, seed: u64) -> PyResult<Option<String>> {
        let mut player = Policy::named(py, policy)?;
        if self.state().outcome().is_some() {
            return Ok(None);
        }
        Ok(player
            .choose(&self.game, &mut rng_from_seed(seed))
            .map(|a| a.to_string()))
    }

    /// Plays this game by `policy` (`random`, `greedy`, `softmax` or `softmax:T`) for both sides until `until`:
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
        let mut player = Policy::named(py, policy)?;
        self.play_out(py, &mut player, &mut rng_from_seed(seed), until)
    }

    /// Plays a copy of this game to its end once for each of `seeds` (the choices and the
    /// chance both from the seed), this game unchanged; how each ended, in order.
    #[pyo3(signature = (seeds, policy = "random"))]
    fn rollouts(&self, py: Python<'_>, seeds: Vec<u64>, policy: &str) -> PyResult<Vec<String>> {
        let mut player = Policy::named(py, policy)?;
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
