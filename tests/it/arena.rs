//! The arena: seeded AI-vs-AI runs that give the same games whatever the threads or shards,
//! results files that survive interruption, failed games recorded with their seeds, the
//! summary's statistics, and the report.

use crate::common;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;
use std::time::Duration;

use ai::Player;
use ai::stats::{Z95, wilson};
use mars_attacks::arena::play::{play_job, play_jobs};
use mars_attacks::arena::record::{PerSide, Vp, parse_records, read_records};
use mars_attacks::arena::{
    ArenaScenario, Entrant, Plan, Reason, Record, Shard, Status, Winner, summarize,
};
use mars_attacks::bot::game::Skirmish;
use mars_attacks::bot::spec::{BoxedPlayer, PlayerSpec};
use mars_attacks::rules::Action;
use mars_attacks::rules::scenario_file::load_scenario;
use rand_chacha::ChaCha8Rng;

fn whos_there() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/whos-there.toml")
}

fn scenario() -> ArenaScenario {
    let path = whos_there();
    let loaded = load_scenario(&path).expect("Scenario 1 loads");
    let bytes = std::fs::read(&path).unwrap();
    ArenaScenario::new(
        "scenarios/whos-there.toml",
        Arc::new(loaded.scenario),
        &bytes,
    )
}

fn plan(players: &[&str], games: u32) -> Plan {
    Plan {
        scenarios: vec![scenario()],
        players: players
            .iter()
            .map(|p| Entrant::new(p.parse::<PlayerSpec>().unwrap()))
            .collect(),
        games,
        seed: 11,
        mirror: false,
        max_decisions: 20_000,
        record_moves: false,
        luck: false,
    }
}

fn build(spec: &PlayerSpec) -> BoxedPlayer {
    spec.build()
}

/// A record without what the clock decides.
fn untimed(r: &Record) -> Record {
    Record {
        seconds: 0.0,
        think_seconds: PerSide::default(),
        max_decision_ms: 0.0,
        ..r.clone()
    }
}

fn play_all(plan: &Plan, shard: Shard, threads: usize) -> Vec<Record> {
    let mut out = Vec::new();
    play_jobs(
        plan,
        &plan.shard_jobs(shard),
        threads,
        &build,
        Duration::from_millis(50),
        |r| {
            out.push(untimed(&r));
            true
        },
        || {},
    );
    out.sort_by(|a, b| a.id.cmp(&b.id));
    out
}

#[test]
fn the_same_seed_gives_the_same_games_on_any_number_of_threads_and_shards() {
    let p = plan(&["random", "greedy", "mcts:8"], 4);
    // Three pairings of four games on one scenario.
    assert_eq!(p.jobs().len(), 12);
    let one = play_all(&p, Shard::ALL, 1);
    assert_eq!(one.len(), 12);
    assert!(one.iter().all(Record::finished), "{one:#?}");
    assert_eq!(play_all(&p, Shard::ALL, 3), one);
    let mut shards: Vec<Record> = (1..=3)
        .flat_map(|k| play_all(&p, Shard { index: k, count: 3 }, 2))
        .collect();
    shards.sort_by(|a, b| a.id.cmp(&b.id));
    assert_eq!(shards, one);
}

