//! The skirmish's rungs on the AI's ladder ([`ai::Ladder`]): for each level, the search's
//! iterations a decision, the temperature its decision is drawn at, and its settings (every
//! level scores leaves by the learned evaluation, `eval=2`). The steps are measured in
//! `docs/strength.md` (the ladder table, written by `mars-attacks strength`), each level
//! against the one below and against `greedy`, on the eight shipped scenarios, seats
//! swapped.

use ai::{Ladder, Recipe, Rung};

use super::tuning::Tuning;

/// A search rung of the skirmish: `iterations` a decision with the learned evaluation,
/// the decision drawn at `choice_temperature`.
const fn search(iterations: u64, choice_temperature: f64) -> Rung<Tuning> {
    Rung::Search(Recipe {
        iterations,
        choice_temperature,
        settings: Tuning::NONE.learned_evaluation(),
    })
}

/// The skirmish's ladder.
pub const LADDER: Ladder<Tuning> = Ladder {
    game: "skirmish",
    rungs: [
        search(30, 100.0),
        search(30, 1.5),
        search(30, 0.6),
        search(70, 0.0),
        search(3000, 0.0),
    ],
    about: [
        "loses about 8 games in 10 to greedy: a first game's opponent",
        "wins about 7 games in 10 against beginner",
        "wins about 7 games in 10 against easy",
        "wins about 7 games in 10 against normal",
        "wins about 7 games in 10 against hard: the strongest search",
    ],
};
