//! The keys of a deck file (`cards/*.toml`, `docs/card-format.md`): the card list, the
//! halves and the Events, and each effect's parameters. The deck reader
//! (`rules::cards::load`) takes its key names and limits from here.

use super::{Default, Key, Kind, Table, Tagged, Variant};
use crate::cards::{MAX_CAP, MAX_CARDS};

/// What a card slug looks like: 1-40 lowercase letters, digits and hyphens, starting with
/// a letter and not ending with a hyphen. The reader also refuses slugs that read as a
/// square, a model or a word of action text.
const SLUG: Kind = Kind::Shape {
    what: "A card slug: 1-40 lowercase letters, digits and hyphens, starting with a letter",
    pattern: "^[a-z]([a-z0-9-]{0,38}[a-z0-9])?$",
    examples: &["heat-ray", "splat"],
};
const SLUG_PATTERN: &str = "^[a-z]([a-z0-9-]{0,38}[a-z0-9])?$";

// ----- the top level ---------------------------------------------------------------------

pub const NAME: Key = Key {
    name: "name",
    doc: "The deck's name.",
    value: Kind::Text {
        max_chars: 100,
        non_blank: true,
    },
    default: Default::Str("deck"),
};

pub const CARDS: Key = Key {
    name: "cards",
    doc: "The deck's physical cards in printed order: each names its two halves, or its \
          Event. Cards with the same halves are copies of one card.",
    value: Kind::List {
        item: &Kind::Table(&CARD),
        min_items: 1,
        max_items: None,
    },
    default: Default::Required,
};

pub const HALVES: Key = Key {
    name: "halves",
    doc: "The side halves, one table per half, named by its slug.",
    value: Kind::TableOf {
        key_doc: "The half's slug, as actions name it",
        key_pattern: SLUG_PATTERN,
        value: &Kind::Tagged(&HALF),
    },
    default: Default::Nothing,
};

pub const EVENTS: Key = Key {
    name: "events",
    doc: "The Events, one table per Event, named by its slug.",
    value: Kind::TableOf {
        key_doc: "The Event's slug, as actions name it",
        key_pattern: SLUG_PATTERN,
        value: &Kind::Tagged(&EVENT),
    },
    default: Default::Nothing,
};

/// A deck file.
pub const FILE: Kind = Kind::Table(&ROOT);

/// The top level of a deck file.
pub const ROOT: Table = Table {
    doc: "A deck of cards.",
    keys: &[NAME, CARDS, HALVES, EVENTS],
};

// ----- a card ----------------------------------------------------------------------------

pub const NUMBER: Key = Key {
    name: "number",
    doc: "The card's printed number, different for every card.",
    value: Kind::Int {
        min: 1,
        max: MAX_CARDS as i64,
    },
    default: Default::Required,
};

pub const CARD_MARTIANS: Key = Key {
    name: "martians",
    doc: "The slug of the card's Martian half (a [halves.<slug>] with side = \"martians\").",
    value: SLUG,
    default: Default::Nothing,
};

pub const CARD_HUMANS: Key = Key {
    name: "humans",
    doc: "The slug of the card's Human half (a [halves.<slug>] with side = \"humans\").",
    value: SLUG,
    default: Default::Nothing,
};

pub const CARD_EVENT: Key = Key {
    name: "event",
    doc: "The slug of the card's Event (an [events.<slug>]); an Event card has no halves.",
    value: SLUG,
    default: Default::Nothing,
};

/// One entry of `cards`.
pub const CARD: Table = Table {
    doc: "One physical card: its number and its halves, or its Event.",
    keys: &[NUMBER, CARD_MARTIANS, CARD_HUMANS, CARD_EVENT],
};

// ----- halves and Events -----------------------------------------------------------------

pub const SIDE: Key = Key {
    name: "side",
    doc: "The side that may use the half (R19).",
    value: Kind::Word {
        words: &["martians", "humans"],
        any_case: true,
    },
    default: Default::Required,
};

pub const CARD_NAME: Key = Key {
    name: "name",
    doc: "The card's name as printed.",
    value: Kind::Text {
        max_chars: 100,
        non_blank: true,
    },
    default: Default::Required,
};

