//! The position as a vector a network can learn from, as one side may see it and never
//! more: the board square by square, the state of the game, and the terms of the fitted
//! evaluation that read only what the side sees.
//!
//! Everything is seen from the judging side (the side whose chance is judged): "own" and
//! "other" rather than Humans and Martians, with the judging side named among the globals,
//! so what is learnt of one side's position is learnt of the other's too. Each square holds
//! [`PER_SQUARE`] inputs; most are zero, so the vector is kept sparse ([`Input`]): the
//! indices and values of the inputs that are not zero, in fixed arrays (no allocation per
//! position).
//!
//! What the side may not see is not read: the other side's hand is its size only, a
//! face-down counter is a face-down counter (what is still unrevealed is the public pool,
//! R24), and of the fitted terms the other side's cards and escape (which look at its
//! hand) are left out. The fairness test checks this on positions that differ only there.

use rules::cards::CardId;
use rules::state::{CounterKind, GameState, Loc};
use rules::{Ability, Edge, Side, Square, WallKind};

use crate::bot::eval::terms::{SideTerms, side_terms};
use crate::bot::eval::{hold_squares, scoring_exit, time_left};

/// The inputs of one side's models on a square.
const MODEL_INPUTS: usize = 8;
/// The inputs of one square: both sides' models, the counters, a blocker, the walls on its
/// four edges (high, low), the zones each side scores for holding and the exits that score.
pub const PER_SQUARE: usize = 2 * MODEL_INPUTS + 4 + 1 + 8 + 4;
/// Where the squares' inputs end and the globals begin.
const BOARD: usize = Square::COUNT * PER_SQUARE;
/// Card halves told apart in the judging side's hand (a half's number modulo this).
pub const HALVES: usize = 32;
/// The fitted evaluation's terms of the judging side.
const OWN_TERMS: usize = 12;
/// The fitted evaluation's terms of the other side (without its cards and escape).
const OTHER_TERMS: usize = 10;
/// The inputs of the state of the game.
const GLOBALS: usize = 6 + 6 + 12 + HALVES + 2 + 5 + 3 + OWN_TERMS + OTHER_TERMS;
/// The length of the vector.
pub const INPUTS: usize = BOARD + GLOBALS;
/// The most inputs that are not zero in a position: all of them, so none is ever dropped
/// (a position has about 130).
pub const MAX_ACTIVE: usize = INPUTS;

/// The inputs of a position that are not zero, in fixed arrays.
#[derive(Clone)]
pub struct Input {
    pub index: [u16; MAX_ACTIVE],
    pub value: [f32; MAX_ACTIVE],
    pub len: usize,
}

impl Default for Input {
    fn default() -> Self {
        Input {
            index: [0; MAX_ACTIVE],
            value: [0.0; MAX_ACTIVE],
            len: 0,
        }
    }
}

impl Input {
    #[inline]
    fn put(&mut self, at: usize, v: f64) {
        if v != 0.0 && self.len < MAX_ACTIVE {
            self.index[self.len] = at as u16;
            self.value[self.len] = v as f32;
            self.len += 1;
        }
    }

    /// The inputs as pairs of index and value.
    pub fn pairs(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.index[..self.len]
            .iter()
            .zip(&self.value[..self.len])
            .map(|(&i, &v)| (usize::from(i), v))
    }

    /// The whole vector, zeros included (for tests and the trainer's checks).
    pub fn dense(&self) -> Vec<f32> {
        let mut v = vec![0.0; INPUTS];
        for (i, x) in self.pairs() {
            v[i] = x;
        }
        v
    }
}

/// The inputs of `g` as `judge` may see it, into `out`.
pub fn features(g: &GameState, judge: Side, out: &mut Input) {
    let terms = [side_terms(g, judge), side_terms(g, judge.other())];
    features_with_terms(g, judge, &terms, out);
}

