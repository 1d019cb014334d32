//! `mars-attacks analyse SAVE` or `analyse RESULTS ID [--side S] [--judge SPEC] [--json]`:
//! where a game was won and lost, without a window (`crate::bot::analysis`). For a saved
//! game, or a game of an arena run played with `--record-moves`: the side's chance to win
//! at the start, what its own choices, the other side's and luck each added, and the end
//! (for a game that is over: the ledger reads the whole position); the side's decisions
//! judged by a search, with the costliest mistakes beyond that search's noise; and every
//! decision's row. Without `--side`, both sides, the Humans first; `--json` prints one
//! object a side, a line each.

use crate::rules::model_names::ModelNames;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use super::{CliError, Io, json_str, load_scenario};
use crate::bot::analysis::{Analysis, Ledger, NotLegal, SameAs, analyse};
use crate::bot::spec::{Kind, PlayerSpec};
use crate::rules::state::Outcome;
use crate::rules::{Action, GameRng, GameState, Side, rng_from_seed};
use crate::table::describe::{action_text, side_title, signed_points};
use crate::table::save::SavePlayers;
use crate::table::session::Session;

/// Arguments of `analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// A saved game; or an arena run's results file (played with --record-moves) and the
    /// id of one of its games.
    #[arg(value_name = "SAVE | RESULTS ID", num_args = 1..=2, required = true)]
    pub game: Vec<String>,
    /// The side to analyse (both when not given, the Humans first).
    #[arg(long, value_parser = super::parse_side)]
    pub side: Option<Side>,
    /// The search that judges the side's decisions: an `mcts` player with an iteration
    /// budget or a level (levels search so many iterations), so that the analysis
    /// replays.
    #[arg(long, default_value = "mcts:expert", value_name = "SPEC")]
    pub judge: String,
    /// Seeds the searches and the draws the luck's expectations are taken over.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// One JSON object a side, a line each.
    #[arg(long)]
    pub json: bool,
}

/// The game read back: where it started, the generator it rolled from, its decisions.
struct Game {
    name: String,
    start: GameState,
    dice: GameRng,
    actions: Vec<Action>,
}

/// Reads the game the command line names; the error says what is wrong with it.
fn read_game(args: &AnalyseArgs, io: &mut Io<'_>) -> Result<Game, CliError> {
    let fail = |io: &mut Io<'_>, e: String| -> Result<Game, CliError> {
        writeln!(io.err, "error: {e}")?;
        Err(CliError::Invalid)
    };
    match args.game.as_slice() {
        [save] => {
            let path = PathBuf::from(save);
            let saved = match Session::read_save_with(&path, SavePlayers::Ignored) {
                Ok(s) => s,
                Err(e) => return fail(io, format!("{}: {e}", path.display())),
            };
            if saved.companion.is_some() {
                return fail(
                    io,
                    format!(
                        "{}: this game's dice were rolled at a real table, so it does not \
                         replay from its seed",
                        path.display()
                    ),
                );
            }
            let scenario = Arc::new(load_scenario(&saved.setup.scenario_path, io)?);
            let mut dice = rng_from_seed(saved.setup.seed);
            let start = GameState::new(scenario.clone(), &mut dice);
            if let Some(d) = saved.setup.dice_seed {
                dice = rng_from_seed(d);
            }
            Ok(Game {
                name: format!("{} ({})", scenario.name, path.display()),
                start,
                dice,
                actions: saved.actions,
            })
        }
        [results, id] => {
            let (game, scenario) =
                super::replay::recorded_with_scenario(std::path::Path::new(results), id, io)?;
            let mut actions = Vec::with_capacity(game.moves.len());
            for (i, text) in game.moves.iter().enumerate() {
                match text.parse::<Action>() {
                    Ok(a) => actions.push(a),
                    Err(e) => {
                        return fail(
                            io,
                            format!(
                                "game `{id}`: decision {}, `{}`, does not read: {e}",
                                i + 1,
                                text.escape_debug()
                            ),
                        );
                    }
                }
            }
            Ok(Game {
                name: format!("{}, game {id} of {results}", scenario.name),
                start: GameState::new(scenario, &mut rng_from_seed(game.game_seed)),
                dice: rng_from_seed(game.dice_seed),
                actions,
            })
        }
        _ => Err(CliError::Usage(
            "analyse takes a saved game, or a results file and a game's id".into(),
        )),
    }
}

