//! The dice (D1): 13 dice, each with 1 Tank, 2 Death Rays, 1 Human, 1 Cow, 1 Chicken.

use std::fmt;

use rand::RngCore;

/// Dice in the published game (D1).
pub const DICE: u8 = 13;

/// A die's face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    Tank,
    Ray,
    Human,
    Cow,
    Chicken,
}

impl Face {
    /// Every face, in tally order.
    pub const ALL: [Face; 5] = [Face::Tank, Face::Ray, Face::Human, Face::Cow, Face::Chicken];
    /// The three Earthling kinds, scored and abducted (one choice each a Turn).
    pub const EARTHLINGS: [Face; 3] = [Face::Human, Face::Cow, Face::Chicken];

    /// How many of a die's six sides show this face.
    pub const fn sides(self) -> u32 {
        match self {
            Face::Ray => 2,
            _ => 1,
        }
    }

    /// Its index in a [`Tally`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name in actions and output.
    pub const fn name(self) -> &'static str {
        match self {
            Face::Tank => "tank",
            Face::Ray => "ray",
            Face::Human => "human",
            Face::Cow => "cow",
            Face::Chicken => "chicken",
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Dice counted by face.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tally(pub [u8; 5]);

impl Tally {
    pub const EMPTY: Tally = Tally([0; 5]);

    pub fn get(&self, f: Face) -> u8 {
        self.0[f.index()]
    }

    pub fn add(&mut self, f: Face, n: u8) {
        self.0[f.index()] += n;
    }

    /// All the dice counted.
    pub fn total(&self) -> u8 {
        self.0.iter().sum()
    }

    /// A tally of one face.
    pub fn of(f: Face, n: u8) -> Tally {
        let mut t = Tally::EMPTY;
        t.add(f, n);
        t
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = Face::ALL
            .iter()
            .filter(|x| self.get(**x) > 0)
            .map(|x| format!("{} {}", self.get(*x), x.name()))
            .collect();
        if parts.is_empty() {
            f.write_str("nothing")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

/// One die rolled with `rng`: one of six sides, uniformly.
pub fn roll_die<R: RngCore + ?Sized>(rng: &mut R) -> Face {
    let side = ((rng.next_u64() as u128 * 6) >> 64) as u32;
    match side {
        0 => Face::Tank,
        1 | 2 => Face::Ray,
        3 => Face::Human,
        4 => Face::Cow,
        _ => Face::Chicken,
    }
}

/// `n` dice rolled with `rng`, one draw each.
pub fn roll<R: RngCore + ?Sized>(n: u8, rng: &mut R) -> Tally {
    let mut t = Tally::EMPTY;
    for _ in 0..n {
        t.add(roll_die(rng), 1);
    }
    t
}

/// Every result of rolling `n` dice, as (tally, probability): the multinomial over the
/// faces' chances (1, 2, 1, 1, 1 sixths).
pub fn outcomes(n: u8) -> Vec<(Tally, f64)> {
    let mut out = Vec::new();
    let mut t = [0u8; 5];
    fn rec(i: usize, left: u8, t: &mut [u8; 5], n: u8, out: &mut Vec<(Tally, f64)>) {
        if i == 4 {
            t[4] = left;
            let mut p = factorial(n);
            for (f, c) in Face::ALL.iter().zip(t.iter()) {
                p *= (f64::from(f.sides()) / 6.0).powi(i32::from(*c)) / factorial(*c);
            }
            out.push((Tally(*t), p));
            return;
        }
        for c in 0..=left {
            t[i] = c;
            rec(i + 1, left - c, t, n, out);
        }
    }
    rec(0, n, &mut t, n, &mut out);
    out
}

fn factorial(n: u8) -> f64 {
    (1..=u32::from(n)).map(f64::from).product()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outcomes_of_a_roll_are_every_tally_with_its_multinomial_chance() {
        for n in 0..=DICE {
            let o = outcomes(n);
            // Compositions of n into 5 parts: C(n+4, 4).
            let count = (1..=4u64).fold(1u64, |acc, k| acc * (u64::from(n) + k) / k);
            assert_eq!(o.len() as u64, count);
            let total: f64 = o.iter().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-12, "{n}: {total}");
        }
        // Two dice: two Rays with chance (2/6)^2, a Tank and a Ray 2 (1/6)(2/6).
        let two = outcomes(2);
        let p = |t: Tally| two.iter().find(|(x, _)| *x == t).unwrap().1;
        assert!((p(Tally::of(Face::Ray, 2)) - 4.0 / 36.0).abs() < 1e-12);
        assert!((p(Tally([1, 1, 0, 0, 0])) - 4.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn a_rolled_die_shows_each_side_a_sixth_of_the_time() {
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        let t = roll(60, &mut rng);
        assert_eq!(t.total(), 60);
        let mut counts = [0u32; 5];
        for _ in 0..60_000 {
            counts[roll_die(&mut rng).index()] += 1;
        }
        for f in Face::ALL {
            let expected = 10_000.0 * f64::from(f.sides());
            let sd = (60_000.0 * (expected / 60_000.0) * (1.0 - expected / 60_000.0)).sqrt();
            assert!(
                (f64::from(counts[f.index()]) - expected).abs() < 5.0 * sd,
                "{f}"
            );
        }
    }
}
