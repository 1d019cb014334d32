//! Martian Dice played to win: the exact chance to win of two players who both play to
//! win, and the play that reaches it, in the manner of Neller and Presser's solution of
//! Pig ("Optimal Play of the Dice Game Pig", 2004).
//!
//! At the start of a Turn the game is the two scores and whose Turn it is; during the
//! Turn, also the dice set aside. The player whose Turn it is wants the chance to win after
//! its Turn, which depends only on the score the Turn ends with, so its best play of the
//! Turn is the best play of [`TurnGraph`] for those stakes (`U` below). With `a` the first
//! player's points, `b` the second's, both below the target `T` (25):
//!
//! ```text
//! first(a, b)   = best play of a Turn for U(t) = 1 - last(b, a + t)     a + t >= T
//!                                            = 1 - second(b, a + t)   otherwise
//! second(b, a)  = best play of a Turn for U(t) = 1                      b + t >= T
//!                                            = 1 - first(a, b + t)    otherwise
//! last(b, F)    = best play of a Turn for U(t) = 1 if b + t > F, 1/2 if b + t = F, else 0
//! ```
//!
//! `last` is the second player's Turn after the first has reached `F >= T`: the Round is
//! completed, the game ends after it, and a tie is broken by rolling dice for Death Rays, an
//! even chance between two players (D4). When the second player reaches the target the game
//! ends at once: the first did not.
//!
//! A Turn that scores nothing leaves the scores as they were, so `first(a, b)` depends on
//! `second(b, a)` and that on `first(a, b)`: the equations are circular, as in Pig. Every
//! other Turn raises a score, so the pairs of scores are solved from the highest down, and
//! each pair's circle on its own: for the play chosen at an estimate of the two values, a
//! Turn's worth is a line in the worth of scoring nothing ([`TurnGraph::sweep_lines`]),
//! the two lines are solved exactly, and the estimate is replaced by the solution until
//! every decision of the play is still best at it (policy iteration: a handful of passes,
//! each exact). [`Perfect::residual`] then checks the whole table against its equations by
//! one plain pass of value iteration.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::dice::DICE;
use crate::game::{Game, TARGET};
use crate::turn_graph::{Line, SCORES, Stakes, TurnGraph, TurnValues};

/// How far outside the range where its decisions stay best an estimate may fall and still
/// count as inside (rounding in the lines' crossing points).
const SLACK: f64 = 1e-9;
/// Passes over one pair of scores before the solver gives up (it has never needed more
/// than a few).
const MAX_PASSES: u32 = 100;

/// Which of the two players: the first plays first in every Round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    First,
    Second,
}

/// The start of a Turn, from the side of the player whose Turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub seat: Seat,
    /// Its points (below the target).
    pub mine: u32,
    /// The other player's points: the second player's last Turn when they are at the
    /// target or more.
    pub theirs: u32,
}

impl Position {
    pub fn new(seat: Seat, mine: u32, theirs: u32) -> Position {
        Position { seat, mine, theirs }
    }

    /// The position of the player to move in `game`, at the start of its Turn. With two
    /// players it is exact. With more, the player plays the two-player game against the
    /// leader among the others: as the second player if it is the last of the Round (when
    /// reaching the target ends the game at once) or the Round is the last (against the
    /// most points so far), else as the first.
    pub fn of(game: &Game) -> Position {
        let p = game.player;
        let theirs = (0..game.players())
            .filter(|q| *q != p)
            .map(|q| game.scores[q])
            .max()
            .unwrap_or(0);
        let seat = if game.last_round || p + 1 == game.players() {
            Seat::Second
        } else {
            Seat::First
        };
        Position::new(seat, game.scores[p], theirs)
    }
}

/// What solving took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolveStats {
    /// Sweeps over the Turn's graph.
    pub sweeps: u64,
    /// The most passes one pair of scores needed.
    pub most_passes: u32,
    pub elapsed: Duration,
}

/// The solved game for two players.
#[derive(Debug)]
pub struct Perfect {
    target: u32,
    graph: Arc<TurnGraph>,
    /// `first(a, b)` at `a * target + b`.
    first: Vec<f64>,
    /// `second(b, a)` at `b * target + a`.
    second: Vec<f64>,
    /// `last(b, F)` by `F - b`, from 0 (unused) to the most a Turn scores.
    last: Vec<f64>,
    pub stats: SolveStats,
}

