//! The results file of a run: refusing to overwrite one by accident, resuming an
//! interrupted run without replaying its finished games, and appending each record as its
//! game ends, so an interruption loses at most the games under way.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::plan::{Job, Plan};
use super::record::{Record, read_records};

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

/// A results file opened for a run: where new records go, what the run still has to play,
/// the run's games it already holds, and what the reader should know.
pub struct Opened {
    pub file: ResultsFile,
    /// The games of the run still to play, in plan order.
    pub todo: Vec<Job>,
    /// The run's games already recorded.
    pub done: Vec<Record>,
    /// Notes for the user (a line cut short, records of other runs).
    pub notes: Vec<String>,
}

/// Opens `path` for the games `jobs` of `plan`. Errors say what is wrong and change
/// nothing on disk.
pub fn open(
    path: &Path,
    plan: &Plan,
    jobs: Vec<Job>,
    existing: Existing,
) -> Result<Opened, String> {
    let name = path.display();
    let holds_something = std::fs::metadata(path)
        .map(|m| m.len() > 0)
        .unwrap_or(false);
    let mut notes = Vec::new();
    let mut done = Vec::new();
    let mut todo = jobs;
    let mut cut_to = None;
    let mut missing_newline = false;
    if holds_something {
        match existing {
            Existing::Refuse => {
                return Err(format!(
                    "{name} already holds results; pass --resume to complete that run, \
                     --overwrite to start again, or choose another --out"
                ));
            }
            Existing::Overwrite => {}
            Existing::Resume => {
                let read = read_records(path).map_err(|e| e.to_string())?;
                let wanted: HashSet<&str> = todo.iter().map(|j| j.id.as_str()).collect();
                let mut seen = HashSet::new();
                let mut foreign = 0usize;
                for r in read.records {
                    if r.seed != plan.seed || !wanted.contains(r.id.as_str()) {
                        foreign += 1;
                        continue;
                    }
                    let sc = plan.scenarios.iter().find(|s| s.name() == r.scenario);
                    if let Some(sc) = sc
                        && sc.fingerprint != r.scenario_fingerprint
                    {
                        return Err(format!(
                            "{name} holds games of \"{}\" played with a different version of \
                             {} (the file has changed since); write to another --out",
                            r.scenario, sc.file
                        ));
                    }
                    if seen.insert(r.id.clone()) {
                        done.push(r);
                    }
                }
                todo.retain(|j| !seen.contains(&j.id));
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
    let mut options = OpenOptions::new();
    options.create(true);
    if existing == Existing::Overwrite {
        options.write(true).truncate(true);
    } else {
        options.append(true);
    }
    let mut file = options
        .open(path)
        .map_err(|e| format!("{name}: cannot open for writing: {e}"))?;
    if let Some(len) = cut_to {
        file.set_len(len)
            .map_err(|e| format!("{name}: cannot remove the cut-short line: {e}"))?;
    }
    if missing_newline {
        file.write_all(b"\n")
            .map_err(|e| format!("{name}: cannot write: {e}"))?;
    }
    Ok(Opened {
        file: ResultsFile {
            path: path.to_path_buf(),
            file,
        },
        todo,
        done,
        notes,
    })
}

impl ResultsFile {
    /// Appends a record as one line, written at once.
    pub fn append(&mut self, record: &Record) -> Result<(), String> {
        let mut line = record.to_line();
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("{}: cannot write: {e}", self.path.display()))
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}
