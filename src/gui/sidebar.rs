//! The panel beside the board: the score, whose decision it is, the selected model, the
//! decisions that are not board clicks, a response prompt, the AI at work and the last
//! dice rolled.

use crate::rules::model_names::ModelNames;
use crate::table::session::Session;
use std::time::Duration;

use eframe::egui::{self, CornerRadius, RichText, Stroke, Ui};

use crate::rules::action::{Action, ModelId};
use crate::rules::cards::Card;
use crate::rules::state::{Loc, Phase};
use crate::rules::{GameState, Side};
use crate::table::describe::{
    action_text, card_cost, card_face, card_name, card_of, location, model_name, phase_text,
    side_title,
};
use crate::table::forecast::{fight_forecast, has_aimed, shoot_forecast, targets_of};
use crate::table::setup::Controller;

use super::ai_panel::{AiPanel, HintPanel};
use super::board::{fight_odds_ui, shoot_odds_ui};
use super::command::Command;
use super::log::step_dice_ui;
use super::panel::{Panel, PanelContext, section};
use super::prompt::is_prompt;
use super::theme;

/// The side panel: its sections, each a [`Panel`], from top to bottom. Each section
/// shows itself only when it has something to say.
#[derive(Default)]
pub struct Sidebar {
    score: Score,
    turn: Turn,
    decisions: Decisions,
    hint: HintPanel,
    ai: AiPanel,
    dice: LastDice,
    cards: Cards,
    model: SelectedModel,
}

/// The scenario, the Round, whose Turn it is and each side's VP.
#[derive(Default)]
pub struct Score;

/// Whose decision it is and what the phase asks; in a replay, its controls.
#[derive(Default)]
pub struct Turn;

/// The person's decisions that are not a click on the board, and what to click next.
#[derive(Default)]
pub struct Decisions;

/// The dice of the last decision that rolled some.
#[derive(Default)]
pub struct LastDice;

/// The cards the table may show and what can be done with them, and the deck.
#[derive(Default)]
pub struct Cards;

/// The selected model's profile and state.
#[derive(Default)]
pub struct SelectedModel;

/// Who controls a side, in words.
pub fn controller_text(c: &Controller) -> String {
    match c {
        Controller::Human => "player".into(),
        Controller::Ai(spec) => format!("AI {spec}"),
    }
}

/// The most characters of who controls a side shown beside its VP.
const CONTROLLER_CHARS: usize = 24;

/// `text` cut to `n` characters, an ellipsis marking the cut.
fn shortened(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        text.to_string()
    } else {
        let cut: String = text.chars().take(n.saturating_sub(1)).collect();
        format!("{cut}…")
    }
}

impl Panel for Sidebar {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                // What the AI thought and the last dice come before the hand, so that
                // at 1280x900 they are in sight without scrolling.
                let sections: [&mut dyn Panel; 8] = [
                    &mut self.score,
                    &mut self.turn,
                    &mut self.decisions,
                    &mut self.hint,
                    &mut self.ai,
                    &mut self.dice,
                    &mut self.cards,
                    &mut self.model,
                ];
                for section in sections {
                    section.ui(ui, table);
                }
            });
    }
}

impl Panel for LastDice {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        let history = table.session.history();
        if let Some(index) = history.iter().rposition(|s| {
            s.events.iter().any(|e| {
                matches!(
                    e,
                    crate::rules::state::Event::Roll { .. }
                        | crate::rules::state::Event::EffectRoll { .. }
                )
            })
        }) {
            section(ui, "Last dice", |ui| {
                step_dice_ui(
                    ui,
                    table.session.state(),
                    table.session.names(),
                    index,
                    &history[index],
                );
            });
        }
    }
}

impl Panel for SelectedModel {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        if let Some(m) = table.selected {
            model_card(ui, table.session.state(), table.session.names(), m);
        }
    }
}

