//! The chance of a hit: how likely a straight shot at the centre of a piece some distance
//! away is to land on it, by the landing spread of a level's execution noise (T14) at that
//! distance (the direction's deviation across the shot, the strength's along it through
//! the fitted distance of each strength, [`crate::calibration`], and the spread of the die's
//! placing), a hit when the die's centre lands within the piece's radius and half the die's
//! edge. A model, not a simulation: the AI weighs with it where its saucer is left for its
//! next shot ([`crate::aim::position_value`]).

use std::sync::Arc;

use crate::calibration::Calibration;
use crate::game::Game;
use crate::layout::{Layout, NoiseSpec};
use crate::pieces::PieceKind;

/// The spread (mm) of where the die rests from its placing alone, with no execution noise
/// (measured on the shipped physics: a few mm).
const PLACING_SD: f64 = 5.0;

/// What a piece is worth claimed: its value, or its flipped value one time in three (the
/// die's faces are two of each icon, T1).
pub fn worth_of(layout: &Layout, kind: PieceKind) -> f64 {
    (2.0 * f64::from(layout.pieces.value(kind, false).0)
        + f64::from(layout.pieces.value(kind, true).0))
        / 3.0
}

/// The chance of a hit on a piece from a distance, by the landing spread of a level's
/// execution noise.
#[derive(Clone, Debug)]
pub struct HitModel {
    calibration: Arc<Calibration>,
    noise: NoiseSpec,
    /// Each kind's radius plus half the die's edge: a die centred within it is on it.
    reach: [f64; 3],
}

impl HitModel {
    pub fn new(game: &Game, noise: NoiseSpec) -> HitModel {
        let layout = &game.setup().layout;
        let half_edge = layout.die.edge.0 / 2.0;
        HitModel {
            calibration: Calibration::of(layout),
            noise,
            reach: PieceKind::ALL.map(|k| layout.pieces.of(k).across.0 / 2.0 + half_edge),
        }
    }

    /// The chance that a straight shot at the centre of a `kind` `d` mm away lands on it.
    pub fn hit(&self, d: f64, kind: PieceKind) -> f64 {
        let c = &self.calibration;
        let s = c.strength_for(d);
        let slope = (c.distance_for(s + 0.01) - c.distance_for(s - 0.01)) / 0.02;
        let across = d * self.noise.direction_degrees.to_radians();
        let along = slope.abs() * self.noise.strength;
        let (sx, sy) = (across.hypot(PLACING_SD), along.hypot(PLACING_SD));
        let r = self.reach[kind.index()];
        1.0 - (-(r * r) / (2.0 * sx * sy)).exp()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Setup;
    use crate::layout_file::shipped_layout;

    #[test]
    fn smaller_pieces_and_more_noise_are_hit_less_often() {
        let l = shipped_layout();
        let g = Game::new(Arc::new(Setup::new(&l, 2).unwrap()));
        let expert = HitModel::new(&g, l.noise(ai::Level::Expert));
        let beginner = HitModel::new(&g, l.noise(ai::Level::Beginner));
        for d in [100.0, 360.0, 500.0] {
            assert!(expert.hit(d, PieceKind::Outer) > expert.hit(d, PieceKind::Middle));
            assert!(expert.hit(d, PieceKind::Middle) > expert.hit(d, PieceKind::Centre));
            for k in PieceKind::ALL {
                assert!(expert.hit(d, k) > beginner.hit(d, k));
                // Nearer is likelier.
                assert!(expert.hit(d, k) < expert.hit(d - 50.0, k));
            }
        }
        // From the Base, 360 mm: the expert's 0.8 degrees are 5 mm across and its 0.01 of
        // strength some 14 mm along: the outer ring (45 + 8) nearly always. The beginner's
        // 6 degrees and 0.08 spread it over 38 by 110 mm: the centre disc (15 + 8) rarely.
        assert!(expert.hit(360.0, PieceKind::Outer) > 0.95);
        assert!(beginner.hit(360.0, PieceKind::Centre) < 0.2);
    }
}
