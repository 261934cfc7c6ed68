//! The exact searches' entry points, in one place: free functions that take a [`Board`] and a
//! [`Go`] (what the search may use and how the caller watches it) with their own arguments,
//! whatever the board's size. [`Board`] itself keeps the rules, the moves and the text.
//!
//! - [`solve`]: the exact value and every best move, by the chosen [`Algorithm`] (`auto`
//!   follows the one policy [`proof_first`](crate::proof_first)); [`solve_moves`]: the
//!   solver's value of every move; [`tree_size`]: how big minimax and alpha-beta get, known
//!   before they start;
//! - [`count`] and [`count_estimate`]: the whole game tree below a position, and its size
//!   estimated before any counting;
//! - [`prove`], [`write_certificate`] and [`report_proof`]: a proof with a
//!   [`crate::proof::Prover`] the caller keeps (for a certificate or a checkpoint);
//! - [`split`], [`split_from`], [`can_force_line`] and [`write_part`]: a proof cut into jobs
//!   that any prover answers alone (see [`crate::proof::split`]).
//!
//! A [`Go`] is turned into the search's budget by the one time manager
//! ([`crate::TimeManager`]): the default runs the search until it is done; a stop handle, a
//! node cap or a clock with a move time bound it, and a search that runs out answers
//! [`SearchError::Stopped`], never a value it did not finish. A table size in the [`Go`]
//! ([`Go::with_table_mib`]) is the size of the table the call makes, in place of the
//! config's default.
//!
//! ```
//! use mnk_engine::{exact, Algorithm, Board, Go, Rules, SolverConfig, Verdict};
//!
//! // x to move completes the top row at once.
//! let board = Board::from_text(Rules::tic_tac_toe(), "xx./oo./...").unwrap();
//! let report = exact::solve(&board, Algorithm::Auto, SolverConfig::default(), &Go::default())
//!     .unwrap();
//! assert_eq!(report.verdict, Verdict::Win(1));
//! assert_eq!(board.cell_name(report.best_moves[0]), "c3");
//! ```

pub(crate) mod algorithm;
pub(crate) mod moves;
mod proof;
pub(crate) mod proven;
pub(crate) mod report;

pub use proof::{
    can_force_line, prove, report_proof, split, split_from, write_certificate, write_part,
};

use crate::board::{with_position, Board};
use crate::board_game::{BoardGame, MoveOrder, Scoring};
use crate::budget::Controls;
use crate::count::{self, CountError, CountEstimate, CountResult};
use crate::error::SearchError;
use crate::eval::Evaluator;
use crate::go::Go;
use crate::position::Position;
use crate::proof::{ProofConfig, Prover};
use crate::score::Verdict;
use crate::search::{self, NoTrace, TextbookOptions, TreeSize};
use crate::solver::{MoveValue, Solver, SolverConfig, SolverStats};
use crate::time::TimeManager;
use algorithm::Algorithm;
use report::SolveReport;

/// The exact value of `board` for the side to move, every best move and the work, by
/// `algorithm` (`auto`: the proof search where [`proof_first`] says, else the solver).
///
/// Every algorithm runs until it is done or what `go` allows runs out, however big the tree:
/// [`tree_size`] says up front how big minimax and alpha-beta get. A table size in `go`
/// replaces `config.hash_mib`; the proof search's table has the same size.
///
/// ```
/// use mnk_engine::{exact, Algorithm, Board, Go, Progress, Rules, SolverConfig, Verdict};
/// use std::sync::Arc;
///
/// // Tic-tac-toe is a draw; counters another thread could read saw the whole search.
/// let progress = Arc::new(Progress::default());
/// let go = Go::default().with_progress(progress.clone());
/// let board = Board::new(Rules::tic_tac_toe());
/// let report = exact::solve(&board, Algorithm::Solver, SolverConfig::default(), &go).unwrap();
/// assert_eq!(report.verdict, Verdict::Draw);
/// assert_eq!(progress.snapshot().nodes, report.nodes);
/// ```
///
/// [`proof_first`]: crate::proof_first
pub fn solve(
    board: &Board,
    algorithm: Algorithm,
    config: SolverConfig,
    go: &Go,
) -> Result<SolveReport, SearchError> {
    let config = table_of(config, go);
    solve_within(
        board,
        algorithm,
        config,
        TimeManager::new(go).exact_controls(),
    )
}

