//! The AI's estimate of the chance to win: the value of its last search (its own move's,
//! or a hint's), kept with the decision it was made at; the window draws it as a bar
//! beside the board.

use crate::rules::Side;

use super::brain::AiReport;

/// The AI's estimate of a side's chance to win, as a search valued the position: for two
/// players of the AI's strength (its values are calibrated in games of the AI against
/// itself, docs/strength.md).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The decisions made when the position was searched.
    pub at: usize,
    /// The side the value is for.
    pub side: Side,
    /// Its chance to win, 0..1.
    pub value: f64,
}

impl Estimate {
    /// From a search's report for `side`: the value of the move it chose (of its most
    /// searched move if it names none); none for a player that reports no search.
    pub fn from_report(at: usize, side: Side, r: &AiReport) -> Option<Estimate> {
        if r.iterations == 0 {
            return None;
        }
        let c = r
            .chosen
            .and_then(|a| r.top.iter().find(|c| c.action == a))
            .or(r.top.first())?;
        Some(Estimate {
            at,
            side,
            value: c.mean.clamp(0.0, 1.0),
        })
    }

    /// The chance of `side`.
    pub fn for_side(&self, side: Side) -> f64 {
        if side == self.side {
            self.value
        } else {
            1.0 - self.value
        }
    }
}
