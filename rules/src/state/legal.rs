//! The legal list: every decision open now, in a fixed order, and one legality predicate
//! per kind of model action (set-up, activation, Stand Up, Move, Exit, Aim, Shoot, the
//! Fight's opponent) that says whether an action of its kind is legal and, if not, which
//! rule it breaks (R3-R9, R11, R12, R16). The list keeps what the predicates accept; the
//! explanation of an illegal action (`illegal`) gives what they reject.

use crate::action::{Action, Defence, ModelId};
use crate::bitboard::Bitboard;
use crate::model_set::ModelSet;
use crate::profile::Ability;
use crate::square::{Edge, Side, Square};

use super::illegal::Illegal;
use super::{Act, CAPACITY, GameState, Loc, Phase, act_options};

impl GameState {
    /// Every legal decision now, in a fixed order. Empty only when the game is over.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::GameOver(_) | Phase::Busy => {}
            Phase::Deploy(side) => {
                for sq in self.scenario.sides[side].deployment {
                    if self.deploy_check(side, sq).is_ok() {
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
                // The attacker's side picks while a Soldier is there, else the defender's.
                let soldiers = self.has_soldier_opponent(attacker);
                let by_attacker = soldiers;
                for id in self.opponents(attacker) {
                    if self
                        .opponent_with(attacker, soldiers, id, by_attacker)
                        .is_ok()
                    {
                        out.push(if by_attacker {
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

    pub(super) fn push_activations(&self, out: &mut Vec<Action>) {
        if !self.may_activate_more() {
            return; // Implied by `activation_check`: spares the look at every model.
        }
        for i in 0..self.n_models {
            let id = ModelId(i);
            if self.activation_check(id).is_ok() {
                out.push(Action::Activate(id));
            }
        }
    }

    pub(super) fn push_act(&self, act: Act, out: &mut Vec<Action>) {
        let id = act.model;
        let m = &self.models[id.index()];
        let Some(sq) = m.square() else {
            // Off the board: the only way on is across the entry edge (R6).
            if let Ok(squares) = self.move_squares(act) {
                out.extend(squares.iter().map(Action::Move));
            }
            if out.is_empty() {
                out.push(Action::Done);
            }
            return;
        };
        if self.stand_check(act).is_ok() {
            out.push(Action::Stand);
            return;
        }
        if act.aimed {
            push_shots(self.shot_targets(act), out);
            if self.may_shoot_bug(id, sq) {
                out.push(Action::ShootBug);
            }
            return;
        }
        if let Ok(squares) = self.move_squares(act) {
            out.extend(squares.iter().map(Action::Move));
            if let Some(edge) = self.scenario.sides[m.side].exit
                && self.exit_check(act, edge).is_ok()
            {
                out.push(Action::Exit(edge));
            }
        }
        if self.may_fight_bug(act, sq) {
            out.push(Action::FightBug);
        }
        if act_options(act).1 {
            let targets = self.shot_targets(act);
            push_shots(targets, out);
            if self.may_shoot_bug(id, sq) {
                out.push(Action::ShootBug);
            }
            if self.aim_with(act, targets).is_ok() {
                out.push(Action::Aim);
            }
        }
        out.push(Action::Done);
    }

    // ----- one legality predicate per action kind ------------------------------------
    //
    // Each says whether an action of its kind is legal, in a phase that offers that kind,
    // and if not, why: the legal list keeps what they accept, and `why_not` reports what
    // they reject.

    /// Is `id` a model of this game that is still in it (R6)?
    #[inline(always)]
    pub(super) fn model_check(&self, id: ModelId) -> Result<(), Illegal> {
        if id.index() >= self.n_models as usize {
            return Err(Illegal::NoSuchModel {
                id,
                models: self.n_models,
            });
        }
        match self.models[id.index()].loc {
            Loc::Dead => Err(Illegal::Dead(id)),
            Loc::Exited => Err(Illegal::LeftBoard(id)),
            Loc::Undeployed => Err(Illegal::NotDeployed(id)),
            Loc::Board(_) | Loc::Waiting => Ok(()),
        }
    }

    /// Set-up: may `side` deploy its next model on `sq` (R3, P1)?
    pub(super) fn deploy_check(&self, side: Side, sq: Square) -> Result<(), Illegal> {
        if !self.scenario.sides[side].deployment.contains(sq) {
            Err(Illegal::OutsideZone { sq, side })
        } else if self.map.blockers().contains(sq) {
            Err(Illegal::DeployOnBlocker(sq))
        } else if self.total(sq) >= CAPACITY {
            Err(Illegal::Full(sq))
        } else {
            Ok(())
        }
    }

    /// May the Turn player activate `id` now (R6, R11, P11)?
    #[inline(always)]
    pub(super) fn activation_check(&self, id: ModelId) -> Result<(), Illegal> {
        let Some(m) = self.models().get(id.index()) else {
            return self.model_check(id);
        };
        if m.side != self.turn_player {
            return Err(Illegal::OtherSidesModel {
                id,
                side: m.side,
                turn: self.turn_player,
            });
        }
        if m.activated {
            return Err(Illegal::AlreadyActed(id));
        }
        match m.loc {
            Loc::Board(_) => {}
            Loc::Waiting if self.entry_open(id) => {}
            Loc::Waiting => {
                return Err(match self.scenario.entry_of(id.index()) {
                    Some(e) if !e.is_drawn() => Illegal::EntersInRound { id, round: e.round },
                    // Drawn at random (P33): the Round drawn, or not drawn yet.
                    Some(e) => match self.drawn_entry(id, e).0 {
                        u16::MAX => Illegal::ArrivalNotDrawn { id, round: e.round },
                        round => Illegal::EntersInRound { id, round },
                    },
                    None => Illegal::NoWayOn(id),
                });
            }
            Loc::Dead | Loc::Exited | Loc::Undeployed => return self.model_check(id),
        }
        if !self.may_activate_more() || (self.turn_cards != 0 && !self.own_model_ok(id)) {
            return Err(Illegal::CannotActNow(id));
        }
        Ok(())
    }

    /// May the acting model Stand Up (R12)?
    #[inline(always)]
    pub(super) fn stand_check(&self, act: Act) -> Result<(), Illegal> {
        if self.models[act.model.index()].rattled {
            Ok(())
        } else {
            Err(Illegal::NotRattled(act.model))
        }
    }

    /// May the acting model Aim (R12): as its whole action, with something to Shoot at?
    pub(super) fn aim_check(&self, act: Act) -> Result<(), Illegal> {
        self.aim_with(act, self.shot_targets(act))
    }

    /// `aim_check`, given what `shot_targets` says of the acting model.
    #[inline(always)]
    pub(super) fn aim_with(
        &self,
        act: Act,
        targets: Result<ModelSet, Illegal>,
    ) -> Result<(), Illegal> {
        let id = act.model;
        let m = &self.models[id.index()];
        if m.rattled {
            return Err(Illegal::Rattled(id));
        }
        if act.steps > 0 || act.shot || act.stood || act.aimed {
            return Err(Illegal::AimIsWholeAction(id));
        }
        match (targets, m.square()) {
            (Ok(t), _) if t.any() => Ok(()),
            (Ok(_), Some(from)) if self.may_shoot_bug(id, from) => Ok(()),
            _ => Err(Illegal::NoAimTarget(id)),
        }
    }

    /// May the acting model step now, and from where (R7, R12)? Its square, or `None` off
    /// the board, where it enters across its entry edge (R6).
    #[inline(always)]
    pub(super) fn mover(&self, act: Act) -> Result<Option<Square>, Illegal> {
        let id = act.model;
        let m = &self.models[id.index()];
        if m.rattled {
            return Err(Illegal::Rattled(id));
        }
        let Some(from) = m.square() else {
            return Ok(None);
        };
        if act.aimed {
            return Err(Illegal::MustShoot(id));
        }
        if !act_options(act).0 {
            return Err(Illegal::NoMoveLeft {
                id,
                steps: act.steps,
                shot: act.shot,
            });
        }
        if self.standing[m.side.other()][from.index()] > 0 {
            // R7: enemies that are not all Rattled hold the model in place.
            return Err(Illegal::HeldInPlace { id, from });
        }
        Ok(Some(from))
    }

    /// The squares the acting model may Move to now (R3-R7, R12), or why it may not Move:
    /// next to its square, or on its entry edge from off the board (R6), with room.
    #[inline(always)]
    pub(super) fn move_squares(&self, act: Act) -> Result<Bitboard, Illegal> {
        let id = act.model;
        match self.mover(act)? {
            Some(from) => Ok(self.step_squares(self.models[id.index()].side, from)),
            None => match self.scenario.entry_of(id.index()) {
                Some(entry) => {
                    // The whole edge or the part of it the scenario names (P32), the edge
                    // drawn when it is drawn (P33).
                    let squares = if entry.is_drawn() {
                        self.drawn_entry(id, entry).1
                    } else {
                        entry.squares
                    };
                    let edge = squares.difference(self.map.blockers());
                    Ok(edge
                        .iter()
                        .filter(|to| self.total(*to) < CAPACITY)
                        .collect())
                }
                None => Err(Illegal::NoWayOn(id)),
            },
        }
    }

    /// Why `id`, off the board, may not enter on `to`.
    #[cold]
    fn no_entry(&self, id: ModelId, to: Square) -> Illegal {
        match self.arrival_of(id) {
            Some(a) if a.squares.contains(to) => Illegal::EntryFullOrBlocked(to),
            Some(a) => match a.edge {
                Some(edge) if a.squares == edge.board_squares() => {
                    Illegal::EntryEdge { id, edge, to }
                }
                _ => Illegal::EntrySquares {
                    id,
                    first: a.squares.first().unwrap_or(Square::from_index(63)),
                    last: a.squares.last().unwrap_or(Square::from_index(0)),
                    to,
                },
            },
            None => Illegal::NoWayOn(id),
        }
    }

    /// Why a step from `from` to `to` on the board is not among the `move_squares`.
    #[cold]
    fn no_step(&self, from: Square, to: Square) -> Illegal {
        if from == to || from.range(to) != 1 {
            Illegal::NotNext { from, to }
        } else if self.map.blockers().contains(to) {
            Illegal::StepOnBlocker(to)
        } else if !self.map.step_targets(from).contains(to) {
            if from.col() != to.col() && from.row() != to.row() {
                Illegal::WallCorner { from, to }
            } else {
                Illegal::Wall { from, to }
            }
        } else {
            Illegal::Full(to)
        }
    }

    /// May the acting model Move to `to` (R3-R7, R12)?
    pub(super) fn move_check(&self, act: Act, to: Square) -> Result<(), Illegal> {
        if self.move_squares(act)?.contains(to) {
            return Ok(());
        }
        Err(match self.mover(act)? {
            Some(from) => self.no_step(from, to),
            None => self.no_entry(act.model, to),
        })
    }

    /// May the acting model leave the board across `edge` (R6)?
    #[inline(always)]
    pub(super) fn exit_check(&self, act: Act, edge: Edge) -> Result<(), Illegal> {
        let id = act.model;
        let side = self.models[id.index()].side;
        let exit = match self.scenario.sides[side].exit {
            None => return Err(Illegal::NoExit(side)),
            Some(e) if e != edge => return Err(Illegal::WrongExit { side, exit: e }),
            Some(e) => e,
        };
        if self.masks.held.contains(id) {
            return Err(Illegal::MayNotExit { id, exit });
        }
        match self.mover(act)? {
            Some(from) if exit.board_squares().contains(from) => Ok(()),
            _ => Err(Illegal::NotOnExit { id, exit }),
        }
    }

    /// May the acting model Shoot now (R12)? Its square, and the squares it may Shoot into.
    #[inline(always)]
    pub(super) fn shooter(&self, act: Act) -> Result<(Square, Bitboard), Illegal> {
        let id = act.model;
        let m = &self.models[id.index()];
        if m.rattled {
            return Err(Illegal::Rattled(id));
        }
        if !act_options(act).1 {
            return Err(Illegal::NoShotLeft(id));
        }
        let Some(from) = m.square() else {
            return Err(Illegal::MustEnterFirst(id));
        };
        Ok((from, self.shot_squares(id, from)))
    }

    /// The enemy models the acting model may Shoot now (R8, R9, R12, R15), or why it may
    /// not Shoot at all.
    #[inline(always)]
    pub(super) fn shot_targets(&self, act: Act) -> Result<ModelSet, Illegal> {
        let (_, squares) = self.shooter(act)?;
        let mut targets = ModelSet::EMPTY;
        if squares.any() {
            let enemy = self.models[act.model.index()].side.other();
            for (i, t) in self.models().iter().enumerate() {
                if t.side == enemy
                    && let Loc::Board(to) = t.loc
                    && squares.contains(to)
                {
                    targets.insert(ModelId(i as u8));
                }
            }
        }
        Ok(targets)
    }

    /// Which term of `shot_squares` leaves out the square `to` of the enemy `target`.
    #[cold]
    fn no_shot(&self, id: ModelId, from: Square, to: Square, target: ModelId) -> Illegal {
        let side = self.models[id.index()].side;
        let range = self.profile(id).range;
        if self.count[side.other()][from.index()] > 0 {
            Illegal::ShootFromEnemies { id, from }
        } else if !Bitboard::within(from, range).contains(to) {
            Illegal::OutOfRange {
                target,
                to,
                id,
                distance: from.range(to),
                range,
            }
        } else if !self.map.seen_from(from).contains(to) {
            Illegal::NoSight { id, from, to }
        } else {
            Illegal::BothSides(to)
        }
    }

    /// May the acting model Shoot `target` (R8, R9, R12, R15)?
    pub(super) fn shoot_check(&self, act: Act, target: ModelId) -> Result<(), Illegal> {
        let targets = self.shot_targets(act)?;
        if target.index() < 64 && targets.contains(target) {
            return Ok(());
        }
        self.model_check(target)?;
        let id = act.model;
        let t = &self.models[target.index()];
        if t.side == self.models[id.index()].side {
            return Err(Illegal::OwnSide { target, id });
        }
        let (Some(from), Some(to)) = (self.models[id.index()].square(), t.square()) else {
            return Err(Illegal::TargetOffBoard(target));
        };
        Err(self.no_shot(id, from, to, target))
    }

    /// May `target` be picked as `attacker`'s opponent in the Fight it starts (R16), by the
    /// attacker's side (`fight`) or, when only Heroes can defend, by their owner
    /// (`defender`)?
    pub(super) fn opponent_check(
        &self,
        attacker: ModelId,
        target: ModelId,
        by_attacker: bool,
    ) -> Result<(), Illegal> {
        self.opponent_with(
            attacker,
            self.has_soldier_opponent(attacker),
            target,
            by_attacker,
        )
    }

    /// `opponent_check`, given whether a Soldier is among the attacker's opponents.
    #[inline(always)]
    pub(super) fn opponent_with(
        &self,
        attacker: ModelId,
        soldiers: bool,
        target: ModelId,
        by_attacker: bool,
    ) -> Result<(), Illegal> {
        self.model_check(target)?;
        let (a, t) = (&self.models[attacker.index()], &self.models[target.index()]);
        if t.loc != a.loc || t.side == a.side {
            return Err(Illegal::NotAnOpponent { target, attacker });
        }
        if soldiers && self.profile(target).has(Ability::Hero) {
            return Err(Illegal::MustFightSoldier(attacker));
        }
        if by_attacker != soldiers {
            return Err(Illegal::PickWith { fight: soldiers });
        }
        Ok(())
    }

    /// Squares `shooter` may Shoot into standing on `sq` (R8, R9, R12), the other models
    /// where they are: its own square, or one the search weighs it moving to.
    #[inline]
    pub fn shot_squares(&self, shooter: ModelId, sq: Square) -> Bitboard {
        let side = self.models[shooter.index()].side;
        let enemy = side.other();
        if self.count[enemy][sq.index()] > 0 {
            return Bitboard::EMPTY; // R12: no Shoot from a square holding enemies.
        }
        let range = self.profile(shooter).range;
        (self.occ[enemy]
            & !self.occ[side] // R12: not into a square holding both sides.
            & self.map.seen_from(sq)
            & Bitboard::within(sq, range))
        .without(sq)
    }

    #[inline]
    pub(super) fn total(&self, sq: Square) -> u8 {
        self.count[Side::Humans][sq.index()] + self.count[Side::Martians][sq.index()]
    }

    /// Enemy models in the attacker's square, in id order.
    pub(super) fn opponents(&self, attacker: ModelId) -> impl Iterator<Item = ModelId> + '_ {
        let a = &self.models[attacker.index()];
        let side = a.side;
        let loc = a.loc;
        (0..self.n_models).map(ModelId).filter(move |id| {
            let m = &self.models[id.index()];
            m.side != side && m.loc == loc
        })
    }

    pub(super) fn has_soldier_opponent(&self, attacker: ModelId) -> bool {
        self.opponents(attacker)
            .any(|id| !self.profile(id).has(Ability::Hero))
    }
}

/// Shoot actions at the models of `targets`, in id order.
#[inline(always)]
fn push_shots(targets: Result<ModelSet, Illegal>, out: &mut Vec<Action>) {
    if let Ok(targets) = targets {
        out.extend(targets.iter().map(Action::Shoot));
    }
}
