//! The raw scenario file: every value as written, typed and checked on its own, with its
//! place in the file, before the file is checked as a whole.

use std::ops::Range;
use std::sync::Arc;

use crate::bitboard::Bitboard;
use crate::map::WallKind;
use crate::profile::Profile;
use crate::scenario::{Start, VpAwards};
use crate::square::{Edge, Side, Square};

pub(super) use file_check::value::Sp;

/// An optional key: absent (the default applies), present but wrong (already reported),
/// or given.
#[derive(Clone, Debug)]
pub(super) enum Field<T> {
    Absent,
    Invalid,
    Given(T),
}

impl<T> Field<T> {
    pub(super) fn given(&self) -> Option<&T> {
        match self {
            Field::Given(v) => Some(v),
            _ => None,
        }
    }

    pub(super) fn is_invalid(&self) -> bool {
        matches!(self, Field::Invalid)
    }

    pub(super) fn from_option(v: Option<T>) -> Field<T> {
        v.map_or(Field::Invalid, Field::Given)
    }
}

/// A scenario file as written: every value typed and checked on its own, not yet
/// against the rest of the file.
#[derive(Debug)]
pub(super) struct ScenarioFile {
    pub(super) name: Field<String>,
    pub(super) description: Field<String>,
    pub(super) first_turn: Field<Sp<Side>>,
    pub(super) vp_target: Field<u16>,
    pub(super) round_limit: Field<Sp<u16>>,
    pub(super) deploy_first: Field<Sp<Side>>,
    pub(super) map: Field<MapFile>,
    /// `[profiles.<key>]` tables in file order; `None` when the table had errors.
    pub(super) profiles: Vec<(Sp<String>, Option<Profile>)>,
    pub(super) profiles_invalid: bool,
    pub(super) sides: [Field<SideFile>; 2],
    pub(super) counters: Field<CountersFile>,
    /// The card deck (R19): the core deck, or none.
    pub(super) deck: Field<Arc<crate::cards::Deck>>,
    /// The hand size (R22).
    pub(super) hand_size: Field<u8>,
}

#[derive(Debug)]
pub(super) struct MapFile {
    pub(super) span: Range<usize>,
    pub(super) walls: Field<Vec<WallFile>>,
    pub(super) blockers: Field<Vec<ZoneFile>>,
}

#[derive(Debug)]
pub(super) struct WallFile {
    pub(super) path: String,
    /// The `edge` string and its span; `pieces` is `None` when it did not parse.
    pub(super) edge: Option<Sp<String>>,
    pub(super) pieces: Option<Vec<(Square, Edge)>>,
    pub(super) kind: Option<WallKind>,
}

/// A square or rectangle of squares, as written.
#[derive(Debug)]
pub(super) struct ZoneFile {
    pub(super) path: String,
    pub(super) text: String,
    pub(super) span: Range<usize>,
    pub(super) squares: Option<Bitboard>,
}

#[derive(Debug)]
pub(super) struct SideFile {
    pub(super) side: Side,
    pub(super) span: Range<usize>,
    pub(super) models: Field<Sp<Vec<ModelFile>>>,
    pub(super) deployment: Field<Sp<Vec<ZoneFile>>>,
    /// The side's entries in file order (one when `entry` is a single table).
    pub(super) entry: Field<Vec<EntryFile>>,
    pub(super) exit: Field<Sp<Edge>>,
    pub(super) vp: VpAwards,
    pub(super) vp_spans: VpSpans,
    /// The side's own VP target.
    pub(super) vp_target: Field<u16>,
    /// Zones that score for holding them (each read on its own; errors reported).
    pub(super) hold: Vec<crate::scenario::Hold>,
    /// Each of `hold`'s zones as written: its path (`humans.hold[0]`) and its table's span.
    pub(super) hold_spans: Vec<(String, Range<usize>)>,
    /// Where each of `hold`'s `from`, `until` and `win_after` is written, when it is.
    pub(super) hold_keys: Vec<HoldKeySpans>,
    /// The Round this side wins by surviving to.
    pub(super) survive_to: Field<Sp<u16>>,
}

#[derive(Debug, Default)]
pub(super) struct VpSpans {
    pub(super) counter: Option<Range<usize>>,
    pub(super) exit: Option<Range<usize>>,
    pub(super) objective: Option<Range<usize>>,
}

#[derive(Debug)]
pub(super) struct ModelFile {
    pub(super) path: String,
    pub(super) span: Range<usize>,
    pub(super) profile: Option<Sp<String>>,
    pub(super) count: Field<u16>,
    pub(super) start: Option<Sp<Start>>,
    /// VP for killing one of these models.
    pub(super) vp_killed: Field<u16>,
    /// VP for one of these models leaving by the exit.
    pub(super) vp_exit: Field<u16>,
    /// Which of the side's entries they come on by (1-based, as written).
    pub(super) wave: Field<Sp<u16>>,
    /// May they leave by the exit (P30)?
    pub(super) may_exit: Field<Sp<bool>>,
    /// What their death or leaving ends (P28).
    pub(super) ends_game: Field<EndsGameFile>,
}

/// A model entry's `ends_game` table as written.
#[derive(Debug)]
pub(super) struct EndsGameFile {
    pub(super) path: String,
    pub(super) dies: Option<Sp<Side>>,
    pub(super) exits: Option<Sp<Side>>,
}

/// Where a hold table's Round keys are written.
#[derive(Debug, Default)]
pub(super) struct HoldKeySpans {
    pub(super) from: Option<Range<usize>>,
    pub(super) until: Option<Range<usize>>,
    pub(super) win_after: Option<Range<usize>>,
}

#[derive(Debug)]
pub(super) struct EntryFile {
    /// `humans.entry` or `humans.entry[1]`.
    pub(super) path: String,
    pub(super) edge: Field<Sp<Edge>>,
    /// Part of the edge (P32).
    pub(super) squares: Field<ZoneFile>,
    /// Edges one is drawn among (P33).
    pub(super) edges: Field<Sp<Vec<Sp<Edge>>>>,
    pub(super) round: Field<Sp<u16>>,
    /// Rounds one is drawn among (P33).
    pub(super) rounds: Field<Sp<Vec<Sp<u16>>>>,
    /// How many Rounds before the earliest the draw is made (P33).
    pub(super) announce: Field<Sp<u16>>,
}

#[derive(Debug)]
pub(super) struct CountersFile {
    pub(super) span: Range<usize>,
    pub(super) critters: Field<u8>,
    pub(super) secrets: Field<u8>,
    pub(super) objectives: Field<u8>,
    pub(super) placed: Field<Sp<u8>>,
    /// Where the counters are placed.
    pub(super) zone: Field<Sp<Vec<ZoneFile>>>,
}
