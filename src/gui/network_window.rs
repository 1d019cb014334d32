//! The "Host a game" and "Join a game" windows, opened from the New game window: who
//! sits at each side of a hosted game (this window's person, a friend who joins with a
//! code, or the AI at a level) and where it listens; or the address and code of a game
//! to join. Each checks what was typed and says what is wrong before anything starts.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::path::PathBuf;

use eframe::egui::{self, Align2, RichText, Ui};

use crate::rules::{BySide, Side};
use crate::table::describe::side_title;
use crate::table::setup::ai_spec_for_level;
use net::client::JoinAddress;
use net::code::JoinCode;
use net::host::{DEFAULT_PORT, HostConfig};
use net::seats::SeatPlan;

use super::dialogs::{PROGRAM, levels};
use super::theme;

/// Which of the two windows is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Door {
    Host,
    Join,
}

/// Who sits at a side of a hosted game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sitter {
    /// The person at this window.
    You,
    /// A person who joins from another table with the side's code.
    Friend,
    /// The AI, at a level (or a scripted player) named as in the New game window.
    Ai(String),
}

impl Sitter {
    fn words(&self) -> String {
        match self {
            Sitter::You => "you, at this window".into(),
            Sitter::Friend => "a friend who joins with a code".into(),
            Sitter::Ai(level) => format!("the AI: {level}"),
        }
    }
}

/// What the windows ask the application to start.
#[derive(Clone, Debug)]
pub enum NetworkStart {
    /// Host this game, listening on `listen`, and join it at this window as `you` (a side,
    /// or a spectator when nobody here plays).
    Host {
        config: Box<HostConfig>,
        listen: SocketAddr,
        you: Option<Side>,
    },
    /// Join the game at `address` with a seat's `code`.
    Join {
        address: JoinAddress,
        code: JoinCode,
    },
}

/// The two windows and what is typed in them.
pub struct NetworkWindow {
    pub open: Option<Door>,
    /// The scenario to host: the one chosen in the New game window.
    pub scenario: PathBuf,
    pub sitters: BySide<Sitter>,
    pub port: String,
    /// Listen on every address of this machine (friends on the network can join), not
    /// only on loopback.
    pub on_the_network: bool,
    pub address: String,
    pub code: String,
    /// Why the last start was refused.
    pub error: Option<String>,
}

impl Default for NetworkWindow {
    fn default() -> NetworkWindow {
        NetworkWindow {
            open: None,
            scenario: PathBuf::new(),
            sitters: BySide::new(Sitter::You, Sitter::Friend),
            port: DEFAULT_PORT.to_string(),
            on_the_network: true,
            address: String::new(),
            code: String::new(),
            error: None,
        }
    }
}

/// What is wrong with the windows' fields.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkFormError {
    #[error("choose a scenario in the New game window first")]
    NoScenario,
    #[error("only one side can be yours: a friend or the AI plays the other")]
    YouTwice,
    #[error("the port `{0}` is not a number from 0 to 65535")]
    Port(String),
    #[error("the {side} AI `{level}`: {why}")]
    Level {
        side: Side,
        level: String,
        why: String,
    },
    #[error("a program cannot be hosted from this window: use `mars-attacks host --{0} exec:...`")]
    Program(String),
    #[error("{0}")]
    Address(String),
    #[error("{0}")]
    Code(String),
}

impl NetworkWindow {
    /// Opens the window `door`, hosting `scenario` (the New game window's choice).
    pub fn open(&mut self, door: Door, scenario: PathBuf) {
        self.open = Some(door);
        self.scenario = scenario;
        self.error = None;
    }

