//! The AI players on Mars Attacks!: specs, legality from many positions, the scripted
//! player's judgement, reproducibility, fairness, and strength against random play.

use crate::common;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ai::{Budget, Game, IsMcts, Player};
use mars_attacks::bot::eval::{self, Weights};
use mars_attacks::bot::spec::{LADDER, search_config};
use mars_attacks::bot::{DuelConfig, Effort, Kind, Level, PlayerSpec, Skirmish, duel, side_of};
use mars_attacks::rules::action::Defence;
use mars_attacks::rules::scenario::Scenario;
use mars_attacks::rules::scenario_file::load_scenario;
use mars_attacks::rules::{Action, GameState, Side, rng_from_seed};
use mars_attacks::sim::random_game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use common::{Place, game, m, small_scenario};

/// Scenario 1, as shipped.
pub(super) fn whos_there() -> Arc<Scenario> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/whos-there.toml");
    let loaded = load_scenario(&path).unwrap_or_else(|e| panic!("Scenario 1 loads: {e:?}"));
    Arc::new(loaded.scenario)
}

/// Positions met in seeded random games of Scenario 1: every `every`-th decision of the
/// games seeded `0..games`, as states (counters placed by the game's own seed).
pub(super) fn random_positions(
    scenario: &Arc<Scenario>,
    games: u64,
    every: usize,
) -> Vec<GameState> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut n = 0usize;
        random_game(scenario, seed, 20_000, |before, _, _| {
            if n % every == every / 2 {
                out.push(before.clone());
            }
            n += 1;
        });
    }
    out
}

