//! Colours and the window's look: a tabletop of ruined streets at dusk.

use eframe::egui::{self, Color32, Stroke, Visuals};

use crate::rules::Side;

pub const BACKGROUND: Color32 = Color32::from_rgb(0x22, 0x20, 0x1d);
pub const PANEL: Color32 = Color32::from_rgb(0x2b, 0x28, 0x24);
pub const TABLE_EDGE: Color32 = Color32::from_rgb(0x3b, 0x33, 0x2a);
pub const GROUND_A: Color32 = Color32::from_rgb(0x7b, 0x74, 0x67);
pub const GROUND_B: Color32 = Color32::from_rgb(0x72, 0x6b, 0x5f);
pub const GRID: Color32 = Color32::from_rgb(0x5c, 0x56, 0x4c);
pub const LABEL: Color32 = Color32::from_rgb(0xc9, 0xbf, 0xa8);
pub const HIGH_WALL: Color32 = Color32::from_rgb(0x8e, 0x3b, 0x2c);
pub const HIGH_WALL_TOP: Color32 = Color32::from_rgb(0xb5, 0x5a, 0x45);
pub const HIGH_WALL_EDGE: Color32 = Color32::from_rgb(0x3e, 0x1a, 0x14);
pub const LOW_WALL: Color32 = Color32::from_rgb(0xb9, 0xad, 0x94);
pub const LOW_WALL_EDGE: Color32 = Color32::from_rgb(0x55, 0x4d, 0x40);
pub const BLOCKER: Color32 = Color32::from_rgb(0x45, 0x40, 0x3a);
pub const COUNTER_BACK: Color32 = Color32::from_rgb(0xd8, 0xc8, 0x9a);
pub const CRITTER: Color32 = Color32::from_rgb(0xe0, 0x8a, 0x2e);
pub const SECRET: Color32 = Color32::from_rgb(0x4c, 0xc4, 0xd8);
/// A neutral objective counter (either side claims it).
pub const OBJECTIVE: Color32 = Color32::from_rgb(0xe8, 0xe4, 0xd0);
pub const SELECT: Color32 = Color32::from_rgb(0xff, 0xd8, 0x40);
pub const LOS_CLEAR: Color32 = Color32::from_rgb(0x7c, 0xe0, 0x6a);
pub const LOS_PARTIAL: Color32 = Color32::from_rgb(0xf0, 0xb4, 0x3c);
pub const LOS_NONE: Color32 = Color32::from_rgb(0xd0, 0x4a, 0x3a);
pub const OUT_OF_RANGE: Color32 = Color32::from_rgb(0x9a, 0x94, 0x88);
pub const GOOD: Color32 = Color32::from_rgb(0x8c, 0xd8, 0x78);
pub const BAD: Color32 = Color32::from_rgb(0xf0, 0x70, 0x60);
pub const MUTED: Color32 = Color32::from_rgb(0xa0, 0x98, 0x88);
pub const TEXT: Color32 = Color32::from_rgb(0xe6, 0xdf, 0xcf);

/// A side's colour on the table.
pub const fn side_color(side: Side) -> Color32 {
    match side {
        Side::Humans => Color32::from_rgb(0x3f, 0x7c, 0xd6),
        Side::Martians => Color32::from_rgb(0x4c, 0xb8, 0x43),
    }
}

/// A darker shade for rims and text on light ground.
pub const fn side_dark(side: Side) -> Color32 {
    match side {
        Side::Humans => Color32::from_rgb(0x16, 0x2f, 0x5a),
        Side::Martians => Color32::from_rgb(0x1a, 0x4a, 0x17),
    }
}

/// A lighter shade for text on dark panels.
pub const fn side_light(side: Side) -> Color32 {
    match side {
        Side::Humans => Color32::from_rgb(0x86, 0xb2, 0xf2),
        Side::Martians => Color32::from_rgb(0x92, 0xe0, 0x80),
    }
}

/// `c` with alpha `a` (premultiplied).
pub fn alpha(c: Color32, a: u8) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), a)
}

/// Blend `a` towards `b` by `t` (0..1).
pub fn mix(a: Color32, b: Color32, t: f32) -> Color32 {
    let l = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    Color32::from_rgb(l(a.r(), b.r()), l(a.g(), b.g()), l(a.b(), b.b()))
}

/// The window's visuals: dark, warm, with a clear accent for buttons.
pub fn apply(ctx: &egui::Context) {
    let mut v = Visuals::dark();
    v.panel_fill = PANEL;
    v.window_fill = Color32::from_rgb(0x33, 0x2f, 0x2a);
    v.extreme_bg_color = Color32::from_rgb(0x1c, 0x1a, 0x17);
    v.faint_bg_color = Color32::from_rgb(0x30, 0x2c, 0x27);
    v.override_text_color = Some(TEXT);
    v.selection.bg_fill = Color32::from_rgb(0x8a, 0x6a, 0x2a);
    v.selection.stroke = Stroke::new(1.0, SELECT);
    v.widgets.inactive.weak_bg_fill = Color32::from_rgb(0x4a, 0x43, 0x3a);
    v.widgets.inactive.bg_fill = Color32::from_rgb(0x4a, 0x43, 0x3a);
    v.widgets.hovered.weak_bg_fill = Color32::from_rgb(0x64, 0x59, 0x4a);
    v.widgets.hovered.bg_fill = Color32::from_rgb(0x64, 0x59, 0x4a);
    v.widgets.active.weak_bg_fill = Color32::from_rgb(0x7a, 0x6a, 0x52);
    v.window_stroke = Stroke::new(1.0, Color32::from_rgb(0x5a, 0x50, 0x44));
    ctx.set_visuals(v);
}
