//! Martian Dice's rungs on the AI's ladder ([`ai::Ladder`]): the search at so many
//! iterations, its decision drawn at a temperature, for the four lower levels, and the
//! exact player (`perfect`, who plays to win the game) at the top. The steps are measured
//! in `docs/dice-strength.md`.

use ai::{Ladder, NoSettings, Recipe, Rung};

/// A search rung: `iterations` a decision, drawn at `choice_temperature`.
const fn search(iterations: u64, choice_temperature: f64) -> Rung<NoSettings> {
    Rung::Search(Recipe {
        iterations,
        choice_temperature,
        settings: NoSettings,
    })
}

/// Martian Dice's ladder.
pub const LADDER: Ladder<NoSettings> = Ladder {
    game: "martian-dice",
    rungs: [
        Rung::Player("random"),
        search(10, 1.0),
        search(100, 1.0),
        search(20, 0.0),
        Rung::Player("perfect"),
    ],
    about: [
        "answers at once and often keeps the wrong dice",
        "keeps sensible dice with frequent slips",
        "plays a fair game with the odd slip",
        "searches 1,000 rolls a decision",
        "perfect play: the most chance to win there is",
    ],
};
