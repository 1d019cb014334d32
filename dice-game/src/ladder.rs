//! The Dice Game's rungs on the AI's ladder ([`ai::Ladder`]): the search at so many
//! iterations, its decision drawn at a temperature. The game has no exact player, so the
//! top is the strongest search, and the search stops gaining at about 300 iterations
//! (3,000 against 300 scores about 0.59): the ladder's room is below it, so the bottom is
//! the `timid` player (weaker than `random`: pushing on pays) and the steps between are
//! spaced by iterations where they still count. The steps are measured in
//! `docs/dice-ladder.md`.

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
        Rung::Player("timid"),
        search(2, 0.0),
        search(15, 0.0),
        search(100, 0.0),
        search(3000, 0.0),
    ],
    about: [
        "loses about 9 games in 10 to greedy: answers at once, targets at random and stops after its first roll",
        "wins about 7 games in 10 against beginner",
        "wins about 6 games in 10 against easy",
        "wins about 6 games in 10 against normal",
        "wins about 6 games in 10 against hard: the strongest search the program has",
    ],
};
