//! Every output path follows one rule: a new file in a folder that exists, or a file of
//! the kind the command writes (known from its first bytes, read no further); never a
//! device, a FIFO, a folder, a link to nothing or a file of another kind, and every file
//! written is named on the command line or in `--help`. Writing several files is all or
//! nothing. Each refusal is exit code 2, names the path, and leaves it as it was.
//!
//! No test here names a real device as an output (a fault would replace it): a symbolic
//! link to one stands in, which a faulty write would replace instead of the device.

use crate::child::{self, Run, mib, run};

use std::ffi::OsString;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn scratch(name: &str) -> PathBuf {
    child::scratch("hardening-outputs", name)
}

fn whos_there() -> PathBuf {
    child::root().join("scenarios/whos-there.toml")
}

/// Two games of random players on Ambush on Route 9, as an arena results file in `dir`.
fn results(dir: &Path) -> PathBuf {
    let out = dir.join("results.jsonl");
    let r = run(&[
        "arena".as_ref(),
        "--scenario".as_ref(),
        child::root().join("scenarios/ambush.toml").as_os_str(),
        "--players".as_ref(),
        "random".as_ref(),
        "greedy".as_ref(),
        "--games".as_ref(),
        "2".as_ref(),
        "--seed".as_ref(),
        "1".as_ref(),
        "-q".as_ref(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    out
}

/// What may not be replaced, each made in `dir`: a FIFO, a folder, a link to a device, a
/// link to nothing, and a text file of the user's.
fn things_in_the_way(dir: &Path) -> Vec<(&'static str, PathBuf)> {
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let folder = dir.join("folder");
    std::fs::create_dir_all(&folder).unwrap();
    let device = dir.join("device");
    std::os::unix::fs::symlink("/dev/null", &device).unwrap();
    let dangling = dir.join("dangling");
    std::os::unix::fs::symlink(dir.join("gone"), &dangling).unwrap();
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    vec![
        ("a FIFO", fifo),
        ("a folder", folder),
        ("a device", device),
        ("a link to nothing", dangling),
        ("already exists and is not", notes),
    ]
}

/// Each is as it was made.
fn still_there(things: &[(&str, PathBuf)]) {
    for (what, path) in things {
        let meta = std::fs::symlink_metadata(path).unwrap();
        let ok = match *what {
            "a FIFO" => meta.file_type().is_fifo(),
            "a folder" => meta.is_dir() && std::fs::read_dir(path).unwrap().next().is_none(),
            "a device" | "a link to nothing" => meta.file_type().is_symlink(),
            _ => std::fs::read_to_string(path).unwrap() == "my notes",
        };
        assert!(ok, "{} ({what}) was changed", path.display());
    }
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

fn refused(args: &[OsString], path: &Path, what: &str) {
    let r = Run::new(args).kill_after(Duration::from_secs(60)).run();
    assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
    assert!(
        r.stderr.contains(&path.display().to_string()),
        "{args:?}: {}",
        r.stderr
    );
    let words = match what {
        "a FIFO" => "is a FIFO",
        "a folder" => "is a folder",
        "a device" => "is a device",
        "a link to nothing" => "is a link to nothing",
        _ => "already exists and is not",
    };
    assert!(r.stderr.contains(words), "{args:?}: {}", r.stderr);
}

fn args(words: &[&dyn AsRef<std::ffi::OsStr>]) -> Vec<OsString> {
    words.iter().map(|w| w.as_ref().to_owned()).collect()
}

#[test]
fn no_output_path_replaces_a_device_a_fifo_a_folder_or_a_file_of_another_kind() {
    let dir = scratch("in-the-way");
    let results = results(&dir);
    let things = things_in_the_way(&dir);
    let scenario = whos_there();
    for (what, path) in &things {
        let commands: Vec<Vec<OsString>> = vec![
            args(&[&"strength", &results, &"--out", path]),
            args(&[&"render", &scenario, &"--svg", path]),
            args(&[&"setup-sheet", &"--scenario", &scenario, &"--out", path]),
            args(&[
                &"fit-evaluation",
                &"--scenario",
                &scenario,
                &"--games",
                &"1",
                &"--players",
                &"random",
                &"--out",
                path,
            ]),
        ];
        for c in commands {
            refused(&c, path, what);
        }
        // `report --out DIR` writes a folder: a folder there is its own; anything else
        // is refused.
        if *what != "a folder" {
            refused(&args(&[&"report", &results, &"--out", path]), path, what);
        }
    }
    still_there(&things);
}

#[test]
fn strength_names_the_chart_it_writes_and_writes_neither_file_unless_both_may_be() {
    let dir = scratch("strength-chart");
    let results = results(&dir);
    let out = dir.join("record.md");
    let chart = dir.join("record-calibration.svg");
    std::fs::write(&chart, "my notes").unwrap();
    let r = run(&[
        "strength".as_ref(),
        results.as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("record-calibration.svg"), "{}", r.stderr);
    assert!(!out.exists(), "the record is not written either");
    assert_eq!(std::fs::read_to_string(&chart).unwrap(), "my notes");
    // `--help` says which file it writes beside the record.
    let help = run(&["strength", "--help"]);
    assert!(
        help.stdout.contains("NAME-calibration.svg"),
        "{}",
        help.stdout
    );
    // With the chart out of the way both are written, and written again over themselves.
    std::fs::remove_file(&chart).unwrap();
    for _ in 0..2 {
        let r = run(&[
            "strength".as_ref(),
            results.as_os_str(),
            "--out".as_ref(),
            out.as_os_str(),
        ]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert!(out.is_file() && chart.is_file());
    }
}

#[test]
fn fit_evaluation_replaces_only_an_evaluation_file() {
    let dir = scratch("fit-out");
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    let r = run(&[
        "fit-evaluation".as_ref(),
        "--scenario".as_ref(),
        whos_there().as_os_str(),
        "--games".as_ref(),
        "1".as_ref(),
        "--players".as_ref(),
        "random".as_ref(),
        "--out".as_ref(),
        notes.as_os_str(),
    ]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("is not an evaluation file"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
    // An evaluation file written before is replaced.
    let weights = dir.join("weights.toml");
    std::fs::copy(child::root().join("data/evaluation.toml"), &weights).unwrap();
    let r = run(&[
        "fit-evaluation".as_ref(),
        "--scenario".as_ref(),
        whos_there().as_os_str(),
        "--games".as_ref(),
        "4".as_ref(),
        "--players".as_ref(),
        "random".as_ref(),
        "--out".as_ref(),
        weights.as_os_str(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = std::fs::read_to_string(&weights).unwrap();
    assert!(text.contains("--players random --games 4"), "{text}");
}

#[test]
fn an_existing_file_is_told_apart_from_its_first_bytes_alone() {
    // A 4 GiB file of zeros (sparse: no disk used) at the picture's path, and a link to a
    // device that never ends: refused at once, reading no more than the first bytes.
    let dir = scratch("bounded");
    let big = dir.join("big.svg");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(4 << 30)
        .unwrap();
    let full = dir.join("full.svg");
    std::os::unix::fs::symlink("/dev/full", &full).unwrap();
    for (path, words) in [(&big, "is not an SVG picture"), (&full, "is a device")] {
        for command in [
            args(&[&"render", &whos_there(), &"--svg", path]),
            args(&[&"setup-sheet", &"--scenario", &whos_there(), &"--out", path]),
        ] {
            let r = Run::new(&command).kill_after(Duration::from_secs(30)).run();
            assert_eq!(r.code, Some(2), "{command:?}: {}", r.stderr);
            assert!(r.stderr.contains(words), "{}", r.stderr);
            assert!(r.elapsed < Duration::from_secs(5), "{:?}", r.elapsed);
            assert!(r.peak_kib < 64 * 1024, "peak {:.1} MiB", mib(r.peak_kib));
        }
    }
    assert_eq!(std::fs::metadata(&big).unwrap().len(), 4 << 30);
}

#[test]
fn render_and_setup_sheet_follow_one_rule_for_a_missing_folder() {
    let dir = scratch("no-folder");
    let out = dir.join("missing/map.svg");
    for command in [
        args(&[&"render", &whos_there(), &"--svg", &out]),
        args(&[&"setup-sheet", &"--scenario", &whos_there(), &"--out", &out]),
    ] {
        let r = Run::new(&command).run();
        assert_eq!(r.code, Some(2), "{command:?}: {}", r.stderr);
        assert!(r.stderr.contains("does not exist"), "{}", r.stderr);
        assert!(!dir.join("missing").exists(), "no folder is made");
    }
}

#[test]
fn a_report_is_written_whole_or_not_at_all() {
    // players.csv is a folder: nothing of the report is written, the page written before
    // is as it was, and the message names the folder.
    let dir = scratch("report-all-or-none");
    let results = results(&dir);
    let out = dir.join("report");
    let first = run(&[
        "report".as_ref(),
        results.as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(first.code, Some(0), "{}", first.stderr);
    let page = std::fs::read(out.join("index.html")).unwrap();
    std::fs::remove_file(out.join("games.csv")).unwrap();
    std::fs::remove_file(out.join("players.csv")).unwrap();
    std::fs::create_dir(out.join("players.csv")).unwrap();
    let r = run(&[
        "report".as_ref(),
        results.as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("players.csv is a folder"), "{}", r.stderr);
    assert!(r.stderr.contains("nothing was written"), "{}", r.stderr);
    assert_eq!(std::fs::read(out.join("index.html")).unwrap(), page);
    assert!(!out.join("games.csv").exists(), "games.csv is not written");
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["index.html", "pairings.csv", "players.csv", "sides.csv"],
        "no temporary file"
    );
}

#[test]
fn fit_evaluation_writes_no_weights_when_it_fitted_no_position() {
    // One game, game 0, is held out (every fifth is): nothing is left to fit.
    let dir = scratch("fit-nothing");
    let out = dir.join("weights.toml");
    let r = run(&[
        "fit-evaluation".as_ref(),
        "--scenario".as_ref(),
        whos_there().as_os_str(),
        "--games".as_ref(),
        "1".as_ref(),
        "--players".as_ref(),
        "random".as_ref(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stderr.contains("none was left to fit"), "{}", r.stderr);
    assert!(!out.exists());
}
