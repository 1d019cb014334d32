//! Nothing hidden leaves the host: whole games played over loopback, every message each
//! seat was sent kept as it came, and each checked against the true game, replayed here
//! from the host's save. A seat's view must be exactly the view of the true position for
//! its side (built by `net::view`, whose views are the same whatever the seat cannot see:
//! its unit tests), its snapshot its own side's, no drawn card of the other side named,
//! no `respond none` of the other side listed, and no message may hold the seed or
//! another seat's code. The positive control: a host with the filter off is caught.

use std::path::Path;

use net::protocol::{ServerMessage, View};
use net::seats::SeatCodes;
use net::view::{Filter, LogCursor, Position, view_of};
use rules::state::Event;
use rules::{Action, Side};
use skirmish_table::table::session::Session;

use net::protocol::Seat;

use crate::common::*;

/// What is wrong with the messages a seat was sent, one line each (none: nothing leaked).
fn problems(save: &Path, seat: Seat, frames: &[String], codes: &SeatCodes) -> Vec<String> {
    let saved = Session::read_save(save).unwrap();
    assert_eq!(saved.setup.seed, LONG_SEED);
    let mut truth = local(LONG_SEED, &[]);
    let mut secrets = vec![LONG_SEED.to_string(), format!("{LONG_SEED:x}")];
    for other in Seat::ALL.into_iter().filter(|s| *s != seat) {
        if let Some(c) = codes.of(other) {
            secrets.push(c.to_string());
            secrets.push(c.to_string().replace('-', ""));
        }
    }
    let mut out = Vec::new();
    let mut cursor: Option<LogCursor> = None;
    let mut views = 0;
    for (i, text) in frames.iter().enumerate() {
        for s in &secrets {
            if text.contains(s.as_str()) {
                out.push(format!("message {i} holds a secret: {s}"));
            }
        }
        let view: View = match serde_json::from_str::<ServerMessage>(text) {
            Ok(ServerMessage::Welcome(w)) => w.view,
            Ok(ServerMessage::View(v)) => *v,
            Ok(_) => continue,
            Err(e) => {
                out.push(format!("message {i} is not the protocol's: {e}"));
                continue;
            }
        };
        views += 1;
        // The true game at the position the view shows.
        let at = |s: &Session| (s.history().len() as u32, s.to_save().windows_after as u32);
        while at(&truth) < (view.made, view.windows) {
            let next = if truth.state().is_empty_window() {
                Action::Respond(None)
            } else {
                saved.actions[truth.history().len()]
            };
            truth.play(next).unwrap();
        }
        if at(&truth) != (view.made, view.windows) {
            out.push(format!("message {i}: no such position in the game"));
            continue;
        }
        if view.log.reset {
            cursor = None;
        }
        let p = Position::of(&truth, view.windows);
        let mut other_cursor = cursor;
        let expected = view_of(&p, seat, view.decision, &mut cursor, Filter::Seat);
        if expected != view {
            out.push(format!(
                "message {i}: not the {seat} view of the true position"
            ));
        }
        // The same position with what the seat may not see dealt afresh (the other hand,
        // both for a spectator): the view must not change.
        let mut other = truth.state().clone();
        let mut rng = rules::rng_from_seed(i as u64);
        match seat.side() {
            Some(side) => other.determinize(side, &mut rng),
            None => other.determinize_both(&mut rng),
        }
        let q = Position { state: &other, ..p };
        if view_of(&q, seat, view.decision, &mut other_cursor, Filter::Seat).snapshot
            != view.snapshot
        {
            out.push(format!("message {i}: the position shows the hidden cards"));
        }
        if let Some(side) = seat.side()
            && view.snapshot.0 != net::protocol::SnapshotText::of(truth.state(), side).0
        {
            out.push(format!("message {i}: a snapshot not of the {side}' view"));
        }
        for e in &view.log.entries {
            for ev in &e.events {
                let drew_other = ev.info["type"] == "drew"
                    && seat.side().is_none_or(|s| ev.info["side"] != s.name());
                let face_down = ev.info["card"].is_null() && ev.text.ends_with(" draw a card");
                if drew_other && !face_down {
                    out.push(format!(
                        "message {i}: names a card the other side drew: {}",
                        ev.info
                    ));
                }
            }
            let theirs = e.by.is_some_and(|b| Some(b) != seat.side());
            if theirs
                && e.decision
                    .as_ref()
                    .is_some_and(|d| d.action == Action::Respond(None))
            {
                out.push(format!(
                    "message {i}: lists the other side's `respond none`"
                ));
            }
        }
    }
    if views < 20 {
        out.push(format!("only {views} views: the game was not played"));
    }
    out
}

/// Plays a whole game of people at both seats and a spectator over loopback with
/// `filter`, and checks what each seat was sent; the problems found, by seat.
fn play_and_check(filter: Filter, name: &str) -> Vec<(Seat, Vec<String>)> {
    let dir = temp_dir(name);
    let save = dir.join("game.json");
    let host = host(
        LONG_SEED,
        Some(save.clone()),
        net::host::HostOptions {
            filter,
            ..options()
        },
    );
    let mut h = join(&host, Seat::Humans, true);
    let mut m = join(&host, Seat::Martians, true);
    let mut watch = join(&host, Seat::Spectator, true);
    let (mut sh, mut sm) = (Scripted::new(31), Scripted::new(32));
    play_out(&mut [(&mut h, &mut sh), (&mut m, &mut sm)]);
    assert!(watch.wait_until(std::time::Duration::from_secs(10), |t| t.state().is_over()));
    let codes = *host.codes();
    drop(host);
    // The game had hidden things to leak: each side drew, counters were revealed.
    let truth = Session::load(&save).unwrap();
    let events = || truth.history().iter().flat_map(|s| s.events.iter());
    for side in Side::BOTH {
        assert!(events().any(|e| matches!(e, Event::Drew { side: s, .. } if *s == side)));
    }
    assert!(events().any(|e| matches!(e, Event::Revealed(..))));
    let out = [
        (Seat::Humans, &h),
        (Seat::Martians, &m),
        (Seat::Spectator, &watch),
    ]
    .into_iter()
    .map(|(seat, t)| (seat, problems(&save, seat, t.frames(), &codes)))
    .collect();
    std::fs::remove_dir_all(&dir).ok();
    out
}

#[test]
fn no_message_to_a_seat_holds_what_it_may_not_see() {
    for (seat, problems) in play_and_check(Filter::Seat, "leak") {
        assert!(problems.is_empty(), "{seat}: {problems:#?}");
    }
}

/// The positive control: with the filter off, the other side's draws are named in the
/// log and the spectator is shown the Humans' hand, and the check catches each seat.
#[test]
fn the_leak_check_catches_a_host_without_the_filter() {
    for (seat, problems) in play_and_check(Filter::OffForTests, "leak-control") {
        assert!(!problems.is_empty(), "{seat}: the leak was not caught");
        if seat.side().is_some() {
            assert!(
                problems
                    .iter()
                    .any(|p| p.contains("names a card the other side drew")),
                "{seat}: {problems:#?}"
            );
        }
    }
}
