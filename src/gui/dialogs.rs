//! The windows over the table: a new game, saving and loading, the end of a game, and
//! the question before a program named for a side starts.

use std::path::{Path, PathBuf};

use eframe::egui::{self, Align2, RichText, Ui};

use crate::bot::spec::LADDER;
use crate::bot::{Level, PlayerSpec};
use crate::rules::{BySide, Side};
use crate::shelf::{self, BalanceState, MapPicture, Shelved};
use crate::table::brain::{Unplayable, check_ai};
use crate::table::describe::{outcome_text, side_title};
use crate::table::rolls::{Roller, TableRollers};
use crate::table::setup::{Controller, GameSetup, ai_at_level, ai_spec_for_level, random_seed};

use super::command::{Command, FileAction};
use super::dialog_error::{EntryError, OpenError, SetupFormError};
use super::panel::{Panel, PanelContext};
use super::scenario_picture;
use super::theme;

/// How the two sides are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    VersusAi,
    HotSeat,
    Watch,
}

/// The AI levels offered, with words: the ladder's, each with what it means in one line,
/// then the scripted players and a program.
pub fn levels() -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Level::ALL
        .into_iter()
        .map(|l| (l.name(), format!("{}: {}", l.name(), LADDER.about(l))))
        .collect();
    out.extend([
        ("greedy", "greedy (scripted)".to_string()),
        ("random", "random".to_string()),
        (PROGRAM, "a program (bot protocol)".to_string()),
    ]);
    out
}

/// The level that stands for a program playing a side, whose command is typed beside it.
pub const PROGRAM: &str = "program";

/// A scenario the New game window can show: its title, briefing and picture, and its
/// measured balance in words when it has one.
#[derive(Clone, Debug)]
pub struct ScenarioEntry {
    pub path: PathBuf,
    pub name: String,
    pub briefing: String,
    pub picture: MapPicture,
    /// "Measured: Humans win 49.5% [44.6%, 54.4%] with mcts:1000 on both sides (400
    /// games)", or why not.
    pub balance: String,
}

impl ScenarioEntry {
    fn of(s: &Shelved) -> ScenarioEntry {
        let balance = match (s.balance_state(), s.balance.as_ref()) {
            (BalanceState::Current, Some(b)) => match b.headline() {
                Some(m) => {
                    let h = m.humans_rate();
                    format!(
                        "Measured balance: the Humans win {:.0}% [{:.0}%, {:.0}%] with {} on both \
                         sides ({} games).",
                        100.0 * h.rate,
                        100.0 * h.low,
                        100.0 * h.high,
                        m.player,
                        m.games
                    )
                }
                None => "Balance not measured.".into(),
            },
            (BalanceState::Stale(_), _) => {
                "Balance not measured on this version of the file.".into()
            }
            _ => "Balance not measured.".into(),
        };
        ScenarioEntry {
            path: s.path.clone(),
            name: s.scenario.name.clone(),
            briefing: s.scenario.description.trim().to_string(),
            picture: MapPicture::of(&s.scenario),
            balance,
        }
    }

    /// Reads the scenario at `path` (shipped or not); what is wrong with it otherwise.
    pub fn read(path: &Path) -> Result<ScenarioEntry, EntryError> {
        let dir = path.parent().unwrap_or(Path::new("."));
        shelf::read_entry(dir, path)
            .map(|s| ScenarioEntry::of(&s))
            .map_err(|problems| EntryError {
                path: path.to_path_buf(),
                problems,
            })
    }
}

/// The scenarios in `dir` that load, sorted by file name.
pub fn list_scenarios(dir: &Path) -> Vec<ScenarioEntry> {
    shelf::scenario_files(dir)
        .unwrap_or_default()
        .iter()
        .filter_map(|p| ScenarioEntry::read(p).ok())
        .collect()
}