#[test]
fn sides_swap_every_other_game_and_every_pairing_meets_the_same_deals() {
    let p = plan(&["random", "greedy", "flat:4"], 4);
    let jobs = p.jobs();
    let key = |i: usize| p.players[i].key.as_str();
    for pair in jobs.chunks(4) {
        // Games 2k and 2k + 1: the same deal, the players in opposite seats.
        for k in [0, 2] {
            let (a, b) = (&pair[k], &pair[k + 1]);
            assert_eq!((a.game_seed, a.dice_seed), (b.game_seed, b.dice_seed));
            assert_eq!(a.seats, [b.seats[1], b.seats[0]]);
            assert_ne!(a.player_seeds, b.player_seeds);
        }
        assert_ne!(pair[0].game_seed, pair[2].game_seed);
        // The first of a pairing, by name, takes the Humans in even games.
        assert!(key(pair[0].seats[0]) < key(pair[0].seats[1]));
    }
    let deals: Vec<Vec<u64>> = jobs
        .chunks(4)
        .map(|c| c.iter().map(|j| j.game_seed).collect())
        .collect();
    assert!(deals.windows(2).all(|w| w[0] == w[1]));
    // Players given in another order make the same games.
    let q = plan(&["flat:4", "greedy", "random"], 4);
    let mut a: Vec<String> = jobs.iter().map(|j| j.id.clone()).collect();
    let mut b: Vec<String> = q.jobs().iter().map(|j| j.id.clone()).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

#[test]
fn one_player_alone_plays_itself_and_mirror_adds_self_pairings() {
    assert_eq!(plan(&["greedy"], 2).pairings(), vec![(0, 0)]);
    let mut p = plan(&["greedy", "random"], 2);
    assert_eq!(p.pairings(), vec![(0, 1)]);
    p.mirror = true;
    assert_eq!(p.pairings().len(), 3);
}

#[test]
fn a_panicking_or_cheating_player_is_recorded_and_the_run_goes_on() {
    struct Panics;
    impl Player<Skirmish> for Panics {
        fn name(&self) -> String {
            "panics".into()
        }
        fn choose(&mut self, game: &Skirmish, _: &mut ChaCha8Rng) -> Option<Action> {
            if game.state().turn_number() > 2 {
                panic!("deliberate failure in turn {}", game.state().turn_number());
            }
            let mut legal = Vec::new();
            ai::Game::legal_actions(game, &mut legal);
            legal.first().copied()
        }
    }
    struct Illegal;
    impl Player<Skirmish> for Illegal {
        fn name(&self) -> String {
            "illegal".into()
        }
        fn choose(&mut self, game: &Skirmish, _: &mut ChaCha8Rng) -> Option<Action> {
            if game.state().turn_number() > 2 {
                // Deploying is over by then.
                return Some(Action::Deploy("a1".parse().unwrap()));
            }
            let mut legal = Vec::new();
            ai::Game::legal_actions(game, &mut legal);
            legal.first().copied()
        }
    }
    let p = plan(&["random", "greedy"], 4);
    // From the third Turn on, "greedy" panics and "random" tries to deploy a model;
    // whichever decides first fails, and the sides swap every other game.
    let make = |spec: &PlayerSpec| -> BoxedPlayer {
        if spec.to_string() == "greedy" {
            Box::new(Panics)
        } else {
            Box::new(Illegal)
        }
    };
    let mut records = Vec::new();
    play_jobs(
        &p,
        &p.jobs(),
        2,
        &make,
        Duration::from_millis(50),
        |r| {
            records.push(r);
            true
        },
        || {},
    );
    assert_eq!(records.len(), 4, "every game is recorded");
    for r in &records {
        assert!(!r.finished());
        assert!(r.winner.is_none() && r.reason.is_none());
        let error = r.error.as_deref().unwrap_or("");
        match r.status {
            Status::Illegal => assert!(error.contains("chose `deploy a1`"), "{error}"),
            Status::Panic => assert!(error.contains("deliberate failure"), "{error}"),
            s => panic!("unexpected status {s:?}: {error}"),
        }
    }
    // Both kinds of failure happen.
    assert!(records.iter().any(|r| r.status == Status::Panic));
    assert!(records.iter().any(|r| r.status == Status::Illegal));
    let s = summarize(&records);
    assert_eq!(s.failures.len(), 4);
    assert_eq!(s.scenarios[0].failed, 4);
    assert!(s.players.is_empty(), "failed games rate nobody");
}

#[test]
fn the_runaway_guard_stops_a_game_and_records_it() {
    let mut p = plan(&["random", "greedy"], 2);
    p.max_decisions = 7;
    let r = play_job(&p, &p.jobs()[0], &build);
    assert_eq!(r.status, Status::Runaway);
    assert_eq!(r.decisions, 7);
    assert!(r.error.unwrap().contains("7 decisions"));
}

#[test]
fn a_finished_record_agrees_with_itself() {
    let p = plan(&["random", "greedy"], 2);
    for job in p.jobs() {
        let r = play_job(&p, &job, &build);
        assert!(r.finished());
        assert_eq!(r.vp_by_round.last(), Some(&r.vp));
        assert!(r.vp_by_round.len() >= usize::from(r.rounds));
        // VP never go down from one Round to the next.
        for w in r.vp_by_round.windows(2) {
            assert!(w[1].humans >= w[0].humans && w[1].martians >= w[0].martians);
        }
        match (r.winner, r.reason) {
            (Some(Winner::Humans), Some(Reason::VpTarget)) => assert!(r.vp.humans >= 8),
            (Some(Winner::Martians), Some(Reason::VpTarget)) => assert!(r.vp.martians >= 8),
            (Some(Winner::Humans), Some(Reason::MoreVp)) => assert!(r.vp.humans > r.vp.martians),
            (Some(Winner::Martians), Some(Reason::MoreVp)) => {
                assert!(r.vp.martians > r.vp.humans)
            }
            (None, Some(Reason::Draw)) => assert_eq!(r.vp.humans, r.vp.martians),
            (Some(_), Some(Reason::WipeOut)) => {}
            other => panic!("inconsistent ending {other:?}"),
        }
        assert_eq!(r.winning_player().is_some(), r.winner.is_some());
    }
}

fn record(id: &str, humans: &str, martians: &str, winner: Option<Winner>, rounds: u16) -> Record {
    let reason = if winner.is_some() {
        Reason::VpTarget
    } else {
        Reason::Draw
    };
    common::arena_record(id, humans, martians, winner, reason, rounds)
}

#[test]
fn the_summary_counts_sides_lengths_reasons_and_head_to_head() {
    // A beats B 6 times of 8 (4 as Humans, 2 as Martians), B wins 1, 1 draw.
    let h = Some(Winner::Humans);
    let m = Some(Winner::Martians);
    let games = [
        ("A", "B", h, 3),
        ("A", "B", h, 3),
        ("A", "B", h, 4),
        ("A", "B", h, 5),
        ("B", "A", m, 5),
        ("B", "A", m, 5),
        ("B", "A", h, 6),
        ("B", "A", None, 6),
    ];
    let mut records: Vec<Record> = games
        .iter()
        .enumerate()
        .map(|(i, &(hu, ma, w, r))| record(&format!("S/A-vs-B/{i}"), hu, ma, w, r))
        .collect();
    records[0].vp_by_round = vec![
        Vp {
            humans: 2,
            martians: 0,
        },
        Vp {
            humans: 8,
            martians: 1,
        },
    ];
    records[1].vp_by_round = vec![Vp {
        humans: 4,
        martians: 2,
    }];
    records[0].vp_from.humans.shoot = 3;
    records[0].vp_from.humans.fight = 2;
    records[1].vp_from.martians.counters = 4;
    let s = summarize(&records);
    let sc = &s.scenarios[0];
    assert_eq!((sc.games, sc.failed), (8, 0));
    assert_eq!(
        (sc.humans.count, sc.martians.count, sc.draws.count),
        (5, 2, 1)
    );
    let (lo, hi) = wilson(5.0, 8.0, Z95);
    assert_eq!((sc.humans.low, sc.humans.high), (lo, hi));
    assert_eq!(sc.rounds.mean, 37.0 / 8.0);
    assert_eq!(sc.length_histogram, vec![(3, 2), (4, 1), (5, 3), (6, 2)]);
    assert_eq!(
        sc.reasons,
        vec![
            (Reason::VpTarget, 7),
            (Reason::WipeOut, 0),
            (Reason::MoreVp, 0),
            (Reason::Survived, 0),
            (Reason::KeyModelDied, 0),
            (Reason::KeyModelLeft, 0),
            (Reason::HeldZone, 0),
            (Reason::Draw, 1),
            (Reason::Forfeit, 0)
        ]
    );
    // Round 1: 2 and 4 Human VP over 8 games; Round 2: the second game carries its final 4.
    assert_eq!(
        sc.mean_vp_by_round,
        vec![(6.0 / 8.0, 2.0 / 8.0), (12.0 / 8.0, 3.0 / 8.0)]
    );
    let a = &s.players[0];
    assert_eq!(
        (a.player.as_str(), a.wins, a.draws, a.losses),
        ("A", 6, 1, 1)
    );
    assert_eq!((a.as_humans.count, a.as_humans.of), (4, 4));
    assert_eq!((a.as_martians.count, a.as_martians.of), (2, 4));
    // A's score 6.5 of 8; with one virtual draw the rating gap is 400 log10(7 / 2).
    let gap = a.elo - s.players[1].elo;
    assert!((gap - 400.0 * (7.0f64 / 2.0).log10()).abs() < 1e-6, "{gap}");
    assert!(a.elo_low <= a.elo && a.elo <= a.elo_high);
    let pair = &s.pairings[0];
    assert_eq!((pair.first_wins, pair.draws, pair.second_wins), (6, 1, 1));
    assert_eq!(pair.first_score, 6.5 / 8.0);
    assert_eq!((pair.first_low, pair.first_high), wilson(6.5, 8.0, Z95));
    // Each side's wins by what decided them, and the seats the pairing's wins came from:
    // A won its 4 games as the Humans and 2 of its 4 as the Martians; B won 1 as Humans.
    assert_eq!(
        sc.humans_by,
        vec![
            (Reason::VpTarget, 5),
            (Reason::WipeOut, 0),
            (Reason::MoreVp, 0),
            (Reason::Survived, 0),
            (Reason::KeyModelDied, 0),
            (Reason::KeyModelLeft, 0),
            (Reason::HeldZone, 0),
            (Reason::Forfeit, 0)
        ]
    );
    assert_eq!(
        sc.martians_by,
        vec![
            (Reason::VpTarget, 2),
            (Reason::WipeOut, 0),
            (Reason::MoreVp, 0),
            (Reason::Survived, 0),
            (Reason::KeyModelDied, 0),
            (Reason::KeyModelLeft, 0),
            (Reason::HeldZone, 0),
            (Reason::Forfeit, 0)
        ]
    );
    assert_eq!((pair.first_wins_as, pair.second_wins_as), ((4, 2), (1, 0)));
    // The CSV tables carry the same per-side splits.
    let column = |table: &str, name: &str| -> String {
        let mut lines = table.lines();
        let head: Vec<&str> = lines.next().unwrap().split(',').collect();
        let row: Vec<&str> = lines.next().unwrap().split(',').collect();
        let i = head.iter().position(|h| *h == name).unwrap_or_else(|| {
            panic!("no column {name} in {head:?}");
        });
        row[i].to_string()
    };
    let sides = mars_attacks::arena::report::sides_csv(&s);
    assert_eq!(column(&sides, "humans_by_vp_target"), "5");
    assert_eq!(column(&sides, "martians_by_vp_target"), "2");
    assert_eq!(column(&sides, "humans_by_survived"), "0");
    let pairings = mars_attacks::arena::report::pairings_csv(&s);
    assert_eq!(column(&pairings, "first_wins_as_humans"), "4");
    assert_eq!(column(&pairings, "first_wins_as_martians"), "2");
    assert_eq!(column(&pairings, "second_wins_as_humans"), "1");
    assert_eq!(column(&pairings, "second_wins_as_martians"), "0");
    // Where the VP came from, per game on average over the 8.
    assert_eq!(
        sc.vp_from,
        vec![
            ("shoot", 3.0 / 8.0, 0.0),
            ("fight", 2.0 / 8.0, 0.0),
            ("counters", 0.0, 4.0 / 8.0),
            ("exit", 0.0, 0.0),
            ("hold", 0.0, 0.0)
        ]
    );
}

#[test]
fn games_of_a_player_against_itself_count_for_the_sides_not_as_its_wins() {
    let h = Some(Winner::Humans);
    let records = vec![
        record("S/A-vs-A/0", "A", "A", h, 3),
        record("S/A-vs-A/1", "A", "A", Some(Winner::Martians), 3),
        record("S/A-vs-B/0", "A", "B", h, 3),
        record("S/A-vs-B/1", "B", "A", h, 3),
    ];
    let s = summarize(&records);
    // The side table has all four games: three Human wins, one Martian.
    assert_eq!(
        (s.scenarios[0].humans.count, s.scenarios[0].martians.count),
        (3, 1)
    );
    let a = &s.players[0];
    assert_eq!(a.player, "A");
    assert_eq!(
        (a.games, a.wins, a.draws, a.losses, a.mirror_games),
        (2, 1, 0, 1, 2)
    );
}

#[test]
fn results_files_report_bad_lines_by_line_and_column_and_set_aside_a_torn_end() {
    let good = record("S/A-vs-B/0", "A", "B", Some(Winner::Humans), 3).to_line();
    let text = format!("{good}\n{{\"id\": 5}}\n{good}\n");
    let err = parse_records("r.jsonl", text.as_bytes())
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("r.jsonl:2:"), "{err}");
    let torn = format!("{good}\n\n{}", &good[..good.len() / 2]);
    let read = parse_records("r.jsonl", torn.as_bytes()).unwrap();
    assert_eq!(read.records.len(), 1);
    assert_eq!(read.torn_line, Some(3));
    assert_eq!(read.complete_len as usize, good.len() + 2);
    let whole_but_no_newline = format!("{good}\n{good}");
    let read = parse_records("r.jsonl", whole_but_no_newline.as_bytes()).unwrap();
    assert_eq!((read.records.len(), read.missing_newline), (2, true));
}

