//! The game state and its transitions: set-up, Turns and Rounds (R11, R13), model
//! actions (R12), Shoot / Fight / Rattled (R14-R17), counters (R24), victory (R18, R25),
//! and the cards (R19-R23): hands, response windows, Support sets and Events.
//!
//! A Turn is a sequence of atomic decisions, each with its own legal list. Randomness is
//! never stored: `apply` takes the generator (R26). Face-down counters have no identity
//! until revealed: the identity is drawn then from the pool of unrevealed ones (R24), and
//! the deck is the multiset of unseen cards, drawn from uniformly, so a cloned state cannot
//! leak the future.
//!
//! Whatever must wait for a decision in the middle of a resolution (a response window, a
//! Lucky Escape, a Bug's target, the Round's refill) is written as steps on a small agenda
//! held in the state: a decision phase pauses it, the next decision resumes it.
//!
//! The folder holds one concept a file; this file holds the state itself (its fields, how
//! a game starts, and read access):
//!
//! - `models`: where models are, square bookkeeping, counters revealed and claimed;
//! - `by_counter_kind`, `by_vp_source`: one value per kind of counter, per source of VP;
//! - `phase`: what the game waits for, the acting model's progress, the waiting test;
//! - `events`: what happened, and the sink that receives it;
//! - `agenda`: the steps left to do once the current decision is made;
//! - `legal`: the legal list, and one legality predicate per kind of model action;
//! - `resolve`: carrying out a decision, the Shoot and Fight tests, kills;
//! - `turn`: Turns, Rounds, VP and victory;
//! - `card_legal`: the rules of one card play or answer to a window, shared by the legal
//!   list (`play`) and the predicates that say why one is not legal;
//! - `play`: cards in a game (hands, plays, response windows, Lucky Escapes, refill);
//! - `effects`: what cards do on the board;
//! - `illegal`: why an action is not legal, as a typed reason and in words;
//! - `victory`: key models, exits held, zones held Rounds running, arrivals drawn;
//! - `invariants`: the state's checks of its own bookkeeping, and what a failed one names;
//! - `editor`: arranging a position by hand;
//! - `snapshot`: a position as one side may see it, as bytes and back.

use std::sync::Arc;

use rand::RngCore;

use crate::action::ModelId;
use crate::bitboard::Bitboard;
use crate::cards::{Card, CardId, CardType, CardTypeSet, Deck, MAX_CARD_TYPES};
use crate::dice::D8Stream;
use crate::map::Map;
use crate::model_set::ModelSet;
use crate::profile::Profile;
use crate::scenario::{MAX_MODELS, MAX_WIN_ZONES, ModelMasks, Scenario, Start};
use crate::square::{BySide, Side, Square};

mod agenda;
mod by_counter_kind;
mod by_vp_source;
mod card_legal;
mod determinize;
mod editor;
mod effects;
mod events;
mod illegal;
mod interchangeable;
mod invariants;
mod legal;
mod models;
mod phase;
mod play;
mod resolve;
mod snapshot;
mod turn;
mod victory;

use agenda::{Agenda, Step};
use models::PLACEHOLDER;
use phase::act_options;
use resolve::Kills;

pub use by_counter_kind::ByCounterKind;
pub use by_vp_source::ByVpSource;
pub use editor::Editor;
pub use effects::area_squares;
pub(crate) use events::logged_roll;
pub use events::{Event, EventSink, ShotResult, Test};
pub use illegal::{CardWhy, Illegal, IllegalAction, Instead, Needs, ResponseWhy, Waiting, Why};
pub use invariants::Broken;
pub use models::{CAPACITY, CounterKind, Loc, Model};
pub use phase::{Act, Phase, TestCtx, TestKind};
pub use play::Observation;
pub use snapshot::SnapshotError;
pub use turn::{Outcome, TurnUse, VpSource, WinReason};
pub use victory::{ARRIVAL_SLOTS, Arrival};

/// Where every physical card of the deck is, as counts per distinct card (the deck's local
/// index, R19). Card counts are conserved: deck + hands + discard + sets + in play = the
/// deck's size. A Support set of a half is the cards in `sets` whose half is that one (R21).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cards {
    /// The unseen draw pile: a multiset, drawn from uniformly (ARCHITECTURE.md).
    deck: [u8; MAX_CARD_TYPES],
    hands: BySide<[u8; MAX_CARD_TYPES]>,
    discard: [u8; MAX_CARD_TYPES],
    /// Support sets in front of each side (R21).
    sets: BySide<[u8; MAX_CARD_TYPES]>,
    /// Events whose effect is on the board (P18).
    in_play: [u8; MAX_CARD_TYPES],
    deck_n: u16,
    discard_n: u16,
    hand_n: BySide<u8>,
    /// The card types each side holds (those whose count in its hand is above 0).
    held: BySide<CardTypeSet>,
}