/// The new game window.
pub struct NewGameDialog {
    pub open: bool,
    scenario_dir: PathBuf,
    scenarios: Vec<ScenarioEntry>,
    /// The scenario file chosen (a shipped one, or one opened from disk).
    pub path: String,
    /// The file path being typed in "Open a file".
    pub typed: String,
    /// A scenario opened from disk that is not in the list, or why it did not open.
    opened: Option<Result<ScenarioEntry, OpenError>>,
    pub side: Side,
    pub mode: Mode,
    pub level: String,
    /// The second AI in watch mode (it plays the Humans).
    pub level2: String,
    pub seed: String,
    /// The command of the program chosen as a player (`exec:`, docs/bot-protocol.md).
    pub program: String,
    /// Play at a real table, with miniatures and dice (the companion mode).
    pub at_table: bool,
    /// At a real table: who rolls the dice of a side a person plays.
    pub your_dice: Roller,
    /// At a real table: who rolls the AI's dice.
    pub ai_dice: Roller,
    /// At a real table: who rolls the counters' squares at set-up.
    pub counters: Roller,
    pub error: Option<String>,
}

/// The New game window's size: fixed, so nothing moves when an option changes.
const NEW_GAME_SIZE: [f32; 2] = [900.0, 600.0];
/// The map picture's side in the New game window.
const PICTURE_SIDE: f32 = 250.0;
/// The width of the scenario list in the New game window.
const LIST_WIDTH: f32 = 260.0;
/// The height of the scenario list and of the chosen scenario's picture and briefing.
const PREVIEW_HEIGHT: f32 = 360.0;

impl NewGameDialog {
    pub fn new(scenario_dir: PathBuf, current: &GameSetup) -> NewGameDialog {
        let mut d = NewGameDialog {
            open: false,
            scenario_dir,
            scenarios: Vec::new(),
            path: current.scenario_path.display().to_string(),
            typed: String::new(),
            opened: None,
            side: Side::Humans,
            mode: Mode::VersusAi,
            level: "normal".into(),
            level2: "normal".into(),
            seed: String::new(),
            program: String::new(),
            at_table: false,
            your_dice: Roller::Table,
            ai_dice: Roller::Program,
            counters: Roller::Program,
            error: None,
        };
        d.take_setup(current);
        d
    }

    /// Fills the fields from a game's set-up.
    pub fn take_setup(&mut self, s: &GameSetup) {
        self.path = s.scenario_path.display().to_string();
        let mut program = None;
        let mut level_of = |c: &Controller| match c.spec() {
            Some(spec) if spec.exec().is_some() => {
                let text = spec.to_string();
                program = Some(text.strip_prefix("exec:").unwrap_or(&text).to_string());
                PROGRAM.to_string()
            }
            Some(spec) => Level::ALL
                .into_iter()
                .find(|l| ai_at_level(*l) == spec)
                .map_or_else(|| spec.to_string(), |l| l.name().to_string()),
            None => "normal".into(),
        };
        let (h, m) = (&s.controllers[Side::Humans], &s.controllers[Side::Martians]);
        match (h.is_human(), m.is_human()) {
            (true, true) => self.mode = Mode::HotSeat,
            (false, false) => {
                self.mode = Mode::Watch;
                self.level = level_of(m);
                self.level2 = level_of(h);
            }
            (true, false) => {
                self.mode = Mode::VersusAi;
                self.side = Side::Humans;
                self.level = level_of(m);
            }
            (false, true) => {
                self.mode = Mode::VersusAi;
                self.side = Side::Martians;
                self.level = level_of(h);
            }
        }
        if let Some(p) = program {
            self.program = p;
        }
    }

    pub fn open(&mut self) {
        self.open = true;
        self.error = None;
        self.scenarios = list_scenarios(&self.scenario_dir);
        if self.seed.is_empty() {
            self.seed = random_seed().to_string();
        }
        if self.chosen().is_none() && !self.path.trim().is_empty() {
            self.opened =
                Some(ScenarioEntry::read(Path::new(self.path.trim())).map_err(OpenError::from));
        }
    }

