//! Live figures of a running search, shared with whoever displays them (read from another
//! thread while the search runs; all counters are relaxed atomics). A caller hands them to a
//! search with its budget in [`crate::budget::Controls`].

use crate::score::Wdl;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering::Relaxed};

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
    /// The root's proven value (see [`ProgressSnapshot::proven`]): 0 none, then win, draw,
    /// loss.
    proven: AtomicU8,
    /// While set, the root counters keep what they say: the searches that measure each
    /// losing move of an analysed position search other roots, which are not this one's.
    root_kept: AtomicBool,
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
    /// The proof search: the root's value, once proven, while the search goes on to find
    /// every move that keeps a draw or measures how far a win or a loss is. From
    /// then on `root_settled` counts the first moves checked for the draw and
    /// `root_at_least_draw` those that keep it.
    pub proven: Option<Wdl>,
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
            proven: match self.proven.load(Relaxed) {
                1 => Some(Wdl::Win),
                2 => Some(Wdl::Draw),
                3 => Some(Wdl::Loss),
                _ => None,
            },
        }
    }

    pub(crate) fn add_nodes(&self, n: u64) {
        self.nodes.fetch_add(n, Relaxed);
    }

    pub(crate) fn start_root(&self, moves: usize) {
        if self.root_kept.load(Relaxed) {
            return;
        }
        self.root_total.store(moves, Relaxed);
        self.root_settled.store(0, Relaxed);
        self.root_at_least_draw.store(0, Relaxed);
        self.root_wins.store(0, Relaxed);
    }

    /// `moves` root moves (one symmetry class) are settled with the given result.
    pub(crate) fn settle(&self, moves: usize, at_least_draw: bool, win: bool) {
        if self.root_kept.load(Relaxed) {
            return;
        }
        self.root_settled.fetch_add(moves, Relaxed);
        if at_least_draw {
            self.root_at_least_draw.fetch_add(moves, Relaxed);
        }
        if win {
            self.root_wins.fetch_add(moves, Relaxed);
        }
    }

    /// Keeps the root counters as they are (`true`) while searches of other roots run for
    /// the same caller, or lets them move again (`false`).
    pub(crate) fn keep_root(&self, keep: bool) {
        self.root_kept.store(keep, Relaxed);
    }

    /// Whether the root counters are kept as they are (see [`Progress::keep_root`]).
    pub(crate) fn root_is_kept(&self) -> bool {
        self.root_kept.load(Relaxed)
    }

    /// The root's value is proven (or, with `None`, a new proof starts).
    pub(crate) fn set_proven(&self, value: Option<Wdl>) {
        let code = match value {
            None => 0,
            Some(Wdl::Win) => 1,
            Some(Wdl::Draw) => 2,
            Some(Wdl::Loss) => 3,
        };
        self.proven.store(code, Relaxed);
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
    /// What a stopped proof search of the root has established, in one sentence: the first
    /// moves shown not to win, or the value it proved before it stopped.
    ///
    /// ```
    /// use mnk_engine::{ProgressSnapshot, Wdl};
    ///
    /// let checking = ProgressSnapshot {
    ///     root_total: 47,
    ///     root_settled: 26,
    ///     root_at_least_draw: 20,
    ///     proven: Some(Wdl::Draw),
    ///     ..ProgressSnapshot::default()
    /// };
    /// assert_eq!(
    ///     checking.proof_known_so_far(),
    ///     "the position is a draw (proven: neither side can force a line); 26 of 47 first \
    ///      moves were checked for the draw, 20 of them keep it"
    /// );
    /// ```
    pub fn proof_known_so_far(&self) -> String {
        let settled = self.root_settled.min(self.root_total);
        match self.proven {
            None => format!(
                "the proof is not complete; {settled} of {} first moves shown not to win for \
                 the side to move",
                self.root_total
            ),
            Some(Wdl::Draw) => format!(
                "the position is a draw (proven: neither side can force a line); {settled} of \
                 {} first moves were checked for the draw, {} of them keep it",
                self.root_total, self.root_at_least_draw
            ),
            Some(value) => format!(
                "the side to move {} (proven); the number of plies was not measured yet",
                if value == Wdl::Win { "wins" } else { "loses" }
            ),
        }
    }

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
