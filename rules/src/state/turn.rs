//! The flow of a game: set-up deployment, a Turn's budget of models and cards (R11), the
//! end of a Turn and of a Round (R13, P17), the VP scored and the victory conditions
//! (R18, R25, P6).

use std::fmt;

use crate::action::ModelId;
use crate::cards::CardTypeSet;
use crate::model_set::ModelSet;
use crate::square::{BySide, Side};

use super::{Agenda, Event, EventSink, GameState, Loc, Phase, Step};

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// Reached the scenario's VP target (R25).
    VpTarget,
    /// The enemy has no model left on the table (R25).
    WipeOut,
    /// More VP when the Round limit or the last model leaving ended the game (R25, P6).
    MoreVp,
    /// A model still on the board at the end of the Round the side had to survive to.
    Survived,
    /// A key model died, whatever killed it, and its death wins for this side (P28).
    KeyModelDied,
    /// A key model left by its exit, and its leaving wins for this side (P28).
    KeyModelLeft,
    /// The side held a zone alone at the end of as many Rounds in a row as the zone asks
    /// (P31).
    HeldZone,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Win(Side, WinReason),
    Draw,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(s, WinReason::VpTarget) => write!(f, "{s} win: VP target reached"),
            Outcome::Win(s, WinReason::WipeOut) => write!(f, "{s} win: no enemy left"),
            Outcome::Win(s, WinReason::MoreVp) => write!(f, "{s} win: more VP"),
            Outcome::Win(s, WinReason::Survived) => write!(f, "{s} win: survived"),
            Outcome::Win(s, WinReason::KeyModelDied) => write!(f, "{s} win: a key model died"),
            Outcome::Win(s, WinReason::KeyModelLeft) => {
                write!(f, "{s} win: a key model got away")
            }
            Outcome::Win(s, WinReason::HeldZone) => write!(f, "{s} win: held a zone"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// What the Turn player has used of the current Turn (R11): a Turn is two models, or one
/// model and one card, or (with no model left to act at its start) up to two cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnUse {
    /// Models that have acted (or are acting) this Turn.
    pub models: u8,
    /// Card plays made this Turn.
    pub cards: u8,
    /// The Turn player had no model left to act when the Turn began.
    pub no_models_at_start: bool,
    /// Between Rounds (the end-of-Round card plays count against nothing, P17).
    pub round_end: bool,
}

/// What scored a side's VP (R18, R24, R6), for the records of where VP came from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum VpSource {
    /// A kill by a Shoot test, or by a card's attack on an area.
    Shoot,
    /// A kill in a Fight.
    Fight,
    /// A counter of the side's kind claimed (after the free ones).
    Counter,
    /// A model that left by the side's exit edge.
    Exit,
    /// A zone held at the end of a Round.
    Hold,
}

impl VpSource {
    pub const ALL: [VpSource; 5] = [
        VpSource::Shoot,
        VpSource::Fight,
        VpSource::Counter,
        VpSource::Exit,
        VpSource::Hold,
    ];

    /// Its name in records: `shoot`, `fight`, `counters`, `exit`.
    pub const fn name(self) -> &'static str {
        match self {
            VpSource::Shoot => "shoot",
            VpSource::Fight => "fight",
            VpSource::Counter => "counters",
            VpSource::Exit => "exit",
            VpSource::Hold => "hold",
        }
    }
}

impl GameState {
    pub(super) fn next_undeployed(&self, side: Side) -> Option<ModelId> {
        (0..self.n_models).map(ModelId).find(|id| {
            let m = &self.models[id.index()];
            m.side == side && m.loc == Loc::Undeployed
        })
    }

    pub(super) fn next_deployer(&self) -> Option<Side> {
        self.scenario
            .deploy_order
            .iter()
            .copied()
            .find(|s| self.next_undeployed(*s).is_some())
    }

    pub(super) fn finish_activation<S: EventSink>(&mut self, id: ModelId, sink: &mut S) {
        self.models[id.index()].activated = true;
        self.turn_continue(sink);
    }

