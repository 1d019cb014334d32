//! Interchangeable models: which models the rules cannot tell apart, counted from the
//! scenario file, and decisions with one of them leading to the position the same
//! decision with the other leads to, up to the models' numbers.

use std::sync::Arc;

use rules::scenario::Scenario;
use rules::{Action, GameState, ModelId, Side, rng_from_seed};

use crate::common::shipped_scenarios;

fn ambush() -> Arc<Scenario> {
    shipped_scenarios()
        .into_iter()
        .find(|(p, _)| p.ends_with("ambush.toml"))
        .expect("ambush.toml is shipped")
        .1
}

/// Unordered pairs of interchangeable models.
fn pairs(g: &GameState) -> Vec<(u8, u8)> {
    let n = g.models().len() as u8;
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if g.interchangeable(ModelId(a), ModelId(b)) {
                out.push((a, b));
            }
        }
    }
    out
}

#[test]
fn soldiers_on_one_square_are_interchangeable_until_one_acts() {
    // Ambush on Route 9: the Soldiers start two on d4 (m0, m1), two on e5 (m2, m3), one on
    // d5 (m4) and two on e4 (m5, m6); the five Martians each on a square of their own.
    let sc = ambush();
    let g = GameState::new(sc.clone(), &mut rng_from_seed(1));
    assert_eq!(pairs(&g), vec![(0, 1), (2, 3), (5, 6)]);
    assert!(
        g.interchangeable(ModelId(4), ModelId(4)),
        "a model is itself"
    );
    assert!(g.same_choice(Action::Shoot(ModelId(0)), Action::Shoot(ModelId(1))));
    assert!(!g.same_choice(Action::Shoot(ModelId(0)), Action::Shoot(ModelId(2))));
    assert!(!g.same_choice(Action::Shoot(ModelId(0)), Action::Fight(ModelId(1))));
    // The Martians take the first Turn; one acts, and is interchangeable with nobody.
    let mut g = g;
    let mut dice = rng_from_seed(2);
    let martian = (0..g.models().len() as u8)
        .map(ModelId)
        .find(|id| g.model(*id).side == Side::Martians)
        .unwrap();
    g.play(Action::Activate(martian), &mut dice).unwrap();
    assert_eq!(pairs(&g), vec![(0, 1), (2, 3), (5, 6)]);
}

#[test]
fn the_same_decision_with_either_of_two_interchangeable_models_leads_to_one_position() {
    let sc = ambush();
    let mut g = GameState::new(sc.clone(), &mut rng_from_seed(1));
    let mut dice = rng_from_seed(4);
    // The Martians' first Turn: every Martian done at once, until the Humans are to move.
    while g.to_move() != Some(Side::Humans) {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let a = *legal
            .iter()
            .find(|a| matches!(a, Action::Done | Action::EndTurn | Action::Pass))
            .unwrap_or(&legal[0]);
        g.play(a, &mut dice).unwrap();
    }
    assert!(g.same_choice(Action::Activate(ModelId(0)), Action::Activate(ModelId(1))));
    // Activate each of the two d4 Soldiers and step it to the same square.
    let play = |who: ModelId| {
        let mut s = g.clone();
        let mut d = rng_from_seed(9);
        s.play(Action::Activate(who), &mut d).unwrap();
        // While it acts it is no longer interchangeable with its twin.
        assert!(!s.interchangeable(ModelId(0), ModelId(1)));
        let mut legal = Vec::new();
        s.legal_actions(&mut legal);
        let step = *legal
            .iter()
            .filter(|a| matches!(a, Action::Move(_)))
            .min()
            .expect("a Soldier on d4 may step");
        s.play(step, &mut d).unwrap();
        s.play(Action::Done, &mut d).unwrap();
        s
    };
    let (a, b) = (play(ModelId(0)), play(ModelId(1)));
    // The one's model after the one path is the other's after the other, and the rest
    // is the same.
    assert_eq!(a.model(ModelId(0)), b.model(ModelId(1)));
    assert_eq!(a.model(ModelId(1)), b.model(ModelId(0)));
    for i in 2..a.models().len() as u8 {
        assert_eq!(a.model(ModelId(i)), b.model(ModelId(i)));
    }
    assert_eq!(a.to_move(), b.to_move());
    let (mut la, mut lb) = (Vec::new(), Vec::new());
    a.legal_actions(&mut la);
    b.legal_actions(&mut lb);
    assert_eq!(la.len(), lb.len());
    // And the moved one and the one left behind are no longer alike.
    assert!(!a.interchangeable(ModelId(0), ModelId(1)));
}
