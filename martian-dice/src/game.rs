//! The whole game (D4): 2 to 8 players take Turns in order; once a player ends a Turn with
//! 25 points or more, the Round is completed so all have had as many Turns; most points
//! wins, and players still tied each roll 6 dice, most Death Rays winning, again until one
//! is left.

use rand::RngCore;

use crate::dice::{DICE, Face, Tally, roll};
use crate::turn::{Turn, TurnAction};

/// The score that ends the game (D4).
pub const TARGET: u32 = 25;
/// Players a game may have (D4).
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=8;
/// Dice each tied player rolls in the tie-break (D4).
pub const TIE_BREAK_DICE: u8 = 6;

/// Why a game of Martian Dice cannot be set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Not 2 to 8 players (D4).
    Players(usize),
    /// A smaller game's dice (1 to 13) or target (1 to 100) out of range.
    Size { dice: u8, target: u32 },
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::Players(n) => write!(f, "Martian Dice is for 2 to 8 players, not {n} (D4)"),
            GameError::Size { dice, target } => write!(
                f,
                "a game of 1 to {DICE} dice to 1 to 100 points, not {dice} dice to {target}"
            ),
        }
    }
}

impl std::error::Error for GameError {}

impl From<GameError> for String {
    fn from(e: GameError) -> String {
        e.to_string()
    }
}

/// A game of Martian Dice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// The score that ends the game: 25 ([`TARGET`]), or less in the smaller games the
    /// solvers are checked on.
    pub target: u32,
    /// Each player's total.
    pub scores: Vec<u32>,
    /// Whose Turn it is.
    pub player: usize,
    /// The Turn under way.
    pub turn: Turn,
    /// Rounds completed.
    pub rounds: u32,
    /// A player has reached the target: this Round is the last.
    pub last_round: bool,
    /// The tie-break's rolls, if there was one: for each roll-off, each tied player and the
    /// Death Rays it rolled.
    pub tie_break: Vec<Vec<(usize, u8)>>,
    /// The winner, once the game is over.
    pub winner: Option<usize>,
}

impl Game {
    /// A new game for `players` players (2 to 8), player 0 to start.
    pub fn new(players: usize) -> Result<Game, GameError> {
        Game::with_rules(players, DICE, TARGET)
    }

    /// A game with `dice` dice (1 to 13) to `target` points (1 to 100): a smaller game
    /// than the published one, for checking solvers against brute force.
    pub fn with_rules(players: usize, dice: u8, target: u32) -> Result<Game, GameError> {
        if !PLAYERS.contains(&players) {
            return Err(GameError::Players(players));
        }
        if !(1..=DICE).contains(&dice) || !(1..=100).contains(&target) {
            return Err(GameError::Size { dice, target });
        }
        Ok(Game {
            target,
            scores: vec![0; players],
            player: 0,
            turn: Turn::new(dice),
            rounds: 0,
            last_round: false,
            tie_break: Vec::new(),
            winner: None,
        })
    }