    /// The scenarios listed (the shipped ones).
    pub fn scenarios(&self) -> &[ScenarioEntry] {
        &self.scenarios
    }

    /// The chosen scenario, if it loaded.
    pub fn chosen(&self) -> Option<&ScenarioEntry> {
        let path = Path::new(self.path.trim());
        self.scenarios
            .iter()
            .find(|e| e.path == path)
            .or(match &self.opened {
                Some(Ok(e)) if e.path == path => Some(e),
                _ => None,
            })
    }

    /// Opens the scenario file typed in "Open a file" and chooses it if it loads.
    pub fn open_typed(&mut self) {
        let typed = self.typed.trim().to_string();
        if typed.is_empty() {
            self.opened = Some(Err(OpenError::NoPath));
            return;
        }
        let read = ScenarioEntry::read(Path::new(&typed)).map_err(OpenError::from);
        if let Ok(e) = &read {
            self.path = e.path.display().to_string();
        }
        self.opened = Some(read);
    }

    /// The set-up the fields describe, or what is wrong with them.
    pub fn setup(&self) -> Result<GameSetup, SetupFormError> {
        let path = PathBuf::from(self.path.trim());
        if self.path.trim().is_empty() {
            return Err(SetupFormError::NoScenario);
        }
        let seed: u64 = self
            .seed
            .trim()
            .parse()
            .map_err(|_| SetupFormError::Seed(self.seed.trim().to_string()))?;
        // A program is only named here: it starts once the person allows it at the table.
        let ai = |l: &str| -> Result<Controller, SetupFormError> {
            if l != PROGRAM {
                let spec = ai_spec_for_level(l).map_err(Unplayable::from);
                return Ok(Controller::Ai(spec.and_then(check_ai)?));
            }
            let command = self.program.trim();
            if command.is_empty() {
                return Err(SetupFormError::NoCommand);
            }
            // A program with settings is written whole (`exec[dir=bots]:./bot`).
            let spec = if command
                .get(..5)
                .is_some_and(|p| p.eq_ignore_ascii_case("exec["))
            {
                command.to_string()
            } else {
                format!("exec:{command}")
            };
            let spec = spec
                .parse::<PlayerSpec>()
                .map_err(Unplayable::from)
                .and_then(check_ai)
                .map_err(|why| SetupFormError::Program {
                    command: command.to_string(),
                    why,
                })?;
            Ok(Controller::Ai(spec))
        };
        let controllers = match self.mode {
            Mode::HotSeat => BySide::new(Controller::Human, Controller::Human),
            Mode::Watch => BySide::new(ai(&self.level2)?, ai(&self.level)?),
            Mode::VersusAi => {
                let mut c = BySide::new(Controller::Human, Controller::Human);
                c[self.side.other()] = ai(&self.level)?;
                c
            }
        };
        Ok(GameSetup {
            scenario_path: path,
            seed,
            dice_seed: None,
            controllers,
        })
    }

    /// At a real table, who rolls each side's dice in the game `setup`: a person's side as
    /// `your_dice` says, the AI's as `ai_dice` says; `None` for a game on the screen.
    pub fn rolled_by(&self, setup: &GameSetup) -> Option<BySide<Roller>> {
        if !self.at_table || self.mode == Mode::Watch {
            return None;
        }
        let who = |c: &Controller| {
            if c.is_human() {
                self.your_dice
            } else {
                self.ai_dice
            }
        };
        Some(BySide::new(
            who(&setup.controllers[Side::Humans]),
            who(&setup.controllers[Side::Martians]),
        ))
    }

