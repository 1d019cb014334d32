//! The skirmish at a table, without drawing: the game a person plays ([`table`]: the
//! session, its set-up, the AI's thread, hints and estimates, saves and replays, the
//! companion mode at a real table, the words and forecasts a window shows) and the rules
//! as a forward model for bots ([`serve`]). The window and the command line read these;
//! nothing here draws or parses a command line.
//!
//! A game of a shipped scenario, two people at one screen: every decision is one the
//! rules list as legal, and is kept in the session's history.
//!
//! ```
//! use std::path::Path;
//!
//! use rules::BySide;
//! use skirmish_table::table::session::Session;
//! use skirmish_table::table::setup::{Controller, GameSetup};
//!
//! let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
//! let setup = GameSetup {
//!     scenario_path: scenarios.join("whos-there.toml"),
//!     seed: 7,
//!     dice_seed: None,
//!     controllers: BySide::new(Controller::Human, Controller::Human),
//! };
//! let mut session = Session::new(setup).unwrap();
//! assert_eq!(session.scenario().name, "Who's There?");
//! let side = session.human_to_move().expect("a person decides first");
//! let first = session.legal()[0];
//! session.play(first).unwrap();
//! assert_eq!(session.history().len(), 1);
//! assert!(session.game_actions().contains(&first));
//!
//! // A scenario that is not there does not start, and says which file it was.
//! let missing = GameSetup::versus_ai(
//!     scenarios.join("no-such-scenario.toml"),
//!     side,
//!     "random".parse().unwrap(),
//!     7,
//! );
//! let e = Session::new(missing).err().unwrap();
//! assert!(e.to_string().contains("no-such-scenario.toml"), "{e}");
//! ```

pub mod serve;
pub mod table;
