//! What a square sees and where a model standing there can walk: the designer's overlay
//! for the square under the pointer.

use crate::rules::map::Los;
use crate::rules::square::{BySide, Square};
use crate::rules::{Bitboard, Scenario};

/// The view from one square of a scenario's map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareView {
    pub from: Square,
    /// Squares with a clear line of sight from `from` (R9), `from` included.
    pub clear: Bitboard,
    /// Squares seen only partly (through a low wall, R9).
    pub partial: Bitboard,
    /// For each side, the longest range among its profiles (R8), if it has models.
    pub range: BySide<Option<u8>>,
    /// For each side, the squares it could shoot at from here: seen, and within its
    /// longest range.
    pub in_range: BySide<Bitboard>,
    /// Squares a model here reaches with a Move of 1 (it may still Shoot), ignoring
    /// models (R4, R5, P1).
    pub walk1: Bitboard,
    /// Squares it reaches only with a Move of 2.
    pub walk2: Bitboard,
}

impl SquareView {
    /// The squares with no line of sight from here.
    pub fn unseen(&self) -> Bitboard {
        !(self.clear | self.partial)
    }

    /// The line of sight from here to `to`.
    pub fn los(&self, to: Square) -> Los {
        if self.clear.contains(to) {
            Los::Clear
        } else if self.partial.contains(to) {
            Los::Partial
        } else {
            Los::None
        }
    }
}

/// The longest range of any model `side` has in `scenario`.
pub fn longest_range(scenario: &Scenario, side: crate::rules::Side) -> Option<u8> {
    scenario
        .models
        .iter()
        .filter(|m| m.side == side)
        .map(|m| scenario.profiles[m.profile].range)
        .max()
}

/// The view from `from`.
pub fn square_view(scenario: &Scenario, from: Square) -> SquareView {
    let map = &scenario.map;
    let clear = map.clear_from(from).with(from);
    let partial = map.seen_from(from).difference(clear);
    let range = BySide::new(
        longest_range(scenario, crate::rules::Side::Humans),
        longest_range(scenario, crate::rules::Side::Martians),
    );
    let seen = clear | partial;
    let shoot = |r: Option<u8>| r.map_or(Bitboard::EMPTY, |r| Bitboard::within(from, r) & seen);
    let in_range = BySide::new(
        shoot(range[crate::rules::Side::Humans]),
        shoot(range[crate::rules::Side::Martians]),
    );
    let walk1 = map.step_targets(from);
    let walk2 = walk1
        .iter()
        .fold(Bitboard::EMPTY, |bb, s| bb | map.step_targets(s))
        .difference(walk1)
        .without(from);
    SquareView {
        from,
        clear,
        partial,
        range,
        in_range,
        walk1,
        walk2,
    }
}
