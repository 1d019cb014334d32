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

use crate::rules::action::{Action, Defence, ModelId, Spot};
use crate::rules::cards::{Card, CardId};
use crate::rules::map::{Los, WallKind};
use crate::rules::square::squares_of;
use crate::rules::state::{CounterKind, Loc, Phase};
use crate::rules::{Edge, GameState, Side, Square};

use super::describe::{
    action_text, card_name, card_of, location, model_name, plan_text, side_title,
};
use super::forecast::{
    FightForecast, Reach, ShootForecast, Target, TestOdds, acting_model, after, card_choices,
    charge_forecast, defence_plans, fight_forecast, has_aimed, hits, percent, reach,
    shoot_forecast, spot_of,
};
use super::session::Session;
use super::theme;

/// What the board asks the table to do.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardCommand {
    /// Play these decisions in turn (a plan from the legal list).
    Play(Vec<Action>),
    Select(Option<ModelId>),
}

/// Where the board is on screen: the square-to-screen transform and its inverse.
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
        // Eight squares, two trays of 0.62 squares, labels around.
        let sq_w = (avail.width() - 2.0 * label - 8.0) / 8.0;
        let sq_h = (avail.height() - 2.0 * label - 8.0) / (8.0 + 2.0 * 0.62);
        let sq = sq_w.min(sq_h).max(12.0).floor();
        let size = vec2(8.0 * sq, 8.0 * sq);
        let board = Rect::from_center_size(avail.center(), size);
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
    fn radius(&self, n: usize) -> f32 {
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

    /// The decisions a click on `t` offers.
    pub fn plans_for(
        g: &GameState,
        legal: &[Action],
        selected: Option<ModelId>,
        armed: Option<Card>,
        t: Target,
    ) -> Vec<Vec<Action>> {
        // Card decisions are chosen on the board only once their card is picked from the
        // hand; the rest never while a card is picked.
        let hits = |a: &Action| -> bool {
            !matches!(a, Action::Activate(_)) && card_of(a) == armed && hits(g, a, t)
        };
        let mut plans: Vec<Vec<Action>> =
            legal.iter().filter(|a| hits(a)).map(|a| vec![*a]).collect();
        if let Some(s) = selected.filter(|_| armed.is_none()) {
            let activate = Action::Activate(s);
            if legal.contains(&activate)
                && let Some(c) = after(g, &[activate])
            {
                let mut next = Vec::new();
                c.legal_actions(&mut next);
                for a in next.iter().filter(|a| hits(a)) {
                    plans.push(vec![activate, *a]);
                }
            }
        }
        // A square two steps away is reached with one click: the first step through a
        // square from which the second is legal.
        if plans.is_empty()
            && armed.is_none()
            && let Target::Square(dest) = t
            && let Some(plan) = Self::two_steps(g, legal, selected, dest)
        {
            plans.push(plan);
        }
        plans
    }

    /// The decisions that take the acting (or selected) model to `dest` in two steps of
    /// one Move, if it can get there so.
    fn two_steps(
        g: &GameState,
        legal: &[Action],
        selected: Option<ModelId>,
        dest: Square,
    ) -> Option<Vec<Action>> {
        let (start, base): (Vec<Action>, GameState) = match selected {
            Some(m) if legal.contains(&Action::Activate(m)) => {
                (vec![Action::Activate(m)], after(g, &[Action::Activate(m)])?)
            }
            _ => (Vec::new(), g.clone()),
        };
        let mover = acting_model(&base)?;
        let mut first = Vec::new();
        base.legal_actions(&mut first);
        let mut next = Vec::new();
        for mid in first.iter().filter_map(|a| match a {
            Action::Move(sq) => Some(*sq),
            _ => None,
        }) {
            let Some(c) = after(&base, &[Action::Move(mid)]) else {
                continue;
            };
            if acting_model(&c) != Some(mover) {
                continue;
            }
            next.clear();
            c.legal_actions(&mut next);
            if next.contains(&Action::Move(dest)) {
                let mut plan = start;
                plan.extend([Action::Move(mid), Action::Move(dest)]);
                return Some(plan);
            }
        }
        None
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
                for t in super::forecast::targets_of(a) {
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
        // Off-board models in the trays.
        for side in Side::BOTH {
            let north = tray_is_north(g, side);
            let tray = geom.tray(north);
            let waiting: Vec<ModelId> = (0..g.models().len())
                .map(|i| ModelId(i as u8))
                .filter(|m| {
                    g.model(*m).side == side
                        && matches!(g.model(*m).loc, Loc::Waiting | Loc::Undeployed)
                })
                .collect();
            if waiting.is_empty() {
                continue;
            }
            let r = geom.radius(4).min(tray.height() * 0.42);
            let undeployed = waiting
                .iter()
                .filter(|m| g.model(**m).loc == Loc::Undeployed)
                .count();
            let entering = waiting.len() - undeployed;
            // When the models waiting off the board come on (R6): later reinforcements say
            // the Round they arrive in.
            let entering_ids: Vec<ModelId> = waiting
                .iter()
                .copied()
                .filter(|m| g.model(*m).loc == Loc::Waiting)
                .collect();
            let arrival = super::describe::arrivals(g, &entering_ids);
            let what = match (undeployed > 0, entering > 0) {
                // Several entries already give their counts.
                (true, true) if arrival.starts_with(|c: char| c.is_ascii_digit()) => {
                    format!("to deploy; {arrival}:")
                }
                (true, true) => format!("to deploy; {entering} {arrival}:"),
                (true, false) => "to deploy:".to_string(),
                _ => format!("{arrival}:"),
            };
            // A tray mat, the side's name, then its models in a row.
            let both_here = Side::BOTH
                .iter()
                .filter(|o| tray_is_north(g, **o) == north)
                .count()
                > 1;
            let half = if both_here {
                if side == Side::Humans {
                    Rect::from_min_max(tray.left_top(), pos2(tray.center().x - 4.0, tray.bottom()))
                } else {
                    Rect::from_min_max(pos2(tray.center().x + 4.0, tray.top()), tray.right_bottom())
                }
            } else {
                tray
            };
            painter.rect_filled(
                half,
                CornerRadius::same(6),
                theme::alpha(theme::side_color(side), 28),
            );
            painter.rect_stroke(
                half,
                CornerRadius::same(6),
                Stroke::new(1.0, theme::alpha(theme::side_color(side), 90)),
                StrokeKind::Inside,
            );
            let galley = painter.layout(
                format!("{}\n{what}", side_title(side)),
                FontId::proportional(11.5),
                theme::side_light(side),
                (half.width() * 0.3).max(60.0),
            );
            let text_pos = pos2(half.left() + 8.0, half.center().y - galley.size().y / 2.0);
            let left = half.left() + 16.0 + galley.size().x;
            painter.galley(text_pos, galley, theme::side_light(side));
            let step = (r * 2.5).min((half.right() - left) / waiting.len().max(1) as f32);
            let x0 = left + step * 0.5;
            for (i, id) in waiting.into_iter().enumerate() {
                placed.push(Placed {
                    id,
                    center: pos2(x0 + step * i as f32, tray.center().y),
                    r,
                });
            }
        }

        // ----- line of sight and range from the selected model -----
        let sel_origin: Option<Square> = selected.and_then(|m| {
            let hovered = ui
                .ctx()
                .pointer_hover_pos()
                .and_then(|p| geom.square_at(p))
                .filter(|s| (sel_reach.one | sel_reach.two) & s.bit() != 0);
            hovered.or(g.model(m).square())
        });
        if let (Some(sel), Some(from)) = (selected, sel_origin) {
            let side = g.model(sel).side;
            let max_range = g.profile(sel).range;
            let mut seen = 0u64;
            for (i, m) in g.models().iter().enumerate() {
                let Some(to) = m.square() else { continue };
                if m.side == side || seen & to.bit() != 0 || to == from {
                    continue;
                }
                seen |= to.bit();
                let _ = i;
                let los = g.map().los(from, to);
                let range = from.range(to);
                // The line the rule found (R9): from a sample point whose lines all reach
                // the target, or any line that is not blocked; so that the picture never
                // shows a legal shot crossing a high wall.
                let (a, b) = geom.sight_line(g, from, to);
                let (color, w) = if range > max_range {
                    (theme::alpha(theme::OUT_OF_RANGE, 150), 1.5)
                } else {
                    match los {
                        Los::Clear => (theme::LOS_CLEAR, 2.5),
                        Los::Partial => (theme::LOS_PARTIAL, 2.5),
                        Los::None => (theme::alpha(theme::LOS_NONE, 170), 1.5),
                    }
                };
                let shadow = Stroke::new(w + 2.0, Color32::from_black_alpha(90));
                match los {
                    Los::Clear if range <= max_range => {
                        painter.line_segment([a, b], shadow);
                        painter.line_segment([a, b], Stroke::new(w, color));
                    }
                    Los::None => {
                        painter.extend(Shape::dotted_line(&[a, b], color, 7.0, 1.3));
                    }
                    _ => {
                        painter.extend(Shape::dashed_line(&[a, b], shadow, 9.0, 5.0));
                        painter.extend(Shape::dashed_line(
                            &[a, b],
                            Stroke::new(w, color),
                            9.0,
                            5.0,
                        ));
                    }
                }
                // Range and sight at the target end.
                let tag = match (range > max_range, los) {
                    (true, _) => format!("{range} out of range"),
                    (false, Los::None) => format!("{range} no sight"),
                    (false, l) => format!("{range} {l}"),
                };
                let at = b + (a - b).normalized() * (geom.sq * 0.42);
                let galley = painter.layout_no_wrap(tag, FontId::proportional(11.0), color);
                let rect = Align2::CENTER_CENTER
                    .anchor_size(at, galley.size())
                    .expand2(vec2(4.0, 1.0));
                painter.rect_filled(rect, CornerRadius::same(3), Color32::from_black_alpha(170));
                painter.galley(rect.min + vec2(4.0, 1.0), galley, color);
            }
            // The origin square of the sight lines.
            painter.rect_stroke(
                geom.rect(from).shrink(1.0),
                CornerRadius::same(2),
                Stroke::new(2.0, theme::SELECT),
                StrokeKind::Inside,
            );
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

/// A menu entry: the plan in words with its odds.
fn plan_label(g: &GameState, plan: &[Action]) -> String {
    let mut text = plan_text(g, plan);
    if let Some(Action::Shoot(t)) = plan.last() {
        let shooter = match plan.first() {
            Some(Action::Activate(m)) => Some(*m),
            _ => acting_model(g),
        };
        if let Some(s) = shooter
            && let Some(from) = g.model(s).square()
            && let Some(f) = shoot_forecast(g, s, from, *t, has_aimed(g, s))
        {
            text.push_str(&format!("  (kill {})", percent(f.odds.kill)));
        }
    }
    text
}

/// One line of a tooltip.
enum InfoLine {
    Title(String, Color32),
    Text(String),
    Weak(String),
    Shoot(String, ShootForecast),
    Fight(String, FightForecast),
    /// The odds with a card played: a head, then a sub-heading and odds for each case.
    Card(String, Vec<(String, TestOdds)>),
}

impl InfoLine {
    fn show(&self, ui: &mut Ui) {
        match self {
            InfoLine::Title(t, c) => {
                ui.label(egui::RichText::new(t).strong().color(*c));
            }
            InfoLine::Text(t) => {
                ui.label(t);
            }
            InfoLine::Weak(t) => {
                ui.label(egui::RichText::new(t).color(theme::MUTED).small());
            }
            InfoLine::Shoot(head, f) => {
                ui.label(egui::RichText::new(head).strong());
                shoot_odds_ui(ui, f);
            }
            InfoLine::Fight(head, f) => {
                ui.label(egui::RichText::new(head).strong());
                fight_odds_ui(ui, f, true);
            }
            InfoLine::Card(head, cases) => {
                ui.label(egui::RichText::new(head).strong().color(theme::SELECT));
                for (label, o) in cases {
                    if !label.is_empty() {
                        ui.label(egui::RichText::new(label).small());
                    }
                    test_odds_ui(ui, o);
                }
            }
        }
    }
}

/// The Shoot odds as a line of words and a bar.
pub fn shoot_odds_ui(ui: &mut Ui, f: &ShootForecast) {
    let armour = if f.armour > 0 {
        format!(" +{} armour", f.armour)
    } else {
        String::new()
    };
    ui.label(
        egui::RichText::new(format!(
            "{} shot, range {}/{}: {} dice at {}+ against {} at {}+{armour}",
            f.los, f.range, f.max_range, f.dice, f.shoot, f.survive_dice, f.survive
        ))
        .small(),
    );
    let mut parts = vec![(
        f.odds.kill,
        theme::GOOD,
        format!("kill {}", percent(f.odds.kill)),
    )];
    if f.armour > 0 {
        parts.push((
            f.odds.rattled,
            theme::LOS_PARTIAL,
            format!("Rattled {}", percent(f.odds.rattled)),
        ));
    }
    parts.push((
        f.odds.miss,
        theme::MUTED,
        format!("miss {}", percent(f.odds.miss)),
    ));
    odds_bar(ui, &parts);
}

/// The Fight odds for both of the defender's choices.
pub fn fight_odds_ui(ui: &mut Ui, f: &FightForecast, attacker_view: bool) {
    ui.label(
        egui::RichText::new(format!(
            "{} dice at {}+ against {} dice (Fight {}+ / Survive {}+)",
            f.attacker_dice,
            f.attacker_value,
            f.defender_dice,
            f.defender_fight,
            f.defender_survive
        ))
        .small(),
    );
    let (win, lose) = if attacker_view {
        ("attacker wins", "defender wins")
    } else {
        ("they kill you", "you kill them")
    };
    if !f.survive_only {
        ui.label(egui::RichText::new("if the defender fights back:").small());
        odds_bar(
            ui,
            &[
                (
                    f.if_fight.attacker_wins,
                    theme::BAD,
                    format!("{win} {}", percent(f.if_fight.attacker_wins)),
                ),
                (
                    f.if_fight.no_kill,
                    theme::MUTED,
                    format!("no kill {}", percent(f.if_fight.no_kill)),
                ),
                (
                    f.if_fight.defender_wins,
                    theme::GOOD,
                    format!("{lose} {}", percent(f.if_fight.defender_wins)),
                ),
            ],
        );
    }
    ui.label(
        egui::RichText::new(if f.survive_only {
            "the defender is Rattled and may only Survive:"
        } else {
            "if the defender survives:"
        })
        .small(),
    );
    odds_bar(
        ui,
        &[
            (
                f.if_survive.attacker_wins,
                theme::BAD,
                format!("{win} {}", percent(f.if_survive.attacker_wins)),
            ),
            (
                f.if_survive.no_kill,
                theme::MUTED,
                format!("no kill {}", percent(f.if_survive.no_kill)),
            ),
        ],
    );
}

/// A bar split by probabilities, with its words below.
pub fn odds_bar(ui: &mut Ui, parts: &[(f64, Color32, String)]) {
    let w = ui.available_width().clamp(160.0, 320.0);
    let (rect, _) = ui.allocate_exact_size(vec2(w, 8.0), Sense::hover());
    let mut x = rect.left();
    for (p, c, _) in parts {
        let pw = (*p as f32) * rect.width();
        if pw > 0.0 {
            ui.painter().rect_filled(
                Rect::from_min_max(pos2(x, rect.top()), pos2(x + pw, rect.bottom())),
                CornerRadius::ZERO,
                *c,
            );
        }
        x += pw;
    }
    ui.horizontal_wrapped(|ui| {
        for (_, c, t) in parts {
            ui.label(egui::RichText::new(t).color(*c).small());
        }
    });
}

/// What the tooltip over a square or model says.
fn hover_info(
    g: &GameState,
    t: Target,
    selected: Option<ModelId>,
    plans: &[Vec<Action>],
) -> Vec<InfoLine> {
    let mut out = Vec::new();
    match t {
        Target::Model(m) => {
            let model = g.model(m);
            let p = g.profile(m);
            out.push(InfoLine::Title(
                model_name(g, m),
                theme::side_light(model.side),
            ));
            let mut state = vec![location(g, m)];
            if model.rattled {
                state.push("Rattled".into());
            }
            if model.activated {
                state.push("has acted this Round".into());
            }
            out.push(InfoLine::Text(state.join(", ")));
            out.push(InfoLine::Weak(format!(
                "Shoot {}+  Fight {}+  Survive {}+  Range {}{}",
                p.shoot,
                p.fight,
                p.survive,
                p.range,
                p.abilities
                    .iter()
                    .map(|a| format!("  {a}"))
                    .collect::<String>()
            )));
        }
        Target::Square(s) => {
            let n = g.models_in(s).count();
            if plans.is_empty() && n == 0 {
                return out;
            }
            out.push(InfoLine::Title(format!("Square {s}"), theme::TEXT));
        }
    }
    // The odds of what a click here would do.
    for plan in plans {
        let Some(last) = plan.last() else { continue };
        let head = plan_text(g, plan);
        match (*last, t) {
            (Action::Shoot(target), _) => {
                let shooter = selected
                    .filter(|s| plan.first() == Some(&Action::Activate(*s)))
                    .or(acting_model(g));
                if let Some(s) = shooter
                    && let Some(from) = g.model(s).square()
                    && let Some(f) = shoot_forecast(g, s, from, target, has_aimed(g, s))
                {
                    out.push(InfoLine::Shoot(head, f));
                    if let Some(to) = g.model(target).square()
                        && let Some(note) = low_wall_note(g, from, to)
                    {
                        out.push(InfoLine::Weak(note));
                    }
                    continue;
                }
            }
            (Action::Move(_), Target::Model(enemy))
                if selected.is_some_and(|s| g.model(s).side != g.model(enemy).side) =>
            {
                if let Some(f) = charge_forecast(g, plan, enemy) {
                    out.push(InfoLine::Fight(head, f));
                    continue;
                }
            }
            (Action::Fight(enemy), _) => {
                if let Phase::FightTarget { attacker, .. } = g.phase()
                    && let Some(f) = fight_forecast(g, attacker, enemy)
                {
                    out.push(InfoLine::Fight(head, f));
                    continue;
                }
            }
            _ => {}
        }
        let steps = plan.iter().filter(|a| matches!(a, Action::Move(_))).count();
        if matches!(last, Action::Move(_)) && matches!(t, Target::Square(_)) {
            let n = if steps == 1 { "1 move" } else { "2 moves" };
            out.push(InfoLine::Text(format!("click: {head} ({n})")));
        } else {
            out.push(InfoLine::Text(format!("click: {head}")));
        }
    }
    if plans.is_empty()
        && let (Target::Model(enemy), Some(s)) = (t, selected)
        && g.model(s).side != g.model(enemy).side
        && let (Some(from), Some(_)) = (g.model(s).square(), g.model(enemy).square())
        && let Some(f) = shoot_forecast(g, s, from, enemy, false)
    {
        // Not a decision now, but worth knowing: the odds were it to shoot.
        if f.los != Los::None && f.range <= f.max_range {
            out.push(InfoLine::Shoot(
                format!("Were {s} to shoot it from {from}"),
                f,
            ));
        }
    }
    let _ = action_text;
    out
}

/// When a low wall makes the sight differ with the direction (R9: a low wall on the edge
/// of the shooter's own square does not spoil its shot), what decided it, in words.
pub fn low_wall_note(g: &GameState, from: Square, to: Square) -> Option<String> {
    match (g.map().los(from, to), g.map().los(to, from)) {
        (Los::Clear, Los::Partial) => Some(format!(
            "Clear from {from}: the low wall on {from}'s own edge does not spoil the shot \
             (R9), though it spoils a shot from {to} back"
        )),
        (Los::Partial, Los::Clear) => Some(format!(
            "Partial from {from}: the low wall spoils the shot; from {to} it is on the \
             shooter's own edge, so a shot back is clear (R9)"
        )),
        _ => None,
    }
}

/// Lights what the card decisions under the pointer would pick: the whole row or column
/// (a D8 then picks the square along it), or the square, with an arrow for each direction
/// offered. The squares lit, and the shapes.
fn aim_shapes(geom: &Geom, actions: &[Action]) -> (u64, Vec<Shape>) {
    let mut out = Vec::new();
    let mut bb = 0u64;
    for a in actions {
        for t in super::forecast::targets_of(a) {
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

fn draw_zone_outline(painter: &egui::Painter, geom: &Geom, zone: u64, color: Color32) {
    let st = Stroke::new(2.0, color);
    for s in squares_of(zone) {
        let r = geom.rect(s);
        for (edge, a, b) in [
            (Edge::North, r.left_top(), r.right_top()),
            (Edge::South, r.left_bottom(), r.right_bottom()),
            (Edge::West, r.left_top(), r.left_bottom()),
            (Edge::East, r.right_top(), r.right_bottom()),
        ] {
            let outside = s.step(edge.dir()).is_none_or(|n| zone & n.bit() == 0);
            if outside {
                painter.extend(Shape::dashed_line(&[a, b], st, 6.0, 4.0));
            }
        }
    }
}

fn draw_wall(painter: &egui::Painter, geom: &Geom, s: Square, edge: Edge, kind: WallKind) {
    let r = geom.rect(s);
    let (a, b) = match edge {
        Edge::North => (r.left_top(), r.right_top()),
        Edge::East => (r.right_top(), r.right_bottom()),
        Edge::South => (r.left_bottom(), r.right_bottom()),
        Edge::West => (r.left_top(), r.left_bottom()),
    };
    let dir = (b - a).normalized();
    let normal = vec2(-dir.y, dir.x);
    match kind {
        WallKind::High => {
            let w = (geom.sq * 0.1).max(4.0);
            let ext = dir * (w * 0.5);
            let (a, b) = (a - ext, b + ext);
            // Shadow, body, lit top and brick joints.
            painter.line_segment(
                [a + vec2(2.0, 3.0), b + vec2(2.0, 3.0)],
                Stroke::new(w + 2.0, Color32::from_black_alpha(110)),
            );
            painter.line_segment([a, b], Stroke::new(w + 2.0, theme::HIGH_WALL_EDGE));
            painter.line_segment([a, b], Stroke::new(w, theme::HIGH_WALL));
            painter.line_segment(
                [a - normal * (w * 0.22), b - normal * (w * 0.22)],
                Stroke::new(w * 0.3, theme::HIGH_WALL_TOP),
            );
            let len = (b - a).length();
            let bricks = (len / (w * 1.8)).round().max(2.0) as i32;
            for k in 1..bricks {
                let p = a + dir * (len * k as f32 / bricks as f32);
                let off = if k % 2 == 0 { 0.0 } else { w * 0.25 };
                painter.line_segment(
                    [
                        p - normal * (w * 0.5) + dir * off,
                        p + normal * (w * 0.5) + dir * off,
                    ],
                    Stroke::new(1.0, theme::HIGH_WALL_EDGE),
                );
            }
        }
        WallKind::Low => {
            // A broken run of rubble: short stones with gaps.
            let w = (geom.sq * 0.065).max(3.0);
            let len = (b - a).length();
            let pieces = 4;
            let seg = len / pieces as f32;
            for k in 0..pieces {
                let p0 = a + dir * (seg * k as f32 + seg * 0.08);
                let p1 = a + dir * (seg * (k + 1) as f32 - seg * 0.08);
                let jog = normal * if k % 2 == 0 { w * 0.18 } else { -w * 0.18 };
                painter.line_segment(
                    [p0 + jog + vec2(1.5, 2.0), p1 + jog + vec2(1.5, 2.0)],
                    Stroke::new(w + 1.0, Color32::from_black_alpha(90)),
                );
                painter.line_segment(
                    [p0 + jog, p1 + jog],
                    Stroke::new(w + 1.5, theme::LOW_WALL_EDGE),
                );
                painter.line_segment([p0 + jog, p1 + jog], Stroke::new(w, theme::LOW_WALL));
            }
        }
    }
}

/// A band along a board edge in a side's colour: chevrons pointing in for an entry
/// edge, out for an exit edge.
fn draw_edge_band(painter: &egui::Painter, geom: &Geom, edge: Edge, side: Side, entry: bool) {
    let b = geom.board;
    let t = 5.0;
    let (band, inward) = match edge {
        Edge::South => (
            Rect::from_min_max(pos2(b.left(), b.bottom()), pos2(b.right(), b.bottom() + t)),
            vec2(0.0, -1.0),
        ),
        Edge::North => (
            Rect::from_min_max(pos2(b.left(), b.top() - t), pos2(b.right(), b.top())),
            vec2(0.0, 1.0),
        ),
        Edge::West => (
            Rect::from_min_max(pos2(b.left() - t, b.top()), pos2(b.left(), b.bottom())),
            vec2(1.0, 0.0),
        ),
        Edge::East => (
            Rect::from_min_max(pos2(b.right(), b.top()), pos2(b.right() + t, b.bottom())),
            vec2(-1.0, 0.0),
        ),
    };
    let c = theme::side_color(side);
    painter.rect_filled(band, CornerRadius::same(2), c);
    let along = vec2(inward.y.abs(), inward.x.abs());
    let dir = if entry { inward } else { -inward };
    let size = geom.sq * 0.06;
    for k in 0..8 {
        // Small arrows just inside the board edge, clear of the models' places.
        let edge_mid = match edge {
            Edge::South | Edge::North => pos2(
                b.left() + (k as f32 + 0.5) * geom.sq,
                if edge == Edge::South {
                    b.bottom()
                } else {
                    b.top()
                },
            ),
            _ => pos2(
                if edge == Edge::West {
                    b.left()
                } else {
                    b.right()
                },
                b.top() + (k as f32 + 0.5) * geom.sq,
            ),
        };
        let centre = edge_mid + inward * (size * 1.3);
        let tip = centre + dir * size * 0.8;
        let back = centre - dir * size * 0.8;
        painter.add(Shape::convex_polygon(
            vec![tip, back + along * size * 1.3, back - along * size * 1.3],
            theme::alpha(c, 230),
            Stroke::new(1.0, theme::side_dark(side)),
        ));
    }
    let _ = entry;
}

#[allow(clippy::too_many_arguments)]
fn draw_model(
    painter: &egui::Painter,
    c: Pos2,
    r: f32,
    side: Side,
    id: ModelId,
    rattled: bool,
    acted: bool,
    selected: bool,
    acting: bool,
) {
    let base = theme::side_color(side);
    let fill = if acted {
        theme::mix(base, Color32::from_gray(110), 0.55)
    } else {
        base
    };
    let rim = theme::side_dark(side);
    if selected || acting {
        let glow = if acting {
            Color32::WHITE
        } else {
            theme::SELECT
        };
        painter.circle_stroke(c, r + 4.0, Stroke::new(3.0, glow));
    }
    if rattled {
        // Lying down: a flat ellipse.
        let rad = vec2(r * 1.15, r * 0.6);
        painter.add(Shape::ellipse_filled(
            c + vec2(2.0, 2.5),
            rad,
            Color32::from_black_alpha(100),
        ));
        painter.add(Shape::ellipse_filled(c, rad, fill));
        painter.add(Shape::ellipse_stroke(c, rad, Stroke::new(2.0, rim)));
        painter.text(
            c,
            Align2::CENTER_CENTER,
            (id.0 as u32 + 1).to_string(),
            FontId::proportional(r * 0.8),
            Color32::WHITE,
        );
    } else {
        painter.circle_filled(c + vec2(2.0, 2.5), r, Color32::from_black_alpha(110));
        painter.circle(c, r, fill, Stroke::new(2.0, rim));
        // The figure on its base: a helmeted Soldier, or a Martian's big brain under a
        // glass dome; the model's number below.
        let ellipse_top = |centre: Pos2, rad: Vec2, n: usize| -> Vec<Pos2> {
            (0..=n)
                .map(|i| {
                    let t = std::f32::consts::PI * (1.0 + i as f32 / n as f32);
                    centre + vec2(rad.x * t.cos(), rad.y * t.sin())
                })
                .collect()
        };
        match side {
            Side::Humans => {
                let brim = c.y - r * 0.12;
                let mut dome = ellipse_top(pos2(c.x, brim), vec2(r * 0.66, r * 0.62), 16);
                dome.push(pos2(c.x - r * 0.66, brim));
                painter.add(Shape::convex_polygon(
                    dome,
                    theme::mix(rim, Color32::from_rgb(0x4a, 0x5a, 0x3a), 0.5),
                    Stroke::new(1.0, theme::alpha(Color32::BLACK, 120)),
                ));
                painter.line_segment(
                    [pos2(c.x - r * 0.86, brim), pos2(c.x + r * 0.86, brim)],
                    Stroke::new((r * 0.14).max(1.5), theme::alpha(Color32::BLACK, 150)),
                );
            }
            Side::Martians => {
                let brain = c - vec2(0.0, r * 0.3);
                let rad = vec2(r * 0.6, r * 0.4);
                painter.add(Shape::ellipse_filled(
                    brain,
                    rad,
                    Color32::from_rgb(0xe8, 0x9a, 0xb0),
                ));
                // The fold down the middle and one on each lobe.
                let fold = Stroke::new(1.0, Color32::from_rgb(0x9a, 0x4a, 0x62));
                painter.line_segment([brain - vec2(0.0, rad.y), brain + vec2(0.0, rad.y)], fold);
                for dx in [-0.3, 0.3] {
                    painter.line_segment(
                        [
                            brain + vec2(r * dx, -rad.y * 0.5),
                            brain + vec2(r * dx * 1.2, rad.y * 0.3),
                        ],
                        fold,
                    );
                }
                painter.circle_stroke(
                    c - vec2(0.0, r * 0.12),
                    r * 0.82,
                    Stroke::new(1.5, theme::alpha(Color32::WHITE, 130)),
                );
            }
        }
        painter.text(
            c + vec2(0.0, r * 0.42),
            Align2::CENTER_CENTER,
            (id.0 as u32 + 1).to_string(),
            FontId::proportional(r * 0.7),
            Color32::WHITE,
        );
    }
    if acted {
        // The Activation marker.
        let m = c + vec2(r * 0.78, r * 0.72);
        let mr = (r * 0.36).max(4.0);
        painter.circle(
            m,
            mr,
            Color32::from_rgb(0x20, 0x1c, 0x18),
            Stroke::new(1.0, theme::LABEL),
        );
        painter.line_segment(
            [m + vec2(-mr * 0.45, 0.0), m + vec2(-mr * 0.1, mr * 0.4)],
            Stroke::new(1.5, theme::LABEL),
        );
        painter.line_segment(
            [m + vec2(-mr * 0.1, mr * 0.4), m + vec2(mr * 0.5, -mr * 0.4)],
            Stroke::new(1.5, theme::LABEL),
        );
    }
}

/// How the test cards in the deciding side's hand would change the odds of the Shoot or
/// Fight a click would start (R20): the rules play the test forward on a copy to the
/// side's response window and play each card it may play there.
fn card_odds(
    g: &GameState,
    side: Side,
    t: Target,
    plans: &[Vec<Action>],
    selected: Option<ModelId>,
) -> Vec<InfoLine> {
    let mut out = Vec::new();
    let with = |c| format!("Shoot, with {} from your hand", card_name(g, c));
    for plan in plans {
        match (plan.last(), t) {
            (Some(Action::Shoot(_)), _) => {
                for (card, o) in card_choices(g, plan, side) {
                    out.push(InfoLine::Card(with(card), vec![(String::new(), o)]));
                }
            }
            (Some(Action::Fight(enemy)), _) => {
                out.extend(fight_card_lines(g, side, plan, *enemy));
            }
            (Some(Action::Move(_)), Target::Model(enemy))
                if selected.is_some_and(|s| g.model(s).side != g.model(enemy).side) =>
            {
                out.extend(fight_card_lines(g, side, plan, enemy));
            }
            _ => {}
        }
    }
    out
}

/// The Fight a plan starts, for each card the attacker's side may play on it: the odds
/// for each of the defender's choices.
fn fight_card_lines(g: &GameState, side: Side, plan: &[Action], enemy: ModelId) -> Vec<InfoLine> {
    let mut by_card: Vec<(CardId, Vec<(String, TestOdds)>)> = Vec::new();
    for p in defence_plans(g, plan, enemy) {
        let label = match p.last() {
            Some(Action::Defend(Defence::Fight)) => "if the defender fights back:",
            Some(Action::Defend(Defence::Survive)) => "if the defender survives:",
            _ => continue,
        };
        for (card, o) in card_choices(g, &p, side) {
            match by_card.iter_mut().find(|(c, _)| *c == card) {
                Some((_, v)) => v.push((label.to_string(), o)),
                None => by_card.push((card, vec![(label.to_string(), o)])),
            }
        }
    }
    by_card
        .into_iter()
        .map(|(c, v)| InfoLine::Card(format!("Fight, with {} from your hand", card_name(g, c)), v))
        .collect()
}

/// A test's odds as a line of dice and a bar, from the attacker's side.
pub fn test_odds_ui(ui: &mut Ui, o: &TestOdds) {
    ui.label(egui::RichText::new(o.dice_text()).small());
    let parts = match *o {
        TestOdds::Shoot { armour, odds, .. } => {
            let mut parts = vec![(
                odds.kill,
                theme::GOOD,
                format!("kill {}", percent(odds.kill)),
            )];
            if armour > 0 {
                parts.push((
                    odds.rattled,
                    theme::LOS_PARTIAL,
                    format!("Rattled {}", percent(odds.rattled)),
                ));
            }
            parts.push((
                odds.miss,
                theme::MUTED,
                format!("miss {}", percent(odds.miss)),
            ));
            parts
        }
        TestOdds::Area { hits, odds, .. } => {
            let (bad, saved) = if hits.is_some() {
                ("killed", "unharmed")
            } else {
                ("fails", "passes")
            };
            let mut parts = vec![(
                odds.kill,
                theme::BAD,
                format!("{bad} {}", percent(odds.kill)),
            )];
            if odds.rattled > 0.0 {
                parts.push((
                    odds.rattled,
                    theme::LOS_PARTIAL,
                    format!("Rattled {}", percent(odds.rattled)),
                ));
            }
            parts.push((
                odds.miss,
                theme::GOOD,
                format!("{saved} {}", percent(odds.miss)),
            ));
            parts
        }
        TestOdds::Fight {
            defender_fights,
            odds,
            ..
        } => {
            let mut parts = vec![
                (
                    odds.attacker_wins,
                    theme::BAD,
                    format!("attacker wins {}", percent(odds.attacker_wins)),
                ),
                (
                    odds.no_kill,
                    theme::MUTED,
                    format!("no kill {}", percent(odds.no_kill)),
                ),
            ];
            if defender_fights {
                parts.push((
                    odds.defender_wins,
                    theme::GOOD,
                    format!("defender wins {}", percent(odds.defender_wins)),
                ));
            }
            parts
        }
    };
    odds_bar(ui, &parts);
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
