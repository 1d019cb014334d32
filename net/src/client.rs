//! A table's connection to a host: a thread of its own, with a small tokio runtime, that
//! connects over WebSocket, says hello with the seat's code, pings every [`PING_EVERY`],
//! hands every message the host sends to the table as it comes, and sends
//! what the table queues. The table ([`crate::remote_table::RemoteTable`]) reads what came
//! whenever it likes and never waits on the network.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio_tungstenite::connect_async_with_config;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use crate::code::JoinCode;
use crate::protocol::{ClientMessage, MAX_HOST_MESSAGE_BYTES, PROTOCOL_VERSION, ServerMessage};

/// How often a table pings the host, so that a quiet table is not taken for a silent one
/// ([`crate::limits::Limits::idle`]).
pub const PING_EVERY: Duration = Duration::from_secs(15);

/// Where a host is: `HOST:PORT` (`192.168.1.20:4713`, `[::1]:4713`, `myhost:4713`), or a
/// whole `ws://` address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JoinAddress(String);

/// Why text is not a host's address.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    #[error("`{}` is not a host's address: give HOST:PORT or ws://HOST:PORT", .0.escape_debug())]
    NotAnAddress(String),
    #[error("only ws:// addresses are spoken, not `{}`", .0.escape_debug())]
    Scheme(String),
}

impl FromStr for JoinAddress {
    type Err = AddressError;

    fn from_str(s: &str) -> Result<JoinAddress, AddressError> {
        let s = s.trim();
        if let Some((scheme, rest)) = s.split_once("://") {
            if scheme != "ws" {
                return Err(AddressError::Scheme(scheme.to_string()));
            }
            if rest.is_empty() {
                return Err(AddressError::NotAnAddress(s.to_string()));
            }
            return Ok(JoinAddress(s.to_string()));
        }
        let has_port = s
            .rsplit_once(':')
            .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok());
        if !has_port || s.contains(char::is_whitespace) || s.contains('/') {
            return Err(AddressError::NotAnAddress(s.to_string()));
        }
        Ok(JoinAddress(format!("ws://{s}/")))
    }
}

impl From<std::net::SocketAddr> for JoinAddress {
    fn from(a: std::net::SocketAddr) -> JoinAddress {
        JoinAddress(format!("ws://{a}/"))
    }
}

impl fmt::Display for JoinAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What the connection hands the table.
#[derive(Debug)]
pub(crate) enum Incoming {
    /// A message of the host's, and its text as it came.
    Message(Box<ServerMessage>, String),
    /// A message that is not the protocol's (a host of another version, or a broken one).
    Unread(String),
    /// The connection is over, and why.
    Closed(String),
}

/// Called when something comes in (a window asks for a repaint).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The connection's thread, and the queues to and from it.
pub(crate) struct Link {
    pub incoming: Receiver<Incoming>,
    outgoing: mpsc::UnboundedSender<ClientMessage>,
    thread: Option<JoinHandle<()>>,
}

impl Link {
    /// Connects to `address` and says hello with `code`, on a thread of its own.
    pub(crate) fn open(address: &JoinAddress, code: JoinCode, waker: Option<Waker>) -> Link {
        let (in_tx, in_rx) = std::sync::mpsc::channel();
        let (out_tx, out_rx) = mpsc::unbounded_channel();
        let url = address.0.clone();
        let hello = ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            code,
        };
        let _ = out_tx.send(hello);
        let thread = std::thread::Builder::new()
            .name("mars-attacks-table-link".into())
            .spawn(move || {
                let tell = Tell { tx: in_tx, waker };
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build();
                match runtime {
                    Ok(rt) => {
                        let why = rt.block_on(run(url, out_rx, &tell));
                        tell.send(Incoming::Closed(why));
                    }
                    Err(e) => tell.send(Incoming::Closed(format!("cannot start: {e}"))),
                }
            })
            .ok();
        Link {
            incoming: in_rx,
            outgoing: out_tx,
            thread,
        }
    }

    /// Queues a message for the host; false once the connection is over.
    pub(crate) fn send(&self, msg: ClientMessage) -> bool {
        self.outgoing.send(msg).is_ok()
    }
}

impl Drop for Link {
    /// Closes the connection and waits for its thread.
    fn drop(&mut self) {
        let (dead, _) = mpsc::unbounded_channel();
        self.outgoing = dead;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Hands what comes in to the table, and wakes it.
struct Tell {
    tx: Sender<Incoming>,
    waker: Option<Waker>,
}

impl Tell {
    fn send(&self, i: Incoming) {
        let _ = self.tx.send(i);
        if let Some(w) = &self.waker {
            w();
        }
    }
}

/// The connection: until the host closes it, it fails, or the table lets go of it.
async fn run(url: String, mut out: mpsc::UnboundedReceiver<ClientMessage>, tell: &Tell) -> String {
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_HOST_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_HOST_MESSAGE_BYTES));
    let connect = connect_async_with_config(url.as_str(), Some(config), true);
    let mut ws = match tokio::time::timeout(Duration::from_secs(10), connect).await {
        Ok(Ok((ws, _))) => ws,
        Ok(Err(e)) => return format!("cannot connect to {url}: {e}"),
        Err(_) => return format!("cannot connect to {url}: no answer in 10 s"),
    };
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    loop {
        tokio::select! {
            incoming = ws.next() => match incoming {
                None => return "the host closed the connection".into(),
                Some(Err(e)) => return format!("the connection failed: {e}"),
                Some(Ok(Message::Text(t))) => tell.send(read(t.as_str())),
                Some(Ok(Message::Close(_))) => return "the host closed the connection".into(),
                Some(Ok(_)) => {}
            },
            msg = out.recv() => {
                let Some(msg) = msg else {
                    let _ = tokio::time::timeout(Duration::from_secs(2), ws.close(None)).await;
                    return "the table left".into();
                };
                let Ok(text) = serde_json::to_string(&msg) else { continue };
                if let Err(e) = ws.send(Message::text(text)).await {
                    return format!("the connection failed: {e}");
                }
            }
            _ = ping.tick() => {
                let text = serde_json::to_string(&ClientMessage::Ping {}).unwrap_or_default();
                if let Err(e) = ws.send(Message::text(text)).await {
                    return format!("the connection failed: {e}");
                }
            }
        }
    }
}

/// A message of the host's as it came.
fn read(text: &str) -> Incoming {
    match serde_json::from_str::<ServerMessage>(text) {
        Ok(m) => Incoming::Message(Box::new(m), text.to_string()),
        Err(e) => Incoming::Unread(format!("a message of the host's does not read: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_reads_as_host_and_port_or_a_ws_address() {
        let a: JoinAddress = "127.0.0.1:4713".parse().unwrap();
        assert_eq!(a.to_string(), "ws://127.0.0.1:4713/");
        let a: JoinAddress = "[::1]:4713".parse().unwrap();
        assert_eq!(a.to_string(), "ws://[::1]:4713/");
        let a: JoinAddress = "ws://example.org:80/game".parse().unwrap();
        assert_eq!(a.to_string(), "ws://example.org:80/game");
        for bad in ["", "localhost", ":4713", "host:port", "a b:1", "host:99999"] {
            assert!(bad.parse::<JoinAddress>().is_err(), "{bad}");
        }
        assert_eq!(
            "http://x:1".parse::<JoinAddress>(),
            Err(AddressError::Scheme("http".into()))
        );
    }
}
