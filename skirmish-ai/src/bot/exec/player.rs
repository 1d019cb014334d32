//! [`ExecPlayer`]: a bot program playing one side of one game.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ai::{ActionStat, Forfeit, SearchReport};
use rand::RngCore;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::bot::game::{JournalEntry, Skirmish, player_of};
use rules::{Action, GameState, Side};

use super::bot_error::{BotError, shorten};
use super::kept::Kept;
use super::message::{self, Asked};
use super::process::BotProcess;
use super::{BotId, ExecBot, PROTOCOL_LATEST, PROTOCOL_VERSION};

/// The least time a bot has to start and answer the hello.
pub const HELLO_LIMIT: Duration = Duration::from_secs(10);
/// Time a bot has to exit once told the game is over.
const EXIT_GRACE: Duration = Duration::from_millis(500);
/// The most lines of the bot's "info" kept.
const INFO_LINES: usize = 10;

/// A bot program playing the side it is first asked to decide for. Started at its first
/// decision, stopped when the game is over or it fails (or, in a run, kept for the next
/// game when it asked for `new_game`); a failure is kept as the reason it gives the game
/// up ([`ai::Player::forfeit`]).
pub struct ExecPlayer {
    id: BotId,
    bot: ExecBot,
    process: Option<BotProcess>,
    /// The run's waiting programs, when the player plays in a run that keeps them.
    kept: Option<Arc<Kept>>,
    side: Option<Side>,
    /// How much of the game's journal the bot has been told, and the last entry told.
    told: usize,
    last_told: Option<JournalEntry>,
    decisions: u64,
    /// What the bot chose in its hello answer: the protocol version and its opt-ins.
    asked: Asked,
    failure: Option<Forfeit>,
    report: Option<SearchReport<Action>>,
}

impl ExecPlayer {
    pub fn new(id: BotId) -> ExecPlayer {
        ExecPlayer {
            id,
            bot: id.bot(),
            process: None,
            kept: None,
            side: None,
            told: 0,
            last_told: None,
            decisions: 0,
            asked: Asked::version(PROTOCOL_VERSION),
            failure: None,
            report: None,
        }
    }

    /// A player in a run that keeps programs between games (`duel`, `arena`): it takes a
    /// waiting process of its program if there is one, and leaves its own there when its
    /// game is over, if the bot asked for `new_game`.
    pub fn kept(id: BotId, kept: Arc<Kept>) -> ExecPlayer {
        ExecPlayer {
            kept: Some(kept),
            ..ExecPlayer::new(id)
        }
    }

    /// Records why the bot failed, with the last lines of its standard error, and stops
    /// it.
    fn fail(&mut self, what: Forfeit) {
        let tail = self
            .process
            .take()
            .map(|mut p| p.stderr_tail())
            .unwrap_or_default();
        let mut failure = what;
        if !tail.is_empty() {
            failure.reason.push_str("; its last standard error lines: ");
            failure.reason.push_str(&tail.join(" | "));
        }
        self.failure = Some(failure);
    }

    fn start(&mut self, g: &GameState, side: Side, seed: u64) -> Result<(), Forfeit> {
        let limit = self.bot.limit.max(HELLO_LIMIT);
        let hello = message::hello(g, side, self.bot.limit.as_millis() as u64, seed);
        // A program kept from the run's last game is told of the new one; one that does
        // not answer is stopped, and a fresh one started.
        let waiting = self.kept.as_ref().and_then(|k| k.take(self.id));
        if let Some(p) = waiting {
            self.process = Some(p);
            let msg = message::new_game(&hello).to_string();
            match self.exchange(&msg, limit, "new_game") {
                Ok(answer) => {
                    if let Some(k) = &self.kept {
                        k.count_reuse();
                    }
                    return Ok(self.accept_hello(g, &answer, limit)?);
                }
                Err(_) => self.process = None,
            }
        }
        self.process = Some(BotProcess::spawn(&self.bot)?);
        if let Some(k) = &self.kept {
            k.count_start();
        }
        let answer = self.exchange(&hello.to_string(), limit, "the hello")?;
        Ok(self.accept_hello(g, &answer, limit)?)
    }

    /// Reads a hello answer (to a hello or a `new_game`): what the bot chose; to a version
    /// 2 bot, the static game follows.
    fn accept_hello(
        &mut self,
        g: &GameState,
        answer: &Value,
        limit: Duration,
    ) -> Result<(), BotError> {
        if answer.get("type").and_then(Value::as_str) != Some("hello") {
            return Err(BotError::NotAHello(answer.clone()));
        }
        self.asked = asked_of(answer)?;
        if self.asked.version >= 2 {
            let game = message::game(g).to_string();
            let p = self.process.as_mut().ok_or(BotError::NotRunning)?;
            p.tell(&game, limit).map_err(BotError::GameMessage)?;
        }
        Ok(())
    }

