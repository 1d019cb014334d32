//! Saved games: the [`SaveFile`] format (the scenario, the seed, who plays and the
//! decisions, as JSON text; for a game at a real table also who rolled, the dice typed
//! and the corrections of the table), read with a size cap and checked before anything is
//! loaded, written only over a saved game and never half-written, and the folder the
//! table saves in. A game is loaded by replaying its decisions from the seed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use rules::action::ActionError;
use rules::{Action, BySide, Side};

use super::brain::Unplayable;
use super::companion::{Companion, DecisionRolls, TableRoll};
use super::correction::Correction;
use super::error::SessionError;
use super::record_error::TableRecordError;
use super::rolls::Roller;
use super::session::Session;
use super::setup::{Controller, GameSetup};

/// The largest saved game read, in bytes (16 MiB). A save holds a few bytes a decision,
/// and a whole game is a few thousand decisions: a few dozen KiB.
pub const MAX_SAVE_BYTES: u64 = 16 << 20;

/// Why a saved game cannot be read or written. `Display` names the file and says what
/// is wrong, in a player's words.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file cannot be read (missing, no permission, ...).
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The path is a folder.
    #[error("{} is a directory, not a saved game", path.display())]
    Directory { path: PathBuf },
    /// The file is larger than any saved game ([`MAX_SAVE_BYTES`]).
    #[error(
        "{} is more than {MAX_SAVE_BYTES} bytes, the most a saved game may have (16 MiB); it \
         is not a saved game",
        path.display()
    )]
    TooLarge { path: PathBuf },
    /// The file is not UTF-8 text, from byte `at`.
    #[error("{} is not a saved game: byte {at} is not UTF-8 text", path.display())]
    NotText { path: PathBuf, at: usize },
    /// The text is not a saved game's JSON.
    #[error("{} is not a saved game: {source}", path.display())]
    NotASave {
        path: PathBuf,
        source: serde_json::Error,
    },
    /// A side is played by what the table cannot play: `player` is the text the file
    /// gives (trimmed).
    #[error(
        "{}: the {side} are played by `{}`, which the table cannot play: {why}",
        path.display(),
        player.escape_debug()
    )]
    Player {
        path: PathBuf,
        side: Side,
        player: String,
        #[source]
        why: Unplayable,
    },
    /// A decision of the file does not read as a decision.
    #[error(transparent)]
    Decision(#[from] UnreadDecision),
    /// What a game at a real table records does not read: which record and why.
    #[error("{}: {why}", path.display())]
    Table {
        path: PathBuf,
        why: TableRecordError,
    },
    /// Saving over a file that is not a saved game: it is left as it is.
    #[error(
        "{} already exists and is not a saved game; it is left as it is: choose another name",
        path.display()
    )]
    NotOurs { path: PathBuf },
    /// The game is kept by a host elsewhere, which saves it; nothing is written.
    #[error(
        "{} is not written: this game is kept by its host, which saves it",
        path.display()
    )]
    Afar { path: PathBuf },
    /// The file cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// A decision written as text that does not read as one: its number (from 1), its text
/// and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("decision {number} (`{text}`) does not read: {why}")]
pub struct UnreadDecision {
    pub number: usize,
    pub text: String,
    pub why: ActionError,
}

/// The text of a saved game, read with the [`MAX_SAVE_BYTES`] cap (never more, whatever
/// the file is: a device, a growing file).
pub fn read_save_text(path: &Path) -> Result<String, SaveError> {
    use std::io::Read;
    let read = |source| SaveError::Read {
        path: path.to_path_buf(),
        source,
    };
    let too_big = || SaveError::TooLarge {
        path: path.to_path_buf(),
    };
    let meta = std::fs::metadata(path).map_err(read)?;
    if meta.is_dir() {
        return Err(SaveError::Directory {
            path: path.to_path_buf(),
        });
    }
    if meta.len() > MAX_SAVE_BYTES {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    file_check::read_file::open_input(path)
        .and_then(|f| {
            f.take(MAX_SAVE_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| file_check::read_file::ReadError::Io(e.to_string()))
        })
        .map_err(|e| read(std::io::Error::other(e.to_string())))?;
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|e| SaveError::NotText {
        path: path.to_path_buf(),
        at: e.utf8_error().valid_up_to(),
    })
}

