//! The deck as printed (R19): its 42 cards transcribed by hand from the rules text, the
//! deck file format, and the rules that read two-sided cards: every half played by its own
//! side, Support sets of one half built from different physical cards (R21), Jammer and
//! Mind Control on such a set, the Bug fought as well as shot (R27), and a response window
//! on each Survive test of an area attack (R28). Dice are scripted, one entry per test.

use crate::common;

use std::sync::Arc;

use common::*;
use rules::cards::{CardId, Kind, core_deck, parse_deck};
use rules::state::{Event, Loc, Needs, Phase, ResponseWhy, Test, Waiting, Why};
use rules::{Action, Bitboard, Side};

use Side::{Humans as H, Martians as M};

/// The card pages of the rules text print the cards three at a time: three Martian halves,
/// then the Human halves of the same three cards (R19). Transcribed here by hand from the
/// rules text, card by card, in printed order.
const PRINTED: [(&str, &str); 36] = [
    ("We Come In Peace", "Artillery Strike"),
    ("Tough Little Suckers", "Artillery Strike"),
    ("We Are Your Friends", "Splat!"),
    ("Mind Control", "Human Ingenuity"),
    ("Heat Ray", "Human Ingenuity"),
    ("We Are Your Friends", "Strafing Run"),
    ("Heat Ray", "Isn't He Cute?"),
    ("Alien Cunning", "Strafing Run"),
    ("We Are Your Friends", "Artillery Strike"),
    ("We Are Your Friends", "Squabble"),
    ("Tough Little Suckers", "Artillery Strike"),
    ("We Come In Peace", "Sneak"),
    ("We Come In Peace", "Strafing Run"),
    ("Heat Ray", "Sneak"),
    ("Tough Little Suckers", "Sneak"),
    ("Tough Little Suckers", "Isn't He Cute?"),
    ("Heat Ray", "Human Ingenuity"),
    ("Always More", "Human Ingenuity"),
    ("Heat Ray", "Lucky Escape"),
    ("Heat Ray", "Splat!"),
    ("Tough Little Suckers", "Strafing Run"),
    ("We Are Your Friends", "Sneak"),
    ("Tough Little Suckers", "Jammer"),
    ("Always More", "Lucky Escape"),
    ("Mind Control", "Human Ingenuity"),
    ("We Come In Peace", "Splat!"),
    ("We Come In Peace", "Isn't He Cute?"),
    ("Freeze Ray", "Human Ingenuity"),
    ("Heat Ray", "Splat!"),
    ("We Come In Peace", "Squabble"),
    ("Freeze Ray", "Harassing Fire"),
    ("Freeze Ray", "Splat!"),
    ("Alien Cunning", "Harassing Fire"),
    ("Freeze Ray", "Jammer"),
    ("We Come In Peace", "Harassing Fire"),
    ("Mind Control", "Harassing Fire"),
];

#[test]
fn the_core_deck_is_the_42_cards_of_r19() {
    let d = core_deck();
    assert_eq!(d.total(), 42);
    // Each printed card, by its number, has the two halves the rules text pairs on it.
    for (i, (martian, human)) in PRINTED.iter().enumerate() {
        let n = i as u16 + 1;
        let t = d.by_number(n).unwrap_or_else(|| panic!("card {n}"));
        let c = d.card(t);
        assert_eq!(
            c.face(M).map(|f| f.name.as_str()),
            Some(*martian),
            "card {n}"
        );
        assert_eq!(c.face(H).map(|f| f.name.as_str()), Some(*human), "card {n}");
        assert!(!c.is_event());
    }
    // Six Events, one each, and no side halves on them.
    let events = [
        "Flying Car",
        "Unfriendly Fire",
        "Keeping Their Heads Down",
        "Barbecue On The Hoof",
        "Terror on the Streets!",
        "Wings of Death",
    ];
    for (i, e) in events.iter().enumerate() {
        let t = d.by_number(37 + i as u16).unwrap();
        let c = d.card(t);
        assert_eq!(c.event.as_ref().map(|f| f.name.as_str()), Some(*e));
        assert!(c.faces.iter().all(|f| f.is_none()));
        assert_eq!(c.count(), 1);
    }
    // Totals per half, counted by hand from the list above.
    let martians = [
        ("We Come In Peace", 7),
        ("Heat Ray", 7),
        ("Tough Little Suckers", 6),
        ("We Are Your Friends", 5),
        ("Freeze Ray", 4),
        ("Mind Control", 3),
        ("Alien Cunning", 2),
        ("Always More", 2),
    ];
    let humans = [
        ("Human Ingenuity", 6),
        ("Splat!", 5),
        ("Artillery Strike", 4),
        ("Strafing Run", 4),
        ("Sneak", 4),
        ("Harassing Fire", 4),
        ("Isn't He Cute?", 3),
        ("Squabble", 2),
        ("Lucky Escape", 2),
        ("Jammer", 2),
    ];
    for (side, list) in [(M, &martians[..]), (H, &humans[..])] {
        let sum: u16 = list.iter().map(|(_, n)| n).sum();
        assert_eq!(sum, 36);
        assert_eq!(d.halves(side).len(), list.len());
        for (name, n) in list {
            let f = d
                .halves(side)
                .into_iter()
                .find(|f| f.name == *name)
                .unwrap();
            assert_eq!(d.half_count(side, f.id), *n, "{name}");
        }
    }
    // Identical copies are one card type: 36 printed pairs are 32 different cards (4 and
    // 25, 5 and 17, 20 and 29, 2 and 11 are pairs of copies), plus the 6 Events.
    assert_eq!(d.types(), 38);
    assert_eq!(d.card(d.by_number(5).unwrap()).numbers, [5, 17]);
    assert_eq!(d.event_mask().count(), 6);
}