pub(super) fn spec(s: &str) -> PlayerSpec {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn legal(g: &GameState) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

#[test]
fn specs_parse_print_and_explain_their_mistakes() {
    let cases = [
        ("random", Kind::Random, None, "random"),
        ("greedy", Kind::Greedy, None, "greedy"),
        (
            "flat",
            Kind::Flat,
            Some(Effort::Level(Level::Normal)),
            "flat:normal",
        ),
        (
            "flat:normal",
            Kind::Flat,
            Some(Effort::Level(Level::Normal)),
            "flat:normal",
        ),
        (
            "pimc:hard",
            Kind::Pimc,
            Some(Effort::Level(Level::Hard)),
            "pimc:hard",
        ),
        (
            "mcts",
            Kind::Mcts,
            Some(Effort::Level(Level::Normal)),
            "mcts:normal",
        ),
        (
            "mcts:easy",
            Kind::Mcts,
            Some(Effort::Level(Level::Easy)),
            "mcts:easy",
        ),
        (
            "MCTS:Hard",
            Kind::Mcts,
            Some(Effort::Level(Level::Hard)),
            "mcts:hard",
        ),
        (
            "mcts:2000",
            Kind::Mcts,
            Some(Effort::Iterations(2000)),
            "mcts:2000",
        ),
        (
            "oracle",
            Kind::Oracle,
            Some(Effort::Level(Level::Normal)),
            "oracle:normal",
        ),
        (
            "Oracle:300",
            Kind::Oracle,
            Some(Effort::Iterations(300)),
            "oracle:300",
        ),
    ];
    for (text, kind, effort, shown) in cases {
        let s = spec(text);
        assert_eq!((s.kind(), s.effort()), (kind, effort), "{text}");
        assert_eq!(s.to_string(), shown);
        assert_eq!(spec(shown), s);
    }
    // Every level is its rung of the ladder: a count of iterations, the same opponent on
    // every machine, and its settings under the spec's own.
    for level in Level::ALL {
        let ai::Rung::Search(rung) = LADDER.rung(level) else {
            panic!("every skirmish level searches");
        };
        for kind in ["mcts", "oracle", "pimc"] {
            let s = spec(&format!("{kind}:{level}"));
            assert_eq!(s.budget(), Some(Budget::Iterations(rung.iterations)));
            assert_eq!(s.recipe(), Some(rung));
        }
        let tuned = spec(&format!("mcts:{level}:c=0.5"));
        assert_eq!(tuned.effective_tuning().get("c"), Some(50));
        assert_eq!(
            tuned.effective_tuning().get("eval"),
            rung.settings.get("eval")
        );
    }
    assert_eq!(spec("mcts:1000").effective_tuning().get("eval"), None);
    assert_eq!(spec("flat:500").budget(), Some(Budget::Iterations(500)));
    assert_eq!(spec("greedy").budget(), None);

    for (bad, why) in [
        ("alphazero", "unknown kind `alphazero`"),
        ("mcts:fast", "neither a level"),
        ("mcts:0", "at least 1"),
        ("random:hard", "takes no level"),
        ("greedy:100", "takes no level"),
        ("", "unknown kind"),
        ("mcts:-5", "neither a level"),
    ] {
        let e = bad.parse::<PlayerSpec>().unwrap_err().to_string();
        assert!(e.contains(why), "{bad}: {e}");
        for form in ["random", "greedy", "flat", "pimc", "mcts:hard", "mcts:2000"] {
            assert!(e.contains(form), "{bad}: the error lists `{form}`: {e}");
        }
    }
}

/// `oracle` is listed among all kinds but is the only unfair one, so whatever offers
/// players to a person (which lists the fair kinds) never offers it.
#[test]
fn only_the_oracle_is_unfair() {
    assert_eq!(Kind::ALL.len(), Kind::FAIR.len() + 1);
    for k in Kind::ALL {
        assert_eq!(k.is_fair(), k != Kind::Oracle, "{k:?}");
        assert_eq!(Kind::FAIR.contains(&k), k.is_fair(), "{k:?}");
    }
    assert!(!spec("oracle:hard").is_fair());
    assert!(spec("mcts:hard").is_fair());
    assert!(spec("oracle:10").kind().searches());
}

#[test]
fn every_player_returns_a_legal_action_from_random_positions() {
    let scenario = whos_there();
    let positions = random_positions(&scenario, 12, 23);
    assert!(positions.len() > 100, "{} positions", positions.len());
    let specs = [
        "random",
        "greedy",
        "flat:40",
        "pimc:40",
        "mcts:40",
        "oracle:40",
    ];
    let mut checked = 0;
    for s in specs {
        let mut player = spec(s).build();
        for (i, g) in positions.iter().enumerate() {
            let game = Skirmish::new(g.clone());
            let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
            let a = player
                .choose(&game, &mut rng)
                .unwrap_or_else(|| panic!("{s} made no decision in\n{g:?}"));
            assert!(legal(g).contains(&a), "{s} chose illegal {a}");
            let mut copy = g.clone();
            copy.play(a, &mut rng_from_seed(i as u64))
                .expect("the chosen action applies");
            checked += 1;
        }
    }
    assert_eq!(checked, specs.len() * positions.len());
}

#[test]
fn forced_decisions_are_instant_at_every_level() {
    let scenario = whos_there();
    let forced: Vec<GameState> = random_positions(&scenario, 6, 3)
        .into_iter()
        .filter(|g| legal(g).len() == 1)
        .take(20)
        .collect();
    assert!(!forced.is_empty());
    for s in ["mcts:hard", "pimc:hard", "flat:hard", "greedy", "random"] {
        let mut player = spec(s).build();
        for g in &forced {
            let t = Instant::now();
            let a = player
                .choose(&Skirmish::new(g.clone()), &mut ChaCha8Rng::seed_from_u64(0))
                .unwrap();
            assert_eq!(vec![a], legal(g));
            assert!(
                t.elapsed() < Duration::from_millis(20),
                "{s} took {:?} over a forced move",
                t.elapsed()
            );
        }
    }
}

/// A Soldier on a1 sees a Martian on a4 (range 3, clear); the other Martian on h8 is out
/// of range (7 squares, R8). The Humans need one more VP.
fn one_shot_to_win() -> GameState {
    let scenario = small_scenario(
        &[],
        &[
            Place(Side::Humans, "soldier", "a1"),
            Place(Side::Martians, "martian", "a4"),
            Place(Side::Martians, "martian", "h8"),
            Place(Side::Humans, "soldier", "h1"),
        ],
    );
    let mut g = game(&scenario);
    g.edit().vp(Side::Humans, 7).turn(Side::Humans);
    g
}

#[test]
fn greedy_takes_the_obvious_kill_aiming_first() {
    let g = one_shot_to_win();
    let mut player = spec("greedy").build();
    let mut game = Skirmish::new(g);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut dice = rng_from_seed(0);
    let mut chosen = Vec::new();
    for _ in 0..3 {
        let a = player.choose(&game, &mut rng).unwrap();
        chosen.push(a.to_string());
        game.apply(a, &mut dice);
    }
    assert_eq!(chosen, ["activate m1", "aim", "shoot m2"]);
}

#[test]
fn mcts_takes_the_shot_that_can_win() {
    let g = one_shot_to_win();
    let mut player = IsMcts::<Skirmish>::new(search_config(Budget::Iterations(3000)));
    let game = Skirmish::new(g);
    let a = player
        .choose(&game, &mut ChaCha8Rng::seed_from_u64(5))
        .unwrap();
    assert_eq!(
        a,
        Action::Activate(m(1)),
        "{}",
        player.last_report().unwrap()
    );
}

/// The defender's Fight-or-Survive choice (R16) by expected VP from the exact odds: with
/// Fight it may kill the attacker but dies on a lost roll; with Survive it cannot kill, but
/// rolls at its Survive value. Checked against `rules::odds` for charges with and without
/// a friend beside the attacker, both ways round.
#[test]
fn fight_or_survive_follows_the_exact_odds() {
    use mars_attacks::rules::odds;
    for (attacker, defender) in [("soldier", "martian"), ("martian", "soldier")] {
        for friend in [false, true] {
            let (a_side, d_side) = if attacker == "soldier" {
                (Side::Humans, Side::Martians)
            } else {
                (Side::Martians, Side::Humans)
            };
            let mut models = vec![Place(a_side, attacker, "c3"), Place(d_side, defender, "c4")];
            if friend {
                models.push(Place(a_side, attacker, "c4"));
            }
            // The friend is set up in c4 beside the defender and has acted this Round.
            let scenario = small_scenario(&[], &models);
            let mut g = game(&scenario);
            g.edit().turn(a_side);
            if friend {
                g.edit().activated(m(3), true);
            }
            let mut dice = rng_from_seed(1);
            for a in ["activate m1", "move c4", "fight m2"] {
                g.play(a.parse().unwrap(), &mut dice).unwrap();
            }
            assert_eq!(legal(&g).len(), 2, "the defender decides: {:?}", g.phase());
            let ap = g.profile(m(1)).clone();
            let dp = g.profile(m(2)).clone();
            let a_dice = 4 + u8::from(friend);
            let fight = odds::fight(a_dice, ap.fight, 3, dp.fight, true);
            let survive = odds::fight(a_dice, ap.fight, 3, dp.survive, false);
            // Expected VP swing for the defender; both sides score 2 VP a Fight kill.
            let by_fight = 2.0 * fight.defender_wins - 2.0 * fight.attacker_wins;
            let by_survive = -2.0 * survive.attacker_wins;
            let best = if by_fight > by_survive {
                Defence::Fight
            } else {
                Defence::Survive
            };
            let sq = g.model(m(2)).square().unwrap();
            let (_, _, choice) = eval::fight_value(&g, m(1), m(2), sq, true);
            assert_eq!(choice, best, "{attacker} on {defender}, friend {friend}");
            let a = spec("greedy")
                .build()
                .choose(&Skirmish::new(g.clone()), &mut ChaCha8Rng::seed_from_u64(0))
                .unwrap();
            assert_eq!(a, Action::Defend(best));
        }
    }
}

#[test]
fn the_evaluation_rewards_vp_and_material() {
    let scenario = whos_there();
    let positions = random_positions(&scenario, 2, 40);
    let w = Weights::default();
    for g in positions.iter().filter(|g| !g.is_over()) {
        let v = eval::evaluate(g, &w);
        assert!(v > 0.0 && v < 1.0);
        let mut richer = g.clone();
        richer.edit().vp(Side::Humans, g.vp(Side::Humans) + 2);
        assert!(eval::evaluate(&richer, &w) > v);
        let mut poorer = g.clone();
        poorer.edit().vp(Side::Martians, g.vp(Side::Martians) + 2);
        assert!(eval::evaluate(&poorer, &w) < v);
        // The two players' evaluations of a state add up to one.
        let s = Skirmish::new(g.clone());
        assert!((s.evaluate(0) + s.evaluate(1) - 1.0).abs() < 1e-12);
    }
}

#[test]
fn an_mcts_decision_is_reproducible_from_its_seed() {
    let scenario = whos_there();
    let positions = random_positions(&scenario, 8, 61);
    let mut searched = 0;
    for g in positions.iter().filter(|g| legal(g).len() > 3).take(6) {
        for threads in [1, 2] {
            let config = ai::IsMctsConfig {
                threads,
                ..search_config(Budget::Iterations(1500))
            };
            let game = Skirmish::new(g.clone());
            let run = || {
                let mut p = IsMcts::<Skirmish>::new(config);
                let a = p.choose(&game, &mut ChaCha8Rng::seed_from_u64(42)).unwrap();
                let r = p.last_report().unwrap().clone();
                (a, r.iterations, r.top)
            };
            let (a1, n1, top1) = run();
            let (a2, n2, top2) = run();
            assert_eq!((a1, n1), (a2, n2));
            assert_eq!(top1, top2);
            assert_eq!(n1, 1500);
            searched += 1;
        }
    }
    assert_eq!(searched, 12);
}

/// Fairness: a player's decision depends only on what its side may see. Two true states
/// that differ only in what the side to move cannot see must give the same decision.
///
/// The second state is the first with everything hidden from the side to move resampled by
/// `GameState::determinize` (today nothing: counter identities are drawn only when revealed
/// and the pool of unrevealed identities is public, R24; once cards exist, the other
/// player's hand and the order of the deck), so this test covers hidden cards as soon as
/// `determinize` resamples them. Future dice are not part of any state: players are handed
/// the state and their own generator, never the game's dice, so the decisions below are
/// the same whatever generator rolls the game's dice.
#[test]
fn decisions_depend_only_on_what_the_side_to_move_may_see() {
    let scenario = whos_there();
    let positions: Vec<GameState> = random_positions(&scenario, 4, 29)
        .into_iter()
        .filter(|g| legal(g).len() > 1)
        .collect();
    assert!(positions.len() > 20);
    assert_decisions_blind_to_hidden(&positions);
    // And the search itself sees the game only through determinizations for the side to
    // move: every root action it reports is legal for that side.
    let g = &positions[0];
    let mut p = IsMcts::<Skirmish>::new(search_config(Budget::Iterations(500)));
    p.choose(&Skirmish::new(g.clone()), &mut ChaCha8Rng::seed_from_u64(1));
    let report = p.last_report().unwrap();
    assert_eq!(side_of(report.player), g.to_move().unwrap());
    assert!(report.top.iter().all(|s| legal(g).contains(&s.action)));
}

/// Each fair player decides alike at each of `positions` and at the same position with
/// everything its side may not see dealt afresh (`GameState::determinize`); the oracle,
/// which sees the other hand, does not at some of them (so the positions hold hidden
/// cards that matter, and the check can fail).
fn assert_decisions_blind_to_hidden(positions: &[GameState]) {
    for s in [
        "mcts:300",
        "mcts:300:eval=2",
        "pimc:300",
        "flat:300",
        "greedy",
        "random",
    ] {
        for (i, g) in positions.iter().enumerate() {
            let me = g.to_move().unwrap();
            let mut other = g.clone();
            other.determinize(me, &mut rng_from_seed(1000 + i as u64));
            let decide = |state: &GameState| {
                let mut p = spec(s).build();
                let a = p
                    .choose(
                        &Skirmish::new(state.clone()),
                        &mut ChaCha8Rng::seed_from_u64(i as u64),
                    )
                    .unwrap();
                (a, p.last_report().map(|r| r.top.clone()))
            };
            assert_eq!(decide(g), decide(&other), "{s} at position {i}");
        }
    }
    // The oracle is the same search without determinization: it sees the other hand, so
    // at some of these positions (those where the other side holds cards that could
    // matter) the same seed gives a different search once that hand is dealt afresh.
    let differ = positions
        .iter()
        .enumerate()
        .filter(|(i, g)| {
            let me = g.to_move().unwrap();
            let mut other = (*g).clone();
            other.determinize(me, &mut rng_from_seed(1000 + *i as u64));
            let decide = |state: &GameState| {
                let mut p = spec("oracle:300").build();
                p.choose(
                    &Skirmish::new(state.clone()),
                    &mut ChaCha8Rng::seed_from_u64(*i as u64),
                );
                p.last_report().map(|r| r.top.clone())
            };
            decide(g) != decide(&other)
        })
        .count();
    assert!(differ > 0, "the oracle searched alike in all positions");
}

/// Fairness at a real table: the positions where the AI was to decide in a game played
/// with dice typed from the table (the person's own dice, not the game's generator, for
/// both sides' rolls), a person against the AI. The AI is handed the position and its
/// own generator, never the dice or the person's hand: at each of these positions every
/// fair player decides as it does with the person's hand and the deck dealt afresh.
#[test]
fn at_a_real_table_decisions_depend_only_on_what_the_side_may_see() {
    use crate::table_companion::{ai, drive, session};
    use mars_attacks::rules::BySide;
    use mars_attacks::table::rolls::Roller;
    use mars_attacks::table::setup::Controller;
    use rand::Rng;
    let mut s = session(31, Controller::Human, ai("random"));
    s.set_companion(BySide::new(Roller::Table, Roller::Table));
    let mut table_dice = ChaCha8Rng::seed_from_u64(4);
    let asked = drive(&mut s, 31, 10_000, |ask, _| {
        let mut faces = Vec::new();
        let mut left = if ask.rattle { 1 } else { ask.dice };
        while left > 0 {
            left -= 1;
            let f = table_dice.random_range(1..=8u8);
            faces.push(f);
            if f == 8 && !ask.rattle {
                left += 1;
            }
        }
        faces
    });
    assert!(asked.rolls > 20, "{} rolls typed", asked.rolls);
    let positions: Vec<GameState> = asked
        .ai_positions
        .into_iter()
        .filter(|g| legal(g).len() > 1)
        .step_by(4)
        .collect();
    assert!(positions.len() > 20, "{} positions", positions.len());
    assert_decisions_blind_to_hidden(&positions);
}

/// A short seeded duel: MCTS with a few hundred iterations against uniform random play.
/// Measured at 300 iterations per decision over 40 games (seed 11, seats swapped): MCTS won
/// 37 (92.5%, Wilson 95% interval 80-97%). At that rate, 6 wins or fewer in 10 games has a
/// probability under 2%, so 7 of 10 is the bar; the games are seeded and the budget is in
/// iterations, so the result does not depend on the machine.
#[test]
fn mcts_beats_random_play() {
    let scenario = whos_there();
    let config = DuelConfig::new(10, 11);
    let report = duel(&scenario, spec("mcts:300"), spec("random"), &config, |_| {});
    assert!(report.failures.is_empty(), "{report}");
    assert_eq!(report.games, 10);
    assert!(report.wins[0] >= 7, "{report}");
    assert_eq!(report.seat_wins[0] + report.seat_wins[1] + report.draws, 10);
}

/// `mars-attacks duel ... --json` prints exactly one object of the documented shape; a spec
/// playing itself is keyed `<spec>#2` the second time; a bad spec is a usage error that
/// lists the valid forms.
#[test]
fn duel_prints_one_json_object() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/whos-there.toml");
    let file = file.to_str().unwrap();
    let run = |args: &[&str]| {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut argv = vec!["mars-attacks", "duel", file];
        argv.extend_from_slice(args);
        let code = mars_attacks::cli::run_from(argv, &mut out, &mut err);
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    };
    let (code, out, err) = run(&["random", "random", "--games", "4", "--seed", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(out.trim().lines().count(), 1);
    assert_eq!(v["games"], 4);
    let players = v["players"].as_object().unwrap();
    assert_eq!(
        players.keys().collect::<Vec<_>>(),
        ["random", "random#2"],
        "{out}"
    );
    let mut wins = 0;
    for p in players.values() {
        for key in [
            "wins",
            "draws",
            "losses",
            "wilson_low",
            "wilson_high",
            "mean_decision_ms",
            "max_decision_ms",
        ] {
            assert!(p[key].is_number(), "{key} in {p}");
        }
        assert!(p["wilson_low"].as_f64() <= p["wilson_high"].as_f64());
        wins += p["wins"].as_u64().unwrap();
    }
    let sides = v["sides"]["humans"]["wins"].as_u64().unwrap()
        + v["sides"]["martians"]["wins"].as_u64().unwrap();
    assert_eq!(wins, sides);

    let (code, out, _) = run(&["greedy", "random", "--games", "2", "--no-swap"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("greedy") && out.contains("95% interval"),
        "{out}"
    );

    let (code, _, err) = run(&["mcts:fast", "random"]);
    assert_eq!(code, 2);
    assert!(err.contains("mcts:2000") && err.contains("greedy"), "{err}");
}

// ===== card knowledge =====================================================================

pub(super) fn card(slug: &str) -> mars_attacks::rules::CardId {
    slug.parse().unwrap()
}

/// Models on a small board with the core deck, both hands emptied, Humans to play.
pub(super) fn card_game(models: &[Place]) -> GameState {
    let s = common::with_cards(&small_scenario(&[], models), 4);
    let mut g = game(&s);
    g.edit()
        .clear_hand(Side::Humans)
        .clear_hand(Side::Martians)
        .turn(Side::Humans);
    g
}

/// A Soldier on a1 Shoots a Martian on a4 (clear line, not Aiming: 4 dice at the
/// Soldier's Shoot value against 3 Survive dice, R15). The Martians hold Tough Little
/// Suckers, one more Survive die: the response's gain is the drop in the exact kill chance
/// (rules::odds) times the 1 VP a kill by shooting earns, and its score is `0.5 + 2 x`
/// that gain less the 0.2 a single-roll test card is worth in hand.
#[test]
fn a_response_is_scored_by_the_exact_odds_it_changes() {
    let mut g = card_game(&[
        Place(Side::Humans, "soldier", "a1"),
        Place(Side::Martians, "martian", "a4"),
    ]);
    let tough = card("tough-little-suckers");
    g.edit().give(Side::Martians, tough, 1);
    let tough_card = common::held(&g, Side::Martians, "tough-little-suckers");
    let mut rng = rng_from_seed(0);
    for a in ["activate m1", "shoot m2"] {
        g.play(a.parse().unwrap(), &mut rng).unwrap();
    }
    assert_eq!(g.to_move(), Some(Side::Martians));
    assert!(legal(&g).contains(&Action::Respond(Some(tough_card))));
    let (shooter, target) = (g.profile(m(1)).clone(), g.profile(m(2)).clone());
    let armour = u8::from(target.has(mars_attacks::rules::Ability::Armoured));
    let before = mars_attacks::rules::odds::shoot(4, shooter.shoot, 3, target.survive, armour);
    let after = mars_attacks::rules::odds::shoot(4, shooter.shoot, 4, target.survive, armour);
    let exact = before.kill - after.kill;
    assert!(exact > 0.0);
    let gain = eval::response_gain(&g, Side::Martians, tough).unwrap();
    assert!((gain - exact).abs() < 1e-6, "{gain} vs {exact}");
    assert_eq!(eval::card_value(&g, tough, Side::Martians), 0.2);
    let score = eval::action_score(&g, Action::Respond(Some(tough_card)));
    let want = (0.5 + 2.0 * (exact - 0.2)).max(0.05);
    assert!((score - want).abs() < 1e-6, "{score} vs {want}");
    assert_eq!(eval::action_score(&g, Action::Respond(None)), 0.5);
    // Without card knowledge every card action is neutral.
    assert_eq!(
        eval::action_score_with(
            &g,
            Action::Respond(Some(tough_card)),
            eval::Scoring {
                cards: false,
                ..eval::Scoring::default()
            }
        ),
        0.5
    );
}

/// A level-3 Strafing Run offers a start square and a direction: 64 x 4 = 256 calls. Three
/// Martians stand in column c (c5, c6, c7); a line of 4 covers all three only from c4 or c5
/// going north, or from c7 or c8 going south. Those calls score highest, each worth three
/// times the exact kill chance of the run's Shoot test (R15) on a Martian; a call on empty
/// squares is worth nothing and scores below not calling.
#[test]
fn a_strafing_run_is_aimed_where_it_hits_most() {
    let mut g = card_game(&[
        Place(Side::Humans, "soldier", "a1"),
        Place(Side::Martians, "martian", "c5"),
        Place(Side::Martians, "martian", "c6"),
        Place(Side::Martians, "martian", "c7"),
    ]);
    let run = card("strafing-run");
    g.edit().set(Side::Humans, run, 3);
    let calls: Vec<Action> = legal(&g)
        .into_iter()
        .filter(|a| matches!(a, Action::Call(..)))
        .collect();
    assert_eq!(calls.len(), 256);
    let score = |a: &Action| eval::action_score(&g, *a);
    let best = calls.iter().map(score).fold(f64::NEG_INFINITY, f64::max);
    let mut top: Vec<String> = calls
        .iter()
        .filter(|a| score(a) == best)
        .map(|a| a.to_string())
        .collect();
    top.sort();
    assert_eq!(
        top,
        [
            "call strafing-run c4 north",
            "call strafing-run c5 north",
            "call strafing-run c7 south",
            "call strafing-run c8 south"
        ]
    );
    let t = g.profile(m(2));
    let armour = u8::from(t.has(mars_attacks::rules::Ability::Armoured));
    let kill = mars_attacks::rules::odds::shoot(3, 4, 3, t.survive, armour).kill;
    let spot =
        mars_attacks::rules::Spot::SquareDir(common::sq("c5"), mars_attacks::rules::Edge::North);
    let v = eval::call_value(
        &g,
        Side::Humans,
        g.deck().half_by_slug("strafing-run").unwrap().effect,
        spot,
    );
    assert!((v - 3.0 * kill).abs() < 1e-6, "{v} vs {}", 3.0 * kill);
    let empty: Action = "call strafing-run f1 east".parse().unwrap();
    assert!(score(&empty) < 0.5, "{}", score(&empty));
}

/// The same position, the Humans' whole Turn played by `mcts` at 1000 iterations a
/// decision: the 256 ways to call the set count as one choice in the search's prior
/// (the family of the card, see `bot::game::family_softmax`), so the search weighs
/// calling it beside activating a model, and aims it over all three Martians, before or
/// after the model's action (either order is one Turn, R11). Measured: in 40 of 40
/// seeded Turns at 1000 and at 2000 iterations; at most 2 misses are allowed.
#[test]
fn mcts_calls_the_strafing_run_on_all_three_martians() {
    let mut g = card_game(&[
        Place(Side::Humans, "soldier", "a1"),
        Place(Side::Humans, "soldier", "h1"),
        Place(Side::Martians, "martian", "c5"),
        Place(Side::Martians, "martian", "c6"),
        Place(Side::Martians, "martian", "c7"),
    ]);
    g.edit().set(Side::Humans, card("strafing-run"), 3);
    let best =
        ["c4 north", "c5 north", "c7 south", "c8 south"].map(|s| format!("call strafing-run {s}"));
    let mut bad = Vec::new();
    for seed in 0..40 {
        let mut p = spec("mcts:1000").build();
        let mut game = Skirmish::new(g.clone());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut dice = rng_from_seed(seed);
        let mut called = None;
        while game.state().turn_player() == Side::Humans
            && game.state().turn_number() == g.turn_number()
            && !game.is_terminal()
        {
            let a = p.choose(&game, &mut rng).unwrap();
            if matches!(a, Action::Call(..)) {
                called = Some(a.to_string());
            }
            game.apply(a, &mut dice);
        }
        if !called.as_ref().is_some_and(|c| best.contains(c)) {
            bad.push((seed, called));
        }
    }
    assert!(bad.len() <= 2, "{bad:?}");
}

/// Every card in a hand is usable by its holder through its own half (R19), and a held
/// card adds its half's value to the side's score: Splat! (one roll) 0.2, Lucky Escape 0.6.
/// At the refill, discarding a card the side can use scores below keeping it.
#[test]
fn cards_in_hand_are_valued_by_what_they_do() {
    let mut g = card_game(&[
        Place(Side::Humans, "soldier", "a1"),
        Place(Side::Martians, "martian", "h8"),
    ]);
    let w = Weights::default();
    let bare = eval::side_score(&g, Side::Humans, &w);
    g.edit()
        .give(Side::Humans, card("splat"), 1)
        .give(Side::Humans, card("lucky-escape"), 1);
    let with = eval::side_score(&g, Side::Humans, &w);
    assert!((with - bare - 0.8).abs() < 1e-9, "{}", with - bare);
    let no_cards = Weights { cards: 0.0, ..w };
    assert_eq!(eval::side_score(&g, Side::Humans, &no_cards), bare);
    let keep = eval::action_score(&g, Action::Keep);
    for half in ["splat", "lucky-escape"] {
        let c = common::held(&g, Side::Humans, half);
        assert!(eval::action_score(&g, Action::Discard(c)) < keep, "{half}");
    }
}

/// The measured match behind the card heuristics (run on purpose, `--ignored`): MCTS at
/// `MA_CARDS_ITERATIONS` (default 1,000) iterations per decision with the card knowledge
/// against the same search with the heuristics as they were before the deck, on Scenario
/// 1, `MA_CARDS_GAMES` games (default 100) from seed 1, seats swapped, two threads. Prints
/// the result with its Wilson interval; asserts only that every game finished.
#[test]
#[ignore]
fn card_knowledge_match() {
    use mars_attacks::bot::{Heuristics, duel_players};
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let iterations = env("MA_CARDS_ITERATIONS", 1000);
    let games = env("MA_CARDS_GAMES", 100) as u32;
    let scenario = whos_there();
    let mut config = DuelConfig::new(games, 1);
    config.jobs = 2;
    let new = spec(&format!("mcts:{iterations}"));
    let report = duel_players(
        &scenario,
        || new.build_with_heuristics(Heuristics::default()),
        || new.build_with_heuristics(Heuristics::without_cards()),
        &config,
        |_| {},
    );
    eprintln!("cards vs no cards, mcts:{iterations}:\n{report}");
    assert!(report.failures.is_empty(), "{report}");
    // Scenario 1 favours the Humans heavily between equal players, so a swapped match says
    // little: also compare the two as the Martians against the same Humans, on the same
    // deals.
    for humans in ["greedy", "mcts:200"] {
        let humans = spec(humans);
        let mut config = DuelConfig::new(games, 1);
        config.jobs = 2;
        config.matches.swap_seats = false;
        for (label, h) in [
            ("cards", Heuristics::default()),
            ("no cards", Heuristics::without_cards()),
        ] {
            let report = duel_players(
                &scenario,
                || humans.build(),
                || new.build_with_heuristics(h),
                &config,
                |_| {},
            );
            eprintln!("Martians mcts:{iterations} with {label} against {humans}:\n{report}");
            assert!(report.failures.is_empty(), "{report}");
        }
    }
    let greedy = spec("greedy");
    let mut config = DuelConfig::new(1000, 1);
    config.jobs = 2;
    let report = duel_players(
        &scenario,
        || greedy.build_with_heuristics(Heuristics::default()),
        || greedy.build_with_heuristics(Heuristics::without_cards()),
        &config,
        |_| {},
    );
    eprintln!("greedy, cards vs no cards:\n{report}");
    assert!(report.failures.is_empty(), "{report}");
}

/// Plays Scenario 1 to the end between `spec` and `greedy` (seeded) and returns, for each
/// search of `spec`'s, the visits at its root beyond the iterations it ran: what a tree
/// kept from the decision before brought.
fn visits_beyond_iterations(spec: &str) -> Vec<u64> {
    let spec: PlayerSpec = spec.parse().unwrap();
    let mut game = Skirmish::start(whos_there(), &mut rng_from_seed(4));
    let mut dice = rng_from_seed(5);
    let mut players = [
        spec.build(),
        "greedy".parse::<PlayerSpec>().unwrap().build(),
    ];
    let mut rngs = [ChaCha8Rng::seed_from_u64(6), ChaCha8Rng::seed_from_u64(7)];
    let mut kept = Vec::new();
    while !game.is_terminal() {
        let seat = game.to_move();
        let a = players[seat].choose(&game, &mut rngs[seat]).unwrap();
        if seat == 0
            && let Some(r) = players[0].last_report()
            && r.iterations > 0
        {
            let visits: u64 = r.top.iter().map(|s| s.visits).sum();
            assert!(
                visits >= r.iterations,
                "every iteration visits a root action"
            );
            kept.push(visits - r.iterations);
        }
        game.apply(a, &mut dice);
    }
    kept
}

#[test]
fn a_search_keeps_its_tree_only_for_the_decision_right_after_its_choice() {
    // With reuse, the decisions that follow the search's own choice directly (a model's
    // second step, its shot after a move) start from the subtree under that choice; the
    // rest start afresh.
    let kept = visits_beyond_iterations("mcts:200:reuse=1");
    let grown = kept.iter().filter(|&&k| k > 0).count();
    assert!(grown > 0 && grown < kept.len(), "{grown} of {}", kept.len());
    // Without it, every search starts afresh; and a game replays exactly either way.
    assert!(
        visits_beyond_iterations("mcts:200:reuse=0")
            .iter()
            .all(|&k| k == 0)
    );
    assert_eq!(kept, visits_beyond_iterations("mcts:200:reuse=1"));
    // The player given its own heuristics keeps the game's journal, so it may reuse too.
    let own = visits_beyond_iterations("mcts:200:reuse=1,rtau=0.3");
    assert!(own.iter().any(|&k| k > 0));
}