    /// The game to host, as the fields give it.
    pub fn host_request(&self) -> Result<NetworkStart, NetworkFormError> {
        if self.scenario.as_os_str().is_empty() {
            return Err(NetworkFormError::NoScenario);
        }
        let yours: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|s| self.sitters[*s] == Sitter::You)
            .collect();
        if yours.len() > 1 {
            return Err(NetworkFormError::YouTwice);
        }
        let port: u16 = self
            .port
            .trim()
            .parse()
            .map_err(|_| NetworkFormError::Port(self.port.trim().to_string()))?;
        let plan = |side: Side| -> Result<SeatPlan, NetworkFormError> {
            match &self.sitters[side] {
                Sitter::You | Sitter::Friend => Ok(SeatPlan::Person),
                Sitter::Ai(level) if level == PROGRAM => {
                    Err(NetworkFormError::Program(side.to_string().to_lowercase()))
                }
                Sitter::Ai(level) => ai_spec_for_level(level).map(SeatPlan::Ai).map_err(|e| {
                    NetworkFormError::Level {
                        side,
                        level: level.clone(),
                        why: e.to_string(),
                    }
                }),
            }
        };
        let seats = BySide::new(plan(Side::Humans)?, plan(Side::Martians)?);
        let ip = if self.on_the_network {
            IpAddr::V4(Ipv4Addr::UNSPECIFIED)
        } else {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        };
        Ok(NetworkStart::Host {
            config: Box::new(HostConfig {
                scenario: self.scenario.clone(),
                seed: None,
                seats,
                save: None,
            }),
            listen: SocketAddr::new(ip, port),
            you: yours.first().copied(),
        })
    }

    /// The game to join, as the fields give it.
    pub fn join_request(&self) -> Result<NetworkStart, NetworkFormError> {
        let address: JoinAddress = self
            .address
            .parse()
            .map_err(|e: net::client::AddressError| NetworkFormError::Address(e.to_string()))?;
        let code: JoinCode = self
            .code
            .trim()
            .parse()
            .map_err(|e: net::code::CodeError| NetworkFormError::Code(e.to_string()))?;
        Ok(NetworkStart::Join { address, code })
    }

    /// Draws the open window; what to start, when the person starts it.
    /// While `joining`, it says so and starts nothing more.
    pub fn ui(&mut self, ctx: &egui::Context, joining: bool) -> Option<NetworkStart> {
        let door = self.open?;
        let mut open = true;
        let mut start = None;
        let title = match door {
            Door::Host => "Host a game",
            Door::Join => "Join a game",
        };
        egui::Window::new(title)
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.set_width(460.0);
                let asked = match door {
                    Door::Host => self.host_ui(ui),
                    Door::Join => self.join_ui(ui),
                };
                if let Some(e) = &self.error {
                    ui.colored_label(theme::BAD, e);
                }
                if joining {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label("Joining: waiting for the host's welcome");
                    });
                }
                if asked && !joining {
                    let request = match door {
                        Door::Host => self.host_request(),
                        Door::Join => self.join_request(),
                    };
                    match request {
                        Ok(r) => {
                            self.error = None;
                            start = Some(r);
                        }
                        Err(e) => self.error = Some(e.to_string()),
                    }
                }
            });
        if !open {
            self.open = None;
        }
        start
    }

    /// The host's fields; whether the person asked to start.
    fn host_ui(&mut self, ui: &mut Ui) -> bool {
        ui.label(
            "This window keeps the game: it rolls every die, deals every card and keeps \
             both hands. Each table, yours too, is sent only what its side may see.",
        );
        ui.add_space(6.0);
        let name = self
            .scenario
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        ui.label(format!("Scenario: {name}"));
        egui::Grid::new("host-seats").num_columns(2).show(ui, |ui| {
            for side in Side::BOTH {
                ui.label(format!("The {}", side_title(side)));
                sitter_choice(ui, side, &mut self.sitters[side]);
                ui.end_row();
            }
            ui.label("Port");
            ui.text_edit_singleline(&mut self.port);
            ui.end_row();
        });
        ui.checkbox(
            &mut self.on_the_network,
            "Friends on the network can join (else only tables on this machine)",
        );
        if let Some(ip) = address_on_the_network().filter(|_| self.on_the_network) {
            ui.label(
                RichText::new(format!(
                    "Friends join at {ip}:{} (this machine's address on the network)",
                    self.port.trim()
                ))
                .small()
                .color(theme::MUTED),
            );
        }
        ui.add_space(6.0);
        // An id of its own: the fields above change in number as they are filled in.
        ui.push_id("start-hosting", |ui| {
            ui.button(RichText::new("Start hosting").strong()).clicked()
        })
        .inner
    }

    /// The join fields; whether the person asked to join.
    fn join_ui(&mut self, ui: &mut Ui) -> bool {
        ui.label(
            "The host gives you its address and your side's code (a spectator's code to \
             watch).",
        );
        ui.add_space(6.0);
        let mut enter = false;
        egui::Grid::new("join-fields")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label("Address");
                let r = ui.add(
                    egui::TextEdit::singleline(&mut self.address).hint_text("192.168.1.20:4713"),
                );
                enter |= r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.end_row();
                ui.label("Code");
                let r =
                    ui.add(egui::TextEdit::singleline(&mut self.code).hint_text("the seat's code"));
                enter |= r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.end_row();
            });
        ui.add_space(6.0);
        let clicked = ui
            .push_id("join", |ui| {
                ui.button(RichText::new("Join").strong()).clicked()
            })
            .inner;
        clicked || enter
    }
}

