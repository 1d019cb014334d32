//! The designer's preview (`mars-attacks preview FILE`): the scenario's board, redrawn
//! each time the file is saved, with what `validate` says about it and an overlay of what
//! the square under the pointer sees and where a model there walks, and a cover map.
//!
//! The computing is in `crate::workbench`; this file only draws it.

use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Painter, Rect, RichText, Sense, Stroke, Ui, pos2,
    vec2,
};

use crate::rules::Scenario;
use crate::rules::scenario_file::Severity;
use crate::rules::square::{Side, Square};
use crate::shelf::picture::{MapPicture, square_origin};
use crate::table::describe::side_title;
use crate::workbench::reload::Reload;
use crate::workbench::{CoverMap, Design, FileWatcher, SquareView, cover_map, square_view};

use super::{RunError, StartTableError, scenario_picture, theme};

/// Which cover map is shaded on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverShown {
    Off,
    /// Shaded by how many of this side's start squares see each square.
    SeenBy(Side),
}

/// The preview window's state.
pub struct PreviewApp {
    pub design: Design,
    watcher: Option<FileWatcher>,
    /// Why the file is not watched (the window still reloads on F5).
    pub watch_error: Option<String>,
    pub cover: CoverShown,
    /// The square under the pointer.
    pub hovered: Option<Square>,
    /// The board picture and cover maps of the version on the board.
    drawn: Option<Drawn>,
    /// When the file last changed on disk as the window saw it (local time of day).
    changed_at: Option<SystemTime>,
    styled: bool,
    /// Problems starting the table on the scenario.
    pub play_error: Option<String>,
}

/// What is drawn for one loaded version.
struct Drawn {
    /// The version it was drawn from (a failed reload keeps it on the board).
    scenario: Arc<Scenario>,
    picture: MapPicture,
    cover: [CoverMap; 2],
}

impl PreviewApp {
    /// A preview of the file at `path`, without a file watch (tests, and the window adds
    /// its own with [`PreviewApp::watch`]).
    pub fn new(path: &Path) -> PreviewApp {
        PreviewApp {
            design: Design::open(path),
            watcher: None,
            watch_error: None,
            cover: CoverShown::Off,
            hovered: None,
            drawn: None,
            changed_at: Some(SystemTime::now()),
            styled: false,
            play_error: None,
        }
    }

    /// Reload whenever the file is saved; `ctx` is woken to show it.
    pub fn watch(&mut self, ctx: &egui::Context) {
        let ctx = ctx.clone();
        match FileWatcher::new(&self.design.path, move || ctx.request_repaint()) {
            Ok(w) => self.watcher = Some(w),
            Err(e) => self.watch_error = Some(e.to_string()),
        }
    }

    /// Read the file again now.
    pub fn reload(&mut self) -> Reload {
        let r = self.design.reload();
        if r != Reload::Unchanged {
            self.changed_at = Some(SystemTime::now());
        }
        r
    }

    fn drawn(&mut self) -> Option<&Drawn> {
        let scenario = self.design.scenario.clone()?;
        if !self
            .drawn
            .as_ref()
            .is_some_and(|d| Arc::ptr_eq(&d.scenario, &scenario))
        {
            self.drawn = Some(Drawn {
                picture: MapPicture::of(&scenario),
                cover: [
                    cover_map(&scenario, Side::Humans),
                    cover_map(&scenario, Side::Martians),
                ],
                scenario,
            });
        }
        self.drawn.as_ref()
    }

