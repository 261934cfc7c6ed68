//! Memory bounds are honest: the bytes the count and the search table really allocate,
//! measured by a counting allocator, stay within the bound they are given.
//!
//! Only the test's own thread is counted: the test harness allocates on its own threads while a
//! test runs (it records the previous test's result), and under load that once landed inside a
//! measured window.

// A global allocator is unsafe to implement; this counting one only forwards to the system.
#![allow(unsafe_code)]

use mnk_engine::internals::Controls;
use mnk_engine::internals::{count, estimate, Table};
use mnk_engine::CountError;
use mnk_engine::{Board, Bound, Rules};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Tracks the bytes the counted thread holds now and the most at any moment.
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Whether this thread's allocations are counted; `const`, so reading it never allocates.
    static COUNTED: Cell<bool> = const { Cell::new(false) };
}

fn counted() -> bool {
    // During thread teardown the flag may be gone; such a thread is not the test's.
    COUNTED.try_with(Cell::get).unwrap_or(false)
}

fn grew(bytes: usize) {
    if counted() {
        let now = NOW.fetch_add(bytes, Relaxed) + bytes;
        PEAK.fetch_max(now, Relaxed);
    }
}

fn shrank(bytes: usize) {
    if counted() {
        NOW.fetch_sub(bytes, Relaxed);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrank(layout.size());
        unsafe { System.dealloc(ptr, layout) }
    }

    // Forwarded, so that a block grown in place counts as what it is, not as a copy beside it.
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size >= layout.size() {
            grew(new_size - layout.size());
        } else {
            shrank(layout.size() - new_size);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Counts this thread's allocations until dropped. The counters start from a large base, so
/// that freeing what was allocated before the count began cannot wrap them below zero.
struct CountHere;

impl CountHere {
    fn start() -> Self {
        NOW.store(usize::MAX / 2, Relaxed);
        PEAK.store(usize::MAX / 2, Relaxed);
        COUNTED.with(|c| c.set(true));
        CountHere
    }
}

impl Drop for CountHere {
    fn drop(&mut self) {
        COUNTED.with(|c| c.set(false));
    }
}

/// Serialises the tests: they share the counters.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_count_allocates_no_more_than_its_bound() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let _counting = CountHere::start();
    let board = Board::new(Rules::new(4, 4, Some(4)).unwrap());
    let root = mnk_engine::internals::small(&board).unwrap();
    // A bound just above the estimate: the count runs (the estimate does not refuse it) and
    // must then either finish or stop at the bound, never go past it. (Measured: 430.0 MB
    // estimated, 430.0 MB allocated at the peak.)
    let bound = estimate(root).peak_bytes() + (8 << 20);
    let before = NOW.load(Relaxed);
    PEAK.store(before, Relaxed);
    let result = count(root, bound, &Controls::default());
    let used = (PEAK.load(Relaxed) - before) as u64;
    assert!(
        matches!(result, Ok(_) | Err(CountError::OutOfMemory { .. })),
        "{result:?}"
    );
    // A little room for what is not a position map (the geometry, the symmetry tables).
    assert!(
        used <= bound + (1 << 20),
        "allocated {used} bytes within a bound of {bound}"
    );
    // The estimate is close enough that the count finishes within it.
    assert_eq!(result.unwrap().positions, 9_722_011);
}

#[test]
fn a_search_table_grows_to_its_bound_and_no_further_even_while_it_grows() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let _counting = CountHere::start();
    const MIB: usize = 32;
    let mut table = Table::new(MIB);
    // Well-mixed keys, as Zobrist hashes are; enough to make the table grow to its bound.
    let mix = |k: u64| {
        (k ^ (k >> 29))
            .wrapping_mul(0xBF58_476D_1CE4_E5B9)
            .rotate_left(31)
    };
    let keys = |t: &Table| {
        let mut k: Vec<(u64, Option<u16>)> = t.entries().map(|(k, e, _)| (k, e.best)).collect();
        k.sort_unstable();
        k
    };
    let mut growths = 0;
    for key in 1..=1_200_000u64 {
        table.store(mix(key), 1, Bound::Exact, Some((key % 64) as u16), 0);
        // `maybe_grow`'s own test, so that the entries are compared only when it may grow.
        if table.used() * 2 < table.capacity() {
            continue;
        }
        let (before, bytes) = (keys(&table), table.bytes());
        let now = NOW.load(Relaxed);
        PEAK.store(now, Relaxed);
        table.maybe_grow();
        if table.bytes() == bytes {
            continue;
        }
        growths += 1;
        let allocated = PEAK.load(Relaxed) - now;
        assert!(
            allocated <= table.bytes() - bytes + 4096,
            "growing from {bytes} to {} bytes allocated {allocated} bytes at its peak",
            table.bytes()
        );
        // Growing in place lost and moved nothing: the same entries, each found where its
        // key leads.
        assert_eq!(keys(&table), before);
        for (key, best) in before {
            assert_eq!(table.probe(key).map(|e| e.best), Some(best));
        }
    }
    assert!(growths >= 8, "the table grew only {growths} times");
    assert_eq!(
        table.bytes(),
        MIB << 20,
        "the table did not grow to its bound"
    );
}
