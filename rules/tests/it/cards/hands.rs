//! The deck and the hands (R19, R22, P17): card decisions as text, the opening hands, the
//! refill at the end of a Round, the discard pile becoming the deck, what each side may
//! see of the cards, and scenarios that name their deck and hand size.

use std::sync::Arc;

use crate::common::*;
use rules::cards::core_deck;
use rules::scenario::Scenario;
use rules::state::{Event, Phase};
use rules::{Action, GameState, Side, rng_from_seed};

use super::{DRAW, count, end_the_round};

use Side::{Humans as H, Martians as M};

#[test]
fn card_actions_print_and_parse_as_text() {
    let _ = core_deck();
    for text in [
        "play sneak/we-come-in-peace m3 c4",
        "play isnt-he-cute/heat-ray m9",
        "play squabble/we-are-your-friends m9 m10",
        "play always-more/human-ingenuity c8",
        "play jammer/tough-little-suckers heat-ray",
        "play mind-control/human-ingenuity heat-ray c4",
        "play mind-control/human-ingenuity heat-ray row 5",
        "play mind-control/human-ingenuity strafing-run column c north",
        "lay heat-ray/human-ingenuity",
        "call heat-ray row 5",
        "call heat-ray column c",
        "call heat-ray c4",
        "call strafing-run row 5 east",
        "call strafing-run c3 east",
        "respond tough-little-suckers/artillery-strike",
        "respond none",
        "discard splat/we-are-your-friends",
        "keep",
        "pass",
        "heading east",
        "pick m3",
        "shoot bug",
    ] {
        let a: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(a.to_string(), text);
    }
    assert!(
        "lay heat-rays"
            .parse::<Action>()
            .unwrap_err()
            .to_string()
            .contains("heat-ray")
    );
    assert!("call heat-ray row 9".parse::<Action>().is_err());
}

#[test]
fn opening_hands_hold_no_events() {
    let s = with_cards(
        &small_scenario(&[], &[Place(H, "soldier", "a1"), Place(M, "martian", "h8")]),
        4,
    );
    for seed in 0..300 {
        let g = GameState::new(s.clone(), &mut rng_from_seed(seed));
        g.check_invariants().unwrap();
        for side in [H, M] {
            assert_eq!(g.hand_len(side), 4);
            for (c, _) in g.hand(side) {
                assert!(!c.is_event(), "seed {seed}: {}", c.name());
            }
        }
        // 42 cards less two hands of 4 (R19, R22).
        assert_eq!(g.deck_len(), 34);
    }
}

#[test]
fn the_refill_discards_by_choice_then_draws_up_to_the_hand_size() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 3);
    g.edit()
        .activated(m(2), true)
        .give(H, card("human-ingenuity"), 1)
        .give(H, card("splat"), 1)
        .give(M, card("heat-ray"), 3)
        .stack_deck(H, card("jammer"));
    let mut dice = Dice::new(&[DRAW, DRAW]);
    end_the_round(&mut g, &mut dice);
    assert_eq!(g.phase(), Phase::Refill(H));
    // Each card in hand is named by its own half, then the half on its back (R19).
    assert_eq!(
        legal(&g),
        [
            "discard human-ingenuity/mind-control",
            "discard splat/we-are-your-friends",
            "keep"
        ]
    );
    events(&mut g, "discard human-ingenuity/mind-control", &mut dice);
    assert_eq!(legal(&g), ["discard splat/we-are-your-friends", "keep"]);
    let e = events(&mut g, "keep", &mut dice);
    // The deck holds the two Jammers (cards 23 and 34); a draw takes the first in deck
    // order still in it: card 23, Tough Little Suckers on its back.
    assert!(e.contains(&Event::Drew {
        side: H,
        card: "jammer/tough-little-suckers".parse().unwrap()
    }));
    assert_eq!(g.holds_half(H, card("jammer")), 2);
    // Then the Martians.
    assert_eq!(g.phase(), Phase::Refill(M));
    events(&mut g, "keep", &mut dice);
    assert_eq!(g.round(), 2);
    assert!(dice.is_empty());
}

#[test]
fn an_empty_deck_is_replaced_by_the_discard_pile() {
    let mut g = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 1);
    // Everything but the three Mind Controls (cards 4, 25, 36) to the discard pile, the
    // Mind Controls to the Martians: the deck is empty.
    g.edit()
        .activated(m(2), true)
        .stack_deck(M, card("mind-control"))
        .give(M, card("mind-control"), 3);
    assert_eq!(g.deck_len(), 0);
    let mut dice = Dice::new(&[DRAW]);
    let e = end_the_round(&mut g, &mut dice);
    // The Humans refill first and draw from the 42 - 3 discarded cards.
    assert!(e.contains(&Event::Reshuffled { cards: 39 }));
    assert_eq!(g.hand_len(H), 1);
    assert_eq!(g.deck_len(), 38);
    g.check_invariants().unwrap();
}

fn two_worlds() -> (GameState, GameState) {
    let base = setup(&[Place(H, "soldier", "a1"), Place(M, "martian", "h8")], 4);
    let mut a = base.clone();
    a.edit()
        .give(H, card("splat"), 2)
        .give(M, card("heat-ray"), 3)
        .give(M, card("always-more"), 1);
    let mut b = base;
    b.edit()
        .give(H, card("splat"), 2)
        .give(M, card("freeze-ray"), 2)
        .give(M, card("mind-control"), 2);
    (a, b)
}

