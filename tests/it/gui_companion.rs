//! A game at a real table on the screen (the companion mode), driven headless: the New
//! game window starts one; the set-up and the AI's moves come as steps shown one at a time
//! with a Done button; a decision that rolls waits for the faces typed, refuses bad ones
//! with the reason and applies nothing until its rolls are in; "the table differs" makes a
//! correction.

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use mars_attacks::gui::MarsApp;
use mars_attacks::rules::action::Action;
use mars_attacks::rules::{BySide, Side};
use mars_attacks::table::instructions::StepKind;
use mars_attacks::table::marks::MoveMarks;
use mars_attacks::table::rolls::{Roller, TableRollers};
use mars_attacks::table::setup::{Controller, GameSetup};

use super::child::root;
use super::gui::{m, sq, step_until, temp_dir};

/// A small open street: Soldiers on c3 and e4, Martians on c6 and e5; `first` plays first.
fn street(dir: &Path, first: &str) -> PathBuf {
    let p = dir.join("street.toml");
    std::fs::write(
        &p,
        format!(
            r#"
name = "Street corner"
first_turn = "{first}"

[map]
walls = [{{ edge = "a1 north", kind = "low" }}]

[humans]
models = [
  {{ profile = "soldier", start = "c3" }},
  {{ profile = "soldier", start = "e4" }},
]
vp = {{ shoot_kill = 1, fight_kill = 2 }}

[martians]
models = [
  {{ profile = "martian", start = "c6" }},
  {{ profile = "martian", start = "e5" }},
]
vp = {{ shoot_kill = 1, fight_kill = 2 }}
"#
        ),
    )
    .unwrap();
    p
}

/// The person plays the Humans against `greedy` at a real table, with these rollers.
fn at_table(name: &str, first: &str, rolled_by: BySide<Roller>) -> Harness<'static, MarsApp> {
    let dir = temp_dir(name);
    let setup = GameSetup::versus_ai(
        street(&dir, first),
        Side::Humans,
        "greedy".parse().unwrap(),
        7,
    );
    let mut app = MarsApp::new(setup, root().join("scenarios"), dir);
    let s = app.session.as_mut().expect("the street loads");
    s.ai_delay = Duration::ZERO;
    s.set_companion(rolled_by);
    let mut h = Harness::builder()
        .with_size(eframe::egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut MarsApp| app.show(ui), app);
    h.run_steps(4);
    h
}

/// Clicks Done on each step shown until none is left; the number clicked.
/// The step is on the card and, after "Now: ", on the side panel's Turn line.
fn on_card_and_panel(h: &Harness<'_, MarsApp>, step: &str) {
    let labels: Vec<String> = h
        .query_all_by_label_contains(step)
        .map(|n| {
            let n = n.accesskit_node();
            n.value().or_else(|| n.label()).unwrap_or_default()
        })
        .collect();
    assert_eq!(labels.len(), 2, "{labels:?}");
    assert_eq!(
        labels.iter().filter(|l| l.starts_with("Now: ")).count(),
        1,
        "{labels:?}"
    );
}

fn confirm_every_step(h: &mut Harness<'_, MarsApp>) -> usize {
    let mut n = 0;
    while h
        .state()
        .session
        .as_ref()
        .unwrap()
        .next_table_step()
        .is_some()
    {
        h.get_by_label("Done").click();
        h.run_steps(2);
        n += 1;
        assert!(n < 100, "the steps never end");
    }
    n
}

#[test]
fn the_set_up_comes_square_by_square_one_step_at_a_time() {
    let mut h = at_table(
        "set-up",
        "humans",
        BySide::new(Roller::Table, Roller::Program),
    );
    let steps: Vec<_> = {
        let s = h.state().session.as_ref().unwrap();
        s.table_steps().cloned().collect()
    };
    // A note, then the four models on their fixed squares (the street has no counters).
    assert_eq!(steps.len(), 5, "{steps:?}");
    assert_eq!(steps[0].kind, StepKind::Note);
    for (step, (label, square)) in steps[1..].iter().zip([
        ("Soldier 1", "c3"),
        ("Soldier 2", "e4"),
        ("Martian 1", "c6"),
        ("Martian 2", "e5"),
    ]) {
        assert_eq!(step.text, format!("put {label} on {square}"));
        // The board rings the square.
        assert_eq!(step.picture, Some(MoveMarks::square(sq(square))));
    }
    // Shown large, first letter up, one at a time.
    h.get_by_label("Set up the table as the program placed it, square by square");
    h.get_by_label("4 more steps after this one");
    h.get_by_label("Done").click();
    h.run_steps(2);
    h.get_by_label("Put Soldier 1 on c3");
    assert_eq!(confirm_every_step(&mut h), 4);
    assert!(h.query_by_label("Done").is_none());
}

