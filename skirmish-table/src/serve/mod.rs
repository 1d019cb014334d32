//! `mars-attacks serve`: the rules as a forward model for bots, over JSON lines. Each
//! request is one JSON object a line, with a `type`; each gets one answer a line (see
//! docs/bot-protocol.md, "A forward model"). The server keeps positions by name (`main`
//! unless a request names another in `state`), each with its own generator:
//!
//! - `load`: a new game of a scenario file from a seed; a saved game at its end; or the
//!   snapshot a bot was sent in a decision, with the static game (or its fingerprint, once
//!   the server has seen it, or a scenario file), the other hand dealt from a seed;
//! - `legal`: the legal actions, annotated if asked;
//! - `apply`: an action, its chance from a seed, the position's own generator, or the dice
//!   given ([`crate::given_dice`]);
//! - `determinize`: what a side cannot see (the other hand) dealt afresh from a seed;
//! - `odds`: a legal action's annotation, or a Shoot or Fight test's odds from its dice;
//! - `state`: the position as a `decide` message shows it to a side;
//! - `copy` and `drop`: positions by name.
//!
//! Nothing a request says starts a program, and the only files read are those a request
//! (or the command line) names. A request that is not understood, or that the rules
//! refuse, gets `{"type": "error", ...}` saying what is wrong and where, and changes no
//! position.

mod answer;
mod positions;

pub use answer::Refusal;
pub use positions::{MAIN, MAX_STATES};

use std::path::Path;
use std::sync::Arc;

use serde_json::{Map, Value};

use rules::given_dice;
use rules::odds;
use rules::scenario::Scenario;
use rules::scenario_file::load_scenario;
use rules::state::Event;
use rules::{Action, Side, rng_from_seed};
use skirmish_ai::bot::exec::annotate::annotate;
use skirmish_ai::bot::exec::events::EventInfo;
use skirmish_ai::bot::exec::message::{self, Asked};
use skirmish_ai::bot::exec::snapshot::load_snapshot;
use skirmish_ai::bot::exec::statics::GameInfo;
use skirmish_ai::bot::game::Skirmish;

use answer::{
    About, ActionOdds, Answer, Applied, Copied, Determinized, Dropped, LegalActions, Loaded,
    OddsOf, Shown, TestOdds, refuse,
};
use positions::{MAX_NAME, Position, Positions};

/// The most scenarios remembered by fingerprint.
const MAX_SCENARIOS: usize = 64;

type Answered = Result<Answer, Refusal>;

/// The server: positions by name and the scenarios seen, by fingerprint.
#[derive(Default)]
pub struct Server {
    positions: Positions,
    scenarios: Vec<(String, Arc<Scenario>)>,
    /// The line of input the request being answered was on, for errors.
    line: u64,
}

impl Server {
    pub fn new() -> Server {
        Server::default()
    }

    /// The answer to the next line of input, as one line of JSON (its errors say it is
    /// the line after the last one answered). Never fails: what is wrong is an error
    /// answer.
    pub fn answer_line(&mut self, line: &str) -> String {
        self.answer_line_at(self.line + 1, line)
    }

