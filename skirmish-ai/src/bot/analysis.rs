//! After a game: where it was won and lost, for one side.
//!
//! The game is replayed from its seeds and decisions, and read two ways.
//!
//! **The ledger** follows one value through the game: the side's chance to win by the
//! fitted evaluation of the true position (the game is over, so nothing is hidden from
//! an analysis of it), or the result once the game has ended. Each decision, of either
//! side, splits the change it made into what the decision was worth and what its draws
//! were worth: its *choice* is the expectation of the value over the decision's random
//! outcomes (the dice, a card drawn, a counter turned) less the value before it, and its
//! *luck* the value after it less that expectation ([`crate::arena::luck`], the
//! expectation an average over seeded draws of that very decision). A decision that draws
//! nothing has no luck. So for every game, exactly,
//!
//! ```text
//! start + the side's choices + the other side's choices + luck = end
//! ```
//!
//! **The judgement** of the side's own decisions: at each with a choice, a search (the
//! player given, with an iteration budget so that the analysis replays) values the moves
//! there as the side saw them, never more; a decision's cost is the value of the move the
//! search preferred less the value of the move played, in that one search, and it is
//! counted as a mistake only when it exceeds the search's own noise: the standard error of
//! the difference of the two means, each mean's variance taken at its most, `v (1 - v)`
//! over its visits (the values a simulation ends on lie in 0..1), so the noise is if
//! anything overstated and a mistake counted is one the search is sure of. Choices that lead to the same position are one choice and never a
//! mistake: the same decision with an interchangeable model
//! ([`rules::GameState::same_choice`]), or a step the model went on from to the square a
//! step the search preferred could also have reached in the same action.

use rules::action::Action;
use rules::square::Side;
use rules::state::{Event, GameState, Outcome, Phase};
use rules::{GameRng, Square, state::IllegalAction};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::game::Skirmish;
use super::spec::{BoxedPlayer, PlayerSpec};
use crate::arena::luck::{decision_luck, referee_value};

/// Why the move played is the same choice as the move the search preferred.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SameAs {
    /// It is that move.
    Preferred,
    /// It is that move with (or at) an interchangeable model.
    Twin,
    /// A step, after which the model went on to a square the preferred step could also
    /// have reached in the same action.
    OtherPath,
}

/// The search's judgement of one of the side's decisions with a choice.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// The move the search preferred (the most visited).
    pub best: Action,
    /// Its value for the side.
    pub best_value: f64,
    /// The value of the move played, in the same search (or, a move it never tried, in a
    /// search after it).
    pub played_value: f64,
    /// The search's noise on the difference of the two values.
    pub noise: f64,
    /// Set when the move played is one choice with the preferred one.
    pub same: Option<SameAs>,
}

impl Judged {
    /// What the decision cost against the search's choice: 0 when it is the same choice.
    pub fn cost(&self) -> f64 {
        if self.same.is_some() {
            0.0
        } else {
            (self.best_value - self.played_value).max(0.0)
        }
    }

    /// Is it a mistake: a cost beyond the search's noise?
    pub fn counted(&self) -> bool {
        self.cost() > self.noise
    }
}

/// What one decision did to the side's value in the ledger.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shift {
    /// The side's value before it.
    pub before: f64,
    /// What the decision was worth to the side: the expectation over its draws less
    /// `before`.
    pub choice: f64,
    /// What its draws were worth to the side: `after` less that expectation (0 when it drew
    /// nothing).
    pub luck: f64,
    /// The side's value after it, its draws made.
    pub after: f64,
}

/// One decision of the game, of either side.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// Its index among the game's decisions (0 = the first).
    pub decision: usize,
    /// The Round it was made in, as the game's log heads it: the cards kept and drawn
    /// once a Round has ended belong to the Round that follows.
    pub round: u16,
    /// Who decided.
    pub mover: Side,
    pub played: Action,
    /// What it did to the side's value: kept only for a game that is over (the ledger
    /// reads the whole position, hidden cards and counters among it).
    pub shift: Option<Shift>,
    /// The search's judgement, for the side's own decisions with a choice.
    pub judged: Option<Judged>,
}

