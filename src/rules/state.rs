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

use std::fmt;
use std::sync::Arc;

use rand::{Rng, RngCore};

use super::action::{Action, Defence, ModelId};
use super::cards::{self, Card, CardId, CardType, Deck, MAX_CARD_TYPES};
use super::dice::{D8Stream, roll_test, roll_test_faces};
use super::map::{Los, Map};
use super::profile::{Ability, Profile};
use super::scenario::{MAX_MODELS, Scenario, Start};
use super::square::{BySide, Edge, Side, Square, squares_of};

mod effects;
mod play;

pub use effects::area_squares;
pub use play::Observation;

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
    /// A neutral objective a scenario may add: either side claims it, for its own
    /// `objective` award.
    Objective,
}

impl CounterKind {
    /// The side that claims counters of this kind; `None`: either side.
    pub const fn claimed_by(self) -> Option<Side> {
        match self {
            CounterKind::Critter => Some(Side::Martians),
            CounterKind::AlienSecret => Some(Side::Humans),
            CounterKind::Objective => None,
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            CounterKind::Critter => "Critter",
            CounterKind::AlienSecret => "Alien Secret",
            CounterKind::Objective => "Objective",
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
    /// A model still on the board at the end of the Round the side had to survive to.
    Survived,
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
            Outcome::Win(s, WinReason::Survived) => write!(f, "{s} win: survived"),
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
    /// A test's response window (R20): `side` may play one card on the test waiting in
    /// [`GameState::test`], or none.
    Respond(Side),
    /// This model would be killed: its side may play a Lucky Escape, or none (P13).
    Escape(ModelId),
    /// Round end: `side` discards the cards it no longer wants, one at a time, then keeps
    /// the rest (R22).
    Refill(Side),
    /// The Flying Car's drawer sends it along its row, east or west (P19).
    CarHeading(Side),
    /// The Bug attacks: `side` picks its target among the models in its square (P21).
    BugTarget(Side),
    /// The Bug's target chooses Fight or Survive (P21).
    BugDefence(ModelId),
    /// A resolution is under way (never seen between decisions).
    Busy,
    GameOver(Outcome),
}

/// A test waiting for its response windows and dice (R20, R28, R30): what kind of test,
/// and what the cards played on it changed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TestCtx {
    pub kind: TestKind,
    /// Dice added by cards: [the attacking roll, the defending roll] (see
    /// [`TestCtx::rolls`]).
    pub mods: [i8; 2],
    /// The card each side played on the test (`BySide` order).
    pub played: [Option<CardId>; 2],
}

/// The kinds of test, each with the models in it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TestKind {
    /// A model's Shoot test (R15) at an enemy model, or at the Bug (`target: None`, P21).
    Shoot {
        shooter: ModelId,
        target: Option<ModelId>,
        los: Los,
        aimed: bool,
    },
    /// A Fight (R16): the attacker against a defender meeting it with `defence`, or a
    /// model's Fight against the Bug (`defender: None`, R27).
    Fight {
        attacker: ModelId,
        defender: Option<ModelId>,
        defence: Defence,
    },
    /// A model's test against an area attack of the half `card` (R28, R30): the square's
    /// attack roll against the model's Survive roll (a Shoot test), or a single-die check.
    Area {
        model: ModelId,
        card: CardId,
        hit: cards::Hit,
    },
    /// The Bug's attack on a model (P21): the Bug's Fight roll against the model's Fight
    /// or Survive roll, as it chose.
    Bug {
        model: ModelId,
        card: CardId,
        defence: Defence,
    },
    /// The burning cows trample a Rattled model (P20): the herd's Fight roll against the
    /// model's Survive roll.
    Trample { model: ModelId, card: CardId },
}

impl TestCtx {
    /// The state's test while none is under way (never read then).
    const PLACEHOLDER: TestCtx = TestCtx::new(TestKind::Fight {
        attacker: ModelId(0),
        defender: None,
        defence: Defence::Survive,
    });

    /// A test with no card played on it yet.
    pub const fn new(kind: TestKind) -> TestCtx {
        TestCtx {
            kind,
            mods: [0; 2],
            played: [None; 2],
        }
    }

    /// The rolls models make in this test: [the attacking roll, the defending roll], each
    /// with its model; `None` where a card, the Bug or the cows roll instead of a model.
    pub fn rolls(&self) -> [Option<(ModelId, cards::Roll)>; 2] {
        use cards::Roll;
        let meets = |d: Defence| match d {
            Defence::Fight => Roll::Fight,
            Defence::Survive => Roll::Survive,
        };
        match self.kind {
            TestKind::Shoot {
                shooter, target, ..
            } => [
                Some((shooter, Roll::Shoot)),
                target.map(|t| (t, Roll::Survive)),
            ],
            TestKind::Fight {
                attacker,
                defender,
                defence,
            } => [
                Some((attacker, Roll::Fight)),
                defender.map(|d| (d, meets(defence))),
            ],
            TestKind::Area { model, .. } | TestKind::Trample { model, .. } => {
                [None, Some((model, Roll::Survive))]
            }
            TestKind::Bug { model, defence, .. } => [None, Some((model, meets(defence)))],
        }
    }

    /// The model making the attacking roll, if a model makes it.
    pub fn attacker(&self) -> Option<ModelId> {
        self.rolls()[0].map(|(m, _)| m)
    }

    /// The model making the defending roll, if a model makes it (not the Bug).
    pub fn defender(&self) -> Option<ModelId> {
        self.rolls()[1].map(|(m, _)| m)
    }

    /// Is this a Fight between two models (R16)?
    pub fn is_model_fight(&self) -> bool {
        matches!(
            self.kind,
            TestKind::Fight {
                defender: Some(_),
                ..
            }
        )
    }
}

/// How a Shoot test ended (R15).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ShotResult {
    Kill,
    /// Saved only by armour: Rattled.
    Rattled,
    Miss,
}

/// What scored a side's VP (R18, R24, R6), for the records of where VP came from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum VpSource {
    /// A kill by a Shoot test, or by a card's attack on an area.
    Shoot,
    /// A kill in a Fight.
    Fight,
    /// A counter of the side's kind claimed (after the free ones).
    Counter,
    /// A model that left by the side's exit edge.
    Exit,
    /// A zone held at the end of a Round.
    Hold,
}

impl VpSource {
    pub const ALL: [VpSource; 5] = [
        VpSource::Shoot,
        VpSource::Fight,
        VpSource::Counter,
        VpSource::Exit,
        VpSource::Hold,
    ];

    /// Its name in records: `shoot`, `fight`, `counters`, `exit`.
    pub const fn name(self) -> &'static str {
        match self {
            VpSource::Shoot => "shoot",
            VpSource::Fight => "fight",
            VpSource::Counter => "counters",
            VpSource::Exit => "exit",
            VpSource::Hold => "hold",
        }
    }
}

