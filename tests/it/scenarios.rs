//! Scenario files: the shipped scenarios, and the checker's reports on bad files (every
//! problem at once, each at its line and column), absurd input and random damage.

use crate::common;

use common::TempDir;
use std::path::{Path, PathBuf};

use mars_attacks::rules::map::WallKind;
use mars_attacks::rules::scenario::{Entry, MAX_MODELS, Start, VpAwards};
use mars_attacks::rules::scenario_file::{
    Diagnostic, Loaded, MAX_DIAGNOSTICS, MAX_FILE_BYTES, Severity, core_profiles, load_scenario,
    parse_scenario,
};
use mars_attacks::rules::{Ability, Edge, Side, Square};

const WHOS_THERE: &str = "scenarios/whos-there.toml";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load(rel: &str) -> Result<Loaded, Vec<Diagnostic>> {
    load_scenario(&root().join(rel))
}

fn show(diags: &[Diagnostic]) -> String {
    diags
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The scenario must load; returns its warnings.
fn loads(text: &str) -> Loaded {
    match parse_scenario("test.toml", text) {
        Ok(l) => l,
        Err(d) => panic!("expected the scenario to load, got:\n{}", show(&d)),
    }
}

/// The scenario must fail; returns every diagnostic.
fn fails(text: &str) -> Vec<Diagnostic> {
    match parse_scenario("test.toml", text) {
        Ok(_) => panic!("expected errors, but the scenario loaded:\n{text}"),
        Err(d) => {
            assert!(!d.is_empty(), "a failure must say why");
            assert!(d.iter().any(|d| d.severity == Severity::Error));
            d
        }
    }
}

/// Some diagnostic of `severity` at `line:column` contains `fragment`.
#[track_caller]
fn assert_has(
    diags: &[Diagnostic],
    severity: Severity,
    line: usize,
    column: usize,
    fragment: &str,
) {
    assert!(
        diags.iter().any(|d| d.severity == severity
            && d.line == line
            && d.column == column
            && d.message.contains(fragment)),
        "no {severity:?} at {line}:{column} containing {fragment:?} in:\n{}",
        show(diags)
    );
}

/// Some error contains `fragment` (position not checked).
#[track_caller]
fn assert_error(diags: &[Diagnostic], fragment: &str) {
    assert!(
        diags
            .iter()
            .any(|d| d.severity == Severity::Error && d.message.contains(fragment)),
        "no error containing {fragment:?} in:\n{}",
        show(diags)
    );
}

#[track_caller]
fn assert_warning(warnings: &[Diagnostic], fragment: &str) {
    assert!(
        warnings
            .iter()
            .any(|d| d.severity == Severity::Warning && d.message.contains(fragment)),
        "no warning containing {fragment:?} in:\n{}",
        show(warnings)
    );
}

/// A small valid scenario that the tests below break one way at a time.
const BASE: &str = r#"name = "Test"
first_turn = "humans"

[map]
walls = [{ edge = "c3 north", kind = "high" }]

[humans]
models = [{ profile = "soldier", count = 2, start = "enter" }]
entry = { edge = "south" }

[martians]
models = [{ profile = "martian", count = 2, start = "deploy" }]
deployment = ["a8-h8"]

[counters]
critters = 2
secrets = 2
"#;

/// `BASE` with `from` (which must be there) replaced by `to`.
#[track_caller]
fn base_with(from: &str, to: &str) -> String {
    assert!(BASE.contains(from), "BASE has no {from:?}");
    BASE.replacen(from, to, 1)
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

// ----- the shipped scenario ---------------------------------------------------------

#[test]
fn whos_there_has_the_scenario_1_numbers() {
    let loaded = load(WHOS_THERE).unwrap_or_else(|d| panic!("{}", show(&d)));
    assert!(loaded.warnings.is_empty(), "{}", show(&loaded.warnings));
    let s = &loaded.scenario;
    assert_eq!(s.name, "Who's There?");
    assert!(
        s.description
            .contains("Who’s ready to kick some alien ass?")
    );

    // 8 US Army Soldiers entering across row 1 in Round 1, then 5 Martians deploying.
    assert_eq!(s.models.len(), 13);
    for (i, m) in s.models.iter().enumerate() {
        let (side, key, start) = if i < 8 {
            (Side::Humans, "soldier", Start::Enter)
        } else {
            (Side::Martians, "martian", Start::Deploy)
        };
        assert_eq!(m.side, side, "m{}", i + 1);
        assert_eq!(s.profiles[m.profile].key, key, "m{}", i + 1);
        assert_eq!(m.start, start, "m{}", i + 1);
    }
    let humans = &s.sides[Side::Humans];
    let martians = &s.sides[Side::Martians];
    assert_eq!(
        humans.entry,
        vec![Entry {
            edge: Edge::South,
            round: 1
        }]
    );
    assert_eq!(humans.deployment, 0);
    assert_eq!(martians.entry, Vec::new());
    // R29: the zone is a design choice "anywhere in rows 5-8".
    assert_ne!(martians.deployment, 0);
    assert_eq!(
        martians.deployment & 0xFFFF_FFFF,
        0,
        "the zone reaches below row 5"
    );
    assert_eq!((humans.exit, martians.exit), (None, None));

    // Humans first; only the Martians deploy.
    assert_eq!(s.first_turn, Side::Humans);
    assert_eq!(s.deploy_order, vec![Side::Martians]);

    // 10 counters, 5 of each, 8 placed.
    assert_eq!(
        (s.counters.critters, s.counters.secrets, s.counters.placed),
        (5, 5, 8)
    );

    // +1 kill by Shoot, +2 kill in a Fight, +1 per counter not counting the first.
    let vp = VpAwards {
        shoot_kill: 1,
        fight_kill: 2,
        counter: 1,
        counters_free: 1,
        exit: 0,
        objective: 0,
    };
    assert_eq!(humans.vp, vp);
    assert_eq!(martians.vp, vp);
    assert_eq!(s.vp_target, 8);
    assert_eq!(s.round_limit, None);
}

#[test]
fn whos_there_map_follows_the_briefing() {
    let s = load(WHOS_THERE).unwrap().scenario;
    let pieces = s.map.walls().pieces();
    // "About 15-20 small pieces", "a good mix of high and low walls".
    assert!((15..=20).contains(&pieces.len()), "{} pieces", pieces.len());
    let high = pieces.iter().filter(|p| p.2 == WallKind::High).count();
    let low = pieces.len() - high;
    assert!(high >= 6 && low >= 6, "{high} high, {low} low");
    // "Keep the outermost rows empty": no wall on any edge of a row-1 or row-8 square.
    for &(square, edge, _) in &pieces {
        let other = square.step(edge.dir()).expect("walls lie between squares");
        for t in [square, other] {
            assert!(
                t.row() != 0 && t.row() != 7,
                "the wall on the {edge} side of {square} touches {t}"
            );
        }
    }
    assert_eq!(s.map.blockers(), 0);
    // Every square can be walked to from both starting areas.
    let from_south = s.map.reachable_from(Edge::South.board_squares());
    let from_north = s.map.reachable_from(s.sides[Side::Martians].deployment);
    assert_eq!((from_south, from_north), (u64::MAX, u64::MAX));
    // "Try not to leave large areas with no cover": every 3x3 block of squares in rows
    // 2-7 has a wall piece on one of its squares' edges.
    for row in 1..=4i8 {
        for col in 0..=5i8 {
            let covered = pieces.iter().any(|&(square, edge, _)| {
                let other = square.step(edge.dir()).unwrap();
                [square, other]
                    .iter()
                    .any(|t| (col..col + 3).contains(&t.col()) && (row..row + 3).contains(&t.row()))
            });
            assert!(
                covered,
                "no cover in the 3x3 block at column {col}, row {}",
                row + 1
            );
        }
    }
}

#[test]
fn every_shipped_scenario_loads_cleanly() {
    let mut n = 0;
    for entry in std::fs::read_dir(root().join("scenarios")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            n += 1;
            let loaded = load_scenario(&path).unwrap_or_else(|d| panic!("{}", show(&d)));
            assert!(loaded.warnings.is_empty(), "{}", show(&loaded.warnings));
        }
    }
    assert!(n >= 1);
}

#[test]
fn core_profiles_are_the_rules_values() {
    let p = core_profiles();
    let martian = p.iter().find(|p| p.key == "martian").unwrap();
    assert_eq!(
        (martian.shoot, martian.fight, martian.survive, martian.range),
        (4, 5, 6, 4)
    );
    assert!(martian.has(Ability::Armoured) && !martian.has(Ability::Hero));
    assert_eq!(martian.name, "Martian");
    let soldier = p.iter().find(|p| p.key == "soldier").unwrap();
    assert_eq!(
        (soldier.shoot, soldier.fight, soldier.survive, soldier.range),
        (5, 4, 6, 6)
    );
    assert!(!soldier.has(Ability::Armoured));
    assert_eq!(soldier.name, "US Army Soldier");
}

#[test]
fn the_documented_example_loads() {
    let doc = std::fs::read_to_string(root().join("docs/scenario-format.md")).unwrap();
    let start = doc.find("```toml\n").expect("an example") + "```toml\n".len();
    let end = start + doc[start..].find("```").unwrap();
    let loaded = loads(&doc[start..end]);
    // Its extra profile is there to show the syntax; nothing uses it.
    assert_eq!(loaded.warnings.len(), 1, "{}", show(&loaded.warnings));
    assert_warning(
        &loaded.warnings,
        "profiles.grunt: no model uses this profile",
    );
    let s = loaded.scenario;
    assert_eq!(s.models.len(), 13);
    let grunt = s.profiles.iter().find(|p| p.key == "grunt").unwrap();
    assert_eq!((grunt.name.as_str(), grunt.shoot), ("Martian Grunt", 5));
    assert_eq!(s.map.walls().pieces().len(), 5);
}

#[test]
fn models_are_numbered_humans_first_in_file_order() {
    let text = r#"name = "Order"
first_turn = "martians"
[map]
[profiles.sarge]
shoot = 4
fight = 4
survive = 5
range = 6
abilities = ["hero"]
[humans]
models = [
  { profile = "soldier", count = 2, start = "b2" },
  { profile = "sarge", start = "c2" },
]
[martians]
models = [{ profile = "martian", start = "d7" }, { profile = "martian", start = "deploy" }]
deployment = ["h8"]
"#;
    let s = loads(text).scenario;
    let starts: Vec<_> = s.models.iter().map(|m| (m.side, m.start)).collect();
    assert_eq!(
        starts,
        vec![
            (Side::Humans, Start::At(sq("b2"))),
            (Side::Humans, Start::At(sq("b2"))),
            (Side::Humans, Start::At(sq("c2"))),
            (Side::Martians, Start::At(sq("d7"))),
            (Side::Martians, Start::Deploy),
        ]
    );
    let sarge = &s.profiles[s.models[2].profile];
    assert_eq!(
        (sarge.key.as_str(), sarge.name.as_str()),
        ("sarge", "sarge")
    );
    assert!(sarge.has(Ability::Hero));
    assert_eq!(s.vp_target, 8, "the default target (R25)");
    // Martians take the first Turn, so the Humans would deploy first; they have nothing
    // to deploy.
    assert_eq!(s.deploy_order, vec![Side::Martians]);
}

#[test]
fn a_scenario_profile_replaces_the_core_one_of_the_same_key() {
    let text = format!(
        "{BASE}[profiles.martian]\nname = \"Martian Veteran\"\nshoot = 3\nfight = 4\n\
         survive = 6\nrange = 5\nabilities = [\"armoured\"]\n"
    );
    let s = loads(&text).scenario;
    let keys: Vec<_> = s.profiles.iter().map(|p| p.key.as_str()).collect();
    assert_eq!(keys, ["martian", "soldier"], "replaced in place");
    let m = &s.profiles[s.models[2].profile];
    assert_eq!(
        (m.name.as_str(), m.shoot, m.range),
        ("Martian Veteran", 3, 5)
    );
}

#[test]
fn options_are_read() {
    let text = base_with(
        "first_turn = \"humans\"\n",
        "first_turn = \"humans\"\nvp_target = 12\nround_limit = 10\ndeploy_first = \"martians\"\n",
    )
    .replace(
        "entry = { edge = \"south\" }",
        "entry = { edge = \"west\", round = 3 }\nexit = \"north\"\nvp = { exit = 2 }",
    );
    let s = loads(&text).scenario;
    assert_eq!((s.vp_target, s.round_limit), (12, Some(10)));
    let h = &s.sides[Side::Humans];
    assert_eq!(
        h.entry,
        vec![Entry {
            edge: Edge::West,
            round: 3
        }]
    );
    assert_eq!((h.exit, h.vp.exit), (Some(Edge::North), 2));
    assert_eq!(s.deploy_order, vec![Side::Martians]);
    assert_eq!(s.counters.placed, 4, "placed defaults to the whole pool");
}

// ----- every problem at once, each at its place ---------------------------------------

#[test]
fn many_problems_are_all_reported_with_their_positions() {
    let diags = load("tests/fixtures/scenarios/many-problems.toml").unwrap_err();
    let e = Severity::Error;
    let expected: &[(usize, usize, &str)] = &[
        (
            4,
            1,
            "descripton: unknown key (did you mean \"description\"?)",
        ),
        (6, 13, "vp_target: expected an integer, found a string"),
        (
            10,
            12,
            "map.walls[0].edge: wall \"i9 north\": column i is off the board (a-h)",
        ),
        (
            11,
            31,
            "map.walls[1].kind: \"medium\" is not a wall kind: expected \"high\" or \"low\"",
        ),
        (
            12,
            12,
            "map.walls[2].edge: wall \"h4 east\": the east side of h4 is the edge of the board",
        ),
        (
            15,
            1,
            "humans: missing key \"entry\": 8 models start \"enter\"",
        ),
        (
            16,
            1,
            "humans.modles: unknown key (did you mean \"models\"?)",
        ),
        (
            17,
            23,
            "humans.models[0].profile: unknown profile \"soldeir\" (did you mean \"soldier\"?)",
        ),
        (
            20,
            42,
            "martians.models[0].count: 0 is out of range (expected 1 to 48)",
        ),
        (
            26,
            10,
            "counters.placed: 11 counters cannot be placed from a pool of 10",
        ),
    ];
    for &(line, column, fragment) in expected {
        assert_has(&diags, e, line, column, fragment);
    }
    assert_eq!(diags.len(), expected.len(), "{}", show(&diags));
    // In file order, and printed as file:line:column: message.
    let positions: Vec<_> = diags.iter().map(|d| (d.line, d.column)).collect();
    let mut sorted = positions.clone();
    sorted.sort();
    assert_eq!(positions, sorted);
    let first = diags[0].to_string();
    assert!(
        first.ends_with(
            "many-problems.toml:4:1: descripton: unknown key (did you mean \"description\"?)"
        ),
        "{first}"
    );
}

#[test]
fn warnings_print_as_such() {
    let d = Diagnostic {
        severity: Severity::Warning,
        file: "a.toml".into(),
        line: 3,
        column: 7,
        message: "x: y".into(),
    };
    assert_eq!(d.to_string(), "a.toml:3:7: warning: x: y");
    let d = Diagnostic {
        severity: Severity::Error,
        ..d
    };
    assert_eq!(d.to_string(), "a.toml:3:7: x: y");
}

#[test]
fn a_syntax_error_is_one_diagnostic_where_the_parser_stopped() {
    let text = "name = \"Test\"\nfirst_turn = \"humans\nvp_target = 8\n";
    let d = fails(text);
    assert_eq!(d.len(), 1, "{}", show(&d));
    assert_has(&d, Severity::Error, 2, 21, "TOML syntax error");
    let d = fails(&base_with(
        "[map]",
        "[map]\nwalls = [ { edge = \"c3 north\" kind = \"high\" } ]\n",
    ));
    assert_eq!(d.len(), 1, "{}", show(&d));
    assert_eq!(d[0].line, 5);
    let d = fails(&format!("name = \"again\"\n{BASE}"));
    assert_eq!(d.len(), 1, "{}", show(&d));
    assert_has(&d, Severity::Error, 2, 1, "duplicate key");
}

#[test]
fn unknown_keys_are_errors_at_every_level_with_a_suggestion() {
    let text = r#"name = "Test"
first_turn = "humans"
vp_targt = 8
[map]
wals = []
blockers = []
[humans]
models = [{ profile = "soldier", count = 2, strat = "enter", start = "enter" }]
entry = { edge = "south", rund = 1 }
vp = { shot_kill = 1 }
[martians]
models = [{ profile = "martian", count = 2, start = "deploy" }]
deployment = ["a8-h8"]
[counters]
criters = 2
[profiles.x]
shoot = 4
fight = 4
survive = 4
range = 4
abilites = []
wibble = 1
"#;
    let d = fails(text);
    let e = Severity::Error;
    assert_has(
        &d,
        e,
        3,
        1,
        "vp_targt: unknown key (did you mean \"vp_target\"?)",
    );
    assert_has(
        &d,
        e,
        5,
        1,
        "map.wals: unknown key (did you mean \"walls\"?)",
    );
    assert_has(
        &d,
        e,
        8,
        45,
        "humans.models[0].strat: unknown key (did you mean \"start\"?)",
    );
    assert_has(
        &d,
        e,
        9,
        27,
        "humans.entry.rund: unknown key (did you mean \"round\"?)",
    );
    assert_has(
        &d,
        e,
        10,
        8,
        "humans.vp.shot_kill: unknown key (did you mean \"shoot_kill\"?)",
    );
    assert_has(
        &d,
        e,
        15,
        1,
        "counters.criters: unknown key (did you mean \"critters\"?)",
    );
    assert_has(
        &d,
        e,
        21,
        1,
        "profiles.x.abilites: unknown key (did you mean \"abilities\"?)",
    );
    assert_has(
        &d,
        e,
        22,
        1,
        "profiles.x.wibble: unknown key; the keys here are name, shoot, fight, survive, range, abilities",
    );
    // The profile is unused: a warning, listed with the errors.
    assert_has(
        &d,
        Severity::Warning,
        16,
        11,
        "profiles.x: no model uses this profile",
    );
    assert_eq!(d.len(), 9, "{}", show(&d));
}

#[test]
fn wrong_types_are_errors_at_the_value() {
    let text = r#"name = 7
description = ["a"]
first_turn = true
vp_target = 8.5
round_limit = "ten"
[map]
walls = { edge = "c3 north" }
blockers = "c4"
[humans]
models = [{ profile = "soldier", count = "2", start = "enter" }]
entry = "south"
[martians]
models = "five martians"
deployment = [7]
vp = 1
[counters]
placed = 1979-05-27
"#;
    let d = fails(text);
    let e = Severity::Error;
    assert_has(&d, e, 1, 8, "name: expected a string, found an integer");
    assert_has(
        &d,
        e,
        2,
        15,
        "description: expected a string, found an array",
    );
    assert_has(
        &d,
        e,
        3,
        14,
        "first_turn: expected a string, found a boolean (true)",
    );
    assert_has(
        &d,
        e,
        4,
        13,
        "vp_target: expected an integer, found a number with a fraction or exponent (8.5)",
    );
    assert_has(
        &d,
        e,
        5,
        15,
        "round_limit: expected an integer, found a string",
    );
    assert_has(&d, e, 7, 9, "map.walls: expected an array, found a table");
    assert_has(
        &d,
        e,
        8,
        12,
        "map.blockers: expected an array, found a string",
    );
    assert_has(
        &d,
        e,
        10,
        42,
        "humans.models[0].count: expected an integer, found a string",
    );
    assert_has(
        &d,
        e,
        11,
        9,
        "humans.entry: expected an entry table or an array of them, found a string",
    );
    assert_has(
        &d,
        e,
        13,
        10,
        "martians.models: expected an array, found a string",
    );
    assert_has(
        &d,
        e,
        14,
        15,
        "martians.deployment[0]: expected a string, found an integer",
    );
    assert_has(
        &d,
        e,
        15,
        6,
        "martians.vp: expected a table, found an integer",
    );
    assert_has(
        &d,
        e,
        17,
        10,
        "counters.placed: expected an integer, found a date-time",
    );
    // Nothing else: no knock-on errors from the values that could not be read.
    assert_eq!(d.len(), 13, "{}", show(&d));
}

#[test]
fn missing_required_keys_are_errors_at_the_enclosing_table() {
    let d = fails("description = \"no name\"\n");
    let e = Severity::Error;
    for key in ["name", "first_turn", "map", "humans", "martians"] {
        assert_has(&d, e, 1, 1, &format!("missing required key \"{key}\""));
    }
    assert_eq!(d.len(), 5, "{}", show(&d));

    let text = r#"name = "Test"
first_turn = "humans"
[map]
walls = [{ edge = "c3 north" }]
[humans]
entry = { round = 1 }
[martians]
models = [{ count = 2 }]
[profiles.grunt]
shoot = 5
"#;
    let d = fails(text);
    assert_has(&d, e, 4, 10, "map.walls[0]: missing required key \"kind\"");
    assert_has(&d, e, 5, 1, "humans: missing required key \"models\"");
    assert_has(&d, e, 6, 9, "humans.entry: missing required key \"edge\"");
    assert_has(
        &d,
        e,
        8,
        11,
        "martians.models[0]: missing required key \"profile\"",
    );
    assert_has(
        &d,
        e,
        8,
        11,
        "martians.models[0]: missing required key \"start\"",
    );
    for key in ["fight", "survive", "range"] {
        assert_has(
            &d,
            e,
            9,
            1,
            &format!("profiles.grunt: missing required key \"{key}\""),
        );
    }
    assert_eq!(d.len(), 8, "{}", show(&d));
}

// ----- one test per semantic check ----------------------------------------------------

#[test]
fn squares_must_be_on_the_board() {
    let d = fails(&base_with("\"c3 north\"", "\"c9 north\""));
    assert_has(
        &d,
        Severity::Error,
        5,
        19,
        "wall \"c9 north\": row 9 is off the board (1-8)",
    );
    let d = fails(&base_with("[\"a8-h8\"]", "[\"a8-k8\"]"));
    assert_has(
        &d,
        Severity::Error,
        13,
        15,
        "martians.deployment[0]: \"a8-k8\": column k is off the board (a-h)",
    );
    let d = fails(&base_with("[map]", "[map]\nblockers = [\"x\"]"));
    assert_error(&d, "map.blockers[0]: \"x\": \"x\" is not a square");
    let d = fails(&base_with("start = \"deploy\"", "start = \"z0\""));
    assert_error(
        &d,
        "martians.models[0].start: column z is off the board (a-h)",
    );
    let d = fails(&base_with("start = \"deploy\"", "start = \"deplo\""));
    assert_error(
        &d,
        "martians.models[0].start: \"deplo\" is not a start: expected \"deploy\", \"enter\" or a square like \"c4\" (did you mean \"deploy\"?)",
    );
    let d = fails(&base_with("\"c3 north\"", "\"c3 up\""));
    assert_error(
        &d,
        "\"up\" is not a side of a square: expected north, east, south or west",
    );
    let d = fails(&base_with("\"c3 north\"", "\"c3\""));
    assert_error(
        &d,
        "expected \"<square> <side>\" or \"<square>-<square> <side>\"",
    );
}

#[test]
fn walls_on_the_board_boundary_are_errors() {
    for edge in [
        "a1 south",
        "a1 west",
        "h8 north",
        "h8 east",
        "a2-a7 west",
        "b8-g8 north",
    ] {
        let d = fails(&base_with("\"c3 north\"", &format!("\"{edge}\"")));
        assert_error(&d, "is the edge of the board; walls go between squares");
    }
    // The last row and column have inner edges too.
    loads(&base_with("\"c3 north\"", "\"h8 south\""));
    loads(&base_with("\"c3 north\"", "\"h8 west\""));
}

#[test]
fn runs_must_be_straight_and_along_their_side() {
    let d = fails(&base_with("\"c3 north\"", "\"c3-e4 north\""));
    assert_error(
        &d,
        "a run must be straight: c3 and e4 are not in one row or one column",
    );
    let d = fails(&base_with("\"c3 north\"", "\"c3-e3 east\""));
    assert_error(
        &d,
        "the run c3-e3 goes along row 3, so its walls must be on the north or south side",
    );
    let d = fails(&base_with("\"c3 north\"", "\"c3-c5 south\""));
    assert_error(
        &d,
        "the run c3-c5 goes along column c, so its walls must be on the east or west side",
    );
    // A run in either direction is the same pieces.
    let a = loads(&base_with("\"c3 north\"", "\"f3-c3 north\"")).scenario;
    let b = loads(&base_with("\"c3 north\"", "\"c3-f3 north\"")).scenario;
    assert_eq!(a.map.walls().pieces(), b.map.walls().pieces());
    assert_eq!(a.map.walls().pieces().len(), 4);
    let c = loads(&base_with("\"c3 north\"", "\"c4-c6 west\"")).scenario;
    assert_eq!(
        c.map.walls().get(sq("b5"), Edge::East),
        Some(WallKind::High)
    );
}

#[test]
fn the_same_edge_twice_is_an_error_with_another_kind_and_a_warning_with_the_same() {
    let text = base_with(
        "walls = [{ edge = \"c3 north\", kind = \"high\" }]",
        "walls = [\n  { edge = \"c3 north\", kind = \"high\" },\n  { edge = \"c4 south\", kind = \"low\" },\n]",
    );
    let d = fails(&text);
    assert_has(
        &d,
        Severity::Error,
        7,
        12,
        "map.walls[1].edge: the edge between c3 and c4 is already a high wall (map.walls[0] \"c3 north\"); a piece is either high or low",
    );
    let text = base_with(
        "walls = [{ edge = \"c3 north\", kind = \"high\" }]",
        "walls = [\n  { edge = \"c3-e3 north\", kind = \"high\" },\n  { edge = \"d4 south\", kind = \"high\" },\n]",
    );
    let l = loads(&text);
    assert_has(
        &l.warnings,
        Severity::Warning,
        7,
        12,
        "map.walls[1].edge: the edge between d3 and d4 already has this high wall",
    );
    assert_eq!(l.scenario.map.walls().pieces().len(), 3);
}

#[test]
fn model_counts_must_be_positive_and_sensible() {
    let e = Severity::Error;
    let d = fails(&base_with(
        "count = 2, start = \"enter\"",
        "count = 0, start = \"enter\"",
    ));
    assert_has(
        &d,
        e,
        8,
        42,
        "humans.models[0].count: 0 is out of range (expected 1 to 48)",
    );
    let d = fails(&base_with(
        "count = 2, start = \"enter\"",
        "count = -3, start = \"enter\"",
    ));
    assert_error(&d, "-3 is out of range (expected 1 to 48)");
    let d = fails(&base_with(
        "count = 2, start = \"enter\"",
        "count = 1e12, start = \"enter\"",
    ));
    assert_error(
        &d,
        "humans.models[0].count: expected an integer, found a number with a fraction or exponent (1e12)",
    );
    let d = fails(&base_with(
        "count = 2, start = \"enter\"",
        "count = 99999999999999999999999, start = \"enter\"",
    ));
    assert_error(
        &d,
        "99999999999999999999999 is far out of range (expected 1 to 48)",
    );
    let d = fails(&base_with(
        "count = 2, start = \"enter\"",
        "count = 0x7fffffff, start = \"enter\"",
    ));
    assert_error(&d, "2147483647 is out of range");
}

#[test]
fn a_scenario_fields_at_most_48_models() {
    let text = base_with(
        "count = 2, start = \"enter\"",
        "count = 48, start = \"enter\"",
    )
    .replace(
        "count = 2, start = \"deploy\"",
        "count = 1, start = \"deploy\"",
    );
    let d = fails(&text);
    assert_has(
        &d,
        Severity::Error,
        12,
        11,
        &format!(
            "martians.models[0]: this brings the scenario to 49 models; a scenario may field at most {MAX_MODELS}"
        ),
    );
    // 48 is fine (8 squares of 6 along the entry edge hold them all).
    let text = base_with(
        "count = 2, start = \"enter\"",
        "count = 46, start = \"enter\"",
    );
    assert_eq!(loads(&text).scenario.models.len(), 48);
}

#[test]
fn each_side_needs_a_model() {
    let d = fails(&base_with(
        "models = [{ profile = \"soldier\", count = 2, start = \"enter\" }]",
        "models = []",
    ));
    assert_has(
        &d,
        Severity::Error,
        8,
        10,
        "humans.models: a side needs at least one model",
    );
}

#[test]
fn profile_values_must_be_in_range_and_abilities_known() {
    let text = format!(
        "{BASE}[profiles.Bad]\nshoot = 1\nfight = 9\nsurvive = 0\nrange = 17\n\
         abilities = [\"armored\", \"flying\"]\nname = \"\"\n"
    );
    let d = fails(&text);
    let e = Severity::Error;
    assert_has(
        &d,
        e,
        18,
        11,
        "profiles.Bad: a profile key is 1 to 32 lowercase letters",
    );
    assert_has(
        &d,
        e,
        19,
        9,
        "profiles.Bad.shoot: 1 is out of range (expected 2 to 8)",
    );
    assert_has(
        &d,
        e,
        20,
        9,
        "profiles.Bad.fight: 9 is out of range (expected 2 to 8)",
    );
    assert_has(
        &d,
        e,
        21,
        11,
        "profiles.Bad.survive: 0 is out of range (expected 2 to 8)",
    );
    assert_has(
        &d,
        e,
        22,
        9,
        "profiles.Bad.range: 17 is out of range (expected 1 to 16)",
    );
    assert_has(
        &d,
        e,
        23,
        14,
        "profiles.Bad.abilities[0]: unknown ability \"armored\" (did you mean \"armoured\"?)",
    );
    assert_has(
        &d,
        e,
        23,
        25,
        "profiles.Bad.abilities[1]: unknown ability \"flying\"",
    );
    assert_has(&d, e, 24, 8, "profiles.Bad.name: must not be empty");
    assert_eq!(d.len(), 8, "{}", show(&d));
}

#[test]
fn unknown_profiles_are_errors_with_a_suggestion() {
    let d = fails(&base_with("profile = \"martian\"", "profile = \"martain\""));
    assert_has(
        &d,
        Severity::Error,
        12,
        23,
        "martians.models[0].profile: unknown profile \"martain\" (did you mean \"martian\"?)",
    );
    let d = fails(&base_with("profile = \"martian\"", "profile = \"tripod\""));
    assert_error(&d, "unknown profile \"tripod\"");
    assert!(!d[0].message.contains("did you mean"), "{}", show(&d));
}

#[test]
fn deploying_needs_a_zone_big_enough_and_free_of_blockers() {
    let e = Severity::Error;
    // Missing.
    let d = fails(&base_with("deployment = [\"a8-h8\"]\n", ""));
    assert_has(
        &d,
        e,
        11,
        1,
        "martians: missing key \"deployment\": 2 models start \"deploy\"",
    );
    // Empty.
    let d = fails(&base_with("[\"a8-h8\"]", "[]"));
    assert_has(
        &d,
        e,
        13,
        14,
        "martians.deployment: the zone is empty but 2 models start \"deploy\"",
    );
    // Too small: 13 models, 2 squares of 6 (R3).
    let d = fails(&base_with("[\"a8-h8\"]", "[\"a8\", \"b8\"]").replace(
        "count = 2, start = \"deploy\"",
        "count = 13, start = \"deploy\"",
    ));
    assert_has(
        &d,
        e,
        13,
        14,
        "martians.deployment: 13 models start \"deploy\" but the zone's 2 squares hold at most 12 (6 a square, R3)",
    );
    loads(&base_with("[\"a8-h8\"]", "[\"a8\", \"b8\"]").replace(
        "count = 2, start = \"deploy\"",
        "count = 12, start = \"deploy\"",
    ));
    // On a blocker (P1).
    let d = fails(&base_with("[map]", "[map]\nblockers = [\"c8\"]"));
    assert_has(
        &d,
        e,
        14,
        15,
        "martians.deployment[0]: the zone \"a8-h8\" includes blocker squares (c8)",
    );
}

#[test]
fn fixed_models_count_against_the_zone_and_the_other_side_may_share_it() {
    // 6 Martians fixed in a8 leave b8 alone for 7 deploying: too many.
    let text = base_with(
        "models = [{ profile = \"martian\", count = 2, start = \"deploy\" }]\ndeployment = [\"a8-h8\"]",
        "models = [\n  { profile = \"martian\", count = 6, start = \"a8\" },\n  { profile = \"martian\", count = 7, start = \"deploy\" },\n]\ndeployment = [\"a8-b8\"]",
    );
    let d = fails(&text);
    assert_error(
        &d,
        "martians.deployment: 7 models start \"deploy\" but the zone's 2 squares hold at most 6 (6 a square, R3, less the models fixed there)",
    );
    // Zones that share squares: a warning, and a capacity error when the other side could
    // crowd this one out.
    let text = base_with(
        "start = \"enter\" }]\nentry = { edge = \"south\" }",
        "start = \"deploy\" }]\ndeployment = [\"a7-b8\"]",
    )
    .replace("[\"a8-h8\"]", "[\"a8-c8\"]")
    .replace(
        "count = 2, start = \"deploy\" }]\ndeployment = [\"a8-c8\"]",
        "count = 17, start = \"deploy\" }]\ndeployment = [\"a8-c8\"]",
    );
    let d = fails(&text);
    assert_error(
        &d,
        "martians.deployment: 17 models start \"deploy\" but the zone's 3 squares hold at most 18 (6 a square, R3), and 2 of those places may be taken by the humans",
    );
    assert_has(
        &d,
        Severity::Warning,
        13,
        14,
        "the two sides' deployment zones share a8, b8",
    );
}

#[test]
fn fixed_start_squares_must_have_room_and_no_blocker() {
    let text = base_with(
        "models = [{ profile = \"martian\", count = 2, start = \"deploy\" }]\ndeployment = [\"a8-h8\"]",
        "models = [\n  { profile = \"martian\", count = 4, start = \"d5\" },\n  { profile = \"martian\", count = 3, start = \"D5\" },\n]",
    );
    let d = fails(&text);
    assert_has(
        &d,
        Severity::Error,
        14,
        45,
        "martians.models[1].start: this puts 7 models in d5; a square holds at most 6 (R3)",
    );
    let text = base_with("[map]", "[map]\nblockers = [\"d5\"]").replace(
        "models = [{ profile = \"martian\", count = 2, start = \"deploy\" }]\ndeployment = [\"a8-h8\"]",
        "models = [{ profile = \"martian\", start = \"d5\" }]",
    );
    let d = fails(&text);
    assert_error(
        &d,
        "martians.models[0].start: d5 is a blocker square; no model can stand there (P1)",
    );
}

#[test]
fn entering_needs_an_entry_edge_in_a_round_that_exists() {
    let e = Severity::Error;
    let d = fails(&base_with("entry = { edge = \"south\" }\n", ""));
    assert_has(
        &d,
        e,
        7,
        1,
        "humans: missing key \"entry\": 2 models start \"enter\"",
    );
    let d = fails(&base_with(
        "{ edge = \"south\" }",
        "{ edge = \"south\", round = 0 }",
    ));
    assert_has(
        &d,
        e,
        9,
        35,
        "humans.entry.round: 0 is out of range (expected 1 to 1000)",
    );
    let d = fails(
        &base_with("{ edge = \"south\" }", "{ edge = \"south\", round = 6 }").replace(
            "first_turn = \"humans\"",
            "first_turn = \"humans\"\nround_limit = 5",
        ),
    );
    assert_has(
        &d,
        e,
        10,
        35,
        "humans.entry.round: round 6 is after the game's last Round (5), so these models could never come on",
    );
    let d = fails(&base_with("{ edge = \"south\" }", "{ edge = \"down\" }"));
    assert_has(
        &d,
        e,
        9,
        18,
        "humans.entry.edge: \"down\" is not a board edge: expected \"north\", \"east\", \"south\" or \"west\"",
    );
    let d = fails(&base_with("[map]", "[map]\nblockers = [\"a1-h1\"]"));
    assert_error(
        &d,
        "humans.entry.edge: every square along the south edge is a blocker",
    );
}

#[test]
fn an_exit_is_a_board_edge() {
    let d = fails(&base_with(
        "[martians]",
        "exit = \"sideways\"\n\n[martians]",
    ));
    assert_has(
        &d,
        Severity::Error,
        11,
        8,
        "humans.exit: \"sideways\" is not a board edge",
    );
    let d = fails(&base_with("[martians]", "exit = \"nort\"\n\n[martians]"));
    assert_error(&d, "(did you mean \"north\"?)");
    let s = loads(&base_with("[martians]", "exit = \"North\"\n\n[martians]")).scenario;
    assert_eq!(s.sides[Side::Humans].exit, Some(Edge::North));
}

#[test]
fn counters_placed_must_come_from_the_pool_and_fit_the_board() {
    let e = Severity::Error;
    let d = fails(&format!("{BASE}placed = 5\n"));
    assert_has(
        &d,
        e,
        18,
        10,
        "counters.placed: 5 counters cannot be placed from a pool of 4 (2 critters + 2 secrets)",
    );
    let d = fails(&base_with("critters = 2", "critters = 65"));
    assert_error(
        &d,
        "counters.critters: 65 is out of range (expected 0 to 64)",
    );
    // 64 squares, 60 of them blockers: 4 counters fit, 5 do not (R24).
    let text = base_with(
        "[map]",
        "[map]\nblockers = [\"a2-h7\", \"a8-f8\", \"c1-h1\"]",
    )
    .replace("[\"a8-h8\"]", "[\"g8-h8\"]");
    let d = fails(&text.replace("secrets = 2", "secrets = 3"));
    assert_error(
        &d,
        "counters.placed: 5 counters need a square each, but only 4 squares are free of blockers and fixed models (R24)",
    );
    let s = loads(&text).scenario;
    assert_eq!(s.counters.placed, 4);
}

#[test]
fn the_vp_target_and_round_limit_are_bounded() {
    let e = Severity::Error;
    for (value, message) in [
        ("0", "vp_target: 0 is out of range (expected 1 to 1000)"),
        ("-5", "vp_target: -5 is out of range (expected 1 to 1000)"),
        (
            "1001",
            "vp_target: 1001 is out of range (expected 1 to 1000)",
        ),
        ("\"8\"", "vp_target: expected an integer, found a string"),
    ] {
        let d = fails(&base_with(
            "first_turn = \"humans\"",
            &format!("first_turn = \"humans\"\nvp_target = {value}"),
        ));
        assert_has(&d, e, 3, 13, message);
    }
    for (value, message) in [
        ("0", "round_limit: 0 is out of range (expected 1 to 1000)"),
        (
            "1000000",
            "round_limit: 1000000 is out of range (expected 1 to 1000)",
        ),
    ] {
        let d = fails(&base_with(
            "first_turn = \"humans\"",
            &format!("first_turn = \"humans\"\nround_limit = {value}"),
        ));
        assert_has(&d, e, 3, 15, message);
    }
    let d = fails(&base_with(
        "first_turn = \"humans\"",
        "first_turn = \"aliens\"",
    ));
    assert_has(
        &d,
        e,
        2,
        14,
        "first_turn: \"aliens\" is not a side: expected \"humans\" or \"martians\"",
    );
    let d = fails(&base_with("name = \"Test\"", "name = \"   \""));
    assert_has(&d, e, 1, 8, "name: must not be empty");
}

#[test]
fn probable_mistakes_are_warnings() {
    // Unused deployment zone and entry edge; a counter award with no such counters; an
    // exit award with no exit; a blocker twice; deploy_first naming a side that deploys
    // nothing.
    let text = r#"name = "Test"
first_turn = "humans"
deploy_first = "humans"
[map]
blockers = ["d4", "c3-d4"]
[humans]
models = [{ profile = "soldier", count = 2, start = "a2" }]
deployment = ["a1-h1"]
entry = { edge = "south" }
vp = { counter = 1, exit = 1 }
[martians]
models = [{ profile = "martian", count = 2, start = "deploy" }]
deployment = ["a8-h8"]
[counters]
critters = 2
"#;
    let w = loads(text).warnings;
    let ws = Severity::Warning;
    assert_has(
        &w,
        ws,
        3,
        16,
        "deploy_first: the humans have no model that starts \"deploy\"",
    );
    assert_has(&w, ws, 5, 19, "map.blockers[1]: d4 is already a blocker");
    assert_has(
        &w,
        ws,
        8,
        14,
        "humans.deployment: unused: no humans model starts \"deploy\"",
    );
    assert_has(
        &w,
        ws,
        9,
        18,
        "humans.entry: unused: no humans model starts \"enter\"",
    );
    assert_has(
        &w,
        ws,
        10,
        18,
        "humans.vp.counter: there are no Alien Secret counters to score",
    );
    assert_has(
        &w,
        ws,
        10,
        28,
        "humans.vp.exit: scores nothing: the humans have no exit edge",
    );
    assert_eq!(w.len(), 6, "{}", show(&w));
}

#[test]
fn walled_off_squares_and_stranded_zones_are_warnings() {
    let loaded =
        load("tests/fixtures/scenarios/walled-off.toml").unwrap_or_else(|d| panic!("{}", show(&d)));
    let w = &loaded.warnings;
    let ws = Severity::Warning;
    assert_has(
        w,
        ws,
        6,
        1,
        "map: no model of either side can ever reach d4, e4, d5, e5: walls cut it off, so a counter placed there could never be claimed",
    );
    assert_has(
        w,
        ws,
        18,
        18,
        "humans.entry.edge: the entry squares a1 cannot reach any square where the martians start",
    );
    // The walled-in corner is the Humans' own entry square, so only the Martians can
    // never get there.
    assert_has(
        w,
        ws,
        6,
        1,
        "map: the martians can never reach a1: walls cut it off from where they start",
    );
    assert_eq!(w.len(), 3, "{}", show(w));
    // A deployment zone square shut in the yard.
    let text = std::fs::read_to_string(root().join("tests/fixtures/scenarios/walled-off.toml"))
        .unwrap()
        .replace(
            "deployment = [\"a8-h8\"]",
            "deployment = [\"a8-h8\", \"e5\"]",
        );
    let w = loads(&text).warnings;
    assert_has(
        &w,
        ws,
        22,
        24,
        "martians.deployment[1]: e5 cannot reach any square where the humans start",
    );
    assert_warning(&w, "map: the humans can never reach d4, e4, d5, e5");
}

// ----- size, encoding and damage ------------------------------------------------------

/// A scratch directory of its own for a test, removed at the end.

#[test]
fn a_50_mb_file_is_refused_before_it_is_read() {
    use std::io::Write;
    let dir = TempDir::new("scenarios-big");
    let path = dir.0.join("huge.toml");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    f.write_all(BASE.as_bytes()).unwrap();
    let line = format!("# {}\n", "x".repeat(1021));
    let total = 50 * 1024 * 1024;
    let mut written = BASE.len();
    while written < total {
        f.write_all(line.as_bytes()).unwrap();
        written += line.len();
    }
    f.flush().unwrap();
    drop(f);
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(size >= total as u64);

    let started = std::time::Instant::now();
    let d = load_scenario(&path).unwrap_err();
    assert!(
        started.elapsed().as_secs() < 2,
        "refused without reading it"
    );
    assert_eq!(d.len(), 1, "{}", show(&d));
    assert_eq!((d[0].line, d[0].column), (1, 1));
    assert_eq!(
        d[0].message,
        format!("the file is {size} bytes; a scenario file may be at most 1048576 bytes (1 MiB)")
    );
    // The same guard on text handed over directly.
    let text = format!("{BASE}#{}\n", "x".repeat(MAX_FILE_BYTES as usize));
    let d = fails(&text);
    assert_eq!(d.len(), 1);
    assert!(
        d[0].message
            .contains("a scenario file may be at most 1048576 bytes")
    );
}

#[test]
fn a_file_of_exactly_the_limit_loads() {
    let mut text = BASE.to_string();
    while text.len() + 81 <= MAX_FILE_BYTES as usize {
        text.push_str(&format!("# {}\n", "x".repeat(78)));
    }
    text.push_str(&"#".repeat(MAX_FILE_BYTES as usize - text.len()));
    assert_eq!(text.len() as u64, MAX_FILE_BYTES);
    loads(&text);
    let dir = TempDir::new("scenarios-limit");
    let path = dir.0.join("limit.toml");
    std::fs::write(&path, &text).unwrap();
    load_scenario(&path).unwrap();
    text.push('#');
    std::fs::write(&path, &text).unwrap();
    let d = load_scenario(&path).unwrap_err();
    assert!(d[0].message.contains("1048577 bytes"), "{}", show(&d));
}

#[test]
fn files_that_cannot_be_read_say_why() {
    let dir = TempDir::new("scenarios-unreadable");
    let d = load_scenario(&dir.0.join("nope.toml")).unwrap_err();
    assert_eq!(d.len(), 1);
    assert!(
        d[0].message.starts_with("cannot read the scenario file:"),
        "{}",
        show(&d)
    );
    let d = load_scenario(&dir.0).unwrap_err();
    assert!(d[0].message.contains("is a directory"), "{}", show(&d));

    let path = dir.0.join("latin1.toml");
    std::fs::write(&path, b"name = \"Caf\xe9\"\nfirst_turn = \"humans\"\n").unwrap();
    let d = load_scenario(&path).unwrap_err();
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].line, d[0].column), (1, 12));
    assert!(
        d[0].message.contains("not UTF-8 text: byte 0xe9"),
        "{}",
        show(&d)
    );
    assert!(d[0].file.ends_with("latin1.toml"));
}

