//! Why an action is not legal now: [`IllegalAction`] with its typed reason [`Why`], and
//! the reasons themselves, each with a player's words (`Display`): [`Illegal`] for model
//! actions (given by the legality predicates of `legal`), [`CardWhy`] for card plays and
//! [`ResponseWhy`] for answers to a window (given by the predicates of `card_legal`),
//! and [`Needs`] with [`Waiting`] for an action of a kind the game does not wait for now.
//! Nothing here runs unless an action is refused: the legal list never builds a reason.

use std::fmt;

use crate::action::{Action, ModelId};
use crate::cards::{self, Aim, Card, CardId, Roll, Whose};
use crate::square::{Edge, Side, Square};

use super::{CAPACITY, GameState, Outcome, Phase};

/// An action that is not legal now, and why. The state is unchanged. Its explanation in a
/// player's words ([`IllegalAction::reason`]) is made from these fields when asked for.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("illegal action `{action}`: {}", self.explain())]
pub struct IllegalAction {
    pub action: Action,
    /// Why, as a value a program can match on.
    pub why: Why,
    /// What could be done instead; `None` once the game is over.
    pub instead: Option<Instead>,
}

/// What the game offered when an action was refused: who decides now, and the legal
/// actions (the first [`Instead::LISTED`] of them, and how many there were).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Instead {
    /// The side that decides now (`None` between decisions, which a refusal never sees).
    pub to_move: Option<Side>,
    /// The first of the legal actions, in the legal list's order.
    pub legal: Vec<Action>,
    /// How many legal actions there were in all.
    pub legal_count: usize,
}

impl Instead {
    /// The most legal actions an explanation lists.
    pub const LISTED: usize = 12;
}

impl IllegalAction {
    /// The explanation in a player's words: [`IllegalAction::why`], then who decides now
    /// and the first of the legal actions (only why, once the game is over). The bot
    /// protocol and the table send it as it is.
    pub fn reason(&self) -> String {
        self.explain().to_string()
    }

    fn explain(&self) -> Explanation<'_> {
        Explanation(self)
    }
}

/// [`IllegalAction::reason`] as it is written.
struct Explanation<'a>(&'a IllegalAction);

impl fmt::Display for Explanation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let IllegalAction { why, instead, .. } = self.0;
        write!(f, "{why}")?;
        let Some(instead) = instead else {
            return Ok(());
        };
        let who = instead.to_move.map_or("nobody", Side::name);
        write!(f, "; {who} to decide, legal now: ")?;
        for (i, a) in instead.legal.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{a}")?;
        }
        if instead.legal_count > instead.legal.len() {
            write!(f, ", ... {} in all", instead.legal_count)?;
        }
        Ok(())
    }
}