#[test]
fn deck_files_report_every_problem_with_its_place() {
    let text = r#"name = "house"
cards = [
  { number = 1, martians = "zapper", humans = "boo" },
  { number = 1, martians = "zapper", humans = "zapper" },
  { number = 3, martians = "zaper" },
]

[halves.zapper]
side = "martians"
name = "Zapper"
kind = "support"
text = "Zap."
effect = "shoot-area"
dice = 0
value = 4
area = "3x3"
cap = 3
levels = ["nothing", "square"]

[halves.boo]
side = "humans"
name = "Boo"
kind = "response"
text = "Boo."
effect = "scare"
colour = "red"
"#;
    let errs = parse_deck("house.toml", text).unwrap_err();
    let lines: Vec<String> = errs.iter().map(|d| d.to_string()).collect();
    let has = |s: &str| lines.iter().any(|l| l.contains(s));
    assert!(
        has("house.toml:4:14: cards[1].number: card 1 is already cards[0]"),
        "{lines:#?}"
    );
    assert!(
        has(
            "house.toml:4:47: cards[1].humans: \"zapper\" is a half of the martians, not a half of the humans"
        ),
        "{lines:#?}"
    );
    assert!(
        has(
            "house.toml:5:28: cards[2].martians: \"zaper\" is not defined: write it as [halves.zaper] (did you mean"
        ),
        "{lines:#?}"
    );
    assert!(
        has("house.toml:14:8: halves.zapper.dice: 0 is out of range"),
        "{lines:#?}"
    );
    assert!(
        has("house.toml:18:10: halves.zapper.levels: 2 levels listed for a set of up to 3"),
        "{lines:#?}"
    );
    assert!(
        has("house.toml:25:10: halves.boo.effect: \"scare\" is not an effect"),
        "{lines:#?}"
    );
    // A new card that reuses an effect is data only; a half on no card is a warning only.
    let ok = r#"
cards = [
  { number = 1, martians = "death-ray" },
  { number = 2, martians = "death-ray" },
]
[halves.death-ray]
side = "martians"
name = "Death Ray"
kind = "support"
text = "A bigger Heat Ray."
effect = "shoot-area"
dice = 8
value = 3
area = "3x3"
cap = 2
levels = ["line", "square"]
"#;
    let d = parse_deck("ok.toml", ok).unwrap();
    assert_eq!(d.total(), 2);
    assert_eq!(d.types(), 1);
    assert_eq!(
        "death-ray".parse::<CardId>().unwrap().to_string(),
        "death-ray"
    );
    // A line area needs a direction.
    let bad = ok.replace("area = \"3x3\"", "area = \"line\"");
    let errs = parse_deck("bad.toml", &bad).unwrap_err();
    assert!(errs[0].message.contains("needs a direction"), "{errs:?}");
}

/// The example of docs/card-format.md loads, and is what the text around it says.
#[test]
fn the_card_format_example_loads() {
    let doc =
        std::fs::read_to_string(crate::common::scenario_files::root().join("docs/card-format.md"))
            .unwrap();
    let start = doc.find("```toml\n").unwrap() + "```toml\n".len();
    let end = start + doc[start..].find("```").unwrap();
    let d = parse_deck("docs/card-format.md", &doc[start..end]).unwrap();
    assert_eq!(d.total(), 4);
    // Cards 1 and 2 are copies: three different cards.
    assert_eq!(d.types(), 3);
    assert_eq!(d.card(d.by_number(1).unwrap()).numbers, [1, 2]);
    assert!(d.card(d.by_number(4).unwrap()).is_event());
}

// ----- every half, by its own side (R19) ------------------------------------------------

/// The half an action uses, if it is a card action.
fn half_of(a: &Action) -> Option<CardId> {
    match a {
        Action::Play(c, _) | Action::Lay(c) | Action::Respond(Some(c)) | Action::Discard(c) => {
            Some(c.half)
        }
        Action::Call(h, _) => Some(*h),
        _ => None,
    }
}

fn legal_halves(g: &rules::GameState) -> Vec<CardId> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.iter().filter_map(half_of).collect()
}

