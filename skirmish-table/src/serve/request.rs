//! The requests `serve` answers, as types ([`Request`], one struct a `type`), and their
//! reading from a line's JSON object, field by field ([`super::fields`]).
//!
//! A request is read in a fixed order, and the first thing wrong is the one refused (the
//! error answer names one field). A request about a position reads its name (`state`)
//! first, and the position must be there before the fields after it are read: a request
//! naming a position that is not there is refused as such, whatever its other fields say.
//! So a request is read against the positions kept ([`Positions`]); nothing it reads
//! changes them. A field a request has no use for (as `save` beside a `snapshot`) is not
//! read, so not refused.

use serde_json::{Map, Value};

use rules::{Action, Side};
use skirmish_ai::bot::exec::statics::GameInfo;

use super::answer::{Refusal, refuse};
use super::fields::{Fields, TestFields};
use super::positions::{MAIN, Positions};

/// The requests there are, as their refusals list them.
const KINDS: &str = "load, legal, apply, determinize, odds, state, copy, drop";

/// A request, read and checked: every field of the kind and range it should be, and the
/// position it names there.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Request {
    Load(Load),
    Legal(Legal),
    Apply(Apply),
    Determinize(Determinize),
    Odds(Odds),
    State(ShowState),
    Copy(CopyPosition),
    Drop(DropPosition),
}

/// `load`: a position from a scenario file, a saved game or a snapshot.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Load {
    /// The name the position is kept as (`state`).
    pub state: String,
    pub seed: Option<u64>,
    pub dice_seed: Option<u64>,
    pub source: Source,
}

/// Where a loaded position comes from.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Source {
    /// A decision's snapshot (`snapshot`, or a `decide` message's) of a scenario.
    Snapshot {
        snapshot: String,
        scenario: SnapshotScenario,
    },
    /// A saved game, at its end (`save`: a file).
    Save(String),
    /// A new game of a scenario file (`scenario`), set up from the load's `seed`.
    Scenario(String),
}

/// The scenario a snapshot is of.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum SnapshotScenario {
    /// The static game: the game message's `game`.
    Game(Box<GameInfo>),
    /// The `fingerprint` of a scenario loaded before.
    Fingerprint(String),
    /// A scenario file (`scenario`).
    File(String),
}

/// `legal`: the legal actions of a position.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Legal {
    pub state: String,
    pub annotate: bool,
}

/// `apply`: an action played in a position.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Apply {
    pub state: String,
    /// Where the result is kept: `into`, else the position played in.
    pub into: String,
    pub action: Action,
    pub seed: Option<u64>,
    /// The side the events are shown to (`side`); each its own draws when none is given.
    pub side: Option<Side>,
    /// The faces of the rolls, in the order they are made (`dice`).
    pub dice: Option<Vec<Vec<u8>>>,
}

/// `determinize`: what `side` cannot see dealt afresh from `seed`.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Determinize {
    pub state: String,
    pub into: String,
    pub side: Side,
    pub seed: u64,
}

/// `odds`: a test's odds from its dice, or a legal action's annotation.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Odds {
    Shoot(ShootTest),
    Fight(FightTest),
    Action { state: String, action: Action },
}

/// A Shoot test's dice (`shoot`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct ShootTest {
    pub dice: u8,
    pub value: u8,
    pub survive_dice: u8,
    pub survive: u8,
    pub armour: u8,
}

/// A Fight's dice (`fight`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct FightTest {
    pub dice: u8,
    pub value: u8,
    pub defender_dice: u8,
    pub defend: u8,
    pub defender_fights: bool,
}

/// `state`: a position as a decide message shows it to `side`.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ShowState {
    pub state: String,
    /// The side given, or else the side to move.
    pub side: Side,
    pub annotate: bool,
    pub snapshot: bool,
}

/// `copy`: a position kept under another name too.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct CopyPosition {
    pub state: String,
    pub into: String,
}

/// `drop`: a position forgotten.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct DropPosition {
    pub state: String,
}

/// A request's `type`, read before anything else (its refusals are of no request).
pub(super) fn kind(request: &Map<String, Value>) -> Result<&str, Refusal> {
    match request.get("type") {
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(refuse("type", "`type` is not a string")),
        None => Err(refuse(
            "type",
            format!("the request has no `type` ({KINDS})"),
        )),
    }
}

impl Request {
    /// The request of type `kind` whose fields are `request`, read against `positions`.
    pub fn read(
        kind: &str,
        request: &Map<String, Value>,
        positions: &Positions,
    ) -> Result<Request, Refusal> {
        let f = Fields(request);
        Ok(match kind {
            "load" => Request::Load(Load::read(f)?),
            "legal" => Request::Legal(Legal::read(f, positions)?),
            "apply" => Request::Apply(Apply::read(f, positions)?),
            "determinize" => Request::Determinize(Determinize::read(f, positions)?),
            "odds" => Request::Odds(Odds::read(f, positions)?),
            "state" => Request::State(ShowState::read(f, positions)?),
            "copy" => Request::Copy(CopyPosition::read(f, positions)?),
            "drop" => Request::Drop(DropPosition::read(f, positions)?),
            other => {
                return Err(refuse(
                    "type",
                    format!("`{}` is not a request: {KINDS}", other.escape_debug()),
                ));
            }
        })
    }
}

