//! Ten-Minute Takedown's side panel: the rules button, every seat with its points, pieces
//! and centre discs, whose turn it is, the next game's seats (2 to 4, each a person at an
//! aiming level or with assistance off, or the AI at a level) and seed, the AI's pace, and
//! the log.

use ai::Level;
use eframe::egui::{self, RichText, Ui};

use super::takedown_table::TakedownView;
use super::theme;
use takedown::layout::PLAYERS;
use takedown::pieces::Seat;
use takedown::table::setup::{AiSpec, Aiming, SeatKind, TakedownSetup};

/// Draws the panel; returns the set-up of a new game when the person starts one.
pub fn ui(view: &mut TakedownView, ui: &mut Ui) -> Option<TakedownSetup> {
    ui.horizontal(|ui| {
        ui.heading("Ten-Minute Takedown");
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
            "Flick the die from your saucer onto the targets and claim their pieces; a matching \
             icon flips a piece for more points.",
        )
        .small()
        .color(theme::MUTED),
    );
    ui.separator();
    seats_ui(view, ui);
    ui.separator();
    let started = new_game_ui(view, ui);
    ui.separator();
    log_ui(view, ui);
    started
}

fn seats_ui(view: &TakedownView, ui: &mut Ui) {
    let t = &view.table;
    let g = view.shown_game();
    let over = g.is_over();
    let winner = t.result().and_then(|r| r.winner).filter(|_| over);
    egui::Grid::new("takedown-seats")
        .num_columns(4)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            ui.label("");
            ui.label(RichText::new("points").small().color(theme::MUTED));
            ui.label(RichText::new("pieces").small().color(theme::MUTED));
            ui.label(RichText::new("centre discs").small().color(theme::MUTED));
            ui.end_row();
            for p in 0..g.players() {
                let seat = Seat(p as u8);
                let to_shoot = !g.is_over() && g.turn() == seat;
                let mut name = RichText::new(t.name(p)).color(theme::seat_color(p));
                if to_shoot || winner == Some(seat) {
                    name = name.strong();
                }
                let pile: Vec<String> = g.pile(seat).iter().map(|c| c.to_string()).collect();
                let tip = if pile.is_empty() {
                    "No piece claimed yet".to_string()
                } else {
                    format!("Claimed: {}", pile.join("; "))
                };
                ui.horizontal(|ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
                    ui.painter()
                        .circle_filled(rect.center(), 6.0, theme::seat_color(p));
                    if to_shoot {
                        ui.painter().circle_stroke(
                            rect.center(),
                            8.0,
                            egui::Stroke::new(2.0, theme::SELECT),
                        );
                    }
                    ui.label(name).on_hover_text(tip);
                });
                let s = g.score(seat);
                ui.label(s.points.0.to_string());
                ui.label(s.pieces.to_string());
                ui.label(s.centres.to_string());
                ui.end_row();
            }
        });
    let line = if over {
        "The game is over.".to_string()
    } else {
        format!(
            "{} to shoot; {} pieces left; shot {}",
            t.name(g.turn().index()),
            g.pieces_left(),
            g.shots() + 1
        )
    };
    ui.label(RichText::new(line).small().color(theme::MUTED));
}

/// The scripted players a seat may have beside the aiming AI's levels.
const SCRIPTED: [&str; 2] = ["centre", "random"];

/// A seat's choice in its list.
fn seat_text(s: &SeatKind) -> String {
    match s {
        SeatKind::Person(_) => "a person".into(),
        SeatKind::Ai(spec) => match spec.level() {
            Some(l) => format!("AI: {}", l.name()),
            None => format!("AI: {spec}"),
        },
    }
}

