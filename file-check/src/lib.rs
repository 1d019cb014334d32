//! Reading and writing the program's data files, whatever the file: the pieces every
//! reader and every command that writes share.
//!
//! * [`Diagnostic`]: a finding at a file's line and column, of a [`Severity`].
//! * [`Sink`]: findings collected at byte offsets while a file is read, TOML syntax errors
//!   where the parser stopped, turned into diagnostics in file order ([`Lines`] turns a
//!   byte offset into a line and column).
//! * [`value`]: single values read out of a TOML document, each refused at its place.
//! * [`schema`]: a format's keys as tables ([`schema::Table`], [`schema::Key`]), from
//!   which its reader takes names and limits and its JSON Schema is written.
//! * [`table`]: one table of a TOML document read with its dotted path ([`table::Tbl`]):
//!   unknown and missing keys, and its keys' values within their limits.
//! * [`read_file`]: one rule for reading an input file (no folder, no pipe waited on,
//!   never past a cap).
//! * [`staged`]: one rule for an output path, and writing several files all or nothing.
//! * [`file_lock`]: a file one run appends to at a time.
//!
//! ```
//! use file_check::staged::{FileKind, check_output};
//!
//! // An output path that is a folder is refused before anything is written.
//! let folder = std::env::temp_dir();
//! assert!(check_output(&folder, FileKind::SVG).unwrap_err().is_refusal());
//! ```

mod diagnostic;
pub mod file_lock;
pub mod read_file;
pub mod schema;
mod sink;
pub mod staged;
pub mod table;
pub mod value;

pub use diagnostic::{Diagnostic, MAX_DIAGNOSTICS, Severity};
pub use sink::{Lines, MAX_KEY_PARTS, Sink, totals};
