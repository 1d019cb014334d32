//! `mars-attacks martian-dice perfect`: Martian Dice played to win. Prints the first
//! player's exact chance to win when both play to win, and what `perfect` wins against
//! `optimal`; with `--scores`, the chance to win and the decision from any scores (every
//! state between rolls, or one state with `--aside`, or one roll with `--rolled`); with
//! `--games`, measures `perfect` in games of two to eight players.

use clap::{Args, ValueEnum};
use serde_json::{Value, json};

use ai::stats::{Z95, wilson};
use martian_dice::dice::{DICE, Face, Tally};
use martian_dice::game::TARGET;
use martian_dice::match_odds::{PlaysForPoints, PlaysToWin, alternating};
use martian_dice::perfect::{Perfect, Position, Seat};
use martian_dice::rotation::rotate;
use martian_dice::turn::{Turn, TurnAction};

use super::{CliError, Io};

#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct PerfectArgs {
    /// The position to show: your points and the other player's, e.g. `10,14`.
    #[arg(long, value_name = "MINE,THEIRS")]
    scores: Option<String>,
    /// Your seat with --scores: first (plays first each Round) or second. The second
    /// player's last Turn is when the other has 25 or more.
    #[arg(long, value_enum, default_value_t = SeatArg::First)]
    seat: SeatArg,
    /// With --scores: one state between rolls, the dice set aside as
    /// tanks,rays,humans,cows,chickens (e.g. `1,2,3,0,0`).
    #[arg(long, value_name = "T,R,H,C,K")]
    aside: Option<String>,
    /// With --scores: the dice just rolled, Tanks included, as tanks,rays,humans,cows,
    /// chickens; as many as are left to roll after --aside (13 without it).
    #[arg(long, value_name = "T,R,H,C,K")]
    rolled: Option<String>,
    #[arg(long, value_name = "N", value_parser = crate::limits::parse_games,
          help = crate::limits::games_help(
              "Instead: play this many games, `perfect` in each seat in turn against --against"))]
    games: Option<u32>,
    /// Players in each of the --games (2 to 8).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(2..=8))]
    players: u8,
    /// The other players in --games.
    #[arg(long, default_value = "optimal")]
    against: String,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads for --games (the number of cores when omitted).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SeatArg {
    First,
    Second,
}

pub fn run(args: PerfectArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    if let Some(games) = args.games {
        if args.scores.is_some() || args.aside.is_some() || args.rolled.is_some() {
            return Err(CliError::Usage(
                "--games measures whole games: it takes no --scores, --aside or --rolled".into(),
            ));
        }
        return measure(&args, u64::from(games), io);
    }
    if args.scores.is_none() && (args.aside.is_some() || args.rolled.is_some()) {
        return Err(CliError::Usage(
            "--aside and --rolled need --scores (whose Turn it is, and the points)".into(),
        ));
    }
    // What the arguments alone settle is checked before the table is solved (seconds).
    let position = match &args.scores {
        Some(s) => Some(position(s, &args)?),
        None => None,
    };
    let p = Perfect::standard();
    if let Some(asked) = &position {
        asked.check_pause(&p)?;
    }
    let residual = p.residual();
    let mut perfect = PlaysToWin(&p);
    let mut optimal = PlaysForPoints::new(p.graph());
    let (first, second) = alternating(TARGET, &mut perfect, &mut optimal);
    let start = p.first_player_wins();
    if args.json {
        let mut v = json!({
            "dice": DICE,
            "target": TARGET,
            "first_player_wins": start,
            "second_player_wins": 1.0 - start,
            "solve_seconds": p.stats.elapsed.as_secs_f64(),
            "sweeps": p.stats.sweeps,
            "residual": residual,
            "against_optimal": {"first_seat": first, "second_seat": second, "alternating": (first + second) / 2.0},
        });
        if let Some(pos) = position {
            v["position"] = pos.json(&p);
        }
        writeln!(io.out, "{v}")?;
        return Ok(());
    }
    writeln!(
        io.out,
        "Martian Dice, two players to {TARGET} with {DICE} dice, both playing to win: \
         the first player wins {start:.6} of games, the second {:.6}",
        1.0 - start
    )?;
    writeln!(
        io.out,
        "solved in {:.2} s ({} sweeps of a Turn, at most {} passes on a pair of scores); \
         the table meets its equations to within {residual:.1e}",
        p.stats.elapsed.as_secs_f64(),
        p.stats.sweeps,
        p.stats.most_passes
    )?;
    writeln!(
        io.out,
        "against optimal (the most points a Turn, whatever the scores), perfect wins exactly \
         {first:.6} from the first seat, {second:.6} from the second: {:.6} with seats alternating",
        (first + second) / 2.0
    )?;
    if let Some(pos) = position {
        pos.print(&p, io)?;
    }
    Ok(())
}

