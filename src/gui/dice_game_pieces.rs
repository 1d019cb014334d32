//! The pieces of Mars Attacks: The Dice Game as the window draws them: a die's three
//! faces (a Martian, a Ray Gun, a Nuke), the location cards with their numbered spaces,
//! the players' tokens on them, the Nuke symbols in their lower-right corners (covered by
//! the Nukes showing), a special rule in its red or green outline, the stacks of cards
//! face down beneath, and the difficulty card.

use dice_game::card::{Colour, Kind, Location};
use dice_game::dice::Symbol;
use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Painter, Pos2, Rect, Response, Sense, Stroke,
    StrokeKind, Ui, pos2, vec2,
};

use super::theme;

/// How a die is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DieLook {
    /// A click on it plays a decision.
    pub active: bool,
    /// It was set before the roll (a set-dice rule).
    pub set: bool,
    /// It lies from a Turn already over.
    pub faded: bool,
}

/// One die showing `symbol`; its accessible label is the symbol's name.
pub fn die(ui: &mut Ui, symbol: Symbol, size: f32, look: DieLook) -> Response {
    let sense = if look.active {
        Sense::click()
    } else {
        Sense::hover()
    };
    let (rect, resp) = ui.allocate_exact_size(vec2(size, size), sense);
    let label = symbol.words(1);
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, look.active, label));
    let p = ui.painter();
    let lift = if look.active && resp.hovered() {
        2.0
    } else {
        0.0
    };
    let rect = rect.translate(vec2(0.0, -lift));
    let r = CornerRadius::same((size / 8.0) as u8);
    p.rect_filled(rect.translate(vec2(2.0, 2.0)), r, theme::DICE_SHADOW);
    p.rect_filled(rect, r, theme::DICE_FACE);
    let stroke = if look.active {
        Stroke::new(2.0, theme::SELECT)
    } else if look.set {
        Stroke::new(2.0, theme::RULE_GREEN)
    } else {
        Stroke::new(1.0, theme::DICE_EDGE)
    };
    p.rect_stroke(rect, r, stroke, StrokeKind::Inside);
    symbol_at(p, symbol, rect.center(), size);
    if look.set && size >= 36.0 {
        p.text(
            rect.center_bottom() - vec2(0.0, 1.0),
            Align2::CENTER_BOTTOM,
            "set",
            FontId::proportional(9.0),
            theme::RULE_GREEN,
        );
    }
    if look.faded {
        p.rect_filled(rect, r, theme::alpha(theme::DICE_FELT, 120));
    }
    resp
}

/// A symbol's picture centred on `c`, drawn for a square of `size`.
pub fn symbol_at(p: &Painter, symbol: Symbol, c: Pos2, size: f32) {
    match symbol {
        Symbol::Martian => martian(p, c, size / 48.0),
        Symbol::RayGun => ray_gun(p, c, size / 48.0),
        Symbol::Nuke => nuke(p, c, size * 0.32),
    }
}

/// A Martian: the brain in its glass helmet, the bony face and its black eyes.
fn martian(p: &Painter, c: Pos2, s: f32) {
    let at = |x: f32, y: f32| pos2(c.x + x * s, c.y + y * s);
    p.circle_filled(
        at(0.0, -1.0),
        17.0 * s,
        theme::alpha(theme::MARTIAN_HELMET, 60),
    );
    p.circle_filled(at(0.0, -7.0), 11.0 * s, theme::BRAIN);
    let fold = Stroke::new(1.2 * s, theme::BRAIN_FOLD);
    p.line_segment([at(0.0, -17.0), at(0.0, -3.0)], fold);
    p.line_segment([at(-6.0, -12.0), at(-3.0, -8.0)], fold);
    p.line_segment([at(6.0, -12.0), at(3.0, -8.0)], fold);
    p.add(egui::Shape::ellipse_filled(
        at(0.0, 5.0),
        vec2(10.0 * s, 8.0 * s),
        theme::MARTIAN_SKIN,
    ));
    for x in [-4.2, 4.2] {
        p.add(egui::Shape::ellipse_filled(
            at(x, 4.0),
            vec2(3.2 * s, 2.4 * s),
            theme::NUKE_INK,
        ));
    }
    p.line_segment(
        [at(-3.0, 9.5), at(3.0, 9.5)],
        Stroke::new(1.2 * s, theme::NUKE_INK),
    );
    p.circle_stroke(
        at(0.0, -1.0),
        17.0 * s,
        Stroke::new(1.5 * s, theme::MARTIAN_HELMET),
    );
}

