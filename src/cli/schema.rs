//! `mars-attacks schema FORMAT`: the JSON Schema of a data file format, for editors.
//!
//! The schemas are written from the key tables in `rules::schema`, the same tables the
//! file readers check against; `schemas/FORMAT.schema.json` holds the output, and a test
//! keeps it equal to what this command prints. A TOML file names its schema in its first
//! line (`#:schema ../schemas/scenario.schema.json`), which the TOML language servers
//! (taplo, Even Better TOML, tombi) read to complete keys and mark mistakes.

use clap::{Args, ValueEnum};

use super::{CliError, Io};
use crate::rules::schema::Format;

/// Arguments of `schema`.
#[derive(Args, Debug)]
pub struct SchemaArgs {
    /// Which file format.
    #[arg(value_enum, value_name = "FORMAT")]
    pub format: FormatArg,
}

/// The formats with a schema.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum FormatArg {
    /// Scenario files (scenarios/*.toml).
    Scenario,
    /// Model profile files (profiles/core.toml).
    Profiles,
    /// Deck files (cards/core.toml).
    Deck,
    /// Mars Attacks: The Dice Game deck files (cards/dice-game.toml).
    DiceDeck,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Scenario => Format::Scenario,
            FormatArg::Profiles => Format::Profiles,
            FormatArg::Deck => Format::Deck,
            FormatArg::DiceDeck => Format::DiceDeck,
        }
    }
}

/// Print the schema.
pub fn run(args: SchemaArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let format = Format::from(args.format);
    io.out.write_all(format.json_schema_text().as_bytes())?;
    Ok(())
}
