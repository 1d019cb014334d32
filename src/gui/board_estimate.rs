//! The AI's estimate of the chance to win, as a bar beside the board: the Martians' share
//! from the top, the Humans' from the bottom, with the decision it was made at. It is the
//! value of a search of the person's position when the person is to decide, after the dice
//! of every decision before it (a hint's search, or a quiet one as a hint's), calibrated
//! in games of the AI against itself (docs/strength.md): a chance to win for two players
//! of its strength.

use eframe::egui::{
    self, Align2, CornerRadius, FontId, Id, Painter, Rect, Sense, Stroke, StrokeKind, Ui, pos2,
    vec2,
};

use crate::rules::Side;
use crate::table::describe::side_title;
use crate::table::estimate::Estimate;

use super::theme;

/// The bar's width, in points.
pub const WIDTH: f32 = 12.0;

/// The words the bar stands for (its tooltip and accessible label).
pub fn label(e: &Estimate) -> String {
    format!(
        "The AI's estimate after decision {}: the Humans win {:.0}%, the Martians {:.0}%",
        e.at,
        100.0 * e.for_side(Side::Humans),
        100.0 * e.for_side(Side::Martians)
    )
}

/// Draws the bar in `rect` (tall and narrow) and explains it on hover.
pub fn show(ui: &mut Ui, painter: &Painter, rect: Rect, e: &Estimate) {
    let martians = e.for_side(Side::Martians) as f32;
    let split = rect.top() + martians * rect.height();
    painter.rect_filled(
        Rect::from_min_max(rect.left_top(), pos2(rect.right(), split)),
        CornerRadius::ZERO,
        theme::side_color(Side::Martians),
    );
    painter.rect_filled(
        Rect::from_min_max(pos2(rect.left(), split), rect.right_bottom()),
        CornerRadius::ZERO,
        theme::side_color(Side::Humans),
    );
    painter.rect_stroke(
        rect,
        CornerRadius::same(2),
        Stroke::new(1.0, theme::ESTIMATE_FRAME),
        StrokeKind::Outside,
    );
    // The even line, for reading the bar at a glance.
    painter.line_segment(
        [
            pos2(rect.left() - 3.0, rect.center().y),
            pos2(rect.right() + 3.0, rect.center().y),
        ],
        Stroke::new(1.0, theme::ESTIMATE_EVEN),
    );
    for (side, at, align) in [
        (
            Side::Martians,
            rect.center_top() - vec2(0.0, 4.0),
            Align2::CENTER_BOTTOM,
        ),
        (
            Side::Humans,
            rect.center_bottom() + vec2(0.0, 4.0),
            Align2::CENTER_TOP,
        ),
    ] {
        painter.text(
            at,
            align,
            format!("{:.0}%", 100.0 * e.for_side(side)),
            FontId::proportional(11.0),
            theme::side_light(side),
        );
    }
    let text = label(e);
    let resp = ui.interact(rect.expand(4.0), Id::unique("win-estimate"), Sense::hover());
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ProgressIndicator, true, &text));
    resp.on_hover_text(format!(
        "{text}.\nThe AI's search of your position when you were to decide, after the dice \
         of every decision before (as a hint searches it): a chance to win for two players \
         of the AI's strength, calibrated in games of the AI against itself \
         (docs/strength.md). {} at the top, {} at the bottom.",
        side_title(Side::Martians),
        side_title(Side::Humans)
    ));
}