impl Perfect {
    /// Solves the game of `dice` dice to `target` points for two players.
    pub fn solve(dice: u8, target: u32) -> Perfect {
        let start = Instant::now();
        let graph = TurnGraph::shared(dice);
        let most = usize::from(dice) + 3;
        let t = target as usize;
        let mut p = Perfect {
            target,
            first: vec![f64::NAN; t * t],
            second: vec![f64::NAN; t * t],
            last: vec![0.0; most + 1],
            graph,
            stats: SolveStats {
                sweeps: 0,
                most_passes: 0,
                elapsed: Duration::ZERO,
            },
        };
        for d in 1..=most {
            let stakes = Perfect::last_stakes(d as u32);
            p.last[d] = p.graph.sweep(&stakes).start(&p.graph);
            p.stats.sweeps += 1;
        }
        let mut work = Vec::new();
        for a in (0..target).rev() {
            for b in (0..target).rev() {
                let (x, y) = p.estimate(a, b);
                let (x, y) = p.solve_pair(a, b, (1.0 - y, 1.0 - x), &mut work);
                p.first[(a * target + b) as usize] = x;
                p.second[(b * target + a) as usize] = y;
            }
        }
        p.stats.elapsed = start.elapsed();
        p
    }

    /// A guess at `first(a, b)` and `second(b, a)` from the pairs solved around them: the
    /// plane through the three pairs above, or the nearest one solved.
    fn estimate(&self, a: u32, b: u32) -> (f64, f64) {
        let t = self.target;
        let get = |a: u32, b: u32| -> Option<(f64, f64)> {
            (a < t && b < t).then(|| {
                (
                    self.first[(a * t + b) as usize],
                    self.second[(b * t + a) as usize],
                )
            })
        };
        match (get(a + 1, b), get(a, b + 1), get(a + 1, b + 1)) {
            (Some(p), Some(q), Some(r)) => (
                (p.0 + q.0 - r.0).clamp(0.0, 1.0),
                (p.1 + q.1 - r.1).clamp(0.0, 1.0),
            ),
            (Some(p), _, _) | (_, Some(p), _) => p,
            _ => (0.5, 0.5),
        }
    }

    /// Solves the circle of `first(a, b)` and `second(b, a)` from estimates of what
    /// scoring nothing is worth to each, `1 - second(b, a)` and `1 - first(a, b)`.
    fn solve_pair(
        &mut self,
        a: u32,
        b: u32,
        estimate: (f64, f64),
        work: &mut Vec<Line>,
    ) -> (f64, f64) {
        let mine = self.lines(Position::new(Seat::First, a, b));
        let theirs = self.lines(Position::new(Seat::Second, b, a));
        let (mut z0, mut z1) = estimate;
        for pass in 1..=MAX_PASSES {
            let s0 = self.graph.sweep_lines(&mine, z0, work);
            let s1 = self.graph.sweep_lines(&theirs, z1, work);
            self.stats.sweeps += 2;
            // x = s0(1 - y), y = s1(1 - x).
            let (x0, y0) = (s0.start, s1.start);
            let x = (x0.a + x0.b * (1.0 - y0.a - y0.b)) / (1.0 - x0.b * y0.b);
            let y = y0.at(1.0 - x);
            let (n0, n1) = (1.0 - y, 1.0 - x);
            let holds = |z: f64, s: &crate::turn_graph::LineSweep| {
                s.low - SLACK <= z && z <= s.high + SLACK
            };
            if holds(n0, &s0) && holds(n1, &s1) {
                self.stats.most_passes = self.stats.most_passes.max(pass);
                return (x, y);
            }
            (z0, z1) = (n0, n1);
        }
        panic!("the scores {a}-{b} did not settle in {MAX_PASSES} passes")
    }

    /// The stakes of the Turn at `pos` as lines in the worth of scoring nothing (which
    /// leaves the scores as they are, for the other player's Turn).
    fn lines(&self, pos: Position) -> [Line; SCORES] {
        let mut out = [Line::default(); SCORES];
        for (t, l) in out.iter_mut().enumerate() {
            *l = if t == 0 && pos.theirs < self.target {
                Line::Z
            } else {
                Line::constant(self.stake(pos, t as u32))
            };
        }
        out
    }

    /// The stakes of the second player's last Turn, `d` points behind.
    fn last_stakes(d: u32) -> Stakes {
        let mut s = [0.0; SCORES];
        for (t, v) in s.iter_mut().enumerate() {
            let t = t as u32;
            *v = match t.cmp(&d) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
        }
        s
    }

