//! The Dice Game's rungs on the AI's ladder ([`ai::Ladder`]): the search at so many
//! iterations, its decision drawn at a temperature. The game has no exact player, so the
//! top is the strongest search. The steps are measured in `docs/dice-strength.md`.

use ai::{Ladder, NoSettings, Recipe, Rung};

/// A search rung: `iterations` a decision, drawn at `choice_temperature`.
const fn search(iterations: u64, choice_temperature: f64) -> Rung<NoSettings> {
    Rung::Search(Recipe {
        iterations,
        choice_temperature,
        settings: NoSettings,
    })
}

/// The Dice Game's ladder.
pub const LADDER: Ladder<NoSettings> = Ladder {
    game: "dice-game",
    rungs: [
        Rung::Player("random"),
        search(3, 0.0),
        search(30, 0.0),
        search(300, 0.0),
        search(3000, 0.0),
    ],
    about: [
        "loses about 8 games in 10 to greedy: answers at once and often targets the wrong card",
        "wins about 7 games in 10 against beginner",
        "wins about 7 games in 10 against easy",
        "wins about 7 games in 10 against normal",
        "wins about 6 games in 10 against hard: the strongest search the program has",
    ],
};
