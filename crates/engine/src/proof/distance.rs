//! How fast a side that can force a line does it: "can the attacker complete a line within `d`
//! plies, whatever the defender does?", an AND/OR search bounded in depth, asked for d = 1,
//! 3, 5, ... until it says yes. The first `d` that holds is the exact distance of the win
//! (the winner's fastest line against the loser's longest defence), as the solver measures it.
//!
//! The bound is what makes it fast where the solver's full-width search is not (7x7/5 losses
//! of 20 plies and more): with `d` plies left the attacker has `ceil(d / 2)` stones to place,
//! so only the windows it can fill with them matter, and of the defender's only those it can
//! still turn into a four (which forces a block) or a line. A cell on none of them changes
//! nothing before the horizon, and stays so as the game goes on (each side's own stone brings
//! a window one stone nearer and takes one of that side's moves; the other side's stone kills
//! it). All such cells are one class: one of them stands for all.

use super::horizon::{makes_two_wins, within_reach};
use super::knowledge::{
    ordered, reduced_moves, weights, AttackerFacts, Cores, Knowledge, LineFacts,
};
use super::search::{TableRef, AHEAD};
use super::threat_zone::{threat_zone, MOST_FOURS};
use super::{ProofStats, Prover};
use crate::bits::BitSet;
use crate::budget::{Budget, Exhausted};
use crate::error::SearchError;
use crate::position::Position;
use crate::progress::Progress;
use crate::score::Bound;
use crate::side::Side;
use crate::solver::tt::Table;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Keys of distance facts differ from the proof search's facts of the same position.
const DISTANCE_SALT: [u64; 2] = [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f];

/// Plies left from which an attacker node asks the proof search's knowledge (see
/// [`DistanceSearch::knowledge_of`]).
const KNOWLEDGE_FROM: u32 = 5;

/// Plies left above which a defender node first looks for a reply after which a pairing
/// exists at once (the proof search's quick look-ahead, [`Knowledge::pairing`]): the attacker
/// then cannot force a line at all, so not within the horizon either. Tuned on one 7x7/5
/// position (`..o..../......./.....o./.oxxx.. x`, a win in 17 plies: 16.3 s and 19.7 M nodes
/// without, 14.1 s and 13.2 M with; from 5 plies 17.1 s, from 9 14.0 s, from 11 15.3 s).
const QUICK_PAIRING_ABOVE: u32 = 7;

/// How often (in nodes) the search looks at its budget.
const CHECK_INTERVAL: u64 = 1024;

/// One distance search's state; the table belongs to the caller.
pub(crate) struct DistanceSearch<'a, B: BitSet> {
    windows: &'a [B],
    /// The proof search's knowledge: where the attacker cannot force a line at all, it
    /// cannot within `d` plies, and a relevance zone leaves out moves after which it cannot.
    knowledge: Knowledge<'a, B>,
    /// Its counters (pairings looked for and found).
    pub stats: ProofStats,
    table: TableRef<'a>,
    attacker: Side,
    budget: &'a Budget,
    /// Where the nodes are published as they go (a long measure is not silent).
    progress: &'a Progress,
    /// Nodes visited.
    pub nodes: u64,
    /// Nodes not yet published to `progress`.
    unpublished: u64,
    /// Why the search ended early, once its budget ran out.
    pub stopped: Option<Exhausted>,
    /// The cells' weights at the node being ordered (a slot per cell, reused).
    weight: Vec<u32>,
    /// Sort keys (reused).
    keys: Vec<u64>,
    /// A defender stone of the root whose positions without it the table may know (the
    /// root's last move, when the defender played it: an analysis measures the position
    /// after a pass first, which is each of its losing moves' positions without the move).
    lacking: Option<usize>,
    /// A slot per cell for [`makes_two_wins`] (reused).
    partner: Vec<u16>,
    /// The windows the attacker can still complete before the horizon (reused).
    reach: Vec<B>,
}

impl<'a, B: BitSet> DistanceSearch<'a, B> {
    /// A search for `attacker` on the board of `pos`.
    pub fn new(
        pos: &'a Position<B>,
        knowledge: Knowledge<'a, B>,
        table: TableRef<'a>,
        attacker: Side,
        budget: &'a Budget,
        progress: &'a Progress,
    ) -> Self {
        DistanceSearch {
            windows: pos.geometry().windows(),
            knowledge,
            stats: ProofStats::default(),
            table,
            attacker,
            budget,
            progress,
            nodes: 0,
            unpublished: 0,
            stopped: None,
            weight: vec![0; pos.rules().cells()],
            keys: Vec::new(),
            lacking: None,
            partner: vec![0; pos.rules().cells()],
            reach: Vec::new(),
        }
    }