    /// Tells the bot `msg` and reads its answer as JSON, both within `limit`.
    fn exchange(&mut self, msg: &str, limit: Duration, what: &str) -> Result<Value, BotError> {
        let p = self.process.as_mut().ok_or(BotError::NotRunning)?;
        let line = p.exchange(msg, limit).map_err(|why| BotError::NoAnswer {
            what: what.to_string(),
            limit,
            why,
        })?;
        serde_json::from_str(&line).map_err(|e| BotError::NotJson {
            what: what.to_string(),
            why: e.to_string(),
            line,
        })
    }

    fn decide(
        &mut self,
        game: &Skirmish,
        side: Side,
        rng: &mut ChaCha8Rng,
    ) -> Result<Action, Forfeit> {
        let g = game.state();
        if self.process.is_none() {
            self.start(g, side, rng.next_u64())?;
        }
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let journal = game.journal().unwrap_or(&[]);
        let since = journal.get(self.told.min(journal.len())..).unwrap_or(&[]);
        self.decisions += 1;
        let msg = message::decision_asked(g, side, self.decisions, since, &legal, self.asked);
        self.told = journal.len();
        self.last_told = journal.last().cloned();
        let t0 = Instant::now();
        let what = format!("decision {}", self.decisions);
        let answer = self.exchange(&msg.to_string(), self.bot.limit, &what)?;
        let elapsed = t0.elapsed();
        let text = answer
            .get("action")
            .and_then(Value::as_str)
            .ok_or_else(|| {
                format!(
                    "its answer to {what}, {}, has no \"action\" string",
                    shorten(&answer.to_string())
                )
            })?;
        let action: Action = text.parse().map_err(|e| {
            format!(
                "it answered {what} with `{}`, which is not an action: {e}",
                shorten(text)
            )
        })?;
        if !legal.contains(&action) {
            let why = g
                .check(action)
                .err()
                .map_or_else(String::new, |e| e.reason());
            return Err(Forfeit::failed(format!(
                "it answered {what} with `{action}`, which is not legal now: {why}"
            )));
        }
        self.report = Some(report_of(&answer, action, player_of(side), elapsed));
        Ok(action)
    }
}

/// What a bot's hello answer asks for: its `"protocol"` (the first version when it gives
/// none), and, in version 2, `"annotate"`, `"snapshot"` and `"new_game"` (each `true` or
/// `false`, `false` when left out).
fn asked_of(answer: &Value) -> Result<Asked, BotError> {
    let version = match answer.get("protocol") {
        None | Some(Value::Null) => PROTOCOL_VERSION,
        Some(v) => v
            .as_u64()
            .filter(|n| (u64::from(PROTOCOL_VERSION)..=u64::from(PROTOCOL_LATEST)).contains(n))
            .map(|n| n as u32)
            .ok_or_else(|| BotError::Protocol(v.clone()))?,
    };
    let flag = |key: &str| -> Result<bool, BotError> {
        match answer.get(key) {
            None | Some(Value::Null) | Some(Value::Bool(false)) => Ok(false),
            Some(Value::Bool(true)) if version >= 2 => Ok(true),
            Some(Value::Bool(true)) => Err(BotError::OptInOfVersion2(key.to_string())),
            Some(v) => Err(BotError::OptInNotBool {
                key: key.to_string(),
                given: v.clone(),
            }),
        }
    };
    Ok(Asked {
        version,
        annotate: flag("annotate")?,
        snapshot: flag("snapshot")?,
        new_game: flag("new_game")?,
    })
}

/// The bot's "info" as a search report, for the table's AI panel: each line an action
/// with its value and visits (or share), as far as the bot gave them.
fn report_of(
    answer: &Value,
    chosen: Action,
    player: usize,
    elapsed: Duration,
) -> SearchReport<Action> {
    let mut top = Vec::new();
    if let Some(lines) = answer.get("info").and_then(Value::as_array) {
        for line in lines.iter().take(INFO_LINES) {
            let Some(action) = line
                .get("action")
                .and_then(Value::as_str)
                .and_then(|a| a.parse::<Action>().ok())
            else {
                continue;
            };
            let mean = line
                .get("value")
                .and_then(Value::as_f64)
                .filter(|v| v.is_finite())
                .map_or(0.5, |v| v.clamp(0.0, 1.0));
            let visits = line.get("visits").and_then(Value::as_u64).unwrap_or(0);
            top.push(ActionStat {
                action,
                visits,
                mean,
            });
        }
    }
    SearchReport {
        chosen,
        player,
        iterations: top.iter().map(|s| s.visits).sum(),
        elapsed,
        nodes: 0,
        top,
    }
}

