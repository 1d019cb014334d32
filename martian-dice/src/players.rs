//! Players: the game and a single Turn as [`ai::Game`]s, so the search of the `ai` crate
//! plays them unchanged; the optimal-expected-score policy; a threshold player.

use ai::{Game as _, Player};
use rand::RngCore;
use rand_chacha::ChaCha8Rng;

use crate::dice::{DICE, Face};
use crate::game::Game;
use crate::optimal::Optimum;
use crate::turn::{Turn, TurnAction, choosable};

/// The most one Turn can score: thirteen Earthlings of all three kinds.
pub const MAX_TURN_SCORE: u32 = DICE as u32 + 3;

/// One Turn played alone, its return the score over [`MAX_TURN_SCORE`]: the game in which
/// a search maximises the expected score of a Turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurnGame(pub Turn);

impl TurnGame {
    pub fn new() -> TurnGame {
        TurnGame(Turn::new(DICE))
    }
}

impl Default for TurnGame {
    fn default() -> Self {
        TurnGame::new()
    }
}

/// What the players read: the Turn under way.
pub trait HasTurn {
    fn turn(&self) -> &Turn;
}

impl HasTurn for TurnGame {
    fn turn(&self) -> &Turn {
        &self.0
    }
}

impl HasTurn for Game {
    fn turn(&self) -> &Turn {
        &self.turn
    }
}

impl ai::Game for TurnGame {
    type Action = TurnAction;
    fn num_players(&self) -> usize {
        1
    }
    fn to_move(&self) -> usize {
        0
    }
    fn legal_actions(&self, out: &mut Vec<TurnAction>) {
        out.clear();
        out.extend(self.0.legal());
    }
    fn apply<R: RngCore + ?Sized>(&mut self, a: TurnAction, rng: &mut R) {
        self.0.apply(a, rng);
    }
    fn is_terminal(&self) -> bool {
        self.0.over
    }
    fn returns(&self, _player: usize) -> f64 {
        f64::from(self.0.score()) / f64::from(MAX_TURN_SCORE)
    }
    fn determinize<R: RngCore + ?Sized>(&mut self, _observer: usize, _rng: &mut R) {}
    /// A cut-off playout is worth what stopping there would score.
    fn evaluate(&self, player: usize) -> f64 {
        self.returns(player)
    }
}

impl ai::Game for Game {
    type Action = TurnAction;
    fn num_players(&self) -> usize {
        self.players()
    }
    fn to_move(&self) -> usize {
        self.player
    }
    fn legal_actions(&self, out: &mut Vec<TurnAction>) {
        out.clear();
        out.extend(self.legal());
    }
    fn apply<R: RngCore + ?Sized>(&mut self, a: TurnAction, rng: &mut R) {
        Game::apply(self, a, rng);
    }
    fn is_terminal(&self) -> bool {
        self.is_over()
    }
    fn returns(&self, player: usize) -> f64 {
        if self.winner == Some(player) {
            1.0
        } else {
            0.0
        }
    }
    /// Nothing is hidden: the future dice are chance, drawn as the game is played.
    fn determinize<R: RngCore + ?Sized>(&mut self, _observer: usize, _rng: &mut R) {}
    /// A cut-off playout: the share of the points so far, the Turn under way counted as
    /// if it stopped now.
    fn evaluate(&self, player: usize) -> f64 {
        let mut s: Vec<f64> = self.scores.iter().map(|x| f64::from(*x)).collect();
        s[self.player] += f64::from(self.turn.score());
        let total: f64 = s.iter().sum();
        if total == 0.0 {
            1.0 / s.len() as f64
        } else {
            s[player] / total
        }
    }
}

/// The policy that maximises the expected score of every Turn ([`Optimum`]), whatever the
/// scores of the game.
pub struct OptimalPlayer {
    optimum: Optimum,
}

impl OptimalPlayer {
    pub fn new() -> OptimalPlayer {
        OptimalPlayer {
            optimum: Optimum::solve(DICE),
        }
    }
}

impl Default for OptimalPlayer {
    fn default() -> Self {
        OptimalPlayer::new()
    }
}

impl<G: ai::Game<Action = TurnAction> + HasTurn> Player<G> for OptimalPlayer {
    fn name(&self) -> String {
        "optimal".into()
    }
    fn choose(&mut self, game: &G, _rng: &mut ChaCha8Rng) -> Option<TurnAction> {
        self.optimum.decide(game.turn())
    }
}

/// Stops once the Turn would score `stop_at` points; takes Death Rays while the Tanks
/// outnumber them, else the Earthling kind with the most dice.
pub struct ThresholdPlayer {
    pub stop_at: u32,
}

