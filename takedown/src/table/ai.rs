//! The AI of a Ten-Minute Takedown seat at the table: it aims on a thread of its own
//! ([`ai::worker::Worker`], as every game's table has it) while the window keeps drawing.
//! A decision's generator derives from the table's seed and the number of the decision,
//! never from the clock: a game replays exactly from its seed and the people's flicks.

use std::time::Instant;

use ai::arena::derive_seed;
use ai::worker::{Waker, Worker};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::setup::AiSpec;
use crate::game::Game;
use crate::shot::Flick;

/// The use of a decision's seed that its player draws from (see [`super::seeds`]).
pub const DECIDE: u64 = 1;

/// The seed of decision `index` of the table seeded `table_seed`, for one use.
pub fn decision_seed(table_seed: u64, index: u64, use_: u64) -> u64 {
    derive_seed(table_seed, index, use_)
}

/// The flick `spec`'s player aims in `game`, drawing from decision `index`'s generator.
pub fn decide(game: &Game, spec: &AiSpec, table_seed: u64, index: u64) -> Flick {
    let mut rng = ChaCha8Rng::seed_from_u64(decision_seed(table_seed, index, DECIDE));
    spec.player().aim(game, &mut rng)
}

/// A decision handed to the thread.
struct Job {
    game: Game,
    spec: AiSpec,
    seed: u64,
    index: u64,
}

/// The AI's thread.
pub struct TakedownAi {
    worker: Worker<Job, (u64, Flick)>,
}

/// A decision under way on the AI's thread.
#[derive(Clone, Copy, Debug)]
pub struct Thinking {
    pub seat: usize,
    /// The number of the decision (the shots played before it).
    pub index: u64,
    pub started: Instant,
}

/// The AI's thread stopped without answering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the AI's thread stopped")]
pub struct ThreadGone;

impl TakedownAi {
    /// Starts the thread; `wake` is called after each decision is posted.
    pub fn start(wake: Waker) -> TakedownAi {
        let worker = Worker::start(
            "takedown-ai",
            wake,
            |_| false,
            |j: Job| Some((j.index, decide(&j.game, &j.spec, j.seed, j.index))),
        );
        TakedownAi { worker }
    }

    /// Starts seat `seat`'s AI on decision `index` of `game`.
    pub fn think(
        &self,
        game: &Game,
        seat: usize,
        spec: &AiSpec,
        table_seed: u64,
        index: u64,
    ) -> Result<Thinking, ThreadGone> {
        let job = Job {
            game: game.clone(),
            spec: spec.clone(),
            seed: table_seed,
            index,
        };
        if !self.worker.send(job) {
            return Err(ThreadGone);
        }
        Ok(Thinking {
            seat,
            index,
            started: Instant::now(),
        })
    }

    /// The flick `thinking` waits for, once aimed (answers to older decisions dropped).
    pub fn poll(&self, thinking: &Thinking) -> Option<Result<Flick, ThreadGone>> {
        while let Some((index, flick)) = self.worker.answer() {
            if index == thinking.index {
                return Some(Ok(flick));
            }
        }
        if !self.worker.is_running() {
            return Some(Err(ThreadGone));
        }
        None
    }
}
