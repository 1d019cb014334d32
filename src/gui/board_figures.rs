//! The pieces the board is drawn with: walls, zone outlines, entry and exit bands, and the
//! model figures on their bases.

use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Pos2, Rect, Shape, Stroke, Vec2, pos2, vec2,
};

use crate::rules::map::WallKind;
use crate::rules::{Bitboard, Edge, Side, Square};

use super::board_geom::Geom;
use super::theme;

pub(super) fn draw_zone_outline(
    painter: &egui::Painter,
    geom: &Geom,
    zone: Bitboard,
    color: Color32,
) {
    let st = Stroke::new(2.0, color);
    for segment in geom.outline(zone) {
        painter.extend(Shape::dashed_line(&segment, st, 6.0, 4.0));
    }
}

pub(super) fn draw_wall(
    painter: &egui::Painter,
    geom: &Geom,
    s: Square,
    edge: Edge,
    kind: WallKind,
) {
    let r = geom.rect(s);
    let (a, b) = match edge {
        Edge::North => (r.left_top(), r.right_top()),
        Edge::East => (r.right_top(), r.right_bottom()),
        Edge::South => (r.left_bottom(), r.right_bottom()),
        Edge::West => (r.left_top(), r.left_bottom()),
    };
    let dir = (b - a).normalized();
    let normal = vec2(-dir.y, dir.x);
    match kind {
        WallKind::High => {
            let w = (geom.sq * 0.1).max(4.0);
            let ext = dir * (w * 0.5);
            let (a, b) = (a - ext, b + ext);
            // Shadow, body, lit top and brick joints.
            painter.line_segment(
                [a + vec2(2.0, 3.0), b + vec2(2.0, 3.0)],
                Stroke::new(w + 2.0, theme::HIGH_WALL_SHADOW),
            );
            painter.line_segment([a, b], Stroke::new(w + 2.0, theme::HIGH_WALL_EDGE));
            painter.line_segment([a, b], Stroke::new(w, theme::HIGH_WALL));
            painter.line_segment(
                [a - normal * (w * 0.22), b - normal * (w * 0.22)],
                Stroke::new(w * 0.3, theme::HIGH_WALL_TOP),
            );
            let len = (b - a).length();
            let bricks = (len / (w * 1.8)).round().max(2.0) as i32;
            for k in 1..bricks {
                let p = a + dir * (len * k as f32 / bricks as f32);
                let off = if k % 2 == 0 { 0.0 } else { w * 0.25 };
                painter.line_segment(
                    [
                        p - normal * (w * 0.5) + dir * off,
                        p + normal * (w * 0.5) + dir * off,
                    ],
                    Stroke::new(1.0, theme::HIGH_WALL_EDGE),
                );
            }
        }
        WallKind::Low => {
            // A broken run of rubble: short stones with gaps.
            let w = (geom.sq * 0.065).max(3.0);
            let len = (b - a).length();
            let pieces = 4;
            let seg = len / pieces as f32;
            for k in 0..pieces {
                let p0 = a + dir * (seg * k as f32 + seg * 0.08);
                let p1 = a + dir * (seg * (k + 1) as f32 - seg * 0.08);
                let jog = normal * if k % 2 == 0 { w * 0.18 } else { -w * 0.18 };
                painter.line_segment(
                    [p0 + jog + vec2(1.5, 2.0), p1 + jog + vec2(1.5, 2.0)],
                    Stroke::new(w + 1.0, theme::LOW_WALL_SHADOW),
                );
                painter.line_segment(
                    [p0 + jog, p1 + jog],
                    Stroke::new(w + 1.5, theme::LOW_WALL_EDGE),
                );
                painter.line_segment([p0 + jog, p1 + jog], Stroke::new(w, theme::LOW_WALL));
            }
        }
    }
}