    /// The answer to `text`, line number `line` of the input (as errors give it).
    pub fn answer_line_at(&mut self, line: u64, text: &str) -> String {
        self.line = line;
        let request: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                let error = format!(
                    "not JSON: {e} (line {}, column {} of the request)",
                    e.line(),
                    e.column()
                );
                return Answer::error(line, None, Refusal::whole(error)).line(None);
            }
        };
        let id = request.get("id").cloned();
        let Some(obj) = request.as_object() else {
            let refusal = Refusal::whole("a request is a JSON object");
            return Answer::error(line, None, refusal).line(id);
        };
        let kind = match obj.get("type") {
            Some(Value::String(s)) => s.clone(),
            Some(_) => {
                let refusal = refuse("type", "`type` is not a string");
                return Answer::error(line, None, refusal).line(id);
            }
            None => {
                let refusal = refuse(
                    "type",
                    "the request has no `type` (load, legal, apply, determinize, odds, state, \
                     copy, drop)",
                );
                return Answer::error(line, None, refusal).line(id);
            }
        };
        // Each request works on copies and keeps them only when it succeeds; a failure
        // inside the engine is an error answer, the positions as they were.
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Ok(self.answer(&kind, obj)?.line(id.clone()))
        }))
        .unwrap_or_else(|panic| {
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(Refusal::whole(format!(
                "the engine failed on this request ({what}); no position was changed"
            )))
        });
        result.unwrap_or_else(|refusal| Answer::error(line, Some(&kind), refusal).line(id))
    }

    /// The error answer to line `line` of the input, which was not read as a request
    /// (too long, not UTF-8): `error` says why.
    pub fn refuse_line_at(&mut self, line: u64, error: &str) -> String {
        self.line = line;
        Answer::error(line, None, Refusal::whole(error)).line(None)
    }

    fn answer(&mut self, kind: &str, req: &Map<String, Value>) -> Answered {
        match kind {
            "load" => self.load(req),
            "legal" => self.legal(req),
            "apply" => self.apply(req),
            "determinize" => self.determinize(req),
            "odds" => self.odds(req),
            "state" => self.state(req),
            "copy" => self.copy(req),
            "drop" => self.drop_state(req),
            other => Err(refuse(
                "type",
                format!(
                    "`{}` is not a request: load, legal, apply, determinize, odds, state, \
                     copy, drop",
                    other.escape_debug()
                ),
            )),
        }
    }

    // ----- positions by name ----------------------------------------------------------

    fn name_in(req: &Map<String, Value>, key: &'static str) -> Result<Option<String>, Refusal> {
        match req.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if !s.is_empty() && s.len() <= MAX_NAME => Ok(Some(s.clone())),
            Some(_) => Err(refuse(
                key,
                format!("a position's name is a string of 1 to {MAX_NAME} characters"),
            )),
        }
    }

    fn name(req: &Map<String, Value>) -> Result<String, Refusal> {
        Ok(Self::name_in(req, "state")?.unwrap_or_else(|| MAIN.to_string()))
    }

    fn position(&self, req: &Map<String, Value>) -> Result<(String, &Position), Refusal> {
        let name = Self::name(req)?;
        let p = self.positions.find(&name)?;
        Ok((name, p))
    }

    /// Where a request's result goes: `into`, or the position it worked on.
    fn target(req: &Map<String, Value>, from: &str) -> Result<String, Refusal> {
        Ok(Self::name_in(req, "into")?.unwrap_or_else(|| from.to_string()))
    }

    fn copy(&mut self, req: &Map<String, Value>) -> Answered {
        let (from, p) = self.position(req)?;
        let p = p.clone();
        let into = Self::name_in(req, "into")?
            .ok_or_else(|| refuse("into", "copy needs `into`: the new position's name"))?;
        self.positions.keep(into.clone(), p)?;
        Ok(Answer::Copied(Copied { state: from, into }))
    }

    fn drop_state(&mut self, req: &Map<String, Value>) -> Answered {
        let (name, _) = self.position(req)?;
        self.positions.remove(&name);
        Ok(Answer::Dropped(Dropped {
            state: name,
            states: self.positions.count(),
        }))
    }

    // ----- load -------------------------------------------------------------------------

    fn load(&mut self, req: &Map<String, Value>) -> Answered {
        let name = Self::name(req)?;
        let seed = u64_in(req, "seed")?;
        let dice_seed = u64_in(req, "dice_seed")?;
        let (position, side) = if let Some(snapshot) = snapshot_in(req)? {
            let scenario = self.scenario_for_snapshot(req)?;
            let mut rng = rng_from_seed(seed.unwrap_or(0));
            let (game, side) =
                load_snapshot(scenario, &snapshot, &mut rng).map_err(|e| refuse("snapshot", e))?;
            let dice = rng_from_seed(dice_seed.unwrap_or(seed.unwrap_or(0)));
            (Position { game, dice }, Some(side))
        } else if let Some(path) = str_in(req, "save")? {
            // Only the position: the players the save names are not read (docs).
            use crate::table::save::SavePlayers;
            use crate::table::session::Session;
            let session = Session::read_save_with(Path::new(path), SavePlayers::Ignored)
                .map_err(crate::table::error::SessionError::from)
                .and_then(Session::from_saved)
                .map_err(|e| refuse("save", e.to_string()))?;
            let dice = rng_from_seed(dice_seed.unwrap_or(seed.unwrap_or(0)));
            (
                Position {
                    game: session.state().clone(),
                    dice,
                },
                None,
            )
        } else if let Some(path) = str_in(req, "scenario")? {
            let scenario = self.scenario_file(path)?;
            let seed = seed.ok_or_else(|| {
                refuse(
                    "seed",
                    "a new game of a scenario needs the `seed` it is set up from",
                )
            })?;
            // Set up from the seed; the dice go on from the same generator, or from
            // `dice_seed` (as the arena plays them).
            let mut rng = rng_from_seed(seed);
            let game = Skirmish::start(scenario, &mut rng).state().clone();
            let dice = match dice_seed {
                Some(d) => rng_from_seed(d),
                None => rng,
            };
            (Position { game, dice }, None)
        } else {
            return Err(refuse(
                "scenario",
                "load needs `scenario` (a file, with `seed`), `save` (a saved game) or \
                 `snapshot` (a decision's, with `game`, `fingerprint` or `scenario`)",
            ));
        };
        let about = About::of(&name, &position.game);
        let fingerprint = self.remember(position.game.scenario().clone());
        self.positions.keep(name, position)?;
        Ok(Answer::Loaded(Loaded {
            about,
            fingerprint,
            side: side.map(Side::name),
        }))
    }

    /// The scenario a snapshot is of: the static game given, a fingerprint the server has
    /// seen, or a scenario file.
    fn scenario_for_snapshot(
        &mut self,
        req: &Map<String, Value>,
    ) -> Result<Arc<Scenario>, Refusal> {
        if let Some(game) = req.get("game") {
            let info: GameInfo = serde_json::from_value(game.clone())
                .map_err(|e| refuse("game", format!("not the game message's `game`: {e}")))?;
            let scenario = Arc::new(info.to_scenario().map_err(|e| refuse("game", e))?);
            let fingerprint = GameInfo::of(&scenario).fingerprint;
            if let Some((_, s)) = self.scenarios.iter().find(|(f, _)| *f == fingerprint) {
                return Ok(s.clone());
            }
            self.remember(scenario.clone());
            return Ok(scenario);
        }
        if let Some(f) = str_in(req, "fingerprint")? {
            return self
                .scenarios
                .iter()
                .find(|(x, _)| x == f)
                .map(|(_, s)| s.clone())
                .ok_or_else(|| {
                    refuse(
                        "fingerprint",
                        format!(
                            "no scenario with the fingerprint `{}` was loaded here: send the \
                             game message's `game` once",
                            f.escape_debug()
                        ),
                    )
                });
        }
        if let Some(path) = str_in(req, "scenario")? {
            return self.scenario_file(path);
        }
        Err(refuse(
            "game",
            "a snapshot needs its scenario: `game` (the game message's), `fingerprint` (of \
             a scenario loaded before) or `scenario` (a file)",
        ))
    }

    fn scenario_file(&mut self, path: &str) -> Result<Arc<Scenario>, Refusal> {
        let loaded = load_scenario(Path::new(path)).map_err(|d| {
            let lines: Vec<String> = d.iter().take(3).map(|d| d.to_string()).collect();
            refuse(
                "scenario",
                format!("{path} does not load: {}", lines.join("; ")),
            )
        })?;
        Ok(Arc::new(loaded.scenario))
    }

    /// Remembers `scenario` by its fingerprint (the static game's), which it returns.
    fn remember(&mut self, scenario: Arc<Scenario>) -> String {
        if let Some((f, _)) = self
            .scenarios
            .iter()
            .find(|(_, s)| Arc::ptr_eq(s, &scenario))
        {
            return f.clone();
        }
        let fingerprint = GameInfo::of(&scenario).fingerprint;
        if !self.scenarios.iter().any(|(f, _)| *f == fingerprint) {
            if self.scenarios.len() >= MAX_SCENARIOS {
                self.scenarios.remove(0);
            }
            self.scenarios.push((fingerprint.clone(), scenario));
        }
        fingerprint
    }

    // ----- the rules ----------------------------------------------------------------------

    fn legal(&mut self, req: &Map<String, Value>) -> Answered {
        let (name, p) = self.position(req)?;
        let mut legal = Vec::new();
        p.game.legal_actions(&mut legal);
        let annotations = bool_in(req, "annotate")?
            .then(|| p.game.to_move().map(|side| annotate(&p.game, side, &legal)));
        Ok(Answer::Legal(LegalActions {
            about: About::of(&name, &p.game),
            legal: legal.iter().map(|a| a.to_string()).collect(),
            annotations,
        }))
    }

    fn apply(&mut self, req: &Map<String, Value>) -> Answered {
        let (name, p) = self.position(req)?;
        let into = Self::target(req, &name)?;
        let action = action_in(req)?;
        let seed = u64_in(req, "seed")?;
        let viewer = side_in(req, "side")?;
        let given = dice_in(req)?;
        let mut legal = Vec::new();
        p.game.legal_actions(&mut legal);
        if !legal.contains(&action) {
            let why = p
                .game
                .clone()
                .play(action, &mut rng_from_seed(0))
                .err()
                .map_or_else(|| "the game is over".to_string(), |e| e.reason());
            return Err(refuse(
                "action",
                format!("`{action}` is not legal now: {why}"),
            ));
        }
        let generator = match seed {
            Some(s) => rng_from_seed(s),
            None => p.dice.clone(),
        };
        let played = match &given {
            Some(faces) => given_dice::play_with_dice(&p.game, action, faces, &generator)
                .map_err(|e| refuse("dice", e))?,
            None => given_dice::play_with_rolls(&p.game, &[], &generator, |g, tape, sink| {
                g.play_logged(action, tape, sink)
            })
            .map_err(|e| match e {
                given_dice::Unplayed::Play(e) => refuse("action", e.to_string()),
                given_dice::Unplayed::Dice(why) => refuse("dice", why),
            })?,
        };
        let events: Vec<EventInfo> = played
            .events
            .iter()
            .map(|e| EventInfo::of(e, viewer.unwrap_or_else(|| drawer(e))))
            .collect();
        let answer = Answer::Applied(Applied {
            about: About::of(&into, &played.state),
            action: action.to_string(),
            events,
        });
        // The position's own generator goes on only when it was the one drawn from.
        let dice = if seed.is_some() {
            p.dice.clone()
        } else {
            played.dice
        };
        self.positions.keep(
            into,
            Position {
                game: played.state,
                dice,
            },
        )?;
        Ok(answer)
    }

    fn determinize(&mut self, req: &Map<String, Value>) -> Answered {
        let (name, p) = self.position(req)?;
        let into = Self::target(req, &name)?;
        let side = side_in(req, "side")?
            .ok_or_else(|| refuse("side", "determinize needs the `side` whose view it keeps"))?;
        let seed = u64_in(req, "seed")?
            .ok_or_else(|| refuse("seed", "determinize needs the `seed` it deals from"))?;
        let mut p = p.clone();
        p.game.determinize(side, &mut rng_from_seed(seed));
        let answer = Answer::Determinized(Determinized {
            about: About::of(&into, &p.game),
            side: side.name(),
        });
        self.positions.keep(into, p)?;
        Ok(answer)
    }

    fn odds(&mut self, req: &Map<String, Value>) -> Answered {
        if let Some(spec) = req.get("shoot") {
            let o = odds::shoot(
                die_count(spec, "dice", "shoot")?,
                die_value(spec, "value", "shoot")?,
                die_count(spec, "survive_dice", "shoot")?,
                die_value(spec, "survive", "shoot")?,
                die_count_or(spec, "armour", "shoot", 0)?,
            );
            return Ok(Answer::Odds(OddsOf::Test(TestOdds::Shoot {
                kill: o.kill,
                rattled: o.rattled,
                miss: o.miss,
            })));
        }
        if let Some(spec) = req.get("fight") {
            let fights = match spec.get("defender_fights") {
                Some(Value::Bool(b)) => *b,
                None => true,
                Some(_) => return Err(refuse("fight", "`defender_fights` is true or false")),
            };
            let o = odds::fight(
                die_count(spec, "dice", "fight")?,
                die_value(spec, "value", "fight")?,
                die_count(spec, "defender_dice", "fight")?,
                die_value(spec, "defend", "fight")?,
                fights,
            );
            return Ok(Answer::Odds(OddsOf::Test(TestOdds::Fight {
                attacker_wins: o.attacker_wins,
                defender_wins: o.defender_wins,
                no_kill: o.no_kill,
            })));
        }
        let (name, p) = self.position(req)?;
        let action = action_in(req).map_err(|_| {
            refuse(
                "action",
                "odds needs `action` (a legal action of the position), `shoot` or `fight`",
            )
        })?;
        let mut legal = Vec::new();
        p.game.legal_actions(&mut legal);
        if !legal.contains(&action) {
            return Err(refuse("action", format!("`{action}` is not legal now")));
        }
        let side = p
            .game
            .to_move()
            .ok_or_else(|| refuse("state", "the game is over"))?;
        let mut all = annotate(&p.game, side, &legal);
        Ok(Answer::Odds(OddsOf::Action(ActionOdds {
            state: name,
            action: action.to_string(),
            odds: all.actions.remove(&action.to_string()),
            test: all.test,
        })))
    }

    fn state(&mut self, req: &Map<String, Value>) -> Answered {
        let (name, p) = self.position(req)?;
        let side = match side_in(req, "side")? {
            Some(s) => s,
            None => p.game.to_move().ok_or_else(|| {
                refuse("side", "the game is over: name the `side` to be shown it")
            })?,
        };
        let mut legal = Vec::new();
        if p.game.to_move() == Some(side) {
            p.game.legal_actions(&mut legal);
        }
        let asked = Asked {
            version: 2,
            annotate: bool_in(req, "annotate")?,
            snapshot: bool_in(req, "snapshot")?,
            new_game: false,
        };
        let decide = message::decision_asked(&p.game, side, 0, &[], &legal, asked);
        Ok(Answer::State(Shown {
            state: name,
            side: side.name(),
            decide,
        }))
    }
}

