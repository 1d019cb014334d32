//! Playing one game of a run to its record, and playing many on worker threads.

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;
use std::time::{Duration, Instant};

use ai::{Game, Player};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::bot::game::{Skirmish, player_of, side_of};
use crate::bot::spec::{BoxedPlayer, PlayerSpec};
use rules::state::{Outcome, VpSource};
use rules::{Side, rng_from_seed};

use super::plan::{Job, Plan};
use super::record::{PerSide, Reason, Record, RootValue, Status, Vp, VpFrom, VpSources, Winner};

/// Makes the player for a spec (the arena's is [`PlayerSpec::build`]; tests may pass
/// their own).
pub type MakePlayer<'a> = dyn Fn(&PlayerSpec) -> BoxedPlayer + Sync + 'a;

fn vp_from_of(g: &Skirmish) -> VpFrom {
    let s = g.state();
    let of = |side| VpSources {
        shoot: s.vp_from(side, VpSource::Shoot),
        fight: s.vp_from(side, VpSource::Fight),
        counters: s.vp_from(side, VpSource::Counter),
        exit: s.vp_from(side, VpSource::Exit),
        hold: s.vp_from(side, VpSource::Hold),
    };
    VpFrom {
        humans: of(Side::Humans),
        martians: of(Side::Martians),
    }
}

fn vp_of(g: &Skirmish) -> Vp {
    let s = g.state();
    Vp {
        humans: s.vp(Side::Humans),
        martians: s.vp(Side::Martians),
    }
}

/// What the game loop leaves behind, finished or not.
struct Played {
    status: Status,
    error: Option<String>,
    outcome: Option<Outcome>,
    vp: Vp,
    vp_by_round: Vec<Vp>,
    vp_from: VpFrom,
    rounds: u16,
    decisions: u64,
    think: [f64; 2],
    max_decision_ms: f64,
    /// The side whose player gave the game up.
    forfeit: Option<Side>,
    /// What each search reported its chosen action worth, decision by decision.
    values: Vec<RootValue>,
    /// The decisions made, when the plan keeps them.
    moves: Option<Vec<String>>,
    /// The Humans' luck so far ([`super::luck`]).
    luck: f64,
    /// What ended the game, when a key model or a zone ended it.
    ending: Option<super::ending::Ending>,
}

fn play_loop(plan: &Plan, job: &Job, make: &MakePlayer<'_>, played: &mut Played) {
    let scenario = plan.scenarios[job.scenario].scenario.clone();
    let mut game = Skirmish::start(scenario, &mut rng_from_seed(job.game_seed));
    let mut dice = rng_from_seed(job.dice_seed);
    let mut rngs = job.player_seeds.map(ChaCha8Rng::seed_from_u64);
    let mut players = job.seats.map(|p| make(&plan.players[p].spec));
    let mut legal = Vec::new();
    // Only a key model or a zone ends a game at once in a way its record describes
    // ([`super::ending`]); other scenarios need no copy of the state before a decision.
    let decisive = super::ending::can_end_at_once(game.state().scenario());
    loop {
        played.vp = vp_of(&game);
        played.vp_from = vp_from_of(&game);
        played.rounds = game.state().round();
        if game.is_terminal() {
            played.outcome = game.state().outcome();
            played.status = Status::Finished;
            for p in &mut players {
                p.game_over(&game);
            }
            break;
        }
        if played.decisions >= plan.max_decisions {
            played.status = Status::Runaway;
            played.error = Some(format!(
                "stopped after {} decisions (the guard is {})",
                played.decisions, plan.max_decisions
            ));
            break;
        }
        let seat = game.to_move();
        let t0 = Instant::now();
        let choice = players[seat].choose(&game, &mut rngs[seat]);
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        // The value a search gave its choice: its chance to win, as it judged it (a
        // forced or settled decision reports none).
        if let (Some(a), Some(report)) = (choice, players[seat].last_report())
            && let Some(stat) = report.stat(&a)
            && report.iterations > 0
        {
            played.values.push(RootValue {
                decision: played.decisions as u32,
                side: side_of(seat),
                value: (stat.mean * 1000.0).round() / 1000.0,
            });
        }
        played.think[seat] += ms / 1000.0;
        played.max_decision_ms = played.max_decision_ms.max(ms);
        played.decisions += 1;
        let side = if seat == player_of(Side::Humans) {
            "Humans"
        } else {
            "Martians"
        };
        let Some(action) = choice else {
            if let Some(why) = players[seat].forfeit()
                && why.is_start_failure()
            {
                // Not the program's doing: the game was never played, so it is no result.
                played.status = Status::NotStarted;
                played.error = Some(format!(
                    "the {side}' program could not be started at decision {}: {why}",
                    played.decisions
                ));
                break;
            }
            if let Some(why) = players[seat].forfeit() {
                // A program that failed loses the game; the run goes on.
                played.status = Status::Finished;
                played.forfeit = Some(side_of(seat));
                played.error = Some(format!(
                    "the {side}' player gave the game up at decision {}: {why}",
                    played.decisions
                ));
                for p in &mut players {
                    p.game_over(&game);
                }
                break;
            }
            played.status = Status::NoDecision;
            played.error = Some(format!("the {side}' player made no decision"));
            break;
        };
        game.legal_actions(&mut legal);
        if !legal.contains(&action) {
            played.status = Status::Illegal;
            played.error = Some(format!(
                "the {side}' player chose `{action}`, which is not legal at decision {}",
                played.decisions
            ));
            break;
        }
        if let Some(moves) = &mut played.moves {
            moves.push(action.to_string());
        }
        let round = game.state().round();
        // The state and dice before the decision: for its luck, and to read what ended the
        // game when this decision ends it.
        let before = (plan.luck || decisive).then(|| (game.state().clone(), dice.clone()));
        game.apply(action, &mut dice);
        if decisive
            && game.is_terminal()
            && let Some((state, dice)) = &before
        {
            played.ending = super::ending::ending_of(state, action, dice);
        }
        let before = before.filter(|_| plan.luck).map(|(state, _)| state);
        if let Some(before) = before {
            played.luck += super::luck::decision_luck(
                &before,
                action,
                game.state(),
                ai::arena::derive_seed(job.dice_seed, 0x10c4, played.decisions),
            );
        }
        if game.state().round() != round {
            played.vp_by_round.push(vp_of(&game));
        }
    }
    played.vp_by_round.push(played.vp);
}

