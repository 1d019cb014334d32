//! The host saves the game after every change: a host restarted from the save goes on
//! from the same position with the same codes, the tables rejoin with theirs, and the
//! game ends as the same decisions end it here.

use std::time::Duration;

use net::host::{Host, HostError};
use net::protocol::Seat;
use net::remote_table::LinkState;
use net::seats::seats_file_path;
use rules::{Action, Side};
use skirmish_table::table::session::Session;

use crate::common::*;

#[test]
fn a_host_restarted_from_its_save_goes_on_with_the_same_codes() {
    let seed = 21;
    let dir = temp_dir("resume");
    let save = dir.join("game.json");
    let first = host(seed, Some(save.clone()), options());
    let mut h = join(&first, Seat::Humans, false);
    let mut m = join(&first, Seat::Martians, false);
    let (mut sh, mut sm) = (Scripted::new(5), Scripted::new(6));
    play_until(
        &mut [(&mut h, &mut sh), (&mut m, &mut sm)],
        Duration::from_secs(30),
        |t| t[0].0.view().made > 30 && t[0].0.decision() == t[1].0.decision(),
    );
    let before: Vec<Action> = decisions(&[&sh, &sm]);
    let positions = (
        h.state().snapshot(Side::Humans),
        m.state().snapshot(Side::Martians),
    );
    // Saved after every change: the file holds the game as it is now.
    let saved = Session::read_save(&save).unwrap();
    assert_eq!(saved.actions.len(), h.view().made as usize);
    let codes = *first.codes();
    drop(first);
    assert!(h.wait_until(Duration::from_secs(5), |t| !t.is_connected()));
    assert!(matches!(
        h.link_state(),
        LinkState::Closed {
            goodbye: Some(net::protocol::Goodbye::Stopping),
            ..
        }
    ));

    let second = Host::resume(&save, options()).unwrap();
    for seat in Seat::ALL {
        assert_eq!(second.codes().of(seat), codes.of(seat), "{seat}");
    }
    h.rejoin_at(second.local_address().into()).unwrap();
    m.rejoin_at(second.local_address().into()).unwrap();
    assert_eq!(
        (
            h.state().snapshot(Side::Humans),
            m.state().snapshot(Side::Martians)
        ),
        positions
    );
    let (nh, nm) = (sh.played.len(), sm.played.len());
    sh.reset();
    sm.reset();
    play_out(&mut [(&mut h, &mut sh), (&mut m, &mut sm)]);
    let mut after: Vec<_> = sh.played[nh..]
        .iter()
        .chain(&sm.played[nm..])
        .copied()
        .collect();
    after.sort_by_key(|(d, _)| *d);
    let all: Vec<Action> = before
        .into_iter()
        .chain(after.into_iter().map(|(_, a)| a))
        .collect();
    let local = local(seed, &all);
    assert!(local.state().is_over());
    assert_same_position(&h, &local);
    assert_same_position(&m, &local);
    assert_eq!(second.status().outcome, local.state().outcome());
    drop(second);
    // Ended, the save holds the whole game.
    assert_eq!(
        Session::load(&save).unwrap().state().outcome(),
        local.state().outcome()
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_save_without_its_seats_file_or_not_a_save_is_refused() {
    let dir = temp_dir("resume-bad");
    let save = dir.join("game.json");
    let host = host(3, Some(save.clone()), options());
    drop(host);
    std::fs::remove_file(seats_file_path(&save)).unwrap();
    let e = Host::resume(&save, options()).err().expect("refused");
    assert!(matches!(e, HostError::Seats(_)), "{e}");
    assert!(e.to_string().contains("game.json.seats.json"), "{e}");
    // A file that is not a saved game is never written over.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "mine").unwrap();
    let config = net::host::HostConfig {
        scenario: scenario(),
        seed: Some(1),
        seats: rules::BySide::new(net::seats::SeatPlan::Person, net::seats::SeatPlan::Person),
        save: Some(notes.clone()),
    };
    let e = Host::start(config, options()).err().expect("refused");
    assert!(e.to_string().contains("is not a saved game"), "{e}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "mine");
    std::fs::remove_dir_all(&dir).ok();
}
