//! A game at a real table (the companion mode) on the screen: the step to make on the real
//! table now, large, one at a time, with a button to say it is made (its move is drawn on
//! the board); the dice to roll at the table, typed in and checked before anything is
//! applied; and "the table differs", the window that makes the game match the table.
//!
//! Everything here reads the session ([`crate::table::companion`]) and asks for changes
//! as [`Command`]s, which the application hands back to [`AtTableView::carry_out`]; the
//! words are the session's own (`rolls`, `instructions`, `placement`).

use eframe::egui::{self, Align2, Key, Rect, RichText, Ui, Vec2, pos2, vec2};

use crate::rules::action::ModelId;
use crate::rules::state::Loc;
use crate::rules::{GameState, Side, Square};
use crate::table::companion::PendingDice;
use crate::table::correction::Correction;
use crate::table::describe::{label_at, side_title};
use crate::table::forecast::Target;
use crate::table::instructions::{StepKind, TableStep, board_steps};
use crate::table::placement::{PlacementProgress, Placing};
use crate::table::rolls::{example_faces, faces_text, rolls_in};
use crate::table::session::Session;

use super::board_geom::Geom;
use super::command::Command;
use super::panel::PanelContext;
use super::theme;

/// The size of the step and of the roll asked for: read from a chair beside the table.
const BIG_TEXT: f32 = 22.0;
/// The width of the card over the board.
const CARD_WIDTH: f32 = 520.0;
/// The card's distance from the top or the bottom of the board's area.
const CARD_MARGIN: f32 = 12.0;

/// The companion mode's own state on the screen, between frames.
#[derive(Default)]
pub struct AtTableView {
    /// The faces being typed for the roll asked for.
    pub typed: String,
    /// Why the last faces typed (or the last confirmation) were refused.
    pub dice_error: Option<String>,
    /// At set-up, where the last counter's dice fell when that square is rolled again.
    pub rolled_again: Option<String>,
    /// The "table differs" window.
    pub correction: CorrectionForm,
    /// The card's size when last drawn, to place it clear of the squares its step points
    /// at.
    card_size: Option<Vec2>,
}

impl AtTableView {
    /// Carries out a command of the game at a real table on `s` (others are not this
    /// view's and do nothing); what is refused is kept to be shown. True when the table
    /// was corrected (the board then catches up with it).
    pub fn carry_out(&mut self, s: &mut Session, c: Command) -> bool {
        match c {
            Command::ConfirmStep => {
                s.confirm_table_step();
            }
            Command::EnterDice(text) => {
                let entered = if s.placing().is_some() {
                    s.enter_counter_dice(&text)
                        .map(|p| self.placed(p))
                        .map_err(|e| e.to_string())
                } else {
                    s.enter_dice(&text).map(drop).map_err(|e| e.to_string())
                };
                match entered {
                    Ok(()) => {
                        self.typed.clear();
                        self.dice_error = None;
                    }
                    Err(e) => self.dice_error = Some(e),
                }
            }
            Command::TakeBackRoll => {
                let taken = s.take_back_counter_dice() || s.take_back_roll();
                if taken {
                    self.dice_error = None;
                    self.rolled_again = None;
                }
            }
            Command::ConfirmDice => {
                self.dice_error = s.confirm_dice().err().map(|e| e.to_string());
            }
            Command::WithdrawDecision => match s.withdraw_decision() {
                Ok(()) => {
                    self.dice_error = None;
                    self.typed.clear();
                }
                Err(e) => self.dice_error = Some(e.to_string()),
            },
            Command::CorrectTable(correction) => {
                return match s.correct_table(correction) {
                    Ok(()) => {
                        self.correction.error = None;
                        true
                    }
                    Err(e) => {
                        self.correction.error = Some(e.to_string());
                        false
                    }
                };
            }
            _ => {}
        }
        false
    }

    /// What the last counter's dice did, kept to be shown: a square rolled again says why.
    pub fn placed(&mut self, progress: PlacementProgress) {
        self.rolled_again = match progress {
            PlacementProgress::RollAgain(sq, why) => {
                Some(format!("{sq}: {why}; roll both dice again (R24)"))
            }
            PlacementProgress::Placed(_) | PlacementProgress::Done(_) => None,
        };
    }

