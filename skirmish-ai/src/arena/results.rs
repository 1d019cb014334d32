//! The results file of a run: refusing to overwrite one by accident, resuming an
//! interrupted run without replaying its finished games, and appending each record as its
//! game ends, so an interruption loses at most the games under way.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use super::plan::{Plan, Shard};
use super::record::{MAX_RECORD_LINE_BYTES, Record, RecordsError, parse_records, scan_records};
use super::seen::SeenGames;

/// How to treat a results file that already holds something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Refuse to touch it.
    Refuse,
    /// Keep it and play only the games of the run it does not hold.
    Resume,
    /// Empty it and start again.
    Overwrite,
}

/// A results file open for a run.
pub struct ResultsFile {
    path: PathBuf,
    file: File,
}

/// A results file opened for a run: where new records go, the run's games it already
/// holds (each handed to `open`'s `done` as it is read, never kept), and what the reader
/// should know. The games still to play are those of the shard not in
/// [`Opened::done_games`], made one at a time from the plan.
pub struct Opened {
    pub file: ResultsFile,
    /// The run's games already recorded, a bit each.
    pub done_games: SeenGames,
    /// How many games of the shard are still to play.
    pub todo_count: u64,
    /// Notes for the user (a line cut short, records of other runs).
    pub notes: Vec<String>,
}

/// Why a results file cannot be opened for a run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    /// The command line asks for something that cannot be done with the file (write over
    /// results without --overwrite, write to a directory).
    #[error("{0}")]
    Usage(String),
    /// The file given is not a results file of this run (not one at all, or of another
    /// version of a scenario); it is left untouched.
    #[error("{0}")]
    Invalid(String),
}

/// Opens `path` for the games of `shard` of `plan`, handing each of the run's games it
/// holds already to `done` as it is read (`--resume`; a game recorded twice once). Errors
/// say what is wrong and change nothing on disk. A file is only ever appended to, cut back
/// to its last whole record (`--resume` after an interruption) or emptied (`--overwrite`)
/// when it is a results file: anything else is refused untouched.
pub fn open(
    path: &Path,
    plan: &Plan,
    shard: Shard,
    existing: Existing,
    mut done: impl FnMut(Record),
) -> Result<Opened, OpenError> {
    use OpenError::{Invalid, Usage};
    let name = path.display();
    let holds_something = std::fs::metadata(path)
        .map(|m| m.len() > 0 || !m.is_file())
        .unwrap_or(false);
    if let Ok(m) = std::fs::metadata(path)
        && !m.is_file()
    {
        return Err(Usage(format!(
            "{name} is not a regular file; results go to a file of their own (--out)"
        )));
    }
    // The file is opened, and locked for this run alone, before anything in it is read:
    // two runs resuming one file would read the same games as done and both append the
    // rest.
    let mut file = OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| Usage(format!("{name}: cannot open for writing: {e}")))?;
    if !file_check::file_lock::lock_for_this_run(&file) {
        return Err(Usage(format!(
            "{name} is being written by another arena run (it holds the file's lock): wait \
             for that run to end, or choose another --out"
        )));
    }
    let mut notes = Vec::new();
    let mut seen = SeenGames::default();
    let mut cut_to = None;
    let mut missing_newline = false;
    let not_results = |e: String| {
        format!(
            "{e}\n{name} is not a results file written by `arena`, so it is left untouched; \
             choose another --out"
        )
    };
    if holds_something {
        match existing {
            Existing::Refuse => {
                return Err(Usage(format!(
                    "{name} already holds results; pass --resume to complete that run, \
                     --overwrite to start again, or choose another --out"
                )));
            }
            Existing::Overwrite => {
                // Only a results file is emptied: its first line must be a record.
                std::fs::File::open(path)
                    .map_err(|error| NotResults::Io {
                        path: path.to_path_buf(),
                        error,
                    })
                    .and_then(|f| first_line_is_a_record(path, f))
                    .map_err(|e| Invalid(not_results(e.to_string())))?;
            }
            Existing::Resume => {
                let mut foreign = 0usize;
                let mut other_version = None;
                let read = scan_records(path, None, |r| {
                    let mine = r.seed == plan.seed
                        && plan.position_of(&r.id).is_some_and(|n| shard.holds_game(n));
                    if !mine {
                        foreign += 1;
                        return ControlFlow::Continue(());
                    }
                    let sc = plan.scenarios.iter().find(|s| s.name() == r.scenario);
                    if let Some(sc) = sc
                        && sc.fingerprint != r.scenario_fingerprint
                    {
                        other_version = Some(format!(
                            "{name} holds games of \"{}\" played with a different version of \
                             {} (the file has changed since); write to another --out",
                            r.scenario, sc.file
                        ));
                        return ControlFlow::Break(());
                    }
                    if seen.insert(&r.id, r.seed, &r.scenario_fingerprint) {
                        done(r);
                    }
                    ControlFlow::Continue(())
                })
                .map_err(|e| Invalid(not_results(e.to_string())))?;
                if let Some(e) = other_version {
                    return Err(Invalid(e));
                }
                if read.records == 0 && read.torn_line.is_some() {
                    return Err(Invalid(not_results(format!(
                        "{name}:1: the only line is not a whole game record"
                    ))));
                }
                if foreign > 0 {
                    notes.push(format!(
                        "{name}: {foreign} record(s) belong to another run (seed, scenario, \
                         players or shard) and are left as they are"
                    ));
                }
                if let Some(line) = read.torn_line {
                    notes.push(format!(
                        "{name}:{line}: the last line was cut short by an interruption; it is \
                         removed and its game played again"
                    ));
                    cut_to = Some(read.complete_len);
                }
                missing_newline = read.missing_newline;
            }
        }
    }
    if existing == Existing::Overwrite {
        file.set_len(0)
            .map_err(|e| Usage(format!("{name}: cannot empty it: {e}")))?;
    }
    if let Some(len) = cut_to {
        file.set_len(len)
            .map_err(|e| Usage(format!("{name}: cannot remove the cut-short line: {e}")))?;
    }
    if missing_newline {
        file.write_all(b"\n")
            .map_err(|e| Usage(format!("{name}: cannot write: {e}")))?;
    }
    let todo_count = plan.shard_len(shard).saturating_sub(seen.len());
    Ok(Opened {
        file: ResultsFile {
            path: path.to_path_buf(),
            file,
        },
        done_games: seen,
        todo_count,
        notes,
    })
}

