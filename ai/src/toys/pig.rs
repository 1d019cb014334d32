//! Two-player Pig (Neller and Presser, "Optimal Play of the Dice Game Pig", 2004).
//!
//! On your turn you repeatedly choose to **roll** a six-sided die or **hold**. A roll of 1
//! loses the points gathered this turn (the *turn total*) and ends your turn; any other roll
//! adds to the turn total. Holding banks the turn total into your score and ends your turn.
//! The first player to bank the target wins, so a player who has reached it must still hold
//! (as in OpenSpiel's `pig`). Holding is only allowed with a positive turn total, so every
//! turn rolls at least once.
//!
//! For optimal play the rule "reaching the target still needs a hold" changes nothing (once
//! there, holding wins surely), but it adds decisions whose answer is plain: hold.

use std::fmt;

use rand::{Rng, RngCore};

use crate::game::Game;

/// A Pig decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PigAction {
    /// Roll the die.
    Roll,
    /// Bank the turn total and pass the turn.
    Hold,
}

impl fmt::Display for PigAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PigAction::Roll => "roll",
            PigAction::Hold => "hold",
        })
    }
}

/// A state of two-player Pig.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pig {
    target: u8,
    scores: [u8; 2],
    turn_total: u8,
    to_move: u8,
    winner: Option<u8>,
}

impl Pig {
    /// A new game to `target` points (clamped to `1..=200`), player 0 to move.
    pub fn new(target: u8) -> Pig {
        Pig {
            target: target.clamp(1, 200),
            scores: [0, 0],
            turn_total: 0,
            to_move: 0,
            winner: None,
        }
    }

    /// A position: `to_move` (0 or 1) with the given banked `scores` and `turn_total`.
    /// `None` unless both scores are below the target and the mover's score plus turn total is
    /// below the target plus 6 (the most one roll can overshoot).
    pub fn position(target: u8, to_move: usize, scores: [u8; 2], turn_total: u8) -> Option<Pig> {
        let pig = Pig::new(target);
        let ok = to_move < 2
            && scores.iter().all(|&s| s < pig.target)
            && u16::from(scores[to_move]) + u16::from(turn_total) < u16::from(pig.target) + 6;
        ok.then_some(Pig {
            scores,
            turn_total,
            to_move: to_move as u8,
            ..pig
        })
    }

    /// Points needed to win.
    pub fn target(&self) -> u8 {
        self.target
    }

    /// Banked scores of players 0 and 1.
    pub fn scores(&self) -> [u8; 2] {
        self.scores
    }

    /// Points gathered this turn by the player to move.
    pub fn turn_total(&self) -> u8 {
        self.turn_total
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<usize> {
        self.winner.map(usize::from)
    }
}

impl Game for Pig {
    type Action = PigAction;

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> usize {
        usize::from(self.to_move)
    }

    fn legal_actions(&self, out: &mut Vec<PigAction>) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        out.push(PigAction::Roll);
        if self.turn_total > 0 {
            out.push(PigAction::Hold);
        }
    }

    fn apply<R: RngCore + ?Sized>(&mut self, action: PigAction, rng: &mut R) {
        if self.winner.is_some() {
            return;
        }
        let p = usize::from(self.to_move);
        match action {
            PigAction::Roll => {
                let die: u8 = rng.random_range(1..=6);
                if die == 1 {
                    self.turn_total = 0;
                    self.to_move ^= 1;
                } else {
                    // Past the target further rolls add nothing that matters; cap the total
                    // so the state space stays small.
                    let room = self.target.saturating_add(5).saturating_sub(self.scores[p]);
                    self.turn_total = (self.turn_total + die).min(room);
                }
            }
            PigAction::Hold => {
                let banked = u16::from(self.scores[p]) + u16::from(self.turn_total);
                self.turn_total = 0;
                if banked >= u16::from(self.target) {
                    self.scores[p] = self.target;
                    self.winner = Some(self.to_move);
                } else {
                    self.scores[p] = banked as u8;
                    self.to_move ^= 1;
                }
            }
        }
    }

    fn is_terminal(&self) -> bool {
        self.winner.is_some()
    }

    fn returns(&self, player: usize) -> f64 {
        match self.winner {
            Some(w) if usize::from(w) == player => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    fn determinize<R: RngCore + ?Sized>(&mut self, _observer: usize, _rng: &mut R) {
        // Nothing is hidden.
    }

    /// Lead in points (counting the mover's turn total), scaled by the target.
    fn evaluate(&self, player: usize) -> f64 {
        if let Some(w) = self.winner {
            return if usize::from(w) == player { 1.0 } else { 0.0 };
        }
        let mut pts = [f64::from(self.scores[0]), f64::from(self.scores[1])];
        pts[usize::from(self.to_move)] += f64::from(self.turn_total);
        let lead = pts[player] - pts[1 - player];
        (0.5 + lead / (2.0 * f64::from(self.target))).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn rules() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut legal = Vec::new();
        let mut wins = [0; 2];
        for _ in 0..200 {
            let mut pig = Pig::new(10);
            pig.legal_actions(&mut legal);
            assert_eq!(
                legal,
                vec![PigAction::Roll],
                "no holding on a zero turn total"
            );
            let mut decisions = 0;
            while !pig.is_terminal() {
                let before = pig.clone();
                let p = before.to_move();
                let a = if pig.turn_total() >= 4 {
                    PigAction::Hold
                } else {
                    PigAction::Roll
                };
                pig.apply(a, &mut rng);
                let banked = before.scores()[p] + before.turn_total();
                match a {
                    PigAction::Hold if banked >= 10 => {
                        assert_eq!(pig.winner(), Some(p));
                        assert_eq!(pig.scores()[p], 10);
                    }
                    PigAction::Hold => {
                        assert!(!pig.is_terminal());
                        assert_eq!(pig.to_move(), 1 - p);
                        assert_eq!(pig.scores()[p], banked);
                        assert_eq!(pig.turn_total(), 0);
                    }
                    PigAction::Roll if pig.to_move() != p => {
                        // A 1: the turn total is lost.
                        assert_eq!(pig.turn_total(), 0);
                        assert_eq!(pig.scores(), before.scores());
                    }
                    PigAction::Roll => {
                        assert!(!pig.is_terminal(), "reaching the target still needs a hold");
                        let gained = pig.turn_total() - before.turn_total();
                        let capped = pig.scores()[p] + pig.turn_total() == 15;
                        assert!((2..=6).contains(&gained) || capped, "gained {gained}");
                    }
                }
                decisions += 1;
                assert!(decisions < 10_000);
            }
            let w = pig.winner().unwrap();
            assert_eq!(pig.returns(w), 1.0);
            assert_eq!(pig.returns(1 - w), 0.0);
            wins[w] += 1;
        }
        assert!(wins[0] > 50 && wins[1] > 50, "{wins:?}");
    }

    #[test]
    fn positions_are_checked() {
        assert!(Pig::position(20, 0, [19, 0], 0).is_some());
        assert!(Pig::position(20, 0, [15, 0], 10).is_some());
        assert!(Pig::position(20, 0, [15, 0], 11).is_none());
        assert!(Pig::position(20, 1, [15, 20], 0).is_none());
        assert!(Pig::position(20, 2, [0, 0], 0).is_none());
    }
}
