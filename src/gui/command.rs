//! What a panel asks the application to do: each panel's `ui` returns [`Command`]s, and
//! [`super::app::MarsApp`] carries them out. A leaf: it names only the table's set-up and
//! the rules' decisions, so every panel can use it without using the application.

use std::path::PathBuf;
use std::time::Duration;

use crate::rules::Side;
use crate::rules::action::{Action, ModelId};
use crate::rules::cards::Card;
use crate::table::correction::Correction;
use crate::table::rolls::TableRollers;
use crate::table::setup::GameSetup;

/// What a panel asks the application to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Show Martian Dice (the skirmish waits).
    MartianDice,
    /// Show Mars Attacks: The Dice Game (the skirmish waits).
    DiceGame,
    /// Show Mars Attacks: Ten-Minute Takedown (the skirmish waits).
    Takedown,
    /// Play these decisions in turn, each only if it is legal when its turn comes.
    Play(Vec<Action>),
    Select(Option<ModelId>),
    /// Say this in the decision panel, in place of any notice before it (why a click did
    /// nothing).
    Notice(String),
    /// Pick a card from the hand whose target is then chosen on the board (or none).
    Arm(Option<Card>),
    Undo,
    /// Start this game (boxed: a set-up is large beside the other commands).
    NewGame(Box<GameSetup>),
    /// Start this game at a real table (the companion mode), each side's dice rolled by
    /// the person at the table or by the program.
    NewTableGame(Box<GameSetup>, TableRollers),
    /// At a real table: the step shown was made on the table.
    ConfirmStep,
    /// At a real table: the faces typed for the roll asked for (or for a counter's
    /// square at set-up).
    EnterDice(String),
    /// At a real table: take back the last roll typed (or a counter's two dice), to type
    /// it again.
    TakeBackRoll,
    /// At a real table: every roll is in, apply the decision.
    ConfirmDice,
    /// At a real table: withdraw the person's decision waiting for dice.
    WithdrawDecision,
    /// At a real table: make the game match the table.
    CorrectTable(Correction),
    /// At a real table: write the set-up sheet of this game to a file.
    SaveSetupSheet(PathBuf),
    OpenNewGame,
    /// Open the "Host a game" window, for the scenario chosen in the New game window.
    HostGame,
    /// Open the "Join a game" window.
    JoinGame,
    OpenFile(FileAction),
    Save(PathBuf),
    Load(PathBuf),
    Replay(PathBuf),
    ReplayTo(usize),
    TakeOver,
    Pause(bool),
    Delay(Duration),
    /// Ask the AI for its top moves in the person's place.
    Hint,
    /// Open the analysis of a side's decisions in the finished game.
    Analyse(Side),
    /// Start or stop a replay playing by itself.
    Autoplay(bool),
    /// The person allows the program named for a side to start.
    AllowProgram(Side),
    /// The person plays a side themselves instead of the program named for it.
    RefuseProgram(Side),
    /// The time between two decisions of a replay playing by itself.
    ReplaySpeed(Duration),
}

/// What the file window is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    Save,
    Load,
    Replay,
    /// Write the printable set-up sheet of the game at a real table (SVG).
    SetupSheet,
}