    pub fn ui(&mut self, ctx: &egui::Context) -> Vec<Command> {
        let mut out = Vec::new();
        if !self.open {
            return out;
        }
        let mut open = true;
        egui::Window::new("New game")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .fixed_size(NEW_GAME_SIZE)
            .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                // The list and the preview, no taller than they are drawn (the separator
                // between them would otherwise reach down the whole window).
                let top = egui::vec2(ui.available_width(), PREVIEW_HEIGHT);
                ui.allocate_ui_with_layout(
                    top,
                    egui::Layout::left_to_right(egui::Align::Min),
                    |ui| {
                        ui.set_max_height(PREVIEW_HEIGHT);
                        ui.vertical(|ui| {
                            ui.set_width(LIST_WIDTH);
                            ui.set_height(PREVIEW_HEIGHT);
                            self.scenario_list(ui);
                        });
                        ui.separator();
                        ui.vertical(|ui| {
                            ui.set_width(NEW_GAME_SIZE[0] - LIST_WIDTH - 20.0);
                            ui.set_height(PREVIEW_HEIGHT);
                            self.scenario_preview(ui);
                        });
                    },
                );
                ui.separator();
                self.options(ui);
                if let Some(e) = &self.error {
                    ui.colored_label(theme::BAD, e);
                }
                ui.separator();
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(
                            self.chosen().is_some(),
                            egui::Button::new(RichText::new("Start the game").strong()),
                        )
                        .on_disabled_hover_text("choose a scenario that loads")
                        .clicked()
                    {
                        match self.setup() {
                            Ok(s) => out.push(match self.rolled_by(&s) {
                                Some(dice) => Command::NewTableGame(
                                    Box::new(s),
                                    TableRollers {
                                        dice,
                                        counters: self.counters,
                                    },
                                ),
                                None => Command::NewGame(Box::new(s)),
                            }),
                            Err(e) => self.error = Some(e.to_string()),
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        self.open = false;
                    }
                    ui.separator();
                    if ui
                        .add_enabled(self.chosen().is_some(), egui::Button::new("Host a game…"))
                        .on_hover_text(
                            "Play this scenario with a friend over the network: this window \
                             keeps the game and the hidden cards",
                        )
                        .on_disabled_hover_text("choose a scenario that loads")
                        .clicked()
                    {
                        out.push(Command::HostGame);
                    }
                    if ui
                        .button("Join a game…")
                        .on_hover_text("Join a friend's game with its address and your code")
                        .clicked()
                    {
                        out.push(Command::JoinGame);
                    }
                });
            });
        if !open {
            self.open = false;
        }
        out
    }

    /// The shipped scenarios, and a field to open any scenario file.
    fn scenario_list(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Scenario").strong());
        egui::ScrollArea::vertical()
            .id_salt("scenario-list")
            .max_height(PREVIEW_HEIGHT - 110.0)
            .show(ui, |ui| {
                for e in &self.scenarios {
                    let chosen = Path::new(self.path.trim()) == e.path.as_path();
                    let text = format!("{}\n{}", e.name, file_name(&e.path));
                    if ui
                        .add_sized(
                            [ui.available_width(), 34.0],
                            // The grow atom pushes the text to the left.
                            egui::Button::selectable(chosen, (text, egui::Atom::grow())),
                        )
                        .clicked()
                    {
                        self.path = e.path.display().to_string();
                    }
                }
                if self.scenarios.is_empty() {
                    ui.label(
                        RichText::new(format!(
                            "No scenario found in {}.",
                            self.scenario_dir.display()
                        ))
                        .color(theme::MUTED),
                    );
                }
            });
        ui.add_space(6.0);
        let l = ui.label(RichText::new("Open a scenario file:").small());
        ui.horizontal(|ui| {
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.typed)
                        .desired_width(200.0)
                        .hint_text("my-scenario.toml"),
                )
                .labelled_by(l.id);
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Open").clicked() || enter {
                self.open_typed();
            }
        });
        // (A scenario that failed to start says so once, in the window's own message.)
        if let Some(Err(e)) = &self.opened
            && self.error.is_none()
        {
            egui::ScrollArea::vertical()
                .id_salt("open-error")
                .max_height(80.0)
                .show(ui, |ui| {
                    ui.colored_label(theme::BAD, RichText::new(e.to_string()).small());
                });
        }
    }

    /// The chosen scenario's picture and briefing.
    fn scenario_preview(&self, ui: &mut Ui) {
        let Some(e) = self.chosen() else {
            ui.label(
                RichText::new("Choose a scenario to see its map and briefing.").color(theme::MUTED),
            );
            return;
        };
        ui.label(RichText::new(&e.name).size(18.0).strong());
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(PICTURE_SIDE);
                egui::ScrollArea::vertical()
                    .id_salt("picture")
                    .max_height(PREVIEW_HEIGHT - 80.0)
                    .show(ui, |ui| {
                        scenario_picture::show(ui, &e.picture, PICTURE_SIDE);
                    });
            });
            ui.vertical(|ui| {
                ui.set_width(ui.available_width());
                egui::ScrollArea::vertical()
                    .id_salt("briefing")
                    .max_height(PREVIEW_HEIGHT - 80.0)
                    .show(ui, |ui| {
                        ui.label(&e.briefing);
                    });
            });
        });
        // The balance under both, across the whole width: never scrolled away or cut.
        ui.add_space(4.0);
        ui.add(egui::Label::new(RichText::new(&e.balance).small().color(theme::MUTED)).wrap());
    }

    /// Who plays, at what level, with which seed.
    fn options(&mut self, ui: &mut Ui) {
        egui::Grid::new("new-game")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .min_row_height(24.0)
            .show(ui, |ui| {
                ui.label("Players");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut self.mode, Mode::VersusAi, "against the AI");
                    ui.radio_value(&mut self.mode, Mode::HotSeat, "two players (hot-seat)");
                    ui.radio_value(&mut self.mode, Mode::Watch, "watch AI against AI");
                });
                ui.end_row();

                // The same rows in every mode, greyed out where they do not apply, so
                // nothing moves when the mode changes.
                ui.label("Your side");
                ui.add_enabled_ui(self.mode == Mode::VersusAi, |ui| {
                    ui.horizontal(|ui| {
                        for s in Side::BOTH {
                            ui.radio_value(&mut self.side, s, side_title(s));
                        }
                    });
                });
                ui.end_row();
                let l = ui.label(if self.mode == Mode::Watch {
                    "Martian AI"
                } else {
                    "AI level"
                });
                ui.add_enabled_ui(self.mode != Mode::HotSeat, |ui| {
                    level_combo(ui, "level", &mut self.level, l.id);
                });
                ui.end_row();
                let l = ui.label("Human AI");
                ui.add_enabled_ui(self.mode == Mode::Watch, |ui| {
                    level_combo(ui, "level2", &mut self.level2, l.id);
                });
                ui.end_row();
                let uses_program = match self.mode {
                    Mode::HotSeat => false,
                    Mode::VersusAi => self.level == PROGRAM,
                    Mode::Watch => self.level == PROGRAM || self.level2 == PROGRAM,
                };
                let l = ui.label("Program");
                ui.add_enabled_ui(uses_program, |ui| {
                    ui.horizontal(|ui| {
                        ui.add(
                            egui::TextEdit::singleline(&mut self.program)
                                .desired_width(300.0)
                                .hint_text("python3 examples/bots/greedy_bot.py"),
                        )
                        .labelled_by(l.id);
                        ui.label(
                            RichText::new("it starts only once you allow it at the table")
                                .small()
                                .color(theme::MUTED),
                        );
                    });
                });
                ui.end_row();
                ui.label("Table");
                ui.add_enabled_ui(self.mode != Mode::Watch, |ui| {
                    ui.horizontal(|ui| {
                        ui.checkbox(&mut self.at_table, "at a real table")
                            .on_hover_text(
                                "With your miniatures and dice: the program keeps the rules, \
                                 the cards and the hidden counters and shows the AI's moves as \
                                 steps to make on the table",
                            );
                        ui.add_enabled_ui(self.at_table, |ui| {
                            roller_combo(ui, "your-dice", "your dice", &mut self.your_dice);
                            if self.mode == Mode::VersusAi {
                                roller_combo(ui, "ai-dice", "AI's dice", &mut self.ai_dice);
                            }
                            roller_combo(ui, "counters", "counters", &mut self.counters);
                        });
                    });
                });
                ui.end_row();
                let l = ui.label("Seed");
                ui.horizontal(|ui| {
                    ui.add(egui::TextEdit::singleline(&mut self.seed).desired_width(120.0))
                        .labelled_by(l.id);
                    if ui.button("New seed").clicked() {
                        self.seed = random_seed().to_string();
                    }
                    ui.label(
                        RichText::new("the same seed gives the same dice")
                            .small()
                            .color(theme::MUTED),
                    );
                });
                ui.end_row();
            });
    }
}

