//! The exact solver: negamax alpha-beta with a transposition table keyed by the symmetry-
//! canonical hash, threat-driven move generation (play a win, answer a single threat, a double
//! threat is lost, one "dead" cell stands for all of them), mate-distance bounds, a history
//! heuristic and null-window tests. Scores are exact and distance-aware (see `score`).

pub mod ordering;
pub mod tt;

use crate::bits::BitSet;
use crate::error::SearchError;
use crate::position::Position;
use crate::score::{win_score, Score, Verdict, INFINITY};
use crate::threats::scan;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tt::{Bound, Table};

/// Default table size in MiB.
pub const DEFAULT_HASH_MIB: usize = 256;

/// Largest table accepted, in MiB.
pub const MAX_HASH_MIB: usize = 16 * 1024;

/// Solver switches; the defaults are the fastest, the others exist for tests and teaching.
#[derive(Clone, Copy, Debug)]
pub struct SolverConfig {
    /// Transposition table size in MiB; 0 turns the table off.
    pub hash_mib: usize,
    /// Key the table by the canonical (symmetry-reduced) hash.
    pub symmetry: bool,
    /// Threat logic in move generation (wins, forced blocks, double threats, dead cells).
    pub threats: bool,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            hash_mib: DEFAULT_HASH_MIB,
            symmetry: true,
            threats: true,
        }
    }
}

/// Solver work counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Nodes searched, every call counted.
    pub nodes: u64,
    /// Table probes that settled a node without searching it.
    pub table_cutoffs: u64,
    /// Table slots in use.
    pub table_used: usize,
    /// Table slots in all.
    pub table_capacity: usize,
}

/// The exact value of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The cell played.
    pub cell: usize,
    /// Its value for the side that plays it; plies count from before the move.
    pub verdict: Verdict,
    /// The raw score (absolute-distance encoding).
    pub score: Score,
}

/// The solution of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Value for the side to move.
    pub verdict: Verdict,
    /// The raw score.
    pub score: Score,
    /// Every move that achieves the value, in cell order.
    pub best_moves: Vec<usize>,
}

/// An exact solver with its own table; reuse it across searches of one game to keep what it
/// learnt.
pub struct Solver<B: BitSet> {
    config: SolverConfig,
    table: Option<Table>,
    history: Vec<u32>,
    moves: Vec<Vec<u16>>,
    stats: SolverStats,
    stop: Option<Arc<AtomicBool>>,
    stopped: bool,
    _bits: std::marker::PhantomData<B>,
}

impl<B: BitSet> Solver<B> {
    /// A solver with the given switches.
    pub fn new(config: SolverConfig) -> Self {
        let hash = config.hash_mib.min(MAX_HASH_MIB);
        Solver {
            config,
            table: (hash > 0).then(|| Table::new(hash)),
            history: Vec::new(),
            moves: Vec::new(),
            stats: SolverStats::default(),
            stop: None,
            stopped: false,
            _bits: std::marker::PhantomData,
        }
    }

    /// A solver with a table of exactly `buckets` two-slot buckets (tests of tight memory).
    pub fn with_table_buckets(config: SolverConfig, buckets: usize) -> Self {
        let mut s = Self::new(SolverConfig {
            hash_mib: 0,
            ..config
        });
        s.table = Some(Table::with_buckets(buckets));
        s
    }

    /// A flag another thread may set to stop the search; it then returns `Stopped`.
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// Counters since the solver was made.
    pub fn stats(&self) -> SolverStats {
        let mut s = self.stats;
        if let Some(t) = &self.table {
            s.table_used = t.used();
            s.table_capacity = t.capacity();
        }
        s
    }

    fn check_searchable(pos: &Position<B>) -> Result<(), SearchError> {
        match pos.outcome() {
            Some(outcome) => Err(SearchError::GameOver(outcome.to_string())),
            None => Ok(()),
        }
    }

    /// The exact value of `pos` for the side to move and every best move.
    pub fn solve(&mut self, pos: &Position<B>) -> Result<Solution, SearchError> {
        Self::check_searchable(pos)?;
        let mut pos = pos.clone();
        self.prepare(&pos);
        let score = self.root_value(&mut pos)?;
        let mut best_moves = Vec::new();
        for cell in pos.legal_moves().cells() {
            // The move is best when its child is worth at most -score to the opponent.
            let child = self.child_score(&mut pos, cell, -score, -score + 1)?;
            if -child >= score {
                best_moves.push(cell);
            }
        }
        Ok(Solution {
            verdict: Verdict::from_score(score, pos.stone_count(), true),
            score,
            best_moves,
        })
    }

    /// The exact value of every legal move, for the side that plays it.
    pub fn analyze(&mut self, pos: &Position<B>) -> Result<Vec<MoveValue>, SearchError> {
        Self::check_searchable(pos)?;
        let mut pos = pos.clone();
        self.prepare(&pos);
        let stones = pos.stone_count();
        let mut out = Vec::new();
        for cell in pos.legal_moves().cells() {
            let score = -self.child_score(&mut pos, cell, -INFINITY, INFINITY)?;
            out.push(MoveValue {
                cell,
                verdict: Verdict::from_score(score, stones, true),
                score,
            });
        }
        Ok(out)
    }

