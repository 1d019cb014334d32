//! D8 dice with exploding 8s (R14). Every roll comes from the generator passed in (R26).

use rand::RngCore;

/// The generator every game uses: ChaCha with 8 rounds, seeded from a `u64` (R26).
pub type GameRng = rand_chacha::ChaCha8Rng;

/// A generator for `seed`.
pub fn rng_from_seed(seed: u64) -> GameRng {
    use rand::SeedableRng;
    GameRng::seed_from_u64(seed)
}

/// Draws D8 faces three bits at a time from 64-bit words, so a test costs one call to
/// the generator for up to 21 dice. A power of two divides 2^64, so each face is
/// exactly uniform.
pub struct D8Stream<'a, R: RngCore + ?Sized> {
    rng: &'a mut R,
    word: u64,
    left: u32,
}

impl<'a, R: RngCore + ?Sized> D8Stream<'a, R> {
    pub fn new(rng: &'a mut R) -> Self {
        D8Stream {
            rng,
            word: 0,
            left: 0,
        }
    }

    /// One D8: 1..=8.
    #[inline]
    pub fn roll(&mut self) -> u8 {
        if self.left == 0 {
            self.word = self.rng.next_u64();
            self.left = 21;
        }
        let face = (self.word & 7) as u8 + 1;
        self.word >>= 3;
        self.left -= 1;
        face
    }
}

/// One D8: 1..=8.
#[inline]
pub fn d8<R: RngCore + ?Sized>(rng: &mut R) -> u8 {
    (rng.next_u32() >> 29) as u8 + 1
}

/// Roll a test of `dice` D8 against `value` (`5` for 5+): each die at or above the value
/// is a success; every 8 is a success and adds a die, which may explode again (R14).
/// Returns the number of successes.
#[inline]
pub fn roll_test<R: RngCore + ?Sized>(rng: &mut R, dice: u8, value: u8) -> u8 {
    roll(rng, dice, value, |_| {})
}

/// As `roll_test`, also recording every face rolled, in order (explosions follow the
/// dice that caused them), for a player to see die by die. Draws exactly what
/// `roll_test` draws.
pub fn roll_test_faces<R: RngCore + ?Sized>(
    rng: &mut R,
    dice: u8,
    value: u8,
    faces: &mut Vec<u8>,
) -> u8 {
    roll(rng, dice, value, |f| faces.push(f))
}

#[inline(always)]
fn roll<R: RngCore + ?Sized>(rng: &mut R, dice: u8, value: u8, mut seen: impl FnMut(u8)) -> u8 {
    let mut stream = D8Stream::new(rng);
    let mut to_roll = dice as u32;
    let mut successes: u32 = 0;
    while to_roll > 0 {
        to_roll -= 1;
        let face = stream.roll();
        seen(face);
        if face >= value {
            successes += 1;
        }
        if face == 8 {
            to_roll += 1;
        }
    }
    successes.min(u8::MAX as u32) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_cover_one_to_eight_uniformly() {
        let mut rng = rng_from_seed(7);
        let mut s = D8Stream::new(&mut rng);
        let mut counts = [0u32; 9];
        let n = 80_000;
        for _ in 0..n {
            counts[s.roll() as usize] += 1;
        }
        assert_eq!(counts[0], 0);
        // Each face has p = 1/8: mean 10_000, sd ~ 93.5; allow 5 sd.
        for c in &counts[1..] {
            assert!((*c as i64 - 10_000).abs() < 470, "{counts:?}");
        }
    }

    #[test]
    fn faces_and_successes_agree_with_r14() {
        let mut rng = rng_from_seed(11);
        for _ in 0..2000 {
            let mut faces = Vec::new();
            let s = roll_test_faces(&mut rng, 3, 5, &mut faces);
            let eights = faces.iter().filter(|f| **f == 8).count();
            assert_eq!(faces.len(), 3 + eights, "each 8 adds a die");
            assert_eq!(s as usize, faces.iter().filter(|f| **f >= 5).count());
        }
    }

    #[test]
    fn same_seed_same_rolls_r26() {
        let a: Vec<u8> = {
            let mut r = rng_from_seed(42);
            (0..50).map(|_| roll_test(&mut r, 4, 4)).collect()
        };
        let b: Vec<u8> = {
            let mut r = rng_from_seed(42);
            (0..50).map(|_| roll_test(&mut r, 4, 4)).collect()
        };
        assert_eq!(a, b);
    }
}
