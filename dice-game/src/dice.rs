//! The dice (S1): ten six-sided dice, each with 2 Nukes, 2 Martians and 2 Ray Guns, so
//! each symbol comes up a third of the time.

use std::fmt;
use std::str::FromStr;

use rand::RngCore;

use crate::error::UnknownSymbol;

/// Dice in the game (S1).
pub const DICE: u8 = 10;

/// A die's symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    /// The invading army: re-rolled to go on, counted only by cards that need them.
    Martian,
    /// Needed to destroy most cities; kept once rolled.
    RayGun,
    /// The humans fighting back: kept once rolled, and they cover the Nuke symbols of the
    /// cards in play (S4).
    Nuke,
}

impl Symbol {
    /// Every symbol, in tally order.
    pub const ALL: [Symbol; 3] = [Symbol::Martian, Symbol::RayGun, Symbol::Nuke];

    /// Its index in a [`Tally`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name in files, actions and output.
    pub const fn name(self) -> &'static str {
        match self {
            Symbol::Martian => "martian",
            Symbol::RayGun => "ray-gun",
            Symbol::Nuke => "nuke",
        }
    }

    /// The name in sentences, singular and plural.
    pub const fn words(self, n: u8) -> &'static str {
        match (self, n == 1) {
            (Symbol::Martian, true) => "Martian",
            (Symbol::Martian, false) => "Martians",
            (Symbol::RayGun, true) => "Ray Gun",
            (Symbol::RayGun, false) => "Ray Guns",
            (Symbol::Nuke, true) => "Nuke",
            (Symbol::Nuke, false) => "Nukes",
        }
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symbol {
    type Err = UnknownSymbol;
    fn from_str(s: &str) -> Result<Symbol, UnknownSymbol> {
        let t = s.trim().to_ascii_lowercase();
        Symbol::ALL
            .into_iter()
            .find(|x| x.name() == t || x.name().replace('-', " ") == t)
            .ok_or_else(|| UnknownSymbol(s.to_string()))
    }
}

/// Dice counted by symbol.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tally(pub [u8; 3]);

impl Tally {
    pub const EMPTY: Tally = Tally([0; 3]);

    /// A tally of `martians`, `ray_guns` and `nukes`.
    pub const fn new(martians: u8, ray_guns: u8, nukes: u8) -> Tally {
        Tally([martians, ray_guns, nukes])
    }

    pub const fn get(&self, s: Symbol) -> u8 {
        self.0[s.index()]
    }

    pub fn add(&mut self, s: Symbol, n: u8) {
        self.0[s.index()] += n;
    }

    pub fn set(&mut self, s: Symbol, n: u8) {
        self.0[s.index()] = n;
    }

    pub const fn martians(&self) -> u8 {
        self.0[0]
    }

    pub const fn ray_guns(&self) -> u8 {
        self.0[1]
    }

    pub const fn nukes(&self) -> u8 {
        self.0[2]
    }

    /// All the dice counted.
    pub const fn total(&self) -> u8 {
        self.0[0] + self.0[1] + self.0[2]
    }

    /// The sum of two tallies.
    pub fn plus(mut self, other: Tally) -> Tally {
        for i in 0..3 {
            self.0[i] += other.0[i];
        }
        self
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = Symbol::ALL
            .iter()
            .filter(|s| self.get(**s) > 0)
            .map(|s| format!("{} {}", self.get(*s), s.words(self.get(*s))))
            .collect();
        if parts.is_empty() {
            f.write_str("no dice")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

/// One die rolled with `rng`: one of six sides, uniformly; two sides a symbol.
pub fn roll_die<R: RngCore + ?Sized>(rng: &mut R) -> Symbol {
    let side = ((u128::from(rng.next_u64()) * 6) >> 64) as u32;
    match side {
        0 | 1 => Symbol::Martian,
        2 | 3 => Symbol::RayGun,
        _ => Symbol::Nuke,
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

/// `3^n`: the equally likely ways `n` dice fall, symbol by symbol.
pub const fn ways(n: u8) -> u64 {
    3u64.pow(n as u32)
}

/// Every result of rolling `n` dice as (tally, ways): the ways `n` distinguishable dice
/// show that tally, `n! / (m! r! k!)`, out of [`ways`]`(n)`.
pub fn outcomes(n: u8) -> Vec<(Tally, u64)> {
    let mut out = Vec::with_capacity(usize::from(n + 1) * usize::from(n + 2) / 2);
    for m in 0..=n {
        for r in 0..=n - m {
            let k = n - m - r;
            out.push((Tally::new(m, r, k), multinomial(n, m, r)));
        }
    }
    out
}

/// `n! / (a! b! (n-a-b)!)`.
fn multinomial(n: u8, a: u8, b: u8) -> u64 {
    binomial(n, a) * binomial(n - a, b)
}

/// `n choose k`.
pub fn binomial(n: u8, k: u8) -> u64 {
    let k = u64::from(k.min(n - k));
    let n = u64::from(n);
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outcomes_of_a_roll_count_every_way_the_dice_fall() {
        for n in 0..=DICE {
            let o = outcomes(n);
            assert_eq!(o.len(), usize::from(n + 1) * usize::from(n + 2) / 2);
            assert_eq!(o.iter().map(|x| x.1).sum::<u64>(), ways(n));
            assert!(o.iter().all(|(t, _)| t.total() == n));
        }
        // Brute force over the 3^4 ways four dice fall.
        let mut counts = std::collections::HashMap::new();
        for code in 0..ways(4) {
            let mut t = Tally::EMPTY;
            let mut c = code;
            for _ in 0..4 {
                t.add(Symbol::ALL[(c % 3) as usize], 1);
                c /= 3;
            }
            *counts.entry(t).or_insert(0u64) += 1;
        }
        for (t, w) in outcomes(4) {
            assert_eq!(counts[&t], w, "{t}");
        }
    }

    #[test]
    fn a_rolled_die_shows_each_symbol_a_third_of_the_time() {
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        let t = roll(30, &mut rng);
        assert_eq!(t.total(), 30);
        let mut counts = [0u32; 3];
        for _ in 0..60_000 {
            counts[roll_die(&mut rng).index()] += 1;
        }
        // 20,000 expected each; the standard deviation is about 115.
        for c in counts {
            assert!((f64::from(c) - 20_000.0).abs() < 600.0, "{counts:?}");
        }
    }

    #[test]
    fn symbols_print_and_parse() {
        for s in Symbol::ALL {
            assert_eq!(s.name().parse::<Symbol>(), Ok(s));
        }
        assert_eq!("Ray Gun".parse::<Symbol>(), Ok(Symbol::RayGun));
        assert!("tank".parse::<Symbol>().is_err());
        assert_eq!(Tally::new(1, 2, 0).to_string(), "1 Martian, 2 Ray Guns");
    }
}
