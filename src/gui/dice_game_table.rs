//! Mars Attacks: The Dice Game at the table, a mode of the same window (its button in the
//! top bar, or `mars-attacks dice-game play`): the cards in play on their stacks with the
//! players' tokens and their Nuke symbols, the difficulty card, the ten dice drawn as
//! faces; a card clicked is the target and the dice roll, Martians clicked (or the button)
//! roll again, Stop records the progress; the exact odds on hover; 2 to 6 seats of people
//! and AIs (the side panel, [`super::dice_game_side`]); the end of the game with its
//! tie-breaks; the rules a click away ([`super::dice_game_rules`]).
//!
//! The game itself, its generator, its AI thread and its log are
//! [`crate::table::dice_game`]'s: this file only draws them and hands it the clicks.

use dice_game::dice::{DICE, Symbol, Tally};
use dice_game::game::STACKS;
use dice_game::turn::{Action, Phase};
use eframe::egui::{self, CornerRadius, RichText, Stroke, Ui};

use super::dice_game_pieces::{
    CardLook, DieLook, card_size, die, difficulty_card, empty_stack, location_card,
};
use super::theme;
use crate::table::describe::dice_count;
use dice_game::table::error::SetupError;
use dice_game::table::setup::DiceGameSetup;
use dice_game::table::words::{odds_words, possessive, result_words, standings};
use dice_game::table::{DiceGameTable, Ending};

/// The Dice Game's mode of the window.
pub struct DiceGameView {
    pub table: DiceGameTable,
    /// The rules window is open.
    pub rules_open: bool,
    /// The next game's set-up, as the side panel edits it.
    pub next: DiceGameSetup,
    /// Why the person's last click was refused (until the next decision is played).
    pub refusal: Option<String>,
    /// The decisions made when it was refused.
    refused_at: usize,
}

impl DiceGameView {
    pub fn new(setup: DiceGameSetup) -> Result<DiceGameView, SetupError> {
        let next = setup.clone();
        Ok(DiceGameView {
            table: DiceGameTable::new(setup)?,
            rules_open: false,
            next,
            refusal: None,
            refused_at: 0,
        })
    }

    /// A person's decision, from a click: played, or its refusal shown.
    pub fn decide(&mut self, a: Action) {
        self.refusal = self.table.decide(a).err().map(|e| e.to_string());
        self.refused_at = self.table.decisions().len();
        if let Some(r) = &mut self.refusal {
            let mut first = r.chars();
            if let Some(c) = first.next() {
                *r = c.to_uppercase().collect::<String>() + first.as_str();
            }
        }
    }

