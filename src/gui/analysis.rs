//! The analysis window after a game: the AI's value of a side's position after each of
//! its decisions, charted over the game (egui_plot), with the three costliest decisions
//! (the value of the AI's preferred move minus that of the move played, in one search)
//! and what the AI would have played there, and the luck after each shown apart
//! (`crate::bot::analysis`).
//!
//! The analysis runs on a thread of its own; the window shows its progress meanwhile.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};

use eframe::egui::{self, RichText};
use egui_plot::{Legend, Line, MarkerShape, Plot, PlotPoints, Points};

use crate::bot::analysis::{Analysis, NotLegal, Point, analyse};
use crate::rules::action::Action;
use crate::rules::dice::rng_from_seed;
use crate::rules::state::GameState;
use crate::rules::{Scenario, Side};
use crate::table::describe::{action_text, side_title};
use crate::table::session::Session;

use super::panel::{Panel, PanelContext};
use super::theme;

/// Search iterations per position: the normal level's search is about a third of a second
/// of these; a whole game takes a few seconds in a release build, on one core.
pub const ANALYSIS_ITERATIONS: u64 = 2000;

/// A decision the value fell at, in words.
#[derive(Clone, Debug)]
pub struct Mistake {
    pub point: Point,
    pub played: String,
    pub best: String,
}

/// What the analysis thread sends back.
pub struct Finished {
    pub analysis: Analysis,
    /// The three biggest falls, worst first.
    pub mistakes: Vec<Mistake>,
}

/// The analysis window.
pub struct AnalysisView {
    pub side: Side,
    pub open: bool,
    done: Arc<AtomicUsize>,
    total: usize,
    rx: Receiver<Result<Finished, NotLegal>>,
    pub result: Option<Result<Finished, NotLegal>>,
}

impl AnalysisView {
    /// Starts analysing `side`'s decisions in the session's game with `iterations` a
    /// position ([`ANALYSIS_ITERATIONS`] at the table); `wake` is called when it is done.
    pub fn start(
        session: &Session,
        side: Side,
        iterations: u64,
        wake: impl Fn() + Send + 'static,
    ) -> Self {
        let scenario = session.scenario().clone();
        let seed = session.setup().seed;
        let actions: Vec<Action> = session.game_actions();
        let done = Arc::new(AtomicUsize::new(0));
        let total = actions.len();
        let (tx, rx) = channel();
        let counter = done.clone();
        std::thread::Builder::new()
            .name("analysis".into())
            .spawn(move || {
                let result = analyse(
                    scenario.clone(),
                    seed,
                    &actions,
                    side,
                    iterations,
                    |n, _| counter.store(n, Ordering::Relaxed),
                )
                .map(|analysis| {
                    let mistakes = describe(&scenario, seed, &actions, &analysis);
                    Finished { analysis, mistakes }
                });
                let _ = tx.send(result);
                wake();
            })
            .expect("the analysis thread starts");
        AnalysisView {
            side,
            open: true,
            done,
            total,
            rx,
            result: None,
        }
    }

    /// Is the analysis still running?
    pub fn running(&self) -> bool {
        self.result.is_none()
    }
}

impl Panel for AnalysisView {
    /// The analysis window, over the table: the progress while it runs, then the chart.
    fn ui(&mut self, ui: &mut egui::Ui, _table: &mut PanelContext<'_>) {
        let ctx = ui.ctx();
        if self.result.is_none()
            && let Ok(r) = self.rx.try_recv()
        {
            self.result = Some(r);
        }
        let mut open = self.open;
        egui::Window::new(format!("Analysis of the {}' game", side_title(self.side)))
            .open(&mut open)
            .default_size([640.0, 520.0])
            .show(ctx, |ui| match &self.result {
                None => {
                    let done = self.done.load(Ordering::Relaxed);
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(format!(
                            "The AI replays the game: decision {done} of {}",
                            self.total
                        ));
                    });
                    ui.add(egui::ProgressBar::new(
                        done as f32 / self.total.max(1) as f32,
                    ));
                    ctx.request_repaint_after(std::time::Duration::from_millis(100));
                }
                Some(Err(e)) => {
                    ui.colored_label(theme::BAD, e.to_string());
                }
                Some(Ok(f)) => chart(ui, f),
            });
        self.open = open;
    }
}

