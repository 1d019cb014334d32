//! The battlefield: walls on edges, blocker squares, and the tables derived from them
//! once per map: which steps are allowed (R4-R5, P1), walking distances, and line of
//! sight between squares (R9-R10, see [`super::los`]).
//!
//! P1 (project ruling): a blocker square (such as a crashed Flying Car) cannot be
//! entered; a model already in it may leave it normally.

use petgraph::algo::tarjan_scc;
use petgraph::graph::{DiGraph, NodeIndex};

use super::bitboard::Bitboard;
use super::los;
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
    pub high: [Bitboard; 4],
    pub low: [Bitboard; 4],
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
        add[edge.index()].insert(sq);
        add[opposite.index()].insert(other);
        remove[edge.index()].remove(sq);
        remove[opposite.index()].remove(other);
        true
    }

    /// The wall on the `edge` side of `sq`, if any.
    #[inline]
    pub fn get(&self, sq: Square, edge: Edge) -> Option<WallKind> {
        if self.high[edge.index()].contains(sq) {
            Some(WallKind::High)
        } else if self.low[edge.index()].contains(sq) {
            Some(WallKind::Low)
        } else {
            None
        }
    }

    #[inline]
    pub fn is_high(&self, sq: Square, edge: Edge) -> bool {
        self.high[edge.index()].contains(sq)
    }

    /// Do the walls alone forbid a step from `from` in direction `d` (R4, R5)? Off the
    /// board is not a wall: ask [`Square::step`] for that.
    ///
    /// - Orthogonal: blocked by a high wall on the shared edge.
    /// - Diagonal: blocked only when both routes around the shared corner are blocked.
    ///   A route goes via one of the two other squares at that corner and is blocked when
    ///   either of its two edges at the corner is a high wall. So a straight high wall
    ///   through the corner, an L of two high walls around it, or two high walls on the
    ///   far side block; a single wall that ends at the corner does not.
    /// - Low walls never block movement (R5).
    pub fn blocks_step(&self, from: Square, d: Dir) -> bool {
        let (dc, dr) = d.delta();
        let ew = if dc > 0 { Edge::East } else { Edge::West };
        let ns = if dr > 0 { Edge::North } else { Edge::South };
        if !d.is_diagonal() {
            let edge = if dc == 0 { ns } else { ew };
            return self.is_high(from, edge);
        }
        // The two squares beside the diagonal, sharing the corner.
        let (Some(across_ew), Some(across_ns)) = (from.step(ew.dir()), from.step(ns.dir())) else {
            return false;
        };
        // Via the east/west neighbour: cross `from`'s ew edge, then that square's ns edge.
        let via_ew = self.is_high(from, ew) || self.is_high(across_ew, ns);
        // Via the north/south neighbour: cross `from`'s ns edge, then that square's ew edge.
        let via_ns = self.is_high(from, ns) || self.is_high(across_ns, ew);
        via_ew && via_ns
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
    blockers: Bitboard,
    /// `steps[s]` has bit `d` set when a step from `s` in `Dir::ALL[d]` is allowed.
    steps: [u8; 64],
    /// `step_bb[s]`: the squares a model may step to from `s` (ignoring models).
    step_bb: [Bitboard; 64],
    /// `seen[s]`: squares with line of sight (partial or clear) from `s`.
    seen: [Bitboard; 64],
    /// `clear[s]`: squares with a clear shot from `s`.
    clear: [Bitboard; 64],
    /// `dist[s][t]`: fewest steps from `s` to `t` ignoring models, `NO_PATH` if none.
    dist: [[u8; 64]; 64],
}

/// Marks an unreachable square in the distance table.
const NO_PATH: u8 = u8::MAX;

impl Map {
    /// Build the tables for these walls and blocker squares.
    pub fn new(walls: Walls, blockers: Bitboard) -> Map {
        Map::with_sight(walls, blockers, los::los_table)
    }

