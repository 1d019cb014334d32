//! The conformance harness: thousands of seeded random games of every shipped scenario,
//! played to the end, with the rules' invariants checked after every decision, cards
//! included: card counts are conserved (`check_invariants`), and every card type of the
//! deck is played (or, for an Event, drawn and resolved) in some game.

use crate::common;

use common::shipped_scenarios;

use std::collections::{BTreeMap, BTreeSet};

use mars_attacks::rules::cards::Card;
use mars_attacks::rules::state::{Event, EventSink, Phase, TestKind, Why};
use mars_attacks::rules::{Action, Bitboard, CardId, GameState, Side, rng_from_seed};
use mars_attacks::sim::{decision_rng, replay};
use rand::Rng;

/// Games per shipped scenario.
const GAMES: u64 = 2000;
/// The runaway guard: a game still going after this many decisions is a failure.
const GUARD: usize = 20_000;
/// At most this many listed actions are tried on a clone per state (a sample when more
/// are listed: calling a Support set can offer 256 ways).
const LISTED_TRIED: usize = 24;

/// Records the Events drawn (their cards), and the squares whose attack roll an area
/// attack under way has made.
#[derive(Default)]
struct Drawn {
    cards: BTreeSet<CardId>,
    rolled: Bitboard,
}

impl EventSink for Drawn {
    const ENABLED: bool = true;
    fn event(&mut self, e: Event) {
        match e {
            Event::EventDrawn { card, .. } => {
                self.cards.insert(card);
            }
            Event::AreaAttack { .. } | Event::CarLanded(_) => self.rolled = Bitboard::EMPTY,
            Event::EffectRoll { square, .. } => self.rolled.insert(square),
            _ => {}
        }
    }
}

/// R30: a window on a model's test against an area attack never opens after its square's
/// attack roll. Returns whether `g` is at such a window.
fn area_window_before_its_roll(g: &GameState, drawn: &Drawn) -> Result<bool, String> {
    let (Phase::Respond(_), Some(t)) = (g.phase(), g.test()) else {
        return Ok(false);
    };
    let TestKind::Area { model, .. } = t.kind else {
        return Ok(false);
    };
    let sq = g
        .model(model)
        .square()
        .ok_or("an area test of a model off the board")?;
    if drawn.rolled.contains(sq) {
        return Err(format!(
            "a window on {model}'s area test after {sq}'s attack roll (R30)"
        ));
    }
    Ok(true)
}

/// The half an action plays, lays or calls, if any.
fn card_played(a: Action) -> Option<CardId> {
    match a {
        Action::Play(c, _) | Action::Lay(c) | Action::Respond(Some(c)) => Some(c.half),
        Action::Call(h, _) => Some(h),
        _ => None,
    }
}