/// A saved game: the scenario, the seed and the decisions, as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    pub scenario: String,
    pub seed: u64,
    /// The dice's own seed, for a game whose dice were not seeded with its set-up (an
    /// arena game's); absent for a game begun at the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice_seed: Option<u64>,
    #[serde(default = "human")]
    pub humans: String,
    #[serde(default = "human")]
    pub martians: String,
    pub actions: Vec<String>,
    /// A game at a real table (the companion mode): who rolls each side's dice. Absent
    /// for a game played on the screen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub companion: Option<RollersFile>,
    /// At a real table, the rolls of each decision that rolled, by its number (from 1):
    /// the rolls it made and those of the response windows answered after it, in order,
    /// each the faces typed (each 8's extra die after them) or `null` where the program
    /// rolled.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dice: BTreeMap<usize, Vec<Option<Vec<u8>>>>,
    /// At a real table, the corrections made to match it, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corrections: Vec<CorrectionFile>,
    /// At a real table whose counters' squares were rolled there at set-up (R24): each
    /// counter's dice, in pairs (row, column), the last pair its square. Absent when the
    /// program placed them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placement: Vec<Vec<u8>>,
    /// The response windows answered after the last decision in which no card could be
    /// played (shown to a person so that passing them at once would not tell the other
    /// hand; they are not decisions): the game is loaded past them. Absent when none
    /// were.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub windows_after: usize,
}

/// No windows answered after the last decision: the field is left out.
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Who rolls each side's dice at a real table, as a save file writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollersFile {
    pub humans: Roller,
    pub martians: Roller,
}

/// A correction of the table, as a save file writes it: the number of decisions made
/// before it and the change (`place m3 d4`, see [`Correction`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorrectionFile {
    pub after: usize,
    pub change: String,
}

/// A saved game read and checked ([`Session::read_save`]): its set-up, with the players
/// read and the scenario found, and its decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    pub setup: GameSetup,
    pub actions: Vec<Action>,
    /// At a real table: who rolled, the rolls and the corrections.
    pub companion: Option<Companion>,
    /// The empty response windows answered after the last decision
    /// ([`SaveFile::windows_after`]).
    pub windows_after: usize,
}

/// Whether a saved game's players are read ([`Session::read_save_with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavePlayers {
    /// As players the table can play: one it does not know refuses the save.
    Read,
    /// Not read at all: the position is all that is wanted (`serve`), so a player of
    /// another version or a program's name is no reason to refuse it; both sides are
    /// people's.
    Ignored,
}

/// A side a person plays, as a save file writes it (its default).
fn human() -> String {
    "human".into()
}

/// Parses decisions written as text; says which one does not parse.
pub fn parse_actions(texts: &[String]) -> Result<Vec<Action>, UnreadDecision> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            t.parse::<Action>().map_err(|why| UnreadDecision {
                number: i + 1,
                text: t.clone(),
                why,
            })
        })
        .collect()
}

/// What a save of a game at a real table records beyond its decisions, read and checked
/// against their number: the rollers, the rolls by decision, the corrections in order.
fn read_table_record(
    save: &SaveFile,
    decisions: usize,
) -> Result<Option<Companion>, TableRecordError> {
    let Some(rollers) = save.companion else {
        if !save.placement.is_empty() {
            return Err(TableRecordError::PlacementWithoutTable);
        }
        if let Some(n) = save.dice.keys().next() {
            return Err(TableRecordError::DiceWithoutTable(*n));
        }
        if !save.corrections.is_empty() {
            return Err(TableRecordError::CorrectionsWithoutTable);
        }
        return Ok(None);
    };
    let mut dice: Vec<DecisionRolls> = vec![Vec::new(); decisions];
    for (n, rolls) in &save.dice {
        if *n == 0 || *n > decisions {
            return Err(TableRecordError::DiceOutOfRange {
                decision: *n,
                decisions,
            });
        }
        if rolls.len() > rules::given_dice::MAX_ROLLS {
            return Err(TableRecordError::TooManyRolls {
                decision: *n,
                rolls: rolls.len(),
                most: rules::given_dice::MAX_ROLLS,
            });
        }
        dice[n - 1] = rolls
            .iter()
            .map(|r| match r {
                Some(f) => TableRoll::Typed(f.clone()),
                None => TableRoll::Program,
            })
            .collect();
    }
    let mut corrections = Vec::with_capacity(save.corrections.len());
    let mut last = 0;
    for (i, c) in save.corrections.iter().enumerate() {
        if c.after > decisions || c.after < last {
            return Err(TableRecordError::CorrectionOutOfPlace {
                correction: i + 1,
                after: c.after,
                decisions,
            });
        }
        last = c.after;
        let change: Correction = c
            .change
            .parse()
            .map_err(|why| TableRecordError::Correction {
                correction: i + 1,
                why,
            })?;
        corrections.push((c.after, change));
    }
    // The counters' dice are checked against the game when it is set up; here only their
    // size.
    let most = 2 * crate::table::placement::MAX_PAIRS;
    if save.placement.len() > 64 {
        return Err(TableRecordError::TooManyCounters(save.placement.len()));
    }
    if let Some(i) = save.placement.iter().position(|f| f.len() > most) {
        return Err(TableRecordError::TooManyFaces {
            counter: i + 1,
            faces: save.placement[i].len(),
            most,
        });
    }
    Ok(Some(
        Companion::recorded(
            BySide::new(rollers.humans, rollers.martians),
            dice,
            corrections,
        )
        .with_placement(save.placement.clone()),
    ))
}

