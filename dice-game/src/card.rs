//! The cards (S2): 29 locations, cities and monuments, and the two-sided difficulty card.
//! What a printed card says is data ([`Location`]): its kind, the symbols in its numbered
//! spaces, its VP, the Nuke symbols in its lower-right corner and its special rule from a
//! small vocabulary ([`Rule`]). The deck file format that writes them down is read by the
//! `mars-attacks` crate (`docs/dice-game-cards.md`).

use std::fmt;

use crate::dice::{Symbol, Tally};
use crate::error::UnknownDifficulty;

/// The most numbered spaces a card may have (cities have 3 to 12, S2).
pub const MAX_SPACES: u8 = 20;
/// The most Nuke symbols in a card's lower-right corner (S2).
pub const MAX_CARD_NUKES: u8 = 2;
/// The most locations a deck may hold (the box holds 29, S2).
pub const MAX_LOCATIONS: usize = 64;
/// Locations in the printed game (S2).
pub const PRINTED_LOCATIONS: usize = 29;

/// What kind of location a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    City,
    Monument,
}

impl Kind {
    pub const fn name(self) -> &'static str {
        match self {
            Kind::City => "city",
            Kind::Monument => "monument",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A run of numbered spaces showing one symbol: `count` spaces in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    pub symbol: Symbol,
    pub count: u8,
}

/// When a special rule acts (S7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Outlined in red: acts while the card is in play.
    Red,
    /// Outlined in green, ONGOING: acts for the player who claimed the card.
    Green,
}

/// A card's special rule: the vocabulary a deck file may use (S2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Red (Indianapolis): claiming the card gives its claimer another Turn at once.
    ExtraTurn,
    /// Green, ongoing (Seattle): before the first roll of each Turn, the owner may set this
    /// many dice to any symbols; they count as rolled (P26).
    SetDice(u8),
    /// Red (Las Vegas): the card must have been nuked this many times, by players
    /// targeting it, before it can be claimed (P25).
    NukedFirst(u8),
}

impl Rule {
    /// The names of the rules in deck files, in the order of [`Rule::name`].
    pub const NAMES: [&'static str; 3] = ["extra-turn", "set-dice", "nuked-first"];

    pub const fn name(self) -> &'static str {
        match self {
            Rule::ExtraTurn => "extra-turn",
            Rule::SetDice(_) => "set-dice",
            Rule::NukedFirst(_) => "nuked-first",
        }
    }

    pub const fn colour(self) -> Colour {
        match self {
            Rule::SetDice(_) => Colour::Green,
            Rule::ExtraTurn | Rule::NukedFirst(_) => Colour::Red,
        }
    }

    /// What the rule does, in plain words.
    pub fn describe(self) -> String {
        match self {
            Rule::ExtraTurn => "Claim this card and take another Turn at once.".into(),
            Rule::SetDice(1) => "ONGOING: before you roll, set one die to any symbol; it \
                                 counts as rolled."
                .into(),
            Rule::SetDice(n) => format!(
                "ONGOING: before you roll, set {n} dice to any symbols; they count as rolled."
            ),
            Rule::NukedFirst(1) => {
                "It must be nuked once, by a player attacking it, before it can be claimed.".into()
            }
            Rule::NukedFirst(n) => format!(
                "It must be nuked {n} times, by players attacking it, before it can be claimed."
            ),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::ExtraTurn => f.write_str("extra-turn"),
            Rule::SetDice(n) => write!(f, "set-dice {n}"),
            Rule::NukedFirst(n) => write!(f, "nuked-first {n}"),
        }
    }
}

/// A location card as printed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    pub name: String,
    pub kind: Kind,
    /// The numbered spaces, first to last, as runs of one symbol.
    pub spaces: Vec<Run>,
    pub vp: u8,
    /// Nuke symbols in the lower-right corner (S4).
    pub nukes: u8,
    pub rule: Option<Rule>,
    /// The special rule's words as printed (empty: [`Rule::describe`] stands in).
    pub rule_text: String,
    /// The symbol of each numbered space, space 1 first.
    track: Vec<Symbol>,
}

impl Location {
    /// A card; `spaces` must hold 1 to [`MAX_SPACES`] spaces in all (the deck reader checks
    /// what a file says before it gets here).
    pub fn new(name: &str, kind: Kind, spaces: &[Run], vp: u8, nukes: u8) -> Location {
        let track: Vec<Symbol> = spaces
            .iter()
            .flat_map(|r| std::iter::repeat_n(r.symbol, usize::from(r.count)))
            .collect();
        assert!(
            !track.is_empty() && track.len() <= usize::from(MAX_SPACES),
            "{name}: 1 to {MAX_SPACES} numbered spaces"
        );
        Location {
            name: name.to_string(),
            kind,
            spaces: spaces.to_vec(),
            vp,
            nukes,
            rule: None,
            rule_text: String::new(),
            track,
        }
    }

    /// A city needing `n` of `symbol`.
    pub fn city(name: &str, symbol: Symbol, n: u8, vp: u8, nukes: u8) -> Location {
        Location::new(name, Kind::City, &[Run { symbol, count: n }], vp, nukes)
    }

    /// A monument needing `n` Martians.
    pub fn monument(name: &str, n: u8, vp: u8, nukes: u8) -> Location {
        Location::new(
            name,
            Kind::Monument,
            &[Run {
                symbol: Symbol::Martian,
                count: n,
            }],
            vp,
            nukes,
        )
    }

    /// The same card with a special rule.
    pub fn with_rule(mut self, rule: Rule) -> Location {
        self.rule = Some(rule);
        self
    }

