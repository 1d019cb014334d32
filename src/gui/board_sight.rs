//! Sight both ways, drawn on the board: from a square (where the selected model stands,
//! a square it may step to under the pointer, or a square of the deployment zone under the
//! pointer while deploying) to every enemy square, each line with its range, the sight
//! out and the model's own range; and back, the sight the enemies there have of the square
//! (R9: a low wall on a square's own edge spoils only shots into it) and whether any of
//! them has the range to shoot it.

use std::sync::Arc;

use eframe::egui::{
    Color32, CornerRadius, FontId, Galley, Painter, Rect, Shape, Stroke, StrokeKind, Vec2, vec2,
};

use crate::rules::action::{Action, ModelId};
use crate::rules::map::Los;
use crate::rules::state::{Loc, Phase};
use crate::rules::{Bitboard, GameState, Side, Square};

use super::board_geom::Geom;
use super::tag_layout::{self, Want};
use super::theme;

/// Where the sight is taken from, and with whose range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewpoint {
    pub square: Square,
    pub side: Side,
    /// The range of the model that would stand there.
    pub range: u8,
}

/// The sight between the viewpoint and one enemy square, both ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SightLine {
    pub enemy: Square,
    pub range: u8,
    /// From the viewpoint to the enemy square.
    pub out: Los,
    /// From the enemy square back to the viewpoint.
    pub back: Los,
    /// The viewpoint's model has the range for the enemy square.
    pub in_range: bool,
    /// The longest range among the enemies there.
    pub their_range: u8,
}

impl SightLine {
    /// An enemy there can shoot the viewpoint: it sees it and has the range.
    pub fn shot_back(&self) -> bool {
        self.back != Los::None && self.range <= self.their_range
    }

    /// The shot out, in words: `3 partial`, `5 out of range`.
    fn out_text(&self) -> String {
        match (self.in_range, self.out) {
            (false, _) => format!("{} out of range", self.range),
            (true, Los::None) => format!("{} no sight", self.range),
            (true, l) => format!("{} {l}", self.range),
        }
    }

    /// The tag drawn at the enemy's end: the shot out, then the shot back.
    pub fn tag(&self) -> String {
        let back = match (self.back, self.range <= self.their_range) {
            (Los::None, _) => "back: no sight".to_string(),
            (l, true) => format!("back: {l}, in their range"),
            (l, false) => format!("back: {l}, out of their range {}", self.their_range),
        };
        format!("{}\n{back}", self.out_text())
    }

    /// The tag in one line, for a crowded board: the shot out, and the shot back only as
    /// far as it matters (its sight when they can shoot back).
    pub fn short_tag(&self) -> String {
        let back = match self.back {
            Los::None => "no sight back".to_string(),
            l if self.shot_back() => format!("back {l}"),
            _ => "back out of range".to_string(),
        };
        format!("{} · {back}", self.out_text())
    }
}

/// Above this many enemy squares the tags take one line each.
const LONG_TAGS_UP_TO: usize = 3;

/// The viewpoint of the board this frame: the selected model's (at the square under the
/// pointer if it may step there, `steps`), or, while a person deploys, the deployment
/// square under the pointer with the range of the model placed next.
pub fn viewpoint(
    g: &GameState,
    selected: Option<ModelId>,
    steps: Bitboard,
    hovered: Option<Square>,
    legal: &[Action],
) -> Option<Viewpoint> {
    if let Phase::Deploy(side) = g.phase()
        && let Some(s) = hovered.filter(|s| legal.contains(&Action::Deploy(*s)))
    {
        let next = (0..g.models().len())
            .map(|i| ModelId(i as u8))
            .find(|m| g.model(*m).side == side && g.model(*m).loc == Loc::Undeployed)?;
        return Some(Viewpoint {
            square: s,
            side,
            range: g.profile(next).range,
        });
    }
    let m = selected?;
    let square = hovered
        .filter(|s| steps.contains(*s))
        .or(g.model(m).square())?;
    Some(Viewpoint {
        square,
        side: g.model(m).side,
        range: g.profile(m).range,
    })
}

/// The sight between `from` and each square holding enemies of its side.
pub fn lines(g: &GameState, from: Viewpoint) -> Vec<SightLine> {
    let mut out: Vec<SightLine> = Vec::new();
    for (i, m) in g.models().iter().enumerate() {
        let Some(to) = m.square() else { continue };
        if m.side == from.side || to == from.square {
            continue;
        }
        let their = g.profile(ModelId(i as u8)).range;
        if let Some(l) = out.iter_mut().find(|l| l.enemy == to) {
            l.their_range = l.their_range.max(their);
            continue;
        }
        let range = from.square.range(to);
        out.push(SightLine {
            enemy: to,
            range,
            out: g.map().los(from.square, to),
            back: g.map().los(to, from.square),
            in_range: range <= from.range,
            their_range: their,
        });
    }
    out
}

fn los_color(l: Los) -> Color32 {
    match l {
        Los::Clear => theme::LOS_CLEAR,
        Los::Partial => theme::LOS_PARTIAL,
        Los::None => theme::alpha(theme::LOS_NONE, 170),
    }
}

