//! Diagnostics while a file is read: findings at byte offsets, collected by a [`Sink`]
//! (shared by every file reader), and turned into lines and columns.

use std::ops::Range;

use crate::diagnostic::{Diagnostic, MAX_DIAGNOSTICS, Severity};

/// A finding before its byte offset is turned into a line and column.
pub struct Finding {
    pub severity: Severity,
    pub at: usize,
    pub message: String,
}

/// Collects diagnostics while a file is read; shared by every file reader.
#[derive(Default)]
pub struct Sink {
    pub found: Vec<Finding>,
}

impl Sink {
    pub fn error(&mut self, span: &Range<usize>, message: impl Into<String>) {
        self.push(Severity::Error, span, message.into());
    }

    pub fn warn(&mut self, span: &Range<usize>, message: impl Into<String>) {
        self.push(Severity::Warning, span, message.into());
    }

    pub fn push(&mut self, severity: Severity, span: &Range<usize>, message: String) {
        self.found.push(Finding {
            severity,
            at: span.start,
            message,
        });
    }

    /// A TOML syntax error, where the parser stopped. The parser gives no place for a
    /// dotted key or table header nested past its limit; that one is found here, so it
    /// is reported on its own line rather than at 1:1.
    pub fn toml_error(&mut self, e: &toml::de::Error, text: &str) {
        match e.span() {
            Some(span) => self.error(
                &(span.start..span.start),
                format!("TOML syntax error: {}", e.message()),
            ),
            None => match deepest_key(text) {
                Some((at, parts)) if parts > MAX_KEY_PARTS => self.error(
                    &(at..at),
                    format!(
                        "TOML syntax error: {}: this key has {parts} dotted parts; a key or \
                         table header may have at most {MAX_KEY_PARTS}",
                        e.message()
                    ),
                ),
                _ => self.error(&(0..0), format!("TOML syntax error: {}", e.message())),
            },
        }
    }

    pub fn has_errors(&self) -> bool {
        self.found.iter().any(|f| f.severity == Severity::Error)
    }

    pub fn error_count(&self) -> usize {
        self.found
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .count()
    }

    /// In file order; at most `MAX_DIAGNOSTICS` (errors before warnings when cut).
    pub fn finish(mut self, file: &str, text: &str) -> Vec<Diagnostic> {
        self.found.sort_by_key(|f| f.at);
        let total = self.found.len();
        let total_errors = self.error_count();
        if total > MAX_DIAGNOSTICS {
            let errors = total_errors;
            if errors >= MAX_DIAGNOSTICS {
                self.found.retain(|f| f.severity == Severity::Error);
            } else {
                let mut warnings_left = MAX_DIAGNOSTICS - errors;
                self.found.retain(|f| {
                    f.severity == Severity::Error || {
                        let keep = warnings_left > 0;
                        warnings_left = warnings_left.saturating_sub(1);
                        keep
                    }
                });
            }
            self.found.truncate(MAX_DIAGNOSTICS);
        }
        let lines = Lines::new(text);
        let mut out: Vec<Diagnostic> = self
            .found
            .iter()
            .map(|f| {
                let (line, column) = lines.position(f.at);
                Diagnostic {
                    severity: f.severity,
                    file: file.to_string(),
                    line,
                    column,
                    message: f.message.clone(),
                }
            })
            .collect();
        if total > out.len() {
            let (line, column) = lines.position(self.found.last().map_or(0, |f| f.at));
            let shown_errors = out.iter().filter(|d| d.severity == Severity::Error).count();
            let errors = total_errors - shown_errors;
            let warnings = total - out.len() - errors;
            out.push(Diagnostic {
                severity: Severity::Error,
                file: file.to_string(),
                line,
                column,
                message: format!(
                    "{OMITTED} {} more problems not shown ({errors} errors, {warnings} \
                     warnings; only the first {MAX_DIAGNOSTICS} are listed)",
                    total - out.len()
                ),
            });
        }
        out
    }
}

/// The most dotted parts the TOML reader accepts in one key or table header
/// (`[a.b.c]` has 3).
pub const MAX_KEY_PARTS: usize = 80;

/// The key or table header with the most dotted parts: its byte offset and its parts.
/// Dots inside quoted parts do not count.
pub(crate) fn deepest_key(text: &str) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let start = offset + (line.len() - trimmed.len());
        offset += line.len();
        let (body, end) = match trimmed.strip_prefix('[') {
            Some(rest) => (rest.trim_start_matches('['), ']'),
            None => (trimmed, '='),
        };
        let mut parts = 1;
        let mut quote = None;
        for c in body.chars() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '.') => parts += 1,
                (None, c) if c == end || c == '#' => break,
                _ => {}
            }
        }
        if best.is_none_or(|(_, n)| parts > n) {
            best = Some((start, parts));
        }
    }
    best
}

/// How the last diagnostic of a list cut short begins.
const OMITTED: &str = "... and";

/// How many errors and warnings `diagnostics` stand for, counting those a list cut short
/// at [`MAX_DIAGNOSTICS`] left out (its last entry says how many of each).
pub fn totals(diagnostics: &[Diagnostic]) -> (usize, usize) {
    let mut errors = 0;
    let mut warnings = 0;
    for d in diagnostics {
        let omitted = d
            .message
            .strip_prefix(OMITTED)
            .and_then(|rest| rest.split_once('(')?.1.split_once(" errors, "))
            .and_then(|(e, rest)| Some((e.parse::<usize>().ok()?, rest.split_once(' ')?.0)))
            .and_then(|(e, w)| Some((e, w.parse::<usize>().ok()?)));
        match (omitted, d.severity) {
            (Some((e, w)), _) => {
                errors += e;
                warnings += w;
            }
            (None, Severity::Error) => errors += 1,
            (None, Severity::Warning) => warnings += 1,
        }
    }
    (errors, warnings)
}

/// Byte offsets to 1-based lines and columns (columns count characters).
pub struct Lines<'a> {
    pub text: &'a str,
    pub starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Lines<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { text, starts }
    }

    pub fn position(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        (line, self.text[start..offset].chars().count() + 1)
    }
}
