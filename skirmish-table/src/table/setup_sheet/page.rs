//! The set-up sheet drawn: an A4 portrait page in millimetres (`viewBox="0 0 210 297"`),
//! to print in black and white. From the top: the title and how the game is won; the map
//! drawn large in the print palette ([`Palette::PRINT`]) with the coordinates on its four
//! edges, what comes on or leaves by each edge written beside it, each deployment zone and
//! fixed start square labelled with its models, and the counters' marks; below it the key,
//! then each side's models in a column with the labels for their bases.
//!
//! Text is measured with an estimate of each character's width, so that lines wrap and
//! labels shrink before they run off their space; when the page's lower half does not fit,
//! the board is drawn smaller and the text with it ([`SIZES`]).

use std::fmt::Write as _;

use super::{CounterMarks, SetupSheet};
use crate::table::describe::side_title;
use rules::bitboard::zone_text;
use rules::map::WallKind;
use rules::{Bitboard, Edge, Side, Square};
use skirmish_ai::shelf::palette::Palette;
use skirmish_ai::shelf::picture::{SQUARE, Swatch, hold_text, square_origin, xml_escape};

const PAGE_W: f32 = 210.0;
const PAGE_H: f32 = 297.0;
/// The page's margin on every side.
const MARGIN: f32 = 12.0;
/// The first baseline under the title.
const HEADING_TOP: f32 = 22.0;
/// The heading's lines: their text size and the distance between baselines.
const HEADING_TEXT: f32 = 3.2;
const HEADING_LINE: f32 = 4.6;
/// From the heading's last baseline to the board's north edge (room for the north
/// edge's words and the column letters).
const HEADING_TO_BOARD: f32 = 14.5;
/// The lowest baseline of the lower half.
const BOTTOM: f32 = PAGE_H - MARGIN + 2.0;
/// The sizes tried in turn until the lower half fits: (a square's side, the text's size),
/// in millimetres.
const SIZES: [(f32, f32); 7] = [
    (18.0, 3.0),
    (18.0, 2.7),
    (17.0, 2.6),
    (16.0, 2.5),
    (15.0, 2.3),
    (14.0, 2.1),
    (14.0, 1.9),
];
/// The smallest text a list of a row a model is set in: smaller, the rows of models that
/// say the same are joined instead.
const LIST_TEXT: f32 = 2.3;
const PALETTE: &Palette = &Palette::PRINT;
/// Where the key's text starts, right of its swatch.
const KEY_TEXT_X: f32 = MARGIN + 9.5;
/// The gap between the two columns of models.
const GUTTER: f32 = 6.0;
const FONTS: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";

/// Where things go on the page, for one board size and text size.
struct Layout {
    /// A square's side.
    sq: f32,
    /// The text's size in the lower half.
    text: f32,
    board_x: f32,
    board_y: f32,
    /// The first baseline of the lower half.
    lower_top: f32,
}

impl Layout {
    fn new((sq, text): (f32, f32), board_y: f32) -> Layout {
        let board_x = (PAGE_W - 8.0 * sq) / 2.0;
        Layout {
            sq,
            text,
            board_x,
            board_y,
            lower_top: board_y + 8.0 * sq + 19.0,
        }
    }

    fn board(&self) -> f32 {
        8.0 * self.sq
    }

    fn line(&self) -> f32 {
        self.text * 1.42
    }

    /// The distance between the key's baselines: room for a swatch on each line.
    fn key_line(&self) -> f32 {
        self.line() + 0.3
    }

    /// The key's swatches: map pixels to millimetres, a swatch a little taller than the
    /// text.
    fn swatch_scale(&self) -> f32 {
        self.text / 12.0
    }

    /// A square's top-left corner on the page.
    fn corner(&self, sq: Square) -> (f32, f32) {
        let (x, y) = square_origin(sq);
        (self.board_x + x * self.sq, self.board_y + y * self.sq)
    }
}

/// The sample beside a line of the key.
enum KeySwatch {
    /// One of the map picture's.
    Picture(Swatch),
    /// A counter's mark.
    Counter,
    /// The dashed outline of the counters' zone.
    CounterZone,
    /// The box of a fixed start square's labels.
    Fixed,
}

