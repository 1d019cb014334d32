//! Reading the scenario format's tables (with `file_check::table::Tbl`, told where a key
//! that is not known belongs in the format) and its words (sides, edges, kinds of wall);
//! the readers of single values are `file_check::value`'s.

use file_check::table::Style;
pub(super) use file_check::table::Tbl;
pub(crate) use file_check::value::*;

use crate::map::WallKind;
use crate::scenario_file::raw::Field;
use crate::schema::{self, scenario as keys};
use crate::square::{Edge, Side};
use file_check::Sink;

/// How the scenario format's tables word what is found in them: keys cut short at 40
/// characters in paths, and a key of another table of the format told where it belongs.
pub(super) const STYLE: Style = Style {
    key_chars: Some(40),
    list_keys_with_suggestion: false,
    places: PLACES,
    not_a_word: NotAWord::Quoted,
};

/// The scenario format's tables, each with where it is written in a file.
const PLACES: &[(&schema::Table, &str)] = &[
    (
        &keys::ROOT,
        "at the top level of the file, before any [table]",
    ),
    (&keys::MAP_TABLE, "in [map]"),
    (&keys::SIDE, "in a side's table, [humans] or [martians]"),
    (
        &keys::VP_TABLE,
        "in a side's vp table, like vp = { exit = 2 }",
    ),
    (
        &keys::MODEL,
        "in an entry of a side's models, like { profile = \"soldier\", ... }",
    ),
    (&keys::COUNTERS_TABLE, "in [counters]"),
    (
        &keys::HOLD_TABLE,
        "in a side's hold table, like hold = [{ zone = \"d4-e5\", win_after = 2 }]",
    ),
    (
        &keys::ENTRY_TABLE,
        "in a side's entry table, like entry = { edge = \"south\", round = 2 }",
    ),
];

/// A table of a scenario file, which may hold `keys` (`None`: any keys).
pub(super) fn read_table<'t, 'i>(
    sink: &mut Sink,
    path: &str,
    v: &'t Value<'i>,
    keys: Option<&'static schema::Table>,
) -> Option<Tbl<'t, 'i>> {
    Tbl::of(sink, path, v, keys, &STYLE)
}

/// The scenario format's reads of a key into a [`Field`] or a required value.
pub(super) trait Fields<'t, 'i> {
    /// Read `key` with `f`; `Absent` when the key is not there.
    fn opt<T>(
        &self,
        sink: &mut Sink,
        key: &schema::Key,
        f: impl FnOnce(&mut Sink, String, &'t Value<'i>) -> Option<T>,
    ) -> Field<T>;

    /// Read `key` with `f`; a missing key is an error at this table, `what` saying what
    /// the key is for.
    fn req<T>(
        &self,
        sink: &mut Sink,
        key: &schema::Key,
        what: &str,
        f: impl FnOnce(&mut Sink, String, &'t Value<'i>) -> Option<T>,
    ) -> Option<T>;
}

impl<'t, 'i> Fields<'t, 'i> for Tbl<'t, 'i> {
    fn opt<T>(
        &self,
        sink: &mut Sink,
        key: &schema::Key,
        f: impl FnOnce(&mut Sink, String, &'t Value<'i>) -> Option<T>,
    ) -> Field<T> {
        match self.get(key.name) {
            None => Field::Absent,
            Some(v) => Field::from_option(f(sink, self.key_path(key.name), v)),
        }
    }

    fn req<T>(
        &self,
        sink: &mut Sink,
        key: &schema::Key,
        what: &str,
        f: impl FnOnce(&mut Sink, String, &'t Value<'i>) -> Option<T>,
    ) -> Option<T> {
        let v = self.require(sink, key.name, what)?;
        f(sink, self.key_path(key.name), v)
    }
}

pub(super) const SIDE_WORDS: &[(&str, Side)] =
    &[("humans", Side::Humans), ("martians", Side::Martians)];
pub(super) const EDGE_WORDS: &[(&str, Edge)] = &[
    ("north", Edge::North),
    ("east", Edge::East),
    ("south", Edge::South),
    ("west", Edge::West),
];
pub(super) const KIND_WORDS: &[(&str, WallKind)] =
    &[("high", WallKind::High), ("low", WallKind::Low)];

pub(super) fn read_side_word(sink: &mut Sink, path: String, v: &Value) -> Option<Sp<Side>> {
    read_word(sink, &path, v, "a side", SIDE_WORDS)
}

pub(super) fn read_edge_word(sink: &mut Sink, path: String, v: &Value) -> Option<Sp<Edge>> {
    read_word(sink, &path, v, "a board edge", EDGE_WORDS)
}
