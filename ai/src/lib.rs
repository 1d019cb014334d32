//! Game-agnostic search.
