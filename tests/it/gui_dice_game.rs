//! Mars Attacks: The Dice Game at the table, driven headless: a third mode of the same
//! window, its cards clicked to target and roll, its Martians clicked to roll again, the
//! exact odds on hover, a click that is not open refused in words, 2 to 6 seats, the end
//! with its tie-breaks, and the rules a click away.

use std::time::Duration;

use dice_game::dice::{Symbol, Tally};
use dice_game::turn::{Action, Phase};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use dice_game::table::DiceGameTable;
use dice_game::table::setup::{AiLevel, DiceGameSetup, Seat};
use dice_game::table::words::{odds_words, result_words};
use mars_attacks::gui::MarsApp;
use mars_attacks::rules::Side;
use mars_attacks::table::setup::GameSetup;

use super::gui::{harness, hover, root, step_until, temp_dir};

fn skirmish(name: &str) -> Harness<'static, MarsApp> {
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        "random".parse().unwrap(),
        3,
    );
    harness(setup, temp_dir(name))
}

fn dice_setup(seats: &[Seat], seed: u64) -> DiceGameSetup {
    DiceGameSetup {
        seats: seats.to_vec(),
        seed,
        ..DiceGameSetup::default()
    }
}

/// The window on the Dice Game with `seats`, no pause before the AI's decisions.
fn dice_game_harness(seats: &[Seat], seed: u64, name: &str) -> Harness<'static, MarsApp> {
    let mut h = skirmish(name);
    {
        let app = h.state_mut();
        app.open_dice_game(dice_setup(seats, seed));
        app.dice_game_mut().unwrap().table.ai_delay = Duration::ZERO;
    }
    h.run_steps(2);
    h
}

fn table<'a>(h: &'a Harness<'_, MarsApp>) -> &'a DiceGameTable {
    &h.state().dice_game().unwrap().table
}

/// A seed whose first Turn, at the first card in play that is not a single roll and has no
/// special rule (no extra Turn), leaves the person to re-roll or stop; and that card's
/// stack.
fn seed_to_decide() -> (u64, usize) {
    (1..300)
        .find_map(|seed| {
            let mut t =
                DiceGameTable::new(dice_setup(&[Seat::Person, Seat::Ai(AiLevel::Greedy)], seed))
                    .unwrap();
            let g = t.game().clone();
            let s = (0..4).find(|s| {
                let c = g.card(g.in_play(*s).unwrap());
                !c.one_roll() && c.rule.is_none()
            })?;
            t.decide(Action::Target(s as u8)).unwrap();
            (t.game().turn.phase == Phase::Decide).then_some((seed, s))
        })
        .expect("a seed leaves a Turn to decide")
}

/// The dice drawn as faces, counted by their labels.
fn dice_drawn(h: &Harness<'_, MarsApp>) -> Tally {
    let mut t = Tally::EMPTY;
    for x in Symbol::ALL {
        t.set(x, h.query_all_by_label(x.words(1)).count() as u8);
    }
    t
}

