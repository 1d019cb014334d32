//! The keys of a model profiles file (`profiles/core.toml`): one table per profile, named
//! by its key, with the same keys as a scenario's `[profiles.<key>]` tables.

use super::Kind;
use super::scenario::{PROFILE, PROFILE_KEY_DOC, PROFILE_KEY_PATTERN};

/// A profiles file.
pub const FILE: Kind = Kind::TableOf {
    key_doc: PROFILE_KEY_DOC,
    key_pattern: PROFILE_KEY_PATTERN,
    value: &Kind::Table(&PROFILE),
};