/// Check one state before a decision. Returns the problem, if any.
fn check_state(g: &GameState, legal: &[Action], space: &[Action], seed: u64) -> Result<(), String> {
    g.check_invariants().map_err(|e| e.to_string())?;
    if g.clone() != *g {
        return Err("a clone differs from its original".into());
    }
    if g.is_over() {
        if !legal.is_empty() || g.to_move().is_some() {
            return Err("a finished game still offers decisions".into());
        }
        return Ok(());
    }
    if legal.is_empty() {
        return Err(format!("no legal action in phase {:?}", g.phase()));
    }
    if g.to_move().is_none() {
        return Err("nobody to move in a game that is not over".into());
    }
    // Every listed action applies, through the checked path, and leaves a sound state.
    let mut dice = rng_from_seed(seed ^ 0x5eed);
    let mut pick = decision_rng(seed ^ 0xbad);
    let tried: Vec<Action> = if legal.len() <= LISTED_TRIED {
        legal.to_vec()
    } else {
        (0..LISTED_TRIED)
            .map(|_| legal[pick.random_range(0..legal.len())])
            .collect()
    };
    for a in &tried {
        let mut c = g.clone();
        c.play(*a, &mut dice)
            .map_err(|e| format!("listed action rejected: {e}"))?;
        c.check_invariants()
            .map_err(|e| format!("after listed `{a}`: {e}"))?;
        for s in Side::BOTH {
            if c.vp(s) < g.vp(s) {
                return Err(format!("`{a}` lowered the {s}' VP"));
            }
        }
    }
    // Unlisted actions, sampled from the whole action space, are rejected and change
    // nothing.
    for _ in 0..6 {
        let a = space[pick.random_range(0..space.len())];
        if legal.contains(&a) {
            continue;
        }
        let mut c = g.clone();
        match c.play(a, &mut dice) {
            Ok(()) => return Err(format!("unlisted action `{a}` was accepted")),
            Err(e) => {
                if e.reason().is_empty() {
                    return Err(format!("`{a}` rejected without a reason"));
                }
                if c != *g {
                    return Err(format!("rejected `{a}` changed the state"));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn random_games_of_every_shipped_scenario_keep_the_rules() {
    // Every half of every card (and every Event) is played or drawn in some game of some
    // scenario: a card may have no use in one scenario (Reinforcements need an entry edge
    // or a zone to come back in), but none may be unplayable everywhere.
    let mut every_played = BTreeSet::new();
    let mut deck = None;
    for (file, scenario) in shipped_scenarios() {
        let space = Action::space(scenario.models.len());
        let mut played = BTreeSet::new();
        let mut drawn = Drawn::default();
        let mut ended = 0;
        let mut decisions = 0usize;
        let mut area_windows = 0usize;
        for seed in 0..GAMES {
            let mut dice = rng_from_seed(seed);
            let mut choose = decision_rng(seed);
            let mut g = GameState::new_logged(scenario.clone(), &mut dice, &mut drawn);
            let mut legal = Vec::new();
            let mut actions = Vec::new();
            loop {
                g.legal_actions(&mut legal);
                if let Err(e) = check_state(&g, &legal, &space, seed) {
                    panic!("{file} seed {seed} after {} decisions: {e}", actions.len());
                }
                match area_window_before_its_roll(&g, &drawn) {
                    Ok(at) => area_windows += usize::from(at),
                    Err(e) => panic!("{file} seed {seed} after {} decisions: {e}", actions.len()),
                }
                if g.is_over() {
                    break;
                }
                assert!(
                    actions.len() < GUARD,
                    "{file} seed {seed}: runaway guard tripped after {GUARD} decisions"
                );
                let a = legal[choose.random_range(0..legal.len())];
                played.extend(card_played(a));
                g.apply_logged(a, &mut dice, &mut drawn);
                actions.push(a);
            }
            ended += 1;
            decisions += actions.len();
            // A game replays exactly from its seed and its decisions (R26).
            if seed % 50 == 0 {
                let again = replay(&scenario, seed, &actions).unwrap_or_else(|(i, e, _)| {
                    panic!("{file} seed {seed}: replay failed at {i}: {e}")
                });
                assert_eq!(again, g, "{file} seed {seed}: replay differs");
            }
        }
        assert_eq!(ended, GAMES);
        played.extend(drawn.cards.iter().copied());
        every_played.extend(played.iter().copied());
        deck = Some(scenario.deck.clone());
        eprintln!(
            "{file}: {GAMES} games, {decisions} decisions checked, {} halves played, \
             {area_windows} windows on area tests, each before its square's roll",
            played.len()
        );
    }
    let deck = deck.expect("some scenario is shipped");
    let never: Vec<String> = deck
        .cards
        .iter()
        .flat_map(|c| c.faces.iter().flatten().chain(c.event.as_ref()))
        .filter(|f| !every_played.contains(&f.id))
        .map(|f| f.slug.clone())
        .collect();
    assert!(never.is_empty(), "never played in any scenario: {never:?}");
}

#[test]
fn a_program_plays_whole_games_through_the_bot_protocol() {
    // The example random bot (python3) plays each side of a game of every shipped
    // scenario against the built-in random player, every state checked as above: a
    // program's every answer goes through the same rules as the built-in players'.
    use ai::{Game, Player};
    use mars_attacks::bot::{PlayerSpec, Skirmish, side_of};
    use rand::SeedableRng;
    let bot: PlayerSpec = format!(
        "exec:python3 {}/examples/bots/random_bot.py",
        env!("CARGO_MANIFEST_DIR")
    )
    .parse()
    .unwrap();
    let random: PlayerSpec = "random".parse().unwrap();
    let mut bot_decisions = 0;
    for (file, scenario) in shipped_scenarios() {
        let space = Action::space(scenario.models.len());
        for (seed, bot_side) in [(1u64, Side::Humans), (2, Side::Martians)] {
            let mut game = Skirmish::start(scenario.clone(), &mut rng_from_seed(seed));
            let mut dice = rng_from_seed(seed + 100);
            let mut players = [bot.build(), random.build()];
            let mut rngs = [
                rand_chacha::ChaCha8Rng::seed_from_u64(seed),
                rand_chacha::ChaCha8Rng::seed_from_u64(seed + 1),
            ];
            let mut legal = Vec::new();
            loop {
                game.state().legal_actions(&mut legal);
                if let Err(e) = check_state(game.state(), &legal, &space, seed) {
                    panic!("{file} seed {seed}: {e}");
                }
                if game.is_terminal() {
                    break;
                }
                let side = side_of(game.to_move());
                let who = usize::from(side != bot_side);
                let a = players[who]
                    .choose(&game, &mut rngs[who])
                    .unwrap_or_else(|| panic!("{file}: {:?}", players[who].forfeit()));
                assert!(legal.contains(&a), "{file}: `{a}` is not legal");
                bot_decisions += usize::from(who == 0);
                game.apply(a, &mut dice);
                assert!(
                    game.journal().unwrap().len() < GUARD,
                    "{file} seed {seed}: runaway guard"
                );
            }
            for p in &mut players {
                p.game_over(&game);
            }
            assert_eq!(players[0].forfeit(), None);
        }
    }
    assert!(
        bot_decisions > 100,
        "the program decided {bot_decisions} times"
    );
}

/// The table opens every response window (`set_every_window`, R28): that adds only
/// windows whose one answer is `respond none`, and changes nothing else. The same random
/// decisions, with those windows answered, give exactly the same games as with them shut.
#[test]
fn every_window_open_adds_only_empty_windows() {
    for (file, scenario) in shipped_scenarios() {
        let mut empty_windows = 0usize;
        for seed in 0..200u64 {
            let play = |every: bool, empty: &mut usize| {
                let mut dice = rng_from_seed(seed);
                let mut choose = decision_rng(seed);
                let mut g = GameState::new(scenario.clone(), &mut dice);
                g.set_every_window(every);
                let mut legal = Vec::new();
                let mut n = 0;
                while !g.is_over() && n < GUARD {
                    g.legal_actions(&mut legal);
                    if g.is_empty_window() {
                        assert!(
                            every,
                            "{file} seed {seed}: an empty window with windows shut"
                        );
                        assert_eq!(legal, [Action::Respond(None)]);
                        *empty += 1;
                        g.play(Action::Respond(None), &mut dice).unwrap();
                        continue;
                    }
                    let a = legal[choose.random_range(0..legal.len())];
                    g.apply(a, &mut dice);
                    n += 1;
                }
                g.set_every_window(false);
                g
            };
            let shut = play(false, &mut empty_windows);
            let open = play(true, &mut empty_windows);
            if open != shut {
                let (a, b) = (format!("{open:?}"), format!("{shut:?}"));
                let i = a
                    .bytes()
                    .zip(b.bytes())
                    .position(|(x, y)| x != y)
                    .unwrap_or(0);
                panic!(
                    "{file} seed {seed}: the games differ at ...{}... against ...{}...",
                    &a[i.saturating_sub(200)..(i + 80).min(a.len())],
                    &b[i.saturating_sub(200)..(i + 80).min(b.len())]
                );
            }
        }
        assert!(empty_windows > 0, "{file}: no empty window opened");
        eprintln!("{file}: 200 games alike, {empty_windows} empty windows answered");
    }
}

/// The legal list and the explanation of an illegal action come from the same predicate
/// for each kind of model action (set-up, activation, Stand Up, Move, Exit, Aim, Shoot, the
/// Fight's opponent): in random games of every shipped scenario, every action of those
/// kinds the list leaves out, in a phase that offers its kind, is rejected with a named
/// rule rather than the fallback the predicate gives an action it accepts.
#[test]
fn every_model_action_left_out_of_the_list_is_rejected_with_its_rule() {
    let mut rejected = 0usize;
    for (file, scenario) in shipped_scenarios() {
        let space = Action::space(scenario.models.len());
        for seed in 0..3 {
            let mut dice = rng_from_seed(seed);
            let mut choose = decision_rng(seed);
            let mut g = GameState::new(scenario.clone(), &mut dice);
            let mut legal = Vec::new();
            while !g.is_over() {
                g.legal_actions(&mut legal);
                for &a in &space {
                    let offered = matches!(
                        (g.phase(), a),
                        (Phase::Deploy(_), Action::Deploy(_))
                            | (Phase::TurnStart | Phase::AfterFirst, Action::Activate(_))
                            | (
                                Phase::Acting(_),
                                Action::Stand
                                    | Action::Move(_)
                                    | Action::Exit(_)
                                    | Action::Aim
                                    | Action::Shoot(_)
                            )
                            | (
                                Phase::FightTarget { .. },
                                Action::Fight(_) | Action::Defender(_)
                            )
                    );
                    if !offered || legal.contains(&a) {
                        continue;
                    }
                    let e = g
                        .clone()
                        .play(a, &mut rng_from_seed(0))
                        .expect_err("an unlisted action is rejected");
                    assert!(
                        !e.reason().starts_with("it cannot be played now"),
                        "{file} seed {seed}: `{a}` is left out of the list but its predicate \
                         accepts it ({:?})",
                        g.phase()
                    );
                    rejected += 1;
                }
                let a = legal[choose.random_range(0..legal.len())];
                g.apply(a, &mut dice);
            }
        }
    }
    assert!(rejected > 10_000, "only {rejected} rejections were checked");
}

/// The same for card plays and answers: in random games of every shipped scenario (every
/// window open in every other game), every play, lay and call left out of the list at the
/// start of or between a Turn's actions (a sample of those of the cards held and the sets
/// laid, and of all), and every answer left out at a window with a card held (and a sample
/// of the others), is rejected with the rule of its card, never with the fallback a
/// predicate gives an action it accepts; and the words begin with that reason.
#[test]
fn every_card_play_and_answer_left_out_of_the_list_is_rejected_with_its_rule() {
    let mut rejected = 0usize;
    let mut by_rule = std::collections::HashSet::new();
    for (file, scenario) in shipped_scenarios() {
        let space: Vec<Action> = Action::space(scenario.models.len())
            .into_iter()
            .filter(|a| {
                matches!(
                    a,
                    Action::Play(..) | Action::Lay(_) | Action::Call(..) | Action::Respond(Some(_))
                )
            })
            .collect();
        // The plays and lays by the card they name, the calls by their set.
        let mut by_name: BTreeMap<Result<Card, CardId>, Vec<Action>> = BTreeMap::new();
        for &a in &space {
            match a {
                Action::Play(c, _) | Action::Lay(c) => by_name.entry(Ok(c)).or_default().push(a),
                Action::Call(h, _) => by_name.entry(Err(h)).or_default().push(a),
                _ => {}
            }
        }
        let answers: Vec<Action> = space
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Respond(_)))
            .collect();
        for seed in 0..6 {
            let mut dice = rng_from_seed(seed);
            let mut choose = decision_rng(seed);
            let mut g = GameState::new(scenario.clone(), &mut dice);
            g.set_every_window(seed % 2 == 1);
            let mut legal = Vec::new();
            while !g.is_over() {
                g.legal_actions(&mut legal);
                let side = g.to_move().expect("someone decides");
                let asked: Vec<Action> = match g.phase() {
                    Phase::TurnStart | Phase::AfterFirst => {
                        let near: Vec<Action> = by_name
                            .iter()
                            .filter(|(name, _)| match name {
                                Ok(card) => g.holds(side, *card) > 0,
                                Err(half) => g.set_level(side, *half) > 0,
                            })
                            .flat_map(|(_, actions)| actions.iter().copied())
                            .collect();
                        let mut asked = Vec::new();
                        for _ in 0..16 {
                            if !near.is_empty() {
                                asked.push(near[choose.random_range(0..near.len())]);
                            }
                            let a = space[choose.random_range(0..space.len())];
                            if !matches!(a, Action::Respond(_)) {
                                asked.push(a);
                            }
                        }
                        asked
                    }
                    Phase::Respond(_) | Phase::Escape(_) => {
                        let mut asked: Vec<Action> = answers
                            .iter()
                            .copied()
                            .filter(
                                |a| matches!(a, Action::Respond(Some(c)) if g.holds(side, *c) > 0),
                            )
                            .collect();
                        for _ in 0..4 {
                            asked.push(answers[choose.random_range(0..answers.len())]);
                        }
                        asked
                    }
                    _ => Vec::new(),
                };
                for a in asked {
                    if legal.contains(&a) {
                        continue;
                    }
                    let e = g
                        .clone()
                        .play(a, &mut rng_from_seed(0))
                        .expect_err("an unlisted action is rejected");
                    assert!(
                        matches!(
                            e.why,
                            Why::Card(_)
                                | Why::Response(_)
                                | Why::NotHeld { .. }
                                | Why::NoCardPlayLeft(_)
                        ),
                        "{file} seed {seed}: `{a}` is left out of the list but its predicate \
                         gives {:?} ({:?})",
                        e.why,
                        g.phase()
                    );
                    assert!(e.reason().starts_with(&e.why.to_string()), "{e}");
                    by_rule.insert(std::mem::discriminant(&e.why));
                    rejected += 1;
                }
                let a = legal[choose.random_range(0..legal.len())];
                g.apply(a, &mut dice);
            }
        }
    }
    assert!(rejected > 50_000, "only {rejected} rejections were checked");
    assert_eq!(
        by_rule.len(),
        4,
        "every kind of card rule is met: {by_rule:?}"
    );
}
