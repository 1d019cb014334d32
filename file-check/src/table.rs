//! Reading one TOML table of a document, with its dotted path for messages: its entries in
//! file order, the keys it may not hold (with the closest known key, or where the key
//! belongs in the format), a missing required key, and the values of its keys read within
//! the limits their [`schema::Key`] states.

use std::borrow::Cow;
use std::ops::Range;

use serde_spanned::Spanned;
use toml::de::{DeTable, DeValue};

use crate::schema::{self, Table};
use crate::sink::Sink;
use crate::value::{
    NotAWord, Value, read_key_int, read_key_text, read_word_as, shorten, suggest, wrong_type,
};

/// How a format's reader words what it finds in its tables, where the formats differ.
#[derive(Debug)]
pub struct Style {
    /// Keys longer than this many characters are cut short in paths (`None`: written
    /// whole).
    pub key_chars: Option<usize>,
    /// Whether a message about an unknown key that is close to a known one lists the keys
    /// of the table too (they are listed when none is close).
    pub list_keys_with_suggestion: bool,
    /// The format's tables with where each is written, like "in [map]": a key unknown
    /// here that one of them holds is told where it belongs.
    pub places: &'static [(&'static Table, &'static str)],
    /// How a string that is none of a key's words is told.
    pub not_a_word: NotAWord,
}

/// A TOML table being read, with its dotted path for messages and the keys it may hold
/// (`None`: keys of the writer's choosing, such as profile keys or card slugs, or keys
/// that depend on a value of the table).
pub struct Tbl<'t, 'i> {
    /// The dotted path of the table (empty for the document root).
    pub path: String,
    pub span: Range<usize>,
    pub table: &'t DeTable<'i>,
    pub keys: Option<&'static Table>,
    pub style: &'static Style,
}

/// A key of a table with its span, as the table holds it.
pub type KeyName<'i> = Spanned<Cow<'i, str>>;

impl<'t, 'i> Tbl<'t, 'i> {
    /// The document's top level.
    pub fn root(
        doc: &'t Spanned<DeTable<'i>>,
        keys: Option<&'static Table>,
        style: &'static Style,
    ) -> Tbl<'t, 'i> {
        Tbl {
            path: String::new(),
            span: doc.span(),
            table: doc.get_ref(),
            keys,
            style,
        }
    }

    /// The value `v` at `path`, which must be a table (reported otherwise).
    pub fn of(
        sink: &mut Sink,
        path: &str,
        v: &'t Value<'i>,
        keys: Option<&'static Table>,
        style: &'static Style,
    ) -> Option<Tbl<'t, 'i>> {
        match v.get_ref() {
            DeValue::Table(t) => Some(Tbl {
                path: path.to_string(),
                span: v.span(),
                table: t,
                keys,
                style,
            }),
            _ => {
                wrong_type(sink, path, v, "a table");
                None
            }
        }
    }

