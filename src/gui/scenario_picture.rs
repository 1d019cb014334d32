//! A scenario's map picture in the New game window: the same drawing as the SVG pictures
//! of `docs/scenarios.md` (`crate::shelf::picture`), painted with egui.

use eframe::egui::{
    self, Color32, CornerRadius, FontId, Painter, Pos2, Rect, RichText, Sense, Shape, Stroke, pos2,
    vec2,
};

use crate::rules::WallKind;
use crate::rules::bitboard::Bitboard;
use crate::shelf::picture::{
    LANE, MapPicture, Point, Swatch, colors, hold_tag, square_origin, tag_square,
};

use super::theme;

fn side_color(side: crate::rules::Side) -> Color32 {
    theme::picture_color(colors::side(side))
}

/// Paints the picture `side` points wide (the board and its edge marks), then its legend.
pub fn show(ui: &mut egui::Ui, picture: &MapPicture, side: f32) {
    let margin = side * 0.06;
    let (response, painter) = ui.allocate_painter(vec2(side, side), Sense::hover());
    let board = Rect::from_min_size(
        response.rect.min + vec2(margin, margin),
        vec2(side - 2.0 * margin, side - 2.0 * margin),
    );
    paint(&painter, board, picture);
    legend(ui, picture);
}

/// The picture's legend, a swatch and its words a line.
pub fn legend(ui: &mut egui::Ui, picture: &MapPicture) {
    for (swatch, text) in picture.legend() {
        ui.horizontal(|ui| {
            let (r, p) = ui.allocate_painter(vec2(30.0, 16.0), Sense::hover());
            // On the picture's ground, so dark swatches show on a dark panel.
            p.rect_filled(
                r.rect,
                CornerRadius::same(2),
                theme::picture_color(colors::SQUARE_LIGHT),
            );
            paint_swatch(&p, r.rect.shrink2(vec2(3.0, 2.0)), swatch);
            ui.label(RichText::new(text).small());
        });
    }
}

/// The outermost lane of the picture's edge marks (0: every mark next to the board).
pub fn lanes(picture: &MapPicture) -> u8 {
    picture
        .entries
        .iter()
        .chain(&picture.exits)
        .map(|m| m.lane)
        .max()
        .unwrap_or(0)
}

/// Paints the board of `picture` into `board`.
pub fn paint(painter: &Painter, board: Rect, picture: &MapPicture) {
    let sq = board.width() / 8.0;
    let at = |(x, y): Point| pos2(board.left() + x * sq, board.top() + y * sq);
    let square_rect = |s: crate::rules::Square| {
        let o = at(square_origin(s));
        Rect::from_min_size(o, vec2(sq, sq))
    };
    for s in crate::rules::Square::all() {
        painter.rect_filled(
            square_rect(s),
            CornerRadius::ZERO,
            theme::picture_color(colors::square(s)),
        );
    }
    for (side, zone) in &picture.zones {
        for s in *zone {
            let fill = colors::zone(*side, colors::square(s));
            painter.rect_filled(
                square_rect(s),
                CornerRadius::ZERO,
                theme::picture_color(&fill),
            );
        }
    }
    for s in picture.blockers {
        painter.rect_filled(
            square_rect(s),
            CornerRadius::ZERO,
            theme::picture_color(colors::BLOCKER),
        );
    }
    // The Martians' zones inside the Humans', so a zone both hold shows both outlines.
    for h in &picture.holds {
        let inset = match h.side {
            crate::rules::Side::Humans => 0.14,
            crate::rules::Side::Martians => 0.25,
        };
        for s in h.zone {
            dashed_square(
                painter,
                square_rect(s).shrink(sq * inset),
                side_color(h.side),
                2.5,
            );
        }
    }
    // The Rounds a zone counts in and the Rounds running that win, in its corner square
    // (the Humans' top left, the Martians' bottom right), as the SVG pictures mark them.
    for h in &picture.holds {
        let lines = hold_tag(&h.hold);
        let Some(s) = tag_square(h.side, h.zone).filter(|_| !lines.is_empty()) else {
            continue;
        };
        let r = square_rect(s).shrink(sq * 0.2);
        let text = lines.join("\n");
        let (pos, align) = match h.side {
            crate::rules::Side::Humans => (r.left_top(), egui::Align2::LEFT_TOP),
            crate::rules::Side::Martians => (r.right_bottom(), egui::Align2::RIGHT_BOTTOM),
        };
        painter.text(
            pos,
            align,
            text,
            FontId::proportional((sq * 0.2).max(8.0)),
            side_color(h.side),
        );
    }
    for s in picture.counter_zone.unwrap_or(Bitboard::EMPTY) {
        let r = square_rect(s).shrink(sq * 0.08);
        let c = theme::picture_color(colors::COUNTER_ZONE);
        for (a, b) in [
            (r.left_top(), r.right_top()),
            (r.right_top(), r.right_bottom()),
            (r.right_bottom(), r.left_bottom()),
            (r.left_bottom(), r.left_top()),
        ] {
            painter.extend(Shape::dashed_line(&[a, b], Stroke::new(1.5, c), 4.0, 3.0));
        }
    }
    painter.rect_stroke(
        board,
        CornerRadius::ZERO,
        Stroke::new(1.5, theme::PICTURE_BOARD_EDGE),
        egui::StrokeKind::Middle,
    );
    // The lanes of marks stacked on an edge fit within a third of a square outside the
    // board.
    let step = match lanes(picture) {
        0 => LANE,
        n => (0.24 / f32::from(n)).min(LANE),
    };
    let band = (sq * 0.14).min(sq * step * 0.8).max(2.0);
    for m in &picture.entries {
        let (a, b) = m.band_with(step);
        painter.line_segment([at(a), at(b)], Stroke::new(band, side_color(m.side)));
    }
    for m in &picture.exits {
        let (a, b) = m.band_with(step);
        painter.extend(Shape::dashed_line(
            &[at(a), at(b)],
            Stroke::new(band, side_color(m.side)),
            sq * 0.2,
            sq * 0.12,
        ));
    }
    for w in &picture.walls {
        wall(painter, at(w.from), at(w.to), w.kind, sq);
    }
    for f in &picture.fixed {
        let c = square_rect(f.square).center();
        if f.key {
            painter.circle_stroke(
                c,
                sq * 0.4,
                Stroke::new(2.5, theme::picture_color(colors::KEY)),
            );
        }
        painter.circle(
            c,
            sq * 0.3,
            side_color(f.side),
            Stroke::new(1.0, theme::PICTURE_FIGURE_EDGE),
        );
        painter.text(
            c,
            egui::Align2::CENTER_CENTER,
            f.count.to_string(),
            FontId::proportional(sq * 0.32),
            theme::PICTURE_COUNT,
        );
    }
}

