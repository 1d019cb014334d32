//! Martian Dice at the table: a mode of the same window. The dice drawn as faces; click a
//! rolled face to set that type aside; Roll and Stop, each with the exact expected score of
//! the Turn from here on hover and, with two players, the exact chance to win; every
//! player's total; AI opponents at a chosen level (`hard` with two players plays perfectly
//! to win) with each choice they had and its chance to win; the rules a click away.

use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use eframe::egui::{
    self, Color32, CornerRadius, FontId, Pos2, RichText, Sense, Stroke, Ui, pos2, vec2,
};
use martian_dice::dice::{Face, Tally};
use martian_dice::game::{Game, TARGET};
use martian_dice::optimal::Optimum;
use martian_dice::perfect::Perfect;
use martian_dice::players::{PerfectPlayer, player};
use martian_dice::turn::{TurnAction, choosable};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::theme;
use martian_dice::table::DiceSetup;

/// The levels offered for the AI opponents.
pub const LEVELS: [&str; 6] = ["easy", "normal", "hard", "perfect", "optimal", "random"];

/// What each level plays, for the level's tooltip.
pub fn level_text(level: &str) -> &'static str {
    match level {
        "easy" => "searches each Turn for 0.05 s a decision",
        "normal" => "searches each Turn for 0.3 s a decision",
        "hard" => {
            "with two players, plays perfectly to win (the solved game); with more, searches \
             1.5 s a decision"
        }
        "perfect" => {
            "plays to win: exactly with two players; with more, as two players against the \
             leader"
        }
        "optimal" => "plays every Turn for the most points, whatever the scores",
        "random" => "decides at random",
        _ => "a player spec",
    }
}

/// What an AI considered for its last decision.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Considered {
    pub who: usize,
    pub chose: String,
    /// Every decision it had, in the order of the rules.
    pub choices: Vec<Choice>,
    /// The chances are exact (two players): the solved game's, both playing to win after.
    pub exact: bool,
}

/// One decision an AI had.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Choice {
    pub decision: String,
    pub chosen: bool,
    /// Its chance to win: exact with two players; else the search's estimate, if it searched.
    pub chance: Option<f64>,
    /// How often the search tried it, if it searched.
    pub visits: Option<u64>,
}

/// The dice table.
pub struct DiceTable {
    pub setup: DiceSetup,
    pub game: Game,
    dice: ChaCha8Rng,
    optimum: Optimum,
    /// The last roll as it came up, Tanks included, for the person to see.
    last_roll: Option<(usize, Tally)>,
    pub log: Vec<String>,
    /// The person's chances to win, with two players.
    exact: PerfectPlayer,
    /// The rules window is open.
    pub rules_open: bool,
    thinking: Option<(Receiver<(TurnAction, Considered)>, Instant)>,
    pub considered: Option<Considered>,
    decisions: u64,
    last_move: Instant,
    /// Pause between AI decisions, so a person can follow them.
    pub ai_delay: Duration,
    pub error: Option<String>,
}

impl DiceTable {
    pub fn new(setup: DiceSetup) -> Result<DiceTable, String> {
        let game = setup.new_game()?;
        if setup.players == 2 && Perfect::standard_if_solved().is_none() {
            // The solved game gives the chances to win; it takes about a second, once in
            // the program's life, so it is worked out beside the table.
            let _ = std::thread::Builder::new()
                .name("dice-solve".into())
                .spawn(Perfect::standard);
        }
        Ok(DiceTable {
            dice: ChaCha8Rng::seed_from_u64(setup.seed),
            setup,
            game,
            optimum: Optimum::standard(),
            last_roll: None,
            log: Vec::new(),
            exact: PerfectPlayer::new(),
            rules_open: false,
            thinking: None,
            considered: None,
            decisions: 0,
            last_move: Instant::now(),
            ai_delay: Duration::from_millis(600),
            error: None,
        })
    }

    /// The name of player `p`.
    pub fn name(&self, p: usize) -> String {
        if p == 0 {
            "You".into()
        } else {
            format!("Martian {} ({})", p + 1, self.setup.level)
        }
    }

    /// Is it the person's decision?
    pub fn persons_turn(&self) -> bool {
        !self.game.is_over() && self.game.player == 0
    }

