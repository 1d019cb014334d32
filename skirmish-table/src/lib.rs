//! The skirmish at a table, without drawing: the game a person plays ([`table`]: the
//! session, its set-up, the AI's thread, hints and estimates, saves and replays, the
//! companion mode at a real table, the words and forecasts a window shows) and the rules
//! as a forward model for bots ([`serve`]). The window and the command line read these;
//! nothing here draws or parses a command line.

pub mod serve;
pub mod table;