    /// After a model's action or a card play: carry on with the Turn if anything is left to
    /// do in it (R11), else end it.
    pub(super) fn turn_continue<S: EventSink>(&mut self, sink: &mut S) {
        let able = self.sides_able_to_act();
        self.note_ran_out_of(able);
        if (self.may_activate_more() && self.any_activation()) || self.any_card_play() {
            self.phase = Phase::AfterFirst;
        } else {
            self.end_turn_knowing(able, sink);
        }
    }

    /// R11: may the Turn player activate (another) model? Up to two models, or one model
    /// and one card; none when no model was left at the start of the Turn.
    #[inline]
    pub(super) fn may_activate_more(&self) -> bool {
        !self.no_models_at_start && self.turn_models + self.turn_cards < 2
    }

    /// Is there a model the Turn player may activate now (`activation_check`)?
    pub(super) fn any_activation(&self) -> bool {
        (0..self.n_models)
            .map(ModelId)
            .any(|id| self.activation_check(id).is_ok())
    }

    /// P11: a card that affected one of the Turn player's models names the Turn's acting
    /// model; after a model acted, cards on own models must affect it.
    #[inline]
    pub(super) fn own_model_ok(&self, id: ModelId) -> bool {
        self.no_models_at_start || self.turn_model.is_none_or(|m| m == id)
    }

    /// R11: may the Turn player make a card play now? One card with at most one model, or
    /// two cards when no model was left at the start of the Turn. Outside a Turn (the end
    /// of a Round) cards count against nothing (P17).
    #[inline]
    pub(super) fn card_budget(&self, side: Side) -> bool {
        if side != self.turn_player || self.in_round_end {
            return true;
        }
        if self.no_models_at_start {
            self.turn_cards < 2
        } else {
            self.turn_cards == 0 && self.turn_models <= 1
        }
    }

    /// `end-turn` is offered once a model has acted, or (with no model left at the start
    /// of the Turn) once a card was played; after a card alone a model must act if one can
    /// (P11).
    pub(super) fn may_end_turn(&self) -> bool {
        self.turn_models > 0 || self.no_models_at_start
    }

    /// R13: remember which side first had no model left to act this Round. If both ran
    /// out at once, the Turn player's own action did it, so it counts as first.
    pub(super) fn note_ran_out(&mut self) {
        if self.ran_out_first.is_none() {
            self.note_ran_out_of(self.sides_able_to_act());
        }
    }

    /// `note_ran_out` with which sides may still act already known.
    fn note_ran_out_of(&mut self, able: BySide<bool>) {
        if self.ran_out_first.is_some() {
            return;
        }
        let me = self.turn_player;
        if !able[me] {
            self.ran_out_first = Some(me);
        } else if !able[me.other()] {
            self.ran_out_first = Some(me.other());
        }
    }

    pub(super) fn end_turn<S: EventSink>(&mut self, sink: &mut S) {
        self.end_turn_knowing(self.sides_able_to_act(), sink);
    }

    /// `end_turn`, with which sides have a model left to act already known: nothing below
    /// changes that until the next Turn starts.
    fn end_turn_knowing<S: EventSink>(&mut self, able: BySide<bool>, sink: &mut S) {
        for m in &mut self.models[..self.n_models as usize] {
            m.moved_in = false;
        }
        self.note_ran_out_of(able);
        // R13: the Round ends when every model has acted, whatever cards are left.
        if !able[Side::Humans] && !able[Side::Martians] {
            self.end_round(sink);
            return;
        }
        let next = self.turn_player.other();
        if self.takes_turn(next, able[next]) {
            self.turn_player = next;
        } else if !self.takes_turn(self.turn_player, able[self.turn_player]) {
            self.end_round(sink);
            return;
        }
        if S::ENABLED {
            sink.event(Event::TurnEnded {
                next: self.turn_player,
            });
        }
        self.phase = Phase::TurnStart;
        self.start_turn_knowing(able[self.turn_player]);
    }