/// The name of the position a request works on (`state`, else [`MAIN`]).
fn named(f: Fields) -> Result<String, Refusal> {
    Ok(f.name("state")?.unwrap_or_else(|| MAIN.to_string()))
}

/// The position a request works on, which must be there: its name.
fn existing(f: Fields, positions: &Positions) -> Result<String, Refusal> {
    let name = named(f)?;
    positions.find(&name)?;
    Ok(name)
}

/// Where a request's result is kept: `into`, else the position `from` it worked on.
fn target(f: Fields, from: &str) -> Result<String, Refusal> {
    Ok(f.name("into")?.unwrap_or_else(|| from.to_string()))
}

impl Load {
    fn read(f: Fields) -> Result<Load, Refusal> {
        let state = named(f)?;
        let seed = f.whole_number("seed")?;
        let dice_seed = f.whole_number("dice_seed")?;
        let source = if let Some(snapshot) = f.snapshot()? {
            Source::Snapshot {
                snapshot,
                scenario: SnapshotScenario::read(f)?,
            }
        } else if let Some(path) = f.string("save")? {
            Source::Save(path.to_string())
        } else if let Some(path) = f.string("scenario")? {
            Source::Scenario(path.to_string())
        } else {
            return Err(refuse(
                "scenario",
                "load needs `scenario` (a file, with `seed`), `save` (a saved game) or \
                 `snapshot` (a decision's, with `game`, `fingerprint` or `scenario`)",
            ));
        };
        Ok(Load {
            state,
            seed,
            dice_seed,
            source,
        })
    }
}

impl SnapshotScenario {
    /// The first of `game` (given, even as `null`), `fingerprint` and `scenario`.
    fn read(f: Fields) -> Result<SnapshotScenario, Refusal> {
        if let Some(game) = f.get("game") {
            let info: GameInfo = serde_json::from_value(game.clone())
                .map_err(|e| refuse("game", format!("not the game message's `game`: {e}")))?;
            return Ok(SnapshotScenario::Game(Box::new(info)));
        }
        if let Some(fingerprint) = f.string("fingerprint")? {
            return Ok(SnapshotScenario::Fingerprint(fingerprint.to_string()));
        }
        if let Some(path) = f.string("scenario")? {
            return Ok(SnapshotScenario::File(path.to_string()));
        }
        Err(refuse(
            "game",
            "a snapshot needs its scenario: `game` (the game message's), `fingerprint` (of \
             a scenario loaded before) or `scenario` (a file)",
        ))
    }
}

impl Legal {
    fn read(f: Fields, positions: &Positions) -> Result<Legal, Refusal> {
        let state = existing(f, positions)?;
        let annotate = f.flag("annotate")?;
        Ok(Legal { state, annotate })
    }
}

impl Apply {
    fn read(f: Fields, positions: &Positions) -> Result<Apply, Refusal> {
        let state = existing(f, positions)?;
        let into = target(f, &state)?;
        let action = f.action()?;
        let seed = f.whole_number("seed")?;
        let side = f.side("side")?;
        let dice = f.dice()?;
        Ok(Apply {
            state,
            into,
            action,
            seed,
            side,
            dice,
        })
    }
}

impl Determinize {
    fn read(f: Fields, positions: &Positions) -> Result<Determinize, Refusal> {
        let state = existing(f, positions)?;
        let into = target(f, &state)?;
        let side = f
            .side("side")?
            .ok_or_else(|| refuse("side", "determinize needs the `side` whose view it keeps"))?;
        let seed = f
            .whole_number("seed")?
            .ok_or_else(|| refuse("seed", "determinize needs the `seed` it deals from"))?;
        Ok(Determinize {
            state,
            into,
            side,
            seed,
        })
    }
}

impl Odds {
    /// `shoot` if it is given (even as `null`), else `fight`, else `action` in a position.
    fn read(f: Fields, positions: &Positions) -> Result<Odds, Refusal> {
        if let Some(spec) = f.get("shoot") {
            let t = TestFields {
                spec,
                test: "shoot",
            };
            return Ok(Odds::Shoot(ShootTest {
                dice: t.dice("dice")?,
                value: t.roll("value")?,
                survive_dice: t.dice("survive_dice")?,
                survive: t.roll("survive")?,
                armour: t.dice_or("armour", 0)?,
            }));
        }
        if let Some(spec) = f.get("fight") {
            let t = TestFields {
                spec,
                test: "fight",
            };
            let defender_fights = t.flag_or_true("defender_fights")?;
            return Ok(Odds::Fight(FightTest {
                dice: t.dice("dice")?,
                value: t.roll("value")?,
                defender_dice: t.dice("defender_dice")?,
                defend: t.roll("defend")?,
                defender_fights,
            }));
        }
        let state = existing(f, positions)?;
        let action = f.action().map_err(|_| {
            refuse(
                "action",
                "odds needs `action` (a legal action of the position), `shoot` or `fight`",
            )
        })?;
        Ok(Odds::Action { state, action })
    }
}

