//! A checked deck: the halves printed on its cards ([`Face`]), its distinct physical cards
//! ([`CardType`], copies counted) and the sets of card types the rules engine reads (R19-R22).

use std::sync::{Arc, OnceLock};

use super::MAX_CARD_TYPES;
use super::effect::{Aim, Effect, Kind};
use super::id::{Card, CardId};
use super::load::parse_deck;
use super::type_set::CardTypeSet;
use crate::square::{BySide, Side};

/// One half of a card: one side's effect, or an Event's single effect (R19).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Face {
    /// The half's interned id.
    pub id: CardId,
    /// Its slug in the deck file and in actions (`heat-ray`).
    pub slug: String,
    /// Its name as printed (`Heat Ray`).
    pub name: String,
    pub kind: Kind,
    pub effect: Effect,
    /// The rules text, as printed.
    pub text: String,
    /// Support: how each level (1, 2, ...) is aimed; the set's cap is the number of levels.
    /// Event area attacks: one entry, `Random`. Empty otherwise.
    pub levels: Vec<Aim>,
}

impl Face {
    /// The most cards a Support set of this half holds (R21).
    pub fn cap(&self) -> u8 {
        self.levels.len() as u8
    }
    /// How a set of `level` cards is aimed (`Nothing` outside 1..=cap).
    pub fn aim(&self, level: u8) -> Aim {
        if level == 0 {
            return Aim::Nothing;
        }
        self.levels
            .get(level as usize - 1)
            .copied()
            .unwrap_or(Aim::Nothing)
    }
}

/// A distinct physical card of a deck: a Martian half and a Human half (R19), or an Event.
/// Identical copies (cards 5 and 17 of the core deck) are one type with a count.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CardType {
    /// The printed numbers of its copies, in increasing order.
    pub numbers: Vec<u16>,
    /// The half each side may use; the other side's half is printed but inert for it.
    pub faces: [Option<Face>; 2],
    /// An Event's only face.
    pub event: Option<Face>,
}

impl CardType {
    /// How many copies the deck holds.
    #[inline]
    pub fn count(&self) -> u8 {
        self.numbers.len() as u8
    }
    /// The half `side` may use (R19).
    #[inline]
    pub fn face(&self, side: Side) -> Option<&Face> {
        self.faces[side.index()].as_ref()
    }
    pub fn is_event(&self) -> bool {
        self.event.is_some()
    }
    /// An Event's id (its only half).
    pub fn event_id(&self) -> Option<CardId> {
        self.event.as_ref().map(|e| e.id)
    }
    /// The card as `side` names it in actions: its own half, then the other. An Event is
    /// named by its only half, whoever draws it. `None` when the card has no half for
    /// `side`.
    pub fn card(&self, side: Side) -> Option<Card> {
        if let Some(e) = &self.event {
            return Some(Card::new(e.id, None));
        }
        let own = self.face(side)?;
        Some(Card::new(own.id, self.face(side.other()).map(|f| f.id)))
    }
    /// Its name as printed, Martian half first (`Heat Ray / Human Ingenuity`).
    pub fn name(&self) -> String {
        if let Some(e) = &self.event {
            return e.name.clone();
        }
        let names: Vec<&str> = [Side::Martians, Side::Humans]
            .into_iter()
            .filter_map(|s| self.face(s).map(|f| f.name.as_str()))
            .collect();
        names.join(" / ")
    }
}

/// A checked deck: its distinct cards (local index = position), with the masks the rules
/// read on every decision.
#[derive(Clone, Debug)]
pub struct Deck {
    pub name: String,
    pub cards: Vec<CardType>,
    total: u16,
    /// Local types that are Events.
    events: CardTypeSet,
    /// Per side, local types whose half for that side is a test card.
    test: BySide<CardTypeSet>,
    /// Per side, local types whose half for that side is a Lucky Escape.
    escape: BySide<CardTypeSet>,
    /// Per side, local types that side may play in its Turn: activation and Support.
    turn: BySide<CardTypeSet>,
    /// Per side, each distinct half with the local types that carry it, in deck order: the
    /// cards a Support set of that half may hold (R21).
    half_sets: BySide<Vec<(CardId, CardTypeSet)>>,
    /// Per side, each local type as that side names it in actions.
    named: [Vec<Option<Card>>; 2],
}

impl PartialEq for Deck {
    fn eq(&self, o: &Deck) -> bool {
        self.name == o.name && self.cards == o.cards
    }
}

impl Deck {
    /// A deck with no cards: a game without cards.
    pub fn empty() -> Deck {
        Deck::from_cards("no cards".into(), Vec::new())
    }

