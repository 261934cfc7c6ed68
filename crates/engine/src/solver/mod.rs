//! The exact solver: negamax alpha-beta with a transposition table keyed by the symmetry-
//! canonical hash, threat-driven move generation (play a win, answer a single threat, a double
//! threat is lost, one "dead" cell stands for all of them), mate-distance bounds, a history
//! heuristic and null-window tests. Scores are exact and distance-aware (see `score`).
//!
//! The root is searched one symmetry class of moves at a time: first a null-window test
//! around the draw classifies each class as win, draw or loss for the mover (cheap, and what a
//! stopped search can report), then exact distances only where they decide. With more than
//! one thread, helper threads search the same root with other move orders to fill the shared
//! table (Lazy SMP); the results come from the main thread alone.

pub mod ordering;

mod search;
pub mod tt;

use crate::bits::BitSet;
use crate::budget::{Budget, Exhausted};
use crate::error::SearchError;
use crate::position::Position;
use crate::progress::Progress;
use crate::score::{Score, Verdict, INFINITY};
use search::{Searcher, TableRef};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicI32};
use std::sync::Arc;
use tt::Table;

/// Default table size in MiB.
///
/// ```
/// use mnk_engine::{SolverConfig, DEFAULT_HASH_MIB};
///
/// assert_eq!(SolverConfig::default().hash_mib, DEFAULT_HASH_MIB);
/// ```
pub const DEFAULT_HASH_MIB: usize = 256;

/// Largest table accepted, in MiB.
///
/// ```
/// use mnk_engine::{SolverConfig, DEFAULT_HASH_MIB, MAX_HASH_MIB};
///
/// // A front end bounds the table a user asks for.
/// let asked = 1 << 20;
/// let config = SolverConfig { hash_mib: asked.min(MAX_HASH_MIB), ..SolverConfig::default() };
/// assert!(config.hash_mib <= MAX_HASH_MIB && DEFAULT_HASH_MIB <= MAX_HASH_MIB);
/// ```
pub const MAX_HASH_MIB: usize = 16 * 1024;

/// Solver switches; the defaults are the fastest, the others exist for tests and teaching.
///
/// ```
/// use mnk_engine::{exact, Algorithm, Board, Go, Rules, SolverConfig};
///
/// // One thread and a small table: repeatable counters.
/// let config = SolverConfig { hash_mib: 16, threads: 1, ..SolverConfig::default() };
/// let board = Board::new(Rules::new(4, 3, Some(3)).unwrap());
/// let report = exact::solve(&board, Algorithm::Solver, config, &Go::default()).unwrap();
/// assert!(report.verdict.plies().is_some());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SolverConfig {
    /// Transposition table size in MiB; 0 turns the table off. This is the size a search
    /// made from this config uses when its call names none: a [`crate::Go`] with a table size
    /// ([`crate::Go::with_table_mib`]) replaces it for that call ([`crate::exact::solve`],
    /// [`crate::exact::solve_moves`], [`crate::exact::report_proof`]).
    pub hash_mib: usize,
    /// Key the table by the canonical (symmetry-reduced) hash.
    pub symmetry: bool,
    /// Threat logic in move generation (wins, forced blocks, double threats, dead cells).
    pub threats: bool,
    /// Search threads; 0 picks one for small problems and every core for large ones.
    pub threads: usize,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            hash_mib: DEFAULT_HASH_MIB,
            symmetry: true,
            threats: true,
            threads: 0,
        }
    }
}

/// Solver work counters.
///
/// ```
/// use mnk_engine::{exact, Board, Go, Rules, SolverConfig};
///
/// let board = Board::new(Rules::tic_tac_toe());
/// let (_, stats) = exact::solve_moves(&board, SolverConfig::default(), &Go::default()).unwrap();
/// assert!(stats.nodes > 0 && stats.table_used <= stats.table_capacity);
/// ```
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
///
/// ```
/// use mnk_engine::{exact, Board, Go, Rules, SolverConfig, Verdict};
///
/// // x to move: c3 completes the top row, every other move lets o win or draw at best.
/// let board = Board::from_text(Rules::tic_tac_toe(), "xx./oo./...").unwrap();
/// let (moves, _) = exact::solve_moves(&board, SolverConfig::default(), &Go::default()).unwrap();
/// let c3 = moves.iter().find(|m| board.cell_name(m.cell) == "c3").unwrap();
/// assert_eq!(c3.verdict, Verdict::Win(1));
/// ```
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

