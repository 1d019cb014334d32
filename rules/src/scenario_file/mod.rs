//! Scenario files: TOML as written by a designer (`ScenarioFile`), checked by `validate`
//! into a `Scenario`. Every problem is reported at once with file, line and column.
//!
//! Loading goes in two stages. `read` walks the parsed TOML document, spans and all,
//! into a `ScenarioFile`: it reports unknown keys (with the closest known key), missing
//! keys, values of the wrong type or out of range, and anything a single value can get
//! wrong on its own (a square off the board, a crooked wall run). `validate` then checks
//! what only the whole file can tell (capacities, profiles that exist, duplicate walls,
//! counters that fit) and builds the `Scenario`. Both stages always run to the end, so a
//! designer sees every problem in one go. Nothing a file can say makes either stage panic
//! or take more than time linear in the file's size, and files over `MAX_FILE_BYTES` are
//! refused before they are read. The format is described in `docs/scenario-format.md`.
//!
//! The parts: [`sink`] (diagnostics), [`raw`] (the file as written), [`values`] (reading
//! single values), [`read`] (stage 1), [`checks`] (stage 2), [`side`] (stage 2 for one
//! side: its models, zone, entries and exit), [`reach`] (what the map allows),
//! [`victory`] (key models, exits held, hold windows, partial and drawn entries: both
//! stages).

use std::path::Path;
use std::sync::OnceLock;

use toml::de::DeTable;

use crate::profile::Profile;
use crate::scenario::Scenario;
use crate::schema::scenario as keys;
use checks::validate;
use file_check::Lines;
use read::read_profile;
use values::{STYLE, Tbl};

mod checks;
mod place_error;
mod raw;
mod reach;
mod read;
mod side;
mod traps;
mod values;
mod victory;

pub(super) use file_check::Sink;
pub use file_check::{Diagnostic, MAX_DIAGNOSTICS, MAX_KEY_PARTS, Severity, totals};
pub(super) use values::{Value, did_you_mean, read_int, wrong_type};

/// A scenario that loaded, with any warnings about it.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub scenario: Scenario,
    pub warnings: Vec<Diagnostic>,
}

/// The largest scenario file accepted, in bytes (1 MiB). A real scenario is a few KiB.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The VP target when a scenario does not set one ("The first side to earn 8 VPs
/// immediately wins the game", R25).
pub const DEFAULT_VP_TARGET: u16 = keys::DEFAULT_VP_TARGET;

/// The most models a square holds (R3).
const SQUARE_CAPACITY: u32 = 6;

/// Read and check a scenario file. On failure, every error found (and the warnings).
pub fn load_scenario(path: &Path) -> Result<Loaded, Vec<Diagnostic>> {
    load_scenario_with_bytes(path).map(|(loaded, _)| loaded)
}

/// [`load_scenario`], also handing back the bytes that were checked, so a caller that
/// needs them (a fingerprint) never reads the file twice: a pipe
/// (`--scenario <(...)`) can be read only once.
pub fn load_scenario_with_bytes(path: &Path) -> Result<(Loaded, Vec<u8>), Vec<Diagnostic>> {
    let file = path.display().to_string();
    let bytes = read_scenario_bytes(path)?;
    parse_scenario_bytes(&file, &bytes).map(|loaded| (loaded, bytes))
}

/// The bytes of a scenario file, read once and never more than [`MAX_FILE_BYTES`] of
/// them (a device or a growing file is cut off there and refused).
pub fn read_scenario_bytes(path: &Path) -> Result<Vec<u8>, Vec<Diagnostic>> {
    file_check::read_file::read_for_diagnostics(path, MAX_FILE_BYTES, "scenario file")
}

/// Check a scenario file's bytes (UTF-8 TOML); `file` names them in diagnostics.
pub fn parse_scenario_bytes(file: &str, bytes: &[u8]) -> Result<Loaded, Vec<Diagnostic>> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_scenario(file, text),
        Err(e) => {
            let good = e.valid_up_to();
            let bad = bytes[good];
            let prefix = std::str::from_utf8(&bytes[..good]).unwrap_or_default();
            let (line, column) = Lines::new(prefix).position(good);
            Err(vec![Diagnostic {
                severity: Severity::Error,
                file: file.to_string(),
                line,
                column,
                message: format!(
                    "the file is not UTF-8 text: byte 0x{bad:02x} here is not valid UTF-8 \
                     (save the file as UTF-8)"
                ),
            }])
        }
    }
}

