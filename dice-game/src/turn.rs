//! A Turn (S4-S6): declare a target, (with a set-dice rule, set dice), roll ten dice;
//! nuked, claim, or re-roll the Martians or stop. The decisions ([`Action`]), where a Turn
//! stands ([`Turn`], [`Phase`]), and what happens, as the log tells it ([`Event`]). The
//! rules that move a Turn along are in [`crate::game`], which knows the cards in play.

use std::fmt;
use std::str::FromStr;

use crate::dice::{Symbol, Tally};
use crate::error::UnreadAction;

/// A decision of the player whose Turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Declare the card in play on this stack (0 to 3) the target.
    Target(u8),
    /// Before the first roll, set one die to this symbol (a set-dice rule, P26).
    Set(Symbol),
    /// Roll: the first roll (every die not set), or a re-roll of every Martian (S5).
    Roll,
    /// Stop: the Turn ends and its matching symbols are recorded (S6).
    Stop,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Target(s) => write!(f, "target {}", s + 1),
            Action::Set(x) => write!(f, "set {x}"),
            Action::Roll => f.write_str("roll"),
            Action::Stop => f.write_str("stop"),
        }
    }
}

impl FromStr for Action {
    type Err = UnreadAction;
    fn from_str(s: &str) -> Result<Action, UnreadAction> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "roll" => return Ok(Action::Roll),
            "stop" => return Ok(Action::Stop),
            _ => {}
        }
        if let Some(n) = t.strip_prefix("target ") {
            return n
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=crate::game::STACKS as u8).contains(n))
                .map(|n| Action::Target(n - 1))
                .ok_or_else(|| UnreadAction::Stack(s.to_string()));
        }
        if let Some(x) = t.strip_prefix("set ") {
            return Ok(Action::Set(x.parse::<Symbol>()?));
        }
        Err(UnreadAction::Unknown(s.to_string()))
    }
}

/// Where a Turn stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The player declares a target.
    #[default]
    Target,
    /// The player with a set-dice rule sets dice, or rolls.
    Prepare,
    /// After a roll that neither nuked nor claimed: re-roll the Martians, or stop.
    Decide,
}

/// A Turn under way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Turn {
    pub phase: Phase,
    /// The stack whose card is the target (from [`Phase::Prepare`] on).
    pub target: u8,
    /// The player's progress on the target when it was declared (0: no token there).
    pub from: u8,
    /// Dice set before the first roll.
    pub set: Tally,
    /// The ten dice as they show after the last roll.
    pub showing: Tally,
    /// Rolls made this Turn.
    pub rolls: u8,
}

/// How a game was decided (S8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decided {
    /// Most VP.
    Vp,
    /// Tied on VP: most cards claimed.
    Cards,
    /// Tied on both: the tied player latest in turn order.
    TurnOrder,
    /// No card was left in play to target (P27).
    NoCardLeft,
}

/// What happened, for the log and the table. Cards are named by their index in the deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    TurnBegins {
        player: usize,
        /// An extra Turn from a claimed card (S7).
        extra: bool,
    },
    Targeted {
        player: usize,
        stack: usize,
        card: usize,
    },
    Set {
        player: usize,
        symbol: Symbol,
    },
    Rolled {
        player: usize,
        /// The dice just rolled.
        rolled: Tally,
        /// All ten as they show now.
        showing: Tally,
    },
    /// The Nukes showing covered every Nuke symbol in play (S4): the Turn counts for nothing.
    Nuked {
        player: usize,
        card: usize,
        nukes: u8,
        symbols: u8,
        /// For a card that must be nuked first: (times nuked now, times needed).
        marks: Option<(u8, u8)>,
    },
    Claimed {
        player: usize,
        card: usize,
        /// The card turned over on the stack, if any.
        revealed: Option<usize>,
        /// The stack is empty: the game ends before the first player's next Turn (S8).
        emptied: bool,
    },
    /// The Turn ended with more spaces matched: the token covers `to` (moved from `from`,
    /// or placed when `from` is 0).
    Recorded {
        player: usize,
        card: usize,
        from: u8,
        to: u8,
    },
    /// The Turn matched spaces but the player had no token left for a new card (S6).
    NoToken {
        player: usize,
        card: usize,
        reached: u8,
    },
    /// The Turn ended matching nothing more.
    NothingMatched {
        player: usize,
        card: usize,
    },
    GameOver {
        winner: usize,
        decided: Decided,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisions_print_and_parse() {
        for a in [
            Action::Target(0),
            Action::Target(3),
            Action::Set(Symbol::RayGun),
            Action::Roll,
            Action::Stop,
        ] {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
        assert!("target 5".parse::<Action>().is_err());
        assert!("target 0".parse::<Action>().is_err());
        assert!("set tank".parse::<Action>().is_err());
        assert!("jump".parse::<Action>().is_err());
    }
}
