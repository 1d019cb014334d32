//! The game state and its transitions: set-up, Turns and Rounds (R11, R13), model
//! actions (R12), Shoot / Fight / Rattled (R14-R17), counters (R24) and victory (R18, R25).
//!
//! A Turn is a sequence of atomic decisions, each with its own legal list. Randomness is
//! never stored: `apply` takes the generator (R26). Face-down counters have no identity
//! until revealed: the identity is drawn then from the pool of unrevealed ones (R24), so a
//! cloned state cannot leak the future.

use std::fmt;
use std::sync::Arc;

use rand::{Rng, RngCore};

use super::action::{Action, Defence, ModelId};
use super::dice::{D8Stream, roll_test, roll_test_faces};
use super::map::{Los, Map};
use super::profile::{Ability, Profile};
use super::scenario::{MAX_MODELS, Scenario, Start};
use super::square::{BySide, Edge, Side, Square, squares_of};

/// The most models a square holds (R3).
pub const CAPACITY: u8 = 6;

/// Where a model is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Loc {
    /// Off the board, waiting to enter across its side's entry edge (R6).
    Waiting,
    /// Waiting to be deployed in its side's zone during set-up.
    Undeployed,
    Board(Square),
    Dead,
    /// Left the board across a scenario exit edge (R6).
    Exited,
}

/// One model's state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Model {
    pub side: Side,
    /// Index into the scenario's profiles.
    pub profile: u8,
    pub loc: Loc,
    pub rattled: bool,
    /// Has acted this Round (carries an Activation marker).
    pub activated: bool,
    /// Moved into its current square during the current Turn (the charge die, R16).
    pub moved_in: bool,
}

impl Model {
    #[inline]
    pub fn square(&self) -> Option<Square> {
        match self.loc {
            Loc::Board(s) => Some(s),
            _ => None,
        }
    }
}

/// The kind of a hidden counter (R24).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CounterKind {
    /// Sought by the Martians.
    Critter,
    /// Sought by the Humans.
    AlienSecret,
}

impl CounterKind {
    /// The side that claims counters of this kind.
    pub const fn claimed_by(self) -> Side {
        match self {
            CounterKind::Critter => Side::Martians,
            CounterKind::AlienSecret => Side::Humans,
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            CounterKind::Critter => "Critter",
            CounterKind::AlienSecret => "Alien Secret",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// Reached the scenario's VP target (R25).
    VpTarget,
    /// The enemy has no model left on the table (R25).
    WipeOut,
    /// More VP when the Round limit or the last model leaving ended the game (R25, P6).
    MoreVp,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Win(Side, WinReason),
    Draw,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(s, WinReason::VpTarget) => write!(f, "{s} win: VP target reached"),
            Outcome::Win(s, WinReason::WipeOut) => write!(f, "{s} win: no enemy left"),
            Outcome::Win(s, WinReason::MoreVp) => write!(f, "{s} win: more VP"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// The acting model's progress through its action (R12).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Act {
    pub model: ModelId,
    /// Squares moved so far in this action (entering from off the board counts, R6).
    pub steps: u8,
    pub shot: bool,
    pub aimed: bool,
    pub stood: bool,
}

/// What the game is waiting for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Set-up: `side` places its next undeployed model.
    Deploy(Side),
    /// The Turn player chooses a model to act with.
    TurnStart,
    /// A model is acting.
    Acting(Act),
    /// One model has acted this Turn: act with a second or end the Turn (R11).
    AfterFirst,
    /// A Fight is starting: the attacker picks its opponent, or, when only Heroes can
    /// defend, their owner picks (R16).
    FightTarget {
        attacker: ModelId,
        charge: bool,
    },
    /// The defending player chooses Fight or Survive (R16).
    Defence {
        attacker: ModelId,
        defender: ModelId,
        charge: bool,
    },
    GameOver(Outcome),
}

/// How a Shoot test ended (R15).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ShotResult {
    Kill,
    /// Saved only by armour: Rattled.
    Rattled,
    Miss,
}

/// One thing that happened, for logs and displays. Search ignores them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    CounterPlaced(Square),
    Deployed(ModelId, Square),
    Activated(ModelId),
    StoodUp(ModelId),
    Moved {
        model: ModelId,
        from: Option<Square>,
        to: Square,
    },
    Exited(ModelId, Edge),
    Aimed(ModelId),
    Revealed(Square, CounterKind),
    Claimed(ModelId, CounterKind),
    /// A test's dice: who rolled, how many dice at what value, every face, successes.
    Roll {
        model: ModelId,
        test: Test,
        dice: u8,
        value: u8,
        faces: Vec<u8>,
        successes: u8,
        /// Automatic successes added (armour).
        bonus: u8,
    },
    Shot {
        shooter: ModelId,
        target: ModelId,
        los: Los,
        result: ShotResult,
    },
    FightStarted {
        attacker: ModelId,
        defender: ModelId,
    },
    Fought {
        attacker: ModelId,
        defender: ModelId,
        defence: Defence,
        killed: Option<ModelId>,
    },
    Killed {
        model: ModelId,
        by: Side,
        vp: u16,
    },
    RattleTest {
        model: ModelId,
        roll: u8,
        rattled: bool,
    },
    TurnEnded {
        next: Side,
    },
    RoundEnded {
        round: u16,
        next_first: Side,
    },
    VpScored {
        side: Side,
        vp: u16,
        total: u16,
    },
    GameOver(Outcome),
}

/// Which value a test is rolled against.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Test {
    Shoot,
    Fight,
    Survive,
}

/// Receives events as they happen. `()` ignores them at no cost.
pub trait EventSink {
    /// Whether events are wanted (lets the engine skip building them).
    const ENABLED: bool;
    fn event(&mut self, e: Event);
}

impl EventSink for () {
    const ENABLED: bool = false;
    #[inline]
    fn event(&mut self, _: Event) {}
}

impl EventSink for Vec<Event> {
    const ENABLED: bool = true;
    fn event(&mut self, e: Event) {
        self.push(e);
    }
}

