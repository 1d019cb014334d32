//! The agenda: what is left to do once the current decision is made (see the module notes
//! of `state`), as steps pushed and popped, and the loop that carries them out.

use rand::RngCore;

use crate::action::ModelId;
use crate::bitboard::Bitboard;
use crate::cards::{self, CardId};
use crate::model_set::ModelSet;
use crate::square::{Edge, Side, Square};

use super::{Act, EventSink, GameState, Phase};

/// Something left to do once the current decision is made (see the module notes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum Step {
    /// Offer the test's response window to this side (R20).
    Window(Side),
    /// Roll the waiting test.
    Roll,
    /// Kill the models marked for death, offering Lucky Escapes (P13), then Rattle tests.
    Kills,
    /// The acting model carries on with its action.
    ResumeAct(Act),
    FinishActivation(ModelId),
    /// A card play is resolved: the Turn carries on (R11).
    AfterCard,
    /// The Flying Car lands on `sq`, this landing and `left - 1` more to go.
    CarLand {
        sq: Square,
        left: u8,
        heading: Edge,
        card: u8,
        by: Side,
    },
    /// The Flying Car comes to rest on `sq` (P19).
    CarRest {
        sq: Square,
        card: u8,
    },
    /// The Flying Car flew off the board: its card is discarded.
    CarLeft(u8),
    /// The cows roll their scatter direction and set off (P20).
    CowsScatter,
    /// The cows move one square in direction `dir` (index into `Dir::ALL`).
    Cows {
        left: u8,
        dir: u8,
    },
    /// The Bug attacks a model in its square (P21).
    BugAttack,
    /// After the Bug's Fight: snatch the target if it lives, unless it beat the Bug.
    BugAfter {
        target: ModelId,
        beaten: bool,
    },
    /// An Event is resolved: discard it.
    EventDone(u8),
    /// End of Round: the cows, the Civilians, the Bug (P17).
    RoundCounters,
    CiviliansRound,
    BugRound,
    /// Refill: `side` discards (R22).
    Refill(Side),
    /// Refill: `side` draws up to its hand size, resolving Events (R22).
    Draw(Side),
    /// The next Round begins.
    StartRound,
    /// An area attack of the half `card` goes on over the `squares` left: each square with
    /// models gets the response windows of every model there, then its attack roll, then
    /// each model's Survive roll (R15, P14, R28, R30).
    AreaSquares {
        card: CardId,
        squares: Bitboard,
        hit: cards::Hit,
    },
    /// The response windows of the models on `sq`, from model index `next`, before the
    /// square's roll (R30).
    AreaWindows {
        card: CardId,
        sq: Square,
        next: u8,
        hit: cards::Hit,
    },
    /// A model's windows on an area attack are over: keep the dice its cards changed, for
    /// its place `slot` among the models of the square.
    AreaKeep {
        slot: u8,
    },
    /// The square's attack roll (a Shoot test), then each model's Survive roll there with
    /// the cards played on it (R30).
    AreaRoll {
        card: CardId,
        sq: Square,
        hit: cards::Hit,
    },
    /// The area attack is over: its kills, credited to `by`, are carried out (P13, P15);
    /// Fight kills for the cows' trampling.
    AreaEnd {
        by: Side,
        fight: bool,
    },
    /// The cows trample the next of `models` (local Event type `card`), after its windows
    /// (P20, R30).
    Trample {
        card: u8,
        models: ModelSet,
    },
}

pub(super) const AGENDA: usize = 24;

/// The steps still to do, last pushed first done. Two agendas are equal when their steps
/// to do are (what is left in the array past `len` is not looked at).
#[derive(Clone, Copy, Debug)]
pub(super) struct Agenda {
    pub(super) steps: [Step; AGENDA],
    pub(super) len: u8,
}

impl PartialEq for Agenda {
    fn eq(&self, o: &Self) -> bool {
        self.steps[..self.len as usize] == o.steps[..o.len as usize]
    }
}

impl Eq for Agenda {}

impl std::hash::Hash for Agenda {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.steps[..self.len as usize].hash(h);
    }
}

impl Agenda {
    pub(super) const EMPTY: Agenda = Agenda {
        steps: [Step::Roll; AGENDA],
        len: 0,
    };
    #[inline]
    pub(super) fn push(&mut self, s: Step) {
        self.steps[self.len as usize] = s;
        self.len += 1;
    }
    #[inline]
    pub(super) fn pop(&mut self) -> Option<Step> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.steps[self.len as usize])
    }
}

impl GameState {
    /// Carry out agenda steps until a decision is needed or the game is over.
    #[inline]
    pub(super) fn run<R: RngCore + ?Sized, S: EventSink>(&mut self, rng: &mut R, sink: &mut S) {
        while matches!(self.phase, Phase::Busy) {
            match self.agenda.pop() {
                Some(step) => self.step_agenda(step, rng, sink),
                None => {
                    debug_assert!(false, "busy with nothing to do");
                    self.phase = Phase::TurnStart;
                }
            }
        }
    }
}