/// Empty cells from which a solve uses every core by default: below it a solve takes a
/// fraction of a second on one thread and helper threads cost more than they save (measured:
/// 5x4/4 0.22 s alone, 0.25 s with two threads; 6x4/4 2.3 s alone, 1.6 s with two).
const PARALLEL_FROM_EMPTY: usize = 22;

/// The table size (MiB, within `--hash`) a parallel solve starts with; it grows between root
/// classes.
const PARALLEL_START_MIB: usize = 16;

/// What the root search is for: every move's exact value, or the best moves (with what a
/// proof already decided, if anything).
#[derive(Clone, Copy, Debug)]
enum Root {
    /// Every move exactly.
    Analyze,
    /// The best moves; `Some(true)`: the side to move is proven to win, `Some(false)`: to lose.
    Solve(Option<bool>),
}

/// A root move class: moves that lead to symmetric positions.
struct Class {
    cells: Vec<usize>,
}

/// An exact solver with its own table; reuse it across searches of one game to keep what it
/// learnt.
pub struct Solver<B: BitSet> {
    config: SolverConfig,
    table: Option<Table>,
    progress: Arc<Progress>,
    /// The budget of the public search in progress (each one is handed its own).
    budget: Budget,
    stats: SolverStats,
    _bits: std::marker::PhantomData<B>,
}

impl<B: BitSet> Solver<B> {
    /// A solver with the given switches.
    pub fn new(config: SolverConfig) -> Self {
        let hash = config.hash_mib.min(MAX_HASH_MIB);
        Solver {
            config,
            table: (hash > 0).then(|| Table::new(hash)),
            progress: Arc::new(Progress::default()),
            budget: Budget::unlimited(),
            stats: SolverStats::default(),
            _bits: std::marker::PhantomData,
        }
    }

    /// A solver with a table of exactly `buckets` two-slot buckets (tests of tight memory).
    #[cfg(any(test, feature = "internals"))]
    pub fn with_table_buckets(config: SolverConfig, buckets: usize) -> Self {
        let mut s = Self::new(SolverConfig {
            hash_mib: 0,
            ..config
        });
        s.table = Some(Table::with_buckets(buckets));
        s
    }

    /// Search threads of the next searches (0: one for small problems, every core for large
    /// ones). One thread makes a search under a node limit repeat exactly: with helpers, the
    /// nodes a proof takes depend on what they put in the table first.
    pub fn set_threads(&mut self, threads: usize) {
        self.config.threads = threads;
    }

    /// Makes the solver publish its counters into `progress`.
    pub fn set_progress(&mut self, progress: Arc<Progress>) {
        self.progress = progress;
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
        // Its threat pruning and tables assume that K or more wins.
        if pos.rules().rule() != crate::rules::Rule::Freestyle {
            return Err(SearchError::ExactKUnsupported {
                what: "the exact solver",
            });
        }
        Ok(pos.unfinished()?)
    }

    /// The exact value of `pos` for the side to move and every best move, within `budget`
    /// (a stop flag, nodes, a deadline): a search that runs out of it returns
    /// [`SearchError::Stopped`] with the reason, and the table stays valid.
    pub fn solve(&mut self, pos: &Position<B>, budget: &Budget) -> Result<Solution, SearchError> {
        self.solve_decided(pos, budget, None)
    }

    /// [`Solver::solve`] of a position another search has already decided: `Some(true)` when
    /// the side to move is proven to win, `Some(false)` when it is proven to lose. The solver
    /// then skips proving that again and only measures the distance and the best moves. A
    /// wrong hint shows (no move wins, or one does not lose) and costs a plain solve, never a
    /// wrong answer.
    pub fn solve_decided(
        &mut self,
        pos: &Position<B>,
        budget: &Budget,
        decided: Option<bool>,
    ) -> Result<Solution, SearchError> {
        let solution = self.solve_root(pos, budget, decided)?;
        let contradicted = match decided {
            Some(true) => solution.score <= 0,
            Some(false) => solution.score >= 0,
            None => false,
        };
        if contradicted {
            return self.solve_root(pos, budget, None);
        }
        Ok(solution)
    }