/// A side's sitter: you, a friend, or the AI at a level.
fn sitter_choice(ui: &mut Ui, side: Side, sitter: &mut Sitter) {
    egui::ComboBox::from_id_salt(("sitter", side as u8))
        .width(300.0)
        .selected_text(sitter.words())
        .show_ui(ui, |ui| {
            ui.selectable_value(sitter, Sitter::You, Sitter::You.words());
            ui.selectable_value(sitter, Sitter::Friend, Sitter::Friend.words());
            for (name, words) in levels() {
                if name != PROGRAM {
                    let ai = Sitter::Ai(name.to_string());
                    ui.selectable_value(sitter, ai, format!("the AI: {words}"));
                }
            }
        });
}

/// This machine's address on the network, as it would reach others: the local end of a
/// socket pointed at a documentation address (nothing is sent).
pub fn address_on_the_network() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window() -> NetworkWindow {
        let mut w = NetworkWindow::default();
        w.open(Door::Host, PathBuf::from("scenarios/ambush.toml"));
        w
    }

    #[test]
    fn a_hosted_game_seats_you_a_friend_or_the_ai_and_refuses_what_cannot_be() {
        let mut w = window();
        let Ok(NetworkStart::Host {
            config,
            listen,
            you,
        }) = w.host_request()
        else {
            panic!("the default form hosts");
        };
        assert_eq!(you, Some(Side::Humans));
        assert_eq!(config.seats[Side::Martians], SeatPlan::Person);
        assert!(listen.ip().is_unspecified() && listen.port() == DEFAULT_PORT);
        assert_eq!(config.seed, None, "the host draws its own seed");
        w.sitters[Side::Martians] = Sitter::You;
        assert_eq!(w.host_request().unwrap_err(), NetworkFormError::YouTwice);
        w.sitters[Side::Humans] = Sitter::Ai("hard".into());
        w.on_the_network = false;
        w.port = "0".into();
        let Ok(NetworkStart::Host {
            config,
            listen,
            you,
        }) = w.host_request()
        else {
            panic!("an AI against you hosts");
        };
        assert_eq!(you, Some(Side::Martians));
        assert!(matches!(config.seats[Side::Humans], SeatPlan::Ai(_)));
        assert!(listen.ip().is_loopback());
        // Nobody here plays: this window watches.
        w.sitters[Side::Martians] = Sitter::Friend;
        assert!(matches!(
            w.host_request(),
            Ok(NetworkStart::Host { you: None, .. })
        ));
        w.port = "70000".into();
        assert_eq!(
            w.host_request().unwrap_err(),
            NetworkFormError::Port("70000".into())
        );
        w.port = "4713".into();
        w.sitters[Side::Humans] = Sitter::Ai("mcts:lots".into());
        assert!(matches!(
            w.host_request(),
            Err(NetworkFormError::Level {
                side: Side::Humans,
                ..
            })
        ));
        w.sitters[Side::Humans] = Sitter::Ai(PROGRAM.into());
        assert!(matches!(
            w.host_request(),
            Err(NetworkFormError::Program(_))
        ));
        w.scenario = PathBuf::new();
        assert_eq!(w.host_request().unwrap_err(), NetworkFormError::NoScenario);
    }

    #[test]
    fn a_join_needs_an_address_with_a_port_and_a_code() {
        let mut w = window();
        w.address = "192.168.1.20".into();
        w.code = "no code!".into();
        assert!(matches!(
            w.join_request(),
            Err(NetworkFormError::Address(_))
        ));
        w.address = "127.0.0.1:4713".into();
        assert!(matches!(w.join_request(), Err(NetworkFormError::Code(_))));
    }
}
