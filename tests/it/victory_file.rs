//! The victory keys in scenario files (P28-P33): what they load to, and every check of
//! them reported at its line and column, with did-you-mean where a word or key is close.

use mars_attacks::rules::model_names::ModelNames;
use mars_attacks::rules::scenario::{EndsGame, Entry, Hold};
use mars_attacks::rules::scenario_file::Severity;
use mars_attacks::rules::{Bitboard, Edge, ModelId, ModelSet, Side};

use crate::common::scenario_files::{assert_has, fails, load, loads, show, sq};

/// A valid scenario with every victory key: a key VIP, a Soldier held on the board, hold
/// zones with Rounds, an entry on part of an edge and one drawn at random.
const VICTORY: &str = r#"name = "Victory"
first_turn = "humans"
round_limit = 6
deck = "none"
hand_size = 0

[map]
walls = []

[humans]
models = [
  { profile = "soldier", start = "d2", ends_game = { dies = "martians", exits = "humans" } },
  { profile = "soldier", count = 2, start = "e2", may_exit = false },
  { profile = "soldier", start = "enter" },
]
entry = { squares = "a1-c1", round = 2 }
exit = "north"
hold = [{ zone = "d4-e5", vp = 1, from = 2, until = 5, win_after = 2 }]

[martians]
models = [{ profile = "martian", count = 2, start = "enter" }]
entry = { edges = ["east", "west", "west"], rounds = [2, 3] }
"#;

#[test]
fn the_victory_keys_load_to_what_they_say() {
    let loaded = loads(VICTORY);
    assert!(loaded.warnings.is_empty(), "{}", show(&loaded.warnings));
    let s = loaded.scenario;
    // m1 is the key model; m2 and m3 may not leave; m4 may.
    assert_eq!(
        s.models[0].ends_game,
        EndsGame {
            dies: Some(Side::Martians),
            exits: Some(Side::Humans)
        }
    );
    assert!(!s.models[1].ends_game.is_key());
    let may: Vec<bool> = s.models.iter().map(|m| m.may_exit).collect();
    assert_eq!(may, [true, false, false, true, true, true]);
    let masks = s.model_masks();
    let set = |ids: &[u8]| ids.iter().map(|&i| ModelId(i)).collect::<ModelSet>();
    assert_eq!(
        (masks.dies, masks.exits, masks.held),
        (set(&[0]), set(&[0]), set(&[1, 2]))
    );
    assert!(masks.draws);
    // The held models' exit VP are nothing, whatever the side's award (P30).
    assert_eq!(s.exit_of(1), None);
    assert_eq!(s.exit_of(0), Some(Edge::North));
    // The Humans' entry: part of the south edge, inferred from the squares (P32).
    let e = s.sides[Side::Humans].entry[0];
    assert_eq!(
        (e.edge, e.round, e.squares),
        (
            Edge::South,
            2,
            ["a1", "b1", "c1"].map(sq).into_iter().collect::<Bitboard>()
        )
    );
    assert!(!e.is_drawn());
    // The Martians' entry: the edge drawn among three (west twice as likely), the Round
    // among two, first possible in Round 2 (P33).
    let e: Entry = s.sides[Side::Martians].entry[0];
    assert!(e.is_drawn());
    assert_eq!(e.edges.as_slice(), [Edge::East, Edge::West, Edge::West]);
    assert_eq!(e.rounds.as_slice(), [2, 3]);
    assert_eq!((e.edge, e.round), (Edge::East, 2));
    assert_eq!(
        e.squares,
        Edge::East.board_squares() | Edge::West.board_squares()
    );
    // The zone counts from Round 2 to Round 5 and wins when held 2 of them running (P31).
    let h: Hold = s.sides[Side::Humans].hold[0];
    assert_eq!(
        (h.from, h.until, h.win_after, h.vp),
        (2, Some(5), Some(2), 1)
    );
    assert!(!h.counts_in(1) && h.counts_in(2) && h.counts_in(5) && !h.counts_in(6));
}

