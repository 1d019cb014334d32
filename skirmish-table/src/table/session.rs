//! A game being played at the table, without any drawing: the scenario, the seed, every
//! decision so far with what it caused, who controls each side, and the AI's decisions,
//! searched on its worker thread ([`super::worker`]). Everything here is testable without
//! a window.
//!
//! The session never changes the game state by hand. A decision is applied with
//! `GameState::play_logged`, which refuses anything not on the rules' legal list; undo,
//! load and replay all rebuild the state by replaying the decision list from the seed,
//! so the dice of a rebuilt game are exactly the dice of the original.
//!
//! Here: the session's state, a person's decisions and the AI's, programs allowed to
//! play, undo and the result. Its other parts are `impl Session` blocks in the files of
//! their own concepts: response windows ([`super::windows`]), hints ([`super::hint`]),
//! saves ([`super::save`]), replays ([`super::replay`]) and the game at a real table
//! ([`super::companion`]).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::SeedableRng;

use rules::scenario::Scenario;
use rules::state::{Event, IllegalAction, Phase};
use rules::{Action, BySide, GameRng, GameState, Side, rng_from_seed};
use skirmish_ai::bot::PlayerSpec;
use skirmish_ai::bot::exec::{BotId, ExecBot};
use skirmish_ai::bot::game::JournalEntry;

use super::brain::{AiError, AiReport, ShownReport};
use super::companion::{Companion, PendingDice};
use super::describe::action_text;
use super::error::{PlayError, SessionError};
use super::estimate::Estimate;
use super::hint::Hint;
use super::replay::Replay;
use super::setup::{Controller, GameSetup, ScenarioError, load_scenario_text};
use super::windows::window_spec;
use super::worker::{AiWorker, Answer, Job, JobKind, Waker};

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

/// The VP breakdown of a side: how many VP it earned each way, by the way's name
/// (`VP for counters`).
pub type VpBreakdown = BTreeMap<&'static str, u16>;

/// A game at the table.
pub struct Session {
    pub(super) setup: GameSetup,
    scenario: Arc<Scenario>,
    pub(super) state: GameState,
    pub(super) dice: GameRng,
    /// Events of the set-up (counters placed, fixed models).
    pub(super) setup_events: Vec<Event>,
    pub(super) history: Vec<Step>,
    /// The empty response windows answered since the last decision (or since the start,
    /// before any). They are not decisions, so a save records only their number: a game
    /// saved after one (a Lucky Escape window whose answer ended the game, say) is loaded
    /// past it, and one saved while it waits is loaded waiting.
    pub(super) windows_after: usize,
    /// Bumped whenever the position changes under the AI (undo, load): older answers
    /// are dropped.
    pub(super) generation: u64,
    worker: Option<AiWorker>,
    wake: Waker,
    pub(super) thinking_since: Option<Instant>,
    pub(super) last_decision_at: Option<Instant>,
    /// The AI's last report, and the side it decided for.
    pub report: Option<ShownReport>,
    /// Pause between two AI decisions, so a person can follow them.
    pub ai_delay: Duration,
    /// The AI does not move while paused (watch mode).
    pub paused: bool,
    pub(super) replay: Option<Replay>,
    /// A problem to show the player (the AI failing, an illegal load).
    pub notice: Option<String>,
    /// The hint asked for on the current decision, if any.
    pub hint: Option<Hint>,
    /// The AI's answer to a response window, kept until [`super::windows::WINDOW_HOLD`]
    /// has passed.
    held: Option<Result<(Action, AiReport), AiError>>,
    /// Whether a person has allowed the program that plays each side, if one does (see
    /// [`Session::program_to_allow`]). Never saved: a saved game names a program, and
    /// whoever opens it is asked again.
    programs_allowed: BySide<bool>,
    /// The game was read from a saved file (to play on or to replay).
    pub(super) loaded: bool,
    /// The AI's latest estimate of the chance to win: a search of the person's position when
    /// the person is to decide, after the dice of the decisions before it (a hint's, or the
    /// quiet one, [`Session::request_estimate`]); never the AI's own move's, whose values
    /// are of its moves before their dice.
    pub estimate: Option<Estimate>,
    /// The decision (the number made before it) a quiet estimate was last asked for, so
    /// it is asked once ([`Session::request_estimate`]).
    pub(super) estimate_asked: Option<usize>,
    /// The game is played at a real table ([`super::companion`]): who rolls, and what the
    /// table gave.
    pub(super) companion: Option<Companion>,
    /// At a real table, the decision waiting for dice, if any.
    pub(super) pending: Option<PendingDice>,
    /// The corrections made to match a real table, in words, each with the number of
    /// decisions made before it.
    pub(super) table_log: Vec<(usize, String)>,
    /// At a real table, the steps to make there not yet confirmed, oldest first.
    pub(super) table_steps: std::collections::VecDeque<super::instructions::TableStep>,
    /// At a real table, the counters' squares being rolled there at set-up.
    pub(super) placing: Option<super::placement::Placing>,
    /// The game is kept by a host elsewhere ([`super::afar`]): this session only shows it.
    pub(super) afar: Option<super::afar::Afar>,
}

