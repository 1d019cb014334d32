//! The board: the 8x8 street drawn to scale with its walls, zones, counters and models,
//! and clicks turned into decisions from the legal list.
//!
//! [`BoardView::ui`] draws it one layer at a time, bottom to top: the ground, zones, grid
//! and blockers ([`super::board_ground`]); the selected model's reach and a card's targets
//! ([`super::board_overlays`]); walls, edges and coordinates; counters and Event tokens
//! ([`super::board_counters`]); the models in their squares and trays; the sight both ways
//! ([`super::board_sight`]); the estimate ([`super::board_estimate`]); the hinted move
//! ([`super::board_hint`]); then the pointer: the square under it, the aim of a card,
//! the tooltip ([`super::board_tooltip`]), the click and its menu. Where things are on
//! screen is [`super::board_geom`].
//!
//! A click names a square or a model. The decisions offered for it are exactly the legal
//! decisions whose target it is; when a model of the side to move is selected but not yet
//! acting, also its activation followed by such a decision (checked on a copy of the
//! state). One decision is played at once; several open a small menu.

use eframe::egui::{
    self, CornerRadius, Id, Painter, Pos2, Rect, Response, Sense, Shape, Stroke, StrokeKind, Ui,
    Vec2, pos2, vec2,
};

use crate::rules::action::{Action, ModelId};
use crate::rules::cards::Card;
use crate::rules::state::Loc;
use crate::rules::{Bitboard, GameState, Side, Square};
use crate::table::describe::{base_label, model_name};
use crate::table::forecast::{Reach, Target, acting_model, reach, spot_of};
use crate::table::session::Session;
use crate::table::unreachable::why_unreachable;

use super::board_figures::draw_model;
pub use super::board_geom::Geom;
use super::board_geom::tray_is_north;
use super::board_tooltip::{card_odds, hover_info, plan_label};
pub use super::board_tooltip::{
    fight_odds_ui, low_wall_note, odds_bar, shoot_odds_ui, test_odds_ui,
};
use super::command::Command;
use super::panel::{Panel, PanelContext};
use super::{
    board_counters, board_estimate, board_ground, board_hint, board_overlays, board_sight,
    board_tray, theme,
};

/// Seconds a model takes to glide to its new place.
const GLIDE: f32 = 0.22;

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
    pub aim: Bitboard,
    /// The sight drawn this frame: where from, and each enemy square's sight both ways.
    pub sight: Option<(
        super::board_sight::Viewpoint,
        Vec<super::board_sight::SightLine>,
    )>,
    /// Where the sight's tags were put this frame, in the order of its lines.
    pub sight_tags: Vec<Rect>,
    /// The models' tokens on the board this frame.
    pub tokens: Vec<Rect>,
    /// The groups of models shown in the trays this frame (to deploy, each wave).
    pub tray_groups: Vec<super::board_tray::TrayGroup>,
    /// The hinted move drawn this frame, if a hint is shown.
    pub hint_marks: Option<super::board_hint::MoveMarks>,
}

impl Panel for BoardView {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        let asked = self.draw(ui, table);
        table.commands.extend(asked);
    }
}

