//! Rules tests for the map: steps (R4, R5, P1), line of sight (R9, R10), walking
//! distances and regions. Every expectation is derived by hand from the rulings on a
//! small map drawn in the test.
//!
//! Diagrams show the bottom-left corner of the board, north up. `|` and `-` are high
//! walls, `:` and `~` low walls, `X` a blocker square. Coordinates in the line-of-sight
//! tests are scaled by 10 (R9): square a1 spans [0,10] x [0,10], its sample points are
//! (5,5) centre, (2,2) SW, (8,2) SE, (2,8) NW, (8,8) NE.

use rules::los::{self, LineView};
use rules::{Bitboard, Dir, Edge, Los, Map, Square, WallKind, Walls};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn bb(squares: &[&str]) -> Bitboard {
    squares.iter().map(|s| sq(s)).collect()
}

/// A map from wall pieces `(square, edge, kind)` and blocker squares.
fn map(walls: &[(&str, Edge, WallKind)], blockers: &[&str]) -> Map {
    Map::new(walls_of(walls), bb(blockers))
}

fn walls_of(pieces: &[(&str, Edge, WallKind)]) -> Walls {
    let mut w = Walls::default();
    for &(s, e, k) in pieces {
        assert!(w.set(sq(s), e, k), "{s} {e} is the board boundary");
    }
    w
}

use Edge::{East, North};
use WallKind::{High, Low};

/// Is the step from `a` to the neighbour `b` allowed?
fn can(m: &Map, a: &str, b: &str) -> bool {
    let (a, b) = (sq(a), sq(b));
    let d = Dir::ALL
        .into_iter()
        .find(|d| a.step(*d) == Some(b))
        .expect("neighbours");
    let allowed = m.can_step(a, d);
    assert_eq!(allowed, m.step_targets(a).contains(b), "tables agree");
    allowed
}

/// The step `a <-> b` in both directions.
fn both_ways(m: &Map, a: &str, b: &str) -> (bool, bool) {
    (can(m, a, b), can(m, b, a))
}

fn los(m: &Map, a: &str, b: &str) -> Los {
    m.los(sq(a), sq(b))
}

// ---------------------------------------------------------------------------------------
// Steps

/// R4, R5: a high wall on the shared edge blocks an orthogonal step both ways; a low wall
/// does not.
///
/// ```text
///  a2 b2        a2 b2
///  --           ~~
///  a1 b1        a1 b1
/// ```
#[test]
fn orthogonal_step_blocked_by_high_wall_not_low_r4_r5() {
    let m = map(&[("a1", North, High)], &[]);
    assert_eq!(both_ways(&m, "a1", "a2"), (false, false)); // R4
    assert_eq!(both_ways(&m, "a1", "b1"), (true, true));
    assert_eq!(both_ways(&m, "b1", "b2"), (true, true));

    let m = map(&[("a1", North, Low)], &[]);
    assert_eq!(both_ways(&m, "a1", "a2"), (true, true)); // R5

    // The same for an east-west step, asked from the other square's side.
    let m = map(&[("d4", Edge::West, High)], &[]);
    assert_eq!(both_ways(&m, "c4", "d4"), (false, false)); // R4
    let m = map(&[("d4", Edge::West, Low)], &[]);
    assert_eq!(both_ways(&m, "c4", "d4"), (true, true)); // R5
}

/// R4: a single high wall that merely ends at a corner never blocks a diagonal across
/// that corner: the route around the other side is open. Each of the four edges meeting
/// at the corner of a1, b1, a2, b2 is tried alone.
#[test]
fn diagonal_single_wall_ending_at_corner_does_not_block_r4() {
    for piece in [
        ("a1", North, High), // a1 | a2
        ("a1", East, High),  // a1 | b1
        ("a2", East, High),  // a2 | b2
        ("b1", North, High), // b1 | b2
    ] {
        let m = map(&[piece], &[]);
        assert_eq!(both_ways(&m, "a1", "b2"), (true, true), "{piece:?}");
        assert_eq!(both_ways(&m, "b1", "a2"), (true, true), "{piece:?}");
    }
}