/// Draws the lines from the viewpoint, each with its tag, and marks the viewpoint. The tags
/// are placed near their enemies' ends, clear of each other and, where there is room, of
/// `tokens` and of the viewpoint's square ([`super::tag_layout`]); their rectangles are
/// returned.
pub fn draw(
    painter: &Painter,
    geom: &Geom,
    g: &GameState,
    from: Viewpoint,
    lines: &[SightLine],
    tokens: &[Rect],
) -> Vec<Rect> {
    let one_line = lines.len() > LONG_TAGS_UP_TO;
    let mut tags = Vec::with_capacity(lines.len());
    let mut wants = Vec::with_capacity(lines.len());
    for l in lines {
        let (a, b) = geom.sight_line(g, from.square, l.enemy);
        let color = if l.in_range {
            los_color(l.out)
        } else {
            theme::alpha(theme::OUT_OF_RANGE, 150)
        };
        let w = if l.in_range && l.out != Los::None {
            2.5
        } else {
            1.5
        };
        let shadow = Stroke::new(w + 2.0, theme::SIGHT_LINE_SHADOW);
        match l.out {
            Los::Clear if l.in_range => {
                painter.line_segment([a, b], shadow);
                painter.line_segment([a, b], Stroke::new(w, color));
            }
            Los::None => {
                painter.extend(Shape::dotted_line(&[a, b], color, 7.0, 1.3));
            }
            _ => {
                painter.extend(Shape::dashed_line(&[a, b], shadow, 9.0, 5.0));
                painter.extend(Shape::dashed_line(&[a, b], Stroke::new(w, color), 9.0, 5.0));
            }
        }
        let tag = Tag::laid_out(painter, l, color, one_line);
        // It wants to sit at the enemy's end, and may slide back along the line.
        let towards = (a - b).normalized();
        let at = b + towards * (geom.sq * 0.42);
        let room = ((a - b).length() - geom.sq * 0.84).max(0.0);
        wants.push(Want {
            at,
            along: towards * room,
            size: tag.size,
        });
        tags.push(tag);
    }
    // The viewpoint's square is kept clear too, so its outline is seen whole.
    let mut keep_clear = tokens.to_vec();
    keep_clear.push(geom.rect(from.square));
    let rects = tag_layout::place(&wants, &keep_clear, geom.board);
    // A tag put away from its line is tied to it by a leader.
    for ((tag, want), rect) in tags.iter().zip(&wants).zip(&rects) {
        if !rect.expand(2.0).contains(want.at) {
            let from = rect.clamp(want.at);
            let color = theme::alpha(tag.color, 200);
            painter.line_segment([from, want.at], Stroke::new(1.0, color));
            painter.circle_filled(want.at, 2.5, color);
        }
    }
    for (tag, rect) in tags.into_iter().zip(&rects) {
        tag.paint(painter, *rect);
    }
    painter.rect_stroke(
        geom.rect(from.square).shrink(1.0),
        CornerRadius::same(2),
        Stroke::new(2.0, theme::SELECT),
        StrokeKind::Inside,
    );
    rects
}

/// A sight line's tag, laid out: its first line in the colour of the shot out, the second
/// in the colour of the shot back (red when it can be shot from there).
struct Tag {
    first: Arc<Galley>,
    second: Arc<Galley>,
    color: Color32,
    back_color: Color32,
    one_line: bool,
    /// With its margins.
    size: Vec2,
}

/// The tag's margins: across, and up and down.
const MARGIN: Vec2 = vec2(4.0, 1.0);

impl Tag {
    fn laid_out(painter: &Painter, l: &SightLine, color: Color32, one_line: bool) -> Tag {
        let text = if one_line { l.short_tag() } else { l.tag() };
        let (first, second) = text
            .split_once('\n')
            .or_else(|| text.split_once(" · "))
            .unwrap_or((&text, ""));
        let back_color = if l.shot_back() {
            theme::LOS_NONE
        } else {
            theme::OUT_OF_RANGE
        };
        let first = painter.layout_no_wrap(first.to_string(), FontId::proportional(11.0), color);
        let second = painter.layout_no_wrap(
            second.to_string(),
            FontId::proportional(10.0),
            theme::PAINTED_LATER,
        );
        let inner = if one_line {
            vec2(
                first.size().x + 6.0 + second.size().x,
                first.size().y.max(second.size().y),
            )
        } else {
            vec2(
                first.size().x.max(second.size().x),
                first.size().y + second.size().y,
            )
        };
        Tag {
            first,
            second,
            color,
            back_color,
            one_line,
            size: inner + 2.0 * MARGIN,
        }
    }

    fn paint(self, painter: &Painter, rect: Rect) {
        painter.rect_filled(rect, CornerRadius::same(3), theme::SIGHT_TAG_BACK);
        let (w1, h1) = (self.first.size().x, self.first.size().y);
        painter.galley(rect.min + MARGIN, self.first, self.color);
        let second_at = if self.one_line {
            vec2(MARGIN.x + w1 + 6.0, MARGIN.y)
        } else {
            vec2(MARGIN.x, MARGIN.y + h1)
        };
        painter.galley(rect.min + second_at, self.second, self.back_color);
    }
}
