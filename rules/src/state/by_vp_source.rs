//! One value per source of VP (R6, R18, R24, P31), indexed by [`VpSource`], as
//! [`BySide`] is per side: what each side scored from what.
//!
//! [`BySide`]: crate::square::BySide

use super::VpSource;

/// One value per source of VP, indexed by `VpSource`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByVpSource<T>([T; 5]);

impl<T> ByVpSource<T> {
    /// Each source with its value, in [`VpSource::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (VpSource, &T)> {
        VpSource::ALL.into_iter().zip(&self.0)
    }

    /// The values, in [`VpSource::ALL`] order.
    pub fn values(&self) -> &[T; 5] {
        &self.0
    }

    /// The values to change, in [`VpSource::ALL`] order.
    pub fn values_mut(&mut self) -> &mut [T; 5] {
        &mut self.0
    }
}

impl<T> std::ops::Index<VpSource> for ByVpSource<T> {
    type Output = T;
    #[inline]
    fn index(&self, source: VpSource) -> &T {
        &self.0[source as usize]
    }
}

impl<T> std::ops::IndexMut<VpSource> for ByVpSource<T> {
    #[inline]
    fn index_mut(&mut self, source: VpSource) -> &mut T {
        &mut self.0[source as usize]
    }
}
