//! The layout file reader (`tables/takedown.toml`, format in `docs/takedown.md`, keys in
//! [`crate::layout_keys`]): every problem reported as `file:line:column: message`, like
//! the other games' data files, and nothing half-read.

use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use toml::de::{DeTable, DeValue};

use file_check::table::{Style, Tbl};
use file_check::value::{NotAWord, Value, read_int, read_key_text, read_word_as, wrong_type};
use file_check::{Diagnostic, Sink};

use crate::geometry::{Disc, Millimetres, Point};
use crate::layout::{
    DieSpec, Layout, MAX_SHOT_STEPS, NoiseSpec, PhysicsSpec, PieceSpec, PieceSpecs, PlacedSpec,
    PlayerLayout, RulesSpec, SaucerSpec, Surface, TableSpec, TargetSpec,
};
use crate::layout_keys::{self as keys, Key, KeyKind, KeyTable};
use crate::pieces::{Icon, PieceKind, Points, Side};

/// The largest layout file accepted, in bytes (1 MiB).
pub const MAX_LAYOUT_BYTES: u64 = 1 << 20;

/// The shipped layout file, `tables/takedown.toml`.
pub const SHIPPED_TEXT: &str = include_str!("../../tables/takedown.toml");

/// The shipped layout, read once.
pub fn shipped_layout() -> Arc<Layout> {
    static LAYOUT: OnceLock<Arc<Layout>> = OnceLock::new();
    LAYOUT
        .get_or_init(|| {
            Arc::new(
                parse_layout("tables/takedown.toml", SHIPPED_TEXT)
                    .expect("the shipped layout reads (a test checks it)"),
            )
        })
        .clone()
}

/// Reads and checks a layout file. On failure, every problem found.
pub fn load_layout(path: &Path) -> Result<Layout, Vec<Diagnostic>> {
    let text =
        file_check::read_file::read_text_for_diagnostics(path, MAX_LAYOUT_BYTES, "layout file")?;
    parse_layout(&path.display().to_string(), &text)
}

/// Checks layout text; `file` names it in diagnostics.
pub fn parse_layout(file: &str, text: &str) -> Result<Layout, Vec<Diagnostic>> {
    let mut sink = Sink::default();
    let mut layout = None;
    match DeTable::parse(text) {
        Ok(doc) => {
            let root = Tbl::root(&doc, None, &STYLE);
            layout = read_root(&mut sink, &root);
        }
        Err(e) => sink.toml_error(&e, text),
    }
    match layout {
        Some(l) if !sink.has_errors() => Ok(l),
        _ => Err(sink.finish(file, text)),
    }
}

/// How a layout file's tables word what is found in them.
const STYLE: Style = Style {
    key_chars: None,
    list_keys_with_suggestion: true,
    places: &[],
    not_a_word: NotAWord::Words,
};

// ----- reading values by their keys ----------------------------------------------------------

/// A table of `keys` at `path`, its unknown keys reported.
fn open<'t, 'i>(
    sink: &mut Sink,
    path: &str,
    v: &'t Value<'i>,
    keys: &'static KeyTable,
) -> Option<Tbl<'t, 'i>> {
    let t = Tbl::of(sink, path, v, None, &STYLE)?;
    t.check_names(sink, &keys.names());
    Some(t)
}

/// The value of a required key.
fn value<'t, 'i>(sink: &mut Sink, t: &Tbl<'t, 'i>, key: &Key) -> Option<&'t Value<'i>> {
    t.require(sink, key.name, key.doc)
}

/// The span of `key` in `t`, or of `t` when the key is not there.
fn span_of(t: &Tbl, key: &str) -> Range<usize> {
    t.get(key).map_or(t.span.clone(), |v| v.span())
}

fn number_in(sink: &mut Sink, path: &str, v: &Value, min: f64, max: f64) -> Option<f64> {
    let n = match v.get_ref() {
        DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix()).ok()? as f64,
        DeValue::Float(f) => f.as_str().parse::<f64>().ok()?,
        _ => {
            wrong_type(sink, path, v, "a number");
            return None;
        }
    };
    if !n.is_finite() {
        sink.error(&v.span(), format!("{path}: must be a finite number"));
        return None;
    }
    if !(min..=max).contains(&n) {
        sink.error(
            &v.span(),
            format!("{path}: {n} is out of range (expected {min} to {max})"),
        );
        return None;
    }
    Some(n)
}

