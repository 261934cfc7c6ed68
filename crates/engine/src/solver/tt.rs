//! The transposition table: two-slot buckets, the first slot kept for the entry that cost the
//! most work, the second always replaced. It starts small and doubles while it fills up, up to
//! its memory bound: touching a large table's fresh pages costs more than a short solve itself
//! (a 256 MiB table made a 20 ms solve take 200 ms), so small problems stay small. It grows in
//! place, so the bound holds while it grows too: a table that allocated a doubled copy beside
//! itself took 1.5 times its bound at that moment (3.0 GiB under `--hash 2048`).
//! Scores are stored as they are: they depend on the position alone (see `score`).

use crate::score::{Bound, Score};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU64, AtomicUsize};

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

/// Buckets a table starts with (16 KiB): a 3x3 solve touches no more.
const INITIAL_BUCKETS: usize = 1 << 9;

// The zeroed allocation below reinterprets u64 memory as AtomicU64.
const _: () = assert!(align_of::<AtomicU64>() == align_of::<u64>());

/// `n` atomics set to zero, taken from zeroed memory so that untouched pages cost nothing.
#[allow(unsafe_code)] // the workspace denies unsafe code; this is its one reviewed use
fn zeroed_atomics(n: usize) -> Vec<AtomicU64> {
    let words = std::mem::ManuallyDrop::new(vec![0u64; n]);
    let (ptr, len, cap) = (
        words.as_ptr() as *mut AtomicU64,
        words.len(),
        words.capacity(),
    );
    // SAFETY: AtomicU64 has the size, alignment (checked above) and bit validity of u64, and
    // the vector's allocation is handed over whole, so the new owner frees it with the same
    // layout.
    unsafe { Vec::from_raw_parts(ptr, len, cap) }
}

/// A bounded hash table of search results, shareable between search threads: each slot is
/// two words, the key stored xored with the data, so a torn write reads as a miss.
pub struct Table {
    slots: Vec<AtomicU64>,
    bucket_mask: usize,
    used: AtomicUsize,
    max_buckets: usize,
}

impl Table {
    /// A table using at most `mib` MiB (at least one bucket); it starts small and grows.
    pub fn new(mib: usize) -> Self {
        let bytes = mib.max(1) * 1024 * 1024;
        let mut max_buckets = 1usize;
        while max_buckets * 2 * ENTRY_BYTES * 2 <= bytes {
            max_buckets *= 2;
        }
        let mut table = Self::with_buckets(max_buckets.min(INITIAL_BUCKETS));
        table.max_buckets = max_buckets;
        table
    }

    /// A table of exactly `buckets` buckets (rounded up to a power of two) that never grows,
    /// for tests of tight memory.
    pub fn with_buckets(buckets: usize) -> Self {
        let buckets = buckets.max(1).next_power_of_two();
        Table {
            slots: zeroed_atomics(buckets * 4),
            bucket_mask: buckets - 1,
            used: AtomicUsize::new(0),
            max_buckets: buckets,
        }
    }

    /// Grows the table at once to at least `mib` MiB (within its bound), before it is shared
    /// between threads that cannot grow it.
    pub fn grow_to(&mut self, mib: usize) {
        let bytes = mib * 1024 * 1024;
        let mut buckets = self.bucket_mask + 1;
        while buckets < self.max_buckets && buckets * 2 * ENTRY_BYTES < bytes {
            buckets *= 2;
        }
        if buckets > self.bucket_mask + 1 {
            self.resize(buckets);
        }
    }

    /// Whether the table may still grow.
    pub fn can_grow(&self) -> bool {
        self.bucket_mask + 1 < self.max_buckets
    }

    /// Doubles the table when it is half full (the first slot of most buckets taken) and may
    /// still grow.
    pub fn maybe_grow(&mut self) {
        if self.used() * 2 >= self.capacity() && self.bucket_mask + 1 < self.max_buckets {
            self.grow();
        }
    }

    /// Doubles the table, re-placing every entry.
    fn grow(&mut self) {
        self.resize((self.bucket_mask + 1) * 2);
    }