fn new_game_ui(view: &mut TakedownView, ui: &mut Ui) -> Option<TakedownSetup> {
    ui.label(RichText::new("New game").strong());
    let layout = view.next.layout.clone();
    let n = view.next.seats.len();
    let mut remove = None;
    for i in 0..n {
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("Seat {}", i + 1)).color(theme::seat_color(i)));
            let seat = &mut view.next.seats[i];
            let mut choice = seat.clone();
            let aiming = match seat {
                SeatKind::Person(a) => *a,
                SeatKind::Ai(_) => Aiming::Level(Level::Normal),
            };
            let mut options = vec![SeatKind::Person(aiming)];
            options.extend(Level::ALL.map(|l| SeatKind::Ai(AiSpec::at(l))));
            // The scripted players too: a steady opponent, and one that flicks anywhere.
            for scripted in SCRIPTED {
                if let Ok(spec) = scripted.parse::<AiSpec>() {
                    options.push(SeatKind::Ai(spec));
                }
            }
            egui::ComboBox::from_id_salt(("takedown-seat", i))
                .selected_text(seat_text(seat))
                .width(110.0)
                .show_ui(ui, |ui| {
                    for o in options {
                        let text = seat_text(&o);
                        let tip = match &o {
                            SeatKind::Person(_) => "A person at this screen".to_string(),
                            SeatKind::Ai(spec) => match spec.as_str() {
                                "centre" => "Flicks straight at the nearest target's centre, \
                                             straying as at normal"
                                    .to_string(),
                                "random" => "Flicks anywhere on the table".to_string(),
                                _ => format!(
                                    "Aims by simulation ({spec}); its flicks stray with its \
                                     level's noise"
                                ),
                            },
                        };
                        ui.selectable_value(&mut choice, o, text).on_hover_text(tip);
                    }
                });
            *seat = choice;
            if let SeatKind::Person(a) = seat {
                let mut chosen = *a;
                egui::ComboBox::from_id_salt(("takedown-aiming", i))
                    .selected_text(match chosen {
                        Aiming::Off => "assistance off".to_string(),
                        l => format!("aiming {l}"),
                    })
                    .width(110.0)
                    .show_ui(ui, |ui| {
                        for o in Aiming::ALL {
                            let text = match o {
                                Aiming::Off => "assistance off".to_string(),
                                l => format!("aiming {l}"),
                            };
                            ui.selectable_value(&mut chosen, o, text)
                                .on_hover_text(o.describe(&layout));
                        }
                    })
                    .response
                    .on_hover_text("How much the person's flicks stray: the AI's noise at a level");
                *a = chosen;
            }
            if n > *PLAYERS.start()
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
    let mut started = None;
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                view.next.seats.len() < *PLAYERS.end(),
                egui::Button::new("Add a seat"),
            )
            .on_disabled_hover_text("Ten-Minute Takedown is for 2 to 4 players")
            .clicked()
        {
            view.next
                .seats
                .push(SeatKind::Ai(AiSpec::at(Level::Normal)));
        }
        ui.label("Seed");
        ui.add(egui::DragValue::new(&mut view.next.seed).speed(1.0))
            .on_hover_text(
                "Every die's placing, every flick's stray and the AI's aim derive from it",
            );
    });
    if ui
        .button("Start a new game")
        .on_hover_text("A new game with these seats and this seed")
        .clicked()
    {
        started = Some(view.next.clone());
    }
    let mut ms = view.table.ai_delay.as_millis() as u32;
    if ui
        .add(
            egui::Slider::new(&mut ms, 0..=2000)
                .step_by(50.0)
                .text("ms before each AI shot"),
        )
        .changed()
    {
        view.table.ai_delay = std::time::Duration::from_millis(u64::from(ms));
    }
    ui.label(
        RichText::new(format!("this game's seed {}", view.table.setup.seed))
            .small()
            .color(theme::MUTED),
    );
    started
}

fn log_ui(view: &TakedownView, ui: &mut Ui) {
    ui.label(RichText::new("Log").strong());
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for line in view.log_shown() {
                let mut text = RichText::new(&line.text).small();
                if let Some(s) = line.seat {
                    text = text.color(theme::seat_color(s));
                }
                if line.heading {
                    text = text.strong();
                }
                ui.label(text);
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scripted_players_offered_are_players_and_read_as_themselves() {
        for name in SCRIPTED {
            let spec: AiSpec = name.parse().expect("a player the table can seat");
            assert!(spec.player().name().starts_with(name));
            assert_eq!(seat_text(&SeatKind::Ai(spec)), format!("AI: {name}"));
        }
    }
}