    /// Makes a decision for the player to move (the person's click, or the AI's answer).
    pub fn decide(&mut self, a: TurnAction) {
        if !self.game.legal().contains(&a) {
            return;
        }
        let who = self.game.player;
        let name = self.name(who);
        let before = self.game.scores[who];
        let rolled = self.game.turn.rolled;
        let seen = self.game.apply_seen(a, &mut self.dice);
        self.decisions += 1;
        self.last_move = Instant::now();
        let ended = self.game.player != who || self.game.is_over();
        match a {
            TurnAction::Roll => {
                // The roll as it came up, Tanks included.
                let t = seen.unwrap_or_default();
                self.last_roll = Some((who, t));
                self.log.push(if ended {
                    format!("{name} rolled {}: nothing to take", dice_text(&t))
                } else {
                    format!("{name} rolled {}", dice_text(&t))
                });
            }
            TurnAction::Take(f) => {
                let n = rolled.map_or(0, |r| r.get(f));
                self.log
                    .push(format!("{name} took {}", dice_text(&Tally::of(f, n))));
            }
            TurnAction::Stop => self.log.push(format!("{name} stopped")),
        }
        if ended {
            let got = self.game.scores[who] - before;
            self.log.push(format!(
                "{name} scored {got}: {} in all",
                self.game.scores[who]
            ));
            self.last_roll = None;
        }
        if let Some(w) = self.game.winner {
            self.log.push(format!("{} won", self.name(w)));
        }
    }

    /// Starts or collects the AI's decision; call every frame.
    pub fn tick(&mut self) {
        if let Some((rx, _)) = &self.thinking {
            if let Ok((a, c)) = rx.try_recv() {
                self.thinking = None;
                self.considered = Some(c);
                self.decide(a);
            }
            return;
        }
        if self.game.is_over() || self.game.player == 0 || self.last_move.elapsed() < self.ai_delay
        {
            return;
        }
        let (tx, rx) = mpsc::channel();
        let game = self.game.clone();
        let spec = self.setup.spec();
        let seed = self
            .setup
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(self.decisions);
        let who = game.player;
        let spawned = std::thread::Builder::new()
            .name("dice-ai".into())
            .spawn(move || {
                let Ok(mut p) = player::<Game>(&spec) else {
                    return;
                };
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                if let Some(a) = p.choose(&game, &mut rng) {
                    let _ = tx.send((a, considered(&game, who, a, p.last_report())));
                }
            });
        match spawned {
            Ok(_) => self.thinking = Some((rx, Instant::now())),
            Err(e) => self.error = Some(format!("the AI cannot start: {e}")),
        }
    }

    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The expected score of the Turn under best play if the player stops now, and if it
    /// rolls on: what the hover on Stop and Roll says.
    pub fn stop_or_roll(&mut self) -> (f64, f64) {
        let t = self.game.turn;
        (
            self.optimum.action_value(&t, TurnAction::Stop),
            self.optimum.action_value(&t, TurnAction::Roll),
        )
    }

    /// The exact value of taking `f` from the dice on the table, playing on at best.
    pub fn take_value(&mut self, f: Face) -> Option<f64> {
        let t = self.game.turn;
        t.rolled
            .map(|_| self.optimum.action_value(&t, TurnAction::Take(f)))
    }

    /// With two players, once the game is solved: the exact chance to win of the player
    /// whose Turn it is after each decision open now, both playing to win after it.
    pub fn chances(&mut self) -> Option<Vec<(TurnAction, f64)>> {
        if self.game.players() != 2 || self.game.is_over() {
            return None;
        }
        Perfect::standard_if_solved()?;
        Some(self.exact.choices(&self.game))
    }

    /// The chance to win after `a`, from [`DiceTable::chances`].
    fn chance_of(chances: &Option<Vec<(TurnAction, f64)>>, a: TurnAction) -> Option<f64> {
        chances.as_ref()?.iter().find(|c| c.0 == a).map(|c| c.1)
    }

