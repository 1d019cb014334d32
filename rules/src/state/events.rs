//! What happened, for logs and displays: `Event`, the `EventSink` that receives events
//! as they happen (nothing at all is built when none is wanted), and the logged dice roll.

use rand::RngCore;

use crate::action::{Defence, ModelId};
use crate::bitboard::Bitboard;
use crate::cards::{Card, CardId};
use crate::dice::{roll_test, roll_test_faces};
use crate::map::Los;
use crate::square::{Edge, Side, Square};

use super::{CounterKind, Outcome, VpSource};

/// How a Shoot test ended (R15).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ShotResult {
    Kill,
    /// Saved only by armour: Rattled.
    Rattled,
    Miss,
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
    /// At the end of a Round `side` holds the hold zone `zone` (its squares), with a model
    /// there and none of the other side's; its VP follow.
    ZoneHeld {
        side: Side,
        zone: Bitboard,
    },
    /// At the end of a Round, `side` has held its zone `zone` alone `rounds` Rounds
    /// running (0: the run is broken), of the `needed` that win (P31).
    HoldRunning {
        side: Side,
        zone: Bitboard,
        rounds: u8,
        needed: u16,
    },
    /// The Round and the edge `side`'s entry `wave` (from 0, in file order) comes on by
    /// were drawn; both sides know them from now on (P33).
    ArrivalDrawn {
        side: Side,
        wave: u8,
        round: u16,
        edge: Edge,
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
        squares: Bitboard,
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

impl Test {
    /// The test as the bot protocol and the logs' text write it: `shoot`, `fight`,
    /// `survive`.
    pub const fn name(self) -> &'static str {
        match self {
            Test::Shoot => "shoot",
            Test::Fight => "fight",
            Test::Survive => "survive",
        }
    }

    /// The test as the rules text names it: `Shoot`, `Fight`, `Survive`.
    pub const fn title(self) -> &'static str {
        match self {
            Test::Shoot => "Shoot",
            Test::Fight => "Fight",
            Test::Survive => "Survive",
        }
    }
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