    /// Draws the mode; returns a set-up when the person starts a new game.
    pub fn ui(&mut self, ui: &mut Ui) -> Option<DiceGameSetup> {
        self.table.tick();
        if self.table.decisions().len() != self.refused_at {
            self.refusal = None;
        }
        match self.table.wake_in() {
            Some(w) if w.is_zero() => ui.ctx().request_repaint(),
            Some(w) => ui.ctx().request_repaint_after(w),
            None => {}
        }
        let mut open = self.rules_open;
        super::dice_game_rules::window(ui.ctx(), &mut open);
        self.rules_open &= open;
        let mut new_game = None;
        egui::Panel::right("dice-game-side")
            .default_size(340.0)
            .size_range(290.0..=520.0)
            .frame(egui::Frame::new().fill(theme::PANEL).inner_margin(8.0))
            .show(ui, |ui| {
                new_game = super::dice_game_side::ui(self, ui);
            });
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::BACKGROUND)
                    .inner_margin(18.0),
            )
            .show(ui, |ui| {
                egui::Frame::new()
                    .fill(theme::DICE_FELT)
                    .stroke(Stroke::new(6.0, theme::TABLE_EDGE))
                    .corner_radius(CornerRadius::same(14))
                    .inner_margin(18.0)
                    .show(ui, |ui| {
                        ui.set_min_size(ui.available_size());
                        egui::ScrollArea::vertical()
                            .auto_shrink([false, false])
                            .show(ui, |ui| self.board_ui(ui));
                    });
            });
        new_game
    }

    fn board_ui(&mut self, ui: &mut Ui) {
        if let Some(e) = self.table.error() {
            ui.colored_label(theme::BAD, format!("The game waits: {e}"));
        }
        self.heading_ui(ui);
        ui.add_space(8.0);
        self.cards_ui(ui);
        ui.add_space(6.0);
        self.dice_ui(ui);
        ui.add_space(10.0);
        if self.table.game().is_over() {
            self.result_ui(ui);
        } else {
            self.decisions_ui(ui);
        }
        if let Some(r) = &self.refusal {
            ui.add_space(6.0);
            ui.colored_label(theme::BAD, r);
        }
        ui.add_space(14.0);
        self.claimed_ui(ui);
    }

    /// The cards each seat has claimed, face up in front of it.
    fn claimed_ui(&self, ui: &mut Ui) {
        let t = &self.table;
        let g = t.game();
        if (0..g.players()).all(|p| g.cards_claimed(p) == 0) {
            return;
        }
        ui.label(RichText::new("Cards claimed").strong());
        for p in 0..g.players() {
            if g.cards_claimed(p) == 0 {
                continue;
            }
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(format!("{}, {} VP:", t.name(p), g.vp(p)))
                        .color(theme::seat_color(p)),
                );
                for c in g.claimed(p) {
                    claimed_chip(ui, g.card(c));
                }
            });
        }
    }

    fn heading_ui(&self, ui: &mut Ui) {
        let t = &self.table;
        let g = t.game();
        if let Some(w) = g.winner() {
            ui.heading(
                RichText::new(format!("The winner: {}, {} VP", t.name(w), g.vp(w)))
                    .color(theme::SELECT),
            );
            return;
        }
        let who = g.player();
        let mut head = format!("{} Turn", possessive(&t.name(who)));
        if g.in_extra_turn() {
            head.push_str(" (an extra Turn)");
        }
        ui.heading(RichText::new(head).color(theme::seat_color(who)));
        let what = match g.turn.phase {
            Phase::Target if t.persons_decision() => {
                "Click a card in play to target it and roll the ten dice. Hover on a card for \
                 the exact odds."
                    .to_string()
            }
            Phase::Target => "Choosing a target.".into(),
            Phase::Prepare => {
                let left = g.set_dice(who) - g.turn.set.total();
                format!(
                    "Before rolling at {}: {left} {} to set to any symbol, as the ongoing rule \
                     allows, or roll.",
                    self.target_name(),
                    if left == 1 { "die" } else { "dice" }
                )
            }
            Phase::Decide => format!(
                "At {}: re-roll the Martians, or stop and record what the dice match.",
                self.target_name()
            ),
        };
        ui.label(RichText::new(what).color(theme::MUTED));
        if g.last_round() {
            ui.label(
                RichText::new(
                    "A stack is empty: this Round is the last; the game ends before the first \
                     player's next Turn.",
                )
                .color(theme::SELECT),
            );
        }
    }

    fn target_name(&self) -> String {
        let g = self.table.game();
        g.in_play(usize::from(g.turn.target))
            .map_or("the target".into(), |c| g.card(c).name.clone())
    }

    /// The dice the table shows: the Turn's, or the last Turn's until the next roll.
    fn dice_shown(&self) -> Option<(Tally, bool)> {
        let g = self.table.game();
        if g.turn.rolls > 0 {
            Some((g.turn.showing, false))
        } else {
            self.table
                .last_turn()
                .filter(|_| g.turn.phase == Phase::Target)
                .map(|e| (e.showing, true))
        }
    }

    fn cards_ui(&mut self, ui: &mut Ui) {
        let size = card_size(ui.available_width());
        let g = self.table.game().clone();
        let person = self.table.persons_decision();
        // The Nukes showing cover the Nuke symbols of the cards in play in order, the
        // difficulty card's last.
        let mut nukes_left = match self.dice_shown() {
            Some((t, false)) => t.nukes(),
            _ => 0,
        };
        let mut clicked = None;
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = 14.0;
            for s in 0..STACKS {
                let Some(c) = g.in_play(s) else {
                    empty_stack(ui, s, size);
                    continue;
                };
                let card = g.card(c);
                let covered = nukes_left.min(card.nukes);
                nukes_left -= covered;
                let is_target = g.turn.phase != Phase::Target && usize::from(g.turn.target) == s;
                let filling = is_target.then(|| {
                    let to = g.reach(s, g.turn.from, g.turn.showing);
                    (g.turn.from, to)
                });
                let tokens = (0..g.players())
                    .filter(|p| g.progress(s, *p) > 0)
                    .map(|p| (g.progress(s, p), p))
                    .collect();
                let marks = match card.rule {
                    Some(dice_game::card::Rule::NukedFirst(n)) => Some((g.marks(s), n)),
                    _ => None,
                };
                let look = CardLook {
                    card,
                    tokens,
                    filling,
                    covered,
                    marks,
                    target: is_target,
                    active: person && g.is_legal(Action::Target(s as u8)),
                    under: g.stack_len(s).saturating_sub(1),
                };
                let mut resp = location_card(ui, &look, size);
                if person {
                    // Any card answers a person's click: a target, or the reason it is not.
                    resp = resp.interact(egui::Sense::click());
                }
                let odds = if g.turn.phase == Phase::Target || is_target {
                    self.table.odds(s)
                } else {
                    None
                };
                let resp = resp.on_hover_ui(|ui| {
                    ui.set_max_width(380.0);
                    ui.label(
                        RichText::new(format!(
                            "{}: {} needing {}, {} VP, {} Nuke symbol{}",
                            card.name,
                            card.kind.name(),
                            card.needs(),
                            card.vp,
                            card.nukes,
                            if card.nukes == 1 { "" } else { "s" }
                        ))
                        .strong(),
                    );
                    if let Some(w) = card.rule_words() {
                        ui.label(w);
                    }
                    for p in 0..g.players() {
                        let at = g.progress(s, p);
                        if at > 0 {
                            ui.label(format!(
                                "{}: token on space {at} of {}",
                                self.table.name(p),
                                card.requirement()
                            ));
                        }
                    }
                    ui.label(
                        RichText::new(format!(
                            "{} card{} face down beneath",
                            g.stack_len(s) - 1,
                            if g.stack_len(s) == 2 { "" } else { "s" }
                        ))
                        .color(theme::MUTED),
                    );
                    if let Some(o) = &odds {
                        ui.separator();
                        for line in odds_words(o) {
                            ui.label(line);
                        }
                        let sets = g.set_dice(g.player());
                        if g.turn.phase == Phase::Target && sets > 0 {
                            ui.label(
                                RichText::new(format!(
                                    "These are the odds of rolling all ten; {} may set {sets} \
                                     first, and the odds on Roll count them.",
                                    self.table.name(g.player())
                                ))
                                .color(theme::MUTED),
                            );
                        }
                    }
                });
                if resp.clicked() {
                    clicked = Some(Action::Target(s as u8));
                }
            }
            let side = g.difficulty();
            let d = g.deck().difficulty_nukes(side);
            difficulty_card(ui, side.name(), d, nukes_left.min(d), size).on_hover_text(
                "The difficulty card is in play all game and cannot be targeted; its Nuke \
                 symbols count toward being nuked, like every card's in play.",
            );
        });
        if let Some(a) = clicked {
            self.decide(a);
        }
    }

    fn dice_ui(&mut self, ui: &mut Ui) {
        let g = self.table.game().clone();
        let person = self.table.persons_decision();
        let symbols = g.nuke_symbols();
        let Some((showing, faded)) = self.dice_shown() else {
            if g.turn.phase == Phase::Prepare {
                ui.label(format!(
                    "Dice set so far: {}; {} to roll.",
                    g.turn.set,
                    DICE - g.turn.set.total()
                ));
            } else {
                ui.label(
                    RichText::new(format!(
                        "{symbols} Nuke symbols in play: a roll showing {symbols} Nukes or more \
                         nukes the player."
                    ))
                    .color(theme::MUTED),
                );
            }
            return;
        };
        if faded {
            if let Some(end) = self.table.last_turn() {
                let color = match end.ending {
                    Ending::Nuked => theme::BAD,
                    Ending::Claimed => theme::GOOD,
                    _ => theme::TEXT,
                };
                ui.label(RichText::new(&end.text).color(color));
            }
        } else {
            ui.label(format!(
                "Nukes showing: {} of the {symbols} Nuke symbols in play.",
                showing.nukes()
            ));
        }
        let one_roll = g
            .in_play(usize::from(g.turn.target))
            .is_some_and(|c| g.card(c).one_roll());
        let reroll = !faded && person && g.turn.phase == Phase::Decide;
        let mut clicked = false;
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 8.0;
            for x in [Symbol::RayGun, Symbol::Nuke, Symbol::Martian] {
                let set = if x != Symbol::Martian || g.turn.rolls == 1 {
                    g.turn.set.get(x)
                } else {
                    0
                };
                for i in 0..showing.get(x) {
                    let look = DieLook {
                        active: reroll && x == Symbol::Martian,
                        set: !faded && i < set,
                        faded,
                    };
                    let resp = die(ui, x, 50.0, look);
                    let resp = match x {
                        Symbol::Martian if reroll => {
                            resp.on_hover_text("Click to re-roll every Martian")
                        }
                        Symbol::Martian if one_roll && !faded => resp.on_hover_text(
                            "This card counts Martians: they are kept, not re-rolled",
                        ),
                        Symbol::Martian => resp.on_hover_text("Martians are re-rolled to go on"),
                        Symbol::RayGun => resp.on_hover_text("Ray Guns are kept"),
                        Symbol::Nuke => resp.on_hover_text(
                            "Nukes are kept, and cover the Nuke symbols of the cards in play",
                        ),
                    };
                    clicked |= resp.clicked();
                }
            }
        });
        if clicked {
            self.decide(Action::Roll);
        }
    }

    fn decisions_ui(&mut self, ui: &mut Ui) {
        let g = self.table.game().clone();
        let who = g.player();
        if !self.table.persons_decision() {
            ui.horizontal(|ui| {
                if self.table.is_thinking() {
                    ui.spinner();
                    ui.label(format!("{} is thinking…", self.table.name(who)));
                } else {
                    ui.label(
                        RichText::new(format!("{} decides next.", self.table.name(who)))
                            .color(theme::MUTED),
                    );
                }
            });
            return;
        }
        let target = usize::from(g.turn.target);
        let mut chosen = None;
        match g.turn.phase {
            Phase::Target => {}
            Phase::Prepare => {
                ui.horizontal(|ui| {
                    for x in Symbol::ALL {
                        if ui
                            .button(format!("Set a die to {}", x.words(1)))
                            .on_hover_text("The die counts as rolled")
                            .clicked()
                        {
                            chosen = Some(Action::Set(x));
                        }
                    }
                    let roll = format!(
                        "Roll {}",
                        dice_count(usize::from(DICE - g.turn.set.total()))
                    );
                    let odds = self.table.odds(target);
                    if ui
                        .button(RichText::new(roll).size(17.0))
                        .on_hover_ui(|ui| odds_tip(ui, odds.as_ref()))
                        .clicked()
                    {
                        chosen = Some(Action::Roll);
                    }
                });
            }
            Phase::Decide => {
                let m = g.turn.showing.martians();
                let odds = self.table.odds(target);
                let reach = self.table.stop_reaches().unwrap_or(0);
                let card = g.in_play(target).map(|c| g.card(c));
                ui.horizontal(|ui| {
                    let text = format!("Re-roll {m} Martian{}", if m == 1 { "" } else { "s" });
                    if ui
                        .button(RichText::new(text).size(17.0))
                        .on_hover_ui(|ui| odds_tip(ui, odds.as_ref()))
                        .clicked()
                    {
                        chosen = Some(Action::Roll);
                    }
                    let (stop, tip) = match card {
                        Some(c) if reach > g.turn.from => (
                            format!("Stop: record space {reach} of {}", c.requirement()),
                            format!(
                                "Stop now: your token covers space {reach} of {}'s {} (the \
                                 Turn's matching symbols, counted from your token)",
                                c.name,
                                c.requirement()
                            ),
                        ),
                        _ => (
                            "Stop".to_string(),
                            "Stop now: the dice match nothing more, so nothing is recorded"
                                .to_string(),
                        ),
                    };
                    if ui
                        .button(RichText::new(stop).size(17.0))
                        .on_hover_text(tip)
                        .clicked()
                    {
                        chosen = Some(Action::Stop);
                    }
                });
            }
        }
        if let Some(a) = chosen {
            self.decide(a);
        }
    }

    fn result_ui(&self, ui: &mut Ui) {
        let t = &self.table;
        let g = t.game();
        for line in result_words(g, &t.setup) {
            ui.label(RichText::new(line).strong());
        }
        ui.add_space(6.0);
        egui::Grid::new("dice-game-standings")
            .num_columns(5)
            .striped(true)
            .show(ui, |ui| {
                for head in ["", "player", "VP", "cards", "seat"] {
                    ui.label(RichText::new(head).small().color(theme::MUTED));
                }
                ui.end_row();
                for (place, s) in standings(g).iter().enumerate() {
                    ui.label(format!("{}.", place + 1));
                    ui.label(RichText::new(t.name(s.seat)).color(theme::seat_color(s.seat)));
                    ui.label(s.vp.to_string());
                    ui.label(s.cards.to_string());
                    ui.label((s.seat + 1).to_string());
                    ui.end_row();
                }
            });
        ui.label(
            RichText::new(
                "Ties are broken by the most cards claimed, then by the tied player latest in \
                 turn order.",
            )
            .small()
            .color(theme::MUTED),
        );
    }
}

