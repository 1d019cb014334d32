//! The desktop table: an egui/eframe front end to play a whole game with the mouse.
//!
//! The table holds no rules. It draws the state the rules core hands it and turns clicks
//! into decisions taken from the core's list of legal decisions; whatever it cannot map
//! to a click on the board is offered as a button with the decision's text, so a new kind
//! of decision is playable without a change here.
//!
//! The game being played (history, undo, saves, replays, the AI's worker thread) is
//! [`crate::table`]'s, which draws nothing; the window reads it and asks it for changes.
//!
//! * [`app`]: the application that owns the session and the panels; [`command`]: what a
//!   panel asks it to do; [`frames`]: the window's own history apart from the game (frame
//!   times for the F12 overlay, the start-up time).
//! * [`panel`]: the one shape of every panel, `Panel::ui(ui, &mut PanelContext)`;
//!   [`theme`]: every colour the window draws with, by what it colours.
//! * [`board`], [`sidebar`], [`log`], [`prompt`] (the question over the board),
//!   [`dialogs`]: the panels and windows; the board is drawn one layer a function: the ground, grid, blockers, walls, edges
//!   and coordinates in `board_ground`, the reach and a card's targets and aim in
//!   `board_overlays`, counters and Event tokens in `board_counters`, the models with
//!   [`board_figures`], the sight both ways with [`board_sight`] (its tags kept apart by `tag_layout`), the trays of models off
//!   the board with [`board_tray`], the AI's estimate of the chance to win with
//!   [`board_estimate`] and the hinted move with [`board_hint`]; it lays itself out with
//!   [`board_geom`], explains itself with [`board_tooltip`] and reads what a click offers
//!   from [`board_plans`].
//! * [`at_table`]: a game at a real table (the companion mode): the step to make there,
//!   large, with its move drawn on the board; the dice typed in; "the table differs".
//! * [`ai_panel`]: the hint on a person's decision and the AI's report, in the sidebar.
//! * [`analysis`]: the analysis window after a game.
//! * [`dice_rules`]: Martian Dice's rules in plain words, a click away at the dice table.
//! * [`dice_table`]: Martian Dice, a mode of the same window (its button in the top bar,
//!   or `mars-attacks martian-dice play`).
//! * [`dice_game_table`]: Mars Attacks: The Dice Game, a third mode (its button in the top
//!   bar, or `mars-attacks dice-game play`), drawn with [`dice_game_pieces`] (dice, cards,
//!   tokens, Nuke symbols) beside [`dice_game_side`] (seats, the AI, a new game, the log);
//!   its rules in plain words in [`dice_game_rules`].
//! * [`takedown_table`]: Mars Attacks: Ten-Minute Takedown, a fourth mode (its button in
//!   the top bar, or `mars-attacks takedown play`): the table from above in
//!   [`takedown_board`], the slingshot and the keys to aim, each shot animated from its
//!   path, beside [`takedown_side`] (seats, a new game, the log); its rules in
//!   [`takedown_rules`].
//! * Network play: [`network_window`], the Host a game / Join a game windows;
//!   [`remote_game`], the table joined to a host fed into the skirmish's own board (a
//!   session at a distance, `crate::table::afar`), a decision sent to the host; and
//!   [`remote_panel`], the left panel of such a game (seats, the codes when this window
//!   hosts, take-back, chat, the seat's log).
//! * [`modes`]: the games the window shows, one at a time, and the top bar's buttons
//!   between them.
//! * [`preview`]: the scenario designer's window (`mars-attacks preview`), a program of
//!   its own on the same drawing code.
//! * [`display`]: whether a window can be opened, checked before anything starts.

pub mod ai_panel;
pub mod analysis;
pub mod app;
pub mod at_table;
pub mod board;
mod board_counters;
pub mod board_estimate;
pub mod board_figures;
pub mod board_geom;
mod board_ground;
pub mod board_hint;
mod board_overlays;
pub mod board_plans;
pub mod board_sight;
pub mod board_tooltip;
pub mod board_tray;
pub mod command;
mod dialog_error;
pub mod dialogs;
pub mod dice_game_pieces;
pub mod dice_game_rules;
pub mod dice_game_side;
pub mod dice_game_table;
pub mod dice_rules;
pub mod dice_table;
pub mod display;
mod display_error;
pub mod frames;
pub mod fresh;
pub mod log;
pub mod modes;
pub mod network_window;
pub mod panel;
pub mod preview;
pub mod prompt;
pub mod remote_game;
pub mod remote_panel;
mod run_error;
mod save_names;
pub mod scenario_picture;
pub mod sidebar;
mod tag_layout;
pub mod takedown_board;
pub mod takedown_rules;
pub mod takedown_side;
pub mod takedown_table;
pub mod theme;

use std::path::PathBuf;

use eframe::egui;

pub use app::MarsApp;
pub use run_error::{RunError, StartTableError};

use crate::bot::{Level, PlayerSpec};
use crate::rules::Side;
use crate::table::rolls::TableRollers;
use crate::table::save::saves_dir;
use crate::table::session::Session;
use crate::table::setup::{GameSetup, ai_at_level, load_scenario_text, random_seed};
use dice_game::table::setup::DiceGameSetup;
use martian_dice::table::DiceSetup;
use takedown::table::setup::TakedownSetup;

