//! A scenario's map as a picture: what a player needs to set up the table (walls, blocker
//! squares, deployment zones, fixed start squares, entry and exit edges, the counters) in
//! board coordinates, drawn as SVG for `docs/scenarios.md` and by the table's New game
//! window from the same description, so the two pictures always agree.

use std::fmt::Write as _;

use super::edge_marks::set_lanes;
use super::palette::Palette;
use rules::bitboard::{Bitboard, zone_text};
use rules::map::WallKind;
use rules::scenario::{Scenario, Start};
use rules::{Edge, Side, Square};

pub use super::edge_marks::{EdgeMark, LANE, edge_band, edge_band_of, entry_marks};

/// A point on the board in square units: x grows east from the west edge (column a is
/// 0..1), y grows south from the north edge (row 8 is 0..1), as on a screen.
pub type Point = (f32, f32);

/// One wall piece as a segment between two board points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WallLine {
    pub from: Point,
    pub to: Point,
    pub kind: WallKind,
}

/// Models of one side fixed on one square by the scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FixedStart {
    pub side: Side,
    pub square: Square,
    pub count: u8,
    /// A key model starts here (P28): ringed.
    pub key: bool,
}

/// A zone a side scores for holding, or wins by holding Rounds running (P31).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoldMark {
    pub side: Side,
    pub zone: Bitboard,
    pub hold: rules::scenario::Hold,
}

/// Key models of one side and profile (P28), in words for the legend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyMark {
    pub side: Side,
    pub text: String,
}

/// Everything drawn for one scenario.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MapPicture {
    pub walls: Vec<WallLine>,
    /// Squares no model may enter (bitboard).
    pub blockers: Bitboard,
    /// Each side's deployment squares (bitboard), for the sides that deploy.
    pub zones: Vec<(Side, Bitboard)>,
    pub fixed: Vec<FixedStart>,
    pub entries: Vec<EdgeMark>,
    pub exits: Vec<EdgeMark>,
    /// The hidden counters in words ("8 of 5 Critters and 5 Alien Secrets, placed at
    /// random"), or `None` when the scenario has none.
    pub counters: Option<String>,
    /// The squares the counters are placed in, when the scenario limits them.
    pub counter_zone: Option<Bitboard>,
    /// Zones a side scores for holding at the end of a Round, or wins by holding.
    pub holds: Vec<HoldMark>,
    /// The key models (P28).
    pub keys: Vec<KeyMark>,
    /// A count drawn over the squares (the cover map of `render --cover`), if any.
    pub shading: Option<super::shading::Shading>,
}

