//! Why an action is not legal now: `IllegalAction`, the `Illegal` reasons the legality
//! predicates of `legal` give for model actions, and the explanation in a player's words
//! of what rule an action breaks, beside the list of what is legal. Card plays and
//! responses are explained here from their own rules (`play`).

use std::fmt;

use crate::rules::action::{Action, ModelId};
use crate::rules::cards::{self, Card, CardId};
use crate::rules::square::{Edge, Side, Square};

use super::{CAPACITY, GameState, Phase};

/// An action that is not legal now, and why. The state is unchanged.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("illegal action `{action}`: {reason}")]
pub struct IllegalAction {
    pub action: Action,
    pub reason: String,
}

/// Why a model action is not legal now, as the legality predicates of `legal` find it:
/// the legal list keeps what they accept and the explanation of an illegal action shows
/// what they reject, so the two cannot disagree. `Display` gives a player's words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Illegal {
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
    /// Why `action` is not in `legal`, in words a player understands.
    pub(super) fn explain_illegal(&self, action: Action, legal: &[Action]) -> String {
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

    pub(super) fn why_not(&self, action: Action) -> String {
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
                Phase::Deploy(side) => because(self.deploy_check(side, sq)),
                _ => format!("set-up is over: {phase_text}"),
            },
            Action::Activate(id) => {
                if let Err(e) = self.model_check(id) {
                    return e.to_string();
                }
                if !matches!(self.phase, Phase::TurnStart | Phase::AfterFirst) {
                    return format!("no model can be activated now: {phase_text}");
                }
                because(self.activation_check(id))
            }
            Action::Stand => match acting {
                Some(a) if self.stand_check(a).is_err() => because(self.stand_check(a)),
                _ => format!("no Rattled model is acting: {phase_text}"),
            },
            Action::Aim => match acting {
                Some(a) => because(self.aim_check(a)),
                None => format!("no model is acting: {phase_text}"),
            },
            Action::Move(to) => match acting {
                Some(a) => because(self.move_check(a, to)),
                None => format!("no model is acting: {phase_text}"),
            },
            Action::Exit(edge) => match acting {
                Some(a) => because(self.exit_check(a, edge)),
                None => format!("no model is acting: {phase_text}"),
            },
            Action::Shoot(t) => {
                let Some(a) = acting else {
                    return format!("no model is acting: {phase_text}");
                };
                if let Err(e) = self.model_check(t) {
                    return e.to_string();
                }
                because(self.shoot_check(a, t))
            }
            Action::Fight(t) | Action::Defender(t) => match self.phase {
                Phase::FightTarget { attacker, .. } => {
                    let by_attacker = matches!(action, Action::Fight(_));
                    because(self.opponent_check(attacker, t, by_attacker))
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
    pub(super) fn why_not_response(&self, side: Side, card: Card) -> String {
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
    pub(super) fn why_not_card(
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
}

/// The reason a legality predicate gives. Called only for an action the legal list left
/// out, which its predicate rejects, so the second arm is never taken.
fn because(check: Result<(), Illegal>) -> String {
    match check {
        Err(reason) => reason.to_string(),
        Ok(()) => "it cannot be played now".to_string(),
    }
}

// A reason is returned by every legality predicate on the legal list's path: it stays
// small enough to travel in registers.
const _: () = assert!(std::mem::size_of::<Result<(), Illegal>>() <= 8);
