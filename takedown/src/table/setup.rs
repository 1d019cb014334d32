//! How a game of Ten-Minute Takedown at the table is set up (`mars-attacks takedown play`,
//! or the window's Ten-Minute Takedown mode): 2 to 4 seats in turn order, each a person at
//! an aiming level or an AI a player spec names, and the seed. Checked here, without a
//! window, so that the command line refuses a seat that names no player before any window
//! opens.
//!
//! A seat is written `you` (a person at the normal aiming level), `you:LEVEL` (beginner to
//! expert), `you:off` (assistance off: the flick as aimed), or any AI spec of
//! [`crate::players`] (`aim:normal`, `centre:hard`, `random`).

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use ai::{Level, NotAPlayer};

use crate::layout::{Layout, NoiseSpec, PLAYERS, Setup, SetupError};
use crate::layout_file::shipped_layout;
use crate::players::{Player, player};

/// How a person's flicks are played: with the execution noise of a level (the AI's own
/// levels, `[levels]` of the layout), or as aimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aiming {
    Level(Level),
    /// Assistance off: no noise, the flick as aimed.
    Off,
}

impl Aiming {
    /// Every choice, the levels easiest first, then off.
    pub const ALL: [Aiming; 6] = [
        Aiming::Level(Level::Beginner),
        Aiming::Level(Level::Easy),
        Aiming::Level(Level::Normal),
        Aiming::Level(Level::Hard),
        Aiming::Level(Level::Expert),
        Aiming::Off,
    ];

    /// The noise a flick is played with, `None` for none.
    pub fn noise(self, layout: &Layout) -> Option<NoiseSpec> {
        match self {
            Aiming::Level(l) => Some(layout.noise(l)),
            Aiming::Off => None,
        }
    }

    /// The choice in words, with its noise on `layout`.
    pub fn describe(self, layout: &Layout) -> String {
        match self.noise(layout) {
            Some(n) => format!(
                "{self}: each flick strays by about {}° in direction and {:.2} in strength",
                n.direction_degrees, n.strength
            ),
            None => "assistance off: each flick goes exactly as aimed".into(),
        }
    }
}

impl fmt::Display for Aiming {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Aiming::Level(l) => f.write_str(l.name()),
            Aiming::Off => f.write_str("off"),
        }
    }
}

/// An AI seat's player spec, checked to name a player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AiSpec(String);

impl AiSpec {
    /// The AI of each level, as the table offers it.
    pub fn at(level: Level) -> AiSpec {
        AiSpec(format!("aim:{}", level.name()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The player it names.
    pub fn player(&self) -> Box<dyn Player> {
        // Checked when made: a spec that names no player is never an `AiSpec`.
        player(&self.0).unwrap_or_else(|_| Box::new(crate::players::RandomPlayer))
    }

    /// Its level, when it is one of the levels the table offers (`aim:LEVEL`).
    pub fn level(&self) -> Option<Level> {
        Level::ALL.into_iter().find(|&l| AiSpec::at(l) == *self)
    }
}

impl FromStr for AiSpec {
    type Err = NotAPlayer;
    fn from_str(s: &str) -> Result<AiSpec, NotAPlayer> {
        let s = s.trim();
        player(s)?;
        Ok(AiSpec(s.to_ascii_lowercase()))
    }
}

impl fmt::Display for AiSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SeatKind {
    /// A person at this screen, aiming at this level.
    Person(Aiming),
    Ai(AiSpec),
}

impl SeatKind {
    pub fn is_person(&self) -> bool {
        matches!(self, SeatKind::Person(_))
    }
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatKind::Person(Aiming::Level(Level::Normal)) => f.write_str("you"),
            SeatKind::Person(a) => write!(f, "you:{a}"),
            SeatKind::Ai(s) => write!(f, "{s}"),
        }
    }
}

/// A seat that names no player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatError {
    #[error(
        "seat {seat}: `{text}` is not an aiming level (beginner, easy, normal, hard, expert, or off)"
    )]
    Aiming { seat: usize, text: String },
    #[error("seat {seat}: {error}")]
    Player { seat: usize, error: NotAPlayer },
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// A game at the table: its seats, the table and the seed.
#[derive(Clone, Debug, PartialEq)]
pub struct TakedownSetup {
    pub seats: Vec<SeatKind>,
    pub layout: Arc<Layout>,
    pub seed: u64,
}

