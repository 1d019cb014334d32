//! Cards in a game: the deck and the hands, card plays in a Turn resolved (R11, P11),
//! response windows on tests (R20, P12), kills and Lucky Escapes (P13), the refill (R22,
//! P17), and what each side may see of it all. The legal card plays and answers are listed
//! here from the rules `card_legal` holds, which also say why one is not legal.

use rand::RngCore;

use super::{Act, Event, EventSink, GameState, Loc, ModelId, Phase, Step, VpSource};
use crate::action::{Action, Spot, Target};
use crate::bitboard::Bitboard;
use crate::cards::{
    Aim, Card, CardId, CardType, CardTypeSet, Effect, Kind, MAX_CARD_TYPES, Roll, Whose,
};
use crate::dice::D8Stream;
use crate::model_set::ModelSet;
use crate::profile::Ability;
use crate::square::{Edge, Side, Square};

/// A uniform draw in `0..n` from one 64-bit word (the bias is below 2^-56).
#[inline]
pub(super) fn uniform<R: RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
    ((rng.next_u64() as u128 * n as u128) >> 64) as u32
}

/// Pick a type from `counts` (total `n`, not counting the types in `excluded`) with one
/// draw: the types in order, each taking as many of the `n` outcomes as its count.
fn pick<R: RngCore + ?Sized>(rng: &mut R, counts: &[u8], excluded: CardTypeSet, n: u32) -> usize {
    let mut r = uniform(rng, n);
    for (t, &c) in counts.iter().enumerate() {
        let c = if !excluded.contains(t) { c as u32 } else { 0 };
        if r < c {
            return t;
        }
        r -= c;
    }
    unreachable!("the counts add up to n")
}

/// Is any count in `counts` above zero? Eight counts at a time.
#[inline]
fn any_nonzero(counts: &[u8; MAX_CARD_TYPES]) -> bool {
    counts
        .chunks_exact(8)
        .any(|c| u64::from_ne_bytes(c.try_into().expect("eight counts")) != 0)
}

/// Every spot a level aimed this way may be called on (R21, P14).
pub(super) fn for_spots(aim: Aim, f: &mut impl FnMut(Spot) -> bool) -> bool {
    match aim {
        Aim::Nothing => false,
        Aim::Random => f(Spot::None),
        Aim::Line => (0..8).any(|r| f(Spot::Row(r))) || (0..8).any(|c| f(Spot::Column(c))),
        Aim::Square => Square::all().any(|s| f(Spot::Square(s))),
        Aim::LineDirection => {
            (0..8).any(|r| f(Spot::RowDir(r, Edge::East)) || f(Spot::RowDir(r, Edge::West)))
                || (0..8).any(|c| {
                    f(Spot::ColumnDir(c, Edge::North)) || f(Spot::ColumnDir(c, Edge::South))
                })
        }
        Aim::SquareDirection => {
            Square::all().any(|s| Edge::ALL.into_iter().any(|e| f(Spot::SquareDir(s, e))))
        }
    }
}

/// What one side may see of a game: everything but the other side's hand (only its size)
/// and the order or contents of the deck (only the multiset of cards it has not seen:
/// the deck and the other hand together). Two states that differ only in what `observer`
/// cannot see give equal observations.
#[derive(Clone, Debug, PartialEq)]
pub struct Observation {
    observer: Side,
    /// The state with the hidden card contents emptied (their counts kept).
    view: GameState,
    /// The cards `observer` has not seen: the deck and the other hand, by type.
    unseen: [u8; MAX_CARD_TYPES],
}

impl Observation {
    pub fn observer(&self) -> Side {
        self.observer
    }
    /// The public state. Its `hand(other)` and `deck_cards()` are empty; their sizes are
    /// right.
    pub fn public(&self) -> &GameState {
        &self.view
    }
    /// The observer's own hand.
    pub fn hand(&self) -> impl Iterator<Item = (&CardType, u8)> + '_ {
        self.view.hand(self.observer)
    }
    /// How many cards the other side holds.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn other_hand_len(&self) -> u8 {
        self.view.hand_len(self.observer.other())
    }
    /// The physical cards the observer has not seen (the deck and the other hand): holding
    /// a card tells the observer the other side cannot hold that copy (R19).
    pub fn unseen(&self) -> impl Iterator<Item = (&CardType, u8)> + '_ {
        self.view.counted(&self.unseen)
    }
}

