//! What the board lights over the ground, one function a layer: where the selected model
//! can go, the targets of a card being played, and the aim of the card decisions under
//! the pointer (a whole row or column, or a square, with an arrow for each direction).

use eframe::egui::{
    Align2, Color32, CornerRadius, FontId, Painter, Pos2, Shape, Stroke, StrokeKind, vec2,
};

use crate::rules::action::{Action, Spot};
use crate::rules::bitboard::Bitboard;
use crate::rules::cards::Card;
use crate::rules::{Edge, GameState, Square};
use crate::table::describe::card_of;
use crate::table::forecast::{Reach, Target, spot_of, targets_of};

use super::board_geom::Geom;
use super::theme;

/// The squares the selected model reaches in one move and in two, in its side's colour
/// `c`, each marked with how many moves it takes.
pub(super) fn reach(painter: &Painter, geom: &Geom, c: Color32, sel_reach: Reach) {
    for s in sel_reach.two {
        let r = geom.rect(s).shrink(2.0);
        painter.rect_filled(r, CornerRadius::same(3), theme::alpha(c, 50));
        painter.rect_stroke(
            r,
            CornerRadius::same(3),
            Stroke::new(1.5, theme::alpha(c, 150)),
            StrokeKind::Inside,
        );
    }
    // How many moves each square takes, in its corner.
    for (bb, n) in [(sel_reach.one, "1"), (sel_reach.two, "2")] {
        for s in bb {
            let r = geom.rect(s);
            painter.text(
                r.left_bottom() + vec2(geom.sq * 0.08, -geom.sq * 0.06),
                Align2::LEFT_BOTTOM,
                n,
                FontId::proportional(geom.sq * 0.16),
                theme::REACH_MOVES,
            );
        }
    }
    for s in sel_reach.one {
        let r = geom.rect(s).shrink(2.0);
        painter.rect_filled(r, CornerRadius::same(3), theme::alpha(c, 80));
        painter.rect_stroke(
            r,
            CornerRadius::same(3),
            Stroke::new(2.0, theme::alpha(c, 220)),
            StrokeKind::Inside,
        );
    }
}

/// The squares of everything the legal decisions with `card` could pick.
pub(super) fn card_targets(
    painter: &Painter,
    geom: &Geom,
    g: &GameState,
    legal: &[Action],
    card: Card,
) {
    let mut bb = Bitboard::EMPTY;
    for a in legal.iter().filter(|a| card_of(a) == Some(card)) {
        for t in targets_of(a) {
            match t {
                Target::Square(s) => bb.insert(s),
                Target::Model(m) => {
                    if let Some(s) = g.model(m).square() {
                        bb.insert(s);
                    }
                }
            }
        }
    }
    for s in bb {
        let r = geom.rect(s).shrink(2.0);
        painter.rect_filled(r, CornerRadius::same(3), theme::alpha(theme::SELECT, 50));
        painter.rect_stroke(
            r,
            CornerRadius::same(3),
            Stroke::new(2.0, theme::alpha(theme::SELECT, 200)),
            StrokeKind::Inside,
        );
    }
}

/// Lights what the card decisions under the pointer would pick: the whole row or column
/// (a D8 then picks the square along it), or the square, with an arrow for each direction
/// offered. The squares lit, and the shapes.
pub(super) fn aim_shapes(geom: &Geom, actions: &[Action]) -> (Bitboard, Vec<Shape>) {
    let mut out = Vec::new();
    let mut bb = Bitboard::EMPTY;
    for a in actions {
        for t in targets_of(a) {
            if let Target::Square(s) = t {
                bb.insert(s);
            }
        }
    }
    if bb.is_empty() {
        return (bb, out);
    }
    for s in bb {
        out.push(Shape::rect_filled(
            geom.rect(s),
            CornerRadius::ZERO,
            theme::alpha(theme::SELECT, 125),
        ));
    }
    let st = Stroke::new(3.0, theme::AIM_EDGE);
    for segment in geom.outline(bb) {
        out.push(Shape::line_segment(segment, st));
    }
    // Directions: an arrow along the line (or from the square) for each one offered.
    let unit = |e: Edge| match e {
        Edge::North => vec2(0.0, -1.0),
        Edge::South => vec2(0.0, 1.0),
        Edge::East => vec2(1.0, 0.0),
        Edge::West => vec2(-1.0, 0.0),
    };
    let arrow_st = Stroke::new(3.0, theme::AIM_ARROW);
    let arrow = |out: &mut Vec<Shape>, from: Pos2, to: Pos2| {
        let d = (to - from).normalized();
        let head = geom.sq * 0.22;
        let side = vec2(-d.y, d.x) * head * 0.6;
        out.push(Shape::line_segment([from, to], arrow_st));
        out.push(Shape::line_segment([to, to - d * head + side], arrow_st));
        out.push(Shape::line_segment([to, to - d * head - side], arrow_st));
    };
    for a in actions {
        let Some(spot) = spot_of(a) else { continue };
        // A line's arrow runs from one end to the other; east and north ones a little to
        // one side of the middle, west and south ones to the other, so both show.
        let line = |out: &mut Vec<Shape>, first: Square, last: Square, e: Edge| {
            let off = match e {
                Edge::East | Edge::North => -0.18,
                Edge::West | Edge::South => 0.18,
            } * geom.sq;
            let u = unit(e);
            let across = vec2(u.y.abs(), u.x.abs()) * off;
            let (p, q) = (geom.rect(first).center(), geom.rect(last).center());
            let (p, q) = if (q - p).dot(u) >= 0.0 {
                (p, q)
            } else {
                (q, p)
            };
            arrow(out, p + across, q + across);
        };
        match spot {
            Spot::RowDir(r, e) => {
                if let (Some(a), Some(b)) = (Square::new(0, r as i8), Square::new(7, r as i8)) {
                    line(&mut out, a, b, e);
                }
            }
            Spot::ColumnDir(c, e) => {
                if let (Some(a), Some(b)) = (Square::new(c as i8, 0), Square::new(c as i8, 7)) {
                    line(&mut out, a, b, e);
                }
            }
            Spot::SquareDir(s, e) => {
                let p = geom.rect(s).center();
                arrow(&mut out, p, p + unit(e) * geom.sq * 0.9);
            }
            _ => {}
        }
    }
    (bb, out)
}