/// A claimed card, small: its name and VP on its kind's colour, an ongoing rule's outline
/// in green.
fn claimed_chip(ui: &mut Ui, card: &dice_game::card::Location) {
    let band = match card.kind {
        dice_game::card::Kind::City => theme::CITY_BAND,
        dice_game::card::Kind::Monument => theme::MONUMENT_BAND,
    };
    let mut frame = egui::Frame::new()
        .fill(band)
        .corner_radius(CornerRadius::same(4))
        .inner_margin(egui::Margin::symmetric(6, 2));
    if card
        .rule
        .is_some_and(|r| r.colour() == dice_game::card::Colour::Green)
    {
        frame = frame.stroke(Stroke::new(2.0, theme::RULE_GREEN));
    }
    let resp = frame
        .show(ui, |ui| {
            ui.label(
                RichText::new(format!("{} · {} VP", card.name, card.vp))
                    .small()
                    .color(egui::Color32::WHITE),
            );
        })
        .response;
    if let Some(w) = card.rule_words() {
        resp.on_hover_text(w);
    }
}

/// The exact odds of the roll a button makes, for its tooltip.
fn odds_tip(ui: &mut Ui, odds: Option<&dice_game::table::TargetOdds>) {
    ui.set_max_width(400.0);
    match odds {
        Some(o) => {
            for line in odds_words(o) {
                ui.label(line);
            }
        }
        None => {
            ui.label("No roll is open here.");
        }
    }
}
