//! The shelf of shipped scenarios: each has its balance measured on the file as it is
//! (R29), Scenario 1 is a fair contest, every other scenario is fair or says in its
//! briefing how it leans, `docs/scenarios.md` and its pictures are what the files give,
//! and the pieces behind them (balance from arena records, the map picture, `scenarios
//! --record/--check`) count what they should.

use crate::common;

use common::{TempDir, run_cli};

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use mars_attacks::arena::{Reason, Record, Status, Winner};
use mars_attacks::bot::spec::search_fingerprint;
use mars_attacks::cli::run_from;
use mars_attacks::rules::WallKind;
use mars_attacks::rules::scenario::Start;
use mars_attacks::rules::scenario_file::parse_scenario;
use mars_attacks::rules::{Edge, Side};
use mars_attacks::shelf::balance::measure;
use mars_attacks::shelf::picture::colors;
use mars_attacks::shelf::{BalanceState, MapPicture, Shelved, docs, read_shelf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn shelf() -> Vec<Shelved> {
    read_shelf(&root().join("scenarios")).unwrap_or_else(|p| panic!("{}", p.join("\n")))
}

/// The measurement of `player` on `s`.
fn measured<'a>(s: &'a Shelved, player: &str) -> &'a mars_attacks::shelf::Measured {
    s.balance
        .as_ref()
        .and_then(|b| b.measured.iter().find(|m| m.player == player))
        .unwrap_or_else(|| panic!("{}: no {player} measurement", s.file_name()))
}

#[test]
fn the_shelf_holds_scenario_1_and_at_least_four_more() {
    let shelf = shelf();
    assert!(shelf.len() >= 5, "{} scenarios", shelf.len());
    assert!(shelf.iter().any(|s| s.stem == "whos-there"));
    for s in &shelf {
        assert!(s.warnings.is_empty(), "{}: {:?}", s.file_name(), s.warnings);
        assert!(
            s.scenario.description.len() > 300,
            "{}: the briefing is too short to brief anyone",
            s.file_name()
        );
    }
}

#[test]
fn every_shipped_scenario_is_measured_on_the_file_as_it_is() {
    for s in shelf() {
        match s.balance_state() {
            BalanceState::Current => {}
            BalanceState::Missing => panic!(
                "{}: no balance file: measure it with the arena and record it with \
                 `mars-attacks scenarios --record RESULTS`",
                s.file_name()
            ),
            BalanceState::Stale(old) => panic!(
                "{} changed (fingerprint {}) since its balance was measured ({old}): measure \
                 it again and record it with `mars-attacks scenarios --record RESULTS`",
                s.file_name(),
                s.fingerprint
            ),
        }
        // Every recorded run is the search player at 1,000 iterations or the greedy
        // player, each at least 400 games, seats swapped by the arena.
        let m = measured(&s, "mcts:1000");
        assert!(m.games >= 400, "{}: {} games", s.file_name(), m.games);
        assert_eq!(m.failed, 0, "{}: failed games", s.file_name());
        let g = measured(&s, "greedy");
        assert!(
            g.games >= 400,
            "{}: {} greedy games",
            s.file_name(),
            g.games
        );
    }
}

#[test]
fn scenario_1_is_a_fair_contest_between_equal_players() {
    let shelf = shelf();
    let s = shelf.iter().find(|s| s.stem == "whos-there").unwrap();
    // R29: 45-55% for the Humans between equal search players, the interval inside
    // 40-60%, and greedy self-play inside 35-65%.
    let m = measured(s, "mcts:1000");
    let h = m.humans_rate();
    assert!(
        (0.45..=0.55).contains(&h.rate),
        "mcts:1000: Humans {:.3}",
        h.rate
    );
    assert!(
        h.low >= 0.40 && h.high <= 0.60,
        "interval [{:.3}, {:.3}]",
        h.low,
        h.high
    );
    let g = measured(s, "greedy").humans_rate();
    assert!(
        g.low >= 0.35 && g.high <= 0.65,
        "greedy: [{:.3}, {:.3}]",
        g.low,
        g.high
    );
    // The map itself follows the text: tests/it/scenarios.rs,
    // `whos_there_map_follows_the_briefing`.
}