#[test]
fn nobody_decides_while_a_step_waits_to_be_made() {
    let mut h = at_table(
        "waits",
        "humans",
        BySide::new(Roller::Table, Roller::Program),
    );
    // The person's decision waits until the set-up is made.
    h.state_mut()
        .run(vec![mars_attacks::gui::command::Command::Play(vec![
            Action::Activate(m(1)),
        ])]);
    h.run_steps(2);
    let s = h.state().session.as_ref().unwrap();
    assert!(s.next_table_step().is_some());
    assert!(s.history().is_empty());
    assert_eq!(s.human_to_move(), None);
    assert_eq!(
        s.notice.as_deref(),
        Some(
            "first make the step waiting at the table: set up the table as the program placed it, square by square"
        )
    );
    confirm_every_step(&mut h);
    assert_eq!(
        h.state().session.as_ref().unwrap().human_to_move(),
        Some(Side::Humans)
    );
}

#[test]
fn the_ais_move_is_a_step_drawn_on_the_board() {
    let mut h = at_table(
        "ai-move",
        "martians",
        BySide::new(Roller::Table, Roller::Program),
    );
    confirm_every_step(&mut h);
    step_until(&mut h, "the AI's first decision as a step", |app| {
        app.session
            .as_ref()
            .unwrap()
            .next_table_step()
            .is_some_and(|t| t.kind == StepKind::Decision)
    });
    let (step, decided) = {
        let s = h.state().session.as_ref().unwrap();
        (s.next_table_step().unwrap().clone(), s.history()[0].clone())
    };
    assert_eq!(decided.by, Side::Martians);
    // The greedy AI's first decision is a Martian's activation: it is named by its base
    // label and square, and the board rings that model.
    let Action::Activate(who) = decided.action else {
        panic!("{:?}", decided.action)
    };
    let square = h
        .state()
        .session
        .as_ref()
        .unwrap()
        .state()
        .model(who)
        .square()
        .unwrap();
    let label = if who == m(3) {
        "Martian 1"
    } else {
        "Martian 2"
    };
    assert!(
        step.text.starts_with(&format!("{label} ({square})")),
        "{}",
        step.text
    );
    let picture = step.picture.expect("a decision is drawn");
    assert_eq!(picture.model, Some(who));
    assert_eq!(picture.path, vec![square]);
    h.get_by_label("The AI's move: make it on the table");
    h.get_by_label(
        &step.text[..1]
            .to_uppercase()
            .chars()
            .chain(step.text[1..].chars())
            .collect::<String>(),
    );
    // The AI waits for the step to be made: no second decision meanwhile.
    h.run_steps(20);
    let s = h.state().session.as_ref().unwrap();
    assert_eq!(
        s.history().len(),
        1,
        "{:?}",
        s.history().iter().map(|d| &d.text).collect::<Vec<_>>()
    );
    h.get_by_label("Done").click();
    step_until(&mut h, "the AI's second decision", |app| {
        app.session.as_ref().unwrap().history().len() >= 2
    });
}