/// The same, with the sides' terms (`judge`'s, then the other's) worked out once by a
/// caller that reads them too (the logistic the network corrects).
pub fn features_with_terms(g: &GameState, judge: Side, terms: &[SideTerms; 2], out: &mut Input) {
    out.len = 0;
    board(g, judge, out);
    globals(g, judge, terms, out);
}

/// The squares: each side's models by state and profile, counters, blockers, walls, zones.
fn board(g: &GameState, judge: Side, out: &mut Input) {
    let at = |sq: Square, k: usize| sq.index() * PER_SQUARE + k;
    let mut models = [[[0.0f64; MODEL_INPUTS]; 2]; Square::COUNT];
    for m in g.models() {
        let Loc::Board(sq) = m.loc else { continue };
        let p = &g.scenario().profiles[usize::from(m.profile)];
        let who = usize::from(m.side != judge);
        let c = &mut models[sq.index()][who];
        if m.activated {
            c[1] += 1.0;
        } else {
            c[0] += 1.0;
        }
        if m.rattled {
            c[2] += 1.0;
        }
        if p.has(Ability::Armoured) {
            c[3] += 1.0;
        }
        c[4] += f64::from(p.shoot);
        c[5] += f64::from(p.fight);
        c[6] += f64::from(p.survive);
        c[7] += f64::from(p.range);
    }
    // Counts by the most a square holds; profiles' values by a square of average models.
    const SCALE: [f64; MODEL_INPUTS] = [6.0, 6.0, 6.0, 6.0, 24.0, 24.0, 24.0, 24.0];
    for sq in Square::all() {
        for (who, counts) in models[sq.index()].iter().enumerate() {
            for (k, v) in counts.iter().enumerate() {
                out.put(at(sq, who * MODEL_INPUTS + k), v / SCALE[k]);
            }
        }
    }
    let c0 = 2 * MODEL_INPUTS;
    for sq in g.hidden_counters().iter() {
        out.put(at(sq, c0), 1.0);
    }
    for (k, kind) in [
        CounterKind::Critter,
        CounterKind::AlienSecret,
        CounterKind::Objective,
    ]
    .into_iter()
    .enumerate()
    {
        for sq in g.face_up_counters(kind).iter() {
            out.put(at(sq, c0 + 1 + k), 1.0);
        }
    }
    let map = g.map();
    for sq in map.blockers().iter() {
        out.put(at(sq, c0 + 4), 1.0);
    }
    let w0 = c0 + 5;
    for sq in Square::all() {
        for (e, edge) in Edge::ALL.into_iter().enumerate() {
            match map.walls().get(sq, edge) {
                Some(WallKind::High) => out.put(at(sq, w0 + e), 1.0),
                Some(WallKind::Low) => out.put(at(sq, w0 + 4 + e), 1.0),
                None => {}
            }
        }
    }
    let z0 = w0 + 8;
    for (k, side) in [judge, judge.other()].into_iter().enumerate() {
        for sq in hold_squares(g, side).iter() {
            out.put(at(sq, z0 + k), 1.0);
        }
        for sq in scoring_exit(g.scenario(), side).iter() {
            out.put(at(sq, z0 + 2 + k), 1.0);
        }
    }
}

/// Where each of a side's models is, off the board: waiting to enter, dead, left.
fn off_board(g: &GameState, side: Side) -> [f64; 3] {
    let mut n = [0.0; 3];
    for m in g.models().iter().filter(|m| m.side == side) {
        match m.loc {
            Loc::Waiting | Loc::Undeployed => n[0] += 1.0,
            Loc::Dead => n[1] += 1.0,
            Loc::Exited => n[2] += 1.0,
            Loc::Board(_) => {}
        }
    }
    n.map(|x| x / 10.0)
}

