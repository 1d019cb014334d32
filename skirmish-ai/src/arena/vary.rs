//! Variant sweeps (`arena --vary KEY=V1,V2,...`): one scenario file played as several
//! scenarios, one for every combination of the values given.
//!
//! A key is a dotted path into the scenario file, as the reader's messages write it:
//! `vp_target`, `martians.deployment`, `humans.models[0].count`, `profiles.grunt.range`.
//! The path is looked up in the scenario format's key tables (`rules::schema`), which
//! say what a value there is: an integer is written as one, a list of zones takes its
//! zones joined by `+` (`--vary martians.deployment=a7-h8,a5-h6+c8`), anything else is a
//! string. Each variant is the file with its values put in, read by the same reader as
//! any scenario file, and named after its values: `Who's There? [vp_target=6,
//! martians.deployment=c4-f6]`. A variant that does not load is reported with the
//! reader's messages, and nothing is played.
//!
//! The variants of a file share its deals: [`Variant::deal_name`] is the file's own
//! scenario name, from which the arena derives the set-up, dice and player seeds, so game
//! `g` of a pairing meets the same counters and dice in every variant.

use std::fmt;

use toml::Value as Toml;

use rules::scenario::Scenario;
use rules::scenario_file::{Diagnostic, parse_scenario};
use rules::schema::{Kind, Table};

pub use super::vary_error::{KeyPathError, PutError, SweepError};

/// The most variants one sweep may make (the arena's limit on scenarios applies too).
pub const MAX_VARIANTS: usize = 1000;

/// One `--vary KEY=V1,V2,...`: a key and the values it takes in turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vary {
    pub key: String,
    pub values: Vec<String>,
}

impl std::str::FromStr for Vary {
    type Err = SweepError;

    fn from_str(s: &str) -> Result<Vary, SweepError> {
        let text = || s.to_string();
        let (key, values) = s
            .split_once('=')
            .ok_or_else(|| SweepError::NoEquals { text: text() })?;
        let key = key.trim();
        if key.is_empty() {
            return Err(SweepError::NoKey { text: text() });
        }
        let values: Vec<String> = values.split(',').map(|v| v.trim().to_string()).collect();
        if values.iter().any(String::is_empty) {
            return Err(SweepError::EmptyValue {
                text: text(),
                key: key.to_string(),
            });
        }
        for (i, v) in values.iter().enumerate() {
            if values[..i].contains(v) {
                return Err(SweepError::Twice {
                    text: text(),
                    value: v.clone(),
                });
            }
        }
        Ok(Vary {
            key: key.to_string(),
            values,
        })
    }
}

/// A step of a key path.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

/// A sweep that cannot be made, and why.
#[derive(Clone, Debug, PartialEq)]
pub enum VaryError {
    /// The sweep itself is wrong (an unknown key, a key given twice, too many variants).
    Usage(String),
    /// Some variants do not load: each with the reader's messages.
    Invalid(Vec<(String, Vec<Diagnostic>)>),
}

impl fmt::Display for VaryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VaryError::Usage(m) => f.write_str(m),
            VaryError::Invalid(bad) => {
                for (i, (name, diagnostics)) in bad.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "variant {name} does not load:")?;
                    for d in diagnostics {
                        let severity = match d.severity {
                            rules::scenario_file::Severity::Error => "",
                            rules::scenario_file::Severity::Warning => "warning: ",
                        };
                        write!(f, "\n  {severity}{}", d.message)?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// A scenario of a sweep.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The scenario, named after its values.
    pub scenario: Scenario,
    /// The name the variant's seeds derive from: the swept file's own scenario name.
    pub deal_name: String,
    /// The variant's file text (its fingerprint in results).
    pub text: String,
    /// `key=value` for each swept key, in the order the sweeps were given.
    pub values: Vec<String>,
}

