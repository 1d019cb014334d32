//! The keys of a scenario file (`docs/scenario-format.md`): names, meanings, kinds,
//! limits and defaults. The scenario reader checks files against these tables and the
//! scenario JSON Schema is written from them.

use super::{Default, Key, Kind, Table};
use crate::map::WallKind;
use crate::profile::Ability;
use crate::scenario::{DEFAULT_HAND_SIZE, MAX_MODELS};
use crate::square::{Edge, Side};

/// The VP target when a scenario does not set one ("The first side to earn 8 VPs
/// immediately wins the game", R25).
pub const DEFAULT_VP_TARGET: u16 = 8;

/// The longest profile key.
pub const MAX_PROFILE_KEY_CHARS: usize = 32;

/// The most counters of one kind in the pool.
const MAX_COUNTERS_OF_A_KIND: i64 = 64;

/// The highest Round a scenario may name (a Round limit, an entry Round).
const MAX_ROUNDS: i64 = 1000;

const SIDE_NAMES: &[&str] = &[Side::Humans.name(), Side::Martians.name()];
const EDGE_NAMES: &[&str] = &[
    Edge::North.name(),
    Edge::East.name(),
    Edge::South.name(),
    Edge::West.name(),
];

const ZONE: Kind = Kind::Shape {
    what: "A square, or a rectangle given by two opposite corners",
    pattern: "^\\s*[A-Ha-h]0*[1-8](\\s*-\\s*[A-Ha-h]0*[1-8])?\\s*$",
    examples: &["c4", "a7-h8"],
};

const SIDE_WORD: Kind = Kind::Word {
    words: SIDE_NAMES,
    any_case: true,
};

const EDGE_WORD: Kind = Kind::Word {
    words: EDGE_NAMES,
    any_case: true,
};

// ----- the top level ---------------------------------------------------------------------

pub const NAME: Key = Key {
    name: "name",
    doc: "The scenario's title.",
    value: Kind::Text {
        max_chars: 100,
        non_blank: true,
    },
    default: Default::Required,
};

pub const DESCRIPTION: Key = Key {
    name: "description",
    doc: "The briefing, shown to the players.",
    value: Kind::Text {
        max_chars: 10_000,
        non_blank: false,
    },
    default: Default::Str(""),
};

pub const FIRST_TURN: Key = Key {
    name: "first_turn",
    doc: "Who takes the first Turn of Round 1 (R13).",
    value: SIDE_WORD,
    default: Default::Required,
};

pub const VP_TARGET: Key = Key {
    name: "vp_target",
    doc: "The VP that wins at once (R25).",
    value: Kind::Int { min: 1, max: 1000 },
    default: Default::Int(DEFAULT_VP_TARGET as i64),
};

pub const ROUND_LIMIT: Key = Key {
    name: "round_limit",
    doc: "After this Round, more VP wins and equal VP is a draw (R25). Without it, no limit.",
    value: Kind::Int {
        min: 1,
        max: MAX_ROUNDS,
    },
    default: Default::Nothing,
};

pub const DEPLOY_FIRST: Key = Key {
    name: "deploy_first",
    doc: "Which side places its \"deploy\" models first (P4). Only sides with \"deploy\" \
          models deploy.",
    value: SIDE_WORD,
    default: Default::Described("the side not taking the first Turn"),
};

pub const DECK: Key = Key {
    name: "deck",
    doc: "The shared card deck (R19): \"core\" (the cards of cards/core.toml) or \"none\" \
          (no cards at all).",
    value: Kind::Word {
        words: &["core", "none"],
        any_case: true,
    },
    default: Default::Str("core"),
};

pub const HAND_SIZE: Key = Key {
    name: "hand_size",
    doc: "The hand each side is dealt and refills to at the end of each Round (R22).",
    value: Kind::Int { min: 0, max: 20 },
    default: Default::Int(DEFAULT_HAND_SIZE as i64),
};

pub const MAP: Key = Key {
    name: "map",
    doc: "The board: its walls and blockers.",
    value: Kind::Table(&MAP_TABLE),
    default: Default::Required,
};

