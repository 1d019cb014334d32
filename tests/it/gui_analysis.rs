//! The analysis at the table, driven headless: reachable from the top bar for a finished
//! or loaded game, each decision headed by the Round the log shows it in, the ledger
//! (start, choices, luck, end) shown and adding up, the costliest mistakes named.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use rand::{Rng, SeedableRng};

use mars_attacks::gui::MarsApp;
use mars_attacks::rules::Side;
use mars_attacks::rules::action::Action;
use mars_attacks::rules::state::Event;
use mars_attacks::table::session::Session;

use super::gui::{hot_seat, root, step_until, temp_dir};

/// A hot-seat game of random decisions from `seed`, `limit` decisions at most.
fn random_game(seed: u64, limit: usize) -> Session {
    let setup = hot_seat(root().join("scenarios/whos-there.toml"), seed);
    let mut s = Session::new(setup).unwrap();
    let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    while !s.state().is_over() && s.history().len() < limit {
        let legal = s.legal();
        s.play(legal[pick.random_range(0..legal.len())]).unwrap();
    }
    s
}

fn table(s: Session, name: &str) -> Harness<'static, MarsApp> {
    let mut app = MarsApp::new(s.setup().clone(), root().join("scenarios"), temp_dir(name));
    app.replace_session(s);
    app.pass_screen = false;
    app.analysis_iterations = 30;
    let mut h = Harness::builder()
        .with_size(eframe::egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut MarsApp| app.show(ui), app);
    h.run_steps(4);
    h
}

#[test]
fn a_finished_game_is_analysed_from_the_menu_with_rounds_as_the_log_heads_them() {
    let s = random_game(5, usize::MAX);
    assert!(s.state().is_over());
    // The Round the log heads each decision with: one more after each Round's end.
    let log_round: Vec<u16> = s
        .history()
        .iter()
        .scan(1u16, |round, step| {
            let at = *round;
            *round += step
                .events
                .iter()
                .filter(|e| matches!(e, Event::RoundEnded { .. }))
                .count() as u16;
            Some(at)
        })
        .collect();
    let mut h = table(s, "analysis-menu");
    // The Game over window closed, the analysis is still a click away.
    h.get_by_label("Look at the board").click();
    h.run_steps(4);
    assert!(
        h.query_all_by_label("Analyse the Humans' decisions")
            .next()
            .is_none()
    );
    h.get_by_label("Analyse").click();
    h.run_steps(2);
    h.get_by_label("the Humans' decisions").click();
    h.run_steps(2);
    step_until(&mut h, "the analysis", |a| {
        a.analysis.as_ref().is_some_and(|v| !v.running())
    });
    let view = h.state().analysis.as_ref().unwrap();
    let Some(Ok(done)) = &view.result else {
        panic!("the analysis failed")
    };
    let a = &done.analysis;
    assert_eq!(a.side, Side::Humans);
    assert_eq!(
        a.steps.len(),
        log_round.len(),
        "every decision is in the ledger"
    );
    let mut refills = 0;
    for st in &a.steps {
        assert_eq!(
            st.round,
            log_round[st.decision],
            "decision {}",
            st.decision + 1
        );
        if matches!(st.played, Action::Keep | Action::Discard(_)) {
            refills += 1;
        }
    }
    assert!(
        refills > 0,
        "the cards kept at a Round's end are counted in the next Round"
    );
    // The ledger adds up, and the window says so in its numbers.
    let l = a.ledger().expect("the game is over");
    assert!((l.start + l.own_choices + l.other_choices + l.luck - l.end).abs() < 1e-9);
    assert!(
        l.end == 0.0 || l.end == 0.5 || l.end == 1.0,
        "the end is the result"
    );
    h.get_by_label_contains(&format!("Start {:.0}%, your choices", 100.0 * l.start));
    h.get_by_label_contains(&format!("end {:.0}%", 100.0 * l.end));
    // The window names the costliest mistakes, each beyond the search's noise.
    let worst: Vec<usize> = a.worst(3).iter().map(|(st, _)| st.decision).collect();
    let shown: Vec<usize> = done.mistakes.iter().map(|m| m.step.decision).collect();
    assert_eq!(shown, worst);
    for m in &done.mistakes {
        assert!(m.judged.cost() > m.judged.noise);
        let text = format!(
            "{}. Decision {} (Round {}):",
            shown.iter().position(|d| *d == m.step.decision).unwrap() + 1,
            m.step.decision + 1,
            m.step.round
        );
        assert_eq!(h.query_all_by_label_contains(&text).count(), 1, "{text}");
    }
}

#[test]
fn a_loaded_game_can_be_analysed_and_a_game_going_on_cannot() {
    let s = random_game(6, 60);
    assert!(!s.state().is_over());
    assert!(!s.can_analyse(), "a game going on is not analysed");
    let dir = temp_dir("analysis-loaded");
    let path = dir.join("g.json");
    s.save_to(&path).unwrap();
    // Played on at the table, hot-seat: neither hand may be shown, so neither side is
    // analysed while the game goes on.
    let loaded = Session::load(&path).unwrap();
    assert!(loaded.can_analyse());
    assert!(Side::BOTH.iter().all(|x| !loaded.can_analyse_side(*x)));
    // Against the AI: the person's own side only.
    let text = std::fs::read_to_string(&path).unwrap();
    let versus = text.replace("\"martians\": \"human\"", "\"martians\": \"random\"");
    assert_ne!(versus, text);
    std::fs::write(&path, versus).unwrap();
    let loaded = Session::load(&path).unwrap();
    assert!(loaded.can_analyse_side(Side::Humans));
    assert!(!loaded.can_analyse_side(Side::Martians));
    let mut h = table(loaded, "analysis-loaded-table");
    h.get_by_label("Analyse").click();
    h.run_steps(2);
    h.get_by_label("the Humans' decisions").click();
    h.run_steps(2);
    step_until(&mut h, "the analysis", |a| {
        a.analysis.as_ref().is_some_and(|v| !v.running())
    });
    let view = h.state().analysis.as_ref().unwrap();
    assert!(matches!(&view.result, Some(Ok(d)) if d.analysis.side == Side::Humans));
    std::fs::remove_dir_all(&dir).ok();
}
