//! The JSON Schemas of the file formats against the file readers: the shipped schema
//! files are what `mars-attacks schema` prints, every shipped file names its schema and
//! passes it, and the scenario reader and the scenario schema know the same keys with the
//! same kinds, limits and defaults.
//!
//! The key-by-key tests start from `tests/fixtures/scenarios/every-key.toml`, a valid
//! scenario that gives every key of the format, and change one key at a time.

use std::path::{Path, PathBuf};

use dice_game::deck_file::parse_dice_deck;
use mars_attacks::formats::Format;
use mars_attacks::rules::cards::parse_deck;
use mars_attacks::rules::scenario_file::{Severity, parse_profiles, parse_scenario};
use mars_attacks::rules::schema::{Default, Key, Kind, Table};
use serde_json::Value as Json;
use toml::Value as Toml;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn validator(format: Format) -> jsonschema::Validator {
    jsonschema::draft7::new(&format.json_schema()).expect("the schema compiles")
}

fn to_json(doc: &Toml) -> Json {
    serde_json::to_value(doc).expect("TOML values convert to JSON")
}

// ----- the schema files ------------------------------------------------------------------

#[test]
fn the_schema_files_are_what_the_schema_command_prints() {
    for format in Format::ALL {
        let path = root().join(format!("schemas/{}.schema.json", format.name()));
        let on_disk =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            on_disk,
            format.json_schema_text(),
            "{} is out of date: run `cargo run -- schema {} > {}`",
            path.display(),
            format.name(),
            path.display()
        );
        let mut out = Vec::new();
        let mut err = Vec::new();
        let code = mars_attacks::cli::run_from(
            ["mars-attacks", "schema", format.name()],
            &mut out,
            &mut err,
        );
        assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
        assert_eq!(String::from_utf8(out).unwrap(), on_disk);
    }
}

#[test]
fn the_schemas_are_valid_draft_07_and_draft_04_schemas() {
    // Taplo checks with a draft-04 validator, tombi and most editors with draft-07.
    for format in Format::ALL {
        let schema = format.json_schema();
        assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
        jsonschema::draft7::meta::validate(&schema)
            .unwrap_or_else(|e| panic!("{}: {e}", format.name()));
        let mut draft4 = schema.clone();
        draft4.as_object_mut().unwrap().remove("$schema");
        jsonschema::draft4::meta::validate(&draft4)
            .unwrap_or_else(|e| panic!("{} as draft-04: {e}", format.name()));
    }
}

// ----- the shipped files -----------------------------------------------------------------

/// Every shipped TOML file of a format with a schema.
fn shipped() -> Vec<(PathBuf, Format)> {
    let mut files = vec![
        (root().join("profiles/core.toml"), Format::Profiles),
        (root().join("cards/core.toml"), Format::Deck),
        (root().join("cards/dice-game.toml"), Format::DiceDeck),
        (root().join("tables/takedown.toml"), Format::TakedownLayout),
    ];
    let mut scenarios: Vec<PathBuf> = std::fs::read_dir(root().join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    scenarios.sort();
    assert!(!scenarios.is_empty());
    files.extend(scenarios.into_iter().map(|p| (p, Format::Scenario)));
    files
}

/// The schema a file names in its first line, `#:schema PATH` (relative to the file).
fn named_schema(path: &Path, text: &str) -> PathBuf {
    let first = text.lines().next().unwrap_or_default();
    let named = first.strip_prefix("#:schema ").unwrap_or_else(|| {
        panic!(
            "{}: the first line should name the schema, `#:schema ../schemas/...`, not {first:?}",
            path.display()
        )
    });
    path.parent().unwrap().join(named.trim())
}

#[test]
fn every_shipped_file_names_its_schema_and_passes_it() {
    for (path, format) in shipped() {
        let text = std::fs::read_to_string(&path).unwrap();
        let schema_path = named_schema(&path, &text);
        let expected = root().join(format!("schemas/{}.schema.json", format.name()));
        assert_eq!(
            std::fs::canonicalize(&schema_path).unwrap_or(schema_path.clone()),
            std::fs::canonicalize(&expected).unwrap(),
            "{} names the wrong schema",
            path.display()
        );
        let schema: Json =
            serde_json::from_str(&std::fs::read_to_string(&schema_path).unwrap()).unwrap();
        let doc: Toml = toml::from_str(&text).unwrap();
        let validator = jsonschema::draft7::new(&schema).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&to_json(&doc))
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
        // And the reader takes it.
        let name = path.display().to_string();
        match format {
            Format::Scenario => assert!(parse_scenario(&name, &text).is_ok()),
            Format::Profiles => assert!(parse_profiles(&name, &text).is_ok()),
            Format::Deck => assert!(parse_deck(&name, &text).is_ok()),
            Format::DiceDeck => assert!(parse_dice_deck(&name, &text).is_ok()),
            Format::TakedownLayout => {
                assert!(takedown::layout_file::parse_layout(&name, &text).is_ok())
            }
        }
    }
}

