//! The AI at the table keeps its search's tree from one of its decisions to the next when
//! the next follows directly (a model's step after a step), as in the arena.

use std::time::{Duration, Instant};

use mars_attacks::rules::BySide;
use mars_attacks::table::session::Session;
use mars_attacks::table::setup::{Controller, GameSetup};

use super::child::root;

#[test]
fn the_ai_at_the_table_grows_the_tree_of_its_previous_decision() {
    let setup = GameSetup {
        scenario_path: root().join("scenarios/whos-there.toml"),
        seed: 21,
        dice_seed: None,
        controllers: BySide::new(
            Controller::Ai("mcts:150".parse().unwrap()),
            Controller::Ai("mcts:150".parse().unwrap()),
        ),
    };
    let mut s = Session::new(setup).unwrap();
    s.ai_delay = Duration::ZERO;
    let (mut searched, mut grown) = (0, 0);
    let mut seen = 0;
    let start = Instant::now();
    while s.history().len() < 80 && !s.state().is_over() {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the game moves on"
        );
        s.tick();
        if s.history().len() != seen {
            seen = s.history().len();
            if let Some(r) = s.report.as_ref().map(|shown| &shown.report)
                && r.iterations > 0
            {
                searched += 1;
                let visits: u64 = r.top.iter().map(|c| c.visits).sum();
                // Every iteration of this search visits a root action; more visits than
                // that came with the tree it kept.
                assert!(visits >= r.iterations);
                if visits > r.iterations {
                    grown += 1;
                }
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(searched > 10, "{searched} searches");
    assert!(grown > 0 && grown < searched, "{grown} of {searched}");
}