/// Where the table saves games unless told otherwise: `saves` in the user's data
/// directory (`$XDG_DATA_HOME/mars-attacks`, else `~/.local/share/mars-attacks` on Linux
/// and the BSDs; `~/Library/Application Support/mars-attacks` on macOS;
/// `%APPDATA%\mars-attacks` on Windows), or `./saves` where none is known. The folder is
/// made when the first game is saved.
pub fn saves_dir() -> PathBuf {
    saves_dir_from(|k| std::env::var_os(k))
}

/// [`saves_dir`] with the environment read through `var`.
pub fn saves_dir_from(var: impl Fn(&str) -> Option<std::ffi::OsString>) -> PathBuf {
    let var = |k: &str| {
        var(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    let base = if cfg!(windows) {
        var("APPDATA")
    } else if cfg!(target_os = "macos") {
        var("HOME").map(|h| h.join("Library/Application Support"))
    } else {
        var("XDG_DATA_HOME").or_else(|| var("HOME").map(|h| h.join(".local/share")))
    };
    match base {
        Some(b) => b.join("mars-attacks").join("saves"),
        None => PathBuf::from("saves"),
    }
}

impl Session {
    /// The game as a save file.
    pub fn to_save(&self) -> SaveFile {
        let actions: Vec<String> = match &self.replay {
            Some(r) => r.actions.iter().map(|a| a.to_string()).collect(),
            None => self.history.iter().map(|s| s.action.to_string()).collect(),
        };
        // A replay keeps the whole game's record; a game played on, its own.
        let companion = match &self.replay {
            Some(r) => r.companion.as_ref(),
            None => self.companion.as_ref(),
        };
        let mut dice = BTreeMap::new();
        let mut corrections = Vec::new();
        if let Some(c) = companion {
            for (i, rolls) in c.all_rolls().iter().enumerate().take(actions.len()) {
                if !rolls.is_empty() {
                    dice.insert(i + 1, rolls.iter().map(TableRoll::faces).collect());
                }
            }
            corrections = c
                .corrections()
                .iter()
                .map(|(after, change)| CorrectionFile {
                    after: *after,
                    change: change.to_string(),
                })
                .collect();
        }
        // The scenario by its whole path, so that the save loads from any folder.
        let scenario = &self.setup.scenario_path;
        let scenario = std::fs::canonicalize(scenario)
            .or_else(|_| std::path::absolute(scenario))
            .unwrap_or_else(|_| scenario.clone());
        SaveFile {
            scenario: scenario.display().to_string(),
            seed: self.setup.seed,
            dice_seed: self.setup.dice_seed,
            humans: self.setup.controllers[Side::Humans].to_string(),
            martians: self.setup.controllers[Side::Martians].to_string(),
            actions,
            companion: companion.map(|c| RollersFile {
                humans: c.rolled_by[Side::Humans],
                martians: c.rolled_by[Side::Martians],
            }),
            dice,
            corrections,
            placement: companion
                .map(|c| c.placement().to_vec())
                .unwrap_or_default(),
            windows_after: match &self.replay {
                Some(r) => r.windows_after,
                None => self.windows_after,
            },
        }
    }

    /// The save file as JSON text.
    pub fn save_json(&self) -> String {
        serde_json::to_string_pretty(&self.to_save()).expect("a save file serializes")
    }

    /// Writes the game to `path`.
    ///
    /// Only a saved game is ever written over: any other file at `path` is left as it is
    /// and the save refused. The new text goes to a file beside it first and then takes
    /// its place, so a failed write never loses the old save.
    pub fn save_to(&self, path: &Path) -> Result<(), SaveError> {
        if self.afar.is_some() {
            return Err(SaveError::Afar {
                path: path.to_path_buf(),
            });
        }
        if path.exists() {
            let is_save = read_save_text(path)
                .ok()
                .is_some_and(|t| serde_json::from_str::<SaveFile>(&t).is_ok());
            if !is_save {
                return Err(SaveError::NotOurs {
                    path: path.to_path_buf(),
                });
            }
        }
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".saving");
        let tmp = PathBuf::from(tmp);
        std::fs::write(&tmp, self.save_json() + "\n")
            .and_then(|()| std::fs::rename(&tmp, path))
            .map_err(|source| {
                let _ = std::fs::remove_file(&tmp);
                SaveError::Write {
                    path: path.to_path_buf(),
                    source,
                }
            })
    }

    /// Reads a save file: who plays each side, read as players the table can play (a
    /// program is named, never started), the scenario found where the save names it (a
    /// whole path, as saves are written), else beside the save file (the path as written,
    /// or its file name alone), and the decisions read.
    pub fn read_save(path: &Path) -> Result<SavedGame, SaveError> {
        Session::read_save_with(path, SavePlayers::Read)
    }

    /// [`Session::read_save`], with who plays each side read or left unread
    /// ([`SavePlayers`]).
    pub fn read_save_with(path: &Path, players: SavePlayers) -> Result<SavedGame, SaveError> {
        let text = read_save_text(path)?;
        let save: SaveFile = serde_json::from_str(&text).map_err(|source| SaveError::NotASave {
            path: path.to_path_buf(),
            source,
        })?;
        let controller = |side: Side| -> Result<Controller, SaveError> {
            let text = match side {
                Side::Humans => &save.humans,
                Side::Martians => &save.martians,
            };
            text.parse().map_err(|why| SaveError::Player {
                path: path.to_path_buf(),
                side,
                player: text.trim().to_string(),
                why,
            })
        };
        let controllers = match players {
            SavePlayers::Read => {
                BySide::new(controller(Side::Humans)?, controller(Side::Martians)?)
            }
            SavePlayers::Ignored => BySide::new(Controller::Human, Controller::Human),
        };
        let mut scenario = PathBuf::from(&save.scenario);
        if !scenario.exists()
            && let Some(dir) = path.parent()
        {
            // Not where it was: beside the save (as written, or by its file name alone,
            // the two moved together).
            let beside = [
                scenario.is_relative().then(|| dir.join(&scenario)),
                scenario.file_name().map(|f| dir.join(f)),
            ];
            if let Some(found) = beside.into_iter().flatten().find(|p| p.exists()) {
                scenario = found;
            }
        }
        let actions = parse_actions(&save.actions)?;
        let companion =
            read_table_record(&save, actions.len()).map_err(|why| SaveError::Table {
                path: path.to_path_buf(),
                why,
            })?;
        Ok(SavedGame {
            setup: GameSetup {
                scenario_path: scenario,
                seed: save.seed,
                dice_seed: save.dice_seed,
                controllers,
            },
            actions,
            companion,
            windows_after: save.windows_after,
        })
    }

    /// Loads a saved game and plays on from its end.
    pub fn load(path: &Path) -> Result<Session, SessionError> {
        Session::from_saved(Session::read_save(path)?)
    }

    /// A session from a saved game, at the end of its decisions.
    pub fn from_saved(saved: SavedGame) -> Result<Session, SessionError> {
        let mut s = Session::new(saved.setup)?;
        s.companion = saved.companion;
        s.rebuild(&saved.actions, saved.windows_after)?;
        s.loaded = true;
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use rand::RngCore;

    use super::*;
    use crate::table::session::tests::{hot_seat, play_first, scenario_path};
    use rules::sim::state_text;

    #[test]
    fn save_and_load_replay_the_same_game() {
        let mut s = hot_seat(7);
        play_first(&mut s, 60);
        let dir = std::env::temp_dir().join(format!("ma-gui-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("save.json");
        s.save_to(&path).unwrap();
        let t = Session::load(&path).unwrap();
        assert_eq!(
            state_text(t.state()),
            state_text(s.state()),
            "the same position"
        );
        assert_eq!(t.history().len(), s.history().len());
        // The dice go on the same way.
        let mut a = s.dice.clone();
        let mut b = t.dice.clone();
        assert_eq!(RngCore::next_u64(&mut a), RngCore::next_u64(&mut b));
        std::fs::remove_dir_all(&dir).ok();
    }

    /// Plays a hot-seat game (every empty window shown, since both sides are people's) with
    /// greedy's choices (`respond none` in each empty window) until `stop` says so, for at
    /// most 2,000 decisions.
    fn greedy_hot_seat_until(seed: u64, stop: impl Fn(&Session) -> bool) -> Session {
        let mut s = hot_seat(seed);
        let mut rng = rules::rng_from_seed(seed);
        for _ in 0..2_000 {
            if stop(&s) {
                break;
            }
            let legal = s.legal();
            let a = skirmish_ai::bot::game::best_action(s.state(), &legal, &mut rng);
            s.play(a).unwrap();
        }
        assert!(stop(&s), "seed {seed}: the game got there");
        s
    }

    /// A game whose last decision is followed by an empty response window (a Lucky Escape
    /// window shown to the person, answered `respond none`, whose kill then ends the game)
    /// is loaded past the window: over, as it was saved, with its result; replayed to its
    /// end, the same. A game saved while such a window waits is loaded waiting in it.
    #[test]
    fn a_game_saved_after_an_empty_window_is_loaded_past_it() {
        let dir = std::env::temp_dir().join(format!("ma-windows-after-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("save.json");
        let mut after_a_window = 0;
        for seed in 1..=6 {
            let s = greedy_hot_seat_until(seed, |s| s.state().is_over());
            s.save_to(&path).unwrap();
            let saved: SaveFile =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            assert_eq!(saved.windows_after, s.windows_after, "seed {seed}");
            if s.windows_after > 0 {
                after_a_window += 1;
            }
            let loaded = Session::load(&path).unwrap();
            assert_eq!(
                state_text(loaded.state()),
                state_text(s.state()),
                "seed {seed}: the same position"
            );
            assert_eq!(loaded.state().outcome(), s.state().outcome(), "seed {seed}");
            assert_eq!(
                loaded.history().last().map(|x| &x.events),
                s.history().last().map(|x| &x.events),
                "seed {seed}: the last decision's events, the window's included"
            );
            let mut replay = Session::load_replay(&path).unwrap();
            replay.replay_to(s.history().len());
            assert_eq!(
                state_text(replay.state()),
                state_text(s.state()),
                "seed {seed}"
            );
            // Saved again from the load, the file is the same.
            assert_eq!(loaded.save_json(), s.save_json(), "seed {seed}");
        }
        assert!(
            after_a_window > 0,
            "some game ended after an empty window, or this test tests nothing"
        );

        // Saved while an empty window waits: loaded waiting, and nothing is answered
        // that the person had not answered.
        let s = greedy_hot_seat_until(1, |s| s.state().is_empty_window());
        assert_eq!(s.windows_after, 0);
        s.save_to(&path).unwrap();
        assert!(
            !std::fs::read_to_string(&path)
                .unwrap()
                .contains("windows_after")
        );
        let loaded = Session::load(&path).unwrap();
        assert!(loaded.state().is_empty_window(), "waiting in the window");
        assert_eq!(state_text(loaded.state()), state_text(s.state()));

        // A save that records more windows than the game opens there is refused, and says
        // so.
        let mut text: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        text["windows_after"] = 3.into();
        std::fs::write(&path, text.to_string()).unwrap();
        let e = load_err(&path);
        assert!(
            e.contains("3 response window(s) answered after its last decision")
                && e.contains("opens 1 there"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    fn load_err(p: &Path) -> String {
        match Session::load(p) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("{} loaded", p.display()),
        }
    }

    #[test]
    fn bad_save_files_give_messages() {
        let dir = std::env::temp_dir().join(format!("ma-gui-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("bad.json");
        std::fs::write(&p, "not json").unwrap();
        assert!(load_err(&p).contains("not a saved game"));
        std::fs::write(
            &p,
            format!(
                r#"{{"scenario": "{}", "seed": 1, "actions": ["jump a1"]}}"#,
                scenario_path().display()
            ),
        )
        .unwrap();
        assert!(load_err(&p).contains("does not read"));
        std::fs::write(
            &p,
            format!(
                r#"{{"scenario": "{}", "seed": 1, "actions": ["shoot m1"]}}"#,
                scenario_path().display()
            ),
        )
        .unwrap();
        assert!(load_err(&p).contains("not legal"));
        assert!(matches!(
            Session::load(&p),
            Err(SessionError::NotLegal { number: 1, ref refused }) if refused.action.to_string() == "shoot m1"
        ));
        // A model the scenario does not have (m1..m48 here) is refused, never looked up.
        for model in ["m49", "m99", "m255"] {
            std::fs::write(
                &p,
                format!(
                    r#"{{"scenario": "{}", "seed": 1, "actions": ["shoot {model}"]}}"#,
                    scenario_path().display()
                ),
            )
            .unwrap();
            let e = load_err(&p);
            assert!(e.contains(&format!("`shoot {model}`) is not legal")), "{e}");
        }
        std::fs::write(
            &p,
            r#"{"scenario": "nowhere.toml", "seed": 1, "actions": []}"#,
        )
        .unwrap();
        assert!(load_err(&p).contains("does not load"));
        assert!(Session::load(&dir.join("missing.json")).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn each_save_error_names_the_file_and_what_is_wrong() {
        let dir = std::env::temp_dir().join(format!("ma-save-errors-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let name = |p: &Path| p.display().to_string();
        let err = |p: &Path| match Session::read_save(p) {
            Err(e) => e,
            Ok(_) => panic!("{} read", p.display()),
        };
        // A folder.
        let e = err(&dir);
        assert!(matches!(e, SaveError::Directory { .. }), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!("{} is a directory, not a saved game", name(&dir))
        );
        // Nothing there.
        let missing = dir.join("missing.json");
        let e = err(&missing);
        assert!(matches!(e, SaveError::Read { .. }), "{e:?}");
        assert!(
            e.to_string()
                .starts_with(&format!("cannot read {}: ", name(&missing))),
            "{e}"
        );
        // Not text: the first byte that is not UTF-8 is named.
        let p = dir.join("bytes.json");
        std::fs::write(&p, b"{\"s\": \xff}").unwrap();
        let e = err(&p);
        assert!(matches!(e, SaveError::NotText { at: 6, .. }), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!("{} is not a saved game: byte 6 is not UTF-8 text", name(&p))
        );
        // A side played by a player the table cannot play.
        std::fs::write(
            &p,
            r#"{"scenario": "x.toml", "seed": 1, "humans": " oracle ", "actions": []}"#,
        )
        .unwrap();
        let e = err(&p);
        assert!(
            matches!(&e, SaveError::Player { side: Side::Humans, player, why: Unplayable::Unfair(_), .. } if player == "oracle"),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            format!(
                "{}: the humans are played by `oracle`, which the table cannot play: \
                 `oracle:normal` sees the other side's hidden cards; the table only offers \
                 fair opponents",
                name(&p)
            )
        );
        // A decision that does not read: its number and text.
        std::fs::write(
            &p,
            r#"{"scenario": "x.toml", "seed": 1, "actions": ["end-turn", "jump a1"]}"#,
        )
        .unwrap();
        let e = err(&p);
        assert!(
            matches!(&e, SaveError::Decision(UnreadDecision { number: 2, text, .. }) if text == "jump a1"),
            "{e:?}"
        );
        assert!(
            e.to_string()
                .starts_with("decision 2 (`jump a1`) does not read: "),
            "{e}"
        );
        // Saving over a file that is not a saved game.
        let notes = dir.join("notes.txt");
        std::fs::write(&notes, "mine").unwrap();
        let e = hot_seat(1).save_to(&notes).unwrap_err();
        assert!(matches!(e, SaveError::NotOurs { .. }), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!(
                "{} already exists and is not a saved game; it is left as it is: choose \
                 another name",
                name(&notes)
            )
        );
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), "mine");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[cfg(all(unix, not(target_os = "macos")))]
    #[test]
    fn games_are_saved_in_the_users_data_directory() {
        use std::path::PathBuf;
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| std::ffi::OsString::from(v))
            }
        };
        assert_eq!(
            saves_dir_from(env(&[("XDG_DATA_HOME", "/d"), ("HOME", "/h")])),
            PathBuf::from("/d/mars-attacks/saves")
        );
        assert_eq!(
            saves_dir_from(env(&[("HOME", "/h")])),
            PathBuf::from("/h/.local/share/mars-attacks/saves")
        );
        // A relative or empty setting is not a place to write to.
        assert_eq!(
            saves_dir_from(env(&[("XDG_DATA_HOME", "rel"), ("HOME", "")])),
            PathBuf::from("saves")
        );
    }
}
