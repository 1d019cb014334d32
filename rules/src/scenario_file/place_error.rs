//! Why a square, a zone, a wall run or a start written in a scenario file was not read:
//! the error of the small text parsers in [`super::read`], shown after the key's path.

use crate::scenario_file::read::START_HINT;
use crate::scenario_file::values::{EDGE_WORDS, did_you_mean, quote};
use crate::square::{Edge, Square, SquareError};

/// What is wrong with the text of one square, zone, wall edge or start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum PlaceError {
    /// Not a column and a row at all.
    #[error("{} is not a square: expected a column a-h and a row 1-8, like \"c4\"", quote(.0))]
    NotASquare(String),
    /// A column or a row off the board.
    #[error("{0}")]
    OffBoard(SquareError),
    /// A rectangle written with another separator than a dash.
    #[error(
        "not a zone: write a rectangle with a dash between two opposite corners, like \"{0}-{1}\""
    )]
    ZoneSeparator(String, String),
    /// A wall edge that is not a square (or run) and a side.
    #[error(
        "expected \"<square> <side>\" or \"<square>-<square> <side>\", like \"c3 north\" or \
         \"d3-f3 north\""
    )]
    WallShape,
    /// The side of a wall is not one of the four.
    #[error(
        "{} is not a side of a square: expected north, east, south or west{}",
        quote(.0),
        did_you_mean(.0, EDGE_WORDS.iter().map(|(w, _)| *w))
    )]
    NotASide(String),
    /// A wall run whose two ends are in neither one row nor one column.
    #[error("a run must be straight: {0} and {1} are not in one row or one column")]
    Crooked(Square, Square),
    /// A run along a row with walls on its east or west sides.
    #[error(
        "the run {from}-{to} goes along row {}, so its walls must be on the north or south \
         side (for {side} walls give the squares one by one)",
        .from.row() + 1
    )]
    RowRunSide {
        from: Square,
        to: Square,
        side: Edge,
    },
    /// A run along a column with walls on its north or south sides.
    #[error(
        "the run {from}-{to} goes along column {}, so its walls must be on the east or west \
         side (for {side} walls give the squares one by one)",
        (b'a' + .from.col() as u8) as char
    )]
    ColumnRunSide {
        from: Square,
        to: Square,
        side: Edge,
    },
    /// A wall on the side of a square that faces off the board.
    #[error(
        "the {side} side of {square} is the edge of the board; walls go between squares (the \
         board edge is impassable anyway, R2)"
    )]
    BoardEdge { square: Square, side: Edge },
    /// Not deploy, enter or a square.
    #[error(
        "{} is not a start: expected {START_HINT}{}",
        quote(.0),
        did_you_mean(&.0.trim().to_ascii_lowercase(), ["deploy", "enter"])
    )]
    NotAStart(String),
}
