//! The table's log in words: each shot as its seat played it, and the end of the game with
//! its winner and the tie-break that decided it (T9).

use crate::game::{Decided, Game, GameResult};
use crate::pieces::Seat;
use crate::rules::Outcome;

use super::setup::TakedownSetup;

/// What a shot did, in words, said of its shooter (`name`) in `before`, the game as it
/// stood when the shot was taken: "Seat 2 (aim:normal) claimed the outer ring of the robot
/// target, icon matched: 2 points".
pub fn shot_words(before: &Game, setup: &TakedownSetup, outcome: &Outcome) -> String {
    let name = setup.name(before.turn().index());
    let home = |seats: &[Seat]| {
        if seats.is_empty() {
            return String::new();
        }
        let names: Vec<String> = seats.iter().map(|s| setup.name(s.index())).collect();
        format!(
            "; the die landed on the saucer{} of {}: sent back to base",
            if seats.len() > 1 { "s" } else { "" },
            names.join(" and ")
        )
    };
    let max = before.setup().layout.rules.max_retakes;
    match outcome {
        Outcome::Retake { retake } => {
            format!("{name}: the die stayed on the saucer: retake {retake} of {max}, shoot again")
        }
        Outcome::RetakesSpent => {
            format!("{name}: the die stayed on the saucer after the last retake: the Turn passes")
        }
        Outcome::LeftTable => format!("{name}: the die left the table: back to base"),
        Outcome::Miss {
            pulled, sent_home, ..
        } => {
            let saucer = if *pulled {
                "missed: the saucer moves toward its base, clear of the pieces"
            } else {
                "missed: the saucer stays where the die stopped"
            };
            format!("{name} {saucer}{}", home(sent_home))
        }
        Outcome::Claimed {
            claim,
            rolled,
            sent_home,
        } => {
            let target = &before.setup().targets[claim.target.index()];
            let icon = if claim.flipped {
                "icon matched".to_string()
            } else {
                format!("rolled {rolled}, not {}", target.icon)
            };
            format!(
                "{name} claimed {} of the {} target, {icon}: {}{}",
                claim.kind.words(),
                target.name,
                claim.points,
                home(sent_home)
            )
        }
    }
}

/// The game's end: who won and what decided it, or the draw.
pub fn result_words(result: &GameResult, setup: &TakedownSetup) -> String {
    let how = if result.finished {
        "Every piece is claimed"
    } else {
        "The shot cap is reached"
    };
    let Some(w) = result.winner else {
        return format!("{how}: a draw, tied on points, pieces and centre discs (T9: play again).");
    };
    let s = &result.scores[w.index()];
    let by = match result.decided {
        Decided::Points => format!("on points, {}", s.points),
        Decided::Pieces => format!("on pieces, {} (tied on points, {})", s.pieces, s.points),
        Decided::CentreDiscs => format!(
            "on centre discs, {} (tied on points, {}, and on pieces, {})",
            s.centres, s.points, s.pieces
        ),
        Decided::Draw => "by no tie-break".into(),
    };
    format!("{how}: {} wins {by}.", setup.name(w.index()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Score;
    use crate::pieces::Points;

    #[test]
    fn the_end_names_the_tie_break_that_decided_it() {
        let setup = TakedownSetup::default();
        let score = |points, pieces, centres| Score {
            points: Points(points),
            pieces,
            centres,
        };
        let mut r = GameResult {
            scores: vec![score(6, 4, 1), score(6, 3, 1)],
            winner: Some(Seat(0)),
            decided: Decided::Pieces,
            finished: true,
            shots: 20,
        };
        assert_eq!(
            result_words(&r, &setup),
            "Every piece is claimed: Seat 1 (you) wins on pieces, 4 (tied on points, 6 points)."
        );
        r.winner = None;
        r.decided = Decided::Draw;
        r.finished = false;
        assert!(result_words(&r, &setup).starts_with("The shot cap is reached: a draw"));
    }
}
