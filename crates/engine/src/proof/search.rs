//! The AND/OR search: "can the attacker force a line from here?", depth first, every settled
//! node kept in the solver's bounded table (keyed by the symmetry-canonical hash and the
//! attacker). Attacker nodes are OR nodes (one winning move proves them), defender nodes AND
//! nodes (one holding reply disproves them); the node facts of `knowledge` end most branches
//! before any move is searched.

use super::knowledge::{AttackerFacts, Cores, DefenderFacts, Knowledge};
use super::ProofStats;
use crate::bits::BitSet;
use crate::budget::{Budget, Exhausted};
use crate::position::Position;
use crate::progress::Progress;
use crate::score::Bound;
use crate::side::Side;
use crate::solver::tt::Table;
use std::sync::atomic::{AtomicBool, Ordering};

/// How often (in nodes) the search publishes its counters and looks at its budget.
const CHECK_INTERVAL: u64 = 1024;

/// How many moves ahead of the one it searches a node starts the table look-ups (see
/// [`Search::prefetch_after`]).
pub(super) const AHEAD: usize = 4;

/// Keys of the two questions differ: "can x force a line" and "can o" are other facts.
const ATTACKER_SALT: [u64; 2] = [0, 0x5bd1_e995_7f4a_7c15];

/// Table scores: the attacker wins, or it does not.
const PROVEN: i32 = 1;
const DISPROVEN: i32 = -1;

/// The table a search keeps its results in: its own, which it grows while it fills, or one
/// shared with other searches running at the same time, which none of them may grow.
pub(crate) enum TableRef<'a> {
    Own(&'a mut Table),
    /// Shared; the flag asks every search to stop when the table should grow (their caller
    /// grows it between rounds).
    Shared(&'a Table, &'a AtomicBool),
}

impl std::ops::Deref for TableRef<'_> {
    type Target = Table;
    fn deref(&self) -> &Table {
        match self {
            TableRef::Own(t) => t,
            TableRef::Shared(t, _) => t,
        }
    }
}

/// One search's state; the table outlives it (it belongs to the caller).
pub(crate) struct Search<'a, B: BitSet> {
    pub knowledge: Knowledge<'a, B>,
    pub table: TableRef<'a>,
    pub attacker: Side,
    pub budget: &'a Budget,
    pub progress: &'a Progress,
    pub stats: &'a mut ProofStats,
    /// Why the search ended early, once its budget ran out.
    pub stopped: Option<Exhausted>,
    /// Stones at the node whose moves are reported as root moves settled.
    pub root_stones: Option<usize>,
    /// Set by another search to stop this one (its answer is then not needed).
    pub halt: Option<&'a AtomicBool>,
    /// Set when the job this search helps with is done.
    pub halt_job: Option<&'a AtomicBool>,
    /// Attacker nodes with fewer stones than this try their moves last first: a helper
    /// thread that works on the same subtree as another thread starts at the other end of
    /// the moves that must all be refuted, and the shared table joins their work.
    pub reverse_below: usize,
    /// The table grows once one slot in this many is used (see `ProofConfig`).
    pub grow_at_one_in: usize,
    unpublished: u64,
    /// Stop once `stats.nodes` reaches this (a share of work given to one job), setting
    /// `capped`.
    pub cap: Option<u64>,
    /// Whether the search stopped at `cap`.
    pub capped: bool,
    /// Replies the next defender node tries first (see [`Search::hints`]).
    pub hint: [Option<u16>; 3],
}

impl<'a, B: BitSet> Search<'a, B> {
    pub fn new(
        knowledge: Knowledge<'a, B>,
        table: TableRef<'a>,
        attacker: Side,
        budget: &'a Budget,
        progress: &'a Progress,
        stats: &'a mut ProofStats,
    ) -> Self {
        Search {
            knowledge,
            table,
            attacker,
            budget,
            progress,
            stats,
            stopped: None,
            root_stones: None,
            halt: None,
            halt_job: None,
            reverse_below: 0,
            grow_at_one_in: super::GROW_FOR_PROOF,
            unpublished: 0,
            cap: None,
            capped: false,
            hint: [None; 3],
        }
    }

    /// Publishes the counters that are left.
    pub fn flush(&mut self) {
        self.progress.add_nodes(self.unpublished);
        self.unpublished = 0;
        self.progress
            .set_table(self.table.used(), self.table.capacity());
    }

