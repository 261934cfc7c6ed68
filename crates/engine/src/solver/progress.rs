//! Live figures of a running search, shared with whoever displays them (read from another
//! thread while the search runs; all counters are relaxed atomics), and the [`Controls`] a
//! caller hands a long search: a stop flag and those counters. The solver, the textbook
//! searches and the game-tree count all take the same two, so a front end watches and stops
//! each of them the same way.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;

/// What a caller hands a long search: a flag to stop it and counters to watch it.
#[derive(Clone, Debug, Default)]
pub struct Controls {
    /// Set it to stop the search; it then returns `SearchError::Stopped`.
    pub stop: Option<Arc<AtomicBool>>,
    /// The search publishes its work here (nodes, and what else it knows: root moves
    /// settled and table fill for the solver, the ply and memory for the count).
    pub progress: Option<Arc<Progress>>,
}

/// How much work (nodes, positions) a search does between two looks at its [`Controls`]:
/// often enough to stop within a millisecond or so, rarely enough to cost nothing.
pub(crate) const CHECK_INTERVAL: u64 = 4096;

/// A search's own side of its [`Controls`]: counts work locally and, every
/// [`CHECK_INTERVAL`] units, publishes it and reads the stop flag (a shared counter touched
/// on every node would cost more than the node).
pub(crate) struct Watch<'a> {
    controls: &'a Controls,
    unpublished: u64,
    stopped: bool,
}

impl<'a> Watch<'a> {
    pub fn new(controls: &'a Controls) -> Self {
        let mut watch = Watch {
            controls,
            unpublished: 0,
            stopped: false,
        };
        // A flag raised before the search started stops it before any work.
        watch.check_in();
        watch
    }

    /// Counts one unit of work; true once the search has been told to stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.unpublished += 1;
        if self.unpublished >= CHECK_INTERVAL {
            self.check_in();
        }
        self.stopped
    }

    /// Whether the search has been told to stop (as of the last look at the flag).
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The progress counters, when the caller watches.
    pub fn progress(&self) -> Option<&Progress> {
        self.controls.progress.as_deref()
    }

    /// Publishes the work counted so far and reads the stop flag.
    pub fn check_in(&mut self) {
        if let Some(p) = &self.controls.progress {
            p.add_nodes(self.unpublished);
        }
        self.unpublished = 0;
        if self.controls.stop.as_ref().is_some_and(|f| f.load(Relaxed)) {
            self.stopped = true;
        }
    }
}

impl Drop for Watch<'_> {
    fn drop(&mut self) {
        if let Some(p) = &self.controls.progress {
            p.add_nodes(self.unpublished);
        }
    }
}

/// Counters a search updates as it goes.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_watch_publishes_every_unit_of_work_by_the_time_it_is_dropped() {
        let progress = Arc::new(Progress::default());
        let controls = Controls {
            stop: None,
            progress: Some(progress.clone()),
        };
        {
            let mut watch = Watch::new(&controls);
            for _ in 0..CHECK_INTERVAL * 2 + 5 {
                assert!(!watch.tick());
            }
        }
        assert_eq!(progress.snapshot().nodes, CHECK_INTERVAL * 2 + 5);
    }

    #[test]
    fn a_watch_sees_the_stop_flag_within_one_interval() {
        let stop = Arc::new(AtomicBool::new(false));
        let controls = Controls {
            stop: Some(stop.clone()),
            progress: None,
        };
        let mut watch = Watch::new(&controls);
        assert!(!watch.tick());
        stop.store(true, Relaxed);
        let ticks = (1..=CHECK_INTERVAL).find(|_| watch.tick());
        assert!(ticks.is_some(), "the flag was never seen");
        assert!(watch.stopped());
        // Raised before the start: stopped at once.
        assert!(Watch::new(&controls).stopped());
    }
}