/// A Ray Gun: a finned body, its barrel and muzzle, the grip.
fn ray_gun(p: &Painter, c: Pos2, s: f32) {
    let at = |x: f32, y: f32| pos2(c.x + x * s, c.y + y * s);
    p.add(egui::Shape::convex_polygon(
        vec![
            at(-12.0, 3.0),
            at(-4.0, 3.0),
            at(-7.0, 14.0),
            at(-15.0, 14.0),
        ],
        theme::RAY_GUN_BODY,
        Stroke::new(1.0 * s, theme::NUKE_INK),
    ));
    p.add(egui::Shape::convex_polygon(
        vec![at(-9.0, -6.0), at(-2.0, -6.0), at(-11.0, -14.0)],
        theme::RAY_GUN_METAL,
        Stroke::NONE,
    ));
    p.rect_filled(
        Rect::from_min_max(at(6.0, -3.5), at(15.0, 1.5)),
        CornerRadius::same(1),
        theme::RAY_GUN_METAL,
    );
    p.rect_filled(
        Rect::from_min_max(at(-15.0, -7.0), at(8.0, 5.0)),
        CornerRadius::same((5.0 * s) as u8),
        theme::RAY_GUN_BODY,
    );
    for x in [-6.0, 0.0] {
        p.line_segment(
            [at(x, -7.0), at(x, 5.0)],
            Stroke::new(1.5 * s, theme::RAY_GUN_METAL),
        );
    }
    p.circle_filled(at(17.0, -1.0), 3.5 * s, theme::SELECT);
}

/// The Nuke symbol: a yellow disc of radius `r` with the black trefoil.
pub fn nuke(p: &Painter, c: Pos2, r: f32) {
    p.circle_filled(c, r, theme::NUKE_YELLOW);
    p.circle_stroke(c, r, Stroke::new((r / 10.0).max(0.8), theme::NUKE_INK));
    // Three blades 60 degrees wide, one pointing down.
    for centre in [30.0f32, 150.0, 270.0] {
        let mut pts = vec![c];
        for k in 0..=8 {
            let a = (centre - 30.0 + 60.0 * k as f32 / 8.0).to_radians();
            pts.push(pos2(c.x + 0.82 * r * a.cos(), c.y - 0.82 * r * a.sin()));
        }
        p.add(egui::Shape::convex_polygon(
            pts,
            theme::NUKE_INK,
            Stroke::NONE,
        ));
    }
    p.circle_filled(c, 0.26 * r, theme::NUKE_YELLOW);
    p.circle_filled(c, 0.17 * r, theme::NUKE_INK);
}

/// A player's token on a space: a disc in the seat's colour.
pub fn token(p: &Painter, c: Pos2, r: f32, color: Color32) {
    p.circle_filled(c + vec2(1.0, 1.0), r, theme::TOKEN_SHADOW);
    p.circle_filled(c, r, color);
    p.circle_stroke(c, r, Stroke::new(1.0, theme::TOKEN_EDGE));
}

/// The Nuke symbols of a card's lower-right corner, right-aligned at `right` on the line
/// `y`, the first `covered` with a Nuke die placed on them.
fn corner_nukes(p: &Painter, right: Pos2, count: u8, covered: u8, r: f32) {
    for i in 0..count {
        let c = pos2(
            right.x - r - f32::from(count - 1 - i) * (2.0 * r + 4.0),
            right.y,
        );
        nuke(p, c, r);
        if i < covered {
            let die = Rect::from_center_size(c, vec2(2.0 * r + 2.0, 2.0 * r + 2.0));
            p.rect_filled(die, CornerRadius::same(3), theme::DICE_FACE);
            p.rect_stroke(
                die,
                CornerRadius::same(3),
                Stroke::new(2.0, theme::NUKE_COVERED),
                StrokeKind::Inside,
            );
            nuke(p, c, r * 0.7);
        }
    }
}

/// A location card in play as it lies, and what lies on it.
pub struct CardLook<'a> {
    pub card: &'a Location,
    /// The players' tokens: the space each covers and its seat.
    pub tokens: Vec<(u8, usize)>,
    /// The spaces this Turn's dice fill: after the token, up to the space reached.
    pub filling: Option<(u8, u8)>,
    /// Its Nuke symbols covered by the Nukes showing.
    pub covered: u8,
    /// For a card to be nuked first: times nuked, and times needed.
    pub marks: Option<(u8, u8)>,
    /// It is the Turn's target.
    pub target: bool,
    /// A click on it targets it.
    pub active: bool,
    /// Cards face down beneath it.
    pub under: usize,
}

/// The size the cards are drawn at, from the width of the row of five.
pub fn card_size(row_width: f32) -> egui::Vec2 {
    let w = ((row_width - 4.0 * 14.0) / 5.0 - 8.0).clamp(120.0, 170.0);
    vec2(w, w * 1.5)
}

/// Room for the stack beneath a card.
const STACK_ROOM: f32 = 8.0;

