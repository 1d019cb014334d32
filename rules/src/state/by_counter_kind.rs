//! One value per kind of counter (R24), indexed by [`CounterKind`], as [`BySide`] is per
//! side: the identities left to draw, the squares with a face-up counter of each kind.
//!
//! [`BySide`]: crate::square::BySide

use super::CounterKind;

/// One value per kind of counter, indexed by `CounterKind`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByCounterKind<T>([T; 3]);

impl<T> ByCounterKind<T> {
    pub const fn new(critter: T, alien_secret: T, objective: T) -> Self {
        ByCounterKind([critter, alien_secret, objective])
    }

    /// Each kind with its value, in [`CounterKind::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (CounterKind, &T)> {
        CounterKind::ALL.into_iter().zip(&self.0)
    }

    /// The values, in [`CounterKind::ALL`] order.
    pub fn values(&self) -> &[T; 3] {
        &self.0
    }

    /// The values to change, in [`CounterKind::ALL`] order.
    pub fn values_mut(&mut self) -> &mut [T; 3] {
        &mut self.0
    }
}

impl<T> std::ops::Index<CounterKind> for ByCounterKind<T> {
    type Output = T;
    #[inline]
    fn index(&self, kind: CounterKind) -> &T {
        &self.0[kind as usize]
    }
}

impl<T> std::ops::IndexMut<CounterKind> for ByCounterKind<T> {
    #[inline]
    fn index_mut(&mut self, kind: CounterKind) -> &mut T {
        &mut self.0[kind as usize]
    }
}
