//! A shot's two ends: the [`Flick`] a player gives the die, and the [`Rest`] where the die
//! ends up (its pose, its up face, whether it left the table). A rest comes from the physics
//! ([`crate::physics::simulate`]) or is written out by hand ([`Rest::flat`]), so that the
//! rules can be played on scripted shots.

use std::f64::consts::{PI, TAU};
use std::fmt;

use crate::geometry::{Point, Pose, Quat, face_up, trim};

/// A flick of the die out of the shooter's saucer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flick {
    /// Where the die is sent, radians counter-clockwise from east, in `[-pi, pi)`.
    pub direction: f64,
    /// How hard, 0 to 1: the layout's flick speeds at 0 and at 1 and in proportion between.
    pub strength: f64,
    /// Forward roll at 1, backward roll at -1, none at 0: the layout's tumble times this.
    pub spin: f64,
}

impl Flick {
    /// A flick with its direction brought into `[-pi, pi)`, its strength into 0 to 1 and its
    /// spin into -1 to 1 (a number that is not a number counts as 0).
    pub fn new(direction: f64, strength: f64, spin: f64) -> Flick {
        let finite = |v: f64| if v.is_finite() { v } else { 0.0 };
        let d = finite(direction);
        Flick {
            direction: (d + PI).rem_euclid(TAU) - PI,
            strength: finite(strength).clamp(0.0, 1.0),
            spin: finite(spin).clamp(-1.0, 1.0),
        }
    }

    /// A flick without spin toward `bearing` (radians) at `strength`.
    pub fn toward(bearing: f64, strength: f64) -> Flick {
        Flick::new(bearing, strength, 0.0)
    }

    /// Whether two flicks are the same to the last bit.
    pub fn same_bits(&self, other: &Flick) -> bool {
        self.direction.to_bits() == other.direction.to_bits()
            && self.strength.to_bits() == other.strength.to_bits()
            && self.spin.to_bits() == other.spin.to_bits()
    }
}

impl fmt::Display for Flick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}° at strength {:.3}",
            trim(self.direction.to_degrees()),
            self.strength
        )?;
        if self.spin != 0.0 {
            write!(f, ", spin {:+.2}", self.spin)?;
        }
        Ok(())
    }
}

/// Where the die came to rest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rest {
    /// Its centre (mm; x, y on the table, z above its top) and rotation.
    pub pose: Pose,
    /// The face that points up most, an index into the layout's faces (T5).
    pub face: usize,
    /// Its centre went past the table's edge (T8); the pose is where it was then.
    pub left_table: bool,
    /// Simulated steps, 0 for a rest written by hand.
    pub steps: u32,
}

impl Rest {
    /// A die lying flat at `at` with `face` up, turned `yaw` radians about the vertical.
    pub fn flat(at: Point, yaw: f64, face: usize) -> Rest {
        Rest {
            pose: Pose {
                centre: [at.x, at.y, 0.0],
                rotation: face_up(face % 6, yaw),
            },
            face: face % 6,
            left_table: false,
            steps: 0,
        }
    }

    /// A die leaning `lean` radians about the east-west axis, its centre at `at`.
    pub fn leaning(at: Point, lean: f64, face: usize) -> Rest {
        let mut r = Rest::flat(at, 0.0, face);
        r.pose.rotation = Quat::about([1.0, 0.0, 0.0], lean).then_after(r.pose.rotation);
        r
    }

    /// Where the die is, seen from above.
    pub fn at(&self) -> Point {
        self.pose.at()
    }

    /// The pose's numbers as bits, to compare two rests exactly.
    pub fn bits(&self) -> [u64; 7] {
        let p = &self.pose;
        let q = p.rotation;
        [
            p.centre[0].to_bits(),
            p.centre[1].to_bits(),
            p.centre[2].to_bits(),
            q.x.to_bits(),
            q.y.to_bits(),
            q.z.to_bits(),
            q.w.to_bits(),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flick_is_brought_into_range() {
        let f = Flick::new(3.0 * PI, 1.7, -4.0);
        assert!((f.direction + PI).abs() < 1e-12, "{}", f.direction);
        assert_eq!((f.strength, f.spin), (1.0, -1.0));
        let f = Flick::new(f64::NAN, f64::INFINITY, f64::NAN);
        assert_eq!((f.direction, f.strength, f.spin), (0.0, 0.0, 0.0));
        assert_eq!(
            Flick::toward(PI / 2.0, 0.5).to_string(),
            "90° at strength 0.500"
        );
    }

    #[test]
    fn a_flat_rest_shows_its_face() {
        let r = Rest::flat(Point::new(3.0, 4.0), 0.4, 2);
        assert_eq!(crate::geometry::up_face(r.pose.rotation), 2);
        assert_eq!(r.at(), Point::new(3.0, 4.0));
        assert_eq!(
            crate::geometry::up_face(Rest::leaning(Point::ORIGIN, 0.3, 5).pose.rotation),
            5
        );
    }
}
