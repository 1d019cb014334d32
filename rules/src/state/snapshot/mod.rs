//! Snapshots: a position as one side may see it, written as bytes and read back exactly,
//! for a bot's forward model (`mars-attacks serve`) to go on from a decision it was sent.
//!
//! A snapshot holds every field of the state but the scenario (the reader supplies it)
//! and the hidden cards: the other side's hand is merged into the deck, both being cards
//! the observer has not seen (as [`GameState::observation`] does), and only its size is
//! kept. Reading one deals that hand afresh from the generator it is given
//! ([`GameState::determinize`]), so a snapshot tells nothing the observer may not know,
//! and two positions that differ only in the other hand give the same bytes.
//!
//! A model's profile is written as the number every copy of the scenario agrees on
//! ([`Scenario::profile_numbers`]), so a snapshot loads into the scenario `serve` rebuilds
//! from the bot protocol's `game` message as into the file it was played on (layout 3;
//! layout 2 wrote the file's own indices).
//!
//! Reading trusts nothing: every number is checked against the scenario (models, their
//! sides and profiles, the deck's cards, the halves named by slug, square and agenda
//! bounds), and the state read must pass [`GameState::check_invariants`]. The fields are
//! written by destructuring the state whole, so a field added to it does not compile until
//! it is written here too.

use std::sync::Arc;

use rand::RngCore;

use crate::cards::{CardTypeSet, MAX_CARD_TYPES};
use crate::map::Map;
use crate::scenario::{MAX_MODELS, Scenario};
use crate::square::{BySide, Side, Square};

use super::agenda::{AGENDA, Agenda};
use super::resolve::Kills;
use super::{Cards, GameState, Loc, MAX_CIVILIANS, Model};

mod error;
mod read;
mod write;

pub use error::SnapshotError;

use read::{Read, Reader};
use write::Writer;

/// The first bytes of a snapshot, and the version of its layout.
const MAGIC: &[u8; 4] = b"MAS\x03";

/// The first bytes of a snapshot of layout 2 (the profiles by the sender's own indices),
/// still read.
const LAYOUT_2: &[u8; 4] = b"MAS\x02";