    /// The map of `walls` and `blockers`, its steps and distances computed and its sight
    /// tables from `sight`.
    fn with_sight(
        walls: Walls,
        blockers: Bitboard,
        sight: impl FnOnce(&Walls, Bitboard) -> los::LosTable,
    ) -> Map {
        let mut map = Map {
            walls,
            blockers,
            steps: [0; 64],
            step_bb: [Bitboard::EMPTY; 64],
            seen: [Bitboard::EMPTY; 64],
            clear: [Bitboard::EMPTY; 64],
            dist: [[NO_PATH; 64]; 64],
        };
        map.compute_steps();
        map.compute_distances();
        let table = sight(&map.walls, blockers);
        map.seen = table.seen;
        map.clear = table.clear;
        map
    }

    /// The open board: no walls, no blockers.
    pub fn open() -> Map {
        Map::new(Walls::default(), Bitboard::EMPTY)
    }

    pub fn walls(&self) -> &Walls {
        &self.walls
    }

    pub fn blockers(&self) -> Bitboard {
        self.blockers
    }

    /// A copy of this map with a blocker in `sq` and its tables recomputed (sight only
    /// for the lines the new blocker can cross, [`los::los_table_with_added_blockers`]).
    pub fn with_blocker(&self, sq: Square) -> Map {
        let before = los::LosTable {
            seen: self.seen,
            clear: self.clear,
        };
        let added = Bitboard::single(sq).difference(self.blockers);
        Map::with_sight(self.walls, self.blockers.with(sq), |w, b| {
            los::los_table_with_added_blockers(w, b, &before, added)
        })
    }

    /// May a model step from `from` in direction `d` (ignoring models)? (R4, R5, P1)
    #[inline]
    pub fn can_step(&self, from: Square, d: Dir) -> bool {
        self.steps[from.index()] & (1 << d as u8) != 0
    }

    /// The squares a model may step to from `from`, ignoring models.
    #[inline]
    pub fn step_targets(&self, from: Square) -> Bitboard {
        self.step_bb[from.index()]
    }

    /// Line of sight from `from` to `to` (R9). A square sees itself clearly.
    #[inline]
    pub fn los(&self, from: Square, to: Square) -> Los {
        if self.clear[from.index()].contains(to) {
            Los::Clear
        } else if self.seen[from.index()].contains(to) {
            Los::Partial
        } else {
            Los::None
        }
    }

    /// Squares with partial or clear line of sight from `from`.
    #[inline]
    pub fn seen_from(&self, from: Square) -> Bitboard {
        self.seen[from.index()]
    }

    /// Squares with a clear shot from `from`.
    #[inline]
    pub fn clear_from(&self, from: Square) -> Bitboard {
        self.clear[from.index()]
    }

    /// How many steps (ordered pairs of neighbours) the map allows, ignoring models.
    /// The open board allows 420: 224 orthogonal and 196 diagonal.
    pub fn step_count(&self) -> u32 {
        self.steps.iter().map(|b| b.count_ones()).sum()
    }

    /// Fewest steps from `from` to `to` around walls and blockers, ignoring models
    /// (R4, R5, P1); `None` when no route exists. `Some(0)` from a square to itself, even a
    /// blocker; a blocker cannot be reached from elsewhere (P1).
    #[inline]
    pub fn distance(&self, from: Square, to: Square) -> Option<u8> {
        match self.dist[from.index()][to.index()] {
            NO_PATH => None,
            d => Some(d),
        }
    }

    /// The squares reachable by any number of steps (zero included) from any square of
    /// `sources`, ignoring models.
    pub fn reachable_from(&self, sources: Bitboard) -> Bitboard {
        self.within_steps(sources, u32::MAX)
    }

