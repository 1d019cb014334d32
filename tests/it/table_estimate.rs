//! The chance to win the table shows is of the position after the dice: on seeded games
//! against the AI, a kill by a side never lowers that side's shown chance by more than the
//! search's noise (two standard errors): the estimate at the person's next decision
//! against the one at the person's decision before the kill.

use std::time::{Duration, Instant};

use mars_attacks::rules::Side;
use mars_attacks::rules::action::Action;
use mars_attacks::rules::state::Event;
use mars_attacks::table::estimate::Estimate;
use mars_attacks::table::session::Session;
use mars_attacks::table::setup::GameSetup;

use crate::child::root;

#[test]
fn a_kill_by_the_person_never_lowers_their_shown_chance_beyond_the_search_noise() {
    let mut checked = 0;
    for seed in 1..=6u64 {
        let setup = GameSetup::versus_ai(
            root().join("scenarios/ambush.toml"),
            Side::Humans,
            "mcts:100".parse().unwrap(),
            seed,
        );
        let mut s = Session::new(setup).unwrap();
        s.ai_delay = Duration::ZERO;
        let start = Instant::now();
        let mut last: Option<Estimate> = None;
        // The decision waited on, and since when: some decisions get no estimate (a
        // window with nothing to play); those are played without one after a while.
        let mut waiting: Option<(usize, Instant)> = None;
        while !s.state().is_over() && checked < 20 {
            assert!(
                start.elapsed() < Duration::from_secs(300),
                "the game goes on"
            );
            s.tick();
            std::thread::sleep(Duration::from_millis(2));
            if s.human_to_move() != Some(Side::Humans) {
                continue;
            }
            let at = s.history().len();
            let since = match waiting {
                Some((w, t)) if w == at => t,
                _ => {
                    let now = Instant::now();
                    waiting = Some((at, now));
                    now
                }
            };
            let estimate = s.estimate.filter(|e| e.at == at);
            if estimate.is_none() && since.elapsed() < Duration::from_millis(1500) {
                continue;
            }
            if let Some(e) = estimate
                && let Some(before) = last
            {
                let between = &s.history()[before.at..at];
                let killed_by = |side: Side| {
                    between.iter().any(|st| {
                        st.events
                            .iter()
                            .any(|ev| matches!(ev, Event::Killed { by, .. } if *by == side))
                    })
                };
                let (mine, theirs) = (killed_by(Side::Humans), killed_by(Side::Martians));
                // Two standard errors of the difference of the two estimates.
                let noise = 2.0 * (before.noise.powi(2) + e.noise.powi(2)).sqrt();
                if mine && !theirs && between.iter().all(|st| st.by == Side::Humans) {
                    assert!(
                        e.value >= before.value - noise,
                        "seed {seed}: the person's kill took their chance from {:.3} to {:.3} \
                         (noise {noise:.3})",
                        before.value,
                        e.value
                    );
                    checked += 1;
                }
                if theirs && !mine {
                    // The AI's kill: the AI's chance, one less the person's, never falls.
                    assert!(
                        e.value <= before.value + noise,
                        "seed {seed}: the AI's kill took the person's chance from {:.3} to \
                         {:.3} (noise {noise:.3})",
                        before.value,
                        e.value
                    );
                    checked += 1;
                }
            }
            last = estimate;
            // The person shoots when it can, else plays the first decision offered.
            let legal = s.legal();
            let a = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Shoot(_)))
                .or_else(|| {
                    legal
                        .iter()
                        .copied()
                        .find(|a| matches!(a, Action::Activate(_)))
                })
                .unwrap_or(legal[0]);
            s.play(a).unwrap();
        }
    }
    assert!(checked >= 3, "kills were seen: {checked}");
}
