//! The quick preference of every legal action ([`eval::action_score_with`]) scored a
//! state's actions at a time, as the rollouts and the priors do, against each action
//! scored alone: what the scores of a state share is worked out once, and must not make
//! any score differ.

use crate::common;

use mars_attacks::bot::eval::{self, Scoring};
use mars_attacks::rules::Action;
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
