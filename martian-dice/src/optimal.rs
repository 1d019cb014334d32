//! The exact maximum expected score of one Turn, and the policy that reaches it.
//!
//! A Turn's future depends only on the dice set aside (which types were taken is read off
//! the counts: a kind is taken when its count is not zero, since taking one takes at least
//! one die). So the value of deciding between rounds with `aside` set aside is
//!
//! ```text
//! V(aside) = score(aside)                                   with no die left to roll
//!          = max(score(aside), R(aside))                    otherwise
//! R(aside) = sum over rolls o of the dice left, P(o) * C(aside + Tanks of o, o)
//! C(a, o)  = score(a)                                        when o offers nothing to take
//!          = max over faces f o offers of V(a + the f of o)  otherwise
//! ```
//!
//! and a Turn's expected score under best play is `R(nothing)`, since a Turn starts with a
//! roll. The recursion ends: every roll that goes on sets at least one die aside.

use std::collections::HashMap;
use std::sync::Arc;

use crate::dice::{Face, Tally, outcomes};
use crate::turn::{Turn, TurnAction, choosable, score};

/// The solved Turn for a number of dice.
#[derive(Clone, Debug)]
pub struct Optimum {
    dice: u8,
    /// `V` of every state between rounds that was reached by the recursion.
    values: HashMap<Tally, f64>,
    /// `R` of the same states (rolling on from them).
    roll_values: HashMap<Tally, f64>,
    /// The rolls of `n` dice with their chances, for each `n` (shared, so the recursion
    /// reads them without copying).
    rolls: Vec<Arc<[(Tally, f64)]>>,
}

impl Optimum {
    /// Solves the Turn with `dice` dice (13 in the game, D1).
    pub fn solve(dice: u8) -> Optimum {
        let mut o = Optimum {
            dice,
            values: HashMap::new(),
            roll_values: HashMap::new(),
            rolls: (0..=dice).map(|n| outcomes(n).into()).collect(),
        };
        o.roll_value(Tally::EMPTY);
        o
    }

    /// The Turn of the game's 13 dice, solved once in a process (a copy, for the caller's
    /// own lookups).
    pub fn standard() -> Optimum {
        static SOLVED: std::sync::OnceLock<Optimum> = std::sync::OnceLock::new();
        SOLVED
            .get_or_init(|| Optimum::solve(crate::dice::DICE))
            .clone()
    }

    /// The dice of the game solved.
    pub fn dice(&self) -> u8 {
        self.dice
    }

    /// The maximum expected score of a Turn.
    pub fn expected_turn_score(&self) -> f64 {
        self.roll_values[&Tally::EMPTY]
    }

    /// `V`: the best expected score deciding between rounds with `aside` set aside.
    pub fn value(&mut self, aside: Tally) -> f64 {
        if let Some(v) = self.values.get(&aside) {
            return *v;
        }
        let now = f64::from(score(&aside));
        let v = if aside.total() == self.dice {
            now
        } else {
            now.max(self.roll_value(aside))
        };
        self.values.insert(aside, v);
        v
    }

    /// `R`: the expected score of rolling on from `aside` and playing on at best.
    pub fn roll_value(&mut self, aside: Tally) -> f64 {
        if let Some(v) = self.roll_values.get(&aside) {
            return *v;
        }
        let n = self.dice - aside.total();
        let rolls = Arc::clone(&self.rolls[n as usize]);
        let mut sum = 0.0;
        for (rolled, p) in rolls.iter() {
            sum += p * self.after_roll(aside, *rolled).0;
        }
        self.roll_values.insert(aside, sum);
        sum
    }

    /// `C`: the value of `rolled` coming up with `aside` set aside before the roll, and the
    /// face to take (none when the roll offers nothing: the Turn ends).
    pub fn after_roll(&mut self, aside: Tally, rolled: Tally) -> (f64, Option<Face>) {
        let mut a = aside;
        a.add(Face::Tank, rolled.get(Face::Tank));
        self.best_take(a, &rolled)
    }

    /// The face of `rolled` best to take with `aside` set aside (the roll's Tanks among
    /// them), and what the Turn is then worth; the score of `aside` and no face when the
    /// roll offers nothing.
    fn best_take(&mut self, aside: Tally, rolled: &Tally) -> (f64, Option<Face>) {
        let mut best = (f64::from(score(&aside)), None);
        for f in choosable(&aside, rolled) {
            let mut next = aside;
            next.add(f, rolled.get(f));
            let v = self.value(next);
            if best.1.is_none() || v > best.0 + 1e-12 {
                best = (v, Some(f));
            }
        }
        best
    }