    /// Draws the table; returns a new setup when the person asks for a new game.
    pub fn ui(&mut self, ui: &mut Ui) -> Option<DiceSetup> {
        self.tick();
        if self.is_thinking() {
            ui.ctx().request_repaint();
        } else if !self.game.is_over() && self.game.player != 0 {
            ui.ctx()
                .request_repaint_after(self.ai_delay.saturating_sub(self.last_move.elapsed()));
        }
        let mut new_game = None;
        let mut open = self.rules_open;
        super::dice_rules::window(ui.ctx(), &mut open);
        self.rules_open &= open;
        egui::Panel::right("dice-side")
            .default_size(330.0)
            .size_range(280.0..=520.0)
            .frame(egui::Frame::new().fill(theme::PANEL).inner_margin(8.0))
            .show(ui, |ui| {
                new_game = self.side_ui(ui);
            });
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(theme::BACKGROUND)
                    .inner_margin(24.0),
            )
            .show(ui, |ui| {
                // The dice tray: felt inside a wooden rim.
                egui::Frame::new()
                    .fill(theme::DICE_FELT)
                    .stroke(Stroke::new(6.0, theme::TABLE_EDGE))
                    .corner_radius(CornerRadius::same(14))
                    .inner_margin(24.0)
                    .show(ui, |ui| {
                        ui.set_min_size(ui.available_size());
                        self.board_ui(ui);
                    });
            });
        new_game
    }

    fn side_ui(&mut self, ui: &mut Ui) -> Option<DiceSetup> {
        let mut out = None;
        ui.horizontal(|ui| {
            ui.heading("Martian Dice");
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .selectable_label(self.rules_open, "Rules")
                    .on_hover_text("How Martian Dice is played")
                    .clicked()
                {
                    self.rules_open = !self.rules_open;
                }
            });
        });
        ui.label(
            RichText::new(format!(
                "Most points wins once someone has {TARGET}: that Round is played out so \
                 everyone has as many Turns."
            ))
            .small()
            .color(theme::MUTED),
        );
        ui.add_space(6.0);
        for p in 0..self.game.players() {
            ui.horizontal(|ui| {
                let turn = p == self.game.player && !self.game.is_over();
                let name = RichText::new(self.name(p));
                ui.label(if turn {
                    name.strong().color(theme::SELECT)
                } else {
                    name
                });
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(RichText::new(format!("{} pts", self.game.scores[p])).strong());
                });
            });
            let share = (self.game.scores[p] as f32 / TARGET as f32).min(1.0);
            ui.add(egui::ProgressBar::new(share).desired_height(4.0));
        }
        ui.separator();
        ui.label(RichText::new("The AI").strong());
        if let Some((_, since)) = &self.thinking {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!(
                    "{} thinking… {:.1} s",
                    self.name(self.game.player),
                    since.elapsed().as_secs_f32()
                ));
            });
        }
        match &self.considered {
            Some(c) => {
                ui.label(RichText::new(format!("{} chose: {}", self.name(c.who), c.chose)).small());
                considered_ui(ui, c);
            }
            None => {
                ui.label(
                    RichText::new("No decision yet.")
                        .small()
                        .color(theme::MUTED),
                );
            }
        }
        ui.separator();
        ui.label(RichText::new("New game").strong());
        let mut setup = self.setup.clone();
        ui.horizontal(|ui| {
            ui.label("Players");
            ui.add(egui::DragValue::new(&mut setup.players).range(2..=8));
        });
        egui::ComboBox::from_label("AI level")
            .selected_text(&setup.level)
            .show_ui(ui, |ui| {
                for l in LEVELS {
                    ui.selectable_value(&mut setup.level, l.to_string(), l)
                        .on_hover_text(level_text(l));
                }
            })
            .response
            .on_hover_text(level_text(&setup.level));
        if ui.button("Start a new game").clicked() {
            setup.seed = self.setup.seed.wrapping_add(1);
            out = Some(setup.clone());
        }
        self.setup.players = setup.players;
        self.setup.level = setup.level;
        ui.separator();
        ui.label(RichText::new("Log").strong());
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for line in &self.log {
                    ui.label(RichText::new(line).small());
                }
            });
        out
    }

    fn board_ui(&mut self, ui: &mut Ui) {
        if let Some(e) = &self.error {
            ui.colored_label(theme::BAD, e);
        }
        let who = self.game.player;
        if let Some(w) = self.game.winner {
            ui.heading(
                RichText::new(format!(
                    "{} won, {} points",
                    self.name(w),
                    self.game.scores[w]
                ))
                .color(theme::SELECT),
            );
            for (i, r) in self.game.tie_break.iter().enumerate() {
                let rolls: Vec<String> = r
                    .iter()
                    .map(|(p, n)| format!("{} {n}", self.name(*p)))
                    .collect();
                ui.label(format!(
                    "Tie-break {}: Death Rays rolled: {}",
                    i + 1,
                    rolls.join(", ")
                ));
            }
            return;
        }
        ui.heading(if who == 0 {
            "Your Turn".to_string()
        } else {
            format!("{}'s Turn", self.name(who))
        });
        let turn = self.game.turn;
        let chances = self.chances();
        ui.label(
            RichText::new(format!("Scores {} if it ends now.", turn.score())).color(theme::MUTED),
        );
        if let Some(best) = chances
            .as_ref()
            .and_then(|c| c.iter().map(|x| x.1).reduce(f64::max))
        {
            let whose = if who == 0 {
                "Your chance".to_string()
            } else {
                format!("{}'s chance", self.name(who))
            };
            ui.label(
                RichText::new(format!(
                    "{whose} to win: {:.1}%, with the best play on both sides from here.",
                    100.0 * best
                ))
                .color(theme::MUTED),
            )
            .on_hover_text(
                "Exact: the game of two players is solved, Turn by Turn, for the chance to win",
            );
        }
        ui.add_space(8.0);
        ui.label(RichText::new("Set aside this Turn").strong());
        ui.horizontal_wrapped(|ui| {
            for f in Face::ALL {
                for _ in 0..turn.aside.get(f) {
                    die_face(ui, f, 44.0, false);
                }
            }
            if turn.aside.total() == 0 {
                ui.label(RichText::new("nothing yet").color(theme::MUTED));
            }
        });
        if turn.aside.get(Face::Tank) > turn.aside.get(Face::Ray) {
            ui.label(RichText::new("More Tanks than Death Rays: this Turn scores nothing unless more Death Rays come.").color(theme::BAD));
        }
        ui.add_space(12.0);
        let person = self.persons_turn();
        if let Some(r) = turn.rolled {
            ui.label(
                RichText::new("On the table: click a face to set all of its dice aside").strong(),
            );
            let open: Vec<Face> = choosable(&turn.aside, &r).collect();
            let mut clicked = None;
            ui.horizontal_wrapped(|ui| {
                for f in Face::ALL {
                    for _ in 0..r.get(f) {
                        let can = person && open.contains(&f);
                        let resp = die_face(ui, f, 60.0, can);
                        let value = self.take_value(f);
                        let chance = Self::chance_of(&chances, TurnAction::Take(f));
                        let resp = resp.on_hover_text(match (can, value) {
                            (true, Some(v)) => format!(
                                "Take the {}: the Turn is then worth {v:.3} points at best{}",
                                plural(f),
                                chance_text(chance)
                            ),
                            _ if !open.contains(&f) => format!("{f}: already taken this Turn"),
                            _ => f.to_string(),
                        });
                        if can && resp.clicked() {
                            clicked = Some(f);
                        }
                    }
                }
            });
            if let Some(f) = clicked {
                self.decide(TurnAction::Take(f));
            }
        } else if let Some((_, t)) = self.last_roll.filter(|(p, _)| *p == who) {
            ui.label(RichText::new(format!("Last roll: {}", dice_text(&t))).color(theme::MUTED));
        }
        ui.add_space(16.0);
        let legal = self.game.legal();
        let (stop, roll) = self.stop_or_roll();
        ui.horizontal(|ui| {
            let can_roll = person && legal.contains(&TurnAction::Roll);
            // With dice on the table, a face is taken first.
            let roll_text = match turn.rolled {
                Some(_) => "Roll".to_string(),
                None => format!("Roll {} dice", turn.to_roll()),
            };
            if ui
                .add_enabled(
                    can_roll,
                    egui::Button::new(RichText::new(roll_text).size(18.0)),
                )
                .on_hover_text(format!(
                    "Rolling on is worth {roll:.3} points at best (stopping: {stop:.0}){}",
                    chance_text(Self::chance_of(&chances, TurnAction::Roll))
                ))
                .clicked()
            {
                self.decide(TurnAction::Roll);
            }
            let can_stop = person && legal.contains(&TurnAction::Stop);
            if ui
                .add_enabled(
                    can_stop,
                    egui::Button::new(
                        RichText::new(format!("Stop and score {stop:.0}")).size(18.0),
                    ),
                )
                .on_hover_text(format!(
                    "Stopping scores {stop:.0}; rolling on is worth {roll:.3} at best{}",
                    chance_text(Self::chance_of(&chances, TurnAction::Stop))
                ))
                .clicked()
            {
                self.decide(TurnAction::Stop);
            }
        });
    }
}