/// R4: a straight high wall through the corner blocks both diagonals across it, in both
/// directions.
///
/// ```text
///  a2 | b2       a2  b2
///     +          ---+---
///  a1 | b1       a1  b1
/// ```
#[test]
fn diagonal_straight_wall_through_corner_blocks_r4() {
    let vertical = map(&[("a1", East, High), ("a2", East, High)], &[]);
    let horizontal = map(&[("a1", North, High), ("b1", North, High)], &[]);
    for m in [&vertical, &horizontal] {
        assert_eq!(both_ways(m, "a1", "b2"), (false, false));
        assert_eq!(both_ways(m, "b1", "a2"), (false, false));
    }
}

/// R4: an L of two high walls around a1's corner shuts a1 <-> b2 (both routes, via b1
/// and via a2, start with a high wall), but b1 <-> a2 can still go round via b2, whose
/// edges at the corner are bare.
///
/// ```text
///  a2   b2
///  ---+
///  a1 | b1
/// ```
#[test]
fn diagonal_l_of_high_walls_blocks_r4() {
    let m = map(&[("a1", North, High), ("a1", East, High)], &[]);
    assert_eq!(both_ways(&m, "a1", "b2"), (false, false));
    assert_eq!(both_ways(&m, "b1", "a2"), (true, true));
}

/// R4: two high walls on the far side of the corner (both edges of b2 at the corner)
/// block a1 <-> b2: the route via b1 ends with b1|b2 and the route via a2 with a2|b2.
/// b1 <-> a2 goes round via a1.
///
/// ```text
///  a2 | b2
///     +---
///  a1   b1
/// ```
#[test]
fn diagonal_two_walls_on_far_side_block_r4() {
    let m = map(&[("a2", East, High), ("b1", North, High)], &[]);
    assert_eq!(both_ways(&m, "a1", "b2"), (false, false));
    assert_eq!(both_ways(&m, "b1", "a2"), (true, true));
}

/// R4, every arrangement of high walls at one corner. Name the four edges meeting at
/// the corner of a1, b1, a2, b2 by where they run from it: `S` = a1|b1, `N` = a2|b2,
/// `W` = a1|a2, `E` = b1|b2.
///
/// ```text
///  a2  N  b2
///   W--+--E
///  a1  S  b1
/// ```
///
/// a1 <-> b2 goes via b1 (edges S, E) or via a2 (W, N): blocked iff (S or E) and
/// (W or N). b1 <-> a2 goes via a1 (S, W) or via b2 (E, N): blocked iff (S or W) and
/// (E or N). Hence: one wall blocks nothing; a straight pair blocks both diagonals; an L
/// blocks only the diagonal out of the square it wraps (S+E wraps b1, so b1 <-> a2),
/// even though both its walls lie on one route of the other diagonal; three or four walls
/// always contain a straight pair and block both.
#[test]
fn diagonal_every_wall_arrangement_at_a_corner_r4() {
    let edge = |name: char| match name {
        'S' => ("a1", East, High),
        'N' => ("a2", East, High),
        'W' => ("a1", North, High),
        'E' => ("b1", North, High),
        _ => unreachable!(),
    };
    // (walls, a1 <-> b2 open, b1 <-> a2 open), worked out by hand from the rule above.
    let cases: [(&str, bool, bool); 16] = [
        ("", true, true),
        ("S", true, true),
        ("N", true, true),
        ("W", true, true),
        ("E", true, true),
        ("SN", false, false), // straight, vertical
        ("WE", false, false), // straight, horizontal
        ("SW", false, true),  // L wrapping a1
        ("SE", true, false),  // L wrapping b1
        ("NE", false, true),  // L wrapping b2
        ("NW", true, false),  // L wrapping a2
        ("SNW", false, false),
        ("SNE", false, false),
        ("SWE", false, false),
        ("NWE", false, false),
        ("SNWE", false, false),
    ];
    for (names, a1b2, b1a2) in cases {
        let pieces: Vec<_> = names.chars().map(edge).collect();
        let m = map(&pieces, &[]);
        assert_eq!(both_ways(&m, "a1", "b2"), (a1b2, a1b2), "walls {names}");
        assert_eq!(both_ways(&m, "b1", "a2"), (b1a2, b1a2), "walls {names}");
    }
}

/// R5: low walls never block, in any arrangement around a corner.
#[test]
fn low_walls_never_block_diagonals_r5() {
    let all_four = map(
        &[
            ("a1", North, Low),
            ("a1", East, Low),
            ("a2", East, Low),
            ("b1", North, Low),
        ],
        &[],
    );
    assert_eq!(both_ways(&all_four, "a1", "b2"), (true, true));
    assert_eq!(both_ways(&all_four, "b1", "a2"), (true, true));
    assert_eq!(all_four.step_count(), 420);
}

