//! The board's fixed layers, one function each, in the order the board draws them: the
//! table and its squares, the deployment zones, the grid, the blockers, then (over what
//! is lit on the ground) the walls, the entry and exit edges and the coordinates.

use eframe::egui::{Align2, CornerRadius, FontId, Painter, Rect, Stroke, pos2, vec2};

use crate::rules::state::Phase;
use crate::rules::{GameState, Side, Square};

use super::board_figures::{draw_edge_band, draw_wall, draw_zone_outline};
use super::board_geom::Geom;
use super::theme;

/// The table under the board and trays, and each square's ground with a little texture.
pub(super) fn squares(painter: &Painter, geom: &Geom) {
    let table = geom.board.expand(geom.sq * 0.1);
    painter.rect_filled(
        Rect::from_min_max(
            pos2(table.left(), geom.north_tray.top() - 6.0),
            pos2(table.right(), geom.south_tray.bottom() + 6.0),
        )
        .expand(26.0),
        CornerRadius::same(10),
        theme::BACKGROUND,
    );
    painter.rect_filled(table, CornerRadius::same(6), theme::TABLE_EDGE);
    for s in Square::all() {
        let r = geom.rect(s);
        let ground = if (s.col() + s.row()) % 2 == 0 {
            theme::GROUND_A
        } else {
            theme::GROUND_B
        };
        painter.rect_filled(r, CornerRadius::ZERO, ground);
        // A little texture: a few cracks and stones, the same every frame.
        let h = (s.index() as u32).wrapping_mul(2_654_435_761);
        for k in 0..3 {
            let hx = ((h >> (k * 8)) & 0xff) as f32 / 255.0;
            let hy = ((h >> (k * 8 + 4)) & 0xff) as f32 / 255.0;
            let p = pos2(r.left() + hx * r.width(), r.top() + hy * r.height());
            painter.circle_filled(p, geom.sq * 0.018, theme::alpha(theme::GRID, 140));
        }
    }
}

/// Deployment zones: strong during set-up, faint afterwards.
pub(super) fn zones(painter: &Painter, geom: &Geom, g: &GameState) {
    for side in Side::BOTH {
        let zone = g.scenario().sides[side].deployment;
        let deploying = matches!(g.phase(), Phase::Deploy(s) if s == side);
        let a = if deploying { 70 } else { 22 };
        for s in zone {
            painter.rect_filled(
                geom.rect(s),
                CornerRadius::ZERO,
                theme::alpha(theme::side_color(side), a),
            );
        }
        if zone.any() {
            draw_zone_outline(
                painter,
                geom,
                zone,
                theme::alpha(theme::side_color(side), if deploying { 220 } else { 90 }),
            );
        }
    }
}

/// The lines between the squares.
pub(super) fn grid(painter: &Painter, geom: &Geom) {
    for i in 0..=8 {
        let x = geom.board.left() + i as f32 * geom.sq;
        let y = geom.board.top() + i as f32 * geom.sq;
        let st = Stroke::new(1.0, theme::GRID);
        painter.line_segment(
            [pos2(x, geom.board.top()), pos2(x, geom.board.bottom())],
            st,
        );
        painter.line_segment(
            [pos2(geom.board.left(), y), pos2(geom.board.right(), y)],
            st,
        );
    }
}

/// The squares no model may enter, crossed out.
pub(super) fn blockers(painter: &Painter, geom: &Geom, g: &GameState) {
    for s in g.map().blockers() {
        let r = geom.rect(s).shrink(geom.sq * 0.06);
        painter.rect_filled(r, CornerRadius::same(4), theme::BLOCKER);
        let st = Stroke::new(2.0, theme::alpha(theme::LOW_WALL, 160));
        painter.line_segment([r.left_top(), r.right_bottom()], st);
        painter.line_segment([r.right_top(), r.left_bottom()], st);
    }
}

/// The walls, high and low, on the edges of their squares.
pub(super) fn walls(painter: &Painter, geom: &Geom, g: &GameState) {
    for (s, edge, kind) in g.map().walls().pieces() {
        draw_wall(painter, geom, s, edge, kind);
    }
}

/// The edges each side enters by (or the part of one, P32; while an edge is still to be
/// drawn, each it may be, P33) and leaves by.
pub(super) fn edges(painter: &Painter, geom: &Geom, g: &GameState) {
    for side in Side::BOTH {
        let setup = &g.scenario().sides[side];
        for (wave, entry) in setup.entry.iter().enumerate() {
            match g.arrival(side, wave) {
                Some(a) if a.edge.is_some() => {
                    let edge = a.edge.unwrap_or(entry.edge);
                    draw_edge_band(painter, geom, edge, side, true, a.squares);
                }
                _ => {
                    for &edge in entry.edges.as_slice() {
                        draw_edge_band(painter, geom, edge, side, true, edge.board_squares());
                    }
                }
            }
        }
        if let Some(edge) = setup.exit {
            draw_edge_band(painter, geom, edge, side, false, edge.board_squares());
        }
    }
}

/// The zones a side scores for holding or wins by holding (P31): a dashed outline in its
/// colour, faint in a Round it does not count in; a zone that wins when held Rounds
/// running shows how many of them it has been held.
pub(super) fn holds(painter: &Painter, geom: &Geom, g: &GameState) {
    for side in Side::BOTH {
        for (i, h) in g.scenario().sides[side].hold.iter().enumerate() {
            let a = if h.counts_in(g.round()) { 220 } else { 110 };
            draw_zone_outline(
                painter,
                geom,
                h.zone,
                theme::alpha(theme::side_light(side), a),
            );
            if let (Some(needed), Some(running), Some(highest)) =
                (h.win_after, g.hold_running(side, i), h.zone.last())
            {
                let r = geom.rect(highest);
                painter.text(
                    r.left_top() + vec2(4.0, 2.0),
                    Align2::LEFT_TOP,
                    format!("{running}/{needed}"),
                    FontId::proportional((geom.sq * 0.18).clamp(10.0, 15.0)),
                    theme::side_light(side),
                );
            }
        }
    }
}

/// The columns' letters above and below the board, the rows' numbers either side.
pub(super) fn coordinates(painter: &Painter, geom: &Geom) {
    let font = FontId::proportional((geom.sq * 0.2).clamp(11.0, 16.0));
    for c in 0..8 {
        let x = geom.board.left() + (c as f32 + 0.5) * geom.sq;
        let letter = ((b'a' + c as u8) as char).to_string();
        painter.text(
            pos2(x, geom.board.bottom() + 16.0),
            Align2::CENTER_CENTER,
            &letter,
            font.clone(),
            theme::LABEL,
        );
        painter.text(
            pos2(x, geom.board.top() - 15.0),
            Align2::CENTER_CENTER,
            &letter,
            font.clone(),
            theme::LABEL,
        );
    }
    for r in 0..8 {
        let y = geom.board.top() + (7 - r) as f32 * geom.sq + geom.sq * 0.5;
        let n = (r + 1).to_string();
        painter.text(
            pos2(geom.board.left() - 16.0, y),
            Align2::CENTER_CENTER,
            &n,
            font.clone(),
            theme::LABEL,
        );
        painter.text(
            pos2(geom.board.right() + 16.0, y),
            Align2::CENTER_CENTER,
            &n,
            font.clone(),
            theme::LABEL,
        );
    }
}