    fn tick(&mut self) {
        self.stats.nodes += 1;
        self.unpublished += 1;
        if self.unpublished >= CHECK_INTERVAL {
            // Settled positions are the proof: the table grows early (within its bound), so
            // that few are lost to collisions and a certificate rarely searches again.
            if self.table.used() * self.grow_at_one_in >= self.table.capacity()
                && self.table.can_grow()
            {
                match &mut self.table {
                    TableRef::Own(t) => {
                        let mib = (t.bytes() * 2).div_ceil(1 << 20);
                        t.grow_to(mib);
                    }
                    TableRef::Shared(_, grow) => grow.store(true, Ordering::Relaxed),
                }
            }
            self.flush();
            if self.stopped.is_none() {
                self.stopped = self.budget.exhausted(self.stats.nodes);
            }
            let grow = matches!(&self.table, TableRef::Shared(_, g) if g.load(Ordering::Relaxed));
            let halted = [self.halt, self.halt_job]
                .iter()
                .any(|h| h.is_some_and(|h| h.load(Ordering::Relaxed)));
            if self.stopped.is_none() && (grow || halted) {
                self.stopped = Some(Exhausted::Stopped);
            }
            if self.stopped.is_none() && self.cap.is_some_and(|c| self.stats.nodes >= c) {
                self.stopped = Some(Exhausted::Stopped);
                self.capped = true;
            }
        }
    }

    fn key(&self, pos: &Position<B>) -> (u64, usize) {
        let (h, sym) = pos.canonical_hash();
        (h ^ ATTACKER_SALT[self.attacker.index()], sym)
    }

    /// Starts the table look-ups of the positions after `moves` (of the side to move in
    /// `pos`), which the node is about to make: the buckets load side by side, not one miss
    /// after another (a probe is mostly a wait on memory).
    fn prefetch_after(&self, pos: &Position<B>, moves: &[u16]) {
        let salt = ATTACKER_SALT[self.attacker.index()];
        for &m in moves {
            self.table
                .prefetch(pos.canonical_hash_after(m as usize) ^ salt);
        }
    }

    /// The settled value of `pos` if the table has it, and its stored move (board frame).
    pub fn probe(&self, pos: &Position<B>) -> (Option<bool>, Option<usize>) {
        let (key, sym) = self.key(pos);
        match self.table.probe(key) {
            Some(e) => (
                Some(e.score == PROVEN),
                e.best
                    .map(|m| pos.geometry().inverses()[sym][m as usize] as usize),
            ),
            None => (None, None),
        }
    }

    pub fn store(&mut self, pos: &Position<B>, wins: bool, best: Option<usize>, work: u64) {
        if self.stopped.is_some() {
            return;
        }
        let (key, sym) = self.key(pos);
        let best = best.map(|m| pos.geometry().symmetries()[sym][m]);
        let work = 64 - work.leading_zeros() as u8;
        let score = if wins { PROVEN } else { DISPROVEN };
        self.table.store(key, score, Bound::Exact, best, work);
    }

    /// The attacker's and the defender's stones in the canonical orientation, and the
    /// symmetry that gives it.
    fn canonical_stones(&self, pos: &Position<B>) -> ((B, B), usize) {
        let sym = pos.canonical_hash().1;
        let geo = pos.geometry();
        let a = geo.transform(sym, pos.stones(self.attacker));
        let d = geo.transform(sym, pos.stones(self.attacker.other()));
        ((a, d), sym)
    }

    /// The table move of `pos` in the canonical frame.
    fn canonical_table_move(&self, pos: &Position<B>) -> Option<usize> {
        let (key, _) = self.key(pos);
        self.table
            .probe(key)
            .and_then(|e| e.best)
            .map(|m| m as usize)
    }

    /// The facts of an attacker node, in the board's frame.
    pub fn attacker_facts(&mut self, pos: &Position<B>) -> AttackerFacts {
        let (stones, sym) = self.canonical_stones(pos);
        let table_move = self.canonical_table_move(pos);
        let facts = self.knowledge.attacker(stones, table_move, self.stats);
        let back = &pos.geometry().inverses()[sym];
        let cell = |c: usize| back[c] as usize;
        let pairs = |p: Vec<super::pairing::Pair>| -> Vec<super::pairing::Pair> {
            p.into_iter()
                .map(|(x, y)| (back[x as usize], back[y as usize]))
                .collect()
        };
        match facts {
            AttackerFacts::WinsAt(c) => AttackerFacts::WinsAt(cell(c)),
            AttackerFacts::MustBlock(c) => AttackerFacts::MustBlock(cell(c)),
            AttackerFacts::Paired(p) => AttackerFacts::Paired(pairs(p)),
            AttackerFacts::Search { moves, zone } => AttackerFacts::Search {
                moves: moves.into_iter().map(|m| back[m as usize]).collect(),
                zone: zone.map(|(r, p)| (cell(r), pairs(p))),
            },
            other => other,
        }
    }