/// A band along a board edge in a side's colour, over the squares `squares` of it (the
/// whole edge, or the part an entry names, P32): chevrons pointing in for an entry edge,
/// out for an exit edge.
pub(super) fn draw_edge_band(
    painter: &egui::Painter,
    geom: &Geom,
    edge: Edge,
    side: Side,
    entry: bool,
    squares: Bitboard,
) {
    let squares = squares & edge.board_squares();
    if squares != edge.board_squares() && squares.any() {
        return draw_edge_part(painter, geom, edge, side, squares);
    }
    let b = geom.board;
    let t = 5.0;
    let (band, inward) = match edge {
        Edge::South => (
            Rect::from_min_max(pos2(b.left(), b.bottom()), pos2(b.right(), b.bottom() + t)),
            vec2(0.0, -1.0),
        ),
        Edge::North => (
            Rect::from_min_max(pos2(b.left(), b.top() - t), pos2(b.right(), b.top())),
            vec2(0.0, 1.0),
        ),
        Edge::West => (
            Rect::from_min_max(pos2(b.left() - t, b.top()), pos2(b.left(), b.bottom())),
            vec2(1.0, 0.0),
        ),
        Edge::East => (
            Rect::from_min_max(pos2(b.right(), b.top()), pos2(b.right() + t, b.bottom())),
            vec2(-1.0, 0.0),
        ),
    };
    let c = theme::side_color(side);
    painter.rect_filled(band, CornerRadius::same(2), c);
    let along = vec2(inward.y.abs(), inward.x.abs());
    let dir = if entry { inward } else { -inward };
    let size = geom.sq * 0.06;
    for k in 0..8 {
        // Small arrows just inside the board edge, clear of the models' places.
        let edge_mid = match edge {
            Edge::South | Edge::North => pos2(
                b.left() + (k as f32 + 0.5) * geom.sq,
                if edge == Edge::South {
                    b.bottom()
                } else {
                    b.top()
                },
            ),
            _ => pos2(
                if edge == Edge::West {
                    b.left()
                } else {
                    b.right()
                },
                b.top() + (k as f32 + 0.5) * geom.sq,
            ),
        };
        let centre = edge_mid + inward * (size * 1.3);
        let tip = centre + dir * size * 0.8;
        let back = centre - dir * size * 0.8;
        painter.add(Shape::convex_polygon(
            vec![tip, back + along * size * 1.3, back - along * size * 1.3],
            theme::alpha(c, 230),
            Stroke::new(1.0, theme::side_dark(side)),
        ));
    }
    let _ = entry;
}