fn too_big(len: u64) -> String {
    format!(
        "the file is {len} bytes; a scenario file may be at most {MAX_FILE_BYTES} bytes (1 MiB)"
    )
}

/// Check scenario text; `file` names it in diagnostics.
pub fn parse_scenario(file: &str, text: &str) -> Result<Loaded, Vec<Diagnostic>> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(vec![Diagnostic {
            severity: Severity::Error,
            file: file.to_string(),
            line: 1,
            column: 1,
            message: too_big(text.len() as u64),
        }]);
    }
    let mut sink = Sink::default();
    let scenario = match DeTable::parse(text) {
        Ok(doc) => {
            let raw = read::read(&mut sink, &doc);
            validate(&mut sink, &raw, &core_profiles())
        }
        Err(e) => {
            sink.toml_error(&e, text);
            None
        }
    };
    let has_errors = sink.has_errors();
    let diagnostics = sink.finish(file, text);
    match scenario {
        Some(scenario) if !has_errors => Ok(Loaded {
            scenario,
            warnings: diagnostics,
        }),
        _ => Err(diagnostics),
    }
}

/// The core profiles of `profiles/core.toml` (Martian, US Army Soldier).
pub fn core_profiles() -> Vec<Profile> {
    static CORE: OnceLock<Vec<Profile>> = OnceLock::new();
    CORE.get_or_init(|| {
        let text = include_str!("../../../profiles/core.toml");
        match parse_profiles("profiles/core.toml", text) {
            Ok(profiles) => profiles,
            Err(errors) => {
                let list: Vec<String> = errors.iter().map(|d| d.to_string()).collect();
                panic!(
                    "the built-in profiles/core.toml is invalid:\n{}",
                    list.join("\n")
                )
            }
        }
    })
    .clone()
}

/// Check a profiles file (a table of `[key]` profile tables, as `profiles/core.toml`).
pub fn parse_profiles(file: &str, text: &str) -> Result<Vec<Profile>, Vec<Diagnostic>> {
    let mut sink = Sink::default();
    let mut out = Vec::new();
    match DeTable::parse(text) {
        Ok(doc) => {
            let root = Tbl::root(&doc, None, &STYLE);
            for (key, value) in root.entries() {
                if let Some((_, Some(p))) = read_profile(&mut sink, &root, key, value) {
                    out.push(p);
                }
            }
        }
        Err(e) => {
            sink.toml_error(&e, text);
        }
    }
    if sink.has_errors() {
        Err(sink.finish(file, text))
    } else {
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario_file::read::parse_wall_edge;
    use crate::scenario_file::values::{edit_distance, suggest};
    use crate::schema::scenario as keys;
    use crate::square::{Edge, Square};
    use file_check::Lines;

    #[test]
    fn edit_distance_counts_swaps_once() {
        assert_eq!(edit_distance("soldeir", "soldier"), 1);
        assert_eq!(edit_distance("modles", "models"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn suggestions_are_close_or_absent() {
        assert_eq!(suggest("soldeir", ["soldier", "martian"]), Some("soldier"));
        assert_eq!(suggest("vp_targt", keys::ROOT.names()), Some("vp_target"));
        assert_eq!(suggest("zzzzzz", keys::ROOT.names()), None);
    }

    #[test]
    fn lines_and_columns_count_characters() {
        let l = Lines::new("ab\néé x\n");
        assert_eq!(l.position(0), (1, 1));
        assert_eq!(l.position(3), (2, 1));
        assert_eq!(l.position(7), (2, 3)); // after two 2-byte characters
        assert_eq!(l.position(8), (2, 4)); // and a space
        assert_eq!(l.position(100), (3, 1));
    }

    #[test]
    fn wall_edges_parse() {
        let c3: Square = "c3".parse().unwrap();
        assert_eq!(parse_wall_edge("c3 north"), Ok(vec![(c3, Edge::North)]));
        assert_eq!(parse_wall_edge("f3-d3 north").unwrap().len(), 3);
        assert_eq!(parse_wall_edge("c4-c6 east").unwrap().len(), 3);
        assert!(parse_wall_edge("c4-c6 north").is_err());
        assert!(parse_wall_edge("c4-d5 north").is_err());
        assert!(parse_wall_edge("h4 east").is_err());
        assert!(parse_wall_edge("c4").is_err());
        assert!(parse_wall_edge("c4 north x").is_err());
    }
}