/// The ledger's sums over a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ledger {
    pub start: f64,
    /// The side's own choices.
    pub own_choices: f64,
    /// The other side's choices.
    pub other_choices: f64,
    pub luck: f64,
    pub end: f64,
}

impl Ledger {
    /// Both sides' choices.
    pub fn choices(&self) -> f64 {
        self.own_choices + self.other_choices
    }
}

/// The analysis of a game for one side.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub side: Side,
    /// The search that judged the side's decisions.
    pub judge: PlayerSpec,
    /// Every decision of the game, in order.
    pub steps: Vec<Step>,
}

impl Analysis {
    /// The ledger's sums, `start + own_choices + other_choices + luck = end`: for a game
    /// that is over (and had a decision), else none.
    pub fn ledger(&self) -> Option<Ledger> {
        let first = self.steps.first()?.shift?;
        let last = self.steps.last()?.shift?;
        let mut l = Ledger {
            start: first.before,
            own_choices: 0.0,
            other_choices: 0.0,
            luck: 0.0,
            end: last.after,
        };
        for s in &self.steps {
            let shift = s.shift?;
            if s.mover == self.side {
                l.own_choices += shift.choice;
            } else {
                l.other_choices += shift.choice;
            }
            l.luck += shift.luck;
        }
        Some(l)
    }

    /// The side's decisions the search judged.
    pub fn judged(&self) -> impl Iterator<Item = (&Step, &Judged)> {
        self.steps
            .iter()
            .filter_map(|s| s.judged.as_ref().map(|j| (s, j)))
    }

    /// The `n` costliest mistakes (costs beyond the search's noise), the costliest first
    /// (ties: the earlier decision).
    pub fn worst(&self, n: usize) -> Vec<(&Step, &Judged)> {
        let mut v: Vec<_> = self.judged().filter(|(_, j)| j.counted()).collect();
        v.sort_by(|a, b| {
            b.1.cost()
                .total_cmp(&a.1.cost())
                .then(a.0.decision.cmp(&b.0.decision))
        });
        v.truncate(n);
        v
    }

    /// The summed cost of the mistakes.
    pub fn mistakes_cost(&self) -> f64 {
        self.judged()
            .filter(|(_, j)| j.counted())
            .map(|(_, j)| j.cost())
            .sum()
    }
}

/// A decision of the game analysed that is not legal where it stands (`number` counts
/// from 1), and the rules' refusal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("decision {number} (`{action}`): {}", refused.reason())]
pub struct NotLegal {
    pub number: usize,
    pub action: Action,
    pub refused: IllegalAction,
}

/// The side's value of `g` in the ledger.
fn ledger_value(g: &GameState, side: Side) -> f64 {
    let h = referee_value(g);
    if side == Side::Humans { h } else { 1.0 - h }
}

/// Analyse the game that started at `start` and rolled from `dice`, with `actions`, for
/// `side`, its decisions judged by `judge` (a searching player; its iterations make the
/// analysis replay). `seed` seeds the searches and the draws the expectations take.
/// `progress(done, total)` is called after each decision. An action that is not legal
/// where it stands is an error naming it.
pub fn analyse(
    start: &GameState,
    mut dice: GameRng,
    actions: &[Action],
    side: Side,
    judge: &PlayerSpec,
    seed: u64,
    mut progress: impl FnMut(usize, usize),
) -> Result<Analysis, NotLegal> {
    let over = ends(start, dice.clone(), actions);
    let mut state = start.clone();
    let mut search = judge.build();
    let mut legal = Vec::new();
    let mut steps = Vec::new();
    let total = actions.len();
    // The Round as the log heads it: one more for every Round that has ended.
    let mut round = 1u16;
    let mut events: Vec<Event> = Vec::new();
    let mut value = ledger_value(&state, side);
    for (i, &action) in actions.iter().enumerate() {
        let mover = state.to_move();
        legal.clear();
        state.legal_actions(&mut legal);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (i as u64).wrapping_mul(0x9E37_79B9));
        let judged = (mover == Some(side) && legal.len() > 1 && legal.contains(&action))
            .then(|| judge_decision(&state, action, &actions[i..], side, &mut search, &mut rng))
            .flatten();
        let before = state.clone();
        let decided_in = round;
        events.clear();
        state
            .play_logged(action, &mut dice, &mut events)
            .map_err(|refused: IllegalAction| NotLegal {
                number: i + 1,
                action,
                refused,
            })?;
        round += events
            .iter()
            .filter(|e| matches!(e, Event::RoundEnded { .. }))
            .count() as u16;
        let shift = over.then(|| {
            let after = ledger_value(&state, side);
            let humans_luck = decision_luck(&before, action, &state, seed ^ (i as u64) << 20);
            let luck = if side == Side::Humans {
                humans_luck
            } else {
                -humans_luck
            };
            let shift = Shift {
                before: value,
                choice: after - luck - value,
                luck,
                after,
            };
            value = after;
            shift
        });
        steps.push(Step {
            decision: i,
            round: decided_in,
            mover: mover.unwrap_or(side),
            played: action,
            shift,
            judged,
        });
        progress(i + 1, total);
    }
    Ok(Analysis {
        side,
        judge: *judge,
        steps,
    })
}