/// Why an action is not legal now. `Display` gives a player's words.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Why {
    /// The game is over: nothing is legal.
    GameOver(Outcome),
    /// A model action (set-up, activation, Stand Up, Aim, Move, Exit, Shoot, the Fight's
    /// opponent) breaks this rule.
    Model(Illegal),
    /// A card play of the Turn (`play`, `lay`, `call`) breaks this rule.
    Card(CardWhy),
    /// An answer to a response window or a Lucky Escape breaks this rule.
    Response(ResponseWhy),
    /// The action is of a kind the game does not wait for now: what it needs, and what
    /// the game waits for.
    Phase(Needs, Waiting),
    /// The game waits for a decision of this kind, and this is not one it offers: what
    /// the game waits for.
    Waits(Waiting),
    /// `side` does not hold the card it names (to play, lay, answer with or discard).
    NotHeld { side: Side, card: Card },
    /// `side` has no card play left this Turn (R11).
    NoCardPlayLeft(Side),
    /// Only a player with no model left to act at the start of the Turn may pass (R11).
    ModelsLeft(Side),
    /// The Flying Car flies along its row, east or west, not this way.
    CarHeading(Edge),
    /// The Bug's target must be in the Bug's square.
    NotInBugSquare(ModelId),
    /// There is no Bug on the board.
    NoBug,
    /// The acting model cannot Shoot the Bug on `square` now (P21).
    CannotShootBug { model: ModelId, square: Square },
    /// The acting model cannot Fight the Bug on `square` now (R27).
    CannotFightBug { model: ModelId, square: Square },
    /// The Turn has not started: a model must be chosen to act.
    TurnNotStarted,
    /// No rule is named: the action's own predicate accepts it, though the legal list
    /// leaves it out (the conformance tests look for this disagreement).
    Unexplained,
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::GameOver(o) => write!(f, "the game is over ({o})"),
            Why::Model(why) => write!(f, "{why}"),
            Why::Card(why) => write!(f, "{why}"),
            Why::Response(why) => write!(f, "{why}"),
            Why::Phase(needs, waiting) => write!(f, "{needs}: {waiting}"),
            Why::Waits(waiting) => write!(f, "{waiting}"),
            Why::NotHeld { side, card } => write!(f, "the {side} hold no {card}"),
            Why::NoCardPlayLeft(side) => write!(
                f,
                "the {side} have no card play left this Turn: one card with one model, or two \
                 cards with no model left to act (R11)"
            ),
            Why::ModelsLeft(side) => write!(
                f,
                "the {side} still have a model to act: only a player with none left at the \
                 start of the Turn may pass (R11)"
            ),
            Why::CarHeading(e) => {
                write!(f, "the car flies along its row, east or west, not {e}")
            }
            Why::NotInBugSquare(id) => write!(f, "{id} is not in the Bug's square"),
            Why::NoBug => f.write_str("there is no Bug on the board"),
            Why::CannotShootBug { model, square } => write!(
                f,
                "{model} cannot Shoot the Bug on {square} now (range, sight, a square with \
                 enemies or friends, or no Shoot left in its action, P21)"
            ),
            Why::CannotFightBug { model, square } => write!(
                f,
                "{model} can Fight the Bug only in its square {square}, with no enemy there \
                 and no Shoot or Aim in its action (R27)"
            ),
            Why::TurnNotStarted => f.write_str("the Turn has not started: choose a model to act"),
            Why::Unexplained => f.write_str("it cannot be played now"),
        }
    }
}

impl From<Illegal> for Why {
    fn from(why: Illegal) -> Why {
        Why::Model(why)
    }
}

impl From<CardWhy> for Why {
    fn from(why: CardWhy) -> Why {
        Why::Card(why)
    }
}

impl From<ResponseWhy> for Why {
    fn from(why: ResponseWhy) -> Why {
        Why::Response(why)
    }
}

/// What an action needs that the game is not waiting for now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Needs {
    /// `deploy`: the set-up.
    SetUp,
    /// `activate`: the start of a model's action.
    Activation,
    /// `stand`: a Rattled model acting.
    RattledActing,
    /// A step, an Aim, a Shoot, an exit, the Bug attacked: a model acting.
    Acting,
    /// `fight`, `defender`: a Fight starting.
    FightStarting,
    /// `defend`: a Fight waiting for a defence.
    Defence,
    /// `pass`: the start of a Turn.
    WholeTurn,
    /// `play`, `lay`, `call`: the own Turn, before or after a model's action (R11).
    OwnTurn,
    /// `respond`: a response window or a Lucky Escape.
    Window,
    /// `discard`: the end of a Round (R22).
    RoundEnd,
    /// `keep`: cards being discarded.
    Discarding,
    /// `heading`: the Flying Car waiting for its heading.
    FlyingCar,
    /// `pick`: the Bug picking a target.
    BugPicking,
    /// `done`: a model's action that can end.
    ActionToEnd,
    /// `end-turn`: a Turn that can end.
    TurnToEnd,
}

impl fmt::Display for Needs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Needs::SetUp => "set-up is over",
            Needs::Activation => "no model can be activated now",
            Needs::RattledActing => "no Rattled model is acting",
            Needs::Acting => "no model is acting",
            Needs::FightStarting => "no Fight is starting",
            Needs::Defence => "no Fight is waiting for a defence",
            Needs::WholeTurn => "passing is a whole Turn",
            Needs::OwnTurn => {
                "cards are played in the own Turn, before or after a model's action (R11)"
            }
            Needs::Window => "nothing waits for a response",
            Needs::RoundEnd => "cards are discarded at the end of a Round (R22)",
            Needs::Discarding => "nothing is being discarded",
            Needs::FlyingCar => "no Flying Car is waiting",
            Needs::BugPicking => "no Bug is picking a target",
            Needs::ActionToEnd => "no model's action can end now",
            Needs::TurnToEnd => "the Turn cannot end now",
        })
    }
}

