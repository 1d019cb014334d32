//! The state's own checks: its bookkeeping agrees with its models and cards, and the
//! rules' hard limits hold (R3, P1, R19-R22). A check that fails says which invariant is
//! broken and where, as a [`Broken`].

use crate::action::ModelId;
use crate::bitboard::Bitboard;
use crate::cards::{self, MAX_CARD_TYPES};
use crate::square::{BySide, Side, Square};

use super::{CAPACITY, GameState, Loc, Phase};

/// An invariant of the state that does not hold, and where: what
/// [`GameState::check_invariants`] finds first. `Display` says it in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Broken {
    /// A side has fewer VP than its VP by source add up to.
    #[error("the {side} have {vp} VP but {by_source} VP by source")]
    VpBySource { side: Side, vp: u16, by_source: u32 },
    /// A model off the board is marked Rattled.
    #[error("{0} is Rattled but not on the board")]
    RattledOffBoard(ModelId),
    /// The models counted per square and side disagree with the models.
    #[error("model counts per square are out of step with the models")]
    Counts,
    /// The standing models counted per square and side disagree with the models.
    #[error("standing counts per square are out of step with the models")]
    Standing,
    /// A side's occupied squares disagree with its models.
    #[error("{0} occupancy bitboard is wrong")]
    Occupancy(Side),
    /// A square holds more models than a square may (R3).
    #[error("{square} holds {models} models, more than {CAPACITY} (R3)")]
    OverCapacity { square: Square, models: u8 },
    /// A square's counter is both face down and face up.
    #[error("a square holds a counter both face down and face up")]
    CounterTwice(Square),
    /// The phase names a model that is not in play.
    #[error("phase {phase:?} names {model}, which is not in play")]
    NotInPlay { phase: Phase, model: ModelId },
    /// A Lucky Escape is asked for a model that is not dying.
    #[error("{0} is asked for a Lucky Escape but is not dying")]
    EscapeNotDying(ModelId),
    /// A resolution stopped half way ([`Phase::Busy`]).
    #[error("a resolution was left half done")]
    HalfDone,
    /// A card type's cards, wherever they are, do not add up to the deck's count of it.
    #[error(
        "{name}: {total} cards in the game, the deck has {want} (deck {}, hands {} and {}, \
         discard {}, sets {}, in play {})",
        piles[0], piles[1], piles[2], piles[3], piles[4], piles[5]
    )]
    CardCount {
        /// The card type's index in the deck (past its types: a card not in it).
        card: usize,
        name: String,
        total: u32,
        want: u32,
        /// The deck, the Humans' and the Martians' hands, the discard pile, the Support
        /// sets and the Events in play.
        piles: [u8; 6],
    },
    /// A side holds an Event in its hand.
    #[error("the {side} hold the Event {name}")]
    EventInHand {
        side: Side,
        card: usize,
        name: String,
    },
    /// A side's mask of card types held disagrees with its hand.
    #[error("the {side}' held mask is wrong for {name}")]
    HeldMask {
        side: Side,
        card: usize,
        name: String,
    },
    /// A Support set holds a card its side may not lay, or more than its cap.
    #[error(
        "the {side} have {name} in a Support set, which is not theirs to lay or is over its cap"
    )]
    BadSet {
        side: Side,
        card: usize,
        name: String,
    },
    /// A card that is not an Event is in play.
    #[error("{name} is in play but is not an Event")]
    NotAnEvent { card: usize, name: String },
    /// A pile's size disagrees with the cards counted in it.
    #[error("a card pile's size is out of step with its cards")]
    PileSize,
    /// The burning cows are on the board without their card in play, or the reverse.
    #[error("the cows and their card in play disagree")]
    Cows,
    /// The Bug is on the board without its card in play, or the reverse.
    #[error("the Bug and its card in play disagree")]
    Bug,
    /// Civilians are on the board without their card in play, or the reverse.
    #[error("the Civilians and their card in play disagree")]
    Civilians,
}

impl GameState {
    /// Check the state's bookkeeping and the rules' hard limits: capacity (R3), no model
    /// in a blocker it entered (P1), counts matching the models, the phase naming a live
    /// model. Returns the first problem found.
    pub fn check_invariants(&self) -> Result<(), Broken> {
        for side in Side::BOTH {
            let from: u32 = self.vp_from[side]
                .values()
                .iter()
                .map(|&v| u32::from(v))
                .sum();
            if from > u32::from(self.vp[side]) {
                return Err(Broken::VpBySource {
                    side,
                    vp: self.vp[side],
                    by_source: from,
                });
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
                return Err(Broken::RattledOffBoard(ModelId(i as u8)));
            }
        }
        if count != self.count {
            return Err(Broken::Counts);
        }
        if standing != self.standing {
            return Err(Broken::Standing);
        }
        for side in Side::BOTH {
            let occ: Bitboard = Square::all()
                .filter(|s| count[side][s.index()] > 0)
                .collect();
            if occ != self.occ[side] {
                return Err(Broken::Occupancy(side));
            }
        }
        for sq in Square::all() {
            let n = self.total(sq);
            if n > CAPACITY {
                return Err(Broken::OverCapacity {
                    square: sq,
                    models: n,
                });
            }
        }
        let face_up = self
            .face_up
            .values()
            .iter()
            .fold(Bitboard::EMPTY, |a, b| a | *b);
        if let Some(sq) = (self.hidden & face_up).first() {
            return Err(Broken::CounterTwice(sq));
        }
        let check_live = |id: ModelId| -> Result<(), Broken> {
            match self.models.get(id.index()).map(|m| m.loc) {
                Some(Loc::Board(_)) | Some(Loc::Waiting) => Ok(()),
                _ => Err(Broken::NotInPlay {
                    phase: self.phase,
                    model: id,
                }),
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
                if !self.kills.mask.contains(id) {
                    return Err(Broken::EscapeNotDying(id));
                }
            }
            Phase::BugDefence(id) => check_live(id)?,
            Phase::Busy => return Err(Broken::HalfDone),
            _ => {}
        }
        self.check_cards()
    }

