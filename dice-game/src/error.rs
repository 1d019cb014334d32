//! What can go wrong with the Dice Game's own values: a word that names no difficulty,
//! symbol or decision ([`UnknownDifficulty`], [`UnknownSymbol`], [`UnreadAction`]), a deal
//! that cannot be made ([`DealError`]) and a decision the game refuses ([`PlayError`]).
//! `Display` says it in a player's words.

use crate::card::MAX_LOCATIONS;
use crate::claimable::CannotEnd;
use crate::game::{MAX_PLAYERS, STACKS};
use crate::turn::Action;

/// A word that is not a side of the difficulty card: the word as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a difficulty: easy or hard")]
pub struct UnknownDifficulty(pub String);

/// A word that is not a symbol of the dice: the word as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a symbol: martian, ray-gun or nuke")]
pub struct UnknownSymbol(pub String);

/// Text that is not a decision of the game; each variant holds the text as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnreadAction {
    /// `target` with no stack 1 to 4.
    #[error("`{0}`: target a stack 1 to {STACKS}")]
    Stack(String),
    /// `set` with no symbol.
    #[error(transparent)]
    Symbol(#[from] UnknownSymbol),
    /// None of the decisions.
    #[error("`{0}` is not a decision: target N, set SYMBOL, roll or stop")]
    Unknown(String),
}

/// Why a game cannot be dealt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// Fewer than 2 or more than 6 players.
    #[error("the dice game is for 2 to {MAX_PLAYERS} players, not {0} (S3)")]
    Players(usize),
    /// A deck larger than a game holds.
    #[error("a deck holds at most {MAX_LOCATIONS} locations, not {0}")]
    TooManyLocations(usize),
    /// Too few locations for four stacks of a card a player.
    #[error(
        "{players} players need four stacks of {players} cards, {} locations; the deck \
         \"{deck}\" has {locations}",
        STACKS * .players
    )]
    TooFewLocations {
        players: usize,
        deck: String,
        locations: usize,
    },
    /// No game of this table on this deck can end.
    #[error(transparent)]
    CannotEnd(#[from] CannotEnd),
    /// The order given is not each of the deck's `locations` once.
    #[error("the deal must list each of the {0} locations once")]
    Order(usize),
}

/// Why a decision is refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game has ended.
    #[error("the game is over")]
    Over,
    /// Not a decision open now; `open` lists those that are.
    #[error("`{action}` is not a decision open now; open: {}", list(.open))]
    NotOpen { action: Action, open: Vec<Action> },
    /// A scripted roll with another number of dice than the decision rolls.
    #[error("`{action}` rolls {needs} dice, not the {given} given")]
    WrongDice {
        action: Action,
        needs: u8,
        given: u8,
    },
}

fn list(actions: &[Action]) -> String {
    let words: Vec<String> = actions.iter().map(|a| a.to_string()).collect();
    words.join(", ")
}
