//! Players: the game and a single Turn as [`ai::Game`]s, so the search of the `ai` crate
//! plays them unchanged; the player that plays to win ([`PerfectPlayer`]); the
//! optimal-expected-score policy; a threshold player.

use ai::{Game as _, Player};
use rand::RngCore;
use rand_chacha::ChaCha8Rng;

use std::sync::Arc;

use crate::dice::{DICE, Face};
use crate::game::Game;
use crate::optimal::Optimum;
use crate::perfect::{Perfect, Position};
use crate::turn::{Turn, TurnAction, choosable};
use crate::turn_graph::{SCORES, Stakes, TurnGraph, TurnValues};

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

/// What the players read: the Turn under way, and what each score it may end with is
/// worth to its player.
pub trait HasTurn {
    fn turn(&self) -> &Turn;

    /// What each final score of the Turn under way is worth to the player whose Turn it
    /// is, in `[0, 1]`.
    fn stakes(&self) -> Stakes;
}

impl HasTurn for TurnGame {
    fn turn(&self) -> &Turn {
        &self.0
    }

    /// The points, over the most a Turn scores.
    fn stakes(&self) -> Stakes {
        let mut s = [0.0; SCORES];
        for (t, v) in s.iter_mut().enumerate() {
            *v = (t as f64 / f64::from(MAX_TURN_SCORE)).min(1.0);
        }
        s
    }
}

impl HasTurn for Game {
    fn turn(&self) -> &Turn {
        &self.turn
    }

