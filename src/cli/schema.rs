//! `mars-attacks schema FORMAT`: the JSON Schema of a data file format, for editors.
//!
//! The schemas are written from the formats' key tables (`formats::Format`), the same tables the
//! file readers check against; `schemas/FORMAT.schema.json` holds the output, and a test
//! keeps it equal to what this command prints. A TOML file names its schema in its first
//! line (`#:schema ../schemas/scenario.schema.json`), which the TOML language servers
//! (taplo, Even Better TOML, tombi) read to complete keys and mark mistakes.

use clap::Args;

use super::{CliError, Io};
use crate::formats::Format;

/// Arguments of `schema`.
#[derive(Args, Debug)]
pub struct SchemaArgs {
    /// Which file format.
    #[arg(value_enum, value_name = "FORMAT")]
    pub format: Format,
}

/// Print the schema.
pub fn run(args: SchemaArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    io.out
        .write_all(args.format.json_schema_text().as_bytes())?;
    Ok(())
}
