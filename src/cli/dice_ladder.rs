//! `mars-attacks strength --dice [--games N] [--seed S]`: the dice games' ladders
//! (`docs/dice-ladder.md`), each level of Martian Dice and of the Dice Game against the
//! level below and against the game's simple player (`optimal`, the most points a Turn;
//! `greedy`, the card worth most). It plays every run itself: a run takes seconds and
//! replays exactly from its seed, by the `arena` command written beside it. `--check`
//! fails once a level's recipe has changed since the record was written.

use std::fmt::Write as _;
use std::path::Path;

use ai::stats::Z95;
use ai::{Ladder, Level, NoSettings};

use super::{CliError, Io};
use crate::staged::{FileKind, StagedFiles, check_output};

/// The dice ladder record, as a file `strength --dice` may replace.
pub const RECORD_KIND: FileKind =
    FileKind::text("a dice ladder record", "# The dice games' ladders");

/// The smallest score a level must have against the one below, and the Wilson lower
/// bound it must pass (as for the skirmish).
const STEP: (f64, f64) = (0.65, 0.58);

/// A pairing's result: the first player's wins (draws half), games, and Wilson interval.
#[derive(Clone, Copy, Debug)]
struct Score {
    share: f64,
    low: f64,
    high: f64,
    games: u32,
}

/// One of the two dice games, as the record plays it.
#[derive(Clone, Copy)]
struct DiceGame {
    title: &'static str,
    /// The `--game` of `arena`.
    arena_name: &'static str,
    ladder: &'static Ladder<NoSettings>,
    /// The simple player each level is also measured against.
    yardstick: &'static str,
}

const GAMES: [DiceGame; 2] = [
    DiceGame {
        title: "Martian Dice",
        arena_name: "martian-dice",
        ladder: &martian_dice::ladder::LADDER,
        yardstick: "optimal",
    },
    DiceGame {
        title: "Mars Attacks: The Dice Game",
        arena_name: "dice-game",
        ladder: &dice_game::ladder::LADDER,
        yardstick: "greedy",
    },
];

/// The line naming a game's ladder fingerprint: `` Ladder `GAME`: `FP` ``.
fn fingerprint_line(game: &DiceGame) -> String {
    format!(
        "Ladder `{}`: `{}`",
        game.arena_name,
        game.ladder.fingerprint()
    )
}

/// `a` against `b` in two-player games of `game`, as `arena --game G --players a b`
/// plays them.
fn play(
    game: &DiceGame,
    a: &str,
    b: &str,
    games: u32,
    seed: u64,
    jobs: usize,
) -> Result<Score, CliError> {
    let players = [a.to_string(), b.to_string()];
    if game.arena_name == "dice-game" {
        let config = dice_game::seats::TableConfig {
            deck: dice_game::deck_file::stand_in_deck(),
            difficulty: dice_game::card::Difficulty::Easy,
            games,
            seed,
            jobs,
            max_decisions: 100_000,
        };
        let r = dice_game::seats::play_table(&players, &config, |_| {})
            .map_err(|e| CliError::Usage(e.to_string()))?;
        let (low, high) = r.interval(0);
        return Ok(Score {
            share: r.score(0),
            low,
            high,
            games: r.games,
        });
    }
    use martian_dice::game::Game;
    use martian_dice::players::player;
    for p in &players {
        player::<Game>(p).map_err(|e| CliError::Usage(e.to_string()))?;
    }
    // As `arena --game martian-dice --players a b` plays them.
    let config = ai::MatchConfig {
        games,
        seed: ai::arena::derive_seed(seed, 0, 1),
        swap_seats: true,
        max_decisions: 100_000,
    };
    let (r, _) = super::arena_dice::play_pairing(a, b, &config, jobs);
    let (low, high) = r.score_interval(0, Z95);
    Ok(Score {
        share: r.score(0),
        low,
        high,
        games: r.completed(),
    })
}

fn cell(s: &Score) -> String {
    format!("{:.3} [{:.3}, {:.3}] ({})", s.share, s.low, s.high, s.games)
}

