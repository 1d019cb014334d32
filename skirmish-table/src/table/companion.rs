//! The companion mode: a game played on a real table with real miniatures and dice, the
//! program keeping the rules, the cards and the hidden counters and deciding for the AI's
//! side. Here: the session's side of it, as `impl Session`.
//!
//! * Dice from the table. Before a decision that rolls is applied, the session says which
//!   dice to roll next and why ([`PendingDice::prompt`], in the words of
//!   [`super::rolls`]), takes the faces typed ([`Session::enter_dice`]), refuses bad input
//!   with the reason and nothing changed, allows a roll typed to be taken back
//!   ([`Session::take_back_roll`]) until the decision is applied
//!   ([`Session::confirm_dice`]), and asks for each roll the decision makes in turn (a
//!   Shoot's Survive roll after its Shoot roll, the Rattle tests after a kill). Who rolls is
//!   chosen per side ([`Roller`]): a side whose dice the program rolls has them drawn from
//!   the game's seeded generator. Everything else random (a card drawn, a counter's
//!   identity, a scatter) stays with the generator and hidden from the person.
//! * The decision is played with the dice given on copies ([`crate::given_dice`]): the
//!   rolls of a decision and of the empty response windows answered after it, until the
//!   next decision, are its rolls, recorded with it ([`Companion`]); a game loaded or
//!   replayed plays each decision with its recorded rolls, so a companion game replays
//!   exactly like any other.
//! * "The table differs" ([`Session::correct_table`]): a [`Correction`] made through the
//!   rules' `Editor`, recorded with the number of decisions before it and made again at
//!   that point when the game is loaded or replayed.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::time::Instant;

use rules::given_dice::{Played, Unplayed, play_with_rolls};
use rules::state::{IllegalAction, TestCtx};
use rules::{Action, BySide, GameState, Side};

use super::correction::{Correction, CorrectionRefused};
use super::describe::{ModelNames, action_text};
use super::error::SessionError;
use super::instructions::{StepKind, TableStep, board_steps, decision_instruction, setup_steps};
use super::marks::move_marks;
use super::placement::{CounterRolls, PlacementError, PlacementProgress, Placing, check_placement};
use super::rolls::{DiceInputError, RollAsk, Roller, TableRollers, TypedRoll, parse_faces};
use super::session::{Session, Step};

/// One roll of a decision as the table gave it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TableRoll {
    /// The faces the person rolled and typed, in order, each 8's extra die after them.
    Typed(Vec<u8>),
    /// Rolled by the program (the side's dice are the program's to roll, or the roll has
    /// no dice).
    Program,
}

impl TableRoll {
    /// The faces given to the rules, `None` for the generator's.
    pub fn faces(&self) -> Option<Vec<u8>> {
        match self {
            TableRoll::Typed(f) => Some(f.clone()),
            TableRoll::Program => None,
        }
    }
}

/// The rolls of one decision: those it made and those of the empty response windows
/// answered after it, in order.
pub type DecisionRolls = Vec<TableRoll>;

/// A game at a real table: who rolls each side's dice, and what the table gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Companion {
    /// Who rolls each side's dice.
    pub rolled_by: BySide<Roller>,
    /// The rolls of each decision of the game, by its place in the game.
    pub(super) dice: Vec<DecisionRolls>,
    /// The corrections made to match the table, each with the number of decisions made
    /// before it, in order.
    pub(super) corrections: Vec<(usize, Correction)>,
    /// The faces rolled at the table for each counter's square at set-up (R24); empty when
    /// the program placed the counters.
    pub(super) placement: Vec<CounterRolls>,
}

impl Companion {
    /// A new game at the table with these rollers.
    pub fn new(rolled_by: BySide<Roller>) -> Companion {
        Companion {
            rolled_by,
            dice: Vec::new(),
            corrections: Vec::new(),
            placement: Vec::new(),
        }
    }

