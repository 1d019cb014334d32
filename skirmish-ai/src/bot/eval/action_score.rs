//! A quick preference for each legal action: the tree's prior, the rollout policy and the
//! greedy player's choice.

use std::cell::OnceCell;

use crate::bot::eval::cards::card_action_score;
use crate::bot::eval::tactics::{
    best_fight_in, best_shot_from, distance_to, exposure, fight_value, model_goals, scoring_exit,
    shot_kill,
};
use crate::bot::eval::worth::{exit_worth, vp_unit, worth};
use rules::action::{Action, ModelId};
use rules::bitboard::Bitboard;
use rules::square::{Side, Square};
use rules::state::{GameState, Loc, Phase};

/// For a key model whose death would lose the game, deploying next (P28): how much `sq`
/// is better for it than an ordinary model's square, far from where the enemy is or comes
/// on and, when its leaving wins, near the exit. 0 for any other model.
fn key_model_placement(g: &GameState, side: Side, sq: Square) -> f64 {
    let sc = g.scenario();
    let Some(i) = (0..g.models().len()).find(|&i| {
        let m = g.model(ModelId(i as u8));
        m.side == side && m.loc == Loc::Undeployed
    }) else {
        return 0.0;
    };
    let ends = sc.models[i].ends_game;
    if ends.dies.is_none_or(|w| w == side) {
        return 0.0;
    }
    let map = g.map();
    let enemy = side.other();
    let mut threat = g.occupied(enemy);
    for (j, m) in g.models().iter().enumerate() {
        if m.side == enemy && m.loc == Loc::Waiting {
            threat |= g
                .arrival_of(ModelId(j as u8))
                .map_or(Bitboard::EMPTY, |a| a.squares);
        }
    }
    let far = distance_to(map, sq, threat).map_or(8.0, |d| f64::from(d.min(8)));
    let exits = scoring_exit(sc, side);
    let near_exit = if exit_worth(g, i) > 0.0 && exits.any() {
        distance_to(map, sq, exits).map_or(8.0, |d| f64::from(d.min(8)))
    } else {
        0.0
    };
    0.1 * far - 0.1 * near_exit
}

/// What the acting model (if any) may still do, from the phase.
#[derive(Clone, Copy, Debug)]
pub(super) struct Acting {
    model: ModelId,
    aimed: bool,
    /// May still Shoot after a step.
    may_shoot_after_step: bool,
}

pub(super) fn acting(g: &GameState) -> Option<Acting> {
    match g.phase() {
        Phase::Acting(a) => Some(Acting {
            model: a.model,
            aimed: a.aimed,
            may_shoot_after_step: !a.shot && !a.stood && a.steps == 0,
        }),
        _ => None,
    }
}

/// How much a step's change of exposure to the enemy's fire ([`exposure`]) counts in its
/// score, against the VP it gains.
pub const EXPOSURE: f64 = 0.5;

/// What the quick preference weighs beyond the odds of the moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scoring {
    /// Card actions by their effects; when false they all score a neutral 0.5, as before
    /// the deck.
    pub cards: bool,
    /// How much a step's change of exposure to fire counts ([`EXPOSURE`]; 0 ignores it).
    pub exposure: f64,
    /// Activating a model counts the best shot it has after one step (Move 1 then Shoot,
    /// R12), not only from where it stands ([`step_shot`]).
    pub step_shot: bool,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            cards: true,
            exposure: EXPOSURE,
            step_shot: true,
        }
    }
}

/// How much a shot after a step counts in an activation's score, against one from where
/// the model stands: as in a step's own score (1.8 against 2).
const STEP_SHOT: f64 = 0.9;

/// The best expected VP model `id`, standing on `sq` and free to act, takes with a shot
/// after one step (Move 1 then Shoot, R12), times [`STEP_SHOT`]; 0 when no step gives it
/// a shot. The steps are the rules' own ([`GameState::step_squares`]: not into a full
/// square, R3) less those into squares holding enemies, which are charges.
fn step_shot(g: &GameState, id: ModelId, sq: Square) -> f64 {
    let side = g.model(id).side;
    let steps = g
        .step_squares(side, sq)
        .difference(g.occupied(side.other()));
    let mut best = 0.0f64;
    for to in steps.iter() {
        if let Some((t, p)) = best_shot_from(g, id, to, false) {
            best = best.max(worth(g, t, false) * p);
        }
    }
    STEP_SHOT * best
}

