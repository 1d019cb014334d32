//! Programs kept between the games of a run: a bot that answers its hello with
//! `"new_game": true` is not stopped when a game of `duel` or `arena` ends; its process
//! waits here, and the run's next game of the same program takes it and sends it
//! `new_game` (with that game's hello) instead of starting another. A program that failed
//! is never kept, and one that has exited meanwhile is started afresh. When the run ends
//! ([`Kept`] dropped), every program still waiting is stopped: its input is closed, it has
//! half a second to exit, and then its group is ended.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::BotId;
use super::process::BotProcess;

/// Time a kept program has to exit once the run is over and its input is closed.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// The programs of one run waiting for their next game.
#[derive(Default)]
pub struct Kept {
    idle: Mutex<Vec<(BotId, BotProcess)>>,
    started: AtomicU64,
    reused: AtomicU64,
}

impl Kept {
    /// An empty keeper, for one run.
    pub fn new() -> Arc<Kept> {
        Arc::new(Kept::default())
    }

    /// A waiting process of `id` that is still running, if there is one.
    pub(super) fn take(&self, id: BotId) -> Option<BotProcess> {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        while let Some(i) = idle.iter().position(|(b, _)| *b == id) {
            let (_, p) = idle.swap_remove(i);
            if p.is_running() {
                return Some(p);
            }
            // Exited while it waited: dropping it reaps it.
        }
        None
    }

    /// `p` of `id`, its game over, waits for the next.
    pub(super) fn give(&self, id: BotId, p: BotProcess) {
        self.idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((id, p));
    }

    pub(super) fn count_start(&self) {
        self.started.fetch_add(1, Ordering::Relaxed);
    }

    pub(super) fn count_reuse(&self) {
        self.reused.fetch_add(1, Ordering::Relaxed);
    }

    /// Processes started for the run's games so far.
    pub fn started(&self) -> u64 {
        self.started.load(Ordering::Relaxed)
    }

    /// Games that went to a kept process (a `new_game`) rather than a new one.
    pub fn reused(&self) -> u64 {
        self.reused.load(Ordering::Relaxed)
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        let idle = std::mem::take(self.idle.get_mut().unwrap_or_else(|e| e.into_inner()));
        for (_, mut p) in idle {
            p.finish(EXIT_GRACE);
        }
    }
}