    pub fn players(&self) -> usize {
        self.scores.len()
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// The decisions open to the player whose Turn it is.
    pub fn legal(&self) -> Vec<TurnAction> {
        if self.is_over() {
            Vec::new()
        } else {
            self.turn.legal()
        }
    }

    /// Applies a legal decision; rolls (and a tie-break) draw from `rng`.
    pub fn apply<R: RngCore + ?Sized>(&mut self, a: TurnAction, rng: &mut R) {
        match a {
            TurnAction::Roll => {
                self.apply_seen(a, rng);
            }
            _ => {
                self.turn.apply(a, rng);
                if self.turn.over {
                    self.end_turn(rng);
                }
            }
        }
    }

    /// Applies a legal decision as [`Game::apply`] does, drawing the same numbers from
    /// `rng`, and returns a roll's dice as they came up (its Tanks included), which the
    /// Turn keeps only in part when the roll ends it.
    pub fn apply_seen<R: RngCore + ?Sized>(&mut self, a: TurnAction, rng: &mut R) -> Option<Tally> {
        if a != TurnAction::Roll {
            self.apply(a, rng);
            return None;
        }
        let t = roll(self.turn.to_roll(), rng);
        self.roll_as(t, rng);
        Some(t)
    }

    /// The dice rolled by the player to move come up as `t` (as many as it has to roll):
    /// the Turn goes on, or ends and is scored. A tie-break, if the game then ends in one,
    /// draws from `rng`.
    pub fn roll_as<R: RngCore + ?Sized>(&mut self, t: Tally, rng: &mut R) {
        self.turn.rolled_as(t);
        if self.turn.over {
            self.end_turn(rng);
        }
    }

    /// The Turn ended: score it, then the next player, or the end of the game.
    fn end_turn<R: RngCore + ?Sized>(&mut self, rng: &mut R) {
        self.scores[self.player] += self.turn.score();
        if self.scores[self.player] >= self.target {
            self.last_round = true;
        }
        self.player += 1;
        if self.player == self.players() {
            self.player = 0;
            self.rounds += 1;
            if self.last_round {
                self.winner = Some(self.decide(rng));
                return;
            }
        }
        self.turn = Turn::new(self.turn.dice);
    }

    /// Most points wins; the tied roll 6 dice each until one rolls the most Death Rays.
    fn decide<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> usize {
        let best = *self.scores.iter().max().expect("players");
        let mut tied: Vec<usize> = (0..self.players())
            .filter(|p| self.scores[*p] == best)
            .collect();
        while tied.len() > 1 {
            let rolls: Vec<(usize, u8)> = tied
                .iter()
                .map(|p| (*p, roll(TIE_BREAK_DICE, rng).get(Face::Ray)))
                .collect();
            let most = rolls.iter().map(|r| r.1).max().unwrap_or(0);
            tied = rolls.iter().filter(|r| r.1 == most).map(|r| r.0).collect();
            self.tie_break.push(rolls);
        }
        tied[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Tally;
    use rand::SeedableRng;

    /// Plays a whole Turn for the player to move: one roll of `t`, take `f`, stop.
    fn turn(g: &mut Game, t: Tally, f: Face, rng: &mut rand_chacha::ChaCha8Rng) {
        g.turn.rolled_as(t);
        g.apply(TurnAction::Take(f), rng);
        if !g.turn.over && g.turn.aside.total() > 0 && !g.is_over() {
            g.apply(TurnAction::Stop, rng);
        }
    }

    #[test]
    fn the_round_is_completed_after_a_player_reaches_25() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut g = Game::new(3).unwrap();
        g.scores = vec![20, 24, 10];
        // Player 0: 13 Humans, 13 points: 33, the last Round begins.
        turn(&mut g, Tally([0, 0, 13, 0, 0]), Face::Human, &mut rng);
        assert!(g.last_round && !g.is_over());
        assert_eq!(g.player, 1);
        // Player 1: 2 Cows, 26. Player 2: 3 Chickens, 13: the Round ends, player 0 wins.
        turn(&mut g, Tally([0, 11, 0, 2, 0]), Face::Cow, &mut rng);
        assert!(!g.is_over());
        turn(&mut g, Tally([0, 10, 0, 0, 3]), Face::Chicken, &mut rng);
        assert_eq!(g.scores, [33, 26, 13]);
        assert_eq!(g.winner, Some(0));
        assert!(g.tie_break.is_empty());
        assert!(g.legal().is_empty());
    }

    #[test]
    fn a_tie_is_broken_by_rolling_six_dice_for_death_rays() {
        let mut g = Game::new(2).unwrap();
        g.scores = vec![24, 24];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        turn(&mut g, Tally([0, 12, 1, 0, 0]), Face::Human, &mut rng);
        turn(&mut g, Tally([0, 12, 0, 1, 0]), Face::Cow, &mut rng);
        let w = g.winner.unwrap();
        assert!(!g.tie_break.is_empty());
        // The last roll-off has one player with the most Death Rays, the winner.
        let last = g.tie_break.last().unwrap();
        let most = last.iter().map(|r| r.1).max().unwrap();
        assert_eq!(last.iter().filter(|r| r.1 == most).count(), 1);
        assert_eq!(last.iter().find(|r| r.1 == most).unwrap().0, w);
        // Every roll-off before it was a tie.
        for r in &g.tie_break[..g.tie_break.len() - 1] {
            assert_eq!(r[0].1, r[1].1);
        }
    }

    #[test]
    fn two_to_eight_players() {
        assert!(Game::new(1).is_err());
        assert_eq!(Game::new(9), Err(GameError::Players(9)));
        assert!(Game::new(9).unwrap_err().to_string().contains("2 to 8"));
        assert_eq!(Game::new(8).unwrap().players(), 8);
    }
}
