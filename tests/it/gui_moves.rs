//! The table's move help, driven headless: the hint as a whole move drawn on the board,
//! the choice between Shoot and Charge with each one's odds, and Aim and Stand up offered
//! on the board.

use mars_attacks::rules::model_names::ModelNames;
use std::path::{Path, PathBuf};

use egui_kittest::kittest::Queryable;
use rand::{Rng, SeedableRng};

use mars_attacks::gui::MarsApp;
use mars_attacks::rules::action::{Action, ModelId};
use mars_attacks::rules::map::Los;
use mars_attacks::rules::odds;
use mars_attacks::rules::state::Phase;
use mars_attacks::rules::{Bitboard, GameState, Side};
use mars_attacks::table::describe::plan_text;
use mars_attacks::table::forecast::{Target, percent};
use mars_attacks::table::session::Session;
use mars_attacks::table::setup::GameSetup;

use super::gui::{harness, history, hot_seat, hover, m, root, shows, sq, step_until, temp_dir};

/// An open street: soldier m1 on c3 two squares from Martian m3 on c5; m2 and m4 far away.
fn two_squares_file(dir: &Path) -> PathBuf {
    let p = dir.join("two-squares.toml");
    std::fs::write(
        &p,
        r#"
name = "Two squares"
first_turn = "humans"
deck = "none"
hand_size = 0

[map]
walls = []

[humans]
models = [
  { profile = "soldier", start = "c3" },
  { profile = "soldier", start = "a1" },
]
vp = { shoot_kill = 1, fight_kill = 2 }

[martians]
models = [
  { profile = "martian", start = "c5" },
  { profile = "martian", start = "h8" },
]
vp = { shoot_kill = 1, fight_kill = 2 }
"#,
    )
    .unwrap();
    p
}

fn state(h: &egui_kittest::Harness<'_, MarsApp>) -> GameState {
    h.state().session.as_ref().unwrap().state().clone()
}

/// The menu entry of a Shoot: the plan in words and the kill chance of `dice` dice (R15).
fn shot_label(
    g: &GameState,
    plan: &[Action],
    shooter: ModelId,
    target: ModelId,
    dice: u8,
) -> String {
    let (sp, tp) = (g.profile(shooter), g.profile(target));
    let armour = u8::from(tp.has(mars_attacks::rules::profile::Ability::Armoured));
    let kill = odds::shoot(dice, sp.shoot, 3, tp.survive, armour).kill;
    format!(
        "{}  (kill {})",
        plan_text(g, plan, ModelNames::Numbers),
        percent(kill)
    )
}