    /// The chance to win after the Turn, both players playing to win from there: exact
    /// for two players; with more, that of the two-player game against the leader
    /// ([`Position::of`]). The game's solution is worked out on first use in a process.
    fn stakes(&self) -> Stakes {
        Perfect::for_rules(self.turn.dice, self.target).stakes(Position::of(self))
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
        self.0.legal_each(|a| out.push(a));
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
    fn rollout_action<R: RngCore + ?Sized>(&self, legal: &[TurnAction], rng: &mut R) -> TurnAction {
        playout_action(&self.0, legal, rng)
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
        if !self.is_over() {
            self.turn.legal_each(|a| out.push(a));
        }
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
    fn rollout_action<R: RngCore + ?Sized>(&self, legal: &[TurnAction], rng: &mut R) -> TurnAction {
        playout_action(&self.turn, legal, rng)
    }
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

/// The playouts' policy: [`ThresholdPlayer`]'s choice of face, and stopping at a
/// threshold drawn from 3 to 8 for each decision, so that playouts neither bust at once
/// nor always stop early; uniform among `legal` if the heuristic's choice is not in it.
pub(crate) fn playout_action<R: RngCore + ?Sized>(
    turn: &Turn,
    legal: &[TurnAction],
    rng: &mut R,
) -> TurnAction {
    let stop_at = 3 + (rng.next_u32() % 6);
    let a = threshold_choice(turn, stop_at);
    match a {
        Some(a) if legal.contains(&a) => a,
        _ => legal[(rng.next_u32() as usize) % legal.len()],
    }
}

/// The threshold policy's decision in `turn`.
fn threshold_choice(t: &Turn, stop_at: u32) -> Option<TurnAction> {
    if t.over {
        return None;
    }
    if let Some(r) = t.rolled {
        // Death Rays while the Tanks outnumber them, else the Earthling kind with the most
        // dice (the first in tally order on a tie), else Death Rays.
        let rays_needed = t.aside.get(Face::Tank) > t.aside.get(Face::Ray);
        let (mut rays, mut kind) = (false, None::<Face>);
        for f in choosable(&t.aside, &r) {
            if f == Face::Ray {
                rays = true;
            } else if kind.is_none_or(|k| r.get(f) > r.get(k)) {
                kind = Some(f);
            }
        }
        let pick = match kind {
            Some(k) if !(rays_needed && rays) => k,
            _ => Face::Ray,
        };
        return Some(TurnAction::Take(pick));
    }
    if t.aside.total() > 0 && t.score() >= stop_at {
        Some(TurnAction::Stop)
    } else {
        Some(TurnAction::Roll)
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
            optimum: Optimum::standard(),
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

/// The player that plays every Turn at best for its stakes ([`HasTurn::stakes`]): in a
/// game, to win (exactly, against a player who also plays to win, with two players); in a
/// Turn alone, for the most points.
#[derive(Default)]
pub struct PerfectPlayer {
    /// Best play of the last Turn asked about, kept while the stakes are the same.
    values: Option<(Arc<TurnGraph>, TurnValues)>,
}

impl PerfectPlayer {
    pub fn new() -> PerfectPlayer {
        PerfectPlayer::default()
    }

    /// Best play of the Turn under way in `game`.
    pub fn values<G: HasTurn>(&mut self, game: &G) -> (&TurnGraph, &TurnValues) {
        let stakes = game.stakes();
        let dice = game.turn().dice;
        let fresh = !matches!(&self.values, Some((g, v)) if g.dice() == dice && v.stakes == stakes);
        if fresh {
            let graph = TurnGraph::shared(dice);
            let values = graph.sweep(&stakes);
            self.values = Some((graph, values));
        }
        let (g, v) = self.values.as_ref().expect("just set");
        (g, v)
    }

    /// Each decision open in `game` with what it is worth to the player whose Turn it is
    /// (its chance to win, in a game), best play after it.
    pub fn choices<G: HasTurn>(&mut self, game: &G) -> Vec<(TurnAction, f64)> {
        let turn = *game.turn();
        let (g, v) = self.values(game);
        turn.legal()
            .into_iter()
            .filter_map(|a| v.action_value(g, &turn, a).map(|x| (a, x)))
            .collect()
    }
}

impl<G: ai::Game<Action = TurnAction> + HasTurn> Player<G> for PerfectPlayer {
    fn name(&self) -> String {
        "perfect".into()
    }
    fn choose(&mut self, game: &G, _rng: &mut ChaCha8Rng) -> Option<TurnAction> {
        if game.is_terminal() {
            return None;
        }
        let turn = *game.turn();
        let (g, v) = self.values(game);
        v.decide(g, &turn)
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
        threshold_choice(game.turn(), self.stop_at)
    }
}

/// What [`mean_turn_score`] measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurnStats {
    /// The mean score a Turn, and the half-width of its 95% interval.
    pub mean: f64,
    pub half_width: f64,
    /// Decisions made, and search iterations over them (0 for players that do not search).
    pub decisions: u64,
    pub iterations: u64,
    /// Decisions where the player chose an action worth less than the best, by the exact
    /// values of [`Optimum`].
    pub mistakes: u64,
    /// The expected points a Turn lost to the optimum by those choices, exactly: the sum
    /// over the player's decisions of the best action's value less its choice's, a Turn
    /// on average. `optimum - loss` is the player's exact expected score a Turn.
    pub loss: f64,
}

/// The mean score of `turns` Turns played by `player`, each from its own seed.
pub fn mean_turn_score<P: Player<TurnGame> + ?Sized>(
    player: &mut P,
    turns: u64,
    seed: u64,
) -> TurnStats {
    use rand::SeedableRng;
    let mut sum = 0.0;
    let mut sum2 = 0.0;
    let (mut decisions, mut iterations) = (0u64, 0u64);
    let (mut mistakes, mut loss) = (0u64, 0.0);
    let mut optimum = Optimum::solve(DICE);
    for i in 0..turns {
        let mut dice = ChaCha8Rng::seed_from_u64(ai::arena::derive_seed(seed, i, 0));
        let mut choose = ChaCha8Rng::seed_from_u64(ai::arena::derive_seed(seed, i, 1));
        let mut g = TurnGame::new();
        while !g.is_terminal() {
            let Some(a) = player.choose(&g, &mut choose) else {
                break;
            };
            decisions += 1;
            iterations += player.last_report().map_or(0, |r| r.iterations);
            let values: Vec<(TurnAction, f64)> =
                g.0.legal()
                    .into_iter()
                    .map(|b| (b, optimum.action_value(&g.0, b)))
                    .collect();
            let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
            let chosen = values.iter().find(|v| v.0 == a).map_or(best, |v| v.1);
            if chosen < best - 1e-9 {
                mistakes += 1;
                loss += best - chosen;
            }
            g.apply(a, &mut dice);
        }
        let s = f64::from(g.0.score());
        sum += s;
        sum2 += s * s;
    }
    let n = turns as f64;
    let mean = sum / n;
    let var = (sum2 / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
    TurnStats {
        mean,
        half_width: 1.96 * (var / n).sqrt(),
        decisions,
        iterations,
        mistakes,
        loss: loss / n,
    }
}

/// The search's exploration constant unless a spec gives one (`mcts:1000:c=0.7`): with
/// a Turn's score over 16 as its return, 0.25 lost 0.141 points a Turn to the optimum at
/// 1,000 iterations where the usual 0.7 lost 0.184 (2,000 Turns, seed 1). With the chance
/// to win as its return, 0.25 also lost least at 1,000 iterations: 0.0244 of a win a game
/// to perfect play, against 0.0807 at 0.05, 0.0346 at 0.1 and 0.0279 at 0.5 (200 games
/// against `optimal`, seed 7, the example `search_loss`).
pub const EXPLORATION: f64 = 0.25;

/// The players a spec may name, for help and errors.
pub const SPECS: &str = "perfect (plays to win), optimal (the most points a Turn), threshold:N \
                         (stop at N points), random, or mcts with \
                         a level (:beginner, :easy, :normal, :hard; :expert plays perfect) \
                         or :N iterations, optionally :c=X (the exploration constant) and \
                         ctau=X (the temperature its decision is drawn at)";

/// The player a spec names: `perfect`, `optimal`, `threshold:N`, `random`,
/// `mcts[:LEVEL|:N][:c=X,ctau=X]`.
pub fn player<G>(spec: &str) -> Result<Box<dyn Player<G> + Send>, ai::NotAPlayer>
where
    G: ai::Game<Action = TurnAction> + HasTurn + Clone + 'static,
{
    use ai::{IsMcts, IsMctsConfig, RandomPlayer};
    // The grammar of every game's specs (`ai::spec`): kind, effort, settings.
    let parts = ai::SpecParts::of(spec);
    let settings = ai::spec::search_settings(spec, &parts, EXPLORATION, SPECS)?;
    let bad = |why: String| ai::NotAPlayer::new(spec, why, SPECS);
    // `mcts-plain`: the tree over bare actions, kept to measure what keying is worth.
    let (kind, keyed) = match parts.kind.as_str() {
        "mcts-plain" => ("mcts", false),
        k => (k, true),
    };
    let arg = parts.effort.as_deref().unwrap_or("");
    if kind != "mcts" && parts.settings.is_some() {
        return Err(bad(format!(
            "`{kind}` takes no search settings (only mcts does)"
        )));
    }
    match (kind, arg) {
        ("perfect", "") => Ok(Box::new(PerfectPlayer::new())),
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
            // The levels are the AI's ladder (`crate::ladder`); or iterations.
            let effort = ai::effort_in_spec(level).map_err(|e| bad(e.to_string()))?;
            let base = IsMctsConfig {
                exploration: settings.exploration,
                ..IsMctsConfig::default()
            };
            let mut config = match crate::ladder::LADDER.plays(effort, base) {
                ai::Plays::Search(config) => config,
                ai::Plays::Player(other) => return player(other),
            };
            if let Some(t) = settings.choice_temperature {
                config.choice_temperature = t;
            }
            Ok(if keyed {
                Box::new(crate::search::KeyedSearch::<G>::new(config))
            } else {
                Box::new(IsMcts::new(config))
            })
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
        let TurnStats {
            mean,
            half_width: half,
            ..
        } = mean_turn_score(&mut OptimalPlayer::new(), 20_000, 1);
        assert!(
            (mean - expected).abs() < half * 1.5,
            "{mean} +- {half} against {expected}"
        );
        // Any other policy is worse in expectation; with 20,000 Turns a clear gap shows.
        let threshold = mean_turn_score(&mut ThresholdPlayer { stop_at: 6 }, 20_000, 1);
        let (t, th) = (threshold.mean, threshold.half_width);
        assert!(
            t + th < expected,
            "threshold {t} +- {th} against {expected}"
        );
    }
}