    /// The dotted path of `key` in this table.
    pub fn key_path(&self, key: &str) -> String {
        let key = match self.style.key_chars {
            Some(n) => shorten(key, n),
            None => key.to_string(),
        };
        if self.path.is_empty() {
            key
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// The entries in the order they appear in the file.
    pub fn entries(&self) -> Vec<(&'t KeyName<'i>, &'t Value<'i>)> {
        let mut v: Vec<_> = self.table.iter().collect();
        v.sort_by_key(|(k, _)| k.span().start);
        v
    }

    /// Report every key the table may not hold (none when its keys are the writer's).
    pub fn check_keys(&self, sink: &mut Sink) {
        if let Some(table) = self.keys {
            self.check_names(sink, &table.names().collect::<Vec<_>>());
        }
    }

    /// Report every key that is not one of `known`, suggesting the closest known one, or
    /// saying where it belongs when another table of the format holds it.
    pub fn check_names(&self, sink: &mut Sink, known: &[&str]) {
        for (key, _) in self.entries() {
            let name: &str = key.get_ref();
            if known.contains(&name) {
                continue;
            }
            let path = self.key_path(name);
            let message = match (
                self.belongs(known, name),
                suggest(name, known.iter().copied()),
            ) {
                (Some(place), _) => format!("{path}: unknown key here: `{name}` belongs {place}"),
                (None, Some(s)) if !self.style.list_keys_with_suggestion => {
                    format!("{path}: unknown key (did you mean \"{s}\"?)")
                }
                (None, s) => format!(
                    "{path}: unknown key{}; the keys here are {}",
                    s.map(|s| format!(" (did you mean \"{s}\"?)"))
                        .unwrap_or_default(),
                    known.join(", ")
                ),
            };
            sink.error(&key.span(), message);
        }
    }

    /// Where `name`, which a table of the keys `here` does not hold, belongs when another
    /// of the format's tables holds it.
    fn belongs(&self, here: &[&str], name: &str) -> Option<&'static str> {
        self.style
            .places
            .iter()
            // (Tables are compared by their keys: a `const` table has no one address.)
            .find(|(t, _)| !t.names().eq(here.iter().copied()) && t.key(name).is_some())
            .map(|(_, place)| *place)
    }

    pub fn get(&self, key: &str) -> Option<&'t Value<'i>> {
        // Every key read is one of the table's keys: the reader knows no key that its
        // format's key tables do not (a test loads files that reach every read).
        debug_assert!(
            self.keys.is_none_or(|t| t.key(key).is_some()),
            "the reader reads {key:?} at {:?}, which its key table lacks",
            self.path
        );
        self.table.get(key)
    }

    /// Report that `key` is missing, at this table; `what` says what the key is for.
    pub fn missing(&self, sink: &mut Sink, key: &str, what: &str) {
        let place = if self.path.is_empty() {
            String::new()
        } else {
            format!("{}: ", self.path)
        };
        sink.error(
            &self.span,
            format!("{place}missing required key \"{key}\" ({what})"),
        );
    }

    /// The value of `key`, which must be given (reported when it is not).
    pub fn require(&self, sink: &mut Sink, key: &str, what: &str) -> Option<&'t Value<'i>> {
        let v = self.get(key);
        if v.is_none() {
            self.missing(sink, key, what);
        }
        v
    }

    /// A text key within its limits; when it is not given, its default if it has one
    /// (otherwise it is missing, `what` saying what it is).
    pub fn text(&self, sink: &mut Sink, key: &schema::Key, what: &str) -> Option<String> {
        match self.get(key.name) {
            Some(v) => read_key_text(sink, &self.key_path(key.name), v, key),
            None => match key.default {
                schema::Default::Str(d) => Some(d.to_string()),
                _ => {
                    self.missing(sink, key.name, what);
                    None
                }
            },
        }
    }

    /// An integer key within its range; when it is not given, its default if it has one
    /// (otherwise it is missing, `what` saying what it is).
    pub fn int<T: TryFrom<i64>>(
        &self,
        sink: &mut Sink,
        key: &schema::Key,
        what: &str,
    ) -> Option<T> {
        match self.get(key.name) {
            Some(v) => read_key_int(sink, &self.key_path(key.name), v, key),
            None => match key.default {
                schema::Default::Int(d) => T::try_from(d).ok(),
                _ => {
                    self.missing(sink, key.name, what);
                    None
                }
            },
        }
    }

    /// A required word key: one of `words` (the words `key` lists in its key table);
    /// `what` says what the key is.
    pub fn word<T: Copy>(
        &self,
        sink: &mut Sink,
        key: &schema::Key,
        what: &str,
        words: &[(&str, T)],
    ) -> Option<T> {
        let v = self.require(sink, key.name, what)?;
        let path = self.key_path(key.name);
        read_word_as(sink, &path, v, what, words, self.style.not_a_word).map(|w| w.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{Default, Key, Kind};

    const A: Table = Table {
        doc: "a",
        keys: &[
            Key {
                name: "name",
                doc: "A name.",
                value: Kind::Text {
                    max_chars: 8,
                    non_blank: true,
                },
                default: Default::Required,
            },
            Key {
                name: "count",
                doc: "A count.",
                value: Kind::Int { min: 1, max: 9 },
                default: Default::Int(2),
            },
        ],
    };
    const B: Table = Table {
        doc: "b",
        keys: &[Key {
            name: "colour",
            doc: "A colour.",
            value: Kind::Word {
                words: &["red", "blue"],
                any_case: true,
            },
            default: Default::Required,
        }],
    };
    const PLACED: Style = Style {
        key_chars: Some(6),
        list_keys_with_suggestion: false,
        places: &[(&A, "in [a]"), (&B, "in [b]")],
        not_a_word: NotAWord::Quoted,
    };
    const LISTED: Style = Style {
        key_chars: None,
        list_keys_with_suggestion: true,
        places: &[],
        not_a_word: NotAWord::Words,
    };

    /// What reading `[t]` of `text`, a table of `keys`, with `read` reports.
    fn messages(
        text: &str,
        keys: &'static Table,
        style: &'static Style,
        read: impl Fn(&mut Sink, &Tbl),
    ) -> Vec<String> {
        let doc = DeTable::parse(text).unwrap();
        let mut sink = Sink::default();
        let root = Tbl::root(&doc, None, style);
        let v = root.get("t").unwrap();
        let t = Tbl::of(&mut sink, "t", v, Some(keys), style).unwrap();
        read(&mut sink, &t);
        sink.found.into_iter().map(|f| f.message).collect()
    }

    #[test]
    fn unknown_keys_are_told_where_they_belong_or_the_closest_known_key() {
        let text = "[t]\nnmae = 1\ncolour = 2\nzzzzzzzz = 3\n";
        assert_eq!(
            messages(text, &A, &PLACED, |s, t| t.check_keys(s)),
            [
                "t.nmae: unknown key (did you mean \"name\"?)",
                "t.colour: unknown key here: `colour` belongs in [b]",
                "t.zzzzzz...: unknown key; the keys here are name, count",
            ]
        );
        assert_eq!(
            messages(text, &A, &LISTED, |s, t| t.check_keys(s)),
            [
                "t.nmae: unknown key (did you mean \"name\"?); the keys here are name, count",
                "t.colour: unknown key; the keys here are name, count",
                "t.zzzzzzzz: unknown key; the keys here are name, count",
            ]
        );
    }

    #[test]
    fn keys_are_read_within_their_limits_or_their_defaults_apply() {
        let got = messages("[t]\nname = \"far too long\"\n", &A, &LISTED, |s, t| {
            assert_eq!(t.text(s, &A.keys[0], "the name"), None);
            assert_eq!(t.int::<u8>(s, &A.keys[1], "how many"), Some(2));
        });
        assert_eq!(got, ["t.name: 12 characters is too long (at most 8)"]);
        let got = messages("[t]\ncount = 10\n", &A, &LISTED, |s, t| {
            assert_eq!(t.text(s, &A.keys[0], "the name"), None);
            assert_eq!(t.int::<u8>(s, &A.keys[1], "how many"), None);
        });
        assert_eq!(
            got,
            [
                "t: missing required key \"name\" (the name)",
                "t.count: 10 is out of range (expected 1 to 9)",
            ]
        );
    }

    #[test]
    fn a_word_is_one_of_the_words_as_the_style_says() {
        let read = |s: &mut Sink, t: &Tbl| {
            let words = [("red", 0), ("blue", 1)];
            assert_eq!(t.word(s, &B.keys[0], "a colour", &words), None);
        };
        assert_eq!(
            messages("[t]\ncolour = \"rde\"\n", &B, &PLACED, read),
            [
                "t.colour: \"rde\" is not a colour: expected \"red\" or \"blue\" (did you mean \"red\"?)"
            ]
        );
        assert_eq!(
            messages("[t]\ncolour = \"rde\"\n", &B, &LISTED, read),
            ["t.colour: \"rde\" is not one of red, blue (did you mean \"red\"?)"]
        );
        assert_eq!(
            messages("[t]\n", &B, &LISTED, read),
            ["t: missing required key \"colour\" (a colour)"]
        );
    }
}