    /// The whole window, drawn into `ui`.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if !self.styled {
            super::theme::apply(&ctx);
            self.styled = true;
        }
        if self.watcher.as_ref().is_some_and(FileWatcher::changed)
            || ctx.input(|i| i.key_pressed(egui::Key::F5))
        {
            self.reload();
        }
        egui::Panel::top("preview-top")
            .frame(
                egui::Frame::new()
                    .fill(theme::BACKGROUND)
                    .inner_margin(egui::Margin::symmetric(10, 6)),
            )
            .show(ui, |ui| self.top_bar(ui));
        egui::Panel::left("preview-findings")
            .default_size(360.0)
            .size_range(240.0..=560.0)
            .frame(egui::Frame::new().fill(theme::PANEL).inner_margin(8.0))
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.findings(ui));
            });
        egui::Panel::right("preview-overlay")
            .default_size(320.0)
            .size_range(260.0..=480.0)
            .frame(egui::Frame::new().fill(theme::PANEL).inner_margin(8.0))
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.overlay_panel(ui));
            });
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::BACKGROUND)
                    .inner_margin(12.0),
            )
            .show(ui, |ui| self.board(ui));
    }

    fn top_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.label(RichText::new("Preview").strong().color(theme::TEXT));
            ui.label(RichText::new(self.design.path.display().to_string()).monospace());
            if let Some(s) = &self.design.scenario {
                ui.label(RichText::new(format!("— {}", s.name)).color(theme::LABEL));
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let play = ui
                    .add_enabled(self.design.current, egui::Button::new("Play it"))
                    .on_hover_text("Open the table on this scenario, against the AI")
                    .on_disabled_hover_text("The file has errors: fix them to play it");
                if play.clicked() {
                    self.play_error = start_table(&self.design.path).err().map(|e| e.to_string());
                }
                if ui
                    .button("Reload")
                    .on_hover_text("Read the file again (F5)")
                    .clicked()
                {
                    self.reload();
                }
                let (text, color) = self.status();
                ui.label(RichText::new(text).color(color));
            });
        });
    }

    /// The status line: is the board the file as it is now?
    pub fn status(&self) -> (String, Color32) {
        let when = self.changed_at.map(clock).unwrap_or_default();
        let errors = self.design.errors().count();
        if self.design.current {
            let warnings = self.design.findings.len();
            let w = match warnings {
                0 => String::new(),
                1 => ", 1 warning".into(),
                n => format!(", {n} warnings"),
            };
            (format!("Loaded at {when}{w}"), theme::GOOD)
        } else if self.design.scenario.is_some() {
            (
                format!(
                    "{} at {when}: the board shows the last version that loaded",
                    count(errors, "problem", "problems")
                ),
                theme::BAD,
            )
        } else {
            (
                format!(
                    "{} at {when}: nothing loaded yet",
                    count(errors, "problem", "problems")
                ),
                theme::BAD,
            )
        }
    }

    fn findings(&mut self, ui: &mut Ui) {
        ui.heading("What validate says");
        if self.design.findings.is_empty() {
            ui.label(RichText::new("No problems.").color(theme::GOOD));
        }
        for d in &self.design.findings {
            let (tag, color) = match d.severity {
                Severity::Error => ("error", theme::BAD),
                Severity::Warning => ("warning", theme::LOS_PARTIAL),
            };
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(format!("{}:{}", d.line, d.column))
                        .monospace()
                        .color(theme::LABEL),
                );
                ui.label(RichText::new(tag).color(color).strong());
                ui.label(&d.message);
            });
            ui.add_space(4.0);
        }
        if let Some(e) = &self.watch_error {
            ui.separator();
            ui.label(RichText::new(format!("{e}; press F5 to reload by hand")).color(theme::BAD));
        }
        if let Some(e) = &self.play_error {
            ui.separator();
            ui.label(RichText::new(e).color(theme::BAD));
        }
        if let Some(s) = self.design.scenario.clone() {
            ui.separator();
            forces(ui, &s);
            if let Some(d) = self.drawn() {
                ui.separator();
                scenario_picture::legend(ui, &d.picture);
            }
        }
    }

    fn overlay_panel(&mut self, ui: &mut Ui) {
        ui.heading("Overlay");
        ui.label("Cover map: how many squares the side starts from or enters by see each square, within its range");
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.cover, CoverShown::Off, "Off");
            for side in [Side::Humans, Side::Martians] {
                ui.selectable_value(
                    &mut self.cover,
                    CoverShown::SeenBy(side),
                    format!("Seen by the {}", side_title(side)),
                );
            }
        });
        ui.separator();
        let Some(scenario) = self.design.scenario.clone() else {
            return;
        };
        let Some(sq) = self.hovered else {
            ui.label(
                RichText::new(
                    "Point at a square: what it sees (clear, partial, none), which squares \
                     each side could shoot from it, and where a model there walks with a \
                     Move of 1 and of 2.",
                )
                .color(theme::MUTED),
            );
            return;
        };
        let view = square_view(&scenario, sq);
        ui.label(RichText::new(sq.to_string()).heading().color(theme::TEXT));
        for role in square_roles(&scenario, sq) {
            ui.label(role);
        }
        ui.label(format!(
            "Sees {} squares clear and {} partly; {} not at all.",
            view.clear.without(sq).count(),
            view.partial.count(),
            view.unseen().count()
        ));
        for side in [Side::Humans, Side::Martians] {
            match view.range[side] {
                Some(r) => ui.label(format!(
                    "The {} (range {r}) could shoot at {} squares from here.",
                    side_title(side),
                    view.in_range[side].without(sq).count()
                )),
                None => ui.label(format!("The {} have no models.", side_title(side))),
            };
        }
        ui.label(format!(
            "Walks to {} squares with a Move of 1, and {} more with a Move of 2.",
            view.walk1.count(),
            view.walk2.count()
        ));
        if let Some(d) = self.drawn() {
            for (i, side) in [Side::Humans, Side::Martians].into_iter().enumerate() {
                ui.label(format!(
                    "Seen from {} of the {}' {} start squares.",
                    d.cover[i].at(sq),
                    side_title(side),
                    d.cover[i].from.count()
                ));
            }
        }
        ui.separator();
        legend(ui);
    }

    fn board(&mut self, ui: &mut Ui) {
        let avail = ui.available_size();
        let side = avail.x.min(avail.y).max(200.0);
        let (response, painter) = ui.allocate_painter(vec2(side, side), Sense::hover());
        // Wider when edge marks are stacked in lanes, so the coordinates stay clear of them.
        let lanes = self
            .drawn()
            .map_or(0, |d| scenario_picture::lanes(&d.picture));
        let margin = side * if lanes > 0 { 0.085 } else { 0.06 };
        let board = Rect::from_min_size(
            response.rect.min + vec2(margin, margin),
            vec2(side - 2.0 * margin, side - 2.0 * margin),
        );
        let Some(scenario) = self.design.scenario.clone() else {
            painter.text(
                board.center(),
                Align2::CENTER_CENTER,
                "The file has not loaded yet: see its problems on the left.",
                FontId::proportional(16.0),
                theme::MUTED,
            );
            return;
        };
        self.hovered = response
            .hover_pos()
            .and_then(|p| Square::all().find(|s| square_rect(board, *s).contains(p)));
        let cover = self.cover;
        let hovered = self.hovered;
        let Some(drawn) = self.drawn() else { return };
        scenario_picture::paint(&painter, board, &drawn.picture);
        // Beyond the edge marks when they are stacked in lanes.
        let out = if lanes > 0 { 0.75 } else { 0.5 };
        paint_labels(&painter, board, margin, out);
        if let CoverShown::SeenBy(side) = cover {
            paint_cover(&painter, board, &drawn.cover[side.index()]);
        }
        if let Some(sq) = hovered {
            paint_view(&painter, board, &square_view(&scenario, sq));
        }
        if !self.design.current {
            painter.rect_filled(board, CornerRadius::ZERO, theme::STALE_DESIGN);
            painter.text(
                board.center_top() - vec2(0.0, margin * 0.5),
                Align2::CENTER_CENTER,
                "The last version that loaded",
                FontId::proportional(14.0),
                theme::BAD,
            );
        }
    }
}

