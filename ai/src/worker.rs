//! The AI's thread at a table, one shape for every game: jobs go in, answers come out, one
//! job at a time, while the caller (a window) goes on drawing. After each answer the
//! thread calls the table's [`Waker`] (the window's repaint request), so the answer is
//! picked up at once.
//!
//! A job may be marked as one a newer job overtakes ([`Worker::start`]'s `overtaken`): it
//! is dropped unanswered when another job is already waiting behind it (a chance-to-win
//! estimate of a position the game has left). Dropping the worker closes its job channel;
//! the thread ends after the job under way, and is not waited for, so a long search never
//! holds up the window.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// What the thread calls after posting an answer; the window sets it to a repaint
/// request, and may change it at any time.
pub type Waker = Arc<Mutex<Box<dyn Fn() + Send>>>;

/// A waker that does nothing (for a table with no window).
pub fn no_waker() -> Waker {
    Arc::new(Mutex::new(Box::new(|| {})))
}

/// The thread, and the channels to and from it.
pub struct Worker<J, A> {
    jobs: Option<Sender<J>>,
    answers: Receiver<A>,
    thread: Option<JoinHandle<()>>,
}

impl<J: Send + 'static, A: Send + 'static> Worker<J, A> {
    /// Starts a thread called `name` that answers each job with `answer` (`None`: no
    /// answer to post), calling `wake` after each answer it posts. A job for which
    /// `overtaken` is true is skipped when a newer one is waiting.
    pub fn start(
        name: &str,
        wake: Waker,
        overtaken: fn(&J) -> bool,
        mut answer: impl FnMut(J) -> Option<A> + Send + 'static,
    ) -> Worker<J, A> {
        let (job_tx, job_rx) = mpsc::channel::<J>();
        let (ans_tx, ans_rx) = mpsc::channel::<A>();
        let thread = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                let mut waiting: Option<J> = None;
                while let Some(job) = waiting.take().or_else(|| job_rx.recv().ok()) {
                    if overtaken(&job)
                        && let Ok(newer) = job_rx.try_recv()
                    {
                        waiting = Some(newer);
                        continue;
                    }
                    let Some(a) = answer(job) else { continue };
                    if ans_tx.send(a).is_err() {
                        break;
                    }
                    if let Ok(w) = wake.lock() {
                        w();
                    }
                }
            })
            .ok();
        Worker {
            jobs: thread.as_ref().map(|_| job_tx),
            answers: ans_rx,
            thread,
        }
    }

    /// Hands the thread a job; false when the thread is gone (it could not start, or it
    /// broke down).
    pub fn send(&self, job: J) -> bool {
        self.jobs.as_ref().is_some_and(|tx| tx.send(job).is_ok())
    }

    /// The answers posted since the last call, oldest first.
    pub fn answers(&self) -> Vec<A> {
        self.answers.try_iter().collect()
    }

    /// The oldest answer not taken yet, if one is there.
    pub fn answer(&self) -> Option<A> {
        self.answers.try_recv().ok()
    }

    /// Whether the thread is running (it started, and has not ended).
    pub fn is_running(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }
}

impl<J, A> Drop for Worker<J, A> {
    fn drop(&mut self) {
        // Closing the job channel ends the thread after its current job.
        self.jobs.take();
        self.thread.take();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[test]
    fn jobs_are_answered_in_order_and_an_overtaken_one_is_skipped() {
        let woken = Arc::new(AtomicUsize::new(0));
        let w = woken.clone();
        let wake: Waker = Arc::new(Mutex::new(Box::new(move || {
            w.fetch_add(1, Ordering::SeqCst);
        })));
        // Jobs are (number, may be overtaken); the first one waits a little, so the
        // others queue up behind it.
        let worker: Worker<(u32, bool), u32> = Worker::start(
            "test",
            wake,
            |j| j.1,
            |(n, _)| {
                if n == 1 {
                    std::thread::sleep(Duration::from_millis(50));
                }
                Some(n * 10)
            },
        );
        for job in [(1, false), (2, true), (3, true), (4, false)] {
            assert!(worker.send(job));
        }
        let mut got = Vec::new();
        for _ in 0..400 {
            got.extend(worker.answers());
            if got.len() == 2 {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        // 2 and 3 were each overtaken by a job waiting behind them.
        assert_eq!(got, [10, 40]);
        assert_eq!(woken.load(Ordering::SeqCst), got.len());
    }
}
