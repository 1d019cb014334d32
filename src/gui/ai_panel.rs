//! The AI's part of the sidebar: the hint on a person's decision, and the AI at work
//! with what it considered for its last decision.

use eframe::egui::{self, RichText, Ui};

use crate::rules::Side;
use crate::table::describe::{action_text, card_of, model_name, plan_text, side_title};
use crate::table::forecast::after;

use super::command::Command;
use super::panel::{Panel, PanelContext, section};
use super::theme;

/// The AI's advice on the person's decision: a button, then its three most searched
/// moves with their share of the search and their value for the person's side.
#[derive(Default)]
pub struct HintPanel;

/// The AI at work, and what it considered last.
#[derive(Default)]
pub struct AiPanel;

impl Panel for HintPanel {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        let names = table.session.names();
        let session = table.session;
        if session.human_to_move().is_none() || session.replay().is_some() {
            return;
        }
        let out: &mut Vec<Command> = &mut table.commands;
        section(ui, "Hint", |ui| match session.current_hint() {
            None => {
                let b = ui.button("What would the AI play?").on_hover_text(format!(
                    "{} searches this decision for you, from what your side can see (it \
                     guesses the hidden cards and counters as it does for its own moves)",
                    session.hint_spec()
                ));
                if b.clicked() {
                    out.push(Command::Hint);
                }
            }
            Some(h) => match &h.report {
                None => {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(format!("{} is thinking for you…", h.spec));
                    });
                }
                Some(r) => {
                    // The whole move first, as one line; it is drawn on the board too.
                    let g = session.state();
                    let head = match h.model {
                        Some(m) => format!("Best move for {}:", model_name(g, m, names)),
                        None => "The AI would play:".to_string(),
                    };
                    ui.label(RichText::new(head).small().color(theme::MUTED));
                    ui.label(
                        RichText::new(plan_text(g, &h.line, names))
                            .strong()
                            .color(theme::HINT),
                    );
                    if let Some(stop) = h.stop(g) {
                        ui.label(RichText::new(stop.text()).small().color(theme::HINT));
                    }
                    ui.label(
                        RichText::new(if h.model.is_some() {
                            "drawn on the board: the arrow to its square, the ring on its target; \
                         select another model for its best move"
                        } else {
                            "drawn on the board: the arrow to its square, the ring on its target; \
                         select a model for its own best move"
                        })
                        .small()
                        .color(theme::MUTED),
                    );
                    // The first decision searched, in the position it was searched in.
                    let base = after(g, &h.prefix).unwrap_or_else(|| g.clone());
                    if r.top.is_empty() {
                        // A forced decision: one line, no table of a search that did not run.
                        let chosen = r
                            .chosen
                            .map(|a| action_text(&base, &a, names))
                            .unwrap_or_default();
                        ui.label(
                            RichText::new(format!(
                                "{chosen} is the only decision here: nothing to search"
                            ))
                            .small()
                            .color(theme::MUTED),
                        );
                        return;
                    }
                    let total: u64 = r.top.iter().map(|c| c.visits).sum::<u64>().max(1);
                    let rows = r.top.iter().take(3).map(|c| {
                        [
                            RichText::new(action_text(&base, &c.action, names)),
                            RichText::new(format!(
                                "{:.0}%",
                                100.0 * c.visits as f64 / total as f64
                            )),
                            RichText::new(format!("{:.0}%", 100.0 * c.mean)),
                        ]
                    });
                    decision_table(ui, ["move", "visits", "value"], rows.collect());
                    ui.label(
                        RichText::new(format!(
                            "{} iterations in {:.2} s; the AI plays its most visited move (the \
                             surest of its values); value: its estimate of your chance to win \
                             with the move, for two players of its strength (calibrated in the \
                             AI's games against itself)",
                            r.iterations,
                            r.elapsed.as_secs_f64()
                        ))
                        .small()
                        .color(theme::MUTED),
                    );
                }
            },
        });
    }
}

