//! Cell sets as bitboards: one machine word for boards of up to 64 cells, a fixed array of
//! words for the larger boards (up to 26 x 26), both behind one trait so that every rule and
//! search is written once.

use std::fmt::Debug;
use std::hash::Hash;

/// A set of cells, indexed row by row from the top-left corner.
pub trait BitSet: Copy + Eq + Ord + Hash + Default + Debug + Send + Sync + 'static {
    /// How many cells the set can hold.
    const CAPACITY: usize;
    /// The set holding only `cell`.
    fn single(cell: usize) -> Self;
    /// Whether `cell` is in the set.
    fn contains(self, cell: usize) -> bool;
    /// The set with `cell` added.
    fn with(self, cell: usize) -> Self;
    /// The set with `cell` removed.
    fn without(self, cell: usize) -> Self;
    /// Cells in both sets.
    fn and(self, other: Self) -> Self;
    /// Cells in either set.
    fn or(self, other: Self) -> Self;
    /// Cells in `self` but not in `other`.
    fn and_not(self, other: Self) -> Self;
    /// Cells in exactly one of the sets.
    fn xor(self, other: Self) -> Self;
    /// Whether the set has no cell.
    fn is_empty(self) -> bool;
    /// Number of cells in the set.
    fn count(self) -> u32;
    /// The lowest cell of the set.
    fn lowest(self) -> Option<usize>;
    /// Takes the lowest cell out of the set and returns it (the loop over a set's cells).
    #[inline]
    fn pop_lowest(&mut self) -> Option<usize> {
        let cell = self.lowest()?;
        *self = self.without(cell);
        Some(cell)
    }
    /// Whether every cell of `other` is in `self`.
    fn contains_all(self, other: Self) -> bool {
        other.and_not(self).is_empty()
    }
    /// The cells in increasing order.
    fn cells(self) -> Cells<Self> {
        Cells(self)
    }
    /// Number of cells of the set below `cell` (its rank among them, if it is one).
    fn rank(self, cell: usize) -> u32;
    /// The set as 64-bit words, cells 0 to 63 first: how files store it.
    fn words(&self) -> &[u64];
    /// The set of these words (words left out are empty), or `None` when a cell would not
    /// fit this type.
    fn from_words(words: &[u64]) -> Option<Self>;
}

/// Iterator over the cells of a set, lowest first.
#[derive(Clone, Debug)]
pub struct Cells<B>(B);

impl<B: BitSet> Iterator for Cells<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.pop_lowest()
    }
}

