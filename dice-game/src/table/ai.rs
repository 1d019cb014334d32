//! The AI of a Dice Game seat at the table. It decides on a thread of its own while the
//! window keeps drawing, through the `dice_game` crate's players (the `ai` crate's search
//! and the baselines, the command line's own), and it is handed the seat's view: a copy of
//! the game in which the cards face down (under the stacks' tops and left in the box) are
//! shuffled among their places, so it never sees what its seat may not.
//!
//! A decision's seeds (the shuffle of its view, its player's choices) derive from the
//! table's seed and the number of the decision, never from the clock: a game whose AIs
//! count iterations replays exactly from its seed and the people's decisions.

use std::time::{Duration, Instant};

use ai::worker::{Waker, Worker};

use crate::game::Game;
use crate::players::player;
use crate::turn::Action;
use ai::arena::derive_seed;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::error::AiError;
use super::setup::AiLevel;
use super::words::action_words;

/// One decision the AI had, as its search saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub action: Action,
    /// The decision in words (`target Detroit`, `re-roll 3 Martians`).
    pub words: String,
    pub chosen: bool,
    /// How often the search tried it, and its mean result (the share of games won from
    /// there), when it searched.
    pub searched: Option<(u64, f64)>,
}

/// What the AI considered for its last decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Considered {
    pub seat: usize,
    pub chose: Action,
    /// Every decision it had, in the order of the rules.
    pub choices: Vec<Choice>,
    /// The search's iterations (0 for a player that does not search).
    pub iterations: u64,
    pub elapsed: Duration,
}

/// The game as a seat sees it: the cards no player has seen shuffled among their places
/// with a generator seeded by `seed`. Everything face up (the cards in
/// play, the tokens, the dice, the claimed cards) is as in `game`.
pub fn seat_view(game: &Game, seed: u64) -> Game {
    let mut view = game.clone();
    view.shuffle_unseen(&mut ChaCha8Rng::seed_from_u64(seed));
    view
}

/// The seed of decision `index` of the game seeded `table_seed`, for one use (`0` the
/// view's shuffle, `1` the player's own choices).
pub fn decision_seed(table_seed: u64, index: u64, use_: u64) -> u64 {
    derive_seed(table_seed, index, use_)
}

/// The AI of a table's seats: one thread ([`ai::worker::Worker`], as every game's table
/// has it) deciding for whichever seat asks, one decision at a time.
pub struct DiceGameAi {
    worker: Worker<Job, Answered>,
}

/// A decision handed to the thread: the seat's view, never the true game.
struct Job {
    view: Game,
    seat: usize,
    spec: String,
    seed: u64,
    index: u64,
}

/// A decision the thread made, by its number.
type Answered = (u64, Result<(Action, Considered), AiError>);

/// A decision under way on the AI's thread.
pub struct Thinking {
    /// The seat deciding, and the number of the decision it decides.
    pub seat: usize,
    pub index: u64,
    pub started: Instant,
}

impl DiceGameAi {
    /// Starts the thread; `wake` is called after each decision is posted.
    pub fn start(wake: Waker) -> DiceGameAi {
        let worker = Worker::start(
            "dice-game-ai",
            wake,
            |_| false,
            |j: Job| Some((j.index, decide(&j.view, j.seat, &j.spec, j.seed))),
        );
        DiceGameAi { worker }
    }

    /// Starts seat `seat`'s AI at `level` on decision `index` of `game` (the true game:
    /// only the seat's view leaves this function).
    pub fn think(
        &self,
        game: &Game,
        seat: usize,
        level: AiLevel,
        table_seed: u64,
        index: u64,
    ) -> Result<Thinking, AiError> {
        let job = Job {
            view: seat_view(game, decision_seed(table_seed, index, 0)),
            seat,
            spec: level.spec(),
            seed: decision_seed(table_seed, index, 1),
            index,
        };
        if !self.worker.send(job) {
            return Err(AiError::ThreadGone);
        }
        Ok(Thinking {
            seat,
            index,
            started: Instant::now(),
        })
    }

    /// The decision `thinking` waits for, once made (decisions of earlier numbers, left
    /// behind by an undo, are dropped); an error when the AI gave none.
    pub fn poll(&self, thinking: &Thinking) -> Option<Result<(Action, Considered), AiError>> {
        while let Some((index, answer)) = self.worker.answer() {
            if index == thinking.index {
                return Some(answer);
            }
        }
        if !self.worker.is_running() {
            return Some(Err(AiError::Failed));
        }
        None
    }
}

/// Decides for `seat` on its view, with the player `spec` names.
pub fn decide(
    view: &Game,
    seat: usize,
    spec: &str,
    seed: u64,
) -> Result<(Action, Considered), AiError> {
    let mut p = player(spec)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = Instant::now();
    let a = p
        .choose(view, &mut rng)
        .ok_or_else(|| AiError::NoDecision(p.name()))?;
    let report = p.last_report();
    let choices = view
        .legal()
        .into_iter()
        .map(|b| Choice {
            action: b,
            words: action_words(view, b),
            chosen: b == a,
            searched: report.and_then(|r| r.stat(&b)).map(|s| (s.visits, s.mean)),
        })
        .collect();
    Ok((
        a,
        Considered {
            seat,
            chose: a,
            choices,
            iterations: report.map_or(0, |r| r.iterations),
            elapsed: report.map_or(start.elapsed(), |r| r.elapsed),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::setup::DiceGameSetup;

    #[test]
    fn the_view_hides_only_the_cards_face_down() {
        let (game, _) = DiceGameSetup::default().new_game().unwrap();
        let view = seat_view(&game, 7);
        for s in 0..4 {
            assert_eq!(view.in_play(s), game.in_play(s));
            assert_eq!(view.stack_len(s), game.stack_len(s));
        }
        assert_eq!(view.unseen(), game.unseen());
        // Eight cards dealt face down are shuffled among the 25 unseen: the order
        // under the tops differs somewhere.
        assert!(
            (0..4).any(|s| view.hidden_stack(s) != game.hidden_stack(s)),
            "the view shows the stacks as they lie"
        );
        // The same seed, the same view.
        assert_eq!(seat_view(&game, 7), view);
    }

    #[test]
    fn a_decision_names_every_choice_and_the_one_taken() {
        let (game, _) = DiceGameSetup::default().new_game().unwrap();
        let (a, c) = decide(&game, 0, "mcts:200", 3).unwrap();
        assert!(game.is_legal(a));
        assert_eq!(c.choices.len(), game.legal().len());
        assert_eq!(c.choices.iter().filter(|x| x.chosen).count(), 1);
        assert_eq!(c.iterations, 200);
        // Iterations, not time: the same seed decides the same.
        assert_eq!(decide(&game, 0, "mcts:200", 3).unwrap().0, a);
        let (_, g) = decide(&game, 0, "greedy", 3).unwrap();
        assert!(g.choices.iter().all(|x| x.searched.is_none()));
    }
}
