//! A mars-attacks bot in Rust, built on the `ai` crate as a library: it speaks the bot
//! protocol of `docs/bot-protocol.md` and chooses with the crate's ISMCTS.
//!
//! The bot does not model the game: it sees each decision as a menu of its legal actions,
//! each paying off (a win) with a chance its heuristic gives, and lets the search spend a
//! few hundred samples on the menu. That makes it a bandit over the heuristic, not a
//! planner; it shows how a program of your own plugs an [`ai::Game`] into the search and
//! reports what it considered. Model more of the game in `Menu` to make it stronger.
//!
//! ```sh
//! cargo build --release --example menu_bot
//! mars-attacks duel scenarios/ambush.toml "exec:target/release/examples/menu_bot" greedy
//! ```

use std::io::{BufRead, Write};

use ai::{Budget, Game, IsMcts, IsMctsConfig, Player};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

/// One decision as a one-move game: choosing action `i` wins with chance `chance[i]`.
#[derive(Clone, Debug)]
struct Menu {
    chance: Vec<f64>,
    won: Option<bool>,
}

impl Game for Menu {
    type Action = usize;
    fn num_players(&self) -> usize {
        1
    }
    fn to_move(&self) -> usize {
        0
    }
    fn legal_actions(&self, out: &mut Vec<usize>) {
        out.clear();
        if self.won.is_none() {
            out.extend(0..self.chance.len());
        }
    }
    fn apply<R: RngCore + ?Sized>(&mut self, i: usize, rng: &mut R) {
        let draw = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        self.won = Some(draw < self.chance[i]);
    }
    fn is_terminal(&self) -> bool {
        self.won.is_some()
    }
    fn returns(&self, _player: usize) -> f64 {
        if self.won == Some(true) { 1.0 } else { 0.0 }
    }
    fn determinize<R: RngCore + ?Sized>(&mut self, _observer: usize, _rng: &mut R) {}
}

/// The heuristic: attacks first, then cards, then the rest; a chance between 0.3 and 0.7.
fn chance(action: &str) -> f64 {
    let worth = match action.split_whitespace().next().unwrap_or("") {
        "shoot" | "fight" => 10.0,
        "call" => 8.0,
        "exit" => 6.0,
        "play" => 4.0,
        "respond" if action != "respond none" => 5.0,
        "lay" => 3.0,
        "activate" | "move" => 2.0,
        "done" | "end-turn" | "discard" => -1.0,
        "pass" => -2.0,
        _ => 0.0,
    };
    0.5 + 0.2 * f64::tanh(worth / 10.0)
}

fn main() {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut search = IsMcts::new(IsMctsConfig {
        budget: Budget::Iterations(300),
        ..IsMctsConfig::default()
    });
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let Ok(msg) = serde_json::from_str::<Value>(&line) else {
            eprintln!("menu_bot: not JSON: {line}");
            return;
        };
        let reply = match msg["type"].as_str() {
            Some("hello") => {
                rng = ChaCha8Rng::seed_from_u64(msg["seed"].as_u64().unwrap_or(0));
                json!({"type": "hello", "name": "menu-bot"})
            }
            Some("decide") => {
                let legal: Vec<&str> = msg["legal"]
                    .as_array()
                    .map(|a| a.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                let menu = Menu {
                    chance: legal.iter().map(|a| chance(a)).collect(),
                    won: None,
                };
                let choice = search
                    .choose(&menu, &mut rng)
                    .unwrap_or_else(|| rng.random_range(0..legal.len()));
                let info: Vec<Value> = search
                    .last_report()
                    .map(|r| {
                        r.top
                            .iter()
                            .take(3)
                            .map(|s| json!({"action": legal[s.action], "value": s.mean, "visits": s.visits}))
                            .collect()
                    })
                    .unwrap_or_default();
                json!({"action": legal[choice], "info": info})
            }
            Some("game_over") => return,
            _ => continue,
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}