/// Every activation and Support half of each side can be played by that side at the start
/// of its Turn: its owner holds one card of each, the enemy has a Support set in play (for
/// Jammer and Mind Control), a killed model waits (Always More) and two enemies share a
/// square (Squabble). No half of the other side is ever offered (R19).
#[test]
fn every_turn_half_is_played_by_its_own_side() {
    let s = small_scenario(
        &[],
        &[
            Place(H, "soldier", "a1"),
            Place(H, "soldier", "b1"),
            Place(H, "soldier", "c1"),
            Place(M, "martian", "g7"),
            Place(M, "martian", "g7"),
            Place(M, "martian", "h8"),
        ],
    );
    let mut s = (*with_cards(&s, 4)).clone();
    s.sides[M].deployment = Bitboard::rect(0, 7, 6, 7); // rows 7-8
    s.sides[H].deployment = Bitboard::rect(0, 7, 0, 1); // rows 1-2
    let s = Arc::new(s);
    let deck = core_deck();
    for side in [H, M] {
        let mut g = game(&s);
        g.edit().clear_hand(H).clear_hand(M);
        let turn_halves: Vec<CardId> = deck
            .halves(side)
            .into_iter()
            .filter(|f| matches!(f.kind, Kind::Activation | Kind::Support))
            .map(|f| f.id)
            .collect();
        for &h in &turn_halves {
            g.edit().give(side, h, 1);
        }
        // An enemy set to jam or take over, a killed model to bring back.
        let enemy_set = if side == H {
            "heat-ray"
        } else {
            "strafing-run"
        };
        g.edit().set(side.other(), card(enemy_set), 2);
        g.edit()
            .kill(if side == H { m(3) } else { m(6) })
            .turn(side);
        let offered = legal_halves(&g);
        for &h in &turn_halves {
            assert!(
                offered.contains(&h),
                "the {side} cannot play {h}: {:?}",
                legal(&g)
            );
        }
        for h in offered {
            assert_eq!(deck.side_of(h), Some(side), "{h} offered to the {side}");
        }
    }
}

/// Every response half is offered to its own side on a test it fits: a Soldier's Shoot at a
/// Martian (Human Ingenuity and Splat! for the Humans, Tough Little Suckers for the
/// Martians), a Martian's Shoot (We Come In Peace), a Martian's Fight (We Are Your Friends),
/// and a Human about to be killed (Lucky Escape).
#[test]
fn every_response_half_is_offered_on_a_test_it_fits() {
    let responses = |side: Side| -> Vec<CardId> {
        core_deck()
            .halves(side)
            .into_iter()
            .filter(|f| f.kind == Kind::Response)
            .map(|f| f.id)
            .collect()
    };
    let mut offered: Vec<CardId> = Vec::new();
    let fresh = |hands: bool| {
        let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "a4")], 4);
        if hands {
            for side in [H, M] {
                for h in responses(side) {
                    g.edit().give(side, h, 1);
                }
            }
        }
        g
    };
    // The Humans Shoot: the Humans' window, then the Martians'.
    let mut g = fresh(true);
    play(&mut g, &["activate m1", "shoot m2"]);
    assert_eq!(g.phase(), Phase::Respond(H));
    offered.extend(legal_halves(&g));
    play(&mut g, &["respond none"]);
    assert_eq!(g.phase(), Phase::Respond(M));
    offered.extend(legal_halves(&g));
    // The Martians Shoot.
    let mut g = fresh(true);
    g.edit().turn(M);
    play(&mut g, &["activate m2", "shoot m1"]);
    offered.extend(legal_halves(&g));
    // The Martian charges: a Fight, the defender fights back.
    let mut g = fresh(true);
    g.edit().place(m(2), sq("b2")).turn(M);
    play(
        &mut g,
        &["activate m2", "move a1", "fight m1", "defend fight"],
    );
    offered.extend(legal_halves(&g));
    // A Human about to be killed by a Shoot: Lucky Escape. The Martian rolls 3 hits, the
    // Soldier no save.
    let mut g = fresh(false);
    g.edit().give(H, card("lucky-escape"), 1).turn(M);
    let mut dice = Dice::new(&[&[4, 4, 4], &[1, 1, 1]]);
    events(&mut g, "activate m2", &mut dice);
    events(&mut g, "shoot m1", &mut dice);
    assert_eq!(g.phase(), Phase::Escape(m(1)));
    offered.extend(legal_halves(&g));
    for side in [H, M] {
        for h in responses(side) {
            assert!(offered.contains(&h), "{h} was never offered to the {side}");
        }
    }
}

// ----- Support sets of one half (R21) ----------------------------------------------------

/// The Martians lay card 5 (Heat Ray / Human Ingenuity) and, next Turn, card 7 (Heat Ray /
/// Isn't He Cute?): one Heat Ray set of 2 made of two different physical cards, which can be
/// called at level 2 (a row or a column, R21).
#[test]
fn a_support_set_holds_halves_of_different_cards() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 4);
    g.edit()
        .give_card(M, "heat-ray/human-ingenuity".parse().unwrap())
        .give_card(M, "heat-ray/isnt-he-cute".parse().unwrap())
        .turn(M);
    let lays: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("lay"))
        .collect();
    assert_eq!(
        lays,
        ["lay heat-ray/human-ingenuity", "lay heat-ray/isnt-he-cute"]
    );
    play(&mut g, &["lay heat-ray/human-ingenuity"]);
    g.edit().turn(M);
    play(&mut g, &["lay heat-ray/isnt-he-cute"]);
    assert_eq!(
        g.support_sets(M).collect::<Vec<_>>(),
        [(card("heat-ray"), 2)]
    );
    let cards: Vec<String> = g
        .set_cards(M, card("heat-ray"))
        .map(|(c, n)| format!("{} x{n}", c.name()))
        .collect();
    assert_eq!(
        cards,
        [
            "Heat Ray / Human Ingenuity x1",
            "Heat Ray / Isn't He Cute? x1"
        ]
    );
    // Not the Turn it was laid to; next Turn, a row or a column.
    assert!(!legal(&g).iter().any(|a| a.starts_with("call heat-ray")));
    g.edit().turn(M);
    let calls = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("call heat-ray"))
        .count();
    assert_eq!(calls, 16, "8 rows and 8 columns");
    g.check_invariants().unwrap();
}

