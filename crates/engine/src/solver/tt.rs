//! The transposition table: a fixed number of two-slot buckets (bounded memory), the first
//! slot kept for the entry that cost the most work, the second always replaced.
//! Scores are stored as they are: they depend on the position alone (see `score`).

use crate::score::Score;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exactly the score.
    Exact,
    /// The value is at least the score.
    Lower,
    /// The value is at most the score.
    Upper,
}

/// A table hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The stored score.
    pub score: Score,
    /// How to read it.
    pub bound: Bound,
    /// The best move found, in the table's frame (canonical orientation), if any.
    pub best: Option<u16>,
}

const NO_MOVE: u64 = 0xFFFF;
const ENTRY_BYTES: usize = 16;

/// A bounded hash table of search results.
pub struct Table {
    slots: Vec<[u64; 2]>,
    bucket_mask: usize,
    used: usize,
}

impl Table {
    /// A table using at most `mib` MiB (at least one bucket).
    pub fn new(mib: usize) -> Self {
        let bytes = mib.max(1) * 1024 * 1024;
        let mut buckets = 1usize;
        while buckets * 2 * ENTRY_BYTES * 2 <= bytes {
            buckets *= 2;
        }
        Self::with_buckets(buckets)
    }

    /// A table of exactly `buckets` buckets (rounded down to a power of two), for tests of
    /// tight memory.
    pub fn with_buckets(buckets: usize) -> Self {
        let buckets = buckets.max(1).next_power_of_two();
        Table {
            // Zeroed memory is requested lazily from the OS, so an unused table costs nothing.
            slots: vec![[0u64; 2]; buckets * 2],
            bucket_mask: buckets - 1,
            used: 0,
        }
    }

    /// Entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Slots filled so far.
    pub fn used(&self) -> usize {
        self.used
    }

    /// Bytes of memory taken.
    pub fn bytes(&self) -> usize {
        self.slots.len() * ENTRY_BYTES
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key >> 32) as usize & self.bucket_mask) * 2
    }

    /// Looks a position up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        // Key 0 marks an empty slot; a real key of 0 is stored as 1 (a harmless collision).
        let key = key.max(1);
        let b = self.bucket(key);
        self.slots[b..b + 2]
            .iter()
            .find(|s| s[0] == key)
            .map(|s| unpack(s[1]))
    }

    /// Stores a result; `work` is the log2 of the nodes it took.
    #[inline]
    pub fn store(&mut self, key: u64, score: Score, bound: Bound, best: Option<u16>, work: u8) {
        let key = key.max(1);
        let b = self.bucket(key);
        let data = pack(score, bound, best, work);
        let first = self.slots[b];
        let slot = if first[0] == key || first[0] == 0 || work >= work_of(first[1]) {
            b
        } else {
            b + 1
        };
        if self.slots[slot][0] == 0 {
            self.used += 1;
        }
        self.slots[slot] = [key, data];
    }
}

#[inline]
fn work_of(data: u64) -> u8 {
    (data >> 40) as u8
}

#[inline]
fn pack(score: Score, bound: Bound, best: Option<u16>, work: u8) -> u64 {
    let bound = match bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    let mv = best.map_or(NO_MOVE, u64::from);
    (score as i16 as u16 as u64) | mv << 16 | bound << 32 | (work as u64) << 40
}

#[inline]
fn unpack(data: u64) -> Entry {
    let mv = data >> 16 & 0xFFFF;
    Entry {
        score: data as u16 as i16 as Score,
        bound: match data >> 32 & 0xFF {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
        best: (mv != NO_MOVE).then_some(mv as u16),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut t = Table::with_buckets(4);
        t.store(0xABCD_0000_0000_0001, -29_990, Bound::Lower, Some(7), 3);
        let e = t.probe(0xABCD_0000_0000_0001).unwrap();
        assert_eq!(
            e,
            Entry {
                score: -29_990,
                bound: Bound::Lower,
                best: Some(7)
            }
        );
        assert!(t.probe(0x1234).is_none());
        t.store(5, 0, Bound::Exact, None, 0);
        assert_eq!(t.probe(5).unwrap().best, None);
    }

    #[test]
    fn memory_is_bounded() {
        let t = Table::new(16);
        assert!(t.bytes() <= 16 * 1024 * 1024);
        assert!(t.bytes() > 8 * 1024 * 1024);
    }
}
