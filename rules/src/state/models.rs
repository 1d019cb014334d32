//! The models and the counters: where each model is (`Loc`, `Model`), the square
//! bookkeeping that follows every placement, removal and step, who may still act, and the
//! hidden counters revealed and claimed as models reach them (R3, R24, P2).

use rand::{Rng, RngCore};

use crate::action::ModelId;
use crate::square::{BySide, Side, Square};

use super::{Event, EventSink, GameState, VpSource};

/// The most models a square holds (R3).
pub const CAPACITY: u8 = 6;

/// Where a model is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Loc {
    /// Off the board, waiting to enter across its side's entry edge (R6).
    Waiting,
    /// Waiting to be deployed in its side's zone during set-up.
    Undeployed,
    Board(Square),
    Dead,
    /// Left the board across a scenario exit edge (R6).
    Exited,
}

/// One model's state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Model {
    pub side: Side,
    /// Index into the scenario's profiles.
    pub profile: u8,
    pub loc: Loc,
    pub rattled: bool,
    /// Has acted this Round (carries an Activation marker).
    pub activated: bool,
    /// Moved into its current square during the current Turn (the charge die, R16).
    pub moved_in: bool,
}

impl Model {
    #[inline]
    pub fn square(&self) -> Option<Square> {
        match self.loc {
            Loc::Board(s) => Some(s),
            _ => None,
        }
    }
}

/// The kind of a hidden counter (R24).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CounterKind {
    /// Sought by the Martians.
    Critter,
    /// Sought by the Humans.
    AlienSecret,
    /// A neutral objective a scenario may add: either side claims it, for its own
    /// `objective` award.
    Objective,
}

impl CounterKind {
    /// Every kind, in the order [`super::ByCounterKind`] keeps them.
    pub const ALL: [CounterKind; 3] = [
        CounterKind::Critter,
        CounterKind::AlienSecret,
        CounterKind::Objective,
    ];

    /// The side that claims counters of this kind; `None`: either side.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub const fn claimed_by(self) -> Option<Side> {
        match self {
            CounterKind::Critter => Some(Side::Martians),
            CounterKind::AlienSecret => Some(Side::Humans),
            CounterKind::Objective => None,
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            CounterKind::Critter => "Critter",
            CounterKind::AlienSecret => "Alien Secret",
            CounterKind::Objective => "Objective",
        }
    }
}

pub(super) const PLACEHOLDER: Model = Model {
    side: Side::Humans,
    profile: 0,
    loc: Loc::Dead,
    rattled: false,
    activated: false,
    moved_in: false,
};