    fn solve_root(
        &mut self,
        pos: &Position<B>,
        budget: &Budget,
        decided: Option<bool>,
    ) -> Result<Solution, SearchError> {
        self.budget = budget.clone();
        let scored = self.root(pos, Root::Solve(decided))?;
        let score = scored
            .iter()
            .map(|&(_, s)| s)
            .max()
            .expect("an unfinished game has moves");
        let mut best_moves: Vec<usize> = scored
            .iter()
            .filter(|&&(_, s)| s == score)
            .map(|&(c, _)| c)
            .collect();
        best_moves.sort_unstable();
        Ok(Solution {
            verdict: Verdict::from_score(score, pos.stone_count(), true),
            score,
            best_moves,
        })
    }

    /// The exact value of every legal move, for the side that plays it, in cell order, within
    /// `budget` (as [`Solver::solve`]).
    pub fn solve_moves(
        &mut self,
        pos: &Position<B>,
        budget: &Budget,
    ) -> Result<Vec<MoveValue>, SearchError> {
        self.budget = budget.clone();
        let stones = pos.stone_count();
        let mut out: Vec<MoveValue> = self
            .root(pos, Root::Analyze)?
            .into_iter()
            .map(|(cell, score)| MoveValue {
                cell,
                verdict: Verdict::from_score(score, stones, true),
                score,
            })
            .collect();
        out.sort_unstable_by_key(|m| m.cell);
        Ok(out)
    }

    /// Groups the legal moves by the symmetry class of the position they lead to.
    fn classes(&self, pos: &Position<B>) -> Vec<Class> {
        let mut pos = pos.clone();
        let mut seen: Vec<(u64, usize)> = Vec::new();
        let mut classes: Vec<Class> = Vec::new();
        for cell in pos.legal_moves().cells() {
            let key = if self.config.symmetry {
                pos.play_unchecked(cell);
                let k = pos.canonical_hash().0;
                pos.undo_unchecked();
                Some(k)
            } else {
                None
            };
            match key.and_then(|k| seen.iter().find(|(s, _)| *s == k)) {
                Some(&(_, i)) => classes[i].cells.push(cell),
                None => {
                    if let Some(k) = key {
                        seen.push((k, classes.len()));
                    }
                    classes.push(Class { cells: vec![cell] });
                }
            }
        }
        // Likely best moves first: they make the table most useful to the others.
        let rank = pos.geometry().centre_rank();
        classes.sort_by_key(|c| rank[c.cells[0]]);
        classes
    }

    /// Scores every root move (mover's view): exact for every move when `every_move`, else
    /// exact for the best moves and a bound that proves the others worse.
    fn root(&mut self, pos: &Position<B>, root: Root) -> Result<Vec<(usize, Score)>, SearchError> {
        Self::check_searchable(pos)?;
        let classes = self.classes(pos);
        self.progress
            .start_root(classes.iter().map(|c| c.cells.len()).sum());
        let empties = pos.empty_cells().count() as usize;
        let threads = match self.config.threads {
            0 if empties >= PARALLEL_FROM_EMPTY => {
                std::thread::available_parallelism().map_or(1, |n| n.get())
            }
            0 => 1,
            n => n,
        };
        match root {
            Root::Analyze => self.solve_move_classes(pos, &classes, threads),
            Root::Solve(decided) => self.solve_classes(pos, &classes, threads, decided),
        }
    }

    /// Every class exactly: win, draw or loss first (a null window either side of the draw),
    /// then the distance of each win and loss.
    fn solve_move_classes(
        &mut self,
        pos: &Position<B>,
        classes: &[Class],
        threads: usize,
    ) -> Result<Vec<(usize, Score)>, SearchError> {
        let progress = self.progress.clone();
        let scores = self.run(pos, classes, threads, |searcher, pos, i| {
            let cell = classes[i].cells[0];
            let s = searcher.score_move(pos, cell, -1, 1);
            if searcher.stopped.is_none() {
                progress.settle(classes[i].cells.len(), s >= 0, s > 0);
            }
            match s.signum() {
                1 => searcher.score_move(pos, cell, 0, INFINITY),
                -1 => searcher.score_move(pos, cell, -INFINITY, 0),
                _ => s,
            }
        })?;
        Ok(Self::spread(classes, &scores))
    }

