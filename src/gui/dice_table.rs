//! Martian Dice at the table: a mode of the same window. The dice drawn as faces; click a
//! rolled face to set that type aside; Roll and Stop, each with the exact expected score of
//! the Turn from here on hover and, with two players, the exact chance to win; every
//! player's total; AI opponents at a chosen level (the ladder's, whose `expert` plays
//! perfectly to win) with each choice they had and its chance to win; the rules a click away.

use eframe::egui::{
    self, Color32, CornerRadius, FontId, Pos2, RichText, Sense, Stroke, Ui, pos2, vec2,
};
use martian_dice::dice::Face;
use martian_dice::game::TARGET;
use martian_dice::table::{Considered, LEVELS, MartianDiceTable, dice_text, level_text, plural};
use martian_dice::turn::{TurnAction, choosable};

use super::theme;
use crate::table::describe::dice_count;
use martian_dice::table::DiceSetup;

/// Martian Dice in the window: the table ([`MartianDiceTable`]) and whether the rules are
/// shown.
pub struct DiceTable {
    pub table: MartianDiceTable,
    /// The rules window is open.
    pub rules_open: bool,
}

/// The window's table is the game's table, drawn: what it holds reads through.
impl std::ops::Deref for DiceTable {
    type Target = MartianDiceTable;
    fn deref(&self) -> &MartianDiceTable {
        &self.table
    }
}

impl std::ops::DerefMut for DiceTable {
    fn deref_mut(&mut self) -> &mut MartianDiceTable {
        &mut self.table
    }
}

impl DiceTable {
    pub fn new(setup: DiceSetup) -> Result<DiceTable, martian_dice::table::setup::SetupError> {
        Ok(DiceTable {
            table: MartianDiceTable::new(setup)?,
            rules_open: false,
        })
    }

