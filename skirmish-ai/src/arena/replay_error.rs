//! Why a game of a results file cannot be replayed ([`super::replay::recorded_game`]):
//! [`RecordedGameError`], saying what is missing: the file, the id, the moves, or the
//! scenario file as it was when the game was played.

use std::path::PathBuf;

use super::record::RecordsError;
use file_check::read_file::ReadError;

/// What keeps a recorded game from being replayed; `results` is the results file.
#[derive(Debug, thiserror::Error)]
pub enum RecordedGameError {
    /// The results file does not read.
    #[error(transparent)]
    Records(#[from] RecordsError),
    /// The results file holds no game at all.
    #[error("{} holds no game", results.display())]
    NoGames { results: PathBuf },
    /// No game of this id; `some_ids` are ids it does hold, of `count` games.
    #[error(
        "{} holds no game `{}` ({count} games, ids such as {}; the games.csv of \
         `mars-attacks report {}` lists them all)",
        results.display(),
        id.escape_debug(),
        quoted(some_ids),
        results.display()
    )]
    NoSuchGame {
        results: PathBuf,
        id: String,
        count: u64,
        some_ids: Vec<String>,
    },
    /// The game was played without recording its moves.
    #[error(
        "{}: game `{id}` was played without its moves; play the run again with `arena ... \
         --record-moves` to watch its games (same seed, same games)",
        results.display()
    )]
    NoMoves { results: PathBuf, id: String },
    /// The record's dice seed is not the one its game seed gives: it was edited.
    #[error(
        "{}: game `{id}` records the dice seed {recorded}, but its game seed {game_seed} \
         gives {expected}: the record was changed after the run wrote it, so it does not \
         replay",
        results.display()
    )]
    DiceSeed {
        results: PathBuf,
        id: String,
        recorded: u64,
        game_seed: u64,
        expected: u64,
    },
    /// The scenario file the game was played on is not found (`file` as the record
    /// names it).
    #[error(
        "{file}: the scenario file the game was played on is not found (looked from the \
         current folder and beside {}); run from the folder the run was started in",
        results.display()
    )]
    ScenarioNotFound { file: String, results: PathBuf },
    /// The scenario file cannot be read.
    #[error("{}: cannot read: {why}", path.display())]
    ReadScenario { path: PathBuf, why: ReadError },
    /// The scenario file's rules are not those the game was played on.
    #[error(
        "{}: this is not the scenario game `{id}` was played on (its fingerprint was \
         {recorded}, the file's is {now}): the file has changed since, or the game was \
         played on a variant of it (`arena --vary`); its moves replay only on the same file",
        path.display()
    )]
    Fingerprint {
        path: PathBuf,
        id: String,
        recorded: String,
        now: String,
    },
}

fn quoted(ids: &[String]) -> String {
    ids.iter()
        .map(|i| format!("`{i}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