/// A quick preference for `action` in `g`, roughly `0.5 + 2 x` the expected VP it gains:
/// shots by their exact kill odds, Aim by the extra die, Fights and Fight-or-Survive by
/// their exact odds, steps by progress towards the model's goals (enemies and counters) and
/// the shot they open, activations by the best shot the model has (from where it stands,
/// or with [`Scoring::step_shot`] after one step too). Always positive.
///
/// Cards: a response on a test by the change it makes to the test's exact odds, Lucky
/// Escape by the kill it cancels, a Support call by the exact odds of its area attack on
/// the models there (averaged over the D8 when the level aims along a line), Move-one by
/// the Fight or the step it makes, Distract by the shot it denies, Jam and Mind Control by
/// the set they take away or use; each less what holding the card was worth
/// ([`card_value`]). At the refill a card of no use to the side is discarded.
pub fn action_score(g: &GameState, action: Action) -> f64 {
    action_score_with(g, action, Scoring::default())
}

/// [`action_score`] with these [`Scoring`] settings.
pub fn action_score_with(g: &GameState, action: Action, scoring: Scoring) -> f64 {
    ActionScorer::new(g, scoring).score(action)
}

/// [`action_score_with`] of each of `legal`, in `out` (as long as `legal`): what the
/// scores share is worked out once ([`ActionScorer`]).
pub fn action_scores_with(g: &GameState, legal: &[Action], scoring: Scoring, out: &mut [f64]) {
    let scorer = ActionScorer::new(g, scoring);
    for (w, a) in out.iter_mut().zip(legal) {
        *w = scorer.score(*a);
    }
}

/// What the steps of the acting model share: where it is going (its goals and its scoring
/// exit) and how far it is from them, and the fire where it stands.
struct StepBasis {
    /// Its goals ([`model_goals`]).
    goals: Bitboard,
    /// From its square to its goals; `None` off the board.
    from_goals: Option<Option<u8>>,
    /// Its side's scoring exit squares ([`scoring_exit`]).
    exits: Bitboard,
    /// From its square to the exit: `None` off the board, or with no scoring exit.
    from_exit: Option<u8>,
    /// What leaving is worth to it (when there is an exit).
    exit_vp: f64,
    /// The enemy's expected VP from shooting it where it stands (0 off the board, or when
    /// exposure is not scored).
    here: f64,
}

/// The scores of the actions of one state ([`action_score_with`]), with what they share
/// (the side's VP unit, the acting model, the basis of its steps) worked out once, not once
/// an action: the rollouts score every legal action of every state they pass.
pub struct ActionScorer<'g> {
    g: &'g GameState,
    scoring: Scoring,
    /// VP are read in the unit of the side to move (a kill's worth, [`vp_unit`]), so the
    /// scale of a scenario's VP does not change the preferences.
    unit: f64,
    acting: Option<Acting>,
    steps: OnceCell<StepBasis>,
}

