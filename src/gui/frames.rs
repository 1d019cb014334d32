//! The window's own history, apart from the game: how long frames take (the F12
//! overlay) and how long the program took to show its first frame.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use eframe::egui::{self, CornerRadius, RichText};

use crate::table::session::Session;

use super::theme;

/// Frames remembered for the overlay's averages.
const FRAMES_KEPT: usize = 120;

/// The recent frames: the time between them and the time spent building each one's UI,
/// and whether the overlay that shows them is on (F12).
#[derive(Default)]
pub struct FrameHistory {
    /// The frame-time overlay (F12).
    debug: bool,
    frame_times: VecDeque<f32>,
    /// Time spent building each frame's UI (the rest of a frame is drawing and waiting).
    build_times: VecDeque<f32>,
    last_frame: Option<Instant>,
    /// The window's look has been applied.
    styled: bool,
}

impl FrameHistory {
    /// Applies the window's look, the first time only.
    pub fn style_once(&mut self, ctx: &egui::Context) {
        if !self.styled {
            theme::apply(ctx);
            self.styled = true;
        }
    }

    /// Turns the overlay on or off.
    pub fn toggle_overlay(&mut self) {
        self.debug = !self.debug;
    }

    /// Is the overlay on?
    pub fn overlay_shown(&self) -> bool {
        self.debug
    }

    /// Notes that a frame started now.
    pub fn frame_started(&mut self) {
        let now = Instant::now();
        if let Some(last) = self.last_frame {
            push_kept(
                &mut self.frame_times,
                now.duration_since(last).as_secs_f32(),
            );
        }
        self.last_frame = Some(now);
    }

    /// Notes that building a frame's UI took `took`.
    pub fn built(&mut self, took: Duration) {
        push_kept(&mut self.build_times, took.as_secs_f32());
    }

    /// The overlay in the corner of `board`: the frame and UI times, the start-up time
    /// and what the game is doing.
    pub fn overlay(
        &self,
        ctx: &egui::Context,
        board: egui::Rect,
        startup: &Startup,
        session: Option<&Session>,
    ) {
        let n = self.frame_times.len().max(1) as f32;
        let mean = self.frame_times.iter().sum::<f32>() / n;
        // The time between frames includes the idle wait for input, so the worst frame is
        // the slowest UI build, which is the program's own work.
        let worst = self.build_times.iter().copied().fold(0.0f32, f32::max);
        let build = self.build_times.iter().sum::<f32>() / self.build_times.len().max(1) as f32;
        egui::Area::new(egui::Id::unique("debug-overlay"))
            .order(egui::Order::Foreground)
            .fixed_pos(board.left_top() + egui::vec2(10.0, 10.0))
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(theme::OVERLAY_BACKDROP)
                    .corner_radius(CornerRadius::same(4))
                    .inner_margin(6.0)
                    .show(ui, |ui| {
                        ui.add(
                            egui::Label::new(
                                RichText::new(format!(
                                    "frame {:.1} ms ({:.0} fps), ui {:.2} ms, worst ui {:.2} ms",
                                    mean * 1000.0,
                                    if mean > 0.0 { 1.0 / mean } else { 0.0 },
                                    build * 1000.0,
                                    worst * 1000.0
                                ))
                                .monospace()
                                .color(theme::GOOD),
                            )
                            .extend(),
                        );
                        if let Some(shown) = startup.first_shown {
                            ui.label(
                                RichText::new(format!(
                                    "start-up {:.0} ms to the first frame shown",
                                    shown.as_secs_f64() * 1000.0
                                ))
                                .monospace()
                                .small(),
                            );
                        }
                        if let Some(s) = session {
                            ui.label(
                                RichText::new(format!(
                                    "decisions {}  ai {}",
                                    s.history().len(),
                                    s.thinking_for()
                                        .map(|t| format!("thinking {:.2} s", t.as_secs_f32()))
                                        .unwrap_or_else(|| "idle".into())
                                ))
                                .monospace()
                                .small(),
                            );
                        }
                    });
            });
    }
}

/// Appends `v`, forgetting the oldest beyond [`FRAMES_KEPT`].
fn push_kept(q: &mut VecDeque<f32>, v: f32) {
    q.push_back(v);
    if q.len() > FRAMES_KEPT {
        q.pop_front();
    }
}

/// The start-up times of the window, measured from when the program started (the
/// process's own start where the system says when that was, else when the table was asked
/// to open).
#[derive(Clone, Copy, Debug, Default)]
pub struct Startup {
    /// When the table was asked to open, and how old the process was by then.
    pub launched: Option<(Instant, Duration)>,
    /// To the end of building the first frame's UI.
    pub first_built: Option<Duration>,
    /// To the start of the second frame: the first one has been drawn and shown.
    pub first_shown: Option<Duration>,
    /// Print the times to standard error (`MARS_ATTACKS_STARTUP=1`), and close the window
    /// once the first frame is shown (`MARS_ATTACKS_STARTUP=exit`), to time a start.
    pub report: bool,
    pub exit: bool,
    /// The frame number of the first frame.
    built_frame: u64,
}

impl Startup {
    /// Start-up measured from now, as set by the `MARS_ATTACKS_STARTUP` variable.
    pub fn now() -> Startup {
        let var = std::env::var("MARS_ATTACKS_STARTUP").unwrap_or_default();
        Startup {
            launched: Some((Instant::now(), process_age().unwrap_or_default())),
            report: !var.is_empty() && var != "0",
            exit: var == "exit",
            ..Startup::default()
        }
    }

    fn since_start(&self) -> Option<Duration> {
        self.launched.map(|(at, age)| age + at.elapsed())
    }

    /// Called at the start and the end of every frame's UI.
    pub fn frame(&mut self, ctx: &egui::Context, end: bool) {
        if self.launched.is_none() || self.first_shown.is_some() {
            return;
        }
        let t = self.since_start();
        let nr = ctx.cumulative_frame_nr();
        match (end, self.first_built) {
            (true, None) => {
                self.first_built = t;
                self.built_frame = nr;
                // One more frame, to learn when this one was on the screen.
                ctx.request_repaint();
            }
            (false, Some(built)) if nr > self.built_frame => {
                self.first_shown = t;
                if self.report {
                    eprintln!(
                        "start-up: first frame built {:.0} ms, shown {:.0} ms after the program started",
                        built.as_secs_f64() * 1000.0,
                        t.unwrap_or_default().as_secs_f64() * 1000.0
                    );
                }
                if self.exit {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }
            _ => {}
        }
    }
}

/// How long this process has been running, from the system's record of its start
/// (Linux: /proc, in clock ticks of 1/100 s).
fn process_age() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    // starttime is field 22 of the line; `rest` starts at field 3.
    let ticks: f64 = rest.split_whitespace().nth(19)?.parse().ok()?;
    let uptime: f64 = std::fs::read_to_string("/proc/uptime")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    let age = uptime - ticks / 100.0;
    (0.0..60.0)
        .contains(&age)
        .then(|| Duration::from_secs_f64(age))
}
