//! The board: the 8x8 street drawn to scale with its walls, zones, counters and models,
//! and clicks turned into decisions from the legal list.
//!
//! A click names a square or a model. The decisions offered for it are exactly the legal
//! decisions whose target it is; when a model of the side to move is selected but not yet
//! acting, also its activation followed by such a decision (checked on a copy of the
//! state). One decision is played at once; several open a small menu.

use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Id, Pos2, Rect, Response, Sense, Shape, Stroke,
    StrokeKind, Ui, Vec2, pos2, vec2,
};

use crate::rules::action::{Action, ModelId, Spot};
use crate::rules::cards::Card;
use crate::rules::map::Los;
use crate::rules::square::squares_of;
use crate::rules::state::{CounterKind, Loc, Phase};
use crate::rules::{Edge, GameState, Side, Square};
use crate::table::describe::{card_of, model_name};
use crate::table::forecast::{Reach, Target, acting_model, reach, spot_of, targets_of};
use crate::table::session::Session;

use super::board_figures::{draw_edge_band, draw_model, draw_wall, draw_zone_outline};
use super::board_tooltip::{card_odds, hover_info, plan_label};
pub use super::board_tooltip::{
    fight_odds_ui, low_wall_note, odds_bar, shoot_odds_ui, test_odds_ui,
};
use super::theme;

/// What the board asks the table to do.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardCommand {
    /// Play these decisions in turn (a plan from the legal list).
    Play(Vec<Action>),
    Select(Option<ModelId>),
}

/// Where the board is on screen: the square-to-screen transform and its inverse.
/// Seconds a model takes to glide to its new place.
const GLIDE: f32 = 0.22;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geom {
    /// The 8x8 squares.
    pub board: Rect,
    /// Side of a square, in points.
    pub sq: f32,
    /// The tray beyond the south edge and the one beyond the north edge.
    pub south_tray: Rect,
    pub north_tray: Rect,
}

impl Geom {
    fn new(avail: Rect) -> Geom {
        let label = 26.0;
        // Eight squares, two trays of 0.62 squares, labels around, and room on the right
        // for the estimate's bar.
        let bar = super::board_estimate::WIDTH + 16.0;
        let sq_w = (avail.width() - 2.0 * label - 8.0 - bar) / 8.0;
        let sq_h = (avail.height() - 2.0 * label - 8.0) / (8.0 + 2.0 * 0.62);
        let sq = sq_w.min(sq_h).max(12.0).floor();
        let size = vec2(8.0 * sq, 8.0 * sq);
        let board = Rect::from_center_size(avail.center() - vec2(bar / 2.0, 0.0), size);
        let tray_h = 0.62 * sq;
        let north_tray = Rect::from_min_max(
            pos2(board.left(), board.top() - label - tray_h),
            pos2(board.right(), board.top() - label),
        );
        let south_tray = Rect::from_min_max(
            pos2(board.left(), board.bottom() + label),
            pos2(board.right(), board.bottom() + label + tray_h),
        );
        Geom {
            board,
            sq,
            south_tray,
            north_tray,
        }
    }

    /// The screen rectangle of a square (row 1 at the bottom).
    pub fn rect(&self, s: Square) -> Rect {
        let min = pos2(
            self.board.left() + s.col() as f32 * self.sq,
            self.board.top() + (7 - s.row()) as f32 * self.sq,
        );
        Rect::from_min_size(min, Vec2::splat(self.sq))
    }

    /// A board point of the sight rule (scaled units, `rules::los`) on the screen.
    fn point(&self, p: crate::rules::los::Point) -> Pos2 {
        let scale = crate::rules::los::SCALE as f32;
        pos2(
            self.board.left() + p.x as f32 / scale * self.sq,
            self.board.top() + (8.0 - p.y as f32 / scale) * self.sq,
        )
    }

    /// The ends of the sight line to draw from `from` to `to`: the centre-to-centre line
    /// when it is as good as any, else the sample-point line that gives the sight the rule
    /// found (R9): for a clear shot, a line from a shooter point all of whose lines are
    /// open; for a partial one, the first line that is not blocked.
    pub fn sight_line(&self, g: &GameState, from: Square, to: Square) -> (Pos2, Pos2) {
        use crate::rules::los::{LineView, sample_points, sight_lines};
        let centre = (self.rect(from).center(), self.rect(to).center());
        if from == to {
            return centre;
        }
        let lines = sight_lines(g.map().walls(), g.map().blockers(), from, to);
        let (ps, pt) = (sample_points(from), sample_points(to));
        let pick = match g.map().los(from, to) {
            Los::Clear => lines
                .iter()
                .position(|row| row.iter().all(|v| *v == LineView::Open))
                .map(|i| (i, 0)),
            Los::Partial => {
                let first = |want: LineView| {
                    (0..25)
                        .map(|k| (k / 5, k % 5))
                        .find(|&(i, j)| lines[i][j] == want)
                };
                first(LineView::Obscured).or_else(|| first(LineView::Open))
            }
            Los::None => None,
        };
        match pick {
            Some((i, j)) => (self.point(ps[i]), self.point(pt[j])),
            None => centre,
        }
    }

