//! Exact probabilities of Shoot and Fight tests with exploding D8s (R14-R16).
//!
//! # One die
//!
//! A die tested against `v`+ succeeds on a face of at least `v`; an 8 also succeeds and
//! adds a die, which may explode again (R14). A die therefore rolls some number `E` of
//! eights and then one *last* face that is not an 8. Each eight is a success; the last
//! face, uniform on 1..=7, is a success when it is at least `v`. So
//!
//! ```text
//! S = E + T,   P(E = j) = (1/8)^j (7/8)          (geometric)
//!              P(T = 1) = q = (8 - v)/7          (Bernoulli), independent of E
//! ```
//!
//! and summing the two ways of reaching `k` successes:
//!
//! ```text
//! P(S = 0) = (v - 1)/8
//! P(S = k) = (1/8)^k (v - 1)/8 + (1/8)^(k-1) (8 - v)/8     for k >= 1
//! ```
//!
//! with mean `(9 - v)/7`. Its generating function is
//! `G(z) = ((v - 1)/8 + (8 - v)/8 z) / (1 - z/8)`.
//!
//! # N dice
//!
//! The dice are independent, so `G(z)^N = (7/8)^N ((1 - q) + q z)^N / (1 - z/8)^N`: the
//! successes of `N` dice are a Binomial(N, q) count of successful last faces plus a
//! negative binomial count of eights,
//!
//! ```text
//! P(S = k) = sum_j  C(N, j) q^j (1 - q)^(N - j)  *  C(k - j + N - 1, N - 1) (1/8)^(k - j) (7/8)^N
//! ```
//!
//! [`successes`] evaluates exactly this: the binomial part by repeated convolution, the
//! negative binomial part by the ratio recurrence `e(m+1) = e(m) (m + N) / (8 (m + 1))`,
//! and their convolution. Every term is positive, so nothing cancels and the result is
//! accurate to a few units in the last place. The support is infinite; the negative
//! binomial is cut where the rest of its tail is provably below [`TAIL`] (the ratio above
//! falls with `m`, so the tail after a term is at most that term times `r / (1 - r)`).
//!
//! # Shoot and Fight
//!
//! With `A` and `D` independent, Shoot and Fight are sums over the attacker's
//! distribution of the defender's cumulative distribution (R15, R16):
//!
//! - Shoot kills iff `A > D + armour`; the target is Rattled iff `D < A <= D + armour`;
//!   otherwise it misses.
//! - Fight: the attacker wins iff `A > D`; the defender wins iff it chose Fight and
//!   `D > A`; anything else (a draw, or a Survive roll at least as high) kills nobody.
//!
//! Each outcome is summed directly from positive terms (never as `1 - other`), so even
//! tiny probabilities keep their relative precision.

/// Where [`successes`] stops: the probability of all larger counts together is below this.
pub const TAIL: f64 = 1e-300;

/// Outcome probabilities of a Shoot test against one target (R15).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct ShootOdds {
    /// The shot beat Survive plus armour: the target dies.
    pub kill: f64,
    /// The shot beat Survive but not Survive plus armour: the target is Rattled.
    pub rattled: f64,
    /// Survive (plus armour) matched or beat the shot: no effect.
    pub miss: f64,
}

/// Outcome probabilities of a Fight (R16).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct FightOdds {
    /// The attacker rolls more successes: the defender dies.
    pub attacker_wins: f64,
    /// The defender chose Fight and rolls more: the attacker dies.
    pub defender_wins: f64,
    /// A draw, or the defender Survived: nobody dies.
    pub no_kill: f64,
}

/// The distribution of successes of `dice` D8 against `value`+ with exploding 8s:
/// `pmf[k]` = P(exactly k successes). The support is infinite; the vector stops where the
/// remaining tail is below [`TAIL`] (1e-300), so sums are exact to double precision.
///
/// `value` is read as a die roll needed: 2..=8 are the game's values; 1 (or 0) means
/// every face succeeds; above 8 reads as 8, since an 8 always succeeds (R14). No dice
/// means no successes: `[1.0]`. The last entry is never zero.
pub fn successes(dice: u8, value: u8) -> Vec<f64> {
    if dice == 0 {
        return vec![1.0];
    }
    let v = value.clamp(1, 8);
    let n = dice as usize;

    // Successful last faces: Binomial(n, q), q = (8 - v)/7, 1 - q = (v - 1)/7.
    let q = f64::from(8 - v) / 7.0;
    let p = f64::from(v - 1) / 7.0;
    let mut last = vec![0.0; n + 1];
    last[0] = 1.0;
    for i in 0..n {
        // One more die: last[j] <- last[j] (1 - q) + last[j - 1] q, top down in place.
        for j in (1..=i + 1).rev() {
            last[j] = last[j] * p + last[j - 1] * q;
        }
        last[0] *= p;
    }

    let eights = eights(n);

    // Their sum: a convolution of two positive sequences.
    let mut pmf = vec![0.0; last.len() + eights.len() - 1];
    for (j, &b) in last.iter().enumerate() {
        if b == 0.0 {
            continue;
        }
        for (m, &e) in eights.iter().enumerate() {
            pmf[j + m] += b * e;
        }
    }
    while pmf.len() > 1 && pmf[pmf.len() - 1] == 0.0 {
        pmf.pop();
    }
    pmf
}

