//! One Turn as a graph, built once for a number of dice, over which best play for any
//! stakes is one sweep.
//!
//! A Turn's future depends only on the dice set aside (see [`crate::optimal`]), and the
//! Turn ends with a score from 0 to `dice + 3`. What a player wants from a Turn is then
//! written as its *stakes*: what each final score is worth to it (the points themselves
//! for the best expected score; the chance to win the game after the Turn for the best
//! chance to win). For any stakes the best play of a Turn follows by one backward sweep
//! over the states between rolls, most dice aside first:
//!
//! ```text
//! V(s) = U(score s)                                  no die left to roll
//!      = R(s)                                        nothing aside yet (a Turn starts with a roll)
//!      = max(U(score s), R(s))                       otherwise
//! R(s) = sum over roll groups g of s, P(g) * (U(score of s and g's Tanks)   g offers nothing
//!                                             max over g's takings o of V(o)  otherwise)
//! ```
//!
//! Humans, Cows and Chickens are alike in the rules, so a state is kept with their counts
//! in falling order ([`canonical`]), and the rolls of the dice left are grouped by what they
//! lead to: the states their takings give, or the score when they offer nothing. 13 dice
//! have 8,555 states between rolls, 2,162 once the three kinds are sorted; the rolls from
//! those fall into 52,613 groups with 84,097 takings among them.
//!
//! The same sweep runs with stakes that are lines in an unknown `z` (the worth of scoring
//! nothing, which in a game is the chance to win after the other player's Turn, the circle
//! of the equations): then [`TurnGraph::sweep_lines`] gives the value of best play at an
//! estimate of `z` as a line in `z`, and the range of `z` over which every decision of that
//! play stays best.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use crate::dice::{DICE, Face, Tally, outcomes};
use crate::turn::{Turn, TurnAction, choosable, score};

/// How many final scores a Turn of 13 dice has: 0 to 16.
pub const SCORES: usize = DICE as usize + 4;

/// What each final score of a Turn is worth to the player whose Turn it is, by score.
/// Scores a Turn of fewer dice cannot reach are not read.
pub type Stakes = [f64; SCORES];

/// Values closer than this are equal when a decision is made: between rolls, stopping
/// with points wins a tie and rolling on with none ([`stops`]); among takings, the one
/// leading to the state first in the graph's order.
pub const TIE: f64 = 1e-12;

/// The decision between rolls: stop when that is worth as much as rolling on (within
/// [`TIE`]), except with no points, when only stopping worth more than rolling on stops (a
/// Turn never ends by choice at nothing while rolling on cannot make it worse).
pub fn stops(points: u32, stop: f64, roll: f64) -> bool {
    if points == 0 {
        stop > roll + TIE
    } else {
        stop + TIE >= roll
    }
}

/// Of the states a roll's takings lead to (in the graph's order), the one best play takes:
/// the first worth the most, within [`TIE`].
fn best_taking(takings: impl Iterator<Item = u32> + Clone, value: &[f64]) -> u32 {
    let most = takings
        .clone()
        .map(|o| value[o as usize])
        .fold(f64::NEG_INFINITY, f64::max);
    takings
        .min_by_key(|o| (value[*o as usize] < most - TIE, *o))
        .expect("a taking")
}

/// The rolls from one state that lead to the same places.
#[derive(Clone, Copy, Debug)]
struct Group {
    /// Their chance.
    p: f64,
    /// Their takings: `options[first..first + count]`, the states they may lead to.
    first: u32,
    count: u8,
    /// The score with their Tanks set aside, when they offer nothing to take.
    end: u8,
}

/// The state `aside` stands for: Humans, Cows and Chickens are alike in the rules (each
/// scores a point, each may be taken once, the bonus asks for all three), so a state is
/// kept with their counts in falling order.
pub fn canonical(aside: &Tally) -> Tally {
    let mut t = *aside;
    let e = &mut t.0[Face::Human.index()..=Face::Chicken.index()];
    e.sort_unstable_by(|x, y| y.cmp(x));
    t
}