/// The side whose drawn card an event names, to show it (a position here is the caller's
/// own; `apply`'s `side` hides the other side's draws as a decision would).
fn drawer(e: &Event) -> Side {
    match e {
        Event::Drew { side, .. } => *side,
        _ => Side::Humans,
    }
}

// ----- the fields of requests ---------------------------------------------------------

fn str_in<'a>(req: &'a Map<String, Value>, key: &'static str) -> Result<Option<&'a str>, Refusal> {
    match req.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(refuse(key, format!("`{key}` is a string"))),
    }
}

fn u64_in(req: &Map<String, Value>, key: &'static str) -> Result<Option<u64>, Refusal> {
    match req.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_u64().map(Some).ok_or_else(|| {
            refuse(
                key,
                format!("`{key}` is a whole number from 0 to 2^64 - 1, not {v}"),
            )
        }),
    }
}

fn bool_in(req: &Map<String, Value>, key: &'static str) -> Result<bool, Refusal> {
    match req.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(v) => Err(refuse(key, format!("`{key}` is true or false, not {v}"))),
    }
}

fn side_in(req: &Map<String, Value>, key: &'static str) -> Result<Option<Side>, Refusal> {
    match str_in(req, key)? {
        None => Ok(None),
        Some(s) => s
            .parse()
            .map(Some)
            .map_err(|e: rules::square::SideError| refuse(key, e.to_string())),
    }
}

