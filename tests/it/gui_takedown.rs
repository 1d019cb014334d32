//! Mars Attacks: Ten-Minute Takedown at the table, driven headless: a fourth mode of the
//! same window from the top bar, a person's shot aimed with the keys and played, animated
//! and logged, an AI seat aiming on its own thread while the window keeps drawing, and a
//! new game from the side panel.

use std::time::Duration;

use ai::Level;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use mars_attacks::games::GameKind;
use mars_attacks::gui::MarsApp;
use mars_attacks::gui::takedown_table::TakedownView;
use mars_attacks::rules::Side;
use mars_attacks::table::setup::GameSetup;
use takedown::table::TakedownTable;
use takedown::table::setup::{AiSpec, Aiming, SeatKind, TakedownSetup};

use super::gui::{harness, root, step_until, temp_dir};

fn skirmish(name: &str) -> Harness<'static, MarsApp> {
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        "random".parse().unwrap(),
        3,
    );
    harness(setup, temp_dir(name))
}

fn seats(text: &str) -> Vec<SeatKind> {
    TakedownSetup::parse_seats(text).unwrap()
}

/// The window on Ten-Minute Takedown with `seats`.
fn takedown_harness(seats: Vec<SeatKind>, seed: u64, name: &str) -> Harness<'static, MarsApp> {
    let mut h = skirmish(name);
    h.state_mut().open_takedown(TakedownSetup {
        seats,
        seed,
        ..TakedownSetup::default()
    });
    h.run_steps(2);
    h
}

fn view<'a>(h: &'a Harness<'_, MarsApp>) -> &'a TakedownView {
    h.state().takedown().unwrap()
}

fn table<'a>(h: &'a Harness<'_, MarsApp>) -> &'a TakedownTable {
    &view(h).table
}

#[test]
fn takedown_is_a_fourth_mode_of_the_same_window_and_waits_while_another_is_shown() {
    let mut h = skirmish("takedown-mode");
    h.get_by_label("Ten-Minute Takedown").click();
    h.run_steps(2);
    assert_eq!(h.state().mode(), GameKind::Takedown);
    let t = table(&h);
    assert_eq!(
        t.setup.seats,
        vec![
            SeatKind::Person(Aiming::Level(Level::Normal)),
            SeatKind::Ai(AiSpec::at(Level::Normal))
        ]
    );
    let seed = t.setup.seed;
    h.get_by_label("Seat 1 (you) to shoot");
    h.get_by_label("Seat 2 (aim:normal)");
    h.get_by_label("Shoot");
    // The other games' buttons are in the top bar; this game waits while one is shown.
    h.get_by_label("The Dice Game");
    h.get_by_label("Back to the skirmish").click();
    h.run_steps(2);
    assert_eq!(h.state().mode(), GameKind::Skirmish);
    assert!(h.state().takedown().is_none());
    h.get_by_label("Ten-Minute Takedown").click();
    h.run_steps(2);
    assert_eq!(table(&h).setup.seed, seed, "the game waited as it was");
    // The rules a click away.
    assert!(h.query_by_label_contains("flip it over").is_none());
    h.get_by_label("Rules").click();
    h.run_steps(4);
    assert!(view(&h).rules_open);
    h.get_by_label_contains("if the die's icon on top matches the target's, flip it over");
    h.get_by_label_contains("up to 3 times a Turn");
    for ruling in ["(T", "T9"] {
        assert!(h.query_by_label_contains(ruling).is_none(), "{ruling}");
    }
}

/// Opens the `i`th drop-down list of the window.
fn open_list(h: &mut Harness<'_, MarsApp>, i: usize) {
    h.query_all_by_role(egui::accesskit::Role::ComboBox)
        .nth(i)
        .unwrap()
        .click();
    h.run_steps(2);
}

#[test]
fn a_persons_shot_aimed_with_the_keys_is_played_animated_and_logged() {
    let mut h = takedown_harness(seats("you,aim:normal"), 3, "takedown-keys");
    h.state_mut().takedown_mut().unwrap().table.ai_delay = Duration::from_secs(600);
    h.run_steps(2);
    let start = view(&h).aim;
    // Two degrees to the left (counter-clockwise), then a little stronger.
    h.key_press(egui::Key::ArrowLeft);
    h.key_press(egui::Key::ArrowLeft);
    h.key_press(egui::Key::ArrowUp);
    h.run_steps(1);
    let aim = view(&h).aim;
    assert!((aim.direction - start.direction - 2f64.to_radians()).abs() < 1e-9);
    assert!((aim.strength - start.strength - 0.01).abs() < 1e-9);
    assert!(table(&h).shots().is_empty());
    h.key_press(egui::Key::Enter);
    h.run_steps(1);
    let t = table(&h);
    assert_eq!(t.shots().len(), 1);
    let shot = &t.shots()[0];
    assert!(shot.aimed.same_bits(&aim.flick()));
    // At the normal aiming level the flick strays from the aim.
    assert!(!shot.executed.same_bits(&shot.aimed));
    let words = shot.words.clone();
    assert!(words.starts_with("Seat 1 (you)"), "{words}");
    // The die is on its way: the outcome is written once it stops.
    assert!(view(&h).is_animating());
    assert!(h.query_by_label(&words).is_none());
    h.get_by_label("The die is on its way…");
    step_until(&mut h, "the shot's animation", |a| {
        !a.takedown().unwrap().is_animating()
    });
    h.get_by_label(&words);
    // The same seed and flick play the same shot.
    let again = TakedownTable::replay(table(&h).setup.clone(), &table(&h).flicks()).unwrap();
    assert_eq!(
        again.shots()[0].rest.bits(),
        table(&h).shots()[0].rest.bits()
    );
}