/// What an AI had to choose from: every legal decision, its exact chance to win with two
/// players (the solved game), the search's visits and estimate where it searched.
fn considered(
    game: &Game,
    who: usize,
    chose: TurnAction,
    report: Option<&ai::SearchReport<TurnAction>>,
) -> Considered {
    let exact = (game.players() == 2).then(|| PerfectPlayer::new().choices(game));
    let choices = game
        .legal()
        .into_iter()
        .map(|a| {
            let searched = report.and_then(|r| r.stat(&a));
            let chance = match &exact {
                Some(e) => e.iter().find(|c| c.0 == a).map(|c| c.1),
                None => searched.map(|s| s.mean),
            };
            Choice {
                decision: a.to_string(),
                chosen: a == chose,
                chance,
                visits: searched.map(|s| s.visits),
            }
        })
        .collect();
    Considered {
        who,
        chose: chose.to_string(),
        choices,
        exact: exact.is_some(),
    }
}

/// The AI's choices as a table: decision, chance to win, the search's visits.
fn considered_ui(ui: &mut Ui, c: &Considered) {
    let searched = c.choices.iter().any(|x| x.visits.is_some());
    let chance_head = if c.exact {
        "chance to win"
    } else {
        "estimated chance"
    };
    egui::Grid::new("dice-ai")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new("choice").small().color(theme::MUTED));
            ui.label(RichText::new(chance_head).small().color(theme::MUTED))
                .on_hover_text(if c.exact {
                    "Exact, from the solved game of two players: the chance to win after this \
                     choice, both playing to win from there"
                } else {
                    "The search's estimate: the two-player chance against the leader"
                });
            ui.label(
                RichText::new(if searched { "searched" } else { "" })
                    .small()
                    .color(theme::MUTED),
            );
            ui.end_row();
            for x in &c.choices {
                let text = RichText::new(&x.decision).small();
                ui.label(if x.chosen {
                    text.strong().color(theme::SELECT)
                } else {
                    text
                });
                ui.label(
                    RichText::new(
                        x.chance
                            .map_or("-".into(), |p| format!("{:.1}%", 100.0 * p)),
                    )
                    .small(),
                );
                ui.label(RichText::new(x.visits.map_or(String::new(), |v| v.to_string())).small());
                ui.end_row();
            }
        });
}

