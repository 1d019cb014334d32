//! The terms of a position the evaluation weighs, for each side, each in VP-equivalents or
//! as a share: what the rules reward (VP, kills, counters, exits, zones held, surviving)
//! and what the side's models and cards can still do about it. The weights that turn them
//! into a chance to win are fitted to the outcomes of games ([`super::fitted`]).

use crate::bot::eval::cards::cards_score;
use crate::bot::eval::tactics::{best_fight_in, distance_to, own_kind, scoring_exit};
use crate::bot::eval::worth::{
    exit_worth, hold_worth, models_on_or_entering, survival_chance, worth,
};
use crate::bot::table;
use rules::action::ModelId;
use rules::bitboard::Bitboard;
use rules::profile::Ability;
use rules::scenario::MAX_MODELS;
use rules::square::{Side, Square};
use rules::state::{CounterKind, GameState, Loc, Model};

/// Discount per square of walking distance to a counter, an exit or a zone.
pub const DECAY: f64 = 0.7;

/// One side's terms (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideTerms {
    /// VP scored.
    pub vp: f64,
    /// The share of its force still in play (on the board, waiting to come on, or safely
    /// off by an exit).
    pub material: f64,
    /// The VP its models still to act this Round expect from their best shots now (R15;
    /// the kill chances of several shots at one target combined as independent events).
    pub threat_ready: f64,
    /// The same for its models that have acted (they shoot next Round).
    pub threat_later: f64,
    /// The VP its models in contact expect from their Fights (R16), less what they risk.
    pub fight: f64,
    /// A pull towards the enemy of its models with nothing in range, `DECAY` to the
    /// power of the squares they lack.
    pub approach: f64,
    /// Each model's exit VP, discounted by the steps it still needs to leave (R6); a win for
    /// a key model whose leaving wins (P28), nothing for one held on the board (P30).
    pub exits: f64,
    /// Zones it scores for holding: their VP (and their share of a win, for a zone held
    /// Rounds running, P31) when it holds one alone, half of it discounted by the nearest
    /// model's steps otherwise.
    pub holds: f64,
    /// Counters of its kind (and objectives) face down (by the chance a face-down one is
    /// of its kind) and face up, discounted by the walking distance, times their VP.
    pub counters: f64,
    /// The value of its hand and of its laid Support sets.
    pub cards: f64,
    /// For a side that wins by surviving, the chance that a model of it lasts till then;
    /// else 0.
    pub survival: f64,
    /// What its models that can still get off the board in time are worth: each one's
    /// [`exit_worth`], halved for each step it would lack of those left before the game ends
    /// (2 an activation, 1 after Standing Up, one activation a Round, a square a Sneak).
    pub escape: f64,
}

/// What the one walk over a side's position ([`walk`]) reports, piece by piece, for an
/// evaluation to weigh: [`SideTerms`] keeps the pieces apart for the fitted weights, and
/// the hand-set evaluation (`eval::position_score`) weighs them as they come. Both read the
/// same rules through the same walk, so the two evaluations cannot drift apart.
pub(crate) trait TermSink {
    /// Whether the walk works out the escape term (its steps cost a look at the hand).
    const ESCAPE: bool;
    /// The discount per square of walking distance.
    fn decay(&self) -> f64;
    /// The share of the side's force still in play (when it has models).
    fn material(&mut self, share: f64);
    /// A model in contact: its Fight's expected gain, at least 0.
    fn fight(&mut self, activated: bool, gain: f64);
    /// A model with nothing in range: [`TermSink::decay`] to the power of the squares it
    /// lacks.
    fn approach(&mut self, decayed: f64);
    /// A model's best shot: its chance to kill `target` (0.8 of it when Rattled).
    fn shot(&mut self, activated: bool, target: usize, p: f64);
    /// Every model has been looked at for its shot or Fight.
    fn threats_done(&mut self, g: &GameState);
    /// A model's exit: what leaving is worth, the steps it needs to leave, and (with
    /// [`TermSink::ESCAPE`]) the steps it would lack of those left in the game.
    fn exit(&mut self, worth: f64, to_leave: i32, lacking: i32);
    /// Every model has been looked at for its exit.
    fn exits_done(&mut self);
    /// A zone that scores for holding: held alone now or not, what holding it is worth,
    /// and the nearest model's steps to it.
    fn hold(&mut self, held: bool, vp: f64, nearest: Option<u8>);
    /// Counters (or objectives) of the side's: their VP times their decayed pull.
    fn counters(&mut self, value: f64);
    /// Whether the side's cards count.
    fn wants_cards(&self) -> bool;
    /// The value of the side's hand and laid sets.
    fn cards(&mut self, value: f64);
}