/// R2, R4: no step leaves the board. A corner square has 3 steps, an edge square 5, an
/// inner square 8.
#[test]
fn no_step_off_the_board_r4() {
    let m = Map::open();
    let dirs = |s: &str| -> Vec<Dir> {
        Dir::ALL
            .into_iter()
            .filter(|d| m.can_step(sq(s), *d))
            .collect()
    };
    assert_eq!(dirs("a1"), [Dir::N, Dir::NE, Dir::E]);
    assert_eq!(dirs("h8"), [Dir::S, Dir::SW, Dir::W]);
    assert_eq!(dirs("h1"), [Dir::N, Dir::W, Dir::NW]);
    assert_eq!(dirs("a8"), [Dir::E, Dir::SE, Dir::S]);
    assert_eq!(dirs("d1").len(), 5);
    assert_eq!(dirs("a5").len(), 5);
    assert_eq!(dirs("d4").len(), 8);
    assert_eq!(m.step_targets(sq("a1")), bb(&["a2", "b2", "b1"]));
}

/// P1: a blocker square cannot be entered from any neighbour, but a model in it may
/// leave in every direction.
#[test]
fn blocker_cannot_be_entered_but_can_be_left_p1() {
    let m = map(&[], &["c3"]);
    let ring = bb(&["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]);
    for d in Dir::ALL {
        let n = sq("c3").step(d).unwrap();
        assert!(!m.step_targets(n).contains(sq("c3")), "{n} -> c3");
        assert!(m.can_step(sq("c3"), d), "c3 -> {n}");
    }
    assert_eq!(m.step_targets(sq("c3")), ring);
    // Two neighbouring blockers: still no way in from the other one.
    let m = map(&[], &["c3", "d3"]);
    assert!(!can(&m, "d3", "c3"));
    assert!(!can(&m, "c3", "d3"));
}

// ---------------------------------------------------------------------------------------
// Counting

/// R4: the open board allows 2 * (7 * 8 * 2) = 224 orthogonal steps (7 neighbouring
/// pairs in each of 8 rows and 8 columns, two directions each) and 4 * 7 * 7 = 196
/// diagonal steps (49 inner corners, two diagonals each, two directions each): 420.
#[test]
fn open_board_allows_420_steps_r4() {
    let m = Map::open();
    assert_eq!(m.step_count(), 420);
    let diagonal: u32 = Square::all()
        .map(|s| {
            Dir::ALL
                .iter()
                .filter(|d| d.is_diagonal() && m.can_step(s, **d))
                .count() as u32
        })
        .sum();
    assert_eq!(diagonal, 196);
}

/// A drawn map, counted by hand:
///
/// ```text
///  8  . . . . . . . .
///  7  . . . . . . X .      X: blocker g7
///  6  . . . . . . . .
///  5  . . . . . . . .
///  4  . . . . . . . .      d4 and e4 have high walls on their north edges:
///       ---+---             a straight wall through the corner d4/e4/d5/e5
///  3  . . . . . . . .
///  2  . X|. . . . . .      (b2 here marks the square, not a blocker) b2 has high
///     . --                  walls on its north and east edges: an L
///  1 :. . . . . . . .      a1|b1 low (the `:` left of row 1 stands for it)
///     a b c d e f g h
/// ```
///
/// - start from 420 (open board);
/// - d4|d5 and e4|e5 high: -4 orthogonal steps (R4);
/// - the corner of d4, e4, d5, e5 has a straight wall through it: d4<->e5 and e4<->d5
///   blocked, -4; the corners at either end of that wall have one wall ending there: 0;
/// - b2|c2 and b2|b3 high: -4 orthogonal;
/// - the corner of b2, c2, b3, c3 has an L: b2<->c3 blocked (via c2 starts with b2|c2,
///   via b3 starts with b2|b3), -2; c2<->b3 goes round via c3, 0; the far corners of
///   each wall have one wall ending there: 0;
/// - a1|b1 low: 0 (R5);
/// - blocker g7: its 8 neighbours cannot step in, -8; it may be left, 0 (P1).
///
/// 420 - 4 - 4 - 4 - 2 - 8 = 398.
#[test]
fn drawn_map_step_count_r4_r5_p1() {
    let m = map(
        &[
            ("d4", North, High),
            ("e4", North, High),
            ("b2", North, High),
            ("b2", East, High),
            ("a1", East, Low),
        ],
        &["g7"],
    );
    assert_eq!(m.step_count(), 398);
    assert!(!can(&m, "b2", "c3"));
    assert!(can(&m, "c2", "b3"));
    assert!(!can(&m, "d4", "e5"));
    assert!(!can(&m, "e4", "d5"));
    assert!(can(&m, "c4", "d5")); // wall ends at that corner
    assert!(can(&m, "f4", "e5")); // and at this one
}

// ---------------------------------------------------------------------------------------
// Line of sight

/// R9: with no walls and no blockers every line is open: clear everywhere, and a square
/// sees itself clearly.
#[test]
fn open_board_is_clear_everywhere_r9() {
    let m = Map::open();
    for s in Square::all() {
        assert_eq!(m.seen_from(s), Bitboard::FULL, "{s}");
        assert_eq!(m.clear_from(s), Bitboard::FULL, "{s}");
        assert_eq!(m.los(s, s), Los::Clear);
    }
}

/// R9: a high wall between a1 and a2 (y = 10, x in [0,10]). Every sample point of a1 has
/// y <= 8 and x in [2,8], every point of a2 y >= 12 and x in [2,8], so every line crosses
/// y = 10 at some x in [2,8]: all 25 blocked, no LOS either way. a3 is hidden from a1 the
/// same way; b2 is not (lines to it may pass through b1).
#[test]
fn high_wall_between_adjacent_squares_gives_none_r9() {
    let m = map(&[("a1", North, High)], &[]);
    assert_eq!(los(&m, "a1", "a2"), Los::None);
    assert_eq!(los(&m, "a2", "a1"), Los::None);
    assert_eq!(los(&m, "a1", "a3"), Los::None);
    assert_ne!(los(&m, "a1", "b2"), Los::None);
    assert_eq!(los(&m, "a1", "b1"), Los::Clear);
}

/// R9: a low wall between a2 and a3 (y = 20, x in [0,10]).
///
/// ```text
///  a3
///  ~~
///  a2
///
///  a1
/// ```
///
/// - a1 -> a3: every line crosses y = 20 at x in [2,8], touching the wall, which does
///   not bound the shooter's square a1: all 25 obscured, none blocked: partial.
/// - a3 -> a1: the same lines, but the wall bounds the shooter's own square a3, so it
///   never obscures: clear. Line of sight is not symmetric.
/// - a2 <-> a3: the wall bounds the shooter's square either way: clear both ways.
/// - a2 -> a1 or a1 -> a2: the lines stay below y = 10: clear.
#[test]
fn low_wall_obscures_from_the_far_side_only_r9() {
    let m = map(&[("a2", North, Low)], &[]);
    assert_eq!(los(&m, "a1", "a3"), Los::Partial);
    assert_eq!(los(&m, "a3", "a1"), Los::Clear);
    assert_eq!(los(&m, "a2", "a3"), Los::Clear);
    assert_eq!(los(&m, "a3", "a2"), Los::Clear);
    assert_eq!(los(&m, "a1", "a2"), Los::Clear);

    let lines = los::sight_lines(m.walls(), Bitboard::EMPTY, sq("a1"), sq("a3"));
    assert!(lines.iter().flatten().all(|&v| v == LineView::Obscured));
}

/// R9: the asymmetry of the low-wall exception, read off the bitboards: the low wall on
/// a3's south edge is in a3's cover from a1, but a3 shoots over it freely.
#[test]
fn low_wall_exception_makes_los_asymmetric_r9() {
    let m = map(&[("a2", North, Low)], &[]);
    let (a1, a3) = (sq("a1"), sq("a3"));
    assert!(m.seen_from(a1).contains(a3));
    assert!(!m.clear_from(a1).contains(a3));
    assert!(m.clear_from(a3).contains(a1));
}

/// R9: a high wall a2|b2 (x = 10, y in [10,20]) clips part of the view from a1 to b3.
///
/// ```text
///  a3   b3
///
///  a2 | b2
///
///  a1   b1
/// ```
///
/// Open: (8,2) -> (18,22) crosses x = 10 at y = 6, below the wall. So not none.
/// But every a1 point has a line touching the wall:
/// (5,5) -> (12,22) at y = 17.1; (2,2) -> (12,22) at y = 18; (8,2) -> (12,22) at y = 12;
/// (2,8) -> (18,22) at y = 15; (8,8) -> (12,28) at y = 18. So not clear: partial.
/// Back from b3, every b3 point has a blocked line too: (12,22) <- (2,2),
/// (18,22) <- (2,8), (15,25) <- (5,5) at y = 15, (12,28) <- (8,8), (18,28) <- (2,2)
/// at y = 15. Partial both ways.
#[test]
fn wall_clipping_part_of_the_view_gives_partial_r9() {
    let m = map(&[("a2", East, High)], &[]);
    assert_eq!(los(&m, "a1", "b3"), Los::Partial);
    assert_eq!(los(&m, "b3", "a1"), Los::Partial);
}

/// R9: a clear shot needs only one shooter point that sees every target point. A high
/// wall a2|a3 (y = 20, x in [0,10]) hides some lines from a1 to b3, e.g. (2,8) -> (12,28)
/// crosses y = 20 at x = 8. But from (8,2) the five lines cross y = 20 at x = 13.5,
/// 11.6, 17, 10.8 and 14.9, all east of the wall's end at x = 10: clear.
#[test]
fn one_shooter_point_seeing_everything_gives_clear_r9() {
    let m = map(&[("a2", North, High)], &[]);
    assert_eq!(los(&m, "a1", "b3"), Los::Clear);
    let lines = los::sight_lines(m.walls(), Bitboard::EMPTY, sq("a1"), sq("b3"));
    assert_eq!(lines[3][3], LineView::Blocked); // (2,8) -> (12,28)
    assert!(lines[2].iter().all(|&v| v == LineView::Open)); // from (8,2)
}

/// R10: a line that touches a wall's end point crosses it, and only that makes the
/// difference here. A low wall a2|b2 (x = 10, y in [10,20]), not bounding a1:
///
/// ```text
///  a2 : b2
///     :
///  a1   b1
/// ```
///
/// From a1's point (8,2) the lines to b2 cross x = 10 at y = 5.7, 7, 4, 5.2, except
/// (8,2) -> (12,18), which crosses at exactly (10,10): the wall's end point. Every other
/// a1 point has a line through the wall's middle: (5,5) -> (12,18) at y = 14.3,
/// (2,2) -> (12,18) at y = 14.8, (2,8) -> (12,12) at y = 11.2, (8,8) -> (12,18) at y = 13.
/// So with R10 the shot is partial; if touching did not count, (8,2) would see all of
/// b2 and it would be clear.
#[test]
fn touching_a_wall_end_point_counts_r10() {
    let m = map(&[("a2", East, Low)], &[]);
    assert_eq!(los(&m, "a1", "b2"), Los::Partial);
    let lines = los::sight_lines(m.walls(), Bitboard::EMPTY, sq("a1"), sq("b2"));
    use LineView::{Obscured, Open};
    assert_eq!(lines[2], [Open, Open, Open, Obscured, Open]);
}

/// R10: no line slips through the point where two walls meet. A straight high wall
/// a1|b1 + a2|b2 (x = 10, y in [0,20]): every line from a1 to b2 crosses x = 10 at some
/// y in [2,18], so all are blocked; the centre-to-centre line (5,5) -> (15,15) meets the
/// wall only at (10,10), the joint of the two pieces, and is blocked by touching them.
/// Without R10 that line would be open and the result partial.
#[test]
fn no_line_slips_through_a_wall_joint_r10() {
    let m = map(&[("a1", East, High), ("a2", East, High)], &[]);
    assert_eq!(los(&m, "a1", "b2"), Los::None);
    assert_eq!(los(&m, "b2", "a1"), Los::None);
    let lines = los::sight_lines(m.walls(), Bitboard::EMPTY, sq("a1"), sq("b2"));
    assert_eq!(lines[0][0], LineView::Blocked);
}

/// R10: a blocker in b1 between a1 and c1. Every line from a1 to c1 runs at y in [2,8]
/// from x <= 8 to x >= 22, through b1's open interior: none, both ways.
#[test]
fn blocker_between_blocks_sight_r10() {
    let m = map(&[], &["b1"]);
    assert_eq!(los(&m, "a1", "c1"), Los::None);
    assert_eq!(los(&m, "c1", "a1"), Los::None);
    // Not in the way of a line along row 2.
    assert_eq!(los(&m, "a2", "c2"), Los::Clear);
}

/// R10: a blocker in b1, shooter a1, target c2. (2,8) -> (22,18) passes x = 10 at
/// y = 12, above b1, and stays above it: not none. Every a1 point's line to (22,12)
/// passes x = 10 below y = 10 (at 7.1, 6, 3.4, 9.6, 8.6) and so runs through b1's
/// interior: not clear. Partial.
#[test]
fn blocker_partly_in_the_way_gives_partial_r10() {
    let m = map(&[], &["b1"]);
    assert_eq!(los(&m, "a1", "c2"), Los::Partial);
    let lines = los::sight_lines(m.walls(), m.blockers(), sq("a1"), sq("c2"));
    assert_eq!(lines[3][3], LineView::Open); // (2,8) -> (22,18)
    assert!(lines.iter().all(|row| row[2] == LineView::Blocked)); // to (22,12)
}

/// R10: a blocker in the shooter's or the target's own square does not block.
#[test]
fn blocker_in_own_square_does_not_block_r10() {
    let m = map(&[], &["a1", "c1"]);
    assert_eq!(los(&m, "a1", "c1"), Los::Clear);
    assert_eq!(los(&m, "c1", "a1"), Los::Clear);
    assert_eq!(los(&m, "a1", "b1"), Los::Clear);
    // But the same blockers hide b1 from anything beyond them along row 1.
    assert_eq!(los(&m, "b1", "d1"), Los::None);
}

/// R10: only a blocker's interior blocks. Blockers in b1 and a2 touch at (10,10); the
/// centre-to-centre line a1 -> b2, (5,5) -> (15,15), passes exactly through that shared
/// corner and is open (a wall touched there would block it, R10, but a blocker blocks
/// only through its interior). Every a1 point has a line cutting a blocker, though:
/// (5,5) -> (18,12) and (2,2) -> (18,12) cross x = 10 at y = 7.7 and 7, (8,2) -> (12,12)
/// at y = 7, all inside b1; (2,8) -> (12,12) and (8,8) -> (12,18) at y = 11.2 and 13,
/// inside a2. So partial.
#[test]
fn line_between_two_touching_blockers_is_open_r10() {
    let m = map(&[], &["b1", "a2"]);
    let lines = los::sight_lines(m.walls(), m.blockers(), sq("a1"), sq("b2"));
    assert_eq!(lines[0][0], LineView::Open);
    assert_eq!(lines[2][1], LineView::Blocked);
    assert_eq!(los(&m, "a1", "b2"), Los::Partial);
}

/// R9: the table answers exactly what the line-by-line reference does, on a drawn map
/// with every kind of scenery.
#[test]
fn table_matches_line_by_line_reference_r9() {
    let pieces = [
        ("c3", North, High),
        ("d3", North, High),
        ("e5", East, Low),
        ("b6", North, Low),
        ("f2", East, High),
        ("a4", East, Low),
    ];
    let m = map(&pieces, &["d6", "g4"]);
    for s in Square::all() {
        for t in Square::all() {
            assert_eq!(
                m.los(s, t),
                los::los_between(m.walls(), m.blockers(), s, t),
                "{s} -> {t}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Distances and regions

/// R4: on the open board the walking distance is the king-move distance.
#[test]
fn open_board_distance_is_chebyshev_r4() {
    let m = Map::open();
    for a in Square::all() {
        for b in Square::all() {
            assert_eq!(m.distance(a, b), Some(a.range(b)), "{a} -> {b}");
        }
    }
}

/// R4: a high wall along the north edges of a1..g1, open at h1.
///
/// ```text
///  2  . . . . . . . .
///     -------------+
///  1  . . . . . . . .
///     a b c d e f g h
/// ```
///
/// - g1 -> h2 and h1 -> g2 are allowed: the wall ends at that corner. f1 -> g2 is not: a
///   straight wall runs through that corner.
/// - a1 -> a2: east along row 1 to g1 (6), g1 -> h2 (7), west along row 2 (14); or to h1
///   (7), h1 -> g2 (8), west (14).
/// - d1 -> d2: to g1 (3), h2 (4), back west to d2 (8).
/// - f1 -> g2: f1 -> g1 -> h2 -> g2 (3).
/// - a1 -> a8: h2 after 7 steps, then 7 columns and 6 rows away: 14.
#[test]
fn distance_detours_around_a_wall_r4() {
    let walls: Vec<_> = ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]
        .iter()
        .map(|s| (*s, North, High))
        .collect();
    let m = map(&walls, &[]);
    let d = |a: &str, b: &str| m.distance(sq(a), sq(b));
    assert_eq!(d("g1", "h2"), Some(1));
    assert_eq!(d("h1", "h2"), Some(1));
    assert_eq!(d("a1", "a2"), Some(14));
    assert_eq!(d("a2", "a1"), Some(14));
    assert_eq!(d("d1", "d2"), Some(8));
    assert_eq!(d("f1", "g2"), Some(3));
    assert_eq!(d("a1", "a8"), Some(14));
    let path = m.path(sq("a1"), sq("a2")).unwrap();
    assert_eq!(path.len(), 15);
    assert!(path.contains(&sq("h1")) || path.contains(&sq("h2")));
    assert!(can(&m, "h1", "g2"));
    assert!(!can(&m, "f1", "g2"));
}

/// R4: a high wall along the whole row 1 / row 2 boundary cuts row 1 off: every inner
/// corner on that line has a straight wall through it, so no diagonal crosses either.
#[test]
fn closed_wall_splits_the_board_into_regions_r4() {
    let walls: Vec<_> = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
        .iter()
        .map(|s| (*s, North, High))
        .collect();
    let m = map(&walls, &[]);
    let row1 = Edge::South.board_squares();
    let row8 = Edge::North.board_squares();
    assert_eq!(m.components(), vec![row1, !row1]);
    assert_eq!(m.distance(sq("a1"), sq("a2")), None);
    assert_eq!(m.path(sq("a1"), sq("a2")), None);
    assert_eq!(m.reachable_from(bb(&["c1"])), row1);
    assert_eq!(m.unreachable(row1, row8), row8);
    assert_eq!(m.unreachable(row1, bb(&["h1", "h8"])), bb(&["h8"]));
    assert_eq!(m.unreachable(row1 | bb(&["d5"]), row8), Bitboard::EMPTY);
}

/// P1: a blocker is a region of its own: reachable from nowhere else, yet it reaches
/// everything.
#[test]
fn blocker_is_a_region_of_its_own_p1() {
    let m = map(&[], &["d4"]);
    let d4 = bb(&["d4"]);
    // Ordered by lowest square: the rest (holding a1) first.
    assert_eq!(m.components(), vec![!d4, d4]);
    assert_eq!(m.distance(sq("d5"), sq("d4")), None);
    assert_eq!(m.distance(sq("d4"), sq("d5")), Some(1));
    assert_eq!(m.distance(sq("d4"), sq("d4")), Some(0));
    assert_eq!(m.reachable_from(bb(&["a1"])), !d4);
    assert_eq!(m.reachable_from(d4), Bitboard::FULL);
    assert_eq!(m.unreachable(bb(&["a1"]), d4 | bb(&["h8"])), d4);
    // Walking around it costs nothing extra here: c4 -> e4 goes via d3 or d5.
    assert_eq!(m.distance(sq("c4"), sq("e4")), Some(2));
}

/// How long `Map::new` takes on a busy map. Run with
/// `cargo test --release --test it map_rules:: -- --ignored --nocapture`.
#[test]
#[ignore]
fn map_new_timing() {
    let mut pieces = Vec::new();
    for (i, s) in Square::all().enumerate() {
        let kind = if i % 3 == 0 { High } else { Low };
        if i % 2 == 0 && s.row() < 7 {
            pieces.push((s, North, kind));
        }
        if i % 5 == 1 && s.col() < 7 {
            pieces.push((s, East, kind));
        }
    }
    let mut walls = Walls::default();
    for &(s, e, k) in &pieces {
        walls.set(s, e, k);
    }
    let blockers = bb(&["d4", "f6"]);
    let n = 50;
    let start = std::time::Instant::now();
    let mut seen = 0usize;
    for _ in 0..n {
        let m = Map::new(walls, blockers);
        seen += m.seen_from(sq("a1")).count();
    }
    let per = start.elapsed() / n;
    println!(
        "Map::new with {} wall pieces and 2 blockers: {per:?} per map ({seen})",
        walls.pieces().len()
    );
    let start = std::time::Instant::now();
    for _ in 0..n {
        std::hint::black_box(Map::open());
    }
    println!(
        "Map::new on the open board: {:?} per map",
        start.elapsed() / n
    );

    // Worst case: every one of the 112 inner edges carries a wall, mostly low (a low wall
    // never ends a line's tracing early).
    let mut full = Walls::default();
    for (i, s) in Square::all().enumerate() {
        for e in [North, East] {
            full.set(s, e, if i % 7 == 0 { High } else { Low });
        }
    }
    let start = std::time::Instant::now();
    for _ in 0..n {
        std::hint::black_box(Map::new(full, blockers));
    }
    println!(
        "Map::new with all {} inner edges walled: {:?} per map",
        full.pieces().len(),
        start.elapsed() / n
    );
}

/// A blocker added to a map (a Flying Car coming to rest, P19) gives the same sight, steps
/// and distances as the map built with it from the start: the sight of the pairs whose box
/// the new blocker lies outside is copied, and every other pair traced again (R9, P1).
#[test]
fn a_blocker_added_to_a_map_gives_the_tables_of_the_map_built_with_it() {
    let mut maps: Vec<Map> = crate::common::shipped_scenarios()
        .into_iter()
        .map(|(_, s)| (*s.map).clone())
        .collect();
    maps.push(map(
        &[
            ("c3", North, High),
            ("c3", East, Low),
            ("e5", East, High),
            ("d6", North, Low),
        ],
        &["f2"],
    ));
    let same = |a: &Map, b: &Map| {
        for s in Square::all() {
            assert_eq!(a.step_targets(s), b.step_targets(s));
            assert_eq!(a.seen_from(s), b.seen_from(s), "sight from {s}");
            assert_eq!(a.clear_from(s), b.clear_from(s), "clear sight from {s}");
            for t in Square::all() {
                assert_eq!(a.los(s, t), b.los(s, t), "{s} to {t}");
                assert_eq!(a.distance(s, t), b.distance(s, t));
            }
        }
    };
    for m in &maps {
        for (i, first) in Square::all().enumerate() {
            if m.blockers().contains(first) || i % 3 != 0 {
                continue;
            }
            let added = m.with_blocker(first);
            same(&added, &Map::new(*m.walls(), m.blockers().with(first)));
            // A second car beside the first.
            let second = Square::from_index((first.index() + 9) % 64);
            same(
                &added.with_blocker(second),
                &Map::new(*m.walls(), added.blockers().with(second)),
            );
        }
    }
}

#[test]
fn squares_within_some_steps_go_round_walls_and_agree_with_the_distances_r4() {
    // On the open board n steps reach the king's n squares (R4, R8's distance).
    let open = Map::open();
    for n in 0..=7u8 {
        assert_eq!(
            open.within_steps(bb(&["d4"]), u32::from(n)),
            Bitboard::within(sq("d4"), n),
            "{n} steps"
        );
    }
    // A high wall along the north of a1-g1: from a1 the way to a2 goes round its end, six
    // steps east to g1, the diagonal to h2 (open by way of h1), seven west: 14 steps. Every
    // square counted is one the distances put that near.
    let pieces: Vec<(String, Edge, WallKind)> = ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]
        .iter()
        .map(|s| (s.to_string(), North, High))
        .collect();
    let walled: Vec<(&str, Edge, WallKind)> = pieces
        .iter()
        .map(|(s, e, k)| (s.as_str(), *e, *k))
        .collect();
    let m = map(&walled, &[]);
    for n in 0..=15u32 {
        let near = m.within_steps(bb(&["a1"]), n);
        for t in Square::all() {
            let d = m.distance(sq("a1"), t).map(u32::from);
            assert_eq!(
                near.contains(t),
                d.is_some_and(|d| d <= n),
                "{t} in {n} steps"
            );
        }
    }
    assert!(!m.within_steps(bb(&["a1"]), 13).contains(sq("a2")));
    assert!(m.within_steps(bb(&["a1"]), 14).contains(sq("a2")));
    assert_eq!(
        m.within_steps(bb(&["a1"]), u32::MAX),
        m.reachable_from(bb(&["a1"]))
    );
}
