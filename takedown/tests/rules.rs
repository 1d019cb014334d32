//! The rules of a shot and of the game's end (T5-T9, T12, T13, T16, T17) on scripted rests, no
//! physics: the shipped table (2 players: seat 1 south with its Base at (0, -360), seat 2
//! north at (0, 360); targets "saucer A" at (-180, 0), "robot" at (0, 0), "insect A" at
//! (180, 0), each 90 across) unless a test says otherwise. Every number expected is the
//! rulings' own: values 1/2/3 and 2/3/4 flipped (T2), pieces 90/60/30 across, saucers 80
//! across (T3).

use std::sync::Arc;

use takedown::game::{Decided, Game, GameOver, Score};
use takedown::geometry::Point;
use takedown::layout::{Layout, Setup};
use takedown::layout_file::shipped_layout;
use takedown::pieces::{Icon, PieceKind, Points, Seat, TargetId};
use takedown::rules::{Claim, Outcome};
use takedown::shot::Rest;

const SAUCER_A: TargetId = TargetId(0);
const ROBOT: TargetId = TargetId(1);
const INSECT_A: TargetId = TargetId(2);

fn game_on(layout: &Arc<Layout>, players: usize) -> Game {
    Game::new(Arc::new(Setup::new(layout, players).unwrap()))
}

fn game(players: usize) -> Game {
    game_on(&shipped_layout(), players)
}

/// A face of the shipped die showing `icon`.
fn face(icon: Icon) -> usize {
    shipped_layout()
        .die
        .faces
        .iter()
        .position(|&f| f == icon)
        .unwrap()
}

/// A die lying flat at (x, y) showing `icon`.
fn die(x: f64, y: f64, icon: Icon) -> Rest {
    Rest::flat(Point::new(x, y), 0.0, face(icon))
}

/// The die flat on `target`'s centre showing its icon (`matched`) or another.
fn on_target(g: &Game, target: TargetId, matched: bool) -> Rest {
    let t = &g.setup().targets[target.index()];
    let icon = if matched {
        t.icon
    } else {
        Icon::ALL.into_iter().find(|&i| i != t.icon).unwrap()
    };
    Rest::flat(t.centre, 0.3, face(icon))
}

/// A miss far from everything, east of the table's centre line.
fn far_miss() -> Rest {
    die(450.0, 200.0, Icon::Robot)
}

#[test]
fn a_die_still_on_the_shooters_saucer_is_retaken_then_the_turn_passes() {
    let mut g = game(2);
    let base = g.base(Seat(0));
    assert_eq!(base, Point::new(0.0, -360.0));
    // 20 mm north of the saucer's centre: its footprint (12 to 28 mm) is on the 40 mm
    // saucer (T5).
    let stayed = die(0.0, -340.0, Icon::Robot);
    for n in 1..=3 {
        let r = g.play(&stayed).unwrap();
        assert_eq!(r.outcome, Outcome::Retake { retake: n });
        assert_eq!((r.next, g.retakes()), (Some(Seat(0)), n));
    }
    // T12: after the layout's 3 retakes the Turn passes, nothing changed.
    let r = g.play(&stayed).unwrap();
    assert_eq!(r.outcome, Outcome::RetakesSpent);
    assert_eq!((r.next, g.retakes()), (Some(Seat(1)), 0));
    assert_eq!(g.saucer(Seat(0)), base);
    assert_eq!(g.pieces_left(), 9);
    assert_eq!(g.shots(), 4);
    // A die touching the saucer's edge only has left it: 40 + 8 from its centre.
    let mut g = game(2);
    let r = g.play(&die(0.0, -360.0 + 48.0, Icon::Robot)).unwrap();
    assert!(matches!(r.outcome, Outcome::Miss { .. }), "{:?}", r.outcome);
}

#[test]
fn a_die_on_its_own_saucer_and_a_target_is_still_retaken() {
    // Move seat 1's saucer next to the robot target, then rest the die across both.
    let mut g = game(2);
    g.play(&die(0.0, -100.0, Icon::Robot)).unwrap(); // seat 1: saucer to (0, -100)
    assert_eq!(g.saucer(Seat(0)), Point::new(0.0, -100.0));
    g.play(&far_miss()).unwrap(); // seat 2
    // The saucer reaches y = -60, the target y = -45: a die from -60.5 to -44.5 is on both.
    let r = g.play(&die(0.0, -52.5, Icon::Robot)).unwrap();
    assert_eq!(r.outcome, Outcome::Retake { retake: 1 });
    assert_eq!(g.pieces_left(), 9);
}