/// Every combination of the `sweeps`' values put into the scenario file `text` (read as
/// `file`), the first sweep's values varying slowest. Fails with the reader's messages
/// for every variant that does not load, before any is played.
pub fn variants(file: &str, text: &str, sweeps: &[Vary]) -> Result<Vec<Variant>, VaryError> {
    let doc: toml::Table = toml::from_str(text).map_err(|e| {
        VaryError::Usage(format!(
            "{file}: cannot be swept: it is not valid TOML: {e}"
        ))
    })?;
    let base = match parse_scenario(file, text) {
        Ok(loaded) => loaded.scenario,
        Err(diagnostics) => {
            return Err(VaryError::Invalid(vec![(file.to_string(), diagnostics)]));
        }
    };
    let mut paths = Vec::new();
    for (i, sweep) in sweeps.iter().enumerate() {
        if sweeps[..i].iter().any(|s| s.key == sweep.key) {
            return Err(VaryError::Usage(format!(
                "--vary {}: the key is swept twice; give all its values in one --vary",
                sweep.key
            )));
        }
        paths.push(resolve(&sweep.key)?);
    }
    let doc = with_core_profiles(doc, &paths, sweeps)?;
    let count = sweeps
        .iter()
        .try_fold(1usize, |n, s| n.checked_mul(s.values.len()))
        .filter(|&n| n <= MAX_VARIANTS)
        .ok_or_else(|| {
            VaryError::Usage(format!(
                "the sweeps make more than {MAX_VARIANTS} variants; sweep fewer values"
            ))
        })?;
    let mut out = Vec::with_capacity(count);
    let mut bad = Vec::new();
    for n in 0..count {
        // The n-th combination, the last sweep varying fastest.
        let mut pick = vec![0; sweeps.len()];
        let mut rest = n;
        for (i, s) in sweeps.iter().enumerate().rev() {
            pick[i] = rest % s.values.len();
            rest /= s.values.len();
        }
        let mut variant = Toml::Table(doc.clone());
        let mut values = Vec::new();
        for ((sweep, (steps, kind)), &p) in sweeps.iter().zip(&paths).zip(&pick) {
            let value = &sweep.values[p];
            put(&mut variant, steps, typed(kind, value))
                .map_err(|e| VaryError::Usage(e.to_string()))?;
            values.push(format!("{}={value}", sweep.key));
        }
        let name = format!("{} [{}]", base.name, values.join(", "));
        let text = toml::to_string(&variant).expect("a TOML table always serializes");
        match parse_scenario(&format!("{file} [{}]", values.join(", ")), &text) {
            Ok(loaded) => {
                let mut scenario = loaded.scenario;
                scenario.name = name;
                out.push(Variant {
                    scenario,
                    deal_name: base.name.clone(),
                    text,
                    values,
                });
            }
            Err(diagnostics) => bad.push((name, diagnostics)),
        }
    }
    if bad.is_empty() {
        Ok(out)
    } else {
        Err(VaryError::Invalid(bad))
    }
}

