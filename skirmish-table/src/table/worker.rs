//! The AI's worker thread: it takes positions from the session, decides them with a
//! brain built once per player spec ([`super::brain::make_brain`]), and posts the answers
//! back while the window keeps drawing. A hint is searched by a brain of its own, and
//! finished into a whole move ([`super::hint::rest_of_move`]).

use std::collections::HashMap;

use ai::worker::Worker;
use rand::SeedableRng;

use rules::{Action, GameRng, GameState};
use skirmish_ai::bot::PlayerSpec;
use skirmish_ai::bot::game::JournalEntry;

use super::brain::{AiError, AiReport, Brain, make_brain};
use super::hint::rest_of_move;

pub use ai::worker::Waker;

/// What a job is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum JobKind {
    /// The AI's own decision.
    Move,
    /// A hint for a person: the whole move it would make in the person's place.
    Hint,
    /// The chance to win after a person's decision, for the bar beside the board: a search
    /// of the person's position, as for a hint, whose move is not shown. Skipped when a
    /// newer job is already waiting (the position has moved on).
    Estimate,
}

/// A position handed to the thread to decide.
pub(super) struct Job {
    pub(super) generation: u64,
    pub(super) state: GameState,
    /// The decisions that led to `state`, for a program (empty for the others).
    pub(super) journal: Vec<JournalEntry>,
    pub(super) spec: PlayerSpec,
    pub(super) seed: u64,
    /// The AI's move, a hint or an estimate (the last two searched by brains of their
    /// own).
    pub(super) kind: JobKind,
    /// For a hint: the decisions already taken on `state` (the activation of the model
    /// the person selected).
    pub(super) prefix: Vec<Action>,
}

/// What the thread posts back for a [`Job`].
pub(super) struct Answer {
    pub(super) generation: u64,
    pub(super) kind: JobKind,
    /// A hint's prefix, as asked.
    pub(super) prefix: Vec<Action>,
    /// For a hint: the decisions after the first that finish the move.
    pub(super) rest: Vec<Action>,
    pub(super) result: Result<(Action, AiReport), AiError>,
}

/// The AI's thread: it takes positions and posts back decisions; the window keeps
/// drawing meanwhile ([`ai::worker::Worker`], as every game's table has it).
pub struct AiWorker {
    thread: Worker<Job, Answer>,
}

impl AiWorker {
    /// Starts the thread. `wake` is called after each answer is posted (the GUI passes a
    /// repaint request, so the answer is picked up at once).
    pub fn start(wake: Waker) -> AiWorker {
        // A brain per player and use: hints and estimates search with brains of their
        // own, never the opponent's.
        let mut brains: HashMap<(PlayerSpec, bool), Box<dyn Brain>> = HashMap::new();
        // An estimate that a newer job has overtaken is not searched.
        let overtaken = |job: &Job| job.kind == JobKind::Estimate;
        let thread = Worker::start("ai", wake, overtaken, move |job: Job| {
            let key = (job.spec, job.kind != JobKind::Move);
            let mut rest = Vec::new();
            let result = match brains.get_mut(&key) {
                Some(b) => Ok(b),
                None => make_brain(job.spec)
                    .map(|b| brains.entry(key).or_insert(b))
                    .map_err(AiError::from),
            }
            .and_then(|brain| {
                let mut rng = GameRng::seed_from_u64(job.seed);
                let state = job.state;
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    let first = brain.decide(&state, &job.journal, &mut rng)?;
                    if job.kind == JobKind::Hint {
                        rest = rest_of_move(brain.as_mut(), &state, first.0, &mut rng);
                    }
                    Ok(first)
                }))
                .map_err(|_| AiError::BrokeDown)
                .and_then(|r| r)
            });
            Some(Answer {
                generation: job.generation,
                kind: job.kind,
                prefix: job.prefix,
                rest,
                result,
            })
        });
        AiWorker { thread }
    }

    /// The answers posted since the last call.
    pub(super) fn answers(&self) -> Vec<Answer> {
        self.thread.answers()
    }

    /// Hands the thread a job; false when the thread is gone.
    pub(super) fn send(&self, job: Job) -> bool {
        self.thread.send(job)
    }
}
