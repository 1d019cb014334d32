//! How a map picture ([`super::picture::MapPicture`]) is coloured: the screen's colours of
//! `docs/scenarios/*.svg` and the table's windows, or the set-up sheet's for a page printed
//! in black and white (walls black, low walls dashed, deployment zones hatched, one
//! direction of hatching a side).

use std::fmt::Write as _;

use super::picture::colors;
use rules::{Side, Square};

/// How a side's deployment zone is filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneFill {
    /// The side's colour mixed into the square's ([`colors::zone`]).
    Tint,
    /// Hatching drawn over the square: the patterns [`Palette::defs`] defines, their ids
    /// for the Humans and the Martians.
    Hatch {
        humans: &'static str,
        martians: &'static str,
    },
}

/// The colours and strokes a map picture is drawn with, in the picture's pixels (a square
/// is [`super::picture::SQUARE`] pixels).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub square_light: &'static str,
    pub square_dark: &'static str,
    /// The line around the board.
    pub border: &'static str,
    pub high_wall: &'static str,
    pub high_wall_width: f32,
    pub low_wall: &'static str,
    pub low_wall_width: f32,
    /// The dashes of a low wall (`stroke-dasharray`).
    pub low_wall_dash: &'static str,
    pub blocker: &'static str,
    /// Each side's edge marks and hold-zone outlines.
    pub humans: &'static str,
    pub martians: &'static str,
    /// The outline of the squares counters are placed in.
    pub counter_zone: &'static str,
    pub zones: ZoneFill,
}

/// The hatching of the print palette's zones, a side's lines at right angles to the
/// other's: (pattern id, angle in degrees).
const HATCHES: [(&str, i32); 2] = [("zone-humans", 45), ("zone-martians", -45)];

impl Palette {
    /// The screen's colours ([`colors`]), as `docs/scenarios/*.svg` are drawn.
    pub const SCREEN: Palette = Palette {
        square_light: colors::SQUARE_LIGHT,
        square_dark: colors::SQUARE_DARK,
        border: "#555555",
        high_wall: colors::HIGH_WALL,
        high_wall_width: 6.0,
        low_wall: colors::LOW_WALL,
        low_wall_width: 5.0,
        low_wall_dash: "7 4",
        blocker: colors::BLOCKER,
        humans: colors::HUMANS,
        martians: colors::MARTIANS,
        counter_zone: colors::COUNTER_ZONE,
        zones: ZoneFill::Tint,
    };

    /// For a page printed in black and white: white squares with a faint grey checker,
    /// thick black high walls, thinner dashed black low walls, grey blockers, and each
    /// side's deployment zone hatched its own way (Humans `/`, Martians `\`).
    pub const PRINT: Palette = Palette {
        square_light: "#ffffff",
        square_dark: "#ededed",
        border: "#000000",
        high_wall: "#000000",
        high_wall_width: 7.0,
        low_wall: "#000000",
        low_wall_width: 4.0,
        low_wall_dash: "9 5",
        blocker: "#8a8a8a",
        humans: "#000000",
        martians: "#5a5a5a",
        counter_zone: "#333333",
        zones: ZoneFill::Hatch {
            humans: HATCHES[0].0,
            martians: HATCHES[1].0,
        },
    };

    /// The colour of a square of the board: a faint checker, so rows and columns can be
    /// counted.
    pub fn square(&self, sq: Square) -> &'static str {
        if (sq.col() + sq.row()) % 2 == 0 {
            self.square_dark
        } else {
            self.square_light
        }
    }

    /// A side's colour (its edge marks, hold zones, fixed starts).
    pub fn side(&self, side: Side) -> &'static str {
        match side {
            Side::Humans => self.humans,
            Side::Martians => self.martians,
        }
    }

    /// The fill of a square of `side`'s deployment zone over a square of colour `under`.
    pub fn zone(&self, side: Side, under: &str) -> String {
        match self.zones {
            ZoneFill::Tint => colors::zone(side, under),
            ZoneFill::Hatch { humans, martians } => {
                let id = match side {
                    Side::Humans => humans,
                    Side::Martians => martians,
                };
                format!("url(#{id})")
            }
        }
    }

    /// The `<defs>` the palette's fills need (its hatching), to write once inside the
    /// `<svg>` that uses it; empty when it needs none.
    pub fn defs(&self) -> String {
        let ZoneFill::Hatch { humans, martians } = self.zones else {
            return String::new();
        };
        let mut out = String::from("<defs>\n");
        for (id, (_, angle)) in [humans, martians].iter().zip(HATCHES) {
            let _ = writeln!(
                out,
                r##"<pattern id="{id}" patternUnits="userSpaceOnUse" width="9" height="9" patternTransform="rotate({angle})"><line x1="0" y1="0" x2="0" y2="9" stroke="#8c8c8c" stroke-width="2.2"/></pattern>"##
            );
        }
        out.push_str("</defs>\n");
        out
    }
}
