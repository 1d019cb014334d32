//! What a click on the board offers: the plans (short chains of legal decisions) whose
//! last decision targets what was clicked.
//!
//! A click on a square or a model offers every legal decision aimed at it; with a model
//! of the side to move selected but not yet acting, also its activation followed by such
//! a decision; through the decisions that prepare one (standing a Rattled model up, R12
//! and R17; aiming before a Shoot, R12 and R15), also the prepared decision; and a square
//! two steps away (or an enemy there, a charge) through a first step from which the
//! second is legal. Every plan is checked on a copy of the state, one decision at a time.

use crate::rules::GameState;
use crate::rules::Square;
use crate::rules::action::{Action, ModelId};
use crate::rules::cards::Card;
use crate::table::describe::card_of;
use crate::table::forecast::{Target, acting_model, after, hits};

/// The decisions that prepare another in the same action: each is offered with what it
/// leads to, never alone.
const PREPARE: [Action; 2] = [Action::Stand, Action::Aim];

/// The plans a click on `t` offers, in the order a menu lists them: the decisions in the
/// rules' order, each prepared one after them, then a two-step move or charge.
pub fn plans_for(
    g: &GameState,
    legal: &[Action],
    selected: Option<ModelId>,
    armed: Option<Card>,
    t: Target,
) -> Vec<Vec<Action>> {
    // Card decisions are chosen on the board only once their card is picked from the
    // hand; the rest never while a card is picked.
    let fits = |s: &GameState, a: &Action| -> bool {
        !matches!(a, Action::Activate(_)) && card_of(a) == armed && hits(s, a, t)
    };
    let mut plans: Vec<Vec<Action>> = legal
        .iter()
        .filter(|a| fits(g, a))
        .map(|a| vec![*a])
        .collect();
    if armed.is_some() {
        return plans;
    }
    // Where the selected model's action starts: after its activation, or now if it acts.
    let base: Option<(Vec<Action>, GameState)> = match selected {
        Some(s) if legal.contains(&Action::Activate(s)) => {
            after(g, &[Action::Activate(s)]).map(|c| (vec![Action::Activate(s)], c))
        }
        _ if acting_model(g).is_some() => Some((Vec::new(), g.clone())),
        _ => None,
    };
    if let Some((prefix, state)) = &base {
        let mut next = Vec::new();
        state.legal_actions(&mut next);
        if !prefix.is_empty() {
            for a in next.iter().filter(|a| fits(state, a)) {
                plans.push(with(prefix, &[*a]));
            }
        }
        for prep in PREPARE.iter().filter(|p| next.contains(p)) {
            let Some(c) = after(state, &[*prep]) else {
                continue;
            };
            let mut then = Vec::new();
            c.legal_actions(&mut then);
            for a in then.iter().filter(|a| fits(&c, a)) {
                plans.push(with(prefix, &[*prep, *a]));
            }
        }
    }
    // A square two steps away, or the enemy standing there (a charge), is reached with
    // one click: the first step through a square from which the second is legal.
    let dest = match t {
        Target::Square(s) => Some(s),
        Target::Model(m) => g.model(m).square(),
    };
    if let Some(dest) = dest
        && !plans
            .iter()
            .any(|p| matches!(p.last(), Some(Action::Move(s)) if *s == dest))
        && let Some(plan) = two_steps(g, legal, selected, dest)
    {
        plans.push(plan);
    }
    plans
}

fn with(prefix: &[Action], rest: &[Action]) -> Vec<Action> {
    prefix.iter().chain(rest).copied().collect()
}

/// The decisions that take the acting (or selected) model to `dest` in two steps of
/// one Move, if it can get there so.
pub fn two_steps(
    g: &GameState,
    legal: &[Action],
    selected: Option<ModelId>,
    dest: Square,
) -> Option<Vec<Action>> {
    let (start, base): (Vec<Action>, GameState) = match selected {
        Some(m) if legal.contains(&Action::Activate(m)) => {
            (vec![Action::Activate(m)], after(g, &[Action::Activate(m)])?)
        }
        _ => (Vec::new(), g.clone()),
    };
    let mover = acting_model(&base)?;
    let mut first = Vec::new();
    base.legal_actions(&mut first);
    let mut next = Vec::new();
    for mid in first.iter().filter_map(|a| match a {
        Action::Move(sq) => Some(*sq),
        _ => None,
    }) {
        let Some(c) = after(&base, &[Action::Move(mid)]) else {
            continue;
        };
        if acting_model(&c) != Some(mover) {
            continue;
        }
        next.clear();
        c.legal_actions(&mut next);
        if next.contains(&Action::Move(dest)) {
            let mut plan = start;
            plan.extend([Action::Move(mid), Action::Move(dest)]);
            return Some(plan);
        }
    }
    None
}

/// How a click on an enemy decides between the ways to attack it, in words, when it
/// offers more than one: `None` for a single plan.
pub fn click_help(plans: &[Vec<Action>]) -> Option<String> {
    if plans.len() < 2 {
        return None;
    }
    let shoots = plans
        .iter()
        .filter(|p| matches!(p.last(), Some(Action::Shoot(_))))
        .count();
    let charges = plans
        .iter()
        .filter(|p| matches!(p.last(), Some(Action::Move(_))))
        .count();
    Some(match (shoots > 0, charges > 0) {
        (true, true) => format!(
            "click: a menu offers {} ways to attack: Shoot{} or Charge, each with its odds \
             below",
            plans.len(),
            if shoots > 1 { " (plain or aimed)" } else { "" }
        ),
        (true, false) if shoots > 1 => {
            "click: a menu offers the plain and the aimed Shoot, each with its odds below"
                .to_string()
        }
        _ => format!("click: a menu offers these {} decisions", plans.len()),
    })
}
