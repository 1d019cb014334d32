//! The board's counter layers: the counters on their squares (face down, Critters, Alien
//! Secrets, neutral objectives) and the things Event cards bring (burning cows,
//! Civilians, the Bug), as tokens in a corner of their square.

use eframe::egui::{
    Align2, Color32, CornerRadius, FontId, Painter, Rect, Stroke, StrokeKind, Vec2, pos2, vec2,
};

use crate::rules::state::CounterKind;
use crate::rules::{GameState, Square};

use super::board_geom::Geom;
use super::theme;

/// Each counter as a disc in its square's corner, its square tinted.
pub(super) fn counters(painter: &Painter, geom: &Geom, g: &GameState) {
    let hidden = g.hidden_counters();
    let critters = g.face_up_counters(CounterKind::Critter);
    let secrets = g.face_up_counters(CounterKind::AlienSecret);
    let objectives = g.face_up_counters(CounterKind::Objective);
    for s in hidden | critters | secrets | objectives {
        let r = geom.rect(s);
        // Well inside its square, and the square itself tinted, so that no one
        // wonders which square holds it.
        let p = pos2(r.right() - geom.sq * 0.24, r.top() + geom.sq * 0.24);
        let (fill, text, tip) = if hidden.contains(s) {
            (
                theme::COUNTER_BACK,
                "?",
                if g.scenario().counters.objectives > 0 {
                    "a face-down counter: a Critter, an Alien Secret or a neutral objective"
                } else {
                    "a face-down counter: a Critter or an Alien Secret"
                },
            )
        } else if critters.contains(s) {
            (theme::CRITTER, "C", "a Critter (the Martians claim it)")
        } else if objectives.contains(s) {
            (
                theme::OBJECTIVE,
                "O",
                "a neutral objective (either side claims it)",
            )
        } else {
            (theme::SECRET, "A", "an Alien Secret (the Humans claim it)")
        };
        let cr = geom.sq * 0.12;
        painter.rect_filled(r.shrink(2.0), CornerRadius::same(3), theme::alpha(fill, 34));
        painter.rect_stroke(
            r.shrink(2.0),
            CornerRadius::same(3),
            Stroke::new(1.0, theme::alpha(fill, 110)),
            StrokeKind::Inside,
        );
        painter.circle_filled(p + vec2(1.5, 1.5), cr, theme::COUNTER_SHADOW);
        painter.circle(p, cr, fill, Stroke::new(1.5, theme::COUNTER_RIM));
        painter.circle_stroke(p, cr * 0.72, Stroke::new(1.0, theme::COUNTER_RING));
        painter.text(
            p,
            Align2::CENTER_CENTER,
            text,
            FontId::proportional(cr * 1.15),
            theme::COUNTER_LETTER,
        );
        let _ = tip;
    }
}

/// The things Event cards bring: burning cows, Civilians, the Bug.
pub(super) fn event_tokens(painter: &Painter, geom: &Geom, g: &GameState) {
    let token = |s: Square, corner: Vec2, fill: Color32, text: &str| {
        let r = geom.rect(s);
        let p = r.center() + corner * geom.sq;
        let w = geom.sq * 0.4;
        let rect = Rect::from_center_size(p, vec2(w, geom.sq * 0.2));
        painter.rect_filled(
            rect.translate(vec2(1.5, 1.5)),
            CornerRadius::same(4),
            theme::TOKEN_SHADOW,
        );
        painter.rect(
            rect,
            CornerRadius::same(4),
            fill,
            Stroke::new(1.0, theme::TOKEN_EDGE),
            StrokeKind::Inside,
        );
        painter.text(
            p,
            Align2::CENTER_CENTER,
            text,
            FontId::proportional(geom.sq * 0.13),
            theme::TOKEN_TEXT,
        );
    };
    for s in g.civilians() {
        token(*s, vec2(-0.26, -0.36), theme::CIVILIAN, "civilian");
    }
    if let Some((s, _)) = g.cows() {
        token(s, vec2(0.0, 0.38), theme::BURNING_COWS, "COWS");
    }
    if let Some((s, _)) = g.bug() {
        token(s, vec2(0.0, -0.38), theme::BUG, "BUG");
    }
}
