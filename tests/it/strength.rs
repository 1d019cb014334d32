//! The strength record (`mars-attacks strength`): its scores and intervals, the calibration
//! of the values the search reports, and the fingerprints that date it.

use crate::common;

use std::process::Command;

use common::{TempDir, arena_record};
use mars_attacks::arena::record::RootValue;
use mars_attacks::arena::strength::{Strength, stale};
use mars_attacks::arena::{Reason, Record, Winner};
use mars_attacks::rules::Side;

fn game(id: &str, humans: &str, martians: &str, winner: Winner) -> Record {
    Record {
        search: Some("abc".into()),
        ..arena_record(id, humans, martians, Some(winner), Reason::MoreVp, 6)
    }
}

/// Three wins in four against `greedy`, seats swapped: 0.75 with the Wilson interval of
/// 3 in 4, [0.3006, 0.9544] (z = 1.96); the head-to-head table stays empty.
#[test]
fn scores_against_greedy_are_shares_with_wilson_intervals() {
    let mut s = Strength::default();
    s.add(&game("a", "mcts:1000", "greedy", Winner::Humans));
    s.add(&game("b", "greedy", "mcts:1000", Winner::Martians));
    s.add(&game("c", "mcts:1000", "greedy", Winner::Humans));
    s.add(&game("d", "greedy", "mcts:1000", Winner::Humans));
    let t = s.against_greedy["mcts:1000"]["S"];
    assert_eq!((t.score, t.games), (3.0, 4));
    let (p, lo, hi) = t.rate();
    assert_eq!(p, 0.75);
    assert!(
        (lo - 0.3006).abs() < 1e-4 && (hi - 0.9544).abs() < 1e-4,
        "{lo} {hi}"
    );
    assert!(s.head_to_head.is_empty());
    let md = s.markdown("chart.svg", "abc");
    assert!(md.contains("| S | 0.75 [0.30, 0.95] (4) |"), "{md}");
    assert!(md.contains("Search: `abc`"));
    // Budgets in the order of their size, not of their spelling.
    s.add(&game("e", "mcts:300", "greedy", Winner::Humans));
    let md = s.markdown("chart.svg", "abc");
    assert!(
        md.contains("| scenario | `mcts:300` | `mcts:1000` |"),
        "{md}"
    );
}

/// Two searches against each other: the score is the first (in name order) player's, a
/// draw counting half.
#[test]
fn head_to_head_counts_draws_half_from_either_seat() {
    let mut s = Strength::default();
    s.add(&game("a", "mcts:3000", "mcts:1000", Winner::Humans)); // 1000 loses
    s.add(&game("b", "mcts:1000", "mcts:3000", Winner::Humans)); // 1000 wins
    let mut draw = game("c", "mcts:3000", "mcts:1000", Winner::Humans);
    draw.winner = None;
    s.add(&draw);
    let t = s.head_to_head[&("mcts:1000".to_string(), "mcts:3000".to_string())];
    assert_eq!((t.score, t.games), (1.5, 3));
}

/// The values a search reported, against whether its side won: four values of 0.25 for
/// the winners and four of 0.75 for the losers against `greedy`, so the tenths hold 4 and 4,
/// the Brier score is 0.75² = 0.5625 and the log-loss -ln 0.25 = 1.3863; a game of a search
/// against itself counts apart (0.55 for the winner: Brier 0.45² = 0.2025).
#[test]
fn calibration_bins_values_by_tenths_with_brier_and_log_loss() {
    let mut s = Strength::default();
    for i in 0..4 {
        let mut r = game(&format!("g{i}"), "mcts:1000", "greedy", Winner::Humans);
        r.values = vec![
            RootValue {
                decision: 0,
                side: Side::Humans,
                value: 0.25,
            },
            RootValue {
                decision: 1,
                side: Side::Martians,
                value: 0.75,
            },
        ];
        s.add(&r);
    }
    let c = s.other;
    assert_eq!(c.values, 8);
    assert_eq!(c.bins[2].positions, 4);
    assert_eq!(c.bins[2].won, 4.0);
    assert_eq!(c.bins[7].positions, 4);
    assert_eq!(c.bins[7].won, 0.0);
    assert!((c.brier / 8.0 - 0.5625).abs() < 1e-12);
    assert!((c.log_loss / 8.0 - 4f64.ln()).abs() < 1e-9);
    // Games of a search against itself are counted apart: a value of 0.55 for the winner.
    assert_eq!(s.self_play.values, 0);
    let mut mirror = game("m", "mcts:1000", "mcts:1000", Winner::Martians);
    mirror.values = vec![RootValue {
        decision: 0,
        side: Side::Martians,
        value: 0.55,
    }];
    s.add(&mirror);
    assert_eq!(s.self_play.values, 1);
    assert_eq!(s.self_play.bins[5].won, 1.0);
    assert!((s.self_play.brier - 0.2025).abs() < 1e-12);
    assert_eq!(s.other.values, 8);
    let svg = s.chart_svg();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
}

