//! `mars-attacks train-value`: a network trained on a self-play run's positions, the same
//! from the same seed, measured beside the shipped logistic on the held-out games, written
//! only where the command line says and only over a file of its kind.

use crate::child::{self, root, run};

use mars_attacks::bot::learn::data::is_held_out;
use mars_attacks::bot::learn::net::ValueNet;

fn train(data: &std::path::Path, out: &std::path::Path) -> crate::child::Ran {
    run(&[
        "train-value",
        "--data",
        data.to_str().unwrap(),
        "--epochs",
        "1",
        "--seed",
        "3",
        "--jobs",
        "2",
        "--out",
        out.to_str().unwrap(),
    ])
}

/// Twelve self-play games of Ambush on Route 9 at `mcts:20` from `seed`, into `data`.
fn self_play(data: &std::path::Path, seed: u32) {
    let seed = seed.to_string();
    let ran = run(&[
        "selfplay",
        "--scenario",
        root().join("scenarios/ambush.toml").to_str().unwrap(),
        "--player",
        "mcts:20",
        "--games",
        "12",
        "--seed",
        &seed,
        "-q",
        "--out",
        data.to_str().unwrap(),
    ]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
}

#[test]
fn a_network_is_trained_from_self_play_the_same_from_the_same_seed() {
    let dir = child::scratch("train-value", "run");
    let data = dir.join("run.selfplay");
    self_play(&data, 4);
    // Of the twelve games' numbers, the held-out tenth by hash.
    let held = (0..12u64).filter(|n| is_held_out(*n)).count();
    assert!(held > 0 && held < 12, "{held} of 12 held out");
    let (a, b) = (dir.join("a.bin"), dir.join("b.bin"));
    let ran = train(&data, &a);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(
        ran.stdout.contains("logistic held-out log-loss"),
        "{}",
        ran.stdout
    );
    assert!(
        ran.stdout.contains(&format!("games\t{}", 12 - held)),
        "{}",
        ran.stdout
    );
    assert_eq!(train(&data, &b).code, Some(0));
    let (a, b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_eq!(a, b, "the same seed trains the same weights");
    assert!(ValueNet::from_bytes(&a).is_ok());
    // A file of another kind is not replaced.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let ran = train(&data, &notes);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    // A file that is not a self-play run's is an invalid input (exit code 1), saying so;
    // a λ that is not from 0 to 1 is a usage error.
    let ran = train(&notes, &dir.join("c.bin"));
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    assert!(
        ran.stderr.contains("not a self-play file"),
        "{}",
        ran.stderr
    );
    assert!(!dir.join("c.bin").exists());
    let ran = run(&[
        "train-value",
        "--data",
        data.to_str().unwrap(),
        "--lambda",
        "1.5",
    ]);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(
        ran.stderr.contains("not a chance from 0 to 1"),
        "{}",
        ran.stderr
    );
}

fn train_prior(data: &std::path::Path, out: &std::path::Path) -> crate::child::Ran {
    run(&[
        "train-prior",
        "--data",
        data.to_str().unwrap(),
        "--stride",
        "1",
        "--epochs",
        "2",
        "--jobs",
        "2",
        "--out",
        out.to_str().unwrap(),
    ])
}

#[test]
fn a_prior_is_fitted_to_the_visits_the_same_from_the_same_seed() {
    use mars_attacks::bot::learn::prior::{ActionKind, PriorWeights};
    let dir = child::scratch("train-prior", "run");
    let data = dir.join("run.selfplay");
    self_play(&data, 5);
    let (a, b) = (dir.join("a.toml"), dir.join("b.toml"));
    let ran = train_prior(&data, &a);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    for line in [
        "prior held-out cross-entropy",
        "greedy held-out cross-entropy",
        "visits' own entropy",
    ] {
        assert!(ran.stdout.contains(line), "{}", ran.stdout);
    }
    assert_eq!(train_prior(&data, &b).code, Some(0));
    let (a, b) = (
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap(),
    );
    assert_eq!(a, b, "the same seed fits the same weights");
    // Every kind is written, and the file reads back; the kinds self-play moved with
    // (models move and end their actions in every game) are no longer greedy's.
    for kind in ActionKind::ALL {
        assert!(a.contains(&format!("[kinds.{}]", kind.name())), "{a}");
    }
    let w = PriorWeights::from_toml(&a).unwrap();
    assert_ne!(w.kinds[ActionKind::Move.index()], Default::default());
    assert_ne!(w.kinds[ActionKind::Done.index()], Default::default());
    // A file of another kind is not replaced.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let ran = train_prior(&data, &notes);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
}