#[test]
fn the_schema_rejects_what_the_reader_reports_in_the_many_problems_fixture() {
    // The fixture's unknown keys, wrong types and out-of-range values are all things a
    // schema can see, so an editor underlines them before `validate` is run.
    let path = root().join("tests/fixtures/scenarios/many-problems.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let doc: Toml = toml::from_str(&text).unwrap();
    let errors: Vec<String> = validator(Format::Scenario)
        .iter_errors(&to_json(&doc))
        .map(|e| e.instance_path().to_string())
        .collect();
    for place in [
        "",                         // descripton (unknown), missing entry
        "/vp_target",               // a string
        "/map/walls/0/edge",        // i9 is off the board
        "/map/walls/1/kind",        // "medium"
        "/humans/models/0/profile", // fine as a shape: "soldeir" is a profile key
        "/martians/models/0/count", // 0
    ] {
        let hit = errors.iter().any(|e| e == place);
        // A profile name is checked against the profiles only by the reader.
        assert_eq!(
            hit,
            place != "/humans/models/0/profile",
            "{place}: {errors:?}"
        );
    }
}

// ----- the scenario reader and the scenario schema, key by key --------------------------

/// A step of a path into a document: a key, or the first entry of an array.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    First,
}

/// A place in the document with the key or array entry there.
struct Place {
    steps: Vec<Step>,
    kind: &'static Kind,
    /// The key, for keys; `None` for the first entry of an array.
    key: Option<&'static Key>,
}

impl Place {
    /// The dotted path the reader's messages start with: `humans.models[0].count`.
    fn path(&self) -> String {
        let mut s = String::new();
        for step in &self.steps {
            match step {
                Step::Key(k) => {
                    if !s.is_empty() {
                        s.push('.');
                    }
                    s.push_str(k);
                }
                Step::First => s.push_str("[0]"),
            }
        }
        s
    }
}

