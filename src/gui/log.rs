//! The action log: every decision with what it caused, dice shown die by die.

use eframe::egui::{
    self, Color32, CornerRadius, FontId, RichText, Sense, Stroke, StrokeKind, Ui, vec2,
};

use crate::rules::model_names::ModelNames;
use crate::rules::state::{Event, ShotResult};
use crate::rules::{BySide, GameState, Side};
use crate::sim::describe_named;
use crate::table::describe::{card_name, side_title};
use crate::table::session::Step;

use super::panel::{Panel, PanelContext};
use super::theme;

/// The log panel.
#[derive(Default)]
pub struct LogView {
    /// Decisions shown last frame: scroll to the end when more arrive.
    shown: usize,
    /// The measured height of each decision's lines, for the width they were laid out
    /// at: decisions out of sight are skipped by their height, so a long game costs no
    /// more to draw than a short one.
    heights: Vec<f32>,
    width: f32,
}

impl Panel for LogView {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        let names = table.session.names();
        let session = table.session;
        let g = session.state();
        ui.horizontal(|ui| {
            ui.heading("Log");
            ui.label(
                RichText::new(format!("{} decisions", session.history().len()))
                    .small()
                    .color(theme::MUTED),
            );
        });
        ui.separator();
        let history = session.history();
        let grew = history.len() != self.shown;
        self.shown = history.len();
        if (ui.available_width() - self.width).abs() > 0.5 {
            self.width = ui.available_width();
            self.heights.clear();
        }
        self.heights.truncate(history.len());
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show_viewport(ui, |ui, viewport| {
                ui.spacing_mut().item_spacing.y = 2.0;
                let origin = ui.cursor().top();
                let placed = session
                    .setup_events()
                    .iter()
                    .filter(|e| matches!(e, Event::CounterPlaced(_)))
                    .count();
                if placed > 0 {
                    ui.label(
                        RichText::new(format!("{placed} counters placed face down"))
                            .small()
                            .color(theme::MUTED),
                    );
                }
                ui.label(RichText::new("Round 1").strong().color(theme::LABEL));
                let sees = BySide::new(
                    session.sees_hand(Side::Humans),
                    session.sees_hand(Side::Martians),
                );
                for (i, step) in history.iter().enumerate() {
                    let top = ui.cursor().top() - origin;
                    let known = self.heights.get(i).copied();
                    let visible = known.is_none_or(|h| {
                        top + h >= viewport.min.y - 200.0 && top <= viewport.max.y + 200.0
                    });
                    if visible {
                        step_ui(ui, g, names, i, step, &sees);
                        let h = ui.cursor().top() - origin - top;
                        if i < self.heights.len() {
                            self.heights[i] = h;
                        } else {
                            self.heights.push(h);
                        }
                    } else if let Some(h) = known {
                        ui.allocate_space(egui::vec2(
                            1.0,
                            (h - ui.spacing().item_spacing.y).max(0.0),
                        ));
                    }
                }
                if grew {
                    ui.scroll_to_cursor(Some(egui::Align::BOTTOM));
                }
            });
    }
}

