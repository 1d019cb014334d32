//! The Dice Game's side panel: the rules button, every seat with its VP, cards claimed
//! and tokens left, what the AI considered for its last decision, the next game's seats
//! (2 to 6, each a person or an AI at a level or `mcts:N`) and difficulty, the AI's pace,
//! and the log.

use ai::Level;
use dice_game::card::Difficulty;
use dice_game::game::TOKENS;
use eframe::egui::{self, RichText, Ui};

use super::dice_game_table::DiceGameView;
use super::theme;
use dice_game::table::setup::{AiLevel, Seat};

/// Draws the panel; returns the set-up of a new game when the person starts one.
pub fn ui(view: &mut DiceGameView, ui: &mut Ui) -> Option<dice_game::table::setup::DiceGameSetup> {
    ui.horizontal(|ui| {
        ui.heading("The Dice Game");
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .selectable_label(view.rules_open, "Rules")
                .on_hover_text("The rules in plain words")
                .clicked()
            {
                view.rules_open = !view.rules_open;
            }
        });
    });
    ui.label(
        RichText::new(
            "Claim cities and monuments for VP. Once a stack is empty the Round is played out; \
             most VP wins.",
        )
        .small()
        .color(theme::MUTED),
    );
    ui.separator();
    seats_ui(view, ui);
    if let Some(c) = view.table.considered() {
        ui.separator();
        considered_ui(view, ui, c.clone());
    }
    ui.separator();
    let started = new_game_ui(view, ui);
    ui.separator();
    log_ui(view, ui);
    started
}

fn seats_ui(view: &DiceGameView, ui: &mut Ui) {
    let t = &view.table;
    let g = t.game();
    egui::Grid::new("dice-game-seats")
        .num_columns(4)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            ui.label("");
            ui.label(RichText::new("VP").small().color(theme::MUTED));
            ui.label(RichText::new("cards").small().color(theme::MUTED));
            ui.label(RichText::new("tokens").small().color(theme::MUTED))
                .on_hover_text("Tokens not on a card: each marks progress on one card");
            ui.end_row();
            for p in 0..g.players() {
                let to_move = !g.is_over() && g.player() == p;
                let mut name = RichText::new(t.name(p)).color(theme::seat_color(p));
                if to_move || g.winner() == Some(p) {
                    name = name.strong();
                }
                let claimed: Vec<String> = g
                    .claimed(p)
                    .map(|c| format!("{} ({} VP)", g.card(c).name, g.card(c).vp))
                    .collect();
                let mut tip = if claimed.is_empty() {
                    "No card claimed yet".to_string()
                } else {
                    format!("Claimed: {}", claimed.join(", "))
                };
                if p == 0 {
                    tip.push_str("\nThe first player: the game ends before their next Turn once a stack is empty");
                }
                let sets = g.set_dice(p);
                if sets > 0 {
                    tip.push_str(&format!(
                        "\nSets {sets} {} before each roll (ongoing rule)",
                        if sets == 1 { "die" } else { "dice" }
                    ));
                }
                ui.horizontal(|ui| {
                    seat_disc(ui, p, to_move);
                    ui.label(name).on_hover_text(tip);
                });
                ui.label(g.vp(p).to_string());
                ui.label(g.cards_claimed(p).to_string());
                tokens_left(ui, p, g.tokens_left(p));
                ui.end_row();
            }
        });
}

fn considered_ui(view: &DiceGameView, ui: &mut Ui, c: dice_game::table::ai::Considered) {
    let chose = c
        .choices
        .iter()
        .find(|x| x.chosen)
        .map_or(c.chose.to_string(), |x| x.words.clone());
    ui.label(RichText::new("The AI").strong());
    ui.label(RichText::new(format!("{} chose: {chose}", view.table.name(c.seat))).small());
    if c.iterations == 0 {
        return;
    }
    ui.label(
        RichText::new(format!(
            "{} iterations in {:.2} s; each choice's share of games won in the search:",
            c.iterations,
            c.elapsed.as_secs_f64()
        ))
        .small()
        .color(theme::MUTED),
    );
    egui::Grid::new("dice-game-ai")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            for x in &c.choices {
                let text = RichText::new(&x.words).small();
                ui.label(if x.chosen {
                    text.strong().color(theme::SELECT)
                } else {
                    text
                });
                match x.searched {
                    Some((visits, mean)) => {
                        ui.label(RichText::new(format!("{:.1}%", 100.0 * mean)).small());
                        ui.label(RichText::new(format!("{visits} tries")).small());
                    }
                    None => {
                        ui.label(RichText::new("-").small());
                        ui.label("");
                    }
                }
                ui.end_row();
            }
        });
}

/// Seat `seat`'s token before its name, ringed when the seat is to play.
fn seat_disc(ui: &mut Ui, seat: usize, to_move: bool) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
    super::dice_game_pieces::token(ui.painter(), rect.center(), 5.5, theme::seat_color(seat));
    if to_move {
        ui.painter()
            .circle_stroke(rect.center(), 7.5, egui::Stroke::new(2.0, theme::SELECT));
    }
}

