//! The board's vocabulary: squares `a1`..`h8`, compass directions, sides (R1).

use std::fmt;
use std::str::FromStr;

use super::bitboard::Bitboard;

/// One of the 64 squares. Index = `row * 8 + col`, `a1` = 0, `h1` = 7, `a8` = 56 (R1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 64;

    /// `col` 0..8 (a..h), `row` 0..8 (1..8). Returns `None` off the board.
    #[inline]
    pub const fn new(col: i8, row: i8) -> Option<Square> {
        if col >= 0 && col < 8 && row >= 0 && row < 8 {
            Some(Square((row * 8 + col) as u8))
        } else {
            None
        }
    }

    #[inline]
    pub const fn from_index(i: usize) -> Square {
        assert!(i < 64);
        Square(i as u8)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0..8 (a..h).
    #[inline]
    pub const fn col(self) -> i8 {
        (self.0 % 8) as i8
    }

    /// Row 0..8 (row 1 is 0).
    #[inline]
    pub const fn row(self) -> i8 {
        (self.0 / 8) as i8
    }

    /// The neighbour in direction `d`, if on the board.
    #[inline]
    pub const fn step(self, d: Dir) -> Option<Square> {
        let (dc, dr) = d.delta();
        Square::new(self.col() + dc, self.row() + dr)
    }

    /// Chebyshev (king-move) distance: range in squares, walls ignored (R8).
    #[inline]
    pub const fn range(self, other: Square) -> u8 {
        let dc = (self.col() - other.col()).unsigned_abs();
        let dr = (self.row() - other.row()).unsigned_abs();
        if dc > dr { dc } else { dr }
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col() as u8) as char, self.row() + 1)
    }
}

/// Why a square name did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    #[error("`{0}` is not a square: expected a column a-h and a row 1-8, like `c4`")]
    Malformed(String),
    #[error("column {0} is off the board (a-h)")]
    Column(char),
    #[error("row {0} is off the board (1-8)")]
    Row(String),
}

impl FromStr for Square {
    type Err = SquareError;
    fn from_str(s: &str) -> Result<Square, SquareError> {
        let s = s.trim();
        let mut chars = s.chars();
        let c = chars
            .next()
            .ok_or_else(|| SquareError::Malformed(s.to_string()))?;
        let rest = chars.as_str();
        if !c.is_ascii_alphabetic()
            || rest.is_empty()
            || !rest.chars().all(|ch| ch.is_ascii_digit())
        {
            return Err(SquareError::Malformed(s.to_string()));
        }
        let c = c.to_ascii_lowercase();
        if !('a'..='h').contains(&c) {
            return Err(SquareError::Column(c));
        }
        let row: u32 = rest
            .parse()
            .map_err(|_| SquareError::Row(rest.to_string()))?;
        if !(1..=8).contains(&row) {
            return Err(SquareError::Row(rest.to_string()));
        }
        Ok(Square::new(c as i8 - b'a' as i8, row as i8 - 1).expect("checked"))
    }
}

/// The eight compass directions. North is towards row 8 (R1, R23).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    /// In scatter order: a D8 roll of `k` scatters towards `Dir::ALL[k - 1]` (R23).
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// (column delta, row delta).
    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    #[inline]
    pub const fn is_diagonal(self) -> bool {
        matches!(self, Dir::NE | Dir::SE | Dir::SW | Dir::NW)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Dir::N => "north",
            Dir::NE => "north-east",
            Dir::E => "east",
            Dir::SE => "south-east",
            Dir::S => "south",
            Dir::SW => "south-west",
            Dir::W => "west",
            Dir::NW => "north-west",
        }
    }
}

/// A side of a square, or of the board: the four orthogonal directions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Edge {
    North,
    East,
    South,
    West,
}

impl Edge {
    pub const ALL: [Edge; 4] = [Edge::North, Edge::East, Edge::South, Edge::West];

