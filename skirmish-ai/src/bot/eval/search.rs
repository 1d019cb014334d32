//! What the search asks of the game beyond scores: the public outcome of the dice, the
//! decisions the odds settle, and how much of the time a decision gets.

use crate::bot::eval::cards::response_gain;
use crate::bot::eval::tactics::fight_value;
use rules::action::{Action, ModelId};
use rules::model_set::ModelSet;
use rules::square::{Side, Square};
use rules::state::{CounterKind, GameState, Loc, Phase};

/// A summary of what the dice have decided that both sides see (see
/// [`ai::Game::chance_signature`]): which models are dead or Rattled, the counters face
/// down, face up and claimed, the VP, and where the Bug and the cows are.
pub fn chance_signature(g: &GameState) -> u64 {
    let (mut dead, mut rattled) = (ModelSet::EMPTY, ModelSet::EMPTY);
    for (i, m) in g.models().iter().enumerate() {
        if m.loc == Loc::Dead {
            dead.insert(ModelId(i as u8));
        }
        if m.rattled {
            rattled.insert(ModelId(i as u8));
        }
    }
    let mut h = Mix::default();
    h.add(dead.bits());
    h.add(rattled.bits());
    h.add(g.hidden_counters().bits());
    for kind in CounterKind::ALL {
        h.add(g.face_up_counters(kind).bits());
    }
    for side in Side::BOTH {
        h.add(u64::from(g.vp(side)) << 16 | u64::from(g.claimed(side)));
    }
    let at = |x: Option<(Square, Side)>| x.map_or(64, |(sq, _)| sq.index() as u64);
    h.add(at(g.bug()) << 8 | at(g.cows()));
    // Entries drawn at random (P33): the draw is a chance outcome like a die.
    let drawn = g.arrivals_drawn();
    if drawn != 0 {
        h.add(drawn as u64);
        h.add((drawn >> 64) as u64);
    }
    h.0
}

/// A small multiply-xor hash.
#[derive(Default)]
pub(super) struct Mix(u64);

impl Mix {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
}

/// A decision the exact odds settle without search (see [`ai::Game::settled_action`]):
/// Fight or Survive by the Fight's exact odds (R16, [`fight_value`]); and a response
/// window where no card the side may play changes the test's odds (`respond none`). Reads
/// only the board and the hand of the side to decide.
pub fn settled_action(g: &GameState) -> Option<Action> {
    match g.phase() {
        Phase::Defence {
            attacker,
            defender,
            charge,
        } => {
            let sq = g.model(defender).square()?;
            let (_, _, best) = fight_value(g, attacker, defender, sq, charge);
            Some(Action::Defend(best))
        }
        Phase::Respond(side) => {
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            let idle = legal.iter().all(|a| match a {
                Action::Respond(Some(c)) => {
                    response_gain(g, side, c.half).is_some_and(|gain| gain.abs() < 1e-9)
                }
                _ => true,
            });
            idle.then_some(Action::Respond(None))
        }
        _ => None,
    }
}

/// The share of a time budget a decision gets (see [`ai::Game::decision_weight`]): the
/// first decision of a Turn (which model acts, or which card) shapes the rest and gets a
/// fifth more; a model's later steps, answers in the other side's Turn and the refill get
/// less.
pub fn decision_weight(g: &GameState) -> f64 {
    match g.phase() {
        Phase::TurnStart => 1.2,
        Phase::AfterFirst | Phase::FightTarget { .. } => 1.0,
        Phase::Acting(a) if a.steps == 0 && !a.shot && !a.aimed && !a.stood => 1.0,
        Phase::Acting(_) | Phase::Deploy(_) => 0.8,
        Phase::Respond(_) | Phase::Escape(_) | Phase::Defence { .. } | Phase::BugDefence(_) => 0.6,
        Phase::Refill(_) => 0.5,
        _ => 1.0,
    }
}