#[test]
fn deeply_nested_values_are_refused_without_overflowing_the_stack() {
    for depth in [100, 10_000, 100_000] {
        for (open, close) in [("[", "]"), ("{ a = ", " }")] {
            let text = base_with(
                "walls = [{ edge = \"c3 north\", kind = \"high\" }]",
                &format!("walls = {}1{}", open.repeat(depth), close.repeat(depth)),
            );
            let d = fails(&text);
            assert_eq!(d.len(), 1, "{}", show(&d));
            assert!(
                d[0].message.starts_with("TOML syntax error"),
                "{}",
                show(&d)
            );
        }
    }
    // Within the parser's limit, the nesting is read and found to be the wrong shape.
    let text = base_with(
        "walls = [{ edge = \"c3 north\", kind = \"high\" }]",
        &format!("walls = [{}1{}]", "[".repeat(60), "]".repeat(60)),
    );
    let d = fails(&text);
    assert_error(&d, "map.walls[0]: expected a table, found an array");
}

#[test]
fn a_flood_of_problems_is_cut_short() {
    let mut walls = String::from("walls = [\n");
    for _ in 0..20_000 {
        walls.push_str("  { edge = \"i9 north\", kind = \"high\" },\n");
    }
    walls.push(']');
    let text = base_with("walls = [{ edge = \"c3 north\", kind = \"high\" }]", &walls);
    assert!(text.len() < MAX_FILE_BYTES as usize);
    let started = std::time::Instant::now();
    let d = fails(&text);
    assert!(started.elapsed().as_secs() < 5);
    assert_eq!(d.len(), MAX_DIAGNOSTICS + 1);
    assert_eq!(
        d.last().unwrap().message,
        format!(
            "... and 19900 more problems not shown (19900 errors, 0 warnings; only the first \
             {MAX_DIAGNOSTICS} are listed)"
        )
    );
    assert_eq!((d[0].line, d[0].column), (6, 12));
}