impl GameState {
    /// Models in `sq`, in id order.
    pub fn models_in(&self, sq: Square) -> impl Iterator<Item = ModelId> + '_ {
        (0..self.n_models)
            .map(ModelId)
            .filter(move |id| self.models[id.index()].loc == Loc::Board(sq))
    }

    /// Can this model be activated now by its side (ignoring whose Turn it is)?
    #[inline(always)]
    pub fn can_activate(&self, id: ModelId) -> bool {
        let m = &self.models[id.index()];
        if m.activated {
            return false;
        }
        match m.loc {
            Loc::Board(_) => true,
            Loc::Waiting => self.entry_open(id),
            _ => false,
        }
    }

    /// May `id`, waiting off the board, come on this Round (R6, P33)?
    #[cold]
    pub(super) fn entry_open(&self, id: ModelId) -> bool {
        self.scenario.entry_of(id.index()).is_some_and(|e| {
            e.round <= self.round && (!e.is_drawn() || self.drawn_entry(id, e).0 <= self.round)
        })
    }

    /// Has `side` a model left to act this Round?
    pub fn can_act(&self, side: Side) -> bool {
        (0..self.n_models)
            .map(ModelId)
            .any(|id| self.models[id.index()].side == side && self.can_activate(id))
    }

    /// Which sides have a model left to act this Round, in one look at the models (the end
    /// of a Turn asks it of both sides several times).
    pub(super) fn sides_able_to_act(&self) -> BySide<bool> {
        let mut able = BySide::new(false, false);
        for i in 0..self.n_models {
            let id = ModelId(i);
            let side = self.models[id.index()].side;
            if !able[side] && self.can_activate(id) {
                able[side] = true;
                if able[side.other()] {
                    break;
                }
            }
        }
        able
    }

    /// R24: reveal a face-down counter in `sq`; the model's side claims counters of its
    /// kind there (P2).
    pub(super) fn reveal<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        id: ModelId,
        sq: Square,
        rng: &mut R,
        sink: &mut S,
    ) {
        if self.hidden.contains(sq) {
            self.hidden.remove(sq);
            // The identity is drawn only now, from every identity not yet seen (R24).
            let critters = u32::from(self.pool[CounterKind::Critter]);
            let secrets = u32::from(self.pool[CounterKind::AlienSecret]);
            let total = critters + secrets + u32::from(self.pool[CounterKind::Objective]);
            let draw = if total > 0 {
                rng.random_range(0..total)
            } else {
                0
            };
            let kind = if draw < critters || total == 0 {
                CounterKind::Critter
            } else if draw < critters + secrets {
                CounterKind::AlienSecret
            } else {
                CounterKind::Objective
            };
            self.pool[kind] = self.pool[kind].saturating_sub(1);
            self.face_up[kind].insert(sq);
            if S::ENABLED {
                sink.event(Event::Revealed(sq, kind));
            }
        }
        let side = self.models[id.index()].side;
        let kind = match side {
            Side::Martians => CounterKind::Critter,
            Side::Humans => CounterKind::AlienSecret,
        };
        if self.n_civilians > 0 {
            self.claim_civilians(id, sq, kind, sink);
            if self.is_over() {
                return;
            }
        }
        if self.face_up[kind].contains(sq) {
            self.face_up[kind].remove(sq);
            self.claimed[side] += 1;
            if S::ENABLED {
                sink.event(Event::Claimed(id, kind));
            }
            let awards = self.scenario.sides[side].vp;
            if self.claimed[side] > awards.counters_free {
                self.score(side, awards.counter, VpSource::Counter, sink);
            }
            self.check_victory(sink);
            if self.is_over() {
                return;
            }
        }
        // A neutral objective: whichever side gets there first claims it.
        if self.face_up[CounterKind::Objective].contains(sq) {
            self.face_up[CounterKind::Objective].remove(sq);
            if S::ENABLED {
                sink.event(Event::Claimed(id, CounterKind::Objective));
            }
            let vp = self.scenario.sides[side].vp.objective;
            self.score(side, vp, VpSource::Counter, sink);
            self.check_victory(sink);
        }
    }

    pub(super) fn set_rattled(&mut self, id: ModelId, rattled: bool) {
        let m = &mut self.models[id.index()];
        if m.rattled == rattled {
            return;
        }
        m.rattled = rattled;
        if let Loc::Board(sq) = m.loc {
            let side = m.side;
            if rattled {
                self.standing[side][sq.index()] -= 1;
            } else {
                self.standing[side][sq.index()] += 1;
            }
        }
    }

    /// Place a model that is not on the board onto `sq`.
    pub(super) fn put(&mut self, id: ModelId, sq: Square) {
        let m = &mut self.models[id.index()];
        m.loc = Loc::Board(sq);
        let side = m.side;
        let rattled = m.rattled;
        self.count[side][sq.index()] += 1;
        if !rattled {
            self.standing[side][sq.index()] += 1;
        }
        self.occ[side].insert(sq);
    }

    /// Take a model off its square (its `loc` is left for the caller to set).
    pub(super) fn remove(&mut self, id: ModelId) {
        let m = &self.models[id.index()];
        if let Loc::Board(sq) = m.loc {
            let side = m.side;
            let i = sq.index();
            self.count[side][i] -= 1;
            if !m.rattled {
                self.standing[side][i] -= 1;
            }
            if self.count[side][i] == 0 {
                self.occ[side].remove(sq);
            }
        }
    }

    pub(super) fn step(&mut self, id: ModelId, to: Square) {
        self.remove(id);
        self.put(id, to);
        self.models[id.index()].moved_in = true;
    }

    /// Models of `side` still in the game: on the board, waiting to come on, or yet to
    /// deploy (not dead, not gone by an exit).
    pub fn models_left(&self, side: Side) -> usize {
        self.models()
            .iter()
            .filter(|m| {
                m.side == side && matches!(m.loc, Loc::Board(_) | Loc::Waiting | Loc::Undeployed)
            })
            .count()
    }
}
