//! Scenario files: the shipped scenarios, and the checker's reports on bad files (every
//! problem at once, each at its line and column). The semantic checks one by one are in
//! `scenario_checks.rs`; absurd input and random damage in `scenario_damage.rs`.

use crate::common::scenario_files::*;

use rules::map::WallKind;
use rules::scenario::{Entry, Start, VpAwards};
use rules::scenario_file::{Diagnostic, Severity, core_profiles, load_scenario};
use rules::{Ability, Bitboard, Edge, Side};

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
    assert_eq!(humans.entry, vec![Entry::whole_edge(Edge::South, 1)]);
    assert_eq!(humans.deployment, Bitboard::EMPTY);
    assert_eq!(martians.entry, Vec::new());
    // R29: the zone is a design choice "anywhere in rows 5-8".
    assert_ne!(martians.deployment, Bitboard::EMPTY);
    assert!(
        martians.deployment.is_subset(Bitboard::rect(0, 7, 4, 7)),
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
    assert_eq!(s.map.blockers(), Bitboard::EMPTY);
    // Every square can be walked to from both starting areas.
    let from_south = s.map.reachable_from(Edge::South.board_squares());
    let from_north = s.map.reachable_from(s.sides[Side::Martians].deployment);
    assert_eq!((from_south, from_north), (Bitboard::FULL, Bitboard::FULL));
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
    assert_eq!(h.entry, vec![Entry::whole_edge(Edge::West, 3)]);
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
