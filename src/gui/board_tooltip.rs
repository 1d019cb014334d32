//! What the board's tooltips say: the odds of the Shoot or Fight a click would start,
//! with each test card in hand, the plan in words, and the R9 notes on sight.

use crate::rules::model_names::ModelNames;
use crate::table::area_words::area_odds_text;
use crate::table::forecast::OddsWords as _;
use eframe::egui::{self, Color32, CornerRadius, Rect, Sense, Ui, pos2, vec2};

use crate::rules::action::{Action, Defence, ModelId};
use crate::rules::cards::CardId;
use crate::rules::map::Los;
use crate::rules::state::Phase;
use crate::rules::{GameState, Side, Square};
use crate::table::describe::{action_text, card_name, location, model_name, plan_text};
use crate::table::forecast::{
    FightForecast, ShootForecast, Target, TestOdds, card_choices, charge_forecast, charged,
    defence_plans, fight_forecast, percent, plan_shot, shoot_forecast,
};

use super::board_plans::click_help;
use super::theme;

/// A menu entry: the plan in words with its odds: a Shoot's chance to kill (aimed if the
/// plan aims), a charge's for each of the defender's choices.
pub(super) fn plan_label(g: &GameState, plan: &[Action], names: ModelNames) -> String {
    let mut text = plan_text(g, plan, names);
    if let Some((_, _, f)) = plan_shot(g, plan) {
        text.push_str(&format!("  (kill {})", percent(f.odds.kill)));
    } else if let Some(enemy) = charged(g, plan)
        && let Some(f) = charge_forecast(g, plan, enemy)
    {
        if f.survive_only {
            text.push_str(&format!(
                "  (kill {}; it may only Survive)",
                percent(f.if_survive.attacker_wins)
            ));
        } else {
            text.push_str(&format!(
                "  (kill {} if it fights back, {} if it survives)",
                percent(f.if_fight.attacker_wins),
                percent(f.if_survive.attacker_wins)
            ));
        }
    } else if let Some(side) = g.to_move()
        && let Some(odds) = area_odds_text(g, plan, side)
    {
        // A Support call or a card's area attack: what each side is expected to suffer,
        // and the own models it may catch.
        text.push_str(&format!("  ({odds})"));
    }
    text
}

/// One line of a tooltip.
pub(super) enum InfoLine {
    Title(String, Color32),
    Text(String),
    Weak(String),
    Shoot(String, ShootForecast),
    Fight(String, FightForecast),
    /// The odds with a card played: a head, then a sub-heading and odds for each case.
    Card(String, Vec<(String, TestOdds)>),
}

impl InfoLine {
    pub(super) fn show(&self, ui: &mut Ui) {
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
pub(super) fn hover_info(
    g: &GameState,
    names: ModelNames,
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
                model_name(g, m, names),
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
    // The odds of what a click here would do, and how a click chooses among them.
    if let Some(help) = click_help(plans) {
        out.push(InfoLine::Text(help));
    }
    for plan in plans {
        let Some(last) = plan.last() else { continue };
        let head = plan_text(g, plan, names);
        match (*last, t) {
            (Action::Shoot(target), _) => {
                if let Some((_, from, f)) = plan_shot(g, plan) {
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

/// How the test cards in the deciding side's hand would change the odds of the Shoot or
/// Fight a click would start (R20): the rules play the test forward on a copy to the
/// side's response window and play each card it may play there.
pub(super) fn card_odds(
    g: &GameState,
    side: Side,
    t: Target,
    plans: &[Vec<Action>],
    selected: Option<ModelId>,
) -> Vec<InfoLine> {
    let mut out = Vec::new();
    for plan in plans {
        match (plan.last(), t) {
            (Some(Action::Shoot(_)), _) => {
                let shot = if plan.contains(&Action::Aim) {
                    "Aimed Shoot"
                } else {
                    "Shoot"
                };
                for (card, o) in card_choices(g, plan, side) {
                    let head = format!("{shot}, with {} from your hand", card_name(g, card));
                    out.push(InfoLine::Card(head, vec![(String::new(), o)]));
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
pub(super) fn fight_card_lines(
    g: &GameState,
    side: Side,
    plan: &[Action],
    enemy: ModelId,
) -> Vec<InfoLine> {
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
        TestOdds::Area { attack, odds, .. } => {
            let (bad, saved) = if attack.is_some() {
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
}
