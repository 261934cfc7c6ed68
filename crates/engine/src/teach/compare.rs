//! The same position solved four ways, to show what each idea saves: plain minimax, textbook
//! alpha-beta with cells in index order, alpha-beta with informed move ordering, and the full
//! solver (table, symmetry, threats). The textbook searches score game ends +1 / 0 / -1, as
//! in the classroom, and count every call, the root included; they run under a node budget
//! because nothing else stops them. Clocks belong to the caller: time each [`run`] yourself.

use super::events::CutCounter;
use crate::bits::BitSet;
use crate::board::{with_position, Board};
use crate::board_game::{BoardGame, MoveOrder, Scoring};
use crate::budget::{Controls, Exhausted};
use crate::error::SearchError;
use crate::eval::Evaluator;
use crate::exact::{self, algorithm::Algorithm};
use crate::go::Go;
use crate::position::Position;
use crate::score::{Score, Verdict, Wdl};
use crate::search::{self, TextbookOptions};
use crate::solver::SolverConfig;
use crate::time::TimeManager;

/// Table size the solver gets in a comparison, in MiB: plenty for the boards the textbook
/// searches can finish, and quick to allocate.
pub(crate) const SOLVER_HASH_MIB: usize = 64;

/// One row of a comparison: an algorithm, or alpha-beta in informed order (a row, not an
/// [`Algorithm`]: two rows are the same alpha-beta).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contender {
    /// Plain minimax, cells in index order.
    Minimax,
    /// Textbook alpha-beta, cells in index order.
    AlphaBeta,
    /// Textbook alpha-beta, wins first, then forced blocks, then central cells.
    AlphaBetaInformed,
    /// The exact solver: negamax, transposition table, symmetry, threats.
    Solver,
}

impl Contender {
    /// All four, in the order of the table.
    pub const ALL: [Contender; 4] = [
        Contender::Minimax,
        Contender::AlphaBeta,
        Contender::AlphaBetaInformed,
        Contender::Solver,
    ];

    /// The row title.
    pub fn title(self) -> &'static str {
        match self {
            Contender::Minimax => "minimax",
            Contender::AlphaBeta => "alpha-beta, cell order",
            Contender::AlphaBetaInformed => "alpha-beta, informed order",
            Contender::Solver => "solver (table, symmetry, threats)",
        }
    }

    /// The identifier used in JSON: the algorithm's own name ([`Algorithm::name`]), and
    /// `alphabeta-informed` for the row that is alpha-beta in another order.
    pub fn name(self) -> &'static str {
        match self {
            Contender::Minimax => Algorithm::Minimax.name(),
            Contender::AlphaBeta => Algorithm::AlphaBeta.name(),
            Contender::AlphaBetaInformed => "alphabeta-informed",
            Contender::Solver => Algorithm::Solver.name(),
        }
    }
}

/// The value a search's score gives the side to move.
fn wdl_of(score: Score) -> Wdl {
    match score.signum() {
        1 => Wdl::Win,
        -1 => Wdl::Loss,
        _ => Wdl::Draw,
    }
}

/// What one algorithm found, and the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Who ran.
    pub contender: Contender,
    /// Nodes searched, every call counted (the root included).
    pub nodes: u64,
    /// Alpha-beta cutoffs that pruned at least one child (textbook searches).
    pub cutoffs: u64,
    /// The value for the side to move; `None` when the node budget ran out first.
    pub value: Option<Wdl>,
    /// The solver's exact verdict with its distance (solver only).
    pub verdict: Option<Verdict>,
}

