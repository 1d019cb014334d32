use std::f64::consts::FRAC_PI_2;

use super::*;
use crate::layout_file::shipped_layout;

/// The south Base of the shipped table (T10: 400 - 40 from the centre) with its saucer, and
/// the three targets of the 2-player layout.
fn scene() -> Scene {
    let start = Point::new(0.0, -360.0);
    let mut discs = vec![Disc {
        centre: start,
        radius: 40.0,
    }];
    for x in [-180.0, 0.0, 180.0] {
        discs.push(Disc {
            centre: Point::new(x, 0.0),
            radius: 45.0,
        });
    }
    Scene { start, discs }
}

#[test]
fn a_shot_is_the_same_to_the_last_bit_on_every_run() {
    let l = shipped_layout();
    let s = scene();
    let flicks = [
        (Flick::new(FRAC_PI_2, 0.47, 0.0), 7),
        (Flick::new(1.4, 0.52, 0.8), 11),
        (Flick::new(-2.0, 0.9, -1.0), 3),
    ];
    let first: Vec<Rest> = flicks
        .iter()
        .map(|&(f, seed)| simulate(&l, &s, f, seed))
        .collect();
    // Again, in the other order (each shot its own fresh world), and on another thread.
    for (i, &(f, seed)) in flicks.iter().enumerate().rev() {
        let again = simulate(&l, &s, f, seed);
        assert_eq!(again.bits(), first[i].bits(), "shot {i}");
        assert_eq!((again.face, again.steps), (first[i].face, first[i].steps));
    }
    let (l2, s2) = (l.clone(), s.clone());
    let (f, seed) = flicks[1];
    let other = std::thread::spawn(move || simulate(&l2, &s2, f, seed))
        .join()
        .unwrap();
    assert_eq!(other.bits(), first[1].bits());
    // Traced for drawing: the same rest, and a pose where the die was put down and after
    // every step, ending at it.
    let (f, seed) = flicks[0];
    let (traced, path) = simulate_path(&l, &s, f, seed, 1);
    assert_eq!(traced.bits(), first[0].bits());
    assert_eq!(path.poses.len() as u32, traced.steps + 1);
    assert_eq!(path.poses.last().copied(), Some(traced.pose));
    // Another seed puts the die down otherwise, and it ends elsewhere.
    let moved = simulate(&l, &s, flicks[0].0, 8);
    assert_ne!(moved.bits(), first[0].bits());
}

#[test]
fn a_soft_flick_leaves_the_die_on_its_saucer() {
    // At strength 0 the die slides 300 mm/s against friction 0.4: about 11 mm, so its
    // footprint is still on the 40 mm saucer (T5: the shot is retaken).
    let l = shipped_layout();
    let s = scene();
    let r = simulate(&l, &s, Flick::new(FRAC_PI_2, 0.0, 0.0), 1);
    let d = r.at().distance(s.start);
    assert!(d > 5.0 && d < 25.0, "{d}");
    assert!(!r.left_table);
    // It rests on the token: its centre half an edge above the token's top.
    assert!((r.pose.centre[2] - 10.0).abs() < 0.3, "{:?}", r.pose.centre);
}

#[test]
fn a_hard_flick_leaves_the_table_and_stops_there() {
    let l = shipped_layout();
    let s = scene();
    // East from the south Base at full strength: 3 m/s slides well past the edge 600 away.
    let r = simulate(&l, &s, Flick::new(0.0, 1.0, 0.0), 2);
    assert!(r.left_table);
    // Stopped as soon as its centre crossed the edge (T8), about one step beyond it.
    assert!(r.at().x > 600.0 && r.at().x < 620.0, "{}", r.at());
}

#[test]
fn stronger_flicks_go_further() {
    let l = shipped_layout();
    let start = Point::new(0.0, -360.0);
    let s = Scene {
        start,
        discs: vec![Disc {
            centre: start,
            radius: 40.0,
        }],
    };
    let mut last = 0.0;
    for strength in [0.1, 0.2, 0.3, 0.4, 0.5] {
        let r = simulate(&l, &s, Flick::new(FRAC_PI_2, strength, 0.0), 5);
        let d = r.at().distance(start);
        assert!(d > last + 20.0, "{strength}: {d} after {last}");
        // Straight ahead: within a few degrees of the direction aimed.
        let off = (r.at().x / d).abs();
        assert!(off < 0.1, "{strength}: {}", r.at());
        last = d;
    }
}