#[test]
fn the_dice_game_is_a_third_mode_of_the_same_window() {
    let mut h = skirmish("dice-game");
    h.get_by_label("The Dice Game").click();
    h.run_steps(2);
    let default = &table(&h).setup;
    assert_eq!(
        default.seats,
        vec![Seat::Person, Seat::Ai(AiLevel::Search(ai::Level::Normal))]
    );
    let (seed, stack) = seed_to_decide();
    {
        let app = h.state_mut();
        app.open_dice_game(dice_setup(&[Seat::Person, Seat::Ai(AiLevel::Greedy)], seed));
        app.dice_game_mut().unwrap().table.ai_delay = Duration::ZERO;
    }
    h.run_steps(2);
    h.get_by_label("Your Turn");
    h.get_by_label("Turn 1: You");
    // The four cards in play by name, the difficulty card beside them; no dice yet.
    let g = table(&h).game().clone();
    for s in 0..4 {
        h.get_by_label(&g.card(g.in_play(s).unwrap()).name);
    }
    h.get_by_label("Difficulty card, easy side");
    assert_eq!(dice_drawn(&h), Tally::EMPTY);
    // A click on a card targets it and rolls the ten dice, drawn as faces.
    let name = g.card(g.in_play(stack).unwrap()).name.clone();
    h.get_by_label(&name).click();
    h.run_steps(2);
    let g = table(&h).game().clone();
    assert_eq!(table(&h).decisions(), &[Action::Target(stack as u8)]);
    assert_eq!((g.turn.phase, g.turn.rolls), (Phase::Decide, 1));
    assert_eq!(dice_drawn(&h), g.turn.showing);
    h.get_by_label(&format!(
        "Nukes showing: {} of the {} Nuke symbols in play.",
        g.turn.showing.nukes(),
        g.nuke_symbols()
    ));
    // A Martian clicked rolls every Martian again.
    let m = g.turn.showing.martians();
    h.get_by_label(&format!(
        "Re-roll {m} Martian{}",
        if m == 1 { "" } else { "s" }
    ));
    h.query_all_by_label("Martian").next().unwrap().click();
    h.run_steps(2);
    assert_eq!(table(&h).decisions().len(), 2);
    assert_eq!(table(&h).decisions()[1], Action::Roll);
    if table(&h).game().turn.phase == Phase::Decide {
        h.get_by_label_contains("Stop").click();
        h.run_steps(2);
        assert_eq!(table(&h).decisions()[2], Action::Stop);
    }
    // The Turn ended: the AI plays its own, and the log tells it.
    step_until(&mut h, "the AI's Turn to end", |a| {
        a.dice_game().unwrap().table.persons_decision()
    });
    assert!(
        table(&h)
            .log()
            .iter()
            .any(|l| l.text.starts_with("Martian 2 (greedy) rolled ten dice: ")),
        "{:?}",
        table(&h).log()
    );
    h.get_by_label_contains("Martian 2 (greedy) chose: ");
    // Martian Dice and the skirmish, and back: the game waited as it was.
    let made = table(&h).decisions().to_vec();
    h.get_by_label("Martian Dice").click();
    h.run_steps(2);
    assert!(h.state().dice().is_some() && h.state().dice_game().is_none());
    h.get_by_label("The Dice Game").click();
    h.run_steps(2);
    assert_eq!(table(&h).decisions(), made);
    h.get_by_label("Back to the skirmish").click();
    h.run_steps(2);
    assert!(h.state().dice_game().is_none() && h.state().dice().is_none());
    h.get_by_label_contains("Your decision");
    h.get_by_label("The Dice Game").click();
    h.run_steps(2);
    assert_eq!(table(&h).decisions(), made);
}

#[test]
fn hovering_a_card_shows_the_exact_odds_of_rolling_at_it() {
    let mut h = dice_game_harness(&[Seat::Person, Seat::Ai(AiLevel::Greedy)], 3, "dg-odds");
    let g = table(&h).game().clone();
    for s in 0..4 {
        let card = g.card(g.in_play(s).unwrap());
        let odds = h
            .state_mut()
            .dice_game_mut()
            .unwrap()
            .table
            .odds(s)
            .unwrap();
        hover(&mut h, &card.name);
        for line in odds_words(&odds) {
            h.get_by_label_contains(line.trim());
        }
        assert!(
            h.query_by_label_contains("out of the 59,049 ways they fall")
                .is_some()
        );
    }
}

#[test]
fn a_click_that_is_not_open_is_refused_in_words_and_changes_nothing() {
    let (seed, stack) = seed_to_decide();
    let mut h = dice_game_harness(&[Seat::Person, Seat::Ai(AiLevel::Greedy)], seed, "dg-no");
    let g = table(&h).game().clone();
    let name = g.card(g.in_play(stack).unwrap()).name.clone();
    h.get_by_label(&name).click();
    h.run_steps(2);
    let g = table(&h).game().clone();
    let other = g.card(g.in_play((stack + 1) % 4).unwrap()).name.clone();
    h.get_by_label(&other).click();
    h.run_steps(2);
    h.get_by_label(&format!(
        "Cannot target {other}: this Turn's target is {name}: re-roll the Martians, or stop"
    ));
    assert_eq!(table(&h).game(), &g);
    assert_eq!(table(&h).decisions().len(), 1);
}

