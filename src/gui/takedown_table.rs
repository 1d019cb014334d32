//! Mars Attacks: Ten-Minute Takedown at the table, a mode of the same window (its button in
//! the top bar, or `mars-attacks takedown play`): the table from above
//! ([`super::takedown_board`]), a person aiming with a slingshot (press on their saucer and
//! drag back) or the keys (the arrows turn the direction and change the strength, Enter or
//! Space shoots), every shot animated from its simulated path before its outcome is
//! written in the log, and the side panel ([`super::takedown_side`]); the rules a click
//! away ([`super::takedown_rules`]).
//!
//! The game itself, its AI thread and its log are [`takedown::table`]'s: this file only
//! draws them and hands it the person's flicks.

use std::f64::consts::PI;
use std::time::{Duration, Instant};

use eframe::egui::{self, Key, RichText, Sense, Stroke, Ui};

use super::takedown_board::{View, aim_line, draw};
use super::theme;
use takedown::aim::centre_flick;
use takedown::layout::SetupError;
use takedown::pieces::Seat;
use takedown::shot::Flick;
use takedown::table::TakedownTable;
use takedown::table::setup::TakedownSetup;

/// How far back the slingshot is drawn for full strength, mm of the table.
const FULL_DRAW: f64 = 300.0;
/// A drag shorter than this (mm) is no shot.
const LEAST_DRAW: f64 = 8.0;
/// Degrees an arrow key turns the aim (a tenth with Shift).
const TURN_STEP: f64 = 1.0;
/// Strength an arrow key adds or takes (a fifth with Shift).
const STRENGTH_STEP: f64 = 0.01;

/// A shot being shown on its way.
#[derive(Clone, Copy, Debug)]
struct Animation {
    shot: usize,
    started: Instant,
    /// Log lines shown until it ends (the shot's own are written when it stops).
    log_before: usize,
}

/// The person's aim for the shot to come.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aim {
    pub direction: f64,
    pub strength: f64,
    pub spin: f64,
}

impl Aim {
    pub fn flick(&self) -> Flick {
        Flick::new(self.direction, self.strength, self.spin)
    }
}

/// Ten-Minute Takedown's mode of the window.
pub struct TakedownView {
    pub table: TakedownTable,
    pub rules_open: bool,
    /// The next game's set-up, as the side panel edits it.
    pub next: TakedownSetup,
    /// The person's aim, for the shot of `aim_for` (the shots played when it was set).
    pub aim: Aim,
    aim_for: Option<usize>,
    /// The slingshot is being drawn back.
    dragging: bool,
    /// The longest a shot's animation takes; zero shows shots at once.
    pub animation: Duration,
    anim: Option<Animation>,
    /// Shots already shown.
    seen: usize,
    /// Where the table was drawn in the last frame (the tests press on a saucer with it).
    pub board: Option<View>,
}

impl TakedownView {
    /// The longest a shot's animation takes unless changed.
    pub const ANIMATION: Duration = Duration::from_millis(1800);

    pub fn new(setup: TakedownSetup) -> Result<TakedownView, SetupError> {
        let next = setup.clone();
        Ok(TakedownView {
            table: TakedownTable::new(setup)?,
            rules_open: false,
            next,
            aim: Aim {
                direction: PI / 2.0,
                strength: 0.3,
                spin: 0.0,
            },
            aim_for: None,
            dragging: false,
            animation: Self::ANIMATION,
            anim: None,
            seen: 0,
            board: None,
        })
    }

    /// A shot is being shown on its way.
    pub fn is_animating(&self) -> bool {
        self.anim.is_some()
    }

    /// The game as the board shows it: as it stood when the die was flicked while a shot
    /// is on its way.
    pub fn shown_game(&self) -> &takedown::game::Game {
        match self.anim {
            Some(a) => &self.table.shots()[a.shot].before,
            None => self.table.game(),
        }
    }

    /// The log lines shown: all, but a shot's own only once it has stopped.
    pub fn log_shown(&self) -> &[takedown::table::LogLine] {
        let log = self.table.log();
        match self.anim {
            Some(a) => &log[..a.log_before.min(log.len())],
            None => log,
        }
    }

    /// The person's flick, as aimed now: played, or its refusal ignored (nothing changes).
    pub fn shoot(&mut self) {
        if self.anim.is_some() {
            return;
        }
        let before = self.table.log().len();
        if self.table.shoot(self.aim.flick()).is_ok() {
            self.start_animation(before);
        }
    }

