//! Programs as players: the bot protocol of `docs/bot-protocol.md`, JSON lines over a
//! child process's standard input and output.
//!
//! * [`ExecBot`]: the program (`exec:python3 bot.py`, `exec[dir=bots,limit=0.5]:./bot`)
//!   parsed from a player spec, kept in a registry so that a [`PlayerSpec`] stays `Copy`.
//! * [`message`]: what the program is told, built only from what its side may see.
//! * [`statics`]: the static game sent to a version 2 bot (tables, zones, rules, deck).
//! * [`events`]: the typed events of version 2, beside the prose lines.
//! * [`annotate`]: version 2's annotated legal actions, for a bot that asks for them.
//! * [`snapshot`]: version 2's snapshot of a decision, for `serve` to go on from.
//! * [`process`]: the child process, its lines and its time limit.
//! * [`kept`]: programs kept between the games of a run, for bots that ask for `new_game`.
//! * [`ExecPlayer`]: an [`ai::Player`] that asks the program for each decision of its side
//!   and gives the game up ([`ai::Player::forfeit`]) when the program fails.
//!
//! [`PlayerSpec`]: super::PlayerSpec

pub mod annotate;
mod bot_error;
pub mod events;
pub mod kept;
pub mod message;
mod player;
pub mod process;
pub mod snapshot;
mod spec_error;
pub mod statics;
mod statics_error;
pub mod threats;

pub use spec_error::ExecSpecError;

use std::fmt;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use super::tuning::parse_hundredths;

pub use kept::Kept;
pub use player::{ExecPlayer, check_hello};

/// The protocol's first version, sent in the hello: the version every bot speaks unless
/// it asks for another in its answer.
pub const PROTOCOL_VERSION: u32 = 1;

/// The newest version of the protocol, offered in the hello (`"versions": [1, 2]`).
pub const PROTOCOL_LATEST: u32 = 2;

/// A decision's time limit when the spec gives none.
pub const DEFAULT_LIMIT: Duration = Duration::from_secs(2);

/// The shortest and longest time limit a spec may give, in hundredths of a second.
const LIMIT_RANGE: (u32, u32) = (1, 60_000);

/// A program that plays through the bot protocol.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ExecBot {
    /// The program and its arguments (split like a shell's words, quotes kept together;
    /// no shell runs it).
    pub command: Vec<String>,
    /// Where it runs; the current directory when `None`.
    pub dir: Option<PathBuf>,
    /// How long it may take over one decision; past it, it is stopped and loses.
    pub limit: Duration,
    /// The spec as given after `exec`, to print it back.
    text: String,
}

impl ExecBot {
    /// Parses what follows `exec` in a spec: `:COMMAND` or `[SETTINGS]:COMMAND`, the
    /// settings being `dir=PATH` and `limit=SECONDS` separated by commas.
    pub fn parse(rest: &str) -> Result<ExecBot, ExecSpecError> {
        let (settings, command) = if let Some(r) = rest.strip_prefix('[') {
            let Some((s, c)) = r.split_once("]:") else {
                return Err(ExecSpecError::SettingsNotClosed);
            };
            (Some(s), c)
        } else if let Some(c) = rest.strip_prefix(':') {
            (None, c)
        } else {
            return Err(ExecSpecError::NoColon);
        };
        let mut dir = None;
        let mut limit = None;
        for part in settings.into_iter().flat_map(|s| s.split(',')) {
            let Some((name, value)) = part.split_once('=') else {
                return Err(ExecSpecError::NotASetting(part.to_string()));
            };
            match name.trim() {
                "dir" if dir.is_none() => {
                    let v = value.trim();
                    if v.is_empty() {
                        return Err(ExecSpecError::EmptyDir);
                    }
                    dir = Some(PathBuf::from(v));
                }
                "limit" if limit.is_none() => {
                    let v = value.trim();
                    let hundredths = parse_hundredths(v)
                        .filter(|h| (LIMIT_RANGE.0..=LIMIT_RANGE.1).contains(h))
                        .ok_or_else(|| ExecSpecError::Limit(v.to_string()))?;
                    limit = Some(Duration::from_millis(u64::from(hundredths) * 10));
                }
                "dir" | "limit" => return Err(ExecSpecError::Twice(name.trim().to_string())),
                other => return Err(ExecSpecError::UnknownSetting(other.to_string())),
            }
        }
        let command = split_words(command)?;
        if command.is_empty() {
            return Err(ExecSpecError::NoCommand);
        }
        Ok(ExecBot {
            command,
            dir,
            limit: limit.unwrap_or(DEFAULT_LIMIT),
            text: rest.to_string(),
        })
    }
}

