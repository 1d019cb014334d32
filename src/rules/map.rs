//! The battlefield: walls on edges, blocker squares, and the tables derived from them
//! once per map: which steps are allowed (R4-R5) and line of sight between squares (R9-R10).

use super::square::{Dir, Edge, Square};

/// What a wall piece is made of (R2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum WallKind {
    /// Solid: blocks movement and line of sight.
    High,
    /// Ruined or partial: ignored for movement (R5), spoils a clear shot (R9).
    Low,
}

impl WallKind {
    pub const fn name(self) -> &'static str {
        match self {
            WallKind::High => "high",
            WallKind::Low => "low",
        }
    }
}

/// Line of sight from one square to another (R9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Los {
    None,
    Partial,
    Clear,
}

impl Los {
    pub const fn name(self) -> &'static str {
        match self {
            Los::None => "none",
            Los::Partial => "partial",
            Los::Clear => "clear",
        }
    }
}

impl std::fmt::Display for Los {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Walls on the edges between squares. `high[e]` has the bit of square `s` set when the
/// `e` side of `s` carries a high wall; both squares of an inner edge are always set
/// together, so a wall can be asked for from either side. Board-boundary edges never
/// carry walls (the boundary is impassable anyway unless it is an exit, R2, R6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Walls {
    pub high: [u64; 4],
    pub low: [u64; 4],
}

impl Walls {
    /// Put a wall of `kind` on the `edge` side of `sq` (and the matching side of its
    /// neighbour). A wall already there is replaced. Returns `false` (and does nothing)
    /// when that edge is the board boundary.
    pub fn set(&mut self, sq: Square, edge: Edge, kind: WallKind) -> bool {
        let Some(other) = sq.step(edge.dir()) else {
            return false;
        };
        let opposite = match edge {
            Edge::North => Edge::South,
            Edge::South => Edge::North,
            Edge::East => Edge::West,
            Edge::West => Edge::East,
        };
        let (add, remove) = match kind {
            WallKind::High => (&mut self.high, &mut self.low),
            WallKind::Low => (&mut self.low, &mut self.high),
        };
        add[edge.index()] |= sq.bit();
        add[opposite.index()] |= other.bit();
        remove[edge.index()] &= !sq.bit();
        remove[opposite.index()] &= !other.bit();
        true
    }

    /// The wall on the `edge` side of `sq`, if any.
    #[inline]
    pub fn get(&self, sq: Square, edge: Edge) -> Option<WallKind> {
        if self.high[edge.index()] & sq.bit() != 0 {
            Some(WallKind::High)
        } else if self.low[edge.index()] & sq.bit() != 0 {
            Some(WallKind::Low)
        } else {
            None
        }
    }

    #[inline]
    pub fn is_high(&self, sq: Square, edge: Edge) -> bool {
        self.high[edge.index()] & sq.bit() != 0
    }

    /// Every wall once, as (square, edge, kind) with edge North or East only, sorted.
    pub fn pieces(&self) -> Vec<(Square, Edge, WallKind)> {
        let mut out = Vec::new();
        for sq in Square::all() {
            for edge in [Edge::North, Edge::East] {
                if let Some(k) = self.get(sq, edge) {
                    out.push((sq, edge, k));
                }
            }
        }
        out
    }
}

/// A checked map with its precomputed tables. Built once per scenario, and again when a
/// blocker lands (R9).
#[derive(Clone, Debug)]
pub struct Map {
    walls: Walls,
    blockers: u64,
    /// `steps[s]` has bit `d` set when a step from `s` in `Dir::ALL[d]` is allowed.
    steps: [u8; 64],
    /// `step_bb[s]`: the squares a model may step to from `s` (ignoring models).
    step_bb: [u64; 64],
    /// `seen[s]`: squares with line of sight (partial or clear) from `s`.
    seen: [u64; 64],
    /// `clear[s]`: squares with a clear shot from `s`.
    clear: [u64; 64],
}

impl Map {
    /// Build the tables for these walls and blocker squares.
    pub fn new(walls: Walls, blockers: u64) -> Map {
        let mut map = Map {
            walls,
            blockers,
            steps: [0; 64],
            step_bb: [0; 64],
            seen: [0; 64],
            clear: [0; 64],
        };
        map.compute_steps();
        map.compute_los();
        map
    }

    pub fn walls(&self) -> &Walls {
        &self.walls
    }

    pub fn blockers(&self) -> u64 {
        self.blockers
    }

    /// A copy of this map with a blocker in `sq` and its tables recomputed.
    pub fn with_blocker(&self, sq: Square) -> Map {
        Map::new(self.walls, self.blockers | sq.bit())
    }

    /// May a model step from `from` in direction `d` (ignoring models)? (R4, R5, P1)
    #[inline]
    pub fn can_step(&self, from: Square, d: Dir) -> bool {
        self.steps[from.index()] & (1 << d as u8) != 0
    }

    /// The squares a model may step to from `from`, ignoring models.
    #[inline]
    pub fn step_targets(&self, from: Square) -> u64 {
        self.step_bb[from.index()]
    }

    /// Line of sight from `from` to `to` (R9). A square sees itself clearly.
    #[inline]
    pub fn los(&self, from: Square, to: Square) -> Los {
        let b = to.bit();
        if self.clear[from.index()] & b != 0 {
            Los::Clear
        } else if self.seen[from.index()] & b != 0 {
            Los::Partial
        } else {
            Los::None
        }
    }

    /// Squares with partial or clear line of sight from `from`.
    #[inline]
    pub fn seen_from(&self, from: Square) -> u64 {
        self.seen[from.index()]
    }

    /// Squares with a clear shot from `from`.
    #[inline]
    pub fn clear_from(&self, from: Square) -> u64 {
        self.clear[from.index()]
    }

    fn compute_steps(&mut self) {
        todo!("R4/R5 step table")
    }

    fn compute_los(&mut self) {
        todo!("R9/R10 line of sight table")
    }
}