/// An entry on part of an edge (P32): a band and an inward chevron beside each of its
/// squares only.
fn draw_edge_part(painter: &egui::Painter, geom: &Geom, edge: Edge, side: Side, squares: Bitboard) {
    let t = 5.0;
    let c = theme::side_color(side);
    let size = geom.sq * 0.06;
    for s in squares {
        let r = geom.rect(s);
        let (band, inward, mid) = match edge {
            Edge::South => (
                Rect::from_min_max(r.left_bottom(), r.right_bottom() + vec2(0.0, t)),
                vec2(0.0, -1.0),
                r.center_bottom(),
            ),
            Edge::North => (
                Rect::from_min_max(r.left_top() - vec2(0.0, t), r.right_top()),
                vec2(0.0, 1.0),
                r.center_top(),
            ),
            Edge::West => (
                Rect::from_min_max(r.left_top() - vec2(t, 0.0), r.left_bottom()),
                vec2(1.0, 0.0),
                r.left_center(),
            ),
            Edge::East => (
                Rect::from_min_max(r.right_top(), r.right_bottom() + vec2(t, 0.0)),
                vec2(-1.0, 0.0),
                r.right_center(),
            ),
        };
        painter.rect_filled(band, CornerRadius::same(2), c);
        let along = vec2(inward.y.abs(), inward.x.abs());
        let centre = mid + inward * (size * 1.3);
        let tip = centre + inward * size * 0.8;
        let back = centre - inward * size * 0.8;
        painter.add(Shape::convex_polygon(
            vec![tip, back + along * size * 1.3, back - along * size * 1.3],
            theme::alpha(c, 230),
            Stroke::new(1.0, theme::side_dark(side)),
        ));
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn draw_model(
    painter: &egui::Painter,
    c: Pos2,
    r: f32,
    side: Side,
    number: &str,
    rattled: bool,
    acted: bool,
    selected: bool,
    acting: bool,
    key: bool,
) {
    let base = theme::side_color(side);
    if key {
        // A key model (P28): its death or its leaving ends the game.
        painter.circle_stroke(c, r + 1.5, Stroke::new(3.0, theme::KEY_RING));
    }
    let fill = if acted {
        theme::mix(base, theme::ACTED_GREY, 0.55)
    } else {
        base
    };
    let rim = theme::side_dark(side);
    if selected || acting {
        let glow = if acting {
            theme::ACTING_RING
        } else {
            theme::SELECT
        };
        painter.circle_stroke(c, r + 4.0, Stroke::new(3.0, glow));
    }
    if rattled {
        // Lying down: a flat ellipse.
        let rad = vec2(r * 1.15, r * 0.6);
        painter.add(Shape::ellipse_filled(
            c + vec2(2.0, 2.5),
            rad,
            theme::RATTLED_SHADOW,
        ));
        painter.add(Shape::ellipse_filled(c, rad, fill));
        painter.add(Shape::ellipse_stroke(c, rad, Stroke::new(2.0, rim)));
        painter.text(
            c,
            Align2::CENTER_CENTER,
            number,
            FontId::proportional(r * 0.8),
            theme::MODEL_NUMBER,
        );
    } else {
        painter.circle_filled(c + vec2(2.0, 2.5), r, theme::MODEL_SHADOW);
        painter.circle(c, r, fill, Stroke::new(2.0, rim));
        // The figure on its base: a helmeted Soldier, or a Martian's big brain under a
        // glass dome; the model's number below.
        let ellipse_top = |centre: Pos2, rad: Vec2, n: usize| -> Vec<Pos2> {
            (0..=n)
                .map(|i| {
                    let t = std::f32::consts::PI * (1.0 + i as f32 / n as f32);
                    centre + vec2(rad.x * t.cos(), rad.y * t.sin())
                })
                .collect()
        };
        match side {
            Side::Humans => {
                let brim = c.y - r * 0.12;
                let mut dome = ellipse_top(pos2(c.x, brim), vec2(r * 0.66, r * 0.62), 16);
                dome.push(pos2(c.x - r * 0.66, brim));
                painter.add(Shape::convex_polygon(
                    dome,
                    theme::mix(rim, theme::HELMET_TINT, 0.5),
                    Stroke::new(1.0, theme::HELMET_EDGE),
                ));
                painter.line_segment(
                    [pos2(c.x - r * 0.86, brim), pos2(c.x + r * 0.86, brim)],
                    Stroke::new((r * 0.14).max(1.5), theme::HELMET_BRIM),
                );
            }
            Side::Martians => {
                let brain = c - vec2(0.0, r * 0.3);
                let rad = vec2(r * 0.6, r * 0.4);
                painter.add(Shape::ellipse_filled(brain, rad, theme::BRAIN));
                // The fold down the middle and one on each lobe.
                let fold = Stroke::new(1.0, theme::BRAIN_FOLD);
                painter.line_segment([brain - vec2(0.0, rad.y), brain + vec2(0.0, rad.y)], fold);
                for dx in [-0.3, 0.3] {
                    painter.line_segment(
                        [
                            brain + vec2(r * dx, -rad.y * 0.5),
                            brain + vec2(r * dx * 1.2, rad.y * 0.3),
                        ],
                        fold,
                    );
                }
                painter.circle_stroke(
                    c - vec2(0.0, r * 0.12),
                    r * 0.82,
                    Stroke::new(1.5, theme::DOME_SHINE),
                );
            }
        }
        painter.text(
            c + vec2(0.0, r * 0.42),
            Align2::CENTER_CENTER,
            number,
            FontId::proportional(r * 0.7),
            theme::MODEL_NUMBER,
        );
    }
    if acted {
        // The Activation marker.
        let m = c + vec2(r * 0.78, r * 0.72);
        let mr = (r * 0.36).max(4.0);
        painter.circle(
            m,
            mr,
            theme::ACTIVATION_MARKER,
            Stroke::new(1.0, theme::LABEL),
        );
        painter.line_segment(
            [m + vec2(-mr * 0.45, 0.0), m + vec2(-mr * 0.1, mr * 0.4)],
            Stroke::new(1.5, theme::LABEL),
        );
        painter.line_segment(
            [m + vec2(-mr * 0.1, mr * 0.4), m + vec2(mr * 0.5, -mr * 0.4)],
            Stroke::new(1.5, theme::LABEL),
        );
    }
}
