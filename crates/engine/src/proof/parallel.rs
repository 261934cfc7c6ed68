//! The attacker's root moves settled by several threads at once. The threads share the
//! prover's table (lock free; what one settles the others read) and take the root's moves
//! one at a time, best first. The answer is the one search would give: the root wins when
//! a move wins (the others then stop), and fails when every move fails. A shared table
//! cannot grow while threads use it, so a thread that finds it full enough to grow stops them
//! all; the table grows and a new round starts with the moves not yet settled.

use super::knowledge::AttackerFacts;
use super::search::{Search, TableRef};
use super::{ProofStats, Prover};
use crate::bits::BitSet;
use crate::budget::Exhausted;
use crate::error::SearchError;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::side::Side;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The size a shared table starts at, in MiB (the table of a one-thread 7x7/5 proof ends
/// at 32 MiB).
pub(super) const SHARED_TABLE_MIB: usize = 32;

/// Plies below the root move in which a helper thread takes the attacker's moves last first.
const HELPER_REVERSED_PLIES: usize = 6;

/// What the root's own facts say before any move is searched.
enum Root {
    /// Settled without a search.
    Known(bool),
    /// The moves to search, best first, and the relevance zone (see `AttackerFacts`).
    Moves(Vec<u16>, Option<(usize, Vec<super::pairing::Pair>)>),
}

/// What one thread did in one round (here and in [`super::classes`]).
pub(super) struct Round {
    pub stats: ProofStats,
    /// Jobs (indices: the root's moves here, the classes there) settled, and the answer of
    /// each.
    pub settled: Vec<(usize, bool)>,
}

impl ProofStats {
    /// Adds another search's work counters.
    pub(super) fn add(&mut self, other: &ProofStats) {
        self.nodes += other.nodes;
        self.table_hits += other.table_hits;
        self.pairing_calls += other.pairing_calls;
        self.pairings += other.pairings;
        self.zones += other.zones;
        self.threat_zones += other.threat_zones;
        self.classes_shared += other.classes_shared;
    }
}

impl Prover {
    /// A search for `attacker` over this prover's table, shared with other threads' searches
    /// (`grow` asks them all to stop when the table should grow), counting into `stats`.
    pub(super) fn shared_search<'a, B: BitSet>(
        &'a self,
        geo: &'a Geometry<B>,
        grow: &'a AtomicBool,
        attacker: Side,
        stats: &'a mut ProofStats,
    ) -> Search<'a, B> {
        let mut search = Search::new(
            self.knowledge(geo),
            TableRef::Shared(&self.table, grow),
            attacker,
            &self.budget,
            &self.progress,
            stats,
        );
        search.grow_at_one_in = self.config.grow_at_one_in;
        search
    }

    /// [`Prover::can_force_line`] with `attacker` to move in `pos`, its moves settled by
    /// `threads` threads.
    pub(super) fn root_in_parallel<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        attacker: Side,
        threads: usize,
    ) -> Result<bool, SearchError> {
        let mut p = pos.clone();
        let root = self.with_search(pos, attacker, true, |s| {
            if let Some(known) = s.probe(&p).0 {
                return Root::Known(known);
            }
            match s.attacker_facts(&p) {
                AttackerFacts::WinsAt(_) => Root::Known(true),
                AttackerFacts::DefenderWins | AttackerFacts::Exhausted => Root::Known(false),
                AttackerFacts::Paired(_) => {
                    s.store(&p, false, None, 1);
                    Root::Known(false)
                }
                AttackerFacts::MustBlock(c) => Root::Moves(vec![c as u16], None),
                AttackerFacts::Search { moves, zone } => Root::Moves(moves, zone),
            }
        })?;
        let (moves, zone) = match root {
            Root::Known(wins) => return Ok(wins),
            Root::Moves(moves, zone) => (moves, zone),
        };
        // One move of each symmetry class of the position it leads to.
        let mut keys: Vec<u64> = Vec::with_capacity(moves.len());
        let mut distinct: Vec<usize> = Vec::with_capacity(moves.len());
        for &m in &moves {
            p.play_unchecked(m as usize);
            let key = p.canonical_hash().0;
            p.undo_unchecked();
            if !keys.contains(&key) {
                keys.push(key);
                distinct.push(m as usize);
            }
        }
        // The moves that repeat a class, and those off the relevance zone, are settled with
        // the others (as the one-thread search reports them).
        let empty = pos.empty_cells().count() as usize;
        self.progress.settle(empty - distinct.len(), false, false);
        let mut wins: Vec<Option<bool>> = vec![None; distinct.len()];
        let geo = pos.geometry().clone();
        // A shared table cannot grow while it is shared: start it at a size that rarely
        // needs a new round (within the bound).
        self.table.grow_to(self.shared_start_mib);
        loop {
            let grow = AtomicBool::new(false);
            let halt = AtomicBool::new(false);
            let next = AtomicUsize::new(0);
            // The reply that held after the last root move refuted (by any thread), tried
            // early after the next, as one search tries it (see `search::hints`).
            let killer = AtomicUsize::new(usize::MAX);
            // Per move: taken by a thread, settled (by its owner or a helper).
            let taken: Vec<AtomicBool> = wins.iter().map(|_| AtomicBool::new(false)).collect();
            let settled: Vec<AtomicBool> =
                wins.iter().map(|w| AtomicBool::new(w.is_some())).collect();
            let rounds: Vec<Round> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|_| {
                        let (grow, halt, next, killer) = (&grow, &halt, &next, &killer);
                        let zone = zone.as_ref();
                        let (taken, settled) = (&taken, &settled);
                        let (distinct, geo) = (&distinct, &geo);
                        let this = &*self;
                        scope.spawn(move || {
                            let mut stats = ProofStats::default();
                            let mut search = this.shared_search(geo, grow, attacker, &mut stats);
                            search.halt = Some(halt);
                            let mut p = pos.clone();
                            let mut done = Vec::new();
                            loop {
                                // A move nobody took, else help with one still running.
                                let fresh = next.fetch_add(1, Ordering::Relaxed);
                                let (i, helping) = if fresh < distinct.len() {
                                    if settled[fresh].load(Ordering::Relaxed) {
                                        continue;
                                    }
                                    taken[fresh].store(true, Ordering::Relaxed);
                                    (fresh, false)
                                } else {
                                    match (0..distinct.len()).find(|&i| {
                                        taken[i].load(Ordering::Relaxed)
                                            && !settled[i].load(Ordering::Relaxed)
                                    }) {
                                        Some(i) => (i, true),
                                        None => break,
                                    }
                                };
                                search.reverse_below = if helping {
                                    pos.stone_count() + HELPER_REVERSED_PLIES
                                } else {
                                    0
                                };
                                search.halt_job = helping.then_some(&settled[i]);
                                p.play_unchecked(distinct[i]);
                                let won = p.winner().is_some() || {
                                    let k = killer.load(Ordering::Relaxed);
                                    let k = (k != usize::MAX).then_some(k as u16);
                                    let (won, held) =
                                        search.defend_after(&mut p, zone, k, distinct[i]);
                                    if let Some(r) = held {
                                        killer.store(r as usize, Ordering::Relaxed);
                                    }
                                    won
                                };
                                p.undo_unchecked();
                                if search.stopped.is_some() {
                                    if helping && settled[i].load(Ordering::Relaxed) {
                                        // The owner settled it first: help elsewhere.
                                        search.stopped = None;
                                        continue;
                                    }
                                    break;
                                }
                                if settled[i].swap(true, Ordering::Relaxed) {
                                    continue;
                                }
                                done.push((i, won));
                                this.progress.settle(1, false, won);
                                if won {
                                    halt.store(true, Ordering::Relaxed);
                                    break;
                                }
                            }
                            search.flush();
                            drop(search);
                            Round {
                                stats,
                                settled: done,
                            }
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a proof thread panicked"))
                    .collect()
            });
            for round in &rounds {
                self.stats.add(&round.stats);
                for &(i, won) in &round.settled {
                    wins[i] = Some(won);
                }
            }
            let stopped = self.budget.exhausted(self.stats.nodes);
            let winner = wins.iter().position(|&w| w == Some(true));
            let done = wins.iter().all(|w| w.is_some());
            let p = pos.clone();
            match (winner, stopped) {
                (Some(i), _) => {
                    self.with_search(pos, attacker, false, |s| {
                        s.store(&p, true, Some(distinct[i]), s.stats.nodes)
                    })?;
                    return Ok(true);
                }
                (None, Some(why)) => return Err(SearchError::Stopped(why)),
                (None, None) if done => {
                    self.with_search(pos, attacker, false, |s| {
                        s.store(&p, false, None, s.stats.nodes)
                    })?;
                    return Ok(false);
                }
                (None, None) if grow.load(Ordering::Relaxed) => {
                    let mib = (self.table.bytes() * 2).div_ceil(1 << 20);
                    self.table.grow_to(mib);
                }
                (None, None) => {
                    // Unreachable in practice: a round ends with every move settled, a win,
                    // a stop or the table to grow.
                    return Err(SearchError::Stopped(Exhausted::Stopped));
                }
            }
        }
    }
}
