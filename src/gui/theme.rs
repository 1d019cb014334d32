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
/// The ring around a key model, whose death or leaving ends the game (P28).
pub const KEY_RING: Color32 = Color32::from_rgb(0xe0, 0xa8, 0x00);
pub const LOS_CLEAR: Color32 = Color32::from_rgb(0x7c, 0xe0, 0x6a);
pub const LOS_PARTIAL: Color32 = Color32::from_rgb(0xf0, 0xb4, 0x3c);
pub const LOS_NONE: Color32 = Color32::from_rgb(0xd0, 0x4a, 0x3a);
pub const OUT_OF_RANGE: Color32 = Color32::from_rgb(0x9a, 0x94, 0x88);
pub const GOOD: Color32 = Color32::from_rgb(0x8c, 0xd8, 0x78);
pub const BAD: Color32 = Color32::from_rgb(0xf0, 0x70, 0x60);
pub const MUTED: Color32 = Color32::from_rgb(0xa0, 0x98, 0x88);
pub const TEXT: Color32 = Color32::from_rgb(0xe6, 0xdf, 0xcf);

// ----- the window -----
/// The program's name at the left of the top bar.
pub const TITLE: Color32 = Color32::from_rgb(0xe8, 0x4a, 0x3a);
/// Behind the frame-time overlay (F12).
pub const OVERLAY_BACKDROP: Color32 = Color32::from_black_alpha(190);
/// A framed section of a side panel.
pub const SECTION_FILL: Color32 = Color32::from_rgb(0x30, 0x2c, 0x27);
/// The empty part of a side's VP bar.
pub const VP_TRACK: Color32 = Color32::from_rgb(0x20, 0x1d, 0x1a);
/// The box saying whose decision it is, when no side is to decide.
pub const NO_ONE_TO_DECIDE: Color32 = Color32::from_rgb(0x50, 0x40, 0x20);
/// A card in the sidebar's hand, and its edge when it is not being played.
pub const CARD_FILL: Color32 = Color32::from_rgb(0x3a, 0x34, 0x2c);
pub const CARD_EDGE: Color32 = Color32::from_rgb(0x5a, 0x50, 0x44);

// ----- the board -----
/// The outline of the square under the pointer.
pub const HOVERED_SQUARE: Color32 = alpha(Color32::WHITE, 120);
/// How many moves a square of the selected model's reach takes, in its corner.
pub const REACH_MOVES: Color32 = alpha(Color32::WHITE, 200);
/// The outline of the squares a card under the pointer would aim at.
pub const AIM_EDGE: Color32 = alpha(Color32::WHITE, 230);
/// The arrows of the directions a card under the pointer offers.
pub const AIM_ARROW: Color32 = Color32::from_rgb(0x2a, 0x22, 0x18);
/// A counter's shadow, rim, inner ring and letter.
pub const COUNTER_SHADOW: Color32 = Color32::from_black_alpha(90);
pub const COUNTER_RIM: Color32 = Color32::from_rgb(0x3a, 0x30, 0x20);
pub const COUNTER_RING: Color32 = alpha(Color32::BLACK, 70);
pub const COUNTER_LETTER: Color32 = Color32::from_rgb(0x2a, 0x22, 0x18);
/// The tokens of what Event cards bring: shadow, edge and text, and each one's fill.
pub const TOKEN_SHADOW: Color32 = Color32::from_black_alpha(100);
pub const TOKEN_EDGE: Color32 = Color32::BLACK;
pub const TOKEN_TEXT: Color32 = Color32::WHITE;
pub const CIVILIAN: Color32 = Color32::from_rgb(0x8a, 0x7a, 0x60);
pub const BURNING_COWS: Color32 = Color32::from_rgb(0xc8, 0x5a, 0x1a);
pub const BUG: Color32 = Color32::from_rgb(0x6a, 0x2a, 0x7a);
/// The shadows of a high wall and of a low wall's stones.
pub const HIGH_WALL_SHADOW: Color32 = Color32::from_black_alpha(110);
pub const LOW_WALL_SHADOW: Color32 = Color32::from_black_alpha(90);

