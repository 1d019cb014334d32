//! Players as text, one grammar for every game: `kind[:effort][:settings]`, read in any
//! case. The kind names what plays (each game lists its own kinds); the effort how hard a
//! search thinks, a level's name or an iteration count ([`Effort`]); the settings are
//! `key=value` pairs parted by commas, each game reading its own keys. A second part that
//! holds `=` is the settings, with no effort given (`mcts:c=0.5`).

use std::fmt;

use crate::level::{LEVEL_NAMES, Level, MAX_SPEC_ITERATIONS};

/// Why a part of a spec does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// An iteration count outside 1 to [`MAX_SPEC_ITERATIONS`].
    Iterations(u64),
    /// Neither a level's name nor an iteration count (the text given).
    NotAnEffort(String),
    /// A setting without `=` (the text given).
    NotASetting(String),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Iterations(n) => write!(
                f,
                "the iteration count must be at least 1 and at most {MAX_SPEC_ITERATIONS}, got {n}"
            ),
            SpecError::NotAnEffort(text) => write!(
                f,
                "`{text}` is neither a level ({LEVEL_NAMES}) nor an iteration count"
            ),
            SpecError::NotASetting(text) => write!(f, "`{text}` is not a setting: write key=value"),
        }
    }
}

impl std::error::Error for SpecError {}

/// A spec that names no player of its game: the text, why not, and the players the game
/// has (its own list, for the message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAPlayer {
    pub spec: String,
    pub why: String,
    pub players: &'static str,
}

impl NotAPlayer {
    /// `spec` names no player of a game whose players are `players`, for the reason `why`.
    pub fn new(spec: &str, why: impl fmt::Display, players: &'static str) -> NotAPlayer {
        NotAPlayer {
            spec: spec.to_string(),
            why: why.to_string(),
            players,
        }
    }
}

impl fmt::Display for NotAPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a player: {}; the players are {}",
            self.spec.escape_debug(),
            self.why,
            self.players
        )
    }
}

impl std::error::Error for NotAPlayer {}

impl From<NotAPlayer> for String {
    fn from(e: NotAPlayer) -> String {
        e.to_string()
    }
}

/// The search settings a dice game's spec may give: the exploration constant (`c=X`, 0 to
/// 10) and the temperature the decision is drawn at (`ctau=X`, 0 to 100;
/// [`IsMctsConfig::choice_temperature`](crate::IsMctsConfig::choice_temperature)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchSettings {
    pub exploration: f64,
    /// `None`: the level's, or 0 for an iteration count.
    pub choice_temperature: Option<f64>,
}

/// The settings a spec gives, the exploration constant `default` unless it says; the dice
/// games' searches take no others. Why not, as [`NotAPlayer`] of `spec`, whose game's
/// players are `players`.
pub fn search_settings(
    spec: &str,
    parts: &SpecParts,
    default: f64,
    players: &'static str,
) -> Result<SearchSettings, NotAPlayer> {
    let bad = |why: String| NotAPlayer::new(spec, why, players);
    let mut settings = SearchSettings {
        exploration: default,
        choice_temperature: None,
    };
    for (key, value) in parts.settings().map_err(|e| bad(e.to_string()))? {
        match key.as_str() {
            "c" => {
                settings.exploration = value
                    .parse::<f64>()
                    .ok()
                    .filter(|c| (0.0..=10.0).contains(c))
                    .ok_or_else(|| bad("c= takes an exploration constant from 0 to 10".into()))?;
            }
            "ctau" => {
                settings.choice_temperature = Some(
                    value
                        .parse::<f64>()
                        .ok()
                        .filter(|t| (0.0..=100.0).contains(t))
                        .ok_or_else(|| bad("ctau= takes a temperature from 0 to 100".into()))?,
                );
            }
            _ => return Err(bad(format!("`{key}` is not a setting (c= and ctau= are)"))),
        }
    }
    Ok(settings)
}

/// How hard a search thinks: a level of the game, or a fixed number of iterations
/// (reproducible on any machine).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effort {
    Level(Level),
    Iterations(u64),
}