impl GameState {
    /// This position as `observer` may see it, as bytes (see the module documentation).
    pub fn snapshot(&self, observer: Side) -> Vec<u8> {
        let GameState {
            scenario: _,
            map,
            models,
            n_models,
            count: _,
            standing: _,
            occ: _,
            hidden,
            face_up,
            pool,
            claimed,
            vp,
            vp_from,
            round,
            turn,
            turn_player,
            ran_out_first,
            phase,
            cards,
            agenda,
            test,
            kills,
            turn_models,
            turn_cards,
            turn_model,
            no_models_at_start,
            passed,
            laid,
            card_fight,
            in_round_end,
            cows,
            bug,
            civilians,
            n_civilians,
            pending_event,
            area_kills,
            area_blocked,
            area_mods,
            carded,
            every_window,
            // From the scenario, made again on reading.
            masks: _,
            streaks,
            arrivals,
        } = self;
        let mut w = Writer(Vec::with_capacity(1024));
        w.bytes(MAGIC);
        w.side(observer);
        w.squares(map.blockers());
        w.u8(*n_models);
        let numbers = self.scenario.profile_numbers();
        for (i, m) in models[..*n_models as usize].iter().enumerate() {
            let Model {
                side,
                profile,
                loc,
                rattled,
                activated,
                moved_in,
            } = *m;
            debug_assert_eq!(usize::from(profile), self.scenario.models[i].profile);
            w.side(side);
            w.u8(numbers[i]);
            match loc {
                Loc::Waiting => w.u8(0),
                Loc::Undeployed => w.u8(1),
                Loc::Board(sq) => {
                    w.u8(2);
                    w.square(sq);
                }
                Loc::Dead => w.u8(3),
                Loc::Exited => w.u8(4),
            }
            w.bool(rattled);
            w.bool(activated);
            w.bool(moved_in);
        }
        w.squares(*hidden);
        for f in face_up.values() {
            w.squares(*f);
        }
        for p in pool.values() {
            w.u8(*p);
        }
        for s in Side::BOTH {
            w.u16(claimed[s]);
            w.u16(vp[s]);
            for v in vp_from[s].values() {
                w.u16(*v);
            }
            w.bool(passed[s]);
        }
        w.u16(*round);
        w.u32(*turn);
        w.side(*turn_player);
        w.opt(*ran_out_first, Writer::side);
        w.phase(*phase);
        // The cards: the other hand merged into the deck, its size kept (R28).
        let Cards {
            deck,
            hands,
            discard,
            sets,
            in_play,
            deck_n,
            discard_n,
            hand_n,
            held: _,
        } = cards;
        let types = self.scenario.deck.types().min(MAX_CARD_TYPES);
        let (own, other) = (observer, observer.other());
        let mut unseen = *deck;
        for (u, h) in unseen.iter_mut().zip(hands[other]) {
            *u += h;
        }
        w.types(&unseen, types);
        w.types(&hands[own], types);
        w.types(discard, types);
        w.types(&sets[Side::Humans], types);
        w.types(&sets[Side::Martians], types);
        w.types(in_play, types);
        w.u16(*deck_n + u16::from(hand_n[other]));
        w.u16(*discard_n);
        w.u8(hand_n[other]);
        let Agenda { steps, len } = agenda;
        w.u8(*len);
        for s in &steps[..(*len as usize).min(AGENDA)] {
            w.step(*s);
        }
        w.test(*test);
        let Kills {
            mask,
            asked,
            squares,
            by,
            fight,
            blocked,
        } = kills;
        w.models(*mask);
        w.models(*asked);
        w.squares(*squares);
        w.side(*by);
        w.bool(*fight);
        w.bool(blocked[0]);
        w.bool(blocked[1]);
        w.u8(*turn_models);
        w.u8(*turn_cards);
        w.opt(*turn_model, Writer::model);
        w.bool(*no_models_at_start);
        w.card_types(*laid);
        w.bool(*card_fight);
        w.bool(*in_round_end);
        for o in [cows, bug] {
            w.opt(*o, |w, (sq, s)| {
                w.square(sq);
                w.side(s);
            });
        }
        w.u8(*n_civilians);
        for sq in &civilians[..(*n_civilians as usize).min(MAX_CIVILIANS)] {
            w.square(*sq);
        }
        w.u8(*pending_event);
        w.models(*area_kills);
        w.models(*area_blocked);
        for m in area_mods {
            w.i8(*m);
        }
        w.models(*carded);
        w.bool(*every_window);
        for s in streaks {
            w.u8(*s);
        }
        for a in arrivals {
            w.u8(*a);
        }
        w.0
    }