/// A Turn asked about, its decisions with their chances to win, and best play's.
type Decisions = (Turn, Vec<(TurnAction, f64)>, Option<TurnAction>);

/// The state asked about with --scores.
struct Asked {
    pos: Position,
    aside: Option<Tally>,
    rolled: Option<Tally>,
}

/// The state asked about, from the arguments alone (whether a Turn can pause there is
/// [`Asked::check_pause`], which needs the solved table).
fn position(scores: &str, args: &PerfectArgs) -> Result<Asked, CliError> {
    let usage = |m: String| CliError::Usage(m);
    let (mine, theirs) = scores
        .split_once(',')
        .and_then(|(a, b)| Some((a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?)))
        .ok_or_else(|| {
            usage(format!(
                "--scores `{scores}`: give your points and the other's, as 10,14"
            ))
        })?;
    let seat = match args.seat {
        SeatArg::First => Seat::First,
        SeatArg::Second => Seat::Second,
    };
    let most = TARGET - 1 + u32::from(DICE) + 3;
    if mine >= TARGET {
        return Err(usage(format!(
            "--scores: a Turn starts below {TARGET} points (at {TARGET} the game is ending), not at {mine}"
        )));
    }
    match seat {
        Seat::First if theirs >= TARGET => {
            return Err(usage(format!(
                "--scores: the second player at {theirs} would have ended the game; the first \
                 player's Turn starts with both below {TARGET}"
            )));
        }
        Seat::Second if theirs > most => {
            return Err(usage(format!(
                "--scores: the first player ends a Turn with at most {most} points, not {theirs}"
            )));
        }
        _ => {}
    }
    let aside = args
        .aside
        .as_deref()
        .map(|s| tally(s, "--aside"))
        .transpose()?;
    let rolled = args
        .rolled
        .as_deref()
        .map(|s| tally(s, "--rolled"))
        .transpose()?;
    let a = aside.unwrap_or(Tally::EMPTY);
    if a.total() > DICE {
        return Err(usage(format!(
            "--aside: {} dice, there are {DICE}",
            a.total()
        )));
    }
    if a.total() == DICE {
        return Err(usage(format!(
            "--aside: all {DICE} dice are aside, so the Turn is over"
        )));
    }
    if aside.is_some() && a.total() == 0 {
        return Err(usage(no_pause(a)));
    }
    if let Some(r) = rolled {
        let left = DICE - a.total();
        if r.total() != left {
            return Err(usage(format!(
                "--rolled: {} dice, but {left} are left to roll",
                r.total()
            )));
        }
    }
    Ok(Asked {
        pos: Position::new(seat, mine, theirs),
        aside,
        rolled,
    })
}

/// The refusal of dice aside that no Turn pauses with between rolls.
fn no_pause(a: Tally) -> String {
    format!(
        "--aside {a}: no Turn pauses between rolls with those dice aside (after each roll a \
         face other than Tanks is taken, each Earthling kind once, and dice are left to roll)"
    )
}

/// `T,R,H,C,K` as a tally.
fn tally(s: &str, flag: &str) -> Result<Tally, CliError> {
    let counts: Vec<u8> = s
        .split(',')
        .map(|x| x.trim().parse::<u8>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            CliError::Usage(format!(
                "{flag} `{s}`: give five counts, tanks,rays,humans,cows,chickens, as 1,2,3,0,0"
            ))
        })?;
    let t: [u8; 5] = counts.try_into().map_err(|_| {
        CliError::Usage(format!(
            "{flag} `{s}`: five counts, tanks,rays,humans,cows,chickens"
        ))
    })?;
    if t.iter().map(|x| u32::from(*x)).sum::<u32>() > u32::from(DICE) {
        return Err(CliError::Usage(format!(
            "{flag} `{s}`: more than {DICE} dice"
        )));
    }
    Ok(Tally(t))
}

/// A Turn paused between rolls with `aside` set aside.
fn between(aside: Tally) -> Turn {
    Turn {
        dice: DICE,
        aside,
        rolled: None,
        over: false,
    }
}

fn seat_name(s: Seat) -> &'static str {
    match s {
        Seat::First => "first",
        Seat::Second => "second",
    }
}

fn tally_json(t: &Tally) -> Value {
    json!({"tanks": t.0[0], "rays": t.0[1], "humans": t.0[2], "cows": t.0[3], "chickens": t.0[4]})
}

