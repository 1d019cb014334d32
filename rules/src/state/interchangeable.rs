//! Models that are one and the same to the rules: two Soldiers off the board with the same
//! profile, entry and awards, or two Grunts standing in one square, neither of them in the
//! middle of anything. A decision made with one of them leads to the position the same
//! decision with the other leads to, up to the models' numbers, so that an analysis of a
//! game never calls the choice between them a mistake.

use super::{GameState, Phase, TestKind};
use crate::action::ModelId;

impl GameState {
    /// Are models `a` and `b` interchangeable here: the same side, profile, place and
    /// state, set up alike (awards, key model, may they exit; off the board, the same start
    /// and wave), and neither
    /// of them acting, in a test, marked to die or carded this Turn? A model is
    /// interchangeable with itself.
    pub fn interchangeable(&self, a: ModelId, b: ModelId) -> bool {
        if a == b {
            return true;
        }
        let n = usize::from(self.n_models);
        if usize::from(a.0) >= n || usize::from(b.0) >= n {
            return false;
        }
        let model = &self.models[usize::from(a.0)];
        let setups = &self.scenario.models;
        let (Some(sa), Some(sb)) = (setups.get(usize::from(a.0)), setups.get(usize::from(b.0)))
        else {
            return false;
        };
        // Where a model started and by which wave it comes on matter only until it is on
        // the board.
        let placed = model.square().is_some();
        *model == self.models[usize::from(b.0)]
            && sa.kill_vp == sb.kill_vp
            && sa.exit_vp == sb.exit_vp
            && sa.ends_game == sb.ends_game
            && sa.may_exit == sb.may_exit
            && (placed || (sa.start == sb.start && sa.wave == sb.wave))
            && !self.involved(a)
            && !self.involved(b)
    }

    /// Is `m` named by what is under way: the Turn's acting model, the phase, the test
    /// waiting for its windows, the kills, an area attack, or a card played on it this
    /// Turn?
    fn involved(&self, m: ModelId) -> bool {
        if self.turn_model == Some(m)
            || self.carded.contains(m)
            || self.area_kills.contains(m)
            || self.area_blocked.contains(m)
            || self.kills.mask.contains(m)
            || self.kills.asked.contains(m)
        {
            return true;
        }
        match self.phase {
            Phase::Acting(act) => act.model == m,
            Phase::FightTarget { attacker, .. } => attacker == m,
            Phase::Defence {
                attacker, defender, ..
            } => attacker == m || defender == m,
            Phase::Escape(x) | Phase::BugDefence(x) => x == m,
            Phase::Respond(_) => match self.test.kind {
                TestKind::Shoot {
                    shooter, target, ..
                } => shooter == m || target == Some(m),
                TestKind::Fight {
                    attacker, defender, ..
                } => attacker == m || defender == Some(m),
                TestKind::Area { model, .. }
                | TestKind::Bug { model, .. }
                | TestKind::Trample { model, .. } => model == m,
            },
            _ => false,
        }
    }
}

impl GameState {
    /// Are decisions `x` and `y` one choice here: the same decision, or the same decision
    /// made with (or at) an interchangeable model ([`GameState::interchangeable`])?
    pub fn same_choice(&self, x: crate::Action, y: crate::Action) -> bool {
        if x == y {
            return true;
        }
        let (sx, mx) = model_slots(x);
        let (sy, my) = model_slots(y);
        sx == sy
            && mx.iter().zip(my.iter()).all(|(a, b)| match (a, b) {
                (Some(a), Some(b)) => self.interchangeable(*a, *b),
                (None, None) => true,
                _ => false,
            })
    }
}

/// `a` with the models it names written as model 0, and those models in order.
fn model_slots(a: crate::Action) -> (crate::Action, [Option<ModelId>; 2]) {
    use crate::Action as A;
    use crate::action::Target as T;
    const Z: ModelId = ModelId(0);
    match a {
        A::Activate(m) => (A::Activate(Z), [Some(m), None]),
        A::Shoot(m) => (A::Shoot(Z), [Some(m), None]),
        A::Fight(m) => (A::Fight(Z), [Some(m), None]),
        A::Defender(m) => (A::Defender(Z), [Some(m), None]),
        A::Pick(m) => (A::Pick(Z), [Some(m), None]),
        A::Play(c, T::Model(m)) => (A::Play(c, T::Model(Z)), [Some(m), None]),
        A::Play(c, T::ModelTo(m, s)) => (A::Play(c, T::ModelTo(Z, s)), [Some(m), None]),
        A::Play(c, T::Models(m, n)) => (A::Play(c, T::Models(Z, Z)), [Some(m), Some(n)]),
        other => (other, [None, None]),
    }
}