/// Who rolls a side's dice at a real table, chosen from two.
fn roller_combo(ui: &mut Ui, id: &str, label: &str, roller: &mut Roller) {
    let words = |r: Roller| match r {
        Roller::Table => "at the table",
        Roller::Program => "by the program",
    };
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(id)
        .selected_text(words(*roller))
        .show_ui(ui, |ui| {
            for r in [Roller::Table, Roller::Program] {
                ui.selectable_value(roller, r, words(r));
            }
        })
        .response
        .labelled_by(l.id);
}

fn level_combo(ui: &mut Ui, id: &str, level: &mut String, label: egui::Id) {
    let offered = levels();
    let shown = offered
        .iter()
        .find(|(k, _)| *k == level.as_str())
        .map(|(_, t)| t.clone())
        .unwrap_or_else(|| level.clone());
    egui::ComboBox::from_id_salt(id)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (k, t) in offered {
                ui.selectable_value(level, k.to_string(), t);
            }
        })
        .response
        .labelled_by(label);
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| p.display().to_string())
}

/// The save / load window: a path to type, and the saved games found in the folder.
pub struct FileDialog {
    pub open: Option<FileAction>,
    pub path: String,
    pub dir: PathBuf,
    found: Vec<PathBuf>,
    pub error: Option<String>,
    pub message: Option<String>,
    /// A file that already holds a saved game, which the person was told of: a second
    /// "Save now" for the same path replaces it.
    pub overwrite_told: Option<PathBuf>,
}