    /// Draws the table; returns a new setup when the person asks for a new game.
    pub fn ui(&mut self, ui: &mut Ui) -> Option<DiceSetup> {
        self.table.tick();
        if self.table.is_thinking() {
            ui.ctx().request_repaint();
        } else if !self.table.game.is_over() && self.table.game.player != 0 {
            ui.ctx().request_repaint_after(
                self.table
                    .ai_delay
                    .saturating_sub(self.table.last_move.elapsed()),
            );
        }
        let mut new_game = None;
        let mut open = self.rules_open;
        super::dice_rules::window(ui.ctx(), &mut open);
        self.rules_open &= open;
        egui::Panel::right("dice-side")
            .default_size(330.0)
            .size_range(280.0..=520.0)
            .frame(egui::Frame::new().fill(theme::PANEL).inner_margin(8.0))
            .show(ui, |ui| {
                new_game = self.side_ui(ui);
            });
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::BACKGROUND)
                    .inner_margin(24.0),
            )
            .show(ui, |ui| {
                // The dice tray: felt inside a wooden rim.
                egui::Frame::new()
                    .fill(theme::DICE_FELT)
                    .stroke(Stroke::new(6.0, theme::TABLE_EDGE))
                    .corner_radius(CornerRadius::same(14))
                    .inner_margin(24.0)
                    .show(ui, |ui| {
                        ui.set_min_size(ui.available_size());
                        self.board_ui(ui);
                    });
            });
        new_game
    }

    fn side_ui(&mut self, ui: &mut Ui) -> Option<DiceSetup> {
        let mut out = None;
        ui.horizontal(|ui| {
            ui.heading("Martian Dice");
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .selectable_label(self.rules_open, "Rules")
                    .on_hover_text("How Martian Dice is played")
                    .clicked()
                {
                    self.rules_open = !self.rules_open;
                }
            });
        });
        ui.label(
            RichText::new(format!(
                "Most points wins once someone has {TARGET}: that Round is played out so \
                 everyone has as many Turns."
            ))
            .small()
            .color(theme::MUTED),
        );
        ui.add_space(6.0);
        for p in 0..self.table.game.players() {
            ui.horizontal(|ui| {
                let turn = p == self.table.game.player && !self.table.game.is_over();
                let name = RichText::new(self.table.name(p));
                ui.label(if turn {
                    name.strong().color(theme::SELECT)
                } else {
                    name
                });
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(RichText::new(format!("{} pts", self.table.game.scores[p])).strong());
                });
            });
            let share = (self.table.game.scores[p] as f32 / TARGET as f32).min(1.0);
            ui.add(egui::ProgressBar::new(share).desired_height(4.0));
        }
        ui.separator();
        ui.label(RichText::new("The AI").strong());
        if let Some((_, since)) = &self.table.thinking {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!(
                    "{} thinking… {:.1} s",
                    self.table.name(self.table.game.player),
                    since.elapsed().as_secs_f32()
                ));
            });
        }
        match &self.table.considered {
            Some(c) => {
                ui.label(
                    RichText::new(format!("{} chose: {}", self.table.name(c.who), c.chose)).small(),
                );
                considered_ui(ui, c);
            }
            None => {
                ui.label(
                    RichText::new("No decision yet.")
                        .small()
                        .color(theme::MUTED),
                );
            }
        }
        ui.separator();
        ui.label(RichText::new("New game").strong());
        let mut setup = self.table.setup.clone();
        ui.horizontal(|ui| {
            ui.label("Players");
            ui.add(egui::DragValue::new(&mut setup.players).range(2..=8));
        });
        egui::ComboBox::from_label("AI level")
            .selected_text(&setup.level)
            .show_ui(ui, |ui| {
                for l in LEVELS {
                    ui.selectable_value(&mut setup.level, l.to_string(), l)
                        .on_hover_text(level_text(l));
                }
            })
            .response
            .on_hover_text(level_text(&setup.level));
        if ui.button("Start a new game").clicked() {
            setup.seed = self.table.setup.seed.wrapping_add(1);
            out = Some(setup.clone());
        }
        self.table.setup.players = setup.players;
        self.table.setup.level = setup.level;
        ui.separator();
        ui.label(RichText::new("Log").strong());
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for line in &self.table.log {
                    ui.label(RichText::new(line).small());
                }
            });
        out
    }

    fn board_ui(&mut self, ui: &mut Ui) {
        if let Some(e) = &self.table.error {
            ui.colored_label(theme::BAD, e);
        }
        let who = self.table.game.player;
        if let Some(w) = self.table.game.winner {
            ui.heading(
                RichText::new(format!(
                    "{} won, {} points",
                    self.table.name(w),
                    self.table.game.scores[w]
                ))
                .color(theme::SELECT),
            );
            for (i, r) in self.table.game.tie_break.iter().enumerate() {
                let rolls: Vec<String> = r
                    .iter()
                    .map(|(p, n)| format!("{} {n}", self.table.name(*p)))
                    .collect();
                ui.label(format!(
                    "Tie-break {}: Death Rays rolled: {}",
                    i + 1,
                    rolls.join(", ")
                ));
            }
            return;
        }
        ui.heading(if who == 0 {
            "Your Turn".to_string()
        } else {
            format!("{}'s Turn", self.table.name(who))
        });
        let turn = self.table.game.turn;
        let chances = self.table.chances();
        ui.label(
            RichText::new(format!("Scores {} if it ends now.", turn.score())).color(theme::MUTED),
        );
        if let Some(best) = chances
            .as_ref()
            .and_then(|c| c.iter().map(|x| x.1).reduce(f64::max))
        {
            let whose = if who == 0 {
                "Your chance".to_string()
            } else {
                format!("{}'s chance", self.table.name(who))
            };
            ui.label(
                RichText::new(format!(
                    "{whose} to win: {:.1}%, with the best play on both sides from here.",
                    100.0 * best
                ))
                .color(theme::MUTED),
            )
            .on_hover_text(
                "Exact: the game of two players is solved, Turn by Turn, for the chance to win",
            );
        }
        ui.add_space(8.0);
        ui.label(RichText::new("Set aside this Turn").strong());
        ui.horizontal_wrapped(|ui| {
            for f in Face::ALL {
                for _ in 0..turn.aside.get(f) {
                    die_face(ui, f, 44.0, false);
                }
            }
            if turn.aside.total() == 0 {
                ui.label(RichText::new("nothing yet").color(theme::MUTED));
            }
        });
        if turn.aside.get(Face::Tank) > turn.aside.get(Face::Ray) {
            ui.label(RichText::new("More Tanks than Death Rays: this Turn scores nothing unless more Death Rays come.").color(theme::BAD));
        }
        ui.add_space(12.0);
        let person = self.table.persons_turn();
        if let Some(r) = turn.rolled {
            ui.label(
                RichText::new("On the table: click a face to set all of its dice aside").strong(),
            );
            let open: Vec<Face> = choosable(&turn.aside, &r).collect();
            let mut clicked = None;
            ui.horizontal_wrapped(|ui| {
                for f in Face::ALL {
                    for _ in 0..r.get(f) {
                        let can = person && open.contains(&f);
                        let resp = die_face(ui, f, 60.0, can);
                        let value = self.table.take_value(f);
                        let chance = MartianDiceTable::chance_of(&chances, TurnAction::Take(f));
                        let resp = resp.on_hover_text(match (can, value) {
                            (true, Some(v)) => format!(
                                "Take the {}: the Turn is then worth {v:.3} points at best{}",
                                plural(f),
                                chance_text(chance)
                            ),
                            _ if !open.contains(&f) => format!("{f}: already taken this Turn"),
                            _ => f.to_string(),
                        });
                        if can && resp.clicked() {
                            clicked = Some(f);
                        }
                    }
                }
            });
            if let Some(f) = clicked {
                self.table.decide(TurnAction::Take(f));
            }
        } else if let Some((_, t)) = self.table.last_roll.filter(|(p, _)| *p == who) {
            ui.label(RichText::new(format!("Last roll: {}", dice_text(&t))).color(theme::MUTED));
        }
        ui.add_space(16.0);
        let legal = self.table.game.legal();
        let (stop, roll) = self.table.stop_or_roll();
        ui.horizontal(|ui| {
            let can_roll = person && legal.contains(&TurnAction::Roll);
            // With dice on the table, a face is taken first.
            let roll_text = match turn.rolled {
                Some(_) => "Roll".to_string(),
                None => format!("Roll {}", dice_count(usize::from(turn.to_roll()))),
            };
            if ui
                .add_enabled(
                    can_roll,
                    egui::Button::new(RichText::new(roll_text).size(18.0)),
                )
                .on_hover_text(format!(
                    "Rolling on is worth {roll:.3} points at best (stopping: {stop:.0}){}",
                    chance_text(MartianDiceTable::chance_of(&chances, TurnAction::Roll))
                ))
                .clicked()
            {
                self.table.decide(TurnAction::Roll);
            }
            let can_stop = person && legal.contains(&TurnAction::Stop);
            if ui
                .add_enabled(
                    can_stop,
                    egui::Button::new(
                        RichText::new(format!("Stop and score {stop:.0}")).size(18.0),
                    ),
                )
                .on_hover_text(format!(
                    "Stopping scores {stop:.0}; rolling on is worth {roll:.3} at best{}",
                    chance_text(MartianDiceTable::chance_of(&chances, TurnAction::Stop))
                ))
                .clicked()
            {
                self.table.decide(TurnAction::Stop);
            }
        });
    }
}