impl Default for TakedownSetup {
    /// A person at the normal aiming level against `aim:normal`, seed 0.
    fn default() -> Self {
        TakedownSetup {
            seats: vec![
                SeatKind::Person(Aiming::Level(Level::Normal)),
                SeatKind::Ai(AiSpec::at(Level::Normal)),
            ],
            layout: shipped_layout(),
            seed: 0,
        }
    }
}

impl TakedownSetup {
    /// Seats written comma-separated in turn order, as `--seats` takes them.
    pub fn parse_seats(text: &str) -> Result<Vec<SeatKind>, SeatError> {
        let mut seats = Vec::new();
        for (i, part) in text.split(',').enumerate() {
            let part = part.trim();
            let seat = i + 1;
            let lower = part.to_ascii_lowercase();
            let person = lower
                .strip_prefix("you")
                .filter(|rest| rest.is_empty() || rest.starts_with(':'));
            let kind = match person {
                Some("") => SeatKind::Person(Aiming::Level(Level::Normal)),
                Some(rest) => {
                    let level = &rest[1..];
                    let aiming = if level == "off" {
                        Aiming::Off
                    } else {
                        Aiming::Level(level.parse::<Level>().map_err(|_| SeatError::Aiming {
                            seat,
                            text: level.to_string(),
                        })?)
                    };
                    SeatKind::Person(aiming)
                }
                None => SeatKind::Ai(
                    part.parse()
                        .map_err(|error| SeatError::Player { seat, error })?,
                ),
            };
            seats.push(kind);
        }
        if !PLAYERS.contains(&seats.len()) {
            return Err(SetupError::Players(seats.len()).into());
        }
        Ok(seats)
    }

    /// Whether the table can be laid for these seats; why not.
    pub fn check(&self) -> Result<Setup, SetupError> {
        Setup::new(&self.layout, self.seats.len())
    }

    /// Seat `seat`'s name: "Seat 1 (you)", "Seat 2 (aim:normal)".
    pub fn name(&self, seat: usize) -> String {
        match self.seats.get(seat) {
            Some(k) => format!("Seat {} ({k})", seat + 1),
            None => format!("Seat {}", seat + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_read_as_the_command_line_writes_them() {
        let seats = TakedownSetup::parse_seats("you, aim:normal,you:off,Centre:hard").unwrap();
        assert_eq!(
            seats,
            vec![
                SeatKind::Person(Aiming::Level(Level::Normal)),
                SeatKind::Ai(AiSpec::at(Level::Normal)),
                SeatKind::Person(Aiming::Off),
                SeatKind::Ai("centre:hard".parse().unwrap()),
            ]
        );
        let setup = TakedownSetup {
            seats,
            ..TakedownSetup::default()
        };
        assert_eq!(setup.name(0), "Seat 1 (you)");
        assert_eq!(setup.name(2), "Seat 3 (you:off)");
        assert_eq!(setup.name(3), "Seat 4 (centre:hard)");
        assert!(setup.check().is_ok());
        for (text, why) in [
            ("you", "for 2 to 4 players, not 1"),
            ("you,you,you,you,you", "not 5"),
            ("you:sharp,aim", "seat 1: `sharp` is not an aiming level"),
            ("you,mcts", "seat 2: "),
            ("you,aim:fast", "seat 2: "),
        ] {
            let e = TakedownSetup::parse_seats(text).unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
        assert_eq!(AiSpec::at(Level::Hard).level(), Some(Level::Hard));
        assert_eq!("random".parse::<AiSpec>().unwrap().level(), None);
    }

    #[test]
    fn a_persons_aiming_is_the_ais_noise_at_their_level_or_none() {
        let l = shipped_layout();
        assert_eq!(
            Aiming::Level(Level::Expert).noise(&l),
            Some(l.noise(Level::Expert))
        );
        assert_eq!(Aiming::Off.noise(&l), None);
        assert!(Aiming::Off.describe(&l).contains("exactly as aimed"));
    }
}
