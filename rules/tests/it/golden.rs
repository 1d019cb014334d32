//! Golden playthroughs: a seeded random game of Scenario 1, its whole log and final state,
//! compared with the stored copy. Any change of behaviour shows up here; regenerate on
//! purpose with `UPDATE_GOLDEN=1 cargo test --test it golden::`.

use std::sync::Arc;

use rules::scenario_file::load_scenario;
use rules::sim::{describe, random_game, replay, state_text};

fn playthrough(seed: u64) -> String {
    let root = &crate::common::scenario_files::root();
    let scenario = Arc::new(
        load_scenario(&root.join("scenarios/whos-there.toml"))
            .expect("Scenario 1 loads")
            .scenario,
    );
    let mut log = String::new();
    let record = random_game(&scenario, seed, 20_000, |before, action, events| {
        let side = before.to_move().map(|s| s.name()).unwrap_or("-");
        log.push_str(&format!("R{} {side}: {action}\n", before.round()));
        for e in events {
            log.push_str(&format!("    {}\n", describe(before, e)));
        }
    });
    assert!(record.outcome.is_some(), "the game ended");
    let end = replay(&scenario, seed, &record.actions).expect("the game replays");
    format!("{log}\n{}", state_text(&end))
}

fn check(seed: u64) {
    let path = crate::common::scenario_files::root()
        .join("tests/golden")
        .join(format!("whos-there-seed-{seed}.txt"));
    let got = playthrough(seed);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "{} is missing: run UPDATE_GOLDEN=1 cargo test --test it golden::",
            path.display()
        )
    });
    if got != want {
        let line = got
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(got.lines().count().min(want.lines().count()));
        panic!(
            "playthrough of seed {seed} changed at line {}:\n  now:    {}\n  stored: {}\n\
             (if the change is intended: UPDATE_GOLDEN=1 cargo test --test it golden::)",
            line + 1,
            got.lines().nth(line).unwrap_or("<end>"),
            want.lines().nth(line).unwrap_or("<end>")
        );
    }
}

#[test]
fn golden_playthrough_seed_1() {
    check(1);
}

#[test]
fn golden_playthrough_seed_2026() {
    check(2026);
}
