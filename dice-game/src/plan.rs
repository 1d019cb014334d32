//! The exact value of a Turn at a target under the best stopping rule, for stakes the
//! greedy player sets: what a claim is worth, what each space matched is worth when the
//! Turn stops, and nothing when nuked.
//!
//! After a roll that neither nukes nor claims, a Turn on a card that does not count
//! Martians stands at the Ray Guns and Nukes kept (the rest are Martians), so its value is
//!
//! ```text
//! V(k)  = max(stop(k), roll(k))
//! roll(k) = sum over rolls o of the Martians of k, P(o) * after(k + o)
//! after(d) = 0 if nuked; claim if claimed; stop(d) with no Martian left; V(d) otherwise
//! ```
//!
//! A roll of nothing but Martians comes back to `k`, so `roll(k)` solves
//! `roll = rest + P(all Martians) * roll`. Every other roll keeps more dice, so the
//! recursion ends. A card that counts Martians takes one roll, scored by `after` alone. The
//! first roll of a Turn is worth the average of `after` over its outcomes, for the best
//! choice of the dice set before it (P26).

use std::collections::HashMap;

use crate::card::Location;
use crate::dice::{DICE, Tally, outcomes, ways};

/// What the Turn's ends are worth to the player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stakes {
    /// Claiming the card.
    pub claim: f64,
    /// Each space matched beyond the player's token, when the Turn ends without a claim.
    pub per_space: f64,
}

/// The target as the plan sees it: the spaces left after the player's token, and whether
/// the last of them may be filled (P25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Remaining {
    /// The symbols of the spaces left, 2 bits each, the next space lowest.
    code: u64,
    len: u8,
    claimable: bool,
    one_roll: bool,
}

impl Remaining {
    /// The spaces of `card` after `from`, the last of them closed while the card may not
    /// be claimed.
    pub fn of(card: &Location, from: u8, claimable: bool) -> Remaining {
        let rest = card.track_after(from);
        let mut code = 0u64;
        for (i, s) in rest.iter().enumerate() {
            code |= (s.index() as u64 + 1) << (2 * i);
        }
        Remaining {
            code,
            len: rest.len() as u8,
            claimable,
            one_roll: card.one_roll(),
        }
    }

    /// The spaces the dice `showing` fill, in order (P23), and whether that claims.
    fn fill(&self, showing: Tally) -> (u8, bool) {
        let mut left = showing;
        let mut n = 0;
        while n < self.len {
            let s = ((self.code >> (2 * n)) & 3) as usize - 1;
            if left.0[s] == 0 {
                break;
            }
            left.0[s] -= 1;
            n += 1;
        }
        if !self.claimable {
            n = n.min(self.len.saturating_sub(1));
        }
        (n, self.claimable && n == self.len)
    }
}

/// One target solved: the values of the states of a Turn on it.
#[derive(Clone, Debug)]
pub struct Plan {
    remaining: Remaining,
    symbols: u8,
    stakes: Stakes,
    /// `roll(k)` of each state after a roll, by (Ray Guns, Nukes) kept.
    roll: [[f64; 11]; 11],
}

impl Plan {
    /// Solves a Turn at `remaining` with `symbols` Nuke symbols in play.
    pub fn solve(remaining: Remaining, symbols: u8, stakes: Stakes) -> Plan {
        let mut p = Plan {
            remaining,
            symbols,
            stakes,
            roll: [[f64::NAN; 11]; 11],
        };
        if !remaining.one_roll {
            // Most kept first: every roll leads to as many dice kept or more.
            for kept in (0..DICE).rev() {
                for n in 0..=kept {
                    let r = kept - n;
                    p.roll[usize::from(r)][usize::from(n)] = p.roll_from(r, n);
                }
            }
        }
        p
    }

    /// What stopping with `showing` is worth.
    pub fn stop(&self, showing: Tally) -> f64 {
        f64::from(self.remaining.fill(showing).0) * self.stakes.per_space
    }

    /// What the dice `showing` are worth just after a roll, playing on at best.
    pub fn after(&self, showing: Tally) -> f64 {
        if showing.nukes() >= self.symbols {
            return 0.0;
        }
        let (_, claim) = self.remaining.fill(showing);
        if claim {
            return self.stakes.claim;
        }
        let m = showing.martians();
        if self.remaining.one_roll || m == 0 {
            return self.stop(showing);
        }
        self.stop(showing).max(self.roll_value(showing))
    }

    /// What re-rolling the Martians of `showing` is worth, playing on at best.
    pub fn roll_value(&self, showing: Tally) -> f64 {
        if self.remaining.one_roll || showing.martians() == 0 {
            return f64::NEG_INFINITY;
        }
        self.roll[usize::from(showing.ray_guns())][usize::from(showing.nukes())]
    }

    /// Whether to re-roll the Martians of `showing` rather than stop.
    pub fn rolls_on(&self, showing: Tally) -> bool {
        self.roll_value(showing) > self.stop(showing) + 1e-12
    }

    fn roll_from(&self, r: u8, n: u8) -> f64 {
        let m = DICE - r - n;
        let kept = Tally::new(0, r, n);
        let all = ways(m) as f64;
        let mut rest = 0.0;
        for (rolled, w) in outcomes(m) {
            if rolled.martians() == m {
                continue;
            }
            let d = kept.plus(rolled);
            let v = if d.nukes() >= self.symbols {
                0.0
            } else if self.remaining.fill(d).1 {
                self.stakes.claim
            } else if d.martians() == 0 {
                self.stop(d)
            } else {
                let k = self.roll[usize::from(d.ray_guns())][usize::from(d.nukes())];
                self.stop(d).max(k)
            };
            rest += w as f64 / all * v;
        }
        rest / (1.0 - 1.0 / all)
    }