    pub(super) fn start_turn(&mut self) {
        self.start_turn_knowing(self.can_act(self.turn_player));
    }

    /// Start the Turn player's Turn, knowing whether they have a model left to act.
    fn start_turn_knowing(&mut self, models_to_act: bool) {
        self.turn += 1;
        self.turn_models = 0;
        self.turn_cards = 0;
        self.turn_model = None;
        self.carded = ModelSet::EMPTY;
        self.laid = CardTypeSet::EMPTY;
        self.no_models_at_start = !models_to_act;
    }

    /// Does `side` get a Turn now: a model to act with (`models_to_act`, known to the
    /// caller), or (not having passed) a card it can play (R11 options 3 and 4)?
    fn takes_turn(&self, side: Side, models_to_act: bool) -> bool {
        models_to_act || (!self.passed[side] && self.has_turn_card(side))
    }

    /// R13: the Round ends when every model has acted. Then the end of Round (P17): the
    /// counters Events left move, both sides refill (R22), and the next Round begins.
    pub(super) fn end_round<S: EventSink>(&mut self, sink: &mut S) {
        let first = self.ran_out_first.unwrap_or(self.turn_player);
        if S::ENABLED {
            sink.event(Event::RoundEnded {
                round: self.round,
                next_first: first,
            });
        }
        // Zones held at the end of the Round score (a side's model there and none of the
        // other side's), and count towards the zones that win when held long enough (P31).
        let held_long = self.score_holds(sink);
        if self.check_victory(sink) {
            return;
        }
        if let Some(o) = held_long {
            self.game_over(o, sink);
            return;
        }
        let scenario = self.scenario.clone();
        // A side that wins by surviving: the game ends at the end of its Round, won by it
        // if a model of it is still on the board, else by the other side (none of its
        // enemies is left on the table).
        if let Some((side, last)) = scenario.survivor()
            && self.round >= last
        {
            let o = if self.occ[side].any() {
                Outcome::Win(side, WinReason::Survived)
            } else {
                Outcome::Win(side.other(), WinReason::WipeOut)
            };
            self.game_over(o, sink);
            return;
        }
        if let Some(limit) = self.scenario.round_limit
            && self.round >= limit
        {
            let o = self.more_vp_outcome(None);
            self.game_over(o, sink);
            return;
        }
        self.ran_out_first = Some(first);
        self.in_round_end = true;
        // R31: the end of the Round counts as one Turn for the cards on a model.
        self.carded = ModelSet::EMPTY;
        self.agenda.push(Step::StartRound);
        self.agenda.push(Step::Draw(first.other()));
        self.agenda.push(Step::Refill(first.other()));
        self.agenda.push(Step::Draw(first));
        self.agenda.push(Step::Refill(first));
        self.agenda.push(Step::RoundCounters);
        self.phase = Phase::Busy;
    }

    pub(super) fn start_round<R: rand::RngCore + ?Sized, S: EventSink>(
        &mut self,
        rng: &mut R,
        sink: &mut S,
    ) {
        let first = self.ran_out_first.unwrap_or(self.turn_player);
        // A game that never ends (stopped only by a runaway guard) must not wrap the
        // counter back to Round 0.
        self.round = self.round.saturating_add(1);
        for m in &mut self.models[..self.n_models as usize] {
            m.activated = false;
        }
        self.ran_out_first = None;
        self.passed = BySide::default();
        self.in_round_end = false;
        self.turn_player = first;
        // Entries whose Round or edge is drawn at the start of this Round (P33).
        self.draw_arrivals(rng, sink);
        self.phase = Phase::TurnStart;
        self.begin_turn_or_skip(sink);
    }