impl Panel for Score {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        let names = table.session.names();
        let session = table.session;
        let g = session.state();
        section(ui, &g.scenario().name, |ui| {
            ui.horizontal(|ui| {
                // Between Rounds (the end-of-Round discards) the Round just played is over.
                let round = if g.turn_use().round_end {
                    format!("End of Round {}", g.round())
                } else {
                    format!("Round {}", g.round())
                };
                ui.label(RichText::new(round).strong());
                if let Some(limit) = g.scenario().last_round() {
                    ui.label(RichText::new(format!("of {limit}")).color(theme::MUTED));
                }
                ui.separator();
                // While the sides deploy there is no Turn yet: the side placing a model.
                let (what, side) = match g.phase() {
                    Phase::Deploy(side) => ("Deploying:", side),
                    _ => ("Turn:", g.turn_player()),
                };
                ui.label(what);
                ui.label(
                    RichText::new(side_title(side))
                        .strong()
                        .color(theme::side_light(side)),
                );
            });
            if let Some((side, last)) = g.scenario().survivor() {
                ui.label(
                    RichText::new(format!(
                        "The {} win with a model on the board at the end of Round {last}.",
                        side_title(side)
                    ))
                    .color(theme::MUTED),
                );
            }
            // Key models, zones held Rounds running, arrivals drawn (P28-P33).
            for line in crate::table::victory::victory_lines(g, names) {
                ui.label(RichText::new(line).color(theme::MUTED));
            }
            ui.add_space(4.0);
            for side in Side::BOTH {
                let vp = g.vp(side);
                let target = g.scenario().vp_target(side);
                ui.horizontal(|ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                    ui.painter()
                        .circle_filled(rect.center(), 6.0, theme::side_color(side));
                    ui.label(
                        RichText::new(side_title(side))
                            .strong()
                            .color(theme::side_light(side)),
                    );
                    // A program's command can be long: cut to fit beside the VP, whole
                    // on hover.
                    let who = match session.afar() {
                        // A game over the network: the host knows who plays the other side.
                        Some(afar) if afar.seat == Some(side) => "you".to_string(),
                        Some(_) => "across the network".to_string(),
                        None => controller_text(session.controller(side)),
                    };
                    let short = shortened(&who, CONTROLLER_CHARS);
                    let label = ui.label(RichText::new(&short).small().color(theme::MUTED));
                    if short != who {
                        label.on_hover_text(who);
                    }
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        ui.label(
                            RichText::new(format!("{vp} / {target} VP"))
                                .strong()
                                .size(16.0),
                        );
                    });
                });
                // VP progress.
                let (rect, _) = ui.allocate_exact_size(
                    egui::vec2(ui.available_width(), 5.0),
                    egui::Sense::hover(),
                );
                ui.painter()
                    .rect_filled(rect, CornerRadius::same(2), theme::VP_TRACK);
                let frac = (f32::from(vp) / f32::from(target.max(1))).min(1.0);
                let mut filled = rect;
                filled.set_width(rect.width() * frac);
                ui.painter()
                    .rect_filled(filled, CornerRadius::same(2), theme::side_color(side));
                let in_play = g.models_left(side);
                let total = g.models().iter().filter(|m| m.side == side).count();
                let acted = g
                    .models()
                    .iter()
                    .filter(|m| {
                        m.side == side
                            && m.activated
                            && matches!(m.loc, Loc::Board(_) | Loc::Waiting)
                    })
                    .count();
                // Counters only where the scenario has them (or a card made some).
                let c = g.scenario().counters;
                let claimed = if c.placed > 0 || g.claimed(side) > 0 {
                    match g.claimed(side) {
                        1 => ", 1 counter claimed".to_string(),
                        n => format!(", {n} counters claimed"),
                    }
                } else {
                    String::new()
                };
                ui.label(
                    RichText::new(format!(
                        "{in_play} of {total} models in play, {acted} acted this Round{claimed}"
                    ))
                    .small()
                    .color(theme::MUTED),
                );
                ui.add_space(2.0);
            }
        });
    }
}

/// At a real table, the line under the Turn's heading follows what the table is asked
/// to do now: the counter or the roll to make, or the step shown over the board; `None`
/// when the game waits on a decision (the line is then the rules' question).
fn table_line(session: &Session) -> Option<String> {
    table_step(session).map(|step| format!("Now: {step}"))
}

/// The step the companion card shows, first letter up.
fn table_step(session: &Session) -> Option<String> {
    session.companion()?;
    if let Some(p) = session.placing() {
        return p.prompt().map(|t| super::at_table::capitalised(&t));
    }
    if let Some(p) = session.awaiting_dice() {
        return Some(match p.prompt() {
            Some(t) => super::at_table::capitalised(&t),
            None => "Every roll is in: apply the rolls".to_string(),
        });
    }
    session
        .next_table_step()
        .map(|step| super::at_table::capitalised(&step.text))
}

