//! The games the window shows beside the skirmish (Martian Dice, The Dice Game,
//! Ten-Minute Takedown): the one shown, those left waiting as they were, and the switch
//! between them.

use dice_game::table::setup::DiceGameSetup;
use martian_dice::table::DiceSetup;
use takedown::table::setup::TakedownSetup;

use super::super::modes::Mode;
use super::MarsApp;

/// The game the window shows. The skirmish's session stays in [`MarsApp`] whatever is
/// shown; a dice game shown is held here, and moves to [`Parked`] when another is shown.
pub(super) enum Shown {
    Skirmish,
    MartianDice(Box<super::super::dice_table::DiceTable>),
    DiceGame(Box<super::super::dice_game_table::DiceGameView>),
    Takedown(Box<super::super::takedown_table::TakedownView>),
}

/// The dice games not shown, each as it was left.
#[derive(Default)]
pub(super) struct Parked {
    pub(super) dice: Option<Box<super::super::dice_table::DiceTable>>,
    pub(super) dice_game: Option<Box<super::super::dice_game_table::DiceGameView>>,
    pub(super) takedown: Option<Box<super::super::takedown_table::TakedownView>>,
}

impl MarsApp {
    /// Shows Martian Dice, a new game of `setup`.
    pub fn open_dice(&mut self, setup: DiceSetup) {
        match super::super::dice_table::DiceTable::new(setup) {
            Ok(t) => {
                self.park();
                self.parked.dice = None;
                self.shown = Shown::MartianDice(Box::new(t));
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Shows Mars Attacks: The Dice Game, a new game of `setup`.
    pub fn open_dice_game(&mut self, setup: DiceGameSetup) {
        match super::super::dice_game_table::DiceGameView::new(setup) {
            Ok(t) => {
                self.park();
                self.parked.dice_game = None;
                self.shown = Shown::DiceGame(Box::new(t));
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Shows Mars Attacks: Ten-Minute Takedown, a new game of `setup`.
    pub fn open_takedown(&mut self, setup: TakedownSetup) {
        match super::super::takedown_table::TakedownView::new(setup) {
            Ok(t) => {
                self.park();
                self.parked.takedown = None;
                self.shown = Shown::Takedown(Box::new(t));
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Ten-Minute Takedown, when the window shows it.
    pub fn takedown(&self) -> Option<&super::super::takedown_table::TakedownView> {
        match &self.shown {
            Shown::Takedown(d) => Some(d),
            _ => None,
        }
    }

    /// [`MarsApp::takedown`], to change.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn takedown_mut(&mut self) -> Option<&mut super::super::takedown_table::TakedownView> {
        match &mut self.shown {
            Shown::Takedown(d) => Some(d),
            _ => None,
        }
    }

    /// The game the window shows now.
    pub fn mode(&self) -> Mode {
        match self.shown {
            Shown::Skirmish => Mode::Skirmish,
            Shown::MartianDice(_) => Mode::MartianDice,
            Shown::DiceGame(_) => Mode::DiceGame,
            Shown::Takedown(_) => Mode::Takedown,
        }
    }

    /// Martian Dice, when the window shows it.
    pub fn dice(&self) -> Option<&super::super::dice_table::DiceTable> {
        match &self.shown {
            Shown::MartianDice(d) => Some(d),
            _ => None,
        }
    }

    /// [`MarsApp::dice`], to change.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn dice_mut(&mut self) -> Option<&mut super::super::dice_table::DiceTable> {
        match &mut self.shown {
            Shown::MartianDice(d) => Some(d),
            _ => None,
        }
    }

    /// Mars Attacks: The Dice Game, when the window shows it.
    pub fn dice_game(&self) -> Option<&super::super::dice_game_table::DiceGameView> {
        match &self.shown {
            Shown::DiceGame(d) => Some(d),
            _ => None,
        }
    }

    /// [`MarsApp::dice_game`], to change.
    ///
    /// A test API: the tests check or arrange positions with it; the program does not call it.
    pub fn dice_game_mut(&mut self) -> Option<&mut super::super::dice_game_table::DiceGameView> {
        match &mut self.shown {
            Shown::DiceGame(d) => Some(d),
            _ => None,
        }
    }

    /// Keeps the dice game shown, if any, as it is while another is shown; the skirmish
    /// is shown meanwhile.
    pub(super) fn park(&mut self) {
        match std::mem::replace(&mut self.shown, Shown::Skirmish) {
            Shown::Skirmish => {}
            Shown::MartianDice(d) => self.parked.dice = Some(d),
            Shown::DiceGame(d) => self.parked.dice_game = Some(d),
            Shown::Takedown(d) => self.parked.takedown = Some(d),
        }
    }

    /// Shows `mode`'s game as it was left, or a new one of the default set-up.
    pub(super) fn switch_to(&mut self, mode: Mode) {
        if mode == self.mode() {
            return;
        }
        self.park();
        match mode {
            Mode::Skirmish => {}
            Mode::MartianDice => match self.parked.dice.take() {
                Some(d) => self.shown = Shown::MartianDice(d),
                None => self.open_dice(DiceSetup::default()),
            },
            Mode::DiceGame => match self.parked.dice_game.take() {
                Some(d) => self.shown = Shown::DiceGame(d),
                None => self.open_dice_game(DiceGameSetup::default()),
            },
            Mode::Takedown => match self.parked.takedown.take() {
                Some(d) => self.shown = Shown::Takedown(d),
                None => self.open_takedown(TakedownSetup {
                    seed: crate::table::setup::random_seed(),
                    ..TakedownSetup::default()
                }),
            },
        }
    }
}
