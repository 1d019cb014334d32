//! Random mutations of the shipped scenario files fed to the loader: it never panics, and
//! every diagnostic it gives points at a line and column inside the file.

use std::path::PathBuf;

use proptest::prelude::*;
use rules::scenario_file::{Diagnostic, parse_scenario_bytes};

/// The shipped scenarios and the test fixtures, as bytes.
fn originals() -> Vec<(String, Vec<u8>)> {
    let root = crate::common::scenario_files::root();
    let mut out = Vec::new();
    for dir in ["scenarios", "tests/fixtures/scenarios"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        for p in paths {
            out.push((p.display().to_string(), std::fs::read(&p).unwrap()));
        }
    }
    assert!(
        out.len() >= 3,
        "the shipped scenarios and fixtures are there"
    );
    out
}

/// Pieces that TOML and the scenario format give meaning to, so mutations reach past the
/// TOML parser into the checks.
const PIECES: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    "=",
    "\"",
    "'",
    ",",
    ".",
    "\n",
    "#",
    "[[",
    "]]",
    "a.b.c.d.e.f",
    "0",
    "-1",
    "99999999999999999999",
    "1e400",
    "nan",
    "true",
    "\"z9\"",
    "\"c3 north\"",
    "\"a1-h8 east\"",
    "high",
    "low",
    "\"enter\"",
    "\"deploy\"",
    "models",
    "profile",
    "round_limit",
    "[map]",
    "[humans]",
    "[martians.vp]",
    "[profiles.x]",
    "\u{1b}",
    "\u{0}",
    "é",
    "\u{feff}",
    "\r\n",
];

#[derive(Clone, Debug)]
enum Mutation {
    /// Remove `len` bytes at `at` (both taken modulo the length).
    Delete { at: usize, len: usize },
    /// Insert one of [`PIECES`].
    Insert { at: usize, piece: usize },
    /// Insert raw bytes (maybe not UTF-8).
    Bytes { at: usize, bytes: Vec<u8> },
    /// Copy a slice elsewhere.
    Copy { from: usize, len: usize, to: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0usize..64).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<usize>(), 0..PIECES.len()).prop_map(|(at, piece)| Mutation::Insert { at, piece }),
        (any::<usize>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(at, bytes)| Mutation::Bytes { at, bytes }),
        (any::<usize>(), 0usize..200, any::<usize>()).prop_map(|(from, len, to)| Mutation::Copy {
            from,
            len,
            to
        }),
    ]
}

fn apply(text: &mut Vec<u8>, m: &Mutation) {
    let n = text.len().max(1);
    match m {
        Mutation::Delete { at, len } => {
            let at = at % n;
            let end = (at + len).min(text.len());
            if at < end {
                text.drain(at..end);
            }
        }
        Mutation::Insert { at, piece } => {
            let at = at % (text.len() + 1);
            text.splice(at..at, PIECES[*piece].bytes());
        }
        Mutation::Bytes { at, bytes } => {
            let at = at % (text.len() + 1);
            text.splice(at..at, bytes.iter().copied());
        }
        Mutation::Copy { from, len, to } => {
            let from = from % n;
            let end = (from + len).min(text.len());
            let piece: Vec<u8> = text.get(from..end).unwrap_or_default().to_vec();
            let to = to % (text.len() + 1);
            text.splice(to..to, piece);
        }
    }
}

/// Whether `d` points inside `bytes`: a line that exists and a column at most one past
/// the end of that line (columns count characters, never more than bytes).
fn inside(bytes: &[u8], d: &Diagnostic) -> bool {
    let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    d.line >= 1 && d.line <= lines.len() && d.column >= 1 && d.column <= lines[d.line - 1].len() + 1
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn mutated_scenarios_never_panic_and_point_inside_the_file(
        which in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let files = originals();
        let (name, original) = &files[which.index(files.len())];
        let mut text = original.clone();
        for m in &mutations {
            apply(&mut text, m);
        }
        let result = std::panic::catch_unwind(|| parse_scenario_bytes(name, &text));
        prop_assert!(result.is_ok(), "the loader panicked on {:?}", String::from_utf8_lossy(&text));
        let diagnostics = match result.unwrap() {
            Ok(loaded) => loaded.warnings,
            Err(d) => {
                prop_assert!(!d.is_empty(), "a file that does not load says why");
                d
            }
        };
        for d in &diagnostics {
            prop_assert!(inside(&text, d), "{d} is not inside the file:\n{}", String::from_utf8_lossy(&text));
        }
    }
}

#[test]
fn the_positions_check_itself_rejects_positions_outside_the_file() {
    let d = |line, column| Diagnostic {
        severity: rules::scenario_file::Severity::Error,
        file: "f".into(),
        line,
        column,
        message: String::new(),
    };
    let text = b"ab\nc";
    assert!(inside(text, &d(1, 3)));
    assert!(inside(text, &d(2, 2)));
    assert!(!inside(text, &d(1, 4)));
    assert!(!inside(text, &d(3, 1)));
    assert!(!inside(text, &d(0, 1)));
}