pub const PROFILES: Key = Key {
    name: "profiles",
    doc: "Extra profiles, or replacements for the core ones (martian, soldier), one \
          [profiles.<key>] table each; models refer to them by key.",
    value: Kind::TableOf {
        key_doc: PROFILE_KEY_DOC,
        key_pattern: PROFILE_KEY_PATTERN,
        value: &Kind::Table(&PROFILE),
    },
    default: Default::Nothing,
};

pub const HUMANS: Key = Key {
    name: "humans",
    doc: "The Humans' force.",
    value: Kind::Table(&SIDE),
    default: Default::Required,
};

pub const MARTIANS: Key = Key {
    name: "martians",
    doc: "The Martians' force.",
    value: Kind::Table(&SIDE),
    default: Default::Required,
};

pub const COUNTERS: Key = Key {
    name: "counters",
    doc: "The hidden Critter and Alien Secret counters (R24).",
    value: Kind::Table(&COUNTERS_TABLE),
    default: Default::Described("no counters"),
};

pub const ROOT: Table = Table {
    doc: "A scenario.",
    keys: &[
        NAME,
        DESCRIPTION,
        FIRST_TURN,
        VP_TARGET,
        ROUND_LIMIT,
        DEPLOY_FIRST,
        DECK,
        HAND_SIZE,
        MAP,
        PROFILES,
        HUMANS,
        MARTIANS,
        COUNTERS,
    ],
};

/// A scenario file.
pub const FILE: Kind = Kind::Table(&ROOT);

// ----- [map] -----------------------------------------------------------------------------

pub const WALLS: Key = Key {
    name: "walls",
    doc: "The wall pieces on the edges between squares (R2).",
    value: Kind::List {
        item: &Kind::Table(&WALL),
        min_items: 0,
        max_items: None,
    },
    default: Default::Empty,
};

pub const BLOCKERS: Key = Key {
    name: "blockers",
    doc: "Squares that block sight and that no model may enter, deploy into or be placed \
          in (R10, P1).",
    value: Kind::List {
        item: &ZONE,
        min_items: 0,
        max_items: None,
    },
    default: Default::Empty,
};

pub const MAP_TABLE: Table = Table {
    doc: "The board: its walls and blockers.",
    keys: &[WALLS, BLOCKERS],
};

pub const WALL_EDGE: Key = Key {
    name: "edge",
    doc: "Where the piece goes: \"<square> <side>\" is one piece on that side of the \
          square; \"<square>-<square> <side>\" a straight run, one piece per square.",
    value: Kind::Shape {
        what: "A square or a straight run of squares, a space, and a side",
        pattern: "^\\s*[A-Ha-h]0*[1-8](-[A-Ha-h]0*[1-8])?\\s+\
                  ([Nn][Oo][Rr][Tt][Hh]|[Ee][Aa][Ss][Tt]|[Ss][Oo][Uu][Tt][Hh]|[Ww][Ee][Ss][Tt])\\s*$",
        examples: &["c3 north", "d3-f3 north"],
    },
    default: Default::Required,
};

pub const WALL_KIND: Key = Key {
    name: "kind",
    doc: "\"high\": solid, blocks movement and sight. \"low\": ruined, ignored for \
          movement, spoils a clear shot (R2, R5, R9).",
    value: Kind::Word {
        words: &[WallKind::High.name(), WallKind::Low.name()],
        any_case: true,
    },
    default: Default::Required,
};

pub const WALL: Table = Table {
    doc: "A wall piece, or a straight run of pieces.",
    keys: &[WALL_EDGE, WALL_KIND],
};

// ----- [profiles.<key>] ------------------------------------------------------------------

pub const PROFILE_KEY_DOC: &str =
    "A profile key: 1 to 32 lowercase letters, digits, '-' or '_' (the table name).";
/// What a profile key may be; [`MAX_PROFILE_KEY_CHARS`] is its length limit.
pub const PROFILE_KEY_PATTERN: &str = "^[a-z0-9_-]{1,32}$";

