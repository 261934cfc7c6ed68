//! [`Budget`]: the one way to bound or stop a search. Every search of the engine — the exact
//! solver, the textbook minimax and alpha-beta, the `hard` search and its threat searches,
//! the teaching tools — takes one, so a front end stops or limits any of them the same way:
//!
//! - a **stop flag** another thread raises (Ctrl-C, a new game, a server's time limit): the
//!   search is cancelled and its caller gets [`Exhausted::Stopped`], never a made-up value;
//! - a **node limit**;
//! - a **deadline**: a "time is up" check handed in by the caller, since the engine reads no
//!   clock of its own; and a **soft deadline**, asked only between the iterations of a search
//!   that deepens step by step.
//!
//! A search that is also watched gets [`Controls`]: the budget and the [`Progress`] counters
//! the search publishes its work to.
//!
//! The budget is the engine's inside view. Callers say what a search may use with a
//! [`crate::Go`], and the one time manager ([`crate::TimeManager`]) turns it into a budget
//! (the clock into deadlines, with its margin), so `Budget`, `Controls` and `Deadline` are not
//! part of the public API: only the engine's benchmarks, fuzz targets and integration tests
//! reach them, through the `internals` feature.
//!
//! A search spends its budget through a [`Meter`], which counts nodes and, only every so many
//! of them, publishes them and looks at the flag and the deadline, so the check costs
//! nothing measurable in the hot path. What a search does when its budget runs out depends on the
//! search: an exact search reports that it stopped (a result it did not finish proves
//! nothing), an anytime search (the `hard` search's iterative deepening) answers with its last
//! finished iteration and says that it was cut short.

use crate::progress::Progress;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A caller's clock turned into "time is up": the engine calls it, never a clock itself (the
/// time manager makes one from a [`crate::Go`]'s clock and move time).
pub type Deadline = Arc<dyn Fn() -> bool + Send + Sync>;

/// What bounds one search. The default bounds nothing. A search that runs out says so; it
/// never hands back a value it did not compute.
#[derive(Clone, Default)]
pub struct Budget {
    stop: Option<Arc<AtomicBool>>,
    nodes: Option<u64>,
    deadline: Option<Deadline>,
    soft_deadline: Option<Deadline>,
}

/// Why a search ended before it finished: public, since a stopped search's error
/// ([`crate::SearchError::Stopped`]) says which limit of its [`crate::Go`] ended it.
///
/// ```
/// use mnk_engine::{exact, Algorithm, Board, Exhausted, Go, Rules, SearchError, SolverConfig};
/// use std::sync::atomic::AtomicBool;
/// use std::sync::Arc;
///
/// let board = Board::new(Rules::new(4, 4, Some(4)).unwrap());
/// // A stop flag raised before the search starts: the caller cancelled it.
/// let stopped = Go::default().with_stop(Arc::new(AtomicBool::new(true)));
/// let answer = exact::solve(&board, Algorithm::Solver, SolverConfig::default(), &stopped);
/// assert_eq!(answer.unwrap_err(), SearchError::Stopped(Exhausted::Stopped));
/// // A node cap: minimax cannot finish 4x4 in a thousand nodes.
/// let tight = Go::default().with_nodes(1_000);
/// let answer = exact::solve(&board, Algorithm::Minimax, SolverConfig::default(), &tight);
/// assert_eq!(answer.unwrap_err(), SearchError::Stopped(Exhausted::Nodes));
/// let said = "the search reached its node limit before it finished";
/// assert_eq!(Exhausted::Nodes.to_string(), said);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// The stop flag was raised: the caller cancelled the search.
    Stopped,
    /// The node limit was reached.
    Nodes,
    /// The deadline passed.
    Time,
}

impl fmt::Display for Exhausted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Exhausted::Stopped => "the search was stopped before it finished",
            Exhausted::Nodes => "the search reached its node limit before it finished",
            Exhausted::Time => "the search ran out of time before it finished",
        })
    }
}

impl fmt::Debug for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Budget")
            .field("stop", &self.stop)
            .field("nodes", &self.nodes)
            .field("deadline", &self.deadline.is_some())
            .field("soft_deadline", &self.soft_deadline.is_some())
            .finish()
    }
}

impl Budget {
    /// A budget that bounds nothing.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// The same budget, also stopped when `flag` is raised.
    pub fn with_stop_flag(mut self, flag: Arc<AtomicBool>) -> Budget {
        self.stop = Some(flag);
        self
    }

