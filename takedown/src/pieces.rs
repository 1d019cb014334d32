//! What is in the box (T1, T2): the die's three icons, a target's three nesting pieces and
//! what each is worth picture side up and flipped, points, and the names of the targets
//! and seats at a table.

use std::fmt;

/// An icon of the die and of a target's picture side (T1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Icon {
    /// The flying saucer.
    Saucer,
    /// The giant insect.
    Insect,
    /// The giant robot.
    Robot,
}

impl Icon {
    pub const ALL: [Icon; 3] = [Icon::Saucer, Icon::Insect, Icon::Robot];

    /// The word a layout file writes.
    pub fn word(self) -> &'static str {
        match self {
            Icon::Saucer => "saucer",
            Icon::Insect => "insect",
            Icon::Robot => "robot",
        }
    }

    /// The words of a layout file with their icons.
    pub const WORDS: [(&'static str, Icon); 3] = [
        ("saucer", Icon::Saucer),
        ("insect", Icon::Insect),
        ("robot", Icon::Robot),
    ];
}

impl fmt::Display for Icon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One of a target's three nesting pieces, outermost first (T1): a target's top piece is
/// its outermost unclaimed one, and also its lowest-valued (T6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    Outer,
    Middle,
    Centre,
}

impl PieceKind {
    /// Outermost first: the order in which a target's pieces are claimed (T6).
    pub const ALL: [PieceKind; 3] = [PieceKind::Outer, PieceKind::Middle, PieceKind::Centre];

    /// Its place in [`PieceKind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The piece in words: "the outer ring", "the centre disc".
    pub fn words(self) -> &'static str {
        match self {
            PieceKind::Outer => "the outer ring",
            PieceKind::Middle => "the middle ring",
            PieceKind::Centre => "the centre disc",
        }
    }

    /// The key a layout file gives it under `[pieces]`.
    pub fn key(self) -> &'static str {
        match self {
            PieceKind::Outer => "outer",
            PieceKind::Middle => "middle",
            PieceKind::Centre => "centre",
        }
    }
}

/// Points on claimed pieces (T2, T9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Points(pub u32);

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points(0), |a, b| a + b)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            1 => f.write_str("1 point"),
            n => write!(f, "{n} points"),
        }
    }
}

/// A target in use at a table: its place in the table's list of targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TargetId(pub u8);

impl TargetId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A seat at the table, in seat order: play passes from each seat to the next, to the
/// player's left (T8). Shown counting from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The seat to this one's left, at a table of `players`.
    pub fn left(self, players: usize) -> Seat {
        Seat(((self.index() + 1) % players.max(1)) as u8)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

/// A side of the table, where a player sits (T4). Seen from above with north up; a player
/// at the south side faces north, and the player to their left sits at the west side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    South,
    West,
    North,
    East,
}

impl Side {
    /// Clockwise seen from above: each side is to the left of the one before it.
    pub const CLOCKWISE: [Side; 4] = [Side::South, Side::West, Side::North, Side::East];

    pub const WORDS: [(&'static str, Side); 4] = [
        ("south", Side::South),
        ("west", Side::West),
        ("north", Side::North),
        ("east", Side::East),
    ];

    pub fn word(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::West => "west",
            Side::North => "north",
            Side::East => "east",
        }
    }

    /// The unit vector from the table's centre toward this side.
    pub fn outward(self) -> (f64, f64) {
        match self {
            Side::South => (0.0, -1.0),
            Side::West => (-1.0, 0.0),
            Side::North => (0.0, 1.0),
            Side::East => (1.0, 0.0),
        }
    }

    /// The side to this one's left (the next clockwise).
    pub fn left(self) -> Side {
        let i = Side::CLOCKWISE.iter().position(|&s| s == self).unwrap_or(0);
        Side::CLOCKWISE[(i + 1) % 4]
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_passes_to_the_left_which_is_clockwise_from_above() {
        // A player at the south side faces north: their left hand points west (T8).
        assert_eq!(Side::South.left(), Side::West);
        assert_eq!(Side::West.left(), Side::North);
        assert_eq!(Side::East.left(), Side::South);
        assert_eq!(Seat(2).left(3), Seat(0));
        assert_eq!(Seat(0).left(2), Seat(1));
        assert_eq!(Seat(0).to_string(), "seat 1");
    }

    #[test]
    fn pieces_are_claimed_outermost_first() {
        assert!(PieceKind::Outer < PieceKind::Middle && PieceKind::Middle < PieceKind::Centre);
        assert_eq!(PieceKind::Centre.index(), 2);
        assert_eq!(Points(1).to_string(), "1 point");
        assert_eq!(
            [Points(2), Points(4)].into_iter().sum::<Points>(),
            Points(6)
        );
    }
}
