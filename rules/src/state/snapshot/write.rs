//! Writing a snapshot: the fields of the state, a byte or a few each, halves by slug.

use crate::action::{Defence, ModelId};
use crate::bitboard::Bitboard;
use crate::cards::{CardId, CardTypeSet, Failed, Hit, MAX_CARD_TYPES};
use crate::model_set::ModelSet;
use crate::square::{Edge, Side, Square};
use crate::state::agenda::Step;
use crate::state::{Act, Outcome, Phase, TestCtx, TestKind, WinReason};

/// Bytes written in order.
pub(super) struct Writer(pub(super) Vec<u8>);

impl Writer {
    pub(super) fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    pub(super) fn i8(&mut self, v: i8) {
        self.0.push(v as u8);
    }
    pub(super) fn bool(&mut self, v: bool) {
        self.0.push(u8::from(v));
    }
    pub(super) fn u16(&mut self, v: u16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    /// A set of squares, as its 64 bits.
    pub(super) fn squares(&mut self, v: Bitboard) {
        self.u64(v.bits());
    }
    /// A set of models, as its 64 bits.
    pub(super) fn models(&mut self, v: ModelSet) {
        self.u64(v.bits());
    }
    /// A set of card types, as its 64 bits.
    pub(super) fn card_types(&mut self, v: CardTypeSet) {
        self.u64(v.bits());
    }
    pub(super) fn bytes(&mut self, v: &[u8]) {
        self.0.extend_from_slice(v);
    }
    pub(super) fn side(&mut self, s: Side) {
        self.u8(s.index() as u8);
    }
    pub(super) fn square(&mut self, s: Square) {
        self.u8(s.index() as u8);
    }
    pub(super) fn model(&mut self, m: ModelId) {
        self.u8(m.0);
    }
    pub(super) fn opt<T>(&mut self, v: Option<T>, mut f: impl FnMut(&mut Self, T)) {
        match v {
            None => self.u8(0),
            Some(x) => {
                self.u8(1);
                f(self, x);
            }
        }
    }
    /// A half by its slug: the numbers halves get differ between processes.
    pub(super) fn half(&mut self, c: CardId) {
        let slug = c.slug().as_bytes();
        self.u8(slug.len().min(255) as u8);
        self.bytes(&slug[..slug.len().min(255)]);
    }
    pub(super) fn edge(&mut self, e: Edge) {
        self.u8(e.index() as u8);
    }
    pub(super) fn defence(&mut self, d: Defence) {
        self.u8(match d {
            Defence::Fight => 0,
            Defence::Survive => 1,
        });
    }
    pub(super) fn hit(&mut self, h: Hit) {
        match h {
            Hit::Shoot { dice, value } => {
                self.u8(0);
                self.u8(dice);
                self.u8(value);
            }
            Hit::Survive(Failed::Activated) => self.u8(1),
            Hit::Survive(Failed::Rattled) => self.u8(2),
        }
    }
    pub(super) fn act(&mut self, a: Act) {
        let Act {
            model,
            steps,
            shot,
            aimed,
            stood,
        } = a;
        self.model(model);
        self.u8(steps);
        self.bool(shot);
        self.bool(aimed);
        self.bool(stood);
    }
    pub(super) fn outcome(&mut self, o: Outcome) {
        match o {
            Outcome::Draw => self.u8(0),
            Outcome::Win(s, why) => {
                self.u8(1);
                self.side(s);
                self.u8(match why {
                    WinReason::VpTarget => 0,
                    WinReason::WipeOut => 1,
                    WinReason::MoreVp => 2,
                    WinReason::Survived => 3,
                    WinReason::KeyModelDied => 4,
                    WinReason::KeyModelLeft => 5,
                    WinReason::HeldZone => 6,
                });
            }
        }
    }
    pub(super) fn phase(&mut self, p: Phase) {
        match p {
            Phase::Deploy(s) => {
                self.u8(0);
                self.side(s);
            }
            Phase::TurnStart => self.u8(1),
            Phase::Acting(a) => {
                self.u8(2);
                self.act(a);
            }
            Phase::AfterFirst => self.u8(3),
            Phase::FightTarget { attacker, charge } => {
                self.u8(4);
                self.model(attacker);
                self.bool(charge);
            }
            Phase::Defence {
                attacker,
                defender,
                charge,
            } => {
                self.u8(5);
                self.model(attacker);
                self.model(defender);
                self.bool(charge);
            }
            Phase::Respond(s) => {
                self.u8(6);
                self.side(s);
            }
            Phase::Escape(m) => {
                self.u8(7);
                self.model(m);
            }
            Phase::Refill(s) => {
                self.u8(8);
                self.side(s);
            }
            Phase::CarHeading(s) => {
                self.u8(9);
                self.side(s);
            }
            Phase::BugTarget(s) => {
                self.u8(10);
                self.side(s);
            }
            Phase::BugDefence(m) => {
                self.u8(11);
                self.model(m);
            }
            Phase::Busy => self.u8(12),
            Phase::GameOver(o) => {
                self.u8(13);
                self.outcome(o);
            }
        }
    }
    pub(super) fn test(&mut self, t: TestCtx) {
        let TestCtx { kind, mods, played } = t;
        match kind {
            TestKind::Shoot {
                shooter,
                target,
                los,
                aimed,
            } => {
                self.u8(0);
                self.model(shooter);
                self.opt(target, Self::model);
                self.u8(los as u8);
                self.bool(aimed);
            }
            TestKind::Fight {
                attacker,
                defender,
                defence,
            } => {
                self.u8(1);
                self.model(attacker);
                self.opt(defender, Self::model);
                self.defence(defence);
            }
            TestKind::Area { model, card, hit } => {
                self.u8(2);
                self.model(model);
                self.half(card);
                self.hit(hit);
            }
            TestKind::Bug {
                model,
                card,
                defence,
            } => {
                self.u8(3);
                self.model(model);
                self.half(card);
                self.defence(defence);
            }
            TestKind::Trample { model, card } => {
                self.u8(4);
                self.model(model);
                self.half(card);
            }
        }
        self.i8(mods[0]);
        self.i8(mods[1]);
        self.opt(played[0], Self::half);
        self.opt(played[1], Self::half);
    }
    pub(super) fn step(&mut self, s: Step) {
        match s {
            Step::Window(side) => {
                self.u8(0);
                self.side(side);
            }
            Step::Roll => self.u8(1),
            Step::Kills => self.u8(2),
            Step::ResumeAct(a) => {
                self.u8(3);
                self.act(a);
            }
            Step::FinishActivation(m) => {
                self.u8(4);
                self.model(m);
            }
            Step::AfterCard => self.u8(5),
            Step::CarLand {
                sq,
                left,
                heading,
                card,
                by,
            } => {
                self.u8(6);
                self.square(sq);
                self.u8(left);
                self.edge(heading);
                self.u8(card);
                self.side(by);
            }
            Step::CarRest { sq, card } => {
                self.u8(7);
                self.square(sq);
                self.u8(card);
            }
            Step::CarLeft(card) => {
                self.u8(8);
                self.u8(card);
            }
            Step::CowsScatter => self.u8(9),
            Step::Cows { left, dir } => {
                self.u8(10);
                self.u8(left);
                self.u8(dir);
            }
            Step::BugAttack => self.u8(11),
            Step::BugAfter { target, beaten } => {
                self.u8(12);
                self.model(target);
                self.bool(beaten);
            }
            Step::EventDone(card) => {
                self.u8(13);
                self.u8(card);
            }
            Step::RoundCounters => self.u8(14),
            Step::CiviliansRound => self.u8(15),
            Step::BugRound => self.u8(16),
            Step::Refill(side) => {
                self.u8(17);
                self.side(side);
            }
            Step::Draw(side) => {
                self.u8(18);
                self.side(side);
            }
            Step::StartRound => self.u8(19),
            Step::AreaSquares { card, squares, hit } => {
                self.u8(20);
                self.half(card);
                self.squares(squares);
                self.hit(hit);
            }
            Step::AreaWindows {
                card,
                sq,
                next,
                hit,
            } => {
                self.u8(21);
                self.half(card);
                self.square(sq);
                self.u8(next);
                self.hit(hit);
            }
            Step::AreaKeep { slot } => {
                self.u8(22);
                self.u8(slot);
            }
            Step::AreaRoll { card, sq, hit } => {
                self.u8(23);
                self.half(card);
                self.square(sq);
                self.hit(hit);
            }
            Step::AreaEnd { by, fight } => {
                self.u8(24);
                self.side(by);
                self.bool(fight);
            }
            Step::Trample { card, models } => {
                self.u8(25);
                self.u8(card);
                self.models(models);
            }
        }
    }
    pub(super) fn types(&mut self, counts: &[u8; MAX_CARD_TYPES], n: usize) {
        self.bytes(&counts[..n]);
    }
}
