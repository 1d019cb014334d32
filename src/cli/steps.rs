//! `mars-attacks steps FILE`: for every square of a scenario's map, the neighbouring
//! squares a model may step to from it under R4-R5 (walls and blockers only; models
//! are ignored).
//!
//! The output is one JSON object, `{"a1": ["b1", "a2", "b2"], ...}`: the keys, and the
//! squares in each list, are sorted in board order a1, b1, ..., h1, a2, ..., h8 (square
//! index order), one square per line.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;

use super::{CliError, Io, json_str, load_scenario};
use crate::rules::map::Map;
use crate::rules::square::Square;

/// Arguments of `steps`.
#[derive(Args, Debug)]
pub struct StepsArgs {
    /// The scenario file whose map to use.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// Print the step table.
pub fn run(args: StepsArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let scenario = load_scenario(&args.file, io)?;
    io.out.write_all(steps_json(&scenario.map).as_bytes())?;
    Ok(())
}

/// The step table as JSON, keys and lists in square index order, ending with a newline.
pub fn steps_json(map: &Map) -> String {
    let mut s = String::with_capacity(64 * 48);
    s.push_str("{\n");
    for (i, from) in Square::all().enumerate() {
        // A set of squares yields the lowest index first.
        let targets: Vec<String> = map
            .step_targets(from)
            .iter()
            .map(|t| json_str(&t.to_string()))
            .collect();
        let _ = write!(
            s,
            "  {}: [{}]",
            json_str(&from.to_string()),
            targets.join(", ")
        );
        if i + 1 < Square::COUNT {
            s.push(',');
        }
        s.push('\n');
    }
    s.push_str("}\n");
    s
}
