//! The counters' squares rolled at a real table (`table::placement`): R24 places each
//! face-down counter with one D8 for the row and one for the column, rolling again for a
//! square that cannot take one. Typing the faces the generator would have rolled gives the
//! very game the seed gives; other faces put the counters where they fall; bad input is
//! refused with nothing taken; the faces are saved and the game loads and replays.

use rand::RngCore;

use mars_attacks::rules::{Bitboard, BySide, GameState, Square, rng_from_seed};
use mars_attacks::sim::state_text;
use mars_attacks::table::companion::PlacementRefused;
use mars_attacks::table::correction::{Correction, CorrectionRefused};
use mars_attacks::table::placement::{PlacementError, PlacementProgress, Refusal, rolled_square};
use mars_attacks::table::rolls::{DiceInputError, Roller};
use mars_attacks::table::session::Session;
use mars_attacks::table::setup::Controller;

use super::common::scratch_dir;
use super::table_companion::{ai, assert_same_records, drive, session};

/// The faces the seed's generator rolls for each counter at set-up, read as R24 says: a
/// stream of D8 per counter, three bits a face from 64-bit words, a row die then a column
/// die, again until the square is free and holds no counter yet. Each counter's pairs.
fn generator_faces(seed: u64, g: &GameState) -> Vec<Vec<u8>> {
    let mut rng = rng_from_seed(seed);
    let free = g.counter_placement_free();
    let mut taken = Bitboard::EMPTY;
    let mut out = Vec::new();
    for _ in 0..g.counters_to_place() {
        let (mut word, mut left) = (0u64, 0);
        let mut die = || {
            if left == 0 {
                word = rng.next_u64();
                left = 21;
            }
            let face = (word & 7) as u8 + 1;
            word >>= 3;
            left -= 1;
            face
        };
        let mut faces = Vec::new();
        loop {
            let (row, col) = (die(), die());
            faces.extend([row, col]);
            let sq = Square::new(col as i8 - 1, row as i8 - 1).unwrap();
            if free.contains(sq) && !taken.contains(sq) {
                taken.insert(sq);
                break;
            }
        }
        out.push(faces);
    }
    out
}

/// A person against `random` at a real table, the program rolling every die.
fn at_table(seed: u64) -> Session {
    let mut s = session(seed, Controller::Human, ai("random"));
    s.set_companion(BySide::new(Roller::Program, Roller::Program));
    s
}

#[test]
fn typing_the_generators_faces_gives_the_seeds_game() {
    let mut rolled_again = 0;
    for seed in 1..=4u64 {
        let mut drawn = at_table(seed);
        let faces = generator_faces(seed, drawn.state());
        // The rules placed the counters where those faces fall.
        let squares: Vec<Square> = faces
            .iter()
            .map(|f| rolled_square(f[f.len() - 2], f[f.len() - 1]).unwrap())
            .collect();
        assert_eq!(
            drawn.state().hidden_counters(),
            squares.iter().fold(Bitboard::EMPTY, |b, s| b.with(*s)),
            "seed {seed}"
        );
        let mut typed = at_table(seed);
        typed.roll_counters_at_table().unwrap();
        assert!(typed.state().hidden_counters().is_empty());
        assert_eq!(
            typed.human_to_move(),
            None,
            "nobody decides while counters are rolled"
        );
        for (i, f) in faces.iter().enumerate() {
            for (j, pair) in f.chunks(2).enumerate() {
                let text = format!("{} {}", pair[0], pair[1]);
                let got = typed.enter_counter_dice(&text).unwrap();
                let sq = rolled_square(pair[0], pair[1]).unwrap();
                if j + 1 < f.len() / 2 {
                    assert!(matches!(got, PlacementProgress::RollAgain(s, _) if s == sq));
                    rolled_again += 1;
                } else if i + 1 < faces.len() {
                    assert_eq!(got, PlacementProgress::Placed(sq));
                } else {
                    assert_eq!(got, PlacementProgress::Done(sq));
                }
            }
        }
        assert!(typed.placing().is_none());
        assert_eq!(
            state_text(typed.state()),
            state_text(drawn.state()),
            "seed {seed}"
        );
        assert_eq!(typed.companion().unwrap().placement(), faces.as_slice());
        // What follows is the same game: cards, dice, counters' identities.
        drive(&mut drawn, seed, 60, |_, _| {
            unreachable!("the program rolls")
        });
        drive(&mut typed, seed, 60, |_, _| {
            unreachable!("the program rolls")
        });
        assert_same_records(drawn.history(), typed.history());
    }
    assert!(rolled_again > 0, "some square was rolled again");
}