    /// The squares reachable in at most `steps` steps (zero included) from any square of
    /// `sources`, around walls and blockers, ignoring models (R4, R5, P1).
    pub fn within_steps(&self, sources: Bitboard, steps: u32) -> Bitboard {
        let mut reached = sources;
        let mut frontier = sources;
        let mut taken = 0;
        while frontier.any() && taken < steps {
            let mut next = Bitboard::EMPTY;
            for sq in frontier {
                next |= self.step_bb[sq.index()];
            }
            frontier = next.difference(reached);
            reached |= frontier;
            taken += 1;
        }
        reached
    }

    /// The squares of `targets` that no square of `from` can reach, ignoring models.
    /// A target that is itself in `from` counts as reached. For scenario checks such as
    /// "this deployment zone cannot reach that counter".
    pub fn unreachable(&self, from: Bitboard, targets: Bitboard) -> Bitboard {
        targets.difference(self.reachable_from(from))
    }

    /// The steps as a directed graph: node `i` is `Square::from_index(i)`, and there is an
    /// edge `s -> t` labelled with the direction whenever the step is allowed.
    pub fn step_graph(&self) -> DiGraph<Square, Dir> {
        let mut g = DiGraph::with_capacity(64, self.step_count() as usize);
        for sq in Square::all() {
            g.add_node(sq);
        }
        for sq in Square::all() {
            for (i, &d) in Dir::ALL.iter().enumerate() {
                if self.steps[sq.index()] & (1 << i) != 0 {
                    let to = sq.step(d).expect("allowed steps stay on the board");
                    g.add_edge(NodeIndex::new(sq.index()), NodeIndex::new(to.index()), d);
                }
            }
        }
        g
    }

    /// The connected regions of the board: the strongly connected components of the
    /// step graph, as bitboards, ordered by their lowest square. They partition the
    /// board. Steps are symmetric except into blockers, so each blocker square is a region
    /// of its own (it can be left but not entered, P1).
    pub fn components(&self) -> Vec<Bitboard> {
        let g = self.step_graph();
        let mut out: Vec<Bitboard> = tarjan_scc(&g)
            .into_iter()
            .map(|scc| scc.iter().map(|n| g[*n]).collect())
            .collect();
        out.sort_by_key(|bb| bb.first());
        out
    }

    /// One shortest walking route from `from` to `to` ignoring models, both ends
    /// included; `None` when there is none. Ties are broken by `Dir::ALL` order.
    pub fn path(&self, from: Square, to: Square) -> Option<Vec<Square>> {
        pathfinding::prelude::bfs(&from, |sq| self.step_bb[sq.index()], |sq| *sq == to)
    }

    /// The step table (R4, R5, P1): a step goes to a neighbour on the board, not into a
    /// blocker, and not where the walls forbid it ([`Walls::blocks_step`]).
    fn compute_steps(&mut self) {
        for from in Square::all() {
            let mut bits = 0u8;
            let mut bb = Bitboard::EMPTY;
            for (i, &d) in Dir::ALL.iter().enumerate() {
                let Some(to) = from.step(d) else { continue };
                if self.blockers.contains(to) || self.walls.blocks_step(from, d) {
                    continue;
                }
                bits |= 1 << i;
                bb.insert(to);
            }
            self.steps[from.index()] = bits;
            self.step_bb[from.index()] = bb;
        }
    }

