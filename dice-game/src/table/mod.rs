//! A game of Mars Attacks: The Dice Game at the table, without any drawing: the game, its
//! one seeded generator (it dealt the cards and rolls every die), every decision made, the
//! log in words, how the last Turn ended (its dice stay in sight), the AI seats deciding on
//! their own thread ([`super::dice_game_ai`]), a person's decisions (refused with the
//! reason when they are not open, changing nothing), and the exact odds of rolling at each
//! card, from the `dice_game` crate's odds.
//!
//! A game replays exactly from its set-up and its decisions ([`DiceGameTable::replay`]).

pub mod ai;
pub mod error;
pub mod setup;
pub mod words;

use std::time::{Duration, Instant};

use crate::dice::Tally;
use crate::game::{Game, STACKS};
use crate::odds::{RollOdds, Situation, TurnOdds, next_roll, to_the_end};
use crate::turn::{Action, Event, Phase};
use rand_chacha::ChaCha8Rng;

use crate::error::PlayError;
use ai::{Considered, DiceGameAi, Thinking};
use error::{AiError, ReplayError, SetupError};
use setup::{DiceGameSetup, Seat};
use words::{action_words, event_words};

/// A line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The seat it is about (none for how the game ends, said at its set-up, and for its
    /// end).
    pub seat: Option<usize>,
    /// A Turn begins here.
    pub heading: bool,
    pub text: String,
}

/// How a Turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The Nukes covered every Nuke symbol in play.
    Nuked,
    /// The target was claimed.
    Claimed,
    /// Progress was recorded: the token now covers this space.
    Recorded(u8),
    /// Nothing more was matched.
    NothingMore,
    /// More was matched, but no token was left for a new card.
    NoToken,
}

/// The last Turn's end: its dice stay on the table until the next roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnEnd {
    pub seat: usize,
    /// The target, by its index in the deck.
    pub card: usize,
    /// The ten dice as they lay.
    pub showing: Tally,
    pub ending: Ending,
    /// The log's words for it.
    pub text: String,
}

/// Why a person's decision was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("the game is over")]
    Over,
    #[error("it is {name}'s decision, not a person's")]
    NotAPersonsSeat { seat: usize, name: String },
    #[error("cannot {action}: {why}")]
    NotOpen { action: String, why: String },
}

/// The exact odds of rolling at a card in play, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TargetOdds {
    pub stack: usize,
    /// The dice the roll throws.
    pub rolling: u8,
    /// The space reached before the roll, and the card's last space.
    pub now: u8,
    pub requirement: u8,
    /// Whether the card can be claimed yet (a card to be nuked first may not be).
    pub claimable: bool,
    /// What this roll does, counted over every way the dice fall.
    pub next: RollOdds,
    /// How the Turn ends if the player rolls on at every chance.
    pub rolling_on: TurnOdds,
}

/// The Dice Game at the table.
pub struct DiceGameTable {
    pub setup: DiceGameSetup,
    game: Game,
    /// The game's one generator: it dealt the stacks, and rolls every die.
    rng: ChaCha8Rng,
    decisions: Vec<Action>,
    log: Vec<LogLine>,
    last_turn: Option<TurnEnd>,
    /// The AI's thread, started when a seat of the AI first decides.
    ai: Option<DiceGameAi>,
    thinking: Option<Thinking>,
    considered: Option<Considered>,
    last_move: Instant,
    /// The pause before each of the AI's decisions, so a person can follow them.
    pub ai_delay: Duration,
    /// The AI failed to decide: the game waits.
    error: Option<AiError>,
    /// The odds at each stack for the position after this many decisions.
    odds_cache: Option<(usize, [Option<TargetOdds>; STACKS])>,
}

impl DiceGameTable {
    /// The pause before each of the AI's decisions unless changed.
    pub const AI_DELAY: Duration = Duration::from_millis(700);

    /// A new game of `setup`; why not when the set-up does not hold.
    pub fn new(setup: DiceGameSetup) -> Result<DiceGameTable, SetupError> {
        let (game, rng) = setup.new_game()?;
        let mut t = DiceGameTable {
            setup,
            game,
            rng,
            decisions: Vec::new(),
            log: Vec::new(),
            last_turn: None,
            ai: None,
            thinking: None,
            considered: None,
            last_move: Instant::now(),
            ai_delay: Self::AI_DELAY,
            error: None,
            odds_cache: None,
        };
        t.log.push(LogLine {
            seat: None,
            heading: false,
            text: words::how_it_ends(t.game.players()),
        });
        t.log.push(LogLine {
            seat: Some(0),
            heading: true,
            text: format!("Turn 1: {}", t.setup.name(0)),
        });
        Ok(t)
    }

