//! The games the window shows, one at a time: the skirmish, Martian Dice, Mars Attacks:
//! The Dice Game and Ten-Minute Takedown, and the top bar's buttons between them. A game left waits as it was
//! ([`super::app::MarsApp`] keeps it) until the person comes back to it.

use eframe::egui::Ui;

/// The game the window shows: one of the program's games ([`crate::games`]).
pub use crate::games::GameKind as Mode;

/// The Dice Game's button in the top bar, and what it says on hover.
pub const DICE_GAME_BUTTON: &str = "The Dice Game";
pub const DICE_GAME_HOVER: &str = "Mars Attacks: The Dice Game: claim cities and monuments with \
                               ten dice, 2 to 6 players; this game waits";

/// Ten-Minute Takedown's button in the top bar, and what it says on hover.
pub const TAKEDOWN_BUTTON: &str = "Ten-Minute Takedown";
pub const TAKEDOWN_HOVER: &str = "Mars Attacks: Ten-Minute Takedown: flick the die from your \
                                  saucer onto the targets, 2 to 4 players; this game waits";

/// The top bar's buttons while a dice game is shown: back to the skirmish, or to the other
/// dice game (each game waits as it was).
pub fn dice_mode_buttons(ui: &mut Ui, mode: Mode) -> Option<Mode> {
    let mut to = None;
    if ui
        .button("Back to the skirmish")
        .on_hover_text("This game waits until you come back")
        .clicked()
    {
        to = Some(Mode::Skirmish);
    }
    if mode != Mode::MartianDice
        && ui
            .button("Martian Dice")
            .on_hover_text("The quick dice game; this game waits")
            .clicked()
    {
        to = Some(Mode::MartianDice);
    }
    if mode != Mode::DiceGame
        && ui
            .button(DICE_GAME_BUTTON)
            .on_hover_text(DICE_GAME_HOVER)
            .clicked()
    {
        to = Some(Mode::DiceGame);
    }
    if mode != Mode::Takedown
        && ui
            .button(TAKEDOWN_BUTTON)
            .on_hover_text(TAKEDOWN_HOVER)
            .clicked()
    {
        to = Some(Mode::Takedown);
    }
    to
}