/// ", your chance to win then: 48.2%" with two players, once solved; else nothing.
fn chance_text(chance: Option<f64>) -> String {
    chance.map_or(String::new(), |p| {
        format!("; the chance to win then: {:.1}%", 100.0 * p)
    })
}

/// A face's name for some dice of it.
fn plural(f: Face) -> &'static str {
    match f {
        Face::Tank => "Tanks",
        Face::Ray => "Death Rays",
        Face::Human => "Humans",
        Face::Cow => "Cows",
        Face::Chicken => "Chickens",
    }
}

/// Dice in words: "2 Tanks, 1 Death Ray, 3 Humans".
pub fn dice_text(t: &Tally) -> String {
    let parts: Vec<String> = Face::ALL
        .iter()
        .filter(|f| t.get(**f) > 0)
        .map(|f| {
            let n = t.get(*f);
            let name = plural(*f);
            if n == 1 {
                format!("1 {}", name.trim_end_matches('s'))
            } else {
                format!("{n} {name}")
            }
        })
        .collect();
    if parts.is_empty() {
        "no dice".into()
    } else {
        parts.join(", ")
    }
}

/// The colour of a face's die.
fn face_color(f: Face) -> Color32 {
    match f {
        Face::Tank => theme::DIE_TANK,
        Face::Ray => theme::DIE_RAY,
        Face::Human => theme::DIE_HUMAN,
        Face::Cow => theme::DIE_COW,
        Face::Chicken => theme::DIE_CHICKEN,
    }
}