    /// The highest numbered space: what claiming the card needs.
    pub fn requirement(&self) -> u8 {
        self.track.len() as u8
    }

    /// The symbol of numbered space `n` (1-based).
    pub fn symbol_at(&self, n: u8) -> Symbol {
        self.track[usize::from(n) - 1]
    }

    /// The symbols of the spaces after `covered`, in order.
    pub fn track_after(&self, covered: u8) -> &[Symbol] {
        &self.track[usize::from(covered.min(self.requirement()))..]
    }

    /// Whether Martians count toward this card: every monument, and any card with a
    /// Martian in its spaces. They are then not re-rolled, and a Turn on it is one roll
    /// (S5, P24).
    pub fn one_roll(&self) -> bool {
        self.kind == Kind::Monument || self.track.contains(&Symbol::Martian)
    }

    /// The space reached from `covered` by the dice `showing` (P23): the spaces after
    /// `covered` are filled in order, each by one die showing its symbol, until a space
    /// finds no die left for it or the last space is filled. Nukes in the spaces count here
    /// and toward being nuked alike (S4).
    pub fn reach(&self, covered: u8, showing: Tally) -> u8 {
        let mut left = showing;
        let mut at = covered.min(self.requirement());
        for s in self.track_after(at) {
            if left.get(*s) == 0 {
                break;
            }
            left.0[s.index()] -= 1;
            at += 1;
        }
        at
    }

    /// The special rule in words: as printed, or as [`Rule::describe`] says it.
    pub fn rule_words(&self) -> Option<String> {
        self.rule.map(|r| {
            if self.rule_text.is_empty() {
                r.describe()
            } else {
                self.rule_text.clone()
            }
        })
    }

    /// `5 Ray Guns`, `4 Ray Guns then 2 Nukes`.
    pub fn needs(&self) -> String {
        let parts: Vec<String> = self
            .spaces
            .iter()
            .map(|r| format!("{} {}", r.count, r.symbol.words(r.count)))
            .collect();
        parts.join(" then ")
    }
}

/// The two-sided difficulty card: the Nuke symbols on each side (S2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DifficultyCard {
    /// The side for the easier game (2 Nukes on the printed card).
    pub easy: u8,
    /// The side for the harder game (1 Nuke).
    pub hard: u8,
}

impl Default for DifficultyCard {
    fn default() -> Self {
        DifficultyCard { easy: 2, hard: 1 }
    }
}

/// Which side of the difficulty card is up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Difficulty {
    #[default]
    Easy,
    Hard,
}

impl Difficulty {
    pub const fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Hard => "hard",
        }
    }
}

impl std::str::FromStr for Difficulty {
    type Err = UnknownDifficulty;
    fn from_str(s: &str) -> Result<Difficulty, UnknownDifficulty> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Difficulty::Easy),
            "hard" => Ok(Difficulty::Hard),
            _ => Err(UnknownDifficulty(s.to_string())),
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A deck: the locations and the difficulty card.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deck {
    pub name: String,
    pub locations: Vec<Location>,
    pub difficulty: DifficultyCard,
}

impl Deck {
    /// A deck of `locations` (at most [`MAX_LOCATIONS`]) with the printed difficulty card.
    pub fn new(name: &str, locations: Vec<Location>) -> Deck {
        assert!(locations.len() <= MAX_LOCATIONS);
        Deck {
            name: name.to_string(),
            locations,
            difficulty: DifficultyCard::default(),
        }
    }

    /// The Nuke symbols the difficulty card shows on `side`.
    pub fn difficulty_nukes(&self, side: Difficulty) -> u8 {
        match side {
            Difficulty::Easy => self.difficulty.easy,
            Difficulty::Hard => self.difficulty.hard,
        }
    }

    /// The most players the deck deals four stacks for (a stack a card a player, S3).
    pub fn max_players(&self) -> usize {
        self.locations.len() / 4
    }

    /// The location called `name` (any case), by its index.
    pub fn find(&self, name: &str) -> Option<usize> {
        let n = name.trim().to_lowercase();
        self.locations
            .iter()
            .position(|l| l.name.to_lowercase() == n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Symbol::*;

    #[test]
    fn spaces_fill_in_order_from_the_token() {
        let c = Location::new(
            "Cleveland",
            Kind::City,
            &[
                Run {
                    symbol: RayGun,
                    count: 4,
                },
                Run {
                    symbol: Nuke,
                    count: 2,
                },
            ],
            3,
            1,
        );
        assert_eq!(c.requirement(), 6);
        assert_eq!(c.needs(), "4 Ray Guns then 2 Nukes");
        // Three Ray Guns fill spaces 1-3; the Nukes wait for space 4 (P23).
        assert_eq!(c.reach(0, Tally::new(5, 3, 2)), 3);
        assert_eq!(c.reach(0, Tally::new(2, 4, 2)), 6);
        assert_eq!(c.reach(0, Tally::new(2, 6, 1)), 5);
        // From a token on space 3: one Ray Gun, then the Nukes.
        assert_eq!(c.reach(3, Tally::new(0, 1, 1)), 5);
        assert_eq!(c.reach(4, Tally::new(0, 0, 9)), 6);
        assert!(!c.one_roll());
        assert!(Location::monument("Mount Rushmore", 6, 5, 0).one_roll());
        assert_eq!(
            Location::city("Dallas", RayGun, 7, 3, 2).reach(2, Tally::new(1, 9, 0)),
            7
        );
    }
}
