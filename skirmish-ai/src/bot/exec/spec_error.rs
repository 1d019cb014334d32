//! Why what follows `exec` in a player spec does not name a program: [`ExecSpecError`].

use super::LIMIT_RANGE;

/// The longest limit, in whole seconds.
const MOST_SECONDS: u32 = LIMIT_RANGE.1 / 100;

/// What is wrong with an `exec` spec's settings or command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExecSpecError {
    /// Settings not closed by `]:`.
    #[error("write exec[dir=PATH,limit=SECONDS]:COMMAND, with `]:` after the settings")]
    SettingsNotClosed,
    /// Neither settings nor a colon after `exec`.
    #[error("write exec:COMMAND (e.g. exec:python3 examples/bots/random_bot.py)")]
    NoColon,
    /// A setting with no `=`: the text given.
    #[error("`{0}` is not a setting: the settings are dir=PATH and limit=SECONDS")]
    NotASetting(String),
    /// `dir=` with nothing after it.
    #[error("dir= names no directory")]
    EmptyDir,
    /// A limit that is not 0.01 to 600 seconds: the value given.
    #[error("limit = `{0}`: give the seconds a decision may take, from 0.01 to {MOST_SECONDS}")]
    Limit(String),
    /// A setting given twice: its name.
    #[error("{0} is given twice")]
    Twice(String),
    /// A setting exec does not have: its name.
    #[error("`{0}` is not a setting of exec: the settings are dir=PATH and limit=SECONDS")]
    UnknownSetting(String),
    /// A quote in the command that is never closed.
    #[error("the command has a {0} that is never closed")]
    Unclosed(char),
    /// Nothing after `exec:`.
    #[error("no command follows `exec:`")]
    NoCommand,
}