impl Cards {
    const EMPTY: Cards = Cards {
        deck: [0; MAX_CARD_TYPES],
        hands: BySide([[0; MAX_CARD_TYPES]; 2]),
        discard: [0; MAX_CARD_TYPES],
        sets: BySide([[0; MAX_CARD_TYPES]; 2]),
        in_play: [0; MAX_CARD_TYPES],
        deck_n: 0,
        discard_n: 0,
        hand_n: BySide([0; 2]),
        held: BySide([CardTypeSet::EMPTY; 2]),
    };
}

/// The most Civilians on the board at once (P22).
pub const MAX_CIVILIANS: usize = 8;

/// A game in progress. Cheap to clone (fixed arrays plus two shared pointers).
#[derive(Clone, Debug)]
pub struct GameState {
    scenario: Arc<Scenario>,
    map: Arc<Map>,
    models: [Model; MAX_MODELS],
    n_models: u8,
    /// Models of each side per square.
    count: BySide<[u8; 64]>,
    /// Non-Rattled models of each side per square.
    standing: BySide<[u8; 64]>,
    /// Squares holding models of each side.
    occ: BySide<Bitboard>,
    /// Squares holding a face-down counter (at most one each, R24).
    hidden: Bitboard,
    /// Squares holding a face-up, unclaimed counter of each kind.
    face_up: ByCounterKind<Bitboard>,
    /// Unrevealed identities of each kind (placed face down or set aside).
    pool: ByCounterKind<u8>,
    /// Counters each side has claimed.
    claimed: BySide<u16>,
    vp: BySide<u16>,
    /// The VP each side scored, by [`VpSource`].
    vp_from: BySide<ByVpSource<u16>>,
    round: u16,
    turn: u32,
    turn_player: Side,
    /// The side that first had no model left to act this Round (R13).
    ran_out_first: Option<Side>,
    phase: Phase,
    // ----- cards -----
    cards: Cards,
    agenda: Agenda,
    /// The test waiting for its windows and dice.
    test: TestCtx,
    kills: Kills,
    /// Models activated in the current Turn (R11).
    turn_models: u8,
    /// Card plays made in the current Turn (R11).
    turn_cards: u8,
    /// The Turn's acting model: cards on own models must affect it (P11).
    turn_model: Option<ModelId>,
    /// The Turn player had no model left to act when the Turn began (R11 options 3, 4).
    no_models_at_start: bool,
    passed: BySide<bool>,
    /// Cards the Turn player laid to its Support sets this Turn (R21): the sets of their
    /// halves may not be called this Turn.
    laid: CardTypeSet,
    /// The Fight under way was started by a card's move (P16).
    card_fight: bool,
    /// The Round is over and its end is being resolved (P17).
    in_round_end: bool,
    /// The burning cows' square and the side that drew them.
    cows: Option<(Square, Side)>,
    /// The Bug's square and the side that drew it.
    bug: Option<(Square, Side)>,
    civilians: [Square; MAX_CIVILIANS],
    n_civilians: u8,
    /// The Event being resolved, while it waits for a decision (the Flying Car's heading).
    pending_event: u8,
    /// Models an area attack under way will kill (R28: each after its own Survive test).
    area_kills: ModelSet,
    /// Models whose own side played a card on their test against an area attack or the
    /// cows: no Lucky Escape for them on this attack (P13).
    area_blocked: ModelSet,
    /// The dice the cards changed for each model of the square an area attack is on, in
    /// model order, between the square's windows and its roll (R30).
    area_mods: [i8; CAPACITY as usize],
    /// Models that had a card of their own side applied to them in the current Turn (or
    /// the end of the Round): no second one (R31).
    carded: ModelSet,
    /// Response windows open for both sides on every test a card of their half could
    /// change, whether they hold one or not (see [`GameState::set_every_window`]).
    every_window: bool,
    // ----- the scenario's victory conditions (P28-P33) -----
    /// The scenario's key models and models held on the board, as sets.
    masks: ModelMasks,
    /// Rounds running each `win_after` zone has been held alone, in
    /// [`Scenario::win_zones`] order (P31).
    streaks: [u8; MAX_WIN_ZONES],
    /// What was drawn for each entry that draws its Round or edge (P33), by side and
    /// entry: 0 while not yet drawn (see `victory`).
    arrivals: [u8; ARRIVAL_SLOTS],
}