/// The states between rolls of a Turn of some number of dice and the rolls from each.
#[derive(Clone, Debug)]
pub struct TurnGraph {
    dice: u8,
    /// The states ([`canonical`]), most dice aside first (so every taking leads to an
    /// earlier one).
    states: Vec<Tally>,
    index: HashMap<Tally, u32>,
    points: Vec<u8>,
    /// `groups[group_start[s]..group_start[s + 1]]` are the rolls from state `s`.
    group_start: Vec<u32>,
    groups: Vec<Group>,
    /// One roll of each group (its Tanks removed), to ask a player for its decision.
    examples: Vec<Tally>,
    options: Vec<u32>,
}

/// The value of best play from every state, for some stakes.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnValues {
    pub stakes: Stakes,
    /// `V` of each state, by the graph's numbering.
    value: Vec<f64>,
    /// `R` of each state (rolling on); the stop value where no die is left.
    roll: Vec<f64>,
}

/// A value `a + b z` in an unknown `z`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Line {
    pub a: f64,
    pub b: f64,
}

impl Line {
    pub const fn constant(a: f64) -> Line {
        Line { a, b: 0.0 }
    }

    /// `z` itself.
    pub const Z: Line = Line { a: 0.0, b: 1.0 };

    pub fn at(self, z: f64) -> f64 {
        self.a + self.b * z
    }
}

/// What [`TurnGraph::sweep_lines`] found: the Turn's value as a line in `z`, and the range
/// of `z` over which the play chosen at the estimate stays best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineSweep {
    pub start: Line,
    pub low: f64,
    pub high: f64,
}

/// Keeps the better of two lines at `z` (the first on a tie) and narrows `[low, high]` to
/// where it stays the better.
fn better(best: Line, other: Line, z: f64, low: &mut f64, high: &mut f64) -> Line {
    let (keep, drop) = if other.at(z) > best.at(z) + TIE {
        (other, best)
    } else {
        (best, other)
    };
    // Slopes equal but for rounding: the order holds for every z in [0, 1].
    if (keep.b - drop.b).abs() > TIE {
        // keep >= drop where (keep.b - drop.b) z >= drop.a - keep.a.
        let cross = (drop.a - keep.a) / (keep.b - drop.b);
        if keep.b > drop.b {
            *low = low.max(cross);
        } else {
            *high = high.min(cross);
        }
    }
    keep
}

/// How the rolls from a state are told apart: what they offer to take, or, offering
/// nothing, what the Turn then scores.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Offer {
    Takings(Vec<u32>),
    Nothing(u8),
}

impl TurnGraph {
    /// The graph of a Turn of `dice` dice (1 to 13).
    pub fn build(dice: u8) -> TurnGraph {
        assert!((1..=DICE).contains(&dice), "1 to {DICE} dice, not {dice}");
        let rolls: Vec<Vec<(Tally, f64)>> = (0..=dice).map(outcomes).collect();
        // Every state a Turn can reach between rolls, found from the start.
        let mut seen = std::collections::HashSet::from([Tally::EMPTY]);
        let mut queue = vec![Tally::EMPTY];
        while let Some(s) = queue.pop() {
            for (r, _) in &rolls[usize::from(dice - s.total())] {
                let mut a = s;
                a.add(Face::Tank, r.get(Face::Tank));
                for f in choosable(&a, r) {
                    let mut next = a;
                    next.add(f, r.get(f));
                    let next = canonical(&next);
                    if seen.insert(next) && next.total() < dice {
                        queue.push(next);
                    }
                }
            }
        }
        let mut states: Vec<Tally> = seen.into_iter().collect();
        states.sort_by(|x, y| y.total().cmp(&x.total()).then(x.cmp(y)));
        let index: HashMap<Tally, u32> = states
            .iter()
            .enumerate()
            .map(|(i, t)| (*t, i as u32))
            .collect();
        let mut g = TurnGraph {
            dice,
            points: states.iter().map(|t| score(t) as u8).collect(),
            index,
            group_start: Vec::with_capacity(states.len() + 1),
            groups: Vec::new(),
            examples: Vec::new(),
            options: Vec::new(),
            states,
        };
        let mut merged: HashMap<Offer, usize> = HashMap::new();
        for s in 0..g.states.len() {
            g.group_start.push(g.groups.len() as u32);
            let aside = g.states[s];
            if aside.total() == dice {
                continue;
            }
            merged.clear();
            for (r, p) in &rolls[usize::from(dice - aside.total())] {
                let mut a = aside;
                a.add(Face::Tank, r.get(Face::Tank));
                let mut takings: Vec<u32> = choosable(&a, r)
                    .map(|f| {
                        let mut next = a;
                        next.add(f, r.get(f));
                        g.index[&canonical(&next)]
                    })
                    .collect();
                takings.sort_unstable();
                takings.dedup();
                let offer = if takings.is_empty() {
                    Offer::Nothing(score(&a) as u8)
                } else {
                    Offer::Takings(takings)
                };
                if let Some(&at) = merged.get(&offer) {
                    g.groups[at].p += p;
                    continue;
                }
                let first = g.options.len() as u32;
                let (count, end) = match &offer {
                    Offer::Takings(t) => {
                        g.options.extend(t);
                        (t.len() as u8, 0)
                    }
                    Offer::Nothing(end) => (0, *end),
                };
                merged.insert(offer, g.groups.len());
                let mut example = *r;
                example.0[Face::Tank.index()] = 0;
                g.examples.push(example);
                g.groups.push(Group {
                    p: *p,
                    first,
                    count,
                    end,
                });
            }
        }
        g.group_start.push(g.groups.len() as u32);
        g
    }

