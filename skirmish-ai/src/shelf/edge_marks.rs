//! The marks along the board's edges in a scenario's picture: where each side's models
//! come on (an edge, part of one, or the edges one is drawn among, P32, P33) and leave,
//! each drawn just outside the board, marks over the same squares one line further out.

use rules::bitboard::{Bitboard, zone_text};
use rules::scenario::Entry;
use rules::{Edge, Side};

use super::picture::{Point, distinct, or_list, side_word};

/// A board edge where one side's models come on or leave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeMark {
    pub side: Side,
    pub edge: Edge,
    /// The squares of the edge it covers: all of them, or the part an entry names (P32).
    pub squares: Bitboard,
    /// What it is, in words: "Humans come on, Round 1", "Humans leave".
    pub label: String,
    /// How far out from the board it is drawn: 0 next to it, and one further out for
    /// each mark before it on the same edge over some of the same squares
    /// ([`super::picture::MapPicture::of`]).
    pub lane: u8,
}

/// How far apart the lanes of edge marks are, in board units.
pub const LANE: f32 = 0.16;
/// How much shorter than its squares a mark is drawn at each end, so two marks side by
/// side on one edge show as two, in board units.
const MARK_GAP: f32 = 0.06;

impl EdgeMark {
    /// The segment it is drawn along, in board units: just outside the squares it covers
    /// ([`edge_band_of`]), a little shorter at each end, `lane` lanes out.
    pub fn band(&self) -> (Point, Point) {
        self.band_with(LANE)
    }

    /// [`EdgeMark::band`] with lanes `step` board units apart, for a picture with less
    /// room around the board.
    pub fn band_with(&self, step: f32) -> (Point, Point) {
        let ((ax, ay), (bx, by)) = edge_band_of(self.edge, self.squares);
        let out = step * f32::from(self.lane);
        match self.edge {
            Edge::North => ((ax + MARK_GAP, ay - out), (bx - MARK_GAP, by - out)),
            Edge::South => ((ax + MARK_GAP, ay + out), (bx - MARK_GAP, by + out)),
            Edge::West => ((ax - out, ay + MARK_GAP), (bx - out, by - MARK_GAP)),
            Edge::East => ((ax + out, ay + MARK_GAP), (bx + out, by - MARK_GAP)),
        }
    }
}

/// Put each mark in the nearest lane where it shares no square with a mark before it on its
/// edge: two entries on one edge (or an entry and an exit) over the same squares are drawn
/// one outside the other; side by side, they keep a lane and show apart by their gap.
pub(super) fn set_lanes<'a>(marks: impl Iterator<Item = &'a mut EdgeMark>) {
    let mut placed: Vec<(Edge, Bitboard, u8)> = Vec::new();
    for m in marks {
        let along = m.squares & m.edge.board_squares();
        let lane = (0u8..)
            .find(|&l| {
                !placed
                    .iter()
                    .any(|(e, sq, pl)| *e == m.edge && *pl == l && (*sq & along).any())
            })
            .unwrap_or(0);
        m.lane = lane;
        placed.push((m.edge, along, lane));
    }
}

/// The segment just outside a board edge where its marks are drawn, in board units.
pub fn edge_band(edge: Edge) -> (Point, Point) {
    const OUT: f32 = 0.1;
    match edge {
        Edge::North => ((0.0, -OUT), (8.0, -OUT)),
        Edge::South => ((0.0, 8.0 + OUT), (8.0, 8.0 + OUT)),
        Edge::West => ((-OUT, 0.0), (-OUT, 8.0)),
        Edge::East => ((8.0 + OUT, 0.0), (8.0 + OUT, 8.0)),
    }
}

/// The segment just outside a board edge covering `squares` of it (all of them, or the
/// part an entry names, P32), in board units.
pub fn edge_band_of(edge: Edge, squares: Bitboard) -> (Point, Point) {
    let (a, b) = edge_band(edge);
    let on_edge = squares & edge.board_squares();
    let (Some(first), Some(last)) = (on_edge.first(), on_edge.last()) else {
        return (a, b);
    };
    if on_edge == edge.board_squares() {
        return (a, b);
    }
    match edge {
        Edge::North | Edge::South => (
            (f32::from(first.col() as u8), a.1),
            (f32::from(last.col() as u8) + 1.0, b.1),
        ),
        Edge::West | Edge::East => (
            (a.0, f32::from(7 - last.row() as u8)),
            (b.0, f32::from(8 - first.row() as u8)),
        ),
    }
}

/// The marks of one entry: its edge or the part of it (P32), or each edge it may be drawn
/// (P33), labelled with who comes on when.
pub fn entry_marks(side: Side, e: &Entry) -> Vec<EdgeMark> {
    let rounds = e.rounds.as_slice();
    let mut when = match rounds {
        [] if e.round == 1 => "Round 1".to_string(),
        [] => format!("from Round {}", e.round),
        _ => format!(
            "from Round {}",
            or_list(distinct(rounds).iter().map(|r| r.to_string()))
        ),
    };
    if e.is_drawn() {
        when.push_str(&format!(" (drawn at the start of Round {})", e.drawn_in));
    }
    let edges = distinct(e.edges.as_slice());
    if edges.is_empty() {
        let at = if e.squares == e.edge.board_squares() {
            String::new()
        } else {
            format!(" at {}", zone_text(e.squares))
        };
        return vec![EdgeMark {
            side,
            edge: e.edge,
            squares: e.squares,
            label: format!("{} come on{at}, {when}", side_word(side)),
            lane: 0,
        }];
    }
    edges
        .iter()
        .map(|&edge| {
            let others = or_list(edges.iter().filter(|&&x| x != edge).map(|x| x.to_string()));
            EdgeMark {
                side,
                edge,
                squares: edge.board_squares(),
                label: format!(
                    "{} come on here or across the {others} edge, {when}",
                    side_word(side)
                ),
                lane: 0,
            }
        })
        .collect()
}