impl eframe::App for PreviewApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

/// The columns' letters below the board and the rows' numbers on its left, `out` of the
/// margin away from it.
fn paint_labels(painter: &Painter, board: Rect, margin: f32, out: f32) {
    let font = FontId::proportional((margin * 0.45).clamp(9.0, 16.0));
    for i in 0..8i8 {
        if let Some(s) = Square::new(i, 0) {
            let r = square_rect(board, s);
            let text = ((b'a' + i as u8) as char).to_string();
            let at = pos2(r.center().x, board.bottom() + margin * out);
            painter.text(at, Align2::CENTER_CENTER, text, font.clone(), theme::LABEL);
        }
        if let Some(s) = Square::new(0, i) {
            let r = square_rect(board, s);
            let at = pos2(board.left() - margin * out, r.center().y);
            let text = (i + 1).to_string();
            painter.text(at, Align2::CENTER_CENTER, text, font.clone(), theme::LABEL);
        }
    }
}

/// What `sq` is in the scenario, a sentence each: a side's deployment zone, a zone a side
/// scores for holding, a square on a side's entry or exit edge, a fixed start.
fn square_roles(s: &Scenario, sq: Square) -> Vec<String> {
    let mut out = Vec::new();
    for side in [Side::Humans, Side::Martians] {
        let setup = &s.sides[side];
        let name = side_title(side);
        if setup.deployment.contains(sq) {
            out.push(format!("In the {name}' deployment zone."));
        }
        for h in setup.hold.iter().filter(|h| h.zone.contains(sq)) {
            if h.from == 1 && h.until.is_none() && h.win_after.is_none() {
                out.push(format!(
                    "In a zone the {name} score {} VP a Round for holding.",
                    h.vp
                ));
            } else {
                let mark = crate::shelf::picture::HoldMark {
                    side,
                    zone: h.zone,
                    hold: *h,
                };
                out.push(format!(
                    "In the zone {}.",
                    crate::shelf::picture::hold_text(&mark)
                ));
            }
        }
        for e in &setup.entry {
            if !e.squares.contains(sq) {
                continue;
            }
            if e.is_drawn() || e.squares != e.edge.board_squares() {
                out.push(format!(
                    "Where the {name} may {} (P32, P33).",
                    crate::shelf::docs::entry_text(e)
                ));
            } else {
                out.push(format!(
                    "On the {} edge the {name} come on by, from Round {}.",
                    e.edge, e.round
                ));
            }
        }
        if setup.exit.is_some_and(|e| e.board_squares().contains(sq)) {
            out.push(format!("On the edge the {name} may leave by."));
        }
        let starts = s
            .models
            .iter()
            .filter(|m| m.side == side && m.start == crate::rules::scenario::Start::At(sq))
            .count();
        if starts > 0 {
            out.push(format!(
                "{} of the {name} start here.",
                count(starts, "model", "models")
            ));
        }
    }
    out
}

fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The time of day (UTC) of `t`, as HH:MM:SS.
fn clock(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let day = secs % 86_400;
    format!("{:02}:{:02}:{:02} UTC", day / 3600, day / 60 % 60, day % 60)
}

fn square_rect(board: Rect, s: Square) -> Rect {
    let sq = board.width() / 8.0;
    let (x, y) = square_origin(s);
    Rect::from_min_size(board.min + vec2(x * sq, y * sq), vec2(sq, sq))
}

/// Each square shaded by how many of the watcher's start squares see it, with the count.
fn paint_cover(painter: &Painter, board: Rect, cover: &CoverMap) {
    let max = f32::from(cover.max().max(1));
    let sq = board.width() / 8.0;
    for s in Square::all() {
        let n = cover.at(s);
        let r = square_rect(board, s);
        if n == 0 {
            continue;
        }
        let a = (40.0 + 150.0 * f32::from(n) / max) as u8;
        let c = theme::side_color(cover.watcher);
        painter.rect_filled(r.shrink(1.0), CornerRadius::ZERO, theme::alpha(c, a));
        painter.text(
            r.right_bottom() - vec2(sq * 0.1, sq * 0.08),
            Align2::RIGHT_BOTTOM,
            n.to_string(),
            FontId::proportional(sq * 0.22),
            theme::COVER_COUNT,
        );
    }
    for s in cover.from {
        painter.rect_stroke(
            square_rect(board, s).shrink(2.0),
            CornerRadius::ZERO,
            Stroke::new(1.0, theme::side_light(cover.watcher)),
            egui::StrokeKind::Inside,
        );
    }
}