/// A row of a side's column: one model, or several whose lines would say the same.
struct ModelRow {
    /// The labels for the bases, each with whether it is a key model's.
    labels: Vec<(String, bool)>,
    /// The labels in lines, when they stand above the description: the indices of each
    /// line's.
    label_lines: Vec<Vec<usize>>,
    /// The description, wrapped: beside the label, or below the labels' lines.
    lines: Vec<String>,
}

impl ModelRow {
    /// The description stands below the labels (several models, or a label wider than the
    /// labels' column).
    fn below(&self) -> bool {
        !self.label_lines.is_empty()
    }

    fn height_in_lines(&self) -> usize {
        self.label_lines.len() + self.lines.len()
    }
}

/// The lower half at one text size: the key and both sides' columns, wrapped.
struct Lower {
    key: Vec<(KeySwatch, Vec<String>)>,
    columns: Vec<(Side, Vec<ModelRow>)>,
    /// The width of the labels' column, each side's.
    label_w: [f32; 2],
}

/// What the sheet says of a model beyond its label: its profile (unless the label names
/// it), where it starts, whether it is a key model, whether it may leave.
fn description(m: &super::ModelEntry) -> String {
    let mut words = Vec::new();
    if m.label.name != m.profile {
        words.push(m.profile.clone());
    }
    words.push(m.start.clone());
    words.extend(m.key.clone());
    if m.held {
        words.push("may not leave by the exit (P30)".to_string());
    }
    words.join("; ")
}

impl Lower {
    /// The lower half at `layout`'s text size: a row a model, or with `grouped` a row for
    /// each run of models of one side whose descriptions are the same (their labels listed
    /// together), for a force too large for a row each.
    fn new(sheet: &SetupSheet, layout: &Layout, grouped: bool) -> Lower {
        let f = layout.text;
        let key_w = PAGE_W - MARGIN - KEY_TEXT_X;
        let key = key_lines(sheet)
            .into_iter()
            .map(|(s, t)| (s, wrap(&t, key_w, f)))
            .collect();
        let col_w = (PAGE_W - 2.0 * MARGIN - GUTTER) / 2.0;
        let mut columns = Vec::new();
        let mut label_w = [0.0; 2];
        for side in Side::BOTH {
            let mine: Vec<&super::ModelEntry> =
                sheet.models.iter().filter(|m| m.side == side).collect();
            let widest = mine
                .iter()
                .map(|m| text_width(&m.label.to_string(), f, true))
                .fold(0.0, f32::max);
            let lw = (widest + 2.5).min(col_w * 0.42);
            label_w[side.index()] = lw;
            let mut runs: Vec<(Vec<(String, bool)>, String)> = Vec::new();
            for m in &mine {
                let label = (m.label.to_string(), m.key.is_some());
                let said = description(m);
                match runs.last_mut() {
                    Some((labels, last)) if grouped && *last == said => labels.push(label),
                    _ => runs.push((vec![label], said)),
                }
            }
            let rows = runs
                .into_iter()
                .map(|(labels, said)| {
                    let alone = labels.len() == 1 && text_width(&labels[0].0, f, true) <= lw - 1.0;
                    if alone {
                        return ModelRow {
                            labels,
                            label_lines: Vec::new(),
                            lines: wrap(&said, col_w - lw, f),
                        };
                    }
                    let label_lines = wrap_labels(&labels, col_w, f);
                    ModelRow {
                        labels,
                        label_lines,
                        lines: wrap(&said, col_w - 4.0, f),
                    }
                })
                .collect();
            columns.push((side, rows));
        }
        Lower {
            key,
            columns,
            label_w,
        }
    }

    /// The height it takes, from the first baseline to below the last.
    fn height(&self, layout: &Layout) -> f32 {
        let line = layout.line();
        let key_line = layout.key_line();
        let key: usize = self.key.iter().map(|(_, l)| l.len().max(1)).sum();
        let models = self
            .columns
            .iter()
            .map(|(_, rows)| rows.iter().map(ModelRow::height_in_lines).sum::<usize>())
            .max()
            .unwrap_or(0);
        key as f32 * key_line + 3.0 + 1.6 * line + models as f32 * line
    }
}

