//! Results files read a record at a time, files written all or nothing, readers capped:
//! `report`, `scenarios --record` and `arena --resume` on a results file larger than the
//! memory they are allowed, a write that fails half-way, a deck read from a device. Each
//! test asserts the exit code, the key words of the message, the peak memory where memory
//! was the problem, and that no file appears where none should.

use crate::child;

use std::path::{Path, PathBuf};
use std::time::Duration;

use child::{mib, root, run, scratch};

/// A results file of `games` self-play games of `greedy` on Scenario 1 (run seed 0, the
/// file as it is now), made from the records of a short real run with their game numbers
/// changed: what `arena --players greedy --games N` would leave.
fn big_results(dir: &Path, games: u32) -> PathBuf {
    let sample = dir.join("sample.jsonl");
    let s = root().join("scenarios/whos-there.toml");
    let r = run(&[
        "arena".as_ref(),
        "--scenario".as_ref(),
        s.as_os_str(),
        "--players".as_ref(),
        "greedy".as_ref(),
        "--games".as_ref(),
        "20".as_ref(),
        "--quiet".as_ref(),
        "--out".as_ref(),
        sample.as_os_str(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&sample)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let path = dir.join("big.jsonl");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for g in 0..games {
        let mut rec = lines[g as usize % lines.len()].clone();
        rec["id"] = format!("Who's There?/greedy-vs-greedy/{g}").into();
        rec["game"] = g.into();
        use std::io::Write;
        writeln!(out, "{rec}").unwrap();
    }
    drop(out);
    path
}

/// Every file under `dir`, relative to it.
fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    out.sort();
    out
}

/// A copy of the shipped scenarios and their balance files, to record into.
fn shelf_copy(dir: &Path) -> PathBuf {
    let shelf = dir.join("shelf");
    std::fs::create_dir_all(shelf.join("balance")).unwrap();
    for sub in ["", "balance"] {
        for e in std::fs::read_dir(root().join("scenarios").join(sub)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "toml") {
                std::fs::copy(&p, shelf.join(sub).join(p.file_name().unwrap())).unwrap();
            }
        }
    }
    shelf
}

