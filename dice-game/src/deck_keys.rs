//! The keys of a deck file for Mars Attacks: The Dice Game (`cards/dice-game.toml`,
//! `docs/dice-game.md`): the deck's name, the difficulty card's two sides, and each location
//! card as printed (S2). The reader ([`crate::deck_file`]) takes its key names and limits from
//! here.

use file_check::schema::{Default, Key, Kind, Table};

use crate::card::{MAX_CARD_NUKES, MAX_SPACES};
use crate::dice::DICE;

/// The most VP a location may score.
pub const MAX_VP: i64 = 20;
/// The most times a card may have to be nuked before it can be claimed, or dice a rule
/// may set.
pub const MAX_RULE_COUNT: i64 = DICE as i64;

pub const NAME: Key = Key {
    name: "name",
    doc: "The deck's name.",
    value: Kind::Text {
        max_chars: 100,
        non_blank: true,
    },
    default: Default::Str("dice-game deck"),
};

pub const DIFFICULTY: Key = Key {
    name: "difficulty",
    doc: "The two-sided difficulty card: the Nuke symbols on each side (S2).",
    value: Kind::Table(&DIFFICULTY_CARD),
    default: Default::Described("2 Nukes on the easy side, 1 on the hard side"),
};

pub const LOCATIONS: Key = Key {
    name: "locations",
    doc: "The location cards, cities and monuments: four stacks of as many cards as players \
          are dealt from them (S3), so 8 cards play 2 players and 24 play 6.",
    value: Kind::List {
        item: &Kind::Table(&LOCATION),
        min_items: 8,
        max_items: Some(crate::card::MAX_LOCATIONS),
    },
    default: Default::Required,
};

/// A deck file.
pub const FILE: Kind = Kind::Table(&ROOT);

/// The top level of a deck file.
pub const ROOT: Table = Table {
    doc: "A deck of Mars Attacks: The Dice Game.",
    keys: &[NAME, DIFFICULTY, LOCATIONS],
};

// ----- the difficulty card ---------------------------------------------------------------

const SIDE_NUKES: Kind = Kind::Int { min: 0, max: 10 };

pub const EASY: Key = Key {
    name: "easy",
    doc: "Nuke symbols on the side for the easier game.",
    value: SIDE_NUKES,
    default: Default::Int(2),
};

pub const HARD: Key = Key {
    name: "hard",
    doc: "Nuke symbols on the side for the harder game.",
    value: SIDE_NUKES,
    default: Default::Int(1),
};

pub const DIFFICULTY_CARD: Table = Table {
    doc: "The difficulty card, in play all game: the Nuke symbols on each side.",
    keys: &[EASY, HARD],
};

// ----- a location ------------------------------------------------------------------------

pub const LOCATION_NAME: Key = Key {
    name: "name",
    doc: "The location's name, as printed; different for every card.",
    value: Kind::Text {
        max_chars: 40,
        non_blank: true,
    },
    default: Default::Required,
};

pub const KIND: Key = Key {
    name: "kind",
    doc: "A city, or a monument (Martians count toward it and are not re-rolled: one roll \
          a Turn, S5).",
    value: Kind::Word {
        words: &["city", "monument"],
        any_case: true,
    },
    default: Default::Required,
};

pub const SPACES: Key = Key {
    name: "spaces",
    doc: "The numbered spaces, first to last, as runs of spaces showing one symbol; the \
          last space is what claiming the card needs.",
    value: Kind::List {
        item: &Kind::Table(&RUN),
        min_items: 1,
        max_items: None,
    },
    default: Default::Required,
};

pub const VP: Key = Key {
    name: "vp",
    doc: "The victory points the card scores.",
    value: Kind::Int {
        min: 0,
        max: MAX_VP,
    },
    default: Default::Required,
};

pub const NUKES: Key = Key {
    name: "nukes",
    doc: "The Nuke symbols in the card's lower-right corner (S4).",
    value: Kind::Int {
        min: 0,
        max: MAX_CARD_NUKES as i64,
    },
    default: Default::Int(0),
};

pub const RULE: Key = Key {
    name: "rule",
    doc: "The card's special rule, if it has one.",
    value: Kind::Table(&SPECIAL),
    default: Default::Nothing,
};

pub const LOCATION: Table = Table {
    doc: "One location card as printed.",
    keys: &[LOCATION_NAME, KIND, SPACES, VP, NUKES, RULE],
};

pub const SYMBOL: Key = Key {
    name: "symbol",
    doc: "The symbol the spaces show.",
    value: Kind::Word {
        words: &["ray-gun", "martian", "nuke"],
        any_case: true,
    },
    default: Default::Required,
};

pub const COUNT: Key = Key {
    name: "count",
    doc: "How many spaces in a row show it.",
    value: Kind::Int {
        min: 1,
        max: MAX_SPACES as i64,
    },
    default: Default::Required,
};

pub const RUN: Table = Table {
    doc: "Numbered spaces in a row showing one symbol.",
    keys: &[SYMBOL, COUNT],
};

pub const RULE_KIND: Key = Key {
    name: "kind",
    doc: "extra-turn (red: claiming the card gives another Turn at once), set-dice (green, \
          ongoing: before rolling, set `count` dice to any symbols) or nuked-first (red: the \
          card must be nuked `count` times while targeted before it can be claimed).",
    value: Kind::Word {
        words: &["extra-turn", "set-dice", "nuked-first"],
        any_case: true,
    },
    default: Default::Required,
};

pub const RULE_COUNT: Key = Key {
    name: "count",
    doc: "The dice set-dice sets, or the times nuked-first needs.",
    value: Kind::Int {
        min: 1,
        max: MAX_RULE_COUNT,
    },
    default: Default::Int(1),
};

pub const RULE_TEXT: Key = Key {
    name: "text",
    doc: "The rule's words as printed, shown at the table.",
    value: Kind::Text {
        max_chars: 300,
        non_blank: true,
    },
    default: Default::Nothing,
};

pub const SPECIAL: Table = Table {
    doc: "A special rule from the vocabulary the engine plays (S2, S7).",
    keys: &[RULE_KIND, RULE_COUNT, RULE_TEXT],
};
