//! The layout file's JSON Schema against the reader: the shipped schema file is what
//! `takedown::layout_schema` writes, it is a valid draft-07 schema, the shipped layout
//! passes it, and values the reader refuses the schema refuses too.
//!
//! `TAKEDOWN_WRITE_SCHEMA=1 cargo test -p ten-minute-takedown --test schema` rewrites the
//! schema file from the key tables.

use std::path::PathBuf;

use serde_json::Value as Json;
use takedown::layout_file::{SHIPPED_TEXT, parse_layout};
use takedown::layout_schema::{SCHEMA_FILE, json_schema, json_schema_text};

fn schema_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../schemas")
        .join(SCHEMA_FILE)
}

fn as_json(text: &str) -> Json {
    let doc: toml::Value = toml::from_str(text).expect("TOML");
    serde_json::to_value(doc).expect("TOML values convert to JSON")
}

#[test]
fn the_schema_file_is_what_the_key_tables_write() {
    let path = schema_path();
    if std::env::var_os("TAKEDOWN_WRITE_SCHEMA").is_some() {
        std::fs::write(&path, json_schema_text()).expect("write the schema");
    }
    let on_disk =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(
        on_disk,
        json_schema_text(),
        "{} is out of date: run TAKEDOWN_WRITE_SCHEMA=1 cargo test -p ten-minute-takedown \
         --test schema",
        path.display()
    );
    // The shipped layout names it on its first line.
    assert_eq!(
        SHIPPED_TEXT.lines().next(),
        Some(format!("#:schema ../schemas/{SCHEMA_FILE}").as_str())
    );
}

#[test]
fn the_schema_is_a_draft_07_schema_the_shipped_layout_passes() {
    let schema = json_schema();
    jsonschema::draft7::meta::validate(&schema).expect("a valid draft-07 schema");
    let v = jsonschema::draft7::new(&schema).expect("the schema compiles");
    let doc = as_json(SHIPPED_TEXT);
    let errors: Vec<String> = v.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn what_the_reader_refuses_for_its_kind_or_limits_the_schema_refuses() {
    let v = jsonschema::draft7::new(&json_schema()).expect("the schema compiles");
    for (from, to) in [
        ("mass = 4.5", "mass = 4.5\nmas = 4.5"),
        ("edge = 16.0", "edge = \"16\""),
        ("friction = 0.35", "friction = 7.5"),
        ("max_retakes = 3", "max_retakes = 3.5"),
        ("icon = \"insect\"", "icon = \"bug\""),
        ("\"insect\", \"robot\"]", "\"insect\"]"),
        ("players = 2", "players = 5"),
    ] {
        let text = SHIPPED_TEXT.replacen(from, to, 1);
        assert!(parse_layout("t.toml", &text).is_err(), "{to}");
        assert!(!v.is_valid(&as_json(&text)), "the schema passes {to}");
    }
}
