//! Playing whole games: seeded random games, replays from a seed and a list of decisions,
//! and readable descriptions of what happened.
//!
//! A game's dice come from `rng_from_seed(seed)` (R26). Bots that choose at random draw
//! from a second, independent stream of the same seed (`decision_rng`), so a recorded game
//! replays exactly from its seed and its decisions alone.

use std::ops::ControlFlow;
use std::sync::Arc;

use rand::{Rng, RngCore};

use crate::model_names::ModelNames;
use crate::scenario::Scenario;
use crate::state::{Event, EventSink, IllegalAction, Outcome, ShotResult};
use crate::{Action, GameRng, GameState, ModelId, Side, rng_from_seed};

/// The generator for bots' choices in game `seed`: ChaCha8 on stream 1 of the same seed,
/// independent of the dice (stream 0).
pub fn decision_rng(seed: u64) -> GameRng {
    let mut r = rng_from_seed(seed);
    r.set_stream(1);
    r
}

/// A game's decisions and result.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub seed: u64,
    pub actions: Vec<Action>,
    /// `None` when the runaway guard stopped the game (a failure, never a result).
    pub outcome: Option<Outcome>,
    pub rounds: u16,
    pub vp: [u16; 2],
}

/// How a game ended, without its decisions (see [`random_game_streamed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub seed: u64,
    /// Decisions made.
    pub decisions: usize,
    /// `None` when the runaway guard stopped the game, or the caller stopped it.
    pub outcome: Option<Outcome>,
    pub rounds: u16,
    pub vp: [u16; 2],
}

/// Play a game of `scenario` with both sides choosing uniformly among the legal actions.
/// `max_decisions` is the runaway guard: a game still going after that many decisions is
/// returned with `outcome: None`. `on_action` sees each decision with the events it caused.
pub fn random_game(
    scenario: &Arc<Scenario>,
    seed: u64,
    max_decisions: usize,
    mut on_action: impl FnMut(&GameState, Action, &[Event]),
) -> GameRecord {
    let mut actions = Vec::new();
    let end = random_game_streamed(scenario, seed, max_decisions, |before, a, events| {
        on_action(before, a, events);
        actions.push(a);
        ControlFlow::Continue(())
    });
    GameRecord {
        seed,
        actions,
        outcome: end.outcome,
        rounds: end.rounds,
        vp: end.vp,
    }
}

/// [`random_game`] that keeps nothing of the game but its end, so a long game takes no
/// more memory than a short one: `on_action` sees each decision as it is made (to write it
/// out) and may stop the game by returning `ControlFlow::Break` (then `outcome` is `None`
/// unless the game had ended).
pub fn random_game_streamed(
    scenario: &Arc<Scenario>,
    seed: u64,
    max_decisions: usize,
    on_action: impl FnMut(&GameState, Action, &[Event]) -> ControlFlow<()>,
) -> GameEnd {
    let mut choose = decision_rng(seed);
    game_streamed(
        scenario,
        seed,
        max_decisions,
        |_, legal| Some(legal[choose.random_range(0..legal.len())]),
        on_action,
    )
}

/// [`random_game_streamed`] with the decisions made by `decide`, which sees the state and
/// its legal actions and answers one of them, or `None` to give up (the game then stops
/// with `outcome: None`). The dice are the seed's as in a random game.
pub fn game_streamed(
    scenario: &Arc<Scenario>,
    seed: u64,
    max_decisions: usize,
    decide: impl FnMut(&GameState, &[Action]) -> Option<Action>,
    on_action: impl FnMut(&GameState, Action, &[Event]) -> ControlFlow<()>,
) -> GameEnd {
    game_streamed_to_end(scenario, seed, max_decisions, decide, on_action).0
}