/// An action that is not legal now, and why. The state is unchanged.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("illegal action `{action}`: {reason}")]
pub struct IllegalAction {
    pub action: Action,
    pub reason: String,
}

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
    occ: BySide<u64>,
    /// Squares holding a face-down counter (at most one each, R24).
    hidden: u64,
    /// Squares holding a face-up, unclaimed counter of each kind.
    face_up: [u64; 2],
    /// Unrevealed identities (placed face down or set aside): [critters, secrets].
    pool: [u8; 2],
    /// Counters each side has claimed.
    claimed: BySide<u16>,
    vp: BySide<u16>,
    round: u16,
    turn: u32,
    turn_player: Side,
    /// Models that have acted in the current Turn.
    acted_this_turn: u8,
    /// The side that first had no model left to act this Round (R13).
    ran_out_first: Option<Side>,
    phase: Phase,
}

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
            && self.round == o.round
            && self.turn == o.turn
            && self.turn_player == o.turn_player
            && self.acted_this_turn == o.acted_this_turn
            && self.ran_out_first == o.ran_out_first
            && self.phase == o.phase
    }
}

const PLACEHOLDER: Model = Model {
    side: Side::Humans,
    profile: 0,
    loc: Loc::Dead,
    rattled: false,
    activated: false,
    moved_in: false,
};

/// Bitboard of squares whose column lies in `c0..=c1` and row in `r0..=r1`.
#[inline]
fn rect(c0: i8, c1: i8, r0: i8, r1: i8) -> u64 {
    let cols: u64 = ((1u64 << (c1 - c0 + 1)) - 1) << c0;
    let row_bits: u64 = cols * 0x0101_0101_0101_0101;
    let rows: u64 = if r1 - r0 + 1 >= 8 {
        u64::MAX
    } else {
        ((1u64 << ((r1 - r0 + 1) * 8)) - 1) << (r0 * 8)
    };
    row_bits & rows
}