    /// Card counts are conserved (deck + hands + discard + sets + in play = the deck, per
    /// card type), hands hold no Event, sets hold their side's Support cards within their
    /// cap, and what Events left on the board has its card in play.
    pub(super) fn check_cards(&self) -> Result<(), Broken> {
        let deck = self.deck();
        let c = &self.cards;
        let mut sums = [0u32; 6];
        for t in 0..MAX_CARD_TYPES {
            let n = [
                c.deck[t],
                c.hands[Side::Humans][t],
                c.hands[Side::Martians][t],
                c.discard[t],
                c.sets[Side::Humans][t] + c.sets[Side::Martians][t],
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
                return Err(Broken::CardCount {
                    card: t,
                    name,
                    total,
                    want,
                    piles: n,
                });
            }
            if t < deck.types() {
                let card = deck.card(t);
                for side in Side::BOTH {
                    if card.is_event() && c.hands[side][t] > 0 {
                        return Err(Broken::EventInHand {
                            side,
                            card: t,
                            name: card.name(),
                        });
                    }
                    if (c.hands[side][t] > 0) != c.held[side].contains(t) {
                        return Err(Broken::HeldMask {
                            side,
                            card: t,
                            name: card.name(),
                        });
                    }
                    if c.sets[side][t] > 0 {
                        match card.face(side) {
                            Some(f)
                                if f.kind == cards::Kind::Support
                                    && self.set_level(side, f.id) <= f.cap() => {}
                            _ => {
                                return Err(Broken::BadSet {
                                    side,
                                    card: t,
                                    name: card.name(),
                                });
                            }
                        }
                    }
                }
                if c.in_play[t] > 0 && !card.is_event() {
                    return Err(Broken::NotAnEvent {
                        card: t,
                        name: card.name(),
                    });
                }
            }
        }
        if sums[0] != c.deck_n as u32
            || sums[1] != c.hand_n[Side::Humans] as u32
            || sums[2] != c.hand_n[Side::Martians] as u32
            || sums[3] != c.discard_n as u32
        {
            return Err(Broken::PileSize);
        }
        let in_play = |f: fn(&cards::Effect) -> bool| {
            (0..deck.types()).any(|t| {
                c.in_play[t] > 0 && deck.card(t).event.as_ref().is_some_and(|e| f(&e.effect))
            })
        };
        if self.cows.is_some() != in_play(|e| matches!(e, cards::Effect::BurningCows { .. })) {
            return Err(Broken::Cows);
        }
        if self.bug.is_some() != in_play(|e| matches!(e, cards::Effect::Bug { .. })) {
            return Err(Broken::Bug);
        }
        if (self.n_civilians > 0) != in_play(|e| matches!(e, cards::Effect::Civilians { .. })) {
            return Err(Broken::Civilians);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::dice::rng_from_seed;
    use crate::scenario_file::parse_scenario;
    use crate::state::CounterKind;

    fn game() -> GameState {
        let text = include_str!("../../../scenarios/ambush.toml");
        let scenario = parse_scenario("ambush.toml", text).expect("ships").scenario;
        GameState::new(Arc::new(scenario), &mut rng_from_seed(7))
    }

    #[test]
    fn a_broken_invariant_is_named_with_where_it_is_broken() {
        let g = game();
        assert_eq!(g.check_invariants(), Ok(()));

        let mut b = g.clone();
        b.vp_from[Side::Martians][crate::state::VpSource::Shoot] = 2;
        let e = b.check_invariants().unwrap_err();
        assert_eq!(
            e,
            Broken::VpBySource {
                side: Side::Martians,
                vp: 0,
                by_source: 2
            }
        );
        assert_eq!(e.to_string(), "the martians have 0 VP but 2 VP by source");

        let mut b = g.clone();
        b.models[2].loc = Loc::Waiting;
        b.models[2].rattled = true;
        let e = b.check_invariants().unwrap_err();
        assert_eq!(e, Broken::RattledOffBoard(ModelId(2)));
        assert_eq!(e.to_string(), "m3 is Rattled but not on the board");

        let mut b = g.clone();
        let c4 = "c4".parse::<Square>().unwrap();
        b.hidden.insert(c4);
        b.face_up[CounterKind::AlienSecret].insert(c4);
        let e = b.check_invariants().unwrap_err();
        assert_eq!(e, Broken::CounterTwice(c4));
        assert_eq!(
            e.to_string(),
            "a square holds a counter both face down and face up"
        );

        let mut b = g.clone();
        b.phase = Phase::Busy;
        assert_eq!(b.check_invariants(), Err(Broken::HalfDone));

        let mut b = g.clone();
        b.cards.deck[0] += 1;
        let e = b.check_invariants().unwrap_err();
        let Broken::CardCount {
            card, total, want, ..
        } = &e
        else {
            panic!("{e:?}");
        };
        assert_eq!((*card, *total), (0, *want + 1));
        let name = g.deck().card(0).name();
        assert!(
            e.to_string().starts_with(&format!(
                "{name}: {total} cards in the game, the deck has {want} (deck "
            )),
            "{e}"
        );
    }
}