/// Two states are equal when they are the same position of the same game, down to what each
/// side scored from what. Written by hand rather than derived, for three reasons: the
/// scenario and the map are compared by pointer (a game's own, not an equal copy read
/// again), and the models, the Civilians and the agenda are compared only as far as their
/// lengths (what is left in the arrays past them is never read).
impl PartialEq for GameState {
    fn eq(&self, o: &Self) -> bool {
        Arc::ptr_eq(&self.scenario, &o.scenario)
            && Arc::ptr_eq(&self.map, &o.map)
            && self.models[..self.n_models as usize] == o.models[..o.n_models as usize]
            && self.count == o.count
            && self.standing == o.standing
            && self.occ == o.occ
            && self.hidden == o.hidden
            && self.face_up == o.face_up
            && self.pool == o.pool
            && self.claimed == o.claimed
            && self.vp == o.vp
            && self.vp_from == o.vp_from
            && self.round == o.round
            && self.turn == o.turn
            && self.turn_player == o.turn_player
            && self.ran_out_first == o.ran_out_first
            && self.phase == o.phase
            && self.cards == o.cards
            && self.agenda == o.agenda
            && self.test == o.test
            && self.kills == o.kills
            && self.turn_models == o.turn_models
            && self.turn_cards == o.turn_cards
            && self.turn_model == o.turn_model
            && self.no_models_at_start == o.no_models_at_start
            && self.passed == o.passed
            && self.laid == o.laid
            && self.card_fight == o.card_fight
            && self.in_round_end == o.in_round_end
            && self.cows == o.cows
            && self.bug == o.bug
            && self.civilians[..self.n_civilians as usize] == o.civilians[..o.n_civilians as usize]
            && self.pending_event == o.pending_event
            && self.area_kills == o.area_kills
            && self.area_blocked == o.area_blocked
            && self.area_mods == o.area_mods
            && self.carded == o.carded
            && self.every_window == o.every_window
            && self.streaks == o.streaks
            && self.arrivals == o.arrivals
    }
}

impl GameState {
    /// Start a game: fixed models on their squares, counters placed at random (R24),
    /// then set-up deployment (if any side deploys) and Round 1.
    pub fn new<R: RngCore + ?Sized>(scenario: Arc<Scenario>, rng: &mut R) -> GameState {
        Self::new_logged(scenario, rng, &mut ())
    }