    /// The best classes exactly and bounds that prove the others worse. Once a win is known,
    /// another class only has to be shown not to win as fast, which the distance bounds make
    /// cheap; losses are ranked only when nothing better exists. A root `decided` by a proof
    /// starts from what it proved: a win as if one were known already (the first class is
    /// searched for its distance at once), a loss at the ranking of the losses.
    fn solve_classes(
        &mut self,
        pos: &Position<B>,
        classes: &[Class],
        threads: usize,
        decided: Option<bool>,
    ) -> Result<Vec<(usize, Score)>, SearchError> {
        // A proven win: every class is searched above 0, so the first winning one gets its
        // exact distance at once and the others fail low cheaply.
        let best = AtomicI32::new(if decided == Some(true) { 1 } else { -INFINITY });
        let progress = self.progress.clone();
        let first = if decided == Some(false) {
            vec![-1; classes.len()]
        } else {
            self.run(pos, classes, threads, |searcher, pos, i| {
                let cell = classes[i].cells[0];
                let size = classes[i].cells.len();
                let known = best.load(Relaxed);
                if known > 0 {
                    let s = searcher.score_move(pos, cell, known - 1, INFINITY);
                    if searcher.stopped.is_none() {
                        progress.settle(size, s >= known, s >= known);
                        best.fetch_max(s, Relaxed);
                    }
                    return s;
                }
                let s = searcher.score_move(pos, cell, -1, 1);
                if searcher.stopped.is_some() {
                    return s;
                }
                progress.settle(size, s >= 0, s > 0);
                let s = if s > 0 {
                    let floor = best.load(Relaxed).max(1) - 1;
                    searcher.score_move(pos, cell, floor, INFINITY)
                } else {
                    s
                };
                best.fetch_max(s, Relaxed);
                s
            })?
        };
        let top = first.iter().copied().max().unwrap_or(0);
        if top >= 0 {
            return Ok(Self::spread(classes, &first));
        }
        // Every move loses: find the slowest loss. (When a proof's "loss" was wrong, a move
        // here fails high at 0; the floor stays below 0 so that every window is a real one,
        // and the caller solves again.)
        let best = AtomicI32::new(-INFINITY);
        let exact = self.run(pos, classes, threads, |searcher, pos, i| {
            let floor = best.load(Relaxed).clamp(-INFINITY + 1, 0) - 1;
            let s = searcher.score_move(pos, classes[i].cells[0], floor, 0);
            if searcher.stopped.is_none() {
                best.fetch_max(s, Relaxed);
            }
            s
        })?;
        Ok(Self::spread(classes, &exact))
    }

    /// Gives every move of a class its class's score.
    fn spread(classes: &[Class], scores: &[Score]) -> Vec<(usize, Score)> {
        classes
            .iter()
            .zip(scores)
            .flat_map(|(class, &s)| class.cells.iter().map(move |&c| (c, s)))
            .collect()
    }

