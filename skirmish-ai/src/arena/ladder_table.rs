//! The ladder's table in the strength record: each level of the skirmish's ladder
//! ([`LADDER`]) against the level below and against `greedy`, from arena results of
//! `mcts:LEVEL` players, with what each level means in one line, the runs that measured
//! it and the fingerprint of the recipes it measured (`strength --check` calls the record
//! stale when a recipe has changed since).

use std::fmt::Write as _;

use ai::Level;

use super::strength::{Strength, Tally};
use crate::bot::spec::LADDER;

/// The heading of the ladder's section.
pub const HEADING: &str = "## The ladder";

/// The line that names the recipes' fingerprint: this, the fingerprint, a backquote.
pub const FINGERPRINT_LINE: &str = "Ladder: `";

/// The smallest score a level must have against the one below, and the Wilson lower
/// bound it must pass.
pub const STEP: (f64, f64) = (0.65, 0.58);

/// A level's player spec in the arena.
pub fn level_spec(level: Level) -> String {
    format!("mcts:{}", level.name())
}

/// `games in 10` for a share, rounded.
fn in_ten(p: f64) -> i64 {
    (p * 10.0).round() as i64
}

impl Strength {
    /// `a`'s score against `b`, from either order of the pairing.
    pub fn score_of(&self, a: &str, b: &str) -> Option<Tally> {
        if let Some(t) = self.head_to_head.get(&(a.to_string(), b.to_string())) {
            return Some(*t);
        }
        self.head_to_head
            .get(&(b.to_string(), a.to_string()))
            .map(|t| Tally {
                score: f64::from(t.games) - t.score,
                games: t.games,
            })
    }

    /// A player's score against `greedy`, all scenarios pooled.
    pub fn pooled_against_greedy(&self, player: &str) -> Option<Tally> {
        self.against_greedy.get(player).map(|by| {
            let mut t = Tally::default();
            for x in by.values() {
                t.score += x.score;
                t.games += x.games;
            }
            t
        })
    }

    /// Do these results hold any game of a level of the ladder?
    pub fn has_ladder_games(&self) -> bool {
        Level::ALL.into_iter().any(|l| {
            let s = level_spec(l);
            self.against_greedy.contains_key(&s)
                || self.head_to_head.keys().any(|(a, b)| *a == s || *b == s)
        })
    }

    /// The ladder's section of the record, its heading first.
    pub fn ladder_markdown(&self) -> String {
        let pct = |t: &Tally| {
            let (p, lo, hi) = t.rate();
            format!("{p:.2} [{lo:.2}, {hi:.2}] ({})", t.games)
        };
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{HEADING}\n\nThe levels a person picks (`mcts:LEVEL`, the table's New game window), \
             easiest first: each level's recipe (`skirmish-ai/src/bot/ladder.rs`), its score \
             against the level below and against `greedy` on the eight shipped scenarios, seats \
             swapped, and what that means. A step is met when a level scores at least {:.2} \
             against the one below with the Wilson lower bound above {:.2}. `strength --check` \
             fails once a recipe changes (the fingerprint below), until the runs are played \
             again and recorded (`mars-attacks strength --ladder RESULTS...`).\n\n\
             {FINGERPRINT_LINE}{}`\n",
            STEP.0,
            STEP.1,
            LADDER.fingerprint()
        );
        s.push_str(
            "| level | recipe | against the level below | step met | against `greedy` | what it \
             means |\n|---|---|---|---|---|---|\n",
        );
        for level in Level::ALL {
            let me = level_spec(level);
            let below = level
                .below()
                .and_then(|b| self.score_of(&me, &level_spec(b)).map(|t| (b, t)));
            let greedy = self.pooled_against_greedy(&me);
            let (below_cell, met) = match &below {
                Some((_, t)) => {
                    let (p, lo, _) = t.rate();
                    let met = p >= STEP.0 && lo > STEP.1;
                    (pct(t), if met { "yes" } else { "no" })
                }
                None if level.below().is_none() => ("(the bottom)".to_string(), ""),
                None => ("not measured".to_string(), "no"),
            };
            let means = match (&below, &greedy) {
                (Some((b, t)), _) => format!(
                    "wins about {} games in 10 against {}",
                    in_ten(t.rate().0),
                    b.name()
                ),
                (None, Some(g)) => {
                    let p = g.rate().0;
                    if p < 0.5 {
                        format!("loses about {} games in 10 to `greedy`", in_ten(1.0 - p))
                    } else {
                        format!("wins about {} games in 10 against `greedy`", in_ten(p))
                    }
                }
                (None, None) => "not measured".to_string(),
            };
            let _ = writeln!(
                s,
                "| `{}` | {} | {below_cell} | {met} | {} | {means} |",
                level.name(),
                LADDER.rung(level),
                greedy.as_ref().map_or("not measured".to_string(), pct),
            );
        }
        s.push_str(
            "\nThe runs (`mars-attacks arena`; iteration budgets replay exactly):\n\n```sh\n",
        );
        let levels: Vec<String> = Level::ALL.into_iter().map(level_spec).collect();
        s.push_str(&self.run_commands(|a, b| {
            levels.contains(&a.to_string()) || levels.contains(&b.to_string())
        }));
        s.push_str("```\n");
        s
    }
}

