//! Arena runs as a designer and a cluster use them: variant sweeps (`--vary`) and runs
//! split over a batch scheduler's job array (`--shard auto`), through the real binary.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use mars_attacks::arena::record::read_records;

const SCENARIO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/whos-there.toml");

/// The variables of job arrays, cleared so the machine's own never leak in.
const ARRAY_VARS: &[&str] = &[
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX",
    "SLURM_ARRAY_TASK_STEP",
    "JOB_COMPLETION_INDEX",
];

fn scratch(name: &str) -> PathBuf {
    crate::common::scratch_dir(&format!("sweep/{name}"))
}

fn command(args: &[&str], env: &[(&str, String)]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mars-attacks"));
    c.args(args);
    for v in ARRAY_VARS {
        c.env_remove(v);
    }
    for (k, v) in env {
        c.env(k, v);
    }
    c
}

fn run(args: &[&str]) -> Output {
    command(args, &[]).output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A run of random players (an iteration budget, so the same games on any machine).
fn arena_args<'a>(out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec![
        "arena",
        "--scenario",
        SCENARIO,
        "--players",
        "random",
        "greedy",
        "--games",
        "6",
        "--seed",
        "11",
        "--jobs",
        "1",
        "--quiet",
        "--out",
        out,
    ];
    a.extend_from_slice(extra);
    a
}

/// The report's CSV tables, with the wall-clock column of games.csv left out.
fn report_tables(dir: &Path, results: &[PathBuf]) -> BTreeMap<String, String> {
    let out = dir.to_str().unwrap();
    let mut args = vec!["report"];
    let files: Vec<&str> = results.iter().map(|p| p.to_str().unwrap()).collect();
    args.extend(files);
    args.extend(["--out", out]);
    let o = run(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let mut tables = BTreeMap::new();
    for name in ["games.csv", "sides.csv", "players.csv", "pairings.csv"] {
        let t = std::fs::read_to_string(dir.join(name)).unwrap();
        let t = if name == "games.csv" {
            let header: Vec<&str> = t.lines().next().unwrap().split(',').collect();
            let seconds = header.iter().position(|h| *h == "seconds").unwrap();
            t.lines()
                .map(|l| {
                    let mut cells: Vec<&str> = l.split(',').collect();
                    cells.remove(seconds);
                    cells.join(",")
                })
                .collect::<Vec<_>>()
                .join("\n")
        } else {
            t
        };
        tables.insert(name.to_string(), t);
    }
    tables
}

#[test]
fn shards_of_a_job_array_report_the_same_as_one_whole_run() {
    let dir = scratch("array");
    let whole = dir.join("whole.jsonl");
    let o = run(&arena_args(whole.to_str().unwrap(), &[]));
    assert!(o.status.success(), "{}", text(&o.stderr));
    let expected = report_tables(&dir.join("whole-report"), &[whole]);
    // One pairing (greedy and random) x 6 games.
    assert_eq!(expected["games.csv"].lines().count(), 1 + 6);

    // Slurm: `sbatch --array=1-3`, all tasks at once, each writing its own file.
    let n = 3;
    let files: Vec<PathBuf> = (1..=n)
        .map(|k| dir.join(format!("slurm-{k}.jsonl")))
        .collect();
    let tasks: Vec<_> = (1..=n)
        .map(|k| {
            let out = files[k - 1].to_str().unwrap().to_string();
            let env = [
                ("SLURM_ARRAY_TASK_ID", k.to_string()),
                ("SLURM_ARRAY_TASK_COUNT", n.to_string()),
                ("SLURM_ARRAY_TASK_MIN", "1".to_string()),
                ("SLURM_ARRAY_TASK_MAX", n.to_string()),
            ];
            command(&arena_args(&out, &["--shard", "auto"]), &env)
                .spawn()
                .expect("the binary runs")
        })
        .collect();
    for t in tasks {
        let o = t.wait_with_output().unwrap();
        assert!(o.status.success(), "{}", text(&o.stderr));
    }
    // Each task played its own part: 2 + 2 + 2 games, none twice.
    for f in &files {
        assert_eq!(read_records(f).unwrap().records.len(), 2, "{}", f.display());
    }
    assert_eq!(report_tables(&dir.join("slurm-report"), &files), expected);

    // A Kubernetes Indexed Job with completions: 2, indices 0 and 1.
    let files: Vec<PathBuf> = (0..2).map(|i| dir.join(format!("k8s-{i}.jsonl"))).collect();
    for (i, f) in files.iter().enumerate() {
        let env = [("JOB_COMPLETION_INDEX", i.to_string())];
        let o = command(
            &arena_args(f.to_str().unwrap(), &["--shard", "auto/2"]),
            &env,
        )
        .output()
        .unwrap();
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert_eq!(read_records(f).unwrap().records.len(), 3);
    }
    assert_eq!(report_tables(&dir.join("k8s-report"), &files), expected);
}

#[test]
fn shard_auto_outside_a_job_array_is_a_usage_error() {
    let dir = scratch("no-array");
    let out = dir.join("r.jsonl");
    let o = run(&arena_args(out.to_str().unwrap(), &["--shard", "auto"]));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("not a job array"),
        "{}",
        text(&o.stderr)
    );
    assert!(!out.exists());
}

