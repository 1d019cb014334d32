//! Why a self-play file cannot be read: [`ReadError`], naming the file, and for a damaged
//! game record what is wrong in it ([`RecordDamage`]).

use std::path::PathBuf;

use rules::action::ActionError;

/// Why a self-play file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// The system refused to open or read it: its words.
    #[error("{}: cannot read: {why}", file.display())]
    Io { file: PathBuf, why: String },
    /// Its first bytes are not a self-play file's.
    #[error(
        "{}: not a self-play file (its first bytes are not MASELF and version 1)",
        file.display()
    )]
    NotSelfPlay { file: PathBuf },
    /// The header does not read as a run's.
    #[error("{}: the header is not a self-play run's: {why}", file.display())]
    Header { file: PathBuf, why: HeaderDamage },
    /// Game record `index` (from 0), at byte `at`, does not read (boxed: an action's
    /// error is large, and this is rare).
    #[error("{}: game record {index} (at byte {at}) is damaged: {why}", file.display())]
    Damaged {
        file: PathBuf,
        index: u64,
        at: u64,
        why: Box<RecordDamage>,
    },
}

/// What is wrong with a self-play file's header.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeaderDamage {
    /// Its length is more than a header may have.
    #[error("{0} bytes long, more than a header holds")]
    TooLong(u32),
    /// Its JSON does not read as a header: the reader's words.
    #[error("{0}")]
    Json(String),
}

/// What is wrong with one game record of a self-play file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordDamage {
    /// Its length is more than a record may have.
    #[error("{0} bytes long, more than a record holds")]
    TooLong(u32),
    /// Its checksum does not match its bytes.
    #[error("its CRC does not match")]
    Crc,
    /// Its compressed bytes do not inflate: the decompressor's words.
    #[error("{0}")]
    Inflate(String),
    /// It ends this many bytes before what it holds does.
    #[error("it ends {0} bytes short")]
    Short(usize),
    /// An action's text is not UTF-8.
    #[error("{0}")]
    NotUtf8(#[from] std::str::Utf8Error),
    /// An action's text does not read as an action.
    #[error("`{}` is not an action: {why}", text.escape_debug())]
    NotAnAction { text: String, why: ActionError },
    /// The byte of the game's ending.
    #[error("{0} is not a game's ending")]
    Ending(u8),
    /// More positions than the game made decisions.
    #[error("{positions} positions in a game of {decisions} decisions")]
    Positions { positions: u32, decisions: u32 },
    /// The byte of a position's side.
    #[error("{0} is not a side")]
    Side(u8),
    /// Bytes left over after the game.
    #[error("{0} bytes more than the game holds")]
    Trailing(usize),
}
