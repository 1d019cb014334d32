//! Network play in the window, driven headless over loopback: "Host a game" in the New
//! game window runs the host in the program and seats this window's table at it like any
//! other; "Join a game" takes a seat at a host elsewhere. Either way the board is the
//! session at a distance: the position the host sent, its own hand only, the decisions
//! the host offers, each sent to the host.

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use mars_attacks::gui::MarsApp;
use mars_attacks::gui::command::Command;
use mars_attacks::gui::network_window::Sitter;
use mars_attacks::rules::{Action, BySide, Side};
use mars_attacks::table::setup::GameSetup;
use net::host::{Host, HostConfig, HostOptions};
use net::protocol::{ChatText, Seat};
use net::remote_table::{JoinOptions, RemoteTable};
use net::seats::SeatPlan;

use super::gui::{harness, root, step_until, temp_dir};

fn window(name: &str) -> Harness<'static, MarsApp> {
    let setup = GameSetup::versus_ai(
        root().join("scenarios/whos-there.toml"),
        Side::Humans,
        "random".parse().unwrap(),
        3,
    );
    harness(setup, temp_dir(name))
}

/// The decision the window's person makes now: the first the host offers.
fn decide(h: &mut Harness<'_, MarsApp>) -> bool {
    let Some(s) = &h.state().session else {
        return false;
    };
    let Some(first) = s.legal().first().copied() else {
        return false;
    };
    h.state_mut().run(vec![Command::Play(vec![first])]);
    true
}

#[test]
fn the_window_hosts_a_game_against_the_ai_and_plays_it_through_the_host() {
    let mut h = window("net-host");
    h.get_by_label("New game").click();
    h.run_steps(4);
    h.get_by_label("Host a game…").click();
    h.run_steps(4);
    {
        let w = h.state_mut().network_window_mut();
        w.sitters = BySide::new(Sitter::You, Sitter::Ai("random".into()));
        w.port = "0".into();
        w.on_the_network = false;
    }
    // The window is drawn again at its new size before it is clicked.
    h.run_steps(4);
    h.get_by_label("Start hosting").click();
    h.run_steps(2);
    step_until(&mut h, "the window's table to join its host", |a| {
        a.remote().is_some()
    });
    let s = h.state().session.as_ref().unwrap();
    assert!(s.afar().is_some(), "the board shows the host's game");
    assert_eq!(s.afar().unwrap().seat, Some(Side::Humans));
    assert!(s.sees_hand(Side::Humans) && !s.sees_hand(Side::Martians));
    // A plan of two decisions (a model activated, then what it does) goes to the host one
    // at a time, the second once the host has answered the first.
    step_until(&mut h, "the Humans' first decision", |a| {
        a.session.as_ref().is_some_and(|s| !s.legal().is_empty())
    });
    let s = h.state().session.as_ref().unwrap();
    let activate = s
        .legal()
        .into_iter()
        .find(|a| matches!(a, Action::Activate(_)))
        .expect("a model to activate at the start of the Turn");
    let mut after = s.state().clone();
    after
        .play(activate, &mut mars_attacks::rules::rng_from_seed(0))
        .unwrap();
    let mut then = Vec::new();
    after.legal_actions(&mut then);
    let made = s.decisions_made();
    let logged = s.history().len();
    h.state_mut()
        .run(vec![Command::Play(vec![activate, then[0]])]);
    step_until(&mut h, "both decisions of the plan at the host", |a| {
        a.session.as_ref().unwrap().decisions_made() >= made + 2
    });
    let log = h.state().remote().unwrap().table.log();
    let decided: Vec<Action> = log
        .iter()
        .filter_map(|e| e.decision.as_ref().map(|d| d.action))
        .collect();
    assert_eq!(decided[logged..logged + 2], [activate, then[0]]);
    // Play ten of the Humans' decisions, each through the host.
    let mut played = 0;
    while played < 10 {
        step_until(&mut h, "a decision of the Humans", |a| {
            a.session
                .as_ref()
                .is_some_and(|s| !s.legal().is_empty() || s.state().is_over())
        });
        if h.state().session.as_ref().unwrap().state().is_over() {
            break;
        }
        let made = h.state().session.as_ref().unwrap().decisions_made();
        assert!(decide(&mut h));
        played += 1;
        step_until(&mut h, "the host to answer", |a| {
            a.session.as_ref().unwrap().decisions_made() > made
        });
    }
    assert!(played > 0);
    // A hint is searched here, from the Humans' own view, and names a decision the host
    // offers.
    step_until(&mut h, "a decision of the Humans", |a| {
        a.session
            .as_ref()
            .is_some_and(|s| !s.legal().is_empty() || s.state().is_over())
    });
    if !h.state().session.as_ref().unwrap().state().is_over() {
        h.state_mut().run(vec![Command::Hint]);
        step_until(&mut h, "the hint", |a| {
            a.session
                .as_ref()
                .and_then(|s| s.current_hint())
                .is_some_and(|hint| hint.report.is_some())
        });
        let s = h.state().session.as_ref().unwrap();
        let first = s.current_hint().unwrap().line.first().copied();
        assert!(first.is_some_and(|a| s.legal().contains(&a)), "{first:?}");
    }
    let app = h.state();
    let game = app.remote().unwrap();
    let host = game.hosted.as_ref().unwrap();
    let session = app.session.as_ref().unwrap();
    // The board is the host's position as the Humans see it.
    assert_eq!(host.status().made, session.decisions_made());
    assert_eq!(session.state(), game.table.state());
    assert_eq!(
        session.history().len(),
        game.table
            .log()
            .iter()
            .filter(|e| e.decision.is_some())
            .count()
    );
    // Looking back: the first position this table was shown, as it was shown, and nothing
    // to decide there; then back to the game.
    let now = (session.decisions_made(), session.state().clone());
    let first = game.table.seen()[0].made as usize;
    h.state_mut().look_back(Some(0));
    let s = h.state().session.as_ref().unwrap();
    assert_eq!(s.decisions_made(), first);
    assert!(s.legal().is_empty());
    assert_eq!(h.state().remote().unwrap().looking_back(), Some(0));
    h.run_steps(2);
    h.get_by_label("Looking back: nothing can be decided.");
    h.state_mut().look_back(None);
    let s = h.state().session.as_ref().unwrap();
    assert_eq!((s.decisions_made(), s.state().clone()), now);
    // A save is refused (the host keeps the game), and nothing is written.
    let path = temp_dir("net-host").join("not-written.json");
    h.state_mut().run(vec![Command::Save(path.clone())]);
    assert!(!path.exists());
    h.run_steps(2);
    h.get_by_label("Network game");
    h.get_by_label("Connected to the host");
    // The host's window shows where friends join and the codes of the seats it offers:
    // here only the spectators' (the AI plays the Martians, and the Humans' seat is this
    // window's).
    h.get_by_label("Friends join with");
    let codes = *h.state().remote().unwrap().hosted.as_ref().unwrap().codes();
    assert!(codes.martians.is_none());
    h.get_by_label(&codes.spectator.to_string());
    assert!(
        h.query_by_label(&codes.humans.unwrap().to_string())
            .is_none()
    );
}