/// What the game waits for: its phase, and the side whose Turn it is. `Display` says it
/// in words (`the humans must choose a model to act`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Waiting {
    pub phase: Phase,
    pub turn_player: Side,
}

impl fmt::Display for Waiting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let turn = self.turn_player;
        match self.phase {
            Phase::Deploy(side) => write!(f, "the {side} are deploying"),
            Phase::TurnStart => write!(f, "the {turn} must choose a model to act"),
            Phase::AfterFirst => {
                write!(f, "the {turn} may act with a second model or end the Turn")
            }
            Phase::Acting(a) => write!(f, "{} is acting", a.model),
            Phase::FightTarget { attacker, .. } => write!(
                f,
                "{attacker} is starting a Fight and an opponent must be picked"
            ),
            Phase::Defence { defender, .. } => {
                write!(f, "{defender} must choose to Fight or Survive")
            }
            Phase::Respond(side) => {
                write!(f, "the {side} may play a card on the test, or none (R20)")
            }
            Phase::Escape(id) => write!(f, "{id} would be killed: a Lucky Escape, or none"),
            Phase::Refill(side) => {
                write!(f, "the {side} are discarding at the end of the Round (R22)")
            }
            Phase::CarHeading(side) => {
                write!(
                    f,
                    "the {side} choose the Flying Car's heading, east or west"
                )
            }
            Phase::BugTarget(side) => write!(f, "the {side} pick the Bug's target"),
            Phase::BugDefence(id) => write!(f, "{id} must choose to Fight or Survive the Bug"),
            Phase::Busy => f.write_str("a resolution is under way"),
            Phase::GameOver(_) => f.write_str("the game is over"),
        }
    }
}

/// Why a card play of the Turn (`play`, `lay`, `call`) is not legal now, as
/// [`GameState::card_play_check`] finds it (beside [`Why::NotHeld`],
/// [`Why::NoCardPlayLeft`] and [`Needs::OwnTurn`]). Names are the card halves' names.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CardWhy {
    /// `half` is the other side's half of its cards (R19).
    OtherHalf {
        half: CardId,
        owner: Side,
        side: Side,
    },
    /// No card of the deck carries `half` for `side`.
    NotAHalf { half: CardId, side: Side },
    /// No card of the deck is `card` as `side` names it (its own half first).
    NotInDeck { card: Card, side: Side },
    /// `side` has no Support set of this half to call (R21).
    NoSet { side: Side, name: String },
    /// A card was laid to the set this Turn (R21).
    LaidThisTurn { name: String },
    /// The set's level does nothing (P14).
    SetDoesNothing { name: String, level: u8 },
    /// The set is aimed otherwise than the call says (R21).
    AimedAt { name: String, level: u8, aim: Aim },
    /// Only Support cards are laid.
    NotSupport { name: String },
    /// The set holds as many cards as it may (R21).
    SetFull { name: String, cap: u8 },
    /// The card is not played this way: a Support card is laid and called, a response
    /// or an Event is played on a test or a kill.
    WrongKind { name: String, kind: cards::Kind },
    /// The card cannot be played on that target now (R11, P11, P16).
    BadTarget { name: String },
}