    /// The plies in which the attacker, to move in `pos`, completes a line against the
    /// longest defence, known to be at least `at_least`; `None` when it cannot force one at
    /// all (or the budget ran out: see [`DistanceSearch::stopped`]).
    pub fn win_distance(&mut self, pos: &mut Position<B>, at_least: u32) -> Option<u32> {
        debug_assert_eq!(pos.to_move(), self.attacker);
        self.lacking = pos
            .last_move()
            .filter(|&m| pos.stones(self.attacker.other()).contains(m));
        let empty = pos.empty_cells().count();
        // The attacker completes its line on its own plies: the odd ones.
        let mut d = at_least.max(1) | 1;
        while d <= empty {
            if self.node(pos, d, true) {
                return Some(d);
            }
            if self.stopped.is_some() {
                return None;
            }
            d += 2;
        }
        None
    }

    /// The moves of `pos` (the attacker to move, winning in `plies`, as
    /// [`DistanceSearch::win_distance`] found) that keep the win as fast: the fastest moves.
    pub fn fastest_moves(&mut self, pos: &mut Position<B>, plies: u32) -> Vec<usize> {
        let mut best = Vec::new();
        for m in pos.empty_cells().cells() {
            pos.play_unchecked(m);
            let fastest = pos.winner().is_some() || self.node(pos, plies - 1, false);
            pos.undo_unchecked();
            if self.stopped.is_some() {
                return Vec::new();
            }
            if fastest {
                best.push(m);
            }
        }
        best
    }

    /// Its work in the proof search's counters.
    pub fn counters(&self) -> ProofStats {
        ProofStats {
            nodes: self.nodes,
            ..self.stats
        }
    }