    /// The same budget with the stop flag set or removed.
    pub fn with_stop(mut self, flag: Option<Arc<AtomicBool>>) -> Budget {
        self.stop = flag;
        self
    }

    /// The same budget, also bounded to `nodes` nodes: a search may visit that many, and is
    /// stopped as it enters one more.
    pub fn with_node_limit(mut self, nodes: u64) -> Budget {
        self.nodes = Some(nodes);
        self
    }

    /// The same budget, also ended when `deadline` says the time is up.
    pub fn with_deadline(mut self, deadline: Deadline) -> Budget {
        self.deadline = Some(deadline);
        self
    }

    /// The same budget with a soft deadline: asked only by searches that deepen step by step,
    /// before they start another step ("not worth starting another iteration").
    pub fn with_soft_deadline(mut self, deadline: Deadline) -> Budget {
        self.soft_deadline = Some(deadline);
        self
    }

    /// Whether a search that deepens step by step should not start another step now: the
    /// soft deadline has passed (or the budget is interrupted).
    pub fn wants_no_more_steps(&self) -> bool {
        self.soft_deadline.as_ref().is_some_and(|d| d()) || self.is_interrupted()
    }

    /// Whether the stop flag is raised or the deadline has passed: what a sub-search with a
    /// node count of its own (a threat search) asks of its caller's budget.
    pub fn is_interrupted(&self) -> bool {
        self.is_stopped() || self.is_late()
    }

    /// The node limit, when there is one.
    pub fn node_limit(&self) -> Option<u64> {
        self.nodes
    }

    /// Whether the stop flag is raised now.
    pub fn is_stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether the deadline has passed now.
    pub fn is_late(&self) -> bool {
        self.deadline.as_ref().is_some_and(|d| d())
    }

    /// Why a search that has visited `nodes` nodes must stop now, if it must.
    pub fn exhausted(&self, nodes: u64) -> Option<Exhausted> {
        if self.is_stopped() {
            Some(Exhausted::Stopped)
        } else if self.nodes.is_some_and(|n| nodes > n) {
            Some(Exhausted::Nodes)
        } else if self.is_late() {
            Some(Exhausted::Time)
        } else {
            None
        }
    }

    /// A meter that spends this budget, node by node, looking at it every `every` nodes (the
    /// searches meter [`Controls`]; this is for the tests of the meter itself).
    #[cfg(any(test, feature = "internals"))]
    pub fn meter(&self, every: u64) -> Meter<'_> {
        Meter::new(self, None, every)
    }
}

/// What a watched search runs with: the budget that bounds or stops it, and counters to
/// watch it by (from a [`crate::Go`]'s progress). The solver, the textbook searches and the
/// game-tree count all take it, so a front end watches and stops each of them the same way.
#[derive(Clone, Debug, Default)]
pub struct Controls {
    /// What bounds the search; once it runs out the search returns `SearchError::Stopped`.
    pub budget: Budget,
    /// The search publishes its work here (nodes, and what else it knows: root moves
    /// settled and table fill for the solver, the ply and memory for the count).
    pub progress: Option<Arc<Progress>>,
}

impl Controls {
    /// Controls with this budget and no counters.
    pub fn with_budget(budget: Budget) -> Controls {
        Controls {
            budget,
            progress: None,
        }
    }

    /// A meter that spends the budget and publishes to the counters every `every` nodes.
    pub fn meter(&self, every: u64) -> Meter<'_> {
        Meter::new(&self.budget, self.progress.as_deref(), every)
    }
}

/// The running count of one search against its [`Budget`], publishing to its [`Progress`].
#[derive(Debug)]
pub struct Meter<'a> {
    budget: &'a Budget,
    progress: Option<&'a Progress>,
    every: u64,
    nodes: u64,
    published: u64,
    next_check: u64,
    exhausted: Option<Exhausted>,
}

impl<'a> Meter<'a> {
    /// Nodes between two looks for searches that have no reason to pick another interval: a
    /// look costs an atomic load and perhaps a clock read, a few thousand nodes take well
    /// under a millisecond.
    pub const CHECK_EVERY: u64 = 4096;

