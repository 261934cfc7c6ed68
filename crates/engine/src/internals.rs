//! The engine's insides, for its benchmarks, its fuzz targets and its own integration tests
//! only (the `internals` feature): not part of the API, and free to change in any release.

pub use crate::ai::hard::CHECK_SHARE;
pub use crate::bits::{BitSet, Mid, Wide};
pub use crate::board_game::{BoardGame, MoveOrder, Scoring};
pub use crate::budget::{Budget, Controls, Deadline, Meter};
pub use crate::count::{count, estimate};
pub use crate::geometry::Geometry;
pub use crate::hard_search::pattern::Pattern;
pub use crate::hard_search::reductions::Reductions;
pub use crate::hard_search::search::EVAL_LIMIT;
pub use crate::hard_search::search::{Reason, Report};
pub use crate::hard_search::tactics::verdict;
pub use crate::hard_search::vcf::{find_vcf, VcfLimits};
pub use crate::hard_search::vct::{Vct, VctLimits, VctWin};
pub use crate::hard_search::weights::Weights;
pub use crate::hard_search::{HardLimits, Searcher, State};
pub use crate::position::Position;
pub use crate::score::{win_score, HEURISTIC_LIMIT, INFINITY, MATE};
pub use crate::solver::tt::Table;
pub use crate::solver::Solver;
pub use crate::threats::{scan, ThreatScan};

/// The one-word position of a board of up to 64 cells.
pub fn small(board: &crate::Board) -> Option<&Position<u64>> {
    board.as_small()
}

/// Minimax or alpha-beta on `board` (values from x's point of view), with the scoring, move
/// order and leaf estimate the differential tests vary.
pub fn textbook(
    board: &crate::Board,
    textbook: crate::search::TextbookSearch,
    limits: crate::search::TextbookOptions,
    scoring: Scoring,
    order: MoveOrder,
    evaluator: crate::Evaluator,
) -> crate::search::SearchResult<usize> {
    crate::exact::textbook(board, textbook, limits, scoring, order, evaluator)
}

/// The two-word position of a board of 65 to 128 cells.
pub fn mid(board: &crate::Board) -> Option<&Position<Mid>> {
    board.as_mid()
}

/// The position of a board of more than 64 cells in the eleven-word form (which boards of 65
/// to 128 cells used before [`Mid`]), so that tests compare the two forms' searches; its
/// history starts here.
pub fn wide(board: &crate::Board) -> Option<Position<Wide>> {
    if let Some(p) = board.as_wide() {
        return Some(p.clone());
    }
    let p = board.as_mid()?;
    let set = |s: Mid| Wide::from_words(s.words());
    Position::from_stones(
        Geometry::new(board.rules()),
        set(p.stones(crate::Side::X))?,
        set(p.stones(crate::Side::O))?,
        Some(board.to_move()),
    )
    .ok()
}