/// Jammer discards one card of a set built from different physical cards (the first of its
/// cards in deck order, P14) and itself; Mind Control calls such a set whole and discards
/// all of it.
#[test]
fn jammer_and_mind_control_act_on_a_set_of_different_cards() {
    // Cards 5 and 7: two Heat Ray halves on different physical cards.
    let mut g2 = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 4);
    g2.edit()
        .give_card(M, "heat-ray/human-ingenuity".parse().unwrap())
        .give_card(M, "heat-ray/isnt-he-cute".parse().unwrap())
        .give(H, card("jammer"), 1)
        .turn(M);
    play(&mut g2, &["lay heat-ray/human-ingenuity"]);
    g2.edit().turn(M);
    play(&mut g2, &["lay heat-ray/isnt-he-cute"]);
    g2.edit().turn(H);
    assert_eq!(g2.set_level(M, card("heat-ray")), 2);
    let e = events(
        &mut g2,
        "play jammer/tough-little-suckers heat-ray",
        &mut Dice::new(&[]),
    );
    assert!(e.contains(&Event::Jammed {
        owner: M,
        card: "heat-ray/human-ingenuity".parse().unwrap()
    }));
    assert_eq!(g2.set_level(M, card("heat-ray")), 1);
    let left: Vec<String> = g2
        .set_cards(M, card("heat-ray"))
        .map(|(c, _)| c.name())
        .collect();
    assert_eq!(left, ["Heat Ray / Isn't He Cute?"]);
    g2.check_invariants().unwrap();

    // Mind Control on the Humans' Strafing Run set of cards 6 and 8.
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 4);
    g.edit()
        .give_card(H, "strafing-run/we-are-your-friends".parse().unwrap())
        .give_card(H, "strafing-run/alien-cunning".parse().unwrap())
        .give(M, card("mind-control"), 1);
    play(&mut g, &["lay strafing-run/we-are-your-friends"]);
    g.edit().turn(H);
    play(&mut g, &["lay strafing-run/alien-cunning"]);
    g.edit().turn(M);
    let discard_before: u8 = g.discard_pile().map(|(_, n)| n).sum();
    // Level 2: a row or column and a direction, a D8 for the start square: the run goes
    // along row 4 eastwards from a4 (D8 = 1), over empty squares.
    let e = events(
        &mut g,
        "play mind-control/human-ingenuity strafing-run row 4 east",
        &mut Dice::new(&[&[1]]),
    );
    assert!(e.contains(&Event::Called {
        side: M,
        owner: H,
        card: card("strafing-run"),
        level: 2
    }));
    assert_eq!(g.support_sets(H).count(), 0);
    let discard_after: u8 = g.discard_pile().map(|(_, n)| n).sum();
    // Both cards of the set and the Mind Control card.
    assert_eq!(discard_after - discard_before, 3);
    g.check_invariants().unwrap();
}

// ----- the Bug, shot and fought (R27) ------------------------------------------------------

/// A Soldier in the Bug's square attacks it in a Fight: its Fight dice (3, +1 for having
/// moved in) at its Fight value against the Bug's 3 Survive dice at 4+. More successes
/// remove the Bug, scoring nothing; the Fight ends the Soldier's action. A model may not
/// Fight the Bug while an enemy shares the square, and the Bug may also be Shot.
#[test]
fn the_bug_can_be_fought_as_well_as_shot() {
    let mut g = setup(&[Place(H, "soldier", "b2"), Place(M, "martian", "h8")], 0);
    g.edit().bug(sq("c3"), M);
    play(&mut g, &["activate m1"]);
    let l = legal(&g);
    assert!(
        !l.contains(&"fight bug".to_string()),
        "not from another square"
    );
    play(&mut g, &["move c3"]);
    assert!(legal(&g).contains(&"fight bug".to_string()));
    // 4 dice at 4+ (moved in): 2 successes; the Bug 3 at 4+: 1.
    let mut dice = Dice::new(&[&[4, 5, 1, 1], &[4, 1, 1]]);
    let e = events(&mut g, "fight bug", &mut dice);
    assert_eq!(
        rolls(&e),
        [(Test::Fight, 4, 4, 2), (Test::Survive, 3, 4, 1)]
    );
    assert!(e.contains(&Event::FoughtBug {
        attacker: m(1),
        killed: true
    }));
    assert_eq!(g.bug(), None);
    assert_eq!(g.vp(H), 0);
    assert_eq!(g.model(m(1)).loc, Loc::Board(sq("c3")));
    assert!(g.model(m(1)).activated, "the Fight ended its action");

    // The Bug survives a Fight it is not beaten in, and never fights back.
    let mut g = setup(&[Place(H, "soldier", "c3"), Place(M, "martian", "h8")], 0);
    g.edit().bug(sq("c3"), M);
    play(&mut g, &["activate m1"]);
    let mut dice = Dice::new(&[&[4, 1, 1], &[4, 1, 1]]);
    let e = events(&mut g, "fight bug", &mut dice);
    assert_eq!(
        rolls(&e),
        [(Test::Fight, 3, 4, 1), (Test::Survive, 3, 4, 1)]
    );
    assert_eq!(g.bug(), Some((sq("c3"), M)));
    assert_eq!(g.model(m(1)).loc, Loc::Board(sq("c3")));

    // An enemy in the square: a Fight with it, not with the Bug.
    let mut g = setup(&[Place(H, "soldier", "b2"), Place(M, "martian", "c3")], 0);
    g.edit().bug(sq("c3"), M).rattled(m(2), true);
    play(&mut g, &["activate m1", "move c3"]);
    assert!(!legal(&g).contains(&"fight bug".to_string()));
}