impl FileDialog {
    pub fn new(dir: PathBuf) -> FileDialog {
        FileDialog {
            open: None,
            path: String::new(),
            dir,
            found: Vec::new(),
            error: None,
            message: None,
            overwrite_told: None,
        }
    }

    pub fn open(&mut self, what: FileAction, default: &str) {
        self.open = Some(what);
        self.error = None;
        self.message = None;
        self.overwrite_told = None;
        if self.path.is_empty() || matches!(what, FileAction::Save | FileAction::SetupSheet) {
            self.path = default.to_string();
        }
        self.found = std::fs::read_dir(&self.dir)
            .map(|rd| {
                rd.filter_map(|e| e.ok())
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "json"))
                    .collect()
            })
            .unwrap_or_default();
        self.found.sort();
    }

    pub fn ui(&mut self, ctx: &egui::Context) -> Vec<Command> {
        let mut out = Vec::new();
        let Some(what) = self.open else {
            return out;
        };
        let title = match what {
            FileAction::Save => "Save the game",
            FileAction::Load => "Load a game",
            FileAction::Replay => "Replay a saved game",
            FileAction::SetupSheet => "The set-up sheet (a printable page, SVG)",
        };
        let mut open = true;
        egui::Window::new(title)
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                let l = ui.label("File:");
                let edit = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.path)
                            .desired_width(380.0)
                            .hint_text("saves/game.json"),
                    )
                    .labelled_by(l.id);
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if !self.found.is_empty() && matches!(what, FileAction::Load | FileAction::Replay) {
                    ui.label(
                        RichText::new(format!("Saved games in {}:", self.dir.display())).small(),
                    );
                    egui::ScrollArea::vertical()
                        .max_height(160.0)
                        .show(ui, |ui| {
                            for p in &self.found {
                                let s = p.display().to_string();
                                if ui.selectable_label(self.path == s, file_name(p)).clicked() {
                                    self.path = s;
                                }
                            }
                        });
                }
                if let Some(e) = &self.error {
                    ui.colored_label(theme::BAD, e);
                }
                if let Some(m) = &self.message {
                    ui.colored_label(theme::GOOD, m);
                }
                ui.separator();
                ui.horizontal(|ui| {
                    let go = ui
                        .button(
                            RichText::new(match what {
                                FileAction::Save => "Save now",
                                FileAction::Load => "Load this game",
                                FileAction::Replay => "Replay this game",
                                FileAction::SetupSheet => "Write the sheet",
                            })
                            .strong(),
                        )
                        .clicked()
                        || enter;
                    if go {
                        let p = PathBuf::from(self.path.trim());
                        if self.path.trim().is_empty() {
                            self.error = Some("type a file name".into());
                        } else {
                            out.push(match what {
                                FileAction::Save => Command::Save(p),
                                FileAction::Load => Command::Load(p),
                                FileAction::Replay => Command::Replay(p),
                                FileAction::SetupSheet => Command::SaveSetupSheet(p),
                            });
                        }
                    }
                    if ui.button("Close").clicked() {
                        self.open = None;
                    }
                });
            });
        if !open {
            self.open = None;
        }
        out
    }
}

