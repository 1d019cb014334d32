//! The quick preference of every legal action ([`eval::action_score_with`]) scored a
//! state's actions at a time, as the rollouts and the priors do, against each action
//! scored alone: what the scores of a state share is worked out once, and must not make
//! any score differ. An activation counts the shot a step opens.

use std::sync::Arc;

use crate::common::{self, m};

use mars_attacks::bot::eval::{self, Scoring};
use mars_attacks::rules::{Action, GameState, odds, rng_from_seed};
use mars_attacks::sim::random_game;

#[test]
fn scoring_a_states_actions_together_gives_each_its_own_score() {
    let settings = [
        Scoring::default(),
        Scoring {
            exposure: 0.0,
            ..Scoring::default()
        },
        Scoring {
            cards: false,
            ..Scoring::default()
        },
        Scoring {
            step_shot: false,
            ..Scoring::default()
        },
    ];
    let mut states = 0usize;
    let mut steps = 0usize;
    for (path, scenario) in common::shipped_scenarios() {
        for seed in 0..3 {
            let mut n = 0usize;
            random_game(&scenario, seed, 20_000, |before, _, _| {
                n += 1;
                if !n.is_multiple_of(3) {
                    return;
                }
                let mut legal = Vec::new();
                before.legal_actions(&mut legal);
                states += 1;
                steps += legal
                    .iter()
                    .filter(|a| matches!(a, Action::Move(_)))
                    .count();
                for scoring in settings {
                    let mut together = vec![0.0; legal.len()];
                    eval::action_scores_with(before, &legal, scoring, &mut together);
                    for (a, t) in legal.iter().zip(&together) {
                        let alone = eval::action_score_with(before, *a, scoring);
                        // Bit for bit: the games replay from their seeds whichever way the
                        // scores were worked out.
                        assert!(
                            alone.to_bits() == t.to_bits(),
                            "{path} (seed {seed}, decision {n}): {a:?} scores {alone} alone \
                             and {t} with the state's other actions ({scoring:?})"
                        );
                    }
                }
            });
        }
    }
    // The positions include many steps, whose scores share the most.
    assert!(
        states > 500 && steps > 2_000,
        "{states} states, {steps} steps"
    );
}

/// A Soldier (m1) on a1 and a Martian (m2) on h8, seven squares off: out of the Soldier's
/// range of 6 (R8) where it stands, and in it, with a clear shot, from b2.
fn out_of_range() -> GameState {
    let loaded = common::parsed(
        "range.toml",
        r#"name = "Out of range"
first_turn = "humans"
deck = "none"
hand_size = 0

[map]
walls = []

[humans]
models = [{ profile = "soldier", start = "a1" }]
vp = { shoot_kill = 1, fight_kill = 2 }

[martians]
models = [{ profile = "martian", start = "h8" }]
vp = { shoot_kill = 1, fight_kill = 2 }
"#,
    );
    GameState::new(Arc::new(loaded.scenario), &mut rng_from_seed(0))
}

#[test]
fn an_activation_counts_the_shot_a_step_opens() {
    let mut g = out_of_range();
    let activate = Action::Activate(m(1));
    // Move 1 then Shoot (R12): from b2 a clear shot, 4 dice at 5+ against 3 at 6+ and the
    // Martian's armour (R15), for the kill's 1 VP, counted at 0.9 of a shot from where the
    // model stands (as a step's own score counts it).
    let kill = odds::shoot(4, 5, 3, 6, 1).kill;
    let want = 0.5 + 2.0 * 0.9 * kill;
    let score = eval::action_score(&g, activate);
    assert!((score - want).abs() < 1e-6, "{score} against {want}");
    // Without it (greedy's scoring) the Soldier has nothing to shoot.
    let without = Scoring {
        step_shot: false,
        ..Scoring::default()
    };
    assert_eq!(eval::action_score_with(&g, activate, without), 0.5);
    // A Rattled Soldier must Stand Up before it steps or shoots (R12).
    g.edit().rattled(m(1), true);
    assert_eq!(eval::action_score(&g, activate), 0.5);
}
