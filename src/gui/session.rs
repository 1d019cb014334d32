//! A game being played at the table, without any drawing: the scenario, the seed, every
//! decision so far with what it caused, who controls each side, and the AI worker
//! thread. Everything here is testable without a window.
//!
//! The session never changes the game state by hand. A decision is applied with
//! `GameState::play_logged`, which refuses anything not on the rules' legal list; undo,
//! load and replay all rebuild the state by replaying the decision list from the seed,
//! so the dice of a rebuilt game are exactly the dice of the original.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::bot::exec::ExecBot;
use crate::bot::game::JournalEntry;
use crate::rules::action::ModelId;

pub use super::estimate::Estimate;
use crate::rules::scenario::Scenario;
use crate::rules::scenario_file::load_scenario;
use crate::rules::state::{Event, IllegalAction, Phase};
use crate::rules::{Action, BySide, GameRng, GameState, Side, rng_from_seed};

/// Who makes a side's decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A person at this computer.
    Human,
    /// The AI, as a player spec (`mcts:normal`, `random`, ...).
    Ai(String),
}

impl Controller {
    pub fn is_human(&self) -> bool {
        matches!(self, Controller::Human)
    }

    /// The text form used in save files: `human` or the AI's spec.
    pub fn as_text(&self) -> String {
        match self {
            Controller::Human => "human".into(),
            Controller::Ai(spec) => spec.clone(),
        }
    }

    pub fn from_text(s: &str) -> Controller {
        match s.trim() {
            "human" | "" => Controller::Human,
            spec => Controller::Ai(spec.to_string()),
        }
    }
}

/// The AI spec for a level name (`easy`, `normal`, `hard`); any other text is taken as a
/// spec of its own (`random`, `greedy`, `mcts:200`).
pub fn ai_spec_for_level(level: &str) -> String {
    let l = level.trim().to_ascii_lowercase();
    match l.as_str() {
        "easy" | "normal" | "hard" => format!("mcts:{l}"),
        // Specs parse in any case; a program's command keeps the case it was given.
        _ => level.trim().to_string(),
    }
}

/// How a game is set up: enough to start it again or to save it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub scenario_path: PathBuf,
    /// The seed of the set-up, and of the dice too unless `dice_seed` is given.
    pub seed: u64,
    /// A seed of the dice apart from the set-up's, as an arena game has
    /// ([`crate::arena::Record::dice_seed`]); `None` for a game begun at the table.
    pub dice_seed: Option<u64>,
    pub controllers: BySide<Controller>,
}

impl GameSetup {
    /// One person against the AI.
    pub fn versus_ai(scenario_path: impl Into<PathBuf>, player: Side, ai: &str, seed: u64) -> Self {
        let mut controllers = BySide::new(Controller::Human, Controller::Human);
        controllers[player.other()] = Controller::Ai(ai_spec_for_level(ai));
        GameSetup {
            scenario_path: scenario_path.into(),
            seed,
            dice_seed: None,
            controllers,
        }
    }
}

/// One decision made in the game and what it caused.
#[derive(Clone, Debug)]
pub struct Step {
    pub action: Action,
    /// The decision in words, as it read when it was made.
    pub text: String,
    /// The side that decided.
    pub by: Side,
    /// The decision drew from the dice (a roll, a counter's identity, a card): it and
    /// everything before it can never be undone.
    pub random: bool,
    pub events: Vec<Event>,
}

/// What the AI thought about a decision.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AiReport {
    /// The player that decided (`mcts(300 ms)`, `random`).
    pub player: String,
    pub chosen: Option<Action>,
    pub iterations: u64,
    pub elapsed: Duration,
    /// The threads it searched on (one tree each, root parallelism).
    pub threads: usize,
    /// The actions it considered, most visited first.
    pub top: Vec<Considered>,
}

/// One root action of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Considered {
    pub action: Action,
    pub visits: u64,
    /// Mean value for the side deciding, 0..1.
    pub mean: f64,
}

/// Something that decides for the side to move. Built on the worker thread from a spec.
pub trait Brain: Send {
    /// Picks one of the legal actions of `state`, drawing only from `rng` (never the dice);
    /// `journal` is the game's decisions so far, for a program told what happened. An
    /// error says why no decision can come (a program that failed).
    fn decide(
        &mut self,
        state: &GameState,
        journal: &[JournalEntry],
        rng: &mut GameRng,
    ) -> Result<(Action, AiReport), String>;
}

/// A player of the AI crate: a search or a baseline, or a program, built from its spec.
pub struct BotBrain {
    player: crate::bot::BoxedPlayer,
    threads: usize,
    /// A program playing through the bot protocol, told the game's journal.
    program: bool,
}

impl Brain for BotBrain {
    fn decide(
        &mut self,
        state: &GameState,
        journal: &[JournalEntry],
        rng: &mut GameRng,
    ) -> Result<(Action, AiReport), String> {
        use ai::Player as _;
        let start = Instant::now();
        let mut game = crate::bot::Skirmish::new(state.clone());
        if self.program {
            game = game.with_journal(journal.to_vec());
        }
        let chosen = self.player.choose(&game, rng);
        let action = match chosen {
            Some(a) => a,
            None => {
                if let Some(why) = self.player.forfeit() {
                    return Err(format!("{} failed: {why}", self.player.name()));
                }
                // A player with no answer is a bug there; never stall the table for it.
                let mut legal = Vec::new();
                state.legal_actions(&mut legal);
                legal[0]
            }
        };
        let mut report = AiReport {
            player: self.player.name(),
            chosen: Some(action),
            iterations: 0,
            elapsed: start.elapsed(),
            threads: 1,
            top: Vec::new(),
        };
        if let Some(r) = self.player.last_report() {
            report.iterations = r.iterations;
            report.elapsed = r.elapsed;
            report.threads = self.threads;
            report.top = r
                .top
                .iter()
                .map(|s| Considered {
                    action: s.action,
                    visits: s.visits,
                    mean: s.mean,
                })
                .collect();
        }
        Ok((action, report))
    }
}

/// Makes the brain for a spec (`random`, `greedy`, `mcts:normal`, `mcts:200`, ...).
pub fn make_brain(spec: &str) -> Result<Box<dyn Brain>, String> {
    let spec = check_ai(spec)?;
    let threads = table_threads();
    Ok(Box::new(BotBrain {
        player: spec.build_with_threads(threads),
        threads,
        program: spec.exec.is_some(),
    }))
}