    /// The game of `setup` with `decisions` played in order, each as whoever's it was: the
    /// same game, log and dice as when they were first made. Why not at the first
    /// decision that was not open.
    pub fn replay(
        setup: DiceGameSetup,
        decisions: &[Action],
    ) -> Result<DiceGameTable, ReplayError> {
        let mut t = DiceGameTable::new(setup)?;
        for (i, a) in decisions.iter().enumerate() {
            t.apply(*a).map_err(|why| ReplayError::Decision {
                number: i + 1,
                action: *a,
                why,
            })?;
        }
        Ok(t)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every decision made, in order.
    pub fn decisions(&self) -> &[Action] {
        &self.decisions
    }

    pub fn log(&self) -> &[LogLine] {
        &self.log
    }

    /// How the last Turn ended, if one has.
    pub fn last_turn(&self) -> Option<&TurnEnd> {
        self.last_turn.as_ref()
    }

    /// What the AI considered for its last decision.
    pub fn considered(&self) -> Option<&Considered> {
        self.considered.as_ref()
    }

    /// Why the game waits: the AI failed to decide.
    pub fn error(&self) -> Option<&AiError> {
        self.error.as_ref()
    }

    /// Seat `seat`'s name.
    pub fn name(&self, seat: usize) -> String {
        self.setup.name(seat)
    }

    /// The seat whose decision it is, while the game goes on.
    pub fn seat_to_move(&self) -> Option<usize> {
        (!self.game.is_over()).then(|| self.game.player())
    }

    /// A person decides now.
    pub fn persons_decision(&self) -> bool {
        self.seat_to_move()
            .is_some_and(|s| self.setup.seats[s].is_person())
    }

    /// The AI is deciding on its thread.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// When the table wants to be looked at again: at once while the AI thinks, after the
    /// rest of the pause when the AI decides next; never while a person decides or the game
    /// is over.
    pub fn wake_in(&self) -> Option<Duration> {
        if self.thinking.is_some() {
            return Some(Duration::ZERO);
        }
        let seat = self.seat_to_move()?;
        if self.setup.seats[seat].is_person() || self.error.is_some() {
            return None;
        }
        Some(self.ai_delay.saturating_sub(self.last_move.elapsed()))
    }

    /// A person's decision: played when it is open to the person whose seat decides;
    /// otherwise refused with the reason, and nothing changes.
    pub fn decide(&mut self, a: Action) -> Result<(), Refused> {
        if self.game.is_over() {
            return Err(Refused::Over);
        }
        let seat = self.game.player();
        if !self.setup.seats[seat].is_person() {
            return Err(Refused::NotAPersonsSeat {
                seat,
                name: self.name(seat),
            });
        }
        if !self.game.is_legal(a) {
            return Err(Refused::NotOpen {
                action: action_words(&self.game, a),
                why: self.why_not(a),
            });
        }
        self.apply(a).map_err(|why| Refused::NotOpen {
            action: action_words(&self.game, a),
            why: why.to_string(),
        })
    }

    /// Why `a`, not open now, is not.
    fn why_not(&self, a: Action) -> String {
        let g = &self.game;
        let target = || {
            g.in_play(usize::from(g.turn.target))
                .map_or("the target".to_string(), |c| g.card(c).name.clone())
        };
        match (g.turn.phase, a) {
            (Phase::Target, Action::Target(s)) if usize::from(s) >= STACKS => {
                format!("there are {STACKS} stacks, not {}", s + 1)
            }
            (Phase::Target, Action::Target(s)) => {
                format!("stack {} is empty: no card is there to target", s + 1)
            }
            (Phase::Target, _) => "declare a target first: click a card in play".into(),
            (Phase::Prepare, Action::Target(_)) => {
                format!("this Turn's target is {}: set a die, or roll", target())
            }
            (Phase::Prepare, _) => "set a die, or roll: the Turn ends only after a roll".into(),
            (Phase::Decide, Action::Target(_)) => format!(
                "this Turn's target is {}: re-roll the Martians, or stop",
                target()
            ),
            (Phase::Decide, _) => "dice are set only before the first roll".into(),
        }
    }

    /// Plays `a` for whoever decides now: its dice from the game's generator, its events in
    /// the log.
    fn apply(&mut self, a: Action) -> Result<(), PlayError> {
        let before = self.game.clone();
        let mut events = Vec::new();
        self.game.play(a, &mut self.rng, |e| events.push(e))?;
        self.decisions.push(a);
        self.last_move = Instant::now();
        let mut showing = before.turn.showing;
        for e in &events {
            let text = event_words(&before, &self.setup, e);
            let (seat, heading) = match e {
                Event::TurnBegins { player, .. } => (Some(*player), true),
                Event::GameOver { .. } => (None, true),
                Event::Rolled { player, .. }
                | Event::Targeted { player, .. }
                | Event::Set { player, .. }
                | Event::Nuked { player, .. }
                | Event::Claimed { player, .. }
                | Event::Recorded { player, .. }
                | Event::NoToken { player, .. }
                | Event::NothingMatched { player, .. } => (Some(*player), false),
            };
            let end = |player: usize, card: usize, ending: Ending| TurnEnd {
                seat: player,
                card,
                showing,
                ending,
                text: text.clone(),
            };
            let ended = match *e {
                Event::Rolled { showing: s, .. } => {
                    showing = s;
                    None
                }
                Event::Nuked { player, card, .. } => Some(end(player, card, Ending::Nuked)),
                Event::Claimed { player, card, .. } => Some(end(player, card, Ending::Claimed)),
                Event::Recorded {
                    player, card, to, ..
                } => Some(end(player, card, Ending::Recorded(to))),
                Event::NothingMatched { player, card } => {
                    Some(end(player, card, Ending::NothingMore))
                }
                Event::NoToken { player, card, .. } => Some(end(player, card, Ending::NoToken)),
                _ => None,
            };
            if ended.is_some() {
                self.last_turn = ended;
            }
            self.log.push(LogLine {
                seat,
                heading,
                text,
            });
        }
        Ok(())
    }

    /// Collects the AI's decision, or starts the AI on its thread once its pause is over;
    /// call it every frame (or in a loop, without a window).
    pub fn tick(&mut self) {
        if let (Some(t), Some(ai)) = (&self.thinking, &self.ai) {
            let Some(answer) = ai.poll(t) else { return };
            let index = t.index;
            self.thinking = None;
            match answer {
                Ok((a, c)) if index == self.decisions.len() as u64 => {
                    self.considered = Some(c);
                    if let Err(why) = self.apply(a) {
                        self.error = Some(AiError::NotOpen { action: a, why });
                    }
                }
                Ok(_) => {}
                Err(e) => self.error = Some(e),
            }
            return;
        }
        if self.error.is_some() {
            return;
        }
        let Some(seat) = self.seat_to_move() else {
            return;
        };
        let Seat::Ai(level) = self.setup.seats[seat] else {
            return;
        };
        if self.last_move.elapsed() < self.ai_delay {
            return;
        }
        let ai = self
            .ai
            .get_or_insert_with(|| DiceGameAi::start(::ai::worker::no_waker()));
        match ai.think(
            &self.game,
            seat,
            level,
            self.setup.seed,
            self.decisions.len() as u64,
        ) {
            Ok(t) => self.thinking = Some(t),
            Err(e) => self.error = Some(e),
        }
    }

    /// The exact odds of rolling at stack `s`'s card for the player to move: before the
    /// first roll of a Turn, at any card in play; after it, at the target (the Martians
    /// re-rolled). `None` where no roll is open there.
    pub fn odds(&mut self, s: usize) -> Option<TargetOdds> {
        if s >= STACKS {
            return None;
        }
        let at = self.decisions.len();
        if self.odds_cache.as_ref().is_none_or(|c| c.0 != at) {
            let mut all = [None; STACKS];
            for (i, o) in all.iter_mut().enumerate() {
                *o = self.compute_odds(i);
            }
            self.odds_cache = Some((at, all));
        }
        self.odds_cache.as_ref().and_then(|c| c.1[s])
    }

    fn compute_odds(&self, s: usize) -> Option<TargetOdds> {
        let g = &self.game;
        if g.turn.phase != Phase::Target && usize::from(g.turn.target) != s {
            return None;
        }
        let situation = Situation::of(g, s)?;
        Some(TargetOdds {
            stack: s,
            rolling: situation.rolling,
            now: situation.now,
            requirement: situation.card.requirement(),
            claimable: situation.claimable,
            next: next_roll(&situation),
            rolling_on: to_the_end(&situation),
        })
    }

    /// After a roll, the space the player's token would cover if the Turn stopped now.
    pub fn stop_reaches(&self) -> Option<u8> {
        let g = &self.game;
        (g.turn.phase == Phase::Decide)
            .then(|| g.reach(usize::from(g.turn.target), g.turn.from, g.turn.showing))
    }
}