impl MapPicture {
    /// The picture of `scenario`'s set-up.
    pub fn of(scenario: &Scenario) -> MapPicture {
        let walls = scenario
            .map
            .walls()
            .pieces()
            .into_iter()
            .map(|(sq, edge, kind)| {
                let (x, y) = square_origin(sq);
                let (from, to) = match edge {
                    Edge::North => ((x, y), (x + 1.0, y)),
                    _ => ((x + 1.0, y), (x + 1.0, y + 1.0)),
                };
                WallLine { from, to, kind }
            })
            .collect();
        let mut zones = Vec::new();
        let mut fixed: Vec<FixedStart> = Vec::new();
        let mut entries = Vec::new();
        let mut exits = Vec::new();
        for side in Side::BOTH {
            let setup = &scenario.sides[side];
            let mine = || scenario.models.iter().filter(move |m| m.side == side);
            if mine().any(|m| m.start == Start::Deploy) {
                zones.push((side, setup.deployment));
            }
            for m in mine() {
                if let Start::At(square) = m.start {
                    let key = m.ends_game.is_key();
                    match fixed
                        .iter_mut()
                        .find(|f| f.side == side && f.square == square)
                    {
                        Some(f) => {
                            f.count += 1;
                            f.key |= key;
                        }
                        None => fixed.push(FixedStart {
                            side,
                            square,
                            count: 1,
                            key,
                        }),
                    }
                }
            }
            for (wave, entry) in setup.entry.iter().enumerate() {
                if !mine().any(|m| m.start == Start::Enter && usize::from(m.wave) == wave) {
                    continue;
                }
                entries.extend(entry_marks(side, entry));
            }
            if let Some(edge) = setup.exit {
                exits.push(EdgeMark {
                    side,
                    edge,
                    squares: edge.board_squares(),
                    label: format!(
                        "{} leave here{}",
                        side_word(side),
                        who_leaves(scenario, side)
                    ),
                    lane: 0,
                });
            }
        }
        fixed.sort_by_key(|f| (f.square.index(), f.side.index()));
        set_lanes(entries.iter_mut().chain(exits.iter_mut()));
        let c = scenario.counters;
        let counters = (c.placed > 0).then(|| {
            let kinds: Vec<String> = [
                (c.critters, "Critter"),
                (c.secrets, "Alien Secret"),
                (c.objectives, "neutral objective"),
            ]
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| plural(*n, what))
            .collect();
            let pool = match kinds.as_slice() {
                [] => plural(0, "counter"),
                [one] => one.clone(),
                [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
            };
            let total = u16::from(c.critters) + u16::from(c.secrets) + u16::from(c.objectives);
            let place = if c.zone.is_some() {
                "face down at random squares of the marked zone"
            } else {
                "face down at random squares"
            };
            if u16::from(c.placed) == total {
                format!("{pool}, {place}")
            } else {
                format!("{} of {pool}, {place}", plural(c.placed, "counter"))
            }
        });
        MapPicture {
            walls,
            blockers: scenario.map.blockers(),
            zones,
            fixed,
            entries,
            exits,
            counters,
            counter_zone: c.zone.filter(|_| c.placed > 0),
            holds: Side::BOTH
                .iter()
                .flat_map(|&side| {
                    scenario.sides[side].hold.iter().map(move |h| HoldMark {
                        side,
                        zone: h.zone,
                        hold: *h,
                    })
                })
                .collect(),
            keys: key_marks(scenario),
            shading: None,
        }
    }

