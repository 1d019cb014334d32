//! Hints: the AI's advice to a person on one decision, asked of the session and searched
//! on the worker thread for the person's side from what that side may see. A hint is a
//! whole move: not only the first decision (which model acts) but the square it goes to
//! and the enemy it attacks or the card it plays, searched decision by decision as the AI
//! plays its own, up to the first die.

use rand::SeedableRng;

use rules::action::{Action, ModelId};
use rules::state::Event;
use rules::{GameRng, GameState, Side, Square};
use skirmish_ai::bot::PlayerSpec;
use skirmish_ai::bot::spec::{Kind, Level};

use super::brain::{AiReport, Brain};
use super::estimate::Estimate;
use super::forecast::acting_model;
use super::session::Session;
use super::setup::ai_at_level;
use super::worker::{Answer, JobKind};

/// The AI's advice to a person on one decision: its search for the person's side, from
/// what that side may see (the search determinizes what the side cannot see, as it does
/// for its own decisions).
#[derive(Clone, Debug)]
pub struct Hint {
    /// The decision it is for (the number of decisions made before it).
    pub at: usize,
    pub side: Side,
    /// The player that searched (`mcts:normal`).
    pub spec: PlayerSpec,
    /// The model the person had selected when it was asked: the hint is then that
    /// model's best move (its activation is taken, and the search starts after it).
    pub model: Option<ModelId>,
    /// The decisions taken before the search started (the selected model's activation).
    pub prefix: Vec<Action>,
    /// The search's report on the first decision it searched; `None` while it searches.
    pub report: Option<AiReport>,
    /// The whole move: the prefix, the decision searched, and the decisions that finish
    /// the move, each searched in turn while no die is rolled (see [`rest_of_move`]).
    pub line: Vec<Action>,
}

impl Hint {
    /// The model the whole move is made with, if it is one model's move.
    pub fn mover(&self, g: &GameState) -> Option<ModelId> {
        mover(g, &self.line)
    }

    /// Why the move shown stops before the model's action is over, in `g`, the position
    /// it was asked in (see [`move_stop`]).
    pub fn stop(&self, g: &GameState) -> Option<MoveStop> {
        move_stop(g, &self.line, self.prefix.len())
    }
}

/// Why a hint's move stops before the model's action is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveStop {
    /// Its last step turns over the counter on this square: what is best next depends on
    /// what the counter is.
    Counter(Square),
    /// Its last step rolls dice: what is best next depends on the roll.
    Roll,
    /// Its last step draws a card.
    Card,
    /// This side may answer the last step first.
    Answer(Side),
    /// The hint holds no more decisions than this.
    Long(usize),
}

impl MoveStop {
    /// The reason in a sentence, for the Hint.
    pub fn text(self) -> String {
        match self {
            MoveStop::Counter(s) => format!(
                "The hint stops here: this turns over the counter on {s}, and what is best \
                 next depends on what it is. Ask again once it is turned over."
            ),
            MoveStop::Roll => "The hint stops at the roll: what is best next depends on the \
                               dice. Ask again after it."
                .to_string(),
            MoveStop::Card => "The hint stops at the card drawn: what is best next depends on \
                               it. Ask again after it."
                .to_string(),
            MoveStop::Answer(side) => format!(
                "The hint stops here: the {} may answer this first. Ask again after their \
                 answer.",
                side.title()
            ),
            MoveStop::Long(n) => {
                format!("The hint shows the first {n} decisions of the move. Ask again after them.")
            }
        }
    }
}

/// Why the move `line` stops, played from `g`, before its model's action is over: the last
/// step drew from the dice (a counter turned over, a roll, a card) or handed the decision
/// to the other side, or the line is as long as a hint's move may be (`prefix` decisions
/// taken before the search, then [`MOVE_DECISIONS`] after its first). `None` when the
/// action is over (or the Turn, or the game) or the line does not play.
pub fn move_stop(g: &GameState, line: &[Action], prefix: usize) -> Option<MoveStop> {
    let side = g.to_move()?;
    let mut g = g.clone();
    let (last, before) = line.split_last()?;
    for a in before {
        g.play(*a, &mut GameRng::seed_from_u64(0)).ok()?;
    }
    // The dice of the copy: only whether and how the last step draws is read, never what.
    let mut dice = GameRng::seed_from_u64(0);
    let mut events: Vec<Event> = Vec::new();
    g.play_logged(*last, &mut dice, &mut events).ok()?;
    if dice.get_word_pos() != 0 {
        return Some(
            events
                .iter()
                .find_map(|e| match e {
                    Event::Revealed(s, _) => Some(MoveStop::Counter(*s)),
                    Event::Drew { .. } => Some(MoveStop::Card),
                    _ => None,
                })
                .unwrap_or(MoveStop::Roll),
        );
    }
    if g.is_over() || acting_model(&g).is_none() {
        return None;
    }
    match g.to_move() {
        Some(other) if other != side => Some(MoveStop::Answer(other)),
        _ if line.len() > prefix + MOVE_DECISIONS => Some(MoveStop::Long(line.len())),
        _ => None,
    }
}