    /// Over the board (`over`, its screen rectangle): the dice to type while a decision
    /// waits for them, else the step to make at the table; and the correction window when
    /// it is open.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        table: &mut PanelContext<'_>,
        over: Rect,
        geom: Option<Geom>,
    ) {
        let session = table.session;
        if session.companion().is_none() {
            return;
        }
        // The squares the step shown points at, on the screen: the card keeps clear of them.
        let pointed: Vec<Rect> = match (geom, session.next_table_step()) {
            (Some(geom), Some(step))
                if session.placing().is_none() && session.awaiting_dice().is_none() =>
            {
                pointed_squares(session.state(), step)
                    .into_iter()
                    .map(|s| geom.rect(s))
                    .collect()
            }
            _ => Vec::new(),
        };
        let size = self.card_size.unwrap_or(vec2(CARD_WIDTH + 28.0, 200.0));
        let (anchor, offset) = card_anchor(over, size, &pointed);
        let card = egui::Window::new("At the table")
            .id(egui::Id::unique("at-the-table"))
            .collapsible(false)
            .resizable(false)
            .title_bar(false)
            .anchor(anchor, offset)
            .constrain_to(over)
            .frame(
                egui::Frame::window(ui.style())
                    .stroke(egui::Stroke::new(2.0, theme::TABLE_STEP))
                    .inner_margin(14.0),
            );
        let mut shown = None;
        if let Some(p) = session.placing() {
            shown = card.show(ui.ctx(), |ui| {
                ui.set_width(CARD_WIDTH);
                self.placing_ui(ui, p, &mut table.commands);
            });
        } else if let Some(p) = session.awaiting_dice() {
            shown = card.show(ui.ctx(), |ui| {
                ui.set_width(CARD_WIDTH);
                self.dice_ui(ui, session, p, &mut table.commands);
            });
        } else if let Some(step) = session.next_table_step() {
            let left = session.table_steps().count() - 1;
            shown = card.show(ui.ctx(), |ui| {
                ui.set_width(CARD_WIDTH);
                step_ui(ui, step, left, &mut table.commands);
            });
        }
        if let Some(r) = shown {
            let size = r.response.rect.size();
            if self.card_size != Some(size) {
                self.card_size = Some(size);
                ui.ctx().request_repaint();
            }
        }
        self.correction.ui(ui.ctx(), session, &mut table.commands);
    }

    /// At set-up, the counter whose square is rolled now, the field to type its two dice
    /// in, and the squares of the counters placed so far.
    fn placing_ui(&mut self, ui: &mut Ui, p: &Placing, out: &mut Vec<Command>) {
        ui.label(
            RichText::new("Set-up: the counters' squares, rolled at the table")
                .color(theme::TABLE_STEP)
                .strong(),
        );
        if let Some(prompt) = p.prompt() {
            ui.label(
                RichText::new(capitalised(&prompt))
                    .size(BIG_TEXT)
                    .strong()
                    .color(theme::TABLE_STEP),
            );
        }
        if let Some(again) = &self.rolled_again {
            ui.label(RichText::new(again).strong());
        }
        if !p.squares().is_empty() {
            let placed: Vec<String> = p.squares().iter().map(|s| s.to_string()).collect();
            ui.label(
                RichText::new(format!(
                    "Counters put face down so far: {}",
                    placed.join(", ")
                ))
                .color(theme::MUTED),
            );
        }
        self.faces_field(ui, "3 5", out);
        if let Some(e) = &self.dice_error {
            ui.colored_label(theme::BAD, e);
        }
        ui.add_space(6.0);
        let typed_any = !p.squares().is_empty() || !p.rolled_again().is_empty();
        if ui
            .add_enabled(typed_any, egui::Button::new("Take back the last two dice"))
            .clicked()
        {
            out.push(Command::TakeBackRoll);
        }
    }

    /// The field the faces rolled are typed in, and its Enter button.
    fn faces_field(&mut self, ui: &mut Ui, example: &str, out: &mut Vec<Command>) {
        ui.horizontal(|ui| {
            let label = ui.label("Faces rolled:");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.typed)
                        .id(egui::Id::unique("table-dice"))
                        .desired_width(180.0)
                        .font(egui::TextStyle::Heading)
                        .hint_text(example),
                )
                .labelled_by(label.id);
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            if ui.button(RichText::new("Enter").strong()).clicked() || enter {
                out.push(Command::EnterDice(self.typed.clone()));
            }
        });
    }

    /// The roll asked for, the field to type it in, and what the rolls settled so far do.
    fn dice_ui(&mut self, ui: &mut Ui, session: &Session, p: &PendingDice, out: &mut Vec<Command>) {
        let g = session.state();
        let yours = session.controller(p.by).is_human();
        // The decision whose dice these are; an empty response window answered is no
        // decision (and what a side did not play there is not shown, R28).
        if p.action().is_some() {
            let who = if yours {
                "Your decision".to_string()
            } else {
                format!("The {}' decision", side_title(p.by))
            };
            ui.label(
                RichText::new(format!("{who}: {}", p.text))
                    .color(theme::side_light(p.by))
                    .strong(),
            );
        } else {
            ui.label(RichText::new("The dice").color(theme::TABLE_STEP).strong());
        }
        if let Some(instruction) = &p.instruction {
            ui.label(RichText::new(instruction).size(16.0));
        }
        ui.add_space(6.0);
        // The rolls already in: whose, which, their faces and who rolled them.
        for line in rolls_in(g, p.events(), p.rolls()) {
            ui.label(RichText::new(format!("In: {line}")).color(theme::MUTED));
        }
        match p.prompt() {
            Some(prompt) => {
                ui.label(
                    RichText::new(capitalised(&prompt))
                        .size(BIG_TEXT)
                        .strong()
                        .color(theme::TABLE_STEP),
                );
                let so_far = p.typed_so_far();
                if !so_far.is_empty() {
                    ui.label(format!("Typed so far: {}", faces_text(so_far)));
                }
                let example = p.ask().map_or_else(|| "6 2 4".to_string(), example_faces);
                self.faces_field(ui, &example, out);
            }
            None => {
                ui.label(
                    RichText::new("Every roll is in")
                        .size(BIG_TEXT)
                        .strong()
                        .color(theme::TABLE_STEP),
                );
                // What the rolls do, in the steps the table will be asked to make.
                for (_, text) in board_steps(g, p.events(), p.rolls()) {
                    ui.label(format!("• {text}"));
                }
            }
        }
        if let Some(e) = &self.dice_error {
            ui.colored_label(theme::BAD, e);
        }
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    p.is_settled(),
                    egui::Button::new(RichText::new("Apply the rolls").strong()),
                )
                .on_disabled_hover_text("type every roll asked for first")
                .clicked()
            {
                out.push(Command::ConfirmDice);
            }
            let typed_any =
                !p.typed_so_far().is_empty() || p.rolls().iter().any(|r| r.faces().is_some());
            if ui
                .add_enabled(typed_any, egui::Button::new("Take back the last roll"))
                .on_hover_text("Type it again: nothing is applied until the rolls are")
                .clicked()
            {
                out.push(Command::TakeBackRoll);
            }
            if yours
                && p.action().is_some()
                && ui
                    .button("Withdraw my decision")
                    .on_hover_text("As if it had not been made")
                    .clicked()
            {
                out.push(Command::WithdrawDecision);
            }
        });
    }
}