thread_local! {
    /// The last panic on this thread, as the panic hook saw it (message and place).
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Name prefix of the threads that play arena games.
const WORKER: &str = "arena-";

/// Installs, once, a panic hook that keeps panics on arena threads quiet (they are
/// recorded with their game) and passes every other panic to the hook before it.
fn quiet_worker_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let on_worker = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with(WORKER));
            if on_worker {
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
            } else {
                previous(info);
            }
        }));
    });
}

/// Plays one game of `plan` and describes it. A panic while playing is caught and recorded
/// (on arena worker threads, quietly).
pub fn play_job(plan: &Plan, job: &Job, make: &MakePlayer<'_>) -> Record {
    let start = Instant::now();
    let mut played = Played {
        status: Status::Panic,
        error: None,
        outcome: None,
        vp: Vp::default(),
        vp_by_round: Vec::new(),
        vp_from: VpFrom::default(),
        rounds: 0,
        decisions: 0,
        think: [0.0; 2],
        max_decision_ms: 0.0,
        forfeit: None,
        values: Vec::new(),
        moves: plan.record_moves.then(Vec::new),
        luck: 0.0,
        ending: None,
    };
    let caught = catch_unwind(AssertUnwindSafe(|| play_loop(plan, job, make, &mut played)));
    if let Err(payload) = caught {
        let message = LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| {
                payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic without a message".to_string())
            });
        played.status = Status::Panic;
        played.error = Some(format!(
            "panicked at decision {}: {message}",
            played.decisions
        ));
        played.outcome = None;
    }
    let (winner, reason) = match (played.forfeit, played.outcome) {
        (Some(loser), _) => (
            Some(match loser {
                Side::Humans => Winner::Martians,
                Side::Martians => Winner::Humans,
            }),
            Some(Reason::Forfeit),
        ),
        (None, outcome) => match outcome {
            Some(Outcome::Win(side, why)) => (
                Some(match side {
                    Side::Humans => Winner::Humans,
                    Side::Martians => Winner::Martians,
                }),
                Some(Reason::of_win(why)),
            ),
            Some(Outcome::Draw) => (None, Some(Reason::Draw)),
            None => (None, None),
        },
    };
    let sc = &plan.scenarios[job.scenario];
    Record {
        id: job.id.clone(),
        seed: plan.seed,
        scenario: sc.name().to_string(),
        scenario_file: sc.file.clone(),
        scenario_fingerprint: sc.fingerprint.clone(),
        game: job.game,
        game_seed: job.game_seed,
        dice_seed: job.dice_seed,
        humans: plan.players[job.seats[0]].key.clone(),
        martians: plan.players[job.seats[1]].key.clone(),
        status: played.status,
        winner,
        reason,
        vp: played.vp,
        vp_by_round: played.vp_by_round,
        vp_from: played.vp_from,
        rounds: played.rounds,
        decisions: played.decisions,
        seconds: start.elapsed().as_secs_f64(),
        think_seconds: PerSide {
            humans: played.think[0],
            martians: played.think[1],
        },
        max_decision_ms: played.max_decision_ms,
        error: played.error,
        values: played.values,
        search: Some(crate::bot::spec::search_fingerprint()),
        moves: played.moves,
        luck: (plan.luck && played.status == Status::Finished)
            .then_some((played.luck * 1e4).round() / 1e4),
        ending: played.ending.filter(|_| played.forfeit.is_none()),
    }
}

/// Plays `jobs` on `threads` worker threads, handing each record to `on_record` on the
/// calling thread as its game ends, and calling `on_tick` about every `tick` while games
/// are under way (for progress displays). `on_record` returns `false` to stop: games under
/// way are finished and handed over, no new game starts.
pub fn play_jobs(
    plan: &Plan,
    jobs: &[Job],
    threads: usize,
    make: &MakePlayer<'_>,
    tick: Duration,
    on_record: impl FnMut(Record) -> bool,
    on_tick: impl FnMut(),
) {
    play_job_stream(
        plan,
        jobs.iter().cloned(),
        threads,
        make,
        tick,
        on_record,
        on_tick,
    );
}

/// [`play_jobs`] on games made one at a time as workers ask for them (see
/// [`Plan::iter_jobs`]), so a run of any length plans in the same memory: the search
/// crate's one pool of game threads ([`ai::pool::run`]).
pub fn play_job_stream<I>(
    plan: &Plan,
    jobs: I,
    threads: usize,
    make: &MakePlayer<'_>,
    tick: Duration,
    on_record: impl FnMut(Record) -> bool,
    on_tick: impl FnMut(),
) where
    I: Iterator<Item = Job> + Send,
{
    quiet_worker_panics();
    ai::pool::run(
        jobs,
        threads,
        WORKER,
        |job: Job| play_job(plan, &job, make),
        tick,
        on_record,
        on_tick,
    );
}