#[test]
fn a_die_on_a_target_claims_its_lowest_piece_flipped_on_a_match() {
    let mut g = game(2);
    // Not matching: the outer ring picture side up, 1 point (T2, T6).
    let r = g.play(&on_target(&g, ROBOT, false)).unwrap();
    let claim = Claim {
        target: ROBOT,
        kind: PieceKind::Outer,
        flipped: false,
        points: Points(1),
    };
    assert_eq!(
        r.outcome,
        Outcome::Claimed {
            claim,
            rolled: Icon::Saucer,
            sent_home: vec![]
        }
    );
    assert_eq!(
        r.outcome.words(&g),
        "claimed the outer ring of the robot target, rolled saucer, not robot: 1 point"
    );
    assert_eq!(g.saucer(Seat(0)), g.base(Seat(0)));
    assert_eq!(r.next, Some(Seat(1)));
    // Matching: the middle ring flipped, 3 points.
    let r = g.play(&on_target(&g, ROBOT, true)).unwrap();
    assert_eq!(r.outcome.points(), Points(3));
    assert_eq!(
        r.outcome.words(&g),
        "claimed the middle ring of the robot target, icon matched: 3 points"
    );
    // The centre disc flipped: 4 points.
    let r = g.play(&on_target(&g, ROBOT, true)).unwrap();
    match r.outcome {
        Outcome::Claimed { claim, .. } => {
            assert_eq!(
                (claim.kind, claim.flipped, claim.points),
                (PieceKind::Centre, true, Points(4))
            )
        }
        o => panic!("{o:?}"),
    }
    assert_eq!(g.top_piece(ROBOT), None);
    assert_eq!(g.score(Seat(0)).points, Points(5));
    assert_eq!(g.score(Seat(1)).points, Points(3));
    assert_eq!(g.pieces_left(), 6);
}

#[test]
fn a_target_shrinks_as_it_is_claimed() {
    let mut g = game(2);
    // 40 mm from the robot's centre: on its outer ring (45 across the radius) ...
    let near_edge = die(40.0, 0.0, Icon::Insect);
    assert!(matches!(
        g.clone().play(&near_edge).unwrap().outcome,
        Outcome::Claimed { .. }
    ));
    g.play(&on_target(&g, ROBOT, false)).unwrap();
    g.play(&far_miss()).unwrap();
    // ... but once the outer ring is gone the top piece is the middle ring, 30 across the
    // radius, and the die (32 to 48 mm out) misses it (T6).
    match g.play(&near_edge).unwrap().outcome {
        Outcome::Miss { .. } => {}
        o => panic!("{o:?}"),
    }
    // A die leaning on the target counts: its footprint reaches over the edge.
    let mut g = game(2);
    let leaning = Rest::leaning(Point::new(0.0, 53.5), 0.6, face(Icon::Robot));
    assert!(matches!(
        g.play(&leaning).unwrap().outcome,
        Outcome::Claimed { .. }
    ));
}

#[test]
fn a_die_touching_a_pieces_side_is_not_on_it() {
    // T16: a die pressed a twentieth of a millimetre into the robot's outer ring (from
    // y = -44.95 down) overlaps it by well under the layout's 1 mm²: a miss.
    let g = game(2);
    let r = g.clone().play(&die(0.0, -52.95, Icon::Robot)).unwrap();
    assert!(matches!(r.outcome, Outcome::Miss { .. }), "{:?}", r.outcome);
    // A millimetre in, some 10 mm² over: on it.
    let r = g.clone().play(&die(0.0, -52.0, Icon::Robot)).unwrap();
    assert!(
        matches!(r.outcome, Outcome::Claimed { .. }),
        "{:?}",
        r.outcome
    );
    // The least overlap is data: at 0, touching by a hair counts.
    let mut layout = (*shipped_layout()).clone();
    layout.rules.min_overlap = 0.0;
    let r = game_on(&Arc::new(layout), 2)
        .play(&die(0.0, -52.95, Icon::Robot))
        .unwrap();
    assert!(
        matches!(r.outcome, Outcome::Claimed { .. }),
        "{:?}",
        r.outcome
    );
}