    /// The picture as a standalone SVG document, `SQUARE` pixels a square, in the screen's
    /// colours ([`Palette::SCREEN`]).
    pub fn to_svg(&self, title: &str) -> String {
        let palette = &Palette::SCREEN;
        let s = SQUARE;
        let board = 8.0 * s;
        // Room around the board for the edge marks' lanes.
        let lanes = self
            .entries
            .iter()
            .chain(&self.exits)
            .map(|m| m.lane)
            .max()
            .unwrap_or(0);
        let extra = LANE * s * f32::from(lanes);
        let margin = MARGIN + extra;
        let legend_top = board + 2.0 * margin;
        let legend = self.legend();
        // Wide enough for the longest legend line (about 6.6 pixels a character at 12).
        let longest = legend
            .iter()
            .map(|(_, t)| t.chars().count())
            .max()
            .unwrap_or(0);
        let width = (board + 2.0 * margin).max(LEGEND_TEXT_X + 6.6 * longest as f32 + 8.0);
        let height = legend_top + LEGEND_LINE * legend.len() as f32 + 8.0;
        let at = (margin, margin);
        let px = |(x, y): Point| (margin + x * s, margin + y * s);
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(out, "<title>{}</title>", xml_escape(title));
        let _ = writeln!(
            out,
            r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
        );
        self.svg_ground(&mut out, at, palette);
        if let Some(shading) = &self.shading {
            shading.svg(&mut out, at, palette);
        }
        // Column letters below, row numbers on the left.
        for i in 0..8u8 {
            let (x, _) = px((f32::from(i) + 0.5, 0.0));
            let _ = writeln!(
                out,
                r##"<text x="{x}" y="{}" text-anchor="middle" fill="#555555">{}</text>"##,
                margin + board + 23.0 + extra,
                char::from(b'a' + i)
            );
            let (_, y) = px((0.0, f32::from(i) + 0.5));
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" text-anchor="middle" fill="#555555">{}</text>"##,
                margin - 18.0 - extra,
                y + 4.0,
                8 - i
            );
        }
        self.svg_edges(&mut out, at, palette);
        self.svg_walls(&mut out, at, palette);
        for f in &self.fixed {
            let (x, y) = square_origin(f.square);
            let (cx, cy) = px((x + 0.5, y + 0.5));
            if f.key {
                let _ = writeln!(
                    out,
                    r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="{}" stroke-width="3"/>"#,
                    s * 0.4,
                    colors::KEY
                );
            }
            let _ = writeln!(
                out,
                r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="{}" stroke="#222222"/>"##,
                s * 0.3,
                colors::side(f.side)
            );
            let _ = writeln!(
                out,
                r##"<text x="{cx}" y="{}" text-anchor="middle" font-weight="bold" fill="#ffffff">{}</text>"##,
                cy + 4.0,
                f.count
            );
        }
        for (i, (swatch, text)) in legend.iter().enumerate() {
            let y = legend_top + LEGEND_LINE * i as f32;
            let _ = writeln!(out, "{}", swatch.svg(8.0, y, palette));
            let _ = writeln!(
                out,
                r##"<text x="{LEGEND_TEXT_X}" y="{}" fill="#222222">{}</text>"##,
                y + 12.0,
                xml_escape(text)
            );
        }
        out.push_str("</svg>\n");
        out
    }

    /// The ground of the board as SVG elements, its top-left corner at `at` (pixels,
    /// `SQUARE` pixels a square): the squares with a faint checker so rows and columns can
    /// be counted, the deployment zones, the blocked squares, the hold zones and the
    /// counters' zone as dashed outlines inside their squares, and the line around the
    /// board.
    pub fn svg_ground(&self, out: &mut String, at: Point, palette: &Palette) {
        let s = SQUARE;
        let board = 8.0 * s;
        let px = |(x, y): Point| (at.0 + x * s, at.1 + y * s);
        for sq in Square::all() {
            let (x, y) = px(square_origin(sq));
            let fill = palette.square(sq);
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="{fill}"/>"#
            );
        }
        for (side, zone) in &self.zones {
            for sq in *zone {
                let (x, y) = px(square_origin(sq));
                let _ = writeln!(
                    out,
                    r#"<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="{}"/>"#,
                    palette.zone(*side, palette.square(sq))
                );
            }
        }
        for sq in self.blockers {
            let (x, y) = px(square_origin(sq));
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="{}"/>"#,
                palette.blocker
            );
        }
        // Hold zones and the counter zone: dashed outlines inside their squares.
        let mut outline = |zone: Bitboard, inset: f32, stroke: &str, width: u8, dash: &str| {
            for sq in zone {
                let (x, y) = px(square_origin(sq));
                let _ = writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{stroke}" stroke-width="{width}" stroke-dasharray="{dash}"/>"#,
                    x + inset,
                    y + inset,
                    s - 2.0 * inset,
                    s - 2.0 * inset,
                );
            }
        };
        // The Martians' zones drawn inside the Humans', so a zone both sides hold shows
        // both outlines.
        for h in &self.holds {
            let inset = match h.side {
                Side::Humans => 8.0,
                Side::Martians => 13.0,
            };
            outline(h.zone, inset, palette.side(h.side), 3, "2 3");
        }
        outline(
            self.counter_zone.unwrap_or(Bitboard::EMPTY),
            4.0,
            palette.counter_zone,
            2,
            "4 3",
        );
        // The Rounds a zone counts in, and how many it wins after, in its corner square:
        // the Humans' at the top left, the Martians' at the bottom right.
        for h in &self.holds {
            let lines = hold_tag(&h.hold);
            let Some(sq) = tag_square(h.side, h.zone) else {
                continue;
            };
            let (x, y) = px(square_origin(sq));
            let n = lines.len();
            for (i, line) in lines.iter().enumerate() {
                // A white label in the side's colour, on the square's upper half for the
                // Humans and its lower half for the Martians.
                let top = match h.side {
                    Side::Humans => y + 5.0 + 12.0 * i as f32,
                    Side::Martians => y + s - 5.0 - 12.0 * (n - i) as f32,
                };
                let w = 6.0 * line.chars().count() as f32 + 4.0;
                let cx = x + s / 2.0;
                let _ = writeln!(
                    out,
                    r##"<rect x="{}" y="{top}" width="{w}" height="11" rx="2" fill="#ffffff" stroke="{}" stroke-width="1"/>"##,
                    cx - w / 2.0,
                    palette.side(h.side)
                );
                let _ = writeln!(
                    out,
                    r#"<text x="{cx}" y="{}" font-size="9" font-weight="bold" text-anchor="middle" fill="{}">{}</text>"#,
                    top + 8.5,
                    palette.side(h.side),
                    xml_escape(line)
                );
            }
        }
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{board}" height="{board}" fill="none" stroke="{}" stroke-width="1.5"/>"#,
            at.0, at.1, palette.border
        );
    }

    /// The entry edges (solid) and exit edges (dashed) as SVG lines just outside the
    /// board, whose top-left corner is at `at` (pixels).
    pub fn svg_edges(&self, out: &mut String, at: Point, palette: &Palette) {
        let px = |(x, y): Point| (at.0 + x * SQUARE, at.1 + y * SQUARE);
        for (marks, dashed) in [(&self.entries, false), (&self.exits, true)] {
            for m in marks {
                let (a, b) = m.band();
                let (ax, ay) = px(a);
                let (bx, by) = px(b);
                let dash = if dashed {
                    r#" stroke-dasharray="10 6""#
                } else {
                    ""
                };
                let _ = writeln!(
                    out,
                    r#"<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="{}" stroke-width="6"{dash}/>"#,
                    palette.side(m.side)
                );
            }
        }
    }

    /// Every wall piece as an SVG line, one a piece: high walls solid, low walls dashed;
    /// the board's top-left corner at `at` (pixels).
    pub fn svg_walls(&self, out: &mut String, at: Point, palette: &Palette) {
        let px = |(x, y): Point| (at.0 + x * SQUARE, at.1 + y * SQUARE);
        for w in &self.walls {
            let (ax, ay) = px(w.from);
            let (bx, by) = px(w.to);
            let _ = writeln!(
                out,
                r#"<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" {}/>"#,
                wall_style(w.kind, palette)
            );
        }
    }

    /// The key to the picture: one line per kind of thing drawn on it.
    pub fn legend(&self) -> Vec<(Swatch, String)> {
        let mut out = Vec::new();
        if self.walls.iter().any(|w| w.kind == WallKind::High) {
            out.push((
                Swatch::Wall(WallKind::High),
                "high wall: blocks movement and sight".to_string(),
            ));
        }
        if self.walls.iter().any(|w| w.kind == WallKind::Low) {
            out.push((
                Swatch::Wall(WallKind::Low),
                "low wall: no obstacle to movement, spoils a clear shot".to_string(),
            ));
        }
        if self.blockers.any() {
            out.push((
                Swatch::Blocker,
                "blocked square: no model enters, no sight crosses".to_string(),
            ));
        }
        for (side, _) in &self.zones {
            out.push((
                Swatch::Zone(*side),
                format!("{} deployment zone", side_word(*side)),
            ));
        }
        for side in Side::BOTH {
            let n: u32 = self
                .fixed
                .iter()
                .filter(|f| f.side == side)
                .map(|f| u32::from(f.count))
                .sum();
            if n > 0 {
                out.push((
                    Swatch::Fixed(side),
                    format!("{} start here (the number of models)", side_word(side)),
                ));
            }
        }
        // Marks drawn one outside another on an edge say which line they are.
        let stacked = |m: &EdgeMark| {
            self.entries
                .iter()
                .chain(&self.exits)
                .any(|o| o.edge == m.edge && o.lane != m.lane)
        };
        let place = |m: &EdgeMark| match (stacked(m), m.lane) {
            (false, _) => m.edge.to_string(),
            (true, 0) => format!("{}, next to the board", m.edge),
            (true, 1) => format!("{}, 2nd line out", m.edge),
            (true, 2) => format!("{}, 3rd line out", m.edge),
            (true, n) => format!("{}, {}th line out", m.edge, n + 1),
        };
        for m in &self.entries {
            out.push((Swatch::Entry(m.side), format!("{}: {}", place(m), m.label)));
        }
        for m in &self.exits {
            out.push((Swatch::Exit(m.side), format!("{}: {}", place(m), m.label)));
        }
        for h in &self.holds {
            out.push((Swatch::Hold(h.side), hold_text(h)));
        }
        if let Some(shading) = &self.shading {
            out.push((Swatch::Shade, shading.text.clone()));
        }
        for k in &self.keys {
            out.push((Swatch::Key(k.side), k.text.clone()));
        }
        if let Some(c) = &self.counters {
            out.push((Swatch::Counters, format!("counters: {c}")));
        }
        out
    }
}

