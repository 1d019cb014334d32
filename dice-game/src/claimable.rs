//! Whether a deck's locations can ever be claimed, and so whether a game of it can end:
//! the game ends only when a stack runs out (S8), and a stack runs out only by claims.
//!
//! A roll nukes its player when the Nukes showing are at least the Nuke symbols of the
//! cards in play and the difficulty card (S4). So a card can be claimed only if, with the
//! most Nuke symbols it can have in play beside it, a roll can show fewer Nukes than that:
//! none at all for a card of Ray Guns and Martians, one for each turn's progress on a card
//! with Nuke spaces (progress is kept from Turn to Turn, S6). A card to be nuked first
//! (P25) needs the opposite too: a roll of the ten dice that does nuke, with the fewest
//! Nuke symbols in play.

use crate::card::{Deck, Difficulty, Location, Rule};
use crate::dice::{DICE, Symbol};
use crate::game::STACKS;

/// Why a location can never be claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NeverClaimed {
    /// Every roll nukes: even with the most Nuke symbols in play, they are `most`, and no
    /// roll shows fewer than 0 Nukes.
    EveryRollNukes { most: u8 },
    /// A Nuke in its spaces is always a nuking roll: with the most Nuke symbols in play
    /// they are `most`, so one Nuke showing already nukes.
    NukeSpaceNukes { most: u8 },
    /// It must be nuked first, but the fewest Nuke symbols in play beside it are
    /// `fewest`, more than ten dice can show.
    NeverNuked { fewest: u8 },
}

impl std::fmt::Display for NeverClaimed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NeverClaimed::EveryRollNukes { most } => write!(
                f,
                "every roll at it nukes the player: the cards in play and the difficulty card \
                 show at most {most} Nuke symbols with it, and 0 Nukes showing already reach \
                 that (S4)"
            ),
            NeverClaimed::NukeSpaceNukes { most } => write!(
                f,
                "its Nuke spaces can never be filled: the cards in play and the difficulty \
                 card show at most {most} Nuke symbols with it, so a roll showing one Nuke \
                 nukes the player (S4)"
            ),
            NeverClaimed::NeverNuked { fewest } => write!(
                f,
                "it must be nuked first, but the cards in play and the difficulty card show \
                 at least {fewest} Nuke symbols with it, more than the {DICE} dice can show \
                 (S4, P25)"
            ),
        }
    }
}

/// Why location `index` of `deck` can never be claimed in a game played on the difficulty
/// card's `side` (`None`: on either side), or `None` when some such game can claim it.
pub fn never_claimed(deck: &Deck, index: usize, side: Option<Difficulty>) -> Option<NeverClaimed> {
    let card = &deck.locations[index];
    let mut others: Vec<u8> = deck
        .locations
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != index)
        .map(|(_, l)| l.nukes)
        .collect();
    others.sort_unstable();
    let (low, high) = match side {
        Some(s) => (deck.difficulty_nukes(s), deck.difficulty_nukes(s)),
        None => {
            let (easy, hard) = (deck.difficulty.easy, deck.difficulty.hard);
            (easy.min(hard), easy.max(hard))
        }
    };
    // The most: the larger side of the difficulty card and the cards with the most Nuke
    // symbols in the other stacks. The fewest: the smaller side, and the other stacks run
    // out (the game goes on while one stack has cards).
    let beside = (STACKS - 1).min(others.len());
    let most: u8 = high + card.nukes + others.iter().rev().take(beside).sum::<u8>();
    let fewest: u8 = low + card.nukes;
    if most == 0 {
        return Some(NeverClaimed::EveryRollNukes { most });
    }
    if has_nuke_space(card) && most < 2 {
        return Some(NeverClaimed::NukeSpaceNukes { most });
    }
    if matches!(card.rule, Some(Rule::NukedFirst(n)) if n > 0) && fewest > DICE {
        return Some(NeverClaimed::NeverNuked { fewest });
    }
    None
}

fn has_nuke_space(card: &Location) -> bool {
    card.spaces
        .iter()
        .any(|r| r.symbol == Symbol::Nuke && r.count > 0)
}

/// How many of the deck's locations some game on `side` (either: `None`) can claim.
pub fn claimable_count(deck: &Deck, side: Option<Difficulty>) -> usize {
    (0..deck.locations.len())
        .filter(|&i| never_claimed(deck, i, side).is_none())
        .count()
}

/// Can a game of `players` players on this deck, on `side` (either: `None`), end? Only
/// if a stack can run out, which takes `players` claimable cards in one stack: at least
/// that many in the deck.
pub fn a_game_can_end(deck: &Deck, players: usize, side: Option<Difficulty>) -> bool {
    claimable_count(deck, side) >= players
}

