//! The deck schema against the deck reader, key by key: starting from the shipped core
//! deck (which uses every effect), each key of each effect's table is taken away, given a
//! value out of its limits, a value of the wrong type, or moved to a table that does not
//! have it, and the reader and the schema must agree on whether the file is good.

use std::path::PathBuf;

use mars_attacks::formats::Format;
use mars_attacks::rules::cards::parse_deck;
use mars_attacks::rules::scenario_file::Severity;
use mars_attacks::rules::schema::deck as keys;
use mars_attacks::rules::schema::{Default, Key, Kind, Tagged};
use serde_json::Value as Json;
use toml::Value as Toml;

fn core() -> Toml {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cards/core.toml");
    toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The reader's errors about a document (empty: it loads).
fn reader_errors(doc: &Toml) -> Vec<String> {
    let text = toml::to_string(doc).unwrap();
    match parse_deck("t.toml", &text) {
        Ok(_) => Vec::new(),
        Err(ds) => ds
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.message)
            .collect(),
    }
}

fn schema_accepts(doc: &Toml) -> bool {
    let json: Json = serde_json::to_value(doc).unwrap();
    jsonschema::draft7::new(&Format::Deck.json_schema())
        .unwrap()
        .is_valid(&json)
}

/// Both the reader and the schema reject `doc`, and the reader names `path`.
fn both_reject(doc: &Toml, path: &str, why: &str) {
    let errs = reader_errors(doc);
    assert!(
        errs.iter().any(|e| e.contains(path)),
        "{why}: the reader should report {path}: {errs:?}"
    );
    assert!(!schema_accepts(doc), "{why}: the schema accepts it");
}

fn both_accept(doc: &Toml, why: &str) {
    let errs = reader_errors(doc);
    assert!(errs.is_empty(), "{why}: {errs:?}");
    assert!(schema_accepts(doc), "{why}: the schema rejects it");
}

/// The first table of `table` (`halves` or `events`) whose effect is `effect`.
fn slug_with_effect(doc: &Toml, table: &str, effect: &str) -> String {
    doc[table]
        .as_table()
        .unwrap()
        .iter()
        .find(|(_, t)| t["effect"].as_str() == Some(effect))
        .map(|(k, _)| k.clone())
        .unwrap_or_else(|| panic!("cards/core.toml has no {table} entry with effect {effect}"))
}

fn entry<'a>(doc: &'a mut Toml, table: &str, slug: &str) -> &'a mut toml::Table {
    doc.as_table_mut().unwrap()[table]
        .as_table_mut()
        .unwrap()
        .get_mut(slug)
        .unwrap()
        .as_table_mut()
        .unwrap()
}

/// Every (table name, tagged table) pair of the format.
const TAGGED: [(&str, &Tagged); 2] = [("halves", &keys::HALF), ("events", &keys::EVENT)];

#[test]
fn the_core_deck_uses_every_effect_with_exactly_its_keys() {
    let doc = core();
    both_accept(&doc, "the core deck");
    for (table, tagged) in TAGGED {
        for variant in tagged.variants {
            let slug = slug_with_effect(&doc, table, variant.value);
            let mut given: Vec<&str> = doc[table][&slug]
                .as_table()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            given.sort_unstable();
            let names = tagged.names_of(variant);
            for n in &given {
                assert!(
                    names.contains(n),
                    "{table}.{slug} ({}) gives {n}, which the schema does not list",
                    variant.value
                );
            }
            for n in names.iter().filter(|n| !given.contains(n)) {
                let key = tagged.key_of(variant, n).unwrap();
                assert!(!key.is_required(), "{table}.{slug} lacks required key {n}");
            }
        }
    }
}