/// Does the game end with `actions` (each legal where it stands)?
fn ends(start: &GameState, mut dice: GameRng, actions: &[Action]) -> bool {
    let mut g = start.clone();
    actions.iter().all(|a| g.play(*a, &mut dice).is_ok()) && g.is_over()
}

/// The search's value of `state` for `side`, and the noise on it: the result when the
/// game is over; else the most visited move's mean, turned into the side's.
fn searched_value(
    state: &GameState,
    side: Side,
    search: &mut BoxedPlayer,
    rng: &mut ChaCha8Rng,
) -> (f64, f64) {
    if let Some(outcome) = state.outcome() {
        let v = match outcome {
            Outcome::Win(w, _) if w == side => 1.0,
            Outcome::Win(..) => 0.0,
            _ => 0.5,
        };
        return (v, 0.0);
    }
    let game = Skirmish::new(state.clone());
    let report = search
        .choose(&game, rng)
        .and_then(|_| search.last_report().cloned());
    match (state.to_move(), report) {
        (Some(m), Some(r)) if !r.top.is_empty() => {
            let s = &r.top[0];
            let v = if m == side { s.mean } else { 1.0 - s.mean };
            (v, variance_share(s.mean, s.visits))
        }
        _ => (ledger_value(state, side), 0.0),
    }
}

/// The variance of a mean `v` of `visits` values in 0..1, at most `v (1 - v) / visits`.
fn variance_share(v: f64, visits: u64) -> f64 {
    v * (1.0 - v) / visits.max(1) as f64
}

/// The search's judgement of `played` (the first of `game_rest`, the game's decisions
/// from here) at `state`, the side's decision; `None` when the search gives no report.
fn judge_decision(
    state: &GameState,
    played: Action,
    game_rest: &[Action],
    side: Side,
    search: &mut BoxedPlayer,
    rng: &mut ChaCha8Rng,
) -> Option<Judged> {
    let game = Skirmish::new(state.clone());
    search.choose(&game, rng)?;
    let report = search.last_report()?.clone();
    let best = report.top.first()?;
    let (played_value, played_var) = match report.stat(&played) {
        Some(s) => (s.mean, variance_share(s.mean, s.visits)),
        None => {
            // A move the search never tried is valued by a search after it.
            let mut after = state.clone();
            let mut scratch = ChaCha8Rng::seed_from_u64(0);
            after.play(played, &mut scratch).ok()?;
            searched_value(&after, side, search, rng)
        }
    };
    let same = if best.action == played {
        Some(SameAs::Preferred)
    } else if state.same_choice(best.action, played) {
        Some(SameAs::Twin)
    } else if reaches_where_it_went(state, best.action, game_rest) {
        Some(SameAs::OtherPath)
    } else {
        None
    };
    Some(Judged {
        best: best.action,
        best_value: best.mean,
        played_value,
        noise: (variance_share(best.mean, best.visits) + played_var).sqrt(),
        same,
    })
}

