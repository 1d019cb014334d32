use std::f64::consts::FRAC_PI_2;
use std::time::{Duration, Instant};

use ::ai::Level;

use super::setup::{AiSpec, Aiming, SeatKind, TakedownSetup};
use super::*;

fn setup(seats: &[SeatKind], seed: u64) -> TakedownSetup {
    TakedownSetup {
        seats: seats.to_vec(),
        seed,
        ..TakedownSetup::default()
    }
}

fn people(aiming: Aiming) -> TakedownSetup {
    setup(
        &[SeatKind::Person(aiming), SeatKind::Person(Aiming::Off)],
        5,
    )
}

/// Flicks at the targets from wherever the saucer lies, then one off the table's south edge.
fn scripted(t: &TakedownTable, i: usize) -> Flick {
    let g = t.game();
    let from = g.saucer(g.turn());
    if i % 5 == 4 {
        return Flick::toward(-FRAC_PI_2, 1.0);
    }
    let open: Vec<_> = g
        .setup()
        .targets
        .iter()
        .filter(|x| g.top_piece(x.id).is_some())
        .collect();
    let target = open[i % open.len()];
    let d = from.distance(target.centre);
    Flick::new(from.bearing_to(target.centre), 0.12 + d / 1400.0, 0.3)
}

fn play_script(s: TakedownSetup, n: usize) -> TakedownTable {
    let mut t = TakedownTable::new(s).unwrap();
    for i in 0..n {
        if t.game().is_over() {
            break;
        }
        let f = scripted(&t, i);
        t.shoot(f).unwrap();
    }
    t
}

#[test]
fn a_persons_scripted_flicks_play_to_the_same_result_twice() {
    let a = play_script(people(Aiming::Level(Level::Normal)), 40);
    let b = play_script(people(Aiming::Level(Level::Normal)), 40);
    assert_eq!(a.shots().len(), b.shots().len());
    for (x, y) in a.shots().iter().zip(b.shots()) {
        assert_eq!(x.rest.bits(), y.rest.bits());
        assert!(x.executed.same_bits(&y.executed));
        assert_eq!(x.path, y.path);
    }
    assert_eq!(a.log(), b.log());
    assert_eq!(a.game(), b.game());
    // The flicks as aimed replay the game.
    let c = TakedownTable::replay(people(Aiming::Level(Level::Normal)), &a.flicks()).unwrap();
    assert_eq!(c.game(), a.game());
    assert_eq!(c.log(), a.log());
    // The die shown in the saucer before a shot is the one the shot starts from.
    let mut t = TakedownTable::new(people(Aiming::Off)).unwrap();
    let die = t.next_die().unwrap();
    let shot = t.shoot(Flick::toward(FRAC_PI_2, 0.4)).unwrap();
    let start = shot.path.poses[0];
    assert!(start.at().distance(die.at()) < 1e-3);
    assert_eq!(
        crate::geometry::up_face(start.rotation),
        crate::geometry::up_face(die.rotation)
    );
    // Seat 1's noise strays its flicks; seat 2's assistance is off: as aimed.
    for s in a.shots() {
        let strayed = !s.executed.same_bits(&s.aimed);
        assert_eq!(strayed, s.shooter.index() == 0, "{:?}", s.shooter);
    }
    // Another seed, other placings: another game.
    let mut other = people(Aiming::Level(Level::Normal));
    other.seed = 6;
    let d = play_script(other, 40);
    assert_ne!(d.shots()[0].rest.bits(), a.shots()[0].rest.bits());
}

#[test]
fn every_shot_is_simulated_with_its_path_and_logged_in_words() {
    let t = play_script(people(Aiming::Off), 40);
    let words: Vec<&str> = t.log().iter().map(|l| l.text.as_str()).collect();
    assert!(words[0].starts_with("Seat 1 (you:off) shoots first"));
    for s in t.shots() {
        assert_eq!(s.path.poses.last(), Some(&s.rest.pose));
        assert!(s.path.poses[0].at().distance(s.before.saucer(s.shooter)) < 1.0);
        let expected = words::shot_words(&s.before, &t.setup, &s.outcome);
        assert_eq!(s.words, expected);
        assert!(words.contains(&expected.as_str()));
    }
    assert!(
        words
            .iter()
            .any(|w| w.contains("the die left the table: back to base")),
        "{words:#?}"
    );
    assert!(
        words.iter().any(|w| w.starts_with("Seat ")
            && w.contains(" claimed the ")
            && w.contains(" target, ")),
        "{words:#?}"
    );
}

#[test]
fn a_persons_flick_is_refused_on_an_ais_shot_and_after_the_end() {
    let mut t = TakedownTable::new(setup(
        &[
            SeatKind::Ai(AiSpec::at(Level::Normal)),
            SeatKind::Person(Aiming::Off),
        ],
        1,
    ))
    .unwrap();
    let e = t.shoot(Flick::toward(0.0, 0.5)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "it is Seat 1 (aim:normal)'s shot, not a person's"
    );
    assert!(t.shots().is_empty());
}

#[test]
fn ai_seats_aim_on_their_thread_and_the_game_ends_with_its_winner() {
    let s = setup(
        &[
            SeatKind::Ai("centre:expert".parse().unwrap()),
            SeatKind::Ai("aim:expert:sims=24".parse().unwrap()),
            SeatKind::Ai("centre:hard".parse().unwrap()),
        ],
        11,
    );
    let mut t = TakedownTable::new(s.clone()).unwrap();
    t.ai_delay = Duration::ZERO;
    assert!(!t.persons_shot());
    let start = Instant::now();
    let mut saw_thinking = false;
    while !t.game().is_over() {
        t.tick();
        saw_thinking |= t.is_thinking();
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the game did not end"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(saw_thinking);
    assert!(t.error().is_none());
    let r = t.result().unwrap();
    let last = t.log().last().unwrap();
    assert!(last.heading);
    assert_eq!(last.text, words::result_words(&r, &t.setup));
    if let Some(w) = r.winner {
        assert!(
            last.text
                .contains(&format!("{} wins on ", t.name(w.index())))
        );
    }
    // The same seed replays the same game, decision by decision.
    let again = TakedownTable::replay(s.clone(), &t.flicks()).unwrap();
    assert_eq!(again.game(), t.game());
    for (i, shot) in t.shots().iter().enumerate().take(4) {
        let SeatKind::Ai(spec) = &s.seats[shot.shooter.index()] else {
            unreachable!()
        };
        let f = ai::decide(&shot.before, spec, s.seed, i as u64);
        assert!(f.same_bits(&shot.aimed), "decision {i}");
    }
}