/// `record` with its ladder section replaced by `section` (which starts with [`HEADING`]);
/// a record with none gains it before its calibration, or at its end.
pub fn splice_ladder(record: &str, section: &str) -> String {
    let section = section.trim_end();
    if let Some(start) = record.find(&format!("{HEADING}\n")) {
        let rest = &record[start + HEADING.len()..];
        let end = rest
            .find("\n## ")
            .map_or(record.len(), |i| start + HEADING.len() + i + 1);
        return format!("{}{section}\n\n{}", &record[..start], &record[end..]);
    }
    match record.find("## Calibration of the values") {
        Some(at) => format!("{}{section}\n\n{}", &record[..at], &record[at..]),
        None => format!("{}\n\n{section}\n", record.trim_end()),
    }
}

/// Why the record's ladder is stale, if it is: it measured other recipes. A record with no
/// ladder (of runs without the levels) has nothing of the ladder to be stale.
pub fn ladder_staleness(record: &str) -> Option<String> {
    let recorded = record.lines().find_map(|l| {
        l.strip_prefix(FINGERPRINT_LINE)
            .and_then(|r| r.strip_suffix('`'))
    });
    let now = LADDER.fingerprint();
    match recorded {
        None => None,
        Some(r) if r != now => Some(format!(
            "a level's recipe has changed since the ladder was measured (`{r}`, now `{now}`): \
             play its runs again and record them with `strength --ladder`"
        )),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_section_replaces_the_old_one_or_goes_before_the_calibration() {
        let record = "# T\n\n## Head to head\n\nx\n\n## Calibration of the values\n\ny\n";
        let once = splice_ladder(record, "## The ladder\n\nA\n");
        assert_eq!(
            once,
            "# T\n\n## Head to head\n\nx\n\n## The ladder\n\nA\n\n## Calibration of the values\n\ny\n"
        );
        let twice = splice_ladder(&once, "## The ladder\n\nB\n");
        assert_eq!(twice, once.replace("\nA\n", "\nB\n"));
        assert_eq!(
            splice_ladder("# T\n", "## The ladder\n\nA"),
            "# T\n\n## The ladder\n\nA\n"
        );
        let last = splice_ladder("# T\n\n## The ladder\n\nold\n", "## The ladder\n\nnew\n");
        assert_eq!(last, "# T\n\n## The ladder\n\nnew\n\n");
    }

    #[test]
    fn a_record_of_other_recipes_is_stale_and_one_without_a_ladder_is_not() {
        assert_eq!(ladder_staleness("# T\n"), None);
        let fp = LADDER.fingerprint();
        assert_eq!(
            ladder_staleness(&format!("{FINGERPRINT_LINE}{fp}`\n")),
            None
        );
        let other = ladder_staleness(&format!("{FINGERPRINT_LINE}0000000000000000`\n"));
        assert!(other.is_some_and(|m| m.contains("recipe has changed")));
    }
}
