//! Hostile clients: garbage, binary, unknown fields, strangers, another seat's code,
//! decisions out of turn or on an old position, floods, a message too large, a silent
//! connection and one that never reads. Each is refused (or turned away) and noted, the
//! game is unchanged by it, and the honest tables play on to the result the same
//! decisions reach here.

use std::io::Read;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use tokio_tungstenite::tungstenite::stream::MaybeTlsStream;
use tokio_tungstenite::tungstenite::{self, Message, WebSocket};

use net::host::{Host, HostOptions};
use net::limits::Limits;
use net::notes::NoteKind;
use net::protocol::{ClientMessage, Goodbye, PROTOCOL_VERSION, RefusalKind, Seat, ServerMessage};
use rules::{Action, ModelId, Side};

use crate::common::*;

type Raw = WebSocket<MaybeTlsStream<TcpStream>>;

/// A WebSocket connection to the host that says only what the test writes.
fn raw(host: &Host) -> Raw {
    let (ws, _) = tungstenite::connect(format!("ws://{}/", host.local_address())).unwrap();
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    }
    ws
}

fn text(ws: &mut Raw, t: &str) {
    ws.send(Message::text(t.to_string())).unwrap();
}

fn hello(ws: &mut Raw, code: &str) {
    text(
        ws,
        &format!(r#"{{"type":"hello","version":{PROTOCOL_VERSION},"code":"{code}"}}"#),
    );
}

/// The next message of the host's; `None` once the connection is closed.
fn next(ws: &mut Raw) -> Option<ServerMessage> {
    loop {
        match ws.read() {
            Ok(Message::Text(t)) => return Some(serde_json::from_str(t.as_str()).unwrap()),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

/// The next refusal or goodbye, skipping views and the rest.
fn answer(ws: &mut Raw) -> Option<ServerMessage> {
    loop {
        if let m @ (ServerMessage::Refused(_) | ServerMessage::Goodbye { .. }) = next(ws)? {
            return Some(m);
        }
    }
}

fn refused(ws: &mut Raw) -> RefusalKind {
    match answer(ws) {
        Some(ServerMessage::Refused(r)) => r.kind,
        other => panic!("not a refusal: {other:?}"),
    }
}

fn goodbye(ws: &mut Raw) -> Goodbye {
    match answer(ws) {
        Some(ServerMessage::Goodbye { reason }) => reason,
        other => panic!("not a goodbye: {other:?}"),
    }
}

#[test]
fn garbage_strangers_and_out_of_turn_decisions_are_refused_and_change_nothing() {
    let seed = 17;
    let host = host(seed, None, options());
    let mut h = join(&host, Seat::Humans, false);
    let mut m = join(&host, Seat::Martians, false);
    let codes = *host.codes();
    let at = host.status().decision;
    let position = h.state().snapshot(Side::Humans);

    // Strangers: a code that is not the game's, no hello, another version.
    let mut ws = raw(&host);
    hello(&mut ws, "ZZZZ-ZZZZ");
    assert_eq!(goodbye(&mut ws), Goodbye::UnknownCode);
    let mut ws = raw(&host);
    text(&mut ws, "hello?");
    assert_eq!(goodbye(&mut ws), Goodbye::NoHello);
    let mut ws = raw(&host);
    text(&mut ws, r#"{"type":"ping"}"#);
    assert_eq!(goodbye(&mut ws), Goodbye::NoHello);
    let mut ws = raw(&host);
    text(
        &mut ws,
        &format!(
            r#"{{"type":"hello","version":99,"code":"{}"}}"#,
            codes.spectator
        ),
    );
    assert_eq!(
        goodbye(&mut ws),
        Goodbye::Version {
            host: PROTOCOL_VERSION
        }
    );

    // A spectator's connection that sends everything but the protocol.
    let mut ws = raw(&host);
    hello(&mut ws, &codes.spectator.to_string());
    assert!(matches!(next(&mut ws), Some(ServerMessage::Welcome(_))));
    for garbage in [
        "not json",
        "{}",
        r#"{"type":"play","action":"rm -rf /","at":0}"#,
        r#"{"type":"play","action":"end-turn","at":"zero"}"#,
        r#"{"type":"chat","text":"x","exec":"sh"}"#,
        r#"{"type":"undo"}"#,
        "[1,2,3]",
    ] {
        text(&mut ws, garbage);
        assert_eq!(refused(&mut ws), RefusalKind::Malformed, "{garbage}");
    }
    ws.send(Message::binary(vec![0u8, 159, 146, 150])).unwrap();
    assert_eq!(refused(&mut ws), RefusalKind::Malformed);
    // Another seat's code on a joined connection.
    hello(&mut ws, &codes.humans.unwrap().to_string());
    assert_eq!(refused(&mut ws), RefusalKind::AlreadyJoined);
    // A spectator's decision.
    let (mover, waiter) = if h.my_decision() {
        (&mut h, &mut m)
    } else {
        (&mut m, &mut h)
    };
    let legal = mover.legal()[0];
    text(
        &mut ws,
        &format!(r#"{{"type":"play","action":"{legal}","at":{}}}"#, at.0),
    );
    assert_eq!(refused(&mut ws), RefusalKind::NotYourDecision);

    // The seats' own tables: another seat's code, out of turn, an old position, illegal.
    waiter
        .send(ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            code: codes.of(mover.seat()).unwrap(),
        })
        .unwrap();
    waiter
        .send(ClientMessage::Play { action: legal, at })
        .unwrap();
    mover
        .send(ClientMessage::Play {
            action: legal,
            at: net::protocol::DecisionNumber(at.0 + 7),
        })
        .unwrap();
    let illegal = Action::Shoot(ModelId(0));
    assert!(!mover.legal().contains(&illegal));
    assert_eq!(
        mover.play(illegal),
        Err(net::remote_table::SendError::NotLegal(illegal))
    );
    mover
        .send(ClientMessage::Play {
            action: illegal,
            at,
        })
        .unwrap();
    assert!(waiter.wait_until(Duration::from_secs(5), |t| t.refusals().len() == 2));
    assert!(mover.wait_until(Duration::from_secs(5), |t| t.refusals().len() == 2));
    let kinds = |t: &net::remote_table::RemoteTable| {
        t.refusals().iter().map(|r| r.kind).collect::<Vec<_>>()
    };
    assert_eq!(
        kinds(waiter),
        [RefusalKind::AlreadyJoined, RefusalKind::NotYourDecision]
    );
    assert_eq!(kinds(mover), [RefusalKind::Stale, RefusalKind::Illegal]);
    assert!(
        mover.refusals()[1].reason.contains("shoot m1"),
        "{:?}",
        mover.refusals()[1]
    );

    // Nothing changed, and every refusal was noted.
    assert_eq!(host.status().decision, at);
    assert_eq!(h.state().snapshot(Side::Humans), position);
    let notes = host.notes();
    for kind in [
        NoteKind::TurnedAway(Goodbye::UnknownCode),
        NoteKind::TurnedAway(Goodbye::NoHello),
        NoteKind::Refused(RefusalKind::Malformed),
        NoteKind::Refused(RefusalKind::AlreadyJoined),
        NoteKind::Refused(RefusalKind::NotYourDecision),
        NoteKind::Refused(RefusalKind::Stale),
        NoteKind::Refused(RefusalKind::Illegal),
    ] {
        assert!(
            notes.iter().any(|n| n.kind == kind),
            "{kind:?} noted: {notes:#?}"
        );
    }
    // No note holds a code.
    for n in &notes {
        for c in [
            codes.humans.unwrap(),
            codes.martians.unwrap(),
            codes.spectator,
        ] {
            assert!(!n.to_string().contains(&c.to_string()), "{n}");
        }
    }
    drop(ws);

    // The honest tables play on to the same result as the same decisions here.
    let (mut sh, mut sm) = (Scripted::new(1), Scripted::new(2));
    play_out(&mut [(&mut h, &mut sh), (&mut m, &mut sm)]);
    let local = local(seed, &decisions(&[&sh, &sm]));
    assert_same_position(&h, &local);
    assert_eq!(host.status().outcome, local.state().outcome());
}

#[test]
fn a_message_too_large_or_a_flood_closes_only_its_connection() {
    let limits = Limits {
        burst: 10,
        per_second: 5,
        flood: 40,
        ..limits()
    };
    let host = host(
        23,
        None,
        HostOptions {
            limits,
            ..options()
        },
    );
    let mut h = join(&host, Seat::Humans, false);
    let mut m = join(&host, Seat::Martians, false);
    let spectator = host.codes().spectator.to_string();

    let mut ws = raw(&host);
    hello(&mut ws, &spectator);
    assert!(matches!(next(&mut ws), Some(ServerMessage::Welcome(_))));
    let big = format!(r#"{{"type":"chat","text":"{}"}}"#, "x".repeat(20_000));
    let _ = ws.send(Message::text(big));
    let start = Instant::now();
    while next(&mut ws).is_some() {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the connection stays open"
        );
    }
    assert!(host.wait_until(Duration::from_secs(5), |s| s.seats.spectators == 0));
    assert!(
        host.notes()
            .iter()
            .any(|n| n.kind == NoteKind::ConnectionFailed)
    );

    let mut ws = raw(&host);
    hello(&mut ws, &spectator);
    assert!(matches!(next(&mut ws), Some(ServerMessage::Welcome(_))));
    for _ in 0..200 {
        if ws.send(Message::text(r#"{"type":"ping"}"#)).is_err() {
            break;
        }
    }
    let (mut pongs, mut too_fast) = (0, 0);
    let why = loop {
        match next(&mut ws) {
            Some(ServerMessage::Pong) => pongs += 1,
            Some(ServerMessage::Refused(r)) if r.kind == RefusalKind::TooFast => too_fast += 1,
            Some(ServerMessage::Goodbye { reason }) => break reason,
            Some(_) => {}
            None => panic!("closed without a goodbye"),
        }
    };
    assert_eq!(why, Goodbye::Flood);
    assert!((10..=20).contains(&pongs), "{pongs} pings answered");
    assert!(too_fast > 0);
    assert!(
        host.notes()
            .iter()
            .any(|n| n.kind == NoteKind::Refused(RefusalKind::TooFast))
    );

    // The seats' tables were never troubled: a decision of theirs is taken as ever.
    assert!(h.is_connected() && m.is_connected());
    assert!(h.refusals().is_empty() && m.refusals().is_empty());
    let mover = if h.my_decision() { &mut h } else { &mut m };
    let made = mover.view().made;
    let a = mover.legal()[0];
    mover.play(a).unwrap();
    assert!(mover.wait_until(Duration::from_secs(5), |t| t.view().made == made + 1));
    assert!(mover.refusals().is_empty());
}

#[test]
fn a_silent_or_slow_client_cannot_stall_the_host() {
    let limits = Limits {
        hello: Duration::from_millis(500),
        outbox: 8,
        ..limits()
    };
    let host = host(
        29,
        None,
        HostOptions {
            limits,
            ..options()
        },
    );
    // A connection that never says anything, not even the WebSocket handshake.
    let mut silent = TcpStream::connect(host.local_address()).unwrap();
    silent
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    // A spectator that joins and never reads again.
    let mut deaf = raw(&host);
    hello(&mut deaf, &host.codes().spectator.to_string());
    let mut h = join(&host, Seat::Humans, false);
    let mut m = join(&host, Seat::Martians, false);
    let start = Instant::now();
    let (mut sh, mut sm) = (Scripted::new(5), Scripted::new(6));
    play_out(&mut [(&mut h, &mut sh), (&mut m, &mut sm)]);
    assert!(start.elapsed() < Duration::from_secs(30));
    assert!(host.status().outcome.is_some());
    // The silent one was let go after the hello deadline.
    let mut buf = [0u8; 16];
    assert_eq!(silent.read(&mut buf).ok(), Some(0), "closed by the host");
    let noted = || {
        host.notes()
            .iter()
            .any(|n| n.text.contains("no WebSocket handshake in time"))
    };
    let start = Instant::now();
    while !noted() {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the silent one is noted"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    drop(deaf);
}

#[test]
fn a_joined_table_silent_past_the_idle_deadline_is_let_go() {
    let limits = Limits {
        idle: Duration::from_millis(300),
        ..limits()
    };
    let host = host(
        31,
        None,
        HostOptions {
            limits,
            ..options()
        },
    );
    let mut ws = raw(&host);
    hello(&mut ws, &host.codes().spectator.to_string());
    assert!(matches!(next(&mut ws), Some(ServerMessage::Welcome(_))));
    assert_eq!(goodbye(&mut ws), Goodbye::Silent);
    assert!(
        host.notes()
            .iter()
            .any(|n| n.kind == NoteKind::TurnedAway(Goodbye::Silent))
    );
}

#[test]
fn a_host_refuses_a_player_it_does_not_offer_or_a_program_not_allowed() {
    use net::host::{HostConfig, HostError};
    use net::seats::SeatPlan;
    use rules::BySide;
    let config = |spec: &str| HostConfig {
        scenario: scenario(),
        seed: Some(1),
        seats: BySide::new(SeatPlan::Person, SeatPlan::Ai(spec.parse().unwrap())),
        save: None,
    };
    let e = Host::start(config("oracle:hard"), options()).err().unwrap();
    assert!(
        matches!(
            e,
            HostError::Unplayable {
                side: Side::Martians,
                ..
            }
        ),
        "{e}"
    );
    let e = Host::start(config("exec:./bot"), options()).err().unwrap();
    assert!(matches!(e, HostError::ProgramNotAllowed { .. }), "{e}");
    assert!(e.to_string().contains("allow programs"), "{e}");
}