    /// A game's record read back: its rollers, the rolls of each decision and the
    /// corrections.
    pub fn recorded(
        rolled_by: BySide<Roller>,
        dice: Vec<DecisionRolls>,
        corrections: Vec<(usize, Correction)>,
    ) -> Companion {
        Companion {
            rolled_by,
            dice,
            corrections,
            placement: Vec::new(),
        }
    }

    /// The same record with the counters' squares rolled at the table at set-up.
    pub fn with_placement(mut self, placement: Vec<CounterRolls>) -> Companion {
        self.placement = placement;
        self
    }

    /// The faces rolled at the table for each counter's square (empty: the program
    /// placed them).
    pub fn placement(&self) -> &[CounterRolls] {
        &self.placement
    }

    /// The rolls of decision `i` (from 0).
    pub fn rolls_of(&self, i: usize) -> &[TableRoll] {
        self.dice.get(i).map_or(&[], |d| d.as_slice())
    }

    /// The rolls of every decision recorded, by place.
    pub fn all_rolls(&self) -> &[DecisionRolls] {
        &self.dice
    }

    /// The corrections made, each with the number of decisions made before it.
    pub fn corrections(&self) -> &[(usize, Correction)] {
        &self.corrections
    }
}

/// What is played with the table's dice: a decision, or the answer `respond none` to an
/// empty response window shown at the table (not a decision: its rolls join the last
/// decision's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Decision(Action),
    EmptyWindow,
}

/// A play of a unit on a copy, split where each of its steps began: the events logged
/// before it, the game and the test waiting just before it.
struct SubStep {
    start: usize,
    before: GameState,
    test: Option<TestCtx>,
}

/// A decision waiting for dice from the table: the rolls settled so far, the roll being
/// typed (or none once every roll is in), and the outcome they give.
#[derive(Clone)]
pub struct PendingDice {
    pub(super) unit: Unit,
    /// The side that decided.
    pub by: Side,
    /// The decision in words.
    pub text: String,
    /// The AI's decision as a step at the table ([`decision_instruction`]); none for a
    /// person's.
    pub instruction: Option<String>,
    rolls: DecisionRolls,
    typing: Option<TypedRoll>,
    /// The play with the rolls settled so far (the last one, once every roll is in).
    played: Played,
}

impl PendingDice {
    /// The decision waiting (none for an empty response window's answer).
    pub fn action(&self) -> Option<Action> {
        match self.unit {
            Unit::Decision(a) => Some(a),
            Unit::EmptyWindow => None,
        }
    }

    /// The roll asked for now; none once every roll is in.
    pub fn ask(&self) -> Option<&RollAsk> {
        self.typing.as_ref().map(|t| &t.ask)
    }

    /// The faces typed so far of the roll asked for (waiting for its 8s' extra dice).
    pub fn typed_so_far(&self) -> &[u8] {
        self.typing.as_ref().map_or(&[], |t| t.faces.as_slice())
    }

    /// What to roll now, in words; none once every roll is in (then the decision waits
    /// to be confirmed).
    pub fn prompt(&self) -> Option<String> {
        self.typing.as_ref().map(|t| t.prompt())
    }

    /// The rolls settled so far.
    pub fn rolls(&self) -> &[TableRoll] {
        &self.rolls
    }

    /// Is every roll in, so that the decision can be applied?
    pub fn is_settled(&self) -> bool {
        self.typing.is_none()
    }

    /// The events the decision makes with the rolls settled (all of them once settled).
    pub fn events(&self) -> &[rules::state::Event] {
        &self.played.events
    }
}

/// How far the dice of a decision are once faces are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceProgress {
    /// The roll asked for waits for the extra dice its 8s added (R14).
    ExtraDice(usize),
    /// That roll is in; another roll is asked for.
    NextRoll,
    /// Every roll is in: the decision waits to be confirmed.
    Settled,
}

