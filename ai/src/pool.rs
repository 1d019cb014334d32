//! The one pool of worker threads that plays many independent games: a match's pairs of
//! games ([`crate::arena::play_match_on_threads`]) and an arena run's games (the
//! `mars-attacks arena` command) alike.
//!
//! Jobs are handed out one at a time, as workers ask for them, so a long job does not hold
//! up a thread's share of the rest and a stream of any length is planned in the same memory.
//! Results come back to the calling thread as they are done. Never more threads are started
//! than there are jobs; a thread the system refuses is done without, and with none at all the
//! jobs are done on the calling thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::Duration;

/// Does `work` on every job of `jobs` on up to `threads` threads named `name0`, `name1`...,
/// handing each result to `on_result` on the calling thread as it is done, and calling
/// `on_tick` about every `tick` while work is under way (for progress displays). `on_result`
/// returns `false` to stop: jobs under way are finished and handed over, no new job starts.
/// A panic in `work` is the caller's to catch: like any scoped thread's, it reaches the
/// calling thread when the pool ends.
pub fn run<J, R, I, W>(
    jobs: I,
    threads: usize,
    name: &str,
    work: W,
    tick: Duration,
    mut on_result: impl FnMut(R) -> bool,
    mut on_tick: impl FnMut(),
) where
    I: Iterator<Item = J> + Send,
    R: Send,
    W: Fn(J) -> R + Sync,
{
    let upper = jobs.size_hint().1.unwrap_or(usize::MAX);
    let threads = threads.clamp(1, upper.max(1));
    let source = Mutex::new(jobs);
    let next_job = || match source.lock() {
        Ok(mut it) => it.next(),
        Err(_) => None,
    };
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<R>();
    std::thread::scope(|scope| {
        let mut started = 0;
        for w in 0..threads {
            let sender = tx.clone();
            let (next_job, stop, work) = (&next_job, &stop, &work);
            let worker = move || {
                while !stop.load(Ordering::Relaxed) {
                    let Some(job) = next_job() else { break };
                    if sender.send(work(job)).is_err() {
                        break;
                    }
                }
            };
            let spawned = std::thread::Builder::new()
                .name(format!("{name}{w}"))
                .spawn_scoped(scope, worker);
            if spawned.is_ok() {
                started += 1;
            }
        }
        drop(tx);
        if started == 0 {
            // No thread at all: work here rather than not at all.
            while let Some(job) = next_job() {
                if !on_result(work(job)) {
                    break;
                }
            }
            return;
        }
        loop {
            match rx.recv_timeout(tick) {
                Ok(result) => {
                    if !on_result(result) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => on_tick(),
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_job_is_done_once_whatever_the_threads() {
        for threads in [0, 1, 2, 7, 100] {
            let mut seen = Vec::new();
            run(
                0..50u32,
                threads,
                "pool-test-",
                |j| j * j,
                Duration::from_millis(5),
                |r| {
                    seen.push(r);
                    true
                },
                || {},
            );
            seen.sort_unstable();
            assert_eq!(
                seen,
                (0..50u32).map(|j| j * j).collect::<Vec<_>>(),
                "{threads}"
            );
        }
    }
}
