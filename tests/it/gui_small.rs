//! The table's smaller fixes, driven headless: the Game over table's words, the header
//! when no model is left to act, the set-up tray's groups, the New game window's balance
//! line, `play --choose` with no game behind the window, and a program chosen as the
//! opponent there.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use rand::{Rng, SeedableRng};

use mars_attacks::gui::MarsApp;
use mars_attacks::rules::action::Action;
use mars_attacks::rules::state::{Loc, Phase};
use mars_attacks::rules::{GameState, Side};
use mars_attacks::table::session::Session;
use mars_attacks::table::setup::{Controller, GameSetup};

use super::gui::{hot_seat, root, shows, step_until, temp_dir};

fn table(app: MarsApp) -> Harness<'static, MarsApp> {
    let mut h = Harness::builder()
        .with_size(eframe::egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut MarsApp| app.show(ui), app);
    h.run_steps(4);
    h
}

/// A hot-seat game of random decisions from `seed` on `scenario`, until `stop` holds
/// (or the game ends).
fn random_game(scenario: &str, seed: u64, stop: impl Fn(&GameState) -> bool) -> Session {
    let setup = hot_seat(root().join("scenarios").join(scenario), seed);
    let mut s = Session::new(setup).unwrap();
    let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    while !s.state().is_over() && !stop(s.state()) {
        let legal = s.legal();
        s.play(legal[pick.random_range(0..legal.len())]).unwrap();
    }
    s
}

fn on_the_table(s: Session, name: &str) -> Harness<'static, MarsApp> {
    let mut app = MarsApp::new(s.setup().clone(), root().join("scenarios"), temp_dir(name));
    app.replace_session(s);
    app.pass_screen = false;
    table(app)
}

#[test]
fn the_game_over_table_says_which_rows_are_vp_and_which_a_count_of_counters() {
    let s = (1..40)
        .map(|seed| random_game("whos-there.toml", seed, |_| false))
        .find(|s| Side::BOTH.iter().any(|x| s.state().claimed(*x) > 0))
        .expect("some game claims a counter");
    let breakdown = s.vp_breakdown();
    let h = on_the_table(s, "game-over");
    h.get_by_label("total VP");
    h.get_by_label("counters claimed (how many, not VP)");
    for side in Side::BOTH {
        for cause in breakdown[side].keys() {
            assert!(cause.starts_with("VP "), "{cause}");
            assert!(shows(&h, cause), "{cause} is a row");
        }
    }
    assert!(
        !shows(&h, "counters"),
        "no row of bare counters beside the count"
    );
}

#[test]
fn the_header_says_when_no_model_is_left_to_act() {
    let no_model = |g: &GameState| {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        g.phase() == Phase::TurnStart && !legal.iter().any(|a| matches!(a, Action::Activate(_)))
    };
    let s = (1..60)
        .map(|seed| random_game("whos-there.toml", seed, no_model))
        .find(|s| no_model(s.state()))
        .expect("some Turn starts with no model left to act");
    let side = s.state().turn_player();
    let mut legal = Vec::new();
    s.state().legal_actions(&mut legal);
    let cards = legal.iter().any(|a| !matches!(a, Action::Pass));
    let h = on_the_table(s, "header");
    let title = mars_attacks::table::describe::side_title(side);
    let want = if cards {
        format!("{title}: no model left to act: play a card or Pass")
    } else {
        format!("{title}: no model left to act: Pass")
    };
    assert!(shows(&h, &want), "{want}");
    assert!(!shows(&h, &format!("{title}: choose a model to act")));
}

#[test]
fn the_set_up_tray_keeps_the_models_to_deploy_apart_from_the_later_waves() {
    let setup = hot_seat(root().join("scenarios/the-compound.toml"), 3);
    let mut app = MarsApp::new(setup, root().join("scenarios"), temp_dir("tray"));
    app.pass_screen = false;
    let h = table(app);
    let g = h.state().session.as_ref().unwrap().state().clone();
    let groups: Vec<_> = h
        .state()
        .board
        .tray_groups
        .iter()
        .filter(|gr| gr.side == Side::Martians)
        .cloned()
        .collect();
    // The scenario: 4 Martians deploy, 2 come on across the east edge in Round 3 and 2
    // across the west.
    let captions: Vec<&str> = groups.iter().map(|gr| gr.caption.as_str()).collect();
    assert_eq!(
        captions,
        [
            "to deploy",
            "arriving in Round 3 across the east edge",
            "arriving in Round 3 across the west edge"
        ]
    );
    assert_eq!(
        groups.iter().map(|gr| gr.models.len()).collect::<Vec<_>>(),
        [4, 2, 2]
    );
    assert!(
        groups[0]
            .models
            .iter()
            .all(|m| g.model(*m).loc == Loc::Undeployed)
    );
    for gr in &groups[1..] {
        assert!(gr.models.iter().all(|m| g.model(*m).loc == Loc::Waiting));
    }
}