/// Why dice from the table are refused or cannot be confirmed. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// No decision waits for dice.
    #[error("no decision waits for dice")]
    NothingWaiting,
    /// What was typed does not read or does not fit the roll asked for.
    #[error(transparent)]
    Input(#[from] DiceInputError),
    /// A roll is still to be typed before the decision can be applied.
    #[error("a roll is still to be typed: {0}")]
    StillRolling(String),
    /// The faces cannot be the roll's (the rules read them otherwise).
    #[error("the dice do not fit the roll: {0}")]
    DoNotFit(String),
    /// Only a person's own decision can be withdrawn, not the AI's.
    #[error("the AI's decision stands: roll its dice")]
    NotYours,
}

/// Why the counters' squares cannot be rolled at the table now. Nothing is changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementRefused {
    /// The game is played on the screen.
    #[error("the game is not played at a real table")]
    NotAtTable,
    /// A decision or a correction is made: set-up is over.
    #[error("set-up is over: the counters' squares are rolled before anything is decided")]
    Begun,
    /// They are rolled at the table already.
    #[error("the counters' squares are rolled at the table already")]
    Already,
    /// The scenario places no counter at set-up.
    #[error("the scenario places no counter at set-up")]
    NoCounters,
}

/// How many rolls `events` made (a model's or a card's test, a Rattle test).
fn rolls_in(events: &[rules::state::Event]) -> usize {
    use rules::state::Event;
    events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Roll { .. } | Event::EffectRoll { .. } | Event::RattleTest { .. }
            )
        })
        .count()
}

impl Session {
    // ----- the mode --------------------------------------------------------------------

    /// Plays this game at a real table from now on, with these rollers (see [`Roller`]).
    /// Decisions already made keep the dice they were drawn with (recorded as the
    /// program's). Not in a replay (nobody plays there until a person takes over).
    pub fn set_companion(&mut self, rolled_by: BySide<Roller>) {
        if self.replay.is_some() {
            return;
        }
        match &mut self.companion {
            Some(c) => c.rolled_by = rolled_by,
            None => {
                let mut c = Companion::new(rolled_by);
                c.dice = self
                    .history
                    .iter()
                    .map(|s| vec![TableRoll::Program; rolls_in(&s.events)])
                    .collect();
                self.companion = Some(c);
                if self.history.is_empty() {
                    self.table_steps
                        .extend(setup_steps(&self.state, &self.setup_events));
                }
            }
        }
    }

    /// Plays this game at a real table from its start: each side's dice rolled as
    /// `rollers.dice` says, and the counters' squares rolled at the table when
    /// `rollers.counters` says so (a scenario that places none has none to roll).
    pub fn start_at_table(&mut self, rollers: TableRollers) {
        self.set_companion(rollers.dice);
        if rollers.counters == Roller::Table {
            let _ = self.roll_counters_at_table();
        }
    }

    /// The steps to make at the table not yet confirmed, oldest first: the AI's
    /// decisions, and what the rules did that the table must show. The AI does not move
    /// while one waits.
    pub fn table_steps(&self) -> impl Iterator<Item = &TableStep> {
        self.table_steps.iter()
    }

    /// The step to make at the table now, if any.
    pub fn next_table_step(&self) -> Option<&TableStep> {
        self.table_steps.front()
    }

    /// The person made the step shown at the table: the next one is shown.
    pub fn confirm_table_step(&mut self) -> Option<TableStep> {
        self.table_steps.pop_front()
    }

    /// The game at a real table, if this is one.
    pub fn companion(&self) -> Option<&Companion> {
        self.companion.as_ref()
    }

    /// How this game's words name its models: by the labels on their bases at a real
    /// table (the companion mode), by number otherwise.
    pub fn names(&self) -> ModelNames {
        match self.companion {
            Some(_) => ModelNames::Bases,
            None => ModelNames::Numbers,
        }
    }