    /// The position a [`snapshot`](GameState::snapshot) of a game of `scenario` holds, the
    /// other side's hand dealt afresh from `rng`; and the side it was taken for. Anything
    /// that does not fit the scenario, or a position the rules would not reach, is an
    /// error that says what is wrong.
    pub fn from_snapshot<R: RngCore + ?Sized>(
        scenario: Arc<Scenario>,
        bytes: &[u8],
        rng: &mut R,
    ) -> Result<(GameState, Side), SnapshotError> {
        let mut r = Reader {
            bytes,
            at: 0,
            scenario: &scenario,
        };
        // Layout 2 wrote a model's profile as the sending scenario's own index, which a
        // scenario rebuilt from the `game` message numbers otherwise: it is read, and its
        // profiles are taken from the scenario (the sides are still checked).
        let layout = match r.take(4).ok() {
            Some(m) if m == &MAGIC[..] => 3,
            Some(m) if m == &LAYOUT_2[..] => 2,
            _ => {
                return Err(SnapshotError::NotASnapshot);
            }
        };
        let observer = r.side()?;
        let blockers = r.squares()?;
        let n = r.u8()?;
        let want = scenario.models.len().min(MAX_MODELS);
        if n as usize != want {
            return Err(SnapshotError::ModelCount {
                snapshot: n,
                scenario: want,
            });
        }
        let mut g = GameState::new_empty(scenario.clone());
        let numbers = scenario.profile_numbers();
        let models = scenario.models.iter().zip(&numbers).take(want);
        for (i, (setup, &profile_number)) in models.enumerate() {
            let side = r.side()?;
            let number = r.u8()?;
            if side != setup.side || (layout == 3 && number != profile_number) {
                return Err(SnapshotError::OtherModel { number: i + 1 });
            }
            let loc = match r.u8()? {
                0 => Loc::Waiting,
                1 => Loc::Undeployed,
                2 => Loc::Board(r.square()?),
                3 => Loc::Dead,
                4 => Loc::Exited,
                b => return Err(r.bad("where a model is", b)),
            };
            g.models[i] = Model {
                side,
                profile: setup.profile as u8,
                loc,
                rattled: r.bool()?,
                activated: r.bool()?,
                moved_in: r.bool()?,
            };
        }
        g.hidden = r.squares()?;
        for f in g.face_up.values_mut() {
            *f = r.squares()?;
        }
        for p in g.pool.values_mut() {
            *p = r.u8()?;
        }
        for s in Side::BOTH {
            g.claimed[s] = r.u16()?;
            g.vp[s] = r.u16()?;
            for v in g.vp_from[s].values_mut() {
                *v = r.u16()?;
            }
            g.passed[s] = r.bool()?;
        }
        g.round = r.u16()?;
        g.turn = r.u32()?;
        g.turn_player = r.side()?;
        g.ran_out_first = r.opt(Reader::side)?;
        g.phase = r.phase()?;
        let (own, other) = (observer, observer.other());
        g.cards.deck = r.types()?;
        g.cards.hands[own] = r.types()?;
        g.cards.discard = r.types()?;
        g.cards.sets[Side::Humans] = r.types()?;
        g.cards.sets[Side::Martians] = r.types()?;
        g.cards.in_play = r.types()?;
        let unseen_n = r.u16()?;
        g.cards.discard_n = r.u16()?;
        let other_n = r.u8()?;
        for t in 0..scenario.deck.types().min(MAX_CARD_TYPES) {
            let c = &g.cards;
            let n: u32 = [
                c.deck[t],
                c.hands[own][t],
                c.discard[t],
                c.sets[Side::Humans][t],
                c.sets[Side::Martians][t],
                c.in_play[t],
            ]
            .iter()
            .map(|&x| u32::from(x))
            .sum();
            let card = scenario.deck.card(t);
            if n != u32::from(card.count()) {
                return Err(SnapshotError::CardCount {
                    card: card.name(),
                    snapshot: n,
                    deck: card.count(),
                });
            }
        }
        let sum = |a: &[u8; MAX_CARD_TYPES]| a.iter().map(|&x| u32::from(x)).sum::<u32>();
        if sum(&g.cards.deck) != u32::from(unseen_n) || u16::from(other_n) > unseen_n {
            return Err(SnapshotError::UnseenCards);
        }
        g.cards.hand_n[own] = sum(&g.cards.hands[own]).min(255) as u8;
        g.cards.held[own] = held_mask(&g.cards.hands[own]);
        // The other hand is in the deck until it is dealt below.
        g.cards.deck_n = unseen_n - u16::from(other_n);
        g.cards.hand_n[other] = other_n;
        let len = r.u8()?;
        if len as usize > AGENDA {
            return Err(r.bad("an agenda's length", len));
        }
        for _ in 0..len {
            let s = r.step()?;
            g.agenda.push(s);
        }
        g.test = r.test()?;
        g.kills = Kills {
            mask: r.models_mask()?,
            asked: r.models_mask()?,
            squares: r.squares()?,
            by: r.side()?,
            fight: r.bool()?,
            blocked: [r.bool()?, r.bool()?],
        };
        g.turn_models = r.u8()?;
        g.turn_cards = r.u8()?;
        g.turn_model = r.opt(Reader::model)?;
        g.no_models_at_start = r.bool()?;
        g.laid = r.types_mask()?;
        g.card_fight = r.bool()?;
        g.in_round_end = r.bool()?;
        let mut drawn =
            || -> Read<Option<(Square, Side)>> { r.opt(|r| Ok((r.square()?, r.side()?))) };
        g.cows = drawn()?;
        g.bug = drawn()?;
        let n_civilians = r.u8()?;
        if n_civilians as usize > MAX_CIVILIANS {
            return Err(r.bad("a number of Civilians", n_civilians));
        }
        g.n_civilians = n_civilians;
        for i in 0..n_civilians as usize {
            g.civilians[i] = r.square()?;
        }
        g.pending_event = r.u8()?;
        if g.pending_event as usize >= scenario.deck.types().max(1) {
            return Err(r.bad("a card of the deck", g.pending_event));
        }
        g.area_kills = r.models_mask()?;
        g.area_blocked = r.models_mask()?;
        for m in &mut g.area_mods {
            *m = r.i8()?;
        }
        g.carded = r.models_mask()?;
        g.every_window = r.bool()?;
        for s in &mut g.streaks {
            *s = r.u8()?;
        }
        for a in &mut g.arrivals {
            *a = r.u8()?;
        }
        if r.at != bytes.len() {
            return Err(SnapshotError::TrailingBytes(bytes.len() - r.at));
        }
        // The board: walls from the scenario, blockers as they are now (a landed Flying
        // Car's included), the map shared with every game that has the same.
        let extra = blockers.difference(scenario.map.blockers());
        if !scenario.map.blockers().is_subset(blockers) {
            return Err(SnapshotError::MissingBlocker);
        }
        let mut map: Arc<Map> = scenario.map.clone();
        for sq in extra {
            map = super::effects::map_with_blocker(&map, sq);
        }
        g.map = map;
        g.recount();
        g.check_unseen(observer)?;
        g.determinize(observer, rng);
        g.check_invariants().map_err(SnapshotError::NotAPosition)?;
        Ok((g, observer))
    }

