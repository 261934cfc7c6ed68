//! The analysis overlay as JSON: the engine's one analysis call ([`mnk_engine::ai::analyze`]:
//! exact where the solver answers, an estimate elsewhere, and which it is), timed and named
//! in the notation of the API.

use crate::view::verdict_parts;
use mnk_engine::ai::{self, AnalysisKind};
use mnk_engine::Go;
use mnk_engine::{Board, SearchError};
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

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
    /// The estimate: how the search `hard` plays with rates the position after the move, for
    /// the mover.
    pub score: Option<i32>,
}

/// The whole overlay.
#[derive(Debug, Serialize)]
pub struct Analysis {
    /// `exact` or `estimate`: what every value in `moves` is (the word each estimated move's
    /// `value` says).
    pub values: &'static str,
    /// Deprecated, kept for the JSON contract: `values` under its first name, with
    /// `heuristic` for `estimate`.
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

/// Values every empty cell of an unfinished board, by the engine's fixed amount of work;
/// `stop` ends an exact search early.
pub fn analyze(board: &Board, stop: Arc<AtomicBool>) -> Result<Analysis, SearchError> {
    let started = std::time::Instant::now();
    let analysis = ai::analyze(board, &Go::default().with_stop(stop))?;
    let moves = analysis
        .moves
        .iter()
        .map(|m| {
            let (value, plies, score) = verdict_parts(m.verdict);
            CellValue {
                r#move: board.cell_name(m.cell),
                cell: m.cell,
                value,
                plies,
                score,
            }
        })
        .collect();
    let (values, kind) = match analysis.kind {
        AnalysisKind::Exact => ("exact", "exact"),
        AnalysisKind::Estimate => ("estimate", "heuristic"),
    };
    Ok(Analysis {
        values,
        kind,
        to_move: analysis.to_move.to_string(),
        moves,
        nodes: analysis.nodes,
        ms: started.elapsed().as_millis() as u64,
    })
}
