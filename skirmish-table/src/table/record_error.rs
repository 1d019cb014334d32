//! Why what a save of a game at a real table records beyond its decisions (the rollers,
//! the rolls by decision, the corrections, the counters' faces) does not read:
//! [`TableRecordError`], shown after the save's path.

use super::correction::UnreadCorrection;

/// What is wrong with a save's record of a game at a real table; decisions, corrections
/// and counters count from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableRecordError {
    /// Counters' faces recorded in a game that is not at a real table.
    #[error(
        "the counters' squares are recorded as rolled at the table, but the game is not one \
         at a real table (it has no `companion`)"
    )]
    PlacementWithoutTable,
    /// Dice recorded in a game that is not at a real table.
    #[error(
        "dice are recorded for decision {0}, but the game is not one at a real table (it has \
         no `companion`)"
    )]
    DiceWithoutTable(usize),
    /// Corrections recorded in a game that is not at a real table.
    #[error(
        "corrections of the table are recorded, but the game is not one at a real table (it \
         has no `companion`)"
    )]
    CorrectionsWithoutTable,
    /// Dice recorded for a decision the game does not have.
    #[error("dice are recorded for decision {decision}, but the game has {decisions} decision(s)")]
    DiceOutOfRange { decision: usize, decisions: usize },
    /// More rolls recorded for a decision than one can make.
    #[error("decision {decision}: {rolls} rolls recorded, at most {most}")]
    TooManyRolls {
        decision: usize,
        rolls: usize,
        most: usize,
    },
    /// A correction after a decision the game does not have, or out of order.
    #[error(
        "correction {correction} comes after decision {after}, but the game has {decisions} \
         decision(s) and the corrections are in order"
    )]
    CorrectionOutOfPlace {
        correction: usize,
        after: usize,
        decisions: usize,
    },
    /// A correction that does not read.
    #[error("correction {correction}: {why}")]
    Correction {
        correction: usize,
        why: UnreadCorrection,
    },
    /// More counters' squares than a board has.
    #[error("{0} counters' squares recorded, but a board has 64 squares")]
    TooManyCounters(usize),
    /// More faces recorded for one counter than it may be rolled.
    #[error("counter {counter}: {faces} faces recorded for its square, at most {most}")]
    TooManyFaces {
        counter: usize,
        faces: usize,
        most: usize,
    },
}
