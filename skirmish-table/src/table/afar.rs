//! A game whose position is kept elsewhere: a table joined to a host across the network
//! (the `net` crate's remote table). The session shows what it is sent and decides
//! nothing itself: the host rolls the dice, deals the cards and keeps both hands, and
//! sends each table the position as its seat may see it (the hand it does not see dealt
//! at random from the cards it could be, only its size known). So everything the table
//! computes from the session, the odds, sight, reach, a hint and the estimate, reads only
//! what its seat may see.
//!
//! A person's decisions go to the host (the window sends them), never into the session:
//! [`Session::play`] refuses them, and so do undo (asked of the host) and saving (the host
//! saves). Each new position from the host replaces the one shown, with the log of the
//! decisions its seat may see ([`Session::show_from_afar`]).

use std::sync::Arc;

use rules::scenario::Scenario;
use rules::{Action, BySide, GameState, Side};

use super::session::{Session, Step};
use super::setup::{Controller, GameSetup, ai_at_level};
use skirmish_ai::bot::spec::Level;

/// What a session at a distance knows beyond its position.
#[derive(Clone, Debug)]
pub struct Afar {
    /// The side this table plays; none for a spectator.
    pub seat: Option<Side>,
    /// The decisions made in the host's game (those this seat does not see among them).
    pub made: usize,
    /// The decisions this seat may make now, as the host sent them; empty when it is not
    /// this seat's decision.
    pub legal: Vec<Action>,
}

impl Session {
    /// A session showing `state`, the position a host sent the table that plays `seat`
    /// (none: a spectator); `seed` is this table's own, for its hints' searches (the
    /// game's seed is the host's secret). The side this table plays is a person's; the
    /// other is marked as the AI's only so that a hint and the estimate search as against
    /// an AI opponent: it never moves here. It has no scenario file: the scenario came
    /// from the host.
    pub fn at_a_distance(
        scenario: Arc<Scenario>,
        state: GameState,
        seat: Option<Side>,
        seed: u64,
    ) -> Session {
        let elsewhere = || Controller::Ai(ai_at_level(Level::Normal));
        let mut controllers = BySide::new(elsewhere(), elsewhere());
        if let Some(side) = seat {
            controllers[side] = Controller::Human;
        }
        let setup = GameSetup {
            scenario_path: std::path::PathBuf::new(),
            seed,
            dice_seed: None,
            controllers,
        };
        let mut session = Session::with_scenario(setup, scenario);
        session.setup_events.clear();
        session.state = state;
        session.afar = Some(Afar {
            seat,
            made: 0,
            legal: Vec::new(),
        });
        session
    }

    /// The host sent a new position: `state` with `made` decisions behind it, the
    /// decisions this table may make in it (`legal`, empty when it is not its decision)
    /// and the log as its seat sees it. A hint, an estimate or a search asked for on the
    /// position before is dropped.
    pub fn show_from_afar(
        &mut self,
        state: GameState,
        made: usize,
        legal: Vec<Action>,
        history: Vec<Step>,
    ) {
        let Some(afar) = &mut self.afar else { return };
        afar.made = made;
        afar.legal = legal;
        self.state = state;
        self.history = history;
        self.cancel_ai();
        self.hint = None;
        self.estimate = None;
        self.estimate_asked = None;
        self.report = None;
        self.last_decision_at = Some(std::time::Instant::now());
    }

    /// The host's part, when this session shows a game kept elsewhere.
    pub fn afar(&self) -> Option<&Afar> {
        self.afar.as_ref()
    }

    /// The decisions made in the game so far: the host's count for a game kept
    /// elsewhere (whose log lists only those its seat may see), else the log's.
    pub fn decisions_made(&self) -> usize {
        self.afar.as_ref().map_or(self.history.len(), |a| a.made)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::error::PlayError;
    use rand::SeedableRng;

    fn scenario() -> Arc<Scenario> {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/ambush.toml");
        crate::table::setup::load_scenario_text(&path).unwrap()
    }

    #[test]
    fn a_session_at_a_distance_shows_its_seat_and_decides_nothing_itself() {
        let scenario = scenario();
        let mut dice = rules::GameRng::seed_from_u64(4);
        let state = GameState::new(scenario.clone(), &mut dice);
        let to_move = state.to_move().unwrap();
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let mut s = Session::at_a_distance(scenario, state.clone(), Some(to_move), 1);
        // Only its own side's hand is shown; a spectator's table shows neither.
        assert!(s.sees_hand(to_move) && !s.sees_hand(to_move.other()));
        assert_eq!(s.human_to_move(), Some(to_move));
        // The host has not yet said what this seat may do: nothing is offered.
        assert!(s.legal().is_empty());
        s.show_from_afar(state.clone(), 3, legal.clone(), Vec::new());
        assert_eq!(s.legal(), legal);
        assert_eq!(s.decisions_made(), 3);
        // A decision goes to the host, never into the session; nothing to undo or save.
        assert!(matches!(s.play(legal[0]), Err(PlayError::Afar)));
        assert_eq!(s.state(), &state);
        assert_eq!(s.undo_depth(), None);
        assert!(!s.can_analyse());
        let path = std::env::temp_dir().join(format!("afar-{}.json", std::process::id()));
        assert!(s.save_to(&path).is_err());
        assert!(!path.exists());
        // The other side is never moved here, whatever its controller says.
        for _ in 0..3 {
            s.tick();
        }
        assert!(!s.is_thinking() && s.ai_wait().is_none());
        let watch = Session::at_a_distance(s.scenario().clone(), state, None, 1);
        assert!(Side::BOTH.iter().all(|side| !watch.sees_hand(*side)));
        // Nothing to pause or pace here: the host paces its AI.
        assert!(!watch.is_watch());
        assert_eq!(watch.human_to_move(), None);
    }
}
