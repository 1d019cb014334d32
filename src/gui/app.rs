//! The application: owns the game session and the panels, and carries out what the
//! panels ask for.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use eframe::egui::{self, Align2, Key, RichText, Ui};

use crate::rules::Side;
use crate::rules::action::{Action, ModelId};
use crate::rules::cards::Card;
use crate::rules::state::{Loc, Phase};
use crate::table::describe::{action_text, side_title};
use crate::table::forecast::acting_model;
use crate::table::session::Session;
use crate::table::setup::GameSetup;

use super::analysis::AnalysisView;
use super::at_table::AtTableView;
use super::board::BoardView;
use super::command::{Command, FileAction};
use super::dialogs::{FileDialog, GameOverWindow, NewGameDialog, program_prompt};
use super::frames::FrameHistory;
pub use super::frames::Startup;
use super::log::LogView;
use super::modes::{
    DICE_GAME_BUTTON, DICE_GAME_HOVER, Mode, TAKEDOWN_BUTTON, TAKEDOWN_HOVER, dice_mode_buttons,
};
use super::panel::{Panel, PanelContext, within_width};
use super::prompt::AnswerPrompt;
use super::sidebar::Sidebar;
use super::theme;

mod games;
mod network;

use games::{Parked, Shown};

/// The table: a game and everything drawn around it.
///
/// Its state is the game at the table (the session, what is selected or armed, the other
/// games and windows beside it) and the panels; the window's own frames are a
/// [`FrameHistory`] apart. The public fields are the ones the window's tests and the
/// `gui_frame` example read and set from outside; the rest is reached only through
/// `MarsApp`'s methods.
pub struct MarsApp {
    // ----- the game at the table -----
    /// The game (none when the first scenario would not load).
    pub session: Option<Session>,
    pub selected: Option<ModelId>,
    /// The decision on the screen and when it came ([`super::fresh`]).
    fresh: super::fresh::FreshDecision,
    /// A card whose target is being chosen on the board.
    pub armed: Option<Card>,
    /// Decisions made when the view last caught up with the position.
    seen: usize,
    /// Set once the session's AI can wake the window.
    waker_set: bool,
    /// A problem with the last command (a file that would not load).
    error: Option<String>,
    /// In a hot-seat game, the side whose person has the screen now.
    screen_side: Option<Side>,
    /// Hide the table in a hot-seat game when the decision passes to the other person.
    pub pass_screen: bool,
    /// The analysis window of the finished game, if one was asked for.
    pub analysis: Option<AnalysisView>,
    /// Search iterations a position in an analysis.
    pub analysis_iterations: u64,
    /// The game the window shows: the skirmish (the session above), or a dice game.
    shown: Shown,
    /// The dice games not shown, kept as they were left.
    parked: Parked,

    // ----- the panels and windows -----
    pub board: BoardView,
    /// A game at a real table: the step to make there, the dice to type, corrections.
    pub at_table: AtTableView,
    sidebar: Sidebar,
    log: LogView,
    pub new_game: NewGameDialog,
    pub files: FileDialog,
    game_over: GameOverWindow,
    /// Network play: the Host / Join windows, a table joining, a game over the network.
    network: network::Network,

    // ----- the window itself -----
    /// The window's frames and look, apart from the game.
    frames: FrameHistory,
    /// How long the program took to show its first frame.
    pub startup: Startup,
}

/// In a hot-seat game (both sides played by people at this screen), the side to hand the
/// screen to when the decision has passed to it from the side that has it.
pub fn hot_seat_cover(session: &Session, has_screen: Option<Side>) -> Option<Side> {
    let hot_seat = Side::BOTH.iter().all(|s| session.controller(*s).is_human());
    if !hot_seat || session.replay().is_some() || session.state().is_over() {
        return None;
    }
    let deciding = session.human_to_move()?;
    (has_screen != Some(deciding)).then_some(deciding)
}

impl MarsApp {
    /// A table for `setup`, with scenarios listed from `scenario_dir` and games saved in
    /// `save_dir`. If the scenario does not load, the new game window opens with the
    /// reason.
    pub fn new(setup: GameSetup, scenario_dir: PathBuf, save_dir: PathBuf) -> MarsApp {
        let mut app = MarsApp::without_game(&setup, scenario_dir, save_dir);
        match Session::new(setup) {
            Ok(s) => app.session = Some(s),
            Err(e) => {
                app.new_game.open();
                app.new_game.error = Some(e.to_string());
            }
        }
        app
    }

