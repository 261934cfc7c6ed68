//! The main search's transposition table, shared by the threads of one search without locks.
//! Each slot holds two words: the entry packed into one, and the key XOR that word. A reader
//! takes the entry only when the two agree with its key, so an entry torn by two threads
//! writing at once reads as a miss, never as another position's entry.

use crate::score::{Bound, Score};
use std::sync::atomic::{AtomicU64, Ordering};

/// What the table remembers of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    pub key: u64,
    pub score: Score,
    pub mv: u16,
    pub depth: i8,
    pub bound: Bound,
}

impl Default for Entry {
    fn default() -> Self {
        Entry {
            key: 0,
            score: 0,
            mv: super::NO_MOVE,
            depth: -1,
            bound: Bound::Upper,
        }
    }
}

impl Entry {
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        (self.score as u32 as u64)
            | (self.mv as u64) << 32
            | (self.depth as u8 as u64) << 48
            | bound << 56
    }

    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            score: data as u32 as i32,
            mv: (data >> 32) as u16,
            depth: (data >> 48) as u8 as i8,
            bound: match data >> 56 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
        }
    }
}

/// A table of a power of two slots, shared between threads.
pub(super) struct SharedTable {
    slots: Vec<[AtomicU64; 2]>,
}

impl SharedTable {
    /// A table of `entries` slots (a power of two).
    pub fn new(entries: usize) -> SharedTable {
        debug_assert!(entries.is_power_of_two());
        let empty = Entry::default().pack();
        SharedTable {
            slots: (0..entries)
                .map(|_| [AtomicU64::new(empty), AtomicU64::new(empty)])
                .collect(),
        }
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    /// The entry of the position with `key`, or an empty one (depth -1, no move).
    pub fn get(&self, key: u64) -> Entry {
        let [check, data] = self.slot(key);
        let data = data.load(Ordering::Relaxed);
        if check.load(Ordering::Relaxed) ^ data == key {
            Entry::unpack(key, data)
        } else {
            Entry::default()
        }
    }

    /// Remembers `entry` in its slot, over whatever was there.
    pub fn put(&self, entry: Entry) {
        let [check, data] = self.slot(entry.key);
        let packed = entry.pack();
        data.store(packed, Ordering::Relaxed);
        check.store(entry.key ^ packed, Ordering::Relaxed);
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        let empty = Entry::default().pack();
        for [check, data] in &self.slots {
            data.store(empty, Ordering::Relaxed);
            check.store(empty, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_come_back_whole_and_only_for_their_key() {
        let t = SharedTable::new(8);
        let e = Entry {
            key: 0xDEAD_BEEF_0000_0003,
            score: -29_968,
            mv: 224,
            depth: 11,
            bound: Bound::Lower,
        };
        t.put(e);
        assert_eq!(t.get(e.key), e);
        // Another key in the same slot misses.
        assert_eq!(t.get(e.key ^ 8).depth, -1);
        for bound in [Bound::Exact, Bound::Upper] {
            let f = Entry {
                score: 123,
                depth: 0,
                bound,
                ..e
            };
            t.put(f);
            assert_eq!(t.get(e.key), f);
        }
        t.clear();
        assert_eq!(t.get(e.key), Entry::default());
    }
}