/// Runs one contender on `board` within what `limit` allows (a stop flag, a time): the
/// textbook searches also stop after `budget` nodes and then report no value (but their
/// work); the solver has no node budget. A raised stop flag or a passed time ends any of them
/// with [`SearchError::Stopped`]. Counters in `limit` see the work.
pub fn run(
    board: &Board,
    contender: Contender,
    budget: u64,
    limit: &Go,
) -> Result<Entry, SearchError> {
    let Controls {
        budget: limit,
        progress,
    } = TimeManager::new(limit).exact_controls();
    board.unfinished()?;
    let order = match contender {
        Contender::Minimax | Contender::AlphaBeta => MoveOrder::CellIndex,
        Contender::AlphaBetaInformed => MoveOrder::Informed,
        Contender::Solver => {
            let config = SolverConfig {
                hash_mib: SOLVER_HASH_MIB,
                ..SolverConfig::default()
            };
            let controls = Controls {
                budget: limit,
                progress,
            };
            let report = exact::solve_within(board, Algorithm::Solver, config, controls)?;
            return Ok(Entry {
                contender,
                nodes: report.nodes,
                cutoffs: 0,
                value: Some(match report.verdict {
                    Verdict::Win(_) => Wdl::Win,
                    Verdict::Loss(_) => Wdl::Loss,
                    _ => Wdl::Draw,
                }),
                verdict: Some(report.verdict),
            });
        }
    };
    let minimax = contender == Contender::Minimax;
    let controls = Controls {
        budget: limit.with_node_limit(budget),
        progress,
    };
    let (value, stats) = with_position!(board, p => textbook(p, minimax, order, &controls));
    let value = match value {
        Ok(value) => Some(wdl_of(board.for_side_to_move(value))),
        Err(SearchError::Stopped(Exhausted::Nodes)) => None,
        Err(err) => return Err(err),
    };
    Ok(Entry {
        contender,
        nodes: stats.nodes,
        cutoffs: stats.cutoffs,
        value,
        verdict: None,
    })
}

/// A +1 / 0 / -1 textbook search (x's view) within `controls`; its value, or why it
/// stopped, and its work either way.
fn textbook<B: BitSet>(
    pos: &Position<B>,
    minimax: bool,
    order: MoveOrder,
    controls: &Controls,
) -> (Result<Score, SearchError>, search::Stats) {
    let mut game = BoardGame {
        pos: pos.clone(),
        scoring: Scoring::WinLoss,
        order,
        evaluator: Evaluator::Zero,
    };
    let limits = TextbookOptions {
        depth: None,
        all_best: false,
    };
    let mut cuts = CutCounter::default();
    let (result, stopped) = if minimax {
        search::minimax_walk(&mut game, limits, controls, &mut cuts)
    } else {
        search::alphabeta_walk(&mut game, limits, controls, &mut cuts)
    };
    let stats = search::Stats {
        cutoffs: cuts.cutoffs,
        ..result.stats
    };
    match stopped {
        Some(why) => (Err(SearchError::Stopped(why)), stats),
        None => (Ok(result.value), stats),
    }
}

/// Whether every finished entry found the same value.
pub fn agree(entries: &[Entry]) -> bool {
    let mut values = entries.iter().filter_map(|e| e.value);
    match values.next() {
        Some(first) => values.all(|v| v == first),
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::Go;

    #[test]
    fn empty_tic_tac_toe_reproduces_the_textbook_counts() {
        let board = Board::new(Rules::tic_tac_toe());
        let unlimited = Go::default;
        let mm = run(&board, Contender::Minimax, u64::MAX, &unlimited()).unwrap();
        let ab = run(&board, Contender::AlphaBeta, u64::MAX, &unlimited()).unwrap();
        assert_eq!(mm.nodes, 549_946);
        assert_eq!(ab.nodes, 18_297);
        let all: Vec<Entry> = Contender::ALL
            .iter()
            .map(|&c| run(&board, c, u64::MAX, &unlimited()).unwrap())
            .collect();
        assert!(agree(&all));
        assert!(all.iter().all(|e| e.value == Some(Wdl::Draw)));
        // Better ordering and the solver each save work.
        assert!(all[2].nodes < all[1].nodes);
        assert!(all[3].nodes < all[2].nodes);
    }

    #[test]
    fn the_budget_stops_a_search_without_a_value() {
        let board = Board::new(Rules::tic_tac_toe());
        let e = run(&board, Contender::Minimax, 1_000, &Go::default()).unwrap();
        assert_eq!(e.value, None);
        // Stopped as it entered the node past the budget.
        assert_eq!(e.nodes, 1_001);
        let exact = run(&board, Contender::Minimax, 549_946, &Go::default()).unwrap();
        assert_eq!(exact.value, Some(Wdl::Draw));
    }

    #[test]
    fn a_raised_stop_flag_stops_the_solver() {
        let board = Board::new(Rules::new(5, 5, Some(4)).unwrap());
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let go = Go::default().with_stop(stop);
        let err = run(&board, Contender::Solver, u64::MAX, &go).unwrap_err();
        assert_eq!(err, SearchError::Stopped(Exhausted::Stopped));
    }
}
