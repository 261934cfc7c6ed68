//! `solve` and `analyze`: the exact value of a position and of each of its moves, searched
//! with the GIL released and stopped by Ctrl-C (see `interrupt.rs`).

use crate::board::PyBoard;
use crate::errors;
use crate::interrupt;
use mnk_engine::ai::{self, AnalysisKind};
use mnk_engine::exact;
use mnk_engine::{Algorithm, Board, SolveReport, SolverConfig};
use mnk_engine::{Exhausted, Go, SearchError, Verdict, DEFAULT_HASH_MIB, MAX_HASH_MIB};
use pyo3::prelude::*;
use std::collections::HashMap;

/// Most search threads a caller may ask for.
const MAX_THREADS: usize = 256;

/// The value of a position for the side to move, and how it was found.
#[pyclass(module = "mnk", name = "Result", frozen, get_all)]
pub struct SolveResult {
    /// The side to move, `"x"` or `"o"`.
    to_move: String,
    /// `"win"`, `"draw"` or `"loss"` for the side to move (always exact).
    value: String,
    /// Plies to the end of the game with best play on both sides (`None` for a draw).
    plies: Option<u32>,
    /// Every best move by name, in cell order.
    best_moves: Vec<String>,
    /// The same as cell indices.
    best_cells: Vec<usize>,
    /// Nodes searched.
    nodes: u64,
    /// The algorithm that ran: `minimax`, `alphabeta`, `solver` or `proof`.
    algorithm: String,
    /// The solver's table figures (`table_cutoffs`, `table_used`, `table_capacity`) or the
    /// proof search's (`proof_nodes`); empty for the textbook searches.
    stats: HashMap<String, u64>,
}

#[pymethods]
impl SolveResult {
    fn __str__(&self) -> String {
        format!(
            "{} to move: {} (best: {}; {} nodes)",
            self.to_move,
            verdict_text(&self.value, self.plies),
            self.best_moves.join(" "),
            self.nodes
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "<mnk.Result {} {}{} best={} nodes={}>",
            self.to_move,
            self.value,
            self.plies.map_or(String::new(), |p| format!(" in {p}")),
            crate::py_list(&self.best_moves),
            self.nodes
        )
    }
}

/// "win in 3 plies", "draw": the engine's wording of a verdict.
fn verdict_text(value: &str, plies: Option<u32>) -> String {
    let verdict = match (value, plies) {
        ("win", Some(p)) => Verdict::Win(p),
        ("loss", Some(p)) => Verdict::Loss(p),
        _ => Verdict::Draw,
    };
    verdict.to_string()
}

fn result_of(board: &Board, algorithm: Algorithm, report: SolveReport) -> SolveResult {
    let mut stats = HashMap::new();
    if let Some(s) = report.solver {
        stats.insert("table_cutoffs".to_string(), s.table_cutoffs);
        stats.insert("table_used".to_string(), s.table_used as u64);
        stats.insert("table_capacity".to_string(), s.table_capacity as u64);
    }
    if let Some(p) = report.proof {
        stats.insert("proof_nodes".to_string(), p.nodes);
        // A draw the proof settled alone: its table is the one the search used.
        if report.solver.is_none() {
            stats.insert("table_used".to_string(), p.table_used as u64);
            stats.insert("table_capacity".to_string(), p.table_capacity as u64);
        }
    }
    SolveResult {
        to_move: board.to_move().to_string(),
        value: report.verdict.word().to_string(),
        plies: report.verdict.plies(),
        best_moves: report
            .best_moves
            .iter()
            .map(|&c| board.cell_name(c))
            .collect(),
        best_cells: report.best_moves,
        nodes: report.nodes,
        algorithm: algorithm.resolved(board).name().to_string(),
        stats,
    }
}

fn algorithm(name: &str) -> PyResult<Algorithm> {
    Algorithm::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        errors::SearchError::new_err(format!(
            "'{}' is not an algorithm: use {}",
            name.chars().take(40).collect::<String>(),
            names.join(", ")
        ))
    })
}

/// The solver's configuration from the caller's table size and threads, bounded.
pub(crate) fn config(hash_mib: usize, threads: usize) -> PyResult<SolverConfig> {
    if hash_mib > MAX_HASH_MIB {
        return Err(errors::SearchError::new_err(format!(
            "a table of {hash_mib} MiB is too big: use 0 to {MAX_HASH_MIB}"
        )));
    }
    if threads > MAX_THREADS {
        return Err(errors::SearchError::new_err(format!(
            "{threads} threads are too many: use 0 (automatic) to {MAX_THREADS}"
        )));
    }
    Ok(SolverConfig {
        hash_mib,
        threads,
        ..SolverConfig::default()
    })
}

