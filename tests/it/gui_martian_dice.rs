//! Martian Dice at the table, driven headless: played in the same window, its rules a
//! click away, and `hard` playing to win with each choice's exact chance.

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use mars_attacks::gui::MarsApp;
use mars_attacks::rules::Side;
use mars_attacks::table::setup::GameSetup;

use super::gui::{harness, root, step_until, temp_dir};

#[test]
fn martian_dice_is_played_in_the_same_window() {
    use martian_dice::dice::Face;
    use martian_dice::table::DiceSetup;
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        "random".parse().unwrap(),
        3,
    );
    let mut h = harness(setup, temp_dir("dice"));
    h.get_by_label("Martian Dice").click();
    h.run_steps(2);
    {
        let app = h.state_mut();
        app.open_dice(DiceSetup {
            players: 2,
            level: "optimal".into(),
            seed: 5,
        });
        app.dice_mut().unwrap().ai_delay = Duration::ZERO;
    }
    h.run_steps(2);
    h.get_by_label_contains("Your Turn");
    h.get_by_label("Roll 13 dice").click();
    h.run_steps(2);
    let dice = |h: &Harness<'_, MarsApp>| h.state().dice().unwrap().game.clone();
    // Seed 5's first roll: its Tanks set aside, the rest on the table to choose from.
    let g = dice(&h);
    let r = g.turn.rolled.expect("the roll offers a face to take");
    assert_eq!(r.total() + g.turn.aside.get(Face::Tank), 13);
    assert_eq!(g.turn.aside.total(), g.turn.aside.get(Face::Tank));
    // Click a die of the first face that may be taken: all dice of that face go aside.
    let f = [Face::Ray, Face::Human, Face::Cow, Face::Chicken]
        .into_iter()
        .find(|f| r.get(*f) > 0)
        .unwrap();
    h.query_all_by_label(f.name()).next().unwrap().click();
    h.run_steps(2);
    let g = dice(&h);
    assert_eq!(
        (g.player, g.turn.aside.get(f), g.turn.rolled),
        (0, r.get(f), None)
    );
    // Stop: the Turn is scored and the optimal AI plays its Turn by itself.
    let score = g.turn.score();
    h.get_by_label_contains("Stop and score").click();
    h.run_steps(1);
    assert_eq!(dice(&h).scores[0], score);
    step_until(&mut h, "the AI's Turn to end", |a| {
        let g = &a.dice().unwrap().game;
        g.player == 0 && g.rounds == 1
    });
    assert!(h.state().dice().unwrap().considered.is_some());
    h.get_by_label_contains("chose:");
    // And back to the skirmish, which waited.
    h.get_by_label("Back to the skirmish").click();
    h.run_steps(2);
    assert!(h.state().dice().is_none());
    h.get_by_label_contains("Your decision");
}

/// The dice table open on its own, two players, the AI at `level`, no pause between the
/// AI's decisions.
fn dice_harness(level: &str, seed: u64, name: &str) -> Harness<'static, MarsApp> {
    use martian_dice::table::DiceSetup;
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        "random".parse().unwrap(),
        3,
    );
    let mut h = harness(setup, temp_dir(name));
    {
        let app = h.state_mut();
        app.open_dice(DiceSetup {
            players: 2,
            level: level.into(),
            seed,
        });
        app.dice_mut().unwrap().ai_delay = Duration::ZERO;
    }
    h.run_steps(2);
    h
}

#[test]
fn martian_dice_rules_are_a_click_away_in_plain_words() {
    let mut h = dice_harness("optimal", 5, "dice-rules");
    // The table says how the game ends without citing a ruling.
    h.get_by_label_contains("that Round is played out");
    assert!(h.query_by_label_contains("(D4)").is_none());
    assert!(h.query_by_label_contains("There are 13 dice").is_none());
    h.get_by_label("Rules").click();
    h.run_steps(4);
    assert!(h.state().dice().unwrap().rules_open);
    h.get_by_label_contains("There are 13 dice. Each has a Tank, two Death Rays");
    h.get_by_label_contains("more Tanks than Death Rays");
    h.get_by_label_contains("roll 6 dice: the most Death Rays wins");
    // Plain words: no ruling numbers anywhere in the window.
    for ruling in ["(D", "D1", "D2", "D3", "D4"] {
        assert!(h.query_by_label_contains(ruling).is_none(), "{ruling}");
    }
    // A second click closes it.
    h.get_by_label("Rules").click();
    h.run_steps(2);
    assert!(!h.state().dice().unwrap().rules_open);
    assert!(h.query_by_label_contains("There are 13 dice").is_none());
}

#[test]
fn martian_dice_expert_plays_to_win_and_shows_each_choices_exact_chance() {
    use martian_dice::perfect::Perfect;
    let mut h = dice_harness("expert", 5, "dice-expert");
    let dice = |h: &Harness<'_, MarsApp>| h.state().dice().unwrap().game.clone();
    // The top of Martian Dice's ladder is the exact player.
    assert_eq!(h.state().dice().unwrap().setup.spec(), "mcts:expert");
    assert_eq!(
        martian_dice::ladder::LADDER.rung(ai::Level::Expert),
        ai::Rung::Player("perfect")
    );
    // The solved game is worked out beside the table; then the person's chance shows.
    step_until(&mut h, "the game to be solved", |_| {
        Perfect::standard_if_solved().is_some()
    });
    let start = Perfect::standard().first_player_wins();
    h.get_by_label(&format!(
        "Your chance to win: {:.1}%, with the best play on both sides from here.",
        100.0 * start
    ));
    // A Turn of the person's: roll, take the first face open, stop if it may.
    h.get_by_label("Roll 13 dice").click();
    h.run_steps(2);
    let r = dice(&h)
        .turn
        .rolled
        .expect("seed 5's first roll offers a face");
    let f = [
        martian_dice::dice::Face::Ray,
        martian_dice::dice::Face::Human,
        martian_dice::dice::Face::Cow,
        martian_dice::dice::Face::Chicken,
    ]
    .into_iter()
    .find(|f| r.get(*f) > 0)
    .unwrap();
    h.query_all_by_label(f.name()).next().unwrap().click();
    h.run_steps(2);
    if dice(&h).player == 0 {
        h.get_by_label_contains("Stop and score").click();
        h.run_steps(1);
    }
    step_until(&mut h, "the AI's Turn to end", |a| {
        let g = &a.dice().unwrap().game;
        g.is_over() || (g.player == 0 && g.rounds == 1)
    });
    // Each of the AI's choices with its exact chance; perfect took the best of them.
    let c = h.state().dice().unwrap().considered.clone().unwrap();
    assert!(c.exact && c.who == 1);
    let chances: Vec<f64> = c.choices.iter().map(|x| x.chance.unwrap()).collect();
    assert!(chances.iter().all(|p| (0.0..=1.0).contains(p)), "{c:?}");
    let chosen = c.choices.iter().find(|x| x.chosen).unwrap();
    let most = chances.iter().copied().fold(0.0, f64::max);
    assert!((chosen.chance.unwrap() - most).abs() < 1e-12, "{c:?}");
    h.get_by_label("chance to win");
    h.get_by_label(&format!("{:.1}%", 100.0 * most));
    // The log says what was rolled, in words, also when a roll ended a Turn.
    let log = &h.state().dice().unwrap().log;
    assert!(log.iter().all(|l| !l.contains("rolled nothing")), "{log:?}");
    assert!(log.iter().any(|l| l.starts_with("You rolled ")), "{log:?}");
    assert!(log.iter().any(|l| l.starts_with("You took ")), "{log:?}");
}
