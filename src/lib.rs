//! mars-attacks: a tactical skirmish engine for Mantic's Mars Attacks! miniatures rules.
//!
//! The desktop table (module `gui`) is the `gui` cargo feature, on by default; everything else
//! (rules, search players, arena, bots, the headless [`table`] session, the command line)
//! builds without it.
//!
//! The command line runs in-process with [`cli::run_from`], writing to any
//! [`std::io::Write`]; the headless [`table`] plays a shipped scenario without a window:
//!
//! ```
//! use mars_attacks::rules::BySide;
//! use mars_attacks::table::session::Session;
//! use mars_attacks::table::setup::{Controller, GameSetup};
//!
//! let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios");
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let code = mars_attacks::cli::run_from(["mars-attacks", "--version"], &mut out, &mut err);
//! assert_eq!(code, 0);
//! assert!(String::from_utf8(out).unwrap().starts_with("mars-attacks "));
//!
//! let setup = GameSetup {
//!     scenario_path: format!("{dir}/ambush.toml").into(),
//!     seed: 1,
//!     dice_seed: None,
//!     controllers: BySide::new(Controller::Human, Controller::Human),
//! };
//! let session = Session::new(setup).unwrap();
//! assert!(!session.legal().is_empty());
//! assert!(!session.state().is_over());
//! ```

pub use skirmish_ai::{arena, bot, limits, shelf};
pub mod cli;
pub mod formats;
pub mod games;
pub use file_check::file_lock;
pub use rules::given_dice;
#[cfg(feature = "gui")]
pub mod gui;
pub use file_check::staged;
pub use rules;
pub use rules::sim;
pub use skirmish_table::{serve, table};
pub mod workbench;