// ----- the model figures -----
/// Mixed into a side's colour for a model that has acted this Round.
pub const ACTED_GREY: Color32 = Color32::from_gray(110);
/// The ring round the model acting now (a selected one is ringed in [`SELECT`]).
pub const ACTING_RING: Color32 = Color32::WHITE;
/// The shadows of a standing model and of a Rattled one lying down.
pub const MODEL_SHADOW: Color32 = Color32::from_black_alpha(110);
pub const RATTLED_SHADOW: Color32 = Color32::from_black_alpha(100);
/// A model's number on its base.
pub const MODEL_NUMBER: Color32 = Color32::WHITE;
/// A Human's helmet: mixed into the side's dark colour, its edge and its brim.
pub const HELMET_TINT: Color32 = Color32::from_rgb(0x4a, 0x5a, 0x3a);
pub const HELMET_EDGE: Color32 = alpha(Color32::BLACK, 120);
pub const HELMET_BRIM: Color32 = alpha(Color32::BLACK, 150);
/// A Martian's brain, its folds, and the shine of its glass dome.
pub const BRAIN: Color32 = Color32::from_rgb(0xe8, 0x9a, 0xb0);
pub const BRAIN_FOLD: Color32 = Color32::from_rgb(0x9a, 0x4a, 0x62);
pub const DOME_SHINE: Color32 = alpha(Color32::WHITE, 130);
/// The Activation marker beside a model that has acted.
pub const ACTIVATION_MARKER: Color32 = Color32::from_rgb(0x20, 0x1c, 0x18);

// ----- sight, the hint and the estimate -----
/// Under each sight line.
pub const SIGHT_LINE_SHADOW: Color32 = Color32::from_black_alpha(90);
/// Behind a sight line's tag.
pub const SIGHT_TAG_BACK: Color32 = Color32::from_black_alpha(180);
/// Text laid out before its colour is known: egui's placeholder, replaced by the colour
/// given when it is painted.
pub const PAINTED_LATER: Color32 = Color32::PLACEHOLDER;
/// The hinted move on the board, its shadow and the edge of its arrow head.
pub const HINT: Color32 = Color32::from_rgb(0x7f, 0xd8, 0xff);
pub const HINT_SHADOW: Color32 = Color32::from_black_alpha(110);
pub const HINT_ARROW_EDGE: Color32 = Color32::from_black_alpha(140);
/// At a real table: the step to make on the table now, drawn on the board and framing its
/// card over the board.
pub const TABLE_STEP: Color32 = Color32::from_rgb(0xff, 0xa8, 0x3c);
/// The frame of the estimate's bar and its even line.
pub const ESTIMATE_FRAME: Color32 = alpha(Color32::WHITE, 90);
pub const ESTIMATE_EVEN: Color32 = alpha(Color32::WHITE, 140);

// ----- dice -----
/// A D8 in the log and the last dice: a failed die, each die's edge, a success's face.
pub const DIE_MISS: Color32 = Color32::from_rgb(0x4a, 0x45, 0x3e);
pub const DIE_EDGE: Color32 = Color32::from_black_alpha(140);
pub const DIE_HIT_FACE: Color32 = Color32::WHITE;
/// Martian Dice: the tray's felt, a die's shadow, face, edge and ink.
pub const DICE_FELT: Color32 = Color32::from_rgb(0x2a, 0x3f, 0x2c);
pub const DICE_SHADOW: Color32 = Color32::from_black_alpha(90);
pub const DICE_FACE: Color32 = Color32::from_rgb(0xf4, 0xee, 0xdc);
pub const DICE_EDGE: Color32 = Color32::from_black_alpha(120);
pub const DICE_INK: Color32 = Color32::from_rgb(0x30, 0x2a, 0x22);
/// Martian Dice: each face's picture, and the chicken's beak.
pub const DIE_TANK: Color32 = Color32::from_rgb(0x5b, 0x6b, 0x3a);
pub const DIE_RAY: Color32 = Color32::from_rgb(0x4c, 0xb8, 0x43);
pub const DIE_HUMAN: Color32 = Color32::from_rgb(0x3f, 0x7c, 0xd6);
pub const DIE_COW: Color32 = Color32::from_rgb(0xe8, 0xe4, 0xd0);
pub const DIE_CHICKEN: Color32 = Color32::from_rgb(0xe0, 0x8a, 0x2e);
pub const CHICKEN_BEAK: Color32 = Color32::from_rgb(0xd8, 0x4a, 0x2a);

