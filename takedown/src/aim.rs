//! The AI's aim, by simulation under its own execution noise (T14): every candidate flick
//! is scored by simulating it on a few draws of the noise and of the die's placing, playing
//! the rules on every rest ([`crate::rules::resolve`]) and averaging what the outcomes are
//! worth ([`utility`]): the points claimed (an icon match included, since the die's face at
//! rest decides it), the worth of where the shooter's saucer is left for its next shot (a
//! miss near a target is worth more than one far off; a claim or a die off the table sends
//! it to its Base), and a bonus for sending an opponent's saucer home from a good place,
//! more when that opponent leads.
//!
//! A decision first scores every target's straight shot at its centre at the fitted
//! strength ([`crate::calibration`]) on half its budget, the same draws for all; then
//! searches around the most promising by a few rounds of the cross-entropy method (flicks
//! drawn from a normal around the mean, the mean and spread refitted to the best quarter);
//! then scores the search's final mean against the straight shot on fresh draws and takes
//! the better. The simulations a decision takes are a setting ([`AimConfig::sims`]); every
//! draw comes from the generator handed in, so a decision is the same for the same game and
//! seed.

use rand::{Rng, RngCore};

use ai::Level;

use crate::calibration::Calibration;
use crate::game::Game;
use crate::geometry::Point;
use crate::hit_model::{HitModel, worth_of};
use crate::noise::{normal_pair, perturb};
use crate::physics::simulate;
use crate::pieces::{Seat, TargetId};
use crate::rules::{Outcome, resolve};
use crate::shot::Flick;

/// What a saucer's place is worth, as a share of the next piece's worth from there
/// (the next shot is a Round away, and an opponent may send it home first).
pub const POSITION_WEIGHT: f64 = 0.5;
/// How much more sending home a leading opponent is worth.
pub const LEADER_BONUS: f64 = 1.5;
/// The smallest spread the search keeps: radians of direction, and strength.
const MIN_SPREAD: (f64, f64) = (0.002, 0.003);
/// The search's first spread of strength around the fitted strength.
const START_SPREAD: f64 = 0.04;
/// The targets searched around: the most promising after each straight shot is tried.
const FOCUS: usize = 1;
/// The share of a round's candidates the next round is fitted to.
const ELITE: f64 = 0.25;

/// How the AI aims: its level (its execution noise, T14) and its budget.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AimConfig {
    pub level: Level,
    /// Simulated shots a decision takes, over every target and round.
    pub sims: u32,
    /// Rounds of the cross-entropy method for each target.
    pub rounds: u32,
    /// Noisy shots each candidate flick is scored on.
    pub samples: u32,
}

impl AimConfig {
    /// The default budget at `level`.
    pub fn at(level: Level) -> AimConfig {
        AimConfig {
            level,
            sims: DEFAULT_SIMS,
            rounds: 3,
            samples: 4,
        }
    }
}

/// Simulated shots a decision takes unless a spec says (`aim:hard:sims=N`).
pub const DEFAULT_SIMS: u32 = 240;

/// A decision: the flick as aimed, the target it was searched for, what it was scored, and
/// the shots simulated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    pub flick: Flick,
    pub target: Option<TargetId>,
    pub value: f64,
    pub sims: u32,
}

