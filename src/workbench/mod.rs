//! The scenario designer's workbench: what `mars-attacks preview FILE` shows beside the
//! board, computed without a window so that it is tested like the rules.
//!
//! - [`reload`]: the file being designed, reloaded on request; the last version that
//!   loaded stays on the board while the file has problems.
//! - `watch`: tells when the file is saved (through the `notify` crate); only the preview
//!   window needs it, so it is built with the `gui` feature.
//! - [`sight`]: what one square sees, and where a model there can walk this Round.
//! - [`cover`]: the cover map: for each square, how many squares the other side starts
//!   from or comes in by can see it, within that side's range.

pub mod cover;
pub mod reload;
pub mod sight;
#[cfg(feature = "gui")]
pub mod watch;

pub use cover::{CoverMap, cover_map, start_squares};
pub use reload::Design;
pub use sight::{SquareView, square_view};
#[cfg(feature = "gui")]
pub use watch::FileWatcher;
