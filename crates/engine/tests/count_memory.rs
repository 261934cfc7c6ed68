//! The count's memory bound is honest: the bytes it really allocates, measured by a counting
//! allocator, stay within the bound it is given.

// A global allocator is unsafe to implement; this counting one only forwards to the system.
#![allow(unsafe_code)]

use mnk_engine::internals::{count, estimate};
use mnk_engine::Controls;
use mnk_engine::CountError;
use mnk_engine::{Board, Rules};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Tracks the bytes allocated now and the most at any moment.
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = NOW.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(now, Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_count_allocates_no_more_than_its_bound() {
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