// ----- windows before any die of a test (R28, R30) ---------------------------------------

/// The phase and test at each decision, and whether any die was rolled by it.
fn rolled(e: &[Event]) -> bool {
    e.iter()
        .any(|x| matches!(x, Event::Roll { .. } | Event::EffectRoll { .. }))
}

/// The Martians, with no model left to act (two card plays, R11), call a level-3 Heat Ray
/// on c4, where three Martians stand. Every window of every model there opens before the
/// square's attack roll (R30): for each model in model order the Martians' (the Turn
/// player's, R20) then the Humans': six windows. Then one attack roll (6 dice at 3+), then
/// three Survive rolls with the cards played: Splat! took a die from m3, Tough Little
/// Suckers added one to m4.
#[test]
fn a_heat_ray_on_three_models_opens_six_windows_then_rolls_once_then_three_survives() {
    let mut g = setup(
        &[
            Place(H, "soldier", "a1"),
            Place(M, "martian", "c4"),
            Place(M, "martian", "c4"),
            Place(M, "martian", "c4"),
        ],
        4,
    );
    g.edit()
        .activated(m(2), true)
        .activated(m(3), true)
        .activated(m(4), true)
        .set(M, card("heat-ray"), 3)
        .give(M, card("tough-little-suckers"), 1)
        .give(H, card("splat"), 2)
        .turn(M);
    let tls = held(&g, M, "tough-little-suckers");
    let splat = held(&g, H, "splat");
    let e = events(&mut g, "call heat-ray c4", &mut Dice::new(&[]));
    assert!(!rolled(&e), "no die before the windows");
    // (who decides, whose test, the answer)
    let answers = [
        (M, 2, "respond none".to_string()),
        (H, 2, "respond none".to_string()),
        (M, 3, "respond none".to_string()),
        (H, 3, format!("respond {splat}")),
        (M, 4, format!("respond {tls}")),
    ];
    for (side, model, answer) in answers {
        assert_eq!(g.phase(), Phase::Respond(side), "before {answer}");
        assert_eq!(g.test().unwrap().defender(), Some(m(model)));
        let e = events(&mut g, &answer, &mut Dice::new(&[]));
        assert!(!rolled(&e), "{answer}: no die before the last window");
    }
    // The sixth window: the Humans on m4, with their second Splat!.
    assert_eq!(g.phase(), Phase::Respond(H), "the sixth window");
    assert_eq!(g.test().unwrap().defender(), Some(m(4)));
    // Attack 3, 3, 3, 1, 1, 1: 3 hits. m2: 3 dice 6, 1, 1 = 1 (+1 armour = 2): killed.
    // m3: 2 dice 6, 6 = 2 (+1 = 3): saved by armour alone, Rattled. m4: 4 dice 6, 6, 6, 1
    // = 3 (+1): unharmed. The kill's Rattle test: m4 rolls 5, stays up (m3 is down).
    let mut dice = Dice::new(&[
        &[3, 3, 3, 1, 1, 1],
        &[6, 1, 1],
        &[6, 6],
        &[6, 6, 6, 1],
        &[5],
    ]);
    let e = events(&mut g, "respond none", &mut dice);
    assert_eq!(
        rolls(&e),
        [
            (Test::Shoot, 6, 3, 3),
            (Test::Survive, 3, 6, 1),
            (Test::Survive, 2, 6, 2),
            (Test::Survive, 4, 6, 3)
        ]
    );
    assert!(
        dice.is_empty(),
        "one attack roll, three Survive rolls, one Rattle test"
    );
    assert_eq!(g.model(m(2)).loc, Loc::Dead);
    assert!(g.model(m(3)).rattled && !g.model(m(4)).rattled);
    assert_eq!(g.vp(M), 0, "an own model killed scores nothing (P15)");
}