    /// The graph of a Turn of `dice` dice, built once in a process on first use.
    pub fn shared(dice: u8) -> Arc<TurnGraph> {
        static BUILT: [OnceLock<Arc<TurnGraph>>; DICE as usize] =
            [const { OnceLock::new() }; DICE as usize];
        assert!((1..=DICE).contains(&dice), "1 to {DICE} dice, not {dice}");
        Arc::clone(BUILT[usize::from(dice) - 1].get_or_init(|| Arc::new(TurnGraph::build(dice))))
    }

    /// The dice of the Turn.
    pub fn dice(&self) -> u8 {
        self.dice
    }

    /// The states between rolls.
    pub fn states(&self) -> &[Tally] {
        &self.states
    }

    /// Roll groups from all states: the work of one sweep.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn group_count(&self) -> usize {
        self.groups.len()
    }

    fn groups_of(&self, s: usize) -> &[Group] {
        &self.groups[self.group_start[s] as usize..self.group_start[s + 1] as usize]
    }

    fn takings(&self, g: &Group) -> &[u32] {
        &self.options[g.first as usize..g.first as usize + usize::from(g.count)]
    }

    /// Best play for `stakes`: the value of every state.
    pub fn sweep(&self, stakes: &Stakes) -> TurnValues {
        let n = self.states.len();
        let mut value = vec![0.0; n];
        let mut roll = vec![0.0; n];
        for s in 0..n {
            let stop = stakes[usize::from(self.points[s])];
            let total = self.states[s].total();
            if total == self.dice {
                value[s] = stop;
                roll[s] = stop;
                continue;
            }
            let mut r = 0.0;
            for g in self.groups_of(s) {
                let v = if g.count == 0 {
                    stakes[usize::from(g.end)]
                } else {
                    self.takings(g)
                        .iter()
                        .map(|o| value[*o as usize])
                        .fold(f64::NEG_INFINITY, f64::max)
                };
                r += g.p * v;
            }
            roll[s] = r;
            value[s] = if total == 0 { r } else { stop.max(r) };
        }
        TurnValues {
            stakes: *stakes,
            value,
            roll,
        }
    }

    /// Best play for stakes that are lines in `z`, decided at the estimate `z`: the Turn's
    /// value as a line, and the range of `z` over which no decision would change. `work` is
    /// scratch space, reused between calls.
    pub fn sweep_lines(&self, stakes: &[Line; SCORES], z: f64, work: &mut Vec<Line>) -> LineSweep {
        let n = self.states.len();
        work.clear();
        work.resize(n, Line::default());
        let (mut low, mut high) = (f64::NEG_INFINITY, f64::INFINITY);
        let mut start = Line::default();
        for s in 0..n {
            let stop = stakes[usize::from(self.points[s])];
            let total = self.states[s].total();
            if total == self.dice {
                work[s] = stop;
                continue;
            }
            let mut r = Line::default();
            for g in self.groups_of(s) {
                let v = if g.count == 0 {
                    stakes[usize::from(g.end)]
                } else {
                    let t = self.takings(g);
                    let mut best = work[t[0] as usize];
                    for o in &t[1..] {
                        best = better(best, work[*o as usize], z, &mut low, &mut high);
                    }
                    best
                };
                r.a += g.p * v.a;
                r.b += g.p * v.b;
            }
            work[s] = if total == 0 {
                start = r;
                r
            } else {
                better(r, stop, z, &mut low, &mut high)
            };
        }
        LineSweep { start, low, high }
    }

    /// The state of `aside`, if a Turn can reach it between rolls.
    fn at(&self, aside: &Tally) -> Option<usize> {
        self.index.get(&canonical(aside)).map(|i| *i as usize)
    }

    /// The chance of each final score when a Turn is played by `decide`, a player of single
    /// Turns (its decisions read only the Turn). `decide` is asked once for each state
    /// between rolls and each group of rolls that the play reaches.
    pub fn distribution(&self, mut decide: impl FnMut(&Turn) -> TurnAction) -> Stakes {
        let n = self.states.len();
        let mut mass = vec![0.0; n];
        let mut out = [0.0; SCORES];
        let start = self.at(&Tally::EMPTY).expect("the start");
        mass[start] = 1.0;
        for s in (0..n).rev() {
            let m = mass[s];
            if m == 0.0 {
                continue;
            }
            let aside = self.states[s];
            let mut turn = Turn {
                dice: self.dice,
                aside,
                rolled: None,
                over: false,
            };
            if aside.total() == self.dice
                || (aside.total() > 0 && decide(&turn) == TurnAction::Stop)
            {
                out[usize::from(self.points[s])] += m;
                continue;
            }
            let groups = self.group_start[s] as usize..self.group_start[s + 1] as usize;
            for (g, example) in self.groups[groups.clone()]
                .iter()
                .zip(&self.examples[groups])
            {
                if g.count == 0 {
                    out[usize::from(g.end)] += m * g.p;
                    continue;
                }
                // The roll's Tanks are those its takings have more than the state.
                let first = self.takings(g)[0] as usize;
                let mut with_tanks = aside;
                let tanks = self.states[first].get(Face::Tank) - aside.get(Face::Tank);
                with_tanks.add(Face::Tank, tanks);
                turn.aside = with_tanks;
                turn.rolled = Some(*example);
                let next = match decide(&turn) {
                    TurnAction::Take(f) => {
                        let mut next = with_tanks;
                        next.add(f, example.get(f));
                        self.at(&next).expect("a state of the graph")
                    }
                    a => panic!("{a} is not a taking"),
                };
                mass[next] += m * g.p;
            }
        }
        out
    }
}

