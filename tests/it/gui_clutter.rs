//! The board and the sidebar kept legible, driven headless: the sight's tags never cover
//! each other or a token, a model's sight goes once its action is over, and the AI's
//! report keeps its decisions, visits and values in columns.

use std::path::PathBuf;

use eframe::egui::Rect;
use egui_kittest::kittest::Queryable;

use mars_attacks::rules::Side;
use mars_attacks::table::setup::GameSetup;

use super::gui::{harness, hot_seat, m, skirmish_file, step_until, temp_dir, write};

/// A Martian on d5 ringed by seven squares of soldiers, three or four to a square, and a
/// second Martian beside it: seven tags crowd round the tokens.
const CROWD: &str = r#"
name = "Crowd"
first_turn = "martians"
deck = "none"
hand_size = 0
[map]
walls = [{ edge = "c5 north", kind = "low" }, { edge = "e4 east", kind = "high" }]
[humans]
models = [
  { profile = "soldier", start = "c4" }, { profile = "soldier", start = "c4" },
  { profile = "soldier", start = "c4" }, { profile = "soldier", start = "d4" },
  { profile = "soldier", start = "d4" }, { profile = "soldier", start = "d4" },
  { profile = "soldier", start = "d4" }, { profile = "soldier", start = "e4" },
  { profile = "soldier", start = "e4" }, { profile = "soldier", start = "e4" },
  { profile = "soldier", start = "c6" }, { profile = "soldier", start = "c6" },
  { profile = "soldier", start = "c6" }, { profile = "soldier", start = "e6" },
  { profile = "soldier", start = "e6" }, { profile = "soldier", start = "e6" },
  { profile = "soldier", start = "e6" }, { profile = "soldier", start = "d7" },
  { profile = "soldier", start = "d7" }, { profile = "soldier", start = "d7" },
  { profile = "soldier", start = "b5" }, { profile = "soldier", start = "b5" },
  { profile = "soldier", start = "b5" },
]
[martians]
models = [{ profile = "martian", start = "d5" }, { profile = "martian", start = "d5" }]
"#;

fn apart(a: &Rect, b: &Rect) -> bool {
    !a.intersects(*b)
}