/// A location card on its stack; its accessible label is its name.
pub fn location_card(ui: &mut Ui, look: &CardLook<'_>, size: egui::Vec2) -> Response {
    let sense = if look.active {
        Sense::click()
    } else {
        Sense::hover()
    };
    let (outer, resp) = ui.allocate_exact_size(size + vec2(STACK_ROOM, STACK_ROOM), sense);
    let name = look.card.name.clone();
    let active = look.active;
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, active, &name));
    let p = ui.painter();
    let lift = if look.active && resp.hovered() {
        3.0
    } else {
        0.0
    };
    let rect = Rect::from_min_size(outer.min, size).translate(vec2(0.0, -lift));
    stack_beneath(p, rect, look.under);
    let (band_fill, kind) = match look.card.kind {
        Kind::City => (theme::CITY_BAND, "city"),
        Kind::Monument => (theme::MONUMENT_BAND, "monument"),
    };
    card_face(p, rect, band_fill, &look.card.name, rect.width() - 10.0);
    // The VP, and what the card needs.
    let vp_at = rect.min + vec2(18.0, 42.0);
    p.circle_filled(vp_at, 13.0, band_fill);
    p.text(
        vp_at - vec2(0.0, 3.0),
        Align2::CENTER_CENTER,
        look.card.vp.to_string(),
        FontId::proportional(13.0),
        Color32::WHITE,
    );
    p.text(
        vp_at + vec2(0.0, 7.0),
        Align2::CENTER_CENTER,
        "VP",
        FontId::proportional(7.5),
        Color32::WHITE,
    );
    let needs = p.layout(
        format!("{kind}: needs {}", look.card.needs()),
        FontId::proportional(10.0),
        theme::LOCATION_INK,
        rect.width() - 44.0,
    );
    p.galley(rect.min + vec2(36.0, 31.0), needs, theme::LOCATION_INK);
    // The numbered spaces, five a row.
    let cell = ((rect.width() - 16.0 - 4.0 * 3.0) / 5.0).min(26.0);
    let grid = rect.min + vec2(8.0, 60.0);
    let mut bottom = grid.y;
    for n in 1..=look.card.requirement() {
        let i = usize::from(n - 1);
        let min = grid + vec2((i % 5) as f32 * (cell + 3.0), (i / 5) as f32 * (cell + 3.0));
        let r = Rect::from_min_size(min, vec2(cell, cell));
        bottom = r.max.y;
        let filled = look.filling.is_some_and(|(from, to)| n > from && n <= to);
        p.rect_filled(
            r,
            CornerRadius::same(3),
            if filled {
                theme::SPACE_FILLED
            } else {
                theme::SPACE_CELL
            },
        );
        symbol_at(p, look.card.symbol_at(n), r.center(), cell * 0.8);
        p.text(
            r.min + vec2(2.0, 0.0),
            Align2::LEFT_TOP,
            n.to_string(),
            FontId::proportional(8.0),
            theme::LOCATION_INK,
        );
        let here: Vec<usize> = look
            .tokens
            .iter()
            .filter(|(space, _)| *space == n)
            .map(|(_, seat)| *seat)
            .collect();
        // Tokens side by side along the space's foot, overlapping when many.
        let step = if here.len() > 1 {
            ((cell - 12.0) / (here.len() - 1) as f32).min(8.0)
        } else {
            0.0
        };
        for (k, seat) in here.iter().enumerate() {
            let c = r.left_bottom() + vec2(6.0 + step * k as f32, -6.0);
            token(p, c, 5.5, theme::seat_color(*seat));
        }
    }
    // The special rule, in its outline.
    if let Some(rule) = look.card.rule {
        let color = match rule.colour() {
            Colour::Red => theme::RULE_RED,
            Colour::Green => theme::RULE_GREEN,
        };
        let words = look.card.rule_words().unwrap_or_default();
        let text = p.layout(
            words,
            FontId::proportional(9.5),
            theme::LOCATION_INK,
            rect.width() - 22.0,
        );
        let room = Rect::from_min_size(
            pos2(rect.min.x + 6.0, bottom + 6.0),
            vec2(rect.width() - 12.0, text.size().y + 8.0),
        );
        p.rect_stroke(
            room,
            CornerRadius::same(4),
            Stroke::new(2.0, color),
            StrokeKind::Inside,
        );
        p.galley(room.min + vec2(5.0, 4.0), text, theme::LOCATION_INK);
    }
    if let Some((k, n)) = look.marks {
        p.text(
            rect.left_bottom() + vec2(8.0, -14.0),
            Align2::LEFT_CENTER,
            format!("nuked {k} of {n}"),
            FontId::proportional(10.0),
            if k >= n {
                theme::RULE_GREEN
            } else {
                theme::RULE_RED
            },
        );
    }
    corner_nukes(
        p,
        rect.right_bottom() + vec2(-6.0, -14.0),
        look.card.nukes,
        look.covered,
        9.0,
    );
    let edge = if look.target {
        Stroke::new(3.0, theme::SELECT)
    } else if look.active && resp.hovered() {
        Stroke::new(2.5, theme::SELECT)
    } else {
        Stroke::new(1.0, theme::CARD_BACK_EDGE)
    };
    p.rect_stroke(rect, CARD_ROUND, edge, StrokeKind::Outside);
    resp
}

