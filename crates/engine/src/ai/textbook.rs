//! The `depth:N` levels: textbook alpha-beta N plies deep with the open-lines estimate at the
//! horizon, as in the seed programs, over a view of the position (`Focused`) that on boards
//! of more than [`FULL_WIDTH_CELLS`] cells considers only the empty cells within
//! `NEAR_RADIUS` of a stone, which keeps a 15x15 move quick.

use super::thought::{Candidate, Method, Thought};
use crate::bits::BitSet;
use crate::board_game::Scoring;
use crate::budget::Controls;
use crate::error::SearchError;
use crate::eval::Evaluator;
use crate::geometry::NEAR_RADIUS;
use crate::position::Position;
use crate::score::{Score, Verdict};
use crate::search::{alphabeta_with, Game, NoTrace, TextbookOptions};
use crate::side::Side;
use crate::solver::ordering::informed_order;
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
    let mut game = Focused {
        pos: pos.clone(),
        radius: (cells > FULL_WIDTH_CELLS).then_some(NEAR_RADIUS),
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

/// A position as the bounded search sees it (see the module documentation).
struct Focused<B: BitSet> {
    pos: Position<B>,
    radius: Option<usize>,
}

impl<B: BitSet> Game for Focused<B> {
    type Move = usize;

    fn moves(&self, out: &mut Vec<usize>) {
        let legal = self.pos.legal_moves();
        let candidates = match self.radius {
            Some(r) => near(&self.pos, r),
            None => legal,
        };
        informed_order(&self.pos, candidates, out);
    }

    fn play(&mut self, mv: usize) {
        self.pos.play_unchecked(mv);
    }

    fn undo(&mut self) {
        self.pos.undo_unchecked();
    }

    fn maximizing(&self) -> bool {
        self.pos.to_move() == Side::X
    }

    fn terminal_value(&self) -> Option<Score> {
        crate::board_game::terminal_value(&self.pos, Scoring::Distance)
    }

    fn heuristic_value(&self) -> Score {
        Evaluator::OpenLines.evaluate(&self.pos, Side::X)
    }
}

/// Empty cells within `radius` king moves of a stone; the most central cells on an empty board.
fn near<B: BitSet>(pos: &Position<B>, radius: usize) -> B {
    let rules = pos.rules();
    let empty = pos.empty_cells();
    let mut out = B::default();
    for cell in pos.occupied().cells() {
        let (col, row) = rules.col_row(cell);
        for r in row.saturating_sub(radius)..=(row + radius).min(rules.height() - 1) {
            for c in col.saturating_sub(radius)..=(col + radius).min(rules.width() - 1) {
                out = out.with(rules.cell(c, r));
            }
        }
    }
    out = out.and(empty);
    if out.is_empty() {
        // The empty board (or, in theory, no empty cell near any stone).
        for &c in pos.geometry().centre_order().iter().take(9) {
            if empty.contains(c as usize) {
                out = out.with(c as usize);
            }
        }
        if out.is_empty() {
            out = empty;
        }
    }
    out
}
