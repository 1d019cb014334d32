//! The keys of a layout file (`tables/takedown.toml`, format in `docs/takedown.md`): each
//! key's name, what it means, the kind of value it takes and its limits. The reader
//! ([`crate::layout_file`]) takes its key names and limits from here, and the JSON Schema
//! ([`crate::layout_schema`]) is written from here, so the two cannot disagree. Every key
//! is required: a layout file states every number it plays with.

/// One key of a table.
#[derive(Debug)]
pub struct Key {
    pub name: &'static str,
    /// What the key means, with its unit.
    pub doc: &'static str,
    pub kind: KeyKind,
}

/// The kind of value a key takes, with its limits.
#[derive(Debug)]
pub enum KeyKind {
    /// One line of text, not blank, of at most `max_chars` characters.
    Text { max_chars: usize },
    /// A number (integer or with a fraction) from `min` to `max`.
    Number { min: f64, max: f64 },
    /// A whole number from `min` to `max`.
    Int { min: i64, max: i64 },
    /// One of a few words.
    Word(&'static [&'static str]),
    /// An array of exactly `len` of the words.
    WordRow {
        words: &'static [&'static str],
        len: usize,
    },
    /// An array of `min` to `max` of the words.
    WordList {
        words: &'static [&'static str],
        min: usize,
        max: usize,
    },
    /// An array of exactly `len` numbers, each from `min` to `max`.
    NumberRow { min: f64, max: f64, len: usize },
    /// A table of fixed keys.
    Table(&'static KeyTable),
    /// An array of `min` to `max` tables of fixed keys.
    TableList {
        table: &'static KeyTable,
        min: usize,
        max: usize,
    },
}

/// A table with fixed keys, all required.
#[derive(Debug)]
pub struct KeyTable {
    pub doc: &'static str,
    pub keys: &'static [Key],
}

impl KeyTable {
    pub fn key(&self, name: &str) -> Option<&'static Key> {
        self.keys.iter().find(|k| k.name == name)
    }

    pub fn names(&self) -> Vec<&'static str> {
        self.keys.iter().map(|k| k.name).collect()
    }
}

/// The icon words (T1).
pub const ICONS: &[&str] = &["saucer", "insect", "robot"];
/// The side words (T4).
pub const SIDES: &[&str] = &["south", "west", "north", "east"];
/// The most targets a file may list.
pub const MAX_TARGETS: usize = 12;

const fn number(name: &'static str, doc: &'static str, min: f64, max: f64) -> Key {
    Key {
        name,
        doc,
        kind: KeyKind::Number { min, max },
    }
}

const fn int(name: &'static str, doc: &'static str, min: i64, max: i64) -> Key {
    Key {
        name,
        doc,
        kind: KeyKind::Int { min, max },
    }
}

const fn table(name: &'static str, doc: &'static str, t: &'static KeyTable) -> Key {
    Key {
        name,
        doc,
        kind: KeyKind::Table(t),
    }
}

// ----- the top level ---------------------------------------------------------------------

pub const ROOT: KeyTable = KeyTable {
    doc: "A table of Mars Attacks: Ten-Minute Takedown: the die, the pieces, the saucers, the \
          table and its layouts, the physics of a shot, the caps of the rules and the levels' \
          execution noise. Lengths in millimetres.",
    keys: &[
        Key {
            name: "name",
            doc: "The layout's name.",
            kind: KeyKind::Text { max_chars: 100 },
        },
        table("die", "The die (T1, T3).", &DIE),
        table("pieces", "A target's three pieces (T2, T3).", &PIECES),
        table("saucer", "A flying-saucer token (T3).", &SAUCER),
        Key {
            name: "targets",
            doc: "The targets in the box, each with its name and icon (T1).",
            kind: KeyKind::TableList {
                table: &TARGET,
                min: 1,
                max: MAX_TARGETS,
            },
        },
        table("table", "The table and the distances on it (T3).", &TABLE),
        Key {
            name: "layouts",
            doc: "One layout for each number of players, 2, 3 and 4 (T4).",
            kind: KeyKind::TableList {
                table: &PLAYER_LAYOUT,
                min: 1,
                max: 3,
            },
        },
        table("physics", "The physics of a shot.", &PHYSICS),
        table(
            "rules",
            "The caps that make every Turn and game end.",
            &RULES,
        ),
        table(
            "levels",
            "Each level's execution noise: how far a flick as executed strays from the \
             flick as aimed (T14).",
            &LEVELS,
        ),
    ],
};