#[test]
fn a_sweep_plays_every_combination_on_the_same_deals() {
    let dir = scratch("vary");
    let out = dir.join("r.jsonl");
    let o = run(&arena_args(
        out.to_str().unwrap(),
        &[
            "--vary",
            "vp_target=6,10",
            "--vary",
            "martians.deployment=a7-h8,a6-h8+b5",
            "--json",
        ],
    ));
    assert!(o.status.success(), "{}", text(&o.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let names: Vec<&str> = summary["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["scenario"].as_str().unwrap())
        .collect();
    let mut expected = vec![
        "Who's There? [vp_target=6, martians.deployment=a7-h8]",
        "Who's There? [vp_target=6, martians.deployment=a6-h8+b5]",
        "Who's There? [vp_target=10, martians.deployment=a7-h8]",
        "Who's There? [vp_target=10, martians.deployment=a6-h8+b5]",
    ];
    let mut sorted = names.clone();
    sorted.sort();
    expected.sort();
    assert_eq!(sorted, expected);
    for s in summary["scenarios"].as_array().unwrap() {
        // Each variant has its side win rates with intervals.
        assert_eq!(s["games"], 6);
        let h = &s["humans"];
        assert!(h["low"].as_f64().unwrap() <= h["rate"].as_f64().unwrap());
        assert!(h["rate"].as_f64().unwrap() <= h["high"].as_f64().unwrap());
    }
    // Game g of the pairing has the same set-up and dice in every variant.
    let records = read_records(&out).unwrap().records;
    assert_eq!(records.len(), 4 * 6);
    let mut seeds: BTreeMap<u32, Vec<(u64, u64)>> = BTreeMap::new();
    for r in &records {
        seeds
            .entry(r.game)
            .or_default()
            .push((r.game_seed, r.dice_seed));
    }
    for (game, s) in &seeds {
        assert_eq!(s.len(), 4);
        assert!(s.iter().all(|x| *x == s[0]), "game {game}: {s:?}");
    }
    // Games 0 and 2 are different deals.
    assert_ne!(seeds[&0][0], seeds[&2][0]);
}

#[test]
fn a_variant_that_does_not_load_stops_the_run_before_any_game() {
    let dir = scratch("bad-variant");
    let out = dir.join("r.jsonl");
    let o = run(&arena_args(
        out.to_str().unwrap(),
        &["--vary", "vp_target=0,8", "--vary", "counters.placed=4,11"],
    ));
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("variant Who's There? [vp_target=0, counters.placed=4] does not load"),
        "{err}"
    );
    assert!(
        err.contains("vp_target: 0 is out of range (expected 1 to 1000)"),
        "{err}"
    );
    // 11 counters cannot be placed from the pool of 10.
    assert!(
        err.contains("variant Who's There? [vp_target=8, counters.placed=11] does not load"),
        "{err}"
    );
    assert!(!err.contains("[vp_target=8, counters.placed=4]"), "{err}");
    assert!(!out.exists(), "no game was played");
}

#[test]
fn a_sweep_of_an_unknown_key_says_which_keys_there_are() {
    let dir = scratch("bad-key");
    let out = dir.join("r.jsonl");
    for (vary, says) in [
        ("vp_targt=6", "a scenario has no key \"vp_targt\""),
        ("martians.deploy=a7-h8", "martians has no key \"deploy\""),
        ("map=x", "this is a table"),
        ("name=x", "named after their values"),
        ("vp_target", "not a sweep"),
        ("humans.models[3].count=2", "humans.models has 1 entries"),
    ] {
        let o = run(&arena_args(out.to_str().unwrap(), &["--vary", vary]));
        assert_eq!(o.status.code(), Some(2), "{vary}");
        assert!(
            text(&o.stderr).contains(says),
            "{vary}: {}",
            text(&o.stderr)
        );
    }
    assert!(!out.exists());
}

/// `--until-decided`: a lopsided variant stops at an early look while a close one plays on;
/// the summary lists the variants in the order given, each verdict, and every variant
/// against the first on the same deals (paired game by game).
#[test]
fn a_sequential_sweep_stops_a_decided_variant_and_pairs_variants_on_the_same_deals() {
    let dir = scratch("sequential");
    let out = dir.join("r.jsonl");
    let out_s = out.to_str().unwrap();
    let o = run(&[
        "arena",
        "--scenario",
        SCENARIO,
        "--players",
        "greedy",
        "--vary",
        "vp_target=10,6",
        "--games",
        "400",
        "--seed",
        "3",
        "--jobs",
        "1",
        "--until-decided",
        "45-55",
        "--out",
        out_s,
        "-q",
    ]);
    let stdout = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    // The order given, not sorted: 10 before 6.
    let at = |s: &str| stdout.find(s).unwrap_or_else(|| panic!("{s} in {stdout}"));
    assert!(at("Who's There? [vp_target=10] (") < at("Who's There? [vp_target=6] ("));
    // Between greedy players the Humans win about 30% at VP target 6 and 47% at 10
    // (seed 3), so 6 is decided at a look before its 400 games and 10 is not.
    let records = read_records(&out).unwrap().records;
    let count = |v: &str| records.iter().filter(|r| r.scenario.contains(v)).count();
    assert!(count("vp_target=6") < 400, "{}", count("vp_target=6"));
    assert!(count("vp_target=6") < count("vp_target=10"));
    assert!(
        stdout.contains("Who's There? [vp_target=6]: favours the Martians after "),
        "{stdout}"
    );
    assert!(
        stdout.contains("Who's There? [vp_target=6] against Who's There? [vp_target=10]: -"),
        "{stdout}"
    );

    // A band that is not one, and a sharded sequential run, are usage errors.
    let o = run(&[
        "arena",
        "--scenario",
        SCENARIO,
        "--players",
        "greedy",
        "--until-decided",
        "55-45",
        "--out",
        out_s,
        "--overwrite",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("LOW-HIGH"), "{}", text(&o.stderr));
    let o = run(&[
        "arena",
        "--scenario",
        SCENARIO,
        "--players",
        "greedy",
        "--until-decided",
        "45-55",
        "--shard",
        "1/2",
        "--out",
        out_s,
        "--overwrite",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--shard"), "{}", text(&o.stderr));
}

/// `arena --vary ... --band`: the variants of a deployment raced to 45-55% Humans between
/// two `greedy` players.
fn race(out: &Path, jobs: &str) -> Output {
    run(&[
        "arena",
        "--scenario",
        SCENARIO,
        "--players",
        "greedy",
        "--vary",
        "martians.deployment=a7-h8,a5-h6,c4-f6",
        "--games",
        "200",
        "--seed",
        "9",
        "--band",
        "45,55",
        "--jobs",
        jobs,
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ])
}

#[test]
fn a_race_drops_the_variants_out_of_the_band_and_replays_on_any_threads() {
    let dir = scratch("race");
    let one = race(&dir.join("one.jsonl"), "1");
    let two = race(&dir.join("two.jsonl"), "2");
    assert!(one.status.success(), "{}", text(&one.stderr));
    let (one, two) = (text(&one.stdout), text(&two.stdout));
    let part = |t: &str| t[t.find("race to").expect("a race is printed")..].to_string();
    // The race is judged on each round's own games: the same whatever the threads.
    assert_eq!(part(&one), part(&two));
    let race = part(&one);
    assert!(race.starts_with("race to 45-55% Humans"), "{race}");
    // A round covers the same deals for every variant left.
    for line in race.lines().filter(|l| l.starts_with("  round ")) {
        assert!(line.contains("(games 0-"), "{line}");
    }
    // A variant dropped plays no game after its round: the file holds the round's games
    // of it and at most the one game a worker had begun.
    let records = read_records(&dir.join("one.jsonl")).unwrap().records;
    let mut round_end = 0usize;
    let mut dropped = 0;
    for line in race.lines() {
        if let Some(rest) = line.strip_prefix("  round ") {
            let games = rest.split("(games 0-").nth(1).unwrap();
            round_end = games.split(' ').next().unwrap().parse::<usize>().unwrap() + 1;
        }
        if let Some(d) = line.trim_start().strip_prefix("dropped ") {
            let name = d.split(": Humans").next().unwrap();
            let games = records.iter().filter(|r| r.scenario == name).count();
            assert!(
                (round_end..=round_end + 1).contains(&games),
                "{name}: {games}"
            );
            dropped += 1;
        }
    }
    assert!(dropped > 0, "{race}");
    // The survivors of the last round played all its games (one pairing: games 0 to
    // round_end - 1), and the best are those survivors.
    let last = race.rsplit("  round ").next().unwrap();
    let survivors: Vec<&str> = last
        .lines()
        .skip(1)
        .filter(|l| l.starts_with("    ") && !l.trim_start().starts_with("dropped "))
        .map(|l| l.trim_start().split(": Humans").next().unwrap())
        .collect();
    assert!(!survivors.is_empty(), "{race}");
    for name in &survivors {
        let games = records.iter().filter(|r| r.scenario == *name).count();
        assert_eq!(games, round_end, "{name}");
    }
    assert!(
        race.contains(&format!("  best: {}\n", survivors.join(", "))),
        "{race}"
    );
}

#[test]
fn a_race_needs_more_variants_than_it_keeps_and_no_shard() {
    let dir = scratch("race-usage");
    let out = dir.join("r.jsonl");
    let out = out.to_str().unwrap();
    let one = run(&[
        "arena",
        "--scenario",
        SCENARIO,
        "--players",
        "greedy",
        "--games",
        "10",
        "--band",
        "45-55",
        "--out",
        out,
    ]);
    assert_eq!(one.status.code(), Some(2));
    assert!(text(&one.stderr).contains("--band races 1 scenario(s) until --keep 1 are left"));
    let shard = run(&[
        "arena",
        "--scenario",
        SCENARIO,
        "--players",
        "greedy",
        "--vary",
        "vp_target=6,8",
        "--games",
        "10",
        "--band",
        "45-55",
        "--shard",
        "1/2",
        "--out",
        out,
    ]);
    assert_eq!(shard.status.code(), Some(2));
    assert!(text(&shard.stderr).contains("run it without --shard"));
}