    /// A meter of `budget` that publishes to `progress` and looks every `every` nodes; a flag
    /// raised before the search started stops it before any work.
    pub fn new(budget: &'a Budget, progress: Option<&'a Progress>, every: u64) -> Meter<'a> {
        let mut meter = Meter {
            budget,
            progress,
            every: every.max(1),
            nodes: 0,
            published: 0,
            next_check: 0,
            exhausted: None,
        };
        meter.check();
        meter
    }

    /// The node count of the next look: an interval on, or the node just past the limit if
    /// that comes first (so a node limit is kept exactly).
    fn schedule(&mut self) {
        let next = self.nodes + self.every;
        self.next_check = match self.budget.nodes {
            Some(limit) if limit >= self.nodes => next.min(limit.saturating_add(1)),
            _ => next,
        };
    }

    /// Counts one node; true when the search must stop (and from then on).
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check();
        }
        self.exhausted.is_some()
    }

    /// Publishes the nodes counted so far and looks at the flag, the node limit and the
    /// deadline now; true when the search must stop.
    pub fn check(&mut self) -> bool {
        self.publish();
        if self.exhausted.is_none() {
            self.exhausted = self.budget.exhausted(self.nodes);
        }
        self.schedule();
        self.exhausted.is_some()
    }

    fn publish(&mut self) {
        if let Some(p) = self.progress {
            p.add_nodes(self.nodes - self.published);
        }
        self.published = self.nodes;
    }

    /// The counters the caller watches, if any.
    pub fn progress(&self) -> Option<&'a Progress> {
        self.progress
    }

    /// Whether the budget has run out (as of the last look).
    #[inline]
    pub fn is_exhausted(&self) -> bool {
        self.exhausted.is_some()
    }

    /// Why the budget ran out, if it did.
    pub fn exhausted(&self) -> Option<Exhausted> {
        self.exhausted
    }

    /// Nodes counted so far (for tests: a search counts its own nodes).
    #[cfg(any(test, feature = "internals"))]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl Drop for Meter<'_> {
    fn drop(&mut self) {
        self.publish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    #[test]
    fn an_unlimited_budget_never_runs_out() {
        let budget = Budget::unlimited();
        let mut meter = budget.meter(128);
        assert!(!(0..10_000).any(|_| meter.tick()));
        assert_eq!(meter.nodes(), 10_000);
        assert_eq!(meter.exhausted(), None);
    }

    #[test]
    fn the_node_limit_is_seen_within_one_check_interval() {
        let budget = Budget::unlimited().with_node_limit(1_000);
        let mut meter = budget.meter(128);
        let mut spent = 0;
        while !meter.tick() {
            spent += 1;
        }
        assert!(
            (1_000..1_000 + Meter::CHECK_EVERY).contains(&meter.nodes()),
            "{spent}"
        );
        assert_eq!(meter.exhausted(), Some(Exhausted::Nodes));
        assert!(meter.tick(), "an exhausted meter stays exhausted");
    }

    #[test]
    fn a_raised_flag_wins_over_the_other_limits() {
        let flag = Arc::new(AtomicBool::new(false));
        let budget = Budget::unlimited()
            .with_stop_flag(flag.clone())
            .with_node_limit(0)
            .with_deadline(Arc::new(|| true));
        assert_eq!(budget.exhausted(1), Some(Exhausted::Nodes));
        flag.store(true, Ordering::Relaxed);
        assert_eq!(budget.exhausted(0), Some(Exhausted::Stopped));
        // Raised before the search starts: its meter is exhausted before any work.
        let meter = budget.meter(128);
        assert!(meter.is_exhausted());
        assert_eq!(meter.exhausted(), Some(Exhausted::Stopped));
    }

    #[test]
    fn a_meter_publishes_every_node_it_counted() {
        let progress = Progress::default();
        let budget = Budget::unlimited();
        {
            let mut meter = Meter::new(&budget, Some(&progress), 100);
            for _ in 0..250 {
                meter.tick();
            }
            assert_eq!(progress.snapshot().nodes, 200);
        }
        assert_eq!(progress.snapshot().nodes, 250);
    }

    #[test]
    fn the_deadline_is_asked_once_per_interval() {
        let asked = Arc::new(AtomicU64::new(0));
        let counter = asked.clone();
        let budget = Budget::unlimited().with_deadline(Arc::new(move || {
            counter.fetch_add(1, Ordering::Relaxed);
            false
        }));
        let mut meter = budget.meter(128);
        for _ in 0..128 * 10 {
            meter.tick();
        }
        // Once as the meter starts, then once per interval.
        assert_eq!(asked.load(Ordering::Relaxed), 11);
    }
}
