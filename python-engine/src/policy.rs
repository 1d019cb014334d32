//! The built-in policies a playout or a choice may use: `random`, `greedy`, and a softmax
//! over greedy's action scores: `softmax`, the search's own rollout policy (a softmax at
//! 0.2 today, `Heuristics::default().rollout`), or `softmax:T` at temperature `T`.

use pyo3::prelude::*;

use ai::{Game as _, Player};
use rules::{Action, GameRng};
use skirmish_ai::bot::game::softmax_action;
use skirmish_ai::bot::{BoxedPlayer, Heuristics, PlayerSpec, Skirmish};

use crate::refused;

/// The policies a playout may use, in words.
pub(crate) const POLICIES: &str = "random, greedy, softmax or softmax:T (a temperature above 0)";

/// A playout's policy: a built-in player, or a draw by a softmax of greedy's scores.
pub(crate) enum Policy {
    Player(BoxedPlayer),
    Softmax {
        /// `None`: the search's own rollout policy, whatever its temperature.
        temperature: Option<f32>,
        legal: Vec<Action>,
    },
}

impl Policy {
    /// The policy named `name`, or an error naming the field `policy`.
    pub(crate) fn named(py: Python<'_>, name: &str) -> PyResult<Policy> {
        let wrong = |why: String| refused(py, "policy", why);
        match name.split_once(':') {
            None if name == "random" || name == "greedy" => {
                let spec: PlayerSpec = name.parse().map_err(|e| wrong(format!("{e}")))?;
                Ok(Policy::Player(spec.build()))
            }
            None if name == "softmax" => Ok(Policy::softmax(None)),
            Some(("softmax", t)) => match t.parse::<f32>() {
                Ok(t) if t.is_finite() && t > 0.0 => Ok(Policy::softmax(Some(t))),
                _ => Err(wrong(format!(
                    "`{name}`: a softmax's temperature is a number above 0, as `softmax:0.5`"
                ))),
            },
            _ => Err(wrong(format!("`{name}` is no playout policy: {POLICIES}"))),
        }
    }

    fn softmax(temperature: Option<f32>) -> Policy {
        Policy::Softmax {
            temperature,
            legal: Vec::new(),
        }
    }

    /// The action this policy plays in `game`, its draws from `rng`; None when the game
    /// has no decision to make.
    pub(crate) fn choose(&mut self, game: &Skirmish, rng: &mut GameRng) -> Option<Action> {
        match self {
            Policy::Player(p) => p.choose(game, rng),
            Policy::Softmax { temperature, legal } => {
                let g = game.state();
                if g.is_over() {
                    return None;
                }
                g.legal_actions(legal);
                match legal.len() {
                    0 => None,
                    1 => Some(legal[0]),
                    _ => Some(match temperature {
                        // The search's rollouts draw by the game's own heuristics.
                        None => game.rollout_action(legal, rng),
                        Some(t) => softmax_action(g, legal, rng, *t, Heuristics::default().scoring),
                    }),
                }
            }
        }
    }
}