#[test]
fn a_large_results_file_is_read_a_record_at_a_time() {
    // 150,000 games, about 115 MB. Held whole, report took 1.4 times the file
    // (534 MB for a 387 MB file), scenarios --record 1.1 times, arena --resume 1.2 times;
    // read a record at a time, each stays under 64 MiB, whatever the file's size.
    let dir = scratch("files", "large");
    let games = 150_000;
    let big = big_results(&dir, games);
    let size = std::fs::metadata(&big).unwrap().len();
    assert!(size > 100 << 20, "{size} bytes");
    let bound = 64 * 1024;

    let out = dir.join("report");
    let r = run(&[
        "report".as_ref(),
        big.as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stderr.contains("report: 150000 games"), "{}", r.stderr);
    assert!(
        r.peak_kib < bound,
        "report: peak {:.1} MiB",
        mib(r.peak_kib)
    );
    // games.csv has every game once, in id order, and the chunks it was sorted in are
    // gone.
    let table = std::fs::read_to_string(out.join("games.csv")).unwrap();
    let ids: Vec<&str> = table
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(ids.len(), games as usize);
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "sorted by id");
    assert_eq!(
        files_under(&out),
        [
            "games.csv",
            "index.html",
            "pairings.csv",
            "players.csv",
            "sides.csv"
        ]
    );

    let shelf = shelf_copy(&dir);
    let docs = dir.join("docs");
    let r = run(&[
        "scenarios".as_ref(),
        "--dir".as_ref(),
        shelf.as_os_str(),
        "--docs".as_ref(),
        docs.as_os_str(),
        "--record".as_ref(),
        big.as_os_str(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout
            .contains("whos-there.toml: greedy on both sides, 150000 games:"),
        "{}",
        r.stdout
    );
    assert!(
        r.peak_kib < bound,
        "scenarios --record: peak {:.1} MiB",
        mib(r.peak_kib)
    );

    let s = root().join("scenarios/whos-there.toml");
    let r = run(&[
        "arena".as_ref(),
        "--scenario".as_ref(),
        s.as_os_str(),
        "--players".as_ref(),
        "greedy".as_ref(),
        "--games".as_ref(),
        "150000".as_ref(),
        "--resume".as_ref(),
        "--quiet".as_ref(),
        "--out".as_ref(),
        big.as_os_str(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stderr.contains("150000 already in") && r.stderr.contains("0 to play"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("150000 games finished"), "{}", r.stdout);
    assert!(
        r.peak_kib < bound,
        "arena --resume: peak {:.1} MiB",
        mib(r.peak_kib)
    );
    assert_eq!(
        std::fs::metadata(&big).unwrap().len(),
        size,
        "nothing added"
    );
    // A hundred megabytes is not left in the temporary folder.
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_write_that_fails_leaves_every_file_as_it_was_and_names_its_path() {
    let dir = scratch("files", "fails");
    let big = big_results(&dir, 10);
    let shelf = shelf_copy(&dir);
    let balance = shelf.join("balance/whos-there.toml");
    let before = std::fs::read(&balance).unwrap();
    // A file where the pictures' folder would go: the page's pictures cannot be written,
    // after the balance files were.
    let docs = dir.join("docs");
    std::fs::create_dir_all(&docs).unwrap();
    std::fs::write(docs.join("scenarios"), "in the way").unwrap();
    let r = run(&[
        "scenarios".as_ref(),
        "--dir".as_ref(),
        shelf.as_os_str(),
        "--docs".as_ref(),
        docs.as_os_str(),
        "--record".as_ref(),
        big.as_os_str(),
    ]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    let blocked = docs.join("scenarios").display().to_string();
    assert!(r.stderr.contains(&blocked), "{}", r.stderr);
    assert!(r.stderr.contains("nothing was written"), "{}", r.stderr);
    assert_eq!(
        std::fs::read(&balance).unwrap(),
        before,
        "the balance file as it was"
    );
    assert_eq!(
        files_under(&docs),
        ["scenarios"],
        "no page, no temporary file"
    );
    assert!(
        files_under(&shelf).iter().all(|f| !f.contains("tmp")),
        "{:?}",
        files_under(&shelf)
    );

    // A picture's path a folder, the pictures' folder itself in place: refused before
    // any file is written, the balance files as they were.
    std::fs::remove_file(docs.join("scenarios")).unwrap();
    std::fs::create_dir_all(docs.join("scenarios/whos-there.svg")).unwrap();
    let r = run(&[
        "scenarios".as_ref(),
        "--dir".as_ref(),
        shelf.as_os_str(),
        "--docs".as_ref(),
        docs.as_os_str(),
        "--record".as_ref(),
        big.as_os_str(),
    ]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("whos-there.svg is a folder"),
        "{}",
        r.stderr
    );
    assert_eq!(
        std::fs::read(&balance).unwrap(),
        before,
        "the balance file as it was"
    );
    assert!(
        files_under(&docs).is_empty(),
        "no page, no picture, no temporary file"
    );
    assert!(
        files_under(&shelf).iter().all(|f| !f.contains("tmp")),
        "{:?}",
        files_under(&shelf)
    );

    // A report whose folder is a file: refused by name (the command line names what may
    // not be written: exit code 2), the file untouched.
    let out = dir.join("report-here");
    std::fs::write(&out, "my notes").unwrap();
    let r = run(&[
        "report".as_ref(),
        big.as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains(&out.display().to_string()),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "my notes");
}

#[test]
fn a_deck_read_from_a_device_stops_at_its_cap() {
    // It used to read 1 GB of zeros before failing.
    let r = run(&["deck", "/dev/zero"]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stderr.contains("/dev/zero:1:1"), "{}", r.stderr);
    assert!(r.stderr.contains("more than 1048576 bytes"), "{}", r.stderr);
    assert!(r.elapsed < Duration::from_secs(5), "{:?}", r.elapsed);
    assert!(r.peak_kib < 32 * 1024, "peak {:.1} MiB", mib(r.peak_kib));
}

/// A results file holding `records` (each given as a change to one sample record).
fn results_of(dir: &Path, name: &str, records: &[serde_json::Value]) -> PathBuf {
    let path = dir.join(name);
    let text: String = records.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(&path, text).unwrap();
    path
}

fn sample_record(dir: &Path) -> serde_json::Value {
    let big = big_results(dir, 1);
    let text = std::fs::read_to_string(big).unwrap();
    serde_json::from_str(text.lines().next().unwrap()).unwrap()
}

#[test]
fn a_summary_lists_twenty_failed_games_with_their_errors_cut() {
    let dir = scratch("files", "failures");
    let base = sample_record(&dir);
    let records: Vec<serde_json::Value> = (0..50)
        .map(|g| {
            let mut r = base.clone();
            r["id"] = format!("Who's There?/greedy-vs-greedy/{g}").into();
            r["status"] = "runaway".into();
            r["winner"] = serde_json::Value::Null;
            r["reason"] = serde_json::Value::Null;
            r["error"] = "e".repeat(5000).into();
            r
        })
        .collect();
    let file = results_of(&dir, "failed.jsonl", &records);
    let r = run(&[
        "report".as_ref(),
        file.as_os_str(),
        "--out".as_ref(),
        dir.join("rep").as_os_str(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let listed: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("failed: Who's There?"))
        .collect();
    assert_eq!(listed.len(), 20, "{}", r.stdout);
    for l in &listed {
        let error = l.rsplit(": ").next().unwrap();
        assert_eq!(error, format!("{} ...", "e".repeat(300)));
    }
    assert!(
        r.stdout.contains("failed: 30 more game(s), 50 in all"),
        "{}",
        r.stdout
    );
    // The table of games keeps every error whole.
    let table = std::fs::read_to_string(dir.join("rep/games.csv")).unwrap();
    assert_eq!(table.matches(&"e".repeat(5000)).count(), 50);
}

#[test]
fn a_player_is_measured_once_whatever_its_runs_and_only_from_finished_games() {
    let dir = scratch("files", "measure");
    let base = sample_record(&dir);
    let mut records = Vec::new();
    // greedy: one game in each of three runs (seeds 1, 2, 3).
    for seed in 1..=3u64 {
        let mut r = base.clone();
        r["seed"] = seed.into();
        records.push(r);
    }
    // random: two games, both stopped by the guard.
    for g in 0..2 {
        let mut r = base.clone();
        r["id"] = format!("Who's There?/random-vs-random/{g}").into();
        r["humans"] = "random".into();
        r["martians"] = "random".into();
        r["status"] = "runaway".into();
        r["winner"] = serde_json::Value::Null;
        r["reason"] = serde_json::Value::Null;
        records.push(r);
    }
    let file = results_of(&dir, "runs.jsonl", &records);
    let shelf = shelf_copy(&dir);
    let docs = dir.join("docs");
    let r = run(&[
        "scenarios".as_ref(),
        "--dir".as_ref(),
        shelf.as_os_str(),
        "--docs".as_ref(),
        docs.as_os_str(),
        "--record".as_ref(),
        file.as_os_str(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let recorded: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.contains("on both sides"))
        .collect();
    assert_eq!(recorded.len(), 1, "{}", r.stdout);
    assert!(
        recorded[0].contains("greedy on both sides, 3 games of 3 runs (seeds 1 and up)"),
        "{}",
        r.stdout
    );
    assert!(
        r.stderr
            .contains("random on both sides: none of its 2 games finished"),
        "{}",
        r.stderr
    );
    let balance = std::fs::read_to_string(shelf.join("balance/whos-there.toml")).unwrap();
    // With the search the games were played by, as the results carry it.
    let search = base["search"]
        .as_str()
        .expect("arena results carry the search");
    assert!(
        balance.contains(&format!(
            "player = \"greedy\"\nseed = 1\nruns = 3\nsearch = \"{search}\"\ngames = 3"
        )),
        "{balance}"
    );
    assert!(!balance.contains("player = \"random\""), "{balance}");

    // A player whose name would break the page is refused, and nothing is written.
    let mut evil = base.clone();
    evil["humans"] = "greedy\n# Owned".into();
    evil["martians"] = "greedy\n# Owned".into();
    let file = results_of(&dir, "evil.jsonl", &[evil]);
    let shelf = shelf_copy(&scratch("files", "measure-evil"));
    let before = files_under(&shelf);
    let docs = dir.join("docs-evil");
    let r = run(&[
        "scenarios".as_ref(),
        "--dir".as_ref(),
        shelf.as_os_str(),
        "--docs".as_ref(),
        docs.as_os_str(),
        "--record".as_ref(),
        file.as_os_str(),
    ]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stderr.contains("control character"), "{}", r.stderr);
    assert!(r.stderr.contains("nothing was recorded"), "{}", r.stderr);
    assert!(!docs.exists());
    assert_eq!(files_under(&shelf), before);
}