fn wall(painter: &Painter, a: Pos2, b: Pos2, kind: WallKind, sq: f32) {
    match kind {
        WallKind::High => {
            painter.line_segment(
                [a, b],
                Stroke::new(sq * 0.14, theme::picture_color(colors::HIGH_WALL)),
            );
        }
        WallKind::Low => painter.extend(Shape::dashed_line(
            &[a, b],
            Stroke::new(sq * 0.1, theme::picture_color(colors::LOW_WALL)),
            sq * 0.15,
            sq * 0.08,
        )),
    }
}

fn paint_swatch(painter: &Painter, r: Rect, swatch: Swatch) {
    let (a, b) = (r.left_center(), r.right_center());
    match swatch {
        Swatch::Wall(kind) => wall(painter, a, b, kind, 36.0),
        Swatch::Blocker => {
            painter.rect_filled(r, CornerRadius::ZERO, theme::picture_color(colors::BLOCKER));
        }
        Swatch::Zone(side) => {
            let fill = colors::zone(side, colors::SQUARE_LIGHT);
            painter.rect_filled(r, CornerRadius::ZERO, theme::picture_color(&fill));
        }
        Swatch::Fixed(side) => {
            painter.circle(
                r.center(),
                6.0,
                side_color(side),
                Stroke::new(1.0, theme::PICTURE_FIGURE_EDGE),
            );
        }
        Swatch::Entry(side) => {
            painter.line_segment([a, b], Stroke::new(5.0, side_color(side)));
        }
        Swatch::Exit(side) => painter.extend(Shape::dashed_line(
            &[a, b],
            Stroke::new(5.0, side_color(side)),
            7.0,
            4.0,
        )),
        Swatch::Hold(side) => dashed_square(painter, r.shrink(2.0), side_color(side), 2.5),
        Swatch::Key(side) => {
            painter.circle(
                r.center(),
                6.0,
                side_color(side),
                Stroke::new(2.5, theme::picture_color(colors::KEY)),
            );
        }
        Swatch::Shade => {
            let shade = theme::picture_color(crate::shelf::shading::SHADE).gamma_multiply(0.45);
            painter.rect_filled(r, CornerRadius::ZERO, shade);
        }
        Swatch::Counters => {
            let c = r.center();
            painter.add(Shape::convex_polygon(
                vec![
                    c + vec2(0.0, -7.0),
                    c + vec2(7.0, 0.0),
                    c + vec2(0.0, 7.0),
                    c + vec2(-7.0, 0.0),
                ],
                theme::COUNTER_BACK,
                Stroke::new(1.0, theme::PICTURE_COUNTER_EDGE),
            ));
        }
    }
}

/// A dashed outline of `r`.
fn dashed_square(painter: &Painter, r: Rect, c: Color32, width: f32) {
    for (a, b) in [
        (r.left_top(), r.right_top()),
        (r.right_top(), r.right_bottom()),
        (r.right_bottom(), r.left_bottom()),
        (r.left_bottom(), r.left_top()),
    ] {
        painter.extend(Shape::dashed_line(&[a, b], Stroke::new(width, c), 3.0, 3.0));
    }
}