impl Asked {
    /// Refuses dice aside that no Turn pauses with between rolls.
    fn check_pause(&self, p: &Perfect) -> Result<(), CliError> {
        let Some(a) = self.aside else {
            return Ok(());
        };
        if p.turn_values(self.pos)
            .action_value(p.graph(), &between(a), TurnAction::Roll)
            .is_none()
        {
            return Err(CliError::Usage(no_pause(a)));
        }
        Ok(())
    }

    /// The Turn asked about: between rolls, or with dice just rolled (their Tanks aside).
    fn turn(&self) -> Option<Turn> {
        let aside = self.aside.unwrap_or(Tally::EMPTY);
        let mut t = between(aside);
        match self.rolled {
            Some(r) => {
                t.rolled_as(r);
                Some(t)
            }
            None => self.aside.map(|_| t),
        }
    }

    /// Each decision of the Turn asked about with its chance to win, and best play's.
    fn decisions(&self, p: &Perfect) -> Option<Decisions> {
        let turn = self.turn()?;
        let values = p.turn_values(self.pos);
        let each = turn
            .legal()
            .into_iter()
            .filter_map(|a| values.action_value(p.graph(), &turn, a).map(|v| (a, v)))
            .collect();
        Some((turn, each, values.decide(p.graph(), &turn)))
    }

    fn json(&self, p: &Perfect) -> Value {
        let mut v = json!({
            "seat": seat_name(self.pos.seat),
            "mine": self.pos.mine,
            "theirs": self.pos.theirs,
            "last_turn": self.pos.seat == Seat::Second && self.pos.theirs >= TARGET,
            "chance_to_win": p.win(self.pos),
        });
        if let Some((turn, each, best)) = self.decisions(p) {
            v["aside"] = tally_json(&turn.aside);
            v["turn_over"] = json!(turn.over);
            v["decisions"] = each
                .iter()
                .map(|(a, c)| json!({"decision": a.to_string(), "chance_to_win": c}))
                .collect();
            v["decision"] = json!(best.map(|a| a.to_string()));
            v["turn_scores"] = json!(turn.score());
        } else {
            let values = p.turn_values(self.pos);
            let states: Vec<Value> = p
                .graph()
                .states()
                .iter()
                .filter(|t| t.total() > 0 && t.total() < DICE)
                .map(|t| {
                    let turn = between(*t);
                    let stop = values.action_value(p.graph(), &turn, TurnAction::Stop);
                    let roll = values.action_value(p.graph(), &turn, TurnAction::Roll);
                    json!({
                        "aside": tally_json(t), "stop": stop, "roll": roll,
                        "decision": values.decide(p.graph(), &turn).map(|a| a.to_string()),
                    })
                })
                .collect();
            v["states"] = json!(states);
        }
        v
    }

    fn print(&self, p: &Perfect, io: &mut Io<'_>) -> Result<(), CliError> {
        let pos = self.pos;
        let last = pos.seat == Seat::Second && pos.theirs >= TARGET;
        writeln!(
            io.out,
            "{} player, {} points against {}{}: the chance to win is {:.6} at the start of the Turn",
            if pos.seat == Seat::First {
                "First"
            } else {
                "Second"
            },
            pos.mine,
            pos.theirs,
            if last { " (its last Turn)" } else { "" },
            p.win(pos)
        )?;
        if let Some((turn, each, best)) = self.decisions(p) {
            if let Some(r) = self.rolled {
                writeln!(io.out, "rolled: {r}")?;
            }
            writeln!(
                io.out,
                "set aside: {} (scores {} if the Turn ends now)",
                turn.aside,
                turn.score()
            )?;
            if turn.over {
                writeln!(
                    io.out,
                    "nothing can be taken: the Turn ends and scores {}",
                    turn.score()
                )?;
                return Ok(());
            }
            for (a, c) in &each {
                let mark = if Some(*a) == best { "  <- best" } else { "" };
                writeln!(io.out, "  {:<14} chance to win {c:.6}{mark}", a.to_string())?;
            }
            return Ok(());
        }
        writeln!(
            io.out,
            "between rolls, the chance to win by stopping and by rolling on, and the decision \
             (the Earthlings' counts are the three kinds', most first: they are alike):"
        )?;
        writeln!(
            io.out,
            "tanks rays earthlings      stop      roll  decision"
        )?;
        let values = p.turn_values(pos);
        // Fewest dice aside first.
        for t in p.graph().states().iter().rev() {
            if t.total() == 0 || t.total() == DICE {
                continue;
            }
            let turn = between(*t);
            let stop = values
                .action_value(p.graph(), &turn, TurnAction::Stop)
                .unwrap_or(0.0);
            let roll = values
                .action_value(p.graph(), &turn, TurnAction::Roll)
                .unwrap_or(0.0);
            let d = values
                .decide(p.graph(), &turn)
                .map_or("-".to_string(), |a| a.to_string());
            writeln!(
                io.out,
                "{:>5} {:>4} {:>4} {:>2} {:>2}   {stop:.6}  {roll:.6}  {d}",
                t.get(Face::Tank),
                t.get(Face::Ray),
                t.get(Face::Human),
                t.get(Face::Cow),
                t.get(Face::Chicken)
            )?;
        }
        Ok(())
    }
}