impl Panel for Turn {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        let names = table.session.names();
        let session = table.session;
        let out = &mut table.commands;
        let g = session.state();
        let text = table_line(session).unwrap_or_else(|| phase_text(g, names));
        let who = g.to_move();
        egui::Frame::new()
            .fill(match who {
                Some(s) => theme::alpha(theme::side_color(s), 60),
                None => theme::NO_ONE_TO_DECIDE,
            })
            .stroke(Stroke::new(
                1.0,
                who.map_or(theme::SELECT, theme::side_color),
            ))
            .corner_radius(CornerRadius::same(6))
            .inner_margin(8.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                if let Some(r) = session.replay() {
                    ui.label(
                        RichText::new(format!("Replay: decision {} of {}", r.pos, r.actions.len()))
                            .strong(),
                    );
                } else if session.placing().is_some() {
                    ui.label(
                        RichText::new("Roll the counters' squares at the table")
                            .strong()
                            .size(16.0),
                    );
                } else if session.awaiting_dice().is_some() {
                    ui.label(
                        RichText::new("Roll the dice at the table")
                            .strong()
                            .size(16.0),
                    );
                } else if session.next_table_step().is_some() {
                    ui.label(
                        RichText::new("Make the step shown at the table")
                            .strong()
                            .size(16.0),
                    );
                } else if let Some(side) = session.human_to_move() {
                    let you = if session.is_watch()
                        || Side::BOTH.iter().all(|s| session.controller(*s).is_human())
                    {
                        format!("{} to decide", side_title(side))
                    } else {
                        "Your decision".to_string()
                    };
                    ui.label(RichText::new(you).strong().size(16.0));
                } else if let Some(side) = who
                    && session.paused
                {
                    ui.label(
                        RichText::new(format!("Paused: the {} decide next", side_title(side)))
                            .strong(),
                    );
                } else if let Some(side) = who {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(
                            RichText::new(format!("The {} are thinking", side_title(side)))
                                .strong(),
                        );
                    });
                }
                ui.label(text);
                if let Some(n) = &session.notice {
                    ui.colored_label(theme::BAD, n);
                }
            });
        ui.add_space(6.0);
        if let Some(r) = session.replay() {
            ui.horizontal(|ui| {
                if ui.button("|< Start").clicked() {
                    out.push(Command::ReplayTo(0));
                }
                if ui.button("< Back").clicked() {
                    out.push(Command::ReplayTo(r.pos.saturating_sub(1)));
                }
                if ui.button("Step >").clicked() {
                    out.push(Command::ReplayTo(r.pos + 1));
                }
                if ui.button("End >|").clicked() {
                    out.push(Command::ReplayTo(r.actions.len()));
                }
            });
            let mut pos = r.pos;
            let slider = egui::Slider::new(&mut pos, 0..=r.actions.len())
                .text("decision")
                .clamping(egui::SliderClamping::Always);
            if ui
                .add(slider)
                .on_hover_text("Drag to any decision; the arrow keys step, Home and End jump")
                .changed()
            {
                out.push(Command::ReplayTo(pos));
            }
            ui.horizontal(|ui| {
                let label = if r.playing { "Pause" } else { "Play" };
                if ui.button(label).clicked() {
                    out.push(Command::Autoplay(!r.playing));
                }
                let mut ms = r.speed.as_millis() as u32;
                let speed = egui::Slider::new(&mut ms, 100..=2000)
                    .text("ms a decision")
                    .step_by(50.0);
                if ui.add(speed).changed() {
                    out.push(Command::ReplaySpeed(Duration::from_millis(u64::from(ms))));
                }
            });
            if ui.button("Take over: play on from here").clicked() {
                out.push(Command::TakeOver);
            }
            ui.add_space(6.0);
        }
    }
}