/// The little sample drawn beside a legend line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swatch {
    Wall(WallKind),
    Blocker,
    Zone(Side),
    Fixed(Side),
    Entry(Side),
    Exit(Side),
    Hold(Side),
    /// A key model (P28): a figure with a ring.
    Key(Side),
    Counters,
    /// The shading of a count (the cover map).
    Shade,
}

impl Swatch {
    /// The swatch as SVG elements, its top-left corner at (`x`, `y`) (pixels: 28 wide,
    /// 16 high), in `palette`'s colours.
    pub fn svg(self, x: f32, y: f32, palette: &Palette) -> String {
        let (x2, mid) = (x + 28.0, y + 8.0);
        match self {
            Swatch::Wall(kind) => format!(
                r#"<line x1="{x}" y1="{mid}" x2="{x2}" y2="{mid}" {}/>"#,
                wall_style(kind, palette)
            ),
            Swatch::Blocker => format!(
                r#"<rect x="{x}" y="{y}" width="28" height="16" fill="{}"/>"#,
                palette.blocker
            ),
            Swatch::Zone(side) => format!(
                r#"<rect x="{x}" y="{y}" width="28" height="16" fill="{}"/>"#,
                palette.zone(side, palette.square_light)
            ),
            Swatch::Fixed(side) => format!(
                r##"<circle cx="{}" cy="{mid}" r="7" fill="{}" stroke="#222222"/>"##,
                x + 14.0,
                palette.side(side)
            ),
            Swatch::Entry(side) => format!(
                r#"<line x1="{x}" y1="{mid}" x2="{x2}" y2="{mid}" stroke="{}" stroke-width="7"/>"#,
                palette.side(side)
            ),
            Swatch::Exit(side) => format!(
                r#"<line x1="{x}" y1="{mid}" x2="{x2}" y2="{mid}" stroke="{}" stroke-width="7" stroke-dasharray="10 6"/>"#,
                palette.side(side)
            ),
            Swatch::Hold(side) => format!(
                r#"<rect x="{}" y="{}" width="20" height="12" fill="none" stroke="{}" stroke-width="3" stroke-dasharray="2 3"/>"#,
                x + 4.0,
                y + 2.0,
                palette.side(side)
            ),
            Swatch::Key(side) => format!(
                r#"<circle cx="{}" cy="{mid}" r="6" fill="{}" stroke="{}" stroke-width="3"/>"#,
                x + 14.0,
                palette.side(side),
                colors::KEY
            ),
            Swatch::Shade => format!(
                r#"<rect x="{x}" y="{y}" width="28" height="16" fill="{}"/>"#,
                super::shading::mix(palette.square_light, super::shading::SHADE, 0.45)
            ),
            Swatch::Counters => {
                let cx = x + 14.0;
                format!(
                    r##"<polygon points="{cx},{} {},{mid} {cx},{} {},{mid}" fill="#d8c27a" stroke="#6b5a1e"/>"##,
                    mid - 7.0,
                    cx + 7.0,
                    mid + 7.0,
                    cx - 7.0
                )
            }
        }
    }
}