    /// The decision waiting for dice from the table, if any. While one waits, nobody
    /// decides and the AI does not move.
    pub fn awaiting_dice(&self) -> Option<&PendingDice> {
        self.pending.as_ref()
    }

    // ----- dice from the table ---------------------------------------------------------

    /// Takes the faces typed for the roll asked for (`6 2 4 1`): refused with the reason,
    /// and nothing taken, when they do not read, are too few or too many (an 8 adds a die,
    /// R14); once a roll is in, the next roll of the decision is asked for.
    pub fn enter_dice(&mut self, text: &str) -> Result<DiceProgress, DiceError> {
        let p = self.pending.as_ref().ok_or(DiceError::NothingWaiting)?;
        let mut typing = p.typing.clone().ok_or(DiceInputError::NothingAsked)?;
        let faces = parse_faces(text)?;
        typing.take(&faces)?;
        if !typing.is_complete() {
            let owed = typing.owed();
            if let Some(p) = &mut self.pending {
                p.typing = Some(typing);
            }
            return Ok(DiceProgress::ExtraDice(owed));
        }
        let mut next = p.clone();
        next.rolls.push(TableRoll::Typed(typing.faces));
        next.typing = None;
        self.advance(&mut next).map_err(|e| match e {
            Unplayed::Play(e) => DiceError::DoNotFit(e.to_string()),
            Unplayed::Dice(why) => DiceError::DoNotFit(why),
        })?;
        let progress = if next.is_settled() {
            DiceProgress::Settled
        } else {
            DiceProgress::NextRoll
        };
        self.pending = Some(next);
        Ok(progress)
    }

    /// Takes back the last roll typed (or the faces typed so far of the roll asked for),
    /// to type it again; the rolls the program made after it are made again after it.
    /// False when nothing typed is left to take back.
    pub fn take_back_roll(&mut self) -> bool {
        let Some(p) = &self.pending else {
            return false;
        };
        if !p.typed_so_far().is_empty() {
            if let Some(t) = self.pending.as_mut().and_then(|p| p.typing.as_mut()) {
                t.faces.clear();
            }
            return true;
        }
        let Some(last) = p
            .rolls
            .iter()
            .rposition(|r| matches!(r, TableRoll::Typed(_)))
        else {
            return false;
        };
        let mut next = p.clone();
        next.rolls.truncate(last);
        next.typing = None;
        match self.advance(&mut next) {
            Ok(()) => {
                self.pending = Some(next);
                true
            }
            Err(_) => false,
        }
    }

    /// Applies the decision waiting for dice once every roll is in.
    pub fn confirm_dice(&mut self) -> Result<(), DiceError> {
        let p = self.pending.as_ref().ok_or(DiceError::NothingWaiting)?;
        if let Some(prompt) = p.prompt() {
            return Err(DiceError::StillRolling(prompt));
        }
        let p = self.pending.take().expect("checked above");
        self.apply_unit(p);
        Ok(())
    }

    /// Withdraws a person's decision waiting for dice (before any of it is applied): the
    /// game is as it was before it.
    pub fn withdraw_decision(&mut self) -> Result<(), DiceError> {
        let p = self.pending.as_ref().ok_or(DiceError::NothingWaiting)?;
        if !self.setup.controllers[p.by].is_human() || p.unit == Unit::EmptyWindow {
            return Err(DiceError::NotYours);
        }
        self.pending = None;
        Ok(())
    }

    // ----- playing a unit --------------------------------------------------------------

