//! Reading single values out of a TOML document, each reported at its place when it is
//! not what was asked: strings of bounded length without control characters, integers in
//! range, booleans, arrays, one of a few words, and the did-you-mean suggestions for slips.

use std::ops::Range;

use serde_spanned::Spanned;
use toml::de::{DeArray, DeValue};

use crate::schema::{self, Kind};
use crate::sink::Sink;

/// A TOML value with its span.
pub type Value<'i> = Spanned<DeValue<'i>>;

/// A value as written, with its place in the file.
#[derive(Clone, Debug)]
pub struct Sp<T> {
    pub value: T,
    pub span: Range<usize>,
}

/// "a string", "an integer", ... as a value of the wrong type is described.
pub(crate) fn type_name(v: &DeValue) -> String {
    match v {
        DeValue::String(_) => "a string".into(),
        DeValue::Integer(_) => "an integer".into(),
        DeValue::Float(f) => format!(
            "a number with a fraction or exponent ({})",
            shorten(f.as_str(), 24)
        ),
        DeValue::Boolean(b) => format!("a boolean ({b})"),
        DeValue::Datetime(_) => "a date-time".into(),
        DeValue::Array(_) => "an array".into(),
        DeValue::Table(_) => "a table".into(),
    }
}

pub fn wrong_type(sink: &mut Sink, path: &str, v: &Value, expected: &str) {
    sink.error(
        &v.span(),
        format!(
            "{path}: expected {expected}, found {}",
            type_name(v.get_ref())
        ),
    );
}

/// A string of at most `max_chars` characters (and not blank when `non_blank`).
pub(crate) fn read_text(
    sink: &mut Sink,
    path: &str,
    v: &Value,
    max_chars: usize,
    non_blank: bool,
) -> Option<String> {
    let Some(s) = v.get_ref().as_str() else {
        wrong_type(sink, path, v, "a string");
        return None;
    };
    if non_blank && s.trim().is_empty() {
        sink.error(&v.span(), format!("{path}: must not be empty"));
        return None;
    }
    let n = s.chars().count();
    if n > max_chars {
        sink.error(
            &v.span(),
            format!("{path}: {n} characters is too long (at most {max_chars})"),
        );
        return None;
    }
    // Text is shown on terminals and in the table: a control character (an escape
    // sequence, a bell) would act there instead of being shown. Line breaks and tabs are
    // allowed where the text may run over lines (`non_blank` is false for those).
    let allowed = |c: char| !non_blank && (c == '\n' || c == '\t' || c == '\r');
    if let Some(c) = s.chars().find(|&c| c.is_control() && !allowed(c)) {
        sink.error(
            &v.span(),
            format!(
                "{path}: contains the control character U+{:04X}; text may hold no control \
                 characters{}",
                c as u32,
                if non_blank {
                    ""
                } else {
                    " but line breaks and tabs"
                }
            ),
        );
        return None;
    }
    Some(s.to_string())
}

/// A string with its span.
pub fn read_str(sink: &mut Sink, path: &str, v: &Value) -> Option<Sp<String>> {
    match v.get_ref().as_str() {
        Some(s) => Some(Sp {
            value: s.to_string(),
            span: v.span(),
        }),
        None => {
            wrong_type(sink, path, v, "a string");
            None
        }
    }
}

/// `true` or `false`, with its span.
pub fn read_bool(sink: &mut Sink, path: &str, v: &Value) -> Option<Sp<bool>> {
    match v.get_ref() {
        DeValue::Boolean(b) => Some(Sp {
            value: *b,
            span: v.span(),
        }),
        _ => {
            wrong_type(sink, path, v, "true or false");
            None
        }
    }
}

/// An integer in `lo..=hi`.
pub fn read_int(sink: &mut Sink, path: &str, v: &Value, lo: i64, hi: i64) -> Option<i64> {
    let DeValue::Integer(i) = v.get_ref() else {
        wrong_type(sink, path, v, "an integer");
        return None;
    };
    match i64::from_str_radix(i.as_str(), i.radix()) {
        Ok(n) if (lo..=hi).contains(&n) => Some(n),
        Ok(n) => {
            sink.error(
                &v.span(),
                format!("{path}: {n} is out of range (expected {lo} to {hi})"),
            );
            None
        }
        Err(_) => {
            sink.error(
                &v.span(),
                format!(
                    "{path}: {} is far out of range (expected {lo} to {hi})",
                    shorten(i.as_str(), 24)
                ),
            );
            None
        }
    }
}