#[test]
fn observation_hides_the_other_hand_and_the_deck() {
    let (a, b) = two_worlds();
    assert_ne!(a, b);
    // The Humans see the same in both worlds: their hand, 4 cards in the other.
    assert_eq!(a.observation(H), b.observation(H));
    let o = a.observation(H);
    assert_eq!(o.other_hand_len(), 4);
    assert_eq!(count(o.hand(), "splat"), 2);
    assert_eq!(o.public().hand(M).count(), 0);
    assert_eq!(o.public().deck_cards().count(), 0);
    let unseen: u32 = o.unseen().map(|(_, n)| n as u32).sum();
    assert_eq!(unseen, 42 - 2);
    // The Martians see their own hands differ.
    assert_ne!(a.observation(M), b.observation(M));
}

#[test]
fn determinize_deals_the_other_hand_afresh_and_keeps_the_observation() {
    let (a, _) = two_worlds();
    let mut seen_other = false;
    for seed in 0..50 {
        let mut d = a.clone();
        d.determinize(H, &mut rng_from_seed(seed));
        d.check_invariants().unwrap();
        assert_eq!(d.observation(H), a.observation(H));
        assert_eq!(d.hand_len(M), 4);
        for (c, _) in d.hand(M) {
            assert!(!c.is_event());
        }
        seen_other |= d.hand(M).collect::<Vec<_>>() != a.hand(M).collect::<Vec<_>>();
    }
    assert!(seen_other);
}

/// A spectator's deal: both hands dealt afresh, each to its size, from the cards neither
/// side has shown; two worlds that differ only in the hidden cards come out the same.
#[test]
fn determinize_both_deals_both_hands_afresh_whatever_they_held() {
    let (a, b) = two_worlds();
    let mut seen_other = false;
    for seed in 0..50 {
        let deal = |g: &GameState| {
            let mut d = g.clone();
            d.determinize_both(&mut rng_from_seed(seed));
            d.check_invariants().unwrap();
            d
        };
        let (da, db) = (deal(&a), deal(&b));
        for side in [H, M] {
            assert_eq!(da.snapshot(side), db.snapshot(side), "seed {seed}");
            assert_eq!(da.hand_len(side), a.hand_len(side));
            assert!(da.hand(side).all(|(c, _)| !c.is_event()));
        }
        seen_other |= da.hand(H).collect::<Vec<_>>() != a.hand(H).collect::<Vec<_>>();
    }
    assert!(seen_other, "the Humans' hand is dealt afresh too");
}

/// A generator that counts the words it hands out.
struct Counting(rand_chacha::ChaCha8Rng, usize);

impl rand::RngCore for Counting {
    fn next_u32(&mut self) -> u32 {
        self.1 += 1;
        self.0.next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        self.1 += 1;
        self.0.next_u64()
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        self.1 += 1;
        self.0.fill_bytes(dst)
    }
}

#[test]
fn determinize_draws_as_many_values_whatever_the_hidden_cards() {
    let (a, b) = two_worlds();
    let draws = |g: &GameState| {
        let mut r = Counting(rng_from_seed(3), 0);
        g.clone().determinize(H, &mut r);
        r.1
    };
    assert_eq!(draws(&a), draws(&b));
    assert_eq!(draws(&a), 4);
}

#[test]
fn a_scenario_without_cards_plays_as_before() {
    let s: Arc<Scenario> =
        small_scenario(&[], &[Place(H, "soldier", "a1"), Place(M, "martian", "h8")]);
    let g = game(&s);
    assert_eq!(g.hand_len(H), 0);
    assert_eq!(legal(&g), ["activate m1"]);
}

#[test]
fn a_scenario_names_its_deck_and_hand_size() {
    use rules::scenario_file::parse_scenario;
    let base = std::fs::read_to_string(
        crate::common::scenario_files::root().join("scenarios/whos-there.toml"),
    )
    .unwrap();
    let s = parse_scenario("s1.toml", &base).unwrap().scenario;
    assert_eq!(s.deck.total(), 42);
    assert_eq!(s.hand_size, 4);
    let text = base.replacen(
        "vp_target = 8",
        "vp_target = 8\ndeck = \"none\"\nhand_size = 3",
        1,
    );
    let s = parse_scenario("s1.toml", &text).unwrap().scenario;
    assert!(s.deck.is_empty());
    assert_eq!(s.hand_size, 3);
    let text = base.replacen("vp_target = 8", "vp_target = 8\ndeck = \"cor\"", 1);
    let errs = parse_scenario("s1.toml", &text).unwrap_err();
    assert!(
        errs.iter()
            .any(|d| d.message.contains("deck") && d.message.contains("did you mean")),
        "{errs:?}"
    );
}

#[test]
fn every_action_of_the_whole_space_prints_and_parses_back() {
    let _ = core_deck();
    let space = Action::space(13);
    assert!(space.len() > 1000);
    for a in space {
        assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
    }
}
