//! Execution noise (T14): a flick as executed strays from the flick as aimed by a normal
//! draw on its direction and on its strength, their standard deviations the level's in the
//! layout file. The AI aims knowing its own noise; a person at the table is given the same
//! noise at the level they choose. Every draw comes from the generator handed in.

use rand::Rng;

use crate::layout::NoiseSpec;
use crate::shot::Flick;

/// Two independent standard normal draws (Box-Muller), from two uniform draws of `rng`.
pub fn normal_pair<R: Rng + ?Sized>(rng: &mut R) -> (f64, f64) {
    // 1 - u is in (0, 1]: its logarithm is finite.
    let u: f64 = 1.0 - rng.random::<f64>();
    let v: f64 = rng.random::<f64>();
    let r = (-2.0 * u.ln()).sqrt();
    let a = std::f64::consts::TAU * v;
    (r * a.cos(), r * a.sin())
}

/// The flick as executed: `aimed` with `noise` drawn from `rng` (two uniform draws, always).
pub fn execute<R: Rng + ?Sized>(aimed: Flick, noise: NoiseSpec, rng: &mut R) -> Flick {
    let (a, b) = normal_pair(rng);
    perturb(aimed, noise, a, b)
}

/// `aimed` strayed by `a` and `b` standard deviations of `noise`'s direction and strength.
pub fn perturb(aimed: Flick, noise: NoiseSpec, a: f64, b: f64) -> Flick {
    Flick::new(
        aimed.direction + a * noise.direction_degrees.to_radians(),
        aimed.strength + b * noise.strength,
        aimed.spin,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn executed_flicks_stray_by_the_levels_deviations() {
        let noise = NoiseSpec {
            direction_degrees: 2.0,
            strength: 0.05,
        };
        let aimed = Flick::new(1.0, 0.5, 0.0);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let n = 20_000;
        let (mut sd, mut ss, mut md) = (0.0, 0.0, 0.0);
        for _ in 0..n {
            let f = execute(aimed, noise, &mut rng);
            let d = (f.direction - aimed.direction).to_degrees();
            md += d;
            sd += d * d;
            ss += (f.strength - aimed.strength).powi(2);
        }
        let n = f64::from(n);
        assert!((md / n).abs() < 0.05, "{}", md / n);
        assert!(((sd / n).sqrt() - 2.0).abs() < 0.05, "{}", (sd / n).sqrt());
        assert!(
            ((ss / n).sqrt() - 0.05).abs() < 0.002,
            "{}",
            (ss / n).sqrt()
        );
        // No noise: as aimed; the same seed: the same flick.
        let none = NoiseSpec {
            direction_degrees: 0.0,
            strength: 0.0,
        };
        assert_eq!(execute(aimed, none, &mut rng), aimed);
        let f1 = execute(aimed, noise, &mut ChaCha8Rng::seed_from_u64(9));
        let f2 = execute(aimed, noise, &mut ChaCha8Rng::seed_from_u64(9));
        assert!(f1.same_bits(&f2));
    }
}