#[test]
fn a_die_resting_on_a_target_stands_on_its_top() {
    // Aimed at the centre target 360 mm north: strength ~0.48 reaches it (a fitted
    // distance of the shipped physics).
    let l = shipped_layout();
    let s = scene();
    let mut on = 0;
    for seed in 0..6 {
        let r = simulate(&l, &s, Flick::new(FRAC_PI_2, 0.48, 0.0), seed);
        let on_disc = r.at().distance(Point::ORIGIN) < 45.0;
        if on_disc && (r.pose.centre[2] - 10.0).abs() < 0.5 {
            on += 1;
        }
    }
    assert!(on >= 4, "{on} of 6 on the target");
}

#[test]
fn spin_tumbles_the_die_and_no_spin_slides_it() {
    let l = shipped_layout();
    let s = scene();
    let (mut changed_spun, mut changed_flat) = (0, 0);
    for seed in 0..12 {
        let placed = up_face(Placing::from_seed(&l, seed).rotation);
        let spun = simulate(&l, &s, Flick::new(FRAC_PI_2, 0.3, 1.0), seed);
        let flat = simulate(&l, &s, Flick::new(FRAC_PI_2, 0.3, 0.0), seed);
        changed_spun += usize::from(spun.face != placed);
        changed_flat += usize::from(flat.face != placed);
        // The face is the body's axis most aligned with up.
        assert_eq!(spun.face, up_face(spun.pose.rotation));
    }
    assert!(changed_spun >= 6, "{changed_spun}");
    assert!(changed_flat <= 2, "{changed_flat}");
}

#[test]
fn a_placing_is_drawn_from_the_seed() {
    let l = shipped_layout();
    assert_eq!(Placing::from_seed(&l, 9), Placing::from_seed(&l, 9));
    // Every face comes up from some seed.
    let mut seen = [false; 6];
    for seed in 0..60 {
        seen[up_face(Placing::from_seed(&l, seed).rotation)] = true;
    }
    assert!(seen.iter().all(|&s| s));
    // The lean is at most the layout's tilt.
    for seed in 0..60 {
        let q = Placing::from_seed(&l, seed).rotation;
        let up = q.conjugate().rotate([0.0, 0.0, 1.0]);
        let most = up.iter().fold(0.0f64, |m, c| m.max(c.abs()));
        assert!(
            most.acos().to_degrees() <= l.physics.tilt_degrees + 1e-9,
            "{most}"
        );
    }
}

#[test]
fn a_shots_path_ends_at_the_rest_simulate_gives_to_the_last_bit() {
    let l = shipped_layout();
    let s = scene();
    for (f, seed, every) in [
        (Flick::new(FRAC_PI_2, 0.47, 0.0), 7, 4),
        (Flick::new(1.4, 0.52, 0.8), 11, 1),
        (Flick::new(-2.0, 0.9, -1.0), 3, 7),
    ] {
        let rest = simulate(&l, &s, f, seed);
        let (again, path) = simulate_path(&l, &s, f, seed, every);
        assert_eq!(again.bits(), rest.bits());
        assert_eq!((again.face, again.steps), (rest.face, rest.steps));
        let last = path.poses.last().unwrap();
        assert_eq!(
            Rest {
                pose: *last,
                ..rest
            }
            .bits(),
            rest.bits(),
            "the path's last pose is the rest"
        );
        // The first pose is where the die was put down: on the shooter's saucer.
        assert!(path.poses[0].at().distance(s.start) < 1e-3);
        // A pose every `every` steps, and the rest's if it fell between.
        let n = rest.steps / every + 1;
        assert!(
            path.poses.len() as u32 == n || path.poses.len() as u32 == n + 1,
            "{} poses for {} steps every {every}",
            path.poses.len(),
            rest.steps
        );
        assert!(path.at(path.seconds() + 1.0).unwrap() == *last);
        assert!(path.at(0.0).unwrap() == path.poses[0]);
    }
}