/// What a solve may use: the stop flag (Ctrl-C), and the caller's node limit.
pub(crate) fn go(
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    max_nodes: Option<u64>,
) -> Go {
    let go = Go::default().with_stop(stop);
    match max_nodes {
        Some(n) => go.with_nodes(n),
        None => go,
    }
}

/// Refuses plain minimax or alpha-beta on a tree out of reach, unless a node limit bounds it.
fn check_reach(board: &Board, algorithm: Algorithm, max_nodes: Option<u64>) -> PyResult<()> {
    let size = exact::tree_size(board);
    let (beyond, what) = match algorithm {
        Algorithm::Minimax => (size.minimax_beyond_reach(), "minimax may visit up to"),
        Algorithm::AlphaBeta => (
            size.alphabeta_beyond_reach(),
            "alpha-beta visits at least about",
        ),
        _ => return Ok(()),
    };
    if beyond && max_nodes.is_none() {
        let nodes = if algorithm == Algorithm::Minimax {
            size.full
        } else {
            size.minimal
        };
        return Err(errors::SearchError::new_err(format!(
            "{what} {nodes:.2e} nodes from this position ({} empty cells); give max_nodes to \
             bound it, or use the solver",
            size.empty,
            nodes = nodes as f64
        )));
    }
    Ok(())
}

/// The exact value of `board` for the side to move, every best move and the work.
///
/// `algorithm`: `"auto"` (the proof search up to 64 cells, the solver beyond), `"solver"`,
/// `"proof"`, `"minimax"` or `"alphabeta"` (the textbook searches; refused on trees out of
/// reach unless `max_nodes` bounds them). `max_nodes` stops the search with `SearchError`
/// once it has visited that many nodes. Ctrl-C stops it with `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(signature = (board, *, algorithm = "auto", max_nodes = None, hash_mib = DEFAULT_HASH_MIB, threads = 0))]
pub fn solve(
    py: Python<'_>,
    board: &PyBoard,
    algorithm: &str,
    max_nodes: Option<u64>,
    hash_mib: usize,
    threads: usize,
) -> PyResult<SolveResult> {
    let algo = self::algorithm(algorithm)?;
    let config = config(hash_mib, threads)?;
    let board = board.0.clone();
    board.unfinished().map_err(errors::game_over)?;
    check_reach(&board, algo.resolved(&board), max_nodes)?;
    let report = interrupt::run(py, |stop| {
        exact::solve(&board, algo, config, &go(stop, max_nodes))
    })?
    .map_err(errors::search)?;
    Ok(result_of(&board, algo, report))
}

/// One legal move and its value for the side that plays it.
#[pyclass(module = "mnk", name = "MoveValue", frozen)]
pub struct MoveValue {
    board_name: String,
    cell: usize,
    verdict: Verdict,
}

#[pymethods]
impl MoveValue {
    /// The move's name.
    #[getter(r#move)]
    fn name(&self) -> String {
        self.board_name.clone()
    }

    /// Its cell index.
    #[getter]
    fn cell(&self) -> usize {
        self.cell
    }

    /// `"win"`, `"draw"`, `"loss"`, or `"estimate"` where the value is not proven.
    #[getter]
    fn value(&self) -> &'static str {
        self.verdict.word()
    }

    /// Plies to the end with best play, counted from before the move (wins and losses).
    #[getter]
    fn plies(&self) -> Option<u32> {
        self.verdict.plies()
    }

    /// The estimate (positive favours the mover) when `value` is `"estimate"`.
    #[getter]
    fn estimate(&self) -> Option<i32> {
        match self.verdict {
            Verdict::Estimate(v) => Some(v),
            _ => None,
        }
    }

    fn __repr__(&self) -> String {
        format!("<mnk.MoveValue {} {}>", self.board_name, self.verdict)
    }

    /// The move and its value in words: `b2: draw`, `a1: loss in 4 plies`, `c3: estimate +2`.
    fn __str__(&self) -> String {
        format!("{}: {}", self.board_name, self.verdict)
    }
}

impl MoveValue {
    fn new(board: &Board, cell: usize, verdict: Verdict) -> MoveValue {
        MoveValue {
            board_name: board.cell_name(cell),
            cell,
            verdict,
        }
    }
}

