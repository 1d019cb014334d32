//! Why `--shard` names no part of the run: the text does not read ([`ShardArgError`]), or
//! `auto` finds no job array that says which part this process plays
//! ([`AutoShardError`]).

use crate::arena::plan::ShardError;

/// The most parts a run is split into.
const MOST_PARTS: u32 = u32::MAX;

/// `--shard` text that is neither `K/N` nor `auto` nor `auto/N`; `text` is as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardArgError {
    /// `auto/N` with more parts than a run has.
    #[error("`{0}`: a run is split into at most {MOST_PARTS} parts")]
    TooManyParts(String),
    /// `auto/` followed by something else than a count of 1 or more.
    #[error("`{0}`: the count after auto/ must be a whole number of at least 1")]
    AutoCount(String),
    /// Not `K/N` either.
    #[error("{0}, or auto (from a Slurm or Kubernetes job array)")]
    Shard(#[from] ShardError),
}

/// Why `--shard auto` cannot tell which part this process plays from the job array's
/// variables (`name` is a variable's, `value` its text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AutoShardError {
    /// A variable that is not a whole number.
    #[error("--shard auto: {name}={value:?} is not a whole number")]
    NotANumber { name: &'static str, value: String },
    /// A variable larger than any job array.
    #[error("--shard auto: {name}={value:?} is larger than any job array ({MOST_PARTS} at most)")]
    TooLarge { name: &'static str, value: String },
    /// Slurm's task without the count of tasks.
    #[error("--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")]
    NoTaskCount,
    /// An array of no tasks.
    #[error("--shard auto: SLURM_ARRAY_TASK_COUNT=0, but a job array has one task at least")]
    NoTasks,
    /// More tasks than a run is split into.
    #[error(
        "--shard auto: SLURM_ARRAY_TASK_COUNT={0} is more parts than a run can be split into \
         ({MOST_PARTS} at most)"
    )]
    TooManyTasks(u64),
    /// Slurm's task without where the array starts.
    #[error(
        "--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_MIN is not, so this \
         task cannot tell which part it is (Slurm sets both for a job array); give --shard K/N"
    )]
    NoTaskMin,
    /// An array with a step or gaps, of this many tasks.
    #[error(
        "--shard auto: the Slurm array is not a plain range of {0} tasks (use --array=1-{0}, \
         or --shard K/N)"
    )]
    NotARange(u64),
    /// A task outside the array `min` to `last`.
    #[error("--shard auto: SLURM_ARRAY_TASK_ID {task} is outside the array ({min} to {last})")]
    OutsideArray { task: u64, min: u64, last: u64 },
    /// A Kubernetes index without `auto/N`.
    #[error(
        "--shard auto: JOB_COMPLETION_INDEX is set, but Kubernetes does not say how many \
         completions the Job has: give it, --shard auto/N"
    )]
    NoCompletions,
    /// A Kubernetes index not below the count given.
    #[error("--shard auto/{count}: JOB_COMPLETION_INDEX {index} is not below {count}")]
    IndexNotBelow { count: u32, index: u64 },
    /// Neither Slurm's nor Kubernetes' variables are set.
    #[error(
        "--shard auto: this is not a job array: neither SLURM_ARRAY_TASK_ID (Slurm) nor \
         JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set; give --shard K/N"
    )]
    NotAJobArray,
    /// `auto/N` with another count than the array's (`variable` says which).
    #[error("--shard auto/{given}: the job array has {count} tasks ({variable})")]
    CountDiffers {
        given: u32,
        count: u64,
        variable: &'static str,
    },
    /// More tasks than a shard counts.
    #[error("--shard auto: {0} tasks are too many")]
    TooMany(u64),
}
