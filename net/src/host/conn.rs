//! One connection at the host: the WebSocket handshake and the hello within
//! [`Limits::hello`], the code looked up, then the table's messages read (each at most
//! [`MAX_CLIENT_MESSAGE_BYTES`], at most the rate limit's, the connection closed after
//! [`Limits::idle`] of silence) and handed to the game as commands, while the game's
//! messages for it are written (each within [`Limits::send`]). Whatever a table sends,
//! nothing here panics, starts a program or touches a file: a message that is not the
//! protocol's is refused, saying why, and noted.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, mpsc, oneshot, watch};
use tokio::time::{sleep_until, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{WebSocketStream, accept_async_with_config};

use crate::limits::{Limits, RateLimit};
use crate::notes::{NoteKind, Notes};
use crate::protocol::{
    ClientMessage, Goodbye, MAX_CLIENT_MESSAGE_BYTES, PROTOCOL_VERSION, Refusal, RefusalKind, Seat,
    ServerMessage,
};
use crate::seats::SeatCodes;

use super::game::{Command, ConnId};

/// What every connection shares.
pub(crate) struct Shared {
    pub codes: SeatCodes,
    pub limits: Limits,
    pub notes: Arc<Notes>,
    pub commands: Mutex<Sender<Command>>,
    pub next: AtomicU64,
    pub stop: watch::Receiver<bool>,
}

impl Shared {
    fn command(&self, cmd: Command) {
        if let Ok(tx) = self.commands.lock() {
            let _ = tx.send(cmd);
        }
    }
}

/// Accepts connections until the host stops, each served on a task of its own, at most
/// [`Limits::connections`] at once (the others are closed at once).
pub(crate) async fn listen(listener: TcpListener, shared: Arc<Shared>, slots: Arc<Semaphore>) {
    let mut stop = shared.stop.clone();
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let Ok((stream, peer)) = accepted else {
                    // Out of descriptors, say: a moment before trying again.
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                };
                let Ok(slot) = slots.clone().try_acquire_owned() else {
                    shared.notes.write(Some(peer), None, NoteKind::ConnectionFailed,
                        "turned away: too many connections");
                    continue;
                };
                let shared = shared.clone();
                tokio::spawn(async move {
                    serve(stream, peer, &shared).await;
                    drop(slot);
                });
            }
            _ = stop.changed() => break,
        }
    }
}

type Ws = WebSocketStream<TcpStream>;

/// A connection's whole life.
async fn serve(stream: TcpStream, peer: SocketAddr, shared: &Shared) {
    let _ = stream.set_nodelay(true);
    let limits = shared.limits;
    let deadline = tokio::time::Instant::now() + limits.hello;
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_CLIENT_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_CLIENT_MESSAGE_BYTES));
    let note = |seat: Option<Seat>, kind, text: String| {
        shared.notes.write(Some(peer), seat, kind, text);
    };
    let mut ws =
        match tokio::time::timeout_at(deadline, accept_async_with_config(stream, Some(config)))
            .await
        {
            Ok(Ok(ws)) => ws,
            Ok(Err(e)) => {
                note(
                    None,
                    NoteKind::ConnectionFailed,
                    format!("not a WebSocket connection: {e}"),
                );
                return;
            }
            Err(_) => {
                note(
                    None,
                    NoteKind::TurnedAway(Goodbye::NoHello),
                    "no WebSocket handshake in time".into(),
                );
                return;
            }
        };
    let seat = match hello(&mut ws, deadline, shared, peer).await {
        Ok(seat) => seat,
        Err(why) => {
            goodbye(&mut ws, why, &limits).await;
            return;
        }
    };
    let conn: ConnId = shared.next.fetch_add(1, Ordering::Relaxed);
    let (out_tx, out_rx) = mpsc::channel(limits.outbox.max(1));
    let (kill_tx, kill_rx) = oneshot::channel();
    shared.command(Command::Join {
        conn,
        seat,
        peer,
        out: out_tx,
        kill: kill_tx,
    });
    let why = joined(&mut ws, conn, seat, peer, shared, out_rx, kill_rx).await;
    shared.command(Command::Leave { conn });
    if let Some(why) = why {
        note(
            Some(seat),
            NoteKind::TurnedAway(why),
            format!("closed: {why}"),
        );
        goodbye(&mut ws, why, &limits).await;
    } else {
        let _ = timeout(limits.send, ws.close(None)).await;
    }
}