/// An integer within the limits `key` states in `file_check::schema`.
pub fn read_key_int<T: TryFrom<i64>>(
    sink: &mut Sink,
    path: &str,
    v: &Value,
    key: &schema::Key,
) -> Option<T> {
    let (lo, hi) = key.int_range();
    // The limits fit the type the value is kept in (a test reads every key's limits).
    read_int(sink, path, v, lo, hi).and_then(|n| T::try_from(n).ok())
}

/// A string within the limits `key` states in `file_check::schema`.
pub fn read_key_text(sink: &mut Sink, path: &str, v: &Value, key: &schema::Key) -> Option<String> {
    match key.value {
        Kind::Text {
            max_chars,
            non_blank,
        } => read_text(sink, path, v, max_chars, non_blank),
        _ => unreachable!("{} is not a text key", key.name),
    }
}

pub fn read_array<'t, 'i>(
    sink: &mut Sink,
    path: &str,
    v: &'t Value<'i>,
) -> Option<&'t DeArray<'i>> {
    match v.get_ref() {
        DeValue::Array(a) => Some(a),
        _ => {
            wrong_type(sink, path, v, "an array");
            None
        }
    }
}

/// One of a few words, with a suggestion when it is close to one.
pub fn read_word<T: Copy>(
    sink: &mut Sink,
    path: &str,
    v: &Value,
    what: &str,
    words: &[(&str, T)],
) -> Option<Sp<T>> {
    read_word_as(sink, path, v, what, words, NotAWord::Quoted)
}

/// How a string that is none of the words asked for is told (the formats differ), say for
/// `"hunams"` at `side` when the words are humans and martians.
#[derive(Clone, Copy, Debug)]
pub enum NotAWord {
    /// `side: "hunams" is not a side: expected "humans" or "martians" (did you mean
    /// "humans"?)`, the string quoted with escapes and cut short.
    Quoted,
    /// `side: "hunams" is not a side: expected one of humans, martians (did you mean
    /// "humans"?)`, the string as written.
    OneOf,
    /// `side: "hunams" is not one of humans, martians (did you mean "humans"?)`, the
    /// string as written.
    Words,
}

/// One of a few words, with a suggestion when it is close to one, told as `wording` says
/// when it is none of them.
pub fn read_word_as<T: Copy>(
    sink: &mut Sink,
    path: &str,
    v: &Value,
    what: &str,
    words: &[(&str, T)],
    wording: NotAWord,
) -> Option<Sp<T>> {
    let s = read_str(sink, path, v)?;
    let lower = s.value.trim().to_ascii_lowercase();
    if let Some((_, t)) = words.iter().find(|(w, _)| *w == lower) {
        return Some(Sp {
            value: *t,
            span: s.span,
        });
    }
    let names: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
    let dym = did_you_mean(&lower, names.iter().copied());
    let written = &s.value;
    let message = match wording {
        NotAWord::Quoted => format!(
            "{path}: {} is not {what}: expected {}{dym}",
            quote(written),
            one_of(&names)
        ),
        NotAWord::OneOf => format!(
            "{path}: \"{written}\" is not {what}: expected one of {}{dym}",
            names.join(", ")
        ),
        NotAWord::Words => format!(
            "{path}: \"{written}\" is not one of {}{dym}",
            names.join(", ")
        ),
    };
    sink.error(&s.span, message);
    None
}

/// The closest of `candidates` to `word`, when it is close enough to be a slip.
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let n = word.chars().count();
    if n == 0 || n > 64 {
        return None;
    }
    let word = word.to_lowercase();
    let limit = n.div_ceil(3).max(1);
    candidates
        .into_iter()
        .map(|c| (edit_distance(&word, c), c))
        .filter(|&(d, c)| d <= limit && d < c.chars().count().max(n))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    match suggest(word, candidates) {
        Some(s) if s != word => format!(" (did you mean \"{s}\"?)"),
        _ => String::new(),
    }
}

/// Edit distance counting an adjacent swap as one edit (optimal string alignment).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
        }
    }
    d[a.len() * w + b.len()]
}

pub(crate) fn one_of(words: &[&str]) -> String {
    let q: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        n => format!("{} or {}", q[..n - 1].join(", "), q[n - 1]),
    }
}

/// `s` in double quotes, cut short when long.
pub fn quote(s: &str) -> String {
    format!("\"{}\"", shorten(s, 40).escape_debug())
}

pub fn shorten(s: &str, max_chars: usize) -> String {
    match s.char_indices().nth(max_chars) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}
