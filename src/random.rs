//! A small deterministic generator (splitmix64), for the searches that
//! try at random and must give the same answer on every run: the dives
//! that size a split clique search, the tries of region puzzles.

/// splitmix64 from a seed.
pub(crate) struct Random(u64);

impl Random {
    /// The generator started at `seed`.
    pub(crate) fn new(seed: u64) -> Random {
        Random(seed)
    }

    /// The next number.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