/// The end of a game: who won, why, and where the VP came from.
#[derive(Default)]
pub struct GameOverWindow {
    /// The game length it was closed at (so it shows again for a different ending).
    dismissed_at: Option<usize>,
}

impl Panel for GameOverWindow {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        let names = table.session.names();
        let (ctx, session) = (ui.ctx(), table.session);
        let out = &mut table.commands;
        let g = session.state();
        let Some(outcome) = g.outcome() else {
            self.dismissed_at = None;
            return;
        };
        if self.dismissed_at == Some(session.history().len()) || session.replay().is_some() {
            return;
        }
        let (head, reason) = outcome_text(g, outcome, names);
        let breakdown = session.vp_breakdown();
        egui::Window::new("Game over")
            .collapsible(false)
            .resizable(false)
            .anchor(Align2::CENTER_CENTER, [0.0, -40.0])
            .show(ctx, |ui| {
                let color = match outcome {
                    crate::rules::state::Outcome::Win(s, _) => theme::side_light(s),
                    _ => theme::TEXT,
                };
                ui.label(RichText::new(head).size(24.0).strong().color(color));
                ui.label(reason);
                ui.label(
                    RichText::new(format!(
                        "after {} Rounds and {} decisions",
                        g.round(),
                        session.history().len()
                    ))
                    .small()
                    .color(theme::MUTED),
                );
                ui.separator();
                egui::Grid::new("vp-breakdown")
                    .num_columns(3)
                    .striped(true)
                    .show(ui, |ui| {
                        ui.label("");
                        for s in Side::BOTH {
                            ui.label(
                                RichText::new(side_title(s))
                                    .strong()
                                    .color(theme::side_light(s)),
                            );
                        }
                        ui.end_row();
                        let mut causes: Vec<&'static str> = Vec::new();
                        for s in Side::BOTH {
                            for k in breakdown[s].keys() {
                                if !causes.contains(k) {
                                    causes.push(k);
                                }
                            }
                        }
                        for c in causes {
                            ui.label(c);
                            for s in Side::BOTH {
                                ui.label(breakdown[s].get(c).copied().unwrap_or(0).to_string());
                            }
                            ui.end_row();
                        }
                        ui.label(RichText::new("total VP").strong());
                        for s in Side::BOTH {
                            ui.label(RichText::new(g.vp(s).to_string()).strong());
                        }
                        ui.end_row();
                        ui.label("models left");
                        for s in Side::BOTH {
                            ui.label(g.models_left(s).to_string());
                        }
                        ui.end_row();
                        // Counted as the sidebar counts them: every counter claimed, the
                        // ones that score nothing (the first, R24) included.
                        if g.scenario().counters.placed > 0
                            || Side::BOTH.iter().any(|s| g.claimed(*s) > 0)
                        {
                            ui.label("counters claimed (how many, not VP)")
                                .on_hover_text(
                                    "How many counters each side claimed, those this scenario \
                                 scores nothing for included; the VP they earned are in the \
                                 row VP for counters",
                                );
                            for s in Side::BOTH {
                                ui.label(g.claimed(s).to_string());
                            }
                            ui.end_row();
                        }
                    });
                ui.separator();
                ui.horizontal(|ui| {
                    if ui.button(RichText::new("New game").strong()).clicked() {
                        out.push(Command::OpenNewGame);
                        self.dismissed_at = Some(session.history().len());
                    }
                    if ui.button("Save this game").clicked() {
                        out.push(Command::OpenFile(FileAction::Save));
                        self.dismissed_at = Some(session.history().len());
                    }
                    if ui.button("Look at the board").clicked() {
                        self.dismissed_at = Some(session.history().len());
                    }
                });
                // The AI's view of each person's decisions, over the game.
                for side in Side::BOTH {
                    if session.controller(side).is_human()
                        && ui
                            .button(format!("Analyse the {}' decisions", side_title(side)))
                            .on_hover_text(
                                "The AI values each of your decisions against its own choice \
                                 there and marks the three that cost most; luck is shown apart",
                            )
                            .clicked()
                    {
                        out.push(Command::Analyse(side));
                        self.dismissed_at = Some(session.history().len());
                    }
                }
            });
    }
}

