//! What the scenario's victory conditions beyond VP stand at, in words for the sidebar
//! (P28-P33): the key models still in the game and what their death or leaving decides,
//! the zones that win when held Rounds running and how long each has been held, and the
//! entries drawn at random, drawn or still to be drawn. Nothing for a scenario without them.

use rules::bitboard::zone_text;
use rules::state::Loc;
use rules::{GameState, ModelId, Side};

use super::describe::{ModelNames, model_name, side_title};

/// One line for each thing the scenario's victory conditions beyond VP say now, the models
/// named as `names` says.
pub fn victory_lines(g: &GameState, names: ModelNames) -> Vec<String> {
    let sc = g.scenario();
    let mut out = Vec::new();
    for (i, m) in sc.models.iter().enumerate() {
        let id = ModelId(i as u8);
        if !m.ends_game.is_key() || matches!(g.model(id).loc, Loc::Dead | Loc::Exited) {
            continue;
        }
        let words = match (m.ends_game.dies, m.ends_game.exits) {
            (Some(d), Some(x)) => format!(
                "dying wins for the {}, getting away for the {}",
                side_title(d),
                side_title(x)
            ),
            (Some(d), None) => format!("dying wins for the {}", side_title(d)),
            (None, Some(x)) => format!("getting away wins for the {}", side_title(x)),
            (None, None) => continue,
        };
        out.push(format!("Key model {}: {words}.", model_name(g, id, names)));
    }
    for side in Side::BOTH {
        for (i, h) in sc.sides[side].hold.iter().enumerate() {
            let (Some(needed), Some(running)) = (h.win_after, g.hold_running(side, i)) else {
                continue;
            };
            let when = match (h.from, h.until) {
                (f, _) if g.round() < f => format!(", counted from Round {f}"),
                (_, Some(u)) if g.round() > u => ", no longer counted".to_string(),
                _ => String::new(),
            };
            out.push(format!(
                "{}: the {} win holding it alone {needed} Rounds running; held {running} so \
                 far{when}.",
                zone_text(h.zone),
                side_title(side)
            ));
        }
        for (wave, e) in sc.sides[side].entry.iter().enumerate() {
            if !e.is_drawn() {
                continue;
            }
            let Some(a) = g.arrival(side, wave) else {
                continue;
            };
            let line = match (a.round, a.edge) {
                (Some(r), Some(edge)) => format!(
                    "The {} of entry {} come on across the {edge} edge from Round {r} \
                     (drawn).",
                    side_title(side),
                    wave + 1
                ),
                _ => format!(
                    "The {} of entry {} come on where and when a draw at the start of Round \
                     {} says.",
                    side_title(side),
                    wave + 1,
                    e.drawn_in
                ),
            };
            out.push(line);
        }
    }
    out
}