/// The step to make at the table now, large, and the button that says it is made.
fn step_ui(ui: &mut Ui, step: &TableStep, left: usize, out: &mut Vec<Command>) {
    let heading = match step.kind {
        StepKind::Decision => "The AI's move: make it on the table",
        StepKind::Board => "On the table",
        StepKind::Note => "Note",
    };
    ui.label(RichText::new(heading).color(theme::TABLE_STEP).strong());
    ui.label(
        RichText::new(capitalised(&step.text))
            .size(BIG_TEXT)
            .strong(),
    );
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        let done = ui
            .add(
                egui::Button::new(RichText::new("Done").strong().size(18.0))
                    .min_size(egui::vec2(110.0, 32.0)),
            )
            .on_hover_text("The step is made on the table (Enter or Space)");
        // Enter or Space confirms while no field has the keyboard.
        let key = ui.memory(|m| m.focused().is_none())
            && ui.input(|i| i.key_pressed(Key::Enter) || i.key_pressed(Key::Space));
        if done.clicked() || key {
            out.push(Command::ConfirmStep);
        }
        if left > 0 {
            ui.label(
                RichText::new(format!(
                    "{left} more step{} after this one",
                    if left == 1 { "" } else { "s" }
                ))
                .color(theme::MUTED),
            );
        }
    });
}

/// `text` with its first letter in capitals (the session's steps start in lower case, to
/// be read inside a sentence).
pub(super) fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// What a correction changes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CorrectionKind {
    /// A model stands on another square.
    #[default]
    Place,
    /// A face-down counter lies on a square.
    Counter,
    /// No face-down counter lies on a square.
    NoCounter,
    /// A model lies down (Rattled).
    LieDown,
    /// A model stands up.
    StandUp,
}

impl CorrectionKind {
    const ALL: [CorrectionKind; 5] = [
        CorrectionKind::Place,
        CorrectionKind::Counter,
        CorrectionKind::NoCounter,
        CorrectionKind::LieDown,
        CorrectionKind::StandUp,
    ];