/// The terms of `side` in `g`.
pub fn side_terms(g: &GameState, side: Side) -> SideTerms {
    let mut t = SideTerms {
        vp: f64::from(g.vp(side)),
        ..SideTerms::default()
    };
    let mut sink = Collect {
        terms: &mut t,
        lives: [[1.0f64; MAX_MODELS]; 2],
    };
    walk(g, side, &mut sink);
    if let Some((s, _)) = g.scenario().survivor()
        && s == side
    {
        t.survival = survival_chance(g, models_on_or_entering(g, side));
    }
    t
}

/// [`SideTerms`] filled in by the walk.
struct Collect<'a> {
    terms: &'a mut SideTerms,
    /// The chance each target lives through the shots of the ready and the later models.
    lives: [[f64; MAX_MODELS]; 2],
}

impl TermSink for Collect<'_> {
    const ESCAPE: bool = true;
    fn decay(&self) -> f64 {
        DECAY
    }
    fn material(&mut self, share: f64) {
        self.terms.material = share;
    }
    fn fight(&mut self, _: bool, gain: f64) {
        self.terms.fight += gain;
    }
    fn approach(&mut self, decayed: f64) {
        self.terms.approach += decayed;
    }
    fn shot(&mut self, activated: bool, target: usize, p: f64) {
        self.lives[usize::from(activated)][target] *= 1.0 - p;
    }
    fn threats_done(&mut self, g: &GameState) {
        self.terms.threat_ready = expected_kills(g, &self.lives[0]);
        self.terms.threat_later = expected_kills(g, &self.lives[1]);
    }
    fn exit(&mut self, worth: f64, to_leave: i32, lacking: i32) {
        self.terms.exits += worth * DECAY.powi(to_leave);
        if worth > 0.0 {
            self.terms.escape += worth * 0.5f64.powi(lacking.max(0));
        }
    }
    fn exits_done(&mut self) {}
    fn hold(&mut self, held: bool, vp: f64, nearest: Option<u8>) {
        self.terms.holds += if held {
            vp
        } else {
            nearest.map_or(0.0, |d| 0.5 * vp * DECAY.powi(i32::from(d)))
        };
    }
    fn counters(&mut self, value: f64) {
        self.terms.counters += value;
    }
    fn wants_cards(&self) -> bool {
        true
    }
    fn cards(&mut self, value: f64) {
        self.terms.cards = value;
    }
}

/// The VP the shots expect to kill: each target's chance to die (one less the chance it
/// lives through them, `lives`) times what its death is worth.
pub(crate) fn expected_kills(g: &GameState, lives: &[f64; MAX_MODELS]) -> f64 {
    lives
        .iter()
        .enumerate()
        .filter(|(_, s)| **s < 1.0)
        .map(|(target, s)| (1.0 - s) * worth(g, ModelId(target as u8), false))
        .sum()
}