/// [`game_streamed`], with the position the game ended in (or was stopped in).
pub fn game_streamed_to_end(
    scenario: &Arc<Scenario>,
    seed: u64,
    max_decisions: usize,
    mut decide: impl FnMut(&GameState, &[Action]) -> Option<Action>,
    mut on_action: impl FnMut(&GameState, Action, &[Event]) -> ControlFlow<()>,
) -> (GameEnd, GameState) {
    let mut dice = rng_from_seed(seed);
    let mut events = Vec::new();
    let mut g = GameState::new_logged(scenario.clone(), &mut dice, &mut events);
    let mut legal = Vec::with_capacity(64);
    let mut decisions = 0;
    while !g.is_over() && decisions < max_decisions {
        g.legal_actions(&mut legal);
        let Some(a) = decide(&g, &legal).filter(|a| legal.contains(a)) else {
            break;
        };
        let before = g.clone();
        events.clear();
        g.apply_logged(a, &mut dice, &mut events);
        decisions += 1;
        if on_action(&before, a, &events).is_break() {
            break;
        }
    }
    let end = GameEnd {
        seed,
        decisions,
        outcome: g.outcome(),
        rounds: g.round(),
        vp: [g.vp(Side::Humans), g.vp(Side::Martians)],
    };
    (end, g)
}

/// Play a random game as fast as possible (no events, no record), returning the number
/// of decisions made and the final state. For benchmarks and search.
pub fn random_playout<R: RngCore>(
    g: &mut GameState,
    dice: &mut R,
    choose: &mut R,
    legal: &mut Vec<Action>,
    max_decisions: usize,
) -> usize {
    let mut n = 0;
    while !g.is_over() && n < max_decisions {
        g.legal_actions(legal);
        let a = legal[choose.random_range(0..legal.len())];
        g.apply(a, dice);
        n += 1;
    }
    n
}

/// Replay a game from its seed and decisions. Fails at the first decision that is not
/// legal, saying which (0-based) and why; the state before it is returned with the error.
pub fn replay(
    scenario: &Arc<Scenario>,
    seed: u64,
    actions: &[Action],
) -> Result<GameState, (usize, IllegalAction, Box<GameState>)> {
    replay_logged(scenario, seed, actions, &mut ())
}

/// `replay`, reporting events to `sink`.
pub fn replay_logged<S: EventSink>(
    scenario: &Arc<Scenario>,
    seed: u64,
    actions: &[Action],
    sink: &mut S,
) -> Result<GameState, (usize, IllegalAction, Box<GameState>)> {
    let mut dice = rng_from_seed(seed);
    let mut g = GameState::new_logged(scenario.clone(), &mut dice, sink);
    for (i, a) in actions.iter().enumerate() {
        if let Err(e) = g.play_logged(*a, &mut dice, sink) {
            return Err((i, e, Box::new(g)));
        }
    }
    Ok(g)
}

/// A side as the log names it: `Humans`, `Martians`.
struct Titled(Side);

impl std::fmt::Display for Titled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.title())
    }
}

/// One event in words, the sides named with capitals (`the Humans score 1 VP`), the
/// models by number (`m3`). `g` is any state of the same game (for model names).
pub fn describe(g: &GameState, e: &Event) -> String {
    describe_named(g, e, ModelNames::Numbers)
}