/// Labels listed in lines no wider than `width` (bold, `, ` between them): the indices of
/// each line's.
fn wrap_labels(labels: &[(String, bool)], width: f32, size: f32) -> Vec<Vec<usize>> {
    let mut lines: Vec<Vec<usize>> = Vec::new();
    let mut used = 0.0;
    for (i, (label, _)) in labels.iter().enumerate() {
        let w = text_width(label, size, true) + text_width(", ", size, true);
        match lines.last_mut() {
            Some(line) if used + w <= width => {
                line.push(i);
                used += w;
            }
            _ => {
                lines.push(vec![i]);
                used = w;
            }
        }
    }
    lines
}

/// The sheet as an SVG document.
pub(super) fn svg(sheet: &SetupSheet) -> String {
    let heading_lines = heading_lines(sheet);
    let board_y =
        HEADING_TOP + HEADING_LINE * (heading_lines.len().max(1) - 1) as f32 + HEADING_TO_BOARD;
    let at = |(size, grouped): ((f32, f32), bool)| {
        let layout = Layout::new(size, board_y);
        let lower = Lower::new(sheet, &layout, grouped);
        (layout, lower)
    };
    // A row a model while the text stays at least LIST_TEXT; then the models whose rows
    // would say the same listed together, at every size.
    let tries = SIZES
        .iter()
        .filter(|(_, text)| *text >= LIST_TEXT)
        .map(|&size| (size, false))
        .chain(SIZES.iter().map(|&size| (size, true)));
    let (layout, lower) = tries
        .map(at)
        .find(|(layout, lower)| layout.lower_top + lower.height(layout) <= BOTTOM)
        .unwrap_or_else(|| at((SIZES[SIZES.len() - 1], true)));
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE_W}mm" height="{PAGE_H}mm" viewBox="0 0 {PAGE_W} {PAGE_H}" font-family="{FONTS}" fill="#000000">"##
    );
    let _ = writeln!(
        out,
        "<title>{}: set-up sheet</title>",
        xml_escape(&sheet.title)
    );
    out.push_str(&PALETTE.defs());
    let _ = writeln!(
        out,
        r##"<rect width="{PAGE_W}" height="{PAGE_H}" fill="#ffffff"/>"##
    );
    heading(&mut out, sheet, &heading_lines);
    map(&mut out, sheet, &layout);
    lower_half(&mut out, &layout, &lower);
    out.push_str("</svg>\n");
    out
}

/// The lines under the title: how the game is won, who deploys when and which game the
/// sheet shows, wrapped to the page's width.
fn heading_lines(sheet: &SetupSheet) -> Vec<String> {
    let width = PAGE_W - 2.0 * MARGIN;
    let game = match sheet.seed {
        Some(seed) => {
            format!("The game of seed {seed}, as mars-attacks play --seed {seed} starts it.")
        }
        None => "The set-up of any game of this scenario.".to_string(),
    };
    let mut lines = wrap(&sheet.how_it_is_won, width, HEADING_TEXT);
    if let Some(order) = &sheet.deploy_order {
        lines.extend(wrap(order, width, HEADING_TEXT));
    }
    lines.extend(wrap(&game, width, HEADING_TEXT));
    lines
}

/// The title, then the heading's lines.
fn heading(out: &mut String, sheet: &SetupSheet, lines: &[String]) {
    let width = PAGE_W - 2.0 * MARGIN;
    let (title, size) = fit(&sheet.title, width, 7.0, 3.5, true);
    let _ = writeln!(
        out,
        r#"<text class="title" x="{}" y="15" font-size="{}" font-weight="bold" text-anchor="middle">{}</text>"#,
        num(PAGE_W / 2.0),
        num(size),
        xml_escape(&title)
    );
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="{HEADING_TEXT}" text-anchor="middle">{}</text>"#,
            num(PAGE_W / 2.0),
            num(HEADING_TOP + HEADING_LINE * i as f32),
            xml_escape(line)
        );
    }
}