const fn die_value(name: &'static str, doc: &'static str) -> Key {
    Key {
        name,
        doc,
        value: Kind::Int { min: 2, max: 8 },
        default: Default::Required,
    }
}

pub const PROFILE_NAME: Key = Key {
    name: "name",
    doc: "The name shown to players.",
    value: Kind::Text {
        max_chars: 60,
        non_blank: true,
    },
    default: Default::Described("the profile's key"),
};

pub const SHOOT: Key = die_value(
    "shoot",
    "The Shoot value: each die must reach it (4 means 4+).",
);
pub const FIGHT: Key = die_value("fight", "The Fight value (4 means 4+).");
pub const SURVIVE: Key = die_value("survive", "The Survive value (4 means 4+).");

pub const RANGE: Key = Key {
    name: "range",
    doc: "The Range in squares (R8).",
    value: Kind::Int { min: 1, max: 16 },
    default: Default::Required,
};

pub const ABILITIES: Key = Key {
    name: "abilities",
    doc: "\"armoured\": Martian armour (R15); \"hero\": a unique character (R16).",
    value: Kind::List {
        item: &Kind::Word {
            words: &[Ability::ALL[0].name(), Ability::ALL[1].name()],
            any_case: false,
        },
        min_items: 0,
        max_items: None,
    },
    default: Default::Empty,
};

pub const PROFILE: Table = Table {
    doc: "A model profile.",
    keys: &[PROFILE_NAME, SHOOT, FIGHT, SURVIVE, RANGE, ABILITIES],
};

// ----- [humans] and [martians] -----------------------------------------------------------

pub const MODELS: Key = Key {
    name: "models",
    doc: "The side's models, numbered in file order (a side with no model has lost, R25).",
    value: Kind::List {
        item: &Kind::Table(&MODEL),
        min_items: 1,
        max_items: None,
    },
    default: Default::Required,
};

pub const DEPLOYMENT: Key = Key {
    name: "deployment",
    doc: "Where \"deploy\" models may be placed. Required when any model starts \"deploy\".",
    value: Kind::List {
        item: &ZONE,
        min_items: 0,
        max_items: None,
    },
    default: Default::Nothing,
};

pub const ENTRY: Key = Key {
    name: "entry",
    doc: "Where and when \"enter\" models come on (R6): one entry table, or an array of \
          them for several edges or waves, each model coming on by the one its `wave` \
          names. Required when any model starts \"enter\".",
    value: Kind::OneOrList(&ENTRY_TABLE),
    default: Default::Nothing,
};

pub const EXIT: Key = Key {
    name: "exit",
    doc: "The board edge this side's models may leave by (R6). Without it, leaving the \
          board is not allowed.",
    value: EDGE_WORD,
    default: Default::Nothing,
};

pub const VP: Key = Key {
    name: "vp",
    doc: "How this side scores.",
    value: Kind::Table(&VP_TABLE),
    default: Default::Described("every award 0"),
};

pub const SIDE_VP_TARGET: Key = Key {
    name: "vp_target",
    doc: "This side's own VP target: reaching it wins at once (R25), instead of the \
          scenario's vp_target.",
    value: Kind::Int { min: 1, max: 1000 },
    default: Default::Described("the scenario's vp_target"),
};

pub const HOLD: Key = Key {
    name: "hold",
    doc: "Zones this side scores for holding at the end of each Round: a model of the side \
          there and none of the other side's.",
    value: Kind::List {
        item: &Kind::Table(&HOLD_TABLE),
        min_items: 0,
        max_items: None,
    },
    default: Default::Empty,
};

pub const HOLD_ZONE: Key = Key {
    name: "zone",
    doc: "The squares to hold: a square or a rectangle.",
    value: ZONE,
    default: Default::Required,
};

pub const HOLD_VP: Key = Key {
    name: "vp",
    doc: "VP scored at the end of each Round the side holds the zone.",
    value: Kind::Int { min: 0, max: 1000 },
    default: Default::Int(1),
};

