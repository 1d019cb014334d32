//! What is wrong with one `--vary KEY=V1,V2,...` ([`SweepError`]), its key path
//! ([`KeyPathError`]), or putting a value at that path in the file ([`PutError`]); the
//! sweep's whole refusal is [`super::vary::VaryError`].

/// A `--vary` that does not read; `text` is the sweep as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SweepError {
    /// No `=` between the key and its values.
    #[error("`{text}` is not a sweep: write KEY=V1,V2,..., like vp_target=6,8,10")]
    NoEquals { text: String },
    /// Nothing before the `=`.
    #[error("`{text}`: the key before `=` is missing")]
    NoKey { text: String },
    /// An empty value between commas.
    #[error("`{text}`: an empty value; give the values separated by commas, like {key}=6,8,10")]
    EmptyValue { text: String, key: String },
    /// A value given twice.
    #[error("`{text}`: the value `{value}` is given twice")]
    Twice { text: String, value: String },
}

/// A key that is not a dotted path with array positions; `key` is the key as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyPathError {
    /// Two dots in a row, or a dot at an end.
    #[error("`{key}` is not a key path: an empty key")]
    EmptyKey { key: String },
    /// A `[` that is never closed.
    #[error("`{key}` is not a key path: a `[` without `]`")]
    Unclosed { key: String },
    /// A position that is not a whole number.
    #[error("`{key}`: `{position}` is not an array position")]
    Position { key: String, position: String },
    /// Text after a `]` that is not another `[`.
    #[error("`{key}` is not a key path")]
    Malformed { key: String },
}

/// A swept value that cannot be put where its path points in the file; `path` is the
/// part of the key path walked so far.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PutError {
    /// The path goes on from a value that is not a table.
    #[error("{path} is not a table in the file")]
    NotATable { path: String },
    /// An entry of an array the file does not have.
    #[error("the file has no {path} to sweep an entry of")]
    NoArray { path: String },
    /// The path gives a position in a value that is not an array.
    #[error("{path} is not an array in the file")]
    NotAnArray { path: String },
    /// A position past the end of the array.
    #[error("{path} has {len} entries, so there is no {path}[{position}] (positions count from 0)")]
    NoEntry {
        path: String,
        len: usize,
        position: usize,
    },
}