impl TurnGraph {
    /// The chance of each final score when the Turn is played at best for the stakes of
    /// `values`, decided as [`TurnValues::decide`] decides.
    pub fn best_distribution(&self, values: &TurnValues) -> Stakes {
        let n = self.states.len();
        let mut mass = vec![0.0; n];
        let mut out = [0.0; SCORES];
        let start = self.at(&Tally::EMPTY).expect("the start");
        mass[start] = 1.0;
        for s in (0..n).rev() {
            let m = mass[s];
            if m == 0.0 {
                continue;
            }
            let total = self.states[s].total();
            let points = u32::from(self.points[s]);
            if total == self.dice
                || (total > 0 && stops(points, values.stakes[points as usize], values.roll[s]))
            {
                out[points as usize] += m;
                continue;
            }
            for g in self.groups_of(s) {
                if g.count == 0 {
                    out[usize::from(g.end)] += m * g.p;
                } else {
                    let next = best_taking(self.takings(g).iter().copied(), &values.value);
                    mass[next as usize] += m * g.p;
                }
            }
        }
        out
    }
}

impl TurnValues {
    /// What the Turn is worth from its start.
    pub fn start(&self, graph: &TurnGraph) -> f64 {
        self.roll[graph.at(&Tally::EMPTY).expect("the start")]
    }

    /// What `a` in `turn` is worth with best play after it; `None` if `a` is not open.
    pub fn action_value(&self, graph: &TurnGraph, turn: &Turn, a: TurnAction) -> Option<f64> {
        if !turn.legal().contains(&a) {
            return None;
        }
        Some(match a {
            TurnAction::Stop => self.stakes[turn.score() as usize],
            TurnAction::Roll => self.roll[graph.at(&turn.aside)?],
            TurnAction::Take(f) => {
                let mut next = turn.aside;
                next.add(f, turn.rolled.map_or(0, |r| r.get(f)));
                self.value[graph.at(&next)?]
            }
        })
    }