/// Squares within `r` squares (R8) of `s`.
#[inline]
pub fn within_range(s: Square, r: u8) -> u64 {
    let r = r.min(7) as i8;
    rect(
        (s.col() - r).max(0),
        (s.col() + r).min(7),
        (s.row() - r).max(0),
        (s.row() + r).min(7),
    )
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
            hidden: 0,
            face_up: [0; 2],
            pool: [scenario.counters.critters, scenario.counters.secrets],
            claimed: BySide::default(),
            vp: BySide::default(),
            round: 1,
            turn: 0,
            turn_player: scenario.first_turn,
            acted_this_turn: 0,
            ran_out_first: None,
            phase: Phase::TurnStart,
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
        let to_place = g.scenario.counters.placed;
        let forbidden = g.map.blockers();
        let free = !(forbidden | g.occ[Side::Humans] | g.occ[Side::Martians]);
        for _ in 0..to_place.min(free.count_ones() as u8) {
            let mut dice = D8Stream::new(rng);
            loop {
                let row = dice.roll() as i8 - 1;
                let col = dice.roll() as i8 - 1;
                let sq = Square::new(col, row).expect("a D8 is 1..=8");
                if free & !g.hidden & sq.bit() != 0 {
                    g.hidden |= sq.bit();
                    if S::ENABLED {
                        sink.event(Event::CounterPlaced(sq));
                    }
                    break;
                }
            }
        }
        g.phase = match g.next_deployer() {
            Some(side) => Phase::Deploy(side),
            None => Phase::TurnStart,
        };
        g.begin_turn_or_skip(sink);
        g
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
    pub fn claimed(&self, side: Side) -> u16 {
        self.claimed[side]
    }
    /// Models of `side` in `sq`.
    pub fn count(&self, side: Side, sq: Square) -> u8 {
        self.count[side][sq.index()]
    }
    /// Squares holding models of `side`.
    pub fn occupied(&self, side: Side) -> u64 {
        self.occ[side]
    }
    /// Squares with a face-down counter.
    pub fn hidden_counters(&self) -> u64 {
        self.hidden
    }
    /// Squares with a face-up, unclaimed counter of `kind`.
    pub fn face_up_counters(&self, kind: CounterKind) -> u64 {
        self.face_up[kind as usize]
    }
    /// Unrevealed counter identities left: (critters, secrets).
    pub fn counter_pool(&self) -> (u8, u8) {
        (self.pool[0], self.pool[1])
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

    /// Who makes the next decision (`None` once the game is over).
    pub fn to_move(&self) -> Option<Side> {
        match self.phase {
            Phase::Deploy(side) => Some(side),
            Phase::TurnStart | Phase::Acting(_) | Phase::AfterFirst => Some(self.turn_player),
            Phase::FightTarget { attacker, .. } => {
                let a = &self.models[attacker.index()];
                if self.has_soldier_opponent(attacker) {
                    Some(a.side)
                } else {
                    Some(a.side.other())
                }
            }
            Phase::Defence { defender, .. } => Some(self.models[defender.index()].side),
            Phase::GameOver(_) => None,
        }
    }

    /// Models in `sq`, in id order.
    pub fn models_in(&self, sq: Square) -> impl Iterator<Item = ModelId> + '_ {
        (0..self.n_models)
            .map(ModelId)
            .filter(move |id| self.models[id.index()].loc == Loc::Board(sq))
    }

    /// Can this model be activated now by its side (ignoring whose Turn it is)?
    pub fn can_activate(&self, id: ModelId) -> bool {
        let m = &self.models[id.index()];
        if m.activated {
            return false;
        }
        match m.loc {
            Loc::Board(_) => true,
            Loc::Waiting => self.entry_open(m.side),
            _ => false,
        }
    }

    fn entry_open(&self, side: Side) -> bool {
        self.scenario.sides[side]
            .entry
            .is_some_and(|e| e.round <= self.round)
    }

    /// Has `side` a model left to act this Round?
    pub fn can_act(&self, side: Side) -> bool {
        (0..self.n_models)
            .map(ModelId)
            .any(|id| self.models[id.index()].side == side && self.can_activate(id))
    }

    // ----- the legal list ----------------------------------------------------------

    /// Every legal decision now, in a fixed order. Empty only when the game is over.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::GameOver(_) => {}
            Phase::Deploy(side) => {
                let zone = self.scenario.sides[side].deployment & !self.map.blockers();
                for sq in squares_of(zone) {
                    if self.total(sq) < CAPACITY {
                        out.push(Action::Deploy(sq));
                    }
                }
            }
            Phase::TurnStart => self.push_activations(out),
            Phase::AfterFirst => {
                self.push_activations(out);
                out.push(Action::EndTurn);
            }
            Phase::Acting(act) => self.push_act(act, out),
            Phase::FightTarget { attacker, .. } => {
                let soldiers = self.has_soldier_opponent(attacker);
                for id in self.opponents(attacker) {
                    if self.profile(id).has(Ability::Hero) != soldiers {
                        out.push(if soldiers {
                            Action::Fight(id)
                        } else {
                            Action::Defender(id)
                        });
                    }
                }
            }
            Phase::Defence { .. } => {
                out.push(Action::Defend(Defence::Fight));
                out.push(Action::Defend(Defence::Survive));
            }
        }
    }

    fn push_activations(&self, out: &mut Vec<Action>) {
        for i in 0..self.n_models {
            let id = ModelId(i);
            if self.models[i as usize].side == self.turn_player && self.can_activate(id) {
                out.push(Action::Activate(id));
            }
        }
    }

    fn push_act(&self, act: Act, out: &mut Vec<Action>) {
        let m = &self.models[act.model.index()];
        let Some(sq) = m.square() else {
            // Off the board: the only way on is across the entry edge (R6).
            self.push_entry_moves(m.side, out);
            if out.is_empty() {
                out.push(Action::Done);
            }
            return;
        };
        if m.rattled {
            out.push(Action::Stand);
            return;
        }
        if act.aimed {
            self.push_shots(act.model, sq, out);
            return;
        }
        let (may_move, may_shoot) = act_options(act);
        if may_move {
            self.push_moves(m.side, sq, out);
        }
        if may_shoot {
            self.push_shots(act.model, sq, out);
            if !act.stood && act.steps == 0 && !act.shot && out.iter().any(is_shot) {
                out.push(Action::Aim);
            }
        }
        out.push(Action::Done);
    }

    fn push_entry_moves(&self, side: Side, out: &mut Vec<Action>) {
        if let Some(entry) = self.scenario.sides[side].entry {
            let edge_sq = entry.edge.board_squares() & !self.map.blockers();
            for t in squares_of(edge_sq) {
                if self.total(t) < CAPACITY {
                    out.push(Action::Move(t));
                }
            }
        }
    }

    /// Steps from `sq` (R4-R7): allowed by the map, into a square with room, and not out
    /// of a square that holds a non-Rattled enemy.
    fn push_moves(&self, side: Side, sq: Square, out: &mut Vec<Action>) {
        if self.standing[side.other()][sq.index()] > 0 {
            return; // R7: enemies that are not all Rattled hold the model in place.
        }
        for t in squares_of(self.map.step_targets(sq)) {
            if self.total(t) < CAPACITY {
                out.push(Action::Move(t));
            }
        }
        if let Some(edge) = self.scenario.sides[side].exit
            && edge.board_squares() & sq.bit() != 0
        {
            out.push(Action::Exit(edge));
        }
    }

    /// Shoot targets of `shooter` in `sq` (R8, R9, R12, R15).
    fn push_shots(&self, shooter: ModelId, sq: Square, out: &mut Vec<Action>) {
        let bb = self.shot_squares(shooter, sq);
        if bb == 0 {
            return;
        }
        let enemy = self.models[shooter.index()].side.other();
        for i in 0..self.n_models {
            let t = &self.models[i as usize];
            if t.side == enemy
                && let Loc::Board(ts) = t.loc
                && bb & ts.bit() != 0
            {
                out.push(Action::Shoot(ModelId(i)));
            }
        }
    }

    /// Squares `shooter` standing in `sq` may Shoot into.
    fn shot_squares(&self, shooter: ModelId, sq: Square) -> u64 {
        let side = self.models[shooter.index()].side;
        let enemy = side.other();
        if self.count[enemy][sq.index()] > 0 {
            return 0; // R12: no Shoot from a square holding enemies.
        }
        let range = self.profile(shooter).range;
        self.occ[enemy]
            & !self.occ[side] // R12: not into a square holding both sides.
            & self.map.seen_from(sq)
            & within_range(sq, range)
            & !sq.bit()
    }

    #[inline]
    fn total(&self, sq: Square) -> u8 {
        self.count[Side::Humans][sq.index()] + self.count[Side::Martians][sq.index()]
    }

    /// Enemy models in the attacker's square, in id order.
    fn opponents(&self, attacker: ModelId) -> impl Iterator<Item = ModelId> + '_ {
        let a = &self.models[attacker.index()];
        let side = a.side;
        let loc = a.loc;
        (0..self.n_models).map(ModelId).filter(move |id| {
            let m = &self.models[id.index()];
            m.side != side && m.loc == loc
        })
    }

    fn has_soldier_opponent(&self, attacker: ModelId) -> bool {
        self.opponents(attacker)
            .any(|id| !self.profile(id).has(Ability::Hero))
    }

    // ----- applying decisions ------------------------------------------------------

    /// Apply `action` if it is legal; otherwise return why not and leave the state as it
    /// was.
    pub fn play<R: RngCore + ?Sized>(
        &mut self,
        action: Action,
        rng: &mut R,
    ) -> Result<(), IllegalAction> {
        self.play_logged(action, rng, &mut ())
    }

    /// `play`, reporting what happens to `sink`.
    pub fn play_logged<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        action: Action,
        rng: &mut R,
        sink: &mut S,
    ) -> Result<(), IllegalAction> {
        let mut legal = Vec::with_capacity(32);
        self.legal_actions(&mut legal);
        if !legal.contains(&action) {
            return Err(IllegalAction {
                action,
                reason: self.explain_illegal(action, &legal),
            });
        }
        self.apply_logged(action, rng, sink);
        Ok(())
    }

    /// Apply a legal action without checking (for search). An illegal action leaves the
    /// state unspecified (but never unsafe).
    #[inline]
    pub fn apply<R: RngCore + ?Sized>(&mut self, action: Action, rng: &mut R) {
        self.apply_logged(action, rng, &mut ())
    }

    /// `apply`, reporting what happens to `sink`.
    pub fn apply_logged<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        action: Action,
        rng: &mut R,
        sink: &mut S,
    ) {
        match (self.phase, action) {
            (Phase::Deploy(side), Action::Deploy(sq)) => {
                if let Some(id) = self.next_undeployed(side) {
                    self.put(id, sq);
                    if S::ENABLED {
                        sink.event(Event::Deployed(id, sq));
                    }
                }
                if self.next_undeployed(side).is_none() {
                    self.phase = match self.next_deployer() {
                        Some(s) => Phase::Deploy(s),
                        None => Phase::TurnStart,
                    };
                    self.begin_turn_or_skip(sink);
                }
            }
            (Phase::TurnStart | Phase::AfterFirst, Action::Activate(id)) => {
                self.activate(id, rng, sink);
            }
            (Phase::AfterFirst, Action::EndTurn) => self.end_turn(sink),
            (Phase::Acting(act), a) => self.act(act, a, rng, sink),
            (Phase::FightTarget { attacker, charge }, Action::Fight(d) | Action::Defender(d)) => {
                self.start_fight(attacker, d, charge, rng, sink);
            }
            (
                Phase::Defence {
                    attacker,
                    defender,
                    charge,
                },
                Action::Defend(choice),
            ) => self.resolve_fight(attacker, defender, charge, choice, rng, sink),
            _ => debug_assert!(false, "apply: {action} is not legal in {:?}", self.phase),
        }
    }

    fn next_undeployed(&self, side: Side) -> Option<ModelId> {
        (0..self.n_models).map(ModelId).find(|id| {
            let m = &self.models[id.index()];
            m.side == side && m.loc == Loc::Undeployed
        })
    }

    fn next_deployer(&self) -> Option<Side> {
        self.scenario
            .deploy_order
            .iter()
            .copied()
            .find(|s| self.next_undeployed(*s).is_some())
    }

    fn activate<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        id: ModelId,
        rng: &mut R,
        sink: &mut S,
    ) {
        if S::ENABLED {
            sink.event(Event::Activated(id));
        }
        let act = Act {
            model: id,
            steps: 0,
            shot: false,
            aimed: false,
            stood: false,
        };
        self.phase = Phase::Acting(act);
        let m = self.models[id.index()];
        if let Loc::Board(sq) = m.loc {
            // R24: activating in a square with counters reveals them (P2: and claims).
            self.reveal(id, sq, rng, sink);
            if self.is_over() {
                return;
            }
            // R12: a model starting in a square with a non-Rattled enemy may only Fight.
            if !m.rattled && self.standing[m.side.other()][sq.index()] > 0 {
                self.phase = Phase::FightTarget {
                    attacker: id,
                    charge: false,
                };
            }
        }
    }

    fn act<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        mut act: Act,
        action: Action,
        rng: &mut R,
        sink: &mut S,
    ) {
        let id = act.model;
        match action {
            Action::Stand => {
                self.set_rattled(id, false);
                act.stood = true;
                if S::ENABLED {
                    sink.event(Event::StoodUp(id));
                }
                let m = self.models[id.index()];
                if let Loc::Board(sq) = m.loc
                    && self.count[m.side.other()][sq.index()] > 0
                {
                    // R17: standing up among enemies starts a Fight at once.
                    self.phase = Phase::FightTarget {
                        attacker: id,
                        charge: false,
                    };
                    return;
                }
                self.phase = Phase::Acting(act);
            }
            Action::Aim => {
                act.aimed = true;
                if S::ENABLED {
                    sink.event(Event::Aimed(id));
                }
                self.phase = Phase::Acting(act);
            }
            Action::Move(to) => {
                act.steps += 1;
                let from = self.models[id.index()].square();
                self.step(id, to);
                if S::ENABLED {
                    sink.event(Event::Moved {
                        model: id,
                        from,
                        to,
                    });
                }
                self.reveal(id, to, rng, sink);
                if self.is_over() {
                    return;
                }
                let enemy = self.models[id.index()].side.other();
                if self.count[enemy][to.index()] > 0 {
                    // R7: moving into enemies ends the move and starts a Fight.
                    self.phase = Phase::FightTarget {
                        attacker: id,
                        charge: true,
                    };
                    return;
                }
                self.phase = Phase::Acting(act);
                self.continue_or_finish(act, sink);
            }
            Action::Exit(edge) => {
                self.remove(id);
                self.models[id.index()].loc = Loc::Exited;
                if S::ENABLED {
                    sink.event(Event::Exited(id, edge));
                }
                let side = self.models[id.index()].side;
                let vp = self.scenario.sides[side].vp.exit;
                self.score(side, vp, sink);
                if self.check_victory(sink) {
                    return;
                }
                self.finish_activation(id, sink);
            }
            Action::Shoot(target) => {
                act.shot = true;
                self.shoot(id, target, act.aimed, rng, sink);
                if self.is_over() {
                    return;
                }
                self.phase = Phase::Acting(act);
                self.continue_or_finish(act, sink);
            }
            Action::Done => self.finish_activation(id, sink),
            _ => debug_assert!(false, "act: {action} is not legal"),
        }
    }

    /// After a step or a shot: end the action when nothing is left to do.
    fn continue_or_finish<S: EventSink>(&mut self, act: Act, sink: &mut S) {
        let (may_move, may_shoot) = act_options(act);
        if !may_move && !may_shoot {
            self.finish_activation(act.model, sink);
        }
    }

    fn shoot<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        shooter: ModelId,
        target: ModelId,
        aimed: bool,
        rng: &mut R,
        sink: &mut S,
    ) {
        let from = self.models[shooter.index()]
            .square()
            .expect("shooter on board");
        let to = self.models[target.index()]
            .square()
            .expect("target on board");
        let los = self.map.los(from, to);
        // R15: 3 dice if seen, 4 if a clear shot, +1 if Aiming.
        let dice = if los == Los::Clear { 4 } else { 3 } + aimed as u8;
        let shoot_value = self.profile(shooter).shoot;
        let tp = self.profile(target);
        let survive_value = tp.survive;
        let armour = tp.has(Ability::Armoured) as u8;
        let hits = self.roll(shooter, Test::Shoot, dice, shoot_value, 0, rng, sink);
        let saves = self.roll(target, Test::Survive, 3, survive_value, armour, rng, sink);
        let result = if hits > saves + armour {
            ShotResult::Kill
        } else if hits > saves {
            ShotResult::Rattled
        } else {
            ShotResult::Miss
        };
        if S::ENABLED {
            sink.event(Event::Shot {
                shooter,
                target,
                los,
                result,
            });
        }
        let side = self.models[shooter.index()].side;
        match result {
            ShotResult::Kill => {
                let vp = self.scenario.sides[side].vp.shoot_kill;
                self.kill(target, side, vp, sink);
                // R17: every other model in the square that is not Rattled tests.
                let mut dice = D8Stream::new(rng);
                for i in 0..self.n_models {
                    let m = self.models[i as usize];
                    if m.loc == Loc::Board(to) && !m.rattled {
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
                self.check_victory(sink);
            }
            ShotResult::Rattled => self.set_rattled(target, true),
            ShotResult::Miss => {}
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn roll<R: RngCore + ?Sized, S: EventSink>(
        &self,
        model: ModelId,
        test: Test,
        dice: u8,
        value: u8,
        bonus: u8,
        rng: &mut R,
        sink: &mut S,
    ) -> u8 {
        if S::ENABLED {
            let mut faces = Vec::new();
            let successes = roll_test_faces(rng, dice, value, &mut faces);
            sink.event(Event::Roll {
                model,
                test,
                dice,
                value,
                faces,
                successes,
                bonus,
            });
            successes
        } else {
            roll_test(rng, dice, value)
        }
    }

    fn start_fight<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        attacker: ModelId,
        defender: ModelId,
        charge: bool,
        rng: &mut R,
        sink: &mut S,
    ) {
        if S::ENABLED {
            sink.event(Event::FightStarted { attacker, defender });
        }
        if self.models[defender.index()].rattled {
            // R16: a Rattled defender may only Survive.
            self.resolve_fight(attacker, defender, charge, Defence::Survive, rng, sink);
        } else {
            self.phase = Phase::Defence {
                attacker,
                defender,
                charge,
            };
        }
    }

    /// Fight dice (R16): 3, +1 for moving into the square this Turn, +1 for at least one
    /// friendly model in the square.
    pub fn fight_dice(&self, id: ModelId) -> u8 {
        let m = &self.models[id.index()];
        let sq = m.square().expect("fighter on board");
        3 + m.moved_in as u8 + (self.count[m.side][sq.index()] > 1) as u8
    }

    fn resolve_fight<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        attacker: ModelId,
        defender: ModelId,
        _charge: bool,
        defence: Defence,
        rng: &mut R,
        sink: &mut S,
    ) {
        let a_dice = self.fight_dice(attacker);
        let d_dice = self.fight_dice(defender);
        let a_value = self.profile(attacker).fight;
        let dp = self.profile(defender);
        let (d_value, d_test) = match defence {
            Defence::Fight => (dp.fight, Test::Fight),
            Defence::Survive => (dp.survive, Test::Survive),
        };
        let a = self.roll(attacker, Test::Fight, a_dice, a_value, 0, rng, sink);
        let d = self.roll(defender, d_test, d_dice, d_value, 0, rng, sink);
        // R16: strictly more wins; only a winner who rolled Fight kills. Armour does nothing.
        let killed = if a > d {
            Some((defender, attacker))
        } else if d > a && defence == Defence::Fight {
            Some((attacker, defender))
        } else {
            None
        };
        if S::ENABLED {
            sink.event(Event::Fought {
                attacker,
                defender,
                defence,
                killed: killed.map(|k| k.0),
            });
        }
        if let Some((dead, killer)) = killed {
            let side = self.models[killer.index()].side;
            let vp = self.scenario.sides[side].vp.fight_kill;
            self.kill(dead, side, vp, sink);
            if self.check_victory(sink) {
                return;
            }
        }
        // R16: a Fight ends the acting model's action.
        self.finish_activation(attacker, sink);
    }

    fn kill<S: EventSink>(&mut self, id: ModelId, by: Side, vp: u16, sink: &mut S) {
        self.remove(id);
        let m = &mut self.models[id.index()];
        m.loc = Loc::Dead;
        m.rattled = false;
        if S::ENABLED {
            sink.event(Event::Killed { model: id, by, vp });
        }
        self.score(by, vp, sink);
    }

    fn score<S: EventSink>(&mut self, side: Side, vp: u16, sink: &mut S) {
        if vp > 0 {
            self.vp[side] = self.vp[side].saturating_add(vp);
            if S::ENABLED {
                sink.event(Event::VpScored {
                    side,
                    vp,
                    total: self.vp[side],
                });
            }
        }
    }

    /// R24: reveal a face-down counter in `sq`; the model's side claims counters of its
    /// kind there (P2).
    fn reveal<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        id: ModelId,
        sq: Square,
        rng: &mut R,
        sink: &mut S,
    ) {
        let bit = sq.bit();
        if self.hidden & bit != 0 {
            self.hidden &= !bit;
            // The identity is drawn only now, from every identity not yet seen (R24).
            let total = self.pool[0] as u32 + self.pool[1] as u32;
            let kind = if total > 0 && rng.random_range(0..total) >= self.pool[0] as u32 {
                CounterKind::AlienSecret
            } else {
                CounterKind::Critter
            };
            let k = kind as usize;
            self.pool[k] = self.pool[k].saturating_sub(1);
            self.face_up[k] |= bit;
            if S::ENABLED {
                sink.event(Event::Revealed(sq, kind));
            }
        }
        let side = self.models[id.index()].side;
        let kind = match side {
            Side::Martians => CounterKind::Critter,
            Side::Humans => CounterKind::AlienSecret,
        };
        if self.face_up[kind as usize] & bit != 0 {
            self.face_up[kind as usize] &= !bit;
            self.claimed[side] += 1;
            if S::ENABLED {
                sink.event(Event::Claimed(id, kind));
            }
            let awards = self.scenario.sides[side].vp;
            if self.claimed[side] > awards.counters_free {
                self.score(side, awards.counter, sink);
            }
            self.check_victory(sink);
        }
    }

    fn set_rattled(&mut self, id: ModelId, rattled: bool) {
        let m = &mut self.models[id.index()];
        if m.rattled == rattled {
            return;
        }
        m.rattled = rattled;
        if let Loc::Board(sq) = m.loc {
            let side = m.side;
            if rattled {
                self.standing[side][sq.index()] -= 1;
            } else {
                self.standing[side][sq.index()] += 1;
            }
        }
    }

    /// Place a model that is not on the board onto `sq`.
    fn put(&mut self, id: ModelId, sq: Square) {
        let m = &mut self.models[id.index()];
        m.loc = Loc::Board(sq);
        let side = m.side;
        let rattled = m.rattled;
        self.count[side][sq.index()] += 1;
        if !rattled {
            self.standing[side][sq.index()] += 1;
        }
        self.occ[side] |= sq.bit();
    }

    /// Take a model off its square (its `loc` is left for the caller to set).
    fn remove(&mut self, id: ModelId) {
        let m = &self.models[id.index()];
        if let Loc::Board(sq) = m.loc {
            let side = m.side;
            let i = sq.index();
            self.count[side][i] -= 1;
            if !m.rattled {
                self.standing[side][i] -= 1;
            }
            if self.count[side][i] == 0 {
                self.occ[side] &= !sq.bit();
            }
        }
    }

    fn step(&mut self, id: ModelId, to: Square) {
        self.remove(id);
        self.put(id, to);
        self.models[id.index()].moved_in = true;
    }

    fn finish_activation<S: EventSink>(&mut self, id: ModelId, sink: &mut S) {
        self.models[id.index()].activated = true;
        self.acted_this_turn += 1;
        self.note_ran_out();
        if self.acted_this_turn < 2 && self.can_act(self.turn_player) {
            self.phase = Phase::AfterFirst;
        } else {
            self.end_turn(sink);
        }
    }

    /// R13: remember which side first had no model left to act this Round. If both ran
    /// out at once, the Turn player's own action did it, so it counts as first.
    fn note_ran_out(&mut self) {
        if self.ran_out_first.is_some() {
            return;
        }
        let me = self.turn_player;
        if !self.can_act(me) {
            self.ran_out_first = Some(me);
        } else if !self.can_act(me.other()) {
            self.ran_out_first = Some(me.other());
        }
    }

    fn end_turn<S: EventSink>(&mut self, sink: &mut S) {
        for m in &mut self.models[..self.n_models as usize] {
            m.moved_in = false;
        }
        self.note_ran_out();
        let next = self.turn_player.other();
        if self.can_act(next) {
            self.turn_player = next;
        } else if !self.can_act(self.turn_player) {
            self.end_round(sink);
            return;
        }
        if S::ENABLED {
            sink.event(Event::TurnEnded {
                next: self.turn_player,
            });
        }
        self.phase = Phase::TurnStart;
        self.start_turn();
    }

    fn start_turn(&mut self) {
        self.turn += 1;
        self.acted_this_turn = 0;
    }

    /// R13: the Round ends when every model has acted.
    fn end_round<S: EventSink>(&mut self, sink: &mut S) {
        let first = self.ran_out_first.unwrap_or(self.turn_player);
        if S::ENABLED {
            sink.event(Event::RoundEnded {
                round: self.round,
                next_first: first,
            });
        }
        if let Some(limit) = self.scenario.round_limit
            && self.round >= limit
        {
            let o = self.more_vp_outcome(None);
            self.game_over(o, sink);
            return;
        }
        self.round += 1;
        for m in &mut self.models[..self.n_models as usize] {
            m.activated = false;
        }
        self.ran_out_first = None;
        self.turn_player = first;
        self.phase = Phase::TurnStart;
        self.begin_turn_or_skip(sink);
    }

    /// Enter `TurnStart` properly: skip to the other side if the Turn player has no model
    /// to act, and end the Round if neither has.
    fn begin_turn_or_skip<S: EventSink>(&mut self, sink: &mut S) {
        if self.phase != Phase::TurnStart {
            return;
        }
        if !self.can_act(self.turn_player) {
            if self.can_act(self.turn_player.other()) {
                self.turn_player = self.turn_player.other();
            } else {
                // Nobody can act at all: a scenario where no side has models in play.
                let o = self.more_vp_outcome(None);
                self.game_over(o, sink);
                return;
            }
        }
        self.start_turn();
    }

    fn more_vp_outcome(&self, tie: Option<Side>) -> Outcome {
        let (h, m) = (self.vp[Side::Humans], self.vp[Side::Martians]);
        if h > m {
            Outcome::Win(Side::Humans, WinReason::MoreVp)
        } else if m > h {
            Outcome::Win(Side::Martians, WinReason::MoreVp)
        } else if let Some(s) = tie {
            Outcome::Win(s, WinReason::MoreVp)
        } else {
            Outcome::Draw
        }
    }

    /// R25: check the VP target and wipe-out; returns true if the game is over.
    fn check_victory<S: EventSink>(&mut self, sink: &mut S) -> bool {
        if self.is_over() {
            return true;
        }
        let target = self.scenario.vp_target;
        let h = self.vp[Side::Humans] >= target;
        let m = self.vp[Side::Martians] >= target;
        let outcome = match (h, m) {
            (true, false) => Some(Outcome::Win(Side::Humans, WinReason::VpTarget)),
            (false, true) => Some(Outcome::Win(Side::Martians, WinReason::VpTarget)),
            (true, true) => {
                // Both at once: more VP wins, else the player whose Turn it is.
                let vh = self.vp[Side::Humans];
                let vm = self.vp[Side::Martians];
                let s = if vh > vm {
                    Side::Humans
                } else if vm > vh {
                    Side::Martians
                } else {
                    self.turn_player
                };
                Some(Outcome::Win(s, WinReason::VpTarget))
            }
            (false, false) => {
                // R25, P6: a side with no model left on the table.
                let gone = |s: Side| {
                    self.models()
                        .iter()
                        .all(|m| m.side != s || matches!(m.loc, Loc::Dead | Loc::Exited))
                };
                let all_dead = |s: Side| {
                    self.models()
                        .iter()
                        .all(|m| m.side != s || m.loc == Loc::Dead)
                };
                match (gone(Side::Humans), gone(Side::Martians)) {
                    (false, false) => None,
                    (true, true) => Some(self.more_vp_outcome(None)),
                    (true, false) if all_dead(Side::Humans) => {
                        Some(Outcome::Win(Side::Martians, WinReason::WipeOut))
                    }
                    (false, true) if all_dead(Side::Martians) => {
                        Some(Outcome::Win(Side::Humans, WinReason::WipeOut))
                    }
                    _ => Some(self.more_vp_outcome(None)),
                }
            }
        };
        match outcome {
            Some(o) => {
                self.game_over(o, sink);
                true
            }
            None => false,
        }
    }

    fn game_over<S: EventSink>(&mut self, o: Outcome, sink: &mut S) {
        self.phase = Phase::GameOver(o);
        if S::ENABLED {
            sink.event(Event::GameOver(o));
        }
    }

    // ----- explanations ------------------------------------------------------------

    /// Why `action` is not in `legal`, in words a player understands.
    fn explain_illegal(&self, action: Action, legal: &[Action]) -> String {
        if let Phase::GameOver(o) = self.phase {
            return format!("the game is over ({o})");
        }
        let specific = self.why_not(action);
        let mut choices: Vec<String> = legal.iter().take(12).map(|a| a.to_string()).collect();
        if legal.len() > 12 {
            choices.push(format!("... {} in all", legal.len()));
        }
        let who = self.to_move().map(|s| s.name()).unwrap_or("nobody");
        format!(
            "{specific}; {who} to decide, legal now: {}",
            choices.join(", ")
        )
    }

    fn model_problem(&self, id: ModelId) -> Option<String> {
        if id.index() >= self.n_models as usize {
            return Some(format!(
                "there is no model {id} (this scenario has m1..m{})",
                self.n_models
            ));
        }
        match self.models[id.index()].loc {
            Loc::Dead => Some(format!("{id} is dead")),
            Loc::Exited => Some(format!("{id} has left the board")),
            Loc::Undeployed => Some(format!("{id} has not been deployed yet")),
            _ => None,
        }
    }

    fn why_not(&self, action: Action) -> String {
        let acting = match self.phase {
            Phase::Acting(a) => Some(a),
            _ => None,
        };
        let phase_text = match self.phase {
            Phase::Deploy(side) => format!("the {side} are deploying"),
            Phase::TurnStart => format!("the {} must choose a model to act", self.turn_player),
            Phase::AfterFirst => format!(
                "the {} may act with a second model or end the Turn",
                self.turn_player
            ),
            Phase::Acting(a) => format!("{} is acting", a.model),
            Phase::FightTarget { attacker, .. } => {
                format!("{attacker} is starting a Fight and an opponent must be picked")
            }
            Phase::Defence { defender, .. } => {
                format!("{defender} must choose to Fight or Survive")
            }
            Phase::GameOver(_) => "the game is over".to_string(),
        };
        match action {
            Action::Deploy(sq) => match self.phase {
                Phase::Deploy(side) => {
                    if self.scenario.sides[side].deployment & sq.bit() == 0 {
                        format!("{sq} is not in the {side}' deployment zone")
                    } else if self.map.blockers() & sq.bit() != 0 {
                        format!("{sq} holds a blocker")
                    } else {
                        format!("{sq} already holds {CAPACITY} models (R3)")
                    }
                }
                _ => format!("set-up is over: {phase_text}"),
            },
            Action::Activate(id) => {
                if let Some(p) = self.model_problem(id) {
                    return p;
                }
                let m = &self.models[id.index()];
                if !matches!(self.phase, Phase::TurnStart | Phase::AfterFirst) {
                    return format!("no model can be activated now: {phase_text}");
                }
                if m.side != self.turn_player {
                    return format!(
                        "{id} is a {} model and it is the {}' Turn",
                        m.side, self.turn_player
                    );
                }
                if m.activated {
                    return format!("{id} has already acted this Round");
                }
                if m.loc == Loc::Waiting {
                    let r = self.scenario.sides[m.side].entry.map(|e| e.round);
                    return match r {
                        Some(r) => format!("{id} enters the board in Round {r}"),
                        None => format!("{id} has no way onto the board"),
                    };
                }
                format!("{id} cannot act now")
            }
            Action::Stand => match acting {
                Some(a) if !self.models[a.model.index()].rattled => {
                    format!("{} is not Rattled (R12)", a.model)
                }
                _ => format!("no Rattled model is acting: {phase_text}"),
            },
            Action::Aim => match acting {
                Some(a) if self.models[a.model.index()].rattled => {
                    format!("{} is Rattled and must Stand Up first (R12)", a.model)
                }
                Some(a) if a.steps > 0 || a.shot || a.stood || a.aimed => format!(
                    "{} can only Aim as its whole action, before moving or shooting (R12)",
                    a.model
                ),
                Some(a) => format!("{} has no target to Aim at", a.model),
                None => format!("no model is acting: {phase_text}"),
            },
            Action::Move(to) => {
                let Some(a) = acting else {
                    return format!("no model is acting: {phase_text}");
                };
                let m = &self.models[a.model.index()];
                if m.rattled {
                    return format!("{} is Rattled and must Stand Up first (R12)", a.model);
                }
                let Some(from) = m.square() else {
                    let edge = self.scenario.sides[m.side].entry.map(|e| e.edge);
                    return match edge {
                        Some(e) if e.board_squares() & to.bit() == 0 => format!(
                            "{} must come onto the board across the {e} edge, and {to} is not on it (R6)",
                            a.model
                        ),
                        Some(_) => format!("{to} is full or blocked"),
                        None => format!("{} has no way onto the board", a.model),
                    };
                };
                let (may_move, _) = act_options(a);
                if a.aimed {
                    return format!("{} has Aimed and must Shoot (R12)", a.model);
                }
                if !may_move {
                    return format!(
                        "{} has no move left in this action (moved {}, shot: {}) (R12)",
                        a.model, a.steps, a.shot
                    );
                }
                self.why_not_step(a.model, from, to)
            }
            Action::Exit(edge) => {
                let Some(a) = acting else {
                    return format!("no model is acting: {phase_text}");
                };
                let side = self.models[a.model.index()].side;
                match self.scenario.sides[side].exit {
                    None => format!("the {side} have no exit edge in this scenario (R6)"),
                    Some(e) if e != edge => format!("the {side} may only leave by the {e} edge"),
                    Some(e) => format!("{} is not on the {e} edge, or cannot move now", a.model),
                }
            }
            Action::Shoot(t) => {
                let Some(a) = acting else {
                    return format!("no model is acting: {phase_text}");
                };
                if let Some(p) = self.model_problem(t) {
                    return p;
                }
                self.why_not_shoot(a, t)
            }
            Action::Fight(t) | Action::Defender(t) => match self.phase {
                Phase::FightTarget { attacker, .. } => {
                    if let Some(p) = self.model_problem(t) {
                        return p;
                    }
                    if self.models[t.index()].loc != self.models[attacker.index()].loc
                        || self.models[t.index()].side == self.models[attacker.index()].side
                    {
                        format!("{t} is not an enemy in {attacker}'s square")
                    } else if self.has_soldier_opponent(attacker)
                        && self.profile(t).has(Ability::Hero)
                    {
                        format!("{attacker} must fight a Soldier while one is present (R16)")
                    } else {
                        format!(
                            "the opponent is picked with `{}` here",
                            match self.to_move() {
                                Some(s) if s == self.models[attacker.index()].side => "fight",
                                _ => "defender",
                            }
                        )
                    }
                }
                _ => format!("no Fight is starting: {phase_text}"),
            },
            Action::Defend(_) => match self.phase {
                Phase::Defence { .. } => phase_text,
                _ => format!("no Fight is waiting for a defence: {phase_text}"),
            },
            Action::Done => format!("no model's action can end now: {phase_text}"),
            Action::EndTurn => match self.phase {
                Phase::TurnStart => "the Turn has not started: choose a model to act".into(),
                _ => format!("the Turn cannot end now: {phase_text}"),
            },
        }
    }

    fn why_not_step(&self, id: ModelId, from: Square, to: Square) -> String {
        let side = self.models[id.index()].side;
        if self.standing[side.other()][from.index()] > 0 {
            return format!("{id} cannot leave {from}: it holds an enemy that is not Rattled (R7)");
        }
        if from == to || from.range(to) != 1 {
            return format!(
                "{to} is not next to {from}: a step goes to one of the 8 neighbours (R4)"
            );
        }
        if self.map.blockers() & to.bit() != 0 {
            return format!("{to} holds a blocker and cannot be entered (P1)");
        }
        if self.map.step_targets(from) & to.bit() == 0 {
            return if from.col() != to.col() && from.row() != to.row() {
                format!("high walls close the corner between {from} and {to} (R4)")
            } else {
                format!("a high wall stands between {from} and {to} (R4)")
            };
        }
        if self.total(to) >= CAPACITY {
            return format!("{to} already holds {CAPACITY} models (R3)");
        }
        format!("{id} cannot move to {to} now")
    }

    fn why_not_shoot(&self, a: Act, t: ModelId) -> String {
        let id = a.model;
        let m = &self.models[id.index()];
        let (_, may_shoot) = act_options(a);
        if m.rattled {
            return format!("{id} is Rattled and must Stand Up first (R12)");
        }
        if !may_shoot {
            return format!("{id} cannot Shoot again in this action (R12)");
        }
        let Some(from) = m.square() else {
            return format!("{id} must come onto the board first");
        };
        let tm = &self.models[t.index()];
        if tm.side == m.side {
            return format!("{t} is on {id}'s own side");
        }
        let Some(to) = tm.square() else {
            return format!("{t} is not on the board");
        };
        if self.count[m.side.other()][from.index()] > 0 {
            return format!("{id} cannot Shoot from {from}: it holds enemies (R12)");
        }
        let range = self.profile(id).range;
        if from.range(to) > range {
            return format!(
                "{t} in {to} is {} squares away; {id}'s range is {range} (R8)",
                from.range(to)
            );
        }
        if self.map.los(from, to) == Los::None {
            return format!("{id} in {from} has no line of sight to {to} (R9)");
        }
        if self.occ[m.side] & to.bit() != 0 {
            return format!("{to} holds models of both sides (R12)");
        }
        format!("{id} cannot Shoot {t} now")
    }

    // ----- invariants --------------------------------------------------------------

    /// Check the state's bookkeeping and the rules' hard limits: capacity (R3), no model
    /// in a blocker it entered (P1), counts matching the models, the phase naming a live
    /// model. Returns the first problem found.
    pub fn check_invariants(&self) -> Result<(), String> {
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
        if self.hidden & (self.face_up[0] | self.face_up[1]) != 0 {
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
            _ => {}
        }
        Ok(())
    }

    // ----- hidden information ------------------------------------------------------

    /// Resample everything `observer` may not see, consistently with what it has seen,
    /// drawing only from `rng`. Face-down counters carry no identity in the state (it is
    /// drawn from the unrevealed pool when revealed, R24), and dice are rolled only when a
    /// test is made, so without cards nothing in the state is hidden and this changes
    /// nothing. The number of draws never depends on hidden information.
    pub fn determinize<R: RngCore + ?Sized>(&mut self, observer: Side, rng: &mut R) {
        let _ = (observer, rng);
    }

    // ----- position set-up ---------------------------------------------------------

    /// Arrange a position by hand (rules tests, puzzles, editors). Every change keeps the
    /// state's bookkeeping consistent; none checks the rules.
    pub fn edit(&mut self) -> Editor<'_> {
        Editor { g: self }
    }

    // ----- evaluation helpers ------------------------------------------------------

    /// Models of `side` still in the game (on the board or waiting to enter).
    pub fn models_in_play(&self, side: Side) -> usize {
        self.models()
            .iter()
            .filter(|m| {
                m.side == side && matches!(m.loc, Loc::Board(_) | Loc::Waiting | Loc::Undeployed)
            })
            .count()
    }

    /// Squares `id` could Shoot into from where it stands now (R8, R9, R12).
    pub fn shot_squares_from(&self, id: ModelId) -> u64 {
        match self.models[id.index()].square() {
            Some(sq) => self.shot_squares(id, sq),
            None => 0,
        }
    }
}

