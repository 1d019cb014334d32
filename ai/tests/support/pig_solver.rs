//! Exact values of two-player Pig, by value iteration (Neller and Presser 2004), written
//! independently of the game code in `ai::toys::pig` so that tests can check the game and
//! the searches against it.
//!
//! Rules modelled: roll a d6; a 1 loses the turn total and passes the turn, 2..=6 add to it
//! (capped at `T + 5 - i`, as the game caps it); holding (only with a positive turn total)
//! banks it, and banking `T` or more wins.
//!
//! With `i` the mover's banked score, `j` the opponent's and `k` the turn total:
//!
//! ```text
//! roll(i, j, k) = 1/6 * (1 - win(j, i, 0)) + sum over r in 2..=6 of 1/6 * win(i, j, min(k + r, T + 5 - i))
//! hold(i, j, k) = 1 if i + k >= T, else 1 - win(j, i + k, 0)          (only for k > 0)
//! win(i, j, k)  = max(roll, hold)
//! ```

#![allow(dead_code)]

/// Optimal win probabilities of Pig to some target.
pub struct PigValues {
    pub target: usize,
    win: Vec<f64>,
}

fn index(target: usize, i: usize, j: usize, k: usize) -> usize {
    (i * target + j) * (target + 6) + k
}

fn next_total(target: usize, i: usize, k: usize, r: usize) -> usize {
    (k + r).min(target + 5 - i)
}

impl PigValues {
    /// Probability that the mover wins, both sides optimal.
    pub fn win(&self, i: usize, j: usize, k: usize) -> f64 {
        self.win[index(self.target, i, j, k)]
    }

    /// Value of rolling, then playing optimally.
    pub fn roll(&self, i: usize, j: usize, k: usize) -> f64 {
        let t = self.target;
        let mut v = (1.0 - self.win(j, i, 0)) / 6.0;
        for r in 2..=6 {
            v += self.win(i, j, next_total(t, i, k, r)) / 6.0;
        }
        v
    }

    /// Value of holding (k > 0), then playing optimally.
    pub fn hold(&self, i: usize, j: usize, k: usize) -> f64 {
        assert!(k > 0);
        if i + k >= self.target {
            1.0
        } else {
            1.0 - self.win(j, i + k, 0)
        }
    }

    /// Solves Pig to `target` by Gauss-Seidel value iteration until no value moves by more
    /// than 1e-13.
    pub fn solve(target: usize) -> PigValues {
        let mut v = PigValues {
            target,
            win: vec![0.5; target * target * (target + 6)],
        };
        loop {
            let mut delta: f64 = 0.0;
            for i in 0..target {
                for j in 0..target {
                    for k in 0..=target + 5 - i {
                        let roll = v.roll(i, j, k);
                        let best = if k > 0 {
                            roll.max(v.hold(i, j, k))
                        } else {
                            roll
                        };
                        let at = index(target, i, j, k);
                        delta = delta.max((v.win[at] - best).abs());
                        v.win[at] = best;
                    }
                }
            }
            if delta < 1e-13 {
                return v;
            }
        }
    }
}

/// Probability that a player following `policy(i, j, k) -> roll?` beats the uniformly random
/// player (who rolls or holds with probability 1/2 when both are legal) from the start, with
/// the policy player moving first (`first = true`) or second. Computed by iterating the
/// policy-evaluation equations to convergence.
pub fn policy_vs_random(
    target: usize,
    policy: &dyn Fn(usize, usize, usize) -> bool,
    first: bool,
) -> f64 {
    // a: P(policy player wins) when the policy player is to move with (i, j, k);
    // b: the same probability when the random player is to move with score i, the policy
    //    player's score j and turn total k.
    let t = target;
    let n = t * t * (t + 6);
    let mut a = vec![0.5f64; n];
    let mut b = vec![0.5f64; n];
    loop {
        let mut delta: f64 = 0.0;
        for i in 0..t {
            for j in 0..t {
                for k in 0..=t + 5 - i {
                    let mut roll_a = b[index(t, j, i, 0)] / 6.0;
                    for r in 2..=6 {
                        roll_a += a[index(t, i, j, next_total(t, i, k, r))] / 6.0;
                    }
                    let hold_a = if i + k >= t {
                        1.0
                    } else {
                        b[index(t, j, i + k, 0)]
                    };
                    let va = if k > 0 && !policy(i, j, k) {
                        hold_a
                    } else {
                        roll_a
                    };
                    let at = index(t, i, j, k);
                    delta = delta.max((a[at] - va).abs());
                    a[at] = va;

                    let mut roll_b = a[index(t, j, i, 0)] / 6.0;
                    for r in 2..=6 {
                        roll_b += b[index(t, i, j, next_total(t, i, k, r))] / 6.0;
                    }
                    let hold_b = if i + k >= t {
                        0.0
                    } else {
                        a[index(t, j, i + k, 0)]
                    };
                    let vb = if k > 0 {
                        0.5 * (roll_b + hold_b)
                    } else {
                        roll_b
                    };
                    delta = delta.max((b[at] - vb).abs());
                    b[at] = vb;
                }
            }
        }
        if delta < 1e-13 {
            return if first {
                a[index(t, 0, 0, 0)]
            } else {
                b[index(t, 0, 0, 0)]
            };
        }
    }
}
