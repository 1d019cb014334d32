//! A checked scenario: everything a game needs to start, already validated.
//! Only `crate::rules::scenario_file` builds one from a TOML file.

use std::sync::Arc;

use super::cards::Deck;
use super::map::Map;
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
}

/// Models that start off the board come on across `edge`: from Round `round` they may be
/// activated, and their action must bring them onto the board (R6). A side may have
/// several, for several edges or waves; each such model comes on by one of them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    pub edge: Edge,
    pub round: u16,
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
/// at the end of each Round.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Hold {
    /// The squares (bitboard).
    pub zone: u64,
    /// VP a Round for holding it.
    pub vp: u16,
}

/// What one side brings and how it scores.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SideSetup {
    /// Squares where `Start::Deploy` models may be placed (bitboard).
    pub deployment: u64,
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
    pub zone: Option<u64>,
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
    pub fn entry_of(&self, model: usize) -> Option<Entry> {
        let m = &self.models[model];
        if m.start != Start::Enter {
            return None;
        }
        self.sides[m.side].entry.get(usize::from(m.wave)).copied()
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

    /// The VP `model`'s side scores when it leaves by the side's exit edge (R6).
    pub fn exit_vp(&self, model: usize) -> u16 {
        let m = &self.models[model];
        m.exit_vp.unwrap_or(self.sides[m.side].vp.exit)
    }
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