/// How the table opens.
#[derive(Clone, Debug, PartialEq)]
pub struct GuiOptions {
    pub scenario: PathBuf,
    /// The side the person plays; the AI plays the other.
    pub side: Side,
    /// The AI: a level's player (`mcts:normal`) or any fair player spec.
    pub level: PlayerSpec,
    /// The dice seed; a fresh one when `None`.
    pub seed: Option<u64>,
    /// A saved game to open instead of a new one.
    pub load: Option<PathBuf>,
    /// Open the New game window over the table first, to choose a scenario and players.
    pub choose: bool,
    /// Open on Martian Dice with this setup instead of the skirmish.
    pub dice: Option<DiceSetup>,
    /// Open on Mars Attacks: The Dice Game with this setup instead of the skirmish.
    pub dice_game: Option<DiceGameSetup>,
    /// Open on Mars Attacks: Ten-Minute Takedown with this setup instead of the skirmish.
    pub takedown: Option<TakedownSetup>,
    /// The person allows the programs the saved game names to play without being asked
    /// at the table (`play --load SAVE --allow-exec`).
    pub allow_exec: bool,
    /// A game of an arena run to step through instead of a new game
    /// (`play --replay RESULTS ID`).
    pub replay: Option<crate::arena::replay::RecordedGame>,
    /// Play the new game at a real table (`play --companion`): who rolls each side's dice
    /// and the counters' squares.
    pub companion: Option<TableRollers>,
    /// Join a host with a seat's code at once (`join ADDRESS CODE --window`).
    pub join: Option<(net::client::JoinAddress, net::code::JoinCode)>,
}

impl Default for GuiOptions {
    fn default() -> Self {
        GuiOptions {
            scenario: PathBuf::from("scenarios/whos-there.toml"),
            side: Side::Humans,
            level: ai_at_level(Level::Normal),
            seed: None,
            load: None,
            choose: false,
            dice: None,
            dice_game: None,
            takedown: None,
            allow_exec: false,
            replay: None,
            companion: None,
            join: None,
        }
    }
}

impl GuiOptions {
    /// The game these options start.
    pub fn setup(&self) -> GameSetup {
        GameSetup::versus_ai(
            self.scenario.clone(),
            self.side,
            self.level,
            self.seed.unwrap_or_else(random_seed),
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

/// Said wherever the table cannot open: what works without a window.
macro_rules! command_line_works {
    () => {
        "the command line works without one: `mars-attacks --help` lists validate, simulate, \
         duel, arena, report, analyse, position, replay, serve, scenarios, render, odds, los, steps, deck, \
         schema, bench, bot, fit-evaluation, selfplay, train-value, train-prior, strength, \
         setup-sheet, host, join, dice-game, takedown and martian-dice perfect, optimal and turns"
    };
}

/// What the command line can do without a window (said when there is none).
pub const COMMAND_LINE_WORKS: &str = command_line_works!();

/// What to say when no display is named.
pub const NO_DISPLAY: &str = concat!(
    "the table needs a graphical session (an X11 or Wayland display), and none was found \
     (DISPLAY and WAYLAND_DISPLAY are not set); ",
    command_line_works!()
);

/// Opens the window and plays until it is closed. The scenario and any saved game are
/// loaded first, so a file that does not load is reported before a window opens.
///
/// A program playing a side starts only once the window is open and the person has
/// allowed it: one they named on the command line (`--level exec:...`) or one a saved game
/// names when they gave `allow_exec`; any other is shown to them with its command, and
/// waits for their answer.
pub fn run(options: GuiOptions) -> Result<(), RunError> {
    let startup = frames::Startup::now();
    let setup = options.setup();
    let saved = match (&options.load, &options.replay) {
        (_, Some(game)) => Some(Session::replay_recorded(game)?),
        (Some(path), None) => {
            let mut s = Session::load(path)?;
            if options.allow_exec {
                s.allow_programs();
            }
            Some(s)
        }
        (None, None) => {
            load_scenario_text(&setup.scenario_path)?;
            None
        }
    };
    display::check()?;
    let dir = scenario_dir(&options);
    let choose = options.choose;
    let dice = options.dice.clone();
    let dice_game = options.dice_game.clone();
    let takedown = options.takedown.clone();
    let join = options.join.clone();
    let companion = options.companion;
    let options_side = options.side;
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
        Box::new(move |cc| {
            let saves = saves_dir();
            // A saved game, or the New game window first: no other game starts behind it.
            let mut app = match (&saved, choose) {
                (Some(_), _) => MarsApp::without_game(&setup, dir, saves),
                (None, true) => MarsApp::choosing(setup, dir, saves),
                (None, false) => MarsApp::new(setup, dir, saves),
            };
            // The command line's own players: named by the person who started the table.
            if let Some(s) = &mut app.session {
                s.allow_programs();
                if let Some(rollers) = companion {
                    s.start_at_table(rollers);
                }
            }
            if let Some(rollers) = companion {
                app.new_game.at_table = true;
                app.new_game.ai_dice = rollers.dice[options_side.other()];
                app.new_game.your_dice = rollers.dice[options_side];
                app.new_game.counters = rollers.counters;
            }
            app.startup = startup;
            if let Some(s) = saved {
                app.replace_session(s);
            }
            if choose && !app.new_game.open {
                app.new_game.open();
            }
            if let Some(d) = dice {
                app.open_dice(d);
            }
            if let Some(d) = dice_game {
                app.open_dice_game(d);
            }
            if let Some(t) = takedown {
                app.open_takedown(t);
            }
            if let Some((address, code)) = join {
                app.join(address, code, &cc.egui_ctx);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|error| RunError::Window {
        what: "the table",
        error,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_no_display_message_lists_every_command_that_needs_no_window() {
        assert!(super::NO_DISPLAY.ends_with(super::COMMAND_LINE_WORKS));
        use clap::CommandFactory;
        for c in crate::cli::Cli::command().get_subcommands() {
            let name = c.get_name();
            if matches!(name, "play" | "preview") {
                continue;
            }
            assert!(
                super::COMMAND_LINE_WORKS.contains(name),
                "{name} is not named in: {}",
                super::COMMAND_LINE_WORKS
            );
        }
    }
}
