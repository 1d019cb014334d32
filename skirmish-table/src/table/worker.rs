//! The AI's worker thread: it takes positions from the session, decides them with a
//! brain built once per player spec ([`super::brain::make_brain`]), and posts the answers
//! back while the window keeps drawing. A hint is searched by a brain of its own, and
//! finished into a whole move ([`super::hint::rest_of_move`]).

use std::collections::HashMap;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use rand::SeedableRng;

use rules::{Action, GameRng, GameState};
use skirmish_ai::bot::PlayerSpec;
use skirmish_ai::bot::game::JournalEntry;

use super::brain::{AiError, AiReport, Brain, make_brain};
use super::hint::rest_of_move;

/// What the AI thread calls after posting a decision; the window sets it to a repaint
/// request, and may change it at any time.
pub type Waker = Arc<Mutex<Box<dyn Fn() + Send>>>;

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
/// drawing meanwhile.
pub struct AiWorker {
    jobs: Option<Sender<Job>>,
    answers: Receiver<Answer>,
    thread: Option<JoinHandle<()>>,
}

impl AiWorker {
    /// Starts the thread. `wake` is called after each answer is posted (the GUI passes a
    /// repaint request, so the answer is picked up at once).
    pub fn start(wake: Waker) -> AiWorker {
        let (job_tx, job_rx) = mpsc::channel::<Job>();
        let (ans_tx, ans_rx) = mpsc::channel::<Answer>();
        let thread = std::thread::Builder::new()
            .name("ai".into())
            .spawn(move || {
                // A brain per player and use: hints and estimates search with brains of
                // their own, never the opponent's.
                let mut brains: HashMap<(PlayerSpec, bool), Box<dyn Brain>> = HashMap::new();
                let mut waiting: Option<Job> = None;
                while let Some(job) = waiting.take().or_else(|| job_rx.recv().ok()) {
                    // An estimate that a newer job has overtaken is not searched.
                    if job.kind == JobKind::Estimate
                        && let Ok(newer) = job_rx.try_recv()
                    {
                        waiting = Some(newer);
                        continue;
                    }
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
                    if ans_tx
                        .send(Answer {
                            generation: job.generation,
                            kind: job.kind,
                            prefix: job.prefix,
                            rest,
                            result,
                        })
                        .is_err()
                    {
                        break;
                    }
                    if let Ok(w) = wake.lock() {
                        w();
                    }
                }
            })
            .expect("the AI thread starts");
        AiWorker {
            jobs: Some(job_tx),
            answers: ans_rx,
            thread: Some(thread),
        }
    }

    /// The answers posted since the last call.
    pub(super) fn answers(&self) -> Vec<Answer> {
        self.answers.try_iter().collect()
    }

    /// Hands the thread a job; false when the thread is gone.
    pub(super) fn send(&self, job: Job) -> bool {
        self.jobs.as_ref().is_some_and(|tx| tx.send(job).is_ok())
    }
}

impl Drop for AiWorker {
    fn drop(&mut self) {
        // Closing the job channel ends the thread after its current decision; it is not
        // waited for, so a long search never holds up the window.
        self.jobs.take();
        self.thread.take();
    }
}