/// The state of the game: time, VP, force off the board, the hands, the sets, the pools
/// of counters, the fitted terms.
fn globals(g: &GameState, judge: Side, [own, theirs]: &[SideTerms; 2], out: &mut Input) {
    let mut k = BOARD;
    let mut put = |out: &mut Input, v: f64| {
        out.put(k, v);
        k += 1;
    };
    let sc = g.scenario();
    let other = judge.other();
    // Time: the Round, the share of the game left, whose Turn it is, who judges.
    let round = f64::from(g.round());
    let limit = sc.last_round().map(f64::from);
    put(out, round / 10.0);
    put(out, time_left(g));
    put(out, limit.map_or(0.0, |l| (l - round).max(0.0) / 10.0));
    put(out, f64::from(u8::from(limit.is_some())));
    put(out, f64::from(u8::from(g.turn_player() == judge)));
    put(out, f64::from(u8::from(judge == Side::Humans)));
    // VP, as a share of the target and as the VP still lacking.
    for side in [judge, other] {
        let target = f64::from(sc.vp_target(side).max(1));
        let vp = f64::from(g.vp(side));
        put(out, (vp / target).min(2.0));
        put(out, (target - vp).max(0.0) / 10.0);
        put(out, f64::from(u8::from(sc.vp_target(side) > 0)));
    }
    for side in [judge, other] {
        for x in off_board(g, side) {
            put(out, x);
        }
        let on = g
            .models()
            .iter()
            .filter(|m| m.side == side && matches!(m.loc, Loc::Board(_)))
            .count();
        put(out, on as f64 / 10.0);
        let ready = g
            .models()
            .iter()
            .filter(|m| m.side == side && matches!(m.loc, Loc::Board(_)) && !m.activated)
            .count();
        put(out, ready as f64 / 10.0);
        put(out, f64::from(g.claimed(side)) / 5.0);
    }
    // The judging side's hand by half; the other's by its size only.
    let mut halves = [0.0f64; HALVES];
    for (card, n) in g.hand(judge) {
        if let Some(face) = card.face(judge) {
            halves[half_slot(face.id)] += f64::from(n);
        }
    }
    for h in halves {
        put(out, h / 2.0);
    }
    put(out, f64::from(g.hand_len(judge)) / 5.0);
    put(out, f64::from(g.hand_len(other)) / 5.0);
    // The deck, and each side's Support sets (public, R21).
    put(out, f64::from(g.deck_len()) / 50.0);
    for side in [judge, other] {
        let (sets, levels) = g.support_sets(side).fold((0.0, 0.0), |(s, l), (_, level)| {
            (s + 1.0, l + f64::from(level))
        });
        put(out, sets / 3.0);
        put(out, levels / 6.0);
    }
    // The counters still unrevealed (public, R24).
    let (critters, secrets) = g.counter_pool();
    put(out, f64::from(critters) / 6.0);
    put(out, f64::from(secrets) / 6.0);
    put(out, f64::from(g.objective_pool()) / 6.0);
    // The fitted evaluation's terms, each side's VP-like terms by its target.
    let (to, tt) = (
        f64::from(sc.vp_target(judge).max(1)),
        f64::from(sc.vp_target(other).max(1)),
    );
    for x in terms(own, to) {
        put(out, x);
    }
    // The other side's, less the two last (cards and escape), which look at its hand.
    for x in &terms(theirs, tt)[..OTHER_TERMS] {
        put(out, *x);
    }
    debug_assert_eq!(k, INPUTS);
}

/// A half's place among the [`HALVES`] the hand is told by.
fn half_slot(id: CardId) -> usize {
    usize::from(id.0) % HALVES
}

/// A side's terms, its VP-like ones by its `target`; the two that look at its hand last.
fn terms(t: &SideTerms, target: f64) -> [f64; OWN_TERMS] {
    [
        t.vp / target,
        t.material,
        t.threat_ready / target,
        t.threat_later / target,
        t.fight / target,
        t.approach,
        t.exits / target,
        t.holds / target,
        t.counters / target,
        t.survival,
        t.cards / target,
        t.escape / target,
    ]
}