impl GameState {
    // ----- deck and hands ----------------------------------------------------------

    pub(super) fn hand_add(&mut self, side: Side, t: usize) {
        self.cards.hands[side][t] += 1;
        self.cards.hand_n[side] += 1;
        self.cards.held[side].insert(t);
    }

    pub(super) fn hand_remove(&mut self, side: Side, t: usize) {
        self.cards.hands[side][t] -= 1;
        self.cards.hand_n[side] -= 1;
        if self.cards.hands[side][t] == 0 {
            self.cards.held[side].remove(t);
        }
    }

    pub(super) fn put_discard(&mut self, t: usize, n: u8) {
        self.cards.discard[t] += n;
        self.cards.discard_n += n as u16;
    }

    /// Every Event in play with an effect of this kind goes to the discard pile (P18).
    pub(super) fn discard_in_play(&mut self, same: impl Fn(&Effect) -> bool) {
        let deck = self.scenario.deck.clone();
        for t in 0..deck.types() {
            let n = self.cards.in_play[t];
            if n > 0 && deck.card(t).event.as_ref().is_some_and(|f| same(&f.effect)) {
                self.cards.in_play[t] = 0;
                self.put_discard(t, n);
            }
        }
    }

    /// `side` draws a card from the deck (R22), one draw from `rng`. The draw that empties
    /// the deck makes the discard pile the new deck at once (P17); a deck found empty (the
    /// pile was empty then) takes the pile at the draw.
    fn draw_card<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        side: Side,
        rng: &mut R,
        sink: &mut S,
    ) -> Option<usize> {
        self.reshuffle_if_out(sink);
        if self.cards.deck_n == 0 {
            return None;
        }
        let types = self.scenario.deck.types();
        let t = pick(
            rng,
            &self.cards.deck[..types],
            CardTypeSet::EMPTY,
            self.cards.deck_n as u32,
        );
        self.cards.deck[t] -= 1;
        self.cards.deck_n -= 1;
        if S::ENABLED
            && let Some(c) = self.scenario.deck.card(t).card(side)
        {
            sink.event(Event::Drew { side, card: c });
        }
        self.reshuffle_if_out(sink);
        Some(t)
    }

    /// "If the draw deck is ever exhausted, shuffle the discard pile to form a new draw
    /// deck" (R22, P17): the deck is a multiset drawn from uniformly, so the pile's cards
    /// simply become it.
    fn reshuffle_if_out<S: EventSink>(&mut self, sink: &mut S) {
        if self.cards.deck_n != 0 || self.cards.discard_n == 0 {
            return;
        }
        self.cards.deck = self.cards.discard;
        self.cards.deck_n = self.cards.discard_n;
        self.cards.discard = [0; MAX_CARD_TYPES];
        self.cards.discard_n = 0;
        if S::ENABLED {
            sink.event(Event::Reshuffled {
                cards: self.cards.deck_n,
            });
        }
    }

    /// Draw a non-Event card into `side`'s hand (opening hands, determinization).
    pub(super) fn draw_non_event<R: RngCore + ?Sized>(
        &mut self,
        side: Side,
        rng: &mut R,
    ) -> Option<usize> {
        let events = self.scenario.deck.event_mask();
        let n = self.cards.deck_n as u32
            - events
                .iter()
                .map(|t| self.cards.deck[t] as u32)
                .sum::<u32>();
        if n == 0 {
            return None;
        }
        let types = self.scenario.deck.types();
        let t = pick(rng, &self.cards.deck[..types], events, n);
        self.cards.deck[t] -= 1;
        self.cards.deck_n -= 1;
        self.hand_add(side, t);
        Some(t)
    }

    /// The deck, shuffled, and each side's opening hand (P17): drawing among the non-Event
    /// cards is the same as putting Events back and drawing again (R22).
    pub(super) fn deal_opening_hands<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        rng: &mut R,
        sink: &mut S,
    ) {
        let deck = self.scenario.deck.clone();
        for t in 0..deck.types() {
            self.cards.deck[t] = deck.card(t).count();
        }
        self.cards.deck_n = deck.total();
        for side in Side::BOTH {
            for _ in 0..self.scenario.hand_size {
                let Some(t) = self.draw_non_event(side, rng) else {
                    break;
                };
                if S::ENABLED
                    && let Some(card) = deck.card(t).card(side)
                {
                    sink.event(Event::Drew { side, card });
                }
            }
        }
    }

    // ----- card plays in a Turn (R11) ------------------------------------------------

    /// Has `side` a card it could play at the start of a Turn with no model left to act
    /// (R11 option 3)?
    pub(super) fn has_turn_card(&self, side: Side) -> bool {
        self.for_card_plays(side, true, &mut |_| true)
    }

    /// Can the Turn player make a card play now?
    pub(super) fn any_card_play(&self) -> bool {
        let side = self.turn_player;
        self.card_budget(side) && self.for_card_plays(side, false, &mut |_| true)
    }

    pub(super) fn push_card_plays(&self, out: &mut Vec<Action>) {
        let side = self.turn_player;
        if self.card_budget(side) {
            self.for_card_plays(side, false, &mut |a| {
                out.push(a);
                false
            });
        }
    }

    /// The lowest-numbered killed non-Hero model of `side`: the one Always More brings
    /// back (P16).
    pub(super) fn reinforcement(&self, side: Side) -> Option<ModelId> {
        (0..self.n_models).map(ModelId).find(|id| {
            let m = &self.models[id.index()];
            m.side == side && m.loc == Loc::Dead && !self.profile(*id).has(Ability::Hero)
        })
    }

    /// Squares a reinforcement of `side` may be placed on (P16).
    pub(super) fn reinforcement_squares(&self, side: Side) -> Bitboard {
        let zone = self.scenario.sides[side]
            .deployment
            .difference(self.map.blockers() | self.occ[side.other()]);
        zone.iter()
            .filter(|s| self.total(*s) < super::CAPACITY)
            .collect()
    }

    /// Squares a model of `side` on `sq` may step to (R4-R7): none out of a square holding
    /// a non-Rattled enemy; only into squares with room. The squares holding enemies among
    /// them are charges.
    pub fn step_squares(&self, side: Side, sq: Square) -> Bitboard {
        if self.standing[side.other()][sq.index()] > 0 {
            return Bitboard::EMPTY;
        }
        self.map
            .step_targets(sq)
            .iter()
            .filter(|t| self.total(*t) < super::CAPACITY)
            .collect()
    }

    /// Call `f` on every card play `side` could make in its Turn, in a fixed order; stop
    /// when it returns true (and return true). `fresh`: as at the start of a Turn with no
    /// model left to act.
    pub(super) fn for_card_plays(
        &self,
        side: Side,
        fresh: bool,
        f: &mut dyn FnMut(Action) -> bool,
    ) -> bool {
        let deck = &*self.scenario.deck;
        let enemy = side.other();
        let held = self.cards.held[side] & deck.turn_mask(side);
        let own_sets = any_nonzero(&self.cards.sets[side]);
        if held.is_empty() && !own_sets {
            return false;
        }
        let laid = if fresh { CardTypeSet::EMPTY } else { self.laid };
        for t in held {
            let card_type = deck.card(t);
            let (Some(face), Some(id)) = (card_type.face(side), card_type.card(side)) else {
                continue;
            };
            match face.kind {
                Kind::Support => {
                    if self.set_level(side, face.id) < face.cap() && f(Action::Lay(id)) {
                        return true;
                    }
                }
                Kind::Activation => {
                    let stop = match face.effect {
                        Effect::MoveOne => (0..self.n_models).map(ModelId).any(|m| {
                            self.move_one_square(side, m, fresh).is_some_and(|sq| {
                                self.step_squares(side, sq)
                                    .iter()
                                    .any(|to| f(Action::Play(id, Target::ModelTo(m, to))))
                            })
                        }),
                        Effect::Distract { models: 1 } => {
                            (0..self.n_models).map(ModelId).any(|e| {
                                self.distract_target(enemy, e)
                                    && f(Action::Play(id, Target::Model(e)))
                            })
                        }
                        Effect::Distract { .. } => (0..self.n_models).map(ModelId).any(|a| {
                            self.distract_first(enemy, a)
                                && (a.0 + 1..self.n_models).map(ModelId).any(|b| {
                                    self.distract_second(enemy, a, b)
                                        && f(Action::Play(id, Target::Models(a, b)))
                                })
                        }),
                        Effect::Reinforce => match self.reinforce_model(side, fresh) {
                            Some(_) => self
                                .reinforcement_squares(side)
                                .iter()
                                .any(|sq| f(Action::Play(id, Target::Square(sq)))),
                            None => false,
                        },
                        // Jammer and Mind Control act on a set: all the cards of one half
                        // (R21).
                        Effect::Jam => self
                            .support_sets(enemy)
                            .any(|(set, _)| f(Action::Play(id, Target::Set(set)))),
                        Effect::MindControl => self.support_sets(enemy).any(|(set, level)| {
                            let Some(ef) = deck.half(enemy, set) else {
                                return false;
                            };
                            for_spots(ef.aim(level), &mut |spot| {
                                f(Action::Play(
                                    id,
                                    match spot {
                                        Spot::None => Target::Set(set),
                                        _ => Target::SetAt(set, spot),
                                    },
                                ))
                            })
                        }),
                        _ => false,
                    };
                    if stop {
                        return true;
                    }
                }
                Kind::Response | Kind::Event => {}
            }
        }
        // Calling a set (R21): not the Turn a card was laid to it, and only at a level that
        // does something (P14).
        if own_sets {
            for (half, level) in self.support_sets(side) {
                if laid.intersects(deck.half_mask(side, half)) {
                    continue;
                }
                let Some(face) = deck.half(side, half) else {
                    continue;
                };
                if for_spots(face.aim(level), &mut |spot| f(Action::Call(half, spot))) {
                    return true;
                }
            }
        }
        false
    }

    /// Resolve a card play of the Turn player (legal by construction).
    pub(super) fn card_play<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        action: Action,
        rng: &mut R,
        sink: &mut S,
    ) {
        let side = self.turn_player;
        let deck = self.scenario.deck.clone();
        self.turn_cards += 1;
        match action {
            Action::Lay(card) => {
                let t = deck.find(side, card).expect("a card of the deck");
                self.hand_remove(side, t);
                self.cards.sets[side][t] += 1;
                self.laid.insert(t);
                if S::ENABLED {
                    sink.event(Event::Laid {
                        side,
                        card,
                        level: self.set_level(side, card.half),
                    });
                }
                self.turn_continue(sink);
            }
            Action::Call(half, spot) => {
                let level = self.discard_set(side, half);
                if S::ENABLED {
                    sink.event(Event::Called {
                        side,
                        owner: side,
                        card: half,
                        level,
                    });
                }
                let face = deck.half(side, half).expect("an own Support half");
                self.agenda.push(Step::AfterCard);
                self.call_area(half, face.effect, face.aim(level), spot, side, rng, sink);
            }
            Action::Play(card, target) => {
                let t = deck.find(side, card).expect("a card of the deck");
                self.hand_remove(side, t);
                self.put_discard(t, 1);
                if S::ENABLED {
                    sink.event(Event::CardPlayed { side, card });
                }
                let effect = deck.card(t).face(side).expect("an own card").effect;
                self.play_effect(side, effect, target, rng, sink);
            }
            _ => debug_assert!(false, "{action} is not a card play"),
        }
    }

    /// Discard `owner`'s whole Support set of `half` (called, R21), returning its level.
    fn discard_set(&mut self, owner: Side, half: CardId) -> u8 {
        let mask = self.scenario.deck.half_mask(owner, half);
        let mut level = 0;
        for t in mask {
            let n = std::mem::take(&mut self.cards.sets[owner][t]);
            self.put_discard(t, n);
            level += n;
        }
        level
    }

    fn play_effect<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        side: Side,
        effect: Effect,
        target: Target,
        rng: &mut R,
        sink: &mut S,
    ) {
        let deck = self.scenario.deck.clone();
        match (effect, target) {
            (Effect::MoveOne, Target::ModelTo(m, to)) => {
                // P16: one square, as a step (R4-R7); not an activation.
                self.turn_model.get_or_insert(m);
                self.carded.insert(m); // R31
                self.agenda.push(Step::AfterCard);
                let from = self.models[m.index()].square();
                self.step(m, to);
                if S::ENABLED {
                    sink.event(Event::Moved { model: m, from, to });
                }
                self.reveal(m, to, rng, sink);
                if self.is_over() {
                    return;
                }
                if self.count[side.other()][to.index()] > 0 {
                    self.card_fight = true;
                    self.phase = Phase::FightTarget {
                        attacker: m,
                        charge: true,
                    };
                } else {
                    self.phase = Phase::Busy;
                }
            }
            (Effect::Distract { .. }, Target::Model(a) | Target::Models(a, _)) => {
                let b = match target {
                    Target::Models(_, b) => Some(b),
                    _ => None,
                };
                for id in std::iter::once(a).chain(b) {
                    self.models[id.index()].activated = true;
                    if S::ENABLED {
                        sink.event(Event::Distracted(id));
                    }
                }
                self.turn_continue(sink);
            }
            (Effect::Reinforce, Target::Square(sq)) => {
                let r = self.reinforcement(side).expect("a killed model");
                self.carded.insert(r); // R31
                self.turn_models += 1;
                self.turn_model = Some(r);
                let m = &mut self.models[r.index()];
                m.loc = Loc::Waiting;
                m.rattled = false;
                m.activated = false;
                self.put(r, sq);
                self.models[r.index()].moved_in = true;
                if S::ENABLED {
                    sink.event(Event::Reinforced(r, sq));
                }
                self.reveal(r, sq, rng, sink);
                if self.is_over() {
                    return;
                }
                // Placing it was its first square; it may Shoot or Move a second (P16).
                let act = Act {
                    model: r,
                    steps: 1,
                    shot: false,
                    aimed: false,
                    stood: false,
                };
                self.phase = Phase::Acting(act);
            }
            (Effect::Jam, Target::Set(set)) => {
                // One card of the set is discarded: the first of its cards in deck order
                // (which copy makes no difference to the set, P14).
                let owner = side.other();
                let mask = deck.half_mask(owner, set);
                let u = mask
                    .iter()
                    .find(|&u| self.cards.sets[owner][u] > 0)
                    .expect("a card in the set");
                self.cards.sets[owner][u] -= 1;
                self.put_discard(u, 1);
                if S::ENABLED
                    && let Some(card) = deck.card(u).card(owner)
                {
                    sink.event(Event::Jammed { owner, card });
                }
                self.turn_continue(sink);
            }
            (Effect::MindControl, Target::Set(set) | Target::SetAt(set, _)) => {
                let spot = match target {
                    Target::SetAt(_, s) => s,
                    _ => Spot::None,
                };
                let owner = side.other();
                let level = self.discard_set(owner, set);
                if S::ENABLED {
                    sink.event(Event::Called {
                        side,
                        owner,
                        card: set,
                        level,
                    });
                }
                let face = deck.half(owner, set).expect("the owner's Support half");
                self.agenda.push(Step::AfterCard);
                self.call_area(set, face.effect, face.aim(level), spot, side, rng, sink);
            }
            _ => {
                debug_assert!(false, "{effect:?} on {target:?}");
                self.turn_continue(sink);
            }
        }
    }

    // ----- response windows (R20, P12, R28, R30, R31) --------------------------------------

    /// The test in `self.test` is set: its windows, then the dice.
    pub(super) fn open_windows(&mut self) {
        self.agenda.push(Step::Roll);
        self.push_windows();
        self.phase = Phase::Busy;
    }

    /// The response windows of the test in `self.test`, as agenda steps: the Turn player's
    /// first, then the other's (R20). Skipped at once when no side could have a window.
    pub(super) fn push_windows(&mut self) {
        let any = Side::BOTH
            .into_iter()
            .any(|s| self.window_candidates(s).any());
        if any {
            let first = self.turn_player;
            self.agenda.push(Step::Window(first.other()));
            self.agenda.push(Step::Window(first));
        }
        self.phase = Phase::Busy;
    }

    /// The card types whose window `side` gets: the test cards it holds or, with every
    /// window open, every test card of its half in the deck (what it might hold).
    fn window_candidates(&self, side: Side) -> CardTypeSet {
        let mask = self.scenario.deck.test_mask(side);
        if self.every_window {
            mask
        } else {
            self.cards.held[side] & mask
        }
    }

    /// Does `side` get a window on the waiting test? It holds a card it may play on it,
    /// or every window is open and a card of its half could be played on it (R28).
    pub(super) fn window_opens(&self, side: Side) -> bool {
        self.fitting_test_cards(side, self.window_candidates(side))
            .any()
    }

    /// The model of `side` in the waiting test, if any, with the roll it makes; and the
    /// same for the enemy model.
    pub(super) fn test_roll(&self, side: Side, whose: Whose) -> Option<(usize, ModelId, Roll)> {
        let want_own = whose == Whose::Own;
        self.test
            .rolls()
            .into_iter()
            .enumerate()
            .find_map(|(idx, r)| {
                let (m, roll) = r?;
                ((self.models[m.index()].side == side) == want_own).then_some((idx, m, roll))
            })
    }

    /// Of the card types in `mask`, those `side` may play on the waiting test:
    /// one card per player per test (R20), within the Turn's card plays (R11), on the roll
    /// the card names (P12), on the Turn's acting model in the own Turn (P11), and no
    /// second card of its own side on a model this Turn (R31).
    fn fitting_test_cards(&self, side: Side, mask: CardTypeSet) -> CardTypeSet {
        let deck = &*self.scenario.deck;
        if mask.is_empty() || self.test.played[side.index()].is_some() || !self.card_budget(side) {
            return CardTypeSet::EMPTY;
        }
        // The roll an own-model card and an enemy-model card would change, once for all
        // the cards; an own model that may take no card of its side now has none.
        let own = self
            .test_roll(side, Whose::Own)
            .filter(|&(_, model, _)| self.own_card_check(side, model).is_ok());
        let enemy = self.test_roll(side, Whose::Enemy);
        let mut out = CardTypeSet::EMPTY;
        for t in mask {
            let Some(Effect::TestDice { whose, rolls, .. }) =
                deck.card(t).face(side).map(|f| f.effect)
            else {
                continue;
            };
            let target = match whose {
                Whose::Own => own,
                Whose::Enemy => enemy,
            };
            if target.is_some_and(|(_, _, roll)| rolls.has(roll)) {
                out.insert(t);
            }
        }
        out
    }

    /// Card types `side` holds and may play on the waiting test.
    pub(super) fn window_cards(&self, side: Side) -> CardTypeSet {
        let held = self.cards.held[side] & self.scenario.deck.test_mask(side);
        self.fitting_test_cards(side, held)
    }

    /// Has a card of `id`'s own side been applied to it this Turn (R31)?
    #[inline]
    pub(super) fn has_own_card(&self, id: ModelId) -> bool {
        self.carded.contains(id)
    }

    pub(super) fn push_responses(&self, side: Side, out: &mut Vec<Action>) {
        self.push_answers(side, self.window_cards(side), out);
    }

    /// `respond` with each card of `cards` as `side` names it, then `respond none`.
    fn push_answers(&self, side: Side, cards: CardTypeSet, out: &mut Vec<Action>) {
        let deck = &self.scenario.deck;
        out.extend(
            cards
                .iter()
                .filter_map(|t| deck.card(t).card(side).map(|c| Action::Respond(Some(c)))),
        );
        out.push(Action::Respond(None));
    }

    pub(super) fn respond<S: EventSink>(&mut self, side: Side, card: Option<Card>, sink: &mut S) {
        self.phase = Phase::Busy;
        let Some(card) = card else {
            return;
        };
        let deck = self.scenario.deck.clone();
        let t = deck.find(side, card).expect("a card of the deck");
        let Some(Effect::TestDice { whose, dice, .. }) = deck.card(t).face(side).map(|f| f.effect)
        else {
            return;
        };
        self.hand_remove(side, t);
        self.put_discard(t, 1);
        self.test.played[side.index()] = Some(card.half);
        let (idx, model, _) = self.test_roll(side, whose).expect("playable");
        self.test.mods[idx] += dice;
        if whose == Whose::Own {
            // R31: the model's one card of its own side this Turn.
            self.carded.insert(model);
        }
        if side == self.turn_player && !self.in_round_end {
            self.turn_cards += 1;
            if whose == Whose::Own {
                self.turn_model.get_or_insert(model);
            }
        }
        if S::ENABLED {
            sink.event(Event::CardPlayed { side, card });
            sink.event(Event::Modified {
                model: Some(model),
                dice,
            });
        }
    }

    // ----- kills (P13) -------------------------------------------------------------------

    /// Mark the models of `mask` to be killed, credited to `by`.
    pub(super) fn mark_kills(
        &mut self,
        mask: ModelSet,
        by: Side,
        fight: bool,
        played: [Option<CardId>; 2],
    ) {
        if mask.is_empty() {
            return;
        }
        self.kills = super::Kills {
            mask,
            asked: ModelSet::EMPTY,
            squares: Bitboard::EMPTY,
            by,
            fight,
            blocked: [played[0].is_some(), played[1].is_some()],
        };
        self.agenda.push(Step::Kills);
    }

    /// Kill the marked models one by one, in model order, asking first whenever a Lucky
    /// Escape may be played; then the Rattle tests (R17, P10) in the squares where a Shoot
    /// test killed.
    pub(super) fn process_kills<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        rng: &mut R,
        sink: &mut S,
    ) {
        while self.kills.mask.any() {
            // In model order, key models first (P13, P29).
            let keys = self.kills.mask & self.masks.dies;
            let next = if keys.any() { keys } else { self.kills.mask };
            let Some(id) = next.first() else { break };
            let i = id.index();
            let Some(sq) = self.models[i].square() else {
                self.kills.mask.remove(id);
                self.kills.asked.remove(id);
                continue;
            };
            if !self.kills.asked.contains(id) && self.escape_opens(id) {
                self.kills.asked.insert(id);
                self.agenda.push(Step::Kills);
                self.phase = Phase::Escape(id);
                return;
            }
            self.kills.mask.remove(id);
            self.kills.asked.remove(id);
            let by = self.kills.by;
            // P15: only kills of enemy models score; a model may have its own value.
            let vp = if self.models[i].side == by {
                0
            } else {
                self.scenario.kill_vp(i, self.kills.fight)
            };
            let source = if self.kills.fight {
                VpSource::Fight
            } else {
                VpSource::Shoot
            };
            self.kill(id, by, vp, source, sink);
            if !self.kills.fight {
                self.kills.squares.insert(sq);
            }
            if self.check_victory(sink) {
                return;
            }
        }
        let squares = std::mem::take(&mut self.kills.squares);
        if squares.any() {
            // R17: every other model in the square that is not already Rattled tests.
            let mut dice = D8Stream::new(rng);
            for i in 0..self.n_models {
                let m = self.models[i as usize];
                if let Loc::Board(sq) = m.loc
                    && squares.contains(sq)
                    && !m.rattled
                {
                    let roll = dice.roll();
                    let rattled = roll <= 4;
                    if rattled {
                        self.set_rattled(ModelId(i), true);
                    }
                    if S::ENABLED {
                        sink.event(Event::RattleTest {
                            model: ModelId(i),
                            roll,
                            rattled,
                        });
                    }
                }
            }
        }
    }

    /// Of the card types in `mask`, the Lucky Escapes the side of `id` may play to save it
    /// now (P13, R31).
    fn fitting_escapes(&self, id: ModelId, mask: CardTypeSet) -> CardTypeSet {
        let side = self.models[id.index()].side;
        if mask.is_empty()
            || self.kills.blocked[side.index()]
            || !self.card_budget(side)
            || self.own_card_check(side, id).is_err()
        {
            return CardTypeSet::EMPTY;
        }
        mask
    }

    /// Lucky Escape cards the side of `id` holds and may play to save it now (P13).
    pub(super) fn escape_cards(&self, id: ModelId) -> CardTypeSet {
        let side = self.models[id.index()].side;
        let mask = self.cards.held[side] & self.scenario.deck.escape_mask(side);
        self.fitting_escapes(id, mask)
    }

    /// Does the side of `id` get a Lucky Escape window now: it holds one it may play, or
    /// every window is open and one of its half could be played (R28)?
    pub(super) fn escape_opens(&self, id: ModelId) -> bool {
        let side = self.models[id.index()].side;
        let mask = self.scenario.deck.escape_mask(side);
        let candidates = if self.every_window {
            mask
        } else {
            self.cards.held[side] & mask
        };
        self.fitting_escapes(id, candidates).any()
    }

    pub(super) fn push_escapes(&self, id: ModelId, out: &mut Vec<Action>) {
        let side = self.models[id.index()].side;
        self.push_answers(side, self.escape_cards(id), out);
    }

    pub(super) fn escape<S: EventSink>(&mut self, id: ModelId, card: Option<Card>, sink: &mut S) {
        self.phase = Phase::Busy;
        let Some(c) = card else {
            return; // asked: the next Kills step kills it
        };
        let side = self.models[id.index()].side;
        let t = self
            .scenario
            .deck
            .find(side, c)
            .expect("a card of the deck");
        self.hand_remove(side, t);
        self.put_discard(t, 1);
        if side == self.turn_player && !self.in_round_end {
            self.turn_cards += 1;
            self.turn_model.get_or_insert(id);
        }
        self.carded.insert(id); // R31
        self.kills.mask.remove(id);
        self.kills.asked.remove(id);
        if S::ENABLED {
            sink.event(Event::CardPlayed { side, card: c });
            sink.event(Event::Escaped(id));
        }
    }

    // ----- the refill (R22, P17) -----------------------------------------------------

    pub(super) fn discard_from_hand<S: EventSink>(&mut self, side: Side, card: Card, sink: &mut S) {
        let t = self
            .scenario
            .deck
            .find(side, card)
            .expect("a card of the deck");
        self.hand_remove(side, t);
        self.put_discard(t, 1);
        if S::ENABLED {
            sink.event(Event::Discarded { side, card });
        }
        if self.cards.hand_n[side] == 0 {
            self.phase = Phase::Busy;
        }
    }

    /// Draw up to the hand size; an Event drawn is resolved at once, then drawing goes on.
    pub(super) fn refill_draw<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        side: Side,
        rng: &mut R,
        sink: &mut S,
    ) {
        while self.cards.hand_n[side] < self.scenario.hand_size {
            let Some(t) = self.draw_card(side, rng, sink) else {
                break;
            };
            let card = self.scenario.deck.card(t);
            if card.is_event() {
                self.cards.in_play[t] += 1;
                self.agenda.push(Step::Draw(side));
                self.start_event(t, side, rng, sink);
                return;
            }
            self.hand_add(side, t);
        }
    }

    // ----- hidden information ------------------------------------------------------------

    /// What `side` may see: its own hand, the size of the other hand, the discard pile,
    /// both sides' Support sets, the board, revealed counters, VP. The other hand's cards
    /// and the deck are merged into one multiset of unseen cards.
    pub fn observation(&self, side: Side) -> Observation {
        let mut view = self.clone();
        let other = side.other();
        let mut unseen = [0u8; MAX_CARD_TYPES];
        for (t, u) in unseen.iter_mut().enumerate() {
            *u = self.cards.deck[t] + self.cards.hands[other][t];
        }
        view.cards.deck = [0; MAX_CARD_TYPES];
        view.cards.hands[other] = [0; MAX_CARD_TYPES];
        view.cards.held[other] = CardTypeSet::EMPTY;
        Observation {
            observer: side,
            view,
            unseen,
        }
    }
}