/// A record is dated by one search: games of two searches, or of a version that did not
/// say which, or of two versions of a scenario file, cannot share one.
#[test]
fn a_record_takes_the_games_of_one_search() {
    let mut s = Strength::default();
    s.add(&game("a", "mcts:1000", "greedy", Winner::Humans));
    assert_eq!(s.search(), Ok("abc"));
    let mut other = game("b", "mcts:1000", "greedy", Winner::Humans);
    other.search = Some("def".into());
    s.add(&other);
    assert!(
        s.search()
            .unwrap_err()
            .to_string()
            .contains("2 different searches")
    );
    let mut old = Strength::default();
    let mut r = game("a", "mcts:1000", "greedy", Winner::Humans);
    r.search = None;
    old.add(&r);
    assert!(
        old.search()
            .unwrap_err()
            .to_string()
            .contains("name no search fingerprint")
    );
    // Nor games of two versions of one scenario file.
    let mut edited = Strength::default();
    edited.add(&game("a", "mcts:1000", "greedy", Winner::Humans));
    let mut r = game("b", "mcts:1000", "greedy", Winner::Humans);
    r.scenario_fingerprint = "1".into();
    edited.add(&r);
    assert!(
        edited
            .search()
            .unwrap_err()
            .to_string()
            .contains("different versions of s.toml")
    );
}

/// `--check` reads the record's fingerprints: a changed search or scenario file, or one
/// that is gone, makes it stale.
#[test]
fn stale_names_what_changed() {
    let record = "Search: `abc`\n\n- scenario `a.toml`: `1`\n- scenario `b.toml`: `2`\n";
    let now = |f: &str| match f {
        "a.toml" => Some("1".to_string()),
        "b.toml" => Some("3".to_string()),
        _ => None,
    };
    assert!(stale("Search: `abc`\n\n- scenario `a.toml`: `1`\n", "abc", now).is_empty());
    let changed = stale(record, "xyz", now);
    assert_eq!(changed.len(), 2, "{changed:?}");
    assert!(changed[0].contains("search has changed"));
    assert!(changed[1].contains("b.toml has changed"));
    let gone = stale("Search: `abc`\n- scenario `c.toml`: `1`\n", "abc", now);
    assert_eq!(gone, vec!["c.toml cannot be read".to_string()]);
}

