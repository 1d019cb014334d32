//! Stepping through a saved game, or a recorded game of an arena run: a [`Replay`]
//! stands at a decision of the game, goes to any other by replaying from the seed, and
//! can play on by itself; a person can take over from any point.

use std::path::Path;
use std::time::{Duration, Instant};

use rules::{Action, BySide};

use super::companion::Companion;
use super::error::SessionError;
use super::save::{SavedGame, parse_actions};
use super::session::Session;
use super::setup::{Controller, GameSetup};

/// Where a saved game is being stepped through.
#[derive(Clone, Debug)]
pub struct Replay {
    pub actions: Vec<Action>,
    /// At a real table, the whole game's rolls and corrections.
    pub companion: Option<Companion>,
    /// The empty response windows answered after the game's last decision
    /// ([`SavedGame::windows_after`]).
    pub windows_after: usize,
    /// Decisions applied so far.
    pub pos: usize,
    /// Playing on by itself, one decision every [`Replay::speed`].
    pub playing: bool,
    pub speed: Duration,
    last_step: Option<Instant>,
}

/// The time between two decisions of a replay playing by itself, unless the player
/// chooses another.
pub const AUTOPLAY_STEP: Duration = Duration::from_millis(600);

impl Session {
    /// Loads a saved game to step through it from the start.
    pub fn load_replay(path: &Path) -> Result<Session, SessionError> {
        Session::replay_of(Session::read_save(path)?)
    }

    /// A game of an arena run, to step through from the start. Both sides are the
    /// person's at the table: nothing the results file names is started, and the game can
    /// be played on from any point as two players at one table.
    pub fn replay_recorded(
        game: &skirmish_ai::arena::replay::RecordedGame,
    ) -> Result<Session, SessionError> {
        let saved = || -> Result<SavedGame, SessionError> {
            Ok(SavedGame {
                setup: GameSetup {
                    scenario_path: game.scenario_path.clone(),
                    seed: game.game_seed,
                    dice_seed: Some(game.dice_seed),
                    controllers: BySide::new(Controller::Human, Controller::Human),
                },
                actions: parse_actions(&game.moves)?,
                companion: None,
                windows_after: 0,
            })
        };
        saved()
            .and_then(Session::replay_of)
            .map_err(|e| SessionError::Recorded {
                id: game.id.clone(),
                why: Box::new(e),
            })
    }

    /// A saved game, to step through from the start.
    fn replay_of(saved: SavedGame) -> Result<Session, SessionError> {
        let mut s = Session::from_saved(saved)?;
        let actions: Vec<Action> = s.history.iter().map(|st| st.action).collect();
        let companion = s.companion.clone();
        let windows_after = s.windows_after;
        s.rebuild(&[], 0)?;
        s.replay = Some(Replay {
            actions,
            companion,
            windows_after,
            pos: 0,
            playing: false,
            speed: AUTOPLAY_STEP,
            last_step: None,
        });
        Ok(s)
    }

    /// In a replay, go to just after decision `pos` (0 = the start).
    pub fn replay_to(&mut self, pos: usize) {
        let Some(r) = &self.replay else {
            return;
        };
        let pos = pos.min(r.actions.len());
        let actions = r.actions.clone();
        let windows_after = if pos == actions.len() {
            r.windows_after
        } else {
            0
        };
        // At a real table each step is replayed from the start with its recorded rolls.
        if pos == self.history.len() + 1 && r.companion.is_none() {
            // One step forward: apply it rather than replaying everything.
            let _ = self.play_step(actions[pos - 1]);
        } else {
            let _ = self.rebuild(&actions[..pos], windows_after);
        }
        if let Some(r) = &mut self.replay {
            r.pos = self.history.len();
        }
    }

    /// Start or stop a replay playing by itself (from the start when it stands at its
    /// end).
    pub fn set_autoplay(&mut self, playing: bool) {
        let Some(r) = &mut self.replay else { return };
        let restart = playing && r.pos >= r.actions.len();
        r.playing = playing;
        r.last_step = Some(Instant::now());
        if restart {
            self.replay_to(0);
        }
    }

    /// The time between two decisions of a replay playing by itself.
    pub fn set_replay_speed(&mut self, step: Duration) {
        if let Some(r) = &mut self.replay {
            r.speed = step;
        }
    }

    /// Advance a replay playing by itself when its step is due; it stops at the end.
    /// Returns how long until the next step is due, if it plays on.
    pub fn replay_tick(&mut self) -> Option<Duration> {
        let r = self.replay.as_ref()?;
        if !r.playing {
            return None;
        }
        let step = r.speed;
        if r.pos >= r.actions.len() {
            if let Some(r) = &mut self.replay {
                r.playing = false;
            }
            return None;
        }
        let since = r.last_step.map_or(step, |t| t.elapsed());
        if since < step {
            return Some(step - since);
        }
        let next = r.pos + 1;
        self.replay_to(next);
        if let Some(r) = &mut self.replay {
            r.last_step = Some(Instant::now());
        }
        Some(step)
    }

    /// Leave a replay where it stands and play on from there.
    pub fn take_over(&mut self) {
        self.replay = None;
        self.cancel_ai();
        self.last_decision_at = None;
    }
}

#[cfg(test)]
mod tests {
    use crate::table::session::Session;
    use crate::table::session::tests::{hot_seat, play_first};
    use rules::sim::state_text;

    #[test]
    fn replay_steps_through_a_saved_game() {
        let mut s = hot_seat(9);
        play_first(&mut s, 40);
        let dir = std::env::temp_dir().join(format!("ma-gui-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.json");
        s.save_to(&path).unwrap();
        let mut r = Session::load_replay(&path).unwrap();
        assert_eq!(r.history().len(), 0);
        assert_eq!(
            r.play(r.legal()[0]),
            Err(crate::table::error::PlayError::Replay),
            "no playing in a replay"
        );
        r.replay_to(1);
        r.replay_to(2);
        assert_eq!(r.history().len(), 2);
        r.replay_to(40);
        assert_eq!(state_text(r.state()), state_text(s.state()));
        r.replay_to(10);
        assert_eq!(r.replay().unwrap().pos, 10);
        r.take_over();
        assert!(r.replay().is_none());
        assert!(r.human_to_move().is_some());
        std::fs::remove_dir_all(&dir).ok();
    }
}
