//! The table, driven headless: clicks on squares, models and buttons, as a player would.

use mars_attacks::rules::model_names::ModelNames;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use mars_attacks::gui::MarsApp;
use mars_attacks::rules::action::{Action, ModelId};
use mars_attacks::rules::state::{Event, Loc, Phase};
use mars_attacks::rules::{BySide, Side, Square};
use mars_attacks::table::session::Session;
use mars_attacks::table::setup::{Controller, GameSetup};

pub(super) use super::child::root;

pub(super) fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

pub(super) fn m(n: u8) -> ModelId {
    ModelId(n - 1)
}

/// Writes a scenario `text` as `name` in `dir`, and gives its path.
pub(super) fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// A folder of its own for each test.
pub(super) fn temp_dir(name: &str) -> PathBuf {
    crate::common::scratch_dir(&format!("gui-{name}"))
}

/// A small open street: soldiers m1 on c3 and m2 on e4, Martians m3 on c6 and m4 on e5.
pub(super) fn skirmish_file(dir: &Path) -> PathBuf {
    let p = dir.join("skirmish.toml");
    std::fs::write(
        &p,
        r#"
name = "Street corner"
first_turn = "humans"

[map]
walls = [{ edge = "a1 north", kind = "low" }]

[humans]
models = [
  { profile = "soldier", start = "c3" },
  { profile = "soldier", start = "e4" },
]
vp = { shoot_kill = 1, fight_kill = 2 }

[martians]
models = [
  { profile = "martian", start = "c6" },
  { profile = "martian", start = "e5" },
]
vp = { shoot_kill = 1, fight_kill = 2 }
"#,
    )
    .unwrap();
    p
}

pub(super) fn harness(setup: GameSetup, saves: PathBuf) -> Harness<'static, MarsApp> {
    let mut app = MarsApp::new(setup, root().join("scenarios"), saves);
    // These tests play both sides at once: no screen to pass.
    app.pass_screen = false;
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut MarsApp| app.show(ui), app);
    h.run_steps(4);
    if let Some(s) = &mut h.state_mut().session {
        s.ai_delay = Duration::ZERO;
    }
    h
}

/// Steps frames until `done` holds (the AI thinks on its own thread meanwhile).
pub(super) fn step_until(
    h: &mut Harness<'_, MarsApp>,
    what: &str,
    done: impl Fn(&MarsApp) -> bool,
) {
    let start = Instant::now();
    while !done(h.state()) {
        h.step();
        std::thread::sleep(Duration::from_millis(1));
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "timed out waiting for {what}"
        );
    }
    h.run_steps(4);
}

pub(super) fn hot_seat(path: PathBuf, seed: u64) -> GameSetup {
    GameSetup {
        scenario_path: path,
        seed,
        dice_seed: None,
        controllers: BySide::new(Controller::Human, Controller::Human),
    }
}

pub(super) fn history(h: &Harness<'_, MarsApp>) -> Vec<Action> {
    h.state()
        .session
        .as_ref()
        .unwrap()
        .history()
        .iter()
        .map(|s| s.action)
        .collect()
}

pub(super) fn phase(h: &Harness<'_, MarsApp>) -> Phase {
    h.state().session.as_ref().unwrap().state().phase()
}

/// Answers the card windows of a test (and Lucky Escapes) with no card, through the prompt.
pub(super) fn answer_windows(h: &mut Harness<'_, MarsApp>) {
    for _ in 0..8 {
        if !matches!(phase(h), Phase::Respond(_) | Phase::Escape(_)) {
            return;
        }
        // The button: the log may also show an earlier "Play no card" as a line of text.
        h.get_by_role_and_label(egui::accesskit::Role::Button, "Play no card")
            .click();
        h.run_steps(4);
    }
}

fn loc(h: &Harness<'_, MarsApp>, id: ModelId) -> Loc {
    h.state().session.as_ref().unwrap().state().model(id).loc
}