/// The one walk over `side`'s position: its material, each model's best shot or Fight now
/// (or its pull towards the enemy), its exits, its zones, its counters and its cards, each
/// reported to `sink` (see [`TermSink`]).
pub(crate) fn walk<S: TermSink>(g: &GameState, side: Side, sink: &mut S) {
    let map = g.map();
    let scenario = g.scenario();
    let enemy = side.other();
    let decay = sink.decay();

    // Material, and the squares the side's models act from.
    let (mut total, mut alive) = (0u32, 0u32);
    let mut sources = Bitboard::EMPTY;
    // The squares the side's models waiting off the board would come on at (R6).
    let mut entry = Bitboard::EMPTY;
    for (i, m) in g.models().iter().enumerate() {
        if m.side != side {
            continue;
        }
        total += 1;
        match m.loc {
            Loc::Board(sq) => {
                alive += 1;
                sources.insert(sq);
            }
            Loc::Waiting => {
                alive += 1;
                entry |= g
                    .arrival_of(ModelId(i as u8))
                    .map_or(Bitboard::EMPTY, |a| a.squares);
            }
            // A model that has left by an exit is safe: no loss of material.
            Loc::Undeployed | Loc::Exited => alive += 1,
            Loc::Dead => {}
        }
    }
    if total > 0 {
        sink.material(f64::from(alive) / f64::from(total));
    }

    // Threat: each model's best shot or Fight now. The enemy models on the board are read
    // once: this is the hot path of the search (one evaluation per iteration).
    let mut targets = [(0u8, Square::from_index(0), 0u8, 0u8); MAX_MODELS];
    let mut n_targets = 0;
    for (i, m) in g.models().iter().enumerate() {
        if m.side == enemy
            && let Loc::Board(sq) = m.loc
        {
            let p = &scenario.profiles[usize::from(m.profile)];
            targets[n_targets] = (i as u8, sq, p.survive, u8::from(p.has(Ability::Armoured)));
            n_targets += 1;
        }
    }
    let targets = &targets[..n_targets];
    for (i, m) in g.models().iter().enumerate() {
        if m.side != side {
            continue;
        }
        let Loc::Board(sq) = m.loc else { continue };
        let id = ModelId(i as u8);
        if g.count(enemy, sq) > 0 {
            if !m.rattled
                && let Some((_, a, d)) = best_fight_in(g, id, sq, false)
            {
                sink.fight(m.activated, (a - d).max(0.0));
            }
            continue;
        }
        let profile = &scenario.profiles[usize::from(m.profile)];
        let squares = g.shot_squares(id, sq);
        if squares.is_empty() {
            if let Some(d) = distance_to(map, sq, g.occupied(enemy)) {
                let gap = i32::from(d) - i32::from(profile.range);
                sink.approach(decay.powi(gap.max(0)));
            }
            continue;
        }
        // R15: 3 dice, 4 with a clear shot, +1 Aiming (a model still to act may Aim).
        let aimed = u8::from(!m.activated && !m.rattled);
        let clear = map.clear_from(sq);
        let mut best: Option<(usize, f64)> = None;
        for &(target, tsq, survive_value, armour) in targets {
            if !squares.contains(tsq) {
                continue;
            }
            let dice = 3 + u8::from(clear.contains(tsq)) + aimed;
            let p = table::shoot_kill(dice, profile.shoot, 3, survive_value, armour);
            if best.is_none_or(|(_, q)| p > q) {
                best = Some((usize::from(target), p));
            }
        }
        if let Some((target, p)) = best {
            // A Rattled model must Stand Up first: it shoots without Aiming.
            let p = if m.rattled { 0.8 * p } else { p };
            sink.shot(m.activated, target, p);
        }
    }
    sink.threats_done(g);

    // Exits: each model on the board is worth its exit VP, by the steps it still needs; and
    // its escape, by the steps it lacks of those (see `escape_steps`).
    let exits = scoring_exit(scenario, side);
    if exits.any() {
        let steps = S::ESCAPE.then(|| escape_steps(g, side));
        for (i, m) in g.models().iter().enumerate() {
            if m.side == side
                && let Loc::Board(sq) = m.loc
                && let Some(d) = distance_to(map, sq, exits)
            {
                // On an edge square, one more step (the exit itself) leaves.
                let to_leave = i32::from(d) + 1;
                let lacking = steps.as_ref().map_or(0, |steps| to_leave - steps(m));
                sink.exit(exit_worth(g, i), to_leave, lacking);
            }
        }
        sink.exits_done();
    }

    // Zones to hold at the end of the Round: their VP, and their share of a win when held
    // Rounds running (P31).
    for (i, h) in scenario.sides[side].hold.iter().enumerate() {
        if h.vp == 0 && h.win_after.is_none() {
            continue;
        }
        let (mine, theirs) = (g.occupied(side) & h.zone, g.occupied(enemy) & h.zone);
        let held = mine.any() && theirs.is_empty();
        let vp = hold_worth(g, side, i, held);
        let nearest = if held {
            None
        } else {
            h.zone
                .iter()
                .filter_map(|sq| distance_to(map, sq, sources))
                .min()
        };
        sink.hold(held, vp, nearest);
    }

    // Counters: the walking distance to each, from the board or the entry edge.
    let near = |target: Square| -> Option<i32> {
        let on_board = distance_to(map, target, sources).map(i32::from);
        let from_entry = distance_to(map, target, entry).map(|d| i32::from(d) + 1);
        match (on_board, from_entry) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    };
    // Each face-down counter counts the chance it is of the kind (`share` of the public
    // pool of unrevealed identities, R24), each face-up one in full, both discounted by
    // the walking distance.
    let (critters, secrets) = g.counter_pool();
    let pool_total = f64::from(critters) + f64::from(secrets) + f64::from(g.objective_pool());
    let pull = |share: u8, face_up: Bitboard| -> f64 {
        let p_hidden = if pool_total > 0.0 {
            f64::from(share) / pool_total
        } else {
            0.0
        };
        let mut found = 0.0;
        for sq in g.hidden_counters() {
            if let Some(d) = near(sq) {
                found += p_hidden * decay.powi(d);
            }
        }
        for sq in face_up {
            if let Some(d) = near(sq) {
                found += decay.powi(d);
            }
        }
        found
    };
    let vp = scenario.sides[side].vp;
    if vp.counter > 0 {
        // The first counters claimed score nothing but unlock the rest.
        let per = f64::from(vp.counter)
            * if g.claimed(side) >= vp.counters_free {
                1.0
            } else {
                0.5
            };
        let mine = match side {
            Side::Martians => critters,
            Side::Humans => secrets,
        };
        sink.counters(per * pull(mine, g.face_up_counters(own_kind(side))));
    }
    // Neutral objectives, claimed by either side (counters.objectives).
    if vp.objective > 0 {
        sink.counters(
            f64::from(vp.objective)
                * pull(
                    g.objective_pool(),
                    g.face_up_counters(CounterKind::Objective),
                ),
        );
    }
    if sink.wants_cards() && !g.deck().is_empty() {
        sink.cards(cards_score(g, side));
    }
}

