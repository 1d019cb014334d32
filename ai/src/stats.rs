//! Small statistics for judging matches.

/// The z value of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wilson score interval for a proportion: `successes` out of `n` trials at `z` standard
/// deviations (use [`Z95`] for 95%). Returns `(low, high)`, both in `[0, 1]`.
///
/// `successes` may be fractional: the arena scores a draw as half a win and passes
/// `wins + draws / 2`. With `n == 0` the interval is the whole `[0, 1]`.
pub fn wilson(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Running count, mean and maximum of a series of durations, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimeStats {
    /// Number of samples.
    pub count: u64,
    /// Sum of the samples, in milliseconds.
    pub total_ms: f64,
    /// Largest sample, in milliseconds.
    pub max_ms: f64,
}

impl TimeStats {
    /// Adds one sample.
    pub fn add(&mut self, ms: f64) {
        self.count += 1;
        self.total_ms += ms;
        if ms > self.max_ms {
            self.max_ms = ms;
        }
    }

    /// Mean of the samples in milliseconds (0 if none).
    pub fn mean_ms(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.total_ms / self.count as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_stats() {
        let mut t = TimeStats::default();
        assert_eq!(t.mean_ms(), 0.0);
        t.add(2.0);
        t.add(4.0);
        assert_eq!(t.count, 2);
        assert_eq!(t.mean_ms(), 3.0);
        assert_eq!(t.max_ms, 4.0);
    }
}