/// What the hovered square sees, the range of each side from it, and where a model there
/// walks.
fn paint_view(painter: &Painter, board: Rect, view: &SquareView) {
    let sq = board.width() / 8.0;
    for s in Square::all() {
        let r = square_rect(board, s);
        match view.los(s) {
            crate::rules::map::Los::None => {
                painter.rect_filled(r, CornerRadius::ZERO, theme::NO_SIGHT_SHADE);
            }
            crate::rules::map::Los::Partial => hatch(painter, r),
            crate::rules::map::Los::Clear => {}
        }
    }
    // Each side's range from here, as the box of squares within it (R8).
    for (i, side) in [Side::Humans, Side::Martians].into_iter().enumerate() {
        if let Some(range) = view.range[side] {
            let lo = |v: i8| (v - range as i8).max(0);
            let hi = |v: i8| (v + range as i8).min(7);
            let (c0, c1, r0, r1) = (
                lo(view.from.col()),
                hi(view.from.col()),
                lo(view.from.row()),
                hi(view.from.row()),
            );
            let (Some(a), Some(b)) = (Square::new(c0, r1), Square::new(c1, r0)) else {
                continue;
            };
            let rect = square_rect(board, a).union(square_rect(board, b));
            painter.rect_stroke(
                rect.shrink(2.0 + 3.0 * i as f32),
                CornerRadius::ZERO,
                Stroke::new(2.0, theme::side_light(side)),
                egui::StrokeKind::Inside,
            );
        }
    }
    for (set, label) in [(view.walk1, "1"), (view.walk2, "2")] {
        for s in set {
            let c = square_rect(board, s).left_top() + vec2(sq * 0.16, sq * 0.16);
            painter.circle_filled(c, sq * 0.11, theme::WALK_BADGE);
            painter.text(
                c,
                Align2::CENTER_CENTER,
                label,
                FontId::proportional(sq * 0.15),
                theme::WALK_BADGE_TEXT,
            );
        }
    }
    painter.rect_stroke(
        square_rect(board, view.from),
        CornerRadius::ZERO,
        Stroke::new(3.0, theme::SELECT),
        egui::StrokeKind::Inside,
    );
}

/// Diagonal amber hatching over a square seen only partly.
fn hatch(painter: &Painter, r: Rect) {
    let p = painter.with_clip_rect(r.intersect(painter.clip_rect()));
    p.rect_filled(r, CornerRadius::ZERO, theme::alpha(theme::LOS_PARTIAL, 40));
    let w = r.width();
    let stroke = Stroke::new((w * 0.05).max(1.5), theme::alpha(theme::LOS_PARTIAL, 200));
    for k in 1..=7 {
        let t = k as f32 * w / 4.0;
        p.line_segment(
            [
                r.left_bottom() + vec2(t - w, 0.0),
                r.left_bottom() + vec2(t, -w),
            ],
            stroke,
        );
    }
}

fn legend(ui: &mut Ui) {
    let ground = theme::picture_color(crate::shelf::picture::colors::SQUARE_LIGHT);
    let row = |ui: &mut Ui, los: crate::rules::map::Los, text: &str| {
        ui.horizontal(|ui| {
            let (r, p) = ui.allocate_painter(vec2(28.0, 18.0), Sense::hover());
            p.rect_filled(r.rect, CornerRadius::ZERO, ground);
            match los {
                crate::rules::map::Los::Clear => {}
                crate::rules::map::Los::Partial => hatch(&p, r.rect),
                crate::rules::map::Los::None => {
                    p.rect_filled(r.rect, CornerRadius::ZERO, theme::NO_SIGHT_SHADE);
                }
            }
            ui.label(RichText::new(text).small());
        });
    };
    row(ui, crate::rules::map::Los::Clear, "clear line of sight");
    row(
        ui,
        crate::rules::map::Los::Partial,
        "partial: a low wall spoils the shot (R9)",
    );
    row(ui, crate::rules::map::Los::None, "no line of sight");
    ui.label(
        RichText::new(
            "Outlines: each side's range from the square. 1 and 2: where a model there \
             ends a Move of 1 or of 2 (models ignored).",
        )
        .small()
        .color(theme::MUTED),
    );
}