    /// The chance to win of the player whose Turn is at `pos` if its Turn ends with `t`
    /// points, both players playing to win after it.
    fn stake(&self, pos: Position, t: u32) -> f64 {
        let target = self.target;
        let now = pos.mine + t;
        match pos.seat {
            Seat::Second if pos.theirs >= target => match now.cmp(&pos.theirs) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            },
            Seat::Second if now >= target => 1.0,
            Seat::Second => 1.0 - self.first[(pos.theirs * target + now) as usize],
            Seat::First if now >= target => 1.0 - self.last_chance(pos.theirs, now),
            Seat::First => 1.0 - self.second[(pos.theirs * target + now) as usize],
        }
    }

    /// `last(b, f)`: the second player's chance to win its last Turn from `b` points
    /// against `f`.
    fn last_chance(&self, b: u32, f: u32) -> f64 {
        self.last.get((f - b) as usize).copied().unwrap_or(0.0)
    }

    /// `pos` if a game can reach it, else the nearest position it can: a Turn starts below
    /// the target, and the first player's with the other below it too.
    fn reachable(&self, pos: Position) -> Position {
        let below = self.target - 1;
        let most = below + self.graph.dice() as u32 + 3;
        Position {
            mine: pos.mine.min(below),
            theirs: match pos.seat {
                Seat::First => pos.theirs.min(below),
                Seat::Second => pos.theirs.min(most),
            },
            ..pos
        }
    }

    /// What each final score of the Turn at `pos` is worth to its player: its chance to
    /// win after it.
    pub fn stakes(&self, pos: Position) -> Stakes {
        let pos = self.reachable(pos);
        let mut s = [0.0; SCORES];
        for (t, v) in s.iter_mut().enumerate() {
            *v = self.stake(pos, t as u32);
        }
        s
    }

    /// The chance to win of the player whose Turn starts at `pos`, both playing to win.
    pub fn win(&self, pos: Position) -> f64 {
        let pos = self.reachable(pos);
        let t = self.target;
        match pos.seat {
            Seat::First => self.first[(pos.mine * t + pos.theirs) as usize],
            Seat::Second if pos.theirs >= t => self.last_chance(pos.mine, pos.theirs),
            Seat::Second => self.second[(pos.mine * t + pos.theirs) as usize],
        }
    }

    /// The first player's chance to win a game from its start.
    pub fn first_player_wins(&self) -> f64 {
        self.win(Position::new(Seat::First, 0, 0))
    }

    pub fn target(&self) -> u32 {
        self.target
    }

    pub fn graph(&self) -> &TurnGraph {
        &self.graph
    }

    /// Best play of the Turn at `pos`: the value of every state of the Turn.
    pub fn turn_values(&self, pos: Position) -> TurnValues {
        self.graph.sweep(&self.stakes(pos))
    }

    /// Checks the table against its equations by one pass of value iteration: the largest
    /// difference between a Turn's start in the table and best play of that Turn for the
    /// stakes the table gives it (scoring nothing included).
    pub fn residual(&self) -> f64 {
        let mut worst: f64 = 0.0;
        for a in 0..self.target {
            for b in 0..self.target {
                for pos in [
                    Position::new(Seat::First, a, b),
                    Position::new(Seat::Second, b, a),
                ] {
                    let mut s = self.stakes(pos);
                    // Scoring nothing: the other player's Turn from the same scores.
                    let other = match pos.seat {
                        Seat::First => Position::new(Seat::Second, b, a),
                        Seat::Second => Position::new(Seat::First, a, b),
                    };
                    s[0] = 1.0 - self.win(other);
                    let v = self.graph.sweep(&s).start(&self.graph);
                    worst = worst.max((v - self.win(pos)).abs());
                }
            }
        }
        worst
    }

    /// The game of 13 dice to 25 points, solved once in a process on first use.
    pub fn standard() -> Arc<Perfect> {
        Perfect::for_rules(DICE, TARGET)
    }

    /// The game of `dice` dice to `target` points, solved once in a process on first use
    /// (callers at the same time wait for the one solving).
    pub fn for_rules(dice: u8, target: u32) -> Arc<Perfect> {
        Arc::clone(cell(dice, target).get_or_init(|| Arc::new(Perfect::solve(dice, target))))
    }

    /// The standard game if it has been solved in this process, without waiting.
    pub fn standard_if_solved() -> Option<Arc<Perfect>> {
        cell(DICE, TARGET).get().cloned()
    }
}

/// The process's solution of a game, once solved.
fn cell(dice: u8, target: u32) -> Arc<OnceLock<Arc<Perfect>>> {
    type Cells = Mutex<HashMap<(u8, u32), Arc<OnceLock<Arc<Perfect>>>>>;
    static SOLVED: OnceLock<Cells> = OnceLock::new();
    let mut map = SOLVED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    Arc::clone(map.entry((dice, target)).or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_more_players_the_turn_is_played_against_the_leader() {
        let mut g = Game::new(3).unwrap();
        g.scores = vec![10, 7, 12];
        // Player 0 plays first in the Round: someone plays after it.
        assert_eq!(Position::of(&g), Position::new(Seat::First, 10, 12));
        g.player = 2;
        // The last of the Round: reaching 25 ends the game at once.
        assert_eq!(Position::of(&g), Position::new(Seat::Second, 12, 10));
        // The last Round: beat the most points so far.
        g.player = 1;
        g.scores = vec![27, 7, 12];
        g.last_round = true;
        assert_eq!(Position::of(&g), Position::new(Seat::Second, 7, 27));
    }

    #[test]
    fn a_position_no_game_reaches_is_read_as_the_nearest_one() {
        let p = Perfect::for_rules(4, 6);
        let near = p.win(Position::new(Seat::First, 5, 5));
        assert_eq!(p.win(Position::new(Seat::First, 9, 30)), near);
        let s = p.stakes(Position::new(Seat::Second, 40, 90));
        assert!(s.iter().all(|x| (0.0..=1.0).contains(x)));
    }
}