/// One thing that happened, for logs and displays. Search ignores them. Card draws name
/// the card: a log shown to a player hides the other side's draws.
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
        /// What scored them.
        source: VpSource,
    },
    GameOver(Outcome),
    /// `side` drew `card` into its hand (R22), or as an Event (then `EventDrawn` follows).
    Drew {
        side: Side,
        card: Card,
    },
    /// The discard pile became the draw deck (R22).
    Reshuffled {
        cards: u16,
    },
    /// `side` played `card` (from hand, or by calling its Support set).
    CardPlayed {
        side: Side,
        card: Card,
    },
    /// `side` laid `card` into its Support set of the card's half, now `level` cards (R21).
    Laid {
        side: Side,
        card: Card,
        level: u8,
    },
    /// `side` called the Support set of the half `card` belonging to `owner` at `level`
    /// (R21); the set's cards are discarded.
    Called {
        side: Side,
        owner: Side,
        card: CardId,
        level: u8,
    },
    /// `card`, of `owner`'s Support set of its half, was jammed (discarded).
    Jammed {
        owner: Side,
        card: Card,
    },
    /// `side` discarded `card` from hand (R22).
    Discarded {
        side: Side,
        card: Card,
    },
    /// `side` passed for the rest of the Round (R11).
    Passed(Side),
    /// A test card changed a roll of this model by `dice` dice.
    Modified {
        model: Option<ModelId>,
        dice: i8,
    },
    /// This model would have been killed and was saved by a Lucky Escape (P13).
    Escaped(ModelId),
    /// This model was marked as activated by a card.
    Distracted(ModelId),
    /// This killed model came back on this square (Always More).
    Reinforced(ModelId, Square),
    /// `side` drew this Event; it is resolved at once (R22).
    EventDrawn {
        side: Side,
        card: CardId,
    },
    /// An attack of `card` aimed at `at` covers these squares.
    AreaAttack {
        card: CardId,
        at: Square,
        squares: u64,
    },
    /// An attack roll made by a card (not by a model): an area attack's roll on a square,
    /// the Flying Car, the cows' trampling, the Bug.
    EffectRoll {
        card: CardId,
        square: Square,
        test: Test,
        dice: u8,
        value: u8,
        faces: Vec<u8>,
        successes: u8,
    },
    /// How an area or Event Shoot test on this model ended.
    AreaShot {
        model: ModelId,
        result: ShotResult,
    },
    /// A single-die Survive check against an area effect (Freeze Ray, Harassing Fire),
    /// after its `Roll`: failed when no die succeeded (P14, R28).
    SurviveCheck {
        model: ModelId,
        failed: bool,
    },
    /// The Flying Car landed on this square.
    CarLanded(Square),
    /// The Flying Car flew off the board.
    CarLeft,
    /// The Flying Car came to rest here: a blocker (P1).
    BlockerPlaced(Square),
    /// The burning cows entered the board here.
    CowsEntered(Square),
    CowsMoved {
        from: Square,
        to: Square,
    },
    /// The cows stopped against a wall.
    CowsStopped(Square),
    /// The cows ran off the board.
    CowsLeft,
    /// The cows ran into this model: it is Rattled.
    Stampeded(ModelId),
    /// The cows trampled this model (a Fight follows as an `EffectRoll` and a `Roll`).
    Trampled(ModelId),
    CivilianPlaced(Square),
    CivilianMoved {
        from: Square,
        to: Square,
    },
    /// A Civilian scattered off the board.
    CivilianLeft(Square),
    /// A Civilian was picked up as a counter of `kind`.
    CivilianClaimed(ModelId, CounterKind),
    BugPlaced(Square),
    /// The Bug attacks this model.
    BugAttacks(ModelId),
    BugMoved {
        from: Square,
        to: Square,
    },
    /// The Bug snatched this model away to this square.
    BugSnatched(ModelId, Square),
    /// The Bug is gone: beaten, shot, or off the board.
    BugGone,
    /// A model Shot at the Bug (R27).
    ShotBug {
        shooter: ModelId,
        killed: bool,
    },
    /// A model attacked the Bug in a Fight (R27).
    FoughtBug {
        attacker: ModelId,
        killed: bool,
    },
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

/// What the Turn player has used of the current Turn (R11): a Turn is two models, or one
/// model and one card, or (with no model left to act at its start) up to two cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnUse {
    /// Models that have acted (or are acting) this Turn.
    pub models: u8,
    /// Card plays made this Turn.
    pub cards: u8,
    /// The Turn player had no model left to act when the Turn began.
    pub no_models_at_start: bool,
    /// Between Rounds (the end-of-Round card plays count against nothing, P17).
    pub round_end: bool,
}

/// Where every physical card of the deck is, as counts per distinct card (the deck's local
/// index, R19). Card counts are conserved: deck + hands + discard + sets + in play = the
/// deck's size. A Support set of a half is the cards in `sets` whose half is that one (R21).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cards {
    /// The unseen draw pile: a multiset, drawn from uniformly (ARCHITECTURE.md).
    deck: [u8; MAX_CARD_TYPES],
    hands: [[u8; MAX_CARD_TYPES]; 2],
    discard: [u8; MAX_CARD_TYPES],
    /// Support sets in front of each side (R21).
    sets: [[u8; MAX_CARD_TYPES]; 2],
    /// Events whose effect is on the board (P18).
    in_play: [u8; MAX_CARD_TYPES],
    deck_n: u16,
    discard_n: u16,
    hand_n: [u8; 2],
    /// Card types held, a bit per local type, per side.
    held: [u64; 2],
}

impl Cards {
    const EMPTY: Cards = Cards {
        deck: [0; MAX_CARD_TYPES],
        hands: [[0; MAX_CARD_TYPES]; 2],
        discard: [0; MAX_CARD_TYPES],
        sets: [[0; MAX_CARD_TYPES]; 2],
        in_play: [0; MAX_CARD_TYPES],
        deck_n: 0,
        discard_n: 0,
        hand_n: [0; 2],
        held: [0; 2],
    };
}

