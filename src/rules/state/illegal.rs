//! Why an action is not legal now: `IllegalAction`, and the explanation in a player's
//! words of what rule an action breaks, beside the list of what is legal.

use crate::rules::action::{Action, ModelId};
use crate::rules::cards::{self, Card, CardId};
use crate::rules::map::Los;
use crate::rules::profile::Ability;
use crate::rules::square::{Side, Square};

use super::{Act, CAPACITY, GameState, Loc, Phase, act_options};

/// An action that is not legal now, and why. The state is unchanged.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("illegal action `{action}`: {reason}")]
pub struct IllegalAction {
    pub action: Action,
    pub reason: String,
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

    pub(super) fn model_problem(&self, id: ModelId) -> Option<String> {
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

    pub(super) fn why_not_step(&self, id: ModelId, from: Square, to: Square) -> String {
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

    pub(super) fn why_not_shoot(&self, a: Act, t: ModelId) -> String {
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
}
