//! Which moves keep a proven draw: one search per symmetry class of the moves (the opponent
//! attacks after it), the classes shared out among threads that share the prover's table,
//! as [`super::parallel`] shares out the attacker's root moves. Unlike there, no answer ends
//! the others: every class needs its own. A shared table cannot grow while threads use it, so
//! a thread that finds it full enough to grow stops them all; the table grows and a new round
//! starts with the classes not yet settled.
//!
//! One class can take far longer than all the others together, and a thread alone on it
//! would leave the other cores idle at the end. So a thread puts aside a class that takes it
//! more than [`ProofConfig::class_share_nodes`](super::ProofConfig::class_share_nodes)
//! ([`CLASS_SHARE_NODES`] by default), and once every other class is settled those put aside
//! are checked one at a time, each with the attacker's first moves shared out among all the
//! threads ([`Prover::root_in_parallel`]); the table then holds what the other classes
//! settled, and the work spent before the class was put aside.

use super::parallel::Round;
use super::{ProofStats, Prover};
use crate::bits::BitSet;
use crate::budget::Exhausted;
use crate::error::SearchError;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Nodes a thread gives one class before putting it aside for all the threads together (see
/// the module doc). Tuned on the analysis of one 7x7/5 position on 2 cores
/// (`......./......./.....o./.oxxx.. o`: 124 s without; with 0.5, 1, 2 and 4 million nodes
/// 112, 112, 109 and 118 s, once each).
pub(super) const CLASS_SHARE_NODES: u64 = 2_000_000;

/// What one thread did in one round: its work and the classes it settled (whether each
/// holds), and those it put aside.
struct ClassRound {
    round: Round,
    aside: Vec<usize>,
}

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
        let share = self.config.class_share_nodes;
        // Classes put aside, for all the threads together once the others are settled.
        let mut aside: Vec<usize> = Vec::new();
        if threads > 1 {
            // A shared table cannot grow while it is shared: start it at a size that rarely
            // needs a new round (within the bound).
            self.table.grow_to(self.shared_start_mib);
        }
        loop {
            let todo: Vec<usize> = (0..classes.len())
                .filter(|&i| holds[i].is_none() && !aside.contains(&i))
                .collect();
            if todo.is_empty() {
                for i in std::mem::take(&mut aside) {
                    holds[i] = Some(self.class_holds_together(pos, &classes[i], threads)?);
                    self.stats.classes_shared += 1;
                }
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
            let rounds: Vec<ClassRound> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|_| {
                        let (grow, next, todo, geo) = (&grow, &next, &todo, &geo);
                        let this = &*self;
                        scope.spawn(move || {
                            let mut stats = ProofStats::default();
                            let mut search = this.shared_search(geo, grow, attacker, &mut stats);
                            let mut p = pos.clone();
                            let (mut settled, mut aside) = (Vec::new(), Vec::new());
                            while let Some(&i) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                                search.cap = Some(search.stats.nodes + share);
                                p.play_unchecked(classes[i][0]);
                                let held =
                                    p.empty_cells().is_empty() || !search.attacker_node(&mut p);
                                p.undo_unchecked();
                                if search.capped {
                                    search.capped = false;
                                    search.stopped = None;
                                    aside.push(i);
                                    continue;
                                }
                                if search.stopped.is_some() {
                                    break;
                                }
                                this.progress.settle(classes[i].len(), held, false);
                                settled.push((i, held));
                            }
                            search.flush();
                            drop(search);
                            ClassRound {
                                round: Round { stats, settled },
                                aside,
                            }
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a proof thread panicked"))
                    .collect()
            });
            let mut settled_any = false;
            for ClassRound {
                round,
                aside: put_aside,
            } in &rounds
            {
                self.stats.add(&round.stats);
                for &(i, held) in &round.settled {
                    holds[i] = Some(held);
                    settled_any = true;
                }
                // A class put aside is progress too: the next round leaves it out.
                settled_any |= !put_aside.is_empty();
                aside.extend(put_aside);
            }
            if holds
                .iter()
                .enumerate()
                .all(|(i, h)| h.is_some() || aside.contains(&i))
            {
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

    /// Whether `class` (moves of the side to move in `pos`, one that a thread put aside, so
    /// not one that fills the board) holds, its check's first attacker moves shared out among
    /// `threads` threads; counted in the progress as one class of the root, whose counters
    /// the shared check does not touch.
    fn class_holds_together<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        class: &[usize],
        threads: usize,
    ) -> Result<bool, SearchError> {
        let mut p = pos.clone();
        p.play_unchecked(class[0]);
        let kept = self.progress.root_is_kept();
        self.progress.keep_root(true);
        let wins = self.root_in_parallel(&p, pos.to_move().other(), threads);
        self.progress.keep_root(kept);
        let held = !wins?;
        self.progress.settle(class.len(), held, false);
        Ok(held)
    }
}
