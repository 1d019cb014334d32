//! One line of a results file: a game of an arena run, as JSON.
//!
//! A results file is JSON Lines: one [`Record`] per line, written as each game finishes.
//! Reading one reports a malformed line by file, line and column; a last line without its
//! newline is what an interrupted run leaves, and [`read_records`] sets it aside instead of
//! failing (the game is simply played again).

use std::fmt;
use std::io::{BufRead, Read};
use std::ops::ControlFlow;
use std::path::Path;

use rules::Side;
use serde::{Deserialize, Serialize};

/// How a game ended, or why it did not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Played to the end by the rules.
    Finished,
    /// Stopped by the runaway guard.
    Runaway,
    /// A player chose an action that was not legal.
    Illegal,
    /// A player made no decision in a live game.
    NoDecision,
    /// The program panicked while playing it (a bug; the message is in `error`).
    Panic,
    /// A player's program could not be started (the system refused it: too many open
    /// files or processes, the program gone), so the game was not played out.
    NotStarted,
}

impl Status {
    /// Words for reports.
    pub fn describe(self) -> &'static str {
        match self {
            Status::Finished => "finished",
            Status::Runaway => "stopped by the runaway guard",
            Status::Illegal => "illegal action",
            Status::NoDecision => "no decision",
            Status::Panic => "panic",
            Status::NotStarted => "a program could not be started",
        }
    }
}

/// The side that won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    Humans,
    Martians,
}

/// How a finished game was decided (R25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A side reached the scenario's VP target.
    VpTarget,
    /// A side had no model left on the table.
    WipeOut,
    /// The Round limit (or the last model leaving the table) ended the game and one side had
    /// more VP.
    MoreVp,
    /// The side that had to survive to a Round still had a model on the board then.
    Survived,
    /// A key model died, and its death won for the other side (P28).
    KeyModelDied,
    /// A key model left by its exit, and its leaving won for its side (P28).
    KeyModelLeft,
    /// A side held a zone alone the Rounds running it asks (P31).
    HeldZone,
    /// The game ended with equal VP.
    Draw,
    /// The other side's player gave the game up: its program crashed, broke the bot
    /// protocol, answered an illegal action or ran past its time limit (the record's
    /// `error` says which, with the program's last standard error lines).
    Forfeit,
}

impl Reason {
    /// Every reason, in report order.
    pub const ALL: [Reason; 9] = [
        Reason::VpTarget,
        Reason::WipeOut,
        Reason::MoreVp,
        Reason::Survived,
        Reason::KeyModelDied,
        Reason::KeyModelLeft,
        Reason::HeldZone,
        Reason::Draw,
        Reason::Forfeit,
    ];

    /// The reasons a side wins by, in report order.
    pub const WINS: [Reason; 8] = [
        Reason::VpTarget,
        Reason::WipeOut,
        Reason::MoreVp,
        Reason::Survived,
        Reason::KeyModelDied,
        Reason::KeyModelLeft,
        Reason::HeldZone,
        Reason::Forfeit,
    ];

    /// Words for reports.
    pub fn describe(self) -> &'static str {
        match self {
            Reason::VpTarget => "VP target",
            Reason::WipeOut => "wipe-out",
            Reason::MoreVp => "more VP at the end",
            Reason::Survived => "survived",
            Reason::KeyModelDied => "key model died",
            Reason::KeyModelLeft => "key model got away",
            Reason::HeldZone => "zone held",
            Reason::Draw => "draw",
            Reason::Forfeit => "forfeit",
        }
    }

    /// The name in JSON and CSV.
    pub fn name(self) -> &'static str {
        match self {
            Reason::VpTarget => "vp_target",
            Reason::WipeOut => "wipe_out",
            Reason::MoreVp => "more_vp",
            Reason::Survived => "survived",
            Reason::KeyModelDied => "key_model_died",
            Reason::KeyModelLeft => "key_model_left",
            Reason::HeldZone => "held_zone",
            Reason::Draw => "draw",
            Reason::Forfeit => "forfeit",
        }
    }

    /// The reason a game won for `why` is recorded with.
    pub fn of_win(why: rules::state::WinReason) -> Reason {
        use rules::state::WinReason;
        match why {
            WinReason::VpTarget => Reason::VpTarget,
            WinReason::WipeOut => Reason::WipeOut,
            WinReason::MoreVp => Reason::MoreVp,
            WinReason::Survived => Reason::Survived,
            WinReason::KeyModelDied => Reason::KeyModelDied,
            WinReason::KeyModelLeft => Reason::KeyModelLeft,
            WinReason::HeldZone => Reason::HeldZone,
        }
    }
}

