//! Mars Attacks: The Dice Game (Steve Jackson Games, 2014; `../shared/seeds/
//! sjg-mars-attacks-dice-game-2014.txt`, rulings S1-S8 and P23-P27): target a city or
//! monument in play, roll ten dice, keep Ray Guns and Nukes, re-roll Martians or stop and
//! mark progress with a token, claim cards for VP. The third game on the game-agnostic
//! search of the `ai` crate, which it uses unchanged.
//!
//! * [`dice`]: the symbols, a tally of dice by symbol, rolls from the caller's generator,
//!   and every outcome of a roll with the ways it falls.
//! * [`card`]: the locations as data (kind, numbered spaces, VP, Nuke symbols, special
//!   rule), the difficulty card and the deck.
//! * [`claimable`]: whether a deck's cards can ever be claimed, and so a game of it end.
//! * [`deck_file`]: the deck file read and checked (`cards/dice-game.toml`), every problem
//!   at its line and column; [`deck_keys`]: its keys, whence its JSON Schema.
//! * [`turn`]: the decisions, where a Turn stands and the events of play.
//! * [`game`]: the whole game, 2 to 6 players: stacks, the Turn's rules, tokens and
//!   progress, special rules, the end and its tie-breaks.
//! * [`odds`]: the exact chances of the next roll, and of rolling on to the end of a Turn.
//! * [`plan`]: the exact value of a Turn under best stopping, for the greedy player.
//! * [`players`]: random, timid, greedy and the search, and the game as an [`ai::Game`].
//! * [`search`]: the game as the search sees it.
//! * [`seats`]: games of 2 to 6 players with the seats rotated, for the arena.
//! * [`table`]: the game at a table, without drawing: the seats, the game's one generator,
//!   every decision (a replay from the seed), the log, the AI on a thread of its own.
//!
//! ```
//! use dice_game::players::player;
//!
//! // The players a spec names, in the grammar every game shares; a spec that names none
//! // says which text and why.
//! assert!(player("greedy").is_ok());
//! let e = player("optimal").err().unwrap();
//! assert_eq!(e.spec, "optimal");
//! assert!(e.to_string().contains("the players are random, timid, greedy"));
//! ```

pub mod card;
pub mod claimable;
pub mod deck_file;
pub mod deck_keys;
pub mod dice;
pub mod error;
pub mod game;
pub mod ladder;
pub mod odds;
pub mod plan;
pub mod players;
pub mod search;
pub mod seats;
pub mod table;
pub mod turn;