    /// Enter `TurnStart` properly: skip to the other side if the Turn player has no model
    /// to act, and end the Round if neither has.
    pub(super) fn begin_turn_or_skip<S: EventSink>(&mut self, sink: &mut S) {
        if self.phase != Phase::TurnStart {
            return;
        }
        let able = self.sides_able_to_act();
        if !able[Side::Humans] && !able[Side::Martians] {
            // Nobody can act this Round. R25: models waiting to enter are not off the
            // table, so a side whose models all come later has not lost, and the game
            // goes on: the Round ends (R13, every model that could act has acted) and the
            // next one brings them. Only a side with nothing on the table or to come is
            // out of the game (check_victory, a wipe-out).
            if self.check_victory(sink) {
                return;
            }
            if self.models().iter().any(|m| m.loc == Loc::Waiting) {
                self.end_round(sink);
            } else {
                // Nothing on the table and nothing to come for either side, which
                // check_victory has already ended; kept so that no state is left
                // waiting for a Turn nobody can take.
                let o = self.more_vp_outcome(None);
                self.game_over(o, sink);
            }
            return;
        }
        if !self.takes_turn(self.turn_player, able[self.turn_player]) {
            self.turn_player = self.turn_player.other();
        }
        self.start_turn_knowing(able[self.turn_player]);
    }

    pub(super) fn more_vp_outcome(&self, tie: Option<Side>) -> Outcome {
        let (h, m) = (self.vp[Side::Humans], self.vp[Side::Martians]);
        if h > m {
            Outcome::Win(Side::Humans, WinReason::MoreVp)
        } else if m > h {
            Outcome::Win(Side::Martians, WinReason::MoreVp)
        } else if let Some(s) = tie {
            Outcome::Win(s, WinReason::MoreVp)
        } else {
            Outcome::Draw
        }
    }

    /// R25: check the VP target and wipe-out; returns true if the game is over.
    pub(super) fn check_victory<S: EventSink>(&mut self, sink: &mut S) -> bool {
        if self.is_over() {
            return true;
        }
        let h = self.vp[Side::Humans] >= self.scenario.vp_target(Side::Humans);
        let m = self.vp[Side::Martians] >= self.scenario.vp_target(Side::Martians);
        let outcome = match (h, m) {
            (true, false) => Some(Outcome::Win(Side::Humans, WinReason::VpTarget)),
            (false, true) => Some(Outcome::Win(Side::Martians, WinReason::VpTarget)),
            (true, true) => {
                // Both at once: more VP wins, else the player whose Turn it is.
                let vh = self.vp[Side::Humans];
                let vm = self.vp[Side::Martians];
                let s = if vh > vm {
                    Side::Humans
                } else if vm > vh {
                    Side::Martians
                } else {
                    self.turn_player
                };
                Some(Outcome::Win(s, WinReason::VpTarget))
            }
            (false, false) => {
                // R25, P6: a side with no model left on the table.
                let gone = |s: Side| {
                    self.models()
                        .iter()
                        .all(|m| m.side != s || matches!(m.loc, Loc::Dead | Loc::Exited))
                };
                let all_dead = |s: Side| {
                    self.models()
                        .iter()
                        .all(|m| m.side != s || m.loc == Loc::Dead)
                };
                match (gone(Side::Humans), gone(Side::Martians)) {
                    (false, false) => None,
                    (true, true) => Some(self.more_vp_outcome(None)),
                    (true, false) if all_dead(Side::Humans) => {
                        Some(Outcome::Win(Side::Martians, WinReason::WipeOut))
                    }
                    (false, true) if all_dead(Side::Martians) => {
                        Some(Outcome::Win(Side::Humans, WinReason::WipeOut))
                    }
                    _ => Some(self.more_vp_outcome(None)),
                }
            }
        };
        match outcome {
            Some(o) => {
                self.game_over(o, sink);
                true
            }
            None => false,
        }
    }

    pub(super) fn game_over<S: EventSink>(&mut self, o: Outcome, sink: &mut S) {
        self.phase = Phase::GameOver(o);
        self.agenda = Agenda::EMPTY;
        if S::ENABLED {
            sink.event(Event::GameOver(o));
        }
    }
}
