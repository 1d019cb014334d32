//! The cover map: how exposed each square is to the other side's arrival.
//!
//! A side's models start in its deployment zone or on fixed squares, or come on across
//! an entry edge (R6: the edge's own row or column is the first square they reach). For
//! each square, the cover map counts how many of those squares of the *other* side see it
//! (a clear or partial line, R9) within that side's longest range (R8). A square seen
//! from none of them is safe on arrival; one seen from many is a killing ground.

use crate::rules::scenario::Start;
use crate::rules::square::{Side, Square};
use crate::rules::{Bitboard, Scenario};

use super::sight::longest_range;

/// For each square (by index), how many of the watching side's start squares see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverMap {
    /// The side whose start squares do the seeing.
    pub watcher: Side,
    /// The squares counted from.
    pub from: Bitboard,
    pub seen_by: [u8; 64],
}

impl CoverMap {
    /// The highest count on the map.
    pub fn max(&self) -> u8 {
        self.seen_by.iter().copied().max().unwrap_or(0)
    }

    pub fn at(&self, sq: Square) -> u8 {
        self.seen_by[sq.index()]
    }
}

/// The squares `side`'s models start on or first reach: its deployment zone, its fixed
/// start squares, and the board squares along each edge it enters by.
pub fn start_squares(scenario: &Scenario, side: Side) -> Bitboard {
    let setup = &scenario.sides[side];
    let mut bb = Bitboard::EMPTY;
    let mut deploys = false;
    for m in scenario.models.iter().filter(|m| m.side == side) {
        match m.start {
            Start::Deploy => deploys = true,
            Start::At(sq) => bb.insert(sq),
            Start::Enter => {}
        }
    }
    if deploys {
        bb |= setup.deployment;
    }
    let enters = scenario
        .models
        .iter()
        .any(|m| m.side == side && m.start == Start::Enter);
    if enters {
        for e in &setup.entry {
            bb |= e.squares;
        }
    }
    bb.difference(scenario.map.blockers())
}

/// The cover map of the squares `watcher` starts from or comes in by.
pub fn cover_map(scenario: &Scenario, watcher: Side) -> CoverMap {
    let from = start_squares(scenario, watcher);
    let mut seen_by = [0u8; 64];
    if let Some(range) = longest_range(scenario, watcher) {
        for w in from {
            let seen = scenario.map.seen_from(w).with(w) & Bitboard::within(w, range);
            for s in seen {
                seen_by[s.index()] += 1;
            }
        }
    }
    CoverMap {
        watcher,
        from,
        seen_by,
    }
}