// ----- Mars Attacks: The Dice Game -----
/// A location card's face, its ink, and the band across its top by kind.
pub const LOCATION_FACE: Color32 = Color32::from_rgb(0xee, 0xe6, 0xd2);
pub const LOCATION_INK: Color32 = Color32::from_rgb(0x2a, 0x24, 0x1c);
pub const CITY_BAND: Color32 = Color32::from_rgb(0x3d, 0x5a, 0x80);
pub const MONUMENT_BAND: Color32 = Color32::from_rgb(0x8a, 0x62, 0x22);
pub const DIFFICULTY_BAND: Color32 = Color32::from_rgb(0x70, 0x26, 0x22);
/// A numbered space, and one this Turn's dice fill.
pub const SPACE_CELL: Color32 = Color32::from_rgb(0xd8, 0xcd, 0xb0);
pub const SPACE_FILLED: Color32 = Color32::from_rgb(0xf6, 0xd0, 0x4a);
/// The outline of a special rule: red while the card is in play, green once claimed.
pub const RULE_RED: Color32 = Color32::from_rgb(0xc0, 0x30, 0x28);
pub const RULE_GREEN: Color32 = Color32::from_rgb(0x2e, 0x8a, 0x3a);
/// The backs of the cards face down in a stack.
pub const CARD_BACK: Color32 = Color32::from_rgb(0x5a, 0x26, 0x24);
pub const CARD_BACK_EDGE: Color32 = Color32::from_rgb(0x2e, 0x12, 0x10);
/// The Nuke symbol's disc and trefoil, and the shade of a die covering one.
pub const NUKE_YELLOW: Color32 = Color32::from_rgb(0xf2, 0xc2, 0x1a);
pub const NUKE_INK: Color32 = Color32::from_rgb(0x20, 0x1c, 0x14);
pub const NUKE_COVERED: Color32 = Color32::from_rgb(0xb8, 0x2a, 0x1e);
/// The Martian on a die: its face, brain and helmet.
pub const MARTIAN_SKIN: Color32 = Color32::from_rgb(0x7c, 0xc8, 0x4a);
pub const MARTIAN_HELMET: Color32 = Color32::from_rgb(0x8a, 0xc8, 0xe8);
/// The Ray Gun on a die: its body and its fins.
pub const RAY_GUN_BODY: Color32 = Color32::from_rgb(0xc8, 0x3a, 0x2a);
pub const RAY_GUN_METAL: Color32 = Color32::from_rgb(0x7a, 0x80, 0x88);
/// Each seat's tokens, in turn order.
pub const SEATS: [Color32; 6] = [
    Color32::from_rgb(0xf0, 0x9a, 0x2a),
    Color32::from_rgb(0x3f, 0x9c, 0xe6),
    Color32::from_rgb(0x9a, 0x5a, 0xe0),
    Color32::from_rgb(0xe0, 0x4a, 0x6a),
    Color32::from_rgb(0x3a, 0xc8, 0xb8),
    Color32::from_rgb(0xe8, 0xe0, 0x50),
];

/// Seat `seat`'s colour.
pub fn seat_color(seat: usize) -> Color32 {
    SEATS[seat % SEATS.len()]
}

// ----- the scenario designer's preview and the map pictures -----
/// Over the board while the file on disk no longer loads (the last good design shown).
pub const STALE_DESIGN: Color32 = Color32::from_rgba_unmultiplied_const(0x30, 0x10, 0x10, 60);
/// The number of watchers on a square of the cover map.
pub const COVER_COUNT: Color32 = Color32::WHITE;
/// A square the hovered square cannot see.
pub const NO_SIGHT_SHADE: Color32 = Color32::from_black_alpha(150);
/// The badge of how many moves a square takes to walk to, and its number.
pub const WALK_BADGE: Color32 = Color32::from_black_alpha(170);
pub const WALK_BADGE_TEXT: Color32 = Color32::WHITE;
/// The map picture's board edge, its figures' and counters' edges, and a figure's count.
pub const PICTURE_BOARD_EDGE: Color32 = Color32::from_gray(0x55);
pub const PICTURE_FIGURE_EDGE: Color32 = Color32::from_gray(0x22);
pub const PICTURE_COUNTER_EDGE: Color32 = Color32::from_rgb(0x6b, 0x5a, 0x1e);
pub const PICTURE_COUNT: Color32 = Color32::WHITE;

/// A colour of the map pictures (`crate::shelf::picture::colors`, shared with the SVG
/// pictures), for the window.
pub fn picture_color(hex: &str) -> Color32 {
    let [r, g, b] = crate::shelf::picture::colors::rgb(hex);
    Color32::from_rgb(r, g, b)
}

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
pub const fn alpha(c: Color32, a: u8) -> Color32 {
    Color32::from_rgba_unmultiplied_const(c.r(), c.g(), c.b(), a)
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
