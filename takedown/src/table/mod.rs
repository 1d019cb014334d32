//! A game of Ten-Minute Takedown at the table, without any drawing: the game, its seats
//! (people at an aiming level, AIs by spec), every flick aimed, every shot simulated with
//! its path for the animation, the log in words, and the AI seats aiming on their own
//! thread ([`ai`]).
//!
//! Every draw derives from the table's seed and the number of the shot, never from the
//! clock: the die's placing ([`SHOT_SEED`]), a person's execution noise ([`NOISE_SEED`])
//! and the AI's decision ([`ai::DECIDE`]). So a game replays exactly from its set-up and
//! its flicks as aimed ([`TakedownTable::replay`]).

pub mod ai;
pub mod setup;
pub mod words;

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::game::{Game, GameResult};
use crate::geometry::Pose;
use crate::layout::SetupError;
use crate::noise::execute;
use crate::physics::{Placing, ShotPath, simulate_path};
use crate::pieces::Seat;
use crate::rules::Outcome;
use crate::shot::{Flick, Rest};
use ai::{TakedownAi, Thinking, ThreadGone, decision_seed};
use setup::{SeatKind, TakedownSetup};
use words::{result_words, shot_words};

/// The use of a shot's seed that the die's placing is drawn from.
pub const SHOT_SEED: u64 = 0;
/// The use of a shot's seed that a person's execution noise is drawn from.
pub const NOISE_SEED: u64 = 2;
/// Poses a simulated second in a shot's path.
pub const PATH_FPS: u32 = 30;

/// A line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The seat it is about (none for the game's start and end).
    pub seat: Option<usize>,
    /// The game's end.
    pub heading: bool,
    pub text: String,
}

/// A shot played at the table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableShot {
    pub shooter: Seat,
    /// The flick as aimed, and as executed (with the seat's noise).
    pub aimed: Flick,
    pub executed: Flick,
    /// The seed the die's placing was drawn from.
    pub seed: u64,
    pub rest: Rest,
    /// The die's poses on its way, for the animation.
    pub path: ShotPath,
    pub outcome: Outcome,
    /// The game as it stood when the shot was taken.
    pub before: Game,
    pub words: String,
}

/// Why a person's flick was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("the game is over")]
    Over,
    #[error("it is {name}'s shot, not a person's")]
    NotAPersonsSeat { name: String },
}

/// A game that did not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("flick {number} is past the game's end")]
    PastTheEnd { number: usize },
}

/// Ten-Minute Takedown at the table.
pub struct TakedownTable {
    pub setup: TakedownSetup,
    game: Game,
    shots: Vec<TableShot>,
    log: Vec<LogLine>,
    ai: Option<TakedownAi>,
    thinking: Option<Thinking>,
    last_move: Instant,
    /// The pause before each of the AI's shots, so a person can follow them.
    pub ai_delay: Duration,
    error: Option<ThreadGone>,
}

impl TakedownTable {
    /// The pause before each of the AI's shots unless changed.
    pub const AI_DELAY: Duration = Duration::from_millis(600);

    /// A new game of `setup`; why not when the table has no layout for its seats.
    pub fn new(setup: TakedownSetup) -> Result<TakedownTable, SetupError> {
        let placed = setup.check()?;
        let game = Game::new(Arc::new(placed));
        let first = format!(
            "{} shoots first. The game ends when every piece of the {} targets is claimed; \
             most points wins, then most pieces, then most centre discs.",
            setup.name(0),
            game.setup().targets.len()
        );
        Ok(TakedownTable {
            setup,
            game,
            shots: Vec::new(),
            log: vec![LogLine {
                seat: None,
                heading: false,
                text: first,
            }],
            ai: None,
            thinking: None,
            last_move: Instant::now(),
            ai_delay: Self::AI_DELAY,
            error: None,
        })
    }

    /// The game of `setup` with `flicks` (as aimed) played in order, each as whoever's it
    /// was: the same shots, log and end as when they were first played.
    pub fn replay(setup: TakedownSetup, flicks: &[Flick]) -> Result<TakedownTable, ReplayError> {
        let mut t = TakedownTable::new(setup)?;
        for (i, f) in flicks.iter().enumerate() {
            if t.game.is_over() {
                return Err(ReplayError::PastTheEnd { number: i + 1 });
            }
            t.play(*f);
        }
        Ok(t)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn shots(&self) -> &[TableShot] {
        &self.shots
    }

    /// Every flick as aimed, in order.
    pub fn flicks(&self) -> Vec<Flick> {
        self.shots.iter().map(|s| s.aimed).collect()
    }

    pub fn log(&self) -> &[LogLine] {
        &self.log
    }

    pub fn name(&self, seat: usize) -> String {
        self.setup.name(seat)
    }

    /// Why the game waits: the AI's thread stopped.
    pub fn error(&self) -> Option<ThreadGone> {
        self.error
    }

    /// The seat to shoot, while the game goes on.
    pub fn seat_to_shoot(&self) -> Option<usize> {
        (!self.game.is_over()).then(|| self.game.turn().index())
    }

    /// A person shoots now.
    pub fn persons_shot(&self) -> bool {
        self.seat_to_shoot()
            .is_some_and(|s| self.setup.seats[s].is_person())
    }

    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.game.is_over().then(|| self.game.result())
    }