    /// As `new`, reporting events (counter placement, fixed models).
    pub fn new_logged<R: RngCore + ?Sized, S: EventSink>(
        scenario: Arc<Scenario>,
        rng: &mut R,
        sink: &mut S,
    ) -> GameState {
        let map = scenario.map.clone();
        let mut g = GameState {
            map,
            models: [PLACEHOLDER; MAX_MODELS],
            n_models: scenario.models.len().min(MAX_MODELS) as u8,
            count: BySide([[0; 64]; 2]),
            standing: BySide([[0; 64]; 2]),
            occ: BySide::default(),
            hidden: Bitboard::EMPTY,
            face_up: ByCounterKind::default(),
            pool: ByCounterKind::new(
                scenario.counters.critters,
                scenario.counters.secrets,
                scenario.counters.objectives,
            ),
            claimed: BySide::default(),
            vp: BySide::default(),
            vp_from: BySide::default(),
            round: 1,
            turn: 0,
            turn_player: scenario.first_turn,
            ran_out_first: None,
            phase: Phase::TurnStart,
            cards: Cards::EMPTY,
            agenda: Agenda::EMPTY,
            test: TestCtx::PLACEHOLDER,
            kills: Kills::NONE,
            turn_models: 0,
            turn_cards: 0,
            turn_model: None,
            no_models_at_start: false,
            passed: BySide::default(),
            laid: CardTypeSet::EMPTY,
            card_fight: false,
            in_round_end: false,
            cows: None,
            bug: None,
            civilians: [Square::from_index(0); MAX_CIVILIANS],
            n_civilians: 0,
            pending_event: 0,
            area_kills: ModelSet::EMPTY,
            area_blocked: ModelSet::EMPTY,
            area_mods: [0; CAPACITY as usize],
            carded: ModelSet::EMPTY,
            every_window: false,
            masks: scenario.model_masks(),
            streaks: [0; MAX_WIN_ZONES],
            arrivals: [0; ARRIVAL_SLOTS],
            scenario,
        };
        for (i, m) in g.scenario.models.iter().take(MAX_MODELS).enumerate() {
            g.models[i] = Model {
                side: m.side,
                profile: m.profile as u8,
                loc: match m.start {
                    Start::Deploy => Loc::Undeployed,
                    Start::Enter => Loc::Waiting,
                    Start::At(_) => Loc::Undeployed,
                },
                rattled: false,
                activated: false,
                moved_in: false,
            };
        }
        for i in 0..g.n_models as usize {
            if let Start::At(sq) = g.scenario.models[i].start {
                g.put(ModelId(i as u8), sq);
            }
        }
        // R24, R1: one D8 for the row and one for the column; re-roll a square that
        // already holds a counter or a model, or that cannot hold one (a blocker).
        // With a counter zone, a square outside it is rolled again too.
        let free = g.counter_placement_free();
        for _ in 0..g.counters_to_place() {
            let mut dice = D8Stream::new(rng);
            loop {
                let row = dice.roll() as i8 - 1;
                let col = dice.roll() as i8 - 1;
                let sq = Square::new(col, row).expect("a D8 is 1..=8");
                if free.contains(sq) && !g.hidden.contains(sq) {
                    g.hidden.insert(sq);
                    if S::ENABLED {
                        sink.event(Event::CounterPlaced(sq));
                    }
                    break;
                }
            }
        }
        // The shuffled deck, and opening hands without Events (R22, P17).
        g.deal_opening_hands(rng, sink);
        // Entries drawn at random whose earliest Round is the first: drawn now, before
        // anyone deploys, and known to both sides (P33).
        g.draw_arrivals(rng, sink);
        g.phase = match g.next_deployer() {
            Some(side) => Phase::Deploy(side),
            None => Phase::TurnStart,
        };
        g.begin_turn_or_skip(sink);
        // A first Round in which nobody can act ends at once (R25: the models come later).
        g.run(rng, sink);
        g
    }

    /// The squares a counter may be placed on at set-up (R24): in the scenario's counter
    /// zone if it has one, not a blocker, not holding a model. (A square already holding a
    /// counter is rolled again too.)
    pub fn counter_placement_free(&self) -> Bitboard {
        self.scenario
            .counters
            .zone
            .unwrap_or(Bitboard::FULL)
            .difference(self.map.blockers() | self.occ[Side::Humans] | self.occ[Side::Martians])
    }

    /// How many counters set-up places (R24): the scenario's number, or as many as there
    /// are squares for.
    pub fn counters_to_place(&self) -> u8 {
        let free = self.counter_placement_free().count();
        self.scenario
            .counters
            .placed
            .min(u8::try_from(free).unwrap_or(u8::MAX))
    }

