//! Undo across the network: against the AI a table's undo is done at once; between two
//! people, once the other agrees; never past a roll or a draw, and never the other
//! side's decision. Each table is sent the position again with the whole log.

use std::time::Duration;

use net::host::{Host, HostConfig};
use net::protocol::{RefusalKind, Seat};
use net::remote_table::RemoteTable;
use net::seats::SeatPlan;
use rules::{Action, BySide, Side};

use crate::common::*;

/// The first legal decision that draws no dice: an activation or a deployment.
fn quiet(t: &RemoteTable) -> Action {
    *t.legal()
        .iter()
        .find(|a| matches!(a, Action::Activate(_) | Action::Deploy(_)))
        .expect("an activation or a deployment")
}

#[test]
fn against_the_ai_an_undo_is_done_at_once() {
    let config = HostConfig {
        scenario: scenario(),
        seed: Some(4),
        seats: BySide::new(SeatPlan::Person, SeatPlan::Ai("random".parse().unwrap())),
        save: None,
    };
    let host = Host::start(config, options()).unwrap();
    assert!(
        host.codes().of(Seat::Martians).is_none(),
        "no code for the AI's side"
    );
    let mut h = join(&host, Seat::Humans, false);
    assert!(h.wait_until(Duration::from_secs(20), |t| t.my_decision()));
    // Nothing of the Humans' to take back yet.
    h.ask_undo().unwrap();
    assert!(h.wait_until(Duration::from_secs(5), |t| !t.refusals().is_empty()));
    assert_eq!(h.refusals()[0].kind, RefusalKind::Undo);
    let before = (
        h.view().made,
        h.state().snapshot(Side::Humans),
        h.log().len(),
    );
    let a = quiet(&h);
    h.play(a).unwrap();
    assert!(h.wait_until(Duration::from_secs(5), |t| t.view().made == before.0 + 1));
    h.ask_undo().unwrap();
    assert!(h.wait_until(Duration::from_secs(5), |t| t.view().made == before.0));
    assert!(h.view().log.reset, "the whole log again");
    assert_eq!(
        (
            h.view().made,
            h.state().snapshot(Side::Humans),
            h.log().len()
        ),
        before
    );
    assert!(h.my_decision());
}

#[test]
fn between_two_people_an_undo_waits_for_the_other_to_agree() {
    let host = host(9, None, options());
    let mut h = join(&host, Seat::Humans, false);
    let mut m = join(&host, Seat::Martians, false);
    let (first, second) = if m.my_decision() {
        (&mut m, &mut h)
    } else {
        (&mut h, &mut m)
    };
    let side = first.seat().side().unwrap();
    let before = (first.view().made, first.state().snapshot(side));
    let a = quiet(first);
    first.play(a).unwrap();
    assert!(second.wait_until(Duration::from_secs(5), |t| t.view().made == before.0 + 1));
    assert!(first.wait_until(Duration::from_secs(5), |t| t.view().made == before.0 + 1));
    // The other person may not take it back for them.
    second.ask_undo().unwrap();
    assert!(second.wait_until(Duration::from_secs(5), |t| !t.refusals().is_empty()));
    assert_eq!(second.refusals()[0].kind, RefusalKind::Undo);
    // Asked: the other is told, and nothing changes until they agree.
    first.ask_undo().unwrap();
    assert!(second.wait_until(Duration::from_secs(5), |t| t.undo_asked() == Some(side)));
    let at = host.status().decision;
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(host.status().decision, at);
    second.ask_undo().unwrap();
    assert!(first.wait_until(Duration::from_secs(5), |t| t.view().made == before.0));
    assert_eq!((first.view().made, first.state().snapshot(side)), before);
    assert!(second.wait_until(Duration::from_secs(5), |t| t.view().made == before.0));
    assert_eq!(second.undo_asked(), None);
    assert!(first.refusals().is_empty(), "{:?}", first.refusals());
}