/// VP of both sides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vp {
    pub humans: u16,
    pub martians: u16,
}

/// Where one side's VP came from (R18, R24, R6): the kinds every scenario may use, zero
/// when it does not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VpSources {
    /// Kills by Shoot tests (and by cards' attacks on an area).
    #[serde(default)]
    pub shoot: u16,
    /// Kills in Fights.
    #[serde(default)]
    pub fight: u16,
    /// Counters claimed.
    #[serde(default)]
    pub counters: u16,
    /// Models that left by the side's exit edge.
    #[serde(default)]
    pub exit: u16,
    /// Zones held at the end of a Round.
    #[serde(default)]
    pub hold: u16,
}

impl VpSources {
    /// The sources with their names, in record order.
    pub fn named(&self) -> [(&'static str, u16); 5] {
        [
            ("shoot", self.shoot),
            ("fight", self.fight),
            ("counters", self.counters),
            ("exit", self.exit),
            ("hold", self.hold),
        ]
    }
}

/// [`VpSources`] of both sides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VpFrom {
    pub humans: VpSources,
    pub martians: VpSources,
}

/// A number per side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PerSide {
    pub humans: f64,
    pub martians: f64,
}

/// One game of an arena run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// `<scenario>/<first>-vs-<second>/<game>`: unique within a run.
    pub id: String,
    /// The run seed.
    pub seed: u64,
    /// The scenario's name.
    pub scenario: String,
    /// The scenario file, as given to the run.
    pub scenario_file: String,
    /// Fingerprint of the scenario file's bytes.
    pub scenario_fingerprint: String,
    /// Game number within its pairing.
    pub game: u32,
    /// Seed of the set-up, to replay the game.
    pub game_seed: u64,
    /// Seed of the dice.
    pub dice_seed: u64,
    /// The player on the Humans.
    pub humans: String,
    /// The player on the Martians.
    pub martians: String,
    /// How the game ended.
    pub status: Status,
    /// The winning side; none for a draw or a game that did not finish.
    pub winner: Option<Winner>,
    /// How a finished game was decided.
    pub reason: Option<Reason>,
    /// VP at the end.
    pub vp: Vp,
    /// VP at the end of each Round, the last entry the end of the game.
    pub vp_by_round: Vec<Vp>,
    /// Where each side's VP came from (absent in results of earlier versions: all zero).
    #[serde(default)]
    pub vp_from: VpFrom,
    /// The Round the game ended in.
    pub rounds: u16,
    /// Decisions made by both players.
    pub decisions: u64,
    /// Wall-clock seconds the game took.
    pub seconds: f64,
    /// Seconds each side's player spent deciding.
    pub think_seconds: PerSide,
    /// The longest single decision, in milliseconds.
    pub max_decision_ms: f64,
    /// What went wrong, for a game that did not finish, or why a player gave it up.
    pub error: Option<String>,
    /// The value each search gave its chosen action, decision by decision (absent in
    /// results of earlier versions, and for players that do not search).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<RootValue>,
    /// The fingerprint of the search of the program that played the game
    /// ([`crate::bot::spec::search_fingerprint`]; absent in results of earlier versions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
    /// Every decision of the game in order, written as the table's saved games write them,
    /// when the run was asked for them (`arena --record-moves`): with the game's seeds they
    /// replay it exactly (`play --replay RESULTS ID`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// The Humans' luck over the game, for a finished game ([`super::luck`]): their
    /// luck-adjusted result is their result less it (absent in results of earlier
    /// versions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<f64>,
    /// What ended a game decided at once by a key model or a zone: which model, killed by
    /// what, in which Round, on which square; or which zone ([`super::ending`]). Absent for
    /// other endings and in results of earlier versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<super::ending::Ending>,
}

/// A search's value of the action it chose: its chance to win as it judged it, for `side`,
/// at decision `decision` (counted from 0) of the game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RootValue {
    pub decision: u32,
    pub side: Side,
    pub value: f64,
}

