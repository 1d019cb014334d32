//! A move as the board draws it: the model that makes it, the squares it goes through and
//! what it aims at. The hint draws the move the AI advises, and the companion mode the AI's
//! decision a person is to make at the real table; both read it from here.

use rules::action::{Action, ModelId};
use rules::{GameState, Square};

use super::describe::card_of;
use super::forecast::{Target, charged, targets_of};
use super::hint::mover;

/// What the board shows of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveMarks {
    /// The model that makes the move, if it is one model's move.
    pub model: Option<ModelId>,
    /// The squares it goes through: where it stands (if on the board), then each square
    /// it moves or deploys to.
    pub path: Vec<Square>,
    /// What the move attacks or plays a card on.
    pub target: Option<Target>,
}

impl MoveMarks {
    /// A square to point at, with no model moving (a counter put down, a piece placed).
    pub fn square(sq: Square) -> MoveMarks {
        MoveMarks {
            model: None,
            path: Vec::new(),
            target: Some(Target::Square(sq)),
        }
    }
}

/// The marks of the whole move `line` from the position `g`.
pub fn move_marks(g: &GameState, line: &[Action]) -> Option<MoveMarks> {
    if line.is_empty() {
        return None;
    }
    let model = mover(g, line);
    let mut path: Vec<Square> = model
        .and_then(|m| g.model(m).square())
        .into_iter()
        .collect();
    let mut target = None;
    for (i, a) in line.iter().enumerate() {
        match *a {
            Action::Deploy(s) => path.push(s),
            Action::Move(s) => {
                path.push(s);
                if let Some(enemy) = charged(g, &line[..=i]) {
                    target = Some(Target::Model(enemy));
                }
            }
            Action::Shoot(m) | Action::Fight(m) => target = Some(Target::Model(m)),
            ref other if card_of(other).is_some() => {
                target = targets_of(other).first().copied().or(target);
            }
            _ => {}
        }
    }
    Some(MoveMarks {
        model,
        path,
        target,
    })
}