#[test]
fn every_victory_check_is_reported_at_its_place() {
    let d = load("tests/fixtures/scenarios/victory-problems.toml").unwrap_err();
    let want: &[(Severity, usize, usize, &str)] = &[
        (
            Severity::Warning,
            13,
            3,
            "humans.models[0].vp_exit: scores nothing: may_exit = false holds these models on the board",
        ),
        (
            Severity::Error,
            14,
            55,
            "humans.models[1].ends_game: give dies, exits or both",
        ),
        (
            Severity::Warning,
            15,
            61,
            "humans.models[2].ends_game.dies: the humans win when their own model dies; did you mean \"martians\"?",
        ),
        (
            Severity::Warning,
            15,
            79,
            "humans.models[2].ends_game.exits: the martians win when a humans model leaves",
        ),
        (
            Severity::Error,
            16,
            61,
            "humans.models[3].ends_game.dies: \"martains\" is not a side: expected \"humans\" or \"martians\" (did you mean \"martians\"?)",
        ),
        (
            Severity::Error,
            18,
            21,
            "humans.entry.squares: \"c4\" lies along no board edge",
        ),
        (
            Severity::Error,
            18,
            40,
            "humans.entry.rounds[1]: round 9 is after the game's last Round (5), so these models could never come on",
        ),
        (
            Severity::Error,
            21,
            36,
            "humans.hold[0].until: Round 3 is before from (Round 4), so the zone would never count",
        ),
        (
            Severity::Error,
            22,
            25,
            "humans.hold[1].from: Round 6 is after the game's last Round (5), so the zone would never count",
        ),
        (
            Severity::Error,
            23,
            30,
            "humans.hold[2].win_after: 6 Rounds running, but the zone counts only at the end of 5 Rounds (Round 1 to Round 5), so holding it could never win",
        ),
        (
            Severity::Error,
            24,
            28,
            "humans.hold[3].win_afer: unknown key (did you mean \"win_after\"?)",
        ),
        (
            Severity::Warning,
            30,
            51,
            "martians.models[1].may_exit: has no effect: the martians have no exit edge",
        ),
        (
            Severity::Warning,
            32,
            35,
            "martians.entry[0].edges: one edge only, so nothing is drawn",
        ),
        (
            Severity::Error,
            32,
            35,
            "martians.entry[0].edges: give edge or edges, not both",
        ),
        (
            Severity::Error,
            32,
            65,
            "martians.entry[0].rounds: an empty array; give at least one Round to draw among",
        ),
    ];
    for (severity, line, column, fragment) in want {
        assert_has(&d, *severity, *line, *column, fragment);
    }
    assert_eq!(d.len(), want.len(), "{}", show(&d));
}

/// `VICTORY` with `from` (which must be there) replaced by `to`.
#[track_caller]
fn victory_with(from: &str, to: &str) -> String {
    assert!(VICTORY.contains(from), "VICTORY has no {from:?}");
    VICTORY.replacen(from, to, 1)
}

const HUMANS_ENTRY: &str = r#"entry = { squares = "a1-c1", round = 2 }"#;

