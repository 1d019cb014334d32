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
//!
//! The server is this file; a request's types and their reading are `request.rs` (one
//! field at a time: `fields.rs`), the answers' types `answer.rs`, and the positions kept
//! by name `positions.rs`.

mod answer;
mod fields;
mod positions;
mod request;

pub use answer::Refusal;
pub use positions::{MAIN, MAX_STATES};

use std::path::Path;
use std::sync::Arc;

use serde_json::Value;

use rules::given_dice;
use rules::odds;
use rules::scenario::Scenario;
use rules::scenario_file::load_scenario;
use rules::state::Event;
use rules::{Side, rng_from_seed};
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
use positions::{Position, Positions};
use request::{
    Apply, CopyPosition, Determinize, DropPosition, Legal, Load, Odds, Request, ShowState,
    SnapshotScenario, Source,
};

/// The most scenarios remembered by fingerprint.
const MAX_SCENARIOS: usize = 64;

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
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
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
        let Some(fields) = request.as_object() else {
            let refusal = Refusal::whole("a request is a JSON object");
            return Answer::error(line, None, refusal).line(id);
        };
        let kind = match request::kind(fields) {
            Ok(kind) => kind,
            Err(refusal) => return Answer::error(line, None, refusal).line(id),
        };
        // Each request works on copies and keeps them only when it succeeds; a failure
        // inside the engine is an error answer, the positions as they were.
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let request = Request::read(kind, fields, &self.positions)?;
            Ok(self.answer(request)?.line(id.clone()))
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
        result.unwrap_or_else(|refusal| Answer::error(line, Some(kind), refusal).line(id))
    }

    /// The error answer to line `line` of the input, which was not read as a request
    /// (too long, not UTF-8): `error` says why.
    pub fn refuse_line_at(&mut self, line: u64, error: &str) -> String {
        self.line = line;
        Answer::error(line, None, Refusal::whole(error)).line(None)
    }

    fn answer(&mut self, request: Request) -> Result<Answer, Refusal> {
        match request {
            Request::Load(r) => self.load(r),
            Request::Legal(r) => self.legal(r),
            Request::Apply(r) => self.apply(r),
            Request::Determinize(r) => self.determinize(r),
            Request::Odds(r) => self.odds(r),
            Request::State(r) => self.state(r),
            Request::Copy(r) => self.copy(r),
            Request::Drop(r) => Ok(self.drop_state(r)),
        }
    }

    // ----- positions by name ----------------------------------------------------------

    fn copy(&mut self, r: CopyPosition) -> Result<Answer, Refusal> {
        let p = self.positions.find(&r.state)?.clone();
        self.positions.keep(r.into.clone(), p)?;
        Ok(Answer::Copied(Copied {
            state: r.state,
            into: r.into,
        }))
    }

    fn drop_state(&mut self, r: DropPosition) -> Answer {
        self.positions.remove(&r.state);
        Answer::Dropped(Dropped {
            state: r.state,
            states: self.positions.count(),
        })
    }

    // ----- load -------------------------------------------------------------------------

    fn load(&mut self, r: Load) -> Result<Answer, Refusal> {
        let (position, side) = match r.source {
            Source::Snapshot { snapshot, scenario } => {
                let scenario = self.scenario_for_snapshot(scenario)?;
                let mut rng = rng_from_seed(r.seed.unwrap_or(0));
                let (game, side) = load_snapshot(scenario, &snapshot, &mut rng)
                    .map_err(|e| refuse("snapshot", e.to_string()))?;
                let dice = rng_from_seed(r.dice_seed.unwrap_or(r.seed.unwrap_or(0)));
                (Position { game, dice }, Some(side))
            }
            Source::Save(path) => {
                // Only the position: the players the save names are not read (docs).
                use crate::table::save::SavePlayers;
                use crate::table::session::Session;
                let session = Session::read_save_with(Path::new(&path), SavePlayers::Ignored)
                    .map_err(crate::table::error::SessionError::from)
                    .and_then(Session::from_saved)
                    .map_err(|e| refuse("save", e.to_string()))?;
                let dice = rng_from_seed(r.dice_seed.unwrap_or(r.seed.unwrap_or(0)));
                (
                    Position {
                        game: session.state().clone(),
                        dice,
                    },
                    None,
                )
            }
            Source::Scenario(path) => {
                let scenario = self.scenario_file(&path)?;
                let seed = r.seed.ok_or_else(|| {
                    refuse(
                        "seed",
                        "a new game of a scenario needs the `seed` it is set up from",
                    )
                })?;
                // Set up from the seed; the dice go on from the same generator, or from
                // `dice_seed` (as the arena plays them).
                let mut rng = rng_from_seed(seed);
                let game = Skirmish::start(scenario, &mut rng).state().clone();
                let dice = match r.dice_seed {
                    Some(d) => rng_from_seed(d),
                    None => rng,
                };
                (Position { game, dice }, None)
            }
        };
        let about = About::of(&r.state, &position.game);
        let fingerprint = self.remember(position.game.scenario().clone());
        self.positions.keep(r.state, position)?;
        Ok(Answer::Loaded(Loaded {
            about,
            fingerprint,
            side: side.map(Side::name),
        }))
    }

    /// The scenario a snapshot is of: the static game given, a fingerprint the server has
    /// seen, or a scenario file.
    fn scenario_for_snapshot(&mut self, of: SnapshotScenario) -> Result<Arc<Scenario>, Refusal> {
        match of {
            SnapshotScenario::Game(info) => {
                let scenario = Arc::new(
                    info.to_scenario()
                        .map_err(|e| refuse("game", e.to_string()))?,
                );
                let fingerprint = GameInfo::of(&scenario).fingerprint;
                if let Some((_, s)) = self.scenarios.iter().find(|(f, _)| *f == fingerprint) {
                    return Ok(s.clone());
                }
                self.remember(scenario.clone());
                Ok(scenario)
            }
            SnapshotScenario::Fingerprint(f) => self
                .scenarios
                .iter()
                .find(|(x, _)| *x == f)
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
                }),
            SnapshotScenario::File(path) => self.scenario_file(&path),
        }
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

    fn legal(&mut self, r: Legal) -> Result<Answer, Refusal> {
        let p = self.positions.find(&r.state)?;
        let mut legal = Vec::new();
        p.game.legal_actions(&mut legal);
        let annotations = r.annotate.then(|| {
            p.game
                .to_move()
                .map(|side| Box::new(annotate(&p.game, side, &legal)))
        });
        Ok(Answer::Legal(LegalActions {
            about: About::of(&r.state, &p.game),
            legal: legal.iter().map(|a| a.to_string()).collect(),
            annotations,
        }))
    }

    fn apply(&mut self, r: Apply) -> Result<Answer, Refusal> {
        let p = self.positions.find(&r.state)?;
        let action = r.action;
        let mut legal = Vec::new();
        p.game.legal_actions(&mut legal);
        if !legal.contains(&action) {
            let why = p
                .game
                .check(action)
                .err()
                .map_or_else(|| "the game is over".to_string(), |e| e.reason());
            return Err(refuse(
                "action",
                format!("`{action}` is not legal now: {why}"),
            ));
        }
        let generator = match r.seed {
            Some(s) => rng_from_seed(s),
            None => p.dice.clone(),
        };
        let played = match &r.dice {
            Some(faces) => given_dice::play_with_dice(&p.game, action, faces, &generator)
                .map_err(|e| refuse("dice", e.to_string()))?,
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
            .map(|e| EventInfo::of(e, r.side.unwrap_or_else(|| drawer(e))))
            .collect();
        let answer = Answer::Applied(Applied {
            about: About::of(&r.into, &played.state),
            action: action.to_string(),
            events,
        });
        // The position's own generator goes on only when it was the one drawn from.
        let dice = if r.seed.is_some() {
            p.dice.clone()
        } else {
            played.dice
        };
        self.positions.keep(
            r.into,
            Position {
                game: played.state,
                dice,
            },
        )?;
        Ok(answer)
    }

    fn determinize(&mut self, r: Determinize) -> Result<Answer, Refusal> {
        let mut p = self.positions.find(&r.state)?.clone();
        p.game.determinize(r.side, &mut rng_from_seed(r.seed));
        let answer = Answer::Determinized(Determinized {
            about: About::of(&r.into, &p.game),
            side: r.side.name(),
        });
        self.positions.keep(r.into, p)?;
        Ok(answer)
    }

    fn odds(&mut self, r: Odds) -> Result<Answer, Refusal> {
        let (state, action) = match r {
            Odds::Shoot(t) => {
                let o = odds::shoot(t.dice, t.value, t.survive_dice, t.survive, t.armour);
                return Ok(Answer::Odds(OddsOf::Test(TestOdds::Shoot {
                    kill: o.kill,
                    rattled: o.rattled,
                    miss: o.miss,
                })));
            }
            Odds::Fight(t) => {
                let o = odds::fight(
                    t.dice,
                    t.value,
                    t.defender_dice,
                    t.defend,
                    t.defender_fights,
                );
                return Ok(Answer::Odds(OddsOf::Test(TestOdds::Fight {
                    attacker_wins: o.attacker_wins,
                    defender_wins: o.defender_wins,
                    no_kill: o.no_kill,
                })));
            }
            Odds::Action { state, action } => (state, action),
        };
        let p = self.positions.find(&state)?;
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
        Ok(Answer::Odds(OddsOf::Action(Box::new(ActionOdds {
            state,
            action: action.to_string(),
            odds: all.actions.remove(&action.to_string()),
            test: all.test,
        }))))
    }

    fn state(&mut self, r: ShowState) -> Result<Answer, Refusal> {
        let p = self.positions.find(&r.state)?;
        let mut legal = Vec::new();
        if p.game.to_move() == Some(r.side) {
            p.game.legal_actions(&mut legal);
        }
        let asked = Asked {
            version: 2,
            annotate: r.annotate,
            snapshot: r.snapshot,
            new_game: false,
        };
        let decide = message::decision_asked(&p.game, r.side, 0, &[], &legal, asked);
        Ok(Answer::State(Shown {
            state: r.state,
            side: r.side.name(),
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