    /// Should a player with `aside` set aside roll on (rather than stop)? Ties stop.
    pub fn rolls_on(&mut self, aside: Tally) -> bool {
        aside.total() < self.dice && self.roll_value(aside) > f64::from(score(&aside)) + 1e-12
    }

    /// The decision of the optimal-expected-score policy in `turn`.
    pub fn decide(&mut self, turn: &Turn) -> Option<TurnAction> {
        if turn.over {
            return None;
        }
        if let Some(r) = turn.rolled {
            // `turn.aside` already holds the Tanks of the roll.
            return self.best_take(turn.aside, &r).1.map(TurnAction::Take);
        }
        if turn.aside.total() == 0 || self.rolls_on(turn.aside) {
            Some(TurnAction::Roll)
        } else {
            Some(TurnAction::Stop)
        }
    }

    /// The exact expected score of the Turn if `a` is played in `turn` and the Turn is
    /// played on at best.
    pub fn action_value(&mut self, turn: &Turn, a: TurnAction) -> f64 {
        match a {
            TurnAction::Stop => f64::from(turn.score()),
            TurnAction::Roll => self.roll_value(turn.aside),
            TurnAction::Take(f) => {
                let mut next = turn.aside;
                next.add(f, turn.rolled.map_or(0, |r| r.get(f)));
                self.value(next)
            }
        }
    }

    /// Every state between rounds the recursion reached, with the score of stopping there
    /// and the expected score of rolling on, in tally order.
    pub fn table(&self) -> Vec<(Tally, f64, f64)> {
        let mut rows: Vec<(Tally, f64, f64)> = self
            .roll_values
            .iter()
            .map(|(t, r)| (*t, f64::from(score(t)), *r))
            .collect();
        rows.sort_by_key(|r| r.0);
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_die_is_solved_by_hand() {
        // Tank (1/6): nothing to take, 0. Death Ray (2/6): taken, no die left, nothing
        // abducted, 0. An Earthling (3/6): taken, 1 point.
        let o = Optimum::solve(1);
        assert!((o.expected_turn_score() - 0.5).abs() < 1e-12);
    }

    #[test]
    fn two_dice_are_solved_by_hand() {
        // Of the 36 equally likely rolls of two dice:
        // - a Tank with anything (11), or two Death Rays (4): 0;
        // - two of one Earthling kind (3): both taken, 2 points;
        // - a Death Ray and an Earthling (12), or two kinds (6): take one Earthling and
        //   roll the last die, worth (0 Tank + 2*1 Ray + 1 taken kind + 2*2 new kind) / 6
        //   = 7/6 against 1 for stopping (and taking the Death Ray instead is worth 1/2).
        // (3 * 2 + 18 * 7/6) / 36 = 27/36.
        let mut o = Optimum::solve(2);
        assert!((o.expected_turn_score() - 0.75).abs() < 1e-12);
        let human = Tally::of(Face::Human, 1);
        assert!(o.rolls_on(human));
        assert!((o.value(human) - 7.0 / 6.0).abs() < 1e-12);
        assert!((o.value(Tally::of(Face::Ray, 1)) - 0.5).abs() < 1e-12);
        // With the Death Ray and a Human rolled, take the Human.
        let mut t = Turn::new(2);
        t.rolled_as(Tally([0, 1, 1, 0, 0]));
        assert_eq!(o.decide(&t), Some(TurnAction::Take(Face::Human)));
    }

    #[test]
    fn the_recursion_agrees_with_brute_force_on_three_dice() {
        // Brute force over every sequence of decisions and rolls, with no memo and no
        // shortcut: the same value.
        fn brute(dice: u8, aside: Tally, first: bool) -> f64 {
            let n = dice - aside.total();
            let stop = f64::from(score(&aside));
            if n == 0 {
                return stop;
            }
            let mut roll = 0.0;
            for (r, p) in outcomes(n) {
                let mut a = aside;
                a.add(Face::Tank, r.get(Face::Tank));
                let faces: Vec<Face> = choosable(&a, &r).collect();
                let v = if faces.is_empty() {
                    f64::from(score(&a))
                } else {
                    faces
                        .iter()
                        .map(|f| {
                            let mut next = a;
                            next.add(*f, r.get(*f));
                            brute(dice, next, false)
                        })
                        .fold(f64::NEG_INFINITY, f64::max)
                };
                roll += p * v;
            }
            if first { roll } else { roll.max(stop) }
        }
        for dice in 1..=4 {
            let o = Optimum::solve(dice);
            let b = brute(dice, Tally::EMPTY, true);
            assert!((o.expected_turn_score() - b).abs() < 1e-9, "{dice}: {b}");
        }
    }
}
