//! `mars-attacks selfplay`: a run is a function of its seed whatever the threads, resumes
//! to the same games, and each position is what its side saw, with the search's visits
//! over actions legal there.

use crate::child::{self, root, run};

use std::path::Path;
use std::sync::Arc;

use mars_attacks::bot::selfplay::file::scan;
use mars_attacks::bot::selfplay::{Ending, SelfPlayGame};
use mars_attacks::rules::scenario_file::load_scenario;
use mars_attacks::rules::{GameState, rng_from_seed};

fn selfplay(out: &Path, games: &str, jobs: &str, extra: &[&str]) -> (Option<i32>, String) {
    let mut args: Vec<String> = [
        "selfplay",
        "--scenario",
        root().join("scenarios/ambush.toml").to_str().unwrap(),
        root().join("scenarios/whos-there.toml").to_str().unwrap(),
        "--player",
        "mcts:20",
        "--games",
        games,
        "--seed",
        "9",
        "--jobs",
        jobs,
        "-q",
        "--out",
        out.to_str().unwrap(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    let r = run(&args);
    (r.code, r.stderr)
}

fn games_in(path: &Path) -> Vec<SelfPlayGame> {
    let mut games = Vec::new();
    scan(path, |g| {
        games.push(g);
        true
    })
    .unwrap();
    games.sort_by_key(|g| g.number);
    games
}

#[test]
fn a_run_is_its_seed_resumes_to_the_same_games_and_keeps_what_each_side_saw() {
    let dir = child::scratch("selfplay", "run");
    let (one, two) = (dir.join("one.selfplay"), dir.join("two.selfplay"));
    assert_eq!(selfplay(&one, "3", "1", &[]).0, Some(0));
    assert_eq!(selfplay(&two, "3", "2", &[]).0, Some(0));
    let mut in_order = Vec::new();
    scan(&one, |g| {
        in_order.push(g.scenario);
        true
    })
    .unwrap();
    assert_eq!(
        in_order,
        [0, 1, 0, 1, 0, 1],
        "game by game across the scenarios, so a run stopped part way has played each alike"
    );
    let games = games_in(&one);
    assert_eq!(games.len(), 6, "3 games on each of 2 scenarios");
    assert_eq!(
        games,
        games_in(&two),
        "the same games on any number of threads"
    );
    // A run cut short and resumed holds the same games.
    let part = dir.join("part.selfplay");
    assert_eq!(selfplay(&part, "3", "1", &["--shard", "1/2"]).0, Some(0));
    let (code, err) = selfplay(&part, "3", "1", &["--resume"]);
    assert_eq!(code, Some(2), "another shard is another run: {err}");
    let cut = dir.join("cut.selfplay");
    let whole = std::fs::read(&one).unwrap();
    std::fs::write(&cut, &whole[..whole.len() - 10]).unwrap();
    assert_eq!(
        games_in(&cut).len(),
        5,
        "the last game cut short is left out"
    );
    assert_eq!(selfplay(&cut, "3", "1", &["--resume"]).0, Some(0));
    assert_eq!(games_in(&cut), games);
    // Without --resume a file that holds games is refused.
    let (code, err) = selfplay(&one, "3", "1", &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("already holds games"), "{err}");
    // Each position loads as its side saw it, and the search's visits are over actions
    // legal there; the game's positions are its searched decisions, in order.
    let scenarios = [
        Arc::new(
            load_scenario(&root().join("scenarios/ambush.toml"))
                .unwrap()
                .scenario,
        ),
        Arc::new(
            load_scenario(&root().join("scenarios/whos-there.toml"))
                .unwrap()
                .scenario,
        ),
    ];
    for g in &games {
        assert_ne!(g.ending, Ending::Runaway);
        assert!(!g.positions.is_empty());
        assert!(
            g.positions
                .windows(2)
                .all(|w| w[0].decision < w[1].decision)
        );
        for p in &g.positions {
            let scenario = scenarios[usize::from(g.scenario)].clone();
            let (state, side) =
                GameState::from_snapshot(scenario, &p.snapshot, &mut rng_from_seed(1)).unwrap();
            assert_eq!(side, p.side);
            assert_eq!(state.to_move(), Some(p.side));
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            assert!(!p.visits.is_empty(), "a searched decision tried an action");
            for v in &p.visits {
                assert!(legal.contains(&v.action), "{} is legal", v.action);
            }
            assert!(legal.contains(&p.played));
            assert!((0.0..=1.0).contains(&p.value));
        }
    }
    // With exploration some decision played is not the most visited.
    let explored = games
        .iter()
        .flat_map(|g| &g.positions)
        .filter(|p| p.played != p.visits[0].action)
        .count();
    assert!(explored > 0);
}