    fn start_animation(&mut self, log_before: usize) {
        let n = self.table.shots().len();
        if n > self.seen {
            self.seen = n;
            if !self.animation.is_zero() {
                self.anim = Some(Animation {
                    shot: n - 1,
                    started: Instant::now(),
                    log_before,
                });
            }
        }
    }

    /// The aim starts each of a person's shots straight at the nearest target with pieces
    /// left, at the fitted strength for its distance.
    fn fresh_aim(&mut self) {
        let shots = self.table.shots().len();
        if !self.table.persons_shot() || self.aim_for == Some(shots) {
            return;
        }
        self.aim_for = Some(shots);
        let g = self.table.game();
        if let Some((_, f)) = centre_flick(g, g.turn()) {
            self.aim.direction = f.direction;
            self.aim.strength = f.strength;
        }
    }

    /// Draws the mode; returns a set-up when the person starts a new game.
    pub fn ui(&mut self, ui: &mut Ui) -> Option<TakedownSetup> {
        let ctx = ui.ctx().clone();
        if let Some(a) = self.anim {
            let path = &self.table.shots()[a.shot].path;
            if a.started.elapsed().as_secs_f64() >= self.play_seconds(path.seconds()) {
                self.anim = None;
            } else {
                ctx.request_repaint();
            }
        }
        if self.anim.is_none() {
            let before = self.table.log().len();
            self.table.tick();
            self.start_animation(before);
            match self.table.wake_in() {
                Some(w) if w.is_zero() => ctx.request_repaint(),
                Some(w) => ctx.request_repaint_after(w),
                None => {}
            }
        }
        self.fresh_aim();
        let mut open = self.rules_open;
        super::takedown_rules::window(&ctx, &mut open);
        self.rules_open &= open;
        let mut new_game = None;
        egui::Panel::right("takedown-side")
            .default_size(340.0)
            .size_range(290.0..=520.0)
            .frame(egui::Frame::new().fill(theme::PANEL).inner_margin(8.0))
            .show(ui, |ui| {
                new_game = super::takedown_side::ui(self, ui);
            });
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::BACKGROUND)
                    .inner_margin(14.0),
            )
            .show(ui, |ui| self.board_ui(ui));
        new_game
    }

    /// Real seconds a path of `seconds` simulated takes to show.
    fn play_seconds(&self, seconds: f64) -> f64 {
        seconds.min(self.animation.as_secs_f64())
    }

    fn board_ui(&mut self, ui: &mut Ui) {
        if let Some(e) = self.table.error() {
            ui.colored_label(theme::BAD, format!("The game waits: {e}"));
        }
        self.heading_ui(ui);
        let persons = self.table.persons_shot() && self.anim.is_none();
        if persons {
            self.controls_ui(ui);
        }
        let size = ui.available_size();
        let (resp, painter) = ui.allocate_painter(size, Sense::click_and_drag());
        let layout = self.table.setup.layout.clone();
        let view = View::fit(
            resp.rect.shrink(24.0),
            layout.table.length.0,
            layout.table.width.0,
        );
        // During a shot's animation the table is as it stood when the die was flicked.
        let (game, die) = match self.anim {
            Some(a) => {
                let shot = &self.table.shots()[a.shot];
                let k = shot.path.seconds() / self.play_seconds(shot.path.seconds()).max(1e-6);
                let t = a.started.elapsed().as_secs_f64() * k;
                (shot.before.clone(), shot.path.at(t))
            }
            None => {
                let last = self
                    .table
                    .shots()
                    .last()
                    .filter(|s| !s.outcome.is_retake() || self.table.game().is_over())
                    .map(|s| s.rest.pose)
                    .filter(|p| layout.table.holds(p.at()));
                // A person aims with the die in their saucer, as it will be put down.
                let last = if self.table.persons_shot() {
                    self.table.next_die()
                } else {
                    last
                };
                (self.table.game().clone(), last)
            }
        };
        draw(&painter, view, &game, die.as_ref());
        self.board = Some(view);
        if !persons {
            self.dragging = false;
            return;
        }
        let seat = game.turn();
        let from = game.saucer(seat);
        // The slingshot: pressed on the saucer and drawn back, the shot goes the other way.
        if resp.drag_started()
            && let Some(p) = ui.input(|i| i.pointer.press_origin())
        {
            let r = layout.saucer_radius() * 1.3;
            self.dragging = view.to_table(p).distance(from) <= r;
        }
        let mut release = false;
        if self.dragging
            && let Some(p) = ui.ctx().pointer_latest_pos()
        {
            let at = view.to_table(p);
            let back = at.distance(from);
            if back >= LEAST_DRAW {
                self.aim.direction = at.bearing_to(from);
                self.aim.strength = (back / FULL_DRAW).clamp(0.0, 1.0);
            }
            painter.line_segment(
                [view.to_screen(from), p],
                Stroke::new(2.0, theme::seat_color(seat.index())),
            );
            if resp.drag_stopped() {
                self.dragging = false;
                release = back >= LEAST_DRAW;
            }
        }
        aim_line(&painter, view, from, self.aim.direction, self.aim.strength);
        self.keys(ui);
        if release {
            self.shoot();
        }
    }

    /// The arrow keys aim, Enter or Space shoots (when no text field has the keys).
    fn keys(&mut self, ui: &Ui) {
        if ui.ctx().egui_wants_keyboard_input() {
            return;
        }
        // A focused button answers Enter and Space itself.
        let focused = ui.ctx().memory(|m| m.focused().is_some());
        let (left, right, up, down, fine, shoot) = ui.input(|i| {
            (
                i.key_pressed(Key::ArrowLeft),
                i.key_pressed(Key::ArrowRight),
                i.key_pressed(Key::ArrowUp),
                i.key_pressed(Key::ArrowDown),
                i.modifiers.shift,
                i.key_pressed(Key::Enter) || i.key_pressed(Key::Space),
            )
        });
        let turn = if fine { TURN_STEP / 10.0 } else { TURN_STEP }.to_radians();
        let more = if fine {
            STRENGTH_STEP / 5.0
        } else {
            STRENGTH_STEP
        };
        // Left turns counter-clockwise, as seen from above.
        if left {
            self.aim.direction += turn;
        }
        if right {
            self.aim.direction -= turn;
        }
        if up {
            self.aim.strength += more;
        }
        if down {
            self.aim.strength -= more;
        }
        self.aim = Aim {
            direction: (self.aim.direction + PI).rem_euclid(2.0 * PI) - PI,
            strength: self.aim.strength.clamp(0.0, 1.0),
            spin: self.aim.spin.clamp(-1.0, 1.0),
        };
        if shoot && !focused {
            self.shoot();
        }
    }

    fn heading_ui(&self, ui: &mut Ui) {
        let t = &self.table;
        if let Some(r) = t.result().filter(|_| self.anim.is_none()) {
            let text = takedown::table::words::result_words(&r, &t.setup);
            ui.heading(RichText::new(text).color(theme::SELECT));
            return;
        }
        let seat = match self.anim {
            Some(a) => t.shots()[a.shot].shooter,
            None => t.game().turn(),
        };
        let name = t.name(seat.index());
        let retakes = t.game().retakes();
        let mut head = format!("{name} to shoot");
        if retakes > 0 && self.anim.is_none() {
            head.push_str(&format!(" (retake {retakes})"));
        }
        ui.heading(RichText::new(head).color(theme::seat_color(seat.index())));
        let what = if self.anim.is_some() {
            "The die is on its way…".to_string()
        } else if t.persons_shot() {
            "Press on your saucer and drag back to aim, release to flick; or aim with the arrow \
             keys (Shift for fine steps) and press Enter or Space."
                .to_string()
        } else if t.is_thinking() {
            format!("{name} is aiming…")
        } else {
            format!("{name} shoots next.")
        };
        ui.label(RichText::new(what).color(theme::MUTED));
    }

    /// The aim in numbers, its spin, and the Shoot button.
    fn controls_ui(&mut self, ui: &mut Ui) {
        let mut shoot = false;
        ui.horizontal(|ui| {
            let mut deg = self.aim.direction.to_degrees();
            ui.label("Direction");
            if ui
                .add(
                    egui::DragValue::new(&mut deg)
                        .range(-180.0..=180.0)
                        .speed(0.2)
                        .max_decimals(1)
                        .suffix("°"),
                )
                .on_hover_text("Degrees counter-clockwise from east (the right of the table)")
                .changed()
            {
                self.aim.direction = deg.to_radians();
            }
            ui.label("Strength");
            ui.add(egui::Slider::new(&mut self.aim.strength, 0.0..=1.0).max_decimals(2));
            ui.label("Spin");
            ui.add(egui::Slider::new(&mut self.aim.spin, -1.0..=1.0).max_decimals(2))
                .on_hover_text("Forward roll (+) tumbles the die; backward roll (-) checks it");
            shoot = ui
                .button(RichText::new("Shoot").strong())
                .on_hover_text("Flick the die as aimed (Enter or Space)")
                .clicked();
        });
        if shoot {
            self.shoot();
        }
    }

    /// The seat whose turn it is.
    pub fn turn(&self) -> Seat {
        self.table.game().turn()
    }
}
