//! A checked scenario: everything a game needs to start, already validated.
//! Only `crate::scenario_file` builds one from a TOML file.

use std::sync::Arc;

use super::action::ModelId;
use super::bitboard::Bitboard;
use super::cards::Deck;
use super::map::Map;
use super::model_set::ModelSet;
use super::profile::Profile;
use super::square::{BySide, Edge, Side, Square};

/// Where a model starts the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Start {
    /// Placed by its player in the side's deployment zone before the first Turn.
    Deploy,
    /// Fixed on this square by the scenario.
    At(Square),
    /// Off the board; comes on across the side's entry edge (R6).
    Enter,
}

/// One model of a side's force.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ModelSetup {
    pub side: Side,
    /// Index into `Scenario::profiles`.
    pub profile: usize,
    pub start: Start,
    /// VP the other side scores for killing this model, instead of its `shoot_kill` or
    /// `fight_kill` award (a VIP worth more, a decoy worth nothing).
    pub kill_vp: Option<u16>,
    /// VP its own side scores when it leaves by the exit edge, instead of the side's
    /// `exit` award.
    pub exit_vp: Option<u16>,
    /// For a `Start::Enter` model: the index of the side's entry it comes on by.
    pub wave: u8,
    /// Whether its death or its leaving ends the game at once, and who wins then (a key
    /// model, P28).
    pub ends_game: EndsGame,
    /// May it leave by its side's exit edge (R6)? Models that may not are held on the
    /// board (P30).
    pub may_exit: bool,
}

/// What a key model's death or leaving does: the side that wins at once when it dies,
/// whatever kills it, and the side that wins at once when it leaves by its exit (P28).
/// Both `None`: an ordinary model.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct EndsGame {
    pub dies: Option<Side>,
    pub exits: Option<Side>,
}

impl EndsGame {
    /// Does this model end the game in any way?
    pub fn is_key(&self) -> bool {
        self.dies.is_some() || self.exits.is_some()
    }
}

/// The most entries (edges and waves) a side may list.
pub const MAX_ENTRIES: usize = 8;

/// The most choices an entry's Round or edge is drawn among (P33).
pub const MAX_CHOICES: usize = 8;

/// A few values one is drawn among at random, each listed value as likely as any other
/// (a value listed twice is twice as likely). Empty: nothing is drawn.
#[derive(Clone, Copy)]
pub struct Choices<T: Copy> {
    items: [T; MAX_CHOICES],
    len: u8,
}

/// Two lists of choices are equal when they list the same values (what lies past the
/// length is never read).
impl<T: Copy + PartialEq> PartialEq for Choices<T> {
    fn eq(&self, o: &Self) -> bool {
        self.as_slice() == o.as_slice()
    }
}

impl<T: Copy + Eq> Eq for Choices<T> {}

impl<T: Copy + std::fmt::Debug> std::fmt::Debug for Choices<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Copy> Choices<T> {
    /// No choice: the value is fixed elsewhere. `fill` is never read.
    pub const fn none(fill: T) -> Choices<T> {
        Choices {
            items: [fill; MAX_CHOICES],
            len: 0,
        }
    }

    /// The values of `list` (at most [`MAX_CHOICES`]; `None` when longer).
    pub fn of(list: &[T]) -> Option<Choices<T>> {
        let first = *list.first()?;
        if list.len() > MAX_CHOICES {
            return None;
        }
        let mut c = Choices::none(first);
        c.items[..list.len()].copy_from_slice(list);
        c.len = list.len() as u8;
        Some(c)
    }

    pub fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// The `i`-th value, if there is one.
    pub fn get(&self, i: usize) -> Option<T> {
        self.as_slice().get(i).copied()
    }
}

/// Models that start off the board come on across `edge`: from Round `round` they may be
/// activated, and their action must bring them onto the board (R6), on one of `squares`
/// (the whole edge, or a part of it, P32). A side may have several, for several edges or
/// waves; each such model comes on by one of them.
///
/// The Round or the edge may be drawn at random among `rounds` or `edges`, at the start of
/// Round `drawn_in` (the earliest Round listed, or as many Rounds before it as the
/// scenario's `announce` says; at set-up when that is Round 1), and known to both sides
/// from then on (P33); the game keeps what was drawn ([`crate::GameState::arrival`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The edge they come on across; with `edges`, the first listed.
    pub edge: Edge,
    /// The first Round they may come on in; with `rounds`, the earliest listed.
    pub round: u16,
    /// The board squares they may step onto: the edge's, or the part of it the scenario
    /// names; with `edges`, those of every edge listed.
    pub squares: Bitboard,
    /// The Rounds one is drawn among (empty: `round`).
    pub rounds: Choices<u16>,
    /// The edges one is drawn among (empty: `edge`).
    pub edges: Choices<Edge>,
    /// The Round at whose start the Round or edge is drawn (P33): `round`, or earlier
    /// when the scenario announces the draw; at least 1. Unread when nothing is drawn.
    pub drawn_in: u16,
}