/// xorshift64*: a small seeded generator, so the damage below is the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Whatever happened, the report is well formed.
fn check_report(text: &str, result: Result<Loaded, Vec<Diagnostic>>) -> bool {
    let lines = text.split('\n').count();
    let diags = match &result {
        Ok(l) => &l.warnings,
        Err(d) => {
            assert!(
                d.iter().any(|d| d.severity == Severity::Error),
                "{}",
                show(d)
            );
            d
        }
    };
    assert!(diags.len() <= MAX_DIAGNOSTICS + 1);
    for d in diags {
        assert!(d.line >= 1 && d.line <= lines, "{d} (of {lines} lines)");
        assert!(d.column >= 1, "{d}");
        assert!(!d.message.is_empty());
    }
    result.is_err()
}

#[test]
fn every_truncation_of_the_real_scenario_fails_cleanly() {
    let text = std::fs::read_to_string(root().join(WHOS_THERE)).unwrap();
    let mut failed = 0;
    let mut cuts = 0;
    for (i, _) in text.char_indices() {
        let cut = &text[..i];
        cuts += 1;
        if check_report(cut, parse_scenario("cut.toml", cut)) {
            failed += 1;
        }
    }
    // Only cuts near the end (in the optional [counters] table) can still load.
    assert!(failed > cuts * 9 / 10, "{failed} of {cuts} cuts failed");
    assert!(!check_report(&text, parse_scenario("whole.toml", &text)));
}

