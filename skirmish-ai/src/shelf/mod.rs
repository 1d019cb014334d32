//! The shelf of shipped scenarios: the scenario files in `scenarios/`, each with its
//! measured balance beside it (`scenarios/balance/`), its map picture and its page in
//! `docs/scenarios.md`. `mars-attacks scenarios` writes the page and the pictures from
//! here, the table's New game window lists the shelf, and a test keeps the recorded
//! balance in step with the files. A map picture is drawn in the screen's colours or in
//! black and white for print ([`palette`]), as the table's set-up sheet draws it.

pub mod balance;
pub mod docs;
pub mod edge_marks;
pub mod palette;
pub mod picture;
pub mod shading;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rules::Scenario;
use rules::fingerprint::scenario_fingerprint;
use rules::scenario_file::{Diagnostic, load_scenario_with_bytes};

pub use balance::{Balance, Measured};
pub use picture::MapPicture;

/// The folder of balance files inside the scenario folder.
pub const BALANCE_DIR: &str = "balance";

/// One scenario file of the shelf.
#[derive(Clone, Debug)]
pub struct Shelved {
    /// The file.
    pub path: PathBuf,
    /// Its name without `.toml`: the name of its balance file and its picture.
    pub stem: String,
    pub scenario: Arc<Scenario>,
    /// What `validate` warns about it (a shipped scenario should have none).
    pub warnings: Vec<Diagnostic>,
    /// The fingerprint of its bytes, as arena results record it.
    pub fingerprint: String,
    /// Its balance file, if it has one.
    pub balance: Option<Balance>,
}

/// Whether a scenario's recorded balance belongs to the file as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BalanceState {
    /// No balance file.
    Missing,
    /// Measured on another version of the file (the recorded fingerprint).
    Stale(String),
    /// Measured on this very file.
    Current,
}

impl Shelved {
    pub fn balance_state(&self) -> BalanceState {
        match &self.balance {
            None => BalanceState::Missing,
            Some(b) if b.fingerprint != self.fingerprint => {
                BalanceState::Stale(b.fingerprint.clone())
            }
            Some(_) => BalanceState::Current,
        }
    }

    /// The file name, like `whos-there.toml`.
    pub fn file_name(&self) -> String {
        format!("{}.toml", self.stem)
    }

    /// Where its balance file is, in the shelf at `dir`.
    pub fn balance_path(&self, dir: &Path) -> PathBuf {
        balance_path(dir, &self.stem)
    }
}

/// Where the balance file of the scenario `stem` is, in the shelf at `dir`.
pub fn balance_path(dir: &Path, stem: &str) -> PathBuf {
    dir.join(BALANCE_DIR).join(format!("{stem}.toml"))
}

/// A folder whose files cannot be listed: its path and the system's error.
#[derive(Debug, thiserror::Error)]
#[error("{}: cannot list: {error}", dir.display())]
pub struct ListError {
    pub dir: PathBuf,
    #[source]
    pub error: std::io::Error,
}

/// The `.toml` files directly in `dir`, sorted by name.
pub fn scenario_files(dir: &Path) -> Result<Vec<PathBuf>, ListError> {
    let entries = std::fs::read_dir(dir).map_err(|error| ListError {
        dir: dir.to_path_buf(),
        error,
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    Ok(files)
}

/// Reads every scenario in `dir` with its balance file. Fails with every problem found: a
/// scenario that does not load, a balance file that does not read or names another file.
pub fn read_shelf(dir: &Path) -> Result<Vec<Shelved>, Vec<String>> {
    let files = scenario_files(dir).map_err(|e| vec![e.to_string()])?;
    let mut shelf = Vec::new();
    let mut problems = Vec::new();
    for path in files {
        match read_entry(dir, &path) {
            Ok(s) => shelf.push(s),
            Err(p) => problems.extend(p),
        }
    }
    if problems.is_empty() {
        Ok(shelf)
    } else {
        Err(problems)
    }
}

/// The largest balance file read, in bytes: a player's measurement takes a few hundred.
pub const MAX_BALANCE_BYTES: u64 = 1 << 20;

/// The text of `path`, read with a size cap (never more, whatever the file is).
fn read_capped(path: &Path, cap: u64) -> std::io::Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    file_check::read_file::open_input(path)
        .map_err(|e| match e {
            file_check::read_file::ReadError::Missing => std::io::ErrorKind::NotFound.into(),
            e => std::io::Error::other(e.to_string()),
        })?
        .take(cap + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(std::io::Error::other(format!(
            "it is more than {cap} bytes, the most a balance file may have"
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        std::io::Error::other(format!(
            "byte {} is not UTF-8 text",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// Reads one scenario file of the shelf at `dir`, with its balance file if it has one.
pub fn read_entry(dir: &Path, path: &Path) -> Result<Shelved, Vec<String>> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (loaded, bytes) = load_scenario_with_bytes(path).map_err(|diagnostics| {
        diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
    })?;
    let bpath = balance_path(dir, &stem);
    let balance = match read_capped(&bpath, MAX_BALANCE_BYTES) {
        Ok(text) => {
            let b = Balance::parse(&bpath, &text).map_err(|e| vec![e.to_string()])?;
            if b.scenario != format!("{stem}.toml") {
                return Err(vec![format!(
                    "{}: scenario: it records \"{}\", but the file is the balance of {stem}.toml",
                    bpath.display(),
                    b.scenario
                )]);
            }
            Some(b)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(vec![format!("{}: cannot read: {e}", bpath.display())]),
    };
    Ok(Shelved {
        path: path.to_path_buf(),
        stem,
        scenario: Arc::new(loaded.scenario),
        warnings: loaded.warnings,
        fingerprint: scenario_fingerprint(&bytes),
        balance,
    })
}