/// The backs of up to three cards face down under a card at `rect`.
fn stack_beneath(p: &Painter, rect: Rect, under: usize) {
    for k in (1..=under.min(3)).rev() {
        let back = rect.translate(vec2(2.5 * k as f32, 2.5 * k as f32));
        p.rect_filled(back, CornerRadius::same(8), theme::CARD_BACK);
        p.rect_stroke(
            back,
            CornerRadius::same(8),
            Stroke::new(1.0, theme::CARD_BACK_EDGE),
            StrokeKind::Inside,
        );
    }
}

/// The place of an emptied stack.
pub fn empty_stack(ui: &mut Ui, stack: usize, size: egui::Vec2) -> Response {
    let (outer, resp) = ui.allocate_exact_size(size + vec2(STACK_ROOM, STACK_ROOM), Sense::hover());
    let rect = Rect::from_min_size(outer.min, size);
    let p = ui.painter();
    let corners = [
        rect.left_top(),
        rect.right_top(),
        rect.right_bottom(),
        rect.left_bottom(),
        rect.left_top(),
    ];
    p.add(egui::Shape::dashed_line(
        &corners,
        Stroke::new(1.5, theme::MUTED),
        8.0,
        6.0,
    ));
    p.text(
        rect.center(),
        Align2::CENTER_CENTER,
        format!("Stack {} is empty", stack + 1),
        FontId::proportional(12.0),
        theme::MUTED,
    );
    resp
}

/// The difficulty card: in play all game, never a target; `side` up with its `nukes`, the
/// first `covered` of them under Nuke dice.
pub fn difficulty_card(
    ui: &mut Ui,
    side: &str,
    nukes: u8,
    covered: u8,
    size: egui::Vec2,
) -> Response {
    let (outer, resp) = ui.allocate_exact_size(size + vec2(STACK_ROOM, STACK_ROOM), Sense::hover());
    let label = format!("Difficulty card, {side} side");
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
    let rect = Rect::from_min_size(outer.min, size);
    let p = ui.painter();
    card_face(p, rect, theme::DIFFICULTY_BAND, "Difficulty", rect.width());
    p.text(
        rect.center_top() + vec2(0.0, 44.0),
        Align2::CENTER_CENTER,
        format!("{side} side up"),
        FontId::proportional(14.0),
        theme::LOCATION_INK,
    );
    let words = p.layout(
        "In play all game; never a target. Its Nuke symbols count toward being nuked.".to_string(),
        FontId::proportional(10.0),
        theme::LOCATION_INK,
        rect.width() - 20.0,
    );
    p.galley(rect.min + vec2(10.0, 62.0), words, theme::LOCATION_INK);
    for i in 0..nukes {
        let c = rect.center() + vec2((f32::from(i) - f32::from(nukes - 1) / 2.0) * 40.0, 38.0);
        nuke(p, c, 16.0);
    }
    corner_nukes(
        p,
        rect.right_bottom() + vec2(-6.0, -14.0),
        nukes,
        covered,
        9.0,
    );
    p.rect_stroke(
        rect,
        CARD_ROUND,
        Stroke::new(1.0, theme::CARD_BACK_EDGE),
        StrokeKind::Outside,
    );
    resp
}

/// `text` centred on `c`, its font shrunk until it fits `width`.
/// The corners of a card.
const CARD_ROUND: CornerRadius = CornerRadius::same(8);

/// A card's face and its coloured band along the top with its title.
fn card_face(p: &Painter, rect: Rect, band_fill: Color32, title: &str, title_width: f32) {
    p.rect_filled(rect, CARD_ROUND, theme::LOCATION_FACE);
    let band = Rect::from_min_size(rect.min, vec2(rect.width(), 24.0));
    p.rect_filled(
        band,
        CornerRadius {
            nw: 8,
            ne: 8,
            sw: 0,
            se: 0,
        },
        band_fill,
    );
    fitted_text(p, band.center(), title, 13.0, title_width, Color32::WHITE);
}

fn fitted_text(p: &Painter, c: Pos2, text: &str, size: f32, width: f32, color: Color32) {
    let mut px = size;
    let mut galley = p.layout_no_wrap(text.to_string(), FontId::proportional(px), color);
    while galley.size().x > width && px > 8.0 {
        px -= 0.5;
        galley = p.layout_no_wrap(text.to_string(), FontId::proportional(px), color);
    }
    p.galley(c - galley.size() / 2.0, galley, color);
}
