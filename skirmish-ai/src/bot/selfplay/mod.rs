//! Self-play data for learning: seeded games between two copies of a search player, each
//! searched decision kept as the side to move saw it (a snapshot, never more), with what
//! the search made of it (every root action's visits, the chosen action's value) and how
//! the game ended.
//!
//! * [`play_game`]: one game of a run, a function of the run's seed and the game's number.
//!   With probability `explore` a decision is drawn from the search's visits instead of
//!   taking the most visited action, so that the games cover more than the search's own
//!   favourite lines (the positions still carry the search's judgement of them).
//! * [`file`]: the run's file: a header naming the run, then one compressed record a game,
//!   appended as each game ends, so a run resumes and shards as `arena` does.

mod error;
pub mod file;

use std::sync::Arc;

use ai::{Game, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use rules::fingerprint::fnv1a;
use rules::scenario::Scenario;
use rules::state::Outcome;
use rules::{Action, Side, rng_from_seed};

use super::spec::PlayerSpec;
use super::{Skirmish, side_of};

/// The runaway guard of a self-play game, in decisions.
pub const GUARD: u32 = 20_000;

/// How a self-play game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Won(Side),
    Draw,
    /// Stopped by the runaway guard: no result, and its positions are not for learning.
    Runaway,
}

impl Ending {
    fn of(outcome: Option<Outcome>) -> Ending {
        match outcome {
            Some(Outcome::Win(side, _)) => Ending::Won(side),
            Some(Outcome::Draw) => Ending::Draw,
            None => Ending::Runaway,
        }
    }

    /// The game's result for the Humans: 1 a win, 0 a loss, one half a draw; none for a
    /// game the guard stopped.
    pub fn humans_score(self) -> Option<f64> {
        match self {
            Ending::Won(Side::Humans) => Some(1.0),
            Ending::Won(Side::Martians) => Some(0.0),
            Ending::Draw => Some(0.5),
            Ending::Runaway => None,
        }
    }
}

/// One root action of a searched decision and the iterations that went through it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Visits {
    pub action: Action,
    pub visits: u32,
}

/// A searched decision, as the side to move saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// Its number among the game's decisions, from 0.
    pub decision: u32,
    /// The side to move.
    pub side: Side,
    /// The position as that side sees it ([`GameState::snapshot`](rules::GameState::snapshot)):
    /// the other hand is only a size.
    pub snapshot: Vec<u8>,
    /// The search's mean value of its most visited action, for the side to move.
    pub value: f32,
    /// Every root action the search tried, most visited first.
    pub visits: Vec<Visits>,
    /// The action played (most visited, or drawn from the visits when exploring).
    pub played: Action,
}

/// One self-play game of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlayGame {
    /// The game's number in the run (scenario by scenario: `scenario * games + game`).
    pub number: u64,
    /// The scenario's index among the run's.
    pub scenario: u8,
    pub ending: Ending,
    pub decisions: u32,
    pub rounds: u16,
    pub positions: Vec<Position>,
}

/// What a run plays: its seed, the player of both sides and how often to explore.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    pub seed: u64,
    pub player: PlayerSpec,
    /// The chance that a searched decision is drawn from the visits.
    pub explore: f64,
}

/// The seeds of game `number` of a run on `scenario_name`: its set-up and dice, each
/// side's search and the exploration draws.
fn seeds(run: &Run, scenario_name: &str, number: u64) -> [u64; 4] {
    let base = ai::arena::derive_seed(run.seed, fnv1a(scenario_name.as_bytes()), number);
    [0, 1, 2, 3].map(|k| ai::arena::derive_seed(base, 0x05e1_f9a7, k))
}

/// Plays game `number` of `run` on `scenario` (its index `scenario_index` among the run's).
pub fn play_game(
    run: &Run,
    scenario: &Arc<Scenario>,
    scenario_index: u8,
    number: u64,
) -> SelfPlayGame {
    let [setup, searches, other_search, explore] = seeds(run, &scenario.name, number);
    let mut dice = rng_from_seed(setup);
    let mut game = Skirmish::start(scenario.clone(), &mut dice);
    let mut players = [run.player.build(), run.player.build()];
    let mut rngs = [
        ChaCha8Rng::seed_from_u64(searches),
        ChaCha8Rng::seed_from_u64(other_search),
    ];
    let mut draws = ChaCha8Rng::seed_from_u64(explore);
    let mut positions = Vec::new();
    let mut decisions = 0u32;
    while !game.is_terminal() && decisions < GUARD {
        let seat = game.to_move();
        let Some(best) = players[seat].choose(&game, &mut rngs[seat]) else {
            break;
        };
        let mut played = best;
        if let Some(report) = players[seat].last_report().filter(|r| r.iterations > 0) {
            let visits: Vec<Visits> = report
                .top
                .iter()
                .map(|s| Visits {
                    action: s.action,
                    visits: s.visits.min(u64::from(u32::MAX)) as u32,
                })
                .collect();
            let total: u64 = visits.iter().map(|v| u64::from(v.visits)).sum();
            if total > 0 && draws.random_bool(run.explore.clamp(0.0, 1.0)) {
                let mut pick = draws.random_range(0..total);
                for v in &visits {
                    if pick < u64::from(v.visits) {
                        played = v.action;
                        break;
                    }
                    pick -= u64::from(v.visits);
                }
            }
            let side = side_of(seat);
            positions.push(Position {
                decision: decisions,
                side,
                snapshot: game.state().snapshot(side),
                value: report.stat(&best).map_or(0.5, |s| s.mean) as f32,
                visits,
                played,
            });
        }
        game.apply(played, &mut dice);
        decisions += 1;
    }
    let ending = if game.is_terminal() {
        Ending::of(game.state().outcome())
    } else {
        Ending::Runaway
    };
    SelfPlayGame {
        number,
        scenario: scenario_index,
        ending,
        decisions,
        rounds: game.state().round(),
        positions,
    }
}
