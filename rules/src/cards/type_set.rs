//! A set of a deck's card types, a bit a type by its local index (R19): the cards a side
//! holds, the Events, the test cards and Lucky Escapes of a half, the cards laid to Support
//! sets this Turn. The set operations are those of every set of the game
//! ([`crate::bit_set`]).

use crate::bit_set::bit_set;

/// A set of card types of one deck, by local index (at most
/// [`crate::cards::MAX_CARD_TYPES`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct CardTypeSet(u64);

bit_set! {
    CardTypeSet of usize, iterated by CardTypes,
    index: |local| local,
    item: |i| i as usize,
}

#[cfg(test)]
mod tests {
    use super::CardTypeSet;

    #[test]
    fn a_set_of_card_types_by_local_index() {
        let mut set = CardTypeSet::EMPTY;
        set.insert(3);
        set.insert(63);
        assert_eq!(set.bits(), (1 << 3) | (1 << 63));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![3, 63]);
        assert!(set.contains(63) && !set.contains(0));
        set.remove(3);
        assert_eq!(set.count(), 1);
        assert_eq!(format!("{set:?}"), "CardTypeSet{63}");
    }
}
