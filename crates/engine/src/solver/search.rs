//! One search thread's negamax: alpha-beta with principal-variation null windows, the shared
//! transposition table, threat-driven move generation and bounds from what is still possible.

use super::tt::Table;
use super::SolverConfig;
use crate::bits::BitSet;
use crate::budget::{Budget, Exhausted};
use crate::position::Position;
use crate::progress::Progress;
use crate::score::{win_score, Bound, Score, INFINITY};
use crate::threats::{scan, ThreatScan};

/// How often (in nodes) a searcher publishes its count and looks at its budget.
const CHECK_INTERVAL: u64 = 4096;

/// The table as a searcher holds it: alone (and so free to grow it) or shared with others.
pub(crate) enum TableRef<'a> {
    Owned(&'a mut Table),
    Shared(&'a Table),
}

impl TableRef<'_> {
    #[inline]
    fn get(&self) -> &Table {
        match self {
            TableRef::Owned(t) => t,
            TableRef::Shared(t) => t,
        }
    }
}

/// Per-thread search state; the table, the budget and the progress are shared.
pub(crate) struct Searcher<'a> {
    pub config: SolverConfig,
    pub table: Option<TableRef<'a>>,
    pub budget: &'a Budget,
    pub progress: &'a Progress,
    pub history: Vec<u32>,
    potential: Vec<u32>,
    pub moves: Vec<Vec<u16>>,
    pub nodes: u64,
    pub table_cutoffs: u64,
    /// Why the search ended early, once its budget ran out.
    pub stopped: Option<Exhausted>,
    unpublished: u64,
}

impl<'a> Searcher<'a> {
    pub fn new(
        config: SolverConfig,
        table: Option<TableRef<'a>>,
        budget: &'a Budget,
        progress: &'a Progress,
        cells: usize,
    ) -> Self {
        Searcher {
            config,
            table,
            budget,
            progress,
            history: vec![0; cells],
            potential: Vec::with_capacity(cells),
            moves: Vec::new(),
            nodes: 0,
            table_cutoffs: 0,
            stopped: None,
            unpublished: 0,
        }
    }

    /// Publishes the node count and looks at the budget.
    fn check_in(&mut self) {
        if let Some(TableRef::Owned(t)) = &mut self.table {
            t.maybe_grow();
        }
        if let Some(t) = &self.table {
            let t = t.get();
            self.progress.set_table(t.used(), t.capacity());
        }
        self.progress.add_nodes(self.unpublished);
        self.unpublished = 0;
        if self.stopped.is_none() {
            self.stopped = self.budget.exhausted(self.nodes);
        }
    }

    /// Seeds the history table differently per helper thread, so that helpers order equal
    /// moves differently from the main thread and from each other.
    pub fn perturb(&mut self, seed: u64) {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for h in &mut self.history {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            *h = (state % 8) as u32;
        }
    }

    /// Publishes whatever is left of the node count.
    pub fn flush(&mut self) {
        self.progress.add_nodes(self.unpublished);
        self.unpublished = 0;
    }
}