    /// The decision of best play in `turn` (ties as [`TIE`] says); `None` once it is over.
    pub fn decide(&self, graph: &TurnGraph, turn: &Turn) -> Option<TurnAction> {
        let legal = turn.legal();
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        let Some(rolled) = turn.rolled else {
            let stop = self.action_value(graph, turn, TurnAction::Stop)?;
            let roll = self.action_value(graph, turn, TurnAction::Roll)?;
            return Some(if stops(turn.score(), stop, roll) {
                TurnAction::Stop
            } else {
                TurnAction::Roll
            });
        };
        // Each face with the state it leads to.
        let mut takings = Vec::with_capacity(legal.len());
        for f in choosable(&turn.aside, &rolled) {
            let mut next = turn.aside;
            next.add(f, rolled.get(f));
            takings.push((f, graph.at(&next)? as u32));
        }
        let best = best_taking(takings.iter().map(|t| t.1), &self.value);
        takings
            .iter()
            .find(|t| t.1 == best)
            .map(|t| TurnAction::Take(t.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::optimal::Optimum;

    fn points(dice: u8) -> Stakes {
        let mut s = [0.0; SCORES];
        for (t, v) in s.iter_mut().enumerate().take(usize::from(dice) + 4) {
            *v = t as f64;
        }
        s
    }

    #[test]
    fn thirteen_dice_make_the_graph_counted_in_the_notes() {
        let g = TurnGraph::build(DICE);
        assert_eq!(
            (g.states().len(), g.group_count(), g.options.len()),
            (2162, 52_613, 84_097)
        );
        // Every group's chances from a state add up to one.
        for s in 0..g.states.len() {
            if g.states[s].total() < DICE {
                let p: f64 = g.groups_of(s).iter().map(|x| x.p).sum();
                assert!((p - 1.0).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn with_points_as_stakes_the_sweep_is_the_optimum() {
        for dice in [1, 2, 4, DICE] {
            let g = TurnGraph::build(dice);
            let mut o = Optimum::solve(dice);
            let v = g.sweep(&points(dice));
            assert!((v.start(&g) - o.expected_turn_score()).abs() < 1e-9);
            for t in g.states() {
                let turn = Turn {
                    dice,
                    aside: *t,
                    rolled: None,
                    over: false,
                };
                if t.total() > 0 && t.total() < dice {
                    let r = v.action_value(&g, &turn, TurnAction::Roll).unwrap();
                    assert!((r - o.roll_value(*t)).abs() < 1e-9, "{t}");
                }
            }
            // The chances of the final scores under that play: their mean is the value.
            let d = g.distribution(|t| v.decide(&g, t).unwrap());
            assert_eq!(d, g.best_distribution(&v));
            let total: f64 = d.iter().sum();
            let mean: f64 = d.iter().enumerate().map(|(t, p)| t as f64 * p).sum();
            assert!((total - 1.0).abs() < 1e-12);
            assert!((mean - o.expected_turn_score()).abs() < 1e-9, "{dice}");
        }
    }

    #[test]
    fn a_line_sweep_at_its_estimate_is_the_plain_sweep_and_holds_over_its_range() {
        let g = TurnGraph::build(6);
        // Scoring nothing is worth z; more points more.
        let mut lines = [Line::default(); SCORES];
        for (t, l) in lines.iter_mut().enumerate() {
            *l = if t == 0 {
                Line::Z
            } else {
                Line::constant(0.3 + 0.05 * t as f64)
            };
        }
        let mut work = Vec::new();
        let at = |z: f64| {
            let mut s = [0.0; SCORES];
            for (v, l) in s.iter_mut().zip(&lines) {
                *v = l.at(z);
            }
            g.sweep(&s).start(&g)
        };
        for z in [0.0, 0.2, 0.35, 0.5] {
            let sw = g.sweep_lines(&lines, z, &mut work);
            assert!(sw.low <= z + 1e-9 && z <= sw.high + 1e-9, "{z}: {sw:?}");
            assert!((sw.start.at(z) - at(z)).abs() < 1e-12);
            // Inside the range the line is best play's value; the slope is the chance of
            // scoring nothing.
            let inside = (z + sw.high.min(1.0)) / 2.0;
            assert!((sw.start.at(inside) - at(inside)).abs() < 1e-12, "{z}");
            assert!(sw.start.b > 0.0 && sw.start.b < 1.0);
        }
    }
}
