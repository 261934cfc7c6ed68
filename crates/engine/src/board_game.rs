//! A board position seen through the [`Game`] trait, so the textbook searches run on real
//! m,n,k positions. X is MAX.

use crate::bits::BitSet;
use crate::eval::Evaluator;
use crate::position::Position;
use crate::score::{win_score, Score};
use crate::search::Game;
use crate::side::{Outcome, Side};

/// How game ends are scored for the textbook searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scoring {
    /// Distance-aware: a win sooner is worth more (the engine's exact scores).
    #[default]
    Distance,
    /// The classroom +1 / 0 / -1, which ignores how long a win takes.
    WinLoss,
}

/// In which order a node's moves are searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MoveOrder {
    /// Cells by index, row by row from the top-left (the textbook order).
    #[default]
    CellIndex,
    /// Immediate wins, then forced blocks, then cells on many lines near the centre.
    Informed,
    /// [`MoveOrder::Informed`] over the empty cells within this many king moves of a stone
    /// only (the most central cells on an empty board): the big boards' `depth:N` levels.
    InformedNear(usize),
}

/// The value of a finished position from x's point of view (MAX), or `None` while the game
/// goes on; every search that sees a board as a [`Game`] scores game ends with it.
pub fn terminal_value<B: BitSet>(pos: &Position<B>, scoring: Scoring) -> Option<Score> {
    let won = match scoring {
        Scoring::Distance => win_score(pos.stone_count()),
        Scoring::WinLoss => 1,
    };
    match pos.outcome()? {
        Outcome::Win(Side::X) => Some(won),
        Outcome::Win(Side::O) => Some(-won),
        Outcome::Draw => Some(0),
    }
}

/// A position plus the choices that turn it into a searchable game.
pub struct BoardGame<B: BitSet> {
    /// The position searched (moved through and restored by the search).
    pub pos: Position<B>,
    /// How game ends are scored.
    pub scoring: Scoring,
    /// Move order.
    pub order: MoveOrder,
    /// Leaf estimate at the depth limit.
    pub evaluator: Evaluator,
}

impl<B: BitSet> BoardGame<B> {
    /// A game over `pos` with distance-aware scores, textbook order and open-lines estimates.
    #[cfg(any(test, feature = "internals"))]
    pub fn new(pos: Position<B>) -> Self {
        BoardGame {
            pos,
            scoring: Scoring::default(),
            order: MoveOrder::default(),
            evaluator: Evaluator::default(),
        }
    }
}

impl<B: BitSet> Game for BoardGame<B> {
    type Move = usize;

    fn moves(&self, out: &mut Vec<usize>) {
        let legal = self.pos.legal_moves();
        match self.order {
            MoveOrder::CellIndex => out.extend(legal.cells()),
            MoveOrder::Informed => crate::solver::ordering::informed_order(&self.pos, legal, out),
            MoveOrder::InformedNear(radius) => {
                crate::solver::ordering::informed_order(&self.pos, near(&self.pos, radius), out)
            }
        }
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
        terminal_value(&self.pos, self.scoring)
    }

    fn heuristic_value(&self) -> Score {
        self.evaluator.evaluate(&self.pos, Side::X)
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