    /// The first roll's value with the dice `set` before it.
    pub fn first_roll(&self, set: Tally) -> f64 {
        let n = DICE - set.total();
        let all = ways(n) as f64;
        outcomes(n)
            .into_iter()
            .map(|(rolled, w)| w as f64 / all * self.after(set.plus(rolled)))
            .sum()
    }

    /// The best dice to set before the first roll, `k` of them, with the first roll's value.
    pub fn best_set(&self, k: u8) -> (Tally, f64) {
        let mut best = (Tally::EMPTY, self.first_roll(Tally::EMPTY));
        if k == 0 {
            return best;
        }
        let k = k.min(DICE);
        for m in 0..=k {
            for r in 0..=k - m {
                let t = Tally::new(m, r, k - m - r);
                let v = self.first_roll(t);
                if v > best.1 + 1e-12 {
                    best = (t, v);
                }
            }
        }
        best
    }
}

/// Plans solved so far on this thread, by target, Nuke symbols and stakes: the greedy
/// player and the search's playouts meet the same few again and again.
#[derive(Default)]
pub struct Plans {
    solved: HashMap<(Remaining, u8, u64, u64), std::rc::Rc<Plan>>,
}

/// Plans kept at most, before the store starts afresh.
const MAX_PLANS: usize = 50_000;

impl Plans {
    pub fn get(&mut self, remaining: Remaining, symbols: u8, stakes: Stakes) -> std::rc::Rc<Plan> {
        let key = (
            remaining,
            symbols,
            stakes.claim.to_bits(),
            stakes.per_space.to_bits(),
        );
        if let Some(p) = self.solved.get(&key) {
            return p.clone();
        }
        if self.solved.len() >= MAX_PLANS {
            self.solved.clear();
        }
        let p = std::rc::Rc::new(Plan::solve(remaining, symbols, stakes));
        self.solved.insert(key, p.clone());
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Symbol;

    #[test]
    fn a_last_die_is_rolled_exactly_when_a_claim_beats_what_it_risks() {
        // Detroit needs 5 Ray Guns; 4 kept, 5 Nukes of 6 symbols, one Martian left (ten
        // dice). Rolling on: a third claims, a third nukes, a third comes back; so it is
        // worth (1/3) / (1 - 1/3) = half a claim, against 4 spaces kept by stopping.
        let c = Location::city("Detroit", Symbol::RayGun, 5, 1, 1);
        let rem = Remaining::of(&c, 0, true);
        let showing = Tally::new(1, 4, 5);
        let plan = Plan::solve(
            rem,
            6,
            Stakes {
                claim: 10.0,
                per_space: 1.0,
            },
        );
        assert!((plan.roll_value(showing) - 5.0).abs() < 1e-12);
        assert!(plan.rolls_on(showing));
        let plan = Plan::solve(
            rem,
            6,
            Stakes {
                claim: 6.0,
                per_space: 1.0,
            },
        );
        assert!((plan.roll_value(showing) - 3.0).abs() < 1e-12);
        assert!(!plan.rolls_on(showing));
        assert_eq!(plan.after(showing), 4.0);
    }

    #[test]
    fn the_plan_agrees_with_the_odds_when_it_never_stops() {
        // With nothing for stopping, the best play rolls on, and its value is the chance to
        // claim, which `odds::to_the_end` computes the other way.
        let c = Location::city("Boston", Symbol::RayGun, 6, 2, 1);
        let rem = Remaining::of(&c, 1, true);
        let plan = Plan::solve(
            rem,
            5,
            Stakes {
                claim: 1.0,
                per_space: 0.0,
            },
        );
        let s = crate::odds::Situation {
            card: &c,
            from: 1,
            kept: Tally::EMPTY,
            rolling: DICE,
            now: 1,
            symbols: 5,
            claimable: true,
        };
        let t = crate::odds::to_the_end(&s);
        assert!((plan.first_roll(Tally::EMPTY) - t.claim).abs() < 1e-12);
        // Setting a die to a Ray Gun is worth more than setting none.
        let (set, v) = plan.best_set(1);
        assert_eq!(set, Tally::new(0, 1, 0));
        assert!(v > t.claim);
    }

    #[test]
    fn a_monument_is_one_roll() {
        let c = Location::monument("Lincoln Memorial", 4, 3, 1);
        let rem = Remaining::of(&c, 0, true);
        let plan = Plan::solve(
            rem,
            6,
            Stakes {
                claim: 1.0,
                per_space: 0.0,
            },
        );
        // P(at least 4 Martians and fewer than 6 Nukes among 10 dice).
        let mut p = 0.0;
        for (t, w) in outcomes(10) {
            if t.martians() >= 4 && t.nukes() < 6 {
                p += w as f64 / ways(10) as f64;
            }
        }
        assert!((plan.first_roll(Tally::EMPTY) - p).abs() < 1e-12);
        assert_eq!(plan.roll_value(Tally::new(3, 3, 4)), f64::NEG_INFINITY);
    }
}