#[test]
fn each_key_of_each_effect_is_checked_alike_by_reader_and_schema() {
    for (table, tagged) in TAGGED {
        for variant in tagged.variants {
            let base = core();
            let slug = slug_with_effect(&base, table, variant.value);
            for name in tagged.names_of(variant) {
                let here = format!("{table}.{slug}");
                let path = format!("{here}.{name}");
                // Taken away.
                let mut doc = base.clone();
                let had = entry(&mut doc, table, &slug).remove(name);
                let key = tagged.key_of(variant, name);
                match key.map(|k| &k.default) {
                    Some(Default::Int(_) | Default::Str(_) | Default::Nothing) => {
                        both_accept(&doc, &format!("{path} left out"))
                    }
                    _ => {
                        let errs = reader_errors(&doc);
                        assert!(
                            errs.iter().any(|e| e.contains(&format!("\"{name}\""))),
                            "{path} left out: {errs:?}"
                        );
                        assert!(
                            !schema_accepts(&doc),
                            "{path} left out: the schema takes it"
                        );
                    }
                }
                if had.is_none() {
                    continue;
                }
                // A boolean, the wrong type for every key.
                let mut doc = base.clone();
                entry(&mut doc, table, &slug).insert(name.into(), Toml::Boolean(true));
                both_reject(&doc, &path, &format!("{path} = true"));
                // Out of its limits.
                if let Some(Key {
                    value: Kind::Int { min, max },
                    ..
                }) = key
                {
                    for bad in [min - 1, max + 1] {
                        let mut doc = base.clone();
                        entry(&mut doc, table, &slug).insert(name.into(), Toml::Integer(bad));
                        both_reject(&doc, &path, &format!("{path} = {bad}"));
                    }
                }
                // A word that is not one of its words.
                if let Some(Key {
                    value: Kind::Word { .. },
                    ..
                }) = key
                {
                    let mut doc = base.clone();
                    entry(&mut doc, table, &slug).insert(name.into(), Toml::String("zz".into()));
                    both_reject(&doc, &path, &format!("{path} = \"zz\""));
                }
            }
            // A key of no table, and a key of another effect's table.
            let mut doc = base.clone();
            entry(&mut doc, table, &slug).insert("zz".into(), Toml::Integer(1));
            both_reject(&doc, &format!("{table}.{slug}.zz"), "an unknown key");
            let mine = tagged.names_of(variant);
            let foreign = tagged
                .variants
                .iter()
                .flat_map(|v| v.keys.iter())
                .find(|k| !mine.contains(&k.name));
            if let Some(k) = foreign {
                let mut doc = base.clone();
                entry(&mut doc, table, &slug).insert(k.name.into(), Toml::Integer(1));
                both_reject(
                    &doc,
                    &format!("{table}.{slug}.{}", k.name),
                    &format!("{} on a {} table", k.name, variant.value),
                );
            }
        }
    }
}

#[test]
fn the_card_list_and_top_level_keys_are_checked_alike() {
    let base = core();
    for key in keys::ROOT.keys {
        if key.is_required() {
            let mut doc = base.clone();
            doc.as_table_mut().unwrap().remove(key.name);
            assert!(!reader_errors(&doc).is_empty(), "{} left out", key.name);
            assert!(!schema_accepts(&doc), "{} left out", key.name);
        }
    }
    let mut doc = base.clone();
    doc.as_table_mut()
        .unwrap()
        .insert("zz".into(), Toml::Integer(1));
    both_reject(&doc, "zz", "an unknown top-level key");
    fn card(doc: &mut Toml) -> &mut toml::Table {
        doc.as_table_mut().unwrap()["cards"].as_array_mut().unwrap()[0]
            .as_table_mut()
            .unwrap()
    }
    for key in keys::CARD.keys {
        let mut doc = base.clone();
        card(&mut doc).insert(key.name.into(), Toml::Boolean(true));
        both_reject(&doc, &format!("cards[0].{}", key.name), key.name);
    }
    let (lo, hi) = keys::NUMBER.int_range();
    for bad in [lo - 1, hi + 1] {
        let mut doc = base.clone();
        card(&mut doc).insert("number".into(), Toml::Integer(bad));
        both_reject(&doc, "cards[0].number", "a number out of range");
    }
    let mut doc = base.clone();
    card(&mut doc).insert("zz".into(), Toml::Integer(1));
    both_reject(&doc, "cards[0].zz", "an unknown card key");
    let mut doc = base.clone();
    card(&mut doc).insert("martians".into(), Toml::String("Heat Ray!".into()));
    both_reject(&doc, "cards[0].martians", "a slug that is not one");
}
