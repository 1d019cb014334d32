//! A decision that has just replaced another: for a short moment its buttons take no
//! click, and it is marked new, so that a click meant for the decision before (a Round's
//! Keep, resolved by itself an instant earlier) never makes the one that took its place
//! (the Flying Car's heading).

use std::mem::Discriminant;

use crate::rules::state::Phase;
use crate::table::session::Session;

/// How long, in seconds, a new decision's buttons take no click.
pub const GUARD_SECONDS: f64 = 0.3;

/// How long, in seconds, a new decision is marked new.
pub const NEW_SECONDS: f64 = 2.0;

/// What names a decision on the screen: the decisions made before it and the kind of
/// question it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DecisionKey {
    made: usize,
    phase: Discriminant<Phase>,
}

/// The decision on the screen and when it came.
#[derive(Clone, Copy, Debug, Default)]
pub struct FreshDecision {
    seen: Option<(DecisionKey, f64)>,
}

/// How new the decision on the screen is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Freshness {
    /// Its buttons take no click yet.
    pub guarded: bool,
    /// It is marked new.
    pub new: bool,
}

impl FreshDecision {
    /// Notes the session's decision at time `now` (seconds, the window's clock) and says
    /// how new it is. The first decision a table shows is not guarded.
    pub fn observe(&mut self, session: &Session, now: f64) -> Freshness {
        let key = DecisionKey {
            made: session.decisions_made(),
            phase: std::mem::discriminant(&session.state().phase()),
        };
        match self.seen {
            Some((k, since)) if k == key => {
                let age = now - since;
                Freshness {
                    guarded: age < GUARD_SECONDS,
                    new: age < NEW_SECONDS,
                }
            }
            Some(_) => {
                self.seen = Some((key, now));
                Freshness {
                    guarded: true,
                    new: true,
                }
            }
            None => {
                self.seen = Some((key, now - NEW_SECONDS));
                Freshness::default()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::setup::{Controller, GameSetup};

    #[test]
    fn a_decision_that_replaces_another_is_guarded_then_marked_then_plain() {
        let setup = GameSetup {
            scenario_path: std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("scenarios/ambush.toml"),
            seed: 1,
            dice_seed: None,
            controllers: crate::rules::BySide::new(Controller::Human, Controller::Human),
        };
        let mut s = Session::new(setup).unwrap();
        let mut f = FreshDecision::default();
        assert_eq!(
            f.observe(&s, 10.0),
            Freshness::default(),
            "the first is plain"
        );
        assert_eq!(f.observe(&s, 10.1), Freshness::default());
        let first = s.legal()[0];
        s.play(first).unwrap();
        let new = Freshness {
            guarded: true,
            new: true,
        };
        assert_eq!(f.observe(&s, 11.0), new);
        assert_eq!(f.observe(&s, 11.0 + GUARD_SECONDS - 0.01), new);
        let marked = Freshness {
            guarded: false,
            new: true,
        };
        assert_eq!(f.observe(&s, 11.0 + GUARD_SECONDS), marked);
        assert_eq!(f.observe(&s, 11.0 + NEW_SECONDS), Freshness::default());
    }
}