    /// The facts of a defender node, in the board's frame.
    pub fn defender_facts(&mut self, pos: &Position<B>) -> DefenderFacts {
        let (stones, sym) = self.canonical_stones(pos);
        let table_move = self.canonical_table_move(pos);
        let back = &pos.geometry().inverses()[sym];
        match self.knowledge.defender(stones, table_move, self.stats) {
            DefenderFacts::DefenderWinsAt(c) => DefenderFacts::DefenderWinsAt(back[c] as usize),
            DefenderFacts::Search { moves } => DefenderFacts::Search {
                moves: moves.into_iter().map(|m| back[m as usize]).collect(),
            },
            other => other,
        }
    }

    /// Whether a pairing covers every live attacker line of `pos` (attacker to move, after
    /// the defender's reply `reply`) at once, found within the quick look-ahead's steps;
    /// `cores` are what the look-ups after the node's other replies showed (see [`Cores`]).
    pub fn quickly_paired(
        &mut self,
        pos: &Position<B>,
        reply: usize,
        cores: &mut Cores<B>,
    ) -> bool {
        if cores.rule_out(reply) {
            return false;
        }
        let (stones, sym) = self.canonical_stones(pos);
        let windows = pos.geometry().windows();
        let steps = self.knowledge.quick_steps;
        let (found, core) = self.knowledge.pairing(stones, (windows, steps), self.stats);
        if let Some(core) = core {
            let back = &pos.geometry().inverses()[sym];
            cores.add(
                core.cells()
                    .fold(B::default(), |s, c| s.with(back[c] as usize)),
            );
        }
        found
    }

    /// Counts a node and settles it at once when the search is stopped, the board is full
    /// (the attacker has failed) or the table knows it.
    fn enter(&mut self, pos: &Position<B>) -> Option<bool> {
        self.tick();
        if self.stopped.is_some() || pos.empty_cells().is_empty() {
            return Some(false);
        }
        let known = self.probe(pos).0;
        if known.is_some() {
            self.stats.table_hits += 1;
        }
        known
    }

    /// Whether the attacker, to move in `pos`, can force a line. Meaningless once stopped.
    pub fn attacker_node(&mut self, pos: &mut Position<B>) -> bool {
        if let Some(known) = self.enter(pos) {
            return known;
        }
        let start = self.stats.nodes;
        let facts = self.attacker_facts(pos);
        let (moves, zone) = match facts {
            AttackerFacts::WinsAt(_) => return true,
            AttackerFacts::DefenderWins | AttackerFacts::Exhausted => return false,
            AttackerFacts::Paired(_) => {
                self.store(pos, false, None, 1);
                return false;
            }
            AttackerFacts::MustBlock(cell) => (vec![cell as u16], None),
            AttackerFacts::Search { moves, zone } => (moves, zone),
        };
        let at_root = self.root_stones == Some(pos.stone_count());
        let mut seen: Vec<u64> = Vec::with_capacity(moves.len());
        let reverse = pos.stone_count() < self.reverse_below;
        let nth = |k: usize| moves[if reverse { moves.len() - 1 - k } else { k }];
        for k in 0..moves.len().min(AHEAD) {
            self.prefetch_after(pos, &[nth(k)]);
        }
        // The reply that held after the last move refuted, tried early after the next.
        let mut killer: Option<u16> = None;
        for k in 0..moves.len() {
            if k + AHEAD < moves.len() {
                self.prefetch_after(pos, &[nth(k + AHEAD)]);
            }
            let m = nth(k) as usize;
            pos.play_unchecked(m);
            let child = pos.canonical_hash().0;
            let wins = if seen.contains(&child) {
                false
            } else {
                seen.push(child);
                pos.winner().is_some() || {
                    let (wins, held) = self.defend_after(pos, zone.as_ref(), killer, m);
                    if !wins {
                        killer = held;
                    }
                    wins
                }
            };
            pos.undo_unchecked();
            if self.stopped.is_some() {
                return false;
            }
            if at_root {
                // Not winning is not yet "at least a draw": the other side may still win.
                self.progress.settle(1, false, wins);
            }
            if wins {
                self.store(pos, true, Some(m), self.stats.nodes - start);
                return true;
            }
        }
        if at_root {
            // Moves outside the relevance zone were refuted with it.
            let rest = pos.empty_cells().count() as usize - moves.len();
            self.progress.settle(rest, false, false);
        }
        self.store(pos, false, None, self.stats.nodes - start);
        false
    }