/// Clicks `target` with `shooter` selected and picks the plain Shoot where a menu also
/// offers the aimed one (or a charge).
pub(super) fn click_plain_shot(h: &mut Harness<'_, MarsApp>, shooter: ModelId, target: ModelId) {
    let before = history(h).len();
    h.get_by_label(&target.to_string()).click();
    h.run_steps(2);
    if history(h).len() == before {
        let g = h.state().session.as_ref().unwrap().state().clone();
        let plain = mars_attacks::table::describe::plan_text(
            &g,
            &[Action::Activate(shooter), Action::Shoot(target)],
            ModelNames::Numbers,
        );
        h.get_by_label_contains(&format!("{plain}  (kill")).click();
        h.run_steps(2);
    }
}

#[test]
fn scenario_one_opens_and_a_soldier_comes_on() {
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        "random".parse().unwrap(),
        3,
    );
    let mut h = harness(setup, temp_dir("one"));
    // The AI deploys the Martians first; then it is the player's decision.
    step_until(&mut h, "the Martians to deploy", |a| {
        a.session.as_ref().unwrap().human_to_move() == Some(Side::Humans)
    });
    h.get_by_label_contains("Your decision");
    // Select a waiting soldier in the tray, then click a square of the entry edge.
    h.get_by_label("m1").click();
    h.run_steps(4);
    assert_eq!(h.state().selected, Some(m(1)));
    h.get_by_label("square c1").click_accesskit();
    h.run_steps(4);
    assert_eq!(loc(&h, m(1)), Loc::Board(sq("c1")));
    assert_eq!(
        history(&h)[history(&h).len() - 2..],
        [Action::Activate(m(1)), Action::Move(sq("c1"))]
    );
    // One more step north, then the action ends by itself.
    h.get_by_label("square c2").click_accesskit();
    h.run_steps(4);
    assert_eq!(loc(&h, m(1)), Loc::Board(sq("c2")));
    // No illegal click gets through: a square far away does nothing.
    let before = history(&h).len();
    h.get_by_label("square h8").click_accesskit();
    h.run_steps(4);
    assert!(history(&h).len() >= before);
    assert!(
        h.state()
            .session
            .as_ref()
            .unwrap()
            .state()
            .check_invariants()
            .is_ok()
    );
}

#[test]
fn the_table_plays_against_a_program_and_shows_what_it_considered() {
    let bot = format!(
        "exec:python3 {}/examples/bots/greedy_bot.py",
        root().display()
    );
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        bot.parse().unwrap(),
        3,
    );
    let mut h = harness(setup, temp_dir("program"));
    // No program starts unasked: the table shows its command and the game waits.
    h.run_steps(20);
    assert!(
        history(&h).is_empty(),
        "nothing is played before the program is allowed"
    );
    assert!(!h.state().session.as_ref().unwrap().is_thinking());
    h.get_by_label_contains("greedy_bot.py");
    h.get_by_label("Start the program").click();
    h.run_steps(2);
    // The program deploys the Martians through the protocol; then it is the player's turn.
    step_until(&mut h, "the program to deploy", |a| {
        a.session.as_ref().unwrap().human_to_move() == Some(Side::Humans)
    });
    assert!(history(&h).iter().any(|a| matches!(a, Action::Deploy(_))));
    // Its panel names it and lists the moves it reported with their values.
    h.get_by_label_contains("greedy_bot.py) chose:");
    h.get_by_label_contains("considered");
}

#[test]
fn a_program_refused_at_the_table_leaves_its_side_to_the_person() {
    let dir = temp_dir("refused");
    let marker = dir.join("started");
    let _ = std::fs::remove_file(&marker);
    let bot = format!("exec:sh -c 'touch {}'", marker.display());
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        bot.parse().unwrap(),
        3,
    );
    let mut h = harness(setup, dir.clone());
    h.run_steps(10);
    h.get_by_label_contains(&marker.display().to_string());
    h.get_by_label("Play the Martians myself").click();
    h.run_steps(10);
    let s = h.state().session.as_ref().unwrap();
    assert!(s.controller(Side::Martians).is_human());
    assert!(s.program_to_allow().is_none());
    assert_eq!(
        s.human_to_move(),
        Some(Side::Martians),
        "the person deploys them"
    );
    assert!(!marker.exists(), "the program never ran");
}

