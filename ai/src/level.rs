//! The AI's levels, the same for every game on this crate: the time a decision may take,
//! and the share of it the search itself uses.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::player::Budget;

/// How long the AI thinks a decision, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// About 0.05 s per decision.
    Easy,
    /// About 0.3 s per decision.
    Normal,
    /// About 1.5 s per decision.
    Hard,
}

/// The share of a level's time the search itself may use. The rest absorbs what the clock
/// of the search does not see (tearing down a tree of a million nodes, a thread
/// descheduled on a busy machine): at 0.3 s with the whole budget, decisions of the
/// skirmish on a loaded two-core machine peaked at 1.31 times the budget.
pub const TIME_SHARE: f64 = 0.9;

/// The least time a level keeps back from its search, whatever [`TIME_SHARE`] leaves: a
/// thread descheduled once on a busy machine loses a few milliseconds, which at `easy`
/// (50 ms, 45 ms of search) made one skirmish decision in thousands take 1.39 times the
/// budget.
pub const MIN_RESERVE: Duration = Duration::from_millis(12);

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The name in a player spec and at the table.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The time a decision may take.
    pub const fn time(self) -> Duration {
        match self {
            Level::Easy => Duration::from_millis(50),
            Level::Normal => Duration::from_millis(300),
            Level::Hard => Duration::from_millis(1500),
        }
    }

    /// The time the search itself may use: [`TIME_SHARE`] of the level's time, less if
    /// that would keep back under [`MIN_RESERVE`] (easy 38 ms, normal 270 ms, hard 1.35 s).
    pub fn search_time(self) -> Duration {
        let t = self.time();
        t.mul_f64(TIME_SHARE).min(t.saturating_sub(MIN_RESERVE))
    }

    /// A budget of the level's whole time.
    pub const fn budget(self) -> Budget {
        Budget::Time(self.time())
    }
}

/// The most iterations [`budget_in_spec`] accepts.
pub const MAX_SPEC_ITERATIONS: u64 = 10_000_000;

/// The budget a player spec gives after its kind (`mcts:hard`, `mcts:2000`): nothing for
/// `normal`, a level's name, or an iteration count from 1 to [`MAX_SPEC_ITERATIONS`]; the
/// error says what was given.
pub fn budget_in_spec(text: &str) -> Result<Budget, crate::spec::SpecError> {
    if text.trim().is_empty() {
        return Ok(Level::Normal.budget());
    }
    Ok(match crate::spec::Effort::parse(text)? {
        crate::spec::Effort::Level(level) => level.budget(),
        crate::spec::Effort::Iterations(n) => Budget::Iterations(n),
    })
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level: the name as given, trimmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a level: easy, normal or hard", self.0)
    }
}

impl std::error::Error for UnknownLevel {}

/// A level by its name, in any case (`Normal`, `HARD`).
impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let s = s.trim();
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_in_any_case_and_keep_time_back_from_the_search() {
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        assert_eq!(" normal ".parse::<Level>(), Ok(Level::Normal));
        assert!(
            "fast"
                .parse::<Level>()
                .unwrap_err()
                .to_string()
                .contains("easy, normal or hard")
        );
        assert_eq!(Level::Easy.search_time(), Duration::from_millis(38));
        assert_eq!(Level::Normal.search_time(), Duration::from_millis(270));
        assert_eq!(Level::Hard.search_time(), Duration::from_millis(1350));
        assert_eq!(Level::Normal.budget(), Budget::millis(300));
        assert_eq!(budget_in_spec(""), Ok(Budget::millis(300)));
        assert_eq!(budget_in_spec("Easy"), Ok(Budget::millis(50)));
        assert_eq!(budget_in_spec("2000"), Ok(Budget::Iterations(2000)));
        assert_eq!(
            budget_in_spec("10000000"),
            Ok(Budget::Iterations(MAX_SPEC_ITERATIONS))
        );
        for bad in ["0", "10000001"] {
            let e = budget_in_spec(bad).unwrap_err().to_string();
            assert_eq!(
                e,
                format!("the iteration count must be at least 1 and at most 10000000, got {bad}")
            );
        }
        for bad in ["fast", "-3"] {
            let e = budget_in_spec(bad).unwrap_err().to_string();
            assert_eq!(
                e,
                format!("`{bad}` is neither a level (easy, normal, hard) nor an iteration count")
            );
        }
    }
}