/// The AI's choices as a table: decision, chance to win, the search's visits.
fn considered_ui(ui: &mut Ui, c: &Considered) {
    let searched = c.choices.iter().any(|x| x.visits.is_some());
    let chance_head = if c.exact {
        "chance to win"
    } else {
        "estimated chance"
    };
    // Columns kept apart, so a choice never runs into its chance.
    egui::Grid::new("dice-ai")
        .num_columns(3)
        .spacing([14.0, 2.0])
        .min_col_width(40.0)
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new("choice").small().color(theme::MUTED));
            ui.label(RichText::new(chance_head).small().color(theme::MUTED))
                .on_hover_text(if c.exact {
                    "Exact, from the solved game of two players: the chance to win after this \
                     choice, both playing to win from there"
                } else {
                    "The search's estimate: the two-player chance against the leader"
                });
            ui.label(
                RichText::new(if searched { "searched" } else { "" })
                    .small()
                    .color(theme::MUTED),
            );
            ui.end_row();
            for x in &c.choices {
                let text = RichText::new(&x.decision).small();
                ui.label(if x.chosen {
                    text.strong().color(theme::SELECT)
                } else {
                    text
                });
                ui.label(
                    RichText::new(
                        x.chance
                            .map_or("-".into(), |p| format!("{:.1}%", 100.0 * p)),
                    )
                    .small(),
                );
                ui.label(RichText::new(x.visits.map_or(String::new(), |v| v.to_string())).small());
                ui.end_row();
            }
        });
}

/// ", your chance to win then: 48.2%" with two players, once solved; else nothing.
fn chance_text(chance: Option<f64>) -> String {
    chance.map_or(String::new(), |p| {
        format!("; the chance to win then: {:.1}%", 100.0 * p)
    })
}

