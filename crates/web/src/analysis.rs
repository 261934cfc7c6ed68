//! The analysis overlay: the value of every empty cell for the side to move. Exact (win /
//! draw / loss with plies, from the engine's solver) where the solver is quick, otherwise the
//! engine's open-lines estimate one move ahead, shown by the page as a heat map.

use crate::view::verdict_parts;
use mnk_engine::bits::BitSet;
use mnk_engine::eval::Evaluator;
use mnk_engine::position::Position;
use mnk_engine::session::think::EXACT_EMPTY_CELLS;
use mnk_engine::solver::SolverConfig;
use mnk_engine::{Board, SearchError};
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Table size of one analysis, in MiB (dropped once the answer is sent).
const ANALYSIS_HASH_MIB: usize = 16;

/// One cell's value for the side to move.
#[derive(Debug, Serialize)]
pub struct CellValue {
    /// The move, in notation.
    pub r#move: String,
    /// Its cell index.
    pub cell: usize,
    /// `win`, `draw`, `loss` (exact) or `estimate`.
    pub value: String,
    /// Plies to the end for a win or loss, counted from before the move.
    pub plies: Option<u32>,
    /// The estimate (open lines of the mover minus the opponent's after the move).
    pub score: Option<i32>,
}

/// The whole overlay.
#[derive(Debug, Serialize)]
pub struct Analysis {
    /// `exact` or `heuristic`.
    pub kind: &'static str,
    /// The side the values belong to.
    pub to_move: String,
    /// One entry per empty cell, in cell order.
    pub moves: Vec<CellValue>,
    /// Nodes searched (exact only).
    pub nodes: u64,
    /// Wall time in milliseconds.
    pub ms: u64,
}

/// Whether the exact solver answers this board in the overlay.
pub fn is_exact(board: &Board) -> bool {
    board.as_small().is_some() && board.legal_moves().len() <= EXACT_EMPTY_CELLS
}

/// Values every empty cell of an unfinished board; `stop` ends an exact search early.
pub fn analyze(board: &Board, stop: Arc<AtomicBool>) -> Result<Analysis, SearchError> {
    let started = std::time::Instant::now();
    let to_move = board.to_move().to_string();
    if is_exact(board) {
        let config = SolverConfig {
            hash_mib: ANALYSIS_HASH_MIB,
            ..SolverConfig::default()
        };
        let (values, stats) = board.analyze(config, Some(stop))?;
        let mut moves: Vec<CellValue> = values
            .iter()
            .map(|m| {
                let (value, plies, score) = verdict_parts(m.verdict);
                CellValue {
                    r#move: board.move_name(m.cell),
                    cell: m.cell,
                    value,
                    plies,
                    score,
                }
            })
            .collect();
        moves.sort_by_key(|m| m.cell);
        return Ok(Analysis {
            kind: "exact",
            to_move,
            moves,
            nodes: stats.nodes,
            ms: started.elapsed().as_millis() as u64,
        });
    }
    if let Some(outcome) = board.outcome() {
        return Err(SearchError::GameOver(outcome.to_string()));
    }
    let moves = match board {
        Board::Small(p) => heuristic(board, p),
        Board::Wide(p) => heuristic(board, p),
    };
    Ok(Analysis {
        kind: "heuristic",
        to_move,
        moves,
        nodes: 0,
        ms: started.elapsed().as_millis() as u64,
    })
}

/// One ply of the open-lines estimate per empty cell; a move that completes a line is a win
/// in 1, one that fills the board without a line a draw.
fn heuristic<B: BitSet>(board: &Board, pos: &Position<B>) -> Vec<CellValue> {
    let me = pos.to_move();
    pos.legal_moves()
        .cells()
        .map(|cell| {
            let mut after = pos.clone();
            after.play_unchecked(cell);
            let (value, plies, score) = if after.winner() == Some(me) {
                ("win".to_string(), Some(1), None)
            } else if after.is_over() {
                ("draw".to_string(), None, None)
            } else {
                let s = Evaluator::OpenLines.evaluate(&after, me);
                ("estimate".to_string(), None, Some(s))
            };
            CellValue {
                r#move: board.move_name(cell),
                cell,
                value,
                plies,
                score,
            }
        })
        .collect()
}