impl Panel for Decisions {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        let names = table.session.names();
        let session = table.session;
        if session.human_to_move().is_none() {
            return;
        }
        let (selected, legal) = (table.selected, table.legal);
        // A decision that has just replaced another takes no click for a moment.
        let fresh = table.fresh;
        let open = !fresh.guarded;
        let out = &mut table.commands;
        let g = session.state();
        if fresh.new {
            ui.label(RichText::new("New decision").strong().color(theme::SELECT));
        }
        if is_prompt(g) {
            ui.label(
                RichText::new("Answer the question above the board.")
                    .strong()
                    .color(theme::BAD),
            );
        }
        section(ui, "Decisions", |ui| {
            let mut any = false;
            // Start the selected model's action.
            if let Some(m) = selected
                && legal.contains(&Action::Activate(m))
            {
                any = true;
                if ui
                    .add_enabled(
                        open,
                        egui::Button::new(
                            RichText::new(action_text(g, &Action::Activate(m), names)).strong(),
                        ),
                    )
                    .clicked()
                {
                    out.push(Command::Play(vec![Action::Activate(m)]));
                }
            }
            // Decisions that are not a click on the board (cards are in their own panel,
            // answers to a test in the prompt over the board).
            for a in legal
                .iter()
                .filter(|a| targets_of(a).is_empty() && card_of(a).is_none())
            {
                if matches!(a, Action::Defend(_) | Action::Respond(_)) {
                    continue;
                }
                any = true;
                let resp = ui
                    .add_enabled(open, egui::Button::new(action_text(g, a, names)))
                    .on_hover_text(a.to_string());
                if resp.clicked() {
                    out.push(Command::Play(vec![*a]));
                }
            }
            let on_board = legal
                .iter()
                .filter(|a| !targets_of(a).is_empty() && card_of(a).is_none())
                .count();
            if on_board > 0 {
                ui.label(
                    RichText::new(hint(g, names, legal, selected))
                        .small()
                        .color(theme::MUTED),
                );
            } else if !any {
                ui.label(RichText::new("Nothing to decide.").color(theme::MUTED));
            }
            ui.add_space(2.0);
            egui::CollapsingHeader::new(format!("All {} legal decisions", legal.len()))
                .id_salt("all-decisions")
                .default_open(false)
                .show(ui, |ui| {
                    for a in legal {
                        // In words; as saves and the command line write it, on hover.
                        if ui
                            .add_enabled(open, egui::Button::new(action_text(g, a, names)).small())
                            .on_hover_text(format!(
                                "Written `{a}` in saves and on the command line"
                            ))
                            .clicked()
                        {
                            out.push(Command::Play(vec![*a]));
                        }
                    }
                });
        });
    }
}

/// What to click next, in words.
fn hint(g: &GameState, names: ModelNames, legal: &[Action], selected: Option<ModelId>) -> String {
    let has = |f: fn(&Action) -> bool| legal.iter().any(f);
    if has(|a| matches!(a, Action::Deploy(_))) {
        return "Click a square of the highlighted zone to deploy the next model.".into();
    }
    if has(|a| matches!(a, Action::Activate(_))) {
        return match selected {
            Some(m) if legal.contains(&Action::Activate(m)) => format!(
                "Click a highlighted square to move {}, or an enemy to shoot or charge it.",
                names.short(g, m)
            ),
            _ => "Click one of your models to select it.".into(),
        };
    }
    if has(|a| matches!(a, Action::Fight(_) | Action::Defender(_))) {
        return "Click the enemy model to fight.".into();
    }
    let mut parts = Vec::new();
    if has(|a| matches!(a, Action::Move(_))) {
        parts.push("click a highlighted square to move");
    }
    if has(|a| matches!(a, Action::Shoot(_))) {
        parts.push("click an enemy to shoot it");
    }
    let _ = g;
    if parts.is_empty() {
        "Click on the board.".into()
    } else {
        let mut s = parts.join(", or ");
        s.replace_range(0..1, &s[0..1].to_uppercase());
        s + "."
    }
}