/// From an arena run to a current record and back to stale: the record the command writes
/// passes `--check` until the scenario it names changes.
#[test]
fn the_command_writes_a_record_that_checks_until_a_scenario_changes() {
    let dir = TempDir::new("strength-cli");
    let scenario = dir.0.join("s.toml");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/ambush.toml"),
        &scenario,
    )
    .unwrap();
    let results = dir.0.join("r.jsonl");
    let out = dir.0.join("strength.md");
    let bin = env!("CARGO_BIN_EXE_mars-attacks");
    // Two games of `mcts:20` against greedy on the scenario as it is, into `to`.
    let play = |to: &std::path::Path| {
        let arena = Command::new(bin)
            .args(["arena", "--scenario"])
            .arg(&scenario)
            .args([
                "--players",
                "mcts:20",
                "greedy",
                "--games",
                "2",
                "--seed",
                "3",
            ])
            .arg("--out")
            .arg(to)
            .arg("-q")
            .output()
            .unwrap();
        assert!(
            arena.status.success(),
            "{}",
            String::from_utf8_lossy(&arena.stderr)
        );
    };
    play(&results);
    let write = Command::new(bin)
        .arg("strength")
        .arg(&results)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        write.status.success(),
        "{}",
        String::from_utf8_lossy(&write.stderr)
    );
    let md = std::fs::read_to_string(&out).unwrap();
    assert!(md.contains("`mcts:20`") && md.contains("(2)"), "{md}");
    assert!(dir.0.join("strength-calibration.svg").exists());
    let check = || {
        Command::new(bin)
            .args(["strength", "--check", "--out"])
            .arg(&out)
            .output()
            .unwrap()
    };
    assert!(check().status.success());
    // A designer's note and a briefing rewritten change nothing the games depend on.
    let text = std::fs::read_to_string(&scenario).unwrap();
    let reworded = text.replacen(
        "The convoy was supposed to reach",
        "The convoy had orders to reach",
        1,
    ) + "\n# a designer's note\n";
    assert_ne!(reworded, format!("{text}\n# a designer's note\n"));
    std::fs::write(&scenario, &reworded).unwrap();
    assert!(check().status.success());
    // A rule changed dates the record.
    std::fs::write(
        &scenario,
        text.replacen("vp_target = 8", "vp_target = 9", 1),
    )
    .unwrap();
    let stale = check();
    assert!(!stale.status.success());
    assert!(String::from_utf8_lossy(&stale.stderr).contains("has changed since it was measured"));

    // Only the edited scenario is played again, into a results file of its own: recorded
    // with the earlier results, its earlier games are left out and the record is current.
    let again = dir.0.join("again.jsonl");
    play(&again);
    let write = Command::new(bin)
        .arg("strength")
        .arg(&results)
        .arg(&again)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        write.status.success(),
        "{}",
        String::from_utf8_lossy(&write.stderr)
    );
    assert!(
        String::from_utf8_lossy(&write.stderr).contains("2 game(s) on ")
            && String::from_utf8_lossy(&write.stderr)
                .contains("earlier version of it and are left out"),
        "{}",
        String::from_utf8_lossy(&write.stderr)
    );
    let md = std::fs::read_to_string(&out).unwrap();
    assert!(md.contains("`mcts:20`") && md.contains("(2)"), "{md}");
    assert!(check().status.success());
}

/// The shipped record, docs/strength.md, is of the search and the scenarios as they are:
/// a change to either needs the record measured again (`mars-attacks strength --check`).
#[test]
fn the_shipped_strength_record_is_current() {
    let root = env!("CARGO_MANIFEST_DIR");
    let record = std::fs::read_to_string(format!("{root}/docs/strength.md")).unwrap();
    let changed = stale(
        &record,
        &mars_attacks::bot::spec::search_fingerprint(),
        |file| {
            std::fs::read(format!("{root}/{file}"))
                .ok()
                .map(|b| mars_attacks::rules::fingerprint::scenario_fingerprint(&b))
        },
    );
    assert!(changed.is_empty(), "docs/strength.md is stale: {changed:?}");
    // Its ladder is of the recipes as they are, and every step of it is met.
    use mars_attacks::arena::ladder_table::{FINGERPRINT_LINE, ladder_staleness};
    let line = format!(
        "{FINGERPRINT_LINE}{}`",
        mars_attacks::bot::spec::LADDER.fingerprint()
    );
    assert!(
        record.lines().any(|l| l == line),
        "no `{line}` in the record"
    );
    assert_eq!(ladder_staleness(&record), None);
    let steps: Vec<&str> = record
        .lines()
        .filter(|l| l.starts_with("| `") && l.contains(" iterations a decision"))
        .collect();
    assert_eq!(steps.len(), 5, "{steps:?}");
    for row in &steps[1..] {
        assert_eq!(row.split(" | ").nth(3), Some("yes"), "{row}");
    }
}

/// The shipped dice ladders, docs/dice-ladder.md, are of both games' recipes as they are.
#[test]
fn the_shipped_dice_ladders_are_current() {
    let root = env!("CARGO_MANIFEST_DIR");
    let record = std::fs::read_to_string(format!("{root}/docs/dice-ladder.md")).unwrap();
    for (game, fp) in [
        ("martian-dice", martian_dice::ladder::LADDER.fingerprint()),
        ("dice-game", dice_game::ladder::LADDER.fingerprint()),
    ] {
        let line = format!("Ladder `{game}`: `{fp}`");
        assert!(
            record.lines().any(|l| l == line),
            "no `{line}` in the record"
        );
    }
}

