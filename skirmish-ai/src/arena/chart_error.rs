//! Why a chart of the report could not be drawn: [`ChartError`], with the drawing
//! library's words (its errors are generic over the drawing backend).

/// A chart that could not be drawn: the drawing library's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot draw a chart: {0}")]
pub struct ChartError(pub String);

/// The drawing library's error `e` as a [`ChartError`].
pub(super) fn chart_error(e: impl std::fmt::Display) -> ChartError {
    ChartError(e.to_string())
}
