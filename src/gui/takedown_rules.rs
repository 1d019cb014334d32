//! Mars Attacks: Ten-Minute Takedown's rules in plain words, a click away at its table,
//! with the numbers of the table in use.

use eframe::egui::{self, RichText};

use super::dice_rules::section;
use super::theme;
use takedown::layout::Layout;
use takedown::layout_file::shipped_layout;
use takedown::pieces::PieceKind;

/// The rules, as headed paragraphs, with `layout`'s numbers.
pub fn rules(layout: &Layout) -> Vec<(&'static str, String)> {
    let p = |k: PieceKind| layout.pieces.of(k);
    let (o, m, c) = (
        p(PieceKind::Outer),
        p(PieceKind::Middle),
        p(PieceKind::Centre),
    );
    vec![
        (
            "The aim",
            "Flick the die out of your flying saucer onto the human targets and claim their \
             pieces. When every piece is claimed, the most points wins."
                .into(),
        ),
        (
            "The table",
            format!(
                "Each target is three nesting pieces: an outer ring, a middle ring and a \
                 centre disc. Each player has a saucer token at their Base, at their side of \
                 the table. The die has two faces of each icon: the flying saucer, the insect \
                 and the robot; each target shows one of them. For {} players there are {} \
                 targets; the table is {} by {} mm.",
                layout.layouts.first().map_or(2, |l| l.players),
                layout.layouts.first().map_or(0, |l| l.targets.len()),
                layout.table.length.0,
                layout.table.width.0
            ),
        ),
        (
            "Your shot",
            "Put the die in the space at the centre of your saucer and flick it. Where it stops \
             says what happens; then play passes to your left."
                .into(),
        ),
        (
            "Claiming",
            format!(
                "If the die stops on a target, claim that target's top piece (its outermost one \
                 left). It is worth {} for the outer ring, {} for the middle ring and {} for \
                 the centre disc; if the die's icon on top matches the target's, flip it over: \
                 {}, {} and {}. Your saucer goes back to its Base.",
                o.value, m.value, c.value, o.flipped, m.flipped, c.flipped
            ),
        ),
        (
            "Missing",
            "If the die stops on no target, your saucer moves to where the die stopped (pulled \
             back toward your Base until it lies clear of every piece); you shoot from there \
             next time."
                .into(),
        ),
        (
            "Other saucers",
            "If the die stops on another player's saucer, that saucer goes back to its Base."
                .into(),
        ),
        (
            "Shoot again",
            format!(
                "If the die is still on your own saucer, the shot does not count: shoot again, \
                 up to {} times a Turn.",
                layout.rules.max_retakes
            ),
        ),
        (
            "Off the table",
            "If the die leaves the table, your saucer goes back to its Base.".into(),
        ),
        (
            "The end",
            "The game ends when every piece is claimed. The most points wins; a tie goes to \
             the most pieces claimed, then to the most centre discs; still tied, play again."
                .into(),
        ),
        (
            "Aiming here",
            "Press on your saucer and drag back like a slingshot: the further back, the harder \
             the flick. Or turn the aim with the left and right arrow keys, change its strength \
             with up and down (Shift for fine steps), and shoot with Enter or Space. Your \
             aiming level strays each flick as much as the AI's of that level; assistance off \
             plays it exactly as aimed."
                .into(),
        ),
    ]
}

/// The rules window.
pub fn window(ctx: &egui::Context, open: &mut bool) {
    let layout = shipped_layout();
    egui::Window::new("Ten-Minute Takedown rules")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .default_width(460.0)
        .default_pos(egui::pos2(480.0, 60.0))
        .show(ctx, |ui| {
            ui.label(
                RichText::new("Mars Attacks: Ten-Minute Takedown, 2 to 4 players")
                    .color(theme::MUTED),
            );
            egui::ScrollArea::vertical()
                .min_scrolled_height(480.0)
                .max_height(560.0)
                .show(ui, |ui| {
                    for (head, text) in rules(&layout) {
                        section(ui, head, &text);
                    }
                });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_cite_no_ruling_and_say_the_numbers_of_the_table() {
        let all: String = rules(&shipped_layout())
            .into_iter()
            .map(|(h, t)| format!("{h} {t} "))
            .collect();
        for ruling in ["(T", " T1", " T9"] {
            assert!(!all.contains(ruling), "{ruling}: {all}");
        }
        for needed in [
            "1 point for the outer ring",
            "3 points for the centre disc",
            "2 points, 3 points and 4 points",
            "up to 3 times a Turn",
            "1200 by 800 mm",
            "the most centre discs",
        ] {
            assert!(all.contains(needed), "{needed}: {all}");
        }
    }
}
