//! Where the board is on screen: the square-to-screen transform and its inverse, where
//! models stand in a square, the trays beyond the north and south edges, and the sight
//! line drawn between two squares.

use eframe::egui::{Pos2, Rect, Vec2, pos2, vec2};

use crate::rules::bitboard::Bitboard;
use crate::rules::map::Los;
use crate::rules::{Edge, GameState, Side, Square};

/// Where the board is on screen: the square-to-screen transform and its inverse.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geom {
    /// The 8x8 squares.
    pub board: Rect,
    /// Side of a square, in points.
    pub sq: f32,
    /// The tray beyond the south edge and the one beyond the north edge.
    pub south_tray: Rect,
    pub north_tray: Rect,
}

impl Geom {
    /// The segments of the outline of the squares of `zone`: each square's edge that has
    /// no square of the zone beyond it (the board's edge included).
    pub(super) fn outline(&self, zone: Bitboard) -> Vec<[Pos2; 2]> {
        let mut out = Vec::new();
        for s in zone {
            let r = self.rect(s);
            for (edge, a, b) in [
                (Edge::North, r.left_top(), r.right_top()),
                (Edge::South, r.left_bottom(), r.right_bottom()),
                (Edge::West, r.left_top(), r.left_bottom()),
                (Edge::East, r.right_top(), r.right_bottom()),
            ] {
                if s.step(edge.dir()).is_none_or(|n| !zone.contains(n)) {
                    out.push([a, b]);
                }
            }
        }
        out
    }

    /// The board laid out in `avail`, with room for the trays, the labels and the
    /// estimate's bar.
    pub(super) fn new(avail: Rect) -> Geom {
        let label = 26.0;
        // Eight squares, two trays of 0.62 squares, labels around, and room on the right
        // for the estimate's bar.
        let bar = super::board_estimate::WIDTH + 16.0;
        let sq_w = (avail.width() - 2.0 * label - 8.0 - bar) / 8.0;
        let sq_h = (avail.height() - 2.0 * label - 8.0) / (8.0 + 2.0 * 0.62);
        let sq = sq_w.min(sq_h).max(12.0).floor();
        let size = vec2(8.0 * sq, 8.0 * sq);
        let board = Rect::from_center_size(avail.center() - vec2(bar / 2.0, 0.0), size);
        let tray_h = 0.62 * sq;
        let north_tray = Rect::from_min_max(
            pos2(board.left(), board.top() - label - tray_h),
            pos2(board.right(), board.top() - label),
        );
        let south_tray = Rect::from_min_max(
            pos2(board.left(), board.bottom() + label),
            pos2(board.right(), board.bottom() + label + tray_h),
        );
        Geom {
            board,
            sq,
            south_tray,
            north_tray,
        }
    }

    /// The screen rectangle of a square (row 1 at the bottom).
    pub fn rect(&self, s: Square) -> Rect {
        let min = pos2(
            self.board.left() + s.col() as f32 * self.sq,
            self.board.top() + (7 - s.row()) as f32 * self.sq,
        );
        Rect::from_min_size(min, Vec2::splat(self.sq))
    }

    /// A board point of the sight rule (scaled units, `rules::los`) on the screen.
    fn point(&self, p: crate::rules::los::Point) -> Pos2 {
        let scale = crate::rules::los::SCALE as f32;
        pos2(
            self.board.left() + p.x as f32 / scale * self.sq,
            self.board.top() + (8.0 - p.y as f32 / scale) * self.sq,
        )
    }

    /// The ends of the sight line to draw from `from` to `to`: the centre-to-centre line
    /// when it is as good as any, else the sample-point line that gives the sight the rule
    /// found (R9): for a clear shot, a line from a shooter point all of whose lines are
    /// open; for a partial one, the first line that is not blocked.
    pub fn sight_line(&self, g: &GameState, from: Square, to: Square) -> (Pos2, Pos2) {
        use crate::rules::los::{LineView, sample_points, sight_lines};
        let centre = (self.rect(from).center(), self.rect(to).center());
        if from == to {
            return centre;
        }
        let lines = sight_lines(g.map().walls(), g.map().blockers(), from, to);
        let (ps, pt) = (sample_points(from), sample_points(to));
        let pick = match g.map().los(from, to) {
            Los::Clear => lines
                .iter()
                .position(|row| row.iter().all(|v| *v == LineView::Open))
                .map(|i| (i, 0)),
            Los::Partial => {
                let first = |want: LineView| {
                    (0..25)
                        .map(|k| (k / 5, k % 5))
                        .find(|&(i, j)| lines[i][j] == want)
                };
                first(LineView::Obscured).or_else(|| first(LineView::Open))
            }
            Los::None => None,
        };
        match pick {
            Some((i, j)) => (self.point(ps[i]), self.point(pt[j])),
            None => centre,
        }
    }

