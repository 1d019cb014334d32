//! The question over the board when the game waits for a person's answer: the
//! defender's Fight-or-Survive with the odds of each, a card on a test, a Lucky Escape,
//! the Bug's victim's choice. Each legal answer is a button.

use crate::rules::model_names::ModelNames;
use crate::table::forecast::OddsWords as _;
use eframe::egui::{self, Align2, Rect, RichText, Ui};

use crate::rules::action::{Action, Defence, ModelId};
use crate::rules::state::{Phase, TestCtx, TestKind};
use crate::rules::{GameState, Side};
use crate::table::describe::{
    action_text, card_cost, card_face, card_name, card_of, model_name, phase_text,
};
use crate::table::forecast::{TestOdds, card_choices, fight_forecast, percent, window_choices};

use super::command::Command;
use super::panel::{Panel, PanelContext};
use super::theme;

/// The prompt, over the board whose screen rectangle is `over`, while a person is asked
/// for an answer.
pub struct AnswerPrompt {
    pub over: Rect,
}

impl Panel for AnswerPrompt {
    fn ui(&mut self, ui: &mut Ui, table: &mut PanelContext<'_>) {
        let session = table.session;
        let Some(side) = session.human_to_move() else {
            return;
        };
        if !is_prompt(session.state()) {
            return;
        }
        let (legal, commands) = (table.legal, &mut table.commands);
        let fresh = table.fresh;
        egui::Window::new("Answer")
            .id(egui::Id::unique("answer-prompt"))
            .collapsible(false)
            .resizable(false)
            .title_bar(false)
            .anchor(Align2::CENTER_TOP, [0.0, 12.0])
            .constrain_to(self.over)
            .show(ui.ctx(), |ui| {
                ui.set_max_width(420.0);
                if fresh.new {
                    ui.label(RichText::new("New question").strong().color(theme::SELECT));
                }
                // A question that has just replaced another takes no click for a moment.
                ui.add_enabled_ui(!fresh.guarded, |ui| {
                    if let Phase::Defence {
                        attacker, defender, ..
                    } = session.state().phase()
                    {
                        prompt_body(
                            ui,
                            session.state(),
                            session.names(),
                            attacker,
                            defender,
                            legal,
                            commands,
                        );
                    } else {
                        answer_body(ui, session.state(), session.names(), side, legal, commands);
                    }
                });
            });
    }
}

/// The prompt's contents (shown in the side panel and over the board).
pub fn prompt_body(
    ui: &mut Ui,
    g: &GameState,
    names: ModelNames,
    attacker: ModelId,
    defender: ModelId,
    legal: &[Action],
    out: &mut Vec<Command>,
) {
    ui.label(
        RichText::new(format!(
            "{} attacks {}!",
            model_name(g, attacker, names),
            model_name(g, defender, names)
        ))
        .strong()
        .size(16.0),
    );
    ui.label("Does your model fight back or try to survive?");
    lucky_escape_note(ui, g, g.model(defender).side, "on this Fight");
    let f = fight_forecast(g, attacker, defender);
    for a in legal {
        let Action::Defend(d) = a else { continue };
        let (label, odds) = match (d, f) {
            (Defence::Fight, Some(f)) => (
                "Fight back",
                format!(
                    "you kill it {}, it kills you {}, no kill {}  ({} dice at {}+ against {} at {}+)",
                    percent(f.if_fight.defender_wins),
                    percent(f.if_fight.attacker_wins),
                    percent(f.if_fight.no_kill),
                    f.defender_dice,
                    f.defender_fight,
                    f.attacker_dice,
                    f.attacker_value
                ),
            ),
            (Defence::Survive, Some(f)) => (
                "Survive",
                format!(
                    "it kills you {}, nobody hurt {}  ({} dice at {}+ against {} at {}+)",
                    percent(f.if_survive.attacker_wins),
                    percent(f.if_survive.no_kill),
                    f.defender_dice,
                    f.defender_survive,
                    f.attacker_dice,
                    f.attacker_value
                ),
            ),
            (_, None) => ("", String::new()),
        };
        ui.add_space(4.0);
        let text = if label.is_empty() {
            action_text(g, a, names)
        } else {
            label.to_string()
        };
        if ui
            .add(
                egui::Button::new(RichText::new(text).strong().size(15.0))
                    .min_size(egui::vec2(140.0, 28.0)),
            )
            .clicked()
        {
            out.push(Command::Play(vec![*a]));
        }
        ui.label(RichText::new(odds).small());
        // The same with each card the defender's side may then play on the Fight (R20),
        // the attacker's side assumed to play none.
        for (card, o) in card_choices(g, &[*a], g.model(defender).side) {
            ui.label(
                RichText::new(format!(
                    "  then play {}: {}",
                    card_name(g, card),
                    defender_view(&o)
                ))
                .small()
                .color(theme::SELECT),
            );
        }
    }
}

