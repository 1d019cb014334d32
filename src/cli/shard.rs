//! `arena --shard`: which part of a run this process plays, given as `K/N` or taken from
//! a batch scheduler's job array with `auto`.
//!
//! - Slurm (`sbatch --array=1-16`): `SLURM_ARRAY_TASK_ID` is the task, counted from
//!   `SLURM_ARRAY_TASK_MIN`, and `SLURM_ARRAY_TASK_COUNT` the number of tasks; all three
//!   must be set (Slurm sets them for every array task), so that every task finds its
//!   part by one rule. The array must be a plain range (no step, no gaps), so that its
//!   tasks are the parts 1..N.
//! - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX` (from 0) is the part; the count is
//!   the Job's `completions`, which Kubernetes does not put in the environment: give it as
//!   `--shard auto/N`.
//!
//! With `auto/N` under Slurm, N must equal the array's task count.

use std::str::FromStr;

use crate::arena::Shard;

pub use super::shard_error::{AutoShardError, ShardArgError};

/// What `--shard` was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardArg {
    /// `K/N`.
    Fixed(Shard),
    /// `auto` or `auto/N`: from the job array's environment.
    Auto { count: Option<u32> },
}

impl FromStr for ShardArg {
    type Err = ShardArgError;

    fn from_str(s: &str) -> Result<ShardArg, ShardArgError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("auto") {
            return Ok(ShardArg::Auto { count: None });
        }
        if let Some(n) = t
            .split_once('/')
            .filter(|(a, _)| a.trim().eq_ignore_ascii_case("auto"))
            .map(|(_, n)| n.trim())
        {
            return match n.parse::<u32>() {
                Ok(count) if count > 0 => Ok(ShardArg::Auto { count: Some(count) }),
                Err(_)
                    if n.bytes().all(|b| b.is_ascii_digit())
                        && !n.trim_start_matches('0').is_empty() =>
                {
                    Err(ShardArgError::TooManyParts(s.to_string()))
                }
                _ => Err(ShardArgError::AutoCount(s.to_string())),
            };
        }
        Ok(ShardArg::Fixed(s.parse::<Shard>()?))
    }
}

impl ShardArg {
    /// The part to play, reading the job array's variables with `env`.
    pub fn resolve(self, env: &dyn Fn(&str) -> Option<String>) -> Result<Shard, AutoShardError> {
        let count = match self {
            ShardArg::Fixed(shard) => return Ok(shard),
            ShardArg::Auto { count } => count,
        };
        let number = |name: &'static str| -> Result<Option<u64>, AutoShardError> {
            let Some(v) = env(name) else {
                return Ok(None);
            };
            let t = v.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(AutoShardError::NotANumber { name, value: v });
            }
            t.parse::<u64>()
                .map(Some)
                .map_err(|_| AutoShardError::TooLarge {
                    name,
                    value: v.clone(),
                })
        };
        if let Some(task) = number("SLURM_ARRAY_TASK_ID")? {
            let tasks = number("SLURM_ARRAY_TASK_COUNT")?.ok_or(AutoShardError::NoTaskCount)?;
            if tasks == 0 {
                return Err(AutoShardError::NoTasks);
            }
            if tasks > u64::from(u32::MAX) {
                return Err(AutoShardError::TooManyTasks(tasks));
            }
            // Each task must know where the array starts: guessing it apart, tasks
            // numbered from 0 and from 1 would play some parts twice and others never.
            let min = number("SLURM_ARRAY_TASK_MIN")?.ok_or(AutoShardError::NoTaskMin)?;
            let max = number("SLURM_ARRAY_TASK_MAX")?;
            if number("SLURM_ARRAY_TASK_STEP")?.is_some_and(|s| s != 1)
                || max.is_some_and(|max| max.checked_sub(min).map(|d| d + 1) != Some(tasks))
            {
                return Err(AutoShardError::NotARange(tasks));
            }
            let index = task
                .checked_sub(min)
                .map(|i| i + 1)
                .filter(|&k| k <= tasks)
                .ok_or_else(|| AutoShardError::OutsideArray {
                    task,
                    min,
                    last: min + tasks.saturating_sub(1),
                })?;
            return make(index, tasks, count, "SLURM_ARRAY_TASK_COUNT");
        }
        if let Some(index) = number("JOB_COMPLETION_INDEX")? {
            // (A count of 0 does not parse as `auto/N`.)
            let Some(n) = count else {
                return Err(AutoShardError::NoCompletions);
            };
            if index >= u64::from(n) {
                return Err(AutoShardError::IndexNotBelow { count: n, index });
            }
            return make(index + 1, u64::from(n), None, "");
        }
        Err(AutoShardError::NotAJobArray)
    }
}

