//! A [`Tracer`] that keeps every callback of a search, in order, for the lesson to replay.

use crate::score::Score;
use crate::search::Tracer;

/// One thing a search did, as its tracer saw it. Paths are 0-based child indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A node was entered with the window (alpha, beta).
    Enter {
        /// The node.
        path: Vec<usize>,
        /// Whether MAX chooses there.
        maximizing: bool,
        /// Alpha on entry.
        alpha: Score,
        /// Beta on entry.
        beta: Score,
    },
    /// A leaf was valued; `horizon` when the depth limit (an estimate) ended it.
    Leaf {
        /// The leaf.
        path: Vec<usize>,
        /// Its value, MAX's view.
        value: Score,
        /// Valued by the heuristic at the depth limit.
        horizon: bool,
    },
    /// A child returned `value`; the parent's window is now (alpha, beta).
    Child {
        /// The parent.
        path: Vec<usize>,
        /// Which child.
        index: usize,
        /// What it returned.
        value: Score,
        /// The parent's alpha after the child.
        alpha: Score,
        /// The parent's beta after the child.
        beta: Score,
    },
    /// Alpha met beta after child `after`; children `after + 1 .. of` were never searched
    /// (none when `after` is the last child: see [`prunes`]).
    Cutoff {
        /// The node that stopped.
        path: Vec<usize>,
        /// Alpha at the cut.
        alpha: Score,
        /// Beta at the cut.
        beta: Score,
        /// The last child searched.
        after: usize,
        /// How many children the node has.
        of: usize,
    },
    /// An inner node's value was passed up.
    Backup {
        /// The node.
        path: Vec<usize>,
        /// Its value (a bound when it fell outside its window).
        value: Score,
    },
}

/// Whether a cutoff after child `after` of `of` pruned anything. Alpha can meet beta at the
/// last child too; that stops nothing, so the lessons neither count it as a cutoff nor draw
/// it as one (the value passed up is still a bound).
pub fn prunes(after: usize, of: usize) -> bool {
    after + 1 < of
}

/// Counts the cutoffs that prune at least one child: what every lesson and comparison reports
/// as `cutoffs` (the search's own counter also counts alpha meeting beta at a last child).
#[derive(Default)]
pub(crate) struct CutCounter {
    pub cutoffs: u64,
}

impl Tracer for CutCounter {
    fn cutoff(&mut self, _path: &[usize], _alpha: Score, _beta: Score, after: usize, of: usize) {
        if prunes(after, of) {
            self.cutoffs += 1;
        }
    }
}

/// Records every event of one search.
#[derive(Default)]
pub(crate) struct Recorder {
    pub events: Vec<Event>,
    pub cuts: CutCounter,
}

impl Tracer for Recorder {
    fn enter(&mut self, path: &[usize], maximizing: bool, alpha: Score, beta: Score) {
        self.events.push(Event::Enter {
            path: path.to_vec(),
            maximizing,
            alpha,
            beta,
        });
    }

    fn leaf(&mut self, path: &[usize], value: Score, horizon: bool) {
        self.events.push(Event::Leaf {
            path: path.to_vec(),
            value,
            horizon,
        });
    }

    fn child(&mut self, path: &[usize], index: usize, value: Score, alpha: Score, beta: Score) {
        self.events.push(Event::Child {
            path: path.to_vec(),
            index,
            value,
            alpha,
            beta,
        });
    }

    fn backup(&mut self, path: &[usize], value: Score) {
        self.events.push(Event::Backup {
            path: path.to_vec(),
            value,
        });
    }

    fn cutoff(&mut self, path: &[usize], alpha: Score, beta: Score, after: usize, of: usize) {
        self.cuts.cutoff(path, alpha, beta, after, of);
        self.events.push(Event::Cutoff {
            path: path.to_vec(),
            alpha,
            beta,
            after,
            of,
        });
    }
}
