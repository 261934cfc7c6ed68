//! The `depth:N` levels: textbook alpha-beta N plies deep with the open-lines estimate at the
//! horizon, as in the seed programs, over the textbook searches' one view of a position
//! ([`BoardGame`]) in the informed order; on boards of more than [`FULL_WIDTH_CELLS`] cells
//! it considers only the empty cells within `NEAR_RADIUS` of a stone, which keeps a 15x15
//! move quick.

use super::thought::{Candidate, Method, Thought};
use crate::bits::BitSet;
use crate::board_game::{BoardGame, MoveOrder, Scoring};
use crate::budget::Controls;
use crate::error::SearchError;
use crate::eval::Evaluator;
use crate::geometry::NEAR_RADIUS;
use crate::position::Position;
use crate::score::{Score, Verdict};
use crate::search::{alphabeta_with, Game, NoTrace, TextbookOptions};
use crate::side::Side;
use rand::Rng;

/// Boards up to this many cells are searched full width.
pub const FULL_WIDTH_CELLS: usize = 49;

/// Depth-limited alpha-beta on one board representation within `controls` (a stopped search
/// answers [`SearchError::Stopped`], never a move it did not finish weighing).
pub(super) fn bounded_on<B: BitSet>(
    pos: &Position<B>,
    depth: u32,
    explain: bool,
    controls: &Controls,
    rng: &mut impl Rng,
) -> Result<Thought, SearchError> {
    let cells = pos.rules().cells();
    let mut game = BoardGame {
        pos: pos.clone(),
        scoring: Scoring::Distance,
        order: if cells > FULL_WIDTH_CELLS {
            MoveOrder::InformedNear(NEAR_RADIUS)
        } else {
            MoveOrder::Informed
        },
        evaluator: Evaluator::OpenLines,
    };
    // The textbook search values positions from x's point of view.
    let sign = if pos.to_move() == Side::X { 1 } else { -1 };
    let stones = pos.stone_count();
    let method = Method::Search { depth };
    if !explain {
        let limits = TextbookOptions {
            depth: Some(depth),
            all_best: true,
        };
        let result = alphabeta_with(&mut game, limits, controls, &mut NoTrace)?;
        let mut best = result.best_moves.clone();
        best.sort_unstable();
        let verdict = Verdict::from_score(sign * result.value, stones, result.exact());
        return Ok(Thought {
            cell: best[rng.gen_range(0..best.len())],
            best,
            verdict: Some(verdict),
            candidates: Vec::new(),
            unmeasured_losses: Vec::new(),
            nodes: result.stats.nodes,
            method,
        });
    }
    // Explaining: search each candidate's reply tree with the full window so every value is
    // exact for this depth (the root's own pruning would leave some as mere bounds).
    let mut moves = Vec::new();
    game.moves(&mut moves);
    let mut nodes = 1;
    let mut valued: Vec<(Score, Candidate)> = Vec::new();
    for cell in moves {
        game.play(cell);
        let limits = TextbookOptions {
            depth: Some(depth - 1),
            all_best: false,
        };
        let result = alphabeta_with(&mut game, limits, controls, &mut NoTrace);
        game.undo();
        let result = result?;
        nodes += result.stats.nodes;
        let score = sign * result.value;
        let verdict = Verdict::from_score(score, stones, result.exact());
        valued.push((score, Candidate { cell, verdict }));
    }
    valued.sort_by_key(|(score, c)| (std::cmp::Reverse(*score), c.cell));
    let top = valued.first().map_or(0, |v| v.0);
    let best: Vec<usize> = {
        let mut b: Vec<usize> = valued
            .iter()
            .filter(|(s, _)| *s == top)
            .map(|(_, c)| c.cell)
            .collect();
        b.sort_unstable();
        b
    };
    Ok(Thought {
        cell: best[rng.gen_range(0..best.len())],
        best,
        verdict: Some(valued[0].1.verdict),
        candidates: valued.into_iter().map(|(_, c)| c).collect(),
        unmeasured_losses: Vec::new(),
        nodes,
        method,
    })
}
