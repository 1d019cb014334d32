//! Martian Dice at a table, without drawing: how a game is set up ([`setup`]), the game
//! with its one generator, the log in words, the AI opponents on a thread of their own
//! ([`ai::worker::Worker`], as every game's table has it) with what they considered, and
//! the exact values a window shows beside each decision.

use std::time::{Duration, Instant};

use ai::worker::{Worker, no_waker};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::dice::{Face, Tally};
use crate::game::Game;
use crate::optimal::Optimum;
use crate::perfect::Perfect;
use crate::players::{PerfectPlayer, player};
use crate::turn::TurnAction;

pub mod setup;

pub use setup::{DiceSetup, SetupError};

/// The levels offered for the AI opponents: the ladder's, then the game's other players.
pub const LEVELS: [&str; 8] = [
    "beginner", "easy", "normal", "hard", "expert", "perfect", "optimal", "random",
];

/// What each level plays, for the level's tooltip.
pub fn level_text(level: &str) -> &'static str {
    if let Ok(l) = level.parse::<ai::Level>() {
        return crate::ladder::LADDER.about(l);
    }
    match level {
        "perfect" => {
            "plays to win: exactly with two players; with more, as two players against the \
             leader"
        }
        "optimal" => "plays every Turn for the most points, whatever the scores",
        "random" => "decides at random",
        _ => "a player spec",
    }
}

/// What an AI considered for its last decision.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Considered {
    pub who: usize,
    pub chose: String,
    /// Every decision it had, in the order of the rules.
    pub choices: Vec<Choice>,
    /// The chances are exact (two players): the solved game's, both playing to win after.
    pub exact: bool,
}

/// One decision an AI had.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Choice {
    pub decision: String,
    pub chosen: bool,
    /// Its chance to win: exact with two players; else the search's estimate, if it searched.
    pub chance: Option<f64>,
    /// How often the search tried it, if it searched.
    pub visits: Option<u64>,
}

/// What the AI's thread is asked: the game, the player it plays as (its spec) and the
/// decision's seed.
struct AiAsked {
    game: Game,
    spec: String,
    seed: u64,
}

/// What it answers: the decision's seed, the decision and what it considered.
struct AiDecided {
    seed: u64,
    action: TurnAction,
    considered: Considered,
}

/// Martian Dice at a table: the game, its one generator, the log, the AI's thread and
/// what it considered, the exact values shown beside the decisions.
pub struct MartianDiceTable {
    pub setup: DiceSetup,
    pub game: Game,
    dice: ChaCha8Rng,
    optimum: Optimum,
    /// The last roll as it came up, Tanks included, for the person to see.
    pub last_roll: Option<(usize, Tally)>,
    pub log: Vec<String>,
    /// The person's chances to win, with two players.
    exact: PerfectPlayer,
    /// The AI's thread, started when an opponent first decides.
    ai: Option<Worker<AiAsked, AiDecided>>,
    /// The decision the AI is making, by its seed (a decision's own), and since when.
    pub thinking: Option<(u64, Instant)>,
    pub considered: Option<Considered>,
    decisions: u64,
    /// When the last decision was made.
    pub last_move: Instant,
    /// Pause between AI decisions, so a person can follow them.
    pub ai_delay: Duration,
    pub error: Option<String>,
}

impl MartianDiceTable {
    /// A new game of `setup`; why not when the set-up does not hold.
    pub fn new(setup: DiceSetup) -> Result<MartianDiceTable, setup::SetupError> {
        let game = setup.new_game()?;
        if setup.players == 2 && Perfect::standard_if_solved().is_none() {
            // The solved game gives the chances to win; it takes about a second, once in
            // the program's life, so it is worked out beside the table.
            let _ = std::thread::Builder::new()
                .name("dice-solve".into())
                .spawn(Perfect::standard);
        }
        Ok(MartianDiceTable {
            dice: ChaCha8Rng::seed_from_u64(setup.seed),
            setup,
            game,
            optimum: Optimum::standard(),
            last_roll: None,
            log: Vec::new(),
            exact: PerfectPlayer::new(),
            ai: None,
            thinking: None,
            considered: None,
            decisions: 0,
            last_move: Instant::now(),
            ai_delay: Duration::from_millis(600),
            error: None,
        })
    }

    /// The name of player `p`.
    pub fn name(&self, p: usize) -> String {
        if p == 0 {
            "You".into()
        } else {
            format!("Martian {} ({})", p + 1, self.setup.level)
        }
    }

    /// Is it the person's decision?
    pub fn persons_turn(&self) -> bool {
        !self.game.is_over() && self.game.player == 0
    }

    /// Makes a decision for the player to move (the person's click, or the AI's answer).
    pub fn decide(&mut self, a: TurnAction) {
        if !self.game.legal().contains(&a) {
            return;
        }
        let who = self.game.player;
        let name = self.name(who);
        let before = self.game.scores[who];
        let rolled = self.game.turn.rolled;
        let seen = self.game.apply_seen(a, &mut self.dice);
        self.decisions += 1;
        self.last_move = Instant::now();
        let ended = self.game.player != who || self.game.is_over();
        match a {
            TurnAction::Roll => {
                // The roll as it came up, Tanks included.
                let t = seen.unwrap_or_default();
                self.last_roll = Some((who, t));
                self.log.push(if ended {
                    format!("{name} rolled {}: nothing to take", dice_text(&t))
                } else {
                    format!("{name} rolled {}", dice_text(&t))
                });
            }
            TurnAction::Take(f) => {
                let n = rolled.map_or(0, |r| r.get(f));
                self.log
                    .push(format!("{name} took {}", dice_text(&Tally::of(f, n))));
            }
            TurnAction::Stop => self.log.push(format!("{name} stopped")),
        }
        if ended {
            let got = self.game.scores[who] - before;
            self.log.push(format!(
                "{name} scored {got}: {} in all",
                self.game.scores[who]
            ));
            self.last_roll = None;
        }
        if let Some(w) = self.game.winner {
            self.log.push(format!("{} won", self.name(w)));
        }
    }