/// A score as the record and the README print it, `0.71 [0.64, 0.76]`: the share and its
/// interval.
fn parse_score(text: &str) -> Option<(f64, f64, f64)> {
    let (p, rest) = text.trim().split_once(" [")?;
    let (lo, rest) = rest.split_once(", ")?;
    let hi = rest.split_once(']')?.0;
    Some((p.parse().ok()?, lo.parse().ok()?, hi.parse().ok()?))
}

/// A cell of the record, `0.71 [0.64, 0.76] (208)` (bold or not): the score and the games.
fn record_cell(cell: &str) -> Option<((f64, f64, f64), String)> {
    let cell = cell.trim_matches('*');
    let (score, games) = cell.rsplit_once(" (")?;
    Some((parse_score(score)?, games.strip_suffix(')')?.to_string()))
}

/// One score of the record: `player`'s share against `opponent`, its interval, and the
/// games as printed.
struct Entry {
    player: String,
    opponent: String,
    score: (f64, f64, f64),
    games: String,
}

/// The README's strength table (`` `A` against `B` | score | games ``) gives the figures of
/// the shipped record: against `greedy` its pooled row, between two searches its head-to-head
/// row, read from either player's side (one's share is one less the other's). The record is
/// written by a command; the README is written by hand, and must not be left behind when
/// the record is measured again.
#[test]
fn the_readme_strength_table_gives_the_record_s_figures() {
    let root = env!("CARGO_MANIFEST_DIR");
    let record = std::fs::read_to_string(format!("{root}/docs/strength.md")).unwrap();
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let lines: Vec<&str> = record.lines().collect();
    let header = lines
        .iter()
        .find(|l| l.starts_with("| scenario |"))
        .map(|l| common::markdown_cells(l))
        .expect("the record's table against greedy");
    let pooled = lines
        .iter()
        .find(|l| l.starts_with("| **pooled** |"))
        .map(|l| common::markdown_cells(l))
        .expect("the record's pooled row");
    let mut entries: Vec<Entry> = Vec::new();
    for (name, cell) in header.iter().zip(&pooled).skip(1) {
        let (score, games) = record_cell(cell).unwrap_or_else(|| panic!("record: {cell}"));
        entries.push(Entry {
            player: name.trim_matches('`').to_string(),
            opponent: "greedy".into(),
            score,
            games,
        });
    }
    for l in &lines {
        let c = common::markdown_cells(l);
        if c.len() == 3
            && c[0].starts_with("`mcts:")
            && c[1].starts_with("`mcts:")
            && let Some((score, games)) = record_cell(&c[2])
        {
            entries.push(Entry {
                player: c[0].trim_matches('`').into(),
                opponent: c[1].trim_matches('`').into(),
                score,
                games,
            });
        }
    }
    let mut checked = 0;
    for l in readme.lines() {
        let c = common::markdown_cells(l);
        let Some((a, b)) = c.first().and_then(|x| x.split_once(" against ")) else {
            continue;
        };
        if c.len() != 3 || !a.starts_with("`mcts:") {
            continue;
        }
        let (a, b) = (a.trim_matches('`'), b.trim_matches('`'));
        let shown = parse_score(&c[1]).unwrap_or_else(|| panic!("README: {l}"));
        // Read from the other side, a share printed to two places may round the other
        // way: a hundredth of slack then, none otherwise.
        let found = entries.iter().find_map(|e| {
            let (p, q, s) = (e.player.as_str(), e.opponent.as_str(), e.score);
            if (p, q) == (a, b) {
                Some((s, e.games.clone(), 1e-9))
            } else if (p, q) == (b, a) {
                Some(((1.0 - s.0, 1.0 - s.2, 1.0 - s.1), e.games.clone(), 0.0101))
            } else {
                None
            }
        });
        let (want, games, slack) =
            found.unwrap_or_else(|| panic!("README row not in the record: {l}"));
        let close = |x: f64, y: f64| (x - y).abs() < slack;
        assert!(
            close(shown.0, want.0) && close(shown.1, want.1) && close(shown.2, want.2),
            "README: {l}\nrecord: {want:?}"
        );
        assert_eq!(c[2], games, "README: {l}");
        checked += 1;
    }
    assert!(
        checked >= 7,
        "the README's strength table has {checked} rows"
    );
}