    /// A decision (or an empty window's answer) at a real table, made live: applied at
    /// once when it rolls no die the person rolls, else left waiting for the dice
    /// ([`Session::awaiting_dice`]). Refused, and nothing changed, when illegal.
    pub(super) fn companion_step(&mut self, action: Action) -> Result<(), IllegalAction> {
        let unit = if self.state.is_empty_window() && action == Action::Respond(None) {
            Unit::EmptyWindow
        } else {
            Unit::Decision(action)
        };
        let by = self.state.to_move().unwrap_or(self.state.turn_player());
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        let text = if legal.contains(&action) {
            action_text(&self.state, &action, ModelNames::Bases)
        } else {
            action.to_string()
        };
        let played = match self.settle(unit, &[]) {
            Ok((played, _)) => played,
            Err(Unplayed::Play(e)) => return Err(e),
            Err(Unplayed::Dice(why)) => {
                self.notice = Some(why);
                return Ok(());
            }
        };
        let instruction = match unit {
            Unit::Decision(a) if !self.setup.controllers[by].is_human() => {
                decision_instruction(&self.state, &a, by)
            }
            _ => None,
        };
        let mut p = PendingDice {
            unit,
            by,
            text,
            instruction,
            rolls: Vec::new(),
            typing: None,
            played,
        };
        if let Err(e) = self.advance(&mut p) {
            // The program's rolls alone always fit; nothing is applied if they do not.
            self.notice = Some(match e {
                Unplayed::Play(e) => e.to_string(),
                Unplayed::Dice(why) => why,
            });
            return Ok(());
        }
        if p.is_settled() {
            self.apply_unit(p);
        } else {
            self.pending = Some(p);
        }
        Ok(())
    }

    /// Plays `unit` on copies with `rolls` given (the program's rolls from the
    /// generator), then answers the empty windows nobody must see, as a decision does at
    /// the table; each step's start is kept, to say what its rolls are for.
    fn settle(
        &self,
        unit: Unit,
        rolls: &[TableRoll],
    ) -> Result<(Played, Vec<SubStep>), Unplayed<IllegalAction>> {
        let given: Vec<Option<Vec<u8>>> = rolls.iter().map(TableRoll::faces).collect();
        let subs: RefCell<Vec<SubStep>> = RefCell::new(Vec::new());
        let played = play_with_rolls(&self.state, &given, &self.dice, |c, tape, sink| {
            let mut subs = subs.borrow_mut();
            subs.clear();
            let mut next = Some(match unit {
                Unit::Decision(a) => a,
                Unit::EmptyWindow => Action::Respond(None),
            });
            while let Some(a) = next {
                subs.push(SubStep {
                    start: sink.events_so_far(),
                    before: c.clone(),
                    test: c.test(),
                });
                c.play_logged(a, tape, sink)?;
                next = (c.is_empty_window() && !self.empty_window_shown_in(c))
                    .then_some(Action::Respond(None));
            }
            Ok(())
        })?;
        Ok((played, subs.into_inner()))
    }

    /// Settles `p` as far as it goes: the program's rolls are taken as they come, up to
    /// the first roll the person rolls (then asked for) or the end of the decision.
    fn advance(&self, p: &mut PendingDice) -> Result<(), Unplayed<IllegalAction>> {
        let rolled_by = self
            .companion
            .as_ref()
            .map_or(BySide::new(Roller::Program, Roller::Program), |c| {
                c.rolled_by
            });
        loop {
            let (played, subs) = self.settle(p.unit, &p.rolls)?;
            let Some(next) = played.rolls.get(p.rolls.len()).cloned() else {
                p.played = played;
                p.typing = None;
                return Ok(());
            };
            let sub = subs
                .iter()
                .rev()
                .find(|s| s.start <= next.event)
                .or(subs.first())
                .expect("a play has a step");
            let ask = super::rolls::ask_for(&sub.before, sub.test, &played.events[next.event]);
            match ask {
                Some(ask) if ask.dice > 0 && rolled_by[ask.side] == Roller::Table => {
                    p.played = played;
                    p.typing = Some(TypedRoll::new(ask));
                    return Ok(());
                }
                _ => p.rolls.push(TableRoll::Program),
            }
        }
    }

