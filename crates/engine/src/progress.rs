//! Live figures of a running search, shared with whoever displays them (read from another
//! thread while the search runs; all counters are relaxed atomics). A caller hands them to a
//! search with its budget in [`crate::budget::Controls`].

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Counters a search updates as it goes.
///
/// ```
/// use mnk_engine::Progress;
///
/// let progress = Progress::default();
/// assert_eq!(progress.snapshot().nodes, 0);
/// ```
#[derive(Debug, Default)]
pub struct Progress {
    nodes: AtomicU64,
    root_total: AtomicUsize,
    root_settled: AtomicUsize,
    root_at_least_draw: AtomicUsize,
    root_wins: AtomicUsize,
    table_used: AtomicUsize,
    table_capacity: AtomicUsize,
    ply: AtomicUsize,
    memory: AtomicU64,
}

/// A copy of the counters at one moment.
///
/// ```
/// use mnk_engine::ProgressSnapshot;
///
/// let now = ProgressSnapshot { nodes: 1_500, root_total: 9, root_settled: 3, ..Default::default() };
/// assert_eq!(now.root_total - now.root_settled, 6);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgressSnapshot {
    /// Nodes searched so far (all threads); for the count, positions expanded.
    pub nodes: u64,
    /// Legal moves at the root.
    pub root_total: usize,
    /// Root moves whose result (win, draw or loss for the mover) is known.
    pub root_settled: usize,
    /// Settled root moves that at least draw.
    pub root_at_least_draw: usize,
    /// Settled root moves that win.
    pub root_wins: usize,
    /// Table slots in use.
    pub table_used: usize,
    /// Table slots in all (now).
    pub table_capacity: usize,
    /// The count: the ply being expanded (0 = the root's).
    pub ply: usize,
    /// The count: bytes its position tables hold now.
    pub memory: u64,
}

impl Progress {
    /// Reads every counter.
    pub fn snapshot(&self) -> ProgressSnapshot {
        ProgressSnapshot {
            nodes: self.nodes.load(Relaxed),
            root_total: self.root_total.load(Relaxed),
            root_settled: self.root_settled.load(Relaxed),
            root_at_least_draw: self.root_at_least_draw.load(Relaxed),
            root_wins: self.root_wins.load(Relaxed),
            table_used: self.table_used.load(Relaxed),
            table_capacity: self.table_capacity.load(Relaxed),
            ply: self.ply.load(Relaxed),
            memory: self.memory.load(Relaxed),
        }
    }

    pub(crate) fn add_nodes(&self, n: u64) {
        self.nodes.fetch_add(n, Relaxed);
    }

    pub(crate) fn start_root(&self, moves: usize) {
        self.root_total.store(moves, Relaxed);
        self.root_settled.store(0, Relaxed);
        self.root_at_least_draw.store(0, Relaxed);
        self.root_wins.store(0, Relaxed);
    }

    /// `moves` root moves (one symmetry class) are settled with the given result.
    pub(crate) fn settle(&self, moves: usize, at_least_draw: bool, win: bool) {
        self.root_settled.fetch_add(moves, Relaxed);
        if at_least_draw {
            self.root_at_least_draw.fetch_add(moves, Relaxed);
        }
        if win {
            self.root_wins.fetch_add(moves, Relaxed);
        }
    }

    pub(crate) fn set_table(&self, used: usize, capacity: usize) {
        self.table_used.store(used, Relaxed);
        self.table_capacity.store(capacity, Relaxed);
    }

    pub(crate) fn set_ply(&self, ply: usize) {
        self.ply.store(ply, Relaxed);
    }

    pub(crate) fn set_memory(&self, bytes: u64) {
        self.memory.store(bytes, Relaxed);
    }
}

impl ProgressSnapshot {
    /// What a stopped solve of the root has established, in one sentence.
    pub fn known_so_far(&self) -> String {
        let side_win = if self.root_wins > 0 {
            "the side to move has a win".to_string()
        } else if self.root_settled == self.root_total && self.root_total > 0 {
            "the side to move has no win".to_string()
        } else {
            "a win for the side to move is not yet ruled out".to_string()
        };
        format!(
            "{side_win}; {} of {} root moves settled, {} of them at least a draw",
            self.root_settled, self.root_total, self.root_at_least_draw
        )
    }
}