/// The person's Soldier 1 on c3 shoots Martian 1 on c6 (clear, in range).
fn shoot(h: &mut Harness<'_, MarsApp>) {
    confirm_every_step(h);
    h.state_mut()
        .run(vec![mars_attacks::gui::command::Command::Play(vec![
            Action::Activate(m(1)),
            Action::Shoot(m(3)),
        ])]);
    // The response windows on the shot are answered first, no card played; then it rolls.
    for _ in 0..2000 {
        if h.state()
            .session
            .as_ref()
            .unwrap()
            .awaiting_dice()
            .is_some()
        {
            return;
        }
        confirm_every_step(h);
        // A response window of the person's (a card on the shot): no card.
        if h.state()
            .session
            .as_ref()
            .unwrap()
            .human_to_move()
            .is_some()
        {
            h.state_mut()
                .run(vec![mars_attacks::gui::command::Command::Play(vec![
                    Action::Respond(None),
                ])]);
        }
        h.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    let s = h.state().session.as_ref().unwrap();
    panic!(
        "the shot's dice are never asked for: {:?} {:?} {:?} {:?} {} {:?}",
        s.history().iter().map(|d| &d.text).collect::<Vec<_>>(),
        s.table_steps().collect::<Vec<_>>(),
        s.state().phase(),
        s.state().to_move(),
        s.is_thinking(),
        s.ai_wait()
    );
}

#[test]
fn typed_dice_are_checked_and_nothing_is_applied_until_every_roll_is_in() {
    let mut h = at_table(
        "dice",
        "humans",
        BySide::new(Roller::Table, Roller::Program),
    );
    shoot(&mut h);
    let (asked, before) = {
        let s = h.state().session.as_ref().unwrap();
        let p = s.awaiting_dice().unwrap_or_else(|| {
            panic!(
                "the shot waits for its dice: {:?} {:?}",
                s.history().iter().map(|d| &d.text).collect::<Vec<_>>(),
                s.notice
            )
        });
        (p.ask().unwrap().clone(), s.history().len())
    };
    // A Soldier's Shoot of 1 die (its profile), for Soldier 1 (c3) at Martian 1 (c6).
    assert_eq!(asked.side, Side::Humans);
    let prompt = h
        .state()
        .session
        .as_ref()
        .unwrap()
        .awaiting_dice()
        .unwrap()
        .prompt()
        .unwrap();
    assert!(
        prompt.contains("Soldier 1 (c3)") && prompt.contains("Martian 1 (c6)"),
        "{prompt}"
    );
    let shown: String = prompt[..1].to_uppercase() + &prompt[1..];
    h.get_by_label(&shown);

    // A face no D8 has: refused with the reason, nothing taken.
    h.get_by_label("Faces rolled:").focus();
    h.run_steps(1);
    h.get_by_label("Faces rolled:").type_text("9");
    h.run_steps(1);
    h.get_by_label("Enter").click();
    h.run_steps(2);
    h.get_by_label_contains("`9` is not a D8's face");
    assert!(
        h.get_by_label("Apply the rolls")
            .accesskit_node()
            .is_disabled()
    );
    let s = h.state().session.as_ref().unwrap();
    assert_eq!(s.history().len(), before);
    assert!(s.awaiting_dice().unwrap().rolls().is_empty());

    // Ones miss whatever the shot needs (R14: no 8, no extra die): every roll is in.
    let ones = vec!["1"; asked.dice as usize].join(" ");
    h.state_mut().at_table.typed = ones;
    h.get_by_label("Enter").click();
    h.run_steps(2);
    h.get_by_label("Every roll is in");
    assert_eq!(h.state().session.as_ref().unwrap().history().len(), before);
    // Taken back and typed again before it is applied.
    h.get_by_label("Take back the last roll").click();
    h.run_steps(2);
    h.get_by_label(&shown);
    h.state_mut().at_table.typed = vec!["1"; asked.dice as usize].join(",");
    h.get_by_label("Enter").click();
    h.run_steps(2);
    assert!(
        !h.get_by_label("Apply the rolls")
            .accesskit_node()
            .is_disabled()
    );
    h.get_by_label("Apply the rolls").click();
    h.run_steps(2);
    let s = h.state().session.as_ref().unwrap();
    assert!(s.awaiting_dice().is_none());
    assert!(s.history().len() > before);
    // The shot missed: Martian 1 still stands on c6.
    assert_eq!(s.state().model(m(3)).square(), Some(sq("c6")));
    // The faces typed are recorded with the game, once; the Martians' rolls are the
    // program's.
    let typed: Vec<_> = s
        .companion()
        .unwrap()
        .all_rolls()
        .iter()
        .flatten()
        .filter_map(|r| r.faces())
        .collect();
    assert_eq!(typed, vec![vec![1; asked.dice as usize]]);
}

#[test]
fn a_decision_waiting_for_dice_can_be_withdrawn() {
    // Two people at a real table on Scenario 1, every die rolled there: played on with the
    // first legal decision, ones typed for each roll, until a person's decision waits for
    // its first roll.
    let dir = temp_dir("withdraw");
    let setup = super::gui::hot_seat(root().join("scenarios/whos-there.toml"), 6);
    let mut app = MarsApp::new(setup, root().join("scenarios"), dir);
    app.pass_screen = false;
    let s = app.session.as_mut().unwrap();
    s.set_companion(BySide::new(Roller::Table, Roller::Table));
    for _ in 0..2000 {
        if let Some(p) = s.awaiting_dice() {
            if p.action().is_some() && p.rolls().is_empty() {
                break;
            }
            match p.ask() {
                Some(ask) => {
                    let ones = vec!["1"; usize::from(ask.dice.max(1))].join(" ");
                    s.enter_dice(&ones).unwrap();
                }
                None => s.confirm_dice().unwrap(),
            }
        } else if s.confirm_table_step().is_none() {
            let a = s.legal()[0];
            s.play(a).unwrap();
        }
    }
    let (before, waiting) = {
        let p = s
            .awaiting_dice()
            .expect("a person's decision waits for its dice");
        (s.history().len(), p.text.clone())
    };
    let mut h = Harness::builder()
        .with_size(eframe::egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut MarsApp| app.show(ui), app);
    h.run_steps(4);
    h.get_by_label(&format!("Your decision: {waiting}"));
    h.get_by_label("Withdraw my decision").click();
    h.run_steps(2);
    let s = h.state().session.as_ref().unwrap();
    assert!(s.awaiting_dice().is_none());
    assert_eq!(s.history().len(), before);
    assert!(s.human_to_move().is_some(), "the person decides again");
}

#[test]
fn the_table_differs_moves_a_model_and_refuses_what_cannot_be() {
    let mut h = at_table(
        "differs",
        "humans",
        BySide::new(Roller::Table, Roller::Program),
    );
    confirm_every_step(&mut h);
    h.get_by_label("The table differs…").click();
    h.run_steps(2);
    // A square that is none: the form says so, nothing changes.
    {
        let form = &mut h.state_mut().at_table.correction;
        form.model = Some(m(1));
        form.square = "z9".into();
    }
    h.get_by_label("Make the correction").click();
    h.run_steps(2);
    h.get_by_label_contains("`z9`");
    // A Martian's square: refused by the game, with its reason.
    h.state_mut().at_table.correction.square = "c6".into();
    h.run_steps(1);
    h.get_by_label("Make the correction").click();
    h.run_steps(2);
    let e = h.state().at_table.correction.error.clone();
    assert!(
        e.as_deref()
            .is_some_and(|e| e.contains("c6 holds an enemy of Soldier 1")),
        "{e:?}"
    );
    h.get_by_label_contains("c6 holds an enemy of Soldier 1");
    assert_eq!(
        h.state()
            .session
            .as_ref()
            .unwrap()
            .state()
            .model(m(1))
            .square(),
        Some(sq("c3"))
    );
    h.state_mut().at_table.correction.square = "d3".into();
    h.get_by_label("Make the correction").click();
    h.run_steps(2);
    let s = h.state().session.as_ref().unwrap();
    assert_eq!(s.state().model(m(1)).square(), Some(sq("d3")));
    assert_eq!(
        s.corrections_log(),
        &[(0, "Soldier 1 (c3) put on d3 to match the table".to_string())]
    );
    h.get_by_label("after decision 0: Soldier 1 (c3) put on d3 to match the table");
}

#[test]
fn the_new_game_window_starts_a_game_at_a_real_table() {
    let dir = temp_dir("new-at-table");
    let setup = GameSetup::versus_ai(
        street(&dir, "humans"),
        Side::Martians,
        "greedy".parse().unwrap(),
        3,
    );
    let app = MarsApp::choosing(setup, root().join("scenarios"), dir);
    let mut h = Harness::builder()
        .with_size(eframe::egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut MarsApp| app.show(ui), app);
    h.run_steps(4);
    h.get_by_label("at a real table").click();
    h.run_steps(2);
    // The AI's dice: rolled at the table too.
    h.state_mut().new_game.ai_dice = Roller::Table;
    h.get_by_label("Start the game").click();
    h.run_steps(4);
    let s = h.state().session.as_ref().expect("the game starts");
    assert_eq!(s.controller(Side::Martians), &Controller::Human);
    let c = s.companion().expect("at a real table");
    assert_eq!(c.rolled_by, BySide::new(Roller::Table, Roller::Table));
    assert!(s.next_table_step().is_some());
    h.get_by_label("The table differs…");
}

#[test]
fn the_counters_squares_are_typed_on_the_card_at_set_up() {
    let dir = temp_dir("placing");
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        "greedy".parse().unwrap(),
        4,
    );
    let mut app = MarsApp::new(setup, root().join("scenarios"), dir);
    app.session.as_mut().unwrap().start_at_table(TableRollers {
        dice: BySide::new(Roller::Table, Roller::Program),
        counters: Roller::Table,
    });
    let mut h = Harness::builder()
        .with_size(eframe::egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut MarsApp| app.show(ui), app);
    h.run_steps(4);
    on_card_and_panel(&h, "Roll 2 D8 for counter 1 of 8: the first die is the row");
    h.get_by_label("Roll the counters' squares at the table");
    let enter = |h: &mut Harness<'_, MarsApp>, text: &str| {
        h.state_mut().at_table.typed = text.into();
        h.run_steps(1);
        h.get_by_label("Enter").click();
        h.run_steps(2);
    };
    enter(&mut h, "3 4");
    h.get_by_label("Counters put face down so far: d3");
    on_card_and_panel(&h, "Roll 2 D8 for counter 2 of 8");
    enter(&mut h, "3 4");
    h.get_by_label("d3: a counter lies there already; roll both dice again (R24)");
    on_card_and_panel(&h, "Roll 2 D8 again for counter 2 of 8");
    enter(&mut h, "3 9");
    h.get_by_label_contains("`9` is not a D8's face");
    h.get_by_label("Take back the last two dice").click();
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("a counter lies there already")
            .is_none()
    );
    // Six more squares, then the last: the card gives way to the set-up's steps.
    for col in 1..=7u8 {
        enter(&mut h, &format!("1 {col}"));
    }
    let s = h.state().session.as_ref().unwrap();
    assert!(s.placing().is_none());
    assert_eq!(s.state().hidden_counters().count(), 8);
    assert!(s.companion().unwrap().placement().len() == 8);
}

