//! A table that drops keeps its seat: it rejoins with its code to the current position
//! (the whole view sent again), mid-Turn, and the game ends as the same decisions end it
//! here; past the grace period the stand-in AI plays for it until it is back.

use std::time::Duration;

use net::host::HostOptions;
use net::protocol::{RefusalKind, Seat, SeatState};
use rules::Side;
use rules::state::Phase;

use crate::common::*;

#[test]
fn a_table_that_drops_mid_turn_rejoins_to_the_current_position() {
    let seed = 12;
    let host = host(seed, None, options());
    let mut h = join(&host, Seat::Humans, false);
    let mut m = join(&host, Seat::Martians, false);
    let (mut sh, mut sm) = (Scripted::new(1), Scripted::new(2));
    // Into a Turn of the Humans', a model acting: their decision.
    play_until(
        &mut [(&mut h, &mut sh), (&mut m, &mut sm)],
        Duration::from_secs(30),
        |t| {
            let h = &t[0].0;
            h.my_decision() && matches!(h.state().phase(), Phase::Acting(_)) && h.view().made > 20
        },
    );
    assert!(h.my_decision());
    let before = h.state().snapshot(Side::Humans);
    let log_before = h.log().to_vec();
    h.disconnect();
    assert!(m.wait_until(Duration::from_secs(5), |t| t.seats().humans
        == SeatState::Away));
    assert!(host.wait_until(Duration::from_secs(5), |s| s.seats.humans
        == SeatState::Away));
    // Away, the seat is still the Humans': the Martians may not decide for them.
    let not_theirs = h.legal()[0];
    let at = m.decision();
    m.send(net::protocol::ClientMessage::Play {
        action: not_theirs,
        at,
    })
    .unwrap();
    assert!(m.wait_until(Duration::from_secs(5), |t| !t.refusals().is_empty()));
    assert_eq!(m.refusals()[0].kind, RefusalKind::NotYourDecision);
    // Back with the same code: the same position, the whole log.
    h.rejoin().unwrap();
    assert!(h.is_connected());
    assert_eq!(h.state().snapshot(Side::Humans), before);
    assert_eq!(h.log(), &log_before[..]);
    assert!(h.my_decision());
    assert!(m.wait_until(Duration::from_secs(5), |t| t.seats().humans
        == SeatState::Present));

    // The other side drops while the Humans decide, and comes back to what they did.
    m.disconnect();
    let made = h.view().made;
    play_until(&mut [(&mut h, &mut sh)], Duration::from_secs(30), |t| {
        t[0].0.view().made >= made + 2 || !t[0].0.my_decision()
    });
    m.rejoin().unwrap();
    assert_eq!(m.view().made, h.view().made);
    assert_eq!(m.state().models(), h.state().models());
    sm.reset();
    play_out(&mut [(&mut h, &mut sh), (&mut m, &mut sm)]);
    let local = local(seed, &decisions(&[&sh, &sm]));
    assert!(local.state().is_over());
    assert_same_position(&h, &local);
    assert_same_position(&m, &local);
    assert_eq!(host.status().outcome, local.state().outcome());
}

#[test]
fn past_the_grace_period_the_stand_in_plays_until_the_person_is_back() {
    let options = HostOptions {
        stand_in: Some("random".parse().unwrap()),
        ..options()
    };
    let host = host(14, None, options);
    let mut h = join(&host, Seat::Humans, false);
    let mut m = join(&host, Seat::Martians, false);
    let (mut sh, mut sm) = (Scripted::new(3), Scripted::new(4));
    play_until(
        &mut [(&mut h, &mut sh), (&mut m, &mut sm)],
        Duration::from_secs(30),
        |t| t[0].0.view().made > 10 && t[1].0.my_decision(),
    );
    m.disconnect();
    // Within the grace period nothing moves for them.
    std::thread::sleep(Duration::from_millis(100));
    let made = host.status().made;
    assert_eq!(host.status().seats.martians, SeatState::Away);
    // Past it, the AI decides for the Martians.
    assert!(h.wait_until(Duration::from_secs(10), |t| t.seats().martians
        == SeatState::StandIn));
    play_until(&mut [(&mut h, &mut sh)], Duration::from_secs(30), |_| {
        host.status().made > made + 3
    });
    assert!(
        host.notes()
            .iter()
            .any(|n| n.kind == net::notes::NoteKind::StandIn)
    );
    m.rejoin().unwrap();
    assert!(h.wait_until(Duration::from_secs(5), |t| t.seats().martians
        == SeatState::Present));
    sm.reset();
    play_out(&mut [(&mut h, &mut sh), (&mut m, &mut sm)]);
    assert!(host.status().outcome.is_some());
}

/// The code is the seat's key: a table joining with it while another holds the seat
/// takes the seat (a table that rejoins before its drop is noticed), and the other is
/// told why it is let go.
#[test]
fn a_second_table_with_a_seats_code_takes_the_seat() {
    let host = host(2, None, options());
    let mut first = join(&host, Seat::Martians, false);
    let mut second = join(&host, Seat::Martians, false);
    assert!(first.wait_until(Duration::from_secs(5), |t| !t.is_connected()));
    assert!(matches!(
        first.link_state(),
        net::remote_table::LinkState::Closed {
            goodbye: Some(net::protocol::Goodbye::Replaced),
            ..
        }
    ));
    assert!(second.is_connected());
    assert!(
        second.wait_until(Duration::from_secs(5), |t| t.seats().martians
            == SeatState::Present)
    );
    assert_eq!(
        first.send(net::protocol::ClientMessage::Ping {}),
        Err(net::remote_table::SendError::Closed)
    );
}