#[test]
fn every_other_scenario_is_fair_or_says_how_it_leans() {
    for s in shelf() {
        let h = measured(&s, "mcts:1000").humans_rate();
        if (0.45..=0.55).contains(&h.rate) {
            continue;
        }
        // Leaning on purpose: the briefing names the favoured side (the one that wins more
        // often) and its measured share of wins.
        let m = measured(&s, "mcts:1000");
        let (side, share) = if m.humans.total() >= m.martians.total() {
            ("Humans", h.rate)
        } else {
            ("Martians", m.martians_rate().rate)
        };
        let percent = format!("{:.0}%", 100.0 * share);
        let d = &s.scenario.description;
        assert!(
            d.contains(side) && d.contains(&percent),
            "{}: the Humans win {:.1}% between equal players, so the briefing must say that \
             it favours the {side} and by how much ({percent})",
            s.file_name(),
            100.0 * h.rate
        );
    }
}

#[test]
fn the_scenarios_page_and_pictures_are_what_the_files_give() {
    let shelf = shelf();
    for (rel, text) in docs::documents(&shelf, &search_fingerprint()) {
        let path = root().join("docs").join(&rel);
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            on_disk == text,
            "{} is not what the scenario files give: run `mars-attacks scenarios`",
            path.display()
        );
    }
    let page = docs::page(&shelf, &search_fingerprint());
    for s in &shelf {
        assert!(page.contains(&format!("## {}", s.scenario.name)));
        assert!(page.contains(&format!("scenarios/{}.svg", s.stem)));
    }
}

/// Game numbers for the records made here, each game its own.
static NEXT_GAME: AtomicUsize = AtomicUsize::new(0);

fn record(
    fingerprint: &str,
    player: &str,
    winner: Option<Winner>,
    reason: Reason,
    rounds: u16,
) -> Record {
    let n = NEXT_GAME.fetch_add(1, Ordering::Relaxed);
    let mut r = common::arena_record(
        &format!("S/{player}-vs-{player}/{n}"),
        player,
        player,
        winner,
        reason,
        rounds,
    );
    r.seed = 5;
    r.scenario_fingerprint = fingerprint.into();
    r
}

#[test]
fn balance_counts_self_play_games_of_the_file_by_side_and_reason() {
    let h = Some(Winner::Humans);
    let m = Some(Winner::Martians);
    let mut records = vec![
        record("f1", "greedy", h, Reason::VpTarget, 2),
        record("f1", "greedy", h, Reason::WipeOut, 4),
        record("f1", "greedy", h, Reason::VpTarget, 3),
        record("f1", "greedy", m, Reason::MoreVp, 5),
        record("f1", "greedy", None, Reason::Draw, 5),
        // Another version of the file, and a game between two players: left out.
        record("f0", "greedy", m, Reason::VpTarget, 1),
    ];
    let mut mixed = record("f1", "greedy", m, Reason::VpTarget, 1);
    mixed.martians = "random".into();
    records.push(mixed);
    // The first game again, from another results file: counted once.
    records.push(records[0].clone());
    let mut failed = record("f1", "greedy", None, Reason::Draw, 9);
    failed.status = Status::Runaway;
    failed.reason = None;
    records.push(failed);
    let got = measure(&records, "f1");
    assert_eq!(got.len(), 1);
    let g = &got[0];
    assert_eq!((g.player.as_str(), g.seed), ("greedy", 5));
    assert_eq!((g.games, g.failed, g.draws), (5, 1, 1));
    assert_eq!(
        (g.humans.vp_target, g.humans.wipe_out, g.humans.more_vp),
        (2, 1, 0)
    );
    assert_eq!(
        (
            g.martians.vp_target,
            g.martians.wipe_out,
            g.martians.more_vp
        ),
        (0, 0, 1)
    );
    // Rounds 2, 4, 3, 5, 5: mean 3.8, sample sd sqrt(6.8 / 4).
    assert_eq!((g.rounds.min, g.rounds.max), (2, 5));
    assert!((g.rounds.mean - 3.8).abs() < 1e-9);
    assert!((g.rounds.sd - (6.8f64 / 4.0).sqrt()).abs() < 1e-3);
    // 3 of 5 for the Humans.
    assert!((g.humans_rate().rate - 0.6).abs() < 1e-12);
}