/// The board: the map picture in the print palette, then on top of it the coordinates,
/// the edges' words, the zones' and fixed squares' labels and the counters' marks.
fn map(out: &mut String, sheet: &SetupSheet, layout: &Layout) {
    let p = &sheet.picture;
    let _ = writeln!(
        out,
        r#"<g id="map" transform="translate({} {}) scale({})">"#,
        num(layout.board_x),
        num(layout.board_y),
        layout.sq / SQUARE
    );
    p.svg_ground(out, (0.0, 0.0), PALETTE);
    out.push_str("<g class=\"edges\">\n");
    p.svg_edges(out, (0.0, 0.0), PALETTE);
    out.push_str("</g>\n<g class=\"walls\">\n");
    p.svg_walls(out, (0.0, 0.0), PALETTE);
    out.push_str("</g>\n</g>\n");
    coordinates(out, layout);
    edge_words(out, sheet, layout);
    for z in &sheet.zones {
        zone_label(out, sheet, z, layout);
    }
    for f in &sheet.fixed {
        fixed_label(out, f, layout);
    }
    if let CounterMarks::Placed { squares, .. } = &sheet.counters {
        for &sq in squares {
            let (x, y) = layout.corner(sq);
            let (cx, cy) = (x + layout.sq / 2.0, y + layout.sq * 0.72);
            let _ = writeln!(
                out,
                r##"<g class="counter" data-square="{sq}"><polygon points="{}" fill="#ffffff" stroke="#000000" stroke-width="0.45"/></g>"##,
                diamond(cx, cy, layout.sq * 0.17)
            );
        }
    }
}

/// The columns a-h above and below the board, the rows 1-8 left and right of it.
fn coordinates(out: &mut String, layout: &Layout) {
    let (bx, by, b, sq) = (layout.board_x, layout.board_y, layout.board(), layout.sq);
    out.push_str("<g class=\"coordinates\" font-size=\"3.6\" text-anchor=\"middle\">\n");
    for i in 0..8u8 {
        let x = bx + (f32::from(i) + 0.5) * sq;
        let col = char::from(b'a' + i);
        for y in [by - 4.4, by + b + 7.4] {
            let _ = writeln!(out, r#"<text x="{}" y="{}">{col}</text>"#, num(x), num(y));
        }
        let y = by + (f32::from(i) + 0.5) * sq + 1.3;
        for x in [bx - 5.4, bx + b + 5.4] {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}">{}</text>"#,
                num(x),
                num(y),
                8 - i
            );
        }
    }
    out.push_str("</g>\n");
}