#[test]
fn counters_go_where_the_dice_fall_and_a_taken_square_is_rolled_again() {
    let mut s = at_table(9);
    s.roll_counters_at_table().unwrap();
    assert_eq!(s.roll_counters_at_table(), Err(PlacementRefused::Already));
    let p = s.placing().unwrap();
    assert_eq!(p.to_place(), 8);
    let prompt = p.prompt().unwrap();
    assert!(
        prompt.starts_with("roll 2 D8 for counter 1 of 8"),
        "{prompt}"
    );
    // Bad input: refused with the reason, nothing taken.
    let before = s.placing().unwrap().clone();
    for (text, why) in [
        (
            "9 1",
            PlacementError::Input(DiceInputError::NotAFace("9".into())),
        ),
        ("3", PlacementError::NotTwo(1)),
        ("3 4 5", PlacementError::NotTwo(3)),
        ("", PlacementError::Input(DiceInputError::Empty)),
    ] {
        assert_eq!(s.enter_counter_dice(text), Err(why), "{text}");
        assert_eq!(s.placing(), Some(&before));
    }
    // Row 3, column 4: d3. Then d3 again for the second counter: rolled again.
    let d3 = Square::new(3, 2).unwrap();
    assert_eq!(
        s.enter_counter_dice("3 4"),
        Ok(PlacementProgress::Placed(d3))
    );
    // The table is not corrected meanwhile: the dice put the counters down.
    assert!(matches!(
        s.correct_table(Correction::NoCounter(d3)),
        Err(CorrectionRefused::NotNow(_))
    ));
    assert!(s.state().hidden_counters().contains(d3));
    assert!(
        s.state().hidden_counters().contains(d3),
        "shown as it is rolled"
    );
    assert_eq!(
        s.enter_counter_dice("34"),
        Ok(PlacementProgress::RollAgain(d3, Refusal::Counter))
    );
    assert!(
        s.placing()
            .unwrap()
            .prompt()
            .unwrap()
            .starts_with("roll 2 D8 again for counter 2")
    );
    // Taken back: the re-roll, then counter 1 itself.
    assert!(s.take_back_counter_dice());
    assert!(s.placing().unwrap().rolled_again().is_empty());
    assert!(s.take_back_counter_dice());
    assert!(s.placing().unwrap().squares().is_empty());
    assert!(s.state().hidden_counters().is_empty());
    assert!(!s.take_back_counter_dice());
    // Eight counters on a1 .. h1: row 1, columns 1 to 8.
    for col in 1..=8u8 {
        let got = s.enter_counter_dice(&format!("1 {col}")).unwrap();
        let sq = Square::new(col as i8 - 1, 0).unwrap();
        if col < 8 {
            assert_eq!(got, PlacementProgress::Placed(sq));
        } else {
            assert_eq!(got, PlacementProgress::Done(sq));
        }
    }
    assert_eq!(s.state().hidden_counters(), Bitboard::rect(0, 7, 0, 0));
    assert_eq!(
        s.enter_counter_dice("1 1"),
        Err(PlacementError::NothingAsked)
    );
    // The game goes on, is saved with the dice and loads and replays the same.
    drive(&mut s, 9, 40, |_, _| unreachable!("the program rolls"));
    let path = scratch_dir("companion-placement").join("placed.json");
    s.save_to(&path).unwrap();
    let json = std::fs::read_to_string(&path).unwrap();
    assert!(json.contains("\"placement\""), "{json}");
    let loaded = Session::load(&path).unwrap();
    assert_eq!(state_text(loaded.state()), state_text(s.state()));
    assert_eq!(
        loaded.companion().unwrap().placement(),
        s.companion().unwrap().placement()
    );
    let mut replay = Session::load_replay(&path).unwrap();
    replay.replay_to(0);
    assert_eq!(replay.state().hidden_counters(), Bitboard::rect(0, 7, 0, 0));
    replay.replay_to(s.history().len());
    assert_eq!(state_text(replay.state()), state_text(s.state()));

    // A record that does not fit the game is refused when it loads, and says why.
    let mut save: serde_json::Value = serde_json::from_str(&json).unwrap();
    save["placement"][1] = serde_json::json!([1, 1]);
    std::fs::write(&path, save.to_string()).unwrap();
    let e = Session::load(&path).err().expect("a1 twice");
    assert_eq!(
        e.to_string(),
        "the counters' squares rolled at set-up: counter 2: its last roll, 1 1, gives a1, \
         where a counter lies there already"
    );
}

#[test]
fn the_counters_are_rolled_at_the_table_only_before_anything_is_decided() {
    let mut screen = session(2, Controller::Human, ai("random"));
    assert_eq!(
        screen.roll_counters_at_table(),
        Err(PlacementRefused::NotAtTable)
    );
    let mut s = at_table(2);
    drive(&mut s, 2, 1, |_, _| unreachable!("the program rolls"));
    assert_eq!(s.roll_counters_at_table(), Err(PlacementRefused::Begun));
    assert!(s.placing().is_none());
}