impl<G: ai::Game<Action = TurnAction> + HasTurn> Player<G> for ThresholdPlayer {
    fn name(&self) -> String {
        format!("threshold:{}", self.stop_at)
    }
    fn choose(&mut self, game: &G, _rng: &mut ChaCha8Rng) -> Option<TurnAction> {
        let t = game.turn();
        if t.over {
            return None;
        }
        if let Some(r) = t.rolled {
            let faces = choosable(&t.aside, &r);
            let rays_needed = t.aside.get(Face::Tank) > t.aside.get(Face::Ray);
            let pick = if rays_needed && faces.contains(&Face::Ray) {
                Face::Ray
            } else {
                *faces
                    .iter()
                    .filter(|f| f.is_earthling())
                    .max_by_key(|f| (r.get(**f), std::cmp::Reverse(f.index())))
                    .unwrap_or(&faces[0])
            };
            return Some(TurnAction::Take(pick));
        }
        if t.aside.total() > 0 && t.score() >= self.stop_at {
            Some(TurnAction::Stop)
        } else {
            Some(TurnAction::Roll)
        }
    }
}

/// The mean score of `turns` Turns played by `player`, each from its own seed, with the
/// half-width of its 95% interval.
pub fn mean_turn_score<P: Player<TurnGame>>(player: &mut P, turns: u64, seed: u64) -> (f64, f64) {
    use rand::SeedableRng;
    let mut sum = 0.0;
    let mut sum2 = 0.0;
    for i in 0..turns {
        let mut dice = ChaCha8Rng::seed_from_u64(ai::arena::derive_seed(seed, i, 0));
        let mut choose = ChaCha8Rng::seed_from_u64(ai::arena::derive_seed(seed, i, 1));
        let mut g = TurnGame::new();
        while !g.is_terminal() {
            let Some(a) = player.choose(&g, &mut choose) else {
                break;
            };
            g.apply(a, &mut dice);
        }
        let s = f64::from(g.0.score());
        sum += s;
        sum2 += s * s;
    }
    let n = turns as f64;
    let mean = sum / n;
    let var = (sum2 / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The players a spec may name, for help and errors.
pub const SPECS: &str = "optimal, threshold:N (stop at N points), random, or mcts with \
                         :easy, :normal, :hard (0.05, 0.3, 1.5 s a decision) or :N iterations";

/// The player a spec names: `optimal`, `threshold:N`, `random`, `mcts[:easy|:normal|:hard|:N]`.
pub fn player<G>(spec: &str) -> Result<Box<dyn Player<G> + Send>, String>
where
    G: ai::Game<Action = TurnAction> + HasTurn + 'static,
{
    use ai::{Budget, IsMcts, IsMctsConfig, RandomPlayer};
    let text = spec.trim().to_ascii_lowercase();
    let (kind, arg) = text.split_once(':').unwrap_or((&text, ""));
    let bad = |why: String| {
        format!(
            "`{}` is not a player: {why}; the players are {SPECS}",
            spec.escape_debug()
        )
    };
    match (kind, arg) {
        ("optimal", "") => Ok(Box::new(OptimalPlayer::new())),
        ("random", "") => Ok(Box::new(RandomPlayer::new())),
        ("threshold", n) => {
            let stop_at = n
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_TURN_SCORE).contains(n))
                .ok_or_else(|| bad(format!("give the points to stop at, 1 to {MAX_TURN_SCORE}")))?;
            Ok(Box::new(ThresholdPlayer { stop_at }))
        }
        ("mcts", level) => {
            let budget = match level {
                "" | "normal" => Budget::millis(300),
                "easy" => Budget::millis(50),
                "hard" => Budget::millis(1500),
                n => Budget::Iterations(
                    n.parse::<u64>()
                        .ok()
                        .filter(|n| (1..=10_000_000).contains(n))
                        .ok_or_else(|| {
                            bad(format!(
                                "`{n}` is neither a level nor 1 to 10000000 iterations"
                            ))
                        })?,
                ),
            };
            Ok(Box::new(IsMcts::new(IsMctsConfig {
                budget,
                ..IsMctsConfig::default()
            })))
        }
        _ => Err(bad("unknown".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_optimal_policy_scores_its_expectation_and_a_threshold_less() {
        let expected = Optimum::solve(DICE).expected_turn_score();
        let (mean, half) = mean_turn_score(&mut OptimalPlayer::new(), 20_000, 1);
        assert!(
            (mean - expected).abs() < half * 1.5,
            "{mean} +- {half} against {expected}"
        );
        // Any other policy is worse in expectation; with 20,000 Turns a clear gap shows.
        let (t, th) = mean_turn_score(&mut ThresholdPlayer { stop_at: 6 }, 20_000, 1);
        assert!(
            t + th < expected,
            "threshold {t} +- {th} against {expected}"
        );
    }
}
