//! The trays beyond the board's edges, where the models not yet on the board wait: in
//! groups, those to deploy now apart from each wave that comes on later (R6), each group
//! with its own caption.

use eframe::egui::{CornerRadius, FontId, Painter, Pos2, Rect, Stroke, StrokeKind, pos2};

use crate::rules::action::ModelId;
use crate::rules::state::Loc;
use crate::rules::{GameState, Side};
use crate::table::describe::{arrivals, side_title};

use super::theme;

/// One group of a side's models off the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrayGroup {
    pub side: Side,
    /// What the group waits for: `to deploy`, `coming on across the south edge`,
    /// `arriving in Round 3 across the east edge`.
    pub caption: String,
    pub models: Vec<ModelId>,
}

/// The groups of `side`'s models off the board: those to deploy first, then those that
/// come on, by the Round they arrive in and the edge they cross.
pub fn groups(g: &GameState, side: Side) -> Vec<TrayGroup> {
    let ids = (0..g.models().len()).map(|i| ModelId(i as u8));
    let mine: Vec<ModelId> = ids.filter(|m| g.model(*m).side == side).collect();
    let mut out = Vec::new();
    let deploy: Vec<ModelId> = mine
        .iter()
        .copied()
        .filter(|m| g.model(*m).loc == Loc::Undeployed)
        .collect();
    if !deploy.is_empty() {
        out.push(TrayGroup {
            side,
            caption: "to deploy".into(),
            models: deploy,
        });
    }
    let mut waiting: Vec<ModelId> = mine
        .into_iter()
        .filter(|m| g.model(*m).loc == Loc::Waiting)
        .collect();
    // The earliest wave first; a model with no way on last.
    waiting.sort_by_key(|m| {
        g.scenario()
            .entry_of(m.index())
            .map_or(u16::MAX, |e| e.round.max(g.round()))
    });
    for m in waiting {
        let caption = arrivals(g, &[m]);
        match out.iter_mut().find(|gr| gr.caption == caption) {
            Some(gr) => gr.models.push(m),
            None => out.push(TrayGroup {
                side,
                caption,
                models: vec![m],
            }),
        }
    }
    out
}

/// Draws a side's tray mat in `area` with its groups, and says where each model goes
/// (tokens of radius `r`).
pub fn draw(
    painter: &Painter,
    area: Rect,
    r: f32,
    side: Side,
    groups: &[TrayGroup],
) -> Vec<(ModelId, Pos2)> {
    let mut out = Vec::new();
    if groups.is_empty() {
        return out;
    }
    let color = theme::side_color(side);
    let light = theme::side_light(side);
    painter.rect_filled(area, CornerRadius::same(6), theme::alpha(color, 28));
    painter.rect_stroke(
        area,
        CornerRadius::same(6),
        Stroke::new(1.0, theme::alpha(color, 90)),
        StrokeKind::Inside,
    );
    let cy = area.center().y;
    let title = painter.layout_no_wrap(
        side_title(side).to_string(),
        FontId::proportional(12.0),
        light,
    );
    let mut x = area.left() + 8.0;
    painter.galley(pos2(x, cy - title.size().y / 2.0), title.clone(), light);
    x += title.size().x + 10.0;
    // Each caption wraps to a narrow column; the models share what room is left.
    let wrap = (area.width() * 0.16).clamp(70.0, 130.0);
    let captions: Vec<_> = groups
        .iter()
        .map(|gr| {
            painter.layout(
                format!("{}:", gr.caption),
                FontId::proportional(10.5),
                light,
                wrap,
            )
        })
        .collect();
    let gap = 14.0;
    let fixed: f32 =
        captions.iter().map(|c| c.size().x + 6.0).sum::<f32>() + gap * (groups.len() - 1) as f32;
    let n: usize = groups.iter().map(|gr| gr.models.len()).sum();
    let step = (r * 2.5).min((area.right() - 6.0 - x - fixed) / n.max(1) as f32);
    for (i, (gr, cap)) in groups.iter().zip(captions).enumerate() {
        if i > 0 {
            // A divider between the groups.
            let dx = x + gap / 2.0 - 2.0;
            painter.line_segment(
                [pos2(dx, area.top() + 5.0), pos2(dx, area.bottom() - 5.0)],
                Stroke::new(1.5, theme::alpha(color, 150)),
            );
            x += gap;
        }
        let size = cap.size();
        painter.galley(pos2(x, cy - size.y / 2.0), cap, light);
        x += size.x + 6.0;
        for id in &gr.models {
            out.push((*id, pos2(x + step * 0.5, cy)));
            x += step;
        }
    }
    out
}
