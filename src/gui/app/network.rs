//! A game over the network at the window ([`super::super::remote_game`]): hosting one
//! (the host runs in this program, and this window's own table joins it over loopback
//! like any other, so it too is sent only what its seat may see), joining one, and the
//! commands that go to the host in place of the session.

use std::sync::Arc;

use eframe::egui;

use crate::rules::Side;
use net::client::JoinAddress;
use net::code::JoinCode;
use net::host::{Host, HostOptions};
use net::protocol::Seat;

use super::super::command::Command;
use super::super::network_window::{Door, NetworkStart, NetworkWindow};
use super::super::remote_game::{Joining, RemoteGame};
use super::MarsApp;

/// The window's network play: the Host / Join windows, a table joining, and the game.
#[derive(Default)]
pub(in crate::gui) struct Network {
    pub window: NetworkWindow,
    pub joining: Option<Joining>,
    pub game: Option<RemoteGame>,
}

impl MarsApp {
    /// The game over the network the window shows, if any.
    pub fn remote(&self) -> Option<&RemoteGame> {
        self.network.game.as_ref()
    }

    /// [`MarsApp::remote`], to change: a test API.
    pub fn remote_mut(&mut self) -> Option<&mut RemoteGame> {
        self.network.game.as_mut()
    }

    /// The Host / Join windows' fields, to fill in: a test API.
    pub fn network_window_mut(&mut self) -> &mut NetworkWindow {
        &mut self.network.window
    }

    /// Looks back at the `k`th position the network game's table was shown, or (`None`)
    /// back to the game, as the left panel's slider does.
    pub fn look_back(&mut self, k: Option<usize>) {
        if let (Some(game), Some(s)) = (&mut self.network.game, &mut self.session) {
            game.look_back(s, k);
        }
    }

    /// A table is joining a host (the window shows that it waits).
    pub fn is_joining(&self) -> bool {
        self.network.joining.is_some()
    }

    /// Every frame: a table that has joined takes the board, and the game's table takes
    /// in what the host sent.
    pub(super) fn network_tick(&mut self, ctx: &egui::Context) {
        if let Some(j) = &mut self.network.joining
            && let Some(answer) = j.answer()
        {
            let hosted = self.network.joining.take().and_then(|j| j.hosted);
            match answer {
                Ok(table) => {
                    let (game, session) = RemoteGame::new(table, hosted);
                    self.leave_network();
                    self.replace_session(session);
                    self.network.game = Some(game);
                    self.network.window.open = None;
                    self.new_game.open = false;
                }
                Err(e) => self.network.window.error = Some(e),
            }
        }
        if let (Some(g), Some(s)) = (&mut self.network.game, &mut self.session)
            && g.tick(s)
        {
            ctx.request_repaint();
        }
    }

    /// Starts what the Host / Join window asked for: a host, then this window's table
    /// joining it; or a table joining another's host. A host that cannot start says why
    /// in the window, and nothing changes.
    pub(super) fn start_network(&mut self, start: NetworkStart, ctx: &egui::Context) {
        let c = ctx.clone();
        let wake: net::client::Waker = Arc::new(move || c.request_repaint());
        match start {
            NetworkStart::Join { address, code } => {
                self.network.joining = Some(Joining::start(address, code, None, wake));
            }
            NetworkStart::Host {
                config,
                listen,
                you,
            } => {
                let options = HostOptions {
                    listen,
                    ..HostOptions::default()
                };
                let host = match Host::start(*config, options) {
                    Ok(h) => h,
                    Err(e) => {
                        self.network.window.error = Some(e.to_string());
                        return;
                    }
                };
                let seat = match you {
                    Some(Side::Humans) => Seat::Humans,
                    Some(Side::Martians) => Seat::Martians,
                    None => Seat::Spectator,
                };
                let Some(code) = host.codes().of(seat) else {
                    self.network.window.error = Some(format!("the host gives no code to {seat}"));
                    return;
                };
                let address: JoinAddress = host.local_address().into();
                self.network.joining = Some(Joining::start(address, code, Some(host), wake));
            }
        }
    }

    /// Joins the host at `address` with a seat's `code` (the window shows that it waits,
    /// and why if the host turns it away).
    pub fn join(&mut self, address: JoinAddress, code: JoinCode, ctx: &egui::Context) {
        self.network
            .window
            .open(Door::Join, std::path::PathBuf::new());
        self.network.window.address = address.to_string();
        self.network.window.code = code.to_string();
        self.start_network(NetworkStart::Join { address, code }, ctx);
    }

    /// Ends the game over the network, if any (a host this window runs stops with it).
    pub(super) fn leave_network(&mut self) {
        if let Some(g) = self.network.game.take()
            && let Some(host) = g.hosted
        {
            host.stop();
        }
    }

    /// Carries out a command of a game over the network: a decision or an undo goes to
    /// the host, a save is refused (the host keeps the game); a new game, a load or a
    /// replay leaves the network game first. Gives back what is not the network's.
    pub(super) fn network_command(&mut self, c: Command) -> Option<Command> {
        match c {
            Command::HostGame | Command::JoinGame => {
                let door = if c == Command::HostGame {
                    Door::Host
                } else {
                    Door::Join
                };
                let scenario = self.new_game.path.trim().into();
                self.network.window.open(door, scenario);
                // The network window takes the New game window's place.
                self.new_game.open = false;
                return None;
            }
            // The New game window keeps its own choice: a game over the network has no
            // scenario file of this machine's to offer.
            Command::OpenNewGame if self.network.game.is_some() => {
                self.new_game.seed.clear();
                self.new_game.open();
                return None;
            }
            Command::NewGame(_)
            | Command::NewTableGame(..)
            | Command::Load(_)
            | Command::Replay(_) => {
                self.leave_network();
                return Some(c);
            }
            _ => {}
        }
        let (Some(game), Some(session)) = (&mut self.network.game, &mut self.session) else {
            return Some(c);
        };
        match c {
            Command::Play(plan) => game.play(session, &plan),
            Command::Undo => game.ask_undo(),
            Command::Save(_) | Command::SaveSetupSheet(_) => {
                self.files.message = None;
                self.files.error = Some(
                    "this game is kept by its host, which saves it: nothing is written".into(),
                );
            }
            other => return Some(other),
        }
        None
    }
}