    /// Applies a settled unit: the state and the generator after it, a decision recorded
    /// with its rolls, an empty window's events and rolls joining the last decision's.
    fn apply_unit(&mut self, p: PendingDice) {
        let before = self.dice.get_word_pos();
        let random = p.played.dice.get_word_pos() != before;
        if self.replay.is_none() {
            let at = Some(self.history.len());
            if let Some(text) = &p.instruction {
                self.table_steps.push_back(TableStep {
                    at,
                    kind: StepKind::Decision,
                    text: text.clone(),
                    picture: p.action().and_then(|a| move_marks(&self.state, &[a])),
                });
            }
            for (kind, text) in board_steps(&self.state, &p.played.events, &p.rolls) {
                self.table_steps.push_back(TableStep {
                    at,
                    kind,
                    text,
                    picture: None,
                });
            }
        }
        self.state = p.played.state;
        self.dice = p.played.dice;
        let n = self.history.len();
        match p.unit {
            Unit::Decision(action) => {
                self.history.push(Step {
                    action,
                    text: p.text,
                    by: p.by,
                    random,
                    events: p.played.events,
                });
                self.windows_after = 0;
                if let Some(c) = &mut self.companion {
                    c.dice.resize(n, Vec::new());
                    c.dice.push(p.rolls);
                }
            }
            Unit::EmptyWindow => {
                self.windows_after += 1;
                match self.history.last_mut() {
                    Some(last) => {
                        last.events.extend(p.played.events);
                        last.random |= random;
                    }
                    None => self.setup_events.extend(p.played.events),
                }
                if let Some(c) = &mut self.companion
                    && n > 0
                {
                    c.dice.resize(n, Vec::new());
                    c.dice[n - 1].extend(p.rolls);
                }
            }
        }
        self.last_decision_at = Some(Instant::now());
    }

    // ----- a recorded game -------------------------------------------------------------

    /// Plays `unit` with the rolls recorded for it, taken from the front of `rolls`: as
    /// many as it makes. `number` is the decision's (from 1), for the error.
    fn recorded_unit(
        &mut self,
        unit: Unit,
        rolls: &mut VecDeque<TableRoll>,
        number: usize,
        replaying: bool,
    ) -> Result<(), SessionError> {
        let by = self.state.to_move().unwrap_or(self.state.turn_player());
        let text = match unit {
            Unit::Decision(a) => {
                let mut legal = Vec::new();
                self.state.legal_actions(&mut legal);
                if legal.contains(&a) {
                    action_text(&self.state, &a, ModelNames::Bases)
                } else {
                    a.to_string()
                }
            }
            Unit::EmptyWindow => {
                action_text(&self.state, &Action::Respond(None), ModelNames::Bases)
            }
        };
        let mut taken: DecisionRolls = Vec::new();
        let mut last: Option<Played> = None;
        for _ in 0..=rules::given_dice::MAX_ROLLS {
            let (played, _) = self.settle(unit, &taken).map_err(|e| match e {
                Unplayed::Play(refused) => SessionError::NotLegal { number, refused },
                Unplayed::Dice(why) => SessionError::TableRecord { number, why },
            })?;
            if played.rolls.len() == taken.len() {
                last = Some(played);
                break;
            }
            match rolls.pop_front() {
                Some(r) => taken.push(r),
                // A replay goes on past the end of a game saved with a window still open:
                // the program rolls what the table had not rolled yet.
                None if replaying => taken.push(TableRoll::Program),
                None => {
                    return Err(SessionError::TableRecord {
                        number,
                        why: format!(
                            "it makes more rolls than the {} recorded for it",
                            taken.len()
                        ),
                    });
                }
            }
        }
        let played = last.ok_or_else(|| SessionError::TableRecord {
            number,
            why: "its rolls do not settle".into(),
        })?;
        self.apply_unit(PendingDice {
            unit,
            by,
            text,
            instruction: None,
            rolls: taken,
            typing: None,
            played,
        });
        Ok(())
    }

