//! A generator that counts the words asked of it: whether a decision drew anything random
//! (a roll, a card, a counter) is whether playing it asked its generator for anything.

use rand::RngCore;

/// `inner`'s answers, counted.
pub struct Counting<'a, R: RngCore + ?Sized> {
    inner: &'a mut R,
    asked: u64,
}

impl<'a, R: RngCore + ?Sized> Counting<'a, R> {
    pub fn new(inner: &'a mut R) -> Self {
        Counting { inner, asked: 0 }
    }

    /// The words asked so far.
    pub fn asked(&self) -> u64 {
        self.asked
    }
}

impl<R: RngCore + ?Sized> RngCore for Counting<'_, R> {
    fn next_u32(&mut self) -> u32 {
        self.asked += 1;
        self.inner.next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        self.asked += 1;
        self.inner.next_u64()
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        self.asked += 1;
        self.inner.fill_bytes(dst);
    }
}