    /// The square under a screen point.
    pub fn square_at(&self, p: Pos2) -> Option<Square> {
        if !self.board.contains(p) {
            return None;
        }
        let col = ((p.x - self.board.left()) / self.sq).floor() as i8;
        let row = 7 - ((p.y - self.board.top()) / self.sq).floor() as i8;
        Square::new(col.clamp(0, 7), row.clamp(0, 7))
    }

    /// A model token's radius for `n` models in a square.
    pub(super) fn radius(&self, n: usize) -> f32 {
        if n <= 4 {
            self.sq * 0.165
        } else {
            self.sq * 0.135
        }
    }

    /// Where model `i` of `n` stands in a square: up to six, each clear of the others.
    fn slot(&self, s: Square, i: usize, n: usize) -> Pos2 {
        let (x, y) = match (n, i) {
            (1, _) => (0.5, 0.52),
            (2, i) => ([0.29, 0.71][i], 0.52),
            (3, i) => [(0.28, 0.34), (0.72, 0.34), (0.5, 0.74)][i],
            (4, i) => ([0.29, 0.71][i % 2], [0.3, 0.72][i / 2]),
            (_, i) => ([0.19, 0.5, 0.81][i % 3], [0.31, 0.73][(i / 3).min(1)]),
        };
        let r = self.rect(s);
        pos2(r.left() + x * r.width(), r.top() + y * r.height())
    }

    /// The tray at a board edge (north or south).
    fn tray(&self, north: bool) -> Rect {
        if north {
            self.north_tray
        } else {
            self.south_tray
        }
    }
}

/// The tray edge where a side's off-board models wait: its entry edge if north or
/// south, else the edge nearer its deployment zone, else its home edge.
fn tray_is_north(g: &GameState, side: Side) -> bool {
    let setup = &g.scenario().sides[side];
    match setup.entry.first().map(|e| e.edge) {
        Some(Edge::North) => return true,
        Some(Edge::South) => return false,
        _ => {}
    }
    if setup.deployment != 0 {
        let rows: i32 = squares_of(setup.deployment).map(|s| s.row() as i32).sum();
        let n = setup.deployment.count_ones() as i32;
        return rows * 2 >= n * 7;
    }
    side == Side::Martians
}

/// A menu of plans opened by a click.
#[derive(Clone, Debug)]
struct Menu {
    pos: Pos2,
    title: String,
    plans: Vec<(Vec<Action>, String)>,
    /// The frame it opened in (a menu ignores the click that opened it).
    opened: u64,
}

/// The board's own state between frames.
#[derive(Default)]
pub struct BoardView {
    pub hovered_square: Option<Square>,
    pub hovered_model: Option<ModelId>,
    menu: Option<Menu>,
    /// The reach of the selected model, for (decisions made, model).
    reach: Option<(usize, ModelId, Reach)>,
    pub geom: Option<Geom>,
    /// The squares lit as the aim of the card being played under the pointer (a whole
    /// row or column for a Support set aimed by line), this frame.
    pub aim: u64,
    /// The sight drawn this frame: where from, and each enemy square's sight both ways.
    pub sight: Option<(
        super::board_sight::Viewpoint,
        Vec<super::board_sight::SightLine>,
    )>,
    /// The groups of models shown in the trays this frame (to deploy, each wave).
    pub tray_groups: Vec<super::board_tray::TrayGroup>,
    /// The hinted move drawn this frame, if a hint is shown.
    pub hint_marks: Option<super::board_hint::HintMarks>,
}

/// What the board needs from the table each frame.
pub struct BoardInput<'a> {
    pub session: &'a Session,
    pub selected: Option<ModelId>,
    pub legal: &'a [Action],
    /// A card whose target is being chosen: clicks offer only its decisions.
    pub armed: Option<Card>,
}

impl BoardView {
    /// Close the menu, if one is open.
    pub fn close_menu(&mut self) -> bool {
        self.menu.take().is_some()
    }

    pub fn menu_open(&self) -> bool {
        self.menu.is_some()
    }

    /// Forget what was computed for the old position.
    pub fn position_changed(&mut self) {
        self.menu = None;
        self.reach = None;
    }

    fn reach_of(&mut self, g: &GameState, n: usize, id: ModelId) -> Reach {
        match self.reach {
            Some((k, m, r)) if k == n && m == id => r,
            _ => {
                let r = reach(g, id);
                self.reach = Some((n, id, r));
                r
            }
        }
    }

    /// The decisions a click on `t` offers (see [`super::board_plans`]).
    pub fn plans_for(
        g: &GameState,
        legal: &[Action],
        selected: Option<ModelId>,
        armed: Option<Card>,
        t: Target,
    ) -> Vec<Vec<Action>> {
        super::board_plans::plans_for(g, legal, selected, armed, t)
    }