/// The steps a model of `side` has left to walk off the board before the game ends, for
/// the escape term: what leaving is worth ([`exit_worth`]: its exit VP, a win for a key
/// model whose leaving wins, P28) counts for each model that can still walk off in time,
/// halved for each step it would lack. A model moves up to 2 squares in its activation (1
/// after Standing Up when Rattled), once a Round, and leaving takes one step more than
/// reaching the edge (R6); each card in the side's hand that moves a model a square
/// (Sneak) adds a step. Without a Round limit the time is taken as three Rounds.
fn escape_steps(g: &GameState, side: Side) -> impl Fn(&Model) -> i32 {
    let rounds_after = g
        .scenario()
        .last_round()
        .map_or(3, |last| i32::from(last.saturating_sub(g.round())));
    let later = 2 * rounds_after + step_cards(g, side);
    move |m: &Model| {
        let now = match (m.activated, m.rattled) {
            (true, _) => 0,
            (false, true) => 1,
            (false, false) => 2,
        };
        now + later
    }
}

/// The cards in `side`'s hand whose half for it moves a model a square.
fn step_cards(g: &GameState, side: Side) -> i32 {
    g.hand(side)
        .filter(|(c, _)| {
            c.face(side)
                .is_some_and(|f| matches!(f.effect, rules::cards::Effect::MoveOne))
        })
        .map(|(_, n)| i32::from(n))
        .sum()
}