#[test]
fn a_window_joins_a_friends_host_sees_only_its_side_and_chats() {
    let host = Host::start(
        HostConfig {
            scenario: root().join("scenarios/ambush.toml"),
            seed: Some(21),
            seats: BySide::new(SeatPlan::Person, SeatPlan::Person),
            save: None,
        },
        HostOptions {
            listen: "127.0.0.1:0".parse().unwrap(),
            ..HostOptions::default()
        },
    )
    .unwrap();
    let mut friend = RemoteTable::join(
        host.local_address().into(),
        host.codes().of(Seat::Humans).unwrap(),
        JoinOptions::default(),
    )
    .unwrap();
    let mut h = window("net-join");
    h.get_by_label("New game").click();
    h.run_steps(4);
    h.get_by_label("Join a game…").click();
    h.run_steps(4);
    // A wrong code: the host turns the table away, and the window says why.
    {
        let w = h.state_mut().network_window_mut();
        w.address = host.local_address().to_string();
        w.code = "K7QM-3XTR".into();
    }
    h.get_by_label("Join").click();
    h.run_steps(2);
    step_until(&mut h, "the host to refuse a wrong code", |a| {
        !a.is_joining()
    });
    h.run_steps(2);
    assert!(h.state().remote().is_none());
    h.get_by_label_contains("turned this table away");
    h.state_mut().network_window_mut().code = host.codes().of(Seat::Martians).unwrap().to_string();
    h.get_by_label("Join").click();
    h.run_steps(2);
    step_until(&mut h, "the window to join", |a| a.remote().is_some());
    // Each table hears that the other is there.
    assert!(
        friend.wait_until(Duration::from_secs(5), |t| t.seats().martians
            == net::protocol::SeatState::Present)
    );
    step_until(&mut h, "the window to see the Humans at the table", |a| {
        a.remote().unwrap().table.seats().humans == net::protocol::SeatState::Present
    });
    {
        let s = h.state().session.as_ref().unwrap();
        assert_eq!(s.afar().unwrap().seat, Some(Side::Martians));
        assert!(s.sees_hand(Side::Martians) && !s.sees_hand(Side::Humans));
        // The Humans' hand on this board is one dealt here at random, of the right size.
        assert_eq!(
            s.state().hand_len(Side::Humans),
            friend.state().hand_len(Side::Humans)
        );
    }
    // The friend plays until it is the Martians' decision; the window then decides.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        friend.poll();
        h.step();
        if let Some(first) = friend.legal().first().copied() {
            friend.play(first).unwrap();
        }
        let s = h.state().session.as_ref().unwrap();
        if !s.legal().is_empty() {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the Martians never decided"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let made = host.status().made;
    assert!(decide(&mut h));
    assert!(host.wait_until(Duration::from_secs(10), |s| s.made > made));
    // A chat line from the window reaches the friend.
    h.state_mut().remote_mut().unwrap().chat = "good luck".into();
    h.state_mut().remote_mut().unwrap().say();
    assert!(friend.wait_until(Duration::from_secs(5), |t| {
        t.chat()
            .iter()
            .any(|l| l.from == Seat::Martians && l.text == ChatText::new("good luck").unwrap())
    }));
    // Starting a game at home leaves the network game.
    h.state_mut().run(vec![Command::OpenNewGame]);
    let setup = h.state().session.as_ref().unwrap().setup().clone();
    let home = GameSetup {
        scenario_path: root().join("scenarios/whos-there.toml"),
        ..setup
    };
    h.state_mut().run(vec![Command::NewGame(Box::new(home))]);
    assert!(h.state().remote().is_none());
    assert!(h.state().session.as_ref().unwrap().afar().is_none());
}