/// The AI's decision for the player to shoot in `game`.
pub fn decide(game: &Game, config: &AimConfig, rng: &mut dyn RngCore) -> Decision {
    let setup = game.setup();
    let layout = &setup.layout;
    let noise = layout.noise(config.level);
    let calibration = Calibration::of(layout);
    let start = game.saucer(game.turn());
    let scene = game.scene();
    let model = HitModel::new(game, noise);
    let open: Vec<TargetId> = setup
        .targets
        .iter()
        .filter(|t| game.top_piece(t.id).is_some())
        .map(|t| t.id)
        .collect();
    let mut best = Decision {
        flick: Flick::new(0.0, 0.0, 0.0),
        target: None,
        value: f64::NEG_INFINITY,
        sims: 0,
    };
    if open.is_empty() {
        best.value = 0.0;
        return best;
    }
    let samples = config.samples.max(1);
    let rounds = config.rounds.max(1);
    // Each shot tried on `draws`: the noise and the die's placing, the same for every
    // flick scored against them, so that flicks differ by their aim alone.
    let fresh_draws = |rng: &mut dyn RngCore, n: u32| -> Vec<(f64, f64, u64)> {
        (0..n)
            .map(|_| {
                let (a, b) = normal_pair(rng);
                (a, b, rng.next_u64())
            })
            .collect()
    };
    let score = |aim: Flick, draws: &[(f64, f64, u64)], best: &mut Decision| -> f64 {
        let total: f64 = draws
            .iter()
            .map(|&(a, b, seed)| {
                let executed = perturb(aim, noise, a, b);
                let rest = simulate(layout, &scene, executed, seed);
                utility(game, &model, &resolve(game, &rest))
            })
            .sum();
        best.sims += draws.len() as u32;
        total / draws.len() as f64
    };
    // First every target's straight shot at its centre, at the fitted strength, on half
    // the budget ...
    let screen = (config.sims / 2 / open.len() as u32).max(samples);
    let draws = fresh_draws(rng, screen);
    let mut screened: Vec<(f64, TargetId, Flick, (f64, f64))> = open
        .iter()
        .map(|&target| {
            let centre = setup.targets[target.index()].centre;
            let distance = start.distance(centre);
            let radius = game.top_disc(target).map_or(15.0, |d| d.radius);
            let aim = Flick::toward(start.bearing_to(centre), calibration.strength_for(distance));
            let spread = ((radius / distance.max(1.0)).atan() / 2.0, START_SPREAD);
            let v = score(aim, &draws, &mut best);
            (v, target, aim, spread)
        })
        .collect();
    screened.sort_by(|x, y| y.0.total_cmp(&x.0));
    if let Some(&(v, target, aim, _)) = screened.first() {
        best.value = v;
        best.flick = aim;
        best.target = Some(target);
    }
    // ... then the most promising target searched around it, and the search's final aim
    // (the mean it converged to, not its luckiest candidate) scored afresh against the
    // straight shot.
    let focus = screened.len().min(FOCUS);
    let check = 2 * samples;
    let left = config
        .sims
        .saturating_sub(best.sims + 2 * focus as u32 * check);
    let per_target = left / focus as u32;
    let candidates = (per_target / (samples * rounds)) as usize;
    if candidates < 2 {
        return best;
    }
    let elite = ((candidates as f64 * ELITE).ceil() as usize).clamp(1, candidates);
    let mut finals = Vec::new();
    for &(_, target, aim, spread0) in &screened[..focus] {
        let mut mean = (aim.direction, aim.strength);
        let mut spread = spread0;
        for _ in 0..rounds {
            let draws = fresh_draws(rng, samples);
            let mut scored: Vec<(f64, Flick)> = (0..candidates)
                .map(|i| {
                    let aim = if i == 0 {
                        Flick::toward(mean.0, mean.1)
                    } else {
                        let (a, b) = normal_pair(rng);
                        Flick::toward(mean.0 + a * spread.0, mean.1 + b * spread.1)
                    };
                    (score(aim, &draws, &mut best), aim)
                })
                .collect();
            scored.sort_by(|x, y| y.0.total_cmp(&x.0));
            let top = &scored[..elite];
            let n = top.len() as f64;
            let md = top.iter().map(|(_, f)| f.direction).sum::<f64>() / n;
            let ms = top.iter().map(|(_, f)| f.strength).sum::<f64>() / n;
            let sd = (top
                .iter()
                .map(|(_, f)| (f.direction - md).powi(2))
                .sum::<f64>()
                / n)
                .sqrt();
            let ss = (top
                .iter()
                .map(|(_, f)| (f.strength - ms).powi(2))
                .sum::<f64>()
                / n)
                .sqrt();
            mean = (md, ms);
            spread = (sd.max(MIN_SPREAD.0), ss.max(MIN_SPREAD.1));
        }
        finals.push((target, Flick::toward(mean.0, mean.1), aim));
    }
    let draws = fresh_draws(rng, check);
    let mut chosen: Option<(f64, TargetId, Flick)> = None;
    for (target, searched, straight) in finals {
        for aim in [searched, straight] {
            let v = score(aim, &draws, &mut best);
            if chosen.is_none_or(|c| v > c.0) {
                chosen = Some((v, target, aim));
            }
        }
    }
    if let Some((v, target, aim)) = chosen {
        best.value = v;
        best.flick = aim;
        best.target = Some(target);
    }
    best
}

/// What `outcome` is worth to the player to shoot in `game`: the points claimed, the worth
/// of the place the shooter's saucer is left at for its next shot (a claim and a die off
/// the table send it to its Base, worth nothing more), and the bonus for opponents sent home
/// from good places.
pub fn utility(game: &Game, model: &HitModel, outcome: &Outcome) -> f64 {
    let me = game.turn();
    let (points, at) = match outcome {
        Outcome::Retake { .. } | Outcome::RetakesSpent => (0.0, game.saucer(me)),
        Outcome::LeftTable => (0.0, game.base(me)),
        Outcome::Miss { saucer, .. } => (0.0, *saucer),
        Outcome::Claimed { claim, .. } => (f64::from(claim.points.0), game.base(me)),
    };
    let my_points = game.score(me).points.0 + outcome.points().0;
    let mut bonus = 0.0;
    for &o in outcome.sent_home() {
        let lost = position_value(game, model, o, game.saucer(o));
        let leads = game.score(o).points.0 > my_points;
        bonus += lost * if leads { LEADER_BONUS } else { 1.0 };
    }
    points + position_value(game, model, me, at) + bonus
}