/// A seat's tokens: filled for each not placed, hollow for each on a card.
fn tokens_left(ui: &mut Ui, seat: usize, left: u8) {
    let (rect, resp) = ui.allocate_exact_size(
        egui::vec2(14.0 * f32::from(TOKENS), 14.0),
        egui::Sense::hover(),
    );
    resp.on_hover_text(format!("{left} of {TOKENS} tokens not on a card"));
    let p = ui.painter();
    for i in 0..TOKENS {
        let c = rect.left_center() + egui::vec2(7.0 + 14.0 * f32::from(i), 0.0);
        if i < left {
            super::dice_game_pieces::token(p, c, 5.0, theme::seat_color(seat));
        } else {
            p.circle_stroke(c, 5.0, egui::Stroke::new(1.0, theme::seat_color(seat)));
        }
    }
}

/// The name of a seat's choice in its list.
fn seat_text(s: Seat) -> String {
    match s {
        Seat::Person => "a person".into(),
        Seat::Ai(AiLevel::Iterations(_)) => "AI: mcts:N".into(),
        Seat::Ai(l) => format!("AI: {l}"),
    }
}

fn new_game_ui(
    view: &mut DiceGameView,
    ui: &mut Ui,
) -> Option<dice_game::table::setup::DiceGameSetup> {
    ui.label(RichText::new("New game").strong());
    let max = view.next.max_seats();
    let n = view.next.seats.len();
    let mut remove = None;
    for i in 0..n {
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("Seat {}", i + 1)).color(theme::seat_color(i)));
            let seat = &mut view.next.seats[i];
            let mut choice = *seat;
            let mut options = vec![Seat::Person];
            options.extend(AiLevel::OFFERED.map(Seat::Ai));
            let iterations = match seat {
                Seat::Ai(AiLevel::Iterations(k)) => *k,
                _ => AiLevel::DEFAULT_ITERATIONS,
            };
            options.push(Seat::Ai(AiLevel::Iterations(iterations)));
            egui::ComboBox::from_id_salt(("dice-game-seat", i))
                .selected_text(seat_text(*seat))
                .width(130.0)
                .show_ui(ui, |ui| {
                    for o in options {
                        let r = ui.selectable_value(&mut choice, o, seat_text(o));
                        if let Seat::Ai(l) = o {
                            r.on_hover_text(l.describe());
                        }
                    }
                });
            *seat = choice;
            if let Seat::Ai(AiLevel::Iterations(k)) = seat {
                ui.add(
                    egui::DragValue::new(k)
                        .range(1..=ai::level::MAX_SPEC_ITERATIONS)
                        .speed(50.0)
                        .suffix(" it"),
                )
                .on_hover_text("Search iterations a decision");
            }
            if n > 2
                && ui
                    .small_button("remove")
                    .on_hover_text("Remove this seat")
                    .clicked()
            {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        view.next.seats.remove(i);
    }
    ui.label(
        RichText::new(dice_game::table::words::how_it_ends(view.next.seats.len()))
            .small()
            .color(theme::MUTED),
    );
    ui.horizontal(|ui| {
        if ui
            .add_enabled(view.next.seats.len() < max, egui::Button::new("Add a seat"))
            .on_disabled_hover_text(format!("The deck deals for {max} players at most"))
            .clicked()
        {
            view.next
                .seats
                .push(Seat::Ai(AiLevel::Search(Level::Normal)));
        }
        egui::ComboBox::from_id_salt("dice-game-difficulty")
            .selected_text(format!("{} side", view.next.difficulty))
            .show_ui(ui, |ui| {
                for d in [Difficulty::Easy, Difficulty::Hard] {
                    let nukes = view.next.deck.difficulty_nukes(d);
                    ui.selectable_value(&mut view.next.difficulty, d, format!("{d} side"))
                        .on_hover_text(format!(
                            "The difficulty card shows {nukes} Nuke symbol{}",
                            if nukes == 1 { "" } else { "s" }
                        ));
                }
            })
            .response
            .on_hover_text("The side of the difficulty card that shows");
    });
    let mut started = None;
    if ui
        .button("Start a new game")
        .on_hover_text(format!("Deals from {}", view.next.deck.name))
        .clicked()
    {
        let mut setup = view.next.clone();
        setup.seed = view.table.setup.seed.wrapping_add(1);
        started = Some(setup);
    }
    let mut ms = view.table.ai_delay.as_millis() as u32;
    if ui
        .add(
            egui::Slider::new(&mut ms, 0..=2000)
                .step_by(50.0)
                .text("ms before each AI decision"),
        )
        .changed()
    {
        view.table.ai_delay = std::time::Duration::from_millis(u64::from(ms));
    }
    ui.label(
        RichText::new(format!("seed {}", view.table.setup.seed))
            .small()
            .color(theme::MUTED),
    );
    started
}

fn log_ui(view: &DiceGameView, ui: &mut Ui) {
    ui.label(RichText::new("Log").strong());
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for line in view.table.log() {
                let mut text = RichText::new(&line.text).small();
                if line.heading {
                    text = text.strong();
                    if let Some(s) = line.seat {
                        text = text.color(theme::seat_color(s));
                    }
                }
                ui.label(text);
            }
        });
}