    /// Measures the positions of `positions` that `next` hands it, one at a time, each won
    /// in at least `at_least` plies, until none is left or the budget stops it.
    fn measure_each(
        mut self,
        positions: &[Position<B>],
        at_least: u32,
        next: &AtomicUsize,
    ) -> ThreadRun {
        let mut found = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(pos) = positions.get(i) else { break };
            let mut p = pos.clone();
            self.attacker = p.to_move();
            let plies = self.win_distance(&mut p, at_least);
            if self.stopped.is_some() {
                break;
            }
            if let Some(plies) = plies {
                found.push((i, plies));
            }
        }
        self.flush();
        ThreadRun {
            stats: self.counters(),
            found,
            stopped: self.stopped,
        }
    }

    /// Publishes the nodes not yet counted in the progress.
    pub fn flush(&mut self) {
        self.progress.add_nodes(self.unpublished);
        self.unpublished = 0;
    }

    /// Counts a node and looks at the budget now and then.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        self.unpublished += 1;
        // At the first node too: a budget already spent measures nothing.
        if self.nodes % CHECK_INTERVAL == 1 && self.stopped.is_none() {
            self.flush();
            // A table shared by threads was grown before they started.
            if let TableRef::Own(table) = &mut self.table {
                table.maybe_grow();
            }
            self.stopped = self.budget.exhausted(self.nodes);
        }
        self.stopped.is_some()
    }

    fn key(&self, pos: &Position<B>) -> (u64, usize) {
        let (h, sym) = pos.canonical_hash();
        (h ^ DISTANCE_SALT[self.attacker.index()], sym)
    }

    /// Starts the table look-up of the position after `m` (of the side to move in `pos`),
    /// which the node is about to search (see [`Search::prefetch_after`](super::search)).
    fn prefetch_after(&self, pos: &Position<B>, m: u16) {
        let key = pos.canonical_hash_after(m as usize) ^ DISTANCE_SALT[self.attacker.index()];
        self.table.prefetch(key);
    }

    /// What the table knows of `pos` within `d` plies, and its stored move (board frame). An
    /// entry holds `+p` for "a line within p plies" (so within any more) and `-p` for "no
    /// line within p plies" (so within none fewer).
    ///
    /// Where the root has a defender stone to leave out ([`DistanceSearch::lacking`]) and the
    /// table does not settle `pos`, "no line within `d`" of `pos` without that stone holds
    /// for `pos` too: a defender stone more never helps the attacker.
    fn probe(&self, pos: &Position<B>, d: u32) -> (Option<bool>, Option<usize>) {
        let (key, sym) = self.key(pos);
        let entry = self.table.probe(key);
        let known = entry.and_then(|e| Self::known(e.score, d));
        let best = entry
            .and_then(|e| e.best)
            .map(|m| pos.geometry().inverses()[sym][m as usize] as usize);
        if known.is_none() {
            if let Some(cell) = self.lacking {
                let without = pos.canonical_hash_without(cell, self.attacker.other()).0;
                let key = without ^ DISTANCE_SALT[self.attacker.index()];
                let entry = self.table.probe(key);
                if entry.and_then(|e| Self::known(e.score, d)) == Some(false) {
                    return (Some(false), best);
                }
            }
        }
        (known, best)
    }

    /// What a table score says of a line within `d` plies: `+p` a line within p plies (so
    /// within any more), `-p` none within p (so within none fewer).
    fn known(score: i32, d: u32) -> Option<bool> {
        let d = d as i32;
        if score > 0 && score <= d {
            Some(true)
        } else if score < 0 && -score >= d {
            Some(false)
        } else {
            None
        }
    }

    fn store(&mut self, pos: &Position<B>, d: u32, wins: bool, best: Option<usize>, work: u64) {
        if self.stopped.is_some() {
            return;
        }
        let (key, sym) = self.key(pos);
        let best = best.map(|m| pos.geometry().symmetries()[sym][m]);
        let score = if wins { d as i32 } else { -(d as i32) };
        let work = 64 - work.leading_zeros() as u8;
        self.table.store(key, score, Bound::Exact, best, work);
    }

    /// The moves worth trying at `pos` with `mine` and `theirs` moves left to each side
    /// before the horizon, best first (`first`, the table's move, ahead): the cells of the
    /// attacker's windows it can still fill and of the defender's it can still make a four
    /// of, and one cell standing for all the others.
    fn moves(
        &mut self,
        pos: &Position<B>,
        (attacker_left, defender_left): (u32, u32),
        first: Option<usize>,
    ) -> Vec<u16> {
        let a = pos.stones(self.attacker);
        let d = pos.stones(self.attacker.other());
        let empty = pos.empty_cells();
        // The attacker's windows it can fill, and the defender's it can make a four of.
        let reach = (attacker_left, defender_left + 1);
        let live = weights(self.windows, (a, d), empty, &mut self.weight, reach);
        ordered(
            reduced_moves(empty, live),
            &self.weight,
            first,
            &mut self.keys,
        )
    }

    /// What the proof search's knowledge says of `pos` (the attacker to move, no line or
    /// four on the board): `None` when the attacker cannot force a line at all (a pairing,
    /// or no window left it can fill), else the cells its winning moves must be among (the
    /// relevance zone, or every cell).
    fn knowledge_of(&mut self, pos: &Position<B>, left: u32) -> Option<B> {
        let sym = pos.canonical_hash().1;
        let geo = pos.geometry();
        let a = geo.transform(sym, pos.stones(self.attacker));
        let o = geo.transform(sym, pos.stones(self.attacker.other()));
        let back = &geo.inverses()[sym];
        within_reach(self.windows, (a, o), left, &mut self.reach);
        let facts = self
            .knowledge
            .attacker_over((a, o), &self.reach, None, &mut self.stats);
        match facts {
            AttackerFacts::Paired(_) | AttackerFacts::Exhausted | AttackerFacts::DefenderWins => {
                None
            }
            AttackerFacts::Search {
                moves,
                zone: Some(_),
            } => Some(
                moves
                    .iter()
                    .fold(B::default(), |z, &m| z.with(back[m as usize] as usize)),
            ),
            _ => Some(pos.empty_cells()),
        }
    }

    /// Whether the attacker completes a line within `d` plies from `pos`, where the attacker
    /// moves (`attacker_moves`) or the defender does, whatever the defender does.
    fn node(&mut self, pos: &mut Position<B>, d: u32, attacker_moves: bool) -> bool {
        // The attacker's line comes on its own ply: at least one ply away, or two.
        let soonest = if attacker_moves { 1 } else { 2 };
        if self.tick() || d < soonest || pos.empty_cells().is_empty() {
            return false;
        }
        let (a, o) = (pos.stones(self.attacker), pos.stones(self.attacker.other()));
        let facts = LineFacts::of(self.windows, a, o);
        let (mine, threats) = if attacker_moves {
            (facts.attacker_wins, facts.defender_wins)
        } else {
            (facts.defender_wins, facts.attacker_wins)
        };
        // The mover completes a line now, or the other side does next (one block cannot
        // stop two lines).
        if !mine.is_empty() {
            return attacker_moves;
        }
        if threats.count() >= 2 {
            return !attacker_moves;
        }
        // Two or three plies from the horizon the answer is read off the windows: the
        // attacker's last move completes a line only if the move before it made two cells
        // that do (one is blocked), and no block of the defender's can change that (it
        // stops one cell, and the attacker blocks the defender's four with the move itself).
        if !attacker_moves && d == 2 {
            return false;
        }
        if attacker_moves && d == 3 {
            return makes_two_wins(self.windows, (a, o), threats.lowest(), &mut self.partner);
        }
        let (mover_left, other_left) = (d.div_ceil(2), d / 2);
        let left = if attacker_moves {
            (mover_left, other_left)
        } else {
            (other_left, mover_left)
        };
        if facts.attacker_missing > left.0 {
            return false;
        }
        let (known, first) = self.probe(pos, d);
        if let Some(known) = known {
            return known;
        }
        let start = self.nodes;
        let mut moves = match threats.lowest() {
            Some(block) => vec![block as u16],
            None => self.moves(pos, left, first),
        };
        // Near the horizon the windows in reach prune more cheaply than a pairing search
        // (a 7x7/5 win in 15 plies, tuned on: every node 16.2 s, from 5 plies 13.0 s, from 9
        // 16.0 s, never 20.4 s). Tried again with the pairings within reach, on a win in 21
        // (`mnk solve --threads 1`): from 5 plies 18.0 s (3 is the same: three plies out
        // the windows answer first), from 7 21.2 s.
        if attacker_moves && moves.len() > 1 && d >= KNOWLEDGE_FROM {
            match self.knowledge_of(pos, left.0) {
                Some(zone) => moves.retain(|&m| zone.contains(m as usize)),
                None => {
                    self.store(pos, d, false, None, self.nodes - start);
                    return false;
                }
            }
        }
        // A defender reply off the zone of a line of fours loses to that line: within the
        // horizon when its `f` fours and the last two plies fit in the `d - 1` plies after
        // the reply (2f + 1 <= d - 1).
        if !attacker_moves && moves.len() > 1 && self.knowledge.threat_zones {
            let fours = ((d - 2) / 2).min(MOST_FOURS);
            let threes = &mut self.knowledge.threes;
            if let Some(zone) = threat_zone(pos.geometry(), (a, o), fours, threes) {
                self.stats.threat_zones += 1;
                moves.retain(|&m| zone.contains(m as usize));
            }
        }
        if !attacker_moves
            && moves.len() > 1
            && d > QUICK_PAIRING_ABOVE
            && self.knowledge.quick_steps > 0
        {
            // The windows in reach once, for every reply: a pairing (and the winning cells)
            // leave out the windows through the reply's stone themselves.
            within_reach(self.windows, (a, o), left.0, &mut self.reach);
            let mut cores = Cores::new();
            let steps = self.knowledge.quick_steps;
            for &r in moves.iter().take(self.knowledge.quick_replies) {
                let lines = (self.reach.as_slice(), steps);
                let stats = &mut self.stats;
                if self
                    .knowledge
                    .paired_after((a, o), r as usize, lines, &mut cores, stats)
                {
                    self.store(pos, d, false, Some(r as usize), self.nodes - start);
                    return false;
                }
            }
        }
        // The attacker looks for a move after which it wins, the defender for one after
        // which it does not.
        for &m in moves.iter().take(AHEAD) {
            self.prefetch_after(pos, m);
        }
        for (k, &m) in moves.iter().enumerate() {
            if let Some(&next) = moves.get(k + AHEAD) {
                self.prefetch_after(pos, next);
            }
            pos.play_unchecked(m as usize);
            let wins = self.node(pos, d - 1, !attacker_moves);
            pos.undo_unchecked();
            if self.stopped.is_some() {
                return false;
            }
            if wins == attacker_moves {
                self.store(pos, d, wins, Some(m as usize), self.nodes - start);
                return wins;
            }
        }
        self.store(pos, d, !attacker_moves, None, self.nodes - start);
        !attacker_moves
    }
}