pub const HOLD_FROM: Key = Key {
    name: "from",
    doc: "The first Round at whose end the zone counts: it scores (and counts towards \
          win_after) only from this Round on (P31).",
    value: Kind::Int {
        min: 1,
        max: MAX_ROUNDS,
    },
    default: Default::Int(1),
};

pub const HOLD_UNTIL: Key = Key {
    name: "until",
    doc: "The last Round at whose end the zone counts (P31); not before from.",
    value: Kind::Int {
        min: 1,
        max: MAX_ROUNDS,
    },
    default: Default::Described("every Round from `from` on"),
};

/// The most Rounds running a zone may ask to be held.
pub const MAX_WIN_AFTER: i64 = 100;

pub const HOLD_WIN_AFTER: Key = Key {
    name: "win_after",
    doc: "Holding the zone alone at the end of this many Rounds in a row (of those it \
          counts in) wins the game at once (P31). Not more than the Rounds it counts in.",
    value: Kind::Int {
        min: 1,
        max: MAX_WIN_AFTER,
    },
    default: Default::Described("holding it never wins by itself"),
};

pub const HOLD_TABLE: Table = Table {
    doc: "A zone that scores for holding it.",
    keys: &[HOLD_ZONE, HOLD_VP, HOLD_FROM, HOLD_UNTIL, HOLD_WIN_AFTER],
};

pub const SURVIVE_TO: Key = Key {
    name: "survive_to",
    doc: "This side wins if one of its models is still on the board at the end of this \
          Round, whatever the VP; the game ends then. The other side can still win sooner \
          by its VP target or by leaving none of these models on the table (R25). Only one \
          side may have it, and not after round_limit.",
    value: Kind::Int {
        min: 1,
        max: MAX_ROUNDS,
    },
    default: Default::Nothing,
};

pub const SIDE: Table = Table {
    doc: "A side's force.",
    keys: &[
        MODELS,
        DEPLOYMENT,
        ENTRY,
        EXIT,
        VP,
        SIDE_VP_TARGET,
        HOLD,
        SURVIVE_TO,
    ],
};

pub const PROFILE_REF: Key = Key {
    name: "profile",
    doc: "A core profile (\"martian\", \"soldier\") or one of the scenario's [profiles].",
    value: Kind::Shape {
        what: "A profile key",
        pattern: PROFILE_KEY_PATTERN,
        examples: &["soldier", "martian"],
    },
    default: Default::Required,
};

pub const COUNT: Key = Key {
    name: "count",
    doc: "How many models of this kind.",
    value: Kind::Int {
        min: 1,
        max: MAX_MODELS as i64,
    },
    default: Default::Int(1),
};

pub const START: Key = Key {
    name: "start",
    doc: "\"deploy\": placed by the player in the side's deployment zone before Round 1. \
          \"enter\": off the board, coming on across the entry edge (R6). A square such as \
          \"c4\": fixed there by the scenario.",
    value: Kind::Shape {
        what: "\"deploy\", \"enter\" or a square",
        pattern: "^\\s*([Dd][Ee][Pp][Ll][Oo][Yy]|[Ee][Nn][Tt][Ee][Rr]|[A-Ha-h]0*[1-8])\\s*$",
        examples: &["deploy", "enter", "c4"],
    },
    default: Default::Required,
};

pub const MODEL_VP_KILLED: Key = Key {
    name: "vp_killed",
    doc: "VP the other side scores for killing one of these models, by shooting or in a \
          Fight, instead of its shoot_kill or fight_kill award (a VIP, R18).",
    value: Kind::Int { min: 0, max: 1000 },
    default: Default::Described("the other side's kill awards"),
};

pub const MODEL_VP_EXIT: Key = Key {
    name: "vp_exit",
    doc: "VP this side scores when one of these models leaves by its exit edge, instead \
          of the side's exit award (R6).",
    value: Kind::Int { min: 0, max: 1000 },
    default: Default::Described("the side's exit award"),
};

/// The most entries (edges and waves) a side may list.
pub const MAX_WAVES: i64 = crate::scenario::MAX_ENTRIES as i64;

