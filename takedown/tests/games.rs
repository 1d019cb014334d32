//! Whole games with physics: seeded games of 2, 3 and 4 players end with every piece of the
//! targets in use claimed (3 a target, T9), the scores are the claimed pieces' values (T2),
//! a game replays exactly from its seed and its executed flicks, and a match plays its games
//! in order, seats alternating, the same on any number of threads.

use std::sync::Arc;

use takedown::game::Decided;
use takedown::layout::Setup;
use takedown::layout_file::shipped_layout;
use takedown::matches::{GameRecord, MatchSummary, MatchWinner, play_game, play_match, replay};
use takedown::pieces::{PieceKind, Points, Seat};
use takedown::players::{Player, player};
use takedown::rules::Outcome;

fn seats(specs: &[&str]) -> Vec<Box<dyn Player>> {
    specs.iter().map(|s| player(s).unwrap()).collect()
}

/// Every claim's points by seat, from the record's outcomes.
fn claimed(record: &GameRecord, players: usize) -> (Vec<u32>, Vec<u32>) {
    let mut points = vec![0; players];
    let mut pieces = vec![0; players];
    for s in &record.shots {
        if let Outcome::Claimed { claim, .. } = &s.outcome {
            points[s.shooter.index()] += claim.points.0;
            pieces[s.shooter.index()] += 1;
            // T2: what a piece is worth, flipped on a match.
            let l = shipped_layout();
            assert_eq!(claim.points, l.pieces.value(claim.kind, claim.flipped));
        }
    }
    (points, pieces)
}

#[test]
fn seeded_games_end_with_every_piece_claimed_and_scored() {
    let l = shipped_layout();
    for (specs, seed) in [
        (&["centre:hard", "centre:beginner"][..], 3),
        (&["centre:normal", "random", "centre:easy"][..], 4),
        (
            &[
                "centre:expert",
                "centre:normal",
                "centre:hard",
                "centre:easy",
            ][..],
            5,
        ),
        (&["aim:normal:sims=16", "centre:normal"][..], 6),
    ] {
        let players = specs.len();
        let record = play_game(&l, &seats(specs), seed).unwrap();
        let r = &record.result;
        assert!(r.finished, "{specs:?}: stopped after {} shots", r.shots);
        let (points, pieces) = claimed(&record, players);
        // T9: every piece of the players + 1 targets, 3 a target.
        assert_eq!(pieces.iter().sum::<u32>(), 3 * (players as u32 + 1));
        for (i, s) in r.scores.iter().enumerate() {
            assert_eq!(s.points.0, points[i], "{specs:?} seat {i}");
            assert_eq!(s.pieces, pieces[i]);
        }
        // Each target gives 1 + 2 + 3 at least and 2 + 3 + 4 at most (T2).
        let total: u32 = points.iter().sum();
        let targets = players as u32 + 1;
        assert!(total >= 6 * targets && total <= 9 * targets, "{total}");
        // Play passes to the left after every shot but a retake (T5, T8).
        for w in record.shots.windows(2) {
            let next = if w[0].outcome.is_retake() {
                w[0].shooter
            } else {
                w[0].shooter.left(players)
            };
            assert_eq!(w[1].shooter, next);
        }
        // The winner by T9.
        match r.winner {
            Some(w) => assert!(
                r.scores
                    .iter()
                    .all(|s| s.points <= r.scores[w.index()].points)
            ),
            None => assert_eq!(r.decided, Decided::Draw),
        }
        assert_eq!(record.players.len(), players);
        assert_eq!(record.shots.len() as u32, r.shots);
    }
}