impl fmt::Display for ExecBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "exec{}", self.text)
    }
}

/// Splits a command into words at spaces; text in single or double quotes is one word
/// (or part of one), without the quotes.
pub fn split_words(text: &str) -> Result<Vec<String>, ExecSpecError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if let Some(q) = quote {
        return Err(ExecSpecError::Unclosed(q));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// An [`ExecBot`] in the registry: small and `Copy`, so that a player spec naming a program
/// stays `Copy` like the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BotId(u32);

fn registry() -> &'static Mutex<Vec<ExecBot>> {
    static BOTS: OnceLock<Mutex<Vec<ExecBot>>> = OnceLock::new();
    BOTS.get_or_init(|| Mutex::new(Vec::new()))
}

impl BotId {
    /// The id of `bot`, registering it once.
    pub fn of(bot: ExecBot) -> BotId {
        let mut bots = registry().lock().unwrap_or_else(|e| e.into_inner());
        let i = match bots.iter().position(|b| *b == bot) {
            Some(i) => i,
            None => {
                bots.push(bot);
                bots.len() - 1
            }
        };
        BotId(i as u32)
    }

    /// The program.
    pub fn bot(self) -> ExecBot {
        let bots = registry().lock().unwrap_or_else(|e| e.into_inner());
        bots[self.0 as usize].clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_parses_with_its_settings_and_prints_back() {
        let b = ExecBot::parse(":python3 'my bot.py' --fast").unwrap();
        assert_eq!(b.command, ["python3", "my bot.py", "--fast"]);
        assert_eq!((b.dir.clone(), b.limit), (None, DEFAULT_LIMIT));
        assert_eq!(b.to_string(), "exec:python3 'my bot.py' --fast");
        let b = ExecBot::parse("[dir=examples/bots,limit=0.25]:./bot").unwrap();
        assert_eq!(b.dir, Some(PathBuf::from("examples/bots")));
        assert_eq!(b.limit, Duration::from_millis(250));
        for (bad, says) in [
            (":", "no command"),
            ("python3", "exec:COMMAND"),
            ("[limit=0]:x", "from 0.01"),
            ("[limit=1,limit=2]:x", "twice"),
            ("[speed=2]:x", "not a setting"),
            ("[dir=x:y", "]:"),
            (":python3 'bot.py", "never closed"),
        ] {
            let e = ExecBot::parse(bad).unwrap_err();
            assert!(e.to_string().contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn a_spec_names_a_program_in_any_case_and_keeps_its_command_as_written() {
        use crate::bot::{Kind, PlayerSpec};
        let s: PlayerSpec = "EXEC:python3 My_Bot.py".parse().unwrap();
        assert_eq!(s.kind(), Kind::Exec);
        assert_eq!(s.exec().unwrap().bot().command, ["python3", "My_Bot.py"]);
        assert!(s.is_fair());
        assert_eq!(s.to_string(), "exec:python3 My_Bot.py");
        // Text that is not a program is still refused cleanly, multi-byte characters too.
        for bad in ["aé€x", "exé", "exec", "execute"] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_registry_gives_one_id_per_program() {
        let a = BotId::of(ExecBot::parse(":a b").unwrap());
        let b = BotId::of(ExecBot::parse(":a  b").unwrap());
        let c = BotId::of(ExecBot::parse(":a b").unwrap());
        assert_eq!(a, c);
        assert_ne!(a, b, "printed back as given, so kept apart");
        assert_eq!(a.bot().command, ["a", "b"]);
    }
}
