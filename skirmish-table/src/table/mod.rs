//! The game at the table, without any drawing: what the desktop window (`gui`) shows and
//! the command line's `play` checks before a window opens. Nothing here uses egui or
//! eframe, and all of it can be tested without a window.
//!
//! * [`afar`]: a game kept by a host across the network, shown as the table's seat may
//!   see it; the session decides nothing itself.
//! * [`session`]: the game being played: its state, every decision with what it caused,
//!   who controls each side, a person's decisions and the AI's, programs allowed to play,
//!   undo and the result. Its other parts are in the files of their concepts:
//!   * [`windows`]: response windows held for the same time whatever the AI held (R28);
//!   * [`hint`]: the AI's advice to a person, as a whole move;
//!   * [`save`]: the saved-game format, read with a size cap, written safely, and the
//!     folder saves go to;
//!   * [`replay`]: stepping through a saved game or a recorded arena game;
//!   * [`companion`]: the game at a real table: dice typed from the table, each decision's
//!     rolls and the corrections of the table recorded.
//! * [`rolls`]: dice at a real table: who rolls, what to roll next and why, the faces
//!   typed read and checked; [`placement`]: the counters' squares rolled at the table; [`correction`]: "the table differs", a correction made to
//!   match it; [`instructions`]: the AI's decisions and what the rules do as steps a
//!   person follows at the table (labels on the bases, squares, counters to flip), each
//!   with its [`marks`] on the board (the move drawn, as the hint is).
//! * [`setup`]: how a game is set up: who controls each side, the level names, the
//!   scenario file, a fresh seed; [`setup_sheet`]: a scenario's set-up, or one game's, on a
//!   printable page (the map, the zones and squares with the models' labels, the counters'
//!   squares, the labels for the bases).
//! * [`dice`]: how a game of Martian Dice at the table is set up, and checked.
//! * Mars Attacks: The Dice Game at the table: [`dice_game_setup`], its seats, difficulty,
//!   deck and seed, checked; [`dice_game`], the game being played (its one generator, the
//!   decisions, the log, a person's decisions refused with the reason, the exact odds);
//!   [`dice_game_ai`], an AI seat deciding on its own thread on what its seat may see;
//!   [`dice_game_words`], the log's words and the end of the game's.
//! * [`brain`]: what decides for the AI, built from a player spec, and its report;
//!   [`worker`]: the thread it decides on while the window keeps drawing.
//! * [`estimate`]: the AI's estimate of the chance to win, from its last search.
//! * [`error`]: what can go wrong with a game at the table (it cannot start, load or
//!   replay; a person's decision refused), as values with words for the player.
//! * [`describe`]: words for models, sides, decisions and results; [`victory`]: what the
//!   scenario's victory conditions beyond VP stand at (key models, zones held, arrivals).
//! * [`forecast`]: reach, sight and exact odds shown before a decision, read from the
//!   rules' legal lists on throwaway copies of the state.

pub mod afar;
pub mod area_words;
pub mod brain;
pub mod companion;
pub mod correction;
pub mod describe;
pub mod error;
pub mod estimate;
pub mod forecast;
pub mod hint;
pub mod instructions;
pub mod marks;
pub mod placement;
pub mod record_error;
pub mod replay;
pub mod rolls;
pub mod save;
pub mod session;
pub mod setup;
pub mod setup_sheet;
pub mod unreachable;
pub mod victory;
pub mod windows;
pub mod worker;