impl fmt::Display for CardWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardWhy::OtherHalf { half, owner, side } => write!(
                f,
                "{half} is the {owner}' half of its cards: the {side} can only use their own \
                 half (R19)"
            ),
            CardWhy::NotAHalf { half, side } => {
                write!(
                    f,
                    "{half} is not a half the {side} can use in this game's deck"
                )
            }
            CardWhy::NotInDeck { card, side } => write!(
                f,
                "no card of this game's deck is {card}: the {side}' half comes first"
            ),
            CardWhy::NoSet { side, name } => {
                write!(f, "the {side} have no {name} set to call (R21)")
            }
            CardWhy::LaidThisTurn { name } => {
                write!(f, "a card was laid to the {name} set this Turn (R21)")
            }
            CardWhy::SetDoesNothing { name, level } => {
                write!(f, "a {name} set of {level} does nothing (P14)")
            }
            CardWhy::AimedAt { name, level, aim } => write!(
                f,
                "a {name} set of {level} is aimed at {} (R21)",
                aim.name()
            ),
            CardWhy::NotSupport { name } => write!(f, "{name} is not a Support card"),
            CardWhy::SetFull { name, cap } => {
                write!(f, "the {name} set is full ({cap} cards, R21)")
            }
            CardWhy::WrongKind { name, kind } => write!(
                f,
                "{name} is a {} card: it is {}",
                kind.name(),
                match kind {
                    cards::Kind::Support => "laid (`lay`) and called (`call`)",
                    _ => "played on a test or a kill (`respond`)",
                }
            ),
            CardWhy::BadTarget { name } => write!(
                f,
                "{name} cannot be played on that target now (a card on an own model must be on \
                 the Turn's acting model, R11, P11, P16)"
            ),
        }
    }
}

/// Why an answer with a card to a response window or a Lucky Escape is not legal now, as
/// [`GameState::response_check`] finds it (beside [`Why::NotHeld`] and
/// [`Why::NoCardPlayLeft`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ResponseWhy {
    /// The deck has no half of `card` for `side`.
    NoHalf { card: Card, side: Side },
    /// `model` would be killed: only a Lucky Escape may be played (P13).
    OnlyLuckyEscape(ModelId),
    /// A Lucky Escape is played when a model would be killed, not on a test (P13).
    EscapeNotOnTest { name: String },
    /// `side` has played a card on this test already (R20).
    PlayedOnTest(Side),
    /// `side` played a card on the test that kills `model`: no Lucky Escape on it (P13).
    EscapeBlocked { side: Side, model: ModelId },
    /// The card changes a roll of `whose` model, and none is in this test.
    NoModelInTest { name: String, whose: Whose },
    /// The card does not change `roll`, which is what `model` rolls in this test (P12).
    WrongRoll {
        name: String,
        roll: Roll,
        model: ModelId,
    },
    /// The card is not played on a test (R32).
    NotOnATest { name: String },
    /// `model` has had a card of `side` this Turn: one action and one card is a model's
    /// limit per Turn (R31).
    ModelHadCard { model: ModelId, side: Side },
    /// In its own Turn, a card on an own model must be on the Turn's acting model (P11).
    NotTheTurnModel,
}

impl fmt::Display for ResponseWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResponseWhy::NoHalf { card, side } => {
                write!(f, "{card} has no {side} half in this game's deck")
            }
            ResponseWhy::OnlyLuckyEscape(id) => write!(
                f,
                "{id} would be killed: only a Lucky Escape may be played now (P13)"
            ),
            ResponseWhy::EscapeNotOnTest { name } => write!(
                f,
                "{name} is played when a model would be killed, not on a test (P13)"
            ),
            ResponseWhy::PlayedOnTest(side) => write!(
                f,
                "the {side} have played a card on this test already (R20)"
            ),
            ResponseWhy::EscapeBlocked { side, model } => write!(
                f,
                "the {side} played a card on the test that kills {model}: no Lucky Escape on \
                 it (P13)"
            ),
            ResponseWhy::NoModelInTest { name, whose } => write!(
                f,
                "{name} changes a roll of {} model, and none is in this test",
                match whose {
                    Whose::Own => "an own",
                    Whose::Enemy => "an enemy",
                }
            ),
            ResponseWhy::WrongRoll { name, roll, model } => write!(
                f,
                "{name} does not change a {} roll, which is what {model} rolls in this test (P12)",
                roll.name()
            ),
            ResponseWhy::NotOnATest { name } => {
                write!(f, "{name} is not played on a test (R32)")
            }
            ResponseWhy::ModelHadCard { model, side } => write!(
                f,
                "{model} has already had a card of the {side} this Turn: one action and one \
                 card is a model's limit per Turn (R31)"
            ),
            ResponseWhy::NotTheTurnModel => f.write_str(
                "in its own Turn a card on an own model must be on the Turn's acting model (P11)",
            ),
        }
    }
}