    /// A state of `scenario` with nothing set up: the frame a snapshot is read into. The
    /// set-up it is made from is thrown away, but it must still be one the rules can make:
    /// placing counters re-rolls a taken square until a free one comes up (R24), so the
    /// dice are real ones, from a fixed seed (a source that always rolled the same face
    /// would roll the same taken square for ever).
    fn new_empty(scenario: Arc<Scenario>) -> GameState {
        let mut g = GameState::new(scenario, &mut crate::dice::rng_from_seed(0));
        g.models = [super::models::PLACEHOLDER; MAX_MODELS];
        g.cards = Cards::EMPTY;
        g.agenda = Agenda::EMPTY;
        g
    }

    /// The square counts and occupancy, from the models.
    fn recount(&mut self) {
        self.count = BySide([[0; 64]; 2]);
        self.standing = BySide([[0; 64]; 2]);
        self.occ = BySide::default();
        for m in &self.models[..self.n_models as usize] {
            if let Loc::Board(sq) = m.loc {
                let c = &mut self.count[m.side][sq.index()];
                *c = c.saturating_add(1);
                if !m.rattled {
                    let s = &mut self.standing[m.side][sq.index()];
                    *s = s.saturating_add(1);
                }
                self.occ[m.side].insert(sq);
            }
        }
    }

    /// Before the other hand is dealt: enough cards unseen that are not Events to deal
    /// it (a hand never holds an Event).
    fn check_unseen(&self, observer: Side) -> Result<(), SnapshotError> {
        let deck = self.deck();
        let dealable: u32 = (0..deck.types())
            .filter(|t| !deck.card(*t).is_event())
            .map(|t| u32::from(self.cards.deck[t]))
            .sum();
        let other = self.cards.hand_n[observer.other()];
        if dealable < u32::from(other) {
            return Err(SnapshotError::OtherHand {
                held: other,
                dealable,
            });
        }
        Ok(())
    }
}

/// The card types a hand holds.
fn held_mask(hand: &[u8; MAX_CARD_TYPES]) -> CardTypeSet {
    hand.iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(t, _)| t)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_cut_or_changed_is_an_error_or_a_position_never_a_panic() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/ambush.toml");
        let scenario = Arc::new(
            crate::scenario_file::load_scenario(&path)
                .expect("the shipped scenario loads")
                .scenario,
        );
        let mut rng = crate::rng_from_seed(3);
        let mut g = GameState::new(scenario.clone(), &mut rng);
        let mut legal = Vec::new();
        for _ in 0..40 {
            g.legal_actions(&mut legal);
            let Some(a) = legal.first().copied() else {
                break;
            };
            g.apply(a, &mut rng);
        }
        let bytes = g.snapshot(Side::Humans);
        let (back, side) =
            GameState::from_snapshot(scenario.clone(), &bytes, &mut rng).expect("reads back");
        assert_eq!(side, Side::Humans);
        assert_eq!(back.snapshot(Side::Humans), bytes);
        for cut in 0..bytes.len() {
            assert!(GameState::from_snapshot(scenario.clone(), &bytes[..cut], &mut rng).is_err());
        }
        for i in 0..bytes.len() {
            for v in [0u8, 1, 2, 7, 63, 64, 200, 255] {
                let mut b = bytes.clone();
                b[i] = v;
                let _ = GameState::from_snapshot(scenario.clone(), &b, &mut rng);
            }
        }
    }
}
