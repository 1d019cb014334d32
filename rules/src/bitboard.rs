//! A set of squares, a bit a square (`a1` the lowest, `h8` the highest, R1): where the
//! models of a side stand, the counters lie, a zone is, a model may step or see. The set
//! operations are those of every set of the game ([`crate::bit_set`]); here is what
//! only squares have: the whole board, rows, columns and rectangles, and a zone's name.

use std::fmt;

use super::bit_set::bit_set;
use super::square::Square;

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(u64);

bit_set! {
    Bitboard of Square, iterated by Squares,
    index: |square| square.index(),
    item: |i| Square::from_index((i & 63) as usize),
}

impl Bitboard {
    /// Every square of the board.
    pub const FULL: Bitboard = Bitboard(u64::MAX);

    /// The squares of row `row` (0 is row 1, clamped to the board).
    #[inline]
    pub const fn row(row: u8) -> Bitboard {
        let r = if row > 7 { 7 } else { row };
        Bitboard(0xFF << (8 * r))
    }

    /// The squares of column `col` (0 is column a, clamped to the board).
    #[inline]
    pub const fn column(col: u8) -> Bitboard {
        let c = if col > 7 { 7 } else { col };
        Bitboard(0x0101_0101_0101_0101 << c)
    }

    /// The rectangle of columns `c0..=c1` and rows `r0..=r1` (each 0..8, `c0 <= c1`,
    /// `r0 <= r1`).
    #[inline]
    pub const fn rect(c0: i8, c1: i8, r0: i8, r1: i8) -> Bitboard {
        let cols: u64 = ((1u64 << (c1 - c0 + 1)) - 1) << c0;
        let row_bits: u64 = cols * 0x0101_0101_0101_0101;
        let rows: u64 = if r1 - r0 + 1 >= 8 {
            u64::MAX
        } else {
            ((1u64 << ((r1 - r0 + 1) * 8)) - 1) << (r0 * 8)
        };
        Bitboard(row_bits & rows)
    }

    /// The squares within `range` of `from` (Chebyshev distance, walls ignored, R8).
    #[inline]
    pub const fn within(from: Square, range: u8) -> Bitboard {
        let r = if range > 7 { 7 } else { range as i8 };
        let c0 = if from.col() - r < 0 {
            0
        } else {
            from.col() - r
        };
        let c1 = if from.col() + r > 7 {
            7
        } else {
            from.col() + r
        };
        let r0 = if from.row() - r < 0 {
            0
        } else {
            from.row() - r
        };
        let r1 = if from.row() + r > 7 {
            7
        } else {
            from.row() + r
        };
        Bitboard::rect(c0, c1, r0, r1)
    }

    /// The set as rectangles, like `a5-h6` or `a5-b7, g5-h7` (see [`zone_text`]).
    pub fn zone_text(self) -> String {
        zone_text(self)
    }
}

impl fmt::Display for Bitboard {
    /// The squares by name, lowest first, separated by spaces (`a1 c3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, sq) in self.iter().enumerate() {
            if n > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// A set of squares as rectangles, like `a5-h6` or `a5-b7, g5-h7`: from the lowest square
/// left, the widest run along its row, then as many rows up as the run fills.
pub fn zone_text(mut bb: Bitboard) -> String {
    let mut parts = Vec::new();
    while let Some(first) = bb.first() {
        let (c0, r0) = (first.col(), first.row());
        let has = |bb: Bitboard, c: i8, r: i8| Square::new(c, r).is_some_and(|s| bb.contains(s));
        let mut c1 = c0;
        while has(bb, c1 + 1, r0) {
            c1 += 1;
        }
        let mut r1 = r0;
        while (c0..=c1).all(|c| has(bb, c, r1 + 1)) {
            r1 += 1;
        }
        bb = bb.difference(Bitboard::rect(c0, c1, r0, r1));
        let corner = Square::new(c1, r1).expect("inside the board");
        parts.push(if corner == first {
            first.to_string()
        } else {
            format!("{first}-{corner}")
        });
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::{Bitboard, zone_text};
    use crate::square::Square;

    fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    fn set(names: &[&str]) -> Bitboard {
        names.iter().map(|n| sq(n)).collect()
    }

    #[test]
    fn a_set_holds_what_was_put_in_it() {
        let mut bb = Bitboard::EMPTY;
        assert!(bb.is_empty());
        bb.insert(sq("c3"));
        bb.insert(sq("a1"));
        bb.insert(sq("c3"));
        assert_eq!(bb.count(), 2);
        assert!(bb.contains(sq("a1")) && bb.contains(sq("c3")));
        assert!(!bb.contains(sq("b2")));
        assert_eq!(bb.iter().collect::<Vec<_>>(), vec![sq("a1"), sq("c3")]);
        assert_eq!(bb.first(), Some(sq("a1")));
        bb.remove(sq("a1"));
        assert_eq!(bb, Bitboard::single(sq("c3")));
        // a1 is bit 0, h1 bit 7, a8 bit 56 (R1).
        assert_eq!(Bitboard::single(sq("a1")).bits(), 1);
        assert_eq!(Bitboard::single(sq("h1")).bits(), 1 << 7);
        assert_eq!(Bitboard::single(sq("a8")).bits(), 1 << 56);
        assert_eq!(Bitboard::FULL.count(), 64);
    }

    #[test]
    fn unions_intersections_and_differences() {
        let a = set(&["a1", "b2", "c3"]);
        let b = set(&["b2", "d4"]);
        assert_eq!(a | b, set(&["a1", "b2", "c3", "d4"]));
        assert_eq!(a & b, set(&["b2"]));
        assert_eq!(a.difference(b), set(&["a1", "c3"]));
        assert_eq!(a & !b, a.difference(b));
        assert!(a.intersects(b));
        assert!(!a.intersects(set(&["h8"])));
        assert!(set(&["b2"]).is_subset(a));
        assert_eq!((!Bitboard::EMPTY).count(), 64);
    }

    #[test]
    fn rows_columns_and_rectangles() {
        assert_eq!(
            Bitboard::row(0),
            set(&["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"])
        );
        assert_eq!(Bitboard::column(7).count(), 8);
        assert!(Bitboard::column(7).contains(sq("h5")));
        assert_eq!(Bitboard::rect(1, 2, 3, 4), set(&["b4", "c4", "b5", "c5"]));
        assert_eq!(Bitboard::rect(0, 7, 0, 7), Bitboard::FULL);
        // Range 1 of a corner: four squares; of a middle square: nine (R8).
        assert_eq!(Bitboard::within(sq("a1"), 1).count(), 4);
        assert_eq!(Bitboard::within(sq("d4"), 1).count(), 9);
        assert_eq!(Bitboard::within(sq("d4"), 9), Bitboard::FULL);
    }

    #[test]
    fn zones_are_named_as_rectangles() {
        assert_eq!(zone_text(Bitboard::rect(0, 7, 4, 5)), "a5-h6");
        assert_eq!(
            zone_text(Bitboard::rect(0, 1, 4, 6) | Bitboard::rect(6, 7, 4, 6)),
            "a5-b7, g5-h7"
        );
        assert_eq!(zone_text(set(&["c3"])), "c3");
        assert_eq!(zone_text(Bitboard::EMPTY), "");
        assert_eq!(format!("{}", set(&["c3", "a1"])), "a1 c3");
        assert_eq!(format!("{:?}", set(&["c3", "a1"])), "Bitboard{a1, c3}");
    }
}