/// The threads the table's AI searches on: every core the system offers (root
/// parallelism: one tree per core, their root statistics summed). The window's own
/// thread sleeps while the AI thinks, so it does not need a core of its own.
pub fn table_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The player a spec names, when the table can play it: a known player that sees only
/// what its side may see. A saved game is checked with this before it is loaded, so a
/// game never starts with an AI that cannot move.
pub fn check_ai(spec: &str) -> Result<crate::bot::PlayerSpec, String> {
    let spec: crate::bot::PlayerSpec = spec.parse().map_err(|e| format!("{e}"))?;
    if !spec.is_fair() {
        return Err(format!(
            "`{spec}` sees the other side's hidden cards; the table only offers fair opponents"
        ));
    }
    Ok(spec)
}

/// The largest saved game read, in bytes (16 MiB). A save holds a few bytes a decision,
/// and a whole game is a few thousand decisions: a few dozen KiB.
pub const MAX_SAVE_BYTES: u64 = 16 << 20;

/// The text of a saved game, read with the [`MAX_SAVE_BYTES`] cap (never more, whatever
/// the file is: a device, a growing file).
pub fn read_save_text(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let name = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    if meta.is_dir() {
        return Err(format!("{name} is a directory, not a saved game"));
    }
    let too_big = || {
        format!(
            "{name} is more than {MAX_SAVE_BYTES} bytes, the most a saved game may have \
             (16 MiB); it is not a saved game"
        )
    };
    if meta.len() > MAX_SAVE_BYTES {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_SAVE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name} is not a saved game: byte {} is not UTF-8 text",
            e.utf8_error().valid_up_to()
        )
    })
}

/// What the AI thread calls after posting a decision; the window sets it to a repaint
/// request, and may change it at any time.
pub type Waker = Arc<Mutex<Box<dyn Fn() + Send>>>;

struct Job {
    generation: u64,
    state: GameState,
    /// The decisions that led to `state`, for a program (empty for the others).
    journal: Vec<JournalEntry>,
    spec: String,
    seed: u64,
    /// A hint for a person (searched by a brain of its own), not the AI's move.
    hint: bool,
    /// For a hint: the decisions already taken on `state` (the activation of the model
    /// the person selected).
    prefix: Vec<Action>,
}

struct Answer {
    generation: u64,
    hint: bool,
    /// A hint's prefix, as asked.
    prefix: Vec<Action>,
    /// For a hint: the decisions after the first that finish the move.
    rest: Vec<Action>,
    result: Result<(Action, AiReport), String>,
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
                let mut brains: BTreeMap<String, Box<dyn Brain>> = BTreeMap::new();
                while let Ok(job) = job_rx.recv() {
                    // Hints search with brains of their own, never the opponent's.
                    let key = if job.hint {
                        format!("hint {}", job.spec)
                    } else {
                        job.spec.clone()
                    };
                    let mut rest = Vec::new();
                    let result = match brains.get_mut(&key) {
                        Some(b) => Ok(b),
                        None => make_brain(&job.spec).map(|b| brains.entry(key).or_insert(b)),
                    }
                    .and_then(|brain| {
                        let mut rng = GameRng::seed_from_u64(job.seed);
                        let state = job.state;
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            let first = brain.decide(&state, &job.journal, &mut rng)?;
                            if job.hint {
                                rest = super::hint::rest_of_move(
                                    brain.as_mut(),
                                    &state,
                                    first.0,
                                    &mut rng,
                                );
                            }
                            Ok(first)
                        }))
                        .map_err(|_| "the AI failed to decide".to_string())
                        .and_then(|r| r)
                    });
                    if ans_tx
                        .send(Answer {
                            generation: job.generation,
                            hint: job.hint,
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
}

impl Drop for AiWorker {
    fn drop(&mut self) {
        // Closing the job channel ends the thread after its current decision; it is not
        // waited for, so a long search never holds up the window.
        self.jobs.take();
        self.thread.take();
    }
}

/// A saved game: the scenario, the seed and the decisions, as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    pub scenario: String,
    pub seed: u64,
    /// The dice's own seed, for a game whose dice were not seeded with its set-up (an
    /// arena game's); absent for a game begun at the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice_seed: Option<u64>,
    #[serde(default = "human")]
    pub humans: String,
    #[serde(default = "human")]
    pub martians: String,
    pub actions: Vec<String>,
}

fn human() -> String {
    "human".into()
}

/// Where a saved game is being stepped through.
#[derive(Clone, Debug)]
pub struct Replay {
    pub actions: Vec<Action>,
    /// Decisions applied so far.
    pub pos: usize,
    /// Playing on by itself, one decision every [`Replay::speed`].
    pub playing: bool,
    pub speed: Duration,
    last_step: Option<Instant>,
}

/// The time between two decisions of a replay playing by itself, unless the player
/// chooses another.
pub const AUTOPLAY_STEP: Duration = Duration::from_millis(600);

/// The VP breakdown of a side: how many VP it earned each way, by the way's name
/// (`VP for counters`).
pub type VpBreakdown = BTreeMap<&'static str, u16>;

/// A game at the table.
pub struct Session {
    setup: GameSetup,
    scenario: Arc<Scenario>,
    state: GameState,
    dice: GameRng,
    /// Events of the set-up (counters placed, fixed models).
    setup_events: Vec<Event>,
    history: Vec<Step>,
    /// Bumped whenever the position changes under the AI (undo, load): older answers
    /// are dropped.
    generation: u64,
    worker: Option<AiWorker>,
    wake: Waker,
    thinking_since: Option<Instant>,
    last_decision_at: Option<Instant>,
    /// The AI's last report, and the side it decided for.
    pub report: Option<(Side, AiReport)>,
    /// Pause between two AI decisions, so a person can follow them.
    pub ai_delay: Duration,
    /// The AI does not move while paused (watch mode).
    pub paused: bool,
    replay: Option<Replay>,
    /// A problem to show the player (the AI failing, an illegal load).
    pub notice: Option<String>,
    /// The hint asked for on the current decision, if any.
    pub hint: Option<Hint>,
    /// The AI's answer to a response window, kept until [`WINDOW_HOLD`] has passed.
    held: Option<Result<(Action, AiReport), String>>,
    /// Whether a person has allowed the program that plays each side, if one does (see
    /// [`Session::program_to_allow`]). Never saved: a saved game names a program, and
    /// whoever opens it is asked again.
    programs_allowed: BySide<bool>,
    /// The game was read from a saved file (to play on or to replay).
    loaded: bool,
    /// The AI's latest estimate of the chance to win, from its last search (its own move's,
    /// or a hint's).
    pub estimate: Option<Estimate>,
}