/// What a saucer at `at` is worth for its next shot over one at its Base: the best, over
/// the targets with pieces left, of the top piece's worth times how much likelier a hit on
/// it is from there than from the Base ([`HitModel`]), discounted since the next shot is a
/// Round away and may be forestalled.
pub fn position_value(game: &Game, model: &HitModel, seat: Seat, at: Point) -> f64 {
    let layout = &game.setup().layout;
    let base = game.base(seat);
    game.setup()
        .targets
        .iter()
        .filter_map(|t| {
            let top = game.top_piece(t.id)?;
            let gain =
                model.hit(at.distance(t.centre), top) - model.hit(base.distance(t.centre), top);
            Some(worth_of(layout, top) * gain)
        })
        .fold(0.0, f64::max)
        * POSITION_WEIGHT
}

/// A random uniform flick: any direction, any strength, no spin.
pub fn random_flick(rng: &mut dyn RngCore) -> Flick {
    let direction = rng.random_range(-std::f64::consts::PI..std::f64::consts::PI);
    let strength = rng.random_range(0.0..=1.0);
    Flick::new(direction, strength, 0.0)
}

/// The straight flick at the centre of the target nearest `seat`'s saucer with pieces
/// left, at the fitted strength for its distance (`None` when no target has pieces left).
pub fn centre_flick(game: &Game, seat: Seat) -> Option<(TargetId, Flick)> {
    let start = game.saucer(seat);
    let target = game
        .setup()
        .targets
        .iter()
        .filter(|t| game.top_piece(t.id).is_some())
        .min_by(|a, b| {
            start
                .distance(a.centre)
                .total_cmp(&start.distance(b.centre))
        })?;
    let c = Calibration::of(&game.setup().layout);
    let d = start.distance(target.centre);
    Some((
        target.id,
        Flick::toward(start.bearing_to(target.centre), c.strength_for(d)),
    ))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::layout::Setup;
    use crate::layout_file::shipped_layout;
    use crate::pieces::Icon;
    use crate::shot::Rest;

    fn game() -> Game {
        Game::new(Arc::new(Setup::new(&shipped_layout(), 2).unwrap()))
    }

    fn config(sims: u32) -> AimConfig {
        AimConfig {
            sims,
            ..AimConfig::at(Level::Expert)
        }
    }

    #[test]
    fn a_decision_is_the_same_for_the_same_seed_and_within_its_budget() {
        let g = game();
        let d1 = decide(&g, &config(60), &mut ChaCha8Rng::seed_from_u64(1));
        let d2 = decide(&g, &config(60), &mut ChaCha8Rng::seed_from_u64(1));
        assert!(d1.flick.same_bits(&d2.flick));
        assert_eq!(d1.sims, d2.sims);
        assert!(d1.sims <= 60, "{}", d1.sims);
        // It aims at a target: within a few degrees of one's bearing from the Base.
        let start = g.saucer(Seat(0));
        let target = &g.setup().targets[d1.target.unwrap().index()];
        let off = (d1.flick.direction - start.bearing_to(target.centre)).abs();
        assert!(off < 0.1, "{off}");
        // A larger budget searches around the most promising target.
        let d = decide(&g, &config(240), &mut ChaCha8Rng::seed_from_u64(1));
        assert!(d.sims > 120 && d.sims <= 240, "{}", d.sims);
    }

    #[test]
    fn a_decision_aims_only_at_targets_with_pieces_left() {
        // Claim every piece of the robot and the saucer target: only the insect is left.
        let mut g = game();
        for id in [0, 1] {
            for _ in 0..3 {
                let c = g.setup().targets[id].centre;
                g.play(&Rest::flat(c, 0.0, 0)).unwrap();
            }
        }
        assert_eq!(g.pieces_left(), 3);
        let d = decide(&g, &config(24), &mut ChaCha8Rng::seed_from_u64(2));
        assert_eq!(d.target, Some(TargetId(2)));
        assert_eq!(
            centre_flick(&g, g.turn()).map(|(t, _)| t),
            Some(TargetId(2))
        );
    }

    #[test]
    fn a_claim_is_worth_its_points_and_a_near_miss_more_than_a_far_one() {
        let g = game();
        let model = HitModel::new(&g, g.setup().layout.noise(Level::Normal));
        // The robot's outer ring with its icon: 2 points, the saucer back at its Base.
        let robot = g.setup().targets[1].centre;
        let face = g
            .setup()
            .layout
            .die
            .faces
            .iter()
            .position(|&f| f == Icon::Robot)
            .unwrap();
        let claim = resolve(&g, &Rest::flat(robot, 0.0, face));
        assert!((utility(&g, &model, &claim) - 2.0).abs() < 1e-12);
        // A miss beside a target beats a miss far off, and a die off the table is worth
        // nothing.
        let near = resolve(&g, &Rest::flat(Point::new(0.0, -60.0), 0.0, face));
        let far = resolve(&g, &Rest::flat(Point::new(500.0, -300.0), 0.0, face));
        assert!(utility(&g, &model, &near) > utility(&g, &model, &far));
        assert!(utility(&g, &model, &far) >= 0.0);
        assert_eq!(utility(&g, &model, &Outcome::LeftTable), 0.0);
        assert!(position_value(&g, &model, Seat(0), g.base(Seat(0))).abs() < 1e-12);
    }
}