#[test]
fn a_die_on_two_targets_claims_from_the_one_it_overlaps_most() {
    // Targets 10 mm apart edge to edge (the spacing is data): at x = -100, 0 and 100.
    let mut layout = (*shipped_layout()).clone();
    layout.table.spacing.0 = 10.0;
    let layout = Arc::new(layout);
    let g = game_on(&layout, 2);
    assert_eq!(
        g.setup().targets[INSECT_A.index()].centre,
        Point::new(100.0, 0.0)
    );
    // A die from x = 44 to 60: 1 mm over the robot (to 45), 5 mm over the insect (from 55).
    let r = g.clone().play(&die(52.0, 0.0, Icon::Insect)).unwrap();
    match r.outcome {
        Outcome::Claimed { claim, .. } => {
            assert_eq!(claim.target, INSECT_A);
            assert_eq!(claim.points, Points(2)); // flipped outer ring (T2)
        }
        o => panic!("{o:?}"),
    }
    // From x = 40 to 56: 5 mm over the robot, 1 mm over the insect.
    let r = g.clone().play(&die(48.0, 0.0, Icon::Insect)).unwrap();
    assert!(matches!(r.outcome, Outcome::Claimed { claim, .. } if claim.target == ROBOT));
    // Exactly between: the first listed (T16).
    let r = g.clone().play(&die(50.0, 0.0, Icon::Insect)).unwrap();
    assert!(matches!(r.outcome, Outcome::Claimed { claim, .. } if claim.target == ROBOT));
}

#[test]
fn a_miss_leaves_the_saucer_over_the_die_pulled_clear_toward_its_base() {
    let mut g = game(2);
    // Far from everything: the saucer is centred over the die (T7).
    let r = g.play(&die(300.0, -150.0, Icon::Robot)).unwrap();
    assert_eq!(
        r.outcome,
        Outcome::Miss {
            saucer: Point::new(300.0, -150.0),
            pulled: false,
            sent_home: vec![]
        }
    );
    assert_eq!(r.outcome.words(&g), "missed: saucer left at (300, -150)");
    assert_eq!(g.saucer(Seat(0)), Point::new(300.0, -150.0));
    // Seat 2 (north, Base (0, 360)) misses just south of the robot, clear of it by 2 mm:
    // its saucer over the die would overlap the target, so it is pulled north, toward its
    // Base, until 45 + 40 from the robot's centre.
    let r = g.play(&die(0.0, -55.0, Icon::Robot)).unwrap();
    match r.outcome {
        Outcome::Miss { saucer, pulled, .. } => {
            assert!(pulled);
            assert!(saucer.x.abs() < 1e-9);
            // Straight north across the target, to its far side.
            assert!((saucer.y - 85.0).abs() < 1e-4, "{saucer}");
        }
        o => panic!("{o:?}"),
    }
    // Each next shot starts from the shooter's new place.
    assert_eq!(g.scene().start, Point::new(300.0, -150.0));
    g.play(&far_miss()).unwrap();
    let start = g.scene().start;
    assert!(
        start.x.abs() < 1e-9 && (start.y - 85.0).abs() < 1e-4,
        "{start}"
    );
}

