//! What the game is waiting for: the `Phase` of the decision to make, the acting model's
//! progress through its action (`Act`, R12), the test waiting for its windows and dice
//! (`TestCtx`, `TestKind`), and who decides next.

use crate::action::{Defence, ModelId};
use crate::cards::{self, CardId};
use crate::map::Los;
use crate::square::Side;

use super::{GameState, Outcome};

/// The acting model's progress through its action (R12).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Act {
    pub model: ModelId,
    /// Squares moved so far in this action (entering from off the board counts, R6).
    pub steps: u8,
    pub shot: bool,
    pub aimed: bool,
    pub stood: bool,
}

impl Act {
    /// What the model may still do in this action: (move a step, shoot) (R12).
    pub fn options(self) -> (bool, bool) {
        act_options(self)
    }
}

/// What the game is waiting for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Set-up: `side` places its next undeployed model.
    Deploy(Side),
    /// The Turn player chooses a model to act with.
    TurnStart,
    /// A model is acting.
    Acting(Act),
    /// One model has acted this Turn: act with a second or end the Turn (R11).
    AfterFirst,
    /// A Fight is starting: the attacker picks its opponent, or, when only Heroes can
    /// defend, their owner picks (R16).
    FightTarget {
        attacker: ModelId,
        charge: bool,
    },
    /// The defending player chooses Fight or Survive (R16).
    Defence {
        attacker: ModelId,
        defender: ModelId,
        charge: bool,
    },
    /// A test's response window (R20): `side` may play one card on the test waiting in
    /// [`GameState::test`], or none.
    Respond(Side),
    /// This model would be killed: its side may play a Lucky Escape, or none (P13).
    Escape(ModelId),
    /// Round end: `side` discards the cards it no longer wants, one at a time, then keeps
    /// the rest (R22).
    Refill(Side),
    /// The Flying Car's drawer sends it along its row, east or west (P19).
    CarHeading(Side),
    /// The Bug attacks: `side` picks its target among the models in its square (P21).
    BugTarget(Side),
    /// The Bug's target chooses Fight or Survive (P21).
    BugDefence(ModelId),
    /// A resolution is under way (never seen between decisions).
    Busy,
    GameOver(Outcome),
}

/// A test waiting for its response windows and dice (R20, R28, R30): what kind of test,
/// and what the cards played on it changed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TestCtx {
    pub kind: TestKind,
    /// Dice added by cards: [the attacking roll, the defending roll] (see
    /// [`TestCtx::rolls`]).
    pub mods: [i8; 2],
    /// The card each side played on the test (`BySide` order).
    pub played: [Option<CardId>; 2],
}

/// The kinds of test, each with the models in it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TestKind {
    /// A model's Shoot test (R15) at an enemy model, or at the Bug (`target: None`, P21).
    Shoot {
        shooter: ModelId,
        target: Option<ModelId>,
        los: Los,
        aimed: bool,
    },
    /// A Fight (R16): the attacker against a defender meeting it with `defence`, or a
    /// model's Fight against the Bug (`defender: None`, R27).
    Fight {
        attacker: ModelId,
        defender: Option<ModelId>,
        defence: Defence,
    },
    /// A model's test against an area attack of the half `card` (R28, R30): the square's
    /// attack roll against the model's Survive roll (a Shoot test), or a single-die check.
    Area {
        model: ModelId,
        card: CardId,
        hit: cards::Hit,
    },
    /// The Bug's attack on a model (P21): the Bug's Fight roll against the model's Fight
    /// or Survive roll, as it chose.
    Bug {
        model: ModelId,
        card: CardId,
        defence: Defence,
    },
    /// The burning cows trample a Rattled model (P20): the herd's Fight roll against the
    /// model's Survive roll.
    Trample { model: ModelId, card: CardId },
}

impl TestCtx {
    /// The state's test while none is under way (never read then).
    pub(super) const PLACEHOLDER: TestCtx = TestCtx::new(TestKind::Fight {
        attacker: ModelId(0),
        defender: None,
        defence: Defence::Survive,
    });

    /// A test with no card played on it yet.
    pub const fn new(kind: TestKind) -> TestCtx {
        TestCtx {
            kind,
            mods: [0; 2],
            played: [None; 2],
        }
    }

    /// The rolls models make in this test: [the attacking roll, the defending roll], each
    /// with its model; `None` where a card, the Bug or the cows roll instead of a model.
    pub fn rolls(&self) -> [Option<(ModelId, cards::Roll)>; 2] {
        use cards::Roll;
        let meets = |d: Defence| match d {
            Defence::Fight => Roll::Fight,
            Defence::Survive => Roll::Survive,
        };
        match self.kind {
            TestKind::Shoot {
                shooter, target, ..
            } => [
                Some((shooter, Roll::Shoot)),
                target.map(|t| (t, Roll::Survive)),
            ],
            TestKind::Fight {
                attacker,
                defender,
                defence,
            } => [
                Some((attacker, Roll::Fight)),
                defender.map(|d| (d, meets(defence))),
            ],
            TestKind::Area { model, .. } | TestKind::Trample { model, .. } => {
                [None, Some((model, Roll::Survive))]
            }
            TestKind::Bug { model, defence, .. } => [None, Some((model, meets(defence)))],
        }
    }

    /// The model making the attacking roll, if a model makes it.
    pub fn attacker(&self) -> Option<ModelId> {
        self.rolls()[0].map(|(m, _)| m)
    }

    /// The model making the defending roll, if a model makes it (not the Bug).
    pub fn defender(&self) -> Option<ModelId> {
        self.rolls()[1].map(|(m, _)| m)
    }

    /// Is this a Fight between two models (R16)?
    pub fn is_model_fight(&self) -> bool {
        matches!(
            self.kind,
            TestKind::Fight {
                defender: Some(_),
                ..
            }
        )
    }
}

impl GameState {
    /// Who makes the next decision (`None` once the game is over).
    pub fn to_move(&self) -> Option<Side> {
        match self.phase {
            Phase::Deploy(side) => Some(side),
            Phase::TurnStart | Phase::Acting(_) | Phase::AfterFirst => Some(self.turn_player),
            Phase::FightTarget { attacker, .. } => {
                let a = &self.models[attacker.index()];
                if self.has_soldier_opponent(attacker) {
                    Some(a.side)
                } else {
                    Some(a.side.other())
                }
            }
            Phase::Defence { defender, .. } => Some(self.models[defender.index()].side),
            Phase::Respond(side)
            | Phase::Refill(side)
            | Phase::CarHeading(side)
            | Phase::BugTarget(side) => Some(side),
            Phase::Escape(m) | Phase::BugDefence(m) => Some(self.models[m.index()].side),
            Phase::Busy | Phase::GameOver(_) => None,
        }
    }
}

/// What an acting model may still do: (move a step, shoot) (R12).
#[inline]
pub(super) fn act_options(act: Act) -> (bool, bool) {
    if act.aimed {
        return (false, !act.shot);
    }
    if act.stood {
        // Stand Up and Move 1, or Stand Up and Shoot.
        let fresh = act.steps == 0 && !act.shot;
        return (fresh, fresh);
    }
    match (act.steps, act.shot) {
        (0, false) => (true, true),
        (1, false) => (true, true),
        (0, true) => (true, false),
        _ => (false, false),
    }
}