pub const WAVE: Key = Key {
    name: "wave",
    doc: "For models that start \"enter\": which of the side's entry tables they come on \
          by, counting from 1 in file order.",
    value: Kind::Int {
        min: 1,
        max: MAX_WAVES,
    },
    default: Default::Int(1),
};

pub const MAY_EXIT: Key = Key {
    name: "may_exit",
    doc: "Whether these models may leave by the side's exit edge (R6). false holds them on \
          the board: the exit is never offered to them (P30).",
    value: Kind::Bool,
    default: Default::Bool(true),
};

pub const ENDS_GAME: Key = Key {
    name: "ends_game",
    doc: "Makes these key models: the death of one of them, whatever kills it, or its \
          leaving by the exit ends the game at once, won by the side named (P28, P29).",
    value: Kind::Table(&ENDS_GAME_TABLE),
    default: Default::Described("an ordinary model"),
};

pub const ENDS_GAME_DIES: Key = Key {
    name: "dies",
    doc: "The side that wins at once when one of these models dies, however: a Shoot, a \
          Fight, an Event, a card, the Bug, the cows (P28).",
    value: SIDE_WORD,
    default: Default::Described("its death ends nothing"),
};

pub const ENDS_GAME_EXITS: Key = Key {
    name: "exits",
    doc: "The side that wins at once when one of these models leaves by its side's exit \
          edge (P28).",
    value: SIDE_WORD,
    default: Default::Described("its leaving ends nothing"),
};

pub const ENDS_GAME_TABLE: Table = Table {
    doc: "What the death or the leaving of a key model does: the side that wins then.",
    keys: &[ENDS_GAME_DIES, ENDS_GAME_EXITS],
};

pub const MODEL: Table = Table {
    doc: "Models of one profile.",
    keys: &[
        PROFILE_REF,
        COUNT,
        START,
        MODEL_VP_KILLED,
        MODEL_VP_EXIT,
        WAVE,
        MAY_EXIT,
        ENDS_GAME,
    ],
};

pub const ENTRY_EDGE: Key = Key {
    name: "edge",
    doc: "The board edge the models step on across; the space beyond counts as one square \
          (R6).",
    value: EDGE_WORD,
    default: Default::Described(
        "the edge `squares` lie along; one of edge, squares or edges is required",
    ),
};

pub const ENTRY_SQUARES: Key = Key {
    name: "squares",
    doc: "Only these squares of the edge: the models step on at one of them (P32). A \
          square or a run along the edge, like \"a1-d1\".",
    value: ZONE,
    default: Default::Described("every square of the edge"),
};

pub const ENTRY_EDGES: Key = Key {
    name: "edges",
    doc: "The edge is drawn at random among these, each listed as likely as another, at \
          the start of the entry's first Round, and known to both sides from then on \
          (P33). At most 8; instead of edge.",
    value: Kind::List {
        item: &EDGE_WORD,
        min_items: 1,
        max_items: None,
    },
    default: Default::Nothing,
};

pub const ENTRY_ROUND: Key = Key {
    name: "round",
    doc: "The first Round in which they may come on (not after round_limit).",
    value: Kind::Int {
        min: 1,
        max: MAX_ROUNDS,
    },
    default: Default::Int(1),
};

pub const ENTRY_ROUNDS: Key = Key {
    name: "rounds",
    doc: "The Round they may come on from is drawn at random among these, each listed as \
          likely as another, at the start of the earliest, and known to both sides from \
          then on (P33). At most 8; instead of round.",
    value: Kind::List {
        item: &Kind::Int {
            min: 1,
            max: MAX_ROUNDS,
        },
        min_items: 1,
        max_items: None,
    },
    default: Default::Nothing,
};

pub const ENTRY_ANNOUNCE: Key = Key {
    name: "announce",
    doc: "With edges or rounds: how many Rounds before the entry's earliest Round the draw \
          is made, so both sides see where and when the models will come on that long \
          ahead (P33). 0 draws at the start of that Round; a draw that would fall before \
          Round 1 is made at set-up.",
    value: Kind::Int {
        min: 0,
        max: MAX_ROUNDS,
    },
    default: Default::Int(0),
};

