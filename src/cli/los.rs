//! `mars-attacks los FILE --from c3 --to f6`: line of sight between two squares of a
//! scenario's map, printed as `clear`, `partial` or `none` (R9).
//!
//! `mars-attacks los FILE --table` prints the whole table as one JSON object: for every
//! square, an object giving the sight to every square, itself included (64 x 64 entries;
//! a square sees itself clearly, as the game message's sight table says), e.g.
//! `{"a1": {"a1": "clear", "b1": "clear", ...}, ...}`. Both levels of keys are in board
//! order a1, b1, ..., h1, a2, ..., h8 (square index order), one source square per line.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;

use super::{CliError, Io, json_str, load_scenario};
use crate::rules::map::Map;
use crate::rules::square::Square;

/// Arguments of `los`.
#[derive(Args, Debug)]
pub struct LosArgs {
    /// The scenario file whose map to use.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The shooter's square, like `c3`.
    #[arg(
        long,
        value_name = "SQUARE",
        required_unless_present = "table",
        requires = "to"
    )]
    pub from: Option<Square>,
    /// The target's square, like `f6`.
    #[arg(
        long,
        value_name = "SQUARE",
        required_unless_present = "table",
        requires = "from"
    )]
    pub to: Option<Square>,
    /// Print the sight from every square to every square (itself included) as one JSON
    /// object.
    #[arg(long, conflicts_with_all = ["from", "to"])]
    pub table: bool,
}

/// Print one look-up, or the whole table.
pub fn run(args: LosArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    // clap has checked the squares; read the file only now.
    let scenario = load_scenario(&args.file, io)?;
    if args.table {
        io.out.write_all(table_json(&scenario.map).as_bytes())?;
        return Ok(());
    }
    match (args.from, args.to) {
        (Some(from), Some(to)) => {
            writeln!(io.out, "{}", scenario.map.los(from, to))?;
            Ok(())
        }
        _ => Err(CliError::Usage(
            "give --from and --to squares, or --table".to_string(),
        )),
    }
}

/// The sight table as JSON: keys in square index order, one source square per line,
/// ending with a newline.
pub fn table_json(map: &Map) -> String {
    let mut s = String::with_capacity(64 * 64 * 16);
    s.push_str("{\n");
    for (i, from) in Square::all().enumerate() {
        let _ = write!(s, "  {}: {{", json_str(&from.to_string()));
        let mut first = true;
        for to in Square::all() {
            if !first {
                s.push_str(", ");
            }
            first = false;
            let _ = write!(
                s,
                "{}: {}",
                json_str(&to.to_string()),
                json_str(map.los(from, to).name())
            );
        }
        s.push('}');
        if i + 1 < Square::COUNT {
            s.push(',');
        }
        s.push('\n');
    }
    s.push_str("}\n");
    s
}