    // ----- read access -------------------------------------------------------------

    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scenario
    }
    pub fn map(&self) -> &Map {
        &self.map
    }
    pub fn models(&self) -> &[Model] {
        &self.models[..self.n_models as usize]
    }
    pub fn model(&self, id: ModelId) -> &Model {
        &self.models[id.index()]
    }
    pub fn profile(&self, id: ModelId) -> &Profile {
        &self.scenario.profiles[self.models[id.index()].profile as usize]
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn round(&self) -> u16 {
        self.round
    }
    /// Turns started so far.
    pub fn turn_number(&self) -> u32 {
        self.turn
    }
    pub fn turn_player(&self) -> Side {
        self.turn_player
    }
    pub fn vp(&self, side: Side) -> u16 {
        self.vp[side]
    }
    /// The VP `side` scored from `source` so far (an editor's VP have no source).
    pub fn vp_from(&self, side: Side, source: VpSource) -> u16 {
        self.vp_from[side][source]
    }
    pub fn claimed(&self, side: Side) -> u16 {
        self.claimed[side]
    }
    /// Models of `side` in `sq`.
    pub fn count(&self, side: Side, sq: Square) -> u8 {
        self.count[side][sq.index()]
    }
    /// Squares holding models of `side`.
    pub fn occupied(&self, side: Side) -> Bitboard {
        self.occ[side]
    }
    /// Squares with a face-down counter.
    pub fn hidden_counters(&self) -> Bitboard {
        self.hidden
    }
    /// Squares with a face-up, unclaimed counter of `kind`.
    pub fn face_up_counters(&self, kind: CounterKind) -> Bitboard {
        self.face_up[kind]
    }
    /// Unrevealed counter identities left: (critters, secrets).
    pub fn counter_pool(&self) -> (u8, u8) {
        (
            self.pool[CounterKind::Critter],
            self.pool[CounterKind::AlienSecret],
        )
    }
    /// Unrevealed neutral objective counters left.
    pub fn objective_pool(&self) -> u8 {
        self.pool[CounterKind::Objective]
    }
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::GameOver(o) => Some(o),
            _ => None,
        }
    }
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::GameOver(_))
    }
    /// The side ran out of models to act first this Round (R13), if one has.
    pub fn ran_out_first(&self) -> Option<Side> {
        self.ran_out_first
    }

    // ----- cards: read access ------------------------------------------------------

    /// The deck this game is played with.
    pub fn deck(&self) -> &Deck {
        &self.scenario.deck
    }
    /// The hand size the refill draws up to (R22).
    pub fn hand_size(&self) -> u8 {
        self.scenario.hand_size
    }
    /// The cards `side` holds, each distinct card with its count, in deck order. Hidden
    /// from the other side: see [`GameState::observation`].
    pub fn hand(&self, side: Side) -> impl Iterator<Item = (&CardType, u8)> + '_ {
        self.counted(&self.cards.hands[side])
    }
    /// How many of each card type (by its index in the deck) `side` holds. Hidden from the
    /// other side, like [`GameState::hand`].
    pub fn hand_counts(&self, side: Side) -> &[u8; MAX_CARD_TYPES] {
        &self.cards.hands[side]
    }
    /// How many cards `side` holds (public).
    pub fn hand_len(&self, side: Side) -> u8 {
        self.cards.hand_n[side]
    }
    /// How many copies of `card` (as `side` names it) `side` holds.
    pub fn holds(&self, side: Side, card: Card) -> u8 {
        self.deck()
            .find(side, card)
            .map_or(0, |t| self.cards.hands[side][t])
    }
    /// How many cards `side` holds whose own half is `half`.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn holds_half(&self, side: Side, half: CardId) -> u8 {
        self.hand(side)
            .filter(|(c, _)| c.face(side).is_some_and(|f| f.id == half))
            .map(|(_, n)| n)
            .sum()
    }
    /// Cards left in the draw deck (public; which ones is not).
    pub fn deck_len(&self) -> u16 {
        self.cards.deck_n
    }
    /// The unseen cards of the draw deck: what is left to draw, in no order.
    pub fn deck_cards(&self) -> impl Iterator<Item = (&CardType, u8)> + '_ {
        self.counted(&self.cards.deck)
    }
    /// The discard pile (public).
    pub fn discard_pile(&self) -> impl Iterator<Item = (&CardType, u8)> + '_ {
        self.counted(&self.cards.discard)
    }
    /// `side`'s Support sets (public, R21): each half with its level (the number of cards
    /// in the set), in deck order.
    pub fn support_sets(&self, side: Side) -> impl Iterator<Item = (CardId, u8)> + '_ {
        let sets = &self.cards.sets[side];
        self.deck()
            .half_sets(side)
            .iter()
            .map(move |&(h, mask)| (h, mask.iter().map(|t| sets[t]).sum::<u8>()))
            .filter(|(_, level)| *level > 0)
    }
    /// The level of `side`'s Support set of `half` (0: no set, R21).
    pub fn set_level(&self, side: Side, half: CardId) -> u8 {
        let mask = self.deck().half_mask(side, half);
        let sets = &self.cards.sets[side];
        mask.iter().map(|t| sets[t]).sum()
    }
    /// The physical cards in `side`'s Support set of `half`, with their counts.
    pub fn set_cards(
        &self,
        side: Side,
        half: CardId,
    ) -> impl Iterator<Item = (&CardType, u8)> + '_ {
        self.counted(&self.cards.sets[side])
            .filter(move |(c, _)| c.face(side).is_some_and(|f| f.id == half))
    }
    /// Events in play (their effect is on the board, P18).
    pub fn events_in_play(&self) -> impl Iterator<Item = (&CardType, u8)> + '_ {
        self.counted(&self.cards.in_play)
    }
    fn counted<'a>(
        &'a self,
        counts: &'a [u8; MAX_CARD_TYPES],
    ) -> impl Iterator<Item = (&'a CardType, u8)> + 'a {
        let deck = self.deck();
        (0..deck.types())
            .filter(move |&t| counts[t] > 0)
            .map(move |t| (deck.card(t), counts[t]))
    }
    /// The test waiting for its response windows, while one is.
    pub fn test(&self) -> Option<TestCtx> {
        match self.phase {
            Phase::Respond(_) => Some(self.test),
            _ => None,
        }
    }

    /// Open every response window (R20, R28): each side gets a window on every test (and
    /// on every kill a Lucky Escape could cancel) where a card of its half of the deck may
    /// be played, whether it holds one or not; holding none, its only answer is `respond
    /// none` ([`GameState::is_empty_window`]). The table sets it so that what a person
    /// sees, and when, never tells whether the other side held a card. The rules are the
    /// same either way; searches and the arena leave it off, for fewer decisions.
    pub fn set_every_window(&mut self, on: bool) {
        self.every_window = on;
    }

    /// Are every response windows open ([`GameState::set_every_window`])?
    pub fn every_window(&self) -> bool {
        self.every_window
    }

    /// Is the decision a response window whose only answer is `respond none` (the side
    /// holds no card it may play there; only [`GameState::set_every_window`] opens one)?
    pub fn is_empty_window(&self) -> bool {
        match self.phase {
            Phase::Respond(side) => self.window_cards(side).is_empty(),
            Phase::Escape(id) => self.escape_cards(id).is_empty(),
            _ => false,
        }
    }

    /// Has a card of `id`'s own side been applied to it this Turn, so that no other may be
    /// (R31)?
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn has_had_card(&self, id: ModelId) -> bool {
        self.has_own_card(id)
    }
    /// Has `side` passed this Round (R11)?
    pub fn has_passed(&self, side: Side) -> bool {
        self.passed[side]
    }
    /// Card plays made in the current Turn (R11).
    pub fn cards_played_this_turn(&self) -> u8 {
        self.turn_cards
    }
    /// What the Turn player has used of the current Turn (R11), to tell a player what a
    /// card would cost.
    pub fn turn_use(&self) -> TurnUse {
        TurnUse {
            models: self.turn_models,
            cards: self.turn_cards,
            no_models_at_start: self.no_models_at_start,
            round_end: self.in_round_end,
        }
    }
    /// The burning cows' square, and who drew them.
    pub fn cows(&self) -> Option<(Square, Side)> {
        self.cows
    }
    /// The Bug's square, and who drew it.
    pub fn bug(&self) -> Option<(Square, Side)> {
        self.bug
    }
    /// The Civilians' squares (P22).
    pub fn civilians(&self) -> &[Square] {
        &self.civilians[..self.n_civilians as usize]
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::dice::rng_from_seed;
    use crate::scenario_file::parse_scenario;
    use crate::square::{Side, Square};

    use super::{ByVpSource, GameState, Step, VpSource};

    fn game() -> GameState {
        let text = include_str!("../../scenarios/ambush.toml");
        let scenario = parse_scenario("ambush.toml", text).expect("ships").scenario;
        GameState::new(Arc::new(scenario), &mut rng_from_seed(7))
    }

    #[test]
    fn equality_counts_where_the_vp_came_from() {
        let g = game();
        let mut h = g.clone();
        assert_eq!(g, h);
        // The same total, scored from a different source: a different position for the
        // records (the arena's VP by source), so not equal.
        h.vp[Side::Humans] = 1;
        h.vp_from[Side::Humans][VpSource::Shoot] = 1;
        let mut k = h.clone();
        assert_eq!(h, k);
        k.vp_from[Side::Humans] = ByVpSource::default();
        k.vp_from[Side::Humans][VpSource::Fight] = 1;
        assert_ne!(h, k);
    }

    #[test]
    fn equality_ignores_what_lies_past_the_lengths() {
        let g = game();
        let mut h = g.clone();
        // Stale entries past the Civilians and the agenda are never read.
        h.civilians[h.n_civilians as usize] = Square::from_index(63);
        h.agenda.steps[h.agenda.len as usize] = Step::StartRound;
        assert_eq!(g, h);
        // Within the lengths they count.
        h.agenda.push(Step::StartRound);
        assert_ne!(g, h);
        // The scenario is compared by pointer: the same scenario read again is another game.
        let other = game();
        assert_ne!(g, other);
    }
}