#[test]
fn random_damage_to_the_real_scenario_never_panics() {
    let text = std::fs::read_to_string(root().join(WHOS_THERE)).unwrap();
    let palette = b"[]{}=\"'#\n ,.-_0123456789abcdehijklmnorstuvwxyz\\\t\r\x00\xff\xe2";
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let mut failed = 0;
    let rounds = 3000;
    for _ in 0..rounds {
        let mut bytes = text.as_bytes().to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len());
            match rng.below(5) {
                0 => bytes[at] = palette[rng.below(palette.len())],
                1 => bytes[at] = rng.next() as u8,
                2 => {
                    bytes.remove(at);
                }
                3 => bytes.insert(at, palette[rng.below(palette.len())]),
                _ => {
                    let len = rng.below(40).min(bytes.len() - at);
                    let chunk: Vec<u8> = bytes[at..at + len].to_vec();
                    let to = rng.below(bytes.len());
                    bytes.splice(to..to, chunk);
                }
            }
        }
        let damaged = String::from_utf8_lossy(&bytes);
        if check_report(&damaged, parse_scenario("damaged.toml", &damaged)) {
            failed += 1;
        }
    }
    assert!(
        failed > rounds / 3,
        "only {failed} of {rounds} damaged files failed"
    );
}

#[test]
fn damaged_files_on_disk_fail_cleanly() {
    // Through load_scenario too, with bytes that are not UTF-8.
    let text = std::fs::read(root().join(WHOS_THERE)).unwrap();
    let dir = TempDir::new("scenarios-damaged");
    let path = dir.0.join("damaged.toml");
    let mut rng = Rng(42);
    for _ in 0..200 {
        let mut bytes = text.clone();
        for _ in 0..3 {
            let at = rng.below(bytes.len());
            bytes[at] = rng.next() as u8;
        }
        std::fs::write(&path, &bytes).unwrap();
        let shown = String::from_utf8_lossy(&bytes).into_owned();
        check_report(&shown, load_scenario(&path));
    }
}

