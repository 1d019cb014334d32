//! A count drawn over a scenario's picture: each square with a count above 0 gets a
//! square of shade inside its edge (darker for more: the square's own colour mixed with
//! [`SHADE`], solid, so that every SVG renderer draws it alike), a frame of the ground
//! left around it so that zones still show, the number in its corner, and a legend line
//! saying what is counted. `render --cover SIDE` draws the cover map with it (how many of the other
//! side's start and entry squares see each square).

use std::fmt::Write as _;

use rules::Square;

use super::palette::Palette;
use super::picture::{Point, SQUARE, colors, square_origin};

/// The colour of the shading: the darker, the more.
pub const SHADE: &str = "#7a1f1f";

/// How much of [`SHADE`] the least and the most counted squares take.
const LEAST: f32 = 0.15;
const MOST: f32 = 0.6;

/// The ground left around a shaded square, in pixels.
const FRAME: f32 = 3.0;

/// `a` mixed with `b`, `t` of the way to `b`, as a hex colour.
pub fn mix(a: &str, b: &str, t: f32) -> String {
    let (a, b) = (colors::rgb(a), colors::rgb(b));
    let c = |i: usize| {
        (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t.clamp(0.0, 1.0)).round() as u8
    };
    format!("#{:02x}{:02x}{:02x}", c(0), c(1), c(2))
}

/// A count for each square, and what it counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shading {
    /// By square index.
    pub counts: [u8; 64],
    /// The legend's words for it.
    pub text: String,
}

impl Shading {
    /// The highest count.
    pub fn max(&self) -> u8 {
        self.counts.iter().copied().max().unwrap_or(0)
    }

    /// The colour of a square counted `n`, over `ground`.
    pub fn fill(&self, ground: &str, n: u8) -> String {
        let max = f32::from(self.max().max(1));
        mix(ground, SHADE, LEAST + (MOST - LEAST) * f32::from(n) / max)
    }

    /// The shading as SVG elements over a board whose top-left corner is at `at`.
    pub fn svg(&self, out: &mut String, at: Point, palette: &Palette) {
        let s = SQUARE;
        let inner = s - 2.0 * FRAME;
        for sq in Square::all() {
            let n = self.counts[sq.index()];
            if n == 0 {
                continue;
            }
            let (x, y) = square_origin(sq);
            let (x, y) = (at.0 + x * s, at.1 + y * s);
            let _ = writeln!(
                out,
                r#"<rect class="shade" x="{}" y="{}" width="{inner}" height="{inner}" fill="{}"/>"#,
                x + FRAME,
                y + FRAME,
                self.fill(palette.square(sq), n)
            );
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" text-anchor="end" font-size="11" fill="#222222">{n}</text>"##,
                x + s - 6.0,
                y + 16.0
            );
        }
    }
}
