//! The analysis window after a game: the side's chance to win through the game, charted
//! (egui_plot), the ledger that adds it up (start, the side's choices, the other side's
//! choices and luck make the end exactly), and the three costliest mistakes, judged by a
//! search at least as strong as the Hint's, with what it would have played there
//! (`crate::bot::analysis`).
//!
//! The analysis runs on a thread of its own; the window shows its progress meanwhile.

use crate::rules::model_names::ModelNames;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};

use eframe::egui::{self, RichText};
use egui_plot::{Legend, Line, MarkerShape, Plot, PlotPoints, Points};

use crate::bot::analysis::{Analysis, Judged, NotLegal, SameAs, Step, analyse};
use crate::bot::spec::PlayerSpec;
use crate::rules::action::Action;
use crate::rules::state::GameState;
use crate::rules::{GameRng, Side};
use crate::table::describe::{self, action_text, side_title};
use crate::table::session::Session;

use super::panel::{Panel, PanelContext};
use super::theme;

/// The fewest search iterations a decision is judged with: the normal level's search is
/// about a third of a second of these. A Hint that searches more is matched.
pub const ANALYSIS_ITERATIONS: u64 = 2000;

/// A mistake, in words.
#[derive(Clone, Debug)]
pub struct Mistake {
    pub step: Step,
    pub judged: Judged,
    pub played: String,
    pub best: String,
}

/// Why a game was not analysed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum NotAnalysed {
    #[error(transparent)]
    NotLegal(#[from] NotLegal),
    /// Its dice were rolled at a real table (the companion mode).
    #[error("this game's dice were rolled at a real table, so it does not replay from its seed")]
    RolledByHand,
}

/// What the analysis thread sends back.
pub struct Finished {
    pub analysis: Analysis,
    /// The three costliest mistakes, worst first.
    pub mistakes: Vec<Mistake>,
    /// The judged decisions where the move played was one choice with the search's,
    /// though another move.
    pub same_choices: usize,
}

/// The analysis window.
pub struct AnalysisView {
    pub side: Side,
    pub open: bool,
    done: Arc<AtomicUsize>,
    total: usize,
    rx: Receiver<Result<Finished, NotAnalysed>>,
    pub result: Option<Result<Finished, NotAnalysed>>,
}

