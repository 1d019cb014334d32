//! "The table differs": a correction that makes the game match the real table when a
//! model was put down on the wrong square, a counter was moved or lost, or a model lies
//! down or stands where the game says otherwise. A [`Correction`] is checked against the
//! position and made through the rules' `Editor`, which keeps the state's bookkeeping
//! consistent; the session records it in the log and the saved game
//! ([`super::companion`]), so a replay makes it at the same point.
//!
//! A correction is made between two models' actions (at the start of a Turn or between
//! its two models), never during one or while a test waits: the rules' bookkeeping of an
//! action or a test under way is not the table's to change.

use std::fmt;
use std::str::FromStr;

use rules::action::ModelId;
use rules::state::{Loc, Phase};
use rules::{Bitboard, GameState, Square};

use super::describe::{ModelNames, base_label, label_at};

/// A change that makes the game match the real table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Correction {
    /// A model on the board stands on this square instead.
    Place(ModelId, Square),
    /// A face-down counter lies on this square.
    Counter(Square),
    /// No face-down counter lies on this square.
    NoCounter(Square),
    /// A model on the board is lying down (Rattled, `true`) or standing (`false`).
    Rattled(ModelId, bool),
}

/// The text form saved games use: `place m3 d4`, `counter e4`, `no-counter e4`,
/// `rattled m3`, `standing m3`.
impl fmt::Display for Correction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Correction::Place(m, sq) => write!(f, "place {m} {sq}"),
            Correction::Counter(sq) => write!(f, "counter {sq}"),
            Correction::NoCounter(sq) => write!(f, "no-counter {sq}"),
            Correction::Rattled(m, true) => write!(f, "rattled {m}"),
            Correction::Rattled(m, false) => write!(f, "standing {m}"),
        }
    }
}

/// A correction's text that does not read as one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a correction ({why}): `place m3 d4`, `counter e4`, `no-counter e4`, \
     `rattled m3` or `standing m3`"
)]
pub struct UnreadCorrection {
    pub text: String,
    pub why: String,
}

impl FromStr for Correction {
    type Err = UnreadCorrection;

    fn from_str(s: &str) -> Result<Correction, UnreadCorrection> {
        let text: String = s.trim().chars().take(60).collect();
        let bad = |why: String| UnreadCorrection {
            text: text.clone(),
            why,
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        let model = |w: &str| w.parse::<ModelId>().map_err(|e| bad(format!("`{w}`: {e}")));
        let square = |w: &str| w.parse::<Square>().map_err(|e| bad(format!("`{w}`: {e}")));
        match words.as_slice() {
            ["place", m, sq] => Ok(Correction::Place(model(m)?, square(sq)?)),
            ["counter", sq] => Ok(Correction::Counter(square(sq)?)),
            ["no-counter", sq] => Ok(Correction::NoCounter(square(sq)?)),
            ["rattled", m] => Ok(Correction::Rattled(model(m)?, true)),
            ["standing", m] => Ok(Correction::Rattled(model(m)?, false)),
            [] => Err(bad("nothing written".into())),
            [w, ..] => Err(bad(format!("`{w}` with {} word(s)", words.len() - 1))),
        }
    }
}

/// Why a correction cannot be made now. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CorrectionRefused {
    /// A model is acting, a test waits, or the game is not between two actions.
    #[error(
        "the table can be corrected between two models' actions, not now ({0}): finish what is \
         under way first"
    )]
    NotNow(String),
    /// The game has no such model.
    #[error("this game has no model {0}")]
    NoModel(ModelId),
    /// The model is not on the board.
    #[error("{label} is not on the board ({loc}): only a model on the board can be corrected")]
    OffBoard { label: String, loc: String },
    /// The square cannot hold the model or the counter.
    #[error("{0}")]
    Square(String),
    /// The correction changes nothing.
    #[error("the game already has it so: {0}")]
    Nothing(String),
}

/// Squares with a face-up counter not yet claimed, of any kind.
fn face_up(g: &GameState) -> Bitboard {
    use rules::state::CounterKind;
    [
        CounterKind::Critter,
        CounterKind::AlienSecret,
        CounterKind::Objective,
    ]
    .into_iter()
    .fold(Bitboard::EMPTY, |m, k| m | g.face_up_counters(k))
}

