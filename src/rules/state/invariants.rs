//! The state's own checks: its bookkeeping agrees with its models and cards, and the
//! rules' hard limits hold (R3, P1, R19-R22).

use crate::rules::action::ModelId;
use crate::rules::cards::{self, MAX_CARD_TYPES};
use crate::rules::square::{BySide, Side, Square};

use super::{CAPACITY, GameState, Loc, Phase};

impl GameState {
    /// Check the state's bookkeeping and the rules' hard limits: capacity (R3), no model
    /// in a blocker it entered (P1), counts matching the models, the phase naming a live
    /// model. Returns the first problem found.
    pub fn check_invariants(&self) -> Result<(), String> {
        for side in Side::BOTH {
            let from: u32 = self.vp_from[side].iter().map(|&v| u32::from(v)).sum();
            if from > u32::from(self.vp[side]) {
                return Err(format!(
                    "the {side} have {} VP but {from} VP by source",
                    self.vp[side]
                ));
            }
        }
        let mut count = BySide([[0u8; 64]; 2]);
        let mut standing = BySide([[0u8; 64]; 2]);
        for (i, m) in self.models().iter().enumerate() {
            if let Loc::Board(sq) = m.loc {
                count[m.side][sq.index()] += 1;
                if !m.rattled {
                    standing[m.side][sq.index()] += 1;
                }
            } else if m.rattled {
                return Err(format!("m{} is Rattled but not on the board", i + 1));
            }
        }
        if count != self.count {
            return Err("model counts per square are out of step with the models".into());
        }
        if standing != self.standing {
            return Err("standing counts per square are out of step with the models".into());
        }
        for side in Side::BOTH {
            let occ = Square::all()
                .filter(|s| count[side][s.index()] > 0)
                .fold(0u64, |b, s| b | s.bit());
            if occ != self.occ[side] {
                return Err(format!("{side} occupancy bitboard is wrong"));
            }
        }
        for sq in Square::all() {
            let n = self.total(sq);
            if n > CAPACITY {
                return Err(format!("{sq} holds {n} models, more than {CAPACITY} (R3)"));
            }
        }
        if self.hidden & (self.face_up[0] | self.face_up[1] | self.face_up[2]) != 0 {
            return Err("a square holds a counter both face down and face up".into());
        }
        let check_live = |id: ModelId| -> Result<(), String> {
            match self.models.get(id.index()).map(|m| m.loc) {
                Some(Loc::Board(_)) | Some(Loc::Waiting) => Ok(()),
                _ => Err(format!(
                    "phase {:?} names {id}, which is not in play",
                    self.phase
                )),
            }
        };
        match self.phase {
            Phase::Acting(a) => check_live(a.model)?,
            Phase::FightTarget { attacker, .. } => check_live(attacker)?,
            Phase::Defence {
                attacker, defender, ..
            } => {
                check_live(attacker)?;
                check_live(defender)?;
            }
            Phase::Escape(id) => {
                check_live(id)?;
                if self.kills.mask & (1u64 << id.index()) == 0 {
                    return Err(format!("{id} is asked for a Lucky Escape but is not dying"));
                }
            }
            Phase::BugDefence(id) => check_live(id)?,
            Phase::Busy => return Err("a resolution was left half done".into()),
            _ => {}
        }
        self.check_cards()
    }

    /// Card counts are conserved (deck + hands + discard + sets + in play = the deck, per
    /// card type), hands hold no Event, sets hold their side's Support cards within their
    /// cap, and what Events left on the board has its card in play.
    pub(super) fn check_cards(&self) -> Result<(), String> {
        let deck = self.deck();
        let c = &self.cards;
        let mut sums = [0u32; 6];
        for t in 0..MAX_CARD_TYPES {
            let n = [
                c.deck[t],
                c.hands[0][t],
                c.hands[1][t],
                c.discard[t],
                c.sets[0][t] + c.sets[1][t],
                c.in_play[t],
            ];
            for (s, x) in sums.iter_mut().zip(n) {
                *s += x as u32;
            }
            let total: u32 = n.iter().map(|x| *x as u32).sum();
            let want = if t < deck.types() {
                deck.card(t).count() as u32
            } else {
                0
            };
            if total != want {
                let name = if t < deck.types() {
                    deck.card(t).name()
                } else {
                    "a card not in the deck".to_string()
                };
                return Err(format!(
                    "{name}: {total} cards in the game, the deck has {want} (deck {}, hands {} \
                     and {}, discard {}, sets {}, in play {})",
                    n[0], n[1], n[2], n[3], n[4], n[5]
                ));
            }
            if t < deck.types() {
                let card = deck.card(t);
                for side in Side::BOTH {
                    let s = side.index();
                    if card.is_event() && c.hands[s][t] > 0 {
                        return Err(format!("the {side} hold the Event {}", card.name()));
                    }
                    if (c.hands[s][t] > 0) != (c.held[s] & (1 << t) != 0) {
                        return Err(format!(
                            "the {side}' held mask is wrong for {}",
                            card.name()
                        ));
                    }
                    if c.sets[s][t] > 0 {
                        match card.face(side) {
                            Some(f)
                                if f.kind == cards::Kind::Support
                                    && self.set_level(side, f.id) <= f.cap() => {}
                            _ => {
                                return Err(format!(
                                    "the {side} have {} in a Support set, which is not theirs \
                                     to lay or is over its cap",
                                    card.name()
                                ));
                            }
                        }
                    }
                }
                if c.in_play[t] > 0 && !card.is_event() {
                    return Err(format!("{} is in play but is not an Event", card.name()));
                }
            }
        }
        if sums[0] != c.deck_n as u32
            || sums[1] != c.hand_n[0] as u32
            || sums[2] != c.hand_n[1] as u32
            || sums[3] != c.discard_n as u32
        {
            return Err("a card pile's size is out of step with its cards".into());
        }
        let in_play = |f: fn(&cards::Effect) -> bool| {
            (0..deck.types()).any(|t| {
                c.in_play[t] > 0 && deck.card(t).event.as_ref().is_some_and(|e| f(&e.effect))
            })
        };
        if self.cows.is_some() != in_play(|e| matches!(e, cards::Effect::BurningCows { .. })) {
            return Err("the cows and their card in play disagree".into());
        }
        if self.bug.is_some() != in_play(|e| matches!(e, cards::Effect::Bug { .. })) {
            return Err("the Bug and its card in play disagree".into());
        }
        if (self.n_civilians > 0) != in_play(|e| matches!(e, cards::Effect::Civilians { .. })) {
            return Err("the Civilians and their card in play disagree".into());
        }
        Ok(())
    }
}