#[cfg(test)]
impl Record {
    /// A finished game `id` of scenario "S" (file `s.toml`) between `a` and `b`, undecided
    /// and empty; tests set the fields they are about.
    pub(crate) fn sample(id: &str) -> Record {
        Record {
            id: id.into(),
            seed: 1,
            scenario: "S".into(),
            scenario_file: "s.toml".into(),
            scenario_fingerprint: "f".into(),
            game: 0,
            game_seed: 2,
            dice_seed: 3,
            humans: "a".into(),
            martians: "b".into(),
            status: Status::Finished,
            winner: None,
            reason: None,
            vp: Vp::default(),
            vp_by_round: Vec::new(),
            vp_from: VpFrom::default(),
            rounds: 1,
            decisions: 1,
            seconds: 0.0,
            think_seconds: PerSide::default(),
            max_decision_ms: 0.0,
            error: None,
            values: Vec::new(),
            search: None,
            moves: None,
            luck: None,
            ending: None,
        }
    }
}

impl Record {
    /// Is this a finished game?
    pub fn finished(&self) -> bool {
        self.status == Status::Finished
    }

    /// The player who won, if one did.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn winning_player(&self) -> Option<&str> {
        match self.winner? {
            Winner::Humans => Some(&self.humans),
            Winner::Martians => Some(&self.martians),
        }
    }

    /// The record as one line of JSON (without the newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a record always serializes")
    }
}

/// A results file that cannot be used.
#[derive(Debug)]
pub enum RecordsError {
    /// The file cannot be read.
    Io { file: String, error: std::io::Error },
    /// A line is not a record.
    Malformed {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },
}

impl fmt::Display for RecordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordsError::Io { file, error } => write!(f, "{file}: cannot read: {error}"),
            RecordsError::Malformed {
                file,
                line,
                column,
                message,
            } => write!(f, "{file}:{line}:{column}: not a game record: {message}"),
        }
    }
}

impl std::error::Error for RecordsError {}

/// The records of a results file.
#[derive(Debug, Default)]
pub struct Records {
    /// The complete lines' records, in file order.
    pub records: Vec<Record>,
    /// Bytes of the file up to the end of its last complete line.
    pub complete_len: u64,
    /// The number of a last line cut short (no newline, not a record), set aside.
    pub torn_line: Option<usize>,
    /// The last record lacks its newline (append one before adding lines).
    pub missing_newline: bool,
}

/// What reading a results file a record at a time found besides its records
/// ([`scan_records`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scanned {
    /// Records read.
    pub records: u64,
    /// Bytes of the file up to the end of its last complete line.
    pub complete_len: u64,
    /// The number of a last line cut short (no newline, not a record), set aside.
    pub torn_line: Option<usize>,
    /// The last record lacks its newline (append one before adding lines).
    pub missing_newline: bool,
}

/// The largest results file read (a million games take about 600 MB).
pub const MAX_RESULTS_BYTES: u64 = 4 << 30;

/// The longest line of a results file, in bytes. A record is well under 4 KiB (its
/// `vp_by_round` grows by a few bytes a Round); a longer line is not a record, and a file
/// without newlines (a device such as `/dev/zero`) is refused after this many bytes.
pub const MAX_RECORD_LINE_BYTES: usize = 1 << 20;

/// How every record line starts (`to_line` writes the `id` first). A last line cut short
/// by an interruption starts so too; one that does not was not written by a run.
const RECORD_START: &str = "{\"id\":";

/// Reads a whole results file into memory, a line at a time: for tests and small files.
/// Commands read with [`scan_records`], which never holds more than a line.
pub fn read_records(path: &Path) -> Result<Records, RecordsError> {
    let mut records = Vec::new();
    let scanned = scan_records(path, None, |r| {
        records.push(r);
        ControlFlow::Continue(())
    })?;
    Ok(Records {
        records,
        complete_len: scanned.complete_len,
        torn_line: scanned.torn_line,
        missing_newline: scanned.missing_newline,
    })
}