/// Why a model action is not legal now, as the legality predicates of `legal` find it:
/// the legal list keeps what they accept and the explanation of an illegal action shows
/// what they reject, so the two cannot disagree. `Display` gives a player's words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    /// The scenario has `models` models and no model `id`.
    NoSuchModel {
        id: ModelId,
        models: u8,
    },
    Dead(ModelId),
    LeftBoard(ModelId),
    NotDeployed(ModelId),
    /// Set-up: `sq` is outside `side`'s deployment zone.
    OutsideZone {
        sq: Square,
        side: Side,
    },
    /// Set-up: `sq` holds a blocker.
    DeployOnBlocker(Square),
    /// `sq` holds as many models as a square may (R3).
    Full(Square),
    OtherSidesModel {
        id: ModelId,
        side: Side,
        turn: Side,
    },
    AlreadyActed(ModelId),
    EntersInRound {
        id: ModelId,
        round: u16,
    },
    /// The Round `id` comes on from is drawn at the start of Round `round` (P33).
    ArrivalNotDrawn {
        id: ModelId,
        round: u16,
    },
    NoWayOn(ModelId),
    /// The Turn has no activation left for it (R11, P11).
    CannotActNow(ModelId),
    NotRattled(ModelId),
    Rattled(ModelId),
    AimIsWholeAction(ModelId),
    NoAimTarget(ModelId),
    EntryEdge {
        id: ModelId,
        edge: Edge,
        to: Square,
    },
    /// `to` is not among the squares `id` may come on at, the run `first` to `last` of
    /// an edge (P32).
    EntrySquares {
        id: ModelId,
        first: Square,
        last: Square,
        to: Square,
    },
    EntryFullOrBlocked(Square),
    MustShoot(ModelId),
    NoMoveLeft {
        id: ModelId,
        steps: u8,
        shot: bool,
    },
    HeldInPlace {
        id: ModelId,
        from: Square,
    },
    NotNext {
        from: Square,
        to: Square,
    },
    StepOnBlocker(Square),
    WallCorner {
        from: Square,
        to: Square,
    },
    Wall {
        from: Square,
        to: Square,
    },
    NoExit(Side),
    WrongExit {
        side: Side,
        exit: Edge,
    },
    NotOnExit {
        id: ModelId,
        exit: Edge,
    },
    /// The scenario holds `id` on the board: it may not leave by the exit (P30).
    MayNotExit {
        id: ModelId,
        exit: Edge,
    },
    NoShotLeft(ModelId),
    MustEnterFirst(ModelId),
    OwnSide {
        target: ModelId,
        id: ModelId,
    },
    TargetOffBoard(ModelId),
    ShootFromEnemies {
        id: ModelId,
        from: Square,
    },
    OutOfRange {
        target: ModelId,
        to: Square,
        id: ModelId,
        distance: u8,
        range: u8,
    },
    NoSight {
        id: ModelId,
        from: Square,
        to: Square,
    },
    BothSides(Square),
    NotAnOpponent {
        target: ModelId,
        attacker: ModelId,
    },
    MustFightSoldier(ModelId),
    /// The opponent is picked with `fight` (the attacker's side picks, `true`) or
    /// `defender` (`false`).
    PickWith {
        fight: bool,
    },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::NoSuchModel { id, models } => {
                write!(
                    f,
                    "there is no model {id} (this scenario has m1..m{models})"
                )
            }
            Illegal::Dead(id) => write!(f, "{id} is dead"),
            Illegal::LeftBoard(id) => write!(f, "{id} has left the board"),
            Illegal::NotDeployed(id) => write!(f, "{id} has not been deployed yet"),
            Illegal::OutsideZone { sq, side } => {
                write!(f, "{sq} is not in the {side}' deployment zone")
            }
            Illegal::DeployOnBlocker(sq) => write!(f, "{sq} holds a blocker"),
            Illegal::Full(sq) => write!(f, "{sq} already holds {CAPACITY} models (R3)"),
            Illegal::OtherSidesModel { id, side, turn } => {
                write!(f, "{id} is a {side} model and it is the {turn}' Turn")
            }
            Illegal::AlreadyActed(id) => write!(f, "{id} has already acted this Round"),
            Illegal::EntersInRound { id, round } => {
                write!(f, "{id} enters the board in Round {round}")
            }
            Illegal::ArrivalNotDrawn { id, round } => write!(
                f,
                "{id} comes on in a Round drawn at the start of Round {round}, and that is \
                 not drawn yet (P33)"
            ),
            Illegal::NoWayOn(id) => write!(f, "{id} has no way onto the board"),
            Illegal::CannotActNow(id) => write!(f, "{id} cannot act now"),
            Illegal::NotRattled(id) => write!(f, "{id} is not Rattled (R12)"),
            Illegal::Rattled(id) => write!(f, "{id} is Rattled and must Stand Up first (R12)"),
            Illegal::AimIsWholeAction(id) => write!(
                f,
                "{id} can only Aim as its whole action, before moving or shooting (R12)"
            ),
            Illegal::NoAimTarget(id) => write!(f, "{id} has no target to Aim at"),
            Illegal::EntryEdge { id, edge, to } => write!(
                f,
                "{id} must come onto the board across the {edge} edge, and {to} is not on it (R6)"
            ),
            Illegal::EntrySquares {
                id,
                first,
                last,
                to,
            } => {
                let run = if first == last {
                    first.to_string()
                } else {
                    format!("{first}-{last}")
                };
                write!(
                    f,
                    "{id} may come onto the board only at {run}, and {to} is not there (P32)"
                )
            }
            Illegal::EntryFullOrBlocked(to) => write!(f, "{to} is full or blocked"),
            Illegal::MustShoot(id) => write!(f, "{id} has Aimed and must Shoot (R12)"),
            Illegal::NoMoveLeft { id, steps, shot } => write!(
                f,
                "{id} has no move left in this action (moved {steps}, shot: {shot}) (R12)"
            ),
            Illegal::HeldInPlace { id, from } => write!(
                f,
                "{id} cannot leave {from}: it holds an enemy that is not Rattled (R7)"
            ),
            Illegal::NotNext { from, to } => write!(
                f,
                "{to} is not next to {from}: a step goes to one of the 8 neighbours (R4)"
            ),
            Illegal::StepOnBlocker(to) => {
                write!(f, "{to} holds a blocker and cannot be entered (P1)")
            }
            Illegal::WallCorner { from, to } => {
                write!(
                    f,
                    "high walls close the corner between {from} and {to} (R4)"
                )
            }
            Illegal::Wall { from, to } => {
                write!(f, "a high wall stands between {from} and {to} (R4)")
            }
            Illegal::NoExit(side) => {
                write!(f, "the {side} have no exit edge in this scenario (R6)")
            }
            Illegal::WrongExit { side, exit } => {
                write!(f, "the {side} may only leave by the {exit} edge")
            }
            Illegal::NotOnExit { id, exit } => write!(f, "{id} is not on the {exit} edge (R6)"),
            Illegal::MayNotExit { id, exit } => write!(
                f,
                "{id} may not leave the board: in this scenario only some models may leave \
                 by the {exit} edge, and {id} must stay (P30)"
            ),
            Illegal::NoShotLeft(id) => write!(f, "{id} cannot Shoot again in this action (R12)"),
            Illegal::MustEnterFirst(id) => write!(f, "{id} must come onto the board first"),
            Illegal::OwnSide { target, id } => write!(f, "{target} is on {id}'s own side"),
            Illegal::TargetOffBoard(t) => write!(f, "{t} is not on the board"),
            Illegal::ShootFromEnemies { id, from } => {
                write!(f, "{id} cannot Shoot from {from}: it holds enemies (R12)")
            }
            Illegal::OutOfRange {
                target,
                to,
                id,
                distance,
                range,
            } => write!(
                f,
                "{target} in {to} is {distance} squares away; {id}'s range is {range} (R8)"
            ),
            Illegal::NoSight { id, from, to } => {
                write!(f, "{id} in {from} has no line of sight to {to} (R9)")
            }
            Illegal::BothSides(to) => write!(f, "{to} holds models of both sides (R12)"),
            Illegal::NotAnOpponent { target, attacker } => {
                write!(f, "{target} is not an enemy in {attacker}'s square")
            }
            Illegal::MustFightSoldier(attacker) => write!(
                f,
                "{attacker} must fight a Soldier while one is present (R16)"
            ),
            Illegal::PickWith { fight } => write!(
                f,
                "the opponent is picked with `{}` here",
                if fight { "fight" } else { "defender" }
            ),
        }
    }
}

