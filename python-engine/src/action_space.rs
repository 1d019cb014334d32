//! The learning environment's fixed action space: every decision that names no card
//! (deploy, activate, move, shoot... for this scenario's models), numbered once; then
//! [`CARD_SLOTS`] slots for the decisions that play, lay, call, answer with or discard a
//! card, numbered in the order the rules list the ones legal now (a card's decisions with
//! every target would be hundreds of thousands of actions).

use std::collections::HashMap;

use rules::{Action, GameState};
use skirmish_table::table::describe::card_of;

/// The fixed part of the action space, and each action's number in it.
pub(crate) struct ActionSpace {
    pub(crate) fixed: Vec<Action>,
    pub(crate) index: HashMap<Action, usize>,
}

/// The slots for the card decisions legal at one moment.
pub(crate) const CARD_SLOTS: usize = 256;

/// The decision names a card (so it takes a card slot): the table's reading of which card
/// a decision plays.
pub(crate) fn names_a_card(a: &Action) -> bool {
    card_of(a).is_some()
}

impl ActionSpace {
    pub(crate) fn of(g: &GameState) -> ActionSpace {
        let fixed = Action::without_cards(g.models().len());
        let index = fixed.iter().enumerate().map(|(i, a)| (*a, i)).collect();
        ActionSpace { fixed, index }
    }

    pub(crate) fn len(&self) -> usize {
        self.fixed.len() + CARD_SLOTS
    }
}
