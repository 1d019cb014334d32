//! Card tests: every card of the core deck and every Event on a small position, with
//! expectations derived by hand from the card text and the rulings they cite (R11,
//! R19-R23, P11-P22). Dice are scripted: each `Dice` entry is one test's roll (or one
//! batch of single dice, or one card draw). One file a kind of card, as `rules::cards`
//! and `rules::state::play`/`effects` hold them; here, what they share.

use crate::common::*;
use rules::GameState;
use rules::cards::{CardId, CardType};
use rules::state::Event;

mod activation;
mod events;
mod hands;
mod responses;
mod support;

/// How many of these cards carry the half (or Event) `c`, on either side.
pub(super) fn count<'a>(it: impl Iterator<Item = (&'a CardType, u8)>, c: &str) -> u8 {
    let c = card(c);
    it.filter(|(x, _)| {
        x.faces
            .iter()
            .flatten()
            .chain(x.event.as_ref())
            .any(|f| f.id == c)
    })
    .map(|(_, n)| n)
    .sum()
}

/// The level of the Support set of the half `c` among `sets` (R21).
pub(super) fn level(sets: impl Iterator<Item = (CardId, u8)>, c: &str) -> u8 {
    let c = card(c);
    sets.filter(|(x, _)| *x == c).map(|(_, n)| n).sum()
}

/// A draw from the deck: the first card type (in deck order) still in it.
pub(super) const DRAW: &[u8] = &[1];

/// Humans m1 acts and ends the Round (everyone else has acted); the Humans, who ran out
/// first, refill first.
pub(super) fn end_the_round(g: &mut GameState, dice: &mut Dice) -> Vec<Event> {
    let mut e = events(g, "activate m1", dice);
    e.extend(events(g, "done", dice));
    e
}
