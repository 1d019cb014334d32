//! Dealing afresh what an observer may not see (a determinization): the other hand for a
//! side, both hands for a spectator. The searches, the bot protocol's snapshots and the
//! network's spectators all see a position through these.

use rand::RngCore;

use super::GameState;
use crate::cards::{CardTypeSet, MAX_CARD_TYPES};
use crate::square::Side;

impl GameState {
    /// Resample everything `observer` may not see, consistently with what it has seen,
    /// drawing only from `rng`: the other side's hand is dealt afresh from the cards
    /// `observer` has not seen (the deck and that hand), among the non-Event cards, since
    /// a hand never holds an Event. Face-down counters carry no identity in the state (R24)
    /// and the deck is a multiset, so nothing else is hidden. The number of draws is the
    /// other hand's size, which `observer` sees.
    pub fn determinize<R: RngCore + ?Sized>(&mut self, observer: Side, rng: &mut R) {
        let other = observer.other();
        let n = self.cards.hand_n[other];
        if n == 0 {
            return;
        }
        for t in 0..MAX_CARD_TYPES {
            self.cards.deck[t] += self.cards.hands[other][t];
            self.cards.hands[other][t] = 0;
        }
        self.cards.deck_n += n as u16;
        self.cards.hand_n[other] = 0;
        self.cards.held[other] = CardTypeSet::EMPTY;
        for _ in 0..n {
            if self.draw_non_event(other, rng).is_none() {
                break;
            }
        }
    }

    /// Resample everything a spectator may not see, who sees neither hand: both hands put
    /// back among the cards nobody has seen (the deck) and dealt afresh from `rng`, the
    /// Humans' first, each to its size, among the non-Event cards. Two positions that
    /// differ only in how the unseen cards lie between the deck and the hands come out the
    /// same for the same `rng`.
    pub fn determinize_both<R: RngCore + ?Sized>(&mut self, rng: &mut R) {
        let sizes = self.cards.hand_n;
        for side in Side::BOTH {
            for t in 0..MAX_CARD_TYPES {
                self.cards.deck[t] += self.cards.hands[side][t];
                self.cards.hands[side][t] = 0;
            }
            self.cards.deck_n += u16::from(sizes[side]);
            self.cards.hand_n[side] = 0;
            self.cards.held[side] = CardTypeSet::EMPTY;
        }
        for side in Side::BOTH {
            for _ in 0..sizes[side] {
                if self.draw_non_event(side, rng).is_none() {
                    break;
                }
            }
        }
    }
}