impl ShowState {
    fn read(f: Fields, positions: &Positions) -> Result<ShowState, Refusal> {
        let state = existing(f, positions)?;
        let side = match f.side("side")? {
            Some(s) => s,
            None => positions.find(&state)?.game.to_move().ok_or_else(|| {
                refuse("side", "the game is over: name the `side` to be shown it")
            })?,
        };
        let annotate = f.flag("annotate")?;
        let snapshot = f.flag("snapshot")?;
        Ok(ShowState {
            state,
            side,
            annotate,
            snapshot,
        })
    }
}

impl CopyPosition {
    fn read(f: Fields, positions: &Positions) -> Result<CopyPosition, Refusal> {
        let state = existing(f, positions)?;
        let into = f
            .name("into")?
            .ok_or_else(|| refuse("into", "copy needs `into`: the new position's name"))?;
        Ok(CopyPosition { state, into })
    }
}

impl DropPosition {
    fn read(f: Fields, positions: &Positions) -> Result<DropPosition, Refusal> {
        Ok(DropPosition {
            state: existing(f, positions)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::Arc;

    use serde_json::json;

    use rules::rng_from_seed;
    use rules::scenario_file::load_scenario;
    use skirmish_ai::bot::game::Skirmish;

    use super::super::positions::Position;
    use super::*;

    /// `main`, a new game of Ambush on Route 9.
    fn main_only() -> Positions {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/ambush.toml");
        let scenario = Arc::new(load_scenario(&file).unwrap().scenario);
        let mut rng = rng_from_seed(5);
        let game = Skirmish::start(scenario, &mut rng).state().clone();
        let mut positions = Positions::default();
        positions
            .keep(MAIN.into(), Position { game, dice: rng })
            .unwrap();
        positions
    }

    fn read(request: Value, positions: &Positions) -> Result<Request, Refusal> {
        let fields = request.as_object().unwrap();
        Request::read(kind(fields)?, fields, positions)
    }

    fn refused(request: Value, positions: &Positions) -> (Option<&'static str>, String) {
        let r = read(request, positions).unwrap_err();
        (r.field, r.error)
    }

    #[test]
    fn a_request_is_read_into_its_type_with_its_defaults() {
        let positions = main_only();
        let apply = json!({"type": "apply", "action": "activate m8", "seed": 3});
        assert_eq!(
            read(apply, &positions).unwrap(),
            Request::Apply(Apply {
                state: MAIN.into(),
                into: MAIN.into(),
                action: "activate m8".parse().unwrap(),
                seed: Some(3),
                side: None,
                dice: None,
            })
        );
        let shown = json!({"type": "state", "annotate": true, "unknown": [1]});
        assert_eq!(
            read(shown, &positions).unwrap(),
            Request::State(ShowState {
                state: MAIN.into(),
                side: Side::Martians,
                annotate: true,
                snapshot: false,
            })
        );
    }

    #[test]
    fn a_position_that_is_not_there_is_refused_before_the_fields_after_its_name() {
        let positions = main_only();
        let legal = json!({"type": "legal", "state": "trial", "annotate": 5});
        assert_eq!(
            refused(legal, &positions),
            (
                Some("state"),
                "there is no position `trial`: load one first (there are main)".into()
            )
        );
        let legal = json!({"type": "legal", "annotate": 5});
        assert_eq!(
            refused(legal, &positions),
            (
                Some("annotate"),
                "`annotate` is true or false, not 5".into()
            )
        );
    }

    #[test]
    fn a_field_the_request_has_no_use_for_is_not_read() {
        let nothing = Positions::default();
        let shoot = json!({"type": "odds", "state": 5, "fight": 5,
                           "shoot": {"dice": 4, "value": 4, "survive_dice": 3, "survive": 5}});
        assert!(matches!(
            read(shoot, &nothing),
            Ok(Request::Odds(Odds::Shoot(ShootTest { armour: 0, .. })))
        ));
        let load = json!({"type": "load", "save": "a.json", "scenario": 5, "seed": 1});
        assert!(matches!(
            read(load, &nothing),
            Ok(Request::Load(Load {
                source: Source::Save(_),
                ..
            }))
        ));
    }

    #[test]
    fn a_request_without_a_known_type_is_refused_naming_the_requests() {
        let nothing = Positions::default();
        assert_eq!(
            refused(json!({"type": "forget"}), &nothing),
            (
                Some("type"),
                "`forget` is not a request: load, legal, apply, determinize, odds, state, \
                 copy, drop"
                    .into()
            )
        );
        assert_eq!(
            refused(json!({"id": 1}), &nothing).1,
            "the request has no `type` (load, legal, apply, determinize, odds, state, copy, \
             drop)"
        );
    }
}