/// Reads a results file a line at a time, handing each record to `each` as it is read
/// (the file is never held in memory), up to `max_bytes` of it when given (the length an
/// earlier reading found, so that a file a run still appends to reads the same twice).
/// Blank lines are skipped; a malformed line is an error naming its line and column,
/// except a last line without a newline that starts like a record, which an interrupted
/// run leaves and which is set aside as [`Scanned::torn_line`]. Files over
/// [`MAX_RESULTS_BYTES`] and lines over [`MAX_RECORD_LINE_BYTES`] are refused. `each`
/// stops the reading by breaking.
pub fn scan_records(
    path: &Path,
    max_bytes: Option<u64>,
    each: impl FnMut(Record) -> ControlFlow<()>,
) -> Result<Scanned, RecordsError> {
    let file = path.display().to_string();
    let io = |error| RecordsError::Io {
        file: file.clone(),
        error,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if meta.is_dir() {
        return Err(io(std::io::Error::other("it is a directory")));
    }
    if meta.len() > MAX_RESULTS_BYTES {
        return Err(io(std::io::Error::other(format!(
            "it is {} bytes, more than the {} a results file may have",
            meta.len(),
            MAX_RESULTS_BYTES
        ))));
    }
    let f = file_check::read_file::open_input(path)
        .map_err(|e| io(std::io::Error::other(e.to_string())))?;
    let reader = std::io::BufReader::new(f.take(max_bytes.unwrap_or(u64::MAX)));
    scan_records_from(&file, reader, each)
}

/// [`read_records`] on bytes already read; `file` names them in errors.
pub fn parse_records(file: &str, bytes: &[u8]) -> Result<Records, RecordsError> {
    read_records_from(file, bytes)
}

/// [`read_records`] from any reader; `file` names it in errors.
pub fn read_records_from(file: &str, reader: impl BufRead) -> Result<Records, RecordsError> {
    let mut records = Vec::new();
    let scanned = scan_records_from(file, reader, |r| {
        records.push(r);
        ControlFlow::Continue(())
    })?;
    Ok(Records {
        records,
        complete_len: scanned.complete_len,
        torn_line: scanned.torn_line,
        missing_newline: scanned.missing_newline,
    })
}

/// [`scan_records`] from any reader; `file` names it in errors.
pub fn scan_records_from(
    file: &str,
    mut reader: impl BufRead,
    mut each: impl FnMut(Record) -> ControlFlow<()>,
) -> Result<Scanned, RecordsError> {
    let mut out = Scanned::default();
    let mut line = Vec::new();
    let mut line_no = 0usize;
    let mut total: u64 = 0;
    loop {
        line.clear();
        let cap = MAX_RECORD_LINE_BYTES as u64 + 1;
        let n = (&mut reader)
            .take(cap)
            .read_until(b'\n', &mut line)
            .map_err(|error| RecordsError::Io {
                file: file.to_string(),
                error,
            })?;
        if n == 0 {
            break;
        }
        line_no += 1;
        total += n as u64;
        let complete = line.last() == Some(&b'\n');
        if !complete && n as u64 == cap || line.len() > MAX_RECORD_LINE_BYTES + 1 {
            return Err(RecordsError::Malformed {
                file: file.to_string(),
                line: line_no,
                column: 1,
                message: format!(
                    "the line is longer than {MAX_RECORD_LINE_BYTES} bytes, the most a record \
                     line may have; this is not a results file"
                ),
            });
        }
        if total > MAX_RESULTS_BYTES {
            return Err(RecordsError::Io {
                file: file.to_string(),
                error: std::io::Error::other(format!(
                    "it holds more than the {MAX_RESULTS_BYTES} bytes a results file may have"
                )),
            });
        }
        let body = if complete {
            &line[..line.len() - 1]
        } else {
            &line[..]
        };
        let parsed = std::str::from_utf8(body)
            .map_err(|e| RecordsError::Malformed {
                file: file.to_string(),
                line: line_no,
                column: e.valid_up_to() + 1,
                message: "not UTF-8 text".to_string(),
            })
            .and_then(|t| {
                let t = t.trim_end_matches('\r');
                if t.trim().is_empty() {
                    return Ok(None);
                }
                serde_json::from_str::<Record>(t)
                    .map(Some)
                    .map_err(|e| RecordsError::Malformed {
                        file: file.to_string(),
                        line: line_no,
                        column: e.column(),
                        message: e.to_string(),
                    })
            });
        match parsed {
            Ok(Some(r)) => {
                out.records += 1;
                out.missing_newline = !complete;
                out.complete_len = total;
                if each(r).is_break() {
                    return Ok(out);
                }
                continue;
            }
            Ok(None) => {}
            // The last line lacks its newline, does not parse, and starts as a record
            // does: an interrupted run cut it short.
            Err(_) if !complete && body.starts_with(RECORD_START.as_bytes()) => {
                out.torn_line = Some(line_no);
                break;
            }
            Err(e) => return Err(e),
        }
        out.complete_len = total;
    }
    Ok(out)
}