/// What comes on or leaves by each edge, written along it outside the coordinates.
fn edge_words(out: &mut String, sheet: &SetupSheet, layout: &Layout) {
    let (bx, by, b) = (layout.board_x, layout.board_y, layout.board());
    for edge in Edge::ALL {
        let words: Vec<&str> = sheet
            .edges
            .iter()
            .filter(|m| m.edge == edge)
            .map(|m| m.text.as_str())
            .collect();
        if words.is_empty() {
            continue;
        }
        let (text, size) = fit(&words.join("; "), b, 2.9, 1.8, false);
        let (x, y, turn) = match edge {
            Edge::North => (bx + b / 2.0, by - 9.6, 0),
            Edge::South => (bx + b / 2.0, by + b + 12.8, 0),
            Edge::West => (bx - 10.2, by + b / 2.0, -90),
            Edge::East => (bx + b + 10.2, by + b / 2.0, 90),
        };
        let rotate = if turn == 0 {
            String::new()
        } else {
            format!(r#" transform="rotate({turn} {} {})""#, num(x), num(y))
        };
        let _ = writeln!(
            out,
            r#"<text class="edge" x="{}" y="{}" font-size="{}" text-anchor="middle"{rotate}>{}</text>"#,
            num(x),
            num(y),
            num(size),
            xml_escape(&text)
        );
    }
}

/// A deployment zone's label, in a white box along the top of the widest stretch of the
/// zone that no wall crosses: `Humans deploy: Soldier 1-4, Sergeant`; shortened to
/// `Humans deploy here` (the key has the models) when the stretch is too narrow.
fn zone_label(out: &mut String, sheet: &SetupSheet, z: &super::ZoneLabel, layout: &Layout) {
    let Some((first, len)) = widest_stretch(z.zone, sheet) else {
        return;
    };
    let room = len as f32 * layout.sq - 2.8;
    let who = format!("{} deploy", side_title(z.side));
    let list = super::label_ranges(&z.models);
    let top = layout.text.min(2.9);
    let candidates = [
        (format!("{who}:"), format!(" {list}")),
        (format!("{who} here"), String::new()),
        (side_title(z.side).to_string(), String::new()),
    ];
    let width =
        |bold: &str, rest: &str, f: f32| text_width(bold, f, true) + text_width(rest, f, false);
    let mut chosen = None;
    'found: for (bold, rest) in &candidates {
        if list.is_empty() && !rest.is_empty() {
            continue;
        }
        let mut f = top;
        while f >= 1.8 {
            if width(bold, rest, f) <= room {
                chosen = Some((bold.clone(), rest.clone(), f));
                break 'found;
            }
            f -= 0.1;
        }
    }
    let (bold, rest, f) =
        chosen.unwrap_or_else(|| (side_title(z.side).to_string(), String::new(), 1.8));
    let w = width(&bold, &rest, f) + 2.4;
    let (x, y) = layout.corner(first);
    let cx = x + len as f32 * layout.sq / 2.0;
    let h = f * 1.5;
    let box_y = y + layout.sq * 0.3 - h / 2.0;
    let _ = writeln!(
        out,
        r##"<g class="zone-label" data-side="{}"><rect x="{}" y="{}" width="{}" height="{}" rx="0.8" fill="#ffffff" stroke="#000000" stroke-width="0.3"/><text x="{}" y="{}" font-size="{}" text-anchor="middle"><tspan font-weight="bold">{}</tspan>{}</text></g>"##,
        z.side,
        num(cx - w / 2.0),
        num(box_y),
        num(w),
        num(h),
        num(cx),
        num(box_y + f * 1.1),
        num(f),
        xml_escape(&bold),
        xml_escape(&rest)
    );
}

/// The widest run of a zone's squares along one row with no wall and no blocked square
/// between them, as its west square and its length; the northernmost of equal runs.
fn widest_stretch(zone: Bitboard, sheet: &SetupSheet) -> Option<(Square, usize)> {
    let p = &sheet.picture;
    // A vertical wall piece between columns c-1 and c on board row y (0 the north row).
    let wall_west_of = |c: i8, y: i8| {
        p.walls.iter().any(|w| {
            w.from.0 == w.to.0 && w.from.0 == f32::from(c) && w.from.1.min(w.to.1) == f32::from(y)
        })
    };
    let mut best: Option<(Square, usize)> = None;
    for y in 0..8i8 {
        let row = 7 - y;
        let mut run: Option<(Square, usize)> = None;
        for c in 0..=8i8 {
            let here =
                Square::new(c, row).filter(|s| zone.contains(*s) && !p.blockers.contains(*s));
            let joined = match (run, here) {
                (Some((start, n)), Some(_)) if !wall_west_of(c, y) => Some((start, n + 1)),
                _ => None,
            };
            if joined.is_none()
                && let Some((start, n)) = run
                && best.is_none_or(|(_, m)| n > m)
            {
                best = Some((start, n));
            }
            run = joined.or(here.map(|s| (s, 1)));
        }
    }
    best
}

