//! Hostile bots against the binary, run as a user would run it: a bot may stop reading,
//! flood its output or its standard error, exit leaving a child on its pipes, leave
//! children behind, or not start at all. Each test asserts the exit code, the key words of
//! the message, the peak memory where memory was the problem, and that no process the run
//! started outlives it (the bot fixture writes the process ids it and its children have).

use crate::child;

use std::path::{Path, PathBuf};
use std::time::Duration;

use child::{Run, fixture_alive, mib, pids_in, root, run, scratch, survivors};

fn hostile(how: &str, pids: &Path, limit: &str) -> String {
    format!(
        "exec[limit={limit}]:python3 {} {how} {}",
        root().join("tests/fixtures/bots/hostile_bot.py").display(),
        pids.display()
    )
}

fn scenario(name: &str) -> PathBuf {
    root().join("scenarios").join(name)
}

/// Every process the bots wrote down has ended. A process killed as the run ends may not
/// have been scheduled to die by the time the run's own process exits (seen on a machine
/// with every core busy), so each has a few seconds to go before it counts as left over.
fn none_left(pids: &Path) {
    let all = pids_in(pids);
    assert!(!all.is_empty(), "the bots wrote their process ids");
    for _ in 0..50 {
        if !all.iter().any(|p| fixture_alive(*p)) {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let left = survivors(&all);
    assert!(
        left.is_empty(),
        "still running after the run: {left:?} of {all:?}"
    );
}

#[test]
fn a_bot_that_stops_reading_loses_within_its_limit_instead_of_hanging_the_engine() {
    // The bot shrinks its input to one page and stops reading after the hello: a decision
    // of Battle for Greenville (over 4 KiB) cannot be written whole. The write counts
    // against the bot's limit; it used to block forever.
    let pids = scratch("bots", "stop-reading");
    let bot = hostile("stop-reading", &pids, "0.5");
    let s = scenario("battle-for-greenville.toml");
    let r = Run::new(&[
        "duel".as_ref(),
        s.as_os_str(),
        bot.as_ref(),
        "random".as_ref(),
        "--games".as_ref(),
        "2".as_ref(),
    ])
    .kill_after(Duration::from_secs(60))
    .run();
    assert_eq!(r.code, Some(0), "a forfeit is a result: {}", r.stderr);
    assert!(
        r.stderr
            .contains("did not read decision 1 within its limit of 0.50 s"),
        "{}",
        r.stderr
    );
    assert!(r.elapsed < Duration::from_secs(30), "{:?}", r.elapsed);
    none_left(&pids);
}

#[test]
fn a_bot_flooding_its_standard_error_keeps_only_its_last_lines() {
    // 64 KiB pieces without a newline for the whole of its 3 s: kept as one line, whole,
    // this took 1.49 GB at a 5 s limit.
    let pids = scratch("bots", "stderr-flood");
    let bot = hostile("stderr-flood", &pids, "3");
    let s = scenario("whos-there.toml");
    let r = run(&[
        "duel".as_ref(),
        s.as_os_str(),
        bot.as_ref(),
        "random".as_ref(),
        "--games".as_ref(),
        "1".as_ref(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("no answer to decision 1 within its limit of 3.00 s"),
        "{}",
        &r.stderr[..r.stderr.len().min(2000)]
    );
    // The tail is one line of 300 characters.
    let longest = r
        .stderr
        .split(|c| c != 'x')
        .map(str::len)
        .max()
        .unwrap_or(0);
    assert_eq!(longest, 300, "the kept line is cut to its width");
    assert!(r.peak_kib < 64 * 1024, "peak {:.1} MiB", mib(r.peak_kib));
    none_left(&pids);
}

#[test]
fn a_bot_flooding_its_output_loses_at_its_next_decision_in_bounded_memory() {
    // The bot answers its first decision, then writes answers without end while the other
    // side (a bot taking a second a decision) thinks. Read into a channel without bound,
    // this took 2.1 GB in 8 s; its output is now not read between its decisions.
    let pids = scratch("bots", "stdout-flood");
    let sleepy = hostile("sleepy", &pids, "5");
    let flood = hostile("stdout-flood", &pids, "5");
    let s = scenario("whos-there.toml");
    let r = run(&[
        "duel".as_ref(),
        s.as_os_str(),
        sleepy.as_ref(),
        flood.as_ref(),
        "--games".as_ref(),
        "1".as_ref(),
        "--no-swap".as_ref(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stderr.contains("stdout-flood")
            && r.stderr
                .contains("was sent: a bot writes one line for each message"),
        "{}",
        &r.stderr[..r.stderr.len().min(2000)]
    );
    assert!(r.peak_kib < 64 * 1024, "peak {:.1} MiB", mib(r.peak_kib));
    none_left(&pids);
}

#[test]
fn a_bot_that_exits_leaving_a_child_on_its_output_is_told_at_once() {
    // The child keeps the output open, so no end of file comes: the exit itself is
    // noticed, and the child ends with the bot's process group. This used to wait out
    // the whole limit and say "no answer within its limit".
    let pids = scratch("bots", "exit-with-child");
    let bot = hostile("exit-with-child", &pids, "30");
    let s = scenario("whos-there.toml");
    let r = run(&[
        "duel".as_ref(),
        s.as_os_str(),
        bot.as_ref(),
        "random".as_ref(),
        "--games".as_ref(),
        "1".as_ref(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("it exited (status 3) before answering decision 1"),
        "{}",
        r.stderr
    );
    assert!(r.elapsed < Duration::from_secs(20), "{:?}", r.elapsed);
    none_left(&pids);
}

#[test]
fn bots_and_their_children_end_with_their_games_and_leak_nothing() {
    // Each game's bot starts a child that holds its pipes and would outlive it. With 40
    // descriptors, two leaked a game used to stop every program from starting after about
    // fifteen games (15 of 30 forfeited, exit code 0), and 15 children outlived the run.
    let pids = scratch("bots", "plays");
    let out = pids.join("results.jsonl");
    let bot = hostile("plays", &pids, "5");
    let s = scenario("whos-there.toml");
    let r = Run::new(&[
        "arena".as_ref(),
        "--scenario".as_ref(),
        s.as_os_str(),
        "--players".as_ref(),
        bot.as_ref(),
        "random".as_ref(),
        "--games".as_ref(),
        "30".as_ref(),
        "--jobs".as_ref(),
        "1".as_ref(),
        "--quiet".as_ref(),
        "--out".as_ref(),
        out.as_os_str(),
    ])
    .open_files(40)
    .run();
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = std::fs::read_to_string(&out).unwrap();
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 30);
    for rec in &records {
        assert_eq!(rec["status"], "finished", "{rec}");
        assert!(rec["error"].is_null(), "{rec}");
    }
    // The check before the run and the 30 games: 31 bots, each with its child.
    assert_eq!(pids_in(&pids).len(), 62);
    none_left(&pids);
}

#[test]
fn a_bot_that_cannot_start_is_refused_before_any_game() {
    let dir = scratch("bots", "no-start");
    let out = dir.join("results.jsonl");
    let s = scenario("whos-there.toml");
    let arena = run(&[
        "arena".as_ref(),
        "--scenario".as_ref(),
        s.as_os_str(),
        "--players".as_ref(),
        "exec:./no-such-bot-here".as_ref(),
        "random".as_ref(),
        "--games".as_ref(),
        "4".as_ref(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    let duel = run(&[
        "duel".as_ref(),
        s.as_os_str(),
        "exec:./no-such-bot-here".as_ref(),
        "random".as_ref(),
    ]);
    for r in [arena, duel] {
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert!(
            r.stderr.contains("cannot play, so no game was played")
                && r.stderr.contains("cannot start `./no-such-bot-here`"),
            "{}",
            r.stderr
        );
    }
    assert!(
        !out.exists(),
        "no results file for a run that never started"
    );
    // A bot that starts but does not answer the hello is refused the same way.
    let bot = format!(
        "exec:python3 {} no-hello",
        root().join("tests/fixtures/bots/failing_bot.py").display()
    );
    let r = run(&[
        "duel".as_ref(),
        s.as_os_str(),
        bot.as_ref(),
        "random".as_ref(),
    ]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("before answering the hello"),
        "{}",
        r.stderr
    );
}