    /// Replays `actions` from the seed into a fresh state at a real table: each decision
    /// with the rolls recorded for it, each correction at its place.
    pub(super) fn rebuild_companion(
        &mut self,
        actions: &[Action],
        record: &Companion,
        windows_after: usize,
    ) -> Result<(), SessionError> {
        self.companion =
            Some(Companion::new(record.rolled_by).with_placement(record.placement.clone()));
        self.reset_to_start();
        self.pending = None;
        self.placing = None;
        if !record.placement.is_empty() {
            let squares =
                check_placement(&self.state, &record.placement).map_err(SessionError::Placement)?;
            debug_assert_eq!(
                self.state.hidden_counters(),
                squares
                    .iter()
                    .fold(rules::Bitboard::EMPTY, |b, s| b.with(*s))
            );
        }
        let replaying = self.replay.is_some();
        let mut queue: VecDeque<TableRoll> = VecDeque::new();
        for i in 0..=actions.len() {
            // The empty windows answered after the last decision: any that take its
            // rolls, and as many as the save records (a replay shows none: each decision
            // passes them).
            let last = i == actions.len();
            while self.state.is_empty_window()
                && (!last
                    || !queue.is_empty()
                    || (!replaying && self.windows_after < windows_after))
            {
                self.recorded_unit(Unit::EmptyWindow, &mut queue, i, replaying)?;
            }
            if last && !replaying && self.windows_after < windows_after {
                return Err(SessionError::WindowsAfter {
                    decisions: actions.len(),
                    recorded: windows_after,
                    open: self.windows_after,
                });
            }
            if !queue.is_empty() {
                return Err(SessionError::TableRecord {
                    number: i,
                    why: format!("{} roll(s) recorded for it were not made", queue.len()),
                });
            }
            for (after, correction) in record.corrections.iter().filter(|(a, _)| *a == i) {
                debug_assert_eq!(*after, i);
                self.make_correction(*correction)
                    .map_err(|why| SessionError::TableRecord {
                        number: i,
                        why: format!("the correction `{correction}` after it: {why}"),
                    })?;
            }
            let Some(a) = actions.get(i) else { break };
            queue = record.rolls_of(i).iter().cloned().collect();
            self.recorded_unit(Unit::Decision(*a), &mut queue, i + 1, replaying)?;
        }
        self.last_decision_at = None;
        Ok(())
    }

    // ----- the counters' squares rolled at the table ----------------------------------

    /// Rolls the counters' squares at the table instead of the program (R24), before
    /// anything is decided: each counter's two dice are asked for in turn
    /// ([`Session::placing`], [`Session::enter_counter_dice`]); nobody decides until every
    /// counter is placed. Refused, and nothing changed, at a game on the screen, once a
    /// decision or a correction is made, or when set-up places no counter.
    pub fn roll_counters_at_table(&mut self) -> Result<(), PlacementRefused> {
        let Some(c) = &self.companion else {
            return Err(PlacementRefused::NotAtTable);
        };
        if self.replay.is_some()
            || !self.history.is_empty()
            || !c.corrections.is_empty()
            || self.pending.is_some()
        {
            return Err(PlacementRefused::Begun);
        }
        if self.placing.is_some() || !c.placement.is_empty() {
            return Err(PlacementRefused::Already);
        }
        let placing = Placing::new(&self.state);
        if placing.to_place() == 0 {
            return Err(PlacementRefused::NoCounters);
        }
        self.cancel_ai();
        // The table is told where the models go, not where the program put the counters;
        // the board shows the counters as they are rolled.
        // Nothing is face up before anything is decided.
        self.state.edit().clear_counters();
        let models_only: Vec<_> = self
            .setup_events
            .iter()
            .filter(|e| !matches!(e, rules::state::Event::CounterPlaced(_)))
            .cloned()
            .collect();
        self.table_steps = setup_steps(&self.state, &models_only).into();
        self.placing = Some(placing);
        Ok(())
    }

    /// The counters' squares being rolled at the table, if they are.
    pub fn placing(&self) -> Option<&Placing> {
        self.placing.as_ref()
    }

