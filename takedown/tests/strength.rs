//! The AI at its best level (`aim:expert`, the least execution noise) against `random` and
//! against `centre` (straight at the nearest target, at its default level, normal), on
//! seeded tables, seats alternating. The budgets are small, so that the test is quick; the
//! margins are below what these budgets measure over more games (docs/takedown.md: 300
//! games against `centre` gave 0.77, Wilson 95% interval 0.72 to 0.81).

use std::time::Instant;

use takedown::layout_file::shipped_layout;
use takedown::matches::{MatchSummary, play_match};

const AI: &str = "aim:expert:sims=48";

#[test]
fn the_ai_wins_clearly_against_random_and_centre() {
    let l = shipped_layout();
    let t = Instant::now();
    let random = MatchSummary::of(&play_match(&l, AI, "random", 12, 2015, 2).unwrap());
    let centre = MatchSummary::of(&play_match(&l, AI, "centre", 40, 2015, 2).unwrap());
    eprintln!(
        "{AI} vs random: {}-{}-{}; vs centre: {}-{}-{} [{:.2}, {:.2}]; {:.1} s",
        random.a_wins,
        random.b_wins,
        random.draws,
        centre.a_wins,
        centre.b_wins,
        centre.draws,
        centre.interval.0,
        centre.interval.1,
        t.elapsed().as_secs_f64()
    );
    // Random hardly ever lands on a target: the AI wins every game.
    assert_eq!(random.a_wins, 12);
    // Against centre at least 28 of 40 (70%).
    assert!(centre.a_wins >= 28, "{centre:?}");
    assert!(centre.interval.0 > 0.5, "{centre:?}");
}