impl Entry {
    /// Across the whole of `edge`, from Round `round`.
    pub fn whole_edge(edge: Edge, round: u16) -> Entry {
        Entry {
            edge,
            round,
            squares: edge.board_squares(),
            rounds: Choices::none(round),
            edges: Choices::none(edge),
            drawn_in: round,
        }
    }

    /// Is its Round or its edge drawn at random (P33)?
    #[inline]
    pub fn is_drawn(&self) -> bool {
        !self.rounds.is_empty() || !self.edges.is_empty()
    }
}

/// Victory points one side earns (R18, R24).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct VpAwards {
    /// Per enemy model killed by a Shoot test of this side.
    pub shoot_kill: u16,
    /// Per enemy model killed in a Fight.
    pub fight_kill: u16,
    /// Per counter of the kind this side collects (Martians: Critters, Humans: Alien
    /// Secrets), after the first `counters_free` claimed.
    pub counter: u16,
    /// How many claimed counters score nothing ("not counting the first" = 1).
    pub counters_free: u16,
    /// Per own model that leaves the board across the side's exit edge.
    pub exit: u16,
    /// Per neutral objective counter claimed (either side may claim one).
    pub objective: u16,
}

/// A zone that scores for holding it (a side's model there and none of the other side's)
/// at the end of each Round from `from` to `until`, and that may win the game for a side
/// that holds it at the end of `win_after` such Rounds in a row (P31).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Hold {
    pub zone: Bitboard,
    /// VP a Round for holding it.
    pub vp: u16,
    /// The first Round at whose end it counts.
    pub from: u16,
    /// The last Round at whose end it counts; `None`: every Round from `from` on.
    pub until: Option<u16>,
    /// Holding it at the end of this many Rounds in a row (of those it counts in) wins.
    pub win_after: Option<u16>,
}

impl Hold {
    /// A zone worth `vp` at the end of every Round, winning nothing.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn every_round(zone: Bitboard, vp: u16) -> Hold {
        Hold {
            zone,
            vp,
            from: 1,
            until: None,
            win_after: None,
        }
    }

    /// Does holding it count at the end of Round `round`?
    #[inline]
    pub fn counts_in(&self, round: u16) -> bool {
        round >= self.from && self.until.is_none_or(|u| round <= u)
    }
}

/// The most zones a scenario may give a `win_after` (both sides together).
pub const MAX_WIN_ZONES: usize = 8;

/// What one side brings and how it scores.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SideSetup {
    /// Squares where `Start::Deploy` models may be placed.
    pub deployment: Bitboard,
    /// Where and when its `Start::Enter` models come on, in file order (a model's `wave`
    /// indexes it).
    pub entry: Vec<Entry>,
    /// The board edge this side's models may leave by (R6), if any.
    pub exit: Option<Edge>,
    pub vp: VpAwards,
    /// This side's own VP target (R25), when it is not the scenario's.
    pub vp_target: Option<u16>,
    /// Zones this side scores for holding at the end of each Round.
    pub hold: Vec<Hold>,
    /// This side wins if one of its models is still on the board at the end of this
    /// Round, whatever the VP; the game ends then.
    pub survive_to: Option<u16>,
}

/// The hidden counters of R24.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct CounterSetup {
    /// Critter counters in the pool.
    pub critters: u8,
    /// Alien Secret counters in the pool.
    pub secrets: u8,
    /// Neutral objective counters in the pool: either side claims one, for its
    /// `objective` award.
    pub objectives: u8,
    /// How many of the pool are placed face down at random; the rest are set aside
    /// unseen.
    pub placed: u8,
    /// The squares the counters are placed in (a random square outside is rolled again);
    /// `None`: anywhere.
    pub zone: Option<Bitboard>,
}

/// A validated scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub name: String,
    pub description: String,
    pub map: Arc<Map>,
    pub profiles: Vec<Profile>,
    /// Every model of both sides; a model's `ModelId` is its index here.
    pub models: Vec<ModelSetup>,
    pub sides: BySide<SideSetup>,
    /// Who takes the first Turn of Round 1 (R13).
    pub first_turn: Side,
    /// Sides that deploy models, in the order they do it.
    pub deploy_order: Vec<Side>,
    pub counters: CounterSetup,
    /// VP that wins at once (R25).
    pub vp_target: u16,
    /// Optional last Round; after it more VP wins and equal VP is a draw (R25).
    pub round_limit: Option<u16>,
    /// The shared card deck (R19; the core deck unless the scenario names another).
    pub deck: Arc<Deck>,
    /// The hand size each side refills to (R22; 4 unless the scenario says otherwise).
    pub hand_size: u8,
}

impl Scenario {
    /// The VP that win `side` the game at once (R25): its own target, or the scenario's.
    pub fn vp_target(&self, side: Side) -> u16 {
        self.sides[side].vp_target.unwrap_or(self.vp_target)
    }