    /// A table with no game yet and the New game window open over it, filled in from
    /// `setup`: nothing is dealt, deployed or seeded until the person starts a game.
    pub fn choosing(setup: GameSetup, scenario_dir: PathBuf, save_dir: PathBuf) -> MarsApp {
        let mut app = MarsApp::without_game(&setup, scenario_dir, save_dir);
        app.new_game.open();
        app
    }

    /// A table with no game on it (one is put there by [`MarsApp::replace_session`], or
    /// started from the New game window), its New game window filled in from `setup`.
    pub fn without_game(setup: &GameSetup, scenario_dir: PathBuf, save_dir: PathBuf) -> MarsApp {
        MarsApp {
            session: None,
            selected: None,
            fresh: Default::default(),
            armed: None,
            board: BoardView::default(),
            at_table: AtTableView::default(),
            sidebar: Sidebar::default(),
            log: LogView::default(),
            new_game: NewGameDialog::new(scenario_dir, setup),
            files: FileDialog::new(save_dir),
            game_over: GameOverWindow::default(),
            network: network::Network::default(),
            frames: FrameHistory::default(),
            waker_set: false,
            error: None,
            seen: usize::MAX,
            startup: Startup::default(),
            analysis: None,
            analysis_iterations: super::analysis::ANALYSIS_ITERATIONS,
            screen_side: None,
            pass_screen: true,
            shown: Shown::Skirmish,
            parked: Parked::default(),
        }
    }

    /// The whole window, drawn into `ui` (the eframe app and the tests call this).
    pub fn show(&mut self, ui: &mut Ui) {
        let start = Instant::now();
        self.startup.frame(ui.ctx(), false);
        self.show_inner(ui);
        self.startup.frame(ui.ctx(), true);
        self.frames.built(start.elapsed());
    }