fn fixture() -> Toml {
    let path = root().join("tests/fixtures/scenarios/every-key.toml");
    toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every place the scenario schema describes, found in `doc` (a table of the writer's
/// choosing, `[profiles.<key>]`, is followed through the document's first such key).
fn places(doc: &Toml) -> Vec<Place> {
    let mut out = Vec::new();
    walk_kind(Format::Scenario.root().unwrap(), doc, Vec::new(), &mut out);
    out
}

fn walk_kind(kind: &'static Kind, at: &Toml, steps: Vec<Step>, out: &mut Vec<Place>) {
    match kind {
        Kind::Table(table) => walk_table(table, at, steps, out),
        Kind::TableOf { value, .. } => {
            let (name, inner) = at
                .as_table()
                .and_then(|t| t.iter().next())
                .unwrap_or_else(|| panic!("the fixture has no entry at {steps:?}"));
            let mut s = steps.clone();
            s.push(Step::Key(name.clone()));
            walk_kind(value, inner, s, out);
        }
        // One table, or (as the fixture gives it here) an array of them.
        Kind::OneOrList(table) => match at.as_array() {
            Some(items) => {
                let first = items
                    .first()
                    .unwrap_or_else(|| panic!("the fixture has an empty array at {steps:?}"));
                let mut s = steps.clone();
                s.push(Step::First);
                walk_table(table, first, s, out);
            }
            None => walk_table(table, at, steps, out),
        },
        Kind::List { item, .. } => {
            let first = at
                .as_array()
                .and_then(|a| a.first())
                .unwrap_or_else(|| panic!("the fixture has an empty array at {steps:?}"));
            let mut s = steps.clone();
            s.push(Step::First);
            out.push(Place {
                steps: s.clone(),
                kind: item,
                key: None,
            });
            walk_kind(item, first, s, out);
        }
        _ => {}
    }
}

/// Keys the fixture gives on one side only, with the table they are in and that side: a
/// key only one side may give (`survive_to`), and the entry keys that exclude each other
/// (an edge, part of it and a Round for the Humans; edges and Rounds drawn among, and the
/// draw announced, for the Martians).
const ONE_SIDE_ONLY: &[(&str, &str, &str)] = &[
    ("survive_to", "", "humans"),
    ("edge", "entry", "humans"),
    ("squares", "entry", "humans"),
    ("round", "entry", "humans"),
    ("edges", "entry", "martians"),
    ("rounds", "entry", "martians"),
    ("announce", "entry", "martians"),
];

fn walk_table(table: &'static Table, at: &Toml, steps: Vec<Step>, out: &mut Vec<Place>) {
    let t = at.as_table().expect("a table");
    for key in table.keys {
        let mut s = steps.clone();
        s.push(Step::Key(key.name.to_string()));
        let given_by = ONE_SIDE_ONLY.iter().find(|(k, table, _)| {
            *k == key.name
                && match steps.as_slice() {
                    [Step::Key(_)] => table.is_empty(),
                    [Step::Key(_), Step::Key(t), ..] => t == table,
                    _ => false,
                }
        });
        if let (Some((.., side)), Some(Step::Key(here))) = (given_by, steps.first())
            && here != side
        {
            continue;
        }
        let value = t.get(key.name).unwrap_or_else(|| {
            panic!(
                "the every-key fixture lacks {}: give every key of the schema",
                Place {
                    steps: s.clone(),
                    kind: &key.value,
                    key: Some(key)
                }
                .path()
            )
        });
        out.push(Place {
            steps: s.clone(),
            kind: &key.value,
            key: Some(key),
        });
        walk_kind(&key.value, value, s, out);
    }
}

/// Every key path in a TOML document (array entries as `[i]`).
fn document_paths(at: &Toml, prefix: &str, out: &mut Vec<String>) {
    match at {
        Toml::Table(t) => {
            for (k, v) in t {
                let p = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                out.push(p.clone());
                document_paths(v, &p, out);
            }
        }
        Toml::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                if v.is_table() {
                    document_paths(v, &format!("{prefix}[{i}]"), out);
                }
            }
        }
        _ => {}
    }
}

fn slot<'a>(doc: &'a mut Toml, steps: &[Step]) -> &'a mut Toml {
    let mut at = doc;
    for step in steps {
        at = match step {
            Step::Key(k) => at.as_table_mut().unwrap().get_mut(k).unwrap(),
            Step::First => at.as_array_mut().unwrap().first_mut().unwrap(),
        };
    }
    at
}

/// The document with the value at `place` replaced.
fn with(place: &Place, value: Toml) -> Toml {
    let mut doc = fixture();
    *slot(&mut doc, &place.steps) = value;
    doc
}

/// The document without the key at `place`.
fn without(place: &Place) -> Toml {
    let mut doc = fixture();
    let (last, parent) = place.steps.split_last().unwrap();
    let Step::Key(k) = last else { unreachable!() };
    slot(&mut doc, parent).as_table_mut().unwrap().remove(k);
    doc
}

/// What the reader says about a document: its errors, or the scenario it makes.
fn read(doc: &Toml) -> Result<String, Vec<String>> {
    let text = toml::to_string(doc).unwrap();
    match parse_scenario("t.toml", &text) {
        Ok(loaded) => Ok(format!("{:?}", loaded.scenario)),
        Err(ds) => Err(ds
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.message)
            .collect()),
    }
}

fn errors(doc: &Toml) -> Vec<String> {
    read(doc).err().unwrap_or_default()
}

fn schema_accepts(doc: &Toml) -> bool {
    validator(Format::Scenario).is_valid(&to_json(doc))
}

#[test]
fn the_fixture_gives_exactly_the_keys_of_the_schema_and_loads() {
    let doc = fixture();
    let mut schema_paths: Vec<String> = places(&doc)
        .iter()
        .filter(|p| p.key.is_some())
        .map(Place::path)
        .collect();
    // A table of the writer's choosing is a key of the document but not of the schema.
    schema_paths.push("profiles.grunt".into());
    schema_paths.sort();
    let mut doc_paths = Vec::new();
    document_paths(&doc, "", &mut doc_paths);
    // The fixture gives more than one model (and the Humans more than one entry): the
    // schema's walk takes the first.
    doc_paths.retain(|p| !p.split('[').skip(1).any(|s| !s.starts_with("0]")));
    doc_paths.sort();
    assert_eq!(doc_paths, schema_paths);
    assert!(schema_accepts(&doc));
    let read = read(&doc);
    assert!(read.is_ok(), "{read:?}");
}