    /// Where and when `model` comes on, if it starts off the board (R6).
    #[inline]
    pub fn entry_of(&self, model: usize) -> Option<&Entry> {
        let m = &self.models[model];
        if m.start != Start::Enter {
            return None;
        }
        self.sides[m.side].entry.get(usize::from(m.wave))
    }

    /// The side that wins by surviving, with the Round it must last to.
    pub fn survivor(&self) -> Option<(Side, u16)> {
        Side::BOTH
            .into_iter()
            .find_map(|s| self.sides[s].survive_to.map(|r| (s, r)))
    }

    /// The Round after which the game ends, whatever happens: the Round limit, or the
    /// Round a side must survive to, whichever comes first.
    pub fn last_round(&self) -> Option<u16> {
        last_round_of(self.round_limit, self.survivor().map(|(_, r)| r))
    }

    /// The VP the other side scores for killing `model` in a Fight (`fight`) or by a
    /// Shoot test or an area attack (R18), with the model's own value when it has one.
    pub fn kill_vp(&self, model: usize, fight: bool) -> u16 {
        let m = &self.models[model];
        m.kill_vp.unwrap_or_else(|| {
            let vp = self.sides[m.side.other()].vp;
            if fight { vp.fight_kill } else { vp.shoot_kill }
        })
    }

    /// The VP `model`'s side scores when it leaves by the side's exit edge (R6); 0 for a
    /// model that may not leave (P30).
    pub fn exit_vp(&self, model: usize) -> u16 {
        let m = &self.models[model];
        if !m.may_exit {
            return 0;
        }
        m.exit_vp.unwrap_or(self.sides[m.side].vp.exit)
    }

    /// The side's exit edge, if `model` may leave by it (R6, P30).
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn exit_of(&self, model: usize) -> Option<Edge> {
        let m = &self.models[model];
        if m.may_exit {
            self.sides[m.side].exit
        } else {
            None
        }
    }

    /// The zones of both sides that win when held long enough (P31), in the order their
    /// Rounds running are kept: the Humans' in file order, then the Martians'.
    pub fn win_zones(&self) -> impl Iterator<Item = (Side, &Hold)> + '_ {
        Side::BOTH.into_iter().flat_map(move |side| {
            self.sides[side]
                .hold
                .iter()
                .filter(|h| h.win_after.is_some())
                .map(move |h| (side, h))
        })
    }

    /// Each model's profile as a number every copy of this scenario agrees on: its rank
    /// among the keys of the profiles the models use, in key order. A scenario rebuilt
    /// from the bot protocol's `game` message holds only those profiles, in that order,
    /// so its own indices differ from the file's; these numbers do not (snapshots write
    /// them).
    pub fn profile_numbers(&self) -> Vec<u8> {
        let key = |m: &ModelSetup| self.profiles[m.profile].key.as_str();
        let mut keys: Vec<&str> = self.models.iter().map(key).collect();
        keys.sort_unstable();
        keys.dedup();
        self.models
            .iter()
            .map(|m| keys.binary_search(&key(m)).unwrap_or(0) as u8)
            .collect()
    }

    /// The sets of the models whose death ([`EndsGame::dies`]) and whose leaving
    /// ([`EndsGame::exits`]) end the game, and of the models that may not leave (P28,
    /// P30), and whether any entry is drawn (P33). Computed once when a game starts.
    pub fn model_masks(&self) -> ModelMasks {
        let mut masks = ModelMasks::default();
        for (i, m) in self.models.iter().enumerate().take(MAX_MODELS) {
            let id = ModelId(i as u8);
            if m.ends_game.dies.is_some() {
                masks.dies.insert(id);
            }
            if m.ends_game.exits.is_some() {
                masks.exits.insert(id);
            }
            if !m.may_exit {
                masks.held.insert(id);
            }
        }
        masks.draws = self.has_drawn_entries();
        masks
    }

    /// Does any entry draw its Round or edge at random (P33)?
    pub fn has_drawn_entries(&self) -> bool {
        Side::BOTH
            .iter()
            .any(|&s| self.sides[s].entry.iter().any(Entry::is_drawn))
    }
}

/// Models singled out by the scenario, as sets, and whether any entry is drawn (see
/// [`Scenario::model_masks`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ModelMasks {
    /// Key models whose death ends the game (P28).
    pub dies: ModelSet,
    /// Key models whose leaving ends the game (P28).
    pub exits: ModelSet,
    /// Models that may not leave by the exit (P30).
    pub held: ModelSet,
    /// Some entry draws its Round or edge at random (P33).
    pub draws: bool,
}

/// The Round after which a game ends whatever happens: the Round limit, or the Round a side
/// must survive to, whichever comes first.
pub fn last_round_of(round_limit: Option<u16>, survive_to: Option<u16>) -> Option<u16> {
    match (round_limit, survive_to) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The hand size when a scenario does not set one (R22).
pub const DEFAULT_HAND_SIZE: u8 = 4;

/// The most models a scenario may field (all sides together).
pub const MAX_MODELS: usize = 48;
