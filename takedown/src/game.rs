//! The game as a pure state machine (T5-T9): the targets and their claimed pieces, where each
//! saucer lies, each player's score pile, whose Turn it is and its retakes. A shot is played
//! by giving the rest of the die ([`Game::play`]); [`crate::rules::resolve`] says what it does
//! without changing the game, so a rest can be weighed before it is played. The game ends when
//! every piece of the targets in use is claimed (T9), or at the shot cap (T13).

use std::sync::Arc;

use crate::geometry::{Disc, Point};
use crate::layout::Setup;
use crate::physics::Scene;
use crate::pieces::{PieceKind, Points, Seat, TargetId};
use crate::rules::{Claim, Outcome, resolve};
use crate::shot::Rest;

/// A game of Ten-Minute Takedown.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    setup: Arc<Setup>,
    /// Pieces claimed from each target, 0 to 3, outermost first.
    claimed: Vec<u8>,
    /// Each seat's saucer.
    saucers: Vec<Point>,
    /// Each seat's score pile, in the order claimed.
    piles: Vec<Vec<Claim>>,
    turn: Seat,
    /// Shots retaken in the Turn under way (T5, T12).
    retakes: u32,
    shots: u32,
}

/// A shot played: who shot, what it did, and whose shot is next (`None`: the game is over).
#[derive(Clone, Debug, PartialEq)]
pub struct ShotReport {
    pub shooter: Seat,
    pub outcome: Outcome,
    pub next: Option<Seat>,
}

/// A shot refused: the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game is over")]
pub struct GameOver;

/// A seat's score (T9): its points, pieces and centre discs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Score {
    pub points: Points,
    pub pieces: u32,
    pub centres: u32,
}

/// What decided a game (T9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    Points,
    Pieces,
    CentreDiscs,
    /// Still tied: a draw ("play again").
    Draw,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// Each seat's score.
    pub scores: Vec<Score>,
    /// The winner, `None` for a draw.
    pub winner: Option<Seat>,
    pub decided: Decided,
    /// Every piece claimed (T9); `false` when the shot cap stopped the game (T13).
    pub finished: bool,
    pub shots: u32,
}