#[test]
fn the_sights_tags_never_cover_each_other_or_a_token() {
    let dir = temp_dir("clutter-tags");
    let mut h = harness(hot_seat(write(&dir, "crowd.toml", CROWD), 1), dir.clone());
    // The first Martian is m24.
    h.get_by_label("m24").click();
    h.run_steps(4);
    let board = &h.state().board;
    let (_, lines) = board.sight.clone().expect("sight is drawn");
    assert_eq!(lines.len(), 7, "seven squares of enemies");
    let tags = &board.sight_tags;
    assert_eq!(tags.len(), lines.len(), "a tag a line");
    // 23 soldiers and 2 Martians on the board.
    assert_eq!(board.tokens.len(), 25);
    let within = board.geom.unwrap().board;
    for (i, a) in tags.iter().enumerate() {
        assert!(within.contains_rect(*a), "tag {i} {a:?} leaves the board");
        for t in &board.tokens {
            assert!(apart(a, t), "tag {i} {a:?} covers the token {t:?}");
        }
        for (j, b) in tags.iter().enumerate().skip(i + 1) {
            assert!(apart(a, b), "tags {i} {a:?} and {j} {b:?} overlap");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_models_sight_goes_once_its_action_is_over() {
    let dir = temp_dir("clutter-stale");
    let mut h = harness(hot_seat(skirmish_file(&dir), 1), dir.clone());
    h.get_by_label("m1").click();
    h.run_steps(4);
    assert!(h.state().board.sight.is_some(), "m1 selected: its sight");
    // m1 on c3 steps to b3, and ends its action there.
    h.get_by_label("square b3").click();
    h.run_steps(4);
    assert!(
        h.state().board.sight.is_some(),
        "its action goes on: its sight is kept"
    );
    h.get_by_label("End this model's action").click();
    h.run_steps(4);
    let s = h.state().session.as_ref().unwrap();
    assert_eq!(s.state().model(m(1)).square(), Some(super::gui::sq("b3")));
    assert_eq!(s.human_to_move(), Some(Side::Humans), "the second action");
    assert_eq!(h.state().selected, None, "m1 may not act again this Turn");
    assert!(h.state().board.sight.is_none(), "no stale sight lines");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_ais_report_keeps_its_columns() {
    use mars_attacks::table::brain::{AiReport, Considered, ShownReport};
    let dir = temp_dir("clutter-report");
    // The person plays the Humans, who act first: the AI waits, and its report is the one
    // put here (a search's shape, with a decision too long for its column).
    let setup = GameSetup::versus_ai(
        skirmish_file(&dir),
        Side::Humans,
        "mcts:200".parse().unwrap(),
        5,
    );
    let mut h = harness(setup, dir.clone());
    let g = h.state().session.as_ref().unwrap().state().clone();
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let long =
        "Shoot Martian Commander with the Zap Gun of the Mothership, aimed twice".to_string();
    let top: Vec<Considered> = legal
        .iter()
        .enumerate()
        .map(|(i, a)| Considered {
            action: *a,
            visits: 1000 - 100 * i as u64,
            mean: 0.5,
        })
        .collect();
    let mut considered: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
    considered[0] = long.clone();
    let shown = ShownReport {
        side: Side::Martians,
        report: AiReport {
            player: "mcts(200 it)".into(),
            chosen: Some(legal[0]),
            iterations: 2000,
            threads: 1,
            top,
            ..AiReport::default()
        },
        chosen: long.clone(),
        considered,
    };
    assert!(shown.considered.len() > 1, "{:?}", shown.considered);
    h.state_mut().session.as_mut().unwrap().report = Some(shown.clone());
    h.run_steps(4);
    let visits = h.get_by_label("visits").rect();
    let value = h.get_by_label("value").rect();
    assert!(visits.max.x < value.min.x);
    let head = h.get_by_label("considered").rect();
    for words in shown.considered.iter().take(8) {
        // The cell of the table: in the first column, under the head.
        let cell = h
            .query_all_by_label(words)
            .map(|n| n.rect())
            .find(|r| (r.min.x - head.min.x).abs() < 1.0 && r.min.y > head.min.y)
            .unwrap_or_else(|| panic!("{words:?} is in the table"));
        // Cut short, if need be, before the visits column.
        assert!(
            cell.max.x < visits.min.x,
            "{words:?} at {cell:?} runs into the visits at {visits:?}"
        );
    }
    // Each row's visits sit in their column: "1000 (…%)" right-aligned under the head.
    let first = h.get_by_label_contains("1000 (").rect();
    assert!(first.min.x >= visits.min.x - 60.0 && first.max.x <= value.min.x);
    std::fs::remove_dir_all(&dir).ok();
}

/// What the AI decides is told in the table's words, not the saved form.
#[test]
fn the_ais_decision_is_named_in_the_tables_words() {
    let dir = temp_dir("clutter-words");
    let setup = GameSetup::versus_ai(
        skirmish_file(&dir),
        Side::Martians,
        "mcts:50".parse().unwrap(),
        5,
    );
    let mut h = harness(setup, dir.clone());
    step_until(&mut h, "the AI's first decision", |a| {
        a.session.as_ref().unwrap().report.is_some()
    });
    let shown = h.state().session.as_ref().unwrap().report.clone().unwrap();
    let saved = shown.report.chosen.unwrap().to_string();
    // `Act with m1 US Army Soldier`, `Shoot m4 Martian`, not `activate m1`, `shoot m4`.
    assert_ne!(shown.chosen, saved);
    assert!(
        shown.chosen.starts_with(char::is_uppercase),
        "{}",
        shown.chosen
    );
    for (c, words) in shown.report.top.iter().zip(&shown.considered) {
        assert_ne!(words, &c.action.to_string());
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_board_stays_put_while_the_panels_beside_it_change() {
    let dir = temp_dir("clutter-still");
    let scenario = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/ambush.toml");
    let mut h = harness(hot_seat(scenario, 7), dir.clone());
    let first = h.state().board.geom.expect("the board is drawn");
    let mut seen = Vec::new();
    for k in 0..400 {
        let s = h.state_mut().session.as_mut().unwrap();
        if s.state().is_over() {
            break;
        }
        // A model selected now and then, and a decision made: the side panel shows the
        // selected model, the decisions, the cards, the last dice.
        let legal = s.legal();
        let a = legal[(k * 7) % legal.len()];
        s.play(a).unwrap();
        let n = h.state().session.as_ref().unwrap().state().models().len();
        h.state_mut().selected = Some(mars_attacks::rules::ModelId((k % n) as u8));
        h.run_steps(2);
        let g = h.state().board.geom.unwrap();
        if g != first {
            seen.push((k, g.board));
        }
    }
    assert!(
        seen.is_empty(),
        "the board moved from {:?}: {seen:?}",
        first.board
    );
    std::fs::remove_dir_all(&dir).ok();
}