impl Searcher<'_> {
    /// The mover's score after playing `cell` from `pos`, exact inside (alpha, beta).
    pub fn score_move<B: BitSet>(
        &mut self,
        pos: &mut Position<B>,
        cell: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        pos.play_unchecked(cell);
        let s = if pos.winner().is_some() {
            win_score(pos.stone_count())
        } else {
            -self.negamax(pos, -beta, -alpha)
        };
        pos.undo_unchecked();
        s
    }

    fn key<B: BitSet>(&self, pos: &Position<B>) -> (u64, usize) {
        if self.config.symmetry {
            pos.canonical_hash()
        } else {
            (pos.hash(), 0)
        }
    }

    /// Negamax alpha-beta, fail-soft; `pos` is unfinished or a full board.
    pub fn negamax<B: BitSet>(
        &mut self,
        pos: &mut Position<B>,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        self.nodes += 1;
        self.unpublished += 1;
        if self.unpublished >= CHECK_INTERVAL {
            self.check_in();
        }
        if self.stopped.is_some() {
            return 0;
        }
        let empty = pos.empty_cells();
        if empty.is_empty() {
            return 0;
        }
        let n = pos.stone_count();
        let threats = if self.config.threats {
            let t = scan(pos, pos.to_move());
            if !t.wins.is_empty() {
                return win_score(n + 1);
            }
            if t.blocks.count() >= 2 {
                return -win_score(n + 2);
            }
            Some(t)
        } else {
            None
        };

        // Bounds from what is still possible: a side needing `need` more stones wins at the
        // earliest with its `need`-th next stone, and not at all if it has fewer moves left.
        let empties = empty.count();
        let (best_possible, worst_possible) = match threats {
            Some(t) => {
                let best = if t.need <= empties.div_ceil(2) {
                    win_score(n + 2 * t.need as usize - 1)
                } else {
                    0
                };
                let worst = if t.opponent_need <= empties / 2 {
                    -win_score(n + 2 * t.opponent_need as usize)
                } else {
                    0
                };
                (best, worst)
            }
            None => (win_score(n + 1), -win_score(n + 2)),
        };
        if best_possible == 0 && worst_possible == 0 {
            return 0;
        }
        if beta > best_possible {
            beta = best_possible;
            if alpha >= beta {
                return beta;
            }
        }
        if alpha < worst_possible {
            alpha = worst_possible;
            if alpha >= beta {
                return alpha;
            }
        }

        let (key, sym) = self.key(pos);
        let mut table_move = None;
        if let Some(table) = &self.table {
            if let Some(e) = table.get().probe(key) {
                if e.bound.settles(e.score, alpha, beta) {
                    self.table_cutoffs += 1;
                    return e.score;
                }
                match e.bound {
                    Bound::Lower => alpha = alpha.max(e.score),
                    Bound::Upper => beta = beta.min(e.score),
                    Bound::Exact => {}
                }
                table_move = e
                    .best
                    .map(|m| pos.geometry().inverses()[sym][m as usize] as usize);
            }
        }

        let ply = n;
        while self.moves.len() <= ply {
            self.moves.push(Vec::with_capacity(pos.rules().cells()));
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        self.generate(pos, empty, threats, table_move, &mut moves);

        let alpha_in = alpha;
        let nodes_before = self.nodes;
        let mut best = -INFINITY;
        let mut best_move = moves[0];
        for (i, &mv) in moves.iter().enumerate() {
            let cell = mv as usize;
            pos.play_unchecked(cell);
            let v = if pos.winner().is_some() {
                win_score(n + 1)
            } else if i == 0 {
                -self.negamax(pos, -beta, -alpha)
            } else {
                // Principal variation search: prove the move no better with a null window.
                let probe = -self.negamax(pos, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.negamax(pos, -beta, -probe)
                } else {
                    probe
                }
            };
            pos.undo_unchecked();
            if v > best {
                best = v;
                best_move = mv;
            }
            if best > alpha {
                alpha = best;
            }
            if alpha >= beta {
                self.history[cell] += (moves.len() - i) as u32;
                break;
            }
        }
        self.moves[ply] = moves;
        if self.stopped.is_some() {
            return 0;
        }

        if let Some(table) = &self.table {
            let bound = Bound::of(best, alpha_in, beta);
            let work = 64 - (self.nodes - nodes_before).leading_zeros() as u8;
            let canonical_move = pos.geometry().symmetries()[sym][best_move as usize];
            table
                .get()
                .store(key, best, bound, Some(canonical_move), work);
        }
        best
    }

    /// The moves to search, best guesses first.
    fn generate<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        empty: B,
        threats: Option<ThreatScan<B>>,
        table_move: Option<usize>,
        out: &mut Vec<u16>,
    ) {
        let Some(t) = threats else {
            out.extend(empty.cells().map(|c| c as u16));
            self.order(pos, out, table_move);
            return;
        };
        if let Some(block) = t.blocks.lowest() {
            out.push(block as u16);
            return;
        }
        out.extend(empty.and(t.live).cells().map(|c| c as u16));
        self.order(pos, out, table_move);
        // Every dead cell is the same as a pass; one of them stands for all.
        if let Some(dead) = empty.and_not(t.live).lowest() {
            out.push(dead as u16);
        }
    }

    /// Sorts moves: table move, then by line potential (each open window through the cell,
    /// weighted by the stones already in it, for attack and defence alike), then history,
    /// then the static centre order.
    fn order<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        moves: &mut [u16],
        table_move: Option<usize>,
    ) {
        let rank = pos.geometry().centre_rank();
        let potential = &mut self.potential;
        potential.clear();
        potential.resize(rank.len(), 0);
        let mine = pos.stones(pos.to_move());
        let theirs = pos.stones(pos.to_move().other());
        let empty = pos.empty_cells();
        for &w in pos.geometry().windows() {
            let (m, t) = (w.and(mine), w.and(theirs));
            let weight = if t.is_empty() {
                4u32 << (2 * m.count())
            } else if m.is_empty() {
                3u32 << (2 * t.count())
            } else {
                continue;
            };
            for c in w.and(empty).cells() {
                potential[c] += weight;
            }
        }
        let history = &self.history;
        let key = |c: u16| {
            let c = c as usize;
            let from_table = (Some(c) == table_move) as u64;
            (from_table << 63)
                | (potential[c].min(0x7FFF_FFFF) as u64) << 32
                | (history[c].min(0xFFFF) as u64) << 16
                | (0xFFFF - rank[c] as u64)
        };
        moves.sort_unstable_by_key(|&c| std::cmp::Reverse(key(c)));
    }
}
