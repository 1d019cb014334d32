//! The exact chances of a two-player game between two players of Turns: players whose
//! every Turn depends on the game only through the two scores and their seat, such as
//! `perfect` and `optimal` (`optimal` plays every Turn alike).
//!
//! Such a player's Turn from a start is a chance of each final score ([`TurnPlay`]), and
//! the chance that a seat wins follows from these as [`crate::perfect`]'s values follow from
//! best play, with the play fixed: each pair of scores is a circle of two linear equations
//! (a Turn that scores nothing leaves the scores as they were), solved exactly, the pairs
//! from the highest scores down.

use crate::optimal::Optimum;
use crate::perfect::{Perfect, Position, Seat};
use crate::turn_graph::{SCORES, Stakes, TurnGraph};

/// A player whose Turns depend only on the two scores and its seat.
pub trait TurnPlay {
    /// The chance of each final score of its Turn starting at `pos`.
    fn distribution(&mut self, pos: Position) -> Stakes;
}

/// `perfect`: every Turn played at best for the chance to win.
pub struct PlaysToWin<'a>(pub &'a Perfect);

impl TurnPlay for PlaysToWin<'_> {
    fn distribution(&mut self, pos: Position) -> Stakes {
        let g = self.0.graph();
        g.best_distribution(&self.0.turn_values(pos))
    }
}

/// `optimal`: every Turn played for the most points, whatever the scores. Its Turn's
/// chances are worked out once, from the decisions of [`Optimum`] itself.
pub struct PlaysForPoints(pub Stakes);

impl PlaysForPoints {
    pub fn new(graph: &TurnGraph) -> PlaysForPoints {
        let mut o = Optimum::solve(graph.dice());
        PlaysForPoints(graph.distribution(|t| o.decide(t).expect("a decision")))
    }
}

impl TurnPlay for PlaysForPoints {
    fn distribution(&mut self, _pos: Position) -> Stakes {
        self.0
    }
}

/// The chance that one seat wins, at the start of every Turn of a game between two
/// players of Turns.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchOdds {
    target: u32,
    /// Whose wins are counted.
    pub winner: Seat,
    /// At `a * target + b`: the first player to move with `a` points, the second with `b`.
    first_to_move: Vec<f64>,
    /// At `a * target + b`: the second player to move, the same scores.
    second_to_move: Vec<f64>,
}

impl MatchOdds {
    /// The chance that `winner` wins at the start of each Turn of a game to `target` played
    /// by `first` and `second`, ties broken at even chances (D4).
    pub fn solve(
        target: u32,
        first: &mut dyn TurnPlay,
        second: &mut dyn TurnPlay,
        winner: Seat,
    ) -> MatchOdds {
        let t = target as usize;
        let mut m = MatchOdds {
            target,
            winner,
            first_to_move: vec![f64::NAN; t * t],
            second_to_move: vec![f64::NAN; t * t],
        };
        // The second player's last Turn, `b` points against `f` (at `b * SCORES + f -
        // target`): what it is worth to `winner`.
        let mut last = vec![0.0; t * SCORES];
        for b in 0..target {
            for f in target..target + SCORES as u32 {
                let d = second.distribution(Position::new(Seat::Second, b, f));
                let to_second: f64 = d
                    .iter()
                    .enumerate()
                    .map(|(s, p)| match (b + s as u32).cmp(&f) {
                        std::cmp::Ordering::Greater => *p,
                        std::cmp::Ordering::Equal => p / 2.0,
                        std::cmp::Ordering::Less => 0.0,
                    })
                    .sum();
                let to_first: f64 = d
                    .iter()
                    .enumerate()
                    .map(|(s, p)| match (b + s as u32).cmp(&f) {
                        std::cmp::Ordering::Less => *p,
                        std::cmp::Ordering::Equal => p / 2.0,
                        std::cmp::Ordering::Greater => 0.0,
                    })
                    .sum();
                last[b as usize * SCORES + (f - target) as usize] = match winner {
                    Seat::First => to_first,
                    Seat::Second => to_second,
                };
            }
        }
        for a in (0..target).rev() {
            for b in (0..target).rev() {
                let d0 = first.distribution(Position::new(Seat::First, a, b));
                let d1 = second.distribution(Position::new(Seat::Second, b, a));
                // x = d0[0] y + c0 (first to move), y = d1[0] x + c1 (second to move).
                let mut c0 = 0.0;
                let mut c1 = 0.0;
                for s in 1..SCORES {
                    let s32 = s as u32;
                    if d0[s] > 0.0 {
                        let v = if a + s32 >= target {
                            last[b as usize * SCORES + (a + s32 - target) as usize]
                        } else {
                            m.second_to_move[(a as usize + s) * t + b as usize]
                        };
                        c0 += d0[s] * v;
                    }
                    if d1[s] > 0.0 {
                        let v = if b + s32 >= target {
                            // The second player reached the target first: it won.
                            match winner {
                                Seat::Second => 1.0,
                                Seat::First => 0.0,
                            }
                        } else {
                            m.first_to_move[a as usize * t + b as usize + s]
                        };
                        c1 += d1[s] * v;
                    }
                }
                let x = (c0 + d0[0] * c1) / (1.0 - d0[0] * d1[0]);
                let y = d1[0] * x + c1;
                m.first_to_move[a as usize * t + b as usize] = x;
                m.second_to_move[a as usize * t + b as usize] = y;
            }
        }
        m
    }

    /// The chance that the counted seat wins from the start of the game.
    pub fn start(&self) -> f64 {
        self.first_to_move[0]
    }

    /// At the start of a Turn of `to_move`, the first player with `a` points and the
    /// second with `b` (both below the target).
    pub fn at(&self, to_move: Seat, a: u32, b: u32) -> f64 {
        let i = (a * self.target + b) as usize;
        match to_move {
            Seat::First => self.first_to_move[i],
            Seat::Second => self.second_to_move[i],
        }
    }
}

/// What a game between `p` and `q` is worth to `p`, seats alternating (half its games in
/// each seat): the mean of its chance to win in the first seat and in the second.
pub fn alternating(target: u32, p: &mut dyn TurnPlay, q: &mut dyn TurnPlay) -> (f64, f64) {
    let p_first = MatchOdds::solve(target, p, q, Seat::First).start();
    let p_second = MatchOdds::solve(target, q, p, Seat::Second).start();
    (p_first, p_second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfect_against_itself_is_its_own_table_and_the_two_seats_sum_to_one() {
        let p = Perfect::solve(5, 8);
        let mut a = PlaysToWin(&p);
        let mut b = PlaysToWin(&p);
        let first = MatchOdds::solve(8, &mut a, &mut b, Seat::First);
        let second = MatchOdds::solve(8, &mut a, &mut b, Seat::Second);
        for x in 0..8 {
            for y in 0..8 {
                for seat in [Seat::First, Seat::Second] {
                    let (f, s) = (first.at(seat, x, y), second.at(seat, x, y));
                    assert!((0.0..=1.0).contains(&f) && (0.0..=1.0).contains(&s));
                    assert!((f + s - 1.0).abs() < 1e-12, "{x}-{y} {seat:?}: {f} + {s}");
                }
                // The table's chance of the player to move is the play's.
                let w = p.win(Position::new(Seat::First, x, y));
                assert!((first.at(Seat::First, x, y) - w).abs() < 1e-12);
                let w = p.win(Position::new(Seat::Second, y, x));
                assert!((second.at(Seat::Second, x, y) - w).abs() < 1e-12);
            }
        }
    }
}