/// `--games`: `perfect` in each seat in turn against copies of `--against`.
fn measure(args: &PerfectArgs, games: u64, io: &mut Io<'_>) -> Result<(), CliError> {
    let players = usize::from(args.players);
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |c| c.get()),
        usize::from,
    );
    let start = std::time::Instant::now();
    let r = rotate("perfect", &args.against, players, games, args.seed, jobs)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let (lo, hi) = wilson(f64::from(r.wins()), f64::from(r.games()), Z95);
    let fair = 1.0 / players as f64;
    if args.json {
        let v = json!({
            "players": players, "against": args.against, "games": r.games(), "seed": args.seed,
            "wins": r.wins(), "share": r.share(), "wilson_low": lo, "wilson_high": hi,
            "fair_share": fair, "games_by_seat": r.games_by_seat, "wins_by_seat": r.wins_by_seat,
            "failures": r.failures,
        });
        writeln!(io.out, "{v}")?;
    } else {
        writeln!(
            io.out,
            "Martian Dice to {TARGET}, {players} players: perfect in each seat in turn against {} \
             {}, {} games, seed {}",
            players - 1,
            args.against,
            r.games(),
            args.seed
        )?;
        writeln!(
            io.out,
            "perfect won {} games, {:.3} [{lo:.3}, {hi:.3}] against a fair share of {fair:.3}",
            r.wins(),
            r.share()
        )?;
        let by_seat: Vec<String> = (0..players)
            .map(|s| {
                format!(
                    "seat {}: {} of {}",
                    s + 1,
                    r.wins_by_seat[s],
                    r.games_by_seat[s]
                )
            })
            .collect();
        writeln!(io.out, "by seat: {}", by_seat.join(", "))?;
        writeln!(io.out, "in {:.1} s", start.elapsed().as_secs_f64())?;
    }
    if r.failures > 0 {
        return Err(CliError::Invalid);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        perfect: PerfectArgs,
    }

    /// What `position` makes of `args` (with `--scores`), without the solved table.
    fn asked(args: &[&str]) -> Result<Asked, String> {
        let cli = Cli::try_parse_from(std::iter::once("perfect").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        let scores = cli.perfect.scores.clone().expect("--scores");
        position(&scores, &cli.perfect).map_err(|e| match e {
            CliError::Usage(m) => m,
            other => format!("{other:?}"),
        })
    }

    /// Every refusal the arguments alone settle comes from `position`, which has no table
    /// to solve: only whether a Turn pauses with those dice aside is left for after it.
    #[test]
    fn wrong_arguments_are_refused_without_the_table() {
        for (args, said) in [
            (&["--scores", "30,0"][..], "a Turn starts below 25 points"),
            (&["--scores", "10"], "give your points and the other's"),
            (
                &["--scores", "3,27"],
                "the second player at 27 would have ended the game",
            ),
            (
                &["--scores", "3,41", "--seat", "second"],
                "the first player ends a Turn with at most 40 points, not 41",
            ),
            (
                &["--scores", "3,0", "--aside", "0,0,13,0,0"],
                "all 13 dice are aside",
            ),
            (
                &["--scores", "3,0", "--aside", "0,0,0,0,0"],
                "no Turn pauses between rolls",
            ),
            (&["--scores", "3,0", "--rolled", "1,1,1"], "five counts"),
            (
                &[
                    "--scores",
                    "3,0",
                    "--aside",
                    "0,1,0,0,0",
                    "--rolled",
                    "1,1,1,1,1",
                ],
                "--rolled: 5 dice, but 12 are left to roll",
            ),
        ] {
            match asked(args) {
                Err(m) => assert!(m.contains(said), "{args:?}: {m}"),
                Ok(_) => panic!("{args:?} was taken"),
            }
        }
        // One Tank alone aside is well formed: only the table says no Turn pauses there.
        assert!(asked(&["--scores", "3,0", "--aside", "1,0,0,0,0"]).is_ok());
        assert!(asked(&["--scores", "3,0", "--aside", "1,2,0,0,0"]).is_ok());
    }
}
