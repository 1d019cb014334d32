//! Scenario files in tests: the repository's files, loading what must load and failing what
//! must fail, and finding a diagnostic by its place and words.
#![allow(dead_code)]

use std::path::PathBuf;

use rules::Square;
use rules::scenario_file::{Diagnostic, Loaded, Severity, load_scenario, parse_scenario};

pub const WHOS_THERE: &str = "scenarios/whos-there.toml";

/// The repository's folder, whichever crate's tests these are: the one holding
/// `scenarios/`.
pub fn root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if here.join("scenarios").is_dir() {
        here
    } else {
        here.parent().map(PathBuf::from).unwrap_or(here)
    }
}

pub fn load(rel: &str) -> Result<Loaded, Vec<Diagnostic>> {
    load_scenario(&root().join(rel))
}

pub fn show(diags: &[Diagnostic]) -> String {
    diags
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The scenario must load; returns its warnings.
pub fn loads(text: &str) -> Loaded {
    match parse_scenario("test.toml", text) {
        Ok(l) => l,
        Err(d) => panic!("expected the scenario to load, got:\n{}", show(&d)),
    }
}

/// The scenario must fail; returns every diagnostic.
pub fn fails(text: &str) -> Vec<Diagnostic> {
    match parse_scenario("test.toml", text) {
        Ok(_) => panic!("expected errors, but the scenario loaded:\n{text}"),
        Err(d) => {
            assert!(!d.is_empty(), "a failure must say why");
            assert!(d.iter().any(|d| d.severity == Severity::Error));
            d
        }
    }
}

/// Some diagnostic of `severity` at `line:column` contains `fragment`.
#[track_caller]
pub fn assert_has(
    diags: &[Diagnostic],
    severity: Severity,
    line: usize,
    column: usize,
    fragment: &str,
) {
    assert!(
        diags.iter().any(|d| d.severity == severity
            && d.line == line
            && d.column == column
            && d.message.contains(fragment)),
        "no {severity:?} at {line}:{column} containing {fragment:?} in:\n{}",
        show(diags)
    );
}

/// Some error contains `fragment` (position not checked).
#[track_caller]
pub fn assert_error(diags: &[Diagnostic], fragment: &str) {
    assert!(
        diags
            .iter()
            .any(|d| d.severity == Severity::Error && d.message.contains(fragment)),
        "no error containing {fragment:?} in:\n{}",
        show(diags)
    );
}

#[track_caller]
pub fn assert_warning(warnings: &[Diagnostic], fragment: &str) {
    assert!(
        warnings
            .iter()
            .any(|d| d.severity == Severity::Warning && d.message.contains(fragment)),
        "no warning containing {fragment:?} in:\n{}",
        show(warnings)
    );
}

/// A small valid scenario that the tests below break one way at a time.
pub const BASE: &str = r#"name = "Test"
first_turn = "humans"

[map]
walls = [{ edge = "c3 north", kind = "high" }]

[humans]
models = [{ profile = "soldier", count = 2, start = "enter" }]
entry = { edge = "south" }

[martians]
models = [{ profile = "martian", count = 2, start = "deploy" }]
deployment = ["a8-h8"]

[counters]
critters = 2
secrets = 2
"#;

/// `BASE` with `from` (which must be there) replaced by `to`.
#[track_caller]
pub fn base_with(from: &str, to: &str) -> String {
    assert!(BASE.contains(from), "BASE has no {from:?}");
    BASE.replacen(from, to, 1)
}

pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

// ----- the shipped scenario ---------------------------------------------------------
