//! The AI's hint as a whole move: not only the first decision (which model acts) but the
//! square it goes to and the enemy it attacks or the card it plays, searched decision by
//! decision as the AI plays its own, up to the first die.

use rand::SeedableRng;

use crate::rules::action::{Action, ModelId};
use crate::rules::{GameRng, GameState};

use super::forecast::acting_model;
use super::session::Brain;

/// The most decisions a hint's move holds after its first (an activation, a stand-up or
/// an Aim, two steps, a Shoot, the end of the action).
pub const MOVE_DECISIONS: usize = 6;

/// The decisions that finish the move `first` starts in `state`, each searched by `brain`
/// in turn: while the same side decides for the same acting model and no die has been
/// rolled (a roll, a counter turned over or a card drawn ends the move: what follows
/// depends on luck, and is the next decision's hint).
pub fn rest_of_move(
    brain: &mut dyn Brain,
    state: &GameState,
    first: Action,
    rng: &mut GameRng,
) -> Vec<Action> {
    let side = state.to_move();
    let mut g = state.clone();
    let mut rest = Vec::new();
    let mut action = first;
    let mut legal = Vec::new();
    while rest.len() < MOVE_DECISIONS {
        // The dice of the copy: any draw from them ends the move.
        let mut dice = GameRng::seed_from_u64(0);
        if g.play(action, &mut dice).is_err() || dice.get_word_pos() != 0 {
            break;
        }
        if acting_model(&g).is_none() || g.to_move() != side || g.is_over() {
            break;
        }
        legal.clear();
        g.legal_actions(&mut legal);
        action = match legal.as_slice() {
            [] => break,
            [only] => *only,
            _ => match brain.decide(&g, &[], rng) {
                Ok((a, _)) => a,
                Err(_) => break,
            },
        };
        rest.push(action);
    }
    rest
}

/// The model a move is made with: the one it activates or moves, if any.
pub fn mover(g: &GameState, line: &[Action]) -> Option<ModelId> {
    match line.first()? {
        Action::Activate(m) => Some(*m),
        _ => acting_model(g),
    }
}