/// The kinds a half may be; an Event's kind is implied.
pub const HALF_KINDS: &[&str] = &["response", "activation", "support"];

pub const KIND: Key = Key {
    name: "kind",
    doc: "When the half is played: in a response window, as an activation, or laid into a \
          Support set.",
    value: Kind::Word {
        words: HALF_KINDS,
        any_case: true,
    },
    default: Default::Required,
};

pub const TEXT: Key = Key {
    name: "text",
    doc: "The card's rules text as printed.",
    value: Kind::Text {
        max_chars: 2000,
        non_blank: false,
    },
    default: Default::Required,
};

/// The key whose value chooses an effect, and with it the other keys.
pub const EFFECT_KEY: &str = "effect";

// ----- effect parameters -----------------------------------------------------------------

pub const MODEL: Key = Key {
    name: "model",
    doc: "Whose model's roll gets the dice: the player's own or the enemy's.",
    value: Kind::Word {
        words: &["own", "enemy"],
        any_case: true,
    },
    default: Default::Required,
};

pub const ROLL_WORDS: &[&str] = &["shoot", "fight", "survive"];

pub const ROLLS: Key = Key {
    name: "rolls",
    doc: "The rolls of a test the dice may be added to, each listed once.",
    value: Kind::List {
        item: &Kind::Word {
            words: ROLL_WORDS,
            any_case: true,
        },
        min_items: 1,
        max_items: None,
    },
    default: Default::Required,
};

pub const TEST_DICE: Key = Key {
    name: "dice",
    doc: "Dice added to the roll (negative: removed); not 0.",
    value: Kind::Int { min: -3, max: 3 },
    default: Default::Required,
};

pub const MODELS: Key = Key {
    name: "models",
    doc: "How many enemy models are marked activated: one, or two in one square.",
    value: Kind::Int { min: 1, max: 2 },
    default: Default::Required,
};

pub const DICE: Key = Key {
    name: "dice",
    doc: "A number of dice.",
    value: Kind::Int { min: 1, max: 20 },
    default: Default::Required,
};

pub const VALUE: Key = Key {
    name: "value",
    doc: "The face each die must reach (4 means 4+).",
    value: Kind::Int { min: 2, max: 8 },
    default: Default::Required,
};

pub const AREA_WORDS: &[&str] = &["square", "3x3", "line"];

pub const AREA: Key = Key {
    name: "area",
    doc: "The squares covered: the square alone, the square and its 8 neighbours, or a \
          line of `length` squares from it.",
    value: Kind::Word {
        words: AREA_WORDS,
        any_case: true,
    },
    default: Default::Required,
};

pub const LENGTH: Key = Key {
    name: "length",
    doc: "The squares a \"line\" area covers (only for a line).",
    value: Kind::Int { min: 1, max: 8 },
    default: Default::Int(4),
};

pub const OUTCOME: Key = Key {
    name: "outcome",
    doc: "What failing the Survive roll does to a model.",
    value: Kind::Word {
        words: &["activated", "rattled"],
        any_case: true,
    },
    default: Default::Required,
};

pub const CAP: Key = Key {
    name: "cap",
    doc: "The most cards in the half's Support set (R21).",
    value: Kind::Int {
        min: 1,
        max: MAX_CAP as i64,
    },
    default: Default::Required,
};

pub const AIM_WORDS: &[&str] = &[
    "nothing",
    "line",
    "square",
    "line-direction",
    "square-direction",
    "random",
];

pub const LEVELS: Key = Key {
    name: "levels",
    doc: "How a set of 1, 2, ... cards is aimed when called: one entry per level, as many \
          as `cap` (R21). A line area is aimed with a direction.",
    value: Kind::List {
        item: &Kind::Word {
            words: AIM_WORDS,
            any_case: true,
        },
        min_items: 1,
        max_items: None,
    },
    default: Default::Required,
};

pub const TARGET: Key = Key {
    name: "target",
    doc: "How the Event's attack is aimed: a D8 for the row and one for the column.",
    value: Kind::Word {
        words: &["random"],
        any_case: true,
    },
    default: Default::Required,
};

pub const LANDINGS: Key = Key {
    name: "landings",
    doc: "How many squares the car lands in, two squares apart.",
    value: Kind::Int { min: 1, max: 8 },
    default: Default::Required,
};