#[test]
fn a_game_replays_exactly_from_its_seed_and_its_flicks() {
    let l = shipped_layout();
    let specs = ["aim:hard:sims=16", "centre:easy", "random"];
    let record = play_game(&l, &seats(&specs), 11).unwrap();
    let flicks: Vec<_> = record.shots.iter().map(|s| s.executed).collect();
    let (shots, result) = replay(&l, 3, 11, &flicks).unwrap();
    assert_eq!(shots.len(), record.shots.len());
    for (i, ((rest, outcome), s)) in shots.iter().zip(&record.shots).enumerate() {
        assert_eq!(rest.bits(), s.rest.bits(), "shot {i}");
        assert_eq!(outcome, &s.outcome, "shot {i}");
    }
    assert_eq!(result, record.result);
    // And from its seed and its players: the same game to the last bit.
    let again = play_game(&l, &seats(&specs), 11).unwrap();
    assert_eq!(again.shots.len(), record.shots.len());
    for (a, b) in again.shots.iter().zip(&record.shots) {
        assert!(a.aimed.same_bits(&b.aimed) && a.executed.same_bits(&b.executed));
        assert_eq!((a.rest.bits(), a.seed), (b.rest.bits(), b.seed));
        assert_eq!(a.words, b.words);
    }
    // The aim as aimed and as executed differ by the noise of the level (T14).
    assert!(
        record
            .shots
            .iter()
            .filter(|s| s.shooter != Seat(2))
            .all(|s| !s.aimed.same_bits(&s.executed))
    );
    assert!(
        record
            .shots
            .iter()
            .filter(|s| s.shooter == Seat(2))
            .all(|s| s.aimed.same_bits(&s.executed))
    );
    // Another seed, another game.
    let other = play_game(&l, &seats(&specs), 12).unwrap();
    assert_ne!(other.shots[0].rest.bits(), record.shots[0].rest.bits());
}

#[test]
fn a_shots_words_say_what_it_did() {
    let l = shipped_layout();
    let record = play_game(&l, &seats(&["centre:expert", "centre:expert"]), 2).unwrap();
    let claim = record
        .shots
        .iter()
        .find(|s| matches!(s.outcome, Outcome::Claimed { .. }))
        .unwrap();
    let Outcome::Claimed { claim: c, .. } = &claim.outcome else {
        unreachable!()
    };
    let setup = Setup::new(&l, 2).unwrap();
    let name = &setup.targets[c.target.index()].name;
    assert!(
        claim
            .words
            .starts_with(&format!("claimed {} of the {name} target", c.kind.words())),
        "{}",
        claim.words
    );
    assert!(
        claim.words.ends_with(&c.points.to_string()),
        "{}",
        claim.words
    );
    // The first claim of a target is its outer ring, worth 1 or 2 (T2, T6).
    let first = record
        .shots
        .iter()
        .find_map(|s| match &s.outcome {
            Outcome::Claimed { claim, .. } => Some(*claim),
            _ => None,
        })
        .unwrap();
    assert_eq!(first.kind, PieceKind::Outer);
    assert!(first.points == Points(1) || first.points == Points(2));
}

#[test]
fn a_match_plays_its_games_in_order_with_seats_alternating() {
    let l = shipped_layout();
    let games = play_match(&l, "centre:hard", "centre:beginner", 6, 9, 2).unwrap();
    assert_eq!(games.len(), 6);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.index, i);
        assert_eq!(g.a_seat, Seat((i % 2) as u8));
        assert!(g.finished);
        assert_eq!(g.a.pieces + g.b.pieces, 9);
    }
    // The same on one thread.
    let one = play_match(&l, "centre:hard", "centre:beginner", 6, 9, 1).unwrap();
    assert_eq!(one, games);
    let s = MatchSummary::of(&games);
    assert_eq!(s.a_wins + s.b_wins + s.draws, 6);
    assert_eq!(
        s.a_wins,
        games.iter().filter(|g| g.winner == MatchWinner::A).count()
    );
    assert!(s.interval.0 <= s.a_score && s.a_score <= s.interval.1);
    // A spec that names no player is refused before any game.
    let e = play_match(&l, "centre:hard", "aim:fast", 6, 9, 2).unwrap_err();
    assert!(e.to_string().contains("`aim:fast` is not a player"), "{e}");
    let _ = Arc::clone(&l);
}
