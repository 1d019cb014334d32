//! The one shape of every panel at the table, as in egui's demo (`View::ui`): a panel is a
//! value drawn by `ui` into the `Ui` it is given. It reads the table from a
//! [`PanelContext`] and leaves what it wants done there as [`Command`]s, which
//! [`super::app::MarsApp`] carries out after the frame is built.
//!
//! The board, the log, the sidebar and each of its sections, the prompt over the board,
//! the analysis window and the end-of-game window are panels. The New game and Save /
//! Load windows are not: they open when there is no game yet, so they take only the egui
//! context.

use eframe::egui::{self, CornerRadius, RichText, Ui};

use crate::rules::action::{Action, ModelId};
use crate::rules::cards::Card;
use crate::table::session::Session;

use super::command::Command;
use super::fresh::Freshness;
use super::theme;

/// What a panel reads from the table this frame, and where it leaves its commands.
pub struct PanelContext<'a> {
    /// The game at the table.
    pub session: &'a Session,
    /// The legal decisions in its position (read once a frame).
    pub legal: &'a [Action],
    /// The model selected on the board.
    pub selected: Option<ModelId>,
    /// A card whose target is being chosen on the board: clicks offer only its decisions.
    pub armed: Option<Card>,
    /// What the panels asked for this frame, in the order they asked.
    pub commands: Vec<Command>,
    /// How new the decision on the screen is: a new one's buttons take no click at once
    /// ([`super::fresh`]).
    pub fresh: Freshness,
}

impl<'a> PanelContext<'a> {
    /// The table as it stands, with no command asked for yet.
    pub fn new(
        session: &'a Session,
        legal: &'a [Action],
        selected: Option<ModelId>,
        armed: Option<Card>,
    ) -> PanelContext<'a> {
        PanelContext {
            session,
            legal,
            selected,
            armed,
            commands: Vec::new(),
            fresh: Freshness::default(),
        }
    }
}

/// A panel of the table.
pub trait Panel {
    /// Draws the panel into `ui`, reading the table from `table` and leaving what it
    /// wants done in `table.commands`.
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>);
}

/// A framed section of a side panel, with a heading.
pub fn section(ui: &mut Ui, title: &str, add: impl FnOnce(&mut Ui)) {
    egui::Frame::group(ui.style())
        .fill(theme::SECTION_FILL)
        .corner_radius(CornerRadius::same(6))
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(title).strong().color(theme::LABEL));
            add(ui);
        });
    ui.add_space(6.0);
}

/// A side panel's contents held to the panel's width: what is wider is cut off at the
/// panel's edge instead of widening the panel (which would move the board beside it).
pub fn within_width<R>(ui: &mut Ui, add: impl FnOnce(&mut Ui) -> R) -> R {
    let rect = ui.available_rect_before_wrap();
    let mut child = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    child.shrink_clip_rect(rect);
    let out = add(&mut child);
    // The panel takes its own rectangle, never the contents' size.
    ui.advance_cursor_after_rect(rect);
    out
}
