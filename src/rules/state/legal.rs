//! The legal list: every decision open now, in a fixed order, and the squares a model
//! may move or Shoot into (R4-R9, R12, R16).

use crate::rules::action::{Action, Defence, ModelId};
use crate::rules::profile::Ability;
use crate::rules::square::{Edge, Side, Square, squares_of};

use super::{Act, CAPACITY, GameState, Loc, Phase, act_options};

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

    pub(super) fn push_activations(&self, out: &mut Vec<Action>) {
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

    pub(super) fn push_act(&self, act: Act, out: &mut Vec<Action>) {
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

    pub(super) fn push_entry_moves(&self, id: ModelId, out: &mut Vec<Action>) {
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
    pub(super) fn push_moves(&self, side: Side, sq: Square, out: &mut Vec<Action>) {
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
    pub(super) fn push_shots(&self, shooter: ModelId, sq: Square, out: &mut Vec<Action>) {
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
    pub(super) fn shot_squares(&self, shooter: ModelId, sq: Square) -> u64 {
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

    /// Squares `id` could Shoot into from where it stands now (R8, R9, R12).
    pub fn shot_squares_from(&self, id: ModelId) -> u64 {
        match self.models[id.index()].square() {
            Some(sq) => self.shot_squares(id, sq),
            None => 0,
        }
    }
}

#[inline]
pub(super) fn is_shot(a: &Action) -> bool {
    matches!(a, Action::Shoot(_) | Action::ShootBug)
}