#[test]
fn an_ai_seat_aims_on_its_thread_while_the_window_keeps_drawing() {
    // A slow AI: its decision takes many frames.
    let mut h = takedown_harness(seats("aim:normal:sims=4000,you"), 4, "takedown-ai");
    {
        let v = h.state_mut().takedown_mut().unwrap();
        v.table.ai_delay = Duration::ZERO;
        v.animation = Duration::from_millis(300);
    }
    step_until(&mut h, "the AI to start aiming", |a| {
        a.takedown().unwrap().table.is_thinking()
    });
    // A frame drawn while the AI aims comes back with the AI still aiming (a window that
    // waited for the decision would come back with the shot made), saying so.
    let shots_before = table(&h).shots().len();
    h.step();
    assert!(table(&h).is_thinking(), "the frame waited for the AI");
    assert_eq!(table(&h).shots().len(), shots_before);
    h.get_by_label("Seat 1 (aim:normal:sims=4000) is aiming…");
    step_until(&mut h, "the AI's shot to be shown", |a| {
        let v = a.takedown().unwrap();
        !v.table.shots().is_empty() && !v.is_animating()
    });
    let shot = table(&h).shots()[0].clone();
    assert_eq!(shot.shooter.index(), 0);
    h.get_by_label(&shot.words);
    if table(&h).persons_shot() {
        h.get_by_label("Seat 2 (you) to shoot");
    }
}

#[test]
fn the_new_game_section_starts_a_game_with_the_chosen_seats() {
    let mut h = takedown_harness(seats("you,aim:normal"), 5, "takedown-new");
    h.state_mut().takedown_mut().unwrap().table.ai_delay = Duration::from_secs(600);
    h.get_by_label("Add a seat").click();
    h.run_steps(2);
    assert_eq!(view(&h).next.seats.len(), 3);
    // The lists: seat 1's player and aiming, seat 2's player, seat 3's player.
    assert_eq!(
        h.query_all_by_role(egui::accesskit::Role::ComboBox).count(),
        4
    );
    // Seat 1 made an AI at expert, from its list.
    open_list(&mut h, 0);
    h.get_by_label("AI: expert").click();
    h.run_steps(2);
    // Seat 3 made a person, then its aiming turned off.
    open_list(&mut h, 2);
    h.get_by_label("a person").click();
    h.run_steps(2);
    open_list(&mut h, 3);
    h.get_by_label("assistance off").click();
    h.run_steps(2);
    h.state_mut().takedown_mut().unwrap().next.seed = 77;
    h.get_by_label("Start a new game").click();
    h.run_steps(2);
    let t = table(&h);
    assert_eq!(
        t.setup.seats,
        vec![
            SeatKind::Ai(AiSpec::at(Level::Expert)),
            SeatKind::Ai(AiSpec::at(Level::Normal)),
            SeatKind::Person(Aiming::Off),
        ]
    );
    assert_eq!(t.setup.seed, 77);
    assert_eq!(t.game().players(), 3);
    assert_eq!(t.game().setup().targets.len(), 4);
    h.get_by_label("Seat 3 (you:off)");
    // Four seats at most: "Add a seat" is then refused.
    for _ in 0..3 {
        h.get_by_label("Add a seat").click();
        h.run_steps(2);
    }
    assert_eq!(view(&h).next.seats.len(), 4);
}

#[test]
fn a_slingshot_drawn_back_from_the_saucer_shoots_the_other_way() {
    let mut h = takedown_harness(seats("you:off,aim:normal"), 9, "takedown-sling");
    {
        let v = h.state_mut().takedown_mut().unwrap();
        v.table.ai_delay = Duration::from_secs(600);
        v.animation = Duration::ZERO;
    }
    h.run_steps(2);
    let board = view(&h).board.unwrap();
    let g = table(&h).game().clone();
    let from = g.saucer(g.turn());
    // Seat 1 sits south: drawn back 150 mm south and a little west, the shot goes north
    // and a little east, at half strength.
    let back = takedown::geometry::Point::new(from.x - 30.0, from.y - 147.0);
    let press = board.to_screen(from);
    let release = board.to_screen(back);
    let pointer = |h: &mut Harness<'_, MarsApp>, at: egui::Pos2, pressed: Option<bool>| {
        h.input_mut().events.push(egui::Event::PointerMoved(at));
        if let Some(pressed) = pressed {
            h.input_mut().events.push(egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
        }
        h.run_steps(1);
    };
    pointer(&mut h, press, None);
    pointer(&mut h, press, Some(true));
    for k in 1..=4 {
        pointer(&mut h, press + (release - press) * (k as f32 / 4.0), None);
    }
    assert!(table(&h).shots().is_empty(), "no shot before the release");
    let aim = view(&h).aim;
    assert!(
        (aim.direction - back.bearing_to(from)).abs() < 0.02,
        "{aim:?}"
    );
    assert!(
        (aim.strength - back.distance(from) / 300.0).abs() < 0.02,
        "{aim:?}"
    );
    pointer(&mut h, release, Some(false));
    h.run_steps(2);
    let t = table(&h);
    assert_eq!(t.shots().len(), 1);
    // Assistance off: the flick as the slingshot aimed it.
    assert!(t.shots()[0].executed.same_bits(&t.shots()[0].aimed));
    assert!((t.shots()[0].aimed.direction - back.bearing_to(from)).abs() < 0.02);
    h.get_by_label(&t.shots()[0].words.clone());
}