    /// Takes the two dice typed for the counter asked for (`3 5`: row 3, column e): it
    /// goes on that square, or the square is rolled again (R24). Refused with the reason,
    /// and nothing taken, when they do not read or are not two. Once the last counter is
    /// placed the game is set up with those dice, exactly as the generator would have with
    /// the same faces.
    pub fn enter_counter_dice(&mut self, text: &str) -> Result<PlacementProgress, PlacementError> {
        let p = self.placing.as_mut().ok_or(PlacementError::NothingAsked)?;
        let faces = parse_faces(text)?;
        let progress = p.take(&faces)?;
        match progress {
            PlacementProgress::Placed(sq) => {
                self.state.edit().hidden_counter(sq);
            }
            PlacementProgress::Done(_) => {
                let placed = p.placed().to_vec();
                self.placing = None;
                if let Some(c) = &mut self.companion {
                    c.placement = placed;
                }
                let steps = std::mem::take(&mut self.table_steps);
                self.reset_to_start();
                self.table_steps = steps;
            }
            PlacementProgress::RollAgain(..) => {}
        }
        Ok(progress)
    }

    /// Takes back the last two dice typed for a counter's square. False when none is
    /// typed.
    pub fn take_back_counter_dice(&mut self) -> bool {
        let Some(p) = &mut self.placing else {
            return false;
        };
        if !p.take_back() {
            return false;
        }
        let squares = p.squares().to_vec();
        let mut e = self.state.edit();
        e.clear_counters();
        for sq in squares {
            e.hidden_counter(sq);
        }
        true
    }

    // ----- the table differs -----------------------------------------------------------

    /// "The table differs": makes the game match the real table (a model on another
    /// square, a counter put down or taken away, a model lying down or standing), through
    /// the rules' `Editor`, and records it in the log and the saved game. Refused, and
    /// nothing changed, when it cannot be made now (see [`Correction::check`]) or the
    /// game is not at a real table.
    pub fn correct_table(&mut self, correction: Correction) -> Result<(), CorrectionRefused> {
        if self.replay.is_some() {
            return Err(CorrectionRefused::NotNow("this is a replay".into()));
        }
        if self.companion.is_none() {
            return Err(CorrectionRefused::NotNow(
                "the game is not played at a real table".into(),
            ));
        }
        if self.pending.is_some() {
            return Err(CorrectionRefused::NotNow(
                "a decision waits for dice".into(),
            ));
        }
        if self.placing.is_some() {
            return Err(CorrectionRefused::NotNow(
                "the counters' squares are being rolled".into(),
            ));
        }
        self.cancel_ai();
        self.make_correction(correction)
    }

    /// Makes a correction and records it.
    fn make_correction(&mut self, correction: Correction) -> Result<(), CorrectionRefused> {
        let text = correction.text(&self.state);
        correction.apply(&mut self.state)?;
        let at = self.history.len();
        if let Some(c) = &mut self.companion {
            c.corrections.push((at, correction));
        }
        self.table_log.push((at, text));
        Ok(())
    }

    /// The corrections made to match the table, in words, each with the number of
    /// decisions made before it (for the log).
    pub fn corrections_log(&self) -> &[(usize, String)] {
        &self.table_log
    }

    /// Was the table corrected since the last decision? (The search then starts afresh:
    /// what it kept from its last decision stood on the position before the correction.)
    pub(super) fn corrected_since_last_decision(&self) -> bool {
        let n = self.history.len();
        self.companion
            .as_ref()
            .is_some_and(|c| c.corrections.iter().any(|(a, _)| *a == n))
    }

    /// Is a correction recorded after decision `i` (from 0)? Undo never goes back past
    /// one.
    pub(super) fn corrected_after(&self, i: usize) -> bool {
        self.companion
            .as_ref()
            .is_some_and(|c| c.corrections.iter().any(|(a, _)| *a == i + 1))
    }
}
