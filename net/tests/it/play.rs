//! Two scripted remote tables play whole seeded games to the result the same decisions
//! reach played at one table here; a spectator watches; chat reaches every table.

use std::time::Duration;

use net::protocol::{ChatText, RefusalKind, Seat, SeatState};
use rules::Side;

use crate::common::*;

#[test]
fn two_remote_tables_play_a_whole_game_to_the_local_result() {
    for seed in [3, 8] {
        let host = host(seed, None, options());
        let mut h = join(&host, Seat::Humans, false);
        let mut m = join(&host, Seat::Martians, false);
        let mut watch = join(&host, Seat::Spectator, false);
        let (mut sh, mut sm) = (Scripted::new(seed), Scripted::new(seed + 100));
        play_out(&mut [(&mut h, &mut sh), (&mut m, &mut sm)]);
        assert!(watch.wait_until(Duration::from_secs(10), |t| t.state().is_over()));
        let played = decisions(&[&sh, &sm]);
        assert!(played.len() > 50, "seed {seed}: {} decisions", played.len());
        assert!(
            h.refusals().is_empty() && m.refusals().is_empty(),
            "{:?}",
            h.refusals()
        );
        let local = local(seed, &played);
        assert!(local.state().is_over());
        for t in [&h, &m, &watch] {
            assert_same_position(t, &local);
        }
        // The host's game is the local one.
        let status = host.status();
        assert_eq!(status.outcome, local.state().outcome());
        assert_eq!(status.made, local.history().len());
        for s in Side::BOTH {
            assert_eq!(status.vp[s], local.state().vp(s));
        }
        // Every table's log has the decisions it may see: all of its own side's.
        let own = |t: &net::remote_table::RemoteTable, side: Side| {
            t.log()
                .iter()
                .filter(|e| e.by == Some(side) && e.decision.is_some())
                .count()
        };
        let local_own = |side: Side| local.history().iter().filter(|s| s.by == side).count();
        assert_eq!(own(&h, Side::Humans), local_own(Side::Humans));
        assert_eq!(own(&m, Side::Martians), local_own(Side::Martians));
        assert!(own(&watch, Side::Humans) <= local_own(Side::Humans));
        // A replay from the table's own view: every position it was shown, in order.
        assert!(h.seen().len() > played.len() / 2);
        assert!(
            h.seen()
                .windows(2)
                .all(|w| (w[0].made, w[0].windows) < (w[1].made, w[1].windows))
        );
    }
}

#[test]
fn a_spectator_sees_the_public_game_and_decides_nothing() {
    let host = host(5, None, options());
    let mut h = join(&host, Seat::Humans, false);
    let mut m = join(&host, Seat::Martians, false);
    let mut watch = join(&host, Seat::Spectator, false);
    assert_eq!(watch.seat(), Seat::Spectator);
    assert!(!watch.sees_hand(Side::Humans) && !watch.sees_hand(Side::Martians));
    assert!(
        watch.wait_until(Duration::from_secs(5), |t| t.seats().spectators == 1
            && t.seats().humans == SeatState::Present
            && t.seats().martians == SeatState::Present)
    );
    let (mut sh, mut sm) = (Scripted::new(1), Scripted::new(2));
    play_until(
        &mut [(&mut h, &mut sm), (&mut m, &mut sh)],
        Duration::from_secs(20),
        |t| t[0].0.view().made >= 10,
    );
    assert!(watch.wait_until(Duration::from_secs(5), |t| t.view().made >= 10));
    assert!(watch.legal().is_empty());
    // The spectator's position holds the hands' sizes, never the cards (its snapshot is
    // of the position with both hands dealt afresh): the public parts are the host's.
    for s in Side::BOTH {
        assert_eq!(watch.state().hand_len(s), h.state().hand_len(s));
        assert_eq!(watch.state().vp(s), h.state().vp(s));
    }
    assert_eq!(watch.state().models(), h.state().models());
    // Its decision is refused, and the game goes on as it was.
    let at = watch.decision();
    let any = h
        .legal()
        .first()
        .copied()
        .or(m.legal().first().copied())
        .unwrap();
    watch
        .send(net::protocol::ClientMessage::Play { action: any, at })
        .unwrap();
    assert!(watch.wait_until(Duration::from_secs(5), |t| !t.refusals().is_empty()));
    assert_eq!(watch.refusals()[0].kind, RefusalKind::NotYourDecision);
    assert_eq!(host.status().decision, at);
}

