//! The players: `random`, `timid` (stops after its first roll), `greedy` (each Turn's target and when to stop from the exact
//! value of the Turn, [`crate::plan`]) and `mcts` (the `ai` crate's search at a level or a
//! number of iterations), each read from a spec.

use std::cell::RefCell;

use ai::{Budget, IsMcts, IsMctsConfig, Player, RandomPlayer};
use rand_chacha::ChaCha8Rng;

use crate::card::Rule;
use crate::dice::Symbol;
use crate::game::{Game, STACKS};
use crate::plan::{Plan, Plans, Remaining, Stakes};
use crate::turn::{Action, Phase};

/// What the greedy player counts a claimed card's special rule worth, in VP: another Turn
/// at once, or a die set before every roll for the rest of the game.
pub const RULE_WORTH: f64 = 1.5;
/// What the greedy player counts progress worth: this share of the card's VP for each of
/// its spaces covered (the card may still be claimed first by another player).
pub const PROGRESS_WORTH: f64 = 0.5;

thread_local! {
    static PLANS: RefCell<Plans> = RefCell::new(Plans::default());
}

/// The stakes of a Turn at stack `s` for the player to move: the card's VP and rule for a
/// claim, and a share of its VP a space for progress, if the player has a token for it.
pub fn stakes(game: &Game, s: usize) -> Stakes {
    let p = game.player();
    let card = game.card(game.in_play(s).expect("a card in play"));
    let bonus = match card.rule {
        Some(Rule::ExtraTurn | Rule::SetDice(_)) => RULE_WORTH,
        _ => 0.0,
    };
    let can_record = game.progress(s, p) > 0 || game.tokens_left(p) > 0;
    Stakes {
        claim: f64::from(card.vp) + bonus,
        per_space: if can_record {
            PROGRESS_WORTH * f64::from(card.vp) / f64::from(card.requirement())
        } else {
            0.0
        },
    }
}

/// The plan of a Turn at stack `s` for the player to move (from this thread's store).
pub fn plan(game: &Game, s: usize) -> std::rc::Rc<Plan> {
    let p = game.player();
    let card = game.card(game.in_play(s).expect("a card in play"));
    let remaining = Remaining::of(card, game.progress(s, p), game.claimable(s));
    let stakes = stakes(game, s);
    PLANS.with(|plans| {
        plans
            .borrow_mut()
            .get(remaining, game.nuke_symbols(), stakes)
    })
}

/// The greedy decision: the target whose Turn is worth most (with the best dice set
/// first), the dice to set, and rolling on exactly while it is worth more than stopping.
pub fn greedy_action(game: &Game) -> Option<Action> {
    if game.is_over() {
        return None;
    }
    let p = game.player();
    let t = &game.turn;
    Some(match t.phase {
        Phase::Target => {
            let k = game.set_dice(p);
            let mut best: Option<(Action, f64)> = None;
            for s in 0..STACKS {
                if game.in_play(s).is_none() {
                    continue;
                }
                let v = plan(game, s).best_set(k).1;
                if best.is_none_or(|b| v > b.1 + 1e-12) {
                    best = Some((Action::Target(s as u8), v));
                }
            }
            best?.0
        }
        Phase::Prepare => {
            let s = usize::from(t.target);
            let (set, _) = plan(game, s).best_set(game.set_dice(p));
            Symbol::ALL
                .into_iter()
                .find(|x| t.set.get(*x) < set.get(*x))
                .map_or(Action::Roll, Action::Set)
        }
        Phase::Decide => {
            let s = usize::from(t.target);
            if plan(game, s).rolls_on(t.showing) {
                Action::Roll
            } else {
                Action::Stop
            }
        }
    })
}

/// The greedy player.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Player<Game> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }
    fn choose(&mut self, game: &Game, _rng: &mut ChaCha8Rng) -> Option<Action> {
        greedy_action(game)
    }
}

/// The timid player, a first-timer's game: it targets a card in play at random (and sets
/// its dice at random) and stops after its first roll every Turn, so it records a little
/// progress and claims a card only when one roll fills it. It answers at once, and loses
/// to `random`, which rolls on half the time: in this game pushing on pays.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timid;

impl Player<Game> for Timid {
    fn name(&self) -> String {
        "timid".into()
    }
    fn choose(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Option<Action> {
        use rand::Rng;
        if game.is_over() {
            return None;
        }
        if game.turn.phase == Phase::Decide {
            return Some(Action::Stop);
        }
        let mut actions = Vec::new();
        game.legal_each(|a| actions.push(a));
        let pick = rng.random_range(0..actions.len().max(1));
        actions.get(pick).copied()
    }
}

/// The search's exploration constant unless a spec gives one (`mcts:1000:c=0.5`).
pub const EXPLORATION: f64 = 0.7;

/// The players a spec may name, for help and errors.
pub const SPECS: &str = "random, timid, greedy, or mcts with a level (:beginner, :easy, :normal, \
                         :hard, :expert) or :N iterations, optionally :c=X (the exploration \
                         constant) and ctau=X (the temperature its decision is drawn at)";

/// The player a spec names: `random`, `timid`, `greedy`, `mcts[:LEVEL|:N][:c=X,ctau=X]`.
pub fn player(spec: &str) -> Result<Box<dyn Player<Game> + Send>, ai::NotAPlayer> {
    let bad = |why: String| ai::NotAPlayer::new(spec, why, SPECS);
    // The grammar of every game's specs (`ai::spec`): kind, effort, settings.
    let parts = ai::SpecParts::of(spec);
    let settings = ai::spec::search_settings(spec, &parts, EXPLORATION, SPECS)?;
    let kind = parts.kind.as_str();
    if kind != "mcts" && parts.settings.is_some() {
        return Err(bad(format!(
            "`{kind}` takes no search settings (only mcts does)"
        )));
    }
    match (kind, parts.effort.as_deref().unwrap_or("")) {
        ("random", "") => Ok(Box::new(RandomPlayer::new())),
        ("greedy", "") => Ok(Box::new(Greedy)),
        ("timid", "") => Ok(Box::new(Timid)),
        ("mcts", level) => {
            // The levels are the AI's ladder (`crate::ladder`); or iterations.
            let effort = ai::effort_in_spec(level).map_err(|e| bad(e.to_string()))?;
            let base = search_config(Budget::Iterations(1), settings.exploration);
            let mut config = match crate::ladder::LADDER.plays(effort, base) {
                ai::Plays::Search(config) => config,
                ai::Plays::Player(other) => return player(other),
            };
            if let Some(t) = settings.choice_temperature {
                config.choice_temperature = t;
            }
            Ok(Box::new(IsMcts::<Game>::new(config)))
        }
        _ => Err(bad("unknown".into())),
    }
}

/// The search's settings: outcomes of the dice kept apart in the tree (a decision after a
/// roll depends on what it showed), playouts by the greedy policy.
pub fn search_config(budget: Budget, exploration: f64) -> IsMctsConfig {
    IsMctsConfig {
        budget,
        exploration,
        chance_nodes: true,
        ..IsMctsConfig::default()
    }
}