    fn show_inner(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.frames.style_once(&ctx);
        self.frames.frame_started();
        self.wire_waker(&ctx);
        self.network_tick(&ctx);
        if let Some(start) = self.network.window.ui(&ctx, self.network.joining.is_some()) {
            self.start_network(start, &ctx);
        }
        self.keys(&ctx);

        let mut commands = Vec::new();
        // The game waits while the New game window is open: nothing moves behind it.
        let waits = self.a_window_waits();
        if let Some(s) = &mut self.session
            && !waits
        {
            s.tick();
            if s.is_thinking() || s.current_hint().is_some_and(|h| h.report.is_none()) {
                // Keep drawing while the AI thinks: the spinner turns and the board stays live.
                ctx.request_repaint();
            } else if let Some(wait) = s.ai_wait() {
                ctx.request_repaint_after(wait.max(Duration::from_millis(5)));
            }
        }
        if let Some(s) = &mut self.session
            && !waits
            && let Some(wait) = s.replay_tick()
        {
            ctx.request_repaint_after(wait);
        }
        self.catch_up();

        let mode = self.mode();
        if mode != Mode::Skirmish {
            let mut to = None;
            top_bar_panel().show(ui, |ui| {
                ui.horizontal(|ui| {
                    title_label(ui);
                    to = dice_mode_buttons(ui, mode);
                });
            });
            match &mut self.shown {
                Shown::MartianDice(d) => {
                    if let Some(setup) = d.ui(ui) {
                        self.open_dice(setup);
                    }
                }
                Shown::DiceGame(d) => {
                    if let Some(setup) = d.ui(ui) {
                        self.open_dice_game(setup);
                    }
                }
                Shown::Takedown(d) => {
                    if let Some(setup) = d.ui(ui) {
                        self.open_takedown(setup);
                    }
                }
                Shown::Skirmish => {}
            }
            self.problem_ui(&ctx);
            if let Some(m) = to {
                self.switch_to(m);
            }
            return;
        }
        top_bar_panel().show(ui, |ui| {
            commands.extend(self.top_bar(ui));
        });

        let Some(session) = &self.session else {
            egui::CentralPanel::default().show(ui, |ui| {
                ui.centered_and_justified(|ui| {
                    ui.label("Choose a scenario to start a game.");
                });
            });
            commands.extend(self.new_game.ui(&ctx));
            self.run(commands);
            return;
        };
        // Hot-seat: the table is hidden whenever the decision passes to the other person,
        // so that neither sees the other's hand.
        if self.pass_screen
            && let Some(side) = hot_seat_cover(session, self.screen_side)
        {
            if pass_screen_ui(ui, side) {
                self.screen_side = Some(side);
            }
            commands.extend(self.new_game.ui(&ctx));
            commands.extend(self.files.ui(&ctx));
            self.run(commands);
            return;
        }
        let legal = session.legal();
        let mut table = PanelContext::new(session, &legal, self.selected, self.armed);
        // Over the network: a look back at a position shown, asked for in the left panel.
        let mut look_back = None;
        // The top bar's commands first, then the panels' in the order they are drawn.
        table.commands = commands;
        let now = ctx.input(|i| i.time);
        table.fresh = self.fresh.observe(session, now);
        if table.fresh.new {
            // Drawn again when the guard lifts and when the mark goes.
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }

        egui::Panel::left("log")
            .default_size(300.0)
            .size_range(200.0..=520.0)
            .frame(egui::Frame::new().fill(theme::PANEL).inner_margin(8.0))
            .show(ui, |ui| {
                within_width(ui, |ui| match &mut self.network.game {
                    Some(game) => look_back = super::remote_panel::ui(ui, game),
                    None => self.log.ui(ui, &mut table),
                })
            });
        egui::Panel::right("sidebar")
            .default_size(340.0)
            .size_range(280.0..=520.0)
            .frame(egui::Frame::new().fill(theme::PANEL).inner_margin(8.0))
            .show(ui, |ui| {
                within_width(ui, |ui| self.sidebar.ui(ui, &mut table))
            });
        let board_rect = egui::CentralPanel::default()
            .frame(egui::Frame::new().fill(theme::BACKGROUND))
            .show(ui, |ui| {
                self.board.ui(ui, &mut table);
                ui.max_rect()
            })
            .inner;

        // A question waiting for a person's answer: a prompt over the board.
        if !self.a_window_waits() {
            AnswerPrompt { over: board_rect }.ui(ui, &mut table);
            self.at_table
                .ui(ui, &mut table, board_rect, self.board.geom);
        }
        if let Some((side, bot)) = session.program_to_allow()
            && !self.a_window_waits()
        {
            table.commands.extend(program_prompt(&ctx, side, &bot));
        }
        self.game_over.ui(ui, &mut table);
        if let Some(a) = &mut self.analysis {
            a.ui(ui, &mut table);
            if !a.open {
                self.analysis = None;
            }
        }
        let mut commands = table.commands;
        commands.extend(self.new_game.ui(&ctx));
        commands.extend(self.files.ui(&ctx));
        if self.frames.overlay_shown() {
            self.frames
                .overlay(&ctx, board_rect, &self.startup, self.session.as_ref());
        }
        self.problem_ui(&ctx);
        commands.dedup();
        if let (Some(k), Some(game), Some(s)) =
            (look_back, &mut self.network.game, &mut self.session)
        {
            game.look_back(s, k);
        }
        self.run(commands);
    }

    /// The New game window or a network window is open: the game waits behind it, and
    /// nothing is drawn over the board.
    fn a_window_waits(&self) -> bool {
        self.new_game.open || self.network.window.open.is_some()
    }

    /// The problem with the last command, if any, until the person closes it.
    fn problem_ui(&mut self, ctx: &egui::Context) {
        let Some(e) = &self.error else { return };
        let mut close = false;
        egui::Window::new("Problem")
            .collapsible(false)
            .anchor(Align2::CENTER_BOTTOM, [0.0, -20.0])
            .show(ctx, |ui| {
                ui.colored_label(theme::BAD, e);
                close = ui.button("OK").clicked();
            });
        if close {
            self.error = None;
        }
    }