impl ai::Player<Skirmish> for ExecPlayer {
    fn name(&self) -> String {
        self.id.bot().to_string()
    }

    fn choose(&mut self, game: &Skirmish, rng: &mut ChaCha8Rng) -> Option<Action> {
        let side = game.state().to_move()?;
        // Another game, or another line of this one (the table's undo, a side handed to
        // the program): it starts afresh and is told everything.
        let journal = game.journal().unwrap_or(&[]);
        let same_line = self.told == 0
            || (journal.len() >= self.told
                && self.last_told.as_ref() == journal.get(self.told - 1));
        if !same_line || self.side.is_some_and(|s| s != side) {
            *self = ExecPlayer {
                kept: self.kept.take(),
                ..ExecPlayer::new(self.id)
            };
        }
        if self.failure.is_some() {
            return None;
        }
        self.side = Some(side);
        match self.decide(game, side, rng) {
            Ok(a) => Some(a),
            Err(why) => {
                self.fail(why);
                None
            }
        }
    }

    fn last_report(&self) -> Option<&SearchReport<Action>> {
        self.report.as_ref()
    }

    fn forfeit(&self) -> Option<Forfeit> {
        self.failure.clone()
    }

    fn game_over(&mut self, game: &Skirmish) {
        let (Some(side), Some(p)) = (self.side, self.process.as_mut()) else {
            return;
        };
        let journal = game.journal().unwrap_or(&[]);
        let since = journal.get(self.told.min(journal.len())..).unwrap_or(&[]);
        let msg = message::game_over(game.state(), side, since, self.asked.version);
        let told = p.tell(&msg.to_string(), EXIT_GRACE).is_ok();
        let process = self.process.take();
        match (process, &self.kept) {
            // It asked to be kept: it waits for the run's next game.
            (Some(p), Some(kept)) if told && self.asked.new_game && self.failure.is_none() => {
                kept.give(self.id, p)
            }
            (Some(mut p), _) => p.finish(EXIT_GRACE),
            (None, _) => {}
        }
    }
}

/// Starts `bot` for `side` of the game `g`, checks that it answers the hello, and stops it:
/// what the table does before it lets a program play, and `duel` and `arena` before a run,
/// so that a program that cannot play is refused before any game.
pub fn check_hello(id: BotId, g: &GameState, side: Side) -> Result<(), Forfeit> {
    let mut p = ExecPlayer::new(id);
    let result = p.start(g, side, 0);
    if let Some(proc_) = &mut p.process {
        let _ = proc_.tell(
            &message::forfeited("only the hello was checked: no game follows").to_string(),
            EXIT_GRACE,
        );
        proc_.finish(EXIT_GRACE);
    }
    result.map_err(|e| {
        p.fail(e.clone());
        p.failure.unwrap_or(e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_bot_chooses_a_version_the_engine_speaks_or_is_refused() {
        let version = |v: Value| asked_of(&v).map(|a| a.version);
        assert_eq!(version(json!({"type": "hello"})), Ok(1));
        assert_eq!(version(json!({"protocol": null})), Ok(1));
        assert_eq!(version(json!({"protocol": 1})), Ok(1));
        assert_eq!(version(json!({"protocol": 2})), Ok(2));
        for bad in [json!(0), json!(3), json!("2"), json!(2.5), json!(-1)] {
            let e = asked_of(&json!({ "protocol": bad })).unwrap_err();
            assert!(e.to_string().contains("versions 1 to 2"), "{bad}: {e}");
        }
    }

    #[test]
    fn version_2_bots_opt_into_annotations_snapshots_and_new_games() {
        let a = asked_of(&json!({"protocol": 2, "annotate": true, "new_game": true})).unwrap();
        assert_eq!(
            a,
            Asked {
                version: 2,
                annotate: true,
                snapshot: false,
                new_game: true
            }
        );
        assert_eq!(
            asked_of(&json!({"protocol": 2})).unwrap(),
            Asked::version(2)
        );
        let e = asked_of(&json!({"annotate": true})).unwrap_err();
        assert!(e.to_string().contains("protocol version 2"), "{e}");
        let e = asked_of(&json!({"protocol": 2, "snapshot": "yes"})).unwrap_err();
        assert!(e.to_string().contains("not true or false"), "{e}");
    }
}