#[test]
fn the_reader_reads_every_key_of_the_schema_and_the_schema_checks_it() {
    // A boolean is of the wrong type everywhere in a scenario but at a boolean key, where
    // an integer is: the reader reports it at the key's own path (so it reads the key), and
    // the schema rejects it.
    let doc = fixture();
    for place in places(&doc) {
        let path = place.path();
        let (wrong, found) = match place.kind {
            Kind::Bool => (Toml::Integer(1), "found an integer"),
            _ => (Toml::Boolean(true), "found a boolean (true)"),
        };
        let bad = with(&place, wrong);
        let errs = errors(&bad);
        assert!(
            errs.iter()
                .any(|e| e.starts_with(&format!("{path}: expected ")) && e.ends_with(found)),
            "{path}: {errs:?}"
        );
        assert!(
            !schema_accepts(&bad),
            "the schema takes a boolean at {path}"
        );
    }
}

#[test]
fn an_unknown_key_is_an_error_in_every_table_for_both() {
    let doc = fixture();
    let mut tables: Vec<Vec<Step>> = vec![Vec::new()];
    for place in places(&doc) {
        if matches!(place.kind, Kind::Table(_)) {
            tables.push(place.steps.clone());
        }
    }
    tables.push(vec![
        Step::Key("profiles".into()),
        Step::Key("grunt".into()),
    ]);
    for steps in tables {
        let mut bad = fixture();
        slot(&mut bad, &steps)
            .as_table_mut()
            .unwrap()
            .insert("zz_unknown".into(), Toml::Integer(1));
        let errs = errors(&bad);
        assert!(
            errs.iter().any(|e| e.contains("zz_unknown: unknown key")),
            "{steps:?}: {errs:?}"
        );
        assert!(
            !schema_accepts(&bad),
            "the schema takes an unknown key at {steps:?}"
        );
    }
}

#[test]
fn a_missing_required_key_is_an_error_for_both_and_an_optional_one_is_not() {
    let doc = fixture();
    for place in places(&doc) {
        let Some(key) = place.key else { continue };
        let bad = without(&place);
        let errs = errors(&bad);
        let missing = format!("missing required key \"{}\"", key.name);
        let reported = errs.iter().any(|e| e.contains(&missing));
        assert_eq!(reported, key.is_required(), "{}: {errs:?}", place.path());
        assert_eq!(
            schema_accepts(&bad),
            !key.is_required(),
            "{}: the schema and the key table disagree",
            place.path()
        );
    }
}

#[test]
fn an_optional_key_left_out_takes_the_default_the_schema_states() {
    let doc = fixture();
    let mut checked = 0;
    for place in places(&doc) {
        let Some(key) = place.key else { continue };
        let default = match key.default {
            Default::Int(n) => Toml::Integer(n),
            Default::Bool(b) => Toml::Boolean(b),
            Default::Str(s) => Toml::String(s.to_string()),
            Default::Empty => Toml::Array(Vec::new()),
            _ => continue,
        };
        let given = with(&place, default);
        let left_out = without(&place);
        // The same scenario, or (where the default clashes with the rest of the
        // fixture, as critters = 0 with placed = 4) the same messages.
        assert_eq!(read(&given), read(&left_out), "{}", place.path());
        checked += 1;
    }
    // description, vp_target, deck, hand_size, walls, blockers, abilities, critters,
    // secrets, objectives, and per side models[0].count, .wave and .may_exit, the 6
    // awards, hold, hold[0].vp and hold[0].from, the Humans' entry[0].round and the
    // Martians' entry.announce.
    assert_eq!(checked, 10 + 2 * 12 + 2);
}

