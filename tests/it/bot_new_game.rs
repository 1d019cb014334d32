//! `new_game`: a bot that asks for it in its hello answer plays a run's games in one
//! process, told each new game's hello; one that crashes is started afresh for the next
//! game; one that does not ask gets a process a game; and every process is stopped when
//! the run ends.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use mars_attacks::bot::{DuelConfig, duel};
use mars_attacks::rules::scenario_file::load_scenario;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The (process id, game of that process) lines the counting bot wrote.
fn games_logged(log: &Path) -> Vec<(u32, u32)> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|l| {
            let (pid, game) = l.split_once(' ').unwrap();
            (pid.parse().unwrap(), game.parse().unwrap())
        })
        .collect()
}

fn counting(log: &Path, extra: &str) -> String {
    format!(
        "exec:python3 {}/tests/fixtures/bots/counting_bot.py {} {extra}",
        root().display(),
        log.display()
    )
}

fn alive(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

#[test]
fn a_bot_that_asks_plays_the_duels_games_in_one_process() {
    let dir = crate::common::scratch_dir("new-game-duel");
    let scenario = Arc::new(
        load_scenario(&root().join("scenarios/ambush.toml"))
            .unwrap()
            .scenario,
    );
    let config = DuelConfig::new(5, 8);
    let run = |name: &str, extra: &str| {
        let log = dir.join(name);
        let report = duel(
            &scenario,
            counting(&log, extra).parse().unwrap(),
            "random".parse().unwrap(),
            &config,
            |_| {},
        );
        (report, games_logged(&log))
    };
    // Kept: one process, its games counted 1 to 5, each side in turn.
    let (report, games) = run("kept", "");
    assert!(report.forfeits.is_empty(), "{report}");
    assert_eq!(report.completed(), 5);
    let pid = games[0].0;
    assert_eq!(games, (1..=5).map(|g| (pid, g)).collect::<Vec<_>>());
    assert!(!alive(pid), "stopped when the duel ended");
    // Crashing in its second game: that game is forfeited, and the next one starts a
    // fresh process, which crashes in its own second game, and so on.
    let (report, games) = run("crash", "--crash-in 2");
    assert_eq!(report.forfeits.len(), 2, "{report}");
    assert_eq!(report.completed(), 5);
    assert_eq!(
        games.iter().map(|g| g.1).collect::<Vec<_>>(),
        [1, 2, 1, 2, 1]
    );
    let pids: Vec<u32> = games.iter().map(|g| g.0).collect();
    assert_eq!((pids[0], pids[2]), (pids[1], pids[3]));
    assert!(pids[0] != pids[2] && pids[2] != pids[4] && pids[0] != pids[4]);
    assert!(pids.iter().all(|p| !alive(*p)));
    // Not asking: a process a game.
    let (report, games) = run("fresh", "--fresh");
    assert!(report.forfeits.is_empty(), "{report}");
    assert_eq!(games.len(), 5);
    assert!(games.iter().all(|g| g.1 == 1));
    let mut pids: Vec<u32> = games.iter().map(|g| g.0).collect();
    pids.dedup();
    assert_eq!(pids.len(), 5);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_arena_run_keeps_a_bot_that_asks_between_its_games() {
    let dir = crate::common::scratch_dir("new-game-arena");
    let log = dir.join("games");
    let out = dir.join("r.jsonl");
    let bot = counting(&log, "");
    let args = [
        "mars-attacks",
        "arena",
        "--scenario",
        &root().join("scenarios/ambush.toml").display().to_string(),
        "--players",
        &bot,
        "random",
        "--games",
        "4",
        "--jobs",
        "1",
        "-q",
        "--overwrite",
        "--out",
        &out.display().to_string(),
    ]
    .map(String::from);
    let (mut o, mut e) = (Vec::new(), Vec::new());
    let code = mars_attacks::cli::run_from(args, &mut o, &mut e);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&e));
    // The run's check of the hello is a process of its own, stopped at once; then one
    // process plays the four games.
    let games = games_logged(&log);
    assert_eq!(games.len(), 5, "{games:?}");
    let player = games[1].0;
    assert_eq!(
        &games[1..],
        (1..=4).map(|g| (player, g)).collect::<Vec<_>>()
    );
    assert!(!alive(player) && !alive(games[0].0));
    let _ = std::fs::remove_dir_all(&dir);
}