#[test]
fn a_chat_line_reaches_every_table_and_a_table_joining_later() {
    let host = host(6, None, options());
    let mut h = join(&host, Seat::Humans, false);
    let mut m = join(&host, Seat::Martians, false);
    h.say(ChatText::new("good luck").unwrap()).unwrap();
    assert!(m.wait_until(Duration::from_secs(5), |t| !t.chat().is_empty()));
    assert_eq!(m.chat()[0].from, Seat::Humans);
    assert_eq!(m.chat()[0].text.as_str(), "good luck");
    assert!(h.wait_until(Duration::from_secs(5), |t| !t.chat().is_empty()));
    let watch = join(&host, Seat::Spectator, false);
    assert_eq!(
        watch.chat().len(),
        1,
        "the recent chat comes with the welcome"
    );
    // A chat line is not a decision: the position is the same.
    assert_eq!(host.status().decision, h.decision());
}

/// A person's answer to a response window comes into effect only once the window has
/// been open the hold time, however soon it was sent: a table that answers the windows
/// it holds no card for at once tells the other side nothing by it. Other decisions are
/// applied as they come.
#[test]
fn an_answer_to_a_response_window_waits_for_the_hold_time() {
    use rules::state::Phase;
    use std::time::Instant;
    let hold = Duration::from_millis(500);
    let host = host(
        8,
        None,
        net::host::HostOptions {
            window_hold: hold,
            ..options()
        },
    );
    let mut h = join(&host, Seat::Humans, false);
    let mut m = join(&host, Seat::Martians, false);
    let (mut sh, mut sm) = (Scripted::new(1), Scripted::new(2));
    let window = |t: &net::remote_table::RemoteTable| {
        t.my_decision() && matches!(t.state().phase(), Phase::Respond(_) | Phase::Escape(_))
    };
    let (mut windows, mut others) = (0, 0);
    while windows < 2 || others < 2 {
        play_until(
            &mut [(&mut h, &mut sh), (&mut m, &mut sm)],
            Duration::from_secs(30),
            |t| t.iter().any(|(t, _)| t.my_decision()),
        );
        assert!(!h.state().is_over(), "the game ended first");
        let (t, s) = if h.my_decision() {
            (&mut h, &mut sh)
        } else {
            (&mut m, &mut sm)
        };
        let is_window = window(t);
        let at = t.decision();
        let start = Instant::now();
        assert!(s.step(t));
        assert!(t.wait_until(Duration::from_secs(5), |t| t.decision() != at));
        let took = start.elapsed();
        if is_window {
            windows += 1;
            assert!(
                took >= hold - Duration::from_millis(50),
                "a window answered in {took:?}"
            );
        } else {
            others += 1;
            assert!(took < hold / 2, "a decision applied in {took:?}");
        }
    }
}

/// A node can host the AI on both sides: the spectators watch the whole game.
#[test]
fn a_host_of_two_ai_seats_plays_a_game_for_its_spectators() {
    use net::host::{Host, HostConfig};
    use net::seats::SeatPlan;
    let random = || SeatPlan::Ai("random".parse().unwrap());
    let config = HostConfig {
        scenario: scenario(),
        seed: Some(13),
        seats: rules::BySide::new(random(), random()),
        save: None,
    };
    let host = Host::start(config, options()).unwrap();
    assert!(host.codes().humans.is_none() && host.codes().martians.is_none());
    let mut watch = join(&host, Seat::Spectator, false);
    assert_eq!(watch.seats().humans, SeatState::Ai);
    assert!(watch.wait_until(Duration::from_secs(60), |t| t.state().is_over()));
    assert_eq!(host.status().outcome, watch.state().outcome());
    assert!(watch.log().iter().filter(|e| e.decision.is_some()).count() > 50);
    // No drawn card is named to a spectator.
    let named = watch
        .log()
        .iter()
        .flat_map(|e| &e.events)
        .any(|ev| ev.info["type"] == "drew" && !ev.info["card"].is_null());
    assert!(!named);
}