const TINY: &str = r#"
name = "Tiny"
first_turn = "humans"
[map]
walls = [
  { edge = "c3 north", kind = "high" },
  { edge = "d5 east", kind = "low" },
]
blockers = ["f6"]
[humans]
models = [{ profile = "soldier", count = 3, start = "enter" }, { profile = "soldier", start = "b2" }]
entry = { edge = "west", round = 2 }
exit = "east"
vp = { exit = 1 }
[martians]
models = [{ profile = "martian", count = 2, start = "deploy" }]
deployment = ["a7-b8"]
[counters]
critters = 3
secrets = 2
placed = 4
"#;

#[test]
fn the_picture_shows_walls_zones_starts_edges_and_counters() {
    let sc = parse_scenario("tiny.toml", TINY).unwrap().scenario;
    let p = MapPicture::of(&sc);
    // c3 north: the edge between rows 3 and 4 (y = 5 from the north edge), x 2..3.
    assert_eq!(p.walls.len(), 2);
    assert_eq!(p.walls[0].from, (2.0, 5.0));
    assert_eq!(p.walls[0].to, (3.0, 5.0));
    assert_eq!(p.walls[0].kind, WallKind::High);
    // d5 east: x = 4, rows 5 (y 3..4).
    assert_eq!(p.walls[1].from, (4.0, 3.0));
    assert_eq!(p.walls[1].to, (4.0, 4.0));
    assert_eq!(
        p.zones,
        vec![(Side::Martians, sc.sides[Side::Martians].deployment)]
    );
    assert_eq!(p.zones[0].1.count(), 4);
    assert_eq!(p.fixed.len(), 1);
    assert_eq!((p.fixed[0].side, p.fixed[0].count), (Side::Humans, 1));
    assert_eq!(p.entries.len(), 1);
    assert_eq!(p.entries[0].edge, Edge::West);
    assert!(p.entries[0].label.contains("from Round 2"));
    assert_eq!(p.exits.len(), 1);
    assert_eq!(p.exits[0].edge, Edge::East);
    assert_eq!(
        p.counters.as_deref(),
        Some("4 counters of 3 Critters and 2 Alien Secrets, face down at random squares")
    );
    assert!(sc.models.iter().any(|m| m.start == Start::Enter));
    // The SVG: one line per wall on the board and one per legend swatch of its kind; one
    // zone square per deployment square plus the legend's.
    let svg = p.to_svg("Tiny");
    let high = format!("stroke=\"{}\" stroke-width=\"6\"", colors::HIGH_WALL);
    let low = format!("stroke=\"{}\" stroke-width=\"5\"", colors::LOW_WALL);
    assert_eq!(svg.matches(&high).count(), 2);
    assert_eq!(svg.matches(&low).count(), 2);
    let zone = |under| format!("fill=\"{}\"", colors::zone(Side::Martians, under));
    assert_eq!(
        svg.matches(&zone(colors::SQUARE_LIGHT)).count()
            + svg.matches(&zone(colors::SQUARE_DARK)).count(),
        4 + 1
    );
    assert_eq!(
        svg.matches(&format!("fill=\"{}\"/>", colors::BLOCKER))
            .count(),
        1 + 1
    );
    assert!(svg.contains("<title>Tiny</title>"));
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
}

