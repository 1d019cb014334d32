//! The keys of the data file formats, as tables the loaders check files against and the
//! JSON Schemas for editors are written from.
//!
//! Each format is a tree of [`Table`]s of [`Key`]s. A key says its name, what it means,
//! what kind of value it takes (with the limits), and whether it is required or what its
//! default is. The scenario reader (`rules::scenario_file`) takes its key names and
//! limits from here, so the checks a file gets when it is loaded and the schema an editor
//! checks it with while it is typed come from one place. [`json_schema`] writes a table
//! tree as a JSON Schema (draft-07, the draft the TOML language servers taplo and tombi
//! both validate; only keywords that draft-04 knows too are used for the checks).
//!
//! - [`scenario`]: scenario files (`scenarios/*.toml`, `docs/scenario-format.md`).
//! - [`profiles`]: model profile files (`profiles/core.toml`).
//! - [`deck`]: deck files (`cards/core.toml`, `docs/card-format.md`).
//!
//! The formats of every game with a JSON Schema are listed in the program's
//! `formats::Format`.

pub use file_check::schema::*;

pub mod deck;
pub mod profiles;
pub mod scenario;