/// Reads the hello: the seat of a good one, else why the connection is closed.
async fn hello(
    ws: &mut Ws,
    deadline: tokio::time::Instant,
    shared: &Shared,
    peer: SocketAddr,
) -> Result<Seat, Goodbye> {
    let note = |kind, text: String| shared.notes.write(Some(peer), None, kind, text);
    let first = loop {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Err(_) => {
                note(
                    NoteKind::TurnedAway(Goodbye::NoHello),
                    "no hello in time".into(),
                );
                return Err(Goodbye::NoHello);
            }
            Ok(None) => return Err(Goodbye::NoHello),
            Ok(Some(Err(e))) => {
                note(NoteKind::ConnectionFailed, format!("before its hello: {e}"));
                return Err(Goodbye::NoHello);
            }
            Ok(Some(Ok(Message::Text(t)))) => break t,
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
            Ok(Some(Ok(_))) => {
                note(
                    NoteKind::Refused(RefusalKind::Malformed),
                    "the first message is not text".into(),
                );
                return Err(Goodbye::NoHello);
            }
        }
    };
    match serde_json::from_str::<ClientMessage>(first.as_str()) {
        Ok(ClientMessage::Hello { version, code }) => {
            if version != PROTOCOL_VERSION {
                note(
                    NoteKind::TurnedAway(Goodbye::Version {
                        host: PROTOCOL_VERSION,
                    }),
                    format!("speaks version {version} of the protocol"),
                );
                return Err(Goodbye::Version {
                    host: PROTOCOL_VERSION,
                });
            }
            match shared.codes.seat_of(&code) {
                Some(seat) => Ok(seat),
                None => {
                    note(
                        NoteKind::TurnedAway(Goodbye::UnknownCode),
                        "a code that is not the game's".into(),
                    );
                    tokio::time::sleep(shared.limits.wrong_code).await;
                    Err(Goodbye::UnknownCode)
                }
            }
        }
        Ok(_) => {
            note(
                NoteKind::TurnedAway(Goodbye::NoHello),
                "the first message is not a hello".into(),
            );
            Err(Goodbye::NoHello)
        }
        Err(e) => {
            note(
                NoteKind::Refused(RefusalKind::Malformed),
                format!("a hello that does not read: {e}"),
            );
            Err(Goodbye::NoHello)
        }
    }
}

/// Serves a joined table until it leaves (`None`) or the host closes it (why).
async fn joined(
    ws: &mut Ws,
    conn: ConnId,
    seat: Seat,
    peer: SocketAddr,
    shared: &Shared,
    mut out: mpsc::Receiver<String>,
    mut kill: oneshot::Receiver<Goodbye>,
) -> Option<Goodbye> {
    let limits = shared.limits;
    let mut reader = Reader {
        conn,
        seat,
        peer,
        shared,
        rate: RateLimit::new(&limits),
        too_fast: 0,
    };
    let mut heard = tokio::time::Instant::now();
    let mut stop = shared.stop.clone();
    if *stop.borrow() {
        return Some(Goodbye::Stopping);
    }
    loop {
        tokio::select! {
            incoming = ws.next() => {
                heard = tokio::time::Instant::now();
                match reader.take(ws, incoming).await {
                    Flow::On => {}
                    Flow::Left => return None,
                    Flow::Close(why) => return Some(why),
                }
            }
            msg = out.recv() => {
                // The game let go of the table: it says why, unless it is gone.
                let Some(text) = msg else {
                    return Some(kill.try_recv().unwrap_or(Goodbye::TooSlow));
                };
                match timeout(limits.send, ws.send(Message::text(text))).await {
                    Ok(Ok(())) => {}
                    Ok(Err(_)) => return None,
                    Err(_) => return Some(Goodbye::TooSlow),
                }
            }
            why = &mut kill => return Some(why.unwrap_or(Goodbye::Stopping)),
            _ = sleep_until(heard + limits.idle) => return Some(Goodbye::Silent),
            _ = stop.changed() => return Some(Goodbye::Stopping),
        }
    }
}

/// What comes of a message read.
enum Flow {
    On,
    /// The table left, or the connection failed.
    Left,
    Close(Goodbye),
}

/// Reads a joined table's messages.
struct Reader<'a> {
    conn: ConnId,
    seat: Seat,
    peer: SocketAddr,
    shared: &'a Shared,
    rate: RateLimit,
    /// Messages refused for the rate in a row.
    too_fast: u32,
}