/// The labels of the models starting on a fixed square, in a white box on it.
fn fixed_label(out: &mut String, f: &super::FixedLabel, layout: &Layout) {
    let labels: Vec<String> = f.models.iter().map(ToString::to_string).collect();
    let lines = labels.len().max(1) as f32;
    let widest = labels
        .iter()
        .map(|l| text_width(l, 1.0, true))
        .fold(0.0, f32::max)
        .max(0.1);
    let room = layout.sq - 1.6;
    let size = (layout.text * 0.9)
        .min(room / widest)
        .min(room / (lines * 1.25))
        .max(1.5);
    let w = (widest * size + 1.4).min(layout.sq + 4.0);
    let h = lines * size * 1.25 + 0.8;
    let (x, y) = layout.corner(f.square);
    let (cx, cy) = (x + layout.sq / 2.0, y + layout.sq / 2.0);
    let _ = write!(
        out,
        r##"<g class="fixed" data-square="{}" data-side="{}"><rect x="{}" y="{}" width="{}" height="{}" rx="0.8" fill="#ffffff" stroke="#000000" stroke-width="0.35"/>"##,
        f.square,
        f.side,
        num(cx - w / 2.0),
        num(cy - h / 2.0),
        num(w),
        num(h)
    );
    for (i, l) in labels.iter().enumerate() {
        let baseline = cy - h / 2.0 + 0.4 + (i as f32 + 0.82) * size * 1.25;
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle">{}</text>"#,
            num(cx),
            num(baseline),
            num(size),
            xml_escape(l)
        );
    }
    out.push_str("</g>\n");
}

/// The key's lines: what each mark of the map means, in words.
fn key_lines(sheet: &SetupSheet) -> Vec<(KeySwatch, String)> {
    let p = &sheet.picture;
    let mut out = Vec::new();
    if p.walls.iter().any(|w| w.kind == WallKind::High) {
        out.push((
            KeySwatch::Picture(Swatch::Wall(WallKind::High)),
            "high wall: blocks movement and sight".to_string(),
        ));
    }
    if p.walls.iter().any(|w| w.kind == WallKind::Low) {
        out.push((
            KeySwatch::Picture(Swatch::Wall(WallKind::Low)),
            "low wall: no obstacle to movement, spoils a clear shot".to_string(),
        ));
    }
    if p.blockers.any() {
        out.push((
            KeySwatch::Picture(Swatch::Blocker),
            "blocked square: no model enters, no sight crosses".to_string(),
        ));
    }
    for z in &sheet.zones {
        out.push((
            KeySwatch::Picture(Swatch::Zone(z.side)),
            format!(
                "{} deploy here ({}): {}",
                side_title(z.side),
                zone_text(z.zone),
                super::label_ranges(&z.models)
            ),
        ));
    }
    if !sheet.fixed.is_empty() {
        out.push((
            KeySwatch::Fixed,
            "a box of labels on a square: those models start there".to_string(),
        ));
    }
    for m in &sheet.edges {
        let swatch = if m.leave {
            Swatch::Exit(m.side)
        } else {
            Swatch::Entry(m.side)
        };
        out.push((
            KeySwatch::Picture(swatch),
            format!("{} edge: {}", m.edge, m.text),
        ));
    }
    for h in &p.holds {
        out.push((KeySwatch::Picture(Swatch::Hold(h.side)), hold_text(h)));
    }
    match &sheet.counters {
        CounterMarks::None => {}
        CounterMarks::AtRandom { placed, pool, zone } => {
            let (swatch, place) = match zone {
                Some(z) => (
                    KeySwatch::CounterZone,
                    format!("at random squares of the dashed zone ({})", zone_text(*z)),
                ),
                None => (KeySwatch::Counter, "at random squares".to_string()),
            };
            out.push((
                swatch,
                format!(
                    "counters: {placed} face down {place}, placed when the game starts (the \
                     program says where; a sheet made with --seed marks them), drawn from \
                     {pool}"
                ),
            ));
        }
        CounterMarks::Placed { pool, squares } => {
            let at: Vec<String> = squares.iter().map(Square::to_string).collect();
            out.push((
                KeySwatch::Counter,
                format!(
                    "counter: put one face down on each mark ({}); which is which stays \
                     hidden until the rules reveal it (R24); the {} are drawn from {pool}",
                    at.join(", "),
                    squares.len()
                ),
            ));
        }
    }
    out
}