/// One decision and its consequences.
fn step_ui(
    ui: &mut Ui,
    g: &GameState,
    names: ModelNames,
    i: usize,
    step: &Step,
    sees: &BySide<bool>,
) {
    // "No card" from a side whose hand the table does not show is not listed: a window is
    // only offered to a side holding a card that fits, so the line would tell that it held
    // one (R28). What the test caused is still shown.
    let hidden_choice = step.action == crate::rules::Action::Respond(None) && !sees[step.by];
    if !hidden_choice {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{}.", i + 1))
                    .small()
                    .color(theme::MUTED),
            );
            ui.label(
                RichText::new(side_title(step.by))
                    .small()
                    .strong()
                    .color(theme::side_light(step.by)),
            );
            ui.label(RichText::new(&step.text).small());
        });
    }
    for e in &step.events {
        match e {
            Event::Activated(_) => {}
            // A card drawn into a hand the table may not see stays face down.
            Event::Drew { side, .. } if !sees[*side] => indented(
                ui,
                RichText::new(format!("the {side} draw a card"))
                    .small()
                    .color(theme::MUTED),
            ),
            Event::Roll { .. } | Event::EffectRoll { .. } => {
                ui.horizontal(|ui| {
                    ui.add_space(14.0);
                    roll_ui(ui, g, names, e, 15.0, None);
                });
            }
            Event::Shot { result, .. } => {
                let c = match result {
                    ShotResult::Kill => theme::BAD,
                    ShotResult::Rattled => theme::LOS_PARTIAL,
                    ShotResult::Miss => theme::MUTED,
                };
                indented(
                    ui,
                    RichText::new(describe_named(g, e, names))
                        .small()
                        .strong()
                        .color(c),
                );
            }
            Event::Fought { killed, .. } => {
                let c = if killed.is_some() {
                    theme::BAD
                } else {
                    theme::MUTED
                };
                indented(
                    ui,
                    RichText::new(describe_named(g, e, names))
                        .small()
                        .strong()
                        .color(c),
                );
            }
            Event::Killed { .. }
            | Event::ZoneHeld { .. }
            | Event::HoldRunning { .. }
            | Event::ArrivalDrawn { .. }
            | Event::VpScored { .. }
            | Event::GameOver(_) => {
                indented(
                    ui,
                    RichText::new(describe_named(g, e, names))
                        .small()
                        .strong()
                        .color(theme::SELECT),
                );
            }
            Event::RoundEnded { round, next_first } => {
                ui.add_space(4.0);
                ui.label(
                    RichText::new(format!(
                        "Round {} (the {} go first)",
                        round + 1,
                        side_title(*next_first)
                    ))
                    .strong()
                    .color(theme::LABEL),
                );
            }
            Event::TurnEnded { .. } => {
                ui.separator();
            }
            _ => indented(
                ui,
                RichText::new(describe_named(g, e, names))
                    .small()
                    .color(theme::MUTED),
            ),
        }
    }
}

fn indented(ui: &mut Ui, text: RichText) {
    ui.horizontal_wrapped(|ui| {
        ui.add_space(14.0);
        ui.label(text);
    });
}

/// A roll die by die: successes in the roller's colour (a card's own rolls, such as the
/// Bug's Survive or an area attack, in the colour of cards), an 8 ringed in gold, and the
/// dice an 8 added marked `+`.
/// `landing`: seconds since the dice were shown and how many dice were shown before these,
/// to light each die briefly as it lands (see [`die_lands_at`]); `None` draws them still.
pub fn roll_ui(
    ui: &mut Ui,
    g: &GameState,
    names: ModelNames,
    e: &Event,
    size: f32,
    landing: Option<(f32, usize)>,
) {
    let (head, color, dice, value, faces, successes, bonus) = match e {
        Event::Roll {
            model,
            test,
            dice,
            value,
            faces,
            successes,
            bonus,
        } => {
            let side = g.model(*model).side;
            (
                format!("{} {} {value}+", names.short(g, *model), test.title()),
                (theme::side_color(side), theme::side_light(side)),
                dice,
                value,
                faces,
                successes,
                *bonus,
            )
        }
        Event::EffectRoll {
            card,
            square,
            test,
            dice,
            value,
            faces,
            successes,
        } => (
            format!(
                "{} {} {value}+ at {square}",
                card_name(g, *card),
                test.title()
            ),
            (theme::CRITTER, theme::CRITTER),
            dice,
            value,
            faces,
            successes,
            0,
        ),
        _ => return,
    };
    ui.spacing_mut().item_spacing.x = 3.0;
    ui.label(RichText::new(head).small().color(color.1));
    for (i, f) in faces.iter().enumerate() {
        let extra = i >= *dice as usize;
        if extra && i == *dice as usize {
            ui.label(RichText::new("+").small().color(theme::SELECT));
        }
        let glow = landing.map_or(0.0, |(t, before)| die_glow(t - die_lands_at(before + i)));
        die_lit(ui, *f, *f >= *value, color.0, size, glow);
    }
    let bonus = if bonus > 0 {
        format!(" +{bonus} armour")
    } else {
        String::new()
    };
    ui.label(
        RichText::new(format!("= {successes}{bonus}"))
            .small()
            .strong(),
    );
}

/// One D8 face, a success in the colour of `side`.
pub fn die(ui: &mut Ui, face: u8, success: bool, side: crate::rules::Side, size: f32) {
    die_in(ui, face, success, theme::side_color(side), size);
}

/// Seconds between two dice of a roll landing.
pub const DIE_STAGGER: f32 = 0.05;
/// Seconds a die stays lit after it lands.
pub const DIE_GLOW: f32 = 0.4;

/// The last die of a throw lands at most this many seconds after the first.
pub const DIE_LAST_LANDS: f32 = 0.3;

