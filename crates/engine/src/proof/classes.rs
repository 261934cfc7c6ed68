//! Which moves keep a proven draw: one search per symmetry class of the moves (the opponent
//! attacks after it), the classes shared out among threads that share the prover's table,
//! as [`super::parallel`] shares out the attacker's root moves. Unlike there, no answer ends
//! the others: every class needs its own. A shared table cannot grow while threads use it, so
//! a thread that finds it full enough to grow stops them all; the table grows and a new round
//! starts with the classes not yet settled.

use super::{ProofStats, Prover};
use crate::bits::BitSet;
use crate::budget::Exhausted;
use crate::error::SearchError;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

impl Prover {
    /// For each class of `classes` (moves of the side to move in `pos` that lead to the same
    /// position up to symmetry), whether the opponent fails to force a line after its first
    /// move, with `threads` threads; each settled class is counted in the progress at once.
    pub(super) fn classes_that_hold<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        classes: &[Vec<usize>],
        threads: usize,
    ) -> Result<Vec<bool>, SearchError> {
        let attacker = pos.to_move().other();
        let mut holds: Vec<Option<bool>> = vec![None; classes.len()];
        if threads > 1 {
            // A shared table cannot grow while it is shared: start it at a size that rarely
            // needs a new round (within the bound).
            self.table.grow_to(self.shared_start_mib);
        }
        loop {
            let todo: Vec<usize> = (0..classes.len()).filter(|&i| holds[i].is_none()).collect();
            if todo.is_empty() {
                return Ok(holds.into_iter().map(|h| h == Some(true)).collect());
            }
            if threads <= 1 {
                for &i in &todo {
                    // A search looks at the budget every so many nodes, and a class can
                    // take fewer.
                    if let Some(why) = self.budget.exhausted(self.stats.nodes) {
                        return Err(SearchError::Stopped(why));
                    }
                    let mut p = pos.clone();
                    let held = self.with_search(pos, attacker, true, |s| {
                        p.play_unchecked(classes[i][0]);
                        p.empty_cells().is_empty() || !s.attacker_node(&mut p)
                    })?;
                    self.progress.settle(classes[i].len(), held, false);
                    holds[i] = Some(held);
                }
                continue;
            }
            let grow = AtomicBool::new(false);
            let next = AtomicUsize::new(0);
            let geo = pos.geometry().clone();
            let rounds: Vec<(ProofStats, Vec<(usize, bool)>)> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|_| {
                        let (grow, next, todo, geo) = (&grow, &next, &todo, &geo);
                        let this = &*self;
                        scope.spawn(move || {
                            let mut stats = ProofStats::default();
                            let mut search = this.shared_search(geo, grow, attacker, &mut stats);
                            let mut p = pos.clone();
                            let mut done = Vec::new();
                            while let Some(&i) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                                p.play_unchecked(classes[i][0]);
                                let held =
                                    p.empty_cells().is_empty() || !search.attacker_node(&mut p);
                                p.undo_unchecked();
                                if search.stopped.is_some() {
                                    break;
                                }
                                this.progress.settle(classes[i].len(), held, false);
                                done.push((i, held));
                            }
                            search.flush();
                            drop(search);
                            (stats, done)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a proof thread panicked"))
                    .collect()
            });
            let mut settled_any = false;
            for (stats, done) in &rounds {
                self.stats.add(stats);
                for &(i, held) in done {
                    holds[i] = Some(held);
                    settled_any = true;
                }
            }
            if holds.iter().all(Option::is_some) {
                continue;
            }
            if let Some(why) = self.budget.exhausted(self.stats.nodes) {
                return Err(SearchError::Stopped(why));
            }
            if grow.load(Ordering::Relaxed) {
                let mib = (self.table.bytes() * 2).div_ceil(1 << 20);
                self.table.grow_to(mib);
            } else if !settled_any {
                // A round ends with every class settled, a stop or the table to grow; a stop
                // flag seen by a thread but not here is still a stop.
                return Err(SearchError::Stopped(Exhausted::Stopped));
            }
        }
    }
}
