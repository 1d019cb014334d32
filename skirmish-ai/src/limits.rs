//! The stated limits on what a user may ask for or hand in.
//!
//! Every count given on the command line is checked against one of these before any work
//! starts, and the error names the value, the option and the limit (`--games 0: give 1 to
//! 1000000 games`). Every file is read with a size cap. The limits are generous for real
//! use and small enough that no input can make the program run out of memory or threads.
//! Each one is stated in the `--help` of the options it bounds, through the `*_help`
//! texts here, so the help and the check never disagree.
//!
//! File limits that belong to one format live with its reader:
//! `rules::scenario_file::MAX_FILE_BYTES` (scenario files), `arena::record`'s
//! `MAX_RESULTS_BYTES` and `MAX_RECORD_LINE_BYTES` (results files), and
//! `table::save::MAX_SAVE_BYTES` (saved games).

/// The most games one command plays (`simulate --games`, `duel --games`, and `arena
/// --games` for each pairing on each scenario).
pub const MAX_GAMES: u32 = 1_000_000;

/// The most worker threads (`duel --jobs`, `arena --jobs`). A thread per core is the most
/// that helps; this bounds what a typing slip can ask of the operating system.
pub const MAX_JOBS: usize = 256;

/// The largest runaway guard (`--max-decisions` of `simulate`, `duel`, `arena`): a game
/// with more decisions than the guard is stopped and reported as stopped. Games of the
/// shipped scenarios take a few hundred decisions.
pub const MAX_DECISIONS_GUARD: u64 = 1_000_000;

/// The most players in one arena run (`arena --players`): every two of them meet, so 64
/// players are 2,016 pairings.
pub const MAX_PLAYERS: usize = 64;

/// The most scenario files in one arena run (`arena --scenario`).
pub const MAX_SCENARIOS: usize = 64;

/// The longest `bench --seconds`, in seconds.
pub const MAX_BENCH_SECONDS: f64 = 3600.0;

/// A value given to an option outside its limits: the text as given, the option, and the
/// limits. clap shows it after the value it refuses.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LimitError {
    /// Not a whole number from `lo` to `hi` (of `what`, for `option`).
    #[error("`{text}` is not allowed for {option}: give {lo} to {hi} {what}")]
    Count {
        text: String,
        option: &'static str,
        what: &'static str,
        lo: u64,
        hi: u64,
    },
    /// Not a time of more than 0 and at most [`MAX_BENCH_SECONDS`].
    #[error(
        "`{0}` is not allowed for --seconds: give a time of more than 0 and at most \
         {MAX_BENCH_SECONDS} seconds"
    )]
    BenchSeconds(String),
}

/// Parses a whole number between `lo` and `hi` given to `option` about `what`; the error
/// names the value and the limits.
fn ranged(
    text: &str,
    option: &'static str,
    what: &'static str,
    lo: u64,
    hi: u64,
) -> Result<u64, LimitError> {
    let bad = || LimitError::Count {
        text: text.to_string(),
        option,
        what,
        lo,
        hi,
    };
    let n: u64 = text.trim().parse().map_err(|_| bad())?;
    if n < lo || n > hi {
        return Err(bad());
    }
    Ok(n)
}

/// clap value parser for `--games`: 1 to [`MAX_GAMES`].
pub fn parse_games(text: &str) -> Result<u32, LimitError> {
    ranged(text, "--games", "games", 1, u64::from(MAX_GAMES)).map(|n| n as u32)
}

/// clap value parser for `--jobs`: 1 to [`MAX_JOBS`].
pub fn parse_jobs(text: &str) -> Result<usize, LimitError> {
    ranged(text, "--jobs", "worker threads", 1, MAX_JOBS as u64).map(|n| n as usize)
}

/// clap value parser for `--max-decisions`: 1 to [`MAX_DECISIONS_GUARD`].
pub fn parse_max_decisions(text: &str) -> Result<u64, LimitError> {
    ranged(text, "--max-decisions", "decisions", 1, MAX_DECISIONS_GUARD)
}

/// clap value parser for `bench --seconds`: more than 0, at most [`MAX_BENCH_SECONDS`].
pub fn parse_bench_seconds(text: &str) -> Result<f64, LimitError> {
    let bad = || LimitError::BenchSeconds(text.to_string());
    let s: f64 = text.trim().parse().map_err(|_| bad())?;
    if !(s.is_finite() && s > 0.0 && s <= MAX_BENCH_SECONDS) {
        return Err(bad());
    }
    Ok(s)
}

/// Help text of `--games`.
pub fn games_help(what: &str) -> String {
    format!("{what} (1 to {MAX_GAMES})")
}

/// Help text of `--jobs`.
pub fn jobs_help(what: &str) -> String {
    format!("{what} (1 to {MAX_JOBS})")
}

/// Help text of `--max-decisions`.
pub fn max_decisions_help() -> String {
    format!(
        "Runaway guard: a game with more decisions than this is stopped and reported as \
         stopped by the guard (1 to {MAX_DECISIONS_GUARD})"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_outside_the_limits_are_refused_with_the_limits_named() {
        assert_eq!(parse_games("1"), Ok(1));
        assert_eq!(parse_games("1000000"), Ok(MAX_GAMES));
        for bad in ["0", "1000001", "4294967295", "-1", "x", ""] {
            let e = parse_games(bad).unwrap_err();
            assert!(e.to_string().contains("1 to 1000000"), "{e}");
        }
        assert_eq!(parse_jobs("256"), Ok(256));
        assert!(
            parse_jobs("257")
                .unwrap_err()
                .to_string()
                .contains("1 to 256")
        );
        assert!(parse_jobs("0").is_err());
        assert!(parse_max_decisions("0").is_err());
        assert_eq!(parse_max_decisions("1000000"), Ok(1_000_000));
        assert!(parse_max_decisions("1000001").is_err());
        assert_eq!(parse_bench_seconds("0.5"), Ok(0.5));
        for bad in ["0", "-1", "3601", "nan", "inf"] {
            let e = parse_bench_seconds(bad).unwrap_err();
            assert!(
                e.to_string().contains("more than 0 and at most 3600"),
                "{e}"
            );
        }
    }
}
