//! Reading a snapshot back: every byte checked against the scenario it is read for, an
//! error naming the byte and what it should have been.

use crate::action::{Defence, ModelId};
use crate::bitboard::Bitboard;
use crate::cards::{CardId, CardTypeSet, Failed, Hit, MAX_CARD_TYPES};
use crate::map::Los;
use crate::model_set::ModelSet;
use crate::scenario::{MAX_MODELS, Scenario};
use crate::square::{Edge, Side, Square};
use crate::state::agenda::Step;
use crate::state::snapshot::error::SnapshotError;
use crate::state::{Act, CAPACITY, Outcome, Phase, TestCtx, TestKind, WinReason};

/// Bytes read in order, each read checked.
pub(super) struct Reader<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) at: usize,
    pub(super) scenario: &'a Scenario,
}

pub(super) type Read<T> = Result<T, SnapshotError>;

impl<'a> Reader<'a> {
    pub(super) fn take(&mut self, n: usize) -> Read<&'a [u8]> {
        let end = self.at.checked_add(n).filter(|e| *e <= self.bytes.len());
        let Some(end) = end else {
            return Err(SnapshotError::EndsEarly {
                at: self.at,
                len: self.bytes.len(),
            });
        };
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    pub(super) fn u8(&mut self) -> Read<u8> {
        Ok(self.take(1)?[0])
    }
    pub(super) fn i8(&mut self) -> Read<i8> {
        Ok(self.u8()? as i8)
    }
    pub(super) fn bool(&mut self) -> Read<bool> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            b => Err(self.bad("a yes or no", b)),
        }
    }
    pub(super) fn u16(&mut self) -> Read<u16> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    pub(super) fn u32(&mut self) -> Read<u32> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    pub(super) fn u64(&mut self) -> Read<u64> {
        let b = self.take(8)?;
        let mut w = [0u8; 8];
        w.copy_from_slice(b);
        Ok(u64::from_le_bytes(w))
    }
    /// A set of squares (any 64 bits are squares).
    pub(super) fn squares(&mut self) -> Read<Bitboard> {
        self.u64().map(Bitboard::from_bits)
    }
    pub(super) fn bad(&self, what: &'static str, got: impl std::fmt::Display) -> SnapshotError {
        SnapshotError::Damaged {
            byte: self.at.saturating_sub(1),
            expected: what,
            got: got.to_string(),
        }
    }
    pub(super) fn side(&mut self) -> Read<Side> {
        let b = self.u8()?;
        Side::BOTH
            .into_iter()
            .find(|s| s.index() == b as usize)
            .ok_or_else(|| self.bad("a side", b))
    }
    pub(super) fn square(&mut self) -> Read<Square> {
        let b = self.u8()?;
        if b < 64 {
            Ok(Square::from_index(b as usize))
        } else {
            Err(self.bad("a square", b))
        }
    }
    pub(super) fn model(&mut self) -> Read<ModelId> {
        let b = self.u8()?;
        if (b as usize) < self.scenario.models.len().min(MAX_MODELS) {
            Ok(ModelId(b))
        } else {
            Err(self.bad("a model of the scenario", b))
        }
    }
    /// A local card type of the deck.
    pub(super) fn card_type(&mut self) -> Read<u8> {
        let b = self.u8()?;
        if (b as usize) < self.scenario.deck.types() {
            Ok(b)
        } else {
            Err(self.bad("a card of the deck", b))
        }
    }
    pub(super) fn opt<T>(&mut self, f: impl FnOnce(&mut Self) -> Read<T>) -> Read<Option<T>> {
        match self.u8()? {
            0 => Ok(None),
            1 => f(self).map(Some),
            b => Err(self.bad("0 or 1", b)),
        }
    }
    pub(super) fn half(&mut self) -> Read<CardId> {
        let n = self.u8()? as usize;
        let slug = String::from_utf8_lossy(self.take(n)?).into_owned();
        match self.scenario.deck.half_by_slug(&slug) {
            Some(face) => Ok(face.id),
            None => Err(SnapshotError::UnknownHalf(slug)),
        }
    }
    pub(super) fn edge(&mut self) -> Read<Edge> {
        let b = self.u8()?;
        Edge::ALL
            .get(b as usize)
            .copied()
            .ok_or_else(|| self.bad("an edge", b))
    }
    pub(super) fn defence(&mut self) -> Read<Defence> {
        match self.u8()? {
            0 => Ok(Defence::Fight),
            1 => Ok(Defence::Survive),
            b => Err(self.bad("fight or survive", b)),
        }
    }
    pub(super) fn hit(&mut self) -> Read<Hit> {
        match self.u8()? {
            0 => Ok(Hit::Shoot {
                dice: self.u8()?,
                value: self.u8()?,
            }),
            1 => Ok(Hit::Survive(Failed::Activated)),
            2 => Ok(Hit::Survive(Failed::Rattled)),
            b => Err(self.bad("an area's effect", b)),
        }
    }
    pub(super) fn los(&mut self) -> Read<Los> {
        match self.u8()? {
            b if b == Los::None as u8 => Ok(Los::None),
            b if b == Los::Partial as u8 => Ok(Los::Partial),
            b if b == Los::Clear as u8 => Ok(Los::Clear),
            b => Err(self.bad("a line of sight", b)),
        }
    }
    pub(super) fn act(&mut self) -> Read<Act> {
        Ok(Act {
            model: self.model()?,
            steps: self.u8()?,
            shot: self.bool()?,
            aimed: self.bool()?,
            stood: self.bool()?,
        })
    }
    pub(super) fn outcome(&mut self) -> Read<Outcome> {
        match self.u8()? {
            0 => Ok(Outcome::Draw),
            1 => {
                let side = self.side()?;
                let why = match self.u8()? {
                    0 => WinReason::VpTarget,
                    1 => WinReason::WipeOut,
                    2 => WinReason::MoreVp,
                    3 => WinReason::Survived,
                    4 => WinReason::KeyModelDied,
                    5 => WinReason::KeyModelLeft,
                    6 => WinReason::HeldZone,
                    b => return Err(self.bad("a reason to win", b)),
                };
                Ok(Outcome::Win(side, why))
            }
            b => Err(self.bad("an outcome", b)),
        }
    }
    pub(super) fn phase(&mut self) -> Read<Phase> {
        Ok(match self.u8()? {
            0 => Phase::Deploy(self.side()?),
            1 => Phase::TurnStart,
            2 => Phase::Acting(self.act()?),
            3 => Phase::AfterFirst,
            4 => Phase::FightTarget {
                attacker: self.model()?,
                charge: self.bool()?,
            },
            5 => Phase::Defence {
                attacker: self.model()?,
                defender: self.model()?,
                charge: self.bool()?,
            },
            6 => Phase::Respond(self.side()?),
            7 => Phase::Escape(self.model()?),
            8 => Phase::Refill(self.side()?),
            9 => Phase::CarHeading(self.side()?),
            10 => Phase::BugTarget(self.side()?),
            11 => Phase::BugDefence(self.model()?),
            12 => Phase::Busy,
            13 => Phase::GameOver(self.outcome()?),
            b => return Err(self.bad("a phase", b)),
        })
    }
    pub(super) fn test(&mut self) -> Read<TestCtx> {
        let kind = match self.u8()? {
            0 => TestKind::Shoot {
                shooter: self.model()?,
                target: self.opt(Self::model)?,
                los: self.los()?,
                aimed: self.bool()?,
            },
            1 => TestKind::Fight {
                attacker: self.model()?,
                defender: self.opt(Self::model)?,
                defence: self.defence()?,
            },
            2 => TestKind::Area {
                model: self.model()?,
                card: self.half()?,
                hit: self.hit()?,
            },
            3 => TestKind::Bug {
                model: self.model()?,
                card: self.half()?,
                defence: self.defence()?,
            },
            4 => TestKind::Trample {
                model: self.model()?,
                card: self.half()?,
            },
            b => return Err(self.bad("a kind of test", b)),
        };
        let mods = [self.i8()?, self.i8()?];
        let played = [self.opt(Self::half)?, self.opt(Self::half)?];
        Ok(TestCtx { kind, mods, played })
    }
    pub(super) fn step(&mut self) -> Read<Step> {
        Ok(match self.u8()? {
            0 => Step::Window(self.side()?),
            1 => Step::Roll,
            2 => Step::Kills,
            3 => Step::ResumeAct(self.act()?),
            4 => Step::FinishActivation(self.model()?),
            5 => Step::AfterCard,
            6 => Step::CarLand {
                sq: self.square()?,
                left: self.u8()?,
                heading: self.edge()?,
                card: self.card_type()?,
                by: self.side()?,
            },
            7 => Step::CarRest {
                sq: self.square()?,
                card: self.card_type()?,
            },
            8 => Step::CarLeft(self.card_type()?),
            9 => Step::CowsScatter,
            10 => {
                let left = self.u8()?;
                let dir = self.u8()?;
                if dir >= 8 {
                    return Err(self.bad("a direction", dir));
                }
                Step::Cows { left, dir }
            }
            11 => Step::BugAttack,
            12 => Step::BugAfter {
                target: self.model()?,
                beaten: self.bool()?,
            },
            13 => Step::EventDone(self.card_type()?),
            14 => Step::RoundCounters,
            15 => Step::CiviliansRound,
            16 => Step::BugRound,
            17 => Step::Refill(self.side()?),
            18 => Step::Draw(self.side()?),
            19 => Step::StartRound,
            20 => Step::AreaSquares {
                card: self.half()?,
                squares: self.squares()?,
                hit: self.hit()?,
            },
            21 => Step::AreaWindows {
                card: self.half()?,
                sq: self.square()?,
                next: self.u8()?,
                hit: self.hit()?,
            },
            22 => {
                let slot = self.u8()?;
                if slot >= CAPACITY {
                    return Err(self.bad("a place in a square", slot));
                }
                Step::AreaKeep { slot }
            }
            23 => Step::AreaRoll {
                card: self.half()?,
                sq: self.square()?,
                hit: self.hit()?,
            },
            24 => Step::AreaEnd {
                by: self.side()?,
                fight: self.bool()?,
            },
            25 => Step::Trample {
                card: self.card_type()?,
                models: self.models_mask()?,
            },
            b => return Err(self.bad("an agenda step", b)),
        })
    }
    /// Counts per local card type, for the deck's types (the rest are none).
    pub(super) fn types(&mut self) -> Read<[u8; MAX_CARD_TYPES]> {
        let n = self.scenario.deck.types().min(MAX_CARD_TYPES);
        let mut out = [0u8; MAX_CARD_TYPES];
        out[..n].copy_from_slice(self.take(n)?);
        Ok(out)
    }
    /// A set of models, only of the scenario's.
    pub(super) fn models_mask(&mut self) -> Read<ModelSet> {
        let m = self.u64()?;
        let n = self.scenario.models.len().min(MAX_MODELS);
        if n < 64 && m >> n != 0 {
            return Err(self.bad("models of the scenario", format!("{m:#x}")));
        }
        Ok(ModelSet::from_bits(m))
    }
    /// A set of the deck's local card types.
    pub(super) fn types_mask(&mut self) -> Read<CardTypeSet> {
        let m = self.u64()?;
        let n = self.scenario.deck.types();
        if n < 64 && m >> n != 0 {
            return Err(self.bad("cards of the deck", format!("{m:#x}")));
        }
        Ok(CardTypeSet::from_bits(m))
    }
}