/// The number of 8s rolled by `n >= 1` dice (every 8 adding a die): negative binomial,
/// `e(m) = C(m + n - 1, m) (1/8)^m (7/8)^n`, cut once the remaining tail is below [`TAIL`].
fn eights(n: usize) -> Vec<f64> {
    let mut out = Vec::new();
    // (7/8)^n >= (7/8)^255 ~ 1.6e-15: never near underflow.
    let mut e = (7.0f64 / 8.0).powi(n as i32);
    let mut m = 0usize;
    loop {
        out.push(e);
        // e(m + 1) / e(m), which never rises with m (n >= 1).
        let ratio = (m + n) as f64 / (8.0 * (m + 1) as f64);
        let next = e * ratio;
        // Past here every ratio is <= `ratio`, so the tail from m + 1 on is at most
        // next * (1 + ratio + ratio^2 + ...) = next / (1 - ratio).
        if ratio < 1.0 && next / (1.0 - ratio) < TAIL {
            return out;
        }
        e = next;
        m += 1;
    }
}

/// A distribution with its cumulative sums, for O(1) comparisons.
struct Dist {
    pmf: Vec<f64>,
    /// `below[k]` = P(X < k), for k in 0..=len.
    below: Vec<f64>,
    /// `at_least[k]` = P(X >= k), for k in 0..=len, summed from the tail.
    at_least: Vec<f64>,
}

impl Dist {
    fn new(pmf: Vec<f64>) -> Dist {
        let len = pmf.len();
        let mut below = vec![0.0; len + 1];
        for k in 0..len {
            below[k + 1] = below[k] + pmf[k];
        }
        let mut at_least = vec![0.0; len + 1];
        for k in (0..len).rev() {
            at_least[k] = at_least[k + 1] + pmf[k];
        }
        Dist {
            pmf,
            below,
            at_least,
        }
    }

    /// P(X < k).
    fn lt(&self, k: usize) -> f64 {
        self.below[k.min(self.pmf.len())]
    }

    /// P(X >= k).
    fn ge(&self, k: usize) -> f64 {
        self.at_least[k.min(self.pmf.len())]
    }

    /// P(X = k).
    fn eq(&self, k: usize) -> f64 {
        self.pmf.get(k).copied().unwrap_or(0.0)
    }
}

/// Shoot test: `dice` dice at `shoot`+ against `survive_dice` dice at `survive`+, plus
/// `armour` automatic Survive successes (R15). `armour` 0 never Rattles.
pub fn shoot(dice: u8, shoot: u8, survive_dice: u8, survive: u8, armour: u8) -> ShootOdds {
    let a = successes(dice, shoot);
    let d = Dist::new(successes(survive_dice, survive));
    let armour = armour as usize;
    let mut odds = ShootOdds::default();
    for (k, &pa) in a.iter().enumerate() {
        // Kill: D + armour < k.
        if k > armour {
            odds.kill += pa * d.lt(k - armour);
        }
        // Rattled: k - armour <= D < k.
        let lo = k.saturating_sub(armour);
        let window: f64 = (lo..k).map(|s| d.eq(s)).sum();
        odds.rattled += pa * window;
        // Miss: D >= k.
        odds.miss += pa * d.ge(k);
    }
    odds
}

/// Fight: the attacker rolls `dice` at `fight`+; the defender rolls `defender_dice` at
/// `defend`+ (its Fight value when `defender_fights`, else its Survive value). Armour
/// does nothing in a Fight (R16).
pub fn fight(
    dice: u8,
    fight: u8,
    defender_dice: u8,
    defend: u8,
    defender_fights: bool,
) -> FightOdds {
    let a = successes(dice, fight);
    let d = Dist::new(successes(defender_dice, defend));
    let (mut more, mut draw, mut less) = (0.0, 0.0, 0.0);
    for (k, &pa) in a.iter().enumerate() {
        more += pa * d.lt(k);
        draw += pa * d.eq(k);
        less += pa * d.ge(k + 1);
    }
    if defender_fights {
        FightOdds {
            attacker_wins: more,
            defender_wins: less,
            no_kill: draw,
        }
    } else {
        FightOdds {
            attacker_wins: more,
            defender_wins: 0.0,
            no_kill: draw + less,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_die_matches_the_closed_form() {
        for v in 1..=8u8 {
            let pmf = successes(1, v);
            let vf = f64::from(v);
            assert_eq!(pmf[0], (vf - 1.0) / 8.0);
            for (k, &p) in pmf.iter().enumerate().skip(1).take(20) {
                let k = k as i32;
                let want =
                    0.125f64.powi(k) * (vf - 1.0) / 8.0 + 0.125f64.powi(k - 1) * (8.0 - vf) / 8.0;
                assert!(
                    (p - want).abs() <= 1e-15 * want,
                    "v={v} k={k}: {p} vs {want}"
                );
            }
        }
    }

    #[test]
    fn tail_is_cut_late_enough() {
        for n in [1u8, 3, 10, 255] {
            let pmf = successes(n, 5);
            let sum: f64 = pmf.iter().sum();
            assert!((sum - 1.0).abs() < 1e-12, "n={n}: {sum}");
            assert!(*pmf.last().unwrap() < 1e-290, "n={n}");
        }
    }
}