    fn top_bar(&mut self, ui: &mut Ui) -> Vec<Command> {
        let mut out = Vec::new();
        ui.horizontal(|ui| {
            title_label(ui);
            if ui.button("New game").clicked() {
                out.push(Command::OpenNewGame);
            }
            // Over the network the host decides what can be taken back.
            let can_undo = self
                .network
                .game
                .as_ref()
                .is_some_and(|g| g.table.seat().side().is_some())
                || self
                    .session
                    .as_ref()
                    .is_some_and(|s| s.undo_depth().is_some());
            if ui
                .add_enabled(can_undo, egui::Button::new("Undo"))
                .on_hover_text(
                    "Take back your last decision (Ctrl+Z); dice rolled are never taken back",
                )
                .on_disabled_hover_text(
                    "Nothing to undo: dice were rolled since your last decision",
                )
                .clicked()
            {
                out.push(Command::Undo);
            }
            let has_game = self.session.is_some();
            if ui
                .add_enabled(
                    has_game && self.network.game.is_none(),
                    egui::Button::new("Save"),
                )
                .on_disabled_hover_text("A game over the network is kept, and saved, by its host")
                .clicked()
            {
                out.push(Command::OpenFile(FileAction::Save));
            }
            if ui.button("Load").clicked() {
                out.push(Command::OpenFile(FileAction::Load));
            }
            if ui
                .button("Replay")
                .on_hover_text("Step through a saved game")
                .clicked()
            {
                out.push(Command::OpenFile(FileAction::Replay));
            }
            // The analysis of any finished or loaded game, one side at a time.
            let analysable = self.session.as_ref().is_some_and(|s| s.can_analyse());
            ui.add_enabled_ui(analysable, |ui| {
                ui.menu_button("Analyse", |ui| {
                    for side in Side::BOTH {
                        let can = self
                            .session
                            .as_ref()
                            .is_some_and(|s| s.can_analyse_side(side));
                        if ui
                            .add_enabled(
                                can,
                                egui::Button::new(format!("the {}' decisions", side_title(side))),
                            )
                            .on_disabled_hover_text(
                                "Not while the game goes on: it would name the cards that side \
                                 holds",
                            )
                            .clicked()
                        {
                            out.push(Command::Analyse(side));
                            ui.close();
                        }
                    }
                })
                .response
                .on_hover_text(
                    "The AI values each decision against its own choice there, luck apart",
                )
                .on_disabled_hover_text("Finish a game, or load one, to analyse it");
            });
            if ui
                .button("Martian Dice")
                .on_hover_text("The quick dice game beside the long one; this game waits")
                .clicked()
            {
                out.push(Command::MartianDice);
            }
            if self
                .session
                .as_ref()
                .is_some_and(|s| s.companion().is_some())
            {
                ui.separator();
                if ui
                    .button("The table differs…")
                    .on_hover_text(
                        "Move a model, put down or take away a counter, lay a model down or \
                         stand it up, to match the real table",
                    )
                    .clicked()
                {
                    self.at_table.correction.open = true;
                    self.at_table.correction.error = None;
                }
                let placing = self.session.as_ref().is_some_and(|s| s.placing().is_some());
                if ui
                    .add_enabled(!placing, egui::Button::new("Set-up sheet…"))
                    .on_hover_text(
                        "A printable page of the set-up: the map with its zones and edges, \
                         the counters' squares, and the label for each model's base",
                    )
                    .on_disabled_hover_text("Roll the counters' squares first")
                    .clicked()
                {
                    out.push(Command::OpenFile(FileAction::SetupSheet));
                }
            }
            if ui
                .button(DICE_GAME_BUTTON)
                .on_hover_text(DICE_GAME_HOVER)
                .clicked()
            {
                out.push(Command::DiceGame);
            }
            if ui
                .button(TAKEDOWN_BUTTON)
                .on_hover_text(TAKEDOWN_HOVER)
                .clicked()
            {
                out.push(Command::Takedown);
            }
            // Watching two AIs: the controls clicked again and again stay in one place.
            if let Some(s) = self.session.as_ref().filter(|s| s.is_watch()) {
                ui.separator();
                let label = if s.paused { "Resume" } else { "Pause" };
                if ui
                    .add(egui::Button::new(label).min_size(egui::vec2(64.0, 0.0)))
                    .clicked()
                {
                    out.push(Command::Pause(!s.paused));
                }
                let mut ms = s.ai_delay.as_millis() as u32;
                let slider = egui::Slider::new(&mut ms, 0..=2000)
                    .text("ms between moves")
                    .step_by(50.0);
                if ui.add(slider).changed() {
                    out.push(Command::Delay(Duration::from_millis(u64::from(ms))));
                }
            }
            if let Some(s) = &self.session {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(RichText::new("F12: frame time").small().color(theme::MUTED));
                    ui.separator();
                    // Over the network the seed is the host's secret: only the name is shown.
                    let text = match s.afar() {
                        Some(_) => format!("{}  ·  over the network", s.scenario().name),
                        None => format!("{}  ·  seed {}", s.scenario().name, s.setup().seed),
                    };
                    ui.label(RichText::new(text).color(theme::LABEL));
                });
            }
        });
        out
    }

    fn keys(&mut self, ctx: &egui::Context) {
        let (f12, esc, undo) = ctx.input(|i| {
            (
                i.key_pressed(Key::F12),
                i.key_pressed(Key::Escape),
                i.modifiers.command && i.key_pressed(Key::Z),
            )
        });
        if f12 {
            self.frames.toggle_overlay();
        }
        if esc && !self.board.close_menu() {
            if self.armed.is_some() {
                self.armed = None;
            } else {
                self.selected = None;
            }
        }
        if undo {
            self.run(vec![Command::Undo]);
        }
        // A replay steps with the arrow keys and jumps with Home and End.
        if let Some(r) = self.session.as_ref().and_then(|s| s.replay()) {
            let (pos, len) = (r.pos, r.actions.len());
            let to = ctx.input(|i| {
                if i.key_pressed(Key::ArrowRight) {
                    Some(pos + 1)
                } else if i.key_pressed(Key::ArrowLeft) {
                    Some(pos.saturating_sub(1))
                } else if i.key_pressed(Key::Home) {
                    Some(0)
                } else if i.key_pressed(Key::End) {
                    Some(len)
                } else {
                    None
                }
            });
            if let Some(to) = to {
                self.run(vec![Command::ReplayTo(to)]);
            }
        }
    }

    fn wire_waker(&mut self, ctx: &egui::Context) {
        if let Some(s) = &mut self.session
            && !self.waker_set
        {
            let c = ctx.clone();
            s.set_waker(move || c.request_repaint());
            self.waker_set = true;
        }
    }

    /// After the position changes: forget stale look-ahead and follow the acting model.
    fn catch_up(&mut self) {
        let Some(s) = &self.session else { return };
        let n = s.decisions_made();
        if n == self.seen {
            return;
        }
        self.seen = n;
        self.board.position_changed();
        self.armed = None;
        let g = s.state();
        if let Some(m) = acting_model(g) {
            self.selected = Some(m);
        } else if let Phase::FightTarget { attacker, .. } = g.phase() {
            self.selected = Some(attacker);
        }
        if let Some(m) = self.selected {
            let gone = matches!(g.model(m).loc, Loc::Dead | Loc::Exited);
            let theirs = s
                .human_to_move()
                .is_some_and(|side| side != g.model(m).side && acting_model(g).is_none());
            // Its action is over and it may not act again now (the AI's Turn, or it has
            // acted): its sight and reach would be stale.
            let done = acting_model(g).is_none()
                && matches!(g.model(m).loc, Loc::Board(_))
                && !s.legal().contains(&Action::Activate(m));
            if gone || theirs || done {
                self.selected = None;
            }
        }
    }

    /// Carries out the panels' commands.
    pub fn run(&mut self, commands: Vec<Command>) {
        for c in commands {
            self.command(c);
        }
        self.catch_up();
        self.follow_selection_with_hint();
    }

    /// Once a hint is shown, selecting another model that may act asks for that model's
    /// best move.
    fn follow_selection_with_hint(&mut self) {
        let Some(s) = &mut self.session else { return };
        let Some(m) = self.selected else { return };
        let Some(h) = s.current_hint() else { return };
        let mover = h.mover(s.state());
        if h.model != Some(m) && mover != Some(m) && s.legal().contains(&Action::Activate(m)) {
            s.request_hint_for(Some(m));
        }
    }

    fn command(&mut self, c: Command) {
        let Some(c) = self.network_command(c) else {
            return;
        };
        match c {
            Command::Play(plan) => self.play_plan(&plan),
            Command::Select(m) => {
                self.selected = m;
                if let Some(s) = &mut self.session {
                    s.notice = None;
                }
            }
            Command::Notice(text) => {
                if let Some(s) = &mut self.session {
                    s.notice = Some(text);
                }
            }
            Command::Arm(c) => self.armed = c,
            Command::Undo => {
                if let Some(s) = &mut self.session
                    && s.undo()
                {
                    self.seen = usize::MAX;
                }
            }
            Command::NewGame(setup) => match Session::new(*setup) {
                Ok(s) => {
                    self.replace_session(s);
                    self.new_game.open = false;
                }
                Err(e) => self.new_game.error = Some(e.to_string()),
            },
            Command::NewTableGame(setup, rollers) => match Session::new(*setup) {
                Ok(mut s) => {
                    s.start_at_table(rollers);
                    self.replace_session(s);
                    self.new_game.open = false;
                }
                Err(e) => self.new_game.error = Some(e.to_string()),
            },
            Command::ConfirmStep
            | Command::EnterDice(_)
            | Command::TakeBackRoll
            | Command::ConfirmDice
            | Command::WithdrawDecision
            | Command::CorrectTable(_) => {
                if let Some(s) = &mut self.session
                    && self.at_table.carry_out(s, c)
                {
                    // The table was corrected: the board catches up with it.
                    self.seen = usize::MAX;
                }
            }
            Command::SaveSetupSheet(path) => self.save_setup_sheet(&path),
            // Opened by `network_command` before it comes here.
            Command::HostGame | Command::JoinGame => {}
            Command::MartianDice => self.switch_to(Mode::MartianDice),
            Command::DiceGame => self.switch_to(Mode::DiceGame),
            Command::Takedown => self.switch_to(Mode::Takedown),
            Command::OpenNewGame => {
                if let Some(s) = &self.session {
                    let setup = s.setup().clone();
                    self.new_game.take_setup(&setup);
                }
                self.new_game.seed.clear();
                self.new_game.open();
            }
            Command::OpenFile(what) => {
                let default = if what == FileAction::SetupSheet {
                    super::save_names::default_stem(&self.files.dir, self.session.as_ref())
                        + "-setup.svg"
                } else {
                    super::save_names::default_save_path(&self.files.dir, self.session.as_ref())
                };
                self.files.open(what, &default);
            }
            Command::Save(path) => {
                let Some(s) = &self.session else { return };
                // A file that holds a game already is replaced only when asked twice.
                if path.exists() && self.files.overwrite_told.as_ref() != Some(&path) {
                    self.files.message = None;
                    self.files.error = Some(format!(
                        "{} holds a saved game already: press Save now again to replace it, \
                         or change the name",
                        path.display()
                    ));
                    self.files.overwrite_told = Some(path);
                    return;
                }
                self.files.overwrite_told = None;
                if let Some(dir) = path.parent()
                    && !dir.as_os_str().is_empty()
                {
                    let _ = std::fs::create_dir_all(dir);
                }
                match s.save_to(&path) {
                    Ok(()) => {
                        self.files.error = None;
                        self.files.message = Some(format!("Saved to {}", path.display()));
                    }
                    Err(e) => {
                        self.files.message = None;
                        self.files.error = Some(e.to_string());
                    }
                }
            }
            Command::Load(path) => self.load(&path, false),
            Command::Replay(path) => self.load(&path, true),
            Command::ReplayTo(n) => {
                if let Some(s) = &mut self.session {
                    s.replay_to(n);
                }
            }
            Command::TakeOver => {
                if let Some(s) = &mut self.session {
                    s.take_over();
                    self.seen = usize::MAX;
                }
            }
            Command::Pause(p) => {
                if let Some(s) = &mut self.session {
                    s.paused = p;
                }
            }
            Command::Delay(d) => {
                if let Some(s) = &mut self.session {
                    s.ai_delay = d;
                }
            }
            Command::Autoplay(on) => {
                if let Some(s) = &mut self.session {
                    s.set_autoplay(on);
                }
            }
            Command::ReplaySpeed(step) => {
                if let Some(s) = &mut self.session {
                    s.set_replay_speed(step);
                }
            }
            Command::AllowProgram(side) => {
                if let Some(s) = &mut self.session {
                    s.allow_program(side);
                }
            }
            Command::RefuseProgram(side) => {
                if let Some(s) = &mut self.session {
                    s.set_controller(side, crate::table::setup::Controller::Human);
                }
            }
            Command::Hint => {
                if let Some(s) = &mut self.session {
                    s.request_hint_for(self.selected);
                }
            }
            Command::Analyse(side) => {
                if let Some(s) = &self.session {
                    // The window polls for the result while it runs: no waking needed.
                    self.analysis = Some(AnalysisView::start(
                        s,
                        side,
                        self.analysis_iterations,
                        || {},
                    ));
                }
            }
        }
    }

    /// Loads a saved game, to play on or to replay; a file that does not load leaves the
    /// game as it was and says why.
    fn load(&mut self, path: &std::path::Path, replay: bool) {
        let loaded = if replay {
            Session::load_replay(path)
        } else {
            Session::load(path)
        };
        match loaded {
            Ok(s) => {
                self.replace_session(s);
                self.files.open = None;
            }
            Err(e) => {
                self.files.message = None;
                self.files.error = Some(e.to_string());
            }
        }
    }

    /// Puts `s` on the table in place of the current game (a loaded save, a game set up
    /// elsewhere).
    pub fn replace_session(&mut self, s: Session) {
        self.session = Some(s);
        self.selected = None;
        self.waker_set = false;
        self.seen = usize::MAX;
        self.board = BoardView::default();
        self.at_table = AtTableView::default();
        self.game_over = GameOverWindow::default();
        if let Some(s) = &mut self.session
            && s.is_watch()
        {
            s.ai_delay = Duration::from_millis(500);
        }
    }

    /// Plays a plan decision by decision; stops (and says why) at the first that is no
    /// longer legal, which happens when a die rolled on the way changed things.
    fn play_plan(&mut self, plan: &[Action]) {
        let Some(s) = &mut self.session else { return };
        let names = s.names();
        for (i, a) in plan.iter().enumerate() {
            if !s.legal().contains(a) {
                if i > 0 {
                    s.notice = Some(format!(
                        "{} is no longer possible after what happened",
                        action_text(s.state(), a, names)
                    ));
                }
                break;
            }
            if let Err(e) = s.play(*a) {
                s.notice = Some(e.to_string());
                break;
            }
            s.notice = None;
        }
    }

    /// Writes the set-up sheet of the game at the table to `path` (an SVG picture, or a
    /// new file): the map, the counters' squares as the game placed them, the labels.
    fn save_setup_sheet(&mut self, path: &std::path::Path) {
        let Some(s) = &self.session else { return };
        let sheet = crate::table::setup_sheet::SetupSheet::of_game(
            s.state(),
            s.setup_events(),
            s.setup().seed,
        );
        match crate::staged::write_picture(path, &sheet.to_svg()) {
            Ok(()) => {
                self.files.error = None;
                self.files.message = Some(format!("Set-up sheet written to {}", path.display()));
            }
            Err(e) => {
                self.files.message = None;
                self.files.error = Some(e.to_string());
            }
        }
    }
}