/// Something left to do once the current decision is made (see the module notes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Step {
    /// Offer the test's response window to this side (R20).
    Window(Side),
    /// Roll the waiting test.
    Roll,
    /// Kill the models marked for death, offering Lucky Escapes (P13), then Rattle tests.
    Kills,
    /// The acting model carries on with its action.
    ResumeAct(Act),
    FinishActivation(ModelId),
    /// A card play is resolved: the Turn carries on (R11).
    AfterCard,
    /// The Flying Car lands on `sq`, this landing and `left - 1` more to go.
    CarLand {
        sq: Square,
        left: u8,
        heading: Edge,
        card: u8,
        by: Side,
    },
    /// The Flying Car comes to rest on `sq` (P19).
    CarRest {
        sq: Square,
        card: u8,
    },
    /// The Flying Car flew off the board: its card is discarded.
    CarLeft(u8),
    /// The cows roll their scatter direction and set off (P20).
    CowsScatter,
    /// The cows move one square in direction `dir` (index into `Dir::ALL`).
    Cows {
        left: u8,
        dir: u8,
    },
    /// The Bug attacks a model in its square (P21).
    BugAttack,
    /// After the Bug's Fight: snatch the target if it lives, unless it beat the Bug.
    BugAfter {
        target: ModelId,
        beaten: bool,
    },
    /// An Event is resolved: discard it.
    EventDone(u8),
    /// End of Round: the cows, the Civilians, the Bug (P17).
    RoundCounters,
    CiviliansRound,
    BugRound,
    /// Refill: `side` discards (R22).
    Refill(Side),
    /// Refill: `side` draws up to its hand size, resolving Events (R22).
    Draw(Side),
    /// The next Round begins.
    StartRound,
    /// An area attack of the half `card` goes on over the `squares` left: each square with
    /// models gets the response windows of every model there, then its attack roll, then
    /// each model's Survive roll (R15, P14, R28, R30).
    AreaSquares {
        card: CardId,
        squares: u64,
        hit: cards::Hit,
    },
    /// The response windows of the models on `sq`, from model index `next`, before the
    /// square's roll (R30).
    AreaWindows {
        card: CardId,
        sq: Square,
        next: u8,
        hit: cards::Hit,
    },
    /// A model's windows on an area attack are over: keep the dice its cards changed, for
    /// its place `slot` among the models of the square.
    AreaKeep {
        slot: u8,
    },
    /// The square's attack roll (a Shoot test), then each model's Survive roll there with
    /// the cards played on it (R30).
    AreaRoll {
        card: CardId,
        sq: Square,
        hit: cards::Hit,
    },
    /// The area attack is over: its kills, credited to `by`, are carried out (P13, P15);
    /// Fight kills for the cows' trampling.
    AreaEnd {
        by: Side,
        fight: bool,
    },
    /// The cows trample the next of `models` (local Event type `card`), after its windows
    /// (P20, R30).
    Trample {
        card: u8,
        models: u64,
    },
}

const AGENDA: usize = 24;

/// The steps still to do, last pushed first done. Two agendas are equal when their steps
/// to do are (what is left in the array past `len` is not looked at).
#[derive(Clone, Copy, Debug)]
struct Agenda {
    steps: [Step; AGENDA],
    len: u8,
}

impl PartialEq for Agenda {
    fn eq(&self, o: &Self) -> bool {
        self.steps[..self.len as usize] == o.steps[..o.len as usize]
    }
}

impl Eq for Agenda {}

impl std::hash::Hash for Agenda {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.steps[..self.len as usize].hash(h);
    }
}

impl Agenda {
    const EMPTY: Agenda = Agenda {
        steps: [Step::Roll; AGENDA],
        len: 0,
    };
    #[inline]
    fn push(&mut self, s: Step) {
        self.steps[self.len as usize] = s;
        self.len += 1;
    }
    #[inline]
    fn pop(&mut self) -> Option<Step> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.steps[self.len as usize])
    }
}

/// Models marked for death by one test or attack, killed one by one (P13).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Kills {
    mask: u64,
    /// Marked models whose side has already been asked about a Lucky Escape.
    asked: u64,
    /// Squares where a Shoot test killed a model (for Rattle tests, R17).
    squares: u64,
    /// The side credited with the kills (P15).
    by: Side,
    /// Fight kills (else Shoot kills).
    fight: bool,
    /// Sides that played a card on this test (no Lucky Escape on it, P13).
    blocked: [bool; 2],
}