impl AnalysisView {
    /// Starts analysing `side`'s game in the session, its decisions judged by the Hint's
    /// search at no fewer than `iterations` a decision ([`ANALYSIS_ITERATIONS`] at the
    /// table); `wake` is called when it is done.
    pub fn start(
        session: &Session,
        side: Side,
        iterations: u64,
        wake: impl Fn() + Send + 'static,
    ) -> Self {
        let seed = session.setup().seed;
        let replay = session.replay_start();
        let judge: PlayerSpec = session.hint_spec().searching_at_least(iterations);
        let actions: Vec<Action> = session.game_actions();
        let done = Arc::new(AtomicUsize::new(0));
        let total = actions.len();
        let (tx, rx) = channel();
        let counter = done.clone();
        std::thread::Builder::new()
            .name("analysis".into())
            .spawn(move || {
                let result = match replay {
                    Some((start, dice)) => analyse(
                        &start,
                        dice.clone(),
                        &actions,
                        side,
                        &judge,
                        seed,
                        |n, _| counter.store(n, Ordering::Relaxed),
                    )
                    .map(|a| (a, start, dice))
                    .map_err(NotAnalysed::from),
                    None => Err(NotAnalysed::RolledByHand),
                };
                let result = result.map(|(analysis, start, dice)| {
                    let mistakes = describe(start, dice, &actions, &analysis);
                    let same_choices = analysis
                        .judged()
                        .filter(|(_, j)| matches!(j.same, Some(SameAs::Twin | SameAs::OtherPath)))
                        .count();
                    Finished {
                        analysis,
                        mistakes,
                        same_choices,
                    }
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
    if a.steps.is_empty() {
        ui.label("The game had no decision.");
        return;
    }
    let you = side_title(a.side);
    let line: PlotPoints;
    let marks: PlotPoints;
    let curve;
    match a.ledger() {
        Some(l) => {
            ui.label(
                RichText::new(format!(
                    "The {you}' chance to win after each decision of the game, by the AI's \
                     fitted evaluation of the whole position (calibrated in games of the AI \
                     against itself, docs/strength.md); the game is over, so nothing is hidden \
                     from it."
                ))
                .small()
                .color(theme::MUTED),
            );
            ui.label(
                RichText::new(format!(
                    "Start {:.0}%, your choices {}, the other side's choices {}, luck {}: \
                     end {:.0}%",
                    100.0 * l.start,
                    signed_points(l.own_choices),
                    signed_points(l.other_choices),
                    signed_points(l.luck),
                    100.0 * l.end
                ))
                .strong(),
            );
            ui.label(
                RichText::new(
                    "A decision's luck is the value after its dice (or the card drawn, the \
                     counter turned) less the value expected over all it could have drawn; \
                     its choice is that expectation less the value before it. So the four \
                     always add up.",
                )
                .small()
                .color(theme::MUTED),
            );
            line = a
                .steps
                .iter()
                .filter_map(|s| s.shift.map(|x| [(s.decision + 1) as f64, 100.0 * x.after]))
                .collect();
            marks = f
                .mistakes
                .iter()
                .filter_map(|m| {
                    m.step
                        .shift
                        .map(|x| [(m.step.decision + 1) as f64, 100.0 * x.after])
                })
                .collect();
            curve = "after the decision";
        }
        None => {
            ui.label(
                RichText::new(format!(
                    "The game goes on, so the chance to win is the search's, from what the \
                     {you} could see at each of their decisions; where the game was won and \
                     lost (start, choices and luck) is added up when it is over."
                ))
                .small()
                .color(theme::MUTED),
            );
            line = a
                .judged()
                .map(|(s, j)| [(s.decision + 1) as f64, 100.0 * j.best_value])
                .collect();
            marks = f
                .mistakes
                .iter()
                .map(|m| [(m.step.decision + 1) as f64, 100.0 * m.judged.best_value])
                .collect();
            curve = "at the decision";
        }
    }
    Plot::new("analysis-chart")
        .height(220.0)
        .include_y(0.0)
        .include_y(100.0)
        .x_axis_label("decision")
        .y_axis_label("chance to win %")
        .legend(Legend::default())
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.line(Line::new(curve, line).color(theme::side_color(a.side)));
            plot.points(
                Points::new("the costliest mistakes", marks)
                    .shape(MarkerShape::Diamond)
                    .radius(6.0)
                    .color(theme::BAD),
            );
        });
    ui.add_space(6.0);
    let judged = a.judged().count();
    let iterations = a.judge.recipe().map_or(String::new(), |r| {
        format!(", {} iterations a decision", r.iterations)
    });
    ui.label(
        RichText::new(format!(
            "Mistakes: {judged} of your decisions had a choice; each was searched by `{}`{iterations} \
             (at least the Hint's search), from what you could see then, as the Hint was. A \
             cost counts only beyond that search's own noise, and moves that lead to the same \
             position ({} here: an alike model, or another path to the same square) are one \
             choice. Where this and a Hint disagree, it is the budget or the seed: neither \
             saw more than you did.",
            a.judge,
            f.same_choices
        ))
        .small()
        .color(theme::MUTED),
    );
    if f.mistakes.is_empty() {
        ui.label("No decision cost more than the search's noise against its own choice.");
    } else {
        ui.label(format!(
            "The mistakes cost {} in all.",
            points(a.mistakes_cost())
        ));
    }
    for (i, m) in f.mistakes.iter().enumerate() {
        let (s, j) = (&m.step, &m.judged);
        ui.label(
            RichText::new(format!(
                "{}. Decision {} (Round {}): {} cost {} (the search's noise: {}): it valued \
                 it {:.0}%, its own choice {:.0}%.",
                i + 1,
                s.decision + 1,
                s.round,
                m.played,
                points(j.cost()),
                points(j.noise),
                100.0 * j.played_value,
                100.0 * j.best_value
            ))
            .strong(),
        );
        ui.label(format!("   The AI would have played: {}", m.best));
        if let Some(shift) = s.shift.filter(|x| x.luck != 0.0) {
            ui.label(
                RichText::new(format!(
                    "   Luck on it (not counted in the cost): {}.",
                    signed_points(shift.luck)
                ))
                .color(theme::MUTED),
            );
        }
    }
}

/// A share of win chance in percentage points: `12 points`.
fn points(v: f64) -> String {
    format!("{:.0} points", 100.0 * v)
}

/// A signed share of win chance: `+8 points`, `-3 points`.
fn signed_points(v: f64) -> String {
    format!("{} points", describe::signed_points(v))
}

/// The three costliest mistakes in words, each move described as it read in its position.
fn describe(
    mut state: GameState,
    mut dice: GameRng,
    actions: &[Action],
    analysis: &Analysis,
) -> Vec<Mistake> {
    // Only a game whose dice the program rolled is analysed, and such a game names its
    // models by number.
    let names = ModelNames::Numbers;
    let worst = analysis.worst(3);
    let mut out = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        if let Some((s, j)) = worst.iter().find(|(s, _)| s.decision == i) {
            out.push(Mistake {
                step: (*s).clone(),
                judged: (*j).clone(),
                played: action_text(&state, &s.played, names),
                best: action_text(&state, &j.best, names),
            });
        }
        if state.play(*a, &mut dice).is_err() {
            break;
        }
    }
    out.sort_by(|a, b| {
        b.judged
            .cost()
            .total_cmp(&a.judged.cost())
            .then(a.step.decision.cmp(&b.step.decision))
    });
    out
}
