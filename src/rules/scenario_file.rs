//! Scenario files: TOML as written by a designer (`ScenarioFile`), checked by `validate`
//! into a `Scenario`. Every problem is reported at once with file, line and column.
//!
//! Loading goes in two stages. `read` walks the parsed TOML document, spans and all,
//! into a `ScenarioFile`: it reports unknown keys (with the closest known key), missing
//! keys, values of the wrong type or out of range, and anything a single value can get
//! wrong on its own (a square off the board, a crooked wall run). `validate` then checks
//! what only the whole file can tell (capacities, profiles that exist, duplicate walls,
//! counters that fit) and builds the `Scenario`. Both stages always run to the end, so a
//! designer sees every problem in one go. Nothing a file can say makes either stage panic
//! or take more than time linear in the file's size, and files over `MAX_FILE_BYTES` are
//! refused before they are read. The format is described in `docs/scenario-format.md`.

use std::fmt;
use std::io::Read;
use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use serde_spanned::Spanned;
use toml::de::{DeArray, DeTable, DeValue};

use super::map::{Map, WallKind, Walls};
use super::profile::{Abilities, Ability, Profile};
use super::scenario::{
    CounterSetup, Entry, MAX_MODELS, ModelSetup, Scenario, SideSetup, Start, VpAwards,
};
use super::schema::{self, Kind, scenario as keys};
use super::square::{BySide, Edge, Side, Square, SquareError, squares_of};

/// How serious a finding is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Severity {
    Error,
    Warning,
}

/// One finding about a file, at a place in it (1-based line and column).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tag = match self.severity {
            Severity::Error => "",
            Severity::Warning => "warning: ",
        };
        write!(
            f,
            "{}:{}:{}: {}{}",
            self.file, self.line, self.column, tag, self.message
        )
    }
}

/// A scenario that loaded, with any warnings about it.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub scenario: Scenario,
    pub warnings: Vec<Diagnostic>,
}

/// The largest scenario file accepted, in bytes (1 MiB). A real scenario is a few KiB.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// At most this many findings are listed; past it, one last finding says how many more
/// there were.
pub const MAX_DIAGNOSTICS: usize = 100;

/// The VP target when a scenario does not set one ("The first side to earn 8 VPs
/// immediately wins the game", R25).
pub const DEFAULT_VP_TARGET: u16 = keys::DEFAULT_VP_TARGET;

/// The most models a square holds (R3).
const SQUARE_CAPACITY: u32 = 6;

/// Read and check a scenario file. On failure, every error found (and the warnings).
pub fn load_scenario(path: &Path) -> Result<Loaded, Vec<Diagnostic>> {
    let file = path.display().to_string();
    let fail = |message: String| {
        Err(vec![Diagnostic {
            severity: Severity::Error,
            file: file.clone(),
            line: 1,
            column: 1,
            message,
        }])
    };
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) => return fail(format!("cannot read the scenario file: {e}")),
    };
    if meta.is_dir() {
        return fail("this is a directory, not a scenario file".to_string());
    }
    if meta.len() > MAX_FILE_BYTES {
        return fail(too_big(meta.len()));
    }
    let mut bytes = Vec::new();
    let read = std::fs::File::open(path)
        // Never trust the size alone: the file may grow, or be a device.
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes));
    if let Err(e) = read {
        return fail(format!("cannot read the scenario file: {e}"));
    }
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return fail(format!(
            "the file is more than {MAX_FILE_BYTES} bytes; a scenario file may be at most \
             {MAX_FILE_BYTES} bytes (1 MiB)"
        ));
    }
    match String::from_utf8(bytes) {
        Ok(text) => parse_scenario(&file, &text),
        Err(e) => {
            let good = e.utf8_error().valid_up_to();
            let bad = e.as_bytes()[good];
            let prefix = std::str::from_utf8(&e.as_bytes()[..good]).unwrap_or_default();
            let (line, column) = Lines::new(prefix).position(good);
            Err(vec![Diagnostic {
                severity: Severity::Error,
                file,
                line,
                column,
                message: format!(
                    "the file is not UTF-8 text: byte 0x{bad:02x} here is not valid UTF-8 \
                     (save the file as UTF-8)"
                ),
            }])
        }
    }
}

fn too_big(len: u64) -> String {
    format!(
        "the file is {len} bytes; a scenario file may be at most {MAX_FILE_BYTES} bytes (1 MiB)"
    )
}

/// Check scenario text; `file` names it in diagnostics.
pub fn parse_scenario(file: &str, text: &str) -> Result<Loaded, Vec<Diagnostic>> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(vec![Diagnostic {
            severity: Severity::Error,
            file: file.to_string(),
            line: 1,
            column: 1,
            message: too_big(text.len() as u64),
        }]);
    }
    let mut sink = Sink::default();
    let scenario = match DeTable::parse(text) {
        Ok(doc) => {
            let raw = read(&mut sink, &doc);
            validate(&mut sink, &raw, &core_profiles())
        }
        Err(e) => {
            let at = e.span().map_or(0, |s| s.start);
            sink.error(&(at..at), format!("TOML syntax error: {}", e.message()));
            None
        }
    };
    let has_errors = sink.has_errors();
    let diagnostics = sink.finish(file, text);
    match scenario {
        Some(scenario) if !has_errors => Ok(Loaded {
            scenario,
            warnings: diagnostics,
        }),
        _ => Err(diagnostics),
    }
}

/// The core profiles of `profiles/core.toml` (Martian, US Army Soldier).
pub fn core_profiles() -> Vec<Profile> {
    static CORE: OnceLock<Vec<Profile>> = OnceLock::new();
    CORE.get_or_init(|| {
        let text = include_str!("../../profiles/core.toml");
        match parse_profiles("profiles/core.toml", text) {
            Ok(profiles) => profiles,
            Err(errors) => {
                let list: Vec<String> = errors.iter().map(|d| d.to_string()).collect();
                panic!(
                    "the built-in profiles/core.toml is invalid:\n{}",
                    list.join("\n")
                )
            }
        }
    })
    .clone()
}

/// Check a profiles file (a table of `[key]` profile tables, as `profiles/core.toml`).
pub fn parse_profiles(file: &str, text: &str) -> Result<Vec<Profile>, Vec<Diagnostic>> {
    let mut sink = Sink::default();
    let mut out = Vec::new();
    match DeTable::parse(text) {
        Ok(doc) => {
            let root = Tbl::root(&doc, None);
            for (key, value) in root.entries_in_order() {
                if let Some((_, Some(p))) = read_profile(&mut sink, &root, key, value) {
                    out.push(p);
                }
            }
        }
        Err(e) => {
            let at = e.span().map_or(0, |s| s.start);
            sink.error(&(at..at), format!("TOML syntax error: {}", e.message()));
        }
    }
    if sink.has_errors() {
        Err(sink.finish(file, text))
    } else {
        Ok(out)
    }
}

// ===== findings ==========================================================================

/// A finding before its byte offset is turned into a line and column.
struct Finding {
    severity: Severity,
    at: usize,
    message: String,
}

/// Collects diagnostics while a file is read; shared by the scenario and card readers.
#[derive(Default)]
pub(super) struct Sink {
    found: Vec<Finding>,
}

impl Sink {
    pub(super) fn error(&mut self, span: &Range<usize>, message: impl Into<String>) {
        self.push(Severity::Error, span, message.into());
    }

    fn warn(&mut self, span: &Range<usize>, message: impl Into<String>) {
        self.push(Severity::Warning, span, message.into());
    }

    fn push(&mut self, severity: Severity, span: &Range<usize>, message: String) {
        self.found.push(Finding {
            severity,
            at: span.start,
            message,
        });
    }