#[test]
fn play_choose_starts_no_game_behind_the_new_game_window() {
    let setup = GameSetup::versus_ai(
        root().join("scenarios/the-compound.toml"),
        Side::Humans,
        "mcts:normal".parse().unwrap(),
        1,
    );
    let app = MarsApp::choosing(setup, root().join("scenarios"), temp_dir("choose"));
    let mut h = table(app);
    assert!(
        h.state().session.is_none(),
        "no game is dealt behind the window"
    );
    assert!(h.state().new_game.open);
    h.run_steps(10);
    assert!(
        h.state().session.is_none(),
        "nothing starts while the window is open"
    );
    // The balance line sits under the picture and the briefing, across the whole width,
    // inside the window.
    let chosen = h.state().new_game.chosen().unwrap().clone();
    assert!(
        chosen.balance.starts_with("Measured balance"),
        "{}",
        chosen.balance
    );
    let heading = h.get_by_label(&chosen.name).rect();
    let balance = h.get_by_label(&chosen.balance).rect();
    assert!(
        (balance.left() - heading.left()).abs() < 2.0,
        "{balance:?} {heading:?}"
    );
    let close = h.get_by_label("Cancel").rect();
    assert!(balance.top() > heading.bottom() && balance.bottom() < close.top());
    assert!(balance.right() <= 700.0 + 450.0 + 16.0, "{balance:?}");
    // The game starts with the window's seed.
    let seed: u64 = h.state().new_game.seed.parse().unwrap();
    h.get_by_label("Start the game").click();
    h.run_steps(4);
    assert_eq!(
        h.state().session.as_ref().map(|s| s.setup().seed),
        Some(seed)
    );
}

#[test]
fn a_program_chosen_as_the_opponent_waits_for_the_persons_leave() {
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        "mcts:normal".parse().unwrap(),
        1,
    );
    let app = MarsApp::choosing(setup, root().join("scenarios"), temp_dir("program-new"));
    let mut h = table(app);
    h.get_by_label("AI level").click();
    h.run_steps(2);
    h.get_by_label("a program (bot protocol)").click();
    h.run_steps(2);
    // No command typed: the window says what is missing.
    h.get_by_label("Start the game").click();
    h.run_steps(2);
    assert!(h.state().session.is_none());
    h.get_by_label("type the program's command (it speaks the bot protocol)");
    let command = format!("python3 {}/examples/bots/greedy_bot.py", root().display());
    h.get_by_label("Program").focus();
    h.run_steps(1);
    h.get_by_label("Program").type_text(&command);
    h.run_steps(2);
    h.get_by_label("Start the game").click();
    h.run_steps(4);
    let s = h.state().session.as_ref().expect("the game starts");
    assert_eq!(
        s.controller(Side::Martians),
        &Controller::Ai(format!("exec:{command}").parse().unwrap())
    );
    // The program has not started: the table shows its command and asks.
    assert!(s.program_to_allow().is_some());
    h.get_by_label("Start a program?");
    h.run_steps(20);
    let s = h.state().session.as_ref().unwrap();
    assert!(!s.is_thinking() && s.history().is_empty());
    // Allowed, it plays.
    h.get_by_label("Start the program").click();
    step_until(&mut h, "the program's first decision", |a| {
        !a.session.as_ref().unwrap().history().is_empty()
    });
}

/// The New game window shows the game it opens on and starts the same players again: a
/// level by its name, a player that is not a level (an iteration count, `greedy`) by its
/// spec, and a program, with or without settings, by its command.
#[test]
fn the_new_game_window_starts_the_players_it_shows() {
    use mars_attacks::gui::dialogs::NewGameDialog;
    let path = root().join("scenarios/whos-there.toml");
    for (humans, martians, level) in [
        ("human", "mcts:hard", "hard"),
        ("human", "mcts:200", "mcts:200"),
        ("greedy", "human", "greedy"),
        ("human", "exec:python3 bot.py", "program"),
        ("human", "exec[dir=bots,limit=0.5]:./bot --fast", "program"),
        ("mcts:easy", "random", "random"),
    ] {
        let c = |t: &str| t.parse::<Controller>().unwrap();
        let setup = GameSetup {
            scenario_path: path.clone(),
            seed: 3,
            dice_seed: None,
            controllers: mars_attacks::rules::BySide::new(c(humans), c(martians)),
        };
        let mut d = NewGameDialog::new(root().join("scenarios"), &setup);
        assert_eq!(d.level, level, "{humans} / {martians}");
        d.seed = "3".into();
        assert_eq!(d.setup(), Ok(setup), "{humans} / {martians}");
    }
}
