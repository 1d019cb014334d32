//! The table's cards and their odds, driven headless: the odds with each card in hand on
//! hover and in every prompt, Support sets called on a line, a Lucky Escape recalled.

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use mars_attacks::rules::action::{Action, ModelId};
use mars_attacks::rules::model_names::ModelNames;
use mars_attacks::rules::state::{Event, Phase};
use mars_attacks::rules::{Bitboard, Side};

use super::gui::{
    answer_windows, card_id, click_plain_shot, deal_where, harness, history, holds, hot_seat,
    hover, m, phase, root, shows, skirmish_file, sq, temp_dir,
};

#[test]
fn the_hover_odds_include_each_test_card_in_the_hand() {
    use mars_attacks::rules::map::Los;
    use mars_attacks::rules::odds;
    use mars_attacks::table::forecast::percent;
    let dir = temp_dir("hover-cards");
    let path = skirmish_file(&dir);
    // The Humans hold Human Ingenuity: +1 die to their own Shoot, Fight or Survive roll.
    let seed = deal_where(&path, |g| holds(g, Side::Humans, "human-ingenuity"));
    let mut h = harness(hot_seat(path, seed), dir.clone());
    let g = h.state().session.as_ref().unwrap().state().clone();
    let soldier = g.profile(m(2)).clone();
    let martian = g.profile(m(4)).clone();
    // Martians are Armoured: one automatic Survive success (R15).
    let armour = u8::from(martian.has(mars_attacks::rules::Ability::Armoured));

    // m2 on e4 next to m4 on e5: it may shoot it or charge it.
    h.get_by_label("m2").click();
    h.run_steps(4);
    hover(&mut h, "m4");
    h.get_by_label("Shoot, with Human Ingenuity from your hand");
    h.get_by_label("Fight, with Human Ingenuity from your hand");

    // The Shoot: a clear shot rolls 4 dice (R15), the card adds one.
    assert_eq!(g.map().los(sq("e4"), sq("e5")), Los::Clear);
    let plain = odds::shoot(4, soldier.shoot, 3, martian.survive, armour);
    let carded = odds::shoot(5, soldier.shoot, 3, martian.survive, armour);
    assert_ne!(percent(plain.kill), percent(carded.kill));
    assert!(shows(&h, &format!("kill {}", percent(plain.kill))));
    assert!(shows(&h, &format!("kill {}", percent(carded.kill))));
    // Five dice twice: with the card, and aimed (R15).
    assert_eq!(
        h.query_all_by_label_contains(&format!(
            "5 dice at {}+ against 3 at {}+",
            soldier.shoot, martian.survive
        ))
        .count(),
        2
    );
    h.get_by_label("Aimed Shoot, with Human Ingenuity from your hand");

    // The Fight after the charge: 3 dice +1 for moving in (R16), +1 from the card, against
    // m4's 3; for each of m4's choices.
    let fights = odds::fight(5, soldier.fight, 3, martian.fight, true);
    let survives = odds::fight(5, soldier.fight, 3, martian.survive, false);
    assert_ne!(
        percent(fights.attacker_wins),
        percent(odds::fight(4, soldier.fight, 3, martian.fight, true).attacker_wins)
    );
    assert!(shows(
        &h,
        &format!("attacker wins {}", percent(fights.attacker_wins))
    ));
    assert!(shows(
        &h,
        &format!("defender wins {}", percent(fights.defender_wins))
    ));
    h.get_by_label(&format!(
        "attacker wins {}",
        percent(survives.attacker_wins)
    ));
    h.get_by_label_contains(&format!(
        "5 dice at {}+ against 3 at {}+",
        soldier.fight, martian.fight
    ));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_card_prompt_gives_the_odds_of_each_answer() {
    use mars_attacks::rules::odds;
    use mars_attacks::table::forecast::percent;
    let dir = temp_dir("prompt-cards");
    let path = skirmish_file(&dir);
    let seed = deal_where(&path, |g| holds(g, Side::Humans, "human-ingenuity"));
    let mut h = harness(hot_seat(path, seed), dir.clone());
    let g = h.state().session.as_ref().unwrap().state().clone();
    let (soldier, martian) = (g.profile(m(1)).clone(), g.profile(m(3)).clone());
    // m1 on c3 shoots m3 on c6: a clear shot in the open, 4 dice against 3 (R15).
    h.get_by_label("m1").click();
    h.run_steps(4);
    click_plain_shot(&mut h, m(1), m(3));
    h.run_steps(2);
    assert_eq!(phase(&h), Phase::Respond(Side::Humans));
    // Martians are Armoured: one automatic Survive success, a Rattled band (R15).
    let armour = u8::from(martian.has(mars_attacks::rules::Ability::Armoured));
    assert_eq!(armour, 1);
    let plain = odds::shoot(4, soldier.shoot, 3, martian.survive, armour);
    let carded = odds::shoot(5, soldier.shoot, 3, martian.survive, armour);
    h.get_by_label_contains(&format!(
        "play Human Ingenuity: kill {}, Rattled {}, miss {}",
        percent(carded.kill),
        percent(carded.rattled),
        percent(carded.miss)
    ));
    h.get_by_label_contains(&format!(
        "no card: kill {}, Rattled {}, miss {}",
        percent(plain.kill),
        percent(plain.rattled),
        percent(plain.miss)
    ));
    // Playing it rolls the five dice the prompt counted.
    h.get_by_label("Play Human Ingenuity").click();
    h.run_steps(4);
    answer_windows(&mut h);
    let steps = h.state().session.as_ref().unwrap().history().to_vec();
    let shot = steps
        .iter()
        .flat_map(|s| s.events.iter())
        .find_map(|e| match e {
            Event::Roll { model, dice, .. } if *model == m(1) => Some(*dice),
            _ => None,
        });
    assert_eq!(shot, Some(5));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_fight_or_survive_prompt_gives_the_odds_with_each_card() {
    use mars_attacks::rules::odds;
    use mars_attacks::table::forecast::percent;
    let dir = temp_dir("defence-cards");
    let path = skirmish_file(&dir);
    // The Martians hold We Are Your Friends: +1 die to their own Fight roll.
    let seed = deal_where(&path, |g| holds(g, Side::Martians, "we-are-your-friends"));
    let mut h = harness(hot_seat(path, seed), dir.clone());
    let g = h.state().session.as_ref().unwrap().state().clone();
    let (soldier, martian) = (g.profile(m(2)).clone(), g.profile(m(4)).clone());
    // m2 charges m4 in e5.
    h.get_by_label("m2").click();
    h.run_steps(4);
    h.get_by_label("m4").click();
    h.run_steps(4);
    h.get_by_label_contains("charge into e5").click();
    h.run_steps(4);
    if matches!(phase(&h), Phase::FightTarget { .. }) {
        h.get_by_label("m4").click();
        h.run_steps(4);
    }
    assert!(
        matches!(phase(&h), Phase::Defence { .. }),
        "{:?}",
        phase(&h)
    );
    // 4 dice for the charging soldier (3, +1 for moving in, R16) against m4's 3, or 4
    // with the card.
    let plain = odds::fight(4, soldier.fight, 3, martian.fight, true);
    let carded = odds::fight(4, soldier.fight, 4, martian.fight, true);
    h.get_by_label_contains(&format!(
        "you kill it {}, it kills you {}, no kill {}",
        percent(plain.defender_wins),
        percent(plain.attacker_wins),
        percent(plain.no_kill)
    ));
    h.get_by_label_contains(&format!(
        "then play We Are Your Friends: you kill it {}, it kills you {}, no kill {}",
        percent(carded.defender_wins),
        percent(carded.attacker_wins),
        percent(carded.no_kill)
    ));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn calling_a_support_set_by_line_lights_the_row_and_column_under_the_pointer() {
    use mars_attacks::rules::action::Spot;
    let dir = temp_dir("aim-line");
    let path = skirmish_file(&dir);
    // The Humans hold Harassing Fire, a Support card aimed by row or column with one card
    // in the set.
    let seed = deal_where(&path, |g| holds(g, Side::Humans, "harassing-fire"));
    let mut h = harness(hot_seat(path, seed), dir.clone());
    let hf = card_id(
        h.state().session.as_ref().unwrap().state(),
        "harassing-fire",
    );
    // Play on with the first decision that lays no other card until the set can be called.
    for _ in 0..400 {
        let s = h.state_mut().session.as_mut().unwrap();
        let legal = s.legal();
        if legal
            .iter()
            .any(|a| matches!(a, Action::Call(c, Spot::Row(_)) if *c == hf))
        {
            break;
        }
        let pick = legal
            .iter()
            .find(|a| matches!(a, Action::Lay(c) if c.half == hf))
            .or_else(|| {
                legal.iter().find(|a| {
                    matches!(
                        a,
                        Action::EndTurn
                            | Action::Done
                            | Action::Respond(None)
                            | Action::Keep
                            | Action::Defend(_)
                    )
                })
            })
            .or_else(|| {
                legal
                    .iter()
                    .find(|a| mars_attacks::table::describe::card_of(a).is_none())
            })
            .or(legal.first())
            .copied()
            .unwrap();
        s.play(pick).unwrap();
    }
    h.run_steps(4);
    let legal = h.state().session.as_ref().unwrap().legal();
    assert!(
        legal.contains(&Action::Call(hf, Spot::Row(3))),
        "the set can be called on row 4"
    );
    // Pick the set in the hand panel, then point at d4: row 4 and column d light up.
    h.state_mut()
        .run(vec![mars_attacks::gui::command::Command::Arm(Some(
            mars_attacks::rules::cards::Card::new(hf, None),
        ))]);
    h.run_steps(4);
    hover(&mut h, "square d4");
    let row4 = Bitboard::row(3);
    let col_d = Bitboard::column(3);
    assert_eq!(h.state().board.aim, row4 | col_d);
    // A click offers both; pointing at the row's entry lights the row alone.
    h.get_by_label("square d4").click_accesskit();
    h.run_steps(4);
    assert_eq!(h.state().board.aim, row4 | col_d);
    h.get_by_label_contains("set at row 4").hover();
    h.run_steps(3);
    assert_eq!(h.state().board.aim, row4);
    h.get_by_label_contains("set at column d").hover();
    h.run_steps(3);
    assert_eq!(h.state().board.aim, col_d);
    h.get_by_label_contains("set at column d").click();
    h.run_steps(4);
    let last = *history(&h).last().unwrap();
    assert_eq!(last, Action::Call(hf, Spot::Column(3)));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_lucky_escape_in_hand_is_recalled_when_a_model_is_attacked() {
    let dir = temp_dir("lucky");
    let path = skirmish_file(&dir);
    let seed = deal_where(&path, |g| holds(g, Side::Humans, "lucky-escape"));
    let mut h = harness(hot_seat(path, seed), dir.clone());
    // The Humans' Turn: m1 acts and stands still; then m4 charges m2 in e4.
    let s = h.state_mut().session.as_mut().unwrap();
    for a in [Action::Activate(m(1)), Action::Done, Action::EndTurn] {
        if s.legal().contains(&a) {
            s.play(a).unwrap();
        }
    }
    while s.state().to_move() == Some(Side::Humans) && s.legal().contains(&Action::Respond(None)) {
        s.play(Action::Respond(None)).unwrap();
    }
    s.play(Action::Activate(m(4))).unwrap();
    s.play(Action::Move(sq("e4"))).unwrap();
    if s.legal().contains(&Action::Fight(m(2))) {
        s.play(Action::Fight(m(2))).unwrap();
    }
    h.run_steps(4);
    assert!(
        matches!(phase(&h), Phase::Defence { .. }),
        "{:?}",
        phase(&h)
    );
    h.get_by_label_contains("Does your model fight back");
    h.get_by_label_contains("You hold Lucky Escape: should your model be killed");
    std::fs::remove_dir_all(&dir).ok();
}

/// R30 at the table: a model's window on an area attack comes before the square's attack
/// roll, so the prompt gives the odds of the whole test from the dice alone: a Heat Ray's
/// 6 dice at 3+ against the Soldier's 3 Survive dice at 6+ (R15), and with Human Ingenuity
/// 4 Survive dice.
#[test]
fn an_area_window_gives_the_odds_before_the_attack_roll() {
    use mars_attacks::gui::prompt::answer_body;
    use mars_attacks::rules::odds;
    use mars_attacks::rules::state::{GameState, TestKind};
    use mars_attacks::table::forecast::percent;
    let sc = std::sync::Arc::new(
        mars_attacks::rules::scenario_file::load_scenario(
            &root().join("scenarios/whos-there.toml"),
        )
        .unwrap()
        .scenario,
    );
    let mut dice = mars_attacks::rules::rng_from_seed(1);
    let mut g = GameState::new(sc.clone(), &mut dice);
    let heat = card_id(&g, "heat-ray");
    let hi = card_id(&g, "human-ingenuity");
    let soldier = (0..sc.models.len() as u8)
        .map(ModelId)
        .find(|id| g.model(*id).side == Side::Humans)
        .unwrap();
    g.edit()
        .clear_hand(Side::Humans)
        .clear_hand(Side::Martians)
        .place(soldier, sq("d4"))
        .set(Side::Martians, heat, 3)
        .give(Side::Humans, hi, 1)
        .turn(Side::Martians);
    g.play("call heat-ray d4".parse().unwrap(), &mut dice)
        .unwrap();
    assert_eq!(g.phase(), Phase::Respond(Side::Humans));
    assert!(matches!(g.test().unwrap().kind, TestKind::Area { model, .. } if model == soldier));
    let p = g.profile(soldier).clone();
    let plain = odds::shoot(6, 3, 3, p.survive, 0);
    let carded = odds::shoot(6, 3, 4, p.survive, 0);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let mut h = Harness::builder()
        .with_size(egui::vec2(500.0, 400.0))
        .build_ui(move |ui| {
            let mut out = Vec::new();
            answer_body(ui, &g, ModelNames::Numbers, Side::Humans, &legal, &mut out);
        });
    h.run();
    h.get_by_label_contains("takes its Survive test against Heat Ray");
    h.get_by_label_contains(&format!(
        "as it stands: killed {}, unharmed {}",
        percent(plain.kill),
        percent(plain.miss)
    ));
    let dice_text = format!("6 dice at 3+ against 3 Survive at {}+", p.survive);
    assert!(
        h.query_all_by_label_contains(&dice_text).count() > 0,
        "{dice_text}"
    );
    assert_ne!(percent(plain.kill), percent(carded.kill));
    h.get_by_label_contains(&format!(
        "play Human Ingenuity: killed {}, unharmed {}",
        percent(carded.kill),
        percent(carded.miss)
    ));
}
