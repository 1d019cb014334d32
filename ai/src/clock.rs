//! When to stop searching: an iteration count or a deadline checked at an adaptive stride.

use std::time::{Duration, Instant};

/// Decides when a search loop stops. The loop always runs at least one iteration.
#[derive(Clone, Debug)]
pub(crate) struct Stopper {
    max_iterations: u64,
    deadline: Option<Instant>,
    start: Instant,
    span: Duration,
    next_check: u64,
}

impl Stopper {
    /// Stop after `n` iterations (at least one).
    pub(crate) fn iterations(n: u64) -> Stopper {
        Stopper {
            max_iterations: n.max(1),
            deadline: None,
            start: Instant::now(),
            span: Duration::ZERO,
            next_check: 0,
        }
    }

    /// Stop at `deadline` (after at least one iteration).
    pub(crate) fn deadline(deadline: Instant) -> Stopper {
        let start = Instant::now();
        Stopper {
            max_iterations: u64::MAX,
            deadline: Some(deadline),
            start,
            span: deadline.saturating_duration_since(start),
            next_check: 1,
        }
    }

    /// Stop after `n` iterations (at least one) or at `deadline`, whichever comes first.
    pub(crate) fn iterations_or_deadline(n: u64, deadline: Instant) -> Stopper {
        Stopper {
            max_iterations: n.max(1),
            ..Stopper::deadline(deadline)
        }
    }

    /// True when the loop should stop, `done` iterations having been run.
    ///
    /// With a deadline, the clock is read every `stride` iterations, where the stride is
    /// re-estimated at each reading so that one stride of iterations takes about 1% of the
    /// time span (and never more than half of what is left).
    #[inline]
    pub(crate) fn should_stop(&mut self, done: u64) -> bool {
        if done >= self.max_iterations {
            return true;
        }
        let Some(deadline) = self.deadline else {
            return false;
        };
        if done == 0 || done < self.next_check {
            return false;
        }
        let now = Instant::now();
        if now >= deadline {
            return true;
        }
        let per_iteration = (now - self.start).as_secs_f64() / done as f64;
        let allowed = (self.span.as_secs_f64() / 100.0).min((deadline - now).as_secs_f64() / 2.0);
        let stride = if per_iteration > 0.0 {
            (allowed / per_iteration).clamp(1.0, 4096.0) as u64
        } else {
            64
        };
        self.next_check = done + stride;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_budget_counts_exactly() {
        let mut s = Stopper::iterations(3);
        let mut n = 0;
        while !s.should_stop(n) {
            n += 1;
        }
        assert_eq!(n, 3);
        let mut s = Stopper::iterations(0);
        assert!(!s.should_stop(0), "at least one iteration runs");
        assert!(s.should_stop(1));
    }

    #[test]
    fn past_deadline_runs_one_iteration() {
        let mut s = Stopper::deadline(Instant::now());
        assert!(!s.should_stop(0));
        assert!(s.should_stop(1));
    }
}