fn chart(ui: &mut egui::Ui, f: &Finished) {
    let a = &f.analysis;
    if a.points.is_empty() {
        ui.label("The side had no decision with a choice.");
        return;
    }
    ui.label(
        RichText::new(format!(
            "The AI's value of the {}' position after each of their decisions: its chance \
             to win were both sides to play as the AI does (calibrated in games of the AI \
             against itself, docs/strength.md), searched {} iterations a position.",
            side_title(a.side),
            a.iterations
        ))
        .small()
        .color(theme::MUTED),
    );
    let (cost, luck) = a.totals();
    ui.label(format!(
        "Over the game, the choices cost {} of win chance; luck came to {}.",
        points(cost),
        signed_points(luck)
    ));
    let line: PlotPoints = a
        .points
        .iter()
        .map(|p| [(p.decision + 1) as f64, 100.0 * p.after])
        .collect();
    let marks: PlotPoints = f
        .mistakes
        .iter()
        .map(|m| [(m.point.decision + 1) as f64, 100.0 * m.point.after])
        .collect();
    Plot::new("analysis-chart")
        .height(240.0)
        .include_y(0.0)
        .include_y(100.0)
        .x_axis_label("decision")
        .y_axis_label("value %")
        .legend(Legend::default())
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.line(Line::new("value after the decision", line).color(theme::side_color(a.side)));
            plot.points(
                Points::new("the costliest decisions", marks)
                    .shape(MarkerShape::Diamond)
                    .radius(6.0)
                    .color(theme::BAD),
            );
        });
    ui.add_space(6.0);
    if f.mistakes.is_empty() {
        ui.label("No decision cost anything against the AI's choice.");
    }
    for (i, m) in f.mistakes.iter().enumerate() {
        let p = &m.point;
        ui.label(
            RichText::new(format!(
                "{}. Decision {} (Round {}): {} cost {}: the AI valued it {:.0}%, its own \
                 choice {:.0}%.",
                i + 1,
                p.decision + 1,
                p.round,
                m.played,
                points(p.cost()),
                100.0 * p.chosen,
                100.0 * p.before
            ))
            .strong(),
        );
        ui.label(format!("   The AI would have played: {}", m.best));
        ui.label(
            RichText::new(format!(
                "   Luck after it (not counted in the cost): {}, to {:.0}%.",
                signed_points(p.luck()),
                100.0 * p.after
            ))
            .color(theme::MUTED),
        );
    }
}

/// A share of win chance in percentage points: `12 points`.
fn points(v: f64) -> String {
    format!("{:.0} points", 100.0 * v)
}

/// A signed share of win chance: `+8 points`, `-3 points`.
fn signed_points(v: f64) -> String {
    let p = (100.0 * v).round();
    if p > 0.0 {
        format!("+{p:.0} points")
    } else if p < 0.0 {
        format!("{p:.0} points")
    } else {
        "0 points".to_string()
    }
}

/// The three biggest falls in words, each move described as it read in its position.
fn describe(
    scenario: &Arc<Scenario>,
    seed: u64,
    actions: &[Action],
    analysis: &Analysis,
) -> Vec<Mistake> {
    let worst = analysis.worst(3);
    let mut out = Vec::new();
    let mut dice = rng_from_seed(seed);
    let mut state = GameState::new(scenario.clone(), &mut dice);
    for (i, a) in actions.iter().enumerate() {
        if let Some(p) = worst.iter().find(|p| p.decision == i) {
            out.push(Mistake {
                point: (*p).clone(),
                played: action_text(&state, &p.played),
                best: action_text(&state, &p.best),
            });
        }
        if state.play(*a, &mut dice).is_err() {
            break;
        }
    }
    out.sort_by(|a, b| {
        b.point
            .cost()
            .total_cmp(&a.point.cost())
            .then(a.point.decision.cmp(&b.point.decision))
    });
    out
}