impl Correction {
    /// The correction in words for the log: `Soldier 2 (c3) moved to d4 to match the
    /// table`.
    pub fn text(&self, g: &GameState) -> String {
        match *self {
            Correction::Place(m, sq) => {
                format!("{} put on {sq} to match the table", label_at(g, m))
            }
            Correction::Counter(sq) => {
                format!("a face-down counter put on {sq} to match the table")
            }
            Correction::NoCounter(sq) => {
                format!("the face-down counter on {sq} taken away to match the table")
            }
            Correction::Rattled(m, true) => {
                format!("{} lies down (Rattled) to match the table", label_at(g, m))
            }
            Correction::Rattled(m, false) => {
                format!("{} stands up to match the table", label_at(g, m))
            }
        }
    }

    /// Checks the correction against `g`: may it be made now, and does it change
    /// anything?
    pub fn check(&self, g: &GameState) -> Result<(), CorrectionRefused> {
        match g.phase() {
            Phase::TurnStart | Phase::AfterFirst => {}
            _ => {
                return Err(CorrectionRefused::NotNow(
                    super::describe::phase_text(g, ModelNames::Bases).to_lowercase(),
                ));
            }
        }
        let on_board = |m: ModelId| -> Result<Square, CorrectionRefused> {
            if m.index() >= g.models().len() {
                return Err(CorrectionRefused::NoModel(m));
            }
            match g.model(m).loc {
                Loc::Board(sq) => Ok(sq),
                _ => Err(CorrectionRefused::OffBoard {
                    label: base_label(g, m),
                    loc: super::describe::location(g, m),
                }),
            }
        };
        let blocked = |sq: Square| g.map().blockers().contains(sq);
        match *self {
            Correction::Place(m, sq) => {
                let from = on_board(m)?;
                if from == sq {
                    return Err(CorrectionRefused::Nothing(format!(
                        "{} is on {sq}",
                        base_label(g, m)
                    )));
                }
                if blocked(sq) {
                    return Err(CorrectionRefused::Square(format!(
                        "{sq} is blocked: no model may stand there (P1)"
                    )));
                }
                let side = g.model(m).side;
                if g.occupied(side.other()).contains(sq) {
                    return Err(CorrectionRefused::Square(format!(
                        "{sq} holds an enemy of {}: a Fight starts only by a decision",
                        base_label(g, m)
                    )));
                }
                let there = g.models_in(sq).count();
                if there >= usize::from(rules::state::CAPACITY) {
                    return Err(CorrectionRefused::Square(format!(
                        "{sq} already holds {there} models, as many as a square may (R3)"
                    )));
                }
                Ok(())
            }
            Correction::Counter(sq) => {
                if g.hidden_counters().contains(sq) {
                    return Err(CorrectionRefused::Nothing(format!(
                        "a face-down counter lies on {sq}"
                    )));
                }
                if blocked(sq) {
                    return Err(CorrectionRefused::Square(format!(
                        "{sq} is blocked: no counter lies there (P1)"
                    )));
                }
                if face_up(g).contains(sq) {
                    return Err(CorrectionRefused::Square(format!(
                        "a face-up counter lies on {sq}: a square holds one counter (R24)"
                    )));
                }
                // Each face-down counter is one of the identities not yet revealed (R24).
                let (critters, secrets) = g.counter_pool();
                let identities =
                    usize::from(critters) + usize::from(secrets) + usize::from(g.objective_pool());
                let down = g.hidden_counters().count();
                if down >= identities {
                    return Err(CorrectionRefused::Square(format!(
                        "the game has {identities} counter(s) not yet revealed and {down} lie face \
                         down already: no counter is left to put on {sq} (R24)"
                    )));
                }
                Ok(())
            }
            Correction::NoCounter(sq) => {
                if !g.hidden_counters().contains(sq) {
                    return Err(CorrectionRefused::Nothing(format!(
                        "no face-down counter lies on {sq}"
                    )));
                }
                Ok(())
            }
            Correction::Rattled(m, rattled) => {
                on_board(m)?;
                if g.model(m).rattled == rattled {
                    let how = if rattled { "lies down" } else { "stands" };
                    return Err(CorrectionRefused::Nothing(format!(
                        "{} {how}",
                        base_label(g, m)
                    )));
                }
                Ok(())
            }
        }
    }

    /// Makes the correction on `g` through the rules' `Editor`, once [`Correction::check`]
    /// allows it; `g` is unchanged when it does not.
    pub fn apply(&self, g: &mut GameState) -> Result<(), CorrectionRefused> {
        self.check(g)?;
        match *self {
            Correction::Place(m, sq) => {
                g.edit().place(m, sq);
            }
            Correction::Counter(sq) => {
                g.edit().hidden_counter(sq);
            }
            Correction::NoCounter(sq) => {
                g.edit().no_hidden_counter(sq);
            }
            Correction::Rattled(m, rattled) => {
                g.edit().rattled(m, rattled);
            }
        }
        Ok(())
    }
}