impl GameState {
    /// `action`, which is not in `legal` (the legal actions now), refused: why, and the
    /// explanation in a player's words.
    pub(super) fn refuse(&self, action: Action, legal: &[Action]) -> IllegalAction {
        let why = self.why_not(action);
        let instead = match why {
            Why::GameOver(_) => None,
            _ => Some(Instead {
                to_move: self.to_move(),
                legal: legal.iter().take(Instead::LISTED).copied().collect(),
                legal_count: legal.len(),
            }),
        };
        IllegalAction {
            action,
            why,
            instead,
        }
    }

    /// What the game waits for now.
    pub(super) fn waiting(&self) -> Waiting {
        Waiting {
            phase: self.phase,
            turn_player: self.turn_player,
        }
    }

    /// Why `action`, which the legal list leaves out, is not legal now: the rule its kind's
    /// predicate names, or the kind of decision the game waits for instead.
    pub(super) fn why_not(&self, action: Action) -> Why {
        if let Phase::GameOver(o) = self.phase {
            return Why::GameOver(o);
        }
        let acting = match self.phase {
            Phase::Acting(a) => Some(a),
            _ => None,
        };
        let phase = |needs: Needs| Why::Phase(needs, self.waiting());
        match action {
            Action::Deploy(sq) => match self.phase {
                Phase::Deploy(side) => because(self.deploy_check(side, sq)),
                _ => phase(Needs::SetUp),
            },
            Action::Activate(id) => {
                if let Err(e) = self.model_check(id) {
                    return e.into();
                }
                if !matches!(self.phase, Phase::TurnStart | Phase::AfterFirst) {
                    return phase(Needs::Activation);
                }
                because(self.activation_check(id))
            }
            Action::Stand => match acting {
                Some(a) if self.stand_check(a).is_err() => because(self.stand_check(a)),
                _ => phase(Needs::RattledActing),
            },
            Action::Aim => match acting {
                Some(a) => because(self.aim_check(a)),
                None => phase(Needs::Acting),
            },
            Action::Move(to) => match acting {
                Some(a) => because(self.move_check(a, to)),
                None => phase(Needs::Acting),
            },
            Action::Exit(edge) => match acting {
                Some(a) => because(self.exit_check(a, edge)),
                None => phase(Needs::Acting),
            },
            Action::Shoot(t) => {
                let Some(a) = acting else {
                    return phase(Needs::Acting);
                };
                if let Err(e) = self.model_check(t) {
                    return e.into();
                }
                because(self.shoot_check(a, t))
            }
            Action::Fight(t) | Action::Defender(t) => match self.phase {
                Phase::FightTarget { attacker, .. } => {
                    let by_attacker = matches!(action, Action::Fight(_));
                    because(self.opponent_check(attacker, t, by_attacker))
                }
                _ => phase(Needs::FightStarting),
            },
            Action::Defend(_) => match self.phase {
                Phase::Defence { .. } | Phase::BugDefence(_) => Why::Waits(self.waiting()),
                _ => phase(Needs::Defence),
            },
            Action::Pass => match self.phase {
                Phase::TurnStart => Why::ModelsLeft(self.turn_player),
                _ => phase(Needs::WholeTurn),
            },
            Action::Play(..) | Action::Lay(_) | Action::Call(..) => {
                because(self.card_play_check(action))
            }
            Action::Respond(card) => match self.phase {
                Phase::Respond(_) | Phase::Escape(_) => {
                    let side = match self.phase {
                        Phase::Escape(id) => self.models[id.index()].side,
                        _ => self.to_move().unwrap_or(self.turn_player),
                    };
                    match card {
                        None => Why::Waits(self.waiting()),
                        Some(c) => because(self.response_check(side, c)),
                    }
                }
                _ => phase(Needs::Window),
            },
            Action::Discard(card) => match self.phase {
                Phase::Refill(side) => Why::NotHeld { side, card },
                _ => phase(Needs::RoundEnd),
            },
            Action::Keep => phase(Needs::Discarding),
            Action::Heading(e) => match self.phase {
                Phase::CarHeading(_) => Why::CarHeading(e),
                _ => phase(Needs::FlyingCar),
            },
            Action::Pick(id) => match self.phase {
                Phase::BugTarget(_) => Why::NotInBugSquare(id),
                _ => phase(Needs::BugPicking),
            },
            Action::ShootBug => match (acting, self.bug) {
                (_, None) => Why::NoBug,
                (None, _) => phase(Needs::Acting),
                (Some(a), Some((square, _))) => Why::CannotShootBug {
                    model: a.model,
                    square,
                },
            },
            Action::FightBug => match (acting, self.bug) {
                (_, None) => Why::NoBug,
                (None, _) => phase(Needs::Acting),
                (Some(a), Some((square, _))) => Why::CannotFightBug {
                    model: a.model,
                    square,
                },
            },
            Action::Done => phase(Needs::ActionToEnd),
            Action::EndTurn => match self.phase {
                Phase::TurnStart => Why::TurnNotStarted,
                _ => phase(Needs::TurnToEnd),
            },
        }
    }
}