impl eframe::App for MarsApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

/// A side's name for the window title.
pub fn title_for(side: Option<Side>) -> String {
    match side {
        Some(s) => format!("Mars Attacks! — you play the {}", side_title(s)),
        None => "Mars Attacks!".into(),
    }
}

/// The screen that hides the table in a hot-seat game until the person playing `side`
/// says they have it: whether they said so this frame.
fn pass_screen_ui(ui: &mut Ui, side: Side) -> bool {
    let mut ready = false;
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(theme::BACKGROUND))
        .show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() * 0.35);
                ui.label(
                    RichText::new(format!("Pass the screen to the {}", side_title(side)))
                        .size(28.0)
                        .strong()
                        .color(theme::side_light(side)),
                );
                ui.label("The table is hidden until they are ready.");
                ui.add_space(12.0);
                let button =
                    RichText::new(format!("I am the {}: show the table", side_title(side)))
                        .size(18.0);
                ready = ui.button(button).clicked();
            });
        });
    ready
}

/// The bar across the top of the window, in every game.
fn top_bar_panel() -> egui::Panel {
    egui::Panel::top("top-bar").frame(
        egui::Frame::new()
            .fill(theme::BACKGROUND)
            .inner_margin(egui::Margin::symmetric(10, 6)),
    )
}

/// The program's name at the left of the top bar, in either game.
fn title_label(ui: &mut Ui) {
    ui.label(
        RichText::new("MARS ATTACKS!")
            .strong()
            .size(20.0)
            .color(theme::TITLE),
    );
    ui.add_space(12.0);
}