/// The colour of a face's die.
fn face_color(f: Face) -> Color32 {
    match f {
        Face::Tank => theme::DIE_TANK,
        Face::Ray => theme::DIE_RAY,
        Face::Human => theme::DIE_HUMAN,
        Face::Cow => theme::DIE_COW,
        Face::Chicken => theme::DIE_CHICKEN,
    }
}

/// One die showing `f`, drawn with the painter: a tank, a ray's zigzag, a person, a cow's
/// head, a chicken. `active`: it can be clicked.
pub fn die_face(ui: &mut Ui, f: Face, size: f32, active: bool) -> egui::Response {
    let sense = if active {
        Sense::click()
    } else {
        Sense::hover()
    };
    let (rect, resp) = ui.allocate_exact_size(vec2(size, size), sense);
    let label = f.to_string();
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, active, &label));
    let p = ui.painter();
    let lift = if active && resp.hovered() { 2.0 } else { 0.0 };
    let rect = rect.translate(vec2(0.0, -lift));
    p.rect_filled(
        rect.translate(vec2(2.0, 2.0)),
        CornerRadius::same(6),
        theme::DICE_SHADOW,
    );
    p.rect_filled(rect, CornerRadius::same(6), theme::DICE_FACE);
    let stroke = if active {
        Stroke::new(2.0, theme::SELECT)
    } else {
        Stroke::new(1.0, theme::DICE_EDGE)
    };
    p.rect_stroke(
        rect,
        CornerRadius::same(6),
        stroke,
        egui::StrokeKind::Inside,
    );
    let c = rect.center();
    let s = size / 48.0;
    let col = face_color(f);
    let dark = Stroke::new(2.0 * s, theme::DICE_INK);
    let at = |x: f32, y: f32| -> Pos2 { pos2(c.x + x * s, c.y + y * s) };
    match f {
        Face::Tank => {
            p.rect_filled(
                egui::Rect::from_min_max(at(-14.0, 0.0), at(14.0, 10.0)),
                CornerRadius::same(3),
                col,
            );
            p.rect_filled(
                egui::Rect::from_min_max(at(-7.0, -8.0), at(6.0, 1.0)),
                CornerRadius::same(2),
                col,
            );
            p.line_segment([at(5.0, -4.0), at(18.0, -8.0)], Stroke::new(3.0 * s, col));
        }
        Face::Ray => {
            let pts = vec![
                at(-10.0, -14.0),
                at(2.0, -2.0),
                at(-4.0, 0.0),
                at(10.0, 14.0),
            ];
            p.add(egui::Shape::line(pts, Stroke::new(4.0 * s, col)));
        }
        Face::Human => {
            p.circle_filled(at(0.0, -10.0), 5.0 * s, col);
            p.line_segment([at(0.0, -5.0), at(0.0, 7.0)], Stroke::new(3.0 * s, col));
            p.line_segment([at(-8.0, -1.0), at(8.0, -1.0)], Stroke::new(3.0 * s, col));
            p.line_segment([at(0.0, 7.0), at(-6.0, 15.0)], Stroke::new(3.0 * s, col));
            p.line_segment([at(0.0, 7.0), at(6.0, 15.0)], Stroke::new(3.0 * s, col));
        }
        Face::Cow => {
            p.circle_filled(at(0.0, 2.0), 11.0 * s, col);
            p.circle_stroke(at(0.0, 2.0), 11.0 * s, dark);
            p.line_segment([at(-8.0, -6.0), at(-14.0, -13.0)], dark);
            p.line_segment([at(8.0, -6.0), at(14.0, -13.0)], dark);
            p.circle_filled(at(-4.0, 0.0), 1.8 * s, dark.color);
            p.circle_filled(at(4.0, 0.0), 1.8 * s, dark.color);
        }
        Face::Chicken => {
            p.circle_filled(at(-2.0, 4.0), 10.0 * s, col);
            p.circle_filled(at(6.0, -8.0), 5.0 * s, col);
            p.add(egui::Shape::convex_polygon(
                vec![at(10.0, -9.0), at(16.0, -7.0), at(10.0, -5.0)],
                theme::CHICKEN_BEAK,
                Stroke::NONE,
            ));
        }
    }
    if size >= 40.0 {
        p.text(
            rect.center_bottom() - vec2(0.0, 2.0),
            egui::Align2::CENTER_BOTTOM,
            f.name(),
            FontId::proportional(9.0),
            theme::MUTED,
        );
    }
    resp
}