#[test]
fn integer_limits_are_the_same_for_both() {
    let doc = fixture();
    let mut checked = 0;
    for place in places(&doc) {
        let Kind::Int { min, max } = place.kind else {
            continue;
        };
        let path = place.path();
        let range_error = |doc: &Toml| {
            errors(doc)
                .iter()
                .any(|e| e.starts_with(&format!("{path}: ")) && e.contains("out of range"))
        };
        for inside in [*min, *max] {
            let ok = with(&place, Toml::Integer(inside));
            assert!(!range_error(&ok), "{path} = {inside}");
            assert!(schema_accepts(&ok), "{path} = {inside}");
        }
        for outside in [*min - 1, *max + 1] {
            let bad = with(&place, Toml::Integer(outside));
            assert!(range_error(&bad), "{path} = {outside}: {:?}", errors(&bad));
            assert!(!schema_accepts(&bad), "{path} = {outside}");
        }
        checked += 1;
    }
    // vp_target, round_limit, hand_size, shoot, fight, survive, range, and per side
    // count, the 6 awards, its own vp_target, models[0].vp_killed and vp_exit,
    // models[0].wave, hold[0].vp, .from, .until and .win_after, and the entry's Round (the
    // Humans' round, the Martians' rounds[0]), and critters, secrets, objectives, placed,
    // the Humans' survive_to, and the Martians' entry.announce.
    assert_eq!(checked, 7 + 2 * 16 + 4 + 2);
}

#[test]
fn text_limits_are_the_same_for_both() {
    let doc = fixture();
    for place in places(&doc) {
        let Kind::Text {
            max_chars,
            non_blank,
        } = place.kind
        else {
            continue;
        };
        let path = place.path();
        let at = |doc: &Toml| {
            errors(doc)
                .into_iter()
                .filter(|e| e.starts_with(&format!("{path}: ")))
                .count()
        };
        // Characters, not bytes: a long string of two-byte letters is still in.
        let longest = with(&place, Toml::String("é".repeat(*max_chars)));
        assert_eq!(at(&longest), 0, "{path}");
        assert!(schema_accepts(&longest), "{path}");
        let too_long = with(&place, Toml::String("é".repeat(max_chars + 1)));
        assert_eq!(at(&too_long), 1, "{path}");
        assert!(!schema_accepts(&too_long), "{path}");
        let blank = with(&place, Toml::String("  ".into()));
        assert_eq!(at(&blank) == 1, *non_blank, "{path}");
        assert_eq!(schema_accepts(&blank), !non_blank, "{path}");
        // No control character (an escape, a bell, DEL, a C1 code) anywhere; line breaks
        // and tabs only in text that may run over lines.
        for c in ['\u{1b}', '\u{7}', '\u{7f}', '\u{85}'] {
            let control = with(&place, Toml::String(format!("a{c}b")));
            assert_eq!(at(&control), 1, "{path} {c:?}");
            assert!(!schema_accepts(&control), "{path} {c:?}");
        }
        for c in ['\n', '\t', '\r'] {
            let lines = with(&place, Toml::String(format!("a{c}b")));
            assert_eq!(at(&lines) == 1, *non_blank, "{path} {c:?}");
            assert_eq!(schema_accepts(&lines), !non_blank, "{path} {c:?}");
        }
    }
}

#[test]
fn words_are_the_same_for_both() {
    let doc = fixture();
    let mut checked = 0;
    for place in places(&doc) {
        let Kind::Word { words, any_case } = place.kind else {
            continue;
        };
        let path = place.path();
        let word_error = |doc: &Toml, w: &str| {
            errors(doc)
                .iter()
                .any(|e| e.starts_with(&format!("{path}: ")) && e.contains(&format!("\"{w}\"")))
        };
        for w in *words {
            let ok = with(&place, Toml::String(w.to_string()));
            assert!(!word_error(&ok, w), "{path} = {w}: {:?}", errors(&ok));
            assert!(schema_accepts(&ok), "{path} = {w}");
            let shouted = format!(" {} ", w.to_uppercase());
            let loud = with(&place, Toml::String(shouted.clone()));
            assert_eq!(
                !word_error(&loud, &shouted),
                *any_case,
                "{path} = {shouted:?}"
            );
            assert_eq!(schema_accepts(&loud), *any_case, "{path} = {shouted:?}");
        }
        let bad = with(&place, Toml::String("zzz".into()));
        assert!(word_error(&bad, "zzz"), "{path}");
        assert!(!schema_accepts(&bad), "{path}");
        checked += 1;
    }
    // first_turn, deploy_first, deck, walls[0].kind, abilities[0], and per side the
    // entry's edge (the Humans' edge, the Martians' edges[0]), exit, and
    // models[0].ends_game.dies and .exits.
    assert_eq!(checked, 5 + 2 * 4);
}