    /// The square under a screen point.
    pub fn square_at(&self, p: Pos2) -> Option<Square> {
        if !self.board.contains(p) {
            return None;
        }
        let col = ((p.x - self.board.left()) / self.sq).floor() as i8;
        let row = 7 - ((p.y - self.board.top()) / self.sq).floor() as i8;
        Square::new(col.clamp(0, 7), row.clamp(0, 7))
    }

    /// A model token's radius for `n` models in a square.
    pub(super) fn radius(&self, n: usize) -> f32 {
        if n <= 4 {
            self.sq * 0.165
        } else {
            self.sq * 0.135
        }
    }

    /// Where model `i` of `n` stands in a square: up to six, each clear of the others.
    pub(super) fn slot(&self, s: Square, i: usize, n: usize) -> Pos2 {
        let (x, y) = match (n, i) {
            (1, _) => (0.5, 0.52),
            (2, i) => ([0.29, 0.71][i], 0.52),
            (3, i) => [(0.28, 0.34), (0.72, 0.34), (0.5, 0.74)][i],
            (4, i) => ([0.29, 0.71][i % 2], [0.3, 0.72][i / 2]),
            (_, i) => ([0.19, 0.5, 0.81][i % 3], [0.31, 0.73][(i / 3).min(1)]),
        };
        let r = self.rect(s);
        pos2(r.left() + x * r.width(), r.top() + y * r.height())
    }

    /// The tray at a board edge (north or south).
    pub(super) fn tray(&self, north: bool) -> Rect {
        if north {
            self.north_tray
        } else {
            self.south_tray
        }
    }
}

/// The tray edge where a side's off-board models wait: its entry edge if north or
/// south, else the edge nearer its deployment zone, else its home edge.
pub(super) fn tray_is_north(g: &GameState, side: Side) -> bool {
    let setup = &g.scenario().sides[side];
    match setup.entry.first().map(|e| e.edge) {
        Some(Edge::North) => return true,
        Some(Edge::South) => return false,
        _ => {}
    }
    if setup.deployment.any() {
        let rows: i32 = setup.deployment.iter().map(|s| s.row() as i32).sum();
        let n = setup.deployment.count() as i32;
        return rows * 2 >= n * 7;
    }
    side == Side::Martians
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::los::{LineView, SCALE, sample_points, sight_lines};

    /// The screen point back in the rule's scaled units.
    fn unscale(geom: &Geom, p: Pos2) -> (i32, i32) {
        let s = SCALE as f32;
        (
            ((p.x - geom.board.left()) / geom.sq * s).round() as i32,
            ((8.0 - (p.y - geom.board.top()) / geom.sq) * s).round() as i32,
        )
    }

    #[test]
    fn the_sight_line_drawn_is_one_the_rule_does_not_block() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/whos-there.toml");
        let sc = std::sync::Arc::new(
            crate::rules::scenario_file::load_scenario(&path)
                .unwrap()
                .scenario,
        );
        let g = GameState::new(sc, &mut crate::rules::rng_from_seed(1));
        let geom = Geom::new(Rect::from_min_size(pos2(0.0, 0.0), vec2(800.0, 800.0)));
        let mut drawn_off_centre = 0;
        for from in Square::all() {
            for to in Square::all().filter(|t| *t != from) {
                let los = g.map().los(from, to);
                let (a, b) = geom.sight_line(&g, from, to);
                if los == Los::None {
                    continue;
                }
                let lines = sight_lines(g.map().walls(), g.map().blockers(), from, to);
                let (ps, pt) = (sample_points(from), sample_points(to));
                let i = ps.iter().position(|p| (p.x, p.y) == unscale(&geom, a));
                let j = pt.iter().position(|p| (p.x, p.y) == unscale(&geom, b));
                let (Some(i), Some(j)) = (i, j) else {
                    panic!("{from}->{to}: the line does not join two sample points");
                };
                assert_ne!(lines[i][j], LineView::Blocked, "{from}->{to}");
                if los == Los::Clear {
                    assert!(
                        lines[i].iter().all(|v| *v == LineView::Open),
                        "{from}->{to}: a clear shot is drawn from a point all of whose lines are open"
                    );
                }
                if (i, j) != (0, 0) {
                    drawn_off_centre += 1;
                }
            }
        }
        // The map has walls: some legal shots are not centre to centre.
        assert!(drawn_off_centre > 0);
    }
}
