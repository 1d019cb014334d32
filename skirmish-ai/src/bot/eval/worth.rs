//! What a model is worth to the side that kills it: its kill VP (R18), or where a kill
//! scores none its share of a wipe-out (R25), for a side that wins by surviving what its
//! loss takes off that side's chance to survive, and for a key model whose death wins
//! (P28) a win; what leaving is worth (exit VP, or a win for a key model, nothing for one
//! held on the board, P30); what a hold zone is worth now, its VP and its share of a win
//! when held Rounds running (P31).

use rules::action::ModelId;
use rules::square::Side;
use rules::state::{GameState, Loc};

/// The VP a kill by Shoot and in a Fight earns `side` (R18), by its awards (a model with
/// a value of its own is worth [`worth`] instead).
#[inline]
pub(super) fn kill_vp(g: &GameState, side: Side) -> (f64, f64) {
    let vp = g.scenario().sides[side].vp;
    (f64::from(vp.shoot_kill), f64::from(vp.fight_kill))
}

/// The VP that stands for one kill to `side`: the unit of the scenario's VP scale, in which
/// the heuristics' own estimates (what a card, a Rattle or a step is worth) are set. It is
/// the side's VP for a kill by Shoot (R18), or with none its smallest award, or 1: a
/// scenario with every award ten times larger has a unit ten times larger, and the AI plays
/// it as the same game. Every shipped scenario has 1.
pub fn vp_unit(g: &GameState, side: Side) -> f64 {
    let vp = g.scenario().sides[side].vp;
    if vp.shoot_kill > 0 {
        return f64::from(vp.shoot_kill);
    }
    let hold = g.scenario().sides[side].hold.iter().map(|h| h.vp);
    [vp.fight_kill, vp.counter, vp.exit, vp.objective]
        .into_iter()
        .chain(hold)
        .filter(|&v| v > 0)
        .min()
        .map_or(1.0, f64::from)
}

/// What killing `target` in a Fight (`fight`) or otherwise is worth to the other side:
/// the VP it scores (R18), with the model's own value when the scenario gives it one; a
/// kill that scores no VP is worth its share of the win a wipe-out brings (R25,
/// [`wipe_share`]). When `target`'s side wins by surviving, plus what its death takes off
/// that side's chance of surviving ([`survival_stake`]). A key model whose death wins for
/// the other side (P28) is worth a win to it: the VP it still lacks of its target, if more.
#[inline]
pub fn worth(g: &GameState, target: ModelId, fight: bool) -> f64 {
    let sc = g.scenario();
    let vp = f64::from(sc.kill_vp(target.index(), fight));
    let side = g.model(target).side;
    let vp = match sc.models[target.index()].ends_game.dies {
        Some(winner) if winner != side => vp.max(lacking(g, winner)),
        _ if vp == 0.0 => wipe_share(g, side),
        _ => vp,
    };
    match sc.survivor() {
        Some((s, _)) if side == s => vp + survival_stake(g),
        _ => vp,
    }
}

/// One kill's share of the win that wiping out `victim`'s side brings the other (R25):
/// the VP the killer still lacks of its target (what a win by other means is worth to
/// it), over the models `victim`'s side has left, on the board or still to come. It is
/// what a kill is worth where it scores no VP, as for Humans who score only by escaping:
/// without it the AI would not shoot at all there, and a side that hunts the enemy down
/// wins by wipe-out. Where a kill scores VP that VP is its worth, even when the share is
/// more: counting both played worse in the shipped scenarios.
pub fn wipe_share(g: &GameState, victim: Side) -> f64 {
    let left = g.models_left(victim).max(1) as f64;
    lacking(g, victim.other()) / left
}

/// The VP `side` still lacks of its target: what a win by other means is worth to it, in
/// the evaluation's VP-equivalents (at least 1).
#[inline]
pub fn lacking(g: &GameState, side: Side) -> f64 {
    f64::from(
        g.scenario()
            .vp_target(side)
            .saturating_sub(g.vp(side))
            .max(1),
    )
}

/// What model `i` leaving by its exit is worth to its side: its exit VP (R6), nothing for
/// a model held on the board (P30), and a win for a key model whose leaving wins for its
/// side (P28).
#[inline]
pub fn exit_worth(g: &GameState, i: usize) -> f64 {
    let sc = g.scenario();
    let m = &sc.models[i];
    if !m.may_exit {
        return 0.0;
    }
    let vp = f64::from(sc.exit_vp(i));
    match m.ends_game.exits {
        Some(winner) if winner == m.side => vp.max(lacking(g, winner)),
        _ => vp,
    }
}

/// What `side`'s hold zone `index` is worth now (P31): when `held` (the side alone in it
/// now), its VP if it counts at the end of this Round plus, for a zone that wins when held
/// Rounds running, the share of a win that one more Round held brings; when not held, the
/// same as if it were (to be discounted by the caller for the distance). 0 for a zone
/// whose Rounds are over.
pub fn hold_worth(g: &GameState, side: Side, index: usize, held: bool) -> f64 {
    let h = &g.scenario().sides[side].hold[index];
    let round = g.round();
    if h.until.is_some_and(|u| round > u) {
        return 0.0;
    }
    let mut v = if h.counts_in(round) {
        f64::from(h.vp)
    } else {
        0.0
    };
    if let Some(needed) = h.win_after {
        let running = if held {
            f64::from(g.hold_running(side, index).unwrap_or(0))
        } else {
            0.0
        };
        let share = ((running + 1.0) / f64::from(needed.max(1))).min(1.0);
        v += lacking(g, side) * share;
    }
    v
}

/// The chance that one model on the board lasts a whole Round, in [`survival_chance`].
pub const LASTS_A_ROUND: f64 = 0.8;

/// A win, in the evaluation's VP-equivalents: the mean of the two sides' VP targets (the
/// unit [`evaluate`] scales both scores to).
pub(super) fn win_worth(g: &GameState) -> f64 {
    let sc = g.scenario();
    0.5 * (f64::from(sc.vp_target(Side::Humans)) + f64::from(sc.vp_target(Side::Martians)))
}

/// How many models of `side` can still be on the board at the end: those on it and those
/// waiting to come on (R6); not those yet to deploy, unlike [`GameState::models_left`].
pub(super) fn models_on_or_entering(g: &GameState, side: Side) -> i32 {
    g.models()
        .iter()
        .filter(|m| m.side == side && matches!(m.loc, Loc::Board(_) | Loc::Waiting))
        .count() as i32
}

/// For a side that wins by surviving to the end of Round `last`: the chance that at least
/// one of `n` models lasts, each lasting a Round with [`LASTS_A_ROUND`] on its own, with
/// this Round counted as a half. 0 with no model; near 1 with many, or at the very end.
pub fn survival_chance(g: &GameState, n: i32) -> f64 {
    let Some((_, last)) = g.scenario().survivor() else {
        return 0.0;
    };
    if n <= 0 {
        return 0.0;
    }
    let rounds = f64::from(last.saturating_sub(g.round())) + 0.5;
    let one = LASTS_A_ROUND.powf(rounds);
    1.0 - (1.0 - one).powi(n)
}

/// What one more model lost costs the side that wins by surviving, in VP-equivalents: the
/// drop in [`survival_chance`] times a win.
pub fn survival_stake(g: &GameState) -> f64 {
    let Some((side, _)) = g.scenario().survivor() else {
        return 0.0;
    };
    let n = models_on_or_entering(g, side);
    (survival_chance(g, n) - survival_chance(g, n - 1)) * win_worth(g)
}