/// The key, then each side's models in a column with the labels for their bases.
fn lower_half(out: &mut String, layout: &Layout, lower: &Lower) {
    let (f, line, key_line) = (layout.text, layout.line(), layout.key_line());
    let mut y = layout.lower_top;
    let _ = writeln!(out, r#"<g class="key" font-size="{}">"#, num(f));
    for (swatch, lines) in &lower.key {
        let scale = layout.swatch_scale();
        key_swatch(out, swatch, MARGIN, y - f * 0.35 - 8.0 * scale, scale);
        for (i, l) in lines.iter().enumerate() {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}">{}</text>"#,
                num(KEY_TEXT_X),
                num(y + i as f32 * key_line),
                xml_escape(l)
            );
        }
        y += lines.len().max(1) as f32 * key_line;
    }
    out.push_str("</g>\n");
    let top = y + 3.0 + line * 0.6;
    let col_w = (PAGE_W - 2.0 * MARGIN - GUTTER) / 2.0;
    for (side, rows) in &lower.columns {
        let x = MARGIN + side.index() as f32 * (col_w + GUTTER);
        let lw = lower.label_w[side.index()];
        let count: usize = rows.iter().map(|r| r.labels.len()).sum();
        let _ = writeln!(
            out,
            r#"<g class="models" data-side="{side}" font-size="{}">"#,
            num(f)
        );
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="{}" font-weight="bold">{}: {} {}, the labels for their bases</text>"#,
            num(x),
            num(top),
            num(f * 1.1),
            side_title(*side),
            count,
            if count == 1 { "model" } else { "models" }
        );
        let _ = writeln!(
            out,
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#000000" stroke-width="0.25"/>"##,
            num(x),
            num(top + 1.0),
            num(x + col_w),
            num(top + 1.0)
        );
        let mut y = top + line * 1.1;
        for r in rows {
            if !r.below() {
                let (label, key) = &r.labels[0];
                let _ = writeln!(
                    out,
                    r#"<text class="base-label" x="{}" y="{}" font-weight="bold"{}>{}</text>"#,
                    num(x),
                    num(y),
                    underline(*key),
                    xml_escape(label)
                );
            }
            for indices in &r.label_lines {
                let list: Vec<String> = indices
                    .iter()
                    .map(|&i| {
                        let (label, key) = &r.labels[i];
                        format!(
                            r#"<tspan class="base-label"{}>{}</tspan>"#,
                            underline(*key),
                            xml_escape(label)
                        )
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}" font-weight="bold">{}</text>"#,
                    num(x),
                    num(y),
                    list.join(", ")
                );
                y += line;
            }
            let dx = if r.below() { 4.0 } else { lw };
            for l in &r.lines {
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}">{}</text>"#,
                    num(x + dx),
                    num(y),
                    xml_escape(l)
                );
                y += line;
            }
        }
        out.push_str("</g>\n");
    }
}

/// The attribute underlining a key model's label (P28).
fn underline(key: bool) -> &'static str {
    if key {
        r#" text-decoration="underline""#
    } else {
        ""
    }
}

/// A key's swatch, its top-left corner at (`x`, `y`): 28 by 16 of the map's pixels, at
/// `scale` millimetres a pixel.
fn key_swatch(out: &mut String, swatch: &KeySwatch, x: f32, y: f32, scale: f32) {
    let (w, h) = (28.0 * scale, 16.0 * scale);
    match swatch {
        KeySwatch::Picture(s) => {
            let _ = writeln!(
                out,
                r#"<g transform="translate({} {}) scale({scale})">{}</g>"#,
                num(x),
                num(y),
                s.svg(0.0, 0.0, PALETTE)
            );
        }
        KeySwatch::Counter => {
            let _ = writeln!(
                out,
                r##"<polygon points="{}" fill="#ffffff" stroke="#000000" stroke-width="0.45"/>"##,
                diamond(x + w / 2.0, y + h / 2.0, h / 2.0)
            );
        }
        KeySwatch::CounterZone => {
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="0.5" stroke-dasharray="1.5 1.1"/>"#,
                num(x + 0.3),
                num(y + 0.3),
                num(w - 0.6),
                num(h - 0.6),
                PALETTE.counter_zone
            );
        }
        KeySwatch::Fixed => {
            let _ = writeln!(
                out,
                r##"<rect x="{}" y="{}" width="{}" height="{}" rx="0.8" fill="#ffffff" stroke="#000000" stroke-width="0.35"/>"##,
                num(x),
                num(y + 0.2),
                num(w),
                num(h - 0.4)
            );
        }
    }
}