    /// Draws the board and handles its clicks.
    pub fn ui(&mut self, ui: &mut Ui, input: &BoardInput<'_>) -> Vec<BoardCommand> {
        let mut out = Vec::new();
        let session = input.session;
        let g = session.state();
        let avail = ui.available_rect_before_wrap();
        let (bg_response, painter) = ui.allocate_painter(avail.size(), Sense::click());
        let geom = Geom::new(avail);
        self.geom = Some(geom);
        let frame = ui.ctx().cumulative_frame_nr();

        let deciding = session.human_to_move();
        let selected = input.selected.filter(|m| {
            matches!(
                g.model(*m).loc,
                Loc::Board(_) | Loc::Waiting | Loc::Undeployed
            )
        });
        // The selected model's reach, when it can act for the person deciding.
        let sel_reach = selected
            .filter(|m| Some(g.model(*m).side) == deciding)
            .map(|m| self.reach_of(g, session.history().len(), m))
            .unwrap_or_default();

        // ----- the table and the ground -----
        let table = geom.board.expand(geom.sq * 0.1);
        painter.rect_filled(
            Rect::from_min_max(
                pos2(table.left(), geom.north_tray.top() - 6.0),
                pos2(table.right(), geom.south_tray.bottom() + 6.0),
            )
            .expand(26.0),
            CornerRadius::same(10),
            theme::BACKGROUND,
        );
        painter.rect_filled(table, CornerRadius::same(6), theme::TABLE_EDGE);
        for s in Square::all() {
            let r = geom.rect(s);
            let ground = if (s.col() + s.row()) % 2 == 0 {
                theme::GROUND_A
            } else {
                theme::GROUND_B
            };
            painter.rect_filled(r, CornerRadius::ZERO, ground);
            // A little texture: a few cracks and stones, the same every frame.
            let h = (s.index() as u32).wrapping_mul(2_654_435_761);
            for k in 0..3 {
                let hx = ((h >> (k * 8)) & 0xff) as f32 / 255.0;
                let hy = ((h >> (k * 8 + 4)) & 0xff) as f32 / 255.0;
                let p = pos2(r.left() + hx * r.width(), r.top() + hy * r.height());
                painter.circle_filled(p, geom.sq * 0.018, theme::alpha(theme::GRID, 140));
            }
        }
        // Deployment zones: strong during set-up, faint afterwards.
        for side in Side::BOTH {
            let zone = g.scenario().sides[side].deployment;
            let deploying = matches!(g.phase(), Phase::Deploy(s) if s == side);
            let a = if deploying { 70 } else { 22 };
            for s in squares_of(zone) {
                painter.rect_filled(
                    geom.rect(s),
                    CornerRadius::ZERO,
                    theme::alpha(theme::side_color(side), a),
                );
            }
            if zone != 0 {
                draw_zone_outline(
                    &painter,
                    &geom,
                    zone,
                    theme::alpha(theme::side_color(side), if deploying { 220 } else { 90 }),
                );
            }
        }
        // The grid.
        for i in 0..=8 {
            let x = geom.board.left() + i as f32 * geom.sq;
            let y = geom.board.top() + i as f32 * geom.sq;
            let st = Stroke::new(1.0, theme::GRID);
            painter.line_segment(
                [pos2(x, geom.board.top()), pos2(x, geom.board.bottom())],
                st,
            );
            painter.line_segment(
                [pos2(geom.board.left(), y), pos2(geom.board.right(), y)],
                st,
            );
        }
        // Blockers.
        for s in squares_of(g.map().blockers()) {
            let r = geom.rect(s).shrink(geom.sq * 0.06);
            painter.rect_filled(r, CornerRadius::same(4), theme::BLOCKER);
            let st = Stroke::new(2.0, theme::alpha(theme::LOW_WALL, 160));
            painter.line_segment([r.left_top(), r.right_bottom()], st);
            painter.line_segment([r.right_top(), r.left_bottom()], st);
        }

        // ----- where the selected model can go -----
        if let Some(sel) = selected {
            let c = theme::side_color(g.model(sel).side);
            for s in squares_of(sel_reach.two) {
                let r = geom.rect(s).shrink(2.0);
                painter.rect_filled(r, CornerRadius::same(3), theme::alpha(c, 50));
                painter.rect_stroke(
                    r,
                    CornerRadius::same(3),
                    Stroke::new(1.5, theme::alpha(c, 150)),
                    StrokeKind::Inside,
                );
            }
            // How many moves each square takes, in its corner.
            for (bb, n) in [(sel_reach.one, "1"), (sel_reach.two, "2")] {
                for s in squares_of(bb) {
                    let r = geom.rect(s);
                    painter.text(
                        r.left_bottom() + vec2(geom.sq * 0.08, -geom.sq * 0.06),
                        Align2::LEFT_BOTTOM,
                        n,
                        FontId::proportional(geom.sq * 0.16),
                        theme::alpha(Color32::WHITE, 200),
                    );
                }
            }
            for s in squares_of(sel_reach.one) {
                let r = geom.rect(s).shrink(2.0);
                painter.rect_filled(r, CornerRadius::same(3), theme::alpha(c, 80));
                painter.rect_stroke(
                    r,
                    CornerRadius::same(3),
                    Stroke::new(2.0, theme::alpha(c, 220)),
                    StrokeKind::Inside,
                );
            }
        }

        // ----- the targets of a card being played -----
        if let Some(card) = input.armed {
            let mut bb = 0u64;
            for a in input.legal.iter().filter(|a| card_of(a) == Some(card)) {
                for t in targets_of(a) {
                    match t {
                        Target::Square(s) => bb |= s.bit(),
                        Target::Model(m) => {
                            if let Some(s) = g.model(m).square() {
                                bb |= s.bit();
                            }
                        }
                    }
                }
            }
            for s in squares_of(bb) {
                let r = geom.rect(s).shrink(2.0);
                painter.rect_filled(r, CornerRadius::same(3), theme::alpha(theme::SELECT, 50));
                painter.rect_stroke(
                    r,
                    CornerRadius::same(3),
                    Stroke::new(2.0, theme::alpha(theme::SELECT, 200)),
                    StrokeKind::Inside,
                );
            }
        }

        // The aim of a card under the pointer, filled in once the pointer is known.
        let aim_slot = painter.add(Shape::Noop);

        // ----- walls -----
        for (s, edge, kind) in g.map().walls().pieces() {
            draw_wall(&painter, &geom, s, edge, kind);
        }

        // ----- edges: entry and exit -----
        for side in Side::BOTH {
            let setup = &g.scenario().sides[side];
            for entry in &setup.entry {
                draw_edge_band(&painter, &geom, entry.edge, side, true);
            }
            if let Some(edge) = setup.exit {
                draw_edge_band(&painter, &geom, edge, side, false);
            }
        }

        // ----- coordinates -----
        let font = FontId::proportional((geom.sq * 0.2).clamp(11.0, 16.0));
        for c in 0..8 {
            let x = geom.board.left() + (c as f32 + 0.5) * geom.sq;
            let letter = ((b'a' + c as u8) as char).to_string();
            painter.text(
                pos2(x, geom.board.bottom() + 16.0),
                Align2::CENTER_CENTER,
                &letter,
                font.clone(),
                theme::LABEL,
            );
            painter.text(
                pos2(x, geom.board.top() - 15.0),
                Align2::CENTER_CENTER,
                &letter,
                font.clone(),
                theme::LABEL,
            );
        }
        for r in 0..8 {
            let y = geom.board.top() + (7 - r) as f32 * geom.sq + geom.sq * 0.5;
            let n = (r + 1).to_string();
            painter.text(
                pos2(geom.board.left() - 16.0, y),
                Align2::CENTER_CENTER,
                &n,
                font.clone(),
                theme::LABEL,
            );
            painter.text(
                pos2(geom.board.right() + 16.0, y),
                Align2::CENTER_CENTER,
                &n,
                font.clone(),
                theme::LABEL,
            );
        }

        // ----- counters -----
        let hidden = g.hidden_counters();
        let critters = g.face_up_counters(CounterKind::Critter);
        let secrets = g.face_up_counters(CounterKind::AlienSecret);
        let objectives = g.face_up_counters(CounterKind::Objective);
        for s in squares_of(hidden | critters | secrets | objectives) {
            let r = geom.rect(s);
            // Well inside its square, and the square itself tinted, so that no one
            // wonders which square holds it.
            let p = pos2(r.right() - geom.sq * 0.24, r.top() + geom.sq * 0.24);
            let (fill, text, tip) = if hidden & s.bit() != 0 {
                (
                    theme::COUNTER_BACK,
                    "?",
                    if g.scenario().counters.objectives > 0 {
                        "a face-down counter: a Critter, an Alien Secret or a neutral objective"
                    } else {
                        "a face-down counter: a Critter or an Alien Secret"
                    },
                )
            } else if critters & s.bit() != 0 {
                (theme::CRITTER, "C", "a Critter (the Martians claim it)")
            } else if objectives & s.bit() != 0 {
                (
                    theme::OBJECTIVE,
                    "O",
                    "a neutral objective (either side claims it)",
                )
            } else {
                (theme::SECRET, "A", "an Alien Secret (the Humans claim it)")
            };
            let cr = geom.sq * 0.12;
            painter.rect_filled(r.shrink(2.0), CornerRadius::same(3), theme::alpha(fill, 34));
            painter.rect_stroke(
                r.shrink(2.0),
                CornerRadius::same(3),
                Stroke::new(1.0, theme::alpha(fill, 110)),
                StrokeKind::Inside,
            );
            painter.circle_filled(p + vec2(1.5, 1.5), cr, Color32::from_black_alpha(90));
            painter.circle(
                p,
                cr,
                fill,
                Stroke::new(1.5, Color32::from_rgb(0x3a, 0x30, 0x20)),
            );
            painter.circle_stroke(
                p,
                cr * 0.72,
                Stroke::new(1.0, theme::alpha(Color32::BLACK, 70)),
            );
            painter.text(
                p,
                Align2::CENTER_CENTER,
                text,
                FontId::proportional(cr * 1.15),
                Color32::from_rgb(0x2a, 0x22, 0x18),
            );
            let _ = tip;
        }

        // ----- the things Event cards bring: burning cows, Civilians, the Bug -----
        let token = |s: Square, corner: Vec2, fill: Color32, text: &str| {
            let r = geom.rect(s);
            let p = r.center() + corner * geom.sq;
            let w = geom.sq * 0.4;
            let rect = Rect::from_center_size(p, vec2(w, geom.sq * 0.2));
            painter.rect_filled(
                rect.translate(vec2(1.5, 1.5)),
                CornerRadius::same(4),
                Color32::from_black_alpha(100),
            );
            painter.rect(
                rect,
                CornerRadius::same(4),
                fill,
                Stroke::new(1.0, Color32::BLACK),
                StrokeKind::Inside,
            );
            painter.text(
                p,
                Align2::CENTER_CENTER,
                text,
                FontId::proportional(geom.sq * 0.13),
                Color32::WHITE,
            );
        };
        for s in g.civilians() {
            token(
                *s,
                vec2(-0.26, -0.36),
                Color32::from_rgb(0x8a, 0x7a, 0x60),
                "civilian",
            );
        }
        if let Some((s, _)) = g.cows() {
            token(
                s,
                vec2(0.0, 0.38),
                Color32::from_rgb(0xc8, 0x5a, 0x1a),
                "COWS",
            );
        }
        if let Some((s, _)) = g.bug() {
            token(
                s,
                vec2(0.0, -0.38),
                Color32::from_rgb(0x6a, 0x2a, 0x7a),
                "BUG",
            );
        }

        // ----- squares as click targets -----
        let mut clicked: Option<(Target, Pos2)> = None;
        self.hovered_square = None;
        self.hovered_model = None;
        let mut square_responses: Vec<(Square, Response)> = Vec::with_capacity(64);
        for s in Square::all() {
            let id = Id::unique(("board-square", s.index()));
            let resp = ui.interact(geom.rect(s), id, Sense::click());
            let label = format!("square {s}");
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
            square_responses.push((s, resp));
        }

        // ----- models -----
        struct Placed {
            id: ModelId,
            center: Pos2,
            r: f32,
        }
        let mut placed: Vec<Placed> = Vec::new();
        for s in Square::all() {
            let here: Vec<ModelId> = g.models_in(s).collect();
            let n = here.len();
            for (i, id) in here.into_iter().enumerate() {
                placed.push(Placed {
                    id,
                    center: geom.slot(s, i, n),
                    r: geom.radius(n),
                });
            }
        }
        // Off-board models in the trays, in groups: those to deploy now, then each wave
        // by when and where it comes on.
        self.tray_groups.clear();
        for side in Side::BOTH {
            let north = tray_is_north(g, side);
            let both_here = Side::BOTH
                .iter()
                .filter(|o| tray_is_north(g, **o) == north)
                .count()
                > 1;
            let tray = geom.tray(north);
            let half = if !both_here {
                tray
            } else if side == Side::Humans {
                Rect::from_min_max(tray.left_top(), pos2(tray.center().x - 4.0, tray.bottom()))
            } else {
                Rect::from_min_max(pos2(tray.center().x + 4.0, tray.top()), tray.right_bottom())
            };
            let r = geom.radius(4).min(tray.height() * 0.42);
            let groups = super::board_tray::groups(g, side);
            for (id, center) in super::board_tray::draw(&painter, half, r, side, &groups) {
                placed.push(Placed { id, center, r });
            }
            self.tray_groups.extend(groups);
        }

        // ----- sight both ways and both sides' ranges from the selected model (or the
        // deployment square under the pointer) -----
        let pointer_square = ui.ctx().pointer_hover_pos().and_then(|p| geom.square_at(p));
        let view = super::board_sight::viewpoint(
            g,
            selected,
            sel_reach.one | sel_reach.two,
            pointer_square,
            if deciding.is_some() { input.legal } else { &[] },
        );
        self.sight = view.map(|v| (v, super::board_sight::lines(g, v)));
        if let Some((v, lines)) = &self.sight {
            super::board_sight::draw(&painter, &geom, g, *v, lines);
        }

        // ----- models glide from where they stood to where they stand -----
        // Animated in squares from the board's corner, so that resizing the window moves
        // nothing.
        for p in &mut placed {
            let at = (p.center - geom.board.min) / geom.sq;
            let ctx = ui.ctx();
            let x = ctx.animate_value_with_time(Id::unique(("model-x", p.id.0)), at.x, GLIDE);
            let y = ctx.animate_value_with_time(Id::unique(("model-y", p.id.0)), at.y, GLIDE);
            p.center = geom.board.min + vec2(x, y) * geom.sq;
        }

        // ----- models drawn, each a click target -----
        let acting = acting_model(g);
        let mut model_responses: Vec<(ModelId, Response)> = Vec::with_capacity(placed.len());
        for p in &placed {
            let m = g.model(p.id);
            draw_model(
                &painter,
                p.center,
                p.r,
                m.side,
                p.id,
                m.rattled,
                m.activated,
                selected == Some(p.id),
                acting == Some(p.id),
            );
            let rect = Rect::from_center_size(p.center, Vec2::splat(p.r * 2.2));
            let resp = ui.interact(rect, Id::unique(("board-model", p.id.0)), Sense::click());
            let label = p.id.to_string();
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
            model_responses.push((p.id, resp));
        }

        // ----- the AI's estimate of the chance to win, beside the board -----
        if let Some(e) = &session.estimate
            && session.replay().is_none()
        {
            let x = geom.board.right() + 30.0;
            let rect = Rect::from_min_max(
                pos2(x, geom.board.top() + 18.0),
                pos2(x + super::board_estimate::WIDTH, geom.board.bottom() - 18.0),
            );
            super::board_estimate::show(ui, &painter, rect, e);
        }

        // ----- the hint: the whole move, drawn -----
        self.hint_marks = session
            .current_hint()
            .and_then(|h| super::board_hint::marks(g, &h.line));
        if let Some(marks) = &self.hint_marks {
            super::board_hint::draw(&painter, &geom, marks, |m| {
                placed.iter().find(|p| p.id == m).map(|p| p.center)
            });
        }

        // ----- hover and clicks -----
        let mut hover_target: Option<(Target, Response)> = None;
        for (id, resp) in &model_responses {
            if resp.hovered() {
                self.hovered_model = Some(*id);
                hover_target = Some((Target::Model(*id), resp.clone()));
            }
            if resp.clicked() {
                clicked = Some((
                    Target::Model(*id),
                    resp.interact_pointer_pos().unwrap_or(resp.rect.center()),
                ));
            }
        }
        for (s, resp) in &square_responses {
            if resp.hovered() || resp.contains_pointer() {
                self.hovered_square = Some(*s);
                if hover_target.is_none() && resp.hovered() {
                    hover_target = Some((Target::Square(*s), resp.clone()));
                }
            }
            if resp.clicked() && clicked.is_none() {
                clicked = Some((
                    Target::Square(*s),
                    resp.interact_pointer_pos().unwrap_or(resp.rect.center()),
                ));
            }
        }
        if let Some(s) = self.hovered_square {
            painter.rect_stroke(
                geom.rect(s),
                CornerRadius::ZERO,
                Stroke::new(1.5, theme::alpha(Color32::WHITE, 120)),
                StrokeKind::Inside,
            );
        }

        // The card being aimed: what the decisions under the pointer would pick.
        let mut aim_actions: Vec<Action> = Vec::new();
        if input.armed.is_some()
            && deciding.is_some()
            && self.menu.is_none()
            && let Some((t, _)) = &hover_target
        {
            aim_actions = Self::plans_for(g, input.legal, selected, input.armed, *t)
                .into_iter()
                .filter_map(|p| p.last().copied())
                .filter(|a| spot_of(a).is_some())
                .collect();
        }

        // A tooltip for what is under the pointer: the model, and what a click would do
        // with the odds.
        if let Some((t, resp)) = hover_target
            && self.menu.is_none()
        {
            let plans = if deciding.is_some() {
                Self::plans_for(g, input.legal, selected, input.armed, t)
            } else {
                Vec::new()
            };
            let mut info = hover_info(g, t, selected, &plans);
            if let Some(side) = deciding {
                info.extend(card_odds(g, side, t, &plans, selected));
            }
            if !info.is_empty() {
                resp.on_hover_ui_at_pointer(|ui| {
                    ui.set_max_width(340.0);
                    for line in info {
                        line.show(ui);
                    }
                });
            }
        }

        if let Some((t, pos)) = clicked
            && self.menu.as_ref().is_none_or(|m| m.opened != frame)
        {
            self.menu = None;
            out.extend(self.click(g, input, t, pos, frame));
        } else if bg_response.clicked() {
            self.menu = None;
        }

        // ----- the menu of several decisions -----
        if let Some(menu) = self.menu.clone() {
            // A menu of aims lights them all, and the one under the pointer alone.
            aim_actions = menu
                .plans
                .iter()
                .filter_map(|(p, _)| p.last().copied())
                .filter(|a| spot_of(a).is_some())
                .collect();
            let area = egui::Area::new(Id::unique("board-menu"))
                .order(egui::Order::Foreground)
                .fixed_pos(menu.pos + vec2(8.0, 8.0))
                .show(ui.ctx(), |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        ui.label(egui::RichText::new(&menu.title).strong());
                        ui.separator();
                        for (plan, text) in &menu.plans {
                            let b = ui.button(text);
                            if b.hovered()
                                && let Some(a) = plan.last().filter(|a| spot_of(a).is_some())
                            {
                                aim_actions = vec![*a];
                            }
                            if b.clicked() {
                                out.push(BoardCommand::Play(plan.clone()));
                                self.menu = None;
                            }
                        }
                        if ui.button("Cancel").clicked() {
                            self.menu = None;
                        }
                    });
                });
            if area.response.clicked_elsewhere() && menu.opened != frame {
                self.menu = None;
            }
        }
        let (aim, shapes) = aim_shapes(&geom, &aim_actions);
        self.aim = aim;
        painter.set(aim_slot, Shape::Vec(shapes));
        out
    }

    fn click(
        &mut self,
        g: &GameState,
        input: &BoardInput<'_>,
        t: Target,
        pos: Pos2,
        frame: u64,
    ) -> Vec<BoardCommand> {
        let deciding = input.session.human_to_move();
        // While a model is to be chosen, a click on a model of the side deciding picks it
        // (nothing is played until the square or enemy is clicked).
        let choosing = input.legal.iter().any(|a| matches!(a, Action::Activate(_)));
        if let Target::Model(m) = t
            && (deciding.is_none()
                || (choosing && input.armed.is_none() && Some(g.model(m).side) == deciding))
        {
            return vec![BoardCommand::Select(Some(m))];
        }
        let plans = if deciding.is_some() {
            Self::plans_for(g, input.legal, input.selected, input.armed, t)
        } else {
            Vec::new()
        };
        match plans.len() {
            0 => match t {
                Target::Model(m) => vec![BoardCommand::Select(Some(m))],
                Target::Square(_) if acting_model(g).is_some() => Vec::new(),
                Target::Square(s) => {
                    let own = g.models_in(s).find(|m| Some(g.model(*m).side) == deciding);
                    vec![BoardCommand::Select(own)]
                }
            },
            1 => vec![BoardCommand::Play(
                plans.into_iter().next().expect("one plan"),
            )],
            _ => {
                let title = match t {
                    Target::Model(m) => model_name(g, m),
                    Target::Square(s) => format!("Square {s}"),
                };
                let plans = plans
                    .into_iter()
                    .map(|p| {
                        let text = plan_label(g, &p);
                        (p, text)
                    })
                    .collect();
                self.menu = Some(Menu {
                    pos,
                    title,
                    plans,
                    opened: frame,
                });
                Vec::new()
            }
        }
    }
}