#[test]
fn a_saucer_is_pulled_past_other_saucers_or_else_to_its_base() {
    let mut g = game(2);
    // Seat 1 misses onto (0, -300).
    g.play(&die(0.0, -300.0, Icon::Robot)).unwrap();
    // Seat 2's die from y = -263 to -247 is on seat 1's saucer (up to -260): that saucer
    // is sent to its Base, and seat 2's is left over the die, clear of it there (T7).
    let r = g.play(&die(0.0, -255.0, Icon::Robot)).unwrap();
    assert_eq!(
        r.outcome,
        Outcome::Miss {
            saucer: Point::new(0.0, -255.0),
            pulled: false,
            sent_home: vec![Seat(0)]
        }
    );
    assert_eq!(g.saucer(Seat(0)), g.base(Seat(0)));
    assert_eq!(
        r.outcome.words(&g),
        "missed: saucer left at (0, -255); sent seat 1's saucer home"
    );
    // Seat 1 misses just north of seat 2's saucer: pulled south toward its Base at
    // (0, -360), over seat 2's saucer, until 80 beyond its centre, at -335.
    let r = g.play(&die(0.0, -200.0, Icon::Robot)).unwrap();
    match r.outcome {
        Outcome::Miss { saucer, pulled, .. } => {
            assert!(pulled);
            assert!((saucer.y + 335.0).abs() < 1e-4, "{saucer}");
        }
        o => panic!("{o:?}"),
    }

    // T17: seat 2's saucer lies by seat 1's Base, so no place on seat 1's way home is clear.
    let mut g = game(2);
    g.play(&die(300.0, -150.0, Icon::Robot)).unwrap(); // seat 1 away
    g.play(&die(0.0, -330.0, Icon::Robot)).unwrap(); // seat 2 by seat 1's Base
    assert_eq!(g.saucer(Seat(1)), Point::new(0.0, -330.0));
    // Seat 1's die from -268 to -252 is clear of seat 2's saucer (to -290), but a saucer
    // over it overlaps seat 2's all the way to the Base: it goes to its Base.
    let r = g.play(&die(0.0, -260.0, Icon::Robot)).unwrap();
    assert_eq!(
        r.outcome,
        Outcome::Miss {
            saucer: g.base(Seat(0)),
            pulled: true,
            sent_home: vec![]
        }
    );
}

#[test]
fn a_die_on_a_saucer_and_a_target_sends_it_home_and_claims() {
    let mut g = game(2);
    g.play(&far_miss()).unwrap(); // seat 1
    // Seat 2's saucer to (0, 95): clear of the robot (95 > 85), reaching down to y = 55.
    g.play(&die(0.0, 95.0, Icon::Robot)).unwrap();
    assert_eq!(g.saucer(Seat(1)), Point::new(0.0, 95.0));
    // Seat 1's die from y = 42 to 58: on the robot (to 45) and on seat 2's saucer (from 55).
    let r = g.play(&die(0.0, 50.0, Icon::Insect)).unwrap();
    match &r.outcome {
        Outcome::Claimed {
            claim, sent_home, ..
        } => {
            assert_eq!((claim.target, claim.points), (ROBOT, Points(1)));
            assert_eq!(sent_home, &vec![Seat(1)]);
        }
        o => panic!("{o:?}"),
    }
    // T7: that saucer goes to its Base, the shooter claims and returns to its own.
    assert_eq!(g.saucer(Seat(1)), g.base(Seat(1)));
    assert_eq!(g.saucer(Seat(0)), g.base(Seat(0)));
    assert!(r.outcome.words(&g).ends_with("; sent seat 2's saucer home"));
}

#[test]
fn a_die_off_the_table_sends_the_shooter_home() {
    let mut g = game(3);
    g.play(&die(300.0, -150.0, Icon::Robot)).unwrap(); // seat 1 away from its Base
    g.play(&far_miss()).unwrap(); // seat 2
    g.play(&die(-450.0, 250.0, Icon::Robot)).unwrap(); // seat 3
    // Seat 1 again (3 players: play passes 1, 2, 3, 1); its die's centre past the east
    // edge (600): T8.
    assert_eq!(g.turn(), Seat(0));
    let r = g.play(&die(605.0, 0.0, Icon::Robot)).unwrap();
    assert_eq!(r.outcome, Outcome::LeftTable);
    assert_eq!(g.saucer(Seat(0)), g.base(Seat(0)));
    assert_eq!(r.next, Some(Seat(1)));
    // A rest the physics saw leave the table is off it wherever it stopped.
    let mut off = die(590.0, 0.0, Icon::Robot);
    off.left_table = true;
    assert_eq!(g.play(&off).unwrap().outcome, Outcome::LeftTable);
    // 3 players sit south, west and north (T4).
    assert_eq!(g.base(Seat(1)), Point::new(-560.0, 0.0));
}