#[test]
fn entry_squares_must_lie_along_the_edge_named_or_one_edge() {
    // Off the edge named: at the squares, with an example along that edge.
    let d = fails(&victory_with(
        HUMANS_ENTRY,
        r#"entry = { edge = "north", squares = "a1-c1" }"#,
    ));
    assert_has(
        &d,
        Severity::Error,
        16,
        37,
        "humans.entry.squares: \"a1-c1\" lies off the north edge: give squares along it, like \"e8-h8\"",
    );
    // A corner lies on two edges: say which.
    let d = fails(&victory_with(HUMANS_ENTRY, r#"entry = { squares = "a1" }"#));
    assert_has(
        &d,
        Severity::Error,
        16,
        21,
        "humans.entry.squares: \"a1\" lies on both the south and the west edge: say which with edge = \"south\" or edge = \"west\"",
    );
    let corner = loads(&victory_with(
        HUMANS_ENTRY,
        r#"entry = { edge = "west", squares = "a1" }"#,
    ));
    assert_eq!(
        corner.scenario.sides[Side::Humans].entry[0].edge,
        Edge::West
    );
    // Part of one edge cannot go with edges drawn at random, nor round with rounds.
    let d = fails(&victory_with(
        HUMANS_ENTRY,
        r#"entry = { squares = "a1-c1", edges = ["south", "north"], round = 2, rounds = [2, 3] }"#,
    ));
    assert_has(
        &d,
        Severity::Error,
        16,
        21,
        "humans.entry.squares: a part of one edge cannot go with edges drawn at random",
    );
    assert_has(
        &d,
        Severity::Error,
        16,
        78,
        "humans.entry.rounds: give round or rounds, not both",
    );
    // No edge at all: at the entry table.
    let d = fails(&victory_with(HUMANS_ENTRY, r#"entry = { round = 2 }"#));
    assert_has(
        &d,
        Severity::Error,
        16,
        9,
        "humans.entry: missing required key \"edge\" (the board edge the models come on across; or squares = \"a1-d1\" for part of one",
    );
    // More than 8 to draw among.
    let d = fails(&victory_with(
        HUMANS_ENTRY,
        r#"entry = { edge = "south", rounds = [1, 1, 2, 2, 3, 3, 4, 4, 5] }"#,
    ));
    assert_has(
        &d,
        Severity::Error,
        16,
        36,
        "humans.entry.rounds: 9 Rounds; a draw is among at most 8",
    );
    // An edge drawn whose every square is a blocker.
    let d = fails(
        &victory_with("walls = []", "walls = []\nblockers = [\"h1-h8\"]").replace(
            r#"edges = ["east", "west", "west"]"#,
            r#"edges = ["west", "east"]"#,
        ),
    );
    assert_has(
        &d,
        Severity::Error,
        23,
        28,
        "martians.entry.edges[1]: every square along the east edge is a blocker",
    );
}

#[test]
fn an_exit_no_model_may_take_and_a_key_model_that_can_never_leave_are_flagged() {
    let text = victory_with(
        r#"{ profile = "soldier", start = "d2", ends_game = { dies = "martians", exits = "humans" } },"#,
        r#"{ profile = "soldier", start = "d2", may_exit = false, ends_game = { exits = "humans" } },"#,
    )
    .replace(
        r#"{ profile = "soldier", start = "enter" },"#,
        r#"{ profile = "soldier", start = "enter", may_exit = false },"#,
    );
    let w = loads(&text).warnings;
    assert_has(
        &w,
        Severity::Warning,
        12,
        80,
        "humans.models[0].ends_game.exits: ends nothing: may_exit = false holds these models on the board, so they can never leave",
    );
    assert_has(
        &w,
        Severity::Warning,
        17,
        8,
        "humans.exit: no humans model may leave: every one has may_exit = false",
    );
    // Without an exit edge at all.
    let text = victory_with("exit = \"north\"\n", "");
    let w = loads(&text).warnings;
    assert_has(
        &w,
        Severity::Warning,
        12,
        81,
        "humans.models[0].ends_game.exits: ends nothing: the humans have no exit edge",
    );
    assert_has(
        &w,
        Severity::Warning,
        13,
        62,
        "humans.models[1].may_exit: has no effect: the humans have no exit edge",
    );
}

#[test]
fn at_most_eight_zones_win_when_held() {
    // a4 to h4, then a5.
    let zones: Vec<String> = (0..9u8)
        .map(|i| {
            let (col, row) = (b'a' + i % 8, 4 + i / 8);
            format!("{{ zone = \"{}{row}\", win_after = 1 }}", col as char)
        })
        .collect();
    let text = victory_with(
        r#"hold = [{ zone = "d4-e5", vp = 1, from = 2, until = 5, win_after = 2 }]"#,
        &format!("hold = [{}]", zones.join(", ")),
    );
    let d = fails(&text);
    assert_has(
        &d,
        Severity::Error,
        18,
        292,
        "humans.hold[8].win_after: a scenario may have at most 8 zones that win when held",
    );
}

#[test]
fn misplaced_victory_keys_say_where_they_belong() {
    let d = fails(&victory_with(
        "exit = \"north\"",
        "exit = \"north\"\nwin_after = 2",
    ));
    assert_has(
        &d,
        Severity::Error,
        18,
        1,
        "humans.win_after: unknown key here: `win_after` belongs in a side's hold table",
    );
    let d = fails(&victory_with(
        r#"start = "e2", may_exit = false"#,
        r#"start = "e2", may_exti = false"#,
    ));
    assert_has(
        &d,
        Severity::Error,
        13,
        51,
        "humans.models[1].may_exti: unknown key (did you mean \"may_exit\"?)",
    );
    let d = fails(&victory_with(r#"may_exit = false"#, r#"may_exit = "no""#));
    assert_has(
        &d,
        Severity::Error,
        13,
        62,
        "humans.models[1].may_exit: expected true or false, found a string",
    );
}

#[test]
fn the_picture_marks_key_models_partial_and_drawn_entries_and_who_may_leave() {
    use mars_attacks::shelf::picture::{MapPicture, colors, edge_band, edge_band_of};
    let s = loads(VICTORY).scenario;
    let p = MapPicture::of(&s);
    // The key model's square is ringed; the held Soldiers' is not.
    let key: Vec<(String, bool)> = p
        .fixed
        .iter()
        .map(|f| (f.square.to_string(), f.key))
        .collect();
    assert_eq!(key, [("d2".to_string(), true), ("e2".to_string(), false)]);
    // The Humans come on at a1-c1 only: the band spans columns a to c (x 0 to 3).
    let humans = &p.entries[0];
    assert_eq!((humans.side, humans.edge), (Side::Humans, Edge::South));
    assert_eq!(humans.label, "Humans come on at a1-c1, from Round 2");
    let south = edge_band(Edge::South);
    assert_eq!(
        edge_band_of(Edge::South, humans.squares),
        ((0.0, south.0.1), (3.0, south.1.1))
    );
    assert_eq!(
        edge_band_of(Edge::South, Edge::South.board_squares()),
        south
    );
    // The Martians' edge is drawn: both edges marked, each saying so.
    let martians: Vec<(Edge, &str)> = p.entries[1..]
        .iter()
        .map(|m| (m.edge, m.label.as_str()))
        .collect();
    assert_eq!(
        martians,
        [
            (
                Edge::East,
                "Martians come on here or across the west edge, from Round 2 or 3 (drawn at \
                 the start of Round 2)"
            ),
            (
                Edge::West,
                "Martians come on here or across the east edge, from Round 2 or 3 (drawn at \
                 the start of Round 2)"
            ),
        ]
    );
    // Who may leave: the key model and the Soldier coming on, not the two held.
    assert_eq!(
        p.exits[0].label,
        "Humans leave here (only 2 US Army Soldiers)"
    );
    let legend: Vec<String> = p.legend().into_iter().map(|(_, t)| t).collect();
    assert!(
        legend.contains(
            &"d4-e5: the Humans score 1 VP at the end of each of Rounds 2-5 they hold it alone; \
          holding it alone at the end of 2 of them running wins"
                .to_string()
        )
    );
    assert!(
        legend.contains(
            &"key model of the Humans: US Army Soldier dying wins at once for the Martians, \
          getting away for the Humans"
                .to_string()
        )
    );
    // The SVG rings the key model once on the board and once in the legend.
    let svg = p.to_svg("Victory");
    assert_eq!(
        svg.matches(&format!("stroke=\"{}\"", colors::KEY)).count(),
        2
    );
}

/// Three Human entries on the south edge (two halves side by side, then the whole edge
/// later) and their exit there; a zone both sides hold, counted in some Rounds.
const WAVES: &str = r#"name = "Two Waves"
first_turn = "humans"
round_limit = 6

[map]
walls = []

[humans]
models = [{ profile = "soldier", count = 2, start = "enter" },
          { profile = "soldier", count = 2, start = "enter", wave = 2 },
          { profile = "soldier", start = "enter", wave = 3 }]
entry = [{ squares = "a1-d1", round = 1 }, { squares = "e1-h1", round = 2 },
         { edge = "south", round = 4 }]
hold = [{ zone = "d4-e5", vp = 1, from = 2, until = 5, win_after = 2 }]
exit = "south"

[martians]
models = [{ profile = "martian", count = 3, start = "enter" }]
entry = { edges = ["east", "west"], round = 4, announce = 2 }
hold = [{ zone = "d4-e5", vp = 1, from = 3 }]
"#;

#[test]
fn entries_on_one_edge_are_drawn_apart_and_a_zone_shows_its_rounds() {
    use mars_attacks::shelf::picture::{LANE, MapPicture, edge_band, hold_tag, tag_square};
    let p = MapPicture::of(&loads(WAVES).scenario);
    let south: Vec<_> = p
        .entries
        .iter()
        .chain(&p.exits)
        .filter(|m| m.edge == Edge::South)
        .collect();
    // The two halves side by side keep the board's lane and leave a gap between them; the
    // whole edge and the exit, over the same squares, go one line further out each.
    let lanes: Vec<u8> = south.iter().map(|m| m.lane).collect();
    assert_eq!(lanes, [0, 0, 1, 2]);
    let (a, b) = (south[0].band(), south[1].band());
    assert!(a.1.0 < 4.0 && b.0.0 > 4.0, "{a:?} {b:?}");
    let y = edge_band(Edge::South).0.1;
    assert_eq!(south[2].band().0.1, y + LANE);
    assert_eq!(south[3].band().0.1, y + 2.0 * LANE);
    // The Martians' two drawn edges are on edges of their own.
    assert!(p.entries[3..].iter().all(|m| m.lane == 0));
    let legend: Vec<String> = p.legend().into_iter().map(|(_, t)| t).collect();
    assert!(
        legend.contains(
            &"south, next to the board: Humans come on at e1-h1, from Round 2".to_string()
        ),
        "{legend:?}"
    );
    assert!(
        legend.contains(&"south, 3rd line out: Humans leave here".to_string()),
        "{legend:?}"
    );
    assert!(
        legend
            .iter()
            .any(|l| l.starts_with("east: Martians come on")),
        "{legend:?}"
    );
    // The zone's Rounds: the Humans' in its top-left square, the Martians' bottom right.
    let [humans, martians] = [&p.holds[0], &p.holds[1]];
    assert_eq!(hold_tag(&humans.hold), ["R2-5", "win 2"]);
    assert_eq!(hold_tag(&martians.hold), ["R3+"]);
    assert_eq!(tag_square(Side::Humans, humans.zone), Some(sq("d5")));
    assert_eq!(tag_square(Side::Martians, martians.zone), Some(sq("e4")));
    let svg = p.to_svg("Two Waves");
    for tag in ["R2-5", "win 2", "R3+"] {
        assert_eq!(svg.matches(&format!(">{tag}</text>")).count(), 1, "{tag}");
    }
    // A zone that counts every Round and does not win has no marks.
    let every = Hold {
        zone: humans.zone,
        vp: 1,
        from: 1,
        until: None,
        win_after: None,
    };
    assert!(hold_tag(&every).is_empty());
}

/// The Mayor's set-up: the Humans' key model deploys on rows 1-2, the Martians on the
/// rows `martian_rows`; `order` sets who takes the first Turn and who deploys first.
fn mayor(order: &str, martian_rows: &str) -> String {
    format!(
        r#"name = "Mayor"
{order}
round_limit = 6

[map]
walls = []

[humans]
models = [{{ profile = "soldier", count = 2, start = "deploy" }},
          {{ profile = "soldier", start = "deploy", ends_game = {{ dies = "martians" }} }}]
deployment = ["a1-h2"]

[martians]
models = [{{ profile = "martian", count = 3, start = "deploy" }}]
deployment = ["{martian_rows}"]
"#
    )
}

#[test]
fn validate_warns_of_a_key_model_the_enemy_reaches_before_it_can_move() {
    let trap = "a key model whose death wins for the martians is deployed before the \
                martians, and every square of its deployment zone";
    let warned = |order: &str, rows: &str| {
        let w = loads(&mayor(order, rows)).warnings;
        w.iter().any(|d| d.message.contains(trap))
    };
    let martians_first = "first_turn = \"martians\"\ndeploy_first = \"humans\"";
    // A Martian (range 4, R8) that moves 1 from row 6 to row 5 shoots as far as row 1:
    // every square of the Humans' zone is in reach.
    let w = loads(&mayor(martians_first, "a6-h8")).warnings;
    assert_has(
        &w,
        Severity::Warning,
        11,
        42,
        "humans.models[1].start: a key model whose death wins for the martians is deployed \
         before the martians, and every square of its deployment zone (a1-h2) lies where a martians model can shoot or charge \
         it on their first Turn, before the humans can move it",
    );
    assert_eq!(w.len(), 1, "{}", show(&w));
    // From row 7 a Martian reaches row 2 only: row 1 is out of reach.
    assert!(!warned(martians_first, "a7-h8"));
    // Deploying after the Martians, or moving first, the Humans can keep him out of reach.
    assert!(!warned(
        "first_turn = \"martians\"\ndeploy_first = \"martians\"",
        "a6-h8"
    ));
    assert!(!warned(
        "first_turn = \"humans\"\ndeploy_first = \"humans\"",
        "a6-h8"
    ));
    // Fixed on a square in reach: warned, whoever deploys first.
    let fixed = mayor(martians_first, "a6-h8").replace(
        r#"{ profile = "soldier", start = "deploy", ends_game"#,
        r#"{ profile = "soldier", start = "d1", ends_game"#,
    );
    let w = loads(&fixed).warnings;
    assert!(
        w.iter().any(|d| d.message.contains(
            "humans.models[1].start: a key model whose death wins for the martians starts at \
             d1 where a martians model can shoot or charge it"
        )),
        "{}",
        show(&w)
    );
}

/// Humans deploying on row 1 and Martians coming on across the north edge in Round 2,
/// with the hold tables `humans_hold` and `martians_hold`.
fn far_holds(humans_hold: &str, martians_hold: &str) -> String {
    format!(
        r#"name = "Far"
first_turn = "humans"
round_limit = 6

[map]
walls = []

[humans]
models = [{{ profile = "soldier", count = 2, start = "deploy" }}]
deployment = ["a1-h1"]
hold = [{humans_hold}]

[martians]
models = [{{ profile = "martian", count = 2, start = "enter" }}]
entry = {{ edge = "north", round = 2 }}
hold = [{martians_hold}]
"#
    )
}

#[test]
fn validate_warns_of_a_hold_zone_its_side_cannot_reach_in_the_rounds_it_counts() {
    let warnings = |h: &str, m: &str| -> Vec<String> {
        loads(&far_holds(h, m))
            .warnings
            .iter()
            .map(|d| d.message.clone())
            .collect()
    };
    let ok_martians = r#"{ zone = "d1", vp = 1 }"#;
    // From row 1, 2 squares a Round (R12): row 7 at the end of Round 3, row 8 of Round 4.
    let w = warnings(r#"{ zone = "a8", vp = 1, until = 3 }"#, ok_martians);
    assert_eq!(
        w,
        [
            "humans.hold[0].zone: no model of the humans can stand in a8 by the end of Round 3, \
          the last Round it counts in, so it never scores or wins (each model moves at most 2 \
          squares a Round, R12)"
        ]
    );
    assert!(warnings(r#"{ zone = "a8", vp = 1, until = 4 }"#, ok_martians).is_empty());
    // Coming on in Round 2 across the north edge, the step on counting (R6): row 7 at the
    // end of Round 2, row 5 of Round 3, row 3 of Round 4, row 1 of Round 5.
    let ok_humans = r#"{ zone = "a2", vp = 1 }"#;
    let w = warnings(ok_humans, r#"{ zone = "d1", vp = 1, until = 4 }"#);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].starts_with(
            "martians.hold[0].zone: no model of the martians can stand in d1 by the end of Round 4"
        ),
        "{w:?}"
    );
    assert!(warnings(ok_humans, r#"{ zone = "d1", vp = 1, until = 5 }"#).is_empty());
    // a5 is reached at the end of Round 2: held Rounds 2-4 wins by Round 4, 4 running not.
    assert!(
        warnings(
            r#"{ zone = "a5", vp = 0, until = 4, win_after = 3 }"#,
            ok_martians
        )
        .is_empty()
    );
    let w = warnings(
        r#"{ zone = "a5", vp = 0, until = 4, win_after = 4 }"#,
        ok_martians,
    );
    assert_eq!(
        w,
        [
            "humans.hold[0].zone: the humans can stand in a5 at the end of Round 2 at the \
          earliest, too late to hold it 4 Rounds running by the end of Round 4, so holding it \
          never wins (each model moves at most 2 squares a Round, R12)"
        ]
    );
    // The game's last Round counts as the zone's last when it has no until.
    let w = warnings(ok_humans, r#"{ zone = "d1", vp = 1, from = 2 }"#);
    assert!(w.is_empty(), "{w:?}");
}

#[test]
fn the_sidebar_says_what_the_victory_conditions_stand_at() {
    use mars_attacks::table::victory::victory_lines;
    let s = std::sync::Arc::new(loads(VICTORY).scenario);
    let g = mars_attacks::rules::GameState::new(s, &mut mars_attacks::rules::rng_from_seed(0));
    assert_eq!(
        victory_lines(&g, ModelNames::Numbers),
        [
            "Key model m1 US Army Soldier: dying wins for the Martians, getting away for the \
             Humans.",
            "d4-e5: the Humans win holding it alone 2 Rounds running; held 0 so far, counted \
             from Round 2.",
            "The Martians of entry 1 come on where and when a draw at the start of Round 2 \
             says.",
        ]
    );
}
