//! What the host allows a connection, and how long it waits: the deadlines that keep a
//! slow or silent table from holding anything up, the rate limit, the grace period of a
//! seat whose table dropped. [`Limits::default`] is what a game over a real network uses;
//! tests shorten the waits.

use std::time::{Duration, Instant};

/// The host's limits and deadlines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// From the connection to the hello: the WebSocket handshake and the first message.
    pub hello: Duration,
    /// The longest a joined table may say nothing (a table pings every
    /// [`crate::client::PING_EVERY`]).
    pub idle: Duration,
    /// The longest one message may take to be written to a table.
    pub send: Duration,
    /// The messages waiting for a table: one that falls this far behind is dropped (it
    /// may join again, for the whole view).
    pub outbox: usize,
    /// The messages a table may send in a burst, and per second after it.
    pub burst: u32,
    pub per_second: u32,
    /// Messages refused for the rate in a row before the connection is closed.
    pub flood: u32,
    /// How long the seat of a table that dropped is kept for it before the stand-in AI,
    /// if the host named one, plays for it.
    pub grace: Duration,
    /// The wait before a table whose code is not the game's is told so (guessing codes
    /// goes no faster than this, per connection).
    pub wrong_code: Duration,
    /// The most connections at once.
    pub connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            hello: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            send: Duration::from_secs(10),
            outbox: 256,
            burst: 40,
            per_second: 20,
            flood: 200,
            grace: Duration::from_secs(120),
            wrong_code: Duration::from_millis(500),
            connections: 64,
        }
    }
}

/// A token bucket: [`Limits::burst`] messages at once, [`Limits::per_second`] after.
#[derive(Clone, Debug)]
pub(crate) struct RateLimit {
    tokens: f64,
    burst: f64,
    per_second: f64,
    at: Instant,
}

impl RateLimit {
    pub(crate) fn new(limits: &Limits) -> RateLimit {
        RateLimit {
            tokens: f64::from(limits.burst),
            burst: f64::from(limits.burst),
            per_second: f64::from(limits.per_second),
            at: Instant::now(),
        }
    }

    /// May a message come in at `now`? It is counted if so.
    pub(crate) fn allow(&mut self, now: Instant) -> bool {
        let dt = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * self.per_second).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_limit_allows_a_burst_then_its_rate() {
        let limits = Limits {
            burst: 5,
            per_second: 10,
            ..Limits::default()
        };
        let mut r = RateLimit::new(&limits);
        let t = r.at;
        let allowed = (0..20).filter(|_| r.allow(t)).count();
        assert_eq!(allowed, 5);
        // A second later, ten more (the bucket holds five at most).
        let later = t + Duration::from_secs(1);
        let allowed = (0..20).filter(|_| r.allow(later)).count();
        assert_eq!(allowed, 5);
        let then = later + Duration::from_millis(200);
        assert_eq!((0..20).filter(|_| r.allow(then)).count(), 2);
    }
}