/// The Humans call a level-3 Artillery Strike on c4, where two Martians stand; the
/// Martians hold one Tough Little Suckers. Both Martians' windows open before the square's
/// attack roll (R30), so the card is spent before the hits are known: here on m2, and
/// holding nothing more the Martians get no window on m3 (R28).
#[test]
fn area_windows_come_before_the_attack_roll() {
    let mut g = setup(
        &[
            Place(H, "soldier", "a1"),
            Place(M, "martian", "c4"),
            Place(M, "martian", "c4"),
        ],
        4,
    );
    g.edit()
        .set(H, card("artillery-strike"), 3)
        .give(M, card("tough-little-suckers"), 1);
    let e = events(&mut g, "call artillery-strike c4", &mut Dice::new(&[]));
    assert!(!rolled(&e));
    assert_eq!(g.phase(), Phase::Respond(M));
    assert_eq!(g.test().unwrap().defender(), Some(m(2)));
    // The Artillery Strike set took cards 1, 2 and 11 (the first with that half in the
    // deck file's order): the Tough Little Suckers given is the next, card 15.
    assert_eq!(
        legal(&g),
        ["respond none", "respond tough-little-suckers/sneak"]
    );
    // Attack: 5, 5, 6, 1, 1 = 3 hits. m2: 4 Survive dice at 6+: 6, 6, 1, 1 = 2, +1 armour:
    // 3, not beaten: unharmed. m3: 3 dice: 6, 1, 1 = 1, +1 armour = 2 < 3: killed (one
    // Shoot kill, 1 VP); m2 takes the Rattle test: 5, stays up.
    let mut dice = Dice::new(&[&[5, 5, 6, 1, 1], &[6, 6, 1, 1], &[6, 1, 1], &[5]]);
    let e = events(&mut g, "respond tough-little-suckers/sneak", &mut dice);
    assert_eq!(
        rolls(&e),
        [
            (Test::Shoot, 5, 5, 3),
            (Test::Survive, 4, 6, 2),
            (Test::Survive, 3, 6, 1)
        ]
    );
    assert_eq!(g.model(m(2)).loc, Loc::Board(sq("c4")));
    assert_eq!(g.model(m(3)).loc, Loc::Dead);
    assert_eq!(g.vp(H), 1);
}

/// The Bug's attack is a Fight (P21) and opens its windows (R28, R30) once the target has
/// chosen Fight or Survive, before the Bug's dice: Human Ingenuity adds a die to the
/// Soldier's Fight roll.
#[test]
fn the_bugs_attack_opens_a_window_before_its_dice() {
    let mut g = setup(&[Place(H, "soldier", "c4"), Place(M, "martian", "h8")], 1);
    g.edit()
        .bug(sq("c4"), M)
        .activated(m(2), true)
        .give(H, card("human-ingenuity"), 1);
    let hi = held(&g, H, "human-ingenuity");
    // The Soldier's action ends the Round; the Bug attacks the one model in its square.
    play(&mut g, &["activate m1"]);
    let e = events(&mut g, "done", &mut Dice::new(&[]));
    assert!(!rolled(&e));
    assert_eq!(g.phase(), Phase::BugDefence(m(1)));
    let e = events(&mut g, "defend fight", &mut Dice::new(&[]));
    assert!(!rolled(&e), "the window comes before the Bug's dice");
    assert_eq!(g.phase(), Phase::Respond(H));
    assert_eq!(
        legal(&g),
        [format!("respond {hi}"), "respond none".to_string()]
    );
    // The Bug: 4 dice at 4+: 4, 4, 1, 1 = 2. The Soldier: 3 + 1 dice at its Fight 4+: 4,
    // 4, 4, 1 = 3: it wins and drives the Bug off (P21). Then each side draws its one
    // card (hands of 1).
    let mut dice = Dice::new(&[&[4, 4, 1, 1], &[4, 4, 4, 1], &[1], &[1]]);
    let e = events(&mut g, &format!("respond {hi}"), &mut dice);
    assert_eq!(rolls(&e), [(Test::Fight, 4, 4, 2), (Test::Fight, 4, 4, 3)]);
    assert_eq!(g.bug(), None);
}

/// The cows' trampling is a Fight of the herd's dice against the model's Survive (P20): a
/// test with its windows before its dice (R28, R30). The herd, on c3, scatters north at
/// the end of the Round into c4, where a Rattled Martian lies: the Humans (whose Turn it
/// was) and then the Martians answer before the herd rolls.
#[test]
fn the_cows_trampling_opens_windows_before_its_dice() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "c4")], 4);
    g.edit()
        .cows(sq("c3"), H)
        .activated(m(2), true)
        .rattled(m(2), true)
        .give(H, card("splat"), 1)
        .give(M, card("tough-little-suckers"), 1);
    let tls = held(&g, M, "tough-little-suckers");
    play(&mut g, &["activate m1"]);
    // The scatter die: 1, north (R23).
    let e = events(&mut g, "done", &mut Dice::new(&[&[1]]));
    assert!(!rolled(&e), "no die of the trampling before its windows");
    assert!(e.contains(&Event::CowsMoved {
        from: sq("c3"),
        to: sq("c4")
    }));
    assert_eq!(g.phase(), Phase::Respond(H));
    play(&mut g, &["respond none"]);
    assert_eq!(g.phase(), Phase::Respond(M));
    // The herd: 4 dice at 4+: 4, 4, 1, 1 = 2. The Martian: 3 Fight dice + 1 at its Survive
    // 6+: 6, 6, 1, 1 = 2: not more than it, it lives.
    let mut dice = Dice::new(&[&[4, 4, 1, 1], &[6, 6, 1, 1]]);
    let e = events(&mut g, &format!("respond {tls}"), &mut dice);
    assert_eq!(
        rolls(&e),
        [(Test::Fight, 4, 4, 2), (Test::Survive, 4, 6, 2)]
    );
    assert_eq!(g.model(m(2)).loc, Loc::Board(sq("c4")));
}