/// The points of a diamond centred on (`cx`, `cy`), `r` from its centre to each corner.
fn diamond(cx: f32, cy: f32, r: f32) -> String {
    format!(
        "{},{} {},{} {},{} {},{}",
        num(cx),
        num(cy - r),
        num(cx + r),
        num(cy),
        num(cx),
        num(cy + r),
        num(cx - r),
        num(cy)
    )
}

/// A length in millimetres as the page writes it: at most two decimals.
fn num(x: f32) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0" } else { s }.to_string()
}

/// About how wide `s` is set in a sans-serif face `size` millimetres high: each
/// character's usual width in ems (DejaVu Sans's, near enough, which is wider than most).
fn text_width(s: &str, size: f32, bold: bool) -> f32 {
    let em: f32 = s
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | '\'' | '|' | '.' | ',' | ':' | ';' | '!' | '\u{2018}'
            | '\u{2019}' => 0.3,
            ' ' => 0.32,
            'f' | 't' | 'r' | '(' | ')' | '[' | ']' | '-' | '"' | 'I' => 0.42,
            'm' | 'w' | 'M' | 'W' => 0.92,
            'A'..='Z' => 0.7,
            '0'..='9' => 0.64,
            c if c.is_ascii() => 0.6,
            _ => 0.8,
        })
        .sum();
    em * size * if bold { 1.1 } else { 1.0 }
}

/// `text` at the largest size from `max` down to `min` that fits `width`; at `min`, cut
/// short with an ellipsis if it still does not.
fn fit(text: &str, width: f32, max: f32, min: f32, bold: bool) -> (String, f32) {
    let mut size = max;
    while size > min && text_width(text, size, bold) > width {
        size = (size - 0.1).max(min);
    }
    if text_width(text, size, bold) <= width {
        return (text.to_string(), size);
    }
    let mut cut: String = String::new();
    for c in text.chars() {
        cut.push(c);
        if text_width(&cut, size, bold) + text_width("\u{2026}", size, bold) > width {
            cut.pop();
            break;
        }
    }
    cut.push('\u{2026}');
    (cut, size)
}

/// `text` in lines no wider than `width` at `size`, broken between words (a word too long
/// for a line alone is broken where it reaches the end).
fn wrap(text: &str, width: f32, size: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let joined = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if text_width(&joined, size, false) <= width {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in word.chars() {
            line.push(c);
            if text_width(&line, size, false) > width && line.chars().count() > 1 {
                line.pop();
                lines.push(std::mem::take(&mut line));
                line.push(c);
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_wrap_between_words_within_their_width() {
        let text = "comes on across the north, east or west edge from Round 2 or 3, drawn at \
                    the start of Round 2";
        let lines = wrap(text, 40.0, 3.0);
        assert!(lines.len() > 1);
        assert!(
            lines.iter().all(|l| text_width(l, 3.0, false) <= 40.0),
            "{lines:?}"
        );
        assert_eq!(lines.join(" "), text);
        // A word too long for any line is broken, and nothing is lost.
        let long = "x".repeat(60);
        let lines = wrap(&long, 20.0, 3.0);
        assert!(lines.iter().all(|l| text_width(l, 3.0, false) <= 20.0));
        assert_eq!(lines.concat(), long);
    }

    #[test]
    fn a_title_too_long_is_made_smaller_then_cut_short() {
        let (t, size) = fit("Who's There?", 186.0, 7.0, 3.5, true);
        assert_eq!((t.as_str(), size), ("Who's There?", 7.0));
        let long = "A very long scenario name ".repeat(8);
        let (t, size) = fit(&long, 186.0, 7.0, 3.5, true);
        assert_eq!(size, 3.5);
        assert!(t.ends_with('\u{2026}') && t.len() < long.len());
        assert!(text_width(&t, size, true) <= 186.0);
    }

    #[test]
    fn numbers_are_written_with_at_most_two_decimals() {
        assert_eq!(num(33.0), "33");
        assert_eq!(num(2.675), "2.67");
        assert_eq!(num(0.3751), "0.38");
        assert_eq!(num(-0.001), "0");
    }
}