fn number(sink: &mut Sink, t: &Tbl, key: &Key) -> Option<f64> {
    let KeyKind::Number { min, max } = key.kind else {
        return None;
    };
    let v = value(sink, t, key)?;
    number_in(sink, &t.key_path(key.name), v, min, max)
}

fn int(sink: &mut Sink, t: &Tbl, key: &Key) -> Option<i64> {
    let KeyKind::Int { min, max } = key.kind else {
        return None;
    };
    let v = value(sink, t, key)?;
    read_int(sink, &t.key_path(key.name), v, min, max)
}

fn text(sink: &mut Sink, t: &Tbl, key: &Key) -> Option<String> {
    let KeyKind::Text { max_chars } = key.kind else {
        return None;
    };
    let v = value(sink, t, key)?;
    let as_key = file_check::schema::Key {
        name: key.name,
        doc: key.doc,
        value: file_check::schema::Kind::Text {
            max_chars,
            non_blank: true,
        },
        default: file_check::schema::Default::Required,
    };
    read_key_text(sink, &t.key_path(key.name), v, &as_key)
}

fn word<T: Copy>(
    sink: &mut Sink,
    path: &str,
    v: &Value,
    what: &str,
    words: &[(&str, T)],
) -> Option<T> {
    read_word_as(sink, path, v, what, words, NotAWord::Words).map(|w| w.value)
}

/// An array of words, each one of `words`, its length in `min..=max`.
fn words<T: Copy>(
    sink: &mut Sink,
    t: &Tbl,
    key: &Key,
    what: &str,
    words_of: &[(&str, T)],
) -> Option<Vec<T>> {
    let (min, max) = match key.kind {
        KeyKind::WordRow { len, .. } => (len, len),
        KeyKind::WordList { min, max, .. } => (min, max),
        _ => return None,
    };
    let v = value(sink, t, key)?;
    let path = t.key_path(key.name);
    let items = array(sink, &path, v, min, max)?;
    let mut out = Vec::new();
    let mut ok = true;
    for (i, item) in items.iter().enumerate() {
        match word(sink, &format!("{path}[{i}]"), item, what, words_of) {
            Some(w) => out.push(w),
            None => ok = false,
        }
    }
    ok.then_some(out)
}

/// An array of `min..=max` values (its length reported otherwise).
fn array<'t, 'i>(
    sink: &mut Sink,
    path: &str,
    v: &'t Value<'i>,
    min: usize,
    max: usize,
) -> Option<&'t [Value<'i>]> {
    let DeValue::Array(items) = v.get_ref() else {
        wrong_type(sink, path, v, "an array");
        return None;
    };
    let n = items.len();
    if n < min || n > max {
        let want = if min == max {
            format!("{min}")
        } else {
            format!("{min} to {max}")
        };
        sink.error(&v.span(), format!("{path}: {n} given, expected {want}"));
        return None;
    }
    Some(items.as_ref())
}

fn numbers<const N: usize>(sink: &mut Sink, t: &Tbl, key: &Key) -> Option<[f64; N]> {
    let KeyKind::NumberRow { min, max, len } = key.kind else {
        return None;
    };
    let v = value(sink, t, key)?;
    let path = t.key_path(key.name);
    let items = array(sink, &path, v, len.min(N), len.min(N))?;
    let mut out = [0.0; N];
    let mut ok = true;
    for (i, item) in items.iter().enumerate() {
        match number_in(sink, &format!("{path}[{i}]"), item, min, max) {
            Some(n) => out[i] = n,
            None => ok = false,
        }
    }
    ok.then_some(out)
}

/// The table under `key`.
fn sub<'t, 'i>(sink: &mut Sink, t: &Tbl<'t, 'i>, key: &Key) -> Option<Tbl<'t, 'i>> {
    let KeyKind::Table(keys) = key.kind else {
        return None;
    };
    let v = value(sink, t, key)?;
    open(sink, &t.key_path(key.name), v, keys)
}

/// The tables under `key`, with the array's span; `None` for an entry that is not a table.
#[allow(clippy::type_complexity)]
fn tables<'t, 'i>(
    sink: &mut Sink,
    t: &Tbl<'t, 'i>,
    key: &Key,
) -> Option<(Vec<Option<Tbl<'t, 'i>>>, Range<usize>)> {
    let KeyKind::TableList { table, min, max } = key.kind else {
        return None;
    };
    let v = value(sink, t, key)?;
    let path = t.key_path(key.name);
    let items = array(sink, &path, v, min, max)?;
    let list = items
        .iter()
        .enumerate()
        .map(|(i, item)| open(sink, &format!("{path}[{i}]"), item, table))
        .collect();
    Some((list, v.span()))
}

