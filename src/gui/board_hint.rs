//! The hint drawn on the board: an arrow along the squares the hinted move goes through,
//! and a marker on the enemy it attacks or the target of the card it plays.

use eframe::egui::{CornerRadius, Painter, Pos2, Shape, Stroke, StrokeKind};

use crate::rules::action::{Action, ModelId};
use crate::rules::{GameState, Square};
use crate::table::describe::card_of;
use crate::table::forecast::{Target, charged, targets_of};
use crate::table::hint::mover;

use super::board_geom::Geom;
use super::theme;

/// What the board shows of a hinted move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintMarks {
    /// The model that makes the move, if it is one model's move.
    pub model: Option<ModelId>,
    /// The squares it goes through: where it stands (if on the board), then each square
    /// it moves or deploys to.
    pub path: Vec<Square>,
    /// What the move attacks or plays a card on.
    pub target: Option<Target>,
}

/// The marks of the whole move `line` from the position `g`.
pub fn marks(g: &GameState, line: &[Action]) -> Option<HintMarks> {
    if line.is_empty() {
        return None;
    }
    let model = mover(g, line);
    let mut path: Vec<Square> = model
        .and_then(|m| g.model(m).square())
        .into_iter()
        .collect();
    let mut target = None;
    for (i, a) in line.iter().enumerate() {
        match *a {
            Action::Deploy(s) => path.push(s),
            Action::Move(s) => {
                path.push(s);
                if let Some(enemy) = charged(g, &line[..=i]) {
                    target = Some(Target::Model(enemy));
                }
            }
            Action::Shoot(m) | Action::Fight(m) => target = Some(Target::Model(m)),
            ref other if card_of(other).is_some() => {
                target = targets_of(other).first().copied().or(target);
            }
            _ => {}
        }
    }
    Some(HintMarks {
        model,
        path,
        target,
    })
}

/// Draws the marks: `centre` gives where a model is drawn.
pub fn draw(
    painter: &Painter,
    geom: &Geom,
    marks: &HintMarks,
    centre: impl Fn(ModelId) -> Option<Pos2>,
) {
    let shadow = Stroke::new(6.0, theme::HINT_SHADOW);
    let line = Stroke::new(3.0, theme::HINT);
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
                theme::HINT,
                Stroke::new(1.0, theme::HINT_ARROW_EDGE),
            ));
        }
    }
    match marks.target {
        Some(Target::Model(m)) => {
            if let Some(p) = centre(m) {
                let r = geom.sq * 0.24;
                painter.circle_stroke(p, r + 2.0, shadow);
                painter.circle_stroke(p, r, Stroke::new(3.0, theme::HINT));
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