impl Effort {
    /// An effort as a spec writes it: a level's name (any case) or an iteration count
    /// from 1 to [`MAX_SPEC_ITERATIONS`]; the error says what was given.
    pub fn parse(text: &str) -> Result<Effort, SpecError> {
        let text = text.trim();
        if let Ok(level) = text.parse::<Level>() {
            return Ok(Effort::Level(level));
        }
        match text.parse::<u64>() {
            Ok(n) if (1..=MAX_SPEC_ITERATIONS).contains(&n) => Ok(Effort::Iterations(n)),
            Ok(n) => Err(SpecError::Iterations(n)),
            Err(_) => Err(SpecError::NotAnEffort(text.to_string())),
        }
    }
}

impl fmt::Display for Effort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effort::Level(l) => f.write_str(l.name()),
            Effort::Iterations(n) => write!(f, "{n}"),
        }
    }
}

/// A player spec cut into its parts, lowercased and trimmed (the kind checked by the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecParts {
    pub kind: String,
    /// The effort as written, if given.
    pub effort: Option<String>,
    /// The settings as written (`c=0.3,prior=1.5`), if given.
    pub settings: Option<String>,
}

impl SpecParts {
    /// Cuts `text` into its parts (see the module documentation).
    pub fn of(text: &str) -> SpecParts {
        let text = text.trim().to_ascii_lowercase();
        let mut parts = text.splitn(3, ':');
        let kind = parts.next().unwrap_or_default().trim().to_string();
        let second = parts.next().map(|s| s.trim().to_string());
        let third = parts.next().map(|s| s.trim().to_string());
        let (effort, settings) = match (second, third) {
            (Some(s), None) if s.contains('=') => (None, Some(s)),
            (e, s) => (e, s),
        };
        SpecParts {
            kind,
            effort,
            settings,
        }
    }

    /// The effort given, read ([`Effort::parse`]); `None` when none was given.
    pub fn effort(&self) -> Result<Option<Effort>, SpecError> {
        self.effort.as_deref().map(Effort::parse).transpose()
    }

    /// The settings as `(key, value)` pairs, in order; an entry without `=` is an error.
    pub fn settings(&self) -> Result<Vec<(String, String)>, SpecError> {
        let Some(text) = &self.settings else {
            return Ok(Vec::new());
        };
        text.split(',')
            .map(|kv| match kv.split_once('=') {
                Some((k, v)) => Ok((k.trim().to_string(), v.trim().to_string())),
                None => Err(SpecError::NotASetting(kv.to_string())),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_is_a_kind_an_effort_and_settings_in_any_case() {
        let p = SpecParts::of(" MCTS:Hard:C=0.5,prior=2 ");
        assert_eq!(p.kind, "mcts");
        assert_eq!(p.effort(), Ok(Some(Effort::Level(Level::Hard))));
        assert_eq!(
            p.settings(),
            Ok(vec![
                ("c".into(), "0.5".into()),
                ("prior".into(), "2".into())
            ])
        );
        // Settings without an effort.
        let p = SpecParts::of("mcts:c=0.5");
        assert_eq!((p.effort(), p.settings().unwrap().len()), (Ok(None), 1));
        assert_eq!(
            SpecParts::of("mcts:2000").effort(),
            Ok(Some(Effort::Iterations(2000)))
        );
        assert_eq!(
            SpecParts::of("mcts:0").effort(),
            Err(SpecError::Iterations(0))
        );
        assert_eq!(
            SpecParts::of("mcts:fast").effort(),
            Err(SpecError::NotAnEffort("fast".into()))
        );
        assert_eq!(
            SpecParts::of("mcts:1:c").settings(),
            Err(SpecError::NotASetting("c".into()))
        );
        assert!(SpecError::Iterations(0).to_string().contains("at least 1"));
        assert_eq!(Effort::Iterations(300).to_string(), "300");
        assert_eq!(Effort::Level(Level::Easy).to_string(), "easy");
    }
}