    pub const fn dir(self) -> Dir {
        match self {
            Edge::North => Dir::N,
            Edge::East => Dir::E,
            Edge::South => Dir::S,
            Edge::West => Dir::W,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Edge::North => "north",
            Edge::East => "east",
            Edge::South => "south",
            Edge::West => "west",
        }
    }

    /// The squares of the board along this board edge (row 1 for South, ...).
    pub const fn board_squares(self) -> Bitboard {
        match self {
            Edge::North => Bitboard::row(7),
            Edge::South => Bitboard::row(0),
            Edge::West => Bitboard::column(0),
            Edge::East => Bitboard::column(7),
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not an edge (given trimmed and lower-cased).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an edge: expected north, east, south or west")]
pub struct EdgeError(pub String);

impl FromStr for Edge {
    type Err = EdgeError;
    fn from_str(s: &str) -> Result<Edge, EdgeError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "north" | "n" => Ok(Edge::North),
            "east" | "e" => Ok(Edge::East),
            "south" | "s" => Ok(Edge::South),
            "west" | "w" => Ok(Edge::West),
            other => Err(EdgeError(other.to_string())),
        }
    }
}

/// The two sides of the game (`humans`, `martians` in files).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Humans,
    Martians,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Humans, Side::Martians];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::Humans => Side::Martians,
            Side::Martians => Side::Humans,
        }
    }

    /// The side as files and the command line write it: `humans`, `martians`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Humans => "humans",
            Side::Martians => "martians",
        }
    }

    /// The side as a sentence names it: `Humans`, `Martians`.
    pub const fn title(self) -> &'static str {
        match self {
            Side::Humans => "Humans",
            Side::Martians => "Martians",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not a side (given trimmed and lower-cased).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a side: expected humans or martians")]
pub struct SideError(pub String);

impl FromStr for Side {
    type Err = SideError;
    fn from_str(s: &str) -> Result<Side, SideError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "humans" | "human" => Ok(Side::Humans),
            "martians" | "martian" => Ok(Side::Martians),
            other => Err(SideError(other.to_string())),
        }
    }
}

/// One value per side, indexed by `Side`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySide<T>(pub [T; 2]);

impl<T> BySide<T> {
    pub const fn new(humans: T, martians: T) -> Self {
        BySide([humans, martians])
    }
}

impl<T> std::ops::Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, s: Side) -> &T {
        &self.0[s.index()]
    }
}

impl<T> std::ops::IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, s: Side) -> &mut T {
        &mut self.0[s.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("h8".parse::<Square>().unwrap().index(), 63);
        assert_eq!("c4".parse::<Square>().unwrap(), Square::new(2, 3).unwrap());
    }

    #[test]
    fn bad_square_names_say_why() {
        assert_eq!("i9".parse::<Square>(), Err(SquareError::Column('i')));
        assert_eq!("k3".parse::<Square>(), Err(SquareError::Column('k')));
        assert_eq!("a9".parse::<Square>(), Err(SquareError::Row("9".into())));
        assert_eq!("a0".parse::<Square>(), Err(SquareError::Row("0".into())));
        assert!(matches!(
            "".parse::<Square>(),
            Err(SquareError::Malformed(_))
        ));
        assert!(matches!(
            "3c".parse::<Square>(),
            Err(SquareError::Malformed(_))
        ));
    }

    #[test]
    fn range_is_chebyshev_r8() {
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(a1.range("a1".parse().unwrap()), 0);
        assert_eq!(a1.range("b2".parse().unwrap()), 1);
        assert_eq!(a1.range("c8".parse().unwrap()), 7);
        assert_eq!(a1.range("e3".parse().unwrap()), 4);
    }

    #[test]
    fn scatter_order_r23() {
        // 1 north (towards row 8), 3 east, 5 south, 7 west.
        assert_eq!(Dir::ALL[0].delta(), (0, 1));
        assert_eq!(Dir::ALL[2].delta(), (1, 0));
        assert_eq!(Dir::ALL[4].delta(), (0, -1));
        assert_eq!(Dir::ALL[6].delta(), (-1, 0));
    }
}