/// One die showing `f`, drawn with the painter: a tank, a ray's zigzag, a person, a cow's
/// head, a chicken. `active`: it can be clicked.
pub fn die_face(ui: &mut Ui, f: Face, size: f32, active: bool) -> egui::Response {
    let sense = if active {
        Sense::click()
    } else {
        Sense::hover()
    };
    let (rect, resp) = ui.allocate_exact_size(vec2(size, size), sense);
    let label = f.to_string();
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, active, &label));
    let p = ui.painter();
    let lift = if active && resp.hovered() { 2.0 } else { 0.0 };
    let rect = rect.translate(vec2(0.0, -lift));
    p.rect_filled(
        rect.translate(vec2(2.0, 2.0)),
        CornerRadius::same(6),
        theme::DICE_SHADOW,
    );
    p.rect_filled(rect, CornerRadius::same(6), theme::DICE_FACE);
    let stroke = if active {
        Stroke::new(2.0, theme::SELECT)
    } else {
        Stroke::new(1.0, theme::DICE_EDGE)
    };
    p.rect_stroke(
        rect,
        CornerRadius::same(6),
        stroke,
        egui::StrokeKind::Inside,
    );
    let c = rect.center();
    let s = size / 48.0;
    let col = face_color(f);
    let dark = Stroke::new(2.0 * s, theme::DICE_INK);
    let at = |x: f32, y: f32| -> Pos2 { pos2(c.x + x * s, c.y + y * s) };
    match f {
        Face::Tank => {
            p.rect_filled(
                egui::Rect::from_min_max(at(-14.0, 0.0), at(14.0, 10.0)),
                CornerRadius::same(3),
                col,
            );
            p.rect_filled(
                egui::Rect::from_min_max(at(-7.0, -8.0), at(6.0, 1.0)),
                CornerRadius::same(2),
                col,
            );
            p.line_segment([at(5.0, -4.0), at(18.0, -8.0)], Stroke::new(3.0 * s, col));
        }
        Face::Ray => {
            let pts = vec![
                at(-10.0, -14.0),
                at(2.0, -2.0),
                at(-4.0, 0.0),
                at(10.0, 14.0),
            ];
            p.add(egui::Shape::line(pts, Stroke::new(4.0 * s, col)));
        }
        Face::Human => {
            p.circle_filled(at(0.0, -10.0), 5.0 * s, col);
            p.line_segment([at(0.0, -5.0), at(0.0, 7.0)], Stroke::new(3.0 * s, col));
            p.line_segment([at(-8.0, -1.0), at(8.0, -1.0)], Stroke::new(3.0 * s, col));
            p.line_segment([at(0.0, 7.0), at(-6.0, 15.0)], Stroke::new(3.0 * s, col));
            p.line_segment([at(0.0, 7.0), at(6.0, 15.0)], Stroke::new(3.0 * s, col));
        }
        Face::Cow => {
            p.circle_filled(at(0.0, 2.0), 11.0 * s, col);
            p.circle_stroke(at(0.0, 2.0), 11.0 * s, dark);
            p.line_segment([at(-8.0, -6.0), at(-14.0, -13.0)], dark);
            p.line_segment([at(8.0, -6.0), at(14.0, -13.0)], dark);
            p.circle_filled(at(-4.0, 0.0), 1.8 * s, dark.color);
            p.circle_filled(at(4.0, 0.0), 1.8 * s, dark.color);
        }
        Face::Chicken => {
            p.circle_filled(at(-2.0, 4.0), 10.0 * s, col);
            p.circle_filled(at(6.0, -8.0), 5.0 * s, col);
            p.add(egui::Shape::convex_polygon(
                vec![at(10.0, -9.0), at(16.0, -7.0), at(10.0, -5.0)],
                theme::CHICKEN_BEAK,
                Stroke::NONE,
            ));
        }
    }
    if size >= 40.0 {
        p.text(
            rect.center_bottom() - vec2(0.0, 2.0),
            egui::Align2::CENTER_BOTTOM,
            f.name(),
            FontId::proportional(9.0),
            theme::MUTED,
        );
    }
    resp
}