impl<'g> ActionScorer<'g> {
    /// The scorer of `g`'s actions with these settings.
    pub fn new(g: &'g GameState, scoring: Scoring) -> ActionScorer<'g> {
        ActionScorer {
            g,
            scoring,
            unit: g.to_move().map_or(1.0, |side| vp_unit(g, side)),
            acting: acting(g),
            steps: OnceCell::new(),
        }
    }

    /// The basis of the steps of `model`, the acting model (the only one that steps in a
    /// state), worked out at its first step scored.
    fn step_basis(&self, model: ModelId) -> &StepBasis {
        self.steps.get_or_init(|| {
            let g = self.g;
            let map = g.map();
            let m = g.model(model);
            let goals = model_goals(g, model);
            let exits = scoring_exit(g.scenario(), m.side);
            let (from_exit, exit_vp) = if exits.any() {
                (
                    m.square().and_then(|sq| distance_to(map, sq, exits)),
                    exit_worth(g, model.index()),
                )
            } else {
                (None, 0.0)
            };
            let here = if self.scoring.exposure != 0.0 {
                m.square().map_or(0.0, |sq| exposure(g, model, sq))
            } else {
                0.0
            };
            StepBasis {
                goals,
                from_goals: m.square().map(|sq| distance_to(map, sq, goals)),
                exits,
                from_exit,
                exit_vp,
                here,
            }
        })
    }

    /// The score of `action` ([`action_score_with`]).
    pub fn score(&self, action: Action) -> f64 {
        let (g, unit, scoring) = (self.g, self.unit, self.scoring);
        match action {
            Action::Shoot(target) => {
                let Some(a) = self.acting else { return 0.5 };
                0.55 + 2.0 * worth(g, target, false) * shot_kill(g, a.model, target, a.aimed) / unit
            }
            Action::Aim => {
                let Some(a) = self.acting else { return 0.5 };
                let Some(sq) = g.model(a.model).square() else {
                    return 0.5;
                };
                let vp_p = best_shot_from(g, a.model, sq, true)
                    .map_or(0.0, |(t, p)| worth(g, t, false) * p);
                0.5 + 2.0 * vp_p / unit
            }
            Action::Move(to) => {
                let Some(a) = self.acting else { return 0.5 };
                let m = g.model(a.model);
                let side = m.side;
                if g.count(side.other(), to) > 0 {
                    // A charge: the Fight's expected VP swing.
                    return match best_fight_in(g, a.model, to, true) {
                        Some((_, gain, loss)) => (0.5 + 2.0 * (gain - loss) / unit).max(0.05),
                        None => 0.5,
                    };
                }
                let map = g.map();
                let basis = self.step_basis(a.model);
                let after = distance_to(map, to, basis.goals);
                let before = match basis.from_goals {
                    Some(from) => from,
                    None => after.map(|d| d + 1),
                };
                let progress = match (before, after) {
                    (Some(b), Some(a)) => f64::from(b) - f64::from(a),
                    _ => 0.0,
                };
                let mut s = 0.5 + 0.25 * progress.clamp(-1.0, 1.0);
                // A step towards a scoring exit edge, by what leaving is worth (R6, P28, P30).
                if let Some(b) = basis.from_exit
                    && let Some(a) = distance_to(map, to, basis.exits)
                {
                    s +=
                        0.2 * basis.exit_vp / unit * (f64::from(b) - f64::from(a)).clamp(-1.0, 1.0);
                }
                if a.may_shoot_after_step
                    && let Some((t, p)) = best_shot_from(g, a.model, to, false)
                {
                    s += 1.8 * worth(g, t, false) * p / unit;
                }
                // Where it ends up under fire: the enemy's expected VP from shooting it there,
                // against where it stands (a model coming on from off the board is safe now).
                if scoring.exposure != 0.0 {
                    s -= 2.0 * scoring.exposure * (exposure(g, a.model, to) - basis.here) / unit;
                }
                s.max(0.05)
            }
            Action::Exit(_) => {
                // Leaving scores the model's exit VP at once (R6), or wins (P28).
                let Some(a) = self.acting else { return 0.5 };
                0.5 + 2.0 * exit_worth(g, a.model.index()) / unit
            }
            Action::Done => 0.35,
            Action::EndTurn => 0.2,
            Action::Activate(id) => {
                let m = g.model(id);
                let Some(sq) = m.square() else { return 0.6 };
                if g.count(m.side.other(), sq) > 0 {
                    return match best_fight_in(g, id, sq, false) {
                        Some((_, gain, loss)) => (0.5 + 2.0 * (gain - loss) / unit).max(0.1),
                        None => 0.5,
                    };
                }
                let mut vp_p = best_shot_from(g, id, sq, !m.rattled)
                    .map_or(0.0, |(t, p)| worth(g, t, false) * p);
                // A Rattled model stands up first, and then steps or shoots (R12).
                if scoring.step_shot && !m.rattled {
                    vp_p = vp_p.max(step_shot(g, id, sq));
                }
                // A model at its scoring exit edge can leave at once (R6).
                let leave = if scoring_exit(g.scenario(), m.side).contains(sq) {
                    exit_worth(g, id.index())
                } else {
                    0.0
                };
                0.5 + 2.0 * vp_p.max(leave) / unit
            }
            Action::Fight(target) | Action::Defender(target) => {
                let (attacker, charge) = match g.phase() {
                    Phase::FightTarget { attacker, charge } => (attacker, charge),
                    _ => return 0.5,
                };
                let Some(sq) = g.model(attacker).square() else {
                    return 0.5;
                };
                let (gain, loss, _) = fight_value(g, attacker, target, sq, charge);
                let s = 0.5 + 2.0 * (gain - loss) / unit;
                if matches!(action, Action::Defender(_)) {
                    // The defending side picks: it wants the attacker's gain small.
                    (1.0 - s).max(0.05)
                } else {
                    s.max(0.05)
                }
            }
            Action::Defend(choice) => {
                let Phase::Defence {
                    attacker,
                    defender,
                    charge,
                } = g.phase()
                else {
                    return 0.5;
                };
                let Some(sq) = g.model(defender).square() else {
                    return 0.5;
                };
                let (_, _, best) = fight_value(g, attacker, defender, sq, charge);
                if choice == best { 1.5 } else { 0.3 }
            }
            Action::Deploy(sq) => {
                let Some(side) = g.to_move() else { return 0.5 };
                let d = distance_to(g.map(), sq, g.hidden_counters()).map_or(4.0, f64::from);
                let s = 0.8 - 0.05 * d - 0.1 * f64::from(g.count(side, sq));
                (s + key_model_placement(g, side, sq)).max(0.05)
            }
            Action::Stand => 1.0,
            _ if scoring.cards => card_action_score(g, action, unit).unwrap_or(0.5),
            _ => 0.5,
        }
    }
}