/// `doc` with a table of its own for every core profile a sweep changes a key of
/// (`profiles.martian.range`), copied from the core profiles, so that one key of a
/// profile varies alone: the reader takes a scenario's `[profiles.<key>]` whole. A profile
/// that is neither the file's nor a core one is refused by name.
fn with_core_profiles(
    mut doc: toml::Table,
    paths: &[(Vec<Step>, &'static Kind)],
    sweeps: &[Vary],
) -> Result<toml::Table, VaryError> {
    for ((steps, _), sweep) in paths.iter().zip(sweeps) {
        let [Step::Key(profiles), Step::Key(key), _, ..] = steps.as_slice() else {
            continue;
        };
        if profiles != "profiles" {
            continue;
        }
        let has_own = doc
            .get("profiles")
            .and_then(Toml::as_table)
            .is_some_and(|t| t.contains_key(key));
        if has_own {
            continue;
        }
        let core: toml::Table = toml::from_str(include_str!("../../../profiles/core.toml"))
            .expect("the built-in profiles are valid TOML");
        let Some(profile) = core.get(key) else {
            let mut known: Vec<String> = doc
                .get("profiles")
                .and_then(Toml::as_table)
                .map(|t| t.keys().cloned().collect())
                .unwrap_or_default();
            known.extend(core.keys().cloned());
            return Err(VaryError::Usage(format!(
                "--vary {}: the scenario has no profile \"{key}\" (its profiles are {}); \
                 sweep one of those, or give the file a [profiles.{key}] table",
                sweep.key,
                known.join(", ")
            )));
        };
        let table = doc
            .entry("profiles")
            .or_insert_with(|| Toml::Table(toml::Table::new()));
        if let Toml::Table(t) = table {
            t.insert(key.clone(), profile.clone());
        }
    }
    Ok(doc)
}

/// Where a key path has got to in the key tables.
#[derive(Clone, Copy)]
enum At {
    Kind(&'static Kind),
    /// Inside a table of the writer's choosing (`profiles.grunt`).
    Table(&'static Table),
}

/// The path `key` names and the kind of value there, checked against the scenario
/// format's key tables.
fn resolve(key: &str) -> Result<(Vec<Step>, &'static Kind), VaryError> {
    let usage = |why: String| VaryError::Usage(format!("--vary {key}: {why}"));
    let steps = parse_path(key).map_err(|e| usage(e.to_string()))?;
    let mut at = At::Kind(&rules::schema::scenario::FILE);
    let mut done = String::new();
    for step in &steps {
        let table = match at {
            At::Kind(&Kind::Table(t)) | At::Table(t) => Some(t),
            _ => None,
        };
        at = match (at, step, table) {
            (_, Step::Key(k), Some(table)) => match table.key(k) {
                Some(found) => At::Kind(&found.value),
                None => {
                    let place = if done.is_empty() { "a scenario" } else { &done };
                    let known: Vec<&str> = table.names().collect();
                    return Err(usage(format!(
                        "{place} has no key \"{k}\"; its keys are {}",
                        known.join(", ")
                    )));
                }
            },
            (At::Kind(Kind::TableOf { value, .. }), Step::Key(_), _) => At::Kind(value),
            (At::Kind(Kind::List { item, .. }), Step::Index(_), _) => At::Kind(item),
            // One table or a list of them: `entry.round` or `entry[1].round`.
            (At::Kind(Kind::OneOrList(t)), Step::Index(_), _) => At::Table(t),
            (At::Kind(Kind::OneOrList(t)), Step::Key(k), _) => match t.key(k) {
                Some(found) => At::Kind(&found.value),
                None => {
                    let known: Vec<&str> = t.names().collect();
                    return Err(usage(format!(
                        "{done} has no key \"{k}\"; its keys are {}",
                        known.join(", ")
                    )));
                }
            },
            (_, Step::Index(i), _) => {
                return Err(usage(format!(
                    "{done} is not an array, so [{i}] names nothing"
                )));
            }
            (_, Step::Key(k), _) => {
                return Err(usage(format!(
                    "{done} is not a table, so it has no key \"{k}\""
                )));
            }
        };
        match step {
            Step::Key(k) => {
                if !done.is_empty() {
                    done.push('.');
                }
                done.push_str(k);
            }
            Step::Index(i) => done.push_str(&format!("[{i}]")),
        }
    }
    match at {
        At::Kind(kind) => check_leaf(key, &steps, kind).map(|()| (steps, kind)),
        At::Table(_) => Err(usage("this is a table; sweep one of its keys".into())),
    }
}

fn check_leaf(key: &str, steps: &[Step], kind: &Kind) -> Result<(), VaryError> {
    if matches!(steps, [Step::Key(k)] if k == "name") {
        return Err(VaryError::Usage(format!(
            "--vary {key}: the variants are named after their values; sweep another key"
        )));
    }
    match kind {
        Kind::Table(_) | Kind::TableOf { .. } | Kind::OneOrList(_) | Kind::Tagged(_) => {
            Err(VaryError::Usage(format!(
                "--vary {key}: this is a table; sweep one of its keys"
            )))
        }
        Kind::List {
            item: Kind::Table(_),
            ..
        } => Err(VaryError::Usage(format!(
            "--vary {key}: this is an array of tables; sweep a key of one entry, like \
                 {key}[0].<key>"
        ))),
        _ => Ok(()),
    }
}

/// `humans.models[0].count` as steps.
fn parse_path(key: &str) -> Result<Vec<Step>, KeyPathError> {
    let key_ = || key.to_string();
    let mut steps = Vec::new();
    for part in key.split('.') {
        let (name, mut rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if name.is_empty() {
            return Err(KeyPathError::EmptyKey { key: key_() });
        }
        steps.push(Step::Key(name.to_string()));
        while !rest.is_empty() {
            let close = rest
                .find(']')
                .ok_or_else(|| KeyPathError::Unclosed { key: key_() })?;
            let index: usize = rest[1..close].parse().map_err(|_| KeyPathError::Position {
                key: key_(),
                position: rest[1..close].to_string(),
            })?;
            steps.push(Step::Index(index));
            rest = &rest[close + 1..];
            if !rest.is_empty() && !rest.starts_with('[') {
                return Err(KeyPathError::Malformed { key: key_() });
            }
        }
    }
    Ok(steps)
}

/// `value` as the TOML value a key of `kind` takes: integers as integers (anything else
/// stays a string, for the reader to report), list items joined by `+`.
fn typed(kind: &Kind, value: &str) -> Toml {
    match kind {
        Kind::Int { .. } => value
            .parse::<i64>()
            .map_or_else(|_| Toml::String(value.to_string()), Toml::Integer),
        Kind::Bool => value
            .parse::<bool>()
            .map_or_else(|_| Toml::String(value.to_string()), Toml::Boolean),
        Kind::List { item, .. } => {
            Toml::Array(value.split('+').map(|v| typed(item, v.trim())).collect())
        }
        _ => Toml::String(value.to_string()),
    }
}

/// Put `value` at `steps` in `doc`, making the tables on the way that are not there yet.
fn put(doc: &mut Toml, steps: &[Step], value: Toml) -> Result<(), PutError> {
    let mut at = doc;
    let mut done = String::new();
    for (i, step) in steps.iter().enumerate() {
        let last = i + 1 == steps.len();
        match step {
            Step::Key(k) => {
                let Toml::Table(t) = at else {
                    return Err(PutError::NotATable { path: done });
                };
                if last {
                    t.insert(k.clone(), value);
                    return Ok(());
                }
                if !done.is_empty() {
                    done.push('.');
                }
                done.push_str(k);
                let next_is_index = matches!(steps[i + 1], Step::Index(_));
                if next_is_index && !t.contains_key(k) {
                    return Err(PutError::NoArray { path: done });
                }
                at = t
                    .entry(k.clone())
                    .or_insert_with(|| Toml::Table(toml::Table::new()));
            }
            Step::Index(n) => {
                let Toml::Array(a) = at else {
                    return Err(PutError::NotAnArray { path: done });
                };
                let len = a.len();
                let Some(slot) = a.get_mut(*n) else {
                    return Err(PutError::NoEntry {
                        path: done,
                        len,
                        position: *n,
                    });
                };
                done.push_str(&format!("[{n}]"));
                if last {
                    *slot = value;
                    return Ok(());
                }
                at = slot;
            }
        }
    }
    Ok(())
}