    /// The exact score of `pos` for the side to move (no best moves).
    pub fn value(&mut self, pos: &Position<B>) -> Result<Score, SearchError> {
        Self::check_searchable(pos)?;
        let mut pos = pos.clone();
        self.prepare(&pos);
        self.root_value(&mut pos)
    }

    fn prepare(&mut self, pos: &Position<B>) {
        let cells = pos.rules().cells();
        if self.history.len() != cells {
            self.history = vec![0; cells];
        }
        self.stopped = false;
    }

    /// Null-window tests around the draw first (most positions of small boards are draws, and
    /// a proof that is only "at least a draw" is far cheaper than an exact distance), then an
    /// exact search only inside the side that holds the result.
    fn root_value(&mut self, pos: &mut Position<B>) -> Result<Score, SearchError> {
        let v = self.negamax(pos, -1, 1);
        let v = if v >= 1 {
            self.negamax(pos, 0, INFINITY)
        } else if v <= -1 {
            self.negamax(pos, -INFINITY, 0)
        } else {
            v
        };
        if self.stopped {
            return Err(SearchError::Stopped);
        }
        Ok(v)
    }

    /// The child's score (for the opponent) after `cell`, searched in (alpha, beta).
    fn child_score(
        &mut self,
        pos: &mut Position<B>,
        cell: usize,
        alpha: Score,
        beta: Score,
    ) -> Result<Score, SearchError> {
        pos.play_unchecked(cell);
        let s = if pos.winner().is_some() {
            -win_score(pos.stone_count())
        } else {
            self.negamax(pos, alpha, beta)
        };
        pos.undo_unchecked();
        if self.stopped {
            return Err(SearchError::Stopped);
        }
        Ok(s)
    }

    fn key(&self, pos: &Position<B>) -> (u64, usize) {
        if self.config.symmetry {
            pos.canonical_hash()
        } else {
            (pos.hash(), 0)
        }
    }

    /// Negamax alpha-beta, fail-soft; `pos` is unfinished or a full board.
    fn negamax(&mut self, pos: &mut Position<B>, mut alpha: Score, mut beta: Score) -> Score {
        self.stats.nodes += 1;
        if self.stats.nodes & 0xFFF == 0 {
            if let Some(flag) = &self.stop {
                if flag.load(Ordering::Relaxed) {
                    self.stopped = true;
                }
            }
        }
        if self.stopped {
            return 0;
        }
        let empty = pos.empty_cells();
        if empty.is_empty() {
            return 0;
        }
        let n = pos.stone_count();
        let me = pos.to_move();
        let threats = if self.config.threats {
            let t = scan(pos, me);
            if !t.wins.is_empty() {
                return win_score(n + 1);
            }
            if t.live.is_empty() {
                return 0;
            }
            if t.blocks.count() >= 2 {
                return -win_score(n + 2);
            }
            Some(t)
        } else {
            None
        };

        // Nobody can do better than winning with the next own stone or lose before the
        // opponent's next one.
        let best_possible = win_score(n + 1 + threats.is_some() as usize * 2);
        let worst_possible = -win_score(n + 2);
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
            if let Some(e) = table.probe(key) {
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if usable {
                    self.stats.table_cutoffs += 1;
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
        let nodes_before = self.stats.nodes;
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
        if self.stopped {
            return 0;
        }

        if let Some(table) = &mut self.table {
            let bound = if best <= alpha_in {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let work = 64 - (self.stats.nodes - nodes_before).leading_zeros() as u8;
            let canonical_move = pos.geometry().symmetries()[sym][best_move as usize];
            table.store(key, best, bound, Some(canonical_move), work);
        }
        best
    }

    /// The moves to search, best guesses first.
    fn generate(
        &self,
        pos: &Position<B>,
        empty: B,
        threats: Option<crate::threats::ThreatScan<B>>,
        table_move: Option<usize>,
        out: &mut Vec<u16>,
    ) {
        let Some(t) = threats else {
            let start = out.len();
            out.extend(empty.cells().map(|c| c as u16));
            self.order(pos, &mut out[start..], table_move);
            return;
        };
        if let Some(block) = t.blocks.lowest() {
            out.push(block as u16);
            return;
        }
        let live = empty.and(t.live);
        out.extend(live.cells().map(|c| c as u16));
        self.order(pos, out, table_move);
        // Every dead cell is the same as a pass; one of them stands for all.
        if let Some(dead) = empty.and_not(t.live).lowest() {
            out.push(dead as u16);
        }
    }

    /// Sorts moves: table move, then by history, then the static centre order.
    fn order(&self, pos: &Position<B>, moves: &mut [u16], table_move: Option<usize>) {
        let rank = pos.geometry().centre_rank();
        let key = |c: u16| {
            let tm = (Some(c as usize) == table_move) as u64;
            (tm << 63)
                | (self.history[c as usize] as u64) << 16
                | (0xFFFF - rank[c as usize] as u64)
        };
        moves.sort_unstable_by_key(|&c| std::cmp::Reverse(key(c)));
    }
}

#[cfg(test)]
mod tests;