/// Whether the first line of a results file is a record (or the start of one, cut
/// short), or why not.
fn first_line_is_a_record(path: &Path, f: File) -> Result<(), NotResults> {
    use std::io::{BufRead, BufReader, Read};
    let mut line = Vec::new();
    BufReader::new(f)
        .take(MAX_RECORD_LINE_BYTES as u64)
        .read_until(b'\n', &mut line)
        .map_err(|error| NotResults::Io {
            path: path.to_path_buf(),
            error,
        })?;
    let read = parse_records(&path.display().to_string(), &line)?;
    if read.records.is_empty() && read.torn_line.is_none() {
        return Err(NotResults::FirstLine {
            path: path.to_path_buf(),
        });
    }
    Ok(())
}

/// Why a file that would be written over is not a results file.
#[derive(Debug, thiserror::Error)]
pub enum NotResults {
    /// It cannot be read.
    #[error("{}: cannot read: {error}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        error: std::io::Error,
    },
    /// Its first line does not read as records.
    #[error(transparent)]
    Records(#[from] RecordsError),
    /// Its first line is not a game record.
    #[error("{}:1: the first line is not a game record", path.display())]
    FirstLine { path: PathBuf },
}

/// A record that could not be appended to the results file.
#[derive(Debug, thiserror::Error)]
#[error("{}: cannot write: {error}", path.display())]
pub struct AppendError {
    pub path: PathBuf,
    #[source]
    pub error: std::io::Error,
}

impl ResultsFile {
    /// Appends a record as one line, written at once.
    pub fn append(&mut self, record: &Record) -> Result<(), AppendError> {
        let mut line = record.to_line();
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|error| AppendError {
                path: self.path.clone(),
                error,
            })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}