#[test]
fn shaped_strings_the_schema_takes_are_read_and_malformed_ones_rejected_by_both() {
    let doc = fixture();
    let mut checked = 0;
    for place in places(&doc) {
        let Kind::Shape { examples, .. } = place.kind else {
            continue;
        };
        let path = place.path();
        let at = |doc: &Toml| {
            errors(doc)
                .into_iter()
                .filter(|e| e.starts_with(&format!("{path}: ")))
                .collect::<Vec<_>>()
        };
        for example in *examples {
            for spelling in [
                example.to_string(),
                format!("  {}  ", example.to_uppercase()),
            ] {
                let is_profile = path.ends_with(".profile");
                let ok = with(&place, Toml::String(spelling.clone()));
                // Profile keys are lowercase; the reader looks them up as written.
                let upper_profile = is_profile && spelling != *example;
                assert_eq!(schema_accepts(&ok), !upper_profile, "{path} = {spelling:?}");
                if !upper_profile {
                    // The value may clash with the rest of the file (a wall that is
                    // there already, a zone too small), but not be malformed.
                    for e in at(&ok) {
                        assert!(
                            !e.contains("expected") && !e.contains("is not"),
                            "{path} = {spelling:?}: {e}"
                        );
                    }
                }
            }
        }
        if path.ends_with(".profile") {
            // Any profile key is a well-formed reference; the reader then looks it up.
            for bad in ["", "Soldier", "a b"] {
                let doc = with(&place, Toml::String(bad.into()));
                assert!(!schema_accepts(&doc), "{path} = {bad:?}");
                assert!(
                    at(&doc).iter().any(|e| e.contains("unknown profile")),
                    "{path} = {bad:?}"
                );
            }
        } else {
            for malformed in ["", "i9", "c", "c3 c4 north", "north", "c3-"] {
                let bad = with(&place, Toml::String(malformed.into()));
                assert!(!schema_accepts(&bad), "{path} = {malformed:?}");
                assert!(!at(&bad).is_empty(), "{path} = {malformed:?}");
            }
        }
        checked += 1;
    }
    // blockers[0], walls[0].edge, counters.zone[0], and per side deployment[0],
    // models[0].profile, models[0].start, hold[0].zone, and the Humans' entry[0].squares.
    assert_eq!(checked, 3 + 2 * 4 + 1);
}

#[test]
fn a_side_needs_a_model_for_both() {
    let doc = fixture();
    for place in places(&doc) {
        let Kind::List { min_items, .. } = place.kind else {
            continue;
        };
        let empty = with(&place, Toml::Array(Vec::new()));
        let path = place.path();
        let reported = errors(&empty)
            .iter()
            .any(|e| e.starts_with(&format!("{path}: ")) && e.contains("at least one"));
        assert_eq!(reported, *min_items > 0, "{path}");
        assert_eq!(schema_accepts(&empty), *min_items == 0, "{path}");
    }
}

#[test]
fn a_dice_deck_of_more_locations_than_a_deck_holds_is_refused_by_reader_and_schema_alike() {
    // 64 locations at most (dice_game::card::MAX_LOCATIONS): 65 copies of the stand-in's
    // first, each named apart.
    let text = std::fs::read_to_string(root().join("cards/dice-game.toml")).unwrap();
    let mut doc: Toml = toml::from_str(&text).unwrap();
    let first = doc["locations"].as_array().unwrap()[0].clone();
    let many: Vec<toml::Value> = (0..65)
        .map(|i| {
            let mut l = first.clone();
            l.as_table_mut()
                .unwrap()
                .insert("name".into(), toml::Value::String(format!("Town {i}")));
            l
        })
        .collect();
    doc.as_table_mut()
        .unwrap()
        .insert("locations".into(), toml::Value::Array(many));
    let schema = Format::DiceDeck.json_schema();
    let validator = jsonschema::draft7::new(&schema).unwrap();
    assert!(!validator.is_valid(&to_json(&doc)), "the schema refuses 65");
    let text = toml::to_string(&doc).unwrap();
    let problems = parse_dice_deck("many.toml", &text).unwrap_err();
    assert!(
        problems.iter().any(|p| p.message.contains("at most 64")),
        "{problems:?}"
    );
    // 64 pass both.
    let locations = doc["locations"].as_array_mut().unwrap();
    locations.truncate(64);
    assert!(validator.is_valid(&to_json(&doc)));
    assert!(parse_dice_deck("64.toml", &toml::to_string(&doc).unwrap()).is_ok());
}