    fn words(self) -> &'static str {
        match self {
            CorrectionKind::Place => "a model stands on another square",
            CorrectionKind::Counter => "a face-down counter lies on a square",
            CorrectionKind::NoCounter => "no face-down counter lies on a square",
            CorrectionKind::LieDown => "a model lies down (Rattled)",
            CorrectionKind::StandUp => "a model stands",
        }
    }

    fn needs_model(self) -> bool {
        matches!(
            self,
            CorrectionKind::Place | CorrectionKind::LieDown | CorrectionKind::StandUp
        )
    }

    fn needs_square(self) -> bool {
        matches!(
            self,
            CorrectionKind::Place | CorrectionKind::Counter | CorrectionKind::NoCounter
        )
    }
}

/// "The table differs": which change, which model, which square.
#[derive(Default)]
pub struct CorrectionForm {
    pub open: bool,
    pub kind: CorrectionKind,
    pub model: Option<ModelId>,
    /// The square as typed (`d4`).
    pub square: String,
    /// Why the last correction was refused, or what is wrong with the form.
    pub error: Option<String>,
}

/// What the correction form lacks, or what is wrong in it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    /// No model chosen.
    #[error("choose the model the table shows otherwise")]
    NoModel,
    /// No square typed.
    #[error("type the square, as `d4`")]
    NoSquare,
    /// What is typed is not a square.
    #[error("`{typed}`: {why}")]
    NotASquare {
        typed: String,
        why: rules::square::SquareError,
    },
}

impl CorrectionForm {
    /// The correction the form describes, or what is missing from it.
    pub fn correction(&self) -> Result<Correction, FormError> {
        let model = || self.model.ok_or(FormError::NoModel);
        let square = || -> Result<Square, FormError> {
            let typed = self.square.trim();
            if typed.is_empty() {
                return Err(FormError::NoSquare);
            }
            typed
                .parse::<Square>()
                .map_err(|why| FormError::NotASquare {
                    typed: typed.to_string(),
                    why,
                })
        };
        Ok(match self.kind {
            CorrectionKind::Place => Correction::Place(model()?, square()?),
            CorrectionKind::Counter => Correction::Counter(square()?),
            CorrectionKind::NoCounter => Correction::NoCounter(square()?),
            CorrectionKind::LieDown => Correction::Rattled(model()?, true),
            CorrectionKind::StandUp => Correction::Rattled(model()?, false),
        })
    }

    fn ui(&mut self, ctx: &egui::Context, session: &Session, out: &mut Vec<Command>) {
        if !self.open {
            return;
        }
        let g = session.state();
        let mut open = true;
        egui::Window::new("The table differs")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(Align2::RIGHT_BOTTOM, [-360.0, -20.0])
            .show(ctx, |ui| {
                ui.set_width(380.0);
                ui.label(
                    "Make the game match the real table, between two models' actions. The \
                     change goes in the log and the saved game.",
                );
                ui.add_space(4.0);
                ui.label(RichText::new("On the table,").strong());
                for k in CorrectionKind::ALL {
                    ui.radio_value(&mut self.kind, k, k.words());
                }
                ui.add_space(4.0);
                if self.kind.needs_model() {
                    let chosen = self
                        .model
                        .map_or("choose a model".to_string(), |m| label_at(g, m));
                    egui::ComboBox::from_label("model")
                        .selected_text(chosen)
                        .height(320.0)
                        .show_ui(ui, |ui| {
                            for side in Side::BOTH {
                                for (i, m) in g.models().iter().enumerate() {
                                    if m.side != side || !matches!(m.loc, Loc::Board(_)) {
                                        continue;
                                    }
                                    let id = ModelId(i as u8);
                                    ui.selectable_value(&mut self.model, Some(id), label_at(g, id));
                                }
                            }
                        });
                }
                if self.kind.needs_square() {
                    ui.horizontal(|ui| {
                        let l = ui.label("square");
                        ui.add(
                            egui::TextEdit::singleline(&mut self.square)
                                .desired_width(60.0)
                                .hint_text("d4"),
                        )
                        .labelled_by(l.id);
                    });
                }
                if let Some(e) = &self.error {
                    ui.colored_label(theme::BAD, e);
                }
                ui.horizontal(|ui| {
                    if ui
                        .button(RichText::new("Make the correction").strong())
                        .clicked()
                    {
                        match self.correction() {
                            Ok(c) => out.push(Command::CorrectTable(c)),
                            Err(e) => self.error = Some(e.to_string()),
                        }
                    }
                    if ui.button("Close").clicked() {
                        self.open = false;
                    }
                });
                let log = session.corrections_log();
                if !log.is_empty() {
                    ui.separator();
                    ui.label(RichText::new("Corrections made").strong());
                    for (after, text) in log.iter().rev().take(6) {
                        ui.label(
                            RichText::new(format!("after decision {after}: {text}"))
                                .small()
                                .color(theme::MUTED),
                        );
                    }
                }
            });
        if !open {
            self.open = false;
        }
    }
}