    /// Starts or collects the AI's decision; call every frame (or in a loop, without a
    /// window).
    pub fn tick(&mut self) {
        if let Some((index, _)) = self.thinking {
            let Some(ai) = &self.ai else { return };
            while let Some(d) = ai.answer() {
                if d.seed == index {
                    self.thinking = None;
                    self.considered = Some(d.considered);
                    self.decide(d.action);
                    return;
                }
            }
            if !ai.is_running() {
                self.thinking = None;
                self.error = Some("the AI failed to decide".into());
            }
            return;
        }
        if self.game.is_over() || self.game.player == 0 || self.last_move.elapsed() < self.ai_delay
        {
            return;
        }
        let seed = self
            .setup
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(self.decisions);
        let ai = self.ai.get_or_insert_with(|| {
            Worker::start(
                "dice-ai",
                no_waker(),
                |_| false,
                |AiAsked { game, spec, seed }: AiAsked| {
                    let mut p = player::<Game>(&spec).ok()?;
                    let mut rng = ChaCha8Rng::seed_from_u64(seed);
                    let who = game.player;
                    let action = p.choose(&game, &mut rng)?;
                    let considered = considered(&game, who, action, p.last_report());
                    Some(AiDecided {
                        seed,
                        action,
                        considered,
                    })
                },
            )
        });
        let asked = AiAsked {
            game: self.game.clone(),
            spec: self.setup.spec(),
            seed,
        };
        if ai.send(asked) {
            self.thinking = Some((seed, Instant::now()));
        } else {
            self.error = Some("the AI cannot start: its thread is gone".into());
        }
    }

    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The expected score of the Turn under best play if the player stops now, and if it
    /// rolls on: what the hover on Stop and Roll says.
    pub fn stop_or_roll(&mut self) -> (f64, f64) {
        let t = self.game.turn;
        (
            self.optimum.action_value(&t, TurnAction::Stop),
            self.optimum.action_value(&t, TurnAction::Roll),
        )
    }

    /// The exact value of taking `f` from the dice on the table, playing on at best.
    pub fn take_value(&mut self, f: Face) -> Option<f64> {
        let t = self.game.turn;
        t.rolled
            .map(|_| self.optimum.action_value(&t, TurnAction::Take(f)))
    }

    /// With two players, once the game is solved: the exact chance to win of the player
    /// whose Turn it is after each decision open now, both playing to win after it.
    pub fn chances(&mut self) -> Option<Vec<(TurnAction, f64)>> {
        if self.game.players() != 2 || self.game.is_over() {
            return None;
        }
        Perfect::standard_if_solved()?;
        Some(self.exact.choices(&self.game))
    }

    /// The chance to win after `a`, from [`MartianDiceTable::chances`].
    pub fn chance_of(chances: &Option<Vec<(TurnAction, f64)>>, a: TurnAction) -> Option<f64> {
        chances.as_ref()?.iter().find(|c| c.0 == a).map(|c| c.1)
    }
}

/// What an AI had to choose from: every legal decision, its exact chance to win with two
/// players (the solved game), the search's visits and estimate where it searched.
fn considered(
    game: &Game,
    who: usize,
    chose: TurnAction,
    report: Option<&ai::SearchReport<TurnAction>>,
) -> Considered {
    let exact = (game.players() == 2).then(|| PerfectPlayer::new().choices(game));
    let choices = game
        .legal()
        .into_iter()
        .map(|a| {
            let searched = report.and_then(|r| r.stat(&a));
            let chance = match &exact {
                Some(e) => e.iter().find(|c| c.0 == a).map(|c| c.1),
                None => searched.map(|s| s.mean),
            };
            Choice {
                decision: a.to_string(),
                chosen: a == chose,
                chance,
                visits: searched.map(|s| s.visits),
            }
        })
        .collect();
    Considered {
        who,
        chose: chose.to_string(),
        choices,
        exact: exact.is_some(),
    }
}

/// Dice in words: "2 Tanks, 1 Death Ray, 3 Humans".
pub fn dice_text(t: &Tally) -> String {
    let parts: Vec<String> = Face::ALL
        .iter()
        .filter(|f| t.get(**f) > 0)
        .map(|f| {
            let n = t.get(*f);
            let name = plural(*f);
            if n == 1 {
                format!("1 {}", name.trim_end_matches('s'))
            } else {
                format!("{n} {name}")
            }
        })
        .collect();
    if parts.is_empty() {
        "no dice".into()
    } else {
        parts.join(", ")
    }
}

/// A face's name for some dice of it.
pub fn plural(f: Face) -> &'static str {
    match f {
        Face::Tank => "Tanks",
        Face::Ray => "Death Rays",
        Face::Human => "Humans",
        Face::Cow => "Cows",
        Face::Chicken => "Chickens",
    }
}