/// A wall's stroke: high walls solid with round ends, low walls dashed.
fn wall_style(kind: WallKind, palette: &Palette) -> String {
    match kind {
        WallKind::High => format!(
            r#"stroke="{}" stroke-width="{}" stroke-linecap="round""#,
            palette.high_wall, palette.high_wall_width
        ),
        WallKind::Low => format!(
            r#"stroke="{}" stroke-width="{}" stroke-dasharray="{}""#,
            palette.low_wall, palette.low_wall_width, palette.low_wall_dash
        ),
    }
}

/// Pixels a square in the SVG picture.
pub const SQUARE: f32 = 48.0;
/// Pixels around the board, for coordinates and edge marks.
const MARGIN: f32 = 28.0;
/// Pixels a legend line.
const LEGEND_LINE: f32 = 22.0;
/// Where a legend line's text starts, right of its swatch.
const LEGEND_TEXT_X: f32 = 44.0;

/// The picture's colours, as SVG colour strings (the table uses the same values).
pub mod colors {
    use rules::Side;

    pub const SQUARE_LIGHT: &str = "#efe9dc";
    pub const SQUARE_DARK: &str = "#e4dccb";
    pub const HIGH_WALL: &str = "#2f2f2f";
    pub const LOW_WALL: &str = "#a26a2a";
    pub const BLOCKER: &str = "#5b5b5b";
    pub const HUMANS: &str = "#3b6fc4";
    pub const MARTIANS: &str = "#3f9a3a";
    pub const COUNTER_ZONE: &str = "#b8860b";
    /// The ring around a key model (P28).
    pub const KEY: &str = "#e0a800";