    /// The die as it will be put down in the shooter's saucer for the next shot (its
    /// placing drawn from that shot's seed), while the game goes on.
    pub fn next_die(&self) -> Option<Pose> {
        if self.game.is_over() {
            return None;
        }
        let seed = decision_seed(self.setup.seed, self.shots.len() as u64, SHOT_SEED);
        let at = self.game.saucer(self.game.turn());
        Some(Pose {
            centre: [at.x, at.y, 0.0],
            rotation: Placing::from_seed(&self.setup.layout, seed).rotation,
        })
    }

    /// When the table wants to be looked at again: at once while the AI thinks, after the
    /// rest of the pause when the AI shoots next; never while a person aims or the game is
    /// over.
    pub fn wake_in(&self) -> Option<Duration> {
        if self.thinking.is_some() {
            return Some(Duration::ZERO);
        }
        let seat = self.seat_to_shoot()?;
        if self.setup.seats[seat].is_person() || self.error.is_some() {
            return None;
        }
        Some(self.ai_delay.saturating_sub(self.last_move.elapsed()))
    }

    /// A person's flick as aimed: played with the noise of their aiming level, when it is
    /// a person's shot; otherwise refused, and nothing changes.
    pub fn shoot(&mut self, aimed: Flick) -> Result<&TableShot, Refused> {
        let Some(seat) = self.seat_to_shoot() else {
            return Err(Refused::Over);
        };
        if !self.setup.seats[seat].is_person() {
            return Err(Refused::NotAPersonsSeat {
                name: self.name(seat),
            });
        }
        Ok(self.play(aimed))
    }

    /// Plays `aimed` for the seat to shoot: its noise, its simulated shot, its log line.
    fn play(&mut self, aimed: Flick) -> &TableShot {
        let index = self.shots.len() as u64;
        let seed = self.setup.seed;
        let shooter = self.game.turn();
        let layout = self.setup.layout.clone();
        let noise = match &self.setup.seats[shooter.index()] {
            SeatKind::Person(a) => a.noise(&layout),
            SeatKind::Ai(spec) => spec.player().noise().map(|l| layout.noise(l)),
        };
        let executed = match noise {
            Some(n) => execute(
                aimed,
                n,
                &mut ChaCha8Rng::seed_from_u64(decision_seed(seed, index, NOISE_SEED)),
            ),
            None => aimed,
        };
        let shot_seed = decision_seed(seed, index, SHOT_SEED);
        let every = (layout.physics.steps_per_second / PATH_FPS).max(1);
        let (rest, path) = simulate_path(&layout, &self.game.scene(), executed, shot_seed, every);
        let before = self.game.clone();
        // The game is not over (every caller checks): the shot is played.
        let outcome = match self.game.play(&rest) {
            Ok(r) => r.outcome,
            Err(_) => Outcome::RetakesSpent,
        };
        let text = shot_words(&before, &self.setup, &outcome);
        self.log.push(LogLine {
            seat: Some(shooter.index()),
            heading: false,
            text: text.clone(),
        });
        if let Some(r) = self.result() {
            self.log.push(LogLine {
                seat: r.winner.map(|w| w.index()),
                heading: true,
                text: result_words(&r, &self.setup),
            });
        }
        self.last_move = Instant::now();
        self.shots.push(TableShot {
            shooter,
            aimed,
            executed,
            seed: shot_seed,
            rest,
            path,
            outcome,
            before,
            words: text,
        });
        self.shots.last().expect("a shot was just pushed")
    }

    /// Collects the AI's flick and plays it, or starts the AI on its thread once its
    /// pause is over; call it every frame (or in a loop, without a window).
    pub fn tick(&mut self) {
        if let (Some(t), Some(ai)) = (&self.thinking, &self.ai) {
            let Some(answer) = ai.poll(t) else { return };
            let index = t.index;
            self.thinking = None;
            match answer {
                Ok(f) if index == self.shots.len() as u64 && !self.game.is_over() => {
                    self.play(f);
                }
                Ok(_) => {}
                Err(e) => self.error = Some(e),
            }
            return;
        }
        if self.error.is_some() {
            return;
        }
        let Some(seat) = self.seat_to_shoot() else {
            return;
        };
        let SeatKind::Ai(spec) = &self.setup.seats[seat] else {
            return;
        };
        if self.last_move.elapsed() < self.ai_delay {
            return;
        }
        let ai = self
            .ai
            .get_or_insert_with(|| TakedownAi::start(::ai::worker::no_waker()));
        match ai.think(
            &self.game,
            seat,
            spec,
            self.setup.seed,
            self.shots.len() as u64,
        ) {
            Ok(t) => self.thinking = Some(t),
            Err(e) => self.error = Some(e),
        }
    }
}

#[cfg(test)]
mod tests;