/// The selected model: its profile, state and what it can shoot.
fn model_card(ui: &mut Ui, g: &GameState, names: ModelNames, m: ModelId) {
    let model = g.model(m);
    let p = g.profile(m);
    section(ui, "Selected model", |ui| {
        ui.label(
            RichText::new(model_name(g, m, names))
                .strong()
                .color(theme::side_light(model.side)),
        );
        let mut state = vec![location(g, m)];
        if model.rattled {
            state.push("Rattled".into());
        }
        if model.activated {
            state.push("has acted this Round".into());
        }
        ui.label(state.join(", "));
        // Two rows of two, so that the card never widens the sidebar (and moves the board).
        egui::Grid::new("profile").num_columns(4).show(ui, |ui| {
            for (i, (k, v)) in [
                ("Shoot", format!("{}+", p.shoot)),
                ("Fight", format!("{}+", p.fight)),
                ("Survive", format!("{}+", p.survive)),
                ("Range", p.range.to_string()),
            ]
            .into_iter()
            .enumerate()
            {
                ui.label(RichText::new(k).small().color(theme::MUTED));
                ui.label(RichText::new(v).strong());
                if i % 2 == 1 {
                    ui.end_row();
                }
            }
        });
        let abilities: Vec<String> = p.abilities.iter().map(|a| a.to_string()).collect();
        if !abilities.is_empty() {
            ui.label(
                RichText::new(abilities.join(", "))
                    .small()
                    .color(theme::MUTED),
            );
        }
        // The enemies it could shoot from where it stands.
        if let Some(from) = model.square() {
            let mut shown = 0;
            for (i, e) in g.models().iter().enumerate() {
                let t = ModelId(i as u8);
                if e.side == model.side || e.square().is_none() {
                    continue;
                }
                if let Some(f) = shoot_forecast(g, m, from, t, has_aimed(g, m))
                    && f.range <= f.max_range
                    && f.los != crate::rules::Los::None
                {
                    if shown == 0 {
                        ui.add_space(4.0);
                        ui.label(
                            RichText::new("In sight and range:")
                                .small()
                                .color(theme::MUTED),
                        );
                    }
                    shown += 1;
                    ui.label(
                        RichText::new(format!(
                            "{} on {}",
                            model_name(g, t, names),
                            e.square().map(|s| s.to_string()).unwrap_or_default()
                        ))
                        .small()
                        .strong(),
                    );
                    shoot_odds_ui(ui, &f);
                }
            }
        }
        if let Phase::FightTarget { attacker, .. } = g.phase()
            && attacker == m
        {
            for id in g.models_in(
                model
                    .square()
                    .unwrap_or(crate::rules::Square::from_index(0)),
            ) {
                if g.model(id).side != model.side
                    && let Some(f) = fight_forecast(g, m, id)
                {
                    ui.label(
                        RichText::new(format!("Fight {}", model_name(g, id, names)))
                            .small()
                            .strong(),
                    );
                    fight_odds_ui(ui, &f, true);
                }
            }
        }
    });
}

/// The cards: the hand the table may show, each with what can be done with it; both
/// sides' hand sizes and Support sets; the deck.
impl Panel for Cards {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        let names = table.session.names();
        let session = table.session;
        let (armed, legal) = (table.armed, table.legal);
        let g = session.state();
        if g.deck().is_empty() {
            return;
        }
        let deciding = session.human_to_move();
        let shown = deciding.or_else(|| {
            Side::BOTH
                .into_iter()
                .find(|s| session.sees_hand(*s) && session.controller(*s).is_human())
        });
        section(ui, "Cards", |ui| {
            ui.label(
                RichText::new(format!(
                    "Deck {} · discard pile {}",
                    g.deck_len(),
                    g.discard_pile().map(|(_, n)| u16::from(n)).sum::<u16>()
                ))
                .small()
                .color(theme::MUTED),
            );
            for side in Side::BOTH {
                let sets: Vec<String> = g
                    .support_sets(side)
                    .map(|(c, n)| format!("{} ×{n}", card_name(g, c)))
                    .collect();
                let sets = if sets.is_empty() {
                    String::new()
                } else {
                    format!(" · Support: {}", sets.join(", "))
                };
                ui.label(
                    RichText::new(format!(
                        "{}: {} in hand{sets}",
                        side_title(side),
                        g.hand_len(side)
                    ))
                    .small()
                    .color(theme::side_light(side)),
                );
            }
            let events: Vec<String> = g.events_in_play().map(|(c, _)| c.name()).collect();
            if !events.is_empty() {
                ui.label(RichText::new(format!("In play: {}", events.join(", "))).small());
            }
            if let Some(c) = armed {
                ui.add_space(4.0);
                ui.label(
                    RichText::new(format!(
                        "{}: choose its target on the board (gold squares).",
                        card_name(g, c.half)
                    ))
                    .strong()
                    .color(theme::SELECT),
                );
                // Targets the board cannot show (a whole row or set, say) are buttons.
                for a in legal
                    .iter()
                    .filter(|a| card_of(a) == Some(c) && targets_of(a).is_empty())
                {
                    if ui.small_button(action_text(g, a, names)).clicked() {
                        table.commands.push(Command::Play(vec![*a]));
                    }
                }
                if ui.button("Cancel").clicked() {
                    table.commands.push(Command::Arm(None));
                }
            }
            let Some(side) = shown else { return };
            ui.add_space(4.0);
            ui.label(RichText::new(format!("The {}' hand", side_title(side))).strong());
            let mine = deciding == Some(side);
            // The hand, each physical card by the half this side uses (R19), then the side's
            // Support sets, each by its half (R21).
            let mut cards: Vec<(Card, u8, bool)> = g
                .hand(side)
                .filter_map(|(c, n)| Some((c.card(side)?, n, false)))
                .collect();
            cards.extend(
                g.support_sets(side)
                    .map(|(h, n)| (Card::new(h, None), n, true)),
            );
            for entry in cards {
                hand_card(ui, table, side, entry, mine);
            }
        });
    }
}