fn make(
    index: u64,
    count: u64,
    given: Option<u32>,
    variable: &'static str,
) -> Result<Shard, AutoShardError> {
    if let Some(n) = given
        && u64::from(n) != count
    {
        return Err(AutoShardError::CountDiffers {
            given: n,
            count,
            variable,
        });
    }
    let (Ok(index), Ok(count)) = (u32::try_from(index), u32::try_from(count)) else {
        return Err(AutoShardError::TooMany(count));
    };
    Ok(Shard { index, count })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    fn shard(index: u32, count: u32) -> Shard {
        Shard { index, count }
    }

    #[test]
    fn shard_arguments_parse() {
        assert_eq!("auto".parse(), Ok(ShardArg::Auto { count: None }));
        assert_eq!(" AUTO/8 ".parse(), Ok(ShardArg::Auto { count: Some(8) }));
        assert_eq!("2/8".parse(), Ok(ShardArg::Fixed(shard(2, 8))));
        for bad in ["auto/0", "auto/x", "automatic", "9/8", ""] {
            assert!(bad.parse::<ShardArg>().is_err(), "{bad}");
        }
        let e = "auto/99999999999999999999"
            .parse::<ShardArg>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("at most 4294967295 parts"), "{e}");
    }

    #[test]
    fn slurm_arrays_from_one_or_from_zero_number_the_parts_from_one() {
        let auto = ShardArg::Auto { count: None };
        let from_one = [
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_COUNT", "16"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "16"),
        ];
        assert_eq!(auto.resolve(&env(&from_one)), Ok(shard(3, 16)));
        let from_zero = [
            ("SLURM_ARRAY_TASK_ID", "0"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_MAX", "3"),
        ];
        assert_eq!(auto.resolve(&env(&from_zero)), Ok(shard(1, 4)));
        // auto/N must agree with the array.
        let agreed = ShardArg::Auto { count: Some(16) };
        assert_eq!(agreed.resolve(&env(&from_one)), Ok(shard(3, 16)));
        let wrong = ShardArg::Auto { count: Some(8) };
        assert!(
            wrong
                .resolve(&env(&from_one))
                .unwrap_err()
                .to_string()
                .contains("16 tasks")
        );
    }

    #[test]
    fn slurm_arrays_with_gaps_or_steps_are_refused() {
        let auto = ShardArg::Auto { count: None };
        let stepped = [
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "7"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
        ];
        assert!(auto.resolve(&env(&stepped)).is_err());
        let gaps = [
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "5"),
        ];
        assert!(auto.resolve(&env(&gaps)).is_err());
        let no_count = [("SLURM_ARRAY_TASK_ID", "1")];
        assert!(auto.resolve(&env(&no_count)).is_err());
    }

    #[test]
    fn every_task_of_an_array_finds_its_own_part_or_none_does() {
        let auto = ShardArg::Auto { count: None };
        // Tasks 0-3 of a four-task array: parts 1 to 4, each once.
        let parts: Vec<_> = (0..4)
            .map(|id| {
                let id = id.to_string();
                auto.resolve(&env(&[
                    ("SLURM_ARRAY_TASK_ID", &id),
                    ("SLURM_ARRAY_TASK_COUNT", "4"),
                    ("SLURM_ARRAY_TASK_MIN", "0"),
                ]))
                .unwrap()
            })
            .collect();
        assert_eq!(parts, (1..=4).map(|k| shard(k, 4)).collect::<Vec<_>>());
        // Without the array's start, no task guesses it.
        for id in ["0", "1", "3"] {
            let e = auto
                .resolve(&env(&[
                    ("SLURM_ARRAY_TASK_ID", id),
                    ("SLURM_ARRAY_TASK_COUNT", "4"),
                ]))
                .unwrap_err()
                .to_string();
            assert!(e.contains("SLURM_ARRAY_TASK_MIN is not"), "{e}");
        }
        // Counts no array has.
        for (count, says) in [
            ("0", "one task at least"),
            ("99999999999999999999", "larger than any job array"),
            ("4294967296", "more parts than a run can be split into"),
            ("-1", "not a whole number"),
        ] {
            let e = auto
                .resolve(&env(&[
                    ("SLURM_ARRAY_TASK_ID", "1"),
                    ("SLURM_ARRAY_TASK_COUNT", count),
                    ("SLURM_ARRAY_TASK_MIN", "1"),
                ]))
                .unwrap_err()
                .to_string();
            assert!(e.contains(says), "{count}: {e}");
        }
    }

    #[test]
    fn kubernetes_indexed_jobs_count_from_zero_and_need_the_count() {
        let index = [("JOB_COMPLETION_INDEX", "0")];
        assert!(
            ShardArg::Auto { count: None }
                .resolve(&env(&index))
                .unwrap_err()
                .to_string()
                .contains("auto/N")
        );
        let four = ShardArg::Auto { count: Some(4) };
        assert_eq!(four.resolve(&env(&index)), Ok(shard(1, 4)));
        assert_eq!(
            four.resolve(&env(&[("JOB_COMPLETION_INDEX", "3")])),
            Ok(shard(4, 4))
        );
        assert!(
            four.resolve(&env(&[("JOB_COMPLETION_INDEX", "4")]))
                .is_err()
        );
        assert!(
            four.resolve(&env(&[("JOB_COMPLETION_INDEX", "x")]))
                .is_err()
        );
    }

    #[test]
    fn auto_outside_a_job_array_says_so() {
        let e = ShardArg::Auto { count: None }
            .resolve(&env(&[]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("not a job array"), "{e}");
        // A fixed shard ignores the environment.
        let fixed = ShardArg::Fixed(shard(2, 3));
        assert_eq!(
            fixed.resolve(&env(&[("SLURM_ARRAY_TASK_ID", "1")])),
            Ok(shard(2, 3))
        );
    }
}