/// What an acting model may still do: (move a step, shoot) (R12).
#[inline]
fn act_options(act: Act) -> (bool, bool) {
    if act.aimed {
        return (false, !act.shot);
    }
    if act.stood {
        // Stand Up and Move 1, or Stand Up and Shoot.
        let fresh = act.steps == 0 && !act.shot;
        return (fresh, fresh);
    }
    match (act.steps, act.shot) {
        (0, false) => (true, true),
        (1, false) => (true, true),
        (0, true) => (true, false),
        _ => (false, false),
    }
}

#[inline]
fn is_shot(a: &Action) -> bool {
    matches!(a, Action::Shoot(_))
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
    /// Start a fresh Turn of `side` (nobody acting).
    pub fn turn(&mut self, side: Side) -> &mut Self {
        self.g.turn_player = side;
        self.g.acted_this_turn = 0;
        self.g.phase = Phase::TurnStart;
        self
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
        self.g.hidden = 0;
        self.g.face_up = [0; 2];
        self
    }
    /// Put a face-down counter on `sq`.
    pub fn hidden_counter(&mut self, sq: Square) -> &mut Self {
        self.g.hidden |= sq.bit();
        self
    }
    /// Set the pool of unrevealed identities (critters, secrets).
    pub fn pool(&mut self, critters: u8, secrets: u8) -> &mut Self {
        self.g.pool = [critters, secrets];
        self
    }
    /// Set how many counters a side has claimed.
    pub fn claimed(&mut self, side: Side, n: u16) -> &mut Self {
        self.g.claimed[side] = n;
        self
    }
}