/// How long the AI's answer to a response window is held at the table once it starts
/// on it, whether it held a card that fits or not: the table opens every window
/// ([`GameState::set_every_window`]) and shows each for the same time, so what a person
/// sees, and when, never tells what the AI held (R28). The AI's search on a window stops
/// within it (see [`window_spec`]).
pub const WINDOW_HOLD: Duration = Duration::from_millis(450);

/// The player that answers a response window at the table for `spec`: a search whose
/// level takes longer than [`WINDOW_HOLD`] answers windows at the normal level's time.
pub fn window_spec(spec: &str) -> String {
    let Ok(mut p) = spec.parse::<crate::bot::PlayerSpec>() else {
        return spec.to_string();
    };
    use crate::bot::spec::{Effort, Level};
    if let Some(Effort::Level(l)) = p.effort
        && l.time() > Level::Normal.time()
    {
        p.effort = Some(Effort::Level(Level::Normal));
    }
    p.to_string()
}

/// The AI's advice to a person on one decision: its search for the person's side, from
/// what that side may see (the search determinizes what the side cannot see, as it does
/// for its own decisions).
#[derive(Clone, Debug)]
pub struct Hint {
    /// The decision it is for (the number of decisions made before it).
    pub at: usize,
    pub side: Side,
    /// The player that searched (`mcts:normal`).
    pub spec: String,
    /// The model the person had selected when it was asked: the hint is then that
    /// model's best move (its activation is taken, and the search starts after it).
    pub model: Option<ModelId>,
    /// The decisions taken before the search started (the selected model's activation).
    pub prefix: Vec<Action>,
    /// The search's report on the first decision it searched; `None` while it searches.
    pub report: Option<AiReport>,
    /// The whole move: the prefix, the decision searched, and the decisions that finish
    /// the move, each searched in turn while no die is rolled (see [`super::hint`]).
    pub line: Vec<Action>,
}

impl Hint {
    /// The model the whole move is made with, if it is one model's move.
    pub fn mover(&self, g: &GameState) -> Option<ModelId> {
        super::hint::mover(g, &self.line)
    }
}

impl Session {
    /// Loads the scenario of `setup` and starts the game.
    pub fn new(setup: GameSetup) -> Result<Session, String> {
        let scenario = load_scenario_text(&setup.scenario_path)?;
        Ok(Session::with_scenario(setup, scenario))
    }

    /// Starts a game of an already loaded scenario.
    pub fn with_scenario(setup: GameSetup, scenario: Arc<Scenario>) -> Session {
        let mut dice = rng_from_seed(setup.seed);
        let mut setup_events = Vec::new();
        let mut state = GameState::new_logged(scenario.clone(), &mut dice, &mut setup_events);
        if let Some(d) = setup.dice_seed {
            dice = rng_from_seed(d);
        }
        state.set_every_window(true);
        Session {
            setup,
            scenario,
            state,
            dice,
            setup_events,
            history: Vec::new(),
            generation: 0,
            worker: None,
            wake: Arc::new(Mutex::new(Box::new(|| {}))),
            thinking_since: None,
            last_decision_at: None,
            report: None,
            ai_delay: Duration::from_millis(250),
            paused: false,
            replay: None,
            notice: None,
            hint: None,
            held: None,
            programs_allowed: BySide::new(false, false),
            loaded: false,
            estimate: None,
        }
    }

    /// Sets what is called when the AI posts a decision (a repaint request).
    pub fn set_waker(&mut self, wake: impl Fn() + Send + 'static) {
        if let Ok(mut w) = self.wake.lock() {
            *w = Box::new(wake);
        }
    }

    // ----- reading -----------------------------------------------------------------