/// The record: both games' ladders, played with `games` games a pairing from `seed`.
fn record(games: u32, seed: u64, jobs: usize) -> Result<String, CliError> {
    let mut s = String::from(
        "# The dice games' ladders\n\nWritten by `mars-attacks strength --dice`, which plays \
         every run below itself (a run takes seconds and replays exactly from its seed, by the \
         `arena` command beside it); `mars-attacks strength --dice --check` fails once a \
         level's recipe has changed (the fingerprints below). Each level (`mcts:LEVEL`, the \
         same names as the skirmish's) against the level below and against the game's simple \
         player, in two-player games, seats alternating; scores are the first player's share \
         of the games with Wilson 95% intervals and the number of games. A step is met when a \
         level scores at least 0.65 against the one below with the lower bound above 0.58.\n\n",
    );
    let mut run = 0u64;
    for game in &GAMES {
        let _ = writeln!(s, "## {}\n\n{}\n", game.title, fingerprint_line(game));
        let _ = writeln!(
            s,
            "| level | recipe | against the level below | step met | against `{}` | what it \
             means |\n|---|---|---|---|---|---|",
            game.yardstick
        );
        let mut commands = String::new();
        for level in Level::ALL {
            let me = format!("mcts:{}", level.name());
            let mut pairing = |a: &str, b: &str| -> Result<Score, CliError> {
                run += 1;
                let seed = seed + run;
                let _ = writeln!(
                    commands,
                    "mars-attacks arena --game {} --players {a} {b} --games {games} --seed {seed}",
                    game.arena_name
                );
                play(game, a, b, games, seed, jobs)
            };
            let below = match level.below() {
                Some(b) => Some((b, pairing(&me, &format!("mcts:{}", b.name()))?)),
                None => None,
            };
            let yard = pairing(&me, game.yardstick)?;
            let (below_cell, met, means) = match &below {
                Some((b, sc)) => (
                    cell(sc),
                    if sc.share >= STEP.0 && sc.low > STEP.1 {
                        "yes"
                    } else {
                        "no"
                    },
                    format!(
                        "wins about {} games in 10 against {}",
                        (sc.share * 10.0).round(),
                        b.name()
                    ),
                ),
                None => (
                    "(the bottom)".to_string(),
                    "",
                    format!(
                        "loses about {} games in 10 to `{}`",
                        ((1.0 - yard.share) * 10.0).round(),
                        game.yardstick
                    ),
                ),
            };
            let _ = writeln!(
                s,
                "| `{}` | {} | {below_cell} | {met} | {} | {means} |",
                level.name(),
                game.ladder.rung(level),
                cell(&yard)
            );
        }
        let _ = writeln!(s, "\n```sh\n{commands}```\n");
    }
    Ok(s)
}

/// Why the record at `text` is stale: a game whose ladder it does not name as it is now.
fn staleness(text: &str) -> Vec<String> {
    GAMES
        .iter()
        .filter(|g| !text.lines().any(|l| l == fingerprint_line(g)))
        .map(|g| {
            format!(
                "{}'s ladder has changed since it was measured (now `{}`): run `mars-attacks \
                 strength --dice` again",
                g.title,
                g.ladder.fingerprint()
            )
        })
        .collect()
}

/// `strength --dice`: writes the record at `out`, or with `check` checks it.
pub fn run(
    out: &Path,
    check: bool,
    games: u32,
    seed: u64,
    jobs: usize,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    if check {
        let text = std::fs::read_to_string(out)
            .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", out.display())))?;
        let changed = staleness(&text);
        if changed.is_empty() {
            writeln!(io.out, "{} is current", out.display())?;
            return Ok(());
        }
        for c in &changed {
            writeln!(io.err, "{}: {c}", out.display())?;
        }
        return Err(CliError::Invalid);
    }
    check_output(out, RECORD_KIND).map_err(CliError::from)?;
    let text = record(games, seed, jobs)?;
    let mut files = StagedFiles::new();
    files
        .write(out, RECORD_KIND, text.as_bytes())
        .and_then(|()| files.commit())?;
    writeln!(io.out, "wrote {}", out.display())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_stale_unless_it_names_both_ladders_as_they_are() {
        let both = GAMES.map(|g| fingerprint_line(&g)).join("\n");
        assert!(staleness(&both).is_empty());
        assert_eq!(staleness(&fingerprint_line(&GAMES[0])).len(), 1);
        assert_eq!(staleness("").len(), 2);
    }
}
