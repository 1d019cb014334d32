//! Martian Dice (the published rules; rulings D1-D4 in docs/shared-rulings.md): a push-your-luck
//! dice game from the same universe, built on the game-agnostic search of the `ai` crate
//! with no change to it, and small enough that its best play is known exactly.
//!
//! * [`dice`]: the faces, a tally of dice by face, and rolls drawn from the caller's
//!   seeded generator.
//! * [`turn`]: one Turn as a state machine (roll, forced Tanks, choose a type, stop or
//!   roll again) and its score (D2, D3).
//! * [`game`]: the whole game for 2 to 8 players, to 25 points, with the tie-break (D4).
//! * [`optimal`]: the exact maximum expected score of a Turn and the policy that reaches
//!   it, by dynamic programming over the states of a Turn.
//! * [`turn_graph`]: a Turn as a graph built once, over which best play for any stakes
//!   (what each final score is worth) is one sweep.
//! * [`perfect`]: the game played to win: the exact chance to win of two players who both
//!   play to win, from every start of a Turn, and the stakes of every Turn.
//! * [`match_odds`]: the exact chances of a two-player game between players whose Turns
//!   depend only on the scores (`perfect` against `optimal`, for one).
//! * [`players`]: the player that plays to win, the optimal-score policy, a threshold
//!   player, random, and the game as an [`ai::Game`] for the search.
//! * [`rotation`]: games of three or more players, one player in each seat in turn.
//! * [`table`]: how a game at the table is set up (players, the opponents' level, the
//!   seed), checked without a window.
//! * [`search`]: the game as the search sees it: the Turn under way, its scores worth their
//!   stakes, each decision keyed by the state it leads to.
//!
//! ```
//! use martian_dice::game::{Game, GameError};
//! use martian_dice::players::player;
//!
//! // 2 to 8 players (D4); a spec in the grammar every game shares.
//! assert_eq!(Game::new(9).unwrap_err(), GameError::Players(9));
//! let game = Game::new(2).unwrap();
//! assert!(player::<Game>("mcts:200").is_ok());
//! assert_eq!(player::<Game>("mcts:fast").err().unwrap().spec, "mcts:fast");
//! assert_eq!(game.players(), 2);
//! ```

pub mod dice;
pub mod game;
pub mod ladder;
pub mod match_odds;
pub mod optimal;
pub mod perfect;
pub mod players;
pub mod rotation;
pub mod search;
pub mod table;
pub mod turn;
pub mod turn_graph;