// ----- the die and the pieces --------------------------------------------------------------

pub const DIE: KeyTable = KeyTable {
    doc: "The die.",
    keys: &[
        number("edge", "The die's edge, mm.", 5.0, 60.0),
        number("mass", "The die's mass, grams.", 0.5, 200.0),
        Key {
            name: "faces",
            doc: "The icon on each face, in the order of the die's own axes +x, -x, +y, -y, \
                  +z, -z (T1: two of each).",
            kind: KeyKind::WordRow {
                words: ICONS,
                len: 6,
            },
        },
    ],
};

pub const PIECES: KeyTable = KeyTable {
    doc: "A target's three nesting pieces.",
    keys: &[
        number(
            "thickness",
            "How thick every target piece and saucer token is, mm.",
            0.2,
            20.0,
        ),
        table("outer", "The outer ring.", &PIECE),
        table("middle", "The middle ring.", &PIECE),
        table("centre", "The centre disc.", &PIECE),
    ],
};

pub const PIECE: KeyTable = KeyTable {
    doc: "One kind of piece.",
    keys: &[
        number("across", "Its outer diameter, mm.", 2.0, 400.0),
        int("value", "Its points picture side up (T2).", 0, 100),
        int(
            "flipped",
            "Its points claimed with the matching icon, flipped to its solid side (T2).",
            0,
            100,
        ),
    ],
};

pub const SAUCER: KeyTable = KeyTable {
    doc: "A flying-saucer token.",
    keys: &[
        number("across", "The token's diameter, mm.", 10.0, 400.0),
        number(
            "space",
            "The diameter of its central space, where the die starts (T5), mm.",
            5.0,
            400.0,
        ),
    ],
};

pub const TARGET: KeyTable = KeyTable {
    doc: "A target in the box.",
    keys: &[
        Key {
            name: "name",
            doc: "The target's name, different for every target.",
            kind: KeyKind::Text { max_chars: 40 },
        },
        Key {
            name: "icon",
            doc: "The icon on its picture side.",
            kind: KeyKind::Word(ICONS),
        },
    ],
};

// ----- the table and its layouts -----------------------------------------------------------

pub const TABLE: KeyTable = KeyTable {
    doc: "The table; x runs east along its length, y north across its width, from its centre.",
    keys: &[
        number("length", "East to west, mm.", 200.0, 5000.0),
        number("width", "South to north, mm.", 200.0, 5000.0),
        number(
            "spacing",
            "Between neighbouring targets, edge to edge, mm (T3: one outer ring's width).",
            0.0,
            1000.0,
        ),
        number(
            "base_distance",
            "From the table's centre to a Base, mm; nearer where the table's edge comes \
             first (T3, T10).",
            0.0,
            5000.0,
        ),
    ],
};

pub const PLAYER_LAYOUT: KeyTable = KeyTable {
    doc: "The layout for one number of players.",
    keys: &[
        int("players", "The number of players it is for.", 2, 4),
        Key {
            name: "seats",
            doc: "Each seat's side of the table, in seat order; play passes to the left \
                  (T8), so each seat is the next clockwise seen from above: south, west, \
                  north, east.",
            kind: KeyKind::WordList {
                words: SIDES,
                min: 2,
                max: 4,
            },
        },
        Key {
            name: "targets",
            doc: "The targets in use (one more than the players, T1) and where each stands.",
            kind: KeyKind::TableList {
                table: &PLACED,
                min: 1,
                max: MAX_TARGETS,
            },
        },
    ],
};

pub const PLACED: KeyTable = KeyTable {
    doc: "A target in a layout.",
    keys: &[
        Key {
            name: "target",
            doc: "The name of a target of [[targets]].",
            kind: KeyKind::Text { max_chars: 40 },
        },
        Key {
            name: "at",
            doc: "[x, y] in pitches from the table's centre: a pitch is an outer ring's width \
                  plus the spacing, so targets one pitch apart stand the spacing apart edge \
                  to edge (T11).",
            kind: KeyKind::NumberRow {
                min: -20.0,
                max: 20.0,
                len: 2,
            },
        },
    ],
};