    /// A side's colour.
    pub fn side(side: Side) -> &'static str {
        match side {
            Side::Humans => HUMANS,
            Side::Martians => MARTIANS,
        }
    }

    /// The colour of a square of the board: a faint checker, so rows and columns can be
    /// counted.
    pub fn square(sq: rules::Square) -> &'static str {
        if (sq.col() + sq.row()) % 2 == 0 {
            SQUARE_DARK
        } else {
            SQUARE_LIGHT
        }
    }

    /// A side's deployment zone over a square of colour `under`: the side's colour at 45%,
    /// mixed here rather than left to the viewer's transparency, so every viewer shows the
    /// same colour.
    pub fn zone(side: Side, under: &str) -> String {
        let (a, b) = (rgb(self::side(side)), rgb(under));
        let mix = |i: usize| (0.45 * f32::from(a[i]) + 0.55 * f32::from(b[i])).round() as u8;
        format!("#{:02x}{:02x}{:02x}", mix(0), mix(1), mix(2))
    }

    /// A `#rrggbb` colour as its three bytes.
    pub fn rgb(hex: &str) -> [u8; 3] {
        let byte =
            |i: usize| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0);
        [byte(1), byte(3), byte(5)]
    }
}

/// The top-left corner of a square, in board units.
pub fn square_origin(sq: Square) -> Point {
    (f32::from(sq.col() as u8), f32::from(7 - sq.row() as u8))
}

/// The values of `list` once each, in order.
pub fn distinct<T: Copy + PartialEq>(list: &[T]) -> Vec<T> {
    let mut out: Vec<T> = Vec::new();
    for x in list {
        if !out.contains(x) {
            out.push(*x);
        }
    }
    out
}