#[test]
fn the_dice_game_rules_are_a_click_away_in_plain_words() {
    let mut h = dice_game_harness(&[Seat::Person, Seat::Ai(AiLevel::Greedy)], 4, "dg-rules");
    assert!(h.query_by_label_contains("There are 10 dice").is_none());
    h.get_by_label("Rules").click();
    h.run_steps(4);
    assert!(h.state().dice_game().unwrap().rules_open);
    h.get_by_label_contains(
        "There are 10 dice. Each has two Martians, two Ray Guns and two Nukes.",
    );
    h.get_by_label_contains("you are nuked: your Turn ends and nothing of it counts");
    h.get_by_label_contains("if still tied, the tied player latest in turn order");
    // Plain words: no ruling numbers anywhere in the window.
    for ruling in ["(S", "S4", "S8", "(P", "P23", "P25"] {
        assert!(h.query_by_label_contains(ruling).is_none(), "{ruling}");
    }
    h.get_by_label("Rules").click();
    h.run_steps(2);
    assert!(!h.state().dice_game().unwrap().rules_open);
    assert!(h.query_by_label_contains("There are 10 dice").is_none());
}

#[test]
fn a_game_of_ai_seats_ends_with_the_winner_and_how_ties_were_broken() {
    let seats = [
        Seat::Ai(AiLevel::Greedy),
        Seat::Ai(AiLevel::Random),
        Seat::Ai(AiLevel::Random),
    ];
    let mut h = dice_game_harness(&seats, 2, "dg-end");
    step_until(&mut h, "the game to end", |a| {
        a.dice_game().unwrap().table.game().is_over()
    });
    let t = table(&h);
    let g = t.game().clone();
    let w = g.winner().unwrap();
    h.get_by_label(&format!("The winner: {}, {} VP", t.name(w), g.vp(w)));
    for line in result_words(&g, &t.setup) {
        h.get_by_label(&line);
    }
    h.get_by_label_contains("Ties are broken by the most cards claimed");
    assert!(h.query_by_label_contains("decides next").is_none());
}

#[test]
fn six_seats_of_people_and_ais_and_a_new_game_from_the_side_panel() {
    let mut seats = vec![Seat::Person];
    seats.extend([Seat::Ai(AiLevel::Random); 4]);
    seats.push(Seat::Person);
    let mut h = dice_game_harness(&seats, 8, "dg-six");
    // Two people: each is named by seat; every seat is listed.
    h.get_by_label("Player 1's Turn");
    for s in 1..5 {
        h.get_by_label(&format!("Martian {} (random)", s + 1));
    }
    h.get_by_label("Player 6");
    // The person in seat 1 plays; the AIs play on to the person in seat 6.
    let g = table(&h).game().clone();
    let s = (0..4)
        .find(|s| g.card(g.in_play(*s).unwrap()).one_roll())
        .unwrap_or(0);
    h.get_by_label(&g.card(g.in_play(s).unwrap()).name).click();
    h.run_steps(2);
    while table(&h).game().player() == 0 && !table(&h).game().is_over() {
        h.get_by_label_contains("Stop").click();
        h.run_steps(2);
    }
    step_until(&mut h, "seat 6's decision", |a| {
        let t = &a.dice_game().unwrap().table;
        t.persons_decision() || t.game().is_over()
    });
    if !table(&h).game().is_over() && table(&h).game().player() == 5 {
        h.get_by_label("Player 6's Turn");
    }
    // A seat removed in the side panel, then a new game of five.
    let removes = h.query_all_by_label("remove").count();
    assert_eq!(removes, 6);
    h.query_all_by_label("remove").next().unwrap().click();
    h.run_steps(2);
    assert!(h.query_by_label("Add a seat").is_some());
    h.get_by_label("Start a new game").click();
    h.run_steps(2);
    let t = table(&h);
    let mut five = vec![Seat::Ai(AiLevel::Random); 4];
    five.push(Seat::Person);
    assert_eq!((&t.setup.seats, t.setup.seed), (&five, 9));
    assert_eq!(t.game().players(), 5);
}
