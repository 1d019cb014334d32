//! Carrying out a decision: `play` (checked) and `apply` (for search), a model's
//! activation and action (R12), Shoot and Fight tests and their dice (R15, R16, R27),
//! the models marked for death (P13), kills and VP scored.

use rand::RngCore;

use crate::action::{Action, Defence, ModelId};
use crate::bitboard::Bitboard;
use crate::map::Los;
use crate::model_set::ModelSet;
use crate::profile::Ability;
use crate::square::Side;

use super::{
    Act, Event, EventSink, GameState, IllegalAction, Loc, Phase, ShotResult, Step, Test, TestCtx,
    TestKind, VpSource, act_options, logged_roll,
};

/// Models marked for death by one test or attack, killed one by one (P13).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct Kills {
    pub(super) mask: ModelSet,
    /// Marked models whose side has already been asked about a Lucky Escape.
    pub(super) asked: ModelSet,
    /// Squares where a Shoot test killed a model (for Rattle tests, R17).
    pub(super) squares: Bitboard,
    /// The side credited with the kills (P15).
    pub(super) by: Side,
    /// Fight kills (else Shoot kills).
    pub(super) fight: bool,
    /// Sides that played a card on this test (no Lucky Escape on it, P13).
    pub(super) blocked: [bool; 2],
}

impl Kills {
    pub(super) const NONE: Kills = Kills {
        mask: ModelSet::EMPTY,
        asked: ModelSet::EMPTY,
        squares: Bitboard::EMPTY,
        by: Side::Humans,
        fight: false,
        blocked: [false; 2],
    };
}

impl GameState {
    /// Apply `action` if it is legal; otherwise return why not and leave the state as it
    /// was.
    pub fn play<R: RngCore + ?Sized>(
        &mut self,
        action: Action,
        rng: &mut R,
    ) -> Result<(), IllegalAction> {
        self.play_logged(action, rng, &mut ())
    }

    /// Is `action` legal now? If not, why not, as `play` would refuse it; nothing is
    /// played.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        let mut legal = Vec::with_capacity(32);
        self.legal_actions(&mut legal);
        if legal.contains(&action) {
            Ok(())
        } else {
            Err(self.refuse(action, &legal))
        }
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
            return Err(self.refuse(action, &legal));
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

    pub(super) fn activate<R: RngCore + ?Sized, S: EventSink>(
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

    pub(super) fn act<R: RngCore + ?Sized, S: EventSink>(
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
                // P28: a key model's leaving decides before VP or an empty table do.
                if self.masks.exits.contains(id) {
                    self.key_model_left(id, sink);
                }
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
    pub(super) fn continue_or_finish<S: EventSink>(&mut self, act: Act, sink: &mut S) {
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
    pub(super) fn shoot(&mut self, shooter: ModelId, target: Option<ModelId>, aimed: bool) {
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
    pub(super) fn roll<R: RngCore + ?Sized, S: EventSink>(
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

    pub(super) fn start_fight<R: RngCore + ?Sized, S: EventSink>(
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
    pub(super) fn resolve_fight<R: RngCore + ?Sized, S: EventSink>(
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
    pub(super) fn roll_test_now<R: RngCore + ?Sized, S: EventSink>(
        &mut self,
        rng: &mut R,
        sink: &mut S,
    ) {
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
                    self.mark_kills(ModelSet::single(dead), side, true, t.played);
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
                        self.mark_kills(ModelSet::single(target), side, false, t.played);
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

    pub(super) fn kill<S: EventSink>(
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
        // P28: a key model's death, whatever killed it, decides before VP or a wipe-out.
        if self.masks.dies.contains(id) {
            self.key_model_died(id, sink);
        }
    }

    pub(super) fn score<S: EventSink>(
        &mut self,
        side: Side,
        vp: u16,
        source: VpSource,
        sink: &mut S,
    ) {
        if vp > 0 {
            self.vp[side] = self.vp[side].saturating_add(vp);
            let from = &mut self.vp_from[side][source];
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
}
