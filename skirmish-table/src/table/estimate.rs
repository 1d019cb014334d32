//! The AI's estimate of the chance to win: the value of a search of the person's position
//! whenever the person is to decide (a hint's, or a quiet search as a hint's), so after the
//! dice of every decision before it, kept with the number of decisions made when it was
//! searched; the window draws it as a bar beside the board. The AI's own move's values are
//! never the estimate: they are of its moves before their dice are rolled (a Shoot's value
//! is its expectation, not what it killed), and of the AI's side, from its own hand.

use rules::Side;

use super::brain::AiReport;
use super::session::Session;
use super::worker::{Answer, JobKind};

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
    /// The search's noise on it: the standard error of the mean of that many values in
    /// 0..1, taken at its most (`v (1 - v)` over the move's visits).
    pub noise: f64,
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
        let value = c.mean.clamp(0.0, 1.0);
        Some(Estimate {
            at,
            side,
            value,
            noise: (value * (1.0 - value) / c.visits.max(1) as f64).sqrt(),
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

impl Session {
    /// Whenever the person is to decide (after the person's own decision or the AI's): asks
    /// the worker for the person's chance to win, searched as a
    /// hint is (from what the person's side may see, with the AI's level), once per
    /// decision, and not when a hint was asked for it (the hint's search gives the
    /// estimate). Only at a table with an AI opponent that searches, and only for a side
    /// whose hand the table shows; never in a replay or once the game is over. Call every
    /// frame ([`Session::tick`] does).
    pub fn request_estimate(&mut self) {
        let at = self.history.len();
        let Some(side) = self.human_to_move() else {
            return;
        };
        if self.searching_ai().is_none()
            || !self.sees_hand(side)
            || self.replay.is_some()
            || self.estimate_asked == Some(at)
            || self.estimate.is_some_and(|e| e.at == at)
            || self.hint.as_ref().is_some_and(|h| h.at == at)
        {
            return;
        }
        let spec = self.hint_spec();
        if self.send_job(spec, JobKind::Estimate, Vec::new()) {
            self.estimate_asked = Some(at);
        }
    }

    /// Takes the worker's estimate, unless the position moved on meanwhile.
    pub(super) fn take_estimate(&mut self, answer: Answer) {
        let at = self.history.len();
        // A hint's search of the same decision, asked meanwhile, values it as well.
        if answer.generation != self.generation
            || self.estimate_asked != Some(at)
            || self.estimate.is_some_and(|e| e.at == at)
        {
            return;
        }
        let Some(side) = self.human_to_move() else {
            return;
        };
        if let Ok((_, report)) = answer.result
            && let Some(e) = Estimate::from_report(at, side, &report)
        {
            self.estimate = Some(e);
        }
    }
}
