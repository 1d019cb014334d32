//! Why the selected model cannot get to a square this action, in one line, for a click on
//! a square it cannot reach: the rules that stop it, most telling first (a full square,
//! an enemy it may not leave, the length of a Move, walls and enemies on the way).

use rules::action::ModelId;
use rules::state::CAPACITY;
use rules::{GameState, Square};

use super::describe::{ModelNames, model_name};
use super::forecast::{Reach, reach};

/// Why `id` cannot reach `to` this action (`None` when it can, or is there), the model
/// named as `names` says.
pub fn why_unreachable(
    g: &GameState,
    id: ModelId,
    to: Square,
    names: ModelNames,
) -> Option<String> {
    let r: Reach = reach(g, id);
    if r.one.contains(to) || r.two.contains(to) {
        return None;
    }
    let name = model_name(g, id, names);
    let model = g.model(id);
    let Some(from) = model.square() else {
        return Some(format!(
            "{name} is not on the board: it comes on across its entry edge"
        ));
    };
    if from == to {
        return None;
    }
    if r.one.is_empty() && r.two.is_empty() {
        // It cannot step at all this action.
        let enemy_held = g
            .models_in(from)
            .any(|m| g.model(m).side != model.side && !g.model(m).rattled);
        return Some(if enemy_held {
            format!("{name} may not leave {from} while an enemy there stands (R7)")
        } else {
            format!("{name} cannot move now: it has acted, or its action has no step left (R12)")
        });
    }
    if g.models_in(to).count() >= usize::from(CAPACITY) {
        return Some(format!(
            "{to} holds {CAPACITY} models, the most a square may (R3)"
        ));
    }
    let steps = if r.two.is_empty() { 1 } else { 2 };
    let far = from.range(to);
    if far > steps {
        return Some(format!(
            "{to} is {far} squares from {from}: {name} may step {steps} this action (R12)"
        ));
    }
    Some(format!(
        "high walls, or a square with enemies (where a move ends), stand between {from} and \
         {to} (R4, R7)"
    ))
}