    /// Runs `job` for every class on `threads` threads (each with its own searcher, all
    /// sharing the table) and returns the scores in class order.
    fn run(
        &mut self,
        pos: &Position<B>,
        classes: &[Class],
        threads: usize,
        job: impl Fn(&mut Searcher<'_>, &mut Position<B>, usize) -> Score + Sync,
    ) -> Result<Vec<Score>, SearchError> {
        let (scores, work) = if threads <= 1 {
            self.run_alone(pos, classes, &job)
        } else {
            self.run_lazy_smp(pos, classes, threads, &job)
        };
        self.stats.nodes += work.nodes;
        self.stats.table_cutoffs += work.table_cutoffs;
        if let Some(t) = &self.table {
            self.progress.set_table(t.used(), t.capacity());
        }
        match work.stopped {
            Some(why) => Err(SearchError::Stopped(why)),
            None => Ok(scores),
        }
    }

    /// Every class on this thread, with the table all to itself (so it may grow it).
    fn run_alone(
        &mut self,
        pos: &Position<B>,
        classes: &[Class],
        job: &(impl Fn(&mut Searcher<'_>, &mut Position<B>, usize) -> Score + Sync),
    ) -> (Vec<Score>, Work) {
        let cells = pos.rules().cells();
        let table = self.table.as_mut().map(TableRef::Owned);
        let mut searcher = Searcher::new(self.config, table, &self.budget, &self.progress, cells);
        let mut pos = pos.clone();
        let scores = (0..classes.len())
            .map(|i| job(&mut searcher, &mut pos, i))
            .collect();
        searcher.flush();
        let work = Work {
            nodes: searcher.nodes,
            table_cutoffs: searcher.table_cutoffs,
            stopped: searcher.stopped,
        };
        (scores, work)
    }

    /// Lazy SMP: this thread does the real work exactly as alone; helpers search the class it
    /// is on (and the next ones) with other move orders, only to fill the shared table, which
    /// is always sound, so results never depend on timing. The helpers are stopped between
    /// classes so that the table can grow there: touching a full-size table's pages up front
    /// cost more than the search on 5x5/4.
    fn run_lazy_smp(
        &mut self,
        pos: &Position<B>,
        classes: &[Class],
        threads: usize,
        job: &(impl Fn(&mut Searcher<'_>, &mut Position<B>, usize) -> Score + Sync),
    ) -> (Vec<Score>, Work) {
        let cells = pos.rules().cells();
        let config = self.config;
        if let Some(t) = self.table.as_mut() {
            t.grow_to(PARALLEL_START_MIB);
        }
        let mut work = Work::default();
        let mut history = Vec::new();
        let mut main_pos = pos.clone();
        let mut scores = Vec::with_capacity(classes.len());
        for i in 0..classes.len() {
            // A raised stop flag cancels even when the helpers have already settled every
            // class, so that the main thread would meet only table hits and never look.
            if self.budget.is_stopped() {
                work.stopped = Some(Exhausted::Stopped);
                break;
            }
            if let Some(t) = self.table.as_mut() {
                t.maybe_grow();
            }
            let (table, budget, progress) = (self.table.as_ref(), &self.budget, &self.progress);
            let helpers_stop = Arc::new(AtomicBool::new(false));
            let helpers_budget = Budget::unlimited().with_stop_flag(helpers_stop.clone());
            let score = std::thread::scope(|scope| {
                let helpers: Vec<_> = (1..threads)
                    .map(|h| {
                        let helpers_budget = &helpers_budget;
                        scope.spawn(move || {
                            let table = table.map(TableRef::Shared);
                            let mut searcher =
                                Searcher::new(config, table, helpers_budget, progress, cells);
                            searcher.perturb(h as u64);
                            let mut pos = pos.clone();
                            let mut next = i + h - 1;
                            while searcher.stopped.is_none() && !helpers_budget.is_stopped() {
                                let c = next % classes.len();
                                searcher.score_move(&mut pos, classes[c].cells[0], -1, 1);
                                next += 1;
                            }
                            searcher.flush();
                            searcher.nodes
                        })
                    })
                    .collect();
                let table = table.map(TableRef::Shared);
                let mut searcher = Searcher::new(config, table, budget, progress, cells);
                if !history.is_empty() {
                    searcher.history = std::mem::take(&mut history);
                }
                let score = job(&mut searcher, &mut main_pos, i);
                searcher.flush();
                helpers_stop.store(true, Relaxed);
                work.nodes += helpers
                    .into_iter()
                    .map(|h| h.join().unwrap_or(0))
                    .sum::<u64>();
                history = std::mem::take(&mut searcher.history);
                work.nodes += searcher.nodes;
                work.table_cutoffs += searcher.table_cutoffs;
                work.stopped = searcher.stopped;
                score
            });
            scores.push(score);
            if work.stopped.is_some() {
                break;
            }
        }
        scores.resize(classes.len(), 0);
        (scores, work)
    }
}

/// The work of one root search, summed over its threads.
#[derive(Default)]
struct Work {
    nodes: u64,
    table_cutoffs: u64,
    stopped: Option<Exhausted>,
}

#[cfg(test)]
mod tests;