    /// Walking distances: a breadth-first search from each square, on bitboards.
    fn compute_distances(&mut self) {
        for from in Square::all() {
            let row = &mut self.dist[from.index()];
            row[from.index()] = 0;
            let mut reached = Bitboard::single(from);
            let mut frontier = reached;
            let mut d = 0u8;
            while frontier.any() {
                d += 1;
                let mut next = Bitboard::EMPTY;
                for sq in frontier {
                    next |= self.step_bb[sq.index()];
                }
                frontier = next.difference(reached);
                reached |= frontier;
                for sq in frontier {
                    row[sq.index()] = d;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// A reproducible busy map: about one edge in seven high, two in seven low.
    fn busy_walls(mut x: u64) -> Walls {
        let mut walls = Walls::default();
        for s in Square::all() {
            for edge in [Edge::North, Edge::East] {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                match x % 7 {
                    0 => {
                        walls.set(s, edge, WallKind::High);
                    }
                    1 | 2 => {
                        walls.set(s, edge, WallKind::Low);
                    }
                    _ => {}
                }
            }
        }
        walls
    }

    #[test]
    fn step_bits_and_step_bitboards_agree() {
        let map = Map::new(busy_walls(7), Bitboard::single(sq("c3")));
        for from in Square::all() {
            let mut bb = Bitboard::EMPTY;
            for d in Dir::ALL {
                if map.can_step(from, d) {
                    bb.insert(from.step(d).unwrap());
                }
            }
            assert_eq!(bb, map.step_targets(from), "{from}");
        }
    }

    /// Steps are symmetric except into a blocker (R4, P1).
    #[test]
    fn steps_are_symmetric_except_into_blockers() {
        let blockers = Bitboard::single(sq("c3")).with(sq("f6"));
        let map = Map::new(busy_walls(11), blockers);
        for a in Square::all() {
            for b in map.step_targets(a) {
                if !blockers.contains(a) {
                    assert!(map.step_targets(b).contains(a), "{a} <-> {b}");
                }
            }
        }
    }

    /// The bitboard distance table agrees with an independent Dijkstra from `pathfinding`.
    #[test]
    fn distances_match_dijkstra() {
        for seed in [3u64, 5, 8, 13] {
            let map = Map::new(busy_walls(seed), Bitboard::single(sq("d4")).with(sq("e2")));
            for from in Square::all() {
                let found: HashMap<Square, (Square, u32)> =
                    pathfinding::prelude::dijkstra_all(&from, |s| {
                        map.step_targets(*s).iter().map(|t| (t, 1u32))
                    });
                for to in Square::all() {
                    let expected = if to == from {
                        Some(0)
                    } else {
                        found.get(&to).map(|&(_, c)| c as u8)
                    };
                    assert_eq!(map.distance(from, to), expected, "{from} -> {to}");
                    let path = map.path(from, to);
                    assert_eq!(
                        path.as_ref().map(|p| p.len() as u8 - 1),
                        expected,
                        "{from} -> {to}"
                    );
                    if let Some(p) = path {
                        for w in p.windows(2) {
                            assert!(map.step_targets(w[0]).contains(w[1]));
                        }
                    }
                }
            }
        }
    }

    /// Regions partition the board, and each is exactly what a flood fill reaches from
    /// any of its squares that is not a blocker.
    #[test]
    fn components_partition_the_board() {
        let blockers = Bitboard::single(sq("b7"));
        let map = Map::new(busy_walls(21), blockers);
        let comps = map.components();
        assert_eq!(
            comps.iter().fold(Bitboard::EMPTY, |a, c| a | *c),
            Bitboard::FULL
        );
        assert_eq!(comps.iter().map(|c| c.count()).sum::<usize>(), 64);
        assert!(comps.contains(&blockers));
        for &c in &comps {
            if c != blockers {
                let first = c.first().expect("a region has a square");
                let r = map.reachable_from(Bitboard::single(first));
                assert_eq!(r & !blockers & c, c & !blockers);
            }
        }
    }

    #[test]
    fn with_blocker_rebuilds_the_tables_p1() {
        let open = Map::open();
        let map = open.with_blocker(sq("b1"));
        assert_eq!(map.blockers(), Bitboard::single(sq("b1")));
        assert!(open.can_step(sq("a1"), Dir::E));
        assert!(!map.can_step(sq("a1"), Dir::E));
        assert!(map.can_step(sq("b1"), Dir::W));
        assert_eq!(open.los(sq("a1"), sq("c1")), Los::Clear);
        assert_eq!(map.los(sq("a1"), sq("c1")), Los::None);
        assert_eq!(map.distance(sq("a1"), sq("c1")), Some(2));
        assert_eq!(map.distance(sq("a1"), sq("b1")), None);
    }
}