// ----- one card a model a Turn (R31) -------------------------------------------------------

/// In one Human Turn the Martians play Tough Little Suckers on m2's check against the
/// Humans' Harassing Fire; when a Soldier then shoots m2, the Martians, though they hold a
/// second Tough Little Suckers, get no window: m2 has had its one card of its side this
/// Turn (R31), and the shot is rolled at once with 3 Survive dice.
#[test]
fn a_model_takes_one_card_of_its_side_a_turn_in_the_other_sides_turn_too() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "c4")], 4);
    g.edit()
        .set(H, card("harassing-fire"), 2)
        .give(M, card("tough-little-suckers"), 2);
    let tls = held(&g, M, "tough-little-suckers");
    play(&mut g, &["call harassing-fire c4"]);
    assert_eq!(g.phase(), Phase::Respond(M));
    // Two dice at 6+: 1, 6 passes.
    let e = events(
        &mut g,
        &format!("respond {tls}"),
        &mut Dice::new(&[&[1, 6]]),
    );
    assert_eq!(rolls(&e), [(Test::Survive, 2, 6, 1)]);
    assert!(g.has_had_card(m(2)));
    assert_eq!(g.holds_half(M, card("tough-little-suckers")), 1);
    // a1 to c4: range 3, clear sight on the open board: 4 dice at 5+.
    play(&mut g, &["activate m1"]);
    let mut dice = Dice::new(&[&[1, 1, 1, 1], &[1, 1, 1]]);
    let e = events(&mut g, "shoot m2", &mut dice);
    assert_eq!(
        rolls(&e),
        [(Test::Shoot, 4, 5, 0), (Test::Survive, 3, 6, 0)],
        "no window: rolled at once"
    );
    // A new Turn: the limit counts again.
    play(&mut g, &["done"]);
    assert_eq!(g.turn_player(), M);
    assert!(!g.has_had_card(m(2)));
}

/// The limit with a card refused and the reason: the Humans, with no model left to act
/// (two card plays), Sneak m1 into c4; m2 meets the Fight with Survive. In the window, m1
/// may not take Human Ingenuity (it has had the Sneak, R31), but Splat! on m2 is fine.
#[test]
fn a_second_own_card_on_a_model_is_refused_with_the_reason() {
    let mut g = setup(&[Place(H, "soldier", "c3"), Place(M, "martian", "c4")], 4);
    g.edit()
        .activated(m(1), true)
        .give(H, card("sneak"), 1)
        .give(H, card("human-ingenuity"), 1)
        .give(H, card("splat"), 1)
        .turn(H);
    let sneak = held(&g, H, "sneak");
    let hi = held(&g, H, "human-ingenuity");
    let splat = held(&g, H, "splat");
    play(
        &mut g,
        &[&format!("play {sneak} m1 c4"), "fight m2", "defend survive"],
    );
    assert_eq!(g.phase(), Phase::Respond(H));
    assert_eq!(
        legal(&g),
        ["respond none".to_string(), format!("respond {splat}")]
    );
    let err = g
        .play(
            format!("respond {hi}").parse().unwrap(),
            &mut Dice::new(&[]),
        )
        .unwrap_err();
    assert!(err.reason().contains("R31"), "{err}");
    assert!(err.reason().contains("m1 has already had a card"), "{err}");
    assert_eq!(g.phase(), Phase::Respond(H), "nothing applied");
}

/// Why a card play or an answer is refused is a value: a card played out of the own Turn
/// waits for it, a card not held is named, and a window's answer gives the rule of its card.
#[test]
fn why_a_card_is_refused_is_a_value() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "c4")], 4);
    g.edit()
        .set(M, card("heat-ray"), 2)
        .give(H, card("jammer"), 1)
        .give(H, card("human-ingenuity"), 1)
        .turn(M);
    let jammer = held(&g, H, "jammer");
    play(&mut g, &["activate m2", "shoot m1"]);
    assert_eq!(g.phase(), Phase::Respond(H));
    let why = |g: &rules::GameState, a: &str| {
        let err = g
            .clone()
            .play(a.parse().unwrap(), &mut Dice::new(&[]))
            .unwrap_err();
        assert!(err.reason().starts_with(&err.why.to_string()), "{err}");
        err.why
    };
    // A Jammer is played in the own Turn (R32): the game waits for an answer to the test.
    assert!(matches!(
        why(&g, &format!("play {jammer} heat-ray")),
        Why::Phase(
            Needs::OwnTurn,
            Waiting {
                phase: Phase::Respond(H),
                ..
            }
        )
    ));
    // An answer with the Jammer names its rule: it is not played on a test.
    assert!(matches!(
        why(&g, &format!("respond {jammer}")),
        Why::Response(ResponseWhy::NotOnATest { ref name }) if name == "Jammer"
    ));
    // A card the Humans do not hold.
    let unheld = core_deck()
        .cards
        .iter()
        .filter_map(|c| c.card(H))
        .find(|c| g.holds(H, *c) == 0)
        .unwrap();
    assert_eq!(
        why(&g, &format!("respond {unheld}")),
        Why::NotHeld {
            side: H,
            card: unheld
        }
    );
}