impl Kills {
    const NONE: Kills = Kills {
        mask: 0,
        asked: 0,
        squares: 0,
        by: Side::Humans,
        fight: false,
        blocked: [false; 2],
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
    occ: BySide<u64>,
    /// Squares holding a face-down counter (at most one each, R24).
    hidden: u64,
    /// Squares holding a face-up, unclaimed counter of each kind.
    face_up: [u64; 3],
    /// Unrevealed identities (placed face down or set aside): [critters, secrets].
    pool: [u8; 3],
    /// Counters each side has claimed.
    claimed: BySide<u16>,
    vp: BySide<u16>,
    /// The VP each side scored, by [`VpSource`] (in [`VpSource::ALL`] order).
    vp_from: BySide<[u16; 5]>,
    round: u16,
    turn: u32,
    turn_player: Side,
    /// Models that have acted in the current Turn.
    acted_this_turn: u8,
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
    /// Cards the Turn player laid to its Support sets this Turn (R21), a bit per local type:
    /// the sets of their halves may not be called this Turn.
    laid: u64,
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
    area_kills: u64,
    /// Models whose own side played a card on their test against an area attack or the
    /// cows: no Lucky Escape for them on this attack (P13).
    area_blocked: u64,
    /// The dice the cards changed for each model of the square an area attack is on, in
    /// model order, between the square's windows and its roll (R30).
    area_mods: [i8; CAPACITY as usize],
    /// Models that had a card of their own side applied to them in the current Turn (or
    /// the end of the Round): no second one (R31).
    carded: u64,
    /// Response windows open for both sides on every test a card of their half could
    /// change, whether they hold one or not (see [`GameState::set_every_window`]).
    every_window: bool,
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
            face_up: [0; 3],
            pool: [
                scenario.counters.critters,
                scenario.counters.secrets,
                scenario.counters.objectives,
            ],
            claimed: BySide::default(),
            vp: BySide::default(),
            vp_from: BySide::default(),
            round: 1,
            turn: 0,
            turn_player: scenario.first_turn,
            acted_this_turn: 0,
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
            laid: 0,
            card_fight: false,
            in_round_end: false,
            cows: None,
            bug: None,
            civilians: [Square::from_index(0); MAX_CIVILIANS],
            n_civilians: 0,
            pending_event: 0,
            area_kills: 0,
            area_blocked: 0,
            area_mods: [0; CAPACITY as usize],
            carded: 0,
            every_window: false,
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
        let to_place = g.scenario.counters.placed;
        let forbidden = g.map.blockers();
        let free = !(forbidden | g.occ[Side::Humans] | g.occ[Side::Martians])
            & g.scenario.counters.zone.unwrap_or(u64::MAX);
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
        // The shuffled deck, and opening hands without Events (R22, P17).
        g.deal_opening_hands(rng, sink);
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
    /// The VP `side` scored from `source` so far (an editor's VP have no source).
    pub fn vp_from(&self, side: Side, source: VpSource) -> u16 {
        self.vp_from[side][source as usize]
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
    /// Unrevealed neutral objective counters left.
    pub fn objective_pool(&self) -> u8 {
        self.pool[2]
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
        self.counted(&self.cards.hands[side.index()])
    }
    /// How many cards `side` holds (public).
    pub fn hand_len(&self, side: Side) -> u8 {
        self.cards.hand_n[side.index()]
    }
    /// How many copies of `card` (as `side` names it) `side` holds.
    pub fn holds(&self, side: Side, card: Card) -> u8 {
        self.deck()
            .find(side, card)
            .map_or(0, |t| self.cards.hands[side.index()][t])
    }
    /// How many cards `side` holds whose own half is `half`.
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
        let sets = &self.cards.sets[side.index()];
        self.deck()
            .half_sets(side)
            .iter()
            .map(move |&(h, mask)| (h, bits(mask).map(|t| sets[t]).sum::<u8>()))
            .filter(|(_, level)| *level > 0)
    }
    /// The level of `side`'s Support set of `half` (0: no set, R21).
    pub fn set_level(&self, side: Side, half: CardId) -> u8 {
        let mask = self.deck().half_mask(side, half);
        let sets = &self.cards.sets[side.index()];
        bits(mask).map(|t| sets[t]).sum()
    }
    /// The physical cards in `side`'s Support set of `half`, with their counts.
    pub fn set_cards(
        &self,
        side: Side,
        half: CardId,
    ) -> impl Iterator<Item = (&CardType, u8)> + '_ {
        self.counted(&self.cards.sets[side.index()])
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
            Phase::Respond(side) => self.window_cards(side) == 0,
            Phase::Escape(id) => self.escape_cards(id) == 0,
            _ => false,
        }
    }

    /// Has a card of `id`'s own side been applied to it this Turn, so that no other may be
    /// (R31)?
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
            Phase::Respond(side)
            | Phase::Refill(side)
            | Phase::CarHeading(side)
            | Phase::BugTarget(side) => Some(side),
            Phase::Escape(m) | Phase::BugDefence(m) => Some(self.models[m.index()].side),
            Phase::Busy | Phase::GameOver(_) => None,
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
            Loc::Waiting => self.entry_open(id),
            _ => false,
        }
    }

    /// May `id`, waiting off the board, come on this Round (R6)?
    fn entry_open(&self, id: ModelId) -> bool {
        self.scenario
            .entry_of(id.index())
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
            Phase::GameOver(_) | Phase::Busy => {}
            Phase::Deploy(side) => {
                let zone = self.scenario.sides[side].deployment & !self.map.blockers();
                for sq in squares_of(zone) {
                    if self.total(sq) < CAPACITY {
                        out.push(Action::Deploy(sq));
                    }
                }
            }
            Phase::TurnStart => {
                self.push_activations(out);
                self.push_card_plays(out);
                if self.no_models_at_start {
                    out.push(Action::Pass);
                }
            }
            Phase::AfterFirst => {
                self.push_activations(out);
                self.push_card_plays(out);
                if self.may_end_turn() {
                    out.push(Action::EndTurn);
                }
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
            Phase::Defence { .. } | Phase::BugDefence(_) => {
                out.push(Action::Defend(Defence::Fight));
                out.push(Action::Defend(Defence::Survive));
            }
            Phase::Respond(side) => self.push_responses(side, out),
            Phase::Escape(m) => self.push_escapes(m, out),
            Phase::Refill(side) => {
                for (card, _) in self.hand(side) {
                    out.extend(card.card(side).map(Action::Discard));
                }
                out.push(Action::Keep);
            }
            Phase::CarHeading(_) => {
                out.push(Action::Heading(Edge::East));
                out.push(Action::Heading(Edge::West));
            }
            Phase::BugTarget(_) => {
                if let Some((sq, _)) = self.bug {
                    for id in self.models_in(sq) {
                        out.push(Action::Pick(id));
                    }
                }
            }
        }
    }

    fn push_activations(&self, out: &mut Vec<Action>) {
        if !self.may_activate_more() {
            return;
        }
        for i in 0..self.n_models {
            let id = ModelId(i);
            if self.models[i as usize].side == self.turn_player
                && self.can_activate(id)
                && (self.turn_cards == 0 || self.own_model_ok(id))
            {
                out.push(Action::Activate(id));
            }
        }
    }

    fn push_act(&self, act: Act, out: &mut Vec<Action>) {
        let m = &self.models[act.model.index()];
        let Some(sq) = m.square() else {
            // Off the board: the only way on is across the entry edge (R6).
            self.push_entry_moves(act.model, out);
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
            if self.may_shoot_bug(act.model, sq) {
                out.push(Action::ShootBug);
            }
            return;
        }
        let (may_move, may_shoot) = act_options(act);
        if may_move {
            self.push_moves(m.side, sq, out);
        }
        if self.may_fight_bug(act, sq) {
            out.push(Action::FightBug);
        }
        if may_shoot {
            self.push_shots(act.model, sq, out);
            if self.may_shoot_bug(act.model, sq) {
                out.push(Action::ShootBug);
            }
            if !act.stood && act.steps == 0 && !act.shot && out.iter().any(is_shot) {
                out.push(Action::Aim);
            }
        }
        out.push(Action::Done);
    }

    fn push_entry_moves(&self, id: ModelId, out: &mut Vec<Action>) {
        if let Some(entry) = self.scenario.entry_of(id.index()) {
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
                self.turn_models += 1;
                self.turn_model = Some(id);
                self.activate(id, rng, sink);
            }
            (Phase::AfterFirst, Action::EndTurn) => self.end_turn(sink),
            (Phase::TurnStart, Action::Pass) => {
                self.passed[self.turn_player] = true;
                if S::ENABLED {
                    sink.event(Event::Passed(self.turn_player));
                }
                self.end_turn(sink);
            }
            (
                Phase::TurnStart | Phase::AfterFirst,
                Action::Play(..) | Action::Lay(_) | Action::Call(..),
            ) => self.card_play(action, rng, sink),
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
            (Phase::Respond(side), Action::Respond(card)) => self.respond(side, card, sink),
            (Phase::Escape(id), Action::Respond(card)) => self.escape(id, card, sink),
            (Phase::Refill(side), Action::Discard(card)) => {
                self.discard_from_hand(side, card, sink)
            }
            (Phase::Refill(_), Action::Keep) => self.phase = Phase::Busy,
            (Phase::CarHeading(_), Action::Heading(e)) => self.car_heading(e, rng, sink),
            (Phase::BugTarget(_), Action::Pick(id)) => self.bug_target(id, sink),
            (Phase::BugDefence(id), Action::Defend(d)) => self.bug_test(id, d),
            _ => debug_assert!(false, "apply: {action} is not legal in {:?}", self.phase),
        }
        self.run(rng, sink);
    }

    /// Carry out agenda steps until a decision is needed or the game is over.
    #[inline]
    fn run<R: RngCore + ?Sized, S: EventSink>(&mut self, rng: &mut R, sink: &mut S) {
        while matches!(self.phase, Phase::Busy) {
            match self.agenda.pop() {
                Some(step) => self.step_agenda(step, rng, sink),
                None => {
                    debug_assert!(false, "busy with nothing to do");
                    self.phase = Phase::TurnStart;
                }
            }
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
                let vp = self.scenario.exit_vp(id.index());
                self.score(side, vp, VpSource::Exit, sink);
                if self.check_victory(sink) {
                    return;
                }
                self.finish_activation(id, sink);
            }
            Action::Shoot(target) => {
                act.shot = true;
                self.agenda.push(Step::ResumeAct(act));
                self.shoot(id, Some(target), act.aimed);
            }
            Action::ShootBug => {
                act.shot = true;
                self.agenda.push(Step::ResumeAct(act));
                self.shoot(id, None, act.aimed);
            }
            Action::FightBug => {
                // R27: a Fight against the Bug ends the action (R16).
                self.agenda.push(Step::FinishActivation(id));
                self.test = TestCtx::new(TestKind::Fight {
                    attacker: id,
                    defender: None,
                    defence: Defence::Survive,
                });
                self.open_windows();
            }
            Action::Done => self.finish_activation(id, sink),
            _ => debug_assert!(false, "act: {action} is not legal"),
        }
    }

    /// After a step or a shot: end the action when nothing is left to do (a Fight against
    /// the Bug is still open after any Move, P21).
    fn continue_or_finish<S: EventSink>(&mut self, act: Act, sink: &mut S) {
        let (may_move, may_shoot) = act_options(act);
        let bug_fight = self.bug.is_some()
            && self.models[act.model.index()]
                .square()
                .is_some_and(|sq| self.may_fight_bug(act, sq));
        if !may_move && !may_shoot && !bug_fight {
            self.finish_activation(act.model, sink);
        }
    }

    /// A model Shoots (R15) at an enemy model, or at the Bug (`None`, P21): the test
    /// waits for its response windows (R20), then `roll_test_now` rolls it.
    fn shoot(&mut self, shooter: ModelId, target: Option<ModelId>, aimed: bool) {
        let from = self.models[shooter.index()]
            .square()
            .expect("shooter on board");
        let to = match target {
            Some(t) => self.models[t.index()].square().expect("target on board"),
            None => self.bug.expect("the Bug is on the board").0,
        };
        self.test = TestCtx::new(TestKind::Shoot {
            shooter,
            target,
            los: self.map.los(from, to),
            aimed,
        });
        self.open_windows();
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
        logged_roll(rng, dice, value, sink, |faces, successes| Event::Roll {
            model,
            test,
            dice,
            value,
            faces,
            successes,
            bonus,
        })
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

    /// The defence is chosen: the Fight waits for its response windows (R20), then
    /// `roll_test_now` rolls it.
    fn resolve_fight<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        attacker: ModelId,
        defender: ModelId,
        _charge: bool,
        defence: Defence,
        _rng: &mut R,
        _sink: &mut S,
    ) {
        // R16: a Fight ends the acting model's action; a Fight started by a card's move
        // does not (P16): the card play carries on instead.
        if self.card_fight {
            self.card_fight = false;
        } else {
            self.agenda.push(Step::FinishActivation(attacker));
        }
        self.test = TestCtx::new(TestKind::Fight {
            attacker,
            defender: Some(defender),
            defence,
        });
        self.open_windows();
    }

    /// Roll the waiting test, after its windows (R15, R16, R30), and mark the loser for
    /// death.
    fn roll_test_now<R: RngCore + ?Sized, S: EventSink>(&mut self, rng: &mut R, sink: &mut S) {
        let t = self.test;
        self.phase = Phase::Busy;
        let dice = |base: u8, m: i8| (base as i16 + m as i16).clamp(0, 255) as u8;
        match t.kind {
            TestKind::Fight {
                attacker,
                defender: None,
                ..
            } => {
                // R27: the Bug Survives the attacker's Fight roll with its own dice.
                let a_dice = dice(self.fight_dice(attacker), t.mods[0]);
                let a_value = self.profile(attacker).fight;
                let hits = self.roll(attacker, Test::Fight, a_dice, a_value, 0, rng, sink);
                self.bug_survives(attacker, hits, true, rng, sink);
            }
            TestKind::Fight {
                attacker,
                defender: Some(defender),
                defence,
            } => {
                let a_dice = dice(self.fight_dice(attacker), t.mods[0]);
                let d_dice = dice(self.fight_dice(defender), t.mods[1]);
                let a_value = self.profile(attacker).fight;
                let dp = self.profile(defender);
                let (d_value, d_test) = match defence {
                    Defence::Fight => (dp.fight, Test::Fight),
                    Defence::Survive => (dp.survive, Test::Survive),
                };
                let a = self.roll(attacker, Test::Fight, a_dice, a_value, 0, rng, sink);
                let d = self.roll(defender, d_test, d_dice, d_value, 0, rng, sink);
                // R16: strictly more wins; only a winner who rolled Fight kills. Armour does
                // nothing.
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
                    self.mark_kills(1u64 << dead.index(), side, true, t.played);
                }
            }
            TestKind::Shoot {
                shooter,
                target,
                los,
                aimed,
            } => {
                // R15: 3 dice if seen, 4 if a clear shot, +1 if Aiming; then cards.
                let base = if los == Los::Clear { 4 } else { 3 } + aimed as u8;
                let shoot_value = self.profile(shooter).shoot;
                let hits = self.roll(
                    shooter,
                    Test::Shoot,
                    dice(base, t.mods[0]),
                    shoot_value,
                    0,
                    rng,
                    sink,
                );
                let Some(target) = target else {
                    // The Bug Survives with its own dice, no armour (P21).
                    self.bug_survives(shooter, hits, false, rng, sink);
                    return;
                };
                let tp = self.profile(target);
                let survive_value = tp.survive;
                let armour = tp.has(Ability::Armoured) as u8;
                let saves = self.roll(
                    target,
                    Test::Survive,
                    dice(3, t.mods[1]),
                    survive_value,
                    armour,
                    rng,
                    sink,
                );
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
                match result {
                    ShotResult::Kill => {
                        let side = self.models[shooter.index()].side;
                        self.mark_kills(1u64 << target.index(), side, false, t.played);
                    }
                    ShotResult::Rattled => self.set_rattled(target, true),
                    ShotResult::Miss => {}
                }
            }
            TestKind::Bug { model, defence, .. } => self.bug_fight(model, defence, t, rng, sink),
            TestKind::Trample { model, .. } => self.trample_roll(model, t, rng, sink),
            // An area attack's rolls wait for the windows of the whole square (R30).
            TestKind::Area { .. } => debug_assert!(false, "an area test is rolled by square"),
        }
    }

    fn kill<S: EventSink>(
        &mut self,
        id: ModelId,
        by: Side,
        vp: u16,
        source: VpSource,
        sink: &mut S,
    ) {
        self.remove(id);
        let m = &mut self.models[id.index()];
        m.loc = Loc::Dead;
        m.rattled = false;
        if S::ENABLED {
            sink.event(Event::Killed { model: id, by, vp });
        }
        self.score(by, vp, source, sink);
    }

    fn score<S: EventSink>(&mut self, side: Side, vp: u16, source: VpSource, sink: &mut S) {
        if vp > 0 {
            self.vp[side] = self.vp[side].saturating_add(vp);
            let from = &mut self.vp_from[side][source as usize];
            *from = from.saturating_add(vp);
            if S::ENABLED {
                sink.event(Event::VpScored {
                    side,
                    vp,
                    total: self.vp[side],
                    source,
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
            let total = self.pool.iter().map(|&n| u32::from(n)).sum::<u32>();
            let draw = if total > 0 {
                rng.random_range(0..total)
            } else {
                0
            };
            let kind = if draw < u32::from(self.pool[0]) || total == 0 {
                CounterKind::Critter
            } else if draw < u32::from(self.pool[0]) + u32::from(self.pool[1]) {
                CounterKind::AlienSecret
            } else {
                CounterKind::Objective
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
        if self.n_civilians > 0 {
            self.claim_civilians(id, sq, kind, sink);
            if self.is_over() {
                return;
            }
        }
        if self.face_up[kind as usize] & bit != 0 {
            self.face_up[kind as usize] &= !bit;
            self.claimed[side] += 1;
            if S::ENABLED {
                sink.event(Event::Claimed(id, kind));
            }
            let awards = self.scenario.sides[side].vp;
            if self.claimed[side] > awards.counters_free {
                self.score(side, awards.counter, VpSource::Counter, sink);
            }
            self.check_victory(sink);
            if self.is_over() {
                return;
            }
        }
        // A neutral objective: whichever side gets there first claims it.
        let objective = CounterKind::Objective as usize;
        if self.face_up[objective] & bit != 0 {
            self.face_up[objective] &= !bit;
            if S::ENABLED {
                sink.event(Event::Claimed(id, CounterKind::Objective));
            }
            let vp = self.scenario.sides[side].vp.objective;
            self.score(side, vp, VpSource::Counter, sink);
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
        self.turn_continue(sink);
    }

    /// After a model's action or a card play: carry on with the Turn if anything is left to
    /// do in it (R11), else end it.
    fn turn_continue<S: EventSink>(&mut self, sink: &mut S) {
        self.note_ran_out();
        if (self.may_activate_more() && self.any_activation()) || self.any_card_play() {
            self.phase = Phase::AfterFirst;
        } else {
            self.end_turn(sink);
        }
    }

    /// R11: may the Turn player activate (another) model? Up to two models, or one model
    /// and one card; none when no model was left at the start of the Turn.
    #[inline]
    fn may_activate_more(&self) -> bool {
        !self.no_models_at_start && self.turn_models + self.turn_cards < 2
    }

    fn any_activation(&self) -> bool {
        (0..self.n_models).map(ModelId).any(|id| {
            self.models[id.index()].side == self.turn_player
                && self.can_activate(id)
                && (self.turn_cards == 0 || self.own_model_ok(id))
        })
    }

    /// P11: a card that affected one of the Turn player's models names the Turn's acting
    /// model; after a model acted, cards on own models must affect it.
    #[inline]
    fn own_model_ok(&self, id: ModelId) -> bool {
        self.no_models_at_start || self.turn_model.is_none_or(|m| m == id)
    }

    /// R11: may the Turn player make a card play now? One card with at most one model, or
    /// two cards when no model was left at the start of the Turn. Outside a Turn (the end
    /// of a Round) cards count against nothing (P17).
    #[inline]
    fn card_budget(&self, side: Side) -> bool {
        if side != self.turn_player || self.in_round_end {
            return true;
        }
        if self.no_models_at_start {
            self.turn_cards < 2
        } else {
            self.turn_cards == 0 && self.turn_models <= 1
        }
    }

    /// `end-turn` is offered once a model has acted, or (with no model left at the start
    /// of the Turn) once a card was played; after a card alone a model must act if one can
    /// (P11).
    fn may_end_turn(&self) -> bool {
        self.turn_models > 0 || self.no_models_at_start
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
        // R13: the Round ends when every model has acted, whatever cards are left.
        if !self.can_act(Side::Humans) && !self.can_act(Side::Martians) {
            self.end_round(sink);
            return;
        }
        let next = self.turn_player.other();
        if self.can_take_turn(next) {
            self.turn_player = next;
        } else if !self.can_take_turn(self.turn_player) {
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
        self.turn_models = 0;
        self.turn_cards = 0;
        self.turn_model = None;
        self.carded = 0;
        self.laid = 0;
        self.no_models_at_start = !self.can_act(self.turn_player);
    }

    /// Does `side` get a Turn now: a model to act with, or (not having passed) a card it
    /// can play (R11 options 3 and 4)?
    fn can_take_turn(&self, side: Side) -> bool {
        self.can_act(side) || (!self.passed[side] && self.has_turn_card(side))
    }

    /// R13: the Round ends when every model has acted. Then the end of Round (P17): the
    /// counters Events left move, both sides refill (R22), and the next Round begins.
    fn end_round<S: EventSink>(&mut self, sink: &mut S) {
        let first = self.ran_out_first.unwrap_or(self.turn_player);
        if S::ENABLED {
            sink.event(Event::RoundEnded {
                round: self.round,
                next_first: first,
            });
        }
        // Zones held at the end of the Round score: a side's model there and none of the
        // other side's.
        let scenario = self.scenario.clone();
        for side in Side::BOTH {
            let (mine, theirs) = (self.occ[side], self.occ[side.other()]);
            for h in &scenario.sides[side].hold {
                if h.zone & mine != 0 && h.zone & theirs == 0 {
                    self.score(side, h.vp, VpSource::Hold, sink);
                }
            }
        }
        if self.check_victory(sink) {
            return;
        }
        // A side that wins by surviving: the game ends at the end of its Round, won by it
        // if a model of it is still on the board, else by the other side (none of its
        // enemies is left on the table).
        if let Some((side, last)) = scenario.survivor()
            && self.round >= last
        {
            let o = if self.occ[side] != 0 {
                Outcome::Win(side, WinReason::Survived)
            } else {
                Outcome::Win(side.other(), WinReason::WipeOut)
            };
            self.game_over(o, sink);
            return;
        }
        if let Some(limit) = self.scenario.round_limit
            && self.round >= limit
        {
            let o = self.more_vp_outcome(None);
            self.game_over(o, sink);
            return;
        }
        self.ran_out_first = Some(first);
        self.in_round_end = true;
        // R31: the end of the Round counts as one Turn for the cards on a model.
        self.carded = 0;
        self.agenda.push(Step::StartRound);
        self.agenda.push(Step::Draw(first.other()));
        self.agenda.push(Step::Refill(first.other()));
        self.agenda.push(Step::Draw(first));
        self.agenda.push(Step::Refill(first));
        self.agenda.push(Step::RoundCounters);
        self.phase = Phase::Busy;
    }

    fn start_round<S: EventSink>(&mut self, sink: &mut S) {
        let first = self.ran_out_first.unwrap_or(self.turn_player);
        // A game that never ends (stopped only by a runaway guard) must not wrap the
        // counter back to Round 0.
        self.round = self.round.saturating_add(1);
        for m in &mut self.models[..self.n_models as usize] {
            m.activated = false;
        }
        self.ran_out_first = None;
        self.passed = BySide::default();
        self.in_round_end = false;
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
        if !self.can_act(Side::Humans) && !self.can_act(Side::Martians) {
            // Nobody can act at all: a scenario where no side has models in play.
            let o = self.more_vp_outcome(None);
            self.game_over(o, sink);
            return;
        }
        if !self.can_take_turn(self.turn_player) {
            self.turn_player = self.turn_player.other();
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
        let h = self.vp[Side::Humans] >= self.scenario.vp_target(Side::Humans);
        let m = self.vp[Side::Martians] >= self.scenario.vp_target(Side::Martians);
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
        self.agenda = Agenda::EMPTY;
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
            Phase::Respond(side) => {
                format!("the {side} may play a card on the test, or none (R20)")
            }
            Phase::Escape(id) => format!("{id} would be killed: a Lucky Escape, or none"),
            Phase::Refill(side) => {
                format!("the {side} are discarding at the end of the Round (R22)")
            }
            Phase::CarHeading(side) => {
                format!("the {side} choose the Flying Car's heading, east or west")
            }
            Phase::BugTarget(side) => format!("the {side} pick the Bug's target"),
            Phase::BugDefence(id) => format!("{id} must choose to Fight or Survive the Bug"),
            Phase::Busy => "a resolution is under way".to_string(),
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
                    let r = self.scenario.entry_of(id.index()).map(|e| e.round);
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
                    let edge = self.scenario.entry_of(a.model.index()).map(|e| e.edge);
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
                Phase::Defence { .. } | Phase::BugDefence(_) => phase_text,
                _ => format!("no Fight is waiting for a defence: {phase_text}"),
            },
            Action::Pass => match self.phase {
                Phase::TurnStart => format!(
                    "the {} still have a model to act: only a player with none left at the \
                     start of the Turn may pass (R11)",
                    self.turn_player
                ),
                _ => format!("passing is a whole Turn: {phase_text}"),
            },
            Action::Play(card, _) | Action::Lay(card) => {
                self.why_not_card(action, card.half, Some(card), &phase_text)
            }
            Action::Call(half, _) => self.why_not_card(action, half, None, &phase_text),
            Action::Respond(card) => match self.phase {
                Phase::Respond(_) | Phase::Escape(_) => {
                    let side = match self.phase {
                        Phase::Escape(id) => self.models[id.index()].side,
                        _ => self.to_move().unwrap_or(self.turn_player),
                    };
                    match card {
                        None => phase_text,
                        Some(c) if self.holds(side, c) == 0 => {
                            format!("the {side} hold no {c}")
                        }
                        Some(c) => self.why_not_response(side, c),
                    }
                }
                _ => format!("nothing waits for a response: {phase_text}"),
            },
            Action::Discard(c) => match self.phase {
                Phase::Refill(side) => format!("the {side} hold no {c}"),
                _ => format!("cards are discarded at the end of a Round (R22): {phase_text}"),
            },
            Action::Keep => format!("nothing is being discarded: {phase_text}"),
            Action::Heading(e) => match self.phase {
                Phase::CarHeading(_) => {
                    format!("the car flies along its row, east or west, not {e}")
                }
                _ => format!("no Flying Car is waiting: {phase_text}"),
            },
            Action::Pick(id) => match self.phase {
                Phase::BugTarget(_) => format!("{id} is not in the Bug's square"),
                _ => format!("no Bug is picking a target: {phase_text}"),
            },
            Action::ShootBug => match (acting, self.bug) {
                (_, None) => "there is no Bug on the board".to_string(),
                (None, _) => format!("no model is acting: {phase_text}"),
                (Some(a), Some((sq, _))) => format!(
                    "{} cannot Shoot the Bug on {sq} now (range, sight, a square with enemies \
                     or friends, or no Shoot left in its action, P21)",
                    a.model
                ),
            },
            Action::FightBug => match (acting, self.bug) {
                (_, None) => "there is no Bug on the board".to_string(),
                (None, _) => format!("no model is acting: {phase_text}"),
                (Some(a), Some((sq, _))) => format!(
                    "{} can Fight the Bug only in its square {sq}, with no enemy there and no \
                     Shoot or Aim in its action (R27)",
                    a.model
                ),
            },
            Action::Done => format!("no model's action can end now: {phase_text}"),
            Action::EndTurn => match self.phase {
                Phase::TurnStart => "the Turn has not started: choose a model to act".into(),
                _ => format!("the Turn cannot end now: {phase_text}"),
            },
        }
    }

    /// Why `side` may not answer the open window with `card`, which it holds.
    fn why_not_response(&self, side: Side, card: Card) -> String {
        let deck = self.deck();
        let Some(face) = deck.half(side, card.half) else {
            return format!("{card} has no {side} half in this game's deck");
        };
        let name = &face.name;
        let escape = matches!(face.effect, cards::Effect::LuckyEscape);
        let (model, test) = match self.phase {
            Phase::Escape(id) if escape => (Some(id), false),
            Phase::Escape(id) => {
                return format!(
                    "{id} would be killed: only a Lucky Escape may be played now (P13)"
                );
            }
            _ if escape => {
                return format!(
                    "{name} is played when a model would be killed, not on a test (P13)"
                );
            }
            _ => (None, true),
        };
        if test && self.test.played[side.index()].is_some() {
            return format!("the {side} have played a card on this test already (R20)");
        }
        if let Some(id) = model
            && self.kills.blocked[side.index()]
        {
            return format!(
                "the {side} played a card on the test that kills {id}: no Lucky Escape on it (P13)"
            );
        }
        if !self.card_budget(side) {
            return format!(
                "the {side} have no card play left this Turn: one card with one model, or two \
                 cards with no model left to act (R11)"
            );
        }
        let own_model = match (model, face.effect) {
            (Some(id), _) => Some(id),
            (None, cards::Effect::TestDice { whose, rolls, .. }) => {
                let Some((_, m, roll)) = self.test_roll(side, whose) else {
                    return format!(
                        "{name} changes a roll of {} model, and none is in this test",
                        match whose {
                            cards::Whose::Own => "an own",
                            cards::Whose::Enemy => "an enemy",
                        }
                    );
                };
                if !rolls.has(roll) {
                    return format!(
                        "{name} does not change a {} roll, which is what {m} rolls in this test (P12)",
                        roll.name()
                    );
                }
                (whose == cards::Whose::Own).then_some(m)
            }
            _ => return format!("{name} is not played on a test (R32)"),
        };
        if let Some(m) = own_model {
            if self.has_own_card(m) {
                return format!(
                    "{m} has already had a card of the {side} this Turn: one action and one card \
                     is a model's limit per Turn (R31)"
                );
            }
            if side == self.turn_player && !self.in_round_end && !self.own_model_ok(m) {
                return "in its own Turn a card on an own model must be on the Turn's acting model (P11)"
                    .into();
            }
        }
        format!("{card} cannot be played on this now (R20, R28)")
    }

    /// Why a card play is illegal: `half` is the half played or the set called, `card` the
    /// physical card played from hand (none for a call).
    fn why_not_card(
        &self,
        action: Action,
        half: CardId,
        card: Option<Card>,
        phase_text: &str,
    ) -> String {
        let side = self.turn_player;
        if !matches!(self.phase, Phase::TurnStart | Phase::AfterFirst) {
            return format!(
                "cards are played in the own Turn, before or after a model's action (R11): \
                 {phase_text}"
            );
        }
        let deck = self.deck();
        let Some(face) = deck.half(side, half) else {
            return match deck.side_of(half) {
                Some(owner) => format!(
                    "{half} is the {owner}' half of its cards: the {side} can only use their \
                     own half (R19)"
                ),
                None => format!("{half} is not a half the {side} can use in this game's deck"),
            };
        };
        if let Some(c) = card
            && deck.find(side, c).is_none()
        {
            return format!("no card of this game's deck is {c}: the {side}' half comes first");
        }
        if !self.card_budget(side) {
            return format!(
                "the {side} have no card play left this Turn: one card with one model, or two \
                 cards with no model left to act (R11)"
            );
        }
        let name = &face.name;
        match action {
            Action::Call(..) => {
                let level = self.set_level(side, half);
                if level == 0 {
                    format!("the {side} have no {name} set to call (R21)")
                } else if self.laid & deck.half_mask(side, half) != 0 {
                    format!("a card was laid to the {name} set this Turn (R21)")
                } else if face.aim(level) == cards::Aim::Nothing {
                    format!("a {name} set of {level} does nothing (P14)")
                } else {
                    format!(
                        "a {name} set of {level} is aimed at {} (R21)",
                        face.aim(level).name()
                    )
                }
            }
            _ if card.is_some_and(|c| self.holds(side, c) == 0) => {
                format!(
                    "the {side} hold no {}",
                    card.map_or(String::new(), |c| c.to_string())
                )
            }
            Action::Lay(_) if face.kind != cards::Kind::Support => {
                format!("{name} is not a Support card")
            }
            Action::Lay(_) => format!("the {name} set is full ({} cards, R21)", face.cap()),
            _ if face.kind != cards::Kind::Activation => format!(
                "{name} is a {} card: it is {}",
                face.kind.name(),
                match face.kind {
                    cards::Kind::Support => "laid (`lay`) and called (`call`)",
                    _ => "played on a test or a kill (`respond`)",
                }
            ),
            _ => format!(
                "{name} cannot be played on that target now (a card on an own model must be on \
                 the Turn's acting model, R11, P11, P16)"
            ),
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
    fn check_cards(&self) -> Result<(), String> {
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
    matches!(a, Action::Shoot(_) | Action::ShootBug)
}

/// The set bits of `m`, lowest first, as indices (local card types).
#[inline]
pub(crate) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let t = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(t)
        }
    })
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
    pub fn clear_hand(&mut self, side: Side) -> &mut Self {
        let s = side.index();
        for t in 0..MAX_CARD_TYPES {
            let n = std::mem::take(&mut self.g.cards.hands[s][t]);
            self.g.cards.deck[t] += n;
            self.g.cards.deck_n += n as u16;
        }
        self.g.cards.hand_n[s] = 0;
        self.g.cards.held[s] = 0;
        self.refresh_turn();
        self
    }
    /// Lay `n` cards whose half for `side` is `half` (from the deck) into `side`'s
    /// Support set of that half.
    pub fn set(&mut self, side: Side, half: CardId, n: u8) -> &mut Self {
        for _ in 0..n {
            let t = self.available(side, half);
            self.take_card(t);
            self.g.cards.sets[side.index()][t] += 1;
        }
        self.refresh_turn();
        self
    }
    /// Leave in the draw deck only the cards whose half for `side` is `half` (the rest
    /// goes to the discard pile), so the next draws are such cards while they last.
    pub fn stack_deck(&mut self, side: Side, half: CardId) -> &mut Self {
        let keep = self.g.deck().half_mask(side, half)
            | self
                .g
                .deck()
                .cards
                .iter()
                .enumerate()
                .filter(|(_, c)| c.event.as_ref().is_some_and(|e| e.id == half))
                .fold(0u64, |m, (t, _)| m | 1 << t);
        assert!(
            keep != 0,
            "{half} is not a half of the {side} in this game's deck"
        );
        for u in 0..MAX_CARD_TYPES {
            if keep & (1 << u) == 0 {
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
        self.g.hidden = 0;
        self.g.face_up = [0; 3];
        self
    }
    /// Put a face-down counter on `sq`.
    pub fn hidden_counter(&mut self, sq: Square) -> &mut Self {
        self.g.hidden |= sq.bit();
        self
    }
    /// Set the pool of unrevealed identities (critters, secrets), with no objectives.
    pub fn pool(&mut self, critters: u8, secrets: u8) -> &mut Self {
        self.g.pool = [critters, secrets, 0];
        self
    }
    /// Set how many neutral objectives are among the unrevealed identities.
    pub fn objectives(&mut self, n: u8) -> &mut Self {
        self.g.pool[2] = n;
        self
    }
    /// Set how many counters a side has claimed.
    pub fn claimed(&mut self, side: Side, n: u16) -> &mut Self {
        self.g.claimed[side] = n;
        self
    }
}

/// Roll a test; when `sink` wants events, record every face and report the roll as the
/// event `make` builds from the faces and the successes. The dice drawn are the same
/// either way (R26).
#[inline]
pub(crate) fn logged_roll<R: RngCore + ?Sized, S: EventSink>(
    rng: &mut R,
    dice: u8,
    value: u8,
    sink: &mut S,
    make: impl FnOnce(Vec<u8>, u8) -> Event,
) -> u8 {
    if S::ENABLED {
        let mut faces = Vec::new();
        let successes = roll_test_faces(rng, dice, value, &mut faces);
        sink.event(make(faces, successes));
        successes
    } else {
        roll_test(rng, dice, value)
    }
}