/// A reminder that a Lucky Escape in `side`'s hand can still save a model this test
/// would kill, but not after a card played on the test (P13).
fn lucky_escape_note(ui: &mut Ui, g: &GameState, side: Side, test: &str) {
    use crate::rules::cards::Effect;
    let Some(name) = g.hand(side).find_map(|(c, _)| {
        let f = c.face(side)?;
        (f.effect == Effect::LuckyEscape).then(|| f.name.clone())
    }) else {
        return;
    };
    ui.label(
        RichText::new(format!(
            "You hold {name}: should your model be killed, you may play it then to save it, \
             unless you play a card {test} (P13)."
        ))
        .small()
        .color(theme::MUTED),
    );
}

/// The odds of the Bug's attack on `m` (P21): the Bug's dice at its value against the
/// model's Fight dice at its Fight or Survive value, as a Fight.
fn bug_odds(g: &GameState, m: ModelId, d: Defence) -> Option<crate::rules::odds::FightOdds> {
    g.bug()?;
    g.model(m).square()?;
    let (dice, value) = crate::table::forecast::bug_attack(g)?;
    let p = g.profile(m);
    let fights = d == Defence::Fight;
    let v = if fights { p.fight } else { p.survive };
    Some(crate::rules::odds::fight(
        dice,
        value,
        g.fight_dice(m),
        v,
        fights,
    ))
}

/// A Fight's odds from the defender's side: `you kill it 30%, it kills you 25%, no kill
/// 45%  (4 dice at 4+ against 4 at 4+)`.
fn defender_view(o: &TestOdds) -> String {
    match *o {
        TestOdds::Fight {
            dice,
            fight,
            defender_dice,
            defend,
            defender_fights,
            odds,
        } => {
            let mine = format!("({defender_dice} dice at {defend}+ against {dice} at {fight}+)");
            if defender_fights {
                format!(
                    "you kill it {}, it kills you {}, no kill {}  {mine}",
                    percent(odds.defender_wins),
                    percent(odds.attacker_wins),
                    percent(odds.no_kill)
                )
            } else {
                format!(
                    "it kills you {}, nobody hurt {}  {mine}",
                    percent(odds.attacker_wins),
                    percent(odds.no_kill)
                )
            }
        }
        TestOdds::Shoot { .. } | TestOdds::Area { .. } => o.summary(),
    }
}

/// Is the game waiting for a person's answer that the prompt over the board asks for?
pub fn is_prompt(g: &GameState) -> bool {
    matches!(
        g.phase(),
        Phase::Defence { .. }
            | Phase::Respond(_)
            | Phase::Escape(_)
            | Phase::BugDefence(_)
            | Phase::CarHeading(_)
    )
}