    pub(super) fn has_errors(&self) -> bool {
        self.found.iter().any(|f| f.severity == Severity::Error)
    }

    pub(super) fn error_count(&self) -> usize {
        self.found
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .count()
    }

    /// In file order; at most `MAX_DIAGNOSTICS` (errors before warnings when cut).
    pub(super) fn finish(mut self, file: &str, text: &str) -> Vec<Diagnostic> {
        self.found.sort_by_key(|f| f.at);
        let total = self.found.len();
        if total > MAX_DIAGNOSTICS {
            let errors = self.error_count();
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
            out.push(Diagnostic {
                severity: Severity::Error,
                file: file.to_string(),
                line,
                column,
                message: format!(
                    "... and {} more problems not shown (only the first {MAX_DIAGNOSTICS} \
                     are listed)",
                    total - out.len()
                ),
            });
        }
        out
    }
}

/// Byte offsets to 1-based lines and columns (columns count characters).
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { text, starts }
    }

    fn position(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        (line, self.text[start..offset].chars().count() + 1)
    }
}

// ===== the raw file ======================================================================

/// A value as written, with its place in the file.
#[derive(Clone, Debug)]
struct Sp<T> {
    value: T,
    span: Range<usize>,
}

/// An optional key: absent (the default applies), present but wrong (already reported),
/// or given.
#[derive(Clone, Debug)]
enum Field<T> {
    Absent,
    Invalid,
    Given(T),
}

impl<T> Field<T> {
    fn given(&self) -> Option<&T> {
        match self {
            Field::Given(v) => Some(v),
            _ => None,
        }
    }

    fn is_invalid(&self) -> bool {
        matches!(self, Field::Invalid)
    }

    fn from_option(v: Option<T>) -> Field<T> {
        v.map_or(Field::Invalid, Field::Given)
    }
}

/// A scenario file as written: every value typed and checked on its own, not yet
/// against the rest of the file.
#[derive(Debug)]
struct ScenarioFile {
    name: Field<String>,
    description: Field<String>,
    first_turn: Field<Sp<Side>>,
    vp_target: Field<u16>,
    round_limit: Field<Sp<u16>>,
    deploy_first: Field<Sp<Side>>,
    map: Field<MapFile>,
    /// `[profiles.<key>]` tables in file order; `None` when the table had errors.
    profiles: Vec<(Sp<String>, Option<Profile>)>,
    profiles_invalid: bool,
    sides: [Field<SideFile>; 2],
    counters: Field<CountersFile>,
    /// The card deck (R19): the core deck, or none.
    deck: Field<Arc<super::cards::Deck>>,
    /// The hand size (R22).
    hand_size: Field<u8>,
}

#[derive(Debug)]
struct MapFile {
    span: Range<usize>,
    walls: Field<Vec<WallFile>>,
    blockers: Field<Vec<ZoneFile>>,
}

#[derive(Debug)]
struct WallFile {
    path: String,
    /// The `edge` string and its span; `pieces` is `None` when it did not parse.
    edge: Option<Sp<String>>,
    pieces: Option<Vec<(Square, Edge)>>,
    kind: Option<WallKind>,
}

/// A square or rectangle of squares, as written.
#[derive(Debug)]
struct ZoneFile {
    path: String,
    text: String,
    span: Range<usize>,
    squares: Option<u64>,
}

#[derive(Debug)]
struct SideFile {
    side: Side,
    span: Range<usize>,
    models: Field<Sp<Vec<ModelFile>>>,
    deployment: Field<Sp<Vec<ZoneFile>>>,
    entry: Field<EntryFile>,
    exit: Field<Sp<Edge>>,
    vp: VpAwards,
    vp_spans: VpSpans,
}

#[derive(Debug, Default)]
struct VpSpans {
    counter: Option<Range<usize>>,
    exit: Option<Range<usize>>,
}

#[derive(Debug)]
struct ModelFile {
    path: String,
    span: Range<usize>,
    profile: Option<Sp<String>>,
    count: Field<u16>,
    start: Option<Sp<Start>>,
}

#[derive(Debug)]
struct EntryFile {
    edge: Option<Sp<Edge>>,
    round: Field<Sp<u16>>,
}

#[derive(Debug)]
struct CountersFile {
    span: Range<usize>,
    critters: Field<u8>,
    secrets: Field<u8>,
    placed: Field<Sp<u8>>,
}

// ===== stage 1: reading the TOML document ===============================================

pub(super) type Value<'i> = Spanned<DeValue<'i>>;

/// A TOML table being read, with its dotted path for messages and the keys it may hold
/// (`None`: keys of the writer's choosing, such as profile keys).
struct Tbl<'t, 'i> {
    path: String,
    span: Range<usize>,
    table: &'t DeTable<'i>,
    keys: Option<&'static schema::Table>,
}

impl<'t, 'i> Tbl<'t, 'i> {
    fn root(doc: &'t Spanned<DeTable<'i>>, keys: Option<&'static schema::Table>) -> Tbl<'t, 'i> {
        Tbl {
            path: String::new(),
            span: doc.span(),
            table: doc.get_ref(),
            keys,
        }
    }