/// The squares a step points at: the path of the move it shows and what it attacks or
/// plays a card on.
pub fn pointed_squares(g: &GameState, step: &TableStep) -> Vec<Square> {
    let Some(marks) = &step.picture else {
        return Vec::new();
    };
    let mut out = marks.path.clone();
    if let Some(m) = marks.model
        && let Some(sq) = g.models().get(m.index()).and_then(|x| x.square())
    {
        out.push(sq);
    }
    match marks.target {
        Some(Target::Square(sq)) => out.push(sq),
        Some(Target::Model(m)) => {
            out.extend(g.models().get(m.index()).and_then(|x| x.square()));
        }
        None => {}
    }
    out
}

/// Where the card of `size` goes over the board (`over`): at the top, unless there it
/// would cover a square the step points at (`pointed`, their screen rectangles); then at
/// the bottom; when both would cover some, where it covers the least.
pub fn card_anchor(over: Rect, size: Vec2, pointed: &[Rect]) -> (Align2, [f32; 2]) {
    let top = card_rect(over, size, Align2::CENTER_TOP);
    let bottom = card_rect(over, size, Align2::CENTER_BOTTOM);
    let covered = |card: Rect| -> f32 {
        pointed
            .iter()
            .map(|p| p.intersect(card))
            .filter(|r| r.is_positive())
            .map(|r| r.area())
            .sum()
    };
    if covered(top) <= covered(bottom) {
        (Align2::CENTER_TOP, [0.0, CARD_MARGIN])
    } else {
        (Align2::CENTER_BOTTOM, [0.0, -CARD_MARGIN])
    }
}

/// The rectangle the card takes when placed as [`card_anchor`] says.
pub fn card_rect(over: Rect, size: Vec2, anchor: Align2) -> Rect {
    let left = over.center().x - size.x / 2.0;
    let y = if anchor == Align2::CENTER_TOP {
        over.top() + CARD_MARGIN
    } else {
        over.bottom() - CARD_MARGIN - size.y
    };
    Rect::from_min_size(pos2(left, y), size)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board laid out in a 900 x 800 area, as the window lays it out.
    fn geom() -> (Rect, Geom) {
        let over = Rect::from_min_size(pos2(300.0, 36.0), vec2(640.0, 820.0));
        (over, Geom::new(over))
    }

    fn squares(names: &[&str]) -> Vec<Rect> {
        let (_, g) = geom();
        names.iter().map(|n| g.rect(n.parse().unwrap())).collect()
    }

    fn overlaps(card: Rect, pointed: &[Rect]) -> usize {
        pointed.iter().filter(|p| p.intersects(card)).count()
    }

    #[test]
    fn the_card_keeps_clear_of_the_squares_its_step_points_at() {
        let (over, _) = geom();
        let size = vec2(CARD_WIDTH + 28.0, 200.0);
        // A move along the top rows: the card at the top would cover it, so it goes
        // below.
        let top = squares(&["d8", "e7"]);
        assert!(overlaps(card_rect(over, size, Align2::CENTER_TOP), &top) > 0);
        let (anchor, _) = card_anchor(over, size, &top);
        assert_eq!(anchor, Align2::CENTER_BOTTOM);
        assert_eq!(overlaps(card_rect(over, size, anchor), &top), 0);
        // A move along the bottom rows, or none: the card stays at the top.
        let bottom = squares(&["c1", "c2"]);
        let (anchor, _) = card_anchor(over, size, &bottom);
        assert_eq!(anchor, Align2::CENTER_TOP);
        assert_eq!(overlaps(card_rect(over, size, anchor), &bottom), 0);
        assert_eq!(card_anchor(over, size, &[]).0, Align2::CENTER_TOP);
        // Squares under both places: where it covers less (one square below, two above).
        let both = squares(&["d8", "e8", "d1"]);
        let (anchor, _) = card_anchor(over, size, &both);
        assert_eq!(anchor, Align2::CENTER_BOTTOM);
        assert_eq!(overlaps(card_rect(over, size, anchor), &both), 1);
    }
}