// The command line.

fn scratch(name: &str) -> PathBuf {
    crate::common::scratch_dir(&format!("arena/{name}"))
}

/// Command-line arguments from strings and paths.
macro_rules! args {
    ($($a:expr),* $(,)?) => {
        vec![$(OsString::from(&$a)),*]
    };
}

fn cli(args: Vec<OsString>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mars-attacks"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn untimed_file(path: &Path) -> Vec<Record> {
    let mut rs: Vec<Record> = read_records(path)
        .unwrap()
        .records
        .iter()
        .map(untimed)
        .collect();
    rs.sort_by(|a, b| a.id.cmp(&b.id));
    rs
}

#[test]
fn an_interrupted_run_resumes_without_replaying_finished_games() {
    let dir = scratch("resume");
    let full = dir.join("full.jsonl");
    let scen = whos_there();
    let base = args![
        "arena",
        "--scenario",
        scen,
        "--players",
        "random",
        "greedy",
        "--games",
        "6",
        "--seed",
        "5",
        "--jobs",
        "2",
    ];
    let o = cli([base.clone(), args!["--out", full]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains("Humans") && stdout.contains("rating"),
        "{stdout}"
    );
    let all = untimed_file(&full);
    assert_eq!(all.len(), 6);

    // Keep two lines and half of the third, as a killed run would.
    let text = std::fs::read_to_string(&full).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let cut = dir.join("cut.jsonl");
    std::fs::write(
        &cut,
        format!("{}\n{}\n{}", lines[0], lines[1], &lines[2][..40]),
    )
    .unwrap();
    let o = cli([base.clone(), args!["--out", cut]].concat());
    assert_eq!(o.status.code(), Some(2), "refuses without --resume");
    assert!(stderr(&o).contains("--resume"), "{}", stderr(&o));
    let o = cli([base.clone(), args!["--out", cut, "--resume"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("2 already in"), "{err}");
    assert!(err.contains("4 to play"), "{err}");
    assert!(err.contains(":3: the last line was cut short"), "{err}");
    assert_eq!(untimed_file(&cut), all);
    // The two kept lines are untouched, byte for byte.
    let resumed = std::fs::read_to_string(&cut).unwrap();
    assert!(resumed.starts_with(&format!("{}\n{}\n", lines[0], lines[1])));
    // Resuming a complete run plays nothing.
    let o = cli([base.clone(), args!["--out", cut, "--resume"]].concat());
    assert!(stderr(&o).contains("6 already in"), "{}", stderr(&o));
    assert!(stderr(&o).contains("0 to play"), "{}", stderr(&o));
}

#[test]
fn shards_played_apart_merge_into_the_whole_run_in_the_report() {
    let dir = scratch("shards");
    let scen = whos_there();
    let run = |out: &Path, shard: Option<&str>| {
        let mut a = args![
            "arena",
            "--scenario",
            scen,
            "--players",
            "random",
            "greedy",
            "--games",
            "6",
            "--seed",
            "9",
            "--jobs",
            "1",
            "--quiet",
            "--out",
            out,
        ];
        if let Some(s) = shard {
            a.extend(args!["--shard", s]);
        }
        let o = cli(a);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    };
    let (whole, a, b) = (
        dir.join("whole.jsonl"),
        dir.join("a.jsonl"),
        dir.join("b.jsonl"),
    );
    run(&whole, None);
    run(&a, Some("1/2"));
    run(&b, Some("2/2"));
    assert_eq!(untimed_file(&a).len(), 3);
    let mut merged = [untimed_file(&a), untimed_file(&b)].concat();
    merged.sort_by(|x, y| x.id.cmp(&y.id));
    assert_eq!(merged, untimed_file(&whole));

    let report = dir.join("report");
    let o = cli(args!["report", a, b, a, "--out", report]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("3 game(s) appear in more than one place"),
        "{}",
        stderr(&o)
    );
    let html = std::fs::read_to_string(report.join("index.html")).unwrap();
    // Three charts for the scenario and the ratings chart.
    assert_eq!(html.matches("<svg").count(), 4, "{html}");
    assert!(html.contains("Who&#x27;s There") || html.contains("Who's There"));
    let games = std::fs::read_to_string(report.join("games.csv")).unwrap();
    assert_eq!(games.lines().count(), 7, "a header and six games");
    let players = std::fs::read_to_string(report.join("players.csv")).unwrap();
    assert_eq!(players.lines().count(), 3);
    // The merged report says what the whole run's summary says.
    let whole_report = dir.join("whole-report");
    let o2 = cli(args!["report", whole, "--out", whole_report]);
    assert_eq!(o.stdout, o2.stdout);
}

#[test]
fn bad_input_is_refused_before_any_game() {
    let dir = scratch("bad");
    let out = dir.join("r.jsonl");
    let scen = whos_there();
    let o = cli(args![
        "arena",
        "--scenario",
        scen,
        "--players",
        "greedy",
        "mcts:fast",
        "--out",
        out
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("`mcts:fast` is not a player"),
        "{}",
        stderr(&o)
    );
    assert!(!out.exists(), "nothing is written");

    let broken = dir.join("broken.toml");
    std::fs::write(&broken, "name = 3\n").unwrap();
    let o = cli(args![
        "arena",
        "--scenario",
        broken,
        "--players",
        "greedy",
        "--out",
        out
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("broken.toml:1:"), "{}", stderr(&o));
    assert!(!out.exists());

    let o = cli(args![
        "arena",
        "--scenario",
        scen,
        "--players",
        "greedy",
        "--shard",
        "3/2",
        "--out",
        out
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a shard"), "{}", stderr(&o));

    let o = cli(args![
        "arena",
        "--scenario",
        scen,
        "--players",
        "greedy",
        "greedy",
        "--out",
        out
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("given twice"), "{}", stderr(&o));
    assert!(!out.exists());

    let junk = dir.join("junk.jsonl");
    std::fs::write(&junk, "{\"id\": \"x\"}\n").unwrap();
    let o = cli(args!["report", junk, "--out", dir.join("rep")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("junk.jsonl:1:"), "{}", stderr(&o));
    assert!(!dir.join("rep").exists());
    let o = cli(args![
        "report",
        dir.join("missing.jsonl"),
        "--out",
        dir.join("rep")
    ]);
    // Not there: a mistake of the command line (README's exit codes).
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("missing.jsonl: no such results file"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_run_whose_games_fail_records_them_and_exits_with_an_error() {
    let dir = scratch("guard");
    let out = dir.join("r.jsonl");
    let scen = whos_there();
    let o = cli(args![
        "arena",
        "--scenario",
        scen,
        "--players",
        "random",
        "greedy",
        "--games",
        "3",
        "--max-decisions",
        "10",
        "--quiet",
        "--out",
        out,
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("3 game(s) did not finish"),
        "{}",
        stderr(&o)
    );
    let rs = untimed_file(&out);
    assert_eq!(rs.len(), 3);
    assert!(
        rs.iter()
            .all(|r| r.status == Status::Runaway && r.decisions == 10)
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("game seed"));
}

#[test]
fn the_report_refuses_to_mix_versions_of_a_scenario_unless_told_to_keep_them_apart() {
    let dir = scratch("versions");
    let h = Some(Winner::Humans);
    let mut v1 = record("S/A-vs-B/0", "A", "B", h, 3);
    v1.scenario_fingerprint = "1111".into();
    v1.scenario_file = "old/s.toml".into();
    let mut v2 = record("S/A-vs-B/0", "A", "B", Some(Winner::Martians), 3);
    v2.scenario_fingerprint = "2222".into();
    v2.scenario_file = "new/s.toml".into();
    let (a, b) = (dir.join("old.jsonl"), dir.join("new.jsonl"));
    std::fs::write(&a, v1.to_line() + "\n").unwrap();
    std::fs::write(&b, v2.to_line() + "\n").unwrap();
    // Either order: refused, naming both versions and the files they came from.
    for (x, y) in [(&a, &b), (&b, &a)] {
        let o = cli(args!["report", x, y, "--out", dir.join("rep")]);
        assert_eq!(o.status.code(), Some(1));
        let err = stderr(&o);
        assert!(err.contains("\"S\" was played on 2 versions"), "{err}");
        assert!(
            err.contains("fingerprint 1111: scenario file old/s.toml"),
            "{err}"
        );
        assert!(
            err.contains("fingerprint 2222: scenario file new/s.toml"),
            "{err}"
        );
        assert!(err.contains("--by-fingerprint"), "{err}");
    }
    // Kept apart: two scenarios, one game each, whatever the order.
    let o = cli(args![
        "report",
        a,
        b,
        "--by-fingerprint",
        "--json",
        "--out",
        dir.join("rep")
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o2 = cli(args![
        "report",
        b,
        a,
        "--by-fingerprint",
        "--json",
        "--out",
        dir.join("rep2")
    ]);
    assert_eq!(o.stdout, o2.stdout);
    let summary: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let scenarios = summary["scenarios"].as_array().unwrap();
    assert_eq!(scenarios.len(), 2);
    assert_eq!(scenarios[0]["scenario"], "S (new/s.toml, 2222)");
    assert_eq!(scenarios[0]["martians"]["count"], 1);
    assert_eq!(scenarios[1]["scenario"], "S (old/s.toml, 1111)");
    assert_eq!(scenarios[1]["humans"]["count"], 1);
}

#[test]
fn every_vp_of_a_game_is_recorded_with_its_source() {
    let plan = plan(&["greedy", "random"], 40);
    let records = play_all(&plan, Shard::ALL, 2);
    let mut kinds = [0u32; 3];
    for r in records.iter().filter(|r| r.finished()) {
        for (vp, from) in [
            (r.vp.humans, r.vp_from.humans),
            (r.vp.martians, r.vp_from.martians),
        ] {
            // Scenario 1 scores kills and counters; nothing leaves or holds.
            assert_eq!(from.shoot + from.fight + from.counters, vp, "{}", r.id);
            assert_eq!((from.exit, from.hold), (0, 0));
            kinds[0] += u32::from(from.shoot);
            kinds[1] += u32::from(from.fight);
            kinds[2] += u32::from(from.counters);
        }
    }
    assert!(
        kinds.iter().all(|&k| k > 0),
        "every kind scored in some game: {kinds:?}"
    );
}

/// A VP target reached by escapes and one reached by kills are told apart: each VP-target
/// win counts under the winner's main VP source, and the text says so.
#[test]
fn vp_target_wins_are_split_by_where_the_winners_vp_came_from() {
    let mut escape = record("S/A-vs-B/0", "A", "B", Some(Winner::Humans), 4);
    escape.vp_from.humans.exit = 6;
    escape.vp_from.humans.shoot = 2;
    let mut kills = record("S/A-vs-B/1", "B", "A", Some(Winner::Humans), 4);
    kills.vp_from.humans.shoot = 5;
    kills.vp_from.humans.exit = 3;
    let mut martians = record("S/A-vs-B/2", "A", "B", Some(Winner::Martians), 4);
    martians.vp_from.martians.hold = 4;
    let s = summarize(&[escape, kills, martians]);
    let by = &s.scenarios[0].vp_target_by;
    let of = |name: &str| by.iter().find(|e| e.0 == name).map(|e| (e.1, e.2)).unwrap();
    assert_eq!(of("exit"), (1, 0));
    assert_eq!(of("shoot"), (1, 0));
    assert_eq!(of("hold"), (0, 1));
    assert_eq!(of("fight"), (0, 0));
    let mut text = Vec::new();
    mars_attacks::arena::report::write_text(&s, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains("Humans won by: VP target 2 (mostly from shoot 1, exit 1)"),
        "{text}"
    );
    assert!(
        text.contains("Martians won by: VP target 1 (mostly from hold 1)"),
        "{text}"
    );
}

/// Head to head scenario by scenario: a pairing that met on two scenarios gets a line for
/// each, counting only that scenario's games.
#[test]
fn head_to_head_is_split_by_scenario() {
    let mut games = Vec::new();
    for (i, (scenario, winner)) in [
        ("Ambush", Some(Winner::Humans)),
        ("Ambush", Some(Winner::Humans)),
        ("Farm", Some(Winner::Martians)),
        ("Farm", None),
    ]
    .into_iter()
    .enumerate()
    {
        // A plays the Humans in every game: A wins both on Ambush, loses one and draws one
        // on the Farm.
        let mut r = record(&format!("{scenario}/A-vs-B/{i}"), "A", "B", winner, 3);
        r.scenario = scenario.into();
        games.push(r);
    }
    let s = summarize(&games);
    let on = |name: &str| {
        s.pairings_by_scenario
            .iter()
            .find(|(sc, _)| sc == name)
            .map(|(_, p)| (p.games, p.first_wins, p.draws, p.second_wins))
            .unwrap()
    };
    assert_eq!(on("Ambush"), (2, 2, 0, 0));
    assert_eq!(on("Farm"), (2, 0, 1, 1));
    let mut text = Vec::new();
    mars_attacks::arena::report::write_text(&s, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains("  on Ambush: 2 games, 2-0-0, score 1.000"),
        "{text}"
    );
    assert!(
        text.contains("  on Farm: 2 games, 0-1-1, score 0.250"),
        "{text}"
    );
}

/// A pairing's luck-adjusted score is the mean of the first player's results less its
/// luck (the Humans' luck when it played them, its opposite when not), with a normal
/// interval from the games' spread.
#[test]
fn the_luck_adjusted_score_takes_each_games_luck_out_of_its_result() {
    // "a" sorts first. Game 1: a (Humans) wins with the Humans' luck 0.3: adjusted 0.7.
    // Game 2: a (Martians) loses with the Humans' luck 0.2 (a's luck -0.2): adjusted 0.2.
    // Game 3: a (Humans) draws, luck -0.1: adjusted 0.6.
    let mut games = vec![
        common::arena_record("g1", "a", "b", Some(Winner::Humans), Reason::WipeOut, 3),
        common::arena_record("g2", "b", "a", Some(Winner::Humans), Reason::WipeOut, 3),
        common::arena_record("g3", "a", "b", None, Reason::Draw, 6),
    ];
    for (g, luck) in games.iter_mut().zip([0.3, 0.2, -0.1]) {
        g.luck = Some(luck);
    }
    let s = summarize(&games);
    let p = &s.pairings[0];
    assert_eq!((p.first.as_str(), p.games), ("a", 3));
    assert!((p.first_score - 1.5 / 3.0).abs() < 1e-12);
    let l = p.luck_adjusted.expect("the records carry their luck");
    let adjusted = [0.7, 0.2, 0.6];
    let mean = adjusted.iter().sum::<f64>() / 3.0;
    let var = adjusted.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 2.0;
    assert_eq!(l.games, 3);
    assert!((l.score - mean).abs() < 1e-12, "{l:?}");
    assert!(
        (l.high - l.score - Z95 * (var / 3.0).sqrt()).abs() < 1e-12,
        "{l:?}"
    );
    assert!((l.score - l.low - (l.high - l.score)).abs() < 1e-12);
    // Records without their luck (earlier versions, `--no-luck`) give none.
    for g in &mut games {
        g.luck = None;
    }
    assert!(summarize(&games).pairings[0].luck_adjusted.is_none());
}

/// The arena measures a game's luck when its plan asks, and the same seed gives the same.
#[test]
fn a_game_records_its_luck_when_asked() {
    let mut p = plan(&["greedy", "random"], 2);
    let plain = play_job(&p, &p.jobs()[0], &build);
    assert_eq!(plain.luck, None);
    p.luck = true;
    let a = play_job(&p, &p.jobs()[0], &build);
    let b = play_job(&p, &p.jobs()[0], &build);
    let luck = a.luck.expect("a finished game with its luck");
    assert_eq!(a.luck, b.luck);
    // The game is the one played without measuring: measuring draws nothing from its dice.
    assert_eq!(untimed(&Record { luck: None, ..a }), untimed(&plain));
    // A game of Who's There? rolls dice that matter: its luck is not nothing.
    assert!(luck != 0.0, "{luck}");
}
