//! Arranging a position by hand (rules tests, puzzles, the table's editor): `Editor`
//! changes a state while keeping its bookkeeping consistent.

use crate::action::ModelId;
use crate::bitboard::Bitboard;
use crate::cards::{self, Card, CardId, CardTypeSet, MAX_CARD_TYPES};
use crate::square::{BySide, Side, Square};

use super::{Agenda, ByCounterKind, CounterKind, GameState, Loc, Phase};

impl GameState {
    /// Arrange a position by hand (rules tests, puzzles, editors). Every change keeps the
    /// state's bookkeeping consistent; none checks the rules.
    pub fn edit(&mut self) -> Editor<'_> {
        Editor { g: self }
    }
}

/// Changes a position by hand; see `GameState::edit`.
pub struct Editor<'a> {
    g: &'a mut GameState,
}

impl Editor<'_> {
    /// Put a model on `sq` (from wherever it is, even dead).
    pub fn place(&mut self, id: ModelId, sq: Square) -> &mut Self {
        self.g.remove(id);
        self.g.models[id.index()].loc = Loc::Waiting;
        self.g.put(id, sq);
        self
    }
    /// Take a model off the board as dead.
    pub fn kill(&mut self, id: ModelId) -> &mut Self {
        self.g.set_rattled(id, false);
        self.g.remove(id);
        self.g.models[id.index()].loc = Loc::Dead;
        self
    }
    pub fn rattled(&mut self, id: ModelId, rattled: bool) -> &mut Self {
        self.g.set_rattled(id, rattled);
        self
    }
    pub fn activated(&mut self, id: ModelId, activated: bool) -> &mut Self {
        self.g.models[id.index()].activated = activated;
        self
    }
    pub fn moved_in(&mut self, id: ModelId, moved_in: bool) -> &mut Self {
        self.g.models[id.index()].moved_in = moved_in;
        self
    }
    /// Start a fresh Turn of `side` (nobody acting, nothing played).
    pub fn turn(&mut self, side: Side) -> &mut Self {
        self.g.turn_player = side;
        self.g.phase = Phase::TurnStart;
        self.g.agenda = Agenda::EMPTY;
        self.g.in_round_end = false;
        self.g.passed = BySide::default();
        self.g.start_turn();
        self.g.turn -= 1;
        self
    }
    /// Move `n` cards whose half for `side` is `half` from the draw deck (or, if it has
    /// too few, the discard pile) into `side`'s hand: the first such card in deck order
    /// while copies last, then the next.
    pub fn give(&mut self, side: Side, half: CardId, n: u8) -> &mut Self {
        for _ in 0..n {
            let t = self.available(side, half);
            self.take_card(t);
            self.g.hand_add(side, t);
        }
        self.refresh_turn();
        self
    }
    /// Move one copy of the physical card `card` (as `side` names it) into `side`'s hand.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn give_card(&mut self, side: Side, card: Card) -> &mut Self {
        let t = self
            .g
            .deck()
            .find(side, card)
            .unwrap_or_else(|| panic!("{card} is not a card of this game's deck"));
        self.take_card(t);
        self.g.hand_add(side, t);
        self.refresh_turn();
        self
    }
    /// Put every card of `side`'s hand back into the draw deck.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn clear_hand(&mut self, side: Side) -> &mut Self {
        for t in 0..MAX_CARD_TYPES {
            let n = std::mem::take(&mut self.g.cards.hands[side][t]);
            self.g.cards.deck[t] += n;
            self.g.cards.deck_n += n as u16;
        }
        self.g.cards.hand_n[side] = 0;
        self.g.cards.held[side] = CardTypeSet::EMPTY;
        self.refresh_turn();
        self
    }
    /// Lay `n` cards whose half for `side` is `half` (from the deck) into `side`'s
    /// Support set of that half.
    pub fn set(&mut self, side: Side, half: CardId, n: u8) -> &mut Self {
        for _ in 0..n {
            let t = self.available(side, half);
            self.take_card(t);
            self.g.cards.sets[side][t] += 1;
        }
        self.refresh_turn();
        self
    }
    /// Leave in the draw deck only the cards whose half for `side` is `half` (the rest
    /// goes to the discard pile), so the next draws are such cards while they last.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn stack_deck(&mut self, side: Side, half: CardId) -> &mut Self {
        let keep = self.g.deck().half_mask(side, half)
            | self
                .g
                .deck()
                .cards
                .iter()
                .enumerate()
                .filter(|(_, c)| c.event.as_ref().is_some_and(|e| e.id == half))
                .map(|(t, _)| t)
                .collect::<CardTypeSet>();
        assert!(
            keep.any(),
            "{half} is not a half of the {side} in this game's deck"
        );
        for u in 0..MAX_CARD_TYPES {
            if !keep.contains(u) {
                let n = std::mem::take(&mut self.g.cards.deck[u]);
                self.g.cards.deck_n -= n as u16;
                self.g.put_discard(u, n);
            }
        }
        self
    }
    /// Put the burning cows on `sq`, drawn by `by` (their card goes into play).
    pub fn cows(&mut self, sq: Square, by: Side) -> &mut Self {
        self.event_in_play(|e| matches!(e, cards::Effect::BurningCows { .. }));
        self.g.cows = Some((sq, by));
        self
    }
    /// Put the Bug on `sq`, drawn by `by` (its card goes into play).
    pub fn bug(&mut self, sq: Square, by: Side) -> &mut Self {
        self.event_in_play(|e| matches!(e, cards::Effect::Bug { .. }));
        self.g.bug = Some((sq, by));
        self
    }
    /// Put a Civilian on `sq` (the card goes into play with the first).
    pub fn civilian(&mut self, sq: Square) -> &mut Self {
        if self.g.n_civilians == 0 {
            self.event_in_play(|e| matches!(e, cards::Effect::Civilians { .. }));
        }
        let n = self.g.n_civilians as usize;
        self.g.civilians[n] = sq;
        self.g.n_civilians += 1;
        self
    }
    fn event_in_play(&mut self, same: impl Fn(&cards::Effect) -> bool) {
        let deck = self.g.scenario.deck.clone();
        let t = (0..deck.types())
            .find(|t| {
                deck.card(*t)
                    .event
                    .as_ref()
                    .is_some_and(|f| same(&f.effect))
            })
            .expect("the deck has this Event");
        if self.g.cards.in_play[t] == 0 {
            self.take_card(t);
            self.g.cards.in_play[t] += 1;
        }
    }
    /// The first card (in deck order) with `side`'s half `half` that is left in the deck
    /// or the discard pile (an Event by its own half, whoever draws it).
    fn available(&self, side: Side, half: CardId) -> usize {
        let deck = self.g.deck();
        let c = &self.g.cards;
        (0..deck.types())
            .find(|&t| {
                let card = deck.card(t);
                let named = card.face(side).is_some_and(|f| f.id == half)
                    || card.event.as_ref().is_some_and(|e| e.id == half);
                named && c.deck[t] + c.discard[t] > 0
            })
            .unwrap_or_else(|| panic!("no {half} card of the {side} is left to take"))
    }
    fn take_card(&mut self, t: usize) {
        let c = &mut self.g.cards;
        if c.deck[t] > 0 {
            c.deck[t] -= 1;
            c.deck_n -= 1;
        } else {
            assert!(c.discard[t] > 0, "no card of this type left to take");
            c.discard[t] -= 1;
            c.discard_n -= 1;
        }
    }
    fn refresh_turn(&mut self) {
        if self.g.phase == Phase::TurnStart && self.g.turn_cards == 0 && self.g.turn_models == 0 {
            self.g.no_models_at_start = !self.g.can_act(self.g.turn_player);
        }
    }
    pub fn vp(&mut self, side: Side, vp: u16) -> &mut Self {
        self.g.vp[side] = vp;
        self
    }
    pub fn round(&mut self, round: u16) -> &mut Self {
        self.g.round = round;
        self
    }
    /// Remove every face-down counter.
    pub fn clear_counters(&mut self) -> &mut Self {
        self.g.hidden = Bitboard::EMPTY;
        self.g.face_up = ByCounterKind::default();
        self
    }
    /// Put a face-down counter on `sq`.
    pub fn hidden_counter(&mut self, sq: Square) -> &mut Self {
        self.g.hidden.insert(sq);
        self
    }
    /// Take the face-down counter off `sq` (none there: nothing changes). Face-up counters
    /// and the pool of unrevealed identities stay as they are.
    pub fn no_hidden_counter(&mut self, sq: Square) -> &mut Self {
        self.g.hidden.remove(sq);
        self
    }
    /// Set the pool of unrevealed identities (critters, secrets), with no objectives.
    pub fn pool(&mut self, critters: u8, secrets: u8) -> &mut Self {
        self.g.pool = ByCounterKind::new(critters, secrets, 0);
        self
    }
    /// Set how many neutral objectives are among the unrevealed identities.
    pub fn objectives(&mut self, n: u8) -> &mut Self {
        self.g.pool[CounterKind::Objective] = n;
        self
    }
    /// Set how many counters a side has claimed.
    pub fn claimed(&mut self, side: Side, n: u16) -> &mut Self {
        self.g.claimed[side] = n;
        self
    }
}