/// What one thread of [`Prover::proven_win_distances`] did.
struct ThreadRun {
    stats: ProofStats,
    /// The positions it measured (indices) and their distances.
    found: Vec<(usize, u32)>,
    stopped: Option<Exhausted>,
}

impl Prover {
    /// In how many plies the side to move in `pos` completes a line against the longest
    /// defence, within `budget`; `None` when it cannot force one. The proof search proves that
    /// a win exists; this measures it, as the solver does, but only over the cells that can
    /// still matter before the line (see [`crate::proof::distance`]).
    pub(crate) fn win_distance<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        budget: &Budget,
    ) -> Result<Option<crate::score::Plies>, SearchError> {
        Ok(self
            .fastest_win(pos, budget, false)?
            .map(|(plies, _)| plies))
    }

    /// [`Prover::win_distance`] and, with `moves`, every move that wins as fast (none
    /// without).
    pub(crate) fn fastest_win<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        budget: &Budget,
        moves: bool,
    ) -> Result<Option<(crate::score::Plies, Vec<usize>)>, SearchError> {
        // The proof search says at once (pairings) where there is no win to measure.
        if !self.can_force_line(pos, pos.to_move(), budget)? {
            return Ok(None);
        }
        let mib = self.config.hash_mib;
        let geo = pos.geometry().clone();
        let knowledge = self.knowledge(&geo);
        let table = TableRef::Own(self.distance.get_or_insert_with(|| Table::new(mib)));
        let mut p = pos.clone();
        let progress = &self.progress;
        let mut search =
            DistanceSearch::new(pos, knowledge, table, pos.to_move(), budget, progress);
        let found = search.win_distance(&mut p, 1).map(|plies| {
            let best = if moves {
                search.fastest_moves(&mut p, plies)
            } else {
                Vec::new()
            };
            (plies, best)
        });
        search.flush();
        let (stats, stopped) = (search.counters(), search.stopped);
        self.stats.add(&stats);
        match stopped {
            Some(why) => Err(SearchError::Stopped(why)),
            None => Ok(found),
        }
    }

    /// The distance of the win of the side to move in each of `positions`, each already
    /// proven won (so the search ends) in at least `at_least` plies, measured on the prover's
    /// threads (as [`ProofConfig::threads`](super::ProofConfig::threads) says for the first
    /// position) sharing one distance table: one per thread at a time, in order. Where the
    /// budget stops them, the positions not measured are `None` and the error says why.
    pub(crate) fn proven_win_distances<B: BitSet>(
        &mut self,
        positions: &[Position<B>],
        at_least: crate::score::Plies,
        budget: &Budget,
    ) -> (Vec<Option<crate::score::Plies>>, Result<(), SearchError>) {
        let Some(first) = positions.first() else {
            return (Vec::new(), Ok(()));
        };
        let threads = self.threads_for(first).clamp(1, positions.len());
        let mib = self.config.hash_mib;
        let geo = first.geometry().clone();
        let next = AtomicUsize::new(0);
        let runs: Vec<ThreadRun> = if threads == 1 {
            // One thread owns the table, which grows as it fills (as `fastest_win`'s).
            let knowledge = self.knowledge(&geo);
            let table = TableRef::Own(self.distance.get_or_insert_with(|| Table::new(mib)));
            let search = DistanceSearch::new(
                first,
                knowledge,
                table,
                first.to_move(),
                budget,
                &self.progress,
            );
            vec![search.measure_each(positions, at_least, &next)]
        } else {
            // A shared table cannot grow: it starts at its bound.
            self.distance
                .get_or_insert_with(|| Table::new(mib))
                .grow_to(mib);
            let never = AtomicBool::new(false);
            let this = &*self;
            let table = this.distance.as_ref().expect("made above");
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|_| {
                        let (geo, next, never) = (&geo, &next, &never);
                        scope.spawn(move || {
                            let search = DistanceSearch::new(
                                first,
                                this.knowledge(geo),
                                TableRef::Shared(table, never),
                                first.to_move(),
                                budget,
                                &this.progress,
                            );
                            search.measure_each(positions, at_least, next)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a distance thread panicked"))
                    .collect()
            })
        };
        let mut plies = vec![None; positions.len()];
        let mut stopped = None;
        for run in runs {
            self.stats.add(&run.stats);
            for (i, p) in run.found {
                plies[i] = Some(p);
            }
            stopped = stopped.or(run.stopped);
        }
        let result = match stopped {
            Some(why) => Err(SearchError::Stopped(why)),
            None => Ok(()),
        };
        (plies, result)
    }
}
