//! `count` (the whole game tree) and `compare` (one position solved four ways): the figures
//! of the lessons, run with the GIL released and stopped by Ctrl-C.

use crate::board::PyBoard;
use crate::errors;
use crate::interrupt;
use crate::rules::PyRules;
use crate::search::go;
use mnk_engine::exact;
use mnk_engine::teach;
use mnk_engine::teach::compare::Contender;
use mnk_engine::{Board, DEFAULT_MEMORY_MIB};
use pyo3::prelude::*;

/// Most nodes each textbook search of a comparison may visit by default (as `mnk compare`).
const COMPARE_BUDGET: u64 = 20_000_000;

/// Largest memory bound a count may be given, in MiB (1 TiB): beyond any machine.
const MAX_MEMORY_MIB: u64 = 1 << 20;

/// What to count from: a position, or the empty board of a rule set.
#[derive(FromPyObject)]
pub enum Root<'py> {
    /// A position.
    Board(PyRef<'py, PyBoard>),
    /// The empty board of these rules.
    Rules(PyRules),
}

impl Root<'_> {
    fn board(self) -> Board {
        match self {
            Root::Board(b) => b.0.clone(),
            Root::Rules(r) => Board::new(r.0),
        }
    }
}

/// The statistics of the whole game tree below a position.
#[pyclass(module = "mnk", name = "Count", frozen, get_all)]
pub struct CountResult {
    /// Tree nodes, the root included.
    nodes: u128,
    /// Complete games (paths from the root to a finished position).
    games: u128,
    /// Games x wins.
    x_wins: u128,
    /// Games o wins.
    o_wins: u128,
    /// Games drawn.
    draws: u128,
    /// Tree nodes at each ply below the root (index 0 is the root).
    nodes_per_ply: Vec<u128>,
    /// Distinct positions reachable, the root included.
    positions: u64,
    /// Distinct positions up to the board's symmetries.
    positions_up_to_symmetry: u64,
}

#[pymethods]
impl CountResult {
    fn __repr__(&self) -> String {
        format!(
            "<mnk.Count nodes={} games={} x_wins={} o_wins={} draws={} positions={}>",
            self.nodes, self.games, self.x_wins, self.o_wins, self.draws, self.positions
        )
    }
}

/// Counts the whole game tree below a board, or from the empty board of a rule set (boards of
/// up to 64 cells): nodes, games and how they end, nodes per ply, distinct positions.
///
/// It counts positions rather than games, so 4x4 with four in a row (15 trillion games) takes
/// seconds. `memory_mib` bounds its position maps: a count that cannot fit is refused at once,
/// one that outgrows the bound stops, both with `SearchError`. Ctrl-C stops it with
/// `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(signature = (root, *, memory_mib = DEFAULT_MEMORY_MIB))]
pub fn count(py: Python<'_>, root: Root<'_>, memory_mib: u64) -> PyResult<CountResult> {
    if !(1..=MAX_MEMORY_MIB).contains(&memory_mib) {
        return Err(errors::SearchError::new_err(format!(
            "a memory bound of {memory_mib} MiB is out of range: use 1 to {MAX_MEMORY_MIB}"
        )));
    }
    let board = root.board();
    let result = interrupt::run(py, |stop| {
        exact::count(&board, memory_mib << 20, &go(stop, None))
    })?
    .map_err(errors::count)?;
    Ok(CountResult {
        nodes: result.nodes,
        games: result.games,
        x_wins: result.x_wins,
        o_wins: result.o_wins,
        draws: result.draws,
        nodes_per_ply: result.nodes_per_ply,
        positions: result.positions,
        positions_up_to_symmetry: result.positions_up_to_symmetry,
    })
}

/// The work of one algorithm in a comparison.
#[pyclass(module = "mnk", name = "CompareEntry", frozen, get_all)]
pub struct CompareEntry {
    /// `minimax`, `alphabeta`, `alphabeta-informed` or `solver`.
    name: String,
    /// The row title: `alpha-beta, cell order`, ...
    title: String,
    /// Nodes searched, every call counted (the root included).
    nodes: u64,
    /// Alpha-beta cutoffs that pruned at least one child.
    cutoffs: u64,
    /// `"win"`, `"draw"` or `"loss"` for the side to move; `None` when the node budget ran out.
    value: Option<String>,
}

#[pymethods]
impl CompareEntry {
    fn __repr__(&self) -> String {
        format!(
            "<mnk.CompareEntry {} nodes={} value={}>",
            self.name,
            self.nodes,
            self.value.as_deref().unwrap_or("stopped")
        )
    }
}

/// One position solved four ways, to show what each idea saves: plain minimax, textbook
/// alpha-beta in cell order, alpha-beta with informed move order, and the solver (table,
/// symmetry, threats). The textbook searches score game ends +1 / 0 / -1 and stop after
/// `budget` nodes each (their `value` is then `None`). On the empty 3x3 board: 549,946 nodes
/// for minimax, 18,297 for alpha-beta. Ctrl-C stops it with `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(signature = (board = None, *, budget = COMPARE_BUDGET))]
pub fn compare(py: Python<'_>, board: Option<PyBoard>, budget: u64) -> PyResult<Vec<CompareEntry>> {
    let board = board.map_or_else(|| Board::new(Default::default()), |b| b.0);
    board.unfinished().map_err(errors::game_over)?;
    let mut entries = Vec::new();
    for contender in Contender::ALL {
        let entry = interrupt::run(py, |stop| {
            teach::compare::run(&board, contender, budget, &go(stop, None))
        })?
        .map_err(errors::search)?;
        entries.push(CompareEntry {
            name: contender.name().to_string(),
            title: contender.title().to_string(),
            nodes: entry.nodes,
            cutoffs: entry.cutoffs,
            value: entry.value.map(|v| v.word().to_string()),
        });
    }
    Ok(entries)
}