impl Reader<'_> {
    fn note(&self, kind: NoteKind, text: String) {
        self.shared
            .notes
            .write(Some(self.peer), Some(self.seat), kind, text);
    }

    /// Refuses a message, saying why, and notes it.
    async fn refuse(&self, ws: &mut Ws, kind: RefusalKind, reason: String) -> Flow {
        self.note(NoteKind::Refused(kind), reason.clone());
        if send(
            ws,
            &ServerMessage::Refused(refusal(kind, reason)),
            &self.shared.limits,
        )
        .await
        {
            Flow::On
        } else {
            Flow::Left
        }
    }

    /// Takes what the table sent: a command for the game, a refusal, or the end.
    async fn take(
        &mut self,
        ws: &mut Ws,
        incoming: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
    ) -> Flow {
        let limits = self.shared.limits;
        let text = match incoming {
            None | Some(Ok(Message::Close(_))) => return Flow::Left,
            Some(Err(e)) => {
                // Too large, not a WebSocket frame, the connection reset.
                self.note(NoteKind::ConnectionFailed, format!("reading: {e}"));
                return Flow::Left;
            }
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => return Flow::On,
            Some(Ok(Message::Binary(_))) => {
                let why = "binary messages are not the protocol's: send JSON text";
                return self.refuse(ws, RefusalKind::Malformed, why.into()).await;
            }
        };
        if !self.rate.allow(Instant::now()) {
            self.too_fast += 1;
            if self.too_fast >= limits.flood {
                return Flow::Close(Goodbye::Flood);
            }
            // Noted at 1, 2, 4, 8... in a row, not each time.
            if self.too_fast.is_power_of_two() {
                let n = self.too_fast;
                let text = format!("{n} message(s) in a row over the rate limit refused");
                self.note(NoteKind::Refused(RefusalKind::TooFast), text);
            }
            let why = format!(
                "more than {} messages a second (after {} at once): this one is dropped",
                limits.per_second, limits.burst
            );
            let r = ServerMessage::Refused(refusal(RefusalKind::TooFast, why));
            return if send(ws, &r, &limits).await {
                Flow::On
            } else {
                Flow::Left
            };
        }
        self.too_fast = 0;
        let conn = self.conn;
        let cmd = match serde_json::from_str::<ClientMessage>(text.as_str()) {
            Err(e) => {
                let why = format!("not a message of the protocol: {e}");
                return self.refuse(ws, RefusalKind::Malformed, why).await;
            }
            Ok(ClientMessage::Hello { .. }) => {
                let why = format!("this connection has joined as {}", self.seat);
                return self.refuse(ws, RefusalKind::AlreadyJoined, why).await;
            }
            Ok(ClientMessage::Ping {}) => {
                return if send(ws, &ServerMessage::Pong, &limits).await {
                    Flow::On
                } else {
                    Flow::Left
                };
            }
            Ok(ClientMessage::Play { action, at }) => Command::Play { conn, action, at },
            Ok(ClientMessage::Undo { at }) => Command::Undo { conn, at },
            Ok(ClientMessage::Chat { text }) => Command::Chat { conn, text },
            Ok(ClientMessage::Resync {}) => Command::Resync { conn },
        };
        self.shared.command(cmd);
        Flow::On
    }
}

fn refusal(kind: RefusalKind, reason: String) -> Refusal {
    Refusal { kind, reason }
}

/// Sends one message within [`Limits::send`]; false when the connection is gone.
async fn send(ws: &mut Ws, msg: &ServerMessage, limits: &Limits) -> bool {
    let Ok(text) = serde_json::to_string(msg) else {
        return false;
    };
    matches!(
        timeout(limits.send, ws.send(Message::text(text))).await,
        Ok(Ok(()))
    )
}

/// Says why the connection closes, and closes it: the goodbye, the close, and what the
/// table still sends read and dropped until its close comes (all within [`Limits::send`]),
/// so that the goodbye is not lost to a reset of a connection with unread data.
async fn goodbye(ws: &mut Ws, reason: Goodbye, limits: &Limits) {
    if !send(ws, &ServerMessage::Goodbye { reason }, limits).await {
        return;
    }
    let _ = timeout(limits.send, async {
        let _ = ws.close(None).await;
        while let Some(Ok(_)) = ws.next().await {}
    })
    .await;
}
