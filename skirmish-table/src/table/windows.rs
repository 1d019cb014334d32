//! Response windows at the table (R28): how long the AI's answer to one is held
//! ([`WINDOW_HOLD`]), the player that answers within that time ([`window_spec`]), and the
//! empty windows (those whose only answer is `respond none`), shown only where that hides
//! from a person what the other side held and answered at once otherwise.

use std::time::Duration;

use rules::Action;
use rules::state::Phase;
use skirmish_ai::bot::PlayerSpec;

use super::session::Session;

/// How long the AI's answer to a response window is held at the table once it starts
/// on it, whether it held a card that fits or not: the table opens every window
/// ([`rules::GameState::set_every_window`]) and shows each for the same time, so
/// what a person sees, and when, never tells what the AI held (R28). The AI's search on a
/// window stops within it (see [`window_spec`]).
pub const WINDOW_HOLD: Duration = Duration::from_millis(450);

/// The player that answers a response window at the table for `spec`: the same player.
/// Every level of the ladder searches a fixed number of iterations on one tree; the top
/// one's took 45 ms a decision on average and 177 ms at most in 416 arena games on this
/// project's two-core machine, well within [`WINDOW_HOLD`], and a slower machine stops
/// at the level's guard.
pub fn window_spec(spec: PlayerSpec) -> PlayerSpec {
    spec
}

impl Session {
    /// The whole time the AI's answer to the response window now is held before it is
    /// applied ([`WINDOW_HOLD`]), when the AI answers one shown to a person; `None`
    /// otherwise. The same whether the AI holds a card that fits or not (R28).
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn window_hold(&self) -> Option<Duration> {
        let side = self.state.to_move()?;
        let window = matches!(self.state.phase(), Phase::Respond(_) | Phase::Escape(_));
        (window && !self.setup.controllers[side].is_human() && self.empty_window_shown())
            .then_some(WINDOW_HOLD)
    }

    /// Is the empty window now (one whose only answer is `respond none`, R28) shown at the
    /// table? Only to hide from a person what its side held: when the other side is a
    /// person (the AI's windows against a person, every window in a hot-seat game), and
    /// never in a replay. The others are answered at once.
    pub(super) fn empty_window_shown(&self) -> bool {
        self.empty_window_shown_in(&self.state)
    }

    /// [`Session::empty_window_shown`] for an empty window of `g` (a copy of the game
    /// played forward).
    pub(super) fn empty_window_shown_in(&self, g: &rules::GameState) -> bool {
        self.replay.is_none()
            && g.to_move()
                .is_some_and(|s| self.setup.controllers[s.other()].is_human())
    }

    /// Answers the empty windows nobody must see ([`Session::empty_window_shown`]).
    pub(super) fn pass_empty_windows(&mut self) {
        while self.state.is_empty_window() && !self.empty_window_shown() {
            self.answer_empty_window();
        }
    }

    /// Answers the empty window now with `respond none`. It is not a decision: nothing is
    /// recorded for it (saves and undo replay the decisions and answer these again), and
    /// what it set off (the test's dice) joins the last decision's events.
    pub(super) fn answer_empty_window(&mut self) {
        let before = self.dice.get_word_pos();
        let mut events = Vec::new();
        self.state
            .play_logged(Action::Respond(None), &mut self.dice, &mut events)
            .expect("an empty window takes `respond none`");
        let random = self.dice.get_word_pos() != before;
        self.windows_after += 1;
        match self.history.last_mut() {
            Some(last) => {
                last.events.extend(events);
                last.random |= random;
            }
            None => self.setup_events.extend(events),
        }
    }

    /// How long the AI's answer waits before it is applied: on a response window shown to
    /// a person, until [`WINDOW_HOLD`] has passed since it started on it; otherwise not at
    /// all.
    pub(super) fn hold_left(&self) -> Duration {
        let window = matches!(self.state.phase(), Phase::Respond(_) | Phase::Escape(_));
        match self.thinking_since {
            Some(t) if window && self.empty_window_shown() => {
                WINDOW_HOLD.saturating_sub(t.elapsed())
            }
            _ => Duration::ZERO,
        }
    }
}
