//! The arena's progress display on stderr: an indicatif bar redrawn in place on a
//! terminal (at most ten times a second), and a plain line every
//! [`Progress::PLAIN_EVERY`] when stderr is a log file or a batch job's output.

use std::time::{Duration, Instant};

use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Progress of a run of `total` games.
pub struct Progress {
    total: u64,
    done: u64,
    start: Instant,
    last_line: Instant,
    show: bool,
    /// The bar, on a terminal.
    bar: Option<ProgressBar>,
}

impl Progress {
    /// How often the plain line is printed.
    pub const PLAIN_EVERY: Duration = Duration::from_secs(10);
    /// The most bar redraws a second.
    const REDRAWS_PER_SECOND: u8 = 10;

    /// Progress of `total` games; `show`: display anything at all; `tty`: stderr is a
    /// terminal.
    pub fn new(total: usize, show: bool, tty: bool) -> Progress {
        let total = total as u64;
        let show = show && total > 0;
        let bar = (show && tty).then(|| {
            let style = ProgressStyle::with_template(
                "[{bar:30}] {pos}/{len} games, {per_sec}, {elapsed} elapsed, {eta} left",
            )
            .expect("the template is valid")
            .progress_chars("#>.");
            ProgressBar::with_draw_target(
                Some(total),
                ProgressDrawTarget::stderr_with_hz(Self::REDRAWS_PER_SECOND),
            )
            .with_style(style)
        });
        let now = Instant::now();
        Progress {
            total,
            done: 0,
            start: now,
            last_line: now,
            show,
            bar,
        }
    }

    /// One more game has ended.
    pub fn game_done(&mut self) {
        self.done += 1;
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Called now and then while games are under way: the plain line when it is due.
    pub fn tick(&mut self) {
        if self.show && self.bar.is_none() && self.last_line.elapsed() >= Self::PLAIN_EVERY {
            self.last_line = Instant::now();
            eprintln!("arena: {}", self.status());
        }
    }

    /// The run is over: the bar's last state, or a last plain line.
    pub fn finish(&mut self) {
        if !self.show {
            return;
        }
        match &self.bar {
            Some(bar) => bar.finish(),
            None => eprintln!("arena: {}", self.status()),
        }
    }

    /// `12/200 games, 3.10 games/s, 4s elapsed, 1 minute left`.
    fn status(&self) -> String {
        let elapsed = self.start.elapsed();
        let rate = self.done as f64 / elapsed.as_secs_f64().max(1e-9);
        let left = if self.done == 0 {
            "?".to_string()
        } else {
            let secs = (self.total - self.done.min(self.total)) as f64 / rate;
            HumanDuration(Duration::from_secs_f64(secs)).to_string()
        };
        format!(
            "{}/{} games, {rate:.2} games/s, {} elapsed, {left} left",
            self.done,
            self.total,
            HumanDuration(elapsed)
        )
    }
}