/// One event in words, the models named as `names` says (by number, or by the labels on
/// their bases at a real table). `g` is any state of the same game.
pub fn describe_named(g: &GameState, e: &Event, names: ModelNames) -> String {
    let name = |m: &ModelId| names.long(g, *m);
    let n = |m: &ModelId| names.short(g, *m);
    match e {
        Event::CounterPlaced(s) => format!("a counter is placed face down on {s}"),
        Event::Deployed(m, s) => format!("{} deploys on {s}", name(m)),
        Event::Activated(m) => format!("{} is activated", name(m)),
        Event::StoodUp(m) => format!("{} stands up", n(m)),
        Event::Moved { model, from, to } => match from {
            Some(f) => format!("{} moves {f} -> {to}", n(model)),
            None => format!("{} comes onto the board at {to}", n(model)),
        },
        Event::Exited(m, edge) => format!("{} leaves the board across the {edge} edge", n(m)),
        Event::Aimed(m) => format!("{} aims", n(m)),
        Event::Revealed(s, k) => format!("the counter on {s} is revealed: {}", k.name()),
        Event::Claimed(m, k) => format!("{} claims the {}", n(m), k.name()),
        Event::Roll {
            model,
            test,
            dice,
            value,
            faces,
            successes,
            bonus,
        } => {
            let faces: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
            let bonus = if *bonus > 0 {
                format!(" + {bonus} armour")
            } else {
                String::new()
            };
            format!(
                "{} rolls {} {} at {value}+: [{}] = {successes}{bonus}",
                n(model),
                test.title(),
                dice_count(*dice as usize),
                faces.join(" ")
            )
        }
        Event::Shot {
            shooter,
            target,
            los,
            result,
        } => {
            let r = match result {
                ShotResult::Kill => "killed",
                ShotResult::Rattled => "saved by its armour and Rattled",
                ShotResult::Miss => "missed",
            };
            format!("{} shoots {} ({los} shot): {r}", n(shooter), n(target))
        }
        Event::FightStarted { attacker, defender } => {
            format!("{} fights {}", n(attacker), n(defender))
        }
        Event::Fought {
            attacker,
            defender,
            defence,
            killed,
        } => {
            let how = match defence {
                crate::action::Defence::Fight => "fights back",
                crate::action::Defence::Survive => "tries to survive",
            };
            match killed {
                Some(k) => format!("{} {how}: {} is killed", n(defender), n(k)),
                None => format!(
                    "{} {how}: nobody is hurt ({} and {})",
                    n(defender),
                    n(attacker),
                    n(defender)
                ),
            }
        }
        Event::Killed { model, by, vp } => {
            format!(
                "{} is killed; the {by} score {vp} VP",
                name(model),
                by = Titled(*by)
            )
        }
        Event::RattleTest {
            model,
            roll,
            rattled,
        } => format!(
            "{} tests for Rattled: {roll}, {}",
            n(model),
            if *rattled { "Rattled" } else { "carries on" }
        ),
        Event::TurnEnded { next } => format!("the Turn passes to the {next}", next = Titled(*next)),
        Event::RoundEnded { round, next_first } => {
            format!(
                "Round {round} ends; the {next_first} go first next Round",
                next_first = Titled(*next_first)
            )
        }
        Event::ZoneHeld { side, zone } => format!(
            "the {side} hold the zone {} alone",
            zone.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            side = Titled(*side)
        ),
        Event::HoldRunning {
            side,
            zone,
            rounds: 0,
            ..
        } => format!(
            "the {side} no longer hold {} alone: their Rounds running start again",
            zone.zone_text(),
            side = Titled(*side)
        ),
        Event::HoldRunning {
            side,
            zone,
            rounds,
            needed,
        } => format!(
            "the {side} have held {} alone {rounds} of the {needed} Rounds running that win",
            zone.zone_text(),
            side = Titled(*side)
        ),
        Event::ArrivalDrawn {
            side,
            wave,
            round,
            edge,
        } => format!(
            "drawn: the {side}' entry {} comes on across the {edge} edge from Round {round}",
            wave + 1,
            side = Titled(*side)
        ),
        Event::VpScored {
            side, vp, total, ..
        } => format!(
            "the {side} score {vp} VP ({total} in all)",
            side = Titled(*side)
        ),
        Event::GameOver(o) => format!("game over: {o}"),
        Event::Drew { side, card } => format!(
            "the {side} draw {}",
            card_text(g, *card),
            side = Titled(*side)
        ),
        Event::Reshuffled { cards } => {
            format!("the discard pile becomes the draw deck ({cards} cards)")
        }
        Event::CardPlayed { side, card } => format!(
            "the {side} play {}",
            card_text(g, *card),
            side = Titled(*side)
        ),
        Event::Laid { side, card, level } => {
            format!(
                "the {side} lay {}: a set of {level}",
                card_text(g, *card),
                side = Titled(*side)
            )
        }
        Event::Called {
            side,
            owner,
            card,
            level,
        } => {
            if side == owner {
                format!(
                    "the {side} call their {} set of {level}",
                    card_name(g, *card),
                    side = Titled(*side)
                )
            } else {
                format!(
                    "the {side} call the {owner}' {} set of {level}",
                    card_name(g, *card),
                    side = Titled(*side),
                    owner = Titled(*owner)
                )
            }
        }
        Event::Jammed { owner, card } => {
            format!(
                "{} of the {owner}' set is jammed",
                card_text(g, *card),
                owner = Titled(*owner)
            )
        }
        Event::Discarded { side, card } => {
            format!(
                "the {side} discard {}",
                card_text(g, *card),
                side = Titled(*side)
            )
        }
        Event::Passed(side) => format!(
            "the {side} pass for the rest of the Round",
            side = Titled(*side)
        ),
        Event::Modified { model, dice } => match model {
            Some(m) => format!(
                "{} rolls {dice:+} {}",
                n(m),
                dice_word(dice.unsigned_abs() as usize)
            ),
            None => format!(
                "the Bug rolls {dice:+} {}",
                dice_word(dice.unsigned_abs() as usize)
            ),
        },
        Event::Escaped(m) => format!("{} has a lucky escape", n(m)),
        Event::Distracted(m) => format!("{} is marked as activated", n(m)),
        Event::Reinforced(m, s) => format!("{} arrives on {s}", name(m)),
        Event::EventDrawn { side, card } => {
            format!(
                "the {side} drew the Event {}",
                card_name(g, *card),
                side = Titled(*side)
            )
        }
        Event::AreaAttack { card, at, squares } => {
            // An attack on one square names it once; a wider one, the squares it covers.
            if *squares == crate::Bitboard::single(*at) {
                format!("{} strikes {at}", card_name(g, *card))
            } else {
                format!("{} strikes at {at}: {squares}", card_name(g, *card))
            }
        }
        Event::EffectRoll {
            card,
            square,
            test,
            dice,
            value,
            faces,
            successes,
        } => {
            let faces: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
            format!(
                "{} rolls {} {} at {value}+ on {square}: [{}] = {successes}",
                card_name(g, *card),
                test.title(),
                dice_count(*dice as usize),
                faces.join(" ")
            )
        }
        Event::AreaShot { model, result } => {
            let r = match result {
                ShotResult::Kill => "hit",
                ShotResult::Rattled => "saved by its armour and Rattled",
                ShotResult::Miss => "unharmed",
            };
            format!("{} is {r}", n(model))
        }
        Event::SurviveCheck { model, failed } => format!(
            "{} {} its Survive check",
            n(model),
            if *failed { "fails" } else { "passes" }
        ),
        Event::CarLanded(s) => format!("the Flying Car lands on {s}"),
        Event::CarLeft => "the Flying Car flies off the board".to_string(),
        Event::BlockerPlaced(s) => format!("the Flying Car comes to rest on {s}: a blocker"),
        Event::CowsEntered(s) => format!("the burning cows stampede in on {s}"),
        Event::CowsMoved { from, to } => format!("the burning cows run {from} -> {to}"),
        Event::CowsStopped(s) => format!("the burning cows stop against a wall on {s}"),
        Event::CowsLeft => "the burning cows run off the board".to_string(),
        Event::Stampeded(m) => format!("{} dives out of the cows' way: Rattled", n(m)),
        Event::Trampled(m) => format!("the cows trample {}", n(m)),
        Event::CivilianPlaced(s) => format!("a Civilian appears on {s}"),
        Event::CivilianMoved { from, to } => format!("a Civilian runs {from} -> {to}"),
        Event::CivilianLeft(s) => format!("a Civilian flees the board from {s}"),
        Event::CivilianClaimed(m, k) => {
            format!(
                "{} picks up a Civilian, counted as {} {}",
                n(m),
                article(k.name()),
                k.name()
            )
        }
        Event::BugPlaced(s) => format!("the Bug descends on {s}"),
        Event::BugAttacks(m) => format!("the Bug attacks {}", n(m)),
        Event::BugMoved { from, to } => format!("the Bug flies {from} -> {to}"),
        Event::BugSnatched(m, s) => format!("the Bug snatches {} away to {s}", n(m)),
        Event::BugGone => "the Bug is gone".to_string(),
        Event::ShotBug { shooter, killed } => format!(
            "{} shoots the Bug: {}",
            n(shooter),
            if *killed { "killed" } else { "missed" }
        ),
        Event::FoughtBug { attacker, killed } => format!(
            "{} fights the Bug: {}",
            n(attacker),
            if *killed { "killed" } else { "it survives" }
        ),
    }
}