impl BitSet for u64 {
    const CAPACITY: usize = 64;
    #[inline]
    fn single(cell: usize) -> Self {
        1 << cell
    }
    #[inline]
    fn contains(self, cell: usize) -> bool {
        self >> cell & 1 != 0
    }
    #[inline]
    fn with(self, cell: usize) -> Self {
        self | 1 << cell
    }
    #[inline]
    fn without(self, cell: usize) -> Self {
        self & !(1 << cell)
    }
    #[inline]
    fn and(self, other: Self) -> Self {
        self & other
    }
    #[inline]
    fn or(self, other: Self) -> Self {
        self | other
    }
    #[inline]
    fn and_not(self, other: Self) -> Self {
        self & !other
    }
    #[inline]
    fn xor(self, other: Self) -> Self {
        self ^ other
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lowest(self) -> Option<usize> {
        (self != 0).then(|| self.trailing_zeros() as usize)
    }
    #[inline]
    fn pop_lowest(&mut self) -> Option<usize> {
        let cell = self.lowest()?;
        *self &= *self - 1;
        Some(cell)
    }
    #[inline]
    fn rank(self, cell: usize) -> u32 {
        (self & ((1u64 << cell) - 1)).count_ones()
    }
    fn words(&self) -> &[u64] {
        std::slice::from_ref(self)
    }
    fn from_words(words: &[u64]) -> Option<Self> {
        match words {
            [] => Some(0),
            [w, rest @ ..] => rest.iter().all(|&r| r == 0).then_some(*w),
        }
    }
}

/// A cell set of `N` 64-bit words, for boards of more than 64 cells.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Words<const N: usize>([u64; N]);

/// A cell set for boards of 65 to 128 cells (9x9, 10x10, 11x11, ...): two words, so a set
/// operation costs two instructions where [`Wide`] costs eleven.
pub type Mid = Words<2>;

/// A cell set for boards of more than 128 cells (up to 704: enough for 26 x 26).
pub type Wide = Words<11>;

impl<const N: usize> Default for Words<N> {
    fn default() -> Self {
        Words([0; N])
    }
}

impl<const N: usize> Words<N> {
    #[inline]
    fn zip(self, other: Self, f: impl Fn(u64, u64) -> u64) -> Self {
        let mut out = [0; N];
        for (i, o) in out.iter_mut().enumerate() {
            *o = f(self.0[i], other.0[i]);
        }
        Words(out)
    }
}

impl<const N: usize> BitSet for Words<N> {
    const CAPACITY: usize = 64 * N;
    #[inline]
    fn single(cell: usize) -> Self {
        Self::default().with(cell)
    }
    #[inline]
    fn contains(self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 != 0
    }
    #[inline]
    fn with(mut self, cell: usize) -> Self {
        self.0[cell / 64] |= 1 << (cell % 64);
        self
    }
    #[inline]
    fn without(mut self, cell: usize) -> Self {
        self.0[cell / 64] &= !(1 << (cell % 64));
        self
    }
    #[inline]
    fn and(self, other: Self) -> Self {
        self.zip(other, |a, b| a & b)
    }
    #[inline]
    fn or(self, other: Self) -> Self {
        self.zip(other, |a, b| a | b)
    }
    #[inline]
    fn and_not(self, other: Self) -> Self {
        self.zip(other, |a, b| a & !b)
    }
    #[inline]
    fn xor(self, other: Self) -> Self {
        self.zip(other, |a, b| a ^ b)
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn lowest(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, &w)| i * 64 + w.trailing_zeros() as usize)
    }
    #[inline]
    fn rank(self, cell: usize) -> u32 {
        let (word, bit) = (cell / 64, cell % 64);
        let below: u32 = self.0[..word].iter().map(|w| w.count_ones()).sum();
        below + (self.0[word] & ((1u64 << bit) - 1)).count_ones()
    }
    fn words(&self) -> &[u64] {
        &self.0
    }
    fn from_words(words: &[u64]) -> Option<Self> {
        if words.iter().skip(N).any(|&w| w != 0) {
            return None;
        }
        let mut out = [0; N];
        for (o, &w) in out.iter_mut().zip(words) {
            *o = w;
        }
        Some(Words(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise<B: BitSet>(cells: &[usize]) {
        let mut set = B::default();
        for &c in cells {
            set = set.with(c);
        }
        let mut expected: Vec<usize> = cells.to_vec();
        expected.sort_unstable();
        expected.dedup();
        assert_eq!(set.cells().collect::<Vec<_>>(), expected);
        assert_eq!(set.count() as usize, expected.len());
        for &c in &expected {
            assert!(set.contains(c));
            assert!(!set.without(c).contains(c));
        }
        assert!(set.xor(set).is_empty());
        assert!(set.contains_all(set.and(B::single(expected[0]))));
        for (i, &c) in expected.iter().enumerate() {
            assert_eq!(set.rank(c) as usize, i);
        }
        assert_eq!(B::from_words(set.words()), Some(set));
    }

    #[test]
    fn word_and_wide_sets_agree() {
        exercise::<u64>(&[0, 5, 63, 5, 17]);
        exercise::<Mid>(&[0, 5, 63, 64, 127, 80]);
        exercise::<Wide>(&[0, 5, 63, 64, 675, 300]);
        // A set written with more words than a type holds reads back only when they are empty.
        assert_eq!(u64::from_words(&[5, 0]), Some(5));
        assert_eq!(u64::from_words(&[5, 1]), None);
        assert_eq!(Wide::from_words(&[1]), Some(Wide::single(0)));
        assert_eq!(Mid::from_words(&[0, 1, 0]), Some(Mid::single(64)));
        assert_eq!(Mid::from_words(&[0, 0, 1]), None);
    }
}
