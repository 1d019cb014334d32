//! The left panel of a game over the network, in place of the log at home: the
//! connection and who sits where, the codes to give friends when this window hosts, a
//! request to take back a decision, the chat, and the log as this seat sees it (the
//! host's words; a decision this seat may not see is not there).

use eframe::egui::{self, RichText, Ui};

use crate::rules::Side;
use crate::table::describe::side_title;
use net::protocol::{Seat, SeatState};
use net::remote_table::LinkState;

use super::network_window::address_on_the_network;
use super::panel::section;
use super::remote_game::{RemoteGame, seat_words};
use super::theme;

/// How a seat's state reads.
fn seat_state_words(s: SeatState) -> &'static str {
    match s {
        SeatState::Ai => "the AI",
        SeatState::Open => "waiting for a person to join",
        SeatState::Present => "at the table",
        SeatState::Away => "away (the seat is kept)",
        SeatState::StandIn => "away: the AI plays for them",
    }
}

/// A position to look back at (an index of the table's positions shown), or `None`: back
/// to the game.
pub type LookBack = Option<usize>;

/// Draws the panel; a look back asked for, to carry out on the board's session after the
/// frame.
pub fn ui(ui: &mut Ui, game: &mut RemoteGame) -> Option<LookBack> {
    let mut asked = None;
    ui.heading("Network game");
    ui.label(format!("You are {}.", seat_words(game.table.seat())));
    connection_ui(ui, game);
    if game.hosted.is_some() {
        codes_ui(ui, game);
    }
    undo_ui(ui, game);
    look_back_ui(ui, game, &mut asked);
    chat_ui(ui, game);
    ui.label(RichText::new("Log").strong().color(theme::LABEL));
    egui::ScrollArea::vertical()
        .id_salt("remote-log")
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| log_ui(ui, game));
    asked
}

fn connection_ui(ui: &mut Ui, game: &mut RemoteGame) {
    section(ui, "At the table", |ui| {
        let seats = game.table.seats();
        for side in Side::BOTH {
            ui.label(format!(
                "The {}: {}",
                side_title(side),
                seat_state_words(seats.of(side))
            ));
        }
        if seats.spectators > 0 {
            ui.label(format!("{} watching", seats.spectators));
        }
        match game.table.link_state().clone() {
            LinkState::Connected => {
                ui.colored_label(theme::GOOD, "Connected to the host");
            }
            LinkState::Closed { why, .. } => {
                ui.colored_label(theme::BAD, format!("The connection closed: {why}"));
                if game.hosted.is_none() && ui.button("Join again").clicked() {
                    game.rejoin();
                }
            }
        }
    });
}

/// The codes of the seats friends take, and where they join, when this window hosts.
fn codes_ui(ui: &mut Ui, game: &RemoteGame) {
    let Some(host) = &game.hosted else { return };
    section(ui, "Friends join with", |ui| {
        let port = host.address().port();
        let ip = if host.address().ip().is_unspecified() {
            address_on_the_network().unwrap_or(host.local_address().ip())
        } else {
            host.address().ip()
        };
        ui.label(format!("Address: {ip}:{port}"));
        let codes = host.codes();
        for seat in Seat::ALL {
            if seat == game.table.seat() {
                continue;
            }
            if let Some(code) = codes.of(seat) {
                ui.horizontal(|ui| {
                    ui.label(format!("{}:", seat_words(seat)));
                    ui.label(RichText::new(code.to_string()).monospace().strong());
                });
            }
        }
        ui.label(
            RichText::new(format!(
                "or on the command line: mars-attacks join {ip}:{port} CODE"
            ))
            .small()
            .color(theme::MUTED),
        );
    });
}

fn undo_ui(ui: &mut Ui, game: &mut RemoteGame) {
    let Some(side) = game.table.seat().side() else {
        return;
    };
    if game.table.state().is_over() {
        return;
    }
    if let Some(by) = game.table.undo_asked().filter(|by| *by != side) {
        section(ui, "Take back", |ui| {
            ui.label(format!(
                "The {} ask to take back their last decision.",
                side_title(by)
            ));
            if ui.button("Agree").clicked() {
                game.ask_undo();
            }
        });
    } else if ui
        .button("Ask to take back my last decision")
        .on_hover_text(
            "Against the AI it is done at once; a friend is asked to agree. Never past a roll \
             or a draw.",
        )
        .clicked()
    {
        game.ask_undo();
    }
    ui.add_space(4.0);
}

/// Stepping back through the positions this table was shown, as it was shown them.
fn look_back_ui(ui: &mut Ui, game: &RemoteGame, asked: &mut Option<LookBack>) {
    let n = game.table.seen().len();
    if n < 2 {
        return;
    }
    section(ui, "Look back", |ui| {
        let last = n - 1;
        let mut k = game.looking_back().unwrap_or(last);
        let slider = egui::Slider::new(&mut k, 0..=last)
            .text("positions shown")
            .integer();
        if ui
            .add(slider)
            .on_hover_text("Every position this table was sent, as it was sent: nothing more")
            .changed()
        {
            *asked = Some((k < last).then_some(k));
        }
        if game.looking_back().is_some() {
            ui.horizontal(|ui| {
                ui.colored_label(theme::LABEL, "Looking back: nothing can be decided.");
                if ui.button("Back to the game").clicked() {
                    *asked = Some(None);
                }
            });
        }
    });
}

fn chat_ui(ui: &mut Ui, game: &mut RemoteGame) {
    section(ui, "Chat", |ui| {
        for line in game.table.chat().iter().rev().take(6).rev() {
            ui.label(format!(
                "{}: {}",
                seat_words(line.from),
                String::from(line.text.clone())
            ));
        }
        ui.horizontal(|ui| {
            let r = ui.add(
                egui::TextEdit::singleline(&mut game.chat)
                    .desired_width(ui.available_width() - 60.0)
                    .hint_text("say something"),
            );
            let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Send").clicked() || enter {
                game.say();
            }
        });
        if let Some(p) = &game.problem {
            ui.colored_label(theme::BAD, p);
        }
    });
}

fn log_ui(ui: &mut Ui, game: &RemoteGame) {
    let mut n = 0;
    for entry in game.table.log() {
        match (&entry.decision, entry.by) {
            (Some(d), Some(by)) => {
                n += 1;
                ui.label(RichText::new(format!("{n}. {}: {}", side_title(by), d.words)).strong());
            }
            (None, None) => {
                ui.collapsing(format!("The set-up ({} steps)", entry.events.len()), |ui| {
                    for ev in &entry.events {
                        ui.label(RichText::new(&ev.text).small().color(theme::MUTED));
                    }
                });
                continue;
            }
            _ => {}
        }
        for ev in &entry.events {
            ui.label(
                RichText::new(format!("  {}", ev.text))
                    .small()
                    .color(theme::MUTED),
            );
        }
    }
}
