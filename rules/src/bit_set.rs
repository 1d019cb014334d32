//! What the game's sets of small things have in common: a set of at most 64 items (squares,
//! models, a deck's card types) is one 64-bit word, a bit an item. [`bit_set!`] writes the
//! set operations once for each such type ([`crate::bitboard::Bitboard`],
//! [`crate::model_set::ModelSet`], [`crate::cards::CardTypeSet`]); each type
//! is declared in its own file, with what only it has.
//!
//! Every operation is a word operation the compiler inlines, so a typed set costs what the
//! bare word cost. The word itself is reached only through `from_bits` and `bits`, where a
//! set is written to or read from bytes.

/// The set operations of `$set`, a `#[repr(transparent)]` tuple struct over a `u64`,
/// whose items are `$item`, iterated by `$iter` lowest first. `|$i| $to_item` turns a bit
/// index (`u32`, below 64) into an item; `|$x| $to_index` an item into its bit index.
macro_rules! bit_set {
    (
        $set:ident of $item:ty, iterated by $iter:ident,
        index: |$x:ident| $to_index:expr,
        item: |$i:ident| $to_item:expr $(,)?
    ) => {
        impl $set {
            /// The empty set.
            pub const EMPTY: $set = $set(0);

            /// The set whose bits are `bits` (as written in a snapshot or a save).
            #[inline]
            pub const fn from_bits(bits: u64) -> $set {
                $set(bits)
            }

            /// The set as bits (for a snapshot, a save or a hash).
            #[inline]
            pub const fn bits(self) -> u64 {
                self.0
            }

            /// The set of `item` alone.
            #[inline]
            pub const fn single($x: $item) -> $set {
                $set(1u64 << ($to_index))
            }

            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Has the set at least one item?
            #[inline]
            pub const fn any(self) -> bool {
                self.0 != 0
            }

            /// How many items the set has.
            #[inline]
            pub const fn count(self) -> usize {
                self.0.count_ones() as usize
            }

            #[inline]
            pub const fn contains(self, $x: $item) -> bool {
                self.0 & (1u64 << ($to_index)) != 0
            }

            #[inline]
            pub fn insert(&mut self, item: $item) {
                *self = self.with(item);
            }

            #[inline]
            pub fn remove(&mut self, item: $item) {
                *self = self.without(item);
            }

            /// The set with `item` added.
            #[inline]
            pub const fn with(self, item: $item) -> $set {
                $set(self.0 | $set::single(item).0)
            }

            /// The set with `item` taken out.
            #[inline]
            pub const fn without(self, item: $item) -> $set {
                $set(self.0 & !$set::single(item).0)
            }

            #[inline]
            pub const fn union(self, other: $set) -> $set {
                $set(self.0 | other.0)
            }

            #[inline]
            pub const fn intersection(self, other: $set) -> $set {
                $set(self.0 & other.0)
            }

            /// The items of `self` not in `other`.
            #[inline]
            pub const fn difference(self, other: $set) -> $set {
                $set(self.0 & !other.0)
            }

            /// Have the two sets an item in common?
            #[inline]
            pub const fn intersects(self, other: $set) -> bool {
                self.0 & other.0 != 0
            }

            /// Is every item of `self` in `other`?
            #[inline]
            pub const fn is_subset(self, other: $set) -> bool {
                self.0 & !other.0 == 0
            }

            /// The lowest item, if any.
            #[inline]
            pub const fn first(self) -> Option<$item> {
                if self.0 == 0 {
                    None
                } else {
                    let $i = self.0.trailing_zeros();
                    Some($to_item)
                }
            }

            /// The highest item, if any.
            #[inline]
            pub const fn last(self) -> Option<$item> {
                if self.0 == 0 {
                    None
                } else {
                    let $i = 63 - self.0.leading_zeros();
                    Some($to_item)
                }
            }

            /// The items of the set above `item` (not `item` itself).
            #[inline]
            pub const fn above(self, item: $item) -> $set {
                let bit = $set::single(item).0;
                $set(self.0 & !(bit | (bit - 1)))
            }

            /// The items, lowest first.
            #[inline]
            pub const fn iter(self) -> $iter {
                $iter(self.0)
            }
        }

        /// The items of a set, lowest first.
        #[derive(Clone, Copy, Debug)]
        pub struct $iter(u64);

        impl Iterator for $iter {
            type Item = $item;

            #[inline]
            fn next(&mut self) -> Option<$item> {
                if self.0 == 0 {
                    None
                } else {
                    let $i = self.0.trailing_zeros();
                    self.0 &= self.0 - 1;
                    Some($to_item)
                }
            }

            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count_ones() as usize;
                (n, Some(n))
            }

            #[inline]
            fn count(self) -> usize {
                self.0.count_ones() as usize
            }
        }

        impl ExactSizeIterator for $iter {}

        impl std::iter::FusedIterator for $iter {}

        impl IntoIterator for $set {
            type Item = $item;
            type IntoIter = $iter;

            #[inline]
            fn into_iter(self) -> $iter {
                self.iter()
            }
        }

        impl From<$item> for $set {
            #[inline]
            fn from(item: $item) -> $set {
                $set::single(item)
            }
        }

        impl FromIterator<$item> for $set {
            #[inline]
            fn from_iter<I: IntoIterator<Item = $item>>(items: I) -> $set {
                let mut set = $set::EMPTY;
                set.extend(items);
                set
            }
        }

        impl Extend<$item> for $set {
            #[inline]
            fn extend<I: IntoIterator<Item = $item>>(&mut self, items: I) {
                for item in items {
                    self.insert(item);
                }
            }
        }

        impl std::ops::BitOr for $set {
            type Output = $set;
            #[inline]
            fn bitor(self, other: $set) -> $set {
                $set(self.0 | other.0)
            }
        }

        impl std::ops::BitAnd for $set {
            type Output = $set;
            #[inline]
            fn bitand(self, other: $set) -> $set {
                $set(self.0 & other.0)
            }
        }

        impl std::ops::BitXor for $set {
            type Output = $set;
            #[inline]
            fn bitxor(self, other: $set) -> $set {
                $set(self.0 ^ other.0)
            }
        }

        /// The complement within the 64 bits (for squares, the rest of the board).
        impl std::ops::Not for $set {
            type Output = $set;
            #[inline]
            fn not(self) -> $set {
                $set(!self.0)
            }
        }

        impl std::ops::BitOrAssign for $set {
            #[inline]
            fn bitor_assign(&mut self, other: $set) {
                self.0 |= other.0;
            }
        }

        impl std::ops::BitAndAssign for $set {
            #[inline]
            fn bitand_assign(&mut self, other: $set) {
                self.0 &= other.0;
            }
        }

        impl std::ops::BitXorAssign for $set {
            #[inline]
            fn bitxor_assign(&mut self, other: $set) {
                self.0 ^= other.0;
            }
        }

        /// The items in braces, as they are written (`{a1, c3}`, `{m1, m4}`).
        impl std::fmt::Debug for $set {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(concat!(stringify!($set), "{"))?;
                for (n, item) in self.iter().enumerate() {
                    if n > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("}")
            }
        }
    };
}

pub(crate) use bit_set;