    pub fn state(&self) -> &GameState {
        &self.state
    }
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }
    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scenario
    }
    pub fn history(&self) -> &[Step] {
        &self.history
    }
    pub fn setup_events(&self) -> &[Event] {
        &self.setup_events
    }
    pub fn controller(&self, side: Side) -> &Controller {
        &self.setup.controllers[side]
    }
    pub fn replay(&self) -> Option<&Replay> {
        self.replay.as_ref()
    }

    /// The legal decisions now.
    pub fn legal(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.state.legal_actions(&mut v);
        v
    }

    /// The side a person at the table decides for now, if any (none while the AI is to
    /// move, in a replay or once the game is over).
    pub fn human_to_move(&self) -> Option<Side> {
        if self.replay.is_some() {
            return None;
        }
        self.state
            .to_move()
            .filter(|s| self.setup.controllers[*s].is_human())
    }

    /// Is the AI working on a decision?
    pub fn is_thinking(&self) -> bool {
        self.thinking_since.is_some()
    }

    /// How long the AI has been thinking.
    pub fn thinking_for(&self) -> Option<Duration> {
        self.thinking_since.map(|t| t.elapsed())
    }

    /// The whole time the AI's answer to the response window now is held before it is
    /// applied ([`WINDOW_HOLD`]), when the AI answers one shown to a person; `None`
    /// otherwise. The same whether the AI holds a card that fits or not (R28).
    pub fn window_hold(&self) -> Option<Duration> {
        let side = self.state.to_move()?;
        let window = matches!(self.state.phase(), Phase::Respond(_) | Phase::Escape(_));
        (window && !self.setup.controllers[side].is_human() && self.empty_window_shown())
            .then_some(WINDOW_HOLD)
    }

    /// May the people at this table see `side`'s cards? In a game against the AI, only
    /// their own; watching two AIs, both; in a hot-seat game neither in the shared log
    /// (each hand is shown only while its side decides).
    pub fn sees_hand(&self, side: Side) -> bool {
        let humans: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|s| self.setup.controllers[*s].is_human())
            .collect();
        match humans.as_slice() {
            [] => true,
            [h] => *h == side,
            _ => false,
        }
    }

    /// Do both sides play by AI?
    pub fn is_watch(&self) -> bool {
        Side::BOTH
            .iter()
            .all(|s| !self.setup.controllers[*s].is_human())
    }

    // ----- deciding ----------------------------------------------------------------

    /// A person's decision: applied only if a person controls the side to move and the
    /// action is on the legal list.
    pub fn play(&mut self, action: Action) -> Result<(), String> {
        if self.replay.is_some() {
            return Err("this is a replay: take over to play from here".into());
        }
        if self.human_to_move().is_none() {
            return Err("it is not your decision".into());
        }
        self.play_step(action).map_err(|e| e.to_string())
    }

    fn play_step(&mut self, action: Action) -> Result<(), IllegalAction> {
        if self.state.is_empty_window() {
            if action != Action::Respond(None) {
                return self.state.play(action, &mut self.dice);
            }
            self.answer_empty_window();
            self.pass_empty_windows();
            self.last_decision_at = Some(Instant::now());
            return Ok(());
        }
        let by = self.state.to_move().unwrap_or(self.state.turn_player());
        let before = self.dice.get_word_pos();
        // Checked before it is described: a decision read from a file may name a model or
        // a card this game does not have (the rules then say why it is refused).
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        let text = if legal.contains(&action) {
            super::describe::action_text(&self.state, &action)
        } else {
            action.to_string()
        };
        let mut events = Vec::new();
        self.state
            .play_logged(action, &mut self.dice, &mut events)?;
        let random = self.dice.get_word_pos() != before;
        self.history.push(Step {
            action,
            text,
            by,
            random,
            events,
        });
        self.pass_empty_windows();
        self.last_decision_at = Some(Instant::now());
        Ok(())
    }

    /// Is the empty window now (one whose only answer is `respond none`, R28) shown at the
    /// table? Only to hide from a person what its side held: when the other side is a
    /// person (the AI's windows against a person, every window in a hot-seat game), and
    /// never in a replay. The others are answered at once.
    fn empty_window_shown(&self) -> bool {
        self.replay.is_none()
            && self
                .state
                .to_move()
                .is_some_and(|s| self.setup.controllers[s.other()].is_human())
    }

    /// Answers the empty windows nobody must see ([`Session::empty_window_shown`]).
    fn pass_empty_windows(&mut self) {
        while self.state.is_empty_window() && !self.empty_window_shown() {
            self.answer_empty_window();
        }
    }

    /// Answers the empty window now with `respond none`. It is not a decision: nothing is
    /// recorded for it (saves and undo replay the decisions and answer these again), and
    /// what it set off (the test's dice) joins the last decision's events.
    fn answer_empty_window(&mut self) {
        let before = self.dice.get_word_pos();
        let mut events = Vec::new();
        self.state
            .play_logged(Action::Respond(None), &mut self.dice, &mut events)
            .expect("an empty window takes `respond none`");
        let random = self.dice.get_word_pos() != before;
        match self.history.last_mut() {
            Some(last) => {
                last.events.extend(events);
                last.random |= random;
            }
            None => self.setup_events.extend(events),
        }
    }

    /// Lets the AI move when it is its decision: starts a search on the worker thread,
    /// or applies the answer it posted. Call every frame. Returns true when the position
    /// changed.
    pub fn tick(&mut self) -> bool {
        let mut changed = false;
        let answers: Vec<Answer> = match &self.worker {
            Some(worker) => worker.answers.try_iter().collect(),
            None => {
                // No thread, no answer coming: ask again (an empty window needs none).
                if !self.state.is_empty_window() {
                    self.thinking_since = None;
                }
                Vec::new()
            }
        };
        {
            for answer in answers {
                if answer.hint {
                    self.take_hint(answer);
                    continue;
                }
                if answer.generation != self.generation || self.thinking_since.is_none() {
                    continue;
                }
                self.held = Some(answer.result);
            }
        }
        changed |= self.release_answer();
        self.maybe_start_ai();
        changed
    }

    /// How long the AI's answer waits before it is applied: on a response window shown to
    /// a person, until [`WINDOW_HOLD`] has passed since it started on it; otherwise not at
    /// all.
    fn hold_left(&self) -> Duration {
        let window = matches!(self.state.phase(), Phase::Respond(_) | Phase::Escape(_));
        match self.thinking_since {
            Some(t) if window && self.empty_window_shown() => {
                WINDOW_HOLD.saturating_sub(t.elapsed())
            }
            _ => Duration::ZERO,
        }
    }

    /// Applies the AI's answer once it is due (an empty window's answer is `respond
    /// none`). Returns true when the position changed.
    fn release_answer(&mut self) -> bool {
        if self.thinking_since.is_none() || !self.hold_left().is_zero() {
            return false;
        }
        let result = match self.held.take() {
            Some(r) => r,
            None if self.state.is_empty_window() => {
                Ok((Action::Respond(None), AiReport::default()))
            }
            None => return false,
        };
        self.thinking_since = None;
        let side = self.state.to_move();
        let window = matches!(self.state.phase(), Phase::Respond(_) | Phase::Escape(_));
        let at = self.history.len();
        match result {
            Ok((action, report)) => match self.play_step(action) {
                Ok(()) => {
                    // What the AI weighed on a window would say what it holds: its report
                    // is shown only to a table that may see its hand.
                    if let Some(side) = side
                        && (!window || self.sees_hand(side))
                    {
                        if let Some(e) = Estimate::from_report(at, side, &report) {
                            self.estimate = Some(e);
                        }
                        self.report = Some((side, report));
                    }
                    true
                }
                Err(e) => {
                    self.notice = Some(format!("the AI chose an illegal action: {e}"));
                    self.paused = true;
                    false
                }
            },
            Err(e) => {
                self.notice = Some(e);
                self.paused = true;
                false
            }
        }
    }

    /// Time left before the AI may start its next decision (the pause between AI moves).
    pub fn ai_wait(&self) -> Option<Duration> {
        let side = self.state.to_move()?;
        if self.replay.is_some() || self.paused || self.is_thinking() {
            return None;
        }
        if self.setup.controllers[side].is_human() {
            return None;
        }
        if self.program_of(side).is_some() && !self.programs_allowed[side] {
            // Nothing is due until a person allows the program.
            return None;
        }
        let since = self.last_decision_at.map_or(Duration::MAX, |t| t.elapsed());
        Some(self.ai_delay.saturating_sub(since))
    }

    fn maybe_start_ai(&mut self) {
        if self.ai_wait() != Some(Duration::ZERO) {
            return;
        }
        let Some(side) = self.state.to_move() else {
            return;
        };
        let Controller::Ai(spec) = self.setup.controllers[side].clone() else {
            return;
        };
        if program_in(&spec).is_some() && !self.programs_allowed[side] {
            // Waits for a person to allow it (`program_to_allow`).
            return;
        }
        if self.state.is_empty_window() {
            // Nothing to search: the answer is `respond none`, given when it is due.
            self.thinking_since = Some(Instant::now());
            return;
        }
        let spec = match self.state.phase() {
            Phase::Respond(_) | Phase::Escape(_) => window_spec(&spec),
            _ => spec,
        };
        if self.send_job(spec, false, Vec::new()) {
            self.thinking_since = Some(Instant::now());
        } else {
            // The thread is gone: a new one starts next frame.
            self.notice = Some("the AI stopped; starting it again".into());
        }
    }

    /// Hands the position to the AI thread (started if need be) for `spec` to decide, or
    /// for a hint; false when the thread is gone (a new one starts next time).
    fn send_job(&mut self, spec: String, hint: bool, prefix: Vec<Action>) -> bool {
        let wake = self.wake.clone();
        let worker = self.worker.get_or_insert_with(|| AiWorker::start(wake));
        // The AI's own generator: fixed by the game's seed and the move number (a hint's
        // apart from the AI's move), and never the dice.
        let mix: u64 = if hint {
            0xD1B5_4A32_D192_ED03
        } else {
            0x9E37_79B9_7F4A_7C15
        };
        // Only a program is told what happened; the searches read the state.
        let program = spec
            .parse::<crate::bot::PlayerSpec>()
            .is_ok_and(|s| s.exec.is_some());
        let journal = if program {
            self.history
                .iter()
                .map(|s| JournalEntry {
                    by: s.by,
                    action: s.action,
                    events: s.events.clone(),
                })
                .collect()
        } else {
            Vec::new()
        };
        // The search plays the rules without the table's empty windows (the same game,
        // fewer decisions).
        let mut state = self.state.clone();
        state.set_every_window(false);
        // A hint's prefix draws no dice (an activation): played on the copy.
        let mut scratch = GameRng::seed_from_u64(0);
        for a in &prefix {
            if state.play(*a, &mut scratch).is_err() {
                return false;
            }
        }
        let job = Job {
            generation: self.generation,
            state,
            journal,
            spec,
            seed: self
                .setup
                .seed
                .wrapping_mul(mix)
                .wrapping_add(self.history.len() as u64 + 1),
            hint,
            prefix,
        };
        let sent = worker.jobs.as_ref().is_some_and(|tx| tx.send(job).is_ok());
        if !sent {
            self.worker = None;
        }
        sent
    }

    /// The player a hint searches with: the table's AI opponent when it searches, else
    /// `mcts:normal`.
    pub fn hint_spec(&self) -> String {
        Side::BOTH
            .iter()
            .find_map(|s| match &self.setup.controllers[*s] {
                Controller::Ai(spec) if spec.starts_with("mcts") => Some(spec.clone()),
                _ => None,
            })
            .unwrap_or_else(|| "mcts:normal".into())
    }

    /// Ask the AI what it would play in the person's place. Nothing happens unless a
    /// person is to decide; the answer comes as [`Session::hint`] a moment later.
    pub fn request_hint(&mut self) {
        self.request_hint_for(None);
    }

    /// Ask the AI for the whole move it would make in the person's place; with `model`
    /// (the model the person selected, if it may start its action now), that model's
    /// best move. A hint for the same decision and model is not asked again.
    pub fn request_hint_for(&mut self, model: Option<ModelId>) {
        let Some(side) = self.human_to_move() else {
            return;
        };
        let model = model.filter(|m| self.legal().contains(&Action::Activate(*m)));
        if self.replay.is_some()
            || self
                .hint
                .as_ref()
                .is_some_and(|h| h.at == self.history.len() && h.model == model)
        {
            return;
        }
        let prefix: Vec<Action> = model.map(Action::Activate).into_iter().collect();
        let spec = self.hint_spec();
        if self.send_job(spec.clone(), true, prefix.clone()) {
            self.hint = Some(Hint {
                at: self.history.len(),
                side,
                spec,
                model,
                prefix,
                report: None,
                line: Vec::new(),
            });
        }
    }

    /// The hint for the decision now in front of the person, if one was asked for.
    pub fn current_hint(&self) -> Option<&Hint> {
        self.hint
            .as_ref()
            .filter(|h| h.at == self.history.len() && self.human_to_move() == Some(h.side))
    }

    fn take_hint(&mut self, answer: Answer) {
        let Some(hint) = &mut self.hint else { return };
        if answer.generation != self.generation
            || hint.at != self.history.len()
            || hint.prefix != answer.prefix
        {
            return;
        }
        match answer.result {
            Ok((first, report)) => {
                // A hint for a selected model values that model's best move, not the
                // position.
                if hint.model.is_none()
                    && let Some(e) = Estimate::from_report(hint.at, hint.side, &report)
                {
                    self.estimate = Some(e);
                }
                hint.report = Some(report);
                hint.line = hint.prefix.clone();
                hint.line.push(first);
                hint.line.extend(answer.rest);
            }
            Err(e) => {
                self.notice = Some(format!("no hint: {e}"));
                self.hint = None;
            }
        }
    }

    /// Forget any decision the AI is working on.
    fn cancel_ai(&mut self) {
        self.generation += 1;
        self.thinking_since = None;
        self.held = None;
    }

    /// Changes who controls a side (take over from the AI, or hand a side to it). A
    /// program handed a side waits to be allowed, as any other.
    pub fn set_controller(&mut self, side: Side, c: Controller) {
        if self.setup.controllers[side] != c {
            self.cancel_ai();
            self.setup.controllers[side] = c;
            self.programs_allowed[side] = false;
        }
    }

    // ----- programs ----------------------------------------------------------------

    /// The program that plays `side`, if a program does.
    pub fn program_of(&self, side: Side) -> Option<ExecBot> {
        match &self.setup.controllers[side] {
            Controller::Ai(spec) => program_in(spec),
            Controller::Human => None,
        }
    }

    /// A side played by a program that no person has allowed to start yet, with the
    /// program. Nothing a file says starts a program: until the person at the table
    /// allows it ([`Session::allow_program`]) or plays the side instead, the program is not
    /// started and the game waits. None in a replay, where no one plays.
    pub fn program_to_allow(&self) -> Option<(Side, ExecBot)> {
        if self.replay.is_some() {
            return None;
        }
        Side::BOTH.into_iter().find_map(|side| {
            let bot = self.program_of(side)?;
            (!self.programs_allowed[side]).then_some((side, bot))
        })
    }

    /// The person allows the program playing `side` to start (for this game only).
    pub fn allow_program(&mut self, side: Side) {
        self.programs_allowed[side] = true;
    }

    /// Allows the programs of both sides: the person named them on the command line
    /// (`play --level exec:...`, or `play --load SAVE --allow-exec`).
    pub fn allow_programs(&mut self) {
        self.programs_allowed = BySide::new(true, true);
    }

    // ----- undo --------------------------------------------------------------------

    /// How many decisions an undo would take back: back to and including the last
    /// decision a person made, never past a decision that rolled dice or drew. `None`
    /// when nothing can be undone.
    pub fn undo_depth(&self) -> Option<usize> {
        if self.replay.is_some() {
            return None;
        }
        let mut n = 0;
        for step in self.history.iter().rev() {
            if step.random {
                return None;
            }
            n += 1;
            if self.setup.controllers[step.by].is_human() {
                return Some(n);
            }
        }
        None
    }

    /// Takes back the last decision a person made (and the AI's replies after it), if no
    /// dice were rolled since. Returns whether anything was undone.
    pub fn undo(&mut self) -> bool {
        let Some(n) = self.undo_depth() else {
            return false;
        };
        let keep: Vec<Action> = self.history[..self.history.len() - n]
            .iter()
            .map(|s| s.action)
            .collect();
        self.cancel_ai();
        self.rebuild(&keep)
            .expect("a prefix of a legal game replays");
        self.report = None;
        self.estimate = self.estimate.filter(|e| e.at <= self.history.len());
        true
    }

    /// Replays `actions` from the seed into a fresh state.
    fn rebuild(&mut self, actions: &[Action]) -> Result<(), String> {
        self.dice = rng_from_seed(self.setup.seed);
        self.setup_events.clear();
        self.state = GameState::new_logged(
            self.scenario.clone(),
            &mut self.dice,
            &mut self.setup_events,
        );
        if let Some(d) = self.setup.dice_seed {
            self.dice = rng_from_seed(d);
        }
        self.state.set_every_window(true);
        self.history.clear();
        for (i, a) in actions.iter().enumerate() {
            // Empty windows are not decisions: saves hold none, so each is answered
            // again on the way.
            while self.state.is_empty_window() {
                self.answer_empty_window();
            }
            self.play_step(*a)
                .map_err(|e| format!("decision {} (`{a}`) is not legal: {}", i + 1, e.reason))?;
        }
        self.pass_empty_windows();
        self.last_decision_at = None;
        Ok(())
    }

    // ----- save, load, replay ------------------------------------------------------

    /// The game as a save file.
    pub fn to_save(&self) -> SaveFile {
        let actions = match &self.replay {
            Some(r) => r.actions.iter().map(|a| a.to_string()).collect(),
            None => self.history.iter().map(|s| s.action.to_string()).collect(),
        };
        SaveFile {
            scenario: self.setup.scenario_path.display().to_string(),
            seed: self.setup.seed,
            dice_seed: self.setup.dice_seed,
            humans: self.setup.controllers[Side::Humans].as_text(),
            martians: self.setup.controllers[Side::Martians].as_text(),
            actions,
        }
    }

    /// The save file as JSON text.
    pub fn save_json(&self) -> String {
        serde_json::to_string_pretty(&self.to_save()).expect("a save file serializes")
    }

    /// Writes the game to `path`.
    ///
    /// Only a saved game is ever written over: any other file at `path` is left as it is
    /// and the save refused. The new text goes to a file beside it first and then takes
    /// its place, so a failed write never loses the old save.
    pub fn save_to(&self, path: &Path) -> Result<(), String> {
        let name = path.display();
        if path.exists() {
            let is_save = read_save_text(path)
                .ok()
                .is_some_and(|t| serde_json::from_str::<SaveFile>(&t).is_ok());
            if !is_save {
                return Err(format!(
                    "{name} already exists and is not a saved game; it is left as it is: \
                     choose another name"
                ));
            }
        }
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".saving");
        let tmp = PathBuf::from(tmp);
        std::fs::write(&tmp, self.save_json() + "\n")
            .and_then(|()| std::fs::rename(&tmp, path))
            .map_err(|e| {
                let _ = std::fs::remove_file(&tmp);
                format!("cannot write {name}: {e}")
            })
    }

    /// Reads a save file, resolving its scenario path relative to the save file's folder
    /// when it is not found as given.
    pub fn read_save(path: &Path) -> Result<(SaveFile, PathBuf), String> {
        let text = read_save_text(path)?;
        let save: SaveFile = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a saved game: {e}", path.display()))?;
        for (side, text) in [
            (Side::Humans, &save.humans),
            (Side::Martians, &save.martians),
        ] {
            if let Controller::Ai(spec) = Controller::from_text(text) {
                check_ai(&spec).map_err(|e| {
                    format!(
                        "{}: the {side} are played by `{}`, which the table cannot play: {e}",
                        path.display(),
                        spec.escape_debug()
                    )
                })?;
            }
        }
        let mut scenario = PathBuf::from(&save.scenario);
        if !scenario.exists()
            && scenario.is_relative()
            && let Some(dir) = path.parent()
            && dir.join(&scenario).exists()
        {
            scenario = dir.join(&scenario);
        }
        Ok((save, scenario))
    }

    /// Loads a saved game and plays on from its end.
    pub fn load(path: &Path) -> Result<Session, String> {
        let (save, scenario) = Session::read_save(path)?;
        Session::from_save(&save, scenario)
    }

    /// A session from a save file, at the end of its decisions.
    pub fn from_save(save: &SaveFile, scenario_path: PathBuf) -> Result<Session, String> {
        let actions = parse_actions(&save.actions)?;
        let setup = GameSetup {
            scenario_path,
            seed: save.seed,
            dice_seed: save.dice_seed,
            controllers: BySide::new(
                Controller::from_text(&save.humans),
                Controller::from_text(&save.martians),
            ),
        };
        let mut s = Session::new(setup)?;
        s.rebuild(&actions)?;
        s.loaded = true;
        Ok(s)
    }

    /// The whole game's decisions: a replay's all, else those made so far.
    pub fn game_actions(&self) -> Vec<Action> {
        match &self.replay {
            Some(r) => r.actions.clone(),
            None => self.history.iter().map(|s| s.action).collect(),
        }
    }

    /// Can the game be analysed: it is over, or was read from a file (a replay or a game
    /// played on), and it has decisions.
    pub fn can_analyse(&self) -> bool {
        (self.state.is_over() || self.loaded) && !self.game_actions().is_empty()
    }

    /// Can `side`'s decisions be analysed: [`Session::can_analyse`], and, while the game
    /// goes on, only a side whose hand the table may see (the analysis names the moves
    /// the AI would have made there, cards from the hand among them).
    pub fn can_analyse_side(&self, side: Side) -> bool {
        self.can_analyse()
            && (self.state.is_over() || self.replay.is_some() || self.sees_hand(side))
    }

    /// Loads a saved game to step through it from the start.
    pub fn load_replay(path: &Path) -> Result<Session, String> {
        let (save, scenario) = Session::read_save(path)?;
        Session::replay_of(&save, scenario)
    }

    /// A game of an arena run, to step through from the start. Both sides are the
    /// person's at the table: nothing the results file names is started, and the game can
    /// be played on from any point as two players at one table.
    pub fn replay_recorded(game: &crate::arena::replay::RecordedGame) -> Result<Session, String> {
        let save = SaveFile {
            scenario: game.scenario_path.display().to_string(),
            seed: game.game_seed,
            dice_seed: Some(game.dice_seed),
            humans: human(),
            martians: human(),
            actions: game.moves.clone(),
        };
        Session::replay_of(&save, game.scenario_path.clone())
            .map_err(|e| format!("game `{}`: {e}", game.id))
    }

    /// `save` on `scenario`, to step through from the start.
    fn replay_of(save: &SaveFile, scenario: PathBuf) -> Result<Session, String> {
        let mut s = Session::from_save(save, scenario)?;
        let actions: Vec<Action> = s.history.iter().map(|st| st.action).collect();
        s.rebuild(&[])?;
        s.replay = Some(Replay {
            actions,
            pos: 0,
            playing: false,
            speed: AUTOPLAY_STEP,
            last_step: None,
        });
        Ok(s)
    }

    /// In a replay, go to just after decision `pos` (0 = the start).
    pub fn replay_to(&mut self, pos: usize) {
        let Some(r) = &self.replay else {
            return;
        };
        let pos = pos.min(r.actions.len());
        let actions = r.actions.clone();
        if pos == self.history.len() + 1 {
            // One step forward: apply it rather than replaying everything.
            let _ = self.play_step(actions[pos - 1]);
        } else {
            let _ = self.rebuild(&actions[..pos]);
        }
        if let Some(r) = &mut self.replay {
            r.pos = self.history.len();
        }
    }

    /// Start or stop a replay playing by itself (from the start when it stands at its
    /// end).
    pub fn set_autoplay(&mut self, playing: bool) {
        let Some(r) = &mut self.replay else { return };
        let restart = playing && r.pos >= r.actions.len();
        r.playing = playing;
        r.last_step = Some(Instant::now());
        if restart {
            self.replay_to(0);
        }
    }

    /// The time between two decisions of a replay playing by itself.
    pub fn set_replay_speed(&mut self, step: Duration) {
        if let Some(r) = &mut self.replay {
            r.speed = step;
        }
    }

    /// Advance a replay playing by itself when its step is due; it stops at the end.
    /// Returns how long until the next step is due, if it plays on.
    pub fn replay_tick(&mut self) -> Option<Duration> {
        let r = self.replay.as_ref()?;
        if !r.playing {
            return None;
        }
        let step = r.speed;
        if r.pos >= r.actions.len() {
            if let Some(r) = &mut self.replay {
                r.playing = false;
            }
            return None;
        }
        let since = r.last_step.map_or(step, |t| t.elapsed());
        if since < step {
            return Some(step - since);
        }
        let next = r.pos + 1;
        self.replay_to(next);
        if let Some(r) = &mut self.replay {
            r.last_step = Some(Instant::now());
        }
        Some(step)
    }

    /// Leave a replay where it stands and play on from there.
    pub fn take_over(&mut self) {
        self.replay = None;
        self.cancel_ai();
        self.last_decision_at = None;
    }

    // ----- the result --------------------------------------------------------------

    /// Where each side's VP came from, read from the events of the game.
    pub fn vp_breakdown(&self) -> BySide<VpBreakdown> {
        let mut out = BySide::new(VpBreakdown::new(), VpBreakdown::new());
        for step in &self.history {
            let mut cause: &'static str = "VP otherwise";
            for e in &step.events {
                match e {
                    Event::Shot { .. } => cause = "VP for kills by shooting",
                    Event::Fought { .. } => cause = "VP for kills in a Fight",
                    Event::Claimed(..) => cause = "VP for counters",
                    Event::Exited(..) => cause = "VP for models off the board",
                    Event::VpScored { side, vp, .. } => {
                        *out[*side].entry(cause).or_insert(0) += vp;
                    }
                    _ => {}
                }
            }
        }
        out
    }
}