#[test]
fn the_game_ends_when_every_piece_is_claimed() {
    let mut g = game(2);
    let mut scored = [0u32; 2];
    let mut claims = 0;
    for target in [SAUCER_A, ROBOT, INSECT_A] {
        for (i, matched) in [false, true, true].into_iter().enumerate() {
            let shooter = g.turn();
            let r = g.play(&on_target(&g, target, matched)).unwrap();
            scored[shooter.index()] += r.outcome.points().0;
            claims += 1;
            let want = [1, 3, 4][i];
            assert_eq!(r.outcome.points(), Points(want));
        }
    }
    assert_eq!(claims, 9);
    assert!(g.is_over());
    assert_eq!(g.play(&far_miss()), Err(GameOver));
    let result = g.result();
    assert!(result.finished);
    // 3 targets of 1 + 3 + 4.
    assert_eq!(result.scores.iter().map(|s| s.points.0).sum::<u32>(), 3 * 8);
    assert_eq!(
        scored,
        [result.scores[0].points.0, result.scores[1].points.0]
    );
    assert_eq!(result.scores.iter().map(|s| s.pieces).sum::<u32>(), 9);
    // Seat 1 took pieces 1, 3, 5, 7, 9: 1 + 4 + 3 + 1 + 4 = 13 against 11.
    assert_eq!(result.winner, Some(Seat(0)));
    assert_eq!(result.decided, Decided::Points);
}

#[test]
fn ties_go_to_the_most_pieces_then_the_most_centre_discs_else_a_draw() {
    // Pieces: seat 1 robot outer (1), seat 2 robot middle (2), seat 1 saucer outer (1).
    let mut g = game(2);
    g.play(&on_target(&g, ROBOT, false)).unwrap();
    g.play(&on_target(&g, ROBOT, false)).unwrap();
    g.play(&on_target(&g, SAUCER_A, false)).unwrap();
    let r = g.result();
    assert_eq!(
        r.scores,
        [
            Score {
                points: Points(2),
                pieces: 2,
                centres: 0
            },
            Score {
                points: Points(2),
                pieces: 1,
                centres: 0
            }
        ]
    );
    assert_eq!(
        (r.winner, r.decided, r.finished),
        (Some(Seat(0)), Decided::Pieces, false)
    );
    // Centre discs: seat 1 robot outer (1) and centre (3), seat 2 robot middle (2) and
    // the insect's outer ring flipped (2): 4 points and 2 pieces each.
    let mut g = game(2);
    g.play(&on_target(&g, ROBOT, false)).unwrap();
    g.play(&on_target(&g, ROBOT, false)).unwrap();
    g.play(&on_target(&g, ROBOT, false)).unwrap();
    g.play(&on_target(&g, INSECT_A, true)).unwrap();
    let r = g.result();
    assert_eq!(
        r.scores[0],
        Score {
            points: Points(4),
            pieces: 2,
            centres: 1
        }
    );
    assert_eq!(
        r.scores[1],
        Score {
            points: Points(4),
            pieces: 2,
            centres: 0
        }
    );
    assert_eq!((r.winner, r.decided), (Some(Seat(0)), Decided::CentreDiscs));
    // Still tied: a draw.
    let mut g = game(2);
    g.play(&on_target(&g, ROBOT, false)).unwrap();
    g.play(&on_target(&g, SAUCER_A, false)).unwrap();
    let r = g.result();
    assert_eq!((r.winner, r.decided), (None, Decided::Draw));
}

#[test]
fn the_game_stops_at_the_shot_cap() {
    let mut layout = (*shipped_layout()).clone();
    layout.rules.max_shots = 5;
    let mut g = game_on(&Arc::new(layout), 4);
    for _ in 0..5 {
        g.play(&far_miss()).unwrap();
    }
    assert!(g.is_over());
    assert_eq!(g.play(&far_miss()), Err(GameOver));
    let r = g.result();
    assert!(!r.finished);
    assert_eq!((r.winner, r.shots), (None, 5));
    // Play passed to the left around the four sides, 1, 2, 3, 4, 1: the sixth shot would
    // have been seat 2's.
    assert_eq!(g.turn(), Seat(1));
    assert_eq!(g.pieces_left(), 15);
}