fn key_of(t: &'static KeyTable, name: &str) -> &'static Key {
    // Every name asked for is one of the table's (the tests read files that reach every
    // key); a slip falls back on the table's first key, whose read then fails visibly.
    t.key(name).unwrap_or(&t.keys[0])
}

// ----- the file ---------------------------------------------------------------------------------

fn read_root(sink: &mut Sink, root: &Tbl) -> Option<Layout> {
    root.check_names(sink, &keys::ROOT.names());
    let k = |n| key_of(&keys::ROOT, n);
    let name = text(sink, root, k("name"));
    let die = sub(sink, root, k("die")).and_then(|t| read_die(sink, &t));
    let pieces = sub(sink, root, k("pieces")).and_then(|t| read_pieces(sink, &t));
    let saucer = sub(sink, root, k("saucer")).and_then(|t| read_saucer(sink, &t));
    let targets = read_targets(sink, root);
    let table = sub(sink, root, k("table")).and_then(|t| read_table(sink, &t));
    let physics = sub(sink, root, k("physics")).and_then(|t| read_physics(sink, &t));
    let rules = sub(sink, root, k("rules")).and_then(|t| read_rules(sink, &t));
    let levels = sub(sink, root, k("levels")).and_then(|t| read_levels(sink, &t));
    let (die, pieces, saucer, table) = (die?, pieces?, saucer?, table?);
    let (targets, physics, rules, levels) = (targets?, physics?, rules?, levels?);
    let saucer_span = root.get("saucer").map_or(root.span.clone(), |v| v.span());
    let fits = die.edge.0 * std::f64::consts::SQRT_2;
    if fits > saucer.space.0 {
        sink.error(
            &saucer_span,
            format!(
                "saucer.space: the die ({} on an edge, {fits:.1} mm across its corners) must \
                 fit the saucer's central space ({}) to start a shot in it (T5)",
                die.edge, saucer.space
            ),
        );
    }
    let mut layout = Layout {
        name: name?,
        die,
        pieces,
        saucer,
        targets,
        table,
        layouts: Vec::new(),
        physics,
        rules,
        levels,
    };
    layout.layouts = read_layouts(sink, root, &layout)?;
    Some(layout)
}

fn read_die(sink: &mut Sink, t: &Tbl) -> Option<DieSpec> {
    let k = |n| key_of(&keys::DIE, n);
    let edge = number(sink, t, k("edge"));
    let mass = number(sink, t, k("mass"));
    let faces = words(sink, t, k("faces"), "an icon", &Icon::WORDS);
    let faces: [Icon; 6] = faces?.try_into().ok()?;
    Some(DieSpec {
        edge: Millimetres(edge?),
        mass_grams: mass?,
        faces,
    })
}

fn read_pieces(sink: &mut Sink, t: &Tbl) -> Option<PieceSpecs> {
    let thickness = number(sink, t, key_of(&keys::PIECES, "thickness"));
    let mut kinds = Vec::new();
    for kind in PieceKind::ALL {
        let piece = sub(sink, t, key_of(&keys::PIECES, kind.key())).and_then(|p| {
            let k = |n| key_of(&keys::PIECE, n);
            let across = number(sink, &p, k("across"));
            let value = int(sink, &p, k("value"));
            let flipped = int(sink, &p, k("flipped"));
            Some(PieceSpec {
                across: Millimetres(across?),
                value: Points(u32::try_from(value?).ok()?),
                flipped: Points(u32::try_from(flipped?).ok()?),
            })
        });
        kinds.push(piece);
    }
    let kinds: Vec<PieceSpec> = kinds.into_iter().collect::<Option<_>>()?;
    // The pieces nest: each inside the one before (T1).
    for i in 1..3 {
        if kinds[i].across.0 >= kinds[i - 1].across.0 {
            let key = PieceKind::ALL[i].key();
            let span = t
                .get(key)
                .and_then(|v| match v.get_ref() {
                    DeValue::Table(tt) => tt.get("across").map(|a| a.span()),
                    _ => None,
                })
                .unwrap_or(t.span.clone());
            sink.error(
                &span,
                format!(
                    "pieces.{key}.across: {} must be less than the {} ({}): the pieces nest \
                     (T1)",
                    kinds[i].across,
                    PieceKind::ALL[i - 1].key(),
                    kinds[i - 1].across
                ),
            );
            return None;
        }
    }
    Some(PieceSpecs {
        thickness: Millimetres(thickness?),
        kinds: kinds.try_into().ok()?,
    })
}

fn read_saucer(sink: &mut Sink, t: &Tbl) -> Option<SaucerSpec> {
    let k = |n| key_of(&keys::SAUCER, n);
    let across = number(sink, t, k("across"))?;
    let space = number(sink, t, k("space"))?;
    if space >= across {
        sink.error(
            &span_of(t, "space"),
            format!(
                "saucer.space: {} must be less than the token ({})",
                Millimetres(space),
                Millimetres(across)
            ),
        );
        return None;
    }
    Some(SaucerSpec {
        across: Millimetres(across),
        space: Millimetres(space),
    })
}

fn read_targets(sink: &mut Sink, root: &Tbl) -> Option<Vec<TargetSpec>> {
    let (list, _) = tables(sink, root, key_of(&keys::ROOT, "targets"))?;
    let mut out = Vec::new();
    let mut ok = true;
    for t in list {
        let Some(t) = t else {
            ok = false;
            continue;
        };
        let k = |n| key_of(&keys::TARGET, n);
        let name = text(sink, &t, k("name"));
        let icon = value(sink, &t, k("icon"))
            .and_then(|v| word(sink, &t.key_path("icon"), v, "an icon", &Icon::WORDS));
        let (Some(name), Some(icon)) = (name, icon) else {
            ok = false;
            continue;
        };
        if out
            .iter()
            .any(|o: &TargetSpec| o.name.eq_ignore_ascii_case(&name))
        {
            sink.error(
                &span_of(&t, "name"),
                format!(
                    "{}.name: \"{name}\" names another target too: each target its own name",
                    t.path
                ),
            );
            ok = false;
        }
        out.push(TargetSpec { name, icon });
    }
    ok.then_some(out)
}

fn read_table(sink: &mut Sink, t: &Tbl) -> Option<TableSpec> {
    let k = |n| key_of(&keys::TABLE, n);
    let length = number(sink, t, k("length"));
    let width = number(sink, t, k("width"));
    let spacing = number(sink, t, k("spacing"));
    let base = number(sink, t, k("base_distance"));
    Some(TableSpec {
        length: Millimetres(length?),
        width: Millimetres(width?),
        spacing: Millimetres(spacing?),
        base_distance: Millimetres(base?),
    })
}

fn read_surface(sink: &mut Sink, t: &Tbl, key: &str) -> Option<Surface> {
    let s = sub(sink, t, key_of(&keys::PHYSICS, key))?;
    let k = |n| key_of(&keys::SURFACE, n);
    let friction = number(sink, &s, k("friction"));
    let restitution = number(sink, &s, k("restitution"));
    Some(Surface {
        friction: friction?,
        restitution: restitution?,
    })
}

fn read_physics(sink: &mut Sink, t: &Tbl) -> Option<PhysicsSpec> {
    let k = |n| key_of(&keys::PHYSICS, n);
    let gravity = number(sink, t, k("gravity"));
    let steps = int(sink, t, k("steps_per_second"));
    let iterations = int(sink, t, k("solver_iterations"));
    let table = read_surface(sink, t, "table");
    let pieces = read_surface(sink, t, "pieces");
    let speed = numbers::<2>(sink, t, k("flick_speed"));
    let tumble = number(sink, t, k("tumble"));
    let tilt = number(sink, t, k("tilt"));
    let yaw_spin = number(sink, t, k("yaw_spin"));
    let rest_speed = number(sink, t, k("rest_speed"));
    let rest_spin = number(sink, t, k("rest_spin"));
    let rest_steps = int(sink, t, k("rest_steps"));
    let max_seconds = number(sink, t, k("max_seconds"));
    let speed = speed?;
    if speed[0] > speed[1] {
        sink.error(
            &span_of(t, "flick_speed"),
            format!(
                "physics.flick_speed: the speed at strength 0 ({}) is more than at strength 1 \
                 ({})",
                speed[0], speed[1]
            ),
        );
        return None;
    }
    let spec = PhysicsSpec {
        gravity: gravity?,
        steps_per_second: u32::try_from(steps?).ok()?,
        solver_iterations: u32::try_from(iterations?).ok()?,
        table: table?,
        pieces: pieces?,
        flick_speed: speed,
        tumble: tumble?,
        tilt_degrees: tilt?,
        yaw_spin: yaw_spin?,
        rest_speed: rest_speed?,
        rest_spin: rest_spin?,
        rest_steps: u32::try_from(rest_steps?).ok()?,
        max_seconds: max_seconds?,
    };
    // A shot is a bounded number of steps (the time cap at the step rate).
    let steps = spec.max_seconds * f64::from(spec.steps_per_second);
    if steps > f64::from(MAX_SHOT_STEPS) {
        sink.error(
            &span_of(t, "max_seconds"),
            format!(
                "physics.max_seconds: {} s at {} steps a second is {steps} steps; a shot may \
                 take at most {}",
                spec.max_seconds,
                spec.steps_per_second,
                f64::from(MAX_SHOT_STEPS)
            ),
        );
        return None;
    }
    Some(spec)
}

fn read_rules(sink: &mut Sink, t: &Tbl) -> Option<RulesSpec> {
    let k = |n| key_of(&keys::RULES, n);
    let retakes = int(sink, t, k("max_retakes"));
    let overlap = number(sink, t, k("min_overlap"));
    let shots = int(sink, t, k("max_shots"));
    Some(RulesSpec {
        max_retakes: u32::try_from(retakes?).ok()?,
        min_overlap: overlap?,
        max_shots: u32::try_from(shots?).ok()?,
    })
}

fn read_levels(sink: &mut Sink, t: &Tbl) -> Option<[NoiseSpec; 5]> {
    let mut out = Vec::new();
    for key in keys::LEVELS.keys {
        let noise = sub(sink, t, key).and_then(|n| {
            let k = |name| key_of(&keys::NOISE, name);
            let direction = number(sink, &n, k("direction"));
            let strength = number(sink, &n, k("strength"));
            Some(NoiseSpec {
                direction_degrees: direction?,
                strength: strength?,
            })
        });
        out.push(noise);
    }
    let out: Vec<NoiseSpec> = out.into_iter().collect::<Option<_>>()?;
    out.try_into().ok()
}

// ----- the layouts ------------------------------------------------------------------------------

fn read_layouts(sink: &mut Sink, root: &Tbl, layout: &Layout) -> Option<Vec<PlayerLayout>> {
    let (list, span) = tables(sink, root, key_of(&keys::ROOT, "layouts"))?;
    let mut out: Vec<PlayerLayout> = Vec::new();
    let mut ok = true;
    for t in list {
        let Some(t) = t else {
            ok = false;
            continue;
        };
        match read_player_layout(sink, &t, layout) {
            Some(pl) => {
                if out.iter().any(|o| o.players == pl.players) {
                    sink.error(
                        &span_of(&t, "players"),
                        format!(
                            "{}.players: another layout is for {} players too: one layout \
                             for each number of players",
                            t.path, pl.players
                        ),
                    );
                    ok = false;
                }
                out.push(pl);
            }
            None => ok = false,
        }
    }
    if ok {
        for players in crate::layout::PLAYERS {
            if !out.iter().any(|o| o.players == players) {
                sink.error(
                    &span,
                    format!(
                        "layouts: no layout for {players} players: the game is for 2, 3 and \
                         4 players, each with a layout of its own (T4)"
                    ),
                );
                ok = false;
            }
        }
    }
    out.sort_by_key(|l| l.players);
    ok.then_some(out)
}

fn read_player_layout(sink: &mut Sink, t: &Tbl, layout: &Layout) -> Option<PlayerLayout> {
    let k = |n| key_of(&keys::PLAYER_LAYOUT, n);
    let players = int(sink, t, k("players"));
    let seats = words(sink, t, k("seats"), "a side", &Side::WORDS);
    let placed = read_placed(sink, t, layout);
    let players = usize::try_from(players?).ok()?;
    let (seats, placed) = (seats?, placed?);
    let path = &t.path;
    let seats_span = span_of(t, "seats");
    if seats.len() != players {
        sink.error(
            &seats_span,
            format!("{path}.seats: {} seats for {players} players", seats.len()),
        );
        return None;
    }
    for (i, s) in seats.iter().enumerate() {
        if seats[..i].contains(s) {
            sink.error(
                &seats_span,
                format!("{path}.seats: two players at the {s} side: one player a side (T4)"),
            );
            return None;
        }
        let turn = |s: &Side| {
            let at = |x: &Side| Side::CLOCKWISE.iter().position(|c| c == x).unwrap_or(0);
            (at(s) + 4 - at(&seats[0])) % 4
        };
        if i > 0 && turn(s) <= turn(&seats[i - 1]) {
            sink.error(
                &seats_span,
                format!(
                    "{path}.seats: the {s} side comes before the {} side going clockwise from \
                     the {} side: play passes to the left (T8), so the seats go clockwise seen \
                     from above (south, west, north, east)",
                    seats[i - 1],
                    seats[0]
                ),
            );
            return None;
        }
    }
    let targets_span = span_of(t, "targets");
    if placed.len() != players + 1 {
        sink.error(
            &targets_span,
            format!(
                "{path}.targets: {} targets for {players} players: a game uses one more target \
                 than players (T1)",
                placed.len()
            ),
        );
        return None;
    }
    check_places(sink, path, &targets_span, layout, &placed, &seats)?;
    Some(PlayerLayout {
        players,
        seats,
        targets: placed,
    })
}

fn read_placed(sink: &mut Sink, t: &Tbl, layout: &Layout) -> Option<Vec<PlacedSpec>> {
    let (list, _) = tables(sink, t, key_of(&keys::PLAYER_LAYOUT, "targets"))?;
    let mut out: Vec<PlacedSpec> = Vec::new();
    let mut ok = true;
    for p in list {
        let Some(p) = p else {
            ok = false;
            continue;
        };
        let k = |n| key_of(&keys::PLACED, n);
        let name = text(sink, &p, k("target"));
        let at = numbers::<2>(sink, &p, k("at"));
        let (Some(name), Some(at)) = (name, at) else {
            ok = false;
            continue;
        };
        let Some(target) = layout
            .targets
            .iter()
            .position(|t| t.name.eq_ignore_ascii_case(&name))
        else {
            let names: Vec<&str> = layout.targets.iter().map(|t| t.name.as_str()).collect();
            sink.error(
                &span_of(&p, "target"),
                format!(
                    "{}.target: \"{name}\" is not a target of [[targets]]: {}{}",
                    p.path,
                    names.join(", "),
                    file_check::value::did_you_mean(&name.to_lowercase(), names.iter().copied())
                ),
            );
            ok = false;
            continue;
        };
        if out.iter().any(|o| o.target == target) {
            sink.error(
                &span_of(&p, "target"),
                format!(
                    "{}.target: \"{name}\" stands in this layout already: each target once",
                    p.path
                ),
            );
            ok = false;
            continue;
        }
        out.push(PlacedSpec { target, at });
    }
    ok.then_some(out)
}

/// The targets lie whole on the table, apart, and clear of every Base's saucer.
fn check_places(
    sink: &mut Sink,
    path: &str,
    span: &Range<usize>,
    layout: &Layout,
    placed: &[PlacedSpec],
    seats: &[Side],
) -> Option<()> {
    let pitch = layout.pitch();
    let r = layout.pieces.of(PieceKind::Outer).across.0 / 2.0;
    let discs: Vec<Disc> = placed
        .iter()
        .map(|p| Disc {
            centre: Point::new(p.at[0] * pitch, p.at[1] * pitch),
            radius: r,
        })
        .collect();
    let name = |i: usize| &layout.targets[placed[i].target].name;
    let (hx, hy) = (layout.table.length.0 / 2.0, layout.table.width.0 / 2.0);
    for (i, d) in discs.iter().enumerate() {
        if d.centre.x.abs() + r > hx + 1e-9 || d.centre.y.abs() + r > hy + 1e-9 {
            sink.error(
                span,
                format!(
                    "{path}.targets[{i}]: \"{}\" at {} mm is not whole on the table",
                    name(i),
                    d.centre
                ),
            );
            return None;
        }
        if let Some(j) = (0..i).find(|&j| discs[j].overlaps(d)) {
            sink.error(
                span,
                format!(
                    "{path}.targets[{i}]: \"{}\" at {} mm overlaps \"{}\" at {} mm",
                    name(i),
                    d.centre,
                    name(j),
                    discs[j].centre
                ),
            );
            return None;
        }
    }
    for &side in seats {
        let base = Disc {
            centre: layout.base(side),
            radius: layout.saucer_radius(),
        };
        if let Some(i) = discs.iter().position(|d| d.overlaps(&base)) {
            sink.error(
                span,
                format!(
                    "{path}.targets[{i}]: \"{}\" overlaps the saucer at the {side} Base ({} mm)",
                    name(i),
                    base.centre
                ),
            );
            return None;
        }
    }
    Some(())
}

#[cfg(test)]
mod tests;
