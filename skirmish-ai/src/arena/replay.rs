//! A game of a results file, found by its id, with what it takes to play it again move for
//! move: the scenario file it was played on (checked against the record's fingerprint), its
//! two seeds and its decisions (kept by `arena --record-moves`). The table steps through it
//! (`play --replay RESULTS ID`).

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use super::plan::dice_seed_of;
use super::record::scan_records;

pub use super::replay_error::RecordedGameError;
use rules::fingerprint::scenario_fingerprint;

/// A recorded game that can be replayed.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedGame {
    /// The game's id in its results file.
    pub id: String,
    /// The scenario file, as found (beside the results file when not where the run was).
    pub scenario_path: PathBuf,
    /// The seed of the set-up.
    pub game_seed: u64,
    /// The seed of the dice.
    pub dice_seed: u64,
    /// Who played each side, as the record names them.
    pub humans: String,
    pub martians: String,
    /// Every decision, as saved games write them.
    pub moves: Vec<String>,
    /// The value each search gave the action it chose, by decision (none for players
    /// that do not search).
    pub values: Vec<super::record::RootValue>,
}

/// How many ids an error about a missing id lists.
const IDS_SHOWN: usize = 3;

/// Finds game `id` in the results file `results` and its scenario file. Errors say what
/// is missing: the file, the id (with some ids the file does hold), the moves (a run
/// without `--record-moves`), or the scenario file as it was when the game was played.
pub fn recorded_game(results: &Path, id: &str) -> Result<RecordedGame, RecordedGameError> {
    let mut found = None;
    let mut count = 0u64;
    let mut some_ids = Vec::new();
    scan_records(results, None, |r| {
        count += 1;
        if r.id == id {
            found = Some(r);
            return ControlFlow::Break(());
        }
        if some_ids.len() < IDS_SHOWN {
            some_ids.push(r.id);
        }
        ControlFlow::Continue(())
    })?;
    let results_path = || results.to_path_buf();
    let Some(record) = found else {
        return Err(if count == 0 {
            RecordedGameError::NoGames {
                results: results_path(),
            }
        } else {
            RecordedGameError::NoSuchGame {
                results: results_path(),
                id: id.to_string(),
                count,
                some_ids,
            }
        });
    };
    let Some(moves) = record.moves else {
        return Err(RecordedGameError::NoMoves {
            results: results_path(),
            id: record.id,
        });
    };
    // The dice follow from the game's seed (`Plan::job`): a record whose dice seed is
    // another was edited, and its moves would replay on other dice.
    let dice_seed = dice_seed_of(record.game_seed);
    if record.dice_seed != dice_seed {
        return Err(RecordedGameError::DiceSeed {
            results: results_path(),
            id: record.id,
            recorded: record.dice_seed,
            game_seed: record.game_seed,
            expected: dice_seed,
        });
    }
    let scenario_path = find_scenario(&record.scenario_file, results)?;
    let bytes =
        file_check::read_file::read_capped(&scenario_path, rules::scenario_file::MAX_FILE_BYTES)
            .map_err(|why| RecordedGameError::ReadScenario {
                path: scenario_path.clone(),
                why,
            })?;
    let now = scenario_fingerprint(&bytes);
    if now != record.scenario_fingerprint {
        return Err(RecordedGameError::Fingerprint {
            path: scenario_path,
            id: record.id,
            recorded: record.scenario_fingerprint,
            now,
        });
    }
    Ok(RecordedGame {
        id: record.id,
        scenario_path,
        game_seed: record.game_seed,
        dice_seed: record.dice_seed,
        humans: record.humans,
        martians: record.martians,
        moves,
        values: record.values,
    })
}

/// The scenario file `file` of a record: as given to the run (from the current folder),
/// else beside the results file.
fn find_scenario(file: &str, results: &Path) -> Result<PathBuf, RecordedGameError> {
    let given = PathBuf::from(file);
    if given.is_file() {
        return Ok(given);
    }
    if given.is_relative()
        && let Some(dir) = results.parent()
    {
        let beside = dir.join(&given);
        if beside.is_file() {
            return Ok(beside);
        }
    }
    Err(RecordedGameError::ScenarioNotFound {
        file: file.to_string(),
        results: results.to_path_buf(),
    })
}