/// `game_rest` starts with a step of the acting model: does the step `preferred` lead,
/// within the same action, to the square the model's steps in the game ended on?
fn reaches_where_it_went(state: &GameState, preferred: Action, game_rest: &[Action]) -> bool {
    let (Action::Move(_), Phase::Acting(_)) = (preferred, state.phase()) else {
        return false;
    };
    // The model's steps in the game, from here to its last in a row.
    let mut went = state.clone();
    let mut scratch = ChaCha8Rng::seed_from_u64(0);
    let mut end: Option<Square> = None;
    for a in game_rest {
        let Action::Move(to) = *a else { break };
        if went.play(*a, &mut scratch).is_err() {
            return false;
        }
        end = Some(to);
        if !matches!(went.phase(), Phase::Acting(_)) {
            break;
        }
    }
    let Some(end) = end else { return false };
    // Every square the preferred step's path can reach with the steps left, breadth
    // first; a step that turns a counter draws from a scratch generator (its face does
    // not change where the model may go).
    let mut frontier = vec![state.clone()];
    let mut seen: Vec<Square> = Vec::new();
    let mut first = true;
    let mut legal = Vec::new();
    while let Some(g) = frontier.pop() {
        legal.clear();
        g.legal_actions(&mut legal);
        for &a in &legal {
            let Action::Move(to) = a else { continue };
            if (first && a != preferred) || seen.contains(&to) {
                continue;
            }
            if to == end {
                return true;
            }
            seen.push(to);
            let mut next = g.clone();
            if next.play(a, &mut scratch).is_ok() && matches!(next.phase(), Phase::Acting(_)) {
                frontier.push(next);
            }
        }
        first = false;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;
    use rules::dice::rng_from_seed;
    use rules::scenario_file::load_scenario;
    use rules::{Scenario, action::ModelId};
    use std::sync::Arc;

    fn scenario(file: &str) -> Arc<Scenario> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios")
            .join(file);
        Arc::new(load_scenario(&path).unwrap().scenario)
    }

    /// A whole game of random decisions from `seed`, with the final state.
    fn random_game(scenario: &Arc<Scenario>, seed: u64) -> (Vec<Action>, GameState) {
        let mut dice = rng_from_seed(seed);
        let mut state = GameState::new(scenario.clone(), &mut dice);
        let mut pick = ChaCha8Rng::seed_from_u64(seed + 1);
        let mut actions = Vec::new();
        let mut legal = Vec::new();
        while !state.is_over() && actions.len() < 4000 {
            legal.clear();
            state.legal_actions(&mut legal);
            let a = legal[pick.random_range(0..legal.len())];
            state.play(a, &mut dice).unwrap();
            actions.push(a);
        }
        (actions, state)
    }

    fn judge() -> PlayerSpec {
        "mcts:40".parse().unwrap()
    }

    fn run(sc: &Arc<Scenario>, seed: u64, actions: &[Action], side: Side) -> Analysis {
        let mut dice = rng_from_seed(seed);
        let start = GameState::new(sc.clone(), &mut dice);
        analyse(&start, dice, actions, side, &judge(), seed, |_, _| {}).unwrap()
    }

    #[test]
    fn start_plus_choices_plus_luck_is_the_end_in_every_game() {
        for (file, seed) in [
            ("ambush.toml", 7),
            ("grab-and-go.toml", 8),
            ("evacuation.toml", 9),
        ] {
            let sc = scenario(file);
            let (actions, end) = random_game(&sc, seed);
            assert!(end.is_over(), "random games of {file} end");
            for side in Side::BOTH {
                let a = run(&sc, seed, &actions, side);
                assert_eq!(
                    a.steps.len(),
                    actions.len(),
                    "every decision is in the ledger"
                );
                let l = a.ledger().expect("the game is over");
                let sum = l.start + l.own_choices + l.other_choices + l.luck;
                assert!(
                    (sum - l.end).abs() < 1e-9,
                    "{file} {side}: {sum} against {}",
                    l.end
                );
                // The end is the result.
                let won = matches!(end.outcome(), Some(Outcome::Win(w, _)) if w == side);
                let drawn = matches!(end.outcome(), Some(Outcome::Draw));
                let result = if drawn {
                    0.5
                } else if won {
                    1.0
                } else {
                    0.0
                };
                assert_eq!(l.end, result, "{file} {side}");
                // The two sides' ledgers mirror each other.
                if side == Side::Martians {
                    let h = run(&sc, seed, &actions, Side::Humans).ledger().unwrap();
                    assert!((h.start + l.start - 1.0).abs() < 1e-12);
                    assert!((h.luck + l.luck).abs() < 1e-9);
                    assert!((h.own_choices + l.other_choices).abs() < 1e-9);
                }
                // Each step stands on the referee's value of the true position before and
                // after it; a decision that draws nothing has no luck (its whole change is
                // its choice), and the rolls that decide the game carry luck.
                let mut dice = rng_from_seed(seed);
                let mut state = GameState::new(sc.clone(), &mut dice);
                let mut lucky = 0;
                for s in &a.steps {
                    let s_ = s.shift.unwrap();
                    assert_eq!(s_.before, ledger_value(&state, side), "{}", s.decision);
                    let mut copy = state.clone();
                    let mut probe = dice.clone();
                    let mut counting = crate::bot::counting::Counting::new(&mut probe);
                    copy.apply(s.played, &mut counting);
                    let drew = counting.asked() > 0;
                    state.play(s.played, &mut dice).unwrap();
                    assert_eq!(s_.after, ledger_value(&state, side), "{}", s.decision);
                    if drew {
                        lucky += usize::from(s_.luck != 0.0);
                    } else {
                        assert_eq!(s_.luck, 0.0, "decision {} draws nothing", s.decision);
                        assert_eq!(s_.choice, s_.after - s_.before);
                    }
                }
                assert!(lucky > 0, "{file} {side}: the dice were worth something");
            }
        }
    }

    #[test]
    fn the_sides_choices_are_judged_and_the_analysis_replays() {
        let sc = scenario("ambush.toml");
        let (actions, _) = random_game(&sc, 7);
        let side = Side::Humans;
        // The side's decisions with more than one legal action, counted by replaying.
        let mut dice = rng_from_seed(7);
        let mut state = GameState::new(sc.clone(), &mut dice);
        let mut expected = Vec::new();
        let mut legal = Vec::new();
        for (i, a) in actions.iter().enumerate() {
            legal.clear();
            state.legal_actions(&mut legal);
            if state.to_move() == Some(side) && legal.len() > 1 {
                expected.push(i);
            }
            state.play(*a, &mut dice).unwrap();
        }
        let a = run(&sc, 7, &actions, side);
        let got: Vec<usize> = a.judged().map(|(s, _)| s.decision).collect();
        assert_eq!(got, expected);
        for (s, j) in a.judged() {
            assert_eq!(s.mover, side);
            assert!(j.noise > 0.0 && j.cost() >= 0.0);
            if j.same.is_some() {
                assert_eq!(j.cost(), 0.0, "one choice costs nothing");
            }
        }
        let worst = a.worst(3);
        assert!(worst.windows(2).all(|w| w[0].1.cost() >= w[1].1.cost()));
        assert!(worst.iter().all(|(_, j)| j.counted() && j.same.is_none()));
        assert_eq!(
            run(&sc, 7, &actions, side),
            a,
            "the same game gives the same analysis"
        );
        // A game going on has no ledger: it would read the hidden cards and counters.
        let part = run(&sc, 7, &actions[..actions.len() / 2], side);
        assert!(part.ledger().is_none());
        assert!(part.steps.iter().all(|s| s.shift.is_none()));
        assert_eq!(
            part.judged().count(),
            a.judged()
                .filter(|(s, _)| s.decision < actions.len() / 2)
                .count()
        );
    }

    /// Ambush on Route 9 after the Martians' first Turn, every Martian done at once: the
    /// Humans to act, with the Soldiers two on d4 (m0, m1), two on e5 (m2, m3), one on d5
    /// (m4) and two on e4 (m5, m6).
    fn humans_to_act(seed: u64) -> GameState {
        let mut g = GameState::new(scenario("ambush.toml"), &mut rng_from_seed(seed));
        let mut dice = rng_from_seed(seed + 100);
        let mut legal = Vec::new();
        while g.to_move() != Some(Side::Humans) {
            legal.clear();
            g.legal_actions(&mut legal);
            let a = *legal
                .iter()
                .find(|a| matches!(a, Action::Done | Action::EndTurn | Action::Pass))
                .unwrap_or(&legal[0]);
            g.play(a, &mut dice).unwrap();
        }
        g
    }

    #[test]
    fn acting_with_the_twin_of_the_preferred_soldier_is_never_a_mistake() {
        let twin = |m: ModelId| match m.0 {
            0 => Some(ModelId(1)),
            1 => Some(ModelId(0)),
            2 => Some(ModelId(3)),
            3 => Some(ModelId(2)),
            5 => Some(ModelId(6)),
            6 => Some(ModelId(5)),
            _ => None,
        };
        let mut seen = 0;
        for seed in 0..12 {
            let g = humans_to_act(seed);
            let mut search = judge().build();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            // The search's preference, judging the lone Soldier's activation.
            let lone = Action::Activate(ModelId(4));
            let j = judge_decision(&g, lone, &[lone], Side::Humans, &mut search, &mut rng).unwrap();
            let Action::Activate(best) = j.best else {
                continue;
            };
            let Some(other) = twin(best) else { continue };
            seen += 1;
            // The same search again (its seed, a tree of its own), judging the twin's.
            let played = Action::Activate(other);
            let mut search = judge().build();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let j =
                judge_decision(&g, played, &[played], Side::Humans, &mut search, &mut rng).unwrap();
            assert_eq!(
                j.best,
                Action::Activate(best),
                "the same search prefers the same"
            );
            assert_eq!(j.same, Some(SameAs::Twin));
            assert_eq!(j.cost(), 0.0);
            assert!(!j.counted());
            // A Soldier of another square is another choice.
            let elsewhere = Action::Activate(ModelId(4));
            assert!(!g.same_choice(Action::Activate(best), elsewhere));
        }
        assert!(
            seen > 0,
            "the search preferred a Soldier with a twin somewhere"
        );
    }

    #[test]
    fn a_step_whose_path_the_preferred_step_could_also_take_is_one_choice() {
        let g = humans_to_act(1);
        let mut acting = g.clone();
        acting
            .play(Action::Activate(ModelId(4)), &mut rng_from_seed(0))
            .unwrap();
        let moves = |g: &GameState| {
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            legal
                .into_iter()
                .filter(|a| matches!(a, Action::Move(_)))
                .collect::<Vec<_>>()
        };
        let first = moves(&acting);
        assert!(
            first.len() >= 2,
            "the Soldier on d5 has steps to choose from"
        );
        // The game's path: a first step x, then a second step y from there.
        let mut found = false;
        for &x in &first {
            let mut after_x = acting.clone();
            after_x.play(x, &mut rng_from_seed(0)).unwrap();
            for y in moves(&after_x) {
                for &z in first.iter().filter(|z| **z != x) {
                    // z reaches y at once when y is a step from z.
                    let mut after_z = acting.clone();
                    after_z.play(z, &mut rng_from_seed(0)).unwrap();
                    if moves(&after_z).contains(&y) {
                        found = true;
                        assert!(reaches_where_it_went(&acting, z, &[x, y]), "{x} {y} {z}");
                    }
                }
            }
        }
        assert!(found);
        // Not a step: never another path.
        assert!(!reaches_where_it_went(&acting, Action::Done, &first[..1]));
    }

    #[test]
    fn an_illegal_decision_is_named() {
        let sc = scenario("ambush.toml");
        let (mut actions, _) = random_game(&sc, 3);
        actions.truncate(3);
        actions.push(Action::Pass);
        actions.push(Action::Pass);
        // The first of the passes the rules refuse, counted by replaying.
        let mut dice = rng_from_seed(3);
        let mut state = GameState::new(sc.clone(), &mut dice);
        let bad = actions
            .iter()
            .position(|a| state.play(*a, &mut dice).is_err())
            .expect("a pass here is illegal");
        assert!(bad >= 3, "the first three decisions were legal");
        let mut dice = rng_from_seed(3);
        let start = GameState::new(sc.clone(), &mut dice);
        let e = analyse(&start, dice, &actions, Side::Humans, &judge(), 3, |_, _| {}).unwrap_err();
        assert!(
            e.to_string()
                .starts_with(&format!("decision {} (`pass`)", bad + 1)),
            "{e}"
        );
    }
}