/// Lights what the card decisions under the pointer would pick: the whole row or column
/// (a D8 then picks the square along it), or the square, with an arrow for each direction
/// offered. The squares lit, and the shapes.
fn aim_shapes(geom: &Geom, actions: &[Action]) -> (u64, Vec<Shape>) {
    let mut out = Vec::new();
    let mut bb = 0u64;
    for a in actions {
        for t in targets_of(a) {
            if let Target::Square(s) = t {
                bb |= s.bit();
            }
        }
    }
    if bb == 0 {
        return (0, out);
    }
    for s in squares_of(bb) {
        out.push(Shape::rect_filled(
            geom.rect(s),
            CornerRadius::ZERO,
            theme::alpha(theme::SELECT, 125),
        ));
    }
    let st = Stroke::new(3.0, theme::alpha(Color32::WHITE, 230));
    for s in squares_of(bb) {
        let r = geom.rect(s);
        for (edge, a, b) in [
            (Edge::North, r.left_top(), r.right_top()),
            (Edge::South, r.left_bottom(), r.right_bottom()),
            (Edge::West, r.left_top(), r.left_bottom()),
            (Edge::East, r.right_top(), r.right_bottom()),
        ] {
            if s.step(edge.dir()).is_none_or(|n| bb & n.bit() == 0) {
                out.push(Shape::line_segment([a, b], st));
            }
        }
    }
    // Directions: an arrow along the line (or from the square) for each one offered.
    let unit = |e: Edge| match e {
        Edge::North => vec2(0.0, -1.0),
        Edge::South => vec2(0.0, 1.0),
        Edge::East => vec2(1.0, 0.0),
        Edge::West => vec2(-1.0, 0.0),
    };
    let arrow_st = Stroke::new(3.0, Color32::from_rgb(0x2a, 0x22, 0x18));
    let arrow = |out: &mut Vec<Shape>, from: Pos2, to: Pos2| {
        let d = (to - from).normalized();
        let head = geom.sq * 0.22;
        let side = vec2(-d.y, d.x) * head * 0.6;
        out.push(Shape::line_segment([from, to], arrow_st));
        out.push(Shape::line_segment([to, to - d * head + side], arrow_st));
        out.push(Shape::line_segment([to, to - d * head - side], arrow_st));
    };
    for a in actions {
        let Some(spot) = spot_of(a) else { continue };
        // A line's arrow runs from one end to the other; east and north ones a little to
        // one side of the middle, west and south ones to the other, so both show.
        let line = |out: &mut Vec<Shape>, first: Square, last: Square, e: Edge| {
            let off = match e {
                Edge::East | Edge::North => -0.18,
                Edge::West | Edge::South => 0.18,
            } * geom.sq;
            let u = unit(e);
            let across = vec2(u.y.abs(), u.x.abs()) * off;
            let (p, q) = (geom.rect(first).center(), geom.rect(last).center());
            let (p, q) = if (q - p).dot(u) >= 0.0 {
                (p, q)
            } else {
                (q, p)
            };
            arrow(out, p + across, q + across);
        };
        match spot {
            Spot::RowDir(r, e) => {
                if let (Some(a), Some(b)) = (Square::new(0, r as i8), Square::new(7, r as i8)) {
                    line(&mut out, a, b, e);
                }
            }
            Spot::ColumnDir(c, e) => {
                if let (Some(a), Some(b)) = (Square::new(c as i8, 0), Square::new(c as i8, 7)) {
                    line(&mut out, a, b, e);
                }
            }
            Spot::SquareDir(s, e) => {
                let p = geom.rect(s).center();
                arrow(&mut out, p, p + unit(e) * geom.sq * 0.9);
            }
            _ => {}
        }
    }
    (bb, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::los::{LineView, SCALE, sample_points, sight_lines};

    /// The screen point back in the rule's scaled units.
    fn unscale(geom: &Geom, p: Pos2) -> (i32, i32) {
        let s = SCALE as f32;
        (
            ((p.x - geom.board.left()) / geom.sq * s).round() as i32,
            ((8.0 - (p.y - geom.board.top()) / geom.sq) * s).round() as i32,
        )
    }

    #[test]
    fn a_low_wall_on_the_shooters_own_edge_is_explained_both_ways() {
        let text = r#"
name = "Low wall"
first_turn = "humans"
deck = "none"
hand_size = 0
[map]
walls = [{ edge = "d4 north", kind = "low" }]
[humans]
models = [{ profile = "soldier", start = "d4" }]
[martians]
models = [{ profile = "martian", start = "d6" }]
"#;
        let sc = std::sync::Arc::new(
            crate::rules::scenario_file::parse_scenario("t.toml", text)
                .unwrap()
                .scenario,
        );
        let g = GameState::new(sc, &mut crate::rules::rng_from_seed(1));
        let (d4, d6, a1) = (
            "d4".parse().unwrap(),
            "d6".parse().unwrap(),
            "a1".parse().unwrap(),
        );
        assert!(
            low_wall_note(&g, d4, d6)
                .unwrap()
                .starts_with("Clear from d4")
        );
        assert!(
            low_wall_note(&g, d6, d4)
                .unwrap()
                .starts_with("Partial from d6")
        );
        assert_eq!(
            low_wall_note(&g, a1, d6),
            None,
            "the same both ways: nothing to say"
        );
    }

    #[test]
    fn the_sight_line_drawn_is_one_the_rule_does_not_block() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/whos-there.toml");
        let sc = std::sync::Arc::new(
            crate::rules::scenario_file::load_scenario(&path)
                .unwrap()
                .scenario,
        );
        let g = GameState::new(sc, &mut crate::rules::rng_from_seed(1));
        let geom = Geom::new(Rect::from_min_size(pos2(0.0, 0.0), vec2(800.0, 800.0)));
        let mut drawn_off_centre = 0;
        for from in Square::all() {
            for to in Square::all().filter(|t| *t != from) {
                let los = g.map().los(from, to);
                let (a, b) = geom.sight_line(&g, from, to);
                if los == Los::None {
                    continue;
                }
                let lines = sight_lines(g.map().walls(), g.map().blockers(), from, to);
                let (ps, pt) = (sample_points(from), sample_points(to));
                let i = ps.iter().position(|p| (p.x, p.y) == unscale(&geom, a));
                let j = pt.iter().position(|p| (p.x, p.y) == unscale(&geom, b));
                let (Some(i), Some(j)) = (i, j) else {
                    panic!("{from}->{to}: the line does not join two sample points");
                };
                assert_ne!(lines[i][j], LineView::Blocked, "{from}->{to}");
                if los == Los::Clear {
                    assert!(
                        lines[i].iter().all(|v| *v == LineView::Open),
                        "{from}->{to}: a clear shot is drawn from a point all of whose lines are open"
                    );
                }
                if (i, j) != (0, 0) {
                    drawn_off_centre += 1;
                }
            }
        }
        // The map has walls: some legal shots are not centre to centre.
        assert!(drawn_off_centre > 0);
    }
}
