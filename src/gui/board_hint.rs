//! The hint drawn on the board: an arrow along the squares the hinted move goes through,
//! and a marker on the enemy it attacks or the target of the card it plays.

use eframe::egui::{CornerRadius, Painter, Pos2, Shape, Stroke, StrokeKind};

use crate::rules::action::ModelId;
use crate::table::forecast::Target;
pub use crate::table::marks::{MoveMarks, move_marks};

use super::board_geom::Geom;
use super::theme;

/// Draws the marks: `centre` gives where a model is drawn.
pub fn draw(
    painter: &Painter,
    geom: &Geom,
    marks: &MoveMarks,
    centre: impl Fn(ModelId) -> Option<Pos2>,
) {
    draw_in(painter, geom, marks, theme::HINT, centre);
}

/// Draws the marks in `colour` (the hint's, or the step to make at a real table).
pub fn draw_in(
    painter: &Painter,
    geom: &Geom,
    marks: &MoveMarks,
    colour: eframe::egui::Color32,
    centre: impl Fn(ModelId) -> Option<Pos2>,
) {
    let shadow = Stroke::new(6.0, theme::HINT_SHADOW);
    let line = Stroke::new(3.0, colour);
    let points: Vec<Pos2> = marks.path.iter().map(|s| geom.rect(*s).center()).collect();
    match points.as_slice() {
        [] => {}
        [_] => {
            // A move that goes nowhere (a deployment, a shot from where it stands): the
            // square is ringed.
            let r = geom.rect(marks.path[0]).shrink(geom.sq * 0.08);
            painter.rect_stroke(r, CornerRadius::same(4), line, StrokeKind::Inside);
        }
        _ => {
            painter.add(Shape::line(points.clone(), shadow));
            painter.add(Shape::line(points.clone(), line));
            let (to, from) = (points[points.len() - 1], points[points.len() - 2]);
            let d = (to - from).normalized();
            let head = geom.sq * 0.22;
            let side = eframe::egui::vec2(-d.y, d.x) * head * 0.6;
            painter.add(Shape::convex_polygon(
                vec![to, to - d * head + side, to - d * head - side],
                colour,
                Stroke::new(1.0, theme::HINT_ARROW_EDGE),
            ));
        }
    }
    match marks.target {
        Some(Target::Model(m)) => {
            if let Some(p) = centre(m) {
                let r = geom.sq * 0.24;
                painter.circle_stroke(p, r + 2.0, shadow);
                painter.circle_stroke(p, r, Stroke::new(3.0, colour));
                // A cross-hair: four short ticks around the ring.
                for (dx, dy) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
                    let d = eframe::egui::vec2(dx, dy);
                    painter.line_segment([p + d * (r - 5.0), p + d * (r + 7.0)], line);
                }
            }
        }
        Some(Target::Square(s)) => {
            let r = geom.rect(s).shrink(geom.sq * 0.04);
            painter.rect_stroke(r, CornerRadius::same(3), shadow, StrokeKind::Inside);
            painter.rect_stroke(r, CornerRadius::same(3), line, StrokeKind::Inside);
        }
        None => {}
    }
}
