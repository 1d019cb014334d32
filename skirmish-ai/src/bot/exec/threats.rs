//! The threats in an annotated decision (version 2, `"annotate": true`): for each of the
//! deciding side's models on the board, what each enemy on the board could do to it in
//! the enemy's next action, the board as it stands now:
//!
//! - `shot`: a Shoot from where the enemy stands (R8, R9, R12, R15), without an Aim;
//! - `aimed_shot`: the same shot after an Aim (its extra die, R12);
//! - `shot_after_step`: the likeliest kill among its shots after one step (Move 1 and
//!   Shoot, R12), with the square it steps to;
//! - `charge`: the Fight if it steps into the model's square (R7, R16), the model
//!   defending where it stands.
//!
//! Read from the rules, never restated: the squares a model may shoot into
//! ([`GameState::shot_squares`]), the steps ([`rules::map::Map::step_targets`]), the odds
//! ([`rules::test_odds`]); a charge is played on a copy with the enemy put in the
//! square. Everything here is on the board for both sides to see: the threats of two
//! positions that differ only in a hand are the same.

use std::collections::BTreeMap;

use serde::Serialize;

use rules::action::ModelId;
use rules::test_odds;
use rules::{GameState, Side, Square};

use super::annotate::{FightInfo, ShotInfo};

/// What one enemy could do to one model.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Threat {
    pub enemy: String,
    /// The enemy has acted this Round: it can act again only in a later Round.
    pub activated: bool,
    /// The enemy is Rattled: it stands up first, and then only steps or shoots (R17).
    pub rattled: bool,
    pub shot: Option<ShotInfo>,
    pub aimed_shot: Option<ShotInfo>,
    pub shot_after_step: Option<StepShot>,
    pub charge: Option<FightInfo>,
}

/// A shot after a step: the square stepped to, and the shot from there.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StepShot {
    pub from: String,
    pub shot: ShotInfo,
}

/// The threats to each model of `side` on the board, by the model's id; a model no enemy
/// threatens is not listed.
pub fn threats(g: &GameState, side: Side) -> BTreeMap<String, Vec<Threat>> {
    let on_board = |s: Side| -> Vec<(ModelId, Square)> {
        g.models()
            .iter()
            .enumerate()
            .filter(|(_, m)| m.side == s)
            .filter_map(|(i, m)| m.square().map(|sq| (ModelId(i as u8), sq)))
            .collect()
    };
    let enemies = on_board(side.other());
    let mut out = BTreeMap::new();
    for (target, at) in on_board(side) {
        let list: Vec<Threat> = enemies
            .iter()
            .filter_map(|&(enemy, from)| threat(g, enemy, from, target, at))
            .collect();
        if !list.is_empty() {
            out.insert(target.to_string(), list);
        }
    }
    out
}

/// What `enemy` on `from` could do to `target` on `at`, if anything.
fn threat(
    g: &GameState,
    enemy: ModelId,
    from: Square,
    target: ModelId,
    at: Square,
) -> Option<Threat> {
    let shot_from = |sq: Square, aimed: bool| -> Option<ShotInfo> {
        if !g.shot_squares(enemy, sq).contains(at) {
            return None;
        }
        test_odds::shoot_forecast(g, enemy, sq, target, aimed)
            .map(|f| ShotInfo::of(&f, enemy, target))
    };
    let steps = g.map().step_targets(from);
    let shot_after_step = steps
        .iter()
        .filter(|sq| *sq != at)
        .filter_map(|sq| shot_from(sq, false).map(|shot| (sq, shot)))
        .max_by(|a, b| a.1.kill.total_cmp(&b.1.kill))
        .map(|(sq, shot)| StepShot {
            from: sq.to_string(),
            shot,
        });
    let charge = if steps.contains(at) {
        // The enemy stepped in this Turn; the model did not (its own Turn's flag is gone
        // by the enemy's next one, R16).
        let mut c = g.clone();
        c.edit()
            .place(enemy, at)
            .moved_in(enemy, true)
            .moved_in(target, false);
        test_odds::fight_forecast(&c, enemy, target).map(|f| FightInfo::of(&f))
    } else {
        None
    };
    let model = g.model(enemy);
    let t = Threat {
        enemy: enemy.to_string(),
        activated: model.activated,
        rattled: model.rattled,
        shot: shot_from(from, false),
        aimed_shot: shot_from(from, true),
        shot_after_step,
        charge,
    };
    (t.shot.is_some() || t.shot_after_step.is_some() || t.charge.is_some()).then_some(t)
}