#[test]
fn shoot_charge_and_answer_the_fight_prompt() {
    let dir = temp_dir("fight");
    let mut h = harness(hot_seat(skirmish_file(&dir), 21), dir.clone());
    // m1 shoots m3: select it, click the enemy.
    h.get_by_label("m1").click();
    h.run_steps(4);
    assert_eq!(h.state().selected, Some(m(1)));
    h.get_by_label("m3").hover();
    h.run_steps(3);
    h.get_by_label("m3").click();
    h.run_steps(4);
    // The plain shot or the aimed one: a menu; the plain one.
    let g = h.state().session.as_ref().unwrap().state().clone();
    let plain = mars_attacks::table::describe::plan_text(
        &g,
        &[Action::Activate(m(1)), Action::Shoot(m(3))],
        ModelNames::Numbers,
    );
    h.get_by_label_contains(&format!("{plain}  (kill")).click();
    h.run_steps(4);
    let hist = history(&h);
    assert_eq!(
        hist[..2],
        [Action::Activate(m(1)), Action::Shoot(m(3))],
        "{hist:?}"
    );
    // Each side may answer the test with a card: the prompt asks, "Play no card" goes on.
    answer_windows(&mut h);
    let rolled = h
        .state()
        .session
        .as_ref()
        .unwrap()
        .history()
        .iter()
        .any(|st| {
            st.events
                .iter()
                .filter(|e| matches!(e, Event::Roll { .. }))
                .count()
                >= 2
        });
    assert!(rolled, "a Shoot and a Survive roll");
    // The dice are shown in the side panel.
    h.get_by_label_contains("Last dice");
    // After a shot the model may still move one square: end its action.
    if h.state()
        .session
        .as_ref()
        .unwrap()
        .legal()
        .contains(&Action::Done)
    {
        h.get_by_label("End this model's action").click();
        h.run_steps(4);
    }
    // m2 charges m4 in e5: two decisions fit the click, so a menu opens.
    let phase = h.state().session.as_ref().unwrap().state().phase();
    assert!(matches!(phase, Phase::AfterFirst), "{phase:?}");
    h.get_by_label("m2").click();
    h.run_steps(4);
    h.get_by_label("m4").click();
    h.run_steps(4);
    h.get_by_label_contains("charge into e5").click();
    h.run_steps(4);
    // m2 picks its opponent by clicking it.
    if matches!(
        h.state().session.as_ref().unwrap().state().phase(),
        Phase::FightTarget { .. }
    ) {
        h.get_by_label("m4").click();
        h.run_steps(4);
    }
    // The Martian player is asked: Fight back or Survive, with the odds.
    assert!(matches!(
        h.state().session.as_ref().unwrap().state().phase(),
        Phase::Defence { .. }
    ));
    h.get_by_label_contains("Does your model fight back");
    h.get_by_label("Fight back").click();
    h.run_steps(4);
    answer_windows(&mut h);
    let steps = h.state().session.as_ref().unwrap().history().to_vec();
    assert!(
        steps
            .iter()
            .any(|st| st.action == Action::Defend(mars_attacks::rules::action::Defence::Fight))
    );
    assert!(
        steps
            .iter()
            .any(|st| st.events.iter().any(|e| matches!(e, Event::Fought { .. })))
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn undo_takes_back_a_move_but_not_a_roll() {
    let dir = temp_dir("undo");
    let mut h = harness(hot_seat(skirmish_file(&dir), 5), dir.clone());
    h.get_by_label("m1").click();
    h.run_steps(4);
    h.get_by_label("square b3").click_accesskit();
    h.run_steps(4);
    assert_eq!(loc(&h, m(1)), Loc::Board(sq("b3")));
    h.get_by_label("Undo").click();
    h.run_steps(4);
    assert_eq!(
        history(&h).len(),
        1,
        "the move is taken back, the activation stays"
    );
    assert_eq!(loc(&h, m(1)), Loc::Board(sq("c3")));
    // Ctrl+Z takes back the activation too.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(4);
    assert!(history(&h).is_empty());
    // A shot rolls dice: it cannot be undone.
    h.get_by_label("m1").click();
    h.run_steps(4);
    click_plain_shot(&mut h, m(1), m(3));
    h.run_steps(2);
    answer_windows(&mut h);
    let n = history(&h).len();
    assert!(n >= 2);
    h.get_by_label("Undo").click();
    h.run_steps(4);
    assert_eq!(history(&h).len(), n);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn save_and_load_through_the_windows() {
    let dir = temp_dir("save");
    let mut h = harness(hot_seat(skirmish_file(&dir), 8), dir.clone());
    h.get_by_label("m1").click();
    h.run_steps(4);
    click_plain_shot(&mut h, m(1), m(3));
    h.run_steps(2);
    h.get_by_label("m2").click();
    h.run_steps(4);
    let played = history(&h);
    assert!(played.len() >= 2);
    let file = dir.join("my-game.json");
    h.get_by_label("Save").click();
    h.run_steps(4);
    h.state_mut().files.path = file.display().to_string();
    h.get_by_label("Save now").click();
    h.run_steps(4);
    h.get_by_label_contains("Saved to");
    assert!(file.exists());
    h.get_by_label("Close").click();
    h.run_steps(4);

    // A different game, then load the saved one back.
    h.state_mut()
        .run(vec![mars_attacks::gui::command::Command::NewGame(
            Box::new(hot_seat(skirmish_file(&dir), 99)),
        )]);
    h.run_steps(4);
    assert!(history(&h).is_empty());
    h.get_by_label("Load").click();
    h.run_steps(4);
    // A file that is not a game: a message, and the game is untouched.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{ nonsense").unwrap();
    h.state_mut().files.path = bad.display().to_string();
    h.get_by_label("Load this game").click();
    h.run_steps(4);
    h.get_by_label_contains("is not a saved game");
    assert!(history(&h).is_empty());
    h.state_mut().files.path = file.display().to_string();
    h.get_by_label("Load this game").click();
    h.run_steps(4);
    assert_eq!(history(&h), played);
    let s = h.state().session.as_ref().unwrap();
    assert_eq!(s.setup().seed, 8);

    // Replay it step by step.
    h.get_by_label("Replay").click();
    h.run_steps(4);
    h.state_mut().files.path = file.display().to_string();
    h.get_by_label("Replay this game").click();
    h.run_steps(4);
    assert!(history(&h).is_empty());
    h.get_by_label("Step >").click();
    h.run_steps(4);
    h.get_by_label("Step >").click();
    h.run_steps(4);
    assert_eq!(history(&h), played[..2]);
    h.get_by_label("End >|").click();
    h.run_steps(4);
    assert_eq!(history(&h), played);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_whole_game_between_two_fast_ais_ends_with_the_result() {
    let setup = GameSetup {
        scenario_path: root().join("scenarios/whos-there.toml"),
        seed: 12,
        dice_seed: None,
        controllers: BySide::new(
            Controller::Ai("random".parse().unwrap()),
            Controller::Ai("random".parse().unwrap()),
        ),
    };
    let mut h = harness(setup, temp_dir("watch"));
    step_until(&mut h, "the game to end", |a| {
        a.session.as_ref().unwrap().state().is_over()
    });
    assert!(
        h.query_all_by_label_contains(" win!").count() >= 1,
        "the headline says who won"
    );
    h.get_by_label("total VP");
    h.get_by_label("Look at the board").click();
    h.run_steps(4);
    assert!(h.query_by_label("total VP").is_none());
}

#[test]
fn the_debug_overlay_shows_the_frame_time() {
    let dir = temp_dir("f12");
    let mut app = MarsApp::new(
        hot_seat(skirmish_file(&dir), 1),
        root().join("scenarios"),
        dir.clone(),
    );
    app.pass_screen = false;
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut MarsApp| app.show(ui), app);
    // Timed from here, as the program times itself from its start.
    h.state_mut().startup = mars_attacks::gui::app::Startup::now();
    h.run_steps(4);
    assert!(h.query_by_label_contains("fps").is_none());
    h.key_press(egui::Key::F12);
    h.run_steps(3);
    h.get_by_label_contains("fps");
    // And how long the first frame took to be shown.
    let startup = h.state().startup;
    assert!(startup.first_built.is_some() && startup.first_shown >= startup.first_built);
    h.get_by_label_contains("start-up");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_scenario_that_does_not_load_opens_the_new_game_window() {
    let dir = temp_dir("badscen");
    let p = dir.join("broken.toml");
    std::fs::write(&p, "name = 3").unwrap();
    let h = harness(hot_seat(p, 1), dir.clone());
    h.get_by_label_contains("does not load");
    h.get_by_label("Start the game");
    assert!(h.state().session.is_none());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_card_is_played_from_the_hand_on_a_target_picked_on_the_board() {
    use mars_attacks::table::describe::card_of;
    use mars_attacks::table::forecast::{Target, targets_of};
    let dir = temp_dir("card");
    let path = skirmish_file(&dir);
    // A deal where the Humans hold a card to play on a target now.
    let seed = (1..400u64)
        .find(|seed| {
            let s = Session::new(hot_seat(path.clone(), *seed)).unwrap();
            s.legal()
                .iter()
                .any(|a| card_of(a).is_some() && !targets_of(a).is_empty())
        })
        .expect("some deal has a card to play on a target");
    let mut h = harness(hot_seat(path, seed), dir.clone());
    let legal = h.state().session.as_ref().unwrap().legal();
    let action = *legal
        .iter()
        .find(|a| card_of(a).is_some() && !targets_of(a).is_empty())
        .unwrap();
    let card = card_of(&action).unwrap();
    // Pick the card in the hand panel, then its target on the board.
    let buttons = h.query_all_by_label_contains("it…").count();
    assert!(buttons >= 1, "a card to aim");
    h.state_mut()
        .run(vec![mars_attacks::gui::command::Command::Arm(Some(card))]);
    h.run_steps(4);
    h.get_by_label_contains("choose its target on the board");
    let before = history(&h).len();
    match targets_of(&action)[0] {
        Target::Model(mo) => h.get_by_label(&mo.to_string()).click(),
        Target::Square(sq) => h.get_by_label(&format!("square {sq}")).click_accesskit(),
    }
    h.run_steps(4);
    if history(&h).len() == before {
        // Several decisions of the card fit the click: a menu offers them.
        h.query_all_by_label_contains("Play ")
            .next()
            .unwrap()
            .click();
        h.run_steps(4);
    }
    let last = *history(&h).last().expect("a decision was made");
    assert_eq!(card_of(&last), Some(card), "{last}");
    assert!(h.state().armed.is_none());
    std::fs::remove_dir_all(&dir).ok();
}

// ----- the cards in hand, for the tests of their odds -------------------------------

/// The first seed of the skirmish whose deal satisfies `want`.
pub(super) fn deal_where(
    path: &Path,
    want: impl Fn(&mars_attacks::rules::GameState) -> bool,
) -> u64 {
    (1..2000u64)
        .find(|seed| {
            let s = Session::new(hot_seat(path.to_path_buf(), *seed)).unwrap();
            want(s.state())
        })
        .expect("some deal fits")
}

pub(super) fn card_id(
    g: &mars_attacks::rules::GameState,
    slug: &str,
) -> mars_attacks::rules::CardId {
    g.deck().half_by_slug(slug).unwrap().id
}

/// Does `side` hold a card whose own half is `slug` (R19)?
pub(super) fn holds(g: &mars_attacks::rules::GameState, side: Side, slug: &str) -> bool {
    g.holds_half(side, card_id(g, slug)) > 0
}

/// Is this text shown somewhere (perhaps more than once)?
pub(super) fn shows(h: &Harness<'_, MarsApp>, text: &str) -> bool {
    h.query_all_by_label(text).count() > 0
}

/// Steps until the tooltip of what the pointer is over is up.
pub(super) fn hover(h: &mut Harness<'_, MarsApp>, label: &str) {
    h.get_by_label(label).hover();
    h.run_steps(4);
    h.get_by_label(label).hover();
    h.run_steps(4);
}

#[test]
fn the_new_game_window_shows_each_shipped_scenario_and_opens_any_file() {
    let dir = temp_dir("newgame");
    let shipped = mars_attacks::shelf::read_shelf(&root().join("scenarios")).unwrap();
    let first = &shipped[0];
    let mut h = harness(hot_seat(first.path.clone(), 1), dir.clone());
    h.state_mut().new_game.open();
    h.run_steps(4);
    // Every shipped scenario is listed by its title; the chosen one shows its briefing's
    // first words, its map's key and its measured balance.
    for s in &shipped {
        assert!(h.query_all_by_label_contains(&s.scenario.name).count() >= 1);
    }
    let opening: String = first.scenario.description.trim().chars().take(30).collect();
    h.get_by_label_contains(&opening);
    h.get_by_label_contains("high wall: blocks movement and sight");
    h.get_by_label_contains("Measured balance: the Humans win");
    // Choosing another shows its briefing instead.
    let other = &shipped[1];
    h.get_by_label_contains(&other.scenario.name).click();
    h.run_steps(4);
    let opening: String = other.scenario.description.trim().chars().take(30).collect();
    h.get_by_label_contains(&opening);
    assert_eq!(h.state().new_game.path, other.path.display().to_string());
    // A file from disk: a broken one says why, a good one is chosen and shown.
    let broken = dir.join("broken.toml");
    std::fs::write(&broken, "name = 3").unwrap();
    h.state_mut().new_game.typed = broken.display().to_string();
    h.state_mut().new_game.open_typed();
    h.run_steps(4);
    h.get_by_label_contains("does not load");
    assert_eq!(h.state().new_game.path, other.path.display().to_string());
    let street = skirmish_file(&dir);
    h.state_mut().new_game.typed = street.display().to_string();
    h.state_mut().new_game.open_typed();
    h.run_steps(4);
    assert_eq!(h.state().new_game.path, street.display().to_string());
    h.get_by_label_contains("Street corner");
    h.get_by_label_contains("Balance not measured");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_hint_lists_the_ais_top_three_moves_for_the_person_and_goes_with_the_decision() {
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        "mcts:200".parse().unwrap(),
        5,
    );
    let mut h = harness(setup, temp_dir("hint"));
    step_until(&mut h, "the person's first decision", |a| {
        a.session.as_ref().unwrap().human_to_move() == Some(Side::Humans)
    });
    assert_eq!(
        h.state().session.as_ref().unwrap().hint_spec().to_string(),
        "mcts:200"
    );
    h.get_by_label("What would the AI play?").click();
    h.run_steps(2);
    step_until(&mut h, "the hint", |a| {
        a.session
            .as_ref()
            .unwrap()
            .current_hint()
            .is_some_and(|h| h.report.is_some())
    });
    let session = h.state().session.as_ref().unwrap();
    let hint = session.current_hint().unwrap();
    assert_eq!(hint.side, Side::Humans);
    let report = hint.report.as_ref().unwrap();
    let legal = session.legal();
    assert!(report.top.len() > 1, "the entry offers many moves");
    for c in &report.top {
        assert!(legal.contains(&c.action), "{} is not legal", c.action);
    }
    assert_eq!(report.iterations, 200);
    // Three rows at most: a heading row and the moves.
    h.get_by_label_contains("the AI plays its most visited move");
    // A decision made: the hint was for the last one and is gone.
    let first = report.top[0].action;
    h.state_mut().session.as_mut().unwrap().play(first).unwrap();
    h.run_steps(2);
    assert!(h.state().session.as_ref().unwrap().current_hint().is_none());
}

#[test]
fn after_a_game_the_analysis_charts_the_persons_decisions_and_names_the_worst() {
    use rand::{Rng, SeedableRng};
    // A hot-seat game of random decisions to its end.
    let setup = hot_seat(root().join("scenarios/ambush.toml"), 7);
    let mut session = Session::new(setup.clone()).unwrap();
    let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    while !session.state().is_over() {
        let legal = session.legal();
        session
            .play(legal[pick.random_range(0..legal.len())])
            .unwrap();
    }
    let mut app = MarsApp::new(setup, root().join("scenarios"), temp_dir("analysis"));
    app.replace_session(session);
    app.analysis_iterations = 20;
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut MarsApp| app.show(ui), app);
    h.run_steps(4);
    h.get_by_label("Analyse the Humans' decisions").click();
    h.run_steps(2);
    step_until(&mut h, "the analysis", |a| {
        a.analysis.as_ref().is_some_and(|v| !v.running())
    });
    let view = h.state().analysis.as_ref().unwrap();
    let Some(Ok(done)) = &view.result else {
        panic!("the analysis failed")
    };
    assert_eq!(done.analysis.side, Side::Humans);
    assert!(done.analysis.judged().count() > 0);
    assert!(done.mistakes.len() <= 3);
    let worst: Vec<usize> = done
        .analysis
        .worst(3)
        .iter()
        .map(|(s, _)| s.decision)
        .collect();
    let shown: Vec<usize> = done.mistakes.iter().map(|m| m.step.decision).collect();
    assert_eq!(
        shown, worst,
        "the window names the analysis's three costliest mistakes"
    );
    assert_eq!(
        h.query_all_by_label_contains("The AI would have played")
            .count(),
        shown.len()
    );
}

#[test]
fn a_replay_steps_with_the_arrow_keys_jumps_with_home_and_end_and_plays_by_itself() {
    let setup = hot_seat(root().join("scenarios/ambush.toml"), 11);
    let mut game = Session::new(setup.clone()).unwrap();
    for _ in 0..12 {
        let a = game.legal()[0];
        game.play(a).unwrap();
    }
    let dir = temp_dir("replay-keys");
    let path = dir.join("g.json");
    game.save_to(&path).unwrap();
    let mut app = MarsApp::new(setup, root().join("scenarios"), dir.clone());
    app.replace_session(Session::load_replay(&path).unwrap());
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut MarsApp| app.show(ui), app);
    h.run_steps(3);
    let pos = |h: &Harness<'_, MarsApp>| h.state().session.as_ref().unwrap().replay().unwrap().pos;
    assert_eq!(pos(&h), 0);
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    assert_eq!(pos(&h), 1);
    h.key_press(egui::Key::End);
    h.run_steps(2);
    assert_eq!(pos(&h), 12);
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(2);
    assert_eq!(pos(&h), 11);
    h.key_press(egui::Key::Home);
    h.run_steps(2);
    assert_eq!(pos(&h), 0);
    // Autoplay at its fastest runs to the end and stops there.
    h.state_mut()
        .session
        .as_mut()
        .unwrap()
        .set_replay_speed(Duration::from_millis(100));
    h.get_by_label("Play").click();
    h.run_steps(2);
    step_until(&mut h, "the replay to play to its end", |a| {
        let r = a.session.as_ref().unwrap().replay().unwrap();
        r.pos == 12 && !r.playing
    });
    h.get_by_label("Play");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_card_says_what_it_costs_this_turn_and_the_status_says_what_is_left() {
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        "random".parse().unwrap(),
        3,
    );
    let mut h = harness(setup, temp_dir("cost"));
    step_until(&mut h, "the person's first Turn", |a| {
        a.session.as_ref().unwrap().human_to_move() == Some(Side::Humans)
    });
    // R11: a Turn is two models, or one model and one card.
    let fresh = "Costs the Turn's second action: after it, only one model acts this Turn.";
    assert!(
        h.query_all_by_label(fresh).count() > 0,
        "a card playable now says its cost"
    );
    // One Soldier comes on and ends its action.
    h.state_mut()
        .session
        .as_mut()
        .unwrap()
        .play(Action::Activate(m(1)))
        .unwrap();
    for a in [Action::Move(sq("c1")), Action::Move(sq("c2"))] {
        let s = h.state_mut().session.as_mut().unwrap();
        if s.legal().contains(&a) {
            s.play(a).unwrap();
        }
    }
    h.run_steps(3);
    let g = h.state().session.as_ref().unwrap().state().clone();
    assert_eq!(g.phase(), Phase::AfterFirst, "{:?}", g.phase());
    h.get_by_label_contains("act with a second model, play a card, or end the Turn");
    assert_eq!(
        h.query_all_by_label(fresh).count(),
        0,
        "after a model acted the card costs the second model"
    );
    assert!(
        h.query_all_by_label("Costs the Turn's second action: no second model acts this Turn.")
            .count()
            > 0
    );
}

#[test]
fn one_click_moves_a_model_two_squares() {
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        "random".parse().unwrap(),
        3,
    );
    let mut h = harness(setup, temp_dir("two-steps"));
    step_until(&mut h, "the person's first Turn", |a| {
        a.session.as_ref().unwrap().human_to_move() == Some(Side::Humans)
    });
    let before = history(&h).len();
    h.get_by_label("m1").click();
    h.run_steps(4);
    // c2 is two squares from off the board (R6): one click, one Move of 2.
    h.get_by_label("square c2").click_accesskit();
    h.run_steps(4);
    assert_eq!(loc(&h, m(1)), Loc::Board(sq("c2")));
    let played = &history(&h)[before..];
    assert_eq!(played[0], Action::Activate(m(1)));
    let moves: Vec<&Action> = played
        .iter()
        .filter(|a| matches!(a, Action::Move(_)))
        .collect();
    assert_eq!(moves.len(), 2, "{played:?}");
    assert_eq!(*moves[1], Action::Move(sq("c2")));
}

#[test]
fn a_cards_own_roll_such_as_the_bugs_survive_is_drawn_as_dice() {
    use mars_attacks::gui::log::roll_ui;
    use mars_attacks::rules::state::{Event, GameState, Test};
    let sc = std::sync::Arc::new(
        mars_attacks::rules::scenario_file::load_scenario(
            &root().join("scenarios/whos-there.toml"),
        )
        .unwrap()
        .scenario,
    );
    let g = GameState::new(sc.clone(), &mut mars_attacks::rules::rng_from_seed(1));
    let bug = (0..sc.deck.types())
        .filter_map(|i| sc.deck.card(i).event_id())
        .find(|id| mars_attacks::table::describe::card_name(&g, *id) == "Wings of Death")
        .expect("the core deck has the Bug's Event");
    let roll = Event::EffectRoll {
        card: bug,
        square: sq("d4"),
        test: Test::Survive,
        dice: 2,
        value: 5,
        faces: vec![8, 3, 6],
        successes: 2,
    };
    let mut h = Harness::builder()
        .with_size(egui::vec2(600.0, 80.0))
        .build_ui(move |ui| {
            ui.horizontal(|ui| roll_ui(ui, &g, ModelNames::Numbers, &roll, 22.0, None));
        });
    h.run();
    h.get_by_label("Wings of Death Survive 5+ at d4");
    // Two dice and the one the 8 added, each a face with its meaning on hover.
    h.get_by_label("+");
    h.get_by_label("= 2");
}

/// R28 at the table: when the person shoots, the AI's window looks and lasts the same
/// whether the AI holds a card that fits the test or not. Two deals of the same street:
/// in one the Martians hold Tough Little Suckers (it fits their Survive roll), in the
/// other no card that fits; the Humans hold none of their own in either.
#[test]
fn the_ais_window_shows_the_same_text_and_waits_the_same_time_whatever_it_holds() {
    use mars_attacks::table::windows::WINDOW_HOLD;
    let dir = temp_dir("window-same");
    let path = skirmish_file(&dir);
    let no_human_card = |g: &mars_attacks::rules::GameState| {
        !holds(g, Side::Humans, "human-ingenuity") && !holds(g, Side::Humans, "splat")
    };
    let with_card = deal_where(&path, |g| {
        no_human_card(g) && holds(g, Side::Martians, "tough-little-suckers")
    });
    let without = deal_where(&path, |g| {
        no_human_card(g) && !holds(g, Side::Martians, "tough-little-suckers")
    });
    let mut seen = Vec::new();
    for seed in [with_card, without] {
        let setup =
            GameSetup::versus_ai(path.clone(), Side::Humans, "random".parse().unwrap(), seed);
        let mut h = harness(setup, dir.clone());
        // m1 on c3 shoots m3 on c6.
        h.get_by_label("m1").click();
        h.run_steps(4);
        let shot_at = Instant::now();
        click_plain_shot(&mut h, m(1), m(3));
        assert_eq!(phase(&h), Phase::Respond(Side::Martians), "seed {seed}");
        let s = h.state().session.as_ref().unwrap();
        let empty = s.state().is_empty_window();
        assert_eq!(s.window_hold(), Some(WINDOW_HOLD), "seed {seed}");
        h.get_by_label("The Martians: play a card on this test?");
        h.get_by_label_contains("Martians thinking");
        // No die shows until the hold has passed, whatever the AI held.
        step_until(&mut h, "the shot's dice", |a| {
            a.session.as_ref().unwrap().history().iter().any(|s| {
                s.events
                    .iter()
                    .any(|e| matches!(e, Event::Roll { model, .. } if *model == m(1)))
            })
        });
        assert!(shot_at.elapsed() >= WINDOW_HOLD, "seed {seed}");
        seen.push(empty);
    }
    // The first deal's window was a real one, the second's an empty one.
    assert_eq!(seen, [false, true]);
    std::fs::remove_dir_all(&dir).ok();
}

pub(super) fn history_of(s: &Session) -> Vec<String> {
    s.history().iter().map(|st| st.action.to_string()).collect()
}