/// The judge the command line names: a tree search with an iteration budget, fair.
fn judge(text: &str) -> Result<PlayerSpec, CliError> {
    let spec: PlayerSpec = text
        .parse()
        .map_err(|e| CliError::Usage(format!("--judge: {e}")))?;
    if spec.kind() != Kind::Mcts {
        return Err(CliError::Usage(format!(
            "--judge {text}: the judge must be an `mcts` search (mcts:3000, mcts:expert): \
             its values of the moves are what a decision's cost is read from"
        )));
    }
    Ok(spec)
}

/// Analyse the game for each side asked.
pub fn run(args: AnalyseArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let judge = judge(&args.judge)?;
    let game = read_game(&args, io)?;
    let sides: Vec<Side> = args.side.map_or(Side::BOTH.to_vec(), |s| vec![s]);
    for (k, side) in sides.into_iter().enumerate() {
        let analysis = match analyse(
            &game.start,
            game.dice.clone(),
            &game.actions,
            side,
            &judge,
            args.seed,
            |_, _| {},
        ) {
            Ok(a) => a,
            Err(e) => return not_legal(io, &game, e),
        };
        if args.json {
            writeln!(io.out, "{}", json(&game, &analysis))?;
        } else {
            if k > 0 {
                writeln!(io.out)?;
            }
            text(io, &game, &analysis)?;
        }
    }
    Ok(())
}

fn not_legal(io: &mut Io<'_>, game: &Game, e: NotLegal) -> Result<(), CliError> {
    writeln!(
        io.err,
        "error: {}: {e}: the game was written by another version of the rules",
        game.name
    )?;
    Err(CliError::Invalid)
}

/// Each decision's action in words, as it read in its position.
fn texts(game: &Game) -> Vec<String> {
    let mut g = game.start.clone();
    let mut dice = game.dice.clone();
    game.actions
        .iter()
        .map(|a| {
            let t = action_text(&g, a, ModelNames::Numbers);
            let _ = g.play(*a, &mut dice);
            t
        })
        .collect()
}

/// A share of win chance in points, unsigned: `12`.
fn points(v: f64) -> String {
    format!("{:.0}", 100.0 * v)
}

fn result_word(l: &Ledger) -> &'static str {
    if l.end == 1.0 {
        "won"
    } else if l.end == 0.0 {
        "lost"
    } else {
        "drawn"
    }
}

fn text(io: &mut Io<'_>, game: &Game, a: &Analysis) -> Result<(), CliError> {
    let words = texts(game);
    let iterations = a.judge.recipe().map_or(String::new(), |r| {
        format!(", {} iterations a decision", r.iterations)
    });
    writeln!(
        io.out,
        "The {}' game: {}, {} decisions; judged by {}{iterations}.",
        side_title(a.side),
        game.name,
        a.steps.len(),
        a.judge
    )?;
    match a.ledger() {
        Some(l) => writeln!(
            io.out,
            "Start {:.0}%, own choices {} points, the other side's choices {} points, luck {} \
             points: end {:.0}% ({}).",
            100.0 * l.start,
            signed_points(l.own_choices),
            signed_points(l.other_choices),
            signed_points(l.luck),
            100.0 * l.end,
            result_word(&l)
        )?,
        None => writeln!(
            io.out,
            "The game goes on: its ledger (start, choices, luck, end) is kept for a game that \
             is over, since it reads the hidden cards and counters."
        )?,
    }
    let judged = a.judged().count();
    let mistakes = a.judged().filter(|(_, j)| j.counted()).count();
    let twins = a
        .judged()
        .filter(|(_, j)| matches!(j.same, Some(SameAs::Twin | SameAs::OtherPath)))
        .count();
    writeln!(
        io.out,
        "{judged} decisions with a choice; {mistakes} mistakes beyond the search's noise, \
         costing {} points in all; {twins} moves other than the search's were one choice \
         with it (an alike model, or another path to the same square).",
        points(a.mistakes_cost())
    )?;
    for (i, (s, j)) in a.worst(3).into_iter().enumerate() {
        writeln!(
            io.out,
            "  {}. decision {} (Round {}): {} cost {} points (noise {}); the search preferred: {}",
            i + 1,
            s.decision + 1,
            s.round,
            words[s.decision],
            points(j.cost()),
            points(j.noise),
            action_text_at(game, s.decision, &j.best)
        )?;
    }
    writeln!(
        io.out,
        "\n{:>5} {:>5} {:<8} {:>6} {:>6} {:>6} {:>6}  decision",
        "#", "round", "side", "before", "choice", "luck", "after"
    )?;
    for s in &a.steps {
        let (b, c, l, af) = match s.shift {
            Some(x) => (
                format!("{:.0}%", 100.0 * x.before),
                signed_points(x.choice),
                signed_points(x.luck),
                format!("{:.0}%", 100.0 * x.after),
            ),
            None => ("-".into(), "-".into(), "-".into(), "-".into()),
        };
        let judged = match &s.judged {
            Some(j) if j.counted() => format!(
                "  [mistake: cost {}, noise {}]",
                points(j.cost()),
                points(j.noise)
            ),
            _ => String::new(),
        };
        writeln!(
            io.out,
            "{:>5} {:>5} {:<8} {b:>6} {c:>6} {l:>6} {af:>6}  {}{judged}",
            s.decision + 1,
            s.round,
            s.mover.to_string(),
            words[s.decision]
        )?;
    }
    Ok(())
}