/// The value of every legal move of a position.
#[pyclass(module = "mnk", name = "Analysis", frozen, get_all)]
pub struct Analysis {
    /// Whether every value is proven (`False`: the values that do not end the game are
    /// estimates, and say so).
    exact: bool,
    /// The side the values belong to.
    to_move: String,
    /// One entry per legal move, in cell order.
    moves: Vec<Py<MoveValue>>,
    /// The names of the best moves (the highest value; for estimates, the highest estimate).
    best_moves: Vec<String>,
    /// Nodes the solver searched (0 for an estimate).
    nodes: u64,
}

#[pymethods]
impl Analysis {
    fn __repr__(&self) -> String {
        format!(
            "<mnk.Analysis {} {} moves, best {}, {}>",
            self.to_move,
            self.moves.len(),
            crate::py_list(&self.best_moves),
            if self.exact { "exact" } else { "estimate" }
        )
    }

    fn __str__(&self, py: Python<'_>) -> String {
        let lines: Vec<String> = self
            .moves
            .iter()
            .map(|m| m.bind(py).get().__str__())
            .collect();
        format!(
            "{} to move ({}): {}",
            self.to_move,
            if self.exact { "exact" } else { "estimates" },
            lines.join(", ")
        )
    }
}

/// How good a verdict is for the side that owns it: wins soonest first, losses latest last.
fn rank(verdict: Verdict) -> (i32, i64) {
    match verdict {
        Verdict::Win(p) => (3, -i64::from(p)),
        Verdict::Draw => (2, 0),
        Verdict::Estimate(v) => (1, i64::from(v)),
        Verdict::Loss(p) => (0, i64::from(p)),
    }
}

fn analysis_of(
    py: Python<'_>,
    board: &Board,
    exact: bool,
    nodes: u64,
    mut moves: Vec<(usize, Verdict)>,
) -> PyResult<Analysis> {
    moves.sort_by_key(|&(cell, _)| cell);
    let top = moves.iter().map(|&(_, v)| rank(v)).max();
    let best_moves = moves
        .iter()
        .filter(|&&(_, v)| Some(rank(v)) == top)
        .map(|&(c, _)| board.cell_name(c))
        .collect();
    let moves = moves
        .into_iter()
        .map(|(cell, verdict)| Py::new(py, MoveValue::new(board, cell, verdict)))
        .collect::<PyResult<_>>()?;
    Ok(Analysis {
        exact,
        to_move: board.to_move().to_string(),
        moves,
        best_moves,
        nodes,
    })
}

/// The value of every legal move for the side to move.
///
/// By default as the analysis overlay of every mnk front end: exact (win or loss in n plies,
/// draw) where the solver answers quickly (boards of up to 64 cells with few empty cells),
/// estimates elsewhere, and `exact` says which. With `exact=True` every move is proven
/// whatever it takes, as `mnk analyze` does (the opening book, the proof search on five in a
/// row, the solver; Ctrl-C stops it with `KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (board, *, exact = false, hash_mib = DEFAULT_HASH_MIB, threads = 0))]
pub fn analyze(
    py: Python<'_>,
    board: &PyBoard,
    exact: bool,
    hash_mib: usize,
    threads: usize,
) -> PyResult<Analysis> {
    let config = config(hash_mib, threads)?;
    let board = board.0.clone();
    board.unfinished().map_err(errors::game_over)?;
    if exact {
        let analysis = interrupt::run(py, |stop| {
            ai::exact_analysis(&board, config, &go(stop, None))
        })?
        .map_err(errors::search)?;
        if !analysis.unmeasured_losses.is_empty() {
            // Stopped while distances were measured: as any stop, no values.
            return Err(errors::search(SearchError::Stopped(Exhausted::Stopped)));
        }
        let moves = analysis.moves.iter().map(|m| (m.cell, m.verdict)).collect();
        return analysis_of(py, &board, true, analysis.nodes, moves);
    }
    let analysis = interrupt::run(py, |stop| {
        ai::analyze(&board, &Go::default().with_stop(stop))
    })?
    .map_err(errors::search)?;
    let moves = analysis.moves.iter().map(|m| (m.cell, m.verdict)).collect();
    analysis_of(
        py,
        &board,
        analysis.kind == AnalysisKind::Exact,
        analysis.nodes,
        moves,
    )
}