#[test]
fn a_hint_is_a_whole_move_drawn_on_the_board_and_follows_the_selected_model() {
    let dir = temp_dir("whole-move");
    let setup = GameSetup::versus_ai(
        super::gui::skirmish_file(&dir),
        Side::Humans,
        "mcts:200".parse().unwrap(),
        5,
    );
    let mut h = harness(setup, dir.clone());
    h.get_by_label("What would the AI play?").click();
    h.run_steps(2);
    let hinted = |a: &MarsApp| {
        a.session
            .as_ref()
            .unwrap()
            .current_hint()
            .is_some_and(|h| h.report.is_some())
    };
    step_until(&mut h, "the hint", hinted);
    let g = state(&h);
    let hint = h
        .state()
        .session
        .as_ref()
        .unwrap()
        .current_hint()
        .unwrap()
        .clone();
    // More than the first click: the model, then what it does, each decision legal in turn.
    let Some(Action::Activate(first)) = hint.line.first().copied() else {
        panic!("a Turn's move starts with a model: {:?}", hint.line)
    };
    assert!(hint.line.len() >= 2, "{:?}", hint.line);
    let mut copy = g.clone();
    let mut dice = mars_attacks::rules::rng_from_seed(1);
    for a in &hint.line {
        let mut legal = Vec::new();
        copy.legal_actions(&mut legal);
        assert!(
            legal.contains(a),
            "{a} is not legal in the hinted line {:?}",
            hint.line
        );
        copy.play(*a, &mut dice).unwrap();
    }
    // One line in the panel, and the move drawn on the board.
    h.get_by_label(&plan_text(&g, &hint.line, ModelNames::Numbers));
    let marks = h
        .state()
        .board
        .hint_marks
        .clone()
        .expect("the hint is drawn");
    assert_eq!(marks.model, Some(first));
    assert_eq!(marks.path.first().copied(), g.model(first).square());
    let moves: Vec<_> = hint
        .line
        .iter()
        .filter_map(|a| match a {
            Action::Move(s) => Some(*s),
            _ => None,
        })
        .collect();
    assert_eq!(
        marks.path[1..],
        moves[..],
        "the arrow runs through each step"
    );
    if let Some(Action::Shoot(t)) = hint.line.iter().find(|a| matches!(a, Action::Shoot(_))) {
        assert_eq!(
            marks.target,
            Some(Target::Model(*t)),
            "the ring is on the target"
        );
    }
    // Selecting the other soldier asks for its best move.
    let other = if first == m(1) { m(2) } else { m(1) };
    h.get_by_label(&other.to_string()).click();
    h.run_steps(2);
    step_until(&mut h, "the selected model's hint", |a| {
        a.session
            .as_ref()
            .unwrap()
            .current_hint()
            .is_some_and(|h| h.model == Some(other) && h.report.is_some())
    });
    let hint = h
        .state()
        .session
        .as_ref()
        .unwrap()
        .current_hint()
        .unwrap()
        .clone();
    assert_eq!(hint.line.first(), Some(&Action::Activate(other)));
    h.get_by_label_contains(&format!("Best move for {other}"));
    h.get_by_label(&plan_text(&g, &hint.line, ModelNames::Numbers));
    assert_eq!(
        h.state().board.hint_marks.as_ref().unwrap().model,
        Some(other)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_enemy_that_may_be_shot_or_charged_offers_both_with_their_odds() {
    let dir = temp_dir("shoot-or-charge");
    let mut h = harness(hot_seat(two_squares_file(&dir), 4), dir.clone());
    h.get_by_label("m1").click();
    h.run_steps(4);
    let g = state(&h);
    let (m1, m3) = (m(1), m(3));
    let shoot = [Action::Activate(m1), Action::Shoot(m3)];
    let aimed = [Action::Activate(m1), Action::Aim, Action::Shoot(m3)];
    // Two steps into the enemy's square, through the first square the rules list.
    let mid = {
        let mut c = g.clone();
        let mut dice = mars_attacks::rules::rng_from_seed(0);
        c.play(Action::Activate(m1), &mut dice).unwrap();
        let mut legal = Vec::new();
        c.legal_actions(&mut legal);
        legal
            .iter()
            .filter_map(|a| match a {
                Action::Move(s) if s.range(sq("c5")) == 1 => Some(*s),
                _ => None,
            })
            .next()
            .unwrap()
    };
    let charge = [
        Action::Activate(m1),
        Action::Move(mid),
        Action::Move(sq("c5")),
    ];
    // The tooltip says how a click chooses, with each way's odds.
    hover(&mut h, "m3");
    assert!(shows(
        &h,
        "click: a menu offers 3 ways to attack: Shoot (plain or aimed) or Charge, each with \
         its odds below"
    ));
    assert!(shows(&h, &plan_text(&g, &charge, ModelNames::Numbers)));
    // The click opens the menu: a clear shot rolls 4 dice, 5 aimed (R15); the charger
    // fights with 4 (3, +1 for moving in) against the defender's 3 (R16).
    h.get_by_label("m3").click();
    h.run_steps(4);
    assert_eq!(g.map().los(sq("c3"), sq("c5")), Los::Clear);
    h.get_by_label(&shot_label(&g, &shoot, m1, m3, 4));
    h.get_by_label(&shot_label(&g, &aimed, m1, m3, 5));
    let (a, d) = (g.profile(m1), g.profile(m3));
    let back = odds::fight(4, a.fight, 3, d.fight, true).attacker_wins;
    let ducks = odds::fight(4, a.fight, 3, d.survive, false).attacker_wins;
    let charge_label = format!(
        "{}  (kill {} if it fights back, {} if it survives)",
        plan_text(&g, &charge, ModelNames::Numbers),
        percent(back),
        percent(ducks)
    );
    h.get_by_label(&charge_label).click();
    h.run_steps(4);
    assert_eq!(history(&h)[..3], charge);
    assert!(matches!(
        state(&h).phase(),
        Phase::FightTarget { .. } | Phase::Defence { .. }
    ));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn aim_is_offered_on_the_board_with_the_aimed_odds_in_the_tooltip() {
    let dir = temp_dir("aim");
    let mut h = harness(hot_seat(two_squares_file(&dir), 4), dir.clone());
    h.get_by_label("m1").click();
    h.run_steps(4);
    let g = state(&h);
    let (m1, m3) = (m(1), m(3));
    hover(&mut h, "m3");
    // The plain shot and the aimed one, each as dice and a bar (R15: 4 dice clear, +1 aimed).
    let p = g.profile(m1);
    let line = |dice: u8| {
        format!(
            "clear shot, range 2/{}: {dice} dice at {}+ against 3 at {}+",
            p.range,
            p.shoot,
            g.profile(m3).survive
        )
    };
    let shown = |t: String| h.query_all_by_label_contains(&t).count() > 0;
    assert!(shown(line(4)), "the plain shot's odds");
    assert!(shown(line(5)), "the aimed shot's odds");
    h.get_by_label("m3").click();
    h.run_steps(4);
    let aimed = [Action::Activate(m1), Action::Aim, Action::Shoot(m3)];
    h.get_by_label(&shot_label(&g, &aimed, m1, m3, 5)).click();
    h.run_steps(4);
    assert_eq!(history(&h)[..3], aimed);
    std::fs::remove_dir_all(&dir).ok();
}

/// A hot-seat game of random decisions up to a Turn whose side has a Rattled model that
/// may act, in a square without enemies, and shoot an enemy out of its step once it
/// stands: the session, the model and the enemy.
fn rattled_turn() -> (Session, ModelId, ModelId) {
    for seed in 1..400u64 {
        let setup = hot_seat(root().join("scenarios/whos-there.toml"), seed);
        let mut s = Session::new(setup).unwrap();
        let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..400 {
            if s.state().is_over() {
                break;
            }
            let g = s.state();
            if let Some(found) = rattled_shooter(g) {
                return (s, found.0, found.1);
            }
            let legal = s.legal();
            s.play(legal[pick.random_range(0..legal.len())]).unwrap();
        }
    }
    panic!("no game of 400 came to a Rattled model that may stand and shoot")
}

fn rattled_shooter(g: &GameState) -> Option<(ModelId, ModelId)> {
    if !matches!(g.phase(), Phase::TurnStart | Phase::AfterFirst) {
        return None;
    }
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    for a in &legal {
        let Action::Activate(r) = *a else { continue };
        let model = g.model(r);
        let Some(at) = model.square() else { continue };
        if !model.rattled || g.models_in(at).any(|o| g.model(o).side != model.side) {
            continue;
        }
        let mut c = g.clone();
        let mut dice = mars_attacks::rules::rng_from_seed(0);
        c.play(*a, &mut dice).ok()?;
        c.play(Action::Stand, &mut dice).ok()?;
        let mut then = Vec::new();
        c.legal_actions(&mut then);
        for b in &then {
            if let Action::Shoot(t) = *b
                && let Some(ts) = g.model(t).square()
                && !then.contains(&Action::Move(ts))
            {
                return Some((r, t));
            }
        }
    }
    None
}

#[test]
fn a_rattled_model_stands_up_and_shoots_from_the_board() {
    let (session, rattled, enemy) = rattled_turn();
    let g = session.state().clone();
    let setup = session.setup().clone();
    let mut app = MarsApp::new(setup, root().join("scenarios"), temp_dir("stand"));
    app.replace_session(session);
    app.pass_screen = false;
    let mut h = egui_kittest::Harness::builder()
        .with_size(eframe::egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut MarsApp| app.show(ui), app);
    h.run_steps(4);
    h.get_by_label(&rattled.to_string()).click();
    h.run_steps(4);
    assert_eq!(h.state().selected, Some(rattled));
    let plan = [
        Action::Activate(rattled),
        Action::Stand,
        Action::Shoot(enemy),
    ];
    let from = g.model(rattled).square().unwrap();
    let to = g.model(enemy).square().unwrap();
    let dice = match g.map().los(from, to) {
        Los::Clear => 4,
        _ => 3,
    };
    let label = shot_label(&g, &plan, rattled, enemy, dice);
    // The tooltip names the plan; the click plays it (or offers it in a menu).
    hover(&mut h, &enemy.to_string());
    assert!(
        shows(&h, &plan_text(&g, &plan, ModelNames::Numbers)),
        "the tooltip offers: {label}"
    );
    let before = history(&h).len();
    h.get_by_label(&enemy.to_string()).click();
    h.run_steps(4);
    if history(&h).len() == before {
        h.get_by_label(&label).click();
        h.run_steps(4);
    }
    assert_eq!(history(&h)[before..before + 3], plan);
    assert_ne!(
        h.state().selected,
        Some(enemy),
        "the click did not select the enemy"
    );
}

#[test]
fn a_rattled_model_selected_shows_where_it_may_step_once_it_stands() {
    let (session, rattled, _) = rattled_turn();
    let reach = mars_attacks::table::forecast::reach(session.state(), rattled);
    let mut c = session.state().clone();
    let mut dice = mars_attacks::rules::rng_from_seed(0);
    c.play(Action::Activate(rattled), &mut dice).unwrap();
    c.play(Action::Stand, &mut dice).unwrap();
    let mut legal = Vec::new();
    c.legal_actions(&mut legal);
    let steps = legal
        .iter()
        .filter_map(|a| match a {
            Action::Move(s) => Some(*s),
            _ => None,
        })
        .collect::<Bitboard>();
    // Stand Up and Move 1 (R12): one step, and no second.
    assert_eq!(reach.one, steps);
    assert_eq!(reach.two, Bitboard::EMPTY);
}

/// Soldiers m1 on c3 and m2 on d4 (a step apart), m3 on c6 behind a high wall along row 5's
/// south edges, Martians far away on h8 and a8.
fn friends_file(dir: &Path) -> PathBuf {
    let p = dir.join("friends.toml");
    std::fs::write(
        &p,
        r#"
name = "Friends"
first_turn = "humans"
deck = "none"
hand_size = 0

[map]
walls = [
  { edge = "a5 south", kind = "high" }, { edge = "b5 south", kind = "high" },
  { edge = "c5 south", kind = "high" }, { edge = "d5 south", kind = "high" },
  { edge = "e5 south", kind = "high" }, { edge = "f5 south", kind = "high" },
  { edge = "g5 south", kind = "high" }, { edge = "h5 south", kind = "high" },
]

[humans]
models = [
  { profile = "soldier", start = "c3" },
  { profile = "soldier", start = "d4" },
  { profile = "soldier", start = "c6" },
]
vp = { shoot_kill = 1, fight_kill = 2 }

[martians]
models = [
  { profile = "martian", start = "h8" },
  { profile = "martian", start = "a8" },
]
vp = { shoot_kill = 1, fight_kill = 2 }
"#,
    )
    .unwrap();
    p
}

fn notice(h: &egui_kittest::Harness<'_, MarsApp>) -> Option<String> {
    h.state().session.as_ref().unwrap().notice.clone()
}

#[test]
fn a_click_on_a_friends_token_the_selected_model_can_reach_moves_it_there() {
    let dir = temp_dir("click-friend");
    let mut h = harness(hot_seat(friends_file(&dir), 3), dir.clone());
    h.get_by_label("m1").click();
    h.run_steps(4);
    assert_eq!(h.state().selected, Some(m(1)));
    // m2's token stands on d4, a step from m1: the click moves m1 there.
    h.get_by_label("m2").click();
    h.run_steps(4);
    assert_eq!(
        history(&h)[..2],
        [Action::Activate(m(1)), Action::Move(sq("d4"))]
    );
    assert_eq!(state(&h).model(m(1)).square(), Some(sq("d4")));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_friends_token_out_of_reach_or_clicked_with_shift_selects_the_friend() {
    let dir = temp_dir("click-select");
    let mut h = harness(hot_seat(friends_file(&dir), 3), dir.clone());
    h.get_by_label("m1").click();
    h.run_steps(4);
    // m3 on c6 is beyond the wall: out of m1's reach, its token selects it.
    h.get_by_label("m3").click();
    h.run_steps(4);
    assert_eq!(h.state().selected, Some(m(3)));
    assert!(history(&h).is_empty());
    // m1 selected again, a click on m2's token with Shift held selects m2 rather than
    // moving m1 there.
    h.get_by_label("m1").click();
    h.run_steps(4);
    h.get_by_label("m2")
        .click_modifiers(eframe::egui::Modifiers::SHIFT);
    h.run_steps(4);
    assert_eq!(h.state().selected, Some(m(2)));
    assert!(history(&h).is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_square_the_selected_model_cannot_reach_says_why_in_one_line() {
    let dir = temp_dir("click-why");
    let mut h = harness(hot_seat(friends_file(&dir), 3), dir.clone());
    h.get_by_label("m1").click();
    h.run_steps(4);
    // g7 is four squares from c3 (R8): a Move is two (R12).
    h.get_by_label("square g7").click_accesskit();
    h.run_steps(4);
    assert_eq!(
        notice(&h).as_deref(),
        Some("g7 is 4 squares from c3: m1 US Army Soldier may step 2 this action (R12)")
    );
    assert_eq!(h.state().selected, Some(m(1)), "the model stays selected");
    assert!(history(&h).is_empty());
    h.get_by_label_contains("g7 is 4 squares from c3");
    // c5 is two squares north, behind the high wall on row 5's south edges (R4).
    h.get_by_label("square c5").click_accesskit();
    h.run_steps(4);
    assert_eq!(
        notice(&h).as_deref(),
        Some(
            "high walls, or a square with enemies (where a move ends), stand between c3 and \
             c5 (R4, R7)"
        )
    );
    // A reachable square plays, and the notice goes.
    h.get_by_label("square b3").click_accesskit();
    h.run_steps(4);
    assert_eq!(state(&h).model(m(1)).square(), Some(sq("b3")));
    assert_eq!(notice(&h), None);
    std::fs::remove_dir_all(&dir).ok();
}