/// One card of the hand shown (or one Support set), with its text and back; for the side
/// deciding, what can be done with it now.
fn hand_card(
    ui: &mut Ui,
    table: &mut PanelContext<'_>,
    side: Side,
    (card, n, is_set): (Card, u8, bool),
    mine: bool,
) {
    let g = table.session.state();
    let names = table.session.names();
    let (armed, legal) = (table.armed, table.legal);
    let out = &mut table.commands;
    egui::Frame::new()
        .fill(theme::CARD_FILL)
        .stroke(Stroke::new(
            1.0,
            if armed == Some(card) {
                theme::SELECT
            } else {
                theme::CARD_EDGE
            },
        ))
        .corner_radius(CornerRadius::same(4))
        .inner_margin(6.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            let face = card_face(g, card.half, side);
            ui.horizontal(|ui| {
                let name = card_name(g, card.half);
                let title = if is_set {
                    format!("{name} Support set, level {n}")
                } else if n > 1 {
                    format!("{name} ×{n}")
                } else {
                    name
                };
                ui.label(RichText::new(title).strong().size(15.0));
                if let Some(f) = face {
                    ui.label(RichText::new(f.kind.name()).small().color(theme::MUTED));
                }
            });
            if let Some(f) = face {
                ui.label(RichText::new(&f.text).small());
            }
            if is_set {
                // Which physical cards make up the set (R21).
                let list: Vec<String> = g
                    .set_cards(side, card.half)
                    .filter_map(|(c, k)| {
                        let back = c.face(side.other())?;
                        Some(if k > 1 {
                            format!("{} ×{k}", back.name)
                        } else {
                            back.name.clone()
                        })
                    })
                    .collect();
                if !list.is_empty() {
                    ui.label(
                        RichText::new(format!("on their backs: {}", list.join(", ")))
                            .small()
                            .color(theme::MUTED),
                    );
                }
            } else if let Some(back) = card.back {
                ui.label(
                    RichText::new(format!(
                        "on the other side: {} (the {}' half)",
                        card_name(g, back),
                        side_title(side.other())
                    ))
                    .small()
                    .color(theme::MUTED),
                );
            }
            if !mine {
                return;
            }
            let acts: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| card_of(a) == Some(card))
                .filter(|a| is_set == matches!(a, Action::Call(..)))
                .filter(|a| !matches!(a, Action::Respond(_)))
                .collect();
            let targeted = acts.iter().any(|a| !targets_of(a).is_empty());
            ui.horizontal_wrapped(|ui| {
                if targeted && armed != Some(card) {
                    let verb = if is_set { "Call it…" } else { "Play it…" };
                    if ui
                        .button(verb)
                        .on_hover_text("then choose the target on the board")
                        .clicked()
                    {
                        out.push(Command::Arm(Some(card)));
                    }
                }
                if !targeted {
                    for a in &acts {
                        if ui.button(action_text(g, a, names)).clicked() {
                            out.push(Command::Play(vec![*a]));
                        }
                    }
                }
            });
            if !acts.is_empty() {
                ui.label(
                    RichText::new(card_cost(g, side))
                        .small()
                        .color(theme::LOS_PARTIAL),
                );
            }
        });
}
