//! Reading the scenario format's tables (with dotted paths for messages, and where a key
//! that is not known belongs) and its words (sides, edges, kinds of wall); the readers of
//! single values are `file_check::value`'s.

use std::ops::Range;

use serde_spanned::Spanned;
use toml::de::{DeTable, DeValue};

pub(crate) use file_check::value::*;

use crate::map::WallKind;
use crate::scenario_file::raw::Field;
use crate::schema::{self, scenario as keys};
use crate::square::{Edge, Side};
use file_check::Sink;

/// A TOML table being read, with its dotted path for messages and the keys it may hold
/// (`None`: keys of the writer's choosing, such as profile keys).
pub(super) struct Tbl<'t, 'i> {
    pub(super) path: String,
    pub(super) span: Range<usize>,
    pub(super) table: &'t DeTable<'i>,
    pub(super) keys: Option<&'static schema::Table>,
}

impl<'t, 'i> Tbl<'t, 'i> {
    pub(super) fn root(
        doc: &'t Spanned<DeTable<'i>>,
        keys: Option<&'static schema::Table>,
    ) -> Tbl<'t, 'i> {
        Tbl {
            path: String::new(),
            span: doc.span(),
            table: doc.get_ref(),
            keys,
        }
    }

    pub(super) fn key_path(&self, key: &str) -> String {
        let key = shorten(key, 40);
        if self.path.is_empty() {
            key
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// The entries in the order they appear in the file.
    pub(super) fn entries_in_order(
        &self,
    ) -> Vec<(&'t Spanned<std::borrow::Cow<'i, str>>, &'t Value<'i>)> {
        let mut v: Vec<_> = self.table.iter().collect();
        v.sort_by_key(|(k, _)| k.span().start);
        v
    }

    /// Report every key the table may not hold, suggesting the closest known one.
    pub(super) fn check_keys(&self, sink: &mut Sink) {
        let Some(table) = self.keys else {
            return;
        };
        let known: Vec<&str> = table.names().collect();
        for (key, _) in self.entries_in_order() {
            let name: &str = key.get_ref();
            if known.contains(&name) {
                continue;
            }
            let message = match (belongs(table, name), suggest(name, known.iter().copied())) {
                (Some(place), _) => format!(
                    "{}: unknown key here: `{name}` belongs {place}",
                    self.key_path(name)
                ),
                (None, Some(s)) => format!(
                    "{}: unknown key (did you mean \"{s}\"?)",
                    self.key_path(name)
                ),
                (None, None) => format!(
                    "{}: unknown key; the keys here are {}",
                    self.key_path(name),
                    known.join(", ")
                ),
            };
            sink.error(&key.span(), message);
        }
    }

    pub(super) fn get(&self, key: &str) -> Option<&'t Value<'i>> {
        // Every key read is one of the table's keys in `rules::schema`: the reader knows no
        // key that the schema does not (a test loads files that reach every read).
        debug_assert!(
            self.keys.is_none_or(|t| t.key(key).is_some()),
            "the reader reads {key:?} at {:?}, which its table in rules::schema lacks",
            self.path
        );
        self.table.get(key)
    }

    /// Read `key` with `f`; `Absent` when the key is not there.
    pub(super) fn opt<T>(
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

    /// Read `key` with `f`; a missing key is an error at this table, `what` saying what
    /// the key is for.
    pub(super) fn req<T>(
        &self,
        sink: &mut Sink,
        key: &schema::Key,
        what: &str,
        f: impl FnOnce(&mut Sink, String, &'t Value<'i>) -> Option<T>,
    ) -> Option<T> {
        let key = key.name;
        match self.get(key) {
            None => {
                let place = if self.path.is_empty() {
                    String::new()
                } else {
                    format!("{}: ", self.path)
                };
                sink.error(
                    &self.span,
                    format!("{place}missing required key \"{key}\" ({what})"),
                );
                None
            }
            Some(v) => f(sink, self.key_path(key), v),
        }
    }
}

/// A table, which may hold `keys` (`None`: any keys).
pub(super) fn read_table<'t, 'i>(
    sink: &mut Sink,
    path: &str,
    v: &'t Value<'i>,
    keys: Option<&'static schema::Table>,
) -> Option<Tbl<'t, 'i>> {
    match v.get_ref() {
        DeValue::Table(t) => Some(Tbl {
            path: path.to_string(),
            span: v.span(),
            table: t,
            keys,
        }),
        _ => {
            wrong_type(sink, path, v, "a table");
            None
        }
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

/// Where a key that `here` does not know belongs, when it is a key of another table of the
/// scenario format: "at the top level of the file, before any [table]".
fn belongs(here: &schema::Table, name: &str) -> Option<&'static str> {
    const PLACES: [(&schema::Table, &str); 8] = [
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
    PLACES
        .iter()
        // (Tables are compared by their keys: a `const` table has no one address.)
        .find(|(t, _)| !t.names().eq(here.names()) && t.key(name).is_some())
        .map(|(_, place)| *place)
}