pub const ENTRY_TABLE: Table = Table {
    doc: "Where and when a side's \"enter\" models come on.",
    keys: &[
        ENTRY_EDGE,
        ENTRY_SQUARES,
        ENTRY_EDGES,
        ENTRY_ROUND,
        ENTRY_ROUNDS,
        ENTRY_ANNOUNCE,
    ],
};

const fn award(name: &'static str, doc: &'static str) -> Key {
    Key {
        name,
        doc,
        value: Kind::Int { min: 0, max: 1000 },
        default: Default::Int(0),
    }
}

pub const VP_SHOOT_KILL: Key = award(
    "shoot_kill",
    "VP per enemy model killed by a Shoot test of this side (R18).",
);
pub const VP_FIGHT_KILL: Key = award("fight_kill", "VP per enemy model killed in a Fight (R18).");
pub const VP_COUNTER: Key = award(
    "counter",
    "VP per counter of this side's kind claimed (Humans: Alien Secrets; Martians: \
     Critters), after the first counters_free (R24, P2).",
);
pub const VP_COUNTERS_FREE: Key = award(
    "counters_free",
    "How many claimed counters score nothing (\"not counting the first\" is 1).",
);
pub const VP_EXIT: Key = award(
    "exit",
    "VP per own model that leaves across the side's exit edge.",
);

pub const VP_OBJECTIVE: Key = award(
    "objective",
    "VP per neutral objective counter this side claims (either side may claim one).",
);

pub const VP_TABLE: Table = Table {
    doc: "How a side scores.",
    keys: &[
        VP_SHOOT_KILL,
        VP_FIGHT_KILL,
        VP_COUNTER,
        VP_COUNTERS_FREE,
        VP_EXIT,
        VP_OBJECTIVE,
    ],
};

// ----- [counters] ------------------------------------------------------------------------

pub const CRITTERS: Key = Key {
    name: "critters",
    doc: "Critter counters in the pool.",
    value: Kind::Int {
        min: 0,
        max: MAX_COUNTERS_OF_A_KIND,
    },
    default: Default::Int(0),
};

pub const SECRETS: Key = Key {
    name: "secrets",
    doc: "Alien Secret counters in the pool.",
    value: Kind::Int {
        min: 0,
        max: MAX_COUNTERS_OF_A_KIND,
    },
    default: Default::Int(0),
};

pub const OBJECTIVES: Key = Key {
    name: "objectives",
    doc: "Neutral objective counters in the pool: hidden like the others, and when \
          revealed either side claims one by reaching it, for its own vp.objective award.",
    value: Kind::Int {
        min: 0,
        max: MAX_COUNTERS_OF_A_KIND,
    },
    default: Default::Int(0),
};

pub const PLACED: Key = Key {
    name: "placed",
    doc: "How many of the shuffled pool are placed face down at random (R1, R24); the \
          rest are set aside unseen. At most critters + secrets + objectives.",
    value: Kind::Int {
        min: 0,
        max: 3 * MAX_COUNTERS_OF_A_KIND,
    },
    default: Default::Described("critters + secrets + objectives"),
};

pub const COUNTER_ZONE: Key = Key {
    name: "zone",
    doc: "Where the counters are placed: a random square outside these zones is rolled \
          again, like one already holding a counter (R24). Without it, anywhere.",
    value: Kind::List {
        item: &ZONE,
        min_items: 1,
        max_items: None,
    },
    default: Default::Described("the whole board"),
};

pub const COUNTERS_TABLE: Table = Table {
    doc: "The hidden counters.",
    keys: &[CRITTERS, SECRETS, OBJECTIVES, PLACED, COUNTER_ZONE],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_profile_key_pattern_states_the_length_limit() {
        assert_eq!(
            PROFILE_KEY_PATTERN,
            format!("^[a-z0-9_-]{{1,{MAX_PROFILE_KEY_CHARS}}}$")
        );
    }
}