impl Panel for AiPanel {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        let session = table.session;
        let any_ai = Side::BOTH
            .iter()
            .any(|s| !session.controller(*s).is_human());
        if !any_ai {
            return;
        }
        section(ui, "The AI", |ui| {
            if let Some(t) = session.thinking_for() {
                let side = session.state().to_move();
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(format!(
                        "{} thinking… {:.1} s",
                        side.map(side_title).unwrap_or(""),
                        t.as_secs_f32()
                    ));
                });
            }
            match &session.report {
                Some(shown) => {
                    let (side, r) = (shown.side, &shown.report);
                    ui.label(
                        RichText::new(format!(
                            "{} ({}) chose: {}",
                            side_title(side),
                            r.player,
                            shown.chosen
                        ))
                        .small(),
                    );
                    if r.iterations > 0 {
                        let cores = match r.threads {
                            1 => "on 1 core".to_string(),
                            n => format!("on {n} cores, one tree each"),
                        };
                        ui.label(
                            RichText::new(format!(
                                "{} iterations in {:.2} s {cores}",
                                r.iterations,
                                r.elapsed.as_secs_f64()
                            ))
                            .small()
                            .color(theme::MUTED),
                        );
                    }
                    let total: u64 = r.top.iter().map(|c| c.visits).sum::<u64>().max(1);
                    let hide = !session.sees_hand(side);
                    let rows = r
                        .top
                        .iter()
                        .zip(&shown.considered)
                        .take(8)
                        .map(|(c, words)| {
                            let chosen = r.chosen == Some(c.action);
                            // The cards the AI thought of playing are in its hand: never shown
                            // to its opponent.
                            let text = if hide && !chosen && card_of(&c.action).is_some() {
                                "a card from its hand".to_string()
                            } else {
                                words.clone()
                            };
                            let t = RichText::new(text);
                            // A program may report values without visits.
                            let visits = if r.iterations == 0 {
                                "–".to_string()
                            } else {
                                format!(
                                    "{} ({:.0}%)",
                                    c.visits,
                                    100.0 * c.visits as f64 / total as f64
                                )
                            };
                            [
                                if chosen {
                                    t.strong().color(theme::SELECT)
                                } else {
                                    t
                                },
                                RichText::new(visits),
                                RichText::new(format!("{:.0}%", 100.0 * c.mean)),
                            ]
                        });
                    decision_table(ui, ["considered", "visits", "value"], rows.collect());
                }
                None if !session.is_thinking() => {
                    ui.label(
                        RichText::new("No decision yet.")
                            .small()
                            .color(theme::MUTED),
                    );
                }
                None => {}
            }
        });
    }
}

/// The widths of a decision table's number columns (visits, value), in points.
const NUMBER_COLUMNS: [f32; 2] = [84.0, 38.0];
/// The room between two columns.
const COLUMN_GAP: f32 = 8.0;

/// The widths of a decision table's columns in `width`: the decision takes what the two
/// number columns leave.
fn decision_columns(width: f32) -> [f32; 3] {
    let [visits, value] = NUMBER_COLUMNS;
    [
        (width - visits - value - 2.0 * COLUMN_GAP).max(40.0),
        visits,
        value,
    ]
}

/// Decisions in three columns that never run into each other: the decision, cut short
/// with its whole text on hover, then its visits and its value, right-aligned in columns
/// of their own; striped, under a muted head.
fn decision_table(ui: &mut Ui, heads: [&str; 3], rows: Vec<[RichText; 3]>) {
    let widths = decision_columns(ui.available_width());
    let height = ui.text_style_height(&egui::TextStyle::Small) + 4.0;
    let head = heads.map(|h| RichText::new(h).color(theme::MUTED));
    for (i, cells) in std::iter::once(head).chain(rows).enumerate() {
        let stripe = ui.painter().add(egui::Shape::Noop);
        let row = ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = COLUMN_GAP;
            for (k, (cell, w)) in cells.into_iter().zip(widths).enumerate() {
                let layout = if k == 0 {
                    egui::Layout::left_to_right(egui::Align::Center)
                } else {
                    egui::Layout::right_to_left(egui::Align::Center)
                };
                ui.allocate_ui_with_layout(egui::vec2(w, height), layout, |ui| {
                    ui.set_width(w);
                    ui.add(egui::Label::new(cell.small()).truncate());
                });
            }
        });
        if i % 2 == 0 && i > 0 {
            ui.painter().set(
                stripe,
                egui::Shape::rect_filled(
                    row.response.rect,
                    egui::CornerRadius::same(2),
                    ui.visuals().faint_bg_color,
                ),
            );
        }
    }
}
