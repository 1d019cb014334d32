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
//! * [`board`], [`sidebar`], [`log`], [`dialogs`]: one panel each, a `ui` function each.
//! * [`forecast`]: reach, sight and exact odds shown before a decision.

pub mod app;
pub mod board;
pub mod describe;
pub mod dialogs;
pub mod forecast;
pub mod log;
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
}

impl Default for GuiOptions {
    fn default() -> Self {
        GuiOptions {
            scenario: PathBuf::from("scenarios/whos-there.toml"),
            side: Side::Humans,
            level: "normal".into(),
            seed: None,
            load: None,
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

/// Opens the window and plays until it is closed.
pub fn run(options: GuiOptions) -> Result<(), String> {
    let startup = app::Startup::now();
    let setup = options.setup();
    let dir = scenario_dir(&options);
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
            if let Some(path) = &options.load {
                app.open_saved(path);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| format!("cannot open the window: {e}"))
}