    /// The defender's node after the attacker's move `m` (played in `pos`), its hinted
    /// replies first (see [`hints`]): whether the attacker wins there and, when it does not,
    /// the reply that held, which the next attacker move's defender tries early.
    pub fn defend_after(
        &mut self,
        pos: &mut Position<B>,
        zone: Option<&(usize, Vec<super::pairing::Pair>)>,
        killer: Option<u16>,
        m: usize,
    ) -> (bool, Option<u16>) {
        self.hint = hints(zone, killer, m);
        let wins = self.defender_node(pos);
        if wins || self.stopped.is_some() {
            return (wins, None);
        }
        // The table's entry for this node names the reply that held (a canonical-key look-up,
        // so only for the nodes that held).
        let held = match self.probe(pos) {
            (Some(false), Some(r)) => Some(r as u16),
            _ => None,
        };
        (false, held)
    }

    /// Whether the attacker wins whatever the defender, to move in `pos`, does.
    pub fn defender_node(&mut self, pos: &mut Position<B>) -> bool {
        let hint = std::mem::take(&mut self.hint);
        if let Some(known) = self.enter(pos) {
            return known;
        }
        let start = self.stats.nodes;
        let mut moves = match self.defender_facts(pos) {
            DefenderFacts::DefenderWinsAt(_) | DefenderFacts::Exhausted => return false,
            DefenderFacts::AttackerWins => return true,
            DefenderFacts::Search { moves } => moves,
        };
        // The hinted replies first (ahead of the table's move too: a node the table knows is
        // settled on entry, so its move rarely matters here).
        for h in hint.iter().rev().flatten() {
            if let Some(i) = moves.iter().position(|m| m == h) {
                moves[..=i].rotate_right(1);
            }
        }
        // A reply after which the table already knows that the attacker fails, or after which
        // a pairing exists at once, ends the node without a deeper search.
        if moves.len() > 1 && self.knowledge.quick_steps > 0 {
            let mut cores = Cores::new();
            self.prefetch_after(pos, &moves[..moves.len().min(self.knowledge.quick_replies)]);
            for &r in moves.iter().take(self.knowledge.quick_replies) {
                pos.play_unchecked(r as usize);
                let quick = pos.winner().is_some()
                    || self.probe(pos).0 == Some(false)
                    || self.quickly_paired(pos, r as usize, &mut cores);
                pos.undo_unchecked();
                if quick {
                    self.store(pos, false, Some(r as usize), 1);
                    return false;
                }
            }
        }
        let mut seen: Vec<u64> = Vec::with_capacity(moves.len());
        for &r in &moves {
            let r = r as usize;
            pos.play_unchecked(r);
            let child = pos.canonical_hash().0;
            let holds = if seen.contains(&child) {
                false
            } else {
                seen.push(child);
                pos.winner().is_some() || !self.attacker_node(pos)
            };
            pos.undo_unchecked();
            if self.stopped.is_some() {
                return false;
            }
            if holds {
                self.store(pos, false, Some(r), self.stats.nodes - start);
                return false;
            }
        }
        self.store(pos, true, None, self.stats.nodes - start);
        true
    }
}

/// The replies the defender tries first after the attacker's move `m`, best first: with a
/// relevance zone (the free reply `r` and its pairing, which refuted every move outside it),
/// `r` itself and the partner of `m` in the pairing; then the `killer`, the reply that held
/// after the attacker's previous move here. Measured on 7x7/5 (one thread): the zone's
/// replies alone took the proof from 665 k nodes to 530 k; the killer, which finds the one
/// reply that holds against most first moves, to 6.4 k.
fn hints(
    zone: Option<&(usize, Vec<super::pairing::Pair>)>,
    killer: Option<u16>,
    m: usize,
) -> [Option<u16>; 3] {
    let [r, partner] = zone.map_or([None; 2], |(r, pairs)| {
        let partner = pairs.iter().find_map(|&(x, y)| match m {
            _ if x as usize == m => Some(y),
            _ if y as usize == m => Some(x),
            _ => None,
        });
        [(*r != m).then_some(*r as u16), partner]
    });
    [r, partner, killer.filter(|&k| k as usize != m)]
}
