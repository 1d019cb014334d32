//! [`ExecPlayer`]: a bot program playing one side of one game.

use std::time::{Duration, Instant};

use ai::{ActionStat, SearchReport};
use rand::RngCore;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::bot::game::{JournalEntry, Skirmish, player_of};
use crate::rules::{Action, GameState, Side};

use super::message;
use super::process::{BotProcess, NoAnswer};
use super::{BotId, ExecBot, PROTOCOL_LATEST, PROTOCOL_VERSION};

/// The least time a bot has to start and answer the hello.
pub const HELLO_LIMIT: Duration = Duration::from_secs(10);
/// Time a bot has to exit once told the game is over.
const EXIT_GRACE: Duration = Duration::from_millis(500);
/// The most lines of the bot's "info" kept.
const INFO_LINES: usize = 10;

/// A bot program playing the side it is first asked to decide for. Started at its first
/// decision, stopped when the game is over or it fails; a failure is kept as the reason
/// it gives the game up ([`ai::Player::forfeit`]).
pub struct ExecPlayer {
    id: BotId,
    bot: ExecBot,
    process: Option<BotProcess>,
    side: Option<Side>,
    /// How much of the game's journal the bot has been told, and the last entry told.
    told: usize,
    last_told: Option<JournalEntry>,
    decisions: u64,
    /// The protocol version the bot chose in its hello answer.
    version: u32,
    failure: Option<String>,
    report: Option<SearchReport<Action>>,
}

impl ExecPlayer {
    pub fn new(id: BotId) -> ExecPlayer {
        ExecPlayer {
            id,
            bot: id.bot(),
            process: None,
            side: None,
            told: 0,
            last_told: None,
            decisions: 0,
            version: PROTOCOL_VERSION,
            failure: None,
            report: None,
        }
    }

    /// Records why the bot failed, with the last lines of its standard error, and stops
    /// it.
    fn fail(&mut self, what: String) {
        let tail = self
            .process
            .take()
            .map(|mut p| p.stderr_tail())
            .unwrap_or_default();
        let mut reason = what;
        if !tail.is_empty() {
            reason.push_str("; its last standard error lines: ");
            reason.push_str(&tail.join(" | "));
        }
        self.failure = Some(reason);
    }

    fn start(&mut self, g: &GameState, side: Side, seed: u64) -> Result<(), String> {
        self.process = Some(BotProcess::spawn(&self.bot)?);
        let limit = self.bot.limit.max(HELLO_LIMIT);
        let hello = message::hello(g, side, self.bot.limit.as_millis() as u64, seed);
        let answer = self.exchange(&hello.to_string(), limit, "the hello")?;
        if answer.get("type").and_then(Value::as_str) != Some("hello") {
            return Err(format!(
                "it answered the hello with {}, not {{\"type\": \"hello\", ...}}",
                shorten(&answer.to_string())
            ));
        }
        self.version = chosen_version(&answer)?;
        if self.version >= 2 {
            let game = message::game(g).to_string();
            let p = self.process.as_mut().ok_or("it is not running")?;
            p.tell(&game, limit)
                .map_err(|e| format!("it did not read the game message: {e:?}"))?;
        }
        Ok(())
    }

    /// Tells the bot `msg` and reads its answer as JSON, both within `limit`.
    fn exchange(&mut self, msg: &str, limit: Duration, what: &str) -> Result<Value, String> {
        let p = self.process.as_mut().ok_or("it is not running")?;
        let line = p.exchange(msg, limit).map_err(|e| match e {
            NoAnswer::Timeout(t) => format!(
                "it gave no answer to {what} within its limit of {:.2} s (stopped after {:.2} s)",
                limit.as_secs_f64(),
                t.as_secs_f64()
            ),
            NoAnswer::NotReading(t) => format!(
                "it did not read {what} within its limit of {:.2} s: its input stayed full \
                 (stopped after {:.2} s)",
                limit.as_secs_f64(),
                t.as_secs_f64()
            ),
            NoAnswer::Closed(Some(status)) => {
                format!("it exited ({status}) before answering {what}")
            }
            NoAnswer::Closed(None) => {
                format!("it closed its output (or exited) before answering {what}")
            }
            NoAnswer::BadLine(why) => format!("{why}, answering {what}"),
            NoAnswer::Unasked(text) => format!(
                "it wrote `{text}` before {what} was sent: a bot writes one line for each \
                 message and nothing else"
            ),
        })?;
        serde_json::from_str(&line).map_err(|e| {
            format!(
                "it answered {what} with `{}`, which is not a JSON object of the protocol: {e}",
                shorten(&line)
            )
        })
    }

