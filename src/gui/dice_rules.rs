//! Martian Dice's rules in plain words, a click away at the dice table.

use eframe::egui::{self, RichText, Ui};

use martian_dice::dice::DICE;
use martian_dice::game::{TARGET, TIE_BREAK_DICE};

use super::dice_table::die_face;
use super::theme;
use martian_dice::dice::Face;

/// The rules, as headed paragraphs.
pub fn rules() -> Vec<(&'static str, String)> {
    vec![
        (
            "The aim",
            format!(
                "Abduct Earthlings: be the Martian with the most points once someone has \
                 {TARGET}."
            ),
        ),
        (
            "The dice",
            format!(
                "There are {DICE} dice. Each has a Tank, two Death Rays, a Human, a Cow and \
                 a Chicken."
            ),
        ),
        (
            "Your Turn",
            "Roll every die you have not set aside. The Tanks are set aside at once: the \
             Earthlings fight back. Then set aside all the dice of one face you may take: \
             Death Rays whenever they come up; Humans, Cows and Chickens once a Turn each \
             (once you have taken Cows, you cannot take more Cows this Turn). The other dice \
             go back to be rolled."
                .into(),
        ),
        (
            "Stop or roll again",
            "After taking dice you may stop and score, or roll the dice left. Your Turn also \
             ends when a roll gives you nothing you may take, or when no die is left to roll."
                .into(),
        ),
        (
            "Scoring",
            "If you have set aside more Tanks than Death Rays, the Martians flee and the Turn \
             scores nothing. Otherwise each Human, Cow and Chicken scores a point, and having \
             all three kinds scores 3 more."
                .into(),
        ),
        (
            "The end",
            format!(
                "When a player ends a Turn with {TARGET} points or more, the Round is played \
                 out so that everyone has had as many Turns. Then the most points wins. \
                 Players still tied each roll {TIE_BREAK_DICE} dice: the most Death Rays wins, \
                 and those still tied roll again."
            ),
        ),
        (
            "At this table",
            "Click a face on the table to set its dice aside. Hover on Roll, Stop or a face \
             to see what it is worth: the points a Turn is worth with the best play from \
             there, and with two players your chance to win the game."
                .into(),
        ),
    ]
}

/// The rules window, open while `open` is true.
pub fn window(ctx: &egui::Context, open: &mut bool) {
    egui::Window::new("Martian Dice rules")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .default_width(420.0)
        // Over the right of the tray: the dice set aside and rolled stay in sight.
        .default_pos(egui::pos2(500.0, 60.0))
        .show(ctx, |ui| {
            ui.label(RichText::new("The six faces of every die:").color(theme::MUTED));
            ui.horizontal(|ui| {
                for f in Face::ALL {
                    die_face(ui, f, 40.0, false);
                    if f == Face::Ray {
                        die_face(ui, f, 40.0, false);
                    }
                }
            });
            for (head, text) in rules() {
                section(ui, head, &text);
            }
        });
}

/// One heading and its paragraph of a rules window (Martian Dice's and the Dice Game's).
pub(super) fn section(ui: &mut Ui, head: &str, text: &str) {
    ui.add_space(4.0);
    ui.label(RichText::new(head).strong().color(theme::TEXT));
    ui.label(text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_cite_no_ruling_and_say_the_numbers_of_the_game() {
        let all: String = rules()
            .into_iter()
            .map(|(h, t)| format!("{h} {t} "))
            .collect();
        assert!(!all.contains("(D") && !all.contains(" D4"), "{all}");
        for needed in ["13 dice", "25 points", "two Death Rays", "3 more", "6 dice"] {
            assert!(all.contains(needed), "{needed}");
        }
    }
}
