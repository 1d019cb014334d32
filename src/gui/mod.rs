//! The desktop table: an egui/eframe front end to play a whole game with the mouse.
//!
//! The table holds no rules. It draws the state the rules core hands it and turns clicks
//! into decisions taken from the core's list of legal decisions; whatever it cannot map
//! to a click on the board is offered as a button with the decision's text, so a new kind
//! of decision is playable without a change here.
//!
//! * [`session`]: the game being played, with its history, undo, save, load and replay,
//!   and the AI's worker thread. No drawing; tested without a window.
//! * [`app`]: the application that owns the session and the panels.
//! * [`board`], [`sidebar`], [`log`], [`dialogs`]: one panel each, a `ui` function each;
//!   the board draws with [`board_figures`] and explains itself with [`board_tooltip`].
//! * [`forecast`]: reach, sight and exact odds shown before a decision.
//! * [`ai_panel`]: the hint on a person's decision and the AI's report, in the sidebar.
//! * [`analysis`]: the analysis window after a game.
//! * [`dice_rules`]: Martian Dice's rules in plain words, a click away at the dice table.
//! * [`dice_table`]: Martian Dice, a mode of the same window (its button in the top bar,
//!   or `mars-attacks martian-dice play`).
//! * [`preview`]: the scenario designer's window (`mars-attacks preview`), a program of
//!   its own on the same drawing code.

pub mod ai_panel;
pub mod analysis;
pub mod app;
pub mod board;
pub mod board_figures;
pub mod board_tooltip;
pub mod describe;
pub mod dialogs;
pub mod dice_rules;
pub mod dice_table;
pub mod forecast;
pub mod log;
pub mod preview;
pub mod scenario_picture;
pub mod session;
pub mod sidebar;
pub mod theme;

use std::path::PathBuf;

use eframe::egui;

pub use app::MarsApp;
pub use session::{Controller, GameSetup, Session};

use crate::rules::Side;

/// How the table opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuiOptions {
    pub scenario: PathBuf,
    /// The side the person plays; the AI plays the other.
    pub side: Side,
    /// The AI's level (`easy`, `normal`, `hard`) or any player spec.
    pub level: String,
    /// The dice seed; a fresh one when `None`.
    pub seed: Option<u64>,
    /// A saved game to open instead of a new one.
    pub load: Option<PathBuf>,
    /// Open the New game window over the table first, to choose a scenario and players.
    pub choose: bool,
    /// Open on Martian Dice with this setup instead of the skirmish.
    pub dice: Option<dice_table::DiceSetup>,
}

impl Default for GuiOptions {
    fn default() -> Self {
        GuiOptions {
            scenario: PathBuf::from("scenarios/whos-there.toml"),
            side: Side::Humans,
            level: "normal".into(),
            seed: None,
            load: None,
            choose: false,
            dice: None,
        }
    }
}

impl GuiOptions {
    /// The game these options start.
    pub fn setup(&self) -> GameSetup {
        GameSetup::versus_ai(
            self.scenario.clone(),
            self.side,
            &self.level,
            self.seed.unwrap_or_else(session::random_seed),
        )
    }
}

/// The folder scenarios are listed from: the scenario's own folder.
fn scenario_dir(o: &GuiOptions) -> PathBuf {
    o.scenario
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Whether a graphical session is there to open a window in (on Linux and the BSDs, an
/// X11 or Wayland display named by the environment); elsewhere always true.
pub fn display_available() -> bool {
    if cfg!(any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "openbsd",
        target_os = "netbsd",
        target_os = "dragonfly"
    )) {
        ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
            .iter()
            .any(|v| std::env::var_os(v).is_some_and(|x| !x.is_empty()))
    } else {
        true
    }
}

/// What to say when no window can be opened.
pub const NO_DISPLAY: &str = "the table needs a graphical session (an X11 or Wayland \
    display), and none was found (DISPLAY and WAYLAND_DISPLAY are not set); the command \
    line works without one: `mars-attacks --help` lists validate, simulate, duel, arena, \
    report, odds, los, steps and bench";

/// Said after any other failure to open the window.
const NO_DISPLAY_HINT: &str = "the table needs a graphical session; the command line \
    (`mars-attacks --help`) works without one";

/// Opens the window and plays until it is closed. The scenario and any saved game are
/// loaded first, so a file that does not load is reported before a window opens.
pub fn run(options: GuiOptions) -> Result<(), String> {
    let startup = app::Startup::now();
    let setup = options.setup();
    let saved = match &options.load {
        Some(path) => Some(Session::load(path)?),
        None => {
            session::load_scenario_text(&setup.scenario_path)?;
            None
        }
    };
    if !display_available() {
        return Err(NO_DISPLAY.to_string());
    }
    let dir = scenario_dir(&options);
    let choose = options.choose;
    let dice = options.dice.clone();
    let title = app::title_for(Some(options.side));
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title.clone())
            .with_inner_size([1280.0, 860.0])
            .with_min_inner_size([960.0, 640.0]),
        ..Default::default()
    };
    eframe::run_native(
        &title,
        native,
        Box::new(move |_cc| {
            let mut app = MarsApp::new(setup, dir, PathBuf::from("saves"));
            app.startup = startup;
            if let Some(s) = saved {
                app.replace_session(s);
            }
            if choose {
                app.new_game.open();
            }
            if let Some(d) = dice {
                app.open_dice(d);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| format!("cannot open the window: {e}; {NO_DISPLAY_HINT}"))
}
