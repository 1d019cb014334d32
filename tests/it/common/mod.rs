//! Shared helpers of the program's tests: the rules tests' own (small scenarios drawn in
//! code, dice that roll what the test says, scratch folders; `rules/tests/it/common`),
//! with arena records and the command line run in-process.
#![allow(dead_code)]

#[path = "../../../rules/tests/it/common/mod.rs"]
mod shared;
pub use shared::*;

/// An arena record of a finished game of scenario "S" (file `s.toml`, fingerprint "0",
/// run seed 0): `humans` against `martians`, won by `winner` (a draw when `None`) by
/// `reason`, in `rounds` Rounds. Tests change the fields they are about.
pub fn arena_record(
    id: &str,
    humans: &str,
    martians: &str,
    winner: Option<mars_attacks::arena::Winner>,
    reason: mars_attacks::arena::Reason,
    rounds: u16,
) -> mars_attacks::arena::Record {
    use mars_attacks::arena::record::{PerSide, Vp};
    mars_attacks::arena::Record {
        id: id.to_string(),
        seed: 0,
        scenario: "S".into(),
        scenario_file: "s.toml".into(),
        scenario_fingerprint: "0".into(),
        game: 0,
        game_seed: 1,
        dice_seed: 2,
        humans: humans.into(),
        martians: martians.into(),
        status: mars_attacks::arena::Status::Finished,
        winner,
        reason: Some(reason),
        vp: Vp::default(),
        vp_by_round: Vec::new(),
        vp_from: Default::default(),
        rounds,
        decisions: 100,
        seconds: 0.1,
        think_seconds: PerSide::default(),
        max_decision_ms: 1.0,
        error: None,
        values: Vec::new(),
        search: None,
        moves: None,
        luck: None,
        ending: None,
    }
}

/// Runs the command line in-process with `args` (without the program name): its exit code,
/// standard output and standard error.
pub fn run_cli(args: &[&str]) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut argv = vec!["mars-attacks"];
    argv.extend_from_slice(args);
    let code = mars_attacks::cli::run_from(argv, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}