impl Session {
    /// The table's AI when it is the tree search (`mcts`, at a level or an iteration
    /// count): hints and the estimate search as it does.
    pub(super) fn searching_ai(&self) -> Option<PlayerSpec> {
        Side::BOTH.iter().find_map(|s| {
            self.setup.controllers[*s]
                .spec()
                .filter(|spec| spec.kind() == Kind::Mcts)
        })
    }

    /// The player a hint searches with: the table's AI opponent when it searches
    /// ([`Session::searching_ai`]), else `mcts:normal`.
    pub fn hint_spec(&self) -> PlayerSpec {
        self.searching_ai()
            .unwrap_or_else(|| ai_at_level(Level::Normal))
    }

    /// Ask the AI for the whole move it would make in the person's place; with `model`
    /// (the model the person selected, if it may start its action now), that model's
    /// best move. A hint for the same decision and model is not asked again.
    pub fn request_hint_for(&mut self, model: Option<ModelId>) {
        let Some(side) = self.human_to_move() else {
            return;
        };
        let model = model.filter(|m| self.legal().contains(&Action::Activate(*m)));
        if self.replay.is_some()
            || self
                .hint
                .as_ref()
                .is_some_and(|h| h.at == self.history.len() && h.model == model)
        {
            return;
        }
        let prefix: Vec<Action> = model.map(Action::Activate).into_iter().collect();
        let spec = self.hint_spec();
        if self.send_job(spec, JobKind::Hint, prefix.clone()) {
            self.hint = Some(Hint {
                at: self.history.len(),
                side,
                spec,
                model,
                prefix,
                report: None,
                line: Vec::new(),
            });
        }
    }

    /// The hint for the decision now in front of the person, if one was asked for.
    pub fn current_hint(&self) -> Option<&Hint> {
        self.hint
            .as_ref()
            .filter(|h| h.at == self.history.len() && self.human_to_move() == Some(h.side))
    }

    /// Takes the worker's answer to the hint asked for, unless the position or the
    /// hint changed meanwhile.
    pub(super) fn take_hint(&mut self, answer: Answer) {
        let Some(hint) = &mut self.hint else { return };
        if answer.generation != self.generation
            || hint.at != self.history.len()
            || hint.prefix != answer.prefix
        {
            return;
        }
        match answer.result {
            Ok((first, report)) => {
                // A hint for a selected model values that model's best move, not the
                // position.
                if hint.model.is_none()
                    && let Some(e) = Estimate::from_report(hint.at, hint.side, &report)
                {
                    self.estimate = Some(e);
                }
                hint.report = Some(report);
                hint.line = hint.prefix.clone();
                hint.line.push(first);
                hint.line.extend(answer.rest);
            }
            Err(e) => {
                self.notice = Some(format!("no hint: {e}"));
                self.hint = None;
            }
        }
    }
}

/// The most decisions a hint's move holds after its first (an activation, a stand-up or
/// an Aim, two steps, a Shoot, the end of the action).
pub const MOVE_DECISIONS: usize = 6;

/// The decisions that finish the move `first` starts in `state`, each searched by `brain`
/// in turn: while the same side decides for the same acting model and no die has been
/// rolled (a roll, a counter turned over or a card drawn ends the move: what follows
/// depends on luck, and is the next decision's hint).
pub fn rest_of_move(
    brain: &mut dyn Brain,
    state: &GameState,
    first: Action,
    rng: &mut GameRng,
) -> Vec<Action> {
    let side = state.to_move();
    let mut g = state.clone();
    let mut rest = Vec::new();
    let mut action = first;
    let mut legal = Vec::new();
    while rest.len() < MOVE_DECISIONS {
        // The dice of the copy: any draw from them ends the move.
        let mut dice = GameRng::seed_from_u64(0);
        if g.play(action, &mut dice).is_err() || dice.get_word_pos() != 0 {
            break;
        }
        if acting_model(&g).is_none() || g.to_move() != side || g.is_over() {
            break;
        }
        legal.clear();
        g.legal_actions(&mut legal);
        action = match legal.as_slice() {
            [] => break,
            [only] => *only,
            _ => match brain.decide(&g, &[], rng) {
                Ok((a, _)) => a,
                Err(_) => break,
            },
        };
        rest.push(action);
    }
    rest
}

/// The model a move is made with: the one it activates or moves, if any.
pub fn mover(g: &GameState, line: &[Action]) -> Option<ModelId> {
    match line.first()? {
        Action::Activate(m) => Some(*m),
        _ => acting_model(g),
    }
}
