//! The JSON Schema of a layout file (`schemas/takedown-layout.schema.json`), written from the
//! key tables of [`crate::layout_keys`]: draft-07, every table closed, every key required,
//! the limits of every value. A test checks the shipped schema file is this text.

use serde_json::{Map, Value as Json, json};

use crate::layout_keys::{Key, KeyKind, KeyTable, ROOT};

/// The schema file's name under `schemas/`.
pub const SCHEMA_FILE: &str = "takedown-layout.schema.json";

/// The layout file's JSON Schema.
pub fn json_schema() -> Json {
    let mut schema = Map::new();
    schema.insert(
        "$schema".into(),
        json!("http://json-schema.org/draft-07/schema#"),
    );
    schema.insert(
        "title".into(),
        json!("Mars Attacks: Ten-Minute Takedown layout"),
    );
    if let Json::Object(body) = table_schema(&ROOT) {
        schema.extend(body);
    }
    Json::Object(schema)
}

/// The schema as the text of its file (pretty, ending in a newline).
pub fn json_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&json_schema()).unwrap_or_default();
    text.push('\n');
    text
}

fn table_schema(t: &KeyTable) -> Json {
    let mut properties = Map::new();
    for key in t.keys {
        properties.insert(key.name.to_string(), key_schema(key));
    }
    json!({
        "type": "object",
        "description": t.doc,
        "properties": properties,
        "required": t.names(),
        "additionalProperties": false,
    })
}

fn key_schema(key: &Key) -> Json {
    let mut s = kind_schema(&key.kind);
    s["description"] = json!(format!("{} {}", key.doc, limits(&key.kind)).trim_end());
    s
}

fn number(min: f64, max: f64) -> Json {
    json!({ "type": "number", "minimum": min, "maximum": max })
}

fn words(w: &[&str]) -> Json {
    json!({ "type": "string", "enum": w })
}

fn kind_schema(kind: &KeyKind) -> Json {
    match kind {
        KeyKind::Text { max_chars } => json!({
            "type": "string",
            "minLength": 1,
            "maxLength": max_chars,
            "pattern": "^[^\\u0000-\\u001F\\u007F-\\u009F]*[^\\s\\u0000-\\u001F\\u007F-\\u009F][^\\u0000-\\u001F\\u007F-\\u009F]*$",
        }),
        KeyKind::Number { min, max } => number(*min, *max),
        KeyKind::Int { min, max } => json!({ "type": "integer", "minimum": min, "maximum": max }),
        KeyKind::Word(w) => words(w),
        KeyKind::WordRow { words: w, len } => json!({
            "type": "array", "items": words(w), "minItems": len, "maxItems": len,
        }),
        KeyKind::WordList { words: w, min, max } => json!({
            "type": "array", "items": words(w), "minItems": min, "maxItems": max,
            "uniqueItems": true,
        }),
        KeyKind::NumberRow { min, max, len } => json!({
            "type": "array", "items": number(*min, *max), "minItems": len, "maxItems": len,
        }),
        KeyKind::Table(t) => table_schema(t),
        KeyKind::TableList { table, min, max } => json!({
            "type": "array", "items": table_schema(table), "minItems": min, "maxItems": max,
        }),
    }
}

/// The limits in words, for an editor's hover.
fn limits(kind: &KeyKind) -> String {
    match kind {
        KeyKind::Text { max_chars } => format!("1 to {max_chars} characters."),
        KeyKind::Number { min, max } => format!("{min} to {max}."),
        KeyKind::Int { min, max } => format!("A whole number, {min} to {max}."),
        KeyKind::Word(w) => format!("One of {}.", w.join(", ")),
        KeyKind::WordRow { words: w, len } => format!("{len} of {}.", w.join(", ")),
        KeyKind::WordList { words: w, min, max } => {
            format!("{min} to {max} of {}, each once.", w.join(", "))
        }
        KeyKind::NumberRow { min, max, len } => format!("{len} numbers, {min} to {max}."),
        KeyKind::Table(_) => String::new(),
        KeyKind::TableList { min, max, .. } if min == max => format!("Exactly {min} tables."),
        KeyKind::TableList { min, max, .. } => format!("{min} to {max} tables."),
    }
}
