//! Names of card halves ([`CardId`], interned process-wide) and of physical cards as a
//! player names them ([`Card`]).

use std::fmt;
use std::str::FromStr;
use std::sync::{OnceLock, RwLock};

use super::core_deck;
use crate::scenario_file::did_you_mean;

/// The most half slugs the process interns (ids are `u8`).
pub(super) const MAX_SLUGS: usize = 255;

/// A card half (one side's effect, or an Event), by its process-wide interned slug
/// (`heat-ray`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct CardId(pub u8);

fn slugs() -> &'static RwLock<Vec<&'static str>> {
    static SLUGS: OnceLock<RwLock<Vec<&'static str>>> = OnceLock::new();
    SLUGS.get_or_init(|| RwLock::new(Vec::new()))
}

/// The id of `slug`, interning it if it is new. `None` when the interner is full.
pub fn intern(slug: &str) -> Option<CardId> {
    if let Some(id) = lookup(slug) {
        return Some(id);
    }
    let mut v = slugs().write().unwrap_or_else(|e| e.into_inner());
    if let Some(i) = v.iter().position(|s| *s == slug) {
        return Some(CardId(i as u8));
    }
    if v.len() >= MAX_SLUGS {
        return None;
    }
    v.push(Box::leak(slug.to_string().into_boxed_str()));
    Some(CardId((v.len() - 1) as u8))
}

/// The id of an already interned slug.
pub fn lookup(slug: &str) -> Option<CardId> {
    let v = slugs().read().unwrap_or_else(|e| e.into_inner());
    v.iter().position(|s| *s == slug).map(|i| CardId(i as u8))
}

impl CardId {
    /// The slug this id stands for.
    pub fn slug(self) -> &'static str {
        let v = slugs().read().unwrap_or_else(|e| e.into_inner());
        v.get(self.0 as usize).copied().unwrap_or("unknown-card")
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// A word that names no card half of any loaded deck: the word (trimmed, lower-cased) and
/// the nearest slug offered instead, if one is near (`; did you mean ...?`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{slug}` is not a card of any loaded deck{hint}")]
pub struct CardError {
    pub slug: String,
    pub hint: String,
}

impl FromStr for CardId {
    type Err = CardError;
    fn from_str(s: &str) -> Result<CardId, CardError> {
        // The core deck's slugs are always known.
        let _ = core_deck();
        let s = s.trim().to_ascii_lowercase();
        lookup(&s).ok_or_else(|| {
            let v = slugs().read().unwrap_or_else(|e| e.into_inner());
            CardError {
                hint: did_you_mean(&s, v.iter().copied()),
                slug: s,
            }
        })
    }
}

/// A physical card as the player who holds (or draws, or lays) it names it: the half that
/// player uses, and the half printed on the other side (none for an Event or a one-sided
/// card). Written `splat/heat-ray`, or `flying-car`. Copies of one design are one `Card`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Card {
    /// The half its player uses (R19).
    pub half: CardId,
    /// The other side's half: printed on the card, of no use to this player.
    pub back: Option<CardId>,
}

impl Card {
    pub const fn new(half: CardId, back: Option<CardId>) -> Card {
        Card { half, back }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.back {
            Some(b) => write!(f, "{}/{b}", self.half),
            None => write!(f, "{}", self.half),
        }
    }
}

impl FromStr for Card {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Card, CardError> {
        match s.split_once('/') {
            Some((half, back)) => Ok(Card {
                half: half.parse()?,
                back: Some(back.parse()?),
            }),
            None => Ok(Card {
                half: s.parse()?,
                back: None,
            }),
        }
    }
}
