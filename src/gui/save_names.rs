//! The names the file windows offer unless the person types another: a save is named for
//! its scenario, its seed and the decisions made, so that two saves of one game never
//! share a name; the set-up sheet for its scenario and seed.

use std::path::Path;

use crate::table::session::Session;

/// Where a save of the game goes in `dir` unless the person says.
pub fn default_save_path(dir: &Path, session: Option<&Session>) -> String {
    match session {
        Some(s) => format!(
            "{}-decision-{}.json",
            default_stem(dir, Some(s)),
            s.game_actions().len()
        ),
        None => dir.join("game.json").display().to_string(),
    }
}

/// The game's name in `dir`: its scenario's file and its seed.
pub fn default_stem(dir: &Path, session: Option<&Session>) -> String {
    let Some(s) = session else {
        return dir.join("game").display().to_string();
    };
    let stem = s
        .setup()
        .scenario_path
        .file_stem()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game".into());
    dir.join(format!("{stem}-{}", s.setup().seed))
        .display()
        .to_string()
}
