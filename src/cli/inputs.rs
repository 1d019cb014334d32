//! The input files a command line names, checked before the command runs: one that is not
//! there is a mistake of the command line (exit code 2), whatever the command; one that is
//! there but invalid is the command's to report (exit code 1). Every command is listed in
//! [`Command::input_files`], so a new one does not compile until it says what it reads.

use std::path::{Path, PathBuf};

use super::{CliError, Command};

/// What an input file is, for the message that it is missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    Scenario,
    /// A scenario file or a saved game (`serve --load`).
    ScenarioOrSave,
    Save,
    Results,
    StrengthRecord,
    Deck,
    /// A folder of scenario files (`scenarios --dir`).
    Shelf,
    /// A self-play file (`train-value --data`).
    SelfPlay,
    /// A value network's weights (`train-value --start`).
    ValueNet,
}

impl Input {
    /// `scenario file`, `saved game`...
    pub fn noun(self) -> &'static str {
        match self {
            Input::Scenario => "scenario file",
            Input::ScenarioOrSave => "scenario file or saved game",
            Input::Save => "saved game",
            Input::Results => "results file",
            Input::StrengthRecord => "strength record",
            Input::Deck => "deck file",
            Input::Shelf => "folder of scenarios",
            Input::SelfPlay => "self-play file",
            Input::ValueNet => "value network",
        }
    }
}

impl Command {
    /// The files this command line reads, each with what it is. Outputs are not among
    /// them (`strength --check` reads its `--out`).
    pub fn input_files(&self) -> Vec<(PathBuf, Input)> {
        use super::dice_game::What;
        use Input::*;
        let one = |p: &Path, what| vec![(p.to_path_buf(), what)];
        let all = |ps: &[PathBuf], what| ps.iter().map(|p| (p.clone(), what)).collect();
        let some = |p: &Option<PathBuf>, what| p.iter().map(|p| (p.clone(), what)).collect();
        match self {
            Command::Play(a) => match (&a.load, &a.replay) {
                (Some(save), _) => one(save, Save),
                (None, Some(replay)) => replay
                    .iter()
                    .take(1)
                    .map(|r| (PathBuf::from(r), Results))
                    .collect(),
                (None, None) => one(&a.scenario, Scenario),
            },
            Command::Duel(a) => match a.game {
                super::duel::GameKind::Skirmish if a.args.len() == 3 => {
                    one(Path::new(&a.args[0]), Scenario)
                }
                _ => Vec::new(),
            },
            Command::Arena(a) => all(&a.scenarios, Scenario),
            Command::Report(a) => all(&a.files, Results),
            // `validate` reports on every file it is given, one that is not there among
            // them (exit code 2 then: `validate::run`).
            Command::Validate(_) => Vec::new(),
            Command::Scenarios(a) => std::iter::once((a.dir.clone(), Shelf))
                .chain(a.record.iter().map(|r| (r.clone(), Results)))
                .collect(),
            Command::Preview(a) => one(&a.file, Scenario),
            Command::Render(a) => one(&a.file, Scenario),
            Command::SetupSheet(a) => one(&a.scenario, Scenario),
            Command::Deck(a) => some(&a.file, Deck),
            Command::Los(a) => one(&a.file, Scenario),
            Command::Steps(a) => one(&a.file, Scenario),
            Command::Simulate(a) => one(&a.file, Scenario),
            Command::Position(a) => one(&a.results, Results),
            Command::Replay(a) => one(&a.results, Results),
            Command::Analyse(a) => match a.game.as_slice() {
                [save] => one(Path::new(save), Save),
                [results, _] => one(Path::new(results), Results),
                _ => Vec::new(),
            },
            Command::Serve(a) => some(&a.load, ScenarioOrSave),
            Command::Bench(a) => one(&a.file, Scenario),
            Command::Strength(a) if a.check => one(&a.record(), StrengthRecord),
            Command::Strength(a) => all(&a.results, Results),
            Command::FitEvaluation(a) => all(&a.scenario, Scenario),
            Command::SelfPlay(a) => all(&a.scenario, Scenario),
            Command::Host(a) => match (&a.resume, &a.scenario) {
                (Some(save), _) => one(save, Save),
                (None, scenario) => some(scenario, Scenario),
            },
            Command::Join(_) => Vec::new(),
            Command::TrainValue(a) => {
                let mut files = all(&a.data, SelfPlay);
                files.extend(some(&a.start, ValueNet));
                files
            }
            Command::TrainPrior(a) => all(&a.data, SelfPlay),
            Command::DiceGame(a) => match &a.what {
                What::Play { deck, .. } | What::Odds { deck, .. } | What::Table { deck, .. } => {
                    some(deck, Deck)
                }
                What::Cards { file, .. } => some(file, Deck),
            },
            Command::Odds(_)
            | Command::Schema(_)
            | Command::MartianDice(_)
            | Command::Bot(_)
            | Command::Takedown(_) => Vec::new(),
        }
    }

    /// Refuses the command line if a file it reads is not there, naming the first one.
    pub fn check_inputs(&self) -> Result<(), CliError> {
        for (path, what) in self.input_files() {
            require_input(&path, what)?;
        }
        Ok(())
    }
}

/// A named input file must be there (a link to nothing is not): one that is not is a
/// usage error that names it, with where a relative path was looked for.
pub fn require_input(path: &Path, what: Input) -> Result<(), CliError> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let from = if path.is_relative() {
                std::env::current_dir()
                    .map(|d| {
                        format!(
                            " (a relative path is read from the current folder, {})",
                            d.display()
                        )
                    })
                    .unwrap_or_default()
            } else {
                String::new()
            };
            Err(CliError::Usage(format!(
                "{}: no such {}{from}",
                path.display(),
                what.noun()
            )))
        }
        _ => Ok(()),
    }
}