pub const MOVES: Key = Key {
    name: "moves",
    doc: "How many squares the herd moves when drawn and every Round.",
    value: Kind::Int { min: 1, max: 8 },
    default: Default::Required,
};

pub const CIVILIANS: Key = Key {
    name: "table",
    doc: "How many Civilians for each face of a D8, 1 to 8.",
    value: Kind::Row {
        item: &Kind::Int { min: 0, max: 8 },
        len: 8,
    },
    default: Default::Required,
};

pub const SURVIVE_DICE: Key = Key {
    name: "survive_dice",
    doc: "The dice the Bug Survives Shooting with.",
    value: DICE.value,
    default: Default::Required,
};

pub const SURVIVE_VALUE: Key = Key {
    name: "survive_value",
    doc: "The face each of the Bug's Survive dice must reach.",
    value: VALUE.value,
    default: Default::Required,
};

/// The `kind` key of a half whose effect is for one kind of card only.
const fn kind_only(words: &'static [&'static str]) -> Key {
    Key {
        name: "kind",
        doc: "When the half is played; this effect is for this kind of card.",
        value: Kind::Word {
            words,
            any_case: true,
        },
        default: Default::Required,
    }
}

const RESPONSE: &[Key] = &[kind_only(&["response"])];
const ACTIVATION: &[Key] = &[kind_only(&["activation"])];
const SUPPORT: &[Key] = &[kind_only(&["support"])];

// ----- the two tagged tables -------------------------------------------------------------

/// A `[halves.<slug>]` table: the common keys, and each effect's parameters.
pub const HALF: Tagged = Tagged {
    doc: "One side's half of a card: who uses it, its kind, its printed name and text, and \
          its effect with the effect's parameters.",
    common: &[SIDE, CARD_NAME, KIND, TEXT],
    tag: EFFECT_KEY,
    tag_doc: "What the half does; each effect has its own parameters.",
    variants: &[
        Variant {
            value: "test-dice",
            keys: &[MODEL, ROLLS, TEST_DICE],
            narrows: RESPONSE,
        },
        Variant {
            value: "lucky-escape",
            keys: &[],
            narrows: RESPONSE,
        },
        Variant {
            value: "move-one",
            keys: &[],
            narrows: ACTIVATION,
        },
        Variant {
            value: "distract",
            keys: &[MODELS],
            narrows: ACTIVATION,
        },
        Variant {
            value: "reinforce",
            keys: &[],
            narrows: ACTIVATION,
        },
        Variant {
            value: "jam",
            keys: &[],
            narrows: ACTIVATION,
        },
        Variant {
            value: "mind-control",
            keys: &[],
            narrows: ACTIVATION,
        },
        Variant {
            value: "shoot-area",
            keys: &[DICE, VALUE, AREA, LENGTH, CAP, LEVELS],
            narrows: SUPPORT,
        },
        Variant {
            value: "survive-area",
            keys: &[OUTCOME, AREA, LENGTH, CAP, LEVELS],
            narrows: SUPPORT,
        },
    ],
};

/// An `[events.<slug>]` table.
pub const EVENT: Tagged = Tagged {
    doc: "An Event card: its printed name and text, and its effect with the effect's \
          parameters.",
    common: &[CARD_NAME, TEXT],
    tag: EFFECT_KEY,
    tag_doc: "What the Event does; each effect has its own parameters.",
    variants: &[
        Variant {
            value: "shoot-area",
            keys: &[DICE, VALUE, AREA, LENGTH, TARGET],
            narrows: &[],
        },
        Variant {
            value: "survive-area",
            keys: &[OUTCOME, AREA, LENGTH, TARGET],
            narrows: &[],
        },
        Variant {
            value: "flying-car",
            keys: &[DICE, VALUE, LANDINGS],
            narrows: &[],
        },
        Variant {
            value: "burning-cows",
            keys: &[MOVES, DICE, VALUE],
            narrows: &[],
        },
        Variant {
            value: "civilians",
            keys: &[CIVILIANS],
            narrows: &[],
        },
        Variant {
            value: "bug",
            keys: &[DICE, VALUE, SURVIVE_DICE, SURVIVE_VALUE],
            narrows: &[],
        },
    ],
};
