//! The keys of a data file format, as tables a loader checks files against and a JSON
//! Schema for editors is written from.
//!
//! A format is a tree of [`Table`]s of [`Key`]s. A key says its name, what it means, what
//! kind of value it takes (with the limits), and whether it is required or what its default
//! is. A reader takes its key names and limits from its format's tables, so the checks a
//! file gets when it is loaded and the schema an editor checks it with while it is typed
//! come from one place. [`json_schema`] writes a table tree as a JSON Schema (draft-07, the
//! draft the TOML language servers taplo and tombi both validate; only keywords that
//! draft-04 knows too are used for the checks).

use serde_json::{Map, Value as Json, json};

/// A TOML table with a fixed set of keys: every other key is an error.
#[derive(Debug)]
pub struct Table {
    /// What the table is, for the schema's description.
    pub doc: &'static str,
    pub keys: &'static [Key],
}

impl Table {
    /// The key called `name`, if the table has one.
    pub fn key(&self, name: &str) -> Option<&'static Key> {
        self.keys.iter().find(|k| k.name == name)
    }

    /// The key names, in the order the format's documentation gives them.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.keys.iter().map(|k| k.name)
    }
}

/// One key of a table.
#[derive(Debug)]
pub struct Key {
    pub name: &'static str,
    /// What the key means, in a sentence or two.
    pub doc: &'static str,
    pub value: Kind,
    /// Whether the key must be given, or what applies when it is not.
    pub default: Default,
}

impl Key {
    /// The limits of an integer key (panics on any other kind: a programming error).
    pub const fn int_range(&self) -> (i64, i64) {
        match self.value {
            Kind::Int { min, max } => (min, max),
            _ => panic!("not an integer key"),
        }
    }

    /// The most characters of a text key (panics on any other kind).
    pub const fn max_chars(&self) -> usize {
        match self.value {
            Kind::Text { max_chars, .. } => max_chars,
            _ => panic!("not a text key"),
        }
    }

    /// Whether the key must be given.
    pub fn is_required(&self) -> bool {
        matches!(self.default, Default::Required)
    }
}

/// The kind of value a key takes, with its limits.
#[derive(Debug)]
pub enum Kind {
    /// A string of at most `max_chars` characters with no control characters;
    /// `non_blank`: a single line, not empty or all spaces (otherwise line breaks and tabs
    /// are allowed).
    Text { max_chars: usize, non_blank: bool },
    /// A whole number from `min` to `max`.
    Int { min: i64, max: i64 },
    /// `true` or `false`.
    Bool,
    /// One of a few words; `any_case`: upper case and spaces around the word are accepted
    /// too (the words listed are the canonical spelling).
    Word {
        words: &'static [&'static str],
        any_case: bool,
    },
    /// A string of a given shape, such as a square or a wall edge. `pattern` (an ECMA-262
    /// regular expression) admits what the reader parses; the reader then checks what a
    /// pattern cannot (a run along the board edge, say).
    Shape {
        what: &'static str,
        pattern: &'static str,
        examples: &'static [&'static str],
    },
    /// An array of values of one kind, with at least `min_items` and at most `max_items`
    /// (no limit: `None`).
    List {
        item: &'static Kind,
        min_items: usize,
        max_items: Option<usize>,
    },
    /// A table with fixed keys.
    Table(&'static Table),
    /// One table, or an array of at least one such table (`entry = { ... }` for a single
    /// wave, `entry = [{ ... }, { ... }]` for several).
    OneOrList(&'static Table),
    /// An array of exactly `len` values of one kind.
    Row { item: &'static Kind, len: usize },
    /// A table whose keys are chosen by the writer (each matching `key_pattern`), each
    /// holding a `value` (a [`Kind::Table`] or a [`Kind::Tagged`]).
    TableOf {
        key_doc: &'static str,
        key_pattern: &'static str,
        value: &'static Kind,
    },
    /// A table whose other keys depend on the value of one of its keys.
    Tagged(&'static Tagged),
}

/// A table with some keys every such table has, and one key (the tag) whose value
/// chooses a variant that brings keys of its own: a card half's `effect` and the effect's
/// parameters, say.
#[derive(Debug)]
pub struct Tagged {
    pub doc: &'static str,
    /// The keys of every variant, but the tag.
    pub common: &'static [Key],
    /// The tag's name; its value is one of the variants' values, and it is required.
    pub tag: &'static str,
    /// What the tag means.
    pub tag_doc: &'static str,
    pub variants: &'static [Variant],
}

/// One value of a [`Tagged`] table's tag, with the keys that come with it.
#[derive(Debug)]
pub struct Variant {
    pub value: &'static str,
    /// The keys this variant adds.
    pub keys: &'static [Key],
    /// Common keys this variant takes fewer values of (same name, narrower kind).
    pub narrows: &'static [Key],
}

impl Tagged {
    /// The variant of the tag value `value`.
    pub fn variant(&self, value: &str) -> Option<&'static Variant> {
        self.variants.iter().find(|v| v.value == value)
    }

    /// The tag's values, in order.
    pub fn values(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.variants.iter().map(|v| v.value)
    }

    /// Every key name a table of `variant` may have: the common keys, the tag, and the
    /// variant's own.
    pub fn names_of(&self, variant: &Variant) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = self.common.iter().map(|k| k.name).collect();
        names.push(self.tag);
        names.extend(variant.keys.iter().map(|k| k.name));
        names
    }

    /// The key called `name` in a table of `variant` (the tag is not a [`Key`]).
    pub fn key_of(&self, variant: &Variant, name: &str) -> Option<&'static Key> {
        variant
            .narrows
            .iter()
            .chain(variant.keys)
            .chain(self.common)
            .find(|k| k.name == name)
    }
}