/// "2, 3 or 4".
pub fn or_list(items: impl Iterator<Item = String>) -> String {
    let all: Vec<String> = items.collect();
    match all.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Who may leave by `side`'s exit when some of its models are held on the board (P30):
/// " (only the Professor Kessler and 2 US Army Soldiers)"; nothing when all may.
fn who_leaves(scenario: &Scenario, side: Side) -> String {
    let mine: Vec<&rules::scenario::ModelSetup> =
        scenario.models.iter().filter(|m| m.side == side).collect();
    if mine.iter().all(|m| m.may_exit) {
        return String::new();
    }
    let mut groups: Vec<(usize, u32)> = Vec::new();
    for m in mine.iter().filter(|m| m.may_exit) {
        match groups.iter_mut().find(|g| g.0 == m.profile) {
            Some(g) => g.1 += 1,
            None => groups.push((m.profile, 1)),
        }
    }
    if groups.is_empty() {
        return " (but no model may)".to_string();
    }
    let names = groups
        .iter()
        .map(|(p, n)| counted(*n, &scenario.profiles[*p].name));
    format!(" (only {})", and_list(names))
}

/// "1 Professor Kessler", "2 US Army Soldiers".
fn counted(n: u32, name: &str) -> String {
    if n == 1 || name.ends_with('s') {
        format!("{n} {name}")
    } else {
        format!("{n} {name}s")
    }
}

/// "a, b and c".
fn and_list(items: impl Iterator<Item = String>) -> String {
    let all: Vec<String> = items.collect();
    match all.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The key models (P28), a line for each side and profile.
fn key_marks(scenario: &Scenario) -> Vec<KeyMark> {
    let mut groups: Vec<(Side, usize, rules::scenario::EndsGame, u32)> = Vec::new();
    for m in scenario.models.iter().filter(|m| m.ends_game.is_key()) {
        match groups
            .iter_mut()
            .find(|g| g.0 == m.side && g.1 == m.profile && g.2 == m.ends_game)
        {
            Some(g) => g.3 += 1,
            None => groups.push((m.side, m.profile, m.ends_game, 1)),
        }
    }
    groups
        .into_iter()
        .map(|(side, profile, ends, n)| {
            let name = &scenario.profiles[profile].name;
            let who = if n == 1 {
                name.clone()
            } else {
                format!("one of the {}", counted(n, name))
            };
            KeyMark {
                side,
                text: format!(
                    "key {} of the {}: {}",
                    if n == 1 { "model" } else { "models" },
                    side_word(side),
                    crate::shelf::docs::key_model_words(&who, ends)
                ),
            }
        })
        .collect()
}

/// The short marks drawn on a hold zone (P31): the Rounds it counts in when not every
/// Round ("R3", "R2-5", "R4+"), and the Rounds running that win ("win 2"). None for a
/// zone that scores every Round and does not win.
pub fn hold_tag(h: &rules::scenario::Hold) -> Vec<String> {
    let mut lines = Vec::new();
    match (h.from, h.until) {
        (1, None) => {}
        (f, None) => lines.push(format!("R{f}+")),
        (f, Some(u)) if f == u => lines.push(format!("R{f}")),
        (f, Some(u)) => lines.push(format!("R{f}-{u}")),
    }
    if let Some(n) = h.win_after {
        lines.push(format!("win {n}"));
    }
    lines
}

/// The square of `zone` its side's marks are drawn in: the top left for the Humans, the
/// bottom right for the Martians, so a zone both sides hold shows both.
pub fn tag_square(side: Side, zone: Bitboard) -> Option<Square> {
    let corner = |sq: &Square| match side {
        Side::Humans => (sq.col() as i32, -(sq.row() as i32)),
        Side::Martians => (-(sq.col() as i32), sq.row() as i32),
    };
    zone.into_iter().min_by_key(corner)
}

/// A hold zone's legend line: what holding it scores, in which Rounds, and whether it wins
/// (P31).
pub fn hold_text(h: &HoldMark) -> String {
    let zone = zone_text(h.zone);
    let who = side_word(h.side);
    let windowed = h.hold.from > 1 || h.hold.until.is_some();
    let rounds = match (h.hold.from, h.hold.until) {
        (1, None) => "each Round".to_string(),
        (f, None) => format!("each Round from Round {f} on"),
        (f, Some(u)) if f == u => format!("Round {f}"),
        (f, Some(u)) => format!("each of Rounds {f}-{u}"),
    };
    let score = format!(
        "the {who} score {} VP at the end of {rounds} they hold it alone",
        h.hold.vp
    );
    let Some(n) = h.hold.win_after else {
        return format!("{zone}: {score}");
    };
    let running = match (n, windowed) {
        (1, false) => "a Round".to_string(),
        (1, true) => "one of them".to_string(),
        (n, false) => format!("{n} Rounds running"),
        (n, true) => format!("{n} of them running"),
    };
    if h.hold.vp > 0 {
        format!("{zone}: {score}; holding it alone at the end of {running} wins")
    } else if windowed {
        let running = if n == 1 {
            "a Round".to_string()
        } else {
            format!("{n} Rounds running")
        };
        let counted = match (h.hold.from, h.hold.until) {
            (f, None) => format!("Rounds from {f} on count"),
            (f, Some(u)) if f == u => format!("only Round {f} counts"),
            (f, Some(u)) => format!("Rounds {f}-{u} count"),
        };
        format!("{zone}: the {who} win by holding it alone at the end of {running} ({counted})")
    } else {
        format!("{zone}: the {who} win by holding it alone at the end of {running}")
    }
}

pub(super) fn side_word(side: Side) -> &'static str {
    match side {
        Side::Humans => "Humans",
        Side::Martians => "Martians",
    }
}

fn plural(n: u8, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// `s` as XML text or a double-quoted attribute's value: `&`, `<`, `>` and `"` escaped,
/// and the characters XML 1.0 does not allow at all (control characters other than tab,
/// newline and carriage return; U+FFFE and U+FFFF) replaced by U+FFFD, so that any name a
/// scenario file gives makes a well-formed picture.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c < ' ' || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_xml_and_characters_xml_forbids_are_replaced() {
        assert_eq!(
            xml_escape("Tom & Jerry's <\"Raid\"> ]]>"),
            "Tom &amp; Jerry's &lt;&quot;Raid&quot;&gt; ]]&gt;"
        );
        // XML 1.0 allows tab, newline and carriage return, and no other control character
        // even escaped; U+FFFE and U+FFFF are not characters at all.
        assert_eq!(xml_escape("a\tb\nc\rd"), "a\tb\nc\rd");
        assert_eq!(
            xml_escape("x\u{1}y\u{1f}z\u{fffe}\u{ffff}"),
            "x\u{fffd}y\u{fffd}z\u{fffd}\u{fffd}"
        );
        assert_eq!(xml_escape("Zoë, 火星"), "Zoë, 火星");
    }

    #[test]
    fn a_zone_both_sides_hold_shows_both_outlines() {
        let d4: Square = "d4".parse().unwrap();
        let hold = |side, vp| HoldMark {
            side,
            zone: Bitboard::single(d4),
            hold: rules::scenario::Hold::every_round(Bitboard::single(d4), vp),
        };
        let picture = MapPicture {
            holds: vec![hold(Side::Humans, 1), hold(Side::Martians, 2)],
            ..MapPicture::default()
        };
        let svg = picture.to_svg("Hill");
        let outlines: Vec<&str> = svg
            .lines()
            .filter(|l| l.contains(r#"stroke-dasharray="2 3""#) && l.contains("<rect x="))
            .collect();
        // One outline on the board for each side (and a swatch each in the legend), at
        // different insets, in each side's colour.
        let on_board: Vec<&&str> = outlines
            .iter()
            .filter(|l| !l.contains(r#"width="20""#))
            .collect();
        assert_eq!(on_board.len(), 2, "{svg}");
        assert_ne!(on_board[0].split('"').nth(1), on_board[1].split('"').nth(1));
        assert!(
            on_board
                .iter()
                .any(|l| l.contains(colors::side(Side::Humans)))
        );
        assert!(
            on_board
                .iter()
                .any(|l| l.contains(colors::side(Side::Martians)))
        );
        assert_eq!(
            svg.matches("they hold it alone").count(),
            2,
            "a legend line a side"
        );
    }
}