/// The whole set-up in words, as the shelf's page gives it: how the game is won, each
/// side's force (where it deploys or comes on, in which Round, where it may leave, what a
/// VIP is worth) and how it scores, and the counters.
fn forces(ui: &mut Ui, s: &Scenario) {
    use crate::shelf::docs::{forces, how_it_is_won, scoring};
    ui.heading("Set-up");
    let won = how_it_is_won(s);
    let mut first = won.chars();
    let won: String = first
        .next()
        .map(|c| c.to_uppercase().chain(first).collect())
        .unwrap_or_default();
    ui.label(format!("{won}."));
    for side in [Side::Humans, Side::Martians] {
        ui.label(
            RichText::new(format!("{}: {}.", side_title(side), forces(s, side)))
                .color(theme::side_light(side)),
        );
        ui.label(
            RichText::new(format!(
                "Scoring: {}.",
                scoring(side, &s.sides[side].vp, &s.sides[side].hold)
            ))
            .small(),
        );
    }
    let c = &s.counters;
    let pool = u32::from(c.critters) + u32::from(c.secrets) + u32::from(c.objectives);
    if pool > 0 {
        let mut kinds = Vec::new();
        for (n, one, many) in [
            (c.critters, "Critter", "Critters"),
            (c.secrets, "Alien Secret", "Alien Secrets"),
            (c.objectives, "objective", "objectives"),
        ] {
            if n > 0 {
                kinds.push(count(usize::from(n), one, many));
            }
        }
        ui.label(format!(
            "Counters: {} face down at random{}, from {} ({}).",
            c.placed,
            if c.zone.is_some() {
                " in their zone"
            } else {
                ""
            },
            pool,
            kinds.join(", ")
        ));
    }
    if let Some(r) = s.last_round() {
        ui.label(format!("The game ends after Round {r} at the latest."));
    }
}

/// Opens the table on `path` in a process of its own, so the preview stays open.
fn start_table(path: &Path) -> Result<(), StartTableError> {
    let exe = std::env::current_exe().map_err(StartTableError)?;
    std::process::Command::new(exe)
        .arg("play")
        .arg("--scenario")
        .arg(path)
        .spawn()
        .map(|_| ())
        .map_err(StartTableError)
}

/// Opens the preview window on `path` and runs until it is closed.
pub fn run(path: &Path) -> Result<(), RunError> {
    super::display::check()?;
    let title = format!("Mars Attacks! preview — {}", path.display());
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title.clone())
            .with_inner_size([1280.0, 860.0])
            .with_min_inner_size([900.0, 600.0]),
        ..Default::default()
    };
    let path = path.to_path_buf();
    eframe::run_native(
        &title,
        native,
        Box::new(move |cc| {
            let mut app = PreviewApp::new(&path);
            app.watch(&cc.egui_ctx);
            Ok(Box::new(app))
        }),
    )
    .map_err(|error| RunError::Window {
        what: "the preview",
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(file: &str) -> Scenario {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(file);
        crate::rules::scenario_file::load_scenario(&path)
            .unwrap()
            .scenario
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn the_hovered_square_says_what_it_is_in_the_scenario() {
        // Get Them Out: the Humans deploy in a1-h2 and (the Professor and his escort)
        // leave by the north edge; the Martians come on across the east edge in Round 1.
        let s = scenario("evacuation.toml");
        assert_eq!(
            square_roles(&s, sq("a2")),
            ["In the Humans' deployment zone."]
        );
        assert_eq!(
            square_roles(&s, sq("h2")),
            [
                "In the Humans' deployment zone.",
                "On the east edge the Martians come on by, from Round 1."
            ]
        );
        assert_eq!(
            square_roles(&s, sq("c8")),
            ["On the edge the Humans may leave by."]
        );
        assert!(square_roles(&s, sq("d5")).is_empty());
        // Ambush: fixed starts, two Soldiers on d4.
        let a = scenario("ambush.toml");
        assert_eq!(
            square_roles(&a, sq("d4")),
            ["2 models of the Humans start here."]
        );
    }
}