    /// A deck of these distinct cards (at most `MAX_CARD_TYPES`).
    pub fn from_cards(name: String, cards: Vec<CardType>) -> Deck {
        assert!(cards.len() <= MAX_CARD_TYPES, "too many distinct cards");
        let mut events = CardTypeSet::EMPTY;
        let mut test = BySide::<CardTypeSet>::default();
        let mut escape = BySide::<CardTypeSet>::default();
        let mut turn = BySide::<CardTypeSet>::default();
        for (t, c) in cards.iter().enumerate() {
            if c.is_event() {
                events.insert(t);
            }
            for side in Side::BOTH {
                match c.face(side).map(|f| f.effect) {
                    Some(Effect::TestDice { .. }) => test[side].insert(t),
                    Some(Effect::LuckyEscape) => escape[side].insert(t),
                    Some(_) => turn[side].insert(t),
                    None => {}
                }
            }
        }
        let total = cards.iter().map(|c| c.count() as u16).sum();
        let mut half_sets: BySide<Vec<(CardId, CardTypeSet)>> = BySide::default();
        let mut named: [Vec<Option<Card>>; 2] = [Vec::new(), Vec::new()];
        for side in Side::BOTH {
            for (t, c) in cards.iter().enumerate() {
                named[side.index()].push(c.card(side));
                if let Some(f) = c.face(side) {
                    let list = &mut half_sets[side];
                    match list.iter_mut().find(|(h, _)| *h == f.id) {
                        Some((_, m)) => m.insert(t),
                        None => list.push((f.id, CardTypeSet::single(t))),
                    }
                }
            }
        }
        Deck {
            name,
            cards,
            total,
            events,
            test,
            escape,
            turn,
            half_sets,
            named,
        }
    }

    /// Number of distinct cards.
    #[inline]
    pub fn types(&self) -> usize {
        self.cards.len()
    }
    /// Number of physical cards.
    #[inline]
    pub fn total(&self) -> u16 {
        self.total
    }
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }
    #[inline]
    pub fn card(&self, local: usize) -> &CardType {
        &self.cards[local]
    }
    /// The local index of the physical card `card` names when `side` holds it.
    #[inline]
    pub fn find(&self, side: Side, card: Card) -> Option<usize> {
        self.named[side.index()]
            .iter()
            .position(|c| *c == Some(card))
    }
    /// The local index of the card with this printed number.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn by_number(&self, number: u16) -> Option<usize> {
        self.cards.iter().position(|c| c.numbers.contains(&number))
    }
    /// The half `id` as `side` uses it (an Event's face for an Event), if a card of the
    /// deck carries it.
    pub fn half(&self, side: Side, id: CardId) -> Option<&Face> {
        match self.half_mask(side, id).first() {
            None => self
                .cards
                .iter()
                .find_map(|c| c.event.as_ref().filter(|f| f.id == id)),
            Some(t) => self.cards[t].face(side),
        }
    }
    /// The half with this slug, on either side or as an Event.
    pub fn half_by_slug(&self, slug: &str) -> Option<&Face> {
        self.cards.iter().find_map(|c| {
            c.faces
                .iter()
                .flatten()
                .chain(c.event.as_ref())
                .find(|f| f.slug == slug)
        })
    }
    /// The side whose half `id` is (`None` for an Event or a half not in the deck).
    pub fn side_of(&self, id: CardId) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| {
            self.cards
                .iter()
                .any(|c| c.face(*s).is_some_and(|f| f.id == id))
        })
    }
    /// Local types whose half for `side` is `id`: the cards a Support set of `id` may hold
    /// (R21).
    #[inline]
    pub fn half_mask(&self, side: Side, id: CardId) -> CardTypeSet {
        self.half_sets[side]
            .iter()
            .find(|(h, _)| *h == id)
            .map_or(CardTypeSet::EMPTY, |(_, m)| *m)
    }
    /// Each distinct half `side` may use, with the local types that carry it, in deck
    /// order.
    #[inline]
    pub fn half_sets(&self, side: Side) -> &[(CardId, CardTypeSet)] {
        &self.half_sets[side]
    }
    /// The distinct halves `side` may use, in deck order, each once.
    pub fn halves(&self, side: Side) -> Vec<&Face> {
        let mut out: Vec<&Face> = Vec::new();
        for c in &self.cards {
            if let Some(f) = c.face(side)
                && !out.iter().any(|o| o.id == f.id)
            {
                out.push(f);
            }
        }
        out
    }
    /// How many physical cards carry `id` as `side`'s half.
    pub fn half_count(&self, side: Side, id: CardId) -> u16 {
        self.cards
            .iter()
            .filter(|c| c.face(side).is_some_and(|f| f.id == id))
            .map(|c| c.count() as u16)
            .sum()
    }
    /// Local types that are Events.
    #[inline]
    pub fn event_mask(&self) -> CardTypeSet {
        self.events
    }
    /// Local types whose half `side` may play on a test (R20).
    #[inline]
    pub fn test_mask(&self, side: Side) -> CardTypeSet {
        self.test[side]
    }
    /// Local types whose half `side` may play in its own Turn (activation and Support
    /// cards).
    #[inline]
    pub fn turn_mask(&self, side: Side) -> CardTypeSet {
        self.turn[side]
    }
    /// Local types whose half saves a model of `side` about to be killed.
    #[inline]
    pub fn escape_mask(&self, side: Side) -> CardTypeSet {
        self.escape[side]
    }
}

/// The core deck of `cards/core.toml` (R19), loaded once.
pub fn core_deck() -> Arc<Deck> {
    static CORE: OnceLock<Arc<Deck>> = OnceLock::new();
    CORE.get_or_init(|| {
        let text = include_str!("../../../cards/core.toml");
        match parse_deck("cards/core.toml", text) {
            Ok(d) => Arc::new(d),
            Err(errors) => {
                let list: Vec<String> = errors.iter().map(|d| d.to_string()).collect();
                panic!(
                    "the built-in cards/core.toml is invalid:\n{}",
                    list.join("\n")
                )
            }
        }
    })
    .clone()
}