/// [`solve`] within `controls` already made (so that the proof and the solver after it share
/// one deadline), for the engine's own callers that hold a budget.
pub(crate) fn solve_within(
    board: &Board,
    algorithm: Algorithm,
    config: SolverConfig,
    controls: Controls,
) -> Result<SolveReport, SearchError> {
    board.unfinished()?;
    let algorithm = algorithm.resolved(board);
    let Controls { budget, progress } = controls;
    match algorithm {
        Algorithm::Proof => {
            let mut prover = Prover::new(ProofConfig {
                hash_mib: config.hash_mib,
                threads: config.threads,
                ..ProofConfig::default()
            });
            if let Some(progress) = &progress {
                prover.set_progress(progress.clone());
            }
            let solution = with_position!(board, p => prover.solve(p, &budget))?;
            let controls = Controls { budget, progress };
            proof::report_within(board, &solution, &mut prover, config, controls)
        }
        Algorithm::Solver => with_position!(board, p => {
            let mut solver = Solver::new(config);
            if let Some(progress) = progress {
                solver.set_progress(progress);
            }
            let solution = solver.solve(p, &budget)?;
            let stats = solver.stats();
            Ok(SolveReport {
                verdict: solution.verdict,
                best_moves: solution.best_moves,
                nodes: stats.nodes,
                solver: Some(stats),
                proof: None,
            })
        }),
        Algorithm::Auto => unreachable!("resolved above"),
        Algorithm::Minimax | Algorithm::AlphaBeta => {
            let limits = TextbookOptions {
                depth: None,
                all_best: true,
            };
            let controls = Controls { budget, progress };
            let result = with_position!(board, p => {
                let mut game = BoardGame {
                    pos: p.clone(),
                    scoring: Scoring::Distance,
                    order: MoveOrder::CellIndex,
                    evaluator: Evaluator::Zero,
                };
                if algorithm == Algorithm::Minimax {
                    search::minimax_with(&mut game, limits, &controls, &mut NoTrace)
                } else {
                    search::alphabeta_with(&mut game, limits, &controls, &mut NoTrace)
                }
            })?;
            let score = board.for_side_to_move(result.value);
            let mut best_moves = result.best_moves;
            best_moves.sort_unstable();
            Ok(SolveReport {
                verdict: Verdict::from_score(score, board.stone_count(), true),
                best_moves,
                nodes: result.stats.nodes,
                solver: None,
                proof: None,
            })
        }
    }
}

/// `config` with the table size `go` asks for, if it asks for one.
fn table_of(config: SolverConfig, go: &Go) -> SolverConfig {
    SolverConfig {
        hash_mib: go.table_mib().unwrap_or(config.hash_mib),
        ..config
    }
}

/// How big plain minimax and alpha-beta get from `board`, known before they start (see
/// [`TreeSize`]): [`solve`] runs them to the end however big, so a front end checks this
/// first and hands in a [`Go`] that bounds them.
///
/// ```
/// use mnk_engine::{exact, Board, Rules};
///
/// // Nine free cells: minimax may visit the whole tree, alpha-beta at least its minimal one.
/// let size = exact::tree_size(&Board::new(Rules::tic_tac_toe()));
/// assert_eq!(size.empty, 9);
/// assert!(size.minimal < size.full);
/// ```
pub fn tree_size(board: &Board) -> TreeSize {
    TreeSize::of_empty(board.legal_moves().len())
}

