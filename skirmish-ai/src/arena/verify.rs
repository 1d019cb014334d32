//! Whether a run's games replay: a game played again from its seeds by the same players
//! must give the record it gave before, field for field, but for how long it took.
//!
//! Every game of a run whose players search by iterations (or follow fixed rules) is a
//! function of its seeds, so playing it again on any machine, on any number of threads,
//! gives the same record (`arena --verify`). When it does not, the program plays
//! differently from the one that made the results: the first field that differs says
//! where (a value the search gave at some decision, the number of decisions, the winner).
//! A player with a time budget (`mcts:normal`, `mcts:hard`) searches as far as the
//! machine lets it, so its games are not expected to replay and are left out.

use serde_json::{Map, Value};

use crate::arena::record::Record;
use crate::bot::spec::PlayerSpec;
use ai::Budget;

/// The fields of a record that depend on the machine (how long the game and its decisions
/// took), name the program rather than what it played (the search's fingerprint), or say
/// where the scenario file was found (the same file is named by another path from another
/// folder; its fingerprint, which is compared, says what it held), left out of the
/// comparison.
pub const UNCOMPARED: [&str; 5] = [
    "seconds",
    "think_seconds",
    "max_decision_ms",
    "search",
    "scenario_file",
];

/// Are the games of this player a function of their seeds? Not for a search with a time
/// budget; a program playing through the bot protocol replays if it decides alike.
pub fn replays(spec: &PlayerSpec) -> bool {
    !matches!(spec.budget(), Some(Budget::Time(_)))
}

/// The first field in which a game played again differs from its record.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    /// The field, with the index of an entry of a list (`values[41]`, `vp_by_round[2]`).
    pub field: String,
    /// What the record says, as JSON (shortened).
    pub recorded: String,
    /// What the game gave when played again, as JSON (shortened).
    pub replayed: String,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} was {}, now {}",
            self.field, self.recorded, self.replayed
        )
    }
}

/// The longest rendering of a value in a [`Difference`], in characters.
const SHOWN: usize = 80;

fn shown(v: Option<&Value>) -> String {
    let text = v.map_or_else(|| "(absent)".to_string(), Value::to_string);
    if text.chars().count() <= SHOWN {
        text
    } else {
        let cut: String = text.chars().take(SHOWN).collect();
        format!("{cut}...")
    }
}

fn fields(r: &Record) -> Map<String, Value> {
    match serde_json::to_value(r) {
        Ok(Value::Object(mut m)) => {
            for k in UNCOMPARED {
                m.remove(k);
            }
            m
        }
        // A record is a struct of plain fields: it always serializes to an object.
        _ => Map::new(),
    }
}

/// The fields looked at first, in this order: what sets the game up (a difference there
/// means another run, not another program), then the decisions and the values the searches
/// gave them, where a program that plays differently parts from the record first. The
/// others (the result) follow.
const FIRST: [&str; 12] = [
    "id",
    "seed",
    "scenario",
    "scenario_fingerprint",
    "game",
    "game_seed",
    "dice_seed",
    "humans",
    "martians",
    "moves",
    "values",
    "decisions",
];

/// The first difference between `recorded` and `replayed`, looking at the [`FIRST`]
/// fields first and leaving out the [`UNCOMPARED`] ones; `None` when the game replayed as
/// recorded. The decisions (`moves`) are compared only when the record kept them.
pub fn first_difference(recorded: &Record, replayed: &Record) -> Option<Difference> {
    let (a, mut b) = (fields(recorded), fields(replayed));
    if !a.contains_key("moves") {
        b.remove("moves");
    }
    let rest = a.keys().chain(b.keys()).map(String::as_str);
    for key in FIRST.into_iter().chain(rest) {
        let (x, y) = (a.get(key), b.get(key));
        if x == y {
            continue;
        }
        // For a list, the first entry that differs (or the first one only one side has).
        if let (Some(Value::Array(xs)), Some(Value::Array(ys))) = (x, y)
            && let Some(i) = (0..xs.len().max(ys.len())).find(|&i| xs.get(i) != ys.get(i))
        {
            return Some(Difference {
                field: format!("{key}[{i}]"),
                recorded: shown(xs.get(i)),
                replayed: shown(ys.get(i)),
            });
        }
        return Some(Difference {
            field: key.to_string(),
            recorded: shown(x),
            replayed: shown(y),
        });
    }
    None
}

/// [`first_difference`] for a game of a run that kept its decisions (`run_kept_moves`: some
/// record of the run holds them): a record without them was changed after the run wrote
/// it, and its missing decisions are the first difference.
pub fn first_difference_in_run(
    recorded: &Record,
    replayed: &Record,
    run_kept_moves: bool,
) -> Option<Difference> {
    if run_kept_moves && recorded.moves.is_none() {
        let replayed_moves = serde_json::to_value(&replayed.moves).ok();
        return Some(Difference {
            field: "moves".into(),
            recorded: shown(None),
            replayed: shown(replayed_moves.as_ref()),
        });
    }
    first_difference(recorded, replayed)
}
