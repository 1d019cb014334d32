//! The scale of a scenario's VP does not matter to the AI: a scenario with every VP award
//! and target ten times larger is the same game to it. Its evaluation weighs each side's VP
//! against that side's target and values cards in the side's VP of a kill, and its quick
//! preference of actions reads VP in the same unit, so a designer may write an escape
//! worth 1 with a target of 1 ("this is the whole objective") or worth 10 with a target of
//! 10, and the AI plays both alike.

use std::sync::Arc;

use ai::{Game, Player};
use mars_attacks::bot::eval::fitted;
use mars_attacks::bot::{PlayerSpec, Skirmish};
use mars_attacks::rules::scenario::Scenario;
use mars_attacks::rules::scenario_file::load_scenario;
use mars_attacks::rules::{GameState, rng_from_seed};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::common::TempDir;

/// Get Them Out with every VP award and target multiplied by ten: exits of 10, kills of 10
/// and 20, a target of 80 (the Professor's escape and death decide without VP, P28).
fn scaled_evacuation() -> String {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/evacuation.toml"),
    )
    .unwrap();
    let replacements = [
        ("vp_target = 8\n", "vp_target = 80\n"),
        (
            "vp = { exit = 1, shoot_kill = 1, fight_kill = 2 }",
            "vp = { exit = 10, shoot_kill = 10, fight_kill = 20 }",
        ),
        (
            "vp = { shoot_kill = 1, fight_kill = 2 }",
            "vp = { shoot_kill = 10, fight_kill = 20 }",
        ),
    ];
    let mut out = text.clone();
    for (from, to) in replacements {
        assert_eq!(
            out.matches(from).count(),
            1,
            "{from} once in evacuation.toml"
        );
        out = out.replace(from, to);
    }
    out
}

fn load(path: &std::path::Path) -> Arc<Scenario> {
    Arc::new(
        load_scenario(path)
            .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()))
            .scenario,
    )
}

/// Plays a seeded game between two `spec` players; returns each decision, the features at
/// every decision, and the final VP.
fn play(
    scenario: &Arc<Scenario>,
    spec: &str,
    seed: u64,
) -> (Vec<String>, Vec<[f64; fitted::FEATURES]>, [u16; 2]) {
    let spec: PlayerSpec = spec.parse().unwrap();
    let mut dice = rng_from_seed(seed);
    let mut game = Skirmish::new(GameState::new(scenario.clone(), &mut dice));
    let mut players = [spec.build(), spec.build()];
    let mut rngs = [
        ChaCha8Rng::seed_from_u64(seed ^ 1),
        ChaCha8Rng::seed_from_u64(seed ^ 2),
    ];
    let (mut actions, mut features) = (Vec::new(), Vec::new());
    while !game.is_terminal() && actions.len() < 5_000 {
        features.push(fitted::features(game.state()));
        let seat = game.to_move();
        let action = players[seat].choose(&game, &mut rngs[seat]).unwrap();
        actions.push(action.to_string());
        game.apply(action, &mut dice);
    }
    assert!(game.is_terminal(), "the game ends");
    let g = game.state();
    let vp = [
        g.vp(mars_attacks::rules::Side::Humans),
        g.vp(mars_attacks::rules::Side::Martians),
    ];
    (actions, features, vp)
}

#[test]
fn a_scenario_with_every_vp_ten_times_larger_is_the_same_game_to_the_ai() {
    let dir = TempDir::new("evaluation-scale");
    let path = dir.0.join("evacuation-x10.toml");
    std::fs::write(&path, scaled_evacuation()).unwrap();
    let plain =
        load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/evacuation.toml"));
    let tenfold = load(&path);
    assert_eq!(tenfold.vp_target(mars_attacks::rules::Side::Martians), 80);

    for (spec, seeds) in [("greedy", 0..6u64), ("mcts:40", 0..2u64)] {
        for seed in seeds {
            let (a, fa, vp_a) = play(&plain, spec, seed);
            let (b, fb, vp_b) = play(&tenfold, spec, seed);
            assert!(
                a.len() > 30,
                "{spec}, seed {seed}: a whole game, {} decisions",
                a.len()
            );
            assert_eq!(a, b, "{spec}, seed {seed}: the same decisions");
            assert_eq!(
                vp_b,
                vp_a.map(|v| 10 * v),
                "{spec}, seed {seed}: ten times the VP"
            );
            for (i, (x, y)) in fa.iter().zip(&fb).enumerate() {
                for (k, (u, v)) in x.iter().zip(y).enumerate() {
                    assert!(
                        (u - v).abs() < 1e-9,
                        "{spec}, seed {seed}, decision {i}: feature {} is {u} and {v} x10",
                        fitted::FEATURE_NAMES[k]
                    );
                }
            }
        }
    }
}