// ----- cards not played on a test: the own Turn only (R32) --------------------------------

/// Jammer, Sneak and the Support sets are played only in their holder's own Turn (R32): at
/// a window in the other side's Turn the only answers are `respond`, and a Jammer there is
/// refused with the reason.
#[test]
fn cards_that_are_not_played_on_a_test_wait_for_the_own_turn() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "c4")], 4);
    g.edit()
        .set(M, card("heat-ray"), 2)
        .give(H, card("jammer"), 1)
        .give(H, card("sneak"), 1)
        .give(H, card("human-ingenuity"), 1)
        .set(H, card("artillery-strike"), 3)
        .turn(M);
    let jammer = held(&g, H, "jammer");
    play(&mut g, &["activate m2", "shoot m1"]);
    assert_eq!(g.phase(), Phase::Respond(H));
    assert!(
        legal(&g).iter().all(|a| a.starts_with("respond ")),
        "{:?}",
        legal(&g)
    );
    let err = g
        .play(
            format!("play {jammer} heat-ray").parse().unwrap(),
            &mut Dice::new(&[]),
        )
        .unwrap_err();
    assert!(err.reason().contains("own Turn"), "{err}");
}

// ----- the deck runs out (R22, P17) -------------------------------------------------------

/// The draw that empties the deck makes the discard pile the new deck at once (P17): a card
/// discarded after it goes to the new discard pile, not into the deck.
#[test]
fn the_discard_pile_becomes_the_deck_when_the_last_card_is_drawn() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 4);
    g.edit()
        .activated(m(2), true)
        .give(M, card("freeze-ray"), 4)
        .stack_deck(H, card("artillery-strike"));
    assert_eq!(g.deck_len(), 4, "the four Artillery Strikes");
    let freeze = held(&g, M, "freeze-ray");
    // The Soldier ends the Round; the Humans ran out first and draw their four: the last
    // draw empties the deck, and the pile is the deck at once.
    play(&mut g, &["activate m1"]);
    let mut draws = Dice::new(&[&[1], &[1], &[1], &[1]]);
    let e = events(&mut g, "done", &mut draws);
    assert!(e.iter().any(|x| matches!(x, Event::Reshuffled { .. })));
    assert_eq!(g.phase(), Phase::Refill(M));
    assert_eq!(g.discard_pile().count(), 0, "the pile became the deck");
    let deck_after = g.deck_len();
    // The Martians discard one card and draw one from the new deck; the card they
    // discarded stays in the new pile.
    play(&mut g, &[&format!("discard {freeze}")]);
    let e = events(&mut g, "keep", &mut Dice::new(&[&[1]]));
    assert!(!e.iter().any(|x| matches!(x, Event::Reshuffled { .. })));
    assert_eq!(g.deck_len(), deck_after - 1);
    let pile: Vec<_> = g.discard_pile().map(|(c, n)| (c.card(M), n)).collect();
    assert_eq!(pile, [(Some(freeze), 1)]);
}

// ----- a Fight against the Bug after any Move (P21) ----------------------------------------

/// P21: a model may Fight the Bug after moving, also after a Move of 2 squares and after
/// Standing Up and moving.
#[test]
fn the_bug_can_be_fought_after_a_move_of_two_or_a_stand_up_and_move() {
    let mut g = setup(&[Place(H, "soldier", "a2"), Place(M, "martian", "h8")], 0);
    g.edit().bug(sq("c4"), M);
    play(&mut g, &["activate m1", "move b3", "move c4"]);
    assert_eq!(legal(&g), ["done", "fight bug"]);
    let mut g = setup(&[Place(H, "soldier", "b3"), Place(M, "martian", "h8")], 0);
    g.edit().bug(sq("c4"), M).rattled(m(1), true);
    play(&mut g, &["activate m1", "stand", "move c4"]);
    assert_eq!(legal(&g), ["done", "fight bug"]);
}

/// A single-die area check (Freeze Ray) is a Survive test too (R28): Human Ingenuity adds a
/// die, so the Soldier rolls two and passes on one success (6+ against its Survive of 6).
#[test]
fn a_card_on_a_single_die_check_changes_its_dice() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "c4")], 4);
    g.edit()
        .set(M, card("freeze-ray"), 3)
        .give(H, card("human-ingenuity"), 1)
        .give(M, card("tough-little-suckers"), 1)
        .turn(M);
    // Freeze Ray on a1: the Soldier's check. The Martians (their Turn, their card play used
    // by the call) may not answer; the Humans may add a die: two dice, one success passes.
    let e = events(&mut g, "call freeze-ray a1", &mut Dice::new(&[]));
    assert!(e.iter().any(|x| matches!(x, Event::AreaAttack { .. })));
    assert_eq!(g.phase(), Phase::Respond(H));
    let mut dice = Dice::new(&[&[1, 6]]);
    let e = events(&mut g, "respond human-ingenuity/mind-control", &mut dice);
    assert_eq!(rolls(&e), [(Test::Survive, 2, 6, 1)]);
    assert!(e.contains(&Event::SurviveCheck {
        model: m(1),
        failed: false
    }));
    assert!(!g.model(m(1)).activated);
}
