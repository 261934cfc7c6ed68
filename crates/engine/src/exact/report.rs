//! [`SolveReport`]: what an exact solve answers.

use crate::proof::ProofStats;
use crate::score::Verdict;
use crate::solver::SolverStats;

/// The exact value of a position and the work it took: what [`crate::exact::solve`] and
/// [`crate::exact::report_proof`] answer, so a front end prints any algorithm's result the
/// same way.
///
/// ```
/// use mnk_engine::{exact, Algorithm, Board, Go, Rules, SolverConfig, Verdict};
///
/// // Tic-tac-toe: every first move draws, and the solver reports its work.
/// let board = Board::new(Rules::tic_tac_toe());
/// let report = exact::solve(&board, Algorithm::Solver, SolverConfig::default(), &Go::default())
///     .unwrap();
/// assert_eq!(report.verdict, Verdict::Draw);
/// assert_eq!(report.best_moves.len(), 9);
/// assert!(report.nodes > 0 && report.solver.is_some() && report.proof.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    /// Value for the side to move.
    pub verdict: Verdict,
    /// Every best move, in cell order.
    pub best_moves: Vec<usize>,
    /// Nodes searched.
    pub nodes: u64,
    /// The solver's table figures (solver only).
    pub solver: Option<SolverStats>,
    /// The proof search's figures (proof search only).
    pub proof: Option<ProofStats>,
}