/// `die` for one, `dice` for any other count.
pub fn dice_word(n: usize) -> &'static str {
    if n == 1 { "die" } else { "dice" }
}

/// `1 die`, `13 dice`.
pub fn dice_count(n: usize) -> String {
    format!("{n} {}", dice_word(n))
}

/// "a" or "an" before `word`, by its first letter.
pub fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// A half's printed name (`Heat Ray`).
pub fn card_name(g: &GameState, card: crate::CardId) -> String {
    g.deck()
        .half_by_slug(card.slug())
        .map(|f| f.name.clone())
        .unwrap_or_else(|| card.to_string())
}

/// A physical card as its player uses it: its half's name, and what is on the back
/// (`Splat! (on the back: We Are Your Friends)`, R19).
pub fn card_text(g: &GameState, card: crate::cards::Card) -> String {
    match card.back {
        Some(b) => format!(
            "{} (on the back: {})",
            card_name(g, card.half),
            card_name(g, b)
        ),
        None => card_name(g, card.half),
    }
}

/// The state in plain text: Round, Turn, VP, counters and every model, one per line.
///
/// A test API: the tests check or arrange positions with it; the program does not call it.
pub fn state_text(g: &GameState) -> String {
    use crate::state::{CounterKind, Loc};
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "round {} turn {} ({} to play), phase {:?}",
        g.round(),
        g.turn_number(),
        g.turn_player(),
        g.phase()
    );
    for side in Side::BOTH {
        let _ = writeln!(
            s,
            "{side}: {} VP, {} counters claimed",
            g.vp(side),
            g.claimed(side)
        );
    }
    let _ = writeln!(s, "face-down counters: [{}]", g.hidden_counters());
    let _ = writeln!(
        s,
        "face-up Critters: [{}], face-up Alien Secrets: [{}]",
        g.face_up_counters(CounterKind::Critter),
        g.face_up_counters(CounterKind::AlienSecret)
    );
    let objectives = g.face_up_counters(CounterKind::Objective);
    if objectives.any() || g.objective_pool() > 0 {
        let _ = writeln!(s, "face-up objectives: [{objectives}]");
    }
    if !g.deck().is_empty() {
        let list = |it: &mut dyn Iterator<Item = (&crate::cards::CardType, u8)>| -> String {
            it.map(|(c, n)| format!("{} x{n}", c.name()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let sets = |side: Side| -> String {
            g.support_sets(side)
                .map(|(c, n)| format!("{c} x{n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            s,
            "cards: {} in the deck, discard pile [{}], in play [{}]",
            g.deck_len(),
            list(&mut g.discard_pile()),
            list(&mut g.events_in_play())
        );
        for side in Side::BOTH {
            let _ = writeln!(
                s,
                "{side}: hand [{}], Support sets [{}]",
                list(&mut g.hand(side)),
                sets(side)
            );
        }
        if let Some((q, by)) = g.cows() {
            let _ = writeln!(s, "burning cows on {q} (drawn by the {})", Titled(by));
        }
        if let Some((q, by)) = g.bug() {
            let _ = writeln!(s, "the Bug on {q} (drawn by the {})", Titled(by));
        }
        if !g.civilians().is_empty() {
            let list: Vec<String> = g.civilians().iter().map(|q| q.to_string()).collect();
            let _ = writeln!(s, "Civilians on [{}]", list.join(" "));
        }
        if g.map().blockers().any() {
            let _ = writeln!(s, "blockers on [{}]", g.map().blockers());
        }
    }
    for (i, m) in g.models().iter().enumerate() {
        let id = ModelId(i as u8);
        let loc = match m.loc {
            Loc::Board(q) => q.to_string(),
            Loc::Waiting => "waiting to enter".into(),
            Loc::Undeployed => "not deployed".into(),
            Loc::Dead => "dead".into(),
            Loc::Exited => "left the board".into(),
        };
        let _ = writeln!(
            s,
            "{id} {} {}: {loc}{}{}",
            m.side,
            g.profile(id).key,
            if m.rattled { ", rattled" } else { "" },
            if m.activated { ", activated" } else { "" }
        );
    }
    if let Some(o) = g.outcome() {
        let _ = writeln!(s, "result: {o}");
    }
    s
}