fn run(args: &[&str]) -> (i32, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut argv = vec!["mars-attacks"];
    argv.extend_from_slice(args);
    let code = run_from(argv, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A shelf in a new scratch folder holding only `TINY` (as `tiny.toml`): the folder, the
/// shelf's folder and the docs folder to write to.
fn tiny_shelf(name: &str) -> (TempDir, PathBuf, PathBuf) {
    let t = TempDir::new(name);
    let dir = t.0.join("scenarios");
    let docs_dir = t.0.join("docs");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("tiny.toml"), TINY).unwrap();
    (t, dir, docs_dir)
}

/// `scenarios` on the shelf `dir` and the docs folder `docs`, with more arguments.
fn scenarios_on(dir: &Path, docs: &Path, more: &[&str]) -> (i32, String, String) {
    let mut args = vec!["scenarios", "--dir", s(dir), "--docs", s(docs)];
    args.extend_from_slice(more);
    run(&args)
}

#[test]
fn recording_results_writes_the_balance_and_check_catches_a_changed_file() {
    let (t, dir, docs_dir) = tiny_shelf("shelf-record");
    let shelf_cmd = |more: &[&str]| scenarios_on(&dir, &docs_dir, more);
    // Nothing measured yet: the page says so, and --check fails naming the file.
    let (code, _, err) = shelf_cmd(&[]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("not measured yet"), "{err}");
    let page = std::fs::read_to_string(docs_dir.join("scenarios.md")).unwrap();
    assert!(page.contains("Not measured yet."));
    assert!(docs_dir.join("scenarios/tiny.svg").is_file());
    let (code, _, err) = shelf_cmd(&["--check"]);
    assert_eq!(code, 1);
    assert!(err.contains("no measured balance"), "{err}");

    // Two games of the file as it is, one of an older version.
    let fp = mars_attacks::rules::fingerprint::scenario_fingerprint(TINY.as_bytes());
    let lines: Vec<String> = [
        record(&fp, "greedy", Some(Winner::Humans), Reason::WipeOut, 3),
        record(&fp, "greedy", Some(Winner::Martians), Reason::VpTarget, 4),
        record(
            "0123",
            "greedy",
            Some(Winner::Martians),
            Reason::VpTarget,
            4,
        ),
    ]
    .iter()
    .enumerate()
    .map(|(i, r)| {
        let mut r = r.clone();
        r.id = format!("Tiny/greedy-vs-greedy/{i}");
        r.to_line()
    })
    .collect();
    let results = t.0.join("results.jsonl");
    std::fs::write(&results, lines.join("\n") + "\n").unwrap();
    let (code, out, err) = shelf_cmd(&["--record", s(&results)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("tiny.toml: greedy on both sides, 2 games: Humans 1, Martians 1"),
        "{out}"
    );
    assert!(
        err.contains("1 self-play games were played on no file"),
        "{err}"
    );
    let balance = std::fs::read_to_string(dir.join("balance/tiny.toml")).unwrap();
    assert!(
        balance.contains(&format!("fingerprint = \"{fp}\"")),
        "{balance}"
    );
    let (code, out, err) = shelf_cmd(&["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("up to date"));
    let page = std::fs::read_to_string(docs_dir.join("scenarios.md")).unwrap();
    assert!(page.contains("| `greedy` (seed 5) | 2 | 50.0%"), "{page}");

    // Change the file: the balance no longer belongs to it.
    std::fs::write(
        dir.join("tiny.toml"),
        TINY.replace("placed = 4", "placed = 3"),
    )
    .unwrap();
    let (code, _, err) = shelf_cmd(&["--check"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("changed") && err.contains("measure it again"),
        "{err}"
    );
}

#[test]
fn a_search_player_s_balance_names_its_search_and_no_two_versions_are_mixed() {
    let (t, dir, docs_dir) = tiny_shelf("shelf-search");
    let shelf_cmd = |more: &[&str]| scenarios_on(&dir, &docs_dir, more);
    let fp = mars_attacks::rules::fingerprint::scenario_fingerprint(TINY.as_bytes());
    let now = search_fingerprint();
    let old = "00000000000000aa";
    assert_ne!(now, old);
    // Games of `mcts:1000` against itself, played by the search `search`.
    let results = |name: &str, searches: &[&str]| {
        let lines: Vec<String> = searches
            .iter()
            .enumerate()
            .map(|(i, search)| {
                let winner = [Winner::Humans, Winner::Martians][i % 2];
                let mut r = record(&fp, "mcts:1000", Some(winner), Reason::WipeOut, 3);
                r.id = format!("Tiny/mcts:1000-vs-mcts:1000/{i}");
                r.search = Some(search.to_string());
                r.to_line()
            })
            .collect();
        let path = t.0.join(name);
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        path
    };
    let balance_file = dir.join("balance/tiny.toml");

    // Games of two versions of the search: refused, naming both, and nothing written.
    let mixed = results("mixed.jsonl", &[old, &now, &now]);
    let (code, _, err) = shelf_cmd(&["--record", s(&mixed)]);
    assert_eq!(code, 1);
    assert!(
        err.contains("tiny.toml: the games of mcts:1000 on both sides were played by 2 versions")
            && err.contains(old)
            && err.contains(&now)
            && err.contains("nothing was recorded"),
        "{err}"
    );
    assert!(!balance_file.exists());
    assert!(!docs_dir.join("scenarios.md").exists());

    // An earlier search's games: recorded with its fingerprint, and the page says the
    // figures are of another search.
    let earlier = results("old.jsonl", &[old, old]);
    let (code, _, err) = shelf_cmd(&["--record", s(&earlier)]);
    assert_eq!(code, 0, "{err}");
    let balance = std::fs::read_to_string(&balance_file).unwrap();
    assert!(
        balance.contains(&format!("search = \"{old}\"")),
        "{balance}"
    );
    let page = std::fs::read_to_string(docs_dir.join("scenarios.md")).unwrap();
    assert!(
        page.contains(&format!("The search is now `{now}`")),
        "{page}"
    );
    assert!(
        page.contains("| `mcts:1000` (another search), 2 games |"),
        "{page}"
    );
    assert!(
        page.contains(&format!(
            "The `mcts:1000` games were played by another version of the search (`{old}`)"
        )),
        "{page}"
    );

    // The search as it is now: its games replace the earlier ones, and the page no longer
    // speaks of another search.
    let current = results("now.jsonl", &[&now, &now, &now]);
    let (code, out, err) = shelf_cmd(&["--record", s(&current)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("mcts:1000 on both sides, 3 games"), "{out}");
    let balance = std::fs::read_to_string(&balance_file).unwrap();
    assert!(
        balance.contains(&format!("search = \"{now}\"")),
        "{balance}"
    );
    let page = std::fs::read_to_string(docs_dir.join("scenarios.md")).unwrap();
    assert!(page.contains("| `mcts:1000`, 3 games |"), "{page}");
    assert!(!page.contains("another search"), "{page}");
    assert!(!page.contains("another version of the search"), "{page}");
    let (code, _, err) = shelf_cmd(&["--check"]);
    assert_eq!(code, 0, "{err}");
}

/// `render`: any scenario file drawn as the shelf draws the shipped ones, to a file the
/// person names (never over a file that is not a picture).
#[test]
fn render_draws_any_scenario_file_as_the_shelf_does() {
    let dir = TempDir::new("render");
    let file = root().join("scenarios/the-compound.toml");
    let (code, svg, err) = run_cli(&["render", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // The same picture as the shelf's, byte for byte.
    let shelf = std::fs::read_to_string(root().join("docs/scenarios/the-compound.svg")).unwrap();
    assert_eq!(svg, shelf);
    let out = dir.0.join("compound.svg");
    let (code, _, err) = run_cli(&[
        "render",
        file.to_str().unwrap(),
        "--svg",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), shelf);
    // A file that is not a picture is left alone.
    let notes = dir.0.join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    let (code, _, err) = run_cli(&[
        "render",
        file.to_str().unwrap(),
        "--svg",
        notes.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("not an SVG picture"), "{err}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
}