// Every die is out within a second of the throw, so the redraws it asks for end quickly.
const _: () = assert!(DIE_LAST_LANDS + DIE_GLOW < 1.0);

/// When die number `n` of a decision's dice lands, in seconds after they are shown.
pub fn die_lands_at(n: usize) -> f32 {
    (n as f32 * DIE_STAGGER).min(DIE_LAST_LANDS)
}

/// How lit a die is `t` seconds after it landed: 1 as it lands, fading to 0 over
/// [`DIE_GLOW`]; 0 before it lands.
pub fn die_glow(t: f32) -> f32 {
    if (0.0..DIE_GLOW).contains(&t) {
        1.0 - t / DIE_GLOW
    } else {
        0.0
    }
}

/// One D8 face, a success filled with `color`.
fn die_in(ui: &mut Ui, face: u8, success: bool, color: Color32, size: f32) {
    die_lit(ui, face, success, color, size, 0.0);
}

/// [`die_in`], lit by `glow` (0 to 1): a halo and a slight lift as the die lands.
fn die_lit(ui: &mut Ui, face: u8, success: bool, color: Color32, size: f32, glow: f32) {
    let (rect, resp) = ui.allocate_exact_size(vec2(size, size), Sense::hover());
    let p = ui.painter();
    let rect = if glow > 0.0 {
        p.rect_filled(
            rect.expand(3.0 * glow),
            CornerRadius::same(5),
            theme::SELECT.gamma_multiply(0.6 * glow),
        );
        rect.translate(vec2(0.0, -2.0 * glow))
    } else {
        rect
    };
    let fill = if success { color } else { theme::DIE_MISS };
    p.rect_filled(rect, CornerRadius::same(3), fill);
    let stroke = if face == 8 {
        Stroke::new(2.0, theme::SELECT)
    } else {
        Stroke::new(1.0, theme::DIE_EDGE)
    };
    p.rect_stroke(rect, CornerRadius::same(3), stroke, StrokeKind::Inside);
    p.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        face.to_string(),
        FontId::monospace(size * 0.68),
        if success {
            theme::DIE_HIT_FACE
        } else {
            theme::MUTED
        },
    );
    resp.on_hover_text(match (face, success) {
        (8, _) => "an 8: a success, and one more die".to_string(),
        (_, true) => format!("{face}: a success"),
        (_, false) => format!("{face}: a miss"),
    });
}

/// The dice of decision number `index`, big, with the result in words; each die lit
/// briefly as it lands, the first time this decision's dice are shown.
pub fn step_dice_ui(ui: &mut Ui, g: &GameState, names: ModelNames, index: usize, step: &Step) {
    let now = ui.input(|i| i.time);
    let shown = ui.ctx().data_mut(|d| {
        *d.get_temp_mut_or_insert_with(egui::Id::unique(("dice-shown", index)), || now)
    });
    let age = (now - shown) as f32;
    let mut dice = 0;
    ui.label(RichText::new(&step.text).small().color(theme::MUTED));
    for e in &step.events {
        match e {
            Event::Roll { faces, .. } | Event::EffectRoll { faces, .. } => {
                let before = dice;
                dice += faces.len();
                ui.horizontal_wrapped(|ui| roll_ui(ui, g, names, e, 22.0, Some((age, before))));
            }
            Event::Shot { .. }
            | Event::Fought { .. }
            | Event::RattleTest { .. }
            | Event::Killed { .. } => {
                ui.label(RichText::new(describe_named(g, e, names)).strong());
            }
            _ => {}
        }
    }
    // Keep drawing while a die is lit.
    if age < DIE_LAST_LANDS + DIE_GLOW {
        ui.ctx().request_repaint();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_die_lights_as_it_lands_and_the_last_lands_soon() {
        // Dice land DIE_STAGGER apart, the last no later than DIE_LAST_LANDS.
        assert_eq!(die_lands_at(0), 0.0);
        assert!((die_lands_at(2) - 2.0 * DIE_STAGGER).abs() < 1e-6);
        assert_eq!(die_lands_at(40), DIE_LAST_LANDS);
        // Unlit before landing, fully lit as it lands, half lit half-way, then out.
        assert_eq!(die_glow(-0.01), 0.0);
        assert_eq!(die_glow(0.0), 1.0);
        assert!((die_glow(DIE_GLOW / 2.0) - 0.5).abs() < 1e-6);
        assert_eq!(die_glow(DIE_GLOW), 0.0);
    }
}