    fn decide(
        &mut self,
        game: &Skirmish,
        side: Side,
        rng: &mut ChaCha8Rng,
    ) -> Result<Action, String> {
        let g = game.state();
        if self.process.is_none() {
            self.start(g, side, rng.next_u64())?;
        }
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let journal = game.journal().unwrap_or(&[]);
        let since = journal.get(self.told.min(journal.len())..).unwrap_or(&[]);
        self.decisions += 1;
        let msg = message::decision(g, side, self.decisions, since, &legal, self.version);
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
                .clone()
                .play(action, &mut crate::rules::rng_from_seed(0))
                .err()
                .map_or_else(String::new, |e| e.reason);
            return Err(format!(
                "it answered {what} with `{action}`, which is not legal now: {why}"
            ));
        }
        self.report = Some(report_of(&answer, action, player_of(side), elapsed));
        Ok(action)
    }
}

/// The protocol version a bot's hello answer asks for: its `"protocol"`, the first
/// version when it gives none.
fn chosen_version(answer: &Value) -> Result<u32, String> {
    match answer.get("protocol") {
        None | Some(Value::Null) => Ok(PROTOCOL_VERSION),
        Some(v) => v
            .as_u64()
            .filter(|n| (u64::from(PROTOCOL_VERSION)..=u64::from(PROTOCOL_LATEST)).contains(n))
            .map(|n| n as u32)
            .ok_or_else(|| {
                format!(
                    "its hello answer asks for protocol {v}: this engine speaks versions \
                     {PROTOCOL_VERSION} to {PROTOCOL_LATEST}"
                )
            }),
    }
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

/// A text cut to a readable length for an error message, control characters escaped.
fn shorten(text: &str) -> String {
    let t: String = text.chars().take(200).collect();
    let cut = if t.len() < text.len() { "..." } else { "" };
    format!("{}{cut}", t.escape_debug())
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
            *self = ExecPlayer::new(self.id);
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

    fn forfeit(&self) -> Option<String> {
        self.failure.clone()
    }

    fn game_over(&mut self, game: &Skirmish) {
        let (Some(side), Some(p)) = (self.side, self.process.as_mut()) else {
            return;
        };
        let journal = game.journal().unwrap_or(&[]);
        let since = journal.get(self.told.min(journal.len())..).unwrap_or(&[]);
        let msg = message::game_over(game.state(), side, since, self.version);
        let _ = p.tell(&msg.to_string(), EXIT_GRACE);
        p.finish(EXIT_GRACE);
        self.process = None;
    }
}

/// Starts `bot` for `side` of the game `g`, checks that it answers the hello, and stops it:
/// what the table does before it lets a program play, and `duel` and `arena` before a run,
/// so that a program that cannot play is refused before any game.
pub fn check_hello(id: BotId, g: &GameState, side: Side) -> Result<(), String> {
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
        p.fail(e);
        p.failure.unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_bot_chooses_a_version_the_engine_speaks_or_is_refused() {
        assert_eq!(chosen_version(&json!({"type": "hello"})), Ok(1));
        assert_eq!(chosen_version(&json!({"protocol": null})), Ok(1));
        assert_eq!(chosen_version(&json!({"protocol": 1})), Ok(1));
        assert_eq!(chosen_version(&json!({"protocol": 2})), Ok(2));
        for bad in [json!(0), json!(3), json!("2"), json!(2.5), json!(-1)] {
            let e = chosen_version(&json!({ "protocol": bad })).unwrap_err();
            assert!(e.contains("versions 1 to 2"), "{bad}: {e}");
        }
    }
}