#[test]
fn odd_but_valid_toml_shapes_are_accepted() {
    // Array-of-tables walls, dotted keys, literal strings, upper-case squares.
    let text = r#"name = 'Shapes'
first_turn = "martians"
map.blockers = ['H5']

[[map.walls]]
edge = "C3 North"
kind = "LOW"

[[map.walls]]
edge = "  d3-d5   east "
kind = "high"

[humans]
models = [{ profile = "soldier", start = "enter" }]
entry.edge = "s"
[martians]
models = [{ profile = "martian", count = 1, start = "deploy" }]
deployment = ["H8-A7"]
"#;
    let d = fails(text);
    // Edge names are words: the one-letter forms are not accepted.
    assert_error(&d, "humans.entry.edge: \"s\" is not a board edge");
    let s = loads(&text.replace("entry.edge = \"s\"", "entry.edge = \"south\"")).scenario;
    assert_eq!(s.map.walls().pieces().len(), 4);
    assert_eq!(
        s.map.walls().get(sq("c3"), Edge::North),
        Some(WallKind::Low)
    );
    assert_eq!(s.map.blockers(), sq("h5").bit());
    assert_eq!(s.sides[Side::Martians].deployment, 0xFFFF_0000_0000_0000);
    assert_eq!(s.deploy_order, vec![Side::Martians]);
}