/// The test waiting for its windows, in words: who shoots or fights whom, or what attacks
/// which model.
pub fn test_text(g: &GameState, t: &TestCtx, names: ModelNames) -> String {
    match t.kind {
        TestKind::Shoot {
            shooter,
            target: Some(d),
            los,
            ..
        } => format!(
            "{} shoots {} ({los} shot)",
            model_name(g, shooter, names),
            model_name(g, d, names)
        ),
        TestKind::Shoot { shooter, .. } => {
            format!("{} shoots the Bug", model_name(g, shooter, names))
        }
        TestKind::Fight {
            attacker,
            defender: Some(d),
            ..
        } => format!(
            "{} fights {}",
            model_name(g, attacker, names),
            model_name(g, d, names)
        ),
        TestKind::Fight { attacker, .. } => {
            format!("{} fights the Bug", model_name(g, attacker, names))
        }
        TestKind::Area { model, card, hit } => match hit {
            crate::rules::cards::Hit::Shoot { dice, value } => format!(
                "{} takes its Survive test against {} ({dice} dice at {value}+, rolled once \
                 for its square after every card on it)",
                model_name(g, model, names),
                card_name(g, card)
            ),
            crate::rules::cards::Hit::Survive(_) => format!(
                "{} takes its Survive check against {}",
                model_name(g, model, names),
                card_name(g, card)
            ),
        },
        TestKind::Bug { model, .. } => format!("the Bug attacks {}", model_name(g, model, names)),
        TestKind::Trample { model, .. } => {
            format!("the burning cows trample {}", model_name(g, model, names))
        }
    }
}

/// The prompt for an answer that is not a Fight-or-Survive: a card on a test, a Lucky
/// Escape, the Bug's victim's choice. Each legal answer is a button, with the card's text.
pub fn answer_body(
    ui: &mut Ui,
    g: &GameState,
    names: ModelNames,
    side: Side,
    legal: &[Action],
    out: &mut Vec<Command>,
) {
    ui.label(RichText::new(phase_text(g, names)).strong().size(16.0));
    if let Some(t) = g.test() {
        ui.label(test_text(g, &t, names));
    }
    if let Some(t) = g.test()
        && (t.defender().is_some_and(|d| g.model(d).side == side)
            || (t.is_model_fight() && t.attacker().is_some_and(|a| g.model(a).side == side)))
    {
        lucky_escape_note(ui, g, side, "on this test");
    }
    // Each answer with the odds it leaves (R20): the rules play it on a copy.
    let choices = window_choices(g);
    if let Some((_, o)) = choices.iter().find(|(c, _)| c.is_none()) {
        ui.label(
            RichText::new(format!(
                "as it stands: {}  ({})",
                o.summary(),
                o.dice_text()
            ))
            .small(),
        );
    }
    for a in legal {
        ui.add_space(4.0);
        if ui
            .add(
                egui::Button::new(RichText::new(action_text(g, a, names)).strong())
                    .min_size(egui::vec2(140.0, 26.0)),
            )
            .clicked()
        {
            out.push(Command::Play(vec![*a]));
        }
        if let (Action::Defend(d), Phase::BugDefence(m)) = (a, g.phase())
            && let Some(o) = bug_odds(g, m, *d)
        {
            let text = if *d == Defence::Fight {
                format!(
                    "the Bug kills it {}, it beats the Bug {}, neither {}",
                    percent(o.attacker_wins),
                    percent(o.defender_wins),
                    percent(o.no_kill)
                )
            } else {
                format!(
                    "the Bug kills it {}, it lives {}",
                    percent(o.attacker_wins),
                    percent(o.no_kill)
                )
            };
            ui.label(RichText::new(text).small().color(theme::TEXT));
        }
        if let Action::Respond(answer) = a
            && let Some((_, o)) = choices.iter().find(|(c, _)| c == answer)
        {
            let who = match answer {
                Some(c) => format!("play {}", card_name(g, c.half)),
                None => "no card".into(),
            };
            ui.label(
                RichText::new(format!("{who}: {}  ({})", o.summary(), o.dice_text()))
                    .small()
                    .color(theme::TEXT),
            );
        }
        if let Some(c) = card_of(a)
            && let Some(face) = card_face(g, c.half, side)
        {
            ui.label(RichText::new(&face.text).small().color(theme::MUTED));
            ui.label(
                RichText::new(card_cost(g, side))
                    .small()
                    .color(theme::LOS_PARTIAL),
            );
        }
    }
}