impl Game {
    /// A new game on `setup`: every saucer at its Base, seat 1 to shoot first (T20).
    pub fn new(setup: Arc<Setup>) -> Game {
        let n = setup.players();
        Game {
            claimed: vec![0; setup.targets.len()],
            saucers: setup.seats.iter().map(|s| s.base).collect(),
            piles: vec![Vec::new(); n],
            turn: Seat(0),
            retakes: 0,
            shots: 0,
            setup,
        }
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn setup_arc(&self) -> &Arc<Setup> {
        &self.setup
    }

    pub fn players(&self) -> usize {
        self.setup.players()
    }

    /// Whose shot it is.
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Shots retaken in the Turn under way.
    pub fn retakes(&self) -> u32 {
        self.retakes
    }

    /// Shots played, retakes included.
    pub fn shots(&self) -> u32 {
        self.shots
    }

    /// Where `seat`'s saucer lies.
    pub fn saucer(&self, seat: Seat) -> Point {
        self.saucers[seat.index()]
    }

    pub fn saucer_disc(&self, seat: Seat) -> Disc {
        Disc {
            centre: self.saucer(seat),
            radius: self.setup.layout.saucer_radius(),
        }
    }

    pub fn base(&self, seat: Seat) -> Point {
        self.setup.seats[seat.index()].base
    }

    /// A target's top piece: its outermost unclaimed one (T6), `None` once all are claimed.
    pub fn top_piece(&self, target: TargetId) -> Option<PieceKind> {
        PieceKind::ALL
            .get(usize::from(self.claimed[target.index()]))
            .copied()
    }

    /// A target's top piece as a disc seen from above (T6: a target shrinks as it is
    /// claimed).
    pub fn top_disc(&self, target: TargetId) -> Option<Disc> {
        self.top_piece(target)
            .map(|top| self.setup.target_disc(target, top))
    }

    /// Pieces not yet claimed, over every target.
    pub fn pieces_left(&self) -> usize {
        self.claimed.iter().map(|&c| 3 - usize::from(c)).sum()
    }

    /// `seat`'s score pile.
    pub fn pile(&self, seat: Seat) -> &[Claim] {
        &self.piles[seat.index()]
    }

    pub fn score(&self, seat: Seat) -> Score {
        let pile = self.pile(seat);
        Score {
            points: pile.iter().map(|c| c.points).sum(),
            pieces: pile.len() as u32,
            centres: pile.iter().filter(|c| c.kind == PieceKind::Centre).count() as u32,
        }
    }

    /// Whether every piece is claimed (T9) or the shot cap is reached (T13).
    pub fn is_over(&self) -> bool {
        self.pieces_left() == 0 || self.shots >= self.setup.layout.rules.max_shots
    }

    /// What stands on the table for the shot to come: the die at the shooter's saucer.
    pub fn scene(&self) -> Scene {
        let mut discs: Vec<Disc> = self
            .setup
            .targets
            .iter()
            .filter_map(|t| self.top_disc(t.id))
            .collect();
        discs.extend((0..self.players()).map(|i| self.saucer_disc(Seat(i as u8))));
        Scene {
            start: self.saucer(self.turn),
            discs,
        }
    }

    /// Plays the shot of the player to shoot, the die resting at `rest`.
    pub fn play(&mut self, rest: &Rest) -> Result<ShotReport, GameOver> {
        if self.is_over() {
            return Err(GameOver);
        }
        let outcome = resolve(self, rest);
        let shooter = self.turn;
        self.apply(&outcome);
        Ok(ShotReport {
            shooter,
            outcome,
            next: (!self.is_over()).then_some(self.turn),
        })
    }

    /// Plays `outcome` for the player to shoot.
    fn apply(&mut self, outcome: &Outcome) {
        let shooter = self.turn;
        self.shots += 1;
        for &s in outcome.sent_home() {
            self.saucers[s.index()] = self.base(s);
        }
        match outcome {
            Outcome::Retake { .. } => {
                self.retakes += 1;
                return;
            }
            Outcome::RetakesSpent => {}
            Outcome::LeftTable => self.saucers[shooter.index()] = self.base(shooter),
            Outcome::Miss { saucer, .. } => self.saucers[shooter.index()] = *saucer,
            Outcome::Claimed { claim, .. } => {
                self.claimed[claim.target.index()] += 1;
                self.piles[shooter.index()].push(*claim);
                self.saucers[shooter.index()] = self.base(shooter);
            }
        }
        // T8: play passes to the left after every shot that is not retaken.
        self.retakes = 0;
        self.turn = shooter.left(self.players());
    }

    /// The scores and the winner as the game stands (T9): most points, then most pieces,
    /// then most centre discs; still tied is a draw.
    pub fn result(&self) -> GameResult {
        let scores: Vec<Score> = (0..self.players())
            .map(|i| self.score(Seat(i as u8)))
            .collect();
        let keys: [fn(&Score) -> u32; 3] = [|s| s.points.0, |s| s.pieces, |s| s.centres];
        let decided_by = [Decided::Points, Decided::Pieces, Decided::CentreDiscs];
        let mut tied: Vec<usize> = (0..scores.len()).collect();
        let mut winner = None;
        let mut decided = Decided::Draw;
        for (key, by) in keys.iter().zip(decided_by) {
            let best = tied.iter().map(|&i| key(&scores[i])).max().unwrap_or(0);
            tied.retain(|&i| key(&scores[i]) == best);
            if tied.len() == 1 {
                winner = Some(Seat(tied[0] as u8));
                decided = by;
                break;
            }
        }
        GameResult {
            scores,
            winner,
            decided,
            finished: self.pieces_left() == 0,
            shots: self.shots,
        }
    }
}
