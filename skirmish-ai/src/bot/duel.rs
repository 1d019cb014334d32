//! Matches between two player specs on a scenario, on one or more threads, with the
//! search crate's match runner (seeded games, seats swapped every other game, a runaway
//! guard that reports a game as failed, Wilson intervals).

use std::sync::Arc;

use ai::arena::{GameRecord, MatchConfig, MatchReport};

use rules::rng_from_seed;
use rules::scenario::Scenario;

use super::exec::Kept;
use super::game::Skirmish;
use super::spec::{BoxedPlayer, PlayerSpec};

/// The default runaway guard: a game with more decisions than this is reported as failed.
/// Games of Scenario 1 take a few hundred decisions; random play rarely passes 2,000.
pub const MAX_DECISIONS: u64 = 20_000;

/// Settings of a duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelConfig {
    /// The match: games, seed, seat swapping and runaway guard.
    pub matches: MatchConfig,
    /// Threads playing games side by side (each game on one thread).
    pub jobs: usize,
}

impl DuelConfig {
    /// `games` games from `seed`, seats swapped, one thread.
    pub fn new(games: u32, seed: u64) -> DuelConfig {
        DuelConfig {
            matches: MatchConfig {
                games,
                seed,
                swap_seats: true,
                max_decisions: MAX_DECISIONS,
            },
            jobs: 1,
        }
    }
}

/// Plays `config.matches.games` games of `scenario` between `a` (player A) and `b`, each
/// game set up from its game seed (counter placement) and played with the dice and player
/// generators the match runner derives, so a duel gives the same games on any number of
/// jobs (up to the wall-clock budgets of timed players). `on_game` is called after each
/// game, from the thread that played it.
pub fn duel<F>(
    scenario: &Arc<Scenario>,
    a: PlayerSpec,
    b: PlayerSpec,
    config: &DuelConfig,
    on_game: F,
) -> MatchReport
where
    F: Fn(&GameRecord) + Sync,
{
    // A program that asks for it plays the duel's games in one process (a `new_game`
    // between them); those left are stopped when the duel ends.
    let kept = Kept::new();
    duel_players(
        scenario,
        || a.build_kept(&kept),
        || b.build_kept(&kept),
        config,
        on_game,
    )
}

/// [`duel`] between players made by `make_a` and `make_b` (fresh ones for every game), for
/// players no spec names (a search with other heuristics, see
/// [`PlayerSpec::build_with_heuristics`](super::spec::PlayerSpec::build_with_heuristics)).
pub fn duel_players<FA, FB, F>(
    scenario: &Arc<Scenario>,
    make_a: FA,
    make_b: FB,
    config: &DuelConfig,
    on_game: F,
) -> MatchReport
where
    FA: Fn() -> BoxedPlayer + Sync,
    FB: Fn() -> BoxedPlayer + Sync,
    F: Fn(&GameRecord) + Sync,
{
    ai::arena::play_match_on_threads(
        &config.matches,
        config.jobs,
        |seed| Skirmish::start(scenario.clone(), &mut rng_from_seed(seed)),
        make_a,
        make_b,
        on_game,
    )
}
