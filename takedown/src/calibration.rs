//! How far a flick goes: the distance from the start to the rest of straight flicks without
//! spin on an empty table, measured once for each layout's physics by simulating strengths
//! from 0 to 1, and turned round into the strength that sends the die a given distance. The
//! `centre` player aims with it, and the AI starts its search from it.

use std::sync::{Arc, Mutex, OnceLock};

use crate::geometry::{Disc, Point};
use crate::layout::Layout;
use crate::physics::{Scene, simulate};
use crate::shot::Flick;

/// Strengths measured, 0 to 1.
const STRENGTHS: usize = 41;
/// Shots at each strength, their distances averaged (the die is put down otherwise by each
/// seed).
const SEEDS: u64 = 3;

/// The calibrations measured, by the physics they were measured on (as text).
type Cache = Vec<(String, Arc<Calibration>)>;

/// The fitted distance of each strength.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// (strength, mean distance in mm), the distances rising; strengths whose die left the
    /// table are left out.
    pub points: Vec<(f64, f64)>,
}

impl Calibration {
    /// Measured from `layout`'s physics: flicks east from a saucer at the west edge of an
    /// empty table.
    pub fn measure(layout: &Layout) -> Calibration {
        let r = layout.saucer_radius();
        let start = Point::new(-layout.table.length.0 / 2.0 + r, 0.0);
        let scene = Scene {
            start,
            discs: vec![Disc {
                centre: start,
                radius: r,
            }],
        };
        let mut points: Vec<(f64, f64)> = Vec::new();
        for i in 0..STRENGTHS {
            let s = i as f64 / (STRENGTHS - 1) as f64;
            let mut total = 0.0;
            let mut off = false;
            for seed in 0..SEEDS {
                let rest = simulate(layout, &scene, Flick::new(0.0, s, 0.0), seed);
                off |= rest.left_table;
                total += rest.at().distance(start);
            }
            if off {
                break;
            }
            let d = total / SEEDS as f64;
            // Kept rising, so that it turns round into a function.
            let d = points.last().map_or(d, |&(_, last)| d.max(last + 1e-6));
            points.push((s, d));
        }
        Calibration { points }
    }

    /// The calibration of `layout`'s physics, measured once a process.
    pub fn of(layout: &Layout) -> Arc<Calibration> {
        static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
        let key = format!(
            "{:?}{:?}{:?}{:?}{:?}",
            layout.physics, layout.die, layout.pieces, layout.saucer, layout.table
        );
        let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
        if let Some(c) = cache
            .lock()
            .ok()
            .and_then(|c| c.iter().find(|(k, _)| *k == key).map(|(_, c)| c.clone()))
        {
            return c;
        }
        let c = Arc::new(Calibration::measure(layout));
        if let Ok(mut cache) = cache.lock() {
            cache.push((key, c.clone()));
        }
        c
    }

    /// The strength that sends the die `distance` mm, by linear interpolation (the
    /// strongest measured beyond the farthest).
    pub fn strength_for(&self, distance: f64) -> f64 {
        let Some(&(s0, d0)) = self.points.first() else {
            return 0.5;
        };
        if distance <= d0 {
            return s0;
        }
        for w in self.points.windows(2) {
            let ((sa, da), (sb, db)) = (w[0], w[1]);
            if distance <= db {
                return sa + (sb - sa) * (distance - da) / (db - da);
            }
        }
        self.points.last().map_or(1.0, |p| p.0)
    }

    /// The distance `strength` sends the die, by linear interpolation.
    pub fn distance_for(&self, strength: f64) -> f64 {
        let mut last = (0.0, 0.0);
        for &(s, d) in &self.points {
            if strength <= s {
                if s <= last.0 {
                    return d;
                }
                return last.1 + (d - last.1) * (strength - last.0) / (s - last.0);
            }
            last = (s, d);
        }
        last.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout_file::shipped_layout;

    #[test]
    fn the_fitted_strength_sends_the_die_its_distance() {
        let l = shipped_layout();
        let c = Calibration::of(&l);
        assert!(c.points.len() > 10, "{:?}", c.points);
        // The die goes farther the harder it is flicked.
        assert!(c.points.windows(2).all(|w| w[1].1 > w[0].1));
        // Sent 360 mm north from the south Base: it rests within a few mm of 360 away.
        let start = Point::new(0.0, -360.0);
        let s = c.strength_for(360.0);
        let scene = Scene {
            start,
            discs: vec![Disc {
                centre: start,
                radius: 40.0,
            }],
        };
        let rest = simulate(
            &l,
            &scene,
            Flick::new(std::f64::consts::FRAC_PI_2, s, 0.0),
            17,
        );
        let d = rest.at().distance(start);
        assert!((d - 360.0).abs() < 15.0, "strength {s}: {d}");
        assert!((c.distance_for(s) - 360.0).abs() < 1e-6);
        // Measured once.
        assert!(Arc::ptr_eq(&c, &Calibration::of(&l)));
    }
}