/// What applies when a key is not given.
#[derive(Debug)]
pub enum Default {
    /// The key must be given.
    Required,
    /// Nothing: the key is optional and its absence means "none".
    Nothing,
    /// This integer.
    Int(i64),
    /// This boolean.
    Bool(bool),
    /// This string.
    Str(&'static str),
    /// An empty array.
    Empty,
    /// A value worked out from the rest of the file, as described.
    Described(&'static str),
}

/// The JSON Schema (draft-07) of a file whose root is `root`.
pub fn json_schema(title: &str, doc: &str, root: &Kind) -> Json {
    let mut schema = Map::new();
    schema.insert(
        "$schema".into(),
        json!("http://json-schema.org/draft-07/schema#"),
    );
    schema.insert("title".into(), json!(title));
    schema.insert("description".into(), json!(doc));
    if let Json::Object(body) = kind_schema(root) {
        schema.extend(body);
    }
    Json::Object(schema)
}

/// The control characters (Unicode Cc) as the inside of a pattern's character class.
const CONTROL: &str = "\\u0000-\\u001F\\u007F-\\u009F";
/// [`CONTROL`] but tab, line feed and carriage return.
const CONTROL_BUT_BREAKS: &str = "\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F";
/// A character of single-line text: anything but a control character.
const TEXT_CHAR: &str = "[^\\u0000-\\u001F\\u007F-\\u009F]";

/// The schema of one kind of value.
fn kind_schema(kind: &Kind) -> Json {
    match kind {
        Kind::Text {
            max_chars,
            non_blank,
        } => {
            let mut s = json!({ "type": "string", "maxLength": max_chars });
            // No control characters (they would act on a terminal instead of showing);
            // text that may run over lines keeps its line breaks and tabs. Single-line
            // text also needs one character that is not a space.
            s["pattern"] = if *non_blank {
                s["minLength"] = json!(1);
                json!(format!("^{TEXT_CHAR}*[^\\s{CONTROL}]{TEXT_CHAR}*$"))
            } else {
                json!(format!("^[^{CONTROL_BUT_BREAKS}]*$"))
            };
            s
        }
        Kind::Int { min, max } => json!({ "type": "integer", "minimum": min, "maximum": max }),
        Kind::Bool => json!({ "type": "boolean" }),
        Kind::Word { words, any_case } => {
            let exact = json!({ "type": "string", "enum": words });
            if *any_case {
                // The enum offers the canonical words for completion; the pattern admits
                // the other spellings the reader accepts.
                let alternatives: Vec<String> = words.iter().map(|w| any_case_regex(w)).collect();
                let pattern = format!("^\\s*({})\\s*$", alternatives.join("|"));
                json!({ "anyOf": [exact, { "type": "string", "pattern": pattern }] })
            } else {
                exact
            }
        }
        Kind::Shape {
            what,
            pattern,
            examples,
        } => json!({
            "type": "string",
            "pattern": pattern,
            "examples": examples,
            "$comment": what,
        }),
        Kind::List {
            item,
            min_items,
            max_items,
        } => {
            let mut s = json!({ "type": "array", "items": kind_schema(item) });
            if *min_items > 0 {
                s["minItems"] = json!(min_items);
            }
            if let Some(max) = max_items {
                s["maxItems"] = json!(max);
            }
            s
        }
        Kind::Row { item, len } => json!({
            "type": "array",
            "items": kind_schema(item),
            "minItems": len,
            "maxItems": len,
        }),
        Kind::Table(table) => table_schema(table),
        Kind::Tagged(tagged) => tagged_schema(tagged),
        Kind::OneOrList(table) => json!({
            "oneOf": [
                table_schema(table),
                { "type": "array", "items": table_schema(table), "minItems": 1 },
            ]
        }),
        Kind::TableOf {
            key_doc,
            key_pattern,
            value,
        } => {
            let mut patterns = Map::new();
            patterns.insert((*key_pattern).to_string(), kind_schema(value));
            json!({
                "type": "object",
                "patternProperties": patterns,
                "additionalProperties": false,
                "$comment": key_doc,
            })
        }
    }
}

fn table_schema(table: &Table) -> Json {
    let mut properties = Map::new();
    for key in table.keys {
        properties.insert(key.name.to_string(), key_schema(key));
    }
    let required: Vec<&str> = table
        .keys
        .iter()
        .filter(|k| k.is_required())
        .map(|k| k.name)
        .collect();
    let mut s = json!({
        "type": "object",
        "description": table.doc,
        "properties": properties,
        "additionalProperties": false,
    });
    if !required.is_empty() {
        s["required"] = json!(required);
    }
    s
}

/// A tagged table: one branch per variant, each a closed table whose tag takes that
/// variant's value alone (`enum` of one word, which draft-04 knows too), so that exactly
/// one branch can match.
fn tagged_schema(tagged: &'static Tagged) -> Json {
    let branches: Vec<Json> = tagged
        .variants
        .iter()
        .map(|variant| {
            let mut properties = Map::new();
            let mut required = Vec::new();
            for key in tagged.common.iter().chain(variant.keys) {
                let key = tagged.key_of(variant, key.name).unwrap_or(key);
                properties.insert(key.name.to_string(), key_schema(key));
                if key.is_required() {
                    required.push(key.name);
                }
            }
            let mut tag = kind_schema(&Kind::Word {
                words: std::slice::from_ref(&variant.value),
                any_case: true,
            });
            tag["description"] = json!(tagged.tag_doc);
            properties.insert(tagged.tag.to_string(), tag);
            required.push(tagged.tag);
            json!({
                "type": "object",
                "description": format!("{} Effect \"{}\".", tagged.doc, variant.value),
                "properties": properties,
                "required": required,
                "additionalProperties": false,
            })
        })
        .collect();
    json!({ "type": "object", "description": tagged.doc, "oneOf": branches })
}

fn key_schema(key: &Key) -> Json {
    let mut s = kind_schema(&key.value);
    let mut doc = key.doc.to_string();
    match key.default {
        Default::Required => doc.push_str(" Required."),
        Default::Nothing => {}
        Default::Int(n) => s["default"] = json!(n),
        Default::Bool(b) => s["default"] = json!(b),
        Default::Str(t) => s["default"] = json!(t),
        Default::Empty => s["default"] = json!([]),
        Default::Described(what) => {
            doc.push_str(" Default: ");
            doc.push_str(what);
            doc.push('.');
        }
    }
    if let Some(limits) = limits_text(&key.value) {
        doc.push(' ');
        doc.push_str(&limits);
    }
    // A table's own description (what the table is) gives way to the key's.
    s["description"] = json!(doc);
    s
}

/// The limits in words, for the description an editor shows on hover.
fn limits_text(kind: &Kind) -> Option<String> {
    match kind {
        Kind::Text {
            max_chars,
            non_blank,
        } => Some(if *non_blank {
            format!("1 to {max_chars} characters, not blank, no control characters.")
        } else {
            format!(
                "At most {max_chars} characters; no control characters but line breaks and tabs."
            )
        }),
        Kind::Int { min, max } => Some(format!("{min} to {max}.")),
        Kind::Bool => Some("true or false.".into()),
        Kind::Word { words, .. } => {
            let quoted: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
            Some(format!("One of {}.", quoted.join(", ")))
        }
        Kind::Shape { what, examples, .. } => {
            let quoted: Vec<String> = examples.iter().map(|w| format!("\"{w}\"")).collect();
            Some(format!("{what}, like {}.", quoted.join(" or ")))
        }
        Kind::List {
            min_items,
            max_items: Some(max),
            ..
        } => Some(format!("{min_items} to {max} entries.")),
        Kind::List { min_items, .. } if *min_items > 0 => {
            Some(format!("At least {min_items} entry."))
        }
        Kind::OneOrList(_) => Some("One table, or an array of at least one.".into()),
        Kind::Row { len, .. } => Some(format!("Exactly {len} entries.")),
        _ => None,
    }
}

/// A regular expression matching `word` in any case: `hi` -> `[Hh][Ii]`.
fn any_case_regex(word: &str) -> String {
    word.chars()
        .map(|c| {
            if c.is_ascii_alphabetic() {
                format!("[{}{}]", c.to_ascii_uppercase(), c.to_ascii_lowercase())
            } else if c.is_ascii_alphanumeric() || c == '_' {
                c.to_string()
            } else {
                format!("\\{c}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_case_patterns_spell_each_letter_both_ways() {
        assert_eq!(any_case_regex("low"), "[Ll][Oo][Ww]");
        assert_eq!(any_case_regex("a-1"), "[Aa]\\-1");
    }

    #[test]
    fn keys_carry_required_and_defaults_into_the_schema() {
        const T: Table = Table {
            doc: "t",
            keys: &[
                Key {
                    name: "a",
                    doc: "A.",
                    value: Kind::Int { min: 1, max: 9 },
                    default: Default::Required,
                },
                Key {
                    name: "b",
                    doc: "B.",
                    value: Kind::Int { min: 0, max: 3 },
                    default: Default::Int(2),
                },
            ],
        };
        let s = table_schema(&T);
        assert_eq!(s["required"], json!(["a"]));
        assert_eq!(s["additionalProperties"], json!(false));
        assert_eq!(
            s["properties"]["a"]["description"],
            json!("A. Required. 1 to 9.")
        );
        assert_eq!(s["properties"]["b"]["default"], json!(2));
        assert_eq!(s["properties"]["b"]["maximum"], json!(3));
        assert!(s["properties"]["b"].get("required").is_none());
    }
}