impl BoardView {
    /// Close the menu, if one is open.
    pub fn close_menu(&mut self) -> bool {
        self.menu.take().is_some()
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

    /// Draws the board one layer at a time, bottom to top, and handles its clicks.
    fn draw(&mut self, ui: &mut Ui, input: &PanelContext<'_>) -> Vec<Command> {
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
            .map(|m| self.reach_of(g, session.decisions_made(), m))
            .unwrap_or_default();

        // The ground, and what is lit on it.
        board_ground::squares(&painter, &geom);
        board_ground::zones(&painter, &geom, g);
        board_ground::holds(&painter, &geom, g);
        board_ground::grid(&painter, &geom);
        board_ground::blockers(&painter, &geom, g);
        if let Some(sel) = selected {
            let c = theme::side_color(g.model(sel).side);
            board_overlays::reach(&painter, &geom, c, sel_reach);
        }
        if let Some(card) = input.armed {
            board_overlays::card_targets(&painter, &geom, g, input.legal, card);
        }
        // The aim of a card under the pointer, filled in once the pointer is known.
        let aim_slot = painter.add(Shape::Noop);
        board_ground::walls(&painter, &geom, g);
        board_ground::edges(&painter, &geom, g);
        board_ground::coordinates(&painter, &geom);
        board_counters::counters(&painter, &geom, g);
        board_counters::event_tokens(&painter, &geom, g);

        // The squares as click targets, under the models.
        let square_responses = square_targets(ui, &geom);
        let mut placed = self.place_models(g, &geom, &painter);
        glide(ui.ctx(), &geom, &mut placed);
        self.tokens = placed
            .iter()
            .filter(|p| geom.board.contains(p.center))
            .map(Placed::token)
            .collect();
        self.sight_layer(ui, &painter, &geom, input, selected, sel_reach);
        let model_responses = draw_models(
            ui,
            &painter,
            g,
            &placed,
            selected,
            session.companion().is_some(),
        );
        estimate_layer(ui, &painter, &geom, session);
        self.hint_layer(&painter, &geom, session, &placed);
        // At a real table: the step to make there now, drawn.
        if session.awaiting_dice().is_none()
            && let Some(marks) = session.next_table_step().and_then(|t| t.picture.as_ref())
        {
            board_hint::draw_in(&painter, &geom, marks, theme::TABLE_STEP, |m| {
                placed.iter().find(|p| p.id == m).map(|p| p.center)
            });
        }

        // What the pointer is over, and what was clicked.
        let Pointer {
            hovered: hover_target,
            clicked,
        } = self.pointer(&model_responses, &square_responses);
        if let Some(s) = self.hovered_square {
            painter.rect_stroke(
                geom.rect(s),
                CornerRadius::ZERO,
                Stroke::new(1.5, theme::HOVERED_SQUARE),
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
            aim_actions = aims(&Self::plans_for(g, input.legal, selected, input.armed, *t));
        }
        if let Some((t, resp)) = hover_target
            && self.menu.is_none()
        {
            tooltip(g, input, selected, t, resp);
        }

        if let Some((t, pos)) = clicked
            && self.menu.as_ref().is_none_or(|m| m.opened != frame)
        {
            self.menu = None;
            // With Shift (or the command key) held, a click on a model selects it even on a
            // square the selected model could move to.
            let select_only = ui.input(|i| i.modifiers.shift || i.modifiers.command);
            out.extend(self.click(g, input, t, pos, frame, select_only));
        } else if bg_response.clicked() {
            self.menu = None;
        }
        self.menu_ui(ui, frame, &mut aim_actions, &mut out);
        let (aim, shapes) = board_overlays::aim_shapes(&geom, &aim_actions);
        self.aim = aim;
        painter.set(aim_slot, Shape::Vec(shapes));
        out
    }

    /// Where each model stands: in its slot of its square, or in its side's tray (drawn
    /// here, in groups: those to deploy now, then each wave by when and where it comes on).
    fn place_models(&mut self, g: &GameState, geom: &Geom, painter: &Painter) -> Vec<Placed> {
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
            let groups = board_tray::groups(g, side);
            for (id, center) in board_tray::draw(painter, half, r, side, &groups) {
                placed.push(Placed { id, center, r });
            }
            self.tray_groups.extend(groups);
        }
        placed
    }

    /// Sight both ways and both sides' ranges from the selected model (or the deployment
    /// square under the pointer).
    fn sight_layer(
        &mut self,
        ui: &Ui,
        painter: &Painter,
        geom: &Geom,
        input: &PanelContext<'_>,
        selected: Option<ModelId>,
        sel_reach: Reach,
    ) {
        let g = input.session.state();
        let pointer_square = ui.ctx().pointer_hover_pos().and_then(|p| geom.square_at(p));
        let deciding = input.session.human_to_move().is_some();
        let view = board_sight::viewpoint(
            g,
            selected,
            sel_reach.one | sel_reach.two,
            pointer_square,
            if deciding { input.legal } else { &[] },
        );
        self.sight = view.map(|v| (v, board_sight::lines(g, v)));
        self.sight_tags = match &self.sight {
            Some((v, lines)) => board_sight::draw(painter, geom, g, *v, lines, &self.tokens),
            None => Vec::new(),
        };
    }

    /// The hint: the whole move, drawn.
    fn hint_layer(&mut self, painter: &Painter, geom: &Geom, session: &Session, placed: &[Placed]) {
        self.hint_marks = session
            .current_hint()
            .and_then(|h| board_hint::move_marks(session.state(), &h.line));
        if let Some(marks) = &self.hint_marks {
            board_hint::draw(painter, geom, marks, |m| {
                placed.iter().find(|p| p.id == m).map(|p| p.center)
            });
        }
    }

    /// The model or square under the pointer (a model before its square), and the model
    /// or square clicked.
    fn pointer(
        &mut self,
        models: &[(ModelId, Response)],
        squares: &[(Square, Response)],
    ) -> Pointer {
        self.hovered_square = None;
        self.hovered_model = None;
        let mut hover_target: Option<(Target, Response)> = None;
        let mut clicked: Option<(Target, Pos2)> = None;
        for (id, resp) in models {
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
        for (s, resp) in squares {
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
        Pointer {
            hovered: hover_target,
            clicked,
        }
    }

    /// The menu of several decisions, if one is open. A menu of aims lights them all, and
    /// the one under the pointer alone.
    fn menu_ui(
        &mut self,
        ui: &Ui,
        frame: u64,
        aim_actions: &mut Vec<Action>,
        out: &mut Vec<Command>,
    ) {
        let Some(menu) = self.menu.clone() else {
            return;
        };
        *aim_actions = aims(menu.plans.iter().map(|(p, _)| p));
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
                            *aim_actions = vec![*a];
                        }
                        if b.clicked() {
                            out.push(Command::Play(plan.clone()));
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

    fn click(
        &mut self,
        g: &GameState,
        input: &PanelContext<'_>,
        t: Target,
        pos: Pos2,
        frame: u64,
        select_only: bool,
    ) -> Vec<Command> {
        let names = input.session.names();
        let deciding = input.session.human_to_move();
        // While a model is to be chosen, a click on a model of the side deciding picks it
        // (nothing is played until the square or enemy is clicked), unless a model is
        // selected and may move to that model's square: then the click moves it there.
        let choosing = input.legal.iter().any(|a| matches!(a, Action::Activate(_)));
        let mut t = t;
        if let Target::Model(m) = t
            && !select_only
            && deciding.is_some()
            && input.selected.is_some_and(|sel| sel != m)
            && Some(g.model(m).side) == deciding
            && let Some(sq) = g.model(m).square()
            && !Self::plans_for(
                g,
                input.legal,
                input.selected,
                input.armed,
                Target::Square(sq),
            )
            .is_empty()
        {
            t = Target::Square(sq);
        }
        if let Target::Model(m) = t
            && (deciding.is_none()
                || (choosing && input.armed.is_none() && Some(g.model(m).side) == deciding))
        {
            return vec![Command::Select(Some(m))];
        }
        let plans = if deciding.is_some() {
            Self::plans_for(g, input.legal, input.selected, input.armed, t)
        } else {
            Vec::new()
        };
        match plans.len() {
            0 => match t {
                Target::Model(m) => vec![Command::Select(Some(m))],
                Target::Square(s) => {
                    // A square the selected (or acting) model cannot reach: why, in one line.
                    let mover = acting_model(g).or(input.selected);
                    let why = mover.and_then(|m| why_unreachable(g, m, s, names));
                    let own = g.models_in(s).find(|m| Some(g.model(*m).side) == deciding);
                    match (own, why) {
                        (Some(own), _) if acting_model(g).is_none() => {
                            vec![Command::Select(Some(own))]
                        }
                        (_, Some(why)) => vec![Command::Notice(why)],
                        _ if acting_model(g).is_some() => Vec::new(),
                        _ => vec![Command::Select(None)],
                    }
                }
            },
            1 => vec![Command::Play(plans.into_iter().next().expect("one plan"))],
            _ => {
                let title = match t {
                    Target::Model(m) => model_name(g, m, names),
                    Target::Square(s) => format!("Square {s}"),
                };
                let plans = plans
                    .into_iter()
                    .map(|p| {
                        let text = plan_label(g, &p, names);
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

/// What the pointer is over this frame (a model before its square), and what was
/// clicked, with where.
struct Pointer {
    hovered: Option<(Target, Response)>,
    clicked: Option<(Target, Pos2)>,
}

/// A model's place on the screen this frame.
struct Placed {
    id: ModelId,
    center: Pos2,
    r: f32,
}

impl Placed {
    /// The token's square on screen, its click target.
    fn token(&self) -> Rect {
        Rect::from_center_size(self.center, Vec2::splat(self.r * 2.2))
    }
}

/// Every square as a click target, named for screen readers and tests.
fn square_targets(ui: &Ui, geom: &Geom) -> Vec<(Square, Response)> {
    let mut square_responses: Vec<(Square, Response)> = Vec::with_capacity(64);
    for s in Square::all() {
        let id = Id::unique(("board-square", s.index()));
        let resp = ui.interact(geom.rect(s), id, Sense::click());
        let label = format!("square {s}");
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        square_responses.push((s, resp));
    }
    square_responses
}

/// Models glide from where they stood to where they stand. Animated in squares from the
/// board's corner, so that resizing the window moves nothing.
fn glide(ctx: &egui::Context, geom: &Geom, placed: &mut [Placed]) {
    for p in placed {
        let at = (p.center - geom.board.min) / geom.sq;
        let x = ctx.animate_value_with_time(Id::unique(("model-x", p.id.0)), at.x, GLIDE);
        let y = ctx.animate_value_with_time(Id::unique(("model-y", p.id.0)), at.y, GLIDE);
        p.center = geom.board.min + vec2(x, y) * geom.sq;
    }
}

/// The number on a model's figure: its number in the game (`3` for m3), or at a real table
/// the number of the label on its base (`1` for Martian 1; a model alone of its profile, the
/// initial of its name).
fn figure_number(g: &GameState, id: ModelId, at_table: bool) -> String {
    if !at_table {
        return (u32::from(id.0) + 1).to_string();
    }
    let label = base_label(g, id);
    match label.rsplit(' ').next() {
        Some(n) if n.parse::<u32>().is_ok() => n.to_string(),
        _ => label.chars().next().map(String::from).unwrap_or_default(),
    }
}

/// The models drawn where they stand, each a click target.
fn draw_models(
    ui: &Ui,
    painter: &Painter,
    g: &GameState,
    placed: &[Placed],
    selected: Option<ModelId>,
    at_table: bool,
) -> Vec<(ModelId, Response)> {
    let acting = acting_model(g);
    let mut model_responses: Vec<(ModelId, Response)> = Vec::with_capacity(placed.len());
    for p in placed {
        let m = g.model(p.id);
        draw_model(
            painter,
            p.center,
            p.r,
            m.side,
            &figure_number(g, p.id, at_table),
            m.rattled,
            m.activated,
            selected == Some(p.id),
            acting == Some(p.id),
            g.scenario().models[p.id.index()].ends_game.is_key(),
        );
        let rect = p.token();
        let resp = ui.interact(rect, Id::unique(("board-model", p.id.0)), Sense::click());
        let label = p.id.to_string();
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        model_responses.push((p.id, resp));
    }
    model_responses
}

/// The AI's estimate of the chance to win, beside the board (not in a replay).
fn estimate_layer(ui: &mut Ui, painter: &Painter, geom: &Geom, session: &Session) {
    if let Some(e) = &session.estimate
        && session.replay().is_none()
    {
        let x = geom.board.right() + 30.0;
        let rect = Rect::from_min_max(
            pos2(x, geom.board.top() + 18.0),
            pos2(x + board_estimate::WIDTH, geom.board.bottom() - 18.0),
        );
        board_estimate::show(ui, painter, rect, e);
    }
}

/// The last decisions of `plans` that pick a spot: what a card being aimed would pick.
fn aims<'a>(plans: impl IntoIterator<Item = &'a Vec<Action>>) -> Vec<Action> {
    plans
        .into_iter()
        .filter_map(|p| p.last().copied())
        .filter(|a| spot_of(a).is_some())
        .collect()
}

/// A tooltip for what is under the pointer: the model, and what a click would do with
/// the odds.
fn tooltip(
    g: &GameState,
    input: &PanelContext<'_>,
    selected: Option<ModelId>,
    t: Target,
    resp: Response,
) {
    let deciding = input.session.human_to_move();
    let plans = if deciding.is_some() {
        BoardView::plans_for(g, input.legal, selected, input.armed, t)
    } else {
        Vec::new()
    };
    let mut info = hover_info(g, input.session.names(), t, selected, &plans);
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