/// `action` in words as it would have read at decision `at`.
fn action_text_at(game: &Game, at: usize, action: &Action) -> String {
    let mut g = game.start.clone();
    let mut dice = game.dice.clone();
    for a in &game.actions[..at] {
        let _ = g.play(*a, &mut dice);
    }
    action_text(&g, action, ModelNames::Numbers)
}

/// A number as JSON, to the last digit (so that start, choices and luck add up to the end
/// as they do here), or `null`.
fn num(v: Option<f64>) -> String {
    v.map_or("null".into(), |v| format!("{v}"))
}

fn json(game: &Game, a: &Analysis) -> String {
    let words = texts(game);
    let l = a.ledger();
    let result = match game_outcome(game) {
        Some(Outcome::Win(w, _)) if w == a.side => "\"won\"",
        Some(Outcome::Win(..)) => "\"lost\"",
        Some(_) => "\"drawn\"",
        None => "null",
    };
    let rows: Vec<String> = a
        .steps
        .iter()
        .map(|s| {
            let judged = match &s.judged {
                None => "null".into(),
                Some(j) => format!(
                    "{{\"best\":{},\"best_value\":{},\"played_value\":{},\"cost\":{},\
                     \"noise\":{},\"mistake\":{},\"same\":{}}}",
                    json_str(&j.best.to_string()),
                    j.best_value,
                    j.played_value,
                    j.cost(),
                    j.noise,
                    j.counted(),
                    match j.same {
                        None => "null",
                        Some(SameAs::Preferred) => "\"preferred\"",
                        Some(SameAs::Twin) => "\"alike model\"",
                        Some(SameAs::OtherPath) => "\"other path\"",
                    }
                ),
            };
            format!(
                "{{\"decision\":{},\"round\":{},\"side\":{},\"action\":{},\"text\":{},\
                 \"before\":{},\"choice\":{},\"luck\":{},\"after\":{},\"judged\":{judged}}}",
                s.decision,
                s.round,
                json_str(&s.mover.to_string()),
                json_str(&s.played.to_string()),
                json_str(&words[s.decision]),
                num(s.shift.map(|x| x.before)),
                num(s.shift.map(|x| x.choice)),
                num(s.shift.map(|x| x.luck)),
                num(s.shift.map(|x| x.after)),
            )
        })
        .collect();
    format!(
        "{{\"game\":{},\"side\":{},\"judge\":{},\"start\":{},\"end\":{},\"choices\":{},\
         \"own_choices\":{},\"other_choices\":{},\"luck\":{},\"chance_to_win\":{},\
         \"result\":{result},\"mistakes\":{},\"mistakes_cost\":{},\"decisions\":[{}]}}",
        json_str(&game.name),
        json_str(&a.side.to_string()),
        json_str(&a.judge.to_string()),
        num(l.map(|l| l.start)),
        num(l.map(|l| l.end)),
        num(l.map(|l| l.choices())),
        num(l.map(|l| l.own_choices)),
        num(l.map(|l| l.other_choices)),
        num(l.map(|l| l.luck)),
        num(chance_to_win(a)),
        a.judged().filter(|(_, j)| j.counted()).count(),
        a.mistakes_cost(),
        rows.join(",")
    )
}

/// The side's chance to win where the game stands: the end of the ledger for a game that
/// is over, else the search's value at the side's last judged decision.
fn chance_to_win(a: &Analysis) -> Option<f64> {
    a.ledger()
        .map(|l| l.end)
        .or_else(|| a.judged().last().map(|(_, j)| j.best_value))
}

fn game_outcome(game: &Game) -> Option<Outcome> {
    let mut g = game.start.clone();
    let mut dice = game.dice.clone();
    for a in &game.actions {
        g.play(*a, &mut dice).ok()?;
    }
    g.outcome()
}
