//! The scenario checker's semantic checks, one test each: squares, walls, forces, profiles,
//! zones, entries, exits, counters, targets, and the warnings for probable mistakes.

use rules::map::WallKind;
use rules::scenario::MAX_MODELS;
use rules::scenario_file::Severity;
use rules::{Edge, Side};

use crate::common::scenario_files::*;

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