/// The program a player spec names, if it names one.
fn program_in(spec: &str) -> Option<ExecBot> {
    spec.parse::<crate::bot::PlayerSpec>()
        .ok()?
        .exec
        .map(|id| id.bot())
}

/// Parses decisions written as text; says which one does not parse.
pub fn parse_actions(texts: &[String]) -> Result<Vec<Action>, String> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            t.parse::<Action>()
                .map_err(|e| format!("decision {} (`{t}`) does not read: {e}", i + 1))
        })
        .collect()
}

/// Loads a scenario file, every problem in one message.
pub fn load_scenario_text(path: &Path) -> Result<Arc<Scenario>, String> {
    match load_scenario(path) {
        Ok(loaded) => Ok(Arc::new(loaded.scenario)),
        Err(diagnostics) => {
            let mut msg = format!("{} does not load:", path.display());
            for d in diagnostics.iter().take(10) {
                msg.push_str(&format!("\n{d}"));
            }
            if diagnostics.len() > 10 {
                msg.push_str(&format!("\n... and {} more", diagnostics.len() - 10));
            }
            Err(msg)
        }
    }
}

/// A fresh seed for a new game.
pub fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let mut r = GameRng::seed_from_u64(nanos ^ u64::from(std::process::id()));
    r.random_range(1..1_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::state_text;
    use rand::RngCore;

    fn scenario_path() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/whos-there.toml")
    }

    fn hot_seat(seed: u64) -> Session {
        let setup = GameSetup {
            scenario_path: scenario_path(),
            seed,
            dice_seed: None,
            controllers: BySide::new(Controller::Human, Controller::Human),
        };
        Session::new(setup).unwrap()
    }

    /// Plays the first legal action until `n` decisions are made or the game ends.
    fn play_first(s: &mut Session, n: usize) {
        for _ in 0..n {
            let legal = s.legal();
            let Some(a) = legal.first() else { break };
            s.play(*a).unwrap();
        }
    }

    #[test]
    fn only_legal_actions_are_played() {
        let mut s = hot_seat(1);
        let legal = s.legal();
        let illegal = Action::space(s.state().models().len())
            .into_iter()
            .find(|a| !legal.contains(a))
            .unwrap();
        assert!(s.play(illegal).is_err());
        assert!(s.history().is_empty());
        s.play(legal[0]).unwrap();
        assert_eq!(s.history().len(), 1);
    }

    #[test]
    fn save_and_load_replay_the_same_game() {
        let mut s = hot_seat(7);
        play_first(&mut s, 60);
        let dir = std::env::temp_dir().join(format!("ma-gui-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("save.json");
        s.save_to(&path).unwrap();
        let t = Session::load(&path).unwrap();
        assert_eq!(
            state_text(t.state()),
            state_text(s.state()),
            "the same position"
        );
        assert_eq!(t.history().len(), s.history().len());
        // The dice go on the same way.
        let mut a = s.dice.clone();
        let mut b = t.dice.clone();
        assert_eq!(RngCore::next_u64(&mut a), RngCore::next_u64(&mut b));
        std::fs::remove_dir_all(&dir).ok();
    }

    fn load_err(p: &Path) -> String {
        match Session::load(p) {
            Err(e) => e,
            Ok(_) => panic!("{} loaded", p.display()),
        }
    }

    #[test]
    fn bad_save_files_give_messages() {
        let dir = std::env::temp_dir().join(format!("ma-gui-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("bad.json");
        std::fs::write(&p, "not json").unwrap();
        assert!(load_err(&p).contains("not a saved game"));
        std::fs::write(
            &p,
            format!(
                r#"{{"scenario": "{}", "seed": 1, "actions": ["jump a1"]}}"#,
                scenario_path().display()
            ),
        )
        .unwrap();
        assert!(load_err(&p).contains("does not read"));
        std::fs::write(
            &p,
            format!(
                r#"{{"scenario": "{}", "seed": 1, "actions": ["shoot m1"]}}"#,
                scenario_path().display()
            ),
        )
        .unwrap();
        assert!(load_err(&p).contains("not legal"));
        // A model the scenario does not have (m1..m48 here) is refused, never looked up.
        for model in ["m49", "m99", "m255"] {
            std::fs::write(
                &p,
                format!(
                    r#"{{"scenario": "{}", "seed": 1, "actions": ["shoot {model}"]}}"#,
                    scenario_path().display()
                ),
            )
            .unwrap();
            let e = load_err(&p);
            assert!(e.contains(&format!("`shoot {model}`) is not legal")), "{e}");
        }
        std::fs::write(
            &p,
            r#"{"scenario": "nowhere.toml", "seed": 1, "actions": []}"#,
        )
        .unwrap();
        assert!(load_err(&p).contains("does not load"));
        assert!(Session::load(&dir.join("missing.json")).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn undo_stops_at_the_last_roll() {
        let mut s = hot_seat(3);
        // Deployment and the first moves draw no dice until a counter is revealed or a
        // shot is fired; undo takes back one decision at a time.
        play_first(&mut s, 3);
        let before: Vec<Action> = s.history().iter().map(|x| x.action).collect();
        if s.history().last().is_some_and(|x| !x.random) {
            assert!(s.undo());
            assert_eq!(s.history().len(), before.len() - 1);
        }
        // Play on until a decision rolls dice: nothing before it can be undone.
        for _ in 0..500 {
            if s.history().last().is_some_and(|x| x.random) || s.state().is_over() {
                break;
            }
            play_first(&mut s, 1);
        }
        if s.history().last().is_some_and(|x| x.random) {
            assert_eq!(s.undo_depth(), None);
            let n = s.history().len();
            assert!(!s.undo());
            assert_eq!(s.history().len(), n);
        }
    }

    #[test]
    fn undo_takes_back_the_ai_replies_too() {
        let setup = GameSetup::versus_ai(scenario_path(), Side::Martians, "random", 5);
        let mut s = Session::new(setup).unwrap();
        s.ai_delay = Duration::ZERO;
        // Martians deploy first in Scenario 1; a person deploys them.
        let mut guard = 0;
        while s.human_to_move() == Some(Side::Martians) && guard < 10 {
            let a = s.legal()[0];
            s.play(a).unwrap();
            guard += 1;
        }
        // Now the AI (Humans) moves: let it make a few decisions.
        let start = Instant::now();
        while s.human_to_move().is_none() && !s.state().is_over() {
            s.tick();
            std::thread::sleep(Duration::from_millis(1));
            assert!(start.elapsed() < Duration::from_secs(20), "the AI answers");
        }
        assert!(s.history().iter().any(|st| st.by == Side::Humans));
        if let Some(n) = s.undo_depth() {
            let len = s.history().len();
            assert!(s.undo());
            assert_eq!(s.history().len(), len - n);
            assert_eq!(s.human_to_move(), Some(Side::Martians));
        }
    }

    #[test]
    fn a_whole_game_against_the_random_ai() {
        let setup = GameSetup {
            scenario_path: scenario_path(),
            seed: 11,
            dice_seed: None,
            controllers: BySide::new(
                Controller::Ai("random".into()),
                Controller::Ai("random".into()),
            ),
        };
        let mut s = Session::new(setup).unwrap();
        s.ai_delay = Duration::ZERO;
        assert!(s.is_watch());
        let start = Instant::now();
        while !s.state().is_over() {
            s.tick();
            std::thread::yield_now();
            assert!(start.elapsed() < Duration::from_secs(60), "the game ends");
        }
        let b = s.vp_breakdown();
        for side in Side::BOTH {
            let sum: u16 = b[side].values().sum();
            assert_eq!(sum, s.state().vp(side), "{side}: {:?}", b[side]);
        }
    }

    #[test]
    fn replay_steps_through_a_saved_game() {
        let mut s = hot_seat(9);
        play_first(&mut s, 40);
        let dir = std::env::temp_dir().join(format!("ma-gui-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.json");
        s.save_to(&path).unwrap();
        let mut r = Session::load_replay(&path).unwrap();
        assert_eq!(r.history().len(), 0);
        assert!(r.play(r.legal()[0]).is_err(), "no playing in a replay");
        r.replay_to(1);
        r.replay_to(2);
        assert_eq!(r.history().len(), 2);
        r.replay_to(40);
        assert_eq!(state_text(r.state()), state_text(s.state()));
        r.replay_to(10);
        assert_eq!(r.replay().unwrap().pos, 10);
        r.take_over();
        assert!(r.replay().is_none());
        assert!(r.human_to_move().is_some());
        std::fs::remove_dir_all(&dir).ok();
    }
}