#[test]
fn the_set_up_sheet_is_written_where_the_person_says() {
    let mut h = at_table(
        "sheet",
        "humans",
        BySide::new(Roller::Table, Roller::Program),
    );
    h.get_by_label("Set-up sheet…").click();
    h.run_steps(2);
    let default = h.state().files.path.clone();
    assert!(default.ends_with("street-7-setup.svg"), "{default}");
    let path = PathBuf::from(&default);
    assert!(!path.exists());
    assert_eq!(
        h.state().files.open,
        Some(mars_attacks::gui::command::FileAction::SetupSheet)
    );
    h.run_steps(4);
    h.get_by_label("Write the sheet").click();
    h.run_steps(2);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(
        svg.starts_with("<svg") || svg.starts_with("<?xml"),
        "{}",
        &svg[..80]
    );
    // The labels to write on the bases, as the steps name the models.
    for label in ["Soldier 1", "Soldier 2", "Martian 1", "Martian 2"] {
        assert!(svg.contains(label), "{label}");
    }
    h.get_by_label(&format!("Set-up sheet written to {default}"));
    // Something else already there is left alone, and the refusal says so.
    let other = path.with_file_name("notes.txt");
    std::fs::write(&other, "my notes").unwrap();
    h.state_mut().files.path = other.display().to_string();
    h.run_steps(1);
    h.get_by_label("Write the sheet").click();
    h.run_steps(2);
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "my notes");
    h.get_by_label_contains("already exists and is not an SVG picture");
}