/// Asks the person before a program named for `side` (by a saved game, or chosen in a
/// window) starts: its command and folder as they would run, and the choice to play the
/// side instead. Nothing is remembered: the next game that names it asks again.
pub fn program_prompt(
    ctx: &egui::Context,
    side: Side,
    bot: &crate::bot::exec::ExecBot,
) -> Vec<Command> {
    let mut out = Vec::new();
    egui::Window::new("Start a program?")
        .id(egui::Id::unique("program-prompt"))
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.label(format!(
                "The {} are to be played by a program. Starting it runs this command on \
                 this computer, with your rights:",
                side_title(side)
            ));
            let command = bot
                .command
                .iter()
                .map(|w| {
                    if w.is_empty() || w.contains(char::is_whitespace) {
                        format!("'{w}'")
                    } else {
                        w.clone()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ");
            ui.add(
                egui::Label::new(RichText::new(command.escape_debug().to_string()).monospace())
                    .wrap(),
            );
            let dir = match &bot.dir {
                Some(d) => format!("in the folder {}", d.display()),
                None => "in the folder the table was started from".into(),
            };
            ui.label(dir);
            ui.label(
                RichText::new(
                    "Start it only if you know what it is. The game waits until you choose; \
                     the choice holds for this game only.",
                )
                .color(theme::MUTED),
            );
            ui.horizontal(|ui| {
                if ui.button("Start the program").clicked() {
                    out.push(Command::AllowProgram(side));
                }
                if ui
                    .button(format!("Play the {} myself", side_title(side)))
                    .clicked()
                {
                    out.push(Command::RefuseProgram(side));
                }
            });
        });
    out
}