#[test]
fn loading_twice_gives_the_same_scenario() {
    let a = load(WHOS_THERE).unwrap().scenario;
    let b = load(WHOS_THERE).unwrap().scenario;
    assert_eq!(a.models, b.models);
    assert_eq!(a.map.walls(), b.map.walls());
    assert_eq!(a.profiles, b.profiles);
    assert!(Path::new(&root().join(WHOS_THERE)).exists());
}

/// The checks a designer needs: a hold zone in the walled yard or made only of blockers is
/// said at the zone, in words about holding (not at `[map]` about counters); a model's
/// `vp_exit` on a side with no exit; objective counters that neither side scores.
#[test]
fn hold_zones_exits_and_objectives_that_can_never_score_are_warnings() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/scenarios/walled-off.toml"))
        .unwrap()
        .replace(
            "deployment = [\"a8-h8\"]\n",
            "deployment = [\"a8-h8\"]\nhold = [{ zone = \"d4-e5\" }, { zone = \"b6\" }, { zone = \"c6\" }]\n",
        )
        .replace("blockers = []\n", "")
        .replace("[map]\n", "[map]\nblockers = [\"b6\"]\n")
        .replace(
            "models = [{ profile = \"soldier\", count = 4, start = \"enter\" }]",
            "models = [{ profile = \"soldier\", count = 4, start = \"enter\", vp_exit = 2 }]",
        )
        .replace("placed = 4\n", "placed = 4\nobjectives = 1\n");
    let w = loads(&text).warnings;
    let ws = Severity::Warning;
    let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let hold = line_of("hold = ");
    assert_has(
        &w,
        ws,
        hold,
        9,
        "martians.hold[0].zone: the martians can never reach d4, e4, d5, e5: walls cut it off \
         from where they start, so they can never hold it",
    );
    assert_has(
        &w,
        ws,
        hold,
        29,
        "martians.hold[1].zone: every square of it is a blocker, where no model may stand (P1), \
         so the martians can never hold it",
    );
    assert!(
        !w.iter().any(|d| d.message.contains("hold[2]")),
        "c6 can be held: {}",
        show(&w)
    );
    assert_has(
        &w,
        ws,
        line_of("vp_exit = 2"),
        11,
        "humans.models[0].vp_exit: scores nothing: the humans have no exit edge",
    );
    assert_has(
        &w,
        ws,
        line_of("[counters]"),
        1,
        "counters.objectives: 1 objective counters, but neither side scores them",
    );
}