    fn key_path(&self, key: &str) -> String {
        let key = shorten(key, 40);
        if self.path.is_empty() {
            key
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// The entries in the order they appear in the file.
    fn entries_in_order(&self) -> Vec<(&'t Spanned<std::borrow::Cow<'i, str>>, &'t Value<'i>)> {
        let mut v: Vec<_> = self.table.iter().collect();
        v.sort_by_key(|(k, _)| k.span().start);
        v
    }

    /// Report every key the table may not hold, suggesting the closest known one.
    fn check_keys(&self, sink: &mut Sink) {
        let Some(table) = self.keys else {
            return;
        };
        let known: Vec<&str> = table.names().collect();
        for (key, _) in self.entries_in_order() {
            let name: &str = key.get_ref();
            if known.contains(&name) {
                continue;
            }
            let message = match suggest(name, known.iter().copied()) {
                Some(s) => format!(
                    "{}: unknown key (did you mean \"{s}\"?)",
                    self.key_path(name)
                ),
                None => format!(
                    "{}: unknown key; the keys here are {}",
                    self.key_path(name),
                    known.join(", ")
                ),
            };
            sink.error(&key.span(), message);
        }
    }

    fn get(&self, key: &str) -> Option<&'t Value<'i>> {
        // Every key read is one of the table's keys in `rules::schema`: the reader knows no
        // key that the schema does not (a test loads files that reach every read).
        debug_assert!(
            self.keys.is_none_or(|t| t.key(key).is_some()),
            "the reader reads {key:?} at {:?}, which its table in rules::schema lacks",
            self.path
        );
        self.table.get(key)
    }

    /// Read `key` with `f`; `Absent` when the key is not there.
    fn opt<T>(
        &self,
        sink: &mut Sink,
        key: &schema::Key,
        f: impl FnOnce(&mut Sink, String, &'t Value<'i>) -> Option<T>,
    ) -> Field<T> {
        match self.get(key.name) {
            None => Field::Absent,
            Some(v) => Field::from_option(f(sink, self.key_path(key.name), v)),
        }
    }

    /// Read `key` with `f`; a missing key is an error at this table, `what` saying what
    /// the key is for.
    fn req<T>(
        &self,
        sink: &mut Sink,
        key: &schema::Key,
        what: &str,
        f: impl FnOnce(&mut Sink, String, &'t Value<'i>) -> Option<T>,
    ) -> Option<T> {
        let key = key.name;
        match self.get(key) {
            None => {
                let place = if self.path.is_empty() {
                    String::new()
                } else {
                    format!("{}: ", self.path)
                };
                sink.error(
                    &self.span,
                    format!("{place}missing required key \"{key}\" ({what})"),
                );
                None
            }
            Some(v) => f(sink, self.key_path(key), v),
        }
    }
}

/// "a string", "an integer", ... as a value of the wrong type is described.
pub(super) fn type_name(v: &DeValue) -> String {
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

pub(super) fn wrong_type(sink: &mut Sink, path: &str, v: &Value, expected: &str) {
    sink.error(
        &v.span(),
        format!(
            "{path}: expected {expected}, found {}",
            type_name(v.get_ref())
        ),
    );
}

/// A string of at most `max_chars` characters (and not blank when `non_blank`).
fn read_text(
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
    Some(s.to_string())
}

/// A string with its span.
fn read_str(sink: &mut Sink, path: &str, v: &Value) -> Option<Sp<String>> {
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

/// An integer in `lo..=hi`.
pub(super) fn read_int(sink: &mut Sink, path: &str, v: &Value, lo: i64, hi: i64) -> Option<i64> {
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

/// An integer within the limits `key` states in `rules::schema`.
fn read_key_int<T: TryFrom<i64>>(
    sink: &mut Sink,
    path: &str,
    v: &Value,
    key: &schema::Key,
) -> Option<T> {
    let (lo, hi) = key.int_range();
    // The limits fit the type the value is kept in (a test reads every key's limits).
    read_int(sink, path, v, lo, hi).and_then(|n| T::try_from(n).ok())
}

/// A string within the limits `key` states in `rules::schema`.
fn read_key_text(sink: &mut Sink, path: &str, v: &Value, key: &schema::Key) -> Option<String> {
    match key.value {
        Kind::Text {
            max_chars,
            non_blank,
        } => read_text(sink, path, v, max_chars, non_blank),
        _ => unreachable!("{} is not a text key", key.name),
    }
}

fn read_array<'t, 'i>(sink: &mut Sink, path: &str, v: &'t Value<'i>) -> Option<&'t DeArray<'i>> {
    match v.get_ref() {
        DeValue::Array(a) => Some(a),
        _ => {
            wrong_type(sink, path, v, "an array");
            None
        }
    }
}

/// A table, which may hold `keys` (`None`: any keys).
fn read_table<'t, 'i>(
    sink: &mut Sink,
    path: &str,
    v: &'t Value<'i>,
    keys: Option<&'static schema::Table>,
) -> Option<Tbl<'t, 'i>> {
    match v.get_ref() {
        DeValue::Table(t) => Some(Tbl {
            path: path.to_string(),
            span: v.span(),
            table: t,
            keys,
        }),
        _ => {
            wrong_type(sink, path, v, "a table");
            None
        }
    }
}

/// One of a few words, with a suggestion when it is close to one.
fn read_word<T: Copy>(
    sink: &mut Sink,
    path: &str,
    v: &Value,
    what: &str,
    words: &[(&str, T)],
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
    sink.error(
        &s.span,
        format!(
            "{path}: {} is not {what}: expected {}{}",
            quote(&s.value),
            one_of(&names),
            did_you_mean(&lower, names.iter().copied())
        ),
    );
    None
}

const SIDE_WORDS: &[(&str, Side)] = &[("humans", Side::Humans), ("martians", Side::Martians)];
const EDGE_WORDS: &[(&str, Edge)] = &[
    ("north", Edge::North),
    ("east", Edge::East),
    ("south", Edge::South),
    ("west", Edge::West),
];
const KIND_WORDS: &[(&str, WallKind)] = &[("high", WallKind::High), ("low", WallKind::Low)];

fn read_side_word(sink: &mut Sink, path: String, v: &Value) -> Option<Sp<Side>> {
    read_word(sink, &path, v, "a side", SIDE_WORDS)
}

fn read_edge_word(sink: &mut Sink, path: String, v: &Value) -> Option<Sp<Edge>> {
    read_word(sink, &path, v, "a board edge", EDGE_WORDS)
}

fn read(sink: &mut Sink, doc: &Spanned<DeTable>) -> ScenarioFile {
    let root = Tbl::root(doc, Some(&keys::ROOT));
    root.check_keys(sink);
    let name = Field::from_option(root.req(
        sink,
        &keys::NAME,
        "the scenario's title",
        |s, p, v| read_key_text(s, &p, v, &keys::NAME),
    ));
    let description = root.opt(sink, &keys::DESCRIPTION, |s, p, v| {
        read_key_text(s, &p, v, &keys::DESCRIPTION)
    });
    let first_turn = Field::from_option(root.req(
        sink,
        &keys::FIRST_TURN,
        "the side that takes the first Turn of Round 1: \"humans\" or \"martians\"",
        read_side_word,
    ));
    let vp_target = root.opt(sink, &keys::VP_TARGET, |s, p, v| {
        read_key_int(s, &p, v, &keys::VP_TARGET)
    });
    let round_limit = root.opt(sink, &keys::ROUND_LIMIT, |s, p, v| {
        read_key_int(s, &p, v, &keys::ROUND_LIMIT).map(|n| Sp {
            value: n,
            span: v.span(),
        })
    });
    let deploy_first = root.opt(sink, &keys::DEPLOY_FIRST, read_side_word);
    let map = Field::from_option(root.req(
        sink,
        &keys::MAP,
        "a [map] table with the walls and blockers",
        read_map,
    ));
    let mut profiles = Vec::new();
    let mut profiles_invalid = false;
    if let Some(v) = root.get(keys::PROFILES.name) {
        match read_table(sink, keys::PROFILES.name, v, None) {
            Some(t) => {
                for (key, value) in t.entries_in_order() {
                    match read_profile(sink, &t, key, value) {
                        Some(p) => profiles.push(p),
                        None => profiles_invalid = true,
                    }
                }
            }
            None => profiles_invalid = true,
        }
    }
    let sides = Side::BOTH.map(|side| {
        let (key, what) = match side {
            Side::Humans => (&keys::HUMANS, "a [humans] table with the Humans' models"),
            Side::Martians => (
                &keys::MARTIANS,
                "a [martians] table with the Martians' models",
            ),
        };
        Field::from_option(root.req(sink, key, what, |s, p, v| read_side(s, side, p, v)))
    });
    let counters = root.opt(sink, &keys::COUNTERS, read_counters);
    let deck = root.opt(sink, &keys::DECK, |s, p, v| {
        read_word(s, &p, v, "a deck", &[("core", true), ("none", false)]).map(|w| {
            if w.value {
                super::cards::core_deck()
            } else {
                Arc::new(super::cards::Deck::empty())
            }
        })
    });
    let hand_size = root.opt(sink, &keys::HAND_SIZE, |s, p, v| {
        read_key_int(s, &p, v, &keys::HAND_SIZE)
    });
    ScenarioFile {
        name,
        description,
        first_turn,
        vp_target,
        round_limit,
        deploy_first,
        map,
        profiles,
        profiles_invalid,
        sides,
        counters,
        deck,
        hand_size,
    }
}

fn read_map(sink: &mut Sink, path: String, v: &Value) -> Option<MapFile> {
    let t = read_table(sink, &path, v, Some(&keys::MAP_TABLE))?;
    t.check_keys(sink);
    let walls = t.opt(sink, &keys::WALLS, |s, p, v| {
        let arr = read_array(s, &p, v)?;
        let mut walls = Vec::with_capacity(arr.len());
        for (i, w) in arr.iter().enumerate() {
            walls.push(read_wall(s, format!("{p}[{i}]"), w));
        }
        Some(walls)
    });
    let blockers = t.opt(sink, &keys::BLOCKERS, |s, p, v| read_zones(s, &p, v));
    Some(MapFile {
        span: t.span.clone(),
        walls,
        blockers,
    })
}

fn read_wall(sink: &mut Sink, path: String, v: &Value) -> WallFile {
    let mut wall = WallFile {
        path: path.clone(),
        edge: None,
        pieces: None,
        kind: None,
    };
    if let Some(s) = v.get_ref().as_str() {
        // A common slip: `walls = ["c3 north"]`.
        sink.error(
            &v.span(),
            format!(
                "{path}: expected a table like {{ edge = {}, kind = \"high\" }}, found a string",
                quote(s)
            ),
        );
        return wall;
    }
    let Some(t) = read_table(sink, &path, v, Some(&keys::WALL)) else {
        return wall;
    };
    t.check_keys(sink);
    wall.edge = t.req(
        sink,
        &keys::WALL_EDGE,
        "which edge carries the wall, like \"c3 north\" or \"d3-f3 north\"",
        |s, p, v| read_str(s, &p, v),
    );
    if let Some(edge) = &wall.edge {
        match parse_wall_edge(&edge.value) {
            Ok(pieces) => wall.pieces = Some(pieces),
            Err(why) => sink.error(
                &edge.span,
                format!("{path}.edge: wall {}: {why}", quote(&edge.value)),
            ),
        }
    }
    wall.kind = t
        .req(sink, &keys::WALL_KIND, "\"high\" or \"low\"", |s, p, v| {
            read_word(s, &p, v, "a wall kind", KIND_WORDS)
        })
        .map(|k| k.value);
    wall
}

/// An array of squares or rectangles.
fn read_zones(sink: &mut Sink, path: &str, v: &Value) -> Option<Vec<ZoneFile>> {
    let arr = read_array(sink, path, v)?;
    let mut out = Vec::with_capacity(arr.len());
    for (i, z) in arr.iter().enumerate() {
        let p = format!("{path}[{i}]");
        let Some(s) = read_str(sink, &p, z) else {
            continue;
        };
        let squares = match parse_zone(&s.value) {
            Ok(bb) => Some(bb),
            Err(why) => {
                sink.error(&s.span, format!("{p}: {}: {why}", quote(&s.value)));
                None
            }
        };
        out.push(ZoneFile {
            path: p,
            text: s.value,
            span: s.span,
            squares,
        });
    }
    Some(out)
}

/// `[profiles.<key>]` (or a top-level table of a profiles file): `None` when the key
/// itself is unusable, otherwise the key and the profile if its values are all good.
fn read_profile(
    sink: &mut Sink,
    parent: &Tbl,
    key: &Spanned<std::borrow::Cow<'_, str>>,
    v: &Value,
) -> Option<(Sp<String>, Option<Profile>)> {
    let k: &str = key.get_ref();
    let path = parent.key_path(k);
    let key_ok = !k.is_empty()
        && k.chars().count() <= keys::MAX_PROFILE_KEY_CHARS
        && k.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if !key_ok {
        sink.error(
            &key.span(),
            format!(
                "{path}: a profile key is 1 to {} lowercase letters, \
                 digits, '-' or '_'",
                keys::MAX_PROFILE_KEY_CHARS
            ),
        );
    }
    let t = read_table(sink, &path, v, Some(&keys::PROFILE))?;
    t.check_keys(sink);
    let name = t.opt(sink, &keys::PROFILE_NAME, |s, p, v| {
        read_key_text(s, &p, v, &keys::PROFILE_NAME)
    });
    let mut value = |key: &schema::Key, what: &str| {
        let (lo, hi) = key.int_range();
        let what = format!("{what}, {lo} to {hi}");
        t.req(sink, key, &what, |s, p, v| read_key_int(s, &p, v, key))
    };
    let shoot = value(&keys::SHOOT, "the Shoot value (4 means 4+)");
    let fight = value(&keys::FIGHT, "the Fight value");
    let survive = value(&keys::SURVIVE, "the Survive value");
    let range = value(&keys::RANGE, "the Range in squares");
    let abilities = t.opt(sink, &keys::ABILITIES, |s, p, v| {
        let arr = read_array(s, &p, v)?;
        let mut set = Abilities::NONE;
        let mut ok = true;
        for (i, a) in arr.iter().enumerate() {
            let ap = format!("{p}[{i}]");
            let Some(name) = read_str(s, &ap, a) else {
                ok = false;
                continue;
            };
            match Ability::from_name(&name.value) {
                Some(ab) if set.has(ab) => {
                    s.warn(&name.span, format!("{ap}: \"{ab}\" is listed twice"));
                }
                Some(ab) => set = set.with(ab),
                None => {
                    ok = false;
                    let known: Vec<&str> = Ability::ALL.iter().map(|a| a.name()).collect();
                    s.error(
                        &name.span,
                        format!(
                            "{ap}: unknown ability {}{}; the abilities are {}",
                            quote(&name.value),
                            did_you_mean(&name.value, known.iter().copied()),
                            known.join(", ")
                        ),
                    );
                }
            }
        }
        ok.then_some(set)
    });
    let key_sp = Sp {
        value: k.to_string(),
        span: key.span(),
    };
    let profile = match (key_ok, shoot, fight, survive, range, &name, &abilities) {
        (true, Some(shoot), Some(fight), Some(survive), Some(range), n, a)
            if !n.is_invalid() && !a.is_invalid() =>
        {
            Some(Profile {
                key: k.to_string(),
                name: n.given().cloned().unwrap_or_else(|| k.to_string()),
                shoot,
                fight,
                survive,
                range,
                abilities: a.given().copied().unwrap_or(Abilities::NONE),
            })
        }
        _ => None,
    };
    Some((key_sp, profile))
}

fn read_side(sink: &mut Sink, side: Side, path: String, v: &Value) -> Option<SideFile> {
    let t = read_table(sink, &path, v, Some(&keys::SIDE))?;
    t.check_keys(sink);
    let models = Field::from_option(t.req(
        sink,
        &keys::MODELS,
        "an array like [{ profile = \"soldier\", count = 8, start = \"enter\" }]",
        |s, p, v| {
            let arr = read_array(s, &p, v)?;
            if arr.is_empty() {
                s.error(
                    &v.span(),
                    format!("{p}: a side needs at least one model (R25: a side with no model on the table has lost)"),
                );
                return None;
            }
            let models = arr
                .iter()
                .enumerate()
                .filter_map(|(i, m)| read_model(s, format!("{p}[{i}]"), m))
                .collect();
            Some(Sp {
                value: models,
                span: v.span(),
            })
        },
    ));
    let deployment = t.opt(sink, &keys::DEPLOYMENT, |s, p, v| {
        read_zones(s, &p, v).map(|z| Sp {
            value: z,
            span: v.span(),
        })
    });
    let entry = t.opt(sink, &keys::ENTRY, |s, p, v| {
        let e = read_table(s, &p, v, Some(&keys::ENTRY_TABLE))?;
        e.check_keys(s);
        let edge = e.req(
            s,
            &keys::ENTRY_EDGE,
            "the board edge the models come on across",
            read_edge_word,
        );
        let round = e.opt(s, &keys::ENTRY_ROUND, |s, p, v| {
            read_key_int(s, &p, v, &keys::ENTRY_ROUND).map(|n| Sp {
                value: n,
                span: v.span(),
            })
        });
        Some(EntryFile { edge, round })
    });
    let exit = t.opt(sink, &keys::EXIT, read_edge_word);
    let mut vp = VpAwards::default();
    let mut vp_spans = VpSpans::default();
    if let Some(v) = t.get(keys::VP.name)
        && let Some(vt) = read_table(sink, &t.key_path(keys::VP.name), v, Some(&keys::VP_TABLE))
    {
        vt.check_keys(sink);
        let mut award = |key: &schema::Key| {
            let span = vt.get(key.name).map(|v| v.span());
            let n = vt
                .opt(sink, key, |s, p, v| read_key_int(s, &p, v, key))
                .given()
                .copied()
                .unwrap_or(0);
            (n, span)
        };
        vp.shoot_kill = award(&keys::VP_SHOOT_KILL).0;
        vp.fight_kill = award(&keys::VP_FIGHT_KILL).0;
        (vp.counter, vp_spans.counter) = award(&keys::VP_COUNTER);
        vp.counters_free = award(&keys::VP_COUNTERS_FREE).0;
        (vp.exit, vp_spans.exit) = award(&keys::VP_EXIT);
    }
    Some(SideFile {
        side,
        span: t.span.clone(),
        models,
        deployment,
        entry,
        exit,
        vp,
        vp_spans,
    })
}

const START_HINT: &str = "\"deploy\", \"enter\" or a square like \"c4\"";

fn read_model(sink: &mut Sink, path: String, v: &Value) -> Option<ModelFile> {
    let t = read_table(sink, &path, v, Some(&keys::MODEL))?;
    t.check_keys(sink);
    let profile = t.req(
        sink,
        &keys::PROFILE_REF,
        "a profile key such as \"soldier\" or \"martian\"",
        |s, p, v| read_str(s, &p, v),
    );
    let count = t.opt(sink, &keys::COUNT, |s, p, v| {
        read_key_int(s, &p, v, &keys::COUNT)
    });
    let start = t.req(
        sink,
        &keys::START,
        &format!("where the models start: {START_HINT}"),
        |s, p, v| {
            let text = read_str(s, &p, v)?;
            match parse_start(&text.value) {
                Ok(start) => Some(Sp {
                    value: start,
                    span: text.span,
                }),
                Err(why) => {
                    s.error(&text.span, format!("{p}: {why}"));
                    None
                }
            }
        },
    );
    Some(ModelFile {
        path,
        span: t.span.clone(),
        profile,
        count,
        start,
    })
}

fn read_counters(sink: &mut Sink, path: String, v: &Value) -> Option<CountersFile> {
    let t = read_table(sink, &path, v, Some(&keys::COUNTERS_TABLE))?;
    t.check_keys(sink);
    let critters = t.opt(sink, &keys::CRITTERS, |s, p, v| {
        read_key_int(s, &p, v, &keys::CRITTERS)
    });
    let secrets = t.opt(sink, &keys::SECRETS, |s, p, v| {
        read_key_int(s, &p, v, &keys::SECRETS)
    });
    let placed = t.opt(sink, &keys::PLACED, |s, p, v| {
        read_key_int(s, &p, v, &keys::PLACED).map(|n| Sp {
            value: n,
            span: v.span(),
        })
    });
    Some(CountersFile {
        span: t.span.clone(),
        critters,
        secrets,
        placed,
    })
}

// ===== squares, zones, walls =============================================================

fn square(s: &str) -> Result<Square, String> {
    s.parse::<Square>().map_err(|e| match e {
        SquareError::Malformed(_) => format!(
            "{} is not a square: expected a column a-h and a row 1-8, like \"c4\"",
            quote(s)
        ),
        other => other.to_string(),
    })
}

/// `c4` or a rectangle `a7-h8` (corners in any order), as a bitboard.
fn parse_zone(s: &str) -> Result<u64, String> {
    let s = s.trim();
    let Some((a, b)) = s.split_once('-') else {
        return square(s).map(Square::bit);
    };
    let (a, b) = (square(a)?, square(b)?);
    let mut bb = 0;
    for row in a.row().min(b.row())..=a.row().max(b.row()) {
        for col in a.col().min(b.col())..=a.col().max(b.col()) {
            if let Some(sq) = Square::new(col, row) {
                bb |= sq.bit();
            }
        }
    }
    Ok(bb)
}

/// `"c3 north"` (one piece) or a straight run `"d3-f3 north"` (one piece per square).
fn parse_wall_edge(s: &str) -> Result<Vec<(Square, Edge)>, String> {
    const SHAPE: &str = "expected \"<square> <side>\" or \"<square>-<square> <side>\", \
                         like \"c3 north\" or \"d3-f3 north\"";
    let mut words = s.split_whitespace();
    let (Some(squares), Some(side), None) = (words.next(), words.next(), words.next()) else {
        return Err(SHAPE.to_string());
    };
    let side = EDGE_WORDS
        .iter()
        .find(|(w, _)| *w == side.to_ascii_lowercase())
        .map(|(_, e)| *e)
        .ok_or_else(|| {
            format!(
                "{} is not a side of a square: expected north, east, south or west{}",
                quote(side),
                did_you_mean(side, EDGE_WORDS.iter().map(|(w, _)| *w))
            )
        })?;
    let (a, b) = match squares.split_once('-') {
        Some((a, b)) => (square(a)?, square(b)?),
        None => {
            let a = square(squares)?;
            (a, a)
        }
    };
    let along_row = a.row() == b.row() && a.col() != b.col();
    let along_col = a.col() == b.col() && a.row() != b.row();
    if a != b && !along_row && !along_col {
        return Err(format!(
            "a run must be straight: {a} and {b} are not in one row or one column"
        ));
    }
    if along_row && matches!(side, Edge::East | Edge::West) {
        return Err(format!(
            "the run {a}-{b} goes along row {}, so its walls must be on the north or south \
             side (for {side} walls give the squares one by one)",
            a.row() + 1
        ));
    }
    if along_col && matches!(side, Edge::North | Edge::South) {
        return Err(format!(
            "the run {a}-{b} goes along column {}, so its walls must be on the east or west \
             side (for {side} walls give the squares one by one)",
            (b'a' + a.col() as u8) as char
        ));
    }
    let mut pieces = Vec::new();
    for row in a.row().min(b.row())..=a.row().max(b.row()) {
        for col in a.col().min(b.col())..=a.col().max(b.col()) {
            let Some(sq) = Square::new(col, row) else {
                continue;
            };
            if sq.step(side.dir()).is_none() {
                return Err(format!(
                    "the {side} side of {sq} is the edge of the board; walls go between \
                     squares (the board edge is impassable anyway, R2)"
                ));
            }
            pieces.push((sq, side));
        }
    }
    Ok(pieces)
}

fn parse_start(s: &str) -> Result<Start, String> {
    let t = s.trim().to_ascii_lowercase();
    match t.as_str() {
        "deploy" => return Ok(Start::Deploy),
        "enter" => return Ok(Start::Enter),
        _ => {}
    }
    let looks_like_square = {
        let mut c = t.chars();
        c.next().is_some_and(|c| c.is_ascii_alphabetic())
            && !c.as_str().is_empty()
            && c.as_str().chars().all(|c| c.is_ascii_digit())
    };
    if looks_like_square {
        return square(&t).map(Start::At);
    }
    Err(format!(
        "{} is not a start: expected {START_HINT}{}",
        quote(s),
        did_you_mean(&t, ["deploy", "enter"])
    ))
}

/// The same edge, named from the square south or west of it.
fn canonical(sq: Square, edge: Edge) -> Option<(Square, Edge)> {
    match edge {
        Edge::North | Edge::East => Some((sq, edge)),
        Edge::South => sq.step(Edge::South.dir()).map(|s| (s, Edge::North)),
        Edge::West => sq.step(Edge::West.dir()).map(|s| (s, Edge::East)),
    }
}

fn edge_index(sq: Square, edge: Edge) -> usize {
    sq.index() * 2 + usize::from(edge == Edge::East)
}

fn describe_edge(sq: Square, edge: Edge) -> String {
    match sq.step(edge.dir()) {
        Some(other) => format!("the edge between {sq} and {other}"),
        None => format!("the {edge} side of {sq}"),
    }
}

fn list_squares(bb: u64) -> String {
    let all: Vec<String> = squares_of(bb).map(|s| s.to_string()).collect();
    if all.len() > 12 {
        format!("{} and {} more", all[..12].join(", "), all.len() - 12)
    } else {
        all.join(", ")
    }
}

// ===== stage 2: checking the file as a whole ============================================

/// What the validation of one side found, for the checks that need both sides.
#[derive(Default)]
struct SideSummary {
    /// Models in file order, expanded by count: (profile index, start).
    models: Vec<(usize, Start)>,
    /// False when a model entry had an error, so counts are not known.
    complete: bool,
    deploy: u32,
    enter: u32,
    deployment: u64,
    entry: Option<Entry>,
    entry_span: Option<Range<usize>>,
    exit: Option<Edge>,
}

fn validate(sink: &mut Sink, f: &ScenarioFile, core: &[Profile]) -> Option<Scenario> {
    let map = f.map.given();
    let blockers = map.map_or(0, |m| validate_blockers(sink, m));
    let walls = map.map(|m| validate_walls(sink, m));
    let round_limit = f.round_limit.given().map(|r| r.value);

    // Profiles: the core ones, replaced in place by scenario ones of the same key, then
    // the scenario's new ones in file order.
    let mut profiles: Vec<Profile> = core.to_vec();
    let mut bad_keys: Vec<&str> = Vec::new();
    for (key, p) in &f.profiles {
        match p {
            Some(p) => match profiles.iter_mut().find(|q| q.key == p.key) {
                Some(q) => *q = p.clone(),
                None => profiles.push(p.clone()),
            },
            None => bad_keys.push(&key.value),
        }
    }
    let mut used = vec![false; profiles.len()];

    let mut summaries: [SideSummary; 2] = Default::default();
    for side in Side::BOTH {
        let Some(sf) = f.sides[side.index()].given() else {
            continue;
        };
        summaries[side.index()] = validate_side(
            sink,
            sf,
            &profiles,
            &bad_keys,
            f.profiles_invalid,
            &mut used,
            blockers,
            round_limit,
        );
    }
    for (key, p) in &f.profiles {
        if p.is_some()
            && let Some(i) = profiles.iter().position(|q| q.key == key.value)
            && !used[i]
        {
            sink.warn(
                &key.span,
                format!(
                    "profiles.{}: no model uses this profile",
                    shorten(&key.value, 40)
                ),
            );
        }
    }

    let all_sides_known = f.sides.iter().all(|s| s.given().is_some());
    let [h, m] = &summaries;
    let complete = all_sides_known && h.complete && m.complete;

    // Models: the total, and the fixed squares (R3, P1).
    let mut fixed = [0u32; 64];
    let mut fixed_bb = 0u64;
    let mut total = 0usize;
    let mut total_reported = false;
    for side in Side::BOTH {
        let Some(sf) = f.sides[side.index()].given() else {
            continue;
        };
        let Some(models) = sf.models.given() else {
            continue;
        };
        for mf in &models.value {
            let Some(count) = model_count(mf) else {
                continue;
            };
            total += count as usize;
            if total > MAX_MODELS && !total_reported {
                total_reported = true;
                sink.error(
                    &mf.span,
                    format!(
                        "{}: this brings the scenario to {total} models; a scenario may field \
                         at most {MAX_MODELS} (both sides together)",
                        mf.path
                    ),
                );
            }
            if let Some(Sp {
                value: Start::At(sq),
                span,
            }) = &mf.start
            {
                if blockers & sq.bit() != 0 {
                    sink.error(
                        span,
                        format!(
                            "{}.start: {sq} is a blocker square; no model can stand there (P1)",
                            mf.path
                        ),
                    );
                }
                let before = fixed[sq.index()];
                fixed[sq.index()] += count;
                fixed_bb |= sq.bit();
                if before <= SQUARE_CAPACITY && fixed[sq.index()] > SQUARE_CAPACITY {
                    sink.error(
                        span,
                        format!(
                            "{}.start: this puts {} models in {sq}; a square holds at most \
                             {SQUARE_CAPACITY} (R3)",
                            mf.path,
                            fixed[sq.index()]
                        ),
                    );
                }
            }
        }
    }
    // Models fixed in these squares; places left in them once those stand there.
    let fixed_in = |bb: u64| -> u32 { squares_of(bb).map(|s| fixed[s.index()]).sum() };
    let room = |bb: u64| -> u32 {
        let bb = bb & !blockers;
        (bb.count_ones() * SQUARE_CAPACITY).saturating_sub(fixed_in(bb))
    };

    // Deployment capacity (R3): each side must be able to place every deploying model
    // even if the other side deploys into any shared squares first.
    if complete {
        for side in Side::BOTH {
            let me = &summaries[side.index()];
            let other = &summaries[side.other().index()];
            let Some(zone_field) = f.sides[side.index()]
                .given()
                .and_then(|s| s.deployment.given())
            else {
                continue;
            };
            if me.deploy == 0 || me.deployment == 0 {
                continue;
            }
            let own = room(me.deployment);
            let shared = me.deployment & other.deployment & !blockers;
            let taken = if other.deploy > 0 {
                other.deploy.min(room(shared))
            } else {
                0
            };
            let free = own.saturating_sub(taken);
            if me.deploy > free {
                let zone_squares = (me.deployment & !blockers).count_ones();
                let mut why = format!(
                    "{side}.deployment: {} models start \"deploy\" but the zone's \
                     {zone_squares} squares hold at most {own} ({SQUARE_CAPACITY} a square, R3",
                    me.deploy
                );
                if fixed_in(me.deployment) > 0 {
                    why.push_str(", less the models fixed there");
                }
                why.push(')');
                if taken > 0 {
                    why.push_str(&format!(
                        ", and {taken} of those places may be taken by the {} deploying \
                         into the squares both zones share",
                        side.other()
                    ));
                }
                sink.error(&zone_field.span, why);
            }
        }
    }
    if h.deployment & m.deployment != 0
        && let Some(z) = f.sides[Side::Martians.index()]
            .given()
            .and_then(|s| s.deployment.given())
    {
        sink.warn(
            &z.span,
            format!(
                "martians.deployment: the two sides' deployment zones share {}",
                list_squares(h.deployment & m.deployment)
            ),
        );
    }

    // Counters (R24): random placement re-rolls squares holding a counter or a model, so
    // every counter placed needs a square of its own.
    let mut counters = CounterSetup::default();
    if let Some(c) = f.counters.given() {
        let critters = c.critters.given().copied().unwrap_or(0);
        let secrets = c.secrets.given().copied().unwrap_or(0);
        let pool = critters + secrets;
        counters.critters = critters;
        counters.secrets = secrets;
        counters.placed = pool;
        if let Some(placed) = c.placed.given() {
            counters.placed = placed.value;
            let pool_known = !c.critters.is_invalid() && !c.secrets.is_invalid();
            if pool_known && placed.value > pool {
                sink.error(
                    &placed.span,
                    format!(
                        "counters.placed: {} counters cannot be placed from a pool of {pool} \
                         ({critters} critters + {secrets} secrets)",
                        placed.value
                    ),
                );
            }
        }
        let free = 64 - (blockers | fixed_bb).count_ones();
        if u32::from(counters.placed) > free && map.is_some() {
            let span = c.placed.given().map_or(&c.span, |p| &p.span);
            sink.error(
                span,
                format!(
                    "counters.placed: {} counters need a square each, but only {free} squares \
                     are free of blockers and fixed models (R24)",
                    counters.placed
                ),
            );
        }
    }
    for side in Side::BOTH {
        let Some(sf) = f.sides[side.index()].given() else {
            continue;
        };
        let (kind, n) = match side {
            Side::Humans => ("Alien Secret", counters.secrets),
            Side::Martians => ("Critter", counters.critters),
        };
        if sf.vp.counter > 0
            && n == 0
            && let Some(span) = &sf.vp_spans.counter
        {
            sink.warn(
                span,
                format!("{side}.vp.counter: there are no {kind} counters to score"),
            );
        }
        if sf.vp.exit > 0
            && sf.exit.given().is_none()
            && !sf.exit.is_invalid()
            && let Some(span) = &sf.vp_spans.exit
        {
            sink.warn(
                span,
                format!("{side}.vp.exit: scores nothing: the {side} have no exit edge"),
            );
        }
    }

    // Deployment order (P4): the side not taking the first Turn deploys first unless the
    // scenario says otherwise; only sides with models to deploy take part.
    let first_turn = f.first_turn.given().map(|s| s.value);
    let deploy_first = match (f.deploy_first.given(), first_turn) {
        (Some(d), _) => {
            if complete && summaries[d.value.index()].deploy == 0 {
                sink.warn(
                    &d.span,
                    format!(
                        "deploy_first: the {} have no model that starts \"deploy\"",
                        d.value
                    ),
                );
            }
            Some(d.value)
        }
        (None, Some(first)) => Some(first.other()),
        (None, None) => None,
    };

    if sink.has_errors() {
        return None;
    }
    // Everything below holds once there are no errors; the `?`s never fire.
    let walls = walls?;
    let first_turn = first_turn?;
    let deploy_first = deploy_first?;
    let map = Map::new(walls, blockers);
    analyse_reach(sink, f, &map, &summaries);

    let mut models = Vec::with_capacity(total);
    let mut sides = BySide::<SideSetup>::default();
    for side in Side::BOTH {
        let s = &summaries[side.index()];
        for &(profile, start) in &s.models {
            models.push(ModelSetup {
                side,
                profile,
                start,
            });
        }
        sides[side] = SideSetup {
            deployment: s.deployment,
            entry: s.entry,
            exit: s.exit,
            vp: f.sides[side.index()].given()?.vp,
        };
    }
    let deploy_order: Vec<Side> = [deploy_first, deploy_first.other()]
        .into_iter()
        .filter(|s| summaries[s.index()].deploy > 0)
        .collect();
    Some(Scenario {
        name: f.name.given()?.clone(),
        description: f.description.given().cloned().unwrap_or_default(),
        map: Arc::new(map),
        profiles,
        models,
        sides,
        first_turn,
        deploy_order,
        counters,
        vp_target: f.vp_target.given().copied().unwrap_or(DEFAULT_VP_TARGET),
        round_limit,
        deck: f
            .deck
            .given()
            .cloned()
            .unwrap_or_else(super::cards::core_deck),
        hand_size: f
            .hand_size
            .given()
            .copied()
            .unwrap_or(super::scenario::DEFAULT_HAND_SIZE),
    })
}

/// A model entry's count, if known (absent means 1).
fn model_count(mf: &ModelFile) -> Option<u32> {
    match mf.count {
        Field::Absent => Some(1),
        Field::Given(n) => Some(n.into()),
        Field::Invalid => None,
    }
}

fn validate_blockers(sink: &mut Sink, m: &MapFile) -> u64 {
    let mut bb = 0u64;
    for z in m.blockers.given().map_or(&[][..], |v| v) {
        let Some(squares) = z.squares else {
            continue;
        };
        if bb & squares != 0 {
            sink.warn(
                &z.span,
                format!(
                    "{}: {} is already a blocker",
                    z.path,
                    list_squares(bb & squares)
                ),
            );
        }
        bb |= squares;
    }
    bb
}

fn validate_walls(sink: &mut Sink, m: &MapFile) -> Walls {
    let mut walls = Walls::default();
    // Per edge, the kind and the wall entry that first set it.
    let mut seen: Vec<Option<(WallKind, usize)>> = vec![None; 128];
    let list = m.walls.given().map_or(&[][..], |v| v);
    for (i, w) in list.iter().enumerate() {
        let (Some(pieces), Some(kind), Some(edge)) = (&w.pieces, w.kind, &w.edge) else {
            continue;
        };
        for &(sq, side) in pieces {
            let Some((csq, cedge)) = canonical(sq, side) else {
                continue;
            };
            let slot = &mut seen[edge_index(csq, cedge)];
            match *slot {
                None => {
                    *slot = Some((kind, i));
                    walls.set(csq, cedge, kind);
                }
                Some((k, j)) => {
                    let first = &list[j];
                    let first_text = first.edge.as_ref().map_or("", |e| e.value.as_str());
                    let what = describe_edge(csq, cedge);
                    if k == kind {
                        sink.warn(
                            &edge.span,
                            format!(
                                "{}.edge: {what} already has this {} wall ({} {})",
                                w.path,
                                kind.name(),
                                first.path,
                                quote(first_text)
                            ),
                        );
                    } else {
                        sink.error(
                            &edge.span,
                            format!(
                                "{}.edge: {what} is already a {} wall ({} {}); a piece is \
                                 either high or low",
                                w.path,
                                k.name(),
                                first.path,
                                quote(first_text)
                            ),
                        );
                    }
                }
            }
        }
    }
    walls
}

#[allow(clippy::too_many_arguments)]
fn validate_side(
    sink: &mut Sink,
    sf: &SideFile,
    profiles: &[Profile],
    bad_keys: &[&str],
    profiles_invalid: bool,
    used: &mut [bool],
    blockers: u64,
    round_limit: Option<u16>,
) -> SideSummary {
    let side = sf.side;
    let mut s = SideSummary {
        complete: true,
        ..Default::default()
    };
    match sf.models.given() {
        Some(models) => {
            for mf in &models.value {
                let profile = mf.profile.as_ref().and_then(|p| {
                    if let Some(i) = profiles.iter().position(|q| q.key == p.value) {
                        used[i] = true;
                        return Some(i);
                    }
                    // A profile whose own table had errors was reported there already.
                    if !bad_keys.contains(&p.value.as_str()) && !profiles_invalid {
                        sink.error(
                            &p.span,
                            format!(
                                "{}.profile: unknown profile {}{}",
                                mf.path,
                                quote(&p.value),
                                did_you_mean(&p.value, profiles.iter().map(|q| q.key.as_str()))
                            ),
                        );
                    }
                    None
                });
                let count = model_count(mf);
                let start = mf.start.as_ref().map(|s| s.value);
                match (profile, count, start) {
                    (Some(p), Some(n), Some(start)) => {
                        // Past MAX_MODELS the scenario is refused anyway: list no more.
                        let room = (MAX_MODELS + 1).saturating_sub(s.models.len());
                        for _ in 0..(n as usize).min(room) {
                            s.models.push((p, start));
                        }
                        match start {
                            Start::Deploy => s.deploy += n,
                            Start::Enter => s.enter += n,
                            Start::At(_) => {}
                        }
                    }
                    (_, Some(n), Some(start)) => {
                        // Counted for the zone checks even though the profile is bad.
                        match start {
                            Start::Deploy => s.deploy += n,
                            Start::Enter => s.enter += n,
                            Start::At(_) => {}
                        }
                        s.complete = false;
                    }
                    _ => s.complete = false,
                }
            }
        }
        None => s.complete = false,
    }

    // Deployment zone (R3, P1).
    match &sf.deployment {
        Field::Given(zones) => {
            let mut bb = 0;
            let mut all_ok = true;
            for z in &zones.value {
                let Some(squares) = z.squares else {
                    all_ok = false;
                    continue;
                };
                if squares & blockers != 0 {
                    sink.error(
                        &z.span,
                        format!(
                            "{}: the zone {} includes blocker squares ({}); no model can be \
                             deployed there (P1)",
                            z.path,
                            quote(&z.text),
                            list_squares(squares & blockers)
                        ),
                    );
                }
                bb |= squares;
            }
            s.deployment = bb;
            if zones.value.is_empty() && s.deploy > 0 {
                sink.error(
                    &zones.span,
                    format!(
                        "{side}.deployment: the zone is empty but {} models start \"deploy\"",
                        s.deploy
                    ),
                );
            } else if s.complete && s.deploy == 0 && all_ok {
                sink.warn(
                    &zones.span,
                    format!("{side}.deployment: unused: no {side} model starts \"deploy\""),
                );
            }
        }
        Field::Absent if s.deploy > 0 => sink.error(
            &sf.span,
            format!(
                "{side}: missing key \"deployment\": {} models start \"deploy\", so the side \
                 needs a deployment zone, like deployment = [\"a7-h8\"]",
                s.deploy
            ),
        ),
        _ => {}
    }

    // Entry edge (R6).
    match &sf.entry {
        Field::Given(e) => {
            let round = match &e.round {
                Field::Given(r) => {
                    if let Some(limit) = round_limit
                        && r.value > limit
                    {
                        sink.error(
                            &r.span,
                            format!(
                                "{side}.entry.round: round {} is after the round limit ({limit})",
                                r.value
                            ),
                        );
                    }
                    Some(r.value)
                }
                Field::Absent => Some(1),
                Field::Invalid => None,
            };
            if let Some(edge) = &e.edge {
                if edge.value.board_squares() & !blockers == 0 {
                    sink.error(
                        &edge.span,
                        format!(
                            "{side}.entry.edge: every square along the {} edge is a blocker; \
                             no model could come on",
                            edge.value
                        ),
                    );
                }
                s.entry_span = Some(edge.span.clone());
                if let Some(round) = round {
                    s.entry = Some(Entry {
                        edge: edge.value,
                        round,
                    });
                }
                if s.complete && s.enter == 0 {
                    sink.warn(
                        &edge.span,
                        format!("{side}.entry: unused: no {side} model starts \"enter\""),
                    );
                }
            }
        }
        Field::Absent if s.enter > 0 => sink.error(
            &sf.span,
            format!(
                "{side}: missing key \"entry\": {} models start \"enter\", so the side needs \
                 an entry edge, like entry = {{ edge = \"south\", round = 1 }}",
                s.enter
            ),
        ),
        _ => {}
    }
    s.exit = sf.exit.given().map(|e| e.value);
    s
}

/// Warnings about where models can walk (R4, R5, P1): zones that cannot reach the enemy,
/// and parts of the board that one side can never reach (a counter placed there could
/// never be claimed).
fn analyse_reach(sink: &mut Sink, f: &ScenarioFile, map: &Map, sides: &[SideSummary; 2]) {
    let blockers = map.blockers();
    let starts = |s: &SideSummary| -> u64 {
        let mut bb = s.deployment;
        if let Some(e) = s.entry {
            bb |= e.edge.board_squares();
        }
        for &(_, start) in &s.models {
            if let Start::At(sq) = start {
                bb |= sq.bit();
            }
        }
        bb & !blockers
    };
    let start_bb = [starts(&sides[0]), starts(&sides[1])];
    let reach = [
        map.reachable_from(start_bb[0]),
        map.reachable_from(start_bb[1]),
    ];
    for side in Side::BOTH {
        let me = &sides[side.index()];
        let enemy = start_bb[side.other().index()];
        if enemy == 0 {
            continue;
        }
        let stuck = |bb: u64| -> u64 {
            squares_of(bb & !blockers)
                .filter(|sq| map.reachable_from(sq.bit()) & enemy == 0)
                .fold(0, |acc, sq| acc | sq.bit())
        };
        if let Some(zones) = f.sides[side.index()]
            .given()
            .and_then(|s| s.deployment.given())
        {
            for z in &zones.value {
                let bad = stuck(z.squares.unwrap_or(0));
                if bad != 0 {
                    sink.warn(
                        &z.span,
                        format!(
                            "{}: {} cannot reach any square where the {} start",
                            z.path,
                            list_squares(bad),
                            side.other()
                        ),
                    );
                }
            }
        }
        if let (Some(e), Some(span)) = (me.entry, &me.entry_span) {
            let bad = stuck(e.edge.board_squares());
            if bad != 0 {
                sink.warn(
                    span,
                    format!(
                        "{side}.entry.edge: the entry squares {} cannot reach any square where \
                         the {} start",
                        list_squares(bad),
                        side.other()
                    ),
                );
            }
        }
    }
    // Squares a side can never reach (only when both sides start somewhere: a side
    // with nowhere to start already has errors).
    if start_bb.contains(&0) {
        return;
    }
    let open = !blockers;
    let span = f.map.given().map_or(0..0, |m| m.span.clone());
    let cut = [open & !reach[0], open & !reach[1]];
    let claim = "so a counter placed there could never be claimed";
    let neither = cut[0] & cut[1];
    if neither != 0 {
        sink.warn(
            &span,
            format!(
                "map: no model of either side can ever reach {}: walls cut it off, {claim}",
                list_squares(neither)
            ),
        );
    }
    for side in Side::BOTH {
        let only = cut[side.index()] & !neither;
        if only != 0 {
            sink.warn(
                &span,
                format!(
                    "map: the {side} can never reach {}: walls cut it off from where they \
                     start, {claim}",
                    list_squares(only)
                ),
            );
        }
    }
}

// ===== words =============================================================================

/// The closest of `candidates` to `word`, when it is close enough to be a slip.
fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
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

pub(super) fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> String {
    match suggest(word, candidates) {
        Some(s) if s != word => format!(" (did you mean \"{s}\"?)"),
        _ => String::new(),
    }
}

/// Edit distance counting an adjacent swap as one edit (optimal string alignment).
fn edit_distance(a: &str, b: &str) -> usize {
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

fn one_of(words: &[&str]) -> String {
    let q: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        n => format!("{} or {}", q[..n - 1].join(", "), q[n - 1]),
    }
}

/// `s` in double quotes, cut short when long.
fn quote(s: &str) -> String {
    format!("\"{}\"", shorten(s, 40).escape_debug())
}

fn shorten(s: &str, max_chars: usize) -> String {
    match s.char_indices().nth(max_chars) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_swaps_once() {
        assert_eq!(edit_distance("soldeir", "soldier"), 1);
        assert_eq!(edit_distance("modles", "models"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn suggestions_are_close_or_absent() {
        assert_eq!(suggest("soldeir", ["soldier", "martian"]), Some("soldier"));
        assert_eq!(suggest("vp_targt", keys::ROOT.names()), Some("vp_target"));
        assert_eq!(suggest("zzzzzz", keys::ROOT.names()), None);
    }

    #[test]
    fn lines_and_columns_count_characters() {
        let l = Lines::new("ab\néé x\n");
        assert_eq!(l.position(0), (1, 1));
        assert_eq!(l.position(3), (2, 1));
        assert_eq!(l.position(7), (2, 3)); // after two 2-byte characters
        assert_eq!(l.position(8), (2, 4)); // and a space
        assert_eq!(l.position(100), (3, 1));
    }

    #[test]
    fn wall_edges_parse() {
        let c3: Square = "c3".parse().unwrap();
        assert_eq!(parse_wall_edge("c3 north"), Ok(vec![(c3, Edge::North)]));
        assert_eq!(parse_wall_edge("f3-d3 north").unwrap().len(), 3);
        assert_eq!(parse_wall_edge("c4-c6 east").unwrap().len(), 3);
        assert!(parse_wall_edge("c4-c6 north").is_err());
        assert!(parse_wall_edge("c4-d5 north").is_err());
        assert!(parse_wall_edge("h4 east").is_err());
        assert!(parse_wall_edge("c4").is_err());
        assert!(parse_wall_edge("c4 north x").is_err());
    }
}