impl Session {
    /// Loads the scenario of `setup` and starts the game.
    pub fn new(setup: GameSetup) -> Result<Session, ScenarioError> {
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
            windows_after: 0,
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
            estimate_asked: None,
            companion: None,
            pending: None,
            table_log: Vec::new(),
            table_steps: std::collections::VecDeque::new(),
            placing: None,
            afar: None,
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
        if let Some(afar) = &self.afar {
            return afar.legal.clone();
        }
        let mut v = Vec::new();
        self.state.legal_actions(&mut v);
        v
    }

    /// The side a person at the table decides for now, if any (none while the AI is to
    /// move, in a replay or once the game is over).
    pub fn human_to_move(&self) -> Option<Side> {
        // At a real table nobody decides while a step waits to be made there.
        if self.replay.is_some()
            || self.pending.is_some()
            || self.placing.is_some()
            || !self.table_steps.is_empty()
        {
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

    /// May the people at this table see `side`'s cards? In a game against the AI, only
    /// their own; watching two AIs, both; in a hot-seat game neither in the shared log
    /// (each hand is shown only while its side decides).
    pub fn sees_hand(&self, side: Side) -> bool {
        if let Some(afar) = &self.afar {
            return afar.seat == Some(side);
        }
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
        // A spectator's table at a distance watches too, but the host paces the AI.
        if self.afar.is_some() {
            return false;
        }
        Side::BOTH
            .iter()
            .all(|s| !self.setup.controllers[*s].is_human())
    }

    // ----- deciding ----------------------------------------------------------------

    /// A person's decision: applied only if a person controls the side to move and the
    /// action is on the legal list.
    pub fn play(&mut self, action: Action) -> Result<(), PlayError> {
        if self.afar.is_some() {
            return Err(PlayError::Afar);
        }
        if self.replay.is_some() {
            return Err(PlayError::Replay);
        }
        if self.pending.is_some() {
            return Err(PlayError::AwaitingDice);
        }
        if self.placing.is_some() {
            return Err(PlayError::PlacingCounters);
        }
        if let Some(step) = self.table_steps.front() {
            return Err(PlayError::StepWaiting(step.text.clone()));
        }
        if self.human_to_move().is_none() {
            return Err(PlayError::NotYourDecision);
        }
        Ok(self.play_step(action)?)
    }

    pub(super) fn play_step(&mut self, action: Action) -> Result<(), IllegalAction> {
        if self.companion.is_some() {
            return self.companion_step(action);
        }
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
            action_text(&self.state, &action, self.names())
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
        self.windows_after = 0;
        self.pass_empty_windows();
        self.last_decision_at = Some(Instant::now());
        Ok(())
    }

    /// Lets the AI move when it is its decision: starts a search on the worker thread,
    /// or applies the answer it posted. Call every frame. Returns true when the position
    /// changed.
    pub fn tick(&mut self) -> bool {
        let mut changed = false;
        let answers: Vec<Answer> = match &self.worker {
            Some(worker) => worker.answers(),
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
                match answer.kind {
                    JobKind::Hint => {
                        self.take_hint(answer);
                        continue;
                    }
                    JobKind::Estimate => {
                        self.take_estimate(answer);
                        continue;
                    }
                    JobKind::Move => {}
                }
                if answer.generation != self.generation || self.thinking_since.is_none() {
                    continue;
                }
                self.held = Some(answer.result);
            }
        }
        changed |= self.release_answer();
        self.maybe_start_ai();
        self.request_estimate();
        changed
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
        match result {
            Ok((action, report)) => {
                // Named in the position it searched, before the decision changes it.
                let shown = side.map(|s| ShownReport::new(s, report, &self.state, self.names()));
                match self.play_step(action) {
                    Ok(()) => {
                        // What the AI weighed on a window would say what it holds: its
                        // report is shown only to a table that may see its hand.
                        // Its values are of its moves before their dice, so the estimate
                        // beside the board is not taken from them: it comes from a search of
                        // the position after the dice, the person's next
                        // ([`Session::request_estimate`]).
                        if let Some(shown) = shown
                            && (!window || self.sees_hand(shown.side))
                        {
                            self.report = Some(shown);
                        }
                        true
                    }
                    Err(e) => {
                        self.notice = Some(format!("the AI chose an illegal action: {e}"));
                        self.paused = true;
                        false
                    }
                }
            }
            Err(e) => {
                self.notice = Some(e.to_string());
                self.paused = true;
                false
            }
        }
    }

    /// Time left before the AI may start its next decision (the pause between AI moves).
    pub fn ai_wait(&self) -> Option<Duration> {
        let side = self.state.to_move()?;
        // At a real table the AI waits for its dice, and for the steps it asked for to be
        // made there.
        if self.replay.is_some()
            || self.afar.is_some()
            || self.paused
            || self.is_thinking()
            || self.pending.is_some()
            || self.placing.is_some()
            || !self.table_steps.is_empty()
        {
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
        let Controller::Ai(spec) = self.setup.controllers[side] else {
            return;
        };
        if spec.exec().is_some() && !self.programs_allowed[side] {
            // Waits for a person to allow it (`program_to_allow`).
            return;
        }
        if self.state.is_empty_window() {
            // Nothing to search: the answer is `respond none`, given when it is due.
            self.thinking_since = Some(Instant::now());
            return;
        }
        let spec = match self.state.phase() {
            Phase::Respond(_) | Phase::Escape(_) => window_spec(spec),
            _ => spec,
        };
        if self.send_job(spec, JobKind::Move, Vec::new()) {
            self.thinking_since = Some(Instant::now());
        } else {
            // The thread is gone: a new one starts next frame.
            self.notice = Some("the AI stopped; starting it again".into());
        }
    }

    /// Hands the position to the AI thread (started if need be) for `spec` to decide, or
    /// for a hint; false when the thread is gone (a new one starts next time).
    pub(super) fn send_job(
        &mut self,
        spec: PlayerSpec,
        kind: JobKind,
        prefix: Vec<Action>,
    ) -> bool {
        let hint = kind != JobKind::Move;
        let corrected = spec.exec().is_none() && self.corrected_since_last_decision();
        let wake = self.wake.clone();
        let worker = self.worker.get_or_insert_with(|| AiWorker::start(wake));
        // The AI's own generator: fixed by the game's seed and the move number (a hint's
        // apart from the AI's move), and never the dice.
        let mix: u64 = if hint {
            0xD1B5_4A32_D192_ED03
        } else {
            0x9E37_79B9_7F4A_7C15
        };
        // A program is told what happened. A search gets the decisions alone, so that it
        // may keep its tree from its last decision when this one follows it directly; a
        // hint gets none (its position is the table's plus a prefix, and its brain is not
        // the AI's).
        let program = spec.exec().is_some();
        // After a correction of the table, the search starts afresh: what it kept from its
        // last decision stood on the position before the correction.
        let journal = if !corrected && (program || (!hint && prefix.is_empty())) {
            self.history
                .iter()
                .map(|s| JournalEntry {
                    by: s.by,
                    action: s.action,
                    events: if program {
                        s.events.clone()
                    } else {
                        Vec::new()
                    },
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
            kind,
            prefix,
        };
        let sent = worker.send(job);
        if !sent {
            self.worker = None;
        }
        sent
    }

    /// Forget any decision the AI is working on.
    pub(super) fn cancel_ai(&mut self) {
        self.generation += 1;
        self.thinking_since = None;
        self.held = None;
    }

    /// Changes who controls a side (take over from the AI, or hand a side to it). A
    /// program handed a side waits to be allowed, as any other.
    pub fn set_controller(&mut self, side: Side, c: Controller) {
        if self.setup.controllers[side] != c {
            self.cancel_ai();
            // A decision waiting for dice was made by whoever played the side before.
            self.pending = None;
            self.setup.controllers[side] = c;
            self.programs_allowed[side] = false;
        }
    }

    // ----- programs ----------------------------------------------------------------

    /// The program that plays `side`, if a program does.
    pub fn program_of(&self, side: Side) -> Option<ExecBot> {
        self.setup.controllers[side].spec()?.exec().map(BotId::bot)
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
        if self.replay.is_some() || self.pending.is_some() || self.afar.is_some() {
            return None;
        }
        let mut n = 0;
        for (i, step) in self.history.iter().enumerate().rev() {
            // Nor past a correction of the table made after it.
            if step.random || self.corrected_after(i) {
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
        self.rebuild(&keep, 0)
            .expect("a prefix of a legal game replays");
        self.report = None;
        self.estimate = self.estimate.filter(|e| e.at <= self.history.len());
        true
    }

    /// The game at its start, from the seed: nothing decided yet.
    pub(super) fn reset_to_start(&mut self) {
        self.setup_events.clear();
        // At a real table the counters' squares may have been rolled there (R24): the
        // set-up reads those dice in place of the generator's.
        let words = self.companion.as_ref().map_or_else(Vec::new, |c| {
            super::placement::placement_words(c.placement())
        });
        let mut tape = rules::given_dice::Tape::over(rng_from_seed(self.setup.seed), words);
        self.state =
            GameState::new_logged(self.scenario.clone(), &mut tape, &mut self.setup_events);
        self.dice = tape.into_base();
        if let Some(d) = self.setup.dice_seed {
            self.dice = rng_from_seed(d);
        }
        self.state.set_every_window(true);
        self.history.clear();
        self.windows_after = 0;
        self.table_log.clear();
        self.table_steps.clear();
    }

    /// Replays `actions` from the seed into a fresh state (at a real table, with the
    /// rolls and corrections recorded: a replay's whole record, else the game's own), and
    /// answers `windows_after` empty response windows after the last of them (those
    /// answered there before the game was saved; [`Session::windows_after`]).
    pub(super) fn rebuild(
        &mut self,
        actions: &[Action],
        windows_after: usize,
    ) -> Result<(), SessionError> {
        let record = match &self.replay {
            Some(r) => r.companion.clone(),
            None => self.companion.clone(),
        };
        if let Some(record) = record {
            return self.rebuild_companion(actions, &record, windows_after);
        }
        self.reset_to_start();
        for (i, a) in actions.iter().enumerate() {
            // Empty windows are not decisions: saves hold none, so each is answered
            // again on the way.
            while self.state.is_empty_window() {
                self.answer_empty_window();
            }
            self.play_step(*a)
                .map_err(|refused| SessionError::NotLegal {
                    number: i + 1,
                    refused,
                })?;
        }
        // The last decision passed the windows nobody sees; these are the rest of those
        // answered after it, in order (a replay shows none: it passes them all below).
        while self.replay.is_none() && self.windows_after < windows_after {
            if !self.state.is_empty_window() {
                return Err(SessionError::WindowsAfter {
                    decisions: actions.len(),
                    recorded: windows_after,
                    open: self.windows_after,
                });
            }
            self.answer_empty_window();
        }
        self.pass_empty_windows();
        self.last_decision_at = None;
        Ok(())
    }

    // ----- the whole game and its result -------------------------------------------

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
        (self.state.is_over() || self.loaded)
            && self.afar.is_none()
            && !self.game_actions().is_empty()
            && !self.rolled_by_hand()
    }

    /// Were the game's dice rolled at a real table (the companion mode's record)? Such a
    /// game does not replay from its seed.
    fn rolled_by_hand(&self) -> bool {
        match &self.replay {
            Some(r) => r.companion.is_some(),
            None => self.companion.is_some(),
        }
    }

    /// The game's start and the generator its decisions rolled from, to replay it (an
    /// analysis); none for a game whose dice were rolled at a real table.
    pub fn replay_start(&self) -> Option<(GameState, rules::GameRng)> {
        if self.rolled_by_hand() {
            return None;
        }
        let mut dice = rng_from_seed(self.setup.seed);
        let state = GameState::new(self.scenario.clone(), &mut dice);
        if let Some(d) = self.setup.dice_seed {
            dice = rng_from_seed(d);
        }
        Some((state, dice))
    }

    /// Can `side`'s decisions be analysed: [`Session::can_analyse`], and, while the game
    /// goes on, only a side whose hand the table may see (the analysis names the moves
    /// the AI would have made there, cards from the hand among them).
    pub fn can_analyse_side(&self, side: Side) -> bool {
        self.can_analyse()
            && (self.state.is_over() || self.replay.is_some() || self.sees_hand(side))
    }

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

#[cfg(test)]
pub(super) mod tests {
    use std::path::PathBuf;

    use super::*;

    pub(crate) fn scenario_path() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scenarios/whos-there.toml")
    }

    pub(crate) fn hot_seat(seed: u64) -> Session {
        let setup = GameSetup {
            scenario_path: scenario_path(),
            seed,
            dice_seed: None,
            controllers: BySide::new(Controller::Human, Controller::Human),
        };
        Session::new(setup).unwrap()
    }

    /// The `random` player.
    pub(crate) fn random() -> PlayerSpec {
        "random".parse().unwrap()
    }

    /// Plays the first legal action until `n` decisions are made or the game ends.
    pub(crate) fn play_first(s: &mut Session, n: usize) {
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
        let e = s.play(illegal).unwrap_err();
        assert!(
            matches!(&e, PlayError::Illegal(i) if i.action == illegal),
            "{e:?}"
        );
        assert!(s.history().is_empty());
        s.play(legal[0]).unwrap();
        assert_eq!(s.history().len(), 1);
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
        let setup = GameSetup::versus_ai(scenario_path(), Side::Martians, random(), 5);
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
            controllers: BySide::new(Controller::Ai(random()), Controller::Ai(random())),
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
}