/// Refuses a table of `players` on `deck` and `side` no game of which can end, saying
/// why.
pub fn check_can_end(deck: &Deck, players: usize, side: Difficulty) -> Result<(), CannotEnd> {
    if a_game_can_end(deck, players, Some(side)) {
        return Ok(());
    }
    Err(CannotEnd {
        players,
        side,
        deck: deck.name.clone(),
        claimable: claimable_count(deck, Some(side)),
        locations: deck.locations.len(),
    })
}

/// A table no game of which can end: `players` on the `side` of the deck named `deck`, of
/// whose `locations` only `claimable` can ever be claimed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "no game of {players} players on the {} side can end with the deck \"{deck}\": a game \
     ends when a stack of {players} cards runs out of claimed cards (S8), and only {claimable} \
     of its {locations} locations can ever be claimed on that side (`mars-attacks dice-game \
     cards` says why)",
    .side.name()
)]
pub struct CannotEnd {
    pub players: usize,
    pub side: Difficulty,
    pub deck: String,
    pub claimable: usize,
    pub locations: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{DifficultyCard, Kind, Run};

    fn city(name: &str, symbol: Symbol, nukes: u8) -> Location {
        Location::new(name, Kind::City, &[Run { symbol, count: 2 }], 1, nukes)
    }

    fn deck(cards: Vec<Location>, easy: u8, hard: u8) -> Deck {
        let mut d = Deck::new("test", cards);
        d.difficulty = DifficultyCard { easy, hard };
        d
    }

    #[test]
    fn a_nuke_space_needs_two_nuke_symbols_in_play_at_most() {
        // Difficulty 1 and no card with a Nuke symbol: one Nuke showing nukes.
        let d = deck(
            (0..8)
                .map(|i| city(&format!("c{i}"), Symbol::Nuke, 0))
                .collect(),
            1,
            1,
        );
        assert_eq!(
            never_claimed(&d, 0, None),
            Some(NeverClaimed::NukeSpaceNukes { most: 1 })
        );
        assert_eq!(claimable_count(&d, None), 0);
        assert!(!a_game_can_end(&d, 2, None));
        // One card with a Nuke symbol in the deck: in play beside another, two symbols,
        // so a roll with one Nuke showing is safe and the spaces fill over Turns.
        let mut cards: Vec<Location> = (0..7)
            .map(|i| city(&format!("c{i}"), Symbol::Nuke, 0))
            .collect();
        cards.push(city("n", Symbol::RayGun, 1));
        let d = deck(cards, 1, 1);
        assert_eq!(never_claimed(&d, 0, None), None);
        assert_eq!(claimable_count(&d, None), 8);
        // Ray Guns alone need only a roll that does not nuke: 0 Nukes showing against 1.
        let d = deck(
            (0..8)
                .map(|i| city(&format!("c{i}"), Symbol::RayGun, 0))
                .collect(),
            1,
            1,
        );
        assert_eq!(claimable_count(&d, None), 8);
    }

    #[test]
    fn with_no_nuke_symbol_anywhere_every_roll_nukes() {
        let d = deck(
            (0..8)
                .map(|i| city(&format!("c{i}"), Symbol::RayGun, 0))
                .collect(),
            0,
            0,
        );
        assert_eq!(
            never_claimed(&d, 3, None),
            Some(NeverClaimed::EveryRollNukes { most: 0 })
        );
        assert!(!a_game_can_end(&d, 2, None));
    }

    #[test]
    fn a_card_to_be_nuked_first_needs_a_roll_that_nukes() {
        // The smaller side shows 9 and the card 2: 11 symbols at the fewest, more than ten
        // dice; with the smaller side at 8, ten dice showing Nukes reach 10.
        let mut cards: Vec<Location> = (0..7)
            .map(|i| city(&format!("c{i}"), Symbol::RayGun, 0))
            .collect();
        cards.push(city("vegas", Symbol::RayGun, 2).with_rule(Rule::NukedFirst(2)));
        let d = deck(cards.clone(), 9, 10);
        assert_eq!(
            never_claimed(&d, 7, None),
            Some(NeverClaimed::NeverNuked { fewest: 11 })
        );
        assert_eq!(claimable_count(&d, None), 7);
        assert!(a_game_can_end(&d, 6, None) && !a_game_can_end(&d, 8, None));
        assert_eq!(never_claimed(&deck(cards, 8, 10), 7, None), None);
    }
}