// ----- the physics -------------------------------------------------------------------------

pub const PHYSICS: KeyTable = KeyTable {
    doc: "The physics of a shot: the die a rigid cube on rapier3d, the table, the targets' \
          top pieces and the saucer tokens fixed.",
    keys: &[
        number("gravity", "mm/s².", 100.0, 100_000.0),
        int(
            "steps_per_second",
            "Fixed simulation steps a simulated second.",
            30,
            2000,
        ),
        int(
            "solver_iterations",
            "The contact solver's iterations a step.",
            1,
            16,
        ),
        table("table", "The die on the table.", &SURFACE),
        table(
            "pieces",
            "The die on a target piece or a saucer token.",
            &SURFACE,
        ),
        Key {
            name: "flick_speed",
            doc: "[at strength 0, at strength 1]: the die's speed as it is flicked, mm/s.",
            kind: KeyKind::NumberRow {
                min: 0.0,
                max: 20_000.0,
                len: 2,
            },
        },
        number(
            "tumble",
            "The die's forward roll at spin 1 (and backward at -1), rad/s.",
            0.0,
            500.0,
        ),
        number(
            "tilt",
            "The most the die leans as it is put in the saucer, degrees (from the shot's seed).",
            0.0,
            20.0,
        ),
        number(
            "yaw_spin",
            "The most it turns about the vertical as it is flicked, rad/s (from the seed).",
            0.0,
            200.0,
        ),
        number(
            "rest_speed",
            "The die is at rest while slower than this, mm/s, turning slower than rest_spin, for rest_steps steps in a row.",
            0.001,
            1000.0,
        ),
        number(
            "rest_spin",
            "The turning rate under which the die may be at rest, rad/s.",
            0.001,
            100.0,
        ),
        int(
            "rest_steps",
            "The steps in a row the die must be still to be at rest.",
            1,
            1000,
        ),
        number(
            "max_seconds",
            "A shot stops after this many simulated seconds, the die where it is.",
            0.1,
            60.0,
        ),
    ],
};

pub const SURFACE: KeyTable = KeyTable {
    doc: "The die against a surface.",
    keys: &[
        number(
            "friction",
            "The friction coefficient between them.",
            0.0,
            5.0,
        ),
        number("restitution", "The restitution between them.", 0.0, 1.0),
    ],
};

// ----- the rules' caps and the levels -------------------------------------------------------

pub const RULES: KeyTable = KeyTable {
    doc: "The caps that make every Turn and game end, and the least overlap that puts the die \
          on a piece.",
    keys: &[
        int(
            "max_retakes",
            "Shots retaken in one Turn (the die still on the shooter's saucer, T5) before the \
             Turn passes with nothing changed (T12).",
            0,
            100,
        ),
        number(
            "min_overlap",
            "The least area, mm², by which the die's footprint must overlap a piece to be on \
             it; less is touching its side (T16).",
            0.0,
            100.0,
        ),
        int(
            "max_shots",
            "Shots in a game before it stops, scored as it stands (T13).",
            1,
            100_000,
        ),
    ],
};

const NOISE_KEY: KeyKind = KeyKind::Table(&NOISE);

pub const LEVELS: KeyTable = KeyTable {
    doc: "Each level's execution noise.",
    keys: &[
        Key {
            name: "beginner",
            doc: "The beginner's noise.",
            kind: NOISE_KEY,
        },
        Key {
            name: "easy",
            doc: "The easy level's noise.",
            kind: NOISE_KEY,
        },
        Key {
            name: "normal",
            doc: "The normal level's noise.",
            kind: NOISE_KEY,
        },
        Key {
            name: "hard",
            doc: "The hard level's noise.",
            kind: NOISE_KEY,
        },
        Key {
            name: "expert",
            doc: "The expert's noise.",
            kind: NOISE_KEY,
        },
    ],
};

pub const NOISE: KeyTable = KeyTable {
    doc: "A level's execution noise: standard deviations of a normal distribution around the \
          flick as aimed.",
    keys: &[
        number("direction", "Of the direction, degrees.", 0.0, 90.0),
        number("strength", "Of the strength (0 to 1).", 0.0, 1.0),
    ],
};
