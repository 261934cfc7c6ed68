//! The threads of one search (lazy SMP): the main thread searches as it would alone and keeps
//! the time; helper threads search the same root from deeper first iterations, sharing the
//! table, so that the main thread finds their results there. Only the main thread's move is
//! played. The main thread answers as soon as it is done: it raises the helpers' stop flag and
//! does not wait for them (a helper the scheduler has set aside would hold the answer back by
//! a time slice); they are joined at the start of the next search, long finished. The
//! helpers' searchers are kept across moves, like the main one.

use super::{HardLimits, Report, Searcher, MAX_THREADS};
use crate::budget::Budget;
use crate::hard_search::state::State;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

impl Searcher {
    /// A helper thread's searcher: this one's table (shared), its own move ordering memory
    /// and threat probe. It gets this searcher's settings before each search
    /// ([`Searcher::brief`]); the root's threat searches are the main thread's alone.
    fn helper(&self) -> Searcher {
        Searcher::with_table(Arc::clone(&self.table))
    }

    /// Takes back the helpers of the last search once they have stopped (a helper that
    /// panicked is dropped; a new one is made when needed).
    pub(super) fn reclaim_helpers(&mut self) {
        for handle in self.running.drain(..) {
            if let Ok(helper) = handle.join() {
                self.helpers.push(helper);
            }
        }
    }

    /// How many helper searchers are kept.
    #[cfg(test)]
    pub(crate) fn helper_count(&mut self) -> usize {
        self.reclaim_helpers();
        self.helpers.len()
    }

    /// Gives a helper this searcher's settings of the moment (they may change between moves).
    fn brief(&self, helper: &mut Searcher) {
        helper.seed = self.seed;
        helper.jitter = self.jitter;
        helper.weights = self.weights;
        helper.reductions = self.reductions;
        helper.probe.limits = self.probe.limits;
        helper.probe.plies = self.probe.plies;
    }

    /// [`Searcher::iterate`] on this thread, with helpers on `limits.threads - 1` more
    /// sharing the table (lazy SMP): they search the same root, each from a deeper first
    /// iteration, so that their results are in the table when this thread gets there. Only
    /// this thread's result is played (its nodes are the report's); the helpers run until it
    /// ends.
    pub(super) fn iterate_together(
        &mut self,
        state: &mut State,
        moves: &mut [usize],
        limits: &HardLimits<'_>,
    ) -> Option<Report> {
        self.reclaim_helpers();
        let wanted = limits.threads.clamp(1, MAX_THREADS) - 1;
        while self.helpers.len() < wanted {
            self.helpers.push(self.helper());
        }
        let done = Arc::new(AtomicBool::new(false));
        let max_depth = limits.max_depth;
        for i in 0..wanted {
            let mut helper = self.helpers.pop().expect("made above");
            self.brief(&mut helper);
            let mut state = state.clone();
            let mut moves = moves.to_vec();
            // This thread alone keeps the time (and the caller's stop flag, nodes and
            // depth): the helpers only ask whether it is done, so they never read the
            // caller's clock.
            let budget = Budget::unlimited().with_stop_flag(Arc::clone(&done));
            self.running.push(std::thread::spawn(move || {
                helper.prepare(&state);
                let limits = HardLimits {
                    max_depth,
                    budget: &budget,
                    threads: 1,
                    check: None,
                };
                helper.iterate(&mut state, &mut moves, &limits, 2 + (i as u32 % 2));
                helper
            }));
        }
        let report = self.iterate(state, moves, limits, 1);
        done.store(true, Ordering::Relaxed);
        report
    }
}