fn action_in(req: &Map<String, Value>) -> Result<Action, Refusal> {
    let text = str_in(req, "action")?
        .ok_or_else(|| refuse("action", "the request needs `action`, e.g. \"shoot m9\""))?;
    text.parse::<Action>().map_err(|e| {
        refuse(
            "action",
            format!("`{}` is not an action: {e}", text.escape_debug()),
        )
    })
}

/// The snapshot of a request: `snapshot`, or the one inside a `decide` message given.
fn snapshot_in(req: &Map<String, Value>) -> Result<Option<String>, Refusal> {
    if let Some(s) = str_in(req, "snapshot")? {
        return Ok(Some(s.to_string()));
    }
    match req.get("decide") {
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

/// The dice given: a list of rolls, each a list of faces.
fn dice_in(req: &Map<String, Value>) -> Result<Option<Vec<Vec<u8>>>, Refusal> {
    let Some(v) = req.get("dice") else {
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

fn die_count_or(
    spec: &Value,
    key: &'static str,
    test: &'static str,
    default: u8,
) -> Result<u8, Refusal> {
    match spec.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(v) => v
            .as_u64()
            .filter(|n| *n <= 64)
            .map(|n| n as u8)
            .ok_or_else(|| {
                refuse(
                    test,
                    format!("`{key}` is a number of dice from 0 to 64, not {v}"),
                )
            }),
    }
}

fn die_count(spec: &Value, key: &'static str, test: &'static str) -> Result<u8, Refusal> {
    if spec.get(key).is_none() {
        return Err(refuse(test, format!("`{test}` needs `{key}`")));
    }
    die_count_or(spec, key, test, 0)
}

fn die_value(spec: &Value, key: &'static str, test: &'static str) -> Result<u8, Refusal> {
    match spec.get(key) {
        Some(v) => v
            .as_u64()
            .filter(|n| (1..=8).contains(n))
            .map(|n| n as u8)
            .ok_or_else(|| refuse(test, format!("`{key}` is a die roll from 1 to 8, not {v}"))),
        None => Err(refuse(test, format!("`{test}` needs `{key}`"))),
    }
}