    /// Grows the table to `buckets` buckets (a power of two, no fewer than now) in place: the
    /// allocation is extended (large blocks are remapped, not copied) and each bucket's entries
    /// move up to the new bucket their key names. A bucket's entries can only move to buckets
    /// no other old bucket feeds, so none is lost and the table never exists twice.
    fn resize(&mut self, buckets: usize) {
        let old_buckets = self.bucket_mask + 1;
        debug_assert!(buckets.is_power_of_two() && buckets >= old_buckets);
        let words = buckets * 4;
        self.slots.reserve_exact(words - self.slots.len());
        self.slots.resize_with(words, || AtomicU64::new(0));
        self.bucket_mask = buckets - 1;
        if self.used() == 0 {
            return;
        }
        for b in (0..old_buckets).map(|b| b * 4) {
            for word in [b, b + 2] {
                let check = self.slots[word].load(Relaxed);
                if check == 0 {
                    continue;
                }
                let data = self.slots[word + 1].load(Relaxed);
                let to = self.bucket(check ^ data);
                if to != b {
                    let to = if self.slots[to].load(Relaxed) == 0 {
                        to
                    } else {
                        to + 2
                    };
                    self.move_slot(word, to);
                }
            }
            // A lone entry belongs in the first slot, where `store` looks for the one to keep.
            if self.slots[b].load(Relaxed) == 0 && self.slots[b + 2].load(Relaxed) != 0 {
                self.move_slot(b + 2, b);
            }
        }
    }

    /// Moves the entry in the slot at word `from` to the empty slot at word `to`.
    fn move_slot(&mut self, from: usize, to: usize) {
        for i in 0..2 {
            let w = self.slots[from + i].swap(0, Relaxed);
            self.slots[to + i].store(w, Relaxed);
        }
    }

    /// Entries the table can hold now.
    pub fn capacity(&self) -> usize {
        self.slots.len() / 2
    }

    /// Entries the table may grow to.
    #[cfg(test)]
    pub fn max_capacity(&self) -> usize {
        self.max_buckets * 2
    }

    /// Slots filled so far (approximate while threads race).
    pub fn used(&self) -> usize {
        self.used.load(Relaxed)
    }

    /// Bytes of memory taken.
    pub fn bytes(&self) -> usize {
        self.slots.len() * ENTRY_BYTES / 2
    }

    /// Every filled slot as (key, entry, work), for saving what the table holds.
    pub fn entries(&self) -> impl Iterator<Item = (u64, Entry, u8)> + '_ {
        self.slots.chunks_exact(2).filter_map(|pair| {
            let (check, data) = (pair[0].load(Relaxed), pair[1].load(Relaxed));
            (check != 0).then(|| (check ^ data, unpack(data), work_of(data)))
        })
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // Two slots of two words each.
        ((key >> 32) as usize & self.bucket_mask) * 4
    }

    #[inline]
    fn read(&self, word: usize) -> (u64, u64) {
        let data = self.slots[word + 1].load(Relaxed);
        (self.slots[word].load(Relaxed) ^ data, data)
    }

    /// Looks a position up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        // Key 0 marks an empty slot; a real key of 0 is stored as 1 (a harmless collision).
        let key = key.max(1);
        let b = self.bucket(key);
        [b, b + 2]
            .into_iter()
            .map(|w| self.read(w))
            .find(|&(k, _)| k == key)
            .map(|(_, data)| unpack(data))
    }

    /// Asks the processor to fetch `key`'s bucket into the cache, so that a probe soon after
    /// does not wait on memory (several prefetched buckets load at the same time); no
    /// effect on the table's contents.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let word = &self.slots[self.bucket(key.max(1))];
            // SAFETY: a prefetch only hints the cache; it reads nothing the program sees and
            // cannot fault, and the address is that of a live slot.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(word.as_ptr().cast_const().cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Stores a result; `work` is the log2 of the nodes it took.
    #[inline]
    pub fn store(&self, key: u64, score: Score, bound: Bound, best: Option<u16>, work: u8) {
        let key = key.max(1);
        let b = self.bucket(key);
        let data = pack(score, bound, best, work);
        let (first_key, first_data) = self.read(b);
        let first_empty = self.slots[b].load(Relaxed) == 0;
        let word = if first_key == key || first_empty || work >= work_of(first_data) {
            b
        } else {
            b + 2
        };
        if self.slots[word].load(Relaxed) == 0 {
            self.used.fetch_add(1, Relaxed);
        }
        self.slots[word].store(key ^ data, Relaxed);
        self.slots[word + 1].store(data, Relaxed);
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
        let t = Table::with_buckets(4);
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
    fn memory_is_bounded_and_grows_on_demand() {
        let mut t = Table::new(4);
        assert_eq!(t.bytes(), 16 * 1024);
        // Well-mixed keys, as Zobrist hashes are.
        let mix = |k: u64| {
            (k ^ (k >> 29))
                .wrapping_mul(0xBF58_476D_1CE4_E5B9)
                .rotate_left(31)
        };
        for key in 1..500_000u64 {
            t.store(mix(key), 1, Bound::Exact, None, 0);
            t.maybe_grow();
        }
        assert_eq!(t.bytes(), 4 * 1024 * 1024);
        assert_eq!(t.capacity(), t.max_capacity());
        // Recent entries survive growth.
        let last = mix(499_999);
        assert_eq!(t.probe(last).unwrap().score, 1);
    }
}
