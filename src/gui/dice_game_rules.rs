//! Mars Attacks: The Dice Game's rules in plain words, a click away at its table.

use dice_game::card::DifficultyCard;
use dice_game::dice::{DICE, Symbol};
use dice_game::game::{STACKS, TOKENS};
use eframe::egui::{self, RichText};

use super::dice_game_pieces::{DieLook, die};
use super::dice_rules::section;
use super::theme;

/// The rules, as headed paragraphs.
pub fn rules() -> Vec<(&'static str, String)> {
    let difficulty = DifficultyCard::default();
    vec![
        (
            "The aim",
            "Destroy the cities and monuments of Earth: claim the cards in play for their VP. \
             The most VP at the end wins."
                .into(),
        ),
        (
            "The dice",
            format!("There are {DICE} dice. Each has two Martians, two Ray Guns and two Nukes."),
        ),
        (
            "The cards",
            format!(
                "{STACKS} stacks of as many cards as players are dealt; the other cards stay in \
                 the box unseen. The top card of each stack is face up and in play. The \
                 difficulty card is in play all game beside them, its easier side showing {} \
                 Nuke symbols and its harder side {}; it is never a target. Each card needs \
                 the symbols in its numbered spaces, scores its VP, and shows Nuke symbols in \
                 its lower-right corner.",
                difficulty.easy, difficulty.hard
            ),
        ),
        (
            "Your Turn",
            "Choose a card in play as your target, and roll all the dice.".into(),
        ),
        (
            "Nuked!",
            "After every roll, count the Nukes showing (kept ones too). When they are at \
             least the Nuke symbols in the lower-right corners of all the cards in play, the \
             difficulty card included, you are nuked: your Turn ends and nothing of it counts. \
             Nukes pictured in a card's numbered spaces never count toward being nuked, but a \
             Nuke rolled fills such a space and counts toward being nuked alike."
                .into(),
        ),
        (
            "Filling the spaces",
            "The dice fill the target's numbered spaces in order, from the one after your \
             token there, each space by one die showing its symbol, until a space finds no die \
             left for it."
                .into(),
        ),
        (
            "Claiming",
            "When the dice fill the target's last space, you claim it: it scores its VP for \
             you, every token on it goes back to its owner, the next card of its stack is \
             turned over, and your Turn ends. You claim one card a Turn."
                .into(),
        ),
        (
            "Roll again or stop",
            "Otherwise your Ray Guns and Nukes stay, and you either re-roll all your Martians \
             or stop. With no Martian to re-roll, your Turn ends."
                .into(),
        ),
        (
            "Monuments",
            "A monument (and any card with a Martian in its spaces) counts Martians: they are \
             kept, not re-rolled, so a Turn at it is a single roll."
                .into(),
        ),
        (
            "Tokens",
            format!(
                "When your Turn ends without a claim, the spaces your dice filled are recorded \
                 with one of your {TOKENS} tokens on the space reached. Next time you target \
                 that card, your dice go on from there and the token moves; you never put a \
                 second token on a card. With no token left, progress on a new card is not \
                 recorded."
            ),
        ),
        (
            "Special rules",
            "A rule in a red outline acts while its card is in play; a green one (ongoing) \
             acts for the player who claimed the card, who may choose not to use it. The \
             rules: another Turn at once for the player who claims the card; setting dice to \
             any symbols before rolling, which count as rolled; and a card that must be nuked \
             some times, by players attacking it, before it can be claimed (until then the \
             dice fill its spaces to one short of the last)."
                .into(),
        ),
        (
            "The end",
            "When a player claims the last card of a stack, the Round is played out: the game \
             ends before the first player's next Turn (at once if no card is left in play). \
             The most VP wins; if tied, the most cards claimed; if still tied, the tied player \
             latest in turn order."
                .into(),
        ),
        (
            "At this table",
            "Click a card in play to target it and roll. Click a Martian, or Re-roll, to roll \
             the Martians again; Stop to record your progress. Hover on a card or on Re-roll \
             for the exact odds of the roll: how often it claims the card, matches more, or \
             gets you nuked, counted over every way the dice can fall."
                .into(),
        ),
    ]
}

/// The rules window, open while `open` is true.
pub fn window(ctx: &egui::Context, open: &mut bool) {
    egui::Window::new("The Dice Game rules")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .default_width(460.0)
        .default_pos(egui::pos2(480.0, 60.0))
        .show(ctx, |ui| {
            ui.label(RichText::new("The six faces of every die:").color(theme::MUTED));
            ui.horizontal(|ui| {
                for x in Symbol::ALL {
                    for _ in 0..2 {
                        die(ui, x, 36.0, DieLook::default());
                    }
                }
            });
            egui::ScrollArea::vertical()
                .min_scrolled_height(520.0)
                .max_height(600.0)
                .show(ui, |ui| {
                    for (head, text) in rules() {
                        section(ui, head, &text);
                    }
                });
        });
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
        for ruling in ["(S", " S1", " S4", " S8", "(P2", " P23", " P27"] {
            assert!(!all.contains(ruling), "{ruling}: {all}");
        }
        for needed in [
            "10 dice",
            "two Martians, two Ray Guns and two Nukes",
            "4 stacks",
            "showing 2 Nuke symbols",
            "harder side 1",
            "4 tokens",
            "the most cards claimed",
            "latest in turn order",
        ] {
            assert!(all.contains(needed), "{needed}");
        }
    }
}