/// The solver's exact value of every legal move of `board`, for the side that plays it, and
/// the solver's work (no opening book and no proof search). A table size in `go` replaces
/// `config.hash_mib`.
///
/// ```
/// use mnk_engine::{exact, Board, Go, Rules, SolverConfig, Verdict};
///
/// // o must block a3; every other move loses.
/// let board = Board::from_text(Rules::tic_tac_toe(), ".../xo./x..").unwrap();
/// let (moves, _) = exact::solve_moves(&board, SolverConfig::default(), &Go::default()).unwrap();
/// let a3 = board.parse_cell("a3").unwrap();
/// for m in &moves {
///     assert_eq!(m.verdict == Verdict::Draw, m.cell == a3);
/// }
/// ```
pub fn solve_moves(
    board: &Board,
    config: SolverConfig,
    go: &Go,
) -> Result<(Vec<MoveValue>, SolverStats), SearchError> {
    let controls = TimeManager::new(go).exact_controls();
    solve_moves_within(board, table_of(config, go), controls)
}

/// [`solve_moves`] within `controls` a player made (the analysis overlay's fixed work).
pub(crate) fn solve_moves_within(
    board: &Board,
    config: SolverConfig,
    controls: Controls,
) -> Result<(Vec<MoveValue>, SolverStats), SearchError> {
    let Controls { budget, progress } = controls;
    with_position!(board, p => {
        let mut solver = Solver::new(config);
        if let Some(progress) = progress {
            solver.set_progress(progress);
        }
        let moves = solver.solve_moves(p, &budget)?;
        Ok((moves, solver.stats()))
    })
}

/// The small-board position, or the error a count of a bigger board gets.
fn countable(board: &Board) -> Result<&Position<u64>, SearchError> {
    // The count's own line checks assume that K or more wins.
    if board.rules().rule() != crate::rules::Rule::Freestyle {
        return Err(SearchError::ExactKUnsupported { what: "counting" });
    }
    board.as_small().ok_or(SearchError::BoardTooLarge {
        what: "counting",
        max: 64,
        cells: board.rules().cells(),
    })
}

/// How many positions each ply of [`count`] would hold below `board`, estimated from a
/// seeded sample before any counting (boards of up to 64 cells).
///
/// ```
/// use mnk_engine::{exact, Board, Rules};
///
/// let estimate = exact::count_estimate(&Board::new(Rules::tic_tac_toe())).unwrap();
/// assert_eq!(estimate.positions_per_ply.len(), 10); // the root and nine plies
/// ```
pub fn count_estimate(board: &Board) -> Result<CountEstimate, SearchError> {
    Ok(count::estimate(countable(board)?))
}

/// The whole game tree below `board` (boards of up to 64 cells) within `memory_bytes` of
/// position maps: refused at once when the estimate shows it cannot fit, stopped when a map
/// would outgrow the bound or what `go` allows runs out (the memory bound is the count's
/// own; a table size in `go` does not apply, the count keeps no table).
///
/// ```
/// use mnk_engine::{exact, Board, Go, Rules, DEFAULT_MEMORY_MIB};
///
/// let board = Board::new(Rules::tic_tac_toe());
/// let counted = exact::count(&board, DEFAULT_MEMORY_MIB << 20, &Go::default()).unwrap();
/// assert_eq!(counted.games, 255_168); // the classic figure
/// ```
pub fn count(board: &Board, memory_bytes: u64, go: &Go) -> Result<CountResult, CountError> {
    let controls = TimeManager::new(go).exact_controls();
    count::count(countable(board)?, memory_bytes, &controls)
}

/// Minimax or alpha-beta on `board` (values from x's point of view), with the scoring and
/// move order of the insides: for the engine's own tests, through `internals::textbook`.
#[cfg(feature = "internals")]
pub(crate) fn textbook(
    board: &Board,
    textbook: search::TextbookSearch,
    limits: TextbookOptions,
    scoring: Scoring,
    order: MoveOrder,
    evaluator: Evaluator,
) -> search::SearchResult<usize> {
    with_position!(board, p => {
        let mut game = BoardGame { pos: p.clone(), scoring, order, evaluator };
        textbook.run(&mut game, limits, &mut NoTrace)
    })
}