/// The reason a legality predicate gives. Called only for an action the legal list left
/// out, which its predicate rejects, so the second arm is never taken (the conformance
/// tests check it is not).
fn because<E: Into<Why>>(check: Result<(), E>) -> Why {
    match check {
        Err(reason) => reason.into(),
        Ok(()) => Why::Unexplained,
    }
}

// A reason is returned by every legality predicate on the legal list's path: it stays
// small enough to travel in registers.
const _: () = assert!(std::mem::size_of::<Result<(), Illegal>>() <= 8);

#[cfg(test)]
mod tests {
    use super::{IllegalAction, Instead, Why};
    use crate::action::Action;
    use crate::square::{Side, Square};
    use crate::state::Outcome;

    fn refused(why: Why, instead: Option<Instead>) -> IllegalAction {
        IllegalAction {
            action: Action::Pass,
            why,
            instead,
        }
    }

    #[test]
    fn the_explanation_is_the_reason_then_who_decides_and_what_is_legal() {
        let moves: Vec<Action> = Square::all().take(3).map(Action::Move).collect();
        let e = refused(
            Why::NoBug,
            Some(Instead {
                to_move: Some(Side::Humans),
                legal: moves,
                legal_count: 3,
            }),
        );
        assert_eq!(
            e.reason(),
            "there is no Bug on the board; humans to decide, legal now: move a1, move b1, move c1"
        );
        assert_eq!(
            e.to_string(),
            format!("illegal action `pass`: {}", e.reason())
        );
    }

    #[test]
    fn a_long_legal_list_is_cut_after_twelve_with_the_count() {
        let all: Vec<Action> = Square::all().take(20).map(Action::Move).collect();
        let e = refused(
            Why::NoBug,
            Some(Instead {
                to_move: None,
                legal: all.iter().take(Instead::LISTED).copied().collect(),
                legal_count: all.len(),
            }),
        );
        let listed: Vec<String> = all[..12].iter().map(|a| a.to_string()).collect();
        assert_eq!(
            e.reason(),
            format!(
                "there is no Bug on the board; nobody to decide, legal now: {}, ... 20 in all",
                listed.join(", ")
            )
        );
    }

    #[test]
    fn once_the_game_is_over_only_why() {
        let e = refused(Why::GameOver(Outcome::Draw), None);
        assert_eq!(e.reason(), "the game is over (draw)");
    }
}
