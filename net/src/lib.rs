//! Network play of the Mars Attacks! skirmish: a host that keeps the dice and the hidden
//! cards, and tables that see only their own side.
//!
//! * [`host`]: [`host::Host`] runs the authoritative game (a
//!   `skirmish_table::table::session::Session`: every die rolled, every card dealt, both
//!   hands kept, the AI seats played there), listens on a WebSocket port and hands out a
//!   join code per seat ([`seats`], [`code`]). A table's decision is checked (its seat, the
//!   position it was made on, the rules' legal list) and refused with a reason otherwise;
//!   the game is saved after every change and [`host::Host::resume`] goes on from the save
//!   with the same codes.
//! * [`protocol`]: the messages (serde, JSON text, [`protocol::PROTOCOL_VERSION`] in the
//!   hello), their size caps; [`limits`]: the deadlines, rate limit and grace period.
//! * [`view`]: every message about the game is built there from what the seat may see:
//!   the position as `GameState::snapshot` writes it for the seat's side (the other hand a
//!   size only), the log with the other side's draws face down and its `respond none`
//!   unlisted, the legal actions only while the seat decides. A spectator sees neither
//!   hand. No view is built from the seed or the generator.
//! * [`remote_table`]: [`remote_table::RemoteTable`], a table at a distance without
//!   drawing: it joins with a code ([`client`] is its connection) and holds the latest view,
//!   the position rebuilt from it, the log, the chat and who sits where, for a window to
//!   draw and tests to play.
//! * [`notes`]: the host's log of who came and went and of every message refused.
//!
//! A game between two tables on this machine, over loopback:
//!
//! ```
//! use std::path::Path;
//! use std::time::Duration;
//!
//! use net::code::CodeSource;
//! use net::host::{Host, HostConfig, HostOptions};
//! use net::protocol::Seat;
//! use net::remote_table::{JoinOptions, RemoteTable};
//! use net::seats::SeatPlan;
//! use rules::{BySide, Side};
//!
//! let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/whos-there.toml");
//! let config = HostConfig {
//!     scenario,
//!     seed: Some(7),
//!     seats: BySide::new(SeatPlan::Person, SeatPlan::Ai("random".parse().unwrap())),
//!     save: None,
//! };
//! let options = HostOptions {
//!     listen: "127.0.0.1:0".parse().unwrap(),
//!     codes: CodeSource::Seeded(1),
//!     ai_delay: Duration::ZERO,
//!     ..HostOptions::default()
//! };
//! let host = Host::start(config, options).unwrap();
//! let code = host.codes().of(Seat::Humans).unwrap();
//! let mut table = RemoteTable::join(host.local_address().into(), code, JoinOptions::default()).unwrap();
//! assert_eq!(table.seat(), Seat::Humans);
//! // The Martians are the AI's: they deploy, then the Humans decide.
//! assert!(table.wait_until(Duration::from_secs(20), |t| t.my_decision()));
//! assert!(table.sees_hand(Side::Humans) && !table.sees_hand(Side::Martians));
//! let first = table.legal()[0];
//! table.play(first).unwrap();
//! assert!(table.wait_until(Duration::from_secs(20), |t| t.view().made > 0 && t.log().iter().any(|e| e.by == Some(Side::Humans))));
//! // A code that is not the game's is turned away.
//! let wrong = CodeSource::Seeded(99).codes(1).unwrap()[0];
//! assert!(RemoteTable::join(host.local_address().into(), wrong, JoinOptions::default()).is_err());
//! ```

pub mod client;
pub mod code;
pub mod host;
pub mod limits;
pub mod notes;
pub mod protocol;
pub mod remote_table;
pub mod seats;
pub mod view;
